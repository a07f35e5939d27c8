"""A user's code on gradcli.numpy and gradcli.scipy, round 36c: reliability engineering (Weibull hazards and
log-reliabilities, a delayed Weibull with a failure-free time, k-out-of-n systems by binomial tails, a mixture of
exponential lifetimes by logsumexp with weights, a Weibull fit over a parameter tree), hypothesis tests (chi-square
p-values and their logs), wave optics and waveguides (the Airy rainbow's intensity and its log, Bessel J and Y modes),
the perimeter of an ellipse and the surface of an ellipsoid (by E(m) and by Carlson's R_G, plain and scaled by the
largest axis), 1/Gamma by its sign and gammaln, posterior probabilities by softmax, and kinks of abs and clip a hair
from their switches."""

import gradcli.numpy as gnp
import gradcli.scipy.special as sps

# --- reliability (times in hours) -----------------------------------------------------------------------------------

SCALE = 1000.0  # the Weibull characteristic life
SHAPE = 2.0


def weibull_hazard_naive(t):
    """The failure rate of a Weibull lifetime at age ``t``: its density over its reliability."""
    u = t / SCALE
    density = SHAPE / SCALE * u ** (SHAPE - 1) * gnp.exp(-u ** SHAPE)
    reliability = gnp.exp(-u ** SHAPE)
    return gnp.sum(density / reliability)


def weibull_hazard(t):
    return gnp.sum(SHAPE / SCALE * (t / SCALE) ** (SHAPE - 1))


def weibull_log_reliability_naive(t):
    """log R(t) of a Weibull lifetime."""
    return gnp.sum(gnp.log(gnp.exp(-(t / SCALE) ** SHAPE)))


FAILURE_FREE = 100.0


def delayed_cumulative_hazard(t):
    """A three-parameter Weibull's cumulative hazard: nothing fails before FAILURE_FREE hours."""
    return gnp.sum((gnp.maximum(t - FAILURE_FREE, 0.0) / SCALE) ** 1.5)


def two_of_three_unreliability_naive(q):
    """The probability that a 2-out-of-3 system fails, its components failing with probability ``q``."""
    return gnp.sum(1 - sps.bdtrc(1, 3, 1 - q))


def two_of_three_unreliability(q):
    return gnp.sum(sps.bdtrc(1, 3, q))


def half_of_hundred_unreliability(q):
    """A 51-out-of-100 system fails when 50 or more of its components fail."""
    return gnp.sum(sps.bdtrc(49, 100, q))


WEIGHTS = gnp.array([0.5, 0.3, 0.2])
MEAN_LIVES = gnp.array([1.0, 10.0, 100.0])


def mixture_log_reliability_naive(t):
    """log R(t) of a unit drawn from three populations of exponential lifetimes."""
    return gnp.log(gnp.sum(WEIGHTS * gnp.exp(-t / MEAN_LIVES)))


def mixture_log_reliability(t):
    return sps.logsumexp(-t / MEAN_LIVES, b=WEIGHTS)


def weibull_fit_args():
    """Failure times of three units and a starting point on log scales."""
    return {"log_scale": gnp.array([6.0]), "log_shape": gnp.array([3.0])}, gnp.array([10.0, 200.0, 1500.0])


def weibull_nll_naive(params, times):
    """The negative log-likelihood of Weibull failure times."""
    scale, shape = gnp.exp(params["log_scale"]), gnp.exp(params["log_shape"])
    u = times / scale
    density = shape / scale * u ** (shape - 1) * gnp.exp(-u ** shape)
    return -gnp.sum(gnp.log(density))


def weibull_nll(params, times):
    shape = gnp.exp(params["log_shape"])
    log_u = gnp.log(times) - params["log_scale"]
    return -gnp.sum(params["log_shape"] - params["log_scale"] + (shape - 1) * log_u - gnp.exp(shape * log_u))


# --- hypothesis tests: a chi-square statistic on four degrees of freedom ---------------------------------------------


def chi2_log_pvalue_naive(x):
    return gnp.sum(gnp.log(1 - sps.chdtr(4, x)))


