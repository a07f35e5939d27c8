"""The seventy-fifth round (d) of user trials (tests/trials/cases75d.py): contrastive and metric-learning losses on
tiny batches as JAX (jax_lib75d), PyTorch (torch_lib75d), TensorFlow (tf_lib75d) and plain NumPy (np_lib75d) code
writes them: InfoNCE / NT-Xent at temperatures 0.07 and 0.01 (log-softmax and naive exp / sum; the diagonal masked by
-inf and by -1e9), cosine similarity at a zero embedding (x / norm bare, + 1e-8, eps inside the root, F.normalize,
F.cosine_similarity, tf.math.l2_normalize), triplet losses at the hinge's kink (relu, softplus, Euclidean, PyTorch's
eps-shifted pairwise_distance), batch-hard mining at tied negatives, SupCon with an anchor without positives,
ArcFace / CosFace at cos = +-1 (clipped to [-1, 1] and to 1 - 1e-7; insightface's ArcMarginProduct), center loss at
a sample on its center, Barlow Twins and VICReg with a feature of batch std 0, BYOL's 2 - 2 cos with the target held
(cases75d.ALL: 111 cases). Here, cheap cases: JAX's clamped jnp.linalg.norm at a zero embedding (NaN where the slope is
-4.6e8: wrong), F.normalize there (ok), a triplet hinge at exactly its margin (domain), a tie of hardest negatives on
the hinge's flat side (ok), NumPy's norm + 1e-8 at a zero row (gradcli's sqrt rule: wrong), InfoNCE at a zero
embedding (its other rows keep their slopes: domain), the naive exp / sum at temperature 0.01 in float32 (unstable),
SupCon's guarded mean over positives (ok). Findings, each mended: F1 (an array with a kinked entry, judged entry by
entry: wrong; insightface's ArcMargin at x_0 along W_0 had no verdict, x[0, 0]'s slope 0 neither proven nor bounded
where the clip's tie parts only off its line), F2 (a 0 / 0 that moving one input mends called "no value anywhere
near"), F3 (F.one_hot of constant labels refused as a branch on a tensor's value).
The whole set runs case by case through the CLI as tests/trials/run.py does (cases75d.ALL).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases75d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("jax")
pytest.importorskip("torch")
pytest.importorskip("tensorflow")

Z1, Z1_0 = "z1=[[0.6,-0.2],[0.1,0.8],[-0.4,0.3]]", "z1=[[0.0,0.0],[0.1,0.8],[-0.4,0.3]]"
Z2 = "z2=[[0.75,0.65],[0.5,0.85],[0.15,0.95]]"
ARC_ANGLE = "jax_lib75d:arc_angle@x=[2.0,0.0],w=[1.0,0.0]:float64"
BARLOW = ("np_lib75d:barlow_std@z1=[[0.5,0.25],[-0.3,0.25],[0.8,0.25],[0.1,0.25]],"
          "z2=[[0.4,0.9],[-0.2,0.1],[0.9,-0.5],[0.0,0.6]]:float64")
ARC_MARGIN = "torch_lib75d:arc_margin@x=[[2.0,0.0],[-0.2,0.9],[0.1,1.0]],W=[[1.0,0.0],[0.0,1.0],[-0.6,0.8]]:float64"
ONE_HOT = "torch_lib75d:arcface_acos@x=[[2.0,0.0],[-0.2,0.9],[0.1,1.0]],W=[[1.0,0.0],[0.0,1.0],[-0.6,0.8]]:float64"

CHOSEN = {  # case id -> what it holds
    ARC_MARGIN:
        "insightface's ArcMarginProduct at x_0 along W_0: x[0, 1] and W[0, 1] have kinks, x[0, 0]'s slope is the "
        "exact 0 and NaN in PyTorch's gradient (0 * inf at every precision): wrong, judged entry by entry",
    ARC_ANGLE: "F1, mended by the judgement entry by entry: arccos(clip(cos(x, w))) at x parallel to w, x[0]'s slope 0 "
               "beside x[1]'s kink, JAX's arccos rule NaN there: wrong",
    BARLOW: "F2, mended: Barlow Twins at a constant feature, a 0 / 0 that moving the feature's entries apart mends: "
            "z1[:, 0] keeps its slopes (domain)",
    ONE_HOT: "F3, mended: F.one_hot of a module's constant labels is traced (ok)",
    f"jax_lib75d:nt_xent@{Z1_0},{Z2}:float64":
        "NT-Xent with rows normalised by z / jnp.maximum(jnp.linalg.norm(z), 1e-8) at a zero embedding: the loss is "
        "z / 1e-8 there (z1[0]'s slopes -4.6e8, -1.1e8), but the norm's rule gives 0 * inf = NaN: wrong",
    f"torch_lib75d:info_nce@{Z1_0},{Z2}:float64":
        "InfoNCE by F.normalize (eps 1e-12) and F.cross_entropy at the same zero embedding: slopes -4.7e12: ok",
    "jax_lib75d:triplet_relu@a=[[0.0,0.0],[1.0,-1.0]],p=[[1.0,0.0],[1.5,-1.0]],n=[[1.0,1.0],[1.0,0.0]]:float64":
        "relu(|a - p|^2 - |a - n|^2 + 1) at exactly 0 in row 0: a kink (a[0, 0] keeps 0, a[0, 1] none): domain",
    "jax_lib75d:batch_hard@e=[[0.0,0.0],[0.3,0.0],[3.0,0.0],[0.0,3.0]]:float64":
        "batch-hard mining: anchor 0's two negatives tie at distance 9, on the hinge's flat side: no kink: ok",
    "np_lib75d:cosine_eps@a=[[0.6,-0.2,0.3],[0.0,0.0,0.0]],b=[[0.5,-0.1,0.4],[0.3,0.4,1.2]]:float64":
        "plain NumPy a.b / (|a||b| + 1e-8) at a zero row: slopes b / 1e-8, but sqrt's rule at 0 meets a zero "
        "upstream (0 * inf): wrong",
    f"np_lib75d:info_nce@{Z1_0},{Z2}:float64":
        "InfoNCE by x / np.linalg.norm at a zero embedding: row 0's term is 0 / 0, z2 meets it (no slopes), z1's "
        "rows 1 and 2 never do and keep theirs: domain",
    f"jax_lib75d:info_nce_naive@{Z1},{Z2}:float32":
        "exp(s / 0.01) / sum exp in float32: exp(99) overflows: unstable",
    "np_lib75d:supcon_singleton_guarded@features=[[0.6,-0.2,0.3],[0.5,-0.1,0.4],[-0.4,0.3,0.9],[-0.6,0.2,0.8]]:float64":
        "SupCon with two anchors without positives, their count clamped to 1 by np.maximum: ok",
}

KNOWN_WRONG = {}  # case id -> the finding, open
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases75d, CHOSEN, KNOWN_WRONG, SYMPTOMS)
