"""A user's JAX code, twenty-sixth round (first half): diffusion-model losses (the cosine schedule's log-SNR by the
tangent and by alpha_bar / (1 - alpha_bar), a v-prediction loss with alpha and sigma from jax.nn.sigmoid of the
log-SNR), a VAE's Gaussian KL by the log-variance and by the log of the variance, DPO's preference loss by
jax.nn.log_sigmoid and by the log of a sigmoid, a Gaussian process's negative log marginal likelihood by
jnp.linalg.cholesky, a negative-binomial likelihood by gammaln with the rate's log-odds two ways, a wrapped angle error
by jnp.arctan2, sparsemax written by hand with jnp.sort and jnp.cumsum, temperature scaling by log_softmax and by the log
of a softmax, Wasserstein-1 between sorted samples, a jax.lax.scan RNN with layer norm, gradient clipping by a
jax.custom_vjp and a jax.checkpoint'ed damped wave; alpha_bar by jnp.cumprod and by a cumsum of log1p, a
reparameterised ELBO with a fixed key, a Bernoulli decoder by xlogy, drawdowns by jax.lax.cummax, value at risk by
jnp.quantile, softmax's where=, a gradient clipped by its norm (custom_vjp with nondiff_argnums), bfloat16 mixed
precision, jax.nn.squareplus and jnp.linalg.slogdet."""

import functools

import jax
import jax.numpy as jnp
from jax.scipy.special import gammaln

# --- diffusion models -----------------------------------------------------------------------------------------------


def log_snr_cosine(t):
    """The cosine schedule's log signal-to-noise ratio, -2 log tan(pi t / 2), summed over the times."""
    return jnp.sum(-2.0 * jnp.log(jnp.tan(jnp.pi * t / 2.0)))


def log_snr_from_alpha_bar(t):
    """The same log-SNR from alpha_bar = cos^2(pi t / 2), as log(alpha_bar / (1 - alpha_bar))."""
    alpha_bar = jnp.cos(jnp.pi * t / 2.0) ** 2
    return jnp.sum(jnp.log(alpha_bar / (1.0 - alpha_bar)))


def v_prediction_loss(t):
    """A v-prediction loss of a linear denoiser v_hat = 0.5 x_t, for x0 = 0.7 and noise 0.3."""
    log_snr = -2.0 * jnp.log(jnp.tan(jnp.pi * t / 2.0))
    alpha = jnp.sqrt(jax.nn.sigmoid(log_snr))
    sigma = jnp.sqrt(jax.nn.sigmoid(-log_snr))
    x0, eps = 0.7, 0.3
    x_t = alpha * x0 + sigma * eps
    v = alpha * eps - sigma * x0
    return jnp.sum((0.5 * x_t - v) ** 2)


# --- variational autoencoders ---------------------------------------------------------------------------------------


def gaussian_kl(mu, log_var):
    """KL(N(mu, e^log_var) || N(0, 1)), summed over the latent dimensions."""
    return 0.5 * jnp.sum(jnp.exp(log_var) + mu ** 2 - 1.0 - log_var)


def gaussian_kl_from_var(mu, log_var):
    """The same KL, the variance made first and its log taken."""
    var = jnp.exp(log_var)
    return 0.5 * jnp.sum(var + mu ** 2 - 1.0 - jnp.log(var))


# --- preference learning --------------------------------------------------------------------------------------------

REF_CHOSEN, REF_REJECTED, BETA = -12.5, -14.0, 0.1


def dpo_loss(chosen, rejected):
    """DPO's loss for policy log-probabilities of a chosen and a rejected answer, by jax.nn.log_sigmoid."""
    margin = BETA * ((chosen - REF_CHOSEN) - (rejected - REF_REJECTED))
    return -jnp.sum(jax.nn.log_sigmoid(margin))


def dpo_loss_naive(chosen, rejected):
    """The same loss by the log of a sigmoid."""
    margin = BETA * ((chosen - REF_CHOSEN) - (rejected - REF_REJECTED))
    return -jnp.sum(jnp.log(jax.nn.sigmoid(margin)))


# --- Gaussian processes ---------------------------------------------------------------------------------------------


def gp_nll(log_ell):
    """The negative log marginal likelihood of an RBF GP (noise 1e-6) at three inputs, by Cholesky."""
    x = jnp.array([0.0, 0.5, 1.3], dtype=log_ell.dtype)
    y = jnp.array([0.2, -0.4, 0.9], dtype=log_ell.dtype)
    ell = jnp.exp(log_ell)
    d = x[:, None] - x[None, :]
    k = jnp.exp(-0.5 * (d / ell) ** 2) + 1e-6 * jnp.eye(3, dtype=log_ell.dtype)
    chol = jnp.linalg.cholesky(k)
    alpha = jax.scipy.linalg.cho_solve((chol, True), y)
    return 0.5 * y @ alpha + jnp.sum(jnp.log(jnp.diag(chol))) + 1.5 * jnp.log(2.0 * jnp.pi)


