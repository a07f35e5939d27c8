"""The ninety-third trial set (d): ROBOT KINEMATICS AND CONTROL, as JAX, PyTorch, TensorFlow and plain NumPy code
writes them (jax_lib93d, torch_lib93d, tf_lib93d, np_lib93d) on a planar 2-link arm (l1 = 1, l2 = 0.5): the elbow
angle by the law of cosines arccos((x^2 + y^2 - l1^2 - l2^2) / (2 l1 l2)) at an ordinary target, at full reach (the
cosine exactly 1), just out of reach (1 + 1e-6) and 3e-8 inside reach, raw, clipped to [-1, 1] (jnp.clip,
torch.clamp, tf.clip_by_value, np.clip), clipped to 1 - 1e-7, inside an IK posture cost (arctan2 too), and through
custom rules (jax.custom_vjp, autograd.Function, tf.custom_gradient): a "safe" arccos clamping to 1 - 1e-6 whose rule
passes the gradient through the clamp, and a wrong one (-g / (1 - x^2)); the forward kinematics' end-effector error
|fk(q) - target| at the target and its square; quaternion slerp sin((1 - t) theta) / sin theta at q1 = q0 (0 / 0),
guarded by where(theta < 1e-6, lerp, slerp), by the double where on theta, by NumPy's textbook Python branch to a
renormalised lerp, and from q0 to -q0 (theta = pi); jax.scipy's Rotation (its angle at the identity) and scipy's
(refused); the manipulability sqrt(det(J J^T)) and its log at the stretched arm (q2 = 0: J singular) and at q1 = 0.3
there; damped least squares J^T (J J^T + lambda^2 I)^-1 e (jnp inv, torch solve, tf inv, np solve) at lambda = 0.1,
0, 1e-4 with J regular and singular, TensorFlow's lstsq(l2_regularizer=), torch.linalg.lstsq (refused), and pinv
(jnp, torch, np) at the singular J; Khatib's potential 0.5 eta (1 / d - 1 / d0)^2 cut by where (NumPy by an if) inside,
at d = d0, beyond and on the obstacle (a pole), and its unsquared max(1 / d - 1 / d0, 0) at d0; a collision penalty
relu(r - d)^2 and relu(r - d) inside, at contact and at d = 0; a 3-step LQR cost unrolled through x_{k+1} = A x_k +
B u_k with tanh saturation (u = 0.5, 20, 1000; float32 10) and clip at the limit; a squared PD torque with a deadband
at the band's edge with and without velocity.

Counts: 143 cases tried, each through the CLI by tests/trials/judge.py (a scratch driver: two CLI runs at a time,
judged one at a time in its main thread): first 133, then 10 new ones (pinv, lstsq, the antipodal slerp, the
manipulability at q1 = 0.3) and 9 corrected truths; 33 repeats dropped (other frameworks' copies of ordinary points
JAX shows, second ordinary float32 points), then the 110 kept run once more. ALL keeps 110: 43 ok, 33 domain, 22
wrong, 10 unstable, 2 input errors; 95 float64, 15 float32 (JAX 59, PyTorch 21, TensorFlow 11, NumPy 19). 107 agree
with my truths (after the corrections below) in verdict, every exact gradient entry to 1e-10 relative and, where
given, the line (the input errors in their messages); the 3 others are F1 (2) and F2. Each check of the last run took
0.9-11.2 s (median 2.1 s; JAX 1.6-4.4 s, PyTorch 3.0-6.6 s, TensorFlow 7.6-11.2 s, NumPy 0.9-1.6 s): 5.9 min of
CLI time, about 3.5 min on two cores (the test file: 12 s). gradcli's library did not change under me (no answer
moved between runs).

Agreed (verdicts and exact slopes):
- the elbow angle at full reach: from inside the slope grows without bound, outside (and along y, where r^2 = 2.25 +
  y^2) arccos has no value: domain (all four, float32 too); just out of reach: no value: domain; at 3e-8 inside reach
  (x = 1.49999999) x^2 rounded to 2e-16 leaves 1 - c 2e-9 off: unstable (JAX, PyTorch, NumPy); float32 at 1.4999: 1.8e-4
  off: unstable; ordinary targets: ok;
- clipped to [-1, 1] just out of reach: the stretched arm, flat: JAX's jnp.clip (min / max, multiplying) times
  arccos'(1) = -inf gives NaN: wrong (float32 too); torch.clamp, tf.clip_by_value and gradcli's np.clip select 0: ok
  (the frameworks themselves give [0, 0]); at full reach the clipped angle has no derivative in x (infinite slope from
  inside, 0 outside) but the exact slope 0 in y comes out NaN: wrong; the IK posture cost there likewise (y's -1/3):
  wrong; clipped to 1 - 1e-7 (float32 0.99999988): flat, ok;
- the "safe" arccos: ok inside its clamp; at and beyond full reach the clamped primal is flat and the rule passes
  -1 / sqrt(1 - (1 - 1e-6)^2): wrong at the rule (custom_vjp's bwd, the Function's backward, the custom_gradient's
  grad); the rule without the sqrt: wrong (float32 too);
- |fk(q) - target| at the target: a cone in both joints: domain (all four); its square: ok (slopes 0);
- slerp at q1 = q0: 0 / 0 at the point, no value: domain (JAX, PyTorch, NumPy); where-guarded: the lerp's slopes t W
  (and 0 for t, and 0.125 for q1[0], both sides lerp under the clip) made NaN by the unselected 0 / 0: wrong (JAX both
  dtypes, PyTorch, TensorFlow); the double where on theta alone: theta = arccos(1) still meets arccos'(1) = -inf
  times where's 0: wrong; NumPy's Python branch to a renormalised lerp: ok (slopes [0, t W1, t W2, t W3], t: 0);
- jax.scipy's Rotation: the angle at the identity: a cone in x, y, z, w's exact 0 made NaN: wrong; ordinary: ok;
  scipy's Rotation.from_quat refused, exit 2, "np_lib93d.py, line 73: scipy.spatial.transform.Rotation.from_quat is a
  SciPy function gradcli.scipy does not have (...)", the call underlined: clear;
- the manipulability at the stretched arm: l1 l2 |sin q2|: q2 a cone, q1's exact 0 made NaN by sqrt'(0) = inf: wrong
  (JAX, NumPy); at q1 = 0.3, q2 = 0 det(J J^T) cancels to 5.6e-17: value 1.7e-9 where it is 0: unstable; TensorFlow's
  det rule inverts the singular matrix and raises (as TensorFlow does): domain, the README's rule for a LinAlgError
  where the function has no derivative;
- damped least squares (the truth by the push-through form (J^T J + lambda^2 I)^-1 J^T e): ok at lambda = 0.1 and 0
  with J regular and at lambda = 0.1 with J singular; at lambda = 0 with J singular: no value (inv / solve of an exactly
  singular matrix): domain (JAX, PyTorch, NumPy); at lambda = 1e-4 with J singular: unstable (below); TensorFlow's
  lstsq(l2_regularizer=0.01): ok, at the singular J too; pinv at the singular J: ok (below); torch.linalg.lstsq refused,
  exit 2, naming aten.linalg_lstsq.default and torch_lib93d.py:176 ("makes an output whose shape depends on its
  inputs' values": true of its residuals and rank, though the advice that follows, torch.where for a selection, is for
  another case);
- the potential field: ok inside, at d = d0 (C1: slopes 0) and beyond; on the obstacle: a pole: domain; the unsquared
  max at d0: a kink in x, y's slope 0: domain; the collision penalty squared: ok at contact (slopes 0), a cone at
  d = 0: domain; the hinge at contact: domain (y's 0 kept);
- LQR with tanh: ok at ordinary u and at u = 1000 (sech^2 = e^-2000, 0 its rounding); at u = 20 (float32 10) tanh
  rounds to 1 and the frameworks' rule 1 - t^2 gives 0 where the slope holds sech^2 = 1.7e-17 (8.2e-9): unstable
  (JAX, PyTorch, TensorFlow); NumPy's at u = 20: ok (gradcli's rule for np.tanh, 1 / cosh^2, keeps it); with clip at
  the limit u = 1: a kink in that control, the others' slopes kept: domain (all four, float32 too);
- the PD torque squared at the deadband's edge with a velocity: a kink: domain; without velocity (tau = 0 there):
  smooth, slopes 0: ok; ordinary: ok.

My truths corrected (gradcli right, each re-derived):
- the elbow angle at x = 1.499999999999 (1 - c = 3e-12), first unstable: ok. x = 1.5 - delta with delta^2 small
  squares almost exactly (the computed value is 1.7e-13 off, the slope 9e-13, recomputed in float64 against 50
  digits); the case moved to x = 1.49999999, where x^2's rounding leaves 1.7e-9: unstable, agreed.
- the clipped angle at full reach (JAX), first domain with no slope in y: along y the cosine is 1 + y^2 / 1 >= 1 on
  both sides, clipped: y's slope is 0, and the program's NaN there makes it wrong; the IK cost there likewise.
- the clipped angle just out of reach in PyTorch, TensorFlow and NumPy, first wrong as in JAX: their clamp rules
  select 0 (torch and TensorFlow themselves give [0, 0]): ok.
- jax.scipy's Rotation angle at the identity, first domain: w's exact slope 0 comes out NaN (as JAX's own grad): wrong.
- the log-manipulability at the stretched arm, first wrong (q1's 0 made NaN): a pole (log 0), and the README's rule
  keeps the unmoving input's slope shown beside domain without judging it (its own example log(y/x) at x = 0: domain,
  y's 0.5 shown, the program's NaN): domain.
- TensorFlow's manipulability there, first wrong: the program raises (TensorFlow's det gradient inverts): domain.
- damped least squares at lambda = 1e-4 with J singular, first ok: the q1 slope -0.05 is the sum of two paths of
  1.75e7 through the 1 / lambda^2 entry and comes out -0.05000000074505806 (1.5e-8 off): unstable.
- NumPy's pinv at the singular J, first domain from my one-sided slope of the full-rank inverse (a 1 / q2 blow-up):
  np.linalg.pinv drops singular values below rcond = 1e-15 times the largest, so within ~1e-15 of q2 = 0 the program
  is the rank-1 truncation, smooth there, slopes [-0.05, -0.02] (my truth rewritten with the cut-off: agree): ok.
- the collision penalty at contact, first NaN: a slip in my expression (Python's max(..., 0) returned the int 0,
  which my sided difference took for "no value"), not in the mathematics.

Findings:
F1. PyTorch's torch.linalg.det at an exactly singular J J^T: no exact reference. torch_lib93d.manipulability,
  sqrt(det(J J^T)) at q = [0, 0] (q2 = 0: J = u v^T, u = (-sin q1, cos q1), v = (1.5, 0.5), so det(J J^T) = (l1 l2
  sin q2)^2 is 0 for every q1), `gradcli check tests/trials/torch_lib93d.py:manipulability --at "q=[0.0,0.0]" --dtype
  float64` (and float32): error, "no exact reference: at the difference steps beside the point along q[0], rounding
  decides whether the function is a number, even at 3840 digits". The same program in JAX (jnp.linalg.det) and NumPy
  (np.linalg.det) settles: wrong, exact slopes [0, nan] (q1 moves nothing: 0; q2 a cone), the program's [nan, nan]
  (sqrt'(0) = inf times 0); TensorFlow's exact slopes are [0, nan] too. Sure because the 0 is an identity of the
  matrix (rank 1 for every q1), the other frameworks' references find it, and only the verdict (none) differs: the
  class of round 84c's F1 (an exact 0 no rounding proves).
F2 (narrowed: a quotient of two zero functions is domain, `python_zero.no_number_all_about`; the JAX spelling, two
  quotients x / 0 whose infinities meet as inf - inf, stays open). Slerp to the antipodal quaternion: no exact
  reference where the function is 0 / 0. jax_lib93d.slerp_antipodal,
  slerp from q0 to -q0 at t = 0.25: theta = arccos(-1) = pi, sin(pi) = 0, and the numerator (sin((1 - t) pi) - sin(t
  pi)) (q0 . W) is 0 for every t: a 0 / 0 that stays however t moves, which the README calls no value and no slope
  (domain, t: nan). gradcli: error, "the exact reference did not settle below 4000 digits (the function cancels more
  digits than that)"; the program returns 0.5 with slope -0.51 (float32: 0 and 0.32). Minimal: `gradcli check
  "(sin((1-t)*arccos(-1)) - sin(t*arccos(-1)))/sin(arccos(-1))" --at t=0.25 --dtype float64`: error, the same words.
  Sure because arccos(-1) = pi and sin(pi) = 0 exactly and sin((1 - t) pi) = sin(t pi) is an identity: at any
  precision numerator and denominator are both rounding residues, and the README's rule for a 0 / 0 that stays
  decides the verdict."""
