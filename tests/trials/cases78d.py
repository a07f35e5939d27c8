"""The seventy-eighth trial set (d): OBJECT DETECTION AND SEGMENTATION LOSSES on one or two small boxes ([x1, y1,
x2, y2]) and 3x3 masks, as JAX, PyTorch, TensorFlow and plain NumPy code writes them. JAX (jax_lib78d): IoU by
jnp.clip of min/max intersection widths (overlapping, disjoint, touching at an edge, identical), GIoU with the
enclosing box, DIoU (concentric nested boxes), CIoU as torchvision writes it (eps 1e-7, alpha under stop_gradient) and
as YOLO code writes it (h + eps), CIoU's alpha v alone and from (w, h) pairs, each at a zero-height prediction; smooth
L1 with beta an input (a residual on the switch |d| = beta, a zero residual, beta = 0); box decoding by exp of the
log-scales at 0.3, -800 and +800, clamped at log(1000/16) as Detectron2 does (at 800 and on the clamp); a log-space
anchor target log(gw / aw) under smooth L1 (beta = 1/9) at a zero-width box; the focal loss -(1 - p)**gamma log p at
p = 1 for gamma = 2, 0, 0.5; torchvision's ce * (1 - p)**gamma on logits at 40 (float32 20), gamma = 2 and 0.5, and a
log-sigmoid form; soft Dice (plain, + 1 smoothing, through a sigmoid at logits -800) on a mask and an empty mask,
Tversky (0.3 / 0.7) and focal Tversky (** 0.75) at a perfect prediction and an empty mask; the Lovasz hinge by
jnp.argsort (distinct errors, a positive/negative tie, a negative/negative tie, a positive/positive tie, an error at
the hinge's 0); FCOS centerness sqrt(min/max * min/max) at an ordinary point, a zero distance and the centre (l = r),
plain and with a custom_jvp sqrt that gives 0 at 0. PyTorch (torch_lib78d, torchvision-free): the same with
.clamp(min=0), torch.no_grad for alpha, F.smooth_l1_loss at beta = 1 and 0, F.huber_loss, torch.clamp and a
hand-written autograd.Function that clamps the log-scale but passes the gradient straight through, torch.sort for the
Lovasz hinge. TensorFlow (tf_lib78d): tf.maximum / tf.minimum, tf.stop_gradient, tf.where, a tf.custom_gradient Huber
(rule clip(d / beta, -1, 1)), tf.exp, tf.math.log_sigmoid, tf.gather / tf.reduce_min. NumPy (np_lib78d): np.clip,
np.where, np.exp.

Counts: 119 cases (a scratch file: two CLI runs at a time, judged one at a time in the main thread; first run 129
cases, then 15 redundant ordinary ones dropped and 5 added for the findings). ALL: 64 ok, 32 domain, 16 wrong,
7 unstable; 105 float64, 14 float32 (JAX 68, PyTorch 27, TensorFlow 15, NumPy 9). 115 agree with my truths (after the
corrections below) in verdict and every exact entry to 1e-10; 4 are the findings F1 and F2 (two each, JAX and
TensorFlow). The checks took 0.9-18.4 s (median 7.3 s, 868 s of checks in about 8 minutes of wall time, two at a
time on the shared machine); one over 15 s: PyTorch's ciou_loss at the zero-height box (18.4 s).

Agreed (verdicts and exact slopes):
- overlaps: IoU ok overlapping (float32 too) and disjoint (the clip below 0: slopes 0), domain at touching edges (the
  clamp's kink in a[2], b[0]; the others 0) and at identical boxes (every min/max ties: all NaN), in all four
  frameworks; GIoU ok overlapping and disjoint, domain identical; DIoU ok at concentric nested boxes (rho = 0);
- CIoU: ok overlapping (float32 too); at a zero-height prediction atan(w / 0) jumps in a[1], a[3], and a[0], a[2]
  keep finite slopes (w / 0 = inf whatever w) that the rule's atan'(inf) * (1 / 0) = 0 * inf makes NaN: wrong (JAX,
  PyTorch); at identical boxes domain; YOLO's h + 1e-7 makes it smooth: ok (float32 too, alpha held at the point);
- smooth L1: ok on the switch |d| = beta (C1) and at a zero residual; at beta = 0 the unselected 0.5 d^2 / beta leaks
  NaN (d / 0 times 0): wrong in JAX, TensorFlow and NumPy, also with a zero residual (pred[0] and beta kinked, pred[1],
  pred[2] keep sign(d), computed NaN); F.smooth_l1_loss(beta=0) is L1: ok, domain at a zero residual; F.huber_loss
  and the custom-gradient Huber ok;
- decoding: ok at 0.3 (float32 too); at dw = -800 ok (the slope 16 e^-800 ~ 1e-346 rounds to 0, which is what the
  program gives); at +800 domain (e^800 beyond float64); clamped ok at 800 (slope 0), domain on the clamp exactly;
  PyTorch's straight-through ClampedExp: ok at 0.3, wrong at 800 (rule 62.5, slope 0); the anchor target ok (float32
  too), domain at a zero-width box (gt[0], gt[2] at log 0; gt[1], gt[3] keep their slopes);
- focal: ok at p = 0.3 and at p = 1 with gamma = 2 (slope 0); at gamma = 0, p = 1 (-log p, slope -1) JAX's pow rule
  gamma (1 - p)**(gamma - 1) = 0 * inf gives NaN: wrong, PyTorch and NumPy ok; gamma = 0.5 at p = 1: domain (the
  power's edge; p > 1 undefined); on logits ok at 2, unstable at 40 (float32 20): 1 - sigmoid(z) rounds to 0, the value
  7.7e-53 and its slope become 0 (gamma 2) or NaN (gamma 0.5, 0**-0.5 * 0) in JAX, PyTorch, TensorFlow; the
  log-sigmoid form ok at 40 and float32 20;
- masks: Dice ok (float32 too), ok on an empty mask with p > 0 (value 1, exact slope 0), domain at p = 0 on an empty
  mask (0 / 0: no value), in all four; + 1 smoothing ok there (slopes 1); through a sigmoid at logits -800 on an empty
  mask unstable (the value is 1 and the slope 0; sigmoid underflows, 0 / 0); Tversky ok (float32, a perfect
  prediction, an empty mask with p > 0), domain at 0 / 0; focal Tversky domain at a perfect prediction (0 ** 0.75,
  defined on one side only);
- Lovasz hinge (JAX, PyTorch): ok at distinct errors (float32 too) and at a tie of two positives (equal increments
  1/|G u S|), domain at a positive/negative tie, a negative/negative tie (increments differ) and an error at 0;
- centerness: ok; at l = 0: l has no derivative and t, r, b the exact 0 that sqrt'(0) * 0 makes NaN: wrong in JAX,
  PyTorch, TensorFlow and NumPy; at the centre l = r: domain; the custom_jvp sqrt at l = 0: domain (its 0 for t, r, b
  is right; l has none).

My truths corrected (gradcli right, by the README's rule that entries beside one without a derivative are still
judged):
- ciou_loss at the zero-height box (JAX, PyTorch), meant domain: a[0], a[2] keep finite slopes (atan(2 / 0) = pi/2
  for every width near 2) and the program gives NaN: wrong;
- smooth_l1 at beta = 0 with a zero residual (JAX), meant domain: pred[1], pred[2] keep sign(d) and get NaN: wrong;
- focal at p = 1, gamma = 0 (JAX), meant ok: JAX's power rule is gamma * x**(gamma - 1) = 0 * 0**-1 = NaN at x = 0
  (the backward pass's pow(0.0, -1.0) = inf), where -log p's slope is -1: wrong (PyTorch's and NumPy's rules give -1);
- ciou_aspect at the zero-height box (TensorFlow), meant domain: a[0], a[2]'s exact 0 computed NaN makes it wrong;
- ciou_yolo in float32: I had held 1 + eps as a float32 sum; it is Python's 1 + 1e-7 held in float32 (5e-9 off).

Findings (both mended since; tests/test_user_trials78d.py CHOSEN holds one case of each):
- F1: beside an entry whose move makes the value jump (a zero-height box: atan(w / h) at h = 0), the exact reference
  differentiates through stop_gradient. CIoU's aspect term alpha * v, alpha = stop_gradient(v / (1 - iou + v)), at
  a = [1, 5, 3, 5] (height 0), b = [0, 0, 2, 2]: held alpha = 0.2, b's slopes are +-alpha0 * (4/pi^2) * 2 (pi/4 -
  pi/2) / 4 = +-1/(10 pi) = +-0.0318, which JAX and TensorFlow give; gradcli's exact reference says +-0.0573 =
  +-0.36 / (2 pi), the slope of v^2 / (1 + v) (alpha moved: d/dv = (2 v (1 + v) - v^2) / (1 + v)^2 = 0.36 at v = 1/4),
  and calls the rule wrong at the stop_gradient line; a[0], a[2] (the width: w / 0 = inf for every w near 2, v
  constant) get NaN where they are 0 (without stop_gradient gradcli proves such a width's 0). At an ordinary box
  (a = [0.5, 0.25, 2.5, 3]) the same function's b slopes hold alpha, as does a scalar 1 / h form at h = 0. Minimal (a
  scratch file, JAX; the same with tf.stop_gradient): def no_iou(a, b): v = 4.0 / math.pi ** 2 *
  jnp.square(jnp.arctan((b[2] - b[0]) / (b[3] - b[1])) - jnp.arctan((a[2] - a[0]) / (a[3] - a[1]))); return
  jax.lax.stop_gradient(v / (1.0 + v)) * v; gradcli check ...:no_iou --at "a=[1.0,5.0,3.0,5.0],b=[0.0,0.0,2.0,2.0]"
  --dtype float64 --json: wrong, exact b = [0.0573, -0.0573, -0.0573, 0.0573], gradient [0.0318, ...].
  Reproduce: gradcli check tests/trials/jax_lib78d.py:ciou_aspect --at "a=[1.0,5.0,3.0,5.0],b=[0.0,0.0,2.0,2.0]"
  --dtype float64 --json (and tf_lib78d.py).
- F2: the same term from (width, height) pairs: ciou_v(wh, wh_gt) at wh = [2, 0]: the width's exact 0 is "within
  4.8e-2561 of 0 at 3840 digits but not proven 0": no verdict (error), where the truth is wrong (w's 0 computed NaN,
  h jumps). Minimal (a scratch file): def wh_g(wh, g): v = (jnp.arctan(g) - jnp.arctan(wh[0] / wh[1])) ** 2; return
  jax.lax.stop_gradient(v) * v at "wh=[2.0,0.0],g=1.0": error; the same with tf.stop_gradient; without
  stop_gradient (jnp.square(jnp.arctan(g[0] / g[1]) - jnp.arctan(h[0] / h[1])) at h = [2, 0]) gradcli proves h[0]'s
  0 (domain, exact [0.0, nan]); with a constant numerator (1.0 / (a[1] - a[0]), a scalar 1.0 / h) the held alpha is
  right (domain). F1 and F2 look like one cause: at a point where an entry jumps, an entry beside it is found
  through a path that re-runs the stop_gradient's argument.
  Reproduce: gradcli check tests/trials/jax_lib78d.py:ciou_v --at "wh=[2.0,0.0],wh_gt=[2.0,2.0]" --dtype float64
  --json (and tf_lib78d.py).

Truths are my own expressions evaluated with mpmath at 2,000 digits at the numbers the dtype holds (the program's
constants as the dtype holds them: eps = 1e-7, Python's 4 / pi**2 and 1 + 1e-7, log(1000/16), 1/9, 0.3, 0.7), never
the files' code or gradcli: interval overlaps and the enclosing box by max/min's absolute-value identities
((a + b +- |a - b|) / 2), atan(w / h) with w / 0 = +-inf as IEEE has it, CIoU with alpha computed at the point and
held, the decoded box from the anchor's centre and size, the Lovasz hinge as the Lovasz extension's level-set integral
of the Jaccard loss 1 - |G minus S| / |G u S| over t > 0 (not the sorted cumulative form), powers on the reals (a
negative base only with a whole exponent); the derivative from the left and the right by mpmath.diff
(cases30b.sided_grad), NaN where the sides differ or either is not finite; by hand the zero-width anchor target
(gt[0], gt[2] at the pole NaN, gt[1], gt[3] from their own terms).

Re-derived since (README's rule for a gradient the dtype holds beside a value past its range): the cases whose value
lies past the dtype's range while slopes the dtype holds come out inf, NaN or off are unstable, not domain (each
marked where it stands).
"""
import math

