"""A user's code on gradcli.numpy, round 61c: fitting, quadrature and discrete calculus as scientific code writes them
(np.polyfit / np.polyval, np.linalg.lstsq and pinv fits, np.trapezoid, a cumulative trapezoid and Simpson's rule by
hand, np.gradient and np.diff, a fixed Gauss-Legendre rule, np.convolve / np.correlate modes, Richardson
extrapolation, weighted and centred moments, the log-likelihood of a fitted line), checked at ordinary points, at
near-degenerate designs, at constant data, at 1e-300 / 1e300, float64 and float32."""

import numpy as onp  # plain NumPy for data only: the Gauss-Legendre nodes and weights

import gradcli.numpy as np

T4 = np.array([0.0, 1.0, 2.0, 3.0])
T5 = np.array([0.0, 0.25, 0.5, 0.75, 1.0])
Y4 = np.array([1.0, 3.0, 2.0, 5.0])
W4 = np.array([1.0, 2.0, 3.0, 4.0])
K3 = np.array([1.0, -2.0, 0.5])
GL_X, GL_W = onp.polynomial.legendre.leggauss(5)
GX = np.array(GL_X)
GW = np.array(GL_W)


# --- least squares fits -----------------------------------------------------------------------------------------------

def polyfit_slope(y):
    """The slope of the least squares line through (T4, y)."""
    return np.polyfit(T4, y, 1)[0]


def polyfit_rss(y):
    """The residual sum of squares of a quadratic fit through (T5, y)."""
    c = np.polyfit(T5, y, 2)
    r = y - np.polyval(c, T5)
    return np.sum(r * r)


def polyfit_nodes(x):
    """The slope of a line fitted through the nodes x to the data Y4 (the design moves)."""
    return np.polyfit(x, Y4, 1)[0]


def polyval_fit(a):
    """A quadratic fitted to e^(a t) on T5, evaluated at t = 0.6 (interpolating a model between samples)."""
    y = np.exp(a * T5)
    return np.polyval(np.polyfit(T5, y, 2), 0.6)


def lstsq_coef(y):
    """The slope of a line by np.linalg.lstsq on the design [1, t] at T4."""
    A = np.stack([np.ones(4), T4], axis=1)
    coef = np.linalg.lstsq(A, y, rcond=None)[0]
    return coef[1]


def lstsq_design(x):
    """The intercept of a line by np.linalg.lstsq, the design [1, x] moving with x (data Y4)."""
    A = np.stack([np.ones(4), x], axis=1)
    coef = np.linalg.lstsq(A, Y4, rcond=None)[0]
    return coef[0]


def pinv_coef(y):
    """The slope of a line by the pseudo-inverse of the design [1, t] at T4."""
    A = np.stack([np.ones(4), T4], axis=1)
    return (np.linalg.pinv(A) @ y)[1]


def normal_eq_slope(x):
    """The slope by the normal equations solved with np.linalg.solve, the design [1, x] moving with x."""
    A = np.stack([np.ones(4), x], axis=1)
    coef = np.linalg.solve(A.T @ A, A.T @ Y4)
    return coef[1]


def fit_loglik(y):
    """The profile Gaussian log-likelihood of a line fitted to (T4, y): -n/2 (log(2 pi RSS/n) + 1)."""
    c = np.polyfit(T4, y, 1)
    r = y - np.polyval(c, T4)
    n = 4.0
    return -0.5 * n * (np.log(2.0 * np.pi * np.sum(r * r) / n) + 1.0)


# --- quadrature -------------------------------------------------------------------------------------------------------

def trapezoid_nodes(x):
    """np.trapezoid of x^2 over the nodes x themselves (the nodes move)."""
    return np.trapezoid(x * x, x)


def trapezoid_param(s):
    """np.trapezoid of sin(s t) over 5 fixed nodes on [0, 1]."""
    return np.trapezoid(np.sin(s * T5), T5)


def cumtrapz_sum(y):
    """The cumulative trapezoid of y over T4, by hand (cumsum of the panels), summed."""
    panels = 0.5 * (y[1:] + y[:-1]) * np.diff(T4)
    return np.sum(np.cumsum(panels))


def simpson(s):
    """Simpson's rule by hand for exp(-s t^2) on [0, 1] with 8 panels."""
    t = np.linspace(0.0, 1.0, 9)
    f = np.exp(-s * t * t)
    h = 1.0 / 8.0
    return h / 3.0 * (f[0] + 4.0 * np.sum(f[1:-1:2]) + 2.0 * np.sum(f[2:-1:2]) + f[-1])


def gauss_legendre(s):
    """A 5-point Gauss-Legendre rule for the integral of 1 / (1 + s x^2) over [-1, 1], nodes as data."""
    return np.sum(GW / (1.0 + s * GX * GX))


