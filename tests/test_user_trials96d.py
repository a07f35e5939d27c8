"""The ninety-sixth round (d) of user trials (tests/trials/cases96d.py): differentiable sorting, ranking and top-k as
JAX (jax_lib96d), PyTorch (torch_lib96d), TensorFlow (tf_lib96d) and plain NumPy (np_lib96d) code writes them on 4
scores: NeuralSort's relaxed permutation (at a tie, tau -> 0 and 0, huge scores), soft ranks by sigmoids of pairwise
differences and a Spearman-like loss, a soft top-k mask around the k-th value found by sort (live and held), a hard
top-k with a straight-through estimator, a smoothed max and min by logsumexp (stable and written out), a Sinkhorn soft
permutation (log domain and plain), ListNet, ListMLE (stable and written out), RankNet at large gaps, a sort with a
custom rule (right, wrong, and a straight-through NeuralSort) and lax.approx_max_k.

Chosen here, cheap cases: a soft top-2 mask around jnp.sort's 2nd value at a tie there (the threshold max(s0, s3) has
a kink: domain) and the same with the threshold held by stop_gradient (continuous, frozen slopes agree: ok); a soft
rank by a hand-written logistic at tau = 0.001 (exp overflows, inf / inf: unstable); a custom_vjp sort whose rule
forgets the permutation (wrong, at its bwd) and the same at an already sorted point (the rule gives the derivative
there: ok); ListMLE by lax.cumlogsumexp at scores in the thousands (e^-400 absorbed: value and slopes 0 where the
truth is 1.9e-174: unstable, a truth of mine corrected); torch.topk's pick at a tie under a straight-through mask
(the value jumps: domain; 95d's F4, fixed during this round); lax.approx_max_k refused with its name and line.
No findings.
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases96d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("jax")
pytest.importorskip("torch")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "jax_lib96d:soft_topk@s=[0.7,-1.2,2.0,0.7]:float64":
        "sigmoid((s - thr) / 0.25) with thr = jnp.sort(s)[-2] at a tie at the threshold: max(s0, s3) has a kink: "
        "domain in s[0] and s[3], the other slopes kept",
    "jax_lib96d:soft_topk_held@s=[0.7,-1.2,2.0,0.7]:float64":
        "the same with thr held by stop_gradient: the held value is continuous and the frozen slopes agree: ok",
    "jax_lib96d:soft_rank_hand@s=[0.3,-1.2,2.0,0.7],tau=0.001:float64":
        "soft ranks by 1 / (1 + exp(-d / tau)) at tau = 0.001: exp(3200) overflows, inf / inf: unstable",
    "jax_lib96d:sorted_loss_bad@s=[0.3,-1.2,2.0,0.7]:float64":
        "a custom_vjp sort whose rule returns g unpermuted: wrong, at its bwd's def",
    "jax_lib96d:sorted_loss_bad@s=[-1.2,0.3,0.7,2.0]:float64":
        "the same rule at an already sorted point, where it gives the derivative: ok",
    "jax_lib96d:listmle@s=[300.0,-1200.0,2000.0,700.0]:float64":
        "ListMLE by lax.cumlogsumexp at scores in the thousands: lse - s absorbs e^-400, so value and slopes are 0 "
        "where the truth is 1.9e-174: unstable",
    "torch_lib96d:topk_ste@s=[0.7,-1.2,2.0,0.7]:float64":
        "a hard top-2 by torch.topk + scatter, straight through a softmax, at a tie at the 2nd place: PyTorch picks "
        "[2, 3] (a legitimate top 2), the mask jumps in s[0] and s[3]: domain (95d's F4, fixed during this round)",
    "jax_lib96d:approx_topk@s=[0.3,-1.2,2.0,0.7]:float64":
        "lax.approx_max_k: refused (exit 2), naming approx_top_k and jax_lib96d.py's line",
}

KNOWN_WRONG = {}  # case id -> the finding it shows: none this round
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases96d, CHOSEN, KNOWN_WRONG, SYMPTOMS)
