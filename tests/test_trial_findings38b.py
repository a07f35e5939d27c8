"""Round 38b's findings, each as a class.

P1: PyTorch's rule for a number raised to a tensor, ``h ** x``, multiplies by ``log h``, a double PyTorch computes
when it builds the backward graph; the exact replay of that graph took the double as the exact number it is (a
rounding of log h, 1e-16 off), so where the rule's terms cancel (the Paris law's life in cycles,
(a_f^e - a_i^e) / e at e = 1 - m / 2 = -5e-10, whose terms cancel by nine digits) the high-precision rule missed the
exact derivative by 2e-8 and PyTorch's own correct rule was called `wrong`. The replay computes that log exactly from
h as the forward holds it (h in float32 for a float32 program), as it computes PyTorch's other derived rule numbers;
the verdict is `unstable` (the float64 gradient does lose its digits).
"""

import math
import os
import sys

import mpmath
import pytest

import gradcli

torch = pytest.importorskip("torch")

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

from torch_lib38b import paris_cycles  # noqa: E402


def _cycles_slope(m):
    """d/dm of N = (a_f^e - a_i^e) / (C e k^m), e = 1 - m / 2, k = 1.12 * 100 * sqrt(pi) as Python rounds it:
    with f = (a_f^e - a_i^e) / e, N' = (-f'(e) / 2 - f ln k) / (C k^m), f'(e) = ((a_f^e ln a_f - a_i^e ln a_i) e -
    (a_f^e - a_i^e)) / e^2."""
    with mpmath.workdps(60):
        a, b, c = mpmath.mpf(0.02), mpmath.mpf(0.001), mpmath.mpf(1.0e-11)
        k = mpmath.mpf(1.12 * 100.0 * math.sqrt(math.pi))
        m = mpmath.mpf(m)
        e = 1 - m / 2
        f = (a ** e - b ** e) / e
        slope_e = ((a ** e * mpmath.log(a) - b ** e * mpmath.log(b)) * e - (a ** e - b ** e)) / e ** 2
        return (-slope_e / 2 - f * mpmath.log(k)) / (c * k ** m)


def test_a_power_of_a_number_is_judged_with_its_exact_log_where_the_rule_cancels():
    m = 2.000000001
    (result,) = gradcli.check(paris_cycles, [{"m": m}], dtypes=("float64",), fixes=False).results
    assert result.status == "unstable", [f.message for f in result.findings]
    assert not [f for f in result.findings if f.kind in ("wrong-rule", "nonfinite-rule")]
    truth = _cycles_slope(m)
    assert abs(mpmath.mpf(result.exact_gradient["m"]) - truth) <= 1e-10 * abs(truth)


def test_a_power_of_a_number_without_cancellation_stays_ok():
    (result,) = gradcli.check(paris_cycles, [{"m": 3.0}], dtypes=("float64",), fixes=False).results
    assert result.status == "ok", [f.message for f in result.findings]
    truth = _cycles_slope(3.0)
    assert abs(mpmath.mpf(result.exact_gradient["m"]) - truth) <= 1e-10 * abs(truth)
