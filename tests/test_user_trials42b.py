"""The forty-second round (b) of user trials (tests/trials/cases42b.py), PyTorch and TensorFlow in photonics, fisheries
science, actuarial science, credit risk and project finance. Here, cases the CPU budget allows: Baranov's catch
equation with its F + M -> 0 limit put in by one torch.where (the idle 0/0 leaks NaN: wrong, at the where's line), a
Sellmeier autograd.Function whose backward forgets the square root's 1/2 (wrong, at its backward), an annuity's
tf.custom_gradient written with the Macaulay duration (wrong at 5%), and a bond book's tf.Module credit spread whose
variables= gradient forgets the maturities (wrong, at its grad); and the cases of the round's three findings, each
mended in the same session (tests/test_trial_findings42.py): torch.log10(1 + u)'s log1p fix spelled with math.log(10)
and re-checked (L1), e^-900 underflowing in torch.cumprod named at its line (P1), and sqrt's one-sided +inf slope
said alike in every JSON field (J1).
The whole set runs case by case through the CLI as tests/trials/run.py does (cases42b.ALL).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases42b  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("torch")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "torch_lib42b:baranov_catch_where@f=0,m=0:float64":
        "Baranov's catch with its z -> 0 limit put in by one torch.where: the idle expm1(-z)/z's 0/0 leaks NaN, wrong, "
        "at the where's line (slopes 1000 and 0)",
    "torch_lib42b:silica_index_slip@lam=1.55,b1=0.6961663:float64":
        "a Sellmeier autograd.Function whose backward forgets sqrt's 1/2: wrong, at its backward",
    "tf_lib42b:annuity_macaulay@i=0.05:float64":
        "an annuity's tf.custom_gradient written with the Macaulay duration: wrong at 5%",
    "tf_lib42b:book_value@curve_slip_args:float64":
        "a tf.Module's tf.Variable spread whose variables= gradient forgets the maturities: wrong, at its grad",
    "torch_lib42b:transmission_db_log@phase=1,coeff=1e-20:float64":
        "L1: torch.log10(1 + u) at 1e-20: unstable, its log1p fix spelled torch.log1p(u) / math.log(10), re-checked ok",
    "torch_lib42b:log_cohort_survival@mortality=[300,300,300]:float64":
        "P1: e^-900 underflowing inside torch.cumprod is named at its line, before the log(0.0) it feeds",
    "tf_lib42b:worst_case_default_rate@pd=0.01,rho=0:float64":
        "J1: sqrt's one-sided +inf slope at rho = 0: exact_gradient 'inf' and its text '+inf' alike",
}
KNOWN_WRONG = {}
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases42b, CHOSEN, KNOWN_WRONG,
                                                                                   SYMPTOMS)
