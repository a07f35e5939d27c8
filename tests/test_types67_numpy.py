"""A plain NumPy function's ``type(x)`` and ``x.__class__`` tests answer under gradcli as in NumPy's own run.

The truths: NumPy's own run of the module (its value), and mpmath's derivative of the expression NumPy's run computes
on the branches it takes, written here independently of the module.
"""

from __future__ import annotations


import mpmath
import numpy
import pytest

import gradcli
from tests.numpys_run import numpys_module

SOURCE = '''\
import numpy as np


def by_array_type(x, w):
    a = np.sum(w * x) if type(w) is np.ndarray else x
    b = np.sum(w * w) if type(w) == np.ndarray else x
    c = x * x if w.__class__ is np.ndarray else x
    return a + b * c


def by_scalar_type(x, w):
    s = np.sum(w)
    d = x if type(s) is np.float64 else x * x * x
    e = np.sin(x) if type(float(s)) is float else x
    f = x if issubclass(type(s), np.floating) else 5 * x
    return d + e + f
'''

X, W = 0.75, [1.0, 2.0]


@pytest.fixture(scope="module")
def module_path(tmp_path_factory):
    path = tmp_path_factory.mktemp("types67") / "types67.py"
    path.write_text(SOURCE)
    return path


def _numpys_module(path):
    return numpys_module(path, "types67_users_own")


def _numpys_value(path, name, dtype):
    kind = numpy.dtype(dtype).type
    return float(getattr(_numpys_module(path), name)(kind(X), numpy.array(W, dtype=kind)))


def _slopes(value):
    """d/dx, d/dw0, d/dw1 of ``value(x, w0, w1)`` at the point, by mpmath."""
    with mpmath.workdps(40):
        args = (X, *W)
        return [float(mpmath.diff(value, args, tuple(int(i == k) for i in range(3)))) for k in range(3)]


def _checked(path, name, dtype, handed="file"):
    target = f"{path}:{name}" if handed == "file" else getattr(_numpys_module(path), name)
    (result,) = gradcli.check(target, [{"x": X, "w": W}], dtypes=[dtype], fixes=False).results
    assert result.status == "ok", (result.error, [f.message for f in result.findings])
    return result


@pytest.mark.parametrize("handed", ["file", "function"])
def test_an_arrays_type_is_numpys_ndarray(module_path, handed):
    # NumPy's branches: sum(w) x + sum(w^2) x^2
    result = _checked(module_path, "by_array_type", "float64", handed)
    assert float(result.value) == pytest.approx(_numpys_value(module_path, "by_array_type", "float64"), rel=1e-14)
    dx, dw0, dw1 = _slopes(lambda x, w0, w1: (w0 + w1) * x + (w0 * w0 + w1 * w1) * x * x)
    assert float(result.exact_gradient["x"]) == pytest.approx(dx, rel=1e-12)
    assert [float(g) for g in result.exact_gradient["w"]] == pytest.approx([dw0, dw1], rel=1e-12)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_a_numbers_type_is_the_checked_dtypes_numpy_scalar(module_path, dtype):
    # float64's sum is a numpy.float64 and float32's is not; float() of either is Python's float; both are np.floating
    power = 1 if dtype == "float64" else 3
    result = _checked(module_path, "by_scalar_type", dtype)
    assert float(result.value) == pytest.approx(_numpys_value(module_path, "by_scalar_type", dtype), rel=1e-6)
    dx, _, _ = _slopes(lambda x, w0, w1: x ** power + mpmath.sin(x) + x)
    assert float(result.exact_gradient["x"]) == pytest.approx(dx, rel=1e-12)


def test_an_exact_runs_number_outside_every_trace_read_out_by_float_is_pythons_float():
    # The exact reference's mpmath runs hand the code its numbers in plain boxes, outside every trace
    from gradcli.autodiff import arb
    from gradcli.autodiff.plain import kept
    from gradcli.capture.numpy_errors import numpys_isinstance, numpys_type
    from gradcli.capture.numpy_reads import read_float

    arb.enable()  # as every check's exact reference turns it on
    numpys_sum = numpy.sum(numpy.array(W))
    exact_sum = kept(mpmath.mpf(sum(W)))
    assert numpys_isinstance(exact_sum, numpy.floating) is isinstance(numpys_sum, numpy.floating)
    read, numpys_read = read_float(exact_sum), float(numpys_sum)
    assert numpys_type(read) is type(numpys_read)
    assert numpys_isinstance(read, numpy.floating) is isinstance(numpys_read, numpy.floating)
    assert numpys_isinstance(read, float) is isinstance(numpys_read, float)
    assert float(mpmath.mpf(read._value)) == numpys_read
