"""Round 51d, JAX: the classes issue 28 names, as a user writes them. custom_jvp /
custom_vjp rules right, "stable" but cancelling, and slipped (sign, factor, a chain-rule term, swapped inputs);
where leaks behind one where, two, and guards through intermediate variables; norms at 0 and at overflow; library
losses (log_sigmoid, log_softmax, logsumexp, optax's losses written out) at +-800; a parameter tree of layers."""

import jax
import jax.numpy as jnp
from jax.scipy.special import logsumexp

# ------------------------------------------------------------------------------------------- custom rules


@jax.custom_jvp
def softplus_cancel(x):
    return jnp.logaddexp(0.0, x)


@softplus_cancel.defjvp
def _softplus_cancel_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return softplus_cancel(x), t * (1 - jax.nn.sigmoid(-x))


@jax.custom_jvp
def softplus_overflow(x):
    return jnp.logaddexp(0.0, x)


@softplus_overflow.defjvp
def _softplus_overflow_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    e = jnp.exp(x)
    return softplus_overflow(x), t * e / (1 + e)


@jax.custom_jvp
def softplus_mirror(x):
    return jnp.logaddexp(0.0, x)


@softplus_mirror.defjvp
def _softplus_mirror_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return softplus_mirror(x), t * jax.nn.sigmoid(-x)


@jax.custom_jvp
def softplus_right(x):
    return jnp.logaddexp(0.0, x)


@softplus_right.defjvp
def _softplus_right_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return softplus_right(x), t * jax.nn.sigmoid(x)


def sp_cancel(x):
    return jnp.sum(softplus_cancel(x))


def sp_overflow(x):
    return jnp.sum(softplus_overflow(x))


def sp_mirror(x):
    return jnp.sum(softplus_mirror(x))


def sp_right(x):
    return jnp.sum(softplus_right(x))


@jax.custom_vjp
def logcosh(x):
    return x + jax.nn.softplus(-2.0 * x) - jnp.log(2.0)


def _logcosh_fwd(x):
    return logcosh(x), x


def _logcosh_bwd(x, g):
    return (g * jnp.tanh(x),)


logcosh.defvjp(_logcosh_fwd, _logcosh_bwd)


@jax.custom_vjp
def logcosh_sign(x):
    return x + jax.nn.softplus(-2.0 * x) - jnp.log(2.0)


def _logcosh_sign_fwd(x):
    return logcosh_sign(x), x


def _logcosh_sign_bwd(x, g):
    return (-g * jnp.tanh(x),)


logcosh_sign.defvjp(_logcosh_sign_fwd, _logcosh_sign_bwd)


def logcosh_loss(x):
    return jnp.sum(logcosh(x))


def logcosh_sign_loss(x):
    return jnp.sum(logcosh_sign(x))


@jax.custom_vjp
def sin_sq(x):
    return jnp.sin(x * x)


def _sin_sq_fwd(x):
    return jnp.sin(x * x), x


def _sin_sq_bwd(x, g):
    return (g * jnp.cos(x * x),)


sin_sq.defvjp(_sin_sq_fwd, _sin_sq_bwd)


def chirp(x):
    return jnp.sum(sin_sq(x))


@jax.custom_vjp
def hypot(x, y):
    return jnp.sqrt(x * x + y * y)


def _hypot_fwd(x, y):
    r = jnp.sqrt(x * x + y * y)
    return r, (x, y, r)


def _hypot_bwd(res, g):
    x, y, r = res
    return g * y / r, g * x / r


hypot.defvjp(_hypot_fwd, _hypot_bwd)


def radius(x, y):
    return hypot(x, y)


@jax.custom_jvp
def exp2x(x):
    return jnp.exp(2.0 * x)


@exp2x.defjvp
def _exp2x_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = exp2x(x)
    return y, t * y


def growth(x):
    return jnp.sum(exp2x(x))


# ------------------------------------------------------------------------------------------- where
def xlogx_where(x):
    return jnp.sum(jnp.where(x > 0, x * jnp.log(x), 0.0))


def xlogx_double(x):
    safe = jnp.where(x > 0, x, 1.0)
    return jnp.sum(jnp.where(x > 0, safe * jnp.log(safe), 0.0))


