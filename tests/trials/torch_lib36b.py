"""A user's PyTorch code, thirty-sixth round (b): 3D rotations and pose, electric circuits and power lines, contact
mechanics, the thermodynamics of mixing and of a real gas, traffic flow, the diffusion of a new product and X-ray
diffraction. The rotation angle of a rotation matrix by acos of its trace (clamped) and by atan2; a unit quaternion's
pose loss, a quaternion normalisation as an autograd.Function (right, and with its projection forgotten) and a pose
network read by its parameters' names; a rotation by torch.linalg.matrix_exp of a skew matrix; a series RLC circuit's
impedance by torch.hypot and by a square root; a line's power angle by asin; Hertz contact by relu ** 2.5 and by a
square root cubed, a contact penalty through torch.cdist (and its matrix-multiplication mode), softplus contact at its
switch, a quaternion from a matrix by a Python branch, Coulomb friction smoothed by tanh and hard by sign; the Gibbs
energy of mixing by xlogy, by special.entr, by x log x and as an autograd.Function (right, and without its + 1); van der
Waals' pressure written out and taken from the Helmholtz energy by torch.autograd.grad; Davidson's travel time at
capacity; Bass's diffusion curve; Bragg's angle; travel times under torch.distributions' Gamma, LogNormal and Laplace."""

import torch
import torch.nn.functional as F

# ------------------------------------------------------------------------------------------------ rotations, pose


def rotation_angle(R):
    """The angle of a rotation matrix, acos((tr R - 1) / 2), clamped as every pose library does."""
    cos = (torch.trace(R) - 1) / 2
    return torch.acos(torch.clamp(cos, -1.0, 1.0))


def rotation_angle_atan2(R):
    """The same angle by atan2 of the skew part's size and the trace."""
    skew = torch.stack([R[2, 1] - R[1, 2], R[0, 2] - R[2, 0], R[1, 0] - R[0, 1]])
    return torch.atan2(torch.linalg.norm(skew) / 2, (torch.trace(R) - 1) / 2)


TARGET_QUATERNION = [0.0, 0.6, 0.0, 0.8]


def quaternion_loss(q):
    """1 - <q / |q|, t>^2: a pose loss blind to the quaternion's sign."""
    unit = F.normalize(q, dim=0)
    return 1 - (unit @ torch.tensor(TARGET_QUATERNION, dtype=q.dtype)) ** 2


def _matrix_of(unit):
    w, x, y, z = unit
    return torch.stack([
        torch.stack([1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)]),
        torch.stack([2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)]),
        torch.stack([2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)]),
    ])


POINT, SEEN = [1.0, 2.0, 0.5], [0.5, -1.0, 2.0]


def pose_residual(q):
    """|R(q / |q|) p - y|^2 for one landmark."""
    R = _matrix_of(q / q.norm())
    diff = R @ torch.tensor(POINT, dtype=q.dtype) - torch.tensor(SEEN, dtype=q.dtype)
    return (diff * diff).sum()


class UnitQuaternion(torch.autograd.Function):
    """q / |q| with its backward written out: (g - u <u, g>) / |q|."""

    @staticmethod
    def forward(ctx, q):
        norm = q.norm()
        unit = q / norm
        ctx.save_for_backward(unit, norm)
        return unit

    @staticmethod
    def backward(ctx, grad):
        unit, norm = ctx.saved_tensors
        return (grad - unit * (unit @ grad)) / norm


class UnitQuaternionSlip(UnitQuaternion):
    """The same, the projection off the unit direction forgotten."""

    @staticmethod
    def backward(ctx, grad):
        unit, norm = ctx.saved_tensors
        return grad / norm


WEIGHTS = [1.0, -2.0, 0.5, 3.0]


def unit_quaternion_score(q):
    return (UnitQuaternion.apply(q) * torch.tensor(WEIGHTS, dtype=q.dtype)).sum()


def unit_quaternion_score_slip(q):
    return (UnitQuaternionSlip.apply(q) * torch.tensor(WEIGHTS, dtype=q.dtype)).sum()


def rotate_by_exp(omega):
    """The first coordinate of exp([omega]x) v: a rotation vector's action by the matrix exponential."""
    zero = torch.zeros((), dtype=omega.dtype)
    skew = torch.stack([
        torch.stack([zero, -omega[2], omega[1]]),
        torch.stack([omega[2], zero, -omega[0]]),
        torch.stack([-omega[1], omega[0], zero]),
    ])
    return (torch.linalg.matrix_exp(skew) @ torch.tensor(POINT, dtype=omega.dtype))[0]


