"""The seventy-ninth trial set (d): UNCERTAINTY AND EVIDENTIAL LOSSES, the losses of models that predict their own
uncertainty, on a handful of outputs, as JAX, PyTorch, TensorFlow and plain NumPy code writes them. JAX (jax_lib79d): a
heteroscedastic Gaussian NLL 0.5 (log_var + r^2 exp(-log_var)) at ordinary points, at log_var = -800 (r != 0 and r =
0) and +800; the variance by jax.nn.softplus at s = -40 (float32 too), by a hand-written log(1 + exp(s)) (-40; float32
-20) and by softplus + 1e-6; Seitzer's beta-NLL (stop_gradient(var ** 0.5) * nll); a Laplace NLL |y - mu| e^-log_b +
log_b + log 2 at a zero residual; deep evidential regression's Normal-Inverse-Gamma NLL (gammaln) ordinary (float32
too), at nu = 0, nu = 1e-300, alpha = 1e17 (float32 1e7) with y = gamma, from a softplus head at raw nu = -800, and
with the evidence regulariser 0.01 |y - gamma| (2 nu + alpha) at y = gamma; evidential classification with alpha =
relu(z) + 1: the digamma loss sum y (psi(S) - psi(alpha)) ordinary and at relu's kink, the KL of the label-removed
Dirichlet to Dir(1) ordinary and at alpha = 1 (relu's kinks); a Beta NLL by log / log1p / betaln at p = 0.3, at p = 0
with a = 1 and a = 2, and clipped to [1e-6, 1 - 1e-6] at p = 0 and 1 (float32 too); the expected calibration error
over ten bins (lo, hi] by jnp.where masks, ordinary (float32 too), a confidence on the edge 0.5 alone in both bins and
with a neighbour in each, a calibrated bin (accuracy 3/4 = mean confidence 0.75); temperature scaling -log_softmax(z /
T)[1] at T = 1.5, 1e-3, 0 (float32 0.005) and -log(softmax(z / T))[1] at 1e-3 (float32 0.005); MC dropout's mean +
std of four passes with fixed masks at an ordinary w and at w = 0 (every pass 0) by jnp.std, sqrt(var + 1e-12) and a
custom_jvp sqrt whose rule gives 0 at 0; quantile regression's pinball losses (0.1, 0.9) plus relu(q_lo - q_hi)
ordinary (float32 too), at a tie and at q_lo = y; a mixture density network's -logsumexp of log pi - log sigma -
log(2 pi) / 2 - z^2 / 2, sigma = exp(log_sigma), ordinary and with one log_sigma = -800 (y != mu and y = mu; float32
-120). PyTorch (torch_lib79d): the Gaussian NLL by torch.exp, F.gaussian_nll_loss (eps = 1e-6) on a predicted
variance (ordinary, 1e-8 and 0 below the clamp, 1e-6 on it), the Laplace NLL by torch.abs, the NIG NLL by torch.lgamma
and by a hand-written autograd.Function for lgamma(a) - lgamma(a + 1/2) (float32 at 1e7), torch.digamma / F.relu
evidential losses, a Beta NLL by torch.xlogy at p = 0, the ECE by float masks, F.log_softmax / torch.log(torch.softmax)
temperature scaling, mean + p.std(unbiased=False) and sqrt(var + 1e-12) at w = 0, torch.relu's and F.softplus's
crossing penalties at a tie, torch.logsumexp's MDN. TensorFlow (tf_lib79d): tf.exp's Gaussian NLL, the log-variance
clipped to [-10, 10] by a tf.custom_gradient that passes the gradient straight through (at -800 and at -10),
tf.math.lgamma's NIG NLL, tf.math.digamma / tf.nn.relu evidential losses, tf.math.xlogy's Beta NLL, tf.nn.log_softmax
and tf.math.log(tf.nn.softmax), tf.math.reduce_std, tf.nn.relu's crossing penalty, tf.reduce_logsumexp's MDN. NumPy
(np_lib79d): np.exp's Gaussian NLL, np.abs's Laplace NLL, scipy.special.gammaln's NIG NLL, the ECE by np.where, np.std,
np.maximum's crossing penalty, scipy.special.logsumexp's MDN.

Counts: 126 cases tried, each through the CLI by tests/trials/judge.py (a scratch driver: two CLI runs at a time,
judged one at a time in its main thread), most of them twice (a second pass after the truths were corrected), and a
few scratch probes of the frameworks' own gradients (PyTorch's polygamma, xlogy's backward, std's backward at 0); then
18 dropped: 15 repeats of kept ordinary points, and for their time PyTorch's nig_loss at y = gamma and PyTorch's and
TensorFlow's edl_digamma at relu's kink (over 4 minutes each, killed unfinished; JAX's twin is kept). ALL keeps 108:
48 ok, 28 domain, 25 unstable, 7 wrong; 96 float64, 12 float32 (JAX 57, PyTorch 26, TensorFlow 15, NumPy 10). All 108
agree with my truths (after the corrections below) in verdict and every exact gradient entry to 1e-10. No finding.
Checks took 1.9-26 s on the shared machine (load 2-11; median 4.8 s at the lighter load of the second pass, 2-3 times
the first pass's), but two: nig_loss at y = gamma (JAX, |y - gamma| beside lgamma: 108 s at load 11, 18 s at load
5) and edl_digamma at z = [0, 2, -1] (JAX, relu's kink beside digamma: 168 s at load 5; its first run, at load 11,
had not ended after 9 minutes). The test file's 9 tests took 16 s.

Agreed (verdicts and exact slopes):
- Gaussian NLL: ok (float32 too); at log_var = -800 with r = 1 domain (value and slopes ~1e347, beyond float64); with
  r = 0 unstable in JAX, PyTorch, TensorFlow and NumPy (exp(800) = inf, 0 * inf: the value -400 and the slopes 0, 1/2
  come out NaN); at +800 ok (exp(-800) rounds to 0, the slope 3.7e-348 with it); softplus variance ok at s = -40
  (slopes ~1e17, float32 too), the hand-written log(1 + exp(s)) unstable there (1 + e^-40 = 1: var = 0; float32 at
  -20), + 1e-6 ok; the beta-NLL ok (its weight held); Laplace domain at a zero residual (mu[0] none, log_b[0] keeps 1);
- F.gaussian_nll_loss: ok above eps; wrong at var = 1e-8 and at var = 0 (the function is max(var, eps): flat, slope
  0; the clamp is made in place under torch.no_grad, so PyTorch's gradient is the unclamped formula's at eps,
  about -5e11), domain on the clamp (1e-6); TensorFlow's straight-through clip_log_var: wrong at -800 (slope 0, the rule
  passes 0.5 (1 - r^2 e^10)), domain at -10 exactly;
- NIG: ok (float32 too); at nu = 0 domain, gamma 0, alpha psi(2) - psi(2.5), beta 1 / (2 beta) kept beside the pole
  (JAX, PyTorch, TensorFlow); alpha = 1e17 with y = gamma unstable (1e17 + 0.5 rounds to 1e17: lgamma(a) - lgamma(a +
  1/2) and the two alpha log(2 beta (1 + nu)) terms cancel to 0 where -0.5 log(1e17) - ... is due; float32 1e7) in
  all four and through the autograd.Function; the softplus head at raw nu = -800 unstable (softplus underflows to 0,
  log(pi / 0)); the regulariser at y = gamma domain (gamma none, nu, alpha, beta kept);
- evidential classification: the digamma loss ok, domain at relu's kink (z[0]: 0 from the left, psi'(S) from the
  right; JAX); the KL ok, and ok at alpha = 1 with z at relu's kink (the KL's gradient (a_i - 1) psi'(a_i) - psi'(S) sum (a_j
  - 1) is 0 there: both sides 0) in JAX, PyTorch and TensorFlow;
- Beta NLL: ok; by jnp.log at p = 0: domain with a = 1 (0 log 0: no value, p defined on one side only, a's slope
  -log p infinite, b keeps psi(b) - psi(a + b) = -1/3) and with a = 2 (a pole: b keeps -1/3); clipped ok at p = 0 and 1
  (float32 too); by tf.math.xlogy at a = 1, p = 0: domain (xlogy(0, p) = 0 for every p: p keeps (b - 1) / (1 - p) = 2,
  which TensorFlow's xdivy rule gives; a has none);
- ECE: ok (float32 too); a confidence on the edge 0.5 alone in both bins ok (the bins' gaps are the same either side:
  slope -1/6), with a neighbour in each bin domain (a jump; the others keep +-1/6), a calibrated bin domain (|.|'s
  kink in its four confidences);
- temperature: log_softmax ok at T = 1e-3 (slopes 1e3, 1e6; float32 0.005), domain at T = 0 (all none); log(softmax)
  unstable at 1e-3 (e^-1000 underflows; float32 0.005), in JAX, PyTorch and TensorFlow;
- MC dropout: ok; at w = 0 by jnp.std, tf.math.reduce_std and np.std wrong (w[0], kept in every pass, moves no spread
  and keeps the mean's slope 1.6; sqrt'(0) * 0 makes it NaN; w[1], w[2] have kinks); sqrt(var + 1e-12) ok; the
  custom_jvp sqrt domain (its 0 gives w[0] 1.6);
- quantile: ok (float32 too), domain at the crossing tie (JAX, PyTorch, TensorFlow, NumPy) and at q_lo = y; the
  softplus penalty ok at the tie;
- MDN: ok (float32 too); one log_sigma = -800 unstable with y != mu (the component's weight e^-(1e694), slopes 0:
  sigma = 0, z = inf, the logsumexp's 0 weight times -z gives NaN; float32 at -120) and with y = mu (0 / 0: the value
  800 - ... comes out NaN; JAX), the first in all four.

My truths corrected (gradcli right):
- JAX's module constants (Y3, X_MC) in a float64 check: I had held them as float32 (JAX's default mode); gradcli loads
  the module under x64 for a float64 check, so they are the doubles (the zero-residual point is mu = 1.3 there; only
  PyTorch's torch.tensor constants are float32 in every run, mu = 1.2999999523162842);
- nig_nll at nu = 1e-300 (JAX), meant ok: the backward pass of log(pi / nu) computes nu ** -2 = 1e600 = inf, so nu's
  slope -5e299 (finite) comes out -inf: unstable;
- quantile_loss in float32 (JAX): (tau - 1) * d is Python's 0.9 - 1 = -0.09999999999999998 rounded to float32
  (-0.10000000149), not float32's 0.9 minus 1 (q[1]'s slope 0.10000000149, not 0.10000002384);
- edl_kl at an ordinary point (PyTorch), meant ok: PyTorch's polygamma(1, x) (digamma's rule) is 4.8e-10 off
  (torch.polygamma(1, 1.) = 1.6449340676383375 against pi^2 / 6 = 1.6449340668482264): unstable; at alpha = 1 its
  factors are exactly 0 and the case is ok;
- beta_nll by torch.xlogy at a = 1, p = 0, meant domain: xlogy(0, p) = 0 for every p, so p keeps its slope 2, which
  PyTorch's rule (x / y = 0 / 0) makes NaN: wrong (TensorFlow's xdivy rule gives 2: domain);
- mc_ucb at w = 0 (PyTorch), meant wrong: PyTorch's std backward masks std = 0 to a zero gradient (torch gives [1.6,
  -1.2, 0.5]), so w[0] is right and w[1], w[2] have no derivative: domain.

Truths are my own expressions evaluated with mpmath (2,000 digits by cases30b.sided_grad: the derivative from the left
and the right, NaN where they differ or either is not finite; by hand at 60 digits where digamma at 2,000 digits costs
seconds a call), never the files' code or gradcli, at the numbers the dtype holds (PyTorch's constants float32, Python
constants such as 0.01, 1e-6, 1 - 1e-6, 0.9 - 1 as the dtype holds them): the Gaussian, Laplace, NIG and Beta
log-densities from their formulas (lnG by mpmath.loggamma), relu and max / min by their absolute-value identities,
the ECE by exact bins (k/10, (k + 1)/10] with k = ceil(10 c) - 1, the dropout passes as sums and the population std,
the MDN as a log-sum-exp of the components; by hand: the NIG pole at nu = 0 (gamma, alpha, beta from the rest of the NLL
at nu = 0), the Beta pole at p = 0 (b from the rest), the evidential gradients (psi'(S) - y_i psi'(alpha_i) and (a_i -
1) psi'(a_i) - psi'(S) sum (a_j - 1), with relu's slope, NaN at its kink unless its factor is exactly 0).
"""
import math

