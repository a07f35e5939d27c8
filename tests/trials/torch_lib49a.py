"""Round 49a, PyTorch: a solar cell's single-diode model and open-circuit voltage, a lithium-ion electrode's
Butler-Volmer kinetics and its overpotential by asinh (naive, torch.asinh, and an autograd.Function with its slope by
hand, right and slipped), and a leaky integrate-and-fire neuron's f-I curve (naive, log1p, behind one and two
torch.where), fitted to spike counts with torch.distributions.Poisson in an nn.Module."""

import torch
from torch import nn

# ------------------------------------------------------------------------------------------- photovoltaics
V_T = 0.025852  # thermal voltage at 300 K (V)
N_IDEAL = 1.3  # diode ideality factor
I_PH = 8.0  # photocurrent (A)
I_SAT = 1e-9  # diode saturation current (A)


def diode_power(v):
    """Output power of the single-diode model without series resistance: P = V (I_ph - I_0 (e^(V / n V_t) - 1))."""
    current = I_PH - I_SAT * (torch.exp(v / (N_IDEAL * V_T)) - 1)
    return torch.sum(v * current)


def diode_power_expm1(v):
    current = I_PH - I_SAT * torch.special.expm1(v / (N_IDEAL * V_T))
    return torch.sum(v * current)


def open_circuit_voltage(i_ph):
    """V_oc = n V_t log(1 + I_ph / I_0)."""
    return N_IDEAL * V_T * torch.log(1 + i_ph / I_SAT)


def open_circuit_voltage_log1p(i_ph):
    return N_IDEAL * V_T * torch.log1p(i_ph / I_SAT)


def fill_factor(voc):
    """Green's empirical fill factor from the normalised open-circuit voltage v = V_oc / n V_t."""
    v = voc / (N_IDEAL * V_T)
    return (v - torch.log(v + 0.72)) / (v + 1)


class SolarCell(nn.Module):
    """I(V) = I_ph - e^(log I_0) expm1(V / n V_t), fitted in log I_0 and the ideality n."""

    def __init__(self, log_i0, n):
        super().__init__()
        self.log_i0 = nn.Parameter(torch.tensor(log_i0, dtype=torch.float64))
        self.n = nn.Parameter(torch.tensor(n, dtype=torch.float64))

    def forward(self, v):
        return I_PH - torch.exp(self.log_i0) * torch.expm1(v / (self.n * V_T))


IV_VOLTS, IV_AMPS = [0.0, 0.3, 0.5, 0.6], [8.0, 7.99, 7.6, 5.9]


def iv_fit(model, v, i_obs):
    return torch.mean((model(v) - i_obs) ** 2)


def iv_fit_args():
    return {"model": SolarCell(-20.0, 1.3), "v": torch.tensor(IV_VOLTS, dtype=torch.float64),
            "i_obs": torch.tensor(IV_AMPS, dtype=torch.float64)}


# ------------------------------------------------------------------------------------------- electrode kinetics
F_RT = 96485.33212 / (8.314462618 * 298.15)  # F / RT at 25 C (1/V)
I0_BV = 2e-3  # exchange current density (A/cm^2)


def butler_volmer(eta, alpha=0.5):
    """Current density at overpotential eta: i_0 (e^(alpha f eta) - e^(-(1 - alpha) f eta))."""
    return torch.sum(I0_BV * (torch.exp(alpha * F_RT * eta) - torch.exp(-(1 - alpha) * F_RT * eta)))


def overpotential(i):
    """The symmetric Butler-Volmer law inverted: eta = (2 / f) asinh(i / 2 i_0), asinh as the textbook writes it."""
    x = i / (2 * I0_BV)
    return torch.sum(2 / F_RT * torch.log(x + torch.sqrt(x * x + 1)))


def overpotential_asinh(i):
    return torch.sum(2 / F_RT * torch.asinh(i / (2 * I0_BV)))


class Overpotential(torch.autograd.Function):
    """(2 / f) asinh(i / 2 i_0) with its slope by hand: (2 / f) / (2 i_0) / hypot(x, 1)."""

    @staticmethod
    def forward(ctx, i):
        x = i / (2 * I0_BV)
        ctx.save_for_backward(x)
        return 2 / F_RT * torch.asinh(x)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * (2 / F_RT) / (2 * I0_BV) / torch.hypot(x, torch.ones_like(x))


class OverpotentialSlip(torch.autograd.Function):
    """The same, the inner factor 1 / (2 i_0) of the chain rule forgotten."""

    @staticmethod
    def forward(ctx, i):
        x = i / (2 * I0_BV)
        ctx.save_for_backward(x)
        return 2 / F_RT * torch.asinh(x)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * (2 / F_RT) / torch.hypot(x, torch.ones_like(x))


def overpotential_rule(i):
    return torch.sum(Overpotential.apply(i))


def overpotential_rule_slip(i):
    return torch.sum(OverpotentialSlip.apply(i))


# ------------------------------------------------------------------------------------------- neuron f-I curve
TAU_M, T_REF = 20e-3, 2e-3  # membrane time constant, refractory period (s)
R_M, V_TH = 10.0, 15.0  # membrane resistance (MOhm), threshold above rest (mV)


def lif_rate(i):
    """Firing rate of a leaky integrate-and-fire neuron driven by a constant current i (nA), above rheobase."""
    drive = R_M * i
    return torch.sum(1 / (T_REF + TAU_M * torch.log(drive / (drive - V_TH))))


def lif_rate_log1p(i):
    drive = R_M * i
    return torch.sum(1 / (T_REF - TAU_M * torch.log1p(-V_TH / drive)))


def lif_rate_where(i):
    """The rate, 0 below rheobase."""
    drive = R_M * i
    rate = 1 / (T_REF - TAU_M * torch.log1p(-V_TH / drive))
    return torch.sum(torch.where(drive > V_TH, rate, torch.zeros_like(i)))


def lif_rate_safe(i):
    drive = R_M * i
    firing = drive > V_TH
    safe = torch.where(firing, drive, torch.full_like(drive, 2 * V_TH))
    rate = 1 / (T_REF - TAU_M * torch.log1p(-V_TH / safe))
    return torch.sum(torch.where(firing, rate, torch.zeros_like(i)))


class LIFNeuron(nn.Module):
    """The f-I curve with a trainable log membrane time constant and threshold."""

    def __init__(self, log_tau, v_th):
        super().__init__()
        self.log_tau = nn.Parameter(torch.tensor(log_tau, dtype=torch.float64))
        self.v_th = nn.Parameter(torch.tensor(v_th, dtype=torch.float64))

    def forward(self, i):
        drive = R_M * i
        return 1 / (T_REF - torch.exp(self.log_tau) * torch.log1p(-self.v_th / drive))


CURRENTS, COUNTS, WINDOW = [2.0, 3.0, 5.0], [12.0, 31.0, 58.0], 0.5  # nA, spikes, s


def spike_nll(model, i, counts):
    rate = model(i)
    return -torch.distributions.Poisson(rate * WINDOW).log_prob(counts).sum()


def spike_nll_args():
    return {"model": LIFNeuron(-3.9, 15.0), "i": torch.tensor(CURRENTS, dtype=torch.float64),
            "counts": torch.tensor(COUNTS, dtype=torch.float64)}
