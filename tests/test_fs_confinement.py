"""The fs organ by file descriptor: confinement with and without openat2, streams with caps, odd files and names."""

from __future__ import annotations

import os
import socket
import stat
import tracemalloc
from pathlib import Path

import pytest

from actors.organs import fs as fs_module
from actors.organs.fs import FsOrgan
from actors.organs.paths import Root
from broker.errors import BadParams, PermissionDenied
from broker.protocol import Call

BIG = 200 * 1024 * 1024


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """root/ with files, inner and outer symlinks and a non-UTF-8 name; outside/ beside it."""
    root, outside = tmp_path / "root", tmp_path / "outside"
    (root / "docs").mkdir(parents=True)
    outside.mkdir()
    (root / "docs" / "a.txt").write_text("inside\n")
    (outside / "secret.txt").write_text("OUTSIDE\n")
    os.symlink(outside, root / "out")  # absolute, out of the root
    os.symlink("../outside", root / "relout")  # relative, out of the root
    os.symlink(root / "docs", root / "absin")  # absolute, back into the root
    os.symlink("docs", root / "relin")
    os.symlink("loop", root / "loop")
    (root / os.fsdecode(b"caf\xe9.txt")).write_bytes(b"latin-1 name\n")
    return root


@pytest.fixture(params=[True, False], ids=["openat2", "walk"])
def root(request, tree: Path) -> Root:
    made = Root(tree, use_openat2=request.param)
    yield made
    made.close()


def read(root: Root, path: str) -> bytes:
    fd = root.open(path, os.O_RDONLY)
    try:
        return os.read(fd, 100)
    finally:
        os.close(fd)


@pytest.mark.parametrize("path", ["docs/a.txt", "./docs/a.txt", "docs/../docs/a.txt", "absin/a.txt", "relin/a.txt",
                                  "relin/../docs/a.txt"])
def test_paths_inside_the_root_open_through_inner_symlinks(root, path):
    assert read(root, path) == b"inside\n"


def test_an_absolute_path_inside_the_root_opens(root, tree):
    assert read(root, str(tree / "docs" / "a.txt")) == b"inside\n"


@pytest.mark.parametrize("path", ["out/secret.txt", "relout/secret.txt", "../outside/secret.txt", "..",
                                  "docs/../../outside/secret.txt", "/etc/passwd", "/"])
def test_paths_leading_out_of_the_root_are_refused_naming_no_outside_path(root, tree, path):
    with pytest.raises(PermissionDenied) as caught:
        read(root, path)
    assert str(tree.parent) not in str(caught.value).replace(repr(path), "")


def test_a_symlink_loop_ends_with_eloop(root):
    with pytest.raises(OSError) as caught:
        read(root, "loop")
    assert caught.value.errno == 40


def test_a_name_that_is_not_utf8_is_addressed_by_its_escaped_text(root):
    assert read(root, "caf\\xe9.txt") == b"latin-1 name\n"


def call(organ: FsOrgan, ability: str, **args):
    return organ.handle(Call(id="t", organ="fs", ability=ability, args=args))


@pytest.fixture(params=[True, False], ids=["openat2", "walk"])
def organ(request, tree: Path) -> FsOrgan:
    made = FsOrgan(options={}, workdir=tree)
    made.on_start()
    made.root.fast = made.root.fast and request.param
    yield made
    made.on_stop()


def test_a_fifo_is_refused_at_once_instead_of_blocking_a_worker(organ, tree):
    os.mkfifo(tree / "pipe")
    reply = call(organ, "read_file", path="pipe")
    assert reply.error.cause == "bad_params" and "FIFO" in reply.error.message


def test_a_socket_and_a_directory_are_not_read_as_files(organ, tree):
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(tree / "sock"))
        assert call(organ, "read_file", path="sock").error.cause == "bad_params"
    assert call(organ, "read_file", path="docs").error.cause == "bad_params"
    assert call(organ, "edit_file", path="sock", old="a", new="b").error.cause == "bad_params"


def test_reading_one_line_of_a_200_mb_file_streams_it_with_bounded_memory(organ, tree):
    big = tree / "big.log"
    with open(big, "wb") as f:
        f.write(b"first\nsecond\n")
        f.truncate(BIG)  # sparse: a 200 MB last line of zeros
    tracemalloc.start()
    try:
        result = call(organ, "read_file", path="big.log", offset=1, limit=1).result
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert result["content"] == "second\n" and result["lines"] == 1 and result["total_lines"] == 3
    assert peak < 8 * 1024 * 1024, f"peak {peak} bytes"


def test_a_window_holding_one_huge_line_is_cut_at_the_cap_and_says_so(organ, tree):
    with open(tree / "huge", "wb") as f:
        f.truncate(fs_module.MAX_READ_BYTES * 3)
    result = call(organ, "read_file", path="huge", limit=1).result
    assert result["truncated"] is True and len(result["content"]) == fs_module.MAX_READ_BYTES
    assert call(organ, "read_file", path="huge").error.cause == "bad_params"  # whole: too large


@pytest.mark.parametrize("args", [{"offset": 1.0}, {"limit": 1.0}, {"offset": True}, {"offset": "1"},
                                  {"offset": -1}, {"limit": 0}, {"limit": float("nan")}])
