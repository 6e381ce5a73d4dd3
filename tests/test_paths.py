"""Path confinement: everything resolves under the organ's root, or is refused."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from actors.organs.paths import confine, relative
from broker.errors import BadParams, PermissionDenied


@pytest.fixture
def root(tmp_path: Path) -> Path:
    """A resolved root with a file, a directory, and neighbours outside it."""
    root = tmp_path.resolve() / "root"
    (root / "docs").mkdir(parents=True)
    (root / "notes.txt").write_text("hi")
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "secret.txt").write_text("secret")
    (tmp_path / "rootkit").mkdir()  # shares the root's name as a prefix
    return root


@pytest.mark.parametrize("path, inside", [
    ("notes.txt", "notes.txt"),
    ("docs", "docs"),
    ("docs/new.txt", "docs/new.txt"),
    ("not/yet/made.txt", "not/yet/made.txt"),
    ("./notes.txt", "notes.txt"),
    ("docs/../notes.txt", "notes.txt"),
    (".", "."),
    ("docs/..", "."),
])
def test_a_relative_path_inside_the_root_resolves_under_it(root, path, inside):
    assert confine(root, path) == (root / inside).resolve()


def test_an_absolute_path_inside_the_root_is_allowed(root):
    assert confine(root, str(root / "docs" / "a.txt")) == root / "docs" / "a.txt"


def test_the_root_itself_is_allowed_as_an_absolute_path(root):
    assert confine(root, str(root)) == root


@pytest.mark.parametrize("path", [
    "../x",
    "..",
    "docs/../../outside/secret.txt",
    "../rootkit/x",
    "/etc/passwd",
    "/",
])
def test_a_path_that_escapes_the_root_is_refused_with_permission_denied(root, path):
    with pytest.raises(PermissionDenied) as caught:
        confine(root, path)

    assert caught.value.cause == "permission"
    assert repr(path) in str(caught.value)


def test_an_absolute_path_next_to_the_root_is_refused(root):
    with pytest.raises(PermissionDenied):
        confine(root, str(root.parent / "outside" / "secret.txt"))


def test_a_sibling_sharing_the_roots_name_as_a_prefix_is_refused(root):
    with pytest.raises(PermissionDenied):
        confine(root, str(root.parent / "rootkit" / "x"))


@pytest.mark.parametrize("path", ["escape", "escape/secret.txt"])
def test_a_symlink_inside_the_root_pointing_outside_is_refused(root, path):
    os.symlink(root.parent / "outside", root / "escape")

    with pytest.raises(PermissionDenied) as caught:
        confine(root, path)

    assert caught.value.cause == "permission"


def test_a_symlink_to_a_file_outside_the_root_is_refused(root):
    os.symlink(root.parent / "outside" / "secret.txt", root / "secret.txt")

    with pytest.raises(PermissionDenied):
        confine(root, "secret.txt")


def test_a_symlink_inside_the_root_pointing_inside_resolves_to_its_target(root):
    os.symlink(root / "docs", root / "shortcut")

    assert confine(root, "shortcut/a.txt") == root / "docs" / "a.txt"


@pytest.mark.parametrize("path", ["", "a\x00b", "\x00", None, 5], ids=["empty", "inner NUL", "only NUL", "None",
                                                                    "int"])
def test_an_empty_nul_or_non_string_path_is_refused_with_bad_params(root, path):
    with pytest.raises(BadParams) as caught:
        confine(root, path)

    assert caught.value.cause == "bad_params"


@pytest.mark.parametrize("inside, shown", [(".", "."), ("notes.txt", "notes.txt"), ("docs/a.txt", "docs/a.txt")])
def test_relative_shows_a_confined_path_from_the_root(root, inside, shown):
    assert relative(root, (root / inside).resolve()) == shown
