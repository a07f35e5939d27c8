"""The hundred-and-eleventh round (c) of user trials: semiconductor device physics written with gradcli.numpy
(tests/trials/lib111c.py).

The formulas device engineers and TCAD / compact-model people differentiate (parameter extraction, circuit-simulation
Jacobians): Varshni's band gap Eg0 - a T^2 / (T + b) (T = 0, float32); the intrinsic density sqrt(Nc Nv) exp(-Eg / 2kT)
with Nc, Nv ~ T^1.5 (T = 0, 10 K, liquid helium 4.2 K where exp(-1610) underflows, float32 at 300 K where Nc Nv = 2.9e38
sits just under float32's largest number, 400 K where it overflows, 70 K where exp(-96) is a float32 subnormal), as
sqrt(Nc) sqrt(Nv) and as one exponential (float32), in m^-3 (Nc Nv = 2.9e50: float32 overflows), its log at 4.2 K; the
Fermi-Dirac occupation 1 / (1 + exp((E - Ef) / kT)) (float32 room temperature, 800 kT above and below Ef, float32 100 kT
above, kT = 0 at E = Ef: 0 / 0, kT = 0 above Ef: a step, kT = 1e-300), by scipy's expit (the tails, kT = 1e-300), by
tanh, 1 - f by subtraction (40 kT below Ef: 1 - 1 / (1 + 4e-18)); F_1/2 by a 65-node trapezoid in u = sqrt(x) (eta = 0;
eta = -650: exp(u^2 + 650) overflows at the last nodes) and with expit (eta = -650, -700); degenerate and Boltzmann
electron densities (float32 kT = 0.01, 1 eV below the band: exp(-100) a float32 subnormal); Blakemore 1 / (exp(-eta) +
0.27) and exp(eta) / (1 + 0.27 exp(eta)) in the two tails; Joyce-Dixon (n = 0: log 0; float32); Ef - Ei = kT ln(N / ni)
(N = 0; float32); the Caughey-Thomas mobility with every parameter an input (N = 0, float32 N = 1e38) and in N alone (N
= 0, float32), Masetti's (N = 0: exp(-Pc / N); float32 N = 1e12); velocity saturation mu E / (1 + (mu E / vsat)^beta)^(1
/ beta) (E = 0 with beta an input, float32, a reverse field with beta = 1) and with beta = 2 written in (E = 0,
float32); SRH recombination at equilibrium (n p = ni^2 exactly in float64, not in float32), at n = p = 0, in m^-3 in
float32 (n p = 1e44), with the trap level an input (midgap 0.5 eV, and a deep trap at 58 K in float32: exp(100)); the
diode Is (exp(V / n Vt) - 1) (1e-9 V: cancellation; float32 3 V: exp(116); 20 V: I = 1e322 past float64; float32 0.7 V),
by expm1, in SI with k = 1.38e-23 and q = 1.6e-19 in float32, SPICE's exp limiting by a where (30 V), with series
resistance by Lambert W (V = 0, 30 V, float32); kT / q in float32 and at T = 0; the built-in potential Vt ln(Na Nd /
ni^2) (float32 in cm^-3; in m^-3 Na Nd = 1e46 overflows float32) and as a sum of logs; the depletion width sqrt(2 eps
(Vbi - V) / (q N)) at V = Vbi and in float32 reverse bias; the Debye length in float32 SI; the junction capacitance C0 /
(1 - V / Vbi)^0.5 at V = Vbi and SPICE's FC form (below, on the switch V = FC Vbi, past Vbi); the EKV interpolation ln(1
+ e^(v / 2))^2 (float32 v = 200, v = -60, 1500, -800) by log1p, softplus and logaddexp, and with hand-written softplus
rules (expit, e^x / (1 + e^x)); the square law k / 2 max(Vgs - Vt, 0)^2 (1 + lambda Vds) at threshold and in float32, gm
= k max(Vgs - Vt, 0) at threshold, triode and saturation by a where on Vds at their C1 switch Vds = Vov (both dtypes);
BSIM's Vgsteff n vt log(1 + exp(.)) (40 n vt below threshold, float32 167 n vt above) and by softplus; Vdseff (d = 0,
0.01 at Vds = Vdsat and at Vds = 0, 1e-20, float32); subthreshold conduction with 1 - exp(-Vds / vt) (Vds = 1e-12, 0)
and by expm1; exp(-b / E) (E = 0, float32 E = 0.05: exp(-136) below float32); Fowler-Nordheim A E^2 exp(-B / E) (E = 0,
float32), guarded by a where (E = 0, E = -1) and by a double where; hand-written Fermi rules (gradcli.custom_gradient)
of one input (right in the tail, the sign dropped) and of three (right; kT's slope's sign flipped).

Tried: 61 functions (and 5 in a scratch file), 151 cases run through the CLI and judged by tests/trials/judge.py (a
scratch driver, /tmp/111c/run.py, runs the CLI in two threads, at most two gradcli processes, and judges in the main
one): a first full run of 143 (135 passing), a run of 21 changed or added cases after the corrections below, a run of 7
with 3 more added, a last one added (the Fermi function at kT = 0 above Ef), scratch probes outside ALL (a three-input
Fermi rule, SPICE's limiting at 0.5 V, a clipped Vgsteff, the Fermi function at E = Ef with kT = 1e-300, Vdseff in
float32 at d = 1e-20, Vgsteff and the square law in float32 at threshold, SRH at n = p = ni = 0, n_i by one exponential
at T = 0, EKV by log1p at v = -800: each as expected, the first two kept), and a final full run of the kept ones. ALL
keeps 120 (30 redundant ordinary points dropped, F_1/2 at eta = -700 replaced by -650): 68 ok, 31 unstable, 13 domain, 8
wrong; 75 float64, 45 float32. Every kept check took 1.4-6 s on the shared machine (two at once; the slowest exp(-b / E)
and Fowler-Nordheim at E = 0, 5-6 s); the final full run took about 155 s of wall time (306 s of checks, two at once):
119 of 119 passing; the case added after it passes too (6.4 s).

Truths are written here from the mathematics, never lib111c's code or gradcli: each function re-written in mpmath (2,000
digits) with the points as the dtype holds them and the program's Python constants as the dtype holds them (each as the
Python float the program folds first: 2.0 * KB_EV, 2.0 * EPS_SI, EPS_SI * KB, Q ** 2, 1e10 ** 2, 1.5 * VT300, 1e-12 /
0.5 ** 1.5, 1.0 - 0.5 * 1.5, log(NC300)), F_1/2's trapezoid over the nodes u = i / 8 (exact) as the sum it is, the
occupation as 1 / (1 + e^x) by the sign of x, softplus as x + log1p(e^-x) above 0, Lambert W by mpmath.lambertw,
division by 0 as the program's (0 / 0 NaN, x / 0 infinite), sqrt and non-integer powers NaN below 0, 0^0 = 1, log 0 =
-inf, exp(-inf) = 0. Derivatives from the left and the right by mpmath.diff (cases30b.sided_grad with finite_sides: NaN
where the sides differ or one is undefined or infinite); by hand, after README's convention that the inputs which do not
move a pole keep their slopes beside it, Joyce-Dixon at n = 0. Second routes: the square law's and the triode/saturation
switch's slopes at threshold and at Vds = Vov by the two one-sided formulas (k vds = k vov, 0 = 0); Vdseff at Vds = 0 by
the identity (Vdsat - d)^2 + 4 d Vdsat = (Vdsat + d)^2 (value 0, slope Vdsat / (Vdsat + d) = 0.98039); F_1/2(0) =
0.765147 against the tabulated 0.765147 (2 / sqrt(pi) normalisation); SPICE's FC extension's value and slope against the
curve's at V = Vbi / 2 (equal up to the rounding of the folded 1e-12 / 0.5^1.5, so the switch is a jump of 1e-28).

What agreed (beyond the ordinary points, ok in both dtypes): n_i domain at T = 0, ok at 10 K and at 4.2 K (value and
slope below float64: 0 is their rounding, README's 1e-348 rule), unstable in float32 at 400 K (Nc Nv overflows) and at
70 K (a subnormal exp), ok split or as one exponential; in m^-3 float32 unstable; log n_i unstable at 4.2 K (log 0 for
-1570); the Fermi function unstable in its upper tail (float64 x = 800, float32 x = 100) and at kT = 1e-300, ok 800 kT
below Ef (slope below float64), domain at kT = 0 and E = Ef, wrong at kT = 0 above Ef (the step's slopes 0 in E and Ef
out NaN: exp(inf) times 0), ok by expit and tanh in the tails, 1 - f unstable; F_1/2 unstable where exp(u^2 - eta)
overflows, ok with expit; float32 Boltzmann unstable at a subnormal exp; Blakemore's two spellings each unstable in one
tail, ok in the other; Joyce-Dixon and Ef - Ei domain at n = 0; Caughey-Thomas in N alone and Masetti domain at N = 0;
velocity saturation domain in beta for a reverse field; SRH ok at equilibrium and at n = p = 0, unstable in float32 (n p
- ni^2 of float32 1e16) and in SI float32, and for a deep trap at 58 K in float32 (n1 = inf); the diode unstable at 1e-9
V and float32 3 V, domain at 20 V, ok by expm1 and in SI float32 (kT = 4.1e-21 J is a normal float32, and the slope in T
survives the backward pass); SPICE's limiting unstable at 30 V (its idle exp leaks, the where's line named); Lambert W
unstable at 30 V (exp(1160) overflows); Vbi unstable in SI float32, ok as a sum of logs; the depletion width wrong at V
= Vbi (N's exact 0 out NaN); the junction capacitance domain at Vbi, SPICE's FC form wrong past Vbi (the idle branch's
NaN) and domain on its switch (the 1e-28 jump); EKV unstable at float32 v = 200, at v = -60 (log(1 + 9e-14)) and at 1500
(log1p too), ok by softplus and logaddexp, ok at v = -800 (below float64); the hand-written softplus rule with e^x / (1
+ e^x) unstable in float32 (inf / inf), with expit ok; the square law ok at threshold (max's tie squared is smooth;
every slope 0 in both dtypes), gm domain there; triode/saturation ok on their switch; Vgsteff unstable 40 n vt below
threshold and at float32 167 n vt above, ok by softplus; Vdseff domain at d = 0, ok at d = 0.01 (Vds = Vdsat and Vds =
0: the value 0 by cancellation computed within its tolerance), at 1e-20 and in float32; subthreshold unstable at Vds =
1e-12, ok by expm1 and at Vds = 0; exp(-b / E) ok in float32 at E = 0.05 (exp(-136) below float32), Fowler-Nordheim
domain at E = 0, its where wrong there (the idle -B / 0 leaks NaN) and ok at E = -1, the double where ok; the Fermi
rules right ok (in the tail too), the slips wrong with the rule's line named.

Truths corrected (gradcli right, re-derived): the Fermi function by scipy's expit in float32 at x = 100 is unstable, not
ok: expit(-100) = 3.7e-44 is 0 in SciPy's float32 (and in gradcli's), and the sigmoid rule's f (1 - f) / kT from a 5-bit
subnormal is 1.513e-42 for 1.488e-42 (1.7% off); by expit at kT = 1e-300 it is unstable, not ok: the divide's rule for
kT, -g x / y^2, squares kT = 1e-300 to 0, and -0.1 / 0 = -inf meets the upstream 0 (the sigmoid's slope at -1e299): 0 *
inf, an underflow of float64's inside gradcli's own rule (README: a NaN gradient an overflow or underflow in the dtype
made is unstable); F_1/2 by expit at eta = -700 is unstable, not ok: expit below -709.78 is 0 (SciPy's too) where the
exact entries are float64 subnormals, 1.4e-4 of the integral (the value only; at eta = -650 they are 1e-26 of it: ok);
Joyce-Dixon at n = 0 keeps -1 / Nc in Nc beside the pole (README's log(y / x) convention; my first truth said NaN);
Caughey-Thomas at N = 0 with Nref an input is wrong, not domain, and exp(-b / E) at E = 0 with b an input is wrong, not
domain: N's and E's slopes do not exist, but Nref's and b's exact 0 come out NaN from the chain rule's inf * 0 and 0 *
-inf (README's 1 / (y log1p(-x)) at x = 1; as 110c's Einstein radius); velocity saturation at E = 0 with beta an input
is ok, not wrong: gradcli's pow rule takes the exponent's slope x^b log x as 0 at x = 0, so beta keeps its exact 0; the
diode with series resistance by Lambert W at V = 0 is ok, not unstable: (n Vt / Rs) W(a e^a) - Is comes out exactly 0,
and Rs's computed -3.9e-31 beside its exact 0 is within rtol of the gradient's largest entry (3.9e-13), README's rule
for an exact 0.

Findings: none. Every disagreement of the round was my truth (above).

Observed: a float32 user script's k = 1.38e-23 and q = 1.6e-19 are normal float32 numbers and kT / q, q V / kT and kT
in joules (4.1e-21) all survive both passes; what breaks float32 in device code is densities, not constants: Nc Nv
(2.9e38 in cm^-3 at 300 K, over float32's range by 400 K, 2.9e50 in m^-3), n p in m^-3 (1e44), Na Nd (1e46), and
exponentials of band gaps over kT at cryogenic temperatures (subnormal by 70 K). SciPy's expit (and gradcli's, which
follows it) returns 0 below -709.78 in float64 and below about -88.7 in float32 rather than the subnormal: the
"stable" logistic spelling is only stable down to the subnormal range, and gradcli says so (unstable, naming the
underflow). The where- guarded Fowler-Nordheim at E = 0 is wrong (0 / 0-free exact arithmetic still gives -B / 0 =
-inf and 0 * inf) while SPICE's limiting at 30 V is unstable (exp(1160) is finite exactly): gradcli tells the two
apart as README says."""

