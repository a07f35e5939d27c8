"""The seventy-third trial set (d): DIFFUSION MODELS AND NORMALIZING FLOWS as researchers write them, on issues 28 and
29's bridges. JAX (jax_lib73d): the cosine schedule alpha_bar(t) = f(t) / f(0) in continuous time (ordinary, at t = 1 in
float64 and float32) and its clipped beta at t = 1; the log-SNR -2 log tan(pi t / 2) at t = 0, at t = 1 (float64, and
float32, whose pi exceeds pi); a safe log by jax.custom_jvp (its rule t / max(x, 1e-20)) in log(ab) - log(1 - ab) at ab
= 1; epsilon -> x0 (x_t made from x0, then (x_t - sqrt(1 - ab) eps) / sqrt(ab)) at ab = 0.5, 1e-14 (float32 1e-8) and 1,
the same through v-prediction; a DDIM step (ordinary, ab_prev = 1, and x_t = eps at ab_t = 1e-8 in float32 and 1e-20 in
float64); an SNR-weighted loss at ab = 1; min-SNR-gamma by jnp.minimum at its tie snr = 5 (float32 too) and off it;
DDPM's normal_kl at equal, near-equal (logvar 1e-9 apart; float32 1e-3) variances; the discretised Gaussian likelihood
of the last step by jax.scipy.special.ndtr (ordinary in float32, a middle bin 5.6 sds out, the upper edge bin 1 -
Phi(5.6)), by each bin's own tail with log_ndtr at the edges (the middle bin, the lower edge 66 sds out), the lower edge
as log(ndtr) and log_ndtr at -40 (float32 -14); a planar flow (ordinary, at 1 + u.psi = 0, and Rezende's u_hat guard
there); a RealNVP affine coupling with exp(tanh(s)) (ordinary float32, pre-activation 20 in float64 and 10 in float32);
a linear flow by jnp.linalg.slogdet (ordinary, singular); softplus-scale log-dets at -800 (float32 -120) bare and +
1e-3; a 4-bin rational-quadratic spline by jnp.searchsorted (its value on a knot, its log-likelihood on a knot and off
the knots in float32); the logit preprocessing with alpha = 0.05 at x = 0 and 1 (float32) and jax.scipy.special.logit at
x = 0. PyTorch (torch_lib73d): the VP-SDE's sigma(t) = sqrt(1 - e^-B(t)) at t = 1e-8 (float32 1e-3), 0, and by
torch.expm1; sigma by an autograd.Function that clamps the root in its backward (ab = 0.5, 1, 1 - 1e-14); min-SNR by
torch.clamp(max=) at its tie; torch.distributions.kl_divergence of two Normals (equal, scales 1 + 1e-8 apart, float32 1
+ 1e-3); guided-diffusion's discretized_gaussian_log_likelihood (its tanh CDF and clamps) at the same three points; the
edge bin by log(torch.special.ndtr) and torch.special.log_ndtr; the coupling at 20; slogdet singular; log F.softplus at
-800 and at its threshold 20; nflows' spline (searchsorted by a sum of comparisons with the last knot nudged in place)
on a knot and off it; torch.logit(x, eps=1e-6) at 0 and at eps (float32 too) and without eps at 0; the tan log-SNR at
float32's t = 1. TensorFlow (tf_lib73d, no TFP): 2 (log cos - log sin)(pi t / 2) at 0 and 1 (float32 too); the DDIM
step; normal_kl near-equal; tf.minimum's min-SNR tie; the discretised likelihood by tf.math.erf (float32 ordinary, the
middle bin) and the bin's mass by tf.math.erfc; the coupling in float32; slogdet singular; tf.math.softplus at float32's
-120; tf.clip_by_value's logit at eps; Box-Cox by tf.where at lambda = 0 and at the data's edge x = 0. NumPy
(np_lib73d): improved-diffusion's betas_for_alpha_bar on 10 steps in s; log(ab) - log1p(-ab) at 1; a v-loss weighted 1 /
(1 - ab) (ordinary, ab = 1); normal_kl 1e-6 apart; the planar flow at its zero; slogdet singular; np.clip's logit at 0
and at eps; Box-Cox bare at lambda = 0 and at x = 0, by np.where at lambda = 0 and 0.5.

Counts: 152 cases tried, each through the CLI by tests/trials/judge.py (a scratch file: two CLI runs at a time,
judged one at a time in the main thread), first JAX (69), then the others (79), then the corrected and 4 added cases,
then the whole set; besides them 26 probe functions (a scratch folder: poles beside a zero weight, the PyTorch in-place
writes of F1, a JAX .at[].add twin), kept out of ALL. 43 dropped as repeats of kept ordinary points (e.g. the schedule
at t = 0.3 in float32, the ndtr likelihood's float64 ordinary point, the coupling's ordinary float64 point in each
framework, PyTorch's and TensorFlow's second singular slogdet, NumPy's eps -> x0 at 1e-14). ALL keeps 109: 37 unstable,
35 ok, 32 domain, 5 wrong; 84 float64, 25 float32 (JAX 51, PyTorch 29, TensorFlow 16, NumPy 13). 107 agree with my
truths (after the corrections below), in verdict, every exact gradient entry to 1e-10 and, where given, the line; 2 are
finding F1, held as strict xfails (mended since). Every check took 1.0-15.6 s on the shared machine (load 2-5; TensorFlow's 7-16 s,
JAX's and NumPy's 1-12 s), but F1's two, 22-26 s, as their exact reference climbs to 3840 digits before giving up.

Agreed (verdicts and exact slopes):
- the cosine schedule ok at t = 0.3; at t = 1 unstable (value): (t + s) / (1 + s) rounds to exactly 1, so float64 gives
  cos(pi / 2)^2 = 3.75e-33 where the doubles' exact (1 + s) / fl(1 + s) makes 5.19e-33 (float32: 1.9e-15 against
  3.6e-16); the gradient there, 15% (float32 130%) off, passes by the README's mirror rule (off by no more than 2 ulps
  of t move it), said in a note; the clipped beta at t = 1 ok (on clip's flat side, slope 0);
- -2 log tan(pi t / 2) domain at t = 0 (+inf), ok at t = 1 in float64 (slope -2 pi / sin(pi_64) = -5.13e16);
- the custom_jvp safe log wrong at ab = [1, 0.5] (float32 too), at the rule's def: the primal log(max(1 - ab, 1e-20)) is
  flat there (exact slope 1 + 0), the rule gives 1e20; ok at ordinary ab;
- epsilon -> x0 unstable at ab = 1e-14 (float32 1e-8: x_t - sqrt(1 - ab) eps cancels to sqrt(ab) x0), domain at ab = 1
  (ab's slope from the left alone; x0 keeps 2 x0, eps 0); v -> x0 ok in float32 at 1e-8;
- DDIM ok, domain at ab_prev = 1 (JAX, TensorFlow), unstable with x_t = eps at ab_t = 1e-8 (float32: sqrt(1 - 1e-8)
  rounds to 1, x0_pred = 0; ab_t's slope 5070 against 2535) and 1e-20 (float64, JAX and TensorFlow);
- snr / (1 - ab) weights and NumPy's 1 / (1 - ab) v-loss domain at ab = 1 with every slope absent (inf x mse); min-SNR
  domain at its tie (snr: 0 from the left, -0.26 from the right; eps_pred and eps keep 0.2, -1.6) in JAX, PyTorch and
  TensorFlow (float32 too), ok off it;
- normal_kl ok at equal variances (all slopes exactly 0), unstable 1e-9 apart (JAX, TensorFlow; NumPy 1e-6; float32
  1e-3: e^d - 1 - d cancels); kl_divergence of Normals likewise (scales 1 + 1e-8 apart: the value 1e-16, and 1 - 1/vr);
- the discretised likelihood ok at ordinary points (float32: ndtr, tanh CDF, erf), unstable for the middle bin 5.6 sds
  out (Phi near 1 differenced) in JAX, PyTorch and TensorFlow and for the upper edge bin's 1 - Phi(5.6) in JAX and
  PyTorch; the bin's own tail (JAX ndtr(-a) - ndtr(-b), TensorFlow erfc) ok; log(ndtr) unstable at -40 (Phi underflows)
  and in float32 at -14 (a subnormal, 7.8e-45, flushed to 0 by XLA, a few bits in PyTorch), log_ndtr ok (PyTorch float32
  too);
- the planar flow ok, domain at its zero; the u_hat guard ok there; the coupling ok, unstable at pre-activation 20
  (float64) and 10 (float32) in JAX, PyTorch and TensorFlow: tanh rounds to 1, 1 - tanh^2 = 0 where the exact Ws[0],
  bs[0] slopes are ~1e-17 (float32 ~1e-9); slogdet domain at a singular W (W's entries none, x keeps W^T W x) in all
  four; softplus log-dets unstable at -800 (float32 -120) in all, ok with + 1e-3 (e^-800 / 1e-3 rounds to 0); F.softplus
  domain at its threshold 20 (a jump of -1.03e-10; raw[1] keeps 0.639);
- the JAX spline's value ok on a knot (C1), its log-likelihood domain there: x[0] (0.2518 left, -1.5484 right) and every
  uw none, uh and ud keep their slopes (ud[0] exactly 0); ok off the knots (float32; PyTorch too where every ud is
  read);
- logit with alpha ok at 0 and 1 (float32); torch.logit(eps=1e-6) and np.clip ok at x = 0 (flat); torch.logit(eps=1e-6),
  np.clip and tf.clip_by_value domain at x = eps (0 from the left, -1.28e7 from the right; torch's float32 too); VP
  sigma unstable at t = 1e-8 (1 - e^-1e-9), float32 1e-3, domain at 0, ok by expm1; the clamped-root Function ok at 0.5,
  domain at 1, wrong at 1 - 1e-14 at its backward (-5e5 against -5.0e6); Box-Cox by where wrong at lambda = 0 in
  TensorFlow and NumPy (the idle branch's 0/0 leaks: x's exact slopes [2, 0.5], lambda's (log^2 0.5 + log^2 2) / 2 =
  0.4805), ok at 0.5; bare (x^0 - 1) / 0 domain (no value on the line); at the data's edge x = 0 domain, lambda keeping
  4.3037 (x[0]'s slope +inf); cosine betas ok.

My truths corrected (gradcli right):
- -2 log tan(pi t / 2) at t = 1 in float32 (JAX and PyTorch) and TensorFlow's 2 (log cos - log sin) there: unstable
  against the literal as written, not domain: float32's pi (3.1415927410) puts pi t / 2 past the pole, tan < 0 (cos <
  0), so log is NaN, but by the README's constant-rounded rule the function the user wrote (pi as a double) has no pole
  there and the exact slope is float64's -5.1306e16 (TensorFlow's likewise);
- v -> x0 at ab = 1e-14 (float64) is unstable, not ok: ab's exact slope is 0, and its two paths of -3.06 and
  +3.060000001 leave 5.8e-10, past 1e-10 x 1 (an input whose exact entries are all 0 is judged on 1); float32 at 1e-8
  leaves 5.1e-5 < 1e-4: ok;
- JAX's ndtr: the float32 truth used jax.scipy.special.ndtr's own constant 0.5 * sqrt(2) rounded to float32 (2e-8 off
  the slopes); by the README a library's constant is the mathematics it means, Phi itself, in every dtype;
- the bin-tail likelihood with the lower edge 66 sds out is unstable, not wrong: the idle branch's log(mass) is -inf
  only because float64's erfc underflows (at high precision the mass is positive and its where-cotangent 0 gives 0), so
  the NaN that leaks is the dtype's, not the rule's;
- the planar flow at its zero: z[1] and u[1] (weight w[1] = 0) have no slope either. I first kept their finite-part
  slopes 0.3 and 0; but with w differentiated, w[1] moves the pole and d/dz1 -log|g| = -dg/dz1 / g at nearby points is
  -2 (u.w) sech^2 tanh(a) w1 / g, which depends on how w1 and the others approach: the slope is open (as round 73c left
  lam in log(t / lam)). With w held (--wrt z, or w module data) gradcli keeps z[1]'s 0.3 (probe pole.py:c, e);
- 0.5 logit(x)^2 + log x + log(1 - x) at x = [0, 0.3] (JAX logit, torch.logit): the value is inf - inf = NaN, but x[1]'s
  terms never meet that NaN and keep -2.12999 (the README's log(x) + y**2 at x = -1), not none;
- Box-Cox's lambda slope at 0: my first truth wrote (x^lam - 1) / lam, which mpmath cancels to nothing at the
  differences' steps (2^-6650); written expm1(lam log x) / lam it is 0.480453, as gradcli says.

Finding (mended since: a write of a high-precision number into one entry keeps the number, not a 0-d array,
torch_ops.written_at):
- F1: PyTorch code that writes in place into a tensor it then reads (nflows' searchsorted nudges its last knot:
  `bin_locations = bin_locations.clone(); bin_locations[-1] += eps`) loses the exact reference's proof of a slope that
  is 0 because the function never reads that input: the check is error, "no exact reference: an exact entry is within
  5.63e-2559 of 0 at 3840 digits but not proven 0", at an ordinary point. The rational-quadratic spline at x = [0.4,
  0.7] (both points in bin 2, so ud[0], the slope at knot 1, is never read: its exact slope is 0; PyTorch's own gradient
  is right, every entry within 1e-14 of mine) is error instead of ok; on the knot x = [0, 0.7] error instead of domain.
  The same spline in JAX (jnp.searchsorted) proves the 0, and so do PyTorch twins without the write (the nudge out of
  place by torch.cat, or the write into a clone of a computed tensor); an in-place write whose zero slope comes from
  arithmetic (eps_pred[1] = eps[1]) is proven too. Minimal (a scratch file:e8):
      KNOTS = torch.tensor([-3.0, -1.5, 0.0, 1.5, 3.0], dtype=torch.float64)
      def e8(x, ud):
          d = F.softplus(ud); kn = KNOTS.clone(); kn[-1] = 3.000001
          k = torch.sum(x[..., None] >= kn, dim=-1) - 1
          return (d[k - 1] * x).sum()
  gradcli check ...:e8 --at "x=[0.4,0.7],ud=[0.2,-0.4,0.6]" --wrt ud: error; exact slopes [0, 0.44144357, 0].
  Reproduce: gradcli check tests/trials/torch_lib73d.py:spline_nll --at
  "x=[0.4,0.7],uw=[0.0,0.0,0.0,0.0],uh=[0.3,-0.2,0.1,0.5],ud=[0.2,-0.4,0.6]" --dtype float64 --json

Truths are my own expressions evaluated with mpmath at 2,000 digits at the numbers the dtype holds (the user's s =
0.008, 1 + s, pi, 1/255, 1e-12, 0.044715, sqrt(2 / pi), sqrt 2, 1e-20, 0.05, 0.9, 1e-6 as the dtype holds them; a
library's constants as the mathematics they mean), never the files' code or gradcli: the schedules from their formulas,
x0 and v recovery as sum x0^2 where x_t exists, KL(N1 || N2) as log(s2 / s1) + (s1^2 + (m1 - m2)^2) / (2 s2^2) - 1/2
whatever the spelling, the likelihood as a loop over bins with mpmath.ncdf (or guided-diffusion's tanh CDF, or erf /
erfc with the dtype's sqrt 2), the spline from Durkan et al.'s eq. 4 with its log-slope by mpmath.diff of the bin's
rational function (not the closed form), the slogdet's det as ad - bc; the derivative from the left and the right by
mpmath.diff (cases30b.sided_grad's way, NaN where either side is not a number or they differ); by hand: the poles and
NaN values (every entry none; slogdet's x keeping W^T W x; log(ab) - log1p(-ab)'s ab[1] keeping 4; the logit's x[1]).
"""
import math

