"""The eighty-sixth trial set (d): NEURAL RADIANCE FIELDS AND VOLUME RENDERING, the rendering losses NeRF-style code
differentiates on one ray of four samples (t = 2, 2.5, 3, 3.5; delta = 0.5; grey colours 7/8, 3/8, 5/8, 1/8, all
exact), as JAX, PyTorch, TensorFlow and plain NumPy code writes them. JAX (jax_lib86d): the original NeRF renderer
(alpha = 1 - exp(-sigma delta), the transmittance by a shifted jnp.cumprod of 1 - alpha + 1e-10) at ordinary
densities (float32 too), at sigma delta ~ 1e-12 (float32 ~ 5e-7), at empty space (sigma = 0) and at an opaque sample
(sigma delta = 50); the stable spelling -jnp.expm1 with exp(-(cumsum - self)) at the same points; the product without
its 1e-10; given alphas composited by jnp.cumprod (ordinary, float32, one and two alphas of 1); ReLU (at 0 and off
it), softplus(raw - 1) (float32 too), exp (at 3; overflowing at 800, float32 at 100) and an Instant-NGP trunc_exp
custom_jvp (at 3; at -20, below its clip) densities; the accumulated opacity; the expected depth sum w t / sum w
(ordinary; empty space) and with + 1e-10; mip-NeRF 360's distortion loss by |m_i - m_j| (ordinary, float32, w = 0,
two empty intervals) and in its linear-time cumsum form (ordinary; two empty intervals); positional encoding
sin / cos(2^k pi x) with 10 frequencies (float64 at 0.3, -0.7, 0.1; float32 at 3/8, -5/8, 1/8) and 40 (float64 at both
points, float32); mip-NeRF's integrated encoding; a unit-sphere hit (-b - sqrt(disc)) / 2a (ordinary, float32; a
grazing ray, disc = 0), with sqrt(max(disc, 0)) (grazing; ordinary) and sqrt(max(disc, 1e-12)) (grazing); the view
direction d / |d| (ordinary; d = 0), d / max(|d|, 1e-8) (d = 0; ordinary), d / sqrt(|d|^2 + 1e-12) (d = 0); sigmoid
colours with mip-NeRF's padding (float32 too); PSNR -10 log10(mse) (float32 too; a perfect match); the compositing
step as a custom_vjp (ordinary, float32, empty space, opaque sample), with the transmittance before the sample, and
with nondiff_argnums (float32 too); the renderer under jax.checkpoint and over a batch by vmap (float32 too); the
original 1e10 last interval (sigma_last 0.25 and 0); a lax.scan renderer (float32; opaque); the inverse CDF of
hierarchical sampling by jnp.searchsorted (ordinary; on a CDF knot). PyTorch (torch_lib86d): nerf-pytorch's
raw2outputs (float32; ~1e-12), the stable spelling (~1e-12; opaque), F.relu at 0, F.softplus, F.softplus(beta = 10)
at its threshold x beta = 20 and off it, composited alphas by torch.cumprod (one and two of 1, float32), torch-ngp's
trunc_exp autograd.Function (at 3; at -20, float32 too) and with its torch.amp decorators, the depth, nerf-pytorch's
disparity 1 / max(1e-10, depth / acc) (ordinary; empty), mse2psnr (ordinary; a match), d / torch.norm(d) and
F.normalize (d = 0; float32), the sphere (ordinary; grazing), the compositing autograd.Function (ordinary; opaque),
with the transmittance before the sample, with once_differentiable and its suffix as reverse cumsum - self (ordinary;
opaque), the inverse CDF by torch.searchsorted (of densities, float32 too; of weights: ordinary, on a knot between
bins of equal mass, on a knot between unequal ones), and a renderer pruning samples by sigma[sigma > 1e-2]. TensorFlow
(tf_lib86d): raw2outputs with tf.math.cumprod(exclusive=True) (float32; ~1e-12; opaque) and under
tf.function(jit_compile=True) (opaque; ordinary), the stable spelling with tf.math.expm1 and tf.math.cumsum(exclusive=
True) (~1e-12; opaque), the product without 1e-10 (opaque), composited alphas by tf.math.cumprod(exclusive=True)
(ordinary; one and two of 1) and by cumprod(exclusive=True, reverse=True) stored far to near (ordinary; one of 1),
tf.math.softplus, the depth and tf.math.divide_no_nan at empty space, PSNR (ordinary; a match), the grazing sphere,
tf.math.l2_normalize (d = 0; ordinary), the compositing step by tf.custom_gradient (ordinary; opaque) and with the
transmittance before the sample. NumPy (np_lib86d): the renderer (ordinary; ~1e-12), the stable spelling (~1e-12;
opaque), np.maximum ReLU at 0, np.logaddexp softplus, the opacity, depth and depth + 1e-10 at empty space,
composited alphas by np.cumprod (one and two of 1), a hand-written sigmoid's colours (ordinary; -800), PSNR (ordinary;
a match), positional encoding, the sphere (ordinary; grazing), the view direction (ordinary; d = 0).

Counts: 160 cases tried through the CLI by tests/trials/judge.py (a scratch driver: two CLI runs at a time, judged one
at a time in its main thread; a first run of 121, then 39 added in five batches with the 7 corrected ones, then all
160 again in one run). ALL keeps all 160: 101 ok, 22 unstable, 20 domain, 16 wrong, 1 input error; 137 float64, 23
float32 (JAX 75, PyTorch 40, TensorFlow 25, NumPy 20). All 160 agree with my truths (after the corrections below) in
verdict and in every exact gradient entry to 1e-10 relative and, where a case names its line or message, in that.
No finding. Each check took 1.5-22.9 s (median 7.6 s; NumPy 1.5-3.8 s, JAX 3.9-10.2 s, PyTorch
11-17 s, TensorFlow 12-23 s, over 15 s only from TensorFlow's start-up on the loaded machine); the whole set about
25 min of CLI time (13 min on two cores); every truth under 11 s (the 40-frequency encodings), most under 1 s.
The test file (8 chosen, no xfails) takes about 15 s.

Agreed (verdicts and exact slopes):
- 1 - exp(-sigma delta) at sigma delta ~ 1e-12 (float32 ~ 5e-7): the subtraction cancels: unstable, at its line (the
  renderer and the opacity; JAX, PyTorch, TensorFlow, NumPy); -expm1 with the exponential of the running sum: ok;
- empty space (sigma = 0): the colour's slopes d c_k (1 + 1e-10)^k ok; the depth's 0 / 0: domain, every entry NaN
  (JAX, PyTorch, TensorFlow, NumPy; tf.math.divide_no_nan: 0 at the point, t_k beside it, a jump: domain;
  nerf-pytorch's disparity: NaN through torch.max: domain); with + 1e-10: ok (slopes 1e10 t_k);
- an opaque sample (sigma delta = 50, 1 - alpha = 1.9e-22 rounds to 0): without the 1e-10 the samples behind it lose
  their slopes (2.5e-23 computed 0): unstable (JAX; TensorFlow, where Cumprod's rule divides by that 0 through a
  where gradcli names); with 1e-10, eagerly: ok (TensorFlow); TensorFlow's own spelling by expm1 and an exclusive
  cumsum: ok there, and its custom_gradient whose suffix is a reverse exclusive cumsum: ok there;
- given alphas with alpha = 1: jnp.cumprod, torch.cumprod and np.cumprod's rules: ok (the samples behind get 0, the
  opaque one 0.035); TensorFlow's tf.math.cumprod(exclusive=True) rule divides by the factor 0 (div_no_nan) and gives
  0.2625 for 0.035 (two alphas of 1: 0.875 for 0.5; reverse=True stored far to near: alike): wrong, naming
  tf.math.cumprod at the line;
- densities: ReLU at 0 a kink in raw[0] (0 and 0.3398 from the two sides): domain (JAX, PyTorch, NumPy); softplus ok
  (float32 too); F.softplus(beta = 10) at x beta = 20 jumps by 3.1e-11 at its switch: domain; exp(800) (float32
  exp(100)) overflows, inf - inf in the running sum makes the colour NaN where it is 0.875: unstable, naming the exp;
  trunc_exp below its clip (raw = -20: the slope e^-15 where it is e^-20 times the rest): wrong, at the custom_jvp's
  rule and the Function's backward (its amp decorators too; float32 too); ok at 3;
- the distortion loss: the diagonal |m_i - m_i| (0 for every t) is no kink: ok (float32 too; w = 0 too); two empty
  intervals make m_0 = m_1: a kink in t[0] (-0.1068 and 0.0182 from the two sides) and t[2], t[1] keeping its slope:
  domain; the linear-time form (no |.|, a polynomial) there: ok;
- positional encoding: ok with 10 frequencies (float32 at 3/8 too); with 40, float64 at 3/8, -5/8, 1/8 ok (x 2^k
  fl(pi) is exact: fl(pi)'s last three bits are 0, so 3 and 5 times it fit 53 bits, and sin / cos of the exact
  argument are right to 1e-16 at 1e12), at 0.3, -0.7, 0.1 unstable (the product rounds by 1e-4 absolute at 1e12:
  cos amplifies by 1e12, named at the encoding's line); float32 unstable; the integrated encoding ok;
- the grazing ray (disc = 0 exactly): o_x and o_y have no derivative (no value beside the point, or an infinite
  slope on one side) but o_z's exact slope is -1 (disc does not move with o_z), and sqrt's rule at 0 gives inf - inf =
  NaN there: wrong (JAX, PyTorch, TensorFlow, NumPy; clamped by max(disc, 0): o_x's exact 0 and o_z's -1 NaN, wrong);
  sqrt(max(disc, 1e-12)): the point inside the clamp's flat band, slopes 0, 0, -1: ok;
- view directions at d = 0: d / |d| domain (every entry NaN); d / max(|d|, 1e-8): slopes W 1e8, JAX's norm rule
  0 / 0: wrong, at the line; d / sqrt(|d|^2 + 1e-12) ok; F.normalize (its norm rule 0 at 0) ok, slopes W 1e12;
  tf.math.l2_normalize ok, slopes W 1e6;
- PSNR at a perfect match: the value +inf: domain (JAX, PyTorch's mse2psnr of shape [1], TensorFlow, NumPy); ok off it
  (float32 too); a hand-written sigmoid at -800: exp overflows, the slope NaN where it is 1.4e-348: unstable;
  jax.nn.sigmoid's padded colours ok (float32 too);
- the hand-written compositing backward: ok (custom_vjp, float32 too, with nondiff_argnums, autograd.Function,
  tf.custom_gradient); the transmittance before the sample for the one after it: wrong, at the backward (JAX,
  PyTorch, TensorFlow); under jax.checkpoint, vmap (float32 too), lax.scan (float32 too), the 1e10 last interval
  (its slope 1e10 T c at sigma_last = 0; at 0.25 below every double): ok; lax.scan at an opaque sample: unstable;
- searchsorted: the inverse CDF of the densities (float32 too) and of weights ok; on a CDF knot between bins of
  unequal mass a kink (w[0]: -0.99996 and -0.666649): domain (torch.searchsorted and jnp.searchsorted); on a knot
  between bins of equal mass the two pieces meet with one slope: ok;
- the refusal: sigma[sigma > 1e-2]: exit 2, "the PyTorch op aten.nonzero.default at torch_lib86d.py:LINE makes an
  output whose shape depends on its inputs' values ... a selection keeps its shape as torch.where(mask, x, 0.0)", clear.

My truths corrected (gradcli right):
- jax_lib86d:render at the opaque sample, meant ok (1 - alpha + 1e-10 is 1e-10 for 1e-10 + 1.9e-22): jitted, XLA folds
  (1 - alpha) + 1e-10 into (1 + 1e-10) - alpha, and 1 + 1e-10 rounds to 1 + 1.000000082740371e-10, so the factor and
  the slopes behind it are 8.3e-8 off: unstable (a scratch probe: jax.jit(jax.grad(render)) gives 1.289525203370428e-11
  for sigma[2], the eager jax.grad 1.2895250966746434e-11, the exact 1.2895250966771306e-11); tf.function(jit_compile=
  True) alike (added: unstable there, ok eagerly).
- jax_lib86d:render_stable at the opaque sample, meant ok: JAX's expm1 rule is g (ans + 1), and expm1(-50) rounds to
  -1, so the opaque sample's slope 6.1e-24 comes out 0: unstable; PyTorch's rule is the same (added: unstable);
  TensorFlow's (g exp(x)) is not: ok.
- np_lib86d:render_stable at the opaque sample, meant ok: the exclusive cumsum written cumsum(sd) - sd sends the
  gradient down two paths that cancel (0.292 - 0.292 for a 1e-23 difference): sigma[1] 2.8e-23 for 6.1e-24: unstable.
- torch_lib86d:render_once at the opaque sample, meant ok: my backward's suffix as (reverse cumsum) - w c cancels the
  same way: unstable (the custom_vjp's total - cumsum at that point too, as I meant).
- torch_lib86d:fine_sample_w on the knot at w = [1/4] * 4, meant domain: the inverse CDF's slope jumps by the ratio of
  the two bins' masses, here 1: no kink, ok (a knot between unequal bins added: domain).
- tf_lib86d:composite's line fragment named two lines (mine); jax_lib86d:distortion_fast at two empty intervals first
  took the |.| form's truth: the linear-time form has no |.| there (ok).

Truths are my own expressions evaluated with mpmath (2,000 digits by cases30b.sided_grad: each slope from the left and
the right, NaN where they differ or either is not finite), never the files' code or gradcli: the colour telescoped,
sum c_i (e^{-d S_{i-1}} - e^{-d S_i}), or with NeRF's 1e-10 as sum c_i (1 - e^{-s_i d}) prod_{j<i} (e^{-s_j d} +
1e-10) (never 1 - alpha); given alphas by the over operator back to front; the depth and opacity from those weights;
the distortion loss over distinct pairs only; positional encoding with fl(pi) as the dtype holds it; the sphere as
-o_z - sqrt(1 - o_x^2 - o_y^2); PSNR by log10; the inverse CDF from the weights' own CDF; a NaN where no value is.
Constants the programs hold (1e-10, 1e-12, 1e-8, 1e-5, 1.002, 0.001, pi) as the dtype holds them.
"""
import math

