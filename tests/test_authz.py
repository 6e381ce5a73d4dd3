"""Role authorization, decided by pure functions: tables of principal, ability and grants against the decision."""

from __future__ import annotations

import pytest

from broker.authz import (Grants, Principal, Role, check_grants, check_readers, credentials, local_principal, may_call,
                          may_control, may_declare_reflex, may_read_owners_words, may_register, may_report,
                          remote_principal)

ADMIN_KEY = remote_principal("admin:ops")
CLIENT = remote_principal("client:laptop")
CI = remote_principal("client:ci")
ORGAN = remote_principal("organ:gpu")
LOCAL = local_principal("localhost:1000:1000:4242", owner_uid=1000)
ROOT = local_principal("localhost:0:0:4243", owner_uid=1000)
STRANGER = local_principal("localhost:1001:1001:4244", owner_uid=1000)
NO_CREDENTIALS = local_principal("", owner_uid=1000)
WRITES = Grants(abilities={"write_file": ("client:ci",)})
SHELL_FOR_CLIENTS = Grants(organ=("client",))
SHELL_FOR_GPU = Grants(abilities={"run": ("organ:gpu",)})

CALLS = [
    # who, organ, ability, read_only, grants, allowed, words of the rule
    (LOCAL, "shell", "run", False, Grants(), True, "admin"),
    (ROOT, "fs", "write_file", False, Grants(), True, "admin"),
    (ADMIN_KEY, "shell", "run", False, Grants(), True, "admin"),
    (STRANGER, "fs", "read_file", True, Grants(), False, "another user may call nothing"),
    (NO_CREDENTIALS, "fs", "read_file", True, Grants(), False, "may call nothing"),
    (CLIENT, "fs", "read_file", True, Grants(), True, "read-only abilities"),
    (CLIENT, "fs", "write_file", False, Grants(), False, "only read-only abilities, and fs.write_file is not"),
    (CLIENT, "shell", "run", False, Grants(), False, 'allow_abilities = { run = ["client"] }'),
    (CLIENT, "fs", "write_file", False, WRITES, False, "only read-only"),
    (CI, "fs", "write_file", False, WRITES, True, "allow_abilities.write_file grants client keys"),
    (CLIENT, "shell", "run", False, SHELL_FOR_CLIENTS, True, "[organs.shell] allow grants client keys"),
    (ORGAN, "fs", "read_file", True, Grants(), False, "organ keys may call nothing unless granted"),
    (ORGAN, "shell", "run", False, SHELL_FOR_CLIENTS, False, "organ keys may call nothing"),
    (ORGAN, "shell", "run", False, SHELL_FOR_GPU, True, "allow_abilities.run grants organ keys"),
    (remote_principal("organ:other"), "shell", "run", False, SHELL_FOR_GPU, False, "organ:other"),
    (remote_principal("root:x"), "fs", "read_file", True, Grants(organ=("client",)), False, "may call nothing"),
]


@pytest.mark.parametrize("who, organ, ability, read_only, grants, allowed, rule", CALLS)
def test_a_call_is_allowed_only_as_the_table_says_and_the_decision_names_its_rule(who, organ, ability, read_only,
                                                                                 grants, allowed, rule):
    decision = may_call(who, organ, ability, read_only, grants)
    assert decision.allowed is allowed
    assert rule in decision.rule


@pytest.mark.parametrize("who, command, allowed", [
    (LOCAL, "stop", True), (ADMIN_KEY, "kill", True), (CLIENT, "status", True), (CLIENT, "expose", True),
    (CLIENT, "stop", False), (CLIENT, "instruction", False), (ORGAN, "status", False), (ORGAN, "stop", False),
    (STRANGER, "status", False),
])
def test_control_commands_need_admin_except_reading_the_state_with_a_client_key(who, command, allowed):
    assert may_control(who, command).allowed is allowed


