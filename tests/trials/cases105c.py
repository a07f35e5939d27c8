"""The hundred-and-fifth round (c) of user trials: oceanography, waves and coastal engineering written with
gradcli.numpy (tests/trials/lib105c.py).

The formulas oceanographers and coastal engineers fit or differentiate: the wavenumber of the linear dispersion
relation omega^2 = g k tanh(k h) by three Newton steps from Hunt's approximation (both dtypes; h = 0.5, 1000 (tanh(40)),
1e-6 (k h = 2e-4), omega = 6 at h = 50 (tanh = 1 held); h = 0 and omega = 0, where the program is 0 / 0); the phase
speed sqrt(g tanh(k h) / k) (both dtypes; k h = 1e-7; tanh = 1; k = 0) and the shallow sqrt(g h) (h = 0); the group
speed c / 2 (1 + 2 k h / sinh(2 k h)) (both dtypes; k h = 1e-5, float32 1e-3, 0.1; k = 0; sinh(200) held; sinh(800)
past float64, sinh(100) past float32); the energy flux E c_g with k from the Newton steps (both dtypes; k h = 121; k h
= 805); deep-water power (both dtypes; H = 0); the Iribarren number (both; H = 0); Pierson-Moskowitz (both dtypes;
e^-81920 and float32 e^-320 underflowing; f = 0) and JONSWAP (both dtypes; below the peak; f = fp, where sigma
switches, in both dtypes; gamma = 1; f = 0) and Hm0 from a JONSWAP summed on a grid; depth-limited breaking by
np.where(H / h > 0.78, 0.78 h, H) (both dtypes; broken in both; the tie 0.78 / 1 in both dtypes and 1.56 / 2; 3.9 / 5
held 4.4e-17 below 0.78 but computed 0.78, and float32's held and computed above; float32 2.34 / 3 and 3.8999998569 /
5, each exactly float32's 0.78); Stokes drift (both dtypes; at the bed; k h = 3, 200, 400) and its deep form (e^-800);
tidal harmonics (both dtypes; a year on in both dtypes), the amplitude sqrt(a^2 + b^2) (both; the origin) and the
phase arctan2(b, a) (the origin, b = 0 on the negative axis in both dtypes); the UNESCO (1981) surface density (both
dtypes; -1.8 degC; fresh water S = 0 in both dtypes) and the buoyancy frequency from two densities (both dtypes; 0.5
degC apart in both dtypes; a well-mixed column; an inversion); the Ekman spiral (both dtypes; the surface; D = 0.001,
float32 0.01; D = 0); the law of the wall (both; z = z0; z = 0), clamped by np.maximum(z, z0) (below z0; at z0), a
drag coefficient (both; z = z0) and Manning's velocity (both dtypes; R = 0 in both; S = 0) and a rectangular channel's
discharge (both dtypes; y = 0).

Tried: 24 functions, 114 cases run through the CLI and judged by tests/trials/judge.py (at most two gradcli processes
at once: a scratch driver runs the CLI in two threads and judges in the main one), two full runs (107 cases, then the
final 114) and a rerun of the 48 changed cases, and scratch probes by hand (the breaking cap alone as
np.where(H / h > 0.78, 0.78 * h, H), np.minimum(H, 0.78 * h) and np.where(q > 0.78, 0.78, q) in float32). ALL keeps
the 114: 79 ok, 23 domain, 10 unstable, 2 wrong; 80 float64, 34 float32. All agree with gradcli in verdict and in every
exact gradient entry (to 1e-10 relative), the two F1 cases after the review below. Every check took 1.0-5.3 s on the shared machine (two at once); the
last full run took 97 s; all truths evaluate in 6 s.

Truths are written here from the mathematics, never lib105c's code or gradcli: the wavenumber's slopes by implicit
differentiation of F = g k tanh(k h) - omega^2 at the exact root (mpmath's findroot, not Hunt nor Newton's steps); the
phase speed as sqrt(g h) sqrt(tanh(x) / x); n as (sinh x + x) / (2 sinh x); the flux with k from findroot; Stokes drift
by exponentials (e^(2kz) + e^(-2k(z + 2h))) / (1 - e^(-2kh))^2; PM in (fp / f)^4 / f; the tide's cosines expanded by
the angle-sum rule; amplitude by hypot and phase by atan2; the density by Horner's rule with S^1.5 as S sqrt(S); the
clamp and the cap as Python min / if; the points as the dtype holds them and the program's Python constants as the
dtype holds them (9.81, 0.41, 0.78, 0.07 and 0.09 only as float64: np.where of two Python floats is a float64 array in
either dtype; 1025 * 9.81, 1025 * 9.81^2, 64 pi, 2 pi, pi / 4 and 2 / 3 computed as doubles before they meet an
array). Derivatives from the left and the right by mpmath.diff at 2,000 digits (cases30b.sided_grad with finite_sides:
NaN where the sides differ or one is undefined or infinite); by hand the 0 / 0s (k = 0, omega = 0, f = 0 as inf * 0,
D = 0), the poles (h = 0, H = 0, z = z0 in the drag coefficient, log(0) at z = 0 where z0 keeps -u* / (kappa z0) as
README's log(y / x)), arctan2 at the origin, the well-mixed column (N^2 = 0 for every S and dz: they keep 0), the dry
channel (b, S, n keep 0) and fresh water (S^1.5 at its base 0: README gives a power the slope of the side it is
defined on, so S keeps A(T)).

What agreed (beyond the ordinary points, ok in both dtypes): the wavenumber ok in shallow, deep (h's slope 1e-35) and
tanh = 1 water, domain at h = 0 and omega = 0; the phase and group speeds domain at k = 0, ok with tanh = 1 (h's e^-2000
slope 0 held), unstable at k h = 1e-7 (phase), 1e-5 and float32 1e-3 (group): k's slope is h sech^2(kh) / k - tanh(kh) /
k^2, terms of 5e8 (5e6, 5e4) cancelling to -3.3e-6 (-1e-3, -0.09), computed 4% (5e-7, 1.7e-3) off; unstable where
sinh passes the dtype (n = 1/2 held, its slopes inf / inf) and at Stokes drift's k h = 400 (the value inf / inf) and
energy flux's k h = 805; ok at k h = 0.1 (group, float64) and at sinh(200), sinh(242); Stokes drift unstable at
k h = 200
(h's exact slope -1e-174 from two paths of 8.75e-4, computed -2e-19); the spectra ok where e^-81920 and float32 e^-320
underflow, domain at f = 0; JONSWAP ok on its peak in both dtypes (sigma's switch where (f - fp)^2 and its slopes
vanish); breaking domain at 0.78 / 1 (both dtypes) and 1.56 / 2, ok at float64 3.9 / 5 (computed on the tie, where
takes the exact side's branch) and float32 3.9 / 5 (above, broken); the tide unstable a year on in float32 (omega t =
4431 rad rounded: the value 1e-3 off), ok in float64; amplitude domain at the origin; phase domain at the origin and on
the cut (a keeps 0); the density ok in fresh water (S's slope A(T) in both dtypes); N domain at an inversion, wrong in a
well-mixed column (S's and dz's exact 0 computed NaN, sqrt's 1 / 0 times their zero partials, as README's 1 / (y
log1p(-x))), float32 ok with the densities 1 kg m^-3 apart (4e-5 off, within float32's 1e-4) and unstable 0.1 apart
(6e-4); Ekman ok at D = 0.001 (e^-10000: 0 held), domain at D = 0; the law of the wall domain at z = 0 (z0 kept), the
clamp domain at z0 (ustar keeps 0), ok below it; the drag coefficient domain at z = z0; Manning domain at R = 0 (both
dtypes: R's "inf" from the only side, S and n 0) and S = 0, the discharge wrong at y = 0 (b's exact 0 computed 0 * inf *
0 = NaN).

Truths the round corrected in itself (against the first CLI run; each re-derived before changing it, gradcli right
each time):
- the phase speed at k h = 1e-7 and the group speed at k h = 1e-5 and float32 1e-3, first ok: k's slope is a
  difference of terms 1e2-1e4 times itself (tanh(kh) / k's two paths), computed 4% off at 1e-7: unstable;
- Stokes drift at k h = 200, first ok (the value held): h's exact slope is -1e-174, the difference of two 8.75e-4s,
  computed -2e-19 (README judges an entry by its own relative error): unstable;
- JONSWAP in float32, first off 6e-8 relative: sigma = np.where(f <= fp, 0.07, 0.09) is a float64 array (two Python
  floats), so 0.07 and 0.09 are the doubles, not float32's;
- the buoyancy frequency in float32 at 5 degC apart, first unstable (the density difference 1.06 from terms of 1026):
  off
  4e-5, within float32's 1e-4: ok; the same 0.5 degC apart (6e-4) was added: unstable;
- Pierson-Moskowitz and JONSWAP at f = 0, first wrong (the limit 0, flat from both sides): the program's f^-5 e^(...) is
  inf * 0 at f = 0, as README's 0 * log(0) no value, for every Hs, fp, gamma: domain, every entry NaN;
- the density at S = 0, first domain (S^1.5 undefined on the left): README gives a power at base exactly 0 the slope of
  the side it is defined on: ok, S's slope A(T);
- the dry channel y = 0, first domain: b's exact 0 computed NaN beside y's missing derivative: wrong (as README's
  1 / (y log1p(-x))).

Findings: none open. F1 as first written (a depth-limited breaking cap np.where(H / h > 0.78, 0.78 * h, H) in float32
at H = 2.34, h = 3 and at H = 3.8999998569488525, h = 5, truth domain) was judged afterwards against README: float32's
2.34 is 3 x float32's 0.78 exactly, so the program with the constant as float32 holds it is on the cap's switch, but
the function as written (0.78 and the point as float64 holds them) is below it there, and README judges a point that
only the dtype's rounding of a constant puts on a switch against the function as written (`constant-rounded`); float32
takes that side, its numbers are that function's: ok, slopes {H: 2 c H / 8, h: 0} with c = 1025 x 9.81 as a double (W
in ALL). gradcli now says so in a note. At 0.78 / 1 and 1.56 / 2 the written function is on the switch too: domain.

Observed besides (no finding): at the dry channel y = 0 gradcli gives y no derivative ("it ends at this point", the
slope 0 from the right) while at fresh water S = 0 it gives S the defined side's slope; README's rule is worded for a
power whose base is the input itself, and y's case (the base R(y) = b y / (b + 2y)) is judged here as gradcli does."""