import mpmath

from cases import Case
from cases5 import _in, hp
from cases30b import sided_grad
from cases73d import NAN, at, mpf

J, T_, K, N = "jax_lib93d.py", "torch_lib93d.py", "tf_lib93d.py", "np_lib93d.py"
F32, F64 = "float32", "float64"

# the programs' constants, all exact in binary (1e-6, 1e-7 and 0.9995 only decide branches away from the points)
L1, L2 = mpf(1), mpf("0.5")
W_QUAT = [mpf("0.5"), -1, 2, mpf("0.25")]
E_TASK = [mpf("0.25"), mpf("-0.5")]
W_DQ = [1, -2]
ETA, D0, R_SAFE = 2, mpf("0.5"), mpf("0.5")
X0 = [1, 0]
R_U, U_MAX = mpf("0.25"), 1
Q_GOAL = [1, mpf("-0.5")]
KP, KD, DEADBAND = 4, mpf("0.5"), mpf("0.125")


# ------------------------------------------------------------------------------------------------- the mathematics
def elbow(p):
    """The elbow angle by the half-angle form tan^2(q2 / 2) = ((l1 + l2)^2 - r^2) / (r^2 - (l1 - l2)^2); no value out of
    reach."""
    r2 = p[0] ** 2 + p[1] ** 2
    a, b = (L1 + L2) ** 2 - r2, r2 - (L1 - L2) ** 2
    if a < 0 or b <= 0:
        return NAN
    return 2 * mpmath.atan(mpmath.sqrt(a / b))


