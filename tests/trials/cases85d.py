"""The eighty-fifth trial set (d): MOLECULAR MECHANICS FORCE FIELDS, the energies an MD code differentiates for its
forces, on two to four atoms in reduced units (EPS = SIG = 1, exact constants but theta0 = 1.9 and pi), as JAX,
PyTorch, TensorFlow and plain NumPy / SciPy code writes them. JAX (jax_lib85d): Lennard-Jones 4 ((1/r)^12 - (1/r)^6)
at r = 1.2 (float32 too), 1e-30 (4e360: beyond float64), float32 1e-3 (the slope beyond float32), float32 1e-2 and 0;
LJ over a 3 x 3 distance matrix by jnp.linalg.norm with the diagonal masked by jnp.where, and by the double where
(float32 too); cut and shifted by where(r < RC) at 1.2, RC = 2.5 and 3; shifted-force at 1.2 (float32) and RC;
Ewald's real space Q erfc(a r) / r by jax.scipy.special.erfc at a r = 0.75 (float32), 25 and 30 (erfc(30) = 2.6e-393,
below every double), by 1 - erf at 0.75 and 6; the intramolecular correction -Q erf(a r) / r guarded by
where(r > 0, ..., 2 a / jnp.sqrt(jnp.pi)) at r = 0 and 1.5; a bond through the minimum image d - L round(d / L) at an
ordinary point, at d_x = L / 2 (round's tie) and across the box (float32 too); a bond k (|x1 - x2| - r0)^2 (float32;
coincident atoms) and a position restraint k |x - x_ref|^2 by the norm (at x_ref; off it); a bond angle
k (theta - theta0)^2 by arccos(dot / (|a| |b|)) and by atan2(|a x b|, a . b) bent (float32), straight and bent by
1e-9, the same with theta0 = jnp.pi (a linear triatomic), and a 2-D atan2(|a0 b1 - a1 b0|, a . b) straight and bent;
a torsion k (1 + cos 3 phi) by atan2 (ordinary, float32; planar trans; a zero-length middle bond) and a harmonic
improper k phi^2 (planar cis, trans); Morse by exp at 1.3 and r0, float32 at r0 + 1e-4, and by expm1 there; a soft-core
1 / sqrt(r^6 + alpha) at (1, 0), (0, 0), (0, 0.5) and of positions through the norm (coincident, alpha 0.5; ordinary);
Buckingham A e^(-B r) - C / r^6 at 1.2 (float32) and 0; LJ with its analytic dE/dr as a custom_vjp (float32 too) and
with the force -dE/dr returned for the gradient. PyTorch (torch_lib85d): LJ (float32), the masked distance matrix by
torch.where, the cut at RC and 1.2, torch.special.erfc (float32), the guarded self term at 0, the minimum image by
torch.round (tie; across), the bond (coincident; ordinary), the restraint at x_ref by torch.linalg.norm, the angle by
torch.acos (bent; linear, straight), the torsion (ordinary; trans), Morse (float32 near r0; 1.3), the soft-core of
positions (coincident), Buckingham (0; 1.2), an autograd.Function right and returning the force, and a neighbour list
by torch.nonzero. TensorFlow (tf_lib85d): LJ, the masked matrix by tf.where and tf.norm, tf.math.erfc, the minimum
image by tf.round (tie), the restraint at x_ref, the linear angle by tf.acos (straight), Morse, and a bond with its
analytic force by tf.custom_gradient (float32 too). NumPy (np_lib85d): LJ (1.2; 0), scipy.special.erfc and 1 - erf
(a r = 6), the minimum image by np.round (tie; across), the bond (coincident), the restraint at x_ref, the angle by
arccos (straight; bent 1e-9) and arctan2 (bent 1e-9), the torsion (trans; zero bond; ordinary), Morse, the soft-core
at (0, 0), Buckingham.

Counts: 115 cases tried through the CLI by tests/trials/judge.py (a scratch driver: two CLI runs at a time, judged one
at a time in its main thread; a first run of 111, then the 8 corrected and 4 added ones, then all 115 again), besides
scratch probes reducing the findings. ALL keeps all 115: 69 ok, 21 domain, 17 wrong, 7 unstable, 1 input error;
97 float64, 18 float32 (JAX 64, PyTorch 25, TensorFlow 9, NumPy 17). 109 agree with my truths (after the corrections
below) in verdict and in every exact gradient entry to 1e-10 relative and, where a case names its line or message, in
that; 6 disagree: F1 (3 cases), F2 (2), F3 (1), strict xfails. Each check took 2.2-22.5 s (median 5.9 s; NumPy
2.2-5.9 s, JAX 3.8-15.4 s, PyTorch 7.7-22.5 s, TensorFlow 11-18 s); the whole set about 13 min of CLI time; every
truth under 3 s. The test file (8 chosen, 6 strict xfails) takes about 27 s.

Agreed (verdicts and exact slopes):
- LJ ok at ordinary points (float32 too; float32 at r = 0.01, 1e24 in range); domain at r = 1e-30 (the value 4e360
  beyond float64) and float32 r = 1e-3 (the slope -4.8e40 beyond float32) and at r = 0 (a pole);
- the masked distance matrix: JAX's jnp.where over lj(norm(0)) on the diagonal: every slope finite, NaN from the
  norm's 0 / 0 and lj's inf through the untaken branch: wrong, naming the where's line; PyTorch's torch.where and
  TensorFlow's tf.where alike (wrong); the double where (distances made 1 on the diagonal before the sqrt) ok, float32
  too;
- cut and shifted: ok inside and beyond, domain at RC (the force jumps, and lj(RC) is the Python double: the value
  jumps by its rounding too); shifted-force: ok inside (float32 too, its force constant as float32 holds it), domain
  at RC (the energy's shift and the force's, Python doubles, leave a jump of 6.4e-18 there);
- erfc: ok at a r = 0.75 (float32), 25 (8.3e-274) and 30 (the value and slopes below every double: 0 is the
  answer); written 1 - erf at a r = 6 unstable (erf(6) rounds to 1: the value 0 where it is 3.6e-18), ok at 0.75;
- the guarded self term at r = 0: alpha's slope -2 Q / sqrt(pi) comes out NaN (erf(a r) / r's backward 0 / 0
  through the untaken branch): wrong (JAX, PyTorch); r has no slope (see the corrections);
- the minimum image at d_x = L / 2: the image flips from +5 to -5, the bond's x slopes change sign: domain, y and z
  keeping theirs (JAX, PyTorch, TensorFlow, NumPy); ok off the tie and across the box (float32 too);
- the bond at coincident atoms (r0 = 1.5): a cone, domain (JAX, PyTorch, NumPy); the restraint at x_ref by the norm
  (slope 0): JAX's norm rule 0 / 0: wrong, at the line; gradcli.numpy's sqrt rule alike: wrong; PyTorch's
  linalg.norm rule (0 at 0) and TensorFlow's Sqrt rule (0 for a 0 upstream): ok;
- the angle (theta0 = 1.9) at a straight angle: a kink in the perpendicular coordinates (+-7.45), the along-axis ones
  exactly 0 where arccos' -inf and the norm of the 0 cross product give NaN: wrong (arccos and atan2, JAX; NumPy's
  arccos); bent by 1e-9 rad: arccos's cosine rounds to -1, unstable (JAX, NumPy); atan2 ok there; ok bent (float32);
- the torsion ok (float32), at the planar trans configuration too (atan2's branch cut under a smooth cos 3 phi: JAX,
  PyTorch, NumPy); the harmonic improper ok at planar cis (phi = 0), domain at trans (phi jumps from pi to -pi);
- Morse ok, its slope 0 at r0; in float32 at r0 + 1e-4, 1 - exp cancels: unstable (JAX, PyTorch); expm1's ok;
- soft-core ok at alpha = 0, r = 1 and at r = 0, alpha = 0.5; domain at r = alpha = 0 (JAX, NumPy); of positions at
  coincident atoms (alpha = 0.5, slope 0): JAX's norm rule NaN: wrong; PyTorch's 0: ok;
- Buckingham ok (float32), domain at r = 0 (-C / 0; JAX, PyTorch);
- the analytic force rules: dE/dr ok (custom_vjp float32 too, autograd.Function, tf.custom_gradient float32 too); the
  force -dE/dr returned for the gradient: wrong, naming the custom_vjp's backward and the Function's backward;
- the refusal: torch.nonzero((r < RC) & (r > 0)) in a neighbour list: exit 2, "the PyTorch op aten.nonzero.default at
  torch_lib85d.py:126 makes an output whose shape depends on its inputs' values ... a selection keeps its shape as
  torch.where(mask, x, 0.0)", clear.

My truths corrected (gradcli right):
- jax_lib85d / torch_lib85d:ewald_self at r = 0, meant r's slope 0 (the removable singularity filled by its limit):
  the branch at r <= 0 is -Q 2 a / SQRT_PI with SQRT_PI the double sqrt(pi) (jnp.sqrt(jnp.pi), math.sqrt(math.pi)),
  1.45e-16 below sqrt(pi), so the value at 0 is 9.3e-17 off the limit of -Q erf(a r) / r from the right: a jump, r
  without a slope (gradcli: "the function jumps here
  in r at its switch greater"); the verdict stays wrong from alpha's NaN.
- jax_lib85d:angle_acos, angle_atan2 and np_lib85d:angle_acos at the straight angle (theta0 = 1.9), meant domain:
  the along-axis coordinates' exact slopes are 0 and the rules give NaN there, so, as the README judges entries
  beside one without a derivative, wrong.
- tf_lib85d:restraint at x_ref, meant wrong: TensorFlow's Sqrt gradient is 0 for a 0 upstream: ok.
- np_lib85d:restraint at x_ref, meant ok (I took gradcli.numpy's norm to know its 0): its sqrt rule gives 0 / 0: wrong,
  as for JAX.
- jax_lib85d:linear_atan2_2d, meant domain, then read unstable: the value 3 (pi - fl(pi))^2 = 4.5e-32 comes out 0
  (atan2(0, -2) is fl(pi) exactly); but that 0 is the value with pi taken as the number it rounds (README: a value off
  only by the rounding of its constants of mathematics loses no digit to the arithmetic), so domain, from the kinks
  (F1's, mended).

Findings:
F1 (mended: a side whose quotients carry a curvature past a millionth of a tiny slope settles one step down,
  `kinks._settled_one_step_down`; the arccos spellings say the kinks, wrong from the rules' NaN; the 2-D atan2 domain).
  At a straight angle with theta0 = jnp.pi (or math.pi), pi - 1.2246e-16, the program's energy
  3 (theta - fl(pi))^2 has a kink in each coordinate perpendicular to the axis: theta = pi - c |delta|, so the slopes
  are -+6 (pi - fl(pi)) c from the two sides (+-7.35e-16 for x[0, 1]). gradcli says so for jax_lib85d:linear_atan2
  (atan2(norm(cross(a, b)), dot)): "the function has a kink here: its derivative in x[0, 1] is 7.34788e-16 from the
  left and -7.34788e-16 from the right". For the same function spelled with arccos (jax_lib85d:linear_acos,
  torch_lib85d:linear_acos) it reports the exact gradient 0 in every entry ("where the exact derivative is
  {x: [[0, 0, 0], [0, 0, 0], [0, 0, 0]]}"), and spelled atan2(|a0 b1 - a1 b0|, a . b) in 2-D
  (jax_lib85d:linear_atan2_2d) it reports one side's slope as the exact derivative (x[0, 1] -7.347880794884119e-16,
  x[1, 1] 1.102182119232618e-15, x[2, 1] -3.6739403974420594e-16) and names no kink. The verdicts there (wrong from
  the along-axis NaN; unstable from the value) are right; the exact entries are not, under either reading of pi (as
  fl(pi): no derivative; as pi: 0). Reduced (a scratch probe, jax_enable_x64):
      def acos_lin(y): return (jnp.arccos(-1.0 / jnp.sqrt(1.0 + y * y)) - jnp.pi) ** 2
      def atan2_lin(y): return (jnp.arctan2(jnp.abs(y), -1.0) - jnp.pi) ** 2
  at y = 0, both (pi - atan|y| - fl(pi))^2 with slopes +-2.449e-16 from the two sides: acos_lin: exact gradient 0,
  wrong (JAX's NaN); atan2_lin: exact gradient -2.449294e-16, ok (JAX's -0 "smaller than what passes against an
  exact 0"). With 1.9 for pi (acos_bent) gradcli names the kink (+-2.48319): domain. Reproduction: `gradcli check
  tests/trials/jax_lib85d.py:linear_atan2_2d --at "x=[[1.0,0.0],[0.0,0.0],[-2.0,0.0]]" --dtype float64 --json`.
F2 (mended). atan2(NaN, 0) was taken on balls for a number near 0: `np.arctan2(x / x, 0.0)` at x = 0 (a scratch probe;
  jnp.arctan2 alike): error, "no exact reference: on balls, the exact value is within 2^1 of 0 but not proven 0",
  where the value is NaN at every precision (0 / 0 is NaN at high precision, as the README says) and
  `np.arctan2(x / x, 1.0)` is domain ("the exact value is undefined or infinite at this point (nan)"). A torsion with
  a zero-length middle bond hits it: b2 / |b2| = 0 / 0, n1 = n2 = 0, phi = atan2(NaN . 0, 0): no verdict where the
  answer is domain (no value, no slope). Reproduction: `gradcli check tests/trials/np_lib85d.py:torsion --at
  "x=[[0.0,1.0,0.0],[0.0,0.0,0.0],[0.0,0.0,0.0],[1.0,0.5,0.3]]" --dtype float64 --json` (jax_lib85d alike).
  Mended: atan2 of a NaN on balls is NaN, as IEEE's (flint's gave a ball about 0); of a NaN no precision bounds, that
  NaN, which more bits may resolve.
F3 (mended; was a no-verdict of the class the README documents, "a cosine computed as 1"). tf_lib85d:linear_acos at the
  straight angle: error, "no exact reference: at the difference steps beside the point along x[1, 0], rounding
  decides whether the function is a number, even at 3840 digits", where the JAX and PyTorch spellings of the same
  energy (arccos of dot / (norm a norm b)) at the same point get "wrong" (the along-axis slopes are exactly 0 since the
  angle stays pi on the axis, and TensorFlow's Acos gradient gives NaN there as theirs do).
  Mended: TensorFlow's Sqrt gradient asks whether its cotangent is 0, and the cotangent there is Acos's 1 / 0 of an
  exact 0, a ball with no bound (balls keep no sign of 0), so the comparison stayed undecided at every precision and
  the balls gave up. Such a comparison in the rule, where the value alone settles, now leaves the rule's entries no
  numbers, as a rule's ball that is not finite does: wrong, as for JAX and PyTorch (then F1 as theirs).

Truths are my own expressions evaluated with mpmath (2,000 digits by cases30b.sided_grad: each slope from the left and
the right, NaN where they differ or either is not finite), never the files' code or gradcli: LJ as 4 (r^-12 - r^-6),
over the three distinct pairs only; the cuts with lj(RC) and the force at RC as the programs hold them (Python
doubles; float32 where they meet a float32 array); Ewald by mpmath.erfc; the self term with the programs' double
sqrt(pi); the minimum image by mpmath.nint; the restraint as k |x - x_ref|^2 without a norm; every bond angle as
atan2(|a x b|, a . b) (never arccos) with theta0 as the dtype holds 1.9 or pi; the torsion by Blondel and Karplus's
atan2(|b2| b1 . (b2 x b3), (b1 x b2) . (b2 x b3)), no value with a zero-length b2; Morse by exp; the soft-core of
positions with 0 slopes at coincident atoms (r^6 = |d|^6 is smooth), alpha's -alpha^(-3/2) / 2. Numbers as the
dtype holds them.
"""
import math

