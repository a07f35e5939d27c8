"""The seventy-seventh trial set (d): TIME-SERIES FORECASTING on short series (3-8 steps) as JAX, PyTorch, TensorFlow
and plain NumPy code writes it. JAX (jax_lib77d): simple exponential smoothing by a Python loop and by lax.scan (alpha
direct, at 1, and through jax.nn.sigmoid at 40 and, float32, 20), Holt's linear trend by lax.scan (ordinary, alpha = 1
and beta = 0), an AR(2) 10-step forecast (ordinary, on the unit root 1.5, -0.5), the larger AR(2) root by sqrt of the
discriminant (ordinary, a double root), the stationary variance (ordinary, the unit root's pole, 1.4999 beside it in
float64 and float32), Box-Cox by jnp.where at lambda = 0.5 and 0 and at y = 0, the "safe" double-where Box-Cox, RMSLE
on log1p (ordinary, a perfect forecast: sqrt(0), a forecast of -1), MAPE (ordinary, an actual of 0, a forecast on its
actual), MAPE with jnp.maximum(|y|, 1e-8), sMAPE plain and guarded by where at y = f = 0, MASE (ordinary, a constant
training series), the pinball loss over quantiles 0.1 / 0.5 / 0.9 (ordinary, a zero residual), the Gaussian CRPS by
erf at sigma = softplus(0.5), at z = 0, at softplus(-30) and softplus(-800), DeepAR's negative binomial with gammaln
and softplus dispersion at -1, -30 and -800, a Student-t likelihood at nu = 5, 1e8 (float64) and 1e4 (float32), the
Tweedie deviance (p = 1.5) at y = 0, the Poisson deviance naive (y log(y / mu) at y = 0) and by xlogy, seasonal
differences undone by jnp.cumsum, a window normalised by jnp.std (plain, + 1e-8, RevIN's sqrt(var + 1e-5)) at an
ordinary and a constant window; float64 and float32. PyTorch (torch_lib77d), TensorFlow (tf_lib77d, tfp-free:
tf.math.lgamma, tf.math.erf, tf.math.softplus, tf.math.reduce_std) and NumPy (np_lib77d): the same forms in their own
spelling (torch.lgamma, F.softplus, x.std() with Bessel's n - 1, torch.cumsum, np.diff, np.where, ...).

Counts: 129 cases (a scratch file: two CLI runs at a time, judged one at a time in the main thread; first run
a scratch file, the corrected cases again in a scratch file). ALL: 72 ok, 31 domain, 17 unstable, 9 wrong;
105 float64, 24 float32 (JAX 77, PyTorch 28, TensorFlow 13, NumPy 11). 125 agree with my truths (after the corrections
below) in verdict and every exact entry to 1e-10; 4 are F1 (one finding, in all four frameworks). The checks took
1.1-24.3 s (median 6.0 s, 90% under 18 s, 1047 s of checks in about 9.5 minutes of wall time, two at a time on the
shared machine); over 15 s: every TensorFlow case (15.8-24.3 s) and four PyTorch ones (16.4-19.0 s).

Agreed (verdicts and exact slopes):
- smoothing: SES, Holt and the AR(2) forecast are polynomials: ok everywhere, on the unit root too; alpha = sigmoid(40)
  in float64 (sigmoid(20) in float32) rounds to 1 and the logistic rule's s (1 - s) to 0 where the slope is 2.1e-17
  (1.0e-8): unstable (JAX and PyTorch);
- AR(2): the double root (discriminant 0) a sqrt edge: domain; the variance's pole at phi1 + phi2 = 1: domain;
  1.4999 beside it ok in float64, unstable in float32 ((1 - phi2)^2 - phi1^2 = 3e-4 cancels: 4e-4 relative);
- Box-Cox by where at lambda = 0: (y^lam - 1) / lam's NaN (0/0) leaks into y and lambda: wrong in JAX, PyTorch,
  TensorFlow and NumPy; the "safe" double where: lambda's slope, exactly sum (log y)^2 / 2 = 1.084 (the program is
  analytic in lambda there), is cut to 0: wrong in float64 and float32; y = 0 at lambda = 0.5: domain in y[0] alone;
  log(0) at lambda = 0: domain;
- metrics: RMSLE at a perfect forecast (sqrt(0)) and at a forecast of -1 (log1p(-1)): domain; MAPE at an actual of 0
  and at a forecast on its actual: domain in that entry; MAPE with max(|y|, 1e-8): ok (slopes 3.3e7); sMAPE at
  y = f = 0, plain and guarded by where: domain in that entry; MASE at a constant training series: domain; the pinball
  loss at a zero residual: domain in that entry;
- likelihoods: CRPS at z = 0 ok (smooth); at sigma = softplus(-30) the rule's -z + z (2 Phi - 1) at z = 1.1e13 loses
  5e-4 of raw's slope: unstable; at softplus(-800) sigma is 0 (z = inf, NaN): unstable in all three frameworks; the
  negative binomial at softplus(-30) (gammaln(y + 1/alpha) - gammaln(1/alpha) at 1e13: a's slope -1.0e-12 computed
  -0.094) and at softplus(-800) (alpha = 0, 1/alpha = inf): unstable; Student-t at nu = 1e8 (float64) and 1e4
  (float32): the lgamma difference loses nu's slope: unstable; Tweedie at y = 0: domain in y[0] (y^0.5's edge), mu
  keeps its slopes; the Poisson deviance by xlogy ok in both dtypes;
- windows: (x - mean) / std at a constant window: 0/0, domain; + 1e-8 there is differentiable with slope
  (w - mean w) / eps: JAX and NumPy's std rule sqrt'(0) * 0 = NaN: wrong; PyTorch (std backward masks std = 0) and
  TensorFlow (Sqrt's gradient is 0 for a 0 upstream) give the exact slope: ok; RevIN's sqrt(var + 1e-5): ok.

My truths corrected (gradcli right, or following its documented convention):
- mape at an actual of 0 and smape at y = f = 0: I had made every entry NaN (the sum is inf / NaN); the README's rule
  (at a pole the inputs that do not move it keep their slopes; sum(log(t)) at t = [0, 1] keeps t[1]'s) keeps the
  other entries' slopes: now term by term (JAX, PyTorch, TensorFlow, NumPy);
- the naive Poisson deviance (y log(y / mu), NaN at y = 0 whatever mu): by the README's 0 * log 0 rule mu keeps its
  slopes 2 (1 - y / mu): now so, verdict domain;
- RMSLE at a forecast of -1: the other forecasts keep the limit of their slope, 0;
- (x - mean) / (x.std() + 1e-8) at a constant window in PyTorch and tf.math.reduce_std's in TensorFlow: I expected
  NaN as in JAX; both frameworks' rules give the exact slope there: ok;
- Box-Cox at lambda = 0: mpmath.diff's one-sided differences across the where's switch were 1e-7 off (left and right
  disagreed, so my first truth said no derivative): the slopes are written by hand, 1/y and sum (log y)^2 / 2.

Findings:
- F1 (mended: every train entry NaN now, in all four frameworks): MASE with a constant training series. mean|TEST - f| /
  mean|diff(train)| at train = [5] * 6: gradcli says domain (right) but gives train[1..4] the exact slope 0, while
  train[0] and train[5] get NaN ("the function's exact value here is +inf"). Moving an interior entry alone by t
  makes the scale 2|t|/5, the value 5 / (3|t|): a pole exactly as at the ends (10 / (3|t|)), with no derivative.
  Minimal: `def inv_two(x): return 1.0 / (jnp.abs(x[1] - x[0]) + jnp.abs(x[2] - x[1]))`,
  `gradcli check mini.py:inv_two --at "x=[1.0,1.0,1.0]" --dtype float64 --json`: exact_gradient x = [nan, 0.0, nan],
  gradient [inf, nan, -inf]; the same with 1 / sum(|diff(x)|). With one term, 1 / |x1 - x0| + 0 * x2, both x[0] and
  x[1] are rightly NaN: the 0 appears where one input enters two kinked terms of the vanishing denominator with
  opposite signs (its central differences are symmetric, f(t) = f(-t) = 5 / (3|t|), so perhaps read as slope 0).

Truths are my own expressions evaluated with mpmath at 2,000 digits at the numbers the dtype holds (constants the
program casts through the dtype as the dtype holds them: the quantiles, Python's 0.9 - 1, pi, 1e-8, 1e-5), never the
files' code or gradcli: SES and Holt by their recursions, the AR(2) forecast by the companion matrix's 10th power,
gamma_0 by the factored (1 + phi2)(1 - phi1 - phi2)(1 + phi1 - phi2), the CRPS by mpmath.erf and npdf, the negative
binomial and Student-t by mpmath.loggamma, the deviances, the seasonal levels by explicit sums, std by its definition;
the derivative from the left and the right by mpmath.diff (cases30b.sided_grad), NaN where the sides differ or either
is not finite.
"""
import math

