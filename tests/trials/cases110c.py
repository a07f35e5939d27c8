"""The hundred-and-tenth round (c) of user trials: cosmology and astrophysics written with gradcli.numpy
(tests/trials/lib110c.py).

The formulas cosmologists and astrophysicists differentiate when fitting: the Planck function B_nu(T) = 2 h nu^3 / c^2 /
(exp(h nu / k T) - 1) in SI as the textbook writes it (the CMB's peak 160 GHz in both dtypes, the Rayleigh-Jeans limit
nu = 1 kHz and float32 1 MHz, nu = 0: 0 / 0, float32 optical nu = 1e15 Hz where nu^3 overflows), with the prefactor
folded into A = 2 h / c^2 = 1.47e-50 and expm1 (float32 holds A as 0), in GHz and MJy/sr (ordinary; float32 x = 1.8e-5;
the Wien tail x = 100 in both dtypes and x = 800 in float64), by expm1 (float32 tail, nu = 0), by scipy's exprel (nu = 0
in both dtypes), a Rayleigh-Jeans where below x = 1e-3 (nu = 0: its idle Planck branch 0 / 0) and a Wien where above x =
50 (float32 x = 100: the idle Planck branch's exp overflows), log B (ordinary in both dtypes, log(expm1(800)), float32 x
= 100, nu = 0: -inf + inf), log B by x + log(-expm1(-x)) in the tails, and with SI's log A = -114.7; the curvature
function S_k chosen by a where on Ok (Ok = 0 exactly in both dtypes, Ok = 1e-300, +-0.1), its two-branch form (Ok = 0:
sin(0) / 0 taken), and a safe form with the series chi + Ok chi^3 / 6 + Ok^2 chi^5 / 120 below |Ok| = 1e-6 (0 in both
dtypes, 1e-300, -0.1, and |Ok| = 1e-6 exactly: a jump of 1.5e-24); the comoving distance by a 33-node trapezoid over
E(z) (z = 1, z = 0; flat in float32), the transverse and luminosity distances through S_k (Ok = 1 - 0.3 - 0.7, which
rounds to 0; 0.25 + 0.75, exactly 0; open, closed, Ok = 1e-10), the angular-diameter distance at z = 0, the distance
modulus 5 log10(d_L / 10 pc) (z = 0.5, z = 0) and its low-redshift form (z = 0.05, z = 0); CPL dark energy w(a), rho_DE
~ a^(-3 (1 + w0 + wa)) exp(-3 wa (1 - a)) (ordinary, a = 0 with w0 = -1, wa = 0: 0^0, and with w0 = -0.9: 0^-0.9), E(z)
in flat CPL (both dtypes, LCDM's exponent 0) and rho_DE in z; magnitudes -2.5 log10(F) (F = 1e-3, F = 0, a float32
subnormal flux 1e-40 and float64 1e-320: slopes past the dtype), floored at max(F, 1e-30) (F = 0, at the floor in both
dtypes), Lupton's asinh magnitudes at F = 0 (both dtypes), an AB magnitude from L and d in metres (float32: d^2 = 9.5e50
overflows); the Schechter function (ordinary, L = 0 with alpha = -1.25 and alpha = 0), its log (L = 0), in magnitudes
(ordinary in float32, M = -30: exp(-3981) = 0) and the log of that (M = -30); the relativistic Doppler redshift sqrt((1
+ b) / (1 - b)) - 1 (b = 1, -1, 1e-10 and float32 1e-5, one double below 1 and float32 0.9999999), as expm1(atanh(b))
(1e-10, float32 1e-5, b = 1), from km/s (v = c exactly in both dtypes); the Eddington luminosity (float32); Kepler's v =
sqrt(G M / r) (float32; r = 0), a Plummer-softened rotation curve under one sqrt and with r outside it (r = 0); the
Einstein radius (float32; the source at the lens, D_ls = 0); the NFW density (r = 0), its enclosed-mass function log(1 +
x) - x / (1 + x) (x = 1e-5, float32 1e-3), by log1p (1e-3, 0, 1e-8), with a series below 1e-4 (1e-8, 0, and 1e-4
exactly: a jump of 8e-21), the mass (both dtypes, r = 0), potential (float32, r = 0: log1p(0) / 0) and circular velocity
(ordinary, r = 0); hand-written rules (gradcli.custom_gradient) for the photon occupation number 1 / expm1(x), right (x
= 1, x = 800), with e^x forgotten, and by -1 / (4 sinh^2(x / 2)) (x = 800, float32 x = 1), and for the NFW mass: series
value with the one-piece slope x / (1 + x)^2 (x = 1e-8) and with the square forgotten.

Tried: 51 functions, 161 cases run through the CLI and judged by tests/trials/judge.py (a scratch driver, /tmp/110c,
runs the CLI in two threads, at most two gradcli processes, and judges in the main one): a first full run of 154, a run
of 26 changed or added cases after the corrections below, scratch reproductions (the distance modulus at z = 0 with 3,
4, 5, 7 and 9 trapezoid nodes, with a constant integrand; a plain log10(c z / h0)), and a final full run of the kept
ones. ALL keeps 120 (41 redundant ordinary points dropped): 62 ok, 27 domain (the open finding's case among them), 23
unstable, 8 wrong; 85 float64, 35 float32. Every kept check took 1-4 s on the shared machine (two at once), the
luminosity distance at Ok = 0 exactly 5-9 s and the distance modulus at z = 0 13-20 s; the final full run took about 120
s of wall time (225 s of checks, two at once): 119 passing, the finding's case failing.

Truths are written here from the mathematics, never lib110c's code or gradcli: each function re-written in mpmath (2,000
digits) with the points as the dtype holds them and the program's Python constants as the dtype holds them (each
constant as the Python float the program folds first: 2.0 * H, C ** 2, A = 2 H / C ** 2, H / KB, 4 pi G, G M_sun, -4 pi
G_kpc; a Python float meets float32 data as float32, so A = 1.47e-50 is 0 in float32), np.trapezoid over the nodes i z /
32 (exact in both dtypes) as z / 32 (sum - (first + last) / 2), Ok = 1 - Om - OL as the exact difference of the held
doubles, division by 0 as the program's (0 / 0 NaN, x / 0 infinite), sqrt and non-integer powers NaN below 0, 0^0 = 1.
Derivatives from the left and the right by mpmath.diff (cases30b.sided_grad with finite_sides: NaN where the sides
differ or one is undefined or infinite); by hand, after README's convention that the inputs which do not move a pole
keep their slopes beside it, the log Schechter function at L = 0 and the distance moduli at z = 0. Second routes: S_k's
slope in Ok at 0 against the series chi^3 / 6 = 0.02083 (the sinh and sin branches agree to it from either side); the
NFW mass function's x^2 / 2 - 2 x^3 / 3 + 3 x^4 / 4 against log1p at 2,000 digits; the kept slopes -5 / (h0 ln 10) =
-0.031021 against gradcli's own answer for the same formula with 3 to 5 trapezoid nodes and for log10(c z / h0).

What agreed (beyond the ordinary points, ok in both dtypes): Planck unstable in the Rayleigh-Jeans limit (exp(x) - 1),
in float32 at 1 MHz and in the optical (nu^3 overflows), domain at nu = 0, ok with expm1 there (1 kHz) and by exprel at
nu = 0 in both dtypes; the folded A = 1.47e-50 ok in float32 (the literal and the program are 0, as README says a
literal meeting float32 data is held); the Wien tail unstable (x = 100 in float32, x = 800 in float64: -0 * inf), expm1
no help there; the Rayleigh-Jeans where wrong at nu = 0; log B unstable in the tails and domain at nu = 0, the x +
log(-expm1(-x)) form ok; S_k's where wrong at Ok = 0 in both dtypes with the exact slope chi^3 / 6, unstable at Ok =
1e-300, the two-branch form domain at 0, the safe form ok at 0, 1e-300 and -0.1 and domain on its switch; the luminosity
distance wrong at Ok = 0 exactly (0.25 + 0.75) and unstable at Ok = 1e-10; the distance moduli domain at z = 0; CPL
domain at a = 0; magnitudes domain at F = 0 and at subnormal fluxes (slopes past the dtype), the floor domain at its tie
and ok below it, luptitudes ok at F = 0, the float32 AB magnitude unstable; Schechter domain at L = 0 for both alphas,
the magnitude form ok at M = -30 (value and slopes below float64) and its log unstable there; the Doppler redshift
domain at b = +-1 and at v = c in both dtypes, unstable at b = 1e-10 and float32 1e-5, ok one double below 1, the
expm1(atanh) form ok; Kepler domain at r = 0; the Plummer curve wrong at r = 0 (mass and eps keep slope 0, sqrt's rule
inf * 0), ok with r outside the sqrt; the Einstein radius wrong at D_ls = 0 (likewise); the NFW density, potential and
circular velocity domain at r = 0; the mass function unstable by log(1 + x) and by log1p at 1e-8, ok by the series and
at 0, domain on the series' switch; the hand-written rules: right ok, the slips wrong, the right occupation rule
unstable at x = 800 (inf / inf) where the sinh form is ok.

Truths corrected (gradcli right, re-derived): float32 Planck at the CMB's peak (160 GHz, 2.725 K) is unstable, not ok:
the slope in nu is two paths of 7e-29 cancelling to 7.4e-32 at the peak, and one of them passes 2h = 1.3e-33 times an
upstream of 1e-17, 1e-50, which float32's backward pass underflows to 0: the slope comes out -7.2e-29, the other path
alone (h's smallness bites in the backward pass though the forward one is fine); the Wien where in float32 at x = 100 is
unstable, not wrong: the idle branch's exp(100) overflows float32 only, in exact arithmetic its cotangent 0 stays 0 (the
Rayleigh-Jeans where's 0 / 0 at nu = 0 is NaN in any precision: wrong); the transverse and luminosity distances at Om =
0.3, OL = 0.7 are unstable, not wrong: 1 - 0.3 - 0.7 is 0.0 in float64 but 5.55e-17 of the held doubles, so the exact
program takes the sinh branch and only float64's rounding takes the flat one with its NaN-leaking idle branches; CPL's
a^p at a = 0, p = 0 and the Schechter x^alpha at x = 0, alpha = 0 are domain, not wrong: the pow rule keeps the base's
slope (0 x^-1 at 0 taken as 0), only the exponent has no derivative; the log Schechter function at L = 0 and the low-z
distance modulus at z = 0 keep their other inputs' slopes beside the pole (README's convention; my first truth said
NaN).

Findings:

F1 (mended: `arb_proof._unmoved`, an entry too long to reduce is not known to be 0, where the proof had
stopped). The distance modulus 5 log10(d_L / 10 pc) at z = 0 with d_L = (1 + z) (c / H0) trapezoid(1 / E) over 33 nodes: the
verdict is right (domain, the value -inf), but every exact slope is NaN ("no derivative: the function's exact value here
is -inf"), where README promises that "at a pole, the inputs that do not move it keep their slopes, shown beside the
point's domain" (log(y / x) at x = 0 keeps 1 / y in y): H0 does not move the pole and keeps -5 / (H0 ln 10) = -0.031021,
Om keeps 0 (E(0) = 1 whatever Om). gradcli keeps exactly those with 3, 4 or 5 nodes, and for the low-redshift form, a
plain log10(c z / h0) and a 33-node trapezoid of a constant; with 9 nodes and Om inside the sqrt it drops them (and with
7 nodes it once said error, no verdict, under load; rerun alone: domain with NaN slopes). Likely cause: the slope beside
the pole grows past arb_proof.SLOPE_TERMS = 256 terms and is then taken as its ball. Minimal reproduction
(/tmp/110c/dm2.py):

    import gradcli.numpy as np
    def e9(z, om, h0):
        zs = np.linspace(0.0, 1.0, 9) * z
        return 5.0 * np.log10(299792.458 / h0 * np.trapezoid(1.0 / np.sqrt(om * (1.0 + zs) ** 3 + 1.0 - om), zs))

    gradcli check /tmp/110c/dm2.py:e9 --at z=0.0,om=0.3,h0=70.0 --json

gives domain with exact {z: nan, om: nan, h0: nan}; with 5 nodes {z: nan, om: 0.0, h0: -0.031021034421660845}. Truth:
log10(d_L) = log10(c z / h0) + log10(J(z, om)), J(0, om) = 1 for every om: slopes {z: none, om: 0, h0: -5 / (h0 ln 10)}.
Case: distance_modulus@z=0.0,om=0.3,h0=70.0 (float64).

Observed: float32 physical constants underflow in two ways a user meets: a folded literal 2 h / c^2 = 1.47e-50 is 0 in
float32 (value 0, and gradcli, by its stated rule of holding literals in the dtype, says ok: the float32 program is the
zero function), while the unfolded 2.0 * H = 1.3e-33 survives the forward pass and dies in the backward one (unstable,
named). np.linspace's float64 grid makes a float32 point compute in float64 (NumPy's promotion; gradcli follows it), so
the distance functions are float64 in both dtypes. mpmath's precision is global: a driver that judges truths from two
threads at once gets wrong truths (my first scratch driver did; the final run judges in the main thread)."""

