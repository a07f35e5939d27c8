"""A user's JAX code, hundredth round (d): kernels and Gaussian processes on 2-4 points in 1-2 dimensions: pairwise
distances r_ij = sqrt(sum((x_i - x_j)^2)) with the diagonal i = j included (plain, by the squared-norm expansion
|x|^2 + |y|^2 - 2 x.y clamped at 0 and at 1e-30, and guarded by a double jnp.where), Matern 1/2, 3/2 and 5/2 kernels
(on the plain distance and on GPflow's clamped one), the RBF with ARD lengthscales by softplus, a GP's negative
marginal log-likelihood by Cholesky with jitter (cho_solve, 2 sum(log(diag L))), the predictive variance at and near a
training point, a Nystrom trace term, kernel density estimates (log of a mean of exps, and logsumexp), MMD^2 (biased
and unbiased, and its square root), and a custom_vjp distance with a safe subgradient at 0 (right, and with the sign
of its second cotangent wrong on purpose)."""

import math

import jax
import jax.numpy as jnp
from jax.scipy.linalg import cho_factor, cho_solve, solve_triangular
from jax.scipy.special import logsumexp

WK = jnp.array([[1.0, 0.5, -0.25], [0.5, 2.0, 0.75], [-0.25, 0.75, 1.5]])  # weights on a 3x3 kernel matrix
SQRT3, SQRT5 = math.sqrt(3.0), math.sqrt(5.0)
JITTER = 1e-6

X_TRAIN = jnp.array([[-1.0], [0.0], [0.5], [1.5]])
X_DUP = jnp.array([[-1.0], [0.0], [0.0], [1.5]])  # a repeated input (two measurements at 0)
Y_TRAIN = jnp.array([0.3, -0.2, 0.1, 0.8])
X_FIX = jnp.array([[0.0, 0.5], [1.0, -0.5], [0.25, 1.0]])
Y_MMD = jnp.array([[0.0], [0.5], [-1.0]])
Z_DATA = jnp.array([-1.0, 0.0, 0.5, 2.0])  # kernel density data


# ----------------------------------------------------------------------------------------- distances
def pdist(x):
    diff = x[:, None, :] - x[None, :, :]
    return jnp.sqrt(jnp.sum(diff ** 2, axis=-1))


def dist_sum(x):
    """The plain distance matrix, diagonal included: sqrt(0) there."""
    return jnp.sum(WK * pdist(x))


def sqdist(x, y):
    """|x|^2 + |y|^2 - 2 x y^T, the GEMM form of every GP library, clamped at 0 against rounding."""
    xx = jnp.sum(x ** 2, axis=-1)[:, None]
    yy = jnp.sum(y ** 2, axis=-1)[None, :]
    return jnp.maximum(xx + yy - 2 * x @ y.T, 0.0)


def dist_sum_sq(x):
    return jnp.sum(WK * jnp.sqrt(sqdist(x, x)))


def dist_sum_clamped(x):
    """The clamp_min(1e-30) trick: sqrt(max(d2, 1e-30)); 1e-15 on the diagonal."""
    diff = x[:, None, :] - x[None, :, :]
    return jnp.sum(WK * jnp.sqrt(jnp.maximum(jnp.sum(diff ** 2, axis=-1), 1e-30)))


def dist_sum_where(x):
    """The double-where trick: sqrt of 1 where d2 is 0, then 0 there."""
    diff = x[:, None, :] - x[None, :, :]
    d2 = jnp.sum(diff ** 2, axis=-1)
    safe = jnp.where(d2 > 0, d2, 1.0)
    return jnp.sum(WK * jnp.where(d2 > 0, jnp.sqrt(safe), 0.0))


# ----------------------------------------------------------------------------------------- Matern kernels
def matern12(x, log_ls):
    r = pdist(x) / jnp.exp(log_ls)
    return jnp.sum(WK * jnp.exp(-r))


def matern32(x, log_ls):
    r = SQRT3 * pdist(x) / jnp.exp(log_ls)
    return jnp.sum(WK * (1 + r) * jnp.exp(-r))


def matern52(x, log_ls):
    r = SQRT5 * pdist(x) / jnp.exp(log_ls)
    return jnp.sum(WK * (1 + r + r ** 2 / 3) * jnp.exp(-r))


