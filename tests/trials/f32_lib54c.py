"""A user's array code on gradcli.numpy checked in float32, round 54c: temperature softmax, log-softmax, slogdet,
eigvalsh, sort-based top-2, cumsum cancelling, polyval at a double root."""

import gradcli.numpy as gnp


def softmax_temp(x, t):
    s = x / t
    e = gnp.exp(s - gnp.max(s))
    return (e / gnp.sum(e))[0]


def log_softmax_rows(z):
    shifted = z - gnp.max(z, axis=1, keepdims=True)
    ls = shifted - gnp.log(gnp.sum(gnp.exp(shifted), axis=1, keepdims=True))
    return ls[0, 0] + ls[1, 2]


def logabsdet(a):
    return gnp.linalg.slogdet(a)[1]


def eig_top(a, b, c):
    return gnp.linalg.eigvalsh(gnp.stack([gnp.stack([a, b]), gnp.stack([b, c])]))[-1]


def top2_sum(x):
    s = gnp.sort(x)
    return s[-1] + s[-2]


def cumsum_sq(x):
    return gnp.sum(gnp.cumsum(x) ** 2)


def trace_cube(a):
    return gnp.trace(a @ a @ a)
