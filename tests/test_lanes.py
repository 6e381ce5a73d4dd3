"""Lane decisions, without a socket: who gets a lane, when lanes close, and the switch."""

from __future__ import annotations

from broker.authz import Grants, Principal, Role
from broker.lanes import lanes_enabled, may_grant, should_revoke
from broker.protocol import Ability
from broker.vocab import BreakerState, OrganState

LOCAL_ADMIN = Principal(Role.ADMIN, pid=10, uid=1000)
NO_GRANTS = Grants()
READ, WRITE = Ability(name="read", read_only=True), Ability(name="write")
LANE = "ipc:///run/m/lane-42.sock"


def grant(who=LOCAL_ADMIN, lane=LANE, state=OrganState.UP, breaker=BreakerState.CLOSED, abilities=(READ, WRITE),
          grants=NO_GRANTS, enabled=True) -> bool:
    return may_grant(enabled, who, "fs", lane, state, breaker, abilities, grants)


def test_a_local_admin_gets_a_lane_to_a_healthy_organ_that_has_one():
    assert grant()


def test_no_lane_when_lanes_are_off_or_the_organ_has_none():
    assert not grant(enabled=False)
    assert not grant(lane="")


def test_a_remote_key_never_gets_a_lane_even_an_admin_one():
    assert not grant(who=Principal(Role.ADMIN, "ops", remote=True))


def test_a_client_not_allowed_every_ability_of_the_organ_gets_no_lane():
    client = Principal(Role.CLIENT, "ci")
    assert not grant(who=client)  # write is not read-only and not granted
    assert not grant(who=Principal(Role.NOBODY, pid=3, uid=2000))


def test_a_client_allowed_every_ability_would_get_one_were_it_local():
    local_client = Principal(Role.CLIENT, "ci")
    assert grant(who=local_client, grants=Grants(organ=("client",)))
    assert grant(who=local_client, abilities=(READ,))


def test_an_organ_not_up_or_with_a_breaker_not_closed_gets_no_lane():
    assert not grant(state=OrganState.LOST)
    assert not grant(state=OrganState.FATAL)
    assert not grant(breaker=BreakerState.OPEN)
    assert not grant(breaker=BreakerState.HALF_OPEN)


def test_lanes_close_whenever_the_heart_would_refuse_calls():
    assert not should_revoke(OrganState.UP, BreakerState.CLOSED, LANE)
    assert should_revoke(OrganState.UP, BreakerState.OPEN, LANE)
    assert should_revoke(OrganState.UP, BreakerState.HALF_OPEN, LANE)
    assert should_revoke(OrganState.RESTARTING, BreakerState.CLOSED, LANE)
    assert should_revoke(OrganState.UP, BreakerState.CLOSED, "")


def test_the_environment_overrides_the_mesh_file_either_way():
    assert lanes_enabled(False, "1") and lanes_enabled(False, "true")
    assert not lanes_enabled(True, "0") and not lanes_enabled(True, "off")
    assert lanes_enabled(True, None) and not lanes_enabled(False, "")
