"""The seventy-ninth trial set (third part): ASTRONOMY AND ORBITAL MECHANICS written with gradcli.numpy as astronomers
and mission designers write it (tests/trials/lib79c.py): Kepler's equation by eight Newton steps from M + e sin M (at
e = 0, 0.3, 0.9, at e = 1, M = 0 where 1 - e cos E0 = 0, and unconverged at e = 0.999999, M = 1e-6), by fifty and by
eight steps from pi (at e = 1, M = 0: the triple root), the true anomaly by 2 atan2(sqrt(1 + e) sin(E/2), sqrt(1 - e)
cos(E/2)) (e = 0, e = 1), through the solver, and from a state vector by arccos of e.r / (|e||r|) (periapsis,
apoapsis, a circular orbit) with the eccentricity |e|; vis-viva sqrt(mu (2/r - 1/a)) in SI (ordinary, hyperbolic,
2/r = 1/a, float32), with 1/a as the parameter at escape (1/a = 0) and at the double of 2/r, the escape speed at
r = 0 and (float32) 1e-30; Curtis' Stumpff C(z) and S(z) by nested wheres at z = 0, +-1, 1e-10 (float32 too), a
double-where C and the truncated series; the hyperbolic anomaly by ten Newton steps (e = 1, M = 0 too), by
arccosh((e + cos nu)/(1 + e cos nu)) and by 2 atanh(sqrt((e-1)/(e+1)) tan(nu/2)) (e = 1), Barker's closed form at
0, 1, 1e100; magnitudes -2.5 log10(f) + 25 at f = 0, 1e-30 and a float32 subnormal, colours of 1e-30 and (float32)
1e-39 fluxes, SDSS asinh magnitudes at f = 0, distance moduli by parallax (p = 0); Planck's x^3 / expm1(x) at 0,
1e-106, 1e-120, 700, 800, Wien's peak, float32 1 and 89, and as x^3 e^-x / -expm1(-x); Planck's law in SI (float32 at
500 nm and 30 nm); the flat-LambdaCDM luminosity distance by np.trapezoid on 101 points (z = 0, float32), with
Omega_Lambda free, and the distance modulus; the two-body potential -mu/|r| (r = 0, 1e-100) and softened
-1/sqrt(r^2 + eps^2) (eps = 0.1, 1e-200, 0; float32 at |r| = 5e-20); a kick-drift-kick leapfrog of fifty steps (a
circular orbit, float32 too; through a periapsis of 1.2e-3 at dt = 0.05; radial infall) and its final energy; a
transit's depth under quadratic limb darkening (mu = sqrt(1 - z^2), z = sqrt(x^2 + y^2)) at the centre, at the limb,
off the disc under a where and a double where, Mandel & Agol's uniform-source overlap inside and at first contact under
a where; circular and Keplerian radial-velocity chi-squares (P = 0, float32).

Tried: 39 functions, 124 cases through the CLI judged by tests/trials/judge.py (at most two gradcli processes at once;
a scratch file runs the CLI in two threads and judges in the main one), then 118 after corrections and the new
double-where Stumpff cases, trimmed of redundant ordinary points and of two slow ones, then the kept set whole. ALL
keeps 113 (66 ok, 14 unstable, 18 domain, 15 wrong; 92 float64, 21 float32) over 39 functions. 110 agree with gradcli in
verdict and every exact gradient entry (to 1e-10 relative), and where a case names its line, in that too; three are
findings, F1 and F2 (open: KNOWN_WRONG). Every check took 0.4-15.5 s (the last full run 1 min 28 s; the test file's
8 chosen and 3 known-wrong cases 11 s).

Truths are written here from the mathematics, never lib79c's code or gradcli: Kepler's slopes by implicit
differentiation at the root (dE/dM = 1/(1 - e cos E), dE/de = sin E/(1 - e cos E)) where eight or fifty steps have
converged, and where they have not (e = 1, M = 0 from pi; e = 0.999999, M = 1e-6) the iterate's own map, a fixed number
of Newton steps written in mpmath; the true anomaly's d nu/dE = sqrt(1 - e^2)/(1 - e cos E), d nu/de = sin E /((1 -
e cos E) sqrt(1 - e^2)) and, through the solver, the classical (1 + e cos nu)^2/(1 - e^2)^(3/2), sin nu (2 + e cos
nu)/(1 - e^2); the state-vector angle as atan2(|e x r|, e.r); the hyperbolic anomaly by implicit differentiation, and
arccosh's form as |2 atanh(...)|; Barker's d nu/dMp = 4/(1 + D^2)^2 at the cubic's root; Stumpff C by 2 sin^2(sqrt z
/ 2)/z, its series' -1/24 at 0; Planck's slope x^2 (3 (e^x - 1) - x e^x)/(e^x - 1)^2; magnitudes by -2.5/(f ln 10);
the luminosity distance as the trapezoid sum on NumPy's linspace doubles; the transit depth with mu = sqrt(1 - x^2 -
y^2) (smooth at the centre); the overlap as the lens of two circles (two circular segments), 0 from 1 + p on; the
literals as the dtype holds them where they meet its data (GM_SUN, 2 h c^2 and h c as Python's doubles then float32's,
K_BOLTZ, C_KMS / h0, U1, the leapfrog's 0.05 and 0.025) and the module's float64 arrays (GRID, T_OBS, V_OBS, SIG_OBS)
as doubles in every dtype; the derivative from the left and the right by mpmath.diff at 2,000 digits
(cases30b.sided_grad), NaN where they differ or one side is no number; by hand the poles, 0/0 points and the exact
-1/24, -1/120 at z = 0.

What agreed: Kepler ok at ordinary points, e = 0 and in float32, domain at e = 1, M = 0 from M + e sin M (0/0 at the
first step, steps of 1/(2M) beside it) and for the hyperbolic solver (e cosh H0 - 1 = 0), ok unconverged at e =
0.999999 (E_8 = 0.0571 with slopes 52983, 52622 where the root's are others); from pi, fifty steps at e = 1, M = 0
unstable (linear convergence to the triple root until 1 - cos E rounds: E 2.1e-8 computed, 3.4e-9 exact), eight ok;
the atan2 anomaly ok (e = 0: nu = E), domain at e = 1 (E's slope 0, e's infinite); arccos of the state vector ok,
domain on a circular orbit (e = 0: 0/0); |e| wrong on a circular orbit (r[2], v[2] move e to second order only: slopes
0 computed sqrt'(0) * 0; the rest kinks); vis-viva ok, domain at 2/r = 1/a (AU and AU/2: exactly 0), unstable with 1/a
the double of 2/r (below); escape domain at r = 0 and in float32 at 1e-30 (slope -8.1e54 beyond float32); Stumpff C
wrong at 0 (the untaken branches' 0/0) and at every z (below), its double where wrong at 0 (the constant's slope 0
where C' = -1/24), ok at +-1, unstable at +-1e-10 (1 - cos(1e-5), cosh(1e-5) - 1); S domain at 0 (below), wrong at 1;
the series ok; the hyperbolic anomaly ok, arccosh's form wrong at nu = 0 (e's exact 0 computed arccosh'(1) * 0, at the
line), atanh's ok and domain at e = 1; Barker ok at 0, 1, 1e100 (1.7e-134) and float32 1e10; magnitudes ok, domain at
f = 0, domain in float32 at a subnormal 1e-40 (slope -1.09e40 beyond float32) and for colours of 1e-39 (1.09e39); asinh
magnitudes ok at 0; Planck ok at 1, domain at 0 (0/0: no value), unstable at 1e-106 (x^3 subnormal), 1e-120 (x^3 = 0:
3x^2/x where it is 2x), 700 (the quotient's x/y^2 term underflows: +1.4e-298 where the slope is -3.4e-296) and 800
(inf / inf), ok at Wien's peak (-2.2e-16 where 6.9e-17: cancellation within the point's own rounding), the stable form
ok at 700 and 800 (1e-339 rounds to 0); float32 ok at 1, unstable at 89 (expm1 overflows); Planck's law ok, unstable in
float32 at 30 nm (lambda^5 = 2.4e-38: x/y^2 overflows) and at 500 nm (below); the luminosity distance ok (z = 0:
c/H0, 0, 0; float32 computed in float64 by GRID), the distance modulus ok; the potential ok, domain at 0, unstable at
|r| = 3e-100 (below); softened ok at r = 0 (eps 0.1: 0 and 1/eps^2 = 100), unstable at eps = 1e-200 (eps^2 = 0),
domain at eps = 0, ok at eps = 0 off 0, unstable in float32 at |r| = 5e-20 (x/y^2 overflows: slopes 2.4e38, 3.2e38
computed inf); the leapfrog ok (circular, float32, through the periapsis: slopes ~1e3, radial infall: y's slopes 0),
its energy ok; the transit ok, wrong at the centre (x, y slopes 0 computed sqrt'(0) * 0, at z's line), wrong off the
disc under a where (sqrt(1 - 2.25)'s NaN, at the where's line), ok by the double where, float32 ok; the overlap ok,
wrong at first contact under a where (the lens grows as d^(3/2): slopes 0; the untaken arccos' NaN, at the where's
line); the chi-squares ok (float32 computed in float64: T_OBS), domain at P = 0.

Truths the round corrected in itself (against the first CLI batch of 124, whose 15 disagreements are these and the
findings; each re-derived by hand before changing it):
- stumpff_c at z = +-1, +-1e-10 and float32 1e-3, stumpff_s at 1 and 1e-6, meant ok / unstable: np.where evaluates
  both branches, and the other side's sqrt(-z) (or sqrt(z)) is NaN at every z != 0, its NaN slope passing the where's
  0: wrong everywhere, as gradcli said (the line: the inner where); a double-where C (stumpff_c_safe) added;
- stumpff_s at z = 0, meant wrong with -1/120: the program's 1.0 / 6.0 is the double 1/6 - 9.25e-18, so S as written
  jumps at 0 (gradcli: "from the left the difference quotient grows without bound (-925 at step 1e-20)"): domain; C's
  0.5 is exact and C stays wrong (-1/24) there;
- vis_viva_inv at inv_a = 1.3368983957219251e-11, meant domain: that is the double of 2/AU, not 2/AU, so 2/r - 1/a is
  the rounding of 2/r (about 1e-27 relative, positive) and the exact slopes are finite (-22.49, -2.52e23); float64
  computes 0: unstable;
- planck_lambda in float32 at 500 nm, meant ok: the rule's x/y^2 at y = h c/(lambda k T) = 4.0e-26 squares y to
  1.6e-51, below float32: slopes inf and NaN where they are -2.0e17 and 2.3e10: unstable (gradcli's quotient rule
  forms y^2; PyTorch's spelling (x/y)/y would not underflow here: a remark, not a finding, since the verdict describes
  the gradient gradcli's autodiff returns);
- potential at |r| = 3e-100, meant ok: the slopes (1.5e213) fit, but sqrt's rule multiplies the upstream mu/s^2 =
  4.4e213 by 0.5/sqrt(s) = 1.7e99 before 2r: inf: unstable;
- leapfrog in float32: the mirror's 0.05 and 0.025 as doubles; they meet float32 data and are float32's (1e-7 apart);
Two slow domain cases were dropped (lum_distance_ol at Omega_m = Omega_Lambda = 0, 1/0 over 101 points, 22 s;
distance_modulus at z = 0, log10(0) of the trapezoid, 101 s; lum_distance at h0 = 0 took 19 s): gradcli's verdict was
right (domain), only slow.

Findings (open: tests/test_user_trials79c.py KNOWN_WRONG):
- F1: a coordinate along which the function is defined at the point alone is given the exact slope 0, and the point
  called wrong, when another input with a finite slope is present and the undefinedness comes through a rounding-prone
  1 - (1 + y^2). transit_depth(x, y, p) at the stellar limb x = 1, y = 0: mu = sqrt(1 - z^2) with z^2 = 1 + y^2 is the
  square root of -y^2 < 0 at every y != 0, so y has no derivative (and x none: an infinite slope from the left, no right
  side); p's slope 0.0848 is right. gradcli: wrong, "the gradient rule gives {y: nan, p: 0.08484848485} even at high
  precision, where the exact derivative is {y: 0, p: 0.08484848485}". Minimal (a scratch file):
  p + np.sqrt(1.0 - (1.0 + y * y)) at y = 0, p = 0.1: wrong, exact {y: 0, p: 1.0}; the same without p,
  np.sqrt(1.0 - (1.0 + y * y)) at y = 0, and p + np.sqrt(-y * y), are domain with "from the left the function is not
  defined (NaN at every step), and from the right ... defined at this point alone", right; np.sqrt(1 - (x*x + y*y)) at
  (1, 0) domain, right; p + np.sqrt(1 - (x*x + y*y)) at (1, 0, 0.1) wrong with y's 0. Reading (not traced): beside an
  input with a derivative, y's slope is taken with a step whose square vanishes against 1 at the working precision,
  where 1 + h^2 = 1 makes the function look constant (sqrt(0)); alone, the one-sided scan sees NaN at every step.
  Reproduce: gradcli check tests/trials/lib79c.py:transit_depth --at "x=1.0,y=0.0,p=0.1" --dtype float64 --json
  Mended: the reading was right (steps relative to p's 0.1, the shorter one's 1 + h^2 rounded to 1); a side that is a
  number at the working digits and NaN at more is now a move lost to the rounding, taken again deeper (kinks.
  _rounded_away; tests/test_defined_at_the_point_alone_beside_another_input.py): domain.
- F2: arccos at +-1 reached through a square root of a rounded square is not settled, or its 0 slope is taken for an
  undefined side. true_anomaly_rv(r, v) (e = ((v^2 - 1/|r|) r - (r.v) v), nu = arccos(e.r / (|e| |r|)), |e| =
  sqrt(sum(e e))) at periapsis r = [1, 0, 0], v = [0, 1.2, 0]: the argument is exactly 1 along r[0], r[2], v[1], v[2]
  (e stays parallel to r: slopes 0, computed arccos'(1) * 0 = NaN) and r[1], v[0] are kinks (+-3.27, +-2.73): wrong.
  gradcli: error, "the exact reference did not settle below 4000 digits (the function cancels more digits than that)"
  (nothing cancels: the value is exactly 0). At apoapsis v = [0, 0.8, 0] (arccos(-1) = pi) the same error at 4000
  digits, and at 120 digits (--max-digits 120) wrong but with r[2]'s exact 0 reported as "the function is singular here
  in r[2]: from the left the function is not defined (NaN at every step), and from the right ... not defined", where
  the argument is exactly -1 for every r[2]. The same function with |e| by np.linalg.norm(e) settles and is right
  (wrong; exact r [0, nan, 0], v [nan, 0, 0]); so do arccos(x / sqrt(x x)), arccos((1/x) / sqrt((1/x)(1/x))) and
  arccos(e.r / (|e| |r|)) with e, r given (exact slopes 0 where the argument stays 1). Reading (not traced): 1/|r| is
  inexact, so |e| = sqrt(e e) is sqrt of a rounded square, 1 ulp from |e|, and the argument is 1 -+ 2^-p: arccos there
  is sqrt(2^-p) noise (or NaN), which no precision settles; round 77c's F2 (lambertw's branch point, a 0 within 2^-p/2)
  is of the same kind.
  Narrowed: a side whose NaN is a number where the ops round otherwise, or at twice the digits, is no longer "not
  defined" (r[2] at apoapsis is not called singular), and the point's lack of a reference says why: rounding
  decides whether the function is a number beside the point along the coordinates that keep the argument at +-1.
  The truth (wrong) needs a proof that the argument stays exactly +-1 there: open.
  Reproduce: gradcli check tests/trials/lib79c.py:true_anomaly_rv --at "r=[1.0,0.0,0.0],v=[0.0,1.2,0.0]" --dtype
  float64 --json
"""

