"""The ninety-fifth round (c) of user trials: meteorology and atmospheric science written with gradcli.numpy
(tests/trials/lib95c.py).

The formulas weather and climate code differentiates in data assimilation and parameter fitting: saturation vapour
pressure by Magnus (20 C in both dtypes, its pole t = -243.5 and beside it at -243.4, where exp(-43009) rounds to 0),
Tetens (ordinary in both dtypes, its pole 35.86 K), Goff-Gratch over water (300 K in both dtypes, the steam point, 0 K
and 1 mK) and over ice (250 K in both dtypes, the triple point), and the ice/water switch below, at (both dtypes) and
above the triple point; the dew point by inverting Magnus (both dtypes, RH = 100 %, 0 and 1e-300), the relative
humidity from the dew point (and at Td = T); the mixing ratio (both dtypes, at boiling e = p in both dtypes, one ulp
beside it) and the specific humidity at e = p; potential temperature (both dtypes, p = 0, 1e-200, 1e-300), virtual
temperature; the hypsometric thickness (p1 = p2 too) and its inverse, the layer temperature (dz / 0); the barometric
formula with a lapse rate (both dtypes, L = 0, L = 1e-12 and float32 1e-5, the polytropic top 1 - L h / T0 = 0) and
isothermal; wind speed (both dtypes, calm, u^2 underflowing) and direction atan2(-u, -v) mod 360 (both dtypes, from the
south across atan2's cut in both dtypes, from the north across the mod's jump, calm); the wind chill index (both dtypes,
its switches at v = 4.8 and t = 10, calm air in both dtypes) and the heat index (both dtypes); the logarithmic wind
profile (at z = z0, at z0 = 0), Businger-Dyer psi_m and psi_h (unstable, neutral z/L = 0, stable beyond 1/16, both
dtypes) with a safe spelling (neutral, 1e-8 beside it), and the Monin-Obukhov profile at 1/L = -0.02, 0.01, 0 (L ->
inf); the Clausius-Clapeyron slope (both dtypes, absolute zero) and its integrated form (300 K, 0 K, 1 K, float32 45 K);
Sundqvist's cloud fraction through a clip (ordinary, RH = 1, RH = RHc) and the linear one (RHc = 1 too); precipitation
as tau softplus((q - qc) / tau) by log(1 + exp) and by logaddexp (both dtypes, a sharp threshold, far below it); CO2
forcing 5.35 log(C / C0) (both dtypes, C = 0) and methane's with the CH4-N2O overlap (both dtypes, M = 0).

Tried: 32 functions, 109 cases through the CLI judged by tests/trials/judge.py (at most two gradcli processes at once:
a scratch driver runs the CLI in two threads and judges in the main one), and scratch probes by hand (F1's spellings in
a small file, --wrt). ALL keeps all 109 (63 ok, 24 domain, 11 unstable, 11 wrong; 83 float64, 26 float32). 107 agree
with gradcli in verdict and in every exact gradient entry (to 1e-10 relative); 2 are the finding F1. Every check took
1.2-5.2 s on the loaded machine (two at once); every truth under 0.6 s (all 109 in 4.7 s); the full run took 97-104 s
(three runs, of 130, 109 and 109 cases).

Truths are written here from the mathematics, never lib95c's code or gradcli: Magnus as a exp(b - b c / (t + c)), Tetens
likewise, Goff-Gratch in natural logarithms (10^y = e^(y ln 10), r^c for 10^(c log10 r)), the dew point as c / (b /
gamma - 1), the relative humidity as one exponential of b c (Td - T) / ((Td + c)(T + c)), theta by exp(kappa (log p0 -
log p)), the virtual temperature as T (eps + r) / (eps (1 + r)), the hypsometric log as log p1 - log p2, the barometric
formula as P0 exp(y log1p(-x)), wind speed by hypot and direction as 180 + the bearing atan2(u, v) (no mod), psi's
slopes from its definition psi'(zeta) = (1 - phi(zeta)) / zeta with Businger-Dyer's phi_m = (1 - 16 zeta)^(-1/4), phi_h
= (1 - 16 zeta)^(-1/2), 1 + 5 zeta (never the Paulson closed form), and psi's value for the Monin-Obukhov profile by
quadrature of that definition; softplus by x + log1p(e^-x); the overlap by log1p. Derivatives from the left and the
right by mpmath.diff at 2,000 digits (cases30b.sided_grad with finite_sides: NaN where the sides differ or one is
undefined or infinite); by hand the points with no value (poles, log(0), 0 K) and psi's. Constants as the program holds
them: Python's RD / RV, RD / CP, G M, LV / RV, 1 / 273.15 and log10(1013.246) computed as doubles and rounded to
float32 where they meet a float32 array.

What agreed (beyond the ordinary points, ok in both dtypes): Magnus and Tetens domain at their poles, ok beside Magnus'
(10^-18679 rounds to 0); Goff-Gratch ok at the steam and triple points and at 1 mK (10^-2.95e6 rounds to 0), domain at 0
K (inf - inf); the ice/water switch domain at 273.16 K in both dtypes (a jump of 0.0094 hPa); the dew point ok at RH =
100 % and 1e-300, domain at RH = 0 (-inf / inf: no value); the mixing ratio domain at e = p in both dtypes and ok an ulp
beside it (p - e exact), the specific humidity ok at e = p (q = 1); theta domain at p = 0 and at 1e-300 (its slope
-2.7e388 beyond float64); the thickness ok at p1 = p2, the layer temperature domain there; the barometric formula
unstable at L = 1e-12 (float32 1e-5); wind speed domain at calm, unstable where u^2 underflows (both dtypes); the
direction ok from the south in both dtypes (atan2's jump from -180 to 180 is mended by the mod), domain from the north
(u jumps 0 / 360, v keeps 0) and at calm; the wind chill domain at both switches (t keeps 1 at v = 4.8; v keeps the
index's slope at t = 10), wrong at calm in both dtypes (v ** 0.16's inf times where's 0); psi_m and psi_h domain at
neutral (-4 / -5, -8 / -5), wrong in the stable range beyond 1/16 (the unselected (1 - 16 zeta)^0.25 is NaN; both
dtypes), the safe spelling ok there; the Monin-Obukhov profile domain at 1/L = 0 (only 1/L kinks; z, z0, u* keep the
log's slopes); Clausius-Clapeyron domain at absolute zero, the integrated form ok at 1 K (exp(-5399) rounds to 0),
domain at 0 K, unstable in float32 at 45 K (exp(-100.6) subnormal); cloud fraction wrong at RH = 1 (rh kinks, rhc's
exact 0 made NaN) and domain at RH = RHc (the clip's kink in both); precipitation unstable at a sharp threshold
(exp(2000) overflows; float32 exp(100)) and far below it (the value 7e-223 computed 0), ok by logaddexp in float64;
methane's forcing wrong at M = 0 (m has sqrt's one-sided inf slope, but n0's exact slope, the overlap's at M0, comes
out NaN from (0 n0)^0.75's inf times 0).

Truths the round corrected in itself (against the first CLI batch of 130; each re-derived by hand before changing it):
- theta at p = 1e-300, first ok: theta = 6e88 holds, but its slope in p, -2.66e388, is beyond float64's range: domain,
  as README says of a derivative no float64 holds; and at p = 1e-200 (added), first ok: the slope -6.9e259 holds, but
  the divide rule's -upstream x / y^2 squares 1e-200 to 0 and gives -inf: unstable (at high precision the rule is
  right), as gradcli says;
- the barometric formula at L = 0, first all NaN (the 1^inf of no value): g M / 0 = inf and 1^inf = 1 in IEEE and at
  high precision (README: x/0 is infinite at high precision as in the dtype), so the program's value is 1013.25 where
  its neighbours tend to 848.17: a jump in L, but along h and t0 the base stays exactly 1: slopes 0, which the power
  rule's inf * 0 makes NaN: wrong, as gradcli says;
- the barometric formula at the polytropic top (base exactly 0, exponent 4.37), first all NaN (a negative base beyond):
  the house settles a power at a zero base by its one-sided slope (48c's G3): every slope 0, ok, as gradcli says;
- psi_m_safe at zeta = -1e-8, first ok: the Paulson form's O(1) terms (pi/2 - 2 arctan x, ...) cancel to the value 4e-8,
  8 digits lost (its slope -4 holds): unstable, as README judges a lost value;
- the linear cloud fraction at RHc = 1, first all NaN: (rh - 1) / 0 = -inf clips to 0 for every rh < 1, so rh's slope
  is 0 (the clip's 0 times the division's inf makes it NaN): wrong, as gradcli says; only RHc jumps (0 below, 1 above);
- precipitation by logaddexp in float32 at tau = 2e-5, first ok: tau's exact slope 101 e^-100 = 3.8e-42 (a float32
  subnormal holds it) comes out 0 from softplus(x) - x sigmoid(x) = 100 - 100: lost, unstable, as gradcli says;
- methane's forcing in float32, first with the exponent 1.52 as the double: the literal meets a float32 array and is
  rounded (2.4e-8 off), which moves the slopes by 1e-9 relative.

Findings:
F1 (mended in its exact entries; its verdict declined by the house's doctrine). At the pole of log(a / b) (a = 0 or b = 0), the input that does not move the pole gets an exact slope that
  depends on how the quotient is spelled and on --wrt, and where it is kept and the program's chain rule makes it NaN
  the point is still domain. Minimal, in a file `import gradcli.numpy as np; def f(x, y): return np.log(x / y); def
  g(x, y): return np.log(x) - np.log(y); def h(x, y): return np.log(y / x)`, `gradcli check file.py:F --at x=0.0,y=2.0
  --dtype float64 --json`:
    f: status domain, exact y -0.5, computed y NaN (x inf);
    f --wrt y: status domain, exact y 0.0, with the finding "the gradient rule gives {y: nan} even at high precision,
      where the exact derivative is {y: 0} ... so the rule is wrong here";
    g (and g --wrt y): domain, exact y -0.5, computed -0.5;
    h (and h --wrt y): domain, exact y NaN, computed NaN.
  In lib95c: co2_forcing(0, 280) = 5.35 log(0 / 280) gives exact c0 -0.0191071 (-5.35 / 280), computed NaN, domain
  (0.0 with --wrt c0); log_wind(10, 0, 0.3) = u* / kappa log(z / 0) gives exact z NaN where u* / (kappa z) = 0.075.
  Sure because: log(a / b) = log a - log b for a, b > 0, so near the pole every partial of the one input is the same as
  in g's spelling (-1 / y; 1 / y for h = -f), independent of the other input: README's doctrine of poles keeps the
  slopes of inputs that do not move the pole (sum(log(t)) at t = [0, 1] keeps t[1]'s), and gradcli keeps -0.5 for g,
  and for f itself in the full run; the same function and point cannot have y's slope -0.5, 0 and (for -f) NaN. Where
  the slope is kept (-0.5) and the program's rule gives NaN at any precision ((1 / (x / y)) times -x / y^2 = inf * -0),
  README says the other inputs are still judged and the point takes their verdict ("as --wrt y alone says"), and
  gradcli's own --wrt finding calls that rule wrong: the verdict should be wrong, not domain. The truths here: c0 keeps
  -5.35 / c0 and z keeps u* / (kappa z), both wrong.
  Mended: a division's answer at its pole keeps its quotient beside the point for a log that reads it
  (`arb_proof._quotient_beside_its_pole`), and --wrt proves the slopes beside a pole on the whole function: f, f --wrt
  y, h, co2_forcing and log_wind keep -0.5, -0.5, 0.5, -5.35 / 280 and 0.075 with and without --wrt. Declined: the
  verdict. The README's "still judged" example has a finite value (1 / (y log1p(-x)) at x = 1 is -0); where the exact
  value itself is infinite the point is `domain` (the exact value is undefined or infinite there), as the house's
  tests of poles with kept slopes hold (sum(log(t)) at t = [0, 1]); these two cases are domain, their kept slopes
  reported.
"""

