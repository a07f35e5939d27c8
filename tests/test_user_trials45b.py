"""The forty-fifth round (b) of user trials (tests/trials/cases45b.py), PyTorch and TensorFlow in diffusion models,
optical flow and stereo, mortality modelling, pharmacodynamics and ocean waves. Here, cases the CPU budget allows: a
Gompertz log-survival autograd.Function whose backward forgets the age term of d/dc (wrong, at its backward), the
Charbonnier penalty with eps = 0 at a float32 residual of 1e-30 (x * x underflows, sqrt's slope inf: unstable, named at
the square), linear wave theory's 2kh / sinh(2kh) at kh = 1e-300 in TensorFlow (the quotient's two paths cancel to 0
for -6.7e-301: unstable, named where u = 2kh is made), and a Lee-Carter tf.Module whose tf.custom_gradient gives the
period index's gradient through variables= with the age slopes forgotten (wrong, at its grad), the
DDPM log-SNR by torch.cumprod in float32 at beta_max = 0.2 (alpha_bar = e^-110 underflows where PyTorch's kernel,
accumulating in float64, rounds it to float32: unstable, named at the cumprod; C1, mended) and Keras' KLDivergence in
float32 at a prediction of float32(1e-7), above the 1e-7 Keras writes (ok, inside its clip; K1, settled).
The whole set runs case by case through the CLI as tests/trials/run.py does (cases45b.ALL).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases45b  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("torch")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "torch_lib45b:gompertz_log_survival_slip@b=2e-05,c=0.1:float64":
        "a Gompertz log-survival autograd.Function whose d/dc forgets its age term: wrong, at its backward",
    "torch_lib45b:charbonnier_no_eps@x=[1e-30,-2]:float32":
        "Charbonnier with eps = 0 at 1e-30 in float32: x * x underflows, sqrt's slope inf for 1: unstable at the line",
    "tf_lib45b:group_ratio@k=1e-300:float64":
        "2kh / sinh(2kh) at kh = 1e-300: the quotient's two paths cancel to 0 for -6.7e-301, named at u = 2kh",
    "tf_lib45b:lee_carter_tf@lee_carter_slip_args:float64":
        "a tf.Module's tf.custom_gradient through variables= forgetting the age slopes b: wrong, at its grad",
    "torch_lib45b:log_snr_last@beta_max=0.2:float32":
        "alpha_bar = e^-110 by a float32 torch.cumprod: unstable, the underflow named where PyTorch's kernel rounds "
        "its float64 running product to float32",
    "tf_lib45b:kld_keras@q=[1e-07,0.5,0.5]:float32":
        "Keras' KLDivergence in float32 at float32(1e-7), 1.2e-15 above the clip Keras writes: ok, inside it",
}
KNOWN_WRONG = {}
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases45b, CHOSEN, KNOWN_WRONG,
                                                                                   SYMPTOMS)
