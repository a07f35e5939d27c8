"""A user's plain NumPy code, ninety-third round (d): a planar 2-link arm's inverse kinematics by np.arccos (raw and
np.clip'd), the end-effector error by np.linalg.norm, quaternion slerp (raw and with the usual Python branch to lerp
for nearly equal quaternions), the manipulability by np.linalg.det, damped least squares by np.linalg.solve and by
np.linalg.pinv, a potential field, a collision penalty, a finite-horizon LQR cost with saturated controls, a PD
controller with a deadband, and scipy's Rotation."""

import numpy as np

L1, L2 = 1.0, 0.5
TARGET = np.array([1.5, 0.0])
Q0 = np.array([1.0, 0.0, 0.0, 0.0])
W_QUAT = np.array([0.5, -1.0, 2.0, 0.25])
E_TASK = np.array([0.25, -0.5])
W_DQ = np.array([1.0, -2.0])
ETA, D0 = 2.0, 0.5
R_SAFE = 0.5
A = np.array([[1.0, 0.5], [0.0, 1.0]])
B = np.array([0.125, 0.5])
X0 = np.array([1.0, 0.0])
R_U = 0.25
U_MAX = 1.0
Q_GOAL = np.array([1.0, -0.5])
KP, KD, DEADBAND = 4.0, 0.5, 0.125


# ----------------------------------------------------------------------------------------- inverse kinematics
def _cos_elbow(p):
    return (p[0] ** 2 + p[1] ** 2 - L1 ** 2 - L2 ** 2) / (2 * L1 * L2)


def elbow_angle(p):
    return np.arccos(_cos_elbow(p))


def elbow_clipped(p):
    return np.arccos(np.clip(_cos_elbow(p), -1.0, 1.0))


# ----------------------------------------------------------------------------------------- forward kinematics
def fk(q):
    return np.array([L1 * np.cos(q[0]) + L2 * np.cos(q[0] + q[1]),
                     L1 * np.sin(q[0]) + L2 * np.sin(q[0] + q[1])])


def fk_error(q):
    return np.linalg.norm(fk(q) - TARGET)


# ----------------------------------------------------------------------------------------- orientation
def slerp_loss(q1, t):
    dot = np.clip(np.dot(Q0, q1), -1.0, 1.0)
    theta = np.arccos(dot)
    s = np.sin(theta)
    q = np.sin((1 - t) * theta) / s * Q0 + np.sin(t * theta) / s * q1
    return np.dot(q, W_QUAT)


def slerp_branch(q1, t):
    """The textbook slerp: nearly equal quaternions are lerped and renormalised."""
    dot = np.dot(Q0, q1)
    if dot > 0.9995:
        q = Q0 + t * (q1 - Q0)
        return np.dot(q / np.linalg.norm(q), W_QUAT)
    theta = np.arccos(dot)
    s = np.sin(theta)
    q = np.sin((1 - t) * theta) / s * Q0 + np.sin(t * theta) / s * q1
    return np.dot(q, W_QUAT)


def rotation_angle(q1):
    """The angle of q1 (x, y, z, w) by scipy's Rotation."""
    from scipy.spatial.transform import Rotation
    return np.linalg.norm(Rotation.from_quat(q1).as_rotvec())


# ----------------------------------------------------------------------------------------- Jacobian measures
def jacobian(q):
    s1, c1 = np.sin(q[0]), np.cos(q[0])
    s12, c12 = np.sin(q[0] + q[1]), np.cos(q[0] + q[1])
    return np.array([[-L1 * s1 - L2 * s12, -L2 * s12],
                     [L1 * c1 + L2 * c12, L2 * c12]])


def manipulability(q):
    J = jacobian(q)
    return np.sqrt(np.linalg.det(J @ J.T))


def dls_step(q, lam):
    J = jacobian(q)
    dq = J.T @ np.linalg.solve(J @ J.T + lam ** 2 * np.eye(2), E_TASK)
    return np.dot(dq, W_DQ)


def pinv_step(q):
    dq = np.linalg.pinv(jacobian(q)) @ E_TASK
    return np.dot(dq, W_DQ)


# ----------------------------------------------------------------------------------------- obstacles
def potential(p):
    d = np.linalg.norm(p)
    if d >= D0:
        return 0.0 * d
    return 0.5 * ETA * (1 / d - 1 / D0) ** 2


def collision_sq(p):
    d = np.linalg.norm(p)
    return np.maximum(R_SAFE - d, 0.0) ** 2


# ----------------------------------------------------------------------------------------- control
def _rollout_cost(u_applied):
    x, cost = X0, 0.0
    for k in range(len(u_applied)):
        x = A @ x + B * u_applied[k]
        cost = cost + x @ x + R_U * u_applied[k] ** 2
    return cost


def lqr_tanh(u):
    return _rollout_cost(U_MAX * np.tanh(u / U_MAX))


def lqr_clip(u):
    return _rollout_cost(np.clip(u, -U_MAX, U_MAX))


def pd_effort(q, qd):
    e = Q_GOAL - q
    db = np.where(np.abs(e) < DEADBAND, 0.0, e - np.sign(e) * DEADBAND)
    tau = KP * db - KD * qd
    return np.sum(tau ** 2)
