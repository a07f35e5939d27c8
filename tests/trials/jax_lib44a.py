"""A user's JAX code, forty-fourth round (first part): camera models and multi-view geometry (an equidistant fisheye's
atan(r) / r by sqrt of a sum of squares, by jnp.hypot and behind a double-where series; Brown-Conrady radial distortion
by jnp.polyval; its inversion by Newton in lax.fori_loop and behind custom_vjp implicit rules, right and with the cubic's
3 forgotten; a homography's projection near the horizon and on it; the Sampson error at, on and far from the epipolar
geometry; a triangulation angle by arccos of nearly parallel rays, clipped, and by arctan2 of a cross product; a pinhole
camera fitted from a NamedTuple of intrinsics), quantitative finance (Hagan's SABR implied volatility with z / x(z) at
the money, near it, by a single where, a double where and jnp.piecewise; Black's implied volatility by Newton in
lax.fori_loop and behind custom_vjp implicit rules, right and with the vega's forward forgotten; a book of calls by
lax.cond inside jax.vmap; a call spread by jnp.select; a capped and floored coupon by jnp.clip) and generalized linear
models (a Bernoulli likelihood under the complementary log-log link, naive, by expm1 and with a series behind a double
where; the cloglog link log(-log(1 - p)) and by log1p; a probit link by ndtri and a probit likelihood by log(ndtr) and
log_ndtr; the Tweedie deviance with power p in (1, 2) at y = 0; gamma and inverse-Gaussian deviances at y = 1e-300,
as printed and rearranged; a Bernoulli likelihood by xlogy and xlog1py; a beta-binomial by betaln; a multinomial
choice by log_softmax with where=)."""

from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import lax
from jax.scipy.special import betaln, log_ndtr, ndtr, ndtri, xlog1py, xlogy
from jax.scipy.stats import norm

# --- camera models ---------------------------------------------------------------------------------------------------

FOCAL = 800.0
CX = 320.0


def fisheye_u(a, b):
    """An equidistant fisheye's image column of the normalised point (a, b): theta = atan(r), u = f theta / r a + cx."""
    r = jnp.sqrt(a * a + b * b)
    scale = jnp.arctan(r) / r
    return FOCAL * scale * a + CX


def fisheye_u_hypot(a, b):
    r = jnp.hypot(a, b)
    return FOCAL * jnp.arctan(r) / r * a + CX


def fisheye_u_series(a, b):
    """The same, with atan(r) / r's series near the axis behind a double where."""
    r2 = a * a + b * b
    small = r2 < 1e-8
    r = jnp.sqrt(jnp.where(small, 1.0, r2))
    scale = jnp.where(small, 1.0 - r2 / 3.0 + r2 * r2 / 5.0, jnp.arctan(r) / r)
    return FOCAL * scale * a + CX


def distort(x, y, k):
    """Brown-Conrady radial distortion of the column x: x (1 + k1 r^2 + k2 r^4 + k3 r^6)."""
    r2 = x * x + y * y
    coeffs = jnp.concatenate([k[::-1], jnp.ones(1)])
    return x * jnp.polyval(coeffs, r2)


def undistort(xd, k1):
    """The undistorted radius of xd under x (1 + k1 x^2), by Newton's method from x = xd."""
    def body(i, x):
        f = x * (1.0 + k1 * x * x) - xd
        return x - f / (1.0 + 3.0 * k1 * x * x)
    return lax.fori_loop(0, 25, body, xd)


@jax.custom_vjp
def undistort_implicit(xd, k1):
    return undistort(xd, k1)


def _undistort_fwd(xd, k1):
    x = undistort(xd, k1)
    return x, (x, k1)


def _undistort_bwd(res, g):
    x, k1 = res
    slope = 1.0 + 3.0 * k1 * x * x
    return g / slope, -g * x ** 3 / slope


undistort_implicit.defvjp(_undistort_fwd, _undistort_bwd)


@jax.custom_vjp
def undistort_implicit_bad(xd, k1):
    return undistort(xd, k1)


def _undistort_bad_fwd(xd, k1):
    x = undistort(xd, k1)
    return x, (x, k1)


def _undistort_bad_bwd(res, g):
    x, k1 = res
    slope = 1.0 + k1 * x * x
    return g / slope, -g * x ** 3 / slope


undistort_implicit_bad.defvjp(_undistort_bad_fwd, _undistort_bad_bwd)


H = jnp.array([[1.0, 0.2, 3.0], [0.1, 1.0, -2.0], [0.001, 0.002, 1.0]])
H_TILT = jnp.array([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.5, 0.25, 1.0]])