@pytest.mark.parametrize("who, organ, supervised, spawned, token_ok, allowed", [
    (LOCAL, "fs", True, 4242, True, True),  # the spawned process itself
    (LOCAL, "fs", True, 9999, True, False),  # the right token from another process (stolen)
    (LOCAL, "fs", True, 4242, False, False),  # the right process, a wrong token (a pid reused)
    (LOCAL, "fs", True, None, True, False),  # the organ is not running
    (NO_CREDENTIALS, "fs", True, 4242, True, False),  # the kernel did not say who it is
    (STRANGER, "fs", False, None, False, False),
    (LOCAL, "notes", False, None, False, True),  # external, local: the owner's process
    (ORGAN, "gpu", False, None, False, True),
    (ORGAN, "fs", False, None, False, False),  # another organ's name
    (ORGAN, "gpu", True, 4242, True, False),  # a supervised organ never registers from afar
    (CLIENT, "laptop", False, None, False, False),
    (ADMIN_KEY, "ops", False, None, False, False),
])
def test_registration_needs_the_kernels_pid_of_the_spawned_process_or_the_organs_own_key(
        who, organ, supervised, spawned, token_ok, allowed):
    assert may_register(who, organ, supervised, spawned, token_ok).allowed is allowed


def test_a_refused_registration_never_tells_the_real_pid():
    rule = may_register(LOCAL, "fs", True, 31337, True).rule
    assert "31337" not in rule and "4242" not in rule


@pytest.mark.parametrize("address, expected", [
    ("localhost:1000:1000:4242", (4242, 1000, 1000)), (":0:0:1", (1, 0, 0)), ("127.0.0.1", None), ("", None),
    ("localhost:x:1:2", None),
])
def test_credentials_are_read_from_libzmqs_ipc_peer_address(address, expected):
    assert credentials(address) == expected


def test_a_local_principal_is_admin_only_for_the_owner_or_root_and_carries_the_kernels_pid():
    assert (LOCAL.role, LOCAL.pid, LOCAL.uid) == (Role.ADMIN, 4242, 1000)
    assert ROOT.role == Role.ADMIN and STRANGER.role == Role.NOBODY and NO_CREDENTIALS.role == Role.NOBODY
    assert remote_principal("client:laptop") == Principal(Role.CLIENT, "laptop", remote=True)


@pytest.mark.parametrize("entries, bad", [
    (["client", "organ", "client:ci", "organ:gpu-1"], ""), (["admin"], "admin"), (["client:Bad"], "client:Bad"),
    ([3], "3"), (["nobody"], "nobody"),
])
def test_grant_entries_name_a_role_or_one_key(entries, bad):
    assert check_grants(entries) == bad


@pytest.mark.parametrize("entries, bad", [
    (["admin", "client", "organ", "client:ci", "organ:gpu-1", "admin:ops"], ""), (["clients"], "clients"),
    (["nobody"], "nobody"), (["client:Bad"], "client:Bad"), ([3], "3"),
])
def test_remote_events_entries_name_a_role_or_one_key_admin_included(entries, bad):
    assert check_readers(entries) == bad


@pytest.mark.parametrize("who, readers, allowed, rule", [
    (LOCAL, (), True, "local processes"), (ROOT, (), True, "local processes"),
    (STRANGER, ("client",), False, "another user"), (NO_CREDENTIALS, ("client",), False, "may not read"),
    (ORGAN, (), False, 'remote_events = ["organ"]'), (CLIENT, (), False, 'remote_events = ["client"]'),
    (ADMIN_KEY, (), False, 'remote_events = ["admin"]'),  # an admin key too: reading is its own grant
    (CLIENT, ("client",), True, "names client keys"), (ORGAN, ("client",), False, "the organ key 'gpu'"),
    (CI, ("client:ci",), True, "names the key client:ci"), (CLIENT, ("client:ci",), False, "may not read"),
    (remote_principal("nobody:x"), ("nobody",), False, "may not read"),
])
def test_the_owners_words_go_to_local_admin_and_to_the_keys_remote_events_names_only(who, readers, allowed, rule):
    decision = may_read_owners_words(who, readers)

    assert decision.allowed is allowed and rule in decision.rule


