"""The seventy-fifth trial set (third part): issue 27's exact reference on Python functions doing OPTIMISATION BUILDING
BLOCKS with gradcli.numpy as solver and ML-systems code writes them (tests/trials/lib75c.py): soft-thresholding
sign(x) max(|x| - lam, 0) (ordinary, float32, at |x| = lam, at x = 0 inside the dead zone and at x = 0 with lam = 0,
where it is the identity), the same prox as max(x - lam, 0) - max(-x - lam, 0) and as x - clip(x, -lam, lam); five
ISTA steps for a lasso (ordinary, float32, lam = 0, every iterate 0, and lam = 0.75 where the first step's z[2] sits on
the threshold) and the lasso objective at a zero coordinate (lam = 1e-4 and 1e-8); the Euclidean projection onto the
probability simplex by np.sort, np.cumsum and the threshold's index by np.argmax of a reversed condition, read out
linearly (ordinary, float32, ties in the sorted entries, all tied, a vertex, an entry exactly at the threshold theta =
0.25, two tied entries at theta = 0.5) and as the squared distance to the simplex (C1: 2 (v - P v)); a quadratic of
np.clip(x, lo, hi) with the bounds as inputs (inside, on a bound, on a bound at its own target, outside; float32), the
box indicator's Moreau envelope at the bounds, two projected-gradient steps landing on a bound; a log-barrier
-sum log(b - A x) (ordinary, float32, 1e-2 and 1e-10 from the face 0.3 x0 + 0.7 x1 = 1, at x = [1, 1] where the
doubles leave a slack of 2^-54 that float64 rounds to 0, 1e-10 from the axis face x0 = 2 where 2 - x0 is exact, on the
face) and a barrier method's t c.x - sum log(b - A x) at t = 1e8; Huber as the Moreau envelope of |x| through the prox
(ordinary, |x| = mu: the C1 join; float32) and in closed form by np.where; a PHR augmented Lagrangian (ordinary, at
lam + rho g = 0, inactive; float32); ten unrolled Nesterov steps differentiated in w0, lr and mu (ordinary, float32,
lr h = 2.5, at the minimum); three Adam steps with sqrt(v_hat) + 1e-8 in w0 and lr (ordinary, float32, a coordinate
at the minimum: g = 0 and v = 0, float32 too, and 1e-200 from it: g^2 underflows) and with sqrt(v_hat + 1e-8); a
backtracking Armijo line search by a Python while loop on Rosenbrock (from (-1.2, 1), float32, at the minimum, at
(0.5, 0)) and on 0.5 h |x|^2 with c = 0.5, where t = 1, 0.5, 0.25 is accepted exactly at h = 1, 2, 4; twenty
Sinkhorn iterations for entropic OT on a 3 x 3 squared-distance cost with a source 1 or more from every target, in
scaling form (eps = 0.1, float32, 0.01, 1e-3 where exp(-C/eps) underflows to a zero row) and in the log domain by
logsumexp (0.1, 1e-3, float32 0.01).

Tried: 23 functions, 89 cases through the CLI judged by tests/trials/judge.py (at most two gradcli processes at once;
a scratch file runs the CLI in two threads and judges in the main one), a batch of 86, then the 8 changed or new
cases again, then the whole set; besides them probes of F1 (a scratch file: x + c |x| at 0 for c = 1e-11 .. 1e-3),
kept out of ALL. ALL keeps 89 (58 ok, 17 domain, 8 wrong, 6 unstable; 72 float64, 17 float32). 87 agree with gradcli
in verdict and every exact gradient entry (to 1e-10 relative), and where a case names its line, in that too; two are
finding F1. Every check took 0.7-14.3 s (the last full run 1.3-14.3 s).

Truths are written here from the mathematics, never lib75c's code or gradcli: each function in mpmath (the prox as
sign(z) max(|z| - lam, 0), clip as NumPy's min(max(x, lo), hi), the simplex projection from its characterisation:
theta_k = (sum of the k largest - 1) / k with v_(k) > theta_k >= v_(k+1), Huber in closed form, Nesterov's ten steps as
the 10th power of each coordinate's 2 x 2 matrix, Adam, ISTA, Armijo and Sinkhorn's scaling form as loops; the
log-domain Sinkhorn shares the scaling form's truth, being the same iterations), the derivative from the left and
the right by mpmath.diff at 2,000 digits (cases30b.sided_grad), NaN where they differ; the module's data as its
float64 arrays hold them (0.3, 0.7, 0.2 as doubles; the costs and A_LS dyadic), the Python floats the code computes
before they meet an array (1 - 0.9 = 0.09999999999999998, 1 - 0.999 ** t) as doubles; by hand: the barrier on its
face.

What agreed: the prox ok (float32), domain at |x| = lam in every spelling (x[2] keeps 2), ok in the dead zone; at
x = 0 with lam = 0 the sign form is wrong (exact slope 3, sign's and abs's rules give 0; its line named) while the two
maxima's tie rules give 3: ok; ISTA ok (float32, lam = 0, all iterates 0); the lasso objective domain at a zero
coordinate with lam = 1e-4; the simplex readout ok at ties in the sort, all tied and a vertex (every slope 0), domain
at an entry on the threshold and at two tied entries on it (v[3] keeps 0); the box loss ok inside, outside and on a
bound where the quadratic's target is the bound (slope 0 both sides), domain on a bound elsewhere (float32 too); the
box envelope ok at the bounds; projected gradient ok on a bound the next step clips again, domain on the last step's
bound; the barrier ok at 1e-2 from the face, unstable at 1e-10 (A x loses 1e-16 of a slack of 3e-11: 2e-6 relative)
and at [1, 1] (slack 0: inf where the exact slopes are 5.4e15, 1.3e16), ok at 1e-10 from the axis face (Sterbenz),
the t = 1e8 objective ok, unstable at 1e-10; Huber by np.where ok at its join; the augmented Lagrangian ok at the
switch (C1; float32); Nesterov ok everywhere tried; Adam ok (float32), wrong at a coordinate at the minimum (the exact
slope 4.86e17 = the linear regime's (1 - lr h / eps ...) product comes out NaN from sqrt's rule at v = 0 times the 0
of 2 (1 - b2) g; float32 too; its line named), unstable 1e-200 from it (g^2 underflows: v = 0, sqrt's slope inf),
ok with eps inside the root; Armijo ok on Rosenbrock (float32; the minimum: every slope 0), on the quadratic ok off
the ties and domain in h at h = 1, 2, 4 (the value jumps from 0 to x^2/8; x keeps 0); Sinkhorn ok at eps = 0.1
(float32), 0.01, unstable at 1e-3 (a / (K v) with K's third row all 0: inf, then NaN; its line named), the log
domain ok at 0.1 and float32 0.01.

Truths the round corrected in itself, gradcli right each time:
- x - clip(x, -lam, lam) at x = 0, lam = 0 is wrong, not domain: lam has a kink (slopes -6 and 1: NumPy's clip with
  lo > hi returns hi), but x's exact slopes [3, 1, 2] come out [0, 1, 2] from clip's rule passing 1 at x = lo = hi;
- the squared distance to the simplex at an entry on the threshold (and at two tied ones) is wrong, not ok: the
  function is C1 with slope 2 (v - P v) = [0.5, 0.5, 0.5, -2], but maximum's tie rule halves the entry's path
  through theta: [0.625, 0.625, 0.25, -2] ([2, 0.5, 0.5, 0] for [1, 1, 1, 0]);
- Huber as the envelope of |x| through the prox at |x| = mu is wrong, not ok: slopes [1, -1, 1] and -1.5 in mu,
  the rules at p = 0 (abs) and at maximum's tie give [0.5, -0.5, 1] and -0.5 (float32 alike);
- the log-barrier on the face x0 = 2 keeps x1's slope 2.05 (rows 0, 2, 3: x1 does not move the pole), not NaN;
- the log-domain Sinkhorn at eps = 1e-3 is unstable, not ok: a's exact slopes (1e-77) come out 0 and eps's -6.7e-74
  as 1.8e-12, from two paths of 411.67 cancelling.

Findings:
- F1 (mended): a kink whose one-sided slopes differ by less than about 1e-7 relative is not seen. The lasso objective
  0.5 |A x - y|^2 + lam |x|_1 at x[0] = 0 with lam = 1e-8 has slopes -0.625 - 1e-8 and -0.625 + 1e-8 in x[0]: no
  derivative (at lam = 1e-4 gradcli says so: domain); gradcli says ok and gives the exact slope -0.625, the mean of
  the sides, which neither side has. Five ISTA steps at lam = 0.75, where the first step's z[2] = 0.1875 sits exactly
  on the threshold STEP lam, have slopes in lam of 0.59999999999945430 and 0.59999999995034159 from the right and
  left (mpmath at 60 digits, steps 1e-10 .. 1e-30), and so in y[1..3]: gradcli says ok with lam's exact slope
  0.599999999974898, their mean. The probe x + c |x| at 0 is domain for c >= 1e-6 and ok with exact slope 1 for
  c <= 1e-7 (2e-7 relative between the sides; 1e-9 and 1e-11 alike). The README calls abs at 0 a kink and a kink
  the point's own property; a jump in slope 2000 times the float64 check's 1e-10 is a kink, and the mean is no exact
  derivative.
  Reading: the kink test compares the sides' differences at a relative tolerance near 1e-7 (a finite-difference
  tolerance, not the exact reference's), so sides that differ by less are merged into a central difference.
  Reproduce: gradcli check tests/trials/lib75c.py:lasso_objective --at "x=[0.0,0.5,0.25],lam=1e-08" --dtype float64
  --json
  Reproduce: gradcli check tests/trials/lib75c.py:ista_lasso --at "y=[1.0,0.5,-0.5,1.0],lam=0.75" --dtype float64
  --json
  Mended: two settled sides that agree to a millionth are still a kink where they stand apart by a thousand times
  what each side's two steps leave open and the noise (kinks._apart_beyond_the_steps: a smooth function's sides at
  the shorter step are apart by its curvature times that step, far below that): both cases domain; x + c |x| at 0
  is domain for c = 1e-9 and 1e-13 too.
"""

