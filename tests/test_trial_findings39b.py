"""Round 39b's findings, each as a class.

P1: PyTorch raises a float32 tensor to a Python float exponent with the exponent as the double it is (Glen's ice
viscosity, (eps^2 + 1e-20) ** (-1 / 3) at a strain of 1e-10: float32's value and slope follow the double -1/3, and
float32's -0.33333334 would move them by 6 ulps). The exact replay of a float32 program held every Python float the
user hands an op in float32, the exponent too, so its exact gradient was 5e-7 off and a right float32 gradient failed
the 1e-10 truth. A pow's exponent is kept the double the program writes; the scalars PyTorch does round to float32 (a
number raised to a tensor, a product's factor) stay held.
"""

import mpmath
import numpy as np
import pytest

import gradcli

torch = pytest.importorskip("torch")


def _f32(value):
    return mpmath.mpf(float(np.float32(value)))


def _cube_root_viscosity(x):
    eps2 = torch.square(x) + 1.0e-20
    return eps2 ** (-1 / 3)


def _tenth_power(x):
    return torch.pow(x, 0.1)


def _two_thirds(x):
    return torch.as_tensor(x).pow(-2 / 3).sum()


def _exact32(function, point):
    (result,) = gradcli.check(function, [point], dtypes=("float32",), fixes=False).results
    return result


@pytest.mark.parametrize("function, point, slope", [
    (_cube_root_viscosity, 1.5e-10,
     lambda x: -mpmath.mpf(2) / 3 * x * (x ** 2 + _f32(1.0e-20)) ** (mpmath.mpf(-1 / 3) - 1)),
    (_tenth_power, 1.0e-30, lambda x: mpmath.mpf(0.1) * x ** (mpmath.mpf(0.1) - 1)),
    (_two_thirds, 2.0e-20, lambda x: mpmath.mpf(-2 / 3) * x ** (mpmath.mpf(-2 / 3) - 1)),
])
def test_a_float32_power_to_a_python_exponent_is_exact_with_the_double_exponent(function, point, slope):
    with mpmath.workdps(50):
        result = _exact32(function, {"x": point})
        truth = slope(_f32(point))
        assert result.status == "ok", [f.message for f in result.findings]
        assert abs(mpmath.mpf(np.ravel(result.exact_gradient["x"])[0]) - truth) <= 1e-10 * abs(truth)


def _third_to_the(x):
    return (1 / 3) ** torch.as_tensor(x)


def test_a_python_base_raised_to_a_float32_tensor_stays_held_in_float32():
    # PyTorch rounds a Python base to float32: (1/3) ** 70 in float32 is float32(1/3) ** 70, 2e-6 from the double's
    with mpmath.workdps(50):
        result = _exact32(_third_to_the, {"x": 70.0})
        base = _f32(1 / 3)
        truth = base ** 70 * mpmath.log(base)
        assert abs(mpmath.mpf(np.ravel(result.exact_gradient["x"])[0]) - truth) <= 1e-10 * abs(truth)
