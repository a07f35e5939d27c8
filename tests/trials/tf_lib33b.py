"""A user's TensorFlow code, thirty-third round (b), written with tf and Keras (TensorFlow Probability is not
installed): a VAE's Gaussian KL with tf.exp, Keras' binary crossentropy on probabilities (its clip at 1e-7) and on
logits, a Dirichlet-multinomial likelihood by tf.math.lbeta at large concentrations (and by rising
factorials), SigLIP's pairwise sigmoid loss with tf.math.l2_normalize (by tf.math.log_sigmoid and by log(sigmoid)),
Keras' GRUCell and LSTMCell stepped by hand, a deep-equilibrium layer solved by Newton's method in a tf.while_loop
inside tf.function (its gradient through the unrolled loop, and the one-step implicit form with stop_gradient),
norm clipping as tf.custom_gradient (a value clip with its right rule, and a gradient clip that is no derivative),
Glow's log-determinant by tf.linalg.slogdet, and a Geman-McClure robust loss."""

import keras
import tensorflow as tf


# ------------------------------------------------------------------------------------------------------- VAE
def vae_kl(mu, logvar):
    """KL(N(mu, exp(logvar)) || N(0, 1)) in closed form."""
    kl = -0.5 * (1.0 + logvar - tf.square(mu) - tf.exp(logvar))
    return tf.reduce_sum(kl)


PIXELS = [0.0, 1.0, 1.0]


def bernoulli_decoder_probs(z):
    """A Bernoulli decoder's reconstruction term (mean over the pixels) by Keras' crossentropy on the probabilities."""
    x = tf.constant(PIXELS, z.dtype)
    return keras.losses.binary_crossentropy(x, tf.sigmoid(z))


def bernoulli_decoder_logits(z):
    """The same on the logits."""
    x = tf.constant(PIXELS, z.dtype)
    return keras.losses.binary_crossentropy(x, z, from_logits=True)


# ---------------------------------------------------------------------------------------- Dirichlet-multinomial
COUNTS = [3.0, 0.0, 5.0]


def dirichlet_multinomial_nll(alpha):
    """Negative log-likelihood of the counts under a Dirichlet-multinomial (up to the multinomial coefficient)."""
    counts = tf.constant(COUNTS, alpha.dtype)
    return -(tf.math.lbeta(alpha + counts) - tf.math.lbeta(alpha))


def dirichlet_multinomial_rising(alpha):
    """The same by rising factorials: lgamma(a + n) - lgamma(a) is the sum of log(a + k) over k < n, n whole."""
    terms = [tf.math.log(alpha[i] + k) for i, n in enumerate(COUNTS) for k in range(int(n))]
    total = [tf.math.log(tf.reduce_sum(alpha) + k) for k in range(int(sum(COUNTS)))]
    return tf.add_n(total) - tf.add_n(terms)


# ---------------------------------------------------------------------------------------------------- SigLIP
TEXT = [[1.0, 0.0], [0.6, 0.8]]
SIGLIP_B = -10.0


def _siglip_logits(images, scale):
    img = tf.math.l2_normalize(images, axis=-1)
    txt = tf.math.l2_normalize(tf.constant(TEXT, images.dtype), axis=-1)
    return scale * tf.matmul(img, txt, transpose_b=True) + SIGLIP_B


def siglip_loss(images):
    """SigLIP's pairwise sigmoid loss: +1 on the diagonal pairs, -1 off it (t = 10)."""
    labels = 2.0 * tf.eye(2, dtype=images.dtype) - 1.0
    return -tf.reduce_sum(tf.math.log_sigmoid(labels * _siglip_logits(images, 10.0))) / 2.0


def siglip_naive(images):
    """The same with the log of the sigmoid, at the temperature after training (t = 100)."""
    labels = 2.0 * tf.eye(2, dtype=images.dtype) - 1.0
    return -tf.reduce_sum(tf.math.log(tf.sigmoid(labels * _siglip_logits(images, 100.0)))) / 2.0


# ---------------------------------------------------------------------------------------------- recurrent cells
GRU_KERNEL = [[0.5, -0.25, 0.3, 0.8, -0.6, 0.2], [0.1, 0.4, 0.7, -0.5, 0.2, 0.9]]
GRU_RECURRENT = [[0.1, -0.2, 0.3, 0.05, -0.1, 0.2], [0.25, -0.3, 0.15, 0.1, -0.2, 0.3]]
LSTM_KERNEL = [[0.5, -0.25, 0.3, 0.8, -0.6, 0.2, 0.1, 0.4], [0.7, -0.5, 0.2, 0.9, -0.3, 0.6, 0.4, -0.1]]
LSTM_RECURRENT = [[0.1, -0.2, 0.3, 0.05, -0.1, 0.2, 0.25, -0.3], [0.15, 0.1, -0.2, 0.3, 0.05, 0.2, 0.3, -0.15]]


