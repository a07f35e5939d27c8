"""The hundred-and-seventh round (c) of user trials: fluid mechanics and pipe flow written with gradcli.numpy
(tests/trials/lib107c.py).

The formulas hydraulic and process engineers fit or differentiate: the Darcy friction factor by Colebrook-White,
1 / sqrt(f) = -2 log10(eps / 3.7 + 2.51 / (Re sqrt f)), in 30 fixed-point sweeps from x = 8 and in 6 Newton steps from
Swamee-Jain's x (Re = 1e5 in both dtypes, 4000 rough, 1e8 smooth; Re = 1e300, float32 1e30 and 3e38), switched from
64 / Re by np.where(Re < 2300, ...) (exactly at 2300 in both dtypes, the floats either side, Re = 1000 and 100, Re = 10
in both dtypes where the untaken sweeps take log10 of a negative number, Re = 0); Swamee-Jain 0.25 / log10(eps / 3.7 +
5.74 / Re^0.9)^2 (Re = 1e300, float32 1e30), Haaland (eps = 0: (eps / 3.7)^1.11 at its base's 0; Re = 1e300) and
Churchill's ((8 / Re)^12 + (A + B)^-1.5)^(1/12) with A = (2.457 ln(1 / ((7 / Re)^0.9 + 0.27 eps)))^16 and B = (37530 /
Re)^16 (Re = 1e5 in both dtypes, 2300, 100 in both dtypes, float32 200, 1e-17, 1e300, float32 1e10 and 1e30);
Reynolds number (mu = 0), Darcy-Weisbach (V = 0, D = 0) and a whole pipe's head loss from Q through V, Re and
Swamee-Jain (Q = 0); Hazen-Williams 10.67 Q^1.852 / (C^1.852 D^4.8704) (Q = 0, Q < 0), its sign(Q) |Q|^1.852 form (Q =
0 in both dtypes, +-0.05) and its np.where(Q >= 0, Q ** 1.852, -(-Q) ** 1.852) form (+-0.05, 0); orifice flow Cd A
sqrt(2 max(dp, 0) / rho) (dp = 0, dp < 0 in both dtypes) and the double-where form; a valve Kv sign(dp) sqrt(|dp| /
1 bar) (dp = 0, dp = 5e-324); Bernoulli's p2 and v2 (v2 = 0: sqrt's vertex); a pump curve H0 + b Q - a Q^2 on a system
curve Hs + k Q^2: the operating flow by the school formula (b = -10 and H0 - Hs = 1e-10: cancellation; H0 = Hs with b
< 0 and with b = 0), by Vieta's 2 C / (sqrt(D) - b), and sqrt((H0 - Hs) / (a + k)) (H0 = Hs, H0 < Hs); isentropic nozzle
flow with the pressure ratio held at the critical (2 / (gamma + 1))^(gamma / (gamma - 1)) by np.maximum (choked,
subsonic, pb = p0, the tie exactly in float64 and at float32's ratio) and by np.where (pb > p0: back-flow), and the
mass-flow function psi(r) alone (r = 0.3, 0.8, the tie, 1); the rectangular channel's critical depth (q^2 / g)^(1/3)
(Q = 0, Q = 1e200: q^2 overflows) and by np.cbrt (Q = 0 in both dtypes), the Froude number (y = 0); Schiller-Naumann
24 / Re (1 + 0.15 Re^0.687) (Re = 1 in both dtypes, 0, 1e-300, float32 1e-30, 1e-150) and its expanded 24 / Re + 3.6
Re^-0.313, the drag force 3 pi mu d v (1 + 0.15 Re^0.687) at Re = 0, and a sand grain's settling speed by 60 sweeps of
v = sqrt(4 g d (rho_p - rho) / (3 C_D rho)) from Stokes' law (both dtypes; rho_p = rho); a Moody chart read off a
smooth-pipe table by exp(interp(log Re, log Re_i, log f_i)) (between knots, below the table, on the knot
1e5 and the first knot 4e3) and by 10 ** interp(log10 ...) (on the knots 1e4 and 1e5).

Tried: 33 functions, 143 cases run through the CLI and judged by tests/trials/judge.py (a scratch driver runs the CLI in
two threads, at most two gradcli processes, and judges in the main one): a first full run of 138, a second of 143 after
the corrections below and five added (the mass-flow function's four, Hazen-Williams' signed float32 at +0.05), a run of
the changed Moody cases, scratch reproductions by hand of each disagreement (tests of 10.67 * np.sign(x) * x, maximum's
ties with slivers of 1e-20 and 1e-16, interp on knots that are np.log of the table inside and outside the function), and
a final full run of the kept ones. ALL keeps 120 (23 redundant ordinary points dropped): 64 ok, 25 domain, 16 unstable,
15 wrong; 91 float64, 29 float32. Every check took 1.3-13.2 s on the shared machine (two at once; the slowest the
float32 switch at Re = 2300 and the particle at rho_p = rho); the final full run took 140 s, 116 passing and the 4
findings' cases failing; all truths evaluate in about 10 s (the implicit ones by findroot at 2,000 digits, 0.3-0.6 s
each).

Truths are written here from the mathematics, never lib107c's code or gradcli: Colebrook's x = 1 / sqrt(f) as the
root of x + 2 log10(a + b x) = 0 solved by mpmath.findroot (F increases in x, the root is unique), not the program's
sweeps or Newton steps (both converge to that root far below 1e-10: sweeps contract by about 0.1, Newton
quadratically); the settling speed likewise as the root of the force balance v^2 3 C_D(Re(v)) rho = 4 g d (rho_p -
rho); the Hazen-Williams signed and where forms as one sign(Q) |Q|^p; the shock-free Bernoulli p2 with v1^2 - v2^2 as
(v1 - v2)(v1 + v2); the operating point by Vieta's form where b < 0 and the school form elsewhere; the clamps as Python
max; the Moody table's logs at the working precision. The points as the dtype holds them and the program's Python
constants as the dtype holds them (a Python float meets a float32 array as float32; expressions of Python floats such
as 2 G, 0.5 rho, rho G, 2 gamma / (gamma - 1), (gamma + 1) / gamma, the critical ratio, 3 pi computed as doubles first;
the exponents 0.9, 1.11, 1.852, 4.8704, 0.687, -0.313, 1/12, 1/3 held too). Derivatives from the left and the right
by mpmath.diff at 2,000 digits (cases30b.sided_grad with finite_sides: NaN where the sides differ or one is undefined
or infinite); by hand the poles (Re = 0, mu = 0, D = 0, y = 0), the valve's two-sided infinite slope at dp = 0, the
whole pipe at Q = 0 and the particle at rho_p = rho (below).

What agreed (beyond the ordinary points, ok in both dtypes): Colebrook by sweeps and by Newton ok at Re = 1e5, 4000
rough, 1e8 smooth; the laminar switch domain at Re = 2300 in both dtypes (64 / 2300 against Colebrook's 0.05: a
jump), ok at the floats either side, and wrong at Re = 10 in both dtypes (the untaken sweeps' log10(-0.15) NaN through
where; gradcli's fix, the double where, re-checked ok), ok at Re = 100 and 1000 (the untaken sweeps converge); domain
at Re = 0; Churchill ok at 2300, at Re = 100 in float64 and at float32 Re = 200, unstable at float32 Re = 100 (B =
375^16 past float32, (A + B)^-1.5 = 0 with its rule's 0 * inf) and at Re = 1e-17 (the same in float64), and at
float32 Re = 1e10 and 1e30 ((A + B)^-1.5 below float32); Hazen-Williams domain at Q < 0, its where form wrong at +-0.05
(the untaken branch's power of a negative number), ok at 0; orifice flow wrong at dp < 0 in both dtypes (flat; sqrt's
inf times the clamp's 0) and its double-where form ok there, domain at dp = 0; the valve domain at dp = 0 and unstable
at dp = 5e-324 (|dp| / 1e5 underflows: the value 7e-164 and slope 7e159 lost); Bernoulli's v2 domain at v2 = 0; the
school quadratic unstable at b = -10, H0 - Hs = 1e-10 (value 8e-9 relative off) and Vieta's form ok there, ok at H0 =
Hs with b < 0; sqrt((H0 - Hs) / (a + k)) domain at H0 < Hs; the nozzle ok choked (pb's slope 0) and subsonic, domain
at pb = p0 (sqrt's vertex) and back-flow; the where-switched nozzle domain at the critical ratio exactly (the choked
constant and psi(crit) differ in their last bits: a jump); the mass-flow function domain at r = 1; critical depth
unstable at Q = 1e200 (q^2 overflows beside the held 4.7e132); the Froude number domain at y = 0; Schiller-Naumann
domain at Re = 0, at 1e-300 and float32 1e-30 (slopes -2.4e601 and -2.4e61 past the dtype), ok at 1e-150 (-2.4e301
held); the drag force domain at Re = 0 (Re^0.687's vertex; mu, d keep 0, v keeps 3 pi mu d); the settling speed ok in
both dtypes; the Moody lookup ok between knots and clamped outside the table (slope 0), its log10 form domain on the
knots 1e4 and 1e5 (log10 of a power of ten is exact in float64 too).

Truths the round corrected in itself (against the first CLI run; each re-derived before changing it, gradcli right
each time):
- Colebrook by sweeps at Re = 1e300 and float32 Re = 1e30 and 3e38, by Newton at 1e300, Swamee-Jain at 1e300 and
  float32 1e30, first ok: the rules' 2.51 x / Re^2 and 5.74 / Re^1.9 underflow, so the slope in Re is computed 0,
  while the exact one (-8.3e-309, -9.9e-36, -1.5e-44, -1.0e-308, -1.1e-35) is a number the dtype holds (normal or
  subnormal): unstable (README: a computed 0 against a tiny exact entry has lost all of it);
- Churchill in float32 at Re = 1e5, first ok: (A + B)^-1.5 = 2e-32 holds, but the power rule's (A + B)^-2.5 = 1.6e-53
  underflows float32, so the slopes come out -5e-25 and 0 for -3.4e-8 and 5.6 (the rule y x^(y-1); NumPy-style
  frameworks write it so too): unstable, at an ordinary turbulent point; Churchill at Re = 1e300, first ok: 1 / (7 /
  Re)^0.9 = 1.7e269 holds, divide's rule squares 5.8e-270 to 0 (inf and NaN): unstable;
- Haaland at eps = 0 and Hazen-Williams at Q = 0, first domain (a power of a base at 0, no left side): README says
  x ** y, y > 1 no whole number, at a base of exactly 0 has the slope of the side it is defined on, 0: ok;
- the whole pipe at Q = 0, first domain in every input: the loss is 0 for every D, L and eps there (f = 0.25 /
  log10(inf)^2 = 0 and V = 0), so they keep slope 0, computed NaN for D and eps: wrong (106c's Sutton-Graves at
  rho = 0); likewise orifice flow at dp = 0 (rho keeps 0, computed 0 * inf), the school quadratic at b = 0, H0 = Hs
  and sqrt((H0 - Hs) / (a + k)) at H0 = Hs (a and k keep 0), the critical depth at Q = 0 by ** (1/3) and by np.cbrt in
  both dtypes (b keeps 0), and the settling speed at rho_p = rho (v = 0 for every d; d keeps 0, computed 24 / 0 and
  0 * inf): each first domain, wrong;
- the Moody lookup on the knots 1e5 and 4e3, first ok with one segment's slope: I had taken the knots as the float64
  logs (ln(1e5) 2e-16 off its double, a tie made by rounding), but np.log of the table inside the function is an
  operation of the program, exact in its mathematics (only literals are held), so ln(1e5) is both the point and the
  knot: a kink, domain (a table whose logs are taken at import is another matter: scratch, KNOTS = np.log(...) at
  module level is a stored array, and there gradcli finds the tie made by rounding, unstable, as it should);
- the float32 nozzle at float32's critical ratio, first domain: the held ratio and the held point tie, but the ratio
  as written (a double) lies 2e-8 below the point: README's constant-rounded, judged as written on the subsonic side:
  its slopes, pb computed 2.3e-13 for -2.1e-14: unstable.

Findings:
- F1 (mended): in float32, a Python float multiplied by np.sign(...) of the traced input is taken by the exact reference
  as the double, while the program multiplies by the float32 the literal meets the data as. Reproduction (a file
  f.py: `import gradcli.numpy as np` and `def f(x): return 10.67 * np.sign(x) * x`): `gradcli check f.py:f --at
  x=0.5 --dtype float32 --json` gives gradient 10.670000076293945 (float32's 10.67) and exact_gradient 10.67; the
  same without np.sign (`10.67 * x`) gives exact 10.670000076293945, as README's held literals say it should. In the
  round: `gradcli check tests/trials/lib107c.py:hazen_williams_signed --at Q=0.05,C=130.0,D=0.2 --dtype float32
  --json` (and Q=-0.05): exact Q 0.47486286954460033, truth 0.47486287294002319 (7.2e-9 relative; C and D likewise).
  Sure because: of the eight ways to hold 10.67, 1.852 and 4.8704 as double or float32, gradcli's number is exactly
  (to 2e-17) the one with 10.67 as the double and both exponents as float32, while lib107c's unsigned
  hazen_williams at the same float32 point agrees with all three held (its case passes); the verdict (ok) is
  unchanged, the exact gradient is not the program's. Mended: a literal of the user's code whose float32 rounding is
  an untraced argument of a recorded op (NumPy's 10.67 * sign(x), sign carrying no gradient) met the dtype's data
  (`held_literals.literals_in`, `_code_floats`): held, exact 10.670000076293945.
- F2 (mended): at an exact tie of np.maximum(r, crit) whose other branch's slope is a sliver, the exact reference
  reports the mean of the two one-sided slopes (maximum's tie split) as the derivative instead of no derivative.
  Reproduction: `gradcli check tests/trials/lib107c.py:flow_function --at r=0.5282817877171742 --dtype float64
  --json` (psi(max(r, crit)), crit = (2 / 2.4)^3.5 as the program computes it, the point that double): verdict
  unstable, exact r -4.993842515700252e-17; true: no derivative (domain): the slope is exactly 0 from the left
  (max gives the constant) and -9.987685031e-17 from the right (analytically c (a r^(a-1) - b r^(b-1)) / (2 psi)
  with the program's doubles a = 2 / 1.4, b = 2.4 / 1.4, c = 7.000000000000001: the subsonic branch's maximum lies
  at 0.52828178771717412283, 3.3e-17 below the rounded ratio), mpmath.diff's two sides agreeing at 2,000 digits;
  gradcli's -4.99e-17 is exactly half of -9.99e-17. In nozzle_mass_flow at p0 = 1, pb = crit (`gradcli check
  tests/trials/lib107c.py:nozzle_mass_flow --at p0=1.0,pb=0.5282817877171742,T0=300.0,A=0.0001 --dtype float64
  --json`) the same tie gives p0 no derivative (its sides differ by 1.798e-23, which gradcli reports) but pb
  -1.7017e-23, half of its right slope -3.4035e-23 (left 0): unstable for the truth's domain. A larger sliver is
  found: (np.maximum(x, 0.5) - 0.5) * 1e-20 at x = 0.5 is domain with "the slope is 0 from the left and 1e-20 from
  the right", so the miss is where the sliver comes from the branch's own cancellation (a r^(a-1) - b r^(b-1)).
  Mended: the side's quotient at the kink test's third step was lost in its own rounding (a slope of 1e-16 beside a
  curvature of 1, at the step 1e-40 with 60 digits), which said no claim; it now asks for more digits
  (`kinks._third_in_its_rounding`): domain, "0 from the left and -9.98769e-17 from the right".

Observed besides (no finding): the where-switched Colebrook's leak depends on the sweeps' start (x = 8): Re = 10 and 20
leak (20 run in the first full run), 25 and 50 (by hand) oscillate to their root; Churchill in float32 is unusable for
gradients at every turbulent Re (the power rule's x^(y-1) underflows though x^y does not); in the scratch reproduction
psi(max(r, CRIT)) with CRIT a module constant gave exact 0 and ok (neither side's mean nor NaN)."""

