"""A user's PyTorch code, thirty-second round (b): speech and audio front ends, language-model heads, vector
quantisation, quantisation-aware training, reinforcement learning objectives, hyperbolic embeddings and a Jacobian
penalty. mu-law companding (torchaudio's formula, sign(x) log1p(mu |x|) / log1p(mu)), decibels with torchaudio's
amplitude clamp and top_db floor, F.ctc_loss for a repeated label at the only length that fits it (and one frame
short, with zero_infinity), nn.AdaptiveLogSoftmaxWithLoss read by its parameters' names, a VQ-VAE codebook lookup
with the straight-through z + (q - z).detach() and its commitment term, a rounding autograd.Function that passes its
gradient straight through, torch.fake_quantize_per_tensor_affine, PPO's clipped surrogate, the soft value
alpha logsumexp(q / alpha) at a small temperature (and written with exp and log), the Lorentz model's distance with
its acosh clamp (and without it) at a repeated point, an observation normaliser whose running statistics are
buffers, and a contractive penalty through torch.func.jacrev."""

import math

import torch
import torch.nn.functional as F

# ------------------------------------------------------------------------------------------------------ audio
MU = 255.0
MU_WEIGHTS = [1.0, -2.0, 0.5]


def mu_law(x):
    """torchaudio's mu-law companding, weighted (a stand-in for the network that reads it)."""
    y = torch.sign(x) * torch.log1p(MU * torch.abs(x)) / math.log1p(MU)
    return (y * torch.tensor(MU_WEIGHTS, dtype=x.dtype)).sum()


def amplitude_to_db(spec):
    """Mean decibels of a power spectrum, torchaudio's way: the amplitude clamped at 1e-10, the floor top_db below
    the loudest bin."""
    db = 10.0 * torch.log10(torch.clamp(spec, min=1e-10))
    db = torch.maximum(db, db.max() - 80.0)
    return db.mean()


def ctc_repeat(logits):
    """F.ctc_loss of the label "a a" (class 1 twice, blank 0) over the frames of ``logits`` [T, C]."""
    log_probs = F.log_softmax(logits, dim=-1)[:, None, :]
    return F.ctc_loss(log_probs, torch.tensor([[1, 1]]), [logits.shape[0]], [2], reduction="sum", zero_infinity=True)


def ctc_two(logits):
    """F.ctc_loss of the label "a b" (classes 1 and 2) over the frames of ``logits`` [T, C]."""
    log_probs = F.log_softmax(logits, dim=-1)[:, None, :]
    return F.ctc_loss(log_probs, torch.tensor([[1, 2]]), [logits.shape[0]], [2], reduction="sum")


# --------------------------------------------------------------------------------------- adaptive softmax head
AS_X = [[1.0, -0.5], [0.25, 2.0], [-1.0, 0.5]]
AS_TARGET = [0, 3, 2]
AS_HEAD = [[0.5, -0.25], [-1.0, 0.75], [0.25, 0.5]]
AS_PROJ = [[0.5, 1.0]]
AS_TAIL = [[1.5], [-0.5]]


def adaptive_args():
    """An adaptive softmax over four words: two in the head, two in one tail cluster (projection width 1)."""
    model = torch.nn.AdaptiveLogSoftmaxWithLoss(2, 4, cutoffs=[2], div_value=2.0).double()
    with torch.no_grad():
        model.head.weight.copy_(torch.tensor(AS_HEAD, dtype=torch.float64))
        model.tail[0][0].weight.copy_(torch.tensor(AS_PROJ, dtype=torch.float64))
        model.tail[0][1].weight.copy_(torch.tensor(AS_TAIL, dtype=torch.float64))
    return {"model": model, "x": torch.tensor(AS_X, dtype=torch.float64), "target": torch.tensor(AS_TARGET)}


def adaptive_loss(model, x, target):
    """The head's mean negative log-likelihood."""
    return model(x, target).loss


# ------------------------------------------------------------------------------------------ vector quantisation
CODEBOOK = [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]
VQ_TARGET = [[0.1, 0.2], [0.8, 0.9]]
BETA = 0.25


def vq_loss(z):
    """VQ-VAE's loss for two encoder outputs: the nearest code passed straight through, plus the commitment term."""
    codebook = torch.tensor(CODEBOOK, dtype=z.dtype)
    idx = torch.cdist(z, codebook).argmin(dim=1)
    q = codebook[idx]
    z_q = z + (q - z).detach()
    recon = ((z_q - torch.tensor(VQ_TARGET, dtype=z.dtype)) ** 2).sum()
    return recon + BETA * ((z - q.detach()) ** 2).sum()