# --- count likelihoods ----------------------------------------------------------------------------------------------

COUNTS = (0.0, 3.0, 1.0e6)


def negbin_nll(log_mu, log_r):
    """Negative-binomial NLL of the counts 0, 3 and 1e6, mean e^log_mu and dispersion e^log_r, in log space."""
    k = jnp.array(COUNTS, dtype=log_mu.dtype)
    r = jnp.exp(log_r)
    log_total = jnp.logaddexp(log_mu, log_r)
    ll = (gammaln(k + r) - gammaln(r) - gammaln(k + 1.0)
          + r * (log_r - log_total) + k * (log_mu - log_total))
    return -jnp.sum(ll)


def negbin_nll_naive(log_mu, log_r):
    """The same NLL through the success probability p = mu / (r + mu)."""
    k = jnp.array(COUNTS, dtype=log_mu.dtype)
    mu, r = jnp.exp(log_mu), jnp.exp(log_r)
    p = mu / (r + mu)
    ll = gammaln(k + r) - gammaln(r) - gammaln(k + 1.0) + r * jnp.log(1.0 - p) + k * jnp.log(p)
    return -jnp.sum(ll)


# --- circular statistics --------------------------------------------------------------------------------------------


def wrapped_error(a, b):
    """The squared angle between a and b, wrapped into (-pi, pi] by arctan2."""
    d = jnp.arctan2(jnp.sin(a - b), jnp.cos(a - b))
    return jnp.sum(d ** 2)


# --- sparse projections and calibration ------------------------------------------------------------------------------


def sparsemax_score(z):
    """sum_i w_i sparsemax(z)_i with w = (1, 2, 3), sparsemax by sorting (Martins and Astudillo)."""
    z_sorted = jnp.sort(z)[::-1]
    k = jnp.arange(1, z.shape[0] + 1, dtype=z.dtype)
    cumulative = jnp.cumsum(z_sorted)
    support = 1.0 + k * z_sorted > cumulative
    k_z = jnp.sum(support)
    tau = (jnp.sum(jnp.where(support, z_sorted, 0.0)) - 1.0) / k_z
    p = jnp.maximum(z - tau, 0.0)
    return jnp.sum(p * jnp.arange(1, z.shape[0] + 1, dtype=z.dtype))


LOGITS = ((3.0, 1.0, 0.2), (0.5, 2.0, -1.0))
LABELS = (0, 2)


def temperature_nll(log_t):
    """Temperature scaling's NLL of two examples (the second one wrong), by jax.nn.log_softmax."""
    logits = jnp.array(LOGITS, dtype=log_t.dtype)
    scaled = logits / jnp.exp(log_t)
    return -jnp.sum(jax.nn.log_softmax(scaled)[jnp.arange(2), jnp.array(LABELS)])


def temperature_nll_naive(log_t):
    """The same NLL by the log of a softmax."""
    logits = jnp.array(LOGITS, dtype=log_t.dtype)
    probs = jax.nn.softmax(logits / jnp.exp(log_t))
    return -jnp.sum(jnp.log(probs[jnp.arange(2), jnp.array(LABELS)]))


def wasserstein1(x):
    """W1 between the empirical samples x and (0, 1, 3): the mean gap of the sorted samples."""
    target = jnp.array([0.0, 1.0, 3.0], dtype=x.dtype)
    return jnp.mean(jnp.abs(jnp.sort(x) - target))


# --- sequence models ------------------------------------------------------------------------------------------------


def _layer_norm(h):
    mean = jnp.mean(h)
    var = jnp.mean((h - mean) ** 2)
    return (h - mean) / jnp.sqrt(var + 1e-5)


def rnn_layer_norm(w):
    """A two-unit tanh RNN over three inputs by jax.lax.scan, layer norm before the tanh; the last state's sum of
    squares weighted (1, 2)."""
    xs = jnp.array([[0.5, -1.0], [1.5, 0.25], [-0.3, 0.8]], dtype=w.dtype)

    def step(h, x):
        h = jnp.tanh(_layer_norm(w @ h + x))
        return h, h

    h, _ = jax.lax.scan(step, jnp.zeros(2, dtype=w.dtype), xs)
    return h[0] ** 2 + 2.0 * h[1] ** 2


