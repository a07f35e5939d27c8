"""A user's array code on gradcli.numpy, round 54c: softmax / log-softmax over an axis with keepdims, temperature
scaling, attention softmax(q @ k.T / sqrt(d)) @ v, matrix and vector norms (ord 'fro', 1, inf, 2, 'nuc', axis=),
normalisation by a scaled norm."""

import gradcli.numpy as gnp

W2 = gnp.array([[1.0, -2.0], [0.5, 3.0]])


def log_softmax_rows(z):
    """log-softmax over axis 1 with keepdims, the entries (0, 0) and (1, 2) picked."""
    shifted = z - gnp.max(z, axis=1, keepdims=True)
    ls = shifted - gnp.log(gnp.sum(gnp.exp(shifted), axis=1, keepdims=True))
    return ls[0, 0] + ls[1, 2]


def softmax_temp(x, t):
    """softmax(x / t)[0], max-shifted."""
    s = x / t
    e = gnp.exp(s - gnp.max(s))
    return (e / gnp.sum(e))[0]


def softmax_temp_naive(x, t):
    e = gnp.exp(x / t)
    return (e / gnp.sum(e))[0]


def attention(q, k, v):
    """sum(W2 * softmax(q @ k.T / sqrt(2), axis=-1) @ v)."""
    s = q @ k.T / gnp.sqrt(2.0)
    s = s - gnp.max(s, axis=-1, keepdims=True)
    a = gnp.exp(s)
    a = a / gnp.sum(a, axis=-1, keepdims=True)
    return gnp.sum(W2 * (a @ v))


def norm_fro(a):
    return gnp.linalg.norm(a, "fro")


def norm_ord1(a):
    return gnp.linalg.norm(a, 1)


def norm_ordinf(a):
    return gnp.linalg.norm(a, gnp.inf)


def norm_ord2(a):
    return gnp.linalg.norm(a, 2)


def norm_nuc(a):
    return gnp.linalg.norm(a, "nuc")


def row_norms(x):
    """sum of the rows' 2-norms, weighted."""
    return gnp.sum(gnp.linalg.norm(x, axis=1) * gnp.array([1.0, 2.0]))


def unit_dot(x):
    """w . x / |x|, the norm taken of x scaled by its largest magnitude."""
    m = gnp.max(gnp.abs(x))
    u = x / (m * gnp.linalg.norm(x / m))
    return gnp.sum(u * gnp.array([1.0, 2.0, -1.0]))
