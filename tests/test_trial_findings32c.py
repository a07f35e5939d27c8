"""Round 32c's findings, each as a class.

L1: log2(1 + u) and log10(1 + u) were offered no rewrite. The AWGN capacity log2(1 + snr) at snr = 1e-300 is
`unstable` (1 + snr rounds to 1, the capacity 0 where it is 1.4e-300), and the catalogue's log1p rewrite matched
log(1 + u) alone: no fix was offered in any spelling. It is log1p(u)/log(2) (log1p(u)/log(10)), re-checked, in the
formula and in the user's source (gradcli.numpy's and plain NumPy's). Truths: the rewritten formula's value at
s = 1e-300 against mpmath's log(1 + s) / log(base) at 400 digits.

R1: the Fresnel integrals' slopes rounded their phase in a float dtype. S'(x) = sin(pi x^2 / 2) was computed as the
sine of the float product pi/2 * x * x: at x = 1e5, where pi x^2 / 2 = 5e9 pi and S' is exactly 0, float64 gave
-1.1e-6 (and 0.3826812 for sin(pi/8) = 0.3826834 at x = 100000.5), and gradcli.scipy's own fresnel was called
`unstable` at a point where nothing in the user's code loses a digit. The phase is taken as pi r / 2 with r = x^2
less a multiple of 4, exact through Veltkamp's split of x; the slope of r is still 2x. Truths: sin and cos of
pi x^2 / 2 in mpmath at 80 digits from the float numbers exactly.
"""

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
import gradcli.scipy.special as sps
from gradcli.autodiff import grad


@pytest.mark.parametrize("base, divisor", [("log2", 2), ("log10", 10)])
def test_a_log_of_one_plus_a_tiny_number_in_another_base_is_offered_log1p(base, divisor):
    report = gradcli.check(f"{base}(1 + s)", [{"s": 1e-300}], dtypes=("float64",))
    (result,) = report.results
    assert result.status == "unstable"
    (fix,) = [f for f in report.fixes if f.name == "log1p"]
    assert fix.formula == f"log1p(s)/log({divisor})" and not fix.partial
    assert set(fix.after.values()) == {"ok"}
    fixed = gradcli.check(fix.formula, [{"s": 1e-300}], dtypes=("float64",)).results[0]
    with mpmath.workdps(400):  # enough digits for 1 + 1e-300 to keep its 1e-300
        truth = mpmath.log(1 + mpmath.mpf(1e-300)) / mpmath.log(divisor)
        assert abs(mpmath.mpf(fixed.value) - truth) <= 1e-15 * truth


@pytest.mark.parametrize("module, spelling", [("gradcli.numpy as gnp", "gnp"), ("numpy as np", "np")])
def test_the_rewrite_is_made_in_the_user_s_source(tmp_path, module, spelling):
    source = tmp_path / "channel.py"
    source.write_text(f"import {module}\n\n\ndef capacity(snr):\n    return {spelling}.sum({spelling}.log2(1 + snr))\n")
    report = gradcli.check(f"{source}:capacity", [{"snr": np.array([1e-300])}], dtypes=("float64",))
    assert report.results[0].status == "unstable"
    good = [f for f in report.fixes if f.diff and f"{spelling}.log1p(snr) / {spelling}.log(2)" in f.diff]
    assert good and set(good[0].after.values()) == {"ok"}, [(f.name, f.diff, f.after) for f in report.fixes]


def _fresnel_slopes(x):
    """(S'(x), C'(x)) = (sin, cos)(pi x^2 / 2) at 80 digits, x the float number exactly."""
    with mpmath.workdps(80):
        angle = mpmath.pi * mpmath.mpf(float(x)) ** 2 / 2
        return mpmath.sin(angle), mpmath.cos(angle)


POINTS = {
    "float64": [1e5, 100000.5, -123456.789, 3.7e7 + 0.25, 2.0 ** 60 + 2 ** 8, 0.3, 1e-300, 2.5],
    "float32": [4096.0, 4096.5, -1234.567, 3.0e7, 0.3],
}


@pytest.mark.parametrize("dtype", sorted(POINTS))
def test_the_fresnel_integrals_slopes_keep_their_phase_far_out(dtype):
    x = np.array(POINTS[dtype], dtype=dtype)
    tolerance = 8 * np.finfo(dtype).eps
    for part, index in (("S", 0), ("C", 1)):
        slope = grad(lambda v: gnp.sum(sps.fresnel(v)[index]))(x)
        assert slope.dtype == np.dtype(dtype)
        for value, got in zip(x, slope):
            truth = _fresnel_slopes(value)[index]
            assert abs(mpmath.mpf(float(got)) - truth) <= tolerance, (part, dtype, value, got, truth)


def test_the_fresnel_slope_of_exactly_0_is_judged_ok(tmp_path):
    source = tmp_path / "fresnel.py"
    source.write_text("import gradcli.numpy as gnp\nimport gradcli.scipy.special as sps\n\n\n"
                      "def fresnel_sum(x):\n    s, c = sps.fresnel(x)\n    return gnp.sum(s + 2 * c)\n")
    report = gradcli.check(f"{source}:fresnel_sum", [{"x": np.array([1e5, 100000.5])}], dtypes=("float64",))
    (result,) = report.results
    assert result.status == "ok", [f.message for f in result.findings]
    for value, got in zip([1e5, 100000.5], result.gradient["x"]):
        s, c = _fresnel_slopes(value)
        assert abs(mpmath.mpf(float(got)) - (s + 2 * c)) <= 1e-14
