"""A user's code on gradcli.numpy, gradcli.scipy.special and gradcli.scipy.stats, round 82c: sports ratings and paired
comparisons as analysts fit them by gradient (Elo's expected score and its log-loss, an Elo update with a
margin-of-victory multiplier, Bradley-Terry by exp(strengths) and by log-sigmoids, TrueSkill's truncated-Gaussian
corrections v and w with and without a draw margin and its mean update, Glicko's g(RD) and its rating deviation update,
Thurstone's normal-cdf model, Plackett-Luce rankings, a Dixon-Coles Poisson goal model with its low-score correction,
a Kelly stake from bookmakers' odds), checked at ordinary points and where they break: rating gaps of +-5000 and beyond,
strengths of +-800, t = -40 (the 0 / 0 of v), a draw margin far in a tail, RD = 0, zero variance, rho at its limits,
MOV = 0, no edge, even odds of 1.0."""

import math

import gradcli.numpy as np
from gradcli.scipy.special import erf, erfcx, expit, gammaln, log_expit, log_ndtr, log_softmax, logsumexp, ndtr, softmax
from gradcli.scipy.stats import norm

LN10 = math.log(10.0)
SQRT2 = math.sqrt(2.0)
SQRT2PI = math.sqrt(2.0 * math.pi)

# --- Elo --------------------------------------------------------------------------------------------------------------


def elo_expected(ra, rb):
    """A's expected score against B: 1 / (1 + 10^((Rb - Ra) / 400))."""
    return 1.0 / (1.0 + 10.0 ** ((rb - ra) / 400.0))


def elo_expected_expit(ra, rb):
    """The same as a logistic: expit((Ra - Rb) ln 10 / 400)."""
    return expit((ra - rb) * (LN10 / 400.0))


def elo_logloss(ra, rb, s):
    """The log-loss of a result s (1 win, 0.5 draw, 0 loss) under Elo's expected score."""
    e = 1.0 / (1.0 + 10.0 ** ((rb - ra) / 400.0))
    return -(s * np.log(e) + (1.0 - s) * np.log(1.0 - e))


def elo_logloss_stable(ra, rb, s):
    """The same in log-sigmoids: log E = log_expit(d), log(1 - E) = log_expit(-d), d = (Ra - Rb) ln 10 / 400."""
    d = (ra - rb) * (LN10 / 400.0)
    return -(s * log_expit(d) + (1.0 - s) * log_expit(-d))


def elo_update(ra, rb, s, k):
    """A's new rating after a game: Ra + K (s - E)."""
    e = 1.0 / (1.0 + 10.0 ** ((rb - ra) / 400.0))
    return ra + k * (s - e)


def mov_multiplier(mov, elo_diff):
    """FiveThirtyEight's NFL margin-of-victory multiplier: ln(|MOV| + 1) 2.2 / (0.001 elo_diff + 2.2)."""
    return np.log(np.abs(mov) + 1.0) * 2.2 / (elo_diff * 0.001 + 2.2)


def mov_update(ra, rb, mov):
    """A's rating change with the multiplier: K mult (S - E), S = 1, 0.5, 0 for a win, a tie, a loss."""
    s = 0.5 + 0.5 * np.sign(mov)
    e = 1.0 / (1.0 + 10.0 ** ((rb - ra) / 400.0))
    mult = np.log1p(np.abs(mov)) * 2.2 / ((ra - rb) * 0.001 + 2.2)
    return 20.0 * mult * (s - e)


# --- Bradley-Terry ----------------------------------------------------------------------------------------------------

# a small season: (winner, loser) indices into the strengths
GAMES = [(0, 1), (1, 2), (0, 2), (2, 0), (1, 0)]


def bt_loglik_exp(beta):
    """Bradley-Terry's log-likelihood with worths pi = exp(beta): sum log(pi_w / (pi_w + pi_l))."""
    pi = np.exp(beta)
    total = 0.0
    for w, l in GAMES:
        total = total + np.log(pi[w] / (pi[w] + pi[l]))
    return total


def bt_loglik(beta):
    """The same in log-sigmoids: sum log_expit(beta_w - beta_l)."""
    w = np.array([g[0] for g in GAMES])
    l = np.array([g[1] for g in GAMES])
    return np.sum(log_expit(beta[w] - beta[l]))


def bt_loglik_logaddexp(beta):
    """The same as -logaddexp(0, beta_l - beta_w)."""
    total = 0.0
    for w, l in GAMES:
        total = total - np.logaddexp(0.0, beta[l] - beta[w])
    return total


def bt_pair_softmax(b):
    """One game, winner b[0], as a softmax over the pair: log(softmax(b)[0])."""
    return np.log(softmax(b)[0])


def bt_pair_log_softmax(b):
    """The same by log_softmax."""
    return log_softmax(b)[0]