import mpmath

from cases import Case
from cases5 import hp
from cases30b import sided_grad
from cases73d import H, NAN, at, mpf

J, T, K, N = "jax_lib85d.py", "torch_lib85d.py", "tf_lib85d.py", "np_lib85d.py"
F32, F64 = "float32", "float64"
INF = mpmath.inf
Q, BOX = 2, 10
K_BOND, R0 = 2, mpf("1.5")
K_ANG = 3
K_TOR, N_TOR = mpf("0.5"), 3
D_M, A_M, R0_M = 2, mpf("1.5"), 1
A_B, B_B, C_B = 1000, 4, 10
XREF = [mpf("0.5"), mpf(-1), 2]


# ------------------------------------------------------------------------------------------------- helpers
def isnan(v):
    return isinstance(v, mpmath.mpf) and mpmath.isnan(v)


def div(a, b):
    """a / b with 0 / 0 NaN and x / 0 a signed infinity (as IEEE, +0 taken)."""
    if isnan(a) or isnan(b):
        return NAN
    if b == 0:
        return NAN if a == 0 else (INF if a > 0 else -INF)
    return a / b


def sub(u, v):
    return [a - b for a, b in zip(u, v)]


def dot(u, v):
    return sum(a * b for a, b in zip(u, v))


def cross(u, v):
    return [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]]


