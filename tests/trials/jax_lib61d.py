"""Round 61d (JAX): indexing, gather / scatter and discrete picks inside losses as users write them: x.at[].set /
add / mul / max with repeated and out-of-range indices, jnp.take / take_along_axis, jax.ops.segment_sum /
segment_max with an empty segment, jnp.bincount weights, jax.nn.one_hot cross-entropy, lax.top_k, jnp.sort and
argsort then gather, jnp.where on integer labels."""

import jax
import jax.numpy as jnp
from jax import lax

W3 = jnp.array([1.0, 2.0, 3.0])


def at_set(x):
    y = x.at[1].set(0.0)
    return jnp.sum(y ** 2)


def at_add_repeat(x):
    out = jnp.zeros(3, x.dtype).at[jnp.array([0, 0, 2])].add(x)
    return jnp.sum(out ** 2)


def at_add_out_of_range(x):
    out = jnp.zeros(3, x.dtype).at[jnp.array([0, 3, 1])].add(x)  # index 3 is dropped
    return jnp.sum(out ** 2)


def gather_clamped(x):
    picked = x[jnp.array([0, 7])]  # JAX clamps 7 to the last entry
    return jnp.sum(W3[:2] * picked)


def at_mul_repeat(x):
    out = jnp.ones(2, x.dtype).at[jnp.array([0, 0, 1])].mul(x)
    return jnp.sum(out)


def at_max_pool(x):
    pooled = jnp.full(2, -jnp.inf, x.dtype).at[jnp.array([0, 0, 1])].max(x)
    return jnp.sum(pooled * jnp.array([1.0, 2.0]))


def take_weighted(x):
    return jnp.sum(W3 * jnp.take(x, jnp.array([0, 2, 2])) ** 2)


def nll_take_along(logits):
    labels = jnp.array([2, 0])
    logp = jax.nn.log_softmax(logits, axis=1)
    return -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=1))


def nll_one_hot(logits):
    labels = jnp.array([2, 0])
    return -jnp.mean(jnp.sum(jax.nn.one_hot(labels, 3) * jax.nn.log_softmax(logits), axis=-1))


def segment_log(x):
    sums = jax.ops.segment_sum(x ** 2, jnp.array([0, 0, 2]), num_segments=4)  # segments 1 and 3 are empty
    return jnp.sum(jnp.log1p(sums))


def segment_max_pool(x):
    m = jax.ops.segment_max(x, jnp.array([0, 0, 2]), num_segments=3)  # segment 1 empty: -inf
    return jnp.sum(jnp.where(jnp.isfinite(m), m, 0.0) * W3)


def bincount_weighted(x):
    counts = jnp.bincount(jnp.array([1, 1, 0]), weights=x, length=3)
    return jnp.sum(counts ** 2)


def top_k_weighted(x):
    values, _ = lax.top_k(x, 2)
    return jnp.sum(values * jnp.array([2.0, 1.0]))


def sort_weighted(x):
    return jnp.sum(jnp.sort(x) * W3)


def argsort_gather(x):
    order = jnp.argsort(x)
    return jnp.sum(x[order] * W3)


def bce_where_labels(z):
    labels = jnp.array([1, 0])
    p = jax.nn.sigmoid(z)
    return -jnp.sum(jnp.where(labels == 1, jnp.log(p), jnp.log(1 - p)))


def max_logsumexp_shift(x):
    m = jnp.max(x)
    return m + jnp.log(jnp.sum(jnp.exp(x - m)))


def at_set_out_of_range(x):
    out = jnp.zeros(3, x.dtype).at[jnp.array([0, 3])].set(x[:2] * 2.0)  # index 3 is dropped
    return jnp.sum(out * W3)


def segment_sum_out_of_range(x):
    sums = jax.ops.segment_sum(x, jnp.array([0, 5, 1]), num_segments=3)  # id 5 is dropped
    return jnp.sum(sums ** 2)


def take_clip(x):
    return jnp.sum(W3[:2] * jnp.take(x, jnp.array([0, 7]), mode="clip"))


def take_fill(x):
    return jnp.sum(W3[:2] * jnp.take(x, jnp.array([0, 7]), mode="fill", fill_value=0.0))


def gather_negative(x):
    return jnp.sum(W3[:2] * x[jnp.array([-1, 0])])


def nll_one_hot_pad(logits):
    labels = jnp.array([2, -1])  # -1 pads: one_hot gives a row of zeros
    return -jnp.sum(jax.nn.one_hot(labels, 3) * jax.nn.log_softmax(logits))