import mpmath
import numpy
from mpmath import mpf

from cases import Case
from cases5 import hp
from cases30b import sided_grad
from cases59c import _txt  # a point as its case id writes it

L = "lib75c.py"
NAN = mpmath.nan
fsum, log, exp, sqrt = mpmath.fsum, mpmath.log, mpmath.exp, mpmath.sqrt


def D64(v):
    return mpf(float(v))


def D32(v):
    return mpf(float(numpy.float32(v)))


def sgn(v):
    return mpmath.sign(v)


def clip(v, lo, hi):  # NumPy's clip: min(max(v, lo), hi)
    return min(max(v, lo), hi)


def dot(a, b):
    return fsum(x * y for x, y in zip(a, b))


# --- the module's data, as its float64 arrays hold them ---------------------------------------------------------------

W_PROX = [mpf(3), mpf(1), mpf(2)]
A_LS = [[mpf(1), mpf(0.5), mpf(0)], [mpf(0), mpf(1), mpf(0.5)], [mpf(0.5), mpf(0), mpf(1)], [mpf(1), mpf(1), mpf(1)]]
STEP = mpf(0.25)
C_SIMPLEX = [mpf(3), mpf(1), mpf(2.5), mpf(0.5)]
TARGET_BOX = [D64(0.2), mpf(0.5), mpf(-1)]
LO, HI = [mpf(-1)] * 3, [mpf(1)] * 3
A_BAR = [[D64(0.3), D64(0.7)], [mpf(1), mpf(0)], [mpf(0), mpf(1)], [mpf(-1), mpf(-1)]]
B_BAR = [mpf(1), mpf(2), mpf(2), mpf(3)]
C_BAR = [mpf(-1), mpf(-2)]
H_DIAG = [mpf(1), mpf(10)]
W_STAR = [mpf(1), mpf(0)]
W_VAL = [mpf(0.75), mpf(0.25)]
X_SRC, Y_DST = [mpf(0), mpf(0.5), mpf(2)], [mpf(0.25), mpf(0.75), mpf(1)]
COST = [[(x - y) ** 2 for y in Y_DST] for x in X_SRC]  # dyadic: exact in float64


