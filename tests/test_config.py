"""The mesh file: what parses, and how every mistake is named by file, line and key."""

from __future__ import annotations

import re
from importlib import resources

import pytest

from broker import config
from broker.config import HeartConfig, OrganSpec
from broker.errors import ConfigError

SOURCE = "mesh.toml"

FULL_EXAMPLE = """\
# every option the mesh file knows
[heart]
router = "tcp://127.0.0.1:5555"
blood = "ipc:///tmp/mesh/blood"
metrics = "0.0.0.0:9464"
workdir = "/srv/project"
beat_s = 0.5
beat_max_s = 4
quiet_after_s = 20.0
heartbeat_s = 0.25
liveness = 4
hang_kill_s = 8.0
call_timeout_s = 15.0
light_after_s = 60.0
deep_after_s = 240.0
alert_ttl_s = 12.5
max_frame_bytes = 1048576

[organs.fs]
module = "actors.organs.fs"
env = { LANG = "C.UTF-8", TZ = "UTC" }
cwd = "/srv/project"
options = { root = "/srv/project", max_bytes = 65536 }
restart = "transient"
max_restarts = 7
restart_window_s = 30
backoff_initial_s = 0.0
backoff_max_s = 2.5
stable_after_s = 0
stop_timeout_s = 3.0

[organs.web-search_2]
mcp = ["npx", "-y", "@example/search-mcp"]
restart = "temporary"

[organs.editor]
external = true
"""


def _error(text: str) -> str:
    with pytest.raises(ConfigError) as caught:
        config.parse(text, SOURCE)
    return str(caught.value)


def _organ(body: str, name: str = "fs") -> str:
    return f"# a mesh\n[organs.{name}]\n{body}\n"


def _heart(body: str) -> str:
    return f"# a mesh\n[heart]\n{body}\n"


# -- what parses ---------------------------------------------------------------------------

def test_the_built_in_default_mesh_parses():
    text = resources.files("actors").joinpath("default_mesh.toml").read_text(encoding="utf-8")

    mesh = config.parse(text, "default_mesh.toml")

    assert [o.name for o in mesh.organs] == ["healer", "memory", "fs", "shell"]
    assert mesh.organ("fs").module == "actors.organs.fs"
    assert all(o.supervised and o.restart == "permanent" for o in mesh.organs)
    assert mesh.heart.beat_s <= mesh.heart.beat_max_s


def test_an_empty_file_gives_the_default_heart_and_no_organs():
    mesh = config.parse("", SOURCE)

    assert mesh.heart == HeartConfig()
    assert mesh.organs == ()
    assert mesh.source == SOURCE


def test_a_full_example_parses_with_every_heart_and_organ_option():
    mesh = config.parse(FULL_EXAMPLE, SOURCE)

    assert mesh.heart == HeartConfig(
        router="tcp://127.0.0.1:5555", blood="ipc:///tmp/mesh/blood", metrics="0.0.0.0:9464",
        workdir="/srv/project", beat_s=0.5, beat_max_s=4.0, quiet_after_s=20.0, heartbeat_s=0.25,
        liveness=4, hang_kill_s=8.0, call_timeout_s=15.0, light_after_s=60.0, deep_after_s=240.0,
        alert_ttl_s=12.5, max_frame_bytes=1048576)
    assert mesh.organ("fs") == OrganSpec(
        name="fs", module="actors.organs.fs", env={"LANG": "C.UTF-8", "TZ": "UTC"}, cwd="/srv/project",
        options={"root": "/srv/project", "max_bytes": 65536}, restart="transient", max_restarts=7,
        restart_window_s=30.0, backoff_initial_s=0.0, backoff_max_s=2.5, stable_after_s=0.0,
        stop_timeout_s=3.0)
    search = mesh.organ("web-search_2")
    assert search.mcp == ("npx", "-y", "@example/search-mcp")
    assert search.restart == "temporary" and search.supervised
    assert not mesh.organ("editor").supervised
    assert mesh.organ("nobody") is None


def test_integers_given_for_float_options_become_floats():
    mesh = config.parse(FULL_EXAMPLE, SOURCE)

    assert type(mesh.heart.beat_max_s) is float
    assert type(mesh.organ("fs").restart_window_s) is float


def test_the_organs_keep_the_order_of_the_file():
    mesh = config.parse(FULL_EXAMPLE, SOURCE)

    assert [o.name for o in mesh.organs] == ["fs", "web-search_2", "editor"]