import mpmath

from cases import Case
from cases5 import _in, hp
from cases30b import sided_grad

J, T, K, N = "jax_lib73d.py", "torch_lib73d.py", "tf_lib73d.py", "np_lib73d.py"
NAN = mpmath.nan
mpf = mpmath.mpf
F32, F64 = "float32", "float64"


def H(dtype, v):
    """A literal (or a Python float computed from literals) as the dtype holds it."""
    return _in(dtype, [float(v)])[0]


# ------------------------------------------------------------------------------------------------- real-valued helpers
def sq(x):
    """sqrt on the reals: NaN below 0 (mpmath would go complex)."""
    return mpmath.sqrt(x) if x >= 0 else NAN


def lg(x):
    """log on the reals: -inf at 0, NaN below."""
    return mpmath.log(x) if x > 0 else (mpmath.ninf if x == 0 else NAN)


def softplus(x):
    return mpmath.log1p(mpmath.exp(x))


def dot(a, b):
    return sum(x * y for x, y in zip(a, b))


# ------------------------------------------------------------------------------------------------- the mathematics
def cosine_ab(dtype):
    """f(t) / f(0), f(t) = cos((t + s) / (1 + s) pi / 2)^2 with s, 1 + s (a Python float) and pi as the dtype holds
    them."""
    s, one_s, pi = H(dtype, 0.008), H(dtype, 1 + 0.008), H(dtype, math.pi)

    def f(t):
        return mpmath.cos((t + s) / one_s * pi / 2) ** 2

    def ab(t):
        return sum(f(v) / f(0) for v in t)
    return ab


