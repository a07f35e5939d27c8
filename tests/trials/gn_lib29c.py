"""A user's code on gradcli.numpy and gradcli.scipy, round 29c: the free energy and mean energy of a few-level system
at low temperature (naive, by logsumexp, with degeneracies), the 1D Ising chain's largest transfer-matrix eigenvalue
at strong coupling, mutual information of nearly independent variables and Bernoulli KL divergences by xlogy and
rel_entr at subnormal probabilities, the Renyi entropy an order 1e-10 from 1, special functions at extremes (log
gamma at 1e-300, digamma a hair from its pole, the Gaussian tail by erfc and by erfcx at 30, the dilogarithm at 1, a
Rician log-likelihood by i0 and by i0e), Kahan's compensated sum, Lambert's continued fraction for tan, great-circle
distances at antipodes, at a point and a hair apart (haversine, and Vincenty's by hypot and by sqrt), sRGB and CIELAB
transfer functions at 0 and 1e-300, CIELAB hue angles at 1e-300 and a hue difference at 180 degrees, and compound
interest, annuities and doubling times at rates of 1e-300."""

import math

import gradcli.numpy as gnp
import gradcli.scipy.special as sps

EARTH_RADIUS = 6371.0


# --- statistical mechanics: a few-level system ---------------------------------------------------------------------

def free_energy_naive(energy, kt):
    """F = -kT log sum_i e^(-E_i / kT)."""
    return -kt * gnp.log(gnp.sum(gnp.exp(-energy / kt)))


def free_energy(energy, kt):
    return -kt * sps.logsumexp(-energy / kt)


def free_energy_degenerate(energy, kt):
    """Levels with degeneracies 1, 3, 5 (a rotor's first three): logsumexp's b= holds them."""
    return -kt * sps.logsumexp(-energy / kt, b=gnp.array([1.0, 3.0, 5.0]))


def mean_energy(energy, kt):
    return gnp.sum(energy * sps.softmax(-energy / kt))


def ising_log_eigenvalue_naive(k, h):
    """log of lambda+ = e^K cosh h + sqrt(e^2K sinh^2 h + e^-2K), the 1D Ising chain's free energy per site."""
    return gnp.sum(gnp.log(gnp.exp(k) * gnp.cosh(h) + gnp.sqrt(gnp.exp(2 * k) * gnp.sinh(h) ** 2 + gnp.exp(-2 * k))))


def ising_log_eigenvalue(k, h):
    """e^K factored out: K + log(cosh h + sqrt(sinh^2 h + e^-4K)), no overflow at strong coupling."""
    return gnp.sum(k + gnp.log(gnp.cosh(h) + gnp.sqrt(gnp.sinh(h) ** 2 + gnp.exp(-4 * k))))


# --- information theory ----------------------------------------------------------------------------------------------

def mutual_information(joint):
    """I(X; Y) of a 2x2 joint table: H(X) + H(Y) - H(X, Y), each entropy by xlogy."""
    rows = gnp.sum(joint, axis=1)
    cols = gnp.sum(joint, axis=0)
    return gnp.sum(sps.xlogy(joint, joint)) - gnp.sum(sps.xlogy(rows, rows)) - gnp.sum(sps.xlogy(cols, cols))


def mutual_information_naive(joint):
    rows = gnp.sum(joint, axis=1)
    cols = gnp.sum(joint, axis=0)
    return gnp.sum(joint * gnp.log(joint / gnp.outer(rows, cols)))


def bernoulli_kl(p, q):
    return gnp.sum(sps.rel_entr(p, q) + sps.rel_entr(1.0 - p, 1.0 - q))


def bernoulli_kl_div(p, q):
    """scipy's kl_div adds -p + q per term; over both outcomes those cancel."""
    return gnp.sum(sps.kl_div(p, q) + sps.kl_div(1.0 - p, 1.0 - q))


def renyi_entropy(p, alpha):
    """H_alpha = log(sum p^alpha) / (1 - alpha)."""
    return gnp.log(gnp.sum(p ** alpha)) / (1.0 - alpha)


# --- special functions at their extremes ----------------------------------------------------------------------------

def log_gamma_sum(x):
    return gnp.sum(sps.gammaln(x))


