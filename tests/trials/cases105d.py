"""The hundred-and-fifth trial set (d): SIGNED DISTANCE FIELDS, IMPLICIT SURFACES AND EIKONAL LOSSES as JAX, PyTorch,
TensorFlow and plain NumPy code writes them (jax_lib105d, torch_lib105d, tf_lib105d, np_lib105d): neural-implicit and
graphics code that differentiates distance functions and THROUGH their gradient. SDFs of a sphere norm(p) - r (at p =
0), a box norm(max(q, 0)) + min(max(q), 0), q = |p| - (1, 0.5, 0.25) (inside, on a face, at max(q)'s three-way tie, at
a corner, outside a face and an edge), a torus (on its axis, on its core circle) and a capsule (the projection's clip at
both ends, a point on the segment); CSG by min / max at their ties; the polynomial smin with h = clip(0.5 + 0.5 (b -
a) / k, 0, 1) at both clip edges; the exponential smin -k log(exp(-a/k) + exp(-b/k)) at k = 0.01 (exp(1000) = inf,
exp(-1000) = 0; float32's exp(100)) and its logsumexp form; an occupancy sigmoid(-sdf / 1e-3) by jax.nn.sigmoid /
torch.sigmoid / tf.sigmoid and by hand 1 / (1 + exp(sdf / eps)); four sphere-tracing steps to a sphere and to a union
(the min's tie at every step); a SIREN layer v . sin(30 (W x + b)); positional encodings sum sin(2^k pi x), k < 10 and
k < 20, in both dtypes; the eikonal loss (||grad f(p)|| - 1)^2 with grad f by jax.grad, torch.autograd.grad(
create_graph=True) and a nested tf.GradientTape inside the function (NumPy: by hand) for f = |p|^2 - 1 (at grad f = 0
and where ||grad f|| = 1), the box SDF (inside, outside the edge, at the tie) and the SIREN; surface normals grad f /
||grad f|| (|p|^2 - 1 at p = 0, the torus); custom rules for a safe norm: jax.custom_vjp, torch.autograd.Function and
tf.custom_gradient with the right masked rule (x / n where n > 0, else 0), and slipped ones (JAX: ct * x, forgetting
the division; PyTorch: x / (n^2 + 1e-12); TensorFlow: x / max(n, 1), right only where n >= 1), used bare and inside the
box.

Truths: my own mpmath expressions of the mathematics (norm, clip, min, max, the SDF formulas as Inigo Quilez writes
them; the eikonal loss from the analytic gradients: 2p, the box's q+ / |q+| sign(p) outside and the argmax's signed unit
vector inside, the SIREN's W^T (30 v cos(30 (W x + b))), the torus's), never the library code or gradcli, at 2,000
digits by cases30b's `sided_grad` with finite_sides (cases73d's `S`): each entry's slope from each side at the point as
the dtype holds it, NaN where they differ or a side is undefined; by hand (`Nan`) for the eikonal loss at the box's
tie, where the program's value is its framework's tie rule's and every point near has loss 0 (a jump in every entry).
Constants as the program holds them: the box, torus, capsule, SIREN weights and read-out are dyadic (exact in both
dtypes); 1e-3 and pi (jnp.pi, math.pi, np.pi) held in the dtype (NumPy's np.pi array product is float64, so NumPy's
cases are float64).

Counts: 120 cases in ALL (JAX 58, PyTorch 25, TensorFlow 20, NumPy 17; 104 float64, 16 float32): 63 ok, 25 domain, 18
unstable, 14 wrong. Each case through the CLI exactly as tests/trials/judge.py runs it (/tmp/105d/run.py: two CLI runs
at a time, judged as they finish; the machine shared). First pass: 126 cases (JAX 65 in about 3.5 minutes wall, 2.5-13 s
a check; then PyTorch 25 at 9-31 s a check, TensorFlow 19 at 25-46 s, NumPy 17 at 2-6 s, 13 minutes wall): 116 agreed at
once, 10 disagreed, all 10 my truths (corrected below); the box's tie point moved to an exact one, 3 cases added for the
corrections (the near tie for the box and its eikonal loss, TensorFlow's face), 9 dropped as repeats of kept points
(JAX's float32 sphere, torus, sphere tracing, SIREN and safe box, the capsule's upper clip end, smin at h = 0, the
ordinary union, the intersection's tie). The 13 changed or added cases run again (JAX 3-13 s, TensorFlow 13-24 s): all
agree. Not re-run as a whole (time): the other 107 are unchanged cases from the first pass, each agreed there.
tests/test_user_trials105d.py (20 chosen JAX and NumPy cases): 21 passed (20 trials and the
existence test), no xfails (no findings), in 24 s.

Agreed (verdicts and exact slopes):
- the sphere SDF ok (float32 too), domain at p = 0 (p none, r keeps -1) in all four, through the safe-norm rules too
  (the rule's 0 is no derivative of a cone: JAX, PyTorch, TensorFlow);
- the box SDF inside: wrong in JAX (float64 and float32) and NumPy (norm's rule at the zero vector max(q, 0): 0 / 0,
  where the slope is (0, 0, 1)); ok in PyTorch (vector_norm's backward masks n == 0; float32 too) and TensorFlow
  (tf.maximum's gradient is a select, so the NaN of sqrt'(0) never reaches a q < 0); on the face x = 1 (slope 1 from
  both sides): wrong in JAX and TensorFlow (q[0] = 0 ties the maximum with 0, which passes NaN on), ok in PyTorch
  (clamp passes its edge, the norm's backward is masked); at the three-way tie of max(q) domain in all four; at the
  corner domain; outside a face and an edge ok;
- the torus ok; on its axis domain (p[1] keeps 0.5 / sqrt(1.25)); on its core circle wrong (p[2]'s exact slope 0, the
  second-order rho - 1 = p2^2 / 2, given NaN by norm(0)'s rule beside p[0], p[1] without a derivative: the README's
  entry-by-entry rule);
- the capsule ok inside its span and at both ends of the clip (h = 0, h = 1: the SDF is C1 there); on the segment
  wrong in JAX (p[1]'s exact 0 given NaN) and domain in PyTorch (its masked backward gives p[1] 0);
- union / intersection by min / max: domain at the tie (p[0] none; p[1], p[2] keep theirs), ok off it (NumPy);
- the polynomial smin ok at both clip edges (h = 0, h = 1: dvalue/dh = a - b + k (1 - 2h) = 0 there) in all four and
  float32; the exponential smin ok at k = 0.1, unstable at k = 0.01 past exp's range (exp(1000) = inf, exp(-1000) = 0
  then log 0; float32 exp(100)) in all four;
- the occupancy by the library sigmoid ok (e^-500 in float64; float32 at 1.01); by hand unstable at sdf = 0.5 ((1 +
  e^500)^2 = inf in float64, inf / inf in float32) in all four;
- sphere tracing ok (float32 in PyTorch); to the union domain where the ray runs in the min's tie plane (o[0] none),
  ok beside it;
- SIREN ok (float64 and float32, at x = (100, -50) too: see corrections); positional encodings: k < 10 ok in float64
  and float32, k < 20 unstable in float32 (sin(2^19 pi x) at 4.9e5 keeps 0.03 of its argument) in JAX, PyTorch and
  TensorFlow, and in float64 too (see corrections);
- the eikonal loss: f = |p|^2 - 1 ok at an ordinary point, domain at p = 0 ((2|p| - 1)^2 is a cone; all four); the box
  SDF inside wrong in JAX (0 near the point; norm(0)'s NaN inside jax.grad), ok in PyTorch and TensorFlow (the masked
  backward and the select, differentiated again); outside the edge ok; at the exact tie domain; the SIREN ok (JAX
  float32 too, PyTorch, NumPy by hand); the sphere SDF's ok (exact 0, computed within rtol of it);
- normals ok; at p = 0 domain (0 / 0);
- custom rules: the right safe norm ok where the norm is positive and inside the box (JAX, TensorFlow); JAX's inside
  the box at its face wrong (the rule's 0 for the zero vector is right, but jnp.minimum(max(q), 0) ties at 0 and hands
  half the slope: 0.5 where it is 1), TensorFlow's there ok (tf.minimum and tf.maximum give a tie to their first
  argument: slope 1); the slipped rules wrong at the rule (JAX outside the box's edge, PyTorch at |p| = 1.3,
  TensorFlow at |p| = sqrt(0.5) < 1), and ok where the slip does not show (JAX's and PyTorch's inside the box: x = 0,
  the rule's 0 is right; TensorFlow's at |p| = 1.3 >= 1).

My truths corrected (gradcli right, each re-derived):
- the box at p = (0.8, 0.3, 0.05) I meant as max(q)'s three-way tie q = (-0.2, -0.2, -0.2): held in float64, q[0] =
  0.8 - 1 = -0.19999999999999996 is the maximum alone (q[1] = -0.20000000000000001, q[2] = -0.19999999999999999722):
  no tie, slope (1, 0, 0), JAX's NaN wrong (the eikonal loss there likewise: 0 near, wrong). Kept as NEAR_TIE; the tie
  is now the dyadic (0.875, 0.375, 0.125) with q = -0.125 exactly: domain, as first meant;
- smin by logsumexp at k = 0.01 (float64 and float32) I first called ok: the slope in k, -lse - (w . (a, b)) / k ...
  = -9.8e-21, is the difference of two paths of 1000 (float32: 100), so the program computes noise of 1e-13: unstable,
  the cancelling add named (a's and b's slopes are fine);
- the SIREN in float32 at x = (100, -50) I called unstable (arguments near 3000): the weights are dyadic, so 30 (W x +
  b) = 1875, ... is exact in float32 and the gradient is within 4e-9: ok;
- the positional encoding k < 10 in float32 I called unstable: its gradient is 6.8e-5 off relative, under float32's
  1e-4 (the README's tolerance): ok; k < 20 in float64 I called ok: 1.09e-10 relative, over float64's 1e-10 (cos at
  arguments near 5e5 amplifies rounding 2.5e5 times): unstable;
- the eikonal loss of |p|^2 - 1 at p = (0.3, 0.4, 0), where ||grad f|| = 1 in decimals, I called ok: held, 2|p| - 1 =
  2.2e-17, so the exact value is 4.9e-34 and the slopes (5.3e-17, 7.1e-17, 0); the program's 2|p| = 1.0 exactly makes
  both 0: value and gradient lost, unstable (the README's data-rounding pass applies to gradient entries tiny beside
  their array; here the value and the whole array are tiny);
- TensorFlow's box SDF and its eikonal loss inside the box I called wrong, like JAX's: TensorFlow's own tape returns
  (0, 0, 1) and (0, 0, 0) there (run directly, /tmp/105d/tfcheck.py): tf.maximum's gradient selects, so sqrt'(0) =
  inf times 0 never reaches q < 0; ok. On the face it returns (nan, 0, 0): wrong (case added).

Findings: none. Every disagreement was mine; gradcli's verdicts and exact slopes agreed with the mathematics at all 120
final cases.

Observed (not in ALL): the same box SDF splits three ways by framework at the zero vector: JAX's jnp.linalg.norm NaN
(0 / 0 in its rule), PyTorch's masked 0, TensorFlow's NaN filtered by tf.maximum's select; the custom safe norm cures
the inside but not the face in JAX, because jnp.minimum splits its tie's slope in half."""
import math