def cosine_beta(dtype):
    s, one_s, pi, dt = H(dtype, 0.008), H(dtype, 1 + 0.008), H(dtype, math.pi), H(dtype, 0.001)
    top = H(dtype, 0.999)

    def f(t):
        return mpmath.cos((t + s) / one_s * pi / 2) ** 2

    def beta(t):
        return sum(min(max(1 - f(v) / f(v - dt), 0), top) for v in t)
    return beta


def log_snr_tan(dtype):
    """-2 log tan(pi t / 2), pi as the dtype holds it (float32's pi exceeds pi: tan(pi_32 / 2) < 0)."""
    pi = H(dtype, math.pi)
    return lambda t: sum(-2 * lg(mpmath.tan(pi * v / 2)) for v in t)


def log_snr_alpha_sigma(dtype):
    pi = H(dtype, math.pi)
    return lambda t: sum(2 * (lg(mpmath.cos(pi * v / 2)) - lg(mpmath.sin(pi * v / 2))) for v in t)


def safe_log_snr(dtype):
    """log(max(ab, 1e-20)) - log(max(1 - ab, 1e-20)): the primal, whatever the custom rule says."""
    floor = H(dtype, 1e-20)
    return lambda ab: sum(mpmath.log(max(a, floor)) - mpmath.log(max(1 - a, floor)) for a in ab)


