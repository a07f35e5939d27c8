"""The exact reference at the extremes: tiny derivatives, cancellation, underflow, bounded time.

Every expectation is the hand-written derivative evaluated by mpmath at 2000
digits, never a number taken from gradcli's output.
"""

import mpmath
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gradcli
from gradcli.checker import reference
from gradcli.checker.balls import Budget
from gradcli.checker.precision import START_DIGITS, at_most_digits
from gradcli.checker.targets import resolve


def truth(fun, *args):
    with mpmath.workdps(2000):
        return fun(*[mpmath.mpf(a) for a in args])


def close(got, expected, rel=1e-12):
    got, expected = mpmath.mpf(got), mpmath.mpf(expected)
    return abs(got - expected) <= rel * abs(expected)


def one(target, point, dtype="float64", **options):
    report = gradcli.check(target, [point], dtypes=(dtype,), fixes=False, **options)
    return report.results[0]


E = mpmath.exp

CASES = [
    # (formula, point, variable, the hand-written derivative)
    ("exp(x)/(exp(x)-1)", {"x": 300.0}, "x", lambda x: -E(x) / (E(x) - 1) ** 2),
    ("sqrt(a*a + b*b)", {"a": 1e200, "b": 1e100}, "b", lambda a, b: b / mpmath.sqrt(a * a + b * b)),
    ("1/(x-1) - 1/x", {"x": 1e40}, "x", lambda x: -1 / (x - 1) ** 2 + 1 / x**2),
    ("exp(x) - 2 + exp(-x)", {"x": 1e-17}, "x", lambda x: E(x) - E(-x)),
    ("(1 - cos(x))/x^2", {"x": 1e-17}, "x", lambda x: (x * mpmath.sin(x) - 2 * (1 - mpmath.cos(x))) / x**3),
    ("log(exp(a) + exp(b))", {"a": 0.0, "b": -700.0}, "b", lambda a, b: E(b) / (E(a) + E(b))),
    ("sigmoid(x)", {"x": 1e-300}, "x", lambda x: E(-x) / (1 + E(-x)) ** 2),
    ("sigmoid(x)", {"x": 5e-324}, "x", lambda x: E(-x) / (1 + E(-x)) ** 2),
]


@pytest.mark.parametrize("formula, point, name, derivative", CASES, ids=[c[0] for c in CASES])
def test_the_exact_gradient_is_right_to_12_digits_where_it_is_tiny_or_cancels(formula, point, name, derivative):
    result = one(formula, point)
    expected = truth(derivative, *point.values())
    assert expected != 0
    assert close(result.exact_gradient[name], expected)


def test_the_headline_cancellation_is_not_ok():
    result = one("exp(x)/(exp(x)-1)", {"x": 300.0})
    assert result.exact_gradient["x"] == pytest.approx(-5.1482002224120138e-131, rel=1e-12)
    assert result.gradient["x"] >= 0  # autodiff's 0: the two terms cancel, the -5e-131 is lost
    assert result.status != "ok"


@pytest.mark.parametrize("x", [1e-300, 5e-324])
def test_sigmoid_at_tiny_points_is_ok_not_wrong(x):
    for dtype in ("float32", "float64"):
        result = one("sigmoid(x)", {"x": x}, dtype)
        assert result.status == "ok", result.findings
        assert result.exact_gradient["x"] == 0.25


def test_log_sum_exp_near_underflow_has_its_exact_float():
    result = one("log(exp(a) + exp(b))", {"a": 0.0, "b": -700.0})
    assert result.exact_gradient["b"] == 9.8596765437597709e-305


def test_an_inf_gradient_that_fits_the_dtype_is_not_ok_even_when_the_value_does_not_fit():
    result = one("exp(log(a) + log(b))", {"a": 1e38, "b": 1e38}, "float32")
    a = float(mpmath.mpf(float(__import__("numpy").float32(1e38))))
    assert result.value_status == "domain"
    assert result.gradient_status == "unstable"
    assert result.status == "unstable"  # the point fails: a gradient the dtype holds came out inf
    assert close(result.exact_gradient["a"], a) and close(result.exact_gradient["b"], a)


def test_a_wrong_gradient_fails_against_a_tiny_exact_one():
    """Test the tester: a custom gradient off by 1e-6 relative, where the derivative is 1e-13 of the value."""
    import gradcli.numpy as np
    from gradcli.autodiff import custom_gradient

    def make(factor):
        @custom_gradient
        def f(x):
            e = np.exp(x)
            return e / (e - 1), lambda g: g * (-e / ((e - 1) * (e - 1))) * factor

        return f

    assert one(make(1.0), {"x": 30.0}).status == "ok"
    assert one(make(1 + 1e-6), {"x": 30.0}).status == "wrong"


# -- bounded ----------------------------------------------------------------------------------


# A reference that never settles, whatever the machine: log of a 0 that only mpmath's rounding hides
# (exp(log(2)) is 2 to every precision but never exactly), with a ceiling of 10^9 digits no machine climbs to
# within a second. The climb's work grows with its digits, so the budget, not the ceiling, ends it.
NEVER_SETTLES = ("log(exp(log(x)) - x)", 2.0)
UNREACHABLE_DIGITS = 10**9


