"""A user's code on gradcli.numpy and gradcli.scipy.special, round 56c: multi-argument and vector functions as
libraries write them (losses, reductions, normalisations, stable idioms), checked at vectors whose entries span
many scales at once ([1e-300, 1, 1e300], [5e-324, -800, 3]) and with --wrt on a subset of the arguments."""

import gradcli.numpy as np
import gradcli.scipy.special as sp

W3 = np.array([1.0, 0.5, 0.25])


# --- information measures ---------------------------------------------------------------------------------------------

def entropy(p):
    return -np.sum(sp.xlogy(p, p))


def kl_div(p, q):
    return np.sum(sp.xlogy(p, p) - sp.xlogy(p, q))


def kl_naive(p, q):
    return np.sum(p * np.log(p / q))


def xlog1py_sum(x, y):
    return np.sum(W3 * sp.xlog1py(x, y))


def bernoulli_entropy(p):
    return np.sum(-sp.xlogy(p, p) - sp.xlog1py(1.0 - p, -p))


# --- softmax family ---------------------------------------------------------------------------------------------------

def ce_logits(z):
    return z[0] - sp.logsumexp(z)


def ce_weighted(z):
    return np.sum(W3 * sp.log_softmax(z))


def softmax_dot(z, c):
    return np.sum(sp.softmax(z) * c)


def lse_scaled(z, t):
    return t * sp.logsumexp(z / t)


def lse_b(a, b):
    return sp.logsumexp(a, b=b)


def attention(q, k, v):
    return np.sum(sp.softmax(q * k) * v)


def logaddexp_chain(a, b, c):
    return np.logaddexp(np.logaddexp(a, b), c)


# --- norms, moments, reductions ---------------------------------------------------------------------------------------

def norm2(x):
    return np.linalg.norm(x)


def cosine(x, y):
    return np.sum(x * y) / (np.linalg.norm(x) * np.linalg.norm(y))


def layer_norm(x):
    mu = np.mean(x)
    var = np.var(x)
    return np.sum(W3 * (x - mu) / np.sqrt(var + 1e-5))


def std_dev(x):
    return np.std(x)


def var_ddof(x):
    return np.var(x, ddof=1)


def cumsum_w(x):
    return np.sum(W3 * np.cumsum(x))


def prod3(x):
    return np.prod(x)


def log_prod(x):
    return np.log(np.prod(x))


def max_plus(x):
    return np.max(x) + 0.5 * np.min(x)


def softmax_max_gap(z):
    return np.max(z) - sp.logsumexp(z)


# --- stable idioms ----------------------------------------------------------------------------------------------------

def log1mexp(x):
    return np.sum(np.where(x > -0.6931471805599453, np.log(-np.expm1(x)), np.log1p(-np.exp(x))))


def softplus_inv(y):
    return np.sum(W3 * (y + np.log(-np.expm1(-y))))


def huber(r, delta):
    a = np.abs(r)
    return np.sum(np.where(a <= delta, 0.5 * r * r, delta * (a - 0.5 * delta)))


def smooth_l1(x, y):
    d = np.abs(x - y)
    return np.sum(np.where(d < 1.0, 0.5 * d * d, d - 0.5))


def log_cosh(x):
    a = np.abs(x)
    return np.sum(W3 * (a + np.log1p(np.exp(-2.0 * a)) - 0.6931471805599453))


def focal(z, y):
    p = sp.expit(z)
    pt = np.where(y > 0.5, p, 1.0 - p)
    logpt = np.where(y > 0.5, sp.log_expit(z), sp.log_expit(-z))
    return -np.sum((1.0 - pt) ** 2 * logpt)


def bce_logits(z, y):
    return np.sum(np.maximum(z, 0.0) - z * y + np.log1p(np.exp(-np.abs(z))))


def logit_sum(p):
    return np.sum(W3 * (np.log(p) - np.log1p(-p)))


def log_ndtr_user(x):
    return np.sum(np.where(x < -5.0, np.log(sp.erfcx(-x / np.sqrt(2.0)) / 2.0) - x * x / 2.0, np.log(sp.ndtr(x))))


def log_ndtr_lib(x):
    return np.sum(W3 * sp.log_ndtr(x))


def gauss_nll(x, mu, sigma):
    r = (x - mu) / sigma
    return np.sum(0.5 * r * r + np.log(sigma))


def where_ratio(x, y):
    return np.sum(np.where(x > y, x - y, y * np.exp(x - y)))


def hypot_sum(x, y):
    return np.sum(W3 * np.hypot(x, y))


# --- more: thresholds away from and at their switch, GELU's tanh form, moments at one scale --------------------------

def leaky_relu(x):
    return np.sum(W3 * np.where(x > 0.0, x, 0.01 * x))


def relu_max(x):
    return np.sum(W3 * np.maximum(x, 0.0))


def softplus_lae(x):
    return np.sum(W3 * np.logaddexp(0.0, x))


def gelu_tanh(x):
    return np.sum(0.5 * x * (1.0 + np.tanh(0.7978845608028654 * (x + 0.044715 * x * x * x))))


def cosine_xy(x, y):
    return np.sum(x * y) / (np.linalg.norm(x) * np.linalg.norm(y))


def softmax_manual(z, c):
    e = np.exp(z - np.max(z))
    return np.sum(c * e / np.sum(e))


def lse_manual(z):
    m = np.max(z)
    return m + np.log(np.sum(np.exp(z - m)))


def log_ratio(x, y):
    return np.log(x) - np.log(y)


def ce_batch(z):
    return np.sum(z[:, 0] - sp.logsumexp(z, axis=1))


def lse_cumsum(x):
    return sp.logsumexp(np.cumsum(x))


def scaled_log_ratio(x, y):
    return y * (np.log(x) - np.log(0.5)) + 1.0