def xlogx_guard_zero(x):
    """The inner guard sends x <= 0 to 0, where safe * log(safe) is NaN: its own where masks that on the way back."""
    safe = jnp.where(x > 0, x, 0.0)
    return jnp.sum(jnp.where(x > 0, safe * jnp.log(safe), 0.0))


def half_log_late_guard(x):
    r = jnp.sqrt(x)
    safe = jnp.where(x > 0, r, 1.0)
    return jnp.sum(jnp.where(x > 0, jnp.log(safe), 0.0))


def energy_entropy(x):
    """s log s of the squared radius s, 0 at the origin (its slope 2x(log s + 1) tends to 0 there)."""
    s = jnp.sum(x * x)
    return jnp.where(s > 0, s * jnp.log(s), 0.0)


# ------------------------------------------------------------------------------------------- norms
def norm(x):
    return jnp.linalg.norm(x)


def norm_eps(x):
    return jnp.sqrt(jnp.sum(x ** 2) + 1e-12)


def norm_double_where(x):
    sq = jnp.sum(x ** 2)
    safe = jnp.where(sq > 0, sq, 1.0)
    return jnp.where(sq > 0, jnp.sqrt(safe), 0.0)


def cosine(a, b):
    return jnp.dot(a, b) / (jnp.linalg.norm(a) * jnp.linalg.norm(b))


# ------------------------------------------------------------------------------------------- losses
def log_sigmoid_sum(x):
    return jnp.sum(jax.nn.log_sigmoid(x))


def bce_optax(z, y):
    """optax.sigmoid_binary_cross_entropy, written out."""
    log_p = jax.nn.log_sigmoid(z)
    log_not_p = jax.nn.log_sigmoid(-z)
    return jnp.sum(-y * log_p - (1.0 - y) * log_not_p)


def bce_probs(z, y):
    p = jax.nn.sigmoid(z)
    return jnp.sum(-y * jnp.log(p) - (1.0 - y) * jnp.log(1.0 - p))


def softmax_xent_optax(logits):
    """optax.softmax_cross_entropy with the label [0, 1, 0], written out."""
    labels = jnp.array([0.0, 1.0, 0.0])
    return -jnp.sum(labels * jax.nn.log_softmax(logits))


def lse(x):
    return logsumexp(x)


def lse_naive(x):
    return jnp.log(jnp.sum(jnp.exp(x)))


def log_cosh_naive(x):
    return jnp.sum(jnp.log(jnp.cosh(x)))


def log_cosh_optax(x):
    """optax.log_cosh: logaddexp(x, -x) - log 2."""
    return jnp.sum(jnp.logaddexp(x, -x) - jnp.log(2.0))


# ------------------------------------------------------------------------------------------- a tree of layers
X_DATA = [[0.5, -1.0], [1.5, 0.25], [-0.75, 2.0]]
Y_DATA = [1.0, 0.0, 1.0]
W0 = [[0.25, -0.5, 1.0], [0.75, 0.5, -0.25]]
B0 = [0.1, -0.2, 0.05]
W1 = [0.5, -1.0, 0.75]
B1 = [0.3]


def mlp_loss(params, batch):
    h = jnp.tanh(batch["x"] @ params["layers"][0]["w"] + params["layers"][0]["b"])
    z = h @ params["layers"][1]["w"] + params["layers"][1]["b"][0]
    y = batch["y"]
    return jnp.mean(-y * jax.nn.log_sigmoid(z) - (1.0 - y) * jax.nn.log_sigmoid(-z))


def mlp_args():
    params = {"layers": [{"w": jnp.array(W0), "b": jnp.array(B0)}, {"w": jnp.array(W1), "b": jnp.array(B1)}]}
    return {"params": params, "batch": {"x": jnp.array(X_DATA), "y": jnp.array(Y_DATA)}}


def mlp_far_args():
    """The same net with its head scaled to 400: the logits reach +-800 territory, log_sigmoid holds."""
    params = {"layers": [{"w": jnp.array(W0), "b": jnp.array(B0)},
                         {"w": 400.0 * jnp.array(W1), "b": jnp.array(B1)}]}
    return {"params": params, "batch": {"x": jnp.array(X_DATA), "y": jnp.array(Y_DATA)}}
