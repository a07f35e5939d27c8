"""The twenty-fifth round (c) of user trials (tests/trials/cases25c.py): issue 27's classes on Python functions
written against gradcli.numpy and gradcli.scipy and on formulas: TensorFlow Probability's tanh and sinh-arcsinh
bijectors, Keras' categorical hinge, Poisson, cosine proximity and clipped cross-entropy, SciPy's log_ndtr by erfcx,
log_expit, logit, boxcox in lambda at 0, xlogy/xlog1py entropies at subnormals, Welford's variance, a log-space
matrix product, the von Mises log-normaliser by i0e, the Student-t log density at nu = 1e10, a categorical's entropy
near one-hot, log-space Sinkhorn steps, hand-written rules, and formulas with removable singularities.

The whole set runs case by case through the CLI as tests/trials/run.py does (cases25c.ALL); here, the cases the CPU
budget allows (the removable 0/0s F1 and F2 and the cancelled i0e corner K1 among them), in the long mode (`make
trials`). The findings' classes are tested in every run by tests/test_trial_findings25c.py.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases25c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

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
