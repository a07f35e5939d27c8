"""The eighty-first trial set (d): NORMALISING FLOWS AND LOG-DENSITIES, the log-likelihoods of small flows (1-4
dimensions) and their log-determinants, as JAX, PyTorch, TensorFlow and plain NumPy code writes them. JAX (jax_lib81d):
a standard-normal base (by hand and jax.scipy.stats.norm.logpdf); a planar flow z + u tanh(w.z), w = [1, 0.5], with
log|1 + u.psi| (ordinary; at w.z = 0, u.w = -1 where 1 + u.psi = 0 exactly, float32 too; where tanh(20) rounds to 1),
with log(|.| + 1e-8) and with Rezende's fix w.u_hat = -1 + softplus(w.u) (at w.u = -1 and -800); an affine coupling
layer x2 exp(s) + t (ordinary, float32 e^90 and e^710 times x2 = 0), with softplus(s) + 1e-3 (s = -800 and 40, float32
-100) and with log(1 + exp(s)) (800, float32 100); the tanh squashing log N(u) - log(1 - tanh^2 u) naive (20, float32
10), with 1e-6 (20), stable 2(log 2 - u - softplus(-2u)) (+-20, float32 +-10), as a custom_jvp right and wrong; the
radial flow around [0.5, -0.5] (ordinary, float32, at its centre) and around 0 where |z| = 1e-200 squares to 0; a
leaky-ReLU flow by jnp.where(x >= 0) and jax.nn.leaky_relu with where(x > 0) at x = 0; a logit layer
(jax.scipy.special.logit) at 0 and 1 and RealNVP's alpha = 0.05 form at 0 and 1 (float32 too); a batch-norm flow with
log(var + 1e-5) (ordinary, float32, an equal batch, float32 at 1000 +- 1e-3) and without eps (an equal batch); a 2x2
linear flow by jnp.linalg.slogdet, log|det| and log|eigvals| (ordinary, float32, singular, and W = [[0.3, 0.7],
[0.9, 2.1]], singular in decimal, det 2.78e-17 as doubles, float32 too). PyTorch (torch_lib81d): Normal.log_prob; the
planar flow; F.softplus(s) + 1e-3 (25: past the threshold; -800), exp(s) with log(exp(s)) as the log-det (-800); the
squashing naive and stable (20, -10.5 past the threshold, float32), an autograd.Function right (and at -10.5) and
wrong; a sigmoid layer's log s + log(1 - s) naive and by F.logsigmoid (40, float32 20); the radial flows
(torch.linalg.norm and z.norm()); a leaky-ReLU flow whose slope is taken by a.item(); torch.logit bare (at 0) and
with eps = 1e-6 (at 0 and at 1e-6, the clamp's edge); the batch-norm flow (x.var(unbiased=False)); torch.linalg.slogdet
and torch.det. TensorFlow
(tf_lib81d): the planar flow (tf.abs), tf.math.softplus coupling, the squashing naive, stable and by tf.custom_gradient
right and wrong, the radial flow (tf.norm), the logit layer, tf.nn.moments' batch norm, tf.linalg.slogdet and
tf.linalg.det. NumPy (np_lib81d): scipy.stats.norm.logpdf, the planar flow, the squashing naive and by np.logaddexp,
scipy.special.logit, np.linalg.norm, np.linalg.slogdet and np.linalg.eigvals.

Counts: 132 cases tried through the CLI by tests/trials/judge.py (a scratch driver: two CLI runs at a time, judged one
at a time in its main thread), every kept case at least twice, and scratch probes of gradcli on minimal files (F1) and
of JAX's and PyTorch's own float32 gradients (the batch norm at 1000). Trimmed of 23 ordinary repeats (float32 twins,
other frameworks' ordinary points). ALL keeps 109: 55 ok, 26 domain, 23 unstable, 4 wrong, 1 input error; 92 float64,
17 float32 (JAX 51, PyTorch 32, TensorFlow 15, NumPy 11). 108 agree with my truths (after the corrections below) in
verdict, in every exact gradient entry to 1e-10 relative and, where a case names its line or message, in that; 1
disagrees: F1. The last full run (132 cases) took 9 min at two at once, each check 2.4-16.1 s (median 7.4 s; NumPy
2-4 s, JAX 4-9 s, PyTorch 7-16 s, TensorFlow 11-21 s); every truth under 0.5 s.

Agreed (verdicts and exact slopes):
- the planar flow: ok; domain where 1 + u.psi = 0 (JAX float64 and float32, PyTorch, TensorFlow, NumPy); with 1e-8
  domain there with z keeping -z (1 + u.psi = tanh^2(w.z) >= 0 near it, so |.| is smooth in z; u crosses 0: a kink);
  unstable at w.z = 20 (tanh rounds to 1: psi = 0 exactly, u's slopes -1.7e-17 w come out 0); the softplus fix ok at
  w.u = -1 (float32 too), unstable at w.u = -800 (-1 + e^-800 rounds to -1, 1 + u_hat.psi to rounding noise: the
  value 28.0 where it is 797.5, u's slopes 0 where they are -w);
- coupling: exp(s) ok, unstable at float32 s = 90 and float64 s = 710 with x2 = 0 (exp overflows, 0 * inf = NaN; x2's
  slope -0.5 e^s is a number, -6.1e38 and -1.1e308); softplus + 1e-3 ok (s = -800: its slope 3.7e-345 rounds to 0;
  s = 40; PyTorch's s = 25 past the threshold, where F.softplus is s itself); log(1 + exp(s)) unstable at 800 and
  float32 100; PyTorch's log(exp(s)) as the log-det unstable at -800 (log 0);
- squashing: naive unstable at u = 20 (float32 10) in all four; with 1e-6 unstable at 20 (slope -3.4e-11, computed 0);
  the stable form ok at +-20 (float32 +-10), PyTorch's at -10.5 too (F.softplus(21) = 21, slope exactly 2); the custom
  rules ok (custom_jvp, autograd.Function, custom_gradient), the wrong ones wrong at their rule's line; the sigmoid
  layer naive unstable at 40 (float32 20), by F.logsigmoid ok;
- radial: ok; domain at the centre (the norm's cone; alpha and beta keep -1.039 and 1.818; PyTorch's norm gives z
  the slopes 0 there, JAX, TensorFlow and NumPy's replay NaN); around 0 at |z| = 1e-200 unstable (the square
  underflows, r = 0: JAX's z slopes [-inf, nan], PyTorch's [0, 0], where they are [f'(0+), 0] = [-1.558, 0]);
- leaky ReLU: ok; domain at x_0 = 0 (the log-det where() jumps by log a; x_1 and a keep theirs, a's differing between
  x >= 0 (175) and x > 0 (170, -1/a more));
- logit: ok; domain at 0 and 1 (x's other coordinate keeps its slope) in JAX, TensorFlow, NumPy; RealNVP's alpha form
  ok at 0 and 1 (float32 too); torch.logit(x, eps=1e-6) ok at 0 (clamped: slope 0), domain at 1e-6 (the clamp's edge:
  0 on the left, 1.3e7 on the right);
- batch norm: ok (float32, an equal batch: x's slopes 0, log_gamma's 3); without eps domain at an equal batch (log 0,
  0 / 0); float32 at x = [1000, 1000.002, 999.9995] ok in JAX (its float32 gradient 5.9e-5 off, within rtol 1e-4) and
  unstable in PyTorch (1.45e-2 off, a relative error of the batch's mean beside deviations of 1e-3; both frameworks'
  own gradients checked by hand in a scratch probe);
- linear: ok (slogdet, det, eigvals; float32); domain at a singular W (slogdet -inf; det's log|0|) in all four;
  unstable at W = [[0.3, 0.7], [0.9, 2.1]] (LU gives det 0 where the doubles' is 2.78e-17; JAX float32: 1.76e9 where
  W^-T's entry is 8.8e7) and PyTorch's [[0.1, 0.3], [0.7, 2.1]] (LU 3.89e-17 where it is 4.16e-17);
- PyTorch's F.leaky_relu(x, negative_slope=1 / a.item()) is refused (exit 2) naming .item() and the line.

My truths corrected (gradcli right):
- the logit layer at x = [0, 0.5] and [0.3, 1], meant all NaN (the value is NaN): the coordinate inside (0, 1) keeps
  its own slope (the house's reading since round 73c: coordinates that never move the op making the non-finite value
  keep theirs), as gradcli says (but see F1);
- PyTorch's leaky_logp with a.item(), meant wrong (a's slope misses its x / a term): refused, clearly: an input error;
- PyTorch's autograd.Function at u = -10.5, a probe: wrong. F.softplus(21) is 21 exactly (threshold 20, the house's
  reading of PyTorch's softplus, README), so the forward's slope is 8.5 and the backward's -2 tanh gives 8.500000003
  (3.6e-10 relative): the rule is not the forward's derivative;
- JAX's softplus coupling in float32 at s_0 = -100, meant unstable (e^-100 a float32 subnormal; XLA flushes it, s_0's
  slope 3.7e-41 comes out 0): beside the other slopes (0.1-0.5) the gradient is right to 1.4e-7 normwise: ok;
- JAX's float32 batch norm at 1000 +- 1e-3, meant unstable: JAX's own gradient is within rtol (above): ok.

Findings:
F1. PyTorch's logit-layer density `y = torch.logit(x); (-0.5 * y ** 2).sum() - torch.log(x).sum() -
  torch.log1p(-x).sum()` at x = [0, 0.5]: the value is NaN (-inf - -inf) through x_0 alone; x_1's own term
  -logit(x)^2 / 2 - log x - log(1 - x) is smooth with the exact slope 0 (-2 + 2). gradcli's exact gradient is [nan,
  nan] (gradient [nan, 0.0]); at x = [0, 0.3] it gives x_1 its slope 2.12999 (exact); the same program in JAX
  (jax.scipy.special.logit, jnp.log, jnp.log1p), TensorFlow and NumPy gets [nan, 0.0]; without the y ** 2 (torch.logit
  - log + log1p), or without log1p (x_1's slope -2), PyTorch's keeps x_1's slope too. The verdict (domain) is right;
  x_1's exact slope is not. Reproduction: that function in a file, `gradcli check f.py:f --at "x=[0.0,0.5]" --dtype
  float64 --json`.
  Mended: torch.logit replays with comparisons of its argument against its clamp, and a comparison's answer, read as
  numbers, was NaN (a bool is no mpmath number): those comparisons counted among the ops that made the NaN, and moving
  x_1 changed their arguments, so x_1 was taken to meet it. A bool or an integer holds no NaN or infinity: x_1 keeps 0.

Truths are my own expressions evaluated with mpmath (2,000 digits by cases30b.sided_grad: the derivative from the left
and the right, NaN where they differ or either is not finite), never the files' code or gradcli: the base as -z^2 / 2 -
log(2 pi) / 2; the planar log-det by the matrix determinant lemma as log|1 + (u.w) sech^2(w.z)| (the fix's u.w as -1 +
log(1 + e^(w.u)), never u_hat itself); the squashing's log(1 - tanh^2 u) as -2 log cosh u (PyTorch's stable form with
F.softplus as x past 20); the sigmoid layer's as -softplus(-x) - softplus(x); the radial log-det in 2 dimensions as
log(1 + beta / (alpha + r)) + log(1 + beta alpha / (alpha + r)^2); the leaky flow, the logit (log(x / (1 - x))) and
clamped logit, the batch norm (population variance) and the linear flow's log|ad - bc| written out. Numbers as the
dtype holds them: the points, 1e-8, 1e-3, 1e-6, 1e-5, 0.05 and 1 - 2 * 0.05, the data [0.4, -0.7], in float32 in a
float32 run.
"""
import mpmath

