"""The user's cache: derived tables kept between processes, keyed by what they were derived from."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

from broker import tokens, usercache
from broker.exposure import knowledge

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT_S = 120.0  # a cold process derives every table (seconds on a loaded machine)


class Derivation:
    """A function kept in the cache whose sources a test can change, counting how often it really runs."""

    def __init__(self) -> None:
        self.sources = ["a:1"]
        self.runs = 0

        @usercache.kept("test", "squares", lambda: self.sources)
        def squares(n: int = 3) -> dict[str, tuple[int, ...]]:
            self.runs += 1
            return {"squares": tuple(i * i for i in range(n))}
        self.squares = squares

    def fresh(self):
        """The function as another process sees it: nothing remembered in memory."""
        self.squares.cache_clear()
        return self.squares


@pytest.fixture
def cache(monkeypatch, tmp_path) -> Path:
    monkeypatch.setenv(usercache.ENV, str(tmp_path))
    return tmp_path


def test_an_entry_is_written_once_and_read_back_instead_of_computed_again(cache):
    derived = Derivation()
    assert derived.squares(4) == {"squares": (0, 1, 4, 9)}
    assert (cache / "test" / "squares-n=4.marshal").exists()
    assert derived.fresh()(n=4) == {"squares": (0, 1, 4, 9)}
    assert derived.runs == 1


def test_an_entry_derived_from_other_sources_is_computed_again_and_replaced(cache):
    derived = Derivation()
    derived.squares()
    derived.sources = ["a:2"]  # a package upgraded, a data file rewritten
    assert derived.fresh()() == {"squares": (0, 1, 4)}
    assert derived.runs == 2
    assert derived.fresh()() == {"squares": (0, 1, 4)}
    assert derived.runs == 2  # the replaced entry holds the new key


@pytest.mark.parametrize("damage", [b"", b"garbage", usercache.MAGIC + b"\0\0\0\0" + b"\xff" * 20, "flip"])
def test_a_damaged_entry_is_computed_again_with_a_warning_and_replaced(cache, caplog, damage):
    derived = Derivation()
    derived.squares()
    path = cache / "test" / "squares-n=3.marshal"
    data = path.read_bytes()
    path.write_bytes(data[:-1] + bytes([data[-1] ^ 1]) if damage == "flip" else damage)
    with caplog.at_level(logging.WARNING, logger="broker.usercache"):
        assert derived.fresh()() == {"squares": (0, 1, 4)}
    assert derived.runs == 2
    assert "damaged" in caplog.text
    assert usercache.decode(path.read_bytes())[1] == {"squares": (0, 1, 4)}


def test_an_entry_larger_than_the_bound_is_neither_read_nor_kept(cache, monkeypatch):
    derived = Derivation()
    derived.squares()
    monkeypatch.setattr(usercache, "MAX_BYTES", 10)
    assert derived.fresh()() == {"squares": (0, 1, 4)}
    assert derived.runs == 2
    assert not usercache.write(cache / "test" / "big.marshal", "key", "x" * 100)
    assert not (cache / "test" / "big.marshal").exists()


def test_a_half_written_entry_a_killed_writer_left_is_removed_by_the_next_write_once_stale(tmp_path):
    stale = tmp_path / ("squares.marshalabc" + usercache.PARTIAL)
    fresh = tmp_path / ("squares.marshaldef" + usercache.PARTIAL)
    for partial in (stale, fresh):
        partial.write_bytes(b"half")
    old = stale.stat().st_mtime - usercache.STALE_PARTIAL_S - 1
    os.utime(stale, (old, old))

    assert usercache.write(tmp_path / ("squares" + usercache.SUFFIX), "key", {"n": 1})

    assert not stale.exists()
    assert fresh.exists()  # another writer may be writing it now
    assert (tmp_path / ("squares" + usercache.SUFFIX)).exists()


def test_actors_cache_off_keeps_nothing(monkeypatch, tmp_path):
    monkeypatch.setenv(usercache.ENV, "off")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    derived = Derivation()
    derived.squares()
    derived.fresh()()
    assert derived.runs == 2
    assert list(tmp_path.iterdir()) == []


def test_the_cache_lives_under_xdg_cache_home_else_the_home_directory(monkeypatch, tmp_path):
    monkeypatch.delenv(usercache.ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert usercache.directory("knowledge") == tmp_path / "actors" / "knowledge"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert usercache.directory("knowledge") == Path.home() / ".cache" / "actors" / "knowledge"


def test_an_unwritable_cache_directory_costs_a_warning_not_the_answer(monkeypatch, tmp_path, caplog):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    monkeypatch.setenv(usercache.ENV, str(blocker))
    derived = Derivation()
    with caplog.at_level(logging.WARNING, logger="broker.usercache"):
        assert derived.squares() == {"squares": (0, 1, 4)}
    assert "cannot keep" in caplog.text


def test_a_file_identity_changes_when_the_file_is_rewritten(tmp_path):
    path = tmp_path / "services"
    assert usercache.identity(path).endswith(":absent")
    path.write_text("postgresql 5432/tcp\n")
    before = usercache.identity(path)
    path.write_text("postgresql 5432/tcp postgres\n")
    assert usercache.identity(path) != before
    assert usercache.package_identity("no_such_package_here") == ("no_such_package_here:absent",)


def test_knowledge_tables_read_back_from_the_cache_equal_those_computed(cache):
    computed = {}
    for table in (knowledge.services, knowledge.zone_places, knowledge.top_level_domains):
        table.cache_clear()
        computed[table] = table()
        table.cache_clear()
        read = table()
        assert read == computed[table]
        if isinstance(read, dict):
            assert list(read) == list(computed[table])  # in the same order: selections iterate them
        table.cache_clear()  # later tests in this process read the default cache again
    assert {p.name for p in (cache / knowledge.CACHE_KIND).iterdir()} == {
        "services.marshal", "zone_places.marshal", "top_level_domains.marshal"}


def test_token_counts_are_kept_and_read_back(cache):
    tokens._remembered.cache_clear()
    try:
        count = tokens.count_text('{"name":"git_status"}')
        tokens.keep_counts()
        tokens._remembered.cache_clear()
        assert len(tokens._remembered().counts) == 1
        assert tokens.count_text('{"name":"git_status"}') == count
    finally:
        tokens._remembered.cache_clear()


CHILD = """
import json, sys
from broker.exposure import load_catalogue, select
catalogue = load_catalogue(sys.argv[1])
exposure = select("what time is it in Lisbon? then open a PR", catalogue)
print(json.dumps({"exposed": exposure.exposed, "tokens": exposure.tokens,
                  "loaded": sorted(m for m in ("babel", "quicktok") if m in sys.modules)}))
"""


def _offline(catalog: Path, cache_env: str) -> dict:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "ACTORS_EMBEDDING": "off", usercache.ENV: cache_env}
    done = subprocess.run([sys.executable, "-c", CHILD, str(catalog)], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=TIMEOUT_S)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_a_second_process_selects_the_same_without_loading_babel_or_the_vocabulary(tmp_path):
    def tool(name: str, description: str) -> dict:
        return {"name": name, "description": description, "inputSchema": {"type": "object", "properties": {}}}
    catalog = tmp_path / "catalog.json"
    catalog.write_text(json.dumps({"organs": {
        "time": [tool("get_current_time", "Current time in a time zone (IANA name)"),
                 tool("convert_time", "Convert a time between time zones")],
        "github": [tool("create_pull_request", "Open a pull request (PR) on a repository"),
                   tool("list_issues", "List the issues of a repository")]}}))
    cold = _offline(catalog, str(tmp_path / "cache"))
    warm = _offline(catalog, str(tmp_path / "cache"))
    assert cold["loaded"] == ["babel", "quicktok"]
    assert warm["loaded"] == []
    assert {k: v for k, v in warm.items() if k != "loaded"} == {k: v for k, v in cold.items() if k != "loaded"}