import mpmath
import numpy
from mpmath import mpf

from cases import Case
from cases5 import hp
from cases30b import sided_grad
from cases59c import _txt  # a point as its case id writes it

L = "lib79c.py"
NAN = mpmath.nan
fsum, exp, sqrt, sin, cos = mpmath.fsum, mpmath.exp, mpmath.sqrt, mpmath.sin, mpmath.cos


def D64(v):
    return mpf(float(v))


def D32(v):
    return mpf(float(numpy.float32(v)))


def HELD(dtype):
    return D32 if dtype == "float32" else D64


# --- the mathematics, in mpmath ---------------------------------------------------------------------------------------

def kepler_root(M, e):
    """The root of E - e sin E = M (Newton from M to the working precision; the root is unique for e < 1)."""
    E = M
    for _ in range(400):
        step = (E - e * sin(E) - M) / (1 - e * cos(E))
        E -= step
        if abs(step) < mpmath.eps * 2 ** 20 * (1 + abs(E)):
            break
    return E


def t_kepler(M, e, dtype="float64"):
    """dE/dM = 1 / (1 - e cos E), dE/de = sin E / (1 - e cos E) at the root (implicit differentiation)."""
    def truth():
        m, ee = HELD(dtype)(M), HELD(dtype)(e)
        E = kepler_root(m, ee)
        d = 1 - ee * cos(E)
        return {"M": 1 / d, "e": sin(E) / d}
    return truth


