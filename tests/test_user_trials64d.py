"""The sixty-fourth round (d) of user trials (tests/trials/cases64d.py): mixed precision and dtype promotion inside
losses, as users write them on the JAX, PyTorch, TensorFlow and plain-NumPy bridges: softmax, layer norm, log-sum-exp,
a sigmoid cross-entropy, a variance and a matmul computed in float16 or bfloat16 inside a float32 (float64) loss
(x.astype(jnp.bfloat16), x.half(), .to(torch.bfloat16), tf.cast(x, tf.float16), x.astype(np.float16)),
torch.autocast(device_type="cpu", dtype=torch.bfloat16) around F.linear, a Dense layer under Keras' mixed_bfloat16
policy, loss scaling by 1024 in float16, float16 overflow (65504) and underflow (6e-8), float16 squares accumulated in
float32 (dtype=), JAX without x64 (jnp.float64 requested, jnp.float32 typed constants, weak-typed scalars), integer
weights promoted by division, float64 arrays and 0-dim tensors meeting float32 data, an eps float16 holds as 0.
Here, cheap cases: NumPy's float64 array meeting float32 data (ok, the exact slopes 2 (f32(x) - 0.1)), a smoothed
norm whose eps 1e-8 float16 holds as 0 (unstable, judged against the literal as written), 256^2 past float16's range
(domain), a float16 matmul named at its cast (unstable), JAX's jnp.array(0.1, dtype=jnp.float64) with x64 off (ok, the
slope exactly 0) and exp(-20) underflowing float16 in a float32 check (unstable).
Mended: F1 np.sum / np.mean / ndarray.sum with dtype= raised a bare TypeError from gradcli's own shim; F2 JAX's
matmul with bfloat16 operands was an error ("invalid data type for einsum"). F3, mended: a float32 1/3 (torch.tensor([1, 2]) / 3) in a float64 check was named at the product's line as the
gradient rule's error, not at the division that narrowed it. Open finding, a strict xfail: F4 a 0-dim
float64 tensor meeting float32 data is replayed as float64 arithmetic (PyTorch computes in float32 with f32(0.1)).
The whole set runs case by case through the CLI as tests/trials/run.py does (cases64d.ALL).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases64d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("torch")
pytest.importorskip("jax")
pytest.importorskip("tensorflow")
pytest.importorskip("ml_dtypes")

CHOSEN = {  # case id -> what it holds
    "np_lib64d:shift_f64@x=[0.1,0.3]:float32":
        "a float64 array meets float32 x: NumPy computes in float64 with 0.1 as float64 holds it; the exact slopes "
        "2 (f32(x) - 0.1), ~3e-9 and ~0.4: ok",
    "np_lib64d:norm_eps@x=[0,0.5]:float16":
        "sqrt(x^2 + 1e-8) in float16, where 1e-8 is held as 0 (|x|, a kink the function as written does not have): "
        "the constant-rounded doctrine, judged against 1e-8 as written (slopes [0, 0.99999998]): unstable",
    "np_lib64d:sumsq@x=[256]:float16":
        "256^2 = 65536 is past float16's 65504: the value beyond the dtype's range, domain",
    "np_lib64d:matmul_f16@x=[0.3,-0.7,1.3]:float32":
        "a matmul in float16 inside a float32 loss: 3 digits, unstable, named at the cast's line",
    "torch_lib64d:shift_f64_scalar@x=[0.1,0.3]:float32":
        "x - torch.tensor(0.1, dtype=torch.float64) with float32 x: a 0-dim tensor does not promote, so PyTorch subtracts "
        "0.1 cast to float32; the exact slope at x = 0.1 is 0 and no step is called float64: ok",
    "jax_lib64d:shift_f64_const@x=[0.1,0.3]:float32":
        "jnp.array(0.1, dtype=jnp.float64) with x64 off is float32's 0.1: (x - c)^2 at x = 0.1 has slope exactly 0, ok",
    "jax_lib64d:exp_f16@x=[-20]:float32":
        "exp(-20) = 2.1e-9 underflows float16 to 0 inside a float32 check: unstable",
    "np_lib64d:sumsq_f16_acc32@x=[0.5,0.25,-1]:float32":
        "F1, mended: np.sum(float16 squares, dtype=np.float32): its rules take the accumulator's dtype and the exact run sums exactly (ops_array._exact_accumulation): ok",
    "jax_lib64d:matmul_bf16@x=[0.5,-1,2]:float32":
        "F2, mended: a bfloat16 matmul inside a float32 check, replayed as XLA's CPU dot (float32 accumulation, one rounding: ops_linalg._einsum_raw): ok, every number exact in bfloat16",
    "jax_lib64d:dot_plain@x=[0.5,-1,2]:bfloat16":
        "F2, mended: x @ W checked in bfloat16 itself: ok",
    "torch_lib64d:int_weights@x=[0.5,-1]:float64":
        "F3, mended: torch.tensor([1, 2]) / 3 is float32 (PyTorch's default dtype) in a float64 check: the run in "
        "the dtype divides as PyTorch does (torch_ops._divide), so the narrowing is named at the division's line "
        "32: unstable",
}

KNOWN_WRONG = {}  # case id -> the finding, open
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases64d, CHOSEN, KNOWN_WRONG, SYMPTOMS)