# ----------------------------------------------------------------------------------- quantisation-aware training
QUANT_WEIGHTS = [1.0, -0.5, 2.0]


class RoundSTE(torch.autograd.Function):
    """Rounding whose backward passes the gradient straight through."""

    @staticmethod
    def forward(ctx, x):
        return torch.round(x)

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output


def quantized_ste(x):
    """Weights quantised to a grid of 0.25 by the straight-through rounding."""
    q = RoundSTE.apply(x * 4.0) / 4.0
    return (q * torch.tensor(QUANT_WEIGHTS, dtype=x.dtype)).sum()


def fake_quant(x):
    """The same grid through PyTorch's fake_quantize (8-bit signed, scale 0.25)."""
    q = torch.fake_quantize_per_tensor_affine(x, 0.25, 0, -128, 127)
    return (q * torch.tensor(QUANT_WEIGHTS, dtype=x.dtype)).sum()


# ------------------------------------------------------------------------------------------- reinforcement learning
ADVANTAGES = [1.0, -1.0, 1.0, -0.5]
CLIP = 0.2


def ppo_clip(ratio):
    """PPO's clipped surrogate objective (negated, to minimise), in the probability ratios."""
    adv = torch.tensor(ADVANTAGES, dtype=ratio.dtype)
    surrogate = torch.min(ratio * adv, torch.clamp(ratio, 1 - CLIP, 1 + CLIP) * adv)
    return -surrogate.mean()


ALPHA = 0.01


def soft_value(q):
    """Soft Q-learning's state value alpha logsumexp(q / alpha)."""
    return ALPHA * torch.logsumexp(q / ALPHA, dim=0)


def soft_value_naive(q):
    """The same written out."""
    return ALPHA * torch.log(torch.exp(q / ALPHA).sum())


# ------------------------------------------------------------------------------------------ hyperbolic embeddings
ANCHOR = [0.5, -0.25]


def _lorentz_inner(x):
    y = torch.tensor(ANCHOR, dtype=x.dtype)
    x0 = torch.sqrt(1 + (x * x).sum())
    y0 = torch.sqrt(1 + (y * y).sum())
    return -x0 * y0 + (x * y).sum()


def lorentz_distance(x):
    """Distance on the hyperboloid from a point lifted from its spatial coordinates to a fixed anchor (HypE's clamp)."""
    return torch.acosh(torch.clamp(-_lorentz_inner(x), min=1 + 1e-7))


def lorentz_distance_naive(x):
    """The same without the clamp."""
    return torch.acosh(-_lorentz_inner(x))


# ------------------------------------------------------------------------------------ a normaliser with buffers
class ObservationNormalizer(torch.nn.Module):
    """RL's observation normaliser: running mean and variance kept as buffers, clipped to +-5, then a linear head."""

    def __init__(self):
        super().__init__()
        self.register_buffer("running_mean", torch.tensor([0.5, -1.0, 2.0], dtype=torch.float64))
        self.register_buffer("running_var", torch.tensor([0.25, 4.0, 0.01], dtype=torch.float64))
        self.head = torch.nn.Linear(3, 1).double()
        with torch.no_grad():
            self.head.weight.copy_(torch.tensor([[0.5, -1.0, 0.25]], dtype=torch.float64))
            self.head.bias.fill_(0.1)

    def forward(self, obs):
        z = (obs - self.running_mean) / torch.sqrt(self.running_var + 1e-8)
        return self.head(torch.clamp(z, -5.0, 5.0))[:, 0]


NORM_OBS = [[1.0, 0.0, 2.05], [0.0, -3.0, 1.0]]  # the last observation's third entry is 10 sigma out: clipped
NORM_Y = [0.5, -1.0]


def normalizer_args():
    return {"model": ObservationNormalizer(), "obs": torch.tensor(NORM_OBS, dtype=torch.float64),
            "y": torch.tensor(NORM_Y, dtype=torch.float64)}


def normalizer_loss(model, obs, y):
    """Squared error of the normalised head's predictions."""
    return ((model(obs) - y) ** 2).sum()


# --------------------------------------------------------------------------------------------- Jacobian penalty
ENC_W = [[1.0, -0.5], [0.25, 2.0], [-1.5, 0.5]]
ENC_B = [0.1, -0.2, 0.3]


def contractive_penalty(x):
    """A contractive autoencoder's penalty: the squared Frobenius norm of the encoder's Jacobian, by jacrev."""
    w = torch.tensor(ENC_W, dtype=x.dtype)
    b = torch.tensor(ENC_B, dtype=x.dtype)
    jac = torch.func.jacrev(lambda v: torch.tanh(w @ v + b))(x)
    return (jac ** 2).sum()
