"""The eighty-first round (c) of user trials: electrical circuits and power electronics written with gradcli.numpy
(tests/trials/lib81c.py).

Circuits as designers write them when they fit or size parts (tests/trials/lib81c.py, gradcli.numpy and
gradcli.scipy.special's lambertw): the Shockley diode Is (exp(V / (n VT)) - 1) at V = 0, V = 1e-10 (and by expm1),
reverse (-5 V) and far forward (V = 18.6: e^719.5 overflows; float32 V = 2.5), the fitted diode as SPICE limits it (a
tangent above 0.8 V, by np.where), its voltage n VT log1p(I / Is) at I = 0, I = -Is, I = 1e-30 and by log(I / Is + 1)
(float32 1e-21); the diode with a series resistor in closed form by Lambert's W (V = 0, 0.7, -1, 25; float32 3) and by a
40-step Newton loop in log form (V = 25); power in dBm at P = 0, 1e-300, 1e-310 (float32 1e-38) and with a floor
np.maximum(P, 1e-12) on it and at it; 20 log10 of the RC low-pass's 1 / sqrt(1 + (w R C)^2) at w = 0, 1e-7, 1e170
(float32 1e25) and of the complex 1 / (1 + j w R C) (complex64 too); the series RLC's R / sqrt(R^2 + X^2) at resonance
with R = 1, 0, 1e-200 and as a complex ratio; the phases by arctan2 and np.angle: the RC low-pass at w = 0, the
second-order low-pass -atan2(w R C, 1 - w^2 L C) at w = 0, at resonance (R = 1 and R = 0) and above it with R = 0 (the
branch cut), the high-pass as atan2(1, w R C) and as np.angle(j w R C / (1 + j w R C)) at w = 0, a notch in dB at its
zero; parallel resistors 1 / (1/R1 + 1/R2) at a short, at 1e200 and (float32) 1e25, the product-over-sum form, a bank
with one and two shorts, R = inf typed as a point, dividers (R2 = 0, both 0, a shorted load); the MOSFET square law with
max(Vgs - Vth, 0)^2 at its switch, SPICE level 1 at the triode / saturation boundary and at Vgs = Vth, gm = sqrt(2 k Id)
at Id = 0, EKV by logaddexp and by log(1 + exp) (float32 Vg = 8), at Vd = Vs, Vds = 1e-9 and deep in weak inversion; the
op-amp's Vsat tanh(A d / Vsat) (saturated at 5e-3) and clip at each rail exactly and where A d rounds onto it; RMS
sqrt(mean(v^2)) and ||v|| / sqrt(n) at 0, at v^2 underflowing (float32 1e-25) and overflowing (float32 2e19), the power
factor at i = 0, ripple 100 std / mean at pure DC, 10 log10(V^2 / R) at V = 0; a buck converter's efficiency at no load
and at no load with fsw = 0 (0/0); Peukert's t = H (C / (I H))^k at I = 0, 1e-300, float32 1e-30, an empty battery C =
0, and in logs; a capacitor charging 5 (1 - exp(-t / (R C))) with R C = 1e-320; the matched load V^2 RL / (Rs + RL)^2
(RL's slope exactly 0).

Tried: 44 functions, 172 cases through the CLI judged by tests/trials/judge.py (at most two gradcli processes at once; a
scratch driver runs the CLI in two threads and judges in the main one), and a few scratch probes by hand; then trimmed
of 62 redundant cases, most of them ordinary points, the rest a break seen again in another form (one function,
rlc_gain_db, with them). ALL keeps 110 (54 ok, 24 unstable, 24 domain, 7 wrong, 1 input error; 90 float64, 20 float32)
over 43 functions. All 110 agree with gradcli in verdict and every exact gradient entry (to 1e-10 relative), and where a
case names its line or a fix, in that too (expm1, log1p, hypot, the double where, softplus / logaddexp, each re-checked
ok). No finding. Every kept check took 0.6-4.0 s (the input error at once; the slowest np.angle's, complex); the slowest
truth 0.2 s; the last full run (110 cases) 1 min 53 s.

Truths are written here from the mathematics, never lib81c's code or gradcli: the diode's slopes by hand (Is e^u / (n
VT), expm1(u), -Is u e^u / n), the diode with a series resistor as the root of the circuit's own equation V - I R - n VT
log1p(I / Is) = 0 by mpmath.findroot (Is expm1((V - I R) / n VT) - I = 0 below the knee), its slopes by the implicit
function theorem (no Lambert W: the closed form and the Newton loop are judged against the same root); the RC gain as
-10 log10(1 + x^2), its phase -atan(w R C), the high-pass's atan2(1, w R C), parallel resistors as R1 R2 / (R1 + R2)
(slopes R2^2 / (R1 + R2)^2, R1^2 / (R1 + R2)^2; with a short R_j = 0, Rp ~ R_j: slope 1, the rest 0), the loaded divider
shorted as Vin RL / R1, EKV's slopes 2 softplus sigmoid / (2 VT) by hand, the op-amp's sech^2, RMS's v_i / (n rms), the
buck's losses with D cancelled (Rds D + Rds (1 - D) = Rds), Peukert as H^(1 - k) C^k I^-k; elsewhere the derivative from
the left and the right by mpmath.diff at 2,000 digits (cases30b.sided_grad, finite_sides: NaN where the sides differ or
one is undefined or infinite); by hand the poles (all NaN) and the exact 0 slopes of inputs a 0 or an infinite value
does not feel. The points are the numbers the dtype holds, and a Python float constant of the program the number it is
where it meets an array: in float32 VT, 1e-14, 1.3, 0.01, 20e-9 are float32 numbers, and a constant expression of Python
floats (N * VT, 2.0 * VT, 10e-9 * 5.0, vc / (N * VT)) is computed in double first.

What agreed: the diode ok at V = 0 (Is and n: 0), reverse (slopes 1e-95) and in float32, unstable at V = 1e-10 (e^u - 1
keeps 8 digits; expm1 offered, and ok), at V = 18.6 unstable both with Is an input (dI/dIs = e^u = 2.9e312 is beyond
float64, but V's 1.1e300 and n's -2.1e301 come out inf: the inputs beside the one past the range are judged) and with Is
fixed; float32 unstable at V = 2.5 and ok at -2 (the slope 9.7e-47, below float32's least subnormal, is 0); the
SPICE-limited diode ok at 0.7 and unstable at 18.6 (the idle exp's inf leaks 0 * inf through the where; at high
precision exp does not overflow, so the rule is right: the double where offered, ok). The diode's voltage ok at I = 0,
domain at I = -Is, ok at 1e-30 by log1p and unstable by log(I / Is + 1) (the value 2.6e-18 and n's slope lost; float32
at 1e-21 too; log1p offered). Lambert's W ok at V = 0.7 and 0, unstable at V = 25 (e^967 overflows, W(inf) = inf;
float32 at 3 V); the Newton loop ok at 25 V where W overflows, and in float32. dBm: domain at 0, ok at 1e-300, domain at
1e-310 (slope 4.3e309) and float32 1e-38; the floor ok below it, domain at it. The RC gain ok at w = 0 (every slope 0),
unstable at 1e170 ((w R C)^2 overflows; float32 1e25) and at 1e-7 (1 + 1e-20 = 1: the value -4.3e-20 dB comes out 0);
the complex forms ok. The RLC gain ok at resonance, domain at R = 0 (0/0), unstable at R = 1e-200 (R^2 underflows; hypot
offered, ok); the complex ratio domain at R = 0. The second-order phase ok at w = 0, at resonance (atan2(1, 0): slope
-2), domain at resonance with R = 0 (atan2(0, 0)) and above it with R = 0 (pi jumps to -pi across R = 0; w, L, C keep 0;
np.angle's form the same), ok below it with R = 0; the high-pass by arctan2 ok at w = 0; the notch domain at its zero.
Parallel resistors wrong at a short (R1 = 0: Rp = 1/inf = 0 is smooth, slopes 1 and 0; the rule's (-1/inf^2)(-1/0^2) =
NaN, at high precision too), the bank wrong with one short (1, 0, 0) and with two (every slope 0), the loaded divider
wrong with its load shorted (Vin / R1), unstable at 1e200 and float32 1e25 (1/Rp^2 inf against 1/R^2 = 0), the product
form ok at a short, domain at 0, 0; R = inf refused (exit 2, "'inf' is not finite"). The MOSFET ok at max(., 0)^2's
switch (slopes 0), level 1 ok at the triode / saturation boundary (both branches agree in value and slope; float32 too)
and at Vgs = Vth; gm wrong at Id = 0 (k's slope 0 computed sqrt'(0) * 0). EKV ok (Vd = Vs; Vg = -40, every slope below
1e-500), unstable at Vds = 1e-9 (F(a) - F(b) cancels 7 digits), by log(1 + exp) unstable in float32 at Vg = 8 (softplus
/ logaddexp offered) where logaddexp is ok. The op-amp by tanh ok at d = 0 (Vsat's 0) and saturated (sech^2 = 2.6e-31
kept); by clip ok on the rail, domain at the rail exactly (either rail), unstable where A d = 10.000000000000000479
rounds to 10 (clip passes the slope A where it is 0: the where's flipped condition named). RMS domain at 0, unstable
where v^2 underflows (float64 1e-200, both forms; float32 1e-25) or overflows (float32 2e19); the power factor domain at
i = 0; ripple domain at pure DC; 10 log10(V^2 / R) domain at V = 0. The buck ok at no load (only Iout moves it, 132),
domain at 0/0, ok in float32. Peukert domain at I = 0, at 1e-300 (t = 1e362) and float32 1e-30 (slope 1.7e68); an empty
battery ok (C^1.2 at 0 from its one side: 0); in logs wrong at C = 0 (k's exact 0 computed exp(-inf) (-inf)). The
charging capacitor ok at t = 0, unstable at R C = 1e-320 (exp(-inf) times t / (R^2 C) = inf). The matched load ok, RL's
slope proven exactly 0.

Truths the round corrected in itself (against the first CLI batches; each re-derived by hand before changing it):
- every float32 case with a Python float constant (the diode's VT, 1e-14, EKV's 1.3 and 2 VT, the buck's 0.01, 20e-9,
  10e-9 * 5.0), first written with the constants as doubles: NumPy casts a Python float to the array's dtype, so the
  program's constants are float32 numbers (3e-8 relative off), and the truth now holds them so;
- diode_current at V = 18.6 with Is an input, meant domain (dI/dIs = 2.9e312 beyond float64): V's and n's slopes are
  finite and come out inf, and those inputs are judged: unstable;
- diode_series_r at V = -1, meant ok: R's slope 6.1e-40 is the sum of two paths of -1.6e-30 and +1.6e-30 in the reverse
  pass, 2.8e-8 off: unstable;
- opamp_clip at vp = 1e-4, A = 1e5, Vsat = 10, meant ok: A (vp - vn) is 10.000000000000000479 (above the rail: slope 0)
  but rounds to 10, where clip passes the slope A: unstable;
- diode_spice at V = 0.8, meant ok (the tangent continues value and slope): its e^(vc / (N VT)) is the Python double
  fl(0.8 / 0.025852), not e^(V / (N VT)) at V = 0.8, so the program jumps there by 4.547e-16 (mpmath: IS (exp(0.8 /
  0.025852) - exp(fl(0.8 / 0.025852))) = -4.547182e-16, the very jump gradcli names): domain;
- diode_spice at V = 18.6, meant wrong (NaN through the where): the NaN is float64's overflow of the idle exp; at high
  precision the rule gives the slope: unstable;
- peukert_runtime at C = 0, k = 1.2, meant domain (C^1.2 undefined for C < 0): a power of exponent above 1 at a base of
  0 has the slope of its one side, 0 (README): ok;
- peukert_runtime_log at C = 0, meant domain: k's exact 0 comes out NaN (exp(-inf) times log 0), and that input is
  judged: wrong;
- load_power_db at V = 0, meant all NaN: -inf = 20 log10|V| - 10 log10 R is a pole in V alone, so R keeps -10 / (R ln
  10), as the README's 1/sqrt(x^2 + y^2) + z keeps z's;
- highpass_phase_angle at w = 0, meant domain: w jumps (-pi/2 to pi/2), and R and C's exact 0 (np.angle(0) = 0 whatever
  they are) come out NaN from angle's rule at 0, at high precision too: wrong;
- rc_charge at R C = 1e-320, first written ok by a slip (the comment said unstable): unstable.

Findings: none. A note, not a finding: at R = -0.0 above resonance np.angle's phase is -pi in float64 and +pi in the
exact replay (mpmath has no signed zero), arctan2's +pi in both; the point is domain either way (R jumps there) and
every other entry is right.
"""

