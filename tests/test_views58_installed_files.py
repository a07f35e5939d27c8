"""An installed package's file, told the same way everywhere (`folders.installed_package_file`): pip's
``site-packages`` and Debian's ``dist-packages`` (the system Python's python3-* packages) alike, in every caller that
asks whether a file is the user's or a library's. No framework is imported: each caller is asked about paths."""

import os
import types

import pytest

from gradcli import folders
from gradcli.autodiff import tracer
from gradcli.capture import detect, jax_walk, tf_eager, torch_graph

INSTALLED = {
    "pip": os.path.join(os.sep, "venv", "lib", "python3.11", "site-packages", "somepkg", "mod.py"),
    "debian": os.path.join(os.sep, "usr", "lib", "python3", "dist-packages", "somepkg", "mod.py"),
}
USERS = os.path.join(os.sep, "home", "ana", "my-site-packages-notes", "dist-packages.py")  # names alike, no such folder


@pytest.mark.parametrize("spelling", list(INSTALLED))
def test_both_spellings_are_an_installed_package_and_a_lookalike_is_not(spelling):
    path = INSTALLED[spelling]
    assert folders.installed_package_file(path)
    assert folders.in_installed_package(path) == os.path.join("somepkg", "mod.py")
    assert not folders.installed_package_file(USERS) and folders.in_installed_package(USERS) is None


def test_the_innermost_installed_folder_is_the_package_s():
    nested = os.path.join(os.sep, "a", "site-packages", "vendored", "dist-packages", "inner", "m.py")
    assert folders.in_installed_package(nested) == os.path.join("inner", "m.py")


def _frame(filename):
    return types.SimpleNamespace(f_code=types.SimpleNamespace(co_filename=filename), f_back=None)


@pytest.mark.parametrize("spelling", list(INSTALLED))
def test_every_caller_counts_both_spellings_as_a_library(spelling, monkeypatch):
    path = INSTALLED[spelling]
    # the door: a number handed over by a library's code is not the user's
    assert not tracer._from_user_code(_frame(path)) and tracer._from_user_code(_frame(USERS))
    # detection: a helper in an installed package is not the user's code
    assert not detect._users_file(path) and detect._users_file(USERS)
    # PyTorch: a file of Python's library folder is machinery, an installed package under it is not
    under_stdlib = os.path.join(torch_graph.STDLIB_FOLDER, f"{'site' if spelling == 'pip' else 'dist'}-packages", "pkg", "m.py")
    assert torch_graph._machinery(os.path.join(torch_graph.STDLIB_FOLDER, "json", "decoder.py"), os.path.join(os.sep, "no", "torch", ""))
    assert not torch_graph._machinery(under_stdlib, os.path.join(os.sep, "no", "torch", ""))
    # JAX: an installed package's code is a library's, shown from its package on
    monkeypatch.setattr(jax_walk, "_jax_directory", lambda: os.path.join(os.sep, "no", "jax", ""))
    assert jax_walk._library_file(path) and not jax_walk._library_file(USERS)
    assert jax_walk._shown_path(path) == os.path.join("somepkg", "mod.py")
    # TensorFlow: the user's modules a function reaches stop at an installed package's
    reached = {name: types.ModuleType(name) for name in ("installed", "own")}
    reached["installed"].__file__, reached["own"].__file__ = path, USERS
    found = tf_eager._users_modules([dict(reached)], users=lambda filename: True)
    assert [held.get("__file__") for held in found[1:]] == [USERS]
