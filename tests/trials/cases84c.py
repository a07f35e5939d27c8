"""The eighty-fourth round (c) of user trials: solid mechanics and constitutive models written with gradcli.numpy
(tests/trials/lib84c.py).

The strain-energy and yield functions that finite-element and material-fitting codes differentiate (tests/trials/
lib84c.py, gradcli.numpy and its linalg): a compressible neo-Hookean mu/2 (I1 - 3) - mu log J + lam/2 (log J)^2 in
plane strain with F given entry by entry (at F = I, J = 0, J < 0, float32 J = 1e-30, and a nearly singular F whose J
cancels), in 3D with J by np.linalg.det and by Sarrus (singular F, a reflection), with a quadratic volumetric term
through J = 0 and F = 0, and decoupled, mu/2 (J^(-2/3) I1 - 3) + kappa/2 (J - 1)^2, at J = 0 and float32 J = 1e-30;
Mooney-Rivlin by invariants; Mooney-Rivlin, Ogden and Hencky by principal stretches from the eigen-free closed form
(tr +- sqrt(disc)) / 2 at equal stretches (F = I, a rotation, float32, alpha = 2) and 1e-9 from them, the largest
stretch at a tie; in 3D Ogden by eigvalsh (F = I, two equal stretches, a flattened element), the sum of the stretches
cubed and the sum of the stretches at a flattened element, the largest stretch at F = I, an as-rigid-as-possible
energy |F - U V^T|^2 by svd at F = I and at two equal singular values; sum s_i^4 over principal stresses by the Lode
angle (arccos of a clipped argument) at an ordinary, a uniaxial and a hydrostatic stress; Gent at, past and 1e-12 from
its locking limit (Jm = 2 and 3, float32 5.999 and 5.9998) and in uniaxial tension; Hencky log strains log(lambda),
log(1 + 2E) / 2 and log(lambda) / (lambda - 1) at lambda -> 1; von Mises sqrt(3/2 s:s) at zero deviatoric stress
(zero stress, a hydrostatic 0.1, float32), at 1e-200, by principal stresses and smoothed; Drucker-Prager at its apex;
Tresca at ties (max of |s_i - s_j|, max - min of a stack, and in plane stress from the closed-form principal stresses);
a J2 return-mapping step max(f, 0) / (3G + H) on the yield surface (exactly, and where the program's 1000 * 0.01
rounds onto it) and by Macaulay brackets; a radial return behind np.where at a hydrostatic trial stress; exponential
damage at eps = eps0 (behind a where, clipped), at ef = 0, Mazars' form at eps = eps0 and unloaded, the energy
dissipated just past the threshold (1 - exp and expm1); Macaulay brackets, a contact penalty and force at first touch,
a tension-compression split at tr e = 0; a thermal volumetric energy with a tiny coefficient (float32 1.2e-5 at
dT = 1e-3, float64 1e-20), its small-strain form, a thermal stress with a subnormal coefficient.

Tried: 43 functions, 158 cases through the CLI judged by tests/trials/judge.py (at most two gradcli processes at once; a
scratch driver runs the CLI in two threads and judges in the main one), and scratch probes by hand (slogdet and inv at
a singular F, eigh-based polar and Hencky tensors, a 2x2 flattened element, ...); then trimmed of 44 ordinary or
repeated cases. ALL keeps 114 (54 ok, 31 domain, 17 unstable, 12 wrong; 91 float64, 23 float32) over 43
functions. 110 agree with gradcli in verdict and every exact gradient entry (to 1e-10 relative); 4 disagree: F1. Every
check took 1.2-10.9 s on the loaded machine (two at once), the slowest the 3D svd and eigvalsh cases; every truth
under 2.4 s; the last two full runs (114 cases) 2 min 12 s and 2 min 25 s.

Truths are written here from the mathematics, never lib84c's code or gradcli: J by mpmath.det, I1 by the Frobenius
norm, I2 as the sum of C's principal minors, the principal stretches by mpmath's eigsy (2D) and svd_r (3D: the
singular values, >= 0 by construction), Mooney-Rivlin by stretches as C10 (tr C - 2) + C01 (tr C / det C - 2), von
Mises and Drucker-Prager by J2 = ((s11 - s22)^2 + ...) / 6 + s12^2 + ..., Tresca as max - min (plane stress: of
eigsy's two and 0), the return mapping and the damage laws by if/else on the exact f and eps, sum s_i^4 as tr(S^4);
the derivative from the left and the right by mpmath.diff at 2,000 digits (cases30b.sided_grad with finite_sides: NaN
where the sides differ or one is undefined or infinite); by hand the points with no value (all NaN) and J = 0 of the
decoupled form (kappa keeps 0.5: the README's "at a pole, the inputs that do not move it keep their slopes"). The
points are the numbers the dtype holds, and a Python float constant of the program is the double it is (-2.0 / 3.0,
1e-12, math.sqrt(1.5), 1.5 * math.sqrt(3.0), 2.0 * math.pi / 3.0), cast to float32 where it meets a float32 array.

What agreed: the neo-Hookean ok at F = I (slopes 0) and ordinary F (float32 too), domain at J = 0 (+inf for every
input) and J < 0, ok at float32 J = 1e-30, unstable at a nearly singular F (J = 1e-14 from products of 0.06; float32
J = 1e-6); in 3D by det and Sarrus alike; the quadratic volumetric form ok through J = 0 and at F = 0 (det's cofactor
slopes, float32 too); the decoupled form domain at J = 0 with kappa's 0.5, unstable at float32 J = 1e-30 (J^(-5/3)
overflows: F12's and F21's exact 0s come out NaN, F22's 5e19 -inf, F11's -1e50 past the range). Mooney-Rivlin by
invariants ok; by stretches, Ogden (alpha = 3 and 2) and Hencky wrong at equal stretches (sqrt's inf times disc's 0s,
where the symmetric energy is smooth: F = I, a rotation 0.6/0.8 whose C is I in doubles, float32), unstable 1e-9
from the tie (C10's slope tr C - 2 cancels); the largest stretch domain at a tie (2D and 3D). In 3D eigvalsh's Ogden
ok at an ordinary F and at two equal stretches (a repeated group treated alike), svd's ARAP ok at F = I and wrong at
diag(2, 1, 1) (R = U V^T unique, |F - R|^2 smooth with slope diag(2, 0, 0); the rule's 1 / (s_i^2 - s_j^2) NaN). The
Lode-angle sum ok at an ordinary stress, domain at a hydrostatic one (0 / 0), unstable at uniaxial stress (below).
Gent domain at and past locking, ok 1e-12 from it with Jm = 2 (every step exact), unstable with Jm = 3 (the quotient
rounds beside 1 - x = 3.3e-13) and in float32 at 5.9998 (3e-4 off), ok at 5.999 (the quotient rounds exactly); in
uniaxial tension ok, ok at stretch 1 (slopes 0), unstable in float32 (Jm's slope -(log(1 - x) + x / (1 - x)) / 2
cancels 2e-4). log(lambda) ok at 1 and 1 + 1e-12, domain at 0; log(1 + 2E) / 2 unstable at E = 1e-10 (float32 1e-6):
its slope is right, its value keeps 7 digits; log(lambda) / (lambda - 1) domain at 1 (0 / 0), unstable at 1 + 1e-12
and float32 1.001 (the slope -1/2 from two terms of 1e12). Von Mises domain at zero stress and hydrostatic ones
(0.1, whose computed deviator is -1.4e-17: the held point's is 0; float32 2.0), unstable at 1e-200 (the squares
underflow, sqrt(0)'s slope inf), ok by principal stresses at (5, 5, -3), smoothed ok at 0; Drucker-Prager
domain at its apex (alpha keeps -90, k -1); Tresca domain at s1 = s2 (s3 keeps -1; by np.max of a stack too) and
(5, 5, 5), in plane stress domain at sx = sy (R's cone) and at uniaxial stress (|s1 - s2| = |s1|: sx keeps 1, txy 0, sy
jumps). The J2 step ok plastic (float32 too), domain exactly on the yield surface (q_trial, sy0, H, ep
change slope, G keeps 0; by Macaulay brackets too), unstable where 1000 * 0.01 rounds onto it (the held f is
-2.1e-16, elastic, slopes 1, 0, 0, 0, 0; max's tie gives about half); the radial return ok plastic (float32 too),
wrong at a hydrostatic trial stress (the untaken n = s / |s| = 0 / 0 leaks NaN through np.where; every slope 0). Damage
ok softening (float32 too), domain at eps = eps0 (E keeps eps0, ef 0; clipped and Mazars' form too),
wrong at ef = 0 (sigma = 0 for every E, eps, eps0: exp(-inf) * (-1 / 0) = 0 * -inf; ef none), Mazars' form wrong
unloaded (eps0 / 0 through np.where: slopes 0, E, 0, 0); the dissipation unstable just past the threshold with 1 - exp
and ok with expm1. Macaulay domain at 0 (float32 too), the contact penalty ok at first touch (C1, slopes 0), the force
domain (k keeps 0), the split ok at tr e = 0. The thermal energy ok at ordinary points, unstable in float32 (alpha dT =
1.2e-8 lost in 1 + alpha dT: J's slope -3.6e-4 comes out 0) and at alpha = 1e-20 in float64, its small-strain form ok;
the thermal stress ok with a subnormal coefficient (9.99989e-321, and float32 1e-40).

Truths the round corrected in itself (against the first CLI batches; each re-derived by hand before changing it):
- neo_hookean_2d in float32 at F22 = 0.6001, first unstable: J = 1e-5 leaves 8e-5 relative, within float32's 1e-4;
  the case is now at 0.60001 (J = 1e-6): unstable;
- neo_hookean_isochoric at float32 J = 1e-30, first ok: J^(-5/3) overflows float32 and F12's and F21's exact 0s come
  out NaN (inf times dJ/dF12 = 0), F22's 5e19 -inf: unstable;
- mooney_rivlin_stretches 1e-9 from equal stretches, first ok (the F slopes are right): C10's slope tr C - 2 = 2e-9
  cancels (5e-10 off): unstable;
- gent in float32 at I1 = 5.999, Jm = 3, first unstable: (I1 - 3) / 3 happens to round exactly there: ok; 5.9998
  (3e-4 off) added as the unstable one; gent_uniaxial in float32, first ok: Jm's slope cancels: unstable;
- hencky_from_green at E = 1e-10 (float32 1e-6), first ok for its right slope: the value log(1 + 2E) / 2 keeps 7
  digits, and the README's unstable is "loses the value or the gradient": unstable;
- j2_return where 1000 * 0.01 rounds to 10.0, first ok with the elastic slopes: the rounding puts max(f, 0) on its
  tie, the rule's slopes about half: unstable, as gradcli says;
- radial_return_energy in float32, first with the exact sqrt(3/2): the program's math.sqrt(1.5) held in float32 moves
  c^2 / 1.5 - 1 beside H / (3G + H) = 0.004, 1.75e-5 of every slope: the mirror now holds the constant;
- principal_sum4 at uniaxial stress, first with tr(S^4)'s slopes (s22 exactly 0), then with the exact 1.5 sqrt 3 and
  2 pi / 3 (the argument 1 - 5.8e-17 with math.sqrt(3.0) alone: s22's slope 8.6e-12): the program's constants are
  Python products, 1.5 * math.sqrt(3.0) 7.2e-17 above 1.5 sqrt 3 and 2.0 * math.pi / 3.0 2.3e-16 below 2 pi / 3, so
  the argument is 1 + 2.8e-17 for every stress near, the clip holds theta at 0 and s2 = s3 = 1.3e-14: s22's and s33's
  exact slopes are 9.3e-42 (gradcli's number; the mirror of the program's constants, stable from 60 to 2,000 digits),
  and the computed 2.3e-10 (two paths of 1.3e6 cancelling) loses it: unstable. This one truth mirrors the closed form,
  the constants being what defines the function there; at the ordinary stress it is tr(S^4).

Findings:
F1: the principal stretches of a flattened element by eigvalsh of C = F^T F. At F = diag(1, 1, 0), C's eigenvalue 0
stays exactly 0 for every F near along F[0, 2] and F[1, 2] (C = [[1, 0, h], [0, 1, 0], [h, 0, h^2]] has det 0 and
eigenvalues 0, 1, 1 + h^2: F keeps rank 2), so sum l_i^3 = sum e_i^1.5 = 1 + (1 + h^2)^1.5 there, slope 0; F[2, 2]
gives |h|^3, slope 0; the exact gradient is diag(3, 3, 0), every other entry 0, and the float64 and float32 gradients
are exactly that: ok. gradcli says domain, "the function is singular here in F[0, 2]: from the left the function is not
defined (NaN at every step), and from the right the function is not defined (NaN at every step)", the same for F[1, 2],
exact gradient NaN there (at 120 digits: "the exact gradient is undefined or infinite at this point"). Reproduction: a
scratch file holding `def f(F): C = F.T @ F; return np.sum(np.linalg.eigvalsh(C) ** 1.5)` (import gradcli.numpy as np);
`gradcli check FILE:f --at "F=[[1.0,0.0,0.0],[0.0,1.0,0.0],[0.0,0.0,0.0]]" --json`: status domain, exact F [[3, 0, nan],
[0, 3, nan], [0, 0, 0]], computed [[3, 0, 0], [0, 3, 0], [0, 0, 0]] (float32 the same). Same cause: lib84c's ogden_3d,
mu/alpha (sum e^(alpha/2) - 3), at diag(1, 1, 0) with mu = 1, alpha = 3 gets no verdict ("the exact reference did not
settle below 4000 digits (the function cancels more digits than that)"; --wrt F alone: domain as above; --wrt alpha:
ok, 1/9) where every computed entry (F diag(1, 1, 0), mu -1/3, alpha 1/9) is exact; and stretch_sum_3d, sum of
sqrt(eigvalsh(C)) = l1 + l2 + l3, is rightly wrong there (F[0, 0]'s 1 comes out NaN from sqrt(0)'s rule; F[2, 2] a kink)
but with exact F[0, 2] and F[1, 2] NaN where they are 0. Sure because the 0 eigenvalue is algebra, not rounding (C is
positive semidefinite of rank 2 along those lines: det C = h^2 - h^2 = 0), mpmath's svd_r gives the stretches
sqrt(1 + h^2), 1, 0 at every step, and gradcli itself gets the same function right by svd (np.sum(np.linalg.svd(F,
compute_uv=False) ** 3): ok, diag(3, 3, 0)) and the 2x2 flattened element (eigvalsh of [[1, 0], [0, 0]]'s C: ok).
Reading (not traced): along F[0, 2] C is no longer diagonal, the high-precision eigen solver returns the 0 eigenvalue
as a rounding of either sign at each precision, a negative one raised to 1.5 (or square-rooted) is NaN, and the
reference reads NaN at every step as a function undefined on both sides instead of a 0 no proof reaches (which the
README says leaves the point without an exact reference, "and the check says so").
  Narrowed: a NaN beside the point that rounding decides (a number where the ops round down or up, NaN rounded to
  nearest, or the reverse) no longer makes a side "not defined": the kink test calls it noise, and where no
  precision settles the differences, the point has no exact reference, which says that rounding decides whether the
  function is a number beside the point along F[0, 2] and F[1, 2]. stretch_sum_3d is wrong with its exact F[0, 2]
  and F[1, 2] 0; stretch_cubes_3d and ogden_3d get no verdict at the default 4000 digits where the truth is ok (no
  proof reaches the exact 0 eigenvalue of C beside the point), and stretch_cubes_3d is still domain where the
  reference is held to 120 digits (every rounding of its difference steps is NaN there): open.
"""

