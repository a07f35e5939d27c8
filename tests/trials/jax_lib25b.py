"""A user's JAX code, twenty-fifth round (second half): optax-style losses written by hand (softmax cross-entropy with
label smoothing by jax.nn.log_softmax and by the log of a softmax, a sigmoid focal loss with a fractional gamma), the
continuous ranked probability score of a Gaussian forecast, an InfoNCE loss at a low temperature (by logsumexp and by
the exponentials), the wing and Welsch robust losses, jax.scipy.special.multigammaln and rel_entr, the Poisson
log-likelihood by jax.scipy.stats.poisson.logpmf, a triangle's area by Heron's formula and by Kahan's ordering, the
log-determinant of a sinh-arcsinh flow, the DiCE estimator's magic box by jax.lax.stop_gradient, a soft clip under a
jax.custom_jvp with its temperature in nondiff_argnums (rule right, and with the temperature forgotten), a
piecewise-linear calibration table by jnp.searchsorted, a velocity-Verlet oscillator in lax.fori_loop and
Bradley-Terry pairwise ranking by the log of a sigmoid."""

import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.scipy import stats
from jax.scipy.special import multigammaln, rel_entr

# --- classification losses ------------------------------------------------------------------------------------------


def smoothed_cross_entropy(logits):
    """Cross-entropy against class 1 smoothed by 0.1 (as optax.smooth_labels), by jax.nn.log_softmax."""
    labels = jax.nn.one_hot(1, 3, dtype=logits.dtype)
    targets = labels * (1.0 - 0.1) + 0.1 / labels.shape[-1]
    return -jnp.sum(targets * jax.nn.log_softmax(logits))


def smoothed_cross_entropy_naive(logits):
    """The same loss by the log of a softmax."""
    labels = jax.nn.one_hot(1, 3, dtype=logits.dtype)
    targets = labels * (1.0 - 0.1) + 0.1 / labels.shape[-1]
    probs = jnp.exp(logits) / jnp.sum(jnp.exp(logits))
    return -jnp.sum(targets * jnp.log(probs))


def focal_loss_half(logits):
    """optax's sigmoid_focal_loss with gamma = 0.5 and every label 1: log-sigmoid cross-entropy times (1 - p)^0.5."""
    p = jax.nn.sigmoid(logits)
    ce = -jax.nn.log_sigmoid(logits)
    return jnp.sum(ce * (1.0 - p) ** 0.5)


# --- forecasts and representation learning --------------------------------------------------------------------------


def gaussian_crps(mu, sigma):
    """The closed-form CRPS of N(mu, sigma^2) against the observation 0.3."""
    z = (0.3 - mu) / sigma
    return jnp.sum(sigma * (z * (2.0 * stats.norm.cdf(z) - 1.0) + 2.0 * stats.norm.pdf(z) - 1.0 / jnp.sqrt(jnp.pi)))


def _cosines(q):
    keys = jnp.array([[1.0, 0.0], [0.6, 0.8], [0.0, 1.0]], dtype=q.dtype)
    return keys @ q / (jnp.linalg.norm(keys, axis=1) * jnp.linalg.norm(q))


def info_nce(q):
    """InfoNCE of one query against three keys (the first positive) at temperature 0.01."""
    s = _cosines(q) / 0.01
    return jax.nn.logsumexp(s) - s[0]


def info_nce_naive(q):
    s = _cosines(q) / 0.01
    return -jnp.log(jnp.exp(s[0]) / jnp.sum(jnp.exp(s)))


def wing_loss(x):
    """Feng et al.'s wing loss with w = 10, epsilon = 2."""
    w, eps = 10.0, 2.0
    c = w - w * jnp.log(1.0 + w / eps)
    ax = jnp.abs(x)
    return jnp.sum(jnp.where(ax < w, w * jnp.log(1.0 + ax / eps), ax - c))


def welsch_loss(r):
    return jnp.sum(1.0 - jnp.exp(-0.5 * (r / 2.0) ** 2))


# --- special functions and distributions ----------------------------------------------------------------------------


def wishart_normaliser(a):
    """The log multivariate gamma of dimension 3, summed."""
    return jnp.sum(multigammaln(a, 3))


def relative_entropy(p):
    q = jnp.array([0.25, 0.5, 0.25])
    return jnp.sum(rel_entr(p, q))


def poisson_log_likelihood(rate):
    counts = jnp.array([0.0, 3.0])
    return jnp.sum(stats.poisson.logpmf(counts, rate))


# --- geometry -------------------------------------------------------------------------------------------------------