import math

import mpmath
import numpy
from mpmath import mpf

from cases import Case
from cases30b import sided_grad

L = "lib107c.py"
NAN = mpmath.nan
F32 = "float32"
exp, log, log10, sqrt = mpmath.exp, mpmath.log, mpmath.log10, mpmath.sqrt


def _txt(v):
    if isinstance(v, list):
        return "[" + ",".join(_txt(a) for a in v) + "]"
    return repr(float(v))


def held(dtype, value):
    """The number the dtype holds for a point's coordinate or a constant the program casts to it."""
    return mpf(float(numpy.float32(value))) if dtype == F32 else mpf(float(value))


def real(v):
    """An mpmath result as a real number, NaN where it is complex (a negative base to a fractional power)."""
    if isinstance(v, mpmath.mpc):
        return v.real if v.imag == 0 else NAN
    return v


def rpow(x, p):
    """x^p for real x; NaN below 0 for a non-integer p (as the program's float power), 0^p = 0 for p > 0."""
    if x < 0 and p != int(p):
        return NAN
    return real(mpmath.power(x, p))


# the program's constants, as the Python floats it computes them (each meets an array as one number)
G, RHO_W, MU_W, RE_CRIT, GAMMA, R_AIR, LN10 = 9.80665, 998.2, 1.002e-3, 2300.0, 1.4, 287.05, 2.302585092994046
CRIT = (2.0 / (GAMMA + 1.0)) ** (GAMMA / (GAMMA - 1.0))  # 0.5282817877171742
MOODY_RE = [4e3, 1e4, 1e5, 1e6, 1e7]
MOODY_F = [0.0399, 0.0309, 0.0180, 0.0116, 0.0081]