def homography_u(x, y):
    p = H @ jnp.array([x, y, 1.0])
    return p[0] / p[2]


def homography_u_tilt(x, y):
    p = H_TILT @ jnp.array([x, y, 1.0])
    return p[0] / p[2]


F_MAT = jnp.array([[0.0, -1.0, 0.25], [1.0, 0.0, -0.5], [-0.25, 0.5, 0.0]])  # [t]x, t = (0.5, 0.25, 1)


def sampson(x1, x2):
    """The Sampson error of a correspondence x1 <-> x2 under the fundamental matrix F_MAT."""
    p1 = jnp.append(x1, 1.0)
    p2 = jnp.append(x2, 1.0)
    fx1 = F_MAT @ p1
    ftx2 = F_MAT.T @ p2
    num = jnp.dot(p2, fx1) ** 2
    den = fx1[0] ** 2 + fx1[1] ** 2 + ftx2[0] ** 2 + ftx2[1] ** 2
    return num / den


RAY1 = jnp.array([0.0, 0.0, 1.0])


def triangulation_angle(r2):
    c = jnp.dot(RAY1, r2) / (jnp.linalg.norm(RAY1) * jnp.linalg.norm(r2))
    return jnp.arccos(c)


def triangulation_angle_clipped(r2):
    c = jnp.dot(RAY1, r2) / (jnp.linalg.norm(RAY1) * jnp.linalg.norm(r2))
    return jnp.arccos(jnp.clip(c, -1.0, 1.0))


def triangulation_angle_atan2(r2):
    return jnp.arctan2(jnp.linalg.norm(jnp.cross(RAY1, r2)), jnp.dot(RAY1, r2))


class Intrinsics(NamedTuple):
    focal: jnp.ndarray
    cx: jnp.ndarray
    k1: jnp.ndarray


def reprojection_loss(camera, points, observed):
    """Mean squared reprojection error of a pinhole camera with one radial term."""
    a = points[:, 0] / points[:, 2]
    b = points[:, 1] / points[:, 2]
    r2 = a * a + b * b
    u = camera.focal * a * (1.0 + camera.k1 * r2) + camera.cx
    return jnp.mean((u - observed) ** 2)


def camera_args():
    camera = Intrinsics(focal=jnp.array(500.0), cx=jnp.array(320.0), k1=jnp.array(-0.1))
    points = jnp.array([[0.5, 0.25, 2.0], [-1.0, 0.5, 4.0], [0.25, -0.75, 1.0]])
    observed = jnp.array([440.0, 200.0, 440.0])
    return {"camera": camera, "points": points, "observed": observed}


def camera_argz():
    return camera_args()


# --- quantitative finance --------------------------------------------------------------------------------------------

BETA = 0.5
EXPIRY = 2.0


def _sabr_parts(F, K, alpha, rho, nu):
    fk = (F * K) ** ((1.0 - BETA) / 2.0)
    logfk = jnp.log(F / K)
    z = nu / alpha * fk * logfk
    denom = fk * (1.0 + (1.0 - BETA) ** 2 / 24.0 * logfk ** 2 + (1.0 - BETA) ** 4 / 1920.0 * logfk ** 4)
    corr = 1.0 + ((1.0 - BETA) ** 2 / 24.0 * alpha ** 2 / fk ** 2 + rho * BETA * nu * alpha / (4.0 * fk)
                  + (2.0 - 3.0 * rho ** 2) / 24.0 * nu ** 2) * EXPIRY
    return z, denom, corr


def sabr_vol(F, K, alpha, rho, nu):
    """Hagan et al.'s lognormal implied volatility, as the paper prints it."""
    z, denom, corr = _sabr_parts(F, K, alpha, rho, nu)
    x = jnp.log((jnp.sqrt(1.0 - 2.0 * rho * z + z * z) + z - rho) / (1.0 - rho))
    return alpha / denom * (z / x) * corr


def sabr_vol_where(F, K, alpha, rho, nu):
    """z / x(z) by its series near the money, behind one where."""
    z, denom, corr = _sabr_parts(F, K, alpha, rho, nu)
    x = jnp.log((jnp.sqrt(1.0 - 2.0 * rho * z + z * z) + z - rho) / (1.0 - rho))
    ratio = jnp.where(jnp.abs(z) < 1e-6, 1.0 - 0.5 * rho * z + (2.0 - 3.0 * rho ** 2) / 12.0 * z * z, z / x)
    return alpha / denom * ratio * corr


