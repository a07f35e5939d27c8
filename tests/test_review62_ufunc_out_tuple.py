"""A ufunc's out= in NumPy's tuple form, ``out=(s,)``, writes into ``s`` as ``out=s`` does: the function's value and
gradient are NumPy's program's, in a plain NumPy module. Truths are mpmath's, from the mathematics."""

import mpmath
import pytest

import gradcli

MODULE = '''\
import numpy as np


def reduced_into_a_tuple(x):
    s = np.zeros(())
    np.add.reduce(x * x, out=(s,))
    return s + 1.0


def exp_into_a_tuple(x):
    y = np.zeros(3)
    np.exp(x, out=(y,))
    return y.sum()
'''

X = [0.5, -1.25, 2.0]


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    path = tmp_path_factory.mktemp("review62") / "tuple_outs.py"
    path.write_text(MODULE)
    return str(path)


@pytest.mark.parametrize("function, value, slope", [
    ("reduced_into_a_tuple", lambda x: mpmath.fsum(t * t for t in x) + 1, lambda t: 2 * t),
    ("exp_into_a_tuple", lambda x: mpmath.fsum(mpmath.exp(t) for t in x), mpmath.exp),
])
def test_an_out_tuple_holds_what_numpy_writes_there(module, function, value, slope):
    report = gradcli.check(f"{module}:{function}", [{"x": X}], dtypes=("float64",))
    (result,) = report.results
    x = [mpmath.mpf(t) for t in X]
    assert result.status == "ok", result.findings
    assert result.value == pytest.approx(float(value(x)), rel=1e-15)
    assert result.exact_value == pytest.approx(float(value(x)), rel=1e-15)
    assert result.gradient["x"] == pytest.approx([float(slope(t)) for t in x], rel=1e-15)
