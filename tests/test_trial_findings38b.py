"""Round 38b's findings, each as a class.

P1: PyTorch's rule for a number raised to a tensor, ``h ** x``, multiplies by ``log h``, a double PyTorch computes
when it builds the backward graph; the exact replay of that graph took the double as the exact number it is (a
rounding of log h, 1e-16 off), so where the rule's terms cancel (the Paris law's life in cycles,
(a_f^e - a_i^e) / e at e = 1 - m / 2 = -5e-10, whose terms cancel by nine digits) the high-precision rule missed the
exact derivative by 2e-8 and PyTorch's own correct rule was called `wrong`. The replay computes that log exactly from
h as the forward holds it (h in float32 for a float32 program), as it computes PyTorch's other derived rule numbers;
the verdict is `unstable` (the float64 gradient does lose its digits).

N1: a where whose unselected branch is finite at the point but steep there (a planet touching its star from outside:
the lens's acos(1) and sqrt(0)) sends 0 * inf = NaN back into a slope that exists (0, the lens vanishes like d^(3/2)).
The check said wrong, but its where-leak finding was made only where a forward op had made a NaN or inf, so it named
the line the backward pass started from, not the where. The where that leaves the steep branch out in every entry is
now named at its line, beside the backward step that broke. Truth: the covered fraction is 0 on both sides of the
contact to first order: slopes (0, 0), which the exact reference proves.
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


def _covered_fraction(z, p):
    kappa0 = torch.acos((p ** 2 + z ** 2 - 1) / (2 * p * z))
    kappa1 = torch.acos((1 - p ** 2 + z ** 2) / (2 * z))
    lens = (p ** 2 * kappa0 + kappa1 - torch.sqrt((4 * z ** 2 - (1 + z ** 2 - p ** 2) ** 2) / 4)) / math.pi
    return torch.where(z >= 1 + p, torch.zeros_like(z), lens)


def test_a_where_leaving_out_a_finite_branch_with_an_infinite_slope_is_named_at_its_line():
    # the planet touching the star from outside: the lens is 0 there, and vanishes like d^(3/2) (slopes 0, 0)
    (result,) = gradcli.check(_covered_fraction, [{"z": 1.125, "p": 0.125}], dtypes=("float64",), fixes=False).results
    assert result.status == "wrong"
    assert result.exact_gradient == {"z": 0, "p": 0}
    where_line = _covered_fraction.__code__.co_firstlineno + 4
    leaks = [f for f in result.findings if f.kind == "where-nan"]
    assert any(f.location.endswith(f"test_trial_findings38b.py:{where_line}") for f in leaks), [
        (f.kind, f.location) for f in result.findings]
    assert all("infinite" in f.message for f in leaks)
