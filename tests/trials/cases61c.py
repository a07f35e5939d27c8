"""The sixty-first trial set (third part): issue 27's exact reference on Python functions doing FITTING, QUADRATURE and
DISCRETE CALCULUS with gradcli.numpy the way scientific code writes them (tests/trials/lib61c.py): np.polyfit /
np.polyval (the slope of a line, the residual sum of squares of a quadratic, a fit through moving nodes, a quadratic
fitted to e^(a t) and evaluated between samples), np.linalg.lstsq, np.linalg.pinv and the normal equations by
np.linalg.solve (coefficients, intercepts with a moving design, residual sums of squares), the profile Gaussian
log-likelihood of a fitted line, np.trapezoid over moving nodes and over sin(s t), a cumulative trapezoid and
Simpson's rule by hand, a fixed 5-point Gauss-Legendre rule (NumPy's leggauss nodes as data) for 1 / (1 + s x^2),
for e^t on [0, b] and for a Legendre series by np.polynomial.legendre.legval, Richardson's extrapolation of a central
difference in x and in its step, np.gradient (unit spacing, spacing 0.25, moving coordinates), np.diff (second
differences, log-spacings), np.convolve ('valid', 'full') and np.correlate ('same', a lag-1 autocorrelation), weighted
and centred moments (np.average with weights, a third moment, np.var, np.std, the one-pass E[x^2] - E[x]^2, weights
as variables, skewness); at ordinary points, data exactly on the model (residuals 0), nodes 1e-8 apart, constant data,
ties, 1e-300 / 1e300 / 1e308 entries, s = 1e300, h = 1e-300, float64 and float32.

Tried: 38 functions, about 130 checks through the CLI (at most two at once): a first pass of 33 at ordinary points by
hand, 85 written as cases and judged by tests/trials/judge.py through a driver in the manner of run.py (16 dropped as
repeats of kept kinds: ALL keeps 69), then about 12 probes by hand (residual sums of squares at exact fits for each of
polyfit / lstsq / pinv / solve, a polyfit slope shifted by 2e20 to show its exact value's digits, the F1 and F4
points at --max-digits 120 and 4000). Truths are written here from the mathematics, never lib61c's code or gradcli:
least squares by the normal equations solved in mpmath (exact at 2,000 digits, whatever the conditioning), NumPy's
np.gradient three-point formula, convolution and correlation as their sums, moments by their definitions, every
float64 literal as the double it is (0.05, 0.1, 0.6, np.pi, h / 3.0 = the double nearest 1/24), Gauss-Legendre nodes
and weights as the doubles numpy.polynomial.legendre.leggauss gives (plain NumPy, data); the derivative from the left
and from the right by mpmath.diff (cases30b.sided_grad), NaN where they differ. By hand where that cannot serve:
Simpson at s = 1e300 (every term but t = 0 below 10^-(1e298)), Gauss-Legendre at s = 1e300 (-3.8785e-600),
Richardson in its step at h = 1e-300 (cos 1 (2 sinc'(h/2) - sinc'(h)) / 3 = -cos 1 h^3 / 120 + ... = -4.5e-903),
np.std's (x - mean) / (n std) at 1e-300 and 1e-30 (float32), the one-pass variance's 2 (x - mean) / n, np.average's
(y - avg) / sum w at w = 1e308 (sum w = 4e308), and no derivative in any entry where the function is -inf or 0/0 at
the point (log of a perfect fit's RSS, log |diff y| at a tie, the skewness of constant data).

ALL: 69 cases (41 ok, 20 unstable, 8 domain). 61 agree with gradcli in verdict and every exact gradient entry (to
1e-10 relative; below float64's range by their digits: Simpson's slope at s = 1e300, Gauss-Legendre's -3.8785e-600,
Richardson's -4.5e-903; above it: polyfit through nodes at 1e-300, slopes 1.5e599); the 8 that do not are F1
(np.polyfit's residual sum of squares at data on a parabola, float64 and float32, and the log-likelihood of a perfect
line fit), F2, F3 and F4 (lstsq, pinv, and polyfit through moving nodes at an exact fit). No check took over 5 s.
What agreed: least squares slopes through data nodes are the exact linear weights (x - mean) / Sxx, at 1e300 too;
through moving nodes 1e-8 apart (polyfit, lstsq, the normal equations) the exact slopes of a 1e16-conditioned fit,
float64's lost (unstable); a quadratic fitted to e^(a t) at a = -800; the residual sum of squares by the normal
equations at data on the line: 0 proven, ok; trapezoid over a zero-width panel (ok) and over nodes 1e-8 apart (the
interior slopes 2.2e-24, float64's 2.2e-17: unstable); the quadrature of sin(s t) at s = 1e300; Gauss-Legendre for e^t
on [0, -800]; a Legendre series' rule whose odd-degree slopes are exactly 0 (the nodes are symmetric as doubles) where
float64 gives 2.8e-17: unstable; Richardson in x (ok) and in its step at 0.1, 1e-8 and 1e-300 (unstable: rounding,
then 2 h^2 underflowing); np.gradient of data at 1e300 (the value 6.25e600) and a cumulative trapezoid at 1e308 (the
value 6e308) and a full convolution at 1e300 (4.75e600): domain, the exact value past float64's range as gradcli
words it, the gradients right; squares underflowing at 1e-200 / 1e-300 leave the slopes (ok); the lag-1
autocorrelation at 1e-200, whose lag-0 sum underflows: unstable with slopes 1e200-sized; np.var, a weighted variance
and a third moment at constant data: exact 0, ok (0.1 data too, float32 too), at 1e308: unstable (the mean overflows);
np.std at constant data is a cone: domain; np.std at 1e-300 (float64) and 1e-30 (float32), whose variance underflows:
unstable with the exact (x - mean) / (n std); the one-pass variance at 1e8: unstable; np.average with weights 1e308:
unstable; log |diff y| at a tie and skewness of constant data: domain.

Truths the round corrected in itself, gradcli right each time: the log-likelihood of a line fit at y = [1, 3, 5, 7 +
1e-8] is ok, not unstable (float64's slopes -2.6667e8 ... right to 3.5e-14); np.trapezoid over nodes 1e-8 apart is
unstable, not ok (slopes 2.2e-24 exactly, 2.2e-17 in float64); a value or slope finite but past float64's range
(6e308, 6.25e600, 4.75e600, 1.5e599) is domain by gradcli's wording ("that is the dtype's limit"), not unstable; the
Gauss-Legendre slope -3.9e-600 is ok (float64's 0 is it rounded), not unstable; the Legendre series' rule is unstable,
not ok (exact zeros at odd degrees); np.polyfit's RSS at an exact fit is unstable (float64's 1e-16 against the exact
0), not ok, whatever F1.

Not findings: gradcli.numpy has no np.polynomial.legendre.leggauss (only legval in its legendre namespace); the nodes
are data, taken from plain NumPy. In a float32 check a float64 constant array of the user's (T5) promotes the fit to
float64, by NumPy's rules.

Findings (open):

- F1 (mended since: gradcli.numpy's composites compute on the program's constants at the run's precision,
  `namespace._COMPUTING_ON_DATA`; the truth at data on the model is ok, README's rule for an array whose exact
  entries are all 0): np.polyfit's exact reference rounds to float64 where its nodes are data. polyfit scales the Vandermonde columns
  to unit norm (ops_fitting.polyfit: lhs / sqrt(sum lhs^2)); with untraced nodes that scaled design is computed in
  float64 before the high-precision least squares, so the exact coefficients are those of a perturbed problem: at y =
  [1, 3, 5, 7] on T4 the "exact" slope is 2 - 4.0e-16 (polyfit(T4, y, 1)[0] * 1e20 - 2e20 has exact value -40057.14,
  truth 0) and its exact gradient d/dy0 -3.0000000000000025e19 against -3e19 (-0.30000000000000025 against -0.3
  unscaled: 8e-16 off, inside the judge's 1e-10, so polyfit_slope's cases pass). Seen by the judge where the data lie on the
  model: the residual sum of squares of a quadratic fit at y = t^2 on T5 = [0, 0.25, ..., 1] (float64 and float32):
  exact gradient 0 (2 (I - H) y), gradcli's exact [2.659e-31, -1.332e-31, -3.506e-31, -4.477e-31, 4.970e-31] and exact
  RSS 7.5e-32 (the verdict unstable is right by accident); the profile log-likelihood -n/2 (log(2 pi RSS / n) + 1) of a
  line at y = [1, 3, 5, 7]: log 0, no derivative (domain), gradcli unstable with the finite exact gradient [-0.1344,
  0.1532, 0.0476, -0.6519]. The same fits by lstsq, pinv and solve have no such floor (F4, and ok).
  Reproduce:
      gradcli check tests/trials/lib61c.py:polyfit_rss --at "y=[0.0,0.0625,0.25,0.5625,1.0]" --dtype float64
      gradcli check tests/trials/lib61c.py:fit_loglik --at "y=[1.0,3.0,5.0,7.0]" --dtype float64
- F2 (mended since: gradcli.numpy.gradient differentiates coordinates, `ops_shape._spacing`): np.gradient with moving coordinates is refused with a misleading message. gradient_coords = sum W4 *
  np.gradient(Y4, x), np is gradcli.numpy, x differentiated: "error", "TracedValueError: numpy.gradient was called on a
  value gradcli is differentiating, which would drop its gradient; use gradcli.numpy.gradient instead (import
  gradcli.numpy as gnp)", which is what the code calls. The truth at x = [0, 0.5, 1.5, 2]: ok, the slopes of NumPy's
  non-uniform three-point formula. If coordinates cannot be differentiated, the message should say that, naming the
  argument. Reproduce:
      gradcli check tests/trials/lib61c.py:gradient_coords --at "x=[0.0,0.5,1.5,2.0]" --dtype float64
- F3 (the truth was wrong, gradcli right: README's doctrine keeps, at a pole, the slopes of the coordinates that do
  not move it, as for 1/sqrt(x^2 + y^2) + z; the case's truth is now those): sum log |diff y| at y = [1, 1, 2, 5] is -inf, and stays -inf along every coordinate: no derivative in any entry.
  gradcli's verdict is right (domain) but its exact gradient gives y2 and y3 the finite 2/3 and 1/3 (the slopes of the
  finite terms) beside NaN for y0, y1: a derivative of a function that is -inf on the whole line. Reproduce:
      gradcli check tests/trials/lib61c.py:diff_log --at "y=[1.0,1.0,2.0,5.0]" --dtype float64
- F4 (mended since: in an exact run a matrix clear of NumPy's cutoff is pseudo-inverted by the normal equations,
  `ops_decompositions.pinv`, and a proof's pivot is its ball's, `arb_proof_linalg._proven_nonzero`; the truths are
  ok, every exact entry 0 passing within the tolerance of 1, README's rule): the residual sum of squares of an exact fit by np.linalg.lstsq or np.linalg.pinv (a line at y = [1, 3, 5, 7]),
  and of np.polyfit through moving nodes (x = [0, 1, 2, 3], data on the line) has no exact reference: "an exact entry
  is within 7.49e-3841 of 0 at 3840 digits but not proven 0" (at --max-digits 120: "did not settle below 120
  digits"), where the exact gradient is 2 (I - H) y = 0; the normal
  equations by np.linalg.solve prove the 0 (ok). About 4 s each. Reproduce:
      gradcli check tests/trials/lib61c.py:lstsq_rss --at "y=[1.0,3.0,5.0,7.0]" --dtype float64
      gradcli check tests/trials/lib61c.py:pinv_rss --at "y=[1.0,3.0,5.0,7.0]" --dtype float64
      gradcli check tests/trials/lib61c.py:polyfit_nodes_rss --at "x=[0.0,1.0,2.0,3.0]" --dtype float64
"""

