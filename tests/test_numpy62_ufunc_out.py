"""A ufunc's ``out=`` in plain NumPy code: as a module-level statement run when the module loads (``np.log(A,
out=B)``, NumPy's own call filling B), and in a ufunc's methods (``np.add.reduce(x, out=s)``, ``np.add.accumulate``,
``np.multiply.outer``, ``np.maximum.reduce(..., axis=0, out=m)``, out given by keyword or by position) inside the
function, where the name given as out is bound to the array NumPy would leave there, differentiated. Values are NumPy's
own run of the same module; gradients are the closed forms' at mpmath's 30 digits."""

import textwrap

import mpmath as mp
import numpy as np
import pytest

import gradcli
from gradcli.autodiff.tracer import TracedValueError
from gradcli.capture.numpy_module import load_module
from tests.numpys_run import numpys_module

SOURCE = '''
import numpy as np

A = np.array([1.0, 2.0, 3.0])
B = np.empty(3)
np.log(A, out=B)
C = np.zeros(3)
np.multiply(A, 2.0, C)
S = np.empty(())
np.add.reduce(A, out=S)
R = np.zeros(3)
np.add.accumulate(A, 0, None, R)
O = np.zeros((3, 3))
np.multiply.outer(A, A, out=O)
T = np.zeros(3)
np.add.at(T, [0, 0, 2], 1.5)
W = np.zeros(3)
np.exp(A, out=W, where=A > 1.5)


def module_level(x):
    return np.sum(x * B) + np.sum(C * x) + S * x[0] + np.sum(R * x) + np.sum(O @ x) + np.sum(T * x) + np.sum(W * x)


def methods(x):
    s = np.empty(())
    np.add.reduce(x * x, out=s)
    r = np.zeros(3)
    np.add.accumulate(x, 0, None, r)
    o = np.zeros((3, 3))
    total = np.multiply.outer(x, x, out=o)
    m = np.zeros(2)
    np.maximum.reduce(np.stack([x[:2], x[1:]]), axis=0, out=m)
    q = np.zeros(3)
    np.add.at(q, [0, 0, 2], x)
    return s + np.sum(r * r) + np.sum(o) + np.sum(total) + np.sum(m) + np.sum(q * q)


def inside_an_expression(x):
    s = np.empty(())
    return np.add.reduce(x, out=s) + s
'''
X = np.array([0.5, 1.5, 2.0])


@pytest.fixture(scope="module")
def modules(tmp_path_factory):
    """(the module on gradcli.numpy, the same module on NumPy)."""
    path = tmp_path_factory.mktemp("numpy62") / "outs62.py"
    path.write_text(textwrap.dedent(SOURCE))
    plain = numpys_module(path, "outs62_numpy")
    return load_module(str(path), path.read_text()), plain


def _module_level_truth(x):
    a = [mp.mpf(1), mp.mpf(2), mp.mpf(3)]
    running = [a[0], a[0] + a[1], a[0] + a[1] + a[2]]
    t, w = [mp.mpf(3), 0, mp.mpf(1.5)], [0, mp.exp(a[1]), mp.exp(a[2])]
    return (sum(xi * mp.log(ai) for xi, ai in zip(x, a)) + sum(2 * ai * xi for ai, xi in zip(a, x)) + sum(a) * x[0]
            + sum(ri * xi for ri, xi in zip(running, x)) + sum(a) * sum(ai * xi for ai, xi in zip(a, x))
            + sum(ti * xi for ti, xi in zip(t, x)) + sum(wi * xi for wi, xi in zip(w, x)))


def _methods_truth(x):
    running = [x[0], x[0] + x[1], x[0] + x[1] + x[2]]
    q = [x[0] + x[1], 0, x[2]]
    return (sum(xi * xi for xi in x) + sum(r * r for r in running) + 2 * sum(x) ** 2
            + mp.mpf(max(x[0], x[1])) + max(x[1], x[2]) + sum(v * v for v in q))


@pytest.mark.parametrize("name, truth", [("module_level", _module_level_truth), ("methods", _methods_truth)])
def test_values_are_numpys_and_gradients_the_closed_forms(modules, name, truth):
    substituted, plain = modules
    value, gradient = gradcli.value_and_grad(getattr(substituted, name))(X)
    assert float(value) == pytest.approx(float(getattr(plain, name)(X.copy())), rel=1e-15)
    with mp.workdps(30):
        point = [mp.mpf(v) for v in X]
        for i in range(3):
            want = mp.diff(lambda t, i=i: truth(point[:i] + [t] + point[i + 1:]), point[i])
            assert float(gradient[i]) == pytest.approx(float(want), rel=1e-12), (name, i)


def test_module_level_outs_hold_what_numpy_wrote(modules):
    substituted, plain = modules
    for name in "BCSROTW":
        np.testing.assert_array_equal(np.asarray(getattr(substituted, name)), getattr(plain, name))


def test_a_methods_out_inside_a_larger_expression_is_refused_with_what_to_write(modules):
    substituted, _ = modules
    with pytest.raises(TracedValueError, match=r"np.add.reduce\(\.\.\., out=\.\.\.\) inside a larger expression"):
        gradcli.grad(substituted.inside_an_expression)(X)
    assert float(substituted.inside_an_expression(X.copy())) == pytest.approx(8.0)  # untraced: NumPy's own, in place