def norm(u):
    return mpmath.sqrt(dot(u, u))


# ------------------------------------------------------------------------------------------------- the mathematics
def lj(r):
    """4 (r^-12 - r^-6); at r = 0 a pole (+inf)."""
    if r == 0:
        return INF
    return 4 * (r ** -12 - r ** -6)


def lj_pairs(x):
    """Over the three distinct pairs only (the diagonal is not a pair)."""
    return sum(lj(norm(sub(x[i], x[j]))) for i in range(3) for j in range(i + 1, 3))


def lj_cut(c1):
    """Cut and shifted, lj(RC) as the program holds it (a Python double)."""
    return lambda r: lj(r) - c1 if r < mpf("2.5") else mpf(0)


def lj_sf(c1, c2):
    """Shifted force with lj(RC) and the force at RC as the program holds them."""
    return lambda r: lj(r) - c1 - (r - mpf("2.5")) * c2 if r < mpf("2.5") else mpf(0)


def ewald(r, alpha):
    return div(Q * mpmath.erfc(alpha * r), r)


def ewald_self(r, alpha):
    """-Q erf(a r) / r for r > 0; at r <= 0 the programs' branch -Q 2 a / SQRT_PI with SQRT_PI the double
    sqrt(pi) (jnp.sqrt(jnp.pi), math.sqrt(math.pi)), 1.45e-16 below sqrt(pi): the value 9.3e-17 off the limit, a jump
    at r = 0, so r has no slope."""
    if r <= 0:
        return -2 * Q * alpha / SQRT_PI
    return -Q * mpmath.erf(alpha * r) / r