import mpmath

from cases import Case
from cases5 import _in, hp
from cases30b import sided_grad
from cases73d import H, NAN, at, mpf

J, T, K, N = "jax_lib77d.py", "torch_lib77d.py", "tf_lib77d.py", "np_lib77d.py"
F32, F64 = "float32", "float64"

Y = [3, 5, 4, 6, 7, mpf("6.5")]
TEST = [7, 8, 6]
COUNTS = [0, 3, 7, 1]
HIST_LAST = [10, 12, 9, 11]
TARGET = [11, mpf("12.5"), 8, 12, mpf("11.5"), 13, mpf("9.5"), 12]
W = [1, -2, 3, mpf("0.5"), -1, 2]


def S(file, function, dtype, verdict, truth_f, **point):
    """A case whose truth is truth_f's slopes from each side at the point as the dtype holds it (NaN where they differ
    or either side is not finite); cases73d.S, with the point free to name an input ``f``."""
    return Case(file, function, at(**point), dtype, verdict, sided_grad(truth_f, dtype, finite_sides=True, **point))


# ------------------------------------------------------------------------------------------------- real helpers
def dv(a, b):
    """a / b on the extended reals: +-inf at b = 0 (NaN for 0 / 0), as IEEE and not as mpmath (which raises)."""
    if b == 0:
        return NAN if a == 0 else (mpmath.inf if a > 0 else mpmath.ninf)
    return a / b