def test_load_reads_a_file_and_names_it_as_the_source(tmp_path):
    path = tmp_path / "mesh.toml"
    path.write_text(FULL_EXAMPLE, encoding="utf-8")

    mesh = config.load(path)

    assert mesh.source == str(path)
    assert mesh.organ("fs").max_restarts == 7


def test_load_of_a_missing_file_raises_config_error_naming_it(tmp_path):
    path = tmp_path / "absent.toml"

    with pytest.raises(ConfigError, match=re.escape(str(path)) + r": cannot read"):
        config.load(path)


def test_load_names_the_file_in_a_validation_error(tmp_path):
    path = tmp_path / "mesh.toml"
    path.write_text(_heart("liveness = 0"), encoding="utf-8")

    with pytest.raises(ConfigError, match=re.escape(f"{path}:3: heart.liveness")):
        config.load(path)


# -- what is refused -----------------------------------------------------------------------

# name, text, expected "file:line: key" prefix (line None: no line to find), words the message must hold
BAD = [
    ("toml syntax error", _heart("beat_s = "), "mesh.toml:", ["line 3"]),
    ("unknown top-level key", 'colour = "red"\n', "mesh.toml:1: colour:", ["unknown key", "known: heart, organs"]),
    ("unknown heart key", _heart("beat_ms = 2.0"), "mesh.toml:3: heart.beat_ms:",
     ["unknown key", "did you mean 'beat_s'?"]),
    ("unknown organ key", _organ('module = "m"\nrestrat = "permanent"'), "mesh.toml:4: organs.fs.restrat:",
     ["unknown key", "did you mean 'restart'?"]),
    ("organ name as a key", _organ('module = "m"\nname = "other"'), "mesh.toml:4: organs.fs.name:",
     ["unknown key"]),
    ("bad restart policy", _organ('module = "m"\nrestart = "always"'), "mesh.toml:4: organs.fs.restart:",
     ["permanent, transient, temporary"]),
    ("no kind of organ", _organ('restart = "permanent"'), "mesh.toml:2: organs.fs:", ["exactly one of"]),
    ("module and external", _organ('module = "m"\nexternal = true'), "mesh.toml:2: organs.fs:",
     ["exactly one of"]),
    ("module and mcp", _organ('module = "m"\nmcp = ["cmd"]'), "mesh.toml:2: organs.fs:", ["exactly one of"]),
    ("external false alone", _organ("external = false"), "mesh.toml:2: organs.fs:", ["exactly one of"]),
    ("empty module alone", _organ('module = ""'), "mesh.toml:2: organs.fs:", ["exactly one of"]),
    ("organ name with a capital", _organ('module = "m"', name="Fs"), "mesh.toml:2: organs.Fs:",
     ["organ names"]),
    ("organ name starting with a digit", _organ('module = "m"', name="1fs"), "mesh.toml:2: organs.1fs:",
     ["organ names"]),
    ("organ name of 33 characters", _organ('module = "m"', name="a" * 33), f"mesh.toml:2: organs.{'a' * 33}:",
     ["organ names"]),
    ("reserved organ name", _organ('module = "m"', name="heart"), "mesh.toml:2: organs.heart:",
     ["heart, mesh"]),
    ("organ not a table", "[organs]\nfs = 3\n", "mesh.toml:2: organs.fs:", ["must be a table"]),
    ("heart not a table", "heart = 3\n", "mesh.toml:1: heart:", ["must be a table"]),
    ("bool where int", _heart("liveness = true"), "mesh.toml:3: heart.liveness:", ["an integer", "True"]),
    ("float where int", _organ('module = "m"\nmax_restarts = 2.5'), "mesh.toml:4: organs.fs.max_restarts:",
     ["an integer"]),
    ("bool where float", _heart("beat_s = false"), "mesh.toml:3: heart.beat_s:", ["a number"]),
    ("string where float", _heart('beat_s = "1"'), "mesh.toml:3: heart.beat_s:", ["a number"]),
    ("int where str", _heart("router = 5555"), "mesh.toml:3: heart.router:", ["a string", "5555"]),
    ("string where bool", _organ('external = "yes"'), "mesh.toml:3: organs.fs.external:", ["true or false"]),
    ("string where list", _organ('mcp = "npx server"'), "mesh.toml:3: organs.fs.mcp:",
     ["non-empty list of strings"]),
    ("empty mcp list", _organ("mcp = []"), "mesh.toml:3: organs.fs.mcp:", ["non-empty list of strings"]),
    ("mcp list with an empty string", _organ('mcp = ["npx", ""]'), "mesh.toml:3: organs.fs.mcp:",
     ["non-empty list of strings"]),
    ("env not a table", _organ('module = "m"\nenv = "A=1"'), "mesh.toml:4: organs.fs.env:", ["a table"]),
    ("env value not a string", _organ('module = "m"\nenv = { A = 1 }'), "mesh.toml:4: organs.fs.env:",
     ["values must be strings"]),
    ("zero beat", _heart("beat_s = 0"), "mesh.toml:3: heart.beat_s:", ["must be from 0.01"]),
    ("negative heartbeat", _heart("heartbeat_s = -0.5"), "mesh.toml:3: heart.heartbeat_s:", ["must be from 0.01"]),
    ("zero max frame bytes", _heart("max_frame_bytes = 0"), "mesh.toml:3: heart.max_frame_bytes:",
     ["must be from 65536"]),
    ("zero liveness", _heart("liveness = 0"), "mesh.toml:3: heart.liveness:", ["must be from 1 to"]),
    ("beat_max_s below beat_s", _heart("beat_s = 2.0\nbeat_max_s = 1.0"), "mesh.toml:4: heart.beat_max_s:",
     ["at least beat_s"]),
    ("deep sleep before light sleep", _heart("light_after_s = 100\ndeep_after_s = 50"),
     "mesh.toml:4: heart.deep_after_s:", ["at least light_after_s"]),
    ("http router", _heart('router = "http://127.0.0.1:5555"'), "mesh.toml:3: heart.router:",
     ["ipc:// or tcp://"]),
    ("blood without a scheme", _heart('blood = "/tmp/blood"'), "mesh.toml:3: heart.blood:",
     ["ipc:// or tcp://"]),
    ("metrics without a port", _heart('metrics = "localhost"'), "mesh.toml:3: heart.metrics:", ["HOST:PORT"]),
    ("metrics without a host", _heart('metrics = ":9464"'), "mesh.toml:3: heart.metrics:", ["HOST:PORT"]),
    ("metrics with a named port", _heart('metrics = "localhost:http"'), "mesh.toml:3: heart.metrics:",
     ["HOST:PORT"]),
    ("metrics port too high", _heart('metrics = "localhost:65536"'), "mesh.toml:3: heart.metrics:",
     ["HOST:PORT"]),
    ("zero max_restarts", _organ('module = "m"\nmax_restarts = 0'), "mesh.toml:4: organs.fs.max_restarts:",
     ["must be from 1 to"]),
    ("negative restart window", _organ('module = "m"\nrestart_window_s = -1'),
     "mesh.toml:4: organs.fs.restart_window_s:", ["must be from 0.01"]),
    ("zero stop timeout", _organ('module = "m"\nstop_timeout_s = 0'), "mesh.toml:4: organs.fs.stop_timeout_s:",
     ["must be from 0.01"]),
    ("negative initial backoff", _organ('module = "m"\nbackoff_initial_s = -0.1'),
     "mesh.toml:4: organs.fs.backoff_initial_s:", ["must be from 0 to"]),
    ("negative stable time", _organ('module = "m"\nstable_after_s = -1'), "mesh.toml:4: organs.fs.stable_after_s:",
     ["must be from 0 to"]),
    # values that are valid TOML and the right type, but would spin a core, overflow libzmq or crash a spawn
    ("a heartbeat of 1e-300 s", _heart("heartbeat_s = 1e-300"), "mesh.toml:3: heart.heartbeat_s:",
     ["must be from 0.01 to 60"]),
    ("a frame limit beyond any int64 buffer", _heart("max_frame_bytes = 9223372036854775807"),
     "mesh.toml:3: heart.max_frame_bytes:", ["must be from 65536 to 268435456"]),
    ("a stop timeout too large for a wait", _organ('module = "m"\nstop_timeout_s = 1e300'),
     "mesh.toml:4: organs.fs.stop_timeout_s:", ["must be from 0.01 to 3600"]),
    ("ten thousand retries", _heart("retry_attempts = 10000"), "mesh.toml:3: heart.retry_attempts:",
     ["must be from 1 to 10"]),
    ("an env name holding '='", _organ('module = "m"\nenv = { "A=B" = "x" }'), "mesh.toml:4: organs.fs.env:",
     ["'A=B' is not a variable name"]),
    ("a NUL in an env value", _organ('module = "m"\nenv = { A = "x\\u0000y" }'), "mesh.toml:4: organs.fs.env:",
     ["without NUL"]),
    ("a healer that is not declared", '[heart]\nhealer = "nope"\n[organs.fs]\nmodule = "m"\n',
     "mesh.toml:2: heart.healer:", ["names no declared organ (declared: fs)"]),
    ("a module name that is not one", _organ('module = "my-organ.py"'), "mesh.toml:3: organs.fs.module:",
     ["dotted Python module name"]),
    ("options holding a date", _organ('module = "m"\noptions = { since = 2024-01-01 }'),
     "mesh.toml:4: organs.fs.options:", ["no dates"]),
    ("options holding nan", _organ('module = "m"\noptions = { ratio = nan }'), "mesh.toml:4: organs.fs.options:",
     ["no nan or inf"]),
    ("retry backoff above its cap", _heart("retry_backoff_initial_s = 5\nretry_backoff_max_s = 1"),
     "mesh.toml:3: heart.retry_backoff_initial_s:", ["retry_backoff_max_s"]),
    ("initial backoff above the cap", _organ('module = "m"\nbackoff_initial_s = 5\nbackoff_max_s = 1'),
     "mesh.toml:4: organs.fs.backoff_initial_s:", ["backoff_max_s"]),
    # who may read the owner's words over tcp://
    ("a misspelt role in remote_events", _heart('events = "tcp://0.0.0.0:7702"\nremote_events = ["clients"]'),
     "mesh.toml:4: heart.remote_events:", ["'clients' is not a key", '"client"', "ROLE:KEYNAME"]),
    ("nobody in remote_events", _heart('events = "tcp://0.0.0.0:7702"\nremote_events = ["nobody"]'),
     "mesh.toml:4: heart.remote_events:", ["'nobody' is not a key"]),
    ("remote_events as a string", _heart('events = "tcp://0.0.0.0:7702"\nremote_events = "client"'),
     "mesh.toml:4: heart.remote_events:", ["non-empty list of strings"]),
    ("remote_events without an events endpoint", _heart('remote_events = ["client"]'),
     "mesh.toml:3: heart.remote_events:", ['needs the endpoint its keys subscribe to: events = "tcp://']),
    ("an events endpoint admitting no key", _heart('events = "tcp://0.0.0.0:7702"'), "mesh.toml:3: heart.events:",
     ['admits no key', 'remote_events = ["client"]']),
    ("a local events endpoint", _heart('events = "ipc:///tmp/e.sock"\nremote_events = ["client"]'),
     "mesh.toml:3: heart.events:", ["must be a tcp:// endpoint"]),
]


