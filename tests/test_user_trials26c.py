"""The twenty-sixth round (c) of user trials (tests/trials/cases26c.py, audit26c.toml): issue 27's classes on Python
functions written against gradcli.numpy and gradcli.scipy and on formulas: distributions written by hand as
TensorFlow Probability writes them (Kumaraswamy, logit-normal, Gompertz, generalized Pareto, Skellam, Zipf, a Gaussian
mixture), log-survival functions through log1mexp (single and double where), the Lambert W by Halley steps and by
hand-written rules, softplus-positive parameters, Box-Muller, closed-form log-determinants, means in log space,
norms at 1e+-300, the Poincare distance near the disc's edge, Gumbel and Frechet tails, maximum ties between
subnormals, and hand-written rules that overflow in the dtype.

The whole set runs case by case through the CLI as tests/trials/run.py does (cases26c.ALL); here, the cases the CPU
budget allows, in the long mode (`make trials`). Known disagreements are strict xfails naming their finding. The
findings' classes are tested in every run by tests/test_trial_findings26c.py.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases26c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "gn_lib26c:log_partition@z=[1000000000000000.0,1000000000000001,999999999999999]:float64":
        "L1: logsumexp's slopes at 1e15 are the softmax of [0, 1, -1] (were e^(z - ans), ans rounded at 0.125: 4% off, "
        "unstable, blaming a subtraction inside gradcli's own rule at the user's line)",
    "formula:logaddexp(x, y)@x=-1e308,y=-1e308:float64": "L1: logaddexp's slopes 1/2 each (were 1 and 1)",
    "gn_lib26c:lambert_w_ratio_rule@x=[0,2]:float64": "a rule W / (x (1 + W)), 0/0 at 0 at any precision: wrong",
    "gn_lib26c:log_norm_rule@x=[1e+200,1e+200]:float64":
        "a right rule whose |x|^2 overflows: unstable at the rule's line, not wrong",
    "formula:abs(x - y)@x=1e300,y=1.0000000000000002e300:float64": "a switch one ulp away is no kink at the point",
    "gn_lib26c:zipf_log_pmf@s=[1.5]:float32":
        "Z1: -s * math.log(5.0) (a number the function computes) in a float32 run: the rule at high precision used "
        "log 5 (-0.1042025566), the exact derivative float32's log 5 (-0.1042025867): 'wrong' of gradcli's own rules",
    "gn_lib26c:gpd_log_prob@x=2,scale=1.5,conc=0:float64":
        "W1: TFP's guard where(conc == 0, -z, body) is flat in conc at 0, where the density's slope is z^2/2 - z: "
        "wrong, named at the where's line (was no line, 'the gradient rule' of no rule of the user's)",
    "gn_lib26c:determinant@a=[[1,2],[2,4]]:float64":
        "D1: det's slope at an exactly singular matrix is the adjugate's transpose, [[4, -2], [-2, 1]], exact in "
        "float64 (its rule det * inv(a)^T raised LinAlgError there: unstable, no line)",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases26c, CHOSEN)