import math

import mpmath
import numpy
from mpmath import mpf

from cases import Case
from cases30b import sided_grad

L = "lib105c.py"
NAN = mpmath.nan
F32 = "float32"
exp, log, sqrt, tanh, cosh, sinh, cos = mpmath.exp, mpmath.log, mpmath.sqrt, mpmath.tanh, mpmath.cosh, mpmath.sinh, \
    mpmath.cos


def _txt(v):
    if isinstance(v, list):
        return "[" + ",".join(_txt(a) for a in v) + "]"
    return repr(float(v))


def held(dtype, value):
    """The number the dtype holds for a point's coordinate or a constant the program casts to it."""
    return mpf(float(numpy.float32(value))) if dtype == F32 else mpf(float(value))


G, RHO, KAPPA = 9.81, 1025.0, 0.41


def k_root(omega, h, g):
    """The root k > 0 of g k tanh(k h) = omega^2 (mpmath's secant from the shallow or deep guess, whichever larger)."""
    x0 = max(omega ** 2 / g, abs(omega) / sqrt(g * h))
    return mpmath.findroot(lambda k: g * k * tanh(k * h) - omega ** 2, x0)


# --- the mathematics, in mpmath (never lib105c's code path); factories take the dtype for the program's constants ----

def m_phase(dt):
    g = held(dt, G)
    return lambda k, h: sqrt(g * h) * sqrt(tanh(k * h) / (k * h))


