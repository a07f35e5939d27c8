"""A smooth extremum whose scale is far below the point: the kink test steps below that scale before it calls a
singularity.

Student t's log-density at its mode with scale 1e-200 is analytic (slope 0 in the location), but a difference step
of 1e-21 is 1e179 scales wide, where the density falls like 2 log|h|: both one-sided quotients grow as the steps
shrink, the shape of a pole. The scale is an operand the program divides by, never an op's answer, so the test
that re-steps below the program's smallest value must count operands too, and may climb to the check's ceiling of
digits (|x| / scale asks 400 more), not the 120 a balls reference hands the kink test. Each expected slope is the
closed form of d/dmu -log t(x; 3, mu, s) = -(nu + 1) z / (s (nu + z^2)), z = (x - mu) / s, summed.
"""

from __future__ import annotations

import textwrap

import numpy as np
import pytest

import gradcli

pytest.importorskip("mpmath")

SOURCE = textwrap.dedent(
    """
    import gradcli.numpy as np
    from gradcli.scipy import stats


    def student_t_at_its_mode(mu, scale):
        return -np.sum(stats.t.logpdf(np.array([0.5]), 3.0, loc=mu, scale=scale))


    def student_t_beside_its_mode(mu, scale):
        return -np.sum(stats.t.logpdf(np.array([0.5, -1.0]), 3.0, loc=mu, scale=scale))


    def cauchy_at_its_mode(mu, scale):
        return -np.sum(stats.cauchy.logpdf(np.array([0.5]), loc=mu, scale=scale))


    def absolute_at_its_kink(mu, scale):
        return np.abs((0.5 - mu) / scale)
    """
)


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    path = tmp_path_factory.mktemp("tiny_scale") / "densities.py"
    path.write_text(SOURCE)
    return path


def _slope_in_mu(data, scale, nu=3, mu=0.5):
    import mpmath  # z * z is 2.25e400 beside the mode: past float64

    scale, mu = mpmath.mpf(scale), mpmath.mpf(mu)
    slope = mpmath.mpf(0)
    for x in data:
        z = (mpmath.mpf(x) - mu) / scale
        slope += -(nu + 1) * z / (scale * (nu + z * z))
    return float(slope)


def _check(module, name, mu, scale):
    [result] = gradcli.check(f"{module}:{name}", [{"mu": mu, "scale": scale}], dtypes=("float64",)).results
    return result


@pytest.mark.parametrize("scale", [1e-200, 1e-100, 1e-30])
def test_a_density_at_its_mode_has_slope_zero_at_a_tiny_scale(module, scale):
    result = _check(module, "student_t_at_its_mode", 0.5, scale)
    assert not any("singular" in f.message for f in result.findings), [f.message for f in result.findings]
    assert result.exact_gradient["mu"] is not None and float(result.exact_gradient["mu"]) == 0.0
    assert result.status == "ok", [f.message for f in result.findings]


def test_a_datum_beside_the_mode_gives_its_own_slope(module):
    # the datum at -1 is 1.5e200 scales away: its term's slope is -(nu + 1) / (x - mu) = 8/3, the mode's 0
    result = _check(module, "student_t_beside_its_mode", 0.5, 1e-200)
    assert not any("singular" in f.message for f in result.findings), [f.message for f in result.findings]
    want = _slope_in_mu([0.5, -1.0], 1e-200)
    assert want == pytest.approx(4 / 1.5, rel=1e-12)
    assert float(result.exact_gradient["mu"]) == pytest.approx(want, rel=1e-12)


def test_cauchys_mode_at_a_tiny_scale_is_flat_too(module):
    result = _check(module, "cauchy_at_its_mode", 0.5, 1e-200)
    assert not any("singular" in f.message for f in result.findings), [f.message for f in result.findings]
    assert float(result.exact_gradient["mu"]) == 0.0


def test_a_true_kink_at_a_tiny_scale_is_still_a_kink(module):
    # |0.5 - mu| / s has slopes -1/s and 1/s on its sides: re-stepping below s must not smooth it away
    result = _check(module, "absolute_at_its_kink", 0.5, 1e-200)
    assert result.status == "domain", (result.status, [f.message for f in result.findings])
    assert result.exact_gradient["mu"] is None or not np.isfinite(float(result.exact_gradient["mu"]))