import mpmath
import numpy
from mpmath import mpf

from cases import Case
from cases5 import hp
from cases30b import sided_grad

L = "lib95c.py"
NAN = mpmath.nan
exp, log, sqrt, pi = mpmath.exp, mpmath.log, mpmath.sqrt, mpmath.pi


def _txt(v):
    if isinstance(v, list):
        return "[" + ",".join(_txt(a) for a in v) + "]"
    return repr(float(v))


def K(dtype, value):
    """A Python float constant of the program as it meets an array of the dtype (float32 rounds it)."""
    return mpf(float(numpy.float32(value))) if dtype == "float32" else mpf(float(value))


def held(dtype, value):
    return K(dtype, value)


# the program's constants as Python computes them (module level, before any array meets them)
RD, RV, CP, G, LV = 287.04, 461.5, 1004.0, 9.80665, 2.501e6
EPS_PY = RD / RV
KAPPA_PY = RD / CP


# --- the mathematics, in mpmath (never lib95c's code path) ------------------------------------------------------------

def m_magnus(dt="float64"):
    a, b, c = K(dt, 6.112), K(dt, 17.67), K(dt, 243.5)
    return lambda t: a * exp(b - b * c / (t + c))  # b t / (t + c) = b - b c / (t + c)


def m_tetens(dt="float64"):
    a, b, t0, t1 = K(dt, 0.61078), K(dt, 17.27), K(dt, 273.15), K(dt, 35.86)
    return lambda tk: a * exp(b * (1 - (t0 - t1) / (tk - t1))) if tk != t1 else NAN


