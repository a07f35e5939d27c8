"""A user's code on gradcli.numpy and gradcli.scipy, round 34c: heat exchangers (the log-mean temperature difference
at equal and nearly equal end differences, a counterflow exchanger's effectiveness at a capacity ratio of 1, a fin's
efficiency tanh(mL)/mL at mL -> 0), semiconductor devices (Shockley's diode current at 1e-10 and 720 thermal
voltages, its log at 1e-305, the intrinsic carrier density at 1 K), population ecology (logistic growth at r t =
+-800), image retrieval's generalised-mean pooling at 1e-120 and 1e120, welfare economics (Atkinson's inequality
index near an aversion of 1), divergences between distributions (Hellinger, Jensen-Shannon, Bhattacharyya) at
subnormal and equal probabilities, reliability (a log-logistic log-survival at a shape of 400), a Zipf law's
normaliser zeta(s) at s = 300, special functions at subnormal and huge arguments, and soft-argmax pooling."""

import numpy as np

import gradcli.numpy as gnp
import gradcli.scipy.special as sps

# --- heat exchangers -----------------------------------------------------------------------------------------------


def lmtd_naive(hot, cold):
    """The log-mean temperature difference of an exchanger whose end differences are ``hot`` and ``cold``."""
    return gnp.sum((hot - cold) / gnp.log(hot / cold))


def lmtd(hot, cold):
    """The same as cold * x / log1p(x), x = (hot - cold) / cold, by its series where the ends nearly agree."""
    x = (hot - cold) / cold
    near = gnp.abs(x) < 1e-4
    safe = gnp.where(near, 1.0, x)
    far = cold * safe / gnp.log1p(safe)
    series = cold * (1 + x / 2 - x ** 2 / 12 + x ** 3 / 24)
    return gnp.sum(gnp.where(near, series, far))


def counterflow_effectiveness_naive(ntu, ratio):
    """A counterflow exchanger's effectiveness at ``ntu`` transfer units and a heat-capacity ratio ``ratio``."""
    e = gnp.exp(-ntu * (1 - ratio))
    return gnp.sum((1 - e) / (1 - ratio * e))


def counterflow_effectiveness(ntu, ratio):
    """The same with (1 - e^-u) / (1 - C) written as ntu * exprel(-u): no 0/0 at C = 1."""
    g = ntu * sps.exprel(-ntu * (1 - ratio))
    return gnp.sum(g / (1 + ratio * g))


def fin_efficiency_naive(m):
    """A straight fin's efficiency tanh(mL) / mL at m = mL."""
    return gnp.sum(gnp.tanh(m) / m)


def fin_efficiency(m):
    """The same by its series 1 - m^2/3 + 2 m^4/15 below 1e-3."""
    near = gnp.abs(m) < 1e-3
    safe = gnp.where(near, 1.0, m)
    return gnp.sum(gnp.where(near, 1 - m ** 2 / 3 + 2 * m ** 4 / 15, gnp.tanh(safe) / safe))


# --- semiconductor devices (voltages in thermal voltages) -----------------------------------------------------------

SATURATION = 1e-14  # amperes
LOG_SATURATION = float(np.log(1e-14))


def diode_current_naive(v):
    """Shockley's diode current I_s (e^v - 1)."""
    return gnp.sum(SATURATION * (gnp.exp(v) - 1))


def diode_current(v):
    """The same with I_s taken into the exponent, so that e^v alone never overflows first."""
    return gnp.sum(gnp.exp(v + LOG_SATURATION) - SATURATION)


def log_diode_current_naive(v):
    return gnp.sum(gnp.log(SATURATION * gnp.expm1(v)))


def log_diode_current(v):
    return gnp.sum(LOG_SATURATION + gnp.log(gnp.expm1(v)))


EFFECTIVE_DENSITY = 5.2e15  # per cm^3 per K^1.5, silicon
GAP_KELVIN = 13000.0  # the band gap over Boltzmann's constant


def intrinsic_density(temperature):
    """Silicon's intrinsic carrier density N T^1.5 e^(-Eg / 2kT)."""
    return gnp.sum(EFFECTIVE_DENSITY * temperature ** 1.5 * gnp.exp(-GAP_KELVIN / (2 * temperature)))


# --- population ecology --------------------------------------------------------------------------------------------

CAPACITY, START = 1000.0, 10.0


def logistic_growth_naive(rate, time):
    """A population's size under logistic growth from 10 to a capacity of 1000."""
    return gnp.sum(CAPACITY / (1 + (CAPACITY / START - 1) * gnp.exp(-rate * time)))


def logistic_growth(rate, time):
    return gnp.sum(CAPACITY * sps.expit(rate * time - np.log(CAPACITY / START - 1)))


# --- generalised-mean (GeM) pooling of image features ---------------------------------------------------------------


def gem_pool_naive(x, p):
    """Generalised-mean pooling (mean x^p)^(1/p) of one feature map's activations."""
    return gnp.mean(x ** p) ** (1 / p)


def gem_pool(x, p):
    """The same in log space: exp((logsumexp(p log x) - log n) / p)."""
    return gnp.exp((gnp.logsumexp(p * gnp.log(x)) - np.log(x.shape[0])) / p)