import mpmath

from cases73d import NAN, H as held, S, Nan, Hand, mpf

J, T_, K, N = "jax_lib105d.py", "torch_lib105d.py", "tf_lib105d.py", "np_lib105d.py"
F32, F64 = "float32", "float64"

BOX = [mpf(1), mpf("0.5"), mpf("0.25")]
W1 = [[mpf("0.5"), mpf("-0.25")], [mpf("0.75"), mpf("0.5")], [mpf("-0.5"), mpf("1.25")]]
B1 = [mpf("0.125"), mpf("-0.25"), mpf("0.0625")]
V = [mpf("0.5"), mpf("-0.75"), mpf("0.25")]
READ = [mpf("0.5"), mpf("-0.25"), mpf(1)]


# ------------------------------------------------------------------------------------------------- the mathematics
def norm(v):
    return mpmath.sqrt(sum(u * u for u in v))


def dot(a, b):
    return sum(x * y for x, y in zip(a, b))


def clip(x, lo, hi):
    return min(max(x, mpf(lo)), mpf(hi))


def sphere(p, r):
    return norm(p) - r


def box(p):
    q = [abs(u) - b for u, b in zip(p, BOX)]
    return norm([max(u, 0) for u in q]) + min(max(q), 0)


def box_grad(p):
    """The box SDF's gradient where it has one (off the ties): outside, q+ / |q+| times sign(p); inside, the
    argmax's unit vector times its sign."""
    q = [abs(u) - b for u, b in zip(p, BOX)]
    qp = [max(u, 0) for u in q]
    n = norm(qp)
    if n > 0:
        return [a / n * mpmath.sign(u) for a, u in zip(qp, p)]
    i = max(range(3), key=lambda j: q[j])
    return [mpmath.sign(p[j]) if j == i else mpf(0) for j in range(3)]