def test_remote_events_names_roles_or_keys_next_to_the_events_endpoint_they_are_admitted_to():
    heart = config.parse(_heart('events = "tcp://0.0.0.0:7702"\nremote_events = ["client", "organ:gpu", "admin"]'),
                         SOURCE).heart

    assert heart.events == "tcp://0.0.0.0:7702" and heart.remote_events == ("client", "organ:gpu", "admin")
    assert config.parse("", SOURCE).heart.remote_events == ()  # nobody remote reads the owner's words by default


@pytest.mark.parametrize("text, prefix, words", [c[1:] for c in BAD], ids=[c[0] for c in BAD])
def test_bad_input_raises_config_error_naming_file_line_and_key(text, prefix, words):
    message = _error(text)

    assert message.startswith(prefix), message
    for word in words:
        assert word in message, message


def test_a_key_whose_line_cannot_be_found_is_still_named_with_the_file():
    # beat_max_s keeps its default of 5.0, so there is no line to point at
    message = _error(_heart("beat_s = 10.0"))

    assert message.startswith("mesh.toml: heart.beat_max_s:"), message


def test_the_line_is_found_in_the_right_organ_table_when_keys_repeat():
    text = _organ('module = "a"\nrestart = "permanent"', name="a") + _organ('module = "b"\nrestart = "never"',
                                                                            name="b")

    assert _error(text).startswith("mesh.toml:8: organs.b.restart:")


@pytest.mark.parametrize("text, prefix", [
    ("# a mesh\n[heart]\nbeat_s = 1.0\n\n[hart]\nbeat_s = 2.0\n", "mesh.toml:5: hart:"),
    (_organ('module = "m"') + "\n[organs.fs.env]\nLANG = 1\n", "mesh.toml:5: organs.fs.env:"),
], ids=["misspelt top-level table", "env given as a sub-table"])
def test_a_key_written_as_a_table_header_is_named_with_its_line(text, prefix):
    assert _error(text).startswith(prefix)


@pytest.mark.parametrize("text", [_heart("beat_s = nan"), _organ('module = "m"\nbackoff_max_s = nan')],
                         ids=["heart beat_s", "organ backoff_max_s"])
def test_nan_is_refused_where_a_positive_number_is_expected(text):
    assert "must be from" in _error(text)
