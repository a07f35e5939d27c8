"""An argument's own rounding in an op's high-precision answer: widened where the argument carries one, not where
it is a float handed in.

On the mpmath path the exact reference reads its rounding noise from two runs rounding every op down and up
(`precision.with_noise`). An argument rounded on its way in can land on the same number in both runs (x + 139.2 -
0.04 at x = 1e60 and 30 digits lands on x, each rounding undoing the other) while the truth is 139 away: an op
magnifying that rounding (gammaincc, exp1, erfc far right; sin of a huge argument) then answers e^139 off with no
noise at all. Each op whose answer comes from mpmath moves its answer out by its condition at such an argument (a
closed form for the exp-like ops, else read from the op itself), so the noise holds what the rounding did. A float
handed in as the point is exact, and exp(-1e300) of it is e^-1e300 to the working precision's last digit.

On balls, SciPy's functions of several arguments (gammaincc(a, x), betainc, the Bessel functions of an order) and
those of one without a slope of their own run in forward mode from their partial derivatives, so a point such as
gammaincc(2.5, x + 0.3) at 1e300, which no difference step resolves, has its exact gradient.
"""

from __future__ import annotations

import numpy as np
import pytest

mpmath = pytest.importorskip("mpmath")
flint = pytest.importorskip("flint")

import gradcli  # noqa: E402
import gradcli.numpy as gnp  # noqa: E402
from gradcli.autodiff import arb  # noqa: E402
from gradcli.autodiff import mp as mp_core  # noqa: E402
from gradcli.checker.precision import flat_entries, to_mp, with_noise  # noqa: E402
from gradcli.scipy import special  # noqa: E402

# (name, the op on gradcli's ops of a huge u, the same mathematics with mpmath's functions)
MAGNIFYING = [
    ("gammaincc", lambda u: special.gammaincc(2.5, u), lambda u: mpmath.gammainc(2.5, u, mpmath.inf, regularized=True)),
    ("gammainc of 1/u", lambda u: special.gammainc(2.5, 1 / u), lambda u: mpmath.gammainc(2.5, 0, 1 / u, regularized=True)),
    ("exp1", lambda u: special.exp1(u), lambda u: mpmath.e1(u)),
    ("erfc", lambda u: special.erfc(gnp.sqrt(u)), lambda u: mpmath.erfc(mpmath.sqrt(u))),
    ("sin", lambda u: gnp.sin(u), lambda u: mpmath.sin(u)),
    ("log near 1", lambda u: gnp.log(1 + 1 / u), lambda u: mpmath.log(1 + 1 / u)),
    ("gammaln", lambda u: special.gammaln(u), lambda u: mpmath.loggamma(u)),
]
# x + 139.2 - 0.04 at x = 1e60, each sum through gradcli's ops (their directed roundings alternate)
LANDING = (1e60, 139.2, 0.04)


def _argument(x, up, down):
    return gnp.subtract(gnp.add(x, up), down)


def _within_noise(program, truth, x, up, down, digits):
    mp_core.enable()
    with mpmath.workdps(digits):
        value, noise = with_noise(lambda: program(_argument(to_mp(x), up, down)))
    value, noise = flat_entries(value)[0], noise[0]
    with mpmath.workdps(2000):
        want = truth(mpmath.mpf(x) + mpmath.mpf(up) - mpmath.mpf(down))
    return abs(value - want) <= 4 * noise + abs(want) * mpmath.mpf(10) ** (5 - digits), value, noise, want


@pytest.mark.parametrize("name, program, truth", MAGNIFYING, ids=[m[0] for m in MAGNIFYING])
def test_a_rounded_argument_that_lands_alike_both_ways_is_in_the_noise(name, program, truth):
    failed = []
    for x in (LANDING[0], 3.7e45):
        for digits in (30, 45):
            ok, value, noise, want = _within_noise(program, truth, x, *LANDING[1:], digits)
            if not ok:
                failed.append(f"{name} at {x!r}, {digits} digits: {mpmath.nstr(value, 8)} +- {mpmath.nstr(noise, 3)}, "
                              f"the truth {mpmath.nstr(want, 8)}")
    assert not failed, "\n".join(failed)


@pytest.mark.parametrize("name, program, point", [
    ("exp", lambda x: gnp.exp(x), -1e300),
    ("gammaincc", lambda x: special.gammaincc(2.5, x), 1e300),
    ("exp1", lambda x: special.exp1(x), 1e300),
    ("erfc", lambda x: special.erfc(x), 1e150),
])
def test_a_float_handed_in_is_exact_and_its_answer_keeps_every_digit(name, program, point):
    # exp(-1e300) of the point itself: e^-1e300 to 30 digits, where widening by its condition 1e300 left none
    mp_core.enable()
    with mpmath.workdps(30):
        value, noise = with_noise(lambda: program(to_mp(point)))
    assert noise[0] <= abs(flat_entries(value)[0]) * mpmath.mpf(10) ** -25