class PoseNet(torch.nn.Module):
    """A quaternion from two image features: fc2(tanh(fc1(x)))."""

    def __init__(self):
        super().__init__()
        self.fc1 = torch.nn.Linear(2, 3).double()
        self.fc2 = torch.nn.Linear(3, 4).double()
        with torch.no_grad():
            self.fc1.weight.copy_(torch.tensor([[0.5, -1.0], [1.5, 0.25], [-0.75, 0.5]]))
            self.fc1.bias.copy_(torch.tensor([0.1, -0.2, 0.0]))
            self.fc2.weight.copy_(torch.tensor([[1.0, -0.5, 2.0], [0.0, 1.0, 0.5], [0.5, 0.5, -1.0], [2.0, 0.0, 1.0]]))
            self.fc2.bias.copy_(torch.tensor([0.25, 0.0, -0.5, 1.0]))

    def forward(self, features):
        return self.fc2(torch.tanh(self.fc1(features)))


def pose_args():
    return {"model": PoseNet(), "features": torch.tensor([0.3, -0.7], dtype=torch.float64)}


def pose_net_loss(model, features):
    return quaternion_loss(model(features))


def pose_norm_penalty(model, features):
    """(|q|^2 - 1)^2: keeps the network's raw quaternion near unit length."""
    return ((model(features) ** 2).sum() - 1) ** 2


# ------------------------------------------------------------------------------------------------ circuits, power
def impedance(R, L, C, omega):
    """|Z| of a series RLC circuit, by torch.hypot."""
    return torch.hypot(R, omega * L - 1 / (omega * C))


def impedance_naive(R, L, C, omega):
    reactance = omega * L - 1 / (omega * C)
    return torch.sqrt(R ** 2 + reactance ** 2)


V_SEND, V_RECEIVE = 1.05, 1.0


def power_angle(p, x):
    """The angle across a line carrying p (per unit) over reactance x: asin(p x / (V1 V2))."""
    return torch.asin(p * x / (V_SEND * V_RECEIVE))


def load_power(r_load, r_source):
    """The power a source of 1 V and internal resistance r_source delivers into r_load."""
    return r_load / (r_source + r_load) ** 2


# ------------------------------------------------------------------------------------------------ contact mechanics
STIFFNESS = 1000.0


def hertz_energy(overlap):
    """Hertz's elastic energy 2/5 K d^(5/2) for the overlaps d of sphere pairs, 0 apart."""
    return (0.4 * STIFFNESS * torch.relu(overlap) ** 2.5).sum()


def hertz_force_sqrt(overlap):
    """Hertz's force K d^(3/2), written as sqrt(d)^3 with d clamped at 0."""
    return (STIFFNESS * torch.sqrt(torch.clamp(overlap, min=0)) ** 3).sum()


def friction_smooth(v, mu):
    """Coulomb friction mu N tanh(v / eps), smoothed at rest with eps = 1e-4 (N = 10)."""
    return (mu * 10.0 * torch.tanh(v / 1e-4)).sum()


def friction_sign(v, mu):
    return (mu * 10.0 * torch.sign(v)).sum()


def friction_work(v, mu):
    """The power friction takes: mu N |v|."""
    return (mu * 10.0 * torch.abs(v)).sum()


# ------------------------------------------------------------------------------------------------ thermodynamics
RT = 2.479  # kJ/mol at 298.15 K


def gibbs_mixing(x):
    """The ideal Gibbs energy of mixing RT sum x log x, by xlogy (0 log 0 = 0)."""
    return RT * torch.xlogy(x, x).sum()


def gibbs_mixing_entr(x):
    return -RT * torch.special.entr(x).sum()


def gibbs_mixing_naive(x):
    return RT * (x * torch.log(x)).sum()


class XLogX(torch.autograd.Function):
    """x log x with its derivative log x + 1."""

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.xlogy(x, x)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * (torch.log(x) + 1)


class XLogXSlip(XLogX):
    """The same, the + 1 forgotten."""

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * torch.log(x)


def gibbs_mixing_rule(x):
    return RT * XLogX.apply(x).sum()


def gibbs_mixing_rule_slip(x):
    return RT * XLogXSlip.apply(x).sum()


A_VDW, B_VDW, R_GAS = 0.1382, 3.19e-5, 8.314  # oxygen, SI units


