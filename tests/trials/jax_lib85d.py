"""A user's JAX code, eighty-fifth round (d): molecular mechanics energies in reduced units on two to four atoms, the
energies an MD code differentiates for its forces: Lennard-Jones (plain, over all pairs of a distance matrix masked by
jnp.where, cut and shifted, shifted-force), Ewald's real-space Coulomb by jax.scipy.special.erfc (and 1 - erf), the
guarded intramolecular self term erf(a r) / r, a bond through the periodic minimum image by jnp.round, a harmonic bond
and a position restraint by jnp.linalg.norm, a bond angle by arccos and by atan2, a torsion and an improper by atan2,
Morse (exp and expm1), a soft-core 1 / sqrt(r^6 + alpha), Buckingham, and LJ with its analytic force as a custom_vjp."""

import jax
import jax.numpy as jnp
from jax.scipy.special import erf, erfc

EPS, SIG = 1.0, 1.0  # reduced LJ units
RC = 2.5  # the cutoff
Q = 2.0  # q_i q_j
BOX = 10.0
K_BOND, R0 = 2.0, 1.5
K_ANG, THETA0 = 3.0, 1.9
K_TOR, N_TOR = 0.5, 3
D_M, A_M, R0_M = 2.0, 1.5, 1.0
A_B, B_B, C_B = 1000.0, 4.0, 10.0
XREF = jnp.array([0.5, -1.0, 2.0])
MASK = ~jnp.eye(3, dtype=bool)


def lj(r):
    sr6 = (SIG / r) ** 6
    return 4 * EPS * (sr6 * sr6 - sr6)


def lj_pairs(x):
    """Total LJ over the pairs of three atoms from the full distance matrix; the diagonal masked out."""
    r = jnp.linalg.norm(x[:, None, :] - x[None, :, :], axis=-1)
    e = jnp.where(MASK, lj(r), 0.0)
    return 0.5 * jnp.sum(e)


def lj_pairs_safe(x):
    """The same with the distances made safe on the diagonal first (the double where)."""
    d = x[:, None, :] - x[None, :, :]
    r2 = jnp.where(MASK, jnp.sum(d * d, axis=-1), 1.0)
    e = jnp.where(MASK, lj(jnp.sqrt(r2)), 0.0)
    return 0.5 * jnp.sum(e)


def lj_cut(r):
    """Cut and shifted: continuous at RC, its force is not."""
    return jnp.where(r < RC, lj(r) - lj(RC), 0.0)


def lj_sf(r):
    """Shifted force: energy and force both go to 0 at RC."""
    f_rc = 4 * EPS * (-12 * SIG ** 12 / RC ** 13 + 6 * SIG ** 6 / RC ** 7)
    return jnp.where(r < RC, lj(r) - lj(RC) - (r - RC) * f_rc, 0.0)


def ewald_real(r, alpha):
    return Q * erfc(alpha * r) / r


def ewald_real_hand(r, alpha):
    return Q * (1.0 - erf(alpha * r)) / r


def ewald_self(r, alpha):
    """The excluded pair's correction -q q erf(a r) / r, its r = 0 limit -2 a / sqrt(pi) by where."""
    return -Q * jnp.where(r > 0, erf(alpha * r) / r, 2 * alpha / jnp.sqrt(jnp.pi))


def mic_bond(x):
    """A harmonic bond across the periodic box: the minimum image d - L round(d / L)."""
    d = x[0] - x[1]
    d = d - BOX * jnp.round(d / BOX)
    r = jnp.linalg.norm(d)
    return K_BOND * (r - R0) ** 2


def bond(x):
    r = jnp.linalg.norm(x[0] - x[1])
    return K_BOND * (r - R0) ** 2


def restraint(x):
    """A harmonic position restraint to XREF."""
    return K_BOND * jnp.linalg.norm(x - XREF) ** 2


def _angle_acos(x):
    a, b = x[0] - x[1], x[2] - x[1]
    return jnp.arccos(jnp.dot(a, b) / (jnp.linalg.norm(a) * jnp.linalg.norm(b)))


def _angle_atan2(x):
    a, b = x[0] - x[1], x[2] - x[1]
    return jnp.arctan2(jnp.linalg.norm(jnp.cross(a, b)), jnp.dot(a, b))


def angle_acos(x):
    return K_ANG * (_angle_acos(x) - THETA0) ** 2


def angle_atan2(x):
    return K_ANG * (_angle_atan2(x) - THETA0) ** 2


def linear_acos(x):
    """A linear triatomic (CO2): theta0 = pi."""
    return K_ANG * (_angle_acos(x) - jnp.pi) ** 2


def linear_atan2(x):
    return K_ANG * (_angle_atan2(x) - jnp.pi) ** 2


def _dihedral(x):
    b1, b2, b3 = x[1] - x[0], x[2] - x[1], x[3] - x[2]
    n1, n2 = jnp.cross(b1, b2), jnp.cross(b2, b3)
    m1 = jnp.cross(n1, b2 / jnp.linalg.norm(b2))
    return jnp.arctan2(jnp.dot(m1, n2), jnp.dot(n1, n2))


def torsion(x):
    return K_TOR * (1 + jnp.cos(N_TOR * _dihedral(x)))


def improper(x):
    """A harmonic improper keeping four atoms planar (phi0 = 0)."""
    return K_TOR * _dihedral(x) ** 2


def morse(r):
    return D_M * (1 - jnp.exp(-A_M * (r - R0_M))) ** 2


def morse_expm1(r):
    return D_M * jnp.expm1(-A_M * (r - R0_M)) ** 2


def softcore(r, alpha):
    return 1 / (r ** 6 + alpha) ** 0.5


def softcore_pos(x, alpha):
    r = jnp.linalg.norm(x[0] - x[1])
    return 1 / (r ** 6 + alpha) ** 0.5


def buckingham(r):
    return A_B * jnp.exp(-B_B * r) - C_B / r ** 6


@jax.custom_vjp
def lj_custom(r):
    return lj(r)


def lj_fwd(r):
    return lj(r), r


def lj_bwd(r, g):
    dedr = 4 * EPS * (-12 * SIG ** 12 / r ** 13 + 6 * SIG ** 6 / r ** 7)
    return (g * dedr,)


lj_custom.defvjp(lj_fwd, lj_bwd)


@jax.custom_vjp
def lj_force(r):
    return lj(r)


def lj_force_fwd(r):
    return lj(r), r


def lj_force_bwd(r, g):
    force = 4 * EPS * (12 * SIG ** 12 / r ** 13 - 6 * SIG ** 6 / r ** 7)  # the force -dE/dr
    return (g * force,)


lj_force.defvjp(lj_force_fwd, lj_force_bwd)


def _angle_2d(x):
    """A 2-D simulation's bond angle: the cross product is a scalar."""
    a, b = x[0] - x[1], x[2] - x[1]
    return jnp.arctan2(jnp.abs(a[0] * b[1] - a[1] * b[0]), jnp.dot(a, b))


def angle_atan2_2d(x):
    return K_ANG * (_angle_2d(x) - THETA0) ** 2


def linear_atan2_2d(x):
    return K_ANG * (_angle_2d(x) - jnp.pi) ** 2
