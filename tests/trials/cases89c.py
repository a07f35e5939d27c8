"""The eighty-ninth round (c) of user trials: optics and electromagnetics written with gradcli.numpy
(tests/trials/lib89c.py).

The formulas optical and RF design code differentiates (SI units, angles in radians): Snell's law arcsin(n1/n2 sin
theta_i) at grazing incidence from air, at the critical angle (n = 2 to 1 at the double nearest pi/6: 1 - u = 9.9e-17
comes out 1.1e-16), with no interface at grazing incidence (sin rounds to 1: arcsin(1)) and past it (total internal
reflection: arcsin(1.13)); the Fresnel power reflectances |r_s|^2 and |r_p|^2 with cos_t = sqrt(1 - (n1/n2 sin)^2) at
normal and grazing incidence, at the critical angle, in total internal reflection, with n1 = n2 at grazing incidence
and at the double nearest Brewster's angle (r_p = 0 but for the input's rounding), their mean, Brewster's angle by
arctan2; the thin-lens image distance 1 / (1/f - 1/d_o) at d_o = f, 1e-12 from it (with f = 1 and f = 3) and at d_o =
1e300, the magnification rearranged as f / (f - d_o); the lens-maker's power and focal length with a flat face (R2 =
inf typed at --at, and R2 = 1e300), a zero-power meniscus and an index-matched lens; the Gaussian beam radius w0 sqrt(1
+ (z/zR)^2) at the waist, past (z/zR)^2's overflow and by hypot, the Gouy phase arctan(z/zR) at 0 and at z/zR = 3e299,
the wavefront radius z (1 + (zR/z)^2) at the waist and past (zR/z)^2's overflow; single-slit diffraction (sin x /
x)^2 at 0, 1e-8 and pi, with np.where's central maximum, and np.sinc(u)^2 at 0, 1e-8 and its zero u = 1; a grating's
first order at Rayleigh's anomaly (arcsin(1)) and past it; the skin depth sqrt(2 / (omega mu sigma)) for copper at 60
Hz and 1 GHz, at sigma = 0 and small sigma in float32; Beer-Lambert I0 exp(-alpha L) at alpha L = 740, 800 (float32
100, 120), the absorbance -log10(exp(-alpha L)) and the attenuation 10 log10(1 / T) there; thin-film interference cos(4
pi n d cos theta / lam) at a phase of 3.4e5; the Airy function 1 / (1 + F sin^2(delta/2)) on resonance, at the double
of 2 pi with F = 1e20, and with F = 4R / (1 - R)^2 at R = 0.999999 and R = 1.

Tried: 24 functions, 129 cases through the CLI judged by tests/trials/judge.py (at most two gradcli processes at once;
a scratch driver runs the CLI in two threads and judges in the main one), and scratch probes by hand (the findings'
formulas and a two-line file, --wrt alone, --json fields). ALL keeps all 129 (87 ok, 25 unstable, 12 domain, 3 wrong,
2 input errors; 88 float64, 41 float32), more than the 80-110 aimed at because every check is cheap. 126 agree with
gradcli in verdict and in every exact gradient entry (to 1e-10 relative); 3 are the findings F1 (two cases) and F2.
Every check took 0.6-2.7 s on the loaded machine (two at once), every truth under 0.5 s; the full run of the 129 took
about 1.5 minutes.

Truths are written here from the mathematics, never lib89c's code or gradcli: the refraction angle as atan(u / sqrt(1 -
u^2)) (NaN at and past |u| = 1), the reflectances by Fresnel's sine and tangent laws sin^2(theta_i - theta_t) /
sin^2(theta_i + theta_t) and tan^2(...) / tan^2(...) (by the cosines of the two angles at normal incidence, where the
laws are 0/0), Brewster's angle as atan(n2/n1), the image distance as f d_o / (d_o - f), the power and focal length as
(n - 1)(R2 - R1) / (R1 R2) and its reciprocal, the beam radius as sqrt(w0^2 + (z lam / (pi w0))^2), the wavefront
radius as z + zR^2 / z, the slit by mpmath.sinc and mpmath.sincpi, the skin depth as sqrt(2/omega) / sqrt(mu) /
sqrt(sigma), the absorbance as alpha L / log 10, the Airy function with sin^2(delta/2) = (1 - cos delta)/2 and, from
R, as (1 - R)^2 / ((1 - R)^2 + 2R(1 - cos delta)). The derivatives from the left and the right by mpmath.diff at 2,000
digits (cases30b.sided_grad with finite_sides); by hand the points with no value (all NaN: arcsin and sqrt past their
domain, the poles 1/0 of the thin lens, the focal length and the wavefront radius, sqrt(2/0) = inf, 0/0 of sin x / x)
and the perfect mirrors. Constants as the program holds them where they meet an array (np.pi, and 4.0 * np.pi, a
Python float before it meets n, in float32).

What agreed (beyond the ordinary points, all ok in both dtypes): Snell's law unstable with no interface at grazing
incidence (float32's pi/2 lies above pi/2: slope -1 there) and at the critical angle, domain in total internal
reflection; |r_s|^2 and |r_p|^2 ok at normal incidence (slope 0 in theta) and grazing from air, unstable at the
critical angle (cos_t = 1.4e-8 from a 10%-off 1 - u^2), |r_s|^2 unstable with n1 = n2 at grazing incidence (R = 1
where it is 0), domain in total internal reflection; the unpolarised mean ok at Brewster's angle; the thin lens domain
at d_o = f, unstable 1e-12 from the focus with f = 3 and in float32 at 1.0001, ok at 1e300 (the slope 1e-600 below the
range); the magnification f / (f - d_o) ok near the focus (f - d_o exact) and domain at it; the lens-maker's formulas
ok at R2 = 1e300, domain at zero power and at n = 1, and R2 = inf refused as an input error that says it is not
finite; the beam radius ok at the waist, unstable past (z/zR)^2's overflow (1e200; float32 1e20), ok by hypot there;
the Gouy phase ok at 0, unstable at z/zR = 3e299 (arctan's 1/(1 + x^2) underflows, so w0's and lam's slopes 1e-296
and 3e-294 come out 0); the wavefront radius domain at the waist and, with --wrt w0 alone, unstable past (zR/z)^2's
overflow; the slit domain at 0 (0/0), unstable at 1e-8 (cos x / x - sin x / x^2 = 1e8 - 1e8; float32 1e-3), ok at the
double of pi; its where form wrong at 0 (the untaken 0/0 leaks NaN into the slope 0); np.sinc(u)^2 ok at 0, 1e-8 (its
rule is accurate there; float32 1e-3) and at u = 1 (sin(pi) = 1.2e-16 in double against 0: slopes within rtol of the
exact 0s); the grating domain at Rayleigh's anomaly and past it; the skin depth domain at sigma = 0; Beer-Lambert ok at
alpha L = 800 (all below the range), unstable at 740 (a 7-bit subnormal) and float32 100, ok in float32 at 120; the
absorbance ok at 700, unstable at 740 and 800 (log10(0) = -inf where A = 347) and float32 100; the attenuation in dB
unstable at 720 (1 / 2.3e-313 overflows); thin film ok at a phase of 3.4e5 in float64, unstable in float32 (its ulp
there is 0.03); the Airy function ok on resonance, at the double of 2 pi with F = 1e20 (sin of the double pi is the
double's own sine), and from R at 0.999999 (float32 0.9999: 1 - R exact); perfect mirrors (R = 1) off resonance
wrong: F = 4/0 = inf gives T = 1/(1 + inf) = 0, T's limit, and the slopes 0 come out NaN from 0 * inf (the doctrine
of cases55c's F1: a finite value through an infinite intermediate).

Truths the round corrected in itself (against the first CLI batch; each re-derived by hand before changing it):
- thin_lens_image at d_o = 1.000000000001, f = 1, first unstable: d_o = 1 + delta with delta a multiple of 2^-52, so
  1/d_o = 1 - delta + delta^2 rounds to 1 - delta (exact below 1), off by delta^2 = 1e-24 only: 1/f - 1/d_o keeps 12
  digits of its 1e-12: ok, as gradcli says (gradient 2e-12 relative off). f = 3, d_o = 3.000000000003 added as the
  unstable case (1/3 and 1/d_o each rounded);
- skin_depth in float32 at sigma = 1e-20, first ok: every exact slope is a float32 number (sigma's -3.2e31), but
  gradcli.numpy's divide rule forms -upstream * x / y^2, and y^2 = (4.7e-24)^2 underflows: -inf in every slope. The
  program's float32 gradient is lost: unstable, as gradcli says (sigma = 1e-10 added as ok). A note, not a finding:
  the verdict is right for the rule that ran, though (x / y) / y (PyTorch's form) would have kept the slopes;
- the Fresnel laws' truths at normal incidence raised ZeroDivisionError (sin(theta_i + theta_t) = 0): written by the
  cosines of the two angles there;
- the lens-maker's R2 = inf, first ok with slope 0: gradcli refuses a non-finite point with exit 2 and a plain
  message: input-error cases, and R2 = 1e300 added as ok.
Dropped: none.

Findings:
F1 (mended). A value lost to overflow passed as ok when another input's exact slope lies beyond the dtype's range: the point is
  `domain` with "value_status": "ok", where the value is inf and the exact value a float64 number. Minimal: `gradcli
  check "x*(1+(1/x)^2)" --at x=1e-200 --dtype float64 --json`: value inf, exact value 1e+200, "value_status": "ok",
  status domain (the slope -1e400 is beyond float64). `gradcli check "x*(1+(a/x)^2)" --at x=1e-200,a=1 --wrt a`: the
  same value, "unstable (value)"; adding x to the inputs turns it domain, 0 failing. In lib89c: the wavefront radius z
  (1 + (zR/z)^2) at z = 1e-200 (w0 = 1e-3, lam = 1e-6): value inf where R = 9.87e200; z's slope -9.87e400 beyond
  float64, w0's and lam's (3.95e204, -1.97e207) right; gradcli: domain, value ok; --wrt w0 alone (z = 2e-200): unstable.
  Truth: unstable. The README has the value lost ("unstable: the working precision loses the value or the gradient")
  and judges the other inputs beside a missing derivative ("where one of them is wrong or unstable ..., the point is
  that verdict, as --wrt y alone says"); a stable program (z + zR (zR / z)) returns 9.87e200, so no dtype limit excuses
  the inf. The same in float32 at z = 1e-20 (R = 9.9e20, z's slope -9.9e40 beyond float32).
  Mended: at a point whose gradient is domain (an input without a derivative, or with one past the dtype's range),
  the value is judged where it is defined: lost in the dtype, it is unstable, and the point with it, its overflow
  named.
F2 (declined). A value whose tiny exact digits are only the input's rounding fails (unstable (value)) where the gradient entries,
  off for the same reason, pass by the data-rounding rule, in the same check. Minimal: a file `def f(x): return (3.0 *
  x - 1.0) ** 2` checked at x=0.3333333333333333: computed value 0 and slope 0, exact 3.08e-33 and -3.33e-16; gradcli
  passes the slope ("the gradient in x is off its exact value ... by no more than moving the program's own rounded
  constants and inputs by 2 units in the last place") but says "unstable (value)", value off by 1 relative. Two
  ulps of x move the exact value to 7.7e-32 and 1.5e-31, 25 to 50 times the computed error: by the rule gradcli
  applies to the gradient (README: a tiny exact entry that is the rounding of the program's data passes) the value
  passes too. In lib89c:
  |r_p|^2 at theta_i = 0.982793723247329 (the double nearest Brewster's angle arctan 1.5, n1 = 1, n2 = 1.5): r_p =
  5.6e-18 exactly at that double (computed 0: 0.05 ulp of the 0.83s it cancels), R_p = 7.0e-35 and slopes -1.0e-17,
  -4.6e-18, 3.1e-18 computed 0; theta_i +- 2 ulps gives R_p = 2.0e-32 and 1.6e-32, slopes -1.7e-16 and 1.5e-16. The
  computed 0 is the exact value at a point within half an ulp of the input (backward stable): ok. docs/architecture.md
  gives the data-rounding re-run to gradient entries only and the value only the constants-as-meant re-run; the README
  says "entry". The gap, not the rule, is the finding.
  Declined: the allowance for the rounding of a program's data is for gradient entries tiny beside their array (or
  a lone slope where an exact 0 would pass); a value keeps its relative error. Tried: the value measured by the
  data's reach as well moved some thirty unstable truths of earlier rounds to ok, among them real cancellations a
  better spelling of the same program avoids (J - 1 - log J at J = 1 + 1e-12, whose u - log1p(u) keeps them;
  Prandtl-Meyer at Mach 1 + 1e-10), where the input's rounding is as large: the value's digits are the program's to keep. The case
  is unstable (value), its slopes passing by their rule, as the README says.
"""

