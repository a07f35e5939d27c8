"""A user's JAX code, ninety-ninth round (d): hyperbolic and manifold embeddings: the Poincare-ball distance
arccosh(1 + 2 |u - v|^2 / ((1 - |u|^2)(1 - |v|^2))) (plain, with its arccosh argument clamped at 1 + 1e-7, and after
a max-norm projection onto the ball of radius 1 - 1e-5), the Mobius-addition distance 2 artanh(|-u (+) v|), the
exponential and logarithmic maps at 0 (guarded by jnp.where, by an eps clamp of the norm, and safely under the
sqrt), the Lorentz (hyperboloid) distance arccosh(-<x, y>_L) with x0 = sqrt(1 + |x|^2) (plain and clamped), the
sphere (a readout of x / |x|, the geodesic arccos(clip(<x, y>, -1, 1)) and atan2(|x cross y|, <x, y>)), von
Mises-Fisher log-normalisers with jax.scipy's Bessel functions (p = 2 through i0 and through i0e, p = 4 through
i1e, p = 3 through sinh), the Stiefel manifold's QR and Cayley retractions, a Riemannian SGD step rescaled by
(1 - |x|^2)^2 / 4 and projected, and a custom_vjp arccosh whose derivative is clamped (right, and wrong on
purpose: the arcsinh's 1 / sqrt(z^2 + 1))."""

import jax
import jax.numpy as jnp
from jax.scipy.special import i0, i0e, i1e

EPS = 1e-5  # the ball's boundary margin (Poincare embeddings)
MAXNORM = 1 - EPS
LR = 0.1
W2 = jnp.array([0.5, -0.25])  # a readout of 2-vectors
W3 = jnp.array([0.5, -0.25, 1.0])  # a readout of 3-vectors
C = jnp.array([[0.5, -0.25], [1.0, 0.75], [-0.5, 0.25]])  # a readout of 3x2 frames


# ----------------------------------------------------------------------------------------- the Poincare ball
def poincare_dist(u, v):
    sq = jnp.sum((u - v) ** 2)
    den = (1 - jnp.sum(u ** 2)) * (1 - jnp.sum(v ** 2))
    return jnp.arccosh(1 + 2 * sq / den)


def poincare_dist_clamped(u, v):
    """The arccosh argument clamped at 1 + 1e-7, as embedding code does to keep arccosh' finite."""
    sq = jnp.sum((u - v) ** 2)
    den = (1 - jnp.sum(u ** 2)) * (1 - jnp.sum(v ** 2))
    return jnp.arccosh(jnp.maximum(1 + 2 * sq / den, 1 + 1e-7))


def project(x):
    """Onto the ball of radius 1 - eps: x / |x| * (1 - eps) where |x| exceeds it."""
    norm = jnp.linalg.norm(x)
    return jnp.where(norm > MAXNORM, x / norm * MAXNORM, x)


def poincare_dist_projected(u, v):
    return poincare_dist(project(u), project(v))


def mobius_add(u, v):
    uv, uu, vv = jnp.sum(u * v), jnp.sum(u ** 2), jnp.sum(v ** 2)
    num = (1 + 2 * uv + vv) * u + (1 - uu) * v
    return num / (1 + 2 * uv + uu * vv)


def mobius_dist(u, v):
    return 2 * jnp.arctanh(jnp.linalg.norm(mobius_add(-u, v)))


def expmap0_where(v):
    n = jnp.linalg.norm(v)
    return jnp.sum(W2 * jnp.where(n > 0, jnp.tanh(n) * v / n, v))


def expmap0_eps(v):
    """geoopt's guard: the norm clamped below at 1e-15."""
    n = jnp.maximum(jnp.linalg.norm(v), 1e-15)
    return jnp.sum(W2 * jnp.tanh(n) * v / n)


def expmap0_safe(v):
    n = jnp.sqrt(jnp.maximum(jnp.sum(v ** 2), 1e-30))
    return jnp.sum(W2 * jnp.tanh(n) * v / n)


def logmap0(x):
    """artanh(|x|) x / |x|, the artanh's argument clipped to 1 - eps."""
    n = jnp.maximum(jnp.linalg.norm(x), 1e-15)
    return jnp.sum(W2 * jnp.arctanh(jnp.clip(n, -MAXNORM, MAXNORM)) * x / n)


def logmap0_where(x):
    n = jnp.linalg.norm(x)
    return jnp.sum(W2 * jnp.where(n > 0, jnp.arctanh(n) * x / n, x))


