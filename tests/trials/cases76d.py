"""The seventy-sixth trial set (d): SPARSE ROUTING, TREES AND STRUCTURED ACTIVATIONS as JAX, PyTorch, TensorFlow and
plain NumPy code writes them, on tiny inputs (at most 16, so that every entry is judged). JAX (jax_lib76d): sparsemax
by jnp.sort / cumsum / the support 1 + k z_(k) > cumsum / tau at the support's size, through autodiff (ordinary in
float64 and float32, an entry exactly on the threshold in dyadic numbers, a tie inside the support, the threshold that
float64 alone hits in (0.6 + 0.2 - 1) / 2 = -0.1 (float32's values miss it), an entry 9.3e-18 inside the support, an
entry 2.8e-17 inside it that float64's tau rounds onto) and through a jax.custom_vjp backward (g - mean over the
support); the sparsemax loss (ordinary, at the threshold, float32); entmax-1.5 by the entmax package's bisection (50
halvings; ordinary in float64 and float32, a tie of the maximum); a top-2 gate by jax.lax.top_k with a softmax over the
kept logits and by a -inf mask (ordinary, float32, a tie of the 2nd and 3rd experts, a tie of the two kept); the Switch
Transformer's loss with 0.01 * E * sum f_e P_e (ordinary, float32, an argmax tie); a noisy top-2 gate with the held
draw of PRNGKey(0) (float64, float32); a depth-2 soft tree with sigmoid splits at temperature 0.01 (ordinary, float32,
a root saturated at 48); a hard-routed tree with s + stop_gradient(hard - s) (ordinary, float32, the root on its
split, an unused node on its split); Gumbel-softmax with hard=True at tau = 0.1 and jax.random.gumbel's held draw
(ordinary in both dtypes, a saturated softmax, an exact argmax tie); jax.nn.hard_tanh, relu6 (float32 too) and
hard_swish at their corners and ordinary points; a spline by jnp.searchsorted (ordinary, float32, a query on a knot);
the pinball loss (ordinary, float32, residual 0). PyTorch (torch_lib76d): sparsemax by torch.sort / gather (as JAX's,
plus the rounded point), a torch.autograd.Function with sparsemax-pytorch's backward, one dividing by numel, the
sparsemax loss at both thresholds; entmax-1.5 bisection (ordinary, the max tie); torch.topk gates (softmax over the
kept, scatter of -inf); Switch; a noisy gate after torch.manual_seed(0); soft and straight-through trees (.detach());
F.gumbel_softmax(tau=0.1, hard=True) after manual_seed(0) in float64 and float32; F.hardtanh, F.relu6, F.hardswish;
torch.searchsorted; the pinball loss by torch.max and by torch.where. TensorFlow (tf_lib76d): TensorFlow Addons'
sparsemax (tf.nn.top_k as the sort; ordinary, threshold, tie) and a tf.custom_gradient one (float64, float32);
tf.math.top_k gates; Switch; soft trees (both dtypes); the straight-through tree with tf.stop_gradient on its split;
Gumbel from a stateless_uniform draw; clip_by_value, tf.nn.relu6, Keras' hard_swish; tf.searchsorted; tf.maximum's
pinball. NumPy (np_lib76d): sparsemax (ordinary, both thresholds, tie), its loss, entmax bisection, an np.argsort gate
(ordinary, tie), a soft Gumbel-softmax with default_rng(0)'s draw at import, np.clip / np.minimum(np.maximum) corners,
np.searchsorted and np.interp splines, the pinball loss.

Counts: 135 cases (a scratch file: two CLI runs at a time, judged one at a time in the main thread): 114 in the
first run (a scratch file), then 21 added (the float64-only threshold, the near and the rounded thresholds, the
unused node on its split, the exact and the once-rounded Gumbel ties, relu6 in float32, the sparsemax loss), then the whole set again
(a scratch file). ALL: 82 ok, 47 domain, 5 unstable, 1 wrong; 113 float64, 22 float32 (JAX 57, PyTorch 42,
TensorFlow 20, NumPy 16). All 135 agree with my truths (after the two corrections below), in verdict and every exact
gradient entry to 1e-10. In the final whole-set run (134 cases; the once-rounded Gumbel tie, added after it, ran apart
in 4.5 s) the checks took 0.9-17.3 s (median 7.7 s, 90% under 11.7 s, 942 s of checks in about 8 minutes of wall time),
two at a time on the shared machine; over 15 s: PyTorch's entmax at the maximum's tie (17.3 s) and TensorFlow's soft
tree in float64 and float32 (15.4, 15.1 s). TensorFlow's checks took 15-29 s in the first run under more load.

Agreed (verdicts and exact slopes):
- sparsemax: smooth at ordinary points and at a tie inside the support (the sort's switch is no kink there), in every
  spelling and backward (custom_vjp, autograd.Function, custom_gradient); on the threshold a kink in the support's
  entries, the entry below it keeping slope 0 (domain); float64's exact threshold at (0.6 + 0.2 - 1) / 2 is domain
  while float32's values (1.5e-8 off it) are ok; 9.3e-18 inside the support ok; 2.8e-17 inside it, where float64's tau
  lands on the entry, JAX's jnp.maximum(0, 0) splits the slope (-2, 2 for -2.5, 2.5): unstable, named at the maximum,
  while torch.clamp passes the gradient at 0, the exact one: ok; a backward dividing by numel: wrong; the sparsemax loss
  is ok on the threshold (its gradient p - e_y is continuous);
- entmax-1.5 by bisection: tau = max(z)/2 - K with K piecewise constant, so the program's slope moves the maximum
  alone (not entmax's implicit Jacobian): ok at an ordinary point in every framework and dtype; a tie of the maximum
  is a kink of the program (domain), though entmax itself is smooth there;
- top-2 gates: a tie of the 2nd and 3rd experts is a jump (the chosen expert's output swaps: domain), the -inf mask's
  three kept experts too; a tie of the two kept is smooth (ok); Switch's argmax tie jumps task and fraction (domain);
  the held draws (JAX's key, PyTorch's seed) ok in both dtypes;
- trees: sigmoid at temperature 0.01 ok; a root at 48 leaves 1 - s = 0 in float64 where the slopes are 1e-20:
  unstable (named at the sigmoid's line, its rule's 1 - s, JAX and PyTorch); the straight-through tree: slopes with the held hard - s frozen,
  domain where the root sits on its split (a jump in x, w[0], b[0]) and where an unused node does (x a kink, not a
  jump: (1 - g0) is 0 at the point; that node's own weights slope 0);
- Gumbel-softmax: the value y_hard, the slope y_soft's (held draw): ok; a saturated softmax at tau = 0.1 (28.4
  against 8.4) unstable in float64; an exact argmax tie domain in the two tied logits alone; sums that tie only once
  rounded (exactly, logit 3's is 1.1e-16 above logit 2's): float64's argmax takes 2 where the exact one takes 3, the
  value 3 for 0.5: unstable (value), the slopes exact (a smooth point: the switch is 1.1e-16 away);
- hardtanh, relu6, hardswish at their corners domain (the other entries' slopes exact), ok elsewhere; splines: a query
  on a knot a kink in that query alone, the knot values smooth; the pinball loss at residual 0 domain.

My truths corrected (gradcli right):
- F.gumbel_softmax in float32: I held the noise as float32's -log(e); the draw is exponential_()'s e, and -log(e) is a
  step the program computes, exact in the reference (the float32 noise is 2.5e-7 relative off it): now -log(e);
- PyTorch's sparsemax at the rounded threshold: I had unstable as for JAX; torch.clamp(min=0)'s gradient at exactly 0
  passes, which is the exact support's slope: ok.

Findings: none.

Truths are my own expressions evaluated with mpmath at 2,000 digits at the numbers the dtype holds, never the files'
code or gradcli: sparsemax as the simplex projection by sorting exact numbers; its loss in the Fenchel-Young form
<z, p> - |p|^2 / 2 + 1/2 - z_y; entmax's K from the exact threshold tau* (2,000-digit bisection of the exact mass);
gates, Switch and noisy gates from the exact logits and softmax; trees as leaf-path products with the held parts frozen
(s(z) - s(z0) + hard(z)); Gumbel from the held draws (JAX's gumbel and normal as drawn, PyTorch's exponential and
normal, TensorFlow's uniform through -log(-log u), NumPy's gumbel), the soft part frozen at the point; the derivative
from the left and the right by mpmath.diff (cases30b.sided_grad), NaN where the sides differ or either is not finite.
"""
import mpmath

