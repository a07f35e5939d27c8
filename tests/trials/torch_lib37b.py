"""A user's PyTorch code, thirty-seventh round (b): pipe flow and hydraulics, geometric optics, batteries, acid-base
chemistry, population genetics and seismology. Poiseuille's flow, a Darcy-Weisbach head loss with the Swamee-Jain
friction factor, a laminar-to-turbulent switch by torch.where, the Colebrook friction factor solved without a graph as
an autograd.Function whose backward is the implicit derivative (right, and with its division forgotten), Torricelli's
outflow, a head-loss surrogate network read by its parameters' names, a pump switched on by torch.heaviside; a thin
lens's image distance two ways, the critical angle, Brewster's angle and the normal reflectance; Peukert's law,
Shepherd's discharge voltage, a state of charge clamped to [0, 1], an RC pair's response by 1 - exp and by expm1; a weak
acid's hydronium by the quadratic formula and by its rationalised form, its pH, Henderson-Hasselbalch; heterozygosity,
selection over twenty generations, allele counts under a Binomial; the Gutenberg-Richter b-value by Aki's estimator,
waiting times under an Exponential, seismic moments under a Pareto, annual floods under a Gumbel, the moment magnitude;
a robust fit by F.huber_loss."""

import math

import torch
import torch.nn.functional as F

# ------------------------------------------------------------------------------------------------ pipe flow
VISCOSITY, PIPE_LENGTH = 1.0e-3, 2.0  # water, Pa s; m
KINEMATIC = 1.0e-6  # m^2/s
ROUGHNESS = 4.5e-5  # commercial steel, m
GRAVITY = 9.81


def poiseuille_flow(radius, dp):
    """The volume flow pi r^4 dp / (8 mu L) of laminar flow through a pipe."""
    return math.pi * radius ** 4 * dp / (8 * VISCOSITY * PIPE_LENGTH)


def swamee_jain(reynolds, diameter):
    """The Darcy friction factor of turbulent flow, explicit: 0.25 / log10(eps / 3.7D + 5.74 / Re^0.9)^2."""
    return 0.25 / torch.log10(ROUGHNESS / (3.7 * diameter) + 5.74 / reynolds ** 0.9) ** 2


def head_loss(velocity, diameter):
    """Darcy-Weisbach: f L v^2 / (2 g D)."""
    reynolds = velocity * diameter / KINEMATIC
    return swamee_jain(reynolds, diameter) * PIPE_LENGTH * velocity ** 2 / (2 * GRAVITY * diameter)


def friction_factor(reynolds):
    """64 / Re while laminar, Blasius' 0.316 Re^-1/4 once turbulent."""
    return torch.where(reynolds < 2300, 64 / reynolds, 0.316 * reynolds ** -0.25).sum()


COLEBROOK_STEPS = 40


def _colebrook_fixed_point(reynolds, relative_roughness):
    """x = 1 / sqrt(f) from x = -2 log10(e / 3.7 + 2.51 x / Re), iterated from x = 8."""
    x = torch.full_like(reynolds, 8.0)
    for _ in range(COLEBROOK_STEPS):
        x = -2 * torch.log10(relative_roughness / 3.7 + 2.51 * x / reynolds)
    return x


class Colebrook(torch.autograd.Function):
    """1 / sqrt(f) of the Colebrook equation solved without a graph; the backward differentiates the equation."""

    @staticmethod
    def forward(ctx, reynolds, relative_roughness):
        with torch.no_grad():
            x = _colebrook_fixed_point(reynolds, relative_roughness)
        ctx.save_for_backward(x, reynolds, relative_roughness)
        return x

    @staticmethod
    def backward(ctx, grad):
        x, reynolds, rr = ctx.saved_tensors
        inner = rr / 3.7 + 2.51 * x / reynolds
        k = 2 / (math.log(10) * inner)
        dg_dx = 1 + k * 2.51 / reynolds
        d_re = grad * (k * 2.51 * x / reynolds ** 2) / dg_dx
        d_rr = grad * (-k / 3.7) / dg_dx
        return d_re, d_rr


