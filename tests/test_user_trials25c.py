"""The twenty-fifth round (c) of user trials (tests/trials/cases25c.py): issue 27's classes on Python functions
written against gradcli.numpy and gradcli.scipy and on formulas: TensorFlow Probability's tanh and sinh-arcsinh
bijectors, Keras' categorical hinge, Poisson, cosine proximity and clipped cross-entropy, SciPy's log_ndtr by erfcx,
log_expit, logit, boxcox in lambda at 0, xlogy/xlog1py entropies at subnormals, Welford's variance, a log-space
matrix product, the von Mises log-normaliser by i0e, the Student-t log density at nu = 1e10, a categorical's entropy
near one-hot, log-space Sinkhorn steps, hand-written rules, and formulas with removable singularities.

The whole set runs case by case through the CLI as tests/trials/run.py does (cases25c.ALL); here, the cases the CPU
budget allows (the removable 0/0s F1 and F2 and the cancelled i0e corner K1 among them). The findings' classes are
tested below: a proof of a 0 that ran an mpmath implementation on proof numbers with slopes (B1: boxcox's slope in
lambda at 0 "proven" 0, its own correct rule called wrong) and a user's grad_fn that breaks in NumPy's operators on
its plain arrays, named at the rule's line with the steps that underflowed (R1); SciPy's inverse Box-Cox transforms
(M1).
"""

import math
import os
import sys

import mpmath
import numpy as np
import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases25c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

import gradcli  # noqa: E402
import gradcli.numpy as gnp  # noqa: E402
import gradcli.scipy.special as sps  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "gn_lib25c:boxcox_scipy@x=1e-300,lmbda=0:float64":
        "B1: boxcox's slope in lambda at 0 is log(x)^2/2 = 238585.4; the exact reference 'proved' it 0 through exprel's "
        "mpmath code run on proof numbers (1 at t == 0, its slope dropped) and called gradcli's own rule wrong",
    "gn_lib25c:boxcox1p_scipy@x=1e-300,lmbda=0:float64":
        "B1: boxcox1p's slope in lambda is 5e-601, beyond float64: its 0 ok, the exact text the true number",
    "gn_lib25c:log_ndtr_ratio_rule@x=[-40]:float64":
        "R1: a grad_fn whose density and Phi underflow to 0 and meet in NumPy's 0/0: unstable, named at the rule's "
        "line (was the primal's return line)",
    "gn_lib25c:categorical_hinge@y_pred=[0.3,0.9,0.3]:float64": "a tie in Keras' inner max: domain in the tied entries",
    "gn_lib25c:cosine_proximity@y_pred=[1e-200,2e-200,0]:float64":
        "l2_normalize's clamp 1e-12 is the program's own: the exact squared norm is clamped too, ok",
    "formula:sin(x)/x@x=1e-8:float64": "a removable singularity's neighbourhood: unstable, exact -x/3",
    "gn_lib25c:inverse_boxcox@y=2,lmbda=1e-09:float64":
        "M1: scipy.special.inv_boxcox had no gradcli function (AttributeError): its slope in lambda beside 0, "
        "-y^2 e^y / 2, kept by one primitive of log1p(lambda y)/lambda",
    "gn_lib25c:inverse_boxcox1p@y=1e-300,lmbda=0:float64":
        "M1: inv_boxcox1p at lambda = 0: its slope in lambda, -5e-601, beyond float64 (its 0 ok)",
    "formula:log1p(x)/x@x=0:float64":
        "F1: a removable 0/0 is no number at the point: no finite derivative, domain, as sin(x)/x (not the differences' "
        "limit slope -0.5, and no 'rule wrong' of the correct rule)",
    "gn_lib25c:log1p_over_x@x=[0,1]:float64":
        "F2: sum(log1p(x)/x) at [0, 1]: NaN where the broken term moves (x0), the slope beside the line for x1 "
        "(-0.1931), as at a pole",
    "gn_lib25c:bessel_i0@kappa=[0]:float64":
        "K1: i0e(k) * exp(|k|) at k = 0: the two kinks cancel through i0e(k) = e^-|k| I0(k) (I0 smooth, slope I1(0) = "
        "0), proven: ok",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases25c, CHOSEN)


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