def mic(d):
    """The minimum image of one component: the nearest of d + k L (off a tie both are as near)."""
    return d - BOX * mpmath.nint(d / BOX)


def mic_bond(x):
    return K_BOND * (norm([mic(c) for c in sub(x[0], x[1])]) - R0) ** 2


def bond(x):
    return K_BOND * (norm(sub(x[0], x[1])) - R0) ** 2


def restraint(x):
    return K_BOND * dot(sub(x, XREF), sub(x, XREF))  # |x - XREF|^2: no norm needed


def theta(x):
    """The bond angle at atom 1 by atan2(|a x b|, a . b)."""
    a, b = sub(x[0], x[1]), sub(x[2], x[1])
    return mpmath.atan2(norm(cross(a, b)), dot(a, b))


def theta_2d(x):
    a, b = sub(x[0], x[1]), sub(x[2], x[1])
    return mpmath.atan2(abs(a[0] * b[1] - a[1] * b[0]), dot(a, b))


def angle_2d(theta0):
    return lambda x: K_ANG * (theta_2d(x) - theta0) ** 2


def angle(theta0):
    return lambda x: K_ANG * (theta(x) - theta0) ** 2


def phi(x):
    """The torsion by Blondel and Karplus: atan2(|b2| b1 . (b2 x b3), (b1 x b2) . (b2 x b3))."""
    b1, b2, b3 = sub(x[1], x[0]), sub(x[2], x[1]), sub(x[3], x[2])
    if norm(b2) == 0:
        return NAN
    return mpmath.atan2(norm(b2) * dot(b1, cross(b2, b3)), dot(cross(b1, b2), cross(b2, b3)))