from cases import Case
from cases30b import sided_grad
from cases73d import H, NAN, at, mpf

J, T, K, N = "jax_lib81d.py", "torch_lib81d.py", "tf_lib81d.py", "np_lib81d.py"
F32, F64 = "float32", "float64"


# ------------------------------------------------------------------------------------------------- helpers
def lg(x):
    """log on the reals: -inf at 0, no number below."""
    return mpmath.log(x) if x > 0 else (mpmath.ninf if x == 0 else NAN)


def lognorm(zs):
    return sum(-z * z / 2 for z in zs) - len(zs) * mpmath.log(2 * mpmath.pi) / 2


def softplus(x):
    return mpmath.log(1 + mpmath.exp(x))


def torch_softplus(x):
    """F.softplus as PyTorch defines it: x itself where x > threshold = 20."""
    return x if x > 20 else softplus(x)


def sech2(a):
    return 1 / mpmath.cosh(a) ** 2


W_PLANAR = (mpf(1), mpf("0.5"))


def planar(dtype, kind="bare"):
    """log N(z) - log|1 + (u.w) sech^2(w.z)| (the flow's Jacobian determinant by the matrix determinant lemma);
    'eps' adds 1e-8 inside the log; 'uhat' has u.w replaced by -1 + softplus(u.w), as the fix intends."""
    eps = H(dtype, 1e-8)

    def f(z, u):
        a = sum(w * v for w, v in zip(W_PLANAR, z))
        wu = sum(w * v for w, v in zip(W_PLANAR, u))
        if kind == "uhat":
            wu = -1 + softplus(wu)
        g = abs(1 + wu * sech2(a))
        return lognorm(z) - (lg(g + eps) if kind == "eps" else lg(g))
    return f


