"""A user's JAX code for the twenty-fourth round (c): a parameter-dict MLP, a naive cross-entropy, a sigmoid by
exponentials."""

import jax
import jax.numpy as jnp

W1 = [[0.5, -1.0, 0.25], [1.5, 0.75, -0.5]]
B1 = [0.1, -0.3, 0.2]
W2 = [1.0, -2.0, 0.5]
XS = [[1.0, -0.5], [0.25, 2.0]]
YS = [0.5, -1.0]


def mlp_loss(params, batch):
    h = jnp.tanh(batch["x"] @ params["w1"] + params["b1"])
    pred = h @ params["w2"]
    return jnp.mean((pred - batch["y"]) ** 2)


def mlp_args():
    params = {"w1": jnp.array(W1), "b1": jnp.array(B1), "w2": jnp.array(W2)}
    batch = {"x": jnp.array(XS), "y": jnp.array(YS)}
    return {"params": params, "batch": batch}


def softmax_xent_naive(z):
    """Cross-entropy of class 0, the softmax written out."""
    return -jnp.log(jnp.exp(z[0]) / jnp.sum(jnp.exp(z)))


def sigmoid_by_exp(x):
    return jnp.sum(jnp.exp(-x) / (1.0 + jnp.exp(-x)))


def logistic_regression_nll(w, x, y):
    """Negative log-likelihood, the naive way: log(1 + exp(-y w.x))."""
    margins = y * (x @ w)
    return jnp.sum(jnp.log(1.0 + jnp.exp(-margins)))
