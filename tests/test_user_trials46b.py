"""The forty-sixth round (b) of user trials (tests/trials/cases46b.py), PyTorch and TensorFlow in directional
statistics, hyperelasticity, porous media, reservoir engineering and plasma physics. Here, cases the CPU budget allows:
the circular von Mises log normaliser as log i0e(k) + k at k = 1e-300 (its two paths, -1 and +1, cancel to 0 for
5e-301: unstable, named at the line), a neo-Hookean energy in float32 at a crushed element whose J = 1e-40 is
subnormal (log's backward 1 / J overflows: unstable at log J, the slogdet fix re-checked), a von Mises-Fisher
autograd.Function whose backward returns coth k - 1/k (wrong, at its backward), Arps' cumulative production through
tf.math.divide_no_nan at b = 1 (0 where both limits are 7884.57: a jump in b, 0 in D) and the Coulomb logarithm in
float32 at n = 1e36, where lambda_D^3 = 1.3e-41 is flushed to 0 by TensorFlow's kernels (unstable, at the log line).
G1, settled as a truth error: tf.pow(V, 1.5) at V = 0, undefined to the left, is ok with slope 0, as the house holds
for a power at a zero base (tests/test_exact_power_at_a_zero_base.py), though V * sqrt(V) of the same function is
domain: a question left open.
The whole set runs case by case through the CLI as tests/trials/run.py does (cases46b.ALL).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases46b  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("torch")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "torch_lib46b:von_mises_log_norm_scaled@kappa=[1e-300,1]:float64":
        "log i0e(k) + k at 1e-300: i0e's slope -1 and k's +1 cancel to 0 for 5e-301: unstable, named at the line",
    "torch_lib46b:neo_hookean@F=[[1e-30,0,0],[0,1e-10,0],[0,0,1]]:float32":
        "det F = 1e-40 subnormal in float32: log's backward 1/J overflows: unstable at log J, slogdet re-checked",
    "torch_lib46b:vmf_rule_slip@kappa=[2]:float64":
        "a von Mises-Fisher autograd.Function whose backward returns coth k - 1/k: wrong, at its backward",
    "tf_lib46b:arps_cumulative_no_nan@b=1,D=0.1:float64":
        "divide_no_nan's 0 at b = 1 between limits of 7884.57: a jump in b (domain), 0 in D",
    "tf_lib46b:coulomb_log@n=1e+36,T=10:float32":
        "lambda_D^3 = 1.3e-41 flushed to 0 by TensorFlow's float32 kernels, log(0): unstable at the log line",
    "tf_lib46b:child_langmuir@V=0:float64":
        "G1, settled: tf.pow(V, 1.5) at V = 0 takes its slope 0 from the right, as the house holds for a power at a "
        "zero base: ok",
}
KNOWN_WRONG = {}
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases46b, CHOSEN, KNOWN_WRONG,
                                                                                   SYMPTOMS)