import mpmath
import numpy
from mpmath import mpf

from cases import Case
from cases5 import hp
from cases30b import sided_grad
from cases59c import _txt  # a point as its case id writes it

L = "lib61c.py"
NAN = mpmath.nan
D = mpf  # a float64 literal of the user's code, as the double it is

T4 = [mpf(k) for k in range(4)]
T5 = [mpf(k) / 4 for k in range(5)]
Y4 = [mpf(1), mpf(3), mpf(2), mpf(5)]
W4 = [mpf(1), mpf(2), mpf(3), mpf(4)]
K3 = [mpf(1), mpf(-2), mpf(1) / 2]
_GX, _GW = numpy.polynomial.legendre.leggauss(5)  # data: the doubles the user's rule holds (plain NumPy)
GX = [mpf(float(v)) for v in _GX]
GW = [mpf(float(v)) for v in _GW]
S = mpmath.fsum


# --- the mathematics, in mpmath (from the statements, never lib61c's code) --------------------------------------------

def lsq(columns, y):
    """The least squares coefficients c minimising |sum_k c_k columns_k - y|, by the normal equations (exact here)."""
    n = len(columns)
    G = mpmath.matrix(n, n)
    b = mpmath.matrix(n, 1)
    for i in range(n):
        b[i] = S(a * v for a, v in zip(columns[i], y))
        for j in range(n):
            G[i, j] = S(a * v for a, v in zip(columns[i], columns[j]))
    c = mpmath.lu_solve(G, b)
    return [c[i] for i in range(n)]