def gauss_legendre_interval(b):
    """The 5-point rule for the integral of e^t over [0, b], nodes mapped to the interval b moves."""
    t = 0.5 * b * (GX + 1.0)
    return 0.5 * b * np.sum(GW * np.exp(t))


def richardson(x):
    """Richardson's extrapolation of the central difference of sin at x, steps 0.1 and 0.05."""
    def central(h):
        return (np.sin(x + h) - np.sin(x - h)) / (2.0 * h)
    return (4.0 * central(0.05) - central(0.1)) / 3.0


def richardson_step(h):
    """The same extrapolation at x = 1 in its step h."""
    def central(k):
        return (np.sin(1.0 + k) - np.sin(1.0 - k)) / (2.0 * k)
    return (4.0 * central(0.5 * h) - central(h)) / 3.0


# --- discrete calculus ------------------------------------------------------------------------------------------------

def gradient_energy(y):
    """sum of np.gradient(y)^2 (unit spacing: one-sided at the ends, central inside)."""
    g = np.gradient(y)
    return np.sum(g * g)


def gradient_spaced(y):
    """sum W4 * np.gradient(y, T5[:4]) (spacing 0.25)."""
    return np.sum(W4 * np.gradient(y, 0.25))


def gradient_coords(x):
    """np.gradient of the fixed data Y4 on the moving coordinates x, weighted."""
    return np.sum(W4 * np.gradient(Y4, x))


def diff2_energy(y):
    """The roughness penalty sum of the second differences squared."""
    d = np.diff(y, n=2)
    return np.sum(d * d)


def diff_log(y):
    """sum of log |diff y| (a log-spacing loss)."""
    return np.sum(np.log(np.abs(np.diff(y))))


# --- convolution ------------------------------------------------------------------------------------------------------

def convolve_valid(x):
    return np.sum(W4[:3] * np.convolve(x, K3, mode="valid"))


def convolve_full(x):
    return np.sum(np.convolve(x, K3, mode="full") ** 2)


def correlate_same(x):
    return np.sum(W4 * np.correlate(x, K3, mode="same"))


def correlate_self(x):
    """The lag-1 autocorrelation of x by np.correlate, over the lag-0 one."""
    c = np.correlate(x, x, mode="full")
    n = x.shape[0]
    return c[n] / c[n - 1]


# --- moments ----------------------------------------------------------------------------------------------------------

def weighted_var(x):
    """The weighted centred second moment sum w (x - mu)^2 / sum w, mu the weighted mean."""
    mu = np.average(x, weights=W4)
    return np.average((x - mu) ** 2, weights=W4)


def weighted_m3(x):
    """The weighted centred third moment."""
    mu = np.sum(W4 * x) / np.sum(W4)
    return np.sum(W4 * (x - mu) ** 3) / np.sum(W4)


def var_np(x):
    return np.var(x)


def std_np(x):
    return np.std(x)


def var_naive(x):
    """E[x^2] - E[x]^2, the one-pass formula that cancels."""
    return np.mean(x * x) - np.mean(x) ** 2


def weights_mean(w):
    """np.average of fixed data Y4 with the weights as variables."""
    return np.average(Y4, weights=w)


def skewness(x):
    """m3 / m2^1.5 of x."""
    d = x - np.mean(x)
    return np.mean(d ** 3) / np.mean(d * d) ** 1.5


# --- residuals of exact fits (the data on the model: every residual 0) ------------------------------------------------

def _line_design():
    return np.stack([np.ones(4), T4], axis=1)


def lstsq_rss(y):
    """The residual sum of squares of a line fitted by np.linalg.lstsq."""
    A = _line_design()
    r = y - A @ np.linalg.lstsq(A, y, rcond=None)[0]
    return np.sum(r * r)


def pinv_rss(y):
    """The residual sum of squares of a line fitted by the pseudo-inverse."""
    A = _line_design()
    r = y - A @ (np.linalg.pinv(A) @ y)
    return np.sum(r * r)


def normal_rss(y):
    """The residual sum of squares of a line fitted by the normal equations (np.linalg.solve)."""
    A = _line_design()
    r = y - A @ np.linalg.solve(A.T @ A, A.T @ y)
    return np.sum(r * r)


def polyfit_nodes_rss(x):
    """The residual sum of squares of a line fitted through the moving nodes x to the data [1, 3, 5, 7]."""
    y = np.array([1.0, 3.0, 5.0, 7.0])
    r = y - np.polyval(np.polyfit(x, y, 1), x)
    return np.sum(r * r)


def legendre_quad(c):
    """The 5-point Gauss-Legendre rule applied to the Legendre series sum c_k P_k (np.polynomial.legendre.legval)."""
    return np.sum(GW * np.polynomial.legendre.legval(GX, c))
