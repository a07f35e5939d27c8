"""What the twenty-third round (b) of user trials found (tests/test_user_trials23b.py, tests/trials/cases23b.py), for
the whole class of each finding: np.mod's remainder exact off its jumps (U1), inverse hyperbolic logs rewritten (F1),
np.modf, np.bincount and np.linalg.cond as NumPy computes them (M1), a running log-sum-exp by hand fixed (F2), and
arccosh at 1 whose argument divides by a function of the input (P1).

The round's whole programs re-run in the long mode (`make trials`); these tests run in every run.
"""

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.checker.fixes import catalogue_matches
from gradcli.expr.parse import parse


@pytest.mark.parametrize("x, y", [(3.0, 7.0), (-2.5, 0.75), (7.5, -2.0), (0.3, np.pi)])
def test_mods_remainder_is_exact_off_its_jumps(x, y):
    """U1's class: np.mod's value and slopes are exact numbers off the multiples of y, so a remainder that a program
    takes apart again (mod(x, y) - x + y floor(x / y), exactly 0) has its verdict, in x and in y."""
    def undone(x, y):
        return gnp.mod(x, y) - x + y * gnp.floor(x / y)

    result = gradcli.check(undone, {"x": x, "y": y}, dtypes=["float64"]).results[0]
    assert (result.status, result.exact_value, result.exact_gradient) == ("ok", 0.0, {"x": 0.0, "y": 0.0})


def test_mod_at_a_multiple_is_a_jump():
    """On a multiple of y the remainder jumps (y to 0): no derivative, said as such, not an exact number."""
    result = gradcli.check(lambda x: gnp.mod(x, 3.0) ** 2, {"x": 6.0}, dtypes=["float64"]).results[0]
    assert result.status == "domain"


@pytest.mark.parametrize("text, fixed", [
    ("log(x + sqrt(x*x + 1))", "arcsinh(x)"),
    ("log(sqrt(1 + x**2) + x) * 2", "arcsinh(x) * 2"),
    ("log(y/2 + sqrt((y/2)^2 + 1))", "arcsinh(y/2)"),
    ("log(x + sqrt(x*x - 1))", "arccosh(x)"),
    ("log(x + sqrt(y*y + 1))", None),
    ("log(x + sqrt(x*x + 2))", None),
    ("log(x - sqrt(x*x + 1))", None),
])
def test_inverse_hyperbolic_logs_are_rewritten(text, fixed):
    """F1's class: log(u + sqrt(u^2 + 1)) is arcsinh(u) and log(u + sqrt(u^2 - 1)) arccosh(u), in either order of the
    sum and any spelling of the square; other logs of square roots are left alone."""
    found = {name: edits for name, _, edits in catalogue_matches(parse(text))}.get("inverse hyperbolic")
    if fixed is None:
        assert found is None
        return
    (span, new), = found
    assert text[:span[0]] + new + text[span[1]:] == fixed


def test_modf_is_numpys_and_its_fraction_slopes_as_x():
    """M1's np.modf: NumPy's two parts to the bit, the fraction's slope 1 off the integers, a jump on one away from 0,
    and smooth through 0 (trunc is 0 on both sides)."""
    x = np.array([2.5, -1.25, -2.0, 0.0, 1e300, 5e-324, -0.7])
    assert all(np.array_equal(ours, numpys) for ours, numpys in zip(gnp.modf(x), np.modf(x)))

    def fraction(x):
        return gnp.modf(x)[0]

    verdicts = {x: gradcli.check(fraction, {"x": x}, dtypes=["float64"]).results[0] for x in (-1.25, 0.0, 3.0)}
    assert [(r.status, r.exact_gradient) for r in verdicts.values()][:2] == [("ok", {"x": 1.0})] * 2
    assert verdicts[3.0].status == "domain"


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_bincount_sums_as_numpy_and_its_gradient_gathers(dtype):
    """M1's np.bincount: NumPy's counts, and its float64 sums of float32 or float64 weights to the bit (in NumPy's
    order); the gradient of a function of the sums gathers the upstream per group."""
    groups = np.array([0, 2, 0, 1, 2, 5])
    weights = np.array([0.1, 0.2, 0.3, 0.4, 0.5, 0.6], dtype=dtype)
    assert np.array_equal(gnp.bincount(groups), np.bincount(groups))
    ours = gnp.bincount(groups, weights=weights, minlength=8)
    assert ours.dtype == np.float64 and np.array_equal(ours, np.bincount(groups, weights=weights, minlength=8))
    slope = gradcli.grad(lambda w: gnp.sum(gnp.bincount(groups, weights=w) ** 3))(weights.astype(np.float64))
    sums = np.bincount(groups, weights=weights.astype(np.float64))
    assert np.allclose(slope, 3 * sums[groups] ** 2, rtol=1e-14)


