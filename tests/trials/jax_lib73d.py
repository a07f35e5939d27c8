"""A user's JAX code, seventy-third round (d): diffusion models and normalizing flows as researchers write them in JAX.
Diffusion: the cosine schedule alpha_bar(t) = f(t) / f(0) in continuous time and its clipped betas, the log-SNR
-2 log tan(pi t / 2), the epsilon -> x0 and v -> x0 conversions, a DDIM step, an SNR-weighted and a min-SNR-gamma loss,
DDPM's normal_kl and the discretised Gaussian log-likelihood of the last step by jax.scipy.special.ndtr (the right tail
by a difference of CDFs near 1, and by the symmetric difference) and log_ndtr at the edges; a safe log by
jax.custom_jvp in the log-SNR of alpha_bar. Flows: a planar flow's free energy (bare and with Rezende's u_hat guard), a
RealNVP affine coupling with an exp(tanh(s)) scale, a linear flow's log-det by jnp.linalg.slogdet, a log-det of
softplus-parameterised scales (bare, + 1e-3), a rational-quadratic spline on 4 bins by jnp.searchsorted (its value and
its log-likelihood), and the logit preprocessing of data in [0, 1] (with alpha = 0.05, and by
jax.scipy.special.logit without it)."""

import jax
import jax.numpy as jnp
from jax.scipy.special import log_ndtr, logit, ndtr

S = 0.008  # the cosine schedule's offset
GAMMA = 5.0  # min-SNR-gamma
HALF_BIN = 1.0 / 255.0  # data in [-1, 1] on 256 levels
ALPHA = 0.05  # RealNVP's logit preprocessing
B = 3.0  # the spline's interval [-B, B]
K = 4  # the spline's bins


# ------------------------------------------------------------------------------------------------- schedules
def _f(t):
    return jnp.cos((t + S) / (1 + S) * jnp.pi / 2) ** 2


def cosine_alpha_bar(t):
    """Nichol & Dhariwal's cosine schedule in continuous time, t in [0, 1]."""
    return jnp.sum(_f(t) / _f(jnp.zeros_like(t)))


def cosine_beta(t):
    """beta(t) = 1 - alpha_bar(t) / alpha_bar(t - 1/1000), clipped to 0.999 as the paper does."""
    ratio = _f(t) / _f(t - 0.001)
    return jnp.sum(jnp.clip(1.0 - ratio, 0.0, 0.999))


def log_snr_tan(t):
    """The cosine schedule's log-SNR in closed form (VDM, simple diffusion): log(alpha^2 / sigma^2)."""
    return jnp.sum(-2.0 * jnp.log(jnp.tan(jnp.pi * t / 2)))


@jax.custom_jvp
def safe_log(x):
    return jnp.log(jnp.maximum(x, 1e-20))


@safe_log.defjvp
def _safe_log_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return safe_log(x), t / jnp.maximum(x, 1e-20)


def log_snr_of_alpha_bar(ab):
    return jnp.sum(safe_log(ab) - safe_log(1.0 - ab))


# ------------------------------------------------------------------------------------------------- parameterisations
def eps_to_x0(x0, eps, ab):
    """Noise x0 to x_t, then recover x0 from the true epsilon: x0_hat = (x_t - sqrt(1 - ab) eps) / sqrt(ab)."""
    x_t = jnp.sqrt(ab) * x0 + jnp.sqrt(1.0 - ab) * eps
    x0_hat = (x_t - jnp.sqrt(1.0 - ab) * eps) / jnp.sqrt(ab)
    return jnp.sum(x0_hat ** 2)


def v_to_x0(x0, eps, ab):
    """The same through v-prediction: v = alpha eps - sigma x0, x0_hat = alpha x_t - sigma v."""
    alpha, sigma = jnp.sqrt(ab), jnp.sqrt(1.0 - ab)
    x_t = alpha * x0 + sigma * eps
    v = alpha * eps - sigma * x0
    x0_hat = alpha * x_t - sigma * v
    return jnp.sum(x0_hat ** 2)


