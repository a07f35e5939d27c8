"""A user's TensorFlow code, twenty-seventh round (b): an NT-Xent contrastive loss at temperature 1e-3 (through
sparse softmax cross-entropy, and through the log of a softmax), a CTC-like forward algorithm in log space (and in
probability space), a beam's length-normalised score, a physics-informed residual through a nested GradientTape in a
tf.function, tf.custom_gradient rules reading tf.Variables through variables= (right, and with their gradients
swapped), the TensorFlow Probability custom_gradient(fx, gx, x) form written with stop_gradient (a right and a wrong
gx), a capped exp whose tf.where leaks an overflow, a fractional focal loss at p = 1, Keras' CategoricalFocalCrossentropy
and label-smoothed CategoricalCrossentropy at logits of +-1e4, Keras' LayerNormalization at equal features, a
bfloat16 matmul inside a float32 loss, a negative binomial head with tf.math.lgamma and log_sigmoid, tf.nn.
log_poisson_loss, quantile losses at their kinks, a Gaussian log-density through tf.linalg.cholesky, the largest
eigenvalue of a symmetric matrix at a double eigenvalue, a rational-quadratic spline through tf.searchsorted, a
RealNVP coupling, and Adam's bias correction near beta2 = 1."""

import math

import keras
import tensorflow as tf

# ------------------------------------------------------------------------------------------------------ NT-Xent
TEMPERATURE = 1e-3


def _similarities(z):
    z = tf.math.l2_normalize(z, axis=1)
    n = tf.shape(z)[0]
    sim = tf.matmul(z, z, transpose_b=True) / TEMPERATURE
    return sim - 1e9 * tf.eye(n, dtype=z.dtype), n


def nt_xent(z):
    """SimCLR's NT-Xent loss for two views of two samples (rows 0/2 and 1/3 are positives)."""
    sim, n = _similarities(z)
    labels = (tf.range(n) + n // 2) % n
    return tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=sim))


