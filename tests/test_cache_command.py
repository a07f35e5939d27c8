"""``gradcli cache``: where gradcli's caches are, what they hold, and --clear removing gradcli's files and no other."""

from __future__ import annotations

import json
import os
import sys

from click.testing import CliRunner

from gradcli.audit import bytecode
from gradcli.caches import user_cache_folder
from gradcli.capture import jax_cache
from gradcli.cli import cli


def _filled(tmp_path, monkeypatch):
    """A cache home holding two XLA entries, a write in progress, a user's own file and two bytecode files."""
    home = tmp_path / "xdg"
    monkeypatch.setenv("XDG_CACHE_HOME", str(home))
    monkeypatch.delenv(jax_cache.VARIABLE, raising=False)
    xla = home / "gradcli" / "xla"
    xla.mkdir(parents=True)
    (xla / "a.xla").write_bytes(b"x" * 1500)
    (xla / "b.xla").write_bytes(b"x" * 500)
    (xla / "c.xla-part").write_bytes(b"x" * 7)  # another process's write: not an entry
    (xla / "notes.txt").write_text("mine")  # a folder may be shared with the user's own files
    code = home / "gradcli" / "bytecode" / "src" / "gradcli"
    code.mkdir(parents=True)
    (code / f"cli.{sys.implementation.cache_tag}.pyc").write_bytes(b"y" * 100)
    (code / f"core.{sys.implementation.cache_tag}.pyc").write_bytes(b"y" * 20)
    return home


def test_the_caches_are_listed_with_their_files_and_bytes(tmp_path, monkeypatch):
    home = _filled(tmp_path, monkeypatch)
    shown = CliRunner().invoke(cli, ["cache"])
    assert shown.exit_code == 0, shown.output
    lines = shown.output.splitlines()
    assert lines == [
        f"XLA executables of JAX checks: {home / 'gradcli' / 'xla'}  2 files, 2.0 kB",
        f"bytecode of gradcli's own modules: {home / 'gradcli' / 'bytecode'}  2 files, 120 B",
    ]


def test_clear_removes_gradclis_entries_and_leaves_other_files(tmp_path, monkeypatch):
    home = _filled(tmp_path, monkeypatch)
    shown = CliRunner().invoke(cli, ["cache", "--clear", "--json"])
    assert shown.exit_code == 0, shown.output
    document = json.loads(shown.output)
    assert document["schema"] == "gradcli.cache/1"
    xla, code = document["caches"]
    assert (xla["files"], xla["bytes"], xla["note"]) == (0, 0, "removed 2 files")
    assert (code["files"], code["bytes"], code["note"]) == (0, 0, "removed 2 files")
    assert sorted(os.listdir(home / "gradcli" / "xla")) == ["c.xla-part", "notes.txt"]
    assert not (home / "gradcli" / "bytecode").exists()


def test_an_xla_cache_turned_off_is_said_so_and_nothing_is_made(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv(jax_cache.VARIABLE, "off")
    shown = CliRunner().invoke(cli, ["cache", "--clear"])
    assert shown.exit_code == 0, shown.output
    assert shown.output.splitlines()[0] == "XLA executables of JAX checks: -  off ($GRADCLI_XLA_CACHE=off)"
    assert not (tmp_path / "gradcli" / "xla").exists()


def test_a_relative_xdg_cache_home_is_ignored_by_every_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/cache")  # the XDG rule: a relative value is ignored
    monkeypatch.delenv(jax_cache.VARIABLE, raising=False)
    assert user_cache_folder() == str(tmp_path / ".cache")
    assert bytecode.cache_folder() == str(tmp_path / ".cache" / "gradcli" / "bytecode")
    assert jax_cache.location() == str(tmp_path / ".cache" / "gradcli" / "xla")
