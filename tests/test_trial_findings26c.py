"""What the twenty-sixth round (c) of user trials found (tests/test_user_trials26c.py, tests/trials/cases26c.py), for
the whole class of each finding: the slopes of logsumexp, logaddexp and logaddexp2 never read from their rounded
answer (L1), a number the user's function computes held as a float32 run holds it and read so by the op's rule too
(Z1), and a `wrong` where no rule of the user's ran and a where(x == c) takes its branch at the point, named at that
where (W1). det's slope at a singular matrix (D1) is tested by tests/test_proofs27_det.py.

The round's whole programs re-run in the long mode (`make trials`); these tests run in every run.
"""

import math
import os

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
import gradcli.scipy.special as sps


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


# W1: a where(c == 0, limit, formula) takes its limit branch only at the point, so the program's slope there is the
# limit's (flat in c) while the function's is the formula's limit: wrong, and named at that where, no rule of the
# user's having run.

def _pareto_log_density(x, scale, conc):
    """The generalized Pareto log density as TensorFlow Probability guards it at concentration 0."""
    z = x / scale
    safe = gnp.where(conc == 0.0, 1.0, conc)
    body = -(1.0 / safe + 1.0) * gnp.log1p(safe * z)
    return gnp.sum(gnp.where(conc == 0.0, -z, body) - gnp.log(scale))  # W1 here: the Pareto guard


def _growth(x, rate):
    """(e^(rate x) - 1) / rate, guarded by its limit x at rate 0."""
    return gnp.sum(gnp.where(rate == 0.0, x, gnp.expm1(rate * x) / gnp.where(rate == 0.0, 1.0, rate)))  # W1 here


def _line_of(marker):
    with open(__file__) as handle:
        return next(n for n, text in enumerate(handle, 1) if marker in text)


@pytest.mark.parametrize("function, point, variable, slope", [
    (_pareto_log_density, {"x": 2.0, "scale": 1.5, "conc": 0.0}, "conc", lambda z: z * z / 2 - z),
    (_growth, {"x": 0.75, "rate": 0.0}, "rate", lambda x: x * x / 2),
])
def test_an_equality_guard_taking_its_branch_at_the_point_is_named_at_its_where(function, point, variable, slope):
    result = gradcli.check(function, point, dtypes=("float64",), fixes=False).results[0]
    assert result.status == "wrong"
    with mpmath.workdps(40):
        z = mpmath.mpf(point["x"]) / mpmath.mpf(point.get("scale", 1.0))
        want = slope(z)
        assert abs(mpmath.mpf(result.exact_gradient[variable]) - want) <= 1e-13 * abs(want)
    line = _line_of("# W1 here: the Pareto guard" if function is _pareto_log_density else "# W1 here\n")
    here = os.path.abspath(__file__)
    named = [f for f in result.findings if f.op == "where"]
    assert named and named[0].location == f"{here}:{line}", [(f.op, f.location, f.message) for f in result.findings]
    assert "an equality holds at this very point" in named[0].message


def test_a_guard_whose_equality_fails_at_the_point_is_the_formula_checked():
    result = gradcli.check(_growth, {"x": 0.75, "rate": 0.5}, dtypes=("float64",), fixes=False).results[0]
    assert result.status == "ok"
    np.testing.assert_allclose(result.exact_gradient["rate"], 0.75 * math.exp(0.375) / 0.5 - math.expm1(0.375) / 0.25,
                               rtol=1e-14)
