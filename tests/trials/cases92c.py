"""The ninety-second round (c) of user trials: thermodynamics and equations of state written with gradcli.numpy
(tests/trials/lib92c.py).

The property code process and materials engineers differentiate: the van der Waals pressure R T / (V - b) - a / V^2
ordinary, at V = b (a pole: a keeps -1 / V^2) and at V - b = 4e-14 (float32 V = b (1 + 1e-5)), its reduced form at
the critical point (dP/dVr = 0) and at Vr = the double (float32) of 1/3; the Peng-Robinson alpha (1 + kappa (1 -
sqrt(T / Tc)))^2 at T = 250, T = Tc, T = 0 (both dtypes) and T = 1e-300; a cubic's largest root by Viete's trigonometric
formula with arccos at roots 1, 2, 4, at the double roots 1, 1, 4 (argument exactly 1) and 1, 4, 4 (argument -1, the
largest root double), clipped to [-1, 1] at 1, 1, 4, and as the Peng-Robinson vapour Z (three real roots; one real
root: arccos of 1.6); the ideal-gas entropy Cp log(T / T0) - R log(p / p0) at p = 2e5, 0, 1e-300, 1e-303 (float32
1e-36); Antoine's exp(A - B / (C + T)) for water at 373 K, at T = -C, and below the range (T = 50; float32 60); the
Clausius-Clapeyron p0 exp(-L / R (1 / T - 1 / T0)) at 350 K and T = 0; the mixing entropy -R sum x log x by xlogy,
written out and by where, with a mole fraction 0; a binary regular solution's Gibbs energy at x = 0, 1/2, 1 (written
out and by xlogy); the Einstein heat capacity x^2 e^x / (e^x - 1)^2 at x = 1, 1e-9, 400, 800, theta = 0 (float32 x =
1e-4) and as x^2 e^-x / expm1(-x)^2 at x = 0.1, 1e-4, 800 (float32 x = 10); the Debye heat capacity by a 64-node
trapezoid rule at x_D = 1.4, 4.3e-5 and 428 ((e^x - 1)^2 = inf on the top nodes); Planck's x^3 / (e^x - 1), x^3 /
expm1(x) and x^3 e^-x / (1 - e^-x) at x = 3, 1e-9, 0, 710, 740, 800 (float32 1e-4, 89), and in SI units at the visible
and at 1 kHz; the Carnot efficiency at Tc = Th, the Carnot COP Tc / (Th - Tc) at Tc = Th and Th - Tc = 3e-7; the
log-mean temperature difference (dT1 - dT2) / log(dT1 / dT2) at dT1 = dT2 (0 / 0) and dT1 / dT2 = 1 + 1e-9 (float32
1 + 1e-4), with log1p, and guarded by where (the mean below |dT1 - dT2| = 1e-6); the virial departure Z - 1 by polyval
and by Horner's rule written out at rho = 0.5, 1e-12 and (float32) 1e-5; an enthalpy with a melting step R (cp/R (T -
298.15) + L/R heaviside(T - 273.15, 0.5)) off and at the jump; a NASA 7-coefficient polynomial (N2): cp by polyval of
fitted coefficients, and g / RT written out at T = 500, 0 and 1e-300.

Tried: 31 functions, 141 cases through the CLI judged by tests/trials/judge.py (at most two gradcli processes at once:
a scratch driver runs the CLI in two threads and judges in the main one), and scratch probes by hand (the findings'
functions alone, other gradcli.numpy functions' result dtypes on float32 inputs against NumPy's). ALL keeps 110 (58 ok,
24 unstable, 22 domain, 6 wrong; 75 float64, 35 float32; 31 redundant ordinary or repeated cases were dropped after
they agreed). 105 agree with gradcli in verdict and in every exact gradient entry (to 1e-10 relative); 5 are the
findings F1 (3) and F2 (2). Every check took 0.4-4.1 s on the loaded machine (two at once); every truth under 0.7 s
(the Debye sums at 2,000 digits the slowest, all 110 in 2.5 s); the full run took 1.2-2 minutes.

Truths are written here from the mathematics, never lib92c's code or gradcli: the largest root of the cubic (and of
the Peng-Robinson cubic) by Newton's method in mpmath, its slopes by implicit differentiation (-z^2, -z, -1 over
P'(z); for Z, -(Z - B) / P'(Z) and -dP/dB / P'(Z)), never Viete's formula; the Einstein and Debye integrands as x^2 /
(4 sinh^2(x / 2)), the Debye sum as the trapezoid sum over the program's 64 nodes (its data, the doubles of linspace);
Planck's law with expm1; the reduced van der Waals pressure at Vr as held (3 Vr - 1 is -5.6e-17, not 0); Antoine and
Clausius-Clapeyron at their poles with B / 0 = inf and exp(-inf) = 0, as README reads x / 0 at high precision (the value
0 there, which moving A, B or L keeps); mixing entropy with x log x = 0 at 0 for the other entries (README's sum(p *
log(p / q)) with p[0] = 0), no real value for x < 0; the guarded LMTD as the mean within 1e-6. Derivatives from the
left and the right by mpmath.diff at 2,000 digits (cases30b.sided_grad with finite_sides: NaN where the sides differ
or one is undefined or infinite); by hand the points with no value (0 / 0, the double roots, a jump). Python float
constants as the program holds them where they meet an array (R, 298.15, 1e5, kappa's, the NASA coefficients: float32
rounds them).

What agreed (beyond the ordinary points, ok in both dtypes): the van der Waals pole domain with a's slope kept, V - b
= 4e-14 ok (the subtraction is exact), Vr = 1/3 unstable in both dtypes (3.0 * Vr rounds to 1: inf for -1.4e17,
float32 2.7e8), the critical point ok with dP/dVr exactly 0; the PR alpha ok at T = Tc and T = 1e-300, and wrong at T =
0 in both dtypes (T no left side and an infinite slope; Tc's exact slope 0 comes out inf * 0 = NaN); Viete domain at
both double roots in both dtypes, the clipped formula domain (a kink: the clipped side is 2 sqrt(-p / 3) - b / 3,
slopes differing by m / 18 per unit), the PR Z ok and domain with one real root; the entropy domain at p = 0 (T and Cp
keep their slopes), ok at 1e-300, unstable at 1e-303 (p / p0 = 1e-308 keeps its digits, but -R / (p / p0) = -8.3e308
overflows, where p's slope -8.3e303 holds) and float32 1e-36 (the same, -8.3e41); Antoine and Clausius-Clapeyron
wrong at their poles (T and C no derivative; B's and L's exact 0 from 0 * inf), ok below the range; mixing entropy
domain at a zero fraction by all three spellings, the others' slopes kept; the regular solution domain at x = 0 and 1;
Einstein unstable at x = 1e-9, 400 (0 for 7.6e-168), 800 (inf / inf = NaN for a value below the range) and float32 1e-4,
domain at theta = 0; the expm1 form ok at x = 800 and unstable at 1e-4 (the flat function's slope -x / 6 from two 2 /
x's); Debye unstable at x_D = 4.3e-5 (the same flat slope) and ok at 428; Planck: the naive form unstable at 1e-9,
710 (0 for 1.6e-300), 800 and float32 1e-4, 89, the expm1 form ok at 1e-9 and unstable at 710, the e^-x form ok at 710
(a subnormal's 15 digits) and float32 89, unstable at 740 (e^-740: two digits), all domain at 0; SI Planck unstable at
1 kHz (h nu / k T = 1.6e-10); Carnot ok at Tc = Th, COP domain at Tc = Th and ok at Th - Tc = 3e-7 (exact
subtraction; float32 1e-3); LMTD domain at dT1 = dT2, unstable at 1 + 1e-9 (float32 1 + 1e-4), with log1p still
unstable there (its slope two 1e9s for 1/2), guarded wrong at dT1 = dT2 in both dtypes (the unselected 0 / 0 leaks NaN
into the mean's slopes 1/2) and ok inside the switch; the virial departure unstable at rho = 1e-12, the written-out
Horner form unstable in float32 at 1e-5; the melting step domain at the jump (T none; cp/R and L/R keep R (T - 298.15)
and R / 2); NASA g / RT domain at T = 0 and at 1e-300 (slope 1e603 beyond the range), ok in float32.

Truths the round corrected in itself (against the first CLI batch; each re-derived by hand before changing it):
- regular_solution_gibbs at x = 0 and x = 1, first T's slope 0 (reading 0 log 0 as its limit): the program's 0 *
  log 0 is NaN and T multiplies that term, so T meets the NaN value and has no slope (README: only inputs a NaN value
  never meets keep theirs; W, which never meets it, keeps 0): T NaN, as gradcli says;
- debye_cv at x_D = 428, first unstable (expecting 0 * inf from (e^x - 1)^2 = inf on the top nodes): gradcli's rules
  give 0 there, the integrand's true 1e-140s are negligible, value and slopes keep their digits: ok;
- planck_reduced at x = 800, first ok (value 3e-340 and slope below the range, as the IV bolus of round 91c): but
  exp(800) = inf meets the upstream -0.0 and the slope comes out NaN, not a rounding of a tiny number: unstable;
- nasa_gibbs in float32, first with the coefficients as doubles: they meet the float32 T and round (K): ok;
- enthalpy_with_melting at the jump, first by sided differences: a jump's two one-sided quotients are equal (R L / 2
  / h from both sides), so it is written by hand: T NaN.

Findings:
F1 (mended). gradcli.numpy.polyval answers float64 for float32 inputs; NumPy's polyval keeps float32 (its Horner loop
  starts from zeros_like(x); gradcli/autodiff/ops_numeric.py's starts from np.zeros, float64). So a float32 check of a
  polynomial evaluates it, and everything after it, in float64, and calls the user's own next operation the promotion
  ("not every step computed in float32: multiply returned float64 at lib92c.py:..."). Minimal: `gradcli.numpy.polyval(
  numpy.array([1, -2, 1], numpy.float32), numpy.float32(1.001))` is np.float64(1.0000934622667046e-06), NumPy's
  np.float32(1.013279e-06). In lib92c: virial_departure, np.polyval(b, rho) - 1.0 at rho = 1e-5, b = [0.01, -0.1,
  1] in float32: the NumPy program returns -1.013279e-06 for -9.99999e-07 (1.3% off: unstable, as gradcli says of the
  same polynomial written out, virial_departure_horner), gradcli says ok with value -9.99998989614781e-07; nasa_cp,
  R * np.polyval(a[::-1], T) in float32 (T = 1000, 300): gradcli's exact gradient reads R as the double 8.314462618
  (a[0]'s slope 8.314462618, T's 0.00521254582901565) where the float32 program multiplies by float32(R) =
  8.3144626617431641 (5e-9 relative; its own computed gradient has float32(R); the verdict ok is right). The same
  reading in a scratch probe: np.polyval(a, T) * 0.1 in float32 has exact slope 0.1 for the program's 0.100000001.
F2 (mended). gradcli.numpy.heaviside answers float64 for float32 inputs (NumPy: float32), with the same consequences.
  Minimal: `gradcli.numpy.heaviside(numpy.float32([0.1, 0.5]), 0.5).dtype` is float64; in a scratch probe, (L *
  np.heaviside(T - 273.15, 0.5) + 1.0) - 1.0 at T = 300, L = 1e-5 in float32: NumPy returns 1.001358e-05 (0.14% off:
  unstable), gradcli ok with 9.999999747378752e-06. In lib92c: enthalpy_with_melting in float32 at T = 300 and 250:
  the exact gradient reads R as the double (L/R's slope 8.314462618, T's 75.2458882787579 for the program's
  75.245888674633534), the verdict ok right.
Beside the angle, in the same scratch probe of result dtypes (about 40 gradcli.numpy functions on float32 inputs
  against NumPy's): gradcli.numpy.interp answers float32 where NumPy's interp always answers float64; not made a case
  here.
Mended: polyval starts Horner's rule from zeros in x's dtype, heaviside answers in NumPy's promotion of its two
  arguments, interp computes in float64 (complex128) as NumPy's does (tests/test_ops_numeric.py).
"""