import mpmath
import numpy
from mpmath import mpf

from cases import Case
from cases5 import hp
from cases30b import sided_grad
from cases59c import _txt  # a point as its case id writes it

L = "lib81c.py"
NAN = mpmath.nan
exp, log, sqrt = mpmath.exp, mpmath.log, mpmath.sqrt


def D64(v):
    return mpf(float(v))


def D32(v):
    return mpf(float(numpy.float32(v)))


def HELD(dtype):
    return D32 if dtype == "float32" else D64


VT = D64(0.025852)  # the program's Python float (float64)
IS, N = D64(1e-14), D64(1.0)


def K(v, dtype):
    """A Python float of the program as it meets an array of ``dtype`` (NumPy casts it to the array's dtype)."""
    return HELD(dtype)(v)


# --- the mathematics, in mpmath ---------------------------------------------------------------------------------------

def t_diode(V, Is, n, dtype="float64"):
    """dI/dV = Is e^u / (n VT), dI/dIs = e^u - 1, dI/dn = -Is u e^u / n, u = V / (n VT)."""
    def truth():
        v, s, m = HELD(dtype)(V), HELD(dtype)(Is), HELD(dtype)(n)
        vt = K(0.025852, dtype)
        u = v / (m * vt)
        return {"V": s * exp(u) / (m * vt), "Is": mpmath.expm1(u), "n": -s * u * exp(u) / m}
    return truth


