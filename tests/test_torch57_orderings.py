"""An order decided at a tie is a switch: a median, nanmedian, mode or sort pick whose rule shares the slope among
equal entries (PyTorch's median() without dim) agrees with the central difference, so the one-sided test must be
called for by the tie itself (trials21b K1). PyTorch's nanmedian and mode are replayed, with its values and indices."""

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.capture import torch_ops

torch = pytest.importorskip("torch")

NAN = float("nan")


def median_all(x):
    return torch.median(x) * 2.0


def nanmedian_all(x):
    return torch.nanmedian(x) * 2.0


def mode_of(x):
    return torch.mode(x).values * 2.0


def _check(function, x, framework="torch"):
    report = gradcli.check(function, [{"x": x}], dtypes=("float64",), fixes=False, framework=framework)
    (result,) = report.results
    return result


@pytest.mark.parametrize("function", [median_all, nanmedian_all])
def test_a_median_without_dim_at_a_tie_of_its_middle_entries_is_a_kink(function):
    result = _check(function, [1.0, 2.0, 2.0, 4.0])
    assert result.status == "domain"
    assert list(result.gradient["x"]) == [0.0, 1.0, 1.0, 0.0]  # PyTorch's even share, as the central difference's
    exact = result.exact_gradient["x"]
    assert exact[0] == 0 and exact[3] == 0 and np.isnan(exact[1]) and np.isnan(exact[2])
    assert "slope is 2 from the left and the slope is 0 from the right" in result.exact_gradient_why["x"][1]


def test_a_tie_the_pick_does_not_reach_leaves_the_median_smooth():
    result = _check(median_all, [1.0, 2.0, 4.0, 4.0])
    assert result.status == "ok" and list(result.exact_gradient["x"]) == [0.0, 2.0, 0.0, 0.0]


def test_a_mode_held_by_equal_entries_jumps_and_one_of_distinct_values_is_their_minimum():
    tied = _check(mode_of, [1.0, 2.0, 2.0, 4.0])
    assert tied.status == "domain" and "jumps" in tied.exact_gradient_why["x"][1]
    distinct = _check(mode_of, [3.0, 1.0, 2.0, 4.0])
    assert distinct.status == "ok" and list(distinct.exact_gradient["x"]) == [0.0, 2.0, 0.0, 0.0]


@gradcli.custom_gradient
def _shared_lower_middle(x):
    """The lower middle of ``x``, its rule sharing the slope evenly among the entries equal to it (PyTorch's way)."""
    value = gnp.sort(x)[(len(x) - 1) // 2]

    def grad_fn(g):
        tied = (np.asarray(x) == np.asarray(value)).astype(float)
        return g * tied / tied.sum()

    return value, grad_fn


def test_the_tie_of_any_sort_calls_for_the_one_sided_test_whatever_the_rule():
    result = _check(lambda x: 2.0 * _shared_lower_middle(x), [1.0, 2.0, 2.0, 4.0], framework=None)
    assert result.status == "domain" and np.isnan(result.exact_gradient["x"][1])


_ARRAYS = [
    np.array([2.0, NAN, 1.0, 3.0]),
    np.array([[1.0, NAN, 3.0], [5.0, 2.0, 4.0]]),
    np.array([[NAN, NAN, 3.0], [5.0, 5.0, 4.0], [1.0, 1.0, 2.0]]),
    np.array([[NAN, NAN], [NAN, 1.0]]),
    np.array([3.0, 1.0, 1.0, 3.0]),
    np.array([[3.0, 0.0, 2.0, 0.0, 3.0], [1.0, 1.0, 2.0, 2.0, 0.0], [0.0, 1.0, 3.0, 3.0, 3.0]]),
]


@pytest.mark.parametrize("name", ["median", "nanmedian", "mode"])
def test_the_replayed_orders_give_pytorchs_values_and_indices(name):
    replay = torch_ops.OPS[name]
    for array in _ARRAYS:
        if name == "mode" and np.isnan(array).any():
            continue  # PyTorch's mode of NaNs differs between its kernels
        t = torch.tensor(array)
        if name != "mode":
            assert np.array_equal(np.asarray(replay(array)), getattr(torch, name)(t).numpy(), equal_nan=True)
        for dim in range(array.ndim):
            values, indices = replay(array, dim)
            theirs = getattr(torch, name)(t, dim)
            assert np.array_equal(np.asarray(values), theirs.values.numpy(), equal_nan=True), (array, dim)
            assert np.array_equal(indices, theirs.indices.numpy()), (array, dim)
