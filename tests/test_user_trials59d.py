"""The fifty-ninth round (d) of user trials (tests/trials/cases59d.py): sequences, normalisation and masked attention
as users write them, on the JAX, PyTorch, TensorFlow and plain-NumPy bridges: lax.scan / fori_loop RNN cells and
Newton loops, cumulative products (at zeros), cumsum and cumlogsumexp; Python loops over nn.GRUCell / nn.LSTMCell by
--args and --wrt model.cell.*, torch.cumprod / logcumsumexp; tf.scan, tf.while_loop in a tf.function,
tf.math.cumprod (exclusive, reverse) / cumulative_logsumexp; layer, RMS and batch norms by hand and the libraries'
(F.layer_norm, nn.LayerNorm, F.rms_norm, F.batch_norm, F.normalize, jax.nn.standardize,
tf.keras.layers.LayerNormalization, tf.math.l2_normalize) at constant inputs, eps inside and outside the sqrt;
masked softmax attention with -inf and -1e9 masks, causal and fully masked rows, jax.nn.dot_product_attention and
F.scaled_dot_product_attention. Here, cheap cases: TensorFlow's cumprod rule at a zero (wrong at the call); eps
outside the sqrt at a constant input in JAX (sqrt's inf times 0: wrong at jnp.std's line); a naive log(cumsum(exp))
in PyTorch (unstable, torch.logcumsumexp offered and re-checked); BERT's additive -1e9 mask on a fully masked row in
float64 (unstable at the mask's line); an RNN saturating tanh in lax.scan (unstable at the cell's line); a NumPy
-inf masked softmax (ok). G1, mended: a -1e9 causal mask (and jax.nn.dot_product_attention(is_causal=True)) had no
verdict: two scores of one row tie in the max softmax shifts by, a tie proof numbers decide, and the value-and-gradient
program computing the forward anew met that comparison again past the decided path. G2, mended: nn.LayerNorm built
inside the loss was an error quoting PyTorch's functionalization of prims.broadcast_in_dim. The whole set runs case by case through the CLI as tests/trials/run.py does (cases59d.ALL).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases59d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("torch")
pytest.importorskip("jax")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "tf_lib59d:cumprod_sum@x=[2,0,3]:float64":
        "tf.reduce_sum(tf.math.cumprod(x)) at a zero: TensorFlow's rule divides by x and gives [1, 0, 0] where the "
        "derivative is [1, 8, 0]: wrong at the call",
    "jax_lib59d:layer_norm_eps_out@x=[2,2,2]:float64":
        "layer norm (x - mean) / (jnp.std(x) + eps) at a constant input: differentiable (slope (W - mean W) / eps), "
        "but sqrt's rule at 0 is inf times a 0 upstream: NaN, wrong at jnp.std's line",
    "torch_lib59d:naive_logcumsumexp@x=[100,0]:float32":
        "torch.log(torch.cumsum(torch.exp(x))) at 100 in float32: exp overflows, unstable at the line; "
        "torch.logcumsumexp offered and re-checked",
    "tf_lib59d:padded_attention@q=[[1,2],[0.5,-1],[3,0]]:float64":
        "BERT's additive mask scores + (1 - keep) * -1e9 with a fully masked row, float64: the row's scores keep 21 "
        "of 53 bits, unstable at the mask's line (the exact slope 1e-434294482 of the half-masked row too)",
    "jax_lib59d:rnn_scan@w=10,xs=[1,-0.5,2]:float32":
        "an RNN cell tanh(w h + x) in lax.scan, saturated: tanh's rule 1 - y^2 cancels in float32, unstable at the "
        "cell's line",
    "np_lib59d:masked_softmax@z=[1,2,3]:float64":
        "a NumPy softmax masked by np.where(keep, z, -np.inf) and shifted by its max: ok, the masked entry's slope 0",
    "jax_lib59d:causal_attention_big@q=[[1,2],[0.5,-1],[3,0]]:float32":
        "G1, mended: jnp.where(causal, scores, -1e9) before jax.nn.softmax, whose row 2 ties 3/sqrt 2 with 3/sqrt 2 in "
        "the max: the tie proof numbers decide is taken alike where JAX's value-and-gradient program computes the "
        "forward anew (arb.forced_taken): ok, row 0's slopes about -2.07e-434294482",
    "torch_lib59d:causal_attention_big@q=[[1,2],[0.5,-1],[3,0]]:float64":
        "G1 in PyTorch, mended: scores.masked_fill(causal, -1e9) before torch.softmax, float64: ok",
    "jax_lib59d:dpa_causal@q=[[1,2],[0.5,-1],[3,0]]:float32":
        "G1, mended: jax.nn.dot_product_attention(is_causal=True), its mask -0.7 * float32's max and its scale "
        "1 / sqrt 2 library constants as written: ok",
    "torch_lib59d:layer_norm_module@x=[2,2,2]:float64":
        "G2, mended: nn.LayerNorm(3, eps=1e-5) built inside the loss (its initialisation writes in place, so the "
        "graph is functionalized, each prim view as its ATen spelling: torch_graph._prim_view_in_aten): ok, (W - mean "
        "W) / sqrt(1e-5)",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases59d, CHOSEN)