def m_shallow(dt):
    g = held(dt, G)
    return lambda h: sqrt(g) * sqrt(h)


def m_group(dt):
    g = held(dt, G)

    def f(k, h):
        x = 2 * k * h
        c = sqrt(g * tanh(k * h) / k)
        return c * (sinh(x) + x) / (2 * sinh(x))  # n = (sinh x + x) / (2 sinh x)
    return f


def m_flux(dt):
    g, rg = held(dt, G), held(dt, RHO * G)

    def f(H, omega, h):
        k = k_root(omega, h, g)
        x = 2 * k * h
        return rg * H ** 2 / 8 * omega / k * (1 + x / sinh(x)) / 2
    return f


def m_power(dt):
    c1, c2 = held(dt, RHO * G ** 2), held(dt, 64.0 * math.pi)
    return lambda H, T: c1 * T * H * H / c2


def m_iribarren(dt):
    g, tp = held(dt, G), held(dt, 2.0 * math.pi)
    return lambda slope, H, T: slope * T * sqrt(g / (tp * H))


def m_pm(dt):
    return lambda f, Hs, fp: mpf(5) / 16 * Hs ** 2 * (fp / f) ** 4 / f * exp(-mpf(5) / 4 * (fp / f) ** 4)


def m_jonswap(dt):
    s1, s2 = mpf(0.07), mpf(0.09)  # np.where of two Python floats: a float64 array in either dtype

    def f(f, Hs, fp, gamma):
        s = s1 if f <= fp else s2
        pm = mpf(5) / 16 * Hs ** 2 * (fp / f) ** 4 / f * exp(-mpf(5) / 4 * (fp / f) ** 4)
        return pm * exp(log(gamma) * exp(-((f / fp - 1) / s) ** 2 / 2))
    return f


