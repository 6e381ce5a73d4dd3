"""The mesh configuration (TOML): the heart's settings and one table per organ, validated."""

from __future__ import annotations

import dataclasses
import difflib
import json
import re
import tomllib
import typing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from broker.authz import check_grants, check_readers
from broker.errors import ConfigError

RESTART_POLICIES = ("permanent", "transient", "temporary")
ORGAN_NAME = re.compile(r"^[a-z][a-z0-9_-]{0,31}$")
RESERVED_NAMES = ("heart", "mesh")
ENV_PATTERN = re.compile(r"^(?:[A-Za-z_][A-Za-z0-9_]*\*?|\*)$")
MODULE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*(:[A-Za-z_][A-Za-z0-9_]*)?$")
ENV_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
DAY, YEAR = 86400.0, 365 * 86400.0
MIB = 1024 * 1024

# The range of every number in the mesh file, both ends included. Beyond them a value is a typo or a unit
# mistake, and some would hurt: a 1e-300 s heartbeat spins a core, a huge frame limit overflows libzmq.
RANGES: dict[str, tuple[float, float]] = {
    # [heart]
    "beat_s": (0.01, 3600.0), "beat_max_s": (0.01, 3600.0), "quiet_after_s": (0.01, YEAR),
    "heartbeat_s": (0.01, 60.0), "liveness": (1, 100), "hang_kill_s": (0.01, DAY),
    "register_timeout_s": (0.1, DAY), "call_timeout_s": (0.01, DAY), "light_after_s": (0.01, YEAR),
    "deep_after_s": (0.01, YEAR), "alert_ttl_s": (0.01, DAY), "max_frame_bytes": (64 * 1024, 256 * MIB),
    "retry_attempts": (1, 10), "retry_backoff_initial_s": (0.001, 60.0), "retry_backoff_max_s": (0.001, 3600.0),
    "retry_budget": (0, 1_000_000), "retry_budget_window_s": (0.01, DAY), "breaker_threshold": (1, 10_000),
    "breaker_cooldown_s": (0.01, DAY), "chronic_after_s": (0.01, YEAR),
    # [organs.NAME]
    "max_restarts": (1, 1_000_000_000), "restart_window_s": (0.01, YEAR), "backoff_initial_s": (0.0, 3600.0),
    "backoff_max_s": (0.01, DAY), "stable_after_s": (0.0, YEAR), "stop_timeout_s": (0.01, 3600.0),
}


@dataclass(frozen=True, slots=True)
class HeartConfig:
    router: str = ""  # empty: ipc:// under the state directory
    blood: str = ""  # over tcp://: the beats without the owner's words, for every allow-listed key
    events: str = ""  # a tcp:// endpoint carrying what the local blood does, for the keys remote_events names
    metrics: str = "127.0.0.1:0"  # host:port of the Prometheus endpoint; port 0 picks a free one
    workdir: str = ""  # the mesh's working directory; empty: where `actors up` ran
    beat_s: float = 1.0
    beat_max_s: float = 5.0
    quiet_after_s: float = 30.0
    heartbeat_s: float = 0.5
    liveness: int = 3
    hang_kill_s: float = 10.0
    register_timeout_s: float = 90.0  # a spawned organ not registered by then is killed (npx may install first)
    call_timeout_s: float = 30.0
    light_after_s: float = 120.0
    deep_after_s: float = 300.0
    alert_ttl_s: float = 30.0
    max_frame_bytes: int = 8 * 1024 * 1024
    healer: str = "healer"  # the organ that runs retries and reflexes, when the mesh declares it
    retry_attempts: int = 3  # attempts in all for a retried call, the first included
    retry_backoff_initial_s: float = 0.1
    retry_backoff_max_s: float = 2.0
    retry_budget: int = 20  # retries one session may spend per retry_budget_window_s
    retry_budget_window_s: float = 60.0
    breaker_threshold: int = 5  # consecutive failures that open an organ's breaker
    breaker_cooldown_s: float = 10.0
    chronic_after_s: float = 300.0  # a wound whose organ keeps failing this long is chronic
    zygote: bool = True  # start Python organs by forking a pre-loaded interpreter (broker/zygote.py)
    lanes: bool = True  # local clients call organs straight when a call succeeds (broker/lanes.py)
    remote_events: tuple[str, ...] = ()  # the keys (ROLE or ROLE:NAME) admitted to the events endpoint


