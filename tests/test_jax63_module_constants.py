"""Module-level ``jnp.array``, ``jnp.asarray`` and ``jnp.linspace`` constants made at import (x64 off: float32) are,
in a float64 check, the float64 numbers JAX's own float64 run has (x64 on before the import): JAX's run and the exact
reference hold 0.1, not float32's 0.10000000149011612, while the float32 run and the user's module keep theirs.
Truths are mpmath's, from the decimals written."""

import importlib.util

import jax
import mpmath
import numpy as np
import pytest

import gradcli

SOURCE = '''\
import jax.numpy as jnp

W = jnp.array([0.1, 0.3])
V = jnp.asarray([0.7, 0.9])
L = jnp.linspace(0.1, 0.5, 3)


def loss(x):
    return jnp.sum(W * x ** 2 + V * jnp.sin(x)) + jnp.sum(L) * x[0]
'''

DRAWN = '''\
import numpy as np
import jax.numpy as jnp

W = jnp.array([0.1, 0.3])
D = jnp.array(np.random.default_rng().uniform(1, 2, size=2))


def loss(x):
    return jnp.sum(W * D * x ** 2)
'''

X = [1.25, -0.5]


def _slopes(w, v, total):
    """d/dx of sum(w x^2 + v sin x) + total x0, at X, at 40 digits."""
    with mpmath.workdps(40):
        xs = [mpmath.mpf(x) for x in X]
        slopes = [2 * wi * xi + vi * mpmath.cos(xi) for wi, vi, xi in zip(w, v, xs)]
        slopes[0] += total
        return [float(s) for s in slopes]


def _loaded(path):
    spec = importlib.util.spec_from_file_location(f"jax63_users_{abs(hash(str(path)))}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def users(tmp_path_factory):
    folder = tmp_path_factory.mktemp("jax63_constants")
    for name, text in (("users.py", SOURCE), ("drawn.py", DRAWN)):
        (folder / name).write_text(text)
    return folder


def test_a_float64_check_holds_the_decimals_written(users):
    assert not jax.config.jax_enable_x64
    module = _loaded(users / "users.py")  # the user's module, imported as they import it: float32 constants
    report = gradcli.check(module.loss, [{"x": X}], fixes=False)
    narrow, wide = report.results
    dec = mpmath.mpf
    exact = _slopes([dec("0.1"), dec("0.3")], [dec("0.7"), dec("0.9")], dec("0.1") + dec("0.3") + dec("0.5"))
    assert wide.dtype == "float64" and wide.status == "ok"
    assert np.allclose(np.asarray(wide.exact_gradient["x"], dtype=float), exact, rtol=1e-12, atol=0)
    assert np.allclose(np.asarray(wide.gradient["x"], dtype=float), exact, rtol=1e-12, atol=0)  # JAX's own run
    assert not [note for note in report.notes if "JAX array" in note]

    f32 = [dec(float(np.float32(c))) for c in (0.1, 0.3, 0.7, 0.9)]
    total = sum(dec(float(c)) for c in np.linspace(0.1, 0.5, 3, dtype=np.float32))
    held = _slopes(f32[:2], f32[2:], total)  # the float32 run's constants: float32's numbers, as the user's run has
    assert narrow.dtype == "float32" and narrow.status == "ok"
    assert np.allclose(np.asarray(narrow.exact_gradient["x"], dtype=float), held, rtol=1e-12, atol=0)

    assert module.W.dtype == np.float32 and module.L.dtype == np.float32  # the user's module is untouched
    assert not jax.config.jax_enable_x64


def test_a_module_drawing_data_at_import_keeps_its_float32_numbers_named(users):
    """Loaded again, the module would draw other data: the float64 run holds the user's float32 constants, W's too,
    each named in a note, and the exact gradient is the float32 numbers'."""
    module = _loaded(users / "drawn.py")
    report = gradcli.check(module.loss, [{"x": X}], dtypes=("float64",), fixes=False)
    (result,) = report.results
    said = " ".join(note for note in report.notes if "JAX array" in note)
    assert "W (drawn.py:4)" in said and "D (drawn.py:5)" in said
    w = np.asarray(module.W, dtype=float)
    d = np.asarray(module.D, dtype=float)
    with mpmath.workdps(40):
        exact = [float(2 * mpmath.mpf(wi) * mpmath.mpf(di) * mpmath.mpf(x)) for wi, di, x in zip(w, d, X)]
    assert np.allclose(np.asarray(result.exact_gradient["x"], dtype=float), exact, rtol=1e-12, atol=0)


EXITING = '''\
import os
import sys

import jax.numpy as jnp

MARK = os.path.join(os.path.dirname(os.path.abspath(__file__)), "imported_once")
if os.path.exists(MARK):
    sys.exit("already set up")  # a module that refuses to run its set-up twice
open(MARK, "w").close()

W = jnp.array([0.1, 0.3])


def loss(x):
    return jnp.sum(W * x ** 2)
'''


def test_a_module_that_exits_when_run_again_keeps_its_float32_numbers(tmp_path):
    """The float64 copy runs the module's top level again; an exit there is that copy failing, not the check: the
    float64 run holds the user's float32 W, named in a note, and the exact gradient is its numbers'."""
    (tmp_path / "exiting.py").write_text(EXITING)
    module = _loaded(tmp_path / "exiting.py")
    report = gradcli.check(module.loss, [{"x": X}], dtypes=("float64",), fixes=False)
    (result,) = report.results
    assert "W (exiting.py:11)" in " ".join(note for note in report.notes if "JAX array" in note)
    w = np.asarray(module.W, dtype=float)
    with mpmath.workdps(40):
        exact = [float(2 * mpmath.mpf(wi) * mpmath.mpf(x)) for wi, x in zip(w, X)]
    assert result.status == "ok"
    assert np.allclose(np.asarray(result.exact_gradient["x"], dtype=float), exact, rtol=1e-12, atol=0)
