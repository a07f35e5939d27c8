"""The sixty-eighth trial set (d): 3-D GEOMETRY, ROTATIONS AND SIMPLE PHYSICS as graphics / robotics / simulation
code writes them, on issues 28 and 29's bridges. PyTorch (torch_lib68d): a quaternion's q / torch.linalg.norm(q) and
F.normalize (eps 1e-12) at a unit and at the zero quaternion, pytorch3d's quaternion_to_matrix (two_s = 2 / |q|^2)
at ordinary q, 0, 1e-200, 1e200 and float32 1e-25; Rodrigues' rotation naive (K = skew(w / |w|)), by A = sin(t)/t and
B = (1 - cos t)/t^2, with a Taylor switch by one torch.where and by the double where, at w = 0, |w| = 1e-8 and
ordinary; the rotation angle read back by acos((trace R - 1) / 2) at ordinary w, at |w| = float64 pi, 1e-8 and 0;
acos(clamp) of a rotation matrix's trace at I, at diag(1, -1, -1) and ordinary; the angle between vectors by
acos(clamp(cos)) and atan2(|a x b|, a.b) at parallel vectors and 1e-8 off them; torch.atan2 at (0, 0); a sphere SDF
at its centre and 1e-8 off it, a union of two spheres by torch.minimum at a tie; torch.cdist (x against itself, its
zero diagonal; against fixed points at a coincident one; compute_mode="use_mm_for_euclid_dist" at points 1e-8 apart);
the Chamfer distance at a tie; a spring (rest length 1 and 0) at coincident points; pairwise gravity with two bodies on
one spot and 1e-8 apart; two position-Verlet steps of a Kepler orbit (float32 too). JAX (jax_lib68d): q / max(|q|,
1e-12) at 0, quat_to_matrix at 0 and 1e-200, Rodrigues naive / one jnp.where / the double where around
jnp.linalg.norm / the double where on |w|^2 (JAX's FAQ pattern), the SO(3) log map theta / (2 sin theta) vee(R - R^T)
with its Taylor switch at I, at diag(1, -1, -1) and ordinary, acos(clip) 1e-8 off parallel, pairwise distances by
hand (bare and with the double where), the Chamfer distance, a zero-rest-length spring through jnp.linalg.norm,
gravity by jnp.triu_indices, four Verlet steps in lax.fori_loop. TensorFlow (tf_lib68d): tf.math.l2_normalize at 0,
Rodrigues by A and B, by one tf.where and by the double where around tf.norm, acos(clip_by_value) of the trace,
acos / atan2 angles, pairwise distances by hand, the Chamfer distance by tf.reduce_min, a zero-rest-length spring
through tf.norm, Verlet. NumPy (np_lib68d): Rodrigues by A and B, the log map by np.where, a unit quaternion's trace,
the Chamfer distance by np.min, a spring chain with two coincident points, Verlet.

Counts: 117 cases written and judged through tests/trials/judge.py (a driver in a scratch folder, two at a time); 18 dropped
as repeats (ordinary points, a second framework's copy of a domain point already kept), leaving 99: 48 ok, 17
unstable, 24 domain, 10 wrong; 84 float64, 15 float32. 97 agree with my truths (after the corrections below); 2 are
held as strict xfails (one finding, F1).

Agreed with my truths (exact gradients to 1e-10, verdicts):
- removable singularities: Rodrigues naive and by sin(t)/t, (1 - cos t)/t^2 at w = 0 (0/0 at the point: domain) in
  all four; at |w| = 1e-8 unstable in all four (1 - cos t rounds to 0: the K^2 term's slope through w / |w| is lost,
  and B's slope sin t / t^2 - 2(1 - cos t)/t^3 comes out 1e8); one where around the Taylor branch at w = 0: the full
  branch's 0/0 leaks NaN where the slope is V3 x W3 = [-7, 2.5, 4]: wrong in PyTorch, JAX and TensorFlow; at 1e-8 ok;
  the double where: ok at 0 in PyTorch (torch.linalg.norm's backward masks |w| = 0) and in TensorFlow (tf.norm's
  sqrt gradient with a 0 upstream gives 0), wrong in JAX when theta is jnp.linalg.norm(w) (sqrt's rule 0 * inf),
  ok in JAX on the squared norm; the SO(3) log map's one where at R = I: wrong (JAX and NumPy; slopes +-W3/2 off the
  diagonal, 0 on it);
- normalisation: q / |q| and quaternion_to_matrix at q = 0 domain; F.normalize and tf.math.l2_normalize at 0 ok
  (slopes W4 / 1e-12 and W4 / sqrt(1e-12): the eps floor, the norm's own rule masked); JAX's q / max(norm, 1e-12) at
  0 wrong (sqrt's rule NaN); |q|^2 underflowing (1e-200, float32 1e-25) or overflowing (1e200): unstable;
- arccos at +-1: the rotation angle read back at |w| = float64 pi (cos rounds to -1, acos' infinite while the exact
  slope is [1, 0, 0]: float64 pi is below pi) and at 1e-8 unstable; acos(clamp) of the trace at I and at
  diag(1, -1, -1): domain (a one-sided infinite slope on the diagonal, 0 off it); acos(clamp(cos)) at parallel
  vectors domain, 1e-8 off parallel unstable in PyTorch, JAX and TensorFlow, atan2(|a x b|, a.b) there ok, at
  parallel vectors domain; atan2 at (0, 0) domain;
- distances: a sphere SDF at its centre and torch.cdist against a coincident point domain; torch.cdist(x, x) ok (its
  zero diagonal has slope 0 and PyTorch's rule masks it); by hand in JAX and TensorFlow the diagonal's sqrt(0) gives
  NaN: wrong; the double where ok, and domain at two coincident distinct points; cdist's matmul mode 1e-8 from a
  target: |a|^2 + |b|^2 - 2 a.b cancels, unstable; a union of spheres at a tie and the Chamfer distance at a tie:
  domain (the tied coordinate alone: the other keeps its slope);
- physics: a spring of rest length 1 at coincident points domain; of rest length 0 ok in PyTorch and TensorFlow,
  wrong in JAX (jnp.linalg.norm's sqrt at 0); gravity with two bodies on one spot domain with the third body's slopes
  [1/3, 2/3, 2/3] kept (PyTorch, JAX); 1e-8 apart ok; Verlet steps ok in all four, float32 too.

My truths corrected (gradcli was right):
- PyTorch's rodrigues_coeff at float32 w = [1e-3, 0, 0]: ok, not unstable as I guessed: float32's 1 - cos(1e-3) is
  19% off, but it moves the largest slope by 2e-5 relative, inside float32's 1e-4;
- the Chamfer distance at a = [[0.2, 0.1], [0.9, 0.8]] (JAX float32, TensorFlow float64): unstable, not ok. I had
  picked a point on a near tie without noticing: targets (1, 0) and (0, 1) are 0.65 and 0.85 from both rows exactly,
  so the held doubles differ by an ulp or two, the dtype's rounding ties or flips them, and jnp.min / tf.reduce_min
  split or move the gradient; gradcli's exact gradients matched my held-value truths. PyTorch's min(dim) happened to
  pick the exact argmin in float64, so its ordinary case moved to a clean point ([[0.2, 0.1], [0.7, 0.9]]).

Findings (held as strict xfails in tests/test_user_trials68d.py):
- F1: the SO(3) log map theta / (2 sin theta) vee(R - R^T) (with its Taylor where) at R = diag(1, -1, -1): the trace
  is exactly -1, theta = arccos(-1) = pi, sin(pi) = 0, so the exact value is (pi / 0) * 0 = NaN, and every diagonal
  entry's clipped side is that same NaN; gradcli reports exact value 0.0 and the diagonal slopes 0.0 (the off-diagonal
  ones "no derivative: ... a pole that the run's digits keep off 0"). My reading: at working precision acos(-1) is pi
  rounded, sin of it is 1e-(digits) rather than 0, and the pole it notices for the off-diagonal slopes is not carried
  to the value and to the slopes multiplied by vee = 0. The verdict (domain) is right. At the xfail's 120 digits the
  reference does not settle (error). Reproduce:
  gradcli check tests/trials/np_lib68d.py:so3_log --at "R=[[1.0,0.0,0.0],[0.0,-1.0,0.0],[0.0,0.0,-1.0]]" --dtype float64 --json
  gradcli check tests/trials/jax_lib68d.py:so3_log --at "R=[[1.0,0.0,0.0],[0.0,-1.0,0.0],[0.0,0.0,-1.0]]" --dtype float64 --json

Slow: no check passed 18 s. Through the CLI two at a time on a loaded machine: NumPy 0.8-5.3 s, JAX 4-10 s, PyTorch
5.7-17.2 s, TensorFlow 10-12 s.

Truths are my own expressions, evaluated with mpmath at 2,000 digits at the numbers the dtype holds, never the files'
code: rotations by Rodrigues' v cos t + (k x v) sin t + k (k.v)(1 - cos t) (its limit v at 0; the small branches'
slope V3 x W3 from W3.(w x V3) = w.(V3 x W3)), quaternions by v + 2s(u x v) + 2u x (u x v) and the trace 4w^2 - 1,
angles by atan2(|a x b|, a.b), the read-back angle as acos(cos |w|), distances, Chamfer minima, springs, gravity and
Verlet written out; slopes from each side by mpmath.diff (cases30b.sided_grad), NaN where they differ; by hand where
the value is 0/0 or a pole at the point (NaN), and the third body's slopes beside a pole.
"""
import mpmath

