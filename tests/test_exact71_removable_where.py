"""A slope 0 at a point a `where` fills in alone, proven from the other branch as the step falls to 0.

`where(d == 0, t, -expm1(-d t) / d)` takes its constant branch at d = 0 only: on both sides of the point the
function is the other branch, whose value tends to t, so the function is smooth there with that branch's limiting
slope, -t^2 / 2. The Bateman curve k g(k - 1) (g that ratio) at k = 1, t = 2 has slope g(0) + g'(0) = t - t^2 / 2,
an exact 0, which no difference settles (its truncation shrinks at every precision) and the point's own branch
(a constant) cannot prove. The mean value theorem does, on each side's own branches, once the derivative's 0 / 0 at
H = 0 is resolved by the series in H of the functions of H (`arb_proof_series`): the verdict is then `wrong`
(the other branch's 0 / 0 leaks NaN), not a point without an exact reference. A point the where fills with another
value than the limit (a jump) or whose sides' slopes are not 0 proves nothing.
"""

from __future__ import annotations

import numpy as np

import gradcli.numpy as gnp
from gradcli.autodiff import arb as arb_core
from gradcli.checker import balls, exact_python, python_zero, reference
from gradcli.checker.targets import resolve

T = 2.0


def bateman_ratio(k):
    d = k - 1.0
    return k * gnp.where(d == 0, T, -gnp.expm1(-d * T) / d)


def log1p_ratio(x):
    """log1p(x) / x, 1 at 0, slope -1/2 there: with x / 2 added the slope is 0 (the log's series)."""
    return gnp.where(x == 0, 1.0, gnp.log1p(x) / x) + x / 2


def root_ratio(x):
    """(sqrt(1 + x) - 1) / x, 1/2 at 0, slope -1/8 there: with x / 8 added the slope is 0 (the root's series)."""
    return gnp.where(x == 0, 0.5, (gnp.sqrt(1 + x) - 1) / x) + x / 8


def sinc(x):
    """sin(x) / x, 1 at 0: even, slope 0 (the sine's series)."""
    return gnp.where(x == 0, 1.0, gnp.sin(x) / x)


def jump(x):
    """sin(x) / x filled with 0 at 0: no limit there, so no slope to prove."""
    return gnp.where(x == 0, 0.0, gnp.sin(x) / x) + x * x


def _exact(fun, *point):
    return reference.compute(resolve(fun), [np.float64(p) for p in point], budget=balls.Budget(30))


def test_the_bateman_curves_slope_at_equal_rates_is_proven_0():
    exact = _exact(bateman_ratio, 1.0)
    assert exact.determined and not exact.unsettled, exact.why
    assert exact.value == 2 and exact.gradient[0] == 0


def test_each_series_proves_its_removable_points_slope_0():
    for fun, value in ((log1p_ratio, 1), (root_ratio, 0.5), (sinc, 1)):
        exact = _exact(fun, 0.0)
        assert exact.determined and not exact.unsettled, (fun.__name__, exact.why)
        assert exact.value == value and exact.gradient[0] == 0, fun.__name__


def _flat_beside_the_tie(fun, x):
    arb_core.enable()  # the proof numbers' dispatch
    run = lambda *a: exact_python._traced(resolve(fun).mp_function, a)  # noqa: E731 - as the reference runs it
    return python_zero.flat_beside_a_tie(run, [np.float64(x)], 0)


def test_a_jump_at_the_filled_point_proves_no_slope():
    """Beside the point sin(x) / x + x^2 has slopes that tend to 0, but its value tends to 1, not the 0 filled in."""
    assert _flat_beside_the_tie(sinc, 0.0)
    assert not _flat_beside_the_tie(jump, 0.0)


def test_the_leak_at_equal_rates_is_wrong_with_the_exact_0():
    import gradcli

    (result,) = gradcli.check(bateman_ratio, [{"k": 1.0}], dtypes=("float64",), fixes=False).results
    assert result.status == "wrong"
    assert float(result.exact_gradient["k"]) == 0


def test_where_no_proof_reaches_the_0_a_nan_rule_is_still_wrong(monkeypatch):
    """Without the series (an atom no series here expands), the slope in k is only bounded within 1e-2559 of 0, and
    the point used to have no exact reference; the rule's NaN is wrong against every number inside the bound."""
    import gradcli
    from gradcli.autodiff import arb_proof_series

    monkeypatch.setattr(arb_proof_series, "limit", lambda *args: None)
    (result,) = gradcli.check(bateman_ratio, [{"k": 1.0}], dtypes=("float64",), fixes=False).results
    assert result.status == "wrong"
    assert float(result.exact_gradient["k"]) == 0
    assert any("not proven 0" in note and "no number inside" in note for note in result.notes), result.notes