def vander(t, deg):  # columns t^deg, ..., t^0 (polyfit's order: highest power first)
    return [[v ** p for v in t] for p in range(deg, -1, -1)]


def m_polyfit(t, y, deg):
    return lsq(vander(t, deg), y)


def m_polyval(c, x):
    return S(ck * x ** (len(c) - 1 - k) for k, ck in enumerate(c))


def m_rss(t, y, deg):
    c = m_polyfit(t, y, deg)
    return S((v - m_polyval(c, u)) ** 2 for u, v in zip(t, y))


def m_loglik(y):
    n = mpf(4)
    return -n / 2 * (mpmath.log(2 * D(numpy.pi) * m_rss(T4, y, 1) / n) + 1)


def m_trapezoid(f, x):
    return S((x[i + 1] - x[i]) * (f[i] + f[i + 1]) / 2 for i in range(len(x) - 1))


def m_cumtrapz_sum(y):  # sum over k of the integral up to T4[k + 1]
    panels = [(y[i] + y[i + 1]) / 2 * (T4[i + 1] - T4[i]) for i in range(3)]
    return S(S(panels[:k + 1]) for k in range(3))


def m_simpson(s):
    t = [mpf(k) / 8 for k in range(9)]
    f = [mpmath.exp(-s * v * v) for v in t]
    return D(1.0 / 24.0) * (f[0] + 4 * S(f[1:8:2]) + 2 * S(f[2:7:2]) + f[8])  # h / 3.0 is the double 1/24 rounds to