def elbow_clipped(p):
    """The stretched arm (angle 0) beyond reach."""
    r2 = p[0] ** 2 + p[1] ** 2
    if r2 >= (L1 + L2) ** 2:
        return mpf(0)
    return elbow(p)


def elbow_flat_near_reach(eps):
    """arccos of the cosine clamped below 1 - eps: flat where the cosine passes 1 - eps."""
    def f(p):
        r2 = p[0] ** 2 + p[1] ** 2
        c = (r2 - L1 ** 2 - L2 ** 2) / (2 * L1 * L2)
        return mpmath.acos(1 - eps) if c >= 1 - eps else elbow(p)
    return f


def ik_cost(p):
    q2 = elbow_clipped(p)
    q1 = mpmath.atan2(p[1], p[0]) - mpmath.atan2(L2 * mpmath.sin(q2), L1 + L2 * mpmath.cos(q2))
    return (q1 - mpf("0.25")) ** 2 + (q2 - 1) ** 2


def tip(q):
    """The end effector as a complex number l1 e^{i q1} + l2 e^{i (q1 + q2)}."""
    return L1 * mpmath.expj(q[0]) + L2 * mpmath.expj(q[0] + q[1])


def fk_error(q):
    return abs(tip(q) - mpf("1.5"))


def fk_sq_error(q):
    return abs(tip(q) - mpf("1.5")) ** 2


