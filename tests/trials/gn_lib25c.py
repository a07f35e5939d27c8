"""A user's code on gradcli.numpy and gradcli.scipy, round 25c: TensorFlow Probability's bijectors written by hand
(the tanh bijector's log-determinant, sinh-arcsinh), Keras' losses (categorical hinge, Poisson, cosine proximity
with its l2_normalize clamp, clipped cross-entropy), SciPy's special functions (log_ndtr by erfcx, log_expit,
logit, boxcox in its lambda, xlog1py), Welford's variance, a log-space matrix product, the von Mises
log-normaliser by i0e, the Student-t log density at a huge nu, a categorical's entropy near one-hot, a few log-space
Sinkhorn steps, sinc-like functions with their removable singularity handled, and hand-written rules (right, with a
slipped sign, and one that underflows)."""

import math

import gradcli
import gradcli.numpy as gnp
import gradcli.scipy.special as sps

LOG2 = math.log(2.0)
LOG_2PI = math.log(2.0 * math.pi)
SQRT1_2 = math.sqrt(0.5)
KERAS_EPSILON = 1e-7


# --- TensorFlow Probability's bijectors ----------------------------------------------------------------------------

def tanh_log_det(x):
    """The tanh bijector's forward log-determinant, as TFP writes it: log(1 - tanh(x)^2) without the 1 - 1."""
    return gnp.sum(2.0 * (LOG2 - x - gnp.logaddexp(0.0, -2.0 * x)))


def tanh_log_det_naive(x):
    return gnp.sum(gnp.log1p(-gnp.tanh(x) ** 2))


def sinh_arcsinh(x, skew, tailweight):
    """The sinh-arcsinh bijector's forward map."""
    return gnp.sum(gnp.sinh((gnp.arcsinh(x) + skew) * tailweight))


# --- Keras' losses -------------------------------------------------------------------------------------------------

HINGE_TRUE = gnp.array([0.0, 1.0, 0.0])


def categorical_hinge(y_pred):
    pos = gnp.sum(HINGE_TRUE * y_pred)
    neg = gnp.max((1.0 - HINGE_TRUE) * y_pred)
    return gnp.maximum(neg - pos + 1.0, 0.0)


COUNTS = gnp.array([2.0, 0.0, 5.0])


def poisson(y_pred):
    return gnp.mean(y_pred - COUNTS * gnp.log(y_pred + KERAS_EPSILON))


def _l2_normalize(x):
    return x / gnp.sqrt(gnp.maximum(gnp.sum(x * x), 1e-12))


DIRECTION = gnp.array([3.0, 4.0, 0.0])


def cosine_proximity(y_pred):
    return -gnp.sum(_l2_normalize(DIRECTION) * _l2_normalize(y_pred))


ONE_HOT = gnp.array([1.0, 0.0, 0.0])


def clipped_cross_entropy(p):
    return -gnp.sum(ONE_HOT * gnp.log(gnp.clip(p, KERAS_EPSILON, 1.0 - KERAS_EPSILON)))


# --- SciPy's special functions -------------------------------------------------------------------------------------

def log_ndtr_lower(x):
    """log Phi(x) for x < 0 by the scaled complementary error function."""
    return gnp.sum(gnp.log(sps.erfcx(-x * SQRT1_2) / 2.0) - x * x / 2.0)


def log_ndtr_upper(x):
    """log Phi(x) for x > 0: log(1 - Q(x)), Q tiny."""
    return gnp.sum(gnp.log1p(-sps.erfc(x * SQRT1_2) / 2.0))


def log_ndtr_scipy(x):
    return gnp.sum(sps.log_ndtr(x))


def log_sigmoid(x):
    return gnp.sum(sps.log_expit(x))


def log_sigmoid_naive(x):
    return gnp.sum(gnp.log(sps.expit(x)))


def logit_sum(p):
    return gnp.sum(sps.logit(p))


def boxcox_naive(x, lmbda):
    return (x ** lmbda - 1.0) / lmbda


def boxcox_scipy(x, lmbda):
    return sps.boxcox(x, lmbda)


def binary_entropy(p):
    return -gnp.sum(sps.xlogy(p, p) + sps.xlog1py(1.0 - p, -p))


# --- statistics ----------------------------------------------------------------------------------------------------

def welford_variance(x):
    mean = 0.0
    m2 = 0.0
    for n in range(x.shape[0]):
        delta = x[n] - mean
        mean = mean + delta / (n + 1)
        m2 = m2 + delta * (x[n] - mean)
    return m2 / (x.shape[0] - 1)


def naive_variance(x):
    n = x.shape[0]
    return (gnp.sum(x * x) - gnp.sum(x) ** 2 / n) / (n - 1)