import mpmath

from cases import Case
from cases5 import hp
from cases30b import sided_grad
from cases73d import H, NAN, at, mpf

J, T, K, N = "jax_lib86d.py", "torch_lib86d.py", "tf_lib86d.py", "np_lib86d.py"
F32, F64 = "float32", "float64"

DELTA = mpf("0.5")
RGB = [mpf("0.875"), mpf("0.375"), mpf("0.625"), mpf("0.125")]
TV = [mpf(2), mpf("2.5"), mpf(3), mpf("3.5")]
BINS = [mpf(2), mpf("2.5"), mpf(3), mpf("3.5"), mpf(4)]
GT = [mpf("0.25"), mpf("0.5"), mpf("0.75")]
VIEW_W = [mpf("0.25"), mpf("0.5"), mpf("-0.75")]


# ------------------------------------------------------------------------------------------------- the mathematics
def survive(s):
    """exp(-s delta): the probability of passing one interval (never 1 - alpha)."""
    return mpmath.exp(-s * DELTA)


def colour_eps(eps):
    """sum c_i (1 - e^{-s_i d}) prod_{j<i} (e^{-s_j d} + eps): NeRF's product with its eps, as the dtype holds it."""
    def f(sigma):
        total, trans = mpf(0), mpf(1)
        for s, c in zip(sigma, RGB):
            total += c * (1 - survive(s)) * trans
            trans *= survive(s) + eps
        return total
    return f