def bt_worths(pi_w, pi_l):
    """One game's log-likelihood with the worths themselves as the parameters: log pi_w - log(pi_w + pi_l)."""
    return np.log(pi_w) - np.log(pi_w + pi_l)


# --- TrueSkill --------------------------------------------------------------------------------------------------------


def ts_v(t):
    """TrueSkill's additive correction for a win: v(t) = N(t) / Phi(t)."""
    return norm.pdf(t) / norm.cdf(t)


def ts_v_erfcx(t):
    """v by the scaled complementary error function: N(t) / Phi(t) = sqrt(2 / pi) / erfcx(-t / sqrt 2)."""
    return math.sqrt(2.0 / math.pi) / erfcx(-t / SQRT2)


def ts_v_log(t):
    """v in logs: exp(log N(t) - log Phi(t))."""
    return np.exp(-0.5 * t ** 2 - math.log(SQRT2PI) - log_ndtr(t))


def ts_v_logpdf(t):
    """v by the distribution's own logs: exp(norm.logpdf(t) - norm.logcdf(t))."""
    return np.exp(norm.logpdf(t) - norm.logcdf(t))


def ts_w(t):
    """TrueSkill's multiplicative correction for a win: w(t) = v(t) (v(t) + t)."""
    v = norm.pdf(t) / norm.cdf(t)
    return v * (v + t)


def ts_w_erfcx(t):
    """w with v by erfcx."""
    v = math.sqrt(2.0 / math.pi) / erfcx(-t / SQRT2)
    return v * (v + t)


def ts_v_draw(t, eps):
    """v for a draw with margin eps: (N(-eps - t) - N(eps - t)) / (Phi(eps - t) - Phi(-eps - t))."""
    return (norm.pdf(-eps - t) - norm.pdf(eps - t)) / (norm.cdf(eps - t) - norm.cdf(-eps - t))


def ts_v_win_margin(t, eps):
    """v for a win with a draw margin eps: N(t - eps) / Phi(t - eps)."""
    return norm.pdf(t - eps) / norm.cdf(t - eps)


def ts_w_draw(t, eps):
    """w for a draw: v^2 + ((eps - t) N(eps - t) + (eps + t) N(eps + t)) / (Phi(eps - t) - Phi(-eps - t))."""
    den = norm.cdf(eps - t) - norm.cdf(-eps - t)
    v = (norm.pdf(-eps - t) - norm.pdf(eps - t)) / den
    return v ** 2 + ((eps - t) * norm.pdf(eps - t) + (eps + t) * norm.pdf(eps + t)) / den


BETA = 25.0 / 6.0  # TrueSkill's default performance spread


def ts_mu_update(mu_w, mu_l, s_w, s_l):
    """The winner's new mean: mu_w + s_w^2 / c v((mu_w - mu_l) / c), c = sqrt(2 beta^2 + s_w^2 + s_l^2)."""
    c = np.sqrt(2.0 * BETA ** 2 + s_w ** 2 + s_l ** 2)
    t = (mu_w - mu_l) / c
    return mu_w + s_w ** 2 / c * (norm.pdf(t) / norm.cdf(t))


def ts_sigma_update(mu_w, mu_l, s_w, s_l):
    """The winner's new spread: s_w sqrt(1 - s_w^2 / c^2 w(t))."""
    c2 = 2.0 * BETA ** 2 + s_w ** 2 + s_l ** 2
    t = (mu_w - mu_l) / np.sqrt(c2)
    v = norm.pdf(t) / norm.cdf(t)
    return s_w * np.sqrt(1.0 - s_w ** 2 / c2 * v * (v + t))


# --- Glicko -----------------------------------------------------------------------------------------------------------

Q = LN10 / 400.0


def glicko_g(rd):
    """Glicko's attenuation g(RD) = 1 / sqrt(1 + 3 q^2 RD^2 / pi^2)."""
    return 1.0 / np.sqrt(1.0 + 3.0 * Q ** 2 * rd ** 2 / math.pi ** 2)


def glicko_expected(r, rj, rdj):
    """E = 1 / (1 + 10^(-g(RDj) (r - rj) / 400))."""
    g = 1.0 / np.sqrt(1.0 + 3.0 * Q ** 2 * rdj ** 2 / math.pi ** 2)
    return 1.0 / (1.0 + 10.0 ** (-g * (r - rj) / 400.0))


def glicko_rd_new(rd, d2):
    """The rating deviation after a period: sqrt(1 / (1 / RD^2 + 1 / d^2))."""
    return np.sqrt(1.0 / (1.0 / rd ** 2 + 1.0 / d2))


def glicko_rd_new_hypot(rd, d):
    """The same as RD d / sqrt(RD^2 + d^2), by hypot."""
    return rd * d / np.hypot(rd, d)


