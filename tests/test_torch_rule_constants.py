"""A PyTorch rule's irrational constants, held as the float nearest them, are replayed exactly as those constants.

PyTorch's erfcx rule is 2 x erfcx(x) - 2/sqrt(pi), written with C's M_2_SQRTPI.
At x = 1e5 the derivative is -5.6e-11 and the float64 rounding of 2/sqrt(pi)
alone is 2.7e-7 of it: the float64 gradient is inaccurate there (a cancellation,
`unstable`), but the rule itself is the exact derivative, never `wrong`.
"""

import math

import mpmath
import numpy as np
import pytest
import torch

import gradcli
from gradcli.capture.exact_constants import rules_constants

M_2_SQRTPI = 1.1283791670955126  # C's constant, the float64 nearest 2/sqrt(pi)


def _scaled_erfc(x):
    return torch.special.erfcx(x).sum()  # the line named


def _erfcx_slope(x):
    """d/dx erfcx(x) = 2 x erfcx(x) - 2/sqrt(pi), at 60 digits."""
    with mpmath.workdps(60):
        x = mpmath.mpf(x)
        return float(2 * x * mpmath.erfc(x) * mpmath.exp(x * x) - 2 / mpmath.sqrt(mpmath.pi))


def test_erfcx_in_its_tail_is_unstable_by_its_cancellation_not_a_wrong_rule():
    point = np.array([1e5, -3.0, 0.5])
    report = gradcli.check(_scaled_erfc, [point], dtypes=("float64",), framework="torch")
    [result] = report.results
    assert result.status == "unstable", result.findings
    assert not [f for f in result.findings if f.kind == "wrong-rule"]
    [cancelling] = [f for f in result.findings if (f.gradcli_op or f.op) == "subtract"]
    assert cancelling.location == f"{__file__}:{_scaled_erfc.__code__.co_firstlineno + 1}"
    exact = np.asarray(result.exact_gradient["x"], dtype=float)
    np.testing.assert_allclose(exact, [_erfcx_slope(x) for x in point], rtol=1e-12)
    tensor = torch.tensor(point, requires_grad=True)
    torchs = torch.autograd.grad(_scaled_erfc(tensor), tensor)[0].numpy()
    np.testing.assert_allclose(np.asarray(result.gradient["x"], dtype=float), torchs, rtol=1e-12)
    assert abs(torchs[0] / exact[0] - 1) > 1e-7  # PyTorch's float64 gradient really is off there


def test_the_float64_and_float32_nearest_a_constant_are_found_and_nothing_else():
    pi32 = float(np.float32(math.pi))
    found = rules_constants([M_2_SQRTPI, math.pi, pi32, math.sqrt(2), math.log(2), 2.0, 3.14, "pi", 1])
    assert found == {0: "2/sqrt(pi)", 1: "pi", 2: "pi", 3: "sqrt(2)", 4: "ln2"}
    assert rules_constants([math.nextafter(M_2_SQRTPI, 2.0), math.nextafter(math.pi, 0.0)]) == {}
