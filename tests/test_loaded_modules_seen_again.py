"""The loaded modules' files, read once per change of sys.modules (`lines.loaded_modules`), answer as a fresh read."""

import sys
import types

from gradcli.capture import lines


def _fresh_module(name, path):
    module = types.ModuleType(name)
    module.__file__ = path
    return module


def test_a_module_loaded_or_let_go_of_is_seen_at_the_next_ask(tmp_path):
    path = str(tmp_path / "users_module.py")
    assert lines._module_of_file(path) is None
    first = _fresh_module("gradcli_test_users_module", path)
    sys.modules[first.__name__] = first
    try:
        assert lines._module_of_file(path) is first
        # Replaced under the same name, as a reload into a fresh module does: the new module, not the one kept.
        second = _fresh_module(first.__name__, path)
        sys.modules[first.__name__] = second
        assert lines._module_of_file(path) is second
    finally:
        del sys.modules[first.__name__]
    assert lines._module_of_file(path) is None


def test_the_kept_files_are_each_modules_own():
    loaded = lines.loaded_modules()
    assert lines.loaded_modules() is loaded  # nothing changed: nothing read again
    for module in loaded.modules:
        file = getattr(module, "__file__", None)
        assert loaded.files[id(module)] == (file if isinstance(file, str) else "")
    assert lines._module_of_file(lines.__file__) is lines


def test_the_modules_picked_follow_the_modules_loaded(tmp_path):
    folder = str(tmp_path)
    mine = lambda path: path.startswith(folder)  # noqa: E731
    assert lines.loaded_modules().picked("test", mine) == []
    module = _fresh_module("gradcli_test_picked_module", str(tmp_path / "picked.py"))
    sys.modules[module.__name__] = module
    try:
        assert lines.loaded_modules().picked("test", mine) == [module]
    finally:
        del sys.modules[module.__name__]
    assert lines.loaded_modules().picked("test", mine) == []


def test_a_file_asked_again_is_answered_without_a_pass_over_the_modules(tmp_path, monkeypatch):
    path = str(tmp_path / "asked_again.py")
    module = _fresh_module("gradcli_test_asked_again", path)
    sys.modules[module.__name__] = module
    try:
        assert lines._module_of_file(path) is module
        other = _fresh_module("gradcli_test_loaded_after", str(tmp_path / "other.py"))
        sys.modules[other.__name__] = other  # sys.modules changed: a pass would read it again
        try:
            def no_pass():
                raise AssertionError("a pass over sys.modules for a file whose module is still loaded")

            monkeypatch.setattr(lines, "loaded_modules", no_pass)
            assert lines._module_of_file(path) is module
            monkeypatch.undo()
        finally:
            del sys.modules[other.__name__]
    finally:
        del sys.modules[module.__name__]
    assert lines._module_of_file(path) is None  # let go of: asked afresh