def nt_xent_naive(z):
    sim, n = _similarities(z)
    labels = (tf.range(n) + n // 2) % n
    probs = tf.exp(sim) / tf.reduce_sum(tf.exp(sim), axis=1, keepdims=True)
    return -tf.reduce_mean(tf.math.log(tf.gather(probs, labels, batch_dims=1)))


# ------------------------------------------------------------------------------------------- CTC-like forward
def _ctc_log_transitions(dtype):
    """The CTC topology for the one-symbol label "a": states blank, a, blank; stay or step right."""
    allowed = tf.constant([[1.0, 1.0, 0.0], [0.0, 1.0, 1.0], [0.0, 0.0, 1.0]], dtype)
    return tf.math.log(allowed)  # forbidden steps are log 0 = -inf


STATE_SYMBOL = [0, 1, 0]  # state -> class (0 blank, 1 "a")


def ctc_forward(logits):
    """-log P("a" | logits): the forward algorithm over the three states in log space."""
    log_probs = tf.nn.log_softmax(logits, axis=-1)
    emit = tf.gather(log_probs, STATE_SYMBOL, axis=1)
    trans = _ctc_log_transitions(logits.dtype)
    minus_inf = tf.constant(-float("inf"), logits.dtype)
    alpha = tf.stack([emit[0, 0], emit[0, 1], minus_inf])
    for t in range(1, logits.shape[0]):
        alpha = tf.reduce_logsumexp(alpha[:, None] + trans, axis=0) + emit[t]
    return -tf.reduce_logsumexp(alpha[1:])


def ctc_forward_probs(logits):
    probs = tf.nn.softmax(logits, axis=-1)
    emit = tf.gather(probs, STATE_SYMBOL, axis=1)
    trans = tf.constant([[1.0, 1.0, 0.0], [0.0, 1.0, 1.0], [0.0, 0.0, 1.0]], logits.dtype)
    alpha = tf.stack([emit[0, 0], emit[0, 1], tf.zeros((), logits.dtype)])
    for t in range(1, logits.shape[0]):
        alpha = tf.linalg.matvec(trans, alpha, transpose_a=True) * emit[t]
    return -tf.math.log(alpha[1] + alpha[2])


# ------------------------------------------------------------------------------------------------- beam score
BEAM_TOKENS = [2, 0, 1]
LENGTH_ALPHA = 0.6


def _length_penalty(length):
    return ((5.0 + length) / 6.0) ** LENGTH_ALPHA


def beam_score(logits):
    """GNMT's length-normalised log-probability of a beam's tokens."""
    log_probs = tf.nn.log_softmax(logits, axis=-1)
    picked = tf.gather(log_probs, BEAM_TOKENS, axis=1, batch_dims=0)
    chosen = tf.linalg.diag_part(picked)
    return tf.reduce_sum(chosen) / _length_penalty(len(BEAM_TOKENS))


def beam_score_naive(logits):
    probs = tf.nn.softmax(logits, axis=-1)
    chosen = tf.linalg.diag_part(tf.gather(probs, BEAM_TOKENS, axis=1))
    return tf.reduce_sum(tf.math.log(chosen)) / _length_penalty(len(BEAM_TOKENS))


# ---------------------------------------------------------------------------------- physics-informed residual
COLLOCATION = [0.0, 0.5, 1.0]


@tf.function
def pinn_residual(w):
    """The mean squared residual of u' + u = 0 for u(x) = w2 tanh(w0 x + w1), u' from an inner GradientTape."""
    x = tf.constant(COLLOCATION, w.dtype)
    with tf.GradientTape() as tape:
        tape.watch(x)
        u = w[2] * tf.tanh(w[0] * x + w[1])
    u_x = tape.gradient(u, x)
    return tf.reduce_mean(tf.square(u_x + u))


# ----------------------------------------------------------------------- custom gradients reading variables
class GatedSoftplus(keras.layers.Layer):
    """gain * softplus(x + offset), a tf.custom_gradient giving the weights' gradients through variables=."""

    def __init__(self, swapped=False, **kwargs):
        super().__init__(dtype="float64", **kwargs)
        self.swapped = swapped

    def build(self, input_shape):
        self.gain = self.add_weight(shape=(), name="gain", initializer=keras.initializers.Constant(1.5))
        self.offset = self.add_weight(shape=(), name="offset", initializer=keras.initializers.Constant(-0.25))

    def call(self, x):
        gain, offset, swapped = self.gain, self.offset, self.swapped

        @tf.custom_gradient
        def gated(x):
            z = x + offset
            y = gain * tf.math.softplus(z)

            def grad(upstream, variables=None):
                s = upstream * tf.sigmoid(z)
                d_gain, d_offset = tf.reduce_sum(upstream * tf.math.softplus(z)), tf.reduce_sum(s * gain)
                return s * gain, ([d_offset, d_gain] if swapped else [d_gain, d_offset])
            return y, grad
        return gated(x)


def gated_loss(layer, x):
    return tf.reduce_sum(layer(x) * tf.constant([1.0, -2.0], x.dtype))


def _gated_args(swapped):
    layer = GatedSoftplus(swapped)
    layer.build((2,))
    return {"layer": layer, "x": tf.constant([0.5, -1.0], tf.float64)}


def gated_args():
    return _gated_args(False)


def gated_offset_args():
    """The same layer, for a check of its offset alone."""
    return _gated_args(False)


def gated_args_swapped():
    return _gated_args(True)


# ----------------------------------------------------------------------- TFP's custom_gradient(fx, gx, x) form
def _tfp_custom_gradient(fx, gx, x):
    """TensorFlow Probability's tfp.math.custom_gradient, as its source writes it with stop_gradient."""
    return tf.stop_gradient(fx) + tf.stop_gradient(gx) * (x - tf.stop_gradient(x))


def log1mexp_tfp(x):
    """log(1 - exp(-x)) for x > 0 (a survival log-probability), its value stable and its gradient given."""
    fx = tf.where(x < math.log(2.0), tf.math.log(-tf.math.expm1(-x)), tf.math.log1p(-tf.exp(-x)))
    gx = 1.0 / tf.math.expm1(x)
    return tf.reduce_sum(_tfp_custom_gradient(fx, gx, x))


def log1mexp_tfp_wrong(x):
    fx = tf.where(x < math.log(2.0), tf.math.log(-tf.math.expm1(-x)), tf.math.log1p(-tf.exp(-x)))
    gx = 1.0 / tf.math.expm1(-x)
    return tf.reduce_sum(_tfp_custom_gradient(fx, gx, x))


# -------------------------------------------------------------------------------------------- tf.where leaks
CAP = 50.0


def capped_exp(x):
    """exp(x), continued linearly past 50 so a large logit cannot overflow (or so it seems)."""
    return tf.reduce_sum(tf.where(x < CAP, tf.exp(x), math.exp(CAP) * (1.0 + x - CAP)))


def capped_exp_safe(x):
    return tf.reduce_sum(tf.where(x < CAP, tf.exp(tf.minimum(x, CAP)), math.exp(CAP) * (1.0 + x - CAP)))


# --------------------------------------------------------------------------------------------------- focal
GAMMA_FRAC = 0.5


def focal_frac(z):
    """A binary focal loss with a fractional focusing exponent, positives only: -(1 - p)^gamma log p."""
    p = tf.sigmoid(z)
    return tf.reduce_sum(-tf.pow(1.0 - p, GAMMA_FRAC) * tf.math.log(p))


def focal_frac_stable(z):
    return tf.reduce_sum(-tf.exp(GAMMA_FRAC * tf.math.log_sigmoid(-z)) * tf.math.log_sigmoid(z))


def keras_focal(logits):
    """Keras' categorical focal cross-entropy (gamma 0.5) from logits, for class 0."""
    loss = keras.losses.CategoricalFocalCrossentropy(gamma=0.5, from_logits=True)
    return loss(tf.constant([[1.0, 0.0, 0.0]], logits.dtype), logits[None])


def keras_smoothed_ce(logits):
    loss = keras.losses.CategoricalCrossentropy(from_logits=True, label_smoothing=0.1)
    return loss(tf.constant([[1.0, 0.0, 0.0]], logits.dtype), logits[None])


def smoothed_ce_hand(logits):
    target = 0.9 * tf.one_hot(0, 3, dtype=logits.dtype) + 0.1 / 3
    return -tf.reduce_sum(target * tf.math.log(tf.nn.softmax(logits)))


# ------------------------------------------------------------------------------------------- Keras layers
NORM = keras.layers.LayerNormalization(epsilon=1e-3, dtype="float64")
NORM.build((None, 3))
NORM.gamma.assign([1.0, -2.0, 0.5])
NORM.beta.assign([0.1, 0.0, -0.3])


def layer_norm_readout(x):
    """A Keras LayerNormalization of one row, read out by a fixed weighting."""
    out = NORM(tf.reshape(x, (1, 3)))
    return tf.reduce_sum(out * tf.constant([[1.0, 0.5, -1.0]], x.dtype))


W_BF16 = [[0.5, -1.0, 0.25], [1.0, 0.5, -0.75]]


def bf16_logsumexp(x):
    """A float32 model whose projection runs in bfloat16 (TPU style), then logsumexp in float32."""
    logits = tf.reduce_sum(tf.cast(x, tf.bfloat16)[:, None] * tf.constant(W_BF16, tf.bfloat16), axis=0)
    return tf.reduce_logsumexp(tf.cast(logits, x.dtype))


# ----------------------------------------------------------------------------- negative binomial, Poisson heads
COUNTS_NB = [0.0, 3.0, 10.0]


def nb_nll_naive(eta, log_r):
    """A negative binomial regression head (log link, learnt dispersion), its NLL written from the pmf."""
    y = tf.constant(COUNTS_NB, eta.dtype)
    mu, r = tf.exp(eta), tf.exp(log_r)
    log_pmf = (tf.math.lgamma(y + r) - tf.math.lgamma(r) - tf.math.lgamma(y + 1.0)
               + r * tf.math.log(r / (r + mu)) + y * tf.math.log(mu / (r + mu)))
    return -tf.reduce_sum(log_pmf)


def nb_nll(eta, log_r):
    y = tf.constant(COUNTS_NB, eta.dtype)
    r = tf.exp(log_r)
    logits = eta - log_r
    log_pmf = (tf.math.lgamma(y + r) - tf.math.lgamma(r) - tf.math.lgamma(y + 1.0)
               + r * tf.math.log_sigmoid(-logits) + y * tf.math.log_sigmoid(logits))
    return -tf.reduce_sum(log_pmf)


COUNTS_P = [0.0, 2.0, 7.0]


def poisson_head(log_rate):
    """tf.nn.log_poisson_loss with Stirling's term for the counts above 1."""
    return tf.reduce_sum(tf.nn.log_poisson_loss(tf.constant(COUNTS_P, log_rate.dtype), log_rate,
                                                compute_full_loss=True))


# --------------------------------------------------------------------------------------------- quantile losses
QUANTILES = [0.1, 0.5, 0.9]
TARGETS_Q = [1.0, 2.0, -0.5]


def pinball(pred):
    e = tf.constant(TARGETS_Q, pred.dtype) - pred
    q = tf.constant(QUANTILES, pred.dtype)
    return tf.reduce_mean(tf.maximum(q * e, (q - 1.0) * e))


def pinball_where(pred):
    e = tf.constant(TARGETS_Q, pred.dtype) - pred
    q = tf.constant(QUANTILES, pred.dtype)
    return tf.reduce_mean(tf.where(e >= 0, q * e, (q - 1.0) * e))


# ------------------------------------------------------------------------------------------------- linear algebra
COV = [[2.0, 0.5, 0.1], [0.5, 1.0, -0.3], [0.1, -0.3, 1.5]]


def mvn_logpdf(x):
    """A Gaussian log-density through a Cholesky factor and a triangular solve."""
    cov = tf.constant(COV, x.dtype)
    chol = tf.linalg.cholesky(cov)
    white = tf.linalg.triangular_solve(chol, x[:, None], lower=True)
    log_det = 2.0 * tf.reduce_sum(tf.math.log(tf.linalg.diag_part(chol)))
    return -0.5 * tf.reduce_sum(white ** 2) - 0.5 * log_det - 1.5 * math.log(2 * math.pi)


def top_eigenvalue(a):
    """The largest eigenvalue of a symmetric matrix (its upper triangle mirrored), a spectral regulariser."""
    sym = 0.5 * (a + tf.transpose(a))
    return tf.linalg.eigvalsh(sym)[-1]


# --------------------------------------------------------------------------------------- rational-quadratic spline
KNOTS_X = [-1.0, -0.25, 0.5, 1.0]
KNOTS_Y = [-1.0, -0.5, 0.75, 1.0]
SLOPES = [1.0, 0.5, 2.0, 1.0]


def _rq_spline(x):
    kx = tf.constant(KNOTS_X, x.dtype)
    ky = tf.constant(KNOTS_Y, x.dtype)
    d = tf.constant(SLOPES, x.dtype)
    k = tf.clip_by_value(tf.searchsorted(kx, x, side="right") - 1, 0, len(KNOTS_X) - 2)
    x0, x1 = tf.gather(kx, k), tf.gather(kx, k + 1)
    y0, y1 = tf.gather(ky, k), tf.gather(ky, k + 1)
    d0, d1 = tf.gather(d, k), tf.gather(d, k + 1)
    w, h = x1 - x0, y1 - y0
    s = h / w
    xi = (x - x0) / w
    both = xi * (1.0 - xi)
    denominator = s + (d1 + d0 - 2.0 * s) * both
    y = y0 + h * (s * xi ** 2 + d0 * both) / denominator
    slope = s ** 2 * (d1 * xi ** 2 + 2.0 * s * both + d0 * (1.0 - xi) ** 2) / denominator ** 2
    return y, slope


def spline_flow(x):
    y, _ = _rq_spline(x)
    return tf.reduce_sum(y)


def spline_logdet(x):
    _, slope = _rq_spline(x)
    return tf.reduce_sum(tf.math.log(slope))


# --------------------------------------------------------------------------------------------- RealNVP coupling
W_S = [[1.0, 0.5], [0.5, 1.0]]
B_S = [0.25, -0.5]


def coupling_logdet_naive(x):
    """The log-determinant of an affine coupling, as the log of the product of its scales."""
    s = tf.linalg.matvec(tf.constant(W_S, x.dtype), x, transpose_a=True) + tf.constant(B_S, x.dtype)
    return tf.math.log(tf.reduce_prod(tf.exp(s)))


def coupling_logdet(x):
    s = tf.linalg.matvec(tf.constant(W_S, x.dtype), x, transpose_a=True) + tf.constant(B_S, x.dtype)
    return tf.reduce_sum(s)


# ------------------------------------------------------------------------------------------ Adam's bias correction
STEP = 10
M_RAW, V_RAW, LR = 0.02, 4e-4, 1e-3


def adam_update(beta2):
    """The size of Adam's tenth update as a function of beta2 (a hyper-gradient)."""
    correction = 1.0 - tf.pow(beta2, STEP)
    return LR * M_RAW / tf.sqrt(V_RAW / correction)


def adam_update_expm1(beta2):
    correction = -tf.math.expm1(STEP * tf.math.log1p(beta2 - 1.0))
    return LR * M_RAW / tf.sqrt(V_RAW / correction)