def t_diode_iv(V, dtype="float64"):
    def truth():
        i_s, nvt = K(1e-14, dtype), K(1.0 * 0.025852, dtype)  # N * VT: two Python floats, then cast
        return {"V": i_s * exp(HELD(dtype)(V) / nvt) / nvt}
    return truth


def t_spice(V):
    """The tangent's slope above vc = 0.8: Is e^(vc / VT) / VT; below it the exponential's, Is e^(V / VT) / VT."""
    def truth():
        v, vc = D64(V), D64(0.8)
        nvt = D64(1.0 * 0.025852)
        return {"V": IS * exp(min(v, vc) / nvt) / nvt}
    return truth


def t_diode_v(I, Is, n, dtype="float64"):
    """dV/dI = n VT / (Is + I), dV/dIs = -n VT I / (Is (Is + I)), dV/dn = VT ln(1 + I / Is)."""
    def truth():
        i, s, m = HELD(dtype)(I), HELD(dtype)(Is), HELD(dtype)(n)
        vt = K(0.025852, dtype)
        return {"I": m * vt / (s + i), "Is": -m * vt * i / (s * (s + i)), "n": vt * mpmath.log1p(i / s)}
    return truth


def t_series_r(V, R, Is, n, dtype="float64"):
    """The diode with a series resistor as the circuit's own equation, no Lambert W: I solves
    G(I) = V - I R - n VT ln(1 + I / Is) = 0; by the implicit function theorem dI/dp = -G_p / G_I."""
    def truth():
        v, r, s, m = (HELD(dtype)(a) for a in (V, R, Is, n))
        vt = K(0.025852, dtype)
        nvt = m * vt

        def G(i):  # forward: the resistor's line against the diode's log
            return v - i * r - nvt * mpmath.log1p(i / s)

        def F(i):  # the diode's law itself: Is (e^((V - I R) / nVT) - 1) - I
            return s * mpmath.expm1((v - i * r) / nvt) - i
        tol = mpf(10) ** (-mpmath.mp.dps + 20)
        if v > 20 * nvt:  # a start on the resistor's line
            i = mpmath.findroot(G, (v - nvt * mpmath.log(v / r / s)) / r, tol=tol)
        else:  # a start below the knee
            i = mpmath.findroot(F, s * mpmath.expm1(v / nvt) / (1 + s * r * exp(v / nvt) / nvt), tol=tol * s)
        e = exp((v - i * r) / nvt)
        FI = -s * e * r / nvt - 1
        Fv, Fr = s * e / nvt, -s * e * i / nvt
        Fs = mpmath.expm1((v - i * r) / nvt)
        Fn = -s * e * (v - i * r) / (m * nvt)  # nVT = n vt
        return {"V": -Fv / FI, "R": -Fr / FI, "Is": -Fs / FI, "n": -Fn / FI}
    return truth


