"""A user's JAX code, eighty-third round (d): the terms of a variational autoencoder's ELBO on tiny latents (2-4
dimensions), the noise drawn elsewhere and passed in as data. The Gaussian KL to N(0, I) from a log-variance, from a
softplus variance, from a standard deviation and from exp(0.5 logvar); the reparameterised sample mu + std * eps under a
Gaussian decoder; the Bernoulli decoder's log-likelihood from probabilities (log of a sigmoid), clipped, from logits
by jax.nn.log_sigmoid and by the hand-written max(l, 0) - l x + log1p(exp(-|l|)); the Gaussian decoder's negative
log-density with a learned log-variance and a learned variance; the IWAE bound by logsumexp and by log(mean(exp));
the Gumbel-softmax (jax.nn.softmax and by hand) and its straight-through hard sample; straight-through rounding by
stop_gradient and by a custom_vjp; beta-VAE's KL annealing and free bits; a KL between categoricals by xlogy; the
Kumaraswamy reparameterisation of a Beta-like latent; a Gumbel sample drawn by jax.random inside the loss."""

import math

import jax
import jax.numpy as jnp
from jax.scipy.special import logsumexp, xlogy

X_BIN = jnp.array([1.0, 0.0, 1.0])  # a binarised "image" of three pixels
X_REAL = jnp.array([0.3, -0.2])  # a real-valued observation
W_OUT = jnp.array([1.0, -2.0, 0.5])  # a fixed downstream read-out of a categorical latent
U_NOISE = jnp.array([0.0, 0.3])  # uniform noise as jax.random.uniform can return it (minval is included)
LOG_2PI = math.log(2 * math.pi)


# ------------------------------------------------------------------------------------------------- Gaussian KL
def gauss_kl(mu, logvar):
    """KL(N(mu, exp(logvar)) | N(0, I)), Kingma and Welling's appendix B."""
    return -0.5 * jnp.sum(1 + logvar - mu ** 2 - jnp.exp(logvar))


def gauss_kl_softplus(mu, s):
    """The encoder's variance through softplus (a positive output layer)."""
    var = jax.nn.softplus(s)
    return -0.5 * jnp.sum(1 + jnp.log(var) - mu ** 2 - var)


def gauss_kl_std(mu, std):
    """The encoder emits a standard deviation."""
    return jnp.sum(-jnp.log(std) + 0.5 * (std ** 2 + mu ** 2) - 0.5)


def gauss_kl_from_std(mu, logvar):
    """std = exp(0.5 logvar) computed once and reused, the KL written from it."""
    std = jnp.exp(0.5 * logvar)
    return -0.5 * jnp.sum(1 + jnp.log(std ** 2) - mu ** 2 - std ** 2)


# ------------------------------------------------------------------------------------------------- reparameterisation
def reparam_recon(mu, logvar, eps):
    """z = mu + std * eps and a unit-variance Gaussian decoder that reads z directly."""
    z = mu + jnp.exp(0.5 * logvar) * eps
    return 0.5 * jnp.sum((X_REAL - z) ** 2)


def elbo(mu, logvar, eps):
    """The negative ELBO: the reparameterised reconstruction plus the KL."""
    z = mu + jnp.exp(0.5 * logvar) * eps
    recon = 0.5 * jnp.sum((X_REAL - z) ** 2)
    return recon + gauss_kl(mu, logvar)


# ------------------------------------------------------------------------------------------------- Bernoulli decoder
def bern_ll_probs(logits):
    """log p(x | z) from probabilities, as many tutorials write it."""
    p = jax.nn.sigmoid(logits)
    return jnp.sum(X_BIN * jnp.log(p) + (1 - X_BIN) * jnp.log(1 - p))


def bern_ll_clipped(logits):
    """The same with the probabilities clipped away from 0 and 1."""
    p = jnp.clip(jax.nn.sigmoid(logits), 1e-7, 1 - 1e-7)
    return jnp.sum(X_BIN * jnp.log(p) + (1 - X_BIN) * jnp.log(1 - p))


def bern_ll_logits(logits):
    """From logits by jax.nn.log_sigmoid."""
    return jnp.sum(X_BIN * jax.nn.log_sigmoid(logits) + (1 - X_BIN) * jax.nn.log_sigmoid(-logits))


def bce_logits_hand(logits):
    """TensorFlow's documented formula for sigmoid cross-entropy with logits, written out."""
    return jnp.sum(jnp.maximum(logits, 0) - logits * X_BIN + jnp.log1p(jnp.exp(-jnp.abs(logits))))


# ------------------------------------------------------------------------------------------------- Gaussian decoder
def gauss_nll_logvar(x_hat, logvar):
    """-log N(X_REAL; x_hat, exp(logvar)) with a learned per-dimension log-variance."""
    return 0.5 * jnp.sum(LOG_2PI + logvar + (X_REAL - x_hat) ** 2 / jnp.exp(logvar))


def gauss_nll_var(x_hat, var):
    """The same with the variance itself as the network's output."""
    return 0.5 * jnp.sum(LOG_2PI + jnp.log(var) + (X_REAL - x_hat) ** 2 / var)


