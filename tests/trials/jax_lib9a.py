"""A user's JAX code, ninth round: optimiser pieces (Adam's rsqrt(v + eps) and sqrt(v) + eps at v = 0, a warmup-cosine
schedule at its switch, SGD with weight decay in a fori_loop), probability code (Gamma and Beta log-densities through
gammaln and betaln at tiny and huge parameters, a Student-t's degrees of freedom, log-CDFs through ndtr, log_ndtr and
erfc in their tails), physics (softened and Coulomb potentials through jnp.linalg.norm, an Euler ODE in lax.scan),
jax.nn activations at their switches and far ends (glu, squareplus, elu, leaky_relu), reductions with where= and
initial=, jnp.interp and jnp.clip at their knots, integer arrays among the arguments, a NamedTuple of parameters under
vmap, a float32 literal, and custom rules written with jnp.where (right ones, and one that drops a sign)."""

from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.scipy.special import betaln, erfc, gammaln, log_ndtr, logsumexp, ndtr, xlogy

MASK = jnp.array([True, True, False])
SOURCE = jnp.array([1.0, 2.0])
XP = jnp.array([0.0, 1.0, 2.0])
FP = jnp.array([0.0, 2.0, 3.0])


def adam_rsqrt(v):
    return jnp.sum(0.1 * jax.lax.rsqrt(v + 1e-8))


def adam_sqrt(v):
    return jnp.sum(0.1 / (jnp.sqrt(v) + 1e-8))


def warmup_cosine(t):
    return jnp.where(t < 10, t / 10, 0.5 * (1 + jnp.cos(jnp.pi * (t - 10) / 90)))


def sgd_weight_decay(w):
    def step(_, w):
        return w - 0.1 * ((w - 1.0) + 0.01 * w)
    w = jax.lax.fori_loop(0, 5, step, w)
    return (w - 2.0) ** 2


def gamma_lp(a):
    return (a - 1) * jnp.log(2.0) - 2.0 - gammaln(a)


def beta_lp(a):
    return (a - 1) * jnp.log(0.3) + jnp.log(0.7) - betaln(a, 2.0)


def student_t_df(nu):
    x = 1.5
    return (gammaln((nu + 1) / 2) - gammaln(nu / 2) - 0.5 * jnp.log(nu * jnp.pi)
            - (nu + 1) / 2 * jnp.log1p(x * x / nu))


def log_cdf_naive(x):
    return jnp.log(ndtr(x))


def log_cdf(x):
    return jnp.sum(log_ndtr(x))


def log_erfc(x):
    return jnp.log(erfc(x))


def softened_norm(x):
    return -1.0 / jnp.sqrt(jnp.linalg.norm(x - SOURCE) ** 2 + 0.1 ** 2)


def softened_squares(x):
    return -1.0 / jnp.sqrt(jnp.sum((x - SOURCE) ** 2) + 0.1 ** 2)


def coulomb(x):
    return 1.0 / jnp.linalg.norm(x)


def euler_decay(k):
    def step(x, _):
        return x + 0.1 * (-k * x), None
    x, _ = jax.lax.scan(step, 1.0, None, length=10)
    return x ** 2


def glu_sum(x):
    return jnp.sum(jax.nn.glu(x))


def squareplus_sum(x):
    return jnp.sum(jax.nn.squareplus(x))


def elu_sum(x):
    return jnp.sum(jax.nn.elu(x))


def leaky_sum(x):
    return jnp.sum(jax.nn.leaky_relu(x))


def masked_max(x):
    return jnp.max(x, where=MASK, initial=-jnp.inf)


def masked_log_sum(x):
    return jnp.sum(jnp.log(x), where=x > 0)


def masked_mean_sq(x):
    return jnp.mean(x ** 2, where=MASK)


def interp_loss(x):
    return jnp.interp(x, XP, FP)


def clip_sq(x):
    return jnp.sum(jnp.clip(x, 0.0, 1.0) ** 2)


def weighted_nll(w, labels, counts):
    return -jnp.sum(counts * jax.nn.log_softmax(w)[labels])


def weighted_nll_args():
    return jnp.array([0.5, -1.0, 2.0]), jnp.array([2, 0], dtype=jnp.int32), jnp.array([3, 1], dtype=jnp.int32)


class Linear(NamedTuple):
    w: jnp.ndarray
    b: jnp.ndarray


def _per_example(params, x, y):
    z = jnp.dot(params.w, x) + params.b
    return jnp.logaddexp(0.0, -y * z)


def linear_loss(params, xs, ys):
    return jnp.mean(jax.vmap(_per_example, in_axes=(None, 0, 0))(params, xs, ys))


def linear_loss_args():
    params = Linear(w=jnp.array([0.5, -1.0]), b=jnp.array(0.2))
    xs = jnp.array([[1.0, 2.0], [3.0, -1.0], [-2.0, 0.5]])
    return params, xs, jnp.array([1.0, -1.0, 1.0])


def literal_f32(x):
    return jnp.sum((x - 0.1) ** 2)


@jax.custom_jvp
def softplus_where(x):
    return jnp.where(x > 30, x, jnp.log1p(jnp.exp(x)))


@softplus_where.defjvp
def _softplus_where_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    slope = jnp.where(x > 0, 1 / (1 + jnp.exp(-x)), jnp.exp(x) / (1 + jnp.exp(x)))
    return softplus_where(x), t * slope


def softplus_where_sum(x):
    return jnp.sum(softplus_where(x))


@jax.custom_jvp
def clipped_sqrt(x):
    return jnp.sqrt(jnp.maximum(x, 0.0))


@clipped_sqrt.defjvp
def _clipped_sqrt_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    safe = jnp.where(x > 0, x, 1.0)
    return clipped_sqrt(x), jnp.where(x > 0, t / (2 * jnp.sqrt(safe)), 0.0)


def clipped_sqrt_sum(x):
    return jnp.sum(clipped_sqrt(x))


@jax.custom_vjp
def squared_hinge(x):
    return jnp.maximum(1.0 - x, 0.0) ** 2


def _squared_hinge_fwd(x):
    return squared_hinge(x), x


def _squared_hinge_bwd(x, g):
    return (g * 2 * jnp.maximum(1.0 - x, 0.0),)


squared_hinge.defvjp(_squared_hinge_fwd, _squared_hinge_bwd)


def squared_hinge_sum(x):
    return jnp.sum(squared_hinge(x))


def selu_sum(x):
    return jnp.sum(jax.nn.selu(x))


def hard_swish_sum(x):
    return jnp.sum(jax.nn.hard_swish(x))


def masked_log_softmax(x):
    return jax.nn.log_softmax(x, where=MASK)[0]


def restart_schedule(t):
    phase = jnp.mod(t, 50.0)
    return 0.5 * (1 + jnp.cos(jnp.pi * phase / 50))


def l1_norm(x):
    return jnp.linalg.norm(x, ord=1)


def stop_gradient_ema(w):
    target = jax.lax.stop_gradient(0.9 * w)
    return jnp.sum((w - target) ** 2)


def hinge_mix(x):
    return jnp.maximum(x - 1, 0) ** 2 + jnp.minimum(x - 1, 0)


def squared_or_linear(x):
    return jnp.sum(jnp.where(x > 0, x ** 2, -x))


def weighted_ce(z):
    return jnp.sum(jnp.array([1.0, 3.0, -2.0]) * (z - logsumexp(z)))


def entropy_xlogy(p):
    return -jnp.sum(xlogy(p, p))


def stirling_remainder(a):
    return gammaln(a) - (a - 0.5) * jnp.log(a) + a
