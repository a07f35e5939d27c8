"""A user's TensorFlow code, ninety-third round (d): a planar 2-link arm's inverse kinematics by tf.math.acos (raw,
tf.clip_by_value to [-1, 1], a tf.custom_gradient "safe" acos passing the gradient through its clamp, and a wrong
one), the end-effector error by tf.norm, quaternion slerp (raw and where-guarded), the manipulability by
tf.linalg.det, damped least squares by tf.linalg.inv and tf.linalg.lstsq, a potential field, a collision penalty by
tf.nn.relu, a finite-horizon LQR cost with saturated controls and a PD controller with a deadband."""

import tensorflow as tf

L1, L2 = 1.0, 0.5
TARGET = [1.5, 0.0]
Q0 = [1.0, 0.0, 0.0, 0.0]
W_QUAT = [0.5, -1.0, 2.0, 0.25]
E_TASK = [0.25, -0.5]
W_DQ = [1.0, -2.0]
ETA, D0 = 2.0, 0.5
R_SAFE = 0.5
A = [[1.0, 0.5], [0.0, 1.0]]
B = [0.125, 0.5]
X0 = [1.0, 0.0]
R_U = 0.25
U_MAX = 1.0
Q_GOAL = [1.0, -0.5]
KP, KD, DEADBAND = 4.0, 0.5, 0.125
SAFE_EPS = 1e-6


def _t(values, like):
    return tf.constant(values, dtype=like.dtype)


# ----------------------------------------------------------------------------------------- inverse kinematics
def _cos_elbow(p):
    return (p[0] ** 2 + p[1] ** 2 - L1 ** 2 - L2 ** 2) / (2 * L1 * L2)


def elbow_angle(p):
    return tf.math.acos(_cos_elbow(p))


def elbow_clipped(p):
    return tf.math.acos(tf.clip_by_value(_cos_elbow(p), -1.0, 1.0))


@tf.custom_gradient
def safe_acos(x):
    xc = tf.clip_by_value(x, -1.0 + SAFE_EPS, 1.0 - SAFE_EPS)

    def grad(dy):
        return -dy / tf.sqrt(1.0 - xc ** 2)
    return tf.math.acos(xc), grad


@tf.custom_gradient
def bad_acos(x):
    def grad(dy):
        return -dy / (1.0 - x ** 2)
    return tf.math.acos(x), grad


def elbow_safe(p):
    return safe_acos(_cos_elbow(p))


def elbow_bad(p):
    return bad_acos(_cos_elbow(p))


# ----------------------------------------------------------------------------------------- forward kinematics
def fk(q):
    return tf.stack([L1 * tf.cos(q[0]) + L2 * tf.cos(q[0] + q[1]),
                     L1 * tf.sin(q[0]) + L2 * tf.sin(q[0] + q[1])])


def fk_error(q):
    return tf.norm(fk(q) - _t(TARGET, q))


# ----------------------------------------------------------------------------------------- orientation
def slerp_loss(q1, t):
    q0 = _t(Q0, q1)
    dot = tf.clip_by_value(tf.reduce_sum(q0 * q1), -1.0, 1.0)
    theta = tf.math.acos(dot)
    s = tf.sin(theta)
    q = tf.sin((1 - t) * theta) / s * q0 + tf.sin(t * theta) / s * q1
    return tf.reduce_sum(q * _t(W_QUAT, q1))


def slerp_where(q1, t):
    q0 = _t(Q0, q1)
    dot = tf.clip_by_value(tf.reduce_sum(q0 * q1), -1.0, 1.0)
    theta = tf.math.acos(dot)
    s = tf.sin(theta)
    q_slerp = tf.sin((1 - t) * theta) / s * q0 + tf.sin(t * theta) / s * q1
    q_lerp = (1 - t) * q0 + t * q1
    q = tf.where(theta < 1e-6, q_lerp, q_slerp)
    return tf.reduce_sum(q * _t(W_QUAT, q1))


# ----------------------------------------------------------------------------------------- Jacobian measures
def jacobian(q):
    s1, c1 = tf.sin(q[0]), tf.cos(q[0])
    s12, c12 = tf.sin(q[0] + q[1]), tf.cos(q[0] + q[1])
    return tf.stack([tf.stack([-L1 * s1 - L2 * s12, -L2 * s12]),
                     tf.stack([L1 * c1 + L2 * c12, L2 * c12])])


def manipulability(q):
    J = jacobian(q)
    return tf.sqrt(tf.linalg.det(tf.matmul(J, J, transpose_b=True)))


def dls_step(q, lam):
    J = jacobian(q)
    M = tf.matmul(J, J, transpose_b=True) + lam ** 2 * tf.eye(2, dtype=q.dtype)
    dq = tf.linalg.matvec(tf.transpose(J), tf.linalg.matvec(tf.linalg.inv(M), _t(E_TASK, q)))
    return tf.reduce_sum(dq * _t(W_DQ, q))


# ----------------------------------------------------------------------------------------- obstacles
def potential(p):
    d = tf.norm(p)
    return 0.5 * ETA * tf.where(d < D0, (1 / d - 1 / D0) ** 2, tf.zeros_like(d))


def collision_sq(p):
    d = tf.norm(p)
    return tf.nn.relu(R_SAFE - d) ** 2


# ----------------------------------------------------------------------------------------- control
def _rollout_cost(u_applied):
    A_, B_ = _t(A, u_applied), _t(B, u_applied)
    x, cost = _t(X0, u_applied), 0.0
    for k in range(u_applied.shape[0]):
        x = tf.linalg.matvec(A_, x) + B_ * u_applied[k]
        cost = cost + tf.reduce_sum(x * x) + R_U * u_applied[k] ** 2
    return cost


def lqr_tanh(u):
    return _rollout_cost(U_MAX * tf.tanh(u / U_MAX))


def lqr_clip(u):
    return _rollout_cost(tf.clip_by_value(u, -U_MAX, U_MAX))


def pd_effort(q, qd):
    e = _t(Q_GOAL, q) - q
    db = tf.where(tf.abs(e) < DEADBAND, tf.zeros_like(e), e - tf.sign(e) * DEADBAND)
    tau = KP * db - KD * qd
    return tf.reduce_sum(tau ** 2)


def dls_lstsq(q):
    """TensorFlow's regularised least squares: min |J dq - e|^2 + lambda^2 |dq|^2, lambda = 0.1."""
    dq = tf.linalg.lstsq(jacobian(q), tf.reshape(_t(E_TASK, q), (2, 1)), l2_regularizer=0.01)
    return tf.reduce_sum(tf.reshape(dq, (2,)) * _t(W_DQ, q))
