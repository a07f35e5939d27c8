"""A user's indexing and array code on gradcli.numpy, round 54c: fancy indexing with repeated indices, take, boolean
masks, np.add.at, sort-based top-k, median and percentile at ties, cumsum / cumprod / diff, where with array
conditions, einsum, matmul chains that cancel, cross products, polyval at a double root, interp at and between
knots, convolve, clip with array bounds."""

import gradcli.numpy as gnp

XP = gnp.array([0.0, 1.0, 2.0])
FP_KINK = gnp.array([0.0, 1.0, 3.0])
FP_LINE = gnp.array([0.0, 1.0, 2.0])


def gather_sq(x):
    return gnp.sum(x[[0, 0, 2]] ** 2)


def take_sq(x):
    return gnp.sum(gnp.take(x, [2, 0, 2]) ** 2)


def mask_exp(x):
    return gnp.sum(gnp.exp(x[x > 0]))


def add_at_sq(x):
    """np.add.at's sums written as gradcli.numpy code can (the statement writes in place: refused here, with this
    rewrite named; followed in a plain NumPy module, np_lib54c.add_at_sq)."""
    out = gnp.zeros(3) + gnp.bincount([0, 0, 1], weights=x, minlength=3)
    return gnp.sum(out ** 2)


def top2_weighted(x):
    s = gnp.sort(x)
    return s[-1] + 2.0 * s[-2]


def top2_sum(x):
    s = gnp.sort(x)
    return s[-1] + s[-2]


def argsort_weighted(x):
    return gnp.sum(x[gnp.argsort(x)] * gnp.array([1.0, 2.0, 3.0]))


def median_plain(x):
    return gnp.median(x)


def pct25(x):
    return gnp.percentile(x, 25)


def cumsum_sq(x):
    return gnp.sum(gnp.cumsum(x) ** 2)


def cumprod_sum(x):
    return gnp.sum(gnp.cumprod(x))


def where_sq(x, y):
    return gnp.sum(gnp.where(x > y, x * x, y))


def einsum_trace3(a, b, c):
    return gnp.einsum("ij,jk,ki->", a, b, c)


def residual_sq(a, b, c):
    r = a @ b - c
    return gnp.sum(r * r)


def triple(a, b, c):
    return gnp.dot(gnp.cross(a, b), c)


def polyval_root(p, x):
    return gnp.polyval(p, x)


def interp_kink(x):
    return gnp.interp(x, XP, FP_KINK)


def interp_line(x):
    return gnp.interp(x, XP, FP_LINE)


def conv_sq(x):
    return gnp.sum(gnp.convolve(x, gnp.array([1.0, -1.0])) ** 2)


def clip_arrays(x, lo, hi):
    return gnp.sum(gnp.clip(x, lo, hi) * gnp.array([1.0, 3.0]))