def _slerp(q1, t):
    """e0 = Q0 to q1: theta = arccos(clamp(q1[0])), (sin((1 - t) theta) e0 + sin(t theta) q1) / sin theta."""
    theta = mpmath.acos(min(max(q1[0], -1), 1))
    s = mpmath.sin(theta)
    if s == 0:
        return None, theta
    a, b = mpmath.sin((1 - t) * theta) / s, mpmath.sin(t * theta) / s
    return [a * (k == 0) + b * v for k, v in enumerate(q1)], theta


def _lerp(q1, t):
    return [(1 - t) * (k == 0) + t * v for k, v in enumerate(q1)]


def _dot(a, b):
    return sum(x * y for x, y in zip(a, b))


def slerp(q1, t):
    q, _ = _slerp(q1, t)
    return NAN if q is None else _dot(q, W_QUAT)


def slerp_where(small):
    def f(q1, t):
        q, theta = _slerp(q1, t)
        return _dot(_lerp(q1, t) if theta < small else q, W_QUAT)
    return f


def slerp_branch(q1, t):
    if q1[0] > mpf(0.9995):
        q = [(k == 0) + t * (v - (k == 0)) for k, v in enumerate(q1)]
        n = mpmath.sqrt(_dot(q, q))
        return _dot([v / n for v in q], W_QUAT)
    return slerp(q1, t)


def rotation_angle(q1):
    """The angle of the rotation (x, y, z, w): 2 atan2(|v|, |w|), scale-free."""
    v = mpmath.sqrt(q1[0] ** 2 + q1[1] ** 2 + q1[2] ** 2)
    return 2 * mpmath.atan2(v, abs(q1[3]))


def manipulability(q):
    """sqrt(det(J J^T)) = |det J| = l1 l2 |sin q2|."""
    return L1 * L2 * abs(mpmath.sin(q[1]))


def _jac(q):
    s1, c1, s12, c12 = mpmath.sin(q[0]), mpmath.cos(q[0]), mpmath.sin(q[0] + q[1]), mpmath.cos(q[0] + q[1])
    return mpmath.matrix([[-L1 * s1 - L2 * s12, -L2 * s12], [L1 * c1 + L2 * c12, L2 * c12]])


def dls(q, lam):
    """The push-through form (J^T J + lambda^2 I)^-1 J^T e."""
    Jm = _jac(q)
    M = Jm.T * Jm + lam ** 2 * mpmath.eye(2)
    if mpmath.det(M) == 0:
        return NAN
    dq = mpmath.lu_solve(M, Jm.T * mpmath.matrix(E_TASK))
    return dq[0] * W_DQ[0] + dq[1] * W_DQ[1]