# --- the mathematics, in mpmath ---------------------------------------------------------------------------------------

def st(z, lam):
    """prox of lam |.|: sign(z) max(|z| - lam, 0)."""
    return sgn(z) * max(abs(z) - lam, mpf(0))


def m_soft(x, lam):
    return dot(W_PROX, [st(v, lam) for v in x])


def m_two_max(x, lam):
    return dot(W_PROX, [max(v - lam, mpf(0)) - max(-v - lam, mpf(0)) for v in x])


def m_soft_clip(x, lam):  # x - clip(x, -lam, lam) as NumPy computes it for lam < 0 too
    return dot(W_PROX, [v - clip(v, -lam, lam) for v in x])


def m_ista(y, lam):
    x = [mpf(0)] * 3
    for _ in range(5):
        r = [dot(row, x) - yi for row, yi in zip(A_LS, y)]
        z = [x[k] - STEP * fsum(A_LS[i][k] * r[i] for i in range(4)) for k in range(3)]
        x = [st(v, STEP * lam) for v in z]
    r = [dot(row, x) - yi for row, yi in zip(A_LS, y)]
    return fsum(v * v for v in r) / 2 + lam * fsum(abs(v) for v in x)


def m_lasso(x, lam):
    y = [mpf(1), mpf(0.5), mpf(-0.5), mpf(1)]
    return fsum((dot(row, x) - yi) ** 2 for row, yi in zip(A_LS, y)) / 2 + lam * fsum(abs(v) for v in x)


