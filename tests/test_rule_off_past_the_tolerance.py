"""A gradient rule off by more than the tolerance its dtype's gradient is checked to is `wrong`, however small
the error: no precision brings that gradient within the tolerance (`judge._rule`).

A tail's slope cut to e^-x where it is e^-x / (1 - e^-x) is 7.6e-10 off at x = 21, past float64's 1e-10 and
under the 1e-8 a rule may be off by in every dtype: `wrong` at the rule, not `unstable`. The same cut further out
(e^-40 relative at x = 40) is within every tolerance: `ok`. A tighter --rtol is tighter for the rule too, but
never tighter than what the reference knows: a right rule stays right at rtol 1e-300.
"""

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli import custom_gradient


@custom_gradient
def _log1mexp_cut(x):
    # The slope e^-x / (1 - e^-x), cut to e^-x past x = 20, where the tail "does not matter".
    value = gnp.log1p(-gnp.exp(-x))
    return value, lambda dy: dy * gnp.where(x > 20.0, gnp.exp(-x), 1.0 / gnp.expm1(x))


@custom_gradient
def _log1mexp(x):
    value = gnp.log1p(-gnp.exp(-x))
    return value, lambda dy: dy / gnp.expm1(x)


def cut_sum(x):
    return gnp.sum(_log1mexp_cut(x))


def right_sum(x):
    return gnp.sum(_log1mexp(x))


def _check(fun, point, **options):
    return gradcli.check(fun, {"x": np.array(point)}, dtypes=["float64"], fixes=False, **options).results[0]


def test_a_rule_off_past_float64s_tolerance_is_wrong_at_the_rule():
    result = _check(cut_sum, [21.0, 0.5])
    assert result.status == "wrong", [f.message for f in result.findings]
    [finding] = [f for f in result.findings if f.kind == "wrong-rule"]
    assert "relative error 7.58e-10" in finding.message
    assert finding.location is not None and "test_rule_off_past_the_tolerance.py" in str(finding.location)


def test_the_same_cut_within_the_tolerance_is_ok():
    result = _check(cut_sum, [40.0, 0.5])  # off by e^-40 = 4e-18 relative there
    assert result.status == "ok", [f.message for f in result.findings]


def test_a_tighter_rtol_is_tighter_for_the_rule():
    assert _check(cut_sum, [25.0, 0.5]).status == "ok"  # e^-25 = 1.4e-11 off: within 1e-10
    result = _check(cut_sum, [25.0, 0.5], rtol=1e-12)
    assert result.status == "wrong", [f.message for f in result.findings]


def test_a_right_rule_is_right_at_any_tolerance():
    for point in ([21.0, 0.5], [1e-3, 700.0]):
        result = _check(right_sum, point, rtol=1e-300)
        assert not [f for f in result.findings if f.kind == "wrong-rule"], [f.message for f in result.findings]


def test_never_tighter_than_what_the_reference_knows():
    """An exact entry is known to `precision.EXACT_RTOL` (a difference extrapolated on balls): a rule that close to
    it is not shown off, at any --rtol; one 1e-12 off is."""
    import mpmath
    from types import SimpleNamespace

    from gradcli.checker import judge
    from gradcli.checker.precision import EXACT_RTOL, Exact

    recording = SimpleNamespace(ops=[], backward_nodes=[])
    target = SimpleNamespace(variables=["x"])
    exact_entry = mpmath.mpf(3) / 7
    for off, verdict in ((EXACT_RTOL / 2, "ok"), (1e-12, "wrong")):
        rule = exact_entry * (1 + mpmath.mpf(off))
        exact = Exact(value=mpmath.mpf(1), gradient=[exact_entry], rule=[rule], method="balls")
        judged = judge._rule(target, exact, {"x": exact_entry}, True, ["x"], np.dtype(np.float64), 1e-300, recording)
        assert judged.gradient == verdict, (off, judged)
