"""A user's TensorFlow code, eighty-seventh round (d): differentiable physics with contact over a few unrolled
steps (dt = 1/64): a penalty contact k relu(-y)^p in a tf.while_loop (p = 1, 2) and in a Python loop under
tf.function (p = 1.5), a soft contact by tf.math.softplus and by log(1 + exp), Coulomb friction by tf.sign and
tf.tanh, a restitution bounce and a capped time of impact by tf.where, a symplectic Euler spring in a tf.while_loop,
the energy drift of an explicit Euler pendulum on a high pivot, a rope of springs by tf.norm, and the contact force
with tf.custom_gradient (right, and forgetting the contact indicator); the contacts gathered by tf.boolean_mask."""

import tensorflow as tf

DT = 0.015625  # 1/64 s
G = 9.81
K_CONTACT = 1000.0
STEPS = 4
EPS = 1e-3
MU = 0.5
E_REST = 0.8
T_MAX = 10.0
K_SPRING = 100.0
L = 0.5
K_ROPE = 50.0
REST = 0.25


def _drop(y0, v0, p):
    def body(i, y, v):
        force = -G + K_CONTACT * tf.nn.relu(-y) ** p
        v = v + DT * force
        return i + 1, y + DT * v, v

    _, y, v = tf.while_loop(lambda i, y, v: i < STEPS, body, (tf.constant(0), y0, v0))
    return tf.reduce_sum(y)


def drop_linear(y0, v0):
    return _drop(y0, v0, 1.0)


def drop_quadratic(y0, v0):
    return _drop(y0, v0, 2.0)


@tf.function
def drop_hertz(y0, v0):
    y, v = y0, v0
    for _ in range(STEPS):
        v = v + DT * (-G + K_CONTACT * tf.nn.relu(-y) ** 1.5)
        y = y + DT * v
    return tf.reduce_sum(y)


def soft_contact_naive(d):
    return tf.reduce_sum(EPS * tf.math.log(1.0 + tf.exp(-d / EPS)))


def soft_contact(d):
    return tf.reduce_sum(EPS * tf.math.softplus(-d / EPS))


def coulomb(v, fn):
    return tf.reduce_sum(MU * tf.abs(fn) * tf.sign(v))


def coulomb_smooth(v, fn):
    return tf.reduce_sum(MU * tf.abs(fn) * tf.tanh(v / EPS))


def bounce(y, v):
    v = tf.where(y <= 0.0, -E_REST * v, v)
    return tf.reduce_sum(y + DT * v)


def toi_capped(y, v):
    t = tf.where(v < 0.0, -y / v, T_MAX * tf.ones_like(v))
    return tf.reduce_sum(t)


def spring_symplectic(x0, v0):
    def body(i, x, v):
        v = v - DT * K_SPRING * x
        return i + 1, x + DT * v, v

    _, x, v = tf.while_loop(lambda i, x, v: i < STEPS, body, (tf.constant(0), x0, v0))
    return 0.5 * K_SPRING * x * x + 0.5 * v * v


def _energy(th, w, h):
    return 0.5 * L * L * w * w + G * (h - L * tf.cos(th))


def energy_drift(theta0, w0, h):
    th, w = theta0, w0
    for _ in range(STEPS):
        th, w = th + DT * w, w - DT * G / L * tf.sin(th)
    return (_energy(th, w, h) - _energy(theta0, w0, h)) ** 2


def rope_zero_rest(x):
    length = tf.norm(x[1:] - x[:-1], axis=-1)
    return tf.reduce_sum(0.5 * K_ROPE * length ** 2)


def rope(x):
    length = tf.norm(x[1:] - x[:-1], axis=-1)
    return tf.reduce_sum(0.5 * K_ROPE * (length - REST) ** 2)


@tf.custom_gradient
def contact_force(y):
    def grad(g):
        return -K_CONTACT * g * tf.cast(y < 0.0, g.dtype)

    return K_CONTACT * tf.maximum(-y, 0.0), grad


@tf.custom_gradient
def contact_force_bad(y):
    def grad(g):
        return -K_CONTACT * g

    return K_CONTACT * tf.maximum(-y, 0.0), grad


def step_custom(y, v):
    v = v + DT * (-G + contact_force(y))
    return tf.reduce_sum(y + DT * v)


def step_custom_bad(y, v):
    v = v + DT * (-G + contact_force_bad(y))
    return tf.reduce_sum(y + DT * v)


def contact_energy_masked(y):
    pen = tf.boolean_mask(y, y < 0.0)
    return 0.5 * K_CONTACT * tf.reduce_sum(pen ** 2)


def penalty_energy(y, p):
    return tf.reduce_sum(K_CONTACT * tf.nn.relu(-y) ** p)


RADIUS = 0.1


def pair_penalty(x):
    dist = tf.norm(x[:, None, :] - x[None, :, :], axis=-1)
    mask = 1.0 - tf.eye(tf.shape(x)[0], dtype=x.dtype)
    return tf.reduce_sum(mask * K_CONTACT * tf.nn.relu(2.0 * RADIUS - dist))


def trajectory_heights(y0, v0):
    """The heights of every step kept in a TensorArray; the loss sums them all."""
    heights = tf.TensorArray(y0.dtype, size=STEPS)
    y, v = y0, v0
    for i in range(STEPS):
        v = v + DT * (-G + K_CONTACT * tf.nn.relu(-y) ** 2)
        y = y + DT * v
        heights = heights.write(i, y)
    return tf.reduce_sum(heights.stack())


M, KD, T_OBS, X0, V0 = 1.0, 4.0, 0.5, 1.0, 0.0


def damped_cases(c):
    disc = c * c - 4.0 * M * KD
    a = c / (2.0 * M)
    w = tf.sqrt(-disc) / (2.0 * M)
    r = tf.sqrt(disc) / (2.0 * M)
    under = X0 * tf.cos(w * T_OBS) + (V0 + a * X0) * tf.sin(w * T_OBS) / w
    over = X0 * tf.cosh(r * T_OBS) + (V0 + a * X0) * tf.sinh(r * T_OBS) / r
    crit = X0 + (V0 + a * X0) * T_OBS
    return tf.exp(-a * T_OBS) * tf.where(disc < 0.0, under, tf.where(disc > 0.0, over, crit))


def drop_potential(y0, v0):
    y, v = y0, v0
    for _ in range(STEPS):
        with tf.GradientTape() as tape:
            tape.watch(y)
            u = tf.reduce_sum(G * y + 0.5 * K_CONTACT * tf.nn.relu(-y) ** 2)
        v = v - DT * tape.gradient(u, y)
        y = y + DT * v
    return tf.reduce_sum(y)


def toi_no_nan(y, v):
    return tf.reduce_sum(tf.math.divide_no_nan(-y, v))


@tf.function(jit_compile=True)
def drop_xla(y0, v0):
    y, v = y0, v0
    for _ in range(STEPS):
        v = v + DT * (-G + K_CONTACT * tf.nn.relu(-y))
        y = y + DT * v
    return tf.reduce_sum(y)


@tf.function
def drop_custom_bad(y0, v0):
    y, v = y0, v0
    for _ in range(STEPS):
        v = v + DT * (-G + contact_force_bad(y))
        y = y + DT * v
    return tf.reduce_sum(y)