# --- the mathematics, in mpmath (never lib107c's code path); factories take the dtype for the program's constants ----

def _colebrook_x(a, b):
    """The root of Colebrook's x + 2 log10(a + b x) = 0 (x = 1 / sqrt(f); a = eps / 3.7, b = 2.51 / Re): the
    equation itself solved (mpmath.findroot from the smooth-pipe estimate), not the program's sweeps or its Newton
    steps; F is increasing in x, so its root is unique."""
    if b <= 0:
        return NAN
    x0 = mpf(2) * log10(1 / b) if b < 1 else mpf(2)
    return mpmath.findroot(lambda x: x + 2 * log10(a + b * x), x0, tol=mpf(10) ** -1900)


def m_colebrook(dt):
    c37, c251 = held(dt, 3.7), held(dt, 2.51)

    def f(Re, eps_D):
        x = _colebrook_x(eps_D / c37, c251 / Re) if Re > 0 else NAN
        return 1 / x ** 2
    return f


def m_friction(dt):
    col = m_colebrook(dt)
    return lambda Re, eps_D: 64 / Re if Re < RE_CRIT else col(Re, eps_D)


def m_swamee(dt):
    c37, c574, c09 = held(dt, 3.7), held(dt, 5.74), held(dt, 0.9)
    return lambda Re, eps_D: mpf(1) / (4 * log10(eps_D / c37 + c574 / rpow(Re, c09)) ** 2) if Re > 0 else NAN