def t_newton(V, R, dtype="float64"):
    """The Newton loop's limit: the circuit's own root (t_series_r at Is = 1e-12, n = 1), its slopes in V and R."""
    def truth():
        full = t_series_r(V, R, 1e-12, 1.0, dtype)()
        return {"V": full["V"], "R": full["R"]}
    return truth


def m_charge(t, R, C):
    return 5 * -mpmath.expm1(-t / (R * C))


def m_load_power(V, Rs, RL):
    return V ** 2 * RL / (Rs + RL) ** 2


def m_power_db_floor(P):
    return 10 * mpmath.log10(max(P, D64(1e-12)) / D64(1e-3))


def m_highpass_phase(w, R, C):
    """The phase of j w R C / (1 + j w R C): pi/2 - atan(w R C) for w > 0 (atan2(1, w R C) continues it through 0)."""
    return mpmath.atan2(1, w * R * C)


def m_notch_db(w, R, L, C):
    x = 1 - w ** 2 * L * C
    return 20 * mpmath.log10(abs(x) / sqrt(x ** 2 + (w * R * C) ** 2))


def m_power_db(P):
    if P < 0:
        return NAN
    return 10 * mpmath.log10(P / D64(1e-3))


def t_rc_db(w, R, C, dtype="float64"):
    """d/dw = -20 x RC / (ln 10 (1 + x^2)), x = w R C (likewise R, C); as the slopes of -10 log10(1 + x^2) in x
    times x / w, x / R, x / C."""
    def truth():
        ww, rr, cc = HELD(dtype)(w), HELD(dtype)(R), HELD(dtype)(C)
        x = ww * rr * cc
        dx = -20 * x / (log(10) * (1 + x * x))
        return {"w": dx * rr * cc, "R": dx * ww * cc, "C": dx * ww * rr}
    return truth


def m_rc_phase(w, R, C):
    return -mpmath.atan(w * R * C)


def m_rlc_gain(w, R, L, C):
    X = w * L - 1 / (w * C)
    return R / sqrt(R ** 2 + X ** 2)


def m_lp2_phase(w, R, L, C):
    return -mpmath.atan2(w * R * C, 1 - w ** 2 * L * C)


def t_parallel(R1, R2, dtype="float64"):
    """d/dR1 = R2^2 / (R1 + R2)^2, d/dR2 = R1^2 / (R1 + R2)^2."""
    def truth():
        a, b = HELD(dtype)(R1), HELD(dtype)(R2)
        return {"R1": b ** 2 / (a + b) ** 2, "R2": a ** 2 / (a + b) ** 2}
    return truth


def t_parallel_many(R, dtype="float64"):
    """Rp = 1 / sum(1 / R); with a short R_j = 0, Rp = R_j / (1 + R_j s), s the others' conductance: d/dR_j = 1,
    the others 0; otherwise d/dR_i = (Rp / R_i)^2."""
    def truth():
        r = [HELD(dtype)(a) for a in R]
        if any(a == 0 for a in r):
            assert sum(a == 0 for a in r) == 1
            return {"R": [mpf(1) if a == 0 else mpf(0) for a in r]}
        rp = 1 / mpmath.fsum(1 / a for a in r)
        return {"R": [(rp / a) ** 2 for a in r]}
    return truth


def m_divider(Vin, R1, R2):
    return Vin * R2 / (R1 + R2)


def t_loaded_short(Vin, R1, R2):
    """RL = 0: Rp = R2 RL / (R2 + RL) ~ RL, Vout ~ Vin RL / R1: d/dRL = Vin / R1, the rest 0."""
    def truth():
        return {"Vin": mpf(0), "R1": mpf(0), "R2": mpf(0), "RL": D64(Vin) / D64(R1)}
    return truth


def m_mos_sat(Vgs, Vth, k):
    return k / 2 * max(Vgs - Vth, 0) ** 2


def m_level1(Vgs, Vds, Vth, k, lam):
    vov = max(Vgs - Vth, 0)
    if Vds < vov:
        return k * (vov * Vds - Vds ** 2 / 2) * (1 + lam * Vds)
    return k / 2 * vov ** 2 * (1 + lam * Vds)


def _softplus(x):
    return mpmath.log1p(exp(x)) if x < 0 else x + mpmath.log1p(exp(-x))


def t_ekv(Vg, Vs, Vd, Vth, Ispec, dtype="float64"):
    """dF/dv = 2 softplus(v / 2VT) sigmoid(v / 2VT) / (2 VT); Vp = (Vg - Vth) / n."""
    def truth():
        g, s, d, th, isp = (HELD(dtype)(a) for a in (Vg, Vs, Vd, Vth, Ispec))
        n, vt2 = K(1.3, dtype), K(2.0 * 0.025852, dtype)
        vp = (g - th) / n

        def F(v):
            return _softplus(v / vt2) ** 2

        def dF(v):
            x = v / vt2
            return 2 * _softplus(x) / (1 + exp(-x)) / vt2
        a, b = dF(vp - s), dF(vp - d)
        return {"Vg": isp * (a - b) / n, "Vs": -isp * a, "Vd": isp * b, "Vth": -isp * (a - b) / n,
                "Ispec": F(vp - s) - F(vp - d)}
    return truth


