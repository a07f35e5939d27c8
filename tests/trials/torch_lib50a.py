"""Round 50a, PyTorch: sediment transport (Meyer-Peter Mueller bedload behind clamp, one and two torch.where, an
autograd.Function right and slipped; Ferguson-Church settling velocity; a LogNormal sediment rating curve in an
nn.Module), glaciology (Vialov's ice-sheet profile, naive and by expm1/log1p; Glen's-law effective viscosity,
regularised, naive, and as an autograd.Function) and a lithium-ion cell's open-circuit voltage (Nernst by hand and by
torch.special.logit) and Peukert's runtime."""

import torch
from torch import nn

# ------------------------------------------------------------------------------------------- sediment transport
THETA_C = 0.047  # critical Shields number (Meyer-Peter & Mueller 1948)
R_SUB = 1.65  # submerged specific gravity of quartz
G = 9.81
NU = 1.0e-6  # kinematic viscosity of water (m^2/s)


def mpm_bedload(theta):
    """Dimensionless bedload q* = 8 (theta - theta_c)_+^1.5."""
    return torch.sum(8 * torch.clamp(theta - THETA_C, min=0) ** 1.5)


def mpm_bedload_where(theta):
    return torch.sum(torch.where(theta > THETA_C, 8 * (theta - THETA_C) ** 1.5, 0.0))


def mpm_bedload_safe(theta):
    excess = torch.where(theta > THETA_C, theta - THETA_C, torch.ones_like(theta))
    return torch.sum(torch.where(theta > THETA_C, 8 * excess ** 1.5, 0.0))


class ExcessPower(torch.autograd.Function):
    """8 e^1.5 for an excess e > 0, its slope 12 sqrt(e) by hand."""

    @staticmethod
    def forward(ctx, excess):
        ctx.save_for_backward(excess)
        return 8 * excess ** 1.5

    @staticmethod
    def backward(ctx, grad):
        (excess,) = ctx.saved_tensors
        return grad * 12 * torch.sqrt(excess)


class ExcessPowerSlip(torch.autograd.Function):
    @staticmethod
    def forward(ctx, excess):
        ctx.save_for_backward(excess)
        return 8 * excess ** 1.5

    @staticmethod
    def backward(ctx, grad):
        (excess,) = ctx.saved_tensors
        return grad * 12 * excess


def mpm_bedload_rule(theta):
    return torch.sum(ExcessPower.apply(torch.relu(theta - THETA_C)))


def mpm_bedload_rule_slip(theta):
    return torch.sum(ExcessPowerSlip.apply(torch.relu(theta - THETA_C)))


def settling_velocity(d):
    """Ferguson & Church (2004): w = R g D^2 / (C1 nu + sqrt(0.75 C2 R g D^3)), C1 = 18, C2 = 1."""
    return torch.sum(R_SUB * G * d ** 2 / (18 * NU + torch.sqrt(0.75 * R_SUB * G * d ** 3)))


B_STAR = 0.143  # Einstein's (1950) constants B* and 1 / eta_0 = 2


def einstein_probability(theta):
    """Einstein's probability that a grain is entrained, p = 1 - (erf(B / theta - 2) + erf(B / theta + 2)) / 2."""
    u = B_STAR / theta
    return torch.sum(1 - 0.5 * (torch.special.erf(u - 2) + torch.special.erf(u + 2)))


def einstein_probability_erfc(theta):
    u = B_STAR / theta
    return torch.sum(0.5 * (torch.special.erfc(u - 2) + torch.special.erfc(u + 2)))


class RatingCurve(nn.Module):
    """Suspended load Q_s = a Q^b with log-normal scatter: log Q_s ~ N(log a + b log Q, sigma)."""

    def __init__(self, log_a, b, log_sigma):
        super().__init__()
        self.log_a = nn.Parameter(torch.tensor(log_a, dtype=torch.float64))
        self.b = nn.Parameter(torch.tensor(b, dtype=torch.float64))
        self.log_sigma = nn.Parameter(torch.tensor(log_sigma, dtype=torch.float64))

    def forward(self, discharge):
        loc = self.log_a + self.b * torch.log(discharge)
        return torch.distributions.LogNormal(loc, torch.exp(self.log_sigma))


