"""A user's JAX code, eleventh round: probabilistic models as libraries write them. A Gaussian mixture's negative
log-likelihood over a parameter tree (log_softmax weights, log-scales, logsumexp over components), Student-t,
gamma and beta log-likelihoods through jax.scipy.stats (in their shape parameters too, at 1e-300 and 1e300),
a von Mises log-likelihood through i0e, Gaussian log-likelihoods whose log-determinant comes from a Cholesky factor
or from slogdet, a one-dimensional flow whose scale is a softplus, masked attention (a -inf mask and a -1e30 one),
explicit Euler steps in lax.scan and in fori_loop, a gradient penalty (jax.grad inside the loss), quantile
(pinball) losses at and beside their kink, custom rules: a logcosh whose jvp is right, a softplus whose custom_vjp
is right in the bulk and wrong in a tail, a rule over a dict of parameters wrong in one leaf, a vmapped
per-example loss, and float32 runs of the same."""

import jax
import jax.numpy as jnp
from jax.scipy.special import gammaln, i0e, logsumexp
from jax.scipy.stats import beta as beta_dist
from jax.scipy.stats import gamma as gamma_dist
from jax.scipy.stats import t as student_t

LOG_2PI = jnp.log(2.0 * jnp.pi)
DATA = jnp.array([-1.5, 0.25, 2.0, 40.0])


def gmm_nll(params, x):
    log_w = jax.nn.log_softmax(params["logits"])
    mu, log_s = params["mu"], params["log_sigma"]
    z = (x[:, None] - mu[None, :]) / jnp.exp(log_s)[None, :]
    comp = -0.5 * z ** 2 - log_s[None, :] - 0.5 * LOG_2PI
    return -jnp.sum(logsumexp(log_w[None, :] + comp, axis=1))


def gmm_args():
    params = {"logits": jnp.array([0.3, -0.2]), "mu": jnp.array([-1.0, 2.5]), "log_sigma": jnp.array([0.1, -0.4])}
    return params, DATA


def student_nll(x, df):
    return -jnp.sum(student_t.logpdf(x, df))


def gamma_shape_ll(a):
    return jnp.sum(gamma_dist.logpdf(jnp.array([0.5, 2.0]), a))


def beta_ll(a, b):
    return jnp.sum(beta_dist.logpdf(jnp.array([1e-300, 0.3]), a, b))


def vonmises_nll(kappa):
    angles = jnp.array([0.1, -2.0, 3.0])
    log_norm = LOG_2PI + jnp.log(i0e(kappa)) + kappa
    return -jnp.sum(kappa * jnp.cos(angles - 0.5) - log_norm)


def _cov(w, jitter):
    return w @ w.T + jitter * jnp.eye(w.shape[0])


def chol_gauss_nll(w, y):
    chol = jnp.linalg.cholesky(_cov(w, 1e-3))
    alpha = jax.scipy.linalg.solve_triangular(chol, y, lower=True)
    return 0.5 * jnp.sum(alpha ** 2) + jnp.sum(jnp.log(jnp.diag(chol)))


def slogdet_gauss_nll(w, y):
    cov = _cov(w, 1e-3)
    sign, logdet = jnp.linalg.slogdet(cov)
    return 0.5 * y @ jnp.linalg.solve(cov, y) + 0.5 * logdet


def corr_logdet(a):
    cov = jnp.array([[1.0, 0.0], [0.0, 1.0]]) + a * jnp.array([[0.0, 1.0], [1.0, 0.0]])
    return jnp.linalg.slogdet(cov)[1]


def flow_logprob(raw, x):
    scale = jax.nn.softplus(raw)
    z = (x - 0.5) / scale
    return jnp.sum(-0.5 * z ** 2 - 0.5 * LOG_2PI - jnp.log(scale))


def masked_attention(scores):
    mask = jnp.array([True, False, True, True])
    logits = jnp.where(mask, scores, -jnp.inf)
    weights = jax.nn.softmax(logits)
    return jnp.sum(weights * jnp.array([1.0, 2.0, 3.0, 4.0]))


def masked_attention_big(scores):
    mask = jnp.array([True, False, True, True])
    logits = jnp.where(mask, scores, -1e30)
    weights = jax.nn.softmax(logits)
    return jnp.sum(weights * jnp.array([1.0, 2.0, 3.0, 4.0]))


def euler_decay(k):
    h = 0.01

    def step(y, _):
        return y - h * k * y, None

    y, _ = jax.lax.scan(step, 1.0, None, length=100)
    return y


def euler_fori(k):
    h = 0.01
    return jax.lax.fori_loop(0, 100, lambda i, y: y - h * k * y, 2.0)