def sabr_vol_safe(F, K, alpha, rho, nu):
    """The same behind a double where."""
    z, denom, corr = _sabr_parts(F, K, alpha, rho, nu)
    small = jnp.abs(z) < 1e-6
    zs = jnp.where(small, 1.0, z)
    x = jnp.log((jnp.sqrt(1.0 - 2.0 * rho * zs + zs * zs) + zs - rho) / (1.0 - rho))
    ratio = jnp.where(small, 1.0 - 0.5 * rho * z + (2.0 - 3.0 * rho ** 2) / 12.0 * z * z, zs / x)
    return alpha / denom * ratio * corr


def sabr_vol_piecewise(F, K, alpha, rho, nu):
    """The same by jnp.piecewise."""
    z, denom, corr = _sabr_parts(F, K, alpha, rho, nu)
    ratio = jnp.piecewise(
        z, [jnp.abs(z) < 1e-6],
        [lambda z: 1.0 - 0.5 * rho * z + (2.0 - 3.0 * rho ** 2) / 12.0 * z * z,
         lambda z: z / jnp.log((jnp.sqrt(1.0 - 2.0 * rho * z + z * z) + z - rho) / (1.0 - rho))])
    return alpha / denom * ratio * corr


def black_call(F, K, sigma):
    """Black's undiscounted call on a forward."""
    sd = sigma * jnp.sqrt(EXPIRY)
    d1 = jnp.log(F / K) / sd + 0.5 * sd
    return F * ndtr(d1) - K * ndtr(d1 - sd)


def _black_vega(F, K, sigma):
    sd = sigma * jnp.sqrt(EXPIRY)
    d1 = jnp.log(F / K) / sd + 0.5 * sd
    return F * norm.pdf(d1) * jnp.sqrt(EXPIRY)


def implied_vol(price, F, K):
    """Black's implied volatility by 30 Newton steps from 30%."""
    def body(i, s):
        return s - (black_call(F, K, s) - price) / _black_vega(F, K, s)
    return lax.fori_loop(0, 30, body, jnp.full_like(price, 0.3))


@jax.custom_vjp
def implied_vol_implicit(price, F, K):
    return implied_vol(price, F, K)


def _iv_fwd(price, F, K):
    s = implied_vol(price, F, K)
    return s, (s, F, K)


def _iv_bwd(res, g):
    s, F, K = res
    sd = s * jnp.sqrt(EXPIRY)
    d1 = jnp.log(F / K) / sd + 0.5 * sd
    vega = F * norm.pdf(d1) * jnp.sqrt(EXPIRY)
    return g / vega, -g * ndtr(d1) / vega, g * ndtr(d1 - sd) / vega


implied_vol_implicit.defvjp(_iv_fwd, _iv_bwd)


@jax.custom_vjp
def implied_vol_implicit_bad(price, F, K):
    return implied_vol(price, F, K)


def _iv_bad_bwd(res, g):
    s, F, K = res
    sd = s * jnp.sqrt(EXPIRY)
    d1 = jnp.log(F / K) / sd + 0.5 * sd
    vega = norm.pdf(d1) * jnp.sqrt(EXPIRY)
    return g / vega, -g * ndtr(d1) / vega, g * ndtr(d1 - sd) / vega


implied_vol_implicit_bad.defvjp(_iv_fwd, _iv_bad_bwd)


STRIKE = 100.0


def payoff_book(S):
    """The intrinsic value of a book of calls, one per spot, by lax.cond under jax.vmap."""
    def one(s):
        return lax.cond(s > STRIKE, lambda s: s - STRIKE, lambda s: 0.0 * s, s)
    return jnp.sum(jax.vmap(one)(S))


def call_spread(S):
    """A call spread between 90 and 110 by jnp.select."""
    return jnp.sum(jnp.select([S < 90.0, S < 110.0], [jnp.zeros_like(S), (S - 90.0) / 20.0], 1.0))


def capped_coupon(libor):
    """A floored and capped floater's coupon, Libor + 25%, between 0 and 50% (binary-exact rates)."""
    return jnp.clip(libor + 0.25, 0.0, 0.5)


# --- generalized linear models ---------------------------------------------------------------------------------------

def cloglog_nll(eta, y):
    """Bernoulli negative log-likelihood under the complementary log-log link, as printed."""
    mu = 1.0 - jnp.exp(-jnp.exp(eta))
    return -jnp.sum(y * jnp.log(mu) + (1.0 - y) * jnp.log(1.0 - mu))