import math

import mpmath
from mpmath import mpf

from cases import Case
from cases30b import sided_grad
from cases108c import _txt, dv, held, rpow, rsqrt, xlog

L = "lib111c.py"
NAN = mpmath.nan
INF = mpmath.inf
F32 = "float32"
exp, log, log1p, sqrt, expm1, tanh = mpmath.exp, mpmath.log, mpmath.log1p, mpmath.sqrt, mpmath.expm1, mpmath.tanh

# the program's constants as the Python floats it computes (lib111c's, re-typed here)
KB_EV = 8.617333262e-5
KB = 1.38e-23
Q = 1.6e-19
EPS0 = 8.854e-12
EPS_SI = 11.7 * EPS0
NC300, NV300 = 2.8e19, 1.04e19
NC300_SI, NV300_SI = 2.8e25, 1.04e25
EG0, VA, VB = 1.166, 4.73e-4, 636.0
TWO_OVER_SQRT_PI = 2.0 / math.sqrt(math.pi)
IS = 1e-14
VT300 = 0.02585


def rexp(x):
    return NAN if mpmath.isnan(x) else (mpf(0) if x == -INF else (INF if x == INF else exp(x)))


def rlog(x):
    return xlog(x) if not mpmath.isinf(x) else (INF if x > 0 else NAN)