def lg(x):
    return mpmath.log(x) if x > 0 else (mpmath.ninf if x == 0 else NAN)


def pw(x, p):
    """x ** p on the reals (NaN below 0)."""
    if x < 0:
        return NAN
    if x == 0:
        return mpf(0) if p > 0 else (mpf(1) if p == 0 else mpmath.inf)
    return mpmath.power(x, p)


def sq(x):
    return pw(x, mpf(1) / 2)


def sigmoid(x):
    return 1 / (1 + mpmath.exp(-x))


def softplus(x):
    return mpmath.log1p(mpmath.exp(x))


def mean(xs):
    xs = list(xs)
    return sum(xs) / len(xs)


# ------------------------------------------------------------------------------------------------- the mathematics
def ses_errors(y, alpha):
    """Simple exponential smoothing's one-step errors: level_0 = y_0, level_t = level_{t-1} + alpha (y_t - level_{t-1})."""
    level, sse = y[0], 0
    for v in y[1:]:
        sse += (v - level) ** 2
        level = level + alpha * (v - level)
    return sse


def ses_alpha(alpha):
    return ses_errors(Y, alpha)


def ses_y(y, alpha):
    return ses_errors(y, alpha)


def ses_theta(theta):
    return ses_errors(Y, sigmoid(theta))



def holt(alpha, beta):
    level, trend, sse = Y[0], Y[1] - Y[0], 0
    for v in Y[1:]:
        forecast = level + trend
        sse += (v - forecast) ** 2
        new = alpha * v + (1 - alpha) * forecast
        trend = beta * (new - level) + (1 - beta) * trend
        level = new
    return sse


def ar2_forecast(phi):
    """The AR(2) recurrence's 10-step forecast as a polynomial in phi (by the companion matrix's power)."""
    m = mpmath.matrix([[phi[0], phi[1]], [1, 0]]) ** 10
    return m[0, 0] * Y[-1] + m[0, 1] * Y[-2]


def ar2_root(phi):
    return (phi[0] + sq(phi[0] ** 2 + 4 * phi[1])) / 2


def ar2_gamma0(phi):
    """gamma_0 = (1 - phi2) / ((1 + phi2) (1 - phi1 - phi2) (1 + phi1 - phi2)) for unit noise."""
    return dv(1 - phi[1], (1 + phi[1]) * (1 - phi[0] - phi[1]) * (1 + phi[0] - phi[1]))


