"""Round 53d, JAX: custom_vjp with nondiff_argnums, custom_jvp through defjvps, rules composed (a slipped rule inside
or around a right one; a rule whose primal calls another rule), jax.checkpoint, jax.jit(static_argnums=), lax.cond
and lax.switch inside a loss, jnp.linalg.norm with ord and axis at 0, jax.nn.log_softmax(where=),
logsumexp(b=), jax.scipy.special at extremes, and jax.scipy.stats with parameters written as expressions."""

from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.scipy import special, stats
from jax.scipy.special import logsumexp

# ------------------------------------------------------------------------------------------- custom_vjp, nondiff


@partial(jax.custom_vjp, nondiff_argnums=(0,))
def soft_beta(beta, x):
    return jnp.logaddexp(0.0, beta * x) / beta


def _soft_beta_fwd(beta, x):
    return soft_beta(beta, x), x


def _soft_beta_bwd(beta, x, g):
    return (g * jax.nn.sigmoid(beta * x),)


soft_beta.defvjp(_soft_beta_fwd, _soft_beta_bwd)


@partial(jax.custom_vjp, nondiff_argnums=(0,))
def soft_beta_slip(beta, x):
    return jnp.logaddexp(0.0, beta * x) / beta


def _soft_beta_slip_fwd(beta, x):
    return soft_beta_slip(beta, x), x


def _soft_beta_slip_bwd(beta, x, g):
    return (g * jax.nn.sigmoid(x),)


soft_beta_slip.defvjp(_soft_beta_slip_fwd, _soft_beta_slip_bwd)


def nondiff_good(x):
    return jnp.sum(soft_beta(2.0, x))


def nondiff_slip(x):
    return jnp.sum(soft_beta_slip(2.0, x))


# ------------------------------------------------------------------------------------------- defjvps


@jax.custom_jvp
def xsin(x, y):
    return x * jnp.sin(y)


xsin.defjvps(lambda t, ans, x, y: t * jnp.sin(y),
             lambda t, ans, x, y: t * x * jnp.cos(y))


@jax.custom_jvp
def xsin_slip(x, y):
    return x * jnp.sin(y)


xsin_slip.defjvps(lambda t, ans, x, y: t * jnp.sin(y),
                  lambda t, ans, x, y: -t * x * jnp.cos(y))  # slipped: the sign


def defjvps_good(x, y):
    return jnp.sum(xsin(x, y))


def defjvps_slip(x, y):
    return jnp.sum(xsin_slip(x, y))


# ------------------------------------------------------------------------------------------- rules composed


@jax.custom_jvp
def good_exp(x):
    return jnp.exp(x)


@good_exp.defjvp
def _good_exp_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = jnp.exp(x)
    return y, t * y


@jax.custom_jvp
def slip_sin(x):
    return jnp.sin(x)


@slip_sin.defjvp
def _slip_sin_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return jnp.sin(x), -t * jnp.cos(x)


def slip_inside(x):
    return jnp.sum(good_exp(slip_sin(x)))


def slip_outside(x):
    return jnp.sum(slip_sin(good_exp(x)))


@jax.custom_vjp
def sq_of_sin(x):
    return slip_sin(x) ** 2  # the primal calls a slipped rule, but this rule's own bwd is what JAX uses


def _sq_of_sin_fwd(x):
    return sq_of_sin(x), x


def _sq_of_sin_bwd(x, g):
    return (g * 2 * jnp.sin(x) * jnp.cos(x),)


sq_of_sin.defvjp(_sq_of_sin_fwd, _sq_of_sin_bwd)


def rule_over_slip(x):
    return jnp.sum(sq_of_sin(x))


# ------------------------------------------------------------------------------------------- checkpoint, jit, cond


@jax.checkpoint
def _block(x):
    return jnp.tanh(x) * jnp.exp(-0.5 * x)


def remat_loss(x):
    return jnp.sum(_block(_block(x)))


@jax.checkpoint
def _naive_block(x):
    return jnp.log(1 + jnp.exp(x))


def remat_naive(x):
    return jnp.sum(_naive_block(x))


@partial(jax.jit, static_argnums=(1,))
def _power_sum(x, n):
    return jnp.sum(x ** n) / n


def jit_static(x):
    return _power_sum(x, 3)


def cond_log(x):
    return lax.cond(x > 0, lambda v: jnp.log1p(v), lambda v: -jnp.log1p(-v), x)


def cond_sqrt(x):
    return lax.cond(x > 0, jnp.sqrt, lambda v: jnp.zeros_like(v), x)


def switch_pieces(x):
    i = jnp.clip(jnp.floor(x).astype(jnp.int32), 0, 2)
    return lax.switch(i, [lambda v: v ** 2, lambda v: 2 * v - 1, lambda v: v + 1], x)


# ------------------------------------------------------------------------------------------- norms, masks


def norm_rows_l1(x):
    return jnp.sum(jnp.linalg.norm(x, ord=1, axis=1))


def norm_cols_l2(x):
    return jnp.sum(jnp.linalg.norm(x, ord=2, axis=0))


def norm_inf(x):
    return jnp.linalg.norm(x, ord=jnp.inf)


def log_softmax_where(x):
    mask = jnp.array([True, False, True, True])
    w = jnp.array([1.0, 5.0, -2.0, 0.5], dtype=x.dtype)
    lsm = jax.nn.log_softmax(x, where=mask)
    return jnp.sum(jnp.where(mask, w * lsm, 0.0))


def lse_b(x):
    return logsumexp(x, b=jnp.array([1.0, 0.5, 2.0], dtype=x.dtype))


def lse_b_zero(x):
    return logsumexp(x, b=jnp.array([1.0, 0.0, 2.0], dtype=x.dtype))


# ------------------------------------------------------------------------------------------- jax.scipy.special


def xlogy_sum(x, y):
    return jnp.sum(special.xlogy(x, y))


def xlog1py_sum(x, y):
    return jnp.sum(special.xlog1py(x, y))


def gammaln_sum(x):
    return jnp.sum(special.gammaln(x))


def betaln_ab(a, b):
    return jnp.sum(special.betaln(a, b))


def lse_special(x):
    return special.logsumexp(x)


# ------------------------------------------------------------------------------------------- stats, expressions


def norm_expr(x):
    return jnp.sum(stats.norm.logpdf(x, loc=2 * 0.1, scale=1 / 1.5))


def logistic_expr(x):
    return jnp.sum(stats.logistic.logpdf(x, loc=0.5 * 0.5, scale=3 / 7))


def cauchy_expr(x):
    return jnp.sum(stats.cauchy.logpdf(x, loc=-0.1 * 3, scale=2 / 3))


def laplace_expr(x):
    return jnp.sum(stats.laplace.logpdf(x, loc=2 * 0.1, scale=1 / 1.5))
