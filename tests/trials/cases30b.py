"""The thirtieth trial set (b), PyTorch and TensorFlow (Keras; TensorFlow Probability is not installed, so its forms are
written with tf), in recommender systems, object detection, ordinal regression, diffusion schedules, attention masks,
physics-informed losses and iterative solvers: Bayesian personalised ranking at score gaps of +-120 and +-800 (log of
a sigmoid, logsigmoid, and an autograd.Function whose backward writes 1 - sigmoid(x)), matrix factorisation with L2
through .norm() ** 2 at zero embeddings, an nn.Embedding factorisation model by parameter name, ApproxNDCG at
temperatures 1 and 0.01, IoU, GIoU, DIoU and CIoU box losses at overlapping, disjoint, touching and identical boxes
(identical boxes are a kink of IoU: no derivative), Faster R-CNN's clamped log-size decoding, a cumulative-link
ordinal likelihood with +-inf cut-points (the difference of sigmoids, and its factored log form) and CORAL (its
reference log_sigmoid form and log of sigmoid), the improved DDPM cosine schedule's log-SNR near t = 0 and at t = 1,
attention whose padding query sees only -inf scores (PyTorch, its NaN row blanked), BERT's additive -1e9 mask and
Keras' Softmax layer with a fully masked row, Keras' UnitNormalization at a zero vector, physics-informed residuals
through torch.autograd.grad(create_graph=True) (first and second order, and through an nn.Sequential by parameter
name), a mean-squared-error autograd.Function right and with its 1/N forgotten, a factorisation machine layer whose
tf.custom_gradient gives its factors' gradient through variables= (right, and forgetting the diagonal term), Newton's
method for Lambert's W and a power iteration for the spectral norm in tf.while_loop, and custom gradients that differ
from the derivative on purpose (gradient reversal, a straight-through rounding): their verdict is wrong.

Truths are expressions written here, evaluated by mpmath (2,000 digits), never the user files' code; points are the
numbers the dtype holds, and a constant the program casts to the dtype is the number the dtype holds. Where a function
has kinks (min, max, clamp, abs) the truth is taken from each side: where the two one-sided slopes differ there is no
derivative (NaN).
"""

import math

import mpmath

from cases import Case, mp
from cases5 import _in, hp
from cases12a import _flatten, _shape_of, _unflatten, num_grad, renamed

T, K = "torch_lib30b.py", "tf_lib30b.py"
NAN = mpmath.nan


def _held(dtype, value):
    return _in(dtype, [value])[0]


def _sig(x):
    return 1 / (1 + mpmath.exp(-x))


def _log_sig(x):
    return -mpmath.log1p(mpmath.exp(-x)) if x > 0 else x - mpmath.log1p(mpmath.exp(x))


def sided_grad(function, dtype="float64", *, finite_sides=False, **point):
    """{name: d function / d name} from the left and from the right (2,000 digits); NaN where the two differ, and with
    ``finite_sides`` also where either is not a finite number (a side where the function is undefined or infinite;
    a value that is no mpmath number is NaN)."""
    def truth():
        names = list(point)
        shapes = [_shape_of(point[n]) for n in names]
        flats = [_in(dtype, _flatten(point[n])) for n in names]
        base = [v for flat in flats for v in flat]

        def at(values):
            rest, args = list(values), {}
            for name, shape, flat in zip(names, shapes, flats):
                args[name] = _unflatten([rest.pop(0) for _ in flat], shape)
            return function(**args)
        grads = []
        for k in range(len(base)):
            def along(t, k=k):
                moved = list(base)
                moved[k] = t
                value = at(moved)
                return value if not finite_sides or isinstance(value, mpmath.mpf) else NAN
            right, left = mpmath.diff(along, base[k], direction=1), mpmath.diff(along, base[k], direction=-1)
            if finite_sides and not (mpmath.isfinite(right) and mpmath.isfinite(left)):
                grads.append(NAN)
                continue
            tiny = mp(10) ** -500 * (1 + abs(right))  # the differences' own error at 2,000 digits
            grads.append(NAN if abs(right - left) > tiny else (mp(0) if abs(right) <= tiny else right))
        out = {}
        for name, shape, flat in zip(names, shapes, flats):
            out[name] = _unflatten([grads.pop(0) for _ in flat], shape)
        return out
    return hp(truth)


# ------------------------------------------------------------------------------------------------- recommenders
def _bpr(pos, neg, dtype="float64"):
    """d/dpos of -mean log sigmoid(pos - neg): -sigmoid(neg - pos) / n, and its negative for neg."""
    def truth():
        p, q = _in(dtype, pos), _in(dtype, neg)
        slopes = [_sig(b - a) / len(p) for a, b in zip(p, q)]
        return {"pos": [-s for s in slopes], "neg": slopes}
    return hp(truth)


def _bpr_point(pos, neg):
    return f"pos={pos},neg={neg}".replace(" ", "")


def _mf(dtype):
    rating, lam = mp(4), _held(dtype, 0.01)

    def f(user, item):
        pred = sum(a * b for a, b in zip(user, item))
        return (pred - rating) ** 2 + lam * (sum(a * a for a in user) + sum(b * b for b in item))
    return f


USER_W = [[0.5, -0.25], [0, 0], [1, 0.75]]
ITEM_W = [[0.3, 0.8], [-0.6, 0.1], [0.2, -0.4]]
USER_B, ITEM_B = [0.1, 0, -0.2], [0.05, 0.3, 0]
USERS, ITEMS, RATINGS = [0, 1, 2, 1], [0, 2, 1, 1], [4, 3, 1, 5]


def _mf_model(user=None, item=None):
    user = user or [_in("float64", row) for row in USER_W]
    item = item or [_in("float64", row) for row in ITEM_W]
    ub, ib, lam = _in("float64", USER_B), _in("float64", ITEM_B), mp(0.01)
    errors = []
    for u, i, r in zip(USERS, ITEMS, RATINGS):
        pred = sum(a * b for a, b in zip(user[u], item[i])) + ub[u] + ib[i]
        errors.append((pred - r) ** 2)
    reg = sum(v * v for row in user for v in row) + sum(v * v for row in item for v in row)
    return sum(errors) / len(errors) + lam * reg


