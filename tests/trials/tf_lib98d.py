"""A user's TensorFlow code, ninety-eighth round (d): physics-informed losses and differentiable simulation: explicit
Euler on the stiff decay and Euler's amplification over the exact decay, a state normalised by tf.norm and by
tf.math.l2_normalize, a heat-equation residual, a PINN residual of a tiny tanh MLP with u' by a nested
tf.GradientTape, an adaptive Heun step clipped by tf.clip_by_value, a log-barrier, and a tf.custom_gradient adjoint
of one Euler step (right, and with dt forgotten)."""

import tensorflow as tf

DT = 0.125
T_END = 4 * DT
XC = [0.25, 0.5, 0.75]
V_OUT = [0.5, -0.25]
DX = 0.25
U_PREV = [0.0, 0.25, 0.5, 0.75, 1.0]
TOL = 2.0 ** -10
MU = 0.125
TARGET = [1.0, 1.0]
W_OBS = [0.5, -0.25]


def _t(values, like):
    return tf.constant(values, dtype=like.dtype)


def euler_decay(y0, k):
    y = y0
    for _ in range(4):
        y = y + DT * (-k * y)
    return y


def euler_log_error(k):
    y = euler_decay(tf.ones_like(k), k)
    return tf.math.log(tf.abs(y) / tf.exp(-k * T_END))


def unit_state(s):
    return tf.reduce_sum(_t(W_OBS, s) * s / tf.norm(s))


def unit_state_l2(s):
    """tf.math.l2_normalize: s * rsqrt(max(sum s^2, 1e-12))."""
    return tf.reduce_sum(_t(W_OBS, s) * tf.math.l2_normalize(s))


def heat_loss(u):
    lap = (u[2:] - 2 * u[1:-1] + u[:-2]) / DX ** 2
    r = (u[1:-1] - _t(U_PREV, u)[1:-1]) / DT - lap
    return tf.reduce_mean(r ** 2)


def pinn_loss(w, b):
    """u' + u = 0 at the collocation points, u' by an inner GradientTape."""
    x = _t(XC, w)
    with tf.GradientTape() as inner:
        inner.watch(x)
        u = tf.reduce_sum(_t(V_OUT, w) * tf.tanh(w * x[:, None] + b), axis=1)
    du = inner.gradient(u, x)
    return tf.reduce_mean((du + u) ** 2)


def adaptive_heun(k):
    y0 = 1.0
    y_e = y0 + DT * (-k * y0)
    y_h = y0 + DT / 2 * (-k * y0 - k * y_e)
    err = tf.abs(y_h - y_e)
    fac = tf.clip_by_value(0.875 * (TOL / err) ** 0.2, 0.25, 4.0)
    return y_h * (1.0 - DT * fac * k)


def barrier(x):
    return tf.reduce_sum((x - _t(TARGET, x)) ** 2) - MU * tf.math.log(1.0 - tf.reduce_sum(x ** 2))


@tf.custom_gradient
def euler_step(y, k):
    def grad(g):
        return g * (1.0 - DT * k), -g * DT * y
    return y - DT * k * y, grad


@tf.custom_gradient
def euler_step_bad(y, k):
    def grad(g):
        return g * (1.0 - DT * k), -g * y
    return y - DT * k * y, grad


def adjoint_rollout(y0, k):
    y = y0
    for _ in range(4):
        y = euler_step(y, k)
    return y ** 2


def adjoint_rollout_bad(y0, k):
    y = y0
    for _ in range(4):
        y = euler_step_bad(y, k)
    return y ** 2


def pinn_loss2(w, b):
    """u'' + 4 u = 0, u'' by two nested GradientTapes."""
    x = _t(XC, w)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            u = tf.reduce_sum(_t(V_OUT, w) * tf.tanh(w * x[:, None] + b), axis=1)
        du = inner.gradient(u, x)
    d2u = outer.gradient(du, x)
    return tf.reduce_mean((d2u + 4.0 * u) ** 2)


def clamped_step(y0, dt):
    h = tf.clip_by_value(dt, 2.0 ** -6, 0.25)
    y = y0
    for _ in range(4):
        y = y - h * 8.0 * y
    return y