def proj_simplex(v):
    """The w >= 0, sum w = 1 nearest v: w = max(v - theta, 0) with theta the root of sum max(v - theta, 0) = 1,
    found among the support sizes k: theta_k = (sum of the k largest - 1) / k must lie in [v_(k+1), v_(k))."""
    s = sorted(v, reverse=True)
    for k in range(1, len(s) + 1):
        theta = (fsum(s[:k]) - 1) / k
        if s[k - 1] > theta and (k == len(s) or s[k] <= theta):
            return [max(x - theta, mpf(0)) for x in v]
    raise AssertionError(v)


def m_simplex_readout(v):
    return dot(C_SIMPLEX, proj_simplex(v))


def m_simplex_distance(v):
    return fsum((a - b) ** 2 for a, b in zip(v, proj_simplex(v)))


def m_box_loss(x, lo, hi):
    return fsum((clip(v, l, h) - t) ** 2 for v, l, h, t in zip(x, lo, hi, TARGET_BOX))


def m_box_envelope(x):
    return fsum((v - clip(v, l, h)) ** 2 for v, l, h in zip(x, LO, HI)) / 2


def m_projected_gradient(x):
    t3 = [3 * t for t in TARGET_BOX]
    for _ in range(2):
        x = [clip(v - mpf(0.5) * (v - c), l, h) for v, c, l, h in zip(x, t3, LO, HI)]
    return fsum((v - c) ** 2 for v, c in zip(x, t3))


def slacks(x):
    return [b - dot(row, x) for row, b in zip(A_BAR, B_BAR)]


def m_log_barrier(x):
    return -fsum(log(s) for s in slacks(x))


def m_barrier_objective(x, t):
    return t * dot(C_BAR, x) - fsum(log(s) for s in slacks(x))


def m_huber(x, mu):  # the envelope of |.| in closed form
    return fsum(v * v / (2 * mu) if abs(v) <= mu else abs(v) - mu / 2 for v in x)


def m_aug_lagrangian(x, lam_eq, lam_in, rho):
    f = (x[0] - 2) ** 2 + (x[1] - 1) ** 2
    h = x[0] - 2 * x[1]
    g = x[0] + x[1] - 1
    return f + lam_eq * h + rho * h * h / 2 + (max(mpf(0), lam_in + rho * g) ** 2 - lam_in ** 2) / (2 * rho)


