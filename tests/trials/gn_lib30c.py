"""A user's code on gradcli.numpy and gradcli.scipy, round 30c: nuclear resonances and barriers (a Breit-Wigner line
shape at resonance and at a 1e-300 width, the Gamow tunnelling factor at low energy), optics (the Airy disk's
intensity at its centre, Beer-Lambert attenuation through an optical depth of 800), probability at the tails (a Gumbel
log density at +-800, log of the regularised incomplete beta at both tails, a Poisson log-likelihood by xlogy at
subnormal rates, a binary entropy by entr), special-function compositions (log1p of expm1, log of expm1, the inverse
softplus, the Struve function near 0), geometry (the angle between nearly parallel vectors by arccos and by arctan2,
cosine similarity of huge vectors, a vector's norm at 1e-300), a thresholded softplus by where at +-800, leaky ReLU
and abs at subnormals, a log-softmax cross-entropy at +-800, and a Gaussian overlap whose slope is e^-10000."""

import gradcli.numpy as gnp
import gradcli.scipy.special as sps


# --- nuclear physics ----------------------------------------------------------------------------------------------

def breit_wigner(e, e0, gamma):
    """The non-relativistic Breit-Wigner line shape, normalised to 1 at the peak."""
    half = gamma / 2
    return gnp.sum(half ** 2 / ((e - e0) ** 2 + half ** 2))


def breit_wigner_scaled(e, e0, gamma):
    """The same, written through the detuning in half-widths so that no square underflows."""
    u = 2 * (e - e0) / gamma
    return gnp.sum(1 / (1 + u * u))


def gamow_factor(e, eg):
    """The Coulomb-barrier tunnelling probability exp(-sqrt(E_G / E))."""
    return gnp.sum(gnp.exp(-gnp.sqrt(eg / e)))


# --- optics ---------------------------------------------------------------------------------------------------------

def airy_intensity(x):
    """The Airy disk (2 J1(x) / x)^2, with its centre's limit 1 put in by where."""
    return gnp.sum(gnp.where(x == 0, 1.0, (2 * sps.j1(x) / x) ** 2))


def airy_intensity_plain(x):
    return gnp.sum((2 * sps.j1(x) / x) ** 2)


def log_transmission_naive(mu, depth):
    """log of the Beer-Lambert transmitted fraction, taken after the exponential."""
    return gnp.sum(gnp.log(gnp.exp(-mu * depth)))


# --- probability at the tails -----------------------------------------------------------------------------------------

def gumbel_log_density(x, mu, beta):
    z = (x - mu) / beta
    return gnp.sum(-(z + gnp.exp(-z)) - gnp.log(beta))


def log_beta_cdf(x):
    """log P(X <= x) for X ~ Beta(2, 3)."""
    return gnp.sum(gnp.log(sps.betainc(2.0, 3.0, x)))


def log_beta_survival_naive(x):
    return gnp.sum(gnp.log(1.0 - sps.betainc(2.0, 3.0, x)))


def log_beta_survival(x):
    """By the reflection I_x(a, b) = 1 - I_(1-x)(b, a)."""
    return gnp.sum(gnp.log(sps.betainc(3.0, 2.0, 1.0 - x)))


def poisson_log_likelihood(lam):
    """Counts 0 and 2 under rates lam: k log lam - lam - log k!."""
    k = gnp.array([0.0, 2.0])
    return gnp.sum(sps.xlogy(k, lam) - lam - sps.gammaln(k + 1))


def binary_entropy(p):
    return gnp.sum(sps.entr(p) + sps.entr(1 - p))


# --- special-function compositions --------------------------------------------------------------------------------

def log1p_expm1(x):
    return gnp.sum(gnp.log1p(gnp.expm1(x)))


def log_expm1(x):
    return gnp.sum(gnp.log(gnp.expm1(x)))


def softplus_inverse(y):
    """x with softplus(x) = y: y + log(1 - e^-y), stable at both ends."""
    return gnp.sum(y + gnp.log(-gnp.expm1(-y)))


def log_struve(x):
    return gnp.sum(gnp.log(sps.struve(0.0, x)))


# --- geometry -------------------------------------------------------------------------------------------------------

def angle_by_arccos(u, v):
    cos = gnp.dot(u, v) / (gnp.linalg.norm(u) * gnp.linalg.norm(v))
    return gnp.arccos(cos)


def angle_by_arctan2(u, v):
    """The unsigned angle between two plane vectors, by the cross and dot products."""
    cross = u[0] * v[1] - u[1] * v[0]
    return gnp.arctan2(gnp.abs(cross), gnp.dot(u, v))


def cosine_similarity(x, y):
    return gnp.dot(x, y) / (gnp.linalg.norm(x) * gnp.linalg.norm(y))


def vector_norm(x):
    return gnp.linalg.norm(x)


def vector_norm_by_hypot(x):
    return gnp.hypot(x[0], x[1])


# --- switches -------------------------------------------------------------------------------------------------------

def threshold_softplus(x):
    """PyTorch's softplus idiom: linear above a threshold of 20, log1p(exp(x)) below it."""
    return gnp.sum(gnp.where(x > 20, x, gnp.log1p(gnp.exp(x))))


def leaky_relu(x):
    return gnp.sum(gnp.where(x > 0, x, 0.01 * x))


def abs_sum(x):
    return gnp.sum(gnp.abs(x) + gnp.maximum(x, 0.0))


def cross_entropy_first(z):
    return z[0] - sps.logsumexp(z)


def log_softmax_first(z):
    return sps.log_softmax(z)[0]


def softmax_first(z):
    return sps.softmax(z)[0]


def gaussian_overlap(x):
    return gnp.sum(gnp.exp(-x * x))


# --- more special functions and entropies at their extremes ------------------------------------------------------

def lambert_w_sum(x):
    """The principal branch of Lambert's W, real part (SciPy returns a complex number)."""
    return gnp.sum(sps.lambertw(x).real)


def binary_entropy_xlogy(p):
    return gnp.sum(sps.xlogy(p, p) + sps.xlogy(1 - p, 1 - p))
