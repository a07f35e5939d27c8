"""A tiny exact derivative beside a value of order 1: the mpmath reference rises as far as it needs.

log(1 - 5e-325) is log(1) at 60 digits with no rounding noise at all, so two precisions
agree on a derivative of 0 while gradcli's rule, run at high precision, holds 1.9e-325. The
reference goes on from the precision the rule's number needs (some 520 digits here) instead of
calling the 0 unknowable; the truths below are mpmath's own, at 2,000 digits, from the
mathematics written independently (tail probabilities through erfc).
"""

import math
import textwrap

import mpmath
import numpy
import pytest

import gradcli
from gradcli.checker import balls, reference, reference_mpmath
from gradcli.checker.targets import resolve

UPPER = -53.231285150512204  # log Q(10) as the user's program holds it (a float64 literal)

# (name, body over `np` and scipy's log_ndtr, point, the derivative d/db written independently)
SHAPES = [
    # T27: a truncated normal's stable log mass, upper + log(1 - Q(b) / e^upper).
    ("log_of_one_less_tiny", f"""
        def f(b):
            upper, lower = {UPPER!r}, log_ndtr(-b)
            return upper + np.log(-np.expm1(lower - upper))
        """, lambda b, e: e.npdf(b) / (e.exp(e.mpf(UPPER)) - _q(b, e))),
    # log1p of the tiny difference of two tails, beside a constant 3.
    ("log1p_of_a_tiny_difference", """
        def f(b):
            return 3.0 + np.log1p(np.exp(log_ndtr(-b)) - np.exp(log_ndtr(-b - 0.5)))
        """, lambda b, e: (e.npdf(b + e.mpf(0.5)) - e.npdf(b)) / (1 + _q(b, e) - _q(b + e.mpf(0.5), e))),
    # a ratio of two tails each beside a number of order 1.
    ("ratio_of_two_tails", """
        def f(b):
            return (2.0 - np.exp(log_ndtr(-b))) / (1.0 + np.exp(log_ndtr(-b - 1.0)))
        """, lambda b, e: (e.npdf(b) * (1 + _q(b + 1, e)) + (2 - _q(b, e)) * e.npdf(b + 1)) / (1 + _q(b + 1, e)) ** 2),
]


def _q(b, e):
    """The upper tail of the standard normal, Q(b) = erfc(b / sqrt 2) / 2, without cancellation."""
    return e.erfc(b / e.sqrt(2)) / 2


def _path(tmp_path, name, body):
    path = tmp_path / f"{name}.py"
    path.write_text("import numpy as np\nfrom scipy.special import log_ndtr\n" + textwrap.dedent(body))
    return str(path) + ":f"


def _truth(derivative, b):
    with mpmath.workdps(2000):
        return derivative(mpmath.mpf(b), mpmath)


@pytest.mark.parametrize("name, body, derivative", SHAPES, ids=[s[0] for s in SHAPES])
@pytest.mark.parametrize("b", [40.0])
def test_a_tiny_exact_derivative_beside_a_value_of_order_one_is_found(tmp_path, name, body, derivative, b):
    # A generous budget: what is tested is the answer, not the speed (bench/ holds that).
    result = gradcli.check(_path(tmp_path, name, body), [{"b": b}], dtypes=("float64",), fixes=False, max_time=math.inf).results[0]
    truth = _truth(derivative, b)
    assert abs(truth) < 1e-290  # the class: a derivative hundreds of digits below the value
    exact = result.exact_gradient_text["b"] if result.exact_gradient_text["b"] else result.exact_gradient["b"]
    assert exact is not None and mpmath.mpf(exact) != 0, (result.status, result.findings)
    assert abs(mpmath.mpf(exact) - truth) <= 1e-12 * abs(truth), (exact, mpmath.nstr(truth, 15))
    assert result.status == "ok", result.findings


def test_the_rise_is_guided_by_the_rules_exponent(tmp_path):
    # The precision is where the difference quotient shows the rule's number (1.9e-325 next to a value
    # of 53 at b = 40: some 520 digits), not a fixed cap and not a blind doubling to thousands.
    from gradcli.autodiff.mp import ieee
    from gradcli.checker.precision import Exact

    target = resolve(_path(tmp_path, *SHAPES[0][:2]))
    with ieee():
        exact = reference._compute_mpmath(target, [40.0], 0, Exact(), balls.Budget(600))
    assert exact.determined and not exact.unsettled, exact.why
    assert 400 <= exact.digits <= 1200, exact.digits
    assert abs(exact.gradient[0] - _truth(SHAPES[0][2], 40.0)) <= 1e-12 * abs(exact.gradient[0])


def test_past_the_budget_the_point_says_what_precision_it_needed(tmp_path, monkeypatch):
    # The rise is paid for from the check's budget; when that runs out the point has no reference
    # and the message names the digits the tiny derivative needed, never a 0 taken for the truth.
    climb = reference._compute_mpmath

    def out_of_time_above_the_start(target, args, seed, result, budget=None, start=reference.START_DIGITS, rule=None):
        if start > reference.START_DIGITS:
            raise balls.OutOfTime(budget.message())
        return climb(target, args, seed, result, budget, start, rule)

    monkeypatch.setattr(reference_mpmath, "compute_mpmath", out_of_time_above_the_start)  # the rise: its own call
    # log_ndtr has balls now, which settle this point: the mpmath path is the one taken where an op has none.
    monkeypatch.setattr(reference.exact_python, "compute", lambda *args, **kwargs: False)
    result = gradcli.check(_path(tmp_path, *SHAPES[0][:2]), [{"b": 40.0}], dtypes=("float64",), fixes=False).results[0]
    assert result.status == "error", result.findings
    message = " ".join(f.message for f in result.findings)
    assert "--max-time" in message and "digits can show: no verdict" in message, message
    assert result.exact_gradient["b"] is None or numpy.isnan(result.exact_gradient["b"]), result.exact_gradient