# --- welfare economics ---------------------------------------------------------------------------------------------


def atkinson_naive(incomes, aversion):
    """Atkinson's inequality index 1 - (mean y^(1-e))^(1/(1-e)) / mean y."""
    p = 1 - aversion
    return 1 - gnp.mean(incomes ** p) ** (1 / p) / gnp.mean(incomes)


def atkinson(incomes, aversion):
    """The same with the equally distributed income in log space, by its series mean log y + p var(log y) / 2 near
    an aversion of 1."""
    p = 1 - aversion
    logs = gnp.log(incomes)
    near = gnp.abs(p) < 1e-6
    safe = gnp.where(near, 1.0, p)
    centred = logs - gnp.mean(logs)
    log_ede = gnp.where(near, gnp.mean(logs) + p * gnp.mean(centred ** 2) / 2,
                        (gnp.logsumexp(safe * logs) - np.log(incomes.shape[0])) / safe)
    return 1 - gnp.exp(log_ede) / gnp.mean(incomes)


# --- divergences between distributions -----------------------------------------------------------------------------


def hellinger(p, q):
    return gnp.sum((gnp.sqrt(p) - gnp.sqrt(q)) ** 2) / 2


def jensen_shannon(p, q):
    m = (p + q) / 2
    return gnp.sum(sps.xlogy(p, p / m) + sps.xlogy(q, q / m)) / 2


def jensen_shannon_entr(p, q):
    return gnp.sum(sps.entr((p + q) / 2) - (sps.entr(p) + sps.entr(q)) / 2)


def bhattacharyya_naive(p, q):
    return -gnp.log(gnp.sum(gnp.sqrt(p * q)))


def bhattacharyya(p, q):
    return -gnp.log(gnp.sum(gnp.sqrt(p) * gnp.sqrt(q)))


# --- reliability ---------------------------------------------------------------------------------------------------


def loglogistic_log_survival_naive(t, scale, shape):
    """log S(t) = -log(1 + (t / scale)^shape) of a log-logistic lifetime."""
    return gnp.sum(-gnp.log1p((t / scale) ** shape))


def loglogistic_log_survival(t, scale, shape):
    return gnp.sum(-gnp.logaddexp(0.0, shape * gnp.log(t / scale)))


# --- a Zipf law's normaliser ---------------------------------------------------------------------------------------


def zipf_first_share(s):
    """The share of the most frequent word, 1 / zeta(s), under a Zipf law of exponent s."""
    return gnp.sum(1 / sps.zeta(s, 1.0))


def zipf_first_share_riemann(s):
    return gnp.sum(1 / sps.zeta(s))


def shifted_zipf_share(s, q):
    """The first rank's share q^-s / zeta(s, q) under a Zipf-Mandelbrot law with shift q."""
    return gnp.sum(q ** -s / sps.zeta(s, q))


# --- special functions at subnormal and huge arguments --------------------------------------------------------------


def mills_ratio(x):
    """sqrt(pi/2) erfcx(x / sqrt 2): the normal's Mills ratio."""
    return gnp.sum(np.sqrt(np.pi / 2) * sps.erfcx(x / np.sqrt(2)))


def dawson_sum(x):
    return gnp.sum(sps.dawsn(x))


def theis_well(u):
    """Theis' well function W(u) = E1(u)."""
    return gnp.sum(sps.exp1(u))


def log_gamma_sum(x):
    return gnp.sum(sps.gammaln(x))


def digamma_sum(x):
    return gnp.sum(sps.digamma(x))


def normal_quantiles(p):
    return gnp.sum(sps.ndtri(p))


def lambert_sum(x):
    return gnp.sum(sps.lambertw(x).real)


def scaled_bessel_sum(x):
    return gnp.sum(sps.i0e(x) + sps.k0e(x))


def dilogarithm_sum(x):
    return gnp.sum(sps.spence(x))


# --- soft-argmax pooling and reductions at the dtype's edges --------------------------------------------------------

POSITIONS = np.array([0.0, 1.0, 2.0])


def soft_argmax(scores, temperature):
    """The expected position under softmax(scores / temperature)."""
    return gnp.sum(sps.softmax(scores / temperature) * POSITIONS)


def attention_pool(scores, values):
    return gnp.sum(sps.softmax(scores) * values)


def log_mean_exp(x):
    return sps.logsumexp(x) - np.log(x.shape[0])


def l1_and_max_norms(x):
    return gnp.linalg.norm(x, 1) + gnp.linalg.norm(x, np.inf)


# --- parameter trees -----------------------------------------------------------------------------------------------


def exchanger_args():
    """Two exchangers' end differences, the first pair equal, as a parameter tree."""
    return {"ends": {"hot": gnp.array([20.0, 45.0]), "cold": gnp.array([20.0, 15.0])}},


def exchanger_duty(params):
    return lmtd(params["ends"]["hot"], params["ends"]["cold"])


def exchanger_duty_naive(params):
    return lmtd_naive(params["ends"]["hot"], params["ends"]["cold"])