def torus(p):
    q = [mpmath.sqrt(p[0] ** 2 + p[2] ** 2) - 1, p[1]]
    return norm(q) - mpf("0.25")


def torus_grad(p):
    rho = mpmath.sqrt(p[0] ** 2 + p[2] ** 2)
    q0 = rho - 1
    n = norm([q0, p[1]])
    return [q0 / n * p[0] / rho, p[1] / n, q0 / n * p[2] / rho]


def capsule(p, r):
    h = clip(p[1], 0, 1)  # dot(p, (0, 1, 0)) / 1
    return norm([p[0], p[1] - h, p[2]]) - r


C1, C2 = [mpf(-1), mpf(0), mpf(0)], [mpf(1), mpf(0), mpf(0)]


def union(p):
    return min(norm([a - c for a, c in zip(p, C1)]) - 1, norm([a - c for a, c in zip(p, C2)]) - 1)


def intersect(p):
    return max(norm([a - c for a, c in zip(p, C1)]) - 1, norm([a - c for a, c in zip(p, C2)]) - 1)


def smin_poly(a, b, k):
    h = clip(mpf("0.5") + mpf("0.5") * (b - a) / k, 0, 1)
    return b * (1 - h) + a * h - k * h * (1 - h)


def smin_exp(a, b, k):
    return -k * mpmath.log(mpmath.exp(-a / k) + mpmath.exp(-b / k))


