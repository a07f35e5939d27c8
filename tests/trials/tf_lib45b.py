"""A user's TensorFlow code, forty-fifth round (b): ocean waves, diffusion models, mortality modelling and stereo.
Linear wave theory's group-to-phase speed ratio 1/2 (1 + 2kh / sinh 2kh) (as printed, and with a series below a switch
and the large-argument form by exp and expm1); a DDPM log-SNR at the last step by tf.math.cumprod and in log space by
tf.math.cumsum of tf.math.log1p; Keras' LogCosh at +-800 beside log(cosh) by hand; Keras' Poisson and KLDivergence
(with their epsilon and clip); tf.nn.log_poisson_loss with compute_full_loss (its Stirling term switched on above a
count of 1); a Lee-Carter model as a tf.Module whose period index is a tf.Variable, its Poisson NLL's gradient given by
tf.custom_gradient with variables= (right, and with the age slopes b forgotten); soft-argmin by
tf.math.reduce_logsumexp; and SSIM without its constants through tf.math.divide_no_nan at a flat patch."""

import math

import keras
import tensorflow as tf

# ------------------------------------------------------------------------------------------- ocean waves
DEPTH = 1.0  # water depth h, m


def group_ratio(k):
    """n = c_g / c_p = 1/2 (1 + 2 k h / sinh(2 k h)) for wavenumber k."""
    kh2 = 2.0 * k * DEPTH
    return 0.5 * (1.0 + kh2 / tf.sinh(kh2))


def group_ratio_stable(k):
    """The same, u / sinh(u) by its series below 1e-3 and by 2 u e^-u / (1 - e^-2u) above."""
    u = 2.0 * k * DEPTH
    small = u < 1e-3
    u_big = tf.where(small, tf.ones_like(u), u)
    ratio = tf.where(small, 1.0 - u * u / 6.0, 2.0 * u_big * tf.exp(-u_big) / -tf.math.expm1(-2.0 * u_big))
    return 0.5 * (1.0 + ratio)


# ------------------------------------------------------------------------------------------- diffusion
T_STEPS = 1024
BETA_MIN = 1e-4


def _betas(beta_max):
    steps = tf.range(T_STEPS, dtype=beta_max.dtype) / T_STEPS
    return BETA_MIN + (beta_max - BETA_MIN) * steps


def log_snr_last(beta_max):
    alpha_bar = tf.math.cumprod(1.0 - _betas(beta_max))
    ab = alpha_bar[-1]
    return tf.math.log(ab / (1.0 - ab))


def log_snr_last_logspace(beta_max):
    la = tf.math.cumsum(tf.math.log1p(-_betas(beta_max)))[-1]
    return la - tf.math.log(-tf.math.expm1(la))


# ------------------------------------------------------------------------------------------- robust losses
def logcosh_keras(x):
    """Keras' LogCosh of residuals x (targets 0)."""
    return keras.losses.LogCosh(dtype=x.dtype)(tf.zeros_like(x), x)


def logcosh_naive(x):
    return tf.reduce_mean(tf.math.log(tf.cosh(x)))


DEATHS = [3.0, 0.0, 7.0]


def poisson_keras(rate):
    """Keras' Poisson loss of expected deaths against observed ones."""
    return keras.losses.Poisson(dtype=rate.dtype)(tf.constant(DEATHS, dtype=rate.dtype), rate)


AGE_SHARES = [0.2, 0.3, 0.5]


def kld_keras(q):
    """Keras' KLDivergence of a fitted age-at-death distribution q from the observed shares."""
    return keras.losses.KLDivergence(dtype=q.dtype)(tf.constant(AGE_SHARES, dtype=q.dtype), q)


def log_poisson_full(counts):
    """tf.nn.log_poisson_loss with Stirling's term, in the counts."""
    log_rate = tf.constant([0.5, 0.5, 0.5], dtype=counts.dtype)
    return tf.reduce_sum(tf.nn.log_poisson_loss(counts, log_rate, compute_full_loss=True))


# ------------------------------------------------------------------------------------------- Lee-Carter
LC_B = [0.5, 0.3, 0.2]
LC_EXPOSURE = [[1.0e4, 1.2e4, 1.5e4], [8.0e3, 9.0e3, 1.0e4], [2.0e3, 2.5e3, 3.0e3]]
LC_DEATHS = [[3.0, 2.0, 5.0], [40.0, 35.0, 30.0], [300.0, 280.0, 250.0]]


class LeeCarterTF(tf.Module):
    """log m_xt = a_x + b_x k_t, the period index k a fitted tf.Variable; the NLL's gradient given by hand."""

    def __init__(self, slip=False):
        super().__init__()
        self.kappa = tf.Variable([10.0, 0.0, -10.0], dtype=tf.float64, name="kappa")
        self.slip = slip

    def nll(self, a):
        kappa, slip = self.kappa, self.slip
        b = tf.constant(LC_B, dtype=tf.float64)
        log_e = tf.math.log(tf.constant(LC_EXPOSURE, dtype=tf.float64))
        deaths = tf.constant(LC_DEATHS, dtype=tf.float64)

        @tf.custom_gradient
        def poisson_nll(a):
            eta = a[:, None] + b[:, None] * kappa[None, :] + log_e
            m = tf.exp(eta)
            out = tf.reduce_sum(m - deaths * eta)

            def grad(dy, variables=None):
                r = m - deaths
                d_a = dy * tf.reduce_sum(r, axis=1)
                d_kappa = dy * tf.reduce_sum(r if slip else b[:, None] * r, axis=0)
                return d_a, [d_kappa]
            return out, grad
        return poisson_nll(a)


def lee_carter_tf(model, a):
    return model.nll(a)


def lee_carter_args():
    return {"model": LeeCarterTF(), "a": tf.constant([-6.0, -4.5, -2.0], dtype=tf.float64)}


def lee_carter_slip_args():
    return {"model": LeeCarterTF(slip=True), "a": tf.constant([-6.0, -4.5, -2.0], dtype=tf.float64)}


# ------------------------------------------------------------------------------------------- stereo
DISPARITIES = [0.0, 1.0, 2.0, 3.0]


def soft_argmin_lse(cost):
    """Soft-argmin with the softmin's normaliser by tf.math.reduce_logsumexp."""
    log_p = -cost - tf.math.reduce_logsumexp(-cost)
    return tf.reduce_sum(tf.exp(log_p) * tf.constant(DISPARITIES, dtype=cost.dtype))


def ssim_no_nan(x, y):
    """SSIM without constants, 0 where a patch pair is flat by tf.math.divide_no_nan."""
    mx, my = tf.reduce_mean(x), tf.reduce_mean(y)
    vx, vy = tf.reduce_mean((x - mx) ** 2), tf.reduce_mean((y - my) ** 2)
    cov = tf.reduce_mean((x - mx) * (y - my))
    return tf.math.divide_no_nan(4 * mx * my * cov, (mx ** 2 + my ** 2) * (vx + vy))
