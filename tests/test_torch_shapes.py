"""A PyTorch function whose Python reads its arguments' shapes is checked at each point's own shape.

The user's code may branch on ``x.dim()`` or scale by ``x.numel()``; a graph
traced at one shape holds that shape's branch, so a point of another shape in
the same check or sweep must get its own graph. The truths below are written
from the functions' definitions, per branch.
"""

import numpy as np
import pytest
import torch

import gradcli
from gradcli.capture.torch_bridge import _Captured
from gradcli.sweep import sweep

ARRAY = np.array([1.0, 2.0, 4.0])


def by_rank(x):
    return x * 2.0 if x.dim() == 0 else x * 3.0


def by_count(x):
    return torch.exp(x / x.numel()).sum()


def by_count_each(x):
    return x * (x.numel() + 1)  # not x / x.numel(): balls cannot prove a Jacobian's 0 entries through / 3


def by_shape(x):
    return torch.tanh(x) * (5.0 if x.shape == () else float(x.shape[0]))


# function -> (its value at a number x, its derivative there, its value and gradient at ARRAY)
TRUTHS = {
    by_rank: (lambda x: 2.0 * x, lambda x: 2.0, 3.0 * ARRAY, None),
    by_count: (np.exp, np.exp, np.exp(ARRAY / 3).sum(), np.exp(ARRAY / 3) / 3),
    by_count_each: (lambda x: 2.0 * x, lambda x: 2.0, 4.0 * ARRAY, None),
    by_shape: (lambda x: 5.0 * np.tanh(x), lambda x: 5.0 / np.cosh(x) ** 2, 3.0 * np.tanh(ARRAY), None),
}

# function -> its value at an array of 6 entries
ON_SIX = {by_rank: lambda xs: 3.0 * xs, by_count_each: lambda xs: 7.0 * xs, by_shape: lambda xs: 6.0 * np.tanh(xs)}


def _close(got, want):
    np.testing.assert_allclose(np.asarray(got, dtype=float), np.asarray(want, dtype=float), rtol=1e-12, atol=0)


@pytest.mark.parametrize("function", list(TRUTHS), ids=lambda f: f.__name__)
@pytest.mark.parametrize("number_first", [True, False], ids=["number-first", "array-first"])
def test_points_of_two_shapes_in_one_check_each_get_their_own_exact_answer(function, number_first):
    value, derivative, array_value, array_gradient = TRUTHS[function]
    points = [2.0, ARRAY.copy()] if number_first else [ARRAY.copy(), 2.0]
    report = gradcli.check(function, points, dtypes=("float64",), framework="torch")
    at_number, at_array = report.results if number_first else report.results[::-1]
    for result in report.results:
        assert result.status == "ok", (result.point, result.status, result.exact_value)
    _close(at_number.exact_value, value(2.0))
    _close(at_number.exact_gradient["x"], derivative(2.0))
    _close(at_array.exact_value, array_value)
    if array_gradient is not None:
        _close(at_array.exact_gradient["x"], array_gradient)


@pytest.mark.parametrize("function", [by_rank, by_count_each, by_shape], ids=lambda f: f.__name__)
def test_a_sweep_after_a_check_at_an_array_computes_each_number_on_its_own_branch(function):
    value, derivative, _, _ = TRUTHS[function]
    gradcli.check(function, [ARRAY.copy()], dtypes=("float64",), framework="torch")  # an array's graph first
    captured = _Captured(function, "f")
    xs = np.linspace(-1.0, 1.5, 6)
    _close(captured.forward(xs), ON_SIX[function](xs))  # a range of 6 is one array: the array's branch
    result = sweep(function, {"x": (-1.0, 1.5, 6)}, dtypes=("float32", "float64"), fixes=False, framework="torch")
    for dtype in ("float32", "float64"):
        assert result.dtypes[dtype].counts == {"ok": 6}, (dtype, result.dtypes[dtype].counts)
    for x in (-1.0, 0.5, 1.5):
        assert captured.forward(np.float64(x)) == pytest.approx(value(x), rel=1e-13)
        [grad] = captured.backward((np.float64(x),), np.float64(1.0))
        assert grad == pytest.approx(derivative(x), rel=1e-13)


def test_a_longdouble_range_replays_the_graph_of_a_number_entry_by_entry():
    captured = _Captured(by_rank, "f")
    xs = np.linspace(-2.0, 3.0, 7).astype(np.longdouble)
    values, (grads,) = captured.vectorised([xs], np.longdouble)
    assert values.dtype == np.longdouble and grads.dtype == np.longdouble
    _close(values, 2.0 * xs)  # each entry a point of shape (): the number's branch
    _close(grads, np.full(7, 2.0))
    assert len({id(graph) for graph in captured.graphs.values()}) == 1  # the range needed no trace of its own