import math

import mpmath
import numpy
from mpmath import mpf

from cases import Case
from cases5 import hp
from cases30b import sided_grad
from cases59c import _txt  # a point as its case id writes it

L = "lib84c.py"
NAN = mpmath.nan
exp, log, sqrt = mpmath.exp, mpmath.log, mpmath.sqrt


def D64(v):
    return mpf(float(v))


def D32(v):
    return mpf(float(numpy.float32(v)))


def HELD(dtype):
    return D32 if dtype == "float32" else D64


def K(v, dtype):
    """A Python float of the program as it meets an array of ``dtype`` (NumPy casts it to the array's dtype)."""
    return HELD(dtype)(v)


def _max0(x):
    return x if x > 0 else mpf(0)


def _c2(F11, F12, F21, F22):
    """C = F^T F of a 2x2 F, as an mpmath matrix."""
    F = mpmath.matrix([[F11, F12], [F21, F22]])
    return F.T * F


def _eig2(F11, F12, F21, F22):
    """C's eigenvalues by mpmath's symmetric eigensolver (not the program's closed form)."""
    E, _ = mpmath.eigsy(_c2(F11, F12, F21, F22))
    return [E[0], E[1]]


# --- the mathematics, in mpmath ---------------------------------------------------------------------------------------

def m_nh2d(F11, F12, F21, F22, mu, lam):
    F = mpmath.matrix([[F11, F12], [F21, F22]])
    I1 = mpmath.mnorm(F, "f") ** 2 + 1
    lj = log(mpmath.det(F))
    return mu / 2 * (I1 - 3) - mu * lj + lam / 2 * lj ** 2


