"""A user's code on gradcli.numpy and gradcli.scipy, round 26c: distributions written by hand the way TensorFlow
Probability writes them (Kumaraswamy, logit-normal, Gompertz, generalized Pareto near shape 0, Skellam by ive, Zipf by
zeta, a Gaussian mixture by logsumexp), log-survival functions through log1mexp and its switch at -log 2 (single and
double where), the Lambert W by Halley steps and by a hand-written rule, softplus-positive parameters and their inverse,
the Box-Muller transform, log-determinants in closed form beside slogdet, harmonic and geometric means in log space,
the Poincare distance near the ball's edge, Gumbel and Frechet tails, guarded divisions at a removable 0/0, and
maximum ties at subnormal numbers."""

import math

import gradcli
import gradcli.numpy as gnp
import gradcli.scipy.special as sps

LOG2 = math.log(2.0)
LOG_2PI = math.log(2.0 * math.pi)


# --- log1mexp: log(1 - exp(t)) for t < 0 ----------------------------------------------------------------------------

def log1mexp(t):
    """Maechler's log1mexp: expm1 above -log 2, log1p below; each branch fed a safe argument (the double where)."""
    near = t > -LOG2
    return gnp.where(near, gnp.log(-gnp.expm1(gnp.where(near, t, -1.0))),
                     gnp.log1p(-gnp.exp(gnp.where(near, -1.0, t))))


def log1mexp_single_where(t):
    return gnp.where(t > -LOG2, gnp.log(-gnp.expm1(t)), gnp.log1p(-gnp.exp(t)))


def exponential_log_cdf(x):
    """log P(X <= x) of a unit exponential."""
    return gnp.sum(log1mexp(-x))


def exponential_log_cdf_single_where(x):
    return gnp.sum(log1mexp_single_where(-x))


def exponential_log_cdf_naive(x):
    return gnp.sum(gnp.log(1.0 - gnp.exp(-x)))


# --- TFP-style distributions ----------------------------------------------------------------------------------------

def kumaraswamy_log_prob(x, a, b):
    return gnp.sum(gnp.log(a) + gnp.log(b) + (a - 1.0) * gnp.log(x) + (b - 1.0) * log1mexp(a * gnp.log(x)))


def kumaraswamy_log_prob_naive(x, a, b):
    return gnp.sum(gnp.log(a) + gnp.log(b) + (a - 1.0) * gnp.log(x) + (b - 1.0) * gnp.log1p(-x ** a))


def logit_normal_log_prob(x, loc, scale):
    logit = gnp.log(x) - gnp.log1p(-x)
    z = (logit - loc) / scale
    return gnp.sum(-0.5 * z * z - gnp.log(scale) - 0.5 * LOG_2PI - gnp.log(x) - gnp.log1p(-x))


def logit_of_sigmoid(z):
    p = gnp.sigmoid(z)
    return gnp.sum(gnp.log(p) - gnp.log1p(-p))


def gompertz_log_survival(x, eta, b):
    return gnp.sum(-eta * gnp.expm1(b * x))


def gompertz_log_survival_naive(x, eta, b):
    return gnp.sum(gnp.log(gnp.exp(-eta * (gnp.exp(b * x) - 1.0))))


def gpd_log_prob(x, scale, conc):
    """The generalized Pareto log density, TFP's guard at concentration 0."""
    z = x / scale
    safe = gnp.where(conc == 0.0, 1.0, conc)
    body = -(1.0 / safe + 1.0) * gnp.log1p(safe * z)
    return gnp.sum(gnp.where(conc == 0.0, -z, body) - gnp.log(scale))


SKELLAM_K = 3.0


def skellam_log_pmf(mu1, mu2):
    z = 2.0 * gnp.sqrt(mu1 * mu2)
    return gnp.sum(-(mu1 + mu2) + 0.5 * SKELLAM_K * (gnp.log(mu1) - gnp.log(mu2)) + gnp.log(sps.ive(SKELLAM_K, z)) + z)


