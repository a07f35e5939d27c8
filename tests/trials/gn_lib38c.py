"""A user's code on gradcli.numpy and gradcli.scipy, round 38c: the Snake activation (in its input and in its
frequency, naive and by sinc), a gas's ionisation fraction from Saha's equation (the quadratic's root three ways),
genetics (a Hardy-Weinberg log-likelihood, a linkage LOD score by xlogy/xlog1py at a recombination fraction of 0),
acoustics (a sound pressure level by the square and by the magnitude, adding levels by powers of ten and by
logsumexp), the Nelson-Siegel yield curve's loadings (naive and by exprel), a Yukawa potential (its energy, its log,
over a pair distance by a norm), the Rayleigh distribution's log-cdf, the arithmetic-geometric mean, a pendulum's
swing by Jacobi's sn, the incomplete elliptic integral of the second kind, kinks (a dead zone, a clipped level), and
reductions (level populations by softmax and log_softmax, a distance by norm, a signed logsumexp, a binary entropy)."""

import math

import gradcli.numpy as gnp
import gradcli.scipy.special as sps

# --- the Snake activation x + sin(a x)^2 / a ------------------------------------------------------------------------

FREQ = 0.5
SNAKE_X = 2.0


def snake(x):
    return gnp.sum(x + gnp.sin(FREQ * x) ** 2 / FREQ)


def snake_in_freq(a):
    """The activation at x = 2 as a function of its learnt frequency."""
    return gnp.sum(SNAKE_X + gnp.sin(a * SNAKE_X) ** 2 / a)


def snake_in_freq_sinc(a):
    """sin(a x)^2 / a = a x^2 sinc(a x / pi)^2: no quotient by a."""
    return gnp.sum(SNAKE_X + a * SNAKE_X ** 2 * gnp.sinc(a * SNAKE_X / math.pi) ** 2)


# --- Saha's equation: x^2 / (1 - x) = s -----------------------------------------------------------------------------


def ionisation_naive(s):
    """The ionised fraction x, the positive root of x^2 + s x - s = 0, by the school formula."""
    return gnp.sum((-s + gnp.sqrt(s * s + 4 * s)) / 2)


def ionisation_rationalised(s):
    return gnp.sum(2 * s / (s + gnp.sqrt(s * s + 4 * s)))


def ionisation(s):
    return gnp.sum(2 / (1 + gnp.sqrt(1 + 4 / s)))


def saha_log_ratio(t):
    """log of n_(i+1) n_e / n_i at temperatures ``t`` (in units of the ionisation energy): 1.5 log t - 1/t + c."""
    return gnp.sum(1.5 * gnp.log(t) - 1 / t + 2.5)


def saha_ratio(t):
    return gnp.sum(t ** 1.5 * gnp.exp(-1 / t))


# --- genetics -------------------------------------------------------------------------------------------------------

GENOTYPES = (30.0, 50.0, 20.0)  # AA, Aa, aa


def hardy_weinberg(p):
    """The log-likelihood of the genotype counts at the allele frequency ``p``."""
    n_aa, n_het, n_bb = GENOTYPES
    q = 1 - p
    return gnp.sum(2 * n_aa * gnp.log(p) + n_het * gnp.log(2 * p * q) + 2 * n_bb * gnp.log(q))


def hardy_weinberg_xlogy(p):
    n_aa, n_het, n_bb = GENOTYPES
    return gnp.sum(sps.xlogy(2 * n_aa + n_het, p) + sps.xlog1py(n_het + 2 * n_bb, -p) + n_het * math.log(2))


RECOMBINANTS, NONRECOMBINANTS = 0.0, 12.0


def lod_score(theta):
    """LOD of linkage at recombination fraction ``theta`` against free recombination, no recombinant seen."""
    n = RECOMBINANTS + NONRECOMBINANTS
    return gnp.sum((sps.xlogy(RECOMBINANTS, theta) + sps.xlog1py(NONRECOMBINANTS, -theta) + n * math.log(2))
                   / math.log(10))


def lod_score_naive(theta):
    n = RECOMBINANTS + NONRECOMBINANTS
    return gnp.sum((RECOMBINANTS * gnp.log(theta) + NONRECOMBINANTS * gnp.log(1 - theta) + n * math.log(2))
                   / math.log(10))


# --- acoustics ------------------------------------------------------------------------------------------------------

P_REF = 2e-5


def spl_naive(p):
    """Sound pressure levels in dB of pressures ``p`` (pascals), summed."""
    return gnp.sum(10 * gnp.log10(p ** 2 / P_REF ** 2))


def spl(p):
    return gnp.sum(20 * gnp.log10(gnp.abs(p) / P_REF))


