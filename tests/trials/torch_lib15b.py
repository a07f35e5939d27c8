"""A user's PyTorch code, fifteenth round (b): normalising flows through torch.distributions transforms, attention
with a fully masked row, count and divergence losses at their boundaries (Poisson NLL at rate 0, KL divergence in
both target spellings, Gaussian NLL with a vanishing variance, cosine embedding), torch.special functions at the
points their backward formulas cancel, running log-sum-exp, weight normalisation, spectral norms, normalising a zero
vector, angles and lengths at the origin, and BatchNorm and a Transformer encoder layer as models run them."""

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.distributions import Normal, TransformedDistribution
from torch.distributions.transforms import AffineTransform, SigmoidTransform, TanhTransform


def tanh_flow_logp(y):
    """Log-density of a tanh-squashed Gaussian action, as soft actor-critic code writes it."""
    base = Normal(torch.zeros_like(y), torch.ones_like(y), validate_args=False)
    flow = TransformedDistribution(base, [TanhTransform(cache_size=0)], validate_args=False)
    return flow.log_prob(y).sum()


def logit_normal_logp(mu):
    """A logit-normal likelihood of proportions, by an affine then sigmoid flow."""
    data = torch.tensor([0.02, 0.5, 0.97], dtype=mu.dtype)
    base = Normal(torch.zeros_like(mu), torch.ones_like(mu), validate_args=False)
    flow = TransformedDistribution(base, [AffineTransform(mu, 0.5), SigmoidTransform()], validate_args=False)
    return -flow.log_prob(data).sum()


def masked_attention(q):
    """Self-attention with a causal mask whose first row also hides every key."""
    torch.manual_seed(0)
    attn = nn.MultiheadAttention(embed_dim=2, num_heads=1, batch_first=True).to(q.dtype)
    mask = torch.tensor([[True, True], [False, True]])
    out, _ = attn(q, q, q, attn_mask=mask, need_weights=False)
    return out.sum()


def attention_loss(model, q):
    mask = torch.tensor([[True, True], [False, True]])
    out, _ = model(q, q, q, attn_mask=mask, need_weights=False)
    return out.sum()


def attention_args():
    model = nn.MultiheadAttention(embed_dim=2, num_heads=1, batch_first=True).double()
    with torch.no_grad():
        model.in_proj_weight.copy_(torch.tensor([[1.0, 0.5], [-0.5, 1.0], [0.25, 0.0], [0.0, 1.0], [1.0, 1.0], [0.5, -1.0]]))
        model.in_proj_bias.zero_()
        model.out_proj.weight.copy_(torch.tensor([[1.0, 0.0], [0.0, 2.0]]))
        model.out_proj.bias.copy_(torch.tensor([0.1, -0.2]))
    return {"model": model, "q": torch.tensor([[[0.5, -1.0], [1.0, 2.0]]], dtype=torch.float64)}


def poisson_rate(rate):
    counts = torch.tensor([3.0, 1.0], dtype=rate.dtype)
    return F.poisson_nll_loss(rate, counts, log_input=False, reduction="sum")


def kl_probs(target):
    log_q = torch.log(torch.tensor([0.25, 0.5, 0.25], dtype=target.dtype))
    return F.kl_div(log_q, target, reduction="sum")


def kl_log_target(log_p):
    log_q = torch.log(torch.tensor([0.25, 0.5, 0.25], dtype=log_p.dtype))
    return F.kl_div(log_q, log_p, reduction="sum", log_target=True)


def heteroscedastic(mean, var):
    target = torch.tensor([0.5, -1.0], dtype=mean.dtype)
    return F.gaussian_nll_loss(mean, target, var, reduction="sum")


def cosine_pairs(a, b):
    labels = torch.tensor([1.0, -1.0], dtype=a.dtype)
    return F.cosine_embedding_loss(a, b, labels, margin=0.0, reduction="sum")


def tail_logcdf(x):
    return torch.special.log_ndtr(x).sum()