RELEVANCE = [3, 2, 0, 1]


def _ndcg(temperature, dtype="float64"):
    tau = _held(dtype, temperature)
    gains = [2 ** r - 1 for r in RELEVANCE]
    ideal = sum(g / mpmath.log(k + 2, 2) for k, g in enumerate(sorted(gains, reverse=True)))

    def f(scores):
        ranks = [1 + sum(_sig((scores[j] - scores[i]) / tau) for j in range(4) if j != i) for i in range(4)]
        return 1 - sum(g / mpmath.log(1 + r, 2) for g, r in zip(gains, ranks)) / ideal
    return f


# -------------------------------------------------------------------------------------------- object detection
BOX = [1, 1, 3, 2]


def _iou(pred, target=BOX):
    iw = max(min(pred[2], target[2]) - max(pred[0], target[0]), 0)
    ih = max(min(pred[3], target[3]) - max(pred[1], target[1]), 0)
    inter = iw * ih
    union = (pred[2] - pred[0]) * (pred[3] - pred[1]) + (target[2] - target[0]) * (target[3] - target[1]) - inter
    return inter / union, union


def _enclosing(pred, target=BOX):
    return max(pred[2], target[2]) - min(pred[0], target[0]), max(pred[3], target[3]) - min(pred[1], target[1])


def _iou_loss(pred):
    return 1 - _iou(pred)[0]


def _giou_loss(pred):
    iou, union = _iou(pred)
    cw, ch = _enclosing(pred)
    return 1 - iou + (cw * ch - union) / (cw * ch)


def _distance(pred, target=BOX):
    rho2 = ((pred[0] + pred[2] - target[0] - target[2]) ** 2 + (pred[1] + pred[3] - target[1] - target[3]) ** 2) / 4
    cw, ch = _enclosing(pred)
    return rho2 / (cw ** 2 + ch ** 2)


def _diou_loss(pred):
    return 1 - _iou(pred)[0] + _distance(pred)


def _aspect_gap(pred, dtype):
    four_over_pi2 = _held(dtype, 4 / math.pi ** 2)
    return four_over_pi2 * (mpmath.atan(mp(2)) - mpmath.atan((pred[2] - pred[0]) / (pred[3] - pred[1]))) ** 2


def _ciou(at, dtype="float64"):
    """CIoU with alpha = v / (1 - IoU + v + 1e-7) held at its value at the point (tf.stop_gradient)."""
    def truth():
        base = _in(dtype, at)
        v0 = _aspect_gap(base, dtype)
        alpha = v0 / (1 - _iou(base)[0] + v0 + _held(dtype, 1e-7))
        return sided_grad(lambda pred: _diou_loss(pred) + alpha * _aspect_gap(pred, dtype), dtype, pred=at)()
    return hp(truth)


ANCHOR = [0, 0, 16, 16]
GT_BOX = [2, 3, 40, 20]


def _decode(dtype):
    clip = _held(dtype, math.log(1000.0 / 16))

    def f(deltas):
        w, h = mp(16), mp(16)
        cx, cy = mp(8), mp(8)
        dw, dh = min(deltas[2], clip), min(deltas[3], clip)
        pcx, pcy = cx + deltas[0] * w, cy + deltas[1] * h
        pw, ph = w * mpmath.exp(dw), h * mpmath.exp(dh)
        box = [pcx - pw / 2, pcy - ph / 2, pcx + pw / 2, pcy + ph / 2]
        return sum(abs(a - b) for a, b in zip(box, GT_BOX))
    return f


# ---------------------------------------------------------------------------------------- ordinal regression
CUTS = [-mpmath.inf, mp(-1), mp("0.5"), mp(2), mpmath.inf]
GRADES = [0, 1, 3]


def _ordinal(fs, dtype="float64"):
    """d/df of -log(sigmoid(c_hi - f) - sigmoid(c_lo - f)) = (s'(hi) - s'(lo)) / (s(hi) - s(lo)), s' = s (1 - s)."""
    def truth():
        out = []
        for f, grade in zip(_in(dtype, fs), GRADES):
            hi, lo = CUTS[grade + 1] - f, CUTS[grade] - f
            s_hi, s_lo = _sig(hi), _sig(lo)
            # 1 - s(x) = s(-x): no cancellation at 2,000 digits either way, but exact at +-inf
            d_hi, d_lo = s_hi * _sig(-hi), s_lo * _sig(-lo)
            out.append((d_hi - d_lo) / (s_hi - s_lo))
        return {"f": out}
    return hp(truth)


CORAL_B = [mp("1.5"), mp(0), mp("-1.5")]
LEVELS = [[1, 1, 0], [1, 0, 0], [1, 1, 1]]


def _coral(zs, dtype="float64"):
    """d/dz_n of -mean_n sum_k (l_nk log s(z_n + b_k) + (1 - l_nk) log s(-(z_n + b_k))) = -sum_k (l_nk - s) / 3."""
    return hp(lambda: {"z": [-sum(lev - _sig(z + b) for lev, b in zip(levels, CORAL_B)) / 3
                             for z, levels in zip(_in(dtype, zs), LEVELS)]})


# ------------------------------------------------------------------------------------------- diffusion models
S = 0.008


def _log_snr(dtype, stable):
    """log(alpha_bar / (1 - alpha_bar)) of the cosine schedule, with the program's constants held in the dtype."""
    s, one_s = _held(dtype, S), _held(dtype, 1 + S)
    if stable:
        half_pi, theta0 = _held(dtype, math.pi / 2), _held(dtype, S / (1 + S) * (math.pi / 2))

        def f(t):
            total = 0
            for v in t:
                theta, gap = (v + s) / one_s * half_pi, v / one_s * half_pi
                total += 2 * mpmath.log(mpmath.cos(theta)) - mpmath.log(mpmath.sin(gap) * mpmath.sin(theta + theta0))
            return total
        return f
    pi, alpha0 = _held(dtype, math.pi), _held(dtype, math.cos(S / (1 + S) * math.pi / 2) ** 2)

    def f(t):
        total = 0
        for v in t:
            alpha = mpmath.cos((v + s) / one_s * pi / 2) ** 2 / alpha0
            total += mpmath.log(alpha / (1 - alpha))
        return total
    return f