import math

import mpmath
from mpmath import mpf

from cases import Case
from cases30b import sided_grad
from cases108c import _txt, dv, held, rpow, rsqrt, xlog

L = "lib110c.py"
NAN = mpmath.nan
INF = mpmath.inf
F32 = "float32"
exp, log, log1p, sqrt, expm1 = mpmath.exp, mpmath.log, mpmath.log1p, mpmath.sqrt, mpmath.expm1
sinh, sin, atanh, asinh = mpmath.sinh, mpmath.sin, mpmath.atanh, mpmath.asinh

# the program's constants as the Python floats it computes (lib110c's, re-typed here)
H = 6.62607015e-34
KB = 1.380649e-23
C = 2.99792458e8
C_KMS = 299792.458
G = 6.674e-11
M_P = 1.67262192e-27
SIGMA_T = 6.6524587e-29
M_SUN = 1.98847e30
MPC = 3.0856775814913673e22
A_NU = 2.0 * H / C ** 2
HK = H / KB
A_GHZ = 2.0 * H * 1e27 / C ** 2 / 1e-20
X_GHZ = H * 1e9 / KB
RS_PER_MSUN = 4.0 * G * M_SUN / C ** 2
ARCSEC = 180.0 * 3600.0 / math.pi
G_KPC = 4.30091e-6


