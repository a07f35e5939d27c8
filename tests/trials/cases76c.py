"""The seventy-sixth trial set (third part): issue 27's exact reference on Python functions doing CONTROL AND STATE
ESTIMATION with gradcli.numpy as control engineers and roboticists write it, differentiated for system identification
and tuning (tests/trials/lib76c.py): a scalar random-walk Kalman filter's innovation likelihood in the short update
(1 - K) P and Joseph's (1 - K)^2 P + K^2 r (R = 0, q = r = 0: a pole, covariances of 1e-150 and, in float32, 1e-12 and
1e-20), its final estimate (P0 of 1e-300, every covariance 1e-300, R = 0, all zero: K = 0/0), a 3-sigma innovation gate
by a Python if (a measurement gated out, exactly on the gate, and 36 / (1 + q + r) rounded onto 9 from either side),
an outlier clamp np.clip(v, -3, 3) on the state update beside the raw likelihood (the first innovation on the clamp with
P0 = 0.5, 1e-8, 1e-13, 1e-14); a constant-velocity filter, short and Joseph (R = 0, q = r = 1e-12, q = r = 0); a 2-D
tracker measuring position and velocity, its log-likelihood through slogdet and solve, through log(det S), and through a
Cholesky factor (ordinary, float32, in units that make every covariance 1e-170, R = 0 where S = q Q is rank 1, R = 1e-12
and 1e-17); a square-root filter s = sqrt(s^2 + q), s sqrt(r) / sig (R = 0, s0 = q = 0); an information filter fitting a
line (a diffuse prior, R = 1e-300, float32 1e-30); forty scalar Riccati steps (converged, R = 0: deadbeat, unconverged
at a = 1), a double integrator's gain after 5 and 60 steps (R = 0, q = r = 0: solve of a zero matrix) and the spectral
radius max |eig(A - B K)| (complex poles, a double pole, deadbeat, poles at +-1/sqrt 2); a PID loop with an integrator
clamped to +-i_max by np.clip and an actuator clipped to +-2 (ordinary, saturating, the first command exactly on the
bound, the integrator exactly on it, a command rounded onto the bound from 5.6e-17 above and 8.3e-17 below, a zero
clamp with e = 0) and with a tanh actuator (float32, saturated); a particle filter's weights
exp(logw - max) / sum (one dominant at -800, a tie at the max, all near -800, a subnormal weight at -740, float32 -120),
unshifted (all near -800, float32 -120), the ESS, the mean after systematic resampling by np.searchsorted (ordinary,
cumsum exactly on the draws); an alpha-beta tracker; a complementary filter blending atan2(ay, az) (at the cut
atan2(0, -1)); heading errors wrapped by (a + pi) % 2pi - pi and by atan2(sin, cos) at np.pi, at -np.pi, at float32's
pi and at differences theta - ref that float64 rounds onto np.pi from 1.7e-16 above, 8.3e-17 below and 1.1e-16 above;
exponential smoothing bias-corrected at alpha = 1e-12 (float32 1e-3), with alpha clipped into [0, 1] at 0 and 1, of a
sensor saturating at +-2 (a sample on the saturation, the first of 8 and of 21); twenty steps of x' = A x + B u with
float32 A and B, |eig A| = 1.0078 (float32; x0 = 2e19: the cost past 3.4e38, x'x overflowing in an RMS; float64 x0 =
1e155), a terminal miss (a^20 - 0.9999998)^2 at a = 0.99999999; an MPC cost with max(0, g)^2, max(0, g), softplus by
logaddexp and log(1 + exp(1000 g)) / 1000 on a position exactly at its limit.

Tried: 39 functions, 156 cases through the CLI judged by tests/trials/judge.py (at most two gradcli processes at once;
a scratch file runs the CLI in two threads and judges in the main one): a batch of 117, then 39 more in small
batches as the first all agreed (float roundings onto switches, a gate, a clamp, closed-loop poles, resampling,
saturated sensors), then the kept set twice; besides them probes of F1 and F2 (a scratch folder: x + c max(x, 0) and x +
c |x| at 0 for c = 1e-9 .. 1e-300; the saturated EMA at 9, 17 .. 22 inputs, with alpha scalar and as a 1-element array;
--full), kept out of ALL. ALL keeps 109 (56 ok, 31 domain, 21 unstable, 1 wrong; 91 float64, 18 float32) over 36
functions. 106 agree with gradcli in verdict and every exact gradient entry (to 1e-10 relative), and where a case names
its line or fix, in that too; three are findings F1 (two) and F2 (one). Every check took 0.5-15.5 s (the last full run
1.1-15.5 s beside other work, at a load of 5 to 7; the slowest, the square-root filter at s0 = q = 0, took 6.5 s on a
quieter machine); the scalar Riccati gain at a = 1.05, q = r = 0 (domain, right) took 9.4 s alone and 18-33 s beside
other work, and is left out.

Truths are written here from the mathematics, never lib76c's code or gradcli: the filters' posterior variance in
closed form P r / (P + r) (the short and Joseph forms are both it) and the estimate as the precision-weighted mean
(r x + P z) / (P + r); the constant-velocity and 2-D filters with P+ = P - P H' S^-1 H P, det and inverse of 2 x 2
written out; the square-root filter in variances (P = s0^2); the information filter as ridge least squares multiplied
through by r, (lam r I + H'H) x = H'z; the converged scalar gain from the DARE's stabilising root, the unconverged (and
q = 0, R = 0) ones as the 40th power of the Riccati map's Moebius matrix [[q + a^2 r, q r], [1, r]]; the double
integrator's Riccati steps as loops; the closed-loop poles as T/2 +- sqrt(T^2/4 - D) from trace and determinant (complex
where the root is); the EMAs as sums of (1 - alpha)^k; the rollout as powers of A; the MPC positions as sum (t - s -
1/2) u_s; softmax unshifted at 2,000 digits; atan2's wrap as a less the multiple of the true 2 pi that brings it into
(-pi, pi], the % wrap as a floor modulo by np.pi and 2 np.pi as the dtype holds them (float32's where a float32
difference meets them); the derivative from the left and the right by mpmath.diff at 2,000 digits (cases30b.sided_grad),
NaN where they differ; the module's data as its arrays hold them (all dyadic; GOAL = 0.9999998 as the dtype holds it);
by hand: the poles and 0 / 0 points (all NaN), the square-root filter at R = 0 (r's NaN beside the variance form's q and
s0 slopes) and at s0 = q = 0 (q's NaN beside r's slope and s0's 0).

What agreed: the short-form likelihood ok at R = 0, domain at q = r = 0, unstable at 1e-150 (K = 1 / (1 + 1e-150) rounds
to 1, P+ to 0: slopes 5% and 11% off; float32 1e-12 alike), Joseph's form ok there (float32 too), domain in float32 at
1e-20 (slopes of 5e38 past float32's range); the final estimate ok at P0 = 1e-300 and at covariances of 1e-300 (slopes
of 1e297, which the division's rule keeps), domain at 0 / 0; the gate ok with a measurement gated out, domain on the
gate, unstable where 1 + 2.1 + 0.9 rounds to 4 (the float run gates out what the exact run takes), ok where 1 + 2.3 +
0.7 rounds to 4 from below (both gate it out); the clamp ok past it, domain on it at P0 = 0.5 and 1e-8; the
constant-velocity filter ok at R = 0, domain at q = r = 0, unstable at q = r = 1e-12 in the short and in Joseph's form
alike (P's O(1) entries cancel into O(r) ones through I - K H, which Joseph's form does not mend); the 2-D tracker ok by
slogdet and by Cholesky at covariances of 1e-170, unstable by log(det) there (det = 1e-340 underflows: slogdet offered
and re-checked), domain at R = 0 (S = q Q rank 1 at step 2), unstable at R = 1e-12 and, by Cholesky, 1e-17; the
square-root filter domain at R = 0 (sqrt(r)'s edge; q, s0 keep their slopes) and wrong at s0 = q = 0 (s0's exact 0 and
r's -7.25 come out NaN from sqrt's rule at 0, its line named; q has none), ok at s0 = 0 with q > 0; the information
filter ok with a diffuse prior, unstable at R = 1e-300 (the exact slope in r is 0; the division's rule at 1e-300 gives
NaN) and float32 1e-30; the scalar gain ok converged, at R = 0 and unconverged; the double integrator's gains ok (R = 0;
float32), domain at q = r = 0; the spectral radius ok at complex poles, domain at the double pole, at deadbeat and at
poles +-1/sqrt 2 (the max at a tie of moduli); PID ok ordinary and saturating, domain with the first command or the
integrator exactly on its bound (i_max's NaN beside the gains' slopes), unstable where the command rounds onto U_MAX
from above (clip's tie passes the unsaturated slope), ok from below, domain at a zero clamp where e = 0 meets clip(0,
-0, 0) (i_max: slopes 0 and 1); tanh ok (saturated; float32); the shifted weights ok everywhere tried (the -800 slopes
of 1e-347 given as text, the subnormal 1e-322 equal to the exact rounded), unshifted unstable (0 / 0; float32);
resampling ok off the draws (slope 0), domain on them; alpha-beta ok (float32); the complementary filter ok, domain at
the cut (alpha keeps its slope); the % wrap ok off pi, domain at np.pi and -np.pi (float32's pi too: np.pi meets float32
data as float32), ok at np.pi + 1.7e-16 (the float run lands on the jump and takes the exact side), unstable at np.pi -
8.3e-17 (it takes the other side); the atan2 wrap ok at np.pi, -np.pi (below the true pi), float32's pi (above it: a -
2pi), np.pi - 8.3e-17 and np.pi + 1.1e-16, unstable at np.pi + 1.7e-16 (past the true pi: exact slope -2 pi, computed 2
pi); the bias-corrected EMA unstable at alpha = 1e-12 and float32 1e-3 (1 - (1 - alpha)^8 cancels); the clipped alpha
domain at 0 and 1; the saturated sensor domain on the saturation (9 inputs: sides 1e-7 and 0 too); the float32 rollout
ok, domain at x0 = 2e19 (the cost 1.5e40 past float32), unstable by RMS (x'x overflows; float64 at 1e155); the terminal
miss unstable (1.9e-14 from cancellation), ok in float32; the MPC's squared penalty ok on the boundary (C1; float32),
the L1 penalty domain (u[2], u[3] keep their slopes), softplus by logaddexp ok, written out unstable (exp(750)
overflows; logaddexp offered and re-checked).

Truths the round corrected in itself (while writing the cases, against gradcli's own float gradient first, before any
CLI run; every CLI verdict of the first batch of 117 agreed):
- pid_cost at kp = 3, ki = 1, kd = 0.5, i_max = 0.75, meant as a saturating ordinary point, has the integrator exactly
  on its clamp at step 2 (0.5 + 0.5 / 2 = 0.75 with dyadic gains): no derivative in ki, kd, i_max; replaced by kp = 3,
  ki = 1.1, kd = 0.45, i_max = 0.8 (8 clamped and 10 clipped steps, none nearer a bound than 0.04);
- Joseph's form is no cure for the constant-velocity filter at q = r = 1e-12: unstable, not ok (it is insensitive to
  K's error, not to P's entries cancelling through I - K H); its advantage shows in the scalar filter (1 - K small);
- the square-root filter at s0 = q = 0 is wrong, not domain: s0 enters only as s0^2 (slope 0) and r keeps -7.25, while
  sqrt's rule at 0 makes both NaN; only q (sqrt of a negative below 0) has no derivative;
- the float32 rollout first computed in float64 (float64 A and B promote float32 inputs): A and B are float32 now, so
  x0 = 2e19 overflows x'x;
- the float32 % wrap needs np.pi and 2 np.pi as float32 holds them (NEP 50), where the point float32(pi) is the jump.

Findings:
- F1 (mended since: the pieces on jets record such a kink): a kink whose one-sided slopes differ by between about 1e-20
  and 1e-13 relative was taken for a
  derivative:
  verdict ok, and the exact slope given is the right side's. x + c max(x, 0) at 0 (sides 1 and 1 + c) is ok, its exact
  slope 1 + c (1.0000000000001 at c = 1e-13, 1.00000000000001 at 1e-14), for c = 1e-13, 1e-14, 1e-16, 1e-18 and 1e-19,
  and domain for c = 1e-20, 1e-21, 1e-22, 1e-25, 1e-40 and 1e-300;
  x + c |x| is domain at c = 1e-13 (sides 2e-13 apart), ok at 1e-14. The robust filter's likelihood with its first
  innovation exactly on the clamp has slopes in z[0] of 2.99999999999961492 (unclamped: the state moves by
  K0 = 1e-13) and 2.9999999999997 (clamped) at P0 = 1e-13; gradcli says ok with 2.9999999999997 (P0 = 1e-14: sides
  2.99999999999996149 and 2.99999999999997, alike); at P0 = 1e-8 (gap 2.8e-9 relative) it says domain. The README's
  kink is the point's own, and max(x, 0) 1e-300 beside x is found: a gap 1e286 times larger is not.
  Reading: at a point on a switch, exact_python._sided_jets_into hands two sides whose jets' slopes part by more than
  EXTRAPOLATED x 1e-6 = 1e-20 relative (_slopes_part) to the differences, whose _from_each_side's sided() takes two
  pieces within 10 x EXTRAPOLATED = 1e-13 relative of each other as one derivative and returns the right one, so
  neither the kink test (kinks._kink_at, which finds 2e-13) nor _sides_differ (which proves gaps below 1e-20) runs.
  Reproduce: gradcli check tests/trials/lib76c.py:kf_robust_nll --at "z=[3.0,0.5,1.0,0.25],p0=1e-13" --dtype float64
  --json
  Reproduce: a file holding `def m14(x): return x + 1e-14 * np.maximum(x, 0.0)` (import gradcli.numpy as np), then
  gradcli check FILE:m14 --at x=0.0 --dtype float64 --json: ok, exact slope 1.00000000000001 (a scratch file)
  Not by size: jets' sides that part by 2^-50 .. 1e-9 of the slopes are as often the program's own rounding of what
  each side computes (a percentile's weight 0.6 as 3.6 - 3 and 4 - 3.4; a uniform L-statistic's 1/9 at a tie in
  sort, 9 units in the last place apart) as a kink of the function the user means; telling them apart needs the
  sides' slopes with the program's computed weights taken as meant.
- F2 (mended since: the scalar's side indexed as the ball it is; judge.py reads a kink along the direction as a
  NaN directional derivative where the truth has a coordinate without one): above 16 inputs at a point on a switch, a function with a scalar argument loses the jets' proof of a small
  kink along the random direction: exact_python.kink_along builds each side's point as (b + side h d)[()], and for a
  scalar argument NumPy's arithmetic on 0-d object arrays returns the bare arb, which is not subscriptable (TypeError,
  swallowed as "no claim"); the mpmath kink test alone then misses gaps below about a thousand times its steps' spread
  at 60 digits. The EMA of a sensor saturating at 2 with its first of 21 samples on the saturation (22 inputs; x[0]'s
  slopes 1e-20 below, 0 above) is ok; the same function with alpha given as a 1-element array is domain ("they differ
  by -3.2e-22"), as is the 21-sample EMA with alpha a constant; with 18 and 19 inputs (gaps 3.5e-18, 3.5e-19 along the
  direction) the mpmath kink test still finds it, with 20 and 22 it does not; --full says domain (per coordinate: "1e-20
  from the left and 0 from the right").
  Reproduce: gradcli check tests/trials/lib76c.py:ema_saturated --at "alpha=0.9,x=[2.0,1.0,0.5,1.5,1.0,0.5,1.0,0.5,1.5,
  1.0,0.5,1.0,0.5,1.5,1.0,0.5,1.0,0.5,1.5,1.0,0.5]" --dtype float64 --json

Re-derived since (README's rule for a gradient the dtype holds beside a value past its range): the cases whose value
lies past the dtype's range while slopes the dtype holds come out inf, NaN or off are unstable, not domain (each
marked where it stands).
"""

