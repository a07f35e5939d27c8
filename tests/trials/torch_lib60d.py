"""Round 60d (PyTorch): models with state and modes as users build them: nn.Sequential, nn.ModuleDict,
nn.ModuleList, tied weights, register_buffer, BatchNorm1d in train() and eval(), Dropout in eval(),
torch.nn.utils.parametrizations (weight_norm, orthogonal, spectral_norm), register_parametrization with a
user module, nn.Embedding with padding_idx; parameters named by path (--wrt model.0.weight)."""

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils import parametrize
from torch.nn.utils.parametrizations import orthogonal, spectral_norm, weight_norm

W1 = [[0.5, -0.25], [1.5, 0.75], [-1.0, 0.5]]
B1 = [0.125, -0.375, 0.25]
W2 = [[1.25, -0.5, 0.75]]
B2 = [0.5]
X = [[1.0, 2.0], [-0.5, 0.25], [2.0, -3.0], [0.75, -1.0]]
Y = [0.5, -1.0, 0.25, 2.0]


def _set(layer, weight, bias=None):
    with torch.no_grad():
        layer.weight.copy_(torch.tensor(weight))
        if bias is not None:
            layer.bias.copy_(torch.tensor(bias))
    return layer


def _mlp(scale):
    model = nn.Sequential(nn.Linear(2, 3), nn.Tanh(), nn.Linear(3, 1))
    _set(model[0], [[scale * v for v in r] for r in W1], B1)
    _set(model[2], W2, B2)
    return model


def seq_args():
    return {"model": _mlp(1.0).double(), "x": torch.tensor(X, dtype=torch.float64),
            "y": torch.tensor(Y, dtype=torch.float64)}


def seq_sat_args():  # pre-activations of about a hundred: tanh saturates
    return {"model": _mlp(64.0), "x": torch.tensor(X), "y": torch.tensor(Y)}


def seq_mse(model, x, y):
    return F.mse_loss(model(x).squeeze(-1), y)


class DictNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleDict({"enc": nn.Linear(2, 3), "dec": nn.Linear(3, 2)})
        _set(self.layers["enc"], W1, B1)
        _set(self.layers["dec"], [[1.0, -0.5, 0.25], [0.5, 0.75, -1.25]], [0.0, 0.25])

    def forward(self, x):
        h = torch.sigmoid(self.layers["enc"](x))
        return self.layers["dec"](h)


def dict_args():
    return {"model": DictNet().double(), "x": torch.tensor(X, dtype=torch.float64)}


def dict_loss(model, x):
    return ((model(x) - x) ** 2).sum()


class ResidualStack(nn.Module):
    def __init__(self, depth=3):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Linear(2, 2) for _ in range(depth)])
        for k, block in enumerate(self.blocks):
            _set(block, [[0.5, -0.25 * k], [0.125 * k, 0.75]], [0.25, -0.125 * k])

    def forward(self, x):
        for block in self.blocks:
            x = x + torch.tanh(block(x))
        return x


def list_args():
    return {"model": ResidualStack().double(), "x": torch.tensor(X, dtype=torch.float64)}


def list_loss(model, x):
    return model(x).pow(2).mean()


class TiedLM(nn.Module):
    """Embedding and output projection share one Parameter (weight tying)."""

    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(4, 2)
        self.out = nn.Linear(2, 4, bias=False)
        self.out.weight = self.emb.weight
        with torch.no_grad():
            self.emb.weight.copy_(torch.tensor([[0.5, -1.0], [1.5, 0.25], [-0.75, 0.5], [0.125, 2.0]]))

    def forward(self, tokens):
        return self.out(torch.tanh(self.emb(tokens)))


def tied_args():
    return {"model": TiedLM().double(), "tokens": torch.tensor([0, 2, 3, 2]), "targets": torch.tensor([1, 3, 0, 2])}


def tied_loss(model, tokens, targets):
    return F.cross_entropy(model(tokens), targets)