@pytest.mark.parametrize("who, allowed", [(LOCAL, True), (ROOT, True), (ADMIN_KEY, False), (CLIENT, False),
                                          (ORGAN, False), (STRANGER, False), (NO_CREDENTIALS, False)])
def test_the_front_doors_counts_are_taken_from_the_owners_local_processes_only(who, allowed):
    decision = may_report(who)

    assert decision.allowed is allowed
    assert allowed or "only the owner's local processes may" in decision.rule


def test_a_client_key_may_expose_but_not_pin_abilities_into_the_meshs_shared_exposure():
    assert may_control(CLIENT, "expose", {"intent": "read a file", "recent": ["fs.read_file"]}).allowed
    assert may_control(CLIENT, "expose", {"pin": []}).allowed  # pins nothing
    pinned = may_control(CLIENT, "expose", {"intent": "x", "pin": ["shell.run"]})
    assert not pinned.allowed and "pinning abilities" in pinned.rule and "recent" in pinned.rule
    assert may_control(LOCAL, "expose", {"pin": ["shell.run"]}).allowed
    assert may_control(ADMIN_KEY, "expose", {"pin": ["shell.run"]}).allowed
    assert not may_control(ORGAN, "expose", {}).allowed


def test_a_client_key_may_not_ask_why_each_tool_is_exposed_since_the_reasons_quote_the_owners_past_instructions():
    asked = may_control(CLIENT, "expose", {"intent": "memo", "why": True})
    assert not asked.allowed and "past instructions" in asked.rule
    assert may_control(CLIENT, "expose", {"intent": "memo", "why": False}).allowed
    assert may_control(LOCAL, "expose", {"intent": "memo", "why": True}).allowed


@pytest.mark.parametrize("who, action, allowed", [
    (ORGAN, {"call": "gpu.probe", "args": {}}, True),  # its own ability
    (ORGAN, {"call": "fs.read_file", "args": {"path": "/etc/passwd"}}, False),  # the healer would call it
    (ORGAN, {"call": "gpux.probe"}, False),  # a prefix of its name is not its name
    (ORGAN, {"call": "flaky.probe"}, True),  # no organ of this mesh: never called (a module run under another name)
    (ORGAN, {"alert": {"level": "warn", "message": "x"}}, True),
    (LOCAL, {"call": "fs.read_file", "args": {}}, True),  # the owner's own organ process
    (ADMIN_KEY, {"call": "fs.read_file", "args": {}}, True),
    (ORGAN, "not a map", True),  # malformed actions are the healer's to reject, not a permission matter
])
def test_a_reflex_declared_by_an_organ_key_may_call_only_that_organs_abilities(who, action, allowed):
    decision = may_declare_reflex(who, "gpu", action, organs=("gpu", "gpux", "fs", "shell"))
    assert decision.allowed is allowed
    if not allowed:
        assert "only its own abilities" in decision.rule and "healer" in decision.rule


@pytest.mark.parametrize("who, grants, readers, allowed", [
    (CLIENT, Grants(), (), False),  # read-only, but its answers quote the owner's instructions and calls
    (CLIENT, Grants(), ("client",), True),
    (CLIENT, Grants(), ("client:ci",), False),
    (CI, Grants(), ("client:ci",), True),
    (CLIENT, Grants(abilities={"cards": ("client:laptop",)}), (), True),  # a grant is the owner's word too
    (ORGAN, Grants(), ("organ",), False),  # named, but organ keys call nothing ungranted
    (ADMIN_KEY, Grants(), (), True),
    (local_principal("localhost:1001:1001:4244", owner_uid=1000), Grants(), (), False),  # another user
])
def test_an_ability_that_answers_with_the_owners_words_is_for_the_keys_remote_events_names_or_a_grant(
        who, grants, readers, allowed):
    decision = may_call(who, "memory", "cards", True, grants, owners_words=True, readers=readers)
    assert decision.allowed is allowed, decision.rule
    assert may_call(CLIENT, "memory", "status", True, Grants()).allowed  # counts only: no owner's words
