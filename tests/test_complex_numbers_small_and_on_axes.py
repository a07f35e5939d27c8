"""Complex intermediates of real losses, at tiny moduli and on the axes.

The gradient of |z| for complex z is conj(z) / |z|: divided before it meets the upstream gradient g, so tiny g and
tiny |z| together (|fft(x)|^2 of a signal of 1e-200, whose slope 2 |X| is as tiny) keep their digits, where
g conj(z) / |z| underflowed to 0 (round 60c's F1); at a subnormal |z| NumPy's complex division takes 1 / |z|, which
is infinite, so z and |z| are scaled by a power of two first. And balls compute the principal log and sqrt of a
complex number, so their real parts' slopes across the real axis are proven 0 (round 60c's F2).
"""

import math

import numpy as np
import pytest

import gradcli.numpy as gnp
from gradcli import grad


def _abs_squared(x, y):
    return gnp.abs(x + 1j * y) ** 2


@pytest.mark.parametrize("scale", [1.0, 1e-200, 1e-160])
def test_abs_squared_keeps_its_slope_at_any_scale(scale):
    gx, gy = grad(_abs_squared, argnums=(0, 1))(np.float64(3 * scale), np.float64(-4 * scale))
    assert gx == pytest.approx(6 * scale, rel=1e-15) and gy == pytest.approx(-8 * scale, rel=1e-15)


def test_abs_at_a_subnormal_has_the_unit_slope():
    gx, gy = grad(lambda x, y: gnp.abs(x + 1j * y), argnums=(0, 1))(np.float64(5e-324), np.float64(0.0))
    assert (gx, gy) == (1.0, 0.0)


def test_the_power_spectrum_of_a_tiny_signal():
    x = np.array([1.0, 2.0, -1.0, 3.0]) * 1e-300
    g = grad(lambda v: gnp.sum(gnp.abs(gnp.fft.fft(v)) ** 2))(x)
    np.testing.assert_allclose(g, 8 * x, rtol=1e-14)


def test_float32_keeps_its_dtype_and_its_slope():
    x, y = np.float32(3e-23), np.float32(-4e-23)
    gx, gy = grad(_abs_squared, argnums=(0, 1))(x, y)
    assert gx == pytest.approx(6e-23, rel=1e-6) and gy == pytest.approx(-8e-23, rel=1e-6)


def test_complex_log_and_sqrt_on_balls_prove_the_slopes_across_the_real_axis(tmp_path):
    # Re log z = log |z| and Re sqrt z at z = 2: d/dy is y / |z|^2 and its kin, an exact 0 on the axis; balls without
    # a complex log or sqrt left it to mpmath, whose noise no precision proves 0 (round 60c's F2)
    import gradcli

    path = tmp_path / "axis.py"
    path.write_text("import gradcli.numpy as np\n\n\ndef re_log(x, y):\n    return np.real(np.log(x + 1j * y))\n\n\n"
                    "def re_sqrt(x, y):\n    return np.real(np.sqrt(x + 1j * y))\n")
    for name, at, slopes, status in (("re_log", (2.0, 0.0), (0.5, 0.0), "ok"), ("re_sqrt", (4.0, 0.0), (0.25, 0.0), "ok"),
                                     ("re_log", (-1.0, 0.0), (-1.0, 0.0), "ok")):
        (result,) = gradcli.check(f"{path}:{name}", [{"x": at[0], "y": at[1]}], dtypes=["float64"]).results
        assert result.status == status, (name, at, [f.message for f in result.findings])
        assert (float(result.exact_gradient["x"]), float(result.exact_gradient["y"])) == slopes
    # on the negative real axis Re sqrt(-1 + iy) is |y| / 2 to first order: a kink in y
    (result,) = gradcli.check(f"{path}:re_sqrt", [{"x": -1.0, "y": 0.0}], dtypes=["float64"]).results
    assert result.status == "domain" and math.isnan(float(result.exact_gradient["y"]))
