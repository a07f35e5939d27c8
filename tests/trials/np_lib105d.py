"""A user's plain NumPy code, hundred-and-fifth round (d): signed distance fields with numpy: a sphere, a box
(np.linalg.norm of np.maximum(q, 0) plus np.minimum(np.max(q), 0)), a torus and a capsule (np.clip of a projection);
CSG by np.minimum / np.maximum; the polynomial and exponential smooth minima; an occupancy by hand; sphere tracing;
a SIREN layer and a positional encoding; the eikonal loss and a surface normal with the inner gradient written by
hand."""

import numpy as np

BOX = np.array([1.0, 0.5, 0.25])
CAP_B = np.array([0.0, 1.0, 0.0])
C1, C2 = np.array([-1.0, 0.0, 0.0]), np.array([1.0, 0.0, 0.0])
EPS_OCC = 1e-3
TARGET, RAY = np.array([0.0, 0.0, 3.0]), np.array([0.0, 0.0, 1.0])
W1 = np.array([[0.5, -0.25], [0.75, 0.5], [-0.5, 1.25]])
B1 = np.array([0.125, -0.25, 0.0625])
V = np.array([0.5, -0.75, 0.25])
W0 = 30.0
READ = np.array([0.5, -0.25, 1.0])


def sphere(p, r):
    return np.linalg.norm(p) - r


def box(p):
    q = np.abs(p) - BOX
    return np.linalg.norm(np.maximum(q, 0.0)) + np.minimum(np.max(q), 0.0)


def torus(p):
    q = np.array([np.sqrt(p[0] ** 2 + p[2] ** 2) - 1.0, p[1]])
    return np.linalg.norm(q) - 0.25


def capsule(p, r):
    h = np.clip(np.dot(p, CAP_B) / np.dot(CAP_B, CAP_B), 0.0, 1.0)
    return np.linalg.norm(p - CAP_B * h) - r


def union(p):
    return np.minimum(np.linalg.norm(p - C1) - 1.0, np.linalg.norm(p - C2) - 1.0)


def intersect(p):
    return np.maximum(np.linalg.norm(p - C1) - 1.0, np.linalg.norm(p - C2) - 1.0)


def smin_poly(a, b, k):
    h = np.clip(0.5 + 0.5 * (b - a) / k, 0.0, 1.0)
    return b * (1.0 - h) + a * h - k * h * (1.0 - h)


def smin_exp(a, b, k):
    return -k * np.log(np.exp(-a / k) + np.exp(-b / k))


def occupancy_naive(p):
    return 1.0 / (1.0 + np.exp((np.linalg.norm(p) - 1.0) / EPS_OCC))


def sphere_trace(o):
    t = 0.0
    for _ in range(4):
        t = t + np.linalg.norm(o + t * RAY - TARGET) - 1.0
    return t


def siren(x):
    return np.dot(V, np.sin(W0 * (W1 @ x + B1)))


def posenc10(x):
    return np.sum(np.sin(2.0 ** np.arange(10) * np.pi * x))


def eikonal_sq(p):
    """f = |p|^2 - 1, its gradient 2p by hand."""
    return (np.linalg.norm(2.0 * p) - 1.0) ** 2


def eikonal_siren(x):
    g = W1.T @ (V * W0 * np.cos(W0 * (W1 @ x + B1)))
    return (np.linalg.norm(g) - 1.0) ** 2


def normal_sq(p):
    g = 2.0 * p
    return np.dot(g / np.linalg.norm(g), READ)
