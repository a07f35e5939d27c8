"""Where Python is told to write no bytecode, gradcli keeps its own modules' bytecode in the user's cache folder only."""

import json
import os
import subprocess
import sys

from gradcli.audit import bytecode
from gradcli.audit.bytecode import CachedSourceLoader, cached_path

PROBE = """
import json, sys
import gradcli.audit.bytecode
import gradcli.checker.verdict
import users.mine  # a folder first searched after gradcli's hook is in place
print(json.dumps([type(gradcli.checker.verdict.__spec__.loader).__name__, type(users.mine.__spec__.loader).__name__]))
"""


def _run(folder, cache, flag):
    env = {**os.environ, "XDG_CACHE_HOME": str(cache), "PYTHONPATH": os.getcwd() + os.pathsep + str(folder)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if flag:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    done = subprocess.run([sys.executable, "-c", PROBE], cwd=folder, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_with_the_flag_gradcli_reads_its_bytecode_from_the_cache_folder_and_the_users_modules_get_none(tmp_path):
    _users_package(tmp_path)
    cache = tmp_path / "cache"
    assert _run(tmp_path, cache, flag=True) == ["CachedSourceLoader", "SourceFileLoader"]
    kept = [os.path.join(d, f) for d, _, files in os.walk(cache) for f in files]
    assert any(path.endswith(os.path.join("checker", f"verdict.{sys.implementation.cache_tag}.pyc")) for path in kept)
    assert not any("mine" in path for path in kept)  # the user's module: no bytecode anywhere
    assert not [d for d, _, _ in os.walk(tmp_path / "users") if d.endswith("__pycache__")]
    assert _run(tmp_path, cache, flag=True)[0] == "CachedSourceLoader"  # read back: the same loader, no error


def _users_package(folder):
    (folder / "users").mkdir()
    (folder / "users" / "__init__.py").write_text("")
    (folder / "users" / "mine.py").write_text("X = 1\n")


def test_without_the_flag_nothing_changes(tmp_path):
    _users_package(tmp_path)
    assert _run(tmp_path, tmp_path / "cache", flag=False) == ["SourceFileLoader", "SourceFileLoader"]
    assert not (tmp_path / "cache").exists()


def test_a_cached_file_is_read_only_while_its_source_is_unchanged(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    source = tmp_path / "module.py"
    source.write_text("VALUE = 1\n")
    os.utime(source, (1_700_000_000, 1_700_000_000))
    assert _value(source) == 1
    assert os.path.exists(cached_path(str(source)))
    source.write_text("VALUE = 22\n")  # another size, the same modification time
    os.utime(source, (1_700_000_000, 1_700_000_000))
    assert _value(source) == 22
    source.write_text("VALUE = 33\n")  # the same size, another modification time
    os.utime(source, (1_700_000_100, 1_700_000_100))
    assert _value(source) == 33
    with open(cached_path(str(source)), "r+b") as handle:  # a damaged file is compiled again
        handle.truncate(20)
    assert _value(source) == 33


def test_an_unwritable_cache_folder_compiles_from_source(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))  # a file where a folder would be made
    source = tmp_path / "module.py"
    source.write_text("VALUE = 5\n")
    assert _value(source) == 5


def _value(source):
    namespace = {}
    exec(CachedSourceLoader("module", str(source)).get_code("module"), namespace)
    return namespace["VALUE"]


def test_the_hook_answers_only_for_gradcli_folders(tmp_path):
    assert bytecode._inside_package(os.path.join(bytecode.PACKAGE, "checker"))
    assert not bytecode._inside_package(str(tmp_path))
    assert not bytecode._inside_package(bytecode.PACKAGE + "_other")