def ddim_step(x_t, eps_pred, ab_t, ab_prev):
    """One deterministic DDIM step (eta = 0); the loss is on the next sample."""
    x0_pred = (x_t - jnp.sqrt(1.0 - ab_t) * eps_pred) / jnp.sqrt(ab_t)
    x_prev = jnp.sqrt(ab_prev) * x0_pred + jnp.sqrt(1.0 - ab_prev) * eps_pred
    return jnp.sum(x_prev ** 2)


def snr_weighted_loss(eps_pred, eps, ab):
    snr = ab / (1.0 - ab)
    return snr * jnp.mean((eps_pred - eps) ** 2)


def min_snr_loss(eps_pred, eps, snr):
    """Hang et al.'s min-SNR-gamma weight for epsilon-prediction: min(snr, gamma) / snr."""
    weight = jnp.minimum(snr, GAMMA) / snr
    return weight * jnp.mean((eps_pred - eps) ** 2)


def normal_kl(mean1, logvar1, mean2, logvar2):
    """DDPM's KL(N(mean1, e^logvar1) || N(mean2, e^logvar2)), summed."""
    return jnp.sum(0.5 * (-1.0 + logvar2 - logvar1 + jnp.exp(logvar1 - logvar2)
                          + (mean1 - mean2) ** 2 * jnp.exp(-logvar2)))


# ------------------------------------------------------------------------------------------- the last step's likelihood
def discretized_gaussian_nll(x, means, log_scales):
    """The decoder's -log p(x0 | x1) on 256 bins of [-1, 1]: CDF differences, the edge bins open (DDPM's, with ndtr)."""
    centered = x - means
    inv_stdv = jnp.exp(-log_scales)
    cdf_plus = ndtr(inv_stdv * (centered + HALF_BIN))
    cdf_min = ndtr(inv_stdv * (centered - HALF_BIN))
    log_cdf_plus = jnp.log(jnp.maximum(cdf_plus, 1e-12))
    log_one_minus_cdf_min = jnp.log(jnp.maximum(1.0 - cdf_min, 1e-12))
    cdf_delta = cdf_plus - cdf_min
    log_probs = jnp.where(x < -0.999, log_cdf_plus,
                          jnp.where(x > 0.999, log_one_minus_cdf_min, jnp.log(jnp.maximum(cdf_delta, 1e-12))))
    return -jnp.sum(log_probs)


def discretized_gaussian_nll_tails(x, means, log_scales):
    """The same, each bin's mass taken in the tail it sits in (ndtr(-a) - ndtr(-b) on the right), edges by log_ndtr."""
    centered = x - means
    inv_stdv = jnp.exp(-log_scales)
    plus_in = inv_stdv * (centered + HALF_BIN)
    min_in = inv_stdv * (centered - HALF_BIN)
    mass = jnp.where(centered > 0, ndtr(-min_in) - ndtr(-plus_in), ndtr(plus_in) - ndtr(min_in))
    log_probs = jnp.where(x < -0.999, log_ndtr(plus_in), jnp.where(x > 0.999, log_ndtr(-min_in), jnp.log(mass)))
    return -jnp.sum(log_probs)


def edge_log_cdf(x, means, log_scales):
    """The lowest bin's log-mass, log Phi((x + 1/255 - mu) / s), as log(ndtr) and by log_ndtr."""
    plus_in = jnp.exp(-log_scales) * (x - means + HALF_BIN)
    return -jnp.sum(jnp.log(ndtr(plus_in)))


def edge_log_ndtr(x, means, log_scales):
    plus_in = jnp.exp(-log_scales) * (x - means + HALF_BIN)
    return -jnp.sum(log_ndtr(plus_in))


# ------------------------------------------------------------------------------------------------- flows
def planar_free_energy(z, u, w, b):
    """A planar flow f(z) = z + u tanh(w.z + b) under a standard normal: 0.5 |f(z)|^2 - log |1 + u.psi(z)|."""
    a = jnp.dot(w, z) + b
    f = z + u * jnp.tanh(a)
    psi = (1.0 - jnp.tanh(a) ** 2) * w
    return 0.5 * jnp.sum(f ** 2) - jnp.log(jnp.abs(1.0 + jnp.dot(u, psi)))


