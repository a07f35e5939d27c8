"""A user's code on gradcli.numpy, round 96c: actuarial science and survival models as pricing, reserving and
mortality fitting differentiate them (annuities certain and continuous, the force of interest, a loan's level
payment, Gompertz and Gompertz-Makeham survival, Weibull survival and hazard, log-logistic and log-normal survival,
a Kaplan-Meier product and Greenwood's variance, curtate life expectancy from a life table, Lee-Carter rates and
their Poisson likelihood, Cox partial likelihood by Breslow and Efron, net premiums as ratios of present values)."""

import gradcli.numpy as np

SQRT2 = 2.0 ** 0.5


# --- interest ---------------------------------------------------------------------------------------------------------


def annuity_immediate(i, n):
    """a-angle-n at rate i: the present value of n payments of 1 in arrears."""
    return (1.0 - (1.0 + i) ** -n) / i


def annuity_stable(i, n):
    """The same, spelled with log1p / expm1 against the cancellation at small i."""
    return -np.expm1(-n * np.log1p(i)) / i


def annuity_guarded(i, n):
    """The same with i = 0 (no interest) mapped to its limit n."""
    return np.where(i == 0.0, n, (1.0 - (1.0 + i) ** -n) / i)


def annuity_due(i, n):
    """a-double-dot-angle-n by v = 1 / (1 + i): (1 - v^n) / (1 - v)."""
    v = 1.0 / (1.0 + i)
    return (1.0 - v ** n) / (1.0 - v)


def force_of_interest(i):
    return np.log(1.0 + i)


def force_of_interest_stable(i):
    return np.log1p(i)


def continuous_annuity(delta, n):
    """a-bar-angle-n at force delta."""
    return (1.0 - np.exp(-delta * n)) / delta


def continuous_annuity_stable(delta, n):
    return -np.expm1(-delta * n) / delta


def continuous_annuity_guarded(delta, n):
    return np.where(delta == 0.0, n, -np.expm1(-delta * n) / delta)


def loan_payment(principal, i, n):
    """The level payment that repays a loan in n periods: L i / (1 - (1 + i)^-n)."""
    return principal * i / (1.0 - (1.0 + i) ** -n)


# --- parametric mortality ---------------------------------------------------------------------------------------------


def gompertz_survival(t, b, c):
    """S(t) = exp(-B (c^t - 1) / log c): the Gompertz law mu = B c^t integrated."""
    return np.exp(-b * (c ** t - 1.0) / np.log(c))


def gompertz_survival_expm1(t, b, c):
    lc = np.log(c)
    return np.exp(-b * np.expm1(t * lc) / lc)


def gompertz_makeham_survival(t, a, b, c):
    return np.exp(-a * t - b * (c ** t - 1.0) / np.log(c))


def gompertz_survival_guarded(t, b, c):
    """With c = 1 (a constant hazard B) mapped to exp(-B t)."""
    return np.where(c == 1.0, np.exp(-b * t), np.exp(-b * (c ** t - 1.0) / np.log(c)))


def makeham_log_hazard(t, a, b, c):
    """log mu(t) = log(A + B c^t), the term of a death's log-likelihood."""
    return np.log(a + b * c ** t)


def makeham_log_prior(a, b):
    """A log-normal-ish prior on the Makeham parameters, as a fit writes it: log A + log B - A - B."""
    return np.log(a) + np.log(b) - a - b


def weibull_survival(t, k, lam):
    return np.exp(-((t / lam) ** k))


def weibull_hazard(t, k, lam):
    return (k / lam) * (t / lam) ** (k - 1.0)


def weibull_log_density(t, k, lam):
    """log f(t) = log h(t) + log S(t), the term of an observed death."""
    return np.log(k / lam) + (k - 1.0) * np.log(t / lam) - (t / lam) ** k


def loglogistic_survival(t, alpha, beta):
    return 1.0 / (1.0 + (t / alpha) ** beta)


def loglogistic_survival_log(t, alpha, beta):
    """The same through log t, as a fit on the log scale writes it."""
    return 1.0 / (1.0 + np.exp(beta * (np.log(t) - np.log(alpha))))


def lognormal_survival(t, mu, sigma):
    return 0.5 * np.erfc((np.log(t) - mu) / (sigma * SQRT2))


# --- nonparametric and life tables ------------------------------------------------------------------------------------


def kaplan_meier(d, n):
    """The product-limit estimate at the last time: prod (1 - d / n) over the event times."""
    return np.prod(1.0 - d / n)


def kaplan_meier_log(d, n):
    """The same summed on the log scale."""
    return np.exp(np.sum(np.log1p(-d / n)))


def greenwood_variance(d, n):
    """Greenwood's variance of the product-limit estimate: S^2 sum d / (n (n - d))."""
    s = np.prod(1.0 - d / n)
    return s * s * np.sum(d / (n * (n - d)))


def curtate_expectancy(q):
    """e_x = sum over k >= 1 of k-p-x, from the one-year death probabilities q_x, q_x+1, ..."""
    return np.sum(np.cumprod(1.0 - q))


def complete_expectancy(q):
    """The complete expectation by the UDD approximation e_x + 1/2, truncated at the table's end."""
    return np.sum(np.cumprod(1.0 - q)) + 0.5


def net_premium(i, q):
    """A whole-life premium payable annually in advance: A_x / a-double-dot_x over the table's q."""
    v = 1.0 / (1.0 + i)
    kpx = np.cumprod(1.0 - q)
    alive = np.concatenate([np.ones(1), kpx[:-1]])  # k-p-x for k = 0 .. m-1
    disc = v ** np.arange(len(q))
    benefits = np.sum(disc * v * alive * q)
    annuity = np.sum(disc * alive)
    return benefits / annuity


