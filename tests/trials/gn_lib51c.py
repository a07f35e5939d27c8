"""A user's code on gradcli.numpy and gradcli.scipy, round 51c: the stable implementations libraries ship, written
out as Python functions. Activations (GELU by tanh as Keras / PyTorch / JAX print it, by a sigmoid of twice its
argument, by erf and by erfc as jax.nn.gelu(approximate=False) writes it; SiLU / swish by sigmoid and by a quotient;
Mish by softplus and by log(1 + exp)), softplus as PyTorch thresholds it, as JAX's logaddexp and as TensorFlow's
max(x, 0) + log1p(exp(-|x|)); log-sigmoid, log_ndtr and TFP's log1mexp (one where, and a double where); logaddexp
chains, masked and axis-wise logsumexp, log-softmax cross-entropy with smoothed labels, softmax; xlogy, xlog1py, entr,
rel_entr and kl_div near and at 0; norms, cosine similarity and normalisation at 1e200 and 1e-200, by sqrt of a dot
and by scaling first; hypot; where-guards with the guard at a tiny point; clip, maximum and abs at tiny points."""

import math

import gradcli.numpy as gnp
import gradcli.scipy.special as sps

SQRT_2_OVER_PI = math.sqrt(2 / math.pi)
SQRT_HALF = math.sqrt(0.5)

# --- activations ----------------------------------------------------------------------------------------------------


def gelu_tanh(x):
    """Keras / PyTorch's approximate GELU, as printed."""
    return 0.5 * x * (1.0 + gnp.tanh(SQRT_2_OVER_PI * (x + 0.044715 * x ** 3)))


def gelu_sigmoid(x):
    """The same by 0.5 (1 + tanh u) = sigmoid(2u): no 1 + tanh to cancel."""
    return x * gnp.sigmoid(2.0 * SQRT_2_OVER_PI * (x + 0.044715 * x ** 3))


def gelu_erf(x):
    """The exact GELU as papers print it: 0.5 x (1 + erf(x / sqrt 2))."""
    return 0.5 * x * (1.0 + sps.erf(x * SQRT_HALF))


def gelu_erfc(x):
    """jax.nn.gelu(approximate=False): x erfc(-x sqrt(1/2)) / 2."""
    return x * (sps.erfc(-x * SQRT_HALF) / 2)


def silu(x):
    """SiLU / swish: x sigmoid(x)."""
    return x * gnp.sigmoid(x)


def swish_quotient(x):
    """The same as a quotient, as blog posts write it."""
    return x / (1.0 + gnp.exp(-x))


def x_one_plus_tanh(x):
    """F1's smallest form as a Python function."""
    return x * (1.0 + gnp.tanh(x))


def mish(x):
    """Mish by softplus: x tanh(softplus(x))."""
    return x * gnp.tanh(gnp.softplus(x))


def mish_naive(x):
    """Mish with softplus written out."""
    return x * gnp.tanh(gnp.log(1.0 + gnp.exp(x)))


# --- softplus, log-sigmoid, log_ndtr, log1mexp ------------------------------------------------------------------------


def softplus_threshold(x):
    """torch.nn.functional.softplus(x, beta=1, threshold=20), one where."""
    return gnp.where(x > 20.0, x, gnp.log1p(gnp.exp(x)))


def softplus_logaddexp(x):
    """jax.nn.softplus: logaddexp(x, 0)."""
    return gnp.logaddexp(x, 0.0)


def softplus_relu(x):
    """TensorFlow's softplus: max(x, 0) + log1p(exp(-|x|))."""
    return gnp.maximum(x, 0.0) + gnp.log1p(gnp.exp(-gnp.abs(x)))


def log_sigmoid_softplus(x):
    """tf.math.log_sigmoid: -softplus(-x)."""
    return -gnp.softplus(-x)


def log_sigmoid_naive(x):
    return gnp.log(gnp.sigmoid(x))


def log_expit(x):
    return sps.log_expit(x)


def log_ndtr(x):
    return sps.log_ndtr(x)


def log_ndtr_naive(x):
    return gnp.log(sps.ndtr(x))


def log1mexp_tfp(x):
    """tfp.math.log1mexp: log(1 - exp(-|x|)), one where."""
    x = gnp.abs(x)
    return gnp.where(x < math.log(2), gnp.log(-gnp.expm1(-x)), gnp.log1p(-gnp.exp(-x)))


def log1mexp_safe(x):
    """The same with the idle branch fed a harmless point (a double where)."""
    x = gnp.abs(x)
    small = x < math.log(2)
    xs = gnp.where(small, x, 1.0)
    xl = gnp.where(small, 1.0, x)
    return gnp.where(small, gnp.log(-gnp.expm1(-xs)), gnp.log1p(-gnp.exp(-xl)))


def softplus_inverse(x):
    """tfp.math.softplus_inverse: x + log(-expm1(-x))."""
    return x + gnp.log(-gnp.expm1(-x))