def x0_recovered(x0, eps, ab):
    """x0_hat = x0 exactly wherever x_t is defined (0 < ab <= 1): sum x0^2 there."""
    if not 0 < ab <= 1:
        return NAN
    return dot(x0, x0)


def ddim(x_t, eps_pred, ab_t, ab_prev):
    x0 = [(a - sq(1 - ab_t) * e) / sq(ab_t) for a, e in zip(x_t, eps_pred)]
    x_prev = [sq(ab_prev) * a + sq(1 - ab_prev) * e for a, e in zip(x0, eps_pred)]
    return dot(x_prev, x_prev)


def min_snr(dtype):
    gamma = H(dtype, 5.0)

    def f(eps_pred, eps, snr):
        mse = sum((a - b) ** 2 for a, b in zip(eps_pred, eps)) / len(eps)
        return min(snr, gamma) / snr * mse
    return f


def kl_logvar(mean1, logvar1, mean2, logvar2):
    """KL(N(m1, s1^2) || N(m2, s2^2)) = log(s2 / s1) + (s1^2 + (m1 - m2)^2) / (2 s2^2) - 1/2, s = e^(logvar / 2)."""
    total = 0
    for m1, l1, m2, l2 in zip(mean1, logvar1, mean2, logvar2):
        s1, s2 = mpmath.exp(l1 / 2), mpmath.exp(l2 / 2)
        total += mpmath.log(s2 / s1) + (s1 ** 2 + (m1 - m2) ** 2) / (2 * s2 ** 2) - mpf(1) / 2
    return total


def kl_scale(mu_q, scale_q, mu_p, scale_p):
    return sum(mpmath.log(sp / sq_) + (sq_ ** 2 + (mq - mp) ** 2) / (2 * sp ** 2) - mpf(1) / 2
               for mq, sq_, mp, sp in zip(mu_q, scale_q, mu_p, scale_p))


def discretized(dtype, cdf, clamp=True):
    """-sum log P(bin of x) under N(mean, e^(2 log_scale)) on 256 bins of [-1, 1], the edge bins open; the clamps at
    1e-12 where the program has them. ``cdf`` is the normal CDF the program means (the exact one, or the tanh
    approximation)."""
    half, lo, hi, floor = H(dtype, 1.0 / 255), H(dtype, -0.999), H(dtype, 0.999), H(dtype, 1e-12)

    def keep(p):
        return max(p, floor) if clamp else p

    def f(x, means, log_scales):
        total = 0
        for xv, m, ls in zip(x, means, log_scales):
            inv = mpmath.exp(-ls)
            plus, minus = inv * (xv - m + half), inv * (xv - m - half)
            if xv < lo:
                total += lg(keep(cdf(plus)))
            elif xv > hi:
                total += lg(keep(1 - cdf(minus)))
            else:
                total += lg(keep(cdf(plus) - cdf(minus)))
        return -total
    return f


def tanh_cdf(dtype):
    """guided-diffusion's approx_standard_normal_cdf, its constants as the dtype holds them."""
    c, k = H(dtype, math.sqrt(2.0 / math.pi)), H(dtype, 0.044715)
    return lambda v: (1 + mpmath.tanh(c * (v + k * v ** 3))) / 2


def edge_log_cdf(dtype, cdf=mpmath.ncdf):
    half = H(dtype, 1.0 / 255)
    return lambda x, means, log_scales: -sum(lg(cdf(mpmath.exp(-ls) * (xv - m + half)))
                                             for xv, m, ls in zip(x, means, log_scales))


def erf_cdf(dtype):
    """0.5 (1 + erf(v / sqrt 2)) with sqrt 2 the Python float as the dtype holds it (tf_lib73d._cdf)."""
    r2 = H(dtype, math.sqrt(2.0))
    return lambda v: (1 + mpmath.erf(v / r2)) / 2


def right_tail(dtype):
    """-log of the bin's mass Phi(b) - Phi(a) = Phi(-a) - Phi(-b), for the erfc spelling (sqrt 2 as the dtype holds
    the Python float)."""
    half, r2 = H(dtype, 1.0 / 255), H(dtype, math.sqrt(2.0))

    def f(x, means, log_scales):
        total = 0
        for xv, m, ls in zip(x, means, log_scales):
            inv = mpmath.exp(-ls)
            a, b = inv * (xv - m - half) / r2, inv * (xv - m + half) / r2
            total += mpmath.log((mpmath.erfc(a) - mpmath.erfc(b)) / 2)
        return -total
    return f


def planar(z, u, w, b):
    a = dot(w, z) + b
    f = [zi + ui * mpmath.tanh(a) for zi, ui in zip(z, u)]
    det = 1 + dot(u, w) * mpmath.sech(a) ** 2
    return dot(f, f) / 2 - lg(abs(det))


def planar_guarded(z, u, w, b):
    wu = dot(w, u)
    scale = (-1 + softplus(wu) - wu) / dot(w, w)
    u_hat = [ui + scale * wi for ui, wi in zip(u, w)]
    return planar(z, u_hat, w, b)