def boxcox(y, lam):
    return sum(lg(v) if lam == 0 else dv(pw(v, lam) - 1, lam) for v in y)


def rmsle(pred):
    return sq(mean((lg(1 + p) - mpmath.log1p(t)) ** 2 for p, t in zip(pred, TEST)))


def mape(f, y):
    return mean(dv(abs(a - b), abs(a)) for a, b in zip(y, f))


def mape_eps(dtype):
    eps = H(dtype, 1e-8)
    return lambda f, y: mean(abs(a - b) / max(abs(a), eps) for a, b in zip(y, f))


def smape(f, y):
    return mean(dv(2 * abs(a - b), abs(a) + abs(b)) for a, b in zip(y, f))


def smape_where(f, y):
    return mean(0 if abs(a) + abs(b) == 0 else 2 * abs(a - b) / (abs(a) + abs(b)) for a, b in zip(y, f))


def mase(f, train):
    scale = mean(abs(b - a) for a, b in zip(train, train[1:]))
    return dv(mean(abs(t - v) for t, v in zip(TEST, f)), scale)


def pinball(dtype, qs, one_minus):
    """qs: the quantiles as the program holds them; one_minus(q): q - 1 as the program computes it."""
    def f(f):
        rows = f if isinstance(f[0], list) else [f]
        total, n = 0, 0
        for q, row in zip(qs, rows):
            for t, v in zip(TEST, row):
                e = t - v
                total += max(q * e, one_minus(q) * e)
                n += 1
        return total / n
    return f


def crps(mu, raw):
    """The CRPS of N(mu, sigma^2) at 2: sigma (z (2 Phi(z) - 1) + 2 phi(z) - 1/sqrt(pi)), sigma = softplus(raw)."""
    sigma = softplus(raw)
    z = (2 - mu) / sigma
    return sigma * (z * mpmath.erf(z / mpmath.sqrt(2)) + 2 * mpmath.npdf(z) - 1 / mpmath.sqrt(mpmath.pi))


def negbin(m, a):
    """-log NB(y; mu, alpha) summed: Gamma(y + 1/alpha) / (Gamma(y + 1) Gamma(1/alpha)) (1 + alpha mu)^(-1/alpha)
    (alpha mu / (1 + alpha mu))^y."""
    mu, alpha = softplus(m), softplus(a)
    r = 1 / alpha
    total = 0
    for y in COUNTS:
        total += (mpmath.loggamma(y + r) - mpmath.loggamma(y + 1) - mpmath.loggamma(r) - r * mpmath.log1p(alpha * mu)
                  + y * mpmath.log(alpha * mu / (1 + alpha * mu)))
    return -total


def student_t(dtype):
    pi = H(dtype, math.pi)

    def f(mu, nu):
        total = 0
        for y in TEST:
            z = (y - mu) / mpf("1.5")
            total += (mpmath.loggamma((nu + 1) / 2) - mpmath.loggamma(nu / 2) - mpmath.log(nu * pi) / 2
                      - mpmath.log(mpf("1.5")) - (nu + 1) / 2 * mpmath.log1p(z ** 2 / nu))
        return -total
    return f


def tweedie(mu, y):
    """The Tweedie deviance at power 1.5: 2 (y^0.5 / (-0.25) - y mu^-0.5 / (-0.5) + mu^0.5 / 0.5)."""
    total = 0
    for m, v in zip(mu, y):
        total += 2 * (pw(v, mpf("0.5")) / mpf("-0.25") + v * pw(m, mpf("-0.5")) * 2 + pw(m, mpf("0.5")) * 2)
    return total



def poisson_xlogy(mu):
    total = 0
    for m, y in zip(mu, COUNTS):
        total += 2 * ((y * mpmath.log(y / m) if y != 0 else 0) - (y - m))
    return total


def undiff(d):
    total = 0
    for k in range(8):
        level = HIST_LAST[k % 4] + sum(d[j] for j in range(k + 1) if j % 4 == k % 4)
        total += (level - TARGET[k]) ** 2
    return total


def std_of(x, ddof=0):
    m = mean(x)
    return sq(sum((v - m) ** 2 for v in x) / (len(x) - ddof))


def normalise(x):
    m, s = mean(x), std_of(x)
    return sum(dv(w * (v - m), s) for w, v in zip(W, x))