def colour(sigma):
    """The telescoped form: sum c_i (e^{-d S_{i-1}} - e^{-d S_i}), S the running sum of densities."""
    total, run = mpf(0), mpf(0)
    for s, c in zip(sigma, RGB):
        total += c * (mpmath.exp(-DELTA * run) - mpmath.exp(-DELTA * (run + s)))
        run += s
    return total


def over(alpha):
    """Back to front by the over operator: a_i c_i + (1 - a_i) (what lies behind)."""
    behind = mpf(0)
    for a, c in reversed(list(zip(alpha, RGB))):
        behind = a * c + (1 - a) * behind
    return behind


def weights_eps(sigma, eps):
    out, trans = [], mpf(1)
    for s in sigma:
        out.append((1 - survive(s)) * trans)
        trans *= survive(s) + eps
    return out


def opacity(eps):
    return lambda sigma: sum(weights_eps(sigma, eps))


def depth_eps(eps, eps2):
    def f(sigma):
        w = weights_eps(sigma, eps)
        return sum(a * t for a, t in zip(w, TV)) / (sum(w) + eps2)
    return f


def depth(eps):
    def f(sigma):
        w = weights_eps(sigma, eps)
        return sum(a * t for a, t in zip(w, TV)) / sum(w)
    return f


def softplus_beta(x):
    """PyTorch's F.softplus(x, beta=10): log1p(exp(10 x)) / 10 up to 10 x = 20, x beyond."""
    return x if 10 * x > 20 else mpmath.log1p(mpmath.exp(10 * x)) / 10


