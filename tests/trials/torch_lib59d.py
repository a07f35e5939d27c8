"""Round 59d (PyTorch): sequences, normalisation and masked attention as users write them: Python loops over time
steps with nn.GRUCell / nn.LSTMCell and by hand, torch.cumsum / cumprod / logcumsumexp, F.layer_norm, nn.LayerNorm,
F.rms_norm, F.batch_norm, F.normalize and hand-written norms at constant inputs, masked softmax attention."""

import torch
import torch.nn as nn
import torch.nn.functional as F

XS = [[0.5], [-1.0], [2.0]]
W = [1.0, 2.0, -0.5]


class GRU(nn.Module):
    def __init__(self):
        super().__init__()
        self.cell = nn.GRUCell(1, 2)
        with torch.no_grad():
            self.cell.weight_ih.copy_(torch.tensor([[0.5], [-0.25], [1.0], [0.75], [-1.5], [0.25]]))
            self.cell.weight_hh.copy_(torch.tensor([[0.5, -1.0], [0.25, 0.5], [-0.75, 1.0], [1.5, 0.25],
                                                    [0.5, 0.5], [-1.0, 2.0]]))
            self.cell.bias_ih.copy_(torch.tensor([0.1, -0.2, 0.3, 0.0, 0.5, -0.1]))
            self.cell.bias_hh.copy_(torch.tensor([0.0, 0.1, -0.3, 0.2, 0.25, 0.4]))

    def forward(self, xs):
        h = torch.zeros(1, 2, dtype=xs.dtype)
        for t in range(xs.shape[0]):
            h = self.cell(xs[t:t + 1], h)
        return h


class LSTM(nn.Module):
    def __init__(self):
        super().__init__()
        self.cell = nn.LSTMCell(1, 2)
        with torch.no_grad():
            self.cell.weight_ih.copy_(torch.tensor([[0.5], [-0.25], [1.0], [0.75], [-1.5], [0.25], [2.0], [-0.5]]))
            self.cell.weight_hh.copy_(torch.tensor([[0.5, -1.0], [0.25, 0.5], [-0.75, 1.0], [1.5, 0.25],
                                                    [0.5, 0.5], [-1.0, 2.0], [0.3, -0.6], [1.0, 1.0]]))
            self.cell.bias_ih.copy_(torch.tensor([0.1, -0.2, 0.3, 0.0, 0.5, -0.1, 0.2, 0.0]))
            self.cell.bias_hh.copy_(torch.tensor([0.0, 0.1, -0.3, 0.2, 0.25, 0.4, -0.2, 0.1]))

    def forward(self, xs):
        h = torch.zeros(1, 2, dtype=xs.dtype)
        c = torch.zeros(1, 2, dtype=xs.dtype)
        for t in range(xs.shape[0]):
            h, c = self.cell(xs[t:t + 1], (h, c))
        return h


def gru_args():
    return {"model": GRU().double(), "xs": torch.tensor(XS, dtype=torch.float64)}


def lstm_args():
    return {"model": LSTM().float(), "xs": torch.tensor(XS, dtype=torch.float32)}


def gru_loss(model, xs):
    return model(xs).sum()


def lstm_loss(model, xs):
    return model(xs).sum()


def rnn_by_hand(w, xs):
    h = torch.zeros_like(w)
    for t in range(xs.shape[0]):
        h = torch.tanh(w * h + xs[t])
    return h


def cumprod_sum(x):
    return torch.cumprod(x, dim=0).sum()


def cumsum_sq(x):
    return (torch.cumsum(x, dim=0) ** 2).sum()


def logcumsumexp_sum(x):
    return torch.logcumsumexp(x, dim=0).sum()


def naive_logcumsumexp(x):
    return torch.log(torch.cumsum(torch.exp(x), dim=0)).sum()


def layer_norm(x):
    w = torch.tensor(W, dtype=x.dtype)
    return (w * F.layer_norm(x, (3,), eps=1e-5)).sum()


def layer_norm_module(x):
    norm = nn.LayerNorm(3, eps=1e-5, dtype=x.dtype)
    w = torch.tensor(W, dtype=x.dtype)
    return (w * norm(x)).sum()


def layer_norm_eps_out(x):
    w = torch.tensor(W, dtype=x.dtype)
    y = (x - x.mean()) / (x.std(unbiased=False) + 1e-5)
    return (w * y).sum()


def rms_norm(x):
    w = torch.tensor(W, dtype=x.dtype)
    return (w * F.rms_norm(x, (3,), eps=1e-6)).sum()


def rms_by_hand(x):
    w = torch.tensor(W, dtype=x.dtype)
    y = x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)
    return (w * y).sum()


def batch_norm(x):
    w = torch.tensor([[1.0, 2.0], [-0.5, 0.25], [3.0, 1.0]], dtype=x.dtype)
    return (w * F.batch_norm(x, None, None, training=True, eps=1e-5)).sum()


def normalize(x):
    w = torch.tensor(W[:2], dtype=x.dtype)
    return (w * F.normalize(x, dim=0)).sum()


KT = [[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]
VT = [[1.0, -2.0], [0.5, 3.0], [-1.0, 0.25]]


def causal_attention(q):
    k, v = torch.tensor(KT, dtype=q.dtype), torch.tensor(VT, dtype=q.dtype)
    scores = q @ k.T / 2 ** 0.5
    mask = torch.triu(torch.ones(3, 3, dtype=torch.bool), diagonal=1)
    scores = scores.masked_fill(mask, float("-inf"))
    return (torch.softmax(scores, dim=-1) @ v).sum()


def padded_attention(q):
    k, v = torch.tensor(KT, dtype=q.dtype), torch.tensor(VT, dtype=q.dtype)
    scores = q @ k.T / 2 ** 0.5
    keep = torch.tensor([[True, True, False], [True, False, False], [False, False, False]])
    scores = scores.masked_fill(~keep, -1e9)
    return (torch.softmax(scores, dim=-1) @ v).sum()


def padded_attention_inf(q):
    k, v = torch.tensor(KT, dtype=q.dtype), torch.tensor(VT, dtype=q.dtype)
    scores = q @ k.T / 2 ** 0.5
    keep = torch.tensor([[True, True, False], [True, False, False], [False, False, False]])
    scores = scores.masked_fill(~keep, float("-inf"))
    return (torch.softmax(scores, dim=-1) @ v).sum()


def sdpa_causal(q):
    k, v = torch.tensor(KT, dtype=q.dtype), torch.tensor(VT, dtype=q.dtype)
    return F.scaled_dot_product_attention(q[None], k[None], v[None], is_causal=True).sum()


NORM = nn.LayerNorm(3, eps=1e-5)


def layer_norm_global(x):
    w = torch.tensor(W, dtype=x.dtype)
    return (w * NORM(x)).sum()


def causal_attention_big(q):
    k, v = torch.tensor(KT, dtype=q.dtype), torch.tensor(VT, dtype=q.dtype)
    scores = q @ k.T / 2 ** 0.5
    mask = torch.triu(torch.ones(3, 3, dtype=torch.bool), diagonal=1)
    scores = scores.masked_fill(mask, -1e9)
    return (torch.softmax(scores, dim=-1) @ v).sum()
