"""A PyTorch function that writes into a clone of a constant tensor in place (nflows nudges its last knot:
``knots = knots.clone(); knots[-1] += eps``) keeps the exact reference's proofs (round 73d's F1).

The replay writes a high-precision number into one entry of an object array; NumPy stores a 0-d array there, not
the number it holds, and the proof run then met an array where a number belongs: an input the function never reads
(ud[0] below, whose bin no point falls in) had its exact slope 0 unproven, and the check no verdict.
"""

import math

import pytest

torch = pytest.importorskip("torch")

import gradcli  # noqa: E402

KNOTS = torch.tensor([-3.0, -1.5, 0.0, 1.5, 3.0], dtype=torch.float64)


def binned_slopes(x, ud):
    d = torch.nn.functional.softplus(ud)
    knots = KNOTS.clone()
    knots[-1] += 1e-6
    k = torch.sum(x[..., None] >= knots, dim=-1) - 1
    return (d[k - 1] * x).sum()


def test_an_input_never_read_after_a_write_in_place_has_slope_zero():
    [result] = gradcli.check(binned_slopes, [{"x": [0.4, 0.7], "ud": [0.2, -0.4, 0.6]}], dtypes=["float64"],
                             fixes=False, max_digits=120).results
    assert result.status == "ok", [f.message for f in result.findings]
    assert [float(e) for e in result.exact_gradient["ud"]] == [0.0, pytest.approx(1.1 / (1 + math.exp(0.4))), 0.0]