from cases import Case
from cases5 import _in, hp
from cases30b import sided_grad

N, J, T, K = "np_lib68d.py", "jax_lib68d.py", "torch_lib68d.py", "tf_lib68d.py"
NAN = mpmath.nan
mpf = mpmath.mpf
F32, F64 = "float32", "float64"


# ------------------------------------------------------------------------------------------------- the mathematics
def d(v):
    """A float64 literal as the double it is."""
    return mpf(float(v))


V3 = [d(1), d(2), d(3)]
W3 = [d(1), d(-2), d("0.5")]
W4 = [d("0.5"), d(-1), d(2), d("0.25")]
B_PTS = [[d(0), d(0)], [d(1), d(0)], [d(0), d(1)]]


def dot(a, b):
    return sum(x * y for x, y in zip(a, b))


def cross(a, b):
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


def norm(a):
    return mpmath.sqrt(sum(x * x for x in a))


def rotate(w, v):
    """Rodrigues: v cos t + (k x v) sin t + k (k.v)(1 - cos t), k = w / t; v at t = 0 (its limit)."""
    t = norm(w)
    if t == 0:
        return list(v)
    k = [x / t for x in w]
    kv, c, s = cross(k, v), mpmath.cos(t), mpmath.sin(t)
    kdv = dot(k, v)
    return [v[i] * c + kv[i] * s + k[i] * kdv * (1 - c) for i in range(3)]