import mpmath
import numpy
from mpmath import mpf

from cases import Case
from cases5 import hp
from cases30b import sided_grad

L = "lib92c.py"
NAN = mpmath.nan
exp, log, sqrt, sinh = mpmath.exp, mpmath.log, mpmath.sqrt, mpmath.sinh


def _txt(v):
    if isinstance(v, list):
        return "[" + ",".join(_txt(a) for a in v) + "]"
    return repr(float(v))


def K(dtype, value):
    """A Python float constant of the program as it meets an array of the dtype (float32 rounds it)."""
    return mpf(float(numpy.float32(value))) if dtype == "float32" else mpf(float(value))


def held(dtype, value):
    return mpf(float(numpy.dtype(dtype).type(value)))


R_ = 8.314462618

# --- the mathematics, in mpmath (never lib92c's code path) ------------------------------------------------------------


def m_vdw(dtype):
    R = K(dtype, R_)

    def f(T, V, a, b):
        return NAN if V == b else R * T / (V - b) - a / (V * V)
    return f


def m_vdw_reduced(Tr, Vr):
    """8 Tr / (3 Vr - 1) - 3 / Vr^2 at the point as held: 3 Vr - 1 is not 0 at Vr = the double (or float32) of 1/3."""
    return 8 * Tr / (3 * Vr - 1) - 3 / (Vr * Vr)