def planar_free_energy_guarded(z, u, w, b):
    """Rezende & Mohamed's invertibility guard: u_hat = u + (m(w.u) - w.u) w / |w|^2, m(x) = -1 + softplus(x)."""
    wu = jnp.dot(w, u)
    u_hat = u + (-1.0 + jax.nn.softplus(wu) - wu) * w / jnp.sum(w ** 2)
    a = jnp.dot(w, z) + b
    f = z + u_hat * jnp.tanh(a)
    psi = (1.0 - jnp.tanh(a) ** 2) * w
    return 0.5 * jnp.sum(f ** 2) - jnp.log(jnp.abs(1.0 + jnp.dot(u_hat, psi)))


def affine_coupling_nll(x, Ws, bs, Wt, bt):
    """A RealNVP affine coupling on 4 dimensions, scale exp(tanh(s)): 0.5 |y|^2 - sum s."""
    x1, x2 = x[:2], x[2:]
    s = jnp.tanh(Ws @ x1 + bs)
    t = Wt @ x1 + bt
    y = jnp.concatenate([x1, x2 * jnp.exp(s) + t])
    return 0.5 * jnp.sum(y ** 2) - jnp.sum(s)


def linear_flow_nll(W, x):
    """An invertible linear flow (Glow's 1x1 convolution on one pixel): 0.5 |W x|^2 - log |det W|."""
    z = W @ x
    _, logabsdet = jnp.linalg.slogdet(W)
    return 0.5 * jnp.sum(z ** 2) - logabsdet


def softplus_scale_logdet(raw):
    """An elementwise affine flow with scales softplus(raw): its log-det."""
    return jnp.sum(jnp.log(jax.nn.softplus(raw)))


def softplus_scale_logdet_eps(raw):
    return jnp.sum(jnp.log(jax.nn.softplus(raw) + 1e-3))


def _rq_spline(x, uw, uh, ud):
    """Durkan et al.'s monotone rational-quadratic spline on [-B, B], K bins, boundary slopes 1."""
    w, h = jax.nn.softmax(uw), jax.nn.softmax(uh)
    d = jnp.concatenate([jnp.ones(1, x.dtype), jax.nn.softplus(ud), jnp.ones(1, x.dtype)])
    xk = jnp.concatenate([jnp.zeros(1, x.dtype), jnp.cumsum(w)]) * (2 * B) - B
    yk = jnp.concatenate([jnp.zeros(1, x.dtype), jnp.cumsum(h)]) * (2 * B) - B
    k = jnp.clip(jnp.searchsorted(xk, x, side="right") - 1, 0, K - 1)
    x_lo, wk, y_lo, hk = xk[k], xk[k + 1] - xk[k], yk[k], yk[k + 1] - yk[k]
    d_lo, d_hi = d[k], d[k + 1]
    s = hk / wk
    xi = (x - x_lo) / wk
    den = s + (d_hi + d_lo - 2 * s) * xi * (1 - xi)
    y = y_lo + hk * (s * xi ** 2 + d_lo * xi * (1 - xi)) / den
    dydx = s ** 2 * (d_hi * xi ** 2 + 2 * s * xi * (1 - xi) + d_lo * (1 - xi) ** 2) / den ** 2
    return y, dydx


def spline_value(x, uw, uh, ud):
    y, _ = _rq_spline(x, uw, uh, ud)
    return 0.5 * jnp.sum(y ** 2)


def spline_nll(x, uw, uh, ud):
    y, dydx = _rq_spline(x, uw, uh, ud)
    return 0.5 * jnp.sum(y ** 2) - jnp.sum(jnp.log(dydx))


def logit_preprocess_nll(x):
    """RealNVP's dequantised data x in [0, 1] to logit space, with its log-det: p = alpha + (1 - 2 alpha) x."""
    p = ALPHA + (1 - 2 * ALPHA) * x
    y = jnp.log(p) - jnp.log1p(-p)
    logdet = jnp.sum(jnp.log(1 - 2 * ALPHA) - jnp.log(p) - jnp.log1p(-p))
    return 0.5 * jnp.sum(y ** 2) - logdet


def logit_nll(x):
    """The same without alpha, by jax.scipy.special.logit."""
    y = logit(x)
    logdet = jnp.sum(-jnp.log(x) - jnp.log1p(-x))
    return 0.5 * jnp.sum(y ** 2) - logdet