def m_goff_gratch(dt="float64"):
    """Goff-Gratch over water in natural logarithms (log10 y = ln y / ln 10), the ratio r = Ts / T."""
    ts = K(dt, 373.15)
    c1, c2, c3, c4, c5, c6 = (K(dt, v) for v in (-7.90298, 5.02808, -1.3816e-7, 11.344, 8.1328e-3, -3.49149))
    c7 = K(dt, numpy.log10(1013.246))

    def f(tk):
        if tk <= 0:
            return NAN
        r = ts / tk
        ln10 = log(10)
        lg = (c1 * (r - 1) + c2 * log(r) / ln10 + c3 * (exp(ln10 * c4 * (1 - tk / ts)) - 1)
              + c5 * (exp(ln10 * c6 * (r - 1)) - 1) + c7)
        return exp(ln10 * lg)
    return f


def m_goff_gratch_ice(dt="float64"):
    t0 = K(dt, 273.16)
    c1, c2, c3, c4 = (K(dt, v) for v in (-9.09718, -3.56654, 0.876793, numpy.log10(6.1071)))

    def f(tk):
        if tk <= 0:
            return NAN
        r = t0 / tk
        return exp(log(10) * (c1 * (r - 1) + c4 + c3 * (1 - tk / t0)) + c2 * log(r))  # 10^(c2 log10 r) = r^c2
    return f