import mpmath

from cases import Case
from cases5 import _in
from cases30b import sided_grad
from cases73d import H, NAN, at, mpf

J, T, K, N = "jax_lib78d.py", "torch_lib78d.py", "tf_lib78d.py", "np_lib78d.py"
F32, F64 = "float32", "float64"

ANCHOR = [0, -8, 16, 24]
GT = [2, -6, 14, 20]
TARGET = [0, 1, mpf("0.5")]
LABELS = [1, 0, 1, 0]


# ------------------------------------------------------------------------------------------------- real helpers
def dv(a, b):
    """a / b on the extended reals: +-inf at b = 0 (NaN for 0 / 0), as IEEE does."""
    if b == 0:
        return NAN if a == 0 else (mpmath.inf if a > 0 else mpmath.ninf)
    return a / b


def lg(x):
    return mpmath.log(x) if x > 0 else (mpmath.ninf if x == 0 else NAN)


def pwr(x, g):
    """x ** g on the reals: a negative base only with a whole exponent."""
    if x < 0:
        return x ** int(g) if g == int(g) else NAN
    if x == 0:
        return mpf(0) if g > 0 else (mpf(1) if g == 0 else mpmath.inf)
    return mpmath.power(x, g)


def sq(x):
    return mpmath.sqrt(x) if x >= 0 else NAN