def torsion(x):
    p = phi(x)
    return NAN if isnan(p) else K_TOR * (1 + mpmath.cos(N_TOR * p))


def improper(x):
    p = phi(x)
    return NAN if isnan(p) else K_TOR * p ** 2


def morse(r):
    return D_M * (1 - mpmath.exp(-A_M * (r - R0_M))) ** 2


def softcore(r, alpha):
    s = r ** 6 + alpha
    return INF if s == 0 else (NAN if s < 0 else 1 / mpmath.sqrt(s))


def softcore_pos(x, alpha):
    d = sub(x[0], x[1])
    return softcore(norm(d), alpha)


def buck(r):
    return A_B * mpmath.exp(-B_B * r) - div(mpf(C_B), r ** 6)


# ------------------------------------------------------------------------------------------------- cases
def S(file, function, dtype, verdict, f, line=None, **point):
    return Case(file, function, at(**point), dtype, verdict, sided_grad(f, dtype, finite_sides=True, **point),
                line=line)


def Hand(file, function, dtype, verdict, truth, line=None, **point):
    return Case(file, function, at(**point), dtype, verdict, hp(truth), line=line)


def Err(file, function, point, message, dtype=F64):
    return Case(file, function, at(**point), dtype, "input-error", message=message)


def nans(shape):
    return [nans(s) for s in shape] if isinstance(shape, list) else NAN


def all_nan(**point):
    return lambda: {k: nans(v) for k, v in point.items()}