def m_newton(steps, start):
    """The map a fixed number of Newton steps makes (the iterate itself, where it has not converged)."""
    def f(M, e):
        E = start(M, e)
        for _ in range(steps):
            E = E - (E - e * sin(E) - M) / (1 - e * cos(E))
        return E
    return f


def t_true_anomaly(E, e, dtype="float64"):
    """d nu/dE = sqrt(1 - e^2) / (1 - e cos E), d nu/de = sin E / ((1 - e cos E) sqrt(1 - e^2))."""
    def truth():
        x, ee = HELD(dtype)(E), HELD(dtype)(e)
        d = 1 - ee * cos(x)
        return {"E": sqrt(1 - ee ** 2) / d, "e": sin(x) / (d * sqrt(1 - ee ** 2))}
    return truth


def t_nu_of_M(M, e):
    """d nu/dM = (1 + e cos nu)^2 / (1 - e^2)^(3/2), d nu/de = sin nu (2 + e cos nu) / (1 - e^2)."""
    def truth():
        m, ee = D64(M), D64(e)
        E = kepler_root(m, ee)
        nu = 2 * mpmath.atan(sqrt((1 + ee) / (1 - ee)) * mpmath.tan(E / 2))
        return {"M": (1 + ee * cos(nu)) ** 2 / (1 - ee ** 2) ** mpf(1.5),
                "e": sin(nu) * (2 + ee * cos(nu)) / (1 - ee ** 2)}
    return truth


