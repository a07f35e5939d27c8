"""Round 52d, JAX: optax-style losses written out with the user's constants (label smoothing, Huber's delta, a
hinge's margin), jax.nn.gelu both ways, jax.nn.softmax with where=, jax.scipy.stats log-densities with the user's
parameters, custom rules inside lax.scan, lax.fori_loop and jax.vmap, and parameter trees checked by path."""

from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.scipy import stats
from jax.scipy.special import logsumexp

ALPHA = 0.1
DELTA = 0.7

# ------------------------------------------------------------------------------------------- optax-style losses


def smooth_labels(labels, alpha):
    return (1.0 - alpha) * labels + alpha / labels.shape[-1]


def smoothed_xent(logits):
    labels = smooth_labels(jnp.array([0.0, 1.0, 0.0], dtype=logits.dtype), ALPHA)
    return -jnp.sum(labels * jax.nn.log_softmax(logits))


def smoothed_sigmoid_bce(z):
    labels = jnp.array([1.0, 0.0], dtype=z.dtype) * (1.0 - 0.2) + 0.5 * 0.2
    log_p, log_not_p = jax.nn.log_sigmoid(z), jax.nn.log_sigmoid(-z)
    return -jnp.sum(labels * log_p + (1.0 - labels) * log_not_p)


def huber(e):
    a = jnp.abs(e)
    quad = jnp.minimum(a, DELTA)
    return jnp.sum(0.5 * quad ** 2 + DELTA * (a - quad))


def huber_where(e):
    a = jnp.abs(e)
    return jnp.sum(jnp.where(a <= DELTA, 0.5 * e ** 2, DELTA * (a - 0.5 * DELTA)))


def hinge(x):
    return jnp.sum(jax.nn.relu(0.3 - x))


def squared_hinge_smooth(x):
    return jnp.sum(jnp.where(x < 0.3, (0.3 - x) ** 2, 0.0))


# ------------------------------------------------------------------------------------------- jax.nn and stats


def gelu_exact(x):
    return jnp.sum(jax.nn.gelu(x, approximate=False))


def gelu_tanh(x):
    return jnp.sum(jax.nn.gelu(x, approximate=True))


def masked_softmax(x):
    mask = jnp.array([True, False, True, True])
    w = jnp.array([1.0, 5.0, -2.0, 0.5], dtype=x.dtype)
    return jnp.sum(jax.nn.softmax(x, where=mask) * w)


def masked_lse(x):
    mask = jnp.array([True, True, False])
    return logsumexp(x, where=mask)


def norm_logpdf(x):
    return jnp.sum(stats.norm.logpdf(x, loc=0.3, scale=0.7))


def norm_logcdf(x):
    return jnp.sum(stats.norm.logcdf(x))


def t_logpdf(x):
    return jnp.sum(stats.t.logpdf(x, 3.0, loc=0.1, scale=0.4))


def gamma_logpdf(x):
    return jnp.sum(stats.gamma.logpdf(x, 2.5, scale=1 / 1.5))


def beta_logpdf(x):
    return jnp.sum(stats.beta.logpdf(x, 2.5, 1.5))


def poisson_logpmf(rate):
    k = jnp.array([0.0, 3.0], dtype=rate.dtype)
    return jnp.sum(stats.poisson.logpmf(k, rate))


# ------------------------------------------------------------------------------------------- rules in loops


@jax.custom_jvp
def softplus_rule(x):
    return jnp.logaddexp(0.0, x)


@softplus_rule.defjvp
def _softplus_rule_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return softplus_rule(x), t * jax.nn.sigmoid(x)


@jax.custom_jvp
def softplus_slip(x):
    return jnp.logaddexp(0.0, x)


@softplus_slip.defjvp
def _softplus_slip_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return softplus_slip(x), t * jax.nn.sigmoid(-x)


@jax.custom_vjp
def scaled_exp(x):
    return jnp.exp(0.3 * x)


def _scaled_exp_fwd(x):
    y = jnp.exp(0.3 * x)
    return y, y


def _scaled_exp_bwd(y, g):
    return (g * 0.3 * y,)


scaled_exp.defvjp(_scaled_exp_fwd, _scaled_exp_bwd)


@jax.custom_vjp
def scaled_exp_slip(x):
    return jnp.exp(0.3 * x)


def _scaled_exp_slip_fwd(x):
    y = jnp.exp(0.3 * x)
    return y, y


def _scaled_exp_slip_bwd(y, g):
    return (g * y,)


scaled_exp_slip.defvjp(_scaled_exp_slip_fwd, _scaled_exp_slip_bwd)


def scan_softplus(w):
    xs = jnp.array([0.5, -1.0, 2.0], dtype=w.dtype)

    def body(c, x):
        return c + softplus_rule(w * x + c), None

    c, _ = jax.lax.scan(body, jnp.zeros((), w.dtype), xs)
    return c


def scan_slip(w):
    xs = jnp.array([0.5, -1.0, 2.0], dtype=w.dtype)

    def body(c, x):
        return c + softplus_slip(w * x + c), None

    c, _ = jax.lax.scan(body, jnp.zeros((), w.dtype), xs)
    return c


def fori_softplus(x):
    return jnp.sum(jax.lax.fori_loop(0, 3, lambda i, v: softplus_rule(v) - 1.0, x))


def fori_scaled(x):
    return jnp.sum(jax.lax.fori_loop(0, 2, lambda i, v: scaled_exp(v) - 0.5, x))


def vmap_scaled(x):
    return jnp.sum(jax.vmap(scaled_exp)(x))


def vmap_scaled_slip(x):
    return jnp.sum(jax.vmap(scaled_exp_slip)(x))


def vmap_rows(x):
    return jnp.sum(jax.vmap(lambda r: logsumexp(r))(x))


# ------------------------------------------------------------------------------------------- parameter trees


class Layer(NamedTuple):
    w: jnp.ndarray
    b: jnp.ndarray


def tree_loss(params, batch):
    h = jnp.tanh(batch["x"] @ params["enc"].w + params["enc"].b)
    z = h @ params["head"]["w"] + params["scale"]
    p = smooth_labels(batch["y"], ALPHA)
    return -jnp.mean(jnp.sum(p * jax.nn.log_softmax(z, axis=-1), axis=-1))


X_DATA = [[0.5, -1.0], [1.5, 0.25]]
Y_DATA = [[1.0, 0.0], [0.0, 1.0]]
ENC_W = [[0.25, -0.5], [0.75, 0.5]]
ENC_B = [0.1, -0.2]
HEAD_W = [[1.0, -0.5], [0.25, 0.75]]


def tree_args():
    params = {"enc": Layer(jnp.array(ENC_W), jnp.array(ENC_B)), "head": {"w": jnp.array(HEAD_W)},
              "scale": jnp.array(0.3)}
    batch = {"x": jnp.array(X_DATA), "y": jnp.array(Y_DATA)}
    return {"params": params, "batch": batch}