def vdw_pressure(V, T):
    """Van der Waals' pressure of one mole: RT / (V - b) - a / V^2."""
    return R_GAS * T / (V - B_VDW) - A_VDW / V ** 2


def vdw_pressure_from_energy(V, T):
    """The same, as -dA/dV of the Helmholtz energy A = -RT log(V - b) - a / V, by torch.autograd.grad."""
    energy = -R_GAS * T * torch.log(V - B_VDW) - A_VDW / V
    (dA_dV,) = torch.autograd.grad(energy, V, create_graph=True)
    return -dA_dV


# ------------------------------------------------------------------------------------------------ traffic
FREE_TIME, DELAY = 10.0, 0.25


def davidson_time(flow, capacity):
    """Davidson's travel time t0 (1 + J x / (1 - x)), x = flow / capacity: infinite at capacity."""
    x = flow / capacity
    return FREE_TIME * (1 + DELAY * x / (1 - x))


def greenshields_flow(density):
    """Flow q = v_f k (1 - k / k_jam) of Greenshields' model, zero past jam density."""
    return (100.0 * density * torch.relu(1 - density / 150.0)).sum()


# ------------------------------------------------------------------------------------------------ product diffusion
def bass_adoption(p, q):
    """Bass's cumulative adoption at t = 10: (1 - e^-(p+q)t) / (1 + q/p e^-(p+q)t)."""
    decay = torch.exp(-(p + q) * 10.0)
    return (1 - decay) / (1 + q / p * decay)


def bass_adoption_stable(p, q):
    decay = torch.exp(-(p + q) * 10.0)
    return p * (1 - decay) / (p + q * decay)


# ------------------------------------------------------------------------------------------------ X-ray diffraction
WAVELENGTH = 1.5406  # Cu K-alpha, angstrom


def bragg_angle(d):
    """The first-order Bragg angle asin(lambda / 2d) of a lattice spacing d."""
    return torch.asin(WAVELENGTH / (2 * d))


# ------------------------------------------------------------------------------------------------ travel times
TIMES = [12.0, 7.5, 20.0]


def gamma_nll(concentration, rate):
    """Travel times under a Gamma distribution."""
    return -torch.distributions.Gamma(concentration, rate).log_prob(torch.tensor(TIMES, dtype=rate.dtype)).sum()


def lognormal_nll(loc, scale):
    return -torch.distributions.LogNormal(loc, scale).log_prob(torch.tensor(TIMES, dtype=loc.dtype)).sum()


def laplace_nll(loc, scale):
    """A median travel time under a Laplace distribution: at a sample the density has a kink."""
    return -torch.distributions.Laplace(loc, scale).log_prob(torch.tensor(TIMES, dtype=loc.dtype)).sum()


# ------------------------------------------------------------------------------------------------ more contact
OBSTACLES, RADIUS = [[0.25, 0.0], [2.0, 2.0]], 0.5


def contact_penalty(centres):
    """sum relu(r - |c - o|)^2 over sphere centres and fixed obstacles, distances by torch.cdist."""
    gaps = RADIUS - torch.cdist(centres, torch.tensor(OBSTACLES, dtype=centres.dtype))
    return (torch.relu(gaps) ** 2).sum()


def soft_contact(d):
    """A smoothed contact force softplus(beta d) / beta with beta = 1024 (linear past beta d = 20)."""
    return F.softplus(d, beta=1024.0, threshold=20.0).sum()


def quaternion_from_matrix(R):
    """A unit quaternion of a rotation matrix, taking the branch of its largest diagonal (Shepperd)."""
    trace = torch.trace(R)
    if trace > 0:
        s = 2 * torch.sqrt(trace + 1)
        return torch.stack([s / 4, (R[2, 1] - R[1, 2]) / s, (R[0, 2] - R[2, 0]) / s, (R[1, 0] - R[0, 1]) / s]).sum()
    s = 2 * torch.sqrt(1 + R[0, 0] - R[1, 1] - R[2, 2])
    return torch.stack([(R[2, 1] - R[1, 2]) / s, s / 4, (R[0, 1] + R[1, 0]) / s, (R[0, 2] + R[2, 0]) / s]).sum()


def contact_penalty_mm(centres):
    """The same with cdist's matrix-multiplication mode, |c|^2 + |o|^2 - 2 c . o, as large batches use it."""
    obstacles = torch.tensor(OBSTACLES, dtype=centres.dtype)
    gaps = RADIUS - torch.cdist(centres, obstacles, compute_mode="use_mm_for_euclid_dist")
    return (torch.relu(gaps) ** 2).sum()
