"""A user's JAX code, ninety-third round (d): the losses robotics people differentiate on a planar 2-link arm: inverse
kinematics by the law of cosines (raw, clipped to [-1, 1], clipped to 1 - 1e-7, through a custom_vjp "safe" arccos
and a wrong one), the forward kinematics' end-effector error, quaternion slerp (raw, where-guarded, guarded twice),
the manipulability sqrt(det(J J^T)) and its log, damped least squares, pinv, slerp to -q0, an artificial potential
field, a collision penalty, a finite-horizon LQR cost with saturated controls, a PD controller with a deadband, and
jax.scipy's Rotation."""

import jax
import jax.numpy as jnp

L1, L2 = 1.0, 0.5  # link lengths: full reach 1.5
TARGET = jnp.array([1.5, 0.0])  # reached at q = [0, 0]
Q_REF = jnp.array([0.25, 1.0])
Q0 = jnp.array([1.0, 0.0, 0.0, 0.0])  # the start orientation (w, x, y, z)
W_QUAT = jnp.array([0.5, -1.0, 2.0, 0.25])
E_TASK = jnp.array([0.25, -0.5])  # the task-space error damped least squares moves by
W_DQ = jnp.array([1.0, -2.0])
OBST = jnp.array([0.0, 0.0])
ETA, D0 = 2.0, 0.5  # potential gain and influence distance
R_SAFE = 0.5
A = jnp.array([[1.0, 0.5], [0.0, 1.0]])  # a double integrator, dt = 0.5
B = jnp.array([0.125, 0.5])
X0 = jnp.array([1.0, 0.0])
R_U = 0.25
U_MAX = 1.0
Q_GOAL = jnp.array([1.0, -0.5])
KP, KD, DEADBAND = 4.0, 0.5, 0.125


# ----------------------------------------------------------------------------------------- inverse kinematics
def _cos_elbow(p):
    return (p[0] ** 2 + p[1] ** 2 - L1 ** 2 - L2 ** 2) / (2 * L1 * L2)


def elbow_angle(p):
    """The elbow angle by the law of cosines."""
    return jnp.arccos(_cos_elbow(p))


def elbow_clipped(p):
    """The usual guard: clip the cosine to [-1, 1] so a target out of reach gives the stretched arm."""
    return jnp.arccos(jnp.clip(_cos_elbow(p), -1.0, 1.0))


def elbow_eps(p):
    return jnp.arccos(jnp.clip(_cos_elbow(p), -1.0 + 1e-7, 1.0 - 1e-7))


def ik_cost(p):
    """Distance of the IK solution (elbow down) from a reference posture."""
    q2 = jnp.arccos(jnp.clip(_cos_elbow(p), -1.0, 1.0))
    q1 = jnp.arctan2(p[1], p[0]) - jnp.arctan2(L2 * jnp.sin(q2), L1 + L2 * jnp.cos(q2))
    return (q1 - Q_REF[0]) ** 2 + (q2 - Q_REF[1]) ** 2


# ----------------------------------------------------------------------------------------- custom rules
SAFE_EPS = 1e-6


@jax.custom_vjp
def safe_acos(x):
    return jnp.arccos(jnp.clip(x, -1.0 + SAFE_EPS, 1.0 - SAFE_EPS))


def safe_acos_fwd(x):
    return safe_acos(x), x


def safe_acos_bwd(x, g):
    xc = jnp.clip(x, -1.0 + SAFE_EPS, 1.0 - SAFE_EPS)
    return (-g / jnp.sqrt(1.0 - xc ** 2),)


safe_acos.defvjp(safe_acos_fwd, safe_acos_bwd)


@jax.custom_vjp
def bad_acos(x):
    return jnp.arccos(x)


def bad_acos_fwd(x):
    return jnp.arccos(x), x


def bad_acos_bwd(x, g):
    return (-g / (1.0 - x ** 2),)


bad_acos.defvjp(bad_acos_fwd, bad_acos_bwd)


def elbow_safe(p):
    return safe_acos(_cos_elbow(p))


def elbow_bad(p):
    return bad_acos(_cos_elbow(p))


# ----------------------------------------------------------------------------------------- forward kinematics
def fk(q):
    return jnp.array([L1 * jnp.cos(q[0]) + L2 * jnp.cos(q[0] + q[1]),
                      L1 * jnp.sin(q[0]) + L2 * jnp.sin(q[0] + q[1])])


def fk_error(q):
    return jnp.linalg.norm(fk(q) - TARGET)


def fk_sq_error(q):
    return jnp.sum((fk(q) - TARGET) ** 2)


# ----------------------------------------------------------------------------------------- orientation
def slerp_loss(q1, t):
    dot = jnp.clip(jnp.dot(Q0, q1), -1.0, 1.0)
    theta = jnp.arccos(dot)
    s = jnp.sin(theta)
    q = jnp.sin((1 - t) * theta) / s * Q0 + jnp.sin(t * theta) / s * q1
    return jnp.dot(q, W_QUAT)