def rating_nll(model, discharge, load):
    return -model(discharge).log_prob(load).sum()


RATING_Q, RATING_QS = [12.0, 40.0, 95.0, 310.0], [0.8, 6.5, 30.0, 410.0]


def rating_args():
    return {"model": RatingCurve(-3.0, 1.8, -0.5), "discharge": torch.tensor(RATING_Q, dtype=torch.float64),
            "load": torch.tensor(RATING_QS, dtype=torch.float64)}


# ------------------------------------------------------------------------------------------- glaciology
H0 = 3000.0  # ice thickness at the divide (m)
L_ICE = 1.0e5  # half-width of the ice sheet (m)


def vialov(x):
    """Vialov's steady profile h = H0 (1 - (x / L)^(4/3))^(3/8), n = 3."""
    return torch.sum(H0 * (1 - (x / L_ICE) ** (4 / 3)) ** (3 / 8))


def vialov_stable(x):
    """1 - r^(4/3) = -expm1((4/3) log1p((x - L) / L)), x - L exact near the margin."""
    deficit = -torch.expm1(4 / 3 * torch.log1p((x - L_ICE) / L_ICE))
    return torch.sum(H0 * deficit ** (3 / 8))


def vialov_where(x):
    """The profile with bare ground (0) beyond the margin, behind one torch.where."""
    return torch.sum(torch.where(x < L_ICE, H0 * (1 - (x / L_ICE) ** (4 / 3)) ** (3 / 8), 0.0))


A_GLEN = 2.4e-24  # Glen's rate factor at 0 C (Pa^-3 s^-1)
EPS_REG = 1e-20  # strain-rate regularisation (s^-2)


def _second_invariant(strain):
    exx, eyy, exy = strain[0], strain[1], strain[2]
    return 0.5 * (exx ** 2 + eyy ** 2 + (exx + eyy) ** 2) + exy ** 2


def glen_viscosity(strain):
    """Effective viscosity eta = A^(-1/3) / 2 (e_II + reg)^(-1/3) of an incompressible ice flow (n = 3)."""
    return 0.5 * A_GLEN ** (-1 / 3) * (_second_invariant(strain) + EPS_REG) ** (-1 / 3)


def glen_viscosity_naive(strain):
    return 0.5 * A_GLEN ** (-1 / 3) * _second_invariant(strain) ** (-1 / 3)


class GlenPower(torch.autograd.Function):
    """s^(-1/3) with its slope -(1/3) s^(-4/3) by hand; the slipped one forgets the minus."""

    @staticmethod
    def forward(ctx, s, slip):
        ctx.save_for_backward(s)
        ctx.slip = slip
        return s ** (-1 / 3)

    @staticmethod
    def backward(ctx, grad):
        (s,) = ctx.saved_tensors
        sign = 1.0 if ctx.slip else -1.0
        return grad * sign / 3 * s ** (-4 / 3), None


def glen_viscosity_rule(strain):
    return 0.5 * A_GLEN ** (-1 / 3) * GlenPower.apply(_second_invariant(strain) + EPS_REG, False)


def glen_viscosity_rule_slip(strain):
    return 0.5 * A_GLEN ** (-1 / 3) * GlenPower.apply(_second_invariant(strain) + EPS_REG, True)


# ------------------------------------------------------------------------------------------- battery
RT_F = 8.314462618 * 298.15 / 96485.33212  # thermal voltage (V)
E0_CELL = 3.7


def ocv_nernst(x):
    """Open-circuit voltage of an intercalation electrode, E0 + (RT/F) log((1 - x) / x), x its lithium fraction."""
    return torch.sum(E0_CELL + RT_F * torch.log((1 - x) / x))


def ocv_logit(x):
    return torch.sum(E0_CELL - RT_F * torch.special.logit(x))


PEUKERT_H, PEUKERT_C, PEUKERT_K = 20.0, 100.0, 1.2


def peukert_runtime(current):
    """Runtime t = H (C / (I H))^k in hours at a discharge current I (A)."""
    return torch.sum(PEUKERT_H * (PEUKERT_C / (current * PEUKERT_H)) ** PEUKERT_K)
