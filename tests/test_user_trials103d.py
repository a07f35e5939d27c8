"""The hundred-and-third round (d) of user trials (tests/trials/cases103d.py): transformer building blocks as JAX
(jax_lib103d), PyTorch (torch_lib103d), TensorFlow (tf_lib103d) and plain NumPy (np_lib103d) code writes them, on tiny
tensors: RMSNorm with eps = 0 (0 / 0 at x = 0) and 1e-6 (also past float32's range for x^2), LayerNorm at a constant
row, QK-norm, rotary embeddings at position 1e6 in float32, ALiBi, logit soft-capping (c = 1e-30), the z-loss naive and
stable, a temperature tau = 1e-30 on tied scores, causal and padding masks by where(-inf / -1e9) and by adding -1e9,
a fully masked row (NaN: domain) and its "safe" guard, an online softmax from a running max of -inf (bare: domain;
guarded: ok), SwiGLU / GeGLU at -800 and 1e20, a KL term with a zero probability, label-smoothed cross-entropy,
jax.nn.dot_product_attention and F.scaled_dot_product_attention (a fully masked row: uniform in JAX, 0 in PyTorch),
and custom rules (an RMSNorm backward holding the rms constant: wrong; a SiLU backward forgetting x sigmoid'(x)).

Chosen here, cheap cases: RMSNorm at 0 without an eps (domain) and with one (ok, G / sqrt(1e-6)); RMSNorm's squares
past float32's range (unstable, at the line); LayerNorm at a constant row (ok); RoPE at position 1e6 in float32
(unstable: pos * 0.01 rounds); soft-capping with c = 1e-30 in float32 (x / c^2 overflows: unstable); the naive z-loss
(unstable); a fully -inf masked row (domain) and the -1e9 fill (ok); the bare online softmax with its first key masked
(exp(-inf - (-inf)): domain) and the guarded one (ok); a hand-written silu at -800 (unstable); the KL term with p = 0
(unstable); the RMSNorm custom_vjp that holds the rms constant (wrong, at its bwd); NumPy's bare online softmax
(domain) and label smoothing by log(softmax) (unstable).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases103d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("jax")
pytest.importorskip("torch")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "jax_lib103d:rmsnorm@x=[0.0,0.0,0.0]:float64":
        "x / sqrt(mean(x^2)) at x = 0: 0 / 0, no value near: domain",
    "jax_lib103d:rmsnorm_eps@x=[0.0,0.0,0.0]:float32":
        "x * rsqrt(mean(x^2) + 1e-6) at x = 0: ok, slopes G / sqrt(1e-6 as float32 holds it)",
    "jax_lib103d:rmsnorm_eps@x=[3e+19,-1e+19,2e+19]:float32":
        "RMSNorm at 3e19: x^2 overflows float32, the value and slopes lost: unstable at the line",
    "jax_lib103d:layernorm@x=[2.0,2.0,2.0]:float64":
        "LayerNorm at a constant row: variance 0, slopes (G - mean G) / sqrt(1e-5): ok",
    "jax_lib103d:rope@x=[1.0,0.5,-1.0,2.0],pos=1000000.0:float32":
        "RoPE at position 1e6 in float32: pos * 0.01 rounds, the angle off: unstable",
    "jax_lib103d:softcap@x=[1.0,2.0],c=1e-30:float32":
        "c * tanh(x / c) at c = 1e-30 in float32: x / c^2 = inf times sech^2 = 0: unstable",
    "jax_lib103d:z_loss_naive@z=[100.0,101.0,99.0]:float32":
        "1e-4 * log(sum(exp(z)))^2 at z = 100 in float32: exp overflows: unstable",
    "jax_lib103d:padded_where_inf@s=[[0.5,-1.0,2.0],[1.5,0.25,-0.5],[-1.0,2.0,0.75]]:float64":
        "a query with every key masked to -inf: softmax 0 / 0: domain",
    "jax_lib103d:padded_where_1e9@s=[[0.5,-1.0,2.0],[1.5,0.25,-0.5],[-1.0,2.0,0.75]]:float64":
        "the same row filled with -1e9: uniform, slopes 0: ok",
    "jax_lib103d:online_softmax_masked@s=[0.5,-1.0,2.0]:float64":
        "online softmax, first key masked: exp(-inf - (-inf)) = NaN at every point near: domain",
    "jax_lib103d:online_softmax_guarded@s=[0.5,-1.0,2.0]:float64":
        "the same with the rescaling guarded by where(m_new == -inf, 0, ...): ok",
    "jax_lib103d:swiglu_naive@a=[-800.0,1.0],b=[2.0,0.5]:float64":
        "a / (1 + exp(-a)) at a = -800: exp(800) = inf, 0 * inf in the slope: unstable",
    "jax_lib103d:kl_naive@a=[0.0,-800.0],b=[0.5,-1.0]:float64":
        "p * (log p - log q) with p[1] = 0 (softmax underflows): 0 * -inf: unstable",
    "jax_lib103d:rmsnorm_custom@x=[1.0,-2.0,0.5]:float64":
        "a custom_vjp RMSNorm whose bwd holds the rms constant: wrong, at its bwd",
    "np_lib103d:online_softmax@s=[0.5,-1.0,2.0]:float64":
        "NumPy's online softmax, first key masked: domain",
    "np_lib103d:ls_ce_naive@logits=[800.0,0.0,-800.0]:float64":
        "label smoothing over log(softmax): log(0) for the -800 logit: unstable",
    "tf_lib103d:geglu@a=[0.5,-1.5],b=[1.0,2.0]:float32":
        "tf.nn.gelu's tanh form: 0.044715 as TensorFlow's code casts it, through float32, in every dtype: ok",
}

KNOWN_WRONG = {}  # F1 withdrawn: TensorFlow's GELU casts 0.044715 through float32 in every dtype (cases103d)
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases103d, CHOSEN, KNOWN_WRONG, SYMPTOMS)