def m_pr_alpha(dtype):
    """(1 + kappa (1 - sqrt(T / Tc)))^2 with kappa's constants as the program holds them; no real value for T / Tc < 0
    (at T = 0, Tc moves nothing: sqrt(0 / Tc) = 0 for every Tc)."""
    k0, k1, k2 = K(dtype, 0.37464), K(dtype, 1.54226), K(dtype, 0.26992)

    def f(T, Tc, omega):
        if T / Tc < 0:
            return NAN
        kappa = k0 + k1 * omega - k2 * omega ** 2
        return (1 + kappa * (1 - sqrt(T / Tc))) ** 2
    return f


def _largest_root(b, c, d):
    """The largest real root of z^3 + b z^2 + c z + d by Newton's method in mpmath from numpy's estimate."""
    guess = max(r.real for r in numpy.roots([1.0, float(b), float(c), float(d)]) if abs(r.imag) < 1e-6)
    return mpmath.findroot(lambda z: ((z + b) * z + c) * z + d, mpf(guess), tol=mpf(10) ** (-mpmath.mp.dps + 10))


def t_cubic(dtype, b, c, d):
    """The largest root's slopes by implicit differentiation: dz/d(b, c, d) = -(z^2, z, 1) / P'(z) (a simple root)."""
    def truth():
        bb, cc, dd = (held(dtype, v) for v in (b, c, d))
        z = _largest_root(bb, cc, dd)
        dp = 3 * z * z + 2 * bb * z + cc
        return {"b": -z * z / dp, "c": -z / dp, "d": -1 / dp}
    return hp(truth)