def sig(x):
    return 1 / (1 + mpmath.exp(-x))


def softplus(x):
    return mpmath.log1p(mpmath.exp(x))


def hi(a, b):  # max by its absolute-value identity, not by comparison
    return (a + b + abs(a - b)) / 2


def lo(a, b):
    return (a + b - abs(a - b)) / 2


def overlap(l1, r1, l2, r2):
    """The length of [l1, r1] and [l2, r2]'s common part: (x + |x|) / 2 of min(r) - max(l)."""
    x = lo(r1, r2) - hi(l1, l2)
    return (x + abs(x)) / 2


def areas(a, b):
    inter = overlap(a[0], a[2], b[0], b[2]) * overlap(a[1], a[3], b[1], b[3])
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    enclose_w = hi(a[2], b[2]) - lo(a[0], b[0])
    enclose_h = hi(a[3], b[3]) - lo(a[1], b[1])
    return inter, union, enclose_w, enclose_h


# ------------------------------------------------------------------------------------------------- the mathematics
def iou(a, b):
    inter, union, _, _ = areas(a, b)
    return dv(inter, union)


def giou(a, b):
    inter, union, cw, ch = areas(a, b)
    return dv(inter, union) - dv(cw * ch - union, cw * ch)


def centre_dist2(a, b):
    return ((a[0] + a[2]) / 2 - (b[0] + b[2]) / 2) ** 2 + ((a[1] + a[3]) / 2 - (b[1] + b[3]) / 2) ** 2