def log_matmul_exp(a, b):
    """log(exp(a) @ exp(b)), summed, with each row's and column's largest entry taken out first."""
    a_top = gnp.max(a, axis=1, keepdims=True)
    b_top = gnp.max(b, axis=0, keepdims=True)
    product = gnp.exp(a - a_top) @ gnp.exp(b - b_top)
    return gnp.sum(gnp.log(product) + a_top + b_top)


def log_matmul_exp_naive(a, b):
    return gnp.sum(gnp.log(gnp.exp(a) @ gnp.exp(b)))


def von_mises_log_normalizer(kappa):
    """log(2 pi I0(kappa)) by the exponentially scaled Bessel function."""
    return gnp.sum(LOG_2PI + gnp.log(sps.i0e(kappa)) + gnp.abs(kappa))


def von_mises_log_normalizer_naive(kappa):
    return gnp.sum(LOG_2PI + gnp.log(sps.i0(kappa)))


def student_t_log_density(x, nu):
    half = (nu + 1.0) / 2.0
    return (gnp.gammaln(half) - gnp.gammaln(nu / 2.0) - 0.5 * gnp.log(nu * math.pi)
            - half * gnp.log1p(x * x / nu))


def entropy_from_logits(z):
    log_p = z - gnp.logsumexp(z)
    return -gnp.sum(gnp.exp(log_p) * log_p)


def entropy_naive(z):
    p = gnp.exp(z) / gnp.sum(gnp.exp(z))
    return -gnp.sum(p * gnp.log(p))


COST = gnp.array([[0.0, 1.0], [1.0, 0.0]])
LOG_MARGINAL = gnp.log(gnp.array([0.5, 0.5]))


def sinkhorn_cost(c, epsilon=0.01):
    """Three Sinkhorn steps in log space between two uniform marginals; the plan's transport cost."""
    f = gnp.zeros(2)
    g = gnp.zeros(2)
    for _ in range(3):
        f = epsilon * (LOG_MARGINAL - gnp.logsumexp((g[None, :] - c) / epsilon, axis=1))
        g = epsilon * (LOG_MARGINAL - gnp.logsumexp((f[:, None] - c) / epsilon, axis=0))
    plan = gnp.exp((f[:, None] + g[None, :] - c) / epsilon)
    return gnp.sum(plan * c)


# --- removable singularities ---------------------------------------------------------------------------------------

def sinc_sum(x):
    return gnp.sum(gnp.sinc(x))


@gradcli.custom_gradient
def _sin_over_x(x):
    small = gnp.abs(x) < 1e-4
    safe = gnp.where(small, 1.0, x)
    value = gnp.where(small, 1.0 - x * x / 6.0, gnp.sin(safe) / safe)

    def grad_fn(upstream):
        # d/dx sin(x)/x = (x cos x - sin x) / x^2, -x/3 + x^3/30 near 0
        slope = gnp.where(small, -x / 3.0 + x ** 3 / 30.0, (safe * gnp.cos(safe) - gnp.sin(safe)) / (safe * safe))
        return upstream * slope
    return value, grad_fn


def sin_over_x(x):
    return gnp.sum(_sin_over_x(x))


# --- hand-written rules --------------------------------------------------------------------------------------------

@gradcli.custom_gradient
def _log_expit(x):
    def grad_fn(upstream):
        return upstream * sps.expit(-x)
    return sps.log_expit(x), grad_fn


@gradcli.custom_gradient
def _log_expit_slip(x):
    def grad_fn(upstream):
        return upstream * sps.expit(x)
    return sps.log_expit(x), grad_fn


def log_expit_rule(x):
    return gnp.sum(_log_expit(x))


def log_expit_slip(x):
    return gnp.sum(_log_expit_slip(x))


@gradcli.custom_gradient
def _log_ndtr_ratio_rule(x):
    def grad_fn(upstream):
        density = gnp.exp(-x * x / 2.0) / math.sqrt(2.0 * math.pi)
        return upstream * density / sps.ndtr(x)
    return sps.log_ndtr(x), grad_fn


def log_ndtr_ratio_rule(x):
    return gnp.sum(_log_ndtr_ratio_rule(x))


def bessel_i0(kappa):
    """I0 by its exponentially scaled form: i0e(kappa) e^|kappa|."""
    return gnp.sum(sps.i0e(kappa) * gnp.exp(gnp.abs(kappa)))


def inverse_boxcox(y, lmbda):
    return sps.inv_boxcox(y, lmbda)


def boxcox1p_scipy(x, lmbda):
    return sps.boxcox1p(x, lmbda)


def log1p_over_x(x):
    return gnp.sum(gnp.log1p(x) / x)


def inverse_boxcox1p(y, lmbda):
    return sps.inv_boxcox1p(y, lmbda)