def coupling(dtype, scale="exp", sp=softplus):
    eps = H(dtype, 1e-3)

    def f(x2, s, t):
        sc = [mpmath.exp(v) if scale == "exp" else sp(v) + eps for v in s]
        y = [a * c + b for a, c, b in zip(x2, sc, t)]
        return lognorm(y) + sum(v if scale == "exp" else mpmath.log(c) for v, c in zip(s, sc))
    return f


def squash(dtype, kind="exact", base=True, sp=None):
    """log N(u) - sum log(1 - tanh^2 u) = log N(u) + 2 sum log cosh u; 'eps': sum log(sech^2 u + 1e-6) alone;
    with sp (PyTorch's thresholded softplus) the program's own 2 (log 2 - u - sp(-2u))."""
    eps = H(dtype, 1e-6)

    def f(u):
        if kind == "eps":
            return sum(mpmath.log(sech2(v) + eps) for v in u)
        if sp is not None:
            det = sum(2 * (mpmath.log(2) - v - sp(-2 * v)) for v in u)
        else:
            det = sum(-2 * mpmath.log(mpmath.cosh(v)) for v in u)
        return (lognorm(u) if base else 0) - det
    return f


def sigmoid_logdet(x):
    """log s(x) + log(1 - s(x)) = -softplus(-x) - softplus(x)."""
    return sum(-softplus(-v) - softplus(v) for v in x)