def dls_reg(q):
    """TensorFlow's lstsq with l2_regularizer = 0.01 (the double): (J^T J + 0.01 I)^-1 J^T e."""
    return dls(q, mpmath.sqrt(mpf(0.01)))


def pinv_step(q):
    """NumPy's pinv keeps singular values above rcond = 1e-15 times the largest: J^-1 e where J is regular enough, the
    top singular triplet's v1 (v1 . J^T e) / sigma1^2 (from the eigen-decomposition of J^T J) where sigma2 <= 1e-15
    sigma1 (at q2 = 0 and within ~1e-15 of it)."""
    Jm = _jac(q)
    M = Jm.T * Jm
    tr, det = M[0, 0] + M[1, 1], M[0, 0] * M[1, 1] - M[0, 1] * M[1, 0]
    root = mpmath.sqrt(max(tr ** 2 - 4 * det, mpf(0)))
    lam1, lam2 = (tr + root) / 2, (tr - root) / 2
    if lam2 <= mpf("1e-30") * lam1:
        v = [M[0, 1], lam1 - M[0, 0]]
        if abs(v[0]) + abs(v[1]) == 0:
            v = [lam1 - M[1, 1], M[1, 0]]
        n = mpmath.sqrt(_dot(v, v))
        v = [x / n for x in v]
        b = Jm.T * mpmath.matrix(E_TASK)
        dq = [x * (v[0] * b[0] + v[1] * b[1]) / lam1 for x in v]
    else:
        dq = list(mpmath.lu_solve(Jm, mpmath.matrix(E_TASK)))
    return _dot(dq, W_DQ)


def potential(p):
    d = mpmath.hypot(p[0], p[1])
    return (ETA / 2) * (1 / d - 1 / D0) ** 2 if d < D0 else mpf(0)


def potential_linear(p):
    d = mpmath.hypot(p[0], p[1])
    return ETA * (1 / d - 1 / D0) if d < D0 else mpf(0)


def collision_sq(p):
    return max(R_SAFE - mpmath.hypot(p[0], p[1]), mpf(0)) ** 2


def collision_hinge(p):
    return max(R_SAFE - mpmath.hypot(p[0], p[1]), mpf(0))


def lqr(saturate):
    """Closed form x_k = A^k x0 + sum_j A^(k-1-j) B u_j, A^n = [[1, n/2], [0, 1]]."""
    def f(u):
        v = [saturate(w) for w in u]
        cost = 0
        for k in range(1, len(v) + 1):
            x = [X0[0] + mpf(k) / 2 * X0[1], X0[1]]
            for j in range(k):
                n = k - 1 - j
                x[0] += (mpf("0.125") + mpf(n) / 2 * mpf("0.5")) * v[j]
                x[1] += mpf("0.5") * v[j]
            cost += x[0] ** 2 + x[1] ** 2 + R_U * v[k - 1] ** 2
        return cost
    return f


lqr_tanh = lqr(lambda w: U_MAX * mpmath.tanh(w / U_MAX))
lqr_clip = lqr(lambda w: min(max(w, -U_MAX), U_MAX))


def pd_effort(q, qd):
    total = 0
    for g, a, v in zip(Q_GOAL, q, qd):
        e = g - a
        db = 0 if abs(e) < DEADBAND else e - mpmath.sign(e) * DEADBAND
        total += (KP * db - KD * v) ** 2
    return total


# ------------------------------------------------------------------------------------------------- cases
def S(file, function, dtype, verdict, f, line=None, **point):
    return Case(file, function, at(**point), dtype, verdict, sided_grad(f, dtype, finite_sides=True, **point),
                line=line)


def Hand(file, function, dtype, verdict, truth, line=None, **point):
    return Case(file, function, at(**point), dtype, verdict, hp(truth), line=line)


def nans(**shape):
    return lambda: {k: ([NAN] * n if n else NAN) for k, n in shape.items()}