def m_legendre_quad(c):
    return S(w * S(ck * mpmath.legendre(k, x) for k, ck in enumerate(c)) for w, x in zip(GW, GX))


def m_gl(s):
    return S(w / (1 + s * x * x) for w, x in zip(GW, GX))


def m_gl_interval(b):
    return b / 2 * S(w * mpmath.exp(b / 2 * (x + 1)) for w, x in zip(GW, GX))


def m_central(x, h):
    return (mpmath.sin(x + h) - mpmath.sin(x - h)) / (2 * h)


def m_richardson(x):
    return (4 * m_central(x, D(0.05)) - m_central(x, D(0.1))) / 3


def m_richardson_step(h):
    return (4 * m_central(mpf(1), h / 2) - m_central(mpf(1), h)) / 3


def richardson_step_slope(h):
    """d/dh of R(h) = cos 1 (4 sinc(h/2) - sinc(h)) / 3 (sin(1+h) - sin(1-h) = 2 cos 1 sin h), written out: the slope
    is O(h^3) (-cos 1 h^3 / 120), beyond sided_grad's 10^-500 floor at h = 1e-300."""
    def dsinc(u):
        return (u * mpmath.cos(u) - mpmath.sin(u)) / (u * u)
    return mpmath.cos(1) * (2 * dsinc(h / 2) - dsinc(h)) / 3