def m_nesterov(w0, lr, mu):
    """Per coordinate the error e = w - w* and velocity v evolve linearly: (e, v) <- M (e, v),
    M = [[1 - lr h, mu (1 - lr h)], [-lr h, mu (1 - lr h)]]; ten steps are M^10."""
    total = mpf(0)
    for w, h, s in zip(w0, H_DIAG, W_STAR):
        q = 1 - lr * h
        M = mpmath.matrix([[q, mu * q], [-lr * h, mu * q]])
        e = (M ** 10 * mpmath.matrix([w - s, 0]))[0]
        total += h * e * e / 2
    return total


def m_adam(inside, Q=D64):
    """Adam's three steps per coordinate; the Python floats the code computes (1 - 0.9, 1 - 0.9 ** t) as doubles."""
    b1, b2, c1, c2, eps = Q(0.9), Q(0.999), Q(1 - 0.9), Q(1 - 0.999), Q(1e-8)

    def f(w0, lr):
        total = mpf(0)
        for w, h, s, val in zip(w0, H_DIAG, W_STAR, W_VAL):
            m = v = mpf(0)
            for t in range(1, 4):
                g = h * (w - s)
                m = b1 * m + c1 * g
                v = b2 * v + c2 * g * g
                m_hat, v_hat = m / Q(1 - 0.9 ** t), v / Q(1 - 0.999 ** t)
                w = w - lr * m_hat / (sqrt(v_hat + eps) if inside else sqrt(v_hat) + eps)
            total += h * (w - val) ** 2 / 2
        return total
    return f


def rosen(x0, x1):
    return (1 - x0) ** 2 + 100 * (x1 - x0 ** 2) ** 2


def m_armijo_rosen(x):
    x0, x1 = x
    g = [-2 * (1 - x0) - 400 * x0 * (x1 - x0 ** 2), 200 * (x1 - x0 ** 2)]
    fx, gg, t = rosen(x0, x1), dot(g, g), mpf(1)
    while rosen(x0 - t * g[0], x1 - t * g[1]) > fx - D64(1e-4) * t * gg:
        t /= 2
    return rosen(x0 - t * g[0], x1 - t * g[1])


def m_armijo_quadratic(x, h):
    """t halves from 1 until 0.5 h |x - t h x|^2 <= 0.5 h |x|^2 - 0.5 t h^2 |x|^2, i.e. until t h <= 1."""
    r, t = fsum(v * v for v in x), mpf(1)
    while h * (1 - t * h) ** 2 * r / 2 > h * r / 2 - t * h * h * r / 2:
        t /= 2
    return h * (1 - t * h) ** 2 * r / 2


def m_sinkhorn(a, b, eps):
    K = [[exp(-c / eps) for c in row] for row in COST]
    v = [mpf(1)] * 3
    for _ in range(20):
        u = [a[i] / fsum(K[i][j] * v[j] for j in range(3)) for i in range(3)]
        v = [b[j] / fsum(K[i][j] * u[i] for i in range(3)) for j in range(3)]
    return fsum(u[i] * K[i][j] * v[j] * COST[i][j] for i in range(3) for j in range(3))


# --- cases ------------------------------------------------------------------------------------------------------------

def C(function, mirror, verdict="ok", dtype="float64", line=None, fix=None, **pt):
    """A case whose truth is the one- and two-sided derivative of ``mirror`` at the point as ``dtype`` holds it."""
    return Case(L, function, ",".join(f"{k}={_txt(v)}" for k, v in pt.items()), dtype, verdict,
                sided_grad(mirror, dtype, **pt), line, fix)


def H(function, truth, verdict="ok", dtype="float64", line=None, fix=None, **pt):
    """A case whose truth is written by hand."""
    return Case(L, function, ",".join(f"{k}={_txt(v)}" for k, v in pt.items()), dtype, verdict, hp(truth), line, fix)


