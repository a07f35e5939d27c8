"""A user's code on gradcli.numpy and gradcli.scipy.special, round 80c: queueing, inventory and reliability as
operations-research planners write it (M/M/1 and M/M/c waits, Erlang B and C, Little's law, Pollaczek-Khinchine,
the EOQ, the newsvendor's critical fractile, a base-stock cost by the normal loss function, safety stock, series and
parallel reliability, the Weibull hazard and mean life, availability, a softplus-penalised capacity plan), checked at
ordinary points and where they break: rho -> 1 and rho = 1, a -> c, h -> 0, D = 0, fractiles 0 and 1, r = 1, t = 0."""

import math

import gradcli.numpy as np
from gradcli.scipy.special import comb, gamma, gammaln, logsumexp, ndtri

# --- single-server queues ---------------------------------------------------------------------------------------------


def mm1_wait(lam, mu):
    """M/M/1 mean wait in queue Wq = rho / (mu (1 - rho)), rho = lam / mu."""
    rho = lam / mu
    return rho / (mu * (1.0 - rho))


def mm1_sojourn(lam, mu):
    """Mean time in system W = 1 / (mu - lam)."""
    return 1.0 / (mu - lam)


def mm1_length(lam, mu):
    """Little's law: L = lam W."""
    return lam * mm1_sojourn(lam, mu)


def pk_queue(lam, es, sd):
    """Pollaczek-Khinchine mean queue length of M/G/1: Lq = rho^2 (1 + cs^2) / (2 (1 - rho)), cs = sd / E[S]."""
    rho = lam * es
    cs = sd / es
    return rho ** 2 * (1.0 + cs ** 2) / (2.0 * (1.0 - rho))


def pk_queue_var(lam, es, var):
    """The same given the service variance (sd = sqrt(var))."""
    rho = lam * es
    cs = np.sqrt(var) / es
    return rho ** 2 * (1.0 + cs ** 2) / (2.0 * (1.0 - rho))


# --- multi-server queues ----------------------------------------------------------------------------------------------


def _erlang_c(a, c):
    """P(wait) by the textbook sum: (a^c / c!) (c / (c - a)) / (sum_{k<c} a^k / k! + (a^c / c!) (c / (c - a)))."""
    s = sum(a ** k / math.factorial(k) for k in range(c))
    top = a ** c / math.factorial(c) * (c / (c - a))
    return top / (s + top)


def erlang_c1(a):
    return _erlang_c(a, 1)


def erlang_c10(a):
    return _erlang_c(a, 10)


def erlang_c50(a):
    return _erlang_c(a, 50)


def erlang_c200(a):
    """A call centre's 200 agents."""
    return _erlang_c(a, 200)


def erlang_c200_log(a):
    """The same in log space, as one writes it once the factorials overflow."""
    c = 200
    k = np.arange(c)
    log_s = logsumexp(k * np.log(a) - gammaln(k + 1.0))
    log_top = c * np.log(a) - gammaln(c + 1.0) + np.log(c / (c - a))
    return np.exp(log_top - np.logaddexp(log_s, log_top))


def tandem_length(lam, mu):
    """Little's law over a tandem line of M/M/1 stations: sum lam / (mu_i - lam)."""
    return np.sum(lam / (mu - lam))


def mmc_p0(a):
    """P0 of M/M/10: 1 / (sum_{k<10} a^k / k! + a^10 / 10! * 10 / (10 - a)), the terms by a cumulative product."""
    terms = np.cumprod(a / np.arange(1.0, 10.0))  # a^k / k!, k = 1..9
    top = terms[-1] * a / 10.0 * (10.0 / (10.0 - a))
    return 1.0 / (1.0 + np.sum(terms) + top)


def _erlang_b(a, c):
    """Erlang B by the recurrence B_k = a B_{k-1} / (k + a B_{k-1}), B_0 = 1."""
    b = 1.0 + 0.0 * a
    for k in range(1, c + 1):
        b = a * b / (k + a * b)
    return b


def erlang_b20(a):
    return _erlang_b(a, 20)


def erlang_b1(a):
    return _erlang_b(a, 1)


def _erlang_c_rec(a, c):
    """Erlang C from Erlang B: C = c B / (c - a (1 - B))."""
    b = _erlang_b(a, c)
    return c * b / (c - a * (1.0 - b))


def erlang_c10_rec(a):
    return _erlang_c_rec(a, 10)


def erlang_c50_rec(a):
    return _erlang_c_rec(a, 50)


def mmc_wait(lam, mu):
    """M/M/10 mean wait in queue: C(10, lam / mu) / (10 mu - lam)."""
    return _erlang_c_rec(lam / mu, 10) / (10.0 * mu - lam)


# --- inventory --------------------------------------------------------------------------------------------------------


def eoq(D, K, h):
    """Economic order quantity sqrt(2 D K / h)."""
    return np.sqrt(2.0 * D * K / h)


def eoq_pow(D, K, h):
    """The same with a power of 1/2."""
    return (2.0 * D * K / h) ** 0.5


def eoq_cost(D, K, h):
    """Ordering plus holding cost at the EOQ: D K / Q + h Q / 2."""
    q = eoq(D, K, h)
    return D * K / q + h * q / 2.0