# --------------------------------------------------------------------------------------------------- attention
KEYS = [[1, 0], [mp("0.5"), mp("0.5")], [0, 1]]
VALUES = [[1, 2], [0, -1], [3, mp("0.5")]]
SEES = [[1, 1, 0], [0, 0, 0]]


def _attention(kind, dtype="float64", library_scale=False):
    """sum of softmax(q k^T / sqrt 2) v: kind "blank" zeroes a row that sees nothing and skips the keys it cannot
    see; "additive" adds (1 - mask) * -1e9 to the scores (exact softmax is shift-free: a row of all -1e9 is softmax
    of its scores). The user's math.sqrt(2.0) is held in the dtype; a library's own scale (scaled_dot_product_attention
    computes 1 / sqrt(E) itself) is the mathematics it writes, 1 / sqrt(2), taken as written."""
    root2 = mpmath.sqrt(2) if library_scale else _held(dtype, math.sqrt(2.0))

    def f(q):
        total = 0
        for row, sees in zip(q, SEES):
            scores = [sum(a * b for a, b in zip(row, key)) / root2 for key in KEYS]
            if kind == "additive":
                scores = [s + (1 - m) * mp(-1e9) for s, m in zip(scores, sees)]
                visible = [0, 1, 2]
            else:
                visible = [j for j in range(3) if sees[j]]
                if not visible:
                    continue
            top = max(scores[j] for j in visible)
            e = {j: mpmath.exp(scores[j] - top) for j in visible}
            norm = sum(e.values())
            total += sum(e[j] / norm * sum(VALUES[j]) for j in visible)
        return total
    return f


PROBE = [2, -1, mp("0.5")]


def _unit_probe(xs, dtype="float64"):
    """p . x min(1 / |x|, 1 / 1e-12): the cap holds below |x| = 1e-12, the slope there is p / 1e-12. The cap is
    Keras' own number, the mathematics its library writes, taken as written in every dtype (as gelu's 0.044715 is)."""
    def truth():
        x = _in(dtype, xs)
        cap = mp(1.0 / 1e-12)
        norm = mpmath.sqrt(sum(v * v for v in x))
        if norm == 0 or 1 / norm > cap:
            return {"x": [p * cap for p in PROBE]}
        y = [v / norm for v in x]
        yp = sum(a * b for a, b in zip(y, PROBE))
        return {"x": [(p - v * yp) / norm for p, v in zip(PROBE, y)]}
    return hp(truth)


# -------------------------------------------------------------------------------------------- physics-informed
COLLOCATION = [0, mp("0.5"), 1]


def _pinn_decay(theta):
    a, w, b = theta
    total = 0
    for x in COLLOCATION:
        u = a * mpmath.tanh(w * x + b) + 1 - a * mpmath.tanh(b)
        du = a * w / mpmath.cosh(w * x + b) ** 2
        total += (du + u) ** 2
    return total / 3


def _pinn_oscillator(theta):
    a, w, b = theta
    total = 0
    for x in COLLOCATION:
        u = a * mpmath.sin(w * x) + b * x ** 2
        d2u = -a * w * w * mpmath.sin(w * x) + 2 * b
        total += (d2u + u) ** 2
    return total / 3


HIDDEN_W, HIDDEN_B = [0.8, -0.5, 1.2], [0.1, 0.3, -0.2]
OUT_W, OUT_B = [0.6, -0.4, 0.25], 0.9


def _pinn_net(w1=None, w2=None):
    w1 = w1 or _in("float64", HIDDEN_W)
    w2 = w2 or _in("float64", OUT_W)
    b1, b2 = _in("float64", HIDDEN_B), mp(OUT_B)

    def u(x):
        return sum(c * mpmath.tanh(a * x + b) for a, b, c in zip(w1, b1, w2)) + b2

    def du(x):
        return sum(c * a / mpmath.cosh(a * x + b) ** 2 for a, b, c in zip(w1, b1, w2))
    return sum((du(x) + u(x)) ** 2 for x in COLLOCATION) / 3 + (u(0) - 1) ** 2


TARGETS = [1, -2, mp("0.5"), 3]


def _mse(preds, dtype="float64"):
    return hp(lambda: {"pred": [2 * (p - t) / 4 for p, t in zip(_in(dtype, preds), TARGETS)]})


