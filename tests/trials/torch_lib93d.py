"""A user's PyTorch code, ninety-third round (d): a planar 2-link arm's inverse kinematics by the law of cosines
(torch.acos raw, torch.clamp to [-1, 1], an autograd.Function "safe" acos passing the gradient through its clamp, and
a wrong one), the end-effector error by torch.linalg.norm, quaternion slerp (raw and where-guarded), the
manipulability by torch.linalg.det, damped least squares by torch.linalg.solve and torch.linalg.lstsq,
torch.linalg.pinv, a potential field, a collision penalty by F.relu, a finite-horizon LQR cost with saturated
controls and a PD controller with a deadband."""

import torch
import torch.nn.functional as F

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
    return torch.tensor(values, dtype=like.dtype)


# ----------------------------------------------------------------------------------------- inverse kinematics
def _cos_elbow(p):
    return (p[0] ** 2 + p[1] ** 2 - L1 ** 2 - L2 ** 2) / (2 * L1 * L2)


def elbow_angle(p):
    return torch.acos(_cos_elbow(p))


def elbow_clipped(p):
    return torch.acos(torch.clamp(_cos_elbow(p), -1.0, 1.0))


class SafeAcos(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.acos(torch.clamp(x, -1.0 + SAFE_EPS, 1.0 - SAFE_EPS))

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        xc = torch.clamp(x, -1.0 + SAFE_EPS, 1.0 - SAFE_EPS)
        return -g / torch.sqrt(1.0 - xc ** 2)


class BadAcos(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.acos(x)

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return -g / (1.0 - x ** 2)


def elbow_safe(p):
    return SafeAcos.apply(_cos_elbow(p))


def elbow_bad(p):
    return BadAcos.apply(_cos_elbow(p))


# ----------------------------------------------------------------------------------------- forward kinematics
def fk(q):
    return torch.stack([L1 * torch.cos(q[0]) + L2 * torch.cos(q[0] + q[1]),
                        L1 * torch.sin(q[0]) + L2 * torch.sin(q[0] + q[1])])


def fk_error(q):
    return torch.linalg.norm(fk(q) - _t(TARGET, q))


# ----------------------------------------------------------------------------------------- orientation
def slerp_loss(q1, t):
    q0 = _t(Q0, q1)
    dot = torch.clamp(torch.dot(q0, q1), -1.0, 1.0)
    theta = torch.acos(dot)
    s = torch.sin(theta)
    q = torch.sin((1 - t) * theta) / s * q0 + torch.sin(t * theta) / s * q1
    return torch.dot(q, _t(W_QUAT, q1))


def slerp_where(q1, t):
    q0 = _t(Q0, q1)
    dot = torch.clamp(torch.dot(q0, q1), -1.0, 1.0)
    theta = torch.acos(dot)
    s = torch.sin(theta)
    q_slerp = torch.sin((1 - t) * theta) / s * q0 + torch.sin(t * theta) / s * q1
    q_lerp = (1 - t) * q0 + t * q1
    q = torch.where(theta < 1e-6, q_lerp, q_slerp)
    return torch.dot(q, _t(W_QUAT, q1))


# ----------------------------------------------------------------------------------------- Jacobian measures
def jacobian(q):
    s1, c1 = torch.sin(q[0]), torch.cos(q[0])
    s12, c12 = torch.sin(q[0] + q[1]), torch.cos(q[0] + q[1])
    return torch.stack([torch.stack([-L1 * s1 - L2 * s12, -L2 * s12]),
                        torch.stack([L1 * c1 + L2 * c12, L2 * c12])])


def manipulability(q):
    J = jacobian(q)
    return torch.sqrt(torch.linalg.det(J @ J.T))


def dls_step(q, lam):
    J = jacobian(q)
    M = J @ J.T + lam ** 2 * torch.eye(2, dtype=q.dtype)
    dq = J.T @ torch.linalg.solve(M, _t(E_TASK, q))
    return torch.dot(dq, _t(W_DQ, q))


# ----------------------------------------------------------------------------------------- obstacles
def potential(p):
    d = torch.linalg.norm(p)
    return 0.5 * ETA * torch.where(d < D0, (1 / d - 1 / D0) ** 2, torch.zeros_like(d))


def collision_sq(p):
    d = torch.linalg.norm(p)
    return F.relu(R_SAFE - d) ** 2


def collision_hinge(p):
    d = torch.linalg.norm(p)
    return F.relu(R_SAFE - d)


# ----------------------------------------------------------------------------------------- control
def _rollout_cost(u_applied):
    A_, B_ = _t(A, u_applied), _t(B, u_applied)
    x, cost = _t(X0, u_applied), 0.0
    for k in range(u_applied.shape[0]):
        x = A_ @ x + B_ * u_applied[k]
        cost = cost + x @ x + R_U * u_applied[k] ** 2
    return cost


def lqr_tanh(u):
    return _rollout_cost(U_MAX * torch.tanh(u / U_MAX))


def lqr_clip(u):
    return _rollout_cost(torch.clamp(u, -U_MAX, U_MAX))


def pd_effort(q, qd):
    e = _t(Q_GOAL, q) - q
    db = torch.where(e.abs() < DEADBAND, torch.zeros_like(e), e - torch.sign(e) * DEADBAND)
    tau = KP * db - KD * qd
    return (tau ** 2).sum()


def dls_lstsq(q):
    """The damped step as a least-squares problem: [J; lambda I] dq = [e; 0], lambda = 0.1."""
    J = jacobian(q)
    A_ = torch.cat([J, 0.1 * torch.eye(2, dtype=q.dtype)])
    b = torch.cat([_t(E_TASK, q), torch.zeros(2, dtype=q.dtype)])
    dq = torch.linalg.lstsq(A_, b.unsqueeze(1)).solution.squeeze(1)
    return torch.dot(dq, _t(W_DQ, q))


def pinv_step(q):
    dq = torch.linalg.pinv(jacobian(q)) @ _t(E_TASK, q)
    return torch.dot(dq, _t(W_DQ, q))