def test_a_hopeless_reference_ends_within_its_budget_with_a_clear_status():
    formula, x = NEVER_SETTLES
    result = one(formula, {"x": x}, max_time=1.0, max_digits=UNREACHABLE_DIGITS)
    assert result.status == "error"
    assert any("--max-time (1 seconds for the whole check" in f.message for f in result.findings)
    assert result.exact_value is None and set(result.exact_gradient.values()) == {None}


@pytest.mark.parametrize(
    "formula, point",
    [("sinh(2^x)", {"x": 300000.0}), ("sin(x^x)", {"x": 123456789.0})],
)
def test_a_point_beyond_the_reference_s_numbers_says_so_without_waiting_for_the_budget(formula, point):
    # sinh(2^300000) has an exponent past every number the reference holds; sin(x^x) at 123456789 has no
    # digit (its argument's rounding spans many periods). No precision helps, so no budget is spent on one.
    budget = Budget(60.0)
    exact = reference.compute(resolve(formula), list(point.values()), budget=budget)
    assert exact.value is None and not exact.determined and not exact.out_of_time
    assert exact.digits is None or exact.digits <= 2 * START_DIGITS  # its first rungs, not a climb
    result = one(formula, point, max_time=60.0)
    assert result.status == "error"
    reasons = [f.message for f in result.findings if f.kind == "undetermined"]
    assert reasons and ("beyond every number" in reasons[0] or "has no digit" in reasons[0]), reasons
    assert not any("--max-time" in f.message for f in result.findings)
    # Said once, in plain words: a number too big is not a program that cannot run on high-precision numbers.
    said = [f.message for f in result.findings] + result.notes
    assert sum(reasons[0].count(name) for name in ("sinh(", "sin(")) == 1
    assert not any(word in text for text in said for word in ("Error", "BeyondNumbers", "does not run"))
    assert not any("exact reference failed" in note for note in result.notes), result.notes


def test_out_of_time_is_never_a_stand_in_labelled_exact():
    formula, x = NEVER_SETTLES
    budget = Budget(0.5)
    with at_most_digits(UNREACHABLE_DIGITS):
        exact = reference.compute(resolve(formula), [x], budget=budget)
    assert exact.unsettled and "--max-time" in exact.out_of_time
    assert exact.value is None and exact.gradient == []
    assert budget.passes >= 1  # it did try: work counted, not seconds


def test_second_order_erf_check_ends_with_a_status():
    report = gradcli.check("erf(x) + erfc(y)", [{"x": 100.0, "y": 1.5}], order=2, max_time=2.0, fixes=False)
    assert {r.status for r in report.results} <= {"ok", "unstable", "error", "domain"}


def test_max_time_is_a_flag_and_must_be_positive():
    from click.testing import CliRunner

    from gradcli.cli import grad

    out = CliRunner().invoke(grad, ["x*x", "--at", "2", "--max-time", "0"])
    assert out.exit_code == 2
    out = CliRunner().invoke(grad, ["x*x", "--at", "2", "--max-time", "5", "--json"])
    assert out.exit_code == 0


# -- property: tiny derivatives and cancellation ----------------------------------------------

FAMILIES = [
    ("exp(x)/(exp(x)-1)", st.floats(30, 700), lambda x: -E(x) / (E(x) - 1) ** 2),
    ("1/(x-1) - 1/x", st.floats(5, 150).map(lambda k: 10.0**k), lambda x: -1 / (x - 1) ** 2 + 1 / x**2),
    ("(1 - cos(x))/x^2", st.floats(-20, -3).map(lambda k: 10.0**k), lambda x: (x * mpmath.sin(x) - 2 * (1 - mpmath.cos(x))) / x**3),
    ("exp(x) - 2 + exp(-x)", st.floats(-200, -2).map(lambda k: 10.0**k), lambda x: E(x) - E(-x)),
    ("sigmoid(x)", st.floats(-320, -1).map(lambda k: 10.0**k), lambda x: E(-x) / (1 + E(-x)) ** 2),
    ("log(1 + exp(x))", st.floats(-740, -30), lambda x: E(x) / (1 + E(x))),
]


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.sampled_from(range(len(FAMILIES))), st.data())
def test_property_the_reference_matches_the_hand_derivative(family, data):
    formula, points, derivative = FAMILIES[family]
    x = data.draw(points)
    if x == 0:
        return
    exact = reference.compute(resolve(formula), [x])
    assert exact.method == "balls"
    assert close(exact.gradient[0], truth(derivative, x)), (formula, x)


def test_one_budget_for_the_whole_check():
    # Budgets made inside one check count from its start (points, dtypes, rows, fixes' re-checks);
    # a re-check nested inside keeps the outer start; outside a check each budget starts afresh.
    from gradcli.checker import balls

    with balls.one_clock():
        first = balls.Budget(5.0)
        with balls.one_clock():
            nested = balls.Budget(5.0)
        later = balls.Budget(5.0)
    assert first.start == nested.start == later.start
    assert balls.Budget(5.0).start > first.start


