"""A user's JAX code, seventy-fifth round (d): contrastive and metric-learning losses on tiny batches (3-4 embeddings
of dimension 2-3), optax-free. InfoNCE (rows normalised by x / jnp.linalg.norm, logits / temperature, the diagonal as
the targets of jax.nn.log_softmax) at temperatures 0.07 and 0.01, and the naive exp / sum form; SimCLR's NT-Xent with
the self-similarity masked by jnp.where(-inf) and by - 1e9 * eye (rows normalised by a clamped jnp.linalg.norm);
cosine similarity with + 1e-8 under the product of norms and with the eps inside the root; triplet losses (squared
distances through relu and softplus, Euclidean distances through jnp.linalg.norm); batch-hard mining by max / min over
masked distance matrices; ArcFace (acos of the clipped cosine, at clip(-1, 1) and at clip(-1 + 1e-7, 1 - 1e-7));
CosFace; center loss; Barlow Twins (standardised by jnp.std, and by sqrt(var + eps) as BatchNorm does); VICReg; and
BYOL's 2 - 2 cos with jax.lax.stop_gradient on the target branch (BYOL's own l2_normalize by rsqrt)."""

import jax
import jax.numpy as jnp

LABELS = jnp.array([0, 0, 1, 1])
CLASSES = jnp.array([0, 2, 1])  # the class of each of the three embeddings (ArcFace / CosFace / center loss)


# ------------------------------------------------------------------------------------------------- InfoNCE
def _unit(z):
    return z / jnp.linalg.norm(z, axis=1, keepdims=True)


def info_nce(z1, z2):
    """CLIP / MoCo style: row i of z1 and row i of z2 are the positive pair."""
    logits = _unit(z1) @ _unit(z2).T / 0.07
    return -jnp.mean(jnp.diag(jax.nn.log_softmax(logits, axis=1)))


def info_nce_t001(z1, z2):
    logits = _unit(z1) @ _unit(z2).T / 0.01
    return -jnp.mean(jnp.diag(jax.nn.log_softmax(logits, axis=1)))


def info_nce_naive(z1, z2):
    """The textbook fraction exp(s_ii / t) / sum_j exp(s_ij / t), temperature 0.01."""
    e = jnp.exp(_unit(z1) @ _unit(z2).T / 0.01)
    return -jnp.mean(jnp.log(jnp.diag(e) / jnp.sum(e, axis=1)))


# ------------------------------------------------------------------------------------------------- NT-Xent (SimCLR)
def _unit_clamped(z):
    return z / jnp.maximum(jnp.linalg.norm(z, axis=1, keepdims=True), 1e-8)


def nt_xent(z1, z2):
    n = z1.shape[0]
    z = _unit_clamped(jnp.concatenate([z1, z2], axis=0))
    sim = z @ z.T / 0.07
    sim = jnp.where(jnp.eye(2 * n, dtype=bool), -jnp.inf, sim)
    logp = jax.nn.log_softmax(sim, axis=1)
    pos = jnp.concatenate([jnp.arange(n, 2 * n), jnp.arange(n)])
    return -jnp.mean(logp[jnp.arange(2 * n), pos])


def nt_xent_large_num(z1, z2):
    n = z1.shape[0]
    z = _unit_clamped(jnp.concatenate([z1, z2], axis=0))
    sim = z @ z.T / 0.07 - 1e9 * jnp.eye(2 * n)
    logp = jax.nn.log_softmax(sim, axis=1)
    pos = jnp.concatenate([jnp.arange(n, 2 * n), jnp.arange(n)])
    return -jnp.mean(logp[jnp.arange(2 * n), pos])


# ------------------------------------------------------------------------------------------------- cosine similarity
def cosine_eps(a, b):
    cos = jnp.sum(a * b, axis=-1) / (jnp.linalg.norm(a, axis=-1) * jnp.linalg.norm(b, axis=-1) + 1e-8)
    return jnp.sum(1.0 - cos)


def cosine_eps_inside(a, b):
    na = jnp.sqrt(jnp.sum(a * a, axis=-1) + 1e-12)
    nb = jnp.sqrt(jnp.sum(b * b, axis=-1) + 1e-12)
    return jnp.sum(1.0 - jnp.sum(a * b, axis=-1) / (na * nb))


# ------------------------------------------------------------------------------------------------- triplets
def triplet_relu(a, p, n):
    d_ap = jnp.sum((a - p) ** 2, axis=-1)
    d_an = jnp.sum((a - n) ** 2, axis=-1)
    return jnp.mean(jax.nn.relu(d_ap - d_an + 1.0))


def triplet_softplus(a, p, n):
    d_ap = jnp.sum((a - p) ** 2, axis=-1)
    d_an = jnp.sum((a - n) ** 2, axis=-1)
    return jnp.mean(jax.nn.softplus(d_ap - d_an + 1.0))


def triplet_euclid(a, p, n):
    d_ap = jnp.linalg.norm(a - p, axis=-1)
    d_an = jnp.linalg.norm(a - n, axis=-1)
    return jnp.mean(jnp.maximum(d_ap - d_an + 0.5, 0.0))