def m_water_ice(dt="float64"):
    ice, water = m_goff_gratch_ice(dt), m_goff_gratch(dt)
    t0 = K(dt, 273.16)
    return lambda tk: ice(tk) if tk < t0 else water(tk)


def m_dew_point(dt="float64"):
    """Td = c g / (b - g), g = ln(RH / 100) + b T / (T + c), written as c / (b / g - 1)."""
    b, c, h = K(dt, 17.67), K(dt, 243.5), K(dt, 100.0)

    def f(t, rh):
        if rh <= 0:
            return NAN
        gam = log(rh) - log(h) + b * t / (t + c)
        return c / (b / gam - 1) if gam != 0 else mpf(0)
    return f


def m_relative_humidity(dt="float64"):
    b, c = K(dt, 17.67), K(dt, 243.5)
    return lambda t, td: 100 * exp(b * c * (td - t) / ((td + c) * (t + c)))


def m_mixing_ratio(dt="float64"):
    eps = K(dt, EPS_PY)
    return lambda e, p: eps * e / (p - e) if p != e else NAN


def m_specific_humidity(dt="float64"):
    eps, one_m = K(dt, EPS_PY), K(dt, 1.0 - EPS_PY)
    return lambda e, p: eps * e / (p - one_m * e)


def m_theta(dt="float64"):
    p0, k = K(dt, 1000.0), K(dt, KAPPA_PY)
    return lambda t, p: t * exp(k * (log(p0) - log(p))) if p > 0 else NAN


def m_virtual(dt="float64"):
    eps = K(dt, EPS_PY)
    return lambda t, r: t * (eps + r) / (eps * (1 + r))


def m_thickness(dt="float64"):
    rd, g = K(dt, RD), K(dt, G)
    return lambda tv, p1, p2: rd * tv / g * (log(p1) - log(p2))


def m_layer_temperature(dt="float64"):
    rd, g = K(dt, RD), K(dt, G)
    return lambda dz, p1, p2: g * dz / (rd * (log(p1) - log(p2)))


GM, RGAS = 0.0289644, 8.3144598


def m_barometric(dt="float64"):
    """P0 exp(y log1p(-x)), y = (g M) / (R L), x = L h / T0; the isothermal limit at L = 0 is left undefined."""
    gm, r, p = K(dt, G * GM), K(dt, RGAS), K(dt, 1013.25)

    def f(h, lapse, t0):
        x = lapse * h / t0
        if lapse == 0 or x >= 1:
            return NAN
        return p * exp(gm / (r * lapse) * mpmath.log1p(-x))
    return f


def m_isothermal(dt="float64"):
    gm, r, p = K(dt, G * GM), K(dt, RGAS), K(dt, 1013.25)
    return lambda h, t0: p * exp(-gm * h / (r * t0))


def m_speed(u, v):
    return mpmath.hypot(u, v)


def m_direction(u, v):
    """The direction the wind comes from: 180 degrees plus the bearing of (u, v) clockwise from north."""
    return 180 + mpmath.atan2(u, v) * 180 / pi


def m_wind_chill(dt="float64"):
    a, b, c, d, e = (K(dt, v) for v in (13.12, 0.6215, 11.37, 0.3965, 0.16))
    ten, v0 = K(dt, 10.0), K(dt, 4.8)

    def f(t, v):
        if t <= ten and v > v0:
            vp = exp(e * log(v))
            return a + b * t - c * vp + d * t * vp
        return t
    return f


def m_heat_index(dt="float64"):
    cs = [K(dt, v) for v in (-42.379, 2.04901523, 10.14333127, -0.22475541, -6.83783e-3, -5.481717e-2, 1.22874e-3,
                             8.5282e-4, -1.99e-6)]
    c61, c68, c12, c094, c80 = (K(dt, v) for v in (61.0, 68.0, 1.2, 0.094, 80.0))

    def f(t, rh):
        simple = (t + c61 + (t - c68) * c12 + rh * c094) / 2
        if (simple + t) / 2 < c80:
            return simple
        mono = [1, t, rh, t * rh, t * t, rh * rh, t * t * rh, t * rh * rh, t * t * rh * rh]
        return sum(c * m for c, m in zip(cs, mono))
    return f


def m_log_wind(dt="float64"):
    k = K(dt, 0.4)
    return lambda z, z0, ustar: ustar * (log(z) - log(z0)) / k


def phi_m(zeta):
    return (1 - 16 * zeta) ** (-mpf(1) / 4) if zeta < 0 else 1 + 5 * zeta


def phi_h(zeta):
    return (1 - 16 * zeta) ** (-mpf(1) / 2) if zeta < 0 else 1 + 5 * zeta


def psi_slope(phi, zeta):
    """psi'(zeta) = (1 - phi(zeta)) / zeta: the definition psi(zeta) = int_0^zeta (1 - phi) / t dt."""
    return (1 - phi(zeta)) / zeta