def diou_loss(dtype):
    eps = H(dtype, 1e-7)

    def f(a, b):
        inter, union, cw, ch = areas(a, b)
        return 1 - inter / (union + eps) + centre_dist2(a, b) / (cw ** 2 + ch ** 2 + eps)
    return f


def aspect(w, h):
    return mpmath.atan(dv(w, h))


def ciou_torchvision(dtype, a0, b0, with_eps=True):
    """1 - IoU + rho^2 / c^2 + alpha v, v = (4 / pi^2) (atan(w_gt / h_gt) - atan(w / h))^2, alpha the program's
    stop_gradient value at the point (a0, b0, as the dtype holds them), held fixed."""
    eps = H(dtype, 1e-7) if with_eps else 0
    c4 = H(dtype, 4 / math.pi ** 2)

    def parts(a, b):
        inter, union, cw, ch = areas(a, b)
        io = inter / (union + eps)
        v = c4 * (aspect(b[2] - b[0], b[3] - b[1]) - aspect(a[2] - a[0], a[3] - a[1])) ** 2
        return io, v, 1 - io + centre_dist2(a, b) / (cw ** 2 + ch ** 2 + eps)

    def f(a, b):
        io0, v0, _ = parts(_in(dtype, a0), _in(dtype, b0))
        alpha0 = v0 / (1 - io0 + v0 + eps)
        io, v, d = parts(a, b)
        return d + alpha0 * v
    return f


def ciou_aspect(dtype, a0, b0):
    """TensorFlow's alpha v alone (no eps), alpha held at the point."""
    c4 = H(dtype, 4 / math.pi ** 2)

    def parts(a, b):
        inter, union, _, _ = areas(a, b)
        io = inter / union
        v = c4 * (aspect(b[2] - b[0], b[3] - b[1]) - aspect(a[2] - a[0], a[3] - a[1])) ** 2
        return io, v

    def f(a, b):
        io0, v0 = parts(_in(dtype, a0), _in(dtype, b0))
        return v0 / (1 - io0 + v0) * parts(a, b)[1]
    return f


def ciou_yolo(dtype, a0, b0):
    """YOLO's CIoU: heights + eps, union + eps, alpha = v / (v - iou + 1 + eps) held at the point."""
    eps = H(dtype, 1e-7)
    c4 = H(dtype, 4 / math.pi ** 2)
    one_eps = H(dtype, 1 + 1e-7)  # (1 + eps): Python's sum of two floats, then the dtype

    def parts(a, b):
        w1, h1 = a[2] - a[0], a[3] - a[1] + eps
        w2, h2 = b[2] - b[0], b[3] - b[1] + eps
        inter = overlap(a[0], a[2], b[0], b[2]) * overlap(a[1], a[3], b[1], b[3])
        io = inter / (w1 * h1 + w2 * h2 - inter + eps)
        cw, ch = hi(a[2], b[2]) - lo(a[0], b[0]), hi(a[3], b[3]) - lo(a[1], b[1])
        v = c4 * (mpmath.atan(w2 / h2) - mpmath.atan(w1 / h1)) ** 2
        return io, v, centre_dist2(a, b) / (cw ** 2 + ch ** 2 + eps)

    def f(a, b):
        io0, v0, _ = parts(_in(dtype, a0), _in(dtype, b0))
        alpha0 = v0 / (v0 - io0 + one_eps)
        io, v, r = parts(a, b)
        return 1 - io + r + alpha0 * v
    return f


def ciou_v(dtype, wh0, gt0):
    c4 = H(dtype, 4 / math.pi ** 2)

    def v(wh, wh_gt):
        return c4 * (aspect(wh_gt[0], wh_gt[1]) - aspect(wh[0], wh[1])) ** 2

    def f(wh, wh_gt):
        v0 = v(_in(dtype, wh0), _in(dtype, gt0))
        return v0 / (1 + v0) * v(wh, wh_gt)
    return f


def smooth_l1_term(d, beta):
    return 0.5 * d ** 2 / beta if abs(d) < beta else abs(d) - beta / 2


def smooth_l1(pred, beta):
    return sum(smooth_l1_term(p - t, beta) for p, t in zip(pred, TARGET))


def smooth_l1_at(beta):
    return lambda pred: smooth_l1(pred, beta)


def decoded(deltas, dw, dh):
    aw, ah = ANCHOR[2] - ANCHOR[0], ANCHOR[3] - ANCHOR[1]
    cx, cy = 8 + deltas[0] * aw, 8 + deltas[1] * ah
    w, h = aw * mpmath.exp(dw), ah * mpmath.exp(dh)
    return [cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2]