def _e_vec(r, v):
    rn = sqrt(fsum(a * a for a in r))
    v2 = fsum(a * a for a in v)
    rv = fsum(a * b for a, b in zip(r, v))
    return [(v2 - 1 / rn) * a - rv * b for a, b in zip(r, v)]


def m_nu_rv(r, v):
    """The angle between e and r as atan2(|e x r|, e . r) (0 to pi)."""
    ev = _e_vec(r, v)
    cx = [ev[1] * r[2] - ev[2] * r[1], ev[2] * r[0] - ev[0] * r[2], ev[0] * r[1] - ev[1] * r[0]]
    return mpmath.atan2(sqrt(fsum(a * a for a in cx)), fsum(a * b for a, b in zip(ev, r)))


def m_ecc(r, v):
    return sqrt(fsum(a * a for a in _e_vec(r, v)))


GM_SUN = 1.32712440018e20


def m_vis_viva(Q=D64):
    return lambda r, a: sqrt(Q(GM_SUN) * (2 / r - 1 / a))


def m_vis_viva_inv(r, inv_a):
    return sqrt(D64(GM_SUN) * (2 / r - inv_a))


def m_escape(Q=D64):
    return lambda r: sqrt(Q(2.0 * GM_SUN) / r)


def m_stumpff_c(z):
    """(1 - cos sqrt z) / z = 2 sin^2(sqrt z / 2) / z; (cosh sqrt(-z) - 1) / (-z) = 2 sinh^2(sqrt(-z) / 2) / (-z)."""
    if z > 0:
        return 2 * sin(sqrt(z) / 2) ** 2 / z
    return 2 * mpmath.sinh(sqrt(-z) / 2) ** 2 / -z


def m_stumpff_s(z):
    if z > 0:
        s = sqrt(z)
        return (s - sin(s)) / s ** 3
    s = sqrt(-z)
    return (mpmath.sinh(s) - s) / s ** 3


def m_c_series(z):
    return fsum((-z) ** k / mpmath.factorial(2 * k + 2) for k in range(6))


def t_hyperbolic(M, e):
    """dH/dM = 1 / (e cosh H - 1), dH/de = -sinh H / (e cosh H - 1) at the root of e sinh H - H = M."""
    def truth():
        m, ee = D64(M), D64(e)
        H = mpmath.findroot(lambda h: ee * mpmath.sinh(h) - h - m, mpmath.asinh(m / ee))
        d = ee * mpmath.cosh(H) - 1
        return {"M": 1 / d, "e": -mpmath.sinh(H) / d}
    return truth


def m_H_tanh(nu, e):
    """H = 2 atanh(sqrt((e - 1)/(e + 1)) tan(nu/2)) (signed)."""
    return 2 * mpmath.atanh(sqrt((e - 1) / (e + 1)) * mpmath.tan(nu / 2))


def m_H_acosh(nu, e):
    """arccosh gives |H|."""
    return abs(m_H_tanh(nu, e))


def t_barker(Mp, dtype="float64"):
    """d nu / dMp = 4 / (1 + D^2)^2, D = tan(nu/2) the real root of D/2 + D^3/6 = Mp."""
    def truth():
        m = HELD(dtype)(Mp)
        D = mpmath.findroot(lambda d: d / 2 + d ** 3 / 6 - m, mpmath.cbrt(6 * m) if abs(m) > 1 else 2 * m)
        return {"Mp": 4 / (1 + D ** 2) ** 2}
    return truth



def t_mag(flux, dtype="float64"):
    return lambda: {"flux": -mpf(5) / 2 / (mpmath.log(10) * HELD(dtype)(flux))}


def t_colour(fb, fv, dtype="float64"):
    def truth():
        k = mpf(5) / 2 / mpmath.log(10)
        return {"f_b": -k / HELD(dtype)(fb), "f_v": k / HELD(dtype)(fv)}
    return truth


B_SOFT = 1e-10


def t_lupt(flux):
    """-(2.5 / ln 10) / sqrt((2b)^2 + f^2): the derivative of asinh(f / 2b) is 1 / sqrt(4b^2 + f^2)."""
    def truth():
        b, f = D64(B_SOFT), D64(flux)
        return {"flux": -(mpf(5) / 2 / mpmath.log(10)) / sqrt(4 * b ** 2 + f ** 2)}
    return truth


