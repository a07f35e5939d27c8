"""Round 31c's findings, each as a class.

D1: a SciPy function's slope at the working precision that is an exact 0 short of enough bits was taken as settled.
Dawson's integral far out is its asymptotic series' first term 1/(2x) at every precision short of x^2's bits, so its
slope 1 - 2x D(x) is exactly 0 there at two precisions in a row; beside an ordinary entry (x = [1e200, 3]) the rule's
high-precision run answered {x: [0, ...]} where the exact derivative is -5e-401, and SciPy's dawsn, which is right,
was called `wrong`. The slope at the working precision is the asymptotic series -sum_k>=1 (2k-1)!! / (2x^2)^k
past 2^16 (where the value takes its series too), the formula short of it (which loses at most 33 bits, as the
climb's precisions show). Truths: the same series written here and sqrt(pi)/2 e^-x^2 erfi(x) at 2,000 digits.

U1: an op whose result underflowed because an input had already overflowed was said to stop short of the subnormal
range. A Schottky heat capacity x^2 e^x / (1 + e^x)^2 at x = 354.89135644669204, where (1 + e^x)^2 overflows by a hair:
the backward divide(1, inf) is 0 where the exact 1 / (1 + e^x)^2 is the subnormal 5.56e-309, and the finding said
"which NumPy's divide gives as 0: it stops short of the subnormal range", though NumPy's divide of 1 and inf is exactly
0 and NumPy's divide holds subnormals. The finding says that divide of the very numbers it was given is exactly 0, an input
having overflowed to inf before it (the power at the same line is named as overflowing). Truths: (1 + e^x)^-2 at 60
digits is subnormal and 1 / (its float64 square, inf) is 0; a division that does stop short keeps its words
(tests/test_misc64_flush_message.py).

M1: a switch whose float inputs tie only because an input was rounded onto it was blamed on its gradient rule alone.
min(max(1e300 x, -1), 1) at x = 1e-300: the float product of 1e300 and 1e-300 is 1.0, minimum's switch, where the
exact product of those two floats is 1.0000000000000000199, above it; the slope is 0 exactly and the float program's
tie gives 5e299. The finding said "the gradient rule of minimum computes [0.5] where the exact value is [0.0]:
relative error inf from inputs accurate to 2.2e-16", which reads as a rule's slip. The finding says minimum is at its
switch, a tie, where the exact inputs are apart (shown), the rounding of its inputs having put the point on the
switch. Truths: the product of the two floats in exact rational arithmetic, and the slope of the clipped branch, 0.
The same through plain NumPy's np.clip, whose gradient takes a where on lo <= x <= hi: "where([True], [1], 0.0) = [1]
has relative error inf while its inputs had 2.2e-16: it amplifies rounding errors inf times". The finding says the where took
the branch that the exact run's condition (False) does not, the rounding of its inputs having put the point on the other
side of a switch.
"""

from fractions import Fraction

import mpmath
import numpy as np
import pytest

import gradcli

EDGE = 354.89135644669204  # (1 + e^x)^2 is just past float64's largest number


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


@pytest.mark.parametrize("target, phase", [
    ("python", "backward"),  # the quotient rule's 1 / y^2 in the backward of x^2 e^x / (1 + e^x)^2
    ("1/(1 + exp(x))**2", "forward"),
])
def test_an_underflow_after_an_overflow_is_the_input_s_not_the_function_s(tmp_path, target, phase):
    with mpmath.workdps(60):
        exact = 1 / (1 + mpmath.exp(mpmath.mpf(EDGE))) ** 2
    with np.errstate(over="ignore"):  # the overflow the test is about
        square = np.float64(1 + np.exp(EDGE)) ** 2
    assert 0 < exact < np.finfo(np.float64).tiny and np.isinf(square) and 1 / square == 0
    if target == "python":
        source = tmp_path / "schottky.py"
        source.write_text("import gradcli.numpy as gnp\n\n\n"
                          "def schottky(x):\n    return gnp.sum(x ** 2 * gnp.exp(x) / (1 + gnp.exp(x)) ** 2)\n")
        target, point = f"{source}:schottky", {"x": np.array([EDGE])}
    else:
        point = {"x": EDGE}
    (result,) = gradcli.check(target, [point], dtypes=("float64",)).results
    assert result.status == "unstable"
    (finding,) = [f for f in result.findings if f.kind == "underflow" and f.phase == phase and f.op == "divide"]
    message = " ".join(finding.message.split())
    assert "stops short of the subnormal range" not in message, message
    assert "divide of the very numbers it was given is exactly 0: an input had overflowed to inf" in message, message
    said = mpmath.mpf(message.split("the exact result ")[1].split()[0])
    assert abs(said - exact) <= 1e-9 * exact


@pytest.mark.parametrize("body, x, switch", [
    ("gnp.minimum(gnp.maximum(x * 1e300, -1.0), 1.0)", 1e-300, "minimum"),
    ("gnp.maximum(gnp.minimum(x * 1e300, 1.0), -1.0)", -1e-300, "maximum"),
])
def test_a_rounding_onto_a_switch_is_said_to_be_one(tmp_path, body, x, switch):
    product = Fraction(1e300) * Fraction(x)
    assert abs(product) > 1 and abs(np.float64(1e300) * np.float64(x)) == 1.0  # exactly beyond the bound, rounded onto it
    source = tmp_path / "bound.py"
    source.write_text(f"import gradcli.numpy as gnp\n\n\ndef bound(x):\n    return gnp.sum({body})\n")
    (result,) = gradcli.check(f"{source}:bound", [{"x": np.array([x])}], dtypes=("float64",)).results
    assert result.status == "unstable"
    assert float(np.ravel(result.exact_gradient["x"])[0]) == 0.0  # the clipped branch's slope
    (finding,) = [f for f in result.findings if f.phase == "backward" and f.op == switch]
    message = " ".join(finding.message.split())
    assert "is at its switch, a tie, where the exact inputs are apart" in message, message
    with mpmath.workdps(40):
        shown = mpmath.mpf(message.split("are apart (")[1].split(" and ")[0])
        exact = mpmath.mpf(product.numerator) / product.denominator
        assert abs(shown) > 1 and abs(shown - exact) < 1e-15


def test_a_clip_whose_mask_the_rounding_flipped_says_so(tmp_path):
    assert Fraction(1e300) * Fraction(1e-300) > 1 and np.float64(1e300) * np.float64(1e-300) == 1.0
    source = tmp_path / "plain_bound.py"
    source.write_text("import numpy as np\n\n\ndef bound(x):\n    return np.sum(np.clip(x * 1e300, -1.0, 1.0))\n")
    (result,) = gradcli.check(f"{source}:bound", [{"x": np.array([1e-300])}], dtypes=("float64",)).results
    assert result.status == "unstable" and float(np.ravel(result.exact_gradient["x"])[0]) == 0.0
    (finding,) = [f for f in result.findings if f.phase == "backward"]
    message = " ".join(finding.message.split())
    assert "takes the branch that the exact run's condition [False] does not" in message, message
    assert "amplifies rounding errors" not in message, message
    # the branches' errors are not what flipped the condition: no number of theirs is offered as the cause
    assert "rounding in what its condition was computed from put the point" in message and "accurate to" not in message
