"""A user's plain NumPy and SciPy code, round 21c: the stable numerics libraries write (TensorFlow Probability's
softplus inverse and log1mexp, log_diff_exp, Keras's log_cosh, TensorFlow's sigmoid cross-entropy, log survival
functions by log_ndtr, xlogy entropies and KL divergences, logsumexp with weights, hypot chains and scaled 2-norms,
cosine similarity, softmax cross-entropy, GELU, SiLU and Mish) next to the naive formulas they replace."""

import numpy as np
from scipy import special

LN2 = np.log(2.0)

# --- softplus, its inverse, log1mexp ----------------------------------------------------------------------------------


def softplus_inverse_sum(y):
    """TFP's softplus inverse: log(exp(y) - 1) = y + log(-expm1(-y))."""
    return np.sum(y + np.log(-np.expm1(-y)))


def softplus_inverse_naive_sum(y):
    return np.sum(np.log(np.exp(y) - 1.0))


def log1mexp_sum(x):
    """log(1 - exp(-x)) for x > 0, Maechler's two branches, each fed only the inputs it is safe on."""
    small = x < LN2
    x_small = np.where(small, x, 1.0)
    x_large = np.where(small, 1.0, x)
    return np.sum(np.where(small, np.log(-np.expm1(-x_small)), np.log1p(-np.exp(-x_large))))


def log1mexp_one_where_sum(x):
    """The same two branches under one where: the other branch still runs on every x."""
    return np.sum(np.where(x < LN2, np.log(-np.expm1(-x)), np.log1p(-np.exp(-x))))


def log_diff_exp(a, b):
    """log(exp(a) - exp(b)) for a > b."""
    return a + np.log(-np.expm1(b - a))


def log_add_exp_sum(a, b):
    return np.sum(np.logaddexp(a, b))


def log_add_exp_naive_sum(a, b):
    return np.sum(np.log(np.exp(a) + np.exp(b)))


# --- logit / expit, log-cosh, cross-entropy ---------------------------------------------------------------------------


def logit_of_expit_sum(x):
    """Round trip through the probability: the identity while expit(x) stays away from 0 and 1."""
    return np.sum(special.logit(special.expit(x)))


def log_sigmoid_sum(x):
    """log(expit(x)) = -softplus(-x), stable on both sides."""
    return np.sum(-np.logaddexp(0.0, -x))


def log_cosh_sum(x):
    """Keras's log-cosh: x + softplus(-2x) - log 2."""
    return np.sum(x + np.logaddexp(0.0, -2.0 * x) - LN2)


def log_cosh_naive_sum(x):
    return np.sum(np.log(np.cosh(x)))


LABELS = np.array([1.0, 0.0, 1.0, 0.0])


def sigmoid_cross_entropy(z):
    """TensorFlow's sigmoid cross-entropy from logits: max(z, 0) - z y + log1p(exp(-|z|))."""
    return np.sum(np.maximum(z, 0.0) - z * LABELS + np.log1p(np.exp(-np.abs(z))))


def sigmoid_cross_entropy_naive(z):
    p = 1.0 / (1.0 + np.exp(-z))
    return -np.sum(LABELS * np.log(p) + (1.0 - LABELS) * np.log(1.0 - p))


def smooth_abs_sum(x):
    """A smooth |x| for an L1 penalty: sqrt(x^2 + eps^2) - eps."""
    eps = 1e-6
    return np.sum(np.sqrt(x * x + eps * eps) - eps)


# --- normal tails -----------------------------------------------------------------------------------------------------


def log_survival_normal(x):
    """log P(Z > x) for a standard normal, by log_ndtr(-x)."""
    return np.sum(special.log_ndtr(-x))


def log_survival_normal_naive(x):
    return np.sum(np.log(1.0 - special.ndtr(x)))


def log_normal_interval(a, b):
    """log P(a < Z < b) for a < b, both deep in the left tail: log_diff_exp of two log_ndtr."""
    la, lb = special.log_ndtr(a), special.log_ndtr(b)
    return lb + np.log(-np.expm1(la - lb))


# --- entropies and divergences ----------------------------------------------------------------------------------------


def entropy(p):
    return -np.sum(special.xlogy(p, p))


def bernoulli_entropy(p):
    return -np.sum(special.xlogy(p, p) + special.xlog1py(1.0 - p, -p))


TARGET = np.array([0.0, 1e-300, 0.25, 0.75 - 1e-300])


