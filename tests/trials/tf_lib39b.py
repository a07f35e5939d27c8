"""A user's TensorFlow code, thirty-ninth round (b): vapour pressure. Antoine's law and its log by log(10^x) (which
underflows near the pole) and by x ln 10, Clausius-Clapeyron's saturation pressure and a tf.custom_gradient for it
(right, and with the latent heat's 1/T^2 written 1/T), a relative humidity clipped at saturation by tf.minimum (a
kink at exactly 100%), and Tetens' formula inside a tf.function."""

import math

import tensorflow as tf

ANTOINE_A, ANTOINE_B, ANTOINE_C = 8.07131, 1730.63, 233.426  # water, mmHg and degrees C
LATENT_R = 5423.0  # L / R_v, kelvin
P_REF, T_REF = 611.0, 273.15


def antoine(t):
    """Water's vapour pressure in mmHg at t degrees C."""
    return 10.0 ** (ANTOINE_A - ANTOINE_B / (ANTOINE_C + t))


def log_antoine(t):
    return tf.math.log(10.0 ** (ANTOINE_A - ANTOINE_B / (ANTOINE_C + t)))


def log_antoine_stable(t):
    return (ANTOINE_A - ANTOINE_B / (ANTOINE_C + t)) * math.log(10.0)


def saturation(temp):
    """Clausius-Clapeyron: p_ref exp(L/R_v (1/T_ref - 1/T))."""
    return P_REF * tf.exp(LATENT_R * (1 / T_REF - 1 / temp))


@tf.custom_gradient
def saturation_custom(temp):
    p = P_REF * tf.exp(LATENT_R * (1 / T_REF - 1 / temp))

    def grad(upstream):
        return upstream * p * LATENT_R / temp ** 2
    return p, grad


@tf.custom_gradient
def saturation_slip(temp):
    p = P_REF * tf.exp(LATENT_R * (1 / T_REF - 1 / temp))

    def grad(upstream):
        return upstream * p * LATENT_R / temp
    return p, grad


def relative_humidity(vapour, temp):
    """Vapour pressure over saturation, clipped at 1 (supersaturation condenses)."""
    return tf.minimum(vapour / saturation(temp), 1.0)


@tf.function
def tetens(t):
    """Tetens' saturation pressure in kPa at t degrees C, in a graph."""
    return 0.61078 * tf.exp(17.27 * t / (t + 237.3))


MAGNUS_A, MAGNUS_B = 17.27, 237.7


def dew_point(t, rh):
    """The Magnus dew point in degrees C from the temperature and the relative humidity (0..1]."""
    gamma = tf.math.log(rh) + MAGNUS_A * t / (MAGNUS_B + t)
    return MAGNUS_B * gamma / (MAGNUS_A - gamma)


def buck_pressure(t):
    """Buck's saturation pressure in kPa, over ice below 0 C and over water above."""
    water = 0.61121 * tf.exp((18.678 - t / 234.5) * (t / (257.14 + t)))
    ice = 0.61115 * tf.exp((23.036 - t / 333.7) * (t / (279.82 + t)))
    return tf.where(t < 0.0, ice, water)