def m_planck(x):
    return x ** 3 / mpmath.expm1(x)


def t_planck(x, dtype="float64"):
    """x^2 (3 (e^x - 1) - x e^x) / (e^x - 1)^2."""
    def truth():
        t = HELD(dtype)(x)
        return {"x": t ** 2 * (3 * mpmath.expm1(t) - t * exp(t)) / mpmath.expm1(t) ** 2}
    return truth


H_PLANCK, C_LIGHT, K_BOLTZ = 6.62607015e-34, 2.99792458e8, 1.380649e-23


def m_planck_lambda(Q=D64):
    """2 h c^2 lambda^-5 / expm1(h c / (lambda k T)); 2 h c^2 and h c the doubles Python makes (then the dtype's)."""
    a, hc, k = Q(2.0 * H_PLANCK * C_LIGHT ** 2), Q(H_PLANCK * C_LIGHT), Q(K_BOLTZ)
    return lambda lam, T: a / lam ** 5 / mpmath.expm1(hc / (lam * k * T))


C_KMS = 299792.458
GRID = [mpf(float(g)) for g in numpy.linspace(0.0, 1.0, 101)]


def _lum(z, om, ol, c):
    """(1 + z) c / H0 * the trapezoid sum over z t_i, t_i NumPy's linspace(0, 1, 101) as doubles."""
    zs = [z * g for g in GRID]
    inv = [1 / sqrt(om * (1 + a) ** 3 + (1 - om if ol is None else ol)) for a in zs]
    trap = fsum((zs[i + 1] - zs[i]) * (inv[i] + inv[i + 1]) / 2 for i in range(len(zs) - 1))
    return (1 + z) * c * trap


def m_lum(Q=D64):
    """c / h0 with c as the dtype holds it (C_KMS / h0 meets h0 first)."""
    return lambda z, om, h0: _lum(z, om, None, Q(C_KMS) / h0)


def m_lum_ol(z, om, ol):
    return _lum(z, om, ol, D64(C_KMS / 70.0))


def m_dist_mod(z):
    return 5 * mpmath.log10(m_lum()(z, D64(0.3), D64(70.0))) + 25


GM_EARTH = 3.986004418e14


def m_potential(r):
    return -D64(GM_EARTH) / sqrt(fsum(a * a for a in r))


def m_potential_soft(r, eps):
    return -1 / sqrt(fsum(a * a for a in r) + eps ** 2)


def m_leapfrog(energy=False, Q=D64):
    """Kick-drift-kick with a = -x / |x|^3, fifty steps; dt = 0.05 and dt / 2 = 0.025 (the double Python makes) as the
    dtype holds them."""
    dt, half = Q(0.05), Q(0.5 * 0.05)

    def acc(x):
        s = (x[0] ** 2 + x[1] ** 2) ** mpf(1.5)
        return [-x[0] / s, -x[1] / s]

    def f(r0, v0):
        x, v = list(r0), list(v0)
        a = acc(x)
        for _ in range(50):
            v = [b + half * c for b, c in zip(v, a)]
            x = [b + dt * c for b, c in zip(x, v)]
            a = acc(x)
            v = [b + half * c for b, c in zip(v, a)]
        if energy:
            return (v[0] ** 2 + v[1] ** 2) / 2 - 1 / sqrt(x[0] ** 2 + x[1] ** 2)
        return x[0]
    return f


U1, U2 = 0.4, 0.25


def m_depth(Q=D64, where=False):
    """p^2 I(mu) / <I>, mu = sqrt(1 - x^2 - y^2) (smooth in x, y at the centre); 0 off the disc with ``where``; the
    limb darkening coefficients as the dtype holds them, <I> = 1 - u1/3 - u2/6 the double Python makes."""
    u1, u2, norm = Q(U1), Q(U2), Q(1.0 - U1 / 3.0 - U2 / 6.0)

    def f(x, y, p):
        s = x * x + y * y
        if where and s >= 1:
            return mpf(0)
        mu = sqrt(1 - s)
        return p * p * (1 - u1 * (1 - mu) - u2 * (1 - mu) ** 2) / norm
    return f


def m_lens(z, p):
    """The area, over pi, where a disc of radius p at distance z covers the unit disc (the lens of two circles)."""
    if z >= 1 + p:
        return mpf(0)
    d1 = (z * z + p * p - 1) / (2 * z)  # the chord's distance from the planet's centre
    d2 = (z * z + 1 - p * p) / (2 * z)  # and from the star's
    seg = lambda rad, d: rad ** 2 * mpmath.acos(d / rad) - d * sqrt(rad ** 2 - d ** 2)
    return (seg(p, d1) + seg(1, d2)) / mpmath.pi


T_OBS = [0.0, 1.3, 2.9, 4.1, 7.7, 12.2, 15.0, 21.6, 33.3, 47.9, 88.1, 150.4]
V_OBS = [12.1, -30.4, 41.0, -5.2, 22.3, -44.8, 38.5, 3.1, -18.7, 35.0, -40.2, 10.9]
SIG_OBS = [2.0, 2.5, 2.0, 3.0, 2.0, 2.2, 2.0, 2.6, 3.1, 2.0, 2.4, 2.0]


def m_rv(K, P, phi, gamma):
    """2 pi t / P with 2 pi the double Python makes (times the float64 array T_OBS)."""
    two_pi = D64(2.0 * numpy.pi)
    return fsum(((D64(v) - (K * sin(two_pi * D64(t) / P + phi) + gamma)) / D64(s)) ** 2
                for t, v, s in zip(T_OBS, V_OBS, SIG_OBS))


