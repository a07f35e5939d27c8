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
    for module, file in zip(loaded.modules, loaded.files):
        assert file == (getattr(module, "__file__", None) if isinstance(getattr(module, "__file__", None), str) else "")
    assert lines.loaded_modules().by_file[lines.__file__] is lines
