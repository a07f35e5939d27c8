"""Round 58d (JAX): training losses with dict params, optax-style: softmax cross-entropy, sigmoid binary
cross-entropy, l2 loss, log-cosh, logsumexp with where masks; and the naive spellings beside them."""

import jax
import jax.numpy as jnp
from jax.scipy.special import logsumexp

X = [[1.0, 2.0], [-0.5, 0.25], [2.0, -3.0]]


def _logits(params, x):
    return x @ params["w"] + params["b"]


def softmax_xent(params, batch):
    logits = _logits(params, batch["x"])
    return jnp.mean(-jnp.sum(batch["labels"] * jax.nn.log_softmax(logits, axis=-1), axis=-1))


def naive_xent(params, batch):
    logits = _logits(params, batch["x"])
    return jnp.mean(-jnp.sum(batch["labels"] * jnp.log(jax.nn.softmax(logits, axis=-1)), axis=-1))


def sigmoid_bce(params, batch):
    logits = jnp.sum(_logits(params, batch["x"]), axis=-1)
    labels = batch["y"]
    log_p = jax.nn.log_sigmoid(logits)
    log_not_p = jax.nn.log_sigmoid(-logits)
    return jnp.mean(-labels * log_p - (1.0 - labels) * log_not_p)


def naive_bce(params, batch):
    logits = jnp.sum(_logits(params, batch["x"]), axis=-1)
    p = jax.nn.sigmoid(logits)
    labels = batch["y"]
    return jnp.mean(-(labels * jnp.log(p) + (1.0 - labels) * jnp.log(1.0 - p)))


def _batch(scale):
    labels = jnp.array([[1.0, 0.0, 0.0], [0.0, 0.0, 1.0], [0.0, 1.0, 0.0]])
    return {"params": {"w": scale * jnp.array([[0.5, -1.0, 0.25], [1.5, 0.75, -0.5]]),
                       "b": jnp.array([0.1, -0.3, 0.0])},
            "batch": {"x": jnp.array(X), "labels": labels, "y": jnp.array([1.0, 0.0, 1.0])}}


def ordinary_args():
    return _batch(1.0)


def extreme_args():  # logits of hundreds
    return _batch(40.0)


def huge_args():  # logits of some ten thousands
    return _batch(4000.0)


def l2_loss(params, batch):
    pred = _logits(params, batch["x"])
    return 0.5 * jnp.sum((pred - batch["labels"]) ** 2)


def log_cosh(pred):
    return jnp.sum(jnp.logaddexp(pred, -pred) - jnp.log(2.0))


def naive_log_cosh(pred):
    return jnp.sum(jnp.log(jnp.cosh(pred)))


def masked_lse(z):
    mask = jnp.array([True, False, True])
    return logsumexp(jnp.where(mask, z, -jnp.inf))


def masked_lse_where(z):
    mask = jnp.array([True, False, True])
    return jax.nn.logsumexp(z, where=mask)


def naive_masked_lse(z):
    mask = jnp.array([1.0, 0.0, 1.0])
    return jnp.log(jnp.sum(jnp.exp(z) * mask))


def log_sigmoid_naive(z):
    return jnp.sum(jnp.log(jax.nn.sigmoid(z)))


def integer_label_xent(logits, labels):
    log_p = jax.nn.log_softmax(logits, axis=-1)
    return -jnp.mean(jnp.take_along_axis(log_p, labels[:, None], axis=-1))


def integer_label_args():
    return {"logits": jnp.array([[1e4, 0.0, -1e4], [2.0, -1.0, 0.5]]), "labels": jnp.array([2, 0])}


def weighted_lse(z):
    return logsumexp(z, b=jnp.array([1.0, 0.0, 2.0]))
