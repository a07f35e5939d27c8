"""The eighty-first round (d) of user trials (tests/trials/cases81d.py): log-likelihoods of small normalising flows and
their log-determinants, as JAX (jax_lib81d), PyTorch (torch_lib81d), TensorFlow (tf_lib81d) and plain NumPy (np_lib81d)
code writes them, on 1-4 dimensions: a standard-normal base; a planar flow's log|1 + u.psi| where it is 0, with an
epsilon, and with the softplus fix of u; an affine coupling layer with exp(s) and softplus(s) + eps; the tanh
squashing's log(1 - tanh^2) naive, with 1e-6, stable, and as custom rules (custom_jvp, autograd.Function,
tf.custom_gradient); a sigmoid layer; a radial flow at its centre and where the norm underflows; a leaky-ReLU flow at
0; a logit layer at 0 and 1; a batch-norm flow; a 2x2 linear flow by slogdet, det and eigvals at a singular matrix and
at one singular in decimal only; float64 and float32.

Chosen here, cheap cases: the planar flow where 1 + u.psi = 0 (domain) and its epsilon form (u has no derivative
through |.|, z keeps -z: domain), the softplus-fixed planar flow at w.u = -800 (the fix's e^-800 is lost beside -1:
unstable), the naive tanh log-det at u = 20 (1 - tanh^2 = 0: unstable), a wrong custom_jvp for the stable log-det
(wrong, at its rule), the radial flow centred at 0 where |z| = 1e-200 squares to 0 (unstable), slogdet of a matrix
singular in decimal but not as doubles (unstable), the leaky-ReLU flow's log-det step at x = 0 (domain), and a leaky
slope taken by .item() (refused, naming it and the line).
F1, open: PyTorch's logit-layer density at x = [0, 0.5]: the value is NaN (-inf - -inf) through x_0 alone, x_1's own
term has the exact slope 0 (-2 + 2), which gradcli gives in JAX, TensorFlow and NumPy and at x_1 = 0.3 in PyTorch;
in PyTorch at x_1 = 0.5 it reports x_1's exact slope as NaN.
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases81d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("jax")
pytest.importorskip("torch")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "jax_lib81d:planar_logq@z=[0.5,-1.0],u=[-0.5,-1.0]:float64":
        "a planar flow z + u tanh(w.z) at w.z = 0 and u.w = -1: 1 + u.psi = 0 exactly, log|0| = -inf, every slope "
        "infinite or two-sided: domain",
    "jax_lib81d:planar_logq_eps@z=[0.5,-1.0],u=[-0.5,-1.0]:float64":
        "the same with log(|1 + u.psi| + 1e-8): u moves 1 + u.psi through 0 (|.| a kink: no derivative), z only "
        "to tanh^2(w.z) >= 0 (slope 0 there), so z keeps -z: domain",
    "jax_lib81d:planar_uhat@z=[0.5,-1.0],u=[-800.0,0.0]:float64":
        "Rezende's invertible planar flow, w.u_hat = -1 + softplus(w.u): at w.u = -800 the e^-800 is lost beside -1, "
        "1 + u_hat.psi rounds to ~0 where it is e^-800, u's slope -w comes out as noise: unstable",
    "jax_lib81d:squash_naive@u=[20.0,0.5]:float64":
        "SAC's log N(u) - log(1 - tanh(u)^2) at u = 20: tanh rounds to 1, log 0 = -inf and the slope NaN, where it is "
        "-u + 2 tanh u = -18: unstable",
    "jax_lib81d:squash_custom_bad@u=[0.5,-1.3]:float64":
        "a custom_jvp for the stable log(1 - tanh^2) whose rule gives -2 tanh(x) (1 - tanh^2 x): wrong, at the rule",
    "jax_lib81d:radial_origin@z=[1e-200,0.0],alpha=0.7,beta=0.4:float64":
        "a radial flow centred at 0, |z| = 1e-200: jnp.linalg.norm squares it to 0, the slope 0 / 0 = NaN, where it is "
        "f'(0+) = -3 beta / (alpha (alpha + beta)) along z_0: unstable",
    "np_lib81d:linear_slogdet@W=[[0.3,0.7],[0.9,2.1]]:float64":
        "np.linalg.slogdet of a matrix singular in decimal: the doubles' det is 2.78e-17 (log -38.1, slopes ~1e17), "
        "LU rounds it to 0: unstable",
    "jax_lib81d:leaky_logp@x=[0.0,-1.2],a=0.2:float64":
        "a leaky-ReLU flow's log-det where(x >= 0, 0, -log a) at x_0 = 0: the density jumps by log a there, x_0 has "
        "no derivative, x_1 and a keep theirs: domain",
    "torch_lib81d:leaky_logp@x=[0.7,-1.2],a=0.2:float64":
        "F.leaky_relu(x, negative_slope=1 / a.item()): a leaves the graph; refused with an error naming .item() and "
        "the line",
}

KNOWN_WRONG = {}  # case id -> the finding, open
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases81d, CHOSEN, KNOWN_WRONG, SYMPTOMS)
