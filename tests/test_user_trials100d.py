"""The hundredth round (d) of user trials (tests/trials/cases100d.py): kernels and Gaussian processes as JAX
(jax_lib100d), PyTorch (torch_lib100d), TensorFlow (tf_lib100d) and plain NumPy (np_lib100d) code writes them:
pairwise distances with the diagonal included (sqrt(0): the classic NaN), the squared-norm expansion, where- and
clamp-guarded distances and torch.cdist, Matern 1/2, 3/2 and 5/2 kernels at r = 0 and at duplicate inputs, the RBF
with softplus ARD lengthscales at 0 and huge, a GP's negative marginal log-likelihood by Cholesky with jitter at
duplicate inputs, the predictive variance at a training input, a Nystrom trace term, kernel density estimates at a
vanishing bandwidth, MMD (biased, unbiased, its square root at x = y), the energy distance, and a custom distance
rule with a safe subgradient at 0 (right, and with a sign wrong on purpose).

Chosen here, cheap cases: the plain distance matrix in JAX (the diagonal's sqrt(0) leaks NaN where the slopes exist:
wrong), the double-where guard (ok) and the clamp_min(1e-30) trick (ok, flat at a duplicate); torch.cdist (ok: its
backward is 0 at a zero distance); Matern 3/2 on the plain distance at a duplicate (smooth, NaN: wrong) and GPflow's
clamped form (ok); the GP likelihood at duplicate inputs with the jitter 1e-6 alone (float32: unstable) and without
jitter (unstable); the KDE's log of a mean of exps at x = 10, h = 0.05 (unstable) and its logsumexp (ok); the
custom_vjp with the second cotangent's sign wrong (wrong, at its bwd); a Python if in an autograd.Function's backward
(an input error naming the line). Mended: F1, sqrt(MMD^2) at x = y in JAX, called wrong "at any precision" where XLA's
compiled program rounds an upstream subtraction otherwise than the operation does (unstable); cases100d says how.
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases100d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("jax")
pytest.importorskip("torch")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "jax_lib100d:mmd_biased@x=[[0.0],[0.5],[-1.0]]:float64":
        "F1 (mended): sqrt(MMD^2) at x = y, XLA's fused subtraction 7.7e-18 where one by one it is 0: the value lost to "
        "compiling, every input at a cone's tip: unstable",
    "jax_lib100d:dist_sum@x=[[0.0,0.5],[1.0,-0.5],[0.25,1.0]]:float64":
        "sum W_ij sqrt(sum((x_i - x_j)^2)), the diagonal included: sqrt(0)'s rule 0 * inf there, where each x_i - x_i "
        "is 0 for every x (slope 0): NaN everywhere: wrong",
    "jax_lib100d:dist_sum_where@x=[[0.0,0.5],[1.0,-0.5],[0.25,1.0]]:float64":
        "the double where (sqrt of 1 where d2 is 0, then 0): ok",
    "jax_lib100d:dist_sum_clamped@x=[[0.0,0.5],[0.0,0.5],[0.25,1.0]]:float64":
        "sqrt(max(d2, 1e-30)) at a duplicate input: flat within 1e-15 of it: ok",
    "torch_lib100d:dist_sum_cdist@x=[[0.0,0.5],[1.0,-0.5],[0.25,1.0]]:float64":
        "torch.cdist(x, x): its backward is 0 at a zero distance: ok",
    "jax_lib100d:matern32@x=[[0.0,0.5],[0.0,0.5],[0.25,1.0]],log_ls=0.0:float64":
        "Matern 3/2 on the plain distance at a duplicate: smooth (k'(0) = 0), NaN from sqrt(0): wrong",
    "jax_lib100d:matern32_safe@x=[[0.0,0.5],[0.0,0.5],[0.25,1.0]],log_ls=0.0:float64":
        "GPflow's sqrt(max(|x|^2 + |y|^2 - 2 x.y, 1e-36)) at the duplicate: ok",
    "jax_lib100d:gp_nll_dup@log_ls=0.0,log_sf=0.0,log_noise=-50.0:float32":
        "the GP NLL by Cholesky at a repeated input, noise 2e-22, jitter 1e-6 in float32: unstable",
    "jax_lib100d:gp_nll_dup_nojitter@log_ls=0.0,log_sf=0.0,log_noise=-50.0:float64":
        "the same without jitter in float64: K singular to rounding, Cholesky NaN, the NLL 1.2e20: unstable",
    "jax_lib100d:kde_naive@x=10.0,log_h=-3.0:float64":
        "log(mean(exp(-((x - z)/h)^2 / 2))) at 160 bandwidths from the data: every kernel underflows: unstable",
    "jax_lib100d:kde_lse@x=10.0,log_h=-3.0:float64":
        "the same by logsumexp: ok",
    "jax_lib100d:dist_sum_custom_bad@x=[[0.0,0.5],[1.0,-0.5],[0.25,1.0]]:float64":
        "a custom_vjp distance whose bwd returns (g u, g u), the second sign forgotten: wrong, at its bwd",
    "torch_lib100d:dist_sum_custom_if@x=[[0.0,0.5],[1.0,-0.5],[0.25,1.0]]:float64":
        "a Python if on the distance in an autograd.Function's backward: an input error naming the line",
}

KNOWN_WRONG = {}  # case id -> the finding, open (F1 mended: cases100d says how)
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases100d, CHOSEN, KNOWN_WRONG, SYMPTOMS)