def decode_loss(deltas):
    return sum((u - g) ** 2 for u, g in zip(decoded(deltas, deltas[2], deltas[3]), GT))


def decode_clamped(dtype):
    top = H(dtype, math.log(1000.0 / 16))

    def f(deltas):
        return sum((u - g) ** 2 for u, g in zip(decoded(deltas, min(deltas[2], top), min(deltas[3], top)), GT))
    return f


def encode_terms(dtype):
    """The four smooth-L1 terms (beta = 1/9 as the dtype holds it) of the head's deltas against the log-space target
    of gt on the anchor: tx = (gcx - 8) / 16, ty = (gcy - 8) / 32, tw = log(gw / 16), th = log(gh / 32)."""
    beta, deltas = H(dtype, 1.0 / 9), _in(dtype, [0.1, -0.05, 0.2, -0.3])

    def term(d):
        d = abs(d)
        return 0.5 * d ** 2 / beta if d < beta else d - beta / 2

    def x_part(g0, g2):
        return term(deltas[0] - ((g0 + g2) / 2 - 8) / 16) + term(deltas[2] - lg((g2 - g0) / 16))

    def y_part(g1, g3):
        return term(deltas[1] - ((g1 + g3) / 2 - 8) / 32) + term(deltas[3] - lg((g3 - g1) / 32))
    return x_part, y_part


def encode_loss(dtype):
    x_part, y_part = encode_terms(dtype)
    return lambda gt: x_part(gt[0], gt[2]) + y_part(gt[1], gt[3])


def focal_p(gamma):
    return lambda p: -pwr(1 - p, gamma) * lg(p)


def focal_z(gamma):
    """The focal loss of a positive anchor from its logit: softplus(-z) sigmoid(-z)^gamma."""
    return lambda z: softplus(-z) * sig(-z) ** gamma


def masked(f, y):
    return lambda p: f(p, y)


def flat(m):
    return [v for row in m for v in row]


def dice(p, y):
    p, y = flat(p), flat(y)
    return 1 - dv(2 * sum(a * b for a, b in zip(p, y)), sum(p) + sum(y))


def dice_smooth(p, y):
    p, y = flat(p), flat(y)
    return 1 - (2 * sum(a * b for a, b in zip(p, y)) + 1) / (sum(p) + sum(y) + 1)


def dice_z(z, y):
    return dice([[sig(v) for v in row] for row in z], y)


def tversky_index(dtype, p, y):
    a, b = H(dtype, 0.3), H(dtype, 0.7)
    p, y = flat(p), flat(y)
    tp = sum(u * v for u, v in zip(p, y))
    fp = sum(u * (1 - v) for u, v in zip(p, y))
    fn = sum((1 - u) * v for u, v in zip(p, y))
    return dv(tp, tp + a * fp + b * fn)


def tversky(dtype):
    return lambda p, y: 1 - tversky_index(dtype, p, y)


def focal_tversky(dtype):
    return lambda p, y: pwr(1 - tversky_index(dtype, p, y), mpf("0.75"))


def jaccard_loss(mispredicted):
    """Delta_J(S) = 1 - |G \\ S| / |G u S| for the positives G."""
    g = {i for i, v in enumerate(LABELS) if v == 1}
    return 1 - mpf(len(g - mispredicted)) / len(g | mispredicted)


def lovasz_hinge(logits):
    """The Lovasz extension of Delta_J at the hinge errors m = max(1 - z s, 0), as the integral over levels t > 0 of
    Delta_J({i: m_i >= t}) (piecewise constant between the distinct positive values of m)."""
    m = [max(1 - z * (2 * y - 1), 0) for z, y in zip(logits, LABELS)]
    levels = sorted({v for v in m if v > 0}, reverse=True) + [mpf(0)]
    return sum((levels[k] - levels[k + 1]) * jaccard_loss({i for i, v in enumerate(m) if v >= levels[k]})
               for k in range(len(levels) - 1))


def centerness(ltrb):
    l, t, r, b = ltrb
    return sq(dv(lo(l, r), hi(l, r)) * dv(lo(t, b), hi(t, b)))


# ------------------------------------------------------------------------------------------------- case makers
def S(file, function, dtype, verdict, f, **point):
    return Case(file, function, at(**point), dtype, verdict, sided_grad(f, dtype, finite_sides=True, **point))


def P(file, function, dtype, verdict, f, y, name="p", value=None):
    """A mask case checked --wrt its first argument; y the target mask, a constant."""
    truth = sided_grad(masked(f, y), dtype, finite_sides=True, p=value)

    def renamed():
        return {name: truth()["p"]}
    return Case(file, function, at(**{name: value, "y": y}), dtype, verdict, renamed, wrt=name)


def FOCAL(file, dtype, verdict, p, gamma):
    truth = sided_grad(focal_p(gamma), dtype, finite_sides=True, p=p)
    return Case(file, "focal", at(p=p, gamma=gamma), dtype, verdict, truth, wrt="p")