import mpmath
import numpy
from mpmath import mpf

from cases import Case
from cases5 import hp
from cases30b import sided_grad
from cases59c import _txt  # a point as its case id writes it

L = "lib76c.py"
NAN = mpmath.nan
fsum, log, exp, sqrt = mpmath.fsum, mpmath.log, mpmath.exp, mpmath.sqrt


def D64(v):
    return mpf(float(v))


def D32(v):
    return mpf(float(numpy.float32(v)))


# --- the module's data, as its float64 arrays hold them (all dyadic) -------------------------------------------------

ZS = [mpf(v) for v in (1.0, 0.5, 1.25, 0.75, 1.5, 1.0)]
DT = mpf(0.5)
ZCV = [mpf(v) for v in (0.25, 0.75, 1.0, 1.75, 2.0, 2.75)]
T_LINE = [mpf(v) for v in (0, 1, 2, 3)]
PARTICLES = [mpf(v) for v in (-1.0, 0.5, 2.0, 3.5)]
ZT = [mpf(v) for v in (0.25, 0.5, 1.0, 1.25, 1.25, 1.75, 2.0, 2.5, 2.5, 3.0, 3.25, 3.75, 4.0, 4.0, 4.5, 5.0, 5.25, 5.5,
                       6.0, 6.25)]
