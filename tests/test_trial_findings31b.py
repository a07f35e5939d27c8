"""The classes behind the thirty-first round (b)'s findings (tests/trials/cases31b.py), each tested for its class.

G1: an exact 0 to a negative power had no value on balls: flint answers 0 ** -0.5 with NaN where IEEE (and every
framework) gives +inf, so PyG's degree normalisation, ``deg.pow(-0.5)`` with its inf at an isolated node masked by
``masked_fill(s == inf, 0)``, left the comparison undecided, the reference fell back to differences at rising
precision, and the check of a GCN layer in its features gave no verdict ("within 1e-2560 of 0 but not proven 0").
Now 0 to a power proven negative is +inf on balls (an odd integer power aside, whose infinity takes the sign of a
zero a ball does not keep), so the mask is decided and the check says ok with the exact gradient.

G2: an input written in ``--at`` as whole numbers and left out of ``--wrt`` is held as integer data (as labels and
indices must be); a GCN's adjacency written ``[[0,1],[1,0]]`` so reaches the code as an integer tensor, whose
``pow(-0.5)`` PyTorch computes in its default float32, and a float64 check stopped at the matmul with a message that
blamed "a tensor the code makes without dtype=". Now such an input, which the code raises on as integers, is checked
as the floats of the dtype (gradcli.checker.typed_integers), and a note names it and what the integers raised.

S1: a reduction or softmax along dim 0 (or -1) of a 0-d tensor, which PyTorch allows (its one entry is its one dim),
had no replay: NumPy refuses axis 0 of a 0-d array, so a check at a scalar point (``--at student=1``, or any sweep
point of a function that sums along dim 0) raised "AxisError: axis 0 is out of bounds". Now a 0-d tensor's dim is the
whole tensor in sum, mean, prod, var, amax, amin, logsumexp, softmax and log_softmax.

Open (a strict xfail in test_user_trials31b.py): W1, weight_norm's zeroed direction, g v / |v| at v = 0: the value
is 0 * inf, NaN, but the reference sees a sum absorbing a term thousands of digits down and gives no verdict where
the verdict is domain.
"""

import json

import mpmath
import numpy as np
import pytest
from click.testing import CliRunner

from gradcli.cli import cli

pytest.importorskip("torch")

USER_CODE = '''import torch
import torch.nn.functional as F


def isolated_node(adj, x):
    deg = adj.sum(dim=1)
    deg_inv_sqrt = deg.pow(-0.5)
    deg_inv_sqrt = deg_inv_sqrt.masked_fill(deg_inv_sqrt == float("inf"), 0.0)
    norm_adj = deg_inv_sqrt[:, None] * adj * deg_inv_sqrt[None, :]
    return torch.tanh(norm_adj @ x).sum()


def isolated_node_squared(adj, x):
    deg = adj.sum(dim=1)
    deg_inv = deg ** -2
    deg_inv = torch.where(torch.isinf(deg_inv), torch.zeros_like(deg_inv), deg_inv)
    return torch.sin(deg_inv * x).sum()


def scalar_along_dims(s):
    return F.log_softmax(s, 0) + torch.logsumexp(s * s, dim=-1) + torch.sum(torch.sin(s), 0) + torch.softmax(s, -1)
'''

ADJ = [[0.0, 2.0, 0.0], [2.0, 0.0, 0.0], [0.0, 0.0, 0.0]]  # node 2 is isolated


def _check(tmp_path, function, at, *more):
    (tmp_path / "graphs.py").write_text(USER_CODE)
    args = ["check", f"{tmp_path / 'graphs.py'}:{function}", "--at", at, "--no-fix", "--json", *more]
    return CliRunner().invoke(cli, args)


def _isolated_node_slope(x):
    """d/dx sum tanh(N x), N = D^-1/2 A D^-1/2 with node 2's D^-1/2 taken as 0: N = [[0, 1, 0], [1, 0, 0], 0]."""
    n = [[0, 1, 0], [1, 0, 0], [0, 0, 0]]
    rows = [sum(n[i][k] * x[k] for k in range(3)) for i in range(3)]
    return [sum(n[i][j] / mpmath.cosh(rows[i]) ** 2 for i in range(3)) for j in range(3)]


