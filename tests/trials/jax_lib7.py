"""A user's JAX code, seventh round: survival models (a Weibull regression on a parameter tree with censored data, a
log-logistic survival through jax.nn.softplus, a where-guarded Weibull log density), activations at their far ends
(selu, celu), special functions (betaln, digamma and a log-Beta ratio at large and tiny arguments), a hand-written
custom_vjp whose rule overflows, jnp.sinc, Pearson's correlation at collinear data, a group-normalised layer at
constant channels and a jitted Adam step."""

import jax
import jax.numpy as jnp
import numpy as np
from jax.scipy.special import betaln, digamma


def selu_sum(x):
    return jnp.sum(jax.nn.selu(x))


def celu_sum(x):
    return jnp.sum(jax.nn.celu(x, alpha=0.5))


def loglogistic_surv(x):
    # log survival of a log-logistic(alpha=2, beta=3): -log1p((x/alpha)^beta) = -softplus(beta log(x/alpha))
    return jnp.sum(-jax.nn.softplus(3.0 * jnp.log(x / 2.0)))


def weibull_where(k, x):
    # log density of Weibull(k, 1) at data x, the x = 0 observations guarded by a where
    safe = jnp.where(x > 0, (k - 1.0) * jnp.log(x), 0.0)
    return jnp.sum(jnp.log(k) + safe - x ** k)


def weibull_where_args():
    return np.array(2.5), np.array([0.0, 0.7, 1.3])


def weibull_regression(params, data):
    # accelerated failure time: log scale = w . features + b, shape = exp(log_k); censored rows count their survival
    k = jnp.exp(params["log_k"])
    log_lam = data["features"] @ params["w"] + params["b"]
    z = data["time"] / jnp.exp(log_lam)
    log_pdf = jnp.log(k) - log_lam + (k - 1.0) * jnp.log(z)
    return jnp.sum(data["event"] * log_pdf - z ** k)


def weibull_regression_args():
    params = {"w": np.array([0.3, -0.2]), "b": np.array(0.1), "log_k": np.array(0.4)}
    data = {"features": np.array([[1.0, 2.0], [0.5, -1.0], [2.0, 0.0]]), "time": np.array([1.2, 0.3, 4.0]),
            "event": np.array([1.0, 0.0, 1.0])}
    return params, data


def log_beta(a):
    return jnp.sum(betaln(a, 2.0))


def digamma_sum(x):
    return jnp.sum(digamma(x))


@jax.custom_vjp
def log1mexp(x):
    return jnp.log(-jnp.expm1(x))


def _log1mexp_fwd(x):
    return log1mexp(x), x


def _log1mexp_bwd(x, g):
    return (g * -jnp.exp(x) / (1.0 - jnp.exp(x)),)


log1mexp.defvjp(_log1mexp_fwd, _log1mexp_bwd)


def log1mexp_sum(x):
    return jnp.sum(log1mexp(x))


def sinc_sum(x):
    return jnp.sum(jnp.sinc(x))


Y = np.array([3.0, 5.0, 7.0, 9.0])


def pearson(x):
    dx, dy = x - jnp.mean(x), Y - jnp.mean(Y)
    return jnp.sum(dx * dy) / (jnp.linalg.norm(dx) * jnp.linalg.norm(dy))


G = np.array([1.0, 2.0, 4.0, -1.0, 0.5, 3.0])


def group_norm(x):
    # two groups of three channels, normalised within each group
    g = x.reshape(2, 3)
    mean = jnp.mean(g, axis=1, keepdims=True)
    var = jnp.var(g, axis=1, keepdims=True)
    return jnp.sum(G * ((g - mean) / jnp.sqrt(var + 1e-5)).reshape(6))


@jax.jit
def adam_step(w):
    # the parameter after one Adam step on 0.5 w^2 from zero moments: m = (1-b1) g, v = (1-b2) g^2, bias-corrected
    lr, b1, b2, eps = 1e-3, 0.9, 0.999, 1e-8
    g = w
    m_hat = ((1.0 - b1) * g) / (1.0 - b1)
    v_hat = ((1.0 - b2) * g * g) / (1.0 - b2)
    return jnp.sum(w - lr * m_hat / (jnp.sqrt(v_hat) + eps))


def gammainc_sum(x):
    return jnp.sum(jax.scipy.special.gammainc(2.0, x))


def entr_sum(p):
    return jnp.sum(jax.scipy.special.entr(p))


def standardized(x):
    # jax.nn.standardize over the last axis, with its epsilon under the variance
    return jnp.sum(G[:3] * jax.nn.standardize(x, epsilon=1e-5))