def logistic(x):
    """1 / (1 + e^x), by its sign (no overflow at 2,000 digits either way)."""
    if mpmath.isnan(x):
        return NAN
    if x == INF:
        return mpf(0)
    if x == -INF:
        return mpf(1)
    return 1 / (1 + exp(x)) if x <= 0 else exp(-x) / (1 + exp(-x))


def softplus(x):
    return x + log1p(exp(-x)) if x > 0 else log1p(exp(x))


# --- the mathematics, in mpmath (never lib111c's code path); factories take the dtype for the program's constants ----

def m_varshni(dt):
    eg0, a, b = held(dt, EG0), held(dt, VA), held(dt, VB)
    return lambda t: eg0 - a * t ** 2 / (t + b)


def _ni(dt, nc0, nv0):
    eg, nc0, nv0, k2 = m_varshni(dt), held(dt, nc0), held(dt, nv0), held(dt, 2.0 * KB_EV)

    def ni(t):
        s = rpow(t / 300, mpf(1.5))
        if mpmath.isnan(s):
            return NAN
        return rsqrt(nc0 * s * nv0 * s) * rexp(dv(-eg(t), k2 * t))
    return ni


def m_ni(dt):
    return _ni(dt, NC300, NV300)


def m_ni_log(dt):
    # the one-exponential spelling folds log(NC300) and log(NV300) as Python floats
    lnc, lnv, eg, k2 = held(dt, math.log(NC300)), held(dt, math.log(NV300)), m_varshni(dt), held(dt, 2.0 * KB_EV)

    def ni(t):
        if t <= 0:
            return NAN
        return exp((lnc + lnv) / 2 + mpf(1.5) * log(t / 300) - dv(eg(t), k2 * t))
    return ni


