"""The twentieth round (b) of user trials (tests/trials/cases20b.py), PyTorch and TensorFlow/Keras: torch.distributions
not tried before (HalfNormal, HalfCauchy, Uniform at its edge, Independent, StickBreakingTransform), shrinkage, prelu,
cummax and pooling at their switches, pdist at a repeated point, torch.special's undifferentiated Bessel functions, the
determinant of a singular matrix, torch.func, autograd.Functions with tutorial mistakes; tf.math's no-nan products,
segment maxima with an empty segment, xlogy at 0, Keras losses on probabilities, nested tf.custom_gradient and
tf.function loops.

The whole set runs case by case through the CLI as tests/trials/run.py does (cases20b.ALL); here, the PyTorch cases
the CPU budget allows (one framework import). Known disagreements are strict xfails naming their finding; the
TensorFlow ones are listed in OPEN_ELSEWHERE (this file imports PyTorch alone). Findings M1 (TensorFlow's MulNoNan had
no replay) and S1 (an empty segment's max filled with -inf, not TensorFlow's lowest float) are mended and tested in
tests/test_trials20b_tf_ops.py.
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases20b  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = [
    # P1: PyTorch's pdist kernel takes slope 0 at a zero distance; its replay took the VJP of sqrt(0) (NaN), so the
    # squared distances, smooth there, were called wrong
    "torch_lib20b:pdist_energy@x=[[0,0],[0,0],[3,4]]:float64",
    # B1: torch.special.bessel_j0 has no derivative in PyTorch (its output needs no grad): wrong at the user's line,
    # where gradcli had no replay for it (exit 2)
    "torch_lib20b:bessel_energy@x=[0.5,2]:float64",
    # PyTorch's det rule at a singular matrix gives 0; the adjugate is the truth
    "torch_lib20b:det_value@a=[[1,2],[2,4]]:float64",
    # a backward that forgets grad_output: wrong under a square, at its own line
    "torch_lib20b:sin_energy@x=[0.5,2]:float64",
    # the squared hinge is C1 at its margin
    "torch_lib20b:multi_margin_sq@x=[1,0,0.5]:float64",
]
KNOWN_WRONG = {}
OPEN_ELSEWHERE = {}  # X1 (tf.math.xlogy at x = y = 0, both varying): domain, x[0] at the edge, y[0] an exact 0


test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases20b, CHOSEN, KNOWN_WRONG, run_elsewhere=OPEN_ELSEWHERE)


# What the trials found, for the whole class: PyTorch's distance kernels at a zero distance (P1), and each of
# torch.special's Bessel functions PyTorch computes without a derivative (B1).

import mpmath  # noqa: E402
import numpy as np  # noqa: E402
import torch  # noqa: E402

import gradcli  # noqa: E402

POINTS = [[0.0, 0.0], [0.0, 0.0], [3.0, 4.0]]
OTHERS = torch.tensor([[0.0, 0.0], [1.0, -1.0]], dtype=torch.float64)


def pair_energy(x):
    return (torch.pdist(x) ** 2).sum()


def cross_energy(x):
    return (torch.cdist(x, OTHERS.to(x.dtype)) ** 2 * torch.tensor([1.0, 2.0], dtype=x.dtype)).sum()


@pytest.mark.parametrize("function", [pair_energy, cross_energy], ids=["pdist", "cdist"])
def test_squared_distances_are_smooth_where_two_points_meet(function):
    (result,) = gradcli.check(function, [{"x": POINTS}], dtypes=("float64",), framework="torch").results
    x = torch.tensor(POINTS, dtype=torch.float64, requires_grad=True)
    (own,) = torch.autograd.grad(function(x), x)
    assert result.status == "ok"
    np.testing.assert_allclose(np.asarray(result.exact_gradient["x"]), own.numpy(), rtol=1e-12, atol=0)


BESSEL = {
    "bessel_y1": lambda t: mpmath.bessely(1, t),
    "modified_bessel_i1": lambda t: mpmath.besseli(1, t),
    "modified_bessel_k0": lambda t: mpmath.besselk(0, t),
    "scaled_modified_bessel_k1": lambda t: mpmath.exp(t) * mpmath.besselk(1, t),
}


@pytest.mark.parametrize("name", sorted(BESSEL))
def test_a_bessel_function_pytorch_does_not_differentiate_is_a_wrong_gradient(name):
    special = getattr(torch.special, name)

    def potential(x):
        return (special(x) + 0.5 * x * x).sum()

    (result,) = gradcli.check(potential, [{"x": [0.5, 2.0]}], dtypes=("float64",), framework="torch").results
    assert result.status == "wrong"
    with mpmath.workdps(30):
        truth = [float(t + mpmath.diff(BESSEL[name], t)) for t in (mpmath.mpf(0.5), mpmath.mpf(2))]
    np.testing.assert_allclose(result.exact_gradient["x"], truth, rtol=1e-10)
