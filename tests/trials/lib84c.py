"""A user's code on gradcli.numpy, round 84c: solid mechanics and constitutive models as finite-element and
material-fitting codes differentiate them (a compressible neo-Hookean energy in plane strain and in 3D, Mooney-Rivlin
by invariants, Mooney-Rivlin and Ogden by principal stretches from a closed-form eigenvalue, a Hencky energy, the von
Mises, Drucker-Prager and Tresca yield functions, a J2 return-mapping step and a radial return, a Hencky log strain,
an exponential damage law (bare, clipped, and Mazars' form behind a where), Macaulay brackets in a contact penalty and a
tension-compression split, the Gent model near its locking limit, and a thermal expansion energy), checked at
ordinary points and where they break: J -> 0, J = 0, equal stretches, zero deviatoric stress, ties of principal
stresses, the yield surface, lambda -> 1, eps = eps0, a zero gap, the locking limit, a tiny expansion coefficient."""

import math

import gradcli.numpy as np

# --- hyperelasticity --------------------------------------------------------------------------------------------------


def neo_hookean_2d(F11, F12, F21, F22, mu, lam):
    """Compressible neo-Hookean in plane strain (F33 = 1), F given entry by entry:
    W = mu/2 (I1 - 3) - mu log J + lam/2 (log J)^2."""
    I1 = F11 ** 2 + F12 ** 2 + F21 ** 2 + F22 ** 2 + 1.0
    J = F11 * F22 - F12 * F21
    logJ = np.log(J)
    return 0.5 * mu * (I1 - 3.0) - mu * logJ + 0.5 * lam * logJ ** 2


def neo_hookean_3d(F, mu, lam):
    """The same energy in 3D, F a 3x3 array, J by np.linalg.det."""
    I1 = np.sum(F * F)
    J = np.linalg.det(F)
    logJ = np.log(J)
    return 0.5 * mu * (I1 - 3.0) - mu * logJ + 0.5 * lam * logJ ** 2


def neo_hookean_3d_cofactor(F, mu, lam):
    """The same with J written out by the rule of Sarrus, as an element routine does."""
    J = (F[0, 0] * (F[1, 1] * F[2, 2] - F[1, 2] * F[2, 1])
         - F[0, 1] * (F[1, 0] * F[2, 2] - F[1, 2] * F[2, 0])
         + F[0, 2] * (F[1, 0] * F[2, 1] - F[1, 1] * F[2, 0]))
    I1 = np.sum(F * F)
    logJ = np.log(J)
    return 0.5 * mu * (I1 - 3.0) - mu * logJ + 0.5 * lam * logJ ** 2


def neo_hookean_isochoric(F11, F12, F21, F22, mu, kappa):
    """The decoupled form mu/2 (J^(-2/3) I1 - 3) + kappa/2 (J - 1)^2, plane strain."""
    I1 = F11 ** 2 + F12 ** 2 + F21 ** 2 + F22 ** 2 + 1.0
    J = F11 * F22 - F12 * F21
    return 0.5 * mu * (J ** (-2.0 / 3.0) * I1 - 3.0) + 0.5 * kappa * (J - 1.0) ** 2


def mooney_rivlin(F11, F12, F21, F22, C10, C01):
    """Mooney-Rivlin in plane strain by the invariants of C = F^T F (C33 = 1):
    W = C10 (I1 - 3) + C01 (I2 - 3), I2 = (I1^2 - tr C^2) / 2."""
    C11 = F11 ** 2 + F21 ** 2
    C22 = F12 ** 2 + F22 ** 2
    C12 = F11 * F12 + F21 * F22
    I1 = C11 + C22 + 1.0
    trC2 = C11 ** 2 + C22 ** 2 + 2.0 * C12 ** 2 + 1.0
    I2 = 0.5 * (I1 ** 2 - trC2)
    return C10 * (I1 - 3.0) + C01 * (I2 - 3.0)


def _principal_c(F11, F12, F21, F22):
    """The eigenvalues of the 2x2 C = F^T F without an eigen solver: (tr +- sqrt(tr^2 - 4 det)) / 2."""
    C11 = F11 ** 2 + F21 ** 2
    C22 = F12 ** 2 + F22 ** 2
    C12 = F11 * F12 + F21 * F22
    tr = C11 + C22
    disc = np.sqrt((C11 - C22) ** 2 + 4.0 * C12 ** 2)
    return 0.5 * (tr + disc), 0.5 * (tr - disc)