import mpmath

from cases import Case
from cases5 import _in, hp
from cases30b import sided_grad
from cases73d import H, NAN, at, mpf

J, T, K, N = "jax_lib79d.py", "torch_lib79d.py", "tf_lib79d.py", "np_lib79d.py"
F32, F64 = "float32", "float64"


# ------------------------------------------------------------------------------------------------- real helpers
def lg(x):
    return mpmath.log(x) if x > 0 else (mpmath.ninf if x == 0 else NAN)


def sq(x):
    return mpmath.sqrt(x) if x >= 0 else NAN


def softplus(x):
    return mpmath.log1p(mpmath.exp(x))


def relu(x):  # by its absolute-value identity, not by comparison
    return (x + abs(x)) / 2


def hi(a, b):
    return (a + b + abs(a - b)) / 2


def lo(a, b):
    return (a + b - abs(a - b)) / 2


def xlogy(x, y):
    """x log y with 0 log 0 = 0 (the Beta density's factor p^(a - 1) at a = 1 is 1 at p = 0)."""
    return mpf(0) if x == 0 else x * lg(y)


def lbeta(a, b):
    return mpmath.loggamma(a) + mpmath.loggamma(b) - mpmath.loggamma(a + b)


def consts(file, dtype, values):
    """A module constant as the run holds it: PyTorch's (torch.tensor's default) are float32 in every run; JAX's
    (gradcli loads the module under x64 for a float64 check), TensorFlow's and NumPy's hold the doubles, then the
    dtype."""
    return _in(F32 if file == T else dtype, values)