def m_ni_si(dt):
    return _ni(dt, NC300_SI, NV300_SI)


def m_log_ni(dt):
    ni = m_ni(dt)
    return lambda t: rlog(ni(t))


def m_fermi(dt):
    return lambda e, ef, kt: logistic(dv(e - ef, kt))


def m_fermi_hole(dt):
    return lambda e, ef, kt: 1 - logistic(dv(e - ef, kt))


def m_fd(dt):
    """F_1/2 as the program's 65-node trapezoid on u = i / 8 (the normalisation 2 / sqrt(pi) as the Python float)."""
    k = held(dt, 2.0 * TWO_OVER_SQRT_PI)

    def f(eta):
        ys = [(mpf(i) / 8) ** 2 * logistic((mpf(i) / 8) ** 2 - eta) for i in range(65)]
        return k * (sum(ys) - (ys[0] + ys[-1]) / 2) / 8
    return f


def m_blakemore(dt):
    c = held(dt, 0.27)
    return lambda eta: 1 / (exp(-eta) + c)


def m_joyce_dixon(dt):
    a1, a2, a3, a4 = (held(dt, v) for v in (0.35355339, 4.95009e-3, 1.48386e-4, 4.42563e-6))

    def jd(n, nc):
        r = n / nc
        return rlog(r) + a1 * r - a2 * r ** 2 + a3 * r ** 3 - a4 * r ** 4
    return jd


def m_boltzmann(dt):
    nc = held(dt, NC300)
    return lambda ef, ec, kt: nc * rexp(dv(ef - ec, kt))


def m_n_fd(dt):
    nc, fd = held(dt, NC300), m_fd(dt)
    return lambda ef, ec, kt: nc * fd(dv(ef - ec, kt))


def m_fermi_level(dt):
    k, ni = held(dt, KB_EV), held(dt, 1e10)
    return lambda n, t: (NAN if n == 0 else k * t * rlog(n / ni))


def m_ct(dt):
    def mu(n, mu_min, mu_max, nref, alpha):
        return mu_min + (mu_max - mu_min) / (1 + rpow(n / nref, alpha))
    return mu


def m_ct_n(dt):
    a, b, nref, alpha = held(dt, 52.2), held(dt, 1417.0 - 52.2), held(dt, 9.68e16), held(dt, 0.68)
    return lambda n: a + b / (1 + rpow(n / nref, alpha))


def m_masetti(dt):
    a, pc, b, cr, al, c, cs = (held(dt, v) for v in (44.9, 9.23e16, 470.5, 2.23e17, 0.719, 29.0, 6.1e20))

    def mu(n):
        if n <= 0:
            return NAN if n < 0 else b  # exp(-inf) = 0, 1 / (1 + inf^2) = 0
        return a * exp(-pc / n) + b / (1 + rpow(n / cr, al)) - c / (1 + (cs / n) ** 2)
    return mu


def m_vsat(dt):
    def v(e, mu, vsat, beta):
        inner = rpow(mu * e / vsat, beta)
        return mu * e / rpow(1 + inner, 1 / beta)
    return v


def m_vsat_e(dt):
    m, vs = held(dt, 1400.0), held(dt, 1e7)
    return lambda e: m * e / sqrt(1 + (m * e / vs) ** 2)


def m_srh(dt):
    return lambda n, p, ni, tau_n, tau_p: (n * p - ni ** 2) / (tau_p * (n + ni) + tau_n * (p + ni))


def m_srh_si(dt):
    ni2, tau, ni = held(dt, 1e32), held(dt, 1e-6), held(dt, 1e16)
    return lambda n, p: (n * p - ni2) / (tau * (n + ni) + tau * (p + ni))


def m_srh_trap(dt):
    ni, ni2, tau = held(dt, 1e10), held(dt, 1e20), held(dt, 1e-6)

    def r(n, p, et, kt):
        n1, p1 = ni * exp(et / kt), ni * exp(-et / kt)
        return (n * p - ni2) / (tau * (n + n1) + tau * (p + p1))
    return r


def m_diode(dt):
    i_s, nvt = held(dt, IS), held(dt, VT300)
    return lambda v: i_s * expm1(v / nvt)


def m_diode_si(dt):
    i_s, q, k = held(dt, IS), held(dt, Q), held(dt, KB)
    return lambda v, t: i_s * expm1(dv(q * v, k * t))


def m_diode_limited(dt):
    i_s, vt, e40 = held(dt, IS), held(dt, VT300), held(dt, 2.3538526683702e17)

    def i(v):
        x = v / vt
        return i_s * (expm1(x) if x < 40 else e40 * (1 + x - 40) - 1)
    return i


def m_vt(dt):
    k, q = held(dt, KB), held(dt, Q)
    return lambda t: k * t / q


