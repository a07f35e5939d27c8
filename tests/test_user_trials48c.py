"""The forty-eighth round (c) of user trials (tests/trials/cases48c.py): gradcli.numpy / gradcli.scipy code (custom
rules in TensorFlow's decorator with Keras' upstream= keyword and in TFP's custom_gradient(fx, gx, x)), plain NumPy /
SciPy and formulas in population ecology, Weibull reliability, information theory, Arrhenius combustion and
seismology. Here, cases the CPU budget allows: Arrhenius' rate at T = 1e-160, where divide's rule (x / y) / y
overflows to inf beside exp's 0 (0 x inf: unstable, while 1e-150 is ok), Renyi's entropy at alpha = 1e300, whose
slope -6.9e-601 comes out 6.93e-301 - 6.93e-301 = 8.3e-317 from its two paths (unstable), the Weibull hazard at t = 0,
k = 2 (pow's rule takes log 0 as 0 where the slope in k is 0: ok), the binary entropy by xlogy / xlog1py at 5e-324
(744 + 1 subnormal units, the exact 745.4 rounded: ok), Omori's count with its p = 1 limit behind a double where (flat
in p where the slope is -K (log^2(c + t) - log^2 c) / 2: wrong), a Keras-style grad_fn(*args, upstream=) missing a
1/T (wrong at its def), a seismic moment whose slope 1.9e308 is beyond float64 (domain), and plain NumPy's binary
entropy at 1e-300 with np.log1p offered and re-checked; TFP's form with a slipped gx (wrong at its call), a rule's
own 0/0 on plain numbers (unstable at its return), and powers at a base of 0 (their one-sided slope, ok).
Known wrong (strict xfail): G3, x*sqrt(x) at 0 is domain where x^1.5 has its one-sided slope.
The whole set runs case by case through the CLI as tests/trials/run.py does (cases48c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases48c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "gn_lib48c:arrhenius@temp=1e-160:float64":
        "divide's rule (x / y) / y = 1.8e164 / 8.3e-160 overflows beside exp's 0: 0 x inf, unstable at the line",
    "gn_lib48c:renyi_entropy@alpha=1e+300:float64":
        "a slope of -6.9e-601 computed as 6.93e-301 - 6.93e-301 = 8.3e-317 by two paths: unstable",
    "gn_lib48c:weibull_hazard@t=0,k=2.0:float64":
        "h = 0 for every k near 2 at t = 0: pow's rule takes log 0 as 0, the slope in k a right 0",
    "gn_lib48c:binary_entropy_xlogy@p=5e-324:float64":
        "744 + 1 subnormal units for the exact 745.4: the float64 answer is the exact one rounded, ok",
    "gn_lib48c:omori_count_limit@t=10,p=1:float64":
        "a p = 1 limit behind a double where is flat in p where the slope is -K (log^2(c + t) - log^2 c) / 2: wrong",
    "gn_lib48c:arrhenius_rule_slipped@temp=[1000]:float64":
        "a Keras-style grad_fn(*args, upstream=) with a 1/T missing: wrong at its def",
    "gn_lib48c:seismic_moment@mw=199.1:float64":
        "the moment 5.6e307 is a float64 number, its slope 1.9e308 is not: domain",
    "numpy_lib48c:binary_entropy@p=1e-300:float64":
        "1 - p rounds to 1 and (1 - p) log(1 - p) = -1e-300 is lost: unstable, np.log1p offered and re-checked",
    "gn_lib48c:weibull_survival_tfp_slipped@t=500:float64":
        "TFP's custom_gradient(fx, gx, t) with gx missing 1/lambda: wrong, named at the call that hands gx",
    "gn_lib48c:arrhenius_rule@temp=[1e-300]:float64":
        "a rule's own 0/0 on plain numbers (temp ** 2 underflows, k the forward's underflowed 0): unstable, named at "
        "the rule's return",
    "formula:x^1.5@x=0:float64":
        "a power at a base of exactly 0: the slope 0 of its one side, as the house settles it: ok",
    "gn_lib48c:weibull_unreliability_expm1@t=0:float64":
        "-expm1(-(t/lambda)^1.5) at t = 0: the power's one-sided slope, 0: ok",
}

KNOWN_WRONG = {  # case id -> the finding, open
    "formula:x*sqrt(x)@x=0:float64":
        "G3: x*sqrt(x) at 0 is domain ('the slope is 0 from the right (the only side in the function's domain)'), "
        "while x^1.5, the same real function, has its one-sided slope 0 (ok); its product rule's 0 * inf is NaN at "
        "any precision: wrong",
}
SYMPTOMS = {
    "formula:x*sqrt(x)@x=0:float64": '"status": "domain"',
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases48c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
