"""Where Python is told to write no bytecode, gradcli keeps its own modules' bytecode in the user's cache folder only."""

import json
import ntpath
import os
import shutil
import subprocess
import sys

from gradcli.audit import bytecode
from gradcli.audit.bytecode import CachedSourceLoader, cached_path

PROBE = """
import json, sys
import gradcli.audit.bytecode
gradcli.audit.bytecode.install()
import gradcli.checker.verdict
import users.mine  # a folder first searched after gradcli's hook is in place
print(json.dumps([type(gradcli.checker.verdict.__spec__.loader).__name__, type(users.mine.__spec__.loader).__name__]))
"""


def _run(folder, cache, flag, probe=PROBE):
    env = {**os.environ, "XDG_CACHE_HOME": str(cache), "PYTHONPATH": os.getcwd() + os.pathsep + str(folder)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if flag:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    done = subprocess.run([sys.executable, "-c", probe], cwd=folder, env=env, capture_output=True, text=True, timeout=120)
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


def test_importing_the_module_alone_installs_no_hook(tmp_path):
    # gradcli used as a library (pytest with -B among others) must never write into the user's cache.
    _users_package(tmp_path)
    probe = PROBE.replace("gradcli.audit.bytecode.install()\n", "")
    assert _run(tmp_path, tmp_path / "cache", flag=True, probe=probe) == ["SourceFileLoader", "SourceFileLoader"]
    assert not (tmp_path / "cache").exists()


def test_the_audit_forkservers_first_preload_installs_it(tmp_path):
    # The forkserver can only import: preload_begins, first in its list, installs the hook.
    _users_package(tmp_path)
    probe = PROBE.replace("gradcli.audit.bytecode.install()\n", "import gradcli.audit.preload_begins\n")
    assert _run(tmp_path, tmp_path / "cache", flag=True, probe=probe) == ["CachedSourceLoader", "SourceFileLoader"]
    assert PROBE != probe


def test_the_command_line_installs_it(tmp_path):
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"), "PYTHONDONTWRITEBYTECODE": "1",
           "PYTHONPATH": os.getcwd()}
    done = subprocess.run([sys.executable, "-m", "gradcli", "grad", "x*x", "--at", "x=2"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    kept = [f for _, _, files in os.walk(tmp_path / "cache") for f in files]
    assert f"cli.{sys.implementation.cache_tag}.pyc" in kept


def test_a_windows_drive_becomes_a_folder_under_the_cache_folder(monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", "C:\\Users\\me\\AppData\\cache")
    tag = sys.implementation.cache_tag
    expected = f"C:\\Users\\me\\AppData\\cache\\gradcli\\bytecode\\D\\src\\gradcli\\cli.{tag}.pyc"
    assert cached_path("D:\\src\\gradcli\\cli.py", ntpath).startswith("C:\\Users\\me\\AppData\\cache\\gradcli\\bytecode\\")
    assert cached_path("D:\\src\\gradcli\\cli.py", ntpath) == expected
    assert cached_path("D:/src/gradcli/cli.py", ntpath) == expected  # the other separator
    unc = cached_path("\\\\server\\share\\gradcli\\cli.py", ntpath)
    assert unc == f"C:\\Users\\me\\AppData\\cache\\gradcli\\bytecode\\server\\share\\gradcli\\cli.{tag}.pyc"


def test_a_posix_path_keeps_its_folders_under_the_cache_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    tag = sys.implementation.cache_tag
    assert cached_path("/src/gradcli/cli.py") == os.path.join(str(tmp_path), "gradcli", "bytecode", "src", "gradcli",
                                                              f"cli.{tag}.pyc")


def test_code_read_from_a_file_compiled_elsewhere_names_this_source(tmp_path, monkeypatch):
    # A checkout moved (or copied with its times) finds bytecode compiled under the old path.
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    old, new = tmp_path / "old", tmp_path / "new"
    old.mkdir()
    new.mkdir()
    (old / "module.py").write_text("VALUE = 1\n")
    os.utime(old / "module.py", (1_700_000_000, 1_700_000_000))
    assert _value(old / "module.py") == 1
    os.makedirs(os.path.dirname(cached_path(str(new / "module.py"))))
    shutil.copy2(cached_path(str(old / "module.py")), cached_path(str(new / "module.py")))
    (new / "module.py").write_text("VALUE = 2\n")  # the same size and time: only the cached file can answer 1
    os.utime(new / "module.py", (1_700_000_000, 1_700_000_000))
    code = CachedSourceLoader("module", str(new / "module.py")).get_code("module")
    namespace = {}
    exec(code, namespace)
    assert namespace["VALUE"] == 1  # read from the cache, not compiled again
    assert code.co_filename == str(new / "module.py")


def _kept_copy(cache, source):
    """Bytecode as a copy of gradcli at ``source`` leaves it: its ``gradcli`` mirror with two subpackages' files."""
    kept = os.path.dirname(cached_path(os.path.join(source, "gradcli", "checker", "verdict.py")))
    os.makedirs(kept)
    os.makedirs(os.path.join(os.path.dirname(kept), "autodiff"))
    with open(os.path.join(kept, "verdict.pyc"), "wb") as handle:
        handle.write(b"kept")
    return os.path.dirname(kept)


def test_the_bytecode_of_copies_whose_sources_are_gone_is_removed_and_the_rest_kept(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    living, gone = tmp_path / "checkouts" / "living", tmp_path / "checkouts" / "gone"
    (living / "gradcli").mkdir(parents=True)
    kept_living, kept_gone = _kept_copy(tmp_path, str(living)), _kept_copy(tmp_path, str(gone))
    assert bytecode.prune_gone_copies() == 1
    assert os.path.isdir(kept_living) and not os.path.exists(kept_gone)
    assert not os.path.exists(os.path.dirname(kept_gone))  # its emptied parent too, not the living copy's
    assert os.path.isdir(os.path.dirname(os.path.dirname(kept_gone)))
    assert bytecode.prune_gone_copies() == 0


def test_a_new_copys_first_process_prunes_and_a_known_copys_does_not(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    kept_gone = _kept_copy(tmp_path, str(tmp_path / "gone"))
    probe = ("import sys; import gradcli.audit.bytecode as b; b.install(); import gradcli.checker.verdict; "
             "print(len(sys.modules))")
    _run(tmp_path, tmp_path / "cache", flag=True, probe=probe)
    assert not os.path.exists(kept_gone)  # this copy's folder was new: the gone copy's bytecode removed
    kept_gone = _kept_copy(tmp_path, str(tmp_path / "gone"))
    _run(tmp_path, tmp_path / "cache", flag=True, probe=probe)
    assert os.path.exists(kept_gone)  # this copy known: no walk of the cache in every process