GYRO = [mpf(v) for v in (0.5, 0.25, -0.5, 0.75)]
AZ = [mpf(v) for v in (1.0, 0.75, -1.0, 0.5)]
REF = [mpf(v) for v in (0.25, 0.5, 1.0, 0.75)]


# --- small exact linear algebra ---------------------------------------------------------------------------------------

def mat(rows):
    return [list(r) for r in rows]


def mm(A, B):
    return [[fsum(A[i][k] * B[k][j] for k in range(len(B))) for j in range(len(B[0]))] for i in range(len(A))]


def mv(A, x):
    return [fsum(a * b for a, b in zip(row, x)) for row in A]


def tr(A):
    return [list(c) for c in zip(*A)]


def add(A, B):
    return [[a + b for a, b in zip(ra, rb)] for ra, rb in zip(A, B)]


def scale(c, A):
    return [[c * a for a in row] for row in A]


def inv2(S):
    (a, b), (c, d) = S
    det = a * d - b * c
    return [[d / det, -b / det], [-c / det, a / det]]


def det2(S):
    return S[0][0] * S[1][1] - S[0][1] * S[1][0]


I2 = [[mpf(1), mpf(0)], [mpf(0), mpf(1)]]
F_CV = [[mpf(1), DT], [mpf(0), mpf(1)]]
Q_CV = [[DT ** 4 / 4, DT ** 3 / 2], [DT ** 3 / 2, DT ** 2]]