def m_rv_kepler(K, P, e, w):
    """v = K (cos(nu + w) + e cos w), nu from E at Kepler's root (cos and sin of nu from E's)."""
    two_pi = D64(2.0 * numpy.pi)
    out = []
    for t, v, s in zip(T_OBS, V_OBS, SIG_OBS):
        M = two_pi * D64(t) / P
        E = kepler_root(M, e)
        d = 1 - e * cos(E)
        cnu, snu = (cos(E) - e) / d, sqrt(1 - e ** 2) * sin(E) / d
        model = K * (cnu * cos(w) - snu * sin(w) + e * cos(w))
        out.append(((D64(v) - model) / D64(s)) ** 2)
    return fsum(out)


# --- cases ------------------------------------------------------------------------------------------------------------

def C(function, mirror, verdict="ok", dtype="float64", line=None, fix=None, **pt):
    """A case whose truth is the one- and two-sided derivative of ``mirror`` at the point as ``dtype`` holds it."""
    return Case(L, function, ",".join(f"{k}={_txt(v)}" for k, v in pt.items()), dtype, verdict,
                sided_grad(mirror, dtype, **pt), line, fix)


def H(function, truth, verdict="ok", dtype="float64", line=None, fix=None, **pt):
    """A case whose truth is written by hand."""
    return Case(L, function, ",".join(f"{k}={_txt(v)}" for k, v in pt.items()), dtype, verdict, hp(truth), line, fix)


def all_nan(**pt):
    def nan_like(v):
        return [nan_like(a) for a in v] if isinstance(v, list) else NAN
    return lambda: {k: nan_like(v) for k, v in pt.items()}


def fixed(**values):
    """Given entries (numbers, NaN or lists of them)."""
    def conv(v):
        if callable(v):
            return v()
        return [conv(a) for a in v] if isinstance(v, list) else (v if isinstance(v, mpf) else mpf(v))
    return lambda: {k: conv(v) for k, v in values.items()}


def _m_plus_esin(M, e):
    return M + e * sin(M)


def _pi_start(Q=D64):
    return lambda M, e: Q(numpy.pi) + 0 * M


R1 = [1.0, 0.0, 0.0]
V_PERI = [0.0, 1.2, 0.0]  # e = 0.44 along r: periapsis
V_APO = [0.0, 0.8, 0.0]  # e = 0.36 against r: apoapsis
V_CIRC = [0.0, 1.0, 0.0]
AU = 1.496e11

