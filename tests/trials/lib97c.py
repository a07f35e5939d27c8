"""A user's code on gradcli.numpy, round 97c: the formulas ecologists fit by gradient (Shannon diversity, Simpson's
index, Hill numbers and Renyi entropy of abundances, Pielou's evenness, Beverton-Holt and Ricker recruitment, the
Schaefer and Fox surplus production, Holling functional responses, the logistic growth solution, Lotka-Volterra
competition, Lincoln-Petersen and Chapman mark-recapture estimates, a species-accumulation curve, and the likelihood
of counts under a zero-inflated Poisson)."""

import math

import gradcli.numpy as np

# --- diversity of abundances n (counts per species; a species may be absent, n = 0) -------------------------------


def shannon(n):
    """H = -sum p log p, p = n / sum n."""
    p = n / np.sum(n)
    return -np.sum(p * np.log(p))


def shannon_guarded(n):
    """The same with the absent species' 0 log 0 mapped to 0."""
    p = n / np.sum(n)
    return -np.sum(np.where(p > 0, p * np.log(p), 0.0))


def shannon_xlogy(n):
    p = n / np.sum(n)
    return -np.sum(np.xlogy(p, p))


def simpson(n):
    """Simpson's dominance sum p^2."""
    p = n / np.sum(n)
    return np.sum(p ** 2)


def inverse_simpson(n):
    p = n / np.sum(n)
    return 1.0 / np.sum(p * p)


def simpson_unbiased(n):
    """sum n (n - 1) / (N (N - 1)): the chance that two individuals drawn without replacement share a species."""
    total = np.sum(n)
    return np.sum(n * (n - 1.0)) / (total * (total - 1.0))


def hill_number(n, q):
    """The effective number of species of order q: (sum p^q)^(1 / (1 - q))."""
    p = n / np.sum(n)
    return np.sum(p ** q) ** (1.0 / (1.0 - q))


def hill_number_guarded(n, q):
    """With q = 1 mapped to its limit exp(H)."""
    p = n / np.sum(n)
    shannon_h = -np.sum(np.xlogy(p, p))
    return np.where(q == 1.0, np.exp(shannon_h), np.sum(p ** q) ** (1.0 / (1.0 - q)))


def renyi_entropy(n, q):
    p = n / np.sum(n)
    return np.log(np.sum(p ** q)) / (1.0 - q)


def pielou_evenness(n):
    """J = H / log S over the S species of the sample."""
    p = n / np.sum(n)
    h = -np.sum(np.xlogy(p, p))
    return h / math.log(len(n))


# --- stock and recruitment, surplus production ---------------------------------------------------------------------


def beverton_holt(s, a, b):
    return a * s / (1.0 + b * s)


def beverton_holt_asymptote(a, b):
    """The recruitment a large stock approaches: a / b."""
    return a / b


def ricker(s, a, b):
    return a * s * np.exp(-b * s)


def ricker_log(s, a, b):
    """log R, as the stock-recruit regression fits it."""
    return np.log(a) + np.log(s) - b * s


def ricker_max_recruitment(a, b):
    """R at the stock 1 / b that maximises a s e^{-b s}: a / (b e)."""
    return a / (b * np.e)


def schaefer_growth(biomass, r, k, q, effort):
    """dB/dt = r B (1 - B / K) - q E B."""
    return r * biomass * (1.0 - biomass / k) - q * effort * biomass


def schaefer_equilibrium_yield(r, k, q, effort):
    """The sustained catch at effort E: q E K (1 - q E / r)."""
    return q * effort * k * (1.0 - q * effort / r)


def fox_growth(biomass, r, k):
    return r * biomass * np.log(k / biomass)


# --- functional responses, growth, interaction ----------------------------------------------------------------------


def holling_type2(prey, a, h):
    return a * prey / (1.0 + a * h * prey)


def holling_type3(prey, a, h):
    return a * prey ** 2 / (1.0 + a * h * prey ** 2)


def holling_generalised(prey, a, h, m):
    """Real's type III with an exponent: a N^(1 + m) / (1 + a h N^(1 + m))."""
    nm = prey ** (1.0 + m)
    return a * nm / (1.0 + a * h * nm)


def logistic_solution(t, n0, r, k):
    """N(t) = K / (1 + (K / N0 - 1) e^{-r t})."""
    return k / (1.0 + (k / n0 - 1.0) * np.exp(-r * t))


def logistic_solution_product(t, n0, r, k):
    """The same, cleared of the division by N0: K N0 / (N0 + (K - N0) e^{-r t})."""
    return k * n0 / (n0 + (k - n0) * np.exp(-r * t))


def lv_competition_n1(k1, k2, a12, a21):
    """Species 1 at the coexistence equilibrium of Lotka-Volterra competition."""
    return (k1 - a12 * k2) / (1.0 - a12 * a21)


def lv_predator_equilibrium(r, a):
    """The predator density at the Lotka-Volterra equilibrium: r / a."""
    return r / a


# --- mark-recapture, accumulation, counts ----------------------------------------------------------------------------


def lincoln_petersen(marked, caught, recaptured):
    return marked * caught / recaptured


def chapman(marked, caught, recaptured):
    return (marked + 1.0) * (caught + 1.0) / (recaptured + 1.0) - 1.0


def chapman_variance(marked, caught, recaptured):
    m1, c1, r1 = marked + 1.0, caught + 1.0, recaptured + 1.0
    return m1 * c1 * (marked - recaptured) * (caught - recaptured) / (r1 * r1 * (recaptured + 2.0))


def species_accumulation(n, s, c):
    """Species expected in n samples: S (1 - exp(-n / c))."""
    return s * (1.0 - np.exp(-n / c))


def species_accumulation_expm1(n, s, c):
    return -s * np.expm1(-n / c)


COUNTS = np.array([0.0, 0.0, 3.0, 1.0, 0.0, 2.0, 0.0, 5.0])
ZERO_COUNTS = np.array([0.0, 0.0, 0.0, 0.0])
LOG_FACTORIAL = np.array([math.lgamma(y + 1.0) for y in [0.0, 0.0, 3.0, 1.0, 0.0, 2.0, 0.0, 5.0]])


def _zip_loglik(lam, pi, y, log_fact):
    zero = np.log(pi + (1.0 - pi) * np.exp(-lam))
    positive = np.log(1.0 - pi) + y * np.log(lam) - lam - log_fact
    return np.sum(np.where(y == 0, zero, positive))


def zip_loglik(lam, pi):
    """A zero-inflated Poisson log-likelihood of the survey's counts (structural zeros with probability pi)."""
    return _zip_loglik(lam, pi, COUNTS, LOG_FACTORIAL)


def zip_loglik_empty_survey(lam, pi):
    """The same over a survey that saw nothing."""
    return _zip_loglik(lam, pi, ZERO_COUNTS, 0.0 * ZERO_COUNTS)


def zip_loglik_logaddexp(lam, pi):
    """The zero term as logaddexp(log pi, log(1 - pi) - lam)."""
    zero = np.logaddexp(np.log(pi), np.log1p(-pi) - lam)
    positive = np.log1p(-pi) + np.xlogy(COUNTS, lam) - lam - LOG_FACTORIAL
    return np.sum(np.where(COUNTS == 0, zero, positive))
