"""A user's plain NumPy code for the twenty-fourth round (c): losses swept and audited as a user would."""

import numpy as np


def log_cosh_naive(x):
    """Log-cosh regression loss, written straight from the formula."""
    return np.sum(np.log(np.cosh(x)))


def softplus_naive(x):
    return np.sum(np.log1p(np.exp(x)))


def poly_fit_loss(params, data):
    """Squared error of a quadratic a x^2 + b x + c, its coefficients in a dict."""
    xs, ys = data["x"], data["y"]
    pred = params["a"] * xs ** 2 + params["b"] * xs + params["c"]
    return np.mean((pred - ys) ** 2)


def poly_fit_args():
    params = {"a": np.array(0.5), "b": np.array(-1.25), "c": np.array(2.0)}
    data = {"x": np.array([0.0, 1.0, 2.0, 3.5]), "y": np.array([2.0, 1.5, 1.0, 4.0])}
    return {"params": params, "data": data}


def cosine_similarity(a, b):
    return np.dot(a, b) / (np.linalg.norm(a) * np.linalg.norm(b))


def rbf_kernel_sum(x, gamma):
    """Sum of an RBF kernel over a few fixed centres."""
    centres = np.array([-1.0, 0.0, 2.0])
    return np.sum(np.exp(-gamma * (x - centres) ** 2))


def softplus_thresholded(x):
    """softplus as PyTorch's F.softplus computes it: x itself past the threshold 20."""
    return np.sum(np.where(x > 20, x, np.log1p(np.exp(np.minimum(x, 20)))))


def softmax_xent_naive(z):
    """Cross-entropy of class 0, the softmax written out."""
    return -np.log(np.exp(z[0]) / np.sum(np.exp(z)))
