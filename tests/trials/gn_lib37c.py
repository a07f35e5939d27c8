"""A user's code on gradcli.numpy and gradcli.scipy, round 37c: option pricing (a Black-Scholes call and its delta,
the call by put-call parity, a digital option's log-price, the call as a function of its volatility, a portfolio
over a parameter tree), classification losses (the focal loss naive and by expit/log_expit, InfoNCE at a temperature
of 1e-3 by exponentials and by log_softmax, and in the temperature), population ecology (Holling's type III
functional response, the Ricker map and its log, Beverton-Holt), negative-binomial counts (the log-pmf in its size by
gammaln and by betaln, the cdf by nbdtr), sine and cosine integrals, the exponential integral, a Voigt line's width,
and kinks of hinge losses and option payoffs."""

import math

import gradcli.numpy as gnp
import gradcli.scipy.special as sps

# --- option pricing (Black-Scholes, one year) -----------------------------------------------------------------------

STRIKE = 100.0
RATE = 0.05
VOL = 0.2
EXPIRY = 1.0
DRIFT = (RATE + VOL ** 2 / 2) * EXPIRY
VOL_T = VOL * math.sqrt(EXPIRY)
STRIKE_PV = STRIKE * math.exp(-RATE * EXPIRY)


def _d1_d2(spot):
    d1 = (gnp.log(spot / STRIKE) + DRIFT) / VOL_T
    return d1, d1 - VOL_T


def call_price(spot):
    """European calls on the spot prices ``spot``: d/dspot is each call's delta."""
    d1, d2 = _d1_d2(spot)
    return gnp.sum(spot * sps.ndtr(d1) - STRIKE_PV * sps.ndtr(d2))


def call_by_parity(spot):
    """The same calls from the puts, by put-call parity C = P + S - K e^(-rT)."""
    d1, d2 = _d1_d2(spot)
    put = STRIKE_PV * sps.ndtr(-d2) - spot * sps.ndtr(-d1)
    return gnp.sum(put + spot - STRIKE_PV)


def digital_log_price_naive(spot):
    """The log-price of cash-or-nothing digital calls paying 1."""
    _, d2 = _d1_d2(spot)
    return gnp.sum(gnp.log(math.exp(-RATE * EXPIRY) * sps.ndtr(d2)))


def digital_log_price(spot):
    _, d2 = _d1_d2(spot)
    return gnp.sum(-RATE * EXPIRY + sps.log_ndtr(d2))


SPOT_OTM = 1.0  # a call struck at 100 on a stock at 1


def call_in_vol(vol):
    """The far out-of-the-money call's price as a function of its volatility: d/dvol is its vega."""
    d1 = (gnp.log(SPOT_OTM / STRIKE) + (RATE + vol ** 2 / 2) * EXPIRY) / (vol * math.sqrt(EXPIRY))
    d2 = d1 - vol * math.sqrt(EXPIRY)
    return gnp.sum(SPOT_OTM * sps.ndtr(d1) - STRIKE_PV * sps.ndtr(d2))


def portfolio_args():
    """A book of calls at three spots, its volatility and rate as parameters."""
    return {"vol": gnp.array([0.2]), "rate": gnp.array([0.05])}, gnp.array([1.0, 100.0, 150.0])


def portfolio_value(params, spots):
    vol, rate = params["vol"], params["rate"]
    d1 = (gnp.log(spots / STRIKE) + (rate + vol ** 2 / 2) * EXPIRY) / (vol * math.sqrt(EXPIRY))
    d2 = d1 - vol * math.sqrt(EXPIRY)
    return gnp.sum(spots * sps.ndtr(d1) - STRIKE * gnp.exp(-rate * EXPIRY) * sps.ndtr(d2))


def digital_book_args():
    return {"vol": gnp.array([0.2]), "rate": gnp.array([0.05])}, gnp.array([1e-10, 100.0])


def digital_book_log_naive(params, spots):
    vol, rate = params["vol"], params["rate"]
    d2 = (gnp.log(spots / STRIKE) + (rate - vol ** 2 / 2) * EXPIRY) / (vol * math.sqrt(EXPIRY))
    return gnp.sum(gnp.log(gnp.exp(-rate * EXPIRY) * sps.ndtr(d2)))


def digital_book_log(params, spots):
    vol, rate = params["vol"], params["rate"]
    d2 = (gnp.log(spots / STRIKE) + (rate - vol ** 2 / 2) * EXPIRY) / (vol * math.sqrt(EXPIRY))
    return gnp.sum(-rate * EXPIRY + sps.log_ndtr(d2))


# --- classification losses ------------------------------------------------------------------------------------------

FOCUS = 2.0


def focal_loss_naive(z):
    """The focal loss of logits ``z`` whose label is 1."""
    p = 1 / (1 + gnp.exp(-z))
    return gnp.sum(-(1 - p) ** FOCUS * gnp.log(p))


