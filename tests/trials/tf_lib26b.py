"""A user's TensorFlow code, twenty-sixth round (b): a tf.custom_gradient soft clip inside a tf.function (its rule
right, and with a stray 1/C), softplus computed in float16 for a float32 model, a coefficient of variation and a
variance penalty at a batch of equal values, a Gaussian process posterior mean through tf.linalg.solve in its log
length-scale, Barron's general robust loss near alpha = 0 (as written in the paper, and through expm1/log1p), a
Tweedie deviance and a zero-inflated Poisson likelihood written with tf.experimental.numpy, a linear-chain CRF's
negative log-likelihood (tf.reduce_logsumexp, and by hand), and a Keras layer holding a non-trainable scale beside
its kernel."""

import keras
import tensorflow as tf
import tensorflow.experimental.numpy as tnp

C = 5.0


@tf.custom_gradient
def soft_clip(x):
    """C tanh(x / C): a smooth clip to (-C, C)."""
    t = tf.tanh(x / C)

    def grad(dy):
        return dy * (1 - t * t)
    return C * t, grad


@tf.custom_gradient
def soft_clip_wrong(x):
    t = tf.tanh(x / C)

    def grad(dy):
        return dy * (1 - t * t) / C
    return C * t, grad


@tf.function
def soft_clipped(x):
    return tf.reduce_sum(soft_clip(x) * tf.constant([1.0, -2.0, 0.5], x.dtype))


@tf.function
def soft_clipped_wrong(x):
    return tf.reduce_sum(soft_clip_wrong(x) * tf.constant([1.0, -2.0, 0.5], x.dtype))


def softplus_half(x):
    """A mixed-precision model's activation: softplus computed in float16, handed back in the input's dtype."""
    return tf.reduce_sum(tf.cast(tf.math.softplus(tf.cast(x, tf.float16)), x.dtype))


def coefficient_of_variation(x):
    return tf.math.reduce_std(x) / tf.reduce_mean(x)


def spread_penalty(x):
    """The batch mean plus its variance, a penalty that keeps the batch together."""
    return tf.reduce_mean(x) + tf.math.reduce_variance(x)


TRAIN_X = [0.0, 0.5, 1.3]
TRAIN_Y = [1.0, -0.5, 0.25]
QUERY = 0.8
NOISE = 1e-2


def gp_posterior_mean(log_ell):
    """A GP's posterior mean at one query point, squared-exponential kernel, in its log length-scale."""
    ell = tf.exp(log_ell)
    x = tf.constant(TRAIN_X, log_ell.dtype)
    y = tf.constant(TRAIN_Y, log_ell.dtype)
    gram = tf.exp(-0.5 * tf.square((x[:, None] - x[None, :]) / ell)) + NOISE * tf.eye(3, dtype=log_ell.dtype)
    k_star = tf.exp(-0.5 * tf.square((QUERY - x) / ell))
    weights = tf.linalg.solve(gram, y[:, None])
    return tf.reduce_sum(k_star * weights[:, 0])


def barron_loss_naive(x, alpha):
    """Barron's general robust loss (scale 1), as the paper writes it."""
    b = tf.abs(alpha - 2.0)
    return tf.reduce_sum(b / alpha * (tf.pow(tf.square(x) / b + 1.0, alpha / 2.0) - 1.0))


def barron_loss(x, alpha):
    b = tf.abs(alpha - 2.0)
    return tf.reduce_sum(b / alpha * tf.math.expm1(alpha / 2.0 * tf.math.log1p(tf.square(x) / b)))


POWER = 1.5
CLAIMS = [0.0, 2.0, 0.5]


def tweedie_naive(eta):
    """Tweedie deviance (power 1.5) of a log-link model, in tf.experimental.numpy: the mean first."""
    y = tnp.asarray(CLAIMS, dtype=eta.dtype)
    mu = tnp.exp(eta)
    return tnp.sum(-y * tnp.power(mu, 1 - POWER) / (1 - POWER) + tnp.power(mu, 2 - POWER) / (2 - POWER))


def tweedie_stable(eta):
    y = tnp.asarray(CLAIMS, dtype=eta.dtype)
    return tnp.sum(-y * tnp.exp((1 - POWER) * eta) / (1 - POWER) + tnp.exp((2 - POWER) * eta) / (2 - POWER))


COUNTS = [0.0, 3.0]