TORCH = [
    # a gap of -120: sigmoid is 8e-53, zero in float32, log 0
    Case(T, "bpr_loss_naive", _bpr_point([2, -60], [1, 60]), "float32", "unstable", _bpr([2, -60], [1, 60], "float32"),
         "return -torch.log(torch.sigmoid(pos - neg)).mean()", "F.logsigmoid("),
    Case(T, "bpr_loss_naive", _bpr_point([2, -60], [1, 60]), "float64", "ok", _bpr([2, -60], [1, 60])),
    Case(T, "bpr_loss_naive", _bpr_point([2, -400], [1, 400]), "float64", "unstable", _bpr([2, -400], [1, 400]),
         "return -torch.log(torch.sigmoid(pos - neg)).mean()", "F.logsigmoid("),
    Case(T, "bpr_loss_naive", _bpr_point([0.5, 1], [1, -1]), "float32", "ok", _bpr([0.5, 1], [1, -1], "float32")),
    Case(T, "bpr_loss", _bpr_point([2, -60], [1, 60]), "float32", "ok", _bpr([2, -60], [1, 60], "float32")),
    Case(T, "bpr_loss", _bpr_point([2, -400], [1, 400]), "float64", "ok", _bpr([2, -400], [1, 400])),
    # a gap of 40: 1 - sigmoid(40) is 1 - 1 in float64, the slope sigmoid(-40) = 4e-18 lost
    Case(T, "bpr_loss_custom", _bpr_point([2, 40], [1, 0]), "float64", "unstable", _bpr([2, 40], [1, 0]),
         "return grad_output * (1 - torch.sigmoid(x))"),
    Case(T, "bpr_loss_custom", _bpr_point([2, 20], [1, 0]), "float32", "unstable", _bpr([2, 20], [1, 0], "float32"),
         "return grad_output * (1 - torch.sigmoid(x))"),
    Case(T, "bpr_loss_custom", _bpr_point([2, 0.5], [1, 0]), "float64", "ok", _bpr([2, 0.5], [1, 0])),
    Case(T, "bpr_loss_custom_stable", _bpr_point([2, 40], [1, 0]), "float64", "ok", _bpr([2, 40], [1, 0])),
    Case(T, "bpr_loss_custom_stable", _bpr_point([2, 20], [1, 0]), "float32", "ok", _bpr([2, 20], [1, 0], "float32")),
    # |u|^2 through u.norm() ** 2 at u = 0: the square of a norm is smooth there, its slope 2u = 0
    Case(T, "mf_loss", "user=[0,0,0],item=[0,0,0]", "float64", "ok", num_grad(_mf("float64"), user=[0, 0, 0],
                                                                             item=[0, 0, 0])),
    Case(T, "mf_loss", "user=[0,0,0],item=[0,0,0]", "float32", "ok",
         num_grad(_mf("float32"), "float32", user=[0, 0, 0], item=[0, 0, 0])),
    Case(T, "mf_loss", "user=[0.5,-1,0.2],item=[1,0.3,-0.4]", "float64", "ok",
         num_grad(_mf("float64"), user=[0.5, -1, 0.2], item=[1, 0.3, -0.4])),
    Case(T, "mf_loss", "user=[0.5,-1,0.2],item=[1,0.3,-0.4]", "float32", "ok",
         num_grad(_mf("float32"), "float32", user=[0.5, -1, 0.2], item=[1, 0.3, -0.4])),
    Case(T, "mf_model_loss", None, "float64", "ok",
         renamed(num_grad(lambda weight: _mf_model(user=weight), weight=USER_W), "model.user"),
         args="mf_model_args", wrt="model.user.weight"),
    Case(T, "approx_ndcg_loss", "scores=[2,1,0,-1]", "float64", "ok", num_grad(_ndcg(1.0), scores=[2, 1, 0, -1])),
    Case(T, "approx_ndcg_loss", "scores=[2,1,0,-1]", "float32", "ok",
         num_grad(_ndcg(1.0, "float32"), "float32", scores=[2, 1, 0, -1])),
    Case(T, "approx_ndcg_loss", "scores=[0.5,0.4,3,-2]", "float64", "ok", num_grad(_ndcg(1.0), scores=[0.5, 0.4, 3, -2])),
    # at temperature 0.01 the sigmoids of +-100 are 1 - 4e-44 and 4e-44: sigmoid's backward s (1 - s) is 0 on the
    # side that rounds to 1, half of each slope of 1e-42
    Case(T, "approx_ndcg_sharp", "scores=[2,1,0,-1]", "float64", "unstable", num_grad(_ndcg(0.01), scores=[2, 1, 0, -1])),
    Case(T, "approx_ndcg_sharp", "scores=[2,1,0,-1]", "float32", "unstable",
         num_grad(_ndcg(0.01, "float32"), "float32", scores=[2, 1, 0, -1])),
    Case(T, "approx_ndcg_sharp", "scores=[0.01,0,-0.01,0.02]", "float64", "ok",
         num_grad(_ndcg(0.01), scores=[0.01, 0, -0.01, 0.02])),
    Case(T, "iou_loss", "pred=[0,0,2,1.5]", "float64", "ok", sided_grad(_iou_loss, pred=[0, 0, 2, 1.5])),
    Case(T, "iou_loss", "pred=[0,0,2,1.5]", "float32", "ok", sided_grad(_iou_loss, "float32", pred=[0, 0, 2, 1.5])),
    # disjoint boxes: the intersection is clamped at 0, IoU is 0 around the point, flat
    Case(T, "iou_loss", "pred=[4,3,5.5,4]", "float64", "ok", sided_grad(_iou_loss, pred=[4, 3, 5.5, 4])),
    # identical boxes: IoU has its maximum 1 there, a peak (each edge's one-sided slopes are -+1 / area)
    Case(T, "iou_loss", "pred=[1,1,3,2]", "float64", "domain", sided_grad(_iou_loss, pred=[1, 1, 3, 2])),
    # touching at x = 3: the clamped width has a kink in x1; the others have one-sided slopes that agree
    Case(T, "iou_loss", "pred=[3,1,4,2]", "float64", "domain", sided_grad(_iou_loss, pred=[3, 1, 4, 2])),
    Case(T, "giou_loss", "pred=[0,0,2,1.5]", "float64", "ok", sided_grad(_giou_loss, pred=[0, 0, 2, 1.5])),
    Case(T, "giou_loss", "pred=[4,3,5.5,4]", "float64", "ok", sided_grad(_giou_loss, pred=[4, 3, 5.5, 4])),
    Case(T, "giou_loss", "pred=[4,3,5.5,4]", "float32", "ok", sided_grad(_giou_loss, "float32", pred=[4, 3, 5.5, 4])),
    Case(T, "giou_loss", "pred=[1,1,3,2]", "float64", "domain", sided_grad(_giou_loss, pred=[1, 1, 3, 2])),
    Case(T, "diou_loss", "pred=[0,0,2,1.5]", "float64", "ok", sided_grad(_diou_loss, pred=[0, 0, 2, 1.5])),
    Case(T, "diou_loss", "pred=[4,3,5.5,4]", "float64", "ok", sided_grad(_diou_loss, pred=[4, 3, 5.5, 4])),
    Case(T, "diou_loss", "pred=[1,1,3,2]", "float64", "domain", sided_grad(_diou_loss, pred=[1, 1, 3, 2])),
    # dw = 5 is beyond the clamp at log(62.5): flat in dw
    Case(T, "decode_l1", "deltas=[0.1,0.2,5,0.05]", "float64", "ok",
         sided_grad(_decode("float64"), deltas=[0.1, 0.2, 5, 0.05])),
    Case(T, "decode_l1", "deltas=[0.1,0.2,4,0.05]", "float64", "ok",
         sided_grad(_decode("float64"), deltas=[0.1, 0.2, 4, 0.05])),
    Case(T, "decode_l1", "deltas=[0.1,0.2,4,0.05]", "float32", "ok",
         sided_grad(_decode("float32"), "float32", deltas=[0.1, 0.2, 4, 0.05])),
    Case(T, "ordinal_nll_naive", "f=[0.2,0.7,3]", "float64", "ok", _ordinal([0.2, 0.7, 3])),
    Case(T, "ordinal_nll_naive", "f=[0.2,0.7,3]", "float32", "ok", _ordinal([0.2, 0.7, 3], "float32")),
    # grade 1 at f = -40: sigmoid(40.5) - sigmoid(39) is 1 - 1 in float64, log 0
    Case(T, "ordinal_nll_naive", "f=[-40,-40,3]", "float64", "unstable", _ordinal([-40, -40, 3]),
         "return -torch.log(upper - lower).sum()"),
    Case(T, "ordinal_nll_naive", "f=[-20,-20,3]", "float32", "unstable", _ordinal([-20, -20, 3], "float32")),
    # the top grade at f = -30: 1 - sigmoid(32) keeps two digits
    Case(T, "ordinal_nll_naive", "f=[0.2,0.7,-30]", "float64", "unstable", _ordinal([0.2, 0.7, -30])),
    Case(T, "ordinal_nll", "f=[0.2,0.7,3]", "float64", "ok", _ordinal([0.2, 0.7, 3])),
    Case(T, "ordinal_nll", "f=[-40,-40,3]", "float64", "ok", _ordinal([-40, -40, 3])),
    Case(T, "ordinal_nll", "f=[-20,-20,3]", "float32", "ok", _ordinal([-20, -20, 3], "float32")),
    Case(T, "ordinal_nll", "f=[0.2,0.7,-30]", "float64", "ok", _ordinal([0.2, 0.7, -30])),
    # the padding query's softmax over -inf is NaN, blanked by masked_fill: it reaches nothing, its slope is 0
    Case(T, "masked_attention", "q=[[1,0.5],[0.2,-0.3]]", "float64", "ok",
         num_grad(_attention("blank"), q=[[1, 0.5], [0.2, -0.3]])),
    Case(T, "masked_attention", "q=[[1,0.5],[0.2,-0.3]]", "float32", "ok",
         num_grad(_attention("blank", "float32"), "float32", q=[[1, 0.5], [0.2, -0.3]])),
    Case(T, "pinn_decay", "theta=[0.5,-1,0.2]", "float64", "ok", num_grad(_pinn_decay, theta=[0.5, -1, 0.2])),
    Case(T, "pinn_decay", "theta=[0.5,-1,0.2]", "float32", "ok",
         num_grad(_pinn_decay, "float32", theta=[0.5, -1, 0.2])),
    Case(T, "pinn_oscillator", "theta=[1,0.9,0.1]", "float64", "ok", num_grad(_pinn_oscillator, theta=[1, 0.9, 0.1])),
    Case(T, "pinn_oscillator", "theta=[1,0.9,0.1]", "float32", "ok",
         num_grad(_pinn_oscillator, "float32", theta=[1, 0.9, 0.1])),
    Case(T, "pinn_net_loss", None, "float64", "ok",
         renamed(num_grad(lambda weight: _pinn_net(w1=[r[0] for r in weight]), weight=[[v] for v in HIDDEN_W]),
                 "net.0"), args="pinn_net_args", wrt="net.0.weight"),
    Case(T, "mse_custom", "pred=[0,0,0,0]", "float64", "ok", _mse([0, 0, 0, 0])),
    Case(T, "mse_custom", "pred=[0.5,-1,2,2.5]", "float32", "ok", _mse([0.5, -1, 2, 2.5], "float32")),
    Case(T, "mse_custom_slip", "pred=[0,0,0,0]", "float64", "wrong", _mse([0, 0, 0, 0]),
         "class MeanSquaredErrorSlip>>def backward"),
    Case(T, "mse_custom_slip", "pred=[0.5,-1,2,2.5]", "float32", "wrong", _mse([0.5, -1, 2, 2.5], "float32"),
         "class MeanSquaredErrorSlip>>def backward"),
]