def coupling(x, Ws, bs, Wt, bt):
    x1, x2 = x[:2], x[2:]
    s = [mpmath.tanh(dot(row, x1) + c) for row, c in zip(Ws, bs)]
    t = [dot(row, x1) + c for row, c in zip(Wt, bt)]
    y = list(x1) + [a * mpmath.exp(si) + ti for a, si, ti in zip(x2, s, t)]
    return dot(y, y) / 2 - sum(s)


def linear_flow(W, x):
    z = [dot(row, x) for row in W]
    det = W[0][0] * W[1][1] - W[0][1] * W[1][0]
    return dot(z, z) / 2 - lg(abs(det))


def linear_flow_pole(W, x):
    """At a singular W: every entry of W moves det W (its cofactors are all nonzero), so none has a slope; x keeps
    W^T W x, the finite part's slope."""
    Wm = [[mpf(v) for v in row] for row in W]
    xs = [mpf(v) for v in x]
    z = [dot(row, xs) for row in Wm]
    return lambda: {"W": [[NAN, NAN], [NAN, NAN]], "x": [sum(Wm[i][j] * z[i] for i in range(2)) for j in range(2)]}


def softplus_logdet(eps=None):
    def f(raw):
        return sum(lg(softplus(r) + (eps or 0)) for r in raw)
    return f


def f_softplus_logdet(raw):
    """sum log F.softplus(raw): PyTorch's softplus is x itself past its threshold, x > 20 (a jump of 2e-9 at 20)."""
    return sum(lg(r if r > 20 else softplus(r)) for r in raw)


def rq_spline(dtype, with_logdet):
    """The monotone rational-quadratic spline of Durkan et al. (2019), eq. 4, on [-3, 3] with 4 bins from the paper:
    knots from softmax widths and heights, inner slopes softplus(ud), boundary slopes 1. The bin holding x is the one
    whose [x_k, x_k+1) contains it (searchsorted on the right). The log-derivative is the derivative of that bin's
    rational function at x, by mpmath.diff (not the closed form)."""
    def f(x, uw, uh, ud):
        ew, eh = [mpmath.exp(v) for v in uw], [mpmath.exp(v) for v in uh]
        wsum, hsum = sum(ew), sum(eh)
        xk, yk = [mpf(-3)], [mpf(-3)]
        for a, b in zip(ew, eh):
            xk.append(xk[-1] + 6 * a / wsum)
            yk.append(yk[-1] + 6 * b / hsum)
        d = [mpf(1)] + [softplus(v) for v in ud] + [mpf(1)]
        total = 0
        for xv in x:
            k = max(0, min(3, sum(1 for knot in xk if xv >= knot) - 1))

            def g(v, k=k):
                width, height = xk[k + 1] - xk[k], yk[k + 1] - yk[k]
                slope = height / width
                xi = (v - xk[k]) / width
                return yk[k] + height * (slope * xi ** 2 + d[k] * xi * (1 - xi)) / (
                    slope + (d[k + 1] + d[k] - 2 * slope) * xi * (1 - xi))
            y = g(xv)
            total += y ** 2 / 2
            if with_logdet:
                total -= mpmath.log(mpmath.diff(g, xv))
        return total
    return f


def logit_alpha(dtype):
    """RealNVP's preprocessing: p = alpha + (1 - 2 alpha) x, y = logit p, minus the log-det (constants as held)."""
    a, scale = H(dtype, 0.05), H(dtype, 1 - 2 * 0.05)

    def f(x):
        total = 0
        for v in x:
            p = a + scale * v
            y = mpmath.log(p / (1 - p))
            total += y ** 2 / 2 - (mpmath.log(scale) - mpmath.log(p) - mpmath.log(1 - p))
        return total
    return f


def logit_clamped(dtype):
    """logit of x clamped to [1e-6, 1 - 1e-6], with the log-det of the logit (torch.logit(eps=), np.clip, tf's clip)."""
    eps, top = H(dtype, 1e-6), H(dtype, 1 - 1e-6)

    def f(x):
        total = 0
        for v in x:
            p = min(max(v, eps), top)
            total += mpmath.log(p / (1 - p)) ** 2 / 2 + mpmath.log(p) + mpmath.log(1 - p)
        return total
    return f


def vp_sigma(dtype):
    bmin, half_span = H(dtype, 0.1), H(dtype, 0.5 * (20.0 - 0.1))
    return lambda t: sum(sq(-mpmath.expm1(-(bmin * v + half_span * v ** 2))) for v in t)


def clamped_sqrt(alpha_bar):
    return sum(mpmath.sqrt(max(1 - a, 0)) for a in alpha_bar)


def cosine_betas(s):
    """improved-diffusion's betas on T = 10 steps: beta_i = min(1 - ab(t_i+1) / ab(t_i), 0.999), t_i = i / 10 as
    doubles; the function is sum log(1 - beta_i)."""
    pi, top = mpf(math.pi), mpf(0.999)
    ts = [mpf(i / 10) for i in range(11)]
    ab = [mpmath.cos((t + s) / (1 + s) * pi / 2) ** 2 for t in ts]
    return sum(mpmath.log(1 - min(1 - ab[i + 1] / ab[i], top)) for i in range(10))


def v_loss(v_pred, x0, eps, ab):
    if not 0 <= ab < 1:
        return NAN
    v = [sq(ab) * e - sq(1 - ab) * x for e, x in zip(eps, x0)]
    return sum((a - b) ** 2 for a, b in zip(v_pred, v)) / len(v) / (1 - ab)


def box_cox_where(x, lam):
    """log x at lambda = 0, else (x^lambda - 1) / lambda, written expm1(lambda log x) / lambda: mpmath's x ** h - 1
    at the differences' steps h ~ 2^-6600 would cancel every digit the steps need."""
    return sum(mpmath.log(v) if lam == 0 else mpmath.expm1(lam * mpmath.log(v)) / lam for v in x)


