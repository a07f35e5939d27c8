"""The seventy-third round (d) of user trials (tests/trials/cases73d.py): diffusion models and normalizing flows as
researchers write them in JAX (jax_lib73d), PyTorch (torch_lib73d), TensorFlow (tf_lib73d) and plain NumPy (np_lib73d):
cosine and VP noise schedules at t = 0 and t = 1 (float32's pi past the tan pole), a custom_jvp safe log in the
log-SNR, epsilon / v -> x0 conversions near alpha_bar = 0 and at 1, DDIM steps, SNR and min-SNR-gamma weights at their
tie, DDPM's normal_kl and torch.distributions' KL at near-equal variances, the discretised Gaussian likelihood of the
last step (ndtr, guided-diffusion's tanh CDF, erf, erfc, log_ndtr) in its tails and at its edges, planar flows at
1 + u.psi = 0, RealNVP couplings with a saturated exp(tanh(s)), slogdet at a singular matrix, softplus scales at -800
and at F.softplus's threshold, rational-quadratic splines on and off a knot, logit preprocessing at 0 and at eps,
Box-Cox at lambda = 0 and at x = 0 (cases73d.ALL: 109 cases; F1 mended since).
Here, cheap cases: the custom_jvp safe log whose rule t / max(x, 1e-20) gives 1e20 where its clamped primal is flat
(wrong, at the rule's def), the ndtr likelihood of a middle bin 5.6 sds out (CDFs near 1 differenced: unstable), the
JAX spline's value on a knot (C1: ok), the autograd.Function whose backward clamps the root at 1e-6 (wrong at
1 - alpha_bar = 1e-14, at its backward), float32's pi past the pole of tan at t = 1 (unstable against the pi written),
a float32 DDIM step from x_t = eps at alpha_bar = 1e-8 (unstable), Box-Cox by np.where at lambda = 0 (the idle
branch's 0/0 leaks: wrong) and torch.distributions' KL at scales 1 + 1e-8 apart (unstable); nflows' spline nudged in place (ok: F1, mended).
The whole set runs case by case through the CLI as tests/trials/run.py does (cases73d.ALL).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases73d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("jax")
pytest.importorskip("torch")
pytest.importorskip("tensorflow")

SPLINE_KNOT = ("torch_lib73d:spline_nll@x=[0.0,0.7],uw=[0.0,0.0,0.0,0.0],uh=[0.3,-0.2,0.1,0.5],"
               "ud=[0.2,-0.4,0.6]:float64")
SPLINE_ONE_BIN = ("torch_lib73d:spline_nll@x=[0.4,0.7],uw=[0.0,0.0,0.0,0.0],uh=[0.3,-0.2,0.1,0.5],"
                  "ud=[0.2,-0.4,0.6]:float64")

CHOSEN = {  # case id -> what it holds
    "jax_lib73d:log_snr_of_alpha_bar@ab=[1.0,0.5]:float64":
        "log(max(ab, 1e-20)) - log(max(1 - ab, 1e-20)) by a jax.custom_jvp at ab[0] = 1: the primal is flat in "
        "1 - ab there (exact slope 1), the rule t / max(x, 1e-20) gives 1e20: wrong at the rule's def",
    "jax_lib73d:discretized_gaussian_nll@x=[0.5],means=[0.44],log_scales=[-4.6]:float64":
        "the bin [x - 1/255, x + 1/255] 5.6 to 6.4 sds out as ndtr(b) - ndtr(a), two numbers next to 1: the mass "
        "1.2e-8 keeps 8 digits: unstable",
    "jax_lib73d:spline_value@x=[0.0,0.7],uw=[0.0,0.0,0.0,0.0],uh=[0.3,-0.2,0.1,0.5],ud=[0.2,-0.4,0.6]:float64":
        "a rational-quadratic spline read by jnp.searchsorted exactly on a knot: C1 in x and every parameter, so the "
        "switch is no kink: ok",
    "torch_lib73d:sigma_clamped@alpha_bar=[0.99999999999999]:float64":
        "sqrt(1 - alpha_bar) by an autograd.Function whose backward divides by 2 max(y, 1e-6): at y = 1e-7 it gives "
        "-5e5 where the slope is -5.0e6: wrong at its backward",
    "jax_lib73d:log_snr_tan@t=[1.0]:float32":
        "-2 log tan(pi t / 2) at t = 1: float32's pi exceeds pi, so tan < 0 and log is NaN where the pi written "
        "(a double) has no pole: unstable, judged against float64's slope -5.13e16",
    "jax_lib73d:ddim_step@x_t=[0.5,-1.2],eps_pred=[0.5,-1.2],ab_t=1e-08,ab_prev=0.9:float32":
        "a DDIM step from x_t = eps at alpha_bar 1e-8: sqrt(1 - 1e-8) rounds to 1 in float32, x0_pred to 0 (ab_t's "
        "slope 5070 against 2535): unstable",
    "np_lib73d:box_cox_where@x=[0.5,2.0],lam=0.0:float64":
        "np.where(lam == 0, log(x), (x**lam - 1) / lam) at lambda = 0: smooth (lambda's slope 0.4805, x's [2, 0.5]), "
        "but the idle branch's 0/0 gradient leaks through where: wrong",
    "torch_lib73d:kl_normal@mu_q=[0.2,-0.1],scale_q=[1.00000001,0.5],mu_p=[0.2,-0.1],scale_p=[1.0,0.5]:float64":
        "torch.distributions' KL(Normal || Normal) at scales 1 + 1e-8 apart: var_ratio - 1 - log(var_ratio) cancels to "
        "1e-16: unstable",
    SPLINE_ONE_BIN:
        "nflows' spline, its last knot nudged in place, at a point whose bins never read ud[0]: its slope is an exact "
        "0 the proof keeps through the write (F1, mended): ok",
}

KNOWN_WRONG = {}  # case id -> the finding, open
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases73d, CHOSEN, KNOWN_WRONG, SYMPTOMS)
