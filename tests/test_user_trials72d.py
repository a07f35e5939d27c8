"""The seventy-second round (d) of user trials (tests/trials/cases72d.py): recommender systems and embeddings as users
write them in JAX (jax_lib72d), PyTorch (torch_lib72d), TensorFlow (tf_lib72d) and plain NumPy (np_lib72d) on tiny
tables: matrix factorisation with L2 (at zero embeddings too), BPR by log of a sigmoid and by log_sigmoid /
F.logsigmoid / np.logaddexp at a tie and gaps of +-800 (float32 -120), a sampled softmax with a log-Q correction,
popularity-debiased logits at p = 0 (bare and clipped), cosine scores at a zero embedding (norm bare, eps outside,
eps inside, F.cosine_similarity, F.normalize, tf.math.l2_normalize), lookups with repeated indices (jnp.take,
F.embedding plain / scale_grad_by_freq / max_norm, tf.gather), bag means with an empty bag (segment sums,
F.embedding_bag mean and max, by hand), a two-tower in-batch softmax at T = 0.05, margin hinges and WARP at the margin,
a factorisation machine's square trick at large features (cases72d.ALL: 100 cases; F1 mended since).
Here, cheap cases: BPR by log(1 / (1 + exp(-x))) at a gap of -800 (log 0: unstable, its line named), JAX's
dot / (|u||v| + 1e-8) at a zero embedding (smooth, slope v / 1e-8, norm's rule 0 x inf: wrong), F.embedding(max_norm=1)
past the norm (PyTorch's gradient takes the renorm's scale as a constant: wrong), F.cosine_similarity at a zero
embedding in float32 (ATen's clamp_min at eps held in float32: ok), the two-tower jax.nn.log_softmax loss at a gap of
620 (the positive's 1 - p rounds to 0: unstable), the factorisation machine's 0.5((sum v x)^2 - sum (v x)^2) at
features of 1e8 (cancellation: unstable).
The whole set runs case by case through the CLI as tests/trials/run.py does (cases72d.ALL).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases72d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("jax")
pytest.importorskip("torch")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "np_lib72d:bpr_naive@u=[20.0,20.0],i=[-10.0,-10.0],j=[10.0,10.0]:float64":
        "-log(1 / (1 + exp(-x))) at x = u.i - u.j = -800: exp overflows, 1 / inf = 0, log 0: unstable at the user's "
        "line (exact slopes u: 20, i: -20, j: 20)",
    "jax_lib72d:cosine_eps_outside@u=[0.0,0.0],v=[0.6,-0.8]:float64":
        "u.v / (|u||v| + 1e-8) at a zero u: smooth, slope v / 1e-8 = [6e7, -8e7]; jnp.linalg.norm's sqrt rule at 0 "
        "gives inf x 0 = NaN: wrong",
    "torch_lib72d:embedding_max_norm@W=[[1.2,0.5],[0.3,-0.4],[0.9,1.6],[-0.7,0.8]]:float64":
        "F.embedding(max_norm=1) with rows 0 and 2 past the norm: the rows read are scaled by 1 / (|w| + 1e-7), "
        "which PyTorch's gradient holds constant: wrong",
    "torch_lib72d:cosine_similarity@u=[0.0,0.0],v=[0.6,-0.8]:float32":
        "F.cosine_similarity at a zero u: (u / max(|u|, eps)) . (v / max(|v|, eps)) is linear near 0, slope "
        "v / eps with ATen's float32 eps: ok",
    "jax_lib72d:two_tower@Qe=[[5.0,4.0],[4.0,-5.0]],De=[[4.0,5.0],[5.0,-4.0]]:float64":
        "in-batch -log_softmax(Q D^T / 0.05) with logits [[800, 180], [-180, 800]]: the positive's p - 1 = -e^-620 "
        "rounds to 0, so every slope (~1e-268) is lost: unstable",
    "np_lib72d:fm_pairwise@v=[[1.0,0.0],[0.0,1.0],[0.3,0.6]],x=[123456789.123,98765432.1,0.7]:float64":
        "the factorisation machine's 0.5 ((x v)^2 - x^2 v^2) at features of 1e8: squares of 1.5e16 cancel to 2.6e7: "
        "unstable (the pair loop is ok there)",
    "np_lib72d:bag_mean@E=[[0.1,0.2],[0.3,-0.4],[0.5,0.6],[-0.7,0.8]]:float64":
        "a bag mean with an empty bag is 0 / 0 for every E: no value anywhere near, so no entry has a slope (F1, "
        "mended): domain",
}

KNOWN_WRONG = {}  # case id -> the finding, open
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases72d, CHOSEN, KNOWN_WRONG, SYMPTOMS)