def skellam_log_pmf_naive(mu1, mu2):
    z = 2.0 * gnp.sqrt(mu1 * mu2)
    return gnp.sum(-(mu1 + mu2) + 0.5 * SKELLAM_K * gnp.log(mu1 / mu2) + gnp.log(sps.iv(SKELLAM_K, z)))


ZIPF_K = 5.0


def zipf_log_pmf(s):
    return gnp.sum(-s * math.log(ZIPF_K) - gnp.log(sps.zeta(s)))


MIX_LOC = gnp.array([-1.0, 2.0])


def mixture_log_prob(x, logits):
    log_w = logits - gnp.logsumexp(logits)
    return gnp.logsumexp(log_w - 0.5 * (x - MIX_LOC) ** 2 - 0.5 * LOG_2PI)


def mixture_log_prob_naive(x, logits):
    w = gnp.exp(logits) / gnp.sum(gnp.exp(logits))
    return gnp.log(gnp.sum(w * gnp.exp(-0.5 * (x - MIX_LOC) ** 2)) / math.sqrt(2.0 * math.pi))


# --- the Lambert W -------------------------------------------------------------------------------------------------

def lambert_w_halley(x):
    """W(x) for x >= 0 by six Halley steps from log1p(x)."""
    w = gnp.log1p(x)
    for _ in range(6):
        ew = gnp.exp(w)
        f = w * ew - x
        w = w - f / (ew * (w + 1.0) - (w + 2.0) * f / (2.0 * w + 2.0))
    return gnp.sum(w)


@gradcli.custom_gradient
def _lambert_w_ratio(x):
    w = sps.lambertw(x)

    def grad_fn(upstream):
        return upstream * w / (x * (1.0 + w))
    return w, grad_fn


@gradcli.custom_gradient
def _lambert_w_exp(x):
    w = sps.lambertw(x)

    def grad_fn(upstream):
        return upstream / (gnp.exp(w) * (1.0 + w))
    return w, grad_fn


def lambert_w_ratio_rule(x):
    return gnp.sum(_lambert_w_ratio(x))


def lambert_w_exp_rule(x):
    return gnp.sum(_lambert_w_exp(x))


# --- positive parameters by softplus -------------------------------------------------------------------------------

def softplus_inverse(y):
    return y + gnp.log(-gnp.expm1(-y))


def positive_round_trip(y):
    return gnp.sum(gnp.softplus(softplus_inverse(y)))


def positive_round_trip_naive(y):
    return gnp.sum(gnp.softplus(gnp.log(gnp.exp(y) - 1.0)))


# --- sampling transforms -------------------------------------------------------------------------------------------

def box_muller(u1, u2):
    r = gnp.sqrt(-2.0 * gnp.log(u1))
    return gnp.sum(r * gnp.cos(2.0 * math.pi * u2))


# --- log-determinants ----------------------------------------------------------------------------------------------

def logdet_2x2(a):
    return gnp.log(a[0, 0] * a[1, 1] - a[0, 1] * a[1, 0])


def logdet_3x3(a):
    det = (a[0, 0] * (a[1, 1] * a[2, 2] - a[1, 2] * a[2, 1]) - a[0, 1] * (a[1, 0] * a[2, 2] - a[1, 2] * a[2, 0])
           + a[0, 2] * (a[1, 0] * a[2, 1] - a[1, 1] * a[2, 0]))
    return gnp.log(det)


def logdet_slogdet(a):
    sign, logabs = gnp.linalg.slogdet(a)
    return logabs


# --- means in log space --------------------------------------------------------------------------------------------

def harmonic_mean(x):
    return x.shape[0] / gnp.sum(1.0 / x)


def harmonic_mean_lse(x):
    return gnp.exp(math.log(x.shape[0]) - gnp.logsumexp(-gnp.log(x)))


def geometric_mean(x):
    return gnp.exp(gnp.mean(gnp.log(x)))


