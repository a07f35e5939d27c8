"""The sixty-second round (d) of user trials (tests/trials/cases62d.py): probabilistic modelling and linear algebra
inside losses as users write them, on the JAX, PyTorch, TensorFlow and plain-NumPy bridges: norm.logpdf / logcdf in
the tails, log(Phi) by hand, gammaln / lgamma / digamma / lbeta, xlogy, log_sigmoid, a VAE's KL term, Gumbel-softmax
with fixed noise, Gaussian mixtures, torch.distributions (Normal at scale 1e-300, Categorical, Bernoulli, Beta, Gamma,
StudentT, MultivariateNormal, kl_divergence), a reparameterised sample, sigmoid cross-entropy, slogdet / logdet /
cholesky / eigvalsh log-determinants (singular, defective, repeated eigenvalues), triangular solves (a zero pivot),
inv of an ill-conditioned matrix and Gaussian-process negative log marginal likelihoods. Here, cheap cases: a NumPy
log-density by its variance at scale 1e-300 (unstable at the line), NumPy's inv of an ill-conditioned matrix
(unstable), JAX's xlogy y-slope at p = y = 0 (wrong at the line), JAX's solve_triangular at a zero pivot (domain, the
unread entry's slope 0), kl_divergence of Normals at scale 1e-300 (unstable), a float32 GP at a long length scale
(unstable, the cholesky named). K1, mended: PyTorch's symmetrised cholesky rule, wrong, was blamed on torch.diagonal's exact
rule on the next line. K2, mended: PyTorch's and TensorFlow's triangular solves at a zero pivot were said to raise
LinAlgError (they return inf), and the slope of the entry they never read was NaN where it is 0.
The whole set runs case by case through the CLI as tests/trials/run.py does (cases62d.ALL).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases62d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("torch")
pytest.importorskip("jax")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "np_lib62d:gauss_logpdf_var@x=1e-300,mu=0,log_s=-690:float64":
        "-(x - mu)^2 / (2 exp(log_s)^2) - log_s at scale 1e-300: s^2 underflows, 0 / 0, unstable at the line",
    "np_lib62d:inv_sum@a=[[3,7],[1,2.3333333333]]:float64":
        "sum(np.linalg.inv(a)) of an ill-conditioned matrix: ~2.7e10 keeping 5 digits, unstable at the line",
    "jax_lib62d:xlogy_cross@p=[0,0.5],y=[0,2]:float64":
        "xlogy(p, y)'s y-slope at p = y = 0: JAX's rule p / y = 0 / 0 where the slope is 0, wrong at the line",
    "jax_lib62d:tri_solve@chol=[[2,0],[1,0]]:float64":
        "solve_triangular(lower=True) at a zero pivot: value +inf, domain, the unread upper entry's slope 0",
    "torch_lib62d:kl_normal@mu=0,log_s=-690:float64":
        "kl_divergence(Normal(0, 1e-300), Normal(0, 2)): (s / 2)^2 underflows, log(0), unstable at the line",
    "jax_lib62d:gp_nll@log_ell=3,log_noise=-20:float32":
        "a GP's negative log marginal likelihood at ell = e^3 in float32: K nearly singular, unstable, the cholesky "
        "named",
    "torch_lib62d:chol_logdet@a=[[2,0.5],[0.5,1]]:float64":
        "K1, mended: 2 * sum(log(diagonal(torch.linalg.cholesky(a)))): wrong (PyTorch's symmetrised rule against the "
        "lower triangle LAPACK reads), at the cholesky's line: torch.diagonal's gradient, which PyTorch's backward "
        "never makes whole, is found as the vector it holds (rule_blame._scattered_from_held)",
    "torch_lib62d:tri_solve@chol=[[2,0],[1,0]]:float64":
        "K2, mended: torch.linalg.solve_triangular at a zero pivot replayed by substitution as LAPACK's trsm "
        "(capture/triangular.py): value inf, domain, the never-read upper entry's slope 0",
    "tf_lib62d:tri_solve@chol=[[2,0],[1,0]]:float64":
        "K2, mended: tf.linalg.triangular_solve at a zero pivot, the same",
}

KNOWN_WRONG = {}  # case id -> the finding, open
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases62d, CHOSEN, KNOWN_WRONG, SYMPTOMS)