# --- the mathematics, in mpmath ---------------------------------------------------------------------------------------

def m_kf_scalar_nll(q, r):
    """The posterior variance in closed form P r / (P + r): the short and the Joseph forms are both this."""
    x, P, nll = mpf(0), mpf(1), mpf(0)
    for z in ZS:
        P = P + q
        S = P + r
        v = z - x
        nll += (log(2 * mpmath.pi * S) + v * v / S) / 2
        x = x + P / S * v
        P = P * r / S
    return nll


def m_kf_scalar_final(p0, q, r):
    x, P = mpf(0), p0
    for z in ZS:
        P = P + q
        x = (r * x + P * z) / (P + r)  # the precision-weighted mean of prediction and measurement
        P = P * r / (P + r)
    return x


def m_kf_scalar_gated(x0, q, r):
    x, P = x0, mpf(1)
    for z in ZS:
        P = P + q
        S = P + r
        v = z - x
        if v * v / S < 9:
            x = (r * x + P * z) / S
            P = P * r / S
    return x


def m_kf_robust_nll(z, p0):
    x, P, nll = mpf(0), p0, mpf(0)
    for zk in z:
        S = P + 1
        v = zk - x
        nll += (log(S) + v * v / S) / 2
        x = x + P / S * clip(v, mpf(-3), mpf(3))
        P = P / S + mpf(1) / 4  # (1 - K) P = P r / S with r = 1
    return nll


def m_kf_cv_nll(q, r):
    """H = [1, 0]: S = P00 + r, K = P[:, 0] / S, P+ = P - P[:, 0] P[0, :] / S."""
    x, P, nll = [mpf(0), mpf(0)], I2, mpf(0)
    for z in ZCV:
        x = mv(F_CV, x)
        P = add(mm(mm(F_CV, P), tr(F_CV)), scale(q, Q_CV))
        S = P[0][0] + r
        v = z - x[0]
        nll += (log(2 * mpmath.pi * S) + v * v / S) / 2
        col = [P[0][0], P[1][0]]
        x = [x[0] + col[0] / S * v, x[1] + col[1] / S * v]
        P = [[P[i][j] - col[i] * col[j] / S for j in range(2)] for i in range(2)]
    return nll


def m_kf2d_nll(p0, q, r, z):
    """H = I: S = P + r I, -log-likelihood 0.5 (log det S + v' S^-1 v); P+ = P - P S^-1 P."""
    x, P, nll = [mpf(0), mpf(0)], scale(p0, I2), mpf(0)
    for zk in z:
        x = mv(F_CV, x)
        P = add(mm(mm(F_CV, P), tr(F_CV)), scale(q, Q_CV))
        S = add(P, scale(r, I2))
        Si = inv2(S)
        v = [zk[0] - x[0], zk[1] - x[1]]
        nll += (log(det2(S)) + fsum(a * b for a, b in zip(v, mv(Si, v)))) / 2
        K = mm(P, Si)
        x = [a + b for a, b in zip(x, mv(K, v))]
        P = add(P, scale(-1, mm(K, P)))
    return nll


def m_sqrt_filter_nll(q, r, s0):
    """The square-root filter's likelihood in variances: P = s0^2, log sqrt(S) + v^2 / (2 S), P+ = P r / S."""
    x, P, nll = mpf(0), s0 * s0, mpf(0)
    for z in ZS:
        P = P + q
        S = P + r
        v = z - x
        nll += log(S) / 2 + v * v / (2 * S)
        x = x + P / S * v
        P = P * r / S
    return nll


def m_info_filter(z, lam, r):
    """Ridge least squares, multiplied through by r: (lam r I + H'H) xhat = H'z."""
    G = [[lam * r + fsum(1 for _ in T_LINE), fsum(T_LINE)], [fsum(T_LINE), lam * r + fsum(t * t for t in T_LINE)]]
    b = [fsum(z), fsum(t * zk for t, zk in zip(T_LINE, z))]
    xh = mv(inv2(G), b)
    return xh[0] + 4 * xh[1]


def m_lqr_scalar(a, q, r, steps=40):
    """The scalar Riccati map p -> q + a^2 p r / (p + r) is a Moebius map of [[q + a^2 r, q r], [1, r]]: forty steps
    from p = q are that matrix's 40th power."""
    M = mpmath.matrix([[q + a * a * r, q * r], [1, r]]) ** steps
    p = (M[0, 0] * q + M[0, 1]) / (M[1, 0] * q + M[1, 1])
    return a * p / (r + p)


def m_lqr_dare(a, q, r):
    """The stabilising root of p^2 + (r (1 - a^2) - q) p - q r = 0 (the converged gain)."""
    c = r * (1 - a * a) - q
    p = (-c + sqrt(c * c + 4 * q * r)) / 2
    return a * p / (r + p)


A_DI = [[mpf(1), DT], [mpf(0), mpf(1)]]
B_DI = [DT * DT / 2, DT]


def m_riccati(steps):
    def f(q, r):
        Q = [[q, mpf(0)], [mpf(0), mpf(0)]]
        P = Q

        def gain(P):
            s = r + fsum(B_DI[i] * P[i][j] * B_DI[j] for i in range(2) for j in range(2))
            bpa = [fsum(B_DI[i] * mm(P, A_DI)[i][j] for i in range(2)) for j in range(2)]
            return s, [c / s for c in bpa], bpa

        for _ in range(steps):
            s, K, bpa = gain(P)
            # P' = Q + A'PA - (A'PB)(B'PA) / s
            P = add(add(Q, mm(mm(tr(A_DI), P), A_DI)), [[-bpa[i] * bpa[j] / s for j in range(2)] for i in range(2)])
        _, K, _ = gain(P)
        return K[0] + K[1] / 2
    return f