def m_hm0(dt):
    grid = [mpf(float(v)) for v in numpy.linspace(0.02, 1.0, 50)]  # the program's float64 grid
    df = mpf(float(numpy.linspace(0.02, 1.0, 50)[1] - numpy.linspace(0.02, 1.0, 50)[0]))
    jon = m_jonswap(dt)
    return lambda Hs, fp, gamma: 4 * sqrt(df * sum(jon(f, Hs, fp, gamma) for f in grid))


def m_breaking(dt):
    c, cap = held(dt, RHO * G), held(dt, 0.78)
    return lambda H, h: c / 8 * min(H, cap * h) ** 2


def m_stokes(dt):
    def f(a, k, omega, h, z):
        # cosh(2k(z + h)) / (2 sinh^2(k h)) = (e^(2kz) + e^(-2k(z + 2h))) / (1 - e^(-2kh))^2
        return omega * k * a * a * (exp(2 * k * z) + exp(-2 * k * (z + 2 * h))) / (1 - exp(-2 * k * h)) ** 2
    return f


def m_stokes_deep(dt):
    return lambda a, k, omega, z: omega * k * a * a / exp(-2 * k * z)


def m_tide(dt):
    return lambda t, A, omega, phi: sum(a * (cos(w * t) * cos(p) + mpmath.sin(w * t) * mpmath.sin(p))
                                        for a, w, p in zip(A, omega, phi))


def m_amp(dt):
    return lambda a, b: mpmath.hypot(a, b)


def m_phase_angle(dt):
    return lambda a, b: mpmath.atan2(b, a)


_RW = [999.842594, 6.793952e-2, -9.095290e-3, 1.001685e-4, -1.120083e-6, 6.536332e-9]
_RA = [8.24493e-1, -4.0899e-3, 7.6438e-5, -8.2467e-7, 5.3875e-9]
_RB = [-5.72466e-3, 1.0227e-4, -1.6546e-6]


def _rho(dt):
    rw, ra, rb = [held(dt, c) for c in _RW], [held(dt, c) for c in _RA], [held(dt, c) for c in _RB]
    rc = held(dt, 4.8314e-4)
    horner = lambda cs, T: mpmath.polyval(cs[::-1], T)  # noqa: E731

    def rho(T, S):
        if S < 0:
            return NAN  # S^1.5 has no real value
        return horner(rw, T) + S * (horner(ra, T) + sqrt(S) * horner(rb, T) + rc * S)
    return rho


def m_density(dt):
    return _rho(dt)


def m_buoyancy(dt):
    rho, g = _rho(dt), held(dt, G)

    def f(T_top, T_bot, S, dz):
        a, b = rho(T_top, S), rho(T_bot, S)
        n2 = g * (b - a) / (a * dz)
        return sqrt(n2) if n2 >= 0 else NAN
    return f


def m_ekman(dt):
    q = held(dt, math.pi / 4.0)
    return lambda z, D, V0: V0 * exp(z / D) * cos(q + z / D)


def m_log(dt):
    k = held(dt, KAPPA)
    return lambda z, ustar, z0: ustar * (log(z) - log(z0)) / k


def m_log_clamped(dt):
    k = held(dt, KAPPA)
    return lambda z, ustar, z0: ustar * (log(z) - log(z0)) / k if z > z0 else mpf(0)


def m_drag(dt):
    k = held(dt, KAPPA)
    return lambda z, z0: k * k / (log(z) - log(z0)) ** 2


def m_manning_v(dt):
    p = held(dt, 2.0 / 3.0)
    return lambda R, S, n: (R ** p * sqrt(S) / n) if R >= 0 and S >= 0 else NAN


def m_manning_q(dt):
    p = held(dt, 2.0 / 3.0)

    def f(y, b, S, n):
        R = b * y / (b + 2 * y)
        if R < 0:
            return NAN
        return b * y * R ** p * sqrt(S) / n
    return f


# --- cases ------------------------------------------------------------------------------------------------------------

