"""A user's plain NumPy code, twenty-fourth round (second half): Chebyshev and Hermite series by np.polynomial, a power
series by np.polynomial.polynomial.polyval, the larger root by np.roots, hinge and squared-hinge losses by np.clip, a
clipped log-loss, ridge regression by np.linalg.solve, a Mahalanobis distance by np.linalg.inv, the trace of an
inverse, log-determinants by np.linalg.det, slogdet and Cholesky, a tanh layer with float32 weights, a quadratic form by np.einsum, the energy
of a
self-convolution, a line fit's residual by np.linalg.lstsq, second differences of an edge-padded signal (np.pad), a
product by np.linalg.multi_dot, row norms by np.apply_along_axis, Lambert's W and cube roots by Newton's method in for loops (the second stopping once
its steps are small), a softmax with its maximum subtracted (and without), log-softmax by np.logaddexp.reduce,
entropy guarded by np.nan_to_num, a Box-Muller transform, the polar angle of spherical coordinates (by arccos and by
arctan2 of hypot), a norm guarded by the double-where pattern and a phase unwrapped from np.angle."""

import numpy as np

# --- series and polynomials -----------------------------------------------------------------------------------------


def chebyshev_fit_energy(c):
    """The energy of a Chebyshev series sampled at five points of [-1, 1]."""
    t = np.linspace(-1.0, 1.0, 5)
    return np.sum(np.polynomial.chebyshev.chebval(t, c) ** 2)


def hermite_profile(x):
    return np.sum(np.polynomial.hermite.hermval(x, [1.0, 0.5, -0.25]))


def power_series_by_class(c):
    return np.polynomial.Polynomial(c)(2.0)


def power_series(c):
    return np.polynomial.polynomial.polyval(2.0, c)


def larger_root(p):
    """The larger real root of the quadratic with coefficients p (highest first)."""
    return np.max(np.roots(p).real)


# --- losses with clipping -------------------------------------------------------------------------------------------

X = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
Y = np.array([1.0, -1.0, 1.0])


def hinge_loss(w):
    return np.mean(np.clip(1.0 - Y * (X @ w), 0.0, None))


def squared_hinge_loss(w):
    return np.mean(np.clip(1.0 - Y * (X @ w), 0.0, None) ** 2)


def clipped_log_loss(p):
    p = np.clip(p, 1e-7, 1 - 1e-7)
    return -np.sum(np.log(p))


# --- small linear models --------------------------------------------------------------------------------------------

DESIGN = np.array([[1.0, 2.0], [0.5, -1.0], [3.0, 0.25]])
TARGET = np.array([1.0, 0.0, 2.0])


def ridge_weight_norm(lam):
    """The squared norm of the ridge solution as a function of the penalty."""
    a = DESIGN.T @ DESIGN + lam * np.eye(2)
    w = np.linalg.solve(a, DESIGN.T @ TARGET)
    return w @ w


def mahalanobis(x):
    cov = np.array([[2.0, 0.3], [0.3, 1.0]])
    d = x - np.array([1.0, -1.0])
    return d @ np.linalg.inv(cov) @ d


def inverse_trace(a):
    return np.trace(np.linalg.inv(a))


def log_det_naive(a):
    return np.log(np.linalg.det(a))


def log_det_slogdet(a):
    _, logdet = np.linalg.slogdet(a)
    return logdet


def log_det_cholesky(a):
    chol = np.linalg.cholesky(a)
    return 2.0 * np.sum(np.log(np.diag(chol)))


W32 = np.array([[0.1, -0.7], [1.3, 0.2]], dtype=np.float32)


def float32_layer(x):
    """A tanh layer whose weights were stored in float32."""
    return np.sum(np.tanh(W32 @ x))


def quadratic_form(x):
    a = np.array([[2.0, 1.0], [-1.0, 3.0]])
    return np.einsum("i,ij,j->", x, a, x)


def self_convolution_energy(x):
    return np.sum(np.convolve(x, x) ** 2)


OBSERVED = np.array([1.0, 2.5, 2.0, 4.0])
B = np.array([[1.0, 2.0], [0.0, -1.0]])


def line_fit_residual(t):
    """The residual sum of squares of the least-squares line through (t_i, OBSERVED_i)."""
    design = np.stack([t, np.ones_like(t)], axis=1)
    coef, *_ = np.linalg.lstsq(design, OBSERVED, rcond=None)
    r = design @ coef - OBSERVED
    return r @ r


def padded_curvature(x):
    """The energy of second differences, the signal extended by its edge values."""
    p = np.pad(x, 1, mode="edge")
    return np.sum((p[2:] - 2 * p[1:-1] + p[:-2]) ** 2)


def row_norm_total(x):
    """The rows' Euclidean norms, one row at a time, summed."""
    return np.sum(np.apply_along_axis(np.linalg.norm, 1, x))


def sandwich_trace(a):
    return np.trace(np.linalg.multi_dot([a, B, a]))


# --- iterations -----------------------------------------------------------------------------------------------------


def lambert_w_total(a):
    """Lambert's W (w e^w = a) by forty Newton steps from log(1 + a), summed."""
    w = np.log1p(a)
    for _ in range(40):
        ew = np.exp(w)
        w = w - (w * ew - a) / (ew * (w + 1.0))
    return np.sum(w)


def cube_root_total(a):
    """Cube roots by Newton's method from 1, stopping once every step is below 1e-12 of its root."""
    x = np.ones_like(a)
    for _ in range(60):
        step = (x ** 3 - a) / (3 * x ** 2)
        x = x - step
        if np.all(np.abs(step) < 1e-12 * np.abs(x)):
            break
    return np.sum(x)


# --- probabilities --------------------------------------------------------------------------------------------------


def softmax_first(x):
    z = x - np.max(x)
    e = np.exp(z)
    return (e / np.sum(e))[0]


def softmax_first_naive(x):
    e = np.exp(x)
    return (e / np.sum(e))[0]


def log_softmax_first(x):
    return x[0] - np.logaddexp.reduce(x)


def row_lse_total(x):
    return np.sum(np.logaddexp.reduce(x, axis=1))


def entropy_guarded(p):
    return -np.sum(np.nan_to_num(p * np.log(p)))


def box_muller_sum(u):
    """The two normal deviates of one Box-Muller draw, added."""
    r = np.sqrt(-2.0 * np.log(u[0]))
    return r * np.cos(2 * np.pi * u[1]) + r * np.sin(2 * np.pi * u[1])


# --- geometry -------------------------------------------------------------------------------------------------------


def polar_angle_naive(p):
    x, y, z = p
    r = np.sqrt(x * x + y * y + z * z)
    return np.arccos(z / r)


def polar_angle(p):
    x, y, z = p
    return np.arctan2(np.hypot(x, y), z)


def guarded_norm(x):
    """The Euclidean norm, guarded so that its gradient at 0 is not NaN (the double-where pattern)."""
    sq = np.sum(x * x)
    safe = np.where(sq > 0, sq, 1.0)
    return np.where(sq > 0, np.sqrt(safe), 0.0)


def phase_energy(x):
    """The energy of a phase recovered from unit phasors and unwrapped."""
    return np.sum(np.unwrap(np.angle(np.exp(1j * x))) ** 2)