def m_nh3d(F, mu, lam):
    M = mpmath.matrix(F)
    I1 = mpmath.mnorm(M, "f") ** 2
    lj = log(mpmath.det(M))
    return mu / 2 * (I1 - 3) - mu * lj + lam / 2 * lj ** 2


def m_nh_iso(dtype="float64"):
    e = K(-2.0 / 3.0, dtype)  # the program's exponent -2.0 / 3.0, a double (then as the dtype holds it)

    def f(F11, F12, F21, F22, mu, kappa):
        F = mpmath.matrix([[F11, F12], [F21, F22]])
        I1 = mpmath.mnorm(F, "f") ** 2 + 1
        J = mpmath.det(F)
        return mu / 2 * (J ** e * I1 - 3) + kappa / 2 * (J - 1) ** 2
    return f


def m_mooney(F11, F12, F21, F22, C10, C01):
    """I2 as the sum of C's principal minors (C33 = 1, C13 = C23 = 0)."""
    C = _c2(F11, F12, F21, F22)
    I1 = C[0, 0] + C[1, 1] + 1
    I2 = C[0, 0] + C[1, 1] + mpmath.det(C)
    return C10 * (I1 - 3) + C01 * (I2 - 3)


def m_mooney_stretches(F11, F12, F21, F22, C10, C01):
    """e1 + e2 = tr C and 1/e1 + 1/e2 = tr C / det C: symmetric in the stretches, smooth through a tie."""
    C = _c2(F11, F12, F21, F22)
    tr, det = C[0, 0] + C[1, 1], mpmath.det(C)
    return C10 * (tr - 2) + C01 * (tr / det - 2)


def m_ogden(F11, F12, F21, F22, mu, alpha):
    e = _eig2(F11, F12, F21, F22)
    return mu / alpha * (e[0] ** (alpha / 2) + e[1] ** (alpha / 2) - 2)