Z0 = (mpf("0.5"), mpf("-0.5"))


def radial(z, alpha, beta, centre=Z0):
    """log det of z + beta (z - z0) / (alpha + r) in 2 dimensions:
    log(1 + beta h) + log(1 + beta alpha / (alpha + r)^2)."""
    r = mpmath.sqrt(sum((a - c) ** 2 for a, c in zip(z, centre)))
    return lg(1 + beta / (alpha + r)) + lg(1 + beta * alpha / (alpha + r) ** 2)


def leaky(strict):
    """z = x for x >= 0 (x > 0 with strict), x / a elsewhere; log N(z) - log a for every x on the slope side."""
    def f(x, a):
        total = mpf(0)
        for v in x:
            pos = v > 0 if strict else v >= 0
            total += lognorm([v]) if pos else lognorm([v / a]) - mpmath.log(a)
        return total
    return f


def logit_density(x):
    """log N(log(x / (1 - x))) - log x - log(1 - x), summed over the coordinates; no value outside [0, 1]. A
    coordinate at 0 or 1 (its term -inf, no slope: the difference from it is not finite) is left out of the sum, so
    the others keep their slopes (the house's reading since round 73c: coordinates that never move the ops making a
    non-finite value keep theirs)."""
    total = mpf(0)
    for v in x:
        if v < 0 or v > 1:
            return NAN
        if 0 < v < 1:
            total += lognorm([mpmath.log(v / (1 - v))]) - mpmath.log(v) - mpmath.log(1 - v)
    return total


def logit_alpha(dtype):
    A, B = H(dtype, 0.05), H(dtype, 1 - 2 * 0.05)

    def f(x):
        return logit_density([A + B * v for v in x]) + len(x) * mpmath.log(B)
    return f


def logit_clamped(x):
    lo, hi = mpf(1e-6), mpf(1 - 1e-6)
    return logit_density([min(max(v, lo), hi) for v in x])


def batchnorm(dtype, eps=1e-5):
    e = H(dtype, eps) if eps else mpf(0)

    def f(x, log_gamma):
        n = len(x)
        m = sum(x) / n
        v = sum((a - m) ** 2 for a in x) / n
        if v + e <= 0:
            return NAN
        y = [(a - m) / mpmath.sqrt(v + e) * mpmath.exp(log_gamma) for a in x]
        return lognorm(y) + n * (log_gamma - mpmath.log(v + e) / 2)
    return f


