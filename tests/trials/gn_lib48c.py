"""A user's code written against gradcli.numpy and gradcli.scipy, round 48c: population ecology (Ricker's map, the
logistic growth curve as solved and as rearranged, the Lotka-Volterra invariant, a Holling type III response),
reliability (Weibull unreliability by exp and expm1, its hazard as a power and by xlogy, a B-life by log and log1p,
the Weibull mean by gamma, a survival with TFP's custom_gradient(fx, gx, x)), information theory (the binary entropy
as printed and by xlogy/xlog1py, a Bernoulli KL divergence by 1 - p and by log1p, Renyi's entropy by logsumexp and
behind a double where, a Gaussian KL divergence as printed and by the ratio of the scales), combustion (Arrhenius'
rate as printed, in log space and with a Keras-style custom rule, an ignition delay, the activation energy from two
temperatures) and seismology (Omori's cumulative aftershock count with its p = 1 limit, a truncated Gutenberg-Richter
CDF by exp and expm1, the moment magnitude and its inverse)."""

import gradcli
import gradcli.numpy as gnp
import gradcli.scipy.special as sps

# --- population ecology ------------------------------------------------------------------------------------------------

CARRYING = 1000.0  # K, individuals
GROWTH = 0.5  # r, per year
HANDLING = 0.25  # h, days per prey


def ricker(n, r):
    """Ricker's stock-recruitment map N' = N e^(r (1 - N/K))."""
    return n * gnp.exp(r * (1 - n / CARRYING))


def logistic_growth(n0, t):
    """The logistic curve as solved: K N0 e^(rt) / (K + N0 (e^(rt) - 1))."""
    e = gnp.exp(GROWTH * t)
    return CARRYING * n0 * e / (CARRYING + n0 * (e - 1))


def logistic_growth_stable(n0, t):
    """... divided through by e^(rt): K / (1 + (K/N0 - 1) e^(-rt))."""
    return CARRYING / (1 + (CARRYING / n0 - 1) * gnp.exp(-GROWTH * t))


def lotka_volterra_invariant(x, y):
    """The conserved quantity delta x - gamma log x + beta y - alpha log y (alpha 1, beta 1.5, gamma 2, delta 0.5)."""
    return 0.5 * x - 2.0 * gnp.log(x) + 1.5 * y - 1.0 * gnp.log(y)


def holling3(a, n):
    """A Holling type III functional response a N^2 / (1 + a h N^2)."""
    return a * n ** 2 / (1 + a * HANDLING * n ** 2)


# --- reliability: Weibull --------------------------------------------------------------------------------------------

SCALE_H = 1000.0  # lambda, hours
SHAPE = 1.5  # k


def weibull_unreliability(t):
    """F(t) = 1 - exp(-(t/lambda)^k), the probability of failure by t."""
    return 1 - gnp.exp(-((t / SCALE_H) ** SHAPE))


def weibull_unreliability_expm1(t):
    return -gnp.expm1(-((t / SCALE_H) ** SHAPE))


def weibull_hazard(t, k):
    """h(t) = (k / lambda) (t / lambda)^(k - 1)."""
    return k / SCALE_H * (t / SCALE_H) ** (k - 1)


def weibull_hazard_xlogy(t, k):
    """The same in log space, xlogy keeping 0^0 = 1 at k = 1."""
    return gnp.exp(gnp.log(k / SCALE_H) + sps.xlogy(k - 1, t / SCALE_H))


def b_life(p):
    """The B_p life, the time by which a fraction p has failed: lambda (-log(1 - p))^(1/k)."""
    return SCALE_H * (-gnp.log(1 - p)) ** (1 / SHAPE)


def b_life_log1p(p):
    return SCALE_H * (-gnp.log1p(-p)) ** (1 / SHAPE)


def weibull_mean(k):
    """The mean life lambda Gamma(1 + 1/k)."""
    return SCALE_H * sps.gamma(1 + 1 / k)


def weibull_survival_tfp(t):
    """TFP's form: the value exp(-u), its slope given as -(k/lambda)(t/lambda)^(k-1) exp(-u)."""
    z = t / SCALE_H
    fx = gnp.exp(-(z ** SHAPE))
    gx = -(SHAPE / SCALE_H) * z ** (SHAPE - 1) * fx
    return gradcli.custom_gradient(fx, gx, t)


def weibull_survival_tfp_slipped(t):
    """... with the slope's 1/lambda left out."""
    z = t / SCALE_H
    fx = gnp.exp(-(z ** SHAPE))
    gx = -SHAPE * z ** (SHAPE - 1) * fx
    return gradcli.custom_gradient(fx, gx, t)


# --- information theory ----------------------------------------------------------------------------------------------


def binary_entropy(p):
    """H(p) = -p log p - (1 - p) log(1 - p), in nats, as printed."""
    return -p * gnp.log(p) - (1 - p) * gnp.log(1 - p)


def binary_entropy_xlogy(p):
    return -sps.xlogy(p, p) - sps.xlog1py(1 - p, -p)


def bernoulli_kl(p, q):
    """KL(Ber(p) || Ber(q)) as printed."""
    return p * gnp.log(p / q) + (1 - p) * gnp.log((1 - p) / (1 - q))