def occupancy(dtype):
    e = held(dtype, 1e-3)
    return lambda p: 1 / (1 + mpmath.exp((norm(p) - 1) / e))


def sphere_trace(o):
    t = mpf(0)
    for _ in range(4):
        t = t + norm([o[0], o[1], o[2] + t - 3]) - 1
    return t


def sphere_trace_union(o):
    t = mpf(0)
    for _ in range(4):
        x = [o[0], o[1], o[2] + t]
        t = t + min(norm([x[0] + mpf("0.5"), x[1], x[2] - 3]), norm([x[0] - mpf("0.5"), x[1], x[2] - 3])) - 1
    return t


def _pre(x):
    return [30 * (dot(w, x) + b) for w, b in zip(W1, B1)]


def siren(x):
    return dot(V, [mpmath.sin(u) for u in _pre(x)])


def siren_grad(x):
    c = [v * 30 * mpmath.cos(u) for v, u in zip(V, _pre(x))]
    return [sum(W1[i][j] * c[i] for i in range(3)) for j in range(2)]


def posenc(dtype, n):
    pi = held(dtype, math.pi)
    return lambda x: sum(mpmath.sin(2 ** k * pi * x) for k in range(n))


def eikonal_sq(p):
    return (2 * norm(p) - 1) ** 2


def eikonal_box(p):
    return (norm(box_grad(p)) - 1) ** 2


def eikonal_siren(x):
    return (norm(siren_grad(x)) - 1) ** 2


def eikonal_sphere(p):
    return (norm([u / norm(p) for u in p]) - 1) ** 2


def normal_sq(p):
    n = norm(p)
    if n == 0:
        return NAN
    return dot([u / n for u in p], READ)


def normal_torus(p):
    return dot(torus_grad(p), READ)





# ------------------------------------------------------------------------------------------------- cases
P = S
PO = [0.3, -0.4, 1.2]  # an ordinary point, |p| = 1.3
Z3 = [0.0, 0.0, 0.0]
IN = [0.2, 0.1, 0.05]  # inside the box, max(q) = q[2] alone
FACE = [1.0, 0.1, 0.05]  # on the box's face x = 1: q = (0, -0.4, -0.2)
TIE = [0.875, 0.375, 0.125]  # inside, q = (-0.125, -0.125, -0.125) exactly: max's three-way tie
NEAR_TIE = [0.8, 0.3, 0.05]  # q = (-0.2, -0.2, -0.2) in decimals; held, q[0] = -0.19999999999999996 is the max
CORNER = [1.0, 0.5, 0.25]
OUT_F = [2.0, 0.1, 0.05]  # outside the face
OUT_E = [2.0, 1.5, 0.05]  # outside the edge: q+ = (1, 1, 0)
TOR = [1.2, 0.1, 0.3]