# ------------------------------------------------------------------------------------------------- the mathematics
def gauss_nll(ys):
    return lambda mu, log_var: sum((lv + (y - m) ** 2 * mpmath.exp(-lv)) / 2 for y, m, lv in zip(ys, mu, log_var))


def gauss_nll_var(ys, eps=0):
    """0.5 (log var + r^2 / var), var = softplus(s) + eps (log(1 + exp(s)) is the same function)."""
    def f(mu, s):
        total = mpf(0)
        for y, m, v in zip(ys, mu, s):
            var = softplus(v) + eps
            total += (lg(var) + (y - m) ** 2 / var) / 2
        return total
    return f


def beta_weighted(ys, dtype, lv0):
    """Seitzer's beta-NLL (beta = 1/2): weights exp(lv0 / 2) held at the point."""
    held = [mpmath.exp(v / 2) for v in _in(dtype, lv0)]

    def f(mu, log_var):
        return sum(w * (lv + (y - m) ** 2 * mpmath.exp(-lv)) / 2 for w, y, m, lv in zip(held, ys, mu, log_var))
    return f


def laplace_nll(ys):
    return lambda mu, log_b: sum(abs(y - m) * mpmath.exp(-b) + b + mpmath.log(2) for y, m, b in zip(ys, mu, log_b))


