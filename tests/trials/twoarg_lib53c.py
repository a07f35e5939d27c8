"""A user's code on gradcli.numpy, round 53c: two-argument ops at tiny and huge points (arctan2, hypot, copysign,
maximum / minimum / fmax, power and float_power, a product chain that underflows and recovers) and compositions of
reductions (mean, prod, linalg.norm with ord 1, 2 and inf, var and std with ddof) with where / abs / clip."""

import gradcli.numpy as gnp


def atan2_plain(y, x):
    return gnp.arctan2(y, x)


def hypot_plain(x, y):
    return gnp.hypot(x, y)


def copysign_plain(x, y):
    return gnp.copysign(x, y)


def max_min(x, y):
    return gnp.maximum(x, y) + 2.0 * gnp.minimum(x, y)


def fmax_plain(x, y):
    return gnp.fmax(x, y)


def power_plain(x, y):
    return x ** y


def float_power_plain(x, y):
    return gnp.float_power(x, y)


def under_and_back(x):
    return x * 1e-300 * 1e300


def mean_abs(x):
    return gnp.mean(gnp.abs(x))


def prod_plain(x):
    return gnp.prod(x)


def norm1(x):
    return gnp.linalg.norm(x, ord=1)


def norm2(x):
    return gnp.linalg.norm(x, ord=2)


def norm_inf(x):
    return gnp.linalg.norm(x, ord=gnp.inf)


def var_ddof(x):
    return gnp.var(x, ddof=1)


def std_ddof(x):
    return gnp.std(x, ddof=1)


def clip_sum(x):
    return gnp.sum(gnp.clip(x, -1e-300, 1e-300))


def smooth_abs(x):
    return gnp.where(gnp.abs(x) < 1e-300, 0.5 * x * x / 1e-300 + 0.5e-300, gnp.abs(x))


def mixed_reduce(x):
    return gnp.mean(gnp.where(x > 0.0, gnp.log1p(x), -gnp.expm1(-x))) + gnp.linalg.norm(x, ord=1) / 3.0