def m_haaland(dt):
    c37, c18, c111, c69 = held(dt, 3.7), held(dt, 1.8), held(dt, 1.11), held(dt, 6.9)

    def f(Re, eps_D):
        s = rpow(eps_D / c37, c111) + c69 / Re
        return 1 / (c18 * log10(s)) ** 2
    return f


def m_churchill(dt):
    c2457, c7, c09, c027, c375, third = (held(dt, 2.457), held(dt, 7.0), held(dt, 0.9), held(dt, 0.27),
                                         held(dt, 37530.0), held(dt, 1.0 / 12.0))

    def f(Re, eps_D):
        # A = (2.457 ln(1 / ((7 / Re)^0.9 + 0.27 eps)))^16 as -2.457 ln(...) to the 16th (an even power)
        A = (c2457 * log(rpow(c7 / Re, c09) + c027 * eps_D)) ** 16
        B = (c375 / Re) ** 16
        return 8 * mpmath.power(mpmath.power(8 / Re, 12) + 1 / (A + B) ** mpf(1.5), third)
    return f


def m_darcy(dt):
    g2 = held(dt, 2.0 * G)
    return lambda f, L, D, V: f * L * V * V / (D * g2)


def m_pipe(dt):
    pi, c37, c574, c09, rho, mu, g2 = (held(dt, math.pi), held(dt, 3.7), held(dt, 5.74), held(dt, 0.9),
                                       held(dt, RHO_W), held(dt, MU_W), held(dt, 2.0 * G))

    def h(Q, D, L, eps):
        V = 4 * Q / (pi * D * D)
        Re = rho * V * D / mu
        if Re <= 0:
            return NAN
        f = 1 / (4 * log10(eps / (c37 * D) + c574 / rpow(Re, c09)) ** 2)
        return f * L * V * V / (D * g2)
    return h


def m_hazen(dt):
    k, p, e = held(dt, 10.67), held(dt, 1.852), held(dt, 4.8704)
    return lambda Q, C, D: k * rpow(Q, p) / (rpow(C, p) * rpow(D, e))


def m_hazen_signed(dt):
    k, p, e = held(dt, 10.67), held(dt, 1.852), held(dt, 4.8704)
    return lambda Q, C, D: k * mpmath.sign(Q) * rpow(abs(Q), p) / (rpow(C, p) * rpow(D, e))