def test_offset_and_limit_must_be_integers_in_range(organ, args):
    assert call(organ, "read_file", path="docs/a.txt", **args).error.cause == "bad_params"


def test_window_edges_count_lines_ended_by_newline(organ, tree):
    (tree / "w.txt").write_text("a\nb\nc")  # the last line has no newline
    assert call(organ, "read_file", path="w.txt").result == {"path": "w.txt", "content": "a\nb\nc", "lines": 3,
                                                             "total_lines": 3}
    assert call(organ, "read_file", path="w.txt", offset=2, limit=5).result["content"] == "c"
    assert call(organ, "read_file", path="w.txt", offset=9, limit=1).result["lines"] == 0


def test_a_non_utf8_name_is_listed_escaped_found_and_readable_by_that_name(organ):
    names = [e["name"] for e in call(organ, "list_directory").result["entries"]]
    assert "caf\\xe9.txt" in names
    assert "caf\\xe9.txt" in call(organ, "find_files", pattern="*.txt").result["matches"]
    assert call(organ, "read_file", path="caf\\xe9.txt").result["content"] == "latin-1 name\n"


def test_find_files_never_enters_a_symlinked_directory(organ):
    matches = call(organ, "find_files", pattern="**/*.txt").result["matches"]
    assert "docs/a.txt" in matches
    assert not [m for m in matches if "secret" in m or m.startswith(("out/", "relout/", "absin/"))]
    assert call(organ, "find_files", pattern="out/*").result["matches"] == []


def test_listing_a_symlink_to_outside_is_refused(organ):
    assert call(organ, "list_directory", path="out").error.cause == "permission"


def test_write_file_dot_is_a_clean_error_that_leaves_nothing_behind(organ, tree):
    reply = call(organ, "write_file", path=".", content="x")
    assert reply.error.cause == "bad_params" and str(tree.parent) not in reply.error.message
    assert sorted(p.name for p in tree.parent.iterdir()) == ["outside", "root"]
    assert call(organ, "write_file", path="docs", content="x").error.cause == "bad_params"


@pytest.mark.parametrize("umask, mode", [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_a_new_file_honours_the_umask_and_a_replaced_one_keeps_its_mode(organ, tree, umask, mode):
    old = os.umask(umask)
    try:
        assert call(organ, "write_file", path="docs/new.txt", content="n").ok
        assert stat.S_IMODE((tree / "docs" / "new.txt").stat().st_mode) == mode
        os.chmod(tree / "docs" / "a.txt", 0o640)
        assert call(organ, "write_file", path="docs/a.txt", content="new\n").ok
        assert stat.S_IMODE((tree / "docs" / "a.txt").stat().st_mode) == 0o640
    finally:
        os.umask(old)


def test_writes_through_symlinks_land_at_their_target_inside_or_are_refused(organ, tree):
    assert call(organ, "write_file", path="relin/b.txt", content="b").result["path"] == "docs/b.txt"
    assert (tree / "docs" / "b.txt").read_text() == "b"
    assert call(organ, "write_file", path="out/planted.txt", content="x").error.cause == "permission"
    os.symlink(tree.parent / "outside" / "secret.txt", tree / "docs" / "link.txt")
    assert call(organ, "write_file", path="docs/link.txt", content="x").error.cause == "permission"
    assert (tree.parent / "outside" / "secret.txt").read_text() == "OUTSIDE\n"
    assert sorted(p.name for p in (tree.parent / "outside").iterdir()) == ["secret.txt"]


def test_create_dirs_makes_missing_directories_beneath_the_root_only(organ, tree):
    assert call(organ, "write_file", path="new/deep/f.txt", content="f", create_dirs=True).ok
    assert (tree / "new" / "deep" / "f.txt").read_text() == "f"
    assert call(organ, "write_file", path="out/made/f.txt", content="f", create_dirs=True).error.cause == "permission"
    assert not (tree.parent / "outside" / "made").exists()


def test_paths_with_bad_types_or_nul_bytes_are_bad_params(tree):
    root = Root(tree)
    try:
        for bad in ("", "a\x00b", None, 5):
            with pytest.raises(BadParams):
                root.open(bad, os.O_RDONLY)
    finally:
        root.close()


def test_a_name_holding_a_literal_escape_and_the_byte_it_spells_list_apart_and_read_back_their_own(organ, tree):
    (tree / "\\xff").write_bytes(b"literal backslash name\n")
    (tree / os.fsdecode(b"\xff")).write_bytes(b"byte 0xff name\n")
    names = {e["name"] for e in call(organ, "list_directory").result["entries"]}
    assert {"\\x5cxff", "\\xff"} <= names
    assert call(organ, "read_file", path="\\x5cxff").result["content"] == "literal backslash name\n"
    assert call(organ, "read_file", path="\\xff").result["content"] == "byte 0xff name\n"


def test_a_name_typed_with_its_literal_backslash_is_still_found_when_no_byte_name_matches(organ, tree):
    (tree / "a\\x41b.txt").write_text("typed as is\n")
    assert call(organ, "read_file", path="a\\x41b.txt").result["content"] == "typed as is\n"