def bernoulli_kl_log1p(p, q):
    return p * gnp.log(p / q) + (1 - p) * (gnp.log1p(-p) - gnp.log1p(-q))


PROBS = gnp.array([0.2, 0.3, 0.5])


def renyi_entropy(alpha):
    """Renyi's entropy of order alpha, log(sum p^alpha) / (1 - alpha), by logsumexp of alpha log p."""
    return sps.logsumexp(alpha * gnp.log(PROBS)) / (1 - alpha)


def renyi_entropy_limit(alpha):
    """... with Shannon's entropy put in at alpha = 1 behind a double where."""
    one = alpha == 1
    safe = gnp.where(one, 2.0, alpha)
    renyi = sps.logsumexp(safe * gnp.log(PROBS)) / (1 - safe)
    return gnp.where(one, -gnp.sum(PROBS * gnp.log(PROBS)), renyi)


def gaussian_kl(m1, s1, m2, s2):
    """KL(N(m1, s1^2) || N(m2, s2^2)) as printed."""
    return gnp.log(s2 / s1) + (s1 ** 2 + (m1 - m2) ** 2) / (2 * s2 ** 2) - 0.5


def gaussian_kl_ratio(m1, s1, m2, s2):
    """... by the ratio of the scales and the standardised distance of the means."""
    r = s1 / s2
    d = (m1 - m2) / s2
    return -gnp.log(r) + (r * r + d * d) / 2 - 0.5


# --- combustion: Arrhenius -------------------------------------------------------------------------------------------

PREEXP = 1e13  # A, 1/s
EA = 150000.0  # J/mol
R_GAS = 8.314  # J/(mol K)


def arrhenius(temp):
    """k = A exp(-Ea / (R T))."""
    return PREEXP * gnp.exp(-EA / (R_GAS * temp))


def log_arrhenius(temp):
    return gnp.log(PREEXP) - EA / (R_GAS * temp)


@gradcli.custom_gradient
def _arrhenius_rule(temp):
    k = PREEXP * gnp.exp(-EA / (R_GAS * temp))

    def grad_fn(*args, upstream=None):
        return upstream * k * EA / (R_GAS * temp ** 2)
    return k, grad_fn


@gradcli.custom_gradient
def _arrhenius_rule_slipped(temp):
    k = PREEXP * gnp.exp(-EA / (R_GAS * temp))

    def grad_fn(*args, upstream=None):
        return upstream * k * EA / (R_GAS * temp)
    return k, grad_fn


def arrhenius_rule(temp):
    return gnp.sum(_arrhenius_rule(temp))


def arrhenius_rule_slipped(temp):
    return gnp.sum(_arrhenius_rule_slipped(temp))


def ignition_delay(temp):
    """An ignition delay tau = C exp(Ea / (R T)), C = 1e-10 s."""
    return 1e-10 * gnp.exp(EA / (R_GAS * temp))


LOG_RATE_RATIO = 2.0  # ln(k2 / k1) measured


def activation_energy(t1, t2):
    """Ea from two rates: R ln(k2/k1) / (1/T1 - 1/T2)."""
    return R_GAS * LOG_RATE_RATIO / (1 / t1 - 1 / t2)


def activation_energy_product(t1, t2):
    """... as R ln(k2/k1) T1 T2 / (T2 - T1)."""
    return R_GAS * LOG_RATE_RATIO * t1 * t2 / (t2 - t1)


# --- seismology ------------------------------------------------------------------------------------------------------

OMORI_K = 100.0  # aftershocks per day at t = 0, scaled
OMORI_C = 0.05  # days


def omori_count(t, p):
    """Omori-Utsu's cumulative count K (c^(1-p) - (c+t)^(1-p)) / (p - 1)."""
    return OMORI_K * (OMORI_C ** (1 - p) - (OMORI_C + t) ** (1 - p)) / (p - 1)


def omori_count_limit(t, p):
    """... with its p = 1 limit K log(1 + t/c) behind a double where."""
    one = p == 1
    safe = gnp.where(one, 2.0, p)
    general = OMORI_K * (OMORI_C ** (1 - safe) - (OMORI_C + t) ** (1 - safe)) / (safe - 1)
    return gnp.where(one, OMORI_K * gnp.log1p(t / OMORI_C), general)


BETA = 2.302585092994046  # b ln 10 with b = 1
M_MIN = 2.0


def gr_truncated_cdf(m, m_max):
    """The doubly truncated Gutenberg-Richter CDF (1 - e^(-beta (m - mc))) / (1 - e^(-beta (mmax - mc)))."""
    return (1 - gnp.exp(-BETA * (m - M_MIN))) / (1 - gnp.exp(-BETA * (m_max - M_MIN)))


def gr_truncated_cdf_expm1(m, m_max):
    return gnp.expm1(-BETA * (m - M_MIN)) / gnp.expm1(-BETA * (m_max - M_MIN))


def moment_magnitude(m0):
    """Mw = (2/3) (log10 M0 - 9.1), M0 in N m."""
    return 2 / 3 * (gnp.log10(m0) - 9.1)


def seismic_moment(mw):
    """M0 = 10^(1.5 Mw + 9.1)."""
    return 10 ** (1.5 * mw + 9.1)