from cases import Case
from cases5 import _in, hp
from cases73d import H, NAN, S, at, mpf

J, T, K, N = "jax_lib76d.py", "torch_lib76d.py", "tf_lib76d.py", "np_lib76d.py"
F32, F64 = "float32", "float64"

READOUT = [1, -2, 3, mpf("0.5")]
EXPERTS = [[1, mpf("-0.5")], [mpf("0.25"), 2], [-1, mpf("0.5")], [mpf("0.5"), mpf("0.75")]]
LEAVES = [1, -1, mpf("0.5"), 2]
KNOTS = [0, 1, 2, 3]
TOKENS = [[1, mpf("0.5")], [mpf("-0.5"), 1]]
TARGET = [mpf("0.5"), -1, 2]

# The held draws, as each framework draws them in each dtype (a scratch file): JAX's PRNGKey(0) normal (2, 4) and
# gumbel (4,), PyTorch's randn_like after manual_seed(0) and gumbel_softmax's exponential_() (its noise -log of it),
# TensorFlow's stateless_uniform(seed=[0, 0], minval=1e-10), NumPy's default_rng(0).gumbel(size=4).
DRAWS = {
    ("jax_normal", F32): [[1.622642159461975, 2.0252647399902344, -0.4335944354534149, -0.07861734926700592],
                          [0.17609089612960815, -0.9720892310142517, -0.49529874324798584, 0.49437859654426575]],
    ("jax_normal", F64): [[-0.2058421394796434, -0.7847657764467411, 1.8160866726679836, 0.1878440128937887],
                          [0.08086788103743275, -0.3721107933346203, 1.19016372498863, 0.3386422910309605]],
    ("jax_gumbel", F32): [2.923372507095337, 3.83261775970459, -0.09689324349164963, 0.2772570848464966],
    ("jax_gumbel", F64): [0.13790565977540292, -0.4259929367942607, 3.344039105585023, 0.5901317576885231],
    ("torch_randn", F32): [[1.5409960746765137, -0.293428897857666, -2.1787893772125244, 0.5684312582015991],
                           [-1.0845223665237427, -1.3985954523086548, 0.40334683656692505, 0.8380263447761536]],
    ("torch_randn", F64): [[1.5409961082440433, -0.2934289057609464, -2.1787893820745574, 0.5684312772806678],
                           [-1.084522342424021, -1.3985953953708767, 0.4033468476292993, 0.8380263329976598]],
    ("torch_exp", F32): [3.508326292037964, 1.2303847074508667, 0.615044116973877, 2.535118579864502],
    ("torch_exp", F64): [3.508326186707642, 1.2303847641796768, 0.6150440938940115, 2.5351186442158817],
    ("tf_u", F32): [0.2110154628753662, 0.7060099840164185, 0.8000633716583252, 0.7707922458648682],
    ("tf_u", F64): [0.6881243022582563, 0.40050761364954945, 0.10870967790151052, 0.4655003663629976],
    ("np_gumbel", F64): [-0.013159932702447984, 1.1570300134758764, 3.173983808415261, 4.0944001210118826],
}