def scaled_dist(x, ls):
    """GPflow's: the squared distance of the scaled inputs clamped at 1e-36 under the sqrt."""
    xs = x / ls
    return jnp.sqrt(jnp.maximum(sqdist(xs, xs), 1e-36))


def matern32_safe(x, log_ls):
    r = SQRT3 * scaled_dist(x, jnp.exp(log_ls))
    return jnp.sum(WK * (1 + r) * jnp.exp(-r))


def matern52_safe(x, log_ls):
    r = SQRT5 * scaled_dist(x, jnp.exp(log_ls))
    return jnp.sum(WK * (1 + r + r ** 2 / 3) * jnp.exp(-r))


# ----------------------------------------------------------------------------------------- RBF, ARD
def rbf(x, y, ls, sf2=1.0):
    diff = (x[:, None, :] - y[None, :, :]) / ls
    return sf2 * jnp.exp(-0.5 * jnp.sum(diff ** 2, axis=-1))


def rbf_ard(raw):
    """Lengthscales by softplus of unconstrained parameters, one per input dimension."""
    ls = jax.nn.softplus(raw)
    return jnp.sum(WK * rbf(X_FIX, X_FIX, ls))


def rbf_ls(x, log_ls):
    return jnp.sum(WK * rbf(x, x, jnp.exp(log_ls)))


# ----------------------------------------------------------------------------------------- GP regression
def _nll(xt, log_ls, log_sf, log_noise, jitter):
    n = xt.shape[0]
    k = rbf(xt, xt, jnp.exp(log_ls), jnp.exp(2 * log_sf))
    k = k + (jnp.exp(log_noise) + jitter) * jnp.eye(n)
    c, low = cho_factor(k, lower=True)
    alpha = cho_solve((c, low), Y_TRAIN)
    logdet = 2 * jnp.sum(jnp.log(jnp.diag(c)))
    return 0.5 * Y_TRAIN @ alpha + 0.5 * logdet + 0.5 * n * jnp.log(2 * jnp.pi)


def gp_nll(log_ls, log_sf, log_noise):
    return _nll(X_TRAIN, log_ls, log_sf, log_noise, JITTER)


def gp_nll_dup(log_ls, log_sf, log_noise):
    return _nll(X_DUP, log_ls, log_sf, log_noise, JITTER)


def gp_nll_dup_nojitter(log_ls, log_sf, log_noise):
    return _nll(X_DUP, log_ls, log_sf, log_noise, 0.0)


def gp_nll_triangular(log_ls, log_noise):
    """The same by two triangular solves: |L^-1 y|^2 / 2."""
    k = rbf(X_TRAIN, X_TRAIN, jnp.exp(log_ls)) + (jnp.exp(log_noise) + JITTER) * jnp.eye(4)
    low = jnp.linalg.cholesky(k)
    v = solve_triangular(low, Y_TRAIN, lower=True)
    return 0.5 * v @ v + jnp.sum(jnp.log(jnp.diag(low))) + 2 * jnp.log(2 * jnp.pi)


def pred_var(xs):
    """k** - k*^T (K + 1e-6 I)^-1 k* at one test input: noise-free, jitter only."""
    k = rbf(X_TRAIN, X_TRAIN, 1.0) + JITTER * jnp.eye(4)
    ks = rbf(X_TRAIN, xs[None, :], 1.0)[:, 0]
    low = jnp.linalg.cholesky(k)
    v = solve_triangular(low, ks, lower=True)
    return 1.0 - v @ v


def pred_std(xs):
    k = rbf(X_TRAIN, X_TRAIN, 1.0) + JITTER * jnp.eye(4)
    ks = rbf(X_TRAIN, xs[None, :], 1.0)[:, 0]
    low = jnp.linalg.cholesky(k)
    v = solve_triangular(low, ks, lower=True)
    return jnp.sqrt(1.0 - v @ v)