def disparity(eps):
    def f(sigma):
        w = weights_eps(sigma, eps)
        return 1 / max(H(F64, 1e-10), sum(a * t for a, t in zip(w, TV)) / sum(w))
    return f


def batch(sigma):
    return sum(colour(r) for r in sigma) / len(sigma)


def render_far(eps):
    """The intervals 0.5, 0.5, 0.5 and 1e10 (the double the program holds, exact: 1e10 is an integer)."""
    dists = [DELTA, DELTA, DELTA, mpf(10) ** 10]

    def f(sigma):
        total, trans = mpf(0), mpf(1)
        for s, c, dd in zip(sigma, RGB, dists):
            total += c * (1 - mpmath.exp(-s * dd)) * trans
            trans *= mpmath.exp(-s * dd) + eps
        return total
    return f


def ipe(mu, var):
    return sum(mpmath.exp(-var * 4 ** k / 2) * mpmath.sin(2 ** k * mu) for k in range(16))


def sphere_safe(o):
    """sqrt(max(disc, 1e-12)): the graze sits inside the clamp's flat band."""
    return -o[2] - mpmath.sqrt(max(4 * (1 - o[0] ** 2 - o[1] ** 2), H(F64, 1e-12))) / 2


def far_first(alpha):
    """Stored far to near, the colours reversed with them: the same over operator from the last entry."""
    return over(list(reversed(alpha)))


def fine_sample_w(floor):
    def f(w):
        w = [v + floor for v in w]
        cdf = [mpf(0)]
        for v in w:
            cdf.append(cdf[-1] + v / sum(w))
        u = mpf("0.5")
        hi = next(i for i, c in enumerate(cdf) if c > u)
        lo = hi - 1
        return BINS[lo] + (u - cdf[lo]) / (cdf[hi] - cdf[lo]) * (BINS[hi] - BINS[lo])
    return f


def relu(x):
    return max(x, mpf(0))


def softplus(x):
    return mpmath.log1p(mpmath.exp(x))


def of(activation, f):
    return lambda raw: f([activation(r) for r in raw])


def distortion(w, t):
    """Over the distinct pairs only (|m_i - m_i| is 0 everywhere), twice, plus the intervals' own term."""
    mid = [(t[i] + t[i + 1]) / 2 for i in range(len(w))]
    bi = 2 * sum(w[i] * w[j] * abs(mid[i] - mid[j]) for i in range(len(w)) for j in range(i + 1, len(w)))
    return bi + sum(w[i] ** 2 * (t[i + 1] - t[i]) for i in range(len(w))) / 3


def distortion_sorted(w, t):
    """The linear-time form's own function: sum over j < i of w_i w_j (m_i - m_j), no |.| (it takes the midpoints
    sorted), twice, plus the intervals' own term: a polynomial."""
    mid = [(t[i] + t[i + 1]) / 2 for i in range(len(w))]
    bi = 2 * sum(w[i] * w[j] * (mid[i] - mid[j]) for i in range(len(w)) for j in range(i))
    return bi + sum(w[i] ** 2 * (t[i + 1] - t[i]) for i in range(len(w))) / 3


def posenc(n, dtype):
    p = H(dtype, math.pi)
    return lambda x: sum(mpmath.sin(2 ** k * p * v) + mpmath.cos(2 ** k * p * v) for v in x for k in range(n))


def sphere(o):
    """With d = e_z and radius 1 the discriminant is 4 (1 - o_x^2 - o_y^2): t = -o_z - sqrt(1 - o_x^2 - o_y^2)."""
    return -o[2] - mpmath.sqrt(1 - o[0] ** 2 - o[1] ** 2)


def sphere_clamped(o):
    return -o[2] - mpmath.sqrt(max(1 - o[0] ** 2 - o[1] ** 2, mpf(0)))


def _len(d):
    return mpmath.sqrt(sum(v * v for v in d))


def view(d):
    return sum(w * v for w, v in zip(VIEW_W, d)) / _len(d)


def view_floor(floor):
    """d / max(|d|, floor)."""
    return lambda d: sum(w * v for w, v in zip(VIEW_W, d)) / max(_len(d), floor)


