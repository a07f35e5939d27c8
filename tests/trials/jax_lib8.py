"""A user's JAX code, eighth round: attention with -inf and -1e9 masks, focal losses (one computing 1 - p by
subtraction), custom_vjp and custom_jvp rules with subtle errors (a sign lost for x < 0, a missing chain factor, a
division by zero in the rule only), a contrastive loss through jnp.linalg.norm at coincident points, a flow's
softplus-parameterised scale, a mixture's weights through logsumexp(b=...) at a zero weight, an RMS-normalised layer
on a parameter tree, and log-determinants of a 7x7 Hilbert matrix and near-singular matrices."""

import jax
import jax.numpy as jnp
import numpy as np

KEYS = np.array([[1.0, 0.5], [-0.3, 2.0], [0.7, -1.1]])
VALUES = np.array([[1.0, -1.0], [2.0, 0.5], [-3.0, 4.0]])
MASK = np.array([True, True, False])
COST = np.array([1.0, -2.0])
COST3 = np.array([1.0, 3.0, -2.0])
LOGLIK = np.array([-0.5, -1.2, 0.3])


def attention_inf(q):
    scores = KEYS @ q / jnp.sqrt(2.0)
    weights = jax.nn.softmax(jnp.where(MASK, scores, -jnp.inf))
    return jnp.sum(COST * (weights @ VALUES))


def attention_1e9(q):
    scores = KEYS @ q / jnp.sqrt(2.0)
    weights = jax.nn.softmax(jnp.where(MASK, scores, -1e9))
    return jnp.sum(COST * (weights @ VALUES))


def focal_stable(z):
    # 1 - p as sigmoid(-z) and log p as log_sigmoid(z)
    one_minus_p = jax.nn.sigmoid(-z)
    return -jnp.sum(one_minus_p ** 2 * jax.nn.log_sigmoid(z))


def focal_subtracted(z):
    p = jax.nn.sigmoid(z)
    return -jnp.sum((1.0 - p) ** 2 * jax.nn.log_sigmoid(z))


@jax.custom_vjp
def soft_abs(x):
    return jnp.sqrt(x * x + 1.0)


def _soft_abs_fwd(x):
    y = jnp.sqrt(x * x + 1.0)
    return y, (x, y)


def _soft_abs_bwd(res, g):
    x, y = res
    return (g * jnp.abs(x) / y,)


soft_abs.defvjp(_soft_abs_fwd, _soft_abs_bwd)


def soft_abs_sum(x):
    return jnp.sum(soft_abs(x))


@jax.custom_jvp
def softplus3(x):
    return jnp.logaddexp(0.0, 3.0 * x)


@softplus3.defjvp
def _softplus3_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return softplus3(x), jax.nn.sigmoid(3.0 * x) * t


def softplus3_sum(x):
    return jnp.sum(softplus3(x))


@jax.custom_vjp
def x_tanh(x):
    return x * jnp.tanh(x)


def _x_tanh_fwd(x):
    y = x * jnp.tanh(x)
    return y, (x, y)


def _x_tanh_bwd(res, g):
    x, y = res
    t = y / x
    return (g * (t + x * (1.0 - t * t)),)


x_tanh.defvjp(_x_tanh_fwd, _x_tanh_bwd)


def x_tanh_sum(x):
    return jnp.sum(x_tanh(x))


def contrastive(a, b):
    # a dissimilar pair (label 0) pushed apart to the margin 1
    d = jnp.linalg.norm(a - b)
    return jnp.maximum(0.0, 1.0 - d) ** 2


def flow_logdet(s):
    # log|det| of an elementwise affine flow whose scale is softplus(s)
    return jnp.sum(jnp.log(jax.nn.softplus(s)))


def flow_logdet_floor(s):
    return jnp.sum(jnp.log(jax.nn.softplus(s) + 1e-3))


def slogdet_loss(a):
    return jnp.linalg.slogdet(a)[1]


def hilbert_args():
    n = 7
    return (np.array([[1.0 / (i + j + 1) for j in range(n)] for i in range(n)]),)


def near_singular_args():
    return (np.array([[1.0, 1.0], [1.0, 1.0 + 1e-12]]),)


def rms_layer(params, x):
    # an RMS-normalised layer with a gain and a bias, on a batch row of tiny activations
    scale = jnp.sqrt(jnp.mean(x ** 2) + 1e-6)
    return jnp.sum(COST3 * (params["gain"] * x / scale + params["bias"]))


def rms_layer_args():
    params = {"gain": np.array([1.0, 0.5, 2.0]), "bias": np.zeros(3)}
    return params, np.array([1e-200, 2e-200, -1e-200])


def mixture_weights(w):
    # a mixture's log-likelihood from its components' log-densities, weighted by w (one weight is 0)
    return jax.scipy.special.logsumexp(LOGLIK, b=w)