def digamma_sum(x):
    return gnp.sum(sps.digamma(x))


def gaussian_log_tail_naive(x):
    """log P(Z > x) = log(erfc(x / sqrt 2) / 2)."""
    return gnp.sum(gnp.log(sps.erfc(x / math.sqrt(2.0)) / 2.0))


def gaussian_log_tail(x):
    """erfc(t) = erfcx(t) e^-t^2: the log without erfc's underflow."""
    t = x / math.sqrt(2.0)
    return gnp.sum(gnp.log(sps.erfcx(t) / 2.0) - t * t)


def erfc_sum(x):
    return gnp.sum(sps.erfc(x))


def dilogarithm_sum(x):
    return gnp.sum(sps.spence(x))


def rice_log_likelihood_naive(nu, sigma, x):
    """log p(x | nu, sigma) = log(x / sigma^2) - (x^2 + nu^2) / (2 sigma^2) + log I0(x nu / sigma^2)."""
    s2 = sigma * sigma
    return gnp.sum(gnp.log(x / s2) - (x * x + nu * nu) / (2.0 * s2) + gnp.log(sps.i0(x * nu / s2)))


def rice_log_likelihood(nu, sigma, x):
    """log I0(z) = log i0e(z) + z, and the exponents combined: -(x - nu)^2 / 2 sigma^2."""
    s2 = sigma * sigma
    z = x * nu / s2
    return gnp.sum(gnp.log(x / s2) - (x - nu) ** 2 / (2.0 * s2) + gnp.log(sps.i0e(z)))


# --- numerical analysis ----------------------------------------------------------------------------------------------

def kahan_sum(x):
    """Kahan's compensated summation, as the textbook writes it."""
    total = x[0] * 0.0
    carry = x[0] * 0.0
    for i in range(len(x)):
        y = x[i] - carry
        t = total + y
        carry = (t - total) - y
        total = t
    return total


def neumaier_sum(x):
    """Neumaier's variant: the carry takes the rounding of whichever operand is smaller."""
    total = x[0] * 0.0
    carry = x[0] * 0.0
    for i in range(len(x)):
        t = total + x[i]
        carry = carry + gnp.where(gnp.abs(total) >= gnp.abs(x[i]), (total - t) + x[i], (x[i] - t) + total)
        total = t
    return total + carry


def tan_continued_fraction(x):
    """Lambert's continued fraction tan x = x / (1 - x^2 / (3 - x^2 / (5 - ...))), twelve levels, from the bottom."""
    x2 = x * x
    tail = 25.0 + x2 * 0.0
    for odd in range(23, 0, -2):
        tail = odd - x2 / tail
    return gnp.sum(x / tail)


# --- geodesy: distances on a sphere (angles in radians) ------------------------------------------------------------

def haversine(lat1, lon1, lat2, lon2):
    a = gnp.sin((lat2 - lat1) / 2) ** 2 + gnp.cos(lat1) * gnp.cos(lat2) * gnp.sin((lon2 - lon1) / 2) ** 2
    return gnp.sum(2 * EARTH_RADIUS * gnp.arcsin(gnp.sqrt(a)))


def haversine_by_hypot(lat1, lon1, lat2, lon2):
    """sqrt(a) as a hypot of the two half-angle sines: nothing squares to an underflow."""
    h = gnp.hypot(gnp.sin((lat2 - lat1) / 2), gnp.sqrt(gnp.cos(lat1) * gnp.cos(lat2)) * gnp.sin((lon2 - lon1) / 2))
    return gnp.sum(2 * EARTH_RADIUS * gnp.arcsin(h))


def vincenty(lat1, lon1, lat2, lon2):
    """The arctan2 form, good for every separation (the textbook's sqrt of squares)."""
    dlon = lon2 - lon1
    across = gnp.cos(lat2) * gnp.sin(dlon)
    along = gnp.cos(lat1) * gnp.sin(lat2) - gnp.sin(lat1) * gnp.cos(lat2) * gnp.cos(dlon)
    dot = gnp.sin(lat1) * gnp.sin(lat2) + gnp.cos(lat1) * gnp.cos(lat2) * gnp.cos(dlon)
    return gnp.sum(EARTH_RADIUS * gnp.arctan2(gnp.sqrt(across ** 2 + along ** 2), dot))


