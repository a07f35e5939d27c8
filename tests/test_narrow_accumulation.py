"""Accumulators and kernels of another float dtype inside a program: np.sum(dtype=), and JAX's bfloat16 dot.

``np.sum(x.astype(np.float16) ** 2, dtype=np.float32)`` (and np.mean, and the array method) was an error quoting
gradcli's own rule ("got an unexpected keyword argument 'dtype'"), and the exact run cast its numbers to the
accumulator's float dtype, dropping every slope (round 64d's F1). JAX's dot_general of bfloat16 operands was an error
from NumPy's einsum, which takes no bfloat16 (F2): XLA's CPU dot accumulates bfloat16 products in float32 and rounds
once, which the replay now does (`ops_linalg._einsum_raw`).
"""

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli import grad

NUMPY = '''import numpy as np


def squares(x):
    return np.sum(x.astype(np.float16) ** 2, dtype=np.float32)


def mean_squares(x):
    return (x.astype(np.float16) ** 2).mean(dtype=np.float32)
'''

JAX = '''import jax.numpy as jnp

W = jnp.array([[1.0, -2.0], [0.5, 1.5], [2.0, 0.25]])


def matmul_bf16(x):
    y = x.astype(jnp.bfloat16) @ W.astype(jnp.bfloat16)
    return jnp.sum(y.astype(x.dtype) ** 2)
'''


def _result(tmp_path, source, function, x, dtype="float32"):
    path = tmp_path / "narrow.py"
    path.write_text(source)
    (result,) = gradcli.check(f"{path}:{function}", [{"x": np.array(x)}], dtypes=[dtype]).results
    return result


def test_the_rules_take_an_accumulators_dtype():
    x = np.array([0.5, 0.25, -1.0], dtype=np.float32)
    assert list(grad(lambda x: gnp.sum(x.astype(np.float16) ** 2, dtype=np.float32))(x)) == [1.0, 0.5, -2.0]
    assert list(grad(lambda x: (x.astype(np.float16) ** 2).sum(dtype=np.float32))(x)) == [1.0, 0.5, -2.0]
    assert list(grad(lambda x: gnp.mean(x.astype(np.float16) ** 2, dtype=np.float32))(x) * 3) == [1.0, 0.5, -2.0]


@pytest.mark.parametrize("function", ["squares", "mean_squares"])
def test_a_float32_accumulation_of_float16_squares(tmp_path, function):
    exact = _result(tmp_path, NUMPY, function, [0.5, 0.25, -1.0])
    assert exact.status == "ok", [f.message for f in exact.findings]
    scale = 1 if function == "squares" else 3
    assert [float(v) * scale for v in exact.exact_gradient["x"]] == [1.0, 0.5, -2.0]
    overflowed = _result(tmp_path, NUMPY, function, [300.0, 1.0, 2.0])  # 300^2 past float16's 65504
    assert overflowed.status == "unstable"
    assert any("astype" in (f.op or "") or "astype" in f.message for f in overflowed.findings)


def test_jax_bfloat16_matmul_is_replayed(tmp_path):
    pytest.importorskip("jax")
    exact = _result(tmp_path, JAX, "matmul_bf16", [0.5, -1.0, 2.0])  # every number exact in bfloat16
    assert exact.status == "ok", [f.message for f in exact.findings]
    assert [float(v) for v in exact.exact_gradient["x"]] == [16.0, -2.0, 15.0]  # 2 W (x W)
    rounded = _result(tmp_path, JAX, "matmul_bf16", [0.3, -0.7, 1.3])
    assert rounded.status == "unstable"
