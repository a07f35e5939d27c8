"""A user's JAX code, round 27c: a softmax classifier's loss over a parameter tree and a batch, its cross-entropy by
jax.nn.log_softmax and by hand, and a Cauchy log-density whose square overflows."""

import jax
import jax.numpy as jnp
import numpy as np


def cross_entropy(logits):
    return -jax.nn.log_softmax(logits)[0]


def cross_entropy_by_hand(logits):
    return -jnp.log(jnp.exp(logits[0]) / jnp.sum(jnp.exp(logits)))


def classifier_loss(params, batch):
    logits = batch["x"] @ params["w"] + params["b"]
    picked = jnp.take_along_axis(jax.nn.log_softmax(logits), batch["y"][:, None], axis=1)
    return -jnp.mean(picked)


def classifier_args():
    params = {"w": np.array([[0.5, -1.0, 0.25], [2.0, 0.0, -0.5]]), "b": np.array([0.1, -0.2, 0.0])}
    batch = {"x": np.array([[1.0, 2.0], [-0.5, 0.3]]), "y": np.array([2, 0])}
    return params, batch


def cauchy_log_prob(x):
    return -jnp.log(jnp.pi) - jnp.log1p(x * x)