@dataclass(frozen=True, slots=True)
class OrganSpec:
    name: str
    module: str = ""
    mcp: tuple[str, ...] = ()
    external: bool = False
    env: dict = field(default_factory=dict)
    inherit_env: tuple[str, ...] = ()  # more variables (NAME or NAME_*) the organ gets from the launcher
    allow: tuple[str, ...] = ()  # roles (or role:key-name) granted every ability of this organ
    allow_abilities: dict = field(default_factory=dict)  # ability -> roles granted that ability
    cwd: str = ""
    options: dict = field(default_factory=dict)
    restart: str = "permanent"
    max_restarts: int = 5
    restart_window_s: float = 60.0
    backoff_initial_s: float = 0.1
    backoff_max_s: float = 10.0
    stable_after_s: float = 10.0
    stop_timeout_s: float = 5.0

    @property
    def supervised(self) -> bool:
        return not self.external


@dataclass(frozen=True, slots=True)
class MeshConfig:
    heart: HeartConfig
    organs: tuple[OrganSpec, ...]
    source: str = "<built-in>"

    def organ(self, name: str) -> OrganSpec | None:
        """Return the spec of the organ with this name, if declared."""
        return next((o for o in self.organs if o.name == name), None)


def load(path: str | Path) -> MeshConfig:
    """Read and validate a mesh file; raise ConfigError naming the file, line and key."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read: {exc.strerror}") from None
    return parse(text, str(path))


def parse(text: str, source: str = "<string>") -> MeshConfig:
    """Validate TOML text as a mesh configuration."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{source}: {exc}") from None
    where = _Locator(text, source)
    where.unknown(data, ("heart", "organs"), ())
    heart_table = _table(data, "heart", where)
    heart = _build(HeartConfig, heart_table, ("heart",), where)
    _check_heart(heart, where)
    organs_table = _table(data, "organs", where)
    organs = tuple(_organ(name, raw, where) for name, raw in organs_table.items())
    # the healer is optional: a mesh without one has no retries, but naming one that is not declared is a typo
    if "healer" in heart_table and heart.healer and heart.healer not in organs_table:
        raise where.error(("heart", "healer"), f"names no declared organ (declared: "
                          f"{', '.join(organs_table) or 'none'}); \"\" runs the mesh without retries")
    return MeshConfig(heart=heart, organs=organs, source=source)


def error_at(mesh: MeshConfig, key: tuple[str, ...], message: str) -> ConfigError:
    """A ConfigError naming the mesh file, the line of key in it and the key (for checks made after parsing)."""
    try:
        text = Path(mesh.source).read_text(encoding="utf-8")
    except OSError:
        text = ""
    return _Locator(text, mesh.source).error(key, message)