def heron_area(sides):
    a, b, c = sides[0], sides[1], sides[2]
    s = (a + b + c) / 2
    return jnp.sqrt(s * (s - a) * (s - b) * (s - c))


def kahan_area(sides):
    """Kahan's rearrangement of Heron's formula: sides sorted a >= b >= c, brackets kept as written."""
    a, b, c = -jnp.sort(-sides)
    return 0.25 * jnp.sqrt((a + (b + c)) * (c - (a - b)) * (c + (a - b)) * (a + (b - c)))


# --- flows, estimators, custom rules --------------------------------------------------------------------------------


def sinh_arcsinh_logdet(x):
    """log |dy/dx| of y = sinh(0.5 asinh(x) - 0.3), summed over the batch."""
    u = 0.5 * jnp.arcsinh(x) - 0.3
    return jnp.sum(jnp.log(0.5 * jnp.cosh(u)) - 0.5 * jnp.log1p(x ** 2))


def sinh_arcsinh_logdet_stable(x):
    u = 0.5 * jnp.arcsinh(x) - 0.3
    return jnp.sum(jnp.log(0.5 * jnp.cosh(u)) - jnp.log(jnp.hypot(1.0, x)))


def _magic_box(logp):
    return jnp.exp(logp - lax.stop_gradient(logp))


def dice_surrogate(theta):
    """The DiCE objective of two Bernoulli decisions: its value the return, its gradient the score-function estimate."""
    logp = jnp.sum(jax.nn.log_sigmoid(theta * jnp.array([1.0, -1.0])))
    reward = 3.0
    return _magic_box(logp) * reward


@functools.partial(jax.custom_jvp, nondiff_argnums=(1,))
def soft_clip(x, t):
    """t * tanh(x / t): a clip at +-t that keeps a slope."""
    return t * jnp.tanh(x / t)


@soft_clip.defjvp
def _soft_clip_jvp(t, primals, tangents):
    (x,), (dx,) = primals, tangents
    y = t * jnp.tanh(x / t)
    return y, dx * (1.0 - (y / t) ** 2)


def soft_clipped_total(x):
    return jnp.sum(soft_clip(x, 3.0) ** 2)


@functools.partial(jax.custom_jvp, nondiff_argnums=(1,))
def soft_clip_slip(x, t):
    return t * jnp.tanh(x / t)


@soft_clip_slip.defjvp
def _soft_clip_slip_jvp(t, primals, tangents):
    y = soft_clip_slip(primals[0], t)
    return y, tangents[0] * (1.0 - y ** 2)


def soft_clipped_slip_total(x):
    return jnp.sum(soft_clip_slip(x, 3.0) ** 2)


# --- tables, integrators, rankings -----------------------------------------------------------------------------------


def calibrated_total(x):
    """A piecewise-linear calibration table looked up by jnp.searchsorted, squared and summed."""
    knots = jnp.array([0.0, 1.0, 2.5, 4.0], dtype=x.dtype)
    values = jnp.array([0.0, 0.5, 2.0, 2.25], dtype=x.dtype)
    i = jnp.clip(jnp.searchsorted(knots, x, side="right") - 1, 0, knots.shape[0] - 2)
    x0, x1 = knots[i], knots[i + 1]
    y0, y1 = values[i], values[i + 1]
    y = y0 + (y1 - y0) * (x - x0) / (x1 - x0)
    return jnp.sum(y ** 2)


def verlet_energy(omega):
    """The position after 20 velocity-Verlet steps (dt = 0.1) of x'' = -omega^2 x from x = 1, v = 0, squared."""
    dt = 0.1

    def step(_, state):
        x, v = state
        v_half = v - 0.5 * dt * omega ** 2 * x
        x = x + dt * v_half
        v = v_half - 0.5 * dt * omega ** 2 * x
        return x, v

    x, _ = lax.fori_loop(0, 20, step, (jnp.ones_like(omega), jnp.zeros_like(omega)))
    return jnp.sum(x ** 2)


def bradley_terry(scores):
    """Negative log-likelihood of 'item 0 beats 1, 1 beats 2' under Bradley-Terry, by jax.nn.log_sigmoid."""
    return -(jax.nn.log_sigmoid(scores[0] - scores[1]) + jax.nn.log_sigmoid(scores[1] - scores[2]))


def bradley_terry_naive(scores):
    win01 = 1.0 / (1.0 + jnp.exp(scores[1] - scores[0]))
    win12 = 1.0 / (1.0 + jnp.exp(scores[2] - scores[1]))
    return -(jnp.log(win01) + jnp.log(win12))
