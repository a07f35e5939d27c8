"""Round 31c's findings, each as a class.

D1: a SciPy function's slope at the working precision that is an exact 0 short of enough bits was taken as settled.
Dawson's integral far out is its asymptotic series' first term 1/(2x) at every precision short of x^2's bits, so its
slope 1 - 2x D(x) is exactly 0 there at two precisions in a row; beside an ordinary entry (x = [1e200, 3]) the rule's
high-precision run answered {x: [0, ...]} where the exact derivative is -5e-401, and SciPy's dawsn, which is right,
was called `wrong`. The slope at the working precision is now the asymptotic series -sum_k>=1 (2k-1)!! / (2x^2)^k
past 2^16 (where the value takes its series too), the formula short of it (which loses at most 33 bits, as the
climb's precisions show). Truths: the same series written here and sqrt(pi)/2 e^-x^2 erfi(x) at 2,000 digits.
"""

import mpmath
import numpy as np
import pytest

import gradcli


def _dawson_slope(x):
    """D'(x) = 1 - 2x D(x) at 2,000 digits: by -sum_k>=1 (2k-1)!! / (2x^2)^k far out (its remainder below e^-x^2),
    by D = sqrt(pi)/2 e^-x^2 erfi(x) near."""
    with mpmath.workdps(2000):
        x = mpmath.mpf(x)
        if abs(x) < 1e4:
            return +(1 - mpmath.sqrt(mpmath.pi) * x * mpmath.exp(-x * x) * mpmath.erfi(x))
        total, term, k = mpmath.mpf(0), mpmath.mpf(1), 1
        while abs(term) > abs(total) * mpmath.mpf(10) ** -2010 or k == 1:
            term = term * (2 * k - 1) / (2 * x * x)
            total += term
            k += 1
        return -total


def _check(tmp_path, points):
    source = tmp_path / "dawson.py"
    source.write_text("import gradcli.numpy as gnp\nimport gradcli.scipy.special as sps\n\n\n"
                      "def dawson(x):\n    return gnp.sum(sps.dawsn(x))\n")
    report = gradcli.check(f"{source}:dawson", [{"x": np.array(points)}], dtypes=("float64",))
    (result,) = report.results
    return result


@pytest.mark.parametrize("points", [[1e200, 3.0], [-1e100, 0.25], [1e40, 2.0, 1e5]])
def test_dawson_s_far_slope_is_its_digits_beside_an_ordinary_entry(tmp_path, points):
    result = _check(tmp_path, points)
    assert result.status == "ok", [f.message for f in result.findings]
    digits = result.exact_gradient_text.get("x")
    exact = digits if digits is not None else [float(v) for v in np.ravel(result.exact_gradient["x"])]
    for shown, x in zip(exact, points):
        truth = _dawson_slope(x)
        assert abs(mpmath.mpf(shown) - truth) <= 1e-12 * abs(truth), (x, shown, truth)