def f_rot(w):
    return dot(W3, rotate(w, V3))


def f_rot_switch(threshold, squared=False):
    """The small-angle branch v + w x v where |w| < threshold (|w|^2 < threshold: squared), the rotation elsewhere."""
    thr = d(threshold)

    def f(w):
        t = sum(x * x for x in w) if squared else norm(w)
        if t < thr:
            return dot(W3, [V3[i] + cross(w, V3)[i] for i in range(3)])
        return f_rot(w)
    return f


def f_quat_rot(q):
    """V3 rotated by the unit quaternion q / |q|: v + 2 s (u x v) + 2 u x (u x v), weighted by W3."""
    n = norm(q)
    s, u = q[0] / n, [x / n for x in q[1:]]
    uv = cross(u, V3)
    uuv = cross(u, uv)
    return dot(W3, [V3[i] + 2 * s * uv[i] + 2 * uuv[i] for i in range(3)])


def f_quat_trace(q):
    return 4 * q[0] ** 2 / sum(x * x for x in q) - 1


def f_quat_normalize(q):
    n = norm(q)
    return dot(W4, [x / n for x in q])


def f_quat_normalize_eps(q):
    n = max(norm(q), d(1e-12))
    return dot(W4, [x / n for x in q])


def f_l2_normalize(q):
    return dot(W4, q) / mpmath.sqrt(max(sum(x * x for x in q), d(1e-12)))