def net_premium_arrears(i, q):
    """The same premium payable in arrears (at the end of each year survived): A_x / a_x."""
    v = 1.0 / (1.0 + i)
    kpx = np.cumprod(1.0 - q)
    alive = np.concatenate([np.ones(1), kpx[:-1]])
    disc = v ** np.arange(1, len(q) + 1)
    benefits = np.sum(disc * alive * q)
    annuity = np.sum(disc * kpx)
    return benefits / annuity


# --- Lee-Carter -------------------------------------------------------------------------------------------------------

LC_DEATHS = np.array([[12.0, 10.0], [40.0, 35.0], [150.0, 140.0]])  # ages x years
LC_EXPOSURE = np.array([[10000.0, 10100.0], [9000.0, 9050.0], [5000.0, 5100.0]])


def lee_carter_rate(a, b, k):
    """m = exp(a + b k) for one age and year."""
    return np.exp(a + b * k)


def lee_carter_log_rate(a, b, k):
    """log m recovered from the rate a model returns."""
    return np.log(np.exp(a + b * k))


def lee_carter_poisson(a, b, k):
    """The Poisson log-likelihood sum D log mu - E mu, log mu = a_x + b_x k_t (Brouhns et al.)."""
    eta = a[:, None] + b[:, None] * k[None, :]
    return np.sum(LC_DEATHS * eta - LC_EXPOSURE * np.exp(eta))


def lee_carter_expectancy(a, b, k):
    """Curtate expectancy from the Lee-Carter rates of one year: p = exp(-m)."""
    m = np.exp(a + b * k)
    return np.sum(np.cumprod(np.exp(-m)))


# --- Cox partial likelihood -------------------------------------------------------------------------------------------

COX_X = np.array([[0.5, 1.0], [-0.2, 0.0], [1.0, -1.0], [0.3, 0.5], [-1.0, 0.2], [0.0, 0.7]])
COX_TIME = np.array([2.0, 3.0, 3.0, 5.0, 5.0, 8.0])  # ties at 3 and 5
COX_EVENT = np.array([1.0, 1.0, 1.0, 1.0, 0.0, 1.0])
COX_ENTRY = np.array([0.0, 0.0, 1.0, 2.0, 2.0, 8.0])  # left truncation; the last enters at its own death


def cox_breslow(beta):
    """The Cox log partial likelihood with Breslow's handling of ties."""
    eta = COX_X @ beta
    at_risk = COX_TIME[None, :] >= COX_TIME[:, None]
    risk = np.sum(np.where(at_risk, np.exp(eta)[None, :], 0.0), axis=1)
    return np.sum(COX_EVENT * (eta - np.log(risk)))


def cox_breslow_lse(beta):
    """The same with the risk sums as log-sum-exps."""
    eta = COX_X @ beta
    at_risk = COX_TIME[None, :] >= COX_TIME[:, None]
    log_risk = np.logsumexp(np.where(at_risk, eta[None, :], -np.inf), axis=1)
    return np.sum(COX_EVENT * (eta - log_risk))


def cox_efron(beta):
    """Efron's handling of ties: for d tied deaths, sum over l < d of log(R - l / d D)."""
    eta = COX_X @ beta
    w = np.exp(eta)
    total = 0.0
    for t in [2.0, 3.0, 5.0, 8.0]:
        dead = (COX_TIME == t) & (COX_EVENT == 1.0)
        d = int(np.sum(dead))
        if d == 0:
            continue
        risk = np.sum(np.where(COX_TIME >= t, w, 0.0))
        tied = np.sum(np.where(dead, w, 0.0))
        total = total + np.sum(np.where(dead, eta, 0.0))
        for l in range(d):
            total = total - np.log(risk - l / d * tied)
    return total


def cox_truncated(beta):
    """Breslow with delayed entry: at risk at t when entry < t <= time."""
    eta = COX_X @ beta
    at_risk = (COX_TIME[None, :] >= COX_TIME[:, None]) & (COX_ENTRY[None, :] < COX_TIME[:, None])
    risk = np.sum(np.where(at_risk, np.exp(eta)[None, :], 0.0), axis=1)
    return np.sum(COX_EVENT * (eta - np.log(risk)))


def cox_truncated_lse(beta):
    """Delayed entry with the risk sums as log-sum-exps."""
    eta = COX_X @ beta
    at_risk = (COX_TIME[None, :] >= COX_TIME[:, None]) & (COX_ENTRY[None, :] < COX_TIME[:, None])
    log_risk = np.logsumexp(np.where(at_risk, eta[None, :], -np.inf), axis=1)
    return np.sum(COX_EVENT * (eta - log_risk))


# --- a censored Weibull likelihood ------------------------------------------------------------------------------------

W_TIME = np.array([0.0, 2.0, 5.0])  # the first is censored at entry (time 0)
W_EVENT = np.array([0.0, 1.0, 1.0])


def weibull_censored_loglik(k, lam):
    """sum delta log h(t) - H(t): deaths contribute their hazard, every subject its cumulative hazard."""
    h = (k / lam) * (W_TIME / lam) ** (k - 1.0)
    return np.sum(W_EVENT * np.log(h) - (W_TIME / lam) ** k)


def weibull_censored_loglik_logs(k, lam):
    """The same with log h written out in logs."""
    log_h = np.log(k) - np.log(lam) + (k - 1.0) * (np.log(W_TIME) - np.log(lam))
    return np.sum(W_EVENT * log_h - (W_TIME / lam) ** k)