def t_pr_z(dtype, A, B):
    """Z's slopes by implicit differentiation of the Peng-Robinson cubic: dZ/dA = -(Z - B) / P'(Z), dZ/dB = -(Z^2 -
    (6 B + 2) Z - (A - 2 B - 3 B^2)) / P'(Z)."""
    def truth():
        a, bb = held(dtype, A), held(dtype, B)
        b, c, d = -(1 - bb), a - 3 * bb ** 2 - 2 * bb, -(a * bb - bb ** 2 - bb ** 3)
        z = _largest_root(b, c, d)
        dp = 3 * z * z + 2 * b * z + c
        return {"A": -(z - bb) / dp, "B": -(z * z - (6 * bb + 2) * z - (a - 2 * bb - 3 * bb ** 2)) / dp}
    return hp(truth)


def m_entropy(dtype):
    R, T0, p0 = K(dtype, R_), K(dtype, 298.15), K(dtype, 1e5)

    def f(T, p, Cp):
        if T <= 0 or p <= 0:
            return NAN
        return Cp * log(T / T0) - R * log(p / p0)
    return f


def m_antoine(T, A, B, C):
    """exp(A - B / (C + T)); at C + T = 0, B / 0 = inf as the program and gradcli's reference read it (exp(-inf) = 0
    for B > 0): the value 0, which moving A or B keeps."""
    if C + T == 0:
        return mpf(0)
    return exp(A - B / (C + T))


def m_cc(dtype):
    R = K(dtype, R_)

    def f(T, L, T0, p0):
        if T == 0:
            return mpf(0)  # 1 / 0 = inf, exp(-inf) = 0 for L > 0
        return p0 * exp(-L / R * (1 / T - 1 / T0))
    return f


def _xlogx(v):
    if v < 0:
        return NAN
    return mpf(0) if v == 0 else v * log(v)


def m_mixing(dtype):
    R = K(dtype, R_)

    def f(x):
        return -R * sum(_xlogx(v) for v in x)
    return f


def m_mixing_where(dtype):
    R = K(dtype, R_)

    def f(x):
        return -R * sum(v * log(v) if v > 0 else mpf(0) for v in x)
    return f


def m_regular(dtype):
    R = K(dtype, R_)

    def f(x, T, W):
        return R * T * (_xlogx(x) + _xlogx(1 - x)) + W * x * (1 - x)
    return f


def m_einstein(dtype):
    """3 R x^2 / (4 sinh^2(x / 2)) (= 3 R x^2 e^x / (e^x - 1)^2), x = theta / T."""
    R = K(dtype, R_)

    def f(T, theta):
        x = theta / T
        return 3 * R * x * x / (4 * sinh(x / 2) ** 2)
    return f


def m_debye(T, theta):
    """9 R / x_D^2 times the trapezoid sum of x^4 / (4 sinh^2(x / 2)) over the nodes x_D u_i (u the program's 64 doubles
    of linspace(0, 1, 65)[1:]): the program's quadrature, exactly."""
    xD = theta / T
    u = [mpf(float(v)) for v in numpy.linspace(0.0, 1.0, 65)[1:]]
    g = [(xD * v) ** 4 / (4 * sinh(xD * v / 2) ** 2) for v in u]
    s = sum((u[i + 1] - u[i]) * (g[i] + g[i + 1]) / 2 for i in range(len(u) - 1))
    return 9 * mpf(R_) * s / xD ** 2


def m_planck_reduced(x):
    return x ** 3 / mpmath.expm1(x)


def m_planck(nu, T):
    h, k, c = mpf(6.62607015e-34), mpf(1.380649e-23), mpf(299792458.0)
    return 2 * h * nu ** 3 / mpf(float(299792458.0 ** 2)) / mpmath.expm1(h * nu / (k * T))


def m_carnot(Tc, Th):
    return 1 - Tc / Th


def m_cop(Tc, Th):
    return Tc / (Th - Tc)


def m_lmtd(dT1, dT2):
    """(dT1 - dT2) / log(dT1 / dT2) away from dT1 = dT2 (0 / 0 there, written by hand)."""
    if dT1 / dT2 <= 0:
        return NAN
    return (dT1 - dT2) / log(dT1 / dT2)