def zip_nll(logit, eta):
    """Zero-inflated Poisson NLL in tf.experimental.numpy, the zero's mixture through logaddexp."""
    y = tnp.asarray(COUNTS, dtype=eta.dtype)
    lam = tnp.exp(eta)
    softplus = tnp.logaddexp(0.0, logit)
    zero = -(tnp.logaddexp(logit, -lam) - softplus)
    count = -(-softplus + y * eta - lam - tf.math.lgamma(y + 1))
    return tnp.sum(tnp.where(y == 0, zero, count))


def zip_nll_naive(logit, eta):
    y = tnp.asarray(COUNTS, dtype=eta.dtype)
    pi = 1 / (1 + tnp.exp(-logit))
    lam = tnp.exp(eta)
    zero = -tnp.log(pi + (1 - pi) * tnp.exp(-lam))
    count = -(tnp.log(1 - pi) + y * tnp.log(lam) - lam - tf.math.lgamma(y + 1))
    return tnp.sum(tnp.where(y == 0, zero, count))


TRANSITIONS = [[0.5, -1.0], [0.25, 0.75]]
GOLD = [0, 1, 1]


def _gold_score(emissions, trans):
    return (tf.add_n([emissions[t, GOLD[t]] for t in range(len(GOLD))])
            + tf.add_n([trans[GOLD[t - 1], GOLD[t]] for t in range(1, len(GOLD))]))


def crf_nll(emissions):
    """A linear-chain CRF's negative log-likelihood of the gold tags, forward algorithm in log space."""
    trans = tf.constant(TRANSITIONS, emissions.dtype)
    alpha = emissions[0]
    for t in range(1, emissions.shape[0]):
        alpha = tf.reduce_logsumexp(alpha[:, None] + trans, axis=0) + emissions[t]
    return tf.reduce_logsumexp(alpha) - _gold_score(emissions, trans)


def crf_nll_naive(emissions):
    trans = tf.constant(TRANSITIONS, emissions.dtype)
    alpha = emissions[0]
    for t in range(1, emissions.shape[0]):
        alpha = tf.math.log(tf.reduce_sum(tf.exp(alpha[:, None] + trans), axis=0)) + emissions[t]
    return tf.math.log(tf.reduce_sum(tf.exp(alpha))) - _gold_score(emissions, trans)


class ScaledSoftplus(keras.layers.Layer):
    """softplus(x K) times a fixed scale the layer keeps as a non-trainable weight."""

    def build(self, input_shape):
        self.kernel = self.add_weight(shape=(2, 2), name="kernel")
        self.scale = self.add_weight(shape=(), name="scale", trainable=False)

    def call(self, x):
        return tf.nn.softplus(x @ self.kernel) * self.scale


def scaled_softplus_loss(layer, x):
    return tf.reduce_sum(layer(x) * tf.constant([[1.0, -3.0]], x.dtype))


def scaled_softplus_args():
    layer = ScaledSoftplus()
    layer.build((None, 2))
    layer.kernel.assign([[0.5, -1.0], [2.0, 0.25]])
    layer.scale.assign(1.5)
    return {"layer": layer, "x": tf.constant([[1.0, -0.5]])}


HALF_DENSE = keras.layers.Dense(2, activation="sigmoid", dtype="mixed_float16")
HALF_DENSE.build((None, 2))
HALF_DENSE.kernel.assign([[0.5, -1.0], [2.0, 0.25]])
HALF_DENSE.bias.assign([0.1, -0.3])


def half_dense_readout(x):
    """A layer under Keras' mixed_float16 policy (float32 weights, float16 compute) in a float32 loss."""
    out = HALF_DENSE(tf.reshape(x, (1, 2)))
    return tf.reduce_sum(tf.cast(out, tf.float32) * tf.constant([[1.0, -3.0]]))


def gamma_sample_mean(alpha):
    """The mean of three reparameterised Gamma(alpha) draws (a fixed seed), differentiated in alpha."""
    draws = tf.random.stateless_gamma([3], seed=[7, 11], alpha=alpha, dtype=alpha.dtype)
    return tf.reduce_mean(draws)


def sqrtm_readout(a):
    """A weighted read-out of a 2x2 matrix's principal square root."""
    root = tf.linalg.sqrtm(a)
    return tf.reduce_sum(root * tf.constant([[1.0, 2.0], [-1.0, 0.5]], a.dtype))
