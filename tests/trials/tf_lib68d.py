"""A user's TensorFlow code, sixty-eighth round (d): 3-D geometry, rotations and simple physics as graphics code
writes it in TensorFlow. tf.math.l2_normalize of a quaternion, Rodrigues' rotation by sin(t)/t and (1 - cos t)/t^2,
with a Taylor switch by one tf.where and with the double where around tf.norm, the SO(3) angle by acos of a clipped
trace, the angle between vectors by acos(clip) and by atan2(|a x b|, a.b), tf.math.atan2 at the origin, a sphere SDF,
pairwise distances by hand, the Chamfer distance by tf.reduce_min, a zero-rest-length spring, pairwise gravity and
two Verlet steps."""
import tensorflow as tf

V3 = [1.0, 2.0, 3.0]
W3 = [1.0, -2.0, 0.5]
W4 = [0.5, -1.0, 2.0, 0.25]


def _c(values, like):
    return tf.constant(values, dtype=like.dtype)


def skew(v):
    z = tf.zeros((), dtype=v.dtype)
    return tf.stack([tf.stack([z, -v[2], v[1]]),
                     tf.stack([v[2], z, -v[0]]),
                     tf.stack([-v[1], v[0], z])])


def quat_l2_normalize(q):
    """tf.math.l2_normalize: x * rsqrt(max(sum(x^2), 1e-12))."""
    return tf.reduce_sum(_c(W4, q) * tf.math.l2_normalize(q))


def rodrigues_coeff(w):
    theta = tf.norm(w)
    A = tf.sin(theta) / theta
    B = (1 - tf.cos(theta)) / theta ** 2
    Wx = skew(w)
    R = tf.eye(3, dtype=w.dtype) + A * Wx + B * tf.matmul(Wx, Wx)
    return tf.tensordot(_c(W3, w), tf.linalg.matvec(R, _c(V3, w)), 1)


def rodrigues_taylor(w):
    """One tf.where: v + w x v below 1e-6."""
    v = _c(V3, w)
    theta = tf.norm(w)
    small = v + tf.linalg.cross(w, v)
    k = w / theta
    full = (v * tf.cos(theta) + tf.linalg.cross(k, v) * tf.sin(theta)
            + k * tf.tensordot(k, v, 1) * (1 - tf.cos(theta)))
    return tf.tensordot(_c(W3, w), tf.where(theta < 1e-6, small, full), 1)


def rodrigues_safe_norm(w):
    """The double where around theta = tf.norm(w)."""
    v = _c(V3, w)
    theta = tf.norm(w)
    small_angle = theta < 1e-6
    th = tf.where(small_angle, tf.ones_like(theta), theta)
    k = w / th
    full = (v * tf.cos(th) + tf.linalg.cross(k, v) * tf.sin(th)
            + k * tf.tensordot(k, v, 1) * (1 - tf.cos(th)))
    small = v + tf.linalg.cross(w, v)
    return tf.tensordot(_c(W3, w), tf.where(small_angle, small, full), 1)


def so3_log_angle(R):
    return tf.acos(tf.clip_by_value((tf.linalg.trace(R) - 1) / 2, -1.0, 1.0))


def angle_acos(a, b):
    cos = tf.tensordot(a, b, 1) / (tf.norm(a) * tf.norm(b))
    return tf.acos(tf.clip_by_value(cos, -1.0, 1.0))


def angle_atan2(a, b):
    return tf.math.atan2(tf.norm(tf.linalg.cross(a, b)), tf.tensordot(a, b, 1))


def atan2_yx(y, x):
    return tf.math.atan2(y, x)


def sphere_sdf(p):
    return tf.norm(p - _c(V3, p)) - 0.5


def pairwise(x):
    d2 = tf.reduce_sum(tf.square(x[:, None, :] - x[None, :, :]), axis=-1)
    return tf.reduce_sum(tf.sqrt(d2))


B_PTS = [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]]


def chamfer(a):
    d = tf.reduce_sum(tf.square(a[:, None, :] - _c(B_PTS, a)[None, :, :]), axis=-1)
    return tf.reduce_sum(tf.reduce_min(d, axis=1)) + tf.reduce_sum(tf.reduce_min(d, axis=0))


def spring_zero_rest(x):
    return 10.0 * tf.norm(x[0] - x[1]) ** 2


def gravity(x):
    m = [1.0, 2.0, 3.0]
    energy = tf.zeros((), dtype=x.dtype)
    for i in range(3):
        for j in range(i + 1, 3):
            energy -= m[i] * m[j] / tf.norm(x[i] - x[j])
    return energy


def verlet(x0):
    dt = 0.125
    v0 = _c([0.0, 1.0], x0)

    def acc(x):
        return -x / tf.norm(x) ** 3

    x1 = x0 + v0 * dt + 0.5 * acc(x0) * dt ** 2
    x2 = 2 * x1 - x0 + acc(x1) * dt ** 2
    return x2[0] - 2 * x2[1]