class Standardised(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.tensor([0.5, -0.25]))
        self.register_buffer("inv_std", torch.tensor([2.0, 0.5]))
        self.fc = _set(nn.Linear(2, 1), [[0.75, -1.5]], [0.25])

    def forward(self, x):
        return self.fc((x - self.mean) * self.inv_std)


def buffer_args():
    return {"model": Standardised().double(), "x": torch.tensor(X, dtype=torch.float64),
            "y": torch.tensor(Y, dtype=torch.float64)}


def buffer_loss(model, x, y):
    return F.mse_loss(model(x).squeeze(-1), y)


C = [[1.0, -2.0], [0.5, 1.5], [-1.0, 0.25], [2.0, -0.5]]


def _bn(train, dtype, mean=(0.5, -1.0), var=(4.0, 0.25)):
    model = nn.Sequential(nn.Linear(2, 2), nn.BatchNorm1d(2))
    _set(model[0], [[0.5, -0.25], [1.5, 0.75]], [0.125, -0.375])
    _set(model[1], [1.5, -0.5], [0.25, 0.5])
    with torch.no_grad():
        model[1].running_mean.copy_(torch.tensor(mean))
        model[1].running_var.copy_(torch.tensor(var))
    model.train(train)
    return model.to(dtype)


def bn_train_args():
    return {"model": _bn(True, torch.float64), "x": torch.tensor(X, dtype=torch.float64)}


def bn_train32_args():
    return {"model": _bn(True, torch.float32), "x": torch.tensor(X)}


def bn_eval_args():
    return {"model": _bn(False, torch.float64), "x": torch.tensor(X, dtype=torch.float64)}


def bn_eval_zero_var_args():  # a running variance of 0: the layer divides by sqrt(eps)
    return {"model": _bn(False, torch.float64, var=(0.0, 0.25)), "x": torch.tensor(X, dtype=torch.float64)}


def bn_loss(model, x):
    return (model(x) * torch.tensor(C, dtype=x.dtype)).sum()


def bn_input(x):
    """A batch-norm layer in training mode, differentiated with respect to its input."""
    return (BN_LAYER(x) * torch.tensor(C, dtype=x.dtype)).sum()


BN_LAYER = nn.BatchNorm1d(2).double().train()


class Regressor(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Dropout(0.5), nn.Linear(3, 1))
        _set(self.net[0], W1, [0.125, -0.5, 0.25])  # no pre-activation at ReLU's switch
        _set(self.net[3], W2, B2)

    def forward(self, x):
        return self.net(x).squeeze(-1)


def dropout_eval_args():
    model = Regressor().double()
    model.eval()
    return {"model": model, "x": torch.tensor(X, dtype=torch.float64), "y": torch.tensor(Y, dtype=torch.float64)}


def dropout_loss(model, x, y):
    return F.mse_loss(model(x), y)


def _weight_norm(v):
    layer = weight_norm(nn.Linear(3, 2))
    with torch.no_grad():
        layer.parametrizations.weight.original0.copy_(torch.tensor([[2.0], [0.5]]))
        layer.parametrizations.weight.original1.copy_(torch.tensor(v))
        layer.bias.copy_(torch.tensor([0.25, -0.5]))
    return layer.double()


WN_X = [[1.0, -2.0, 0.5], [0.25, 1.0, -1.5]]


def wn_args():
    return {"model": _weight_norm([[1.0, 2.0, -2.0], [0.5, -0.25, 1.0]]), "x": torch.tensor(WN_X, dtype=torch.float64)}


def wn_zero_args():  # a direction v of zeros in one row: w = g v / |v| is 0 / 0
    return {"model": _weight_norm([[1.0, 2.0, -2.0], [0.0, 0.0, 0.0]]), "x": torch.tensor(WN_X, dtype=torch.float64)}


def wn_loss(model, x):
    return torch.tanh(model(x)).sum()