def slerp_where(q1, t):
    """Falls back to lerp for nearly equal quaternions."""
    dot = jnp.clip(jnp.dot(Q0, q1), -1.0, 1.0)
    theta = jnp.arccos(dot)
    s = jnp.sin(theta)
    q_slerp = jnp.sin((1 - t) * theta) / s * Q0 + jnp.sin(t * theta) / s * q1
    q_lerp = (1 - t) * Q0 + t * q1
    q = jnp.where(theta < 1e-6, q_lerp, q_slerp)
    return jnp.dot(q, W_QUAT)


def slerp_double_where(q1, t):
    """The double-where trick on theta: the slerp branch never sees theta = 0."""
    dot = jnp.clip(jnp.dot(Q0, q1), -1.0, 1.0)
    theta = jnp.arccos(dot)
    small = theta < 1e-6
    th = jnp.where(small, 1.0, theta)
    s = jnp.sin(th)
    q_slerp = jnp.sin((1 - t) * th) / s * Q0 + jnp.sin(t * th) / s * q1
    q_lerp = (1 - t) * Q0 + t * q1
    q = jnp.where(small, q_lerp, q_slerp)
    return jnp.dot(q, W_QUAT)


def rotation_angle(q1):
    """The angle of q1 by jax.scipy's Rotation."""
    from jax.scipy.spatial.transform import Rotation
    return jnp.linalg.norm(Rotation.from_quat(q1).as_rotvec())


# ----------------------------------------------------------------------------------------- Jacobian measures
def jacobian(q):
    s1, c1 = jnp.sin(q[0]), jnp.cos(q[0])
    s12, c12 = jnp.sin(q[0] + q[1]), jnp.cos(q[0] + q[1])
    return jnp.array([[-L1 * s1 - L2 * s12, -L2 * s12],
                      [L1 * c1 + L2 * c12, L2 * c12]])


def manipulability(q):
    """Yoshikawa's manipulability measure."""
    J = jacobian(q)
    return jnp.sqrt(jnp.linalg.det(J @ J.T))


def log_manipulability(q):
    J = jacobian(q)
    return jnp.log(jnp.sqrt(jnp.linalg.det(J @ J.T)))


def dls_step(q, lam):
    """Damped least squares: dq = J^T (J J^T + lambda^2 I)^-1 e, projected on W_DQ."""
    J = jacobian(q)
    dq = J.T @ jnp.linalg.inv(J @ J.T + lam ** 2 * jnp.eye(2)) @ E_TASK
    return jnp.dot(dq, W_DQ)


# ----------------------------------------------------------------------------------------- obstacles
def potential(p):
    """Khatib's repulsive potential, zero beyond the influence distance."""
    d = jnp.linalg.norm(p - OBST)
    return 0.5 * ETA * jnp.where(d < D0, (1 / d - 1 / D0) ** 2, 0.0)


def potential_linear(p):
    d = jnp.linalg.norm(p - OBST)
    return ETA * jnp.maximum(1 / d - 1 / D0, 0.0)


def collision_sq(p):
    d = jnp.linalg.norm(p - OBST)
    return jax.nn.relu(R_SAFE - d) ** 2


def collision_hinge(p):
    d = jnp.linalg.norm(p - OBST)
    return jax.nn.relu(R_SAFE - d)


# ----------------------------------------------------------------------------------------- control
def _rollout_cost(u_applied):
    x, cost = X0, 0.0
    for k in range(u_applied.shape[0]):
        x = A @ x + B * u_applied[k]
        cost = cost + jnp.dot(x, x) + R_U * u_applied[k] ** 2
    return cost


def lqr_tanh(u):
    """Finite-horizon LQR cost with the controls saturated smoothly."""
    return _rollout_cost(U_MAX * jnp.tanh(u / U_MAX))


def lqr_clip(u):
    return _rollout_cost(jnp.clip(u, -U_MAX, U_MAX))


def _deadband(e):
    return jnp.where(jnp.abs(e) < DEADBAND, 0.0, e - jnp.sign(e) * DEADBAND)


def pd_effort(q, qd):
    """Squared PD torque with a deadband on the position error."""
    tau = KP * _deadband(Q_GOAL - q) - KD * qd
    return jnp.sum(tau ** 2)


def slerp_antipodal(t):
    """Slerp from Q0 to -Q0: theta = pi, sin(theta) rounds to 1.2e-16, not 0."""
    return slerp_loss(-Q0, t)


def pinv_step(q):
    dq = jnp.linalg.pinv(jacobian(q)) @ E_TASK
    return jnp.dot(dq, W_DQ)