def grad_penalty(w):
    xs = jnp.array([0.5, -1.0, 2.0])
    slope = jax.vmap(jax.grad(lambda x: jnp.tanh(w * x)))(xs)
    return jnp.sum(slope ** 2)


def pinball(q):
    y = jnp.array([1.0, 2.0, 3.0])
    tau = 0.9
    r = y - q
    return jnp.sum(jnp.maximum(tau * r, (tau - 1.0) * r))


def pinball_where(q):
    y = jnp.array([1.0, 2.0, 3.0])
    tau = 0.9
    r = y - q
    return jnp.sum(jnp.where(r >= 0, tau * r, (tau - 1.0) * r))


@jax.custom_jvp
def logcosh(x):
    return jnp.logaddexp(x, -x) - jnp.log(2.0)


@logcosh.defjvp
def _logcosh_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return logcosh(x), t * jnp.tanh(x)


def logcosh_loss(x):
    return jnp.sum(logcosh(x))


@jax.custom_vjp
def softplus_vjp(x):
    return jnp.logaddexp(x, 0.0)


def _softplus_fwd(x):
    return softplus_vjp(x), x


def _softplus_bwd(x, g):
    # the sigmoid as 1 - 1/(1 + e^x): exact in the bulk, 0 where e^x < 2^-53 (x < -36.7)
    return (g * (1.0 - 1.0 / (1.0 + jnp.exp(x))),)


softplus_vjp.defvjp(_softplus_fwd, _softplus_bwd)


def softplus_vjp_loss(x):
    return jnp.sum(softplus_vjp(x))


@jax.custom_vjp
def scaled_norm(params):
    return params["scale"] * jnp.sqrt(jnp.sum(params["v"] ** 2))


def _scaled_norm_fwd(params):
    n = jnp.sqrt(jnp.sum(params["v"] ** 2))
    return params["scale"] * n, (params, n)


def _scaled_norm_bwd(res, g):
    params, n = res
    return ({"scale": g * n, "v": g * params["v"] / n},)


scaled_norm.defvjp(_scaled_norm_fwd, _scaled_norm_bwd)


def scaled_norm_loss(params):
    return scaled_norm(params) ** 2


def scaled_norm_args():
    return ({"scale": jnp.array(3.0), "v": jnp.array([1.0, -2.0, 2.0])},)


def per_example(w):
    xs = jnp.array([[1.0, 2.0], [-800.0, 0.5], [3.0, -1.0]])
    ys = jnp.array([1.0, 0.0, 1.0])

    def nll(x, y):
        z = x @ w
        return jnp.logaddexp(0.0, z) - y * z

    return jnp.mean(jax.vmap(nll)(xs, ys))


def gelu_tanh(x):
    return jnp.sum(jax.nn.gelu(x, approximate=True))


def log_gamma_ratio(a):
    return jnp.sum(gammaln(a + 0.5) - gammaln(a))


def softmax_masked_arg(scores):
    mask = jnp.array([True, False, True, True])
    weights = jax.nn.softmax(scores, where=mask)
    return jnp.sum(jnp.where(mask, weights, 0.0) * jnp.array([1.0, 2.0, 3.0, 4.0]))


def vmapped_cond(x):
    def one(v):
        return jax.lax.cond(v > 1.0, lambda u: u ** 2, lambda u: 2.0 * u - 1.0, v)
    return jnp.sum(jax.vmap(one)(x))


def eigh_logdet(w):
    cov = w @ w.T + 0.1 * jnp.eye(2)
    return jnp.sum(jnp.log(jnp.linalg.eigh(cov)[0]))


def gmm32_args():
    params = {"logits": jnp.array([0.3, -0.2], dtype=jnp.float32), "mu": jnp.array([-1.0, 2.5], dtype=jnp.float32),
              "log_sigma": jnp.array([0.1, -0.4], dtype=jnp.float32)}
    return params, jnp.array([-1.5, 0.25, 2.0, 40.0], dtype=jnp.float32)


def interp_cost(x):
    knots, heights = jnp.array([0.0, 1.0, 3.0]), jnp.array([0.0, 2.0, 3.0])
    return jnp.sum(jnp.interp(x, knots, heights))


def median_loss(x):
    return jnp.median(x) ** 2


def mvn_nll(mean):
    cov = jnp.array([[1.0, 0.999999], [0.999999, 1.0]])
    return -jax.scipy.stats.multivariate_normal.logpdf(jnp.array([0.5, -0.5]), mean, cov)


def betaln_far(b):
    return jnp.sum(jax.scipy.special.betaln(0.5, b))


def naive_masked_lse(s):
    mask = jnp.array([True, False, True, True])
    return jnp.log(jnp.sum(jnp.where(mask, jnp.exp(s), 0.0)))