def m_hencky(F11, F12, F21, F22, mu, lam):
    e = _eig2(F11, F12, F21, F22)
    a, b = log(e[0]) / 2, log(e[1]) / 2
    return mu * (a ** 2 + b ** 2) + lam / 2 * (a + b) ** 2


def m_max_stretch(F11, F12, F21, F22):
    return sqrt(max(_eig2(F11, F12, F21, F22)))


def m_nh_quad(F, mu, kappa):
    M = mpmath.matrix(F)
    return mu / 2 * (mpmath.mnorm(M, "f") ** 2 - 3) + kappa / 2 * (mpmath.det(M) - 1) ** 2


def _eig3(F):
    M = mpmath.matrix(F)
    E, _ = mpmath.eigsy(M.T * M)
    return [E[0], E[1], E[2]]


def _sv3(F):
    """F's singular values (mpmath's svd_r): the principal stretches, >= 0 by construction."""
    S = mpmath.svd_r(mpmath.matrix(F), compute_uv=False)
    return [S[0], S[1], S[2]]


def m_ogden3(F, mu, alpha):
    return mu / alpha * (sum(v ** alpha for v in _sv3(F)) - 3)


def m_cubes3(F):
    return sum(v ** 3 for v in _sv3(F))


def m_stretch_sum3(F):
    return sum(_sv3(F))


def m_max_stretch3(F):
    return sqrt(max(_eig3(F)))


def m_arap(F):
    """sum (sigma_i - 1)^2 over F's singular values (|F - R|^2 with R the polar rotation)."""
    S = mpmath.svd_r(mpmath.matrix(F), compute_uv=False)
    return sum((S[i] - 1) ** 2 for i in range(3))


def m_sum4(s11, s22, s33, s12, s23, s13):
    """sum s_i^4 = tr(S^4), S the symmetric stress."""
    S = mpmath.matrix([[s11, s12, s13], [s12, s22, s23], [s13, s23, s33]])
    S2 = S * S
    return sum(S2[i, j] ** 2 for i in range(3) for j in range(3))


def m_sum4_program(s11, s22, s33, s12, s23, s13):
    """The Lode-angle closed form with the program's constants, Python products of doubles: 1.5 * math.sqrt(3.0) is
    7.2e-17 above 1.5 sqrt 3 and 2.0 * math.pi / 3.0 2.3e-16 below 2 pi / 3. At uniaxial stress the argument is
    1 + 2.8e-17 for every stress near, clipped to 1: theta = 0 and s2 = s3 = p + r cos(c2) = 1.3e-14, a smooth
    function; its exact slopes in s22 and s33 are 9.3e-42, not tr(S^4)'s 0."""
    c1, c2 = mpf(1.5 * math.sqrt(3.0)), mpf(2.0 * math.pi / 3.0)
    p = (s11 + s22 + s33) / 3
    d11, d22, d33 = s11 - p, s22 - p, s33 - p
    J2 = (d11 ** 2 + d22 ** 2 + d33 ** 2) / 2 + s12 ** 2 + s23 ** 2 + s13 ** 2
    J3 = d11 * (d22 * d33 - s23 ** 2) - s12 * (s12 * d33 - s23 * s13) + s13 * (s12 * s23 - d22 * s13)
    th = mpmath.acos(min(max(c1 * J3 / J2 ** mpf(1.5), -1), 1)) / 3
    r = 2 * sqrt(J2 / 3)
    return sum((p + r * mpmath.cos(a)) ** 4 for a in (th, th - c2, th + c2))


def m_gent(I1, mu, Jm):
    return -mu * Jm / 2 * log((Jm - (I1 - 3)) / Jm)


def m_gent_uni(stretch, mu, Jm):
    return m_gent(stretch ** 2 + 2 / stretch, mu, Jm)


def m_log(stretch):
    return log(stretch)


def m_hencky_green(E):
    return log(sqrt(1 + 2 * E))


def m_log_ratio(stretch):
    return log(stretch) / (stretch - 1)


def _j2(s11, s22, s33, s12, s23, s13):
    """J2 = ((s11 - s22)^2 + (s22 - s33)^2 + (s33 - s11)^2) / 6 + s12^2 + s23^2 + s13^2."""
    return ((s11 - s22) ** 2 + (s22 - s33) ** 2 + (s33 - s11) ** 2) / 6 + s12 ** 2 + s23 ** 2 + s13 ** 2


def m_von_mises(sig):
    return sqrt(3 * _j2(*sig))


def m_vm_principal(s1, s2, s3):
    return sqrt(3 * _j2(s1, s2, s3, 0, 0, 0))


def m_vm_smoothed(dtype="float64"):
    e = K(1e-12, dtype)

    def f(sig):
        return sqrt(3 * _j2(*sig) + e)
    return f


def m_dp(sig, alpha, k):
    return sqrt(_j2(*sig)) + alpha * (sig[0] + sig[1] + sig[2]) - k


def m_tresca(s1, s2, s3):
    return max(s1, s2, s3) - min(s1, s2, s3)


def m_tresca_plane(sx, sy, txy):
    E, _ = mpmath.eigsy(mpmath.matrix([[sx, txy], [txy, sy]]))
    s = [E[0], E[1], mpf(0)]
    return max(s) - min(s)


def m_j2_return(q_trial, sy0, H, G, ep):
    f = q_trial - sy0 - H * ep
    return q_trial - 3 * G * _max0(f) / (3 * G + H)


def m_j2_mult(q_trial, sy0, H, G, ep):
    return _max0(q_trial - sy0 - H * ep) / (3 * G + H)


def m_radial(dtype="float64"):
    """The return is radial: |s_new| = |s| - 2G dgamma c when q = c |s| passes sy0, c = the program's
    math.sqrt(1.5) as the dtype holds it (|s_new| = |s| (1 - 3G c^2/1.5 / (3G + H)) + ...: c^2 / 1.5 - 1 matters
    beside H / (3G + H) = 0.004)."""
    c = K(math.sqrt(1.5), dtype)

    def f(s, G, H, sy0):
        norm = sqrt(s[0] ** 2 + s[1] ** 2 + s[2] ** 2 + 2 * (s[3] ** 2 + s[4] ** 2 + s[5] ** 2))
        y = c * norm - sy0
        r = norm - 2 * G * _max0(y) / (3 * G + H) * c if y > 0 else norm
        return r ** 2 / (4 * G)
    return f