def vincenty_by_hypot(lat1, lon1, lat2, lon2):
    dlon = lon2 - lon1
    across = gnp.cos(lat2) * gnp.sin(dlon)
    along = gnp.cos(lat1) * gnp.sin(lat2) - gnp.sin(lat1) * gnp.cos(lat2) * gnp.cos(dlon)
    dot = gnp.sin(lat1) * gnp.sin(lat2) + gnp.cos(lat1) * gnp.cos(lat2) * gnp.cos(dlon)
    return gnp.sum(EARTH_RADIUS * gnp.arctan2(gnp.hypot(across, along), dot))


# --- colour science ------------------------------------------------------------------------------------------------

def srgb_to_linear(c):
    return gnp.sum(gnp.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4))


def linear_to_srgb(lin):
    return gnp.sum(gnp.where(lin <= 0.0031308, 12.92 * lin, 1.055 * lin ** (1 / 2.4) - 0.055))


def lab_lightness(y):
    """CIE L* = 116 f(Y / Yn) - 16, f(t) = cbrt(t) above (6/29)^3, linear below."""
    t = y / 100.0
    f = gnp.where(t > (6 / 29) ** 3, gnp.cbrt(t), t / (3 * (6 / 29) ** 2) + 4 / 29)
    return gnp.sum(116 * f - 16)


def lab_hue_degrees(a, b):
    return gnp.sum(gnp.degrees(gnp.arctan2(b, a)))


def lab_chroma(a, b):
    return gnp.sum(gnp.sqrt(a * a + b * b))


def hue_difference(a1, b1, a2, b2):
    """CIEDE2000's Delta H': the hue angle difference wrapped into [-180, 180], weighted by the chromas."""
    h1 = gnp.degrees(gnp.arctan2(b1, a1))
    h2 = gnp.degrees(gnp.arctan2(b2, a2))
    dh = h2 - h1
    dh = gnp.where(dh > 180, dh - 360, gnp.where(dh < -180, dh + 360, dh))
    c1 = gnp.hypot(a1, b1)
    c2 = gnp.hypot(a2, b2)
    return gnp.sum(2 * gnp.sqrt(c1 * c2) * gnp.sin(gnp.radians(dh) / 2))


# --- rates ---------------------------------------------------------------------------------------------------------

MONTHS = 12
YEARS = 30


def effective_rate(r):
    return gnp.sum((1 + r / MONTHS) ** MONTHS - 1)


def log_effective_rate_naive(r):
    return gnp.sum(gnp.log((1 + r / MONTHS) ** MONTHS - 1))


def log_effective_rate(r):
    return gnp.sum(gnp.log(gnp.expm1(MONTHS * gnp.log1p(r / MONTHS))))


def annuity_factor_naive(r):
    """The present value of 1 a year for 30 years: (1 - (1 + r)^-n) / r."""
    return gnp.sum((1 - (1 + r) ** -YEARS) / r)


def annuity_factor(r):
    return gnp.sum(-gnp.expm1(-YEARS * gnp.log1p(r)) / r)


def doubling_time_naive(r):
    return gnp.sum(math.log(2) / gnp.log(1 + r))


def doubling_time(r):
    return gnp.sum(math.log(2) / gnp.log1p(r))


# --- small things at tiny points -----------------------------------------------------------------------------------

def exp_ratio_switched(x):
    """(1 - e^-x) / x, by its series below 1e-8."""
    return gnp.sum(gnp.where(x < 1e-8, 1 - x / 2, (1 - gnp.exp(-x)) / x))


def clipped_rate(x):
    return gnp.sum(gnp.clip(x, 1e-300, 1.0))


def huber_tiny_delta(r):
    return gnp.sum(sps.huber(1e-300, r))


def level_populations_args():
    """Three levels (a ground state and two excited) at a cold temperature, as a parameter tree."""
    return {"levels": {"energy": gnp.array([0.0, 0.5, 1.0]), "kt": 1e-3}},


def tree_free_energy(params):
    levels = params["levels"]
    return -levels["kt"] * sps.logsumexp(-levels["energy"] / levels["kt"])