def batch_hard(e):
    """Hermans et al.: for each anchor the farthest positive and the nearest negative (squared distances)."""
    d = jnp.sum((e[:, None, :] - e[None, :, :]) ** 2, axis=-1)
    same = LABELS[:, None] == LABELS[None, :]
    hardest_pos = jnp.max(jnp.where(same, d, -jnp.inf), axis=1)
    hardest_neg = jnp.min(jnp.where(same, jnp.inf, d), axis=1)
    return jnp.mean(jax.nn.relu(hardest_pos - hardest_neg + 1.0))


# ------------------------------------------------------------------------------------------------- margins on angles
def _cos_to_weights(x, W):
    return _unit(x) @ _unit(W).T  # (3, classes)


def arcface(x, W):
    cos = _cos_to_weights(x, W)
    theta = jnp.arccos(jnp.clip(cos, -1.0, 1.0))
    onehot = jax.nn.one_hot(CLASSES, W.shape[0], dtype=x.dtype)
    logits = 16.0 * jnp.where(onehot > 0, jnp.cos(theta + 0.5), cos)
    return -jnp.mean(jnp.sum(onehot * jax.nn.log_softmax(logits, axis=1), axis=1))


def arcface_eps(x, W):
    cos = _cos_to_weights(x, W)
    theta = jnp.arccos(jnp.clip(cos, -1.0 + 1e-7, 1.0 - 1e-7))
    onehot = jax.nn.one_hot(CLASSES, W.shape[0], dtype=x.dtype)
    logits = 16.0 * jnp.where(onehot > 0, jnp.cos(theta + 0.5), cos)
    return -jnp.mean(jnp.sum(onehot * jax.nn.log_softmax(logits, axis=1), axis=1))


def cosface(x, W):
    cos = _cos_to_weights(x, W)
    onehot = jax.nn.one_hot(CLASSES, W.shape[0], dtype=x.dtype)
    logits = 16.0 * (cos - 0.35 * onehot)
    return -jnp.mean(jnp.sum(onehot * jax.nn.log_softmax(logits, axis=1), axis=1))


# ------------------------------------------------------------------------------------------------- center loss
def center_loss(x, centers):
    return 0.5 * jnp.mean(jnp.sum((x - centers[CLASSES]) ** 2, axis=1))


def center_dist(x, centers):
    return jnp.mean(jnp.linalg.norm(x - centers[CLASSES], axis=1))


# ------------------------------------------------------------------------------------------------- Barlow Twins, VICReg
def _barlow(c, lam=5e-3):
    on = jnp.sum((jnp.diag(c) - 1.0) ** 2)
    off = jnp.sum(c ** 2) - jnp.sum(jnp.diag(c) ** 2)
    return on + lam * off


def barlow_std(z1, z2):
    n = z1.shape[0]
    a = (z1 - z1.mean(0)) / z1.std(0)
    b = (z2 - z2.mean(0)) / z2.std(0)
    return _barlow(a.T @ b / n)


def barlow_bn(z1, z2):
    n = z1.shape[0]
    a = (z1 - z1.mean(0)) / jnp.sqrt(z1.var(0) + 1e-5)
    b = (z2 - z2.mean(0)) / jnp.sqrt(z2.var(0) + 1e-5)
    return _barlow(a.T @ b / n)


def vicreg(z1, z2):
    n, d = z1.shape
    inv = jnp.mean((z1 - z2) ** 2)
    std1 = jnp.sqrt(jnp.var(z1, axis=0, ddof=1) + 1e-4)
    std2 = jnp.sqrt(jnp.var(z2, axis=0, ddof=1) + 1e-4)
    var = jnp.mean(jax.nn.relu(1.0 - std1)) / 2 + jnp.mean(jax.nn.relu(1.0 - std2)) / 2
    c1, c2 = z1 - z1.mean(0), z2 - z2.mean(0)
    cov1, cov2 = c1.T @ c1 / (n - 1), c2.T @ c2 / (n - 1)
    off = lambda c: jnp.sum(c ** 2) - jnp.sum(jnp.diag(c) ** 2)
    cov = off(cov1) / d + off(cov2) / d
    return 25.0 * inv + 25.0 * var + cov


# ------------------------------------------------------------------------------------------------- BYOL
def l2_normalize(x, axis=-1, epsilon=1e-12):
    square_sum = jnp.sum(jnp.square(x), axis=axis, keepdims=True)
    return x * jax.lax.rsqrt(jnp.maximum(square_sum, epsilon))


def byol(p, z):
    """The online prediction p against the target projection z, through which no gradient flows."""
    z = jax.lax.stop_gradient(z)
    return jnp.mean(2.0 - 2.0 * jnp.sum(l2_normalize(p) * l2_normalize(z), axis=-1))


def arc_angle(x, w):
    """The angle between one embedding and its class's weight, logged as ArcFace's training diagnostic."""
    cos = jnp.dot(x, w) / (jnp.linalg.norm(x) * jnp.linalg.norm(w))
    return jnp.arccos(jnp.clip(cos, -1.0, 1.0))