import mpmath
import numpy
from mpmath import mpf

from cases import Case
from cases5 import hp
from cases30b import sided_grad

L = "lib89c.py"
NAN = mpmath.nan
sin, cos, tan, sqrt, atan = mpmath.sin, mpmath.cos, mpmath.tan, mpmath.sqrt, mpmath.atan
exp, log = mpmath.exp, mpmath.log
PI_D = float(numpy.pi)
HALF_PI = 1.5707963267948966  # the double nearest pi/2 (below it: sin rounds to 1, cos is 6.1e-17)
SIXTH_PI = 0.5235987755982988  # the double nearest pi/6 (below it: sin is 0.49999999999999994)
BREWSTER = float(numpy.arctan(1.5))  # 0.982793723247329, the double nearest Brewster's angle of glass from air
TWO_PI = 6.283185307179586


def _txt(v):
    if isinstance(v, list):
        return "[" + ",".join(_txt(a) for a in v) + "]"
    return repr(float(v))


def K(dtype, value):
    """A Python float constant of the program as it meets an array of the dtype (float32 rounds it)."""
    return mpf(float(numpy.float32(value))) if dtype == "float32" else mpf(float(value))


def _real(z):
    """A real number or NaN (mpmath answers a complex number past a real function's domain)."""
    return z if isinstance(z, mpf) else NAN