def H_psi(function, phi, zeta, verdict="ok", dtype="float64"):
    def truth():
        z = held(dtype, zeta)
        if z == 0:  # the slopes from the left (-4, -8) and the right (-5) differ
            return {"zeta": NAN}
        return {"zeta": psi_slope(phi, z)}
    return Case(L, function, f"zeta={_txt(zeta)}", dtype, verdict, truth)


def psi_value(zeta):
    if zeta >= 0:
        return -5 * zeta
    with mpmath.workdps(mpmath.mp.dps + 10):
        return mpmath.quad(lambda t: (1 - phi_m(t)) / t, [zeta, 0]) * -1


def H_mo_wind(z, z0, ustar, inv_l, verdict="ok"):
    """u = u* / k (ln(z / z0) - psi(z / L) + psi(z0 / L)), psi from its definition by quadrature; its slopes by hand."""
    def truth():
        zz, zr, us, il, k = mpf(z), mpf(z0), mpf(ustar), mpf(inv_l), mpf(0.4)
        if il == 0:
            return {"z": us / (k * zz), "z0": -us / (k * zr), "ustar": log(zz / zr) / k, "inv_l": NAN}
        ps = lambda zeta: psi_slope(phi_m, zeta)  # noqa: E731
        return {"z": us / k * (1 / zz - ps(zz * il) * il), "z0": us / k * (-1 / zr + ps(zr * il) * il),
                "ustar": (log(zz / zr) - psi_value(zz * il) + psi_value(zr * il)) / k,
                "inv_l": us / k * (-ps(zz * il) * zz + ps(zr * il) * zr)}
    at = f"z={_txt(z)},z0={_txt(z0)},ustar={_txt(ustar)},inv_l={_txt(inv_l)}"
    return Case(L, "mo_wind", at, "float64", verdict, truth)


def m_cc_slope(dt="float64"):
    e = m_magnus(dt)
    lv, rv, t0 = K(dt, LV), K(dt, RV), K(dt, 273.15)
    return lambda t: lv * e(t) / (rv * (t + t0) ** 2) if t + t0 != 0 else NAN


def m_cc_integrated(dt="float64"):
    a, b, c = K(dt, 6.11), K(dt, LV / RV), K(dt, 1.0 / 273.15)
    return lambda tk: a * exp(b * (c - 1 / tk)) if tk > 0 else NAN


def m_cloud(dt="float64"):
    def f(rh, rhc):
        s = min(max((1 - rh) / (1 - rhc), mpf(0)), mpf(1))
        return 1 - sqrt(s)
    return f


def m_cloud_linear(rh, rhc):
    if rhc == 1:
        return NAN
    return min(max((rh - rhc) / (1 - rhc), mpf(0)), mpf(1))


def m_precip(q, qc, tau):
    x = (q - qc) / tau
    return tau * (x + mpmath.log1p(exp(-x)) if x > 0 else mpmath.log1p(exp(x)))


def m_co2(dt="float64"):
    a = K(dt, 5.35)
    return lambda c, c0: a * (log(c) - log(c0)) if c > 0 and c0 > 0 else NAN


def m_ch4(dt="float64"):
    a, b, c, d, e = (K(dt, v) for v in (0.036, 0.47, 2.01e-5, 5.31e-15, 1.52))  # the exponent 1.52 too

    def overlap(m, n):
        mn = m * n
        if mn == 0:
            return mpf(0)
        return b * mpmath.log1p(c * mn ** mpf(0.75) + d * m * mn ** e)

    def f(m, m0, n0):
        if m < 0 or m0 < 0 or n0 < 0:
            return NAN
        return a * (sqrt(m) - sqrt(m0)) - (overlap(m, n0) - overlap(m0, n0))
    return f


# --- cases ------------------------------------------------------------------------------------------------------------

def _at(pt):
    return ",".join(f"{k}={_txt(v)}" for k, v in pt.items())


def C(function, mirror, verdict="ok", dtype="float64", **pt):
    """A case whose truth is the one- and two-sided derivative of ``mirror`` at the point as ``dtype`` holds it (NaN
    where a side is undefined or infinite)."""
    return Case(L, function, _at(pt), dtype, verdict, sided_grad(mirror, dtype, finite_sides=True, **pt))


def H(function, truth, verdict="ok", dtype="float64", **pt):
    """A case whose truth is written by hand."""
    return Case(L, function, _at(pt), dtype, verdict, hp(truth))


def all_nan(**pt):
    return lambda: {k: ([NAN] * len(v) if isinstance(v, list) else NAN) for k, v in pt.items()}


F32 = "float32"