def nig_rest(gamma, nu, alpha, beta, y=1):
    """The NIG NLL without 0.5 log(pi / nu)."""
    tbl = 2 * beta * (1 + nu)
    return (-alpha * lg(tbl) + (alpha + mpf(1) / 2) * lg(nu * (y - gamma) ** 2 + tbl)
            + mpmath.loggamma(alpha) - mpmath.loggamma(alpha + mpf(1) / 2))


def nig_nll(gamma, nu, alpha, beta):
    return lg(mpmath.pi / nu) / 2 + nig_rest(gamma, nu, alpha, beta) if nu != 0 else mpmath.inf


def nig_head(raw):
    return nig_nll(raw[0], softplus(raw[1]), softplus(raw[2]) + 1, softplus(raw[3]))


def nig_loss(dtype):
    lam = H(dtype, 0.01)
    return lambda gamma, nu, alpha, beta: nig_nll(gamma, nu, alpha, beta) + lam * abs(1 - gamma) * (2 * nu + alpha)


Y_CLS = [0, 1, 0]


def relu_slope(z):
    """relu's slope: 1 above 0, 0 below, none (NaN) at 0 unless what multiplies it is 0."""
    return mpf(1) if z > 0 else (mpf(0) if z < 0 else NAN)


def times(slope, factor):
    """slope * factor with a kink's NaN erased by an exact 0 factor (both sides 0)."""
    if factor == 0:
        return mpf(0)
    return slope * factor


def edl_digamma_grad(dtype, z):
    """d/dz_i of sum_j y_j (psi(S) - psi(alpha_j)), alpha = relu(z) + 1: relu'(z_i) (psi'(S) - y_i psi'(alpha_i))
    (sum y = 1), by hand (digamma at 2,000 digits costs seconds a call)."""
    def truth():
        zs = _in(dtype, z)
        alpha = [relu(v) + 1 for v in zs]
        s = sum(alpha)
        return {"z": [times(relu_slope(v), mpmath.psi(1, s) - y * mpmath.psi(1, a))
                      for v, y, a in zip(zs, Y_CLS, alpha)]}
    return truth


def edl_kl_grad(dtype, z):
    """KL(Dir(a) || Dir(1)) = lnG(S) - lnG(K) - sum lnG(a_j) + sum (a_j - 1)(psi(a_j) - psi(S)), a = y + (1 - y)
    (relu(z) + 1): dKL/da_i = (a_i - 1) psi'(a_i) - psi'(S) sum_j (a_j - 1), times (1 - y_i) relu'(z_i); at a = 1
    the factor is exactly 0 (the KL's minimum), so a kink of relu there has equal sides."""
    def truth():
        zs = _in(dtype, z)
        a = [y + (1 - y) * (relu(v) + 1) for y, v in zip(Y_CLS, zs)]
        s = sum(a)
        excess = sum(v - 1 for v in a)
        return {"z": [times(relu_slope(v), (1 - y) * ((ai - 1) * mpmath.psi(1, ai) - mpmath.psi(1, s) * excess))
                      for v, y, ai in zip(zs, Y_CLS, a)]}
    return truth


def beta_nll(a, b, p):
    """-(a - 1) log p - (b - 1) log(1 - p) + log B(a, b) as jnp.log writes it: 0 log p is 0 on [0, 1] only (below 0
    log p is no number, and 0 times it none)."""
    if p < 0 or p > 1:
        return NAN
    return -(xlogy(a - 1, p) + xlogy(b - 1, 1 - p) - lbeta(a, b))


def beta_nll_xlogy(a, b, p):
    """The same by torch.xlogy / tf.math.xlogy: xlogy(0, y) is 0 for every y, so at a = 1 the first term is 0 on
    both sides of p = 0 (p keeps the slope (b - 1) / (1 - p))."""
    def xl(x, y):
        return mpf(0) if x == 0 else (x * lg(y))
    return -(xl(a - 1, p) + xl(b - 1, 1 - p) - lbeta(a, b))


def beta_nll_clipped(dtype):
    floor, top = H(dtype, 1e-6), H(dtype, 1 - 1e-6)
    return lambda a, b, p: beta_nll(a, b, hi(floor, lo(p, top)))


CORRECT = [1, 0, 1, 1, 0, 1]