# --------------------------------------------------------------------------------------- masked action spaces
LEGAL = [0, 2, 3]


def _masked_entropy(logits):
    visible = [logits[j] for j in LEGAL]
    top = max(visible)
    e = [mpmath.exp(v - top) for v in visible]
    p = [v / sum(e) for v in e]
    return -sum(a * mpmath.log(a) for a in p)


TORCH += [
    Case(T, "masked_policy_entropy", "logits=[1,2,0.5,-1]", "float64", "ok",
         num_grad(_masked_entropy, logits=[1, 2, 0.5, -1])),
    Case(T, "masked_policy_entropy", "logits=[1,2,0.5,-1]", "float32", "ok",
         num_grad(_masked_entropy, "float32", logits=[1, 2, 0.5, -1])),
    # uniform over the legal actions: the entropy's maximum, every slope 0
    Case(T, "masked_policy_entropy", "logits=[0,0,0,0]", "float64", "ok", num_grad(_masked_entropy, logits=[0, 0, 0, 0])),
]


# ------------------------------------------------------------------------------------- graph recommenders
EDGES = [(0, 2), (0, 3), (1, 3), (1, 4)]
DEGREES = [2, 2, 1, 2, 1]
EMB = [[0.1, 0.2], [0.3, -0.1], [0.5, 0.4], [-0.2, 0.3], [0.1, -0.5]]


def _lightgcn(dtype):
    """-log sigmoid(e0.e2 - e0.e4) of the mean of E, A E, A^2 E, A the normalised adjacency (weights held)."""
    adjacency = {}
    for a, b in EDGES:
        w = _held(dtype, 1 / math.sqrt(DEGREES[a] * DEGREES[b]))
        adjacency[a, b] = adjacency[b, a] = w

    def f(emb):
        layers = [emb]
        for _ in range(2):
            prev = layers[-1]
            layers.append([[sum(adjacency.get((i, j), 0) * prev[j][d] for j in range(5)) for d in range(2)]
                           for i in range(5)])
        final = [[sum(layer[i][d] for layer in layers) / 3 for d in range(2)] for i in range(5)]
        gap = sum(final[0][d] * (final[2][d] - final[4][d]) for d in range(2))
        return -_log_sig(gap)
    return f


