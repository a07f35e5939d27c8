"""The seventy-sixth round (d) of user trials (tests/trials/cases76d.py): sparse routing, trees and structured
activations as JAX (jax_lib76d), PyTorch (torch_lib76d), TensorFlow (tf_lib76d) and plain NumPy (np_lib76d) code writes
them on tiny inputs: sparsemax (sort, cumsum, the support by comparison, tau) by autodiff, by jax.custom_vjp, a
torch.autograd.Function and tf.custom_gradient (one backward dividing by the full size: wrong), at an entry exactly on
the threshold, at ties, and the sparsemax loss (C1 through the threshold); entmax-1.5 by the entmax package's
bisection; top-2 gates by lax.top_k / torch.topk / tf.math.top_k / np.argsort (a tie of kept and dropped experts, a
tie inside the kept pair), the -inf mask and scatter, the Switch Transformer's load-balancing loss, a noisy top-2 gate
with a held draw; soft decision trees at temperature 0.01, a hard-routed tree with the straight-through s +
stop_gradient(hard - s); Gumbel-softmax at tau = 0.1 with hard=True and a held draw; hardtanh, relu6, hardswish at
their corners; splines by searchsorted and np.interp; the pinball loss at residual 0 (cases76d.ALL: 135 cases, all
agree). Here, cheap cases: sparsemax at a threshold float64 puts exactly on (0.6 + 0.2 - 1) / 2 = -0.1 (domain);
at a point float64's tau rounds onto an entry 2.8e-17 inside the support (jnp.maximum's tie splits the slope:
unstable); the sparsemax loss at the threshold (its gradient p - e_y is continuous: ok); a sparsemax backward dividing
by the size instead of the support's (wrong); a tie of the two kept experts (no switch: ok); a hard tree whose unused
node sits on its split (a kink in x, slope 0 in that node's weights: domain); F.gumbel_softmax after manual_seed(0)
in float32 (the exponential draw held, its log replayed: ok); a soft tree whose root saturates at 48 (1 - s = 0 in
float64: unstable). No open findings.
The whole set runs case by case through the CLI as tests/trials/run.py does (cases76d.ALL).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases76d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("jax")
pytest.importorskip("torch")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "jax_lib76d:sparsemax@z=[0.6,-0.1,0.2,-1.0]:float64":
        "sparsemax with tau = (0.6 + 0.2 - 1) / 2, float64's -0.1 exactly: z[1] on the threshold, the support's "
        "switch a kink in z[0..2] (z[3] keeps 0): domain",
    "jax_lib76d:sparsemax@z=[-1.0,-0.7,0.3,-1.0]:float64":
        "exactly, z[1] is 2.8e-17 inside the support (slopes 0, -2.5, 2.5, 0); float64's tau lands on it and "
        "jnp.maximum(0, 0) splits the slope (-2, 2): unstable, at the maximum's line",
    "jax_lib76d:sparsemax_loss@z=[1.0,0.25,0.5,-1.0]:float64":
        "the sparsemax loss -z_y + (1/2) sum_S (z_j^2 - tau^2) + 1/2 at an entry on the threshold: its gradient "
        "p - e_y is continuous there: ok (0.75, 0, -0.75, 0)",
    "torch_lib76d:sparsemax_size_bug@z=[0.9,0.3,0.6,-1.0]:float64":
        "an autograd.Function backward subtracting sum(g over the support) / numel instead of / the support's size: "
        "wrong",
    "jax_lib76d:moe_top2@x=[[1.0,0.5],[-0.5,1.0]],w_gate=[[0.5,0.25,0.75,-0.5],[0.25,0.75,-0.5,0.0]]:float64":
        "lax.top_k at a tie of the two kept experts: the kept set and the softmax over it do not switch: ok",
    "jax_lib76d:hard_tree_st@x=[0.5,-0.25],w=[[0.25,0.5],[-0.375,0.125],[0.125,0.25]],b=[0.25,0.21875,0.125]:"
    "float64":
        "the straight-through tree with node 1 on its split, on the branch the root does not take: moving x moves "
        "both (1 - g0) and node 1's jump, a kink in x; node 1's own weights have slope 0: domain",
    "torch_lib76d:gumbel_hard@logits=[1.5,0.5,0.0,1.0]:float32":
        "F.gumbel_softmax(tau=0.1, hard=True) after torch.manual_seed(0): the exponential_() draw held, its -log "
        "replayed exactly: ok",
    "jax_lib76d:soft_tree@x=[0.5,-0.25],w=[[0.1,0.04],[-0.06,0.02],[0.03,0.05]],b=[0.46,0.01,0.005]:float64":
        "a soft tree at temperature 0.01 whose root sits at 48: sigmoid's rule s (1 - s) is 0 in float64 where the "
        "slopes are 1e-20: unstable",
}

KNOWN_WRONG = {}  # case id -> the finding, open
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases76d, CHOSEN, KNOWN_WRONG, SYMPTOMS)
