"""A user's plain NumPy and SciPy code, fifteenth round: piecewise-linear curves by np.interp and areas by
np.trapezoid, survival curves by np.cumprod, a mixture log-likelihood by np.logaddexp.reduce, polar coordinates by
np.hypot and np.arctan2 (at the origin too), np.sinc, a linear solve with a gradient that is identically zero, and
scipy.special's log_ndtr, ndtri, erfcx, logit / expit / log_expit, gammaincc, i0e / i1e, kve, spence and zeta."""

import numpy as np
from scipy import special


def interp_area(x):
    """Area under the piecewise-linear curve through (0, 1), (1, x[0]), (2, x[1]), (4, 0), sampled at 9 points."""
    grid = np.linspace(0.0, 4.0, 9)
    curve = np.interp(grid, np.array([0.0, 1.0, 2.0, 4.0]), np.array([1.0, x[0], x[1], 0.0]))
    return np.trapezoid(curve, grid)


def interp_at(t):
    return np.interp(t, np.array([0.0, 1.0, 2.0, 4.0]), np.array([1.0, 3.0, 2.0, 0.0]))


def survival_curve(h):
    """Discrete-time survival: S_k = prod_{j <= k} (1 - h_j); the loss is the sum of log S_k."""
    s = np.cumprod(1.0 - h)
    return np.sum(np.log(s))


def mixture_loglik(x, log_w):
    mus = np.array([-2.0, 0.0, 3.0])
    comp = -0.5 * (x[:, None] - mus[None, :]) ** 2 + log_w[None, :]
    return np.sum(np.logaddexp.reduce(comp, axis=1))


def polar(x, y):
    return np.hypot(x, y) + np.arctan2(y, x)


def sinc_sum(x):
    return np.sum(np.sinc(x))


def solve_sum(t):
    a = np.array([[1.0, 1.0], [1.0, 1.0 + t]])
    return np.sum(np.linalg.solve(a, np.array([2.0, 3.0])))


def softmax_total(z):
    e = np.exp(z - np.max(z))
    return np.sum(e / np.sum(e))


def probit_tail(x):
    return special.log_ndtr(x) + special.ndtri(special.ndtr(x / 40.0))


def mills(x):
    return np.log(special.erfcx(x))


def logit_roundtrip(p):
    return special.logit(p) + special.log_expit(-special.logit(p))


def gamma_tail(a, x):
    return np.log(special.gammaincc(a, x))


def bessel_ratio(x):
    """log(I1(x) / I0(x)), the von Mises mean resultant length's log, from the scaled Bessel functions."""
    return np.sum(np.log(special.i1e(x) / special.i0e(x)))


def bessel_kve(x):
    return special.kve(0.5, x)


def dilog(x):
    return special.spence(x)


def hurwitz(q):
    return special.zeta(3.0, q)


def mills_sum(x):
    return np.sum(np.log(special.erfcx(x)))


def log_each(x):
    return np.log(x)


def erfcx_each(x):
    return special.erfcx(x)


def bessel_each(x):
    """Each entry's scaled Bessel function: a vector output, so the check is of its Jacobian."""
    return special.i1(x)


def erfcx_each(x):
    return special.erfcx(x)


VON_MISES_DATA = np.array([0.5, -0.5, 0.25, -0.25])


def von_mises_nll(mu, kappa):
    """Negative log-likelihood of a von Mises distribution: -kappa cos(x - mu) + log(2 pi I0(kappa)) per point."""
    return np.sum(-kappa * np.cos(VON_MISES_DATA - mu) + np.log(2 * np.pi * special.i0(kappa)))


def trapezoid_nonuniform(t):
    """The area under exp(-x) sampled at [0, t, 1, 3] by the trapezoid rule, the grid itself the variable."""
    grid = np.array([0.0, t, 1.0, 3.0])
    return np.trapezoid(np.exp(-grid), grid)


def hazard_product(h):
    return np.log(np.prod(1.0 - h))


def mixture_weights(x, w):
    """A mixture's log-likelihood in its weights (zero weights allowed: log 0 = -inf drops the component)."""
    mus = np.array([-2.0, 0.0, 3.0])
    with np.errstate(divide="ignore"):
        comp = -0.5 * (x[:, None] - mus[None, :]) ** 2 + np.log(w)[None, :]
    return np.sum(np.logaddexp.reduce(comp, axis=1))


def mixture_weights_args():
    return {"x": np.array([-1.0, 2.5]), "w": np.array([0.5, 0.0, 0.5])}
