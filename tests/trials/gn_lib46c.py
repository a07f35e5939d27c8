"""A user's code written against gradcli.numpy and gradcli.scipy, round 46c: geochronology (a radiometric age by log1p
and as printed by log(1 + D/P), the U-Pb concordia by exp and by expm1, a radiocarbon age), adsorption (Langmuir's
isotherm as printed and by its reciprocal, the BET isotherm in two spellings), compound interest (a future value by
powers and by log1p, a loan payment by powers and by expm1/log1p, continuous discounting), rating systems (TrueSkill's
v and w by the normal's pdf over its cdf and by erfcx, Elo's expected score by a power of ten and by expit, Thurstone's
log-likelihood by log(ndtr) and by log_ndtr) and tiny slopes of huge compositions (a double exponential, Gompertz
survival as printed and by expm1, 10^(-10^x))."""

import math

import gradcli
import gradcli.numpy as gnp
import gradcli.scipy.special as sps

# --- geochronology ---------------------------------------------------------------------------------------------------

LAMBDA_238 = 1.55125e-10  # per year (Jaffey et al. 1971)
LAMBDA_235 = 9.8485e-10
LAMBDA_14C = 8033.0  # the Libby mean-life, years


def age_log1p(d, p):
    """A radiometric age from the daughter/parent ratio: t = log(1 + D/P) / lambda."""
    return gnp.log1p(d / p) / LAMBDA_238


def age_log(d, p):
    """The same as the textbook prints it."""
    return gnp.log(1 + d / p) / LAMBDA_238


def concordia_206(t):
    """The concordia's 206Pb*/238U = e^(lambda t) - 1."""
    return gnp.exp(LAMBDA_238 * t) - 1


def concordia_206_expm1(t):
    return gnp.expm1(LAMBDA_238 * t)


def concordia_207(t):
    return gnp.exp(LAMBDA_235 * t) - 1


def radiocarbon_age(f):
    """A conventional radiocarbon age from the fraction modern F: -8033 ln F."""
    return -LAMBDA_14C * gnp.log(f)


def radiocarbon_age_log1p(f):
    return -LAMBDA_14C * gnp.log1p(f - 1)


# --- adsorption -------------------------------------------------------------------------------------------------------


def langmuir(k, p):
    """Langmuir's coverage theta = K p / (1 + K p)."""
    return k * p / (1 + k * p)


def langmuir_reciprocal(k, p):
    """The same divided through by K p."""
    return 1 / (1 + 1 / (k * p))


def bet(c, x):
    """The BET isotherm v / v_m = c x / ((1 - x)(1 - x + c x)) at relative pressure x."""
    return c * x / ((1 - x) * (1 - x + c * x))


def bet_textbook(c, x):
    """... as c x / ((1 - x)(1 + (c - 1) x))."""
    return c * x / ((1 - x) * (1 + (c - 1) * x))


# --- compound interest ------------------------------------------------------------------------------------------------


def future_value(r, t):
    """(1 + r/n)^(n t), compounded monthly."""
    n = 12.0
    return (1 + r / n) ** (n * t)


def future_value_log1p(r, t):
    n = 12.0
    return gnp.exp(n * t * gnp.log1p(r / n))


def loan_payment(r, principal):
    """The payment of an N-period loan: r P / (1 - (1 + r)^-N)."""
    n = 360.0
    return r * principal / (1 - (1 + r) ** -n)


def loan_payment_expm1(r, principal):
    n = 360.0
    return r * principal / -gnp.expm1(-n * gnp.log1p(r))


def discount(r, t):
    """Continuous discounting: e^(-r t)."""
    return gnp.exp(-r * t)


# --- rating systems ---------------------------------------------------------------------------------------------------


def trueskill_v(t):
    """TrueSkill's v(t) = N(t) / Phi(t), the mean's additive correction after a win."""
    pdf = gnp.exp(-t ** 2 / 2) / gnp.sqrt(2 * gnp.pi)
    return pdf / sps.ndtr(t)


def trueskill_v_erfcx(t):
    """The same by erfcx: Phi(t) = erfc(-t / sqrt 2) / 2, so v = sqrt(2/pi) / erfcx(-t / sqrt 2)."""
    return gnp.sqrt(2 / gnp.pi) / sps.erfcx(-t / gnp.sqrt(2.0))


def trueskill_w(t):
    """The variance's multiplicative correction w(t) = v(t) (v(t) + t)."""
    v = gnp.sqrt(2 / gnp.pi) / sps.erfcx(-t / gnp.sqrt(2.0))
    return v * (v + t)