# ------------------------------------------------------------------------------------------------- helpers
def mpv(values):
    return [mpf(v) for v in values]


def dot(u, v):
    return sum(a * b for a, b in zip(u, v))


def matmul(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(len(b))) for j in range(len(b[0]))] for i in range(len(a))]


def softmax(xs):
    top = max(xs)
    e = [mpmath.exp(v - top) for v in xs]
    s = sum(e)
    return [v / s for v in e]


def sigmoid(x):
    return 1 / (1 + mpmath.exp(-x))


def softplus(x):
    return mpmath.log1p(mpmath.exp(x)) if x < 0 else x + mpmath.log1p(mpmath.exp(-x))


def top2(row):
    """The indices of the two largest entries, the lower index first at a tie (as top_k does)."""
    order = sorted(range(len(row)), key=lambda i: (-row[i], i))
    return order[:2]


def argmax(row):
    return min(range(len(row)), key=lambda i: (-row[i], i))


# ------------------------------------------------------------------------------------------------- the mathematics
def sparsemax_p(z):
    """Martins & Astudillo: the Euclidean projection of z onto the simplex, tau the threshold of the support."""
    zs = sorted(z, reverse=True)
    k, run = 0, 0
    for j, v in enumerate(zs, 1):
        if 1 + j * v > run + v:
            k, run = j, run + v
        else:
            break
    tau = (run - 1) / k
    return [max(v - tau, 0) for v in z]


def sparsemax_readout(z):
    return dot(READOUT, sparsemax_p(z))


def sparsemax_loss(z):
    """The Fenchel-Young form of the sparsemax loss (label 2): <z, p> - |p|^2 / 2 + 1/2 - z_2, p = sparsemax(z); its
    gradient p - e_2 is continuous, so the threshold is no kink of the loss."""
    p = sparsemax_p(z)
    return dot(z, p) - dot(p, p) / 2 + mpf(1) / 2 - z[2]


def entmax15_bisect(dtype, z0):
    """The bisection's tau is max(z)/2 - K: every step of tau_lo moves with max(z)/2 alone (dm = tau_hi - tau_lo has
    no z in it), so the program is p = normalise(max(z/2 - max(z)/2 + K, 0)^2) with K held: K = max(z0)/2 - tau*, tau*
    the exact entmax-1.5 threshold at the point (the 50 halvings leave it within 2^-50)."""
    held = {}

    def offset():
        if mpmath.mp.prec not in held:  # the truth runs at its own digits: K at those
            x0 = [v / 2 for v in _in(dtype, z0)]

            def mass(tau):
                return sum(max(v - tau, 0) ** 2 for v in x0) - 1
            lo, hi = max(x0) - 1, max(x0) - mpf(1) / 2
            for _ in range(mpmath.mp.prec + 20):
                mid = (lo + hi) / 2
                lo, hi = (mid, hi) if mass(mid) > 0 else (lo, mid)
            held[mpmath.mp.prec] = max(x0) - (lo + hi) / 2
        return held[mpmath.mp.prec]

    def f(z):
        k = offset()
        x = [v / 2 for v in z]
        p = [max(v - max(x) + k, 0) ** 2 for v in x]
        return dot(READOUT, p) / sum(p)
    return f


