"""A user's code on gradcli.numpy and gradcli.scipy.special, round 65c: log-space probability code as statistical and
ML code writes it (an HMM's forward algorithm in log space and in probability space, Viterbi by max, a log-space
matrix product, normalising log-probabilities with a -inf mask, log1mexp / log1pexp written naively and stably,
logdiffexp, beta-binomial, Dirichlet and negative binomial log-densities by gammaln, a mixture's log-sum-exp with zero
weights, log-odds and the log-sigmoid, the binary entropy by xlogy, a KL divergence between categoricals with zeros,
the log-partition of a softmax with a temperature, np.logaddexp.reduce, scipy.special.logsumexp with b= weights and
return_sign), checked at ordinary points, ties, -inf entries, +-800, 1e-300, 1e300, float64 and float32."""

import gradcli.numpy as np
import gradcli.scipy.special as sp

LOGPI = np.log(np.array([0.6, 0.4]))
A = np.array([[0.7, 0.3], [0.2, 0.8]])
LOGA = np.log(A)
PI = np.array([0.6, 0.4])
LOGA_U = np.log(np.array([[0.5, 0.5], [0.5, 0.5]]))  # every path equally likely: Viterbi ties
LOGPI_U = np.log(np.array([0.5, 0.5]))
B = np.array([[0.0, -1.0], [-2.0, 0.5]])  # the right factor of a log-space matrix product
B_MASKED = np.log(np.array([[1.0, 0.0], [0.5, 0.5]]))  # a zero transition: -inf
MASK3 = np.array([1.0, 0.0, 1.0])
KEEP3 = np.array([True, False, True])
W3 = np.array([1.0, 2.0, 3.0])
MIX_W = np.array([0.5, 0.0, 0.5])
MU3 = np.array([-1.0, 0.0, 2.0])
Q3 = np.array([0.25, 0.5, 0.25])
X_DIR = np.array([0.2, 0.3, 0.5])
X_DIR0 = np.array([0.0, 0.4, 0.6])
Y_NB = np.array([0.0, 3.0, 7.0])
SIGNS = np.array([1.0, -1.0, 1.0])
SIGNS2 = np.array([1.0, -1.0])
LOG2 = np.log(2.0)


# --- hidden Markov models ---------------------------------------------------------------------------------------------

def hmm_forward_log(e):
    """The forward algorithm in log space: e[t, k] is log p(obs_t | state k); returns log p(obs)."""
    alpha = LOGPI + e[0]
    for t in range(1, e.shape[0]):
        alpha = sp.logsumexp(alpha[:, None] + LOGA, axis=0) + e[t]
    return sp.logsumexp(alpha)


def hmm_forward_prob(e):
    """The same in probability space: exp(e) underflows for log-likelihoods far below 0."""
    alpha = PI * np.exp(e[0])
    for t in range(1, e.shape[0]):
        alpha = (alpha @ A) * np.exp(e[t])
    return np.log(np.sum(alpha))


def hmm_forward_scaled(e):
    """Probability space with a per-step rescaling (Rabiner's scaling): log p = sum of the log scales."""
    m = np.max(e[0])
    alpha = PI * np.exp(e[0] - m)
    total = m
    for t in range(1, e.shape[0]):
        m = np.max(e[t])
        alpha = (alpha @ A) * np.exp(e[t] - m)
        c = np.sum(alpha)
        alpha = alpha / c
        total = total + m + np.log(c)
    return total + np.log(np.sum(alpha))


def viterbi(e):
    """The best path's log-probability, by max over predecessors."""
    delta = LOGPI + e[0]
    for t in range(1, e.shape[0]):
        delta = np.max(delta[:, None] + LOGA, axis=0) + e[t]
    return np.max(delta)


def viterbi_uniform(e):
    """The same under a uniform chain: equal emissions make every path tie."""
    delta = LOGPI_U + e[0]
    for t in range(1, e.shape[0]):
        delta = np.max(delta[:, None] + LOGA_U, axis=0) + e[t]
    return np.max(delta)


