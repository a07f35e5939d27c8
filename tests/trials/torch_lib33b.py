"""A user's PyTorch code, thirty-third round (b): variational autoencoders, normalising flows, contrastive
image-text training, recurrent cells, attention over padded batches, gradient clipping rules and robust regression.
A VAE's Gaussian KL written with logvar.exp() and with log(std ** 2), a beta-VAE's capacity term |KL - C|, a
Bernoulli decoder by F.binary_cross_entropy on sigmoid probabilities and by the logits form, a radial flow's
log-determinant, a Glow-style invertible linear layer read by its weight's name, SigLIP's pairwise sigmoid loss by
F.logsigmoid and by log(sigmoid), nn.LSTMCell and nn.GRUCell stepped by hand, nn.MultiheadAttention with a
key_padding_mask, norm clipping as an autograd.Function (a value clip with its right backward, and a gradient clip
that is no derivative) and a Geman-McClure loss."""

import torch
import torch.nn.functional as F

# ------------------------------------------------------------------------------------------------------- VAE
def vae_kl(mu, logvar):
    """KL(N(mu, exp(logvar)) || N(0, 1)), Kingma and Welling's closed form as every VAE tutorial writes it."""
    kl = -0.5 * (1 + logvar - mu ** 2 - logvar.exp())
    return kl.sum()


def vae_kl_std(mu, logvar):
    """The same KL from the standard deviation the reparameterisation samples with."""
    std = torch.exp(0.5 * logvar)
    kl = -0.5 * (1 + torch.log(std ** 2) - mu ** 2 - std ** 2)
    return kl.sum()


CAPACITY = 0.5
GAMMA = 100.0


def beta_vae_capacity(mu, logvar):
    """Burgess et al.'s controlled-capacity term gamma |KL - C|."""
    return GAMMA * torch.abs(vae_kl(mu, logvar) - CAPACITY)


PIXELS = [0.0, 1.0, 1.0]


def bernoulli_decoder_probs(z):
    """A Bernoulli decoder's reconstruction term, from the probabilities."""
    x = torch.tensor(PIXELS, dtype=z.dtype)
    return F.binary_cross_entropy(torch.sigmoid(z), x, reduction="sum")


def bernoulli_decoder_logits(z):
    """The same from the logits."""
    x = torch.tensor(PIXELS, dtype=z.dtype)
    return F.binary_cross_entropy_with_logits(z, x, reduction="sum")


# ------------------------------------------------------------------------------------------------------ flows
Z0 = [0.5, -0.5]
RADIAL_ALPHA = 0.5
RADIAL_BETA = 2.0


def radial_flow_nll(z):
    """A radial flow (Rezende and Mohamed) pushed onto a standard normal: 0.5 |f(z)|^2 - log|det df/dz|."""
    z0 = torch.tensor(Z0, dtype=z.dtype)
    diff = z - z0
    r = torch.linalg.vector_norm(diff)
    h = 1.0 / (RADIAL_ALPHA + r)
    f = z + RADIAL_BETA * h * diff
    log_det = (z.numel() - 1) * torch.log1p(RADIAL_BETA * h) + torch.log1p(RADIAL_BETA * h - RADIAL_BETA * h ** 2 * r)
    return 0.5 * (f ** 2).sum() - log_det


class InvertibleLinear(torch.nn.Module):
    """Glow's invertible 1x1 convolution over two channels: a square weight whose log|det| enters the likelihood."""

    def __init__(self, weight):
        super().__init__()
        self.weight = torch.nn.Parameter(torch.tensor(weight, dtype=torch.float64))

    def forward(self, x):
        return x @ self.weight.T, x.shape[0] * torch.slogdet(self.weight)[1]


GLOW_WEIGHT = [[1.0, 0.5], [2.0, -1.0]]  # det -2: slogdet's sign is -1
GLOW_X = [[0.5, -1.0], [1.5, 0.25], [-0.75, 2.0]]


def glow_args():
    return {"model": InvertibleLinear(GLOW_WEIGHT), "x": torch.tensor(GLOW_X, dtype=torch.float64)}


def glow_nll(model, x):
    """Negative log-likelihood of the batch under a standard normal after the layer."""
    y, log_det = model(x)
    return 0.5 * (y ** 2).sum() - log_det


