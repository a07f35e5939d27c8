"""The normal distribution's far tail at high precision: log Phi, its slope phi / Phi and erfc carry their
exponent (e^-5e9 at x = 1e5) instead of being resolved against 0.

Each checked function is a plain NumPy/SciPy module, checked unchanged. Every expected
number is computed here with mpmath at 2,000 digits from its normal density and CDF
(npdf, ncdf) or from erfc's closed form, never read from gradcli's output.
"""

import textwrap

import mpmath
import numpy as np
import pytest

import gradcli

DIGITS = 2000


def _check(tmp_path, body, x):
    path = tmp_path / "tail.py"
    path.write_text("import numpy as np\nimport scipy.special\nimport scipy.stats\n\n" + textwrap.dedent(body))
    [result] = gradcli.check(f"{path}:f", [{"x": np.array(x)}], dtypes=("float64",)).results
    return result


def _close(text, truth):
    """Whether the exact number's text is ``truth`` to 1e-12 relative (its exponent included)."""
    with mpmath.workdps(DIGITS):
        return text is not None and abs(mpmath.mpf(text) - truth) <= abs(truth) * mpmath.mpf(10) ** -12


def _gradient_text(result, k):
    """The k-th exact derivative as text: its own text beyond float64, else the float's digits."""
    texts = result.exact_gradient_text["x"]
    return texts[k] if texts is not None and texts[k] is not None else repr(float(result.exact_gradient["x"][k]))


def _phi_over_Phi(x):
    """(log Phi)'(x) = phi(x) / Phi(x)."""
    return mpmath.npdf(x) / mpmath.ncdf(x)


def test_norm_logsf_past_float64s_tail_has_its_tiny_exact_slope(tmp_path):
    result = _check(tmp_path, "def f(x):\n    return np.sum(scipy.stats.norm.logsf(x))\n", [40.0, -1e5])
    assert result.status == "ok", result.notes
    with mpmath.workdps(DIGITS):
        # d/dx log Q(x) = -phi(x) / Q(x), Q(x) = Phi(-x)
        truths = [-mpmath.npdf(x) / mpmath.ncdf(-x) for x in (mpmath.mpf(40), mpmath.mpf(-1e5))]
        assert _close(result.exact_value_text, mpmath.log(mpmath.ncdf(-40)) + mpmath.log(mpmath.ncdf(1e5)))
    texts = [_gradient_text(result, 0), _gradient_text(result, 1)]
    assert _close(texts[0], truths[0]) and _close(texts[1], truths[1]), texts
    assert texts[1].startswith("-1.2152") and texts[1].endswith("e-2171472410")


def test_norm_logcdf_far_right_is_minus_the_tail_not_log_of_one(tmp_path):
    result = _check(tmp_path, "def f(x):\n    return np.sum(scipy.stats.norm.logcdf(x))\n", [1e5])
    assert result.status == "ok", result.notes
    with mpmath.workdps(DIGITS):
        x = mpmath.mpf(1e5)
        assert _close(result.exact_value_text, -mpmath.ncdf(-x))  # log(1 - q) = -q to q's relative square
        assert _close(_gradient_text(result, 0), _phi_over_Phi(x))


@pytest.mark.parametrize("x", [-1e4, -1e6])
def test_log_ndtr_far_left_has_the_slope_of_its_mathematics(tmp_path, x):
    result = _check(tmp_path, "def f(x):\n    return np.sum(scipy.special.log_ndtr(x))\n", [x])
    assert result.status == "ok", result.notes
    with mpmath.workdps(DIGITS):
        assert _close(result.exact_value_text or repr(float(result.exact_value)), mpmath.log(mpmath.ncdf(x)))
        assert _close(_gradient_text(result, 0), _phi_over_Phi(mpmath.mpf(x)))


def test_erfc_far_right_is_its_tiny_value_and_slope(tmp_path):
    result = _check(tmp_path, "def f(x):\n    return np.sum(scipy.special.erfc(x))\n", [1e5])
    assert result.status == "ok", result.notes
    with mpmath.workdps(DIGITS):
        x = mpmath.mpf(1e5)
        # erfc(x) = 2 Q(x sqrt 2); its slope -2/sqrt(pi) e^-x^2
        assert _close(result.exact_value_text, 2 * mpmath.ncdf(-x * mpmath.sqrt(2)))
        assert _close(_gradient_text(result, 0), -2 / mpmath.sqrt(mpmath.pi) * mpmath.exp(-x * x))


def test_log_of_erfc_far_right_is_unstable_in_float64_against_its_exact_slope(tmp_path):
    result = _check(tmp_path, "def f(x):\n    return np.sum(np.log(scipy.special.erfc(x)))\n", [1e5])
    assert result.status == "unstable"  # erfc underflows to 0 in float64; log of it is -inf
    with mpmath.workdps(DIGITS):
        x = mpmath.mpf(1e5)
        slope = -2 / mpmath.sqrt(mpmath.pi) * mpmath.exp(-x * x) / mpmath.erfc(x)
        assert _close(_gradient_text(result, 0), slope)


@pytest.mark.parametrize("x", [1e5, 40.0, -40.0, -1e5])
def test_log_ndtr_on_mpmath_numbers_keeps_the_tail_on_either_side(x):
    from gradcli.autodiff import ops_scipy

    with mpmath.workdps(60):
        got = ops_scipy._mpmath_function("log_ndtr")(mpmath.mpf(x))
    with mpmath.workdps(DIGITS):
        truth = -mpmath.ncdf(-x) if x > 0 else mpmath.log(mpmath.ncdf(x))  # log(1 - q) = -q to q's relative square
        assert got != 0 and abs(got - truth) <= abs(truth) * mpmath.mpf(10) ** -40


@pytest.mark.parametrize("x", [-1e5, -1.5, 0.0, 1.5, 1e5])
def test_log_ndtr_on_a_ball_encloses_log_phi(x):
    flint = pytest.importorskip("flint")
    from gradcli.autodiff import arb
    from gradcli.scipy import special

    arb.enable()
    with mpmath.workdps(DIGITS):
        truth = mpmath.log(mpmath.ncdf(x)) if x <= 0 else mpmath.log1p(-mpmath.ncdf(-x))
    saved, flint.ctx.prec = flint.ctx.prec, 256
    try:
        ball = special.log_ndtr(flint.arb(x))
        assert ball.rad() <= abs(ball.mid()) * flint.arb(2) ** -150  # tight, however far out
    finally:
        flint.ctx.prec = saved
    with mpmath.workdps(DIGITS):
        assert abs(mpmath.mpf(ball.mid().str(80, radius=False)) - truth) <= abs(truth) * mpmath.mpf(10) ** -40