# the constants the programs compute in Python doubles before they meet an array
_RC = 2.5
C1 = 4 * ((1.0 / _RC) ** 6 * (1.0 / _RC) ** 6 - (1.0 / _RC) ** 6)
C2 = 4 * 1.0 * (-12 * 1.0 ** 12 / _RC ** 13 + 6 * 1.0 ** 6 / _RC ** 7)
PI = math.pi
SQRT_PI = mpf(math.sqrt(math.pi))
THETA0 = 1.9

X3 = [[0.0, 0.0, 0.0], [1.1, 0.0, 0.0], [0.3, 1.2, 0.4]]
X2 = [[0.2, 0.3, -0.1], [1.4, -0.5, 0.6]]
X2_SAME = [[0.5, -1.0, 2.0], [0.5, -1.0, 2.0]]
X2_TIE = [[6.0, 0.5, 0.0], [1.0, 0.0, 0.0]]  # d_x = L / 2: round(0.5) ties
X2_WRAP = [[9.5, 0.25, 0.0], [0.5, 0.0, 0.0]]  # d_x = 9: the image at -1
BENT = [[1.0, 0.2, 0.1], [0.0, 0.0, 0.0], [-0.3, 1.1, 0.2]]
STRAIGHT = [[1.0, 0.0, 0.0], [0.0, 0.0, 0.0], [-2.0, 0.0, 0.0]]
NEAR = [[1.0, 0.0, 0.0], [0.0, 0.0, 0.0], [-2.0, 2e-9, 0.0]]  # bent by 1e-9 rad
STRAIGHT2 = [[1.0, 0.0], [0.0, 0.0], [-2.0, 0.0]]
BENT2 = [[1.0, 0.2], [0.0, 0.0], [-0.3, 1.1]]
X4 = [[0.1, 1.2, 0.3], [0.0, 0.0, 0.0], [1.5, 0.1, -0.2], [1.9, -0.6, 1.1]]
TRANS = [[0.0, 1.0, 0.0], [0.0, 0.0, 0.0], [1.5, 0.0, 0.0], [1.5, -1.0, 0.0]]  # planar, phi = pi
CIS = [[0.0, 1.0, 0.0], [0.0, 0.0, 0.0], [1.5, 0.0, 0.0], [1.5, 1.0, 0.0]]  # planar, phi = 0
ZERO_B2 = [[0.0, 1.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0], [1.0, 0.5, 0.3]]  # the middle bond of length 0


def softcore_pos_same(alpha):
    def truth():
        return {"x": [[mpf(0)] * 3, [mpf(0)] * 3], "alpha": -mpf(alpha) ** mpf(-1.5) / 2}
    return truth


ANG64, ANG32 = angle(H(F64, THETA0)), angle(H(F32, THETA0))
LIN64, LIN32 = angle(H(F64, PI)), angle(H(F32, PI))
LIN64_2D = angle_2d(H(F64, PI))