JAX = [
    P(J, "sphere", F64, "ok", sphere, p=PO, r=1.0),
    P(J, "sphere", F64, "domain", sphere, p=Z3, r=1.0),  # the cone's tip: r keeps -1
    P(J, "box", F64, "wrong", box, p=IN),  # norm(0)'s rule: 0 / 0 where the slope is (0, 0, 1)
    P(J, "box", F32, "wrong", box, p=IN),
    P(J, "box", F64, "wrong", box, p=FACE),  # the face: slope 1 from both sides
    P(J, "box", F64, "domain", box, p=TIE),
    P(J, "box", F64, "wrong", box, p=NEAR_TIE),  # no tie once held: slope (1, 0, 0), NaN given
    P(J, "box", F64, "domain", box, p=CORNER),
    P(J, "box", F64, "ok", box, p=OUT_F),
    P(J, "box", F64, "ok", box, p=OUT_E),
    P(J, "torus", F64, "ok", torus, p=TOR),
    P(J, "torus", F64, "domain", torus, p=[0.0, 0.5, 0.0]),  # on the axis: p[1] keeps 0.5 / sqrt(1.25)
    P(J, "torus", F64, "wrong", torus, p=[1.0, 0.0, 0.0]),  # the core circle: p[2]'s exact 0 given NaN
    P(J, "capsule", F64, "ok", capsule, p=[0.5, 0.3, 0.2], r=0.1),
    P(J, "capsule", F64, "ok", capsule, p=[0.5, 0.0, 0.2], r=0.1),  # clip's tie at h = 0: C1 there
    P(J, "capsule", F64, "wrong", capsule, p=[0.0, 0.5, 0.0], r=0.1),  # on the segment: p[1]'s 0 given NaN
    P(J, "union", F64, "domain", union, p=[0.0, 0.5, 0.0]),
    P(J, "smin_poly", F64, "ok", smin_poly, a=0.1, b=0.3, k=0.5),
    P(J, "smin_poly", F64, "ok", smin_poly, a=0.0, b=0.5, k=0.5),  # h = 1 at the clip's edge: C1
    P(J, "smin_poly", F32, "ok", smin_poly, a=0.0, b=0.5, k=0.5),
    P(J, "smin_exp", F64, "ok", smin_exp, a=0.3, b=0.5, k=0.1),
    P(J, "smin_exp", F64, "unstable", smin_exp, a=-10.0, b=-9.5, k=0.01),  # exp(1000) = inf
    P(J, "smin_exp", F64, "unstable", smin_exp, a=10.0, b=10.5, k=0.01),  # exp(-1000) = 0: log 0
    P(J, "smin_exp", F32, "unstable", smin_exp, a=-1.0, b=-0.5, k=0.01),  # exp(100) = inf in float32
    P(J, "smin_lse", F64, "unstable", smin_exp, a=-10.0, b=-9.5, k=0.01),
    P(J, "smin_lse", F32, "unstable", smin_exp, a=-1.0, b=-0.5, k=0.01),
    P(J, "occupancy", F64, "ok", occupancy(F64), p=[1.5, 0.0, 0.0]),
    P(J, "occupancy", F32, "ok", occupancy(F32), p=[1.01, 0.0, 0.0]),
    P(J, "occupancy_naive", F64, "unstable", occupancy(F64), p=[1.5, 0.0, 0.0]),  # (1 + e^500)^2 = inf
    P(J, "occupancy_naive", F32, "unstable", occupancy(F32), p=[1.5, 0.0, 0.0]),  # inf / inf
    P(J, "sphere_trace", F64, "ok", sphere_trace, o=[0.2, 0.1, 0.0]),
    P(J, "sphere_trace_union", F64, "domain", sphere_trace_union, o=[0.0, 0.2, 0.0]),  # min's tie every step
    P(J, "sphere_trace_union", F64, "ok", sphere_trace_union, o=[0.1, 0.2, 0.0]),
    P(J, "siren", F64, "ok", siren, x=[0.3, -0.7]),
    P(J, "siren", F32, "ok", siren, x=[100.0, -50.0]),  # dyadic weights: 30 (W x + b) = 1875, -1125, ... held exactly
    P(J, "posenc10", F64, "ok", posenc(F64, 10), x=0.3),
    P(J, "posenc10", F32, "ok", posenc(F32, 10), x=0.3),
    P(J, "posenc20", F32, "unstable", posenc(F32, 20), x=0.3),  # sin(2^19 pi x): float32 keeps 0.03 of it
    P(J, "posenc20", F64, "unstable", posenc(F64, 20), x=0.3),  # 1.09e-10 off: just past float64's 1e-10
    P(J, "eikonal_sq", F64, "ok", eikonal_sq, p=PO),
    P(J, "eikonal_sq", F64, "unstable", eikonal_sq, p=[0.3, 0.4, 0.0]),  # held, 2|p| - 1 = 2.2e-17: lost
    P(J, "eikonal_sq", F64, "domain", eikonal_sq, p=Z3),  # grad f = 0: (2|p| - 1)^2, a cone
    P(J, "eikonal_box", F64, "wrong", eikonal_box, p=IN),  # 0 locally; norm(0) inside grad: NaN
    P(J, "eikonal_box", F64, "ok", eikonal_box, p=OUT_E),
    Nan(J, "eikonal_box", F64, "domain", p=TIE),  # the program's loss there is its tie rule's: a jump to 0
    P(J, "eikonal_box", F64, "wrong", eikonal_box, p=NEAR_TIE),  # no tie once held: 0 locally, NaN given
    P(J, "eikonal_siren", F64, "ok", eikonal_siren, x=[0.3, -0.7]),
    P(J, "eikonal_siren", F32, "ok", eikonal_siren, x=[0.3, -0.7]),
    P(J, "eikonal_sphere", F64, "ok", eikonal_sphere, p=PO),
    P(J, "normal_sq", F64, "ok", normal_sq, p=PO),
    P(J, "normal_sq", F64, "domain", normal_sq, p=Z3),
    P(J, "normal_torus", F64, "ok", normal_torus, p=TOR),
    P(J, "sphere_safe", F64, "ok", sphere, p=PO, r=1.0),
    P(J, "sphere_safe", F64, "domain", sphere, p=Z3, r=1.0),  # the rule's 0 is no derivative of a cone
    P(J, "box_safe", F64, "ok", box, p=IN),
    P(J, "box_safe", F64, "wrong", box, p=FACE),  # minimum's tie at max(q) = 0 halves the slope 1
    P(J, "box_slipped", F64, "ok", box, p=IN),  # the slipped rule's ct * x is 0 at x = 0: right there
    P(J, "box_slipped", F64, "wrong", box, "def _slipped_norm_bwd", p=OUT_E),
]

