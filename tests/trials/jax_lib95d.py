"""A user's JAX code, ninety-fifth round (d): quantization-aware training and sparsification on tiny tensors: fake
quantization s * clip(round(x / s), qmin, qmax) with a straight-through estimator (x + stop_gradient(q - x), the
clipped form, and custom_vjp rules: with the clip mask, without it, with a wrong scale), LSQ's learned step size with
its gradient scale (the official grad_scale / round_pass, and the paper's rule as a custom_vjp), PACT's learned clip
alpha (by abs, quantized, and the paper's rule), power-of-two quantization, the hard-concrete gate of L0
regularisation and its expected L0, magnitude pruning by a threshold and by the k-th largest magnitude, a binary
network's sign with a clipped STE, a quantization-noise proxy and a straight-through Gumbel softmax."""

import math
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax

sg = lax.stop_gradient

STEP = 0.25
QMIN, QMAX = -4, 3  # signed 3-bit
TARGET = jnp.array([0.125, -0.5, 1.0])
C = jnp.array([1.0, -0.5, 2.0])


def _fq(x, s=STEP):
    return s * jnp.clip(jnp.round(x / s), QMIN, QMAX)


# ----------------------------------------------------------------------------------------- fake quantization
def fq_ste(w):
    """Straight-through: the forward is quantized, the backward the identity."""
    wq = w + sg(_fq(w) - w)
    return jnp.sum((wq - TARGET) ** 2)


def fq_ste_clipped(w):
    """Straight-through with the clip range's mask: the gradient flows only inside [s qmin, s qmax]."""
    wc = jnp.clip(w, STEP * QMIN, STEP * QMAX)
    wq = wc + sg(_fq(w) - wc)
    return jnp.sum((wq - TARGET) ** 2)


@jax.custom_vjp
def fake_quant(x):
    return _fq(x)


def _fq_fwd(x):
    return _fq(x), x


def _fq_bwd(x, g):
    inside = (x / STEP >= QMIN) & (x / STEP <= QMAX)
    return (jnp.where(inside, g, 0.0),)


fake_quant.defvjp(_fq_fwd, _fq_bwd)


@jax.custom_vjp
def fake_quant_nomask(x):
    return _fq(x)


def _fqn_fwd(x):
    return _fq(x), x


def _fqn_bwd(x, g):
    return (g,)  # the clip mask forgotten


fake_quant_nomask.defvjp(_fqn_fwd, _fqn_bwd)


@jax.custom_vjp
def fake_quant_scaled(x):
    return _fq(x)


def _fqs_fwd(x):
    return _fq(x), x


def _fqs_bwd(x, g):
    inside = (x / STEP >= QMIN) & (x / STEP <= QMAX)
    return (jnp.where(inside, g / STEP, 0.0),)  # a wrong scale: d(x / s) instead of d(s * (x / s))


fake_quant_scaled.defvjp(_fqs_fwd, _fqs_bwd)


def fq_custom(w):
    return jnp.sum((fake_quant(w) - TARGET) ** 2)


def fq_custom_nomask(w):
    return jnp.sum((fake_quant_nomask(w) - TARGET) ** 2)


def fq_custom_scaled(w):
    return jnp.sum((fake_quant_scaled(w) - TARGET) ** 2)


# ----------------------------------------------------------------------------------------- LSQ
def grad_scale(x, scale):
    y_grad = x * scale
    return sg(x - y_grad) + y_grad


def round_pass(x):
    return sg(jnp.round(x) - x) + x


def lsq(w, s):
    """Learned step size quantization (Esser et al.), 3-bit signed weights."""
    g = 1.0 / math.sqrt(w.size * QMAX)
    s = grad_scale(s, g)
    wq = round_pass(jnp.clip(w / s, QMIN, QMAX)) * s
    return jnp.sum((wq - TARGET) ** 2)


@jax.custom_vjp
def lsq_quant(w, s):
    return jnp.clip(jnp.round(w / s), QMIN, QMAX) * s


def _lsq_fwd(w, s):
    return lsq_quant(w, s), (w, s)


def _lsq_bwd(res, g):
    w, s = res
    v = w / s
    inside = (v >= QMIN) & (v <= QMAX)
    gw = jnp.where(inside, g, 0.0)
    ds = jnp.where(v < QMIN, QMIN, jnp.where(v > QMAX, QMAX, -v + jnp.round(v)))
    gs = jnp.sum(g * ds) / math.sqrt(w.size * QMAX)
    return gw, gs


lsq_quant.defvjp(_lsq_fwd, _lsq_bwd)


def lsq_custom(w, s):
    return jnp.sum((lsq_quant(w, s) - TARGET) ** 2)


# ----------------------------------------------------------------------------------------- PACT
BITS = 2


def pact(x, alpha):
    """PACT: y = 0.5 (|x| - |x - alpha| + alpha), quantized to 2 bits on [0, alpha] by a straight-through round."""
    y = 0.5 * (jnp.abs(x) - jnp.abs(x - alpha) + alpha)
    scale = (2 ** BITS - 1) / alpha
    yq = round_pass(y * scale) / scale
    return jnp.sum(yq * C)


@jax.custom_vjp
def pact_clip(x, alpha):
    return jnp.clip(x, 0.0, alpha)


def _pact_fwd(x, alpha):
    return pact_clip(x, alpha), (x, alpha)


