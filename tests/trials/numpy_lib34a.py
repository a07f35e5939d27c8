"""A user's plain NumPy and SciPy code, thirty-fourth round (first part), written as legacy code is: Kimura's fixation
probability with a Python branch onto its series near neutrality; allele frequencies under selection in a list;
the Jukes-Cantor log-likelihood of two sequences compared letter by letter, and the Jukes-Cantor and Kimura distances
from site shares; a fin's efficiency with an early return at mL = 0; tunnelling through a barrier by np.sinh and by
np.logaddexp; a comoving distance by np.trapezoid and the age of a flat universe by np.arcsinh; Gompertz-Makeham log
survival by np.expm1 and by scipy.special.exprel; a life annuity summed in a loop; excess-of-loss reinsurance by
np.maximum and np.clip; the Brillouin function by 1 / np.tanh; a mean-field magnet by a while loop to a tolerance;
the Fermi-Dirac integral of order 1 by scipy.special.spence; k-out-of-n reliability by scipy.special.bdtrc and
scipy.stats.binom.sf; Value at Risk by scipy.stats.norm.ppf; a truncated normal by scipy.stats.truncnorm.logpdf and
by ndtr differences; and the Kumaraswamy log-density near 1 by log(1 - x^a) and by log1p."""

import math

import numpy as np
import scipy.special
from scipy import stats

# --- population genetics ---------------------------------------------------------------------------------------------

N_E = 100


def fixation_probability(s):
    """Kimura's fixation probability of a new mutant; its series near s = 0 where the quotient is 0/0."""
    if abs(s) < 1e-8:
        m = 2 * N_E
        return (1 + (m - 1) * s + (m - 1) * (m - 2) * s ** 2 / 3) / m
    return (1 - np.exp(-2 * s)) / (1 - np.exp(-4 * N_E * s))


def allele_frequency(s):
    """Allele frequency after 50 generations of haploid selection, the path kept in a list."""
    path = [0.01]
    for _ in range(50):
        p = path[-1]
        path.append(p * (1 + s) / (1 + s * p))
    return path[-1]


# --- phylogenetics ---------------------------------------------------------------------------------------------------

SEQ_A = "ACGTTGCAACGTAGCTAGCTAGGATCCATGCAAGTCGATCGGATCCATGGCATGCAAGCTTACGTTGCAACGTAGCTAGCTAGGATCCATGCAAGTCGA"
SEQ_B = "ACGTTGCAACGTAGCTAGCTAGGATCCATGCAAGTCGATCGGATCCATGGCTTGCAAGCTTACGATGCAACGTAGCTAGCAAGGATCCATGCTAGTCGT"


def jc_log_likelihood(t):
    """Jukes-Cantor log-likelihood of the two sequences at branch length t, site by site."""
    e = np.exp(-4.0 * t / 3.0)
    total = 0.0
    for a, b in zip(SEQ_A, SEQ_B):
        if a == b:
            total += np.log(0.25 * (0.25 + 0.75 * e))
        else:
            total += np.log(0.25 * (0.25 - 0.25 * e))
    return total


def jc_distance(p):
    """Jukes-Cantor distance from the share of differing sites."""
    return -0.75 * np.log(1 - 4.0 / 3.0 * p)


def k80_distance(p, q):
    """Kimura's two-parameter distance from the shares of transitions p and transversions q."""
    return -0.5 * np.log(1 - 2 * p - q) - 0.25 * np.log(1 - 2 * q)


# --- heat transfer ---------------------------------------------------------------------------------------------------


def fin_efficiency(ml):
    """Efficiency of a straight fin with an adiabatic tip; 1 for a fin of no length."""
    if ml == 0:
        return 1.0
    return np.tanh(ml) / ml


# --- quantum tunnelling ----------------------------------------------------------------------------------------------


def log_transmission(energy, width):
    """Log transmission through a rectangular barrier of height 1 (2m / hbar^2 = 1)."""
    kappa = np.sqrt(1 - energy)
    return np.log(1 / (1 + np.sinh(kappa * width) ** 2 / (4 * energy * (1 - energy))))


def log_transmission_stable(energy, width):
    y = np.sqrt(1 - energy) * width
    log_sinh = y + np.log1p(-np.exp(-2 * y)) - math.log(2)
    return -np.logaddexp(0, 2 * log_sinh - np.log(4 * energy * (1 - energy)))