def f_angle_of_rotation(w):
    """acos((trace R(w) - 1) / 2) = acos(cos |w|)."""
    return mpmath.acos(mpmath.cos(norm(w)))


def _clip1(c):
    return max(min(c, mpf(1)), mpf(-1))


def f_so3_angle(R):
    return mpmath.acos(_clip1((R[0][0] + R[1][1] + R[2][2] - 1) / 2))


def f_so3_log(R):
    theta = f_so3_angle(R)
    coef = mpf(1) / 2 + theta ** 2 / 12 if theta < d(1e-6) else theta / (2 * mpmath.sin(theta))
    vee = [R[2][1] - R[1][2], R[0][2] - R[2][0], R[1][0] - R[0][1]]
    return dot(W3, [coef * x for x in vee])


def f_angle(a, b):
    """The angle between a and b, atan2(|a x b|, a.b) whichever formula the user wrote."""
    return mpmath.atan2(norm(cross(a, b)), dot(a, b))


def f_sphere(p):
    return norm([p[i] - V3[i] for i in range(3)]) - d("0.5")


def f_union(p):
    return min(norm(p) - 1, norm([p[0] - 3, p[1], p[2]]) - 1)


def dist(a, b):
    return norm([x - y for x, y in zip(a, b)])


def f_all_pairs(x):
    """sum over i != j of |x_i - x_j| (the diagonal's |x_i - x_i| is 0 for every x: no slope)."""
    n = len(x)
    return sum(dist(x[i], x[j]) for i in range(n) for j in range(n) if i != j)


def f_to_b(a):
    return sum(dist(p, b) for p in a for b in B_PTS)


def f_chamfer(a):
    sq = [[sum((p[k] - b[k]) ** 2 for k in range(2)) for b in B_PTS] for p in a]
    return sum(min(row) for row in sq) + sum(min(sq[i][j] for i in range(len(a))) for j in range(len(B_PTS)))


def f_spring(x):
    return 10 * (dist(x[0], x[1]) - 1) ** 2


def f_spring0(x):
    return 10 * sum((x[0][k] - x[1][k]) ** 2 for k in range(3))


def f_chain(x):
    return sum(10 * (dist(x[i], x[i + 1]) - 1) ** 2 for i in range(len(x) - 1))


M3 = [1, 2, 3]


def f_gravity(x):
    return -sum(M3[i] * M3[j] / dist(x[i], x[j]) for i in range(3) for j in range(i + 1, 3))


def _acc(x):
    r = norm(x)
    return [-v / r ** 3 for v in x]


def f_verlet(steps):
    """Position Verlet from x0 with v0 = (0, 1), dt = 1/8: x1 = x0 + v0 dt + a(x0) dt^2 / 2,
    x_{n+1} = 2 x_n - x_{n-1} + a(x_n) dt^2; x[0] - 2 x[1] after ``steps`` steps."""
    dt = mpf(1) / 8

    def f(x0):
        a0 = _acc(x0)
        prev, cur = list(x0), [x0[0] + a0[0] * dt ** 2 / 2, x0[1] + dt + a0[1] * dt ** 2 / 2]
        for _ in range(steps - 1):
            a = _acc(cur)
            prev, cur = cur, [2 * cur[k] - prev[k] + a[k] * dt ** 2 for k in range(2)]
        return cur[0] - 2 * cur[1]
    return f


