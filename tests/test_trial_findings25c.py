"""What the twenty-fifth round (c) of user trials found (tests/test_user_trials25c.py, tests/trials/cases25c.py), for
the whole class of each finding: a proof of a 0 that ran an mpmath implementation on proof numbers with slopes (B1:
boxcox's slope in lambda at 0 "proven" 0, its own correct rule called wrong), SciPy's inverse Box-Cox transforms (M1),
and a user's grad_fn that breaks in NumPy's operators on its plain arrays, named at the rule's line with the steps
that underflowed (R1). The removable 0/0s (F1, F2) are tested by tests/test_zero61_removable.py, the cancelled i0e
corner (K1) by tests/test_zero61_scaled.py.

The round's whole programs re-run in the long mode (`make trials`); these tests run in every run.
"""

import math
import os

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
import gradcli.scipy.special as sps


# B1: a 0 proven through an mpmath implementation run on proof numbers. The Box-Cox transforms' slope in lambda at 0
# is log(x)^2/2 (log1p(x)^2/2): beside the slope in x it is small (2.5e-32 against 1, 238585 against 1e300), so the
# reference asks a proof whether it is 0, and the proof ran exprel's mpmath code, whose 1 at t == 0 drops the slope.

@pytest.mark.parametrize("transform, x, logged", [
    ("boxcox", 1e-300, math.log(1e-300)),
    ("boxcox", 1.0000000000000002, None),  # log(1 + 2^-52), written exactly below
    ("boxcox1p", 1e-10, None),  # log1p(1e-10)
])
def test_box_cox_slope_in_lambda_at_0_is_never_proven_0(transform, x, logged):
    report = gradcli.check(lambda x, lmbda: getattr(sps, transform)(x, lmbda), {"x": x, "lmbda": 0.0},
                           dtypes=("float64",))
    result = report.results[0]
    with mpmath.workdps(60):
        point = mpmath.mpf(x)
        log = mpmath.log(point) if transform == "boxcox" else mpmath.log1p(point)
        want = log * log / 2
        got = mpmath.mpf(result.exact_gradient_text["lmbda"])
        assert result.status == "ok", [f.message for f in result.findings]
        assert abs(got - want) <= 1e-12 * abs(want)


def test_exprel_slope_at_0_beside_a_huge_entry_is_one_half():
    """B1 through exprel itself: its slope at 0 (1/2) beside an entry of 1e300 was 'proven' 0 by its mpmath code."""
    result = gradcli.check(lambda x, y: 1e300 * y + sps.exprel(x), {"x": 0.0, "y": 1.0}, dtypes=("float64",)).results[0]
    assert result.status == "ok"
    assert float(result.exact_gradient_text["x"]) == 0.5


# M1: SciPy's inverse Box-Cox transforms, SciPy's numbers in a dtype; their slopes at and beside lambda = 0.

@pytest.mark.parametrize("y, lmbda", [(0.75, 0.0), (2.0, 1e-9), (0.3, -0.7)])
def test_inverse_box_cox_transforms(y, lmbda):
    import scipy.special

    for name, less in (("inv_boxcox", 0), ("inv_boxcox1p", 1)):
        result = gradcli.check(lambda y, lmbda: getattr(sps, name)(y, lmbda), {"y": y, "lmbda": lmbda},
                               dtypes=("float64",)).results[0]
        assert result.status == "ok" and result.value == getattr(scipy.special, name)(y, lmbda)
        with mpmath.workdps(50):
            a, b = mpmath.mpf(y), mpmath.mpf(lmbda)
            power = mpmath.exp(a) if b == 0 else (1 + b * a) ** (1 / b)
            in_lambda = -a * a * power / 2 if b == 0 else power * (a / (b * (1 + b * a)) - mpmath.log1p(b * a) / b ** 2)
            for key, want in (("y", power / (1 + b * a)), ("lmbda", in_lambda)):
                assert abs(mpmath.mpf(result.exact_gradient_text[key]) - want) <= 1e-12 * abs(want), (name, key)


# R1: a user's grad_fn that breaks in NumPy's operators on plain arrays (no op recorded goes NaN): named at the
# rule's line, with the steps that gave 0 from nonzero numbers.

@gradcli.custom_gradient
def _scaled_back(x):
    def grad_fn(upstream):
        tail = gnp.exp(-x)
        return upstream * tail / gnp.exp(-x)  # R1 here: e^-800 / e^-800 is 0/0 in float64
    return x, grad_fn


def scaled_back(x):
    return gnp.sum(_scaled_back(x))


def test_a_rules_plain_arithmetic_nan_is_named_at_the_rules_line():
    result = gradcli.check(scaled_back, {"x": np.array([800.0, 1.0])}, dtypes=("float64",)).results[0]
    assert result.status == "unstable"
    here = os.path.abspath(__file__)
    with open(here) as handle:
        line = next(n for n, text in enumerate(handle, 1) if "# R1 here" in text)
    named = [f for f in result.findings if f.location == f"{here}:{line}"]
    assert named, [(f.location, f.message) for f in result.findings]
    assert "exp([-800, -1]) gave [0, 0.3678794]" in named[0].message