ALL = [
    # --- saturation vapour pressure
    C("svp_magnus", m_magnus(), t=20.0),
    C("svp_magnus", m_magnus(F32), dtype=F32, t=20.0),
    # t + 243.5 = 0: exp(-inf) = 0 from the right, +inf from the left: a pole
    H("svp_magnus", all_nan(t=0), "domain", t=-243.5),
    # beside it the value exp(-43009) = 10^-18679 and its slope round to 0: no error
    C("svp_magnus", m_magnus(), t=-243.4),
    C("svp_tetens", m_tetens(), tk=293.15),
    C("svp_tetens", m_tetens(F32), dtype=F32, tk=293.15),
    H("svp_tetens", all_nan(tk=0), "domain", tk=35.86),
    C("svp_goff_gratch", m_goff_gratch(), tk=300.0),
    C("svp_goff_gratch", m_goff_gratch(F32), dtype=F32, tk=300.0),
    C("svp_goff_gratch", m_goff_gratch(), tk=373.15),  # the steam point: log10(1) = 0, e = 1013.246
    # T = 0 K: Ts / 0 = inf, -inf + inf in the exponent: no value
    H("svp_goff_gratch", all_nan(tk=0), "domain", tk=0.0),
    # T = 1 mK: e = 10^-2.95e6 and its slope round to 0
    C("svp_goff_gratch", m_goff_gratch(), tk=1e-3),
    C("svp_goff_gratch_ice", m_goff_gratch_ice(), tk=250.0),
    C("svp_goff_gratch_ice", m_goff_gratch_ice(F32), dtype=F32, tk=250.0),
    C("svp_goff_gratch_ice", m_goff_gratch_ice(), tk=273.16),  # the triple point: r = 1
    C("svp_water_ice", m_water_ice(), tk=260.0),
    # the switch at the triple point: 6.1071 over ice, 6.1165 over water: a jump
    C("svp_water_ice", m_water_ice(), "domain", tk=273.16),
    C("svp_water_ice", m_water_ice(F32), "domain", dtype=F32, tk=273.16),
    # --- dew point and humidity
    C("dew_point", m_dew_point(), t=20.0, rh=60.0),
    C("dew_point", m_dew_point(F32), dtype=F32, t=20.0, rh=60.0),
    C("dew_point", m_dew_point(), t=20.0, rh=100.0),  # saturation: Td = T, smooth
    # rh = 0: log(0) = -inf, -inf / inf: no value whatever t does
    H("dew_point", all_nan(t=0, rh=0), "domain", t=20.0, rh=0.0),
    C("dew_point", m_dew_point(), t=20.0, rh=1e-300),
    C("relative_humidity", m_relative_humidity(), t=25.0, td=15.0),
    C("relative_humidity", m_relative_humidity(), t=25.0, td=25.0),
    C("mixing_ratio", m_mixing_ratio(), e=20.0, p=1000.0),
    C("mixing_ratio", m_mixing_ratio(F32), dtype=F32, e=20.0, p=1000.0),
    # boiling, e = p: a pole both inputs move
    H("mixing_ratio", all_nan(e=0, p=0), "domain", e=1013.25, p=1013.25),
    H("mixing_ratio", all_nan(e=0, p=0), "domain", dtype=F32, e=1013.25, p=1013.25),
    # beside it p - e is exact (Sterbenz): the slopes of 6e31 are computed right
    C("mixing_ratio", m_mixing_ratio(), e=1013.25, p=1013.2500000000001),
    C("specific_humidity", m_specific_humidity(), e=1000.0, p=1000.0),  # q = 1 at e = p: no pole
    # --- potential and virtual temperature, the hypsometric equation
    C("potential_temperature", m_theta(), t=280.0, p=850.0),
    C("potential_temperature", m_theta(F32), dtype=F32, t=280.0, p=850.0),
    # p = 1e-300: theta = 6e88 holds, but its slope in p, -2.7e388, is beyond float64's range
    C("potential_temperature", m_theta(), "domain", t=220.0, p=1e-300),
    # p = 1e-200: the slope -6.9e259 holds, but divide's rule -upstream x / y^2 squares 1e-200 to 0: -inf
    C("potential_temperature", m_theta(), "unstable", t=220.0, p=1e-200),
    # p = 0: (1000 / 0)^k = inf: no finite value, t's slope inf too
    H("potential_temperature", all_nan(t=0, p=0), "domain", t=280.0, p=0.0),
    C("virtual_temperature", m_virtual(), t=300.0, r=0.015),
    C("thickness", m_thickness(), tv=260.0, p1=1000.0, p2=500.0),
    C("thickness", m_thickness(), tv=260.0, p1=850.0, p2=850.0),  # a layer of no depth: log(1) = 0, smooth
    C("layer_temperature", m_layer_temperature(), dz=5500.0, p1=1000.0, p2=500.0),
    H("layer_temperature", all_nan(dz=0, p1=0, p2=0), "domain", dz=100.0, p1=850.0, p2=850.0),  # dz / 0
    # --- the barometric formula
    C("barometric", m_barometric(), h=1500.0, lapse=0.0065, t0=288.15),
    C("barometric", m_barometric(F32), dtype=F32, h=1500.0, lapse=0.0065, t0=288.15),
    # L = 0: the exponent g M / 0 = inf and 1^inf = 1 (IEEE, at any precision): 1013.25 where the neighbours tend to
    # 848.17 (exp(-g M h / (R T0))), a jump in L; along h and t0 the base stays 1 exactly: slopes 0, which the power
    # rule's inf * 0 makes NaN
    H("barometric", lambda: {"h": mpf(0), "lapse": NAN, "t0": mpf(0)}, "wrong", h=1500.0, lapse=0.0, t0=288.15),
    # L = 1e-12: 1 - 5e-12 keeps 5 of 16 digits, raised to 3.4e10: unstable (exp(y log1p(-x)) holds it)
    C("barometric", m_barometric(), "unstable", h=1500.0, lapse=1e-12, t0=288.15),
    C("barometric", m_barometric(F32), "unstable", dtype=F32, h=1500.0, lapse=1e-5, t0=288.15),
    # the top of the polytropic atmosphere, 1 - L h / T0 = 0 exactly: beyond it a negative base; a power at a zero base
    # is settled by its one-sided slope (the exponent 4.37 > 1: every slope 0), as the house does (48c's G3)
    H("barometric", lambda: {"h": mpf(0), "lapse": mpf(0), "t0": mpf(0)}, "ok", h=32768.0, lapse=0.0078125, t0=256.0),
    C("barometric_isothermal", m_isothermal(), h=1500.0, t0=288.15),
    # --- wind
    C("wind_speed", m_speed, u=3.0, v=4.0),
    C("wind_speed", m_speed, dtype=F32, u=3.0, v=4.0),
    H("wind_speed", all_nan(u=0, v=0), "domain", u=0.0, v=0.0),  # calm: a cone
    # u^2 = 1e-400 underflows: sqrt'(0) where the speed is 1e-200, slopes 1 and 0
    C("wind_speed", m_speed, "unstable", u=1e-200, v=0.0),
    C("wind_speed", m_speed, "unstable", dtype=F32, u=1e-25, v=0.0),
    C("wind_direction", m_direction, u=3.0, v=4.0),
    C("wind_direction", m_direction, dtype=F32, u=3.0, v=4.0),
    # from the south: atan2(-0, -5) = -pi, -180 mod 360 = 180: the branch cut of atan2 mended by the mod
    C("wind_direction", m_direction, u=0.0, v=5.0),
    C("wind_direction", m_direction, dtype=F32, u=0.0, v=5.0),
    # from the north: 0 / 360, the mod's jump in u; v keeps 0
    C("wind_direction", m_direction, "domain", u=0.0, v=-5.0),
    H("wind_direction", all_nan(u=0, v=0), "domain", u=0.0, v=0.0),  # calm: no direction
    C("wind_chill", m_wind_chill(), t=-10.0, v=20.0),
    C("wind_chill", m_wind_chill(F32), dtype=F32, t=-10.0, v=20.0),
    # v = 4.8: the index switches on with a jump of 3 degrees; t keeps 1
    C("wind_chill", m_wind_chill(), "domain", t=-10.0, v=4.8),
    # t = 10: the index (7.4) switches off to 10: a jump in t; v keeps the index's slope
    C("wind_chill", m_wind_chill(), "domain", t=10.0, v=20.0),
    # calm: the air temperature (slopes 1, 0), but v ** 0.16's inf slope at 0 meets where's 0: NaN
    C("wind_chill", m_wind_chill(), "wrong", t=-10.0, v=0.0),
    C("wind_chill", m_wind_chill(F32), "wrong", dtype=F32, t=-10.0, v=0.0),
    C("heat_index", m_heat_index(), t=95.0, rh=60.0),
    C("heat_index", m_heat_index(F32), dtype=F32, t=95.0, rh=60.0),
    C("log_wind", m_log_wind(), z=10.0, z0=0.1, ustar=0.3),
    C("log_wind", m_log_wind(), z=0.1, z0=0.1, ustar=0.3),  # at the roughness length: u = 0, smooth
    # z0 = 0: log(z / 0) = inf; z0 and u* have no finite slope, z keeps u* / (kappa z) (log z - log z0), which the
    # chain rule's 1 / inf times 1 / 0 makes NaN; the value infinite: domain (F1's verdict declined)
    H("log_wind", lambda: {"z": mpf(0.3) / (mpf(0.4) * 10), "z0": NAN, "ustar": NAN}, "domain",
      z=10.0, z0=0.0, ustar=0.3),
    # --- Monin-Obukhov
    H_psi("psi_m", phi_m, -0.5),
    H_psi("psi_m", phi_m, 0.0, "domain"),  # -4 from the unstable side, -5 from the stable
    # stable beyond 1/16: (1 - 16 zeta)^0.25 is NaN in the branch where does not take: slope -5, NaN leaks
    H_psi("psi_m", phi_m, 0.3, "wrong"),
    H_psi("psi_m", phi_m, 0.3, "wrong", dtype=F32),
    H_psi("psi_m_safe", phi_m, 0.3),
    H_psi("psi_m_safe", phi_m, 0.0, "domain"),
    # beside neutral: the Paulson form's O(1) terms cancel to a value of 4e-8 (8 digits lost); its slope -4 holds
    H_psi("psi_m_safe", phi_m, -1e-8, "unstable"),
    H_psi("psi_h", phi_h, -1.0),
    H_psi("psi_h", phi_h, 0.0, "domain"),  # -8 and -5
    H_psi("psi_h", phi_h, 0.3, "wrong"),
    H_mo_wind(10.0, 0.1, 0.3, -0.02),
    H_mo_wind(10.0, 0.1, 0.3, 0.01),
    H_mo_wind(10.0, 0.1, 0.3, 0.0, "domain"),  # neutral: the kink of psi at 0 in 1/L; z, z0, u* keep the log's
    # --- Clausius-Clapeyron
    C("cc_slope", m_cc_slope(), t=20.0),
    C("cc_slope", m_cc_slope(F32), dtype=F32, t=20.0),
    H("cc_slope", all_nan(t=0), "domain", t=-273.15),  # absolute zero: 1 / 0
    C("cc_integrated", m_cc_integrated(), tk=300.0),
    H("cc_integrated", all_nan(tk=0), "domain", tk=0.0),
    C("cc_integrated", m_cc_integrated(), tk=1.0),  # exp(-5399) and its slope round to 0
    # float32 at 45 K: exp(-100.6) = 2e-44 is subnormal (4 bits): value and slope lost
    C("cc_integrated", m_cc_integrated(F32), "unstable", dtype=F32, tk=45.0),
    # --- clouds and precipitation
    C("cloud_fraction", m_cloud(), rh=0.9, rhc=0.8),
    # saturation: sqrt'(0) = inf from below, 0 above: a kink in rh; rhc's exact slope 0 ((1 - rh) = 0) made NaN
    C("cloud_fraction", m_cloud(), "wrong", rh=1.0, rhc=0.8),
    C("cloud_fraction", m_cloud(), "domain", rh=0.8, rhc=0.8),  # the clip at 1: a kink in both
    C("cloud_fraction_linear", m_cloud_linear, rh=0.9, rhc=0.7),
    C("cloud_fraction_linear", m_cloud_linear, "domain", rh=0.7, rhc=0.7),
    # rhc = 1: (rh - 1) / 0 = -inf, clipped to 0 for every rh < 1 (slope 0), a jump in rhc (0 below, 1 above);
    # the clip's 0 times the division's inf is NaN for rh
    H("cloud_fraction_linear", lambda: {"rh": mpf(0), "rhc": NAN}, "wrong", rh=0.9, rhc=1.0),
    C("precip_rate", m_precip, q=0.012, qc=0.01, tau=0.001),
    C("precip_rate", m_precip, dtype=F32, q=0.012, qc=0.01, tau=0.001),
    # a sharp threshold: exp(2000) overflows where the value is q - qc
    C("precip_rate", m_precip, "unstable", q=0.012, qc=0.01, tau=1e-6),
    C("precip_rate", m_precip, "unstable", dtype=F32, q=0.012, qc=0.01, tau=2e-5),
    # far below: log(1 + 7e-218) = 0 for a value of 7e-223, tau's slope off by 1/500
    C("precip_rate", m_precip, "unstable", q=0.005, qc=0.01, tau=1e-5),
    C("precip_rate_stable", m_precip, q=0.012, qc=0.01, tau=1e-6),
    # float32: tau's slope log1p(e^-x) + x e^-x / (1 + e^-x) - ... = 101 e^-100 = 3.8e-42 (a subnormal float32 holds)
    # comes out 0 from softplus(x) - x sigmoid(x), 100 - 100: lost
    C("precip_rate_stable", m_precip, "unstable", dtype=F32, q=0.012, qc=0.01, tau=2e-5),
    # --- radiative forcing
    C("co2_forcing", m_co2(), c=560.0, c0=280.0),
    C("co2_forcing", m_co2(F32), dtype=F32, c=560.0, c0=280.0),
    # c = 0: log(0 / c0) = -inf; c0 keeps -5.35 / c0 (log c - log c0), the chain rule's 1 / 0 times -0 NaN; the
    # value infinite: domain (F1's verdict declined)
    H("co2_forcing", lambda: {"c": NAN, "c0": mpf(-5.35) / 280}, "domain", c=0.0, c0=280.0),
    C("ch4_forcing", m_ch4(), m=1800.0, m0=700.0, n0=270.0),
    C("ch4_forcing", m_ch4(F32), dtype=F32, m=1800.0, m0=700.0, n0=270.0),
    # m = 0: sqrt's inf slope (one-sided: domain); n0's slope is the overlap's at m0, but (0 * n0)^0.75 has slope
    # 0.75 (m n0)^-0.25 m = inf * 0: NaN
    C("ch4_forcing", m_ch4(), "wrong", m=0.0, m0=700.0, n0=270.0),
]
