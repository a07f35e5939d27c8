"""The twenty-sixth round (c) of user trials (tests/trials/cases26c.py, audit26c.toml): issue 27's classes on Python
functions written against gradcli.numpy and gradcli.scipy and on formulas: distributions written by hand as
TensorFlow Probability writes them (Kumaraswamy, logit-normal, Gompertz, generalized Pareto, Skellam, Zipf, a Gaussian
mixture), log-survival functions through log1mexp (single and double where), the Lambert W by Halley steps and by
hand-written rules, softplus-positive parameters, Box-Muller, closed-form log-determinants, means in log space,
norms at 1e+-300, the Poincare distance near the disc's edge, Gumbel and Frechet tails, maximum ties between
subnormals, and hand-written rules that overflow in the dtype.

The whole set runs case by case through the CLI as tests/trials/run.py does (cases26c.ALL); here, the cases the CPU
budget allows. Known disagreements are strict xfails naming their finding. Tested below: L1, the slopes of
logsumexp, logaddexp and logaddexp2 read from their rounded answer (e^(x - ans)), which at a large magnitude swallows
the weights (logaddexp(1e300, 1e300)'s slopes were [1, 1], logsumexp's at 1e15 4% off): in a float dtype they are
the softmax of shifted entries and sigmoid(x - y), never the answer. Z1, a number the user's function computes as
it runs (math.log(5.0)), which a float32 run holds as float32 where it meets float32 data: the exact run's ops
computed with the held number but recorded the float64 one for their rules, so a rule run at high precision
disagreed with the exact derivative by the constant's rounding and was called wrong. W1, a `wrong` where no rule of
the user's ran and a where(x == c) takes its branch at the point: the finding names that where.
"""

import math
import os
import sys

import mpmath
import numpy as np
import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases26c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

import gradcli  # noqa: E402
import gradcli.numpy as gnp  # noqa: E402
import gradcli.scipy.special as sps  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "gn_lib26c:log_partition@z=[1000000000000000.0,1000000000000001,999999999999999]:float64":
        "L1: logsumexp's slopes at 1e15 are the softmax of [0, 1, -1] (were e^(z - ans), ans rounded at 0.125: 4% off, "
        "unstable, blaming a subtraction inside gradcli's own rule at the user's line)",
    "formula:logaddexp(x, y)@x=-1e308,y=-1e308:float64": "L1: logaddexp's slopes 1/2 each (were 1 and 1)",
    "gn_lib26c:lambert_w_ratio_rule@x=[0,2]:float64": "a rule W / (x (1 + W)), 0/0 at 0 at any precision: wrong",
    "gn_lib26c:log_norm_rule@x=[1e+200,1e+200]:float64":
        "a right rule whose |x|^2 overflows: unstable at the rule's line, not wrong",
    "formula:abs(x - y)@x=1e300,y=1.0000000000000002e300:float64": "a switch one ulp away is no kink at the point",
    "gn_lib26c:zipf_log_pmf@s=[1.5]:float32":
        "Z1: -s * math.log(5.0) (a number the function computes) in a float32 run: the rule at high precision used "
        "log 5 (-0.1042025566), the exact derivative float32's log 5 (-0.1042025867): 'wrong' of gradcli's own rules",
    "gn_lib26c:gpd_log_prob@x=2,scale=1.5,conc=0:float64":
        "W1: TFP's guard where(conc == 0, -z, body) is flat in conc at 0, where the density's slope is z^2/2 - z: "
        "wrong, named at the where's line (was no line, 'the gradient rule' of no rule of the user's)",
    "gn_lib26c:determinant@a=[[1,2],[2,4]]:float64":
        "D1: det's slope at an exactly singular matrix is the adjugate's transpose, [[4, -2], [-2, 1]], exact in "
        "float64 (its rule det * inv(a)^T raised LinAlgError there: unstable, no line)",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases26c, CHOSEN)


# L1: logsumexp's, logaddexp's and logaddexp2's slopes never read their rounded answer in a float dtype.

def _softmax(values):
    with mpmath.workdps(50):
        top = max(map(mpmath.mpf, values))
        weights = [mpmath.exp(mpmath.mpf(v) - top) for v in values]
        return [float(w / sum(weights)) for w in weights]


@pytest.mark.parametrize("z", [
    [1e15, 1e15 + 1, 1e15 - 1],  # the answer rounded at 0.125
    [-3e37, -3e37, -3e37],  # at 2e21 in float64, 4e30 in float32
    [3.0, -800.0, 2.5],
])
@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_logsumexp_slopes_are_the_softmax_at_any_magnitude(z, dtype):
    x = np.array(z, dtype=dtype)
    want = _softmax(x.tolist())
    for spelled in (gnp.logsumexp, sps.logsumexp, lambda v: gnp.logsumexp(v[None, :], axis=1)[0]):
        got = gradcli.grad(spelled)(x)
        assert got.dtype == dtype
        np.testing.assert_allclose(got, want, rtol=4 * np.finfo(dtype).eps, atol=0)


@pytest.mark.parametrize("x, y", [(1e300, 1e300), (-1e308, -1e308), (1e15 + 1, 1e15), (3.0, -1.0), (-800.0, 800.0)])
def test_logaddexp_slopes_are_the_shares_at_any_magnitude(x, y):
    with mpmath.workdps(50):
        gap = mpmath.mpf(x) - mpmath.mpf(y)
        natural = [float(1 / (1 + mpmath.exp(-gap))), float(1 / (1 + mpmath.exp(gap)))]
        binary = [float(1 / (1 + mpmath.power(2, -gap))), float(1 / (1 + mpmath.power(2, gap)))]
    for op, want in ((gnp.logaddexp, natural), (gnp.logaddexp2, binary)):
        got = gradcli.grad(op, argnums=(0, 1))(x, y)
        np.testing.assert_allclose([float(g) for g in got], want, rtol=4e-16, atol=0)


def test_the_second_derivatives_stay_the_softmaxs():
    """The shift held constant leaves the rule differentiable: logsumexp's Hessian is diag(p) - p p^T."""
    z = np.array([0.5, -1.0, 2.0])
    p = np.array(_softmax(z.tolist()))
    np.testing.assert_allclose(gradcli.hessian(gnp.logsumexp)(z), np.diag(p) - np.outer(p, p), rtol=1e-13, atol=1e-15)
    share = p[0] / (p[0] + p[1])  # logaddexp(z0, z1)'s second derivative in z0: s (1 - s)
    assert gradcli.grad(gradcli.grad(gnp.logaddexp))(z[0], z[1]) == pytest.approx(share * (1 - share), rel=1e-14)


# Z1: a number the function computes, held as float32 holds it, is the one the op's rule reads too.

def _zipf(s):
    return gnp.sum(-s * math.log(5.0) - gnp.log(sps.zeta(s)))


def test_a_held_number_is_the_one_the_rule_reads():
    result = gradcli.check(_zipf, {"s": np.array([1.5], dtype=np.float32)}, dtypes=("float32",)).results[0]
    assert result.status == "ok", [f.message for f in result.findings]
    with mpmath.workdps(40):
        held = mpmath.mpf(float(np.float32(math.log(5.0))))  # NumPy's weak Python float, rounded where it meets float32
        want = -held - mpmath.zeta(1.5, 1, 1) / mpmath.zeta(1.5)
        assert abs(mpmath.mpf(result.exact_gradient["s"][0]) - want) <= 1e-15 * abs(want)