def t_tanh(vp, vn, A, Vsat, dtype="float64"):
    """Vsat tanh(A d / Vsat): d/dvp = A sech^2(y), d/dvn = -A sech^2(y), d/dA = d sech^2(y),
    d/dVsat = tanh(y) - y sech^2(y), y = A d / Vsat, d = vp - vn."""
    def truth():
        p, q, a, s = (HELD(dtype)(v) for v in (vp, vn, A, Vsat))
        d = p - q
        y = a * d / s
        sech2 = 1 / mpmath.cosh(y) ** 2
        return {"vp": a * sech2, "vn": -a * sech2, "A": d * sech2, "Vsat": mpmath.tanh(y) - y * sech2}
    return truth


def m_clip(vp, vn, A, Vsat):
    return min(max(A * (vp - vn), -Vsat), Vsat)


def m_rms(v):
    return sqrt(mpmath.fsum(a * a for a in v) / len(v))


def t_rms(v, dtype="float64"):
    """d rms / d v_i = v_i / (n rms)."""
    def truth():
        x = [HELD(dtype)(a) for a in v]
        r = m_rms(x)
        return {"v": [a / (len(x) * r) for a in x]}
    return truth


def m_buck(dtype="float64"):
    """eta = Vout I / (Vout I + I^2 (Rds + 0.01) + Vin I 10 ns fsw + 50 nJ fsw) (D cancels in the two switches); the
    program's constants as they meet ``dtype``: 0.01, 0.5 then 20e-9 one by one, 10e-9 * 5.0 as one Python float."""
    def f(Vin, Vout, Iout, Rds, fsw):
        p_out = Vout * Iout
        return p_out / (p_out + Iout ** 2 * (Rds + K(0.01, dtype)) + Vin * Iout * K(0.5, dtype) * K(20e-9, dtype) * fsw
                        + K(10e-9 * 5.0, dtype) * fsw)
    return f


def m_ripple(v):
    """100 sqrt(mean((v - mean v)^2)) / mean v."""
    n = len(v)
    mu = mpmath.fsum(v) / n
    return 100 * sqrt(mpmath.fsum((a - mu) ** 2 for a in v) / n) / mu


def m_peukert(I, C, k):
    """t = H^(1 - k) C^k I^-k."""
    H = mpf(20)
    if I * H <= 0:
        return NAN
    return H ** (1 - k) * C ** k / I ** k


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


def HT(function, maker, verdict="ok", dtype="float64", line=None, fix=None, **pt):
    """A case whose hand-written truth ``maker`` takes the point (and the dtype)."""
    return H(function, maker(**pt, dtype=dtype), verdict, dtype, line, fix, **pt)