def m_lmtd_guarded(dT1, dT2):
    if abs(dT1 - dT2) < mpf(1e-6):
        return (dT1 + dT2) / 2
    return m_lmtd(dT1, dT2)


N2 = [3.298677, 1.4082404e-03, -3.963222e-06, 5.641515e-09, -2.444854e-12, -1.0208999e+03, 3.950372]


def m_nasa_cp(dtype):
    R = K(dtype, R_)

    def f(T, a):
        return R * sum(c * T ** j for j, c in enumerate(a))
    return f


def m_nasa_gibbs(dtype):
    """g / RT = a1 (1 - ln T) - a2 T / 2 - a3 T^2 / 6 - a4 T^3 / 12 - a5 T^4 / 20 + a6 / T - a7, the coefficients as
    the program holds them where they meet T (float32 rounds them)."""
    a1, a2, a3, a4, a5, a6, a7 = (K(dtype, v) for v in N2)

    def f(T):
        if T <= 0:
            return NAN
        return a1 * (1 - log(T)) - a2 * T / 2 - a3 * T ** 2 / 6 - a4 * T ** 3 / 12 - a5 * T ** 4 / 20 + a6 / T - a7
    return f


def m_melting(dtype):
    """R (cpR (T - 298.15) + LR H(T - 273.15)), H(0) = 1/2: a jump at T = 273.15 (T has no derivative there; cpR and LR
    keep theirs); the constants as the program holds them (float32 rounds them where they meet T)."""
    R, T0, Tm = K(dtype, R_), K(dtype, 298.15), K(dtype, 273.15)

    def f(T, cpR, LR):
        step = 1 if T > Tm else (0 if T < Tm else mpf(1) / 2)
        return R * (cpR * (T - T0) + LR * step)
    return f


def m_virial(rho, b):
    """Z - 1 = C rho^2 + B rho + (b[2] - 1), b = [C, B, 1]."""
    return (b[0] * rho + b[1]) * rho + (b[2] - 1)


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


def T(function, truth, verdict="ok", dtype="float64", **pt):
    """A case whose truth is a ready hp function."""
    return Case(L, function, _at(pt), dtype, verdict, truth)


def all_nan(**pt):
    return lambda: {k: NAN for k in pt}


CO2 = dict(a=0.3640, b=4.267e-5)  # Pa m^6 / mol^2, m^3 / mol
WATER = dict(A=23.1964, B=3816.44, C=-46.13)
N2_A = N2[:5]
VIR = [0.01, -0.1, 1.0]