def mooney_rivlin_stretches(F11, F12, F21, F22, C10, C01):
    """Mooney-Rivlin by principal stretches (plane strain, lambda3 = 1):
    C10 (l1^2 + l2^2 + 1 - 3) + C01 (l1^-2 + l2^-2 + 1 - 3), l_i^2 the eigenvalues of C."""
    e1, e2 = _principal_c(F11, F12, F21, F22)
    return C10 * (e1 + e2 - 2.0) + C01 * (1.0 / e1 + 1.0 / e2 - 2.0)


def ogden(F11, F12, F21, F22, mu, alpha):
    """A one-term Ogden energy mu / alpha (l1^alpha + l2^alpha + 1 - 3), l_i = sqrt of C's eigenvalues."""
    e1, e2 = _principal_c(F11, F12, F21, F22)
    l1, l2 = np.sqrt(e1), np.sqrt(e2)
    return mu / alpha * (l1 ** alpha + l2 ** alpha - 2.0)


def hencky_energy(F11, F12, F21, F22, mu, lam):
    """Hencky's energy mu (eps1^2 + eps2^2) + lam/2 (eps1 + eps2)^2, eps_i = log l_i = log(e_i) / 2."""
    e1, e2 = _principal_c(F11, F12, F21, F22)
    eps1, eps2 = 0.5 * np.log(e1), 0.5 * np.log(e2)
    return mu * (eps1 ** 2 + eps2 ** 2) + 0.5 * lam * (eps1 + eps2) ** 2


def max_principal_stretch(F11, F12, F21, F22):
    """The largest principal stretch, a failure criterion's measure."""
    e1, _ = _principal_c(F11, F12, F21, F22)
    return np.sqrt(e1)


def gent(I1, mu, Jm):
    """Gent: W = -mu Jm / 2 log(1 - (I1 - 3) / Jm)."""
    return -0.5 * mu * Jm * np.log(1.0 - (I1 - 3.0) / Jm)


def gent_uniaxial(stretch, mu, Jm):
    """Gent in incompressible uniaxial tension: I1 = l^2 + 2 / l."""
    I1 = stretch ** 2 + 2.0 / stretch
    return -0.5 * mu * Jm * np.log(1.0 - (I1 - 3.0) / Jm)


def neo_hookean_quadratic(F, mu, kappa):
    """A neo-Hookean with a quadratic volumetric term mu/2 (I1 - 3) + kappa/2 (J - 1)^2, J by np.linalg.det: finite
    through J = 0 (a flattened element)."""
    J = np.linalg.det(F)
    return 0.5 * mu * (np.sum(F * F) - 3.0) + 0.5 * kappa * (J - 1.0) ** 2


def ogden_3d(F, mu, alpha):
    """Ogden in 3D by np.linalg.eigvalsh of C = F^T F: mu / alpha (sum e_i^(alpha/2) - 3)."""
    C = F.T @ F
    e = np.linalg.eigvalsh(C)
    return mu / alpha * (np.sum(e ** (alpha / 2.0)) - 3.0)


def stretch_cubes_3d(F):
    """sum l_i^3 over the principal stretches (an Ogden term with alpha = 3), l_i^2 = eigvalsh(F^T F)."""
    C = F.T @ F
    return np.sum(np.linalg.eigvalsh(C) ** 1.5)


def stretch_sum_3d(F):
    """l1 + l2 + l3 = tr U, the first invariant of the right stretch tensor, by eigvalsh(F^T F)."""
    C = F.T @ F
    return np.sum(np.sqrt(np.linalg.eigvalsh(C)))


def max_principal_stretch_3d(F):
    """The largest principal stretch in 3D, by eigvalsh."""
    C = F.T @ F
    return np.sqrt(np.max(np.linalg.eigvalsh(C)))


def arap_energy(F):
    """The as-rigid-as-possible energy |F - R|^2, R = U V^T from np.linalg.svd (the polar rotation)."""
    U, S, Vt = np.linalg.svd(F)
    R = U @ Vt
    return np.sum((F - R) ** 2)