# --- the mathematics, in mpmath (never lib89c's code path) ------------------------------------------------------------

def refraction(theta_i, n1, n2):
    """theta_t by Snell's law, as atan(u / sqrt(1 - u^2)) with u = n1 sin(theta_i) / n2 (NaN where |u| >= 1: no real
    refracted ray, or the vertical tangent)."""
    u = n1 * sin(theta_i) / n2
    if abs(u) >= 1:
        return NAN
    return atan(u / sqrt(1 - u ** 2))


def m_snell(theta_i, n1, n2):
    return refraction(theta_i, n1, n2)


def m_rs(theta_i, n1, n2):
    """|r_s|^2 = sin^2(theta_i - theta_t) / sin^2(theta_i + theta_t) (Fresnel's sine law; at normal incidence, where
    that is 0/0, by the cosines of the two angles)."""
    t = refraction(theta_i, n1, n2)
    if mpmath.isnan(t):
        return NAN
    if theta_i == 0:
        return ((n1 * cos(theta_i) - n2 * cos(t)) / (n1 * cos(theta_i) + n2 * cos(t))) ** 2
    return (sin(theta_i - t) / sin(theta_i + t)) ** 2


def m_rp(theta_i, n1, n2):
    """|r_p|^2 = tan^2(theta_i - theta_t) / tan^2(theta_i + theta_t) (Fresnel's tangent law; at normal incidence by
    the cosines)."""
    t = refraction(theta_i, n1, n2)
    if mpmath.isnan(t):
        return NAN
    if theta_i == 0:
        return ((n2 * cos(theta_i) - n1 * cos(t)) / (n2 * cos(theta_i) + n1 * cos(t))) ** 2
    return (tan(theta_i - t) / tan(theta_i + t)) ** 2


