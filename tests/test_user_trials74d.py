"""The seventy-fourth round (d) of user trials (tests/trials/cases74d.py): graph neural networks on a tiny graph (5
nodes, a duplicate edge, a self-loop, an isolated node) as JAX (jax_lib74d), PyTorch (torch_lib74d), TensorFlow
(tf_lib74d) and plain NumPy (np_lib74d) code writes them: GCN's symmetric normalisation with and without self-loops
(1/sqrt(deg) guarded by where, masked_fill, clamp, divide_no_nan, maximum, and bare; dense, sparse and by bincount),
a zero-weight edge that empties a degree, mean / max / product / sqrt-n aggregation with an empty neighbourhood
(segment_max's -inf, TensorFlow's lowest number, scatter_reduce's include_self), GAT's segment softmax (shifted,
unshifted, stop_gradient, dense, jax.nn.softmax's where=) at leaky_relu's kink and at scores past exp's range,
GraphSAGE's L2 normalise at a zero embedding, link-prediction BCE at logits of +-800, a readout's max at a tie, the
Laplacian's eigenvalues and Fiedler vector at a repeated eigenvalue, an inverse-degree-weighted loss (cases74d.ALL:
107 cases). Here, cheap cases: JAX's clamped jnp.linalg.norm at a zero embedding (NaN where the slope is 6.6e11:
wrong at its line), PyTorch's F.normalize there (ok), a zero-weight edge emptying a degree under jnp.where (a jump:
domain), a pooling max tied on relu's flat side (ok), F.binary_cross_entropy at a logit of -30 (its backward's 1e-12
floor: wrong), TensorFlow's unsorted_segment_max of an empty segment (its lowest number squared: domain), GAT's
unshifted softmax at scores of 1110 (unstable) and TensorFlow's leaky_relu with its float32 alpha (ok).
F1 decided: F.binary_cross_entropy's clamped log (exact slope 0) is `wrong` over a rule error of 1e-34, as the
README says of a rule off a proven 0 (F2, np.add.at into an array made by a tuple assignment, mended since).
The whole set runs case by case through the CLI as tests/trials/run.py does (cases74d.ALL).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases74d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("jax")
pytest.importorskip("torch")
pytest.importorskip("tensorflow")

X, X0, XNEG = "x=[0.5,0.9,-0.45,0.3,-0.7]", "x=[0.5,0.9,-0.45,0.3,0.0]", "x=[-0.5,0.9,-0.45,0.3,-0.7]"
W4 = "w=[0.7,0.4,-0.3,0.9]"
BCE_ONE = "torch_lib74d:link_bce_single@s=[-105.0,1.0]:float64"
NP_MEAN = f"np_lib74d:mean_agg@{X},w=[0.7,0.4]:float64"

CHOSEN = {  # case id -> what it holds
    f"jax_lib74d:sage_l2@{X0},{W4}:float64":
        "h / jnp.maximum(jnp.linalg.norm(h), 1e-12) at a zero embedding: the function is h / 1e-12 there (x[4]'s "
        "slope 6.6e11), but the norm's rule gives 0 * inf = NaN on maximum's idle side: wrong at that line",
    f"torch_lib74d:sage_normalize@{X0},{W4}:float64":
        "F.normalize at the same zero embedding: PyTorch's norm backward is 0 at 0, so its 6.6e11 is exact: ok",
    f"jax_lib74d:gcn_no_loops_where@{X},ew=[1.0,0.0,2.0,1.5,0.7,1.2,0.4,0.9]:float64":
        "node 0's only in-edge weighs 0: deg 0, jnp.where gives 0, and any positive weight sends 1/sqrt(deg) to "
        "infinity: ew[1] jumps (domain), the other entries keep their slopes",
    f"jax_lib74d:max_pool@{XNEG},w=1.0:float64":
        "segment_max of relu(w x) over node 1's neighbours, both on relu's flat side: a tie of two zeros that stays "
        "0 nearby, so no kink: ok",
    "torch_lib74d:link_bce@z=[[3.0,3.0],[-5.0,-5.0],[-0.6,0.4],[-2.0,-2.0],[0.7,0.2]]:float64":
        "F.binary_cross_entropy(sigmoid(s), y) at s = -30: the value is right, but its backward divides by "
        "max(p (1 - p), 1e-12) where p (1 - p) = 9.4e-14: z[0]'s slope 1.41 comes out 0.28: wrong at that line",
    f"tf_lib74d:max_agg@{X},w=[0.7,0.4]:float64":
        "unsorted_segment_max of the isolated node's empty segment is float64's lowest number: the value "
        "overflows and w[1]'s exact slope 1.29e616 lies beyond the dtype's range: domain",
    f"jax_lib74d:gat_noshift@{X},a=[900.0,600.0]:float64":
        "the segment softmax without its max shift at scores up to 1110: exp overflows, inf / inf: unstable",
    f"tf_lib74d:gat@{X},a=[0.8,-0.5]:float64":
        "GAT by unsorted_segment_max / sum: tf.nn.leaky_relu's alpha is a float32 attribute (0.2000000030), "
        "whose slopes it is judged by: ok",
    NP_MEAN:
        "np.add.at into sums and counts made in one tuple assignment (s, cnt = np.zeros(N), np.zeros(N)), a mean "
        "over neighbours followed as the writes it makes (F2, mended): ok",
    BCE_ONE:
        "F.binary_cross_entropy at a logit of -105, its log clamped at -100 (exact slope 0): PyTorch's rule ignores "
        "the clamp and leaves 1.25e-34, not 0: wrong, as a rule off a proven 0 is however small (F1, decided)",
}

KNOWN_WRONG = {}  # case id -> the finding, open
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases74d, CHOSEN, KNOWN_WRONG, SYMPTOMS)