# ---------------------------------------------------------------------------------------------------- SigLIP
TEXT = [[1.0, 0.0], [0.6, 0.8]]
SIGLIP_T = 10.0
SIGLIP_B = -10.0


def _siglip_logits(images, scale):
    img = F.normalize(images, dim=-1)
    txt = F.normalize(torch.tensor(TEXT, dtype=images.dtype), dim=-1)
    return scale * img @ txt.T + SIGLIP_B


def siglip_loss(images):
    """SigLIP's pairwise sigmoid loss: +1 on the diagonal pairs, -1 off it."""
    labels = 2 * torch.eye(2, dtype=images.dtype) - 1
    return -F.logsigmoid(labels * _siglip_logits(images, SIGLIP_T)).sum() / 2


def siglip_naive(images):
    """The same with the log of the sigmoid, and the temperature after training (t = 100)."""
    labels = 2 * torch.eye(2, dtype=images.dtype) - 1
    return -torch.log(torch.sigmoid(labels * _siglip_logits(images, 100.0))).sum() / 2


# ---------------------------------------------------------------------------------------------- recurrent cells
def _filled(cell, weights):
    with torch.no_grad():
        for p, w in zip(cell.parameters(), weights):
            p.copy_(torch.tensor(w, dtype=p.dtype))
    return cell


LSTM_IH = [[0.5, -0.25], [0.3, 0.8], [-0.6, 0.2], [0.1, 0.4], [0.7, -0.5], [0.2, 0.9], [-0.3, 0.6], [0.4, -0.1]]
LSTM_HH = [[0.1, -0.2], [0.3, 0.05], [-0.1, 0.2], [0.25, -0.3], [0.15, 0.1], [-0.2, 0.3], [0.05, 0.2], [0.3, -0.15]]
LSTM_B = [0.1, -0.1, 0.2, 0.0, -0.2, 0.1, 0.05, 0.3]


def lstm_steps(x):
    """An nn.LSTMCell stepped over the rows of ``x`` by hand; the sum of the last hidden and cell states."""
    cell = _filled(torch.nn.LSTMCell(2, 2, dtype=x.dtype), [LSTM_IH, LSTM_HH, LSTM_B, [0.0] * 8])
    h = torch.zeros(1, 2, dtype=x.dtype)
    c = torch.zeros(1, 2, dtype=x.dtype)
    for t in range(x.shape[0]):
        h, c = cell(x[t:t + 1], (h, c))
    return h.sum() + c.sum()


GRU_IH = [[0.5, -0.25], [0.3, 0.8], [-0.6, 0.2], [0.1, 0.4], [0.7, -0.5], [0.2, 0.9]]
GRU_HH = [[0.1, -0.2], [0.3, 0.05], [-0.1, 0.2], [0.25, -0.3], [0.15, 0.1], [-0.2, 0.3]]
GRU_B = [0.1, -0.1, 0.2, 0.0, -0.2, 0.1]


def gru_steps(x):
    """An nn.GRUCell stepped over the rows of ``x`` by hand; the last hidden state weighted."""
    cell = _filled(torch.nn.GRUCell(2, 2, dtype=x.dtype), [GRU_IH, GRU_HH, GRU_B, [0.0] * 6])
    h = torch.zeros(1, 2, dtype=x.dtype)
    for t in range(x.shape[0]):
        h = cell(x[t:t + 1], h)
    return (h * torch.tensor([1.0, -2.0], dtype=x.dtype)).sum()


# -------------------------------------------------------------------------------------------------- attention
ATTN_IN = [[0.5, -0.25], [0.3, 0.8], [-0.6, 0.2], [0.1, 0.4], [0.7, -0.5], [0.2, 0.9]]
ATTN_OUT = [[1.0, -0.5], [0.25, 0.75]]
KEYS = [[[1.0, 0.0], [0.0, 1.0], [0.5, 0.5]], [[0.2, -0.4], [1.0, 1.0], [-1.0, 0.3]]]


def attention_args():
    """One head over a batch of two padded sequences: the first has two real keys, the second three."""
    mha = torch.nn.MultiheadAttention(2, 1, batch_first=True, dtype=torch.float64)
    with torch.no_grad():
        mha.in_proj_weight.copy_(torch.tensor(ATTN_IN, dtype=torch.float64))
        mha.in_proj_bias.zero_()
        mha.out_proj.weight.copy_(torch.tensor(ATTN_OUT, dtype=torch.float64))
        mha.out_proj.bias.zero_()
    return {"model": mha, "query": torch.tensor([[[0.5, 1.0]], [[-1.0, 0.25]]], dtype=torch.float64),
            "keys": torch.tensor(KEYS, dtype=torch.float64),
            "padding": torch.tensor([[False, False, True], [False, False, False]])}