P = [1.0, 0.75]  # r^2 = 1.5625: cos q2 = 0.3125
P_REACH = [1.5, 0.0]  # full reach: cos q2 = 1
P_OUT = [1.5, 0.001]  # just out of reach: cos q2 = 1 + 1e-6
P_NEAR = [1.49999999, 0.0]  # 1 - cos q2 = 3e-8: x^2 rounded to 2e-16 leaves it 2e-9 off
P_NEAR32 = [1.4999, 0.0]  # 1 - cos q2 = 3e-4 in float32
Q = [0.3, 1.2]
Q_ZERO = [0.0, 0.0]  # the target reached, the arm stretched: J singular
QUAT = [0.6, 0.8, 0.0, 0.0]
QUAT_SAME = [1.0, 0.0, 0.0, 0.0]  # q1 = q0: theta = 0, 0 / 0
ROT = [0.0, 0.0, 0.6, 0.8]  # (x, y, z, w)
ROT_ID = [0.0, 0.0, 0.0, 1.0]
P_IN = [0.3, 0.2]  # d = 0.36 inside the influence distance / the safety radius
P_EDGE = [0.5, 0.0]  # d = 0.5: the influence distance, contact
P_FAR = [0.6, 0.0]
P_0 = [0.0, 0.0]  # on the obstacle
U = [0.5, -0.25, 0.75]
U_LIM = [0.5, 1.0, -0.25]  # at the limit
U_SAT = [0.5, 20.0, -0.25]  # tanh(20) = 1 in float64, sech^2 = 1.7e-17
U_SAT32 = [0.5, 10.0, -0.25]  # tanh(10) = 1 in float32, sech^2 = 8.2e-9
U_DEEP = [0.5, 1000.0, -0.25]  # sech^2(1000) = e^-2000: 0 is its rounding
QP = [0.5, 0.25]  # errors 0.5, -0.75
QP_EDGE = [0.875, -0.5]  # errors 0.125 (the deadband's edge), 0
QD = [0.1, -0.2]
QD_EDGE = [0.25, 0.0]
QD_0 = [0.0, 0.0]


def MANIP_SING():
    """At q2 = 0, q1 moves nothing (the value l1 l2 |sin q2| stays 0: slope 0); q2 is a cone's tip."""
    return {"q": [mpf(0), NAN]}


def SLERP_NAN():
    return {"q1": [NAN] * 4, "t": NAN}


def DLS_NAN():
    return {"q": [NAN, NAN], "lam": NAN}


