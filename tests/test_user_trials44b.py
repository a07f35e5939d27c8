"""The forty-fourth round (b) of user trials (tests/trials/cases44b.py), PyTorch and TensorFlow in evidential deep
learning, robot kinematics, indoor localisation, psychoacoustics and attitude interpolation. Here, cases the CPU budget
allows: the normal-inverse-gamma loss's lgamma ratio as an autograd.Function whose backward is the asymptotic -1 / 2a
(wrong, at its backward), the same loss at nu = 1e-300, where pi / nu holds but PyTorch's reciprocal backward squares
1e300 (unstable, at the pi / nu line), a two-link arm's law-of-cosines elbow angle 1e-12 short of full extension
(arccos's slope from a rounded 1 - c^2: unstable), a tf.Module path-loss model's tf.custom_gradient with variables=
taking ln for log10 in the exponent's slope (wrong, at its grad), and Stevens' loudness at a subnormal intensity, which
TensorFlow's CPU kernels flush to zero (pow's slope inf: unstable, at the pow's line); and the round's findings, both
mended and held here by their cases: P1, the SO(3) log map's scale theta / (2 sin theta) at a half turn reports a finite "exact" slope of 1.4e61 in the skew
(1 / sin(pi) with sin(pi) rounded at 60 digits) where there is none; U1, an underflow whose 0 reaches a log through a
sum with an entry that is exactly 0 (tf.norm of [1e-200, 0]) is not named: only the log(0) at the next line is. P1's
mend keeps a one-sided slope only where twice the digits find it again (tests/test_phantom_slopes_at_poles.py); U1's
names an op whose zeros are partly its own (tests/test_provenance_zeros_beside_true_zeros.py).
The whole set runs case by case through the CLI as tests/trials/run.py does (cases44b.ALL).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases44b  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("torch")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "torch_lib44b:gamma_ratio_asymptotic@a=3:float64":
        "lgamma(a) - lgamma(a + 1/2) as an autograd.Function whose backward is the asymptotic -1 / 2a: wrong, at it",
    "torch_lib44b:nig_nll@gamma=0.3,nu=1e-300,alpha=3,beta=1.5:float64":
        "math.pi / nu is reciprocal(nu) * pi in PyTorch, whose backward squares 1e300: -inf for -5e299, unstable at "
        "the line",
    "torch_lib44b:elbow_angle@x=0.749999999999,y=0:float64":
        "the law of cosines 1e-12 short of full extension: arccos's slope from a rounded 1 - c^2, unstable",
    "tf_lib44b:path_loss_rssi@path_loss_slip_args:float64":
        "a tf.Module's custom_gradient through variables= taking ln for log10: wrong, at its grad",
    "tf_lib44b:loudness@intensity=1e-45:float32":
        "TensorFlow flushes a subnormal intensity to 0: pow's slope 0^-0.7 = inf where it is 1.9e33, unstable",
    "torch_lib44b:log_map_scale@cos_theta=-1,skew=0.5:float64":
        "mended P1: theta / (2 sin theta) at a half turn has no slope in the skew (the phantom 1.4e61 was 1/sin(pi) at "
        "60 digits)",
    "tf_lib44b:rssi_residuals@p=[1e-200,0]:float64":
        "mended U1: tf.norm's squares of [1e-200, 0] underflow beside a true 0 and reach a log: the Mul is named",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases44b, CHOSEN)
