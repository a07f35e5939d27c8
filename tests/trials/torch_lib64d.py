"""A user's PyTorch code, sixty-fourth round (d): mixed precision and dtype promotion. x.half() softmax and
.to(torch.bfloat16) layer norm inside a float32 loss, a linear layer under torch.autocast(device_type="cpu",
dtype=torch.bfloat16), integer tensors promoted by division (torch.tensor([1, 2]) / 3 is float32), a float64 tensor
meeting float32 data (promoted to float64), float16 squares accumulated by torch.sum(dtype=torch.float32), loss
scaling in float16, a variance in bfloat16."""
import torch
import torch.nn.functional as F

C3 = torch.tensor([1.0, -2.0, 0.5])
W = torch.tensor([[0.5, -1.0, 0.25], [2.0, 1.5, 0.125]])
B = torch.tensor([0.5, -0.25])
SHIFT = torch.tensor([0.1, 0.3], dtype=torch.float64)


def softmax_half(x):
    p = F.softmax(x.half(), dim=-1)  # softmax in float16
    return (p.to(x.dtype) * C3.to(x.dtype)).sum()


def layernorm_bf16(x):
    y = F.layer_norm(x.to(torch.bfloat16), (3,))  # layer norm in bfloat16
    return (y.to(x.dtype) * C3.to(x.dtype)).sum()


def autocast_linear(x):
    with torch.autocast(device_type="cpu", dtype=torch.bfloat16):
        y = F.linear(x, W.to(x.dtype), B.to(x.dtype))  # bfloat16 under autocast
    return (y.float() ** 2).sum()


def int_weights(x):
    w = torch.tensor([1, 2]) / 3  # float32, the default dtype
    return (w * x ** 2).sum()


def shift_f64(x):
    return ((x - SHIFT) ** 2).sum()  # a float64 tensor meets x: float64


def sumsq_half_acc32(x):
    return torch.sum(x.half() ** 2, dtype=torch.float32)  # float16 squares, float32 sum


def scaled_half(x):
    s = (x.half() ** 2).sum() * 1024.0  # loss scaled by 1024 in float16
    return s.float() / 1024.0


def var_bf16(x):
    return torch.var(x.to(torch.bfloat16), correction=0).float()  # variance in bfloat16


def logsigmoid_xent_half(z):
    y = torch.tensor([1.0, 0.0])
    p = torch.sigmoid(z.half())  # probabilities in float16
    return -(y * torch.log(p.float()) + (1 - y) * torch.log(1 - p.float())).sum()


def softmax_plain(x):
    return (F.softmax(x, dim=-1) * C3.to(x.dtype)).sum()  # checked in float16 itself


def log1p_double(x):
    return torch.log1p(x.double()).float().sum()  # computed in float64, handed back in float32


def shift_f64_scalar(x):
    c = torch.tensor(0.1, dtype=torch.float64)  # a 0-dim float64 tensor: x keeps float32
    return ((x - c) ** 2).sum()


def naive_lse(x):
    return torch.log(torch.exp(x).sum())  # checked in float16 itself


def stable_lse(x):
    return torch.logsumexp(x, dim=-1)