def m_orifice(dt):
    return lambda dp, rho, Cd, A: Cd * A * sqrt(2 * max(dp, 0) / rho)


def m_orifice_safe(dt):
    return lambda dp, rho, Cd, A: Cd * A * sqrt(2 * dp / rho) if dp > 0 else mpf(0)


def m_valve(dt):
    return lambda dp, Kv: Kv * mpmath.sign(dp) * sqrt(abs(dp) / 100000)


def m_bern_p2(dt):
    hr, rg = held(dt, 0.5 * RHO_W), held(dt, RHO_W * G)
    return lambda p1, v1, z1, v2, z2: p1 + hr * (v1 - v2) * (v1 + v2) + rg * (z1 - z2)


def m_bern_v2(dt):
    rho, g2 = held(dt, RHO_W), held(dt, 2.0 * G)

    def v(p1, v1, z1, p2, z2):
        s = v1 * v1 + 2 * (p1 - p2) / rho + g2 * (z1 - z2)
        return sqrt(s) if s >= 0 else NAN
    return v


def m_operating(dt):
    """The positive root of (a + k) Q^2 - b Q - (H0 - Hs) by Vieta's second form 2 C / (sqrt(D) - b) where b < 0,
    the school form elsewhere (at 2,000 digits either is exact; the pair is a second route to the program's)."""
    def q(H0, b, a, Hs, k):
        A, C = a + k, H0 - Hs
        D = b * b + 4 * A * C
        if D < 0:
            return NAN
        return 2 * C / (sqrt(D) - b) if b < 0 else (b + sqrt(D)) / (2 * A)
    return q


def m_operating_simple(dt):
    def q(H0, a, Hs, k):
        s = (H0 - Hs) / (a + k)
        return sqrt(s) if s >= 0 else NAN
    return q


def _psi(dt, r):
    c, e1, e2 = held(dt, 2.0 * GAMMA / (GAMMA - 1.0)), held(dt, 2.0 / GAMMA), held(dt, (GAMMA + 1.0) / GAMMA)
    s = c * (rpow(r, e1) - rpow(r, e2))
    return sqrt(s) if s >= 0 else NAN


def m_nozzle(dt):
    crit, R = held(dt, CRIT), held(dt, R_AIR)
    return lambda p0, T0, pb, A: A * p0 / sqrt(R * T0) * _psi(dt, max(pb / p0, crit))


def m_flow(dt):
    crit = held(dt, CRIT)
    return lambda r: _psi(dt, max(r, crit))


def m_nozzle_where(dt):
    crit, R = held(dt, CRIT), held(dt, R_AIR)
    choked = held(dt, GAMMA ** 0.5 * (2.0 / (GAMMA + 1.0)) ** ((GAMMA + 1.0) / (2.0 * (GAMMA - 1.0))))

    def m(p0, T0, pb, A):
        r = pb / p0
        return A * p0 / sqrt(R * T0) * (choked if r < crit else _psi(dt, r))
    return m


def m_critical_depth(dt):
    g, third = held(dt, G), held(dt, 1.0 / 3.0)
    return lambda Q, b: rpow(Q * Q / (b * b * g), third)


def m_critical_cbrt(dt):
    g = held(dt, G)
    return lambda Q, b: mpmath.cbrt(Q * Q / (b * b * g))


def m_froude(dt):
    g = held(dt, G)
    return lambda Q, b, y: Q / (b * y * sqrt(g * y)) if y > 0 else NAN


def m_sn(dt):
    c, p = held(dt, 0.15), held(dt, 0.687)
    return lambda Re: 24 * (1 + c * rpow(Re, p)) / Re


def m_sn_expanded(dt):
    c, p = held(dt, 3.6), held(dt, -0.313)
    return lambda Re: 24 / Re + c * rpow(Re, p) if Re > 0 else NAN


def m_drag_force(dt):
    k, c, p = held(dt, 3.0 * math.pi), held(dt, 0.15), held(dt, 0.687)
    return lambda Re, mu, d, v: k * mu * d * v * (1 + c * rpow(Re, p))


def m_terminal(dt):
    """The settling speed as the root of v^2 = 4 g d (rho_p - rho) / (3 C_D(Re(v)) rho): the balance itself solved,
    not the program's 60 sweeps."""
    rho, mu, g4, c, p = held(dt, RHO_W), held(dt, MU_W), held(dt, 4.0 * G), held(dt, 0.15), held(dt, 0.687)

    def v(d, rho_p):
        K = g4 * d * (rho_p - rho)
        if K <= 0:
            return NAN if K < 0 else mpf(0)

        def balance(u):
            Re = rho * u * d / mu
            cd = 24 * (1 + c * rpow(Re, p)) / Re
            return u * u * 3 * cd * rho - K
        stokes = K / (72 * mu / d) * 4 / 4 / d  # (rho_p - rho) g d^2 / (18 mu)
        return mpmath.findroot(balance, stokes / 2 if stokes * rho * d / mu > 1 else stokes, tol=mpf(10) ** -1900)
    return v


def _knots(fn):
    """The table's logarithms: np.log of the literal table inside the function is an operation of the program,
    exact in its mathematics (the literals as float64 holds them); a first draft took the float64 logs and was
    corrected (see the docstring)."""
    return [fn(mpf(v)) for v in MOODY_RE], [fn(mpf(v)) for v in MOODY_F]