def _at(pt):
    return ",".join(f"{k}={_txt(v)}" for k, v in pt.items())


def C(function, mirror, verdict="ok", dtype="float64", **pt):
    """A case whose truth is the one- and two-sided derivative of ``mirror(dtype)`` at the point as ``dtype`` holds
    it."""
    return Case(L, function, _at(pt), dtype, verdict, sided_grad(mirror(dtype), dtype, finite_sides=True, **pt))


def W(function, mirror, verdict="ok", dtype="float64", **pt):
    """A case judged against the program as written (its constants as doubles) at the point as ``dtype`` holds it:
    where only the dtype's rounding of a constant puts the point on a switch (README's `constant-rounded`)."""
    return Case(L, function, _at(pt), dtype, verdict, sided_grad(mirror("float64"), dtype, finite_sides=True, **pt))


def H(function, truth, verdict="ok", dtype="float64", **pt):
    """A case whose truth is written by hand (evaluated at 60 digits)."""
    return Case(L, function, _at(pt), dtype, verdict, truth)


def all_nan(**shapes):
    return lambda: {k: NAN if n is None else [NAN] * n for k, n in shapes.items()}


def _k_implicit(dtype, omega, h):
    """k(omega, h) by implicit differentiation of F = g k tanh(k h) - omega^2: dk = -(F_omega, F_h) / F_k."""
    def f():
        g, w, d = held(dtype, G), held(dtype, omega), held(dtype, h)
        k = k_root(w, d, g)
        sech2 = 1 / cosh(k * d) ** 2
        fk = g * tanh(k * d) + g * k * d * sech2
        return {"omega": 2 * w / fk, "h": -g * k * k * sech2 / fk}
    return f


def _fresh(dtype, T):
    """rho at S = 0: T's slope rho_w'(T), S's the linear coefficient A(T) (S^1.5 and S^2 add 0 from the right)."""
    def f():
        rw, ra = [held(dtype, c) for c in _RW], [held(dtype, c) for c in _RA]
        t = held(dtype, T)
        return {"T": sum(j * c * t ** (j - 1) for j, c in enumerate(rw) if j),
                "S": sum(c * t ** j for j, c in enumerate(ra))}
    return f


W10 = 0.6283185307179586  # 2 pi / 10 s
PMP = dict(Hs=2.0, fp=0.08)
JS = dict(Hs=2.0, fp=0.08, gamma=3.3)
SD = dict(a=0.5, k=0.05, omega=0.7)
TIDE = dict(A=[1.2, 0.35], omega=[1.405189e-4, 1.454441e-4], phi=[0.5, 1.1])
LL = dict(ustar=0.05, z0=0.001)
MQ = dict(b=4.0, S=0.001, n=0.03)

