"""PyTorch's sort, median and topk over inputs and a constant tensor: a picked constant's exact slope 0, proven.

The replay compares the inputs' balls with the constant's plain number inside the sort; deciding those comparisons as
balls (as jets and proof numbers decide them) is what lets the proof follow the balls' path (trials17a M1's class).
"""

import pytest
import torch

import gradcli


def _constant(value, like):
    return torch.tensor(value, dtype=like.dtype)


def median_of_three(a, b):
    return torch.median(torch.stack([a, b, _constant(0.3, a)]))


def sort_low(a, b):
    return torch.sort(torch.stack([a, b, _constant(0.3, a)])).values[0]


def top_two(a, b):
    return torch.topk(torch.stack([a, _constant(2.0, a), b, _constant(3.0, a)]), 2).values.sum()


# (function, its exact slopes in a and b at a = 0.7, b = 0.4)
CASES = [(median_of_three, (0.0, 1.0)), (sort_low, (0.0, 0.0)), (top_two, (0.0, 0.0))]


@pytest.mark.parametrize("function, slopes", CASES, ids=[c[0].__name__ for c in CASES])
def test_a_picked_constant_tensor_has_a_proven_zero_slope(function, slopes):
    result = gradcli.check(function, [{"a": 0.7, "b": 0.4}], dtypes=["float64"]).results[0]
    assert result.status == "ok", result.findings
    assert result.exact_gradient["a"] == pytest.approx(slopes[0], abs=1e-12)
    assert result.exact_gradient["b"] == pytest.approx(slopes[1], abs=1e-12)
