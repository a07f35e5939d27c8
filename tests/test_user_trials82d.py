"""The eighty-second round (d) of user trials (tests/trials/cases82d.py): entropic optimal transport between tiny
point clouds (2-3 points a side, 10 Sinkhorn steps unrolled) as JAX (jax_lib82d), PyTorch (torch_lib82d), TensorFlow
(tf_lib82d) and plain NumPy (np_lib82d) code writes it: the probability-domain Sinkhorn where K = exp(-C / eps)
underflows (u = a / 0), the log-domain Sinkhorn (logsumexp in each framework's spelling) at small eps and a tie of
costs, the Sinkhorn divergence at x = y, an envelope-theorem custom rule for the converged dual value (custom_vjp,
autograd.Function, tf.custom_gradient; right and wrong), 1-D and sliced Wasserstein distances by sorting at ties, the
squared Euclidean cost by |x|^2 + |y|^2 - 2 x.y near x = y, the Gaussian W2 with a matrix square root (eigh, the 2x2
closed form, tf.linalg.sqrtm, scipy.linalg.sqrtm) at singular and identity covariances, and KL marginal penalties and
an unbalanced Sinkhorn with a mass of 0; float64 and float32.

Chosen here, cheap cases: the probability-domain Sinkhorn where a row of K underflows (unstable), the 1-D W2 by
sorting at a tie of points (domain), the sliced W2 at a tie along one projection (domain), the expanded squared
distance 1e-9 from a coincident pair under a sqrt (unstable), an envelope rule with its 2 forgotten (wrong, at the
rule), the Gaussian W2 by eigh at S1 = S2 = I (eigh's rule divides by w_i - w_j = 0: wrong), xlogy's rule at p = 0
(q's slope 1 comes out NaN: wrong), and a Sinkhorn run to tolerance by lax.while_loop (refused, naming it and the
line).
F1, open: the Gaussian W2 at an exactly singular covariance [[1, 1], [1, 1]]: no exact reference ("rounding decides
whether the function is a number") where c1 has no derivative and the means and c2 keep theirs: domain.
F2, open: tf.linalg.sqrtm's and scipy.linalg.sqrtm's Gaussian W2 at S1 = S2 = I: the covariances' exact slopes 0 are
"not proven 0": no verdict where it is ok (JAX's closed form proves them).
F3, mended (chosen here): an unbalanced Sinkhorn with a mass a_0 = 0 and a where-guarded KL: x_0's slope is exactly 0
(row 0 of the plan is 0 for every x_0); gradcli found no exact reference where the NaN leaking through pow and where
makes it wrong.
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases82d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("jax")
pytest.importorskip("torch")
pytest.importorskip("tensorflow")

G_SING = "m1=[0.1,0.2],c1=[1.0,1.0,1.0],m2=[0.0,-0.3],c2=[0.8,-0.2,1.2]"
G_EYE = "m1=[0.1,0.2],c1=[1.0,0.0,1.0],m2=[0.0,-0.3],c2=[1.0,0.0,1.0]"

CHOSEN = {  # case id -> what it holds
    "jax_lib82d:sinkhorn_cost@x=[0.0,10.0],y=[0.2,0.5],eps=0.01:float64":
        "Sinkhorn with K = exp(-C / eps) at eps = 0.01: x_1's row exp(-9025), exp(-9600) underflows to 0, K v = 0, "
        "u = a / 0 = inf and the plan NaN, where the 10 steps' transport cost is finite: unstable",
    "jax_lib82d:w2_sorted@x=[0.3,0.3,1.2],y=[0.1,0.9,-0.7]:float64":
        "the 1-D W2 by jnp.sort at a tie x_0 = x_1 matched to distinct y's: the cheapest matching switches there, "
        "x_0 and x_1 have no derivative: domain",
    "jax_lib82d:sliced_w2@x=[[0.5,0.1],[0.5,0.9],[-0.3,0.4]],y=[[0.2,-0.1],[0.8,0.6],[0.0,1.1]]:float64":
        "the sliced W2 with fixed projections, x_0 and x_1 tied along theta_0 = (1, 0): their first coordinates "
        "have no derivative, the second ones keep theirs: domain",
    "jax_lib82d:euclid_cost_expand@x=[[0.3,0.7],[1.0,-0.2]],y=[[0.300000001,0.7],[-0.5,0.4]]:float64":
        "sqrt(|x|^2 + |y|^2 - 2 x.y) 1e-9 from a coincident pair: the squared distance 1e-18 is lost in rounding of "
        "0.58, the unit slopes of that pair come out as noise: unstable",
    "jax_lib82d:ot_implicit_bad@x=[0.0,1.0],y=[0.2,0.5]:float64":
        "an envelope-theorem custom_vjp of the converged dual value whose rule forgot dC/dx's 2: wrong, at the rule",
    f"jax_lib82d:gaussian_w2@{G_EYE}:float64":
        "the Gaussian W2 with square roots by eigh at S1 = S2 = I: smooth (covariance slopes 0), eigh's rule divides "
        "by w_i - w_j = 0: wrong",
    "jax_lib82d:kl_penalty_xlogy@p=[0.0,0.5],q=[0.3,0.4]:float64":
        "KL(p | q) by xlogy(p, p / q) at p_0 = 0: p_0 has no derivative (log 0), q_0's is 1, but xlogy's rule gives "
        "x / y = 0 / 0: wrong",
    "jax_lib82d:sinkhorn_tol@x=[0.0,1.0],y=[0.2,0.5],eps=0.5:float64":
        "Sinkhorn to a tolerance by lax.while_loop: JAX cannot reverse it; refused naming while_loop and the line",
}

KNOWN_WRONG = {  # case id -> the finding, open
    f"jax_lib82d:gaussian_w2_closed@{G_SING}:float64":
        "F1: the Gaussian W2 (2x2 closed-form sqrtm) at S1 = [[1, 1], [1, 1]], exactly singular: c1 has no "
        "derivative (sqrt(det) at 0; det < 0 on one side), m1, m2 and c2 keep theirs (det(S1 S2) stays 0 along c2): "
        "domain; gradcli finds no exact reference (the high-precision det of r S1 r is a rounding of either sign)",
    f"tf_lib82d:gaussian_w2@{G_EYE}:float64":
        "F2: tf.linalg.sqrtm's Gaussian W2 at S1 = S2 = I: the covariances' slopes are exactly 0 (1 - 1), the "
        "rest 2 (m1 - m2): ok; gradcli: no exact reference, an exact entry within 5.8e-2559 of 0 not proven 0 "
        "(at 120 digits: its bound there), so it cannot say whether the value and gradient are right",
    f"np_lib82d:gaussian_w2@{G_EYE}:float64":
        "F2 with scipy.linalg.sqrtm: the same",
}
SYMPTOMS = {
    f"jax_lib82d:gaussian_w2_closed@{G_SING}:float64": "rounding decides whether the function is a number",
    f"tf_lib82d:gaussian_w2@{G_EYE}:float64": "cannot say whether this value and gradient are right",
    f"np_lib82d:gaussian_w2@{G_EYE}:float64": "cannot say whether this value and gradient are right",
}
CHOSEN["jax_lib82d:unbalanced_cost_where@x=[0.0,1.0],y=[0.2,0.5],a=[0.0,0.7],eps=0.5:float64"] = (
    "F3 (mended): unbalanced Sinkhorn, a_0 = 0: u_0 = 0^0.667 = 0 for every x, so x_0's slope is exactly 0 and x_1, "
    "y, a_1, eps have finite slopes, which pow's 0^-0.33 = inf and the where-leak turn NaN: wrong")

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases82d, CHOSEN, KNOWN_WRONG, SYMPTOMS)