def newsvendor(cu, co, mu, sigma):
    """Order-up-to level mu + sigma z, z the normal quantile of the critical fractile cu / (cu + co)."""
    return mu + sigma * ndtri(cu / (cu + co))


def newsvendor_p(p, mu, sigma):
    return mu + sigma * ndtri(p)


def _phi(z):
    return np.exp(-0.5 * z * z) / np.sqrt(2.0 * np.pi)


def _Phi(z):
    return 0.5 * (1.0 + np.erf(z / np.sqrt(2.0)))


def base_stock_cost(S, mu, sigma):
    """h E(S - D)^+ + b E(D - S)^+ for normal demand, by the standard loss L(z) = phi(z) - z (1 - Phi(z))."""
    h, b = 1.0, 9.0
    z = (S - mu) / sigma
    short = sigma * (_phi(z) - z * (1.0 - _Phi(z)))
    return h * (S - mu + short) + b * short


def base_stock_cost_erfc(S, mu, sigma):
    """The same with 1 - Phi(z) by erfc."""
    h, b = 1.0, 9.0
    z = (S - mu) / sigma
    short = sigma * (_phi(z) - z * 0.5 * np.erfc(z / np.sqrt(2.0)))
    return h * (S - mu + short) + b * short


def safety_stock(z, sigma, L):
    """z sigma sqrt(L)."""
    return z * sigma * np.sqrt(L)


def reorder_point(alpha, d, sigma, L):
    """d L + ndtri(alpha) sigma sqrt(L): demand over the lead time plus the safety stock at cycle service alpha."""
    return d * L + ndtri(alpha) * sigma * np.sqrt(L)


# --- reliability ------------------------------------------------------------------------------------------------------


def series_rel(r):
    return np.prod(r)


def parallel_rel(r):
    """1 - prod(1 - r)."""
    return 1.0 - np.prod(1.0 - r)


def parallel_rel_log(r):
    """The same in log space: 1 - exp(sum log1p(-r))."""
    return 1.0 - np.exp(np.sum(np.log1p(-r)))


def series_rel_log(r):
    return np.exp(np.sum(np.log(r)))


def k_of_n(r):
    """2-out-of-3 reliability of identical units: sum_{j>=2} C(3, j) r^j (1 - r)^(3 - j)."""
    n, k = 3, 2
    j = np.arange(k, n + 1)
    return np.sum(comb(n, j) * r ** j * (1.0 - r) ** (n - j))


def two_of_three(r):
    """The same written out term by term."""
    return 3.0 * r ** 2 * (1.0 - r) ** 1.0 + r ** 3 * (1.0 - r) ** 0.0


def series_parallel(r):
    """Two parallel pairs in series: (1 - (1 - r0)(1 - r1)) (1 - (1 - r2)(1 - r3))."""
    return parallel_rel(r[:2]) * parallel_rel(r[2:])


def weibull_hazard(t, k, lam):
    """(k / lam) (t / lam)^(k - 1)."""
    return (k / lam) * (t / lam) ** (k - 1.0)


def weibull_hazard_log(t, k, lam):
    """The same through logs, as vectorised codes write powers: (k / lam) exp((k - 1) log(t / lam))."""
    return (k / lam) * np.exp((k - 1.0) * np.log(t / lam))


def weibull_mttf(k, lam):
    """lam Gamma(1 + 1/k)."""
    return lam * gamma(1.0 + 1.0 / k)


def weibull_mttf_log(k, lam):
    return lam * np.exp(gammaln(1.0 + 1.0 / k))


def weibull_rel(t, k, lam):
    """R(t) = exp(-(t / lam)^k)."""
    return np.exp(-(t / lam) ** k)


def availability(mtbf, mttr):
    return mtbf / (mtbf + mttr)


def availability_pair(mtbf, mttr):
    """Two redundant units: 1 - (1 - A)^2."""
    a = availability(mtbf, mttr)
    return 1.0 - (1.0 - a) ** 2


# --- capacity planning ------------------------------------------------------------------------------------------------

DEMAND = np.array([120.0, 95.0, 140.0, 80.0])
UNIT_COST = np.array([2.0, 2.5, 1.8, 3.0])
SHORT_PENALTY = 40.0
SHARP = 2.0


def capacity_plan(x):
    """Capacity cost plus a smooth shortage penalty sum softplus(k (demand - x)) / k."""
    gap = SHARP * (DEMAND - x)
    return np.sum(UNIT_COST * x) + SHORT_PENALTY * np.sum(np.logaddexp(0.0, gap)) / SHARP


def capacity_plan_naive(x):
    """The same with log(1 + exp(.))."""
    gap = SHARP * (DEMAND - x)
    return np.sum(UNIT_COST * x) + SHORT_PENALTY * np.sum(np.log(1.0 + np.exp(gap))) / SHARP


def capacity_plan_hinge(x):
    """The same with the hinge max(demand - x, 0): the penalty's kink where capacity meets demand."""
    return np.sum(UNIT_COST * x) + SHORT_PENALTY * np.sum(np.maximum(DEMAND - x, 0.0))