ALL = [
    # ---------------------------------------------------------------------------------------------------- JAX
    S(J, "lj", F64, "ok", lj, r=1.2),
    S(J, "lj", F32, "ok", lj, r=1.2),
    S(J, "lj", F64, "domain", lj, r=1e-30),  # 4e360: beyond float64
    S(J, "lj", F32, "domain", lj, r=0.001),  # the slope -4.8e37 * 1e3 beyond float32
    S(J, "lj", F32, "ok", lj, r=0.01),
    S(J, "lj", F64, "domain", lj, r=0.0),
    S(J, "lj_pairs", F64, "wrong", lj_pairs, x=X3, line="e = jnp.where(MASK, lj(r), 0.0)"),
    S(J, "lj_pairs_safe", F64, "ok", lj_pairs, x=X3),
    S(J, "lj_pairs_safe", F32, "ok", lj_pairs, x=X3),
    S(J, "lj_cut", F64, "ok", lj_cut(H(F64, C1)), r=1.2),
    S(J, "lj_cut", F64, "domain", lj_cut(H(F64, C1)), r=2.5),
    S(J, "lj_cut", F64, "ok", lj_cut(H(F64, C1)), r=3.0),
    S(J, "lj_sf", F64, "ok", lj_sf(H(F64, C1), H(F64, C2)), r=1.2),
    S(J, "lj_sf", F32, "ok", lj_sf(H(F32, C1), H(F32, C2)), r=1.2),
    S(J, "lj_sf", F64, "domain", lj_sf(H(F64, C1), H(F64, C2)), r=2.5),
    S(J, "ewald_real", F64, "ok", ewald, r=1.5, alpha=0.5),
    S(J, "ewald_real", F32, "ok", ewald, r=1.5, alpha=0.5),
    S(J, "ewald_real", F64, "ok", ewald, r=60.0, alpha=0.5),  # erfc(30) = 2.6e-393: 0 as float64 holds it
    S(J, "ewald_real", F64, "ok", ewald, r=50.0, alpha=0.5),  # erfc(25) = 8.3e-274
    S(J, "ewald_real_hand", F64, "ok", ewald, r=1.5, alpha=0.5),
    S(J, "ewald_real_hand", F64, "unstable", ewald, r=12.0, alpha=0.5),  # 1 - erf(6) = 0 in double
    S(J, "ewald_self", F64, "wrong", ewald_self, r=0.0, alpha=0.5),
    S(J, "ewald_self", F64, "ok", ewald_self, r=1.5, alpha=0.5),
    S(J, "mic_bond", F64, "ok", mic_bond, x=X2),
    S(J, "mic_bond", F64, "domain", mic_bond, x=X2_TIE),
    S(J, "mic_bond", F64, "ok", mic_bond, x=X2_WRAP),
    S(J, "mic_bond", F32, "ok", mic_bond, x=X2_WRAP),
    S(J, "bond", F64, "ok", bond, x=X2),
    S(J, "bond", F32, "ok", bond, x=X2),
    S(J, "bond", F64, "domain", bond, x=X2_SAME),
    S(J, "restraint", F64, "wrong", restraint, x=[0.5, -1.0, 2.0], line="jnp.linalg.norm(x - XREF) ** 2"),
    S(J, "restraint", F64, "ok", restraint, x=[0.7, -1.2, 2.5]),
    S(J, "angle_acos", F64, "ok", ANG64, x=BENT),
    S(J, "angle_acos", F32, "ok", ANG32, x=BENT),
    S(J, "angle_atan2", F64, "ok", ANG64, x=BENT),
    S(J, "angle_acos", F64, "wrong", ANG64, x=STRAIGHT),
    S(J, "angle_atan2", F64, "wrong", ANG64, x=STRAIGHT),
    S(J, "linear_acos", F64, "wrong", LIN64, x=STRAIGHT),
    S(J, "linear_atan2", F64, "wrong", LIN64, x=STRAIGHT),
    S(J, "linear_atan2_2d", F64, "domain", LIN64_2D, x=STRAIGHT2),
    S(J, "angle_atan2_2d", F64, "ok", angle_2d(H(F64, THETA0)), x=BENT2),
    S(J, "angle_acos", F64, "unstable", ANG64, x=NEAR),
    S(J, "angle_atan2", F64, "ok", ANG64, x=NEAR),
    S(J, "torsion", F64, "ok", torsion, x=X4),
    S(J, "torsion", F32, "ok", torsion, x=X4),
    S(J, "torsion", F64, "ok", torsion, x=TRANS),
    Hand(J, "torsion", F64, "domain", all_nan(x=ZERO_B2), x=ZERO_B2),
    S(J, "improper", F64, "ok", improper, x=CIS),
    S(J, "improper", F64, "domain", improper, x=TRANS),
    S(J, "morse", F64, "ok", morse, r=1.3),
    S(J, "morse", F64, "ok", morse, r=1.0),
    S(J, "morse", F32, "unstable", morse, r=1.0001),
    S(J, "morse_expm1", F32, "ok", morse, r=1.0001),
    S(J, "softcore", F64, "ok", softcore, r=1.0, alpha=0.0),
    S(J, "softcore", F64, "domain", softcore, r=0.0, alpha=0.0),
    S(J, "softcore", F64, "ok", softcore, r=0.0, alpha=0.5),
    Hand(J, "softcore_pos", F64, "wrong", softcore_pos_same(0.5), x=X2_SAME, alpha=0.5),
    S(J, "softcore_pos", F64, "ok", softcore_pos, x=X2, alpha=0.5),
    S(J, "buckingham", F64, "ok", buck, r=1.2),
    S(J, "buckingham", F32, "ok", buck, r=1.2),
    S(J, "buckingham", F64, "domain", buck, r=0.0),
    S(J, "lj_custom", F64, "ok", lj, r=1.2),
    S(J, "lj_custom", F32, "ok", lj, r=1.2),
    S(J, "lj_force", F64, "wrong", lj, r=1.2, line="def lj_force_bwd"),
    # ---------------------------------------------------------------------------------------------------- PyTorch
    S(T, "lj", F64, "ok", lj, r=1.2),
    S(T, "lj", F32, "ok", lj, r=1.2),
    S(T, "lj_pairs", F64, "wrong", lj_pairs, x=X3),
    S(T, "lj_cut", F64, "domain", lj_cut(H(F64, C1)), r=2.5),
    S(T, "lj_cut", F64, "ok", lj_cut(H(F64, C1)), r=1.2),
    S(T, "ewald_real", F64, "ok", ewald, r=1.5, alpha=0.5),
    S(T, "ewald_real", F32, "ok", ewald, r=1.5, alpha=0.5),
    S(T, "ewald_self", F64, "wrong", ewald_self, r=0.0, alpha=0.5),
    S(T, "mic_bond", F64, "domain", mic_bond, x=X2_TIE),
    S(T, "mic_bond", F64, "ok", mic_bond, x=X2_WRAP),
    S(T, "bond", F64, "domain", bond, x=X2_SAME),
    S(T, "bond", F64, "ok", bond, x=X2),
    S(T, "restraint", F64, "ok", restraint, x=[0.5, -1.0, 2.0]),
    S(T, "angle_acos", F64, "ok", ANG64, x=BENT),
    S(T, "linear_acos", F64, "wrong", LIN64, x=STRAIGHT),
    S(T, "torsion", F64, "ok", torsion, x=X4),
    S(T, "torsion", F64, "ok", torsion, x=TRANS),
    S(T, "morse", F32, "unstable", morse, r=1.0001),
    S(T, "morse", F64, "ok", morse, r=1.3),
    Hand(T, "softcore_pos", F64, "ok", softcore_pos_same(0.5), x=X2_SAME, alpha=0.5),
    S(T, "buckingham", F64, "domain", buck, r=0.0),
    S(T, "buckingham", F64, "ok", buck, r=1.2),
    S(T, "lj_custom", F64, "ok", lj, r=1.2),
    S(T, "lj_force", F64, "wrong", lj, r=1.2, line="class LJForce>>def backward(ctx, grad_output):"),
    Err(T, "lj_neighbours", dict(x=X3), ("nonzero", "torch_lib85d.py:")),
    # ---------------------------------------------------------------------------------------------------- TensorFlow
    S(K, "lj", F64, "ok", lj, r=1.2),
    S(K, "lj_pairs", F64, "wrong", lj_pairs, x=X3),
    S(K, "ewald_real", F64, "ok", ewald, r=1.5, alpha=0.5),
    S(K, "mic_bond", F64, "domain", mic_bond, x=X2_TIE),
    S(K, "restraint", F64, "ok", restraint, x=[0.5, -1.0, 2.0]),
    S(K, "linear_acos", F64, "wrong", LIN64, x=STRAIGHT),
    S(K, "morse", F64, "ok", morse, r=1.3),
    S(K, "bond", F64, "ok", bond, x=X2),
    S(K, "bond", F32, "ok", bond, x=X2),
    # ---------------------------------------------------------------------------------------------------- NumPy
    S(N, "lj", F64, "ok", lj, r=1.2),
    S(N, "lj", F64, "domain", lj, r=0.0),
    S(N, "ewald_real", F64, "ok", ewald, r=1.5, alpha=0.5),
    S(N, "ewald_real_hand", F64, "unstable", ewald, r=12.0, alpha=0.5),
    S(N, "mic_bond", F64, "domain", mic_bond, x=X2_TIE),
    S(N, "mic_bond", F64, "ok", mic_bond, x=X2_WRAP),
    S(N, "bond", F64, "domain", bond, x=X2_SAME),
    S(N, "restraint", F64, "wrong", restraint, x=[0.5, -1.0, 2.0]),
    S(N, "angle_acos", F64, "wrong", ANG64, x=STRAIGHT),
    S(N, "angle_acos", F64, "unstable", ANG64, x=NEAR),
    S(N, "angle_atan2", F64, "ok", ANG64, x=NEAR),
    S(N, "torsion", F64, "ok", torsion, x=TRANS),
    Hand(N, "torsion", F64, "domain", all_nan(x=ZERO_B2), x=ZERO_B2),
    S(N, "torsion", F64, "ok", torsion, x=X4),
    S(N, "morse", F64, "ok", morse, r=1.3),
    S(N, "softcore", F64, "domain", softcore, r=0.0, alpha=0.0),
    S(N, "buckingham", F64, "ok", buck, r=1.2),
]