def m_damage(E, eps, eps0, ef):
    return E * eps * (exp(-(eps - eps0) / ef) if eps > eps0 else 1)


def m_mazars(E, eps, eps0, ef):
    return E * eps * (eps0 / eps * exp(-(eps - eps0) / ef) if eps > eps0 else 1)


def m_dissipation(E, eps, eps0, ef):
    return (1 - exp(-(eps - eps0) / ef)) * E * eps ** 2 / 2


def m_macaulay(x):
    return _max0(x)


def m_penalty(g, k):
    return k / 2 * _max0(-g) ** 2


def m_force(g, k):
    return k * _max0(-g)


def m_split(e11, e22, e12, lam, mu):
    return lam / 2 * _max0(e11 + e22) ** 2 + mu * (e11 ** 2 + e22 ** 2 + 2 * e12 ** 2)


def m_thermal(J, alpha, dT, kappa):
    return kappa / 2 * (J / (1 + alpha * dT) ** 3 - 1) ** 2


def m_thermal_lin(J, alpha, dT, kappa):
    return kappa / 2 * (J - 1 - 3 * alpha * dT) ** 2


def m_thermal_stress(E, eps, alpha, T, T0):
    return E * (eps - alpha * (T - T0))


# --- cases ------------------------------------------------------------------------------------------------------------

def C(function, mirror, verdict="ok", dtype="float64", line=None, fix=None, **pt):
    """A case whose truth is the one- and two-sided derivative of ``mirror`` at the point as ``dtype`` holds it (NaN
    where a side is undefined or infinite)."""
    return Case(L, function, ",".join(f"{k}={_txt(v)}" for k, v in pt.items()), dtype, verdict,
                sided_grad(mirror, dtype, finite_sides=True, **pt), line, fix)


def H(function, truth, verdict="ok", dtype="float64", line=None, fix=None, **pt):
    """A case whose truth is written by hand."""
    return Case(L, function, ",".join(f"{k}={_txt(v)}" for k, v in pt.items()), dtype, verdict, hp(truth), line, fix)


def all_nan(**pt):
    def nan_like(v):
        return [nan_like(a) for a in v] if isinstance(v, list) else NAN
    return lambda: {k: nan_like(v) for k, v in pt.items()}


def fixed(**values):
    def conv(v):
        if callable(v):
            return v()
        return [conv(a) for a in v] if isinstance(v, list) else (v if isinstance(v, mpf) else mpf(v))
    return lambda: {k: conv(v) for k, v in values.items()}


F0 = dict(F11=1.2, F12=0.3, F21=-0.1, F22=0.9)  # an ordinary plane-strain deformation gradient
ID2 = dict(F11=1.0, F12=0.0, F21=0.0, F22=1.0)
ROT = dict(F11=0.6, F12=-0.8, F21=0.8, F22=0.6)  # a rotation: C = I exactly in doubles (0.36 + 0.64 both ways)
F3 = [[1.1, 0.2, 0.0], [0.1, 0.95, 0.05], [0.0, -0.1, 1.05]]
I3 = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]
SING3 = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 0.0]]
REFL3 = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, -1.0]]
SIG = [100.0, 20.0, -30.0, 15.0, 0.0, 5.0]
ZERO6 = [0.0] * 6