def test_the_same_number_computed_is_not_taken_for_exact():
    # -x computed by an op is a number no registry holds: its condition still widens it
    mp_core.enable()
    with mpmath.workdps(30):
        value, noise = with_noise(lambda: gnp.exp(gnp.add(to_mp(-1e300), 0.0)))
    assert noise[0] >= abs(flat_entries(value)[0])


def _jet_tangent(op, args, which):
    """The tangent of ``op`` on balls at ``args`` (floats) seeded in argument ``which``, as an mpf."""
    arb.enable()
    saved, flint.ctx.prec = flint.ctx.prec, 200  # flint's precision is the process's: put back for the next test
    try:
        seeded = [arb.Jet(flint.arb(a), np.array([flint.arb(1)], dtype=object)) if i == which else flint.arb(a)
                  for i, a in enumerate(args)]
        got = op(*seeded)
    finally:
        flint.ctx.prec = saved
    assert type(got) is arb.Jet, f"no jet from {op}"
    with mpmath.workdps(60):
        return mpmath.mpf(got.d[0].mid().str(50, radius=False))


# (op, its mpmath form, a point, the arguments seeded): every function with balls and a slope of the mathematics'
SLOPES = [
    (special.gammaincc, lambda a, x: mpmath.gammainc(a, x, mpmath.inf, regularized=True), (2.5, 1.7), (0, 1)),
    (special.gammainc, lambda a, x: mpmath.gammainc(a, 0, x, regularized=True), (2.5, 1.7), (0, 1)),
    (special.betainc, lambda a, b, x: mpmath.betainc(a, b, 0, x, regularized=True), (2.5, 1.5, 0.3), (2,)),
    (special.betaln, lambda a, b: mpmath.log(mpmath.beta(a, b)), (2.5, 1.5), (0, 1)),
    (special.jn, lambda v, x: mpmath.besselj(v, x), (2.0, 1.7), (1,)),
    (special.yn, lambda v, x: mpmath.bessely(v, x), (2.0, 1.7), (1,)),
    (special.iv, lambda v, x: mpmath.besseli(v, x), (2.0, 1.7), (1,)),
    (special.zeta, lambda s, q: mpmath.zeta(s, q), (2.5, 1.7), (1,)),
    (special.gamma, mpmath.gamma, (1.7,), (0,)),
    (special.rgamma, mpmath.rgamma, (1.7,), (0,)),
    (special.i1, lambda x: mpmath.besseli(1, x), (1.7,), (0,)),
    (special.j0, lambda x: mpmath.besselj(0, x), (1.7,), (0,)),
    (special.j1, lambda x: mpmath.besselj(1, x), (1.7,), (0,)),
    (special.y0, lambda x: mpmath.bessely(0, x), (1.7,), (0,)),
    (special.y1, lambda x: mpmath.bessely(1, x), (1.7,), (0,)),
    (special.exp1, mpmath.e1, (1.7,), (0,)),
    (special.expi, mpmath.ei, (1.7,), (0,)),
    (special.k0e, lambda x: mpmath.besselk(0, x) * mpmath.exp(x), (1.7,), (0,)),
    (special.k1e, lambda x: mpmath.besselk(1, x) * mpmath.exp(x), (1.7,), (0,)),
]


@pytest.mark.parametrize("op, form, point, seeded", SLOPES, ids=[s[0].__name__ for s in SLOPES])
def test_forward_mode_on_balls_is_each_partial_derivative(op, form, point, seeded):
    for which in seeded:
        got = _jet_tangent(op, point, which)
        with mpmath.workdps(40):
            args = [mpmath.mpf(p) for p in point]
            want = mpmath.diff(lambda t: form(*args[:which], t, *args[which + 1:]), args[which])
        assert abs(got - want) <= abs(want) * mpmath.mpf(10) ** -25, (which, got, want)


def test_gammaincc_of_a_shifted_huge_point_has_its_exact_gradient():
    def upper_tail(x):
        return special.gammaincc(2.5, x + 0.3)

    result = gradcli.check(upper_tail, [1e300], dtypes=("float64",), fixes=False).results[0]
    assert result.status == "ok"
    with mpmath.workdps(1200):
        x = mpmath.mpf(1e300) + mpmath.mpf(0.3)
        want = -x ** 1.5 * mpmath.exp(-x) / mpmath.gamma(2.5)
    with mpmath.workdps(30):
        got = mpmath.mpf(result.exact_gradient_text["x"])  # below float64's range: the text holds it
    assert abs(got - want) <= abs(want) * mpmath.mpf(10) ** -12


def test_a_condition_at_a_domain_edge_is_read_from_inside_the_domain():
    """arcsin at a rounded 1 (an identity's arcsin + arccos at 1): moving the argument up leaves arcsin's numbers, so
    its condition is read moving down, huge (~2^(prec/2)) but finite: the answer keeps half its digits and the
    precision that settles it is reached, where an infinite condition would never settle."""
    from gradcli.autodiff import mp

    mp.enable()
    with mpmath.workdps(30):
        one = mpmath.mpf(1)
        times = mp._Perturbed(mpmath.asin)(mpmath.asin(one), one)
        assert mpmath.isfinite(times) and 2**40 < times < 2**70, times
