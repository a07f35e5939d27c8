"""A user's JAX code, sixty-seventh round (d): jax.scipy.special and the cumulative ops at their edges. log_ndtr /
ndtri in the far tails, erfcx, i0e / i1e at 0, xlogy / xlog1py, entr, gammaln and digamma at poles and 1e-300,
betaln, logit / expit, jnp.cumsum / cumprod with zeros, lax.cumlogsumexp at +-800 (reversed too), lax.cummax with
ties, jnp.sinc at 0 and beside it."""
import jax
import jax.numpy as jnp
from jax.scipy import special


def log_ndtr(x):
    return jnp.sum(special.log_ndtr(x))


def ndtri(p):
    return jnp.sum(special.ndtri(p))


def erfcx(x):
    return jnp.sum(special.erfcx(x))


def i0e(x):
    return jnp.sum(special.i0e(x))


def i1e(x):
    return jnp.sum(special.i1e(x))


def xlogy(x, y):
    return jnp.sum(special.xlogy(x, y))


def xlog1py(x, y):
    return jnp.sum(special.xlog1py(x, y))


def entr(p):
    return jnp.sum(special.entr(p))


def gammaln(x):
    return jnp.sum(special.gammaln(x))


def digamma(x):
    return jnp.sum(special.digamma(x))


def betaln(a, b):
    return jnp.sum(special.betaln(a, b))


def logit(p):
    return jnp.sum(special.logit(p))


def expit(x):
    return jnp.sum(special.expit(x))


def cumsum_weighted(x):
    return jnp.sum(jnp.array([1.0, -2.0, 0.5]) * jnp.cumsum(x))


def cumprod_sum(x):
    return jnp.sum(jnp.cumprod(x))


def cumprod_last(x):
    return jnp.cumprod(x)[-1]


def cumlogsumexp(x):
    return jnp.sum(jax.lax.cumlogsumexp(x))


def cumlogsumexp_rev(x):
    return jnp.sum(jax.lax.cumlogsumexp(x, reverse=True))


def cummax_sum(x):
    return jnp.sum(jax.lax.cummax(x))


def sinc(x):
    return jnp.sum(jnp.sinc(x))


def cumlogsumexp_masked(x):
    return jnp.sum(jax.lax.cumlogsumexp(x + jnp.array([-jnp.inf, 0.0, 0.0]))[1:])
