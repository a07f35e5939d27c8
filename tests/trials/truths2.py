"""The exact gradients of the second trial set that depend on a trial file's own data, in mpmath from the data."""

import mpmath

from cases import _gaussian, sigmoid, softmax
from truths import _rows, load


def _vector(array):
    return [mpmath.mpf(float(v)) for v in array.tolist()]


def jax_mlp():
    """d/dw2 of mean cross-entropy of silu(x w1 + b1) w2 + b2."""
    params, batch = load("jax_train.py").init()
    w1, b1 = _rows(params["w1"]), _vector(params["b1"])
    w2, b2 = _rows(params["w2"]), _vector(params["b2"])
    xs, ys = _rows(batch["x"]), batch["y"].tolist()
    grad = [[mpmath.mpf(0)] * len(b2) for _ in b1]
    for x, y in zip(xs, ys):
        pre = [sum(x[k] * w1[k][j] for k in range(len(x))) + b1[j] for j in range(len(b1))]
        h = [v * sigmoid(v) for v in pre]
        logits = [sum(h[j] * w2[j][c] for j in range(len(h))) + b2[c] for c in range(len(b2))]
        p = softmax(logits)
        for j in range(len(h)):
            for c in range(len(b2)):
                grad[j][c] += h[j] * (p[c] - (1 if c == y else 0)) / len(xs)
    return {"params.w2": grad}


def torch_net():
    """d/d fc2.weight of cross-entropy of fc2(silu(layer_norm(fc1(x))))."""
    model, x, labels = load("torch_train.py").net_args()

    def param(t):
        return t.detach().numpy()

    w1, b1 = _rows(param(model.fc1.weight)), _vector(param(model.fc1.bias))
    gamma, beta = _vector(param(model.norm.weight)), _vector(param(model.norm.bias))
    w2, b2 = _rows(param(model.fc2.weight)), _vector(param(model.fc2.bias))
    xs, ys = _rows(x.numpy()), labels.tolist()
    grad = [[mpmath.mpf(0)] * len(b1) for _ in b2]
    for xi, y in zip(xs, ys):
        a = [sum(r * c for r, c in zip(row, xi)) + b for row, b in zip(w1, b1)]
        mean = sum(a) / len(a)
        var = sum((v - mean) ** 2 for v in a) / len(a)
        n = [(v - mean) / mpmath.sqrt(var + mpmath.mpf("1e-5")) * g + bb for v, g, bb in zip(a, gamma, beta)]
        h = [v * sigmoid(v) for v in n]
        logits = [sum(r * c for r, c in zip(row, h)) + b for row, b in zip(w2, b2)]
        p = softmax(logits)
        for c in range(len(b2)):
            for j in range(len(h)):
                grad[c][j] += (p[c] - (1 if c == y else 0)) * h[j] / len(xs)
    return {"model.fc2.weight": grad}


def gaussian():
    return _gaussian()


def np_hinge():
    module = load("numpy_star.py")
    xs, ys = _rows(module.X), _vector(module.Y)
    w = [mpmath.mpf("0.3"), mpmath.mpf("-0.2")]
    lam = mpmath.mpf(float(module.LAMBDA))
    grad = [2 * lam * v for v in w]
    for x, y in zip(xs, ys):
        if 1 - y * sum(a * b for a, b in zip(x, w)) > 0:
            grad = [g - y * a / len(xs) for g, a in zip(grad, x)]
    return {"w": grad}


def np_tanh_layer():
    module = load("numpy_star.py")
    xs, ys = _rows(module.X), _vector(module.Y)
    w = [mpmath.mpf("0.3"), mpmath.mpf("-0.2")]
    grad = [mpmath.mpf(0)] * 2
    for x, y in zip(xs, ys):
        h = mpmath.tanh(sum(a * b for a, b in zip(x, w)))
        grad = [g + (h - y) * (1 - h * h) * a / len(xs) for g, a in zip(grad, x)]
    return {"w": grad}