PINN_THETA = [0.5, -1, 0.2]


def _lambert_slope(xs, dtype="float64"):
    """W'(x) = W / (x (1 + W)), W the principal branch."""
    def truth():
        out = []
        for x in _in(dtype, xs):
            w = mpmath.lambertw(x).real
            out.append(w / (x * (1 + w)))
        return {"x": out}
    return hp(truth)

TORCH += [
    Case(T, "lightgcn_bpr", "emb=" + str(EMB).replace(" ", ""), "float64", "ok", num_grad(_lightgcn("float64"), emb=EMB)),
    Case(T, "lightgcn_bpr", "emb=" + str(EMB).replace(" ", ""), "float32", "ok",
         num_grad(_lightgcn("float32"), "float32", emb=EMB)),
    Case(T, "lightgcn_bpr_scatter", "emb=" + str(EMB).replace(" ", ""), "float64", "ok",
         num_grad(_lightgcn("float64"), emb=EMB)),
    Case(T, "pinn_forward_ad", "theta=[0.5,-1,0.2]", "float64", "ok", num_grad(_pinn_decay, theta=PINN_THETA)),
    Case(T, "pinn_forward_ad", "theta=[0.5,-1,0.2]", "float32", "ok", num_grad(_pinn_decay, "float32", theta=PINN_THETA)),
    # PyTorch's scaled_dot_product_attention gives a fully masked row zeros: its slope is 0
    Case(T, "sdpa_attention", "q=[[1,0.5],[0.2,-0.3]]", "float64", "ok",
         num_grad(_attention("blank", library_scale=True), q=[[1, 0.5], [0.2, -0.3]])),
    Case(T, "sdpa_attention", "q=[[1,0.5],[0.2,-0.3]]", "float32", "ok",
         num_grad(_attention("blank", "float32", library_scale=True), "float32", q=[[1, 0.5], [0.2, -0.3]])),
]


# ------------------------------------------------------------------------------------------------------ TensorFlow
FM_V = [[0.5, -0.2], [0.3, 0.8], [-0.6, 0.1]]
FM_X = [[1, 0, 2], [mp("0.5"), -1, 1]]
FM_R = [1, mp("-0.5")]


def _fm(factors):
    total = 0
    for x, r in zip(FM_X, FM_R):
        y = sum((sum(factors[i][f] * x[i] for i in range(3)) ** 2
                 - sum(factors[i][f] ** 2 * x[i] ** 2 for i in range(3))) for f in range(2)) / 2
        total += (y - r) ** 2
    return total


def _lambert():
    def f(x):
        w = mp(0)
        for _ in range(40):
            ew = mpmath.exp(w)
            w = w - (w * ew - x) / (ew * (w + 1))
        return w

    def total(x):
        return sum(f(v) for v in x)
    return total


def _spectral(w, dtype="float64"):
    """d/dW |W v| with v held (SN-GAN): (W v / |W v|) v^T, v after thirty power iterations from (1, 1) / sqrt 2."""
    def truth():
        m = [_in(dtype, row) for row in w]
        v = [_held(dtype, 1 / math.sqrt(2))] * 2
        for _ in range(30):
            u = [sum(m[i][j] * v[j] for j in range(2)) for i in range(2)]
            norm = mpmath.sqrt(sum(a * a for a in u))
            u = [a / norm for a in u]
            v = [sum(m[i][j] * u[i] for i in range(2)) for j in range(2)]
            norm = mpmath.sqrt(sum(a * a for a in v))
            v = [a / norm for a in v]
        wv = [sum(m[i][j] * v[j] for j in range(2)) for i in range(2)]
        norm = mpmath.sqrt(sum(a * a for a in wv))
        return {"w": [[wv[i] / norm * v[j] for j in range(2)] for i in range(2)]}
    return hp(truth)


def _reversal(xs):
    """The loss sum softplus(-x) has slope -sigmoid(-x); the reversal's rule is beside the point: its truth is this."""
    return hp(lambda: {"x": [-_sig(-v) for v in _in("float64", xs)]})


