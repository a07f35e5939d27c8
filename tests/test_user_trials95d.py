"""The ninety-fifth round (d) of user trials (tests/trials/cases95d.py): quantization-aware training and
sparsification as JAX (jax_lib95d), PyTorch (torch_lib95d), TensorFlow (tf_lib95d) and plain NumPy (np_lib95d) code
writes them on tiny tensors: fake quantization with a straight-through estimator (stop_gradient / .detach(), the
clipped form, custom rules with the clip mask, without it, with a wrong scale; the libraries' own fake quantizers),
LSQ's learned step with its gradient scale, PACT's learned clip, power-of-two quantization, the hard-concrete gate
and its expected L0, magnitude pruning by a threshold and by the k-th magnitude, a binary network's sign with a
clipped STE, a quantization-noise proxy and a straight-through Gumbel softmax.

Chosen here, cheap cases: a PTQ quantization error at a round's .5 tie (the value jumps: domain); a codebook
quantizer by np.digitize (ok); the clipped straight-through estimator at the clip's bound (a kink of what the
stop_gradient declares: domain); a custom_vjp fake quantizer's straight-through rule (a surrogate: wrong, at its bwd)
and the same rule where every entry is outside the range (its mask gives 0, the derivative: ok); a hard-concrete gate
with the logistic written out at a uniform draw u = 0 (exp(inf) makes NaN of the shut gate's slope 0: wrong); the
expected L0 by a hand-written logistic at log_alpha = -800 (exp(800) overflows: unstable); a real quantized tensor
(torch.quantize_per_tensor) refused with its name and line.
Mended: F1 (a straight-through round over a clip with integer bounds at a bound: the exact reference dropped the
stop_gradient), F2 (power-of-two quantization at 0 called ok with slope 0: no derivative there), F3 (a
straight-through Gumbel softmax's one_hot told an equality of this point alone), F4 (torch.topk's choice at a tie
called a wrong value) and F5 (a custom_vjp whose rule for a broadcast scalar is off, said to agree with its
function); cases95d says how.
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases95d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("jax")
pytest.importorskip("torch")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "np_lib95d:quant_error@w=[0.375,-0.7,0.9],s=0.25:float64":
        "the MSE of fake quantization at w / s = 1.5, round's tie (half to even: 2): the value jumps in w[0] and s: "
        "domain, the other entries' slopes kept",
    "np_lib95d:codebook@w=[0.3,-0.7,0.9],s=0.5:float64":
        "non-uniform quantization to a codebook by np.digitize: flat in w / s between edges: ok",
    "jax_lib95d:fq_ste_clipped@w=[0.3,-1.0,0.75]:float64":
        "the clipped straight-through estimator clip(w) + stop_gradient(q - clip(w)) at the clip's bounds: a kink "
        "of the declared function: domain",
    "jax_lib95d:fq_custom@w=[0.3,-0.7,0.9]:float64":
        "a custom_vjp fake quantizer with the clip-masked straight-through rule: a surrogate, not the step's "
        "derivative 0: wrong, at its bwd",
    "jax_lib95d:fq_custom@w=[1.5,-2.0,0.9]:float64":
        "the same rule with every entry outside [-1, 0.75]: its mask gives 0, the derivative: ok",
    "jax_lib95d:hard_concrete_edge_hand@log_alpha=[0.5,-1.0,2.0]:float64":
        "the hard-concrete gate with 1 / (1 + exp(-v)) at a draw u = 0: v = -inf, exp(inf) / (1 + exp(inf))^2 is "
        "NaN where the shut gate's slope is 0: wrong",
    "np_lib95d:expected_l0@log_alpha=[-800.0,0.5,2.0]:float64":
        "the expected L0 by a hand-written logistic at log_alpha = -800: exp(800) overflows, inf / inf: unstable",
    "torch_lib95d:int8_roundtrip@w=[0.3,-0.7,0.9]:float32":
        "torch.quantize_per_tensor (a real qint8 tensor): refused (exit 2), naming the op and torch_lib95d.py's line",
    "np_lib95d:pow2_plain@x=[0.0,-0.7,1.5]:float64":
        "F2 (mended): sign(x) 2^round(log2|x|) at x = 0: q(h) / h swings over [2^-1/2, 2^1/2] as h -> 0, no derivative: "
        "domain",
    "jax_lib95d:lsq@w=[0.3,-1.0,0.75],s=0.25:float64":
        "F1 (mended): LSQ's round_pass over jnp.clip(w / s, -4, 3), int bounds, at w / s = -4 and 3: the kink the "
        "stop_gradient defines: domain, w[0] 0.25",
}

KNOWN_WRONG = {}  # case id -> the finding it shows (cases95d says how)
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases95d, CHOSEN, KNOWN_WRONG, SYMPTOMS)
