"""Round 60d (plain NumPy): a small model kept in a class with its parameters in a dict, batch norm with running
statistics by hand, a layer norm."""

import numpy as np


class TinyNet:
    def __init__(self):
        self.params = {"w": np.array([[0.5, 1.5], [-0.25, 0.75]]), "b": np.array([0.125, -0.375])}

    def forward(self, params, x):
        return np.tanh(x @ params["w"] + params["b"])


NET = TinyNet()


def net_loss(params, x, y):
    return np.mean((NET.forward(params, x).sum(axis=1) - y) ** 2)


def net_args():
    return {"params": dict(NET.params), "x": np.array([[1.0, 2.0], [-0.5, 0.25], [2.0, -3.0]]),
            "y": np.array([0.5, -1.0, 0.25])}


def bn_train(x):
    mean = x.mean(axis=0)
    var = x.var(axis=0)
    return np.sum((x - mean) / np.sqrt(var + 1e-5) * np.array([[1.0, -2.0], [0.5, 1.5], [-1.0, 0.25]]))


def layer_norm_std(x):
    return np.sum((x - x.mean()) / (x.std() + 1e-5) * np.array([1.0, -2.0, 0.5]))


def sigmoid_layer(z):
    return np.sum(np.log(1.0 / (1.0 + np.exp(-z))))