def moe_top2(x, w_gate):
    logits, out = matmul(x, w_gate), matmul(x, [list(c) for c in zip(*EXPERTS)])
    total = 0
    for row, o in zip(logits, out):
        idx = top2(row)
        gates = softmax([row[i] for i in idx])
        total += sum(g * o[i] for g, i in zip(gates, idx))
    return total


def moe_top2_masked(x, w_gate):
    """Every expert whose logit reaches the second largest is kept (a tie keeps three)."""
    logits, out = matmul(x, w_gate), matmul(x, [list(c) for c in zip(*EXPERTS)])
    total = 0
    for row, o in zip(logits, out):
        kth = sorted(row, reverse=True)[1]
        kept = [i for i in range(len(row)) if row[i] >= kth]
        gates = softmax([row[i] for i in kept])
        total += sum(g * o[i] for g, i in zip(gates, kept))
    return total


def switch(dtype):
    def f(x, w_gate):
        logits, out = matmul(x, w_gate), matmul(x, [list(c) for c in zip(*EXPERTS)])
        probs = [softmax(row) for row in logits]
        tops = [argmax(row) for row in logits]
        task = sum(p[t] * o[t] for p, t, o in zip(probs, tops, out))
        frac = [mpf(sum(1 for t in tops if t == e)) / len(tops) for e in range(4)]
        mean_prob = [sum(p[e] for p in probs) / len(probs) for e in range(4)]
        return task + H(dtype, 0.01 * 4) * dot(frac, mean_prob)
    return f


def noisy_top2(noise):
    def f(w_gate, w_noise):
        clean, raw = matmul(TOKENS, w_gate), matmul(TOKENS, w_noise)
        out = matmul(TOKENS, [list(c) for c in zip(*EXPERTS)])
        total = 0
        for c, r, nz, o in zip(clean, raw, noise, out):
            row = [a + mpf(n) * softplus(s) for a, s, n in zip(c, r, nz)]
            idx = top2(row)
            gates = softmax([row[i] for i in idx])
            total += sum(g * o[i] for g, i in zip(gates, idx))
        return total
    return f


def leaf_probs(g):
    return [(1 - g[0]) * (1 - g[1]), (1 - g[0]) * g[1], g[0] * (1 - g[2]), g[0] * g[2]]


def soft_tree(dtype):
    def f(x, w, b):
        t = H(dtype, 0.01)
        g = [sigmoid((dot(row, x) + c) / t) for row, c in zip(w, b)]
        return dot(leaf_probs(g), LEAVES)
    return f


def hard_tree_st(dtype, x0, w0, b0):
    """g = s + stop_gradient(hard - s): its value is hard(z) (a jump where z crosses 0), its slope s'(z) with the held
    hard - s frozen at the point's: g(z) = s(z) - s(z0) + hard(z)."""
    def f(x, w, b):
        xs, ws, bs = _in(dtype, x0), [_in(dtype, r) for r in w0], _in(dtype, b0)
        s0 = [sigmoid(dot(r, xs) + c) for r, c in zip(ws, bs)]
        z = [dot(r, x) + c for r, c in zip(w, b)]
        g = [sigmoid(v) - a + (1 if v > 0 else 0) for v, a in zip(z, s0)]
        return dot(leaf_probs(g), LEAVES)
    return f


def gumbel_hard(dtype, g, l0):
    """y_hard - stop_gradient(y_soft) + y_soft: the value one_hot(argmax), the slope y_soft's with the held soft
    frozen."""
    def f(logits):
        g_ = [mpf(v) for v in g]
        t = H(dtype, 0.1)
        soft0 = softmax([(a + b) / t for a, b in zip(_in(dtype, l0), g_)])
        y = [(a + b) / t for a, b in zip(logits, g_)]
        k = argmax(y)
        hard = [1 if i == k else 0 for i in range(len(y))]
        return dot(READOUT, [h - s0 + s for h, s0, s in zip(hard, soft0, softmax(y))])
    return f


def gumbel_soft(g):
    def f(logits):
        return dot(READOUT, softmax([(a + mpf(b)) / H(F64, 0.1) for a, b in zip(logits, g)]))
    return f


class tf_gumbel(list):
    """-log(-log(u)) of the held uniform draw, at the digits of the truth that reads it."""

    def __iter__(self):
        return iter([-mpmath.log(-mpmath.log(mpf(v))) for v in list.__iter__(self)])


