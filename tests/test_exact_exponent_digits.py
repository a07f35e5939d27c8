"""An exponent's own rounding is the noise of its exp on the mpmath path: a density exp(l(x)) whose log l(x) is
huge keeps its digits only once the precision holds l(x) to its last unit, and the rounding noise the exact
reference reads (`precision.with_noise`) must say so below that, never settle on exp of a rounded exponent.

The property: for compositions of gradcli's ops whose exponent is a huge number plus a small one (a density's
-x + (a - 1) log x - gammaln(a), a normal tail's -x^2/2 - c, sigmoid, softplus, sinh, cosh, a power whose exponent
is computed), at magnitudes from 1e20 to 1e300 and at low precision, the nearest-rounded answer lies within its
noise of the truth (mpmath at enough digits, the same mathematics spelled with mpmath's own functions).
"""

from __future__ import annotations

import random

import numpy as np
import pytest

mpmath = pytest.importorskip("mpmath")

from gradcli.autodiff import mp as mp_core  # noqa: E402
from gradcli.checker.precision import flat_entries, with_noise  # noqa: E402
import gradcli.numpy as gnp  # noqa: E402
from gradcli.scipy import special  # noqa: E402


def _density(x, a):
    return gnp.exp(special.xlogy(a - 1, x) - x - special.gammaln(a))


def _density_truth(x, a):
    return mpmath.exp((a - 1) * mpmath.log(x) - x - mpmath.loggamma(a))


# (name, the program on gradcli's ops, the same mathematics on mpmath's functions); x huge, c small
CASES = [
    ("gamma density", lambda x, c: _density(x, c), lambda x, c: _density_truth(x, c)),
    ("normal tail", lambda x, c: gnp.exp(-x * x / 2 - c), lambda x, c: mpmath.exp(-x * x / 2 - c)),
    ("sigmoid", lambda x, c: special.expit(-(x + c)), lambda x, c: 1 / (1 + mpmath.exp(x + c))),
    ("softplus", lambda x, c: gnp.logaddexp(0.0, -(x + c)), lambda x, c: mpmath.log1p(mpmath.exp(-(x + c)))),
    ("sinh", lambda x, c: gnp.sinh(gnp.sqrt(x) + c), lambda x, c: mpmath.sinh(mpmath.sqrt(x) + c)),
    ("cosh", lambda x, c: gnp.cosh(-gnp.sqrt(x) - c), lambda x, c: mpmath.cosh(mpmath.sqrt(x) + c)),
    ("power", lambda x, c: gnp.power(0.5, x + c), lambda x, c: mpmath.power(2, -(x + c))),
    ("expm1", lambda x, c: gnp.expm1(gnp.sqrt(x) + c), lambda x, c: mpmath.expm1(mpmath.sqrt(x) + c)),
]


def _agrees_within_noise(program, truth, x, c, digits):
    """Whether ``program(x, c)`` at ``digits`` lies within its own rounding noise (and a unit of its last place)
    of the truth; the number's digits and noise for the message."""
    mp_core.enable()
    with mpmath.workdps(digits), np.errstate(all="ignore"):
        value, noise = with_noise(lambda: program(mpmath.mpf(x), mpmath.mpf(c)))
    value, noise = flat_entries(value)[0], noise[0]
    with mpmath.workdps(digits + 400):
        want = truth(mpmath.mpf(x), mpmath.mpf(c))
    slack = abs(want) * mpmath.mpf(2) ** (4 - mpmath.mp.prec - int(digits * 3.33))
    return abs(value - want) <= 4 * noise + slack, value, noise, want


@pytest.mark.parametrize("name, program, truth", CASES, ids=[c[0] for c in CASES])
def test_the_noise_of_an_exp_holds_its_exponents_rounding(name, program, truth):
    draw = random.Random(f"exponent digits {name}")
    failed = []
    for _ in range(6):
        x = float(10.0 ** draw.uniform(20, 300) if name not in ("sinh", "cosh", "expm1") else 10.0 ** draw.uniform(40, 300))
        c = draw.uniform(0.1, 4.0)
        digits = draw.choice((30, 60, 120))
        ok, value, noise, want = _agrees_within_noise(program, truth, x, c, digits)
        if not ok:
            failed.append(f"{name} at x={x!r}, c={c!r}, {digits} digits: {mpmath.nstr(value, 8)} +- "
                          f"{mpmath.nstr(noise, 3)}, the truth {mpmath.nstr(want, 8)}")
    assert not failed, "\n".join(failed)


def test_an_exponent_held_to_its_last_unit_leaves_the_noise_small():
    # Past the exponent's own digits (1e300 at 400 digits) the noise is the answer's own rounding: the precision
    # rises by the exponent's magnitude, and no further.
    ok, value, noise, want = _agrees_within_noise(lambda x, c: _density(x, c), _density_truth, 1e300, 2.5, 400)
    assert ok and noise <= abs(want) * mpmath.mpf(10) ** -80


def test_erfcx_far_right_on_mpmath_is_its_asymptote():
    # exp(x^2) erfc(x) with x^2 rounded at 30 digits would be off by all its digits at x = 1e100
    mp_core.enable()
    with mpmath.workdps(30):
        got = flat_entries(special.erfcx(mpmath.mpf(1e100)))[0]
    with mpmath.workdps(60):
        x = mpmath.mpf(1e100)
        want = 1 / (x * mpmath.sqrt(mpmath.pi)) * (1 - 1 / (2 * x * x))
    assert abs(got - want) <= abs(want) * mpmath.mpf(10) ** -25