# ------------------------------------------------------------------------------------------------- cases
def at(**point):
    return ",".join(f"{k}={v!r}".replace(" ", "") for k, v in point.items())


def S(file, function, dtype, verdict, f, line=None, **point):
    """A case whose truth is f's slopes from each side at the point as the dtype holds it (NaN where they differ)."""
    return Case(file, function, at(**point), dtype, verdict, sided_grad(f, dtype, finite_sides=True, **point),
                line=line)


def _nans(value):
    return [_nans(v) for v in value] if isinstance(value, list) else NAN


def Nan(file, function, dtype, verdict, line=None, **point):
    """A case with no derivative in any entry, written by hand."""
    return Case(file, function, at(**point), dtype, verdict, hp(lambda: {k: _nans(v) for k, v in point.items()}),
                line=line)


def Hand(file, function, dtype, verdict, truth, line=None, **point):
    return Case(file, function, at(**point), dtype, verdict, hp(truth), line=line)


# points
X0, EPS2 = [0.3, -1.2], [0.8, 0.5]
XT, EPT = [0.5, -1.2], [0.3, 0.4]
EQ = dict(mean1=[0.1, -0.2], logvar1=[-1.0, -2.0], mean2=[0.1, -0.2], logvar2=[-1.0, -2.0])
NEAR = dict(mean1=[0.1, -0.2], logvar1=[-1.0, -2.0], mean2=[0.1, -0.2], logvar2=[-1.000000001, -2.000000001])
NEAR32 = dict(mean1=[0.1, -0.2], logvar1=[-1.0, -2.0], mean2=[0.1, -0.2], logvar2=[-1.001, -2.001])
NEAR_NP = dict(mean1=[0.1, -0.2], logvar1=[-1.0, -2.0], mean2=[0.1, -0.2], logvar2=[-1.000001, -2.000001])
DG = dict(x=[-1.0, 0.0, 1.0], means=[-0.95, 0.02, 0.9], log_scales=[-2.5, -2.5, -2.5])
DG_TAIL = dict(x=[0.5], means=[0.44], log_scales=[-4.6])  # the bin 5.6 to 6.4 sds out: a mass of 1.2e-8
DG_EDGE = dict(x=[1.0], means=[0.94], log_scales=[-4.6])  # 1 - Phi(5.6)
DG_FAR = dict(x=[-1.0], means=[2.3], log_scales=[-3.0])  # the lowest bin 66 sds below the mean
EDGE40 = dict(x=[-1.0], means=[1.0], log_scales=[-3.0])  # plus_in = -40.1
EDGE14 = dict(x=[-1.0], means=[-0.3], log_scales=[-3.0])  # plus_in = -14
PZ = dict(z=[0.0, 0.3], u=[-1.0, 0.5], w=[1.0, 0.0], b=0.0)  # 1 + u.psi = 0
PO = dict(z=[0.5, -0.3], u=[0.8, 0.4], w=[1.2, -0.7], b=0.1)
CP = dict(x=[0.5, -0.3, 1.2, 0.7], Ws=[[0.4, -0.2], [0.1, 0.3]], bs=[0.1, -0.2], Wt=[[0.3, 0.5], [-0.4, 0.2]],
          bt=[0.05, -0.1])
CP20 = dict(CP, bs=[20.0, -0.2])
CP10 = dict(CP, bs=[10.0, -0.2])
WO, WS, XW = [[1.5, 0.2], [-0.3, 0.8]], [[1.0, 2.0], [2.0, 4.0]], [0.5, -1.0]
SPK = dict(x=[0.0, 0.7], uw=[0.0, 0.0, 0.0, 0.0], uh=[0.3, -0.2, 0.1, 0.5], ud=[0.2, -0.4, 0.6])  # x[0] on a knot
SPB = dict(x=[0.4, 0.7], uw=[0.0, 0.0, 0.0, 0.0], uh=[0.3, -0.2, 0.1, 0.5], ud=[0.2, -0.4, 0.6])  # ud[0] unread
SPO = dict(x=[0.4, -2.2], uw=[0.1, -0.3, 0.2, 0.0], uh=[0.3, -0.2, 0.1, 0.5], ud=[0.2, -0.4, 0.6])


def logit_pole():
    """0.5 logit(x)^2 + log x + log(1 - x) at x = [0, 0.3]: inf - inf at x[0] (no value, no slope), while x[1]'s
    terms never meet that NaN and keep their slope logit(x1) / (x1 (1 - x1)) + 1/x1 - 1/(1 - x1) (README: log(x) + y**2
    at x = -1 keeps y's)."""
    x1 = mpf(0.3)
    return {"x": [NAN, mpmath.log(x1 / (1 - x1)) / (x1 * (1 - x1)) + 1 / x1 - 1 / (1 - x1)]}