def m_radius(k):
    """A - B K = [[1 - k0/8, 1/2 - k1/8], [-k0/2, 1 - k1/2]]: eigenvalues T/2 +- sqrt(T^2/4 - D) of its trace T and
    determinant D; the larger modulus."""
    T = 2 - k[0] / 8 - k[1] / 2
    D = 1 - k[1] / 2 + k[0] / 8
    root = mpmath.sqrt(mpmath.mpc(T * T / 4 - D))
    return max(abs(T / 2 + root), abs(T / 2 - root))


def clip(v, lo, hi):  # NumPy's clip: min(max(v, lo), hi)
    return min(max(v, lo), hi)


def m_pid(kp, ki, kd, i_max, smooth=False):
    y, integ, e_prev, cost = mpf(0), mpf(0), mpf(0), mpf(0)
    for _ in range(20):
        e = 1 - y
        integ = integ + e / 2 if smooth else clip(integ + e / 2, -i_max, i_max)
        v = kp * e + ki * integ + kd * (e - e_prev) * 2
        u = 2 * mpmath.tanh(v / 2) if smooth else clip(v, mpf(-2), mpf(2))
        y = y * 3 / 4 + u / 2
        e_prev = e
        cost += e * e / 2
    return cost


def m_pid_tanh(kp, ki, kd):
    return m_pid(kp, ki, kd, None, smooth=True)


def softmax(l):
    e = [exp(v) for v in l]
    s = fsum(e)
    return [v / s for v in e]


def m_pf_estimate(logw):
    return fsum(w * p for w, p in zip(softmax(logw), PARTICLES))


def m_pf_ess(logw):
    return 1 / fsum(w * w for w in softmax(logw))


def m_pf_resampled(logw):
    """Particle j is drawn for u = k / 4 when it is the first whose cumulative weight reaches u."""
    w = softmax(logw)
    cum = [fsum(w[:j + 1]) for j in range(4)]
    return fsum(PARTICLES[next(j for j in range(4) if cum[j] >= mpf(k) / 4)] for k in range(4)) / 4


def m_ab_tracker(alpha, beta):
    """The tracker's state (x, v) evolves linearly; the residual is z minus the prediction."""
    x, v, sse = mpf(0), mpf(0), mpf(0)
    for z in ZT:
        res = z - (x + v / 2)
        x, v = x + v / 2 + alpha * res, v + 2 * beta * res
        sse += res * res
    return sse


def m_comp_filter(alpha, ay):
    theta, cost = mpf(0), mpf(0)
    for k in range(4):
        theta = alpha * (theta + GYRO[k] / 2) + (1 - alpha) * mpmath.atan2(ay[k], AZ[k])
        cost += (theta - REF[k]) ** 2
    return cost


def wrap_mod(Q):
    """NumPy's (a + P) % M - P with P and M = 2 pi as the dtype holds them: a floor modulo."""
    P, M = Q(numpy.pi), Q(2 * numpy.pi)
    return lambda a: (a + P) - M * mpmath.floor((a + P) / M) - P


def wrap_true(a):
    """atan2(sin a, cos a): a less the multiple of the true 2 pi that brings it into (-pi, pi]."""
    k = mpmath.ceil((a - mpmath.pi) / (2 * mpmath.pi))
    return a - 2 * mpmath.pi * k


def m_heading_mod(Q=D64):
    w = wrap_mod(Q)
    return lambda theta, ref: fsum(w(t - s) ** 2 for t, s in zip(theta, ref))


def m_heading_atan2(theta, ref):
    return fsum(wrap_true(t - s) ** 2 for t, s in zip(theta, ref))


def m_ema(alpha, x):
    n = len(x)
    return (1 - alpha) ** (n - 1) * x[0] + fsum(alpha * (1 - alpha) ** (n - 1 - k) * x[k] for k in range(1, n))


def m_ema_debiased(alpha, x):
    n = len(x)
    return fsum(alpha * (1 - alpha) ** (n - 1 - k) * x[k] for k in range(n)) / (1 - (1 - alpha) ** n)


def m_ema_clipped(alpha, x):
    return m_ema(clip(alpha, mpf(0), mpf(1)), x)


def m_ema_saturated(alpha, x):
    c = [clip(v, mpf(-2), mpf(2)) for v in x]
    return m_ema(alpha, c)


A_RO = mpmath.matrix([[1, mpf(1) / 8], [-mpf(1) / 8, 1]])
B_RO = mpmath.matrix([0, mpf(1) / 8])


def _states(u, x0):
    """x_t = A^t x0 + sum_s A^(t-1-s) B u_s, t = 0..20."""
    x0 = mpmath.matrix(x0)
    return [A_RO ** t * x0 + sum((A_RO ** (t - 1 - s) * B_RO * u[s] for s in range(t)), mpmath.matrix([0, 0]))
            for t in range(21)]


def m_rollout_cost(u, x0):
    xs = _states(u, x0)
    norm2 = [x[0] ** 2 + x[1] ** 2 for x in xs]
    return fsum(norm2[:20]) + fsum(v * v for v in u) / 4 + 10 * norm2[20]


def m_rollout_rms(u, x0):
    xs = _states(u, x0)
    return sqrt(fsum(x[0] ** 2 + x[1] ** 2 for x in xs[1:]) / 20)


def m_terminal_miss(Q=D64):
    goal = Q(0.9999998)
    return lambda a: (a ** 20 - goal) ** 2


def _positions(u):
    """A^k B = [k + 1/2, 1]: the position after t steps is sum_s (t - 1 - s + 1/2) u_s."""
    return [fsum((t - 1 - s + mpf(1) / 2) * u[s] for s in range(t)) for t in range(1, 5)]


def m_mpc(penalty):
    def f(u):
        pos = _positions(u)
        return fsum((p - 2) ** 2 for p in pos) + fsum(v * v for v in u) / 2 + 100 * fsum(penalty(p - 1) for p in pos)
    return f


m_mpc_sq = m_mpc(lambda g: max(mpf(0), g) ** 2)
m_mpc_l1 = m_mpc(lambda g: max(mpf(0), g))
m_mpc_softplus = m_mpc(lambda g: mpmath.log1p(exp(1000 * g)) / 1000)


# --- cases ------------------------------------------------------------------------------------------------------------