def geometric_mean_naive(x):
    return gnp.prod(x) ** (1.0 / x.shape[0])


def vector_norm(x):
    return gnp.linalg.norm(x)


def vector_norm_scaled(x):
    top = gnp.max(gnp.abs(x))
    return top * gnp.linalg.norm(x / top)


# --- hyperbolic geometry -------------------------------------------------------------------------------------------

def poincare_distance(x, y):
    gap = gnp.sum((x - y) ** 2)
    return gnp.arccosh(1.0 + 2.0 * gap / ((1.0 - gnp.sum(x * x)) * (1.0 - gnp.sum(y * y))))


def _room(v):
    """1 - |v|^2 for a point in the plane, without 1 - (something near 1)."""
    return (1.0 - v[0]) * (1.0 + v[0]) - v[1] * v[1]


def poincare_distance_factored(x, y):
    gap = gnp.sum((x - y) ** 2)
    return gnp.arccosh(1.0 + 2.0 * gap / (_room(x) * _room(y)))


# --- extreme-value tails -------------------------------------------------------------------------------------------

def gumbel_log_survival(x):
    return gnp.sum(gnp.log(-gnp.expm1(-gnp.exp(-x))))


def gumbel_log_survival_naive(x):
    return gnp.sum(gnp.log(1.0 - gnp.exp(-gnp.exp(-x))))


def gumbel_log_survival_tail(x):
    """Past x = 30 the survival is exp(-x) (1 - exp(-x)/2 + ...): its log to float64's digits."""
    far = x > 30.0
    tail = -x - 0.5 * gnp.exp(-gnp.where(far, x, 40.0))
    body = gnp.log(-gnp.expm1(-gnp.exp(-gnp.where(far, 0.0, x))))
    return gnp.sum(gnp.where(far, tail, body))


def frechet_log_survival(x, alpha):
    return gnp.sum(gnp.log(-gnp.expm1(-x ** -alpha)))


def frechet_log_survival_naive(x, alpha):
    return gnp.sum(gnp.log(1.0 - gnp.exp(-x ** -alpha)))


# --- guarded divisions and ties ------------------------------------------------------------------------------------

def exprel_neg(x):
    """(1 - exp(-x)) / x with its 0/0 at 0 removed by the double where."""
    small = gnp.abs(x) < 1e-8
    safe = gnp.where(small, 1.0, x)
    return gnp.sum(gnp.where(small, 1.0 - x / 2.0, -gnp.expm1(-safe) / safe))


def exprel_neg_single_where(x):
    return gnp.sum(gnp.where(gnp.abs(x) < 1e-8, 1.0 - x / 2.0, -gnp.expm1(-x) / x))


def relu_sum(x):
    return gnp.sum(gnp.maximum(x, 0.0))


def pairwise_max(x, y):
    return gnp.sum(gnp.maximum(x, y) + 2.0 * gnp.minimum(x, y))


# --- divergences ---------------------------------------------------------------------------------------------------

def kl_rel_entr(p, q):
    return gnp.sum(sps.rel_entr(p, q))


def kl_xlogy(p, q):
    return gnp.sum(gnp.xlogy(p, p) - gnp.xlogy(p, q))


# --- invariances whose gradient is exactly 0 ------------------------------------------------------------------------

def shifted_log_partition(z):
    """logsumexp(z + 5) - logsumexp(z) is 5 whatever z: its gradient is exactly 0."""
    return gnp.logsumexp(z + 5.0) - gnp.logsumexp(z)


def smoothed_cross_entropy(z):
    """Cross-entropy against a label-smoothed target (0.9 on the first class, 0.05 on the others)."""
    target = gnp.array([0.9, 0.05, 0.05])
    return -gnp.sum(target * sps.log_softmax(z))


def first_probability(z):
    return sps.softmax(z)[0]


# --- a dtype's own floor ---------------------------------------------------------------------------------------------

def log_floored_at_tiny(x):
    """log(max(x, the dtype's smallest normal number))."""
    return gnp.sum(gnp.log(gnp.maximum(x, gnp.finfo(x.dtype).tiny)))