def focal_loss(z):
    return gnp.sum(-sps.expit(-z) ** FOCUS * sps.log_expit(z))


def focal_loss_half_naive(z):
    """A gentler focus, gamma = 1/2."""
    p = sps.expit(z)
    return gnp.sum(-(1 - p) ** 0.5 * gnp.log(p))


TEMPERATURE = 1e-3


def infonce_naive(scores):
    """The InfoNCE loss of cosine similarities ``scores``, the positive pair first."""
    e = gnp.exp(scores / TEMPERATURE)
    return -gnp.log(e[0] / gnp.sum(e))


def infonce(scores):
    return -sps.log_softmax(scores / TEMPERATURE)[0]


SCORES = gnp.array([0.5, 0.9, -0.2])  # a hard negative scores above the positive


def infonce_in_temperature(tau):
    """The loss at each temperature of ``tau``, summed."""
    return gnp.sum(-sps.log_softmax(SCORES[:, None] / tau, axis=0)[0])


# --- population ecology ---------------------------------------------------------------------------------------------

ATTACK = 0.5
HANDLING = 2.0


def holling3_naive(n):
    """Prey eaten per predator per unit time at prey densities ``n`` (Holling's type III)."""
    return gnp.sum(ATTACK * n ** 2 / (1 + ATTACK * HANDLING * n ** 2))


def holling3(n):
    return gnp.sum(1 / (HANDLING + 1 / (ATTACK * n * n)))


GROWTH = 2.5
CAPACITY = 1000.0


def ricker(n):
    """Next year's stock under the Ricker map."""
    return gnp.sum(n * gnp.exp(GROWTH * (1 - n / CAPACITY)))


def ricker_log_naive(n):
    return gnp.sum(gnp.log(n * gnp.exp(GROWTH * (1 - n / CAPACITY))))


def ricker_log(n):
    return gnp.sum(gnp.log(n) + GROWTH * (1 - n / CAPACITY))


FECUNDITY = 2.0
HALF_SATURATION = 1000.0


def beverton_holt_naive(n):
    return gnp.sum(FECUNDITY * n / (1 + n / HALF_SATURATION))


def beverton_holt(n):
    return gnp.sum(FECUNDITY / (1 / n + 1 / HALF_SATURATION))


# --- negative-binomial counts ---------------------------------------------------------------------------------------

COUNT = 3.0
SUCCESS = 0.3
LOG_P, LOG_Q = math.log(SUCCESS), math.log(1 - SUCCESS)


def nb_log_pmf_naive(r):
    """log P(X = 3) for a negative binomial of size ``r``, as a function of the size."""
    return gnp.sum(sps.gammaln(COUNT + r) - sps.gammaln(r) - sps.gammaln(COUNT + 1) + r * LOG_P + COUNT * LOG_Q)


def nb_log_pmf(r):
    return gnp.sum(-gnp.log(COUNT + r) - sps.betaln(r, COUNT + 1) + r * LOG_P + COUNT * LOG_Q)


def nb_cdf_in_p(p):
    """P(at most 2 failures before the 3rd success) as a function of the success probability."""
    return gnp.sum(sps.nbdtr(2, 3, p))


# --- sine, cosine and exponential integrals, a Voigt line -----------------------------------------------------------


def sine_integral(x):
    return gnp.sum(sps.sici(x)[0])


def cosine_integral(x):
    return gnp.sum(sps.sici(x)[1])


def exponential_integral(x):
    return gnp.sum(sps.expi(x))


def voigt_in_width(sigma):
    """A Voigt line's height half a unit from its centre as a function of its Gaussian width."""
    return gnp.sum(sps.voigt_profile(0.5, sigma, 0.1))


# --- kinks ----------------------------------------------------------------------------------------------------------


def hinge(z):
    """The hinge loss of margins ``z`` (label +1)."""
    return gnp.sum(gnp.maximum(0.0, 1 - z))


def squared_hinge(z):
    return gnp.sum(gnp.maximum(0.0, 1 - z) ** 2)


def call_payoff(spot):
    return gnp.sum(gnp.maximum(spot - STRIKE, 0.0))


def call_payoff_where(spot):
    return gnp.sum(gnp.where(spot > STRIKE, spot - STRIKE, 0.0))


def relu_where(x):
    return gnp.sum(gnp.where(x > 0, x, 0.0))


def abs_squared(x):
    """|x|^2 is smooth though |x| is not."""
    return gnp.sum(gnp.abs(x) ** 2)


def abs_times_x(x):
    return gnp.sum(gnp.abs(x) * x)


def best_score(scores):
    """The highest of the scores (a tie has no derivative)."""
    return gnp.max(scores)


def weighted_logsumexp(x):
    """A mixture's log-normaliser with a component switched off by a zero weight."""
    return sps.logsumexp(x, b=gnp.array([1.0, 0.0]))


def branch_point_w(x):
    """The Lambert W's principal branch near its branch point -1/e."""
    return gnp.sum(sps.lambertw(x).real)