# --- Thurstone --------------------------------------------------------------------------------------------------------


def thurstone(mu_i, mu_j, s_i, s_j):
    """P(i beats j) = Phi((mu_i - mu_j) / sqrt(s_i^2 + s_j^2))."""
    return ndtr((mu_i - mu_j) / np.sqrt(s_i ** 2 + s_j ** 2))


def thurstone_scale(mu_i, mu_j, s):
    """Case V by the distribution's scale: norm.cdf(mu_i - mu_j, scale=sqrt(2) s)."""
    return norm.cdf(mu_i - mu_j, loc=0.0, scale=SQRT2 * s)


def thurstone_erf(mu_i, mu_j, s):
    """Case V with one spread, by erf: (1 + erf((mu_i - mu_j) / (2 s))) / 2."""
    return 0.5 * (1.0 + erf((mu_i - mu_j) / (2.0 * s)))


def thurstone_loglik(mu_i, mu_j, s):
    """The log-probability of i's win, by log(ndtr)."""
    return np.log(ndtr((mu_i - mu_j) / (SQRT2 * s)))


def thurstone_loglik_stable(mu_i, mu_j, s):
    """The same by log_ndtr."""
    return log_ndtr((mu_i - mu_j) / (SQRT2 * s))


# --- Plackett-Luce ----------------------------------------------------------------------------------------------------


def pl_loglik(s):
    """The log-likelihood of the finishing order 0, 1, ..., n-1: sum_k s_k - logsumexp(s_k..n-1)."""
    total = 0.0
    for k in range(s.shape[0]):
        total = total + s[k] - logsumexp(s[k:])
    return total


def pl_loglik_naive(s):
    """The same with the normaliser written out: log(sum(exp(s_k..n-1)))."""
    total = 0.0
    for k in range(s.shape[0]):
        total = total + s[k] - np.log(np.sum(np.exp(s[k:])))
    return total


def pl_top1(s):
    """The winner's probability only: softmax's first entry, as exp(s_0) / sum(exp(s))."""
    e = np.exp(s)
    return e[0] / np.sum(e)


# --- Dixon-Coles ------------------------------------------------------------------------------------------------------


def dc_tau(x, y, lam, mu, rho):
    """Dixon and Coles's low-score correction."""
    if x == 0 and y == 0:
        return 1.0 - lam * mu * rho
    if x == 0 and y == 1:
        return 1.0 + lam * rho
    if x == 1 and y == 0:
        return 1.0 + mu * rho
    if x == 1 and y == 1:
        return 1.0 - rho
    return 1.0


def dc_loglik(lam, mu, rho, x, y):
    """One match's log-likelihood: log tau + Poisson(x; lam) + Poisson(y; mu)."""
    return (np.log(dc_tau(x, y, lam, mu, rho)) + x * np.log(lam) - lam - gammaln(x + 1.0)
            + y * np.log(mu) - mu - gammaln(y + 1.0))


def dc_loglik_floor(lam, mu, rho, x, y):
    """The same with tau floored, as fitting code keeps rho's search from NaN: log(max(tau, 1e-10))."""
    tau = np.maximum(dc_tau(x, y, lam, mu, rho), 1e-10)
    return np.log(tau) + x * np.log(lam) - lam - gammaln(x + 1.0) + y * np.log(mu) - mu - gammaln(y + 1.0)


def dc_match(attack_h, defence_a, attack_a, defence_h, home, rho, x, y):
    """A match from the teams' log-strengths: lam = exp(att_h + def_a + home), mu = exp(att_a + def_h)."""
    lam = np.exp(attack_h + defence_a + home)
    mu = np.exp(attack_a + defence_h)
    return dc_loglik(lam, mu, rho, x, y)


# --- Kelly ------------------------------------------------------------------------------------------------------------


def kelly_fraction(p, odds):
    """The Kelly stake at decimal odds: f = (b p - (1 - p)) / b, b = odds - 1, no bet when negative."""
    b = odds - 1.0
    return np.maximum((b * p - (1.0 - p)) / b, 0.0)


def kelly_devig(p, o_home, o_draw, o_away):
    """The Kelly stake on the home side against the bookmaker's own probabilities (the margin removed
    proportionally): f = (p - q) / (1 - q), q = (1 / o_home) / sum(1 / o)."""
    inv = 1.0 / o_home + 1.0 / o_draw + 1.0 / o_away
    q = (1.0 / o_home) / inv
    return (p - q) / (1.0 - q)


def kelly_growth(f, p, odds):
    """The expected log growth of a stake f: p log(1 + f b) + (1 - p) log(1 - f)."""
    return p * np.log(1.0 + f * (odds - 1.0)) + (1.0 - p) * np.log(1.0 - f)