def log_plus_eps(x):
    return gnp.sum(gnp.log(x + gnp.finfo(x.dtype).eps))


def safe_sqrt(x):
    positive = x > 0.0
    return gnp.sum(gnp.where(positive, gnp.sqrt(gnp.where(positive, x, 1.0)), 0.0))


# --- eigenvalues and Cholesky ----------------------------------------------------------------------------------------

def top_eigenvalue_2x2(a, b, d):
    """The larger eigenvalue of [[a, b], [b, d]] in closed form."""
    return (a + d) / 2.0 + gnp.sqrt(((a - d) / 2.0) ** 2 + b * b)


def top_eigenvalue_2x2_hypot(a, b, d):
    return (a + d) / 2.0 + gnp.hypot((a - d) / 2.0, b)


def logdet_cholesky(a):
    return 2.0 * gnp.sum(gnp.log(gnp.diagonal(gnp.linalg.cholesky(a))))


# --- hand-written rules that overflow in the dtype -------------------------------------------------------------------

@gradcli.custom_gradient
def _softplus_by_exp(x):
    def grad_fn(upstream):
        return upstream * gnp.exp(x) / (1.0 + gnp.exp(x))
    return gnp.logaddexp(0.0, x), grad_fn


def softplus_by_exp_rule(x):
    return gnp.sum(_softplus_by_exp(x))


@gradcli.custom_gradient
def _log1mexp_rule(t):
    def grad_fn(upstream):
        return upstream / -gnp.expm1(-t)
    return log1mexp(t), grad_fn


def log1mexp_rule(t):
    """log(1 - e^t) with a hand-written rule: d/dt = -1 / expm1(-t) (right)."""
    return gnp.sum(_log1mexp_rule(t))


@gradcli.custom_gradient
def _log1mexp_slip(t):
    def grad_fn(upstream):
        return upstream / gnp.expm1(-t)
    return log1mexp(t), grad_fn


def log1mexp_slip(t):
    return gnp.sum(_log1mexp_slip(t))


def abs_sine(x):
    return gnp.sum(gnp.abs(gnp.sin(x)))


def log_partition(z):
    return gnp.logsumexp(z)


def pair_log_partition(x, y):
    return gnp.sum(gnp.logaddexp(x, y))


@gradcli.custom_gradient
def _log_norm(x):
    top = gnp.max(gnp.abs(x))

    def grad_fn(upstream):
        return upstream * x / gnp.sum(x * x)
    return gnp.log(top) + 0.5 * gnp.log(gnp.sum((x / top) ** 2)), grad_fn


def log_norm_rule(x):
    """log |x| scaled so that it never overflows, with a rule x / |x|^2 that does."""
    return _log_norm(x)


def unit_clip(x):
    return gnp.sum(gnp.clip(x, 0.0, 1.0) ** 2)


def log_partition_by_hand(z):
    """logsumexp written out: the max's kinks at a tie cancel between its two uses."""
    top = gnp.max(z)
    return top + gnp.log(gnp.sum(gnp.exp(z - top)))


def log_partition_held_max(z):
    top = gradcli.stop_gradient(gnp.max(z))
    return top + gnp.log(gnp.sum(gnp.exp(z - top)))


def cancelled_exponentials(x):
    return gnp.sum(gnp.log(gnp.exp(x) * gnp.exp(-x)))


def xlogy_pair(x, y):
    return gnp.sum(gnp.xlogy(x, y))


def median_of_three(x):
    return gnp.median(x)


def gpd_point():
    """The point of a generalized Pareto check: x = 2, scale 1.5, concentration 0.5."""
    return {"x": 2.0, "scale": 1.5, "conc": 0.5}


def pair_log2_partition(x, y):
    return gnp.sum(gnp.logaddexp2(x, y))


def product(x):
    return gnp.prod(x)


def determinant(a):
    return gnp.linalg.det(a)