def _organ(name: str, raw: Any, where: _Locator) -> OrganSpec:
    key = ("organs", name)
    if not isinstance(raw, dict):
        raise where.error(key, "must be a table")
    if not ORGAN_NAME.match(name) or name in RESERVED_NAMES:
        raise where.error(key, "organ names are 1-32 characters of a-z, 0-9, '_' or '-', starting "
                               f"with a letter, and not one of {', '.join(RESERVED_NAMES)}")
    spec = _build(OrganSpec, raw, key, where, name=name)
    kinds = [k for k in ("module", "mcp", "external") if getattr(spec, k)]
    if len(kinds) != 1:
        raise where.error(key, "declare exactly one of module = \"pkg.mod\", mcp = [\"cmd\", ...] "
                               "or external = true")
    if spec.restart not in RESTART_POLICIES:
        raise where.error(key + ("restart",), f"must be one of {', '.join(RESTART_POLICIES)}")
    _check_ranges(spec, key, where)
    if spec.backoff_initial_s > spec.backoff_max_s:
        raise where.error(key + ("backoff_initial_s",), "must not exceed backoff_max_s")
    if spec.module and not MODULE.match(spec.module):
        raise where.error(key + ("module",), "must be a dotted Python module name, optionally with :CLASS")
    for env_name, value in spec.env.items():
        if not ENV_NAME.match(env_name):
            raise where.error(key + ("env",), f"{env_name[:64]!r} is not a variable name (letters, digits, '_')")
        if not isinstance(value, str) or "\x00" in value:
            raise where.error(key + ("env",), f"{env_name}: values must be strings without NUL characters")
    if any("\x00" in part for part in (*spec.mcp, spec.cwd, spec.module)):
        raise where.error(key, "mcp, cwd and module must not contain NUL characters")
    try:
        json.dumps(spec.options, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise where.error(key + ("options",), f"must hold only strings, numbers, booleans, arrays and tables "
                          f"(no dates, no nan or inf): {exc}") from None
    _check_grants(spec, key, where)
    bad_names = [n for n in spec.inherit_env if not ENV_PATTERN.match(n)]
    if bad_names:
        raise where.error(key + ("inherit_env",), f"{bad_names[0]!r} is not a variable name, NAME_* or *")
    return spec


def _check_grants(spec: OrganSpec, key: tuple[str, ...], where: _Locator) -> None:
    bad = check_grants(spec.allow)
    if bad:
        raise where.error(key + ("allow",), f"{bad!r} is not a grant: use \"client\", \"organ\", "
                                             "\"client:KEYNAME\" or \"organ:KEYNAME\" (admin needs no grant)")
    for ability, grants in spec.allow_abilities.items():
        bad = check_grants(grants) if isinstance(grants, list) else repr(grants)
        if bad or not grants:
            raise where.error(key + ("allow_abilities", ability),
                              f"must be a non-empty list of grants (\"client\", \"organ\", \"client:KEYNAME\", "
                              f"\"organ:KEYNAME\"), not {bad or grants!r}")


def _check_ranges(settings: Any, key: tuple[str, ...], where: _Locator) -> None:
    for f in dataclasses.fields(settings):
        bounds = RANGES.get(f.name)
        value = getattr(settings, f.name)
        if bounds is not None and not bounds[0] <= value <= bounds[1]:  # also refuses nan
            raise where.error(key + (f.name,), f"must be from {bounds[0]:.12g} to {bounds[1]:.12g}, not {value!r}")


def _check_heart(heart: HeartConfig, where: _Locator) -> None:
    for name in ("router", "blood"):
        value = getattr(heart, name)
        if value and not value.startswith(("ipc://", "tcp://")):
            raise where.error(("heart", name), "must be an ipc:// or tcp:// endpoint")
    if heart.events and not heart.events.startswith("tcp://"):
        raise where.error(("heart", "events"), "must be a tcp:// endpoint (local processes read events on the "
                                               "local blood socket)")
    for name in ("router", "blood", "events", "metrics", "workdir", "healer"):
        if "\x00" in getattr(heart, name):
            raise where.error(("heart", name), "must not contain NUL characters")
    _check_ranges(heart, ("heart",), where)
    _check_readers(heart, where)
    if heart.retry_backoff_initial_s > heart.retry_backoff_max_s:
        raise where.error(("heart", "retry_backoff_initial_s"), "must not exceed retry_backoff_max_s")
    if heart.beat_max_s < heart.beat_s:
        raise where.error(("heart", "beat_max_s"), "must be at least beat_s")
    if heart.deep_after_s < heart.light_after_s:
        raise where.error(("heart", "deep_after_s"), "must be at least light_after_s")
    host, _, port = heart.metrics.rpartition(":")
    if heart.metrics and (not host or not port.isdigit() or int(port) > 65535):
        raise where.error(("heart", "metrics"), "must be HOST:PORT (port 0 picks a free one), or \"\" to disable")


def _check_readers(heart: HeartConfig, where: _Locator) -> None:
    bad = check_readers(heart.remote_events)
    if bad:
        raise where.error(("heart", "remote_events"), f"{bad!r} is not a key: use \"admin\", \"client\", "
                          "\"organ\" or \"ROLE:KEYNAME\" (the keys that may read the owner's instructions and "
                          "every call over tcp://)")
    if heart.remote_events and not heart.events:
        raise where.error(("heart", "remote_events"), "needs the endpoint its keys subscribe to: "
                                                      "events = \"tcp://HOST:PORT\"")
    if heart.events and not heart.remote_events:
        raise where.error(("heart", "events"), "admits no key: name them, as in remote_events = [\"client\"]")


def _table(data: dict, key: str, where: _Locator) -> dict:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise where.error((key,), "must be a table")
    return value


def _build(cls: type, raw: dict, key: tuple[str, ...], where: _Locator, **fixed: Any) -> Any:
    names = [f.name for f in dataclasses.fields(cls) if f.name not in fixed]
    where.unknown(raw, names, key)
    hints = typing.get_type_hints(cls)
    values = {name: _coerce(hints[name], value, key + (name,), where) for name, value in raw.items()}
    return cls(**values, **fixed)


def _coerce(tp: Any, value: Any, key: tuple[str, ...], where: _Locator) -> Any:
    if tp is float and isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    if tp is int and isinstance(value, int) and not isinstance(value, bool):
        return value
    if tp in (str, bool, dict) and isinstance(value, tp):
        return value
    if typing.get_origin(tp) is tuple and isinstance(value, list) and value \
            and all(isinstance(v, str) and v for v in value):
        return tuple(value)
    expected = {float: "a number", int: "an integer", str: "a string", bool: "true or false",
                dict: "a table"}.get(tp, "a non-empty list of strings")
    raise where.error(key, f"must be {expected}, not {value!r}")


class _Locator:
    """Names a key as file:line: key.path, finding the line in the TOML text on a best-effort basis."""

    def __init__(self, text: str, source: str) -> None:
        self.lines = text.splitlines()
        self.source = source

    def error(self, key: tuple[str, ...], message: str) -> ConfigError:
        line = self._line(key)
        at = f"{self.source}:{line}" if line else self.source
        return ConfigError(f"{at}: {'.'.join(key)}: {message}")

    def unknown(self, raw: dict, known: typing.Iterable[str], key: tuple[str, ...]) -> None:
        known = list(known)
        for name in raw:
            if name not in known:
                close = difflib.get_close_matches(name, known, n=1)
                hint = f" (did you mean {close[0]!r}?)" if close else f" (known: {', '.join(known)})"
                raise self.error(key + (name,), f"unknown key{hint}")

    def _line(self, key: tuple[str, ...]) -> int | None:
        table = _header(key)
        for i, line in enumerate(self.lines):
            if table.match(line):
                return i + 1
        parent = _header(key[:-1]) if len(key) > 1 else None
        assign = re.compile(r"^\s*" + re.escape(key[-1]) + r"\s*=")
        inside = parent is None  # top-level keys come before the first table header
        for i, line in enumerate(self.lines):
            if line.lstrip().startswith("["):
                inside = parent is not None and bool(parent.match(line))
            elif inside and assign.match(line):
                return i + 1
        return None


def _header(key: tuple[str, ...]) -> re.Pattern:
    return re.compile(r"^\s*\[\s*" + r"\s*\.\s*".join(map(re.escape, key)) + r"\s*\]")