@pytest.mark.parametrize("dtype", ["float32"])
def test_an_isolated_nodes_masked_inverse_square_root_degree_has_an_exact_reference(tmp_path, dtype):
    x = [0.75, -1.5, 0.5]
    result = _check(tmp_path, "isolated_node", f"adj={ADJ},x={x}".replace(" ", ""), "--wrt", "x", "--dtype", dtype)
    (checked,) = json.loads(result.stdout)["results"]
    assert checked["status"] == "ok"
    with mpmath.workdps(40):
        held = [mpmath.mpf(float(np.dtype(dtype).type(v))) for v in x]
        for got, want in zip(checked["exact_gradient"]["x"], _isolated_node_slope(held)):
            assert abs(mpmath.mpf(got) - want) <= 1e-12 * abs(want) + (1e-300 if want == 0 else 0)


def test_an_even_negative_power_of_zero_is_infinite_on_balls_too(tmp_path):
    x = [0.75, -1.5, 0.5]
    result = _check(tmp_path, "isolated_node_squared", f"adj={ADJ},x={x}".replace(" ", ""), "--wrt", "x",
                    "--dtype", "float64")
    (checked,) = json.loads(result.stdout)["results"]
    assert checked["status"] == "ok"
    with mpmath.workdps(40):
        # sin(x_i / deg_i^2): deg = (2, 2, 0), the last masked to 0: slopes cos(x_i / 4) / 4, then 0
        want = [mpmath.cos(mpmath.mpf(v) / 4) / 4 for v in x[:2]] + [mpmath.mpf(0)]
        for got, w in zip(checked["exact_gradient"]["x"], want):
            assert abs(mpmath.mpf(got) - w) <= 1e-12 * abs(w) + (1e-300 if w == 0 else 0)


# two points, each its own adjacency (2 or 3 times the same graph, whose normalised adjacency is one matrix): each
# is checked as floats, and a note says so of each
@pytest.mark.parametrize("weights", [[2], [2, 3]])
def test_an_integer_input_the_code_cannot_mix_with_floats_is_checked_as_floats_and_said_so(tmp_path, weights):
    xs = [[0.75, -1.5, 0.5], [0.25, 1.0, -2.0]][:len(weights)]
    ats = [f"adj=[[0,{w},0],[{w},0,0],[0,0,0]],x={x}".replace(" ", "") for w, x in zip(weights, xs)]
    result = _check(tmp_path, "isolated_node", ats[0], *[a for at in ats[1:] for a in ("--at", at)], "--wrt", "x",
                    "--dtype", "float64")
    report = json.loads(result.stdout)
    assert [r["status"] for r in report["results"]] == ["ok"] * len(weights)
    for checked, w, x in zip(report["results"], weights, xs):
        assert checked["point"]["adj"] == [[0.0, w, 0.0], [w, 0.0, 0.0], [0.0, 0.0, 0.0]]
        for got, want in zip(checked["exact_gradient"]["x"], _isolated_node_slope(x)):
            assert abs(mpmath.mpf(got) - want) <= 1e-12 * abs(want) + (1e-300 if want == 0 else 0)
    said = [n for n in report["notes"] if n.startswith("adj = ")]
    assert len(said) == len(weights)
    for note, w in zip(said, weights):
        assert "typed without a point" in note and "must have the same dtype" in note
        assert f"adj is checked as [[0.0, {w}.0, 0.0], [{w}.0, 0.0, 0.0], [0.0, 0.0, 0.0]]" in note


@pytest.mark.parametrize("at", ["-2.5"])
def test_a_zero_dimensional_tensor_reduces_and_normalises_along_its_one_dim(tmp_path, at):
    result = _check(tmp_path, "scalar_along_dims", f"s={at}", "--dtype", "float64")
    (checked,) = json.loads(result.stdout)["results"]
    assert checked["status"] == "ok"
    with mpmath.workdps(40):
        s = mpmath.mpf(at)
        value, slope = s * s + mpmath.sin(s) + 1, 2 * s + mpmath.cos(s)  # log_softmax of one entry is 0, softmax 1
        assert abs(mpmath.mpf(checked["exact_value"]) - value) <= 1e-12 * abs(value)
        assert abs(mpmath.mpf(checked["exact_gradient"]["s"]) - slope) <= 1e-12 * abs(slope)