def cloglog_nll_expm1(eta, y):
    log_mu = jnp.log(-jnp.expm1(-jnp.exp(eta)))
    return -jnp.sum(y * log_mu - (1.0 - y) * jnp.exp(eta))


def cloglog_nll_series(eta, y):
    """log mu by its series eta - e^eta / 2 in the far tail, behind a double where."""
    tail = eta < -30.0
    safe = jnp.where(tail, 0.0, eta)
    log_mu = jnp.where(tail, eta - 0.5 * jnp.exp(eta), jnp.log(-jnp.expm1(-jnp.exp(safe))))
    return -jnp.sum(y * log_mu - (1.0 - y) * jnp.exp(eta))


def cloglog_link(p):
    return jnp.log(-jnp.log(1.0 - p))


def cloglog_link_log1p(p):
    return jnp.log(-jnp.log1p(-p))


def probit_link(p):
    return ndtri(p)


def probit_nll(eta):
    return -jnp.log(ndtr(eta))


def probit_nll_stable(eta):
    return -log_ndtr(eta)


TWEEDIE_Y = jnp.array([0.0, 2.0, 0.5])


def tweedie_deviance(eta, p):
    """The Tweedie deviance under a log link, power p in (1, 2), a zero count among the responses."""
    mu = jnp.exp(eta)
    y = TWEEDIE_Y
    dev = 2.0 * (jnp.power(y, 2.0 - p) / ((1.0 - p) * (2.0 - p)) - y * jnp.power(mu, 1.0 - p) / (1.0 - p)
                 + jnp.power(mu, 2.0 - p) / (2.0 - p))
    return jnp.sum(dev)


def gamma_deviance(y, mu):
    return 2.0 * (-jnp.log(y / mu) + (y - mu) / mu)


def gamma_deviance_logs(y, mu):
    return 2.0 * (jnp.log(mu) - jnp.log(y) + y / mu - 1.0)


def inverse_gaussian_deviance(y, mu):
    return (y - mu) ** 2 / (y * mu ** 2)


def inverse_gaussian_deviance_scaled(y, mu):
    return (y / mu - 1.0) ** 2 / y


def bernoulli_ll(mu, y):
    return xlogy(y, mu) + xlog1py(1.0 - y, -mu)


def beta_binomial_ll(a, b):
    """log P(k = 3 of n = 10) under a beta-binomial, without its binomial coefficient."""
    return betaln(a + 3.0, b + 7.0) - betaln(a, b)


AVAILABLE = jnp.array([True, True, False, True])


def choice_nll(u):
    """A multinomial logit's negative log-likelihood of alternative 1 among the available ones."""
    return -jax.nn.log_softmax(u, where=AVAILABLE)[1]


# --- input errors ----------------------------------------------------------------------------------------------------

def camera_while(xd, k1):
    """Newton until converged, in a while_loop carrying the variable."""
    def body(state):
        x, _ = state
        new = x - (x * (1.0 + k1 * x * x) - xd) / (1.0 + 3.0 * k1 * x * x)
        return new, jnp.abs(new - x)
    x, _ = lax.while_loop(lambda s: s[1] > 1e-12, body, (xd, jnp.ones_like(xd)))
    return x


def pose_schur(t):
    """The first diagonal entry of the real Schur form of a matrix built from t."""
    m = jnp.array([[1.0, t], [2.0 * t, 3.0]])
    return lax.linalg.schur(m)[0][0, 0]


def sabr_smile_piecewise(K):
    """The sum of a smile's vols over a vector of strikes, z / x(z) by jnp.piecewise (F = 3%, alpha 2%, rho -0.3,
    nu 0.4)."""
    F, alpha, rho, nu = 0.03, 0.02, -0.3, 0.4
    z, denom, corr = _sabr_parts(F, K, alpha, rho, nu)
    ratio = jnp.piecewise(
        z, [jnp.abs(z) < 1e-6],
        [lambda z: 1.0 - 0.5 * rho * z + (2.0 - 3.0 * rho ** 2) / 12.0 * z * z,
         lambda z: z / jnp.log((jnp.sqrt(1.0 - 2.0 * rho * z + z * z) + z - rho) / (1.0 - rho))])
    return jnp.sum(alpha / denom * ratio * corr)


def zipf_normaliser(s):
    """A Zipf count model's normalising constant, the Hurwitz zeta zeta(s, 1) (a proper law needs s > 1)."""
    return jax.scipy.special.zeta(s, 1.0)