def view_eps(eps):
    return lambda d: sum(w * v for w, v in zip(VIEW_W, d)) / mpmath.sqrt(sum(v * v for v in d) + eps)


def view_sq_floor(floor):
    """tf.math.l2_normalize: d / sqrt(max(|d|^2, floor))."""
    return lambda d: sum(w * v for w, v in zip(VIEW_W, d)) / mpmath.sqrt(max(sum(v * v for v in d), floor))


def sig(x):
    return 1 / (1 + mpmath.exp(-x))


def render_rgb(dtype):
    scale, shift = H(dtype, 1 + 2 * 0.001), H(dtype, 0.001)

    def f(sigma, raw_rgb):
        total, run = mpf(0), mpf(0)
        for s, r in zip(sigma, raw_rgb):
            total += (mpmath.exp(-DELTA * run) - mpmath.exp(-DELTA * (run + s))) * (sig(r) * scale - shift)
            run += s
        return total
    return f


def np_rgb(raw_rgb):
    """Fixed weights (sigma = 1): e^{-d i} - e^{-d (i + 1)}."""
    return sum((mpmath.exp(-DELTA * i) - mpmath.exp(-DELTA * (i + 1))) * sig(r) for i, r in enumerate(raw_rgb))


def psnr(pred):
    mse = sum((p - g) ** 2 for p, g in zip(pred, GT)) / 3
    return -10 * mpmath.log10(mse)


def fine_sample(eps, floor):
    """The inverse CDF at u = 1/2 of the weights (+ floor), piecewise linear between the bins' edges."""
    def f(sigma):
        w = [v + floor for v in weights_eps(sigma, eps)]
        cdf = [mpf(0)]
        for v in w:
            cdf.append(cdf[-1] + v / sum(w))
        u = mpf("0.5")
        hi = next(i for i, c in enumerate(cdf) if c > u)
        lo = hi - 1
        return BINS[lo] + (u - cdf[lo]) / (cdf[hi] - cdf[lo]) * (BINS[hi] - BINS[lo])
    return f


# ------------------------------------------------------------------------------------------------- cases
def S(file, function, dtype, verdict, f, line=None, **point):
    return Case(file, function, at(**point), dtype, verdict, sided_grad(f, dtype, finite_sides=True, **point),
                line=line)


def Err(file, function, point, message, dtype=F64):
    return Case(file, function, at(**point), dtype, "input-error", message=message)


def nans(shape):
    return [nans(s) for s in shape] if isinstance(shape, list) else NAN


def Nan(file, function, dtype, verdict, **point):
    """No derivative in any entry (no value at the point, and none near it that settles)."""
    return Case(file, function, at(**point), dtype, verdict, hp(lambda: {k: nans(v) for k, v in point.items()}))


def EPS(dtype):
    return H(dtype, 1e-10)


C64, C32 = colour_eps(EPS(F64)), colour_eps(EPS(F32))

S_ORD = [0.5, 1.0, 2.0, 0.25]
S_TINY = [1e-12, 2e-12, 1e-12, 3e-12]  # sigma delta ~ 1e-12: 1 - exp cancels in float64
S_TINY32 = [1e-06, 2e-06, 1e-06, 3e-06]  # and in float32
S_ZERO = [0.0, 0.0, 0.0, 0.0]  # empty space
S_SAT = [0.5, 100.0, 1.0, 2.0]  # an opaque sample: 1 - alpha = e^-50 rounds to 0
A_ORD = [0.3, 0.6, 0.5, 0.2]
A_OPAQUE = [0.3, 1.0, 0.5, 0.2]
A_TWO = [1.0, 1.0, 0.5, 0.2]
RAW_KINK = [0.0, 1.0, -0.5, 2.0]  # relu's kink at raw[0]
RAW_ORD = [0.25, 1.0, -0.5, 2.0]
RAW_MID = [3.0, 0.0, 1.0, -1.0]
RAW_BIG = [800.0, 0.0, 1.0, -1.0]  # exp(800) overflows float64
RAW_BIG32 = [100.0, 0.0, 1.0, -1.0]  # exp(100) overflows float32
RAW_BETA = [3.0, 1.0, -0.5, 2.0]  # 10 (raw[0] - 1) = 20: PyTorch's softplus switches to x
RAW_TE = [-20.0, 0.0, 1.0, -1.0]  # below trunc_exp's clamp at -15
W_ORD = [0.125, 0.5, 0.25, 0.0625]
EDGES = [2.0, 2.5, 3.0, 3.5, 4.0]
COLLAPSED = [2.0, 2.0, 2.0, 3.0, 4.0]  # two empty intervals: midpoints 2 and 2 coincide
X_DYAD = [0.375, -0.625, 0.125]
X_DEC = [0.3, -0.7, 0.1]
O_ORD = [0.25, 0.5, -5.0]
O_GRAZE = [0.0, 1.0, -5.0]  # the discriminant exactly 0
D_ORD = [1.0, 2.0, 2.0]
D0 = [0.0, 0.0, 0.0]
RGB_RAW = [-3.0, 0.0, 2.0, 1.5]
RGB_BIG = [-800.0, 0.0, 2.0, 1.5]  # exp(800) overflows
P_ORD = [0.3, 0.375, 0.875]

DEPTH64 = depth_eps(EPS(F64), EPS(F64))

