"""The thirtieth round (b) of user trials (tests/trials/cases30b.py), PyTorch and TensorFlow in recommender systems,
object detection, ordinal regression, diffusion schedules, attention masks, physics-informed losses and iterative
solvers: Bayesian personalised ranking (log of a sigmoid, logsigmoid, an autograd.Function whose backward writes
1 - sigmoid), matrix factorisation with L2 through norm() ** 2 at zero embeddings and as an nn.Embedding model by
parameter name, ApproxNDCG at a low temperature, LightGCN through a sparse COO adjacency and through index_add, box
losses (IoU, GIoU, DIoU, CIoU) at disjoint, touching and identical boxes, a clamped box decoding, cumulative-link and
CORAL ordinal losses, the cosine schedule's log-SNR near t = 0 and at t = 1, attention with a fully masked row
(masked_fill -inf, scaled_dot_product_attention, BERT's -1e9, Keras' Softmax), Keras' UnitNormalization at 0, a masked
policy entropy, physics-informed residuals through autograd.grad(create_graph=True) and forward-mode AD, a
mean-squared-error autograd.Function right and with its 1/N forgotten; in TensorFlow a factorisation machine's
tf.custom_gradient with variables=, tf.gather, sparse lookups, segment pooling, Newton and power iterations in
tf.while_loop, a gradient reversal and a straight-through rounding.

The whole set runs case by case through the CLI as tests/trials/run.py does (cases30b.ALL); here, the PyTorch cases
the CPU budget allows (one framework import). Findings: S1, a sparse COO tensor (torch.sparse_coo_tensor,
torch.sparse.mm; TensorFlow's sparse_dense_matmul and embedding_lookup_sparse's segment ops) had no replay (fixed, tested for its class in
test_trial_findings30b.py and test_trial_findings30b_tf.py); E1, a policy's entropy over actions masked to -inf, at
its uniform maximum: its exact gradient is 0, and the proof of 0 met the mask's -inf (a sum, an exp, a comparison,
a logsumexp of it) as a constant it could not hold (fixed, below, and tested for its class in
test_masked_proofs66_torch.py); P3, scaled_dot_product_attention's own scale held in float32 as if the user wrote it,
then as the double it is rather than the root of the head's width it stands for (fixed, tested for its class in
test_sdpa65_torch.py).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases30b  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("torch")

CHOSEN = {  # case id -> what it holds
    "torch_lib30b:lightgcn_bpr@emb=[[0.1,0.2],[0.3,-0.1],[0.5,0.4],[-0.2,0.3],[0.1,-0.5]]:float64":
        "S1: LightGCN's propagation through a sparse COO adjacency and torch.sparse.mm: checked, ok",
    "torch_lib30b:sdpa_attention@q=[[1,0.5],[0.2,-0.3]]:float32":
        "P3: scaled_dot_product_attention's own scale (the double 2^-1/4 on q and on k) held as the library wrote it "
        "in a float32 check, not as float32's 0.84089643: the exact slope is 1/sqrt(2)'s, the fully masked row's 0 proven",
    "torch_lib30b:masked_policy_entropy@logits=[0,0,0,0]:float64":
        "E1: the entropy of a Categorical whose logits torch.where masked to -inf, at its uniform maximum: every slope "
        "is exactly 0 (log p + H = -log 3 + log 3), proven through the mask's -inf: checked, ok",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases30b, CHOSEN)
