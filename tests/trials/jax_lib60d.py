"""Round 60d (JAX): models with state written by hand: MLP params as nested dicts, lists of (w, b) tuples and
NamedTuples, jax.nn initialisers, batch-norm statistics threaded through by hand, jax.tree_util maps inside the
loss; layer norm at a variance of 0, saturated tanh layers, logits of +-100."""

from typing import NamedTuple

import jax
import jax.numpy as jnp

X = [[1.0, 2.0], [-0.5, 0.25], [2.0, -3.0], [0.75, -1.0]]
Y = [0.5, -1.0, 0.25, 2.0]
W1 = [[0.5, 1.5, -1.0], [-0.25, 0.75, 0.5]]
B1 = [0.125, -0.375, 0.25]
W2 = [[1.25], [-0.5], [0.75]]
B2 = [0.5]


def _dict_params(scale=1.0):
    return {"hidden": {"w": scale * jnp.array(W1), "b": jnp.array(B1)},
            "out": {"w": jnp.array(W2), "b": jnp.array(B2)}}


def dict_args():
    return {"params": _dict_params(), "x": jnp.array(X), "y": jnp.array(Y)}


def sat_args():  # pre-activations of about a hundred: tanh saturates
    return {"params": _dict_params(64.0), "x": jnp.array(X), "y": jnp.array(Y)}


def dict_mlp(params, x, y):
    h = jnp.tanh(x @ params["hidden"]["w"] + params["hidden"]["b"])
    pred = (h @ params["out"]["w"] + params["out"]["b"])[:, 0]
    return jnp.mean((pred - y) ** 2)


def list_args():
    return {"params": [(jnp.array(W1), jnp.array(B1)), (jnp.array(W2), jnp.array(B2))], "x": jnp.array(X),
            "y": jnp.array(Y)}


def list_mlp(params, x, y):
    h = x
    for w, b in params[:-1]:
        h = jax.nn.sigmoid(h @ w + b)
    w, b = params[-1]
    return jnp.mean(((h @ w + b)[:, 0] - y) ** 2)


class MLP(NamedTuple):
    w1: jnp.ndarray
    b1: jnp.ndarray
    w2: jnp.ndarray
    b2: jnp.ndarray


def tuple_args():
    return {"params": MLP(jnp.array(W1), jnp.array(B1), jnp.array(W2), jnp.array(B2)), "x": jnp.array(X),
            "y": jnp.array(Y)}


def tuple_mlp(params, x, y):
    h = jax.nn.gelu(x @ params.w1 + params.b1, approximate=False)
    return jnp.mean(((h @ params.w2 + params.b2)[:, 0] - y) ** 2)


def init_args():
    """Initialised with jax.nn.initializers, as a user's init function does."""
    key = jax.random.PRNGKey(0)
    const = jax.nn.initializers.constant(0.5)
    zeros = jax.nn.initializers.zeros
    ones = jax.nn.initializers.ones
    params = {"w1": const(key, (2, 3)), "b1": zeros(key, (3,)), "w2": ones(key, (3, 1)), "b2": zeros(key, (1,))}
    return {"params": params, "x": jnp.array(X), "y": jnp.array(Y)}


def init_mlp(params, x, y):
    h = jax.nn.softplus(x @ params["w1"] + params["b1"])
    return jnp.mean(((h @ params["w2"] + params["b2"])[:, 0] - y) ** 2)


def l2_tree(params, x, y):
    """MSE plus weight decay over every leaf, by jax.tree_util."""
    sq = jax.tree_util.tree_map(lambda p: jnp.sum(p ** 2), params)
    decay = sum(jax.tree_util.tree_leaves(sq))
    return dict_mlp(params, x, y) + 1e-2 * decay


def _bn(h, state, train, eps=1e-5):
    if train:
        mean = jnp.mean(h, axis=0)
        var = jnp.var(h, axis=0)
    else:
        mean, var = state["mean"], state["var"]
    return (h - mean) / jnp.sqrt(var + eps)


def bn_args(train=True):
    return {"params": {"w": jnp.array([[0.5, -0.25], [1.5, 0.75]]), "gamma": jnp.array([1.5, -0.5]),
                       "beta": jnp.array([0.25, 0.5])},
            "state": {"mean": jnp.array([0.5, -1.0]), "var": jnp.array([4.0, 0.25])},
            "x": jnp.array(X), "train": train}


def bn_eval_args():
    return bn_args(False)


C = [[1.0, -2.0], [0.5, 1.5], [-1.0, 0.25], [2.0, -0.5]]


def bn_mlp(params, state, x, train):
    h = x @ params["w"]
    out = params["gamma"] * _bn(h, state, train) + params["beta"]
    return jnp.sum(out * jnp.array(C))


def layer_norm(x):
    """Layer norm by hand with eps inside the sqrt."""
    mean = jnp.mean(x, axis=-1, keepdims=True)
    var = jnp.mean((x - mean) ** 2, axis=-1, keepdims=True)
    return jnp.sum(((x - mean) / jnp.sqrt(var + 1e-5)) * jnp.array([1.0, -2.0, 0.5]))


def layer_norm_std(x):
    """Layer norm by hand with eps added to the standard deviation (jnp.std)."""
    mean = jnp.mean(x, axis=-1, keepdims=True)
    std = jnp.std(x, axis=-1, keepdims=True)
    return jnp.sum(((x - mean) / (std + 1e-5)) * jnp.array([1.0, -2.0, 0.5]))


def logits_args():
    return {"params": {"w": jnp.array([[50.0, -50.0, 0.0], [25.0, 0.0, -25.0]]), "b": jnp.array([0.0, 0.0, 0.0])},
            "x": jnp.array([[1.0, 2.0], [-2.0, 0.0]]), "labels": jnp.array([1, 0])}


def xent(params, x, labels):
    logits = x @ params["w"] + params["b"]
    logp = jax.nn.log_softmax(logits)
    return -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=1))


def naive_xent(params, x, labels):
    logits = x @ params["w"] + params["b"]
    p = jnp.exp(logits) / jnp.sum(jnp.exp(logits), axis=1, keepdims=True)
    return -jnp.mean(jnp.log(jnp.take_along_axis(p, labels[:, None], axis=1)))