def rsgd_step(x, g):
    """One Riemannian SGD step (the Euclidean gradient g rescaled by the inverse metric), projected, read out."""
    scale = (1 - jnp.sum(x ** 2)) ** 2 / 4
    return jnp.sum(W2 * project(x - LR * scale * g))


# ----------------------------------------------------------------------------------------- the hyperboloid
def lift(a):
    """Onto the hyperboloid: x0 = sqrt(1 + |a|^2)."""
    return jnp.concatenate([jnp.sqrt(1 + jnp.sum(a ** 2))[None], a])


def lorentz_inner(x, y):
    return -x[0] * y[0] + jnp.sum(x[1:] * y[1:])


def lorentz_dist(a, b):
    return jnp.arccosh(-lorentz_inner(lift(a), lift(b)))


def lorentz_dist_clamped(a, b):
    return jnp.arccosh(jnp.maximum(-lorentz_inner(lift(a), lift(b)), 1 + 1e-7))


# ----------------------------------------------------------------------------------------- the sphere
def normalize(x):
    return x / jnp.linalg.norm(x)


def sphere_readout(x):
    return jnp.sum(W3 * normalize(x))


def sphere_dist(x, y):
    return jnp.arccos(jnp.clip(jnp.sum(normalize(x) * normalize(y)), -1.0, 1.0))


def sphere_dist_atan2(x, y):
    return jnp.arctan2(jnp.linalg.norm(jnp.cross(x, y)), jnp.sum(x * y))


# ----------------------------------------------------------------------------------------- von Mises-Fisher
def vmf_lognorm2_naive(kappa):
    """log C_2(kappa) = -log(2 pi I_0(kappa)) (the von Mises distribution)."""
    return -jnp.log(2 * jnp.pi * i0(kappa))


def vmf_lognorm2(kappa):
    return -jnp.log(2 * jnp.pi) - (jnp.log(i0e(kappa)) + kappa)


def vmf_lognorm4(kappa):
    """log C_4(kappa) = log kappa - 2 log(2 pi) - log I_1(kappa), I_1 = i1e e^kappa."""
    return jnp.log(kappa) - 2 * jnp.log(2 * jnp.pi) - (jnp.log(i1e(kappa)) + kappa)


def vmf_lognorm3(kappa):
    """log C_3(kappa) = log kappa - log(4 pi sinh kappa)."""
    return jnp.log(kappa) - jnp.log(4 * jnp.pi * jnp.sinh(kappa))


def vmf_lognorm3_stable(kappa):
    """sinh kappa = e^kappa (1 - e^-2kappa) / 2."""
    return jnp.log(kappa) - jnp.log(2 * jnp.pi) - kappa - jnp.log1p(-jnp.exp(-2 * kappa))


# ----------------------------------------------------------------------------------------- the Stiefel manifold
def qr_retraction(x, xi):
    q, r = jnp.linalg.qr(x + xi)
    q = q * jnp.sign(jnp.diagonal(r))  # R's diagonal made positive: the Q factor unique
    return jnp.sum(C * q)


def cayley_retraction(x, xi):
    a = xi @ x.T - x @ xi.T
    eye = jnp.eye(3, dtype=x.dtype)
    y = jnp.linalg.solve(eye - a / 2, (eye + a / 2) @ x)
    return jnp.sum(C * y)


# ----------------------------------------------------------------------------------------- a custom arccosh
@jax.custom_vjp
def arcosh(z):
    return jnp.log(z + jnp.sqrt(z * z - 1))


def _arcosh_fwd(z):
    return arcosh(z), z


def _arcosh_bwd(z, g):
    return (g / jnp.sqrt(jnp.maximum(z * z - 1, 1e-15)),)


arcosh.defvjp(_arcosh_fwd, _arcosh_bwd)


@jax.custom_vjp
def arcosh_bad(z):
    return jnp.log(z + jnp.sqrt(z * z - 1))


def _arcosh_bad_fwd(z):
    return arcosh_bad(z), z


def _arcosh_bad_bwd(z, g):
    return (g / jnp.sqrt(jnp.maximum(z * z + 1, 1e-15)),)


arcosh_bad.defvjp(_arcosh_bad_fwd, _arcosh_bad_bwd)


def poincare_dist_custom(u, v):
    sq = jnp.sum((u - v) ** 2)
    den = (1 - jnp.sum(u ** 2)) * (1 - jnp.sum(v ** 2))
    return arcosh(1 + 2 * sq / den)


def poincare_dist_custom_bad(u, v):
    sq = jnp.sum((u - v) ** 2)
    den = (1 - jnp.sum(u ** 2)) * (1 - jnp.sum(v ** 2))
    return arcosh_bad(1 + 2 * sq / den)