class ColebrookSlip(Colebrook):
    """The same, the division by dg/dx forgotten in the Reynolds number's slope."""

    @staticmethod
    def backward(ctx, grad):
        x, reynolds, rr = ctx.saved_tensors
        inner = rr / 3.7 + 2.51 * x / reynolds
        k = 2 / (math.log(10) * inner)
        dg_dx = 1 + k * 2.51 / reynolds
        return grad * (k * 2.51 * x / reynolds ** 2), grad * (-k / 3.7) / dg_dx


def colebrook_factor(reynolds, relative_roughness):
    return Colebrook.apply(reynolds, relative_roughness) ** -2


def colebrook_factor_slip(reynolds, relative_roughness):
    return ColebrookSlip.apply(reynolds, relative_roughness) ** -2


def torricelli_speed(h):
    """The outflow speed sqrt(2 g h) under a water column h."""
    return torch.sqrt(2 * GRAVITY * h)


class HeadLossNet(torch.nn.Module):
    """A surrogate of the head loss from (velocity, diameter): fc2(softplus(fc1(x)))."""

    def __init__(self):
        super().__init__()
        self.fc1 = torch.nn.Linear(2, 3, dtype=torch.float64)
        self.fc2 = torch.nn.Linear(3, 1, dtype=torch.float64)
        with torch.no_grad():
            self.fc1.weight.copy_(torch.tensor([[0.5, -1.0], [2.0, 0.25], [-0.75, 1.5]], dtype=torch.float64))
            self.fc1.bias.copy_(torch.tensor([0.125, -0.5, 0.0], dtype=torch.float64))
            self.fc2.weight.copy_(torch.tensor([[1.0, -0.5, 2.0]], dtype=torch.float64))
            self.fc2.bias.copy_(torch.tensor([0.25], dtype=torch.float64))

    def forward(self, x):
        return self.fc2(F.softplus(self.fc1(x)))


def surrogate_args():
    return {"model": HeadLossNet(), "features": torch.tensor([[1.5, 0.2], [0.5, 0.05]], dtype=torch.float64),
            "measured": torch.tensor([[0.8], [1.25]], dtype=torch.float64)}


def surrogate_loss(model, features, measured):
    return F.mse_loss(model(features), measured)


# ------------------------------------------------------------------------------------------------ optics
def image_distance(obj, focal):
    """The thin lens: 1 / d_i = 1 / f - 1 / d_o."""
    return 1 / (1 / focal - 1 / obj)


def image_distance_product(obj, focal):
    return obj * focal / (obj - focal)


def critical_angle(n_core, n_clad):
    """Total internal reflection's onset asin(n2 / n1)."""
    return torch.asin(n_clad / n_core)


def brewster_angle(n1, n2):
    return torch.atan2(n2, n1)


def normal_reflectance(n1, n2):
    """Fresnel's reflectance at normal incidence, ((n1 - n2) / (n1 + n2))^2."""
    return ((n1 - n2) / (n1 + n2)) ** 2


# ------------------------------------------------------------------------------------------------ batteries
CAPACITY, RATED_HOURS, PEUKERT = 100.0, 20.0, 1.2


def peukert_time(current):
    """Hours until empty at a constant current: H (C / (I H))^k."""
    return RATED_HOURS * (CAPACITY / (current * RATED_HOURS)) ** PEUKERT


E0, POLARISATION, EXP_A, EXP_B, R_INTERNAL = 3.7, 0.02, 0.3, 1.5, 0.05


def shepherd_voltage(drawn, current):
    """Shepherd's discharge curve E0 - K Q / (Q - it) + A exp(-B it) - R i for a cell of Q = 2.5 Ah."""
    q = 2.5
    return E0 - POLARISATION * q / (q - drawn) + EXP_A * torch.exp(-EXP_B * drawn) - R_INTERNAL * current