def normalise_eps(dtype, ddof=0):
    eps = H(dtype, 1e-8)

    def f(x):
        m, s = mean(x), std_of(x, ddof)
        return sum(w * (v - m) / (s + eps) for w, v in zip(W, x))
    return f


def revin(dtype):
    eps = H(dtype, 1e-5)

    def f(x):
        m = mean(x)
        return sum(w * (v - m) for w, v in zip(W, x)) / sq(sum((v - m) ** 2 for v in x) / len(x) + eps)
    return f


# ------------------------------------------------------------------------------------------------- points
YP = [3.0, 5.0, 4.0, 6.0, 7.0, 6.5]
BY, BY0 = [2.0, 0.5, 3.0], [0.0, 0.5, 3.0]
PRED, PRED_EXACT, PRED_M1 = [6.5, 8.5, 5.0], [7.0, 8.0, 6.0], [-1.0, 8.5, 5.0]
YT, YT_0 = [7.0, 8.0, 6.0], [7.0, 0.0, 6.0]
F_HIT = [7.0, 8.5, 5.0]  # entry 0 exactly on its actual
F_Z = [6.5, 0.0, 5.0]  # entry 1: forecast 0 and actual 0
F_EPS = [6.5, 0.5, 5.0]
FLAT = [5.0, 5.0, 5.0, 5.0, 5.0, 5.0]
QF = [[6.0, 7.0, 5.0], [7.5, 8.25, 6.5], [8.0, 9.0, 7.0]]
QF_0 = [[6.0, 7.0, 5.0], [7.5, 8.0, 6.5], [8.0, 9.0, 7.0]]  # the median's step 1 on its actual: residual 0
MU4, TY, TY_0 = [0.5, 2.5, 6.0, 1.5], [0.25, 3.0, 7.0, 1.0], [0.0, 3.0, 7.0, 1.0]
D8 = [0.5, 0.25, -1.0, 0.75, 0.5, 0.25, 0.5, 0.5]
XW, XW_C = [1.0, 3.0, 2.0, 5.0, 4.0, 2.5], [2.0, 2.0, 2.0, 2.0, 2.0, 2.0]

Q_JAX = {d: [H(d, 0.1), H(d, 0.5), H(d, 0.9)] for d in (F32, F64)}


def q_minus(q):
    return q - 1  # exact in the dtype (Sterbenz): the program's (q - 1)


def q_py(dtype):
    return [H(dtype, 0.9)], lambda q: H(dtype, 0.9 - 1)  # Python's 0.9 - 1, then the dtype


def BC0(file, function, dtype, verdict, y):
    """Box-Cox at lambda = 0 exactly, written by hand: the program's value there is log y, and (y^lam - 1) / lam
    beside it, one analytic function of lam (its limit at 0 is log y): slopes 1/y in y and sum (log y)^2 / 2 in lam,
    from either side (mpmath.diff's one-sided differences across the where's switch are only 1e-7 accurate)."""
    def truth():
        ys = _in(dtype, y)
        return {"y": [1 / v for v in ys], "lam": sum(mpmath.log(v) ** 2 for v in ys) / 2}
    return Case(file, function, at(y=y, lam=0.0), dtype, verdict, hp(truth))


def termwise(term):
    """sum_i term(f_i, y_i) / n: the slope of each entry from its own term, from each side (NaN where they differ or
    its term is not finite): gradcli's rule that at a pole, and at 0 * log 0, the inputs that do not move it keep their
    slopes (README: sum(log(t)) at t = [0, 1] keeps t[1]'s), which I take as the convention for separable sums."""
    def make(dtype, **point):
        names = list(point)
        n = len(point[names[0]])

        def truth():
            out = {k: [] for k in names}
            for i in range(n):
                g = sided_grad(lambda **a: term(**a) / n, dtype, finite_sides=True,
                               **{k: point[k][i] for k in names})()
                for k in names:
                    out[k].append(g[k])
            return out
        return truth
    return make


def SEP(file, function, dtype, verdict, term, **point):
    return Case(file, function, at(**point), dtype, verdict, termwise(term)(dtype, **point))


def mape_term(f, y):
    return dv(abs(y - f), abs(y))


def smape_term(f, y):
    return dv(2 * abs(y - f), abs(y) + abs(f))