def np_gradient(y, x=None):
    """NumPy's np.gradient of y on coordinates x (unit spacing when None): one-sided first order at the ends,
    the second-order three-point formula inside."""
    n = len(y)
    if x is None:
        x = [mpf(k) for k in range(n)]
    g = [(y[1] - y[0]) / (x[1] - x[0])]
    for i in range(1, n - 1):
        hs, hd = x[i] - x[i - 1], x[i + 1] - x[i]
        g.append(-hd / (hs * (hd + hs)) * y[i - 1] + (hd - hs) / (hs * hd) * y[i] + hs / (hd * (hs + hd)) * y[i + 1])
    g.append((y[n - 1] - y[n - 2]) / (x[n - 1] - x[n - 2]))
    return g


def m_gradient_energy(y):
    return S(v * v for v in np_gradient(y))


def m_gradient_spaced(y):
    return S(w * v for w, v in zip(W4, np_gradient(y, [mpf(k) / 4 for k in range(len(y))])))


def m_gradient_coords(x):
    return S(w * v for w, v in zip(W4, np_gradient(Y4, x)))


def m_diff2_energy(y):
    return S((y[i + 2] - 2 * y[i + 1] + y[i]) ** 2 for i in range(len(y) - 2))


def m_diff_log(y):
    return S(mpmath.log(abs(y[i + 1] - y[i])) for i in range(len(y) - 1))


def full_conv(a, k):  # c_m = sum_j a_j k_(m - j), m = 0 .. n + len(k) - 2
    n, m = len(a), len(k)
    return [S(a[j] * k[i - j] for j in range(n) if 0 <= i - j < m) for i in range(n + m - 1)]


def m_convolve_valid(x):  # the entries where k lies wholly inside x: m = len(k) - 1 .. len(x) - 1
    c = full_conv(x, K3)[2:len(x)]
    return S(w * v for w, v in zip(W4[:3], c))


def m_convolve_full(x):
    return S(v * v for v in full_conv(x, K3))


def m_correlate_same(x):
    """np.correlate(x, v, 'same'): c_k = sum_n x_(n + k) v_n, lags k = -1 .. len(x) - 2 for len(v) = 3 (centred)."""
    n = len(x)
    out = []
    for k in range(-1, n - 1):
        out.append(S(x[i + k] * K3[i] for i in range(3) if 0 <= i + k < n))
    return S(w * v for w, v in zip(W4, out))


def m_correlate_self(x):  # the lag-1 over the lag-0 autocorrelation
    n = len(x)
    return S(x[i] * x[i + 1] for i in range(n - 1)) / S(v * v for v in x)


def m_weighted_var(x):
    mu = S(w * v for w, v in zip(W4, x)) / S(W4)
    return S(w * (v - mu) ** 2 for w, v in zip(W4, x)) / S(W4)


def m_weighted_m3(x):
    mu = S(w * v for w, v in zip(W4, x)) / S(W4)
    return S(w * (v - mu) ** 3 for w, v in zip(W4, x)) / S(W4)


def m_var(x):
    mu = S(x) / len(x)
    return S((v - mu) ** 2 for v in x) / len(x)


def m_std(x):
    return mpmath.sqrt(m_var(x))


def m_weights_mean(w):
    return S(a * v for a, v in zip(w, Y4)) / S(w)


def m_skew(x):
    mu = S(x) / len(x)
    return (S((v - mu) ** 3 for v in x) / len(x)) / (S((v - mu) ** 2 for v in x) / len(x)) ** mpf(1.5)


# --- truths written by hand where sided_grad cannot serve ------------------------------------------------------------