TF = [
    Case(K, "bpr_loss_naive", _bpr_point([2, -60], [1, 60]), "float32", "unstable", _bpr([2, -60], [1, 60], "float32"),
         "return -tf.reduce_mean(tf.math.log(tf.sigmoid(pos - neg)))", "tf.math.log_sigmoid("),
    Case(K, "bpr_loss_naive", _bpr_point([2, -400], [1, 400]), "float64", "unstable", _bpr([2, -400], [1, 400])),
    Case(K, "bpr_loss_naive", _bpr_point([0.5, 1], [1, -1]), "float64", "ok", _bpr([0.5, 1], [1, -1])),
    Case(K, "bpr_loss", _bpr_point([2, -60], [1, 60]), "float32", "ok", _bpr([2, -60], [1, 60], "float32")),
    Case(K, "bpr_loss", _bpr_point([2, -400], [1, 400]), "float64", "ok", _bpr([2, -400], [1, 400])),
    # Keras' Constant initializer makes its list a float32 tensor before the cast: the factors hold float32's digits
    Case(K, "fm_loss", None, "float64", "ok", renamed(num_grad(_fm, "float32", factors=FM_V), "layer"),
         args="fm_args", wrt="layer.factors"),
    Case(K, "fm_loss", None, "float64", "wrong", renamed(num_grad(_fm, "float32", factors=FM_V), "layer"),
         "def pairwise(x)>>def grad(dy, variables=None):", args="fm_slip_args", wrt="layer.factors"),
    Case(K, "coral_loss", "z=[20,0.3,-1]", "float32", "ok", _coral([20, 0.3, -1], "float32")),
    Case(K, "coral_loss", "z=[40,0.3,-40]", "float64", "ok", _coral([40, 0.3, -40])),
    Case(K, "coral_loss", "z=[0.5,0.3,-1]", "float64", "ok", _coral([0.5, 0.3, -1])),
    # 1 - sigmoid(21.5) is 0 in float32: log 0 (and 0 * -inf where the level is 1)
    Case(K, "coral_loss_naive", "z=[20,0.3,-1]", "float32", "unstable", _coral([20, 0.3, -1], "float32"),
         "term = tf.math.log(p) * levels + tf.math.log(1 - p) * (1 - levels)"),
    Case(K, "coral_loss_naive", "z=[40,0.3,-40]", "float64", "unstable", _coral([40, 0.3, -40])),
    Case(K, "coral_loss_naive", "z=[0.5,0.3,-1]", "float64", "ok", _coral([0.5, 0.3, -1])),
    Case(K, "coral_loss_naive", "z=[0.5,0.3,-1]", "float32", "ok", _coral([0.5, 0.3, -1], "float32")),
    # 1 - alpha_bar is 4e-7 at t = 1e-5: float32 keeps one digit of it
    Case(K, "cosine_log_snr_naive", "t=[1e-5,0.5]", "float32", "unstable",
         num_grad(_log_snr("float32", False), "float32", t=[1e-5, 0.5]),
         "return tf.reduce_sum(tf.math.log(alpha_bar / (1 - alpha_bar)))"),
    Case(K, "cosine_log_snr_naive", "t=[1e-12,0.5]", "float64", "unstable",
         num_grad(_log_snr("float64", False), t=[1e-12, 0.5])),
    # at t = 1 cos(theta) is 7e-17, theta's last bit (t + S rounded) is a fifth of it: no form of the program holds it
    Case(K, "cosine_log_snr_naive", "t=[0.5,1]", "float64", "unstable", num_grad(_log_snr("float64", False), t=[0.5, 1])),
    Case(K, "cosine_log_snr_naive", "t=[0.25,0.75]", "float64", "ok", num_grad(_log_snr("float64", False), t=[0.25, 0.75])),
    Case(K, "cosine_log_snr_naive", "t=[0.25,0.75]", "float32", "ok",
         num_grad(_log_snr("float32", False), "float32", t=[0.25, 0.75])),
    Case(K, "cosine_log_snr", "t=[1e-5,0.5]", "float32", "ok", num_grad(_log_snr("float32", True), "float32", t=[1e-5, 0.5])),
    Case(K, "cosine_log_snr", "t=[1e-12,0.5]", "float64", "ok", num_grad(_log_snr("float64", True), t=[1e-12, 0.5])),
    Case(K, "cosine_log_snr", "t=[0.5,1]", "float64", "unstable", num_grad(_log_snr("float64", True), t=[0.5, 1])),
    Case(K, "diou_loss", "pred=[0,0,2,1.5]", "float64", "ok", sided_grad(_diou_loss, pred=[0, 0, 2, 1.5])),
    Case(K, "diou_loss", "pred=[0,0,2,1.5]", "float32", "ok", sided_grad(_diou_loss, "float32", pred=[0, 0, 2, 1.5])),
    Case(K, "diou_loss", "pred=[4,3,5.5,4]", "float64", "ok", sided_grad(_diou_loss, pred=[4, 3, 5.5, 4])),
    Case(K, "diou_loss", "pred=[1,1,3,2]", "float64", "domain", sided_grad(_diou_loss, pred=[1, 1, 3, 2])),
    Case(K, "ciou_loss", "pred=[0,0,2,1.5]", "float64", "ok", _ciou([0, 0, 2, 1.5])),
    Case(K, "ciou_loss", "pred=[4,3,5.5,4]", "float64", "ok", _ciou([4, 3, 5.5, 4])),
    Case(K, "ciou_loss", "pred=[4,3,5.5,4]", "float32", "ok", _ciou([4, 3, 5.5, 4], "float32")),
    Case(K, "ciou_loss", "pred=[1,1,3,2]", "float64", "domain", _ciou([1, 1, 3, 2])),
    # the padding query's scores minus 1e9 round to -1e9 (float32) or to 1.2e-7 (float64): its softmax is of those,
    # and the += line that rounds them is named in both
    Case(K, "bert_attention", "q=[[1,0.5],[0.2,-0.3]]", "float32", "unstable",
         num_grad(_attention("additive", "float32"), "float32", q=[[1, 0.5], [0.2, -0.3]]),
         "scores += (1.0 - tf.constant(KEY_MASK, q.dtype)) * -1e9"),
    Case(K, "bert_attention", "q=[[1,0.5],[0.2,-0.3]]", "float64", "unstable",
         num_grad(_attention("additive"), q=[[1, 0.5], [0.2, -0.3]]),
         "scores += (1.0 - tf.constant(KEY_MASK, q.dtype)) * -1e9"),
    Case(K, "keras_softmax_attention", "q=[[1,0.5],[0.2,-0.3]]", "float64", "ok",
         num_grad(_attention("blank"), q=[[1, 0.5], [0.2, -0.3]])),
    Case(K, "keras_softmax_attention", "q=[[1,0.5],[0.2,-0.3]]", "float32", "ok",
         num_grad(_attention("blank", "float32"), "float32", q=[[1, 0.5], [0.2, -0.3]])),
    Case(K, "unit_probe", "x=[0,0,0]", "float64", "ok", _unit_probe([0, 0, 0])),
    Case(K, "unit_probe", "x=[0,0,0]", "float32", "ok", _unit_probe([0, 0, 0], "float32")),
    Case(K, "unit_probe", "x=[1,2,2]", "float64", "ok", _unit_probe([1, 2, 2])),
    Case(K, "unit_probe", "x=[1,2,2]", "float32", "ok", _unit_probe([1, 2, 2], "float32")),
    Case(K, "lambert_w", "x=[-0.3,0.5,10]", "float64", "ok", num_grad(_lambert(), x=[-0.3, 0.5, 10])),
    Case(K, "lambert_w", "x=[0.5,10]", "float32", "ok", num_grad(_lambert(), "float32", x=[0.5, 10])),
    # from w = 0 the first step lands on w = 100: e^100 overflows float32 (forty steps end near 61 in exact arithmetic)
    Case(K, "lambert_w", "x=[100]", "float32", "unstable", num_grad(_lambert(), "float32", x=[100]), "def lambert_w(x)>>ew = tf.exp(w)"),
    Case(K, "lambert_w", "x=[100]", "float64", "ok", num_grad(_lambert(), x=[100])),
    Case(K, "spectral_norm", "w=[[2,1],[0.5,3]]", "float64", "ok", _spectral([[2, 1], [0.5, 3]])),
    Case(K, "spectral_norm", "w=[[2,1],[0.5,3]]", "float32", "ok", _spectral([[2, 1], [0.5, 3]], "float32")),
    Case(K, "domain_confusion", "x=[0.5,-1]", "float64", "wrong", _reversal([0.5, -1]),
         "def reverse_gradient>>def grad(dy):"),
    # round is flat between its steps: the straight-through identity is not its derivative
    Case(K, "quantized_energy", "x=[0.3,-0.9]", "float64", "wrong", hp(lambda: {"x": [mp(0), mp(0)]}),
         "def round_ste>>def grad(dy):"),
    Case(K, "quantized_energy", "x=[0.3,-0.9]", "float32", "wrong", hp(lambda: {"x": [mp(0), mp(0)]}),
         "def round_ste>>def grad(dy):"),
]

