"""A plain NumPy function's ``isinstance`` tests answer under gradcli as in NumPy's own run of the same module.

The truths: NumPy's own run of the module (its value, and whether it passes its own validation), and mpmath's
derivative of the expression NumPy's run computes, written here independently of the module.
"""

from __future__ import annotations


import mpmath
import numpy
import pytest

import gradcli
from tests.numpys_run import numpys_module

SOURCE = '''\
import numbers

import numpy as np


def validated(x, w):
    if not isinstance(w, np.ndarray):
        w = np.asarray(w, dtype=float)
    assert isinstance(w, np.ndarray), "w must be an array"
    v = w[0] * x
    if isinstance(v, (float, np.floating)):
        scale = np.sin(v)
    else:
        scale = np.cos(v)
    if isinstance(x, numbers.Real) and not isinstance(x, np.ndarray):
        scale = scale * x
    return np.sum(w * scale)


def by_python_float(x):
    return x * x if isinstance(x, float) else x * x * x


def read_out(x, w):
    total = float(np.sum(w))
    return total * x if isinstance(total, np.floating) else total * x * x * x


def mistyped(x, w):
    return np.sum(w * x) if isinstance(w, "ndarray") else x


def hashed(x, w):
    return np.sum(w * x) * {w: 2.0}[w]
'''

X, W = 0.5, [1.0, 2.0]


@pytest.fixture(scope="module")
def module_path(tmp_path_factory):
    path = tmp_path_factory.mktemp("types66b") / "types66b.py"
    path.write_text(SOURCE)
    return path


def _numpys_module(path):
    return numpys_module(path, "types66b_users_own")


def _validated_slopes():
    """d/dx and d/dw of sum(w) x sin(w0 x), what NumPy's run of ``validated`` computes (its branches on types taken
    as NumPy takes them: a NumPy scalar is a np.floating and a numbers.Real)."""
    def value(x, w0, w1):
        return (w0 + w1) * x * mpmath.sin(w0 * x)

    with mpmath.workdps(40):
        args = (X, *W)
        return [float(mpmath.diff(value, args, tuple(int(i == k) for i in range(3)))) for k in range(3)]


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("handed", ["file", "function"])
def test_validation_and_branches_on_types_are_numpys(module_path, dtype, handed):
    module = _numpys_module(module_path)
    kind = numpy.dtype(dtype).type
    numpys = module.validated(kind(X), numpy.array(W, dtype=kind))
    target = f"{module_path}:validated" if handed == "file" else module.validated
    (result,) = gradcli.check(target, [{"x": X, "w": W}], dtypes=[dtype], fixes=False).results
    assert result.status == "ok", (result.error, [f.message for f in result.findings])
    assert float(result.value) == pytest.approx(float(numpys), rel=1e-6 if dtype == "float32" else 1e-14)
    dx, dw0, dw1 = _validated_slopes()
    assert float(result.exact_gradient["x"]) == pytest.approx(dx, rel=1e-12)
    assert [float(g) for g in result.exact_gradient["w"]] == pytest.approx([dw0, dw1], rel=1e-12)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_a_type_the_dtype_decides_is_the_checked_programs_in_every_run(module_path, dtype):
    # NumPy's float64 scalar is a Python float, its float32 one is not: the float32 program computes x^3
    kind = numpy.dtype(dtype).type
    power = 2 if isinstance(kind(X), float) else 3
    assert _numpys_module(module_path).by_python_float(kind(X)) == pytest.approx(X ** power, rel=1e-7)
    (result,) = gradcli.check(f"{module_path}:by_python_float", [{"x": X}], dtypes=[dtype], fixes=False).results
    assert result.status == "ok", (result.error, [f.message for f in result.findings])
    with mpmath.workdps(40):
        slope = float(mpmath.diff(lambda t: t ** power, X))
    assert float(result.exact_gradient["x"]) == pytest.approx(slope, rel=1e-14)
    assert float(result.fd_gradient["x"]) == pytest.approx(slope, rel=1e-3)


def _raises_numpys_type_error(module_path, name):
    """That gradcli's check of ``name`` is an error starting with the TypeError NumPy's own run of it raises."""
    with pytest.raises(TypeError) as numpys:
        getattr(_numpys_module(module_path), name)(numpy.float64(X), numpy.array(W))
    (result,) = gradcli.check(f"{module_path}:{name}", [{"x": X, "w": W}], dtypes=["float64"], fixes=False).results
    assert result.status == "error"
    assert result.error.startswith(f"TypeError: {numpys.value} (at "), result.error


def test_a_type_test_of_no_type_is_refused_in_pythons_words(module_path):
    _raises_numpys_type_error(module_path, "mistyped")


def test_a_number_read_out_as_pythons_float_is_no_numpy_scalar_in_any_run(module_path):
    assert _numpys_module(module_path).read_out(numpy.float64(X), numpy.array(W)) == pytest.approx(sum(W) * X ** 3)
    (result,) = gradcli.check(f"{module_path}:read_out", [{"x": X, "w": W}], dtypes=["float64"], fixes=False).results
    assert float(result.exact_gradient["x"]) == pytest.approx(3 * sum(W) * X ** 2, rel=1e-14)  # d/dx sum(w) x^3


def test_an_array_is_unhashable_as_in_numpys_run(module_path):
    _raises_numpys_type_error(module_path, "hashed")
