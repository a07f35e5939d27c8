"""A user's JAX code, hundred-and-third round (d): transformer building blocks written by hand on tiny tensors (2-4
tokens, width 2-4): RMSNorm x / sqrt(mean(x^2) + eps) with eps = 0 and 1e-6 (lax.rsqrt), LayerNorm with eps = 1e-5 and
0, QK-norm (RMS-normalised q and k, and q / ||q|| bare), rotary position embeddings (inverse frequencies 1 / 10000^(2i/d)),
ALiBi biases, logit soft-capping c * tanh(x / c), the z-loss 1e-4 * logsumexp(z)^2 (jax.nn.logsumexp and naive),
softmax with a temperature, causal and padding masks by jnp.where(-inf / -1e9) and by adding -1e9 / -inf, a fully
masked row and a "safe" softmax guarding it, an online (flash-attention-style) softmax with a running max from -inf,
bare and guarded, SwiGLU (jax.nn.silu and a hand-written sigmoid) and GeGLU (GELU's tanh form by hand and
jax.nn.gelu(approximate=True)), a KL term between two softmaxes, label-smoothed cross-entropy (log_softmax and
log(softmax)), and jax.nn.dot_product_attention (causal, and with a padding mask)."""

import math

import jax
import jax.numpy as jnp
import numpy as np

G = jnp.array([1.0, -2.0, 0.5])  # a read-out of the normalised row (the layer's gain times the next layer's weights)
V = jnp.array([1.0, -2.0, 0.5])  # one value per key
INV_FREQ = 1.0 / (10000.0 ** (np.arange(0, 4, 2) / 4))  # [1, 0.01] as doubles
ALIBI_M = 0.5  # ALiBi's slope for the first of 8 heads, 2^(-8/8)
CAUSAL = np.tril(np.ones((3, 3), dtype=bool))
PAD = np.array([[False, False, False], [True, True, False], [True, True, True]])  # query 0 sees no key


def _t(a, like):
    return jnp.asarray(a, dtype=like.dtype)


# ------------------------------------------------------------------------------------------------- norms
def rmsnorm(x):
    """RMSNorm without an eps: x / sqrt(mean(x^2))."""
    y = x / jnp.sqrt(jnp.mean(x ** 2))
    return jnp.sum(_t(G, x) * y)


def rmsnorm_eps(x):
    """RMSNorm as LLaMA writes it: x * rsqrt(mean(x^2) + 1e-6)."""
    y = x * jax.lax.rsqrt(jnp.mean(x ** 2) + 1e-6)
    return jnp.sum(_t(G, x) * y)


def layernorm(x):
    mu = jnp.mean(x)
    var = jnp.mean((x - mu) ** 2)
    return jnp.sum(_t(G, x) * (x - mu) / jnp.sqrt(var + 1e-5))


def layernorm_eps0(x):
    mu = jnp.mean(x)
    var = jnp.mean((x - mu) ** 2)
    return jnp.sum(_t(G, x) * (x - mu) / jnp.sqrt(var))


def _rms(v):
    return v * jax.lax.rsqrt(jnp.mean(v ** 2) + 1e-6)


def qk_norm(q, k):
    """QK-norm: the attention logit of RMS-normalised q and k, scaled by d^-1/2."""
    return jnp.sum(_rms(q) * _rms(k)) * q.shape[-1] ** -0.5


def qk_norm_l2(q, k):
    """QK-norm by unit vectors, no eps: cosine similarity."""
    return jnp.sum(q / jnp.linalg.norm(q) * (k / jnp.linalg.norm(k)))


# ------------------------------------------------------------------------------------------------- positions
def rope(x, pos):
    """Rotary embedding of one width-4 vector at position pos (a float input), read out by a fixed vector."""
    inv = jnp.asarray(INV_FREQ, dtype=x.dtype)
    ang = pos * inv
    c, s = jnp.cos(ang), jnp.sin(ang)
    x1, x2 = x[0::2], x[1::2]
    y = jnp.concatenate([x1 * c - x2 * s, x1 * s + x2 * c])
    return jnp.sum(y * _t([1.0, -1.0, 0.5, 2.0], x))