def ece(conf):
    """Bins (k/10, (k + 1)/10], k = ceil(10 c) - 1; the sum over bins of |sum(correct - conf)| / n."""
    gaps = {}
    for c, ok in zip(conf, CORRECT):
        k = int(mpmath.ceil(10 * c)) - 1
        gaps[k] = gaps.get(k, 0) + (ok - c)
    return sum(abs(g) for g in gaps.values()) / len(conf)


def temp_nll(z, T):
    if T == 0:
        return NAN
    return -(z[1] / T - mpmath.log(sum(mpmath.exp(v / T) for v in z)))


def mc_ucb(file, dtype, eps=0):
    xs = consts(file, dtype, [0.8, -1.2, 0.5])
    masks = [[1, 1, 0], [1, 0, 1], [1, 1, 1], [1, 0, 0]]

    def f(w):
        p = [sum(m * x * v for m, x, v in zip(row, xs, w)) / mpf("0.5") for row in masks]
        mean = sum(p) / 4
        return mean + sq(sum((v - mean) ** 2 for v in p) / 4 + eps)
    return f


def quantile(soft=False):
    y, taus = mpf("0.5"), (H(F64, 0.1), H(F64, 0.9))

    def pinball(q, tau):
        d = y - q
        return hi(tau * d, (tau - 1) * d)

    def f(q):
        pen = softplus(q[0] - q[1]) if soft else relu(q[0] - q[1])
        return pinball(q[0], taus[0]) + pinball(q[1], taus[1]) + pen
    return f


def quantile32(q):
    """In float32 tau * d holds tau as float32's number, and (tau - 1) * d the Python double tau - 1 rounded to
    float32 (float32(-0.09999999999999998) = -0.10000000149, not 1 - 0.9f = 0.10000002384)."""
    y = mpf("0.5")
    d0, d1 = y - q[0], y - q[1]
    return (hi(H(F32, 0.1) * d0, H(F32, 0.1 - 1) * d0) + hi(H(F32, 0.9) * d1, H(F32, 0.9 - 1) * d1)
            + relu(q[0] - q[1]))


def mdn_nll(logit_pi, mu, log_sigma, y=mpf("0.5")):
    lse_pi = mpmath.log(sum(mpmath.exp(v) for v in logit_pi))
    comps = [lp - lse_pi - ls - mpmath.log(2 * mpmath.pi) / 2 - ((y - m) * mpmath.exp(-ls)) ** 2 / 2
             for lp, m, ls in zip(logit_pi, mu, log_sigma)]
    top = max(comps)
    return -(top + mpmath.log(sum(mpmath.exp(c - top) for c in comps)))


def gaussian_nll_clamped(ys, eps):
    """F.gaussian_nll_loss: 0.5 (log max(var, eps) + r^2 / max(var, eps)), summed."""
    def f(mu, var):
        total = mpf(0)
        for y, m, v in zip(ys, mu, var):
            vc = hi(v, eps)
            total += (lg(vc) + (m - y) ** 2 / vc) / 2
        return total
    return f


def gauss_nll_clip(ys):
    """The log-variance clipped to [-10, 10] (the function; the custom rule's straight-through is not its slope)."""
    return lambda mu, log_var: gauss_nll(ys)(mu, [hi(mpf(-10), lo(v, mpf(10))) for v in log_var])


# ------------------------------------------------------------------------------------------------- case makers
def S(file, function, dtype, verdict, f, **point):
    return Case(file, function, at(**point), dtype, verdict, sided_grad(f, dtype, finite_sides=True, **point))


def Y3(file, dtype):
    return consts(file, dtype, [1.3, -0.2, 0.7])


def G(file, function, dtype, verdict, maker, mu, second, name="log_var"):
    f = maker(Y3(file, dtype))
    g = (lambda mu, log_var: f(mu, log_var)) if name == "log_var" else None
    if name == "log_var":
        return S(file, function, dtype, verdict, g, mu=mu, log_var=second)
    truth = sided_grad(lambda mu, x: f(mu, x), dtype, finite_sides=True, mu=mu, x=second)
    return Case(file, function, at(**{"mu": mu, name: second}), dtype, verdict,
                lambda: (lambda t: {"mu": t["mu"], name: t["x"]})(truth()))


def NIG(file, function, dtype, verdict, f, gamma, nu, alpha, beta):
    return S(file, function, dtype, verdict, f, gamma=gamma, nu=nu, alpha=alpha, beta=beta)


def NIG_POLE(file, dtype, gamma, alpha, beta):
    """nu = 0: 0.5 log(pi / nu) = +inf whatever the others do (README: at a pole the inputs that do not move it keep
    their slopes); gamma, alpha, beta take theirs from the rest of the NLL at nu = 0 (gamma 0, alpha psi(alpha) -
    psi(alpha + 1/2), beta 1 / (2 beta)); nu none."""
    rest = sided_grad(lambda gamma, alpha, beta: nig_rest(gamma, mpf(0), alpha, beta), dtype, finite_sides=True,
                      gamma=gamma, alpha=alpha, beta=beta)

    def truth():
        got = rest()
        return {"gamma": got["gamma"], "nu": NAN, "alpha": got["alpha"], "beta": got["beta"]}
    return Case(file, "nig_nll", at(gamma=gamma, nu=0.0, alpha=alpha, beta=beta), dtype, "domain", truth)


