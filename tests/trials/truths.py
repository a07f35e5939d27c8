"""The exact gradients that depend on a trial file's own data, worked out in mpmath from the data."""

import importlib.util
import os

import mpmath

from cases import sigmoid, softmax

HERE = os.path.dirname(os.path.abspath(__file__))


def load(file):
    """A fresh copy of a trial file as a module (its data made as its own code makes them)."""
    spec = importlib.util.spec_from_file_location("trial_" + file.split(".")[0], os.path.join(HERE, file))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _rows(array):
    return [[mpmath.mpf(float(v)) for v in row] for row in array.tolist()]


def jax_logistic():
    params, batch = load("jax_losses.py").data()
    w = [mpmath.mpf(float(v)) for v in params["w1"]]
    b = mpmath.mpf(float(params["b"]))
    xs, ys = _rows(batch["x"]), [mpmath.mpf(float(v)) for v in batch["y"]]
    grad = [mpmath.mpf(0)] * len(w)
    for x, y in zip(xs, ys):
        z = sum(a * c for a, c in zip(x, w)) + b
        grad = [g + (sigmoid(z) - y) * c / len(xs) for g, c in zip(grad, x)]
    return {"params.w1": grad}


def torch_ce():
    logits, target = load("torch_losses.py").ce_data()
    rows = _rows(logits.numpy())
    grad = []
    for row, t in zip(rows, target.tolist()):
        p = softmax(row)
        grad.append([(v - (1 if k == t else 0)) / len(rows) for k, v in enumerate(p)])
    return {"logits": grad}


def torch_mlp():
    net, x, y = load("torch_losses.py").mlp_args()
    w1, b1 = _rows(net.fc1.weight.detach().numpy()), [mpmath.mpf(float(v)) for v in net.fc1.bias.detach()]
    w2, b2 = _rows(net.fc2.weight.detach().numpy())[0], mpmath.mpf(float(net.fc2.bias.detach()[0]))
    xs, ys = _rows(x.numpy()), [mpmath.mpf(float(v)) for v in y]
    grad = [[mpmath.mpf(0)] * len(w1[0]) for _ in w1]
    for xi, yi in zip(xs, ys):
        h = [mpmath.tanh(sum(a * c for a, c in zip(row, xi)) + bias) for row, bias in zip(w1, b1)]
        out = sum(a * c for a, c in zip(w2, h)) + b2
        d_out = 2 * (out - yi) / len(xs)
        for j in range(len(w1)):
            d_pre = d_out * w2[j] * (1 - h[j] ** 2)
            grad[j] = [g + d_pre * c for g, c in zip(grad[j], xi)]
    return {"model.fc1.weight": grad}


def np_logistic(w):
    module = load("numpy_legacy.py")
    xs, ys = _rows(module.X), [mpmath.mpf(float(v)) for v in module.Y]
    w = [mpmath.mpf(v) for v in w]
    grad = [mpmath.mpf(0)] * len(w)
    for x, y in zip(xs, ys):
        m = y * sum(a * c for a, c in zip(x, w))
        grad = [g - sigmoid(-m) * y * c / len(xs) for g, c in zip(grad, x)]
    return {"w": grad}


def jax_model():
    params, xs, labels = load("jax_model.py").example()
    w, b = _rows(params.w), [mpmath.mpf(float(v)) for v in params.b]
    rows, n = _rows(xs), len(labels)
    grad = [[mpmath.mpf(0)] * len(w[0]) for _ in w]
    for x, label in zip(rows, labels.tolist()):
        h = [mpmath.tanh(sum(x[k] * w[k][j] for k in range(len(x))) + b[j]) for j in range(len(b))]
        p = softmax(h)
        for j in range(len(b)):
            d = (p[j] - (1 if j == label else 0)) * (1 - h[j] ** 2) / n
            for k in range(len(x)):
                grad[k][j] += d * x[k]
    return {"params.w": grad}


def torch_bce():
    model, x, y = load("torch_kinks.py").data()
    w1, b1 = _rows(model[0].weight.detach().double().numpy()), [mpmath.mpf(float(v)) for v in model[0].bias.detach()]
    w2, b2 = _rows(model[2].weight.detach().double().numpy())[0], mpmath.mpf(float(model[2].bias.detach()[0]))
    xs, ys = _rows(x.double().numpy()), [mpmath.mpf(float(v)) for v in y]
    grad = [[mpmath.mpf(0)] * len(w1[0]) for _ in w1]
    for xi, yi in zip(xs, ys):
        h = [mpmath.tanh(sum(a * c for a, c in zip(row, xi)) + bias) for row, bias in zip(w1, b1)]
        out = sum(a * c for a, c in zip(w2, h)) + b2
        d_out = (sigmoid(out) - yi) / len(xs)
        for j in range(len(w1)):
            d_pre = d_out * w2[j] * (1 - h[j] ** 2)
            grad[j] = [g + d_pre * c for g, c in zip(grad[j], xi)]
    return {"model.0.weight": grad}


def tf_params():
    params, batch = load("tf_params.py").example_args()
    w, b = [mpmath.mpf(float(v)) for v in params["w1"]], mpmath.mpf(float(params["b"]))
    xs, ys = _rows(batch["x"]), [mpmath.mpf(float(v)) for v in batch["y"]]
    grad = [mpmath.mpf(0)] * len(w)
    for x, y in zip(xs, ys):
        h = mpmath.tanh(sum(a * c for a, c in zip(x, w)) + b)
        d = -y * sigmoid(-y * h) * (1 - h * h) / len(xs)
        grad = [g + d * c for g, c in zip(grad, x)]
    return {"params.w1": grad}


def np_logcosh():
    weights = [mpmath.mpf(float(v)) for v in load("numpy_alias.py").WEIGHTS]
    return {"x": [wt * mpmath.tanh(mpmath.mpf(v)) for wt, v in zip(weights, (800, 1, -2))]}