TORCH = [
    P(T_, "sphere", F64, "ok", sphere, p=PO, r=1.0),
    P(T_, "sphere", F64, "domain", sphere, p=Z3, r=1.0),
    P(T_, "box", F64, "ok", box, p=IN),  # vector_norm's backward masks n == 0
    P(T_, "box", F32, "ok", box, p=IN),
    P(T_, "box", F64, "ok", box, p=FACE),  # clamp passes its edge: slope 1
    P(T_, "box", F64, "domain", box, p=TIE),
    P(T_, "box", F64, "ok", box, p=OUT_E),
    P(T_, "capsule", F64, "ok", capsule, p=[0.5, 0.0, 0.2], r=0.1),
    P(T_, "capsule", F64, "domain", capsule, p=[0.0, 0.5, 0.0], r=0.1),
    P(T_, "union", F64, "domain", union, p=[0.0, 0.5, 0.0]),
    P(T_, "smin_poly", F64, "ok", smin_poly, a=0.0, b=0.5, k=0.5),
    P(T_, "smin_exp", F64, "unstable", smin_exp, a=-10.0, b=-9.5, k=0.01),
    P(T_, "occupancy", F64, "ok", occupancy(F64), p=[1.5, 0.0, 0.0]),
    P(T_, "occupancy_naive", F64, "unstable", occupancy(F64), p=[1.5, 0.0, 0.0]),
    P(T_, "sphere_trace", F32, "ok", sphere_trace, o=[0.2, 0.1, 0.0]),
    P(T_, "siren", F64, "ok", siren, x=[0.3, -0.7]),
    P(T_, "posenc20", F32, "unstable", posenc(F32, 20), x=0.3),
    P(T_, "eikonal_sq", F64, "ok", eikonal_sq, p=PO),
    P(T_, "eikonal_sq", F64, "domain", eikonal_sq, p=Z3),
    P(T_, "eikonal_box", F64, "ok", eikonal_box, p=IN),
    P(T_, "eikonal_siren", F64, "ok", eikonal_siren, x=[0.3, -0.7]),
    P(T_, "normal_sq", F64, "ok", normal_sq, p=PO),
    P(T_, "sphere_safe", F64, "domain", sphere, p=Z3, r=1.0),
    P(T_, "sphere_slipped", F64, "wrong", sphere, "class SlippedNorm>>def backward(ctx, grad):", p=PO, r=1.0),
    P(T_, "box_slipped", F64, "ok", box, p=IN),
]