def BETA_POLE(file, function, dtype, a, b):
    """p = 0 with a > 1: -(a - 1) log p = +inf; a and p move it (none), b keeps psi(b) - psi(a + b) - log(1 - p)."""
    rest = sided_grad(lambda b: -(xlogy(b - 1, 1) - lbeta(mpf(a), b)), dtype, finite_sides=True, b=b)

    def truth():
        return {"a": NAN, "b": rest()["b"], "p": NAN}
    return Case(file, function, at(a=a, b=b, p=0.0), dtype, "domain", truth)


# ------------------------------------------------------------------------------------------------- points
MU, LV = [0.3, 0.1, 0.4], [-0.5, 0.2, 1.0]
LV_LO, LV_HI, LV_EDGE = [-800.0, 0.2, 1.0], [800.0, 0.2, 1.0], [-10.0, 0.2, 1.0]
MU_0 = [1.3, 0.1, 0.4]  # a zero residual in entry 0 against the doubles (TensorFlow, NumPy)
MU_0F = [float(mpmath.mpf(H(F32, 1.3))), 0.1, 0.4]  # against float32's 1.3 (PyTorch's constants)
SP, SP_LO, SP_LO32 = [0.4, -0.5, 1.0], [-40.0, 0.5, 1.0], [-20.0, 0.5, 1.0]
LB = [0.0, -0.5, 0.3]
Z, Z_0, Z_1 = [0.5, 2.0, -1.0], [0.0, 2.0, -1.0], [0.0, 2.0, 0.0]
CONF = [0.95, 0.33, 0.72, 0.78, 0.64, 0.15]
CONF_EDGE = [0.95, 0.33, 0.5, 0.45, 0.55, 0.15]  # 0.5 on an edge, with a neighbour in each bin
CONF_ALONE = [0.95, 0.33, 0.5, 0.72, 0.64, 0.15]  # 0.5 on an edge, alone in both bins
CONF_CAL = [0.95, 0.33, 0.75, 0.75, 0.75, 0.75]  # bin (0.7, 0.8]: accuracy 3/4 = mean confidence
Z3 = [2.0, 1.0, 0.5]
W, W0 = [0.5, -0.3, 0.8], [0.0, 0.0, 0.0]
Q, Q_TIE, Q_Y = [0.2, 0.9], [0.7, 0.7], [0.5, 0.9]
LP, MU_M, LS = [0.2, -0.1, 0.5], [0.0, 1.0, 0.4], [-0.3, 0.2, 0.1]
LS_LO, LS_LO32, MU_M0 = [-0.3, -800.0, 0.1], [-0.3, -120.0, 0.1], [0.0, 0.5, 0.4]
VAR, VAR_SMALL, VAR_EPS, VAR_0 = [0.5, 1.2, 2.0], [1e-8, 1.2, 2.0], [1e-6, 1.2, 2.0], [0.0, 1.2, 2.0]
RAW, RAW_LO = [0.2, 0.4, 0.5, -0.3], [0.2, -800.0, 0.5, -0.3]


def gauss(file, dtype, verdict, mu, lv, function="gauss_nll"):
    return S(file, function, dtype, verdict, gauss_nll(Y3(file, dtype)), mu=mu, log_var=lv)


def gvar(file, function, dtype, verdict, s, eps=0, mu=MU):
    return G(file, function, dtype, verdict, lambda ys: gauss_nll_var(ys, eps), mu, s, name="s")


def laplace(file, dtype, verdict, mu, lb):
    f = laplace_nll(Y3(file, dtype))
    truth = sided_grad(lambda mu, x: f(mu, x), dtype, finite_sides=True, mu=mu, x=lb)
    return Case(file, "laplace_nll", at(mu=mu, log_b=lb), dtype, verdict,
                lambda: (lambda t: {"mu": t["mu"], "log_b": t["x"]})(truth()))


def ece_case(file, dtype, verdict, conf):
    return S(file, "ece", dtype, verdict, ece, conf=conf)


def temp(file, function, dtype, verdict, T):
    return S(file, function, dtype, verdict, temp_nll, z=Z3, T=T)


def mc(file, function, dtype, verdict, w, eps=0):
    return S(file, function, dtype, verdict, mc_ucb(file, dtype, eps), w=w)


def mdn(file, dtype, verdict, mu, ls):
    return S(file, "mdn_nll", dtype, verdict, mdn_nll, logit_pi=LP, mu=mu, log_sigma=ls)


def gnll_builtin(dtype, verdict, var):
    f = gaussian_nll_clamped(Y3(T, dtype), H(dtype, 1e-6))
    truth = sided_grad(lambda mu, v: f(mu, v), dtype, finite_sides=True, mu=MU, v=var)
    return Case(T, "gaussian_nll_builtin", at(mu=MU, var=var), dtype, verdict,
                lambda: (lambda t: {"mu": t["mu"], "var": t["v"]})(truth()))