def gru_steps(x):
    """A Keras GRUCell stepped over the rows of ``x`` by hand; the last state weighted."""
    cell = keras.layers.GRUCell(2, dtype=x.dtype.name, kernel_initializer=keras.initializers.Constant(GRU_KERNEL),
                                recurrent_initializer=keras.initializers.Constant(GRU_RECURRENT),
                                bias_initializer="zeros")
    h = tf.zeros((1, 2), x.dtype)
    for t in range(x.shape[0]):
        h, _ = cell(x[t:t + 1], [h])
    return tf.reduce_sum(h * tf.constant([1.0, -2.0], x.dtype))


def lstm_steps(x):
    """A Keras LSTMCell stepped by hand; the sum of the last hidden and cell states."""
    cell = keras.layers.LSTMCell(2, dtype=x.dtype.name, kernel_initializer=keras.initializers.Constant(LSTM_KERNEL),
                                 recurrent_initializer=keras.initializers.Constant(LSTM_RECURRENT),
                                 bias_initializer="zeros", unit_forget_bias=False)
    state = [tf.zeros((1, 2), x.dtype), tf.zeros((1, 2), x.dtype)]
    for t in range(x.shape[0]):
        _, state = cell(x[t:t + 1], state)
    return tf.reduce_sum(state[0]) + tf.reduce_sum(state[1])


# ------------------------------------------------------------------------------------- deep equilibrium layer
DEQ_W = [[0.3, -0.2], [0.1, 0.4]]
DEQ_READOUT = [1.0, -0.5]


def _residual(z, x):
    w = tf.constant(DEQ_W, x.dtype)
    return z - tf.tanh(tf.linalg.matvec(w, z) + x)


def _residual_jacobian(z, x):
    w = tf.constant(DEQ_W, x.dtype)
    s = 1.0 - tf.tanh(tf.linalg.matvec(w, z) + x) ** 2
    return tf.eye(2, dtype=x.dtype) - s[:, None] * w


@tf.function
def _solve(x):
    def step(k, z):
        dz = tf.linalg.solve(_residual_jacobian(z, x), _residual(z, x)[:, None])[:, 0]
        return k + 1, z - dz

    def not_done(k, z):
        return tf.logical_and(k < 50, tf.reduce_max(tf.abs(_residual(z, x))) > 1e-14)

    _, z = tf.while_loop(not_done, step, (tf.constant(0), tf.zeros_like(x)))
    return z


def deq_unrolled(x):
    """The equilibrium z = tanh(W z + x), read out; differentiated through Newton's iterations."""
    return tf.reduce_sum(_solve(x) * tf.constant(DEQ_READOUT, x.dtype))


def deq_implicit(x):
    """The same with the solve held and one Newton step taken with the gradient (the implicit-function trick)."""
    z = tf.stop_gradient(_solve(x))
    z = z - tf.linalg.solve(tf.stop_gradient(_residual_jacobian(z, x)), _residual(z, x)[:, None])[:, 0]
    return tf.reduce_sum(z * tf.constant(DEQ_READOUT, x.dtype))


# ------------------------------------------------------------------------------------------------- clipping
MAX_NORM = 1.0
CLIP_WEIGHTS = [3.0, 4.0]


@tf.custom_gradient
def clip_by_norm(x):
    norm = tf.norm(x)
    scale = tf.minimum(1.0, MAX_NORM / norm)

    def grad(dy):
        unit = x / norm
        inside = dy
        outside = MAX_NORM / norm * (dy - unit * tf.reduce_sum(unit * dy))
        return tf.where(norm > MAX_NORM, outside, inside)
    return x * scale, grad


@tf.custom_gradient
def clip_gradient(x):
    def grad(dy):
        return tf.clip_by_norm(dy, MAX_NORM)
    return tf.identity(x), grad


def clipped_value(x):
    return tf.reduce_sum(clip_by_norm(x) * tf.constant(CLIP_WEIGHTS, x.dtype))


def clipped_gradient(x):
    return tf.reduce_sum(clip_gradient(x) * tf.constant(CLIP_WEIGHTS, x.dtype))


# ------------------------------------------------------------------------------------------------------ Glow
GLOW_X = [[0.5, -1.0], [1.5, 0.25], [-0.75, 2.0]]


def glow_nll(weight):
    """Negative log-likelihood of a batch after Glow's invertible 1x1 convolution, by slogdet."""
    x = tf.constant(GLOW_X, weight.dtype)
    y = tf.matmul(x, weight, transpose_b=True)
    _, log_abs_det = tf.linalg.slogdet(weight)
    return 0.5 * tf.reduce_sum(y ** 2) - x.shape[0] * log_abs_det


# -------------------------------------------------------------------------------------------- robust regression
SIGMA = 0.5
TARGETS = [1.0, -2.0, 0.5]


def geman_mcclure(pred):
    """The Geman-McClure robust loss sum r^2 / (r^2 + sigma^2)."""
    r = pred - tf.constant(TARGETS, pred.dtype)
    return tf.reduce_sum(r ** 2 / (r ** 2 + SIGMA ** 2))
