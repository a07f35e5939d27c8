"""Chained indices on arrays in plain NumPy code (``m[0][1]``, ``m[i][j] = v`` in loops, ``m[1][:] = x``,
``m[0][2] += v``) read and write as in NumPy's own run.

The truths: NumPy's own run of the module (its value), and mpmath's derivative of the function NumPy's run computes,
written here independently of the module.
"""

from __future__ import annotations


import mpmath
import numpy
import pytest

import gradcli
from tests.numpys_run import numpys_module

SOURCE = '''\
import numpy as np


def picked(m):
    return m[0][1] * m[1][0] + np.sin(m[1][1])


def filled(x):
    m = np.zeros((2, 2))
    for i in range(2):
        for j in range(2):
            m[i][j] = x[i] * (j + 1) + x[j] ** 2
    return np.sum(m * m)


def rows(x):
    m = np.zeros((2, 3))
    m[0][0] = 0.5
    m[1][:] = x
    m[0][2] += x[0] * 3
    m[[0, 1]][0] = 7.0 * x
    return np.sum(np.exp(m))
'''


@pytest.fixture(scope="module")
def module_path(tmp_path_factory):
    path = tmp_path_factory.mktemp("chains67") / "chains67.py"
    path.write_text(SOURCE)
    return path


def _numpys_module(path):
    return numpys_module(path, "chains67_users_own")


def _numpys_value(path, name, argument):
    return float(getattr(_numpys_module(path), name)(numpy.array(argument)))


def _slopes(value, point):
    with mpmath.workdps(40):
        return [float(mpmath.diff(value, point, tuple(int(i == k) for i in range(len(point)))))
                for k in range(len(point))]


def _picked(m00, m01, m10, m11):
    return m01 * m10 + mpmath.sin(m11)


def _filled(x0, x1):
    x = (x0, x1)
    return mpmath.fsum((x[i] * (j + 1) + x[j] ** 2) ** 2 for i in range(2) for j in range(2))


def _rows(x0, x1, x2):
    # m = [[0.5, 0, 3 x0], [x0, x1, x2]]: the write through a fancy index's copy is NumPy's, and lost
    return mpmath.exp(0.5) + 1 + mpmath.exp(3 * x0) + mpmath.exp(x0) + mpmath.exp(x1) + mpmath.exp(x2)


@pytest.mark.parametrize(("name", "argument", "truth"), [
    ("picked", [[1.0, 2.0], [3.0, 4.0]], _picked),
    ("filled", [0.5, 1.5], _filled),
    ("rows", [0.5, 1.5, -1.0], _rows),
])
def test_chained_indices_read_and_write_as_numpys(module_path, name, argument, truth):
    variable = "m" if name == "picked" else "x"
    (result,) = gradcli.check(f"{module_path}:{name}", [{variable: argument}], dtypes=["float64"],
                              fixes=False).results
    assert result.status == "ok", (result.error, [f.message for f in result.findings])
    assert float(result.value) == pytest.approx(_numpys_value(module_path, name, argument), rel=1e-14)
    flat = numpy.ravel(argument).tolist()
    expected = _slopes(truth, flat)
    assert numpy.ravel(numpy.array(result.exact_gradient[variable], dtype=float)) == pytest.approx(expected, rel=1e-12)
    assert numpy.ravel(numpy.array(result.gradient[variable], dtype=float)) == pytest.approx(expected, rel=1e-12)


def test_a_function_handed_over_writes_through_chained_indices_too(module_path):
    # a function object is compiled again from its source with the same rewrite
    argument = [0.5, 1.5]
    (result,) = gradcli.check(_numpys_module(module_path).filled, [{"x": argument}], dtypes=["float64"],
                              fixes=False).results
    assert result.status == "ok", (result.error, [f.message for f in result.findings])
    assert float(result.value) == pytest.approx(_numpys_value(module_path, "filled", argument), rel=1e-14)
    assert [float(g) for g in result.exact_gradient["x"]] == pytest.approx(_slopes(_filled, argument), rel=1e-12)