def principal_sum4(s11, s22, s33, s12, s23, s13):
    """sum s_i^4 over the principal stresses from the trigonometric (Lode angle) closed form, the argument of
    arccos clipped to [-1, 1] as codes do against rounding."""
    p = (s11 + s22 + s33) / 3.0
    d11, d22, d33 = s11 - p, s22 - p, s33 - p
    J2 = 0.5 * (d11 ** 2 + d22 ** 2 + d33 ** 2) + s12 ** 2 + s23 ** 2 + s13 ** 2
    J3 = (d11 * (d22 * d33 - s23 ** 2) - s12 * (s12 * d33 - s23 * s13) + s13 * (s12 * s23 - d22 * s13))
    arg = np.clip(1.5 * math.sqrt(3.0) * J3 / J2 ** 1.5, -1.0, 1.0)
    theta = np.arccos(arg) / 3.0
    r = 2.0 * np.sqrt(J2 / 3.0)
    s1 = p + r * np.cos(theta)
    s2 = p + r * np.cos(theta - 2.0 * math.pi / 3.0)
    s3 = p + r * np.cos(theta + 2.0 * math.pi / 3.0)
    return s1 ** 4 + s2 ** 4 + s3 ** 4


# --- strains ----------------------------------------------------------------------------------------------------------


def hencky_strain(stretch):
    """The true (logarithmic) strain log(lambda)."""
    return np.log(stretch)


def hencky_from_green(E):
    """The log strain from the Green-Lagrange strain: log(sqrt(1 + 2E)) = log(1 + 2E) / 2."""
    return 0.5 * np.log(1.0 + 2.0 * E)


def log_over_engineering(stretch):
    """The ratio of the true strain to the engineering strain, log(lambda) / (lambda - 1)."""
    return np.log(stretch) / (stretch - 1.0)


# --- yield functions --------------------------------------------------------------------------------------------------


def _deviator(sig):
    """The deviatoric part of a Voigt stress [s11, s22, s33, s12, s23, s13] and its s:s."""
    p = (sig[0] + sig[1] + sig[2]) / 3.0
    s11, s22, s33 = sig[0] - p, sig[1] - p, sig[2] - p
    ss = s11 ** 2 + s22 ** 2 + s33 ** 2 + 2.0 * (sig[3] ** 2 + sig[4] ** 2 + sig[5] ** 2)
    return p, ss


def von_mises(sig):
    """The von Mises equivalent stress sqrt(3/2 s:s)."""
    _, ss = _deviator(sig)
    return np.sqrt(1.5 * ss)


def von_mises_principal(s1, s2, s3):
    """By principal stresses: sqrt(((s1 - s2)^2 + (s2 - s3)^2 + (s3 - s1)^2) / 2)."""
    return np.sqrt(0.5 * ((s1 - s2) ** 2 + (s2 - s3) ** 2 + (s3 - s1) ** 2))


def von_mises_smoothed(sig):
    """A smoothed von Mises sqrt(3/2 s:s + 1e-12), as some codes write it to keep a gradient at the origin."""
    _, ss = _deviator(sig)
    return np.sqrt(1.5 * ss + 1e-12)


def drucker_prager(sig, alpha, k):
    """Drucker-Prager's f = sqrt(J2) + alpha I1 - k (J2 = s:s / 2, I1 = tr sigma)."""
    p, ss = _deviator(sig)
    return np.sqrt(0.5 * ss) + alpha * 3.0 * p - k


def tresca(s1, s2, s3):
    """Tresca's equivalent stress max(|s1 - s2|, |s2 - s3|, |s3 - s1|)."""
    return np.maximum(np.maximum(np.abs(s1 - s2), np.abs(s2 - s3)), np.abs(s3 - s1))


def tresca_stacked(s1, s2, s3):
    """Tresca as max - min of the stacked principal stresses."""
    s = np.stack([s1, s2, s3])
    return np.max(s) - np.min(s)


def tresca_plane(sx, sy, txy):
    """Tresca in plane stress (s3 = 0), the in-plane principal stresses in closed form."""
    c = 0.5 * (sx + sy)
    R = np.sqrt((0.5 * (sx - sy)) ** 2 + txy ** 2)
    s1, s2 = c + R, c - R
    return np.maximum(np.maximum(np.abs(s1 - s2), np.abs(s1)), np.abs(s2))


# --- plasticity -------------------------------------------------------------------------------------------------------


def j2_return(q_trial, sy0, H, G, ep):
    """One return-mapping step of J2 plasticity with linear hardening: the plastic multiplier
    dgamma = max(f, 0) / (3G + H), f = q_trial - (sy0 + H ep); the corrected q = q_trial - 3G dgamma."""
    f = q_trial - (sy0 + H * ep)
    dgamma = np.maximum(f, 0.0) / (3.0 * G + H)
    return q_trial - 3.0 * G * dgamma


def j2_multiplier(q_trial, sy0, H, G, ep):
    """The plastic multiplier alone, with Macaulay brackets (f + |f|) / 2."""
    f = q_trial - (sy0 + H * ep)
    return 0.5 * (f + np.abs(f)) / (3.0 * G + H)


