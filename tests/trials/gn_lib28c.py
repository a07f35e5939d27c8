"""A user's code on gradcli.numpy and gradcli.scipy, round 28c: Kimura's fixation probability (naive and by expm1) at
selection coefficients down to 1e-300, the Bateman curve of one-compartment pharmacokinetics near ka = ke (naive and by
expm1), Erlang's B formula by its power sum and by the textbook recursion, Fermi-Dirac and Bose-Einstein occupations
at tiny temperatures and energies, the Hill equation at concentrations of 1e-300 and 1e100 (by powers and by expit),
the lasso's soft-thresholding with a threshold of 1e-300, the binary entropy by xlogy at subnormal probabilities,
an M/M/1 queue's sojourn time at a load a hair below 1, and an interval-censored normal log-likelihood in the tail."""

import math

import gradcli.numpy as gnp
import gradcli.scipy.special as sps

POPULATION = 100.0


# --- population genetics: Kimura's u(s) = (1 - e^-2s) / (1 - e^-4Ns) ------------------------------------------------

def fixation_probability_naive(s):
    return gnp.sum((1.0 - gnp.exp(-2.0 * s)) / (1.0 - gnp.exp(-4.0 * POPULATION * s)))


def fixation_probability(s):
    return gnp.sum(gnp.expm1(-2.0 * s) / gnp.expm1(-4.0 * POPULATION * s))


# --- pharmacokinetics: C(t) = ka / (ka - ke) (e^-ke t - e^-ka t) ---------------------------------------------------------

def bateman_naive(ka, ke, t):
    return gnp.sum(ka / (ka - ke) * (gnp.exp(-ke * t) - gnp.exp(-ka * t)))


def bateman(ka, ke, t):
    """e^-ke t - e^-ka t = -e^-ke t expm1(-(ka - ke) t): no cancellation when ka is near ke."""
    gap = ka - ke
    return gnp.sum(-ka / gap * gnp.exp(-ke * t) * gnp.expm1(-gap * t))


# --- queueing ----------------------------------------------------------------------------------------------------------

def erlang_b_by_powers(traffic):
    """B(5, A) = (A^5 / 5!) / sum_k A^k / k!."""
    terms = [traffic ** k / math.factorial(k) for k in range(6)]
    total = terms[0]
    for term in terms[1:]:
        total = total + term
    return gnp.sum(terms[5] / total)


def erlang_b(traffic):
    """The recursion B(k) = A B(k-1) / (k + A B(k-1)) from B(0) = 1."""
    blocking = 1.0
    for servers in range(1, 6):
        blocking = traffic * blocking / (servers + traffic * blocking)
    return gnp.sum(blocking)


def mm1_sojourn(arrival, service):
    return gnp.sum(1.0 / (service - arrival))


# --- statistical physics ----------------------------------------------------------------------------------------------

def fermi_dirac_naive(energy, mu, kt):
    return gnp.sum(1.0 / (gnp.exp((energy - mu) / kt) + 1.0))


def fermi_dirac(energy, mu, kt):
    return gnp.sum(sps.expit(-(energy - mu) / kt))


def bose_einstein_log_naive(x):
    return gnp.sum(-gnp.log(gnp.exp(x) - 1.0))


def bose_einstein_log(x):
    return gnp.sum(-gnp.log(gnp.expm1(x)))


def bose_einstein_log_tail(x):
    """-log(e^x - 1) = -x - log(1 - e^-x): no overflow at 800."""
    return gnp.sum(-x - gnp.log(-gnp.expm1(-x)))


# --- pharmacology: the Hill equation x^n / (K^n + x^n) ---------------------------------------------------------------

HILL_K = 2.0
HILL_N = 4.0


def hill_by_powers(x):
    return gnp.sum(x ** HILL_N / (HILL_K ** HILL_N + x ** HILL_N))


def hill(x):
    return gnp.sum(sps.expit(HILL_N * (gnp.log(x) - math.log(HILL_K))))


# --- sparse regression: the lasso's proximal step --------------------------------------------------------------------

WEIGHTS = [1.0, 2.0, 3.0]


def soft_threshold_score(x, lam):
    shrunk = gnp.sign(x) * gnp.maximum(gnp.abs(x) - lam, 0.0)
    return gnp.sum(gnp.array(WEIGHTS) * shrunk)


# --- information -------------------------------------------------------------------------------------------------------

def binary_entropy(p):
    return gnp.sum(-(sps.xlogy(p, p) + sps.xlog1py(1.0 - p, -p)))


def binary_entropy_naive(p):
    return gnp.sum(-(p * gnp.log(p) + (1.0 - p) * gnp.log(1.0 - p)))


# --- survival: a normal observation censored to [a, b] ---------------------------------------------------------------

def interval_log_prob_naive(a, b):
    return gnp.sum(gnp.log(sps.ndtr(b) - sps.ndtr(a)))


def interval_log_prob(a, b):
    """Above 0 the upper tails: ndtr(-a) - ndtr(-b) keeps its digits where both cdfs round to 1."""
    return gnp.sum(gnp.log(sps.ndtr(-a) - sps.ndtr(-b)))


# --- a pharmacokinetic fit over a parameter tree ---------------------------------------------------------------------

def pk_fit_loss(params, data):
    """Squared log-residuals of the Bateman curve (by expm1) against observed concentrations."""
    ka, ke = params["ka"], params["ke"]
    curve = -ka / (ka - ke) * gnp.exp(-ke * data["t"]) * gnp.expm1(-(ka - ke) * data["t"])
    return gnp.sum((gnp.log(curve) - gnp.log(data["c"])) ** 2)


def pk_fit_args():
    params = {"ka": 1.5, "ke": 0.25}
    data = {"t": gnp.array([0.5, 2.0, 8.0]), "c": gnp.array([0.5, 0.75, 0.25])}
    return params, data


# --- the same probability in log space and by its series below 1e-6 --------------------------------------------------

def log_fixation_probability(s):
    return gnp.sum(gnp.log(-gnp.expm1(-2.0 * s)) - gnp.log(-gnp.expm1(-4.0 * POPULATION * s)))


def fixation_probability_series(s):
    """Below |s| = 1e-6 the first two terms (1 + (2N - 1) s) / 2N; each branch fed a safe argument."""
    small = gnp.abs(s) < 1e-6
    s_small = gnp.where(small, s, 0.0)
    s_big = gnp.where(small, 1.0, s)
    series = (1.0 + (2.0 * POPULATION - 1.0) * s_small) / (2.0 * POPULATION)
    exact = gnp.expm1(-2.0 * s_big) / gnp.expm1(-4.0 * POPULATION * s_big)
    return gnp.sum(gnp.where(small, series, exact))


# --- small things at tiny points -------------------------------------------------------------------------------------

def leaky_relu_sum(x):
    return gnp.sum(gnp.where(x > 0, x, 0.01 * x))


def log_clamped(p):
    return gnp.sum(gnp.log(gnp.maximum(p, 1e-12)))


def norm_by_hand(x):
    return gnp.sqrt(gnp.sum(x * x))


def norm(x):
    return gnp.linalg.norm(x)


def norm_by_hypot(x, y):
    return gnp.sum(gnp.hypot(x, y))