def elo_expected(ra, rb):
    """Elo's expected score of A against B."""
    return 1 / (1 + 10 ** ((rb - ra) / 400))


def elo_expected_expit(ra, rb):
    return sps.expit((ra - rb) * gnp.log(10.0) / 400)


def thurstone_loglik(ra, rb):
    """Thurstone's case V: log P(A beats B) = log Phi((Ra - Rb) / (sigma sqrt 2)), sigma = 200."""
    return gnp.log(sps.ndtr((ra - rb) / (200 * gnp.sqrt(2.0))))


def thurstone_loglik_log_ndtr(ra, rb):
    return sps.log_ndtr((ra - rb) / (200 * gnp.sqrt(2.0)))


# --- huge compositions ------------------------------------------------------------------------------------------------


def double_exponential(x):
    """The Gumbel survival exp(-exp(x))."""
    return gnp.exp(-gnp.exp(x))


def gompertz_survival(c, t):
    """Gompertz survival S(t) = exp(-(b / c)(e^(c t) - 1)), b = 1e-4 per year."""
    b = 1e-4
    return gnp.exp(-b / c * (gnp.exp(c * t) - 1))


def gompertz_survival_expm1(c, t):
    b = 1e-4
    return gnp.exp(-b * gnp.expm1(c * t) / c)


def ten_to_minus_ten_to(x):
    return 10 ** (-(10 ** x))


# --- more of the same users' code -------------------------------------------------------------------------------------


def langmuir_clipped(k, p):
    """Langmuir's coverage with a gauge's negative readings clipped to 0."""
    q = gnp.maximum(p, 0.0)
    return k * q / (1 + k * q)


def radiocarbon_counts_loglik(n, mu):
    """The Poisson log-likelihood of n decays counted when mu were expected."""
    return sps.xlogy(n, mu) - mu - sps.gammaln(n + 1)


ELO_SCALE = 400 / math.log(10)


def plackett_luce(r):
    """A multi-player Elo (Plackett-Luce) log-likelihood that player 0 wins: s_0 - logsumexp(s), s = r / (400 / ln 10)."""
    s = r / ELO_SCALE
    return s[0] - sps.logsumexp(s)


def future_value_xlog1py(r, t):
    """(1 + r/12)^(12 t) by xlog1py, which keeps t = 0 at a total loss r = -12."""
    return gnp.exp(sps.xlog1py(12 * t, r / 12))


# --- custom gradient rules ----------------------------------------------------------------------------------------------


@gradcli.custom_gradient
def _trueskill_v_rule(t):
    v = gnp.sqrt(2 / gnp.pi) / sps.erfcx(-t / gnp.sqrt(2.0))

    def grad_fn(upstream):
        return upstream * -v * (v + t)
    return v, grad_fn


@gradcli.custom_gradient
def _trueskill_v_rule_slipped(t):
    v = gnp.sqrt(2 / gnp.pi) / sps.erfcx(-t / gnp.sqrt(2.0))

    def grad_fn(upstream):
        return upstream * v * (v + t)
    return v, grad_fn


def trueskill_v_rule(t):
    return gnp.sum(_trueskill_v_rule(t))


def trueskill_v_rule_slipped(t):
    return gnp.sum(_trueskill_v_rule_slipped(t))


ELO_K = math.log(10) / 400


@gradcli.custom_gradient
def _elo_rule(d):
    """Elo's expected score from the rating difference d = Ra - Rb, with the logistic's rule e (1 - e)."""
    e = sps.expit(ELO_K * d)

    def grad_fn(upstream):
        return upstream * ELO_K * e * (1 - e)
    return e, grad_fn


@gradcli.custom_gradient
def _elo_rule_stable(d):
    e = sps.expit(ELO_K * d)

    def grad_fn(upstream):
        return upstream * ELO_K * e * sps.expit(-ELO_K * d)
    return e, grad_fn


@gradcli.custom_gradient
def _elo_rule_forgot_k(d):
    e = sps.expit(ELO_K * d)

    def grad_fn(upstream):
        return upstream * e * (1 - e)
    return e, grad_fn


def elo_rule(d):
    return gnp.sum(_elo_rule(d))


def elo_rule_stable(d):
    return gnp.sum(_elo_rule_stable(d))


def elo_rule_forgot_k(d):
    return gnp.sum(_elo_rule_forgot_k(d))
