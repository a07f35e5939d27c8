"""A user's TensorFlow code, eighty-third round (d): a VAE's ELBO terms as a Keras tutorial writes them (no TFP), the
noise passed in as data. The Gaussian KL from a log-variance; the Bernoulli decoder by
tf.nn.sigmoid_cross_entropy_with_logits and by the log of a sigmoid; the IWAE bound by tf.math.reduce_logsumexp and by
log(mean(exp)); the straight-through Gumbel-softmax with tf.stop_gradient; straight-through rounding by
tf.custom_gradient; a KL between categoricals by tf.math.xlogy; the Kumaraswamy reparameterisation."""

import tensorflow as tf

X_BIN = [1.0, 0.0, 1.0]
W_OUT = [1.0, -2.0, 0.5]
X_REAL = [0.3, -0.2]
U_NOISE = [0.0, 0.3]


def gauss_kl(mu, logvar):
    return -0.5 * tf.reduce_sum(1 + logvar - tf.square(mu) - tf.exp(logvar))


def bce_logits(logits):
    labels = tf.constant(X_BIN, dtype=logits.dtype)
    return tf.reduce_sum(tf.nn.sigmoid_cross_entropy_with_logits(labels=labels, logits=logits))


def bern_ll_probs(logits):
    x = tf.constant(X_BIN, dtype=logits.dtype)
    p = tf.sigmoid(logits)
    return tf.reduce_sum(x * tf.math.log(p) + (1 - x) * tf.math.log(1 - p))


def iwae_bound(logw):
    return tf.math.reduce_logsumexp(logw) - tf.math.log(tf.cast(tf.shape(logw)[0], logw.dtype))


def iwae_naive(logw):
    return tf.math.log(tf.reduce_mean(tf.exp(logw)))


def gumbel_st(logits, g, tau):
    y_soft = tf.nn.softmax((logits + g) / tau)
    y_hard = tf.one_hot(tf.argmax(y_soft), tf.shape(logits)[0], dtype=y_soft.dtype)
    y = tf.stop_gradient(y_hard - y_soft) + y_soft
    return tf.reduce_sum(y * tf.constant(W_OUT, dtype=logits.dtype))


@tf.custom_gradient
def st_round(z):
    def grad(dy):
        return dy
    return tf.round(z), grad


def st_round_fn(z):
    zq = st_round(z)
    w = tf.constant(W_OUT[:2], dtype=z.dtype)
    return tf.reduce_sum(zq * w) + 0.5 * tf.reduce_sum(zq ** 2)


def cat_kl(q, p):
    return tf.reduce_sum(tf.math.xlogy(q, q) - tf.math.xlogy(q, p))


def cat_kl_ratio(q, p):
    return tf.reduce_sum(tf.math.xlogy(q, q / p))


def kumaraswamy_latent(a, b):
    u = tf.constant(U_NOISE, dtype=a.dtype)
    x = tf.pow(1 - tf.pow(1 - u, 1 / b), 1 / a)
    return tf.reduce_sum(x * tf.constant(X_REAL, dtype=a.dtype))
