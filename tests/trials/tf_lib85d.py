"""A user's TensorFlow code, eighty-fifth round (d): molecular mechanics energies in reduced units: Lennard-Jones
(plain and over a masked distance matrix by tf.where and tf.norm), Ewald's real space by tf.math.erfc, a bond through
the minimum image by tf.round, a position restraint by tf.norm, a linear angle by tf.acos, Morse, and a harmonic bond
with its analytic force by tf.custom_gradient."""

import math

import tensorflow as tf

EPS, SIG, Q, BOX = 1.0, 1.0, 2.0, 10.0
K_BOND, R0 = 2.0, 1.5
K_ANG = 3.0
D_M, A_M, R0_M = 2.0, 1.5, 1.0
XREF = [0.5, -1.0, 2.0]


def lj(r):
    sr6 = (SIG / r) ** 6
    return 4 * EPS * (sr6 * sr6 - sr6)


def lj_pairs(x):
    r = tf.norm(x[:, None, :] - x[None, :, :], axis=-1)
    mask = tf.logical_not(tf.eye(3, dtype=tf.bool))
    return 0.5 * tf.reduce_sum(tf.where(mask, lj(r), tf.zeros_like(r)))


def ewald_real(r, alpha):
    return Q * tf.math.erfc(alpha * r) / r


def mic_bond(x):
    d = x[0] - x[1]
    d = d - BOX * tf.round(d / BOX)
    return K_BOND * (tf.norm(d) - R0) ** 2


def restraint(x):
    return K_BOND * tf.norm(x - tf.constant(XREF, dtype=x.dtype)) ** 2


def linear_acos(x):
    a, b = x[0] - x[1], x[2] - x[1]
    theta = tf.acos(tf.reduce_sum(a * b) / (tf.norm(a) * tf.norm(b)))
    return K_ANG * (theta - math.pi) ** 2


def morse(r):
    return D_M * (1 - tf.exp(-A_M * (r - R0_M))) ** 2


@tf.custom_gradient
def bond(x):
    d = x[0] - x[1]
    r = tf.norm(d)

    def grad(dy):
        f = 2 * K_BOND * (r - R0) * d / r
        return dy * tf.stack([f, -f])

    return K_BOND * (r - R0) ** 2, grad