# --- cosmology -------------------------------------------------------------------------------------------------------


def comoving_distance(omega_m):
    """Comoving distance to z = 1 (Mpc, H0 = 70) by the trapezoidal rule on 65 redshifts."""
    z = np.linspace(0, 1, 65)
    integrand = 1 / np.sqrt(omega_m * (1 + z) ** 3 + 1 - omega_m)
    return 299792.458 / 70 * np.trapezoid(integrand, z)


def universe_age(omega_m):
    """Age of a flat universe in Hubble times."""
    omega_l = 1 - omega_m
    return 2 / (3 * np.sqrt(omega_l)) * np.arcsinh(np.sqrt(omega_l / omega_m))


# --- actuarial science -----------------------------------------------------------------------------------------------


def log_survival_expm1(c, t=80.0):
    """Gompertz-Makeham log survival to age t."""
    return -5e-4 * t - 7e-5 * np.expm1(c * t) / c


def log_survival_exprel(c, t=80.0):
    return -5e-4 * t - 7e-5 * t * scipy.special.exprel(c * t)


def life_annuity(c):
    """Present value at 3 % of 1 a year for each year survived, to age 60, summed age by age."""
    value = 0.0
    for age in range(1, 61):
        value += np.exp(-0.03 * age) * np.exp(log_survival_exprel(c, float(age)))
    return value


CLAIMS = np.array([3.0, 12.0, 7.5, 20.0, 12.0, 1.0])


def excess_of_loss(retention):
    return np.maximum(CLAIMS - retention, 0).sum()


def layer_payout(retention):
    """An 8-wide layer above the retention."""
    return np.clip(CLAIMS - retention, 0, 8).sum()


# --- magnetism -------------------------------------------------------------------------------------------------------


def brillouin(x, j=3.5):
    a = (2 * j + 1) / (2 * j)
    b = 1 / (2 * j)
    return a * (1 / np.tanh(a * x)) - b * (1 / np.tanh(b * x))


def magnetisation(h, temperature=2.0):
    """Mean-field Ising magnetisation by fixed-point iteration until the step is below 1e-15."""
    m = 1.0
    while True:
        new = np.tanh((m + h) / temperature)
        if abs(new - m) < 1e-15:
            return new
        m = new


# --- semiconductors, reliability, risk -------------------------------------------------------------------------------


def fermi_dirac_1(eta):
    """Complete Fermi-Dirac integral of order 1: -Li2(-e^eta) = -spence(1 + e^eta)."""
    return -scipy.special.spence(1 + np.exp(eta))


def k_out_of_n(p):
    """A 3-out-of-5 system: P(at least 3 of 5 parts work)."""
    return scipy.special.bdtrc(2, 5, p)


def k_out_of_n_stats(p):
    return stats.binom.sf(2, 5, p)


def value_at_risk(alpha):
    return -stats.norm.ppf(alpha, loc=0.001, scale=0.02)


def truncated_normal_nll(mu, sigma):
    """One observation at 31 of a normal truncated to [30, 32]."""
    a, b = (30 - mu) / sigma, (32 - mu) / sigma
    return -stats.truncnorm.logpdf(31.0, a, b, loc=mu, scale=sigma)


def truncated_normal_nll_naive(mu, sigma):
    z = (31.0 - mu) / sigma
    mass = scipy.special.ndtr((32 - mu) / sigma) - scipy.special.ndtr((30 - mu) / sigma)
    return 0.5 * z ** 2 + np.log(sigma) + 0.5 * np.log(2 * np.pi) + np.log(mass)


def kumaraswamy_logpdf(x, a=2.5, b=3.0):
    """Kumaraswamy log-density, written as the formula reads."""
    return np.log(a * b) + (a - 1) * np.log(x) + (b - 1) * np.log(1 - x ** a)


def kumaraswamy_logpdf_log1p(x, a=2.5, b=3.0):
    return np.log(a * b) + (a - 1) * np.log(x) + (b - 1) * np.log1p(-x ** a)


def kumaraswamy_logpdf_expm1(x, a=2.5, b=3.0):
    """The same with 1 - x^a as -expm1(a log x)."""
    return np.log(a * b) + (a - 1) * np.log(x) + (b - 1) * np.log(-np.expm1(a * np.log(x)))