def scaled_bessel(x):
    return torch.special.i0e(x).sum()


def entropy(p):
    return torch.special.entr(p).sum()


def band_sinc(x):
    return torch.special.sinc(x).sum()


def scaled_erfc(x):
    return torch.special.erfcx(x).sum()


def running_lse(x):
    return torch.logcumsumexp(x, dim=0).sum()


class Head(nn.Module):
    """A weight-normalised linear head."""

    def __init__(self):
        super().__init__()
        self.fc = nn.utils.parametrizations.weight_norm(nn.Linear(3, 2, bias=False))

    def forward(self, x):
        return self.fc(x)


def wn_loss(model, x):
    return (model(x) ** 2).sum()


def wn_args():
    model = Head().double()
    with torch.no_grad():
        model.fc.parametrizations.weight.original0.copy_(torch.tensor([[2.0], [0.5]]))
        model.fc.parametrizations.weight.original1.copy_(torch.tensor([[1.0, -2.0, 0.5], [0.3, 0.4, -1.2]]))
    return {"model": model, "x": torch.tensor([[0.7, -0.1, 0.4]], dtype=torch.float64)}


def spectral(w):
    return torch.linalg.matrix_norm(w, ord=2)


def spectral_vec(w):
    return torch.linalg.norm(w, ord=2)


def unit_dirs(x):
    weights = torch.tensor([1.0, -2.0, 0.5], dtype=x.dtype)
    return (F.normalize(x, dim=0) * weights).sum()


def heading(y, x):
    return torch.atan2(y, x).sum()


def length(y, x):
    return torch.hypot(y, x).sum()


class Tagger(nn.Module):
    """A linear layer and BatchNorm, trained on mini-batches."""

    def __init__(self):
        super().__init__()
        self.bn = nn.BatchNorm1d(3)

    def forward(self, x):
        return self.bn(x)


def bn_train_loss(model, x):
    model.train()
    weights = torch.tensor([[1.0, -0.5, 2.0]], dtype=x.dtype)
    return (model(x) * weights).sum() + (model(x) ** 3).sum()


def bn_train_args():
    model = Tagger().double()
    with torch.no_grad():
        model.bn.weight.copy_(torch.tensor([1.5, 0.5, -1.0]))
        model.bn.bias.copy_(torch.tensor([0.1, 0.0, -0.2]))
    x = torch.tensor([[0.5, 2.0, 1.0], [-1.0, 2.0, 0.3], [0.25, 2.0, -0.7], [1.5, 2.0, 0.4]], dtype=torch.float64)
    return {"model": model, "x": x}


def encoder_loss(model, x):
    model.eval()
    return (model(x) ** 2).sum()


def encoder_args():
    torch.manual_seed(1)
    layer = nn.TransformerEncoderLayer(d_model=4, nhead=2, dim_feedforward=8, dropout=0.0, batch_first=True).double()
    x = torch.tensor([[[0.5, -1.0, 0.25, 2.0], [1.0, 0.0, -0.5, 0.3]]], dtype=torch.float64)
    return {"model": layer, "x": x}


class Rotor(nn.Module):
    """A linear map kept orthogonal by a parametrisation (matrix exponential of a skew matrix)."""

    def __init__(self):
        super().__init__()
        self.fc = nn.utils.parametrizations.orthogonal(nn.Linear(2, 2, bias=False))

    def forward(self, x):
        return self.fc(x)


def rotor_loss(model, x):
    target = torch.tensor([[1.0, 0.0]], dtype=x.dtype)
    return ((model(x) - target) ** 2).sum()


def rotor_args():
    torch.manual_seed(0)
    model = Rotor().double()
    with torch.no_grad():
        model.fc.parametrizations.weight.original.copy_(torch.tensor([[0.3, -0.7], [0.4, 0.1]]))
    return {"model": model, "x": torch.tensor([[0.6, 0.8]], dtype=torch.float64)}
