"""NumPy's ufunc methods in plain NumPy modules and gradcli.numpy: a unary ufunc's ``at`` (``np.negative.at``,
``np.exp.at``, ``np.abs.at``, ``np.sqrt.at``) and the binary ones' ``at``, ``accumulate`` and ``outer`` compute NumPy's
numbers, a repeated index in turns as NumPy's unbuffered loop does, with their gradients and an exact reference."""

from __future__ import annotations

import runpy
import types

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff.ops_ufunc import applied_at
from gradcli.autodiff.tracer import TracedValueError

MODULE = '''\
import numpy as np

IDX = np.array([0, 2, 0, 1])


def negated_at(x):
    out = x * 2.0
    np.negative.at(out, [0, 0, 2])  # index 0 twice: negated and negated back
    return np.sum(out * np.array([1.0, 2.0, 3.0]))


def exp_twice_at(x):
    out = x * 1.0
    np.exp.at(out, [1, 1])
    return np.sum(out)


def abs_then_sqrt_at(x):
    out = x - 2.0
    np.abs.at(out, [0, 1])
    np.sqrt.at(out, [0])
    return np.sum(out * out * np.array([1.0, 3.0, 5.0]))


def maximum_and_product_at(x, v):
    out = x.copy()
    np.maximum.at(out, IDX, v)
    prod = np.ones(3)
    np.multiply.at(prod, IDX, v)
    return np.sum(out ** 2) + np.sum(prod * x)


def running_folds(a):
    return np.sum(np.maximum.accumulate(a, axis=1) * np.minimum.accumulate(a, axis=1)
                  + np.multiply.accumulate(a, axis=1))


def outer_products(x, v):
    return np.sum(np.multiply.outer(x, v) * np.maximum.outer(x, v) - np.subtract.outer(v, x).T ** 2)
'''

CASES = [
    ("negated_at", {"x": np.array([1.0, 5.0, 2.0])}),
    ("exp_twice_at", {"x": np.array([1.0, 0.5, 2.0])}),
    ("abs_then_sqrt_at", {"x": np.array([1.0, 0.5, 3.0])}),
    ("maximum_and_product_at", {"x": np.array([1.0, 5.0, 2.0]), "v": np.array([3.0, 4.0, 6.0, 0.5])}),
    ("running_folds", {"a": np.array([[1.0, -3.0, 2.0, 4.0], [0.5, 2.5, -1.5, 3.0]])}),
    ("outer_products", {"x": np.array([1.0, 3.0]), "v": np.array([2.0, 0.5, 4.0])}),
]


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    path = tmp_path_factory.mktemp("plainmp59_ufuncs") / "ufunc_methods.py"
    path.write_text(MODULE)
    return str(path), types.SimpleNamespace(**runpy.run_path(str(path)))  # the module as NumPy itself runs it


def _central(f, point, h=1e-6):
    """Central differences of NumPy's own run, entry by entry (the points keep every op smooth)."""
    slopes = {}
    for name, value in point.items():
        slope = np.zeros_like(value)
        for i in np.ndindex(value.shape):
            up, down = {k: v.copy() for k, v in point.items()}, {k: v.copy() for k, v in point.items()}
            up[name][i] += h
            down[name][i] -= h
            slope[i] = (f(**up) - f(**down)) / (2 * h)
        slopes[name] = slope
    return slopes


@pytest.mark.parametrize("name, point", CASES, ids=[c[0] for c in CASES])
def test_a_ufunc_method_in_a_plain_module_is_numpys_with_its_gradient(module, name, point):
    path, numpys = module
    (result,) = gradcli.check(f"{path}:{name}", point, dtypes=["float64"], fixes=False).results
    assert result.status == "ok", (result.notes, [f.message for f in result.findings])
    assert result.value == pytest.approx(getattr(numpys, name)(**point), rel=1e-14)
    truth = _central(getattr(numpys, name), point)
    for variable, slope in truth.items():
        assert np.asarray(result.gradient[variable]) == pytest.approx(slope, rel=1e-7, abs=1e-7)
        assert np.asarray(result.exact_gradient[variable], dtype=float) == pytest.approx(slope, rel=1e-7, abs=1e-7)