def undefined(name, n):  # the function is -inf or 0/0 at the point itself: no derivative in any entry
    return hp(lambda: {name: [NAN] * n})


def var_grad(xs):  # d var / dx_i = 2 (x_i - mean) / n
    def truth():
        x = [mpf(v) for v in xs]
        mu = S(x) / len(x)
        return {"x": [2 * (v - mu) / len(x) for v in x]}
    return hp(truth)


def std_grad(xs, dtype="float64"):  # d std / dx_i = (x_i - mean) / (n std)
    def truth():
        x = [mpf(float(numpy.dtype(dtype).type(v))) for v in xs]
        mu = S(x) / len(x)
        sd = m_std(x)
        return {"x": [(v - mu) / (len(x) * sd) for v in x]}
    return hp(truth)


def weights_grad(ws):  # d/dw_i of sum w y / sum w = (y_i - avg) / sum w
    def truth():
        w = [mpf(v) for v in ws]
        W = S(w)
        avg = S(a * v for a, v in zip(w, Y4)) / W
        return {"w": [(v - avg) / W for v in Y4]}
    return hp(truth)


def simpson_grad(s):  # d/ds of h/3 sum c_k exp(-s t_k^2) = -h/3 sum c_k t_k^2 exp(-s t_k^2)
    def truth():
        t = [mpf(k) / 8 for k in range(9)]
        c = [1, 4, 2, 4, 2, 4, 2, 4, 1]
        return {"s": -D(1.0 / 24.0) * S(ck * v * v * mpmath.exp(-mpf(s) * v * v) for ck, v in zip(c, t))}
    return hp(truth)


def gl_grad(s):  # d/ds sum w / (1 + s x^2) = -sum w x^2 / (1 + s x^2)^2
    return hp(lambda: {"s": -S(w * x * x / (1 + mpf(s) * x * x) ** 2 for w, x in zip(GW, GX))})


# --- cases ------------------------------------------------------------------------------------------------------------

def C(function, mirror, verdict="ok", dtype="float64", **pt):
    """A case whose truth is the one- and two-sided derivative of ``mirror`` at the point as ``dtype`` holds it."""
    return Case(L, function, ",".join(f"{k}={_txt(v)}" for k, v in pt.items()), dtype, verdict,
                sided_grad(mirror, dtype, **pt))


def H(function, truth, verdict="ok", dtype="float64", **pt):
    """A case whose truth is written by hand."""
    return Case(L, function, ",".join(f"{k}={_txt(v)}" for k, v in pt.items()), dtype, verdict, truth)


NEAR = [1.0, 1.00000001, 1.00000002, 1.00000003]  # nodes 1e-8 apart (as the doubles hold them)
CONST = [0.1, 0.1, 0.1, 0.1]
BIG = [1e300, -1e300, 2e300, 1e300]
TINY = [1e-300, 2e-300, 3e-300, 5e-300]

