"""A user's PyTorch code, forty-fourth round (b): evidential deep learning and robot kinematics. The Dirichlet
evidential classification losses of Sensoy et al. (the digamma form, the Type II maximum-likelihood form by logs and
the expected squared error), the normal-inverse-gamma regression loss of Amini et al. as their code writes it, its
lgamma(alpha) - lgamma(alpha + 0.5) as an autograd.Function (its backward right, and by the asymptotic slope -1 / 2a),
an evidential classifier head as an nn.Module fitted by the Type II loss; a two-link arm's elbow angle by the law of
cosines (arccos) and by the half-angle atan2 form, and SO(3)'s log map of a rotation matrix by arccos of the trace and
by atan2 of the skew part."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

# ------------------------------------------------------------------------------------------- evidential classification
LABEL = [1.0, 0.0, 0.0]  # one-hot target of the sample


def edl_digamma_loss(evidence):
    """Sensoy et al.'s evidential loss, the digamma form: sum_k y_k (psi(S) - psi(alpha_k))."""
    y = torch.tensor(LABEL, dtype=evidence.dtype)
    alpha = evidence + 1
    strength = alpha.sum()
    return (y * (torch.digamma(strength) - torch.digamma(alpha))).sum()


def edl_log_loss(evidence):
    """The Type II maximum-likelihood form: sum_k y_k (log S - log alpha_k)."""
    y = torch.tensor(LABEL, dtype=evidence.dtype)
    alpha = evidence + 1
    strength = alpha.sum()
    return (y * (torch.log(strength) - torch.log(alpha))).sum()


def edl_mse_loss(evidence):
    """The expected squared error under the Dirichlet: sum_k (y_k - p_k)^2 + p_k (1 - p_k) / (S + 1)."""
    y = torch.tensor(LABEL, dtype=evidence.dtype)
    alpha = evidence + 1
    strength = alpha.sum()
    p = alpha / strength
    return ((y - p) ** 2 + p * (1 - p) / (strength + 1)).sum()


class EvidentialHead(nn.Module):
    """A linear layer whose softplus outputs are a Dirichlet's evidence."""

    def __init__(self):
        super().__init__()
        self.head = nn.Linear(2, 3, dtype=torch.float64)
        with torch.no_grad():
            self.head.weight.copy_(torch.tensor([[0.5, -0.25], [-1.0, 0.75], [0.125, 2.0]], dtype=torch.float64))
            self.head.bias.copy_(torch.tensor([0.1, -0.2, 0.3], dtype=torch.float64))

    def forward(self, x):
        return F.softplus(self.head(x))


def edl_head_loss(model, x, y):
    alpha = model(x) + 1
    strength = alpha.sum(dim=1, keepdim=True)
    return (y * (torch.log(strength) - torch.log(alpha))).sum(dim=1).mean()


def edl_head_args():
    x = torch.tensor([[1.0, -0.5], [0.25, 2.0]], dtype=torch.float64)
    y = torch.tensor([[1.0, 0.0, 0.0], [0.0, 0.0, 1.0]], dtype=torch.float64)
    return {"model": EvidentialHead(), "x": x, "y": y}


def edl_head_batch():
    """The same head and batch, for a second look."""
    return edl_head_args()


# ------------------------------------------------------------------------------------------- evidential regression
TARGET = 1.0  # the regression target y


def nig_nll(gamma, nu, alpha, beta):
    """Amini et al.'s normal-inverse-gamma negative log-likelihood of the target, as their code writes it."""
    omega = 2 * beta * (1 + nu)
    nll = 0.5 * torch.log(math.pi / nu)
    nll = nll - alpha * torch.log(omega)
    nll = nll + (alpha + 0.5) * torch.log(nu * (TARGET - gamma) ** 2 + omega)
    nll = nll + torch.lgamma(alpha) - torch.lgamma(alpha + 0.5)
    return nll


class LogGammaRatio(torch.autograd.Function):
    """lgamma(a) - lgamma(a + 1/2), with its slope psi(a) - psi(a + 1/2)."""

    @staticmethod
    def forward(ctx, a):
        ctx.save_for_backward(a)
        return torch.lgamma(a) - torch.lgamma(a + 0.5)

    @staticmethod
    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        return grad * (torch.special.digamma(a) - torch.special.digamma(a + 0.5))


class LogGammaRatioAsymptotic(LogGammaRatio):
    """The same, its slope taken from the large-a expansion -1 / 2a."""

    @staticmethod
    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        return grad * (-0.5 / a)


def gamma_ratio(a):
    return LogGammaRatio.apply(a)


def gamma_ratio_asymptotic(a):
    return LogGammaRatioAsymptotic.apply(a)


# ------------------------------------------------------------------------------------------- two-link arm
L1, L2 = 0.5, 0.25  # link lengths, m


def elbow_angle(x, y):
    """Inverse kinematics of a planar two-link arm: the elbow angle reaching (x, y), by the law of cosines."""
    c = (x ** 2 + y ** 2 - L1 ** 2 - L2 ** 2) / (2 * L1 * L2)
    return torch.arccos(c)


def elbow_angle_stable(x, y):
    """The same by the half-angle form 2 atan2(sqrt((L1 + L2)^2 - d^2), sqrt(d^2 - (L1 - L2)^2)), factored."""
    d = torch.hypot(x, y)
    return 2 * torch.atan2(torch.sqrt((L1 + L2 - d) * (L1 + L2 + d)), torch.sqrt((d - (L1 - L2)) * (d + (L1 - L2))))


# ------------------------------------------------------------------------------------------- rotations
AXIS_WEIGHTS = [0.3, -0.5, 0.8]  # a fixed direction the rotation vector is projected on


def so3_log(rot):
    """SO(3)'s log map: the rotation vector theta / (2 sin theta) (R - R^T)^vee, theta by arccos of the trace."""
    theta = torch.arccos((torch.trace(rot) - 1) / 2)
    skew = torch.stack([rot[2, 1] - rot[1, 2], rot[0, 2] - rot[2, 0], rot[1, 0] - rot[0, 1]])
    omega = theta / (2 * torch.sin(theta)) * skew
    return (omega * torch.tensor(AXIS_WEIGHTS, dtype=rot.dtype)).sum()


def so3_log_atan2(rot):
    """The same, theta by atan2 of the skew part's half norm and the trace's cosine."""
    skew = torch.stack([rot[2, 1] - rot[1, 2], rot[0, 2] - rot[2, 0], rot[1, 0] - rot[0, 1]])
    sin_theta = torch.linalg.vector_norm(skew) / 2
    theta = torch.atan2(sin_theta, (torch.trace(rot) - 1) / 2)
    omega = theta / (2 * sin_theta) * skew
    return (omega * torch.tensor(AXIS_WEIGHTS, dtype=rot.dtype)).sum()


def log_map_scale(cos_theta, skew):
    """The log map's scale theta / (2 sin theta) applied to one entry of the skew part, from the rotation's cosine."""
    theta = torch.arccos(cos_theta)
    return theta / (2 * torch.sin(theta)) * skew