def linear(dtype):
    x = [H(dtype, 0.4), H(dtype, -0.7)]

    def f(W):
        z = [W[0][0] * x[0] + W[0][1] * x[1], W[1][0] * x[0] + W[1][1] * x[1]]
        return lognorm(z) + lg(abs(W[0][0] * W[1][1] - W[0][1] * W[1][0]))
    return f


def S(file, function, dtype, verdict, f, line=None, **point):
    return Case(file, function, at(**point), dtype, verdict, sided_grad(f, dtype, finite_sides=True, **point),
                line=line)


# ------------------------------------------------------------------------------------------------- points
Z, U = [0.3, -0.8], [0.6, -0.4]
ZS, US = [0.5, -1.0], [-0.5, -1.0]  # w.z = 0 and u.w = -1: 1 + u.psi = 0 exactly
U_FAR = [-800.0, 0.0]  # w.u = -800: the fixed u.w = -1 + e^-800
X2, SS, TT = [0.3, -1.2], [0.2, -0.5], [0.1, 0.4]
UU = [0.5, -1.3]
ZR, ZC = [0.9, 0.2], [0.5, -0.5]  # an ordinary point and the radial flow's centre
XL, XL0 = [0.7, -1.2], [0.0, -1.2]
XB, XB_EQ = [0.3, -1.1, 0.8], [0.5, 0.5, 0.5]
XB_FAR = [1000.0, 1000.002, 999.9995]  # float32: the mean's rounding (2.4e-4 at 3000) beside deviations of 1e-3
WM, WS = [[1.2, 0.3], [-0.4, 0.9]], [[1.0, 2.0], [0.5, 1.0]]  # WS singular
W_BIN = [[0.3, 0.7], [0.9, 2.1]]  # singular in decimal; the doubles' det is 2.78e-17, which LU rounds to 0
W_BIN2 = [[0.1, 0.3], [0.7, 2.1]]  # the doubles' det 4.16e-17, LU's 3.89e-17
BAD_JVP = "def _log1m_tanh2_bad_jvp"
BAD_FN = "class Log1mTanh2Bad>>def backward(ctx, grad_output):"
BAD_TF = "def log1m_tanh2_bad>>def grad(dy):"


def nl(file, function, dtype, z):
    return S(file, function, dtype, "ok", lambda z: lognorm(z), z=z)


def pl(file, function, dtype, verdict, z, u, kind="bare"):
    return S(file, function, dtype, verdict, planar(dtype, kind), z=z, u=u)


def cp(file, function, dtype, verdict, x2, s, t, scale="exp", sp=softplus):
    return S(file, function, dtype, verdict, coupling(dtype, scale, sp), x2=x2, s=s, t=t)


def sq(file, function, dtype, verdict, u, kind="exact", line=None, sp=None, base=True):
    return S(file, function, dtype, verdict, squash(dtype, kind, base, sp), line=line, u=u)


def rd(file, dtype, verdict, z, alpha=0.7, beta=0.4, function="radial_logdet"):
    centre = (mpf(0), mpf(0)) if function == "radial_origin" else Z0
    return S(file, function, dtype, verdict, lambda z, alpha, beta: radial(z, alpha, beta, centre), z=z, alpha=alpha,
             beta=beta)


def lin(file, function, dtype, verdict, W):
    return S(file, function, dtype, verdict, linear(dtype), W=W)


def bn(file, function, dtype, verdict, x, eps=1e-5, log_gamma=0.2):
    return S(file, function, dtype, verdict, batchnorm(dtype, eps), x=x, log_gamma=log_gamma)