class torch_gumbel(list):
    """-log(e) of the held exponential draw: the draw is exponential_(), its log a step of the program."""

    def __iter__(self):
        return iter([-mpmath.log(mpf(v)) for v in list.__iter__(self)])


def hardtanh(x):
    return dot(READOUT, [min(max(v, -1), 1) for v in x])


def relu6(x):
    return dot(READOUT, [min(max(v, 0), 6) for v in x])


def hardswish(x):
    return dot(READOUT, [v * min(max(v + 3, 0), 6) / 6 for v in x])


def spline(x, y):
    total = 0
    for v in x:
        i = min(max(sum(1 for k in KNOTS if k <= v) - 1, 0), len(KNOTS) - 2)
        t = (v - KNOTS[i]) / (KNOTS[i + 1] - KNOTS[i])
        total += (y[i] * (1 - t) + y[i + 1] * t) ** 2
    return total


def pinball(dtype):
    def f(pred):
        q, q1 = H(dtype, 0.9), H(dtype, 0.9 - 1)
        return sum(max(q * e, q1 * e) for e in (a - b for a, b in zip(TARGET, pred))) / len(pred)
    return f


# ------------------------------------------------------------------------------------------------- points
Z = [0.9, 0.3, 0.6, -1.0]
Z_THR = [1.0, 0.25, 0.5, -1.0]  # support {1.0, 0.5}, tau = 0.25: z[1] sits exactly on the threshold
Z_TIE = [0.5, 0.5, -0.5, 0.1]  # a tie inside the support (the sort's order switches, sparsemax does not)
Z_MAXTIE = [0.8, 0.8, 0.1, -0.5]
Z_THR2 = [0.6, -0.1, 0.2, -1.0]  # float64: (0.6 + 0.2 - 1) / 2 is float64's -0.1 exactly (on the threshold); float32's
# values put z[1] 1.5e-8 below it
Z_ROUND = [-1.0, -0.7, 0.3, -1.0]  # exact: z[1] 2.8e-17 above tau, in the support; float64's tau lands on z[1]
Z_NEAR = [0.7, -0.05, 0.2, -1.0]  # z[1] 9.3e-18 above the threshold in float64 (2.5e-9 in float32): in the support
X = [[1.0, 0.5], [-0.5, 1.0]]
WG = [[0.3, -0.2, 0.6, 0.1], [0.4, 0.7, -0.3, 0.05]]
WG_DROP = [[0.5, 0.25, 0.0, -0.5], [0.25, 0.5, 1.0, 0.0]]  # token 0: logits 0.625, 0.5, 0.5, -0.5: 2nd and 3rd tie
WG_KEPT = [[0.5, 0.25, 0.75, -0.5], [0.25, 0.75, -0.5, 0.0]]  # token 0: 0.625, 0.625, 0.5, -0.5: 1st and 2nd tie
WN = [[0.1, -0.2, 0.3, 0.0], [0.2, 0.1, -0.1, 0.3]]
TX = [0.5, -0.25]
TW = [[0.1, 0.04], [-0.06, 0.02], [0.03, 0.05]]
TB = [-0.02, 0.01, 0.005]  # (w x + b) / 0.01 = 2, -2.5, 0.75
TB_SAT = [0.46, 0.01, 0.005]  # the root at 48: sigmoid's 1 - s is 1.4e-21, 0 in float64
HW = [[0.25, 0.5], [-0.375, 0.125], [0.125, 0.25]]
HB = [0.25, 0.0625, 0.125]  # z = 0.25, -0.15625, 0.125
HB_0 = [0.0, 0.0625, 0.125]  # the root exactly on its split
HB_1 = [0.25, 0.21875, 0.125]  # node 1 exactly on its split, on the branch the root does not take
GL = [0.5, 1.0, -0.5, 0.25]  # a saturated softmax at tau = 0.1 (JAX's float64 draw: 28.4 against 8.4)
GL_J64 = [0.4, 0.9, -2.8, 0.0]
GL_J32 = [-2.5, -3.4, 0.5, 0.2]
GL_T = [1.5, 0.5, 0.0, 1.0]
GL_K = [0.0, 0.9, 1.7, 0.7]
GL_N = [4.0, 3.0, 1.0, 0.0]
GL_TIE = [0.0, 0.5, 1.1102230246251565e-16, 2.7539073478965]  # with JAX's float64 draw (logits + g)[2] and [3] are
# one number exactly (not only once rounded): argmax's tie
GL_RTIE = [0.0, 0.5, 0.0, 2.7539073478965]  # the sums tie once rounded; exactly, [3] is 1.1e-16 above [2]
A_ORD = [0.5, -0.25, 1.5, -3.0]
HT_C = [1.0, -0.5, -1.0, 2.0]  # hardtanh's corners at 1 and -1
R6_C = [0.0, 6.0, 3.0, -1.0]
R6_ORD = [0.5, 6.5, 3.0, -1.0]
HS_C = [-3.0, 3.0, 1.0, -4.0]
HS_ORD = [1.0, -1.5, 4.0, -4.0]
SX, SY = [0.5, 1.25, 2.75], [0.0, 1.0, -0.5, 2.0]
SX_K = [1.0, 0.5, 2.75]  # a query on the interior knot 1
PRED, PRED_0 = [0.25, -0.5, 3.0], [0.25, -1.0, 3.0]  # the residual of entry 1 exactly 0


