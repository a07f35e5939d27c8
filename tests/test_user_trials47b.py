"""The forty-seventh round (b) of user trials (tests/trials/cases47b.py), PyTorch and TensorFlow in heat transfer,
electrolyte chemistry, boundary-layer meteorology, soil physics and tribology. Here, cases the CPU budget allows: a
heat exchanger's effectiveness with its Cr = 1 limit put in by torch.where(cr == 1, ...) (flat in Cr at the one point
where the analytic slope is -N^2 / 2(1 + N)^2: wrong, named at the equality), the Davies activity coefficient at
c = [5e-324, 0] (the ionic strength 0.5 * 5e-324 rounds to 0 and sqrt's slope is inf for a finite -8.1e160:
unstable, named at that line), Horton's infiltration by tf.math.expm1 at k = 1e-12 (the value mended, the quotient's
two paths still cancel: unstable), Brooks-Corey's tf.where at h = 0 (the idle (h_b / h)^lambda's pole leaks NaN:
wrong, the double where re-checked), a Stribeck law in TensorFlow at v = 5e-324 (TensorFlow reads it as 0 and sign
gives 0: unstable in the value), an autograd.Function whose series slope is halved (wrong, at its backward), the
same Stribeck law written term by term (the sign line named: TensorFlow reads 5e-324 as 0 there, not the next line's
harmless divide), Paulson's psi_m, whose quarter power of a negative number two assignments above its where leaks
NaN (wrong, guarded at that line and re-checked), and phi_m = 1 - zeta psi_m'(zeta), psi_m' by torch.func.grad
through that leaking where, NaN where the function is 1 + 5 zeta (wrong: the exact replay takes the inner derivative
with the chain rule's exact zeros, 3.5 and slope 5).
The whole set runs case by case through the CLI as tests/trials/run.py does (cases47b.ALL).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases47b  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("torch")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "torch_lib47b:effectiveness_limit@ntu=2,cr=1:float64":
        "a where(cr == 1, N / (1 + N), ...) limit is flat in Cr at the point where the slope is -2/9: wrong, named "
        "at the equality",
    "torch_lib47b:davies_log_gamma@c=[5e-324,0]:float64":
        "the ionic strength 0.5 * 5e-324 rounds to 0, sqrt's slope inf for -8.1e160: unstable, named at that line",
    "torch_lib47b:fin_rule_slip@x=1e-08:float64":
        "an autograd.Function whose series slope -2x/3 is written -x/3: wrong, at its backward",
    "tf_lib47b:horton_expm1@k=1e-12:float64":
        "Horton's (1 - e^-kt) / k by expm1 at k = 1e-12: the value right, the quotient's two paths cancel: unstable",
    "tf_lib47b:brooks_corey@h=[0,100]:float64":
        "Brooks-Corey's idle (h_b / h)^lambda at h = 0 leaks NaN through tf.where: wrong, a re-checked double where",
    "tf_lib47b:stribeck@v=5e-324:float64":
        "TensorFlow reads v = 5e-324 as 0 and tf.sign gives 0 for 1: unstable in the value, the slope 0.4 right",
    "tf_lib47b:stribeck_split@v=5e-324:float64":
        "the same law term by term: tf.sign(v) reading 5e-324 as 0 is named, not the next line's harmless divide",
    "torch_lib47b:psi_m_sum@zeta=0.5:float64":
        "psi_m's where leak from the quarter power of 1 - 16 zeta < 0, two assignments above the where: wrong, the "
        "double where put at the power's line and re-checked",
    "torch_lib47b:phi_m@zeta=[0.5]:float64":
        "1 - zeta psi_m'(zeta) by torch.func.grad through the leaking where: NaN for 3.5, wrong, the where named and "
        "the double where re-checked",
}


test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases47b, CHOSEN)