def SG(f, dtype, **point):
    """The slopes of f (a function of the point's held values) from each side; NaN where they differ."""
    return sided_grad(f, dtype, **point)


def VXW():
    """w . (V3 x W3): the slope of W3 . (V3 + w x V3) = W3 . V3 + w . (V3 x W3)."""
    return cross(V3, W3)


def small_branch(name):
    return hp(lambda: {name: VXW()})


def nan_like(name, shape):
    def build(s):
        return [build(s[1:]) for _ in range(s[0])] if s else NAN
    return lambda: {name: build(shape)}


def fixed(**values):
    return hp(lambda: values)


def at(**point):
    """The --at text of a point: x=[...] with Python's reprs (no spaces)."""
    return ",".join(f"{k}={v!r}".replace(" ", "") for k, v in point.items())


def C(file, function, dtype, verdict, truth_kind, point, line=None, fix=None, wrt=None):
    """A case whose truth is f's one-sided slopes at the point (truth_kind a function of the point's variables),
    or a given truth (a callable)."""
    truth = truth_kind(point) if getattr(truth_kind, "_point", False) else truth_kind
    return Case(file, function, at(**point), dtype, verdict, truth, line=line, fix=fix, wrt=wrt)


def of(f, dtype):
    """A truth made from f's one-sided slopes at the point."""
    def make(point):
        return SG(lambda **held: f(**held), dtype, **point)
    make._point = True
    return make


def pt(f):
    """One-variable f: f(value) of the only variable."""
    return lambda **held: f(*held.values())


W0 = [0.0, 0.0, 0.0]
W8 = [1e-08, 0.0, 0.0]
WO = [0.3, -0.2, 0.5]
PI64 = [3.141592653589793, 0.0, 0.0]
I3 = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]
RPI = [[1.0, 0.0, 0.0], [0.0, -1.0, 0.0], [0.0, 0.0, -1.0]]
RZ = [[0.8, -0.6, 0.0], [0.6, 0.8, 0.0], [0.0, 0.0, 1.0]]
A3, PAR = [1.0, 2.0, 2.0], [2.0, 4.0, 4.0]
NEAR = [2.0, 4.0, 4.00000001]
OTHER = [0.5, -1.0, 2.0]
X3 = [[0.0, 0.0], [1.0, 2.0], [-1.5, 0.5]]
TIE = [[0.5, 0.0], [2.0, 2.0]]
CH = [[0.2, 0.1], [0.9, 0.8]]  # B1 and B2 each 0.65 / 0.85 from both rows: near ties
CH2 = [[0.2, 0.1], [0.7, 0.9]]
G2 = [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0], [1.0, 2.0, 2.0]]
GO = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [1.0, 2.0, 2.0]]
S2 = [[1.0, 2.0, 3.0], [1.0, 2.0, 3.0]]
SO = [[0.0, 0.0, 0.0], [0.5, 1.0, -1.0]]

ALL = []
Q0 = [0.0, 0.0, 0.0, 0.0]
QH = [0.5, 0.5, 0.5, 0.5]
QO = [0.9, 0.1, -0.3, 0.2]
QT = [1e-200, 2e-200, 0.0, -1e-200]
QB = [1e200, 2e200, 0.0, -1e200]
QT32 = [1e-25, 2e-25, 0.0, -1e-25]
W3E = [1e-3, 0.0, 0.0]


def q_(f, dtype):
    return of(pt(f), dtype)


NANQ = nan_like("q", [4])
NANW = nan_like("w", [3])