def _pact_bwd(res, g):
    x, alpha = res
    gx = jnp.where((x >= 0) & (x < alpha), g, 0.0)
    galpha = jnp.sum(jnp.where(x >= alpha, g, 0.0))
    return gx, galpha


pact_clip.defvjp(_pact_fwd, _pact_bwd)


@jax.custom_vjp
def pact_clip_bad(x, alpha):
    return jnp.clip(x, 0.0, alpha)


def _pactb_fwd(x, alpha):
    return pact_clip_bad(x, alpha), (x, alpha)


def _pactb_bwd(res, g):
    x, alpha = res
    gx = jnp.where((x >= 0) & (x < alpha), g, 0.0)
    return gx, jnp.sum(g)  # alpha's mask x >= alpha forgotten


pact_clip_bad.defvjp(_pactb_fwd, _pactb_bwd)


def pact_rule(x, alpha):
    return jnp.sum(pact_clip(x, alpha) * C)


def pact_rule_bad(x, alpha):
    return jnp.sum(pact_clip_bad(x, alpha) * C)


# ----------------------------------------------------------------------------------------- power-of-two
def pow2_quant(x):
    return jnp.sign(x) * jnp.exp2(jnp.round(jnp.log2(jnp.abs(x))))


def pow2_ste(x):
    xq = x + sg(pow2_quant(x) - x)
    return jnp.sum((xq - TARGET) ** 2)


def pow2_plain(x):
    return jnp.sum((pow2_quant(x) - TARGET) ** 2)


# ----------------------------------------------------------------------------------------- L0 (hard concrete)
BETA, GAMMA, ZETA = 2.0 / 3.0, -0.1, 1.1
U = jnp.array([0.25, 0.5, 0.875])
U_EDGE = jnp.array([0.0, 0.5, 1.0])  # the uniform draw at its ends


def _gate(log_alpha, u):
    s = jax.nn.sigmoid((jnp.log(u) - jnp.log(1 - u) + log_alpha) / BETA)
    return jnp.clip(s * (ZETA - GAMMA) + GAMMA, 0.0, 1.0)


def hard_concrete(log_alpha):
    return jnp.sum(_gate(log_alpha, U) * C)


def hard_concrete_edge(log_alpha):
    return jnp.sum(_gate(log_alpha, U_EDGE) * C)


def hard_concrete_edge_hand(log_alpha):
    """The same gate with the logistic written out."""
    v = (jnp.log(U_EDGE) - jnp.log(1 - U_EDGE) + log_alpha) / BETA
    s = 1.0 / (1.0 + jnp.exp(-v))
    return jnp.sum(jnp.clip(s * (ZETA - GAMMA) + GAMMA, 0.0, 1.0) * C)


def expected_l0(log_alpha):
    return jnp.sum(jax.nn.sigmoid(log_alpha - BETA * math.log(-GAMMA / ZETA)))


def expected_l0_hand(log_alpha):
    return jnp.sum(1.0 / (1.0 + jnp.exp(-(log_alpha - BETA * math.log(-GAMMA / ZETA)))))


# ----------------------------------------------------------------------------------------- pruning
THRESHOLD = 0.5
C4 = jnp.array([1.0, -0.5, 2.0, 0.75])
KEEP = 2


def prune_threshold(w):
    mask = jnp.abs(w) >= THRESHOLD
    return jnp.sum(C4 * w * mask)


def prune_topk(w):
    thr = jnp.sort(jnp.abs(w))[-KEEP]
    mask = jnp.abs(w) >= thr
    return jnp.sum(C4 * w * mask)


def prune_topk_ste(w):
    """Sparse forward, dense backward."""
    thr = jnp.sort(jnp.abs(w))[-KEEP]
    ws = w + sg(jnp.where(jnp.abs(w) >= thr, w, 0.0) - w)
    return jnp.sum(C4 * ws ** 2)


# ----------------------------------------------------------------------------------------- binary networks
def binarize_ste(x):
    xc = jnp.clip(x, -1.0, 1.0)
    xb = xc + sg(jnp.sign(x) - xc)
    return jnp.sum(xb * C)


@jax.custom_vjp
def sign_ste(x):
    return jnp.sign(x)


def _sign_fwd(x):
    return jnp.sign(x), x


def _sign_bwd(x, g):
    return (g * (jnp.abs(x) <= 1.0),)


sign_ste.defvjp(_sign_fwd, _sign_bwd)


def binarize_custom(x):
    return jnp.sum(sign_ste(x) * C)


# ----------------------------------------------------------------------------------------- noise proxy
NOISE = jnp.array([0.25, -0.375, 0.125])  # a fixed draw of U(-1/2, 1/2)


def quant_noise(w, s):
    return jnp.sum((w + s * NOISE - TARGET) ** 2)


# ----------------------------------------------------------------------------------------- straight-through softmax
TAU = 0.5
UG = jnp.array([0.6, 0.6, 0.2])  # uniform draws for the Gumbel noise
VALUES = jnp.array([1.0, -2.0, 0.5])


def st_gumbel(logits):
    g = -jnp.log(-jnp.log(UG))
    y_soft = jax.nn.softmax((logits + g) / TAU)
    y_hard = jax.nn.one_hot(jnp.argmax(y_soft), y_soft.shape[0], dtype=y_soft.dtype)
    y = y_hard - sg(y_soft) + y_soft
    return jnp.sum(y * VALUES)