MIRRORED = [
    # --- speeds
    C("phase_speed", m_phase, k=0.05, h=10.0),
    C("phase_speed", m_phase, dtype=F32, k=0.05, h=10.0),
    # k h = 1e-7: the shallow limit; k's slope -3.3e-6 is h sech^2(kh) / k - tanh(kh) / k^2 (terms 5e8): lost
    C("phase_speed", m_phase, "unstable", k=1e-8, h=10.0),
    C("phase_speed", m_phase, k=1.0, h=1000.0),  # tanh = 1: h's slope 4 e^-2000 / ..., 0 held
    C("shallow_speed", m_shallow, h=10.0),
    C("shallow_speed", m_shallow, "domain", h=0.0),  # sqrt's vertex: +inf from the right, nothing on the left
    C("group_speed", m_group, k=0.05, h=10.0),
    C("group_speed", m_group, dtype=F32, k=0.05, h=10.0),
    C("group_speed", m_group, "unstable", k=1e-6, h=10.0),  # k h = 1e-5: the same cancellation in c's slope
    C("group_speed", m_group, "unstable", dtype=F32, k=1e-4, h=10.0),
    C("group_speed", m_group, k=0.01, h=10.0),
    C("group_speed", m_group, k=0.1, h=1000.0),  # sinh(200) held
    # sinh(800) past float64: n = 1/2 held, its slope inf / inf
    C("group_speed", m_group, "unstable", k=0.4, h=1000.0),
    C("group_speed", m_group, "unstable", dtype=F32, k=0.05, h=1000.0),  # sinh(100) past float32
    C("energy_flux", m_flux, H=2.0, omega=W10, h=10.0),
    C("energy_flux", m_flux, dtype=F32, H=2.0, omega=W10, h=10.0),
    C("energy_flux", m_flux, H=2.0, omega=W10, h=3000.0),  # k h = 121: sinh(242) held
    C("energy_flux", m_flux, "unstable", H=2.0, omega=W10, h=20000.0),  # k h = 805: sinh(1610) past float64
    C("deep_water_power", m_power, H=2.0, T=10.0),
    C("deep_water_power", m_power, dtype=F32, H=2.0, T=10.0),
    C("deep_water_power", m_power, H=0.0, T=10.0),
    C("iribarren", m_iribarren, slope=0.05, H=1.5, T=8.0),
    C("iribarren", m_iribarren, dtype=F32, slope=0.05, H=1.5, T=8.0),
    # --- spectra
    C("pierson_moskowitz", m_pm, f=0.1, **PMP),
    C("pierson_moskowitz", m_pm, dtype=F32, f=0.1, **PMP),
    C("pierson_moskowitz", m_pm, f=0.005, **PMP),  # e^-81920: 0 held, every slope below the dtype
    C("pierson_moskowitz", m_pm, dtype=F32, f=0.02, **PMP),  # e^-320: 0 held in float32
    C("jonswap", m_jonswap, f=0.1, **JS),
    C("jonswap", m_jonswap, dtype=F32, f=0.1, **JS),
    C("jonswap", m_jonswap, f=0.07, **JS),  # below the peak: sigma = 0.07
    # f = fp: sigma's switch where (f - fp)^2 and its slopes vanish: C^1, the same slopes from both sides
    C("jonswap", m_jonswap, f=0.08, **JS),
    C("jonswap", m_jonswap, dtype=F32, f=0.08, **JS),
    C("jonswap", m_jonswap, f=0.1, Hs=2.0, fp=0.08, gamma=1.0),  # Pierson-Moskowitz: gamma's slope r S
    C("spectrum_hm0", m_hm0, **JS),
    C("spectrum_hm0", m_hm0, Hs=2.0, fp=0.1, gamma=3.3),  # a grid point near the peak
    # --- breaking
    C("breaking_energy", m_breaking, H=1.0, h=5.0),
    C("breaking_energy", m_breaking, dtype=F32, H=1.0, h=5.0),
    C("breaking_energy", m_breaking, H=3.0, h=2.0),  # broken: 0.78 h
    C("breaking_energy", m_breaking, "domain", H=0.78, h=1.0),  # H / h = 0.78: the cap's kink
    C("breaking_energy", m_breaking, "domain", dtype=F32, H=0.78, h=1.0),
    C("breaking_energy", m_breaking, "domain", H=1.56, h=2.0),
    # 3.9 / 5 held 4.4e-17 below 0.78, computed 0.78 (not above): the unbroken side either way
    C("breaking_energy", m_breaking, H=3.9, h=5.0),
    # float32: 3.9 / 5 held 4.8e-8 above 0.78, computed above: broken
    C("breaking_energy", m_breaking, dtype=F32, H=3.9, h=5.0),
    C("breaking_energy", m_breaking, dtype=F32, H=3.0, h=2.0),  # broken: h's slope uses float32's 0.78
    # float32's 2.34 is 3 times float32's 0.78 exactly: the held program's kink, but the written one (0.78 and 2.34
    # as doubles) is below its switch there: judged as written (README), the unbroken side's slopes, computed so: ok
    W("breaking_energy", m_breaking, dtype=F32, H=2.34, h=3.0),
    # again: 5 times float32's 0.78, typed as the double it is
    W("breaking_energy", m_breaking, dtype=F32, H=3.8999998569488525, h=5.0),
    # --- Stokes drift
    C("stokes_drift", m_stokes, z=-2.0, h=15.0, **SD),
    C("stokes_drift", m_stokes, dtype=F32, z=-2.0, h=15.0, **SD),
    C("stokes_drift", m_stokes, z=-15.0, h=15.0, **SD),  # at the bed
    # k h = 200: h's exact slope -1e-174 is the difference of two paths of 8.75e-4: computed -2e-19
    C("stokes_drift", m_stokes, "unstable", z=0.0, h=4000.0, **SD),
    C("stokes_drift", m_stokes, z=-10.0, h=60.0, **SD),
    # k h = 400: cosh(800) / sinh(400)^2 = inf / inf, the value (2 omega k a^2) lost
    C("stokes_drift", m_stokes, "unstable", z=0.0, h=8000.0, **SD),
    C("stokes_drift_deep", m_stokes_deep, z=-2.0, **SD),
    C("stokes_drift_deep", m_stokes_deep, z=-8000.0, **SD),  # e^-800: 0 held
    # --- tides
    C("tide_height", m_tide, t=3600.0, **TIDE),
    C("tide_height", m_tide, dtype=F32, t=3600.0, **TIDE),
    C("tide_height", m_tide, t=31536000.0, **TIDE),  # a year on: omega t = 4431 rad
    # float32: omega t = 4431 rounded to 2.4e-4 rad (and omega to 6e-8 relative): the value 1e-3 off
    C("tide_height", m_tide, "unstable", dtype=F32, t=31536000.0, **TIDE),
    C("tidal_amplitude", m_amp, a=0.3, b=0.4),
    C("tidal_amplitude", m_amp, dtype=F32, a=0.3, b=0.4),
    C("tidal_amplitude", m_amp, "domain", a=0.0, b=0.0),  # the cone's vertex
    C("tidal_phase", m_phase_angle, a=0.3, b=0.4),
    C("tidal_phase", m_phase_angle, a=0.0, b=1.0),
    C("tidal_phase", m_phase_angle, "domain", a=-1.0, b=0.0),  # the branch cut: b jumps 2 pi, a keeps 0
    C("tidal_phase", m_phase_angle, "domain", dtype=F32, a=-1.0, b=0.0),
    # --- seawater
    C("seawater_density", m_density, T=15.0, S=35.0),
    C("seawater_density", m_density, dtype=F32, T=15.0, S=35.0),
    C("seawater_density", m_density, T=-1.8, S=34.0),
    C("buoyancy_frequency", m_buoyancy, T_top=15.0, T_bot=10.0, S=35.0, dz=50.0),
    # float32: the densities near 1026 each to 6e-5: their difference 1.06 off 4e-5 relative, within float32's 1e-4
    C("buoyancy_frequency", m_buoyancy, dtype=F32, T_top=15.0, T_bot=10.0, S=35.0, dz=50.0),
    C("buoyancy_frequency", m_buoyancy, T_top=12.5, T_bot=12.0, S=35.0, dz=5.0),
    # float32: a difference of 0.1 kg m^-3 from two densities near 1026: 6e-4 relative
    C("buoyancy_frequency", m_buoyancy, "unstable", dtype=F32, T_top=12.5, T_bot=12.0, S=35.0, dz=5.0),
    C("buoyancy_frequency", m_buoyancy, "domain", T_top=5.0, T_bot=10.0, S=35.0, dz=50.0),  # an inversion: N^2 < 0
    # --- boundary layers, channels
    C("ekman_u", m_ekman, z=-10.0, D=20.0, V0=0.1),
    C("ekman_u", m_ekman, dtype=F32, z=-10.0, D=20.0, V0=0.1),
    C("ekman_u", m_ekman, z=0.0, D=20.0, V0=0.1),
    C("ekman_u", m_ekman, z=-10.0, D=0.001, V0=0.1),  # e^-10000: 0 held
    C("ekman_u", m_ekman, dtype=F32, z=-10.0, D=0.01, V0=0.1),  # e^-1000
    C("log_layer", m_log, z=1.0, **LL),
    C("log_layer", m_log, dtype=F32, z=1.0, **LL),
    C("log_layer", m_log, z=0.001, **LL),  # z = z0: 0
    C("log_layer_clamped", m_log_clamped, z=1.0, **LL),
    C("log_layer_clamped", m_log_clamped, z=0.0005, **LL),  # below z0: 0, every slope 0
    C("log_layer_clamped", m_log_clamped, "domain", z=0.001, **LL),  # at z0: the clamp's kink (ustar keeps 0)
    C("drag_coefficient", m_drag, z=1.0, z0=0.001),
    C("drag_coefficient", m_drag, dtype=F32, z=10.0, z0=0.001),
    C("manning_velocity", m_manning_v, R=2.0, S=0.001, n=0.03),
    C("manning_velocity", m_manning_v, dtype=F32, R=2.0, S=0.001, n=0.03),
    C("manning_velocity", m_manning_v, "domain", R=0.0, S=0.001, n=0.03),  # R^(2/3): +inf, nothing below; S, n 0
    C("manning_velocity", m_manning_v, "domain", dtype=F32, R=0.0, S=0.001, n=0.03),
    C("manning_velocity", m_manning_v, "domain", R=2.0, S=0.0, n=0.03),  # a flat bed: sqrt's vertex in S
    C("manning_discharge", m_manning_q, y=1.5, **MQ),
    C("manning_discharge", m_manning_q, dtype=F32, y=1.5, **MQ),
]

