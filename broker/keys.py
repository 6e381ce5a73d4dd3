"""CURVE keys and the heart's allow-list: files in the state directory (0600), or paths given by env."""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

import zmq

from broker.errors import ConfigError

ROLES = ("organ", "client", "admin")  # organ: registers as its name; client: calls; admin: also controls
Z85_KEY = re.compile(r"^[0-9a-zA-Z.\-:+=^!/*?&<>()\[\]{}@%$#]{40}$")
NAME = re.compile(r"^[a-z][a-z0-9_-]{0,31}$")


@dataclass(frozen=True, slots=True)
class KeyPair:
    name: str
    public: str  # Z85, 40 characters
    secret: str


@dataclass(frozen=True, slots=True)
class Peer:
    name: str
    role: str

    @property
    def user_id(self) -> str:
        """What ZAP hands the heart as the connection's User-Id."""
        return f"{self.role}:{self.name}"


def keys_dir(home: Path) -> Path:
    """Where a mesh keeps its keys."""
    return home / "keys"


def new_keypair(name: str) -> KeyPair:
    """Make a fresh CURVE key pair."""
    if not NAME.match(name):
        raise ConfigError(f"key name {name!r}: 1-32 characters of a-z, 0-9, '_' or '-', starting with a letter")
    public, secret = zmq.curve_keypair()
    return KeyPair(name, public.decode(), secret.decode())


def private_dirs(directory: Path) -> None:
    """Create a directory and its missing parents owner-only (`mkdir(parents=True)` gives the parents the umask's
    mode: the default home `.actors` made by `actors keys new` was 0755, 0775 under umask 002)."""
    missing = [path for path in (directory, *directory.parents) if not path.exists()]
    for path in reversed(missing):
        path.mkdir(mode=0o700, exist_ok=True)


def write_keypair(pair: KeyPair, directory: Path) -> Path:
    """Store a key pair as NAME.key (0600) and its public half as NAME.pub; refuse to overwrite."""
    private_dirs(directory)
    path = directory / f"{pair.name}.key"
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(f'# CURVE key pair "{pair.name}": keep this file secret\n'
                f'name = "{pair.name}"\npublic = "{pair.public}"\nsecret = "{pair.secret}"\n')
    (directory / f"{pair.name}.pub").write_text(pair.public + "\n")
    return path


def read_keypair(path: Path) -> KeyPair:
    """Load a key pair written by write_keypair; refuse files others can read."""
    try:
        mode = path.stat().st_mode & 0o077
        data = tomllib.loads(path.read_text())
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read the key: {exc.strerror}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not a key file: {exc}") from None
    if mode and not (mode & 0o037 == 0 and path.stat().st_uid == 0):
        # root-owned and group-readable (a mounted secret) is accepted, as PostgreSQL does for its key
        raise ConfigError(f"{path}: a secret key must not be readable by others (chmod 600)")
    public, secret = data.get("public", ""), data.get("secret", "")
    if not (Z85_KEY.match(public) and Z85_KEY.match(secret)):
        raise ConfigError(f"{path}: public and secret must be 40-character Z85 keys")
    return KeyPair(str(data.get("name", path.stem)), public, secret)


class NotAKey(ConfigError):
    """A value given as a key that is neither a Z85 key nor a file: a mistyped argument, not a bad file."""


def public_key(value: str) -> str:
    """A Z85 public key given as itself or as a path to a .pub or .key file."""
    if Z85_KEY.match(value.strip()):
        return value.strip()
    path = Path(value).expanduser()
    if not path.exists():
        raise NotAKey(f"{value!r} is neither a Z85 public key (40 characters) nor an existing key file")
    if path.suffix == ".key":
        return read_keypair(path).public
    try:
        text = path.read_text().strip()
    except OSError as exc:
        raise ConfigError(f"{value}: neither a Z85 public key nor a readable key file ({exc.strerror})") from None
    if not Z85_KEY.match(text):
        raise ConfigError(f"{path}: not a Z85 public key")
    return text


def heart_keypair(home: Path) -> KeyPair:
    """The heart's own key pair: ACTORS_HEART_KEY_FILE, or HOME/keys/heart.key made on first use."""
    given = os.environ.get("ACTORS_HEART_KEY_FILE")
    if given:
        return read_keypair(Path(given))
    path = keys_dir(home) / "heart.key"
    if not path.exists():
        write_keypair(new_keypair("heart"), keys_dir(home))
    return read_keypair(path)


def allowed_file(home: Path) -> Path:
    """The allow-list: ACTORS_ALLOWED_KEYS_FILE, or HOME/keys/allowed."""
    return Path(os.environ.get("ACTORS_ALLOWED_KEYS_FILE") or keys_dir(home) / "allowed")


def parse_allowed(text: str, source: str = "allowed") -> dict[str, Peer]:
    """Read an allow-list: one `PUBKEY NAME [ROLE]` a line; a line starting with # is a comment."""
    peers = {}
    for number, line in enumerate(text.splitlines(), 1):
        fields = line.split()
        if not fields or fields[0].startswith("#") and len(fields[0]) != 40:
            continue
        if len(fields) not in (2, 3) or not Z85_KEY.match(fields[0]) or not NAME.match(fields[1]) \
                or (len(fields) == 3 and fields[2] not in ROLES):
            raise ConfigError(f"{source}:{number}: expected `PUBKEY NAME [{'|'.join(ROLES)}]`")
        peers[fields[0]] = Peer(fields[1], fields[2] if len(fields) == 3 else "organ")
    return peers


def allow(home: Path, public: str, name: str, role: str) -> Peer | None:
    """Add (or replace) a key in the allow-list; return the entry it replaced, if any."""
    if role not in ROLES:
        raise ConfigError(f"role must be one of {', '.join(ROLES)}")
    if not NAME.match(name):
        raise ConfigError(f"name {name!r}: 1-32 characters of a-z, 0-9, '_' or '-', starting with a letter")
    path = allowed_file(home)
    lines = path.read_text().splitlines() if path.exists() else []
    kept = [ln for ln in lines if not ln.split() or ln.split()[0] != public]
    replaced = [ln.split() for ln in lines if ln.split() and ln.split()[0] == public and len(ln.split()) in (2, 3)]
    private_dirs(path.parent)
    text = "\n".join([*kept, f"{public} {name} {role}"]) + "\n"
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(text)
        os.replace(tmp, path)  # the heart never reads half a list
    except OSError:
        tmp.unlink(missing_ok=True)
        # a single-file bind mount (a container's secret) cannot be replaced, only rewritten in place
        path.write_text(text)
        os.chmod(path, 0o600)
    if not replaced:
        return None
    fields = replaced[-1]
    return Peer(fields[1], fields[2] if len(fields) == 3 else "organ")
