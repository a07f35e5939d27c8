"""One home for each of three small things every caller shares, asked of paths and plain records (no framework is
imported): an installed package's file (`folders.installed_package_file`: pip's ``site-packages`` and Debian's
``dist-packages``, the system Python's python3-* packages, alike in every caller that asks whether a file is the
user's or a library's), autograph's source map of a generated file (its lines' list made once per file), and the
name provenance gives a library call whose framework's own value is NaN or inf."""

import collections
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


def test_autographs_source_map_is_read_by_lines_made_once_per_file():
    """`tf_errors`: a generated file's map keeps its lines' list, which every lookup bisects (made once per file, not
    per lookup); an unmapped line (a re-raise) belongs to the nearest mapped line above it."""
    from gradcli.capture import tf_errors

    Location = collections.namedtuple("Location", "filename lineno")

    def location(line):
        return Location("__autograph_generated_filex.py", line)

    origins = {location(line): f"user line of {line}" for line in (30, 10, 20)}
    (source_map,) = tf_errors._by_file(origins).values()
    assert source_map.lines == [10, 20, 30] and [origin for _, origin in source_map][0] == "user line of 10"
    assert [tf_errors._origin_in(source_map, line) for line in (9, 10, 25, 99)] == [
        None, "user line of 10", "user line of 20", "user line of 30"]
    source_map.lines[:] = [10, 11, 12]  # the kept list is what a lookup reads
    assert tf_errors._origin_in(source_map, 25) == "user line of 30"
    assert tf_errors._origin_in(tf_errors._NO_MAP, 25) is None


def test_a_library_calls_nan_is_named_one_way_in_its_finding_and_its_sentence():
    """`provenance._first_own_nonfinite`: the op a finding names and the call its sentence names come from one name
    (`provenance._call_named`), the library function the call's site names, though the replayed call's own name
    (a private implementation's) differs."""
    import numpy as np

    from gradcli.checker import provenance

    argument = np.float32(1.0)
    own = types.SimpleNamespace(
        arguments=(argument,), called="jax._src.special.bessel_jn_recurrence", framework="JAX",
        value_of=lambda output: np.full(2, np.nan, dtype=np.float32))
    stacked = types.SimpleNamespace(  # the op holding the call's result: not the call's own arguments
        own=own, phase="forward", name="stack", location="f.py:3", node_name=None, prim=None, index=4,
        args=(np.float32(0.765), np.float32(0.44)), output=np.array([0.765, 0.44], dtype=np.float32),
        library="jax.scipy.special.bessel_jn, jax/_src/scipy/special.py:120")
    op, sentence, label = provenance._first_own_nonfinite(types.SimpleNamespace(ops=[stacked]), "forward")
    assert op is stacked and label == "bessel_jn"
    assert sentence.startswith("jax.scipy.special.bessel_jn(1.0) returned [nan, nan], where gradcli's bessel_jn ")
    no_site = types.SimpleNamespace(**{**vars(stacked), "library": None})
    _, sentence, label = provenance._first_own_nonfinite(types.SimpleNamespace(ops=[no_site]), "forward")
    assert label == "bessel_jn_recurrence" and sentence.startswith("jax._src.special.bessel_jn_recurrence(1.0) returned")