def m_unpolarised(theta_i, n1, n2):
    return (m_rs(theta_i, n1, n2) + m_rp(theta_i, n1, n2)) / 2


def m_brewster(n1, n2):
    return atan(n2 / n1)


def m_image(d_o, f):
    return f * d_o / (d_o - f)


def m_magnification(d_o, f):
    return -m_image(d_o, f) / d_o


def m_power(n, R1, R2):
    return (n - 1) * (R2 - R1) / (R1 * R2)


def m_focal(n, R1, R2):
    return R1 * R2 / ((n - 1) * (R2 - R1))


def m_beam(dtype):
    c = K(dtype, PI_D)
    return lambda z, w0, lam: sqrt(w0 ** 2 + (z * lam / (c * w0)) ** 2)


def m_gouy(dtype):
    c = K(dtype, PI_D)
    return lambda z, w0, lam: atan(z * lam / (c * w0 ** 2))


def m_curvature(dtype):
    c = K(dtype, PI_D)
    return lambda z, w0, lam: z + (c * w0 ** 2 / lam) ** 2 / z


def m_slit(x):
    return mpmath.sinc(x) ** 2  # mpmath's sinc is sin(x)/x with its limit 1 at 0


def m_slit_sinc(u):
    return mpmath.sincpi(u) ** 2  # sin(pi u) / (pi u), pi exact


def m_grating(theta_i, lam, d):
    u = sin(theta_i) + lam / d
    if abs(u) >= 1:
        return NAN
    return atan(u / sqrt(1 - u ** 2))


def m_skin(omega, mu, sigma):
    return sqrt(2 / omega) / sqrt(mu) / sqrt(sigma)


def m_beer(I0, alpha, L):
    return I0 * exp(-alpha * L)


def m_absorbance(alpha, L):
    return alpha * L / log(10)


def m_db(alpha, L):
    return 10 * alpha * L / log(10)


def m_film(dtype):
    c = K(dtype, 4.0 * PI_D)  # 4.0 * np.pi is a Python float before it meets n
    return lambda n, d, theta, lam: cos(c * n * d * cos(theta) / lam)


def m_airy(delta, F):
    """1 / (1 + F sin^2(delta/2)), with sin^2(delta/2) = (1 - cos delta) / 2."""
    return 1 / (1 + F * (1 - cos(delta)) / 2)


def m_airy_R(delta, R):
    return (1 - R) ** 2 / ((1 - R) ** 2 + 2 * R * (1 - cos(delta)))


# --- cases ------------------------------------------------------------------------------------------------------------