def CIOU(file, function, dtype, verdict, maker, a, b):
    return S(file, function, dtype, verdict, maker(dtype, a, b), a=a, b=b)


def CIOU_V(file, dtype, verdict, wh, wh_gt):
    return S(file, "ciou_v", dtype, verdict, ciou_v(dtype, wh, wh_gt), wh=wh, wh_gt=wh_gt)


def ENCODE_DEGENERATE(file, dtype, verdict, gt):
    """gt of zero width: log(gw / 16) = -inf, a pole in gt[0] and gt[2] (no derivative); gt[1] and gt[3] do not move
    it and keep their slopes (README: at a pole the inputs that do not move it keep their slopes), from the y terms."""
    _, y_part = encode_terms(dtype)
    ys = sided_grad(lambda g1, g3: y_part(g1, g3), dtype, finite_sides=True, g1=gt[1], g3=gt[3])

    def truth():
        got = ys()
        return {"gt": [NAN, got["g1"], NAN, got["g3"]]}
    return Case(file, "encode_loss", at(gt=gt), dtype, verdict, truth)


# ------------------------------------------------------------------------------------------------- points
A0 = [0.0, 0.0, 2.0, 2.0]
B_OV = [1.0, 1.0, 3.0, 4.0]
B_DIS = [3.0, 3.0, 5.0, 5.0]
B_TOUCH = [2.0, 0.5, 4.0, 3.0]  # a's right edge on b's left edge
A_BIG, B_IN = [0.0, 0.0, 4.0, 4.0], [1.0, 1.0, 3.0, 3.0]  # concentric, nested
A_PRED = [0.5, 0.25, 2.5, 3.0]
A_FLAT = [1.0, 5.0, 3.0, 5.0]  # a zero-height prediction, apart from b
PR, PR_0 = [0.5, 2.0, -1.0], [0.0, 2.0, -1.0]  # residuals 0.5, 1 (the switch), -1.5; and a zero residual
DL = [0.1, -0.2, 0.3, -0.1]
DL_LO, DL_HI = [0.1, -0.2, -800.0, -0.1], [0.1, -0.2, 800.0, -0.1]
DL_TIE = [0.1, -0.2, math.log(1000.0 / 16), -0.1]
GT_E, GT_0 = [2.0, -6.0, 14.0, 20.0], [4.0, -6.0, 4.0, 20.0]
PM = [[0.9, 0.2, 0.1], [0.8, 0.7, 0.3], [0.1, 0.6, 0.05]]
MASK = [[1.0, 0.0, 0.0], [1.0, 1.0, 0.0], [0.0, 1.0, 0.0]]
ZERO = [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]
ZM = [[2.0, -1.0, -2.0], [1.5, 0.5, -0.5], [-3.0, 1.0, -1.5]]
Z800 = [[-800.0] * 3] * 3
Z4 = [2.0, -0.25, 0.5, 0.3]
Z4_TIE = [2.0, -0.5, 0.5, 0.3]  # errors 0.5 and 0.5: a negative and a positive pixel tie
Z4_NEG = [2.0, -0.25, 0.5, -0.25]  # the two negatives tie at 0.75
Z4_POS = [0.5, -0.25, 0.5, 0.3]  # the two positives tie at 0.5
Z4_EDGE = [1.0, -0.25, 0.5, 0.3]  # pixel 0's hinge error exactly 0
LTRB, LTRB_0, LTRB_C = [1.0, 2.0, 3.0, 2.5], [0.0, 1.0, 3.0, 2.0], [2.0, 1.0, 2.0, 3.0]