# ------------------------------------------------------------------------------------ gathered and pooled tables
SEEN_USERS = [0, 1, 2, 1]
SEEN_ITEMS = [[mp("0.3"), mp("0.8")], [mp("-0.6"), mp("0.1")], [mp("0.2"), mp("-0.4")], [mp("0.5"), mp("0.5")]]
SEEN_RATINGS = [4, 3, 1, 5]


def _gather_mf(dtype):
    items = [_in(dtype, [float(v) for v in row]) for row in SEEN_ITEMS]
    lam = _held(dtype, 0.01)

    def f(user_table):
        errors = [(sum(a * b for a, b in zip(user_table[u], item)) - r) ** 2
                  for u, item, r in zip(SEEN_USERS, items, SEEN_RATINGS)]
        return sum(errors) / 4 + lam * sum(v * v for row in user_table for v in row) / 2
    return f


SESSIONS = [0, 0, 1, 1, 1]


def _pool(kind):
    def f(clicks):
        groups = [[c for c, s in zip(clicks, SESSIONS) if s == k] for k in range(2)]
        if kind == "max":
            return sum(max(g) for g in groups)
        return sum((sum(g) / len(g)) ** 2 for g in groups)
    return f


TF += [
    Case(K, "gather_mf_loss", "user_table=[[0.5,-0.25],[0,0],[1,0.75]]", "float64", "ok",
         num_grad(_gather_mf("float64"), user_table=[[0.5, -0.25], [0, 0], [1, 0.75]])),
    Case(K, "gather_mf_loss", "user_table=[[0.5,-0.25],[0,0],[1,0.75]]", "float32", "ok",
         num_grad(_gather_mf("float32"), "float32", user_table=[[0.5, -0.25], [0, 0], [1, 0.75]])),
    Case(K, "session_max_pool", "clicks=[1,3,2,5,0.5]", "float64", "ok", sided_grad(_pool("max"), clicks=[1, 3, 2, 5, 0.5])),
    # the second session's two clicks of 2 tie for its maximum: no derivative in either
    Case(K, "session_max_pool", "clicks=[1,3,2,2,0.5]", "float64", "domain",
         sided_grad(_pool("max"), clicks=[1, 3, 2, 2, 0.5])),
    Case(K, "session_mean_pool", "clicks=[1,3,2,5,0.5]", "float64", "ok", num_grad(_pool("mean"), clicks=[1, 3, 2, 5, 0.5])),
    Case(K, "session_mean_pool", "clicks=[1,3,2,5,0.5]", "float32", "ok",
         num_grad(_pool("mean"), "float32", clicks=[1, 3, 2, 5, 0.5])),
]


TF += [
    Case(K, "lightgcn_bpr", "emb=" + str(EMB).replace(" ", ""), "float64", "ok", num_grad(_lightgcn("float64"), emb=EMB)),
    Case(K, "lightgcn_bpr", "emb=" + str(EMB).replace(" ", ""), "float32", "ok",
         num_grad(_lightgcn("float32"), "float32", emb=EMB)),
    # stopped by a tolerance, not a count: W'(x) = W / (x (1 + W)) to the residual's square
    Case(K, "lambert_w_tol", "x=[-0.3,0.5,10]", "float64", "ok", _lambert_slope([-0.3, 0.5, 10])),
    Case(K, "lambert_w_tol", "x=[0.5,10]", "float32", "ok", _lambert_slope([0.5, 10], "float32")),
]


# ------------------------------------------------------------------------------------------ sparse sessions
SESSION_ITEMS = [[1, 3], [2, 2, 4]]  # the sessions' items, padding left out
ITEM_TABLE = [[0, 0], [0.5, -0.25], [0.75, 1], [-1, 0.5], [0.25, 0.125]]
SESSION_TARGETS = [[mp("0.5"), mp("0.5")], [mp("-0.25"), mp(1)]]


def _sessions(scale, targets=None):
    """sum_s |sum_{i in s} e_i / scale(n_s) - t_s|^2 (t_s = 0 without targets): sqrtn pooling divides by sqrt(n),
    mean pooling by n."""
    def f(table=None, embeddings=None):
        table = embeddings if table is None else table
        total = 0
        for k, items in enumerate(SESSION_ITEMS):
            pooled = [sum(table[i][d] for i in items) / scale(len(items)) for d in range(2)]
            total += sum((v - (targets[k][d] if targets else 0)) ** 2 for d, v in enumerate(pooled))
        return total
    return f


TF += [
    Case(K, "sparse_session_pool", "table=" + str(EMB).replace(" ", ""), "float64", "ok",
         num_grad(_sessions(mpmath.sqrt), table=EMB)),
    Case(K, "sparse_session_pool", "table=" + str(EMB).replace(" ", ""), "float32", "ok",
         num_grad(_sessions(mpmath.sqrt), "float32", table=EMB)),
    # mask_zero: the padding row 0 is read and masked out of the mean, its slope 0
    Case(K, "session_encoder_loss", None, "float64", "ok",
         renamed(num_grad(_sessions(mp, SESSION_TARGETS), "float32", embeddings=ITEM_TABLE), "model.embedding"),
         args="session_encoder_args", wrt="model.embedding.embeddings"),
]


ALL = TORCH + TF
