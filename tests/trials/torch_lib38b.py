"""A user's PyTorch code, thirty-eighth round (b): digital communications, computational neuroscience, fatigue and
fracture, and nuclear structure. Shannon's capacity from an SNR in dB, BPSK's bit error rate by erfc and its log by
torch.special.log_ndtr, a Q-function as an autograd.Function (right, and with its Gaussian's 1/2 forgotten), Rayleigh
fading's outage by 1 - exp and by expm1, water-filling's powers clamped at 0, retransmissions under a Geometric; a
leaky integrate-and-fire neuron's firing rate, Hodgkin-Huxley's potassium rate alpha_n naive, by expm1 and with its
limit put in by torch.where, a Poisson spike-count likelihood by torch.distributions and by F.poisson_nll_loss through
an encoder nn.Module read by its parameters' names, Gamma inter-spike intervals, a rate network stepped in a Python
loop; the Paris law's life in cycles (its 0/0 at m = 2), a two-input autograd.Function for its crack growth rate
(right, and with the log forgotten in the exponent's slope), Miner's damage with an endurance limit by torch.where, the
log of Norton's creep rate; the Woods-Saxon potential by 1 / (1 + exp) and by sigmoid; and spike / no-spike decoding
by F.binary_cross_entropy of sigmoid probabilities and by F.binary_cross_entropy_with_logits."""

import math

import torch
import torch.nn.functional as F


# ------------------------------------------------------------------------------------------- communications
def shannon_capacity(snr_db):
    """Bits per channel use of an AWGN channel at an SNR given in dB."""
    snr = 10 ** (snr_db / 10)
    return torch.log2(1 + snr)


def log_ber(snr):
    """The log of BPSK's bit error rate Q(sqrt(2 SNR)) = erfc(sqrt(SNR)) / 2."""
    return torch.log(0.5 * torch.erfc(torch.sqrt(snr)))


def log_ber_stable(snr):
    return torch.special.log_ndtr(-torch.sqrt(2 * snr))


class QFunction(torch.autograd.Function):
    """The Gaussian tail Q(x) = erfc(x / sqrt 2) / 2, its backward -exp(-x^2 / 2) / sqrt(2 pi)."""

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return 0.5 * torch.erfc(x / math.sqrt(2))

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return -grad * torch.exp(-x ** 2 / 2) / math.sqrt(2 * math.pi)


class QFunctionSlip(QFunction):
    """The same, the Gaussian's 1/2 forgotten in its exponent."""

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return -grad * torch.exp(-x ** 2) / math.sqrt(2 * math.pi)


def ber_q(snr):
    return QFunction.apply(torch.sqrt(2 * snr))


def ber_q_slip(snr):
    return QFunctionSlip.apply(torch.sqrt(2 * snr))


def outage_probability(threshold, mean_snr):
    """Rayleigh fading: the chance the SNR falls below the threshold, 1 - exp(-threshold / mean)."""
    return 1 - torch.exp(-threshold / mean_snr)


def outage_probability_expm1(threshold, mean_snr):
    return -torch.expm1(-threshold / mean_snr)


WATER_LEVEL = 2.0


def water_filling_capacity(gains):
    """Sum capacity of parallel channels given powers (mu - 1/g)^+ at a fixed water level mu."""
    power = torch.clamp(WATER_LEVEL - 1 / gains, min=0.0)
    return torch.log2(1 + gains * power).sum()


RETRIES = [0.0, 3.0, 1.0, 0.0]


def retransmission_nll(p):
    """Retransmissions before success of four packets under a Geometric with success probability p."""
    retries = torch.tensor(RETRIES, dtype=p.dtype)
    return -torch.distributions.Geometric(probs=p).log_prob(retries).sum()


# ------------------------------------------------------------------------------------------- neuroscience
TAU_M, T_REF, V_TH = 0.02, 0.002, 1.0  # s, s, in units of R I


def lif_rate(current):
    """A leaky integrate-and-fire neuron's firing rate 1 / (t_ref + tau log(I / (I - V_th)))."""
    return 1 / (T_REF + TAU_M * torch.log(current / (current - V_TH)))


def alpha_n(v):
    """Hodgkin-Huxley's potassium activation rate 0.01 (v + 55) / (1 - exp(-(v + 55) / 10)), per ms."""
    return 0.01 * (v + 55) / (1 - torch.exp(-(v + 55) / 10))


def alpha_n_expm1(v):
    u = v + 55
    return -0.01 * u / torch.expm1(-u / 10)


def alpha_n_where(v):
    """The same, its removable singularity at -55 mV put in by its series."""
    u = v + 55
    series = 0.1 + 0.005 * u
    return torch.where(torch.abs(u) < 1e-6, series, 0.01 * u / (1 - torch.exp(-u / 10)))


SPIKES = [0.0, 3.0, 1.0]


def spike_nll(log_rate):
    """Spike counts in three bins under a Poisson whose log rate is given."""
    rate = torch.exp(log_rate)
    counts = torch.tensor(SPIKES, dtype=log_rate.dtype)
    return -torch.distributions.Poisson(rate).log_prob(counts).sum()


ISIS = [0.012, 0.03, 0.021, 0.008]  # s


def isi_nll(shape, rate):
    """Inter-spike intervals under a Gamma."""
    isis = torch.tensor(ISIS, dtype=shape.dtype)
    return -torch.distributions.Gamma(shape, rate).log_prob(isis).sum()