def poisson_kept(mu):
    """The naive deviance: y log(y / mu) is NaN at y = 0 whatever mu (0 * -inf: no value, domain); by the 0 * log 0
    rule (README: sum(p*log(p/q)) with p[0] = 0 keeps q's slopes) every mu keeps d/dmu 2 (y log(y/mu) - (y - mu)) =
    2 (1 - y / mu), 2 at the zero count."""
    return hp(lambda: {"mu": [2 * (1 - y / m) for m, y in zip(_in(F64, mu), COUNTS)]})


def PB(file, function, dtype, verdict, f, qs, one_minus):
    return S(file, function, dtype, verdict, pinball(dtype, qs, one_minus), f=f)


ALL = [
    # ---------------------------------------------------------------------------------------------------- JAX
    S(J, "ses_sse", F64, "ok", ses_alpha, alpha=0.3),
    S(J, "ses_sse", F32, "ok", ses_alpha, alpha=0.3),
    S(J, "ses_sse", F64, "ok", ses_alpha, alpha=1.0),
    S(J, "ses_scan", F64, "ok", ses_y, y=YP, alpha=0.3),
    S(J, "ses_scan", F32, "ok", ses_y, y=YP, alpha=0.3),
    S(J, "ses_logit", F64, "ok", ses_theta, theta=0.5),
    S(J, "ses_logit", F64, "unstable", ses_theta, theta=40.0),
    S(J, "ses_logit", F32, "unstable", ses_theta, theta=20.0),
    S(J, "holt_sse", F64, "ok", holt, alpha=0.5, beta=0.25),
    S(J, "holt_sse", F32, "ok", holt, alpha=0.5, beta=0.25),
    S(J, "holt_sse", F64, "ok", holt, alpha=1.0, beta=0.0),
    S(J, "ar2_forecast", F64, "ok", ar2_forecast, phi=[0.5, 0.3]),
    S(J, "ar2_forecast", F64, "ok", ar2_forecast, phi=[1.5, -0.5]),
    S(J, "ar2_forecast", F32, "ok", ar2_forecast, phi=[1.5, -0.5]),
    S(J, "ar2_max_root", F64, "ok", ar2_root, phi=[0.5, 0.3]),
    S(J, "ar2_max_root", F64, "domain", ar2_root, phi=[1.0, -0.25]),
    S(J, "ar2_gamma0", F64, "ok", ar2_gamma0, phi=[0.5, 0.3]),
    S(J, "ar2_gamma0", F64, "domain", ar2_gamma0, phi=[1.5, -0.5]),
    S(J, "ar2_gamma0", F64, "ok", ar2_gamma0, phi=[1.4999, -0.5]),
    S(J, "ar2_gamma0", F32, "unstable", ar2_gamma0, phi=[1.4999, -0.5]),
    S(J, "boxcox", F64, "ok", boxcox, y=BY, lam=0.5),
    S(J, "boxcox", F32, "ok", boxcox, y=BY, lam=0.5),
    BC0(J, "boxcox", F64, "wrong", BY),
    S(J, "boxcox", F64, "domain", boxcox, y=BY0, lam=0.5),
    S(J, "boxcox", F64, "domain", boxcox, y=BY0, lam=0.0),
    S(J, "boxcox_safe", F64, "ok", boxcox, y=BY, lam=0.5),
    BC0(J, "boxcox_safe", F64, "wrong", BY),
    BC0(J, "boxcox_safe", F32, "wrong", BY),
    S(J, "rmsle", F64, "ok", rmsle, pred=PRED),
    S(J, "rmsle", F32, "ok", rmsle, pred=PRED),
    S(J, "rmsle", F64, "domain", rmsle, pred=PRED_EXACT),
    Case(J, "rmsle", at(pred=PRED_M1), F64, "domain", hp(lambda: {"pred": [NAN, mpf(0), mpf(0)]})),
    S(J, "mape", F64, "ok", mape, f=PRED, y=YT),
    S(J, "mape", F32, "ok", mape, f=PRED, y=YT),
    SEP(J, "mape", F64, "domain", mape_term, f=PRED, y=YT_0),
    S(J, "mape", F64, "domain", mape, f=F_HIT, y=YT),
    S(J, "mape_eps", F64, "ok", mape_eps(F64), f=F_EPS, y=YT_0),
    S(J, "smape", F64, "ok", smape, f=PRED, y=YT),
    S(J, "smape", F32, "ok", smape, f=PRED, y=YT),
    SEP(J, "smape", F64, "domain", smape_term, f=F_Z, y=YT_0),
    S(J, "smape_where", F64, "ok", smape_where, f=PRED, y=YT),
    S(J, "smape_where", F64, "domain", smape_where, f=F_Z, y=YT_0),
    S(J, "mase", F64, "ok", mase, f=PRED, train=YP),
    S(J, "mase", F32, "ok", mase, f=PRED, train=YP),
    S(J, "mase", F64, "domain", mase, f=PRED, train=FLAT),
    PB(J, "pinball_multi", F64, "ok", QF, Q_JAX[F64], q_minus),
    PB(J, "pinball_multi", F32, "ok", QF, Q_JAX[F32], q_minus),
    PB(J, "pinball_multi", F64, "domain", QF_0, Q_JAX[F64], q_minus),
    S(J, "crps_gaussian", F64, "ok", crps, mu=1.0, raw=0.5),
    S(J, "crps_gaussian", F64, "ok", crps, mu=2.0, raw=0.5),
    S(J, "crps_gaussian", F64, "unstable", crps, mu=1.0, raw=-30.0),
    S(J, "crps_gaussian", F64, "unstable", crps, mu=1.0, raw=-800.0),
    S(J, "negbin_nll", F64, "ok", negbin, m=1.5, a=-1.0),
    S(J, "negbin_nll", F32, "ok", negbin, m=1.5, a=-1.0),
    S(J, "negbin_nll", F64, "unstable", negbin, m=1.5, a=-30.0),
    S(J, "negbin_nll", F64, "unstable", negbin, m=1.5, a=-800.0),
    S(J, "negbin_nll", F32, "unstable", negbin, m=1.5, a=-800.0),
    S(J, "student_t_nll", F64, "ok", student_t(F64), mu=6.5, nu=5.0),
    S(J, "student_t_nll", F32, "ok", student_t(F32), mu=6.5, nu=5.0),
    S(J, "student_t_nll", F64, "unstable", student_t(F64), mu=6.5, nu=1e8),
    S(J, "student_t_nll", F32, "unstable", student_t(F32), mu=6.5, nu=1e4),
    S(J, "tweedie", F64, "ok", tweedie, mu=MU4, y=TY),
    S(J, "tweedie", F32, "ok", tweedie, mu=MU4, y=TY),
    S(J, "tweedie", F64, "domain", tweedie, mu=MU4, y=TY_0),
    Case(J, "poisson_dev", at(mu=MU4), F64, "domain", poisson_kept(MU4)),
    S(J, "poisson_dev_xlogy", F64, "ok", poisson_xlogy, mu=MU4),
    S(J, "poisson_dev_xlogy", F32, "ok", poisson_xlogy, mu=MU4),
    S(J, "seasonal_undiff", F64, "ok", undiff, d=D8),
    S(J, "seasonal_undiff", F32, "ok", undiff, d=D8),
    S(J, "normalise", F64, "ok", normalise, x=XW),
    S(J, "normalise", F64, "domain", normalise, x=XW_C),
    S(J, "normalise_eps", F64, "ok", normalise_eps(F64), x=XW),
    S(J, "normalise_eps", F64, "wrong", normalise_eps(F64), x=XW_C),
    S(J, "normalise_eps", F32, "wrong", normalise_eps(F32), x=XW_C),
    S(J, "revin", F64, "ok", revin(F64), x=XW),
    S(J, "revin", F64, "ok", revin(F64), x=XW_C),
    S(J, "revin", F32, "ok", revin(F32), x=XW_C),
    # ---------------------------------------------------------------------------------------------------- PyTorch
    S(T, "ses_sse", F64, "ok", ses_y, y=YP, alpha=0.3),
    S(T, "ses_sse", F32, "ok", ses_y, y=YP, alpha=0.3),
    S(T, "ses_logit", F64, "unstable", ses_theta, theta=40.0),
    S(T, "holt_sse", F64, "ok", holt, alpha=0.5, beta=0.25),
    S(T, "ar2_forecast", F64, "ok", ar2_forecast, phi=[1.5, -0.5]),
    S(T, "ar2_gamma0", F64, "domain", ar2_gamma0, phi=[1.5, -0.5]),
    S(T, "boxcox", F64, "ok", boxcox, y=BY, lam=0.5),
    BC0(T, "boxcox", F64, "wrong", BY),
    S(T, "rmsle", F64, "ok", rmsle, pred=PRED),
    S(T, "rmsle", F64, "domain", rmsle, pred=PRED_EXACT),
    SEP(T, "mape", F64, "domain", mape_term, f=PRED, y=YT_0),
    SEP(T, "smape", F64, "domain", smape_term, f=F_Z, y=YT_0),
    S(T, "smape_where", F64, "domain", smape_where, f=F_Z, y=YT_0),
    S(T, "mase", F64, "ok", mase, f=PRED, train=YP),
    S(T, "mase", F64, "domain", mase, f=PRED, train=FLAT),
    PB(T, "pinball", F64, "ok", PRED, *q_py(F64)),
    PB(T, "pinball", F64, "domain", F_HIT, *q_py(F64)),
    S(T, "crps_gaussian", F64, "ok", crps, mu=1.0, raw=0.5),
    S(T, "crps_gaussian", F64, "unstable", crps, mu=1.0, raw=-800.0),
    S(T, "negbin_nll", F64, "ok", negbin, m=1.5, a=-1.0),
    S(T, "negbin_nll", F64, "unstable", negbin, m=1.5, a=-800.0),
    S(T, "student_t_nll", F64, "ok", student_t(F64), mu=6.5, nu=5.0),
    S(T, "student_t_nll", F64, "unstable", student_t(F64), mu=6.5, nu=1e8),
    S(T, "tweedie", F64, "domain", tweedie, mu=MU4, y=TY_0),
    S(T, "seasonal_undiff", F32, "ok", undiff, d=D8),
    S(T, "normalise_eps", F64, "ok", normalise_eps(F64, 1), x=XW),
    S(T, "normalise_eps", F64, "ok", normalise_eps(F64, 1), x=XW_C),
    S(T, "revin", F64, "ok", revin(F64), x=XW_C),
    # ---------------------------------------------------------------------------------------------------- TensorFlow
    S(K, "ses_sse", F64, "ok", ses_alpha, alpha=0.3),
    S(K, "holt_sse", F64, "ok", holt, alpha=0.5, beta=0.25),
    S(K, "boxcox", F64, "ok", boxcox, y=BY, lam=0.5),
    BC0(K, "boxcox", F64, "wrong", BY),
    SEP(K, "smape", F64, "domain", smape_term, f=F_Z, y=YT_0),
    S(K, "mase", F64, "domain", mase, f=PRED, train=FLAT),
    PB(K, "pinball", F64, "domain", F_HIT, *q_py(F64)),
    S(K, "crps_gaussian", F64, "unstable", crps, mu=1.0, raw=-800.0),
    S(K, "negbin_nll", F64, "ok", negbin, m=1.5, a=-1.0),
    S(K, "negbin_nll", F64, "unstable", negbin, m=1.5, a=-800.0),
    S(K, "student_t_nll", F64, "unstable", student_t(F64), mu=6.5, nu=1e8),
    S(K, "seasonal_undiff", F64, "ok", undiff, d=D8),
    S(K, "normalise_eps", F64, "ok", normalise_eps(F64), x=XW_C),
    # ---------------------------------------------------------------------------------------------------- NumPy
    S(N, "ses_sse", F64, "ok", ses_y, y=YP, alpha=0.3),
    S(N, "holt_sse", F64, "ok", holt, alpha=0.5, beta=0.25),
    S(N, "ar2_forecast", F64, "ok", ar2_forecast, phi=[1.5, -0.5]),
    BC0(N, "boxcox", F64, "wrong", BY),
    SEP(N, "mape", F64, "domain", mape_term, f=PRED, y=YT_0),
    SEP(N, "smape", F64, "domain", smape_term, f=F_Z, y=YT_0),
    S(N, "mase", F64, "domain", mase, f=PRED, train=FLAT),
    PB(N, "pinball", F64, "domain", F_HIT, *q_py(F64)),
    S(N, "seasonal_undiff", F64, "ok", undiff, d=D8),
    S(N, "normalise", F64, "domain", normalise, x=XW_C),
    S(N, "normalise_eps", F64, "wrong", normalise_eps(F64), x=XW_C),
]