ALL = [
    # ---------------------------------------------------------------------------------------------------- JAX
    S(J, "cosine_alpha_bar", F64, "ok", cosine_ab(F64), t=[0.3]),
    S(J, "cosine_alpha_bar", F64, "unstable", cosine_ab(F64), t=[1.0]),
    S(J, "cosine_alpha_bar", F32, "unstable", cosine_ab(F32), t=[1.0]),
    S(J, "cosine_beta", F64, "ok", cosine_beta(F64), t=[1.0]),
    Nan(J, "log_snr_tan", F64, "domain", t=[0.0]),
    S(J, "log_snr_tan", F64, "ok", log_snr_tan(F64), t=[1.0]),
    S(J, "log_snr_tan", F32, "unstable", log_snr_tan(F64), t=[1.0]),
    S(J, "log_snr_of_alpha_bar", F64, "ok", safe_log_snr(F64), ab=[0.5, 0.9]),
    S(J, "log_snr_of_alpha_bar", F64, "wrong", safe_log_snr(F64), "def _safe_log_jvp", ab=[1.0, 0.5]),
    S(J, "log_snr_of_alpha_bar", F32, "wrong", safe_log_snr(F32), "def _safe_log_jvp", ab=[1.0, 0.5]),
    S(J, "eps_to_x0", F64, "ok", x0_recovered, x0=X0, eps=EPS2, ab=0.5),
    S(J, "eps_to_x0", F64, "unstable", x0_recovered, x0=X0, eps=EPS2, ab=1e-14),
    S(J, "eps_to_x0", F32, "unstable", x0_recovered, x0=X0, eps=EPS2, ab=1e-08),
    S(J, "eps_to_x0", F64, "domain", x0_recovered, x0=X0, eps=EPS2, ab=1.0),
    S(J, "v_to_x0", F64, "unstable", x0_recovered, x0=X0, eps=EPS2, ab=1e-14),
    S(J, "v_to_x0", F32, "ok", x0_recovered, x0=X0, eps=EPS2, ab=1e-08),
    S(J, "ddim_step", F64, "ok", ddim, x_t=XT, eps_pred=EPT, ab_t=0.5, ab_prev=0.7),
    S(J, "ddim_step", F64, "domain", ddim, x_t=XT, eps_pred=EPT, ab_t=0.5, ab_prev=1.0),
    S(J, "ddim_step", F32, "unstable", ddim, x_t=XT, eps_pred=XT, ab_t=1e-08, ab_prev=0.9),
    S(J, "ddim_step", F64, "unstable", ddim, x_t=XT, eps_pred=XT, ab_t=1e-20, ab_prev=0.9),
    Nan(J, "snr_weighted_loss", F64, "domain", eps_pred=XT, eps=EPT, ab=1.0),
    S(J, "min_snr_loss", F64, "domain", min_snr(F64), eps_pred=XT, eps=EPT, snr=5.0),
    S(J, "min_snr_loss", F64, "ok", min_snr(F64), eps_pred=XT, eps=EPT, snr=2.0),
    S(J, "min_snr_loss", F32, "domain", min_snr(F32), eps_pred=XT, eps=EPT, snr=5.0),
    S(J, "normal_kl", F64, "ok", kl_logvar, **EQ),
    S(J, "normal_kl", F64, "unstable", kl_logvar, **NEAR),
    S(J, "normal_kl", F32, "unstable", kl_logvar, **NEAR32),
    S(J, "discretized_gaussian_nll", F32, "ok", discretized(F32, mpmath.ncdf), **DG),
    S(J, "discretized_gaussian_nll", F64, "unstable", discretized(F64, mpmath.ncdf), **DG_TAIL),
    S(J, "discretized_gaussian_nll", F64, "unstable", discretized(F64, mpmath.ncdf), **DG_EDGE),
    S(J, "discretized_gaussian_nll_tails", F64, "ok", discretized(F64, mpmath.ncdf, False), **DG_TAIL),
    S(J, "discretized_gaussian_nll_tails", F64, "unstable", discretized(F64, mpmath.ncdf, False), **DG_FAR),
    S(J, "edge_log_cdf", F64, "unstable", edge_log_cdf(F64), **EDGE40),
    S(J, "edge_log_ndtr", F64, "ok", edge_log_cdf(F64), **EDGE40),
    S(J, "edge_log_cdf", F32, "unstable", edge_log_cdf(F32), **EDGE14),
    S(J, "planar_free_energy", F64, "ok", planar, **PO),
    Nan(J, "planar_free_energy", F64, "domain", **PZ),
    S(J, "planar_free_energy_guarded", F64, "ok", planar_guarded, **PZ),
    S(J, "affine_coupling_nll", F32, "ok", coupling, **CP),
    S(J, "affine_coupling_nll", F64, "unstable", coupling, **CP20),
    S(J, "affine_coupling_nll", F32, "unstable", coupling, **CP10),
    S(J, "linear_flow_nll", F64, "ok", linear_flow, W=WO, x=XW),
    Hand(J, "linear_flow_nll", F64, "domain", linear_flow_pole(WS, XW), W=WS, x=XW),
    S(J, "softplus_scale_logdet", F64, "unstable", softplus_logdet(), raw=[-800.0, 0.5]),
    S(J, "softplus_scale_logdet", F32, "unstable", softplus_logdet(), raw=[-120.0, 0.5]),
    S(J, "softplus_scale_logdet_eps", F64, "ok", softplus_logdet(H(F64, 1e-3)), raw=[-800.0, 0.5]),
    S(J, "spline_value", F64, "ok", rq_spline(F64, False), **SPK),
    S(J, "spline_nll", F64, "domain", rq_spline(F64, True), **SPK),
    S(J, "spline_nll", F32, "ok", rq_spline(F32, True), **SPO),
    S(J, "logit_preprocess_nll", F32, "ok", logit_alpha(F32), x=[0.0, 1.0, 0.5]),
    Hand(J, "logit_nll", F64, "domain", logit_pole, x=[0.0, 0.3]),
    # ---------------------------------------------------------------------------------------------------- PyTorch
    S(T, "vp_sigma", F64, "unstable", vp_sigma(F64), t=[1e-08]),
    S(T, "vp_sigma", F32, "unstable", vp_sigma(F32), t=[0.001]),
    Nan(T, "vp_sigma", F64, "domain", t=[0.0]),
    S(T, "vp_sigma_expm1", F64, "ok", vp_sigma(F64), t=[1e-08]),
    S(T, "sigma_clamped", F64, "ok", clamped_sqrt, alpha_bar=[0.5]),
    Nan(T, "sigma_clamped", F64, "domain", alpha_bar=[1.0]),
    S(T, "sigma_clamped", F64, "wrong", clamped_sqrt, "def backward(ctx, g)", alpha_bar=[0.99999999999999]),
    S(T, "min_snr_loss", F64, "domain", min_snr(F64), eps_pred=XT, eps=EPT, snr=5.0),
    S(T, "kl_normal", F64, "ok", kl_scale, mu_q=[0.2, -0.1], scale_q=[1.0, 0.5], mu_p=[0.2, -0.1], scale_p=[1.0, 0.5]),
    S(T, "kl_normal", F64, "unstable", kl_scale, mu_q=[0.2, -0.1], scale_q=[1.00000001, 0.5], mu_p=[0.2, -0.1],
      scale_p=[1.0, 0.5]),
    S(T, "kl_normal", F32, "unstable", kl_scale, mu_q=[0.2, -0.1], scale_q=[1.001, 0.5], mu_p=[0.2, -0.1],
      scale_p=[1.0, 0.5]),
    S(T, "discretized_gaussian_log_likelihood", F32, "ok", discretized(F32, tanh_cdf(F32)), **DG),
    S(T, "discretized_gaussian_log_likelihood", F64, "unstable", discretized(F64, tanh_cdf(F64)), **DG_TAIL),
    S(T, "discretized_gaussian_log_likelihood", F64, "unstable", discretized(F64, tanh_cdf(F64)), **DG_EDGE),
    S(T, "edge_log_ndtr_naive", F64, "unstable", edge_log_cdf(F64), **EDGE40),
    S(T, "edge_log_ndtr", F64, "ok", edge_log_cdf(F64), **EDGE40),
    S(T, "edge_log_ndtr_naive", F32, "unstable", edge_log_cdf(F32), **EDGE14),
    S(T, "affine_coupling_nll", F64, "unstable", coupling, **CP20),
    Hand(T, "linear_flow_nll", F64, "domain", linear_flow_pole(WS, XW), W=WS, x=XW),
    S(T, "softplus_scale_logdet", F64, "unstable", f_softplus_logdet, raw=[-800.0, 0.5]),
    S(T, "softplus_scale_logdet", F64, "domain", f_softplus_logdet, raw=[20.0, 0.5]),
    S(T, "spline_nll", F64, "domain", rq_spline(F64, True), **SPK),
    S(T, "spline_nll", F64, "ok", rq_spline(F64, True), **SPO),
    S(T, "spline_nll", F64, "ok", rq_spline(F64, True), **SPB),
    S(T, "logit_eps_nll", F64, "ok", logit_clamped(F64), x=[0.0, 0.3]),
    S(T, "logit_eps_nll", F64, "domain", logit_clamped(F64), x=[1e-06, 0.3]),
    S(T, "logit_eps_nll", F32, "domain", logit_clamped(F32), x=[1e-06, 0.3]),
    Hand(T, "logit_nll", F64, "domain", logit_pole, x=[0.0, 0.3]),
    S(T, "log_snr_tan", F32, "unstable", log_snr_tan(F64), t=[1.0]),
    # ---------------------------------------------------------------------------------------------------- TensorFlow
    Nan(K, "log_snr_cosine", F64, "domain", t=[0.0]),
    S(K, "log_snr_cosine", F64, "ok", log_snr_alpha_sigma(F64), t=[1.0]),
    S(K, "log_snr_cosine", F32, "unstable", log_snr_alpha_sigma(F64), t=[1.0]),
    S(K, "ddim_step", F64, "unstable", ddim, x_t=XT, eps_pred=XT, ab_t=1e-20, ab_prev=0.9),
    S(K, "ddim_step", F64, "domain", ddim, x_t=XT, eps_pred=EPT, ab_t=0.5, ab_prev=1.0),
    S(K, "normal_kl", F64, "unstable", kl_logvar, **NEAR),
    S(K, "min_snr_loss", F64, "domain", min_snr(F64), eps_pred=XT, eps=EPT, snr=5.0),
    S(K, "discretized_gaussian_nll", F32, "ok", discretized(F32, erf_cdf(F32)), **DG),
    S(K, "discretized_gaussian_nll", F64, "unstable", discretized(F64, erf_cdf(F64)), **DG_TAIL),
    S(K, "right_tail_mass", F64, "ok", right_tail(F64), **DG_TAIL),
    S(K, "affine_coupling_nll", F32, "unstable", coupling, **CP10),
    Hand(K, "linear_flow_nll", F64, "domain", linear_flow_pole(WS, XW), W=WS, x=XW),
    S(K, "softplus_scale_logdet", F32, "unstable", softplus_logdet(), raw=[-120.0, 0.5]),
    S(K, "logit_clip_nll", F64, "domain", logit_clamped(F64), x=[1e-06, 0.3]),
    S(K, "box_cox", F64, "wrong", box_cox_where, x=[0.5, 2.0], lam=0.0),
    S(K, "box_cox", F64, "domain", box_cox_where, x=[0.0, 2.0], lam=0.5),
    # ---------------------------------------------------------------------------------------------------- NumPy
    S(N, "cosine_betas", F64, "ok", cosine_betas, s=0.008),
    Hand(N, "log_snr", F64, "domain", lambda: {"ab": [NAN, mpf(4)]}, ab=[1.0, 0.5]),
    S(N, "v_loss", F64, "ok", v_loss, v_pred=XT, x0=X0, eps=EPS2, ab=0.5),
    Nan(N, "v_loss", F64, "domain", v_pred=XT, x0=X0, eps=EPS2, ab=1.0),
    S(N, "normal_kl", F64, "unstable", kl_logvar, **NEAR_NP),
    Nan(N, "planar_free_energy", F64, "domain", **PZ),
    Hand(N, "linear_flow_nll", F64, "domain", linear_flow_pole(WS, XW), W=WS, x=XW),
    S(N, "logit_clip_nll", F64, "ok", logit_clamped(F64), x=[0.0, 0.3]),
    S(N, "logit_clip_nll", F64, "domain", logit_clamped(F64), x=[1e-06, 0.3]),
    Nan(N, "box_cox", F64, "domain", x=[0.5, 2.0], lam=0.0),
    S(N, "box_cox", F64, "domain", box_cox_where, x=[0.0, 2.0], lam=0.5),
    S(N, "box_cox_where", F64, "wrong", box_cox_where, x=[0.5, 2.0], lam=0.0),
    S(N, "box_cox_where", F64, "ok", box_cox_where, x=[0.5, 2.0], lam=0.5),
]