# --- log-space linear algebra, normalising ---------------------------------------------------------------------------

def log_matmul(a):
    """log(exp(a) @ exp(B)), summed with weights."""
    c = sp.logsumexp(a[:, :, None] + B[None, :, :], axis=1)
    return c[0, 0] + 2.0 * c[0, 1] + 3.0 * c[1, 0] + 4.0 * c[1, 1]


def log_matmul_masked(a):
    """The same against a matrix with a zero (-inf) entry."""
    c = sp.logsumexp(a[:, :, None] + B_MASKED[None, :, :], axis=1)
    return c[0, 0] + 2.0 * c[0, 1] + 3.0 * c[1, 0] + 4.0 * c[1, 1]


def log_normalize(x):
    """x - logsumexp(x), weighted."""
    return np.sum(W3 * (x - sp.logsumexp(x)))


def log_normalize_naive(x):
    """log(softmax) by exp, sum and log."""
    e = np.exp(x)
    return np.sum(W3 * np.log(e / np.sum(e)))


def log_normalize_masked(x):
    """A -inf mask by np.log(0): the masked entry's log-probability is -inf and is left out of the result."""
    lp = x + np.log(MASK3)
    lp = lp - sp.logsumexp(lp)
    return lp[0] + 2.0 * lp[2]


def log_normalize_where(x):
    """The same mask by np.where(keep, x, -inf)."""
    lp = np.where(KEEP3, x, -np.inf)
    lp = lp - sp.logsumexp(lp)
    return lp[0] + 2.0 * lp[2]


def log_softmax_lib(x):
    return np.sum(W3 * sp.log_softmax(x))


# --- log1mexp, log1pexp, logdiffexp ----------------------------------------------------------------------------------

def log1mexp_naive(x):
    """log(1 - e^-x)."""
    return np.log(1.0 - np.exp(-x))


def log1mexp_expm1(x):
    return np.log(-np.expm1(-x))


def log1mexp_log1p(x):
    return np.log1p(-np.exp(-x))


def log1mexp_stable(x):
    """Maechler's switch at log 2."""
    return np.where(x < LOG2, np.log(-np.expm1(-x)), np.log1p(-np.exp(-x)))


def log1pexp_naive(x):
    return np.log(1.0 + np.exp(x))


def log1pexp_logaddexp(x):
    return np.logaddexp(0.0, x)


def log1pexp_where(x):
    """A threshold rule as code writes it: x + e^-x above 33.3, log1p(e^x) below (both branches run)."""
    return np.where(x > 33.3, x + np.exp(-x), np.log1p(np.exp(x)))


def logdiffexp_naive(a, b):
    return np.log(np.exp(a) - np.exp(b))


def logdiffexp(a, b):
    """log(e^a - e^b) = a + log(-expm1(b - a))."""
    return a + np.log(-np.expm1(b - a))


# --- log-densities by gammaln ------------------------------------------------------------------------------------------

def betabinom_logpmf(a, b):
    """log C(10, 3) B(3 + a, 7 + b) / B(a, b) by gammaln."""
    n, k = 10.0, 3.0
    return (sp.gammaln(n + 1.0) - sp.gammaln(k + 1.0) - sp.gammaln(n - k + 1.0)
            + sp.gammaln(k + a) + sp.gammaln(n - k + b) - sp.gammaln(n + a + b)
            - sp.gammaln(a) - sp.gammaln(b) + sp.gammaln(a + b))


def betabinom_betaln(a, b):
    return sp.betaln(3.0 + a, 7.0 + b) - sp.betaln(a, b)


def dirichlet_logpdf(alpha):
    return sp.gammaln(np.sum(alpha)) - np.sum(sp.gammaln(alpha)) + np.sum((alpha - 1.0) * np.log(X_DIR))


def dirichlet_xlogy0(alpha):
    """At a point of the simplex's edge (x[0] = 0) by xlogy."""
    return sp.gammaln(np.sum(alpha)) - np.sum(sp.gammaln(alpha)) + np.sum(sp.xlogy(alpha - 1.0, X_DIR0))


