"""tanh on mpmath numbers rounds the working way, so the rounding noise of a saturated tanh is seen.

mpmath's tanh gives exactly +-1 in every rounding mode once 1 - |tanh x| is below the precision's unit; the
directed runs that measure a high-precision run's rounding noise (`precision.with_noise`) then saw none in
1 + tanh(-80) at 60 digits, and the gradient rule of x (1 + tanh x), which lost that term (3.6e-70) there, was taken
as exact and called wrong (round 51c).
"""

import math

import mpmath
import pytest

import gradcli
from gradcli.checker.precision import with_noise


def _slope(x):
    """d/dx x (1 + tanh x) = 1 + tanh x + x sech^2 x, from exponentials (no tanh), at 200 digits."""
    with mpmath.workdps(200):
        x = mpmath.mpf(x)
        e = mpmath.exp(2 * x)
        return float(2 * e / (1 + e) + 4 * x * e / (1 + e) ** 2)


@pytest.mark.parametrize("x, verdict", [(-80.0, "unstable"), (-50.0, "unstable"), (-400.0, "ok"), (80.0, "ok")])
def test_a_saturated_tanh_in_a_rule_is_judged_by_its_digits(x, verdict):
    result = gradcli.check("x*(1 + tanh(x))", [{"x": x}], dtypes=["float64"]).results[0]
    assert result.status == verdict, [f.message for f in result.findings]
    assert not [f for f in result.findings if f.kind == "wrong-rule"]
    assert math.isclose(result.exact_gradient["x"], _slope(x), rel_tol=1e-12, abs_tol=1e-300)


def test_the_directed_runs_see_a_saturated_tanhs_rounding():
    from gradcli.autodiff import mp, ops

    mp.enable()  # every primitive takes mpmath numbers, as the exact reference runs them
    with mpmath.workdps(60):
        total, noise = with_noise(lambda: [1 + ops.tanh(mpmath.mpf(-80))])
    assert total == [0]
    assert noise[0] > 0  # 1 + tanh(-80) = 3.6e-70 is below 60 digits' unit of 1: a 0 only within the noise


# Saturating and cancelling places: far out, tiny, and one unit of a 75-digit precision below 1.
_POINTS = ("-80", "-1e-40", "1e-300", "0.5", "3", "80", "0.9999999999999999999999999999999999999999999999999999999999999999999999999")


def _ops_on_mpmath_numbers():
    """The elementwise primitives of gradcli's core and special-function modules that compute on mpmath numbers, by
    name (the special functions of SciPy's other families take seconds at some of these points: their reference is
    checked in their own files)."""
    from gradcli.autodiff import mp, ops, ops_special
    from gradcli.autodiff.core import primitive_of

    mp.enable()
    found = {}
    for module in (ops, ops_special):
        for value in vars(module).values():
            prim = primitive_of(value)
            if prim is not None and callable(getattr(prim, "mp", None)):
                found.setdefault(prim.name, value)
    return found


def test_no_op_hides_its_rounding_from_the_directed_runs():
    """Where an op's 60-digit answer is off its 250-digit one (the same arguments), the directed runs see noise: a
    0 noise says the answer is exact, which the exact reference then trusts."""
    import itertools

    hidden, evaluated = [], set()
    for name, op in sorted(_ops_on_mpmath_numbers().items()):
        for arity in (1, 2):
            for texts in itertools.product(_POINTS, repeat=arity):
                with mpmath.workdps(60):
                    args = [mpmath.mpf(t) for t in texts]
                try:
                    with mpmath.workdps(250):
                        truth = op(*args)
                    with mpmath.workdps(60):
                        (answer,), (noise,) = with_noise(lambda: [op(*args)])
                except Exception:  # noqa: BLE001 - an op of other arity, or outside its domain there
                    continue
                if type(answer) is not mpmath.mpf or not (mpmath.isfinite(answer) and mpmath.isfinite(truth)):
                    continue
                evaluated.add(name)
                off = abs(answer - truth)
                if off > abs(truth) * mpmath.mpf(10) ** -75 and noise == 0:
                    hidden.append((name, texts, mpmath.nstr(off, 3)))
    assert len(evaluated) > 50 and {"tanh", "erf", "logaddexp", "xlogy"} <= evaluated
    assert not hidden, hidden


def test_jacobis_sn_near_m_1_shows_its_rounding_as_tanh_does():
    from gradcli.autodiff import mp
    from gradcli.autodiff.ops_elliptic_incomplete import ellipj_sn

    mp.enable()
    with mpmath.workdps(60):
        u, m = mpmath.mpf(-80), 1 - mpmath.mpf(10) ** -73
        (answer,), (noise,) = with_noise(lambda: [1 + ellipj_sn(u, m)])
    assert answer == 0 and noise > 0  # sn(-80 | m) ~ tanh(-80): 1 + sn is 6.5e-70, below 60 digits' unit