def kl_to_model(q):
    """KL(TARGET || q): the target fixed (a zero probability, a subnormal-sized one), the model q free."""
    return np.sum(special.xlogy(TARGET, TARGET) - special.xlogy(TARGET, q))


def kl_by_rel_entr(q):
    return np.sum(special.rel_entr(TARGET, q))


def kl_by_kl_div(q):
    """The generalized KL divergence sum t log(t / q) - t + q, for an unnormalized model."""
    return np.sum(special.kl_div(TARGET, q))


def entropy_weighted_mass(q):
    """The target's entropy (by entr) times the model's total mass: a constant factor that must keep its digits."""
    return np.sum(special.entr(TARGET)) * np.sum(q)


# --- logsumexp --------------------------------------------------------------------------------------------------------

WEIGHTS = np.array([1.0, 2.0, 0.0, 0.5])


def weighted_logsumexp(a):
    """log sum_i w_i exp(a_i) with one weight 0, by SciPy's b argument."""
    return special.logsumexp(a, b=WEIGHTS)


MASK = np.array([0.0, -np.inf, 0.0, -np.inf])


def masked_logsumexp(a):
    """Attention-style masking: -inf added where the mask is off."""
    return special.logsumexp(a + MASK)


def cross_entropy_first(z):
    """-log softmax(z)[0] by z - logsumexp(z)."""
    return -(z[0] - special.logsumexp(z))


def cross_entropy_naive(z):
    e = np.exp(z)
    return -np.log(e[0] / np.sum(e))


SCORES = np.array([1.0, -2.0, 0.5])


def softmax_score(z):
    """The expected score under softmax(z), the max subtracted first."""
    e = np.exp(z - np.max(z))
    return np.sum(e / np.sum(e) * SCORES)


def log_softmax_second(z):
    shifted = z - np.max(z)
    return shifted[1] - np.log(np.sum(np.exp(shifted)))


# --- norms ------------------------------------------------------------------------------------------------------------


def hypot_chain(x):
    return np.hypot(np.hypot(x[0], x[1]), x[2])


def scaled_norm(x):
    """The 2-norm scaled by its largest entry first, as LAPACK's dnrm2 does in spirit."""
    scale = np.max(np.abs(x))
    return scale * np.sqrt(np.sum((x / scale) ** 2))


def naive_norm(x):
    return np.sqrt(np.sum(x * x))


def linalg_norm(x):
    return np.linalg.norm(x)


X_FIXED = np.array([1e200, 2e200, 0.0])


def cosine_similarity_naive(y):
    return np.dot(X_FIXED, y) / (np.sqrt(np.sum(X_FIXED ** 2)) * np.sqrt(np.sum(y ** 2)))


def cosine_similarity_scaled(y):
    """Each vector divided by its own largest entry before the norms: the angle does not change."""
    xs = X_FIXED / np.max(np.abs(X_FIXED))
    ys = y / np.max(np.abs(y))
    return np.dot(xs, ys) / (np.linalg.norm(xs) * np.linalg.norm(ys))


# --- activations ------------------------------------------------------------------------------------------------------


def gelu_erf_sum(x):
    """PyTorch's exact GELU, x Phi(x), with Phi by erfc so the left tail keeps its digits."""
    return np.sum(0.5 * x * special.erfc(-x / np.sqrt(2.0)))


def gelu_erf_naive_sum(x):
    return np.sum(0.5 * x * (1.0 + special.erf(x / np.sqrt(2.0))))


def silu_sum(x):
    return np.sum(x * special.expit(x))


def mish_sum(x):
    return np.sum(x * np.tanh(np.logaddexp(0.0, x)))


# --- kinks a hair away from their switch ------------------------------------------------------------------------------


def kinks_sum(x):
    """|x0| + max(x1, 0) + clip(x2, 0, 1) + where(x3 > 0, x3^2, -x3)."""
    return np.abs(x[0]) + np.maximum(x[1], 0.0) + np.clip(x[2], 0.0, 1.0) + np.where(x[3] > 0, x[3] ** 2, -x[3])


def relu_sum(x):
    return np.sum(np.maximum(x, 0.0))


def scipy_log_softmax_first(z):
    return special.log_softmax(z)[0]


def signed_logsumexp(a):
    """log |e^a0 - e^a1 + e^a2| by SciPy's b with a negative weight and return_sign."""
    value, _ = special.logsumexp(a, b=np.array([1.0, -1.0, 1.0]), return_sign=True)
    return value