def alibi_attn(s):
    """The last query (i = 2) over keys j = 0..2 with ALiBi's bias m (j - i), then the values."""
    bias = ALIBI_M * (jnp.arange(3) - 2).astype(s.dtype)
    p = jax.nn.softmax(s + bias)
    return jnp.sum(p * _t(V, s))


# ------------------------------------------------------------------------------------------------- logits
def softcap(x, c):
    """Gemma-2's logit soft-capping c * tanh(x / c)."""
    return jnp.sum(c * jnp.tanh(x / c))


def z_loss(z):
    """PaLM's auxiliary z-loss 1e-4 * logsumexp(z)^2."""
    return 1e-4 * jax.nn.logsumexp(z) ** 2


def z_loss_naive(z):
    return 1e-4 * jnp.log(jnp.sum(jnp.exp(z))) ** 2


def temp_softmax(s, tau):
    p = jax.nn.softmax(s / tau)
    return jnp.sum(p * _t(V, s))


# ------------------------------------------------------------------------------------------------- masks
def _rows(p, like):
    return jnp.sum(p * _t(V, like)[None, :])


def causal_where(s):
    p = jax.nn.softmax(jnp.where(CAUSAL, s, -jnp.inf), axis=-1)
    return _rows(p, s)


def causal_add_1e9(s):
    p = jax.nn.softmax(s + (1.0 - CAUSAL.astype(s.dtype)) * -1e9, axis=-1)
    return _rows(p, s)


def causal_add_inf(s):
    p = jax.nn.softmax(s + jnp.where(CAUSAL, 0.0, -jnp.inf).astype(s.dtype), axis=-1)
    return _rows(p, s)


def padded_where_inf(s):
    """A padding mask that leaves query 0 no key: softmax of an all -inf row."""
    p = jax.nn.softmax(jnp.where(PAD, s, -jnp.inf), axis=-1)
    return _rows(p, s)


def padded_where_1e9(s):
    p = jax.nn.softmax(jnp.where(PAD, s, -1e9), axis=-1)
    return _rows(p, s)


def padded_add_1e9(s):
    """BERT's additive mask: (1 - keep) * -1e9."""
    p = jax.nn.softmax(s + (1.0 - PAD.astype(s.dtype)) * -1e9, axis=-1)
    return _rows(p, s)


def padded_safe(s):
    """The "safe softmax": a row with no key gives 0, not NaN."""
    p = jax.nn.softmax(jnp.where(PAD, s, -jnp.inf), axis=-1)
    p = jnp.where(jnp.any(PAD, axis=-1, keepdims=True), p, 0.0)
    return _rows(p, s)


# ------------------------------------------------------------------------------------------------- online softmax
KEEP_ALL = np.array([True, True, True])
KEEP_TAIL = np.array([False, True, True])  # key 0 masked (a sliding window / left padding)


def _online(s, keep, guard):
    s = jnp.where(keep, s, -jnp.inf)
    vals = _t(V, s)
    m = jnp.asarray(-jnp.inf, dtype=s.dtype)
    l = jnp.asarray(0.0, dtype=s.dtype)
    acc = jnp.asarray(0.0, dtype=s.dtype)
    for j in range(3):
        m_new = jnp.maximum(m, s[j])
        if guard:
            scale = jnp.where(m_new == -jnp.inf, 0.0, jnp.exp(m - m_new))
            e = jnp.where(m_new == -jnp.inf, 0.0, jnp.exp(s[j] - m_new))
        else:
            scale = jnp.exp(m - m_new)
            e = jnp.exp(s[j] - m_new)
        l = l * scale + e
        acc = acc * scale + e * vals[j]
        m = m_new
    return acc / l


def online_softmax(s):
    """Flash attention's one-pass softmax over three keys, every key kept."""
    return _online(s, KEEP_ALL, guard=False)