def m_lambertw(dt):
    nvt, i_s = held(dt, VT300), held(dt, IS)

    def i(v, rs):
        arg = i_s * rs / nvt * exp((v + i_s * rs) / nvt)
        return nvt / rs * mpmath.lambertw(arg).real - i_s
    return i


def m_vbi(dt, ni2):
    vt, ni2 = held(dt, VT300), held(dt, ni2)
    return lambda na, nd: vt * rlog(na * nd / ni2)


def m_vbi_cm(dt):
    return m_vbi(dt, 1e10 ** 2)


def m_vbi_si(dt):
    return m_vbi(dt, 1e16 ** 2)


def m_vbi_split(dt):
    vt, ni = held(dt, VT300), held(dt, 1e16)
    return lambda na, nd: vt * (rlog(na / ni) + rlog(nd / ni))


def m_depletion(dt):
    e2, q = held(dt, 2.0 * EPS_SI), held(dt, Q)
    return lambda v, vbi, n: rsqrt(e2 * (vbi - v) / (q * n))


def m_debye(dt):
    ek, q2 = held(dt, EPS_SI * KB), held(dt, Q ** 2)
    return lambda t, n: rsqrt(ek * t / (q2 * n))


def m_jcap(dt):
    c0 = held(dt, 1e-12)
    return lambda v, vbi: dv(c0, rpow(1 - v / vbi, mpf(0.5)))


def m_jcap_fc(dt):
    c0, c1, a = held(dt, 1e-12), held(dt, 1e-12 / (1.0 - 0.5) ** 1.5), held(dt, 1.0 - 0.5 * 1.5)

    def c(v, vbi):
        if v < vbi / 2:
            return dv(c0, rpow(1 - v / vbi, mpf(0.5)))
        return c1 * (a + v / vbi / 2)
    return c


def m_ekv(dt):
    return lambda v: softplus(v / 2) ** 2


def m_square(dt):
    return lambda vgs, vt, k, lam, vds: k / 2 * max(vgs - vt, 0) ** 2 * (1 + lam * vds)


def m_relu_prime(dt):
    k = held(dt, 2e-4)
    return lambda vgs, vt: k * max(vgs - vt, 0)


def m_regions(dt):
    k2, k1 = held(dt, 2e-4), held(dt, 1e-4)

    def i(vgs, vt, vds):
        vov = vgs - vt
        return k2 * (vov * vds - vds ** 2 / 2) if vds < vov else k1 * vov ** 2
    return i


def m_vgsteff(dt):
    return lambda vgs, vt, nvt: nvt * softplus(dv(vgs - vt, nvt))


def m_vdseff(dt):
    def v(vds, vdsat, delta):
        a = vdsat - vds - delta
        return vdsat - (a + rsqrt(a ** 2 + 4 * delta * vdsat)) / 2
    return v


def m_sub(dt):
    i0, vt0, nvt, vt = held(dt, 1e-7), held(dt, 0.4), held(dt, 1.5 * VT300), held(dt, VT300)
    return lambda vgs, vds: i0 * exp((vgs - vt0) / nvt) * -expm1(-vds / vt)


def m_tunnel(dt):
    return lambda e, b: rexp(dv(-b, e))


def m_fn(dt):
    a, b = held(dt, 1.5e-6), held(dt, 6.8)
    return lambda e: a * e ** 2 * rexp(dv(-b, e))


def m_fn_where(dt):
    a, b = held(dt, 1.5e-6), held(dt, 6.8)
    return lambda e: a * e ** 2 * exp(-b / e) if e > 0 else mpf(0)


# --- cases ------------------------------------------------------------------------------------------------------------

def _at(pt):
    return ",".join(f"{k}={_txt(v)}" for k, v in pt.items())


def C_(function, mirror, verdict="ok", dtype="float64", line=None, **pt):
    """A case whose truth is the one- and two-sided derivative of ``mirror(dtype)`` at the point as ``dtype`` holds
    it (``line``: a fragment of the line a finding must name)."""
    return Case(L, function, _at(pt), dtype, verdict, sided_grad(mirror(dtype), dtype, finite_sides=True, **pt), line)


def H_(function, truth, verdict="ok", dtype="float64", **pt):
    """A case whose truth is written by hand (evaluated at 60 digits)."""
    return Case(L, function, _at(pt), dtype, verdict, truth)


KT = dict(ef=0.0, kt=0.025852)  # room temperature, eV
KT25 = dict(ef=0.0, kt=0.025)  # (E - Ef) / kT = 40 E exactly enough: E = 20 is x = 800
CT = dict(mu_min=52.2, mu_max=1417.0, nref=9.68e16, alpha=0.68)
TAU = dict(ni=1e10, tau_n=1e-6, tau_p=1e-6)
VS = dict(mu=1400.0, vsat=1e7)