def _lerp(xs, ys, t):
    if t <= xs[0]:
        return ys[0]
    if t >= xs[-1]:
        return ys[-1]
    for x0, x1, y0, y1 in zip(xs, xs[1:], ys, ys[1:]):
        if x0 <= t <= x1:
            return y0 + (y1 - y0) * (t - x0) / (x1 - x0)


def m_moody(dt):
    return lambda Re: exp(_lerp(*_knots(log), log(Re)))  # the knots at the working precision


def m_moody10(dt):
    return lambda Re: mpmath.power(10, _lerp(*_knots(log10), log10(Re)))


def m_reynolds(dt):
    return lambda rho, V, D, mu: rho * V * D / mu


def m_pump_head(dt):
    return lambda Q, H0, b, a: H0 + b * Q - a * Q * Q


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


def O(function, mirror, override, verdict="ok", dtype="float64", **pt):
    """The sided truth with some entries set by hand (README: a power x ** y, y > 1 no whole number, at a base of
    exactly 0 has the slope of the side it is defined on, 0)."""
    sided = sided_grad(mirror(dtype), dtype, finite_sides=True, **pt)
    return Case(L, function, _at(pt), dtype, verdict, lambda: {**sided(), **override})


def H(function, truth, verdict="ok", dtype="float64", **pt):
    """A case whose truth is written by hand (evaluated at 60 digits)."""
    return Case(L, function, _at(pt), dtype, verdict, truth)


def all_nan(*names):
    return lambda: {k: NAN for k in names}


PIPE = dict(D=0.2, L=100.0, eps=4.5e-5)
HW = dict(C=130.0, D=0.2)
ORI = dict(rho=998.2, Cd=0.61, A=0.001)
NOZ = dict(T0=300.0, A=0.0001)
CRIT32 = float(numpy.float32(CRIT))