def test_cond_is_numpys_for_every_norm_and_differentiable():
    """M1's np.linalg.cond: NumPy's number to the bit for each p (one matrix and a stack), and at an ordinary matrix
    the exact gradient of s_max / s_min, d(s1 / s2) = (u1 v1' s2 - u2 v2' s1) / s2^2."""
    a = np.array([[2.0, 1.0], [0.5, 3.0]])
    stack = np.array([[[1.0, 2.0], [3.0, 4.0]], [[0.1, 0.0], [0.0, 5.0]]])
    for p in (None, 2, -2, 1, -1, np.inf, "fro"):
        assert gnp.linalg.cond(a, p) == np.linalg.cond(a, p)
        assert np.array_equal(gnp.linalg.cond(stack, p), np.linalg.cond(stack, p))
    result = gradcli.check(lambda a: gnp.linalg.cond(a), {"a": a}, dtypes=["float64"]).results[0]
    u, s, vt = np.linalg.svd(a)
    want = (np.outer(u[:, 0], vt[0]) * s[1] - np.outer(u[:, 1], vt[1]) * s[0]) / s[1] ** 2
    assert result.status == "ok" and np.allclose(result.exact_gradient["a"], want, rtol=1e-12)


RUNNING_LSE = '''import numpy as np


def flat(x):
    return np.sum(np.log(np.cumsum(np.exp(x))))


def rows(x):
    return np.sum(np.log(np.cumsum(np.exp(x), axis=1)))
'''


@pytest.mark.parametrize("function, at, fixed", [
    ("flat", [800.0, 801.0], "np.logaddexp.accumulate(x)"),
    ("flat", [[800.0, 801.0], [1.0, 2.0]], "np.logaddexp.accumulate(np.ravel(x))"),
    ("rows", [[800.0, 801.0], [1.0, 2.0]], "np.logaddexp.accumulate(x, axis=1)"),
])
def test_a_running_log_sum_exp_by_hand_is_fixed(tmp_path, function, at, fixed):
    """F2's class: log(cumsum(exp(u), axis)) overflows where u is large; the fix is the framework's running
    log-sum-exp along the same axis (cumsum without one runs over the flattened entries, and so does the fix where u
    may have more than one dimension), re-checked."""
    path = tmp_path / "running_lse.py"
    path.write_text(RUNNING_LSE)
    report = gradcli.check(f"{path}:{function}", {"x": at}, dtypes=["float64"])
    assert report.results[0].status == "unstable"
    assert [(fix.name, fix.partial) for fix in report.fixes] == [("cumlogsumexp", False)]
    assert f"+    return np.sum({fixed})" in report.fixes[0].diff


def _poincare_distance(u):
    """The hyperbolic distance in the Poincare disc from u to a fixed point v."""
    v = np.array([-0.3, 0.1])
    return gnp.arccosh(1 + 2 * gnp.sum((u - v) ** 2) / ((1 - gnp.sum(u ** 2)) * (1 - np.sum(v ** 2))))


def test_arccosh_at_one_whose_argument_divides_by_a_function_of_the_input_is_a_cone():
    """P1's class: at u = v the argument is exactly 1 (arccosh's edge), its quotient's denominator a function of the
    input: the distance is a cone there (domain), where no difference on balls resolves the derivative; beside v
    the slope is the distance's own."""
    at, beside = gradcli.check(_poincare_distance, [{"u": [-0.3, 0.1]}, {"u": [0.2, 0.1]}],
                               dtypes=("float64",)).results
    assert at.status == "domain"
    assert beside.status == "ok"
    with mpmath.workdps(40):
        u, v = [mpmath.mpf(0.2), mpmath.mpf(0.1)], [mpmath.mpf(-0.3), mpmath.mpf(0.1)]
        d2 = sum((a - b) ** 2 for a, b in zip(u, v))
        nu, nv = 1 - sum(a * a for a in u), 1 - sum(b * b for b in v)
        q = 1 + 2 * d2 / (nu * nv)
        # d arccosh(q) = dq / sqrt(q^2 - 1), dq/du_i = 2 (2 (u_i - v_i) nu + 2 d2 u_i) / (nu^2 nv)
        want = [float(2 * (2 * (a - b) * nu + 2 * d2 * a) / (nu ** 2 * nv) / mpmath.sqrt(q * q - 1))
                for a, b in zip(u, v)]
    np.testing.assert_allclose(beside.exact_gradient["u"], want, rtol=1e-14)