def barrier_on_boundary():  # b - A x = 0 in row 1 (x0 = 2): -log 0, a pole in x0; x1 does not move it and keeps its
    return {"x": [NAN, mpf(0.7) / (1 - 2 * D64(0.3)) + mpf(1) / 2 - mpf(1) / 5]}  # slope from rows 0, 2, 3


X_ORD, X_TIE, X_ZERO = [1.5, -0.3, 0.8], [0.5, -0.5, 2.0], [0.0, 1.5, -2.0]
Y_LS = [1.0, 0.5, -0.5, 1.0]  # A^T y = [1.75, 2, 0.75]: the first step's z is STEP A^T y
V_ORD, V_TIES = [0.5, 0.2, -0.1, 0.4], [0.4, 0.4, 0.1, -0.5]
V_ON = [1.0, 0.5, 0.25, -1.0]  # theta = 0.25 = v[2]: an entry exactly at the threshold
V_ON2 = [1.5, 0.5, 0.5, 0.0]  # theta = 0.5 = v[1] = v[2]: two tied entries at the threshold
ONES3 = [1.0, 1.0, 1.0]
A_HIST, B_HIST = [0.2, 0.5, 0.3], [0.3, 0.3, 0.4]

ALL = [
    # soft-thresholding, the prox of the L1 norm
    C("soft_threshold_sum", m_soft, x=X_ORD, lam=0.5),
    C("soft_threshold_sum", m_soft, dtype="float32", x=X_ORD, lam=0.1),
    C("soft_threshold_sum", m_soft, "domain", x=X_TIE, lam=0.5),
    C("soft_threshold_sum", m_soft, "domain", dtype="float32", x=X_TIE, lam=0.5),
    C("soft_threshold_sum", m_soft, x=X_ZERO, lam=0.5),  # 0 inside the dead zone: slope 0
    C("soft_threshold_sum", m_soft, "wrong", x=X_ZERO, lam=0.0,  # lam = 0: the identity, slope 3 at x[0] = 0
      line="return np.sign(x) * np.maximum(np.abs(x) - lam, 0.0)"),
    C("soft_threshold_two_max", m_two_max, x=X_ORD, lam=0.5),
    C("soft_threshold_two_max", m_two_max, "domain", x=X_TIE, lam=0.5),
    C("soft_threshold_two_max", m_two_max, x=X_ZERO, lam=0.0),
    C("soft_threshold_clip", m_soft_clip, x=X_ORD, lam=0.5),
    C("soft_threshold_clip", m_soft_clip, "domain", x=X_TIE, lam=0.5),
    C("soft_threshold_clip", m_soft_clip, "wrong", x=X_ZERO, lam=0.0),  # clip's rule at x = lo = hi passes 1
    C("lasso_objective", m_lasso, x=[0.25, 0.5, 0.25], lam=0.1),
    C("lasso_objective", m_lasso, "domain", x=[0.0, 0.5, 0.25], lam=1e-4),
    C("lasso_objective", m_lasso, "domain", x=[0.0, 0.5, 0.25], lam=1e-8),  # F1: slopes -0.625 -+ 1e-8
    C("ista_lasso", m_ista, y=Y_LS, lam=0.3),
    C("ista_lasso", m_ista, dtype="float32", y=Y_LS, lam=0.3),
    C("ista_lasso", m_ista, y=Y_LS, lam=0.0),
    C("ista_lasso", m_ista, "domain", y=Y_LS, lam=0.75),  # z[2] = STEP lam at the first step
    C("ista_lasso", m_ista, y=Y_LS, lam=10.0),  # every iterate 0
    # the simplex
    C("simplex_readout", m_simplex_readout, v=V_ORD),
    C("simplex_readout", m_simplex_readout, dtype="float32", v=V_ORD),
    C("simplex_readout", m_simplex_readout, v=V_TIES),
    C("simplex_readout", m_simplex_readout, v=[0.25, 0.25, 0.25, 0.25]),
    C("simplex_readout", m_simplex_readout, v=[3.0, 0.0, 0.0, 0.0]),  # a vertex: every slope 0
    C("simplex_readout", m_simplex_readout, "domain", v=V_ON),
    C("simplex_readout", m_simplex_readout, "domain", v=V_ON2),
    C("simplex_readout", m_simplex_readout, "domain", dtype="float32", v=V_ON),
    C("simplex_distance", m_simplex_distance, v=V_ORD),
    C("simplex_distance", m_simplex_distance, v=V_TIES),
    C("simplex_distance", m_simplex_distance, "wrong", v=V_ON),  # C1: 2 (v - P v); maximum's tie rule halves
    C("simplex_distance", m_simplex_distance, "wrong", v=V_ON2),
    # the box
    C("box_loss", m_box_loss, x=[0.3, 0.2, 0.0], lo=[-1.0] * 3, hi=ONES3),
    C("box_loss", m_box_loss, dtype="float32", x=[0.3, 0.2, 0.0], lo=[-1.0] * 3, hi=ONES3),
    C("box_loss", m_box_loss, "domain", x=[0.3, 1.0, -1.0], lo=[-1.0] * 3, hi=ONES3),
    C("box_loss", m_box_loss, x=[0.3, 0.5, -1.0], lo=[-1.0] * 3, hi=ONES3),  # x[2] at lo = its target: slope 0
    C("box_loss", m_box_loss, x=[2.0, -3.0, 0.0], lo=[-1.0] * 3, hi=ONES3),
    C("box_loss", m_box_loss, "domain", dtype="float32", x=[0.3, 1.0, -1.0], lo=[-1.0] * 3, hi=ONES3),
    C("box_envelope", m_box_envelope, x=[1.0, -1.0, 0.5]),
    C("box_envelope", m_box_envelope, x=[1.5, -2.0, 0.5]),
    C("projected_gradient", m_projected_gradient, x=[0.0, 0.0, 0.0]),
    C("projected_gradient", m_projected_gradient, x=[0.0, 0.5, 0.0]),  # on the bound after step 1, clipped at 2
    C("projected_gradient", m_projected_gradient, "domain", x=[0.0, -0.5, 0.0]),  # on the bound after step 2
    # the log-barrier
    C("log_barrier", m_log_barrier, x=[0.5, 0.5]),
    C("log_barrier", m_log_barrier, dtype="float32", x=[0.5, 0.5]),
    C("log_barrier", m_log_barrier, x=[0.99, 1.0]),
    C("log_barrier", m_log_barrier, "unstable", x=[0.9999999999, 1.0]),
    C("log_barrier", m_log_barrier, "unstable", x=[1.0, 1.0]),  # exact slack 2^-54, float64's 0.3 + 0.7 = 1
    C("log_barrier", m_log_barrier, x=[1.9999999999, 0.0]),  # 2 - x0 exact (Sterbenz)
    H("log_barrier", barrier_on_boundary, "domain", x=[2.0, 0.0]),
    C("barrier_objective", m_barrier_objective, x=[0.5, 0.5], t=10.0),
    C("barrier_objective", m_barrier_objective, x=[0.5, 0.5], t=1e8),
    C("barrier_objective", m_barrier_objective, "unstable", x=[0.9999999999, 1.0], t=1e8),
    # Moreau envelopes, the augmented Lagrangian
    C("huber_envelope", m_huber, x=[0.3, -2.0, 0.0], mu=0.5),
    C("huber_envelope", m_huber, "wrong", x=X_TIE, mu=0.5,  # |x| = mu: Huber's C1 join; the prox's tie rules
      line="return np.sum(np.abs(p) + (x - p) ** 2 / (2 * mu))"),
    C("huber_envelope", m_huber, "wrong", dtype="float32", x=X_TIE, mu=0.5),
    C("huber_where", m_huber, x=X_TIE, mu=0.5),
    C("huber_where", m_huber, x=[0.3, -2.0, 0.0], mu=0.5),
    C("aug_lagrangian", m_aug_lagrangian, x=[1.0, 0.5], lam_eq=0.5, lam_in=1.0, rho=10.0),
    C("aug_lagrangian", m_aug_lagrangian, x=[0.5, 0.25], lam_eq=0.5, lam_in=1.0, rho=4.0),  # lam + rho g = 0
    C("aug_lagrangian", m_aug_lagrangian, dtype="float32", x=[0.5, 0.25], lam_eq=0.5, lam_in=1.0, rho=4.0),
    C("aug_lagrangian", m_aug_lagrangian, x=[0.0, 0.0], lam_eq=0.5, lam_in=0.5, rho=10.0),
    # unrolled optimisers
    C("nesterov", m_nesterov, w0=[0.0, 0.0], lr=0.05, mu=0.9),
    C("nesterov", m_nesterov, dtype="float32", w0=[0.0, 0.0], lr=0.05, mu=0.9),
    C("nesterov", m_nesterov, w0=[0.0, 0.0], lr=0.25, mu=0.9),  # lr h = 2.5: diverging
    C("nesterov", m_nesterov, w0=[1.0, 0.0], lr=0.05, mu=0.9),  # at the minimum: every slope 0
    C("adam", m_adam(False), w0=[0.0, 1.0], lr=0.1),
    C("adam", m_adam(False), dtype="float32", w0=[0.0, 1.0], lr=0.1),
    C("adam", m_adam(False), "wrong", w0=[0.5, 0.0], lr=0.001,
      line="w = w - lr * m_hat / (np.sqrt(v_hat) + 1e-8)"),  # g = 0 in w[1]: v = 0, sqrt's rule at 0
    C("adam", m_adam(False), "wrong", dtype="float32", w0=[0.5, 0.0], lr=0.001),
    C("adam", m_adam(False), "unstable", w0=[0.5, 1e-200], lr=0.001),  # g^2 = 1e-398 underflows: v = 0
    C("adam_eps_inside", m_adam(True), w0=[0.0, 1.0], lr=0.1),
    C("adam_eps_inside", m_adam(True), w0=[0.5, 0.0], lr=0.001),
    # line search
    C("armijo_rosen", m_armijo_rosen, x=[-1.2, 1.0]),
    C("armijo_rosen", m_armijo_rosen, dtype="float32", x=[-1.2, 1.0]),
    C("armijo_rosen", m_armijo_rosen, x=[1.0, 1.0]),  # the minimum: g = 0, every slope 0
    C("armijo_rosen", m_armijo_rosen, x=[0.5, 0.0]),
    C("armijo_quadratic", m_armijo_quadratic, x=[0.3, -0.7], h=0.8),
    C("armijo_quadratic", m_armijo_quadratic, "domain", x=[0.3, -0.7], h=1.0),  # t = 1 accepted exactly at h = 1
    C("armijo_quadratic", m_armijo_quadratic, x=[0.3, -0.7], h=1.5),
    C("armijo_quadratic", m_armijo_quadratic, "domain", x=[0.3, -0.7], h=2.0),  # t = 0.5 accepted exactly
    C("armijo_quadratic", m_armijo_quadratic, "domain", dtype="float32", x=[0.3, -0.7], h=4.0),
    # Sinkhorn
    C("sinkhorn", m_sinkhorn, a=A_HIST, b=B_HIST, eps=0.1),
    C("sinkhorn", m_sinkhorn, dtype="float32", a=A_HIST, b=B_HIST, eps=0.1),
    C("sinkhorn", m_sinkhorn, a=A_HIST, b=B_HIST, eps=0.01),
    C("sinkhorn", m_sinkhorn, "unstable", a=A_HIST, b=B_HIST, eps=1e-3, line="u = a / (K @ v)"),
    C("sinkhorn_log", m_sinkhorn, a=A_HIST, b=B_HIST, eps=0.1),
    C("sinkhorn_log", m_sinkhorn, "unstable", a=A_HIST, b=B_HIST, eps=1e-3),  # a's 1e-77 slopes computed as 0
    C("sinkhorn_log", m_sinkhorn, dtype="float32", a=A_HIST, b=B_HIST, eps=0.01),
]