BY_HAND = [
    # the dispersion relation by implicit differentiation of the exact root
    H("wavenumber", _k_implicit("float64", W10, 10.0), "ok", omega=W10, h=10.0),
    H("wavenumber", _k_implicit(F32, W10, 10.0), "ok", dtype=F32, omega=W10, h=10.0),
    H("wavenumber", _k_implicit("float64", W10, 0.5), "ok", omega=W10, h=0.5),
    H("wavenumber", _k_implicit("float64", W10, 1000.0), "ok", omega=W10, h=1000.0),  # tanh(40): h's slope 1e-35
    H("wavenumber", _k_implicit("float64", W10, 1e-6), "ok", omega=W10, h=1e-6),  # k h = 2e-4: shallow
    H("wavenumber", _k_implicit("float64", 6.0, 50.0), "ok", omega=6.0, h=50.0),  # k h = 183: tanh = 1 held
    # h = 0: Hunt's sqrt(0) / 0, and no root (k -> inf)
    H("wavenumber", all_nan(omega=None, h=None), "domain", omega=W10, h=0.0),
    # omega = 0: Hunt's 0, then Newton's 0 / 0 (F = F_k = 0): the program has no value
    H("wavenumber", all_nan(omega=None, h=None), "domain", omega=0.0, h=10.0),
    # k = 0: tanh(0) / 0
    H("phase_speed", all_nan(k=None, h=None), "domain", k=0.0, h=10.0),
    H("group_speed", all_nan(k=None, h=None), "domain", k=0.0, h=10.0),
    # H = 0: tan(beta) / sqrt(0): a pole in H, inf slopes in slope and T
    H("iribarren", all_nan(slope=None, H=None, T=None), "domain", slope=0.05, H=0.0, T=8.0),
    # f = 0: f^-5 e^(-5/4 (fp / f)^4) is inf * 0, as README's 0 * log(0): no value there (for every Hs, fp, gamma)
    H("pierson_moskowitz", all_nan(f=None, Hs=None, fp=None), "domain", f=0.0, **PMP),
    H("jonswap", all_nan(f=None, Hs=None, fp=None, gamma=None), "domain", f=0.0, **JS),
    # a = b = 0: arctan2(0, 0): no limit
    H("tidal_phase", all_nan(a=None, b=None), "domain", a=0.0, b=0.0),
    # a well-mixed column: N^2 = 0 for every S and dz, T_top and T_bot at sqrt's vertex: S and dz keep 0
    H("buoyancy_frequency", lambda: {"T_top": NAN, "T_bot": NAN, "S": mpf(0), "dz": mpf(0)}, "wrong",
      T_top=12.0, T_bot=12.0, S=35.0, dz=50.0),
    # D = 0: z / 0 = -inf, cos(-inf): no value
    H("ekman_u", all_nan(z=None, D=None, V0=None), "domain", z=-10.0, D=0.0, V0=0.1),
    # z = 0: log(0); z0 keeps -u* / (kappa z0) (README's log(y / x) at x = 0)
    H("log_layer", lambda: {"z": NAN, "ustar": NAN, "z0": -mpf(0.05) / (mpf(KAPPA) * mpf(0.001))}, "domain",
      z=0.0, **LL),
    # z = z0: log 1 = 0, C_D = kappa^2 / 0: the pole
    H("drag_coefficient", all_nan(z=None, z0=None), "domain", z=0.001, z0=0.001),
    # a dry channel y = 0: Q ~ y^(5/3) on the right, R < 0 on the left; b, S and n keep 0 (Q = 0 for all of them),
    # b's computed NaN (A (2/3) R^(-1/3) dR/db = 0 * inf * 0): wrong
    H("manning_discharge", lambda: {"y": NAN, "b": mpf(0), "S": mpf(0), "n": mpf(0)}, "wrong", y=0.0, **MQ),
    # fresh water S = 0: S^1.5 at its base 0 has the slope of the side it is defined on (README), 0: S keeps A(T)
    H("seawater_density", _fresh("float64", 15.0), "ok", T=15.0, S=0.0),
    H("seawater_density", _fresh(F32, 4.0), "ok", dtype=F32, T=4.0, S=0.0),
]

ALL = MIRRORED + BY_HAND