def chi2_log_pvalue(x):
    return gnp.sum(gnp.log(sps.chdtrc(4, x)))


def chi2_log_pvalue_closed(x):
    """On four degrees of freedom the p-value is (1 + x/2) e^(-x/2)."""
    return gnp.sum(gnp.log1p(x / 2) - x / 2)


def chi2_pvalue(x):
    return gnp.sum(sps.chdtrc(4, x))


def posterior_naive(loglik):
    """The posterior probability of the first of three equally likely hypotheses."""
    e = gnp.exp(loglik)
    return e[0] / gnp.sum(e)


def posterior(loglik):
    return sps.softmax(loglik)[0]


def log_posterior(loglik):
    return sps.log_softmax(loglik)[0]


# --- wave optics and waveguides -------------------------------------------------------------------------------------


def rainbow_intensity(x):
    """The intensity of light near a rainbow's caustic, in units of its scale: Ai(x)^2."""
    return gnp.sum(sps.airy(x)[0] ** 2)


def rainbow_log_intensity(x):
    return gnp.sum(gnp.log(sps.airy(x)[0] ** 2))


def bessel_y0(x):
    return gnp.sum(sps.y0(x))


def bessel_y1(x):
    return gnp.sum(sps.y1(x))


def bessel_j0(x):
    return gnp.sum(sps.j0(x))


def high_mode(x):
    """A cylindrical mode of order 50."""
    return gnp.sum(sps.jn(50, x))


FIRST_ZERO = 2.404825557695773  # of J0: a fibre's first cutoff


def guided_field(r):
    return gnp.sum(sps.j0(FIRST_ZERO * r) ** 2)


# --- ellipses and ellipsoids ----------------------------------------------------------------------------------------


def ellipse_perimeter(a, b):
    """The perimeter of ellipses with semi-axes a >= b."""
    return gnp.sum(4 * a * sps.ellipe(1 - (b / a) ** 2))


def ellipse_perimeter_rg(a, b):
    return gnp.sum(8 * sps.elliprg(0.0, a * a, b * b))


def ellipsoid_area(a, b, c):
    """The surface of an ellipsoid with semi-axes a, b, c."""
    return gnp.sum(4 * gnp.pi * sps.elliprg(a * a * b * b, a * a * c * c, b * b * c * c))


def ellipsoid_area_scaled(a, b, c):
    s = gnp.maximum(gnp.maximum(a, b), c)
    x, y, z = a / s, b / s, c / s
    return gnp.sum(s * s * 4 * gnp.pi * sps.elliprg(x * x * y * y, x * x * z * z, y * y * z * z))


# --- 1/Gamma by its sign and its log --------------------------------------------------------------------------------


def reciprocal_gamma_by_sign(x):
    return gnp.sum(sps.gammasgn(x) * gnp.exp(-sps.gammaln(x)))


# --- kinks ----------------------------------------------------------------------------------------------------------

DIVERSITY = 2.0


def laplace_log_density(x):
    return gnp.sum(-gnp.abs(x) / DIVERSITY - gnp.log(2 * DIVERSITY))


def clipped_log_likelihood(p):
    return gnp.sum(gnp.log(gnp.clip(p, 1e-300, 1.0)))


def delayed_cumulative_hazard_where(t):
    return gnp.sum(gnp.where(t > FAILURE_FREE, ((t - FAILURE_FREE) / SCALE) ** 1.5, 0.0))


AGE = 1e-3  # hours: an early failure


def weibull_log_hazard_naive(shape):
    """log h at an age of 3.6 seconds, as a function of the Weibull shape."""
    return gnp.sum(gnp.log(shape / SCALE * (AGE / SCALE) ** (shape - 1)))


def weibull_log_hazard(shape):
    return gnp.sum(gnp.log(shape) - gnp.log(SCALE) + (shape - 1) * gnp.log(AGE / SCALE))


def chi2_pvalue_in_df(df):
    """The p-value of a statistic of 30 as a function of the degrees of freedom."""
    return gnp.sum(sps.chdtrc(df, 30.0))