def attention_loss(model, query, keys, padding):
    """Sum of squares of the attended outputs."""
    out, _ = model(query, keys, keys, key_padding_mask=padding)
    return (out ** 2).sum()


def attention_query(query):
    """The same attention in its queries, the second sequence all padding (an empty batch slot)."""
    args = attention_args()
    padding = torch.tensor([[False, False, True], [True, True, True]])
    out, _ = args["model"](query, args["keys"].to(query.dtype), args["keys"].to(query.dtype), key_padding_mask=padding)
    return (out[0] ** 2).sum()


def attention_masked_args():
    """The same batch with the second sequence all padding (an empty slot of the batch)."""
    return {**attention_args(), "padding": torch.tensor([[False, False, True], [True, True, True]])}


def attention_first_loss(model, query, keys, padding):
    """Sum of squares of the first sequence's attended output."""
    out, _ = model(query, keys, keys, key_padding_mask=padding)
    return (out[0] ** 2).sum()


# ------------------------------------------------------------------------------------------------- clipping
MAX_NORM = 1.0
CLIP_WEIGHTS = [3.0, 4.0]


class ClipByNorm(torch.autograd.Function):
    """x scaled down to norm MAX_NORM when it is longer, with its Jacobian written out."""

    @staticmethod
    def forward(ctx, x):
        norm = torch.linalg.vector_norm(x)
        ctx.save_for_backward(x, norm)
        return x * torch.clamp(MAX_NORM / norm, max=1.0)

    @staticmethod
    def backward(ctx, grad):
        x, norm = ctx.saved_tensors
        unit = x / norm
        outside = MAX_NORM / norm * (grad - unit * (unit * grad).sum())
        return torch.where(norm > MAX_NORM, outside, grad)


class ClipByNormBranching(torch.autograd.Function):
    """The same clip written with Python branches on the norm."""

    @staticmethod
    def forward(ctx, x):
        norm = torch.linalg.vector_norm(x)
        ctx.save_for_backward(x, norm)
        return x * MAX_NORM / norm if norm > MAX_NORM else x.clone()

    @staticmethod
    def backward(ctx, grad):
        x, norm = ctx.saved_tensors
        if norm <= MAX_NORM:
            return grad
        unit = x / norm
        return MAX_NORM / norm * (grad - unit * (unit * grad).sum())


class ClipGradient(torch.autograd.Function):
    """The identity, its incoming gradient clipped to norm MAX_NORM (a training trick for exploding gradients)."""

    @staticmethod
    def forward(ctx, x):
        return x.clone()

    @staticmethod
    def backward(ctx, grad):
        return grad * torch.clamp(MAX_NORM / torch.linalg.vector_norm(grad), max=1.0)


def clipped_value(x):
    return (ClipByNorm.apply(x) * torch.tensor(CLIP_WEIGHTS, dtype=x.dtype)).sum()


def clipped_value_branching(x):
    return (ClipByNormBranching.apply(x) * torch.tensor(CLIP_WEIGHTS, dtype=x.dtype)).sum()


def clipped_gradient(x):
    return (ClipGradient.apply(x) * torch.tensor(CLIP_WEIGHTS, dtype=x.dtype)).sum()


# -------------------------------------------------------------------------------------------- robust regression
SIGMA = 0.5
TARGETS = [1.0, -2.0, 0.5]


def geman_mcclure(pred):
    """The Geman-McClure robust loss sum r^2 / (r^2 + sigma^2)."""
    r = pred - torch.tensor(TARGETS, dtype=pred.dtype)
    return (r ** 2 / (r ** 2 + SIGMA ** 2)).sum()


def geman_mcclure_scaled(pred):
    """The same written as 1 - sigma^2 / (r^2 + sigma^2), as the loss's other form reads."""
    r = pred - torch.tensor(TARGETS, dtype=pred.dtype)
    return (1 - SIGMA ** 2 / (r ** 2 + SIGMA ** 2)).sum()