def state_of_charge(soc0, current):
    """Coulomb counting over a quarter hour, clamped to [0, 1]."""
    return torch.clamp(soc0 - current * 0.25 / CAPACITY, 0.0, 1.0)


R1 = 0.02


def rc_response(t, tau):
    """The voltage over an RC pair after a current step of 10 A: R1 I (1 - e^(-t/tau))."""
    return R1 * 10.0 * (1 - torch.exp(-t / tau))


def rc_response_expm1(t, tau):
    return -R1 * 10.0 * torch.expm1(-t / tau)


# ------------------------------------------------------------------------------------------------ acid-base
def hydronium(ka, conc):
    """[H+] of a weak acid from x^2 + Ka x - Ka C = 0, by the quadratic formula."""
    return (-ka + torch.sqrt(ka ** 2 + 4 * ka * conc)) / 2


def hydronium_stable(ka, conc):
    return 2 * ka * conc / (ka + torch.sqrt(ka ** 2 + 4 * ka * conc))


def acid_ph(ka, conc):
    return -torch.log10(hydronium_stable(ka, conc))


def buffer_ph(acid, base, pka):
    """Henderson-Hasselbalch: pKa + log10([A-] / [HA])."""
    return pka + torch.log10(base / acid)


# ------------------------------------------------------------------------------------------------ genetics
def heterozygosity(p):
    return 2 * p * (1 - p)


GENERATIONS = 20


def selected_frequency(p0, s):
    """An allele's frequency after GENERATIONS of selection with advantage s: p' = p (1 + s) / (1 + s p)."""
    p = p0
    for _ in range(GENERATIONS):
        p = p * (1 + s) / (1 + s * p)
    return p


ALLELE_COUNTS = [12.0, 20.0, 9.0]


def allele_nll(p):
    """Allele counts of 50 draws per population under a Binomial."""
    counts = torch.tensor(ALLELE_COUNTS, dtype=p.dtype)
    return -torch.distributions.Binomial(total_count=50, probs=p).log_prob(counts).sum()


# ------------------------------------------------------------------------------------------------ seismology
COMPLETENESS = 2.0


def b_value(mags):
    """Aki's maximum-likelihood Gutenberg-Richter b-value: log10(e) / (mean M - Mc)."""
    return math.log10(math.e) / (mags.mean() - COMPLETENESS)


WAITS = [3.5, 0.25, 12.0, 7.0]


def waiting_nll(rate):
    waits = torch.tensor(WAITS, dtype=rate.dtype)
    return -torch.distributions.Exponential(rate).log_prob(waits).sum()


MOMENTS = [1.5, 3.0, 10.0]  # in units of the smallest recorded


def moment_nll(alpha):
    moments = torch.tensor(MOMENTS, dtype=alpha.dtype)
    return -torch.distributions.Pareto(torch.ones_like(alpha), alpha).log_prob(moments).sum()


FLOODS = [850.0, 1200.0, 640.0, 2100.0]  # annual maximum discharges, m^3/s


def flood_nll(loc, scale):
    return -torch.distributions.Gumbel(loc, scale).log_prob(torch.tensor(FLOODS, dtype=loc.dtype)).sum()


def moment_magnitude(m0):
    """Mw = 2/3 (log10 M0 - 9.1), M0 in N m."""
    return 2 / 3 * (torch.log10(m0) - 9.1)


def robust_fit(slope):
    """A line through measured pH readings by Huber's loss (delta 0.5)."""
    x = torch.tensor([0.0, 1.0, 2.0], dtype=slope.dtype)
    y = torch.tensor([7.0, 6.5, 5.0], dtype=slope.dtype)
    return F.huber_loss(7.0 + slope * x, y, delta=0.5, reduction="sum")


def surrogate_peak(model, features, measured):
    """The largest predicted head loss."""
    return model(features).max()


def pump_power(h):
    """A pump's draw, 750 W per metre of lift, switched on by a float once the head passes 2 m (half at 2 m)."""
    return 750.0 * torch.heaviside(h - 2.0, torch.tensor(0.5, dtype=h.dtype)) * h
