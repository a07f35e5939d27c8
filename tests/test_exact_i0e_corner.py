"""scipy.special.i0e's corner at 0 (e^-|x| I0(x)) is a kink of the program, with every other derivative decided.

A von Mises negative log-likelihood written log(2 pi i0e(kappa)) + kappa - kappa cos(x - mu)
is log I0(kappa) - |kappa| + kappa - ...: at kappa = 0 a kink (`domain`), its
slopes 2 per datum from the left and 0 from the right, minus sum cos(x - mu).
d/dmu there is kappa sum sin(x - mu) = 0, a 0 only a proof gives: i0e must run on
proof numbers, where its corner has no slope yet leaves a still input still.
"""

import re

import mpmath
import numpy as np
import pytest

import gradcli

SOURCE = """import numpy as np
from scipy import special

DATA = np.array([0.1, -0.4, 2.9])


def von_mises_nll(kappa, mu):
    return np.sum(np.log(2 * np.pi * special.i0e(kappa)) + kappa - kappa * np.cos(DATA - mu))
"""

DATA = ["0.1", "-0.4", "2.9"]
MU = 0.2


@pytest.fixture(scope="module")
def target(tmp_path_factory):
    path = tmp_path_factory.mktemp("i0e") / "von_mises.py"
    path.write_text(SOURCE)
    return f"{path}:von_mises_nll"


def _cosines():
    with mpmath.workdps(40):
        return sum(mpmath.cos(mpmath.mpf(x) - mpmath.mpf(MU)) for x in DATA)


def test_at_kappa_0_the_corner_is_a_kink_with_the_true_sides_and_d_mu_is_0(target):
    (result,) = gradcli.check(target, [{"kappa": 0.0, "mu": MU}], dtypes=("float64",)).results
    assert result.status == "domain", result.findings
    assert result.exact_gradient["mu"] == 0
    (kink,) = [f for f in result.findings if f.kind == "kink"]
    assert kink.op == "kappa"
    left, right = map(float, re.search(r"is (\S+) from the left and (\S+) from the right", kink.message).groups())
    s = float(_cosines())
    assert abs(left - (6 - s)) < 1e-5 and abs(right + s) < 1e-5


@pytest.mark.parametrize("kappa", [0.5, -0.5])
def test_beside_the_corner_the_gradient_is_the_smooth_one(target, kappa):
    (result,) = gradcli.check(target, [{"kappa": kappa, "mu": MU}], dtypes=("float64",)).results
    assert result.status == "ok", result.findings
    with mpmath.workdps(40):
        k = mpmath.mpf(kappa)
        sines = sum(mpmath.sin(mpmath.mpf(x) - mpmath.mpf(MU)) for x in DATA)
        d_kappa = 3 * (mpmath.besseli(1, k) / mpmath.besseli(0, k) - mpmath.sign(k) + 1) - _cosines()  # log I0 - |k| + k
        d_mu = -k * sines
    assert abs(float(result.exact_gradient["kappa"]) - float(d_kappa)) <= 1e-12 * abs(float(d_kappa))
    assert abs(float(result.exact_gradient["mu"]) - float(d_mu)) <= 1e-12 * abs(float(d_mu))


def _shifted_von_mises(center):
    """log(2 pi i0e(kappa)) + (kappa - center) cos(mu), whose d/dmu at kappa = center is 0."""
    import gradcli.numpy as gnp
    from gradcli.scipy import special

    return lambda kappa, mu: gnp.log(2 * np.pi * special.i0e(kappa)) + (kappa - center) * gnp.cos(mu)


@pytest.mark.parametrize("center", [0.0, 0.5, -2.0])
def test_a_proof_runs_through_i0e_at_its_corner_and_beside_it(center):
    from gradcli.autodiff import arb
    from gradcli.checker import python_zero

    arb.enable()
    args = [np.float64(center), np.float64(MU)]
    assert python_zero.proven(_shifted_von_mises(center), args, coordinate=1)[1] == [True]
    assert python_zero.proven(_shifted_von_mises(center), args, coordinate=0)[1] == [False]  # kappa's slope is no 0


@pytest.mark.parametrize("kappa", [0.5, -2.0])
def test_i0e_on_proof_numbers_has_its_true_slope_beside_the_corner(kappa):
    from gradcli.autodiff import arb
    from gradcli.checker import python_zero
    from gradcli.scipy import special

    arb.enable()
    slopes = python_zero.exact_slopes(lambda k: special.i0e(k), [np.float64(kappa)], coordinate=0)
    (slope,) = slopes([0])
    with mpmath.workdps(40):
        k = mpmath.mpf(kappa)
        want = mpmath.exp(-abs(k)) * (mpmath.besseli(1, k) - mpmath.sign(k) * mpmath.besseli(0, k))
    assert abs(float(slope.mid()) - float(want)) <= 1e-13 * abs(float(want)) and float(slope.rad()) < 1e-13