ALL = [
    # ---------------------------------------------------------------------------------------------------- JAX
    S(J, "render", F64, "ok", C64, sigma=S_ORD),
    S(J, "render", F32, "ok", C32, sigma=S_ORD),
    S(J, "render", F64, "unstable", C64, sigma=S_TINY),
    S(J, "render_stable", F64, "ok", colour, sigma=S_TINY),
    S(J, "render", F32, "unstable", C32, sigma=S_TINY32),
    S(J, "render_stable", F32, "ok", colour, sigma=S_TINY32),
    S(J, "render", F64, "ok", C64, sigma=S_ZERO),
    S(J, "render", F64, "unstable", C64, sigma=S_SAT),  # XLA: (1 + 1e-10) - alpha
    S(J, "render_noeps", F64, "unstable", colour, sigma=S_SAT),
    S(J, "render_stable", F64, "unstable", colour, sigma=S_SAT),  # expm1's rule ans + 1
    S(J, "render_stable", F32, "ok", colour, sigma=S_ORD),
    S(J, "composite", F64, "ok", over, alpha=A_ORD),
    S(J, "composite", F64, "ok", over, alpha=A_OPAQUE),
    S(J, "composite", F64, "ok", over, alpha=A_TWO),
    S(J, "composite", F32, "ok", over, alpha=A_ORD),
    S(J, "render_relu", F64, "domain", of(relu, C64), raw=RAW_KINK),
    S(J, "render_relu", F64, "ok", of(relu, C64), raw=RAW_ORD),
    S(J, "render_softplus", F64, "ok", of(lambda r: softplus(r - 1), C64), raw=RAW_KINK),
    S(J, "render_softplus", F32, "ok", of(lambda r: softplus(r - 1), C32), raw=RAW_KINK),
    S(J, "render_exp", F64, "ok", of(mpmath.exp, colour), raw=RAW_MID),
    S(J, "render_exp", F64, "unstable", of(mpmath.exp, colour), raw=RAW_BIG),
    S(J, "render_exp", F32, "unstable", of(mpmath.exp, colour), raw=RAW_BIG32),
    S(J, "acc", F64, "ok", opacity(EPS(F64)), sigma=S_ORD),
    S(J, "acc", F64, "unstable", opacity(EPS(F64)), sigma=S_TINY),
    S(J, "depth", F64, "ok", depth(EPS(F64)), sigma=S_ORD),
    Nan(J, "depth", F64, "domain", sigma=S_ZERO),
    S(J, "depth_eps", F64, "ok", DEPTH64, sigma=S_ZERO),
    S(J, "depth_eps", F64, "ok", DEPTH64, sigma=S_ORD),
    S(J, "distortion", F64, "ok", distortion, w=W_ORD, t=EDGES),
    S(J, "distortion", F32, "ok", distortion, w=W_ORD, t=EDGES),
    S(J, "distortion", F64, "ok", distortion, w=[0.0, 0.0, 0.0, 0.0], t=EDGES),
    S(J, "distortion", F64, "domain", distortion, w=W_ORD, t=COLLAPSED),
    S(J, "posenc", F64, "ok", posenc(10, F64), x=X_DEC),
    S(J, "posenc", F32, "ok", posenc(10, F32), x=X_DYAD),
    S(J, "posenc_deep", F64, "ok", posenc(40, F64), x=X_DYAD),
    S(J, "posenc_deep", F64, "unstable", posenc(40, F64), x=X_DEC),
    S(J, "posenc_deep", F32, "unstable", posenc(40, F32), x=X_DYAD),
    S(J, "sphere_t", F64, "ok", sphere, o=O_ORD),
    S(J, "sphere_t", F32, "ok", sphere, o=O_ORD),
    S(J, "sphere_t", F64, "wrong", sphere, o=O_GRAZE),
    S(J, "sphere_t_clamped", F64, "wrong", sphere_clamped, o=O_GRAZE),
    S(J, "sphere_t_clamped", F64, "ok", sphere_clamped, o=O_ORD),
    S(J, "view_dir", F64, "ok", view, d=D_ORD),
    Nan(J, "view_dir", F64, "domain", d=D0),
    S(J, "view_dir_clip", F64, "wrong", view_floor(H(F64, 1e-8)), d=D0,
      line="v = d / jnp.maximum(jnp.linalg.norm(d), 1e-8)"),
    S(J, "view_dir_clip", F64, "ok", view_floor(H(F64, 1e-8)), d=D_ORD),
    S(J, "view_dir_eps", F64, "ok", view_eps(H(F64, 1e-12)), d=D0),
    S(J, "render_rgb", F64, "ok", render_rgb(F64), sigma=S_ORD, raw_rgb=RGB_RAW),
    S(J, "render_rgb", F32, "ok", render_rgb(F32), sigma=S_ORD, raw_rgb=RGB_RAW),
    S(J, "psnr", F64, "ok", psnr, pred=P_ORD),
    S(J, "psnr", F32, "ok", psnr, pred=P_ORD),
    Nan(J, "psnr", F64, "domain", pred=[0.25, 0.5, 0.75]),
    S(J, "render_custom", F64, "ok", colour, sigma=S_ORD),
    S(J, "render_custom", F32, "ok", colour, sigma=S_ORD),
    S(J, "render_custom", F64, "ok", colour, sigma=S_ZERO),
    S(J, "render_custom", F64, "unstable", colour, sigma=S_SAT),
    S(J, "render_bad", F64, "wrong", colour, sigma=S_ORD, line="def composite_bad_bwd"),
    S(J, "render_trunc_exp", F64, "ok", of(mpmath.exp, colour), raw=RAW_MID),
    S(J, "render_trunc_exp", F64, "wrong", of(mpmath.exp, colour), raw=RAW_TE, line="def trunc_exp_jvp"),
    S(J, "render_scan", F64, "ok", colour, sigma=S_ORD),
    S(J, "render_scan", F32, "ok", colour, sigma=S_ORD),
    S(J, "render_scan", F64, "unstable", colour, sigma=S_SAT),
    S(J, "distortion_fast", F64, "ok", distortion, w=W_ORD, t=EDGES),
    S(J, "render_batch", F64, "ok", batch, sigma=[S_ORD, S_ZERO]),
    S(J, "render_remat", F64, "ok", colour, sigma=S_ORD),
    S(J, "fine_sample_w", F64, "ok", fine_sample_w(H(F64, 1e-5)), w=W_ORD),
    S(J, "fine_sample_w", F64, "domain", fine_sample_w(H(F64, 1e-5)), w=[0.125, 0.375, 0.25, 0.25]),
    S(J, "render_nd", F64, "ok", colour, sigma=S_ORD),
    S(J, "render_nd", F32, "ok", colour, sigma=S_ORD),
    S(J, "render_batch", F32, "ok", batch, sigma=[S_ORD, S_TINY32]),
    S(J, "render_far", F64, "ok", render_far(EPS(F64)), sigma=S_ORD),
    S(J, "render_far", F64, "ok", render_far(EPS(F64)), sigma=[0.5, 1.0, 2.0, 0.0]),
    S(J, "ipe", F64, "ok", ipe, mu=0.375, var=0.01),
    S(J, "sphere_t_safe", F64, "ok", sphere_safe, o=O_GRAZE),
    S(J, "distortion_fast", F64, "ok", distortion_sorted, w=W_ORD, t=COLLAPSED),
    # ---------------------------------------------------------------------------------------------------- PyTorch
    S(T, "render", F64, "ok", C64, sigma=S_ORD),
    S(T, "render", F32, "ok", C32, sigma=S_ORD),
    S(T, "render", F64, "unstable", C64, sigma=S_TINY),
    S(T, "render_stable", F64, "ok", colour, sigma=S_TINY),
    S(T, "render_stable", F64, "unstable", colour, sigma=S_SAT),
    S(T, "render_relu", F64, "domain", of(relu, C64), raw=RAW_KINK),
    S(T, "render_softplus", F64, "ok", of(lambda r: softplus(r - 1), C64), raw=RAW_KINK),
    S(T, "render_softplus_beta", F64, "domain", of(lambda r: softplus_beta(r - 1), C64), raw=RAW_BETA),
    S(T, "render_softplus_beta", F64, "ok", of(lambda r: softplus_beta(r - 1), C64), raw=RAW_KINK),
    S(T, "disparity", F64, "ok", disparity(EPS(F64)), sigma=S_ORD),
    Nan(T, "disparity", F64, "domain", sigma=S_ZERO),
    S(T, "composite", F64, "ok", over, alpha=A_OPAQUE),
    S(T, "composite", F64, "ok", over, alpha=A_TWO),
    S(T, "composite", F32, "ok", over, alpha=A_ORD),
    S(T, "render_trunc_exp", F64, "ok", of(mpmath.exp, colour), raw=RAW_MID),
    S(T, "render_trunc_exp", F64, "wrong", of(mpmath.exp, colour), raw=RAW_TE,
      line="class TruncExp>>def backward(ctx, g):"),
    S(T, "render_trunc_exp", F32, "wrong", of(mpmath.exp, colour), raw=RAW_TE),
    S(T, "render_trunc_exp_amp", F64, "ok", of(mpmath.exp, colour), raw=RAW_MID),
    S(T, "render_trunc_exp_amp", F64, "wrong", of(mpmath.exp, colour), raw=RAW_TE,
      line="class TruncExpAmp>>def backward(ctx, g):"),
    S(T, "render_once", F64, "ok", colour, sigma=S_ORD),
    S(T, "render_once", F64, "unstable", colour, sigma=S_SAT),  # inclusive reverse cumsum - self cancels
    S(T, "depth", F64, "ok", depth(EPS(F64)), sigma=S_ORD),
    Nan(T, "depth", F64, "domain", sigma=S_ZERO),
    S(T, "mse2psnr", F64, "ok", psnr, pred=P_ORD),
    Nan(T, "mse2psnr", F64, "domain", pred=[0.25, 0.5, 0.75]),
    S(T, "view_dir", F64, "ok", view, d=D_ORD),
    Nan(T, "view_dir", F64, "domain", d=D0),
    S(T, "view_dir_normalize", F64, "ok", view_floor(H(F64, 1e-12)), d=D0),
    S(T, "view_dir_normalize", F32, "ok", view_floor(H(F32, 1e-12)), d=D_ORD),
    S(T, "sphere_t", F64, "ok", sphere, o=O_ORD),
    S(T, "sphere_t", F64, "wrong", sphere, o=O_GRAZE),
    S(T, "render_custom", F64, "ok", colour, sigma=S_ORD),
    S(T, "render_custom", F64, "unstable", colour, sigma=S_SAT),
    S(T, "render_bad", F64, "wrong", colour, sigma=S_ORD, line="class CompositeBad>>def backward(ctx, g):"),
    S(T, "fine_sample", F64, "ok", fine_sample(EPS(F64), H(F64, 1e-5)), sigma=S_ORD),
    S(T, "fine_sample", F32, "ok", fine_sample(EPS(F32), H(F32, 1e-5)), sigma=S_ORD),
    S(T, "fine_sample_w", F64, "ok", fine_sample_w(H(F64, 1e-5)), w=W_ORD),
    # u = 1/2 on the CDF's knot between bins of equal mass: the inverse CDF's pieces meet with one slope
    S(T, "fine_sample_w", F64, "ok", fine_sample_w(H(F64, 1e-5)), w=[0.25, 0.25, 0.25, 0.25]),
    S(T, "fine_sample_w", F64, "domain", fine_sample_w(H(F64, 1e-5)), w=[0.125, 0.375, 0.25, 0.25]),
    Err(T, "render_pruned", dict(sigma=[0.5, 0.0, 2.0, 0.25]), ("nonzero", "torch_lib86d.py:")),
    # ---------------------------------------------------------------------------------------------------- TensorFlow
    S(K, "render", F64, "ok", C64, sigma=S_ORD),
    S(K, "render", F32, "ok", C32, sigma=S_ORD),
    S(K, "render", F64, "unstable", C64, sigma=S_TINY),
    S(K, "render_stable", F64, "ok", colour, sigma=S_TINY),
    S(K, "render_noeps", F64, "unstable", colour, sigma=S_SAT),
    S(K, "render_stable", F64, "ok", colour, sigma=S_SAT),
    S(K, "composite", F64, "ok", over, alpha=A_ORD),
    S(K, "composite", F64, "wrong", over, alpha=A_OPAQUE, line="def composite(>>trans = tf.math.cumprod"),
    S(K, "composite", F64, "wrong", over, alpha=A_TWO),
    S(K, "composite_far_first", F64, "ok", far_first, alpha=A_ORD),
    S(K, "composite_far_first", F64, "wrong", far_first, alpha=[0.2, 0.5, 1.0, 0.3]),
    S(K, "render", F64, "ok", C64, sigma=S_SAT),
    S(K, "render_xla", F64, "unstable", C64, sigma=S_SAT),  # XLA: (1 + 1e-10) - alpha, as JAX's
    S(K, "render_xla", F64, "ok", C64, sigma=S_ORD),
    S(K, "render_softplus", F64, "ok", of(lambda r: softplus(r - 1), C64), raw=RAW_KINK),
    Nan(K, "depth", F64, "domain", sigma=S_ZERO),
    Nan(K, "depth_safe", F64, "domain", sigma=S_ZERO),
    S(K, "psnr", F64, "ok", psnr, pred=P_ORD),
    Nan(K, "psnr", F64, "domain", pred=[0.25, 0.5, 0.75]),
    S(K, "sphere_t", F64, "wrong", sphere, o=O_GRAZE),
    S(K, "view_dir", F64, "ok", view_sq_floor(H(F64, 1e-12)), d=D0),
    S(K, "view_dir", F64, "ok", view_sq_floor(H(F64, 1e-12)), d=D_ORD),
    S(K, "render_custom", F64, "ok", colour, sigma=S_ORD),
    S(K, "render_custom", F64, "ok", colour, sigma=S_SAT),
    S(K, "render_bad", F64, "wrong", colour, sigma=S_ORD, line="def render_bad>>def grad(dy):"),
    # ---------------------------------------------------------------------------------------------------- NumPy
    S(N, "render", F64, "ok", C64, sigma=S_ORD),
    S(N, "render", F64, "unstable", C64, sigma=S_TINY),
    S(N, "render_stable", F64, "ok", colour, sigma=S_TINY),
    S(N, "render_stable", F64, "unstable", colour, sigma=S_SAT),  # cumsum(sd) - sd's two paths cancel
    S(N, "render_relu", F64, "domain", of(relu, C64), raw=RAW_KINK),
    S(N, "render_softplus", F64, "ok", of(lambda r: softplus(r - 1), C64), raw=RAW_KINK),
    S(N, "acc", F64, "ok", opacity(EPS(F64)), sigma=S_ZERO),
    S(N, "composite", F64, "ok", over, alpha=A_OPAQUE),
    S(N, "composite", F64, "ok", over, alpha=A_TWO),
    Nan(N, "depth", F64, "domain", sigma=S_ZERO),
    S(N, "depth_eps", F64, "ok", DEPTH64, sigma=S_ZERO),
    S(N, "render_rgb", F64, "ok", np_rgb, raw_rgb=RGB_RAW),
    S(N, "render_rgb", F64, "unstable", np_rgb, raw_rgb=RGB_BIG),
    S(N, "psnr", F64, "ok", psnr, pred=P_ORD),
    Nan(N, "psnr", F64, "domain", pred=[0.25, 0.5, 0.75]),
    S(N, "posenc", F64, "ok", posenc(10, F64), x=X_DEC),
    S(N, "sphere_t", F64, "ok", sphere, o=O_ORD),
    S(N, "sphere_t", F64, "wrong", sphere, o=O_GRAZE),
    S(N, "view_dir", F64, "ok", view, d=D_ORD),
    Nan(N, "view_dir", F64, "domain", d=D0),
]