ALL = [
    # --- friction factor: Colebrook by sweeps and by Newton, the laminar switch
    C("colebrook", m_colebrook, Re=1e5, eps_D=1e-4),
    C("colebrook", m_colebrook, dtype=F32, Re=1e5, eps_D=1e-4),
    C("colebrook", m_colebrook, Re=4000.0, eps_D=0.05),
    C("colebrook", m_colebrook, Re=1e8, eps_D=0.0),
    # Re = 1e300: 2.51 x / Re^2 in the rule underflows; the exact slope -8.3e-309 (a subnormal float64 holds) computed 0
    C("colebrook", m_colebrook, "unstable", Re=1e300, eps_D=0.0),
    C("colebrook", m_colebrook, "unstable", dtype=F32, Re=1e30, eps_D=0.0),  # -9.9e-36 computed 0
    C("colebrook", m_colebrook, "unstable", dtype=F32, Re=3e38, eps_D=0.0),  # the subnormal -1.5e-44 computed 0
    C("colebrook_newton", m_colebrook, Re=1e5, eps_D=1e-4),
    C("colebrook_newton", m_colebrook, dtype=F32, Re=1e5, eps_D=1e-4),
    C("colebrook_newton", m_colebrook, Re=4000.0, eps_D=0.0),
    C("colebrook_newton", m_colebrook, "unstable", Re=1e300, eps_D=0.0),
    C("friction_factor", m_friction, Re=1e5, eps_D=1e-4),
    C("friction_factor", m_friction, Re=1000.0, eps_D=1e-4),
    C("friction_factor", m_friction, "domain", Re=2300.0, eps_D=1e-4),
    C("friction_factor", m_friction, "domain", dtype=F32, Re=2300.0, eps_D=1e-4),
    C("friction_factor", m_friction, Re=2299.9999999999995, eps_D=1e-4),
    C("friction_factor", m_friction, Re=2300.0000000000005, eps_D=1e-4),
    C("friction_factor", m_friction, "wrong", Re=10.0, eps_D=0.0),
    C("friction_factor", m_friction, "wrong", dtype=F32, Re=10.0, eps_D=0.0),
    C("friction_factor", m_friction, Re=100.0, eps_D=0.0),
    H("friction_factor", lambda: {"Re": NAN, "eps_D": mpf(0)}, "domain", Re=0.0, eps_D=0.0),
    # --- explicit forms
    C("swamee_jain", m_swamee, Re=1e5, eps_D=1e-4),
    C("swamee_jain", m_swamee, dtype=F32, Re=1e5, eps_D=1e-4),
    C("swamee_jain", m_swamee, "unstable", Re=1e300, eps_D=0.0),  # -1.0e-308 computed -0
    C("swamee_jain", m_swamee, "unstable", dtype=F32, Re=1e30, eps_D=0.0),
    C("haaland", m_haaland, Re=1e5, eps_D=1e-4),
    C("haaland", m_haaland, dtype=F32, Re=1e5, eps_D=1e-4),
    # (eps / 3.7)^1.11 at eps = 0: README's x ** y at a base of exactly 0, y > 1: the defined side's slope, 0
    O("haaland", m_haaland, {"eps_D": mpf(0)}, Re=1e5, eps_D=0.0),
    C("haaland", m_haaland, Re=1e300, eps_D=1e-4),
    C("churchill", m_churchill, Re=1e5, eps_D=1e-4),
    # float32 at an ordinary turbulent point: (A + B)^-1.5 = 2e-32 holds, but its rule's (A + B)^-2.5 = 1.6e-53
    # underflows: the slopes computed -5e-25 and 0 for -3.4e-8 and 5.6
    C("churchill", m_churchill, "unstable", dtype=F32, Re=1e5, eps_D=1e-4),
    C("churchill", m_churchill, Re=2300.0, eps_D=0.0),
    C("churchill", m_churchill, Re=100.0, eps_D=0.0),
    C("churchill", m_churchill, "unstable", dtype=F32, Re=100.0, eps_D=0.0),
    C("churchill", m_churchill, dtype=F32, Re=200.0, eps_D=0.0),
    C("churchill", m_churchill, "unstable", Re=1e-17, eps_D=0.0),
    # 1 / (7 / Re)^0.9 = 1.7e269: divide's rule squares 5.8e-270 to 0: inf and NaN for 5.2e260 and -1.0e-308
    C("churchill", m_churchill, "unstable", Re=1e300, eps_D=0.0),
    C("churchill", m_churchill, "unstable", dtype=F32, Re=1e10, eps_D=0.0),
    C("churchill", m_churchill, "unstable", dtype=F32, Re=1e30, eps_D=0.0),
    # --- head losses
    C("reynolds", m_reynolds, rho=998.2, V=2.0, D=0.1, mu=1.002e-3),
    H("reynolds", all_nan("rho", "V", "D", "mu"), "domain", rho=998.2, V=2.0, D=0.1, mu=0.0),
    C("darcy_weisbach", m_darcy, f=0.02, L=100.0, D=0.2, V=1.5),
    C("darcy_weisbach", m_darcy, f=0.02, L=100.0, D=0.2, V=0.0),
    H("darcy_weisbach", all_nan("f", "L", "D", "V"), "domain", f=0.02, L=100.0, D=0.0, V=1.5),
    C("pipe_head_loss", m_pipe, Q=0.05, **PIPE),
    C("pipe_head_loss", m_pipe, dtype=F32, Q=0.05, **PIPE),
    # Q = 0: V = Re = 0, 5.74 / 0^0.9 = inf, f = 0: the loss is 0 for every D, L and eps (they keep slope 0, as
    # 106c's Sutton-Graves at rho = 0), computed NaN for D and eps; Q has no left side
    H("pipe_head_loss", lambda: {"Q": NAN, "D": mpf(0), "L": mpf(0), "eps": mpf(0)}, "wrong", Q=0.0, **PIPE),
    C("hazen_williams", m_hazen, Q=0.05, **HW),
    C("hazen_williams", m_hazen, dtype=F32, Q=0.05, **HW),
    O("hazen_williams", m_hazen, {"Q": mpf(0)}, Q=0.0, **HW),  # README: 0 ** 1.852 has the slope 0
    C("hazen_williams", m_hazen, "domain", Q=-0.05, **HW),
    C("hazen_williams_signed", m_hazen_signed, Q=-0.05, **HW),
    # F1: 10.67 * np.sign(Q) in float32 computes with float32's 10.67; the exact reference with the double's
    C("hazen_williams_signed", m_hazen_signed, dtype=F32, Q=-0.05, **HW),
    C("hazen_williams_signed", m_hazen_signed, dtype=F32, Q=0.05, **HW),
    C("hazen_williams_signed", m_hazen_signed, Q=0.0, **HW),
    C("hazen_williams_signed", m_hazen_signed, dtype=F32, Q=0.0, **HW),
    C("hazen_williams_where", m_hazen_signed, "wrong", Q=0.05, **HW),
    C("hazen_williams_where", m_hazen_signed, "wrong", Q=-0.05, **HW),
    C("hazen_williams_where", m_hazen_signed, "wrong", dtype=F32, Q=0.05, **HW),
    C("hazen_williams_where", m_hazen_signed, Q=0.0, **HW),
    # --- orifices, valves, Bernoulli
    C("orifice_flow", m_orifice, dp=1e4, **ORI),
    C("orifice_flow", m_orifice, "wrong", dp=0.0, **ORI),  # rho keeps 0, computed 0 * inf
    C("orifice_flow", m_orifice, "wrong", dp=-1e4, **ORI),
    C("orifice_flow", m_orifice, "wrong", dtype=F32, dp=-1e4, **ORI),
    C("orifice_flow_safe", m_orifice_safe, dp=-1e4, **ORI),
    C("orifice_flow_safe", m_orifice_safe, "domain", dp=0.0, **ORI),
    C("valve_flow", m_valve, dp=2e4, Kv=10.0),
    C("valve_flow", m_valve, dp=-2e4, Kv=10.0),
    # sign(dp) sqrt(|dp|): an infinite slope from both sides (mpmath.diff's 3e1000 at 2,000 digits): no derivative
    H("valve_flow", lambda: {"dp": NAN, "Kv": mpf(0)}, "domain", dp=0.0, Kv=10.0),
    C("valve_flow", m_valve, "unstable", dp=5e-324, Kv=10.0),
    C("bernoulli_p2", m_bern_p2, p1=2e5, v1=1.0, z1=0.0, v2=4.0, z2=5.0),
    C("bernoulli_p2", m_bern_p2, dtype=F32, p1=2e5, v1=1.0, z1=0.0, v2=4.0, z2=5.0),
    C("bernoulli_v2", m_bern_v2, p1=2e5, v1=1.0, z1=0.0, p2=1.5e5, z2=1.0),
    C("bernoulli_v2", m_bern_v2, "domain", p1=1e5, v1=0.0, z1=0.0, p2=1e5, z2=0.0),
    # --- pumps
    C("pump_head", m_pump_head, Q=0.03, H0=40.0, b=50.0, a=8000.0),
    C("operating_flow", m_operating, H0=40.0, b=50.0, a=8000.0, Hs=10.0, k=12000.0),
    C("operating_flow", m_operating, dtype=F32, H0=40.0, b=50.0, a=8000.0, Hs=10.0, k=12000.0),
    C("operating_flow", m_operating, H0=40.0, b=-10.0, a=1.0, Hs=40.0, k=0.0),
    C("operating_flow", m_operating, "unstable", H0=40.0, b=-10.0, a=1.0, Hs=39.9999999999, k=0.0),
    C("operating_flow_stable", m_operating, H0=40.0, b=-10.0, a=1.0, Hs=39.9999999999, k=0.0),
    C("operating_flow", m_operating, "wrong", H0=40.0, b=0.0, a=1.0, Hs=40.0, k=0.0),  # a, k keep 0
    C("operating_flow_simple", m_operating_simple, "wrong", H0=40.0, a=8000.0, Hs=40.0, k=12000.0),
    C("operating_flow_simple", m_operating_simple, "domain", H0=30.0, a=8000.0, Hs=40.0, k=12000.0),
    # --- choked nozzle
    C("nozzle_mass_flow", m_nozzle, p0=5e5, pb=1e5, **NOZ),
    C("nozzle_mass_flow", m_nozzle, p0=5e5, pb=4e5, **NOZ),
    C("nozzle_mass_flow", m_nozzle, dtype=F32, p0=5e5, pb=4e5, **NOZ),
    C("nozzle_mass_flow", m_nozzle, "domain", p0=5e5, pb=5e5, **NOZ),
    # F2: the choking tie, r = pb / p0 exactly the program's critical ratio: from the left (choked) pb's slope is 0,
    # from the right psi'(r) A / sqrt(R T0) = -1.7e-23 (the subsonic branch's maximum sits 1e-16 off the rounded
    # ratio); p0's sides differ by the same 1.8e-23: no derivative in either
    C("nozzle_mass_flow", m_nozzle, "domain", p0=1.0, pb=CRIT, **NOZ),
    # float32: the held ratio and point tie; the written ratio (a double) lies 2e-8 below float32's: judged as written
    # (README's constant-rounded): the subsonic side's slopes; pb computed 2.3e-13 for -2.1e-14
    W("nozzle_mass_flow", m_nozzle, "unstable", dtype=F32, p0=1.0, pb=CRIT32, **NOZ),
    C("flow_function", m_flow, r=0.3),
    C("flow_function", m_flow, r=0.8),
    C("flow_function", m_flow, "domain", r=CRIT),  # F2 again: left slope 0, right -4.3e-16
    C("flow_function", m_flow, "domain", r=1.0),
    C("nozzle_mass_flow_where", m_nozzle_where, "domain", p0=1.0, pb=CRIT, **NOZ),
    C("nozzle_mass_flow_where", m_nozzle_where, "domain", p0=5e5, pb=6e5, **NOZ),
    # --- open channels
    C("critical_depth", m_critical_depth, Q=10.0, b=5.0),
    C("critical_depth", m_critical_depth, "wrong", Q=0.0, b=5.0),  # b keeps 0, computed NaN
    C("critical_depth", m_critical_depth, "unstable", Q=1e200, b=1.0),
    C("critical_depth_cbrt", m_critical_cbrt, "wrong", Q=0.0, b=5.0),
    C("critical_depth_cbrt", m_critical_cbrt, "wrong", dtype=F32, Q=0.0, b=5.0),
    H("froude", all_nan("Q", "b", "y"), "domain", Q=10.0, b=5.0, y=0.0),
    # --- particles
    C("schiller_naumann", m_sn, Re=1.0),
    C("schiller_naumann", m_sn, dtype=F32, Re=1.0),
    H("schiller_naumann", all_nan("Re"), "domain", Re=0.0),
    C("schiller_naumann", m_sn, "domain", Re=1e-300),
    C("schiller_naumann", m_sn, "domain", dtype=F32, Re=1e-30),
    C("schiller_naumann", m_sn, Re=1e-150),
    C("schiller_naumann_expanded", m_sn_expanded, Re=1.0),
    C("drag_force", m_drag_force, Re=10.0, mu=1.002e-3, d=1e-4, v=0.1),
    C("drag_force", m_drag_force, "domain", Re=0.0, mu=1.002e-3, d=1e-4, v=0.0),
    C("terminal_velocity", m_terminal, d=1e-4, rho_p=2650.0),
    C("terminal_velocity", m_terminal, dtype=F32, d=1e-4, rho_p=2650.0),
    # neutrally buoyant: v = 0 for every d (d keeps 0), rho_p's left side undefined; computed 24 / 0 and 0 * inf
    H("terminal_velocity", lambda: {"d": mpf(0), "rho_p": NAN}, "wrong", d=1e-4, rho_p=998.2),
    # --- the Moody chart by log-interpolation
    C("moody_lookup", m_moody, Re=5e4),
    C("moody_lookup", m_moody, Re=1e3),
    C("moody_lookup", m_moody, "domain", Re=1e5),  # on a knot: ln(1e5) is both the point and the knot
    C("moody_lookup", m_moody, "domain", Re=4e3),  # the table's first knot: clamped 0 on the left
    C("moody_lookup10", m_moody10, Re=5e4),
    C("moody_lookup10", m_moody10, "domain", Re=1e5),
    C("moody_lookup10", m_moody10, "domain", Re=1e4),
]
