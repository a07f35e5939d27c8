"""A user's JAX code, seventy-second round (d): recommender losses and embeddings as users write them in JAX on tiny
tables. Matrix factorisation with L2, BPR by log of a sigmoid and by jax.nn.log_sigmoid, a sampled softmax with a
log-Q correction and popularity-debiased logits, cosine scores by jnp.linalg.norm (bare, eps outside, eps inside),
lookups by jnp.take with repeated indices, bag means by jax.ops.segment_sum (an empty bag, bare and guarded), a
two-tower in-batch softmax with a temperature (written out and by jax.nn.log_softmax), a margin hinge and WARP's rank
weight, and a factorisation machine's pairwise term (the square trick and the pair loop)."""

import jax
import jax.numpy as jnp

R = jnp.array([[5.0, 3.0, 0.0],
               [4.0, 0.0, 1.0]])
MASK = (R > 0).astype(R.dtype)
LAM = 0.1
IDX = jnp.array([0, 2, 2, 1, 2])
W = jnp.array([0.5, -1.0])
LOOKUPS = jnp.array([0, 2, 2, 1])
BAG_OF = jnp.array([0, 0, 2, 2])  # bag 1 is empty
TEMP = 0.05
PROBS = [0.4, 0.3, 0.2, 0.1]
ITEMS = [[1.0, 0.5], [0.2, -0.3], [-0.4, 0.8], [0.6, 0.6]]


def mf_l2(P, Q):
    err = MASK * (R - P @ Q.T)
    return jnp.sum(err ** 2) + LAM * (jnp.sum(P ** 2) + jnp.sum(Q ** 2))


def _score(u, i, j):
    return jnp.dot(u, i) - jnp.dot(u, j)


def bpr_log_of_sigmoid(u, i, j):
    return -jnp.log(jax.nn.sigmoid(_score(u, i, j)))


def bpr_log_sigmoid(u, i, j):
    return -jax.nn.log_sigmoid(_score(u, i, j))


def sampled_softmax_logq(q):
    items = jnp.array(ITEMS)
    logits = items @ q / TEMP - jnp.log(jnp.array(PROBS))
    return -jax.nn.log_softmax(logits)[0]


def popularity_debiased(s, p):
    logits = s - jnp.log(p)
    return -jax.nn.log_softmax(logits)[0]


def popularity_debiased_clipped(s, p):
    logits = s - jnp.log(jnp.clip(p, 1e-12))
    return -jax.nn.log_softmax(logits)[0]


def cosine_by_norm(u, v):
    return jnp.dot(u, v) / (jnp.linalg.norm(u) * jnp.linalg.norm(v))


def cosine_eps_outside(u, v):
    return jnp.dot(u, v) / (jnp.linalg.norm(u) * jnp.linalg.norm(v) + 1e-8)


def cosine_eps_inside(u, v):
    un = u / jnp.sqrt(jnp.sum(u * u) + 1e-12)
    vn = v / jnp.sqrt(jnp.sum(v * v) + 1e-12)
    return jnp.dot(un, vn)


def take_repeated(E):
    emb = jnp.take(E, IDX, axis=0)
    return jnp.sum(jnp.tanh(emb @ W))


def bag_mean(E):
    sums = jax.ops.segment_sum(E[LOOKUPS], BAG_OF, num_segments=3)
    counts = jax.ops.segment_sum(jnp.ones(LOOKUPS.shape[0]), BAG_OF, num_segments=3)
    means = sums / counts[:, None]
    return jnp.sum(jnp.tanh(means @ W))


def bag_mean_guarded(E):
    sums = jax.ops.segment_sum(E[LOOKUPS], BAG_OF, num_segments=3)
    counts = jax.ops.segment_sum(jnp.ones(LOOKUPS.shape[0]), BAG_OF, num_segments=3)
    means = sums / jnp.maximum(counts, 1.0)[:, None]
    return jnp.sum(jnp.tanh(means @ W))


def two_tower_naive(Qe, De):
    logits = Qe @ De.T / TEMP
    p = jnp.exp(logits) / jnp.sum(jnp.exp(logits), axis=1, keepdims=True)
    return -jnp.mean(jnp.log(jnp.diag(p)))


def two_tower(Qe, De):
    logits = Qe @ De.T / TEMP
    return -jnp.mean(jnp.diag(jax.nn.log_softmax(logits, axis=1)))


def hinge_rank(s):
    return jnp.sum(jnp.maximum(0.0, 1.0 - s[0] + s[1:]))


def warp(s):
    margins = 1.0 - s[0] + s[1:]
    rank = jax.lax.stop_gradient(jnp.sum(margins > 0))
    weight = jnp.sum(jnp.where(jnp.arange(1, 4) <= rank, 1.0 / jnp.arange(1, 4), 0.0))
    return weight * jnp.sum(jnp.maximum(0.0, margins))


def fm_pairwise(v, x):
    xv = x @ v
    return 0.5 * jnp.sum(xv ** 2 - (x ** 2) @ (v ** 2))


def fm_loop(v, x):
    total = 0.0
    for a in range(3):
        for b in range(a + 1, 3):
            total = total + jnp.dot(v[a], v[b]) * x[a] * x[b]
    return total
