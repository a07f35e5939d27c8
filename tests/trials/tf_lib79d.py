"""A user's TensorFlow code, seventy-ninth round (d): uncertainty and evidential losses, TensorFlow Probability-free.
A heteroscedastic Gaussian NLL by tf.exp(-log_var) and with the log-variance clipped by a tf.custom_gradient whose rule
passes the gradient straight through; the Normal-Inverse-Gamma NLL with tf.math.lgamma; the KL of evidential
classification with tf.math.digamma and tf.nn.relu; a Beta NLL by tf.math.xlogy; temperature scaling by
tf.nn.log_softmax and by tf.math.log(tf.nn.softmax); MC dropout's mean + tf.math.reduce_std; quantile regression's
crossing penalty tf.nn.relu; a mixture density network by tf.reduce_logsumexp."""

import math

import tensorflow as tf

Y3 = [1.3, -0.2, 0.7]
Y_REG = 1.0
Y_CLS = [0.0, 1.0, 0.0]
X_MC = [0.8, -1.2, 0.5]
MASKS = [[1.0, 1.0, 0.0], [1.0, 0.0, 1.0], [1.0, 1.0, 1.0], [1.0, 0.0, 0.0]]
KEEP = 0.5
Y_Q, TAUS, LAM = 0.5, (0.1, 0.9), 1.0
Y_MDN = 0.5


def gauss_nll(mu, log_var):
    y = tf.constant(Y3, dtype=mu.dtype)
    return tf.reduce_sum(0.5 * (log_var + tf.square(y - mu) * tf.exp(-log_var)))


@tf.custom_gradient
def clip_log_var(log_var):
    """Clamp the log-variance to [-10, 10]; let the gradient through unchanged."""
    def grad(dy):
        return dy
    return tf.clip_by_value(log_var, -10.0, 10.0), grad


def gauss_nll_clipped(mu, log_var):
    y = tf.constant(Y3, dtype=mu.dtype)
    lv = clip_log_var(log_var)
    return tf.reduce_sum(0.5 * (lv + tf.square(y - mu) * tf.exp(-lv)))


def nig_nll(gamma, nu, alpha, beta):
    two_b_lambda = 2.0 * beta * (1.0 + nu)
    return (0.5 * tf.math.log(math.pi / nu)
            - alpha * tf.math.log(two_b_lambda)
            + (alpha + 0.5) * tf.math.log(nu * tf.square(Y_REG - gamma) + two_b_lambda)
            + tf.math.lgamma(alpha) - tf.math.lgamma(alpha + 0.5))


def edl_kl(z):
    y = tf.constant(Y_CLS, dtype=z.dtype)
    alpha = tf.nn.relu(z) + 1.0
    a = y + (1.0 - y) * alpha
    s = tf.reduce_sum(a)
    return (tf.math.lgamma(s) - math.lgamma(3.0) - tf.reduce_sum(tf.math.lgamma(a))
            + tf.reduce_sum((a - 1.0) * (tf.math.digamma(a) - tf.math.digamma(s))))


def edl_digamma(z):
    y = tf.constant(Y_CLS, dtype=z.dtype)
    alpha = tf.nn.relu(z) + 1.0
    return tf.reduce_sum(y * (tf.math.digamma(tf.reduce_sum(alpha)) - tf.math.digamma(alpha)))


def beta_nll(a, b, p):
    return -(tf.math.xlogy(a - 1.0, p) + tf.math.xlogy(b - 1.0, 1.0 - p)
             - (tf.math.lgamma(a) + tf.math.lgamma(b) - tf.math.lgamma(a + b)))


def temp_nll(z, T):
    return -tf.nn.log_softmax(z / T)[1]


def temp_nll_naive(z, T):
    return -tf.math.log(tf.nn.softmax(z / T))[1]


def mc_ucb(w):
    m = tf.constant(MASKS, dtype=w.dtype) * tf.constant(X_MC, dtype=w.dtype)
    p = tf.linalg.matvec(m, w) / KEEP
    return tf.reduce_mean(p) + tf.math.reduce_std(p)


def quantile_loss(q):
    def pinball(qq, tau):
        d = Y_Q - qq
        return tf.maximum(tau * d, (tau - 1.0) * d)
    return pinball(q[0], TAUS[0]) + pinball(q[1], TAUS[1]) + LAM * tf.nn.relu(q[0] - q[1])


def mdn_nll(logit_pi, mu, log_sigma):
    log_pi = tf.nn.log_softmax(logit_pi)
    z = (Y_MDN - mu) / tf.exp(log_sigma)
    comp = log_pi - log_sigma - 0.5 * math.log(2 * math.pi) - 0.5 * tf.square(z)
    return -tf.reduce_logsumexp(comp)