def C(function, mirror, verdict="ok", dtype="float64", line=None, fix=None, **pt):
    """A case whose truth is the one- and two-sided derivative of ``mirror`` at the point as ``dtype`` holds it."""
    return Case(L, function, ",".join(f"{k}={_txt(v)}" for k, v in pt.items()), dtype, verdict,
                sided_grad(mirror, dtype, **pt), line, fix)


def H(function, truth, verdict="ok", dtype="float64", line=None, fix=None, **pt):
    """A case whose truth is written by hand."""
    return Case(L, function, ",".join(f"{k}={_txt(v)}" for k, v in pt.items()), dtype, verdict, hp(truth), line, fix)


def all_nan(**pt):
    """No derivative in any entry: every input's slope NaN, shaped as the point."""
    def nan_like(v):
        return [nan_like(a) for a in v] if isinstance(v, list) else NAN
    return lambda: {k: nan_like(v) for k, v in pt.items()}


def sqrt_filter_at_r0():
    """s+ = s sqrt(r) / sig is no number for r < 0: r has no derivative; q and s0 keep the variance form's slopes
    (P+ = P r / S = 0 at r = 0, smooth in them)."""
    full = sided_grad(m_sqrt_filter_nll, "float64", q=0.1, r=0.0, s0=1.0)()
    return {"q": full["q"], "r": NAN, "s0": full["s0"]}


def sqrt_filter_at_zero():
    """s0 = q = 0: P = 0 throughout; q < 0 is the root of a negative (no derivative); the likelihood is even in s0
    (P0 = s0^2: slope 0) and r keeps sum 1/(2r) - z^2/(2r^2)."""
    full = sided_grad(m_sqrt_filter_nll, "float64", q=0.0, r=0.5, s0=0.0)()
    return {"q": NAN, "r": full["r"], "s0": full["s0"]}


PI = float(numpy.pi)
Z2 = [[0.25, 0.5], [0.75, 1.0], [1.0, 0.5]]
Z2_TINY = [[v * 1e-85 for v in row] for row in Z2]  # the same track in units 1e85 too large: covariances of 1e-170
Z4 = [0.1, 1.2, 1.9, 3.1]
ZR_ON = [3.0, 0.5, 1.0, 0.25]  # the first innovation exactly V_MAX
X8 = [1.0, 2.0, 0.5, 1.5, 3.0, 2.5, 1.0, 2.0]
X21 = [2.0] + [1.0, 0.5, 1.5, 1.0, 0.5] * 4  # 21 samples, the first on the saturation
U20 = [0.1] * 20
LOGW_DOM = [0.0, -800.0, -800.0, -800.0]
LOGW_TIE = [0.0, 0.0, -1.0, -2.0]
LOGW_LOW = [-800.0, -800.5, -801.0, -799.5]
TH, RF = [0.5, 3.0, -2.0], [0.25, -3.0, 2.5]
U_ON = [0.5, 0.5, -0.5, -0.5]  # positions [0.25, 1, 1.75, 2]: x2 on X_MAX