def rlog(x):
    return xlog(x) if not mpmath.isinf(x) else (INF if x > 0 else NAN)


def rlog10(x):
    v = rlog(x)
    return v if not mpmath.isfinite(v) else v / log(10)


def rexp(x):
    return NAN if mpmath.isnan(x) else (mpf(0) if x == -INF else (INF if x == INF else exp(x)))


def rexpm1(x):
    return NAN if mpmath.isnan(x) else (mpf(-1) if x == -INF else (INF if x == INF else expm1(x)))


def rmul(a, b):
    """a * b with inf * 0 NaN."""
    if (mpmath.isinf(a) and b == 0) or (mpmath.isinf(b) and a == 0):
        return NAN
    return a * b


# --- the mathematics, in mpmath (never lib110c's code path); factories take the dtype for the program's constants ----

def m_planck(dt):
    a, h, k, c2 = held(dt, 2.0 * H), held(dt, H), held(dt, KB), held(dt, C ** 2)
    return lambda nu, t: dv(a * nu ** 3 / c2, rexp(dv(h * nu, k * t)) - 1)


def m_planck_folded(dt):
    a, hk = held(dt, A_NU), held(dt, HK)
    return lambda nu, t: dv(a * nu ** 3, rexpm1(dv(hk * nu, t)))


def m_planck_ghz(dt):
    a, x = held(dt, A_GHZ), held(dt, X_GHZ)
    return lambda nu, t: dv(a * nu ** 3, rexpm1(dv(x * nu, t)))


def m_planck_exprel(dt):
    a, X = held(dt, A_GHZ), held(dt, X_GHZ)

    def b(nu, t):
        x = dv(X * nu, t)
        rel = mpf(1) if x == 0 else expm1(x) / x
        return a * nu ** 2 * t / X / rel
    return b