def gauss_nll_floor(x_hat, s):
    """A softplus variance with a floor, the usual guard."""
    var = jax.nn.softplus(s) + 1e-6
    return 0.5 * jnp.sum(LOG_2PI + jnp.log(var) + (X_REAL - x_hat) ** 2 / var)


# ------------------------------------------------------------------------------------------------- IWAE
def iwae_bound(logw):
    """The K-sample importance-weighted bound log (1/K) sum_k w_k from log weights."""
    return logsumexp(logw) - jnp.log(logw.shape[0])


def iwae_naive(logw):
    return jnp.log(jnp.mean(jnp.exp(logw)))


# ------------------------------------------------------------------------------------------------- Gumbel-softmax
def gumbel_softmax(logits, g, tau):
    y = jax.nn.softmax((logits + g) / tau)
    return jnp.sum(y * W_OUT)


def gumbel_softmax_hand(logits, g, tau):
    e = jnp.exp((logits + g) / tau)
    return jnp.sum(e / jnp.sum(e) * W_OUT)


def gumbel_st(logits, g, tau):
    """The straight-through Gumbel-softmax: a one-hot forward, the soft sample's gradient."""
    y_soft = jax.nn.softmax((logits + g) / tau)
    y_hard = jax.nn.one_hot(jnp.argmax(y_soft), logits.shape[0], dtype=y_soft.dtype)
    y = y_hard - jax.lax.stop_gradient(y_soft) + y_soft
    return jnp.sum(y * W_OUT)


def gumbel_jax_random(logits, tau):
    """The noise drawn by jax.random inside the loss, a fixed key."""
    g = jax.random.gumbel(jax.random.PRNGKey(0), logits.shape, dtype=logits.dtype)
    return jnp.sum(jax.nn.softmax((logits + g) / tau) * W_OUT)


# ------------------------------------------------------------------------------------------------- straight-through
def st_round_sg(z):
    """VQ-style straight-through rounding: z + stop_gradient(round(z) - z)."""
    zq = z + jax.lax.stop_gradient(jnp.round(z) - z)
    return jnp.sum(zq * W_OUT[: z.shape[0]]) + 0.5 * jnp.sum(zq ** 2)


@jax.custom_vjp
def st_round(z):
    return jnp.round(z)


def _st_round_fwd(z):
    return jnp.round(z), None


def _st_round_bwd(_, g):
    return (g,)


st_round.defvjp(_st_round_fwd, _st_round_bwd)


def st_round_vjp(z):
    zq = st_round(z)
    return jnp.sum(zq * W_OUT[: z.shape[0]]) + 0.5 * jnp.sum(zq ** 2)


# ------------------------------------------------------------------------------------------------- beta-VAE
def beta_vae(mu, logvar, eps, beta):
    z = mu + jnp.exp(0.5 * logvar) * eps
    return 0.5 * jnp.sum((X_REAL - z) ** 2) + beta * gauss_kl(mu, logvar)


def kl_annealed(mu, logvar, step):
    """Linear KL warm-up over 1000 steps."""
    beta = jnp.minimum(1.0, step / 1000.0)
    return beta * gauss_kl(mu, logvar)


def kl_free_bits(mu, logvar):
    """Free bits: each latent's KL is not pushed below 0.5 nats."""
    kl = -0.5 * (1 + logvar - mu ** 2 - jnp.exp(logvar))
    return jnp.sum(jnp.maximum(kl, 0.5))


# ------------------------------------------------------------------------------------------------- categorical KL
def cat_kl(q, p):
    """KL(q | p) for categorical posteriors and priors, 0 log 0 = 0 by xlogy."""
    return jnp.sum(xlogy(q, q) - xlogy(q, p))


def cat_kl_ratio(q, p):
    return jnp.sum(xlogy(q, q / p))


def cat_kl_logits(a, b):
    """KL between the softmaxes of two logit vectors by log_softmax."""
    la, lb = jax.nn.log_softmax(a), jax.nn.log_softmax(b)
    return jnp.sum(jnp.exp(la) * (la - lb))


# ------------------------------------------------------------------------------------------------- Kumaraswamy
def kumaraswamy_sample(a, b, u):
    """Nalisnick and Smyth's stick-breaking VAE: x = (1 - (1 - u)^(1/b))^(1/a), u ~ U(0, 1)."""
    x = (1 - (1 - u) ** (1 / b)) ** (1 / a)
    return jnp.sum(x)


def kumaraswamy_latent(a, b):
    """The same with the uniform noise fixed as data."""
    x = (1 - (1 - U_NOISE) ** (1 / b)) ** (1 / a)
    return jnp.sum(x * X_REAL)


def bernoulli_st(logits):
    """A binary latent drawn by jax.random.bernoulli, straight-through: p + stop_gradient(z - p)."""
    p = jax.nn.sigmoid(logits)
    z = jax.random.bernoulli(jax.random.PRNGKey(0), p).astype(p.dtype)
    z = p + jax.lax.stop_gradient(z - p)
    return jnp.sum(z * W_OUT)