ALL = [
    # --- van der Waals
    C("vdw_pressure", m_vdw("float64"), T=300.0, V=1e-3, **CO2),
    # V = b: the pole R T / 0; a does not move it and keeps its slope -1 / V^2
    H("vdw_pressure", lambda: {"T": NAN, "V": NAN, "a": -1 / mpf(4.267e-5) ** 2, "b": NAN}, "domain",
      T=300.0, V=4.267e-5, **CO2),
    # V - b = 4.3e-14 computed exactly (Sterbenz): the value and slopes of the inputs as held keep their digits
    C("vdw_pressure", m_vdw("float64"), T=300.0, V=4.267e-5 * (1 + 1e-9), **CO2),
    C("vdw_pressure", m_vdw("float32"), dtype="float32", T=300.0, V=4.267e-5 * (1 + 1e-5), **CO2),
    C("vdw_reduced", m_vdw_reduced, Tr=1.0, Vr=1.0),  # the critical point: dP/dVr = 0 exactly
    # Vr = the double of 1/3: 3 Vr - 1 = -5.6e-17 exactly, but 3.0 * Vr rounds to 1.0: inf for -1.4e17
    C("vdw_reduced", m_vdw_reduced, "unstable", Tr=1.0, Vr=1 / 3),
    C("vdw_reduced", m_vdw_reduced, "unstable", dtype="float32", Tr=1.0, Vr=1 / 3),  # 3 Vr - 1 = 3e-8: inf for 2.7e8
    # --- Peng-Robinson alpha (CO2: Tc = 304.13 K, omega = 0.225)
    C("pr_alpha", m_pr_alpha("float64"), T=250.0, Tc=304.13, omega=0.225),
    C("pr_alpha", m_pr_alpha("float32"), dtype="float32", T=250.0, Tc=304.13, omega=0.225),
    C("pr_alpha", m_pr_alpha("float64"), T=304.13, Tc=304.13, omega=0.225),  # T = Tc: alpha = 1
    # T = 0: sqrt's infinite slope, no left side; Tc's exact slope 0 (sqrt(0 / Tc) = 0) comes out inf * 0: wrong
    C("pr_alpha", m_pr_alpha("float64"), "wrong", T=0.0, Tc=304.13, omega=0.225),
    C("pr_alpha", m_pr_alpha("float32"), "wrong", dtype="float32", T=0.0, Tc=304.13, omega=0.225),
    C("pr_alpha", m_pr_alpha("float64"), T=1e-300, Tc=304.13, omega=0.225),
    # --- a cubic's largest root by Viete's formula
    T("cubic_largest_root", t_cubic("float64", -7, 14, -8), b=-7.0, c=14.0, d=-8.0),  # roots 1, 2, 4
    T("cubic_largest_root", t_cubic("float32", -7, 14, -8), dtype="float32", b=-7.0, c=14.0, d=-8.0),
    # roots 1, 1, 4: the arccos argument is exactly 1 (-q / 2 with p = -3); every coefficient moves it by -0.5 per
    # unit, past 1 on one side, where the formula has no real value (one real root): no derivative
    H("cubic_largest_root", all_nan(b=0, c=0, d=0), "domain", b=-6.0, c=9.0, d=-4.0),
    H("cubic_largest_root", all_nan(b=0, c=0, d=0), "domain", dtype="float32", b=-6.0, c=9.0, d=-4.0),
    # roots 1, 4, 4: the argument is -1 and the largest root is the double one (a square-root branch point)
    H("cubic_largest_root", all_nan(b=0, c=0, d=0), "domain", b=-9.0, c=24.0, d=-16.0),
    # clipped at roots 1, 1, 4: defined both sides now, but the clipped side is 2 sqrt(-p / 3) - b / 3, whose slopes
    # differ from the root's by m / 9 * 0.5 per unit: a kink
    H("cubic_largest_root_clipped", all_nan(b=0, c=0, d=0), "domain", b=-6.0, c=9.0, d=-4.0),
    T("pr_z_vapor", t_pr_z("float64", 0.2, 0.02), A=0.2, B=0.02),  # roots 0.783, 0.170, 0.027
    T("pr_z_vapor", t_pr_z("float32", 0.2, 0.02), dtype="float32", A=0.2, B=0.02),
    H("pr_z_vapor", all_nan(A=0, B=0), "domain", A=0.1, B=0.02),  # one real root: arccos of 1.6, no value
    # --- ideal-gas entropy (Cp of CO2)
    C("ideal_gas_entropy", m_entropy("float64"), T=350.0, p=2e5, Cp=37.1),
    C("ideal_gas_entropy", m_entropy("float32"), dtype="float32", T=350.0, p=2e5, Cp=37.1),
    # p = 0: log 0, a pole; T and Cp do not move it and keep their slopes
    H("ideal_gas_entropy", lambda: {"T": mpf(37.1) / 350, "p": NAN, "Cp": log(350 / mpf(298.15))}, "domain",
      T=350.0, p=0.0, Cp=37.1),
    C("ideal_gas_entropy", m_entropy("float64"), T=350.0, p=1e-300, Cp=37.1),
    # p = 1e-303: p / p0 = 1e-308 (subnormal, 15 digits kept); p's slope -R / p = -8.3e303, but -R / (p / p0)
    # overflows on the way
    C("ideal_gas_entropy", m_entropy("float64"), "unstable", T=350.0, p=1e-303, Cp=37.1),
    C("ideal_gas_entropy", m_entropy("float32"), "unstable", dtype="float32", T=350.0, p=1e-36, Cp=37.1),
    # --- vapour pressure (water: ln p[Pa] = 23.1964 - 3816.44 / (T - 46.13))
    C("antoine_pressure", m_antoine, T=373.15, **WATER),
    C("antoine_pressure", m_antoine, dtype="float32", T=373.15, **WATER),
    # T = -C: B / 0 = inf, exp(-inf) = 0: T and C flat on the right, a pole on the left; A's and B's exact slopes 0,
    # B's computed 0 * inf
    C("antoine_pressure", m_antoine, "wrong", T=46.13, **WATER),
    C("antoine_pressure", m_antoine, T=50.0, **WATER),  # exp(-963): value and slopes below the range
    C("antoine_pressure", m_antoine, dtype="float32", T=60.0, **WATER),  # below float32's range
    C("clausius_clapeyron", m_cc("float64"), T=350.0, L=40660.0, T0=373.15, p0=101325.0),
    # T = 0: 1 / 0 = inf, exp(-inf) = 0; L's exact slope 0 comes out 0 * inf
    C("clausius_clapeyron", m_cc("float64"), "wrong", T=0.0, L=40660.0, T0=373.15, p0=101325.0),
    # --- mixing
    C("mixing_entropy_xlogy", m_mixing("float64"), x=[0.2, 0.3, 0.5]),
    C("mixing_entropy_xlogy", m_mixing("float32"), dtype="float32", x=[0.2, 0.3, 0.5]),
    C("mixing_entropy_xlogy", m_mixing("float64"), "domain", x=[0.0, 1.0]),  # x[0]: -inf on the right, no left
    C("mixing_entropy_xlogy", m_mixing("float32"), "domain", dtype="float32", x=[0.0, 1.0]),
    C("mixing_entropy", m_mixing("float64"), x=[0.2, 0.3, 0.5]),
    # 0 * log 0: x[0] has no derivative; x[1], x[2] keep theirs (README's sum(p*log(p/q)) with p[0] = 0)
    C("mixing_entropy", m_mixing("float64"), "domain", x=[0.0, 0.5, 0.5]),
    C("mixing_entropy_where", m_mixing_where("float64"), "domain", x=[0.0, 0.5, 0.5]),  # x[0]: 0 left, -inf right
    C("regular_solution_gibbs", m_regular("float64"), x=0.5, T=1000.0, W=10000.0),
    C("regular_solution_gibbs", m_regular("float32"), dtype="float32", x=0.5, T=1000.0, W=10000.0),
    # x = 0: 0 * log 0 is NaN; x has no derivative, T multiplies the NaN term and has none either; W never meets it
    H("regular_solution_gibbs", lambda: {"x": NAN, "T": NAN, "W": mpf(0)}, "domain", x=0.0, T=1000.0, W=10000.0),
    H("regular_solution_gibbs", lambda: {"x": NAN, "T": NAN, "W": mpf(0)}, "domain", x=1.0, T=1000.0, W=10000.0),
    C("regular_solution_gibbs_xlogy", m_regular("float64"), x=0.5, T=1000.0, W=10000.0),
    C("regular_solution_gibbs_xlogy", m_regular("float64"), "domain", x=0.0, T=1000.0, W=10000.0),
    C("regular_solution_gibbs_xlogy", m_regular("float32"), "domain", dtype="float32", x=0.0, T=1000.0, W=10000.0),
    # --- Einstein, Debye
    C("einstein_cv", m_einstein("float64"), T=300.0, theta=300.0),
    C("einstein_cv", m_einstein("float32"), dtype="float32", T=300.0, theta=300.0),
    C("einstein_cv", m_einstein("float64"), "unstable", T=3e11, theta=300.0),  # x = 1e-9: e^x - 1
    C("einstein_cv", m_einstein("float64"), "unstable", T=0.75, theta=300.0),  # x = 400: (e^x - 1)^2 = inf: 0
    C("einstein_cv", m_einstein("float64"), "unstable", T=0.375, theta=300.0),  # x = 800: inf / inf
    C("einstein_cv", m_einstein("float32"), "unstable", dtype="float32", T=3e6, theta=300.0),  # x = 1e-4
    H("einstein_cv", all_nan(T=0, theta=0), "domain", T=300.0, theta=0.0),  # 0 / 0
    C("einstein_cv_stable", m_einstein("float64"), T=3e3, theta=300.0),  # x = 0.1
    # x = 1e-4: the value keeps its digits, the slope (-x / 6 times 3 R, a flat function) is two 2 / x's cancelling
    C("einstein_cv_stable", m_einstein("float64"), "unstable", T=3e6, theta=300.0),
    C("einstein_cv_stable", m_einstein("float64"), T=0.375, theta=300.0),
    C("einstein_cv_stable", m_einstein("float32"), dtype="float32", T=30.0, theta=300.0),  # x = 10
    C("debye_cv", m_debye, T=300.0, theta=428.0),
    C("debye_cv", m_debye, "unstable", T=1e7, theta=428.0),  # x_D = 4.3e-5: a flat function's slope
    C("debye_cv", m_debye, T=1.0, theta=428.0),  # x above 355: (e^x - 1)^2 = inf, 0 for 1e-140s: nothing lost
    # --- Planck
    C("planck_reduced", m_planck_reduced, x=3.0),
    C("planck_reduced", m_planck_reduced, dtype="float32", x=3.0),
    C("planck_reduced", m_planck_reduced, "unstable", x=1e-9),
    C("planck_reduced", m_planck_reduced, "unstable", dtype="float32", x=1e-4),
    C("planck_reduced", m_planck_reduced, "unstable", x=710.0),  # e^710 = inf: 0 for 1.6e-300
    C("planck_reduced", m_planck_reduced, "unstable", dtype="float32", x=89.0),  # 0 for 1.6e-33
    # 3e-340 and its slope below the range, but exp(800) = inf meets the upstream -0.0: the slope comes out NaN
    C("planck_reduced", m_planck_reduced, "unstable", x=800.0),
    H("planck_reduced", all_nan(x=0), "domain", x=0.0),
    C("planck_reduced_expm1", m_planck_reduced, x=1e-9),
    C("planck_reduced_expm1", m_planck_reduced, dtype="float32", x=1e-4),
    C("planck_reduced_expm1", m_planck_reduced, "unstable", x=710.0),
    C("planck_reduced_stable", m_planck_reduced, x=710.0),  # e^-710 = 4.4e-309: a subnormal with 15 digits
    C("planck_reduced_stable", m_planck_reduced, "unstable", x=740.0),  # e^-740 = 4.2e-322: 2 digits
    C("planck_reduced_stable", m_planck_reduced, dtype="float32", x=89.0),
    C("planck", m_planck, nu=5e14, T=5800.0),
    C("planck", m_planck, "unstable", nu=1e3, T=300.0),  # h nu / k T = 1.6e-10
    # --- Carnot
    C("carnot_efficiency", m_carnot, Tc=300.0, Th=600.0),
    C("carnot_efficiency", m_carnot, Tc=300.0, Th=300.0),  # 0, nothing breaks
    C("carnot_cop", m_cop, Tc=270.0, Th=300.0),
    H("carnot_cop", all_nan(Tc=0, Th=0), "domain", Tc=300.0, Th=300.0),
    C("carnot_cop", m_cop, Tc=300.0, Th=300.0000003),  # Th - Tc exact: no digits lost
    C("carnot_cop", m_cop, dtype="float32", Tc=300.0, Th=300.001),
    # --- LMTD
    C("lmtd", m_lmtd, dT1=30.0, dT2=20.0),
    C("lmtd", m_lmtd, dtype="float32", dT1=30.0, dT2=20.0),
    H("lmtd", all_nan(dT1=0, dT2=0), "domain", dT1=20.0, dT2=20.0),  # 0 / 0
    C("lmtd", m_lmtd, "unstable", dT1=20.00000002, dT2=20.0),  # log(1 + 1e-9) of a rounded ratio
    C("lmtd", m_lmtd, "unstable", dtype="float32", dT1=20.002, dT2=20.0),
    # the value keeps its digits; the slopes 1 / log1p(u) - d / (log1p(u)^2 (1 + u) dT2): two 1e9s for 0.5
    C("lmtd_log1p", m_lmtd, "unstable", dT1=20.00000002, dT2=20.0),
    # dT1 = dT2: the mean, slopes 0.5 and 0.5, but the unselected 0 / 0 leaks NaN
    C("lmtd_guarded", m_lmtd_guarded, "wrong", dT1=20.0, dT2=20.0),
    C("lmtd_guarded", m_lmtd_guarded, "wrong", dtype="float32", dT1=20.0, dT2=20.0),
    C("lmtd_guarded", m_lmtd_guarded, dT1=20.0000001, dT2=20.0),  # inside the switch, the other branch finite
    # --- a melting step (water: cp / R = 9.05, L / R = 722.8)
    C("enthalpy_with_melting", m_melting("float64"), T=300.0, cpR=9.05, LR=722.8),
    # the jump at T = 273.15 (equal one-sided difference quotients, R L / 2 / h, so written by hand): T has no
    # derivative; cpR keeps R (T - 298.15), LR keeps R H(0) = R / 2
    H("enthalpy_with_melting", lambda: {"T": NAN, "cpR": mpf(R_) * (mpf(273.15) - mpf(298.15)), "LR": mpf(R_) / 2},
      "domain", T=273.15, cpR=9.05, LR=722.8),
    C("enthalpy_with_melting", m_melting("float32"), dtype="float32", T=300.0, cpR=9.05, LR=722.8),
    C("enthalpy_with_melting", m_melting("float32"), dtype="float32", T=250.0, cpR=9.05, LR=722.8),
    # --- NASA polynomials (N2, 200 - 1000 K)
    C("nasa_cp", m_nasa_cp("float64"), T=500.0, a=N2_A),
    C("nasa_cp", m_nasa_cp("float32"), dtype="float32", T=1000.0, a=N2_A),
    C("nasa_cp", m_nasa_cp("float32"), dtype="float32", T=300.0, a=N2_A),
    # --- the virial equation's departure Z - 1 (B = -0.1 L / mol, C = 0.01 L^2 / mol^2)
    C("virial_departure", m_virial, rho=0.5, b=VIR),
    C("virial_departure", m_virial, dtype="float32", rho=0.5, b=VIR),
    C("virial_departure", m_virial, "unstable", rho=1e-12, b=VIR),  # 1 - 1e-13, then - 1: 3 digits left
    # float32 rho = 1e-5: 1 - 1e-6 rounded to float32, then - 1: 1.3% off (NumPy's polyval keeps float32)
    C("virial_departure", m_virial, "unstable", dtype="float32", rho=1e-5, b=VIR),
    C("virial_departure_horner", m_virial, "unstable", dtype="float32", rho=1e-5, b=VIR),
    C("nasa_gibbs", m_nasa_gibbs("float64"), T=500.0),
    C("nasa_gibbs", m_nasa_gibbs("float32"), dtype="float32", T=500.0),
    H("nasa_gibbs", all_nan(T=0), "domain", T=0.0),  # a6 / 0 - a1 log 0: -inf + inf
    C("nasa_gibbs", m_nasa_gibbs("float64"), "domain", T=1e-300),  # slope -a6 / T^2 = 1e603: beyond the range
]