def m_planck_rj(dt):
    a, X, lo = held(dt, A_GHZ), held(dt, X_GHZ), held(dt, 1e-3)

    def b(nu, t):
        x = dv(X * nu, t)
        return a * nu ** 2 * t / X if x < lo else dv(a * nu ** 3, expm1(x))
    return b


def m_planck_wien(dt):
    a, X = held(dt, A_GHZ), held(dt, X_GHZ)

    def b(nu, t):
        x = dv(X * nu, t)
        return a * nu ** 3 * exp(-x) if x > 50 else dv(a * nu ** 3, expm1(x))
    return b


def m_log_planck(dt):
    la, X = held(dt, math.log(A_GHZ)), held(dt, X_GHZ)

    def b(nu, t):
        x = dv(X * nu, t)
        first = 3 * rlog(nu)
        second = rlog(rexpm1(x))
        if mpmath.isinf(first) and mpmath.isinf(second) and first == second:
            return NAN
        return la + first - second
    return b


def m_log_planck_si(dt):
    la, hk = held(dt, math.log(A_NU)), held(dt, HK)
    return lambda nu, t: la + 3 * rlog(nu) - rlog(rexpm1(dv(hk * nu, t)))


def _s_k(chi, ok):
    if ok > 0:
        return sinh(sqrt(ok) * chi) / sqrt(ok)
    if ok < 0:
        return sin(sqrt(-ok) * chi) / sqrt(-ok)
    return chi


def m_s_k(dt):
    return _s_k


def m_s_k_two(dt):
    def s(chi, ok):
        if ok > 0:
            return sinh(sqrt(ok) * chi) / sqrt(ok)
        return dv(sin(sqrt(-ok) * chi), sqrt(-ok)) if ok <= 0 else NAN
    return s


def m_s_k_safe(dt):
    lo = held(dt, 1e-6)

    def s(chi, ok):
        if abs(ok) < lo:
            return chi + ok * chi ** 3 / 6 + ok ** 2 * chi ** 5 / 120
        return _s_k(chi, ok)
    return s


def _trap(f, z):
    """np.trapezoid over the 33 nodes i z / 32."""
    ys = [f(mpf(i) / 32 * z) for i in range(33)]
    return z / 32 * (sum(ys) - (ys[0] + ys[-1]) / 2)


def m_comoving(dt):
    ck = held(dt, C_KMS)

    def d(z, om, ol, h0):
        ok = 1 - om - ol
        return ck / h0 * _trap(lambda s: 1 / sqrt(om * (1 + s) ** 3 + ok * (1 + s) ** 2 + ol), z)
    return d


def m_comoving_flat(dt):
    ck = held(dt, C_KMS)
    return lambda z, om, h0: ck / h0 * _trap(lambda s: 1 / sqrt(om * (1 + s) ** 3 + 1 - om), z)


def m_transverse(dt):
    ck, dc = held(dt, C_KMS), m_comoving(dt)

    def d(z, om, ol, h0):
        dh = ck / h0
        return dh * _s_k(dc(z, om, ol, h0) / dh, 1 - om - ol)
    return d


def m_lum(dt):
    t = m_transverse(dt)
    return lambda z, om, ol, h0: (1 + z) * t(z, om, ol, h0)


def m_ang(dt):
    t = m_transverse(dt)
    return lambda z, om, ol, h0: t(z, om, ol, h0) / (1 + z)


def m_mu(dt):
    dc, d10 = m_comoving_flat(dt), held(dt, 1e-5)
    return lambda z, om, h0: 5 * rlog10((1 + z) * dc(z, om, h0) / d10)


def m_mu_lowz(dt):
    ck = held(dt, C_KMS)
    return lambda z, h0, q0: 5 * rlog10(ck * z / h0 * (1 + (1 - q0) * z / 2)) + 25


def m_cpl_w(dt):
    return lambda a, w0, wa: w0 + wa * (1 - a)


def m_cpl_rho(dt):
    return lambda a, w0, wa: rmul(rpow(a, -3 * (1 + w0 + wa)), exp(-3 * wa * (1 - a)))


def m_cpl_e(dt):
    rho = m_cpl_rho(dt)
    return lambda z, om, w0, wa: sqrt(om * (1 + z) ** 3 + (1 - om) * rho(1 / (1 + z), w0, wa))


def m_cpl_rho_z(dt):
    return lambda z, w0, wa: rpow(1 + z, 3 * (1 + w0 + wa)) * exp(-3 * wa * z / (1 + z))


def m_mag(dt):
    return lambda f: -mpf(2.5) * rlog10(f)


def m_mag_floor(dt):
    lo = held(dt, 1e-30)
    return lambda f: -mpf(2.5) * rlog10(max(f, lo))


def m_lupt(dt):
    k = held(dt, 2.5 / math.log(10.0))
    return lambda f, b: -k * (asinh(f / (2 * b)) + rlog(b))


def m_abs_mag(dt):
    fp, zp = held(dt, 4.0 * math.pi), held(dt, 56.1)
    return lambda lum, d: -mpf(2.5) * rlog10(dv(lum, fp * d ** 2)) - zp


def m_schechter(dt):
    def p(lum, phi_star, l_star, alpha):
        x = lum / l_star
        return phi_star * rpow(x, alpha) * exp(-x) / l_star
    return p


def m_log_schechter(dt):
    def p(lum, phi_star, l_star, alpha):
        x = lum / l_star
        lx = rlog(x)
        return rlog(phi_star) + (rmul(alpha, lx) if mpmath.isinf(lx) else alpha * lx) - x - rlog(l_star)
    return p


