"""A user's plain NumPy code, eighty-sixth round (d): a NeRF volume renderer on one ray of four samples (t = 2 ..
3.5, delta = 0.5, grey colours) in an analysis script: alpha by 1 - np.exp and by -np.expm1, the transmittance by
np.cumprod of [1, 1 - alpha + 1e-10], a ReLU density by np.maximum and a softplus one by np.logaddexp, the expected
depth, the accumulated opacity, a hand-written sigmoid colour, PSNR by np.log10, positional encoding, a ray-sphere hit
and a normalised view direction."""

import numpy as np

T_VALS = np.array([2.0, 2.5, 3.0, 3.5])
DELTA = 0.5
RGB = np.array([0.875, 0.375, 0.625, 0.125])
GT = np.array([0.25, 0.5, 0.75])
VIEW_W = np.array([0.25, 0.5, -0.75])


def weights_nerf(sigma):
    alpha = 1.0 - np.exp(-sigma * DELTA)
    trans = np.cumprod(np.concatenate([[1.0], 1.0 - alpha[:-1] + 1e-10]))
    return alpha * trans


def weights_stable(sigma):
    sd = sigma * DELTA
    alpha = -np.expm1(-sd)
    return alpha * np.exp(-(np.cumsum(sd) - sd))


def render(sigma):
    return np.sum(weights_nerf(sigma) * RGB)


def render_stable(sigma):
    return np.sum(weights_stable(sigma) * RGB)


def render_relu(raw):
    return render(np.maximum(raw, 0.0))


def render_softplus(raw):
    return render(np.logaddexp(0.0, raw - 1.0))


def acc(sigma):
    return np.sum(weights_nerf(sigma))


def depth(sigma):
    w = weights_nerf(sigma)
    return np.sum(w * T_VALS) / np.sum(w)


def depth_eps(sigma):
    w = weights_nerf(sigma)
    return np.sum(w * T_VALS) / (np.sum(w) + 1e-10)


def sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


def render_rgb(raw_rgb):
    """Colours from a hand-written sigmoid over fixed density weights (sigma = 1 everywhere)."""
    return np.sum(weights_stable(np.ones(4)) * sigmoid(raw_rgb))


def psnr(pred):
    return -10.0 * np.log10(np.mean((pred - GT) ** 2))


def posenc(x):
    xb = x[:, None] * (2.0 ** np.arange(10))[None, :] * np.pi
    return np.sum(np.sin(xb)) + np.sum(np.cos(xb))


def sphere_t(o):
    d = np.array([0.0, 0.0, 1.0])
    b = 2.0 * np.dot(o, d)
    c = np.dot(o, o) - 1.0
    return (-b - np.sqrt(b * b - 4.0 * c)) / 2.0


def view_dir(d):
    return np.sum(d / np.linalg.norm(d) * VIEW_W)


def composite(alpha):
    trans = np.cumprod(np.concatenate([[1.0], 1.0 - alpha[:-1]]))
    return np.sum(alpha * trans * RGB)
