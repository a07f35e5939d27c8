"""Ops whose output's shape depends on values (nonzero, a boolean mask's selection, masked_select, unique,
repeat_interleave) in PyTorch code, where those values are the data the function is given (integer class targets,
float data --wrt holds): the capture knows them, so the check runs, its gradient the selection's own by mpmath; where
the values move with a checked input the check is refused plainly."""

import mpmath
import numpy as np
import pytest
import torch

import gradcli
from gradcli.errors import InputError

X = [[0.5, -1.25], [0.75, 2.0], [-0.5, 0.25]]
TARGET = np.array([1, 0, 1])


def rows_of_one_class(x, target):
    """The rows of class 1, found by nonzero of the target's mask."""
    rows = (target == 1).nonzero().squeeze(1)
    return torch.exp(x.index_select(0, rows)).sum()


def masked_rows(x, target):
    return torch.log1p(x[target > 0] ** 2).sum()


def masked_columns(x, target):
    """masked_select broadcasts the mask over the columns of x.t() (the rows of x)."""
    return torch.masked_select(x.t(), target.bool()).pow(3).sum()


def per_class_mean(x, target):
    """Each row weighted by one over its class's count, the counts from torch.unique."""
    _, inverse, counts = torch.unique(target, return_inverse=True, return_counts=True)
    return (x.sum(1) / counts[inverse]).pow(2).sum()


def repeated_by_target(x, target):
    return torch.sin(torch.repeat_interleave(x[:, 0], target)).sum()


def written_where_the_target_says(x, target):
    y = x.clone()
    y[target > 0] = 0.0
    return (y ** 2).sum()


def _check(fun):
    (result,) = gradcli.check(fun, [{"x": X, "target": TARGET}], wrt=("x",), dtypes=("float64",), fixes=False,
                              framework="torch").results
    return result


def _mp(rows):
    return [[mpmath.mpf(v) for v in row] for row in rows]


def _truths():
    """Each function's gradient in x, written from the mathematics at 30 digits."""
    x, t = _mp(X), list(TARGET)
    zero = mpmath.mpf(0)
    counts = {c: t.count(c) for c in t}
    return {
        rows_of_one_class: [[mpmath.exp(v) if t[i] == 1 else zero for v in row] for i, row in enumerate(x)],
        masked_rows: [[2 * v / (1 + v * v) if t[i] > 0 else zero for v in row] for i, row in enumerate(x)],
        masked_columns: [[3 * v * v if t[i] else zero for v in row] for i, row in enumerate(x)],
        per_class_mean: [[2 * sum(row) / counts[t[i]] ** 2] * 2 for i, row in enumerate(x)],
        repeated_by_target: [[t[i] * mpmath.cos(row[0]), zero] for i, row in enumerate(x)],
        written_where_the_target_says: [[zero if t[i] > 0 else 2 * v for v in row] for i, row in enumerate(x)],
    }


@pytest.mark.parametrize("fun", [rows_of_one_class, masked_rows, masked_columns, per_class_mean, repeated_by_target,
                                 written_where_the_target_says], ids=lambda f: f.__name__)
def test_a_selection_by_the_targets_values_is_checked_against_its_own_derivative(fun):
    with mpmath.workdps(30):
        truth = _truths()[fun]
        result = _check(fun)
        assert result.status == "ok", result.findings
        for got_row, exact_row, want_row in zip(result.gradient["x"], result.exact_gradient["x"], truth):
            for got, exact, want in zip(got_row, exact_row, want_row):
                assert abs(mpmath.mpf(float(exact)) - want) <= 1e-14 * max(1, abs(want))
                assert abs(mpmath.mpf(float(got)) - want) <= 1e-12 * max(1, abs(want))


def selected_by_its_own_values(x, target):
    return torch.exp(x[x > 0]).sum()


def scaled_by_the_positive_data(w, data):
    return (w * data[data > 0].sum()).sum()


def test_a_selection_by_a_checked_inputs_values_is_refused_plainly():
    with pytest.raises(InputError, match="depends on its inputs' values.*move with a checked input"):
        _check(selected_by_its_own_values)


def test_a_selection_by_held_float_data_is_traced_by_its_values():
    """Float data --wrt holds selects by its own values; the same function checked again on other data selects anew
    (its graphs keyed by the data's values once one read them): w's gradient is the sum of the positive data."""
    for data in ([1.0, -2.0, 0.5], [-1.0, 3.0, 0.25]):
        (result,) = gradcli.check(scaled_by_the_positive_data, [{"w": [0.5, 2.0], "data": data}], wrt=("w",),
                                  dtypes=("float64",), fixes=False, framework="torch").results
        assert result.status == "ok", result.findings
        want = sum(mpmath.mpf(d) for d in data if d > 0)
        assert [mpmath.mpf(float(g)) for g in result.exact_gradient["w"]] == [want, want]
        assert [mpmath.mpf(float(g)) for g in result.gradient["w"]] == [want, want]
