from torch import nn
import torch
import torch.nn.functional as F


def relu_sum(x):
    return F.relu(x).sum()


def abs_sum(x):
    return torch.abs(x).sum()


def gelu_sum(x):
    return F.gelu(x).sum()


def log_clamped(p):
    return torch.log(torch.clamp(p, min=1e-7)).sum()


def log_where(x):
    return torch.where(x > 1, torch.log(x - 1) ** 2, torch.zeros_like(x))


classifier = nn.Sequential(nn.Linear(2, 2), nn.Tanh(), nn.Linear(2, 1))
torch.manual_seed(3)
for p in classifier.parameters():
    nn.init.normal_(p, std=0.5)


def bce(model, x, y):
    return F.binary_cross_entropy_with_logits(model(x).squeeze(-1), y)


def data():
    return classifier, torch.tensor([[1.0, -2.0], [0.5, 0.25], [-1.0, 3.0]]), torch.tensor([1.0, 0.0, 1.0])