def test_a_unary_at_on_numpys_own_arrays_writes_in_place_as_numpy():
    mine, numpys = np.array([1.0, 4.0, 9.0], dtype=np.float32), np.array([1.0, 4.0, 9.0], dtype=np.float32)
    gnp.sqrt.at(mine, [2, 2, 0])
    np.sqrt.at(numpys, [2, 2, 0])
    assert mine.dtype == np.float32 and mine.tolist() == numpys.tolist()


def test_a_unary_ufunc_refuses_what_numpy_refuses():
    for method in ("reduce", "accumulate", "reduceat", "outer"):
        with pytest.raises(ValueError) as numpys:
            getattr(np.exp, method)(np.ones(2), *([np.ones(2)] if method == "outer" else []))
        with pytest.raises(ValueError, match=str(numpys.value)):
            getattr(gnp.exp, method)(np.ones(2), *([np.ones(2)] if method == "outer" else []))
    with pytest.raises(TracedValueError, match="np.negative.at writes into its array in place"):
        gradcli.grad(lambda x: gnp.negative.at(x, [0]))(np.ones(2))


def test_applied_at_of_a_unary_op_keeps_the_dtype_and_differentiates():
    x = np.array([1.0, 2.0, 3.0], dtype=np.float32)
    out = applied_at(gnp.negative, x, [0, 0, 1])
    assert out.dtype == np.float32 and out.tolist() == [1.0, -2.0, 3.0]
    slope = gradcli.grad(lambda x: gnp.sum(applied_at(gnp.square, x, [2, 2]) * np.array([1.0, 1.0, 1.0])))(np.array([1.0, 2.0, 1.5]))
    assert slope.tolist() == [1.0, 1.0, 4 * 1.5 ** 3]  # (x^2)^2: 4 x^3


def test_applied_at_writes_in_the_targets_own_float_dtype_as_numpy():
    numpys = np.zeros(2, dtype=np.float32)
    np.add.at(numpys, [0, 0, 1], np.array([1e-8, 1.0, 1.0 / 3]))  # each turn rounded to float32: 1e-8 + 1 is 1
    mine = applied_at(gnp.add, np.zeros(2, dtype=np.float32), [0, 0, 1], np.array([1e-8, 1.0, 1.0 / 3]))
    assert mine.dtype == np.float32 and mine.tolist() == numpys.tolist()
    slope = gradcli.grad(lambda v: gnp.sum(applied_at(gnp.multiply, np.ones(2, dtype=np.float32), [0, 0], v)))(
        np.array([2.0, 3.0]))
    assert slope.tolist() == [3.0, 2.0]


def test_add_at_in_gradcli_numpy_code_says_what_to_write_and_that_rewrite_differentiates():
    """``gnp.add.at(out, idx, x)`` in code written with gradcli.numpy cannot write a traced value into ``out``: the
    message says the statement is followed in a plain NumPy module, and what to write here (round 54c), and the sum it
    names differentiates as np.add.at's statement does."""
    idx = [0, 0, 1]

    def statement(x):
        out = gnp.zeros(3)
        gnp.add.at(out, idx, x)
        return gnp.sum(out ** 2)

    with pytest.raises(TracedValueError) as refused:
        gradcli.grad(statement)(np.array([1.0, 2.0, 3.0]))
    said = str(refused.value)
    assert "in a plain NumPy module" in said and "in code written with gradcli.numpy" in said
    assert "out + np.bincount(indices, weights=values, minlength=out.size)" in said

    def rewritten(x):
        return gnp.sum((gnp.zeros(3) + gnp.bincount(idx, weights=x, minlength=3)) ** 2)

    x = np.array([1.0, 2.0, 3.0])
    assert gradcli.grad(rewritten)(x).tolist() == [2 * (1.0 + 2.0), 2 * (1.0 + 2.0), 2 * 3.0]