def test_max_time_bounds_every_dtype_of_a_check_together():
    formula, x = NEVER_SETTLES
    report = gradcli.check(formula, [x], dtypes=("float32", "float64"), max_time=1.0, fixes=False,
                           max_digits=UNREACHABLE_DIGITS)
    assert [r.status for r in report.results] == ["error", "error"]
    for r in report.results:
        assert any("--max-time (1 seconds for the whole check" in f.message for f in r.findings)


# -- rounding noise: each op's directed runs land on the asked side of the truth ---------------------

UNARY = ["exp", "expm1", "log", "log1p", "sin", "tanh", "arctan", "erf", "erfc", "sigmoid", "softplus",
         "digamma", "gammaln", "cbrt", "log2", "sinh"]


@pytest.mark.parametrize("name", UNARY)
@pytest.mark.parametrize("x", ["0.7", "2.5", "-0.3"])
def test_each_op_rounded_down_and_up_brackets_its_true_value(name, x):
    # The reference's noise comes from rerunning a program with every op rounded down, then up. An op
    # that is a composite (sigmoid is 1/(1+exp(-x)): each step rounded up rounds the answer down) or
    # ignores the rounding mode (digamma) would land on the wrong side, or nowhere apart, and a noise
    # of 0 would pass for exact.
    import gradcli.numpy as gnp
    from gradcli.autodiff import mp
    from gradcli.checker.precision import _Rounding

    mp.enable()
    fun = getattr(gnp, name)
    point = mpmath.mpf(x)
    if name in ("log", "log2", "gammaln", "digamma") and point < 0:
        point = -point
    with mpmath.workdps(200):
        truth = mpmath.mpf(fun(point))
    with mpmath.workdps(30):
        with _Rounding("f"):
            down = fun(point)
        with _Rounding("c"):
            up = fun(point)
        assert down < up, (name, down, up)
    assert down <= truth <= up, (name, down, truth, up)


@pytest.mark.parametrize("name", ["exp", "log1p", "sin", "erfc", "sigmoid"])
@pytest.mark.parametrize("x", ["0.7", "-0.3", "1e-30", "35.25"])
def test_a_directed_answer_is_moved_exactly_the_widening_past_the_rounded_one(name, x):
    # The widening is _WIDEN_ULPS units of the answer's last place, added rounded up or taken rounded down:
    # no more (the noise would grow) and no less (it could land on the wrong side). An argument that carries a
    # rounding has it magnified by the op's condition on top: exp's times 2^mag(|x|) where |x| > 1 (`mp._CONDITION`),
    # the others' read from the function (`mp._Perturbed`), so only their side is pinned there; an argument held
    # exact (a point's own float, `mp.held_exact`) has nothing to magnify.
    import gradcli.numpy as gnp
    from gradcli.autodiff import mp
    from gradcli.checker.precision import _Rounding

    mp.enable()
    fun = getattr(gnp, name)
    impl = getattr(mpmath, name, None) or (lambda v: 1 / (1 + mpmath.exp(-v)))
    for digits in (30, 90):
        with mpmath.workdps(digits):
            for mode in ("f", "c"):
                for exact in (True, False):
                    with _Rounding(mode), mp.exact_inputs():
                        argument = mp.held_exact(mpmath.mpf(x)) if exact else mpmath.mpf(x)
                        got = fun(argument)
                        rounded = impl(mpmath.mpf(x))
                        magnified = mpmath.mag(mpmath.mpf(x)) if name == "exp" and abs(mpmath.mpf(x)) > 1 and not exact else 0
                        step = mpmath.ldexp(mp._WIDEN_ULPS, mpmath.mag(rounded) - mpmath.mp.prec + magnified)
                        want = rounded + step if mode == "c" else rounded - step
                    if name != "sigmoid" and (exact or name == "exp"):  # a composite rounds as it goes: its side only
                        assert got == want, (name, x, digits, mode, exact)
                    assert (got > rounded) if mode == "c" else (got < rounded)


def test_the_noise_is_how_far_the_directed_runs_strayed():
    # An entry's noise is the largest distance of its down- and up-rounded runs from the nearest one (0 for an
    # exact one, and a NaN in every run).
    from gradcli.checker.precision import _Rounding, with_noise

    def run():
        return [mpmath.mpf(1) / 3, mpmath.mpf(-2) / 7 + mpmath.mpf(10) ** 40, mpmath.mpf(3) * 4, mpmath.nan]

    with mpmath.workdps(30):
        entries, noises = with_noise(run)
        nearest = run()
        with _Rounding("f", True):
            down = run()
        with _Rounding("c", True):
            up = run()
    for k in range(2):
        assert noises[k] == max(abs(down[k] - nearest[k]), abs(up[k] - nearest[k])) and noises[k] > 0
    assert noises[2] == 0 and noises[3] == 0
    assert [repr(e) for e in entries] == [repr(e) for e in nearest]
