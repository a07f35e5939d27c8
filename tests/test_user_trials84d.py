"""The eighty-fourth round (d) of user trials (tests/trials/cases84d.py): mixture models and soft clustering on three
1-D points and two or three components, as JAX (jax_lib84d), PyTorch (torch_lib84d), TensorFlow (tf_lib84d) and plain
NumPy / SciPy (np_lib84d) code writes them: a Gaussian mixture's log-likelihood by logsumexp over components
(jax.nn.logsumexp, jax.scipy.special.logsumexp, torch.logsumexp, tf.math.reduce_logsumexp, scipy.special.logsumexp)
with softmax weights, and the naive log(sum(w * pdf)), at a point far from every component and at a component
collapsing onto a point (log_sigma -300 and -400, a scale of exactly 0); a component switched off by a -inf logit;
one EM step's mean update with a component without responsibility (0 / 0), guarded by + 1e-10; soft k-means at a
temperature of 1e-3 with a point equidistant from two centres, by softmax and by hand; hard k-means by min and argmin
at that tie; a Student-t mixture (jax.scipy.stats.t, torch.lgamma, scipy.stats.t) far from its centres and collapsing,
and a t likelihood in its degrees of freedom; a mixture of Bernoullis by xlogy at a probability of 0 and 1 and written
with log; a Dirichlet prior's log-density at a weight of 0; a k-means++ draw by torch.multinomial.

Chosen here, cheap cases: the naive mixture log-likelihood far from every component (every density underflows: log 0,
unstable), the log-space one there (ok), JAX's norm.logpdf at log_sigma = -300 (the forward is fine, its backward's
1/scale^4 overflows: unstable), the EM step's 0 / 0 for a component without responsibility (unstable), hard k-means
at a point equidistant from two centres (domain), soft k-means by hand at tau = 1e-3 (exp underflows to 0 / 0:
unstable), the Bernoulli mixture by JAX's xlogy at p = 0 (its rule's 0 / 0: wrong) and by TensorFlow's (ok), and the
k-means++ draw by torch.multinomial (refused, naming it and the line).
F1, mended: the mixture with a component switched off by jnp.where(ACTIVE, logits, -inf) and the log of its softmax
weights: gradcli gave no verdict ("no exact reference") where the logits' NaN slopes are wrong; chosen here.
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases84d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("jax")
pytest.importorskip("torch")
pytest.importorskip("tensorflow")

ORD = "logits=[0.2,-0.1],mu=[0.0,1.5],log_sigma=[0.0,-0.5]"
FAR = "logits=[0.2,-0.1],mu=[40.0,50.0],log_sigma=[0.0,0.0]"
P_ZERO = "logits=[0.1,-0.2],p=[[0.7,0.0,0.6],[0.3,0.4,0.8]]"

CHOSEN = {  # case id -> what it holds
    f"np_lib84d:gmm_loglik_naive@{FAR}:float64":
        "log(sum(w * norm.pdf)) with every component 40 or more from every point: each density e^-722 or below "
        "underflows, log 0 = -inf where the log-likelihood is finite: unstable",
    f"np_lib84d:gmm_loglik@{FAR}:float64":
        "the same by scipy.special.logsumexp of norm.logpdf + log-weights: ok",
    "jax_lib84d:gmm_loglik@logits=[0.2,-0.1],mu=[0.5,1.5],log_sigma=[-300.0,0.0]:float64":
        "jax.scipy.stats.norm.logpdf at log_sigma -300 on a point: the value is right, but the backward's "
        "integer_pow(scale^2, -2) overflows and log_sigma[0]'s -1 comes out NaN: unstable",
    "jax_lib84d:em_means@logits=[0.2,-0.1],mu=[0.0,60.0],log_sigma=[0.0,0.0]:float64":
        "one EM step with a component far from every point: its responsibilities underflow to 0 and its new mean is "
        "0 / 0 where it is 2 (nearly): unstable",
    "np_lib84d:kmeans_loss@centres=[0.0,1.0]:float64":
        "hard k-means by min over centres with x = 0.5 equidistant from both: a kink, no slope in either "
        "centre: domain",
    "jax_lib84d:soft_kmeans_hand@centres=[0.0,1.0],tau=0.001:float64":
        "soft k-means written exp(-d / tau) / sum at tau = 1e-3: every exp of the far points underflows, 0 / 0: "
        "unstable (jax.nn.softmax's is ok)",
    f"jax_lib84d:bern_mixture@{P_ZERO}:float64":
        "a Bernoulli mixture by xlogy at p = 0 where every x is 0: xlogy(0, p) is 0 for every p, but JAX's rule "
        "gives 0 / 0 = NaN for p's slope: wrong, at the line",
    f"tf_lib84d:bern_mixture@{P_ZERO}:float64":
        "the same by tf.math.xlogy, whose rule gives 0 where x = 0: ok",
    "torch_lib84d:kmeanspp_seed@centres=[0.0,1.2]:float64":
        "a k-means++ seed drawn by torch.multinomial with probabilities in a tensor: refused (exit 2), naming the "
        "draw and the line",
}

MASKED = "jax_lib84d:gmm_masked@logits=[0.2,-0.1,0.7],mu=[0.0,1.5,3.0],log_sigma=[0.0,-0.5,0.3]:float64"
CHOSEN[MASKED] = ("F1 (mended): log of softmax weights with a -inf logit: the masked weight's log is -inf all around "
                  "the point, its component's slopes proven 0, the logits' NaN (log's backward 0 / 0) wrong")
KNOWN_WRONG = {}  # case id -> the finding, open: none
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases84d, CHOSEN, KNOWN_WRONG, SYMPTOMS)