TF = [
    P(K, "sphere", F32, "ok", sphere, p=PO, r=1.0),
    P(K, "sphere", F64, "domain", sphere, p=Z3, r=1.0),
    P(K, "box", F64, "ok", box, p=IN),  # tf.maximum's grad is a select: norm(0)'s NaN never reaches q < 0
    P(K, "box", F64, "wrong", box, p=FACE),  # q[0] = 0 ties tf.maximum(q, 0): the select hands it inf * 0
    P(K, "box", F64, "domain", box, p=TIE),
    P(K, "union", F64, "domain", union, p=[0.0, 0.5, 0.0]),
    P(K, "smin_poly", F64, "ok", smin_poly, a=0.0, b=0.5, k=0.5),
    P(K, "smin_exp", F32, "unstable", smin_exp, a=-1.0, b=-0.5, k=0.01),
    P(K, "occupancy", F64, "ok", occupancy(F64), p=[1.5, 0.0, 0.0]),
    P(K, "occupancy_naive", F64, "unstable", occupancy(F64), p=[1.5, 0.0, 0.0]),
    P(K, "posenc20", F32, "unstable", posenc(F32, 20), x=0.3),
    P(K, "eikonal_sq", F64, "ok", eikonal_sq, p=PO),
    P(K, "eikonal_sq", F64, "domain", eikonal_sq, p=Z3),
    P(K, "eikonal_box", F64, "ok", eikonal_box, p=IN),
    P(K, "normal_sq", F64, "ok", normal_sq, p=PO),
    P(K, "sphere_safe", F64, "domain", sphere, p=Z3, r=1.0),
    P(K, "box_safe", F64, "ok", box, p=IN),
    P(K, "box_safe", F64, "ok", box, p=FACE),  # tf.maximum / tf.minimum hand a tie to their first argument
    P(K, "sphere_slipped", F64, "wrong", sphere, "def _slipped_norm>>def grad(dy):", p=[0.3, -0.4, 0.5], r=1.0),
    P(K, "sphere_slipped", F64, "ok", sphere, p=PO, r=1.0),  # |p| = 1.3 >= 1: the clamp is idle
]

NUMPY = [
    P(N, "sphere", F64, "domain", sphere, p=Z3, r=1.0),
    P(N, "box", F64, "ok", box, p=OUT_E),
    P(N, "box", F64, "domain", box, p=TIE),
    P(N, "box", F64, "wrong", box, p=IN),
    P(N, "torus", F64, "ok", torus, p=TOR),
    P(N, "capsule", F64, "ok", capsule, p=[0.5, 1.0, 0.2], r=0.1),
    P(N, "union", F64, "domain", union, p=[0.0, 0.5, 0.0]),
    P(N, "intersect", F64, "ok", intersect, p=[0.3, 0.5, 0.2]),
    P(N, "smin_poly", F64, "ok", smin_poly, a=0.5, b=0.0, k=0.5),
    P(N, "smin_exp", F64, "unstable", smin_exp, a=10.0, b=10.5, k=0.01),
    P(N, "occupancy_naive", F64, "unstable", occupancy(F64), p=[1.5, 0.0, 0.0]),
    P(N, "sphere_trace", F64, "ok", sphere_trace, o=[0.2, 0.1, 0.0]),
    P(N, "siren", F64, "ok", siren, x=[0.3, -0.7]),
    P(N, "posenc10", F64, "ok", posenc(F64, 10), x=0.3),
    P(N, "eikonal_sq", F64, "domain", eikonal_sq, p=Z3),
    P(N, "eikonal_siren", F64, "ok", eikonal_siren, x=[0.3, -0.7]),
    P(N, "normal_sq", F64, "ok", normal_sq, p=PO),
]

ALL = JAX + TORCH + TF + NUMPY