class Encoder(torch.nn.Module):
    """Log firing rates of two neurons from a two-dimensional stimulus."""

    def __init__(self):
        super().__init__()
        self.readout = torch.nn.Linear(2, 2, dtype=torch.float64)
        with torch.no_grad():
            self.readout.weight.copy_(torch.tensor([[0.8, -0.3], [0.1, 1.2]], dtype=torch.float64))
            self.readout.bias.copy_(torch.tensor([0.5, -1.0], dtype=torch.float64))

    def forward(self, stimulus):
        return self.readout(stimulus)


def encoder_args():
    return {"model": Encoder(), "stimulus": torch.tensor([[1.0, 0.5], [-0.5, 2.0], [0.25, -1.0]], dtype=torch.float64),
            "counts": torch.tensor([[2.0, 0.0], [1.0, 9.0], [3.0, 1.0]], dtype=torch.float64)}


def encoder_nll(model, stimulus, counts):
    return F.poisson_nll_loss(model(stimulus), counts, log_input=True, reduction="sum")


def encoder_peak(model, stimulus, counts):
    return model(stimulus).exp().max()


RATE_STEPS, DT = 30, 0.1


def rate_network(coupling, drive):
    """Two rate units r' = -r + sigmoid(W r + I), stepped by Euler for RATE_STEPS steps; the final rates' sum."""
    r = torch.zeros(2, dtype=coupling.dtype)
    w = torch.stack([torch.stack([torch.zeros_like(coupling), coupling]),
                     torch.stack([-coupling, torch.zeros_like(coupling)])])
    for _ in range(RATE_STEPS):
        r = r + DT * (-r + torch.sigmoid(w @ r + drive))
    return r.sum()


# ------------------------------------------------------------------------------------------- fatigue and fracture
PARIS_C, GEOMETRY, STRESS_RANGE = 1.0e-11, 1.12, 100.0  # m/cycle (MPa sqrt m)^-m, -, MPa
A_INITIAL, A_FINAL = 0.001, 0.02  # m


def paris_cycles(m):
    """Cycles for a crack to grow from a_i to a_f under the Paris law, integrated in closed form."""
    e = 1 - m / 2
    k = GEOMETRY * STRESS_RANGE * math.sqrt(math.pi)
    return (A_FINAL ** e - A_INITIAL ** e) / (PARIS_C * e * k ** m)


class ParisRate(torch.autograd.Function):
    """da/dN = C dK^m, computed without a graph; the backward written out in dK and m."""

    @staticmethod
    def forward(ctx, dk, m):
        rate = PARIS_C * dk ** m
        ctx.save_for_backward(dk, m, rate)
        return rate

    @staticmethod
    def backward(ctx, grad):
        dk, m, rate = ctx.saved_tensors
        return grad * m * rate / dk, grad * rate * torch.log(dk)


class ParisRateSlip(ParisRate):
    """The same, the exponent's slope written without its log."""

    @staticmethod
    def backward(ctx, grad):
        dk, m, rate = ctx.saved_tensors
        return grad * m * rate / dk, grad * rate


def paris_rate(dk, m):
    return ParisRate.apply(dk, m)


def paris_rate_slip(dk, m):
    return ParisRateSlip.apply(dk, m)


BLOCKS, ENDURANCE, FATIGUE_STRENGTH, BASQUIN_B = [1.0e4, 2.0e5, 5.0e5], 150.0, 900.0, -0.1


def miner_damage(stress):
    """Miner's rule over three load blocks; below the endurance limit a block does no damage."""
    cycles = torch.tensor(BLOCKS, dtype=stress.dtype)
    life = 0.5 * (stress / FATIGUE_STRENGTH) ** (1 / BASQUIN_B)
    return torch.where(stress > ENDURANCE, cycles / life, torch.zeros_like(stress)).sum()


NORTON_A, NORTON_N, ACTIVATION, GAS = 1.0e-5, 4.0, 3.0e5, 8.314


def log_creep_rate(temp):
    """log10 of Norton's creep rate A sigma^n exp(-Q / (R T)) at 50 MPa."""
    return torch.log10(NORTON_A * 50.0 ** NORTON_N * torch.exp(-ACTIVATION / (GAS * temp)))


# ------------------------------------------------------------------------------------------- nuclear structure
DEPTH, RADIUS, DIFFUSENESS = 50.0, 6.0, 0.5  # MeV, fm, fm


def woods_saxon(r):
    """The nuclear mean-field potential -V0 / (1 + exp((r - R) / a))."""
    return -DEPTH / (1 + torch.exp((r - RADIUS) / DIFFUSENESS))


def woods_saxon_sigmoid(r):
    return -DEPTH * torch.sigmoid(-(r - RADIUS) / DIFFUSENESS)


# ------------------------------------------------------------------------------------------- spike decoding
FIRED = [1.0, 0.0, 1.0]


def decoder_bce(logit):
    """Spike / no-spike decoding by the binary cross-entropy of sigmoid probabilities."""
    return F.binary_cross_entropy(torch.sigmoid(logit), torch.tensor(FIRED, dtype=logit.dtype), reduction="sum")


def decoder_bce_logits(logit):
    return F.binary_cross_entropy_with_logits(logit, torch.tensor(FIRED, dtype=logit.dtype), reduction="sum")