def _at(pt):
    return ",".join(f"{k}={_txt(v)}" for k, v in pt.items())


def C(function, mirror, verdict="ok", dtype="float64", wrt=None, **pt):
    """A case whose truth is the one- and two-sided derivative of ``mirror`` at the point as ``dtype`` holds it (NaN
    where a side is undefined or infinite); with ``wrt`` only that input's."""
    truth = sided_grad(mirror, dtype, finite_sides=True, **pt)
    if wrt is not None:
        whole = truth
        truth = lambda: {wrt: whole()[wrt]}  # noqa: E731
    return Case(L, function, _at(pt), dtype, verdict, truth, wrt=wrt)


def H(function, truth, verdict="ok", dtype="float64", **pt):
    """A case whose truth is written by hand."""
    return Case(L, function, _at(pt), dtype, verdict, hp(truth))


def all_nan(**pt):
    return lambda: {k: NAN for k in pt}


GLASS = dict(n1=1.0, n2=1.5)
CRIT = dict(n1=2.0, n2=1.0)  # glass of index 2 to air: the critical angle is pi/6
TIR = dict(theta_i=1.2, n1=1.5, n2=1.0)
BEAM = dict(w0=1e-3, lam=1e-6)  # zR = pi m
CU = dict(omega=376.99111843077515, mu=1.2566370614359173e-06)  # 60 Hz in copper's permeability