ALL = [
    # --- the Shockley diode
    HT("diode_current", t_diode, V=0.0, Is=1e-12, n=1.0),  # Is and n: slopes 0 (e^0 - 1 = 0)
    HT("diode_current", t_diode, V=-5.0, Is=1e-12, n=1.0),  # reverse: -Is, slopes e^-193
    HT("diode_current", t_diode, dtype="float32", V=0.6, Is=1e-12, n=1.0),
    # u = 3.9e-9: e^u - 1 keeps 8 digits, in the value and in Is's slope
    HT("diode_current", t_diode, "unstable", fix="np.expm1(", V=1e-10, Is=1e-12, n=1.0),
    HT("diode_current_expm1", t_diode, V=1e-10, Is=1e-12, n=1.0),
    # u = 719.5: dI/dIs = e^u = 2.9e312 is beyond float64, but I = 3e298, dI/dV = 1.1e300 and dI/dn = -2.1e301 fit
    # and come out inf: the inputs beside the one past the range are judged, unstable
    HT("diode_current", t_diode, "unstable", V=18.6, Is=1e-14, n=1.0),
    # the fitted diode: e^719.5 overflows where I = 3e298 and dI/dV = 1.2e300 fit
    HT("diode_iv", t_diode_iv, "unstable", V=18.6),
    # float32: e^96.7 overflows where I = 1.1e28 and its slope 4e29 fit
    HT("diode_iv", t_diode_iv, "unstable", dtype="float32", V=2.5),
    HT("diode_iv", t_diode_iv, dtype="float32", V=-2.0),  # the slope 9.7e-47 is below float32's least subnormal: 0
    HT("diode_spice", lambda V, dtype: t_spice(V), V=0.7),
    # the switch: the tangent would continue value and slope, but its e^(vc / VT) is the Python double
    # fl(0.8 / 0.025852), not e^(V / VT) at V = 0.8: the program jumps by 4.547e-16 there, no derivative
    H("diode_spice", fixed(V=NAN), "domain", V=0.8),
    # far up the curve: the where takes the tangent, but the idle exp(719.5) = inf leaks 0 * inf = NaN into the slope;
    # at high precision exp does not overflow and the rule gives the slope: an overflow of the dtype, unstable
    HT("diode_spice", lambda V, dtype: t_spice(V), "unstable", line="e = np.exp(V / (N * VT))", fix="np.where(",
       V=18.6),
    # --- the diode's voltage
    HT("diode_voltage", t_diode_v, I=0.0, Is=1e-14, n=1.0),  # Is and n: slopes 0
    H("diode_voltage", all_nan(I=0, Is=0, n=0), "domain", I=-1e-14, Is=1e-14, n=1.0),  # log1p(-1) = -inf
    HT("diode_voltage", t_diode_v, I=1e-30, Is=1e-14, n=1.0),
    # 1 + 1e-16 rounds to 1: the value 2.6e-18 and n's slope VT 1e-16 come out 0
    HT("diode_voltage_naive", t_diode_v, "unstable", fix="np.log1p(", I=1e-30, Is=1e-14, n=1.0),
    # --- a diode with a series resistor, by Lambert's W
    HT("diode_series_r", t_series_r, V=0.7, R=10.0, Is=1e-12, n=1.0),
    HT("diode_series_r", t_series_r, V=0.0, R=10.0, Is=1e-12, n=1.0),
    # reverse bias: R's slope 6.1e-40 is the sum of two paths of -1.6e-30 and +1.6e-30: 8 digits lost
    HT("diode_series_r", t_series_r, "unstable", V=-1.0, R=10.0, Is=1e-12, n=1.0),
    # e^(V / nVT) = e^967 overflows: W(inf) = inf, while I = 2.4 A
    HT("diode_series_r", t_series_r, "unstable", V=25.0, R=10.0, Is=1e-12, n=1.0),
    HT("diode_series_r", t_series_r, "unstable", dtype="float32", V=3.0, R=10.0, Is=1e-12, n=1.0),
    # --- decibels
    H("power_db", all_nan(P=0), "domain", P=0.0),
    C("power_db", m_power_db, P=1e-300),  # slope 4.3e300
    C("power_db", m_power_db, "domain", P=1e-310),  # slope 4.3e309: beyond float64
    C("power_db", m_power_db, dtype="float32", P=1e-3),
    C("power_db", m_power_db, "domain", dtype="float32", P=1e-38),  # slope 4.3e38: beyond float32
    # --- RC and RLC magnitudes and phases
    HT("rc_gain_db", t_rc_db, w=1000.0, R=1000.0, C=1e-6),
    HT("rc_gain_db", t_rc_db, w=0.0, R=1000.0, C=1e-6),  # every slope 0
    # (w R C)^2 = 1e334 overflows: |H| = 0, 20 log10(0) = -inf, where it is -3340 dB
    HT("rc_gain_db", t_rc_db, "unstable", w=1e170, R=1000.0, C=1e-6),
    HT("rc_gain_db", t_rc_db, "unstable", dtype="float32", w=1e25, R=1000.0, C=1e-6),
    # 1 + 1e-20 = 1: the value -4.3e-20 dB comes out 0
    HT("rc_gain_db", t_rc_db, "unstable", w=1e-7, R=1000.0, C=1e-6),
    C("rc_phase", m_rc_phase, w=0.0, R=1000.0, C=1e-6),  # d/dw = -RC, R and C 0
    C("rlc_gain", m_rlc_gain, w=1.0, R=1.0, L=1.0, C=1.0),  # resonance: |H| = 1, every slope 0
    H("rlc_gain", all_nan(w=0, R=0, L=0, C=0), "domain", w=1.0, R=0.0, L=1.0, C=1.0),  # 0 / 0
    # R^2 = 1e-400 underflows: 1e-200 / 0 = inf where |H| = 1 (slopes 0)
    H("rlc_gain", fixed(w=0, R=0, L=0, C=0), "unstable", line="return R / np.sqrt(R ** 2 + X ** 2)", fix="np.hypot(",
      w=1.0, R=1e-200, L=1.0, C=1.0),
    C("lowpass2_phase", m_lp2_phase, w=0.0, R=1.0, L=1e-3, C=1e-6),
    # R = 0 above resonance: atan2(+0, x < 0) = pi jumps to -pi across R = 0; w, L, C keep 0
    C("lowpass2_phase", m_lp2_phase, "domain", w=100000.0, R=0.0, L=1e-3, C=1e-6),
    C("lowpass2_phase", m_lp2_phase, w=10000.0, R=0.0, L=1e-3, C=1e-6),  # below resonance: smooth
    C("lowpass2_phase", m_lp2_phase, dtype="float32", w=1000.0, R=1.0, L=1e-3, C=1e-6),
    # --- resistor networks
    HT("parallel", t_parallel, R1=100.0, R2=200.0),
    # a short: 1/0 = inf, Rp = 1/inf = 0 = R1 R2 / (R1 + R2), smooth: slopes 1, 0; the rule's (-1/inf^2)(-1/0^2)
    HT("parallel", t_parallel, "wrong", line="return 1.0 / (1.0 / R1 + 1.0 / R2)", R1=0.0, R2=100.0),
    HT("parallel_product", t_parallel, R1=0.0, R2=100.0),
    # 1/Rp^2 = 4e400 and 1/R1^2 = 1e-400 in the rule: inf * 0
    HT("parallel", t_parallel, "unstable", R1=1e200, R2=1e200),
    HT("parallel", t_parallel, "unstable", dtype="float32", R1=1e25, R2=1e25),
    HT("parallel_many", t_parallel_many, "wrong", R=[100.0, 200.0, 0.0]),
    C("divider", m_divider, Vin=5.0, R1=1000.0, R2=0.0),
    H("divider", all_nan(Vin=0, R1=0, R2=0), "domain", Vin=5.0, R1=0.0, R2=0.0),  # 0 / 0
    # the load shorted: Vout ~ Vin RL / R1, smooth; parallel's 1/0 inside
    H("loaded_divider", t_loaded_short(5.0, 1000.0, 2000.0), "wrong", Vin=5.0, R1=1000.0, R2=2000.0, RL=0.0),
    # --- MOSFETs
    C("mosfet_sat", m_mos_sat, Vgs=0.7, Vth=0.7, k=0.002),  # max(., 0)^2 at its switch: C1, slopes 0
    # the triode / saturation boundary Vds = Vov: both branches agree in value and slope (C1)
    C("mosfet_level1", m_level1, Vgs=1.5, Vds=1.0, Vth=0.5, k=0.002, lam=0.05),
    C("mosfet_level1", m_level1, Vgs=0.5, Vds=0.5, Vth=0.5, k=0.002, lam=0.05),  # Vgs = Vth
    C("mosfet_level1", m_level1, dtype="float32", Vgs=1.5, Vds=1.0, Vth=0.5, k=0.002, lam=0.05),
    # sqrt at 0: Id from the right only; k keeps gm = 0 (slope 0), computed sqrt'(0) * 0
    H("mosfet_gm", fixed(Id=NAN, k=0), "wrong", line="return np.sqrt(2.0 * k * Id)", Id=0.0, k=0.002),
    HT("ekv_current", t_ekv, Vg=1.2, Vs=0.0, Vd=1.0, Vth=0.5, Ispec=1e-6),
    HT("ekv_current", t_ekv, Vg=1.2, Vs=0.3, Vd=0.3, Vth=0.5, Ispec=1e-6),  # Vd = Vs: no current
    HT("ekv_current", t_ekv, Vg=-40.0, Vs=0.0, Vd=1.0, Vth=0.5, Ispec=1e-6),  # e^-1200: every slope below 1e-500
    HT("ekv_current", t_ekv, dtype="float32", Vg=8.0, Vs=0.0, Vd=1.0, Vth=0.5, Ispec=1e-6),
    # float32: exp(111.6) overflows in softplus written out
    HT("ekv_current_naive", t_ekv, "unstable", dtype="float32", fix="softplus(|logaddexp(", Vg=8.0, Vs=0.0, Vd=1.0,
       Vth=0.5, Ispec=1e-6),
    # --- op-amps
    HT("opamp_tanh", t_tanh, vp=0.5, vn=0.5, A=1e5, Vsat=12.0),
    HT("opamp_tanh", t_tanh, vp=5e-3, vn=0.0, A=1e5, Vsat=12.0),
    C("opamp_clip", m_clip, vp=1.0, vn=0.0, A=1e5, Vsat=10.0),  # on the rail: vp, vn, A 0, Vsat 1
    C("opamp_clip", m_clip, "domain", vp=0.0078125, vn=0.0, A=1024.0, Vsat=8.0),  # A (vp - vn) = Vsat exactly
    # A (vp - vn) = 1e5 x 1.0000000000000000479e-4 is above 10 (on the rail: vp's slope 0), but it rounds to 10, where
    # clip passes the slope A through
    C("opamp_clip", m_clip, "unstable", vp=1e-4, vn=0.0, A=1e5, Vsat=10.0),
    # --- RMS and power factor
    HT("rms", t_rms, v=[1.0, -1.0, 0.5, 0.0]),
    H("rms", all_nan(v=[0, 0, 0, 0]), "domain", v=[0.0, 0.0, 0.0, 0.0]),
    # v^2 underflows: rms 0, its slope 0/0, where it is 1/sqrt(3)
    HT("rms", t_rms, "unstable", v=[0.0, 0.0, 1e-200]),
    HT("rms", t_rms, "unstable", dtype="float32", v=[1e-25, 2e-25]),
    H("power_factor", all_nan(v=[0, 0, 0, 0], i=[0, 0, 0, 0]), "domain", v=[1.0, 0.0, -1.0, 0.0],
      i=[0.0, 0.0, 0.0, 0.0]),
    # --- a buck converter
    C("buck_efficiency", m_buck(), Vin=12.0, Vout=3.3, Iout=2.0, Rds=0.02, fsw=500000.0),
    C("buck_efficiency", m_buck(), Vin=12.0, Vout=3.3, Iout=0.0, Rds=0.02, fsw=500000.0),  # no load: only Iout moves it
    H("buck_efficiency", all_nan(Vin=0, Vout=0, Iout=0, Rds=0, fsw=0), "domain", Vin=12.0, Vout=3.3, Iout=0.0,
      Rds=0.02, fsw=0.0),  # 0 / 0
    C("buck_efficiency", m_buck("float32"), dtype="float32", Vin=12.0, Vout=3.3, Iout=2.0, Rds=0.02, fsw=500000.0),
    # --- Peukert
    H("peukert_runtime", all_nan(I=0, C=0, k=0), "domain", I=0.0, C=100.0, k=1.2),
    C("peukert_runtime", m_peukert, "domain", I=1e-300, C=100.0, k=1.2),  # t = 1e362
    C("peukert_runtime", m_peukert, "domain", dtype="float32", I=1e-30, C=100.0, k=1.2),  # dt/dI = 1.7e68
    C("peukert_runtime_log", m_peukert, I=5.0, C=100.0, k=1.2),
    H("peukert_runtime_log", all_nan(I=0, C=0, k=0), "domain", I=0.0, C=100.0, k=1.2),
    # --- complex transfer functions (np.abs, np.angle), RMS by the norm, ripple, a load's power, an open circuit
    HT("rc_complex_db", t_rc_db, w=0.0, R=1000.0, C=1e-6),
    HT("rc_complex_db", t_rc_db, dtype="float32", w=1000.0, R=1000.0, C=1e-6),  # complex64
    C("rc_complex_phase", m_rc_phase, w=0.0, R=1000.0, C=1e-6),
    C("rlc_complex_gain", m_rlc_gain, w=1.0, R=1.0, L=1.0, C=1.0),  # resonance: R / Z = 1 + 0j, every slope 0
    H("rlc_complex_gain", all_nan(w=0, R=0, L=0, C=0), "domain", w=1.0, R=0.0, L=1.0, C=1.0),  # 0 / 0j
    HT("rms_norm", t_rms, "unstable", v=[0.0, 0.0, 1e-200]),
    C("ripple_pct", m_ripple, v=[5.0, 5.1, 4.9, 5.0]),
    # pure DC: the standard deviation is a norm at 0, a kink in every sample
    H("ripple_pct", all_nan(v=[0, 0, 0, 0]), "domain", v=[5.0, 5.0, 5.0, 5.0]),
    # -inf dB at V = 0: V has no derivative; the pole is 20 log10|V| alone, so R keeps -10 / (R ln 10)
    H("load_power_db", fixed(V=NAN, R=lambda: -10 / (D64(50.0) * log(10))), "domain", V=0.0, R=50.0),
    H("parallel_product", all_nan(R1=0, R2=0), "domain", R1=0.0, R2=0.0),  # 0 / 0
    HT("diode_voltage_naive", t_diode_v, "unstable", dtype="float32", fix="np.log1p(", I=1e-21, Is=1e-14,
       n=1.0),  # 1 + 1e-7 is 1.00000012 in float32
    HT("diode_voltage", t_diode_v, dtype="float32", I=1e-21, Is=1e-14, n=1.0),
    # an open circuit typed as R = inf: refused, the point cannot be evaluated
    Case(L, "parallel", "R1=inf,R2=100.0", "float64", "input-error", message=("'inf' is not finite",)),
    # --- more: a phase by np.angle, a Newton loop, a charging capacitor, two shorts, an empty battery, a matched load
    C("lowpass2_complex_phase", m_lp2_phase, "domain", w=100000.0, R=0.0, L=1e-3, C=1e-6),
    C("lowpass2_phase", m_lp2_phase, w=1.0, R=1.0, L=1.0, C=1.0),  # resonance: atan2(1, 0), slope -2 in w
    H("lowpass2_phase", all_nan(w=0, R=0, L=0, C=0), "domain", w=1.0, R=0.0, L=1.0, C=1.0),  # atan2(0, 0)
    HT("diode_newton", t_newton, V=25.0, R=10.0),  # the log form does not overflow where Lambert's W does
    HT("diode_newton", t_newton, dtype="float32", V=0.7, R=10.0),
    C("rc_charge", m_charge, t=0.0, R=1000.0, C=1e-6),
    # R C = 1e-320 (subnormal): t / (R C) = 1e320 overflows, exp(-inf) = 0 beside t / (R^2 C) = inf: 0 * inf, where
    # every slope is below 1e-(10^300)
    C("rc_charge", m_charge, "unstable", t=1.0, R=1e-160, C=1e-160),
    # two shorts: Rp = 0 along each resistance alone, every slope 0; the rule's 0 * inf
    H("parallel_many", fixed(R=[0, 0, 0]), "wrong", R=[0.0, 0.0, 100.0]),
    # an empty battery: (C / (I H))^1.2 is defined for C >= 0 only, its slope there 0 (a power of exponent > 1 at a
    # base of 0 has the slope of its one side); I and k: 0
    H("peukert_runtime", fixed(I=0, C=0, k=0), I=5.0, C=0.0, k=1.2),
    # in logs: log(0) = -inf, so C has no derivative (log of C < 0), but k's exact 0 comes out exp(-inf) (-inf) = NaN
    H("peukert_runtime_log", fixed(I=0, C=NAN, k=0), "wrong",
      line="return H * np.exp(k * (np.log(C) - np.log(I * H)))", I=5.0, C=0.0, k=1.2),
    C("load_power", m_load_power, V=1.0, Rs=50.0, RL=50.0),  # the matched load: RL's slope exactly 0
    C("power_db_floor", m_power_db_floor, P=0.0),  # on the floor: slope 0
    C("power_db_floor", m_power_db_floor, "domain", P=1e-12),  # at the floor: 0 from the left, 4.3e11 from the right
    # float32: v^2 = 4e38 overflows where the RMS 1.6e19 and its slopes fit
    HT("rms", t_rms, "unstable", dtype="float32", v=[2e19, 1e19]),
    # --- the high-pass's phase at w = 0, a notch at its zero, the EKV current at Vds -> 0
    C("highpass_phase", m_highpass_phase, w=0.0, R=1000.0, C=1e-6),  # atan2(1, 0): smooth, slope -RC
    C("highpass_phase_angle", m_highpass_phase, w=1000.0, R=1000.0, C=1e-6),
    # np.angle(0 + 0j) = 0 at w = 0, pi/2 just above, -pi/2 just below: a jump in w; R and C keep the value 0 (slopes
    # 0), but angle's rule at 0 is 0/0 = NaN, at high precision too: wrong
    H("highpass_phase_angle", fixed(w=NAN, R=0, C=0), "wrong", line="return np.angle(s / (1.0 + s))", w=0.0, R=1000.0,
      C=1e-6),
    C("notch_db", m_notch_db, w=2.0, R=1.0, L=1.0, C=1.0),
    H("notch_db", all_nan(w=0, R=0, L=0, C=0), "domain", w=1.0, R=1.0, L=1.0, C=1.0),  # |0| in dB: -inf
    # Vds = 1e-9: F(Vp - Vs) - F(Vp - Vd) cancels 7 digits in the value and in Ispec's slope
    HT("ekv_current", t_ekv, "unstable", Vg=1.2, Vs=0.3, Vd=0.300000001, Vth=0.5, Ispec=1e-6),
]
