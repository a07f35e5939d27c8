"""PyTorch's K0 and K1 (``torch.special.modified_bessel_k0``/``k1``), replayed as e^-x times the scaled functions,
hold the mathematics' value and slope where e^-x nears the float's floor (x = 700: e^-700 is 1e-304) and at K's
logarithmic pole (x = 1e-300: K0 is 690.9, K1 is 1e300, and x K1's slope cancels 1e300 against 1e300 down to
-x K0). The truths are mpmath's Bessel K with its own recurrences: K0' = -K1 and (x K1)' = -x K0."""

import mpmath
import pytest

import gradcli

torch = pytest.importorskip("torch")


def k0(x):
    return torch.special.modified_bessel_k0(x)


def x_k1(x):
    return torch.special.modified_bessel_k1(x) * x


TRUTHS = {  # function -> (its value, its slope) at an mpmath number
    k0: (lambda x: mpmath.besselk(0, x), lambda x: -mpmath.besselk(1, x)),
    x_k1: (lambda x: x * mpmath.besselk(1, x), lambda x: -x * mpmath.besselk(0, x)),
}


@pytest.mark.parametrize("function", [k0, x_k1], ids=["k0", "x_k1"])
@pytest.mark.parametrize("x", [700.0, 1e-300])
def test_the_exact_reference_of_torchs_bessel_k_is_the_mathematics(function, x):
    (result,) = gradcli.check(function, [{"x": x}], dtypes=("float64",), fixes=False, framework="torch").results
    value, slope = (truth(mpmath.mpf(x)) for truth in TRUTHS[function])
    assert result.exact_value == pytest.approx(float(value), rel=1e-14, abs=0)
    assert result.exact_gradient["x"] == pytest.approx(float(slope), rel=1e-14, abs=0)
    assert result.status == "wrong"  # PyTorch computes K but gives it no derivative
