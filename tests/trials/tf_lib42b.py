"""A user's TensorFlow code, forty-second round (b): actuarial science and credit risk. An annuity-immediate's
present value by its closed form (1 - v^n) / i and by a tf.math.cumprod of discount factors, the same behind a
tf.custom_gradient (right: the modified duration; and with the Macaulay duration written in its place), a bond book
priced off a tf.Module credit curve whose spread is a tf.Variable, its gradient given through variables= (right, and
with the maturities forgotten), a life table's log survival carried by tf.scan and by a cumulative sum, Vasicek's
worst-case default rate (Basel's IRB formula) by tf.math.ndtri and erfc, a claims-frequency Conv1D under Keras'
Poisson loss, and an internal rate of return by Newton's method in a tf.while_loop inside tf.function."""

import math

import keras
import tensorflow as tf

# ------------------------------------------------------------------------------------------- annuities
TERM = 30  # years


def annuity_naive(i):
    """Present value of 1 a year for TERM years at interest i: (1 - v^n) / i."""
    return (1 - (1 + i) ** -TERM) / i


def annuity_cumprod(i):
    """The same summed: v + v^2 + ... + v^n, the discount factors by a running product."""
    v = tf.fill([TERM], 1 / (1 + i))
    return tf.reduce_sum(tf.math.cumprod(v))


@tf.custom_gradient
def annuity_factor(i):
    """sum_k v^k, its slope minus the modified duration times the price: -sum_k k v^(k + 1)."""
    v = 1 / (1 + i)
    k = tf.range(1, TERM + 1, dtype=i.dtype)

    def grad(dy):
        return dy * -tf.reduce_sum(k * v ** (k + 1))
    return tf.reduce_sum(v ** k), grad


@tf.custom_gradient
def annuity_factor_macaulay(i):
    """The same, its slope written with the Macaulay duration: the modified duration's 1 / (1 + i) forgotten."""
    v = 1 / (1 + i)
    k = tf.range(1, TERM + 1, dtype=i.dtype)

    def grad(dy):
        return dy * -tf.reduce_sum(k * v ** k)
    return tf.reduce_sum(v ** k), grad


def annuity_custom(i):
    return annuity_factor(i)


def annuity_macaulay(i):
    return annuity_factor_macaulay(i)


# ------------------------------------------------------------------------------------------- a bond book
MATURITIES = [1.0, 2.0, 5.0, 10.0]


class CreditCurve(tf.Module):
    """Zero-coupon bonds discounted at the risk-free rate plus the issuer's credit spread (a trained variable)."""

    def __init__(self, spread, slip=False):
        super().__init__()
        self.spread = tf.Variable(spread, dtype=tf.float64, name="spread")
        self.slip = slip

    def price(self, rate):
        spread, slip = self.spread, self.slip

        @tf.custom_gradient
        def book_value(rate):
            t = tf.constant(MATURITIES, dtype=rate.dtype)
            p = tf.exp(-(rate + spread) * t)

            def grad(dy, variables=None):
                d_rate = -tf.reduce_sum(t * p)
                d_spread = -tf.reduce_sum(p) if slip else -tf.reduce_sum(t * p)
                return dy * d_rate, [dy * d_spread]
            return tf.reduce_sum(p), grad
        return book_value(rate)


def book_value(curve, rate):
    return curve.price(rate)


def curve_args():
    return {"curve": CreditCurve(0.02), "rate": tf.constant(0.03, dtype=tf.float64)}


def curve_slip_args():
    return {"curve": CreditCurve(0.02, slip=True), "rate": tf.constant(0.03, dtype=tf.float64)}


def curve_book():
    """The same book, for a second look at the curve."""
    return curve_args()


# ------------------------------------------------------------------------------------------- life tables
def log_survival_scan(hazard):
    """log of the probability of surviving each year's force of mortality, carried year by year."""
    survival = tf.scan(lambda s, h: s * tf.exp(-h), hazard, initializer=tf.constant(1.0, dtype=hazard.dtype))
    return tf.math.log(survival[-1])


def log_survival_cumsum(hazard):
    return -tf.math.cumsum(hazard)[-1]


# ------------------------------------------------------------------------------------------- credit risk
Q999 = 3.090232306167813  # the standard normal's 99.9% quantile


def worst_case_default_rate(pd, rho):
    """Vasicek's conditional default rate at the 99.9% systematic shock (Basel IRB)."""
    x = (tf.math.ndtri(pd) + tf.sqrt(rho) * Q999) / tf.sqrt(1 - rho)
    return 0.5 * tf.math.erfc(-x / math.sqrt(2.0))


EXPOSURE = [1.0, 2.0, 0.5, 3.0, 1.5]
CLAIMS = [0.0, 2.0, 1.0, 4.0, 1.0]


def claims_poisson(conv, exposure, claims):
    """A claims-frequency model: a Conv1D over policy-years of exposure, a softplus rate, Keras' Poisson loss."""
    rate = tf.math.softplus(conv(exposure))
    return keras.losses.Poisson(dtype="float64")(claims, rate)


def claims_args():
    conv = keras.layers.Conv1D(1, 3, padding="same", dtype="float64")
    conv.build((None, len(EXPOSURE), 1))
    conv.kernel.assign(tf.constant([[[0.3]], [[0.5]], [[0.2]]], dtype=tf.float64))
    conv.bias.assign(tf.constant([-0.2], dtype=tf.float64))
    return {"conv": conv, "exposure": tf.constant([[[v] for v in EXPOSURE]], dtype=tf.float64),
            "claims": tf.constant([[[v] for v in CLAIMS]], dtype=tf.float64)}


# ------------------------------------------------------------------------------------------- project finance
@tf.function
def internal_rate(cashflows):
    """The rate at which the cash flows' net present value is 0, by 30 Newton steps from 10%."""
    k = tf.range(tf.shape(cashflows)[0], dtype=cashflows.dtype)

    def step(n, r):
        v = 1 / (1 + r)
        npv = tf.reduce_sum(cashflows * v ** k)
        slope = -tf.reduce_sum(k * cashflows * v ** (k + 1))
        return n + 1, r - npv / slope

    _, rate = tf.while_loop(lambda n, r: n < 30, step, (tf.constant(0), tf.constant(0.1, dtype=cashflows.dtype)))
    return rate