def m_schechter_mag(dt):
    k, f = held(dt, 0.4 * math.log(10.0)), held(dt, 0.4)

    def p(m, m_star, phi_star, alpha):
        y = mpf(10) ** (f * (m_star - m))
        return k * phi_star * y ** (alpha + 1) * exp(-y)
    return p


def m_log_schechter_mag(dt):
    p = m_schechter_mag(dt)
    return lambda m, m_star, phi_star, alpha: rlog(p(m, m_star, phi_star, alpha))


def m_doppler(dt):
    return lambda b: rsqrt(dv(1 + b, 1 - b)) - 1 if b != 1 else INF


def m_doppler_stable(dt):
    return lambda b: expm1(atanh(b)) if abs(b) < 1 else (INF if b == 1 else NAN)


def m_doppler_kms(dt):
    ck = held(dt, C_KMS)

    def z(v):
        b = v / ck
        return rsqrt(dv(1 + b, 1 - b)) - 1 if b != 1 else INF
    return z


def m_eddington(dt):
    k, ms, mp_, c, s = (held(dt, 4.0 * math.pi * G), held(dt, M_SUN), held(dt, M_P), held(dt, C),
                        held(dt, SIGMA_T))
    return lambda mass: k * (mass * ms) * mp_ * c / s


def m_kepler(dt):
    gm = held(dt, G * M_SUN)
    return lambda r, mass: rsqrt(dv(gm * mass, r))


def m_plummer(dt):
    g = held(dt, G_KPC)
    return lambda r, mass, eps: rsqrt(g * mass * r ** 2 / rpow(r ** 2 + eps ** 2, mpf(1.5)))


def m_plummer_lin(dt):
    g = held(dt, G_KPC)
    return lambda r, mass, eps: r * rsqrt(g * mass / rpow(r ** 2 + eps ** 2, mpf(1.5)))


def m_einstein(dt):
    a, rs, mpc = held(dt, ARCSEC), held(dt, RS_PER_MSUN), held(dt, MPC)
    return lambda mass, d_l, d_s, d_ls: a * rsqrt(rs * mass * d_ls / (d_l * d_s * mpc))


def m_nfw_rho(dt):
    return lambda r, rho0, rs: dv(rho0, (r / rs) * (1 + r / rs) ** 2)


def m_nfw_m(dt):
    return lambda x: (log1p(x) - x / (1 + x)) if x > -1 else NAN


def m_nfw_series(dt):
    lo = held(dt, 1e-4)
    return lambda x: x ** 2 / 2 - 2 * x ** 3 / 3 + 3 * x ** 4 / 4 if x < lo else log1p(x) - x / (1 + x)


def m_occ(dt):
    return lambda x: 1 / expm1(x)


def m_nfw_mass(dt):
    k = held(dt, 4.0 * math.pi)

    def m(r, rho0, rs):
        x = r / rs
        return k * rho0 * rs ** 3 * (log1p(x) - x / (1 + x))
    return m


def m_nfw_pot(dt):
    k = held(dt, -4.0 * math.pi * G_KPC)
    return lambda r, rho0, rs: dv(k * rho0 * rs ** 3 * log1p(r / rs), r)


def m_nfw_vc(dt):
    g, mass = held(dt, G_KPC), m_nfw_mass(dt)
    return lambda r, rho0, rs: rsqrt(dv(g * mass(r, rho0, rs), r))


# --- cases ------------------------------------------------------------------------------------------------------------

def _at(pt):
    return ",".join(f"{k}={_txt(v)}" for k, v in pt.items())


def C_(function, mirror, verdict="ok", dtype="float64", **pt):
    """A case whose truth is the one- and two-sided derivative of ``mirror(dtype)`` at the point as ``dtype`` holds
    it."""
    return Case(L, function, _at(pt), dtype, verdict, sided_grad(mirror(dtype), dtype, finite_sides=True, **pt))


def H_(function, truth, verdict="ok", dtype="float64", **pt):
    """A case whose truth is written by hand (evaluated at 60 digits)."""
    return Case(L, function, _at(pt), dtype, verdict, truth)


CMB = dict(t=2.725)
NU_X100 = 100.0 * 2.725 / X_GHZ  # x = 100 at T = 2.725 K: 5678 GHz
NU_X800 = 800.0 * 2.725 / X_GHZ  # x = 800: 45425 GHz
NU_X30 = 30.0 * 2.725 / X_GHZ
LCDM = dict(om=0.3, ol=0.7, h0=70.0)
OPEN = dict(om=0.3, ol=0.6, h0=70.0)
CLOSED = dict(om=0.3, ol=0.8, h0=70.0)
SCH = dict(phi_star=0.01, l_star=1e10)
NFW = dict(rho0=1e7, rs=20.0)

