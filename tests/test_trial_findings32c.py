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

J1: a vector output's exact Jacobian read as exact zeros where its entries are beyond float64's range. softmax at
logits [800, -800, 0] has a Jacobian of e^-800, e^-1600 and e^-2400-sized entries: each row of the report carried
their digits, but the result's own exact_gradient (what the JSON gives per result) held 0.0 and -0.0 with no text,
and so did its exact value (e^-1600 and e^-800 as 0, in the terminal's table too). The result's exact_gradient_text
and exact_value_text are the rows' texts stacked as the Jacobian and the output (entries within range their floats'
own digits), and the terminal shows the exact value by them. Truths: s_i
(delta_ij - s_j) and s_i from mpmath at 2,000 digits.
"""

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
import gradcli.scipy.special as sps
from gradcli.autodiff import grad
from gradcli.views import terminal_check


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


def _softmax(z):
    top = max(z)
    e = [mpmath.exp(mpmath.mpf(v) - top) for v in z]
    return [v / sum(e) for v in e]


def test_a_jacobian_beyond_float64_s_range_gives_its_digits_in_the_result(tmp_path, capsys):
    source = tmp_path / "probabilities.py"
    source.write_text("import gradcli.scipy.special as sps\n\n\ndef probabilities(z):\n    return sps.softmax(z)\n")
    z = [800.0, -800.0, 0.0]
    report = gradcli.check(f"{source}:probabilities", [{"z": np.array(z)}], dtypes=("float64",))
    (result,) = report.results
    assert result.status == "ok"
    rows, values = result.exact_gradient_text["z"], result.exact_value_text
    with mpmath.workdps(2000):  # 1 - s_0 = e^-800 needs 350 digits beside 1
        s = _softmax(z)
        for i in range(3):
            assert abs(mpmath.mpf(values[i]) - s[i]) <= 1e-15 * s[i], (i, values[i], s[i])
            for j in range(3):
                truth = s[i] * ((1 if i == j else 0) - s[j])
                assert abs(mpmath.mpf(rows[i][j]) - truth) <= 1e-15 * abs(truth), (i, j, rows[i][j], truth)
    terminal_check.print_report(report)
    summary = capsys.readouterr().out.split("the Jacobian, one row per output")[0]  # the exact value's cell
    assert "1.345330e-695" in summary and "3.667875e-348" in summary, summary