# --- custom derivatives and rematerialisation -----------------------------------------------------------------------


@jax.custom_vjp
def clip_gradient(x):
    return x


def _clip_fwd(x):
    return x, None


def _clip_bwd(_, g):
    return (jnp.clip(g, -1.0, 1.0),)


clip_gradient.defvjp(_clip_fwd, _clip_bwd)


def clipped_square(x):
    """x^2 with its gradient clipped to [-1, 1] on its way back into x."""
    return jnp.sum(clip_gradient(x) ** 2)


@jax.checkpoint
def _damped(x):
    return jnp.sin(3.0 * x) * jnp.exp(-x * x)


def damped_wave(x):
    """A damped wave under jax.checkpoint, its square summed."""
    return jnp.sum(_damped(x) ** 2)


# --- more diffusion and VAE code ------------------------------------------------------------------------------------


def log_snr_cumprod(betas):
    """A discrete schedule's log-SNRs summed: alpha_bar = cumprod(1 - beta), log(alpha_bar) - log(1 - alpha_bar)."""
    alpha_bar = jnp.cumprod(1.0 - betas)
    return jnp.sum(jnp.log(alpha_bar) - jnp.log(1.0 - alpha_bar))


def log_snr_cumsum(betas):
    """The same log-SNRs in log space: log alpha_bar = cumsum(log1p(-beta)), log(1 - alpha_bar) by expm1."""
    log_alpha_bar = jnp.cumsum(jnp.log1p(-betas))
    return jnp.sum(log_alpha_bar - jnp.log(-jnp.expm1(log_alpha_bar)))


def elbo_reparameterised(mu, log_var):
    """A one-sample negative ELBO: z = mu + sigma eps (eps drawn with a fixed key), a Gaussian decoder around 0.8."""
    eps = jax.random.normal(jax.random.PRNGKey(0), mu.shape, mu.dtype)
    z = mu + jnp.exp(0.5 * log_var) * eps
    return 0.5 * jnp.sum((0.8 - z) ** 2) + gaussian_kl(mu, log_var)


def bernoulli_nll(p):
    """A Bernoulli decoder's NLL of the pixels (0, 1, 0.3) by jax.scipy.special.xlogy."""
    x = jnp.array([0.0, 1.0, 0.3], dtype=p.dtype)
    return -jnp.sum(jax.scipy.special.xlogy(x, p) + jax.scipy.special.xlogy(1.0 - x, 1.0 - p))


# --- risk, masks, clipping by norm and mixed precision --------------------------------------------------------------


def drawdown_total(prices):
    """The summed drawdown of a price path from its running peak, by jax.lax.cummax."""
    return jnp.sum(jax.lax.cummax(prices) - prices)


def value_at_risk(returns):
    """The 90% quantile of the losses, by jnp.quantile (linear interpolation)."""
    return jnp.quantile(returns, 0.9)


def masked_attention_score(scores):
    """A softmax over the unmasked keys (jax.nn.softmax's where=), weighted by the values (1, 2, 3)."""
    mask = jnp.array([True, False, True])
    weights = jax.nn.softmax(scores, where=mask)
    return jnp.sum(weights * jnp.array([1.0, 2.0, 3.0], dtype=scores.dtype))


@functools.partial(jax.custom_vjp, nondiff_argnums=(1,))
def clip_norm(x, max_norm):
    return x


def _clip_norm_fwd(x, max_norm):
    return x, None


def _clip_norm_bwd(max_norm, _, g):
    return (g * jnp.minimum(1.0, max_norm / jnp.linalg.norm(g)),)


clip_norm.defvjp(_clip_norm_fwd, _clip_norm_bwd)


def norm_clipped_square(x):
    """x^2 summed, its gradient clipped to norm 10 on its way back (a custom_vjp with max_norm in nondiff_argnums)."""
    return jnp.sum(clip_norm(x, 10.0) ** 2)


def bf16_energy(x):
    """Mixed precision: the square computed in bfloat16, summed in the input's dtype."""
    return jnp.sum((x.astype(jnp.bfloat16) ** 2).astype(x.dtype))


def squareplus_total(x):
    """jax.nn.squareplus with b = 4, summed."""
    return jnp.sum(jax.nn.squareplus(x, 4.0))


def near_singular_logdet(d):
    """log det of [[1 + d0, 1], [1, 1 + d1]] by jnp.linalg.slogdet: det = d0 + d1 + d0 d1."""
    a = jnp.ones((2, 2), dtype=d.dtype) + jnp.diag(d)
    return jnp.linalg.slogdet(a)[1]
