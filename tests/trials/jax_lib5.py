"""A user's JAX numerics, fifth round, written as jax.nn, jax.scipy and TensorFlow Probability on JAX write them:
gelu both forms far left, mish, swish, log_softmax with a -inf entry, xlog1py entropies, the Beta log density,
a von Mises normaliser through i0e, a hypot-safe cosine similarity, a Huber loss; and the xlogy fix (T17)."""

import jax
import jax.numpy as jnp
from jax.scipy.special import betaln, i0e, xlog1py, xlogy


def gelu_tanh(x):
    return jnp.sum(jax.nn.gelu(x, approximate=True))


def gelu_erf(x):
    return jnp.sum(jax.nn.gelu(x, approximate=False))


def mish(x):
    return jnp.sum(x * jnp.tanh(jax.nn.softplus(x)))


def swish(x):
    return jnp.sum(jax.nn.swish(x))


def log_softmax_masked(x):
    z = jnp.where(jnp.array([True, True, False]), x, -jnp.inf)
    return jax.nn.log_softmax(z)[1]


def beta_lp(x, a=2.0, b=3.0):
    return jnp.sum(xlogy(a - 1.0, x) + xlog1py(b - 1.0, -x) - betaln(a, b))


def von_mises(kappa):
    # log(2 pi I0(kappa)) through the scaled Bessel function, as TFP writes it
    return jnp.sum(kappa * jnp.cos(0.5) - (jnp.log(2 * jnp.pi) + jnp.log(i0e(kappa)) + kappa))


def huber(r, delta=1.0):
    a = jnp.abs(r)
    return jnp.sum(jnp.where(a <= delta, 0.5 * r * r, delta * (a - 0.5 * delta)))


def binary_entropy(p):
    return -jnp.sum(xlogy(p, p) + xlog1py(1.0 - p, -p))


def xlogy_y(y):
    return jnp.sum(xlogy(jnp.array([0.0, 3.0]), y))


def xlog1py_y(y):
    return jnp.sum(xlog1py(jnp.array([0.0, 3.0]), y))


def cosine_overflow(x):
    y = jnp.array([1.0, 1.0, 1.0])
    return jnp.dot(x, y) / (jnp.linalg.norm(x) * jnp.linalg.norm(y))


@jax.jit
def jitted_softplus_inv(y):
    return jnp.sum(y + jnp.log(-jnp.expm1(-y)))


def _per_example(w, x, y):
    return jax.nn.softplus(-y * jnp.dot(w, x))


def vmapped_loss(w, xs, ys):
    return jnp.mean(jax.vmap(_per_example, in_axes=(None, 0, 0))(w, xs, ys))


def vmapped_args():
    xs = jnp.array([[1.0, 2.0], [-1.0, 0.5], [3.0, -2.0]])
    ys = jnp.array([1.0, -1.0, 1.0])
    return jnp.array([300.0, 200.0]), xs, ys


def scan_loss(w):
    def step(carry, x):
        return carry + jnp.logaddexp(0.0, w * x), None

    total, _ = jax.lax.scan(step, 0.0, jnp.array([-800.0, 1.0, 800.0]))
    return total


def t_logpdf(x):
    return jnp.sum(jax.scipy.stats.t.logpdf(x, 3.0))


def lse_where(x):
    return jax.nn.logsumexp(x, where=jnp.array([True, False, True]))


def sigmoid_bce(z):
    # optax.sigmoid_binary_cross_entropy's spelling
    y = jnp.array([0.0, 1.0])
    return jnp.sum(-y * jax.nn.log_sigmoid(z) - (1.0 - y) * jax.nn.log_sigmoid(-z))


def angle(p):
    return jnp.arctan2(p[0], p[1])


def gaussian_bump(x):
    return jnp.sum(jnp.exp(-x * x))