def negbin_loglik(r, mu):
    """The NB2 log-likelihood of Y_NB with size r and mean mu."""
    y = Y_NB
    return np.sum(sp.gammaln(y + r) - sp.gammaln(r) - sp.gammaln(y + 1.0)
                  + r * np.log(r / (r + mu)) + y * np.log(mu / (r + mu)))


def negbin_loglik_stable(r, mu):
    """The same with log(r / (r + mu)) as -log1p(mu / r)."""
    y = Y_NB
    return np.sum(sp.gammaln(y + r) - sp.gammaln(r) - sp.gammaln(y + 1.0)
                  - r * np.log1p(mu / r) + y * (np.log(mu) - np.log(r + mu)))


# --- mixtures, log-odds, entropies -----------------------------------------------------------------------------------

def mixture_logpdf(x):
    """log sum_k w_k N(x; mu_k, 1) with a zero weight, by logsumexp(log w + ...)."""
    comp = -0.5 * (x - MU3) ** 2 - 0.5 * np.log(2.0 * np.pi)
    return sp.logsumexp(np.log(MIX_W) + comp)


def mixture_logpdf_b(x):
    """The same by logsumexp's b= weights."""
    comp = -0.5 * (x - MU3) ** 2 - 0.5 * np.log(2.0 * np.pi)
    return sp.logsumexp(comp, b=MIX_W)


def logit_naive(p):
    return np.log(p / (1.0 - p))


def logit_stable(p):
    return np.log(p) - np.log1p(-p)


def logit_lib(p):
    return sp.logit(p)


def log_sigmoid_naive(x):
    return np.log(sp.expit(x))


def log_sigmoid_lib(x):
    return sp.log_expit(x)


def log_sigmoid_logaddexp(x):
    return -np.logaddexp(0.0, -x)


def binary_entropy(p):
    """-(p log p + (1 - p) log(1 - p)) by xlogy / xlog1py."""
    return -(sp.xlogy(p, p) + sp.xlog1py(1.0 - p, -p))


def kl_p(p):
    """KL(p || Q3) by xlogy, in p."""
    return np.sum(sp.xlogy(p, p) - sp.xlogy(p, Q3))


def kl_q(q):
    """KL(P || q) in q with P = [0.5, 0, 0.5] (a zero of P)."""
    P = np.array([0.5, 0.0, 0.5])
    return np.sum(sp.rel_entr(P, q))


# --- temperatures, reductions, signed weights ------------------------------------------------------------------------

def log_partition(x, t):
    """t log sum e^(x / t)."""
    return t * sp.logsumexp(x / t)


def logaddexp_reduce(x):
    return np.logaddexp.reduce(x)


def logsumexp_signed(x):
    """log |sum b_i e^x_i| with signs b = [1, -1, 1], scipy's return_sign."""
    value, sign = sp.logsumexp(x, b=SIGNS, return_sign=True)
    return value


def logsumexp_signed2(x):
    value, sign = sp.logsumexp(x, b=SIGNS2, return_sign=True)
    return value


def kl_q_log(q):
    """KL(P || q) with P's zero term left out by hand and np.log."""
    keep = np.array([0, 2])
    P = np.array([0.5, 0.0, 0.5])
    return np.sum(P[keep] * np.log(P[keep] / q[keep]))


def xlogy_pole(q0, q2):
    """q0 - xlogy(0.5, q2): a pole in q2 alone."""
    return q0 - sp.xlogy(0.5, q2)


def log_pole(q0, q2):
    """The same with np.log."""
    return q0 - 0.5 * np.log(q2)


def rel_entr_pole(q0, q2):
    return q0 + sp.rel_entr(0.5, q2)


def xlog1py_pole(q0, p):
    """q0 - xlog1py(0.5, -p): a pole at p = 1."""
    return q0 - sp.xlog1py(0.5, -p)


def kl_div_pole(q0, q2):
    return q0 + sp.kl_div(0.5, q2)
