"""A user's TensorFlow code, sixty-ninth round (d): scientific ML as users write it in TensorFlow. Explicit Euler for
a stiff decay in tf.while_loop, RK4 for the logistic equation as a Python loop inside a tf.function, velocity Verlet
for an oscillator, a fixed point x = tanh(W x + b) with an implicit-function tf.custom_gradient (sign slipped and
right), and a steady heat equation by tf.linalg.solve."""
import tensorflow as tf

W = [[0.1, -0.15, 0.05], [0.2, 0.05, -0.1], [-0.05, 0.15, 0.1]]
C = [1.0, -2.0, 0.5]


def euler_decay(k):
    """y' = -k y, y(0) = 1: explicit Euler, dt = 0.05, 40 steps in tf.while_loop."""
    dt = 0.05
    _, y = tf.while_loop(lambda i, y: i < 40, lambda i, y: (i + 1, y - dt * k * y), (tf.constant(0), tf.ones_like(k)))
    return y


@tf.function
def rk4_logistic(r):
    dt = 0.1
    y = 0.1 * tf.ones_like(r)
    for _ in range(50):
        k1 = r * y * (1 - y)
        y2 = y + 0.05 * k1
        k2 = r * y2 * (1 - y2)
        y3 = y + 0.05 * k2
        k3 = r * y3 * (1 - y3)
        y4 = y + dt * k3
        k4 = r * y4 * (1 - y4)
        y = y + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
    return y


def verlet(w):
    """Velocity Verlet, dt = 0.25, 40 steps: the final position."""
    dt = 0.25
    x, v = tf.ones_like(w), tf.zeros_like(w)
    for _ in range(40):
        v = v - 0.125 * w ** 2 * x
        x = x + dt * v
        v = v - 0.125 * w ** 2 * x
    return x


def _solve_fp(b):
    Wt = tf.constant(W, dtype=b.dtype)
    x = tf.zeros_like(b)
    for _ in range(30):
        x = tf.tanh(tf.linalg.matvec(Wt, x) + b)
    return x


@tf.custom_gradient
def fixed_point_sign(b):
    x = _solve_fp(b)

    def grad(g):
        d = 1 - x ** 2
        J = d[:, None] * tf.constant(W, dtype=b.dtype)
        v = tf.linalg.solve(tf.transpose(tf.eye(3, dtype=b.dtype) + J), g[:, None])[:, 0]  # sign slipped
        return d * v

    return x, grad


@tf.custom_gradient
def fixed_point(b):
    x = _solve_fp(b)

    def grad(g):
        d = 1 - x ** 2
        J = d[:, None] * tf.constant(W, dtype=b.dtype)
        v = tf.linalg.solve(tf.transpose(tf.eye(3, dtype=b.dtype) - J), g[:, None])[:, 0]
        return d * v

    return x, grad


def fp_implicit_sign(b):
    return tf.reduce_sum(tf.constant(C, dtype=b.dtype) * fixed_point_sign(b))


def fp_implicit(b):
    return tf.reduce_sum(tf.constant(C, dtype=b.dtype) * fixed_point(b))


def fp_unrolled(b):
    return tf.reduce_sum(tf.constant(C, dtype=b.dtype) * _solve_fp(b))


def heat_mean(kappa):
    h2 = (1.0 / 6.0) ** 2
    main = (kappa[:-1] + kappa[1:]) / h2
    off = -kappa[1:-1] / h2
    A = tf.linalg.diag(main) + tf.linalg.diag(off, k=1) + tf.linalg.diag(off, k=-1)
    u = tf.linalg.solve(A, tf.ones((5, 1), dtype=kappa.dtype))
    return tf.reduce_mean(u)
