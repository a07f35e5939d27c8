"""A user's JAX code, sixty-fourth round (d): mixed precision and dtype promotion inside losses. Softmax, layer norm,
log-sum-exp, a sigmoid cross-entropy and a matmul computed in bfloat16 or float16 inside a float32 loss; loss scaling
by 1024 in float16; float16 overflow (65504) and underflow (6e-8); float16 squares summed in float32; a float64
constant requested with x64 off; integer weights promoted by division; a weak-typed Python scalar meeting bfloat16."""
import jax
import jax.numpy as jnp

C3 = jnp.array([1.0, -2.0, 0.5])
W2 = jnp.array([[0.5, -1.0], [0.25, 2.0], [1.5, 0.125]])


def softmax_bf16(x):
    p = jax.nn.softmax(x.astype(jnp.bfloat16))  # softmax in bfloat16
    return jnp.sum(p.astype(x.dtype) * C3.astype(x.dtype))


def layernorm_f16(x):
    h = x.astype(jnp.float16)  # layer norm in float16
    mu = jnp.mean(h)
    var = jnp.mean((h - mu) ** 2)
    y = (h - mu) / jnp.sqrt(var + 1e-5)
    return jnp.sum(y.astype(x.dtype) * C3.astype(x.dtype))


def lse_bf16(x):
    return jax.nn.logsumexp(x.astype(jnp.bfloat16)).astype(x.dtype)  # logsumexp in bfloat16


def sigmoid_xent_f16(z):
    y = jnp.array([1, 0])  # integer labels
    p = jax.nn.sigmoid(z.astype(jnp.float16))  # probabilities in float16
    return -jnp.sum(y * jnp.log(p) + (1 - y) * jnp.log(1 - p)).astype(z.dtype)


def matmul_bf16(x):
    y = x.astype(jnp.bfloat16) @ W2.astype(jnp.bfloat16)  # matmul in bfloat16
    return jnp.sum(y.astype(x.dtype) ** 2)


def scaled_f16(x):
    s = jnp.sum(x.astype(jnp.float16) ** 2) * 1024.0  # loss scaled by 1024 in float16
    return s.astype(x.dtype) / 1024.0


def exp_f16(x):
    return jnp.sum(jnp.exp(x.astype(jnp.float16)).astype(x.dtype))  # exp in float16


def sumsq_f16_acc32(x):
    return jnp.sum(x.astype(jnp.float16) ** 2, dtype=jnp.float32).astype(x.dtype)  # float16 squares, float32 sum


def shift_f64_const(x):
    c = jnp.array(0.1, dtype=jnp.float64)  # float32 with x64 off
    return jnp.sum((x - c) ** 2)


def int_weights(x):
    w = jnp.arange(1, 4) / 3  # integers promoted by division
    return jnp.sum(w * x ** 2)


def weak_scalar_bf16(x):
    return jnp.sum((x.astype(jnp.bfloat16) * 3.0).astype(x.dtype) ** 2)  # weak-typed 3.0 in bfloat16


def var_bf16(x):
    return jnp.var(x.astype(jnp.bfloat16)).astype(x.dtype)  # variance in bfloat16


def norm_eps(x):
    return jnp.sum(jnp.sqrt(x * x + 1e-8))  # eps held in the dtype


def matmul_f16(x):
    y = x.astype(jnp.float16) @ W2.astype(jnp.float16)  # matmul in float16
    return jnp.sum(y.astype(x.dtype) ** 2)


def dot_plain(x):
    return jnp.sum((x @ W2.astype(x.dtype)) ** 2)  # checked in bfloat16 itself


def typed_f32_scalar(x):
    return jnp.sum((x * jnp.float32(0.1)) ** 2)  # a float32-typed constant, float32 in the float64 run too