def online_softmax_masked(s):
    """The same with key 0 masked to -inf: exp(m - m_new) = exp(-inf - (-inf)) at the first step."""
    return _online(s, KEEP_TAIL, guard=False)


def online_softmax_guarded(s):
    return _online(s, KEEP_TAIL, guard=True)


# ------------------------------------------------------------------------------------------------- MLPs
def swiglu(a, b):
    return jnp.sum(jax.nn.silu(a) * b)


def swiglu_naive(a, b):
    """silu written as a / (1 + exp(-a))."""
    return jnp.sum(a / (1.0 + jnp.exp(-a)) * b)


def _gelu_tanh(x):
    return 0.5 * x * (1.0 + jnp.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * x ** 3)))


def geglu_tanh(a, b):
    return jnp.sum(_gelu_tanh(a) * b)


def geglu(a, b):
    return jnp.sum(jax.nn.gelu(a, approximate=True) * b)


# ------------------------------------------------------------------------------------------------- losses
def kl_naive(a, b):
    """KL(softmax(a) || softmax(b)) as p * (log p - log q)."""
    p, q = jax.nn.softmax(a), jax.nn.softmax(b)
    return jnp.sum(p * (jnp.log(p) - jnp.log(q)))


def kl_log_softmax(a, b):
    p = jax.nn.softmax(a)
    return jnp.sum(p * (jax.nn.log_softmax(a) - jax.nn.log_softmax(b)))


def ls_ce(logits, ls):
    """Label-smoothed cross-entropy for the label 0."""
    lsm = jax.nn.log_softmax(logits)
    return -(1 - ls) * lsm[0] - ls * jnp.mean(lsm)


def ls_ce_naive(logits, ls):
    lsm = jnp.log(jax.nn.softmax(logits))
    return -(1 - ls) * lsm[0] - ls * jnp.mean(lsm)


# ------------------------------------------------------------------------------------------------- attention
WO = jnp.array([[1.0, -1.0, 0.5, 2.0], [0.25, 1.0, -0.5, 1.5]])
PAD2 = np.array([[False, False], [True, True]])[None, None]  # (B, N, T, S): query 0 sees no key


def dpa_causal(x):
    """Self-attention of 2 tokens of width 4 (scale 1/2), q = k = v = x."""
    t = x[None, :, None, :]
    o = jax.nn.dot_product_attention(t, t, t, is_causal=True)
    return jnp.sum(o[0, :, 0, :] * _t(WO, x))


def dpa_padded(x):
    t = x[None, :, None, :]
    o = jax.nn.dot_product_attention(t, t, t, mask=PAD2)
    return jnp.sum(o[0, :, 0, :] * _t(WO, x))


# ------------------------------------------------------------------------------------------------- custom rules
@jax.custom_vjp
def rms_unit(x):
    return x * jax.lax.rsqrt(jnp.mean(x ** 2) + 1e-6)


def _rms_unit_fwd(x):
    r = jax.lax.rsqrt(jnp.mean(x ** 2) + 1e-6)
    return x * r, (x, r)


def _rms_unit_bwd(res, g):
    """A hand-written backward that treats the rms as a constant (drops the -x (x . g) r^3 / n term)."""
    x, r = res
    return (g * r,)


rms_unit.defvjp(_rms_unit_fwd, _rms_unit_bwd)


def rmsnorm_custom(x):
    return jnp.sum(_t(G, x) * rms_unit(x))


@jax.custom_vjp
def capped(x):
    return 30.0 * jnp.tanh(x / 30.0)


def _capped_fwd(x):
    t = jnp.tanh(x / 30.0)
    return 30.0 * t, t


def _capped_bwd(t, g):
    return (g * (1 - t * t),)


capped.defvjp(_capped_fwd, _capped_bwd)


def softcap_custom(x):
    """Soft-capping at c = 30 with its own rule, 1 - tanh^2."""
    return jnp.sum(capped(x))