ALL = [
    # the scalar filter's likelihood: short form and Joseph's form
    C("kf_scalar_nll", m_kf_scalar_nll, q=0.1, r=0.5),
    C("kf_scalar_nll", m_kf_scalar_nll, q=0.1, r=0.0),  # R = 0: K = 1, P+ = 0, smooth in r
    H("kf_scalar_nll", all_nan(q=0, r=0), "domain", q=0.0, r=0.0),  # S = 0 at step 2 with v = -0.5: a pole
    C("kf_scalar_nll", m_kf_scalar_nll, "unstable", q=1e-150, r=1e-150),  # K = 1/(1 + 1e-150) = 1: P+ = 0
    C("kf_scalar_nll", m_kf_scalar_nll, "unstable", dtype="float32", q=1e-12, r=1e-12),
    C("kf_scalar_nll_joseph", m_kf_scalar_nll, q=0.1, r=0.0),
    C("kf_scalar_nll_joseph", m_kf_scalar_nll, q=1e-150, r=1e-150),  # K^2 r keeps P+ = 1e-150
    C("kf_scalar_nll_joseph", m_kf_scalar_nll, dtype="float32", q=1e-12, r=1e-12),
    C("kf_scalar_nll_joseph", m_kf_scalar_nll, "domain", dtype="float32", q=1e-20, r=1e-20),  # slopes past 3.4e38
    # the final estimate; an innovation gate; a clamped innovation
    C("kf_scalar_final", m_kf_scalar_final, p0=1e-300, q=0.0, r=0.5),  # P -> 0: K = 2e-300
    C("kf_scalar_final", m_kf_scalar_final, p0=1e-300, q=1e-300, r=1e-300),  # slopes of 1e297
    C("kf_scalar_final", m_kf_scalar_final, p0=1.0, q=0.1, r=0.0),  # R = 0: the last measurement
    H("kf_scalar_final", all_nan(p0=0, q=0, r=0), "domain", p0=0.0, q=0.0, r=0.0),  # K = 0 / 0
    C("kf_scalar_gated", m_kf_scalar_gated, x0=-6.0, q=2.0, r=1.0),  # the first measurement gated out
    C("kf_scalar_gated", m_kf_scalar_gated, "domain", x0=-5.0, q=2.0, r=1.0),  # v^2 / S = 36 / 4: on the gate
    C("kf_scalar_gated", m_kf_scalar_gated, "unstable", x0=-5.0, q=2.1, r=0.9),  # S = 4 + 1.1e-16 rounds to 4
    C("kf_scalar_gated", m_kf_scalar_gated, x0=-5.0, q=2.3, r=0.7),  # S = 4 - 2.2e-16 rounds to 4: gated both ways
    C("kf_robust_nll", m_kf_robust_nll, z=[5.0, 0.5, 1.0, 0.25], p0=0.5),  # the outlier clamped
    C("kf_robust_nll", m_kf_robust_nll, "domain", z=ZR_ON, p0=0.5),  # v0 = V_MAX
    C("kf_robust_nll", m_kf_robust_nll, "domain", z=ZR_ON, p0=1e-08),  # the clamped path ~ K0 = 1e-8
    C("kf_robust_nll", m_kf_robust_nll, "domain", z=ZR_ON, p0=1e-13),  # F1: sides 2.8e-14 apart
    C("kf_robust_nll", m_kf_robust_nll, "domain", z=ZR_ON, p0=1e-14),  # F1: 2.8e-15
    # the constant-velocity filter
    C("kf_cv_nll", m_kf_cv_nll, q=0.5, r=0.25),
    C("kf_cv_nll", m_kf_cv_nll, q=0.5, r=0.0),
    C("kf_cv_nll", m_kf_cv_nll, "unstable", q=1e-12, r=1e-12),
    H("kf_cv_nll", all_nan(q=0, r=0), "domain", q=0.0, r=0.0),  # P+ = 0 after two exact positions: S = 0 at step 3
    C("kf_cv_nll_joseph", m_kf_cv_nll, "unstable", q=1e-12, r=1e-12),  # Joseph's form no cure here
    # the 2-D tracker: slogdet, det, Cholesky
    C("kf2d_nll", m_kf2d_nll, p0=1.0, q=0.5, r=0.25, z=Z2),
    C("kf2d_nll", m_kf2d_nll, p0=1e-170, q=1e-170, r=1e-170, z=Z2_TINY),
    H("kf2d_nll", all_nan(p0=0, q=0, r=0, z=Z2), "domain", p0=1.0, q=0.5, r=0.0, z=Z2),  # S = q Q_CV: rank 1
    C("kf2d_nll", m_kf2d_nll, "unstable", p0=1.0, q=0.5, r=1e-12, z=Z2),  # S nearly q Q_CV
    C("kf2d_nll_det", m_kf2d_nll, "unstable", fix="slogdet(", p0=1e-170, q=1e-170, r=1e-170, z=Z2_TINY),  # det -> 0
    C("kf2d_nll_chol", m_kf2d_nll, dtype="float32", p0=1.0, q=0.5, r=0.25, z=Z2),
    C("kf2d_nll_chol", m_kf2d_nll, p0=1e-170, q=1e-170, r=1e-170, z=Z2_TINY),
    H("kf2d_nll_chol", all_nan(p0=0, q=0, r=0, z=Z2), "domain", p0=1.0, q=0.5, r=0.0, z=Z2),
    C("kf2d_nll_chol", m_kf2d_nll, "unstable", p0=1.0, q=0.5, r=1e-17, z=Z2),
    # the square-root filter, the information filter
    C("sqrt_filter_nll", m_sqrt_filter_nll, q=0.1, r=0.5, s0=1.0),
    C("sqrt_filter_nll", m_sqrt_filter_nll, q=0.1, r=0.5, s0=0.0),
    H("sqrt_filter_nll", sqrt_filter_at_r0, "domain", q=0.1, r=0.0, s0=1.0),
    H("sqrt_filter_nll", sqrt_filter_at_zero, "wrong", line="s = np.sqrt(s * s + q)", q=0.0, r=0.5, s0=0.0),
    C("info_filter_predict", m_info_filter, z=Z4, lam=0.5, r=0.25),
    C("info_filter_predict", m_info_filter, z=Z4, lam=0.0, r=0.25),  # a diffuse prior: least squares
    C("info_filter_predict", m_info_filter, "unstable", z=Z4, lam=0.0, r=1e-300),  # d(1/r) = -1/r^2 overflows
    C("info_filter_predict", m_info_filter, "unstable", dtype="float32", z=Z4, lam=0.0, r=1e-30),
    # LQR: Riccati iterations, closed-loop poles
    C("lqr_gain_scalar", m_lqr_dare, a=1.05, q=1.0, r=1.0),  # converged: the DARE's root
    C("lqr_gain_scalar", m_lqr_scalar, a=1.05, q=1.0, r=0.0),  # R = 0: deadbeat, K = a
    C("lqr_gain_scalar", m_lqr_scalar, a=1.0, q=1e-4, r=1.0),  # unconverged after 40 steps
    C("riccati_gain_5", m_riccati(5), q=1.0, r=0.5),
    C("riccati_gain_5", m_riccati(5), dtype="float32", q=1.0, r=0.5),
    C("riccati_gain_5", m_riccati(5), q=1.0, r=0.0),
    H("riccati_gain_5", all_nan(q=0, r=0), "domain", q=0.0, r=0.0),  # R + B'PB = 0: solve of a zero matrix
    C("riccati_gain_60", m_riccati(60), q=1.0, r=0.5),
    C("closed_loop_radius", m_radius, k=[1.0, 1.5]),  # complex poles: sqrt(det)
    # its value 0.5000000066 for 0.5 (the double root's sqrt of rounding): lost there, unstable
    C("closed_loop_radius", m_radius, "unstable", k=[1.0, 1.75]),  # a double pole at 0.5: a Jordan block
    C("closed_loop_radius", m_radius, "domain", k=[4.0, 3.0]),  # deadbeat: A - B K nilpotent, radius 0
    C("closed_loop_radius", m_radius, "domain", k=[2.0, 3.5]),  # poles +-1/sqrt(2): the max at a tie
    # PID
    C("pid_cost", m_pid, kp=0.8, ki=0.3, kd=0.1, i_max=5.0),
    C("pid_cost", m_pid, kp=3.0, ki=1.1, kd=0.45, i_max=0.8),  # 8 steps clamped, 10 clipped, none on a bound
    C("pid_cost", m_pid, "domain", kp=1.0, ki=1.0, kd=0.25, i_max=10.0),  # v0 = kp + ki / 2 + 2 kd = U_MAX
    C("pid_cost", m_pid, "domain", kp=0.8, ki=0.3, kd=0.1, i_max=0.5),  # integ0 = e0 DT = i_max; gains keep slopes
    C("pid_cost", m_pid, "unstable", kp=0.1, ki=0.2, kd=0.9, i_max=10.0),  # v0 rounds to U_MAX; exact 2 + 5.6e-17
    C("pid_cost", m_pid, kp=0.1, ki=0.0, kd=0.95, i_max=10.0),  # v0 rounds to U_MAX; exact 2 - 8.3e-17
    C("pid_cost", m_pid, "domain", kp=3.0, ki=1.0, kd=0.5, i_max=0.0),  # e1 = 0: clip(0, -0, 0) at step 1
    C("pid_cost_tanh", m_pid_tanh, dtype="float32", kp=0.8, ki=0.3, kd=0.1),
    C("pid_cost_tanh", m_pid_tanh, kp=20.0, ki=1.0, kd=0.5),  # saturated most steps
    # particle weights
    C("pf_estimate", m_pf_estimate, logw=LOGW_DOM),  # slopes of 1e-347
    C("pf_estimate", m_pf_estimate, logw=LOGW_TIE),  # the max at a tie: shift-invariant
    C("pf_estimate", m_pf_estimate, logw=LOGW_LOW),
    C("pf_estimate", m_pf_estimate, logw=[0.0, -740.0, -1.0, -2.0]),  # a subnormal weight and slope
    C("pf_estimate", m_pf_estimate, dtype="float32", logw=[0.0, -120.0, -1.0, -2.0]),
    C("pf_estimate_naive", m_pf_estimate, "unstable", logw=LOGW_LOW),  # 0 / 0
    C("pf_estimate_naive", m_pf_estimate, "unstable", dtype="float32", logw=[-120.0, -121.0, -119.0, -120.5]),
    C("pf_ess", m_pf_ess, logw=LOGW_DOM),
    C("pf_ess", m_pf_ess, logw=LOGW_TIE),
    C("pf_resampled_mean", m_pf_resampled, logw=[0.1, -0.3, 0.2, -0.5]),  # a step function: slope 0
    C("pf_resampled_mean", m_pf_resampled, "domain", logw=[0.0, 0.0, 0.0, 0.0]),  # cumsum(w) = [1/4, 1/2, 3/4, 1] = u
    # alpha-beta, complementary filter, heading wraps
    C("ab_tracker", m_ab_tracker, alpha=0.5, beta=0.2),
    C("ab_tracker", m_ab_tracker, dtype="float32", alpha=0.5, beta=0.2),
    C("comp_filter", m_comp_filter, alpha=0.98, ay=[0.3, 0.4, 0.1, 0.6]),
    C("comp_filter", m_comp_filter, "domain", alpha=0.9, ay=[0.3, 0.4, 0.0, 0.6]),  # atan2(0, -1) = pi: the cut
    C("heading_cost_mod", m_heading_mod(), theta=TH, ref=RF),
    C("heading_cost_mod", m_heading_mod(), "domain", theta=[PI, 0.5], ref=[0.0, 0.25]),  # np.pi: the jump itself
    C("heading_cost_mod", m_heading_mod(), "domain", theta=[0.0, 0.5], ref=[PI, 0.25]),
    C("heading_cost_mod", m_heading_mod(D32), "domain", dtype="float32", theta=[PI, 0.5], ref=[0.0, 0.25]),
    C("heading_cost_mod", m_heading_mod(), theta=[0.3, 0.5], ref=[-2.8415926535897933, 0.25]),  # np.pi + 1.7e-16
    C("heading_cost_mod", m_heading_mod(), "unstable", theta=[0.1, 0.5], ref=[-3.041592653589793, 0.25]),
    C("heading_cost_atan2", m_heading_atan2, theta=[PI, 0.5], ref=[0.0, 0.25]),  # np.pi < pi: smooth
    C("heading_cost_atan2", m_heading_atan2, dtype="float32", theta=[PI, 0.5], ref=[0.0, 0.25]),  # f32 pi > pi
    C("heading_cost_atan2", m_heading_atan2, "unstable", theta=[0.3, 0.5], ref=[-2.8415926535897933, 0.25]),
    C("heading_cost_atan2", m_heading_atan2, theta=[0.1, 0.5], ref=[-3.041592653589793, 0.25]),  # np.pi - 8.3e-17
    C("heading_cost_atan2", m_heading_atan2, theta=[0.4, 0.5], ref=[-2.741592653589793, 0.25]),  # np.pi + 1.1e-16 < pi
    # exponential smoothing
    C("ema_debiased", m_ema_debiased, "unstable", alpha=1e-12, x=X8),  # 1 - (1 - alpha)^8: cancellation
    C("ema_debiased", m_ema_debiased, "unstable", dtype="float32", alpha=1e-3, x=X8),
    C("ema_clipped", m_ema_clipped, "domain", alpha=1.0, x=X8),
    C("ema_clipped", m_ema_clipped, "domain", alpha=0.0, x=X8),
    C("ema_saturated", m_ema_saturated, "domain", alpha=0.3, x=[1.0, 2.0, 0.5, 1.5, 3.0, 2.5, 1.0, 1.25]),
    C("ema_saturated", m_ema_saturated, "domain", alpha=0.9, x=[2.0, 1.0, 0.5, 1.5, 3.0, 2.5, 1.0, 1.25]),  # 0 | 1e-7
    C("ema_saturated", m_ema_saturated, "domain", alpha=0.9, x=X21),  # F2: 0 | 1e-20, 22 inputs
    # rollouts
    C("rollout_cost", m_rollout_cost, dtype="float32", u=U20, x0=[1.0, 0.0]),
    # the cost is past 3.4e38, its slopes are not: x0[1]'s 4.5 computed -3.2e14
    C("rollout_cost", m_rollout_cost, "unstable", dtype="float32", u=U20, x0=[2e19, 0.0]),
    C("rollout_rms", m_rollout_rms, "unstable", dtype="float32", u=U20, x0=[2e19, 0.0]),  # x'x overflows
    C("rollout_rms", m_rollout_rms, "unstable", u=U20, x0=[1e155, 0.0]),
    C("terminal_miss", m_terminal_miss(), "unstable", a=0.99999999),  # a miss of 1.9e-14
    C("terminal_miss", m_terminal_miss(D32), dtype="float32", a=0.999),
    # MPC with a soft constraint
    C("mpc_soft_sq", m_mpc_sq, u=U_ON),  # x2 = X_MAX: C1
    C("mpc_soft_sq", m_mpc_sq, dtype="float32", u=U_ON),
    C("mpc_soft_l1", m_mpc_l1, "domain", u=U_ON),  # u[2], u[3] do not move x2: keep their slopes
    C("mpc_softplus", m_mpc_softplus, u=U_ON),
    C("mpc_softplus_naive", m_mpc_softplus, "unstable", fix="logaddexp(", u=U_ON),  # exp(750), exp(1000) overflow
]