ALL = [
    # ---------------------------------------------------------------------------------------------------- JAX
    nl(J, "std_normal_logp", F64, [0.3, -1.2]),
    nl(J, "scipy_normal_logp", F64, [0.3, -1.2, 2.5]),
    pl(J, "planar_logq", F64, "ok", Z, U),
    pl(J, "planar_logq", F64, "domain", ZS, US),
    pl(J, "planar_logq", F32, "domain", ZS, US),
    pl(J, "planar_logq_eps", F64, "domain", ZS, US, "eps"),
    pl(J, "planar_uhat", F64, "ok", Z, U, "uhat"),
    pl(J, "planar_uhat", F64, "ok", ZS, US, "uhat"),
    pl(J, "planar_uhat", F64, "unstable", ZS, U_FAR, "uhat"),
    cp(J, "coupling_exp", F64, "ok", X2, SS, TT),
    cp(J, "coupling_exp", F32, "unstable", [0.0], [90.0], [0.5]),
    cp(J, "coupling_exp", F64, "unstable", [0.0], [710.0], [0.5]),
    cp(J, "coupling_softplus", F64, "ok", X2, SS, TT, "softplus"),
    cp(J, "coupling_softplus", F64, "ok", X2, [-800.0, 40.0], TT, "softplus"),
    cp(J, "coupling_naive_softplus", F64, "unstable", X2, [800.0, 0.2], TT, "softplus"),
    cp(J, "coupling_naive_softplus", F32, "unstable", X2, [100.0, 0.2], TT, "softplus"),
    sq(J, "squash_naive", F64, "unstable", [20.0, 0.5]),
    sq(J, "squash_naive", F32, "unstable", [10.0, 0.5]),
    sq(J, "squash_eps", F64, "ok", UU, "eps"),
    sq(J, "squash_eps", F64, "unstable", [20.0], "eps"),
    sq(J, "squash_stable", F64, "ok", [20.0, -20.0]),
    sq(J, "squash_stable", F32, "ok", [10.0, -10.0]),
    sq(J, "squash_custom", F64, "ok", [20.0, -20.0]),
    sq(J, "squash_custom_bad", F64, "wrong", UU, line=BAD_JVP),
    rd(J, F64, "ok", ZR),
    rd(J, F64, "domain", ZC),
    S(J, "leaky_logp", F64, "ok", leaky(False), x=XL, a=0.2),
    S(J, "leaky_logp", F64, "domain", leaky(False), x=XL0, a=0.2),
    S(J, "leaky_nn", F64, "domain", leaky(True), x=XL0, a=0.2),
    S(J, "logit_logp", F64, "ok", logit_density, x=[0.3, 0.8]),
    S(J, "logit_logp", F64, "domain", logit_density, x=[0.0, 0.5]),
    S(J, "logit_logp", F64, "domain", logit_density, x=[0.3, 1.0]),
    S(J, "logit_alpha_logp", F64, "ok", logit_alpha(F64), x=[0.0, 1.0]),
    S(J, "logit_alpha_logp", F32, "ok", logit_alpha(F32), x=[0.0, 1.0]),
    bn(J, "batchnorm_logp", F64, "ok", XB),
    bn(J, "batchnorm_logp", F32, "ok", XB),
    bn(J, "batchnorm_logp", F64, "ok", XB_EQ),
    bn(J, "batchnorm_noeps", F64, "ok", XB, eps=0),
    bn(J, "batchnorm_noeps", F64, "domain", XB_EQ, eps=0),
    lin(J, "linear_slogdet", F64, "ok", WM),
    lin(J, "linear_slogdet", F32, "ok", WM),
    lin(J, "linear_slogdet", F64, "domain", WS),
    lin(J, "linear_det", F64, "domain", WS),
    lin(J, "linear_slogdet", F64, "unstable", W_BIN),
    lin(J, "linear_eig", F64, "ok", WM),
    pl(J, "planar_logq", F64, "unstable", [20.0, 0.0], U),
    rd(J, F64, "ok", [0.3, 0.4], function="radial_origin"),
    rd(J, F64, "unstable", [1e-200, 0.0], function="radial_origin"),
    lin(J, "linear_slogdet", F32, "unstable", W_BIN),
    cp(J, "coupling_softplus", F32, "ok", X2, [-100.0, 0.2], TT, "softplus"),
    bn(J, "batchnorm_logp", F32, "ok", XB_FAR),
    # ---------------------------------------------------------------------------------------------------- PyTorch
    nl(T, "dist_normal_logp", F64, [0.3, -1.2]),
    pl(T, "planar_logq", F64, "ok", Z, U),
    pl(T, "planar_logq", F64, "domain", ZS, US),
    cp(T, "coupling_softplus", F64, "ok", X2, SS, TT, "softplus", torch_softplus),
    cp(T, "coupling_softplus", F64, "ok", X2, [25.0, -800.0], TT, "softplus", torch_softplus),
    cp(T, "coupling_exp", F32, "unstable", [0.0], [90.0], [0.5]),
    sq(T, "squash_naive", F64, "unstable", [20.0, 0.5]),
    sq(T, "squash_stable", F64, "ok", [20.0, -10.5], sp=torch_softplus),
    sq(T, "squash_stable", F32, "ok", [10.0, 0.5], sp=torch_softplus),
    sq(T, "squash_fn", F64, "ok", UU, sp=torch_softplus),
    sq(T, "squash_fn_bad", F64, "wrong", UU, line=BAD_FN, sp=torch_softplus),
    S(T, "sigmoid_logdet_naive", F64, "unstable", sigmoid_logdet, x=[40.0, 0.5]),
    S(T, "sigmoid_logdet_naive", F32, "unstable", sigmoid_logdet, x=[20.0, 0.5]),
    S(T, "sigmoid_logdet", F64, "ok", sigmoid_logdet, x=[40.0, 0.5]),
    S(T, "sigmoid_logdet", F32, "ok", sigmoid_logdet, x=[20.0, 0.5]),
    rd(T, F64, "domain", ZC),
    # F.leaky_relu(x, negative_slope=1 / a.item()): a leaves the graph; refused, naming .item() and the line
    Case(T, "leaky_logp", at(x=XL, a=0.2), F64, "input-error", message=(".item()", "torch_lib81d.py:")),
    S(T, "logit_logp", F64, "domain", logit_density, x=[0.0, 0.5]),
    S(T, "logit_eps_logp", F64, "ok", logit_clamped, x=[0.0, 0.3]),
    S(T, "logit_eps_logp", F64, "domain", logit_clamped, x=[1e-6, 0.3]),
    bn(T, "batchnorm_logp", F64, "ok", XB),
    bn(T, "batchnorm_logp", F64, "ok", XB_EQ),
    lin(T, "linear_slogdet", F64, "ok", WM),
    lin(T, "linear_slogdet", F64, "domain", WS),
    lin(T, "linear_det", F64, "domain", WS),
    lin(T, "linear_slogdet", F64, "unstable", W_BIN2),
    rd(T, F64, "ok", [0.3, 0.4], function="radial_origin"),
    rd(T, F64, "unstable", [1e-200, 0.0], function="radial_origin"),
    cp(T, "coupling_exp_logscale", F64, "ok", X2, SS, TT),
    bn(T, "batchnorm_logp", F32, "unstable", XB_FAR),
    cp(T, "coupling_exp_logscale", F64, "unstable", X2, [-800.0, 0.2], TT),
    sq(T, "squash_fn", F64, "wrong", [-10.5], sp=torch_softplus),
    # ---------------------------------------------------------------------------------------------------- TensorFlow
    pl(K, "planar_logq", F64, "ok", Z, U),
    pl(K, "planar_logq", F64, "domain", ZS, US),
    cp(K, "coupling_softplus", F64, "ok", X2, SS, TT, "softplus"),
    cp(K, "coupling_softplus", F32, "ok", X2, [-60.0, 0.2], TT, "softplus"),
    sq(K, "squash_naive", F64, "unstable", [20.0, 0.5]),
    sq(K, "squash_stable", F64, "ok", [20.0, 0.5]),
    sq(K, "squash_custom", F64, "ok", UU),
    sq(K, "squash_custom_bad", F64, "wrong", UU, line=BAD_TF),
    rd(K, F64, "domain", ZC),
    S(K, "logit_logp", F64, "domain", logit_density, x=[0.0, 0.5]),
    bn(K, "batchnorm_logp", F64, "ok", XB),
    bn(K, "batchnorm_logp", F64, "ok", XB_EQ),
    lin(K, "linear_slogdet", F64, "ok", WM),
    lin(K, "linear_slogdet", F64, "domain", WS),
    lin(K, "linear_det", F64, "domain", WS),
    # ---------------------------------------------------------------------------------------------------- NumPy
    nl(N, "normal_logp", F64, [0.3, -1.2]),
    pl(N, "planar_logq", F64, "ok", Z, U),
    pl(N, "planar_logq", F64, "domain", ZS, US),
    sq(N, "squash_naive", F64, "unstable", [20.0, 0.5]),
    sq(N, "squash_stable", F64, "ok", [20.0, 0.5]),
    S(N, "logit_logp", F64, "domain", logit_density, x=[0.0, 0.5]),
    rd(N, F64, "domain", ZC),
    lin(N, "linear_slogdet", F64, "ok", WM),
    lin(N, "linear_slogdet", F64, "domain", WS),
    lin(N, "linear_slogdet", F64, "unstable", W_BIN),
    lin(N, "linear_eig", F64, "ok", WM),
]
