"""A JAX module's constants as the user's own float64 run has them: the module loaded afresh under JAX's x64 mode.

A module that makes ``W = jnp.array([0.1, 0.3])`` at import, with x64 off (JAX's
default), holds float32 numbers; the same module imported after
``jax.config.update("jax_enable_x64", True)``, as a JAX user's float64 run
imports it, holds float64 ones. A float64 check traces the function of a copy of
the module run with x64 on, so that its run, and its exact reference, hold the
numbers written, while the user's module object, and every float32 run, keep
theirs. The copy is taken only where it is the same module but for those
constants: every value the function reads is the original's (its float32
constants the rounding of the copy's); else the float64 run holds the float32
numbers, as a run of the user's module object under x64 would.
"""

from __future__ import annotations

import contextlib
import importlib.machinery
import importlib.util
import os
import sys

import numpy as np

from .jax_modes import values_reached


def widened(fun, narrowed):
    """``(wide function, names widened)``: ``fun`` as its module loaded afresh under x64 defines it, and the names
    of ``narrowed`` (``(owner, name, array)``: the float arrays narrower than float64 that ``fun`` reads from its
    module, made at import with x64 off) that copy holds as float64 arrays of the numbers written; None where the
    copy cannot be taken, widens none of them, or reads anything else otherwise than ``fun`` does."""
    names = _module_names(fun, narrowed)
    if names is None:
        return None
    name = next((name for name, value in names.items() if value is fun), None)
    path = names.get("__file__") or names["__spec__"].origin
    fresh = _loaded_under_x64(path, _source_held(names)) if name is not None else None
    if fresh is None or not callable(getattr(fresh, name, None)):
        return None
    wide_fun = getattr(fresh, name)
    by_name = {name: array for _, name, array in narrowed}
    wide = {name for name, array in by_name.items() if _widens(array, vars(fresh).get(name))}
    if not wide or not _reads_the_same(fun, wide_fun, by_name):
        return None
    return wide_fun, wide


def _module_names(fun, narrowed):
    """The names of the module ``fun`` is defined in (its globals), where it was imported from a Python file (not
    run as the script) and every one of ``narrowed`` is read from it."""
    names = getattr(getattr(fun, "__wrapped__", fun), "__globals__", None)  # jax.jit's and functools' wrappers
    # a rewritten copy held in memory has no __file__: its spec's origin is the user's file
    path = (names.get("__file__") or getattr(names.get("__spec__"), "origin", None)) if names is not None else None
    if not path or not str(path).endswith(".py") or not os.path.isfile(path):
        return None
    if names.get("__name__") == "__main__":  # a script: a copy would run the whole program, gradcli's call in it too
        return None
    if any(getattr(owner, "__globals__", None) is not names for owner, _, _ in narrowed):
        return None
    return names


def _source_held(names):
    """The loader of a module whose source is not its file's (a fix's rewritten copy of it, held in memory), which
    runs that source again; None for a module loaded from its file."""
    loader = getattr(names.get("__spec__"), "loader", None)
    if loader is None or isinstance(loader, importlib.machinery.SourceFileLoader) or not hasattr(loader, "get_data"):
        return None
    return loader


def _loaded_under_x64(path, loader=None):
    """The module at ``path`` (its source as ``loader`` holds it, where one is given: a rewritten copy's) run afresh
    with JAX's x64 mode on (its folder importable, as a check loads it), or None where running it raises: the float64
    run then holds the constants of the module the user has."""
    import jax  # lazy: only a JAX target loads JAX

    name = f"gradcli_x64_{abs(hash(path))}"
    if loader is not None:
        spec = importlib.util.spec_from_loader(name, loader, origin=path)
    else:
        spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        return None
    module = importlib.util.module_from_spec(spec)
    folder = os.path.dirname(path)
    added = folder not in sys.path
    if added:
        sys.path.insert(0, folder)
    sys.modules[name] = module  # a dataclass or a pickle in the module looks its module up while it runs
    try:  # what the module prints as it runs again goes to stderr: stdout may be a report (--json)
        with jax.enable_x64(True), contextlib.redirect_stdout(sys.stderr):
            spec.loader.exec_module(module)
    except (Exception, SystemExit):  # noqa: BLE001 - the user's module, run a second time: any failure, an exit at
        # import included, keeps the first
        return None
    finally:
        sys.modules.pop(name, None)
        if added and folder in sys.path:
            sys.path.remove(folder)
    return module


def _widens(narrow, wide):
    """Whether ``wide`` (the fresh module's value) is a float64 JAX array whose rounding to ``narrow``'s dtype is
    ``narrow``, bit for bit: the same numbers written, made wider."""
    if wide is None or type(wide).__module__.partition(".")[0] not in ("jax", "jaxlib"):
        return False
    wide = np.asarray(wide)
    narrow = np.asarray(narrow)
    if wide.dtype != np.float64 or wide.shape != narrow.shape:
        return False
    with np.errstate(all="ignore"):
        return np.array_equal(wide.astype(narrow.dtype), narrow, equal_nan=True)


def _reads_the_same(fun, wide_fun, narrowed):
    """Whether every array and number ``wide_fun`` reads is the one ``fun`` reads by the same name (a narrowed
    constant: its rounding), so that the copy differs from the user's module in its widened constants alone (random
    data drawn at import afresh would not)."""
    original = {name: value for _, name, value in values_reached(fun)}
    for _, name, value in values_reached(wide_fun):
        if name not in original or not _data(value):
            continue
        if name in narrowed:
            if not _widens(narrowed[name], value) and not _equal(narrowed[name], value):
                return False
        elif not _equal(original[name], value):
            return False
    return True


def _data(value):
    return isinstance(value, (int, float, complex, np.ndarray, np.generic)) or hasattr(value, "__jax_array__") or (
        type(value).__module__.partition(".")[0] in ("jax", "jaxlib") and hasattr(value, "dtype"))


def _equal(a, b):
    try:
        a, b = np.asarray(a), np.asarray(b)
        return a.shape == b.shape and np.array_equal(a, b, equal_nan=a.dtype.kind in "fc")
    except Exception:  # noqa: BLE001 - values that cannot be compared as arrays are not the same data
        return False