ALL = [
    # ---------------------------------------------------------------------------------------------------- JAX
    S(J, "box_iou", F64, "ok", iou, a=A0, b=B_OV),
    S(J, "box_iou", F32, "ok", iou, a=A0, b=B_OV),
    S(J, "box_iou", F64, "ok", iou, a=A0, b=B_DIS),
    S(J, "box_iou", F64, "domain", iou, a=A0, b=B_TOUCH),
    S(J, "box_iou", F64, "domain", iou, a=A0, b=A0),
    S(J, "giou", F64, "ok", giou, a=A0, b=B_OV),
    S(J, "giou", F64, "ok", giou, a=A0, b=B_DIS),
    S(J, "giou", F64, "domain", giou, a=A0, b=A0),
    S(J, "diou_loss", F64, "ok", diou_loss(F64), a=A_BIG, b=B_IN),
    CIOU(J, "ciou_loss", F64, "ok", ciou_torchvision, A_PRED, A0),
    CIOU(J, "ciou_loss", F32, "ok", ciou_torchvision, A_PRED, A0),
    CIOU(J, "ciou_loss", F64, "wrong", ciou_torchvision, A_FLAT, A0),
    # the value off by 2.9e-17 in 2.5e-8 (1 - IoU cancels): lost at the kink, unstable
    CIOU(J, "ciou_loss", F64, "unstable", ciou_torchvision, A0, A0),
    CIOU(J, "ciou_aspect", F64, "ok", ciou_aspect, A_PRED, A0),
    CIOU(J, "ciou_aspect", F64, "wrong", ciou_aspect, A_FLAT, A0),
    CIOU_V(J, F64, "ok", [2.0, 0.5], [2.0, 2.0]),
    CIOU_V(J, F64, "wrong", [2.0, 0.0], [2.0, 2.0]),
    CIOU(J, "ciou_yolo", F64, "ok", ciou_yolo, A_PRED, A0),
    CIOU(J, "ciou_yolo", F64, "ok", ciou_yolo, A_FLAT, A0),
    CIOU(J, "ciou_yolo", F32, "ok", ciou_yolo, A_FLAT, A0),
    S(J, "smooth_l1", F64, "ok", smooth_l1, pred=PR, beta=1.0),
    S(J, "smooth_l1", F32, "ok", smooth_l1, pred=PR, beta=1.0),
    S(J, "smooth_l1", F64, "ok", smooth_l1, pred=PR_0, beta=1.0),
    S(J, "smooth_l1", F64, "wrong", smooth_l1, pred=PR, beta=0.0),
    S(J, "smooth_l1", F64, "wrong", smooth_l1, pred=PR_0, beta=0.0),
    S(J, "decode_loss", F64, "ok", decode_loss, deltas=DL),
    S(J, "decode_loss", F32, "ok", decode_loss, deltas=DL),
    S(J, "decode_loss", F64, "ok", decode_loss, deltas=DL_LO),
    S(J, "decode_loss", F64, "unstable", decode_loss, deltas=DL_HI),  # slope 102.4 computed NaN beside e^800
    S(J, "decode_clamped_loss", F64, "ok", decode_clamped(F64), deltas=DL_HI),
    S(J, "decode_clamped_loss", F64, "domain", decode_clamped(F64), deltas=DL_TIE),
    S(J, "encode_loss", F64, "ok", encode_loss(F64), gt=GT_E),
    S(J, "encode_loss", F32, "ok", encode_loss(F32), gt=GT_E),
    ENCODE_DEGENERATE(J, F64, "domain", GT_0),
    FOCAL(J, F64, "ok", 0.3, 2.0),
    FOCAL(J, F64, "ok", 1.0, 2.0),
    FOCAL(J, F64, "wrong", 1.0, 0.0),
    FOCAL(J, F64, "domain", 1.0, 0.5),
    S(J, "focal_logits", F64, "ok", focal_z(2), z=2.0),
    S(J, "focal_logits", F64, "unstable", focal_z(2), z=40.0),
    S(J, "focal_logits", F32, "unstable", focal_z(2), z=20.0),
    S(J, "focal_logits_g05", F64, "unstable", focal_z(mpf("0.5")), z=40.0),
    S(J, "focal_logsig", F64, "ok", focal_z(mpf("0.5")), z=40.0),
    S(J, "focal_logsig", F32, "ok", focal_z(mpf("0.5")), z=20.0),
    P(J, "dice", F64, "ok", dice, MASK, value=PM),
    P(J, "dice", F32, "ok", dice, MASK, value=PM),
    P(J, "dice", F64, "ok", dice, ZERO, value=PM),
    P(J, "dice", F64, "domain", dice, ZERO, value=ZERO),
    P(J, "dice_smooth", F64, "ok", dice_smooth, ZERO, value=ZERO),
    P(J, "dice_logits", F64, "ok", dice_z, MASK, name="z", value=ZM),
    P(J, "dice_logits", F64, "unstable", dice_z, ZERO, name="z", value=Z800),
    P(J, "tversky", F64, "ok", tversky(F64), MASK, value=PM),
    P(J, "tversky", F32, "ok", tversky(F32), MASK, value=PM),
    P(J, "tversky", F64, "ok", tversky(F64), MASK, value=MASK),
    P(J, "tversky", F64, "ok", tversky(F64), ZERO, value=PM),
    P(J, "tversky", F64, "domain", tversky(F64), ZERO, value=ZERO),
    P(J, "focal_tversky", F64, "domain", focal_tversky(F64), MASK, value=MASK),
    S(J, "lovasz_hinge", F64, "ok", lovasz_hinge, logits=Z4),
    S(J, "lovasz_hinge", F32, "ok", lovasz_hinge, logits=Z4),
    S(J, "lovasz_hinge", F64, "domain", lovasz_hinge, logits=Z4_TIE),
    S(J, "lovasz_hinge", F64, "domain", lovasz_hinge, logits=Z4_NEG),
    S(J, "lovasz_hinge", F64, "ok", lovasz_hinge, logits=Z4_POS),
    S(J, "lovasz_hinge", F64, "domain", lovasz_hinge, logits=Z4_EDGE),
    S(J, "centerness", F64, "ok", centerness, ltrb=LTRB),
    S(J, "centerness", F32, "ok", centerness, ltrb=LTRB),
    S(J, "centerness", F64, "wrong", centerness, ltrb=LTRB_0),
    S(J, "centerness", F64, "domain", centerness, ltrb=LTRB_C),
    S(J, "centerness_safe", F64, "domain", centerness, ltrb=LTRB_0),
    # ---------------------------------------------------------------------------------------------------- PyTorch
    S(T, "box_iou", F64, "domain", iou, a=A0, b=B_TOUCH),
    S(T, "box_iou", F64, "domain", iou, a=A0, b=A0),
    S(T, "giou", F64, "ok", giou, a=A0, b=B_DIS),
    S(T, "giou", F32, "ok", giou, a=A0, b=B_OV),
    CIOU(T, "ciou_loss", F64, "ok", ciou_torchvision, A_PRED, A0),
    CIOU(T, "ciou_loss", F64, "wrong", ciou_torchvision, A_FLAT, A0),
    S(T, "smooth_l1", F64, "ok", smooth_l1_at(1), pred=PR_0),
    S(T, "smooth_l1_beta0", F64, "ok", smooth_l1_at(0), pred=PR),
    S(T, "smooth_l1_beta0", F64, "domain", smooth_l1_at(0), pred=PR_0),
    S(T, "huber", F32, "ok", smooth_l1_at(1), pred=PR),
    S(T, "decode_loss", F64, "ok", decode_loss, deltas=DL_LO),
    S(T, "decode_loss", F64, "unstable", decode_loss, deltas=DL_HI),  # slope 102.4 computed NaN beside e^800
    S(T, "decode_clamped_loss", F64, "ok", decode_clamped(F64), deltas=DL_HI),
    S(T, "decode_clamped_loss", F64, "domain", decode_clamped(F64), deltas=DL_TIE),
    S(T, "decode_ste_loss", F64, "ok", decode_clamped(F64), deltas=DL),
    S(T, "decode_ste_loss", F64, "wrong", decode_clamped(F64), deltas=DL_HI),
    S(T, "focal_logits", F64, "unstable", focal_z(2), z=40.0),
    S(T, "focal_logits_g05", F64, "unstable", focal_z(mpf("0.5")), z=40.0),
    FOCAL(T, F64, "ok", 1.0, 0.0),
    FOCAL(T, F64, "domain", 1.0, 0.5),
    P(T, "dice", F64, "ok", dice, MASK, value=PM),
    P(T, "dice", F64, "domain", dice, ZERO, value=ZERO),
    P(T, "dice_smooth", F64, "ok", dice_smooth, ZERO, value=ZERO),
    P(T, "tversky", F64, "ok", tversky(F64), ZERO, value=PM),
    S(T, "lovasz_hinge", F64, "ok", lovasz_hinge, logits=Z4),
    S(T, "lovasz_hinge", F64, "domain", lovasz_hinge, logits=Z4_TIE),
    S(T, "centerness", F64, "wrong", centerness, ltrb=LTRB_0),
    # ---------------------------------------------------------------------------------------------------- TensorFlow
    S(K, "box_iou", F64, "domain", iou, a=A0, b=B_TOUCH),
    S(K, "giou", F64, "domain", giou, a=A0, b=A0),
    CIOU(K, "ciou_aspect", F64, "ok", ciou_aspect, A_PRED, A0),
    CIOU(K, "ciou_aspect", F64, "wrong", ciou_aspect, A_FLAT, A0),
    CIOU_V(K, F64, "wrong", [2.0, 0.0], [2.0, 2.0]),
    S(K, "smooth_l1", F64, "ok", smooth_l1, pred=PR, beta=1.0),
    S(K, "smooth_l1", F64, "wrong", smooth_l1, pred=PR, beta=0.0),
    S(K, "huber_custom", F64, "ok", smooth_l1_at(1), pred=PR),
    S(K, "huber_custom", F64, "ok", smooth_l1_at(1), pred=PR_0),
    S(K, "decode_loss", F64, "ok", decode_loss, deltas=DL_LO),
    S(K, "decode_loss", F64, "unstable", decode_loss, deltas=DL_HI),  # slope 102.4 computed NaN beside e^800
    S(K, "focal_logits", F64, "unstable", focal_z(2), z=40.0),
    P(K, "dice", F64, "domain", dice, ZERO, value=ZERO),
    P(K, "dice_smooth", F64, "ok", dice_smooth, ZERO, value=ZERO),
    S(K, "centerness", F64, "wrong", centerness, ltrb=LTRB_0),
    # ---------------------------------------------------------------------------------------------------- NumPy
    S(N, "box_iou", F64, "domain", iou, a=A0, b=B_TOUCH),
    S(N, "box_iou", F64, "domain", iou, a=A0, b=A0),
    S(N, "giou", F64, "ok", giou, a=A0, b=B_DIS),
    S(N, "smooth_l1", F64, "wrong", smooth_l1, pred=PR, beta=0.0),
    S(N, "decode_loss", F64, "unstable", decode_loss, deltas=DL_HI),  # slope 102.4 computed NaN beside e^800
    FOCAL(N, F64, "ok", 1.0, 0.0),
    P(N, "dice", F64, "domain", dice, ZERO, value=ZERO),
    P(N, "tversky", F64, "ok", tversky(F64), MASK, value=PM),
    S(N, "centerness", F64, "wrong", centerness, ltrb=LTRB_0),
]