def orth_args():
    layer = orthogonal(nn.Linear(2, 2, bias=False))
    with torch.no_grad():
        layer.parametrizations.weight[0].base.copy_(torch.eye(2))
        layer.parametrizations.weight.original.copy_(torch.tensor([[-1.0, 0.0], [0.5, -1.0]]))
    return {"model": layer.double(), "x": torch.tensor([[1.0, 2.0], [-0.5, 0.25]], dtype=torch.float64)}


def orth_loss(model, x):
    return (model(x) * torch.tensor([[1.0, -1.0], [2.0, 0.5]], dtype=x.dtype)).sum()


def _spectral(train):
    layer = spectral_norm(nn.Linear(3, 2, bias=False))
    with torch.no_grad():
        layer.parametrizations.weight.original.copy_(torch.tensor([[1.0, 2.0, -2.0], [0.5, -0.25, 1.0]]))
        layer.parametrizations.weight[0]._u.copy_(torch.tensor([0.6, 0.8]))
        layer.parametrizations.weight[0]._v.copy_(torch.tensor([0.0, 0.6, -0.8]))
    layer.train(train)
    return layer.double()


def spectral_eval_args():
    return {"model": _spectral(False), "x": torch.tensor(WN_X, dtype=torch.float64)}


def spectral_train_args():
    return {"model": _spectral(True), "x": torch.tensor(WN_X, dtype=torch.float64)}


def spectral_loss(model, x):
    return (model(x) * torch.tensor([[1.0, -1.0], [2.0, 0.5]], dtype=x.dtype)).sum()


class Symmetric(nn.Module):
    def forward(self, X):
        return X.triu() + X.triu(1).transpose(-1, -2)


class NaivePositive(nn.Module):
    def forward(self, X):
        return torch.log(1 + torch.exp(X))


class Positive(nn.Module):
    def forward(self, X):
        return F.softplus(X)


def _param(module, weight, dtype):
    layer = nn.Linear(len(weight[0]), len(weight), bias=False)
    parametrize.register_parametrization(layer, "weight", module)
    with torch.no_grad():
        layer.parametrizations.weight.original.copy_(torch.tensor(weight))
    return layer.to(dtype)


def sym_args():
    return {"model": _param(Symmetric(), [[1.0, 2.0, -0.5], [0.25, -1.0, 0.75], [3.0, 0.5, 1.5]], torch.float64),
            "x": torch.tensor([[1.0, -2.0, 0.5], [0.25, 1.0, -1.5]], dtype=torch.float64)}


def positive_naive_args():  # an entry of 100: exp overflows float32
    return {"model": _param(NaivePositive(), [[100.0, -2.0], [0.5, -30.0]], torch.float32),
            "x": torch.tensor([[1.0, -2.0], [0.25, 1.0]])}


def positive_args():
    return {"model": _param(Positive(), [[100.0, -2.0], [0.5, -30.0]], torch.float32),
            "x": torch.tensor([[1.0, -2.0], [0.25, 1.0]])}


def param_loss(model, x):
    return (model(x) ** 2).sum()


def _emb(row0):
    emb = nn.Embedding(4, 2, padding_idx=0)
    with torch.no_grad():
        emb.weight.copy_(torch.tensor([row0, [1.5, 0.25], [-0.75, 0.5], [0.125, 2.0]]))
    return emb.double()


def pad_args():  # padding row at its default 0
    return {"model": _emb([0.0, 0.0]), "tokens": torch.tensor([[1, 2, 0], [3, 0, 0]])}


def pad_loaded_args():  # a pretrained padding row that is not 0
    return {"model": _emb([0.5, -1.0]), "tokens": torch.tensor([[1, 2, 0], [3, 0, 0]])}


def pad_square(model, tokens):
    return (model(tokens) ** 2).sum()


def pad_linear(model, tokens):
    e = model(tokens)
    return (e * torch.tensor([1.0, -2.0], dtype=e.dtype)).sum() + (e ** 2).sum()