def quant(file, dtype, verdict, q, function="quantile_loss", soft=False):
    return S(file, function, dtype, verdict, quantile32 if dtype == F32 else quantile(soft), q=q)


def beta_case(file, function, dtype, verdict, a, b, p):
    f = beta_nll if function == "beta_nll" else beta_nll_clipped(dtype)
    if file in (T, K) and function == "beta_nll":
        f = beta_nll_xlogy
    return S(file, function, dtype, verdict, f, a=a, b=b, p=p)


ALL = [
    # ---------------------------------------------------------------------------------------------------- JAX
    gauss(J, F64, "ok", MU, LV),
    gauss(J, F32, "ok", MU, LV),
    gauss(J, F64, "domain", MU, LV_LO),
    gauss(J, F64, "unstable", MU_0, LV_LO),
    gauss(J, F64, "ok", MU, LV_HI),
    gvar(J, "gauss_nll_softplus", F64, "ok", SP),
    gvar(J, "gauss_nll_softplus", F64, "ok", SP_LO),
    gvar(J, "gauss_nll_softplus", F32, "ok", SP_LO),
    gvar(J, "gauss_nll_softplus_naive", F64, "unstable", SP_LO),
    gvar(J, "gauss_nll_softplus_naive", F32, "unstable", SP_LO32),
    G(J, "gauss_nll_softplus_eps", F64, "ok", lambda ys: gauss_nll_var(ys, H(F64, 1e-6)), MU, SP_LO, name="s"),
    S(J, "beta_weighted_nll", F64, "ok", beta_weighted(Y3(J, F64), F64, LV), mu=MU, log_var=LV),
    laplace(J, F64, "ok", MU, LB),
    laplace(J, F64, "domain", MU_0, LB),
    NIG(J, "nig_nll", F64, "ok", nig_nll, 0.2, 1.5, 2.0, 0.8),
    NIG(J, "nig_nll", F32, "ok", nig_nll, 0.2, 1.5, 2.0, 0.8),
    NIG_POLE(J, F64, 0.2, 2.0, 0.8),
    NIG(J, "nig_nll", F64, "unstable", nig_nll, 0.2, 1e-300, 2.0, 0.8),
    NIG(J, "nig_nll", F64, "unstable", nig_nll, 1.0, 1.5, 1e17, 0.8),
    NIG(J, "nig_nll", F32, "unstable", nig_nll, 1.0, 1.5, 1e7, 0.8),
    S(J, "nig_nll_head", F64, "ok", nig_head, raw=RAW),
    S(J, "nig_nll_head", F64, "unstable", nig_head, raw=RAW_LO),
    NIG(J, "nig_loss", F64, "ok", nig_loss(F64), 0.2, 1.5, 2.0, 0.8),
    NIG(J, "nig_loss", F64, "domain", nig_loss(F64), 1.0, 1.5, 2.0, 0.8),
    Case(J, "edl_digamma", at(z=Z), F64, "ok", edl_digamma_grad(F64, Z)),
    Case(J, "edl_digamma", at(z=Z_0), F64, "domain", edl_digamma_grad(F64, Z_0)),
    Case(J, "edl_kl", at(z=Z), F64, "ok", edl_kl_grad(F64, Z)),
    Case(J, "edl_kl", at(z=Z_1), F64, "ok", edl_kl_grad(F64, Z_1)),
    beta_case(J, "beta_nll", F64, "ok", 2.0, 3.0, 0.3),
    beta_case(J, "beta_nll", F64, "domain", 1.0, 3.0, 0.0),
    BETA_POLE(J, "beta_nll", F64, 2.0, 3.0),
    beta_case(J, "beta_nll_clipped", F64, "ok", 2.0, 3.0, 0.0),
    beta_case(J, "beta_nll_clipped", F64, "ok", 2.0, 3.0, 1.0),
    beta_case(J, "beta_nll_clipped", F32, "ok", 2.0, 3.0, 0.0),
    ece_case(J, F64, "ok", CONF),
    ece_case(J, F32, "ok", CONF),
    ece_case(J, F64, "domain", CONF_EDGE),
    ece_case(J, F64, "ok", CONF_ALONE),
    ece_case(J, F64, "domain", CONF_CAL),
    temp(J, "temp_nll", F64, "ok", 1.5),
    temp(J, "temp_nll", F64, "ok", 1e-3),
    temp(J, "temp_nll", F32, "ok", 0.005),
    temp(J, "temp_nll", F64, "domain", 0.0),
    temp(J, "temp_nll_naive", F64, "unstable", 1e-3),
    temp(J, "temp_nll_naive", F32, "unstable", 0.005),
    mc(J, "mc_ucb", F64, "ok", W),
    mc(J, "mc_ucb", F64, "wrong", W0),
    mc(J, "mc_ucb_eps", F64, "ok", W0, eps=H(F64, 1e-12)),
    mc(J, "mc_ucb_safe", F64, "domain", W0),
    quant(J, F64, "ok", Q),
    quant(J, F32, "ok", Q),
    quant(J, F64, "domain", Q_TIE),
    quant(J, F64, "domain", Q_Y),
    mdn(J, F64, "ok", MU_M, LS),
    mdn(J, F64, "unstable", MU_M, LS_LO),
    mdn(J, F64, "unstable", MU_M0, LS_LO),
    mdn(J, F32, "unstable", MU_M, LS_LO32),
    # ---------------------------------------------------------------------------------------------------- PyTorch
    gauss(T, F64, "ok", MU, LV),
    gauss(T, F64, "unstable", MU_0F, LV_LO),
    gnll_builtin(F64, "ok", VAR),
    gnll_builtin(F64, "wrong", VAR_SMALL),
    gnll_builtin(F64, "domain", VAR_EPS),
    gnll_builtin(F64, "wrong", VAR_0),
    laplace(T, F64, "domain", MU_0F, LB),
    NIG(T, "nig_nll", F64, "ok", nig_nll, 0.2, 1.5, 2.0, 0.8),
    NIG_POLE(T, F64, 0.2, 2.0, 0.8),
    NIG(T, "nig_nll", F64, "unstable", nig_nll, 1.0, 1.5, 1e17, 0.8),
    NIG(T, "nig_nll_fn", F64, "ok", nig_nll, 0.2, 1.5, 2.0, 0.8),
    NIG(T, "nig_nll_fn", F32, "unstable", nig_nll, 1.0, 1.5, 1e7, 0.8),
    Case(T, "edl_kl", at(z=Z), F64, "unstable", edl_kl_grad(F64, Z)),
    Case(T, "edl_kl", at(z=Z_1), F64, "ok", edl_kl_grad(F64, Z_1)),
    beta_case(T, "beta_nll", F64, "ok", 2.0, 3.0, 0.3),
    beta_case(T, "beta_nll", F64, "wrong", 1.0, 3.0, 0.0),
    ece_case(T, F64, "domain", CONF_EDGE),
    ece_case(T, F64, "ok", CONF_ALONE),
    temp(T, "temp_nll", F64, "ok", 1e-3),
    temp(T, "temp_nll_naive", F64, "unstable", 1e-3),
    mc(T, "mc_ucb", F64, "domain", W0),
    mc(T, "mc_ucb_eps", F64, "ok", W0, eps=H(F64, 1e-12)),
    quant(T, F64, "domain", Q_TIE),
    quant(T, F64, "ok", Q_TIE, function="quantile_loss_soft", soft=True),
    mdn(T, F64, "ok", MU_M, LS),
    mdn(T, F64, "unstable", MU_M, LS_LO),
    # ---------------------------------------------------------------------------------------------------- TensorFlow
    gauss(K, F64, "ok", MU, LV),
    gauss(K, F64, "unstable", MU_0, LV_LO),
    S(K, "gauss_nll_clipped", F64, "wrong", gauss_nll_clip(Y3(K, F64)), mu=MU, log_var=LV_LO),
    S(K, "gauss_nll_clipped", F64, "domain", gauss_nll_clip(Y3(K, F64)), mu=MU, log_var=LV_EDGE),
    NIG(K, "nig_nll", F64, "ok", nig_nll, 0.2, 1.5, 2.0, 0.8),
    NIG_POLE(K, F64, 0.2, 2.0, 0.8),
    NIG(K, "nig_nll", F64, "unstable", nig_nll, 1.0, 1.5, 1e17, 0.8),
    Case(K, "edl_kl", at(z=Z_1), F64, "ok", edl_kl_grad(F64, Z_1)),
    beta_case(K, "beta_nll", F64, "ok", 2.0, 3.0, 0.3),
    beta_case(K, "beta_nll", F64, "domain", 1.0, 3.0, 0.0),
    temp(K, "temp_nll", F64, "ok", 1e-3),
    temp(K, "temp_nll_naive", F64, "unstable", 1e-3),
    mc(K, "mc_ucb", F64, "wrong", W0),
    quant(K, F64, "domain", Q_TIE),
    mdn(K, F64, "unstable", MU_M, LS_LO),
    # ---------------------------------------------------------------------------------------------------- NumPy
    gauss(N, F64, "unstable", MU_0, LV_LO),
    gauss(N, F64, "domain", MU, LV_LO),
    laplace(N, F64, "domain", MU_0, LB),
    NIG(N, "nig_nll", F64, "ok", nig_nll, 0.2, 1.5, 2.0, 0.8),
    NIG(N, "nig_nll", F64, "unstable", nig_nll, 1.0, 1.5, 1e17, 0.8),
    ece_case(N, F64, "domain", CONF_EDGE),
    ece_case(N, F64, "domain", CONF_CAL),
    mc(N, "mc_ucb", F64, "wrong", W0),
    quant(N, F64, "domain", Q_TIE),
    mdn(N, F64, "unstable", MU_M, LS_LO),
]