ALL = [
    # --- the band gap and the intrinsic density
    C_("varshni", m_varshni, t=0.0),  # Eg0 - a T^2 / (T + b): 0 / b, slope 0
    C_("varshni", m_varshni, dtype=F32, t=300.0),
    C_("intrinsic_density", m_ni, "domain", t=0.0),  # T^1.5 and exp(-Eg / 0): no left side
    C_("intrinsic_density", m_ni, t=10.0),  # exp(-676): 4e-277, float64 holds it
    C_("intrinsic_density", m_ni, t=4.2),  # liquid helium: exp(-1610), value and slope below float64: 0
    C_("intrinsic_density", m_ni, dtype=F32, t=300.0),  # Nc Nv = 2.9e38, just under float32's 3.4e38
    C_("intrinsic_density", m_ni, "unstable", dtype=F32, t=400.0),  # Nc Nv = 6.9e38 overflows float32
    C_("intrinsic_density_split", m_ni, dtype=F32, t=400.0),
    C_("intrinsic_density", m_ni, "unstable", dtype=F32, t=70.0),  # exp(-96) = 1e-42: a float32 subnormal
    C_("intrinsic_density_log", m_ni_log, dtype=F32, t=70.0),
    C_("intrinsic_density_si", m_ni_si, "unstable", dtype=F32, t=300.0),  # m^-3: Nc Nv = 2.9e50
    C_("log_intrinsic_density", m_log_ni, t=300.0),
    C_("log_intrinsic_density", m_log_ni, "unstable", t=4.2),  # log(0) for log n_i = -1570
    # --- Fermi-Dirac
    C_("fermi", m_fermi, dtype=F32, e=0.1, **KT),
    C_("fermi", m_fermi, "unstable", e=20.0, **KT25),  # x = 800: exp overflows, 0 * inf
    C_("fermi", m_fermi, "unstable", dtype=F32, e=2.5, **KT25),  # x = 100 in float32
    C_("fermi", m_fermi, e=-20.0, **KT25),  # x = -800: exp(-800) = 0, value 1, slope below float64
    C_("fermi", m_fermi, "domain", e=0.0, ef=0.0, kt=0.0),  # 0 / 0
    # kT = 0 above Ef: the step's 0, flat in E and Ef (slopes 0), a jump in kT; exp(0.1 / 0) = inf and the chain
    # rule's 0 * inf make E's and Ef's 0 NaN in any precision: wrong
    C_("fermi", m_fermi, "wrong", e=0.1, ef=0.0, kt=0.0),
    C_("fermi", m_fermi, "unstable", e=0.1, ef=0.0, kt=1e-300),  # kT -> 0: x = 1e299
    C_("fermi_logistic", m_fermi, e=20.0, **KT25),
    # float32 x = 100: scipy's expit flushes the subnormal 3.7e-44 to 0 (as SciPy does), and the sigmoid rule's
    # f (1 - f) / kT is a 5-bit subnormal: 1.51e-42 for 1.49e-42 (corrected: unstable, not ok)
    C_("fermi_logistic", m_fermi, "unstable", dtype=F32, e=2.5, **KT25),
    # kT = 1e-300: the divide's rule for kT, -g x / y^2, squares kT to 0 and makes 0 * (-0.1 / 0) NaN where the exact
    # slope is 0 (an underflow of the dtype's in gradcli's own rule; corrected: unstable, not ok)
    C_("fermi_logistic", m_fermi, "unstable", e=0.1, ef=0.0, kt=1e-300),
    C_("fermi_logistic", m_fermi, dtype=F32, e=0.5, **KT25),
    C_("fermi_tanh", m_fermi, e=20.0, **KT25),
    C_("fermi_hole", m_fermi_hole, "unstable", e=-1.0, **KT25),  # 1 - 1 / (1 + 4e-18): 0 for 4e-18
    # --- F_1/2 by a fixed quadrature, Blakemore, Joyce-Dixon
    C_("fd_half", m_fd, eta=0.0),
    C_("fd_half", m_fd, "unstable", eta=-650.0),  # exp(u^2 + 650) overflows at the last nodes: 0 * inf
    C_("fd_half_expit", m_fd, eta=-650.0),
    # eta = -700: expit(eta - u^2) below -709.78 is 0 (SciPy's too) where the exact entries are float64 subnormals;
    # they are 1.4e-4 of F_1/2 there, so the value is lost (corrected: unstable, not ok; the slope survives)
    C_("fd_half_expit", m_fd, "unstable", eta=-700.0),
    C_("electron_density_fd", m_n_fd, ec=0.0, **dict(KT, ef=0.1)),
    C_("electron_density_boltzmann", m_boltzmann, dtype=F32, ec=0.0, **dict(KT, ef=-0.2)),
    # float32, kT = 0.01 (116 K), 1 eV below the band: exp(-100) = 3.7e-44 is a float32 subnormal
    C_("electron_density_boltzmann", m_boltzmann, "unstable", dtype=F32, ef=-1.0, ec=0.0, kt=0.01),
    C_("blakemore", m_blakemore, "unstable", eta=-710.0),  # exp(710) overflows: 1 / inf, inf / inf
    C_("blakemore", m_blakemore, eta=800.0),
    C_("blakemore_exp", m_blakemore, "unstable", eta=800.0),  # inf / inf
    C_("blakemore_exp", m_blakemore, eta=-710.0),  # exp(-710) is a float64 subnormal of 50 bits
    # log(n / Nc) at n = 0: -inf for every Nc, which keeps its slope -1 / Nc beside the pole (README's log(y / x);
    # corrected from NaN)
    H_("joyce_dixon", lambda: {"n": NAN, "nc": -1 / mpf(2.8e19)}, "domain", n=0.0, nc=2.8e19),
    C_("joyce_dixon", m_joyce_dixon, dtype=F32, n=1e19, nc=2.8e19),
    C_("fermi_level", m_fermi_level, "domain", n=0.0, t=300.0),  # log(0), times T
    C_("fermi_level", m_fermi_level, dtype=F32, n=1e16, t=300.0),
    # --- mobility
    C_("caughey_thomas", m_ct, n=1e17, **CT),
    # undoped: (N / Nref)^0.68 has slope +inf at N = 0; mu_max keeps 1, the others 0, and Nref's 0 comes out NaN from
    # the chain rule's inf * 0 (d base / d Nref = -N / Nref^2 = 0): wrong, as README's 1 / (y log1p(-x)) at x = 1
    # (corrected from domain)
    C_("caughey_thomas", m_ct, "wrong", n=0.0, **CT),
    C_("caughey_thomas", m_ct, dtype=F32, n=1e38, **CT),  # float32's largest dopings
    C_("caughey_thomas_n", m_ct_n, "domain", n=0.0),
    C_("caughey_thomas_n", m_ct_n, dtype=F32, n=1e17),
    C_("masetti", m_masetti, "domain", n=0.0),  # exp(-Pc / N): flat from the right, +inf from the left
    C_("masetti", m_masetti, dtype=F32, n=1e12),  # exp(-92300) = 0 in the forward and the backward pass
    # E = 0: v = mu E (1 + ...)^(-1 / beta): slope mu in E, 0 in the rest; (mu E / vsat)^beta at 0
    # (gradcli's pow rule takes x^b log x as 0 at x = 0: beta keeps 0; corrected from wrong)
    C_("velocity_saturation", m_vsat, e=0.0, beta=2.0, **VS),
    C_("velocity_saturation", m_vsat, dtype=F32, e=1e4, beta=2.0, **VS),
    # a reverse field with beta = 1: (mu E / vsat)^beta of a negative base, no real slope in beta
    C_("velocity_saturation", m_vsat, "domain", e=-1e4, beta=1.0, **VS),
    C_("velocity_saturation_e", m_vsat_e, e=0.0),
    C_("velocity_saturation_e", m_vsat_e, dtype=F32, e=1e5),
    # --- recombination
    C_("srh", m_srh, n=1e16, p=1e4, **TAU),  # equilibrium: n p = ni^2 exactly in float64
    C_("srh", m_srh, n=0.0, p=0.0, **TAU),
    C_("srh", m_srh, "unstable", dtype=F32, n=1e16, p=1e4, **TAU),  # float32 n p - ni^2 cancels
    C_("srh_si", m_srh_si, "unstable", dtype=F32, n=1e22, p=1e22),  # n p = 1e44 overflows float32
    C_("srh_trap", m_srh_trap, n=1e16, p=1e4, et=0.5, kt=0.025852),
    # a deep trap at 58 K in float32: exp(0.5 / 0.005) = exp(100) overflows, n1 = inf
    C_("srh_trap", m_srh_trap, "unstable", dtype=F32, n=0.0, p=0.0, et=0.5, kt=0.005),
    # --- diodes
    C_("diode", m_diode, "unstable", v=1e-9),  # exp(3.9e-8) - 1
    C_("diode_expm1", m_diode, v=1e-9),
    C_("diode", m_diode, "unstable", dtype=F32, v=3.0),  # exp(116) overflows float32; I = 2.4e36
    C_("diode", m_diode, dtype=F32, v=0.7),
    C_("diode", m_diode, "domain", v=20.0),  # I = 1e322: past float64
    # SPICE's limiting by a where: at 30 V the taken branch is the tangent line, the idle exp(1160) overflows and
    # 0 * inf leaks NaN into the slope (float64's overflow; in exact arithmetic the idle cotangent 0 stays 0)
    C_("diode_limited", m_diode_limited, "unstable", v=30.0, line="np.where(x < 40.0, np.exp(x) - 1.0"),
    C_("diode_si", m_diode_si, dtype=F32, v=0.6, t=300.0),  # kT = 4.1e-21 J in float32
    C_("thermal_voltage", m_vt, dtype=F32, t=300.0),
    C_("thermal_voltage", m_vt, t=0.0),
    # V = 0: (n Vt / Rs) W(a e^a) - Is is 0 by cancellation, computed as 0 exactly; Rs's exact 0 beside 3.9e-13 takes
    # its tolerance from that (corrected: ok, not unstable)
    C_("diode_series_lambertw", m_lambertw, v=0.0, rs=10.0),
    C_("diode_series_lambertw", m_lambertw, "unstable", v=30.0, rs=10.0),  # exp(1160) overflows; I = 2.9 A
    C_("diode_series_lambertw", m_lambertw, dtype=F32, v=0.7, rs=10.0),
    C_("builtin_potential", m_vbi_cm, dtype=F32, na=1e17, nd=1e17),
    C_("builtin_potential_si", m_vbi_si, "unstable", dtype=F32, na=1e23, nd=1e23),  # Na Nd = 1e46 overflows float32
    C_("builtin_potential_split", m_vbi_split, dtype=F32, na=1e23, nd=1e23),
    # V = Vbi: sqrt(0), no slope in V or Vbi; N keeps slope 0 (W = 0 for every N), sqrt's rule inf * 0
    C_("depletion_width", m_depletion, "wrong", v=0.8, vbi=0.8, n=1e22),
    C_("depletion_width", m_depletion, dtype=F32, v=-5.0, vbi=0.8, n=1e22),
    C_("debye_length", m_debye, dtype=F32, t=300.0, n=1e22),
    C_("junction_cap", m_jcap, "domain", v=0.8, vbi=0.8),  # the pole SPICE's FC avoids
    C_("junction_cap_fc", m_jcap_fc, v=0.2, vbi=0.8),
    # at the switch V = FC Vbi the extension meets the curve in value and slope, up to the rounding of the folded
    # 1e-12 / 0.5^1.5
    C_("junction_cap_fc", m_jcap_fc, "domain", v=0.4, vbi=0.8),
    # forward bias past Vbi: the idle (1 - V / Vbi)^-0.5 is NaN and its rule leaks NaN through the where
    C_("junction_cap_fc", m_jcap_fc, "wrong", v=1.2, vbi=0.8),
    # --- MOSFETs
    C_("ekv", m_ekv, "unstable", dtype=F32, v=200.0),  # 5 V / Ut: exp(100) overflows float32
    C_("ekv_softplus", m_ekv, dtype=F32, v=200.0),
    C_("ekv_logaddexp", m_ekv, dtype=F32, v=200.0),
    C_("ekv", m_ekv, "unstable", v=-60.0),  # deep subthreshold: log(1 + 9.4e-14)
    C_("ekv_log1p", m_ekv, v=-60.0),
    C_("ekv", m_ekv, "unstable", v=1500.0),  # exp(750) overflows float64
    C_("ekv_log1p", m_ekv, "unstable", v=1500.0),  # log1p(inf)
    C_("ekv_softplus", m_ekv, v=1500.0),
    C_("ekv", m_ekv, v=-800.0),  # value and slope below float64: 0
    C_("ekv_rule", m_ekv, dtype=F32, v=200.0),
    C_("ekv_naive_rule", m_ekv, "unstable", dtype=F32, v=200.0),  # the rule's e^x / (1 + e^x): inf / inf
    # at threshold: max(Vgs - Vt, 0)^2 is differentiable (slope 0 from both sides)
    C_("square_law", m_square, vgs=0.5, vt=0.5, k=2e-4, lam=0.05, vds=1.0),
    C_("square_law", m_square, dtype=F32, vgs=1.0, vt=0.5, k=2e-4, lam=0.05, vds=1.0),
    C_("square_law_relu_prime", m_relu_prime, "domain", vgs=0.5, vt=0.5),  # gm's kink at threshold
    # Vds = Vov: triode and saturation meet with equal value and slopes (C1)
    C_("square_law_regions", m_regions, vgs=1.0, vt=0.5, vds=0.5),
    C_("square_law_regions", m_regions, dtype=F32, vgs=1.0, vt=0.5, vds=0.5),
    C_("vgsteff", m_vgsteff, "unstable", vgs=0.0, vt=0.5, nvt=0.0125),  # log(1 + e^-40) = 0 for 4e-18
    C_("vgsteff_softplus", m_vgsteff, vgs=0.0, vt=0.5, nvt=0.0125),
    C_("vgsteff", m_vgsteff, "unstable", dtype=F32, vgs=5.5, vt=0.5, nvt=0.03),  # exp(167) overflows float32
    C_("vgsteff_softplus", m_vgsteff, dtype=F32, vgs=5.5, vt=0.5, nvt=0.03),
    C_("vdseff", m_vdseff, "domain", vds=0.5, vdsat=0.5, delta=0.0),  # d = 0: min(Vds, Vdsat), a kink
    C_("vdseff", m_vdseff, vds=0.5, vdsat=0.5, delta=0.01),
    C_("vdseff", m_vdseff, vds=0.0, vdsat=0.5, delta=0.01),  # Vdseff = 0 at Vds = 0, by cancellation
    C_("vdseff", m_vdseff, vds=0.5, vdsat=0.5, delta=1e-20),
    C_("vdseff", m_vdseff, dtype=F32, vds=1.0, vdsat=0.5, delta=0.01),
    C_("subthreshold", m_sub, "unstable", vgs=0.3, vds=1e-12),  # 1 - exp(-3.9e-11)
    C_("subthreshold_expm1", m_sub, vgs=0.3, vds=1e-12),
    C_("subthreshold", m_sub, vgs=0.3, vds=0.0),
    # --- tunnelling
    # exp(-b / 0): flat from the right, +inf from the left; b keeps slope 0 (0 for every b > 0), the chain rule's
    # exp(-inf) * (-1 / 0) = 0 * -inf makes it NaN: wrong (corrected from domain)
    C_("tunnelling", m_tunnel, "wrong", e=0.0, b=6.8),
    C_("tunnelling", m_tunnel, dtype=F32, e=0.05, b=6.8),  # exp(-136): below float32, 0
    C_("fowler_nordheim", m_fn, "domain", e=0.0),
    C_("fowler_nordheim", m_fn, dtype=F32, e=10.0),
    # guarded by a where: 0 at E <= 0, smooth through 0 (every derivative 0), the idle branch's -B / 0 leaks NaN
    C_("fowler_nordheim_where", m_fn_where, "wrong", e=0.0),
    C_("fowler_nordheim_where", m_fn_where, e=-1.0),
    C_("fowler_nordheim_safe", m_fn_where, e=0.0),
    # --- hand-written rules
    C_("fermi_rule", m_fermi, e=20.0, **KT25),
    C_("fermi_rule_slip", m_fermi, "wrong", e=0.1, line="def _occupation_slip>>def grad_fn(upstream):",
       **KT),  # the sign of -f (1 - f) dropped
    C_("fermi_rule3", m_fermi, e=0.1, **KT),  # a rule of three inputs
    C_("fermi_rule3_slip", m_fermi, "wrong", e=0.1, line="def _occupation3_slip>>def grad_fn(upstream):",
       **KT),  # kT's slope with its sign flipped
]