ALL = [
    # Kepler's equation, eight Newton steps from M + e sin M
    H("kepler_E", t_kepler(1.0, 0.3), M=1.0, e=0.3),
    H("kepler_E", t_kepler(0.5, 0.0), M=0.5, e=0.0),  # E = M: 1 and sin M
    H("kepler_E", t_kepler(3.0, 0.9), M=3.0, e=0.9),
    H("kepler_E", all_nan(M=0, e=0), "domain", M=0.0, e=1.0),  # 0/0 at the first step; near: steps of 1/(2M)
    C("kepler_E", m_newton(8, _m_plus_esin), M=1e-6, e=0.999999),  # not converged: the iterate's own slopes
    H("kepler_E", t_kepler(1.0, 0.3, "float32"), dtype="float32", M=1.0, e=0.3),
    # from E0 = pi
    H("kepler_E_pi", t_kepler(1.0, 0.3), M=1.0, e=0.3),
    H("kepler_E_pi", t_kepler(0.0, 0.5), M=0.0, e=0.5),  # E = 0: 2 and 0
    C("kepler_E_pi", m_newton(50, _pi_start()), "unstable", M=0.0, e=1.0),  # linear convergence to 0: 1 - cos E = 0
    C("kepler_E_pi8", m_newton(8, _pi_start()), M=0.0, e=1.0),  # eight steps: E_8 ~ 0.04, smooth there
    C("kepler_E_pi8", m_newton(8, _pi_start()), M=0.5, e=0.99),
    # true anomaly by atan2
    H("true_anomaly", t_true_anomaly(1.0, 0.3), E=1.0, e=0.3),
    H("true_anomaly", t_true_anomaly(2.0, 0.0), E=2.0, e=0.0),  # circular: nu = E
    H("true_anomaly", fixed(E=0, e=NAN), "domain", E=1.0, e=1.0),  # nu = pi for every E; sqrt(1 - e) at 0
    H("true_anomaly", t_true_anomaly(1.0, 0.3, "float32"), dtype="float32", E=1.0, e=0.3),
    H("true_anomaly_from_M", t_nu_of_M(1.0, 0.3), M=1.0, e=0.3),
    H("true_anomaly_from_M", t_nu_of_M(1.0, 0.0), M=1.0, e=0.0),
    # from the state vector by arccos
    C("true_anomaly_rv", m_nu_rv, r=R1, v=[0.3, 1.1, 0.2]),
    # periapsis: e along r, the angle |.| in r[1], v[0]; r[0], r[2], v[1], v[2] keep it 0 (r.v stays 0): arccos' -inf
    # times 0 (F2: the reference does not settle)
    C("true_anomaly_rv", m_nu_rv, "wrong", r=R1, v=V_PERI),
    C("true_anomaly_rv", m_nu_rv, "wrong", r=R1, v=V_APO),  # apoapsis: arccos(-1)
    H("true_anomaly_rv", all_nan(r=R1, v=R1), "domain", r=R1, v=V_CIRC),  # e = 0: 0/0
    C("eccentricity", m_ecc, r=R1, v=[0.3, 1.1, 0.2]),
    # circular: |e| has a cone; r[2] and v[2] move e only to second order: slopes 0 computed sqrt'(0) * 0
    C("eccentricity", m_ecc, "wrong", r=R1, v=V_CIRC),
    # vis-viva, SI
    C("vis_viva", m_vis_viva(), r=AU, a=AU),
    H("vis_viva", all_nan(r=0, a=0), "domain", r=AU, a=AU / 2),  # 2/r - 1/a = 0: sqrt(0)
    C("vis_viva", m_vis_viva(), r=1e11, a=-5e10),  # hyperbolic
    C("vis_viva", m_vis_viva(D32), dtype="float32", r=AU, a=2e11),
    C("vis_viva_inv", m_vis_viva_inv, r=AU, inv_a=0.0),  # escape, the parabola
    # inv_a is the double of 2/r, not 2/r: 2/r - inv_a is 1e-27 of 1.3e-11 exactly, 0 in float64: sqrt(0)
    C("vis_viva_inv", m_vis_viva_inv, "unstable", r=AU, inv_a=2.0 / AU),
    H("escape_speed", all_nan(r=0), "domain", r=0.0),
    # 2 GM / r overflows float32 (2.7e50); the slope -v / 2r, -8e54, is beyond float32's range
    # the value inf for 1.6e25, lost beside a slope past float32: unstable
    C("escape_speed", m_escape(D32), "unstable", dtype="float32", r=1e-30),
    # Stumpff functions
    H("stumpff_c", fixed(z=mpf(-1) / 24), "wrong", z=0.0),  # the untaken branches' 0/0
    # every z: the other side's sqrt of a negative is NaN, and the where passes its NaN slope on
    C("stumpff_c", m_stumpff_c, "wrong", line="np.where(z < 0, (np.cosh(np.sqrt(-z)) - 1.0) / (-z), 0.5))", z=1.0),
    C("stumpff_c", m_stumpff_c, "wrong", z=-1.0),
    C("stumpff_c", m_stumpff_c, "wrong", z=1e-10),
    H("stumpff_c", fixed(z=mpf(-1) / 24), "wrong", dtype="float32", z=0.0),
    C("stumpff_c", m_stumpff_c, "wrong", dtype="float32", z=1e-3),
    # 1.0 / 6.0 is the double 1/6 - 9.25e-18: the program's S jumps at 0
    H("stumpff_s", all_nan(z=0), "domain", z=0.0),
    C("stumpff_s", m_stumpff_s, "wrong", z=1.0),
    # the double where: the branches' arguments kept in their domains
    H("stumpff_c_safe", fixed(z=mpf(-1) / 24), "wrong", z=0.0),  # the constant 0.5's slope 0 where C' = -1/24
    C("stumpff_c_safe", m_stumpff_c, z=1.0),
    C("stumpff_c_safe", m_stumpff_c, z=-1.0),
    C("stumpff_c_safe", m_stumpff_c, "unstable", z=1e-10),  # 1 - cos(1e-5)
    C("stumpff_c_safe", m_stumpff_c, "unstable", z=-1e-10),  # cosh(1e-5) - 1
    C("stumpff_c_series", m_c_series, z=0.0),
    # hyperbolic and parabolic
    H("hyperbolic_H", t_hyperbolic(1.0, 1.5), M=1.0, e=1.5),
    H("hyperbolic_H", t_hyperbolic(10.0, 3.0), M=10.0, e=3.0),
    H("hyperbolic_H", all_nan(M=0, e=0), "domain", M=0.0, e=1.0),  # e cosh H - 1 = 0 at H0 = 0
    C("hyperbolic_H_from_nu", m_H_acosh, nu=1.0, e=1.5),
    # arccosh(1): H = |nu| sqrt((e - 1)/(e + 1)): a kink in nu; e keeps H = 0: slope 0, computed arccosh' inf * 0
    C("hyperbolic_H_from_nu", m_H_acosh, "wrong", line="return np.arccosh((e + np.cos(nu))", nu=0.0, e=1.5),
    C("hyperbolic_H_tanh", m_H_tanh, nu=1.0, e=1.5),
    H("hyperbolic_H_tanh", fixed(nu=0, e=NAN), "domain", nu=1.0, e=1.0),  # sqrt(0) in e; H = 0 for every nu
    C("hyperbolic_H_tanh", m_H_tanh, dtype="float32", nu=1.0, e=1.5),
    H("barker_nu", t_barker(0.0), Mp=0.0),
    H("barker_nu", t_barker(1.0), Mp=1.0),
    H("barker_nu", t_barker(1e100), Mp=1e100),
    H("barker_nu", t_barker(1e10, "float32"), dtype="float32", Mp=1e10),
    # photometry
    H("app_mag", t_mag(1000.0), flux=1000.0),
    H("app_mag", all_nan(flux=0), "domain", flux=0.0),
    H("app_mag", t_mag(1e-30, "float32"), dtype="float32", flux=1e-30),
    # a subnormal flux: the slope -1.09e40 is beyond float32's range
    H("app_mag", t_mag(1e-40, "float32"), "domain", dtype="float32", flux=1e-40),
    H("colour", t_colour(1e-30, 2e-30), f_b=1e-30, f_v=2e-30),
    H("colour", t_colour(1e-30, 2e-30, "float32"), dtype="float32", f_b=1e-30, f_v=2e-30),
    H("colour", t_colour(1e-39, 2e-39, "float32"), "domain", dtype="float32", f_b=1e-39, f_v=2e-39),
    H("luptitude", t_lupt(0.0), flux=0.0),
    H("distance_modulus_parallax", lambda: {"p": -5 / (mpmath.log(10) * D64(0.01))}, p=0.01),
    H("distance_modulus_parallax", all_nan(p=0), "domain", p=0.0),
    # Planck's law
    H("planck_x", t_planck(1.0), x=1.0),
    H("planck_x", all_nan(x=0), "domain", x=0.0),  # 0/0: the program has no value at 0
    H("planck_x", t_planck(1e-106), "unstable", x=1e-106),  # x^3 = 1e-318 subnormal
    H("planck_x", t_planck(1e-120), "unstable", x=1e-120),  # x^3 = 0: the slope 3x^2/x where it is 2x
    H("planck_x", t_planck(700.0), "unstable", x=700.0),  # (e^x - 1)^2 overflows in the quotient's rule
    H("planck_x", t_planck(800.0), "unstable", x=800.0),  # expm1(800) = inf: inf / inf
    H("planck_x", t_planck(2.8214393721220787), x=2.8214393721220787),  # Wien's peak: the slope ~ 0
    H("planck_x_stable", t_planck(700.0), x=700.0),
    H("planck_x_stable", t_planck(800.0), x=800.0),  # 1e-339: below float64's range, rounds to 0
    H("planck_x", t_planck(1.0, "float32"), dtype="float32", x=1.0),
    H("planck_x", t_planck(89.0, "float32"), "unstable", dtype="float32", x=89.0),  # expm1(89) overflows float32
    C("planck_lambda", m_planck_lambda(), lam=5e-7, T=5800.0),
    # the quotient's rule x / y^2 at y = h c / (lambda k T)'s 4.0e-26: y^2 underflows float32: inf
    C("planck_lambda", m_planck_lambda(D32), "unstable", dtype="float32", lam=5e-7, T=5800.0),
    C("planck_lambda", m_planck_lambda(D32), "unstable", dtype="float32", lam=3e-8, T=5800.0),
    # cosmology
    C("lum_distance", m_lum(), z=0.5, om=0.3, h0=70.0),
    C("lum_distance", m_lum(), z=0.0, om=0.3, h0=70.0),  # D_L = 0: slopes c/H0, 0, 0
    C("lum_distance", m_lum(Q=D32), dtype="float32", z=0.5, om=0.3, h0=70.0),
    C("lum_distance_ol", m_lum_ol, z=1.0, om=0.3, ol=0.7),
    C("distance_modulus", m_dist_mod, z=0.1),
    # gravity
    C("potential", m_potential, r=[7e6, 0.0, 0.0]),
    H("potential", all_nan(r=[0, 0, 0]), "domain", r=[0.0, 0.0, 0.0]),
    # slopes 1.5e213, but sqrt's rule 0.5 / sqrt(s) times the upstream mu / s^2 = 4.4e213 overflows before the 2 r
    C("potential", m_potential, "unstable", r=[1e-100, 2e-100, 2e-100]),
    C("potential_soft", m_potential_soft, r=[0.0, 0.0, 0.0], eps=0.1),  # r: 0; eps: 1/eps^2
    C("potential_soft", m_potential_soft, "unstable", r=[0.0, 0.0, 0.0], eps=1e-200),  # eps^2 underflows: 1/0
    H("potential_soft", all_nan(r=[0, 0, 0], eps=0), "domain", r=[0.0, 0.0, 0.0], eps=0.0),
    C("potential_soft", m_potential_soft, r=[1.0, 2.0, 2.0], eps=0.0),
    C("potential_soft", m_potential_soft, "unstable", dtype="float32", r=[3e-20, 0.0, 4e-20], eps=0.0),  # subnormal
    # leapfrog
    C("leapfrog", m_leapfrog(), r0=[1.0, 0.0], v0=[0.0, 1.0]),
    C("leapfrog", m_leapfrog(), r0=[1.0, 0.0], v0=[0.0, 0.05]),  # through periapsis 1.2e-3 at dt = 0.05
    C("leapfrog_energy", m_leapfrog(True), r0=[1.0, 0.0], v0=[0.0, 0.05]),
    C("leapfrog", m_leapfrog(), r0=[1.0, 0.0], v0=[0.0, 0.0]),  # radial infall through the centre's neighbourhood
    C("leapfrog", m_leapfrog(Q=D32), dtype="float32", r0=[1.0, 0.0], v0=[0.0, 1.0]),
    # transits
    C("transit_depth", m_depth(), x=0.3, y=0.4, p=0.1),
    # the centre: the depth is smooth in x, y (mu = sqrt(1 - x^2 - y^2)): slopes 0, computed sqrt'(0) * 0
    C("transit_depth", m_depth(), "wrong", line="def transit_depth(>>z = np.sqrt(x * x + y * y)", x=0.0, y=0.0,
      p=0.1),
    C("transit_depth", m_depth(), "domain", x=1.0, y=0.0, p=0.1),  # the limb: mu = sqrt(0); y: no side defined (F1)
    C("transit_depth", m_depth(D32), dtype="float32", x=0.3, y=0.4, p=0.1),
    C("transit_depth_where", m_depth(where=True), "wrong",
      line="p * p * limb_intensity(z) / (1.0 - U1 / 3.0 - U2 / 6.0), 0.0)", x=1.2, y=0.9, p=0.1),  # sqrt(-1.25)
    C("transit_depth_where2", m_depth(where=True), x=1.2, y=0.9, p=0.1),
    C("overlap_area", m_lens, z=1.0, p=0.1),
    C("overlap_where", m_lens, z=0.95, p=0.1),
    # first contact: z = 1.1 is 8e-17 past 1 + 0.1 as doubles; the area grows as d^(3/2): slopes 0, the untaken
    # arccos' NaN
    C("overlap_where", m_lens, "wrong", line="return np.where(z < 1.0 + p, overlap_area(z, p), 0.0)", z=1.1, p=0.1),
    # radial velocities
    C("rv_chi2", m_rv, K=40.0, P=7.3, phi=0.4, gamma=1.5),
    C("rv_chi2", m_rv, dtype="float32", K=40.0, P=7.3, phi=0.4, gamma=1.5),  # T_OBS float64: computed in float64
    H("rv_chi2", all_nan(K=0, P=0, phi=0, gamma=0), "domain", K=40.0, P=0.0, phi=0.4, gamma=1.5),
    C("rv_kepler_chi2", m_rv_kepler, K=40.0, P=7.3, e=0.3, w=0.5),
    C("rv_kepler_chi2", m_rv_kepler, K=40.0, P=7.3, e=0.0, w=0.5),
]