ALL = [
    # least squares fits: polyfit / polyval, lstsq, pinv, the normal equations, a fitted line's log-likelihood
    C("polyfit_slope", lambda y: m_polyfit(T4, y, 1)[0], y=[1.0, 3.0, 2.0, 5.0]),
    C("polyfit_slope", lambda y: m_polyfit(T4, y, 1)[0], y=BIG),
    C("polyfit_rss", lambda y: m_rss(T5, y, 2), y=[1.0, 3.0, 2.0, 5.0, 4.0]),
    C("polyfit_rss", lambda y: m_rss(T5, y, 2), y=[0.0, 0.0625, 0.25, 0.5625, 1.0]),  # F1: on the parabola, 0
    C("polyfit_nodes", lambda x: m_polyfit(x, Y4, 1)[0], x=[0.0, 1.0, 2.0, 3.0]),
    C("polyfit_nodes", lambda x: m_polyfit(x, Y4, 1)[0], "unstable", x=NEAR),
    C("polyval_fit", lambda a: m_polyval(m_polyfit(T5, [mpmath.exp(a * t) for t in T5], 2), D(0.6)), a=0.5),
    C("polyval_fit", lambda a: m_polyval(m_polyfit(T5, [mpmath.exp(a * t) for t in T5], 2), D(0.6)), a=-800.0),
    C("lstsq_coef", lambda y: lsq([[mpf(1)] * 4, T4], y)[1], y=[1.0, 3.0, 2.0, 5.0]),
    C("lstsq_design", lambda x: lsq([[mpf(1)] * 4, x], Y4)[0], "unstable", x=NEAR),
    C("pinv_coef", lambda y: lsq([[mpf(1)] * 4, T4], y)[1], dtype="float32", y=[1.0, 3.0, 2.0, 5.0]),
    C("normal_eq_slope", lambda x: lsq([[mpf(1)] * 4, x], Y4)[1], "unstable", x=NEAR),
    C("lstsq_rss", lambda y: m_rss(T4, y, 1), y=[1.0, 3.0, 2.0, 5.0]),
    C("lstsq_rss", lambda y: m_rss(T4, y, 1), y=[1.0, 3.0, 5.0, 7.0]),  # F4: on the line, 0
    C("pinv_rss", lambda y: m_rss(T4, y, 1), y=[1.0, 3.0, 5.0, 7.0]),  # F4
    C("normal_rss", lambda y: m_rss(T4, y, 1), y=[1.0, 3.0, 5.0, 7.0]),
    C("fit_loglik", m_loglik, y=[1.0, 3.0, 2.0, 5.0]),
    H("fit_loglik", undefined("y", 4), "domain", y=[1.0, 3.0, 5.0, 7.0]),  # F1  # a perfect fit: log 0
    C("fit_loglik", m_loglik, y=[1.0, 3.0, 5.0, 7.00000001]),
    # quadrature: np.trapezoid, a cumulative trapezoid and Simpson by hand, Gauss-Legendre, Richardson
    C("trapezoid_nodes", lambda x: m_trapezoid([v * v for v in x], x), x=[0.0, 0.5, 1.5, 2.0]),
    C("trapezoid_nodes", lambda x: m_trapezoid([v * v for v in x], x), x=[0.0, 1.0, 1.0, 2.0]),
    C("trapezoid_nodes", lambda x: m_trapezoid([v * v for v in x], x), "unstable", x=NEAR),
    C("trapezoid_nodes", lambda x: m_trapezoid([v * v for v in x], x), dtype="float32", x=[0.0, 0.5, 1.5, 2.0]),
    C("trapezoid_param", lambda s: m_trapezoid([mpmath.sin(s * t) for t in T5], T5), s=1e300),
    C("cumtrapz_sum", m_cumtrapz_sum, "domain", y=[1e308, 1e308, 1e308, 1e308]),  # the value 6e308: past float64
    C("simpson", m_simpson, s=2.0),
    H("simpson", simpson_grad(1e300), s=1e300),  # every term but t = 0 below 10^-(1e298): exact, far below float64
    H("gauss_legendre", gl_grad(1e300), s=1e300),  # -3.9e-600: float64's 0 is it rounded
    C("gauss_legendre_interval", m_gl_interval, b=-800.0),
    C("richardson", m_richardson, x=1.0),
    C("richardson_step", m_richardson_step, "unstable", h=0.1),
    C("richardson_step", m_richardson_step, "unstable", h=1e-8),
    H("richardson_step", hp(lambda: {"h": richardson_step_slope(D(1e-300))}), "unstable", h=1e-300),
    # discrete calculus: np.gradient, np.diff
    C("gradient_energy", m_gradient_energy, y=[1.0, 3.0, 2.0, 5.0]),
    C("gradient_energy", m_gradient_energy, "domain", y=BIG),  # the value 6.25e600
    C("gradient_energy", m_gradient_energy, y=TINY),
    C("gradient_spaced", m_gradient_spaced, y=[1.0, 3.0, 2.0, 5.0]),
    C("gradient_coords", m_gradient_coords, x=[0.0, 0.5, 1.5, 2.0]),  # F2
    C("diff2_energy", m_diff2_energy, y=[1.0, 2.0, 3.0, 4.0]),
    C("diff_log", m_diff_log, y=[1.0, 3.0, 2.0, 5.0]),
    # F3, truth corrected: at the pole the coordinates that do not move it keep their slopes (README's doctrine)
    H("diff_log", hp(lambda: {"y": [NAN, NAN, 1 - mpf(1) / 3, mpf(1) / 3]}), "domain", y=[1.0, 1.0, 2.0, 5.0]),
    # convolution and correlation modes
    C("convolve_valid", m_convolve_valid, x=[1.0, 3.0, 2.0, 5.0, 4.0]),
    C("convolve_full", m_convolve_full, x=[1.0, 3.0, 2.0]),
    C("convolve_full", m_convolve_full, "domain", x=[1e300, 1e300, 1e300]),  # the value 4.75e600
    C("convolve_full", m_convolve_full, x=[1e-200, 3e-200, 2e-200]),
    C("correlate_same", m_correlate_same, x=[1.0, 3.0, 2.0, 5.0]),
    C("correlate_self", m_correlate_self, x=[1.0, 3.0, 2.0, 5.0]),
    C("correlate_self", m_correlate_self, "unstable", x=[1e-200, 3e-200, 2e-200, 5e-200]),
    # moments: weighted, centred, at constant data; the one-pass variance; weights as variables; skewness
    C("weighted_var", m_weighted_var, x=CONST),
    C("weighted_var", m_weighted_var, dtype="float32", x=CONST),
    C("weighted_m3", m_weighted_m3, x=CONST),
    C("var_np", m_var, x=CONST),
    C("std_np", m_std, x=[1.0, 3.0, 2.0, 5.0]),
    C("std_np", m_std, "domain", x=[1.0, 1.0, 1.0, 1.0]),
    H("std_np", std_grad(TINY), "unstable", x=TINY),
    H("std_np", std_grad([1e-30, 2e-30, 3e-30, 5e-30], "float32"), "unstable", dtype="float32",
      x=[1e-30, 2e-30, 3e-30, 5e-30]),
    H("var_naive", var_grad([1e8 + 1, 1e8 + 2, 1e8 + 3, 1e8 + 5]), "unstable", x=[1e8 + 1, 1e8 + 2, 1e8 + 3, 1e8 + 5]),
    C("weights_mean", m_weights_mean, w=[1.0, 2.0, 3.0, 4.0]),
    H("weights_mean", weights_grad([1e308] * 4), "unstable", w=[1e308] * 4),
    C("skewness", m_skew, x=[1.0, 3.0, 2.0, 5.0]),
    # round two: scales at the edges of float64 in fits and moments, float32 fits
    # the value NaN for 8.9e299, lost beside slopes past float64: unstable
    C("polyfit_nodes", lambda x: m_polyfit(x, Y4, 1)[0], "unstable", x=TINY),  # slopes 1.5e599: past float64
    C("var_np", m_var, "unstable", x=[1e308] * 4),
    C("weighted_var", m_weighted_var, "unstable", x=[1e308] * 4),
    C("trapezoid_nodes", lambda x: m_trapezoid([v * v for v in x], x), x=TINY),
    C("polyval_fit", lambda a: m_polyval(m_polyfit(T5, [mpmath.exp(a * t) for t in T5], 2), D(0.6)), dtype="float32",
      a=0.5),
    C("polyfit_rss", lambda y: m_rss(T5, y, 2), dtype="float32", y=[0.0, 0.0625, 0.25, 0.5625, 1.0]),
    C("polyfit_nodes_rss", lambda x: m_rss(x, [mpf(1), mpf(3), mpf(5), mpf(7)], 1),
      x=[0.0, 1.0, 2.0, 3.0]),  # F4
    C("legendre_quad", m_legendre_quad, "unstable", c=[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]),
    H("skewness", undefined("x", 4), "domain", x=[1.0, 1.0, 1.0, 1.0]),
]