def E(file, function, dtype, verdict, z):
    return S(file, function, dtype, verdict, entmax15_bisect(dtype, z), z=z)


def HT(file, function, dtype, verdict, b):
    return S(file, function, dtype, verdict, hard_tree_st(dtype, TX, HW, b), x=TX, w=HW, b=b)


def G(file, function, dtype, verdict, draw, logits):
    return S(file, function, dtype, verdict, gumbel_hard(dtype, draw, logits), logits=logits)


def noisy(draw):
    return noisy_top2(draw)


ALL = [
    # ---------------------------------------------------------------------------------------------------- JAX
    S(J, "sparsemax", F64, "ok", sparsemax_readout, z=Z),
    S(J, "sparsemax", F32, "ok", sparsemax_readout, z=Z),
    S(J, "sparsemax", F64, "domain", sparsemax_readout, z=Z_THR),
    S(J, "sparsemax", F64, "ok", sparsemax_readout, z=Z_TIE),
    S(J, "sparsemax", F64, "domain", sparsemax_readout, z=Z_THR2),
    S(J, "sparsemax", F32, "ok", sparsemax_readout, z=Z_THR2),
    S(J, "sparsemax", F64, "ok", sparsemax_readout, z=Z_NEAR),
    S(J, "sparsemax", F32, "ok", sparsemax_readout, z=Z_NEAR),
    S(J, "sparsemax", F64, "unstable", sparsemax_readout, z=Z_ROUND),
    S(J, "sparsemax_loss", F64, "ok", sparsemax_loss, z=Z),
    S(J, "sparsemax_loss", F64, "ok", sparsemax_loss, z=Z_THR),
    S(J, "sparsemax_loss", F32, "ok", sparsemax_loss, z=Z_THR),
    S(J, "sparsemax_vjp", F64, "ok", sparsemax_readout, z=Z),
    S(J, "sparsemax_vjp", F32, "ok", sparsemax_readout, z=Z),
    S(J, "sparsemax_vjp", F64, "domain", sparsemax_readout, z=Z_THR),
    S(J, "sparsemax_vjp", F64, "ok", sparsemax_readout, z=Z_TIE),
    E(J, "entmax15", F64, "ok", Z),
    E(J, "entmax15", F32, "ok", Z),
    E(J, "entmax15", F64, "domain", Z_MAXTIE),
    S(J, "moe_top2", F64, "ok", moe_top2, x=X, w_gate=WG),
    S(J, "moe_top2", F32, "ok", moe_top2, x=X, w_gate=WG),
    S(J, "moe_top2", F64, "domain", moe_top2, x=X, w_gate=WG_DROP),
    S(J, "moe_top2", F64, "ok", moe_top2, x=X, w_gate=WG_KEPT),
    S(J, "moe_top2_masked", F64, "ok", moe_top2_masked, x=X, w_gate=WG),
    S(J, "moe_top2_masked", F64, "domain", moe_top2_masked, x=X, w_gate=WG_DROP),
    S(J, "moe_top2_masked", F64, "ok", moe_top2_masked, x=X, w_gate=WG_KEPT),
    S(J, "switch_loss", F64, "ok", switch(F64), x=X, w_gate=WG),
    S(J, "switch_loss", F32, "ok", switch(F32), x=X, w_gate=WG),
    S(J, "switch_loss", F64, "domain", switch(F64), x=X, w_gate=WG_KEPT),
    S(J, "noisy_top2", F64, "ok", noisy(DRAWS[("jax_normal", F64)]), w_gate=WG, w_noise=WN),
    S(J, "noisy_top2", F32, "ok", noisy(DRAWS[("jax_normal", F32)]), w_gate=WG, w_noise=WN),
    S(J, "soft_tree", F64, "ok", soft_tree(F64), x=TX, w=TW, b=TB),
    S(J, "soft_tree", F32, "ok", soft_tree(F32), x=TX, w=TW, b=TB),
    S(J, "soft_tree", F64, "unstable", soft_tree(F64), x=TX, w=TW, b=TB_SAT),
    HT(J, "hard_tree_st", F64, "ok", HB),
    HT(J, "hard_tree_st", F32, "ok", HB),
    HT(J, "hard_tree_st", F64, "domain", HB_0),
    HT(J, "hard_tree_st", F64, "domain", HB_1),
    G(J, "gumbel_hard", F64, "ok", DRAWS[("jax_gumbel", F64)], GL_J64),
    G(J, "gumbel_hard", F32, "ok", DRAWS[("jax_gumbel", F32)], GL_J32),
    G(J, "gumbel_hard", F64, "unstable", DRAWS[("jax_gumbel", F64)], GL),
    G(J, "gumbel_hard", F64, "domain", DRAWS[("jax_gumbel", F64)], GL_TIE),
    G(J, "gumbel_hard", F64, "unstable", DRAWS[("jax_gumbel", F64)], GL_RTIE),
    S(J, "hardtanh_sum", F64, "ok", hardtanh, x=A_ORD),
    S(J, "hardtanh_sum", F64, "domain", hardtanh, x=HT_C),
    S(J, "relu6_sum", F64, "ok", relu6, x=R6_ORD),
    S(J, "relu6_sum", F64, "domain", relu6, x=R6_C),
    S(J, "relu6_sum", F32, "domain", relu6, x=R6_C),
    S(J, "hardswish_sum", F64, "ok", hardswish, x=HS_ORD),
    S(J, "hardswish_sum", F32, "ok", hardswish, x=HS_ORD),
    S(J, "hardswish_sum", F64, "domain", hardswish, x=HS_C),
    S(J, "spline", F64, "ok", spline, x=SX, y=SY),
    S(J, "spline", F32, "ok", spline, x=SX, y=SY),
    S(J, "spline", F64, "domain", spline, x=SX_K, y=SY),
    S(J, "pinball", F64, "ok", pinball(F64), pred=PRED),
    S(J, "pinball", F32, "ok", pinball(F32), pred=PRED),
    S(J, "pinball", F64, "domain", pinball(F64), pred=PRED_0),
    # ---------------------------------------------------------------------------------------------------- PyTorch
    S(T, "sparsemax", F64, "ok", sparsemax_readout, z=Z),
    S(T, "sparsemax", F32, "ok", sparsemax_readout, z=Z),
    S(T, "sparsemax", F64, "domain", sparsemax_readout, z=Z_THR),
    S(T, "sparsemax", F64, "ok", sparsemax_readout, z=Z_TIE),
    S(T, "sparsemax", F64, "ok", sparsemax_readout, z=Z_NEAR),
    S(T, "sparsemax", F64, "ok", sparsemax_readout, z=Z_ROUND),  # clamp passes the gradient at 0: the exact one
    S(T, "sparsemax_loss", F64, "ok", sparsemax_loss, z=Z_THR),
    S(T, "sparsemax_loss", F64, "ok", sparsemax_loss, z=Z_THR2),
    S(T, "sparsemax_fn", F64, "ok", sparsemax_readout, z=Z),
    S(T, "sparsemax_fn", F64, "domain", sparsemax_readout, z=Z_THR),
    S(T, "sparsemax_fn", F64, "ok", sparsemax_readout, z=Z_TIE),
    S(T, "sparsemax_fn", F64, "domain", sparsemax_readout, z=Z_THR2),
    S(T, "sparsemax_size_bug", F64, "wrong", sparsemax_readout, z=Z),
    E(T, "entmax15", F64, "ok", Z),
    E(T, "entmax15", F64, "domain", Z_MAXTIE),
    S(T, "moe_top2", F64, "ok", moe_top2, x=X, w_gate=WG),
    S(T, "moe_top2", F32, "ok", moe_top2, x=X, w_gate=WG),
    S(T, "moe_top2", F64, "domain", moe_top2, x=X, w_gate=WG_DROP),
    S(T, "moe_top2", F64, "ok", moe_top2, x=X, w_gate=WG_KEPT),
    S(T, "moe_top2_scatter", F64, "ok", moe_top2, x=X, w_gate=WG),
    S(T, "moe_top2_scatter", F64, "domain", moe_top2, x=X, w_gate=WG_DROP),
    S(T, "switch_loss", F64, "ok", switch(F64), x=X, w_gate=WG),
    S(T, "switch_loss", F64, "domain", switch(F64), x=X, w_gate=WG_KEPT),
    S(T, "noisy_top2", F64, "ok", noisy(DRAWS[("torch_randn", F64)]), w_gate=WG, w_noise=WN),
    S(T, "noisy_top2", F32, "ok", noisy(DRAWS[("torch_randn", F32)]), w_gate=WG, w_noise=WN),
    S(T, "soft_tree", F64, "ok", soft_tree(F64), x=TX, w=TW, b=TB),
    S(T, "soft_tree", F64, "unstable", soft_tree(F64), x=TX, w=TW, b=TB_SAT),
    HT(T, "hard_tree_st", F64, "ok", HB),
    HT(T, "hard_tree_st", F64, "domain", HB_0),
    HT(T, "hard_tree_st", F64, "domain", HB_1),
    G(T, "gumbel_hard", F64, "ok", torch_gumbel(DRAWS[("torch_exp", F64)]), GL_T),
    G(T, "gumbel_hard", F32, "ok", torch_gumbel(DRAWS[("torch_exp", F32)]), GL_T),
    S(T, "hardtanh_sum", F64, "ok", hardtanh, x=A_ORD),
    S(T, "hardtanh_sum", F64, "domain", hardtanh, x=HT_C),
    S(T, "relu6_sum", F64, "domain", relu6, x=R6_C),
    S(T, "hardswish_sum", F64, "ok", hardswish, x=HS_ORD),
    S(T, "hardswish_sum", F64, "domain", hardswish, x=HS_C),
    S(T, "spline", F64, "ok", spline, x=SX, y=SY),
    S(T, "spline", F64, "domain", spline, x=SX_K, y=SY),
    S(T, "pinball", F64, "domain", pinball(F64), pred=PRED_0),
    S(T, "pinball_where", F64, "ok", pinball(F64), pred=PRED),
    S(T, "pinball_where", F64, "domain", pinball(F64), pred=PRED_0),
    # ---------------------------------------------------------------------------------------------------- TensorFlow
    S(K, "sparsemax", F64, "ok", sparsemax_readout, z=Z),
    S(K, "sparsemax", F64, "domain", sparsemax_readout, z=Z_THR),
    S(K, "sparsemax", F64, "ok", sparsemax_readout, z=Z_TIE),
    S(K, "sparsemax_cg", F64, "ok", sparsemax_readout, z=Z),
    S(K, "sparsemax_cg", F32, "ok", sparsemax_readout, z=Z),
    S(K, "moe_top2", F64, "ok", moe_top2, x=X, w_gate=WG),
    S(K, "moe_top2", F64, "domain", moe_top2, x=X, w_gate=WG_DROP),
    S(K, "switch_loss", F64, "ok", switch(F64), x=X, w_gate=WG),
    S(K, "soft_tree", F64, "ok", soft_tree(F64), x=TX, w=TW, b=TB),
    S(K, "soft_tree", F32, "ok", soft_tree(F32), x=TX, w=TW, b=TB),
    HT(K, "hard_tree_st", F64, "domain", HB_0),
    G(K, "gumbel_hard", F64, "ok", tf_gumbel(DRAWS[("tf_u", F64)]), GL_K),
    S(K, "hardtanh_sum", F64, "domain", hardtanh, x=HT_C),
    S(K, "relu6_sum", F64, "domain", relu6, x=R6_C),
    S(K, "hardswish_sum", F64, "ok", hardswish, x=HS_ORD),
    S(K, "hardswish_sum", F64, "domain", hardswish, x=HS_C),
    S(K, "spline", F64, "ok", spline, x=SX, y=SY),
    S(K, "spline", F64, "domain", spline, x=SX_K, y=SY),
    S(K, "pinball", F64, "ok", pinball(F64), pred=PRED),
    S(K, "pinball", F64, "domain", pinball(F64), pred=PRED_0),
    # ---------------------------------------------------------------------------------------------------- NumPy
    S(N, "sparsemax", F64, "ok", sparsemax_readout, z=Z),
    S(N, "sparsemax", F64, "domain", sparsemax_readout, z=Z_THR),
    S(N, "sparsemax", F64, "ok", sparsemax_readout, z=Z_TIE),
    S(N, "sparsemax", F64, "domain", sparsemax_readout, z=Z_THR2),
    S(N, "sparsemax_loss", F64, "ok", sparsemax_loss, z=Z),
    S(N, "sparsemax_loss", F64, "ok", sparsemax_loss, z=Z_THR),
    E(N, "entmax15", F64, "ok", Z),
    S(N, "moe_top2", F64, "ok", moe_top2, x=X, w_gate=WG),
    S(N, "moe_top2", F64, "domain", moe_top2, x=X, w_gate=WG_DROP),
    S(N, "gumbel_soft", F64, "ok", gumbel_soft(DRAWS[("np_gumbel", F64)]), logits=GL_N),
    S(N, "hardtanh_sum", F64, "domain", hardtanh, x=HT_C),
    S(N, "relu6_sum", F64, "domain", relu6, x=R6_C),
    S(N, "spline", F64, "domain", spline, x=SX_K, y=SY),
    S(N, "spline_interp", F64, "ok", spline, x=SX, y=SY),
    S(N, "spline_interp", F64, "domain", spline, x=SX_K, y=SY),
    S(N, "pinball", F64, "domain", pinball(F64), pred=PRED_0),
]