ALL = [
    # --- Snell's law
    C("snell_angle", m_snell, theta_i=0.5, **GLASS),
    C("snell_angle", m_snell, dtype="float32", theta_i=0.5, **GLASS),
    C("snell_angle", m_snell, theta_i=HALF_PI, **GLASS),  # grazing from air: u = 2/3
    # no interface (n1 = n2) at grazing incidence: sin(theta_i) rounds to 1, arcsin(1) has an infinite slope where
    # the true u = 1 - 1.9e-33 gives d theta_t / d theta_i = 1 and d / dn1 = tan(theta_i) = 1.6e16
    C("snell_angle", m_snell, "unstable", theta_i=HALF_PI, n1=1.0, n2=1.0),
    # float32's pi/2 is above pi/2: theta_t = pi - theta_i, slope -1; u rounds to 1 again
    C("snell_angle", m_snell, "unstable", dtype="float32", theta_i=HALF_PI, n1=1.0, n2=1.0),
    # at the critical angle (n = 2 to 1, theta_i = pi/6 as a double): 1 - u = 9.9e-17 comes out 1.1e-16
    C("snell_angle", m_snell, "unstable", theta_i=SIXTH_PI, **CRIT),
    H("snell_angle", all_nan(theta_i=0, n1=0, n2=0), "domain", **TIR),  # total internal reflection: arcsin(1.13)
    # --- Fresnel reflectances
    C("fresnel_rs", m_rs, theta_i=0.5, **GLASS),
    C("fresnel_rs", m_rs, dtype="float32", theta_i=0.5, **GLASS),
    C("fresnel_rs", m_rs, theta_i=0.0, **GLASS),  # normal incidence: slope 0 in theta
    C("fresnel_rs", m_rs, theta_i=HALF_PI, **GLASS),  # grazing: R -> 1
    C("fresnel_rs", m_rs, dtype="float32", theta_i=HALF_PI, **GLASS),
    # n1 = n2 at grazing incidence: no interface, R = 0 and every slope 0 (2 r r' with r = 0); cos_t = sqrt(1 - 1) =
    # 0 where it is cos(theta_i) = 6.1e-17, so r = 1: the value 1 against 0
    C("fresnel_rs", m_rs, "unstable", theta_i=HALF_PI, n1=1.0, n2=1.0),
    # at the critical angle: cos_t = sqrt(1 - u^2) = 1.4e-8 from a 10%-off 1 - u^2; its slopes 1/cos_t
    C("fresnel_rs", m_rs, "unstable", theta_i=SIXTH_PI, **CRIT),
    H("fresnel_rs", all_nan(theta_i=0, n1=0, n2=0), "domain", **TIR),
    C("fresnel_rp", m_rp, theta_i=0.5, **GLASS),
    C("fresnel_rp", m_rp, dtype="float32", theta_i=0.5, **GLASS),
    C("fresnel_rp", m_rp, theta_i=0.0, **GLASS),
    C("fresnel_rp", m_rp, theta_i=HALF_PI, **GLASS),
    # Brewster's angle (the double nearest it): r_p is 5.6e-18 only by the input's rounding, computed 0 (the slopes
    # 1e-17 and R_p = 7e-35 against 0); two ulps of theta_i move them to 1.7e-16 and 2e-32. gradcli passes the slopes
    # as the rounding of the program's data and fails the value, which keeps its relative error (F2, declined)
    C("fresnel_rp", m_rp, "unstable", theta_i=BREWSTER, **GLASS),
    C("fresnel_rp", m_rp, "unstable", theta_i=SIXTH_PI, **CRIT),
    H("fresnel_rp", all_nan(theta_i=0, n1=0, n2=0), "domain", **TIR),
    C("fresnel_rp", m_rp, dtype="float32", theta_i=1.2, **GLASS),
    C("unpolarised_reflectance", m_unpolarised, theta_i=0.5, **GLASS),
    C("unpolarised_reflectance", m_unpolarised, dtype="float32", theta_i=0.5, **GLASS),
    C("unpolarised_reflectance", m_unpolarised, theta_i=BREWSTER, **GLASS),
    C("unpolarised_reflectance", m_unpolarised, theta_i=0.0, **GLASS),
    C("brewster_angle", m_brewster, **GLASS),
    C("brewster_angle", m_brewster, dtype="float32", **GLASS),
    # --- lenses
    C("thin_lens_image", m_image, d_o=3.0, f=1.0),
    C("thin_lens_image", m_image, dtype="float32", d_o=3.0, f=1.0),
    H("thin_lens_image", all_nan(d_o=0, f=0), "domain", d_o=1.0, f=1.0),  # object at the focus: image at infinity
    # d_o = 1 + delta (delta = 4504 ulps of 1): 1/d_o = 1 - delta + delta^2 rounds to 1 - delta, off by delta^2 =
    # 1e-24 only, so 1/f - 1/d_o keeps 1e-12 of its 1e-12: ok, by luck of f = 1
    C("thin_lens_image", m_image, d_o=1.000000000001, f=1.0),
    # f = 3: 1/3 and 1/d_o are rounded by up to 2.8e-17, and their difference is 3.3e-13: 1e-4 of it lost
    C("thin_lens_image", m_image, "unstable", d_o=3.000000000003, f=3.0),
    C("thin_lens_image", m_image, "unstable", dtype="float32", d_o=1.0001, f=1.0),
    C("thin_lens_image", m_image, d_o=1e300, f=1.0),  # the slope in d_o (1e-600) is below the range
    C("thin_lens_magnification", m_magnification, d_o=3.0, f=1.0),
    H("thin_lens_magnification", all_nan(d_o=0, f=0), "domain", d_o=1.0, f=1.0),
    # f - d_o is exact (Sterbenz): the rearranged form holds what 1/f - 1/d_o lost
    C("thin_lens_magnification", m_magnification, d_o=1.000000000001, f=1.0),
    C("thin_lens_magnification", m_magnification, dtype="float32", d_o=1.0001, f=1.0),
    C("lensmaker_power", m_power, n=1.5, R1=0.1, R2=-0.1),
    C("lensmaker_power", m_power, dtype="float32", n=1.5, R1=0.1, R2=-0.1),
    # a flat face, R2 = inf: the power (n - 1) / R1, its slope in R2 (n - 1) / R2^2 -> 0
    # gradcli takes no inf at --at (an input error, said plainly); a user writes a huge radius instead
    Case(L, "lensmaker_power", "n=1.5,R1=0.1,R2=inf", "float64", "input-error", message=("'inf' is not finite",)),
    C("lensmaker_power", m_power, n=1.5, R1=0.1, R2=1e300),  # the slope in R2, 5e-601, below the range
    C("lensmaker_power", m_power, dtype="float32", n=1.5, R1=0.1, R2=1e30),
    C("lensmaker_focal", m_focal, n=1.5, R1=0.1, R2=-0.1),
    C("lensmaker_focal", m_focal, dtype="float32", n=1.5, R1=0.1, R2=-0.1),
    # the flat face in the focal length R1 / (n - 1): slope in R2 -> 0
    Case(L, "lensmaker_focal", "n=1.5,R1=0.1,R2=inf", "float64", "input-error", message=("'inf' is not finite",)),
    C("lensmaker_focal", m_focal, n=1.5, R1=0.1, R2=1e300),
    H("lensmaker_focal", all_nan(n=0, R1=0, R2=0), "domain", n=1.5, R1=0.1, R2=0.1),  # zero power: f = 1/0
    H("lensmaker_focal", all_nan(n=0, R1=0, R2=0), "domain", n=1.0, R1=0.1, R2=-0.1),  # index-matched
    # --- Gaussian beam
    C("beam_radius", m_beam("float64"), z=1.0, **BEAM),
    C("beam_radius", m_beam("float32"), dtype="float32", z=1.0, **BEAM),
    C("beam_radius", m_beam("float64"), z=0.0, **BEAM),  # the waist: slope 0 in z
    C("beam_radius", m_beam("float32"), dtype="float32", z=0.0, **BEAM),
    C("beam_radius", m_beam("float64"), "unstable", z=1e200, **BEAM),  # (z/zR)^2 overflows
    C("beam_radius", m_beam("float32"), "unstable", dtype="float32", z=1e20, **BEAM),
    C("beam_radius_hypot", m_beam("float64"), z=1e200, **BEAM),
    C("beam_radius_hypot", m_beam("float32"), dtype="float32", z=1e20, **BEAM),
    C("beam_radius_hypot", m_beam("float64"), z=0.0, **BEAM),
    C("beam_radius_hypot", m_beam("float64"), z=1.0, **BEAM),
    C("gouy_phase", m_gouy("float64"), z=0.0, **BEAM),
    C("gouy_phase", m_gouy("float64"), z=1.0, **BEAM),
    C("gouy_phase", m_gouy("float32"), dtype="float32", z=0.0, **BEAM),
    # z/zR = 3e299: arctan's 1/(1 + x^2) = 1e-599 is below the range, but the slopes in w0 and lam (-2/(x w0),
    # 1/(x lam): 1e-296, 3e-294) are not
    C("gouy_phase", m_gouy("float64"), "unstable", z=1e300, **BEAM),
    C("wavefront_curvature_radius", m_curvature("float64"), z=1.0, **BEAM),
    C("wavefront_curvature_radius", m_curvature("float32"), dtype="float32", z=1.0, **BEAM),
    H("wavefront_curvature_radius", all_nan(z=0, w0=0, lam=0), "domain", z=0.0, **BEAM),  # the waist: R = inf
    # z = 1e-200: (zR/z)^2 overflows, the value inf where R = 9.9e200 is a number; z's slope -9.9e400 is beyond
    # float64 (no program can give it), w0's and lam's (3.9e204, -2.0e207) come out right. The value is lost: unstable,
    # as --wrt w0 alone says (F1: gradcli says domain for the whole point)
    C("wavefront_curvature_radius", m_curvature("float64"), "unstable", z=1e-200, **BEAM),
    C("wavefront_curvature_radius", m_curvature("float64"), "unstable", wrt="w0", z=2e-200, **BEAM),
    C("wavefront_curvature_radius", m_curvature("float32"), "unstable", dtype="float32", z=1e-20, **BEAM),
    # --- single slit and grating
    C("slit_intensity", m_slit, x=1.0),
    C("slit_intensity", m_slit, dtype="float32", x=1.0),
    H("slit_intensity", all_nan(x=0), "domain", x=0.0),  # 0/0 at the central maximum
    # x = 1e-8: the slope of sin(x)/x is cos(x)/x - sin(x)/x^2 = 1e8 - 1e8 where it is -x/3
    C("slit_intensity", m_slit, "unstable", x=1e-8),
    C("slit_intensity", m_slit, "unstable", dtype="float32", x=1e-3),
    C("slit_intensity", m_slit, x=PI_D),  # the first zero (as a double): sin(pi) is the double's own sine
    C("slit_intensity_where", m_slit, x=1.0),
    # the 1 is taken at 0 (slope 0); the untaken 0/0 leaks NaN through the where
    C("slit_intensity_where", m_slit, "wrong", x=0.0),
    C("slit_intensity_where", m_slit, "wrong", dtype="float32", x=0.0),
    C("slit_intensity_where", m_slit, "unstable", x=1e-8),
    C("slit_intensity_sinc", m_slit_sinc, u=0.0),
    C("slit_intensity_sinc", m_slit_sinc, u=0.5),
    C("slit_intensity_sinc", m_slit_sinc, dtype="float32", u=0.5),
    C("slit_intensity_sinc", m_slit_sinc, u=1e-8),
    C("slit_intensity_sinc", m_slit_sinc, dtype="float32", u=1e-3),
    C("slit_intensity_sinc", m_slit_sinc, u=1.0),  # a zero: sin(pi u) is 1.2e-16 in double where it is 0
    C("slit_intensity_sinc", m_slit_sinc, u=2.5),
    C("grating_angle", m_grating, theta_i=0.1, lam=0.5, d=1.0),
    C("grating_angle", m_grating, dtype="float32", theta_i=0.1, lam=0.5, d=1.0),
    # the order grazes the grating (Rayleigh's anomaly): arcsin(1), no right side
    C("grating_angle", m_grating, "domain", theta_i=0.0, lam=1.0, d=1.0),
    H("grating_angle", all_nan(theta_i=0, lam=0, d=0), "domain", theta_i=0.0, lam=1.2, d=1.0),  # evanescent
    C("grating_angle", m_grating, theta_i=-0.3, lam=0.6328, d=1.6),
    # --- skin depth, absorption
    C("skin_depth", m_skin, sigma=5.8e7, **CU),
    C("skin_depth", m_skin, dtype="float32", sigma=5.8e7, **CU),
    H("skin_depth", all_nan(omega=0, mu=0, sigma=0), "domain", sigma=0.0, **CU),  # an insulator: sqrt(2/0) = inf
    # float32, sigma = 1e-20: omega mu sigma = 4.7e-24 is a number and every slope is (sigma's -3.2e31), but
    # gradcli.numpy's divide rule forms -upstream * x / y^2 and y^2 = 2.2e-47 underflows: -inf. The program's gradient
    # is lost in float32 (PyTorch's rule, (x / y) / y, would keep it): unstable
    C("skin_depth", m_skin, "unstable", dtype="float32", sigma=1e-20, **CU),
    C("skin_depth", m_skin, dtype="float32", sigma=1e-10, **CU),
    C("skin_depth", m_skin, omega=6.283185307179586e9, mu=1.2566370614359173e-06, sigma=5.8e7),
    C("beer_lambert", m_beer, I0=1.0, alpha=2.0, L=0.5),
    C("beer_lambert", m_beer, dtype="float32", I0=1.0, alpha=2.0, L=0.5),
    C("beer_lambert", m_beer, I0=1.0, alpha=800.0, L=1.0),  # e^-800 and its slopes below the range
    C("beer_lambert", m_beer, "unstable", I0=1.0, alpha=740.0, L=1.0),  # e^-740 subnormal: 7 bits
    C("beer_lambert", m_beer, "unstable", dtype="float32", I0=1.0, alpha=100.0, L=1.0),
    C("beer_lambert", m_beer, dtype="float32", I0=1.0, alpha=120.0, L=1.0),
    C("absorbance", m_absorbance, alpha=2.0, L=0.5),
    C("absorbance", m_absorbance, dtype="float32", alpha=2.0, L=0.5),
    C("absorbance", m_absorbance, alpha=700.0, L=1.0),  # e^-700 = 9.9e-305 still normal
    C("absorbance", m_absorbance, "unstable", alpha=800.0, L=1.0),  # log10(0) = -inf where A = 347
    C("absorbance", m_absorbance, "unstable", alpha=740.0, L=1.0),
    C("absorbance", m_absorbance, "unstable", dtype="float32", alpha=100.0, L=1.0),
    C("attenuation_db", m_db, alpha=2.0, L=0.5),
    C("attenuation_db", m_db, "unstable", alpha=720.0, L=1.0),  # 1 / 2.3e-313 overflows
    # --- interference
    C("thin_film_fringe", m_film("float64"), n=1.38, d=1e-7, theta=0.2, lam=5.5e-7),
    C("thin_film_fringe", m_film("float32"), dtype="float32", n=1.38, d=1e-7, theta=0.2, lam=5.5e-7),
    C("thin_film_fringe", m_film("float64"), n=1.38, d=1e-7, theta=0.0, lam=5.5e-7),
    C("thin_film_fringe", m_film("float64"), n=1.5, d=1e-2, theta=0.2, lam=5.5e-7),  # a phase of 3.4e5
    C("thin_film_fringe", m_film("float32"), "unstable", dtype="float32", n=1.5, d=1e-2, theta=0.2, lam=5.5e-7),
    C("airy_transmission", m_airy, delta=1.0, F=10.0),
    C("airy_transmission", m_airy, dtype="float32", delta=1.0, F=10.0),
    C("airy_transmission", m_airy, delta=0.0, F=1e6),  # on resonance: slope 0 in delta
    C("airy_transmission", m_airy, delta=TWO_PI, F=1e20),  # the next resonance as a double, finesse 1.6e10
    C("airy_transmission", m_airy, delta=3.0, F=1e20),
    C("airy_transmission", m_airy, dtype="float32", delta=TWO_PI, F=1e10),
    C("airy_from_reflectance", m_airy_R, delta=1.0, R=0.9),
    C("airy_from_reflectance", m_airy_R, dtype="float32", delta=1.0, R=0.9),
    C("airy_from_reflectance", m_airy_R, delta=0.001, R=0.999999),
    C("airy_from_reflectance", m_airy_R, dtype="float32", delta=0.01, R=0.9999),
    # perfect mirrors off resonance: F = 4/0 = inf, T = 1/(1 + inf) = 0, which is T's limit and its slopes' 0
    H("airy_from_reflectance", lambda: {"delta": mpf(0), "R": mpf(0)}, "wrong", delta=3.0, R=1.0),
]