# --- logaddexp, logsumexp, softmax -----------------------------------------------------------------------------------


def logaddexp3(a, b, c):
    return gnp.logaddexp(gnp.logaddexp(a, b), c)


MASK = gnp.array([True, True, False, True])


def masked_logsumexp(z):
    """Attention-style masking: -inf where the mask is off, then logsumexp."""
    return sps.logsumexp(gnp.where(MASK, z, -gnp.inf))


def logsumexp_rows(z):
    """logsumexp over the last axis of a matrix, summed."""
    return gnp.sum(sps.logsumexp(z, axis=1))


def logsumexp_cols(z):
    return gnp.sum(sps.logsumexp(z, axis=0) * gnp.array([1.0, 2.0]))


def naive_logsumexp(z):
    return gnp.log(gnp.sum(gnp.exp(z)))


def smoothed_cross_entropy(z):
    """Cross-entropy from logits with label smoothing 0.15 over 3 classes (class 0 the label)."""
    t = gnp.array([0.9, 0.05, 0.05])
    return -gnp.sum(t * (z - sps.logsumexp(z)))


def log_softmax_pick(z):
    """scipy.special.log_softmax's entry 1."""
    return sps.log_softmax(z)[1]


def softmax_pick(z):
    return sps.softmax(z)[0]


def softmax_naive_pick(z):
    e = gnp.exp(z)
    return e[0] / gnp.sum(e)


def softmax_shifted_pick(z):
    e = gnp.exp(z - gnp.max(z))
    return e[0] / gnp.sum(e)


# --- xlogy and kin -----------------------------------------------------------------------------------------------------


def binary_entropy_xlog1py(p):
    """-(p log p + (1 - p) log(1 - p)) by xlogy and xlog1py."""
    return -(sps.xlogy(p, p) + sps.xlog1py(1.0 - p, -p))


def entropy_entr(p):
    return gnp.sum(sps.entr(p))


def rel_entr_sum(p, q):
    return gnp.sum(sps.rel_entr(p, q))


def kl_div_sum(p, q):
    return gnp.sum(sps.kl_div(p, q))


def xlogy_weights(w, y):
    """A weighted log-likelihood: sum w log y with zero weights allowed."""
    return gnp.sum(sps.xlogy(w, y))


# --- norms ----------------------------------------------------------------------------------------------------------

Y3 = gnp.array([1.0, 2.0, 3.0])


def cosine_similarity(x):
    """x . y / (|x| |y|) by sqrt of dot products, as torch.nn.functional.cosine_similarity's docs print it."""
    return gnp.dot(x, Y3) / (gnp.sqrt(gnp.dot(x, x)) * gnp.sqrt(gnp.dot(Y3, Y3)))


def cosine_similarity_scaled(x):
    """The same with x scaled by its largest magnitude first (as LAPACK's nrm2 does)."""
    s = gnp.max(gnp.abs(x))
    u = x / s
    return gnp.dot(u, Y3) / (gnp.sqrt(gnp.dot(u, u)) * gnp.sqrt(gnp.dot(Y3, Y3)))


def normalized_projection(x):
    """w . x / |x| with |x| by linalg.norm."""
    return gnp.dot(Y3, x / gnp.linalg.norm(x))


def hypot_xy(x, y):
    return gnp.hypot(x, y)


def hypot_naive(x, y):
    return gnp.sqrt(x * x + y * y)


# --- where, clip, max, abs at tiny points --------------------------------------------------------------------------------


def xlogx_guarded(x):
    """x log x above 1e-300, 0 below: a double where with its switch at 1e-300."""
    big = x > 1e-300
    safe = gnp.where(big, x, 1.0)
    return gnp.where(big, safe * gnp.log(safe), 0.0)


def sinc_guarded(x):
    """sin x / x with 1 at 0 (one where): the quotient's rule is alive at a tiny x."""
    return gnp.where(x == 0, 1.0, gnp.sin(x) / gnp.where(x == 0, 1.0, x))


def log_clipped(p):
    """Keras' BCE clip: log(clip(p, 1e-7, 1 - 1e-7))."""
    return gnp.log(gnp.clip(p, 1e-7, 1 - 1e-7))


def leaky_relu(x):
    return gnp.where(x > 0, x, 0.01 * x)


def relu_sum(x):
    return gnp.sum(gnp.maximum(x, 0.0))


def l1_plus_square(x):
    return gnp.sum(gnp.abs(x) + x * x)


def matern32(r):
    """(1 + |r|) exp(-|r|): C1 through r = 0, so |r|'s switch there is no kink."""
    a = gnp.abs(r)
    return (1.0 + a) * gnp.exp(-a)


def logistic_density(x):
    """The logistic density in the symmetric form libraries use: e^-|x| / (1 + e^-|x|)^2."""
    e = gnp.exp(-gnp.abs(x))
    return e / (1.0 + e) ** 2