def nystrom_trace(z):
    """Titsias' trace term tr(K_nn - K_nm K_mm^-1 K_mn) for inducing inputs z (m x 1), jitter 1e-6."""
    kmm = rbf(z, z, 1.0) + JITTER * jnp.eye(z.shape[0])
    kmn = rbf(z, X_TRAIN, 1.0)
    low = jnp.linalg.cholesky(kmm)
    a = solve_triangular(low, kmn, lower=True)
    return X_TRAIN.shape[0] - jnp.sum(a ** 2)


# ----------------------------------------------------------------------------------------- KDE and MMD
def kde_naive(x, log_h):
    h = jnp.exp(log_h)
    k = jnp.exp(-0.5 * ((x - Z_DATA) / h) ** 2) / (h * jnp.sqrt(2 * jnp.pi))
    return jnp.log(jnp.mean(k))


def kde_lse(x, log_h):
    h = jnp.exp(log_h)
    z = -0.5 * ((x - Z_DATA) / h) ** 2
    return logsumexp(z) - jnp.log(Z_DATA.shape[0]) - jnp.log(h) - 0.5 * jnp.log(2 * jnp.pi)


def mmd2_biased(x):
    kxx, kyy, kxy = rbf(x, x, 1.0), rbf(Y_MMD, Y_MMD, 1.0), rbf(x, Y_MMD, 1.0)
    return jnp.mean(kxx) + jnp.mean(kyy) - 2 * jnp.mean(kxy)


def mmd2_unbiased(x):
    n = x.shape[0]
    kxx, kyy, kxy = rbf(x, x, 1.0), rbf(Y_MMD, Y_MMD, 1.0), rbf(x, Y_MMD, 1.0)
    off = 1 - jnp.eye(n)
    return jnp.sum(kxx * off) / (n * (n - 1)) + jnp.sum(kyy * off) / (n * (n - 1)) - 2 * jnp.mean(kxy)


def mmd_biased(x):
    return jnp.sqrt(mmd2_biased(x))


def energy_distance(x):
    """2 E|X - Y| - E|X - X'| - E|Y - Y'| with the plain distances (the distance kernel)."""
    def d(a, b):
        return jnp.sqrt(jnp.sum((a[:, None, :] - b[None, :, :]) ** 2, axis=-1))
    return 2 * jnp.mean(d(x, Y_MMD)) - jnp.mean(d(x, x)) - jnp.mean(d(Y_MMD, Y_MMD))


# ----------------------------------------------------------------------------------------- a custom distance
@jax.custom_vjp
def safe_dist(a, b):
    return jnp.sqrt(jnp.sum((a - b) ** 2))


def _safe_dist_fwd(a, b):
    d = a - b
    r = jnp.sqrt(jnp.sum(d ** 2))
    return r, (d, r)


def _safe_dist_bwd(res, g):
    d, r = res
    u = jnp.where(r > 0, d / jnp.where(r > 0, r, 1.0), 0.0)  # the subgradient 0 at r = 0
    return g * u, -g * u


safe_dist.defvjp(_safe_dist_fwd, _safe_dist_bwd)


@jax.custom_vjp
def safe_dist_bad(a, b):
    return jnp.sqrt(jnp.sum((a - b) ** 2))


def _safe_dist_bad_fwd(a, b):
    d = a - b
    r = jnp.sqrt(jnp.sum(d ** 2))
    return r, (d, r)


def _safe_dist_bad_bwd(res, g):
    d, r = res
    u = jnp.where(r > 0, d / jnp.where(r > 0, r, 1.0), 0.0)
    return g * u, g * u  # the second cotangent's sign forgotten


safe_dist_bad.defvjp(_safe_dist_bad_fwd, _safe_dist_bad_bwd)


def _custom_sum(x, dist):
    n = x.shape[0]
    total = 0.0
    for i in range(n):
        for j in range(n):
            total = total + WK[i, j] * dist(x[i], x[j])
    return total


def dist_sum_custom(x):
    return _custom_sum(x, safe_dist)


def dist_sum_custom_bad(x):
    return _custom_sum(x, safe_dist_bad)


def matern12_custom(x, log_ls):
    n = x.shape[0]
    ls = jnp.exp(log_ls)
    total = 0.0
    for i in range(n):
        for j in range(n):
            total = total + WK[i, j] * jnp.exp(-safe_dist(x[i], x[j]) / ls)
    return total