JAX = [
    S(J, "elbow_angle", F64, "ok", elbow, p=P),
    S(J, "elbow_angle", F32, "ok", elbow, p=P),
    Hand(J, "elbow_angle", F64, "domain", nans(p=2), p=P_REACH),
    Hand(J, "elbow_angle", F64, "domain", nans(p=2), p=P_OUT),
    Hand(J, "elbow_angle", F32, "domain", nans(p=2), p=P_REACH),
    S(J, "elbow_angle", F64, "unstable", elbow, p=P_NEAR),
    S(J, "elbow_angle", F32, "unstable", elbow, p=P_NEAR32),
    S(J, "elbow_clipped", F64, "wrong", elbow_clipped, "return jnp.arccos(jnp.clip(_cos_elbow(p), -1.0, 1.0))",
      p=P_OUT),
    S(J, "elbow_clipped", F32, "wrong", elbow_clipped, "return jnp.arccos(jnp.clip(_cos_elbow(p), -1.0, 1.0))",
      p=P_OUT),
    S(J, "elbow_clipped", F64, "wrong", elbow_clipped, p=P_REACH),
    S(J, "elbow_eps", F64, "ok", elbow_flat_near_reach(_in(F64, [1e-7])[0]), p=P_OUT),
    S(J, "elbow_eps", F64, "ok", elbow_flat_near_reach(_in(F64, [1e-7])[0]), p=P_REACH),
    S(J, "elbow_eps", F32, "ok", elbow_flat_near_reach(1 - _in(F32, [1 - 1e-7])[0]), p=P_REACH),
    S(J, "ik_cost", F64, "ok", ik_cost, p=P),
    S(J, "ik_cost", F64, "wrong", ik_cost, p=P_REACH),
    S(J, "elbow_safe", F64, "ok", elbow, p=P),
    S(J, "elbow_safe", F64, "wrong", elbow_flat_near_reach(mpf(1e-6)), "def safe_acos_bwd", p=P_REACH),
    S(J, "elbow_safe", F64, "wrong", elbow_flat_near_reach(mpf(1e-6)), "def safe_acos_bwd", p=P_OUT),
    S(J, "elbow_bad", F64, "wrong", elbow, "def bad_acos_bwd", p=P),
    S(J, "fk_error", F64, "ok", fk_error, q=Q),
    S(J, "fk_error", F32, "ok", fk_error, q=Q),
    Hand(J, "fk_error", F64, "domain", nans(q=2), q=Q_ZERO),
    S(J, "fk_sq_error", F64, "ok", fk_sq_error, q=Q_ZERO),
    S(J, "slerp_loss", F64, "ok", slerp, q1=QUAT, t=0.25),
    Hand(J, "slerp_loss", F64, "domain", SLERP_NAN, q1=QUAT_SAME, t=0.25),
    S(J, "slerp_where", F64, "wrong", slerp_where(mpf(1e-6)), q1=QUAT_SAME, t=0.25),
    S(J, "slerp_where", F32, "wrong", slerp_where(_in(F32, [1e-6])[0]), q1=QUAT_SAME, t=0.25),
    S(J, "slerp_double_where", F64, "wrong", slerp_where(mpf(1e-6)), q1=QUAT_SAME, t=0.25),
    S(J, "rotation_angle", F64, "ok", rotation_angle, q1=ROT),
    S(J, "rotation_angle", F64, "wrong", rotation_angle, q1=ROT_ID),
    S(J, "manipulability", F64, "ok", manipulability, q=Q),
    Hand(J, "manipulability", F64, "wrong", MANIP_SING, q=Q_ZERO),
    S(J, "manipulability", F64, "unstable", manipulability, q=[0.3, 0.0]),
    S(J, "pinv_step", F64, "ok", pinv_step, q=Q_ZERO),
    Hand(J, "slerp_antipodal", F64, "domain", lambda: {"t": NAN}, t=0.25),
    Hand(J, "log_manipulability", F64, "domain", MANIP_SING, q=Q_ZERO),  # a pole: the kept slope shown, not judged
    S(J, "dls_step", F64, "ok", dls, q=Q, lam=0.1),
    S(J, "dls_step", F64, "ok", dls, q=Q, lam=0.0),
    S(J, "dls_step", F64, "ok", dls, q=Q_ZERO, lam=0.1),
    S(J, "dls_step", F64, "unstable", dls, q=Q_ZERO, lam=0.0001),
    Hand(J, "dls_step", F64, "domain", DLS_NAN, q=Q_ZERO, lam=0.0),
    S(J, "potential", F64, "ok", potential, p=P_IN),
    S(J, "potential", F64, "ok", potential, p=P_EDGE),
    Hand(J, "potential", F64, "domain", nans(p=2), p=P_0),
    S(J, "potential_linear", F64, "domain", potential_linear, p=P_EDGE),
    S(J, "collision_sq", F64, "ok", collision_sq, p=P_EDGE),
    S(J, "collision_sq", F32, "ok", collision_sq, p=P_EDGE),
    S(J, "collision_sq", F64, "domain", collision_sq, p=P_0),
    S(J, "collision_hinge", F64, "domain", collision_hinge, p=P_EDGE),
    S(J, "lqr_tanh", F64, "ok", lqr_tanh, u=U),
    S(J, "lqr_tanh", F32, "ok", lqr_tanh, u=U),
    S(J, "lqr_tanh", F64, "unstable", lqr_tanh, u=U_SAT),
    S(J, "lqr_tanh", F32, "unstable", lqr_tanh, u=U_SAT32),
    S(J, "lqr_tanh", F64, "ok", lqr_tanh, u=U_DEEP),
    S(J, "lqr_clip", F64, "domain", lqr_clip, u=U_LIM),
    S(J, "lqr_clip", F32, "domain", lqr_clip, u=U_LIM),
    S(J, "pd_effort", F64, "ok", pd_effort, q=QP, qd=QD),
    S(J, "pd_effort", F64, "domain", pd_effort, q=QP_EDGE, qd=QD_EDGE),
    S(J, "pd_effort", F64, "ok", pd_effort, q=QP_EDGE, qd=QD_0),
]