def radial_return_energy(s, G, H, sy0):
    """A radial return of the trial deviator s (6 Voigt entries, shear doubled in s:s) and the elastic energy
    s_new : s_new / (4G) of the result; the elastic branch is selected by np.where."""
    ss = s[0] ** 2 + s[1] ** 2 + s[2] ** 2 + 2.0 * (s[3] ** 2 + s[4] ** 2 + s[5] ** 2)
    norm = np.sqrt(ss)
    q = math.sqrt(1.5) * norm
    f = q - sy0
    dgamma = np.maximum(f, 0.0) / (3.0 * G + H)
    n = s / norm
    s_new = np.where(f > 0, s - 2.0 * G * dgamma * math.sqrt(1.5) * n, s)
    ssn = (s_new[0] ** 2 + s_new[1] ** 2 + s_new[2] ** 2
           + 2.0 * (s_new[3] ** 2 + s_new[4] ** 2 + s_new[5] ** 2))
    return ssn / (4.0 * G)


# --- damage -----------------------------------------------------------------------------------------------------------


def damage_stress(E, eps, eps0, ef):
    """Exponential softening: sigma = (1 - d) E eps, d = 1 - exp(-(eps - eps0) / ef) past eps0, else 0."""
    d = np.where(eps > eps0, 1.0 - np.exp(-(eps - eps0) / ef), 0.0)
    return (1.0 - d) * E * eps


def damage_stress_clipped(E, eps, eps0, ef):
    """The same with the history written by a Macaulay bracket: d = 1 - exp(-max(eps - eps0, 0) / ef)."""
    d = 1.0 - np.exp(-np.maximum(eps - eps0, 0.0) / ef)
    return (1.0 - d) * E * eps


def damage_mazars(E, eps, eps0, ef):
    """Mazars-like: d = 1 - eps0 / eps exp(-(eps - eps0) / ef) past eps0, else 0 (behind np.where)."""
    d = np.where(eps > eps0, 1.0 - eps0 / eps * np.exp(-(eps - eps0) / ef), 0.0)
    return (1.0 - d) * E * eps


def damage_dissipation(E, eps, eps0, ef):
    """The energy dissipated by damage, d Y with Y = E eps^2 / 2 and d = 1 - exp(-(eps - eps0) / ef) (loading)."""
    d = 1.0 - np.exp(-(eps - eps0) / ef)
    return d * 0.5 * E * eps ** 2


def damage_dissipation_expm1(E, eps, eps0, ef):
    """The same with d = -expm1(-(eps - eps0) / ef)."""
    d = -np.expm1(-(eps - eps0) / ef)
    return d * 0.5 * E * eps ** 2


# --- contact and splits -----------------------------------------------------------------------------------------------


def macaulay(x):
    """<x> = (x + |x|) / 2."""
    return 0.5 * (x + np.abs(x))


def contact_penalty(g, k):
    """A penalty contact energy k/2 <-g>^2 for a gap g (penetration when g < 0)."""
    pen = 0.5 * (-g + np.abs(g))
    return 0.5 * k * pen ** 2


def contact_force_linear(g, k):
    """A penalty contact force k <-g> (its magnitude)."""
    return k * 0.5 * (-g + np.abs(g))


def split_energy(e11, e22, e12, lam, mu):
    """Amor's volumetric split in plane strain: lam/2 <tr e>^2 + mu e:e, tension only in the volumetric part."""
    tr = e11 + e22
    pos = 0.5 * (tr + np.abs(tr))
    return 0.5 * lam * pos ** 2 + mu * (e11 ** 2 + e22 ** 2 + 2.0 * e12 ** 2)


# --- thermal ----------------------------------------------------------------------------------------------------------


def thermal_energy(J, alpha, dT, kappa):
    """The volumetric energy with a thermal expansion: kappa/2 (J / (1 + alpha dT)^3 - 1)^2."""
    Jth = (1.0 + alpha * dT) ** 3
    return 0.5 * kappa * (J / Jth - 1.0) ** 2


def thermal_energy_linear(J, alpha, dT, kappa):
    """Its small-strain form kappa/2 (J - 1 - 3 alpha dT)^2."""
    return 0.5 * kappa * (J - 1.0 - 3.0 * alpha * dT) ** 2


def thermal_stress(E, eps, alpha, T, T0):
    """A bar's thermal stress E (eps - alpha (T - T0))."""
    return E * (eps - alpha * (T - T0))
