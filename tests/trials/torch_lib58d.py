"""Round 58d (PyTorch): real training losses as users write them: an nn.Module (Linear + tanh + Linear) and the
losses of torch.nn.functional (cross_entropy with label_smoothing / ignore_index / class weights,
binary_cross_entropy_with_logits with pos_weight, kl_div(log_target=True), nll_loss on log_softmax, huber_loss,
poisson_nll_loss, gaussian_nll_loss), and the naive spellings users write by hand."""

import torch
import torch.nn as nn
import torch.nn.functional as F


class Classifier(nn.Module):
    def __init__(self, scale=1.0):
        super().__init__()
        self.hidden = nn.Linear(2, 3)
        self.fc = nn.Linear(3, 3)
        with torch.no_grad():
            self.hidden.weight.copy_(torch.tensor([[0.5, -0.25], [1.5, 0.75], [-1.0, 0.5]]))
            self.hidden.bias.copy_(torch.tensor([0.1, -0.4, 0.2]))
            self.fc.weight.copy_(scale * torch.tensor([[1.25, -0.5, 0.75], [-1.0, 2.0, 0.5], [0.25, 0.5, -1.5]]))
            self.fc.bias.copy_(torch.tensor([0.2, -0.1, 0.0]))

    def forward(self, x):
        return self.fc(torch.tanh(self.hidden(x)))


X = [[1.0, 2.0], [-0.5, 0.25], [2.0, -3.0], [0.75, -1.0]]
LABELS = [0, 2, 1, 2]


def _args(scale, dtype, labels=LABELS):
    model = Classifier(scale).to(dtype)
    return {"model": model, "x": torch.tensor(X, dtype=dtype), "y": torch.tensor(labels)}


def ce_args():
    return _args(1.0, torch.float64)


def ce_extreme_args():  # logits of some thousands
    return _args(3000.0, torch.float32)


def ce_extreme64_args():
    return _args(3000.0, torch.float64)


def ignore_args():
    return _args(1.0, torch.float64, [0, -100, 1, 2])


def smooth_ce(model, x, y):
    return F.cross_entropy(model(x), y, label_smoothing=0.1)


def weighted_ce(model, x, y):
    weight = torch.tensor([0.2, 1.0, 3.0], dtype=x.dtype)
    return F.cross_entropy(model(x), y, weight=weight, ignore_index=-100)


def nll_on_log_softmax(model, x, y):
    return F.nll_loss(F.log_softmax(model(x), dim=1), y)


def naive_ce(model, x, y):
    probs = torch.softmax(model(x), dim=1)
    return -torch.log(probs[torch.arange(x.shape[0]), y]).mean()


def naive_ce_log(model, x, y):
    logp = torch.log(torch.softmax(model(x), dim=1))
    return F.nll_loss(logp, y)


def kl_student(model, x, y):
    teacher = torch.tensor([[-1.0, -2.0, -0.5], [0.0, 1.0, -1.0], [2.0, 0.0, 0.0], [-3.0, 1.5, 0.5]], dtype=x.dtype)
    return F.kl_div(F.log_softmax(model(x), dim=1), F.log_softmax(teacher, dim=1), log_target=True,
                    reduction="batchmean")


def bce_pos_weight(z, y):
    return F.binary_cross_entropy_with_logits(z, y, pos_weight=torch.tensor(3.0, dtype=z.dtype))


def naive_bce(z, y):
    p = torch.sigmoid(z)
    return torch.mean(-(y * torch.log(p) + (1 - y) * torch.log(1 - p)))


def log_of_sigmoid(z):
    return torch.sum(torch.log(torch.sigmoid(z)))


def huber(pred):
    target = torch.tensor([0.0, 1.0, -2.0], dtype=pred.dtype)
    return F.huber_loss(pred, target, delta=1.0)


def poisson_log_input(rate):
    counts = torch.tensor([0.0, 3.0], dtype=rate.dtype)
    return F.poisson_nll_loss(rate, counts, log_input=True)


def poisson_rate(rate):
    counts = torch.tensor([0.0, 3.0], dtype=rate.dtype)
    return F.poisson_nll_loss(rate, counts, log_input=False)


def gaussian_nll(mu, var):
    target = torch.tensor([0.5, -1.0], dtype=mu.dtype)
    return F.gaussian_nll_loss(mu, target, var)


def bce_on_probs(z, y):
    return F.binary_cross_entropy(torch.sigmoid(z), y)


def kl_to_onehot(z):
    target = torch.tensor([0.0, 1.0, 0.0], dtype=z.dtype)
    return F.kl_div(F.log_softmax(z, dim=0), target, reduction="sum")


def soft_target_ce(z):
    target = torch.tensor([[0.0, 0.25, 0.75], [1.0, 0.0, 0.0]], dtype=z.dtype)
    return F.cross_entropy(z, target)