TORCH = [
    Hand(T_, "elbow_angle", F64, "domain", nans(p=2), p=P_REACH),
    S(T_, "elbow_angle", F64, "unstable", elbow, p=P_NEAR),
    S(T_, "elbow_clipped", F64, "ok", elbow_clipped, p=P_OUT),  # clamp's rule selects 0
    S(T_, "elbow_safe", F64, "wrong", elbow_flat_near_reach(mpf(1e-6)), "class SafeAcos>>def backward", p=P_REACH),
    S(T_, "elbow_bad", F64, "wrong", elbow, "class BadAcos>>def backward", p=P),
    S(T_, "elbow_bad", F32, "wrong", elbow, "class BadAcos>>def backward", p=P),
    Hand(T_, "fk_error", F64, "domain", nans(q=2), q=Q_ZERO),
    Hand(T_, "slerp_loss", F64, "domain", SLERP_NAN, q1=QUAT_SAME, t=0.25),
    S(T_, "slerp_where", F64, "wrong", slerp_where(mpf(1e-6)), q1=QUAT_SAME, t=0.25),
    Hand(T_, "manipulability", F64, "wrong", MANIP_SING, q=Q_ZERO),
    Hand(T_, "manipulability", F32, "wrong", MANIP_SING, q=Q_ZERO),
    S(T_, "pinv_step", F64, "ok", pinv_step, q=Q_ZERO),
    Case(T_, "dls_lstsq", at(q=Q), F64, "input-error", message=("linalg_lstsq", "torch_lib93d.py:176")),
    S(T_, "dls_step", F64, "ok", dls, q=Q_ZERO, lam=0.1),
    Hand(T_, "dls_step", F64, "domain", DLS_NAN, q=Q_ZERO, lam=0.0),
    Hand(T_, "potential", F64, "domain", nans(p=2), p=P_0),
    S(T_, "collision_hinge", F64, "domain", collision_hinge, p=P_EDGE),
    S(T_, "lqr_tanh", F64, "unstable", lqr_tanh, u=U_SAT),
    S(T_, "lqr_clip", F64, "domain", lqr_clip, u=U_LIM),
    S(T_, "lqr_clip", F32, "ok", lqr_clip, u=U),
    S(T_, "pd_effort", F64, "domain", pd_effort, q=QP_EDGE, qd=QD_EDGE),
]

TF = [
    Hand(K, "elbow_angle", F64, "domain", nans(p=2), p=P_REACH),
    S(K, "elbow_clipped", F64, "ok", elbow_clipped, p=P_OUT),  # clip_by_value's rule selects 0
    S(K, "elbow_safe", F64, "wrong", elbow_flat_near_reach(mpf(1e-6)), "def safe_acos(x)>>def grad", p=P_REACH),
    S(K, "elbow_bad", F64, "wrong", elbow, "def bad_acos(x)>>def grad", p=P),
    Hand(K, "fk_error", F64, "domain", nans(q=2), q=Q_ZERO),
    S(K, "slerp_where", F64, "wrong", slerp_where(mpf(1e-6)), q1=QUAT_SAME, t=0.25),
    Hand(K, "manipulability", F64, "domain", MANIP_SING, q=Q_ZERO),  # TF's det rule inverts: LinAlgError
    S(K, "dls_lstsq", F64, "ok", dls_reg, q=Q),
    S(K, "dls_lstsq", F64, "ok", dls_reg, q=Q_ZERO),
    S(K, "lqr_tanh", F64, "unstable", lqr_tanh, u=U_SAT),
    S(K, "lqr_clip", F64, "domain", lqr_clip, u=U_LIM),
]

NUMPY = [
    S(N, "elbow_angle", F64, "ok", elbow, p=P),
    Hand(N, "elbow_angle", F64, "domain", nans(p=2), p=P_OUT),
    S(N, "elbow_angle", F64, "unstable", elbow, p=P_NEAR),
    S(N, "elbow_clipped", F64, "ok", elbow_clipped, p=P_OUT),  # gradcli's np.clip rule selects 0
    Hand(N, "fk_error", F64, "domain", nans(q=2), q=Q_ZERO),
    Hand(N, "slerp_loss", F64, "domain", SLERP_NAN, q1=QUAT_SAME, t=0.25),
    S(N, "slerp_branch", F64, "ok", slerp_branch, q1=QUAT_SAME, t=0.25),
    S(N, "slerp_branch", F64, "ok", slerp_branch, q1=QUAT, t=0.25),
    Hand(N, "manipulability", F64, "wrong", MANIP_SING, q=Q_ZERO),
    Hand(N, "dls_step", F64, "domain", DLS_NAN, q=Q_ZERO, lam=0.0),
    S(N, "pinv_step", F64, "ok", pinv_step, q=Q),
    S(N, "pinv_step", F64, "ok", pinv_step, q=Q_ZERO),  # smooth within the rcond band
    S(N, "potential", F64, "ok", potential, p=P_EDGE),
    S(N, "collision_sq", F64, "ok", collision_sq, p=P_EDGE),
    S(N, "lqr_tanh", F64, "ok", lqr_tanh, u=U_SAT),  # gradcli's own rule for np.tanh: 1 / cosh^2
    S(N, "lqr_clip", F64, "domain", lqr_clip, u=U_LIM),
    S(N, "pd_effort", F64, "domain", pd_effort, q=QP_EDGE, qd=QD_EDGE),
    S(N, "pd_effort", F32, "ok", pd_effort, q=QP, qd=QD),
    Case(N, "rotation_angle", at(q1=ROT), F64, "input-error", message=("Rotation.from_quat", "np_lib93d.py, line 73")),
]

ALL = JAX + TORCH + TF + NUMPY