ALL = [
    # --- compressible neo-Hookean, plane strain, F entry by entry
    C("neo_hookean_2d", m_nh2d, **F0, mu=1.5, lam=3.0),
    C("neo_hookean_2d", m_nh2d, dtype="float32", **F0, mu=1.5, lam=3.0),
    # the reference state: mu F - mu F^-T + lam log J F^-T = 0, I1 - 3 = 0, log J = 0: every slope 0
    C("neo_hookean_2d", m_nh2d, **ID2, mu=1.5, lam=3.0),
    # J = 0 (a collapsed element): -mu log 0 + lam/2 (log 0)^2 = +inf for every F11, F21, mu, lam: no slope
    H("neo_hookean_2d", all_nan(**ID2, mu=0, lam=0), "domain", F11=1.0, F12=0.0, F21=0.0, F22=0.0, mu=1.5, lam=3.0),
    # J < 0 (an inverted element): log of a negative number, NaN for every input near
    H("neo_hookean_2d", all_nan(**ID2, mu=0, lam=0), "domain", F11=1.0, F12=0.0, F21=0.0, F22=-0.5, mu=1.5, lam=3.0),
    # J -> 0 in float32: J = 1e-30 is computed exactly, the slopes ~ log J / J (2e32) are as accurate as J
    C("neo_hookean_2d", m_nh2d, dtype="float32", F11=1e-30, F12=0.0, F21=0.0, F22=1.0, mu=1.5, lam=3.0),
    # a nearly singular F: J = 0.1 * 0.6000000000001 - 0.2 * 0.3 = 1e-14 from products of 0.06: ~3 digits left,
    # and the slopes carry F22 / J
    C("neo_hookean_2d", m_nh2d, "unstable", F11=0.1, F12=0.2, F21=0.3, F22=0.6000000000001, mu=1.5, lam=3.0),
    # float32: J = 1e-6 from products of 0.06 (0.6001 leaves 1e-5: 8e-5 off, within float32's 1e-4)
    C("neo_hookean_2d", m_nh2d, "unstable", dtype="float32", F11=0.1, F12=0.2, F21=0.3, F22=0.60001, mu=1.5,
      lam=3.0),
    # --- 3D, J by np.linalg.det and by Sarrus
    C("neo_hookean_3d", m_nh3d, F=F3, mu=1.5, lam=3.0),
    C("neo_hookean_3d", m_nh3d, F=I3, mu=1.5, lam=3.0),
    # a singular F (the element flattened to a plane): log 0, W = +inf for every input near
    H("neo_hookean_3d", all_nan(F=SING3, mu=0, lam=0), "domain", F=SING3, mu=1.5, lam=3.0),
    # a reflection, J = -1: log of a negative number
    H("neo_hookean_3d", all_nan(F=REFL3, mu=0, lam=0), "domain", F=REFL3, mu=1.5, lam=3.0),
    C("neo_hookean_3d_cofactor", m_nh3d, dtype="float32", F=F3, mu=1.5, lam=3.0),
    # --- the decoupled neo-Hookean mu/2 (J^(-2/3) I1 - 3) + kappa/2 (J - 1)^2
    C("neo_hookean_isochoric", m_nh_iso(), **F0, mu=1.5, kappa=10.0),
    # J = 0: 0^(-2/3) = inf, W = inf for every F11, F21 and mu; kappa does not move the pole and keeps its slope
    # (J - 1)^2 / 2 = 0.5 (the README's "at a pole, the inputs that do not move it keep their slopes")
    H("neo_hookean_isochoric", fixed(F11=NAN, F12=NAN, F21=NAN, F22=NAN, mu=NAN, kappa="0.5"), "domain",
      F11=1.0, F12=0.0, F21=0.0, F22=0.0, mu=1.5, kappa=10.0),
    # float32 J = 1e-30: F11's exact slope -1e50 is past float32's range, but J^(-5/3) = inf times dJ/dF12 = 0 makes
    # F12's and F21's exact 0s NaN and F22's 5e19 -inf: the dtype's overflow, unstable
    C("neo_hookean_isochoric", m_nh_iso("float32"), "unstable", dtype="float32", F11=1e-30, F12=0.0, F21=0.0,
      F22=1.0, mu=1.5, kappa=10.0),
    # J by det in a quadratic volumetric term: finite through J = 0, det's slope the cofactor matrix
    C("neo_hookean_quadratic", m_nh_quad, F=SING3, mu=1.5, kappa=10.0),
    C("neo_hookean_quadratic", m_nh_quad, F=[[0.0] * 3] * 3, mu=1.5, kappa=10.0),  # F = 0: cofactors 0
    C("neo_hookean_quadratic", m_nh_quad, dtype="float32", F=SING3, mu=1.5, kappa=10.0),
    # --- 3D by eigvalsh and svd: a repeated group treated alike has its derivative
    C("ogden_3d", m_ogden3, F=F3, mu=1.0, alpha=3.0),
    C("ogden_3d", m_ogden3, F=[[2.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]], mu=1.0, alpha=3.0),
    # a flattened element, F = diag(1, 1, 0): the stretches (1, 1, 0), sum l^alpha smooth in F (F[2, 2]: |h|^3;
    # F[0, 2] = h: stretches sqrt(1 + h^2), 1, 0): mu/alpha (l^alpha) slopes diag(1, 1, 0), mu -1/3, alpha 1/9
    # (0^alpha = 0 for alpha > 0): ok. F1: gradcli finds no exact reference
    C("ogden_3d", m_ogden3, F=SING3, mu=1.0, alpha=3.0),
    C("stretch_cubes_3d", m_cubes3, F=F3),
    C("stretch_cubes_3d", m_cubes3, F=I3),
    # F1: C = F^T F is positive semidefinite, its 0 eigenvalue exact for every F[0, 2] and F[1, 2] near (the stretch
    # cubes 1 + (1 + h^2)^1.5): slopes diag(3, 3, 0), every other 0; gradcli calls F[0, 2], F[1, 2] undefined
    C("stretch_cubes_3d", m_cubes3, F=SING3),
    C("stretch_cubes_3d", m_cubes3, dtype="float32", F=SING3),
    # l1 + l2 + l3 at diag(1, 1, 0): F[2, 2] a kink (|h|), F[0, 0] and F[1, 1] slope 1, the rest 0; the rule's
    # 1 / (2 sqrt(0)) makes every entry NaN: wrong (F1 too: gradcli's exact F[0, 2], F[1, 2] are NaN)
    C("stretch_sum_3d", m_stretch_sum3, "wrong", F=SING3),
    C("max_principal_stretch_3d", m_max_stretch3, "domain", F=I3),  # the largest of three equal: a kink
    C("arap_energy", m_arap, F=I3),
    # diag(2, 1, 1): two equal singular values; R = U V^T is unique (F is invertible) and |F - R|^2 = sum (s_i - 1)^2
    # is smooth (slope diag(2, 0, 0)), but svd's rule divides by s_i^2 - s_j^2 = 0: NaN
    C("arap_energy", m_arap, "wrong", F=[[2.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]),
    # --- principal stresses by the Lode angle (arccos of a clipped argument)
    C("principal_sum4", m_sum4, s11=100.0, s22=20.0, s33=-30.0, s12=15.0, s23=0.0, s13=5.0),
    # uniaxial: s2 = s3, the argument 1 in exact arithmetic; the program's rounded constants put it 2.8e-17 above
    # 1 for every stress near, so the clip holds theta at 0 (m_sum4_program); s22's and s33's exact slopes 9.3e-42
    # come out 2.3e-10, two paths of 1.3e6 cancelling: unstable (every other entry right)
    C("principal_sum4", m_sum4_program, "unstable", s11=100.0, s22=0.0, s33=0.0, s12=0.0, s23=0.0, s13=0.0),
    H("principal_sum4", all_nan(s11=0, s22=0, s33=0, s12=0, s23=0, s13=0), "domain", s11=5.0, s22=5.0, s33=5.0,
      s12=0.0, s23=0.0, s13=0.0),  # hydrostatic: J3 / J2^1.5 = 0 / 0, no value
    # --- Mooney-Rivlin by invariants (a polynomial in F)
    C("mooney_rivlin", m_mooney, **ID2, C10=0.4, C01=0.1),
    # --- Mooney-Rivlin and Ogden by principal stretches from (tr +- sqrt(disc)) / 2
    C("mooney_rivlin_stretches", m_mooney_stretches, **F0, C10=0.4, C01=0.1),
    # equal stretches: disc = 0, sqrt's slope inf times disc's 0s is NaN; the energy is symmetric in the stretches,
    # a smooth function of C (tr C - 2 and tr C / det C - 2): wrong
    C("mooney_rivlin_stretches", m_mooney_stretches, "wrong", **ID2, C10=0.4, C01=0.1),
    C("mooney_rivlin_stretches", m_mooney_stretches, "wrong", **ROT, C10=0.4, C01=0.1),
    C("mooney_rivlin_stretches", m_mooney_stretches, "wrong", dtype="float32", **ID2, C10=0.4, C01=0.1),
    # 1e-9 from the tie: the F slopes are right (disc's slopes +-2 F and 0), but C10's slope e1 + e2 - 2 = tr C - 2
    # = 2e-9 cancels (5e-10 off)
    C("mooney_rivlin_stretches", m_mooney_stretches, "unstable", F11=1.0, F12=0.0, F21=0.0, F22=1.000000001, C10=0.4,
      C01=0.1),
    C("ogden", m_ogden, **F0, mu=1.0, alpha=3.0),
    C("ogden", m_ogden, "wrong", **ID2, mu=1.0, alpha=3.0),
    C("ogden", m_ogden, "wrong", dtype="float32", **ID2, mu=1.0, alpha=3.0),
    C("ogden", m_ogden, "wrong", **ID2, mu=1.0, alpha=2.0),  # alpha = 2 is mu/2 (I1 - 3), still through the sqrt
    C("hencky_energy", m_hencky, **F0, mu=1.5, lam=3.0),
    # the reference state: every exact slope 0 (log 1 = 0, the energy quadratic in the log strains); NaN from sqrt
    C("hencky_energy", m_hencky, "wrong", **ID2, mu=1.5, lam=3.0),
    # the largest stretch alone is a kink at a tie: domain
    C("max_principal_stretch", m_max_stretch, **F0),
    C("max_principal_stretch", m_max_stretch, "domain", **ID2),
    C("max_principal_stretch", m_max_stretch, "domain", **ROT),
    # --- Gent
    C("gent", m_gent, I1=4.0, mu=1.0, Jm=50.0),
    H("gent", all_nan(I1=0, mu=0, Jm=0), "domain", I1=5.0, mu=1.0, Jm=2.0),  # the locking limit: log 0
    H("gent", all_nan(I1=0, mu=0, Jm=0), "domain", I1=6.0, mu=1.0, Jm=2.0),  # past it: log of a negative number
    # 1e-12 from locking with Jm = 2: (I1 - 3) / 2 and 1 - it are exact: ok
    C("gent", m_gent, I1=4.999999999999, mu=1.0, Jm=2.0),
    # with Jm = 3 the quotient rounds (1e-16) beside 1 - x = 3.3e-13: 3 digits of the slope ~ 1 / (1 - x) lost
    C("gent", m_gent, "unstable", I1=5.999999999999, mu=1.0, Jm=3.0),
    # float32 I1 = 5.9998: (I1 - 3) / 3 rounds 2e-8 beside 1 - x = 6.7e-5: 3e-4 off (at 5.999 the quotient happens
    # to round exactly: ok)
    C("gent", m_gent, dtype="float32", I1=5.999, mu=1.0, Jm=3.0),
    C("gent", m_gent, "unstable", dtype="float32", I1=5.9998, mu=1.0, Jm=3.0),
    C("gent_uniaxial", m_gent_uni, stretch=1.5, mu=1.0, Jm=50.0),
    # float32: Jm's slope -mu/2 (log(1 - x) + x / (1 - x)) ~ -mu x^2 / 4 from two terms 170 times larger: 2e-4 off
    C("gent_uniaxial", m_gent_uni, "unstable", dtype="float32", stretch=1.5, mu=1.0, Jm=50.0),
    C("gent_uniaxial", m_gent_uni, stretch=1.0, mu=1.0, Jm=50.0),  # I1'(1) = 2 - 2 = 0: every slope 0
    # --- log strains
    C("hencky_strain", m_log, stretch=1.0),
    C("hencky_strain", m_log, stretch=1.000000000001),
    H("hencky_strain", all_nan(stretch=0), "domain", stretch=0.0),
    # the slope 1 / (1 + 2E) is right, but the value log(1 + 2E) / 2 = 1e-10 keeps 7 digits (1 + 2E lost 2E): the
    # README's "loses the value or the gradient"
    C("hencky_from_green", m_hencky_green, "unstable", E=1e-10),
    C("hencky_from_green", m_hencky_green, "unstable", dtype="float32", E=1e-6),
    C("log_over_engineering", m_log_ratio, stretch=1.5),
    H("log_over_engineering", all_nan(stretch=0), "domain", stretch=1.0),  # 0 / 0 (its limit 1 is no value)
    # lambda = 1 + 1e-12: the value is right, but the slope 1 / (l (l - 1)) - log l / (l - 1)^2 is -1/2 from two
    # terms of 1e12
    C("log_over_engineering", m_log_ratio, "unstable", stretch=1.000000000001),
    C("log_over_engineering", m_log_ratio, "unstable", dtype="float32", stretch=1.001),
    # --- von Mises
    C("von_mises", m_von_mises, sig=SIG),
    C("von_mises", m_von_mises, dtype="float32", sig=SIG),
    C("von_mises", m_von_mises, "domain", sig=ZERO6),  # the cone's apex: no slope
    # 0.1 three times: the program's s11 = 0.1 - 0.30000000000000004 / 3 = -1.4e-17, not 0, but the held point's
    # deviator is exactly 0: a cone, no derivative
    C("von_mises", m_von_mises, "domain", sig=[0.1, 0.1, 0.1, 0.0, 0.0, 0.0]),
    C("von_mises", m_von_mises, "domain", dtype="float32", sig=[2.0, 2.0, 2.0, 0.0, 0.0, 0.0]),
    # a tiny stress state: the deviator's squares (4e-401) underflow, sqrt(0) gets an infinite slope where von Mises,
    # homogeneous of degree 1, has slopes (1, -1/2, -1/2, 0, 0, 0)
    C("von_mises", m_von_mises, "unstable", sig=[1e-200, 0.0, 0.0, 0.0, 0.0, 0.0]),
    C("von_mises_principal", m_vm_principal, "domain", s1=5.0, s2=5.0, s3=5.0),
    C("von_mises_principal", m_vm_principal, s1=5.0, s2=5.0, s3=-3.0),  # a tie von Mises does not mind
    C("von_mises_smoothed", m_vm_smoothed(), sig=ZERO6),
    # --- Drucker-Prager
    C("drucker_prager", m_dp, sig=SIG, alpha=0.2, k=50.0),
    # the apex (hydrostatic): sqrt(J2)'s cone in sig; alpha keeps I1 = -90, k keeps -1
    C("drucker_prager", m_dp, "domain", sig=[-30.0, -30.0, -30.0, 0.0, 0.0, 0.0], alpha=0.2, k=50.0),
    # --- Tresca
    C("tresca", m_tresca, s1=100.0, s2=20.0, s3=-30.0),
    # s1 = s2 > s3: max(s) jumps between s1 and s2 (slopes 1 / 0): s1, s2 none, s3 keeps -1
    C("tresca", m_tresca, "domain", s1=50.0, s2=50.0, s3=-10.0),
    C("tresca", m_tresca, "domain", s1=5.0, s2=5.0, s3=5.0),
    C("tresca_stacked", m_tresca, "domain", s1=50.0, s2=50.0, s3=-10.0),
    C("tresca_plane", m_tresca_plane, sx=80.0, sy=-20.0, txy=30.0),
    # sx = sy, txy = 0: R's cone, every input without a slope
    C("tresca_plane", m_tresca_plane, "domain", sx=50.0, sy=50.0, txy=0.0),
    # uniaxial: s2 = 0 = s3, |s1 - s2| = |s1| tie; sx keeps 1, txy 0 (R's slope 0), sy jumps (0 above, -1 below)
    C("tresca_plane", m_tresca_plane, "domain", sx=100.0, sy=0.0, txy=0.0),
    # --- J2 return mapping
    C("j2_return", m_j2_return, q_trial=300.0, sy0=250.0, H=1000.0, G=80000.0, ep=0.01),
    C("j2_return", m_j2_return, dtype="float32", q_trial=300.0, sy0=250.0, H=1000.0, G=80000.0, ep=0.01),
    # on the yield surface, f = 350 - (250 + 1600 * 0.0625) = 0 exactly: q_trial, sy0, H, ep change slope there
    # (1 - 3G / (3G + H) from above, 1 below), G keeps 0 (dgamma = 0 on both sides)
    C("j2_return", m_j2_return, "domain", q_trial=350.0, sy0=250.0, H=1600.0, G=80000.0, ep=0.0625),
    # 1000 * 0.01 rounds to 10.0 in the program, but the held 0.01 is 2.1e-19 above 1/100: f = -2.1e-16, elastic
    # (slopes 1, 0, 0, 0, 0); the rounding puts max(f, 0) on its tie, the rule's half slopes: unstable
    C("j2_return", m_j2_return, "unstable", q_trial=260.0, sy0=250.0, H=1000.0, G=80000.0, ep=0.01),
    C("j2_multiplier", m_j2_mult, "domain", q_trial=350.0, sy0=250.0, H=1600.0, G=80000.0, ep=0.0625),
    C("radial_return_energy", m_radial(), s=[200.0, -100.0, -100.0, 50.0, 0.0, 0.0], G=80000.0, H=1000.0, sy0=250.0),
    C("radial_return_energy", m_radial("float32"), dtype="float32", s=[200.0, -100.0, -100.0, 50.0, 0.0, 0.0],
      G=80000.0, H=1000.0, sy0=250.0),
    # a hydrostatic trial state, s = 0: elastic, s_new = s, energy s:s / 4G with every slope 0; the untaken
    # plastic branch's n = s / |s| = 0 / 0 leaks NaN through np.where
    C("radial_return_energy", m_radial(), "wrong", s=ZERO6, G=80000.0, H=1000.0, sy0=250.0),
    # --- damage
    C("damage_stress", m_damage, E=30000.0, eps=0.002, eps0=0.0001, ef=0.001),
    C("damage_stress", m_damage, dtype="float32", E=30000.0, eps=0.002, eps0=0.0001, ef=0.001),
    # eps = eps0: d = 0 from both sides, but the softening slope E (1 - eps0 / ef) differs from E: eps and eps0
    # none, E keeps eps0, ef 0
    C("damage_stress", m_damage, "domain", E=30000.0, eps=0.0001, eps0=0.0001, ef=0.001),
    # ef = 0 (brittle): past eps0, exp(-x / 0) = 0, sigma = 0 for every E, eps, eps0 (exact slopes 0); ef: 0 from
    # the right, e^(x / |ef|) on the left; the rule's exp(-inf) * (-1 / 0) = 0 * -inf leaks NaN into eps and eps0
    H("damage_stress", fixed(E=0, eps=0, eps0=0, ef=NAN), "wrong", E=30000.0, eps=0.002, eps0=0.0001, ef=0.0),
    C("damage_stress_clipped", m_damage, "domain", E=30000.0, eps=0.0001, eps0=0.0001, ef=0.001),
    C("damage_stress_clipped", m_damage, dtype="float32", E=30000.0, eps=0.002, eps0=0.0001, ef=0.001),
    C("damage_mazars", m_mazars, "domain", E=30000.0, eps=0.0001, eps0=0.0001, ef=0.001),
    # unloaded, eps = 0: sigma = E eps (slopes 0, E, 0, 0); the untaken eps0 / 0 leaks NaN through np.where
    C("damage_mazars", m_mazars, "wrong", E=30000.0, eps=0.0, eps0=0.0001, ef=0.001),
    # just past the threshold: d = 1 - exp(-1e-9) keeps 7 digits (value and E's slope d eps^2 / 2)
    C("damage_dissipation", m_dissipation, "unstable", E=30000.0, eps=0.000100000001, eps0=0.0001, ef=0.001),
    C("damage_dissipation_expm1", m_dissipation, E=30000.0, eps=0.000100000001, eps0=0.0001, ef=0.001),
    # --- Macaulay brackets
    C("macaulay", m_macaulay, "domain", x=0.0),
    C("macaulay", m_macaulay, "domain", dtype="float32", x=0.0),
    C("contact_penalty", m_penalty, g=0.0, k=1e6),  # C1 at first touch: slopes 0
    C("contact_force_linear", m_force, "domain", g=0.0, k=1e6),  # the force's kink at first touch; k keeps 0
    C("split_energy", m_split, e11=0.01, e22=-0.01, e12=0.005, lam=2.0, mu=1.0),  # tr e = 0: C1, lam <tr> = 0
    # --- thermal expansion
    C("thermal_energy", m_thermal, J=1.001, alpha=1.2e-05, dT=50.0, kappa=10000.0),
    # float32: alpha dT = 1.2e-8 is lost in 1 + alpha dT, J / Jth - 1 = 0 where it is -3.6e-8: J's slope
    # kappa (J / Jth - 1) / Jth comes out 0
    C("thermal_energy", m_thermal, "unstable", dtype="float32", J=1.0, alpha=1.2e-05, dT=0.001, kappa=10000.0),
    C("thermal_energy", m_thermal, "unstable", J=1.0, alpha=1e-20, dT=100.0, kappa=10000.0),
    C("thermal_energy_linear", m_thermal_lin, J=1.0, alpha=1e-20, dT=100.0, kappa=10000.0),
    # a subnormal coefficient (9.99989e-321 held): T's slope -E alpha = -2e-315, subnormal too (28 bits)
    C("thermal_stress", m_thermal_stress, E=200000.0, eps=0.001, alpha=1e-320, T=80.0, T0=20.0),
    C("thermal_stress", m_thermal_stress, dtype="float32", E=200000.0, eps=0.001, alpha=1e-40, T=80.0, T0=20.0),
]