ALL = [
    # --- the Planck function, SI
    C_("planck", m_planck, nu=1.6e11, **CMB),  # the CMB's peak
    # float32 at the CMB's peak: the slope in nu is two paths of 7e-29 cancelling to 7.4e-32, and one of them passes
    # through 2h = 1.3e-33 times an upstream of 1e-17: 1e-50 underflows float32 to 0 in the backward pass, the slope
    # comes out -7.2e-29, the other path alone (corrected: unstable)
    C_("planck", m_planck, "unstable", dtype=F32, nu=1.6e11, **CMB),
    C_("planck", m_planck, "unstable", nu=1e3, **CMB),  # Rayleigh-Jeans: x = 1.8e-8, exp(x) - 1 cancels
    C_("planck", m_planck, "unstable", dtype=F32, nu=1e6, **CMB),  # x = 1.8e-5 in float32
    C_("planck", m_planck, "domain", nu=0.0, **CMB),  # 0 / 0
    C_("planck", m_planck, "unstable", dtype=F32, nu=1e15, t=5800.0),  # optical: nu^3 = 1e45 overflows float32
    C_("planck_folded", m_planck_folded, nu=1.6e11, **CMB),
    C_("planck_folded", m_planck_folded, nu=1e3, **CMB),  # expm1: no cancellation
    # 2 h / c^2 = 1.47e-50 is below float32's smallest subnormal: the literal is 0 in float32, and so is the program
    # the float32 reference runs (README: a literal meeting float32 data is held in float32): value and slopes 0
    C_("planck_folded", m_planck_folded, dtype=F32, nu=1.6e11, **CMB),
    # --- the Planck function in GHz and MJy/sr
    C_("planck_ghz", m_planck_ghz, nu=160.0, **CMB),
    C_("planck_ghz", m_planck_ghz, "unstable", dtype=F32, nu=0.001, **CMB),  # x = 1.8e-5
    C_("planck_ghz", m_planck_ghz, "unstable", dtype=F32, nu=NU_X100, **CMB),  # exp(100) overflows float32
    C_("planck_ghz", m_planck_ghz, nu=NU_X100, **CMB),
    C_("planck_ghz", m_planck_ghz, "unstable", nu=NU_X800, **CMB),  # exp(800) overflows: -0 * inf
    C_("planck_ghz_expm1", m_planck_ghz, dtype=F32, nu=0.001, **CMB),
    C_("planck_ghz_expm1", m_planck_ghz, "unstable", dtype=F32, nu=NU_X100, **CMB),  # expm1 overflows as well
    C_("planck_ghz_expm1", m_planck_ghz, "domain", nu=0.0, **CMB),
    C_("planck_ghz_exprel", m_planck_exprel, nu=0.0, **CMB),  # exprel(0) = 1: no 0 / 0
    C_("planck_ghz_exprel", m_planck_exprel, dtype=F32, nu=0.0, **CMB),
    # Rayleigh-Jeans by a where: at nu = 0 the idle Planck branch is 0 / 0 and leaks NaN; slopes 0 (nu) and 0 (t)
    C_("planck_rj_switch", m_planck_rj, "wrong", nu=0.0, **CMB),
    C_("planck_rj_switch", m_planck_rj, nu=0.001, **CMB),
    # Wien by a where: at x = 100 in float32 the idle Planck branch's exp overflows, 0 * inf in its rule: NaN. In
    # exact arithmetic exp(100) is finite and the idle branch's cotangent 0 stays 0, so it is float32's overflow, not
    # the rule (corrected: unstable, not wrong; the RJ switch's 0 / 0 at nu = 0 is NaN in any precision: wrong)
    C_("planck_wien_switch", m_planck_wien, "unstable", dtype=F32, nu=NU_X100, **CMB),
    C_("planck_wien_switch", m_planck_wien, nu=NU_X30, **CMB),
    # --- log B
    C_("log_planck", m_log_planck, nu=160.0, **CMB),
    C_("log_planck", m_log_planck, "unstable", nu=NU_X800, **CMB),  # log(expm1(800)) = log(inf)
    C_("log_planck", m_log_planck, "unstable", dtype=F32, nu=NU_X100, **CMB),
    C_("log_planck", m_log_planck, "domain", nu=0.0, **CMB),  # -inf - (-inf)
    C_("log_planck_stable", m_log_planck, nu=NU_X800, **CMB),
    C_("log_planck_stable", m_log_planck, dtype=F32, nu=NU_X100, **CMB),
    C_("log_planck_si", m_log_planck_si, nu=1.6e11, **CMB),
    C_("log_planck_si", m_log_planck_si, dtype=F32, nu=1.6e11, **CMB),  # log A_NU = -114.7 is a float32 number
    # --- curvature
    # S_k at Ok = 0: the where's chi branch, analytic through 0 (chi + Ok chi^3 / 6 + ...): slope chi^3 / 6 in Ok
    # and 1 in chi, the idle branches sinh(0) / 0 leak NaN
    C_("s_k", m_s_k, "wrong", chi=0.5, ok=0.0),
    C_("s_k", m_s_k, "wrong", dtype=F32, chi=0.5, ok=0.0),
    # tiny Ok: sqrt(Ok) = 1e-150, Ok's slope is chi cosh / sq - sinh / sq^2 (two 5e149s) times 1 / (2 sq)
    C_("s_k", m_s_k, "unstable", chi=0.5, ok=1e-300),
    C_("s_k", m_s_k, chi=0.5, ok=0.1),
    C_("s_k_two", m_s_k_two, "domain", chi=0.5, ok=0.0),  # sin(0) / 0 in the branch taken
    C_("s_k_safe", m_s_k_safe, chi=0.5, ok=0.0),
    C_("s_k_safe", m_s_k_safe, dtype=F32, chi=0.5, ok=0.0),
    C_("s_k_safe", m_s_k_safe, chi=0.5, ok=1e-300),
    C_("s_k_safe", m_s_k_safe, dtype=F32, chi=0.5, ok=-0.1),
    # at |Ok| = 1e-6 exactly the series gives way to sinh: they differ by Ok^3 chi^7 / 5040 = 1.5e-24, a jump
    C_("s_k_safe", m_s_k_safe, "domain", chi=0.5, ok=1e-6),
    # --- distances (float64: the trapezoid's float64 grid makes float32 points compute in float64)
    C_("comoving_distance", m_comoving, z=1.0, **LCDM),
    C_("comoving_distance", m_comoving, z=0.0, **LCDM),
    C_("comoving_flat", m_comoving_flat, dtype=F32, z=0.5, om=0.3, h0=70.0),
    # Ok = 1 - 0.3 - 0.7 is 0.0 computed but 5.55e-17 exactly of the doubles: the exact program takes the sinh branch
    # (smooth, every slope finite), float64 the flat one, whose idle branches sinh(0) / 0 leak NaN into every slope:
    # a rounding's NaN (corrected: unstable, not wrong); with 0.25 + 0.75 (Ok = 0 exactly) it is wrong
    C_("transverse_distance", m_transverse, "unstable", z=1.0, **LCDM),
    C_("transverse_distance", m_transverse, z=1.0, **OPEN),
    C_("transverse_distance", m_transverse, z=1.0, **CLOSED),
    C_("luminosity_distance", m_lum, "unstable", z=1.0, **LCDM),
    C_("luminosity_distance", m_lum, "wrong", z=1.0, om=0.25, ol=0.75, h0=70.0),  # Ok = 0 exactly
    # Ok = 1e-10: sqrt(Ok) = 1e-5, the slope in Ok two terms of 1e5 cancelling to 1e-6
    C_("luminosity_distance", m_lum, "unstable", z=1.0, om=0.3, ol=0.6999999999, h0=70.0),
    C_("angular_diameter_distance", m_ang, z=0.0, **OPEN),
    C_("distance_modulus", m_mu, z=0.5, om=0.3, h0=70.0),
    # log10(0) at z = 0: as the low-z form, h0 and om keep their slopes beside the pole, -5 / (h0 ln 10) and 0 (E(0) =
    # 1 whatever om); gradcli gives them NaN with the 33-node trapezoid (with 3 nodes it keeps them): F1
    H_("distance_modulus", lambda: {"z": NAN, "om": mpf(0), "h0": -5 / (70 * log(10))}, "domain", z=0.0, om=0.3,
       h0=70.0),
    C_("distance_modulus_lowz", m_mu_lowz, z=0.05, h0=70.0, q0=-0.55),
    # log10(0): h0 and q0 do not move the pole and keep their slopes beside it (README), -5 / (h0 ln 10) and 0
    # (corrected from NaN)
    H_("distance_modulus_lowz", lambda: {"z": NAN, "h0": -5 / (70 * log(10)), "q0": mpf(0)}, "domain", z=0.0,
       h0=70.0, q0=-0.55),
    # --- dark energy
    C_("cpl_density", m_cpl_rho, a=0.5, w0=-0.9, wa=0.2),
    # a = 0 with w0 = -1, wa = 0: 0^0 = 1 for every a (slope 0), a jump in w0 and wa; the pow rule keeps a's 0
    # (0 * 0^-1 taken as 0), so domain (corrected from wrong)
    C_("cpl_density", m_cpl_rho, "domain", a=0.0, w0=-1.0, wa=0.0),
    C_("cpl_density", m_cpl_rho, "domain", a=0.0, w0=-0.9, wa=0.2),  # 0^-0.9
    C_("cpl_hubble", m_cpl_e, z=1.0, om=0.3, w0=-0.9, wa=0.2),
    C_("cpl_hubble", m_cpl_e, dtype=F32, z=1.0, om=0.3, w0=-0.9, wa=0.2),
    C_("cpl_hubble", m_cpl_e, z=1.0, om=0.3, w0=-1.0, wa=0.0),  # LCDM: the exponent 0
    C_("cpl_density_z", m_cpl_rho_z, dtype=F32, z=2.0, w0=-0.9, wa=0.2),
    # --- magnitudes
    C_("magnitude", m_mag, f=1e-3),
    C_("magnitude", m_mag, "domain", f=0.0),
    # a flux of 1e-40 (a float32 subnormal): the slope -2.5 / (F ln 10) = -1.1e40 is past float32
    C_("magnitude", m_mag, "domain", dtype=F32, f=1e-40),
    C_("magnitude", m_mag, "domain", f=1e-320),  # the same in float64: -1.1e320
    C_("magnitude_floored", m_mag_floor, f=0.0),  # floored: slope 0
    C_("magnitude_floored", m_mag_floor, "domain", f=1e-30),  # at the floor: a kink
    C_("magnitude_floored", m_mag_floor, "domain", dtype=F32, f=1e-30),
    C_("luptitude", m_lupt, f=0.0, b=1e-10),
    C_("luptitude", m_lupt, dtype=F32, f=0.0, b=1e-10),
    C_("abs_mag_from_lum", m_abs_mag, lum=1e22, d=3.0857e25),
    C_("abs_mag_from_lum", m_abs_mag, "unstable", dtype=F32, lum=1e22, d=3.0857e25),  # d^2 = 9.5e50 overflows
    # --- Schechter
    C_("schechter", m_schechter, lum=1e10, alpha=-1.25, **SCH),
    C_("schechter", m_schechter, "domain", lum=0.0, alpha=-1.25, **SCH),  # 0^-1.25
    # alpha = 0 at L = 0: 0^alpha jumps in alpha; L's slope -phi* / L*^2 exists and the pow rule keeps it (0 x^-1
    # at x = 0 taken as 0): domain (corrected from wrong)
    C_("schechter", m_schechter, "domain", lum=0.0, alpha=0.0, **SCH),
    # log L at 0: the value +inf; by README's convention the inputs that do not move the pole keep their slopes
    # beside it: phi* 1 / phi* = 100, L* -alpha / L* - 1 / L* = 2.5e-11 (corrected from NaN)
    H_("log_schechter", lambda: {"lum": NAN, "phi_star": mpf(100), "l_star": mpf("0.25") / mpf(10) ** 10,
                                 "alpha": NAN}, "domain", lum=0.0, alpha=-1.25, **SCH),
    C_("schechter_mag", m_schechter_mag, dtype=F32, m=-25.0, m_star=-21.0, phi_star=0.005, alpha=-1.1),
    C_("schechter_mag", m_schechter_mag, m=-30.0, m_star=-21.0, phi_star=0.005, alpha=-1.1),  # exp(-3981) = 0
    C_("log_schechter_mag_naive", m_log_schechter_mag, "unstable", m=-30.0, m_star=-21.0, phi_star=0.005, alpha=-1.1),
    # --- kinematics
    C_("doppler_z", m_doppler, "domain", b=1.0),  # 2 / 0
    C_("doppler_z", m_doppler, "domain", b=-1.0),  # sqrt(0)
    C_("doppler_z", m_doppler, "unstable", b=1e-10),  # sqrt(1 + 2e-10) - 1
    C_("doppler_z", m_doppler, "unstable", dtype=F32, b=1e-5),
    C_("doppler_z", m_doppler, b=0.9999999999999999),
    C_("doppler_z", m_doppler, dtype=F32, b=0.9999999),
    C_("doppler_z_stable", m_doppler_stable, b=1e-10),
    C_("doppler_z_stable", m_doppler_stable, dtype=F32, b=1e-5),
    C_("doppler_z_stable", m_doppler_stable, "domain", b=1.0),
    C_("doppler_z_kms", m_doppler_kms, "domain", v=299792.458),  # v / c = 1 exactly
    C_("doppler_z_kms", m_doppler_kms, "domain", dtype=F32, v=299792.458),
    C_("eddington", m_eddington, dtype=F32, mass=10.0),
    C_("kepler_v", m_kepler, dtype=F32, r=1.496e11, mass=1.0),
    C_("kepler_v", m_kepler, "domain", r=0.0, mass=1.0),
    # r = 0: |r| under the sqrt (a kink in r); mass and eps keep slope 0 (v = 0 for all), sqrt's rule inf * 0
    C_("plummer_v", m_plummer, "wrong", r=0.0, mass=1e11, eps=0.5),
    C_("plummer_v_lin", m_plummer_lin, r=0.0, mass=1e11, eps=0.5),
    C_("einstein_radius", m_einstein, dtype=F32, mass=1e12, d_l=1000.0, d_s=1700.0, d_ls=1000.0),
    # the source at the lens: sqrt(0), the other slopes 0
    C_("einstein_radius", m_einstein, "wrong", mass=1e12, d_l=1000.0, d_s=1700.0, d_ls=0.0),
    # --- NFW
    C_("nfw_density", m_nfw_rho, "domain", r=0.0, **NFW),
    C_("nfw_mass_naive", m_nfw_m, "unstable", x=1e-5),  # log(1 + x) - x / (1 + x) = x^2 / 2 from two 1e-5s
    C_("nfw_mass_naive", m_nfw_m, "unstable", dtype=F32, x=1e-3),
    C_("nfw_mass_log1p", m_nfw_m, x=1e-3),
    C_("nfw_mass_log1p", m_nfw_m, x=0.0),
    # log1p keeps each term, not their difference: x^2 / 2 = 5e-17 from two 1e-8s, the slope 1e-8 from two 1s
    C_("nfw_mass_log1p", m_nfw_m, "unstable", x=1e-8),
    C_("nfw_mass_series", m_nfw_series, x=1e-8),
    C_("nfw_mass_series", m_nfw_series, x=0.0),
    C_("nfw_mass_series", m_nfw_series, "domain", x=1e-4),  # the switch: a jump of 4 x^5 / 5 = 8e-21
    C_("nfw_mass", m_nfw_mass, dtype=F32, r=10.0, **NFW),
    C_("nfw_mass", m_nfw_mass, r=0.0, **NFW),
    C_("nfw_potential", m_nfw_pot, dtype=F32, r=10.0, **NFW),
    C_("nfw_potential", m_nfw_pot, "domain", r=0.0, **NFW),  # log1p(0) / 0
    C_("nfw_vcirc", m_nfw_vc, r=10.0, **NFW),
    C_("nfw_vcirc", m_nfw_vc, "domain", r=0.0, **NFW),
    # --- hand-written rules
    C_("occupation", m_occ, x=1.0),
    # x = 800: e^x / expm1(x)^2 is inf / inf; the truth -e^-800 / (1 - e^-800)^2 = -3.7e-348 is below float64
    C_("occupation", m_occ, "unstable", x=800.0),
    C_("occupation_slip", m_occ, "wrong", x=1.0),  # -1 / (e - 1)^2 = -0.339 for -e / (e - 1)^2 = -0.921
    C_("occupation_sinh", m_occ, x=800.0),  # -0.25 / sinh(400)^2: sinh^2 overflows to inf, the slope -0.0
    C_("occupation_sinh", m_occ, dtype=F32, x=1.0),
    C_("nfw_mass_rule", m_nfw_series, x=1e-8),  # the series value and the one-piece slope x / (1 + x)^2
    C_("nfw_mass_slip", m_nfw_m, "wrong", x=0.5),  # x / (1 + x) = 0.333 for x / (1 + x)^2 = 0.222
]