def total_level_naive(levels):
    """The level of incoherent sources of ``levels`` dB together."""
    return 10 * gnp.log10(gnp.sum(10 ** (levels / 10)))


def total_level(levels):
    return 10 / math.log(10) * sps.logsumexp(levels * (math.log(10) / 10))


def clipped_level(levels):
    """Levels limited to 120 dB by a limiter."""
    return gnp.sum(gnp.minimum(levels, 120.0))


# --- the Nelson-Siegel yield curve ----------------------------------------------------------------------------------

TAU = 2.0


def slope_loading_naive(t):
    """(1 - e^-x) / x at x = t / tau, summed over maturities ``t``."""
    x = t / TAU
    return gnp.sum((1 - gnp.exp(-x)) / x)


def slope_loading(t):
    return gnp.sum(sps.exprel(-t / TAU))


def curvature_loading(t):
    x = t / TAU
    return gnp.sum(sps.exprel(-x) - gnp.exp(-x))


MATURITY = 5.0


def slope_loading_in_tau(tau):
    """The 5-year slope loading as a function of the decay time."""
    x = MATURITY / tau
    return gnp.sum((1 - gnp.exp(-x)) / x)


def slope_loading_in_tau_stable(tau):
    return gnp.sum(-tau / MATURITY * gnp.expm1(-MATURITY / tau))


# --- a Yukawa potential ---------------------------------------------------------------------------------------------

SCREENING = 1.0


def yukawa(r):
    return gnp.sum(-gnp.exp(-SCREENING * r) / r)


def yukawa_log(r):
    """log |V|."""
    return gnp.sum(-SCREENING * r - gnp.log(r))


def yukawa_pair_naive(x):
    """The Yukawa energy of a particle at ``x`` and one at the origin, by the distance written out."""
    r = gnp.sqrt(gnp.sum(x * x))
    return -gnp.exp(-SCREENING * r) / r


def yukawa_pair(x):
    r = gnp.linalg.norm(x)
    return -gnp.exp(-SCREENING * r) / r


# --- the Rayleigh distribution --------------------------------------------------------------------------------------


def rayleigh_log_cdf_naive(x):
    return gnp.sum(gnp.log(1 - gnp.exp(-x ** 2 / 2)))


def rayleigh_log_cdf(x):
    return gnp.sum(gnp.log(-gnp.expm1(-x ** 2 / 2)))


def rayleigh_log_pdf(x):
    return gnp.sum(gnp.log(x) - x ** 2 / 2)


def rayleigh_log_pdf_in_scale(sigma):
    """The log-density of an observation 3.0 at scales ``sigma``."""
    return gnp.sum(math.log(3.0) - 2 * gnp.log(sigma) - (3.0 / sigma) ** 2 / 2)


# --- elliptic functions ---------------------------------------------------------------------------------------------


def agm(x):
    """The arithmetic-geometric mean of 1 and ``x``."""
    return gnp.sum(sps.agm(1.0, x))


PENDULUM_M = 0.5


def pendulum_sn(u):
    """sin(theta / 2) / k of a pendulum swinging to 90 degrees, at times ``u`` (Jacobi's sn)."""
    sn, cn, dn, ph = sps.ellipj(u, PENDULUM_M)
    return gnp.sum(sn)


def pendulum_sn_at_top(u):
    """m = 1: the pendulum balanced at the top, sn = tanh."""
    sn, cn, dn, ph = sps.ellipj(u, 1.0)
    return gnp.sum(sn)


def arc_length(phi):
    """The arc length of a unit-semi-major ellipse of eccentricity 1 (a segment) to the angle ``phi``."""
    return gnp.sum(sps.ellipeinc(phi, 1.0))


def arc_length_half(phi):
    return gnp.sum(sps.ellipeinc(phi, 0.5))


# --- kinks ----------------------------------------------------------------------------------------------------------


def dead_zone(x):
    """A dead zone: 0 inside [-1, 1], linear outside."""
    return gnp.sum(gnp.where(gnp.abs(x) > 1, x - gnp.sign(x), 0.0))


def soft_dead_zone(x):
    return gnp.sum(gnp.maximum(gnp.abs(x) - 1, 0.0) ** 2)


# --- reductions -----------------------------------------------------------------------------------------------------


def ground_population(energies):
    """The share of the first of the levels whose negative energies (in kT) are ``energies``."""
    return sps.softmax(energies)[0]


def second_log_population(energies):
    return sps.log_softmax(energies)[1]


def distance(x):
    return gnp.linalg.norm(x)


def net_flux_log(x):
    """log(e^x0 - e^x1): a signed logsumexp."""
    return sps.logsumexp(x, b=gnp.array([1.0, -1.0]))


def binary_entropy(p):
    return gnp.sum(-sps.xlogy(p, p) - sps.xlog1py(1 - p, -p))