ALL = [
    # ---------------------------------------------------------------------------------------------------- PyTorch
    C(T, "quat_normalize", F64, "domain", NANQ, dict(q=Q0)),
    C(T, "quat_fnormalize", F64, "ok", q_(f_quat_normalize_eps, F64), dict(q=Q0)),
    C(T, "quaternion_to_matrix", F64, "ok", q_(f_quat_rot, F64), dict(q=QO)),
    C(T, "quaternion_to_matrix", F64, "domain", NANQ, dict(q=Q0)),
    C(T, "quaternion_to_matrix", F64, "unstable", q_(f_quat_rot, F64), dict(q=QT)),
    C(T, "quaternion_to_matrix", F64, "unstable", q_(f_quat_rot, F64), dict(q=QB)),
    C(T, "quaternion_to_matrix", F32, "unstable", q_(f_quat_rot, F32), dict(q=QT32)),
    C(T, "rodrigues_naive", F64, "ok", q_(f_rot, F64), dict(w=WO)),
    C(T, "rodrigues_naive", F64, "domain", NANW, dict(w=W0)),
    C(T, "rodrigues_naive", F64, "unstable", q_(f_rot, F64), dict(w=W8)),
    C(T, "rodrigues_coeff", F64, "domain", NANW, dict(w=W0)),
    C(T, "rodrigues_coeff", F64, "unstable", q_(f_rot, F64), dict(w=W8)),
    C(T, "rodrigues_coeff", F32, "ok", q_(f_rot, F32), dict(w=W3E)),
    C(T, "rodrigues_coeff", F32, "ok", q_(f_rot, F32), dict(w=WO)),
    C(T, "rodrigues_taylor", F64, "wrong", small_branch("w"), dict(w=W0)),
    C(T, "rodrigues_taylor", F64, "ok", small_branch("w"), dict(w=W8)),
    C(T, "rodrigues_safe", F64, "ok", small_branch("w"), dict(w=W0)),
    C(T, "rodrigues_safe", F64, "ok", small_branch("w"), dict(w=W8)),
    C(T, "so3_angle", F64, "ok", q_(f_angle_of_rotation, F64), dict(w=WO)),
    C(T, "so3_angle", F64, "unstable", q_(f_angle_of_rotation, F64), dict(w=PI64)),
    C(T, "so3_angle", F64, "unstable", q_(f_angle_of_rotation, F64), dict(w=W8)),
    C(T, "so3_angle", F64, "domain", NANW, dict(w=W0)),
    C(T, "so3_log_angle", F64, "domain", q_(f_so3_angle, F64), dict(R=I3)),
    C(T, "so3_log_angle", F64, "domain", q_(f_so3_angle, F64), dict(R=RPI)),
    C(T, "so3_log_angle", F64, "ok", q_(f_so3_angle, F64), dict(R=RZ)),
    C(T, "angle_acos", F64, "domain", of(f_angle, F64), dict(a=A3, b=PAR)),
    C(T, "angle_acos", F64, "unstable", of(f_angle, F64), dict(a=A3, b=NEAR)),
    C(T, "angle_atan2", F64, "ok", of(f_angle, F64), dict(a=A3, b=NEAR)),
    C(T, "angle_atan2", F64, "domain", of(f_angle, F64), dict(a=A3, b=PAR)),
    C(T, "atan2_yx", F64, "domain", lambda: {"y": NAN, "x": NAN}, dict(y=0.0, x=0.0)),
    C(T, "sphere_sdf", F64, "domain", q_(f_sphere, F64), dict(p=[1.0, 2.0, 3.0])),
    C(T, "sphere_sdf", F64, "ok", q_(f_sphere, F64), dict(p=[1.0, 2.0, 3.00000001])),
    C(T, "sdf_union", F64, "domain", q_(f_union, F64), dict(p=[1.5, 0.5, 0.0])),
    C(T, "sdf_union", F32, "ok", q_(f_union, F32), dict(p=[0.5, 0.5, 0.5])),
    C(T, "cdist_self", F64, "ok", q_(f_all_pairs, F64), dict(x=X3)),
    C(T, "cdist_pair", F64, "domain", q_(f_to_b, F64), dict(a=[[0.0, 0.0], [0.5, 2.0]])),
    C(T, "cdist_pair", F32, "ok", q_(f_to_b, F32), dict(a=CH)),
    C(T, "cdist_mm", F64, "unstable", q_(f_to_b, F64), dict(a=[[1.00000001, 0.0], [0.5, 2.0]])),
    C(T, "cdist_mm", F64, "ok", q_(f_to_b, F64), dict(a=CH)),
    C(T, "chamfer", F64, "domain", q_(f_chamfer, F64), dict(a=TIE)),
    C(T, "chamfer", F64, "ok", q_(f_chamfer, F64), dict(a=CH2)),
    C(T, "spring", F64, "domain", q_(f_spring, F64), dict(x=S2)),
    C(T, "spring", F64, "ok", q_(f_spring, F64), dict(x=SO)),
    C(T, "spring_zero_rest", F64, "ok", q_(f_spring0, F64), dict(x=S2)),
    C(T, "gravity", F64, "domain", lambda: {"x": [[NAN] * 3, [NAN] * 3, [mpf(1) / 3, mpf(2) / 3, mpf(2) / 3]]},
      dict(x=G2)),
    C(T, "gravity", F64, "ok", q_(f_gravity, F64), dict(x=GO)),
    C(T, "gravity", F64, "ok", q_(f_gravity, F64), dict(x=[[0.0, 0.0, 0.0], [1e-08, 0.0, 0.0], [1.0, 2.0, 2.0]])),
    C(T, "verlet", F64, "ok", q_(f_verlet(2), F64), dict(x0=[1.0, 0.0])),
    C(T, "verlet", F32, "ok", q_(f_verlet(2), F32), dict(x0=[1.0, 0.0])),
    # ---------------------------------------------------------------------------------------------------- JAX
    C(J, "quat_normalize_eps", F64, "wrong", q_(f_quat_normalize_eps, F64), dict(q=Q0)),
    C(J, "quat_normalize_eps", F32, "ok", q_(f_quat_normalize_eps, F32), dict(q=QH)),
    C(J, "quat_to_matrix", F32, "ok", q_(f_quat_rot, F32), dict(q=QO)),
    C(J, "quat_to_matrix", F64, "domain", NANQ, dict(q=Q0)),
    C(J, "quat_to_matrix", F64, "unstable", q_(f_quat_rot, F64), dict(q=QT)),
    C(J, "rodrigues_naive", F64, "unstable", q_(f_rot, F64), dict(w=W8)),
    C(J, "rodrigues_naive", F32, "ok", q_(f_rot, F32), dict(w=WO)),
    C(J, "rodrigues_taylor", F64, "wrong", small_branch("w"), dict(w=W0)),
    C(J, "rodrigues_taylor", F64, "ok", small_branch("w"), dict(w=W8)),
    C(J, "rodrigues_safe_norm", F64, "wrong", small_branch("w"), dict(w=W0)),
    C(J, "rodrigues_safe_norm", F64, "ok", small_branch("w"), dict(w=W8)),
    C(J, "rodrigues_safe", F64, "ok", small_branch("w"), dict(w=W0)),
    C(J, "rodrigues_safe", F64, "ok", small_branch("w"), dict(w=W8)),
    C(J, "so3_log", F64, "wrong", q_(f_so3_log, F64), dict(R=I3)),
    C(J, "so3_log", F64, "ok", q_(f_so3_log, F64), dict(R=RZ)),
    C(J, "so3_log", F64, "domain", nan_like("R", [3, 3]), dict(R=RPI)),
    C(J, "angle_acos", F64, "unstable", of(f_angle, F64), dict(a=A3, b=NEAR)),
    C(J, "pairwise", F64, "wrong", q_(f_all_pairs, F64), dict(x=X3)),
    C(J, "pairwise_safe", F64, "ok", q_(f_all_pairs, F64), dict(x=X3)),
    C(J, "pairwise_safe", F64, "domain", q_(f_all_pairs, F64), dict(x=[[0.0, 0.0], [0.0, 0.0], [1.0, 2.0]])),
    C(J, "chamfer", F32, "unstable", q_(f_chamfer, F32), dict(a=CH)),
    C(J, "spring_zero_rest", F64, "wrong", q_(f_spring0, F64), dict(x=S2)),
    C(J, "gravity", F64, "domain", lambda: {"x": [[NAN] * 3, [NAN] * 3, [mpf(1) / 3, mpf(2) / 3, mpf(2) / 3]]},
      dict(x=G2)),
    C(J, "verlet", F64, "ok", q_(f_verlet(4), F64), dict(x0=[1.0, 0.0])),
    C(J, "verlet", F32, "ok", q_(f_verlet(4), F32), dict(x0=[1.0, 0.0])),
    # ---------------------------------------------------------------------------------------------------- TensorFlow
    C(K, "quat_l2_normalize", F64, "ok", q_(f_l2_normalize, F64), dict(q=Q0)),
    C(K, "quat_l2_normalize", F32, "ok", q_(f_quat_normalize, F32), dict(q=QH)),
    C(K, "rodrigues_coeff", F64, "unstable", q_(f_rot, F64), dict(w=W8)),
    C(K, "rodrigues_taylor", F64, "wrong", small_branch("w"), dict(w=W0)),
    C(K, "rodrigues_taylor", F64, "ok", small_branch("w"), dict(w=W8)),
    C(K, "rodrigues_safe_norm", F64, "ok", small_branch("w"), dict(w=W0)),
    C(K, "rodrigues_safe_norm", F32, "ok", q_(f_rot_switch(1e-6), F32), dict(w=WO)),
    C(K, "so3_log_angle", F64, "wrong", q_(f_so3_angle, F64), dict(R=I3)),
    C(K, "so3_log_angle", F32, "ok", q_(f_so3_angle, F32), dict(R=RZ)),
    C(K, "angle_acos", F64, "unstable", of(f_angle, F64), dict(a=A3, b=NEAR)),
    C(K, "angle_atan2", F64, "ok", of(f_angle, F64), dict(a=A3, b=NEAR)),
    C(K, "angle_atan2", F32, "ok", of(f_angle, F32), dict(a=A3, b=OTHER)),
    C(K, "pairwise", F64, "wrong", q_(f_all_pairs, F64), dict(x=X3)),
    C(K, "chamfer", F64, "unstable", q_(f_chamfer, F64), dict(a=CH)),
    C(K, "spring_zero_rest", F64, "ok", q_(f_spring0, F64), dict(x=S2)),
    C(K, "verlet", F64, "ok", q_(f_verlet(2), F64), dict(x0=[1.0, 0.0])),
    # ---------------------------------------------------------------------------------------------------- NumPy
    C(N, "rodrigues_coeff", F64, "unstable", q_(f_rot, F64), dict(w=W8)),
    C(N, "so3_log", F64, "wrong", q_(f_so3_log, F64), dict(R=I3)),
    C(N, "so3_log", F64, "ok", q_(f_so3_log, F64), dict(R=RZ)),
    C(N, "so3_log", F64, "domain", nan_like("R", [3, 3]), dict(R=RPI)),
    C(N, "quat_matrix_trace", F64, "ok", q_(f_quat_trace, F64), dict(q=QO)),
    C(N, "chamfer", F64, "domain", q_(f_chamfer, F64), dict(a=TIE)),
    C(N, "spring_chain", F64, "domain", q_(f_chain, F64), dict(x=[[0.0, 0.0], [1.0, 0.0], [1.0, 0.0], [2.0, 1.0]])),
    C(N, "spring_chain", F64, "ok", q_(f_chain, F64), dict(x=[[0.0, 0.0], [1.0, 0.5], [1.5, 1.5], [2.0, 1.0]])),
    C(N, "verlet", F64, "ok", q_(f_verlet(2), F64), dict(x0=[1.0, 0.0])),
]
