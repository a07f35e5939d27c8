"""The forty-third trial set (third part): issue 27's classes on Python functions written against gradcli.numpy and
gradcli.scipy, on plain NumPy/SciPy and on formulas, leaning on removable singularities and near-degenerate inputs as
engineers meet them, in domains not tried before: heat exchangers (the log-mean temperature difference (dT1 - dT2) /
log(dT1 / dT2) as printed, at equal ends, where it is 0/0 and `domain`, and 1 ulp apart, where dT1 / dT2 rounds 25%
off its distance from 1 and the slope comes out -9e14 for 1/2; guarded by a where at equal ends, whose 0/0 leaks NaN
into a gradient that is [1/2, 1/2] (`wrong`); by log1p, the value mended and the slope still cancelling; by its
series behind a double where, right in both dtypes; a balanced counter-flow exchanger's duty U A LMTD, 0/0), chemical
reactors (a fed first-order reactor's outlet c0 e^-kt + s (1 - e^-kt) / k at k = 1e-300, where 1 - e^-kt is 0 and the
slope in k comes out 5e300 for -45; by expm1, the value mended and the slope 2e301 - 2e301 = 0; by exprel, right at
1e-300 and at k = 0 itself; the exponential integrator's phi1 = (e^h - 1) / h and phi2 = (e^h - 1 - h) / h^2 at h =
1e-300, 1e-8 and -800, by expm1 and by exprel, which overflows at h = 710 where the answer 3.1e305 fits; Arrhenius
kinetics stepped by explicit Euler at 1 K, where the rate e^-10000 underflows and the exact slope -1.1e-4333 is given
by its digits, and at 1 mK, -1.5e-4342929), numerical ODEs (explicit Euler toward an equilibrium from 1 ulp below it,
whose increments of 1e-17 are absorbed and the slope in k comes out 7.2e-17 for 4.3e-17, beside the same steps on the
deviation, right; RK4 for a conversion 1 - c / c0 at k = 1e-12, the value cancelling to 3e-4 while the slope holds,
beside RK4 on the conversion itself; RK4 at k h = 8, where the scheme itself explodes to -2.7e20, exactly; Euler over
a span of 1e-318 s, whose step t / 10 is a subnormal holding 15 bits), signal processing (sin x / x at 1e-300 and
1e-8, its slope 1e300 - 1e300, and at 0, `domain`; np.sinc, right to -3.3e-300; (1 - cos x) / x^2 at 1e-8, 0 for 1/2,
and the half-angle form, the value mended and the slope still cancelling, x^2 underflowing at 1e-300; its series
behind a single where, right at 1e-8, the untaken branch's 0/0 leaking at 0 (`wrong`) and at 1e-300 (`unstable`, 1 -
cos x and x^2 both lost); log(x) / (x - 1) at 1 + 1e-8, at 1 + 2^-52, where the float64 rounding happens to be exact,
and at 1), geometry processing (Heron's formula for a needle triangle and for Kahan's 100000, 99999.99979, 0.00029,
whose s - a keeps 7 digits, beside Kahan's rearrangement, right there and itself unstable in its slopes for a 1e-8
needle, where the backward subtracts 0.25 from 0.25; a nearly flat triangle, whose s - a rounds to 0 where the area
is 3.7e-9, Kahan right there; a right triangle's slope in its hypotenuse, a proven 0; a flat triangle, `domain`; the
angle between nearly parallel and nearly antiparallel vectors by arccos of the normalized dot, arccos(1) with an
infinite slope where the truth is 1, beside arctan2 of the cross product's norm and the dot, right, and overflowing
at 1e200 and underflowing at 1e-200; parallel vectors, a cone, `domain`; the signed planar angle at parallel vectors,
smooth), information theory (binary entropy by logs, xlogy and entr at 1e-300, 5e-324, 1/2 (a proven 0) and 1 -
2^-53, and at 0, an infinite one-sided slope; the entropy of sigmoid(z) at z = -800, where xlogy's slope at the
underflowed 0 is infinite and the exact slope 2.9e-345; the Bernoulli KL at p, q 1 ulp apart, its value -6.7e-17 for
7.3e-33; at p = q = 1e-300, proven 0s; at q = 1e-310, where p / q overflows, beside rel_entr and the logs taken
apart; the Jensen-Shannon divergence of equal distributions, proven 0s, of distributions 1e-8 apart, its slopes 5e-9
losing 8 digits, and with a 0 entry) and divided differences ((e^x - e^y) / (x - y) at y = x + 2^-52, value 4 for e,
slopes 5.8e15 for e/2, and at x = y, `domain`; e^y exprel(x - y), right at both and by its digits at x = y = -800;
(sqrt x - sqrt y) / (x - y) 1 ulp apart, value 0, beside 1 / (sqrt x + sqrt y), right, and at subnormals, slopes of
-1.25e479, `domain`); float32 (the LMTD, its series, exprel, the KL-free entropy at 1e-45, Kahan at his needle,
Euler's absorbed increments, an arccos angle), formulas of the same classes and input errors (a misspelt --wrt, a
missing variable, a missing function, a bad number, an unclosed list, SciPy functions gradcli lacks (solve_ivp,
jensenshannon), exprel in a formula, a malformed --dtype).

Truths are the mathematics written here in mpmath at 2,000 digits, never the user files' code: closed forms (the
LMTD's ((a - b)/a - log(a/b)) / log(a/b)^2 and its series 1/2 - x/6 + x^2/8, the reactor's
S (k t e^-kt + expm1(-kt)) / k^2, phi1' = (h e^h - e^h + 1) / h^2, phi2' = (h e^h - 2 e^h + 2 + h) / h^3, Euler's
(1 - dt k)^N, RK4's stability polynomial R(lam) = 1 + c lam (6 + (4a + b) lam + (2a^2 + ab) lam^2 + a^2 b lam^3) with the
step's constants a = h/2, b = h, c = h/6 as the dtype holds them, (x cos x - sin x) / x^2, (x sin x - 2 (1 - cos x)) /
x^3, Heron's a (b^2 + c^2 - a^2) / (8 A), the angle's (cos t u^ - v^) / (|u| sin t), log((1 - p)/p), the KL's
log(p/q) - log((1-p)/(1-q)) and (1-p)/(1-q) - p/q, the JS divergence's log(p/m)/2, the divided difference's quotient
rule); points are the numbers the dtype holds, constants the numbers the program writes (0.1 as float64, or float32
where it meets float32 arrays; pi exact in np.sinc). A slope beyond float64's range is `domain`; no derivative is NaN.

151 cases (102 on gradcli.numpy/scipy, 19 plain NumPy/SciPy, 14 float32, 16 formulas; 65 ok, 59 unstable, 3 wrong,
15 domain, 9 input errors), run one at a time through the CLI: 149 passed at first (F1, F2), all 151 after the same session's mends.

What the round found (see tests/test_user_trials43c.py):
F1 (mended) gradcli.scipy.special.exprel's own gradient loses 11 bits in float32 just above |t| = 1e-3, where its slope
   switches from a series to (t e^t - expm1(t)) / t^2 at a threshold tuned for float64: sps.exprel(h) at h = 1e-3 in
   float32 is `unstable` ("exprel_slope ... relative error 1.9e-04"; slope 0.50023657 for 0.50033346), while the
   naive expm1(h) / h it replaces is `ok` there (5.6e-5). gradcli offers exprel as the fix for (e^h - 1) / h.
   Now a narrower float's slope is computed in float64 and rounded, as SciPy computes exprel of float32.
F2 (mended) a --dtype that NumPy's comma-string parser chokes on ("3)", "1)/h") is an internal error ("SyntaxError:
   unmatched ')' ... This is a bug in gradcli", exit 3) where "float64)" or "f32" is the input error "unknown dtype"
   (exit 2): `dtypes.dtype_named` catches only TypeError from np.dtype, which raises SyntaxError and ValueError too.
F3 (mended, provenance words only) a backward accumulation that cancels in gradcli.numpy or plain NumPy code is named at
   the value's line alone: log1p(u) / u at x = 1 + 1e-8 reads "add (the gradient accumulation of subtract's uses) at
   gn_lib43c.py:179 ... u = x - 1", and the line where the cancelling paths meet, the return's log1p(u) / u, is nowhere
   said, where the PyTorch and TensorFlow bridges say "... exp's uses at lines 29 and 30" (round 33b: "named at the
   value's line, the uses' line in its words"). The cases name the value's line, as settled; the words now say
   "subtract's 2 uses on line 180".
Truths the round corrected in itself, gradcli right each time: a where guarding the LMTD at equal ends has the exact
gradient [1/2, 1/2] of the continuous LMTD (the where's two branches agree on the switch), not the taken branch's [1, 0],
so the re-checked "double where" fix is honestly partial there; Kahan's rearrangement is stable in value only: its
slopes for a 1e-8 needle subtract paths of 0.25 to get 2.5e-9 (`unstable`, as in float32 at Kahan's own needle);
log(x) / (x - 1) at x = 1 + 2^-52 is `ok`, log rounding to 2^-52 - 2^-105 exactly; the slope of the KL divergence at
p = q = 1e-300 in q comes out 1.1e-16 against the exact 0, which passes within rtol of the array's magnitude 1.
"""

import mpmath

from cases import Case
from cases5 import hp, _in
from cases21c import _at, _each
from cases39c import _scalar
from cases40c import _closed

G, N, F = "gn_lib43c.py", "numpy_lib43c.py", "formula"
NAN = mpmath.nan


def _f(value, dtype="float64"):
    """A constant of the program as the dtype holds it, exactly."""
    return _in(dtype, [value])[0]


# --- the mathematics, written here ---------------------------------------------------------------------------------

def _lmtd_slopes(dt1, dt2):
    """L = (a - b)/log(a/b): dL/da = (log r - (a - b)/a)/log(r)^2, dL/db = ((a - b)/b - log r)/log(r)^2; 0/0 at a = b."""
    a, b = dt1, dt2
    if a == b:
        return {"dt1": NAN, "dt2": NAN}
    lr = mpmath.log(a / b)
    return {"dt1": (lr - (a - b) / a) / lr ** 2, "dt2": ((a - b) / b - lr) / lr ** 2}


def _lmtd_extended_slopes(dt1, dt2):
    """The LMTD continued to a = b (its value a there): slopes 1/2 and 1/2."""
    if dt1 == dt2:
        return {"dt1": mpmath.mpf(1) / 2, "dt2": mpmath.mpf(1) / 2}
    return _lmtd_slopes(dt1, dt2)


def _lmtd_series_slopes(dt1, dt2):
    """Where |x| < 1e-4, x = (a - b)/b: L = b P(x), P = 1 + x/2 - x^2/12 + x^3/24, so dL/da = P'(x) and
    dL/db = P(x) - P'(x) a / b; elsewhere the LMTD's."""
    x = (dt1 - dt2) / dt2
    if abs(x) >= mpmath.mpf(1e-4):
        return _lmtd_slopes(dt1, dt2)
    p = 1 + x / 2 - x ** 2 / 12 + x ** 3 / 24
    dp = mpmath.mpf(1) / 2 - x / 6 + x ** 2 / 8
    return {"dt1": dp, "dt2": p - dp * dt1 / dt2}


def _duty_slopes(u_area, t_hot_in, t_hot_out, t_cold_in, t_cold_out):
    a, b = t_hot_in - t_cold_out, t_hot_out - t_cold_in
    if a == b:
        return {k: NAN for k in ("u_area", "t_hot_in", "t_hot_out", "t_cold_in", "t_cold_out")}
    s = _lmtd_slopes(a, b)
    return {"u_area": (a - b) / mpmath.log(a / b), "t_hot_in": u_area * s["dt1"], "t_cold_out": -u_area * s["dt1"],
            "t_hot_out": u_area * s["dt2"], "t_cold_in": -u_area * s["dt2"]}


C0, FEED = mpmath.mpf(2), mpmath.mpf("0.5")


def _reactor_slopes(k, t, at_zero=NAN):
    """c = C0 e^-kt + S (1 - e^-kt)/k: dc/dk = -C0 t e^-kt + S (k t e^-kt + expm1(-kt))/k^2, dc/dt = (S - C0 k) e^-kt;
    at k = 0 the quotient is 0/0 (``at_zero``: NaN), its continuation (exprel) has dc/dk = -C0 t - S t^2/2."""
    if k == 0:
        if at_zero is NAN:
            return {"k": NAN, "t": NAN}
        return {"k": -C0 * t - FEED * t * t / 2, "t": FEED}
    e = mpmath.exp(-k * t)
    return {"k": -C0 * t * e + FEED * (k * t * e + mpmath.expm1(-k * t)) / k ** 2, "t": (FEED - C0 * k) * e}


def _reactor_continued(k, t):
    return _reactor_slopes(k, t, at_zero=0)


def _phi1_slope(h):
    """((e^h - 1)/h)' = (h e^h - e^h + 1)/h^2, 1/2 at 0 (exprel's continuation)."""
    return mpmath.mpf(1) / 2 if h == 0 else (h * mpmath.exp(h) - mpmath.expm1(h)) / h ** 2


def _phi2_slope(h):
    """((e^h - 1 - h)/h^2)' = (h e^h - 2 e^h + 2 + h)/h^3."""
    return (h * mpmath.exp(h) - 2 * mpmath.expm1(h) + h) / h ** 3


def _arrhenius_slope(temp, dtype="float64"):
    """c_N = (1 - dt k)^10, k = A e^(-E/T): dc/dT = -10 dt (1 - dt k)^9 k E / T^2, dt the program's 0.1."""
    dt, a, e = _f(0.1, dtype), _f(1e6, dtype), _f(10000.0, dtype)
    k = a * mpmath.exp(-e / temp)
    return -10 * dt * (1 - dt * k) ** 9 * k * e / temp ** 2


def _equilibration_slopes(y0, k, dtype="float64"):
    """y_N = 1 - (1 - y0)(1 - dt k)^N, N = 10."""
    dt = _f(0.1, dtype)
    r = 1 - dt * k
    return {"y0": r ** 10, "k": 10 * dt * (1 - y0) * r ** 9}


def _span_slopes(k, t):
    """c_N = (1 - k t/10)^10: dc/dk = -t (1 - k t/10)^9, dc/dt = -k (1 - k t/10)^9."""
    r = 1 - k * t / 10
    return {"k": -t * r ** 9, "t": -k * r ** 9}


def _rk4_conversion_slope(k, dtype="float64"):
    """X = 1 - R(-k)^10 with RK4's stability polynomial for the step constants a = h/2, b = h, c = h/6 as the program
    holds them (Python floats, cast to the dtype where they meet its arrays): dX/dk = 10 R^9 R'(-k)."""
    a, b, c = _f(0.05, dtype), _f(0.1, dtype), _f(0.1 / 6, dtype)
    lam = -k
    r = 1 + c * lam * (6 + (4 * a + b) * lam + (2 * a * a + a * b) * lam ** 2 + a * a * b * lam ** 3)
    dr = c * (6 + 2 * (4 * a + b) * lam + 3 * (2 * a * a + a * b) * lam ** 2 + 4 * a * a * b * lam ** 3)
    return 10 * r ** 9 * dr


def _sinc_slope(x):
    return NAN if x == 0 else (x * mpmath.cos(x) - mpmath.sin(x)) / x ** 2


def _normalized_sinc_slope(v):
    if v == 0:
        return mpmath.mpf(0)
    return (mpmath.cos(mpmath.pi * v) * mpmath.pi * v - mpmath.sin(mpmath.pi * v)) / (mpmath.pi * v * v)


def _versine_slope(x):
    """((1 - cos x)/x^2)' = (x sin x - 2 (1 - cos x))/x^3."""
    return NAN if x == 0 else (x * mpmath.sin(x) - 2 * (1 - mpmath.cos(x))) / x ** 3


def _versine_where_slope(x):
    """The series branch 1/2 - x^2/24 below 1e-4: -x/12."""
    return -x / 12 if abs(x) < mpmath.mpf(1e-4) else _versine_slope(x)


def _log_ratio_slope(x):
    """(log x/(x - 1))' = ((x - 1)/x - log x)/(x - 1)^2."""
    return NAN if x == 1 else ((x - 1) / x - mpmath.log(x)) / (x - 1) ** 2


def _heron_slopes(a, b, c):
    """16 A^2 = 2a^2b^2 + 2b^2c^2 + 2c^2a^2 - a^4 - b^4 - c^4; dA/da = a (b^2 + c^2 - a^2)/(8A); none where A = 0."""
    q = 2 * a * a * b * b + 2 * b * b * c * c + 2 * c * c * a * a - a ** 4 - b ** 4 - c ** 4
    if q <= 0:
        return {"a": NAN, "b": NAN, "c": NAN}
    area = mpmath.sqrt(q) / 4
    return {"a": a * (b * b + c * c - a * a) / (8 * area), "b": b * (a * a + c * c - b * b) / (8 * area),
            "c": c * (a * a + b * b - c * c) / (8 * area)}


def _norm(w):
    return mpmath.sqrt(mpmath.fsum(t * t for t in w))


def _cross(u, v):
    return [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]]


def _angle_slopes(u, v):
    """theta = angle(u, v): grad_u = (cos t u^ - v^)/(|u| sin t), grad_v likewise; none where sin t = 0 (a cone)."""
    nu, nv = _norm(u), _norm(v)
    uh, vh = [t / nu for t in u], [t / nv for t in v]
    cos_t = mpmath.fsum(a * b for a, b in zip(uh, vh))
    sin_t = _norm(_cross(uh, vh))
    if sin_t == 0:
        return {"u": [NAN] * 3, "v": [NAN] * 3}
    return {"u": [(cos_t * a - b) / (nu * sin_t) for a, b in zip(uh, vh)],
            "v": [(cos_t * b - a) / (nv * sin_t) for a, b in zip(uh, vh)]}


def _signed_angle_slopes(u, v):
    """theta = atan2(c, d), c = u0 v1 - u1 v0, d = u.v: grad = (d grad c - c grad d)/(c^2 + d^2)."""
    c, d = u[0] * v[1] - u[1] * v[0], u[0] * v[0] + u[1] * v[1]
    r2 = c * c + d * d
    return {"u": [(d * v[1] - c * v[0]) / r2, (-d * v[0] - c * v[1]) / r2],
            "v": [(-d * u[1] - c * u[0]) / r2, (d * u[0] - c * u[1]) / r2]}


def _entropy_slope(p):
    """H = -p log p - (1 - p) log(1 - p): log((1 - p)/p); none at 0 (an infinite one-sided slope)."""
    return NAN if p == 0 else mpmath.log((1 - p) / p)


def _logistic_entropy_slope(z):
    """H(sigmoid(z)): dH/dz = log((1 - p)/p) p (1 - p) = -z sigmoid(z) sigmoid(-z)."""
    return -z / ((1 + mpmath.exp(-z)) * (1 + mpmath.exp(z)))


def _kl_slopes(p, q):
    return {"p": mpmath.log(p / q) - mpmath.log((1 - p) / (1 - q)), "q": (1 - p) / (1 - q) - p / q}


def _kl_p_slope(p, q):
    return {"p": _kl_slopes(p, q)["p"]}


def _js_slopes(p, q):
    """JS = (KL(p||m) + KL(q||m))/2, m = (p + q)/2: dJS/dp_i = log(p_i/m_i)/2, likewise q; none at a 0 entry."""
    m = [(a + b) / 2 for a, b in zip(p, q)]
    return {"p": [NAN if a == 0 else mpmath.log(a / c) / 2 for a, c in zip(p, m)],
            "q": [NAN if b == 0 else mpmath.log(b / c) / 2 for b, c in zip(q, m)]}


def _dd_exp_slopes(x, y, at_equal=NAN):
    """D = (e^x - e^y)/(x - y): dD/dx = (e^x (x - y) - (e^x - e^y))/(x - y)^2, dD/dy = ((e^x - e^y) - e^y (x - y))/
    (x - y)^2; at x = y 0/0, its continuation e^y exprel(x - y) has the slopes e^x/2, e^x/2."""
    if x == y:
        return {"x": at_equal, "y": at_equal} if at_equal is NAN else {"x": mpmath.exp(x) / 2, "y": mpmath.exp(x) / 2}
    d, ex, ey = x - y, mpmath.exp(x), mpmath.exp(y)
    return {"x": (ex * d - (ex - ey)) / d ** 2, "y": ((ex - ey) - ey * d) / d ** 2}


def _dd_exp_continued(x, y):
    return _dd_exp_slopes(x, y, at_equal=0)


def _dd_sqrt_slopes(x, y):
    """D = 1/(sqrt x + sqrt y): dD/dx = -1/(2 sqrt x (sqrt x + sqrt y)^2); none at 0."""
    if x == 0 or y == 0:
        return {"x": NAN, "y": NAN}
    s = mpmath.sqrt(x) + mpmath.sqrt(y)
    return {"x": -1 / (2 * mpmath.sqrt(x) * s * s), "y": -1 / (2 * mpmath.sqrt(y) * s * s)}


# --- the cases -------------------------------------------------------------------------------------------------------

ULP_APART = dict(dt1=10, dt2=10.000000000000002)
KAHAN = dict(a=100000, b=99999.99979, c=0.00029)
NEEDLE = dict(a=1, b=1, c=1e-8)
FLAT = dict(a=1, b=0.5000000000000001, c=0.5)
NEAR_PARALLEL = dict(u=[1, 0, 0], v=[1, 1e-8, 0])
KL_ULP = dict(p=0.3, q=0.30000000000000004)
JS_NEAR = dict(p=[0.5, 0.5], q=[0.50000001, 0.49999999])
DUTY = dict(u_area=500, t_hot_in=120, t_hot_out=80, t_cold_in=30, t_cold_out=60)
BALANCED = dict(u_area=500, t_hot_in=120, t_hot_out=80, t_cold_in=40, t_cold_out=80)
ENTROPY_POINTS = [1e-300, 5e-324, 0.5, 0.9999999999999999]

GN = [
    # heat exchangers
    Case(G, "lmtd", _at(dt1=30, dt2=10), "float64", "ok", _closed(_lmtd_slopes, dt1=30, dt2=10)),
    Case(G, "lmtd", _at(dt1=10, dt2=10), "float64", "domain", _closed(_lmtd_slopes, dt1=10, dt2=10)),
    # dT1/dT2 = 1 - 1.78e-16 rounds to 1 - 2.2e-16: the log 25% off, the slopes -9e14 for 1/2
    Case(G, "lmtd", _at(**ULP_APART), "float64", "unstable", _closed(_lmtd_slopes, **ULP_APART),
         "return (dt1 - dt2) / gnp.log(dt1 / dt2)"),
    Case(G, "lmtd", _at(dt1=1e-300, dt2=2e-300), "float64", "ok", _closed(_lmtd_slopes, dt1=1e-300, dt2=2e-300)),
    # the slope in dT2, 5.2e593, beyond float64; but the LMTD 7.2e296 and its slope in dT1, 7.2e-4, are float64
    # numbers that dT1 / dT2's overflow loses (0 and 0): unstable in them (once `domain`, dT2's hiding them)
    Case(G, "lmtd", _at(dt1=1e300, dt2=1e-300), "float64", "unstable", _closed(_lmtd_slopes, dt1=1e300, dt2=1e-300),
         "return (dt1 - dt2) / gnp.log(dt1 / dt2)"),
    # the guard's 0/0 leaks NaN into a gradient that is [1/2, 1/2]
    Case(G, "lmtd_guarded", _at(dt1=10, dt2=10), "float64", "wrong", _closed(_lmtd_extended_slopes, dt1=10, dt2=10),
         "return gnp.where(dt1 == dt2, dt1, (dt1 - dt2) / gnp.log(dt1 / dt2))"),
    Case(G, "lmtd_log1p", _at(**ULP_APART), "float64", "unstable", _closed(_lmtd_slopes, **ULP_APART),
         "def lmtd_log1p>>x = (dt1 - dt2) / dt2"),
    Case(G, "lmtd_series", _at(**ULP_APART), "float64", "ok", _closed(_lmtd_series_slopes, **ULP_APART)),
    Case(G, "lmtd_series", _at(dt1=10, dt2=10), "float64", "ok", _closed(_lmtd_series_slopes, dt1=10, dt2=10)),
    Case(G, "lmtd_series", _at(dt1=30, dt2=10), "float64", "ok", _closed(_lmtd_series_slopes, dt1=30, dt2=10)),
    Case(G, "exchanger_duty", _at(**DUTY), "float64", "ok", _closed(_duty_slopes, **DUTY)),
    Case(G, "exchanger_duty", _at(**BALANCED), "float64", "domain", _closed(_duty_slopes, **BALANCED)),
    # chemical reactors
    Case(G, "reactor_outlet", _at(k=1e-300, t=10), "float64", "unstable", _closed(_reactor_slopes, k=1e-300, t=10),
         "return C0 * decay + FEED * (1 - decay) / k"),
    Case(G, "reactor_outlet", _at(k=0, t=10), "float64", "domain", _closed(_reactor_slopes, k=0, t=10)),
    # e^-800 underflows, harmlessly: the slope in t is -5.9e-346, below float64
    Case(G, "reactor_outlet", _at(k=80, t=10), "float64", "ok", _closed(_reactor_slopes, k=80, t=10)),
    Case(G, "reactor_outlet_expm1", _at(k=1e-300, t=10), "float64", "unstable",
         _closed(_reactor_slopes, k=1e-300, t=10), "return C0 * gnp.exp(-k * t) - FEED * gnp.expm1(-k * t) / k"),
    Case(G, "reactor_outlet_exprel", _at(k=1e-300, t=10), "float64", "ok",
         _closed(_reactor_continued, k=1e-300, t=10)),
    Case(G, "reactor_outlet_exprel", _at(k=0, t=10), "float64", "ok", _closed(_reactor_continued, k=0, t=10)),
    Case(G, "phi1", _at(h=[1e-300]), "float64", "unstable", _each("h", [1e-300], _phi1_slope),
         "return gnp.sum((gnp.exp(h) - 1) / h)", "expm1(h) / gnp.where("),
    Case(G, "phi1", _at(h=[-800]), "float64", "ok", _each("h", [-800], _phi1_slope)),
    Case(G, "phi1_expm1", _at(h=[1e-300]), "float64", "unstable", _each("h", [1e-300], _phi1_slope),
         "return gnp.sum(gnp.expm1(h) / h)"),
    Case(G, "phi1_expm1", _at(h=[1e-8]), "float64", "unstable", _each("h", [1e-8], _phi1_slope),
         "return gnp.sum(gnp.expm1(h) / h)"),
    Case(G, "phi1_exprel", _at(h=[1e-300, 1e-8, -800, 0]), "float64", "ok",
         _each("h", [1e-300, 1e-8, -800, 0], _phi1_slope)),
    # e^710/710 = 3.1e305 fits float64; exprel overflows computing it
    Case(G, "phi1_exprel", _at(h=[710]), "float64", "unstable", _each("h", [710], _phi1_slope),
         "return gnp.sum(sps.exprel(h))"),
    Case(G, "phi2", _at(h=[1e-8]), "float64", "unstable", _each("h", [1e-8], _phi2_slope),
         "return gnp.sum((gnp.exp(h) - 1 - h) / h ** 2)"),
    Case(G, "phi2", _at(h=[-800]), "float64", "ok", _each("h", [-800], _phi2_slope)),
    Case(G, "phi2_expm1", _at(h=[1e-8]), "float64", "unstable", _each("h", [1e-8], _phi2_slope),
         "return gnp.sum((gnp.expm1(h) - h) / h ** 2)"),
    Case(G, "phi2_expm1", _at(h=[1e-300]), "float64", "unstable", _each("h", [1e-300], _phi2_slope),
         "return gnp.sum((gnp.expm1(h) - h) / h ** 2)"),
    # the rate e^-10000 underflows; the slope -1.1e-4333 by its digits
    Case(G, "arrhenius_euler", "temp=1", "float64", "ok", hp(lambda: {"temp": _arrhenius_slope(mpmath.mpf(1))})),
    Case(G, "arrhenius_euler", "temp=300", "float64", "ok", hp(lambda: {"temp": _arrhenius_slope(mpmath.mpf(300))})),
    # e^-1e7: the slope -1.5e-4342929 by its digits
    Case(G, "arrhenius_euler", "temp=0.001", "float64", "ok",
         hp(lambda: {"temp": _arrhenius_slope(_f(0.001))})),
    # numerical ODEs: increments of 1.1e-17 absorbed by 1 - 1.1e-16, but y0 is the rounding of the decimal typed, and
    # moving it by 2 ulps moves the k-slope (prop. to 1 - y0) past the program's error: ok by the data-rounding rule
    Case(G, "equilibration_euler", _at(y0=0.9999999999999999, k=1), "float64", "ok",
         _closed(_equilibration_slopes, y0=0.9999999999999999, k=1)),
    Case(G, "equilibration_euler", _at(y0=0.5, k=1), "float64", "ok", _closed(_equilibration_slopes, y0=0.5, k=1)),
    Case(G, "equilibration_deviation_euler", _at(y0=0.9999999999999999, k=1), "float64", "ok",
         _closed(_equilibration_slopes, y0=0.9999999999999999, k=1)),
    # 1 - c cancels to 3e-4 of the conversion 1e-12; the slope holds
    Case(G, "conversion_from_concentration", _at(k=[1e-12]), "float64", "unstable",
         _each("k", [1e-12], _rk4_conversion_slope), "return gnp.sum(1 - c)"),
    Case(G, "conversion_direct", _at(k=[1e-12]), "float64", "ok", _each("k", [1e-12], _rk4_conversion_slope)),
    # k h = 8: RK4 itself explodes (R(-8) = 100.3), exactly as the float run does
    Case(G, "conversion_direct", _at(k=[80]), "float64", "ok", _each("k", [80], _rk4_conversion_slope)),
    # a span of 1e-318 in 10 steps: each step a subnormal holding 15 bits
    Case(G, "decay_euler_span", _at(k=1, t=1e-318), "float64", "unstable", _closed(_span_slopes, k=1, t=1e-318),
         "dt = t / 10"),
    Case(G, "decay_euler_span", _at(k=1, t=1e-300), "float64", "ok", _closed(_span_slopes, k=1, t=1e-300)),
    # signal processing
    Case(G, "sinc_naive", _at(x=[1e-300]), "float64", "unstable", _each("x", [1e-300], _sinc_slope),
         "return gnp.sum(gnp.sin(x) / x)"),
    Case(G, "sinc_naive", _at(x=[0]), "float64", "domain", _each("x", [0], _sinc_slope)),
    Case(G, "sinc_normalized", _at(x=[0, 1e-300, 1e-8, 0.5]), "float64", "ok",
         _each("x", [0, 1e-300, 1e-8, 0.5], _normalized_sinc_slope)),
    Case(G, "versine_ratio", _at(x=[1e-8]), "float64", "unstable", _each("x", [1e-8], _versine_slope),
         "return gnp.sum((1 - gnp.cos(x)) / x ** 2)", "gnp.where(gnp.abs(x) < 0.1, 0.5 - x ** 2 / 24"),
    Case(G, "versine_half_angle", _at(x=[1e-8]), "float64", "unstable", _each("x", [1e-8], _versine_slope),
         "return gnp.sum(2 * gnp.sin(x / 2) ** 2 / x ** 2)"),
    Case(G, "versine_half_angle", _at(x=[1e-300]), "float64", "unstable", _each("x", [1e-300], _versine_slope),
         "return gnp.sum(2 * gnp.sin(x / 2) ** 2 / x ** 2)"),
    Case(G, "versine_where", _at(x=[1e-8, 1]), "float64", "ok", _each("x", [1e-8, 1], _versine_where_slope)),
    Case(G, "versine_where", _at(x=[0]), "float64", "wrong", _each("x", [0], _versine_where_slope),
         "return gnp.sum(gnp.where(gnp.abs(x) < 1e-4, 0.5 - x ** 2 / 24, (1 - gnp.cos(x)) / x ** 2))",
         "gnp.where(gnp.abs(x) >= 1e-4, x, "),
    # 1 - cos x and x^2 both lost in the untaken branch: a dtype fact, unstable
    Case(G, "versine_where", _at(x=[1e-300]), "float64", "unstable", _each("x", [1e-300], _versine_where_slope)),
    Case(G, "log_ratio", _at(x=[1.00000001]), "float64", "unstable", _each("x", [1.00000001], _log_ratio_slope),
         "return gnp.sum(gnp.log(x) / (x - 1))"),
    Case(G, "log_ratio", _at(x=[1.0000000000000002]), "float64", "ok",
         _each("x", [1.0000000000000002], _log_ratio_slope)),
    Case(G, "log_ratio", _at(x=[1]), "float64", "domain", _each("x", [1], _log_ratio_slope)),
    Case(G, "log_ratio", _at(x=[1e-300, 1e300, 2]), "float64", "ok", _each("x", [1e-300, 1e300, 2], _log_ratio_slope)),
    Case(G, "log_ratio_log1p", _at(x=[1.00000001]), "float64", "unstable",
         _each("x", [1.00000001], _log_ratio_slope), "def log_ratio_log1p>>u = x - 1"),
    # geometry processing
    Case(G, "heron", _at(**NEEDLE), "float64", "unstable", _closed(_heron_slopes, **NEEDLE),
         "return gnp.sqrt(s * (s - a) * (s - b) * (s - c))"),
    Case(G, "heron", _at(**KAHAN), "float64", "unstable", _closed(_heron_slopes, **KAHAN),
         "return gnp.sqrt(s * (s - a) * (s - b) * (s - c))"),
    Case(G, "heron_kahan", _at(**KAHAN), "float64", "ok", _closed(_heron_slopes, **KAHAN)),
    # stable in value, not in its slopes: 0.25 - 0.2499999987 in the backward
    Case(G, "heron_kahan", _at(**NEEDLE), "float64", "unstable", _closed(_heron_slopes, **NEEDLE),
         "return 0.25 * gnp.sqrt((a + (b + c)) * (c - (a - b)) * (c + (a - b)) * (a + (b - c)))"),
    # nearly flat: s - a rounds to 0 where the area is 3.7e-9; Kahan's form keeps it
    Case(G, "heron", _at(**FLAT), "float64", "unstable", _closed(_heron_slopes, **FLAT),
         "return gnp.sqrt(s * (s - a) * (s - b) * (s - c))"),
    Case(G, "heron_kahan", _at(**FLAT), "float64", "ok", _closed(_heron_slopes, **FLAT)),
    Case(G, "heron_kahan", _at(a=2, b=1, c=1), "float64", "domain", _closed(_heron_slopes, a=2, b=1, c=1)),
    # the slope in the hypotenuse of a right triangle: a proven 0
    Case(G, "heron", _at(a=3, b=4, c=5), "float64", "ok", _closed(_heron_slopes, a=3, b=4, c=5)),
    Case(G, "angle_arccos", _at(**NEAR_PARALLEL), "float64", "unstable", _closed(_angle_slopes, **NEAR_PARALLEL),
         "return gnp.arccos(gnp.dot(u, v) / (gnp.linalg.norm(u) * gnp.linalg.norm(v)))"),
    Case(G, "angle_arccos", _at(u=[1, 0, 0], v=[-1, 1e-8, 0]), "float64", "unstable",
         _closed(_angle_slopes, u=[1, 0, 0], v=[-1, 1e-8, 0]),
         "return gnp.arccos(gnp.dot(u, v) / (gnp.linalg.norm(u) * gnp.linalg.norm(v)))"),
    Case(G, "angle_atan2", _at(**NEAR_PARALLEL), "float64", "ok", _closed(_angle_slopes, **NEAR_PARALLEL)),
    Case(G, "angle_atan2", _at(u=[1, 0, 0], v=[-1, 1e-8, 0]), "float64", "ok",
         _closed(_angle_slopes, u=[1, 0, 0], v=[-1, 1e-8, 0])),
    Case(G, "angle_atan2", _at(u=[1, 2, 3], v=[1, 2, 3]), "float64", "domain",
         _closed(_angle_slopes, u=[1, 2, 3], v=[1, 2, 3])),
    Case(G, "angle_arccos", _at(u=[1, 2, 3], v=[1, 2, 3]), "float64", "domain",
         _closed(_angle_slopes, u=[1, 2, 3], v=[1, 2, 3])),
    Case(G, "angle_atan2", _at(u=[1e-200, 0, 0], v=[0, 1e-200, 0]), "float64", "unstable",
         _closed(_angle_slopes, u=[1e-200, 0, 0], v=[0, 1e-200, 0]),
         "return gnp.arctan2(gnp.linalg.norm(gnp.cross(u, v)), gnp.dot(u, v))"),
    Case(G, "angle_atan2", _at(u=[1e200, 0, 0], v=[1e200, 1e192, 0]), "float64", "unstable",
         _closed(_angle_slopes, u=[1e200, 0, 0], v=[1e200, 1e192, 0]),
         "return gnp.arctan2(gnp.linalg.norm(gnp.cross(u, v)), gnp.dot(u, v))"),
    Case(G, "signed_angle_2d", _at(u=[1, 2], v=[1, 2]), "float64", "ok",
         _closed(_signed_angle_slopes, u=[1, 2], v=[1, 2])),
    # information theory
    Case(G, "binary_entropy", _at(p=ENTROPY_POINTS), "float64", "ok", _each("p", ENTROPY_POINTS, _entropy_slope)),
    Case(G, "binary_entropy_xlogy", _at(p=ENTROPY_POINTS), "float64", "ok",
         _each("p", ENTROPY_POINTS, _entropy_slope)),
    Case(G, "binary_entropy_entr", _at(p=ENTROPY_POINTS), "float64", "ok", _each("p", ENTROPY_POINTS, _entropy_slope)),
    Case(G, "binary_entropy_xlogy", _at(p=[0]), "float64", "domain", _each("p", [0], _entropy_slope)),
    # sigmoid(-800) underflows to 0 and xlogy's slope at 0 is -inf: the exact slope 2.9e-345; 1 - sigmoid(30) keeps 3
    # digits
    Case(G, "logistic_entropy", _at(z=[-800, 0, 30]), "float64", "unstable",
         _each("z", [-800, 0, 30], _logistic_entropy_slope), "p = sps.expit(z)"),
    Case(G, "logistic_entropy", _at(z=[0.5, -3]), "float64", "ok", _each("z", [0.5, -3], _logistic_entropy_slope)),
    Case(G, "bernoulli_kl", _at(**KL_ULP), "float64", "unstable", _closed(_kl_slopes, **KL_ULP),
         "return p * gnp.log(p / q) + (1 - p) * gnp.log((1 - p) / (1 - q))"),
    Case(G, "bernoulli_kl_xlogy", _at(p=0.3, q=0.3), "float64", "ok", _closed(_kl_slopes, p=0.3, q=0.3)),
    Case(G, "bernoulli_kl_xlogy", _at(p=1e-300, q=1e-300), "float64", "ok", _closed(_kl_slopes, p=1e-300, q=1e-300)),
    Case(G, "bernoulli_kl_rel_entr", _at(p=1e-300, q=1e-300), "float64", "ok",
         _closed(_kl_slopes, p=1e-300, q=1e-300)),
    # p / q = 5e309 overflows; the slope in q, -5e309, is beyond float64: --wrt p
    Case(G, "bernoulli_kl_xlogy", _at(p=0.5, q=1e-310), "float64", "unstable", _closed(_kl_p_slope, p=0.5, q=1e-310),
         "return sps.xlogy(p, p / q) + sps.xlogy(1 - p, (1 - p) / (1 - q))", wrt="p"),
    Case(G, "bernoulli_kl_rel_entr", _at(p=0.5, q=1e-310), "float64", "ok", _closed(_kl_p_slope, p=0.5, q=1e-310),
         wrt="p"),
    Case(G, "bernoulli_kl_split", _at(p=0.5, q=1e-310), "float64", "ok", _closed(_kl_p_slope, p=0.5, q=1e-310),
         wrt="p"),
    Case(G, "bernoulli_kl_split", _at(**KL_ULP), "float64", "unstable", _closed(_kl_slopes, **KL_ULP),
         "return sps.xlogy(p, p) - sps.xlogy(p, q) + sps.xlog1py(1 - p, -p) - sps.xlog1py(1 - p, -q)"),
    Case(G, "js_divergence", _at(p=[0.25, 0.75], q=[0.25, 0.75]), "float64", "ok",
         _closed(_js_slopes, p=[0.25, 0.75], q=[0.25, 0.75])),
    Case(G, "js_divergence", _at(**JS_NEAR), "float64", "unstable", _closed(_js_slopes, **JS_NEAR),
         "return 0.5 * gnp.sum(sps.xlogy(p, p / m)) + 0.5 * gnp.sum(sps.xlogy(q, q / m))"),
    Case(G, "js_rel_entr", _at(p=[1e-300, 1], q=[0.5, 0.5]), "float64", "ok",
         _closed(_js_slopes, p=[1e-300, 1], q=[0.5, 0.5])),
    Case(G, "js_rel_entr", _at(p=[0, 1], q=[0.5, 0.5]), "float64", "domain",
         _closed(_js_slopes, p=[0, 1], q=[0.5, 0.5])),
    # divided differences
    Case(G, "divided_difference_exp", _at(x=1, y=1.0000000000000002), "float64", "unstable",
         _closed(_dd_exp_slopes, x=1, y=1.0000000000000002), "return (gnp.exp(x) - gnp.exp(y)) / (x - y)"),
    Case(G, "divided_difference_exp", _at(x=1, y=1), "float64", "domain", _closed(_dd_exp_slopes, x=1, y=1)),
    Case(G, "divided_difference_exprel", _at(x=1, y=1.0000000000000002), "float64", "ok",
         _closed(_dd_exp_continued, x=1, y=1.0000000000000002)),
    Case(G, "divided_difference_exprel", _at(x=1, y=1), "float64", "ok", _closed(_dd_exp_continued, x=1, y=1)),
    # slopes e^-800/2 = 1.8e-348 by their digits
    Case(G, "divided_difference_exprel", _at(x=-800, y=-800), "float64", "ok",
         _closed(_dd_exp_continued, x=-800, y=-800)),
    Case(G, "divided_difference_sqrt", _at(x=2, y=2.0000000000000004), "float64", "unstable",
         _closed(_dd_sqrt_slopes, x=2, y=2.0000000000000004), "return (gnp.sqrt(x) - gnp.sqrt(y)) / (x - y)"),
    Case(G, "divided_difference_sqrt_rationalized", _at(x=2, y=2.0000000000000004), "float64", "ok",
         _closed(_dd_sqrt_slopes, x=2, y=2.0000000000000004)),
    # slopes -1.25e479 beyond float64
    Case(G, "divided_difference_sqrt_rationalized", _at(x=1e-320, y=1e-320), "float64", "domain",
         _closed(_dd_sqrt_slopes, x=1e-320, y=1e-320)),
    # input errors
    Case(G, "lmtd", _at(dt1=10, dt2=11), "float64", "input-error", wrt="dT1", message=("dT1", "dt1")),
    Case(G, "lmtd", "dt1=10", "float64", "input-error", message=("dt2",)),
    Case(G, "lmdt", _at(dt1=10, dt2=11), "float64", "input-error", message=("lmdt", "lmtd")),
    Case(G, "heron", "a=1,b=1,c=1e-8e", "float64", "input-error", message=("1e-8e",)),
    Case(G, "js_divergence", "p=[0.5,0.5],q=[0.5,0.5", "float64", "input-error", message=("[0.5,0.5",)),
    # F2: a --dtype NumPy's comma-string parser chokes on
    Case(G, "lmtd", _at(dt1=10, dt2=11), "3)", "input-error", message=("unknown dtype",)),
]

NP = [
    Case(N, "lmtd", _at(**ULP_APART), "float64", "unstable", _closed(_lmtd_slopes, **ULP_APART),
         "return (dt1 - dt2) / np.log(dt1 / dt2)"),
    Case(N, "lmtd_guarded", _at(dt1=10, dt2=10), "float64", "wrong", _closed(_lmtd_extended_slopes, dt1=10, dt2=10),
         "return np.where(dt1 == dt2, dt1, (dt1 - dt2) / np.log(dt1 / dt2))"),
    Case(N, "reactor_outlet", _at(k=1e-300, t=10), "float64", "unstable", _closed(_reactor_slopes, k=1e-300, t=10),
         "return 2.0 * decay + 0.5 * (1 - decay) / k"),
    Case(N, "reactor_outlet_exprel", _at(k=1e-300, t=10), "float64", "ok",
         _closed(_reactor_continued, k=1e-300, t=10)),
    Case(N, "sinc_naive", _at(x=[1e-8]), "float64", "unstable", _each("x", [1e-8], _sinc_slope),
         "return np.sum(np.sin(x) / x)"),
    Case(N, "sinc_normalized", _at(x=[0, 1e-300]), "float64", "ok", _each("x", [0, 1e-300], _normalized_sinc_slope)),
    Case(N, "versine_ratio", _at(x=[1e-8]), "float64", "unstable", _each("x", [1e-8], _versine_slope),
         "return np.sum((1 - np.cos(x)) / x ** 2)", "np.where(np.abs(x) < 0.1, 0.5 - x ** 2 / 24"),
    Case(N, "heron", _at(**KAHAN), "float64", "unstable", _closed(_heron_slopes, **KAHAN),
         "return np.sqrt(s * (s - a) * (s - b) * (s - c))"),
    Case(N, "heron_kahan", _at(**KAHAN), "float64", "ok", _closed(_heron_slopes, **KAHAN)),
    Case(N, "angle_arccos", _at(**NEAR_PARALLEL), "float64", "unstable", _closed(_angle_slopes, **NEAR_PARALLEL),
         "return np.arccos(np.dot(u, v) / (np.linalg.norm(u) * np.linalg.norm(v)))"),
    Case(N, "angle_atan2", _at(**NEAR_PARALLEL), "float64", "ok", _closed(_angle_slopes, **NEAR_PARALLEL)),
    Case(N, "bernoulli_kl_xlogy", _at(p=0.5, q=1e-310), "float64", "unstable", _closed(_kl_p_slope, p=0.5, q=1e-310),
         "return special.xlogy(p, p / q) + special.xlogy(1 - p, (1 - p) / (1 - q))", wrt="p"),
    Case(N, "bernoulli_kl_rel_entr", _at(p=0.5, q=1e-310), "float64", "ok", _closed(_kl_p_slope, p=0.5, q=1e-310),
         wrt="p"),
    Case(N, "js_rel_entr", _at(**JS_NEAR), "float64", "unstable", _closed(_js_slopes, **JS_NEAR),
         "return 0.5 * np.sum(special.rel_entr(p, m) + special.rel_entr(q, m))"),
    Case(N, "js_rel_entr", _at(p=[0.25, 0.75], q=[0.25, 0.75]), "float64", "ok",
         _closed(_js_slopes, p=[0.25, 0.75], q=[0.25, 0.75])),
    Case(N, "divided_difference_exp", _at(x=1, y=1.0000000000000002), "float64", "unstable",
         _closed(_dd_exp_slopes, x=1, y=1.0000000000000002), "return (np.exp(x) - np.exp(y)) / (x - y)"),
    Case(N, "equilibration_euler", _at(y0=0.9999999999999999, k=1), "float64", "ok",  # the data-rounding rule
         _closed(_equilibration_slopes, y0=0.9999999999999999, k=1)),
    Case(N, "decay_solve_ivp", "k=1", "float64", "input-error", message=("solve_ivp", "numpy_lib43c.py")),
    Case(N, "js_scipy_distance", "p=[0.5,0.5],q=[0.25,0.75]", "float64", "input-error",
         message=("scipy.spatial.distance.jensenshannon", "numpy_lib43c.py")),
]

F32_ULP = dict(dt1=10, dt2=10.000000953674316)


def _f32_closed(slopes, **point):
    return _closed(slopes, "float32", **point)


FLOAT32 = [
    Case(G, "lmtd", _at(**F32_ULP), "float32", "unstable", _f32_closed(_lmtd_slopes, **F32_ULP),
         "return (dt1 - dt2) / gnp.log(dt1 / dt2)"),
    Case(G, "lmtd_series", _at(**F32_ULP), "float32", "ok", _f32_closed(_lmtd_series_slopes, **F32_ULP)),
    Case(G, "phi1_expm1", _at(h=[1e-3]), "float32", "ok", _each("h", [1e-3], _phi1_slope, "float32")),
    # F1: gradcli's own exprel slope, (t e^t - expm1 t)/t^2 just above its series' 1e-3, loses 11 bits in float32
    Case(G, "phi1_exprel", _at(h=[1e-3]), "float32", "ok", _each("h", [1e-3], _phi1_slope, "float32")),
    Case(G, "phi1_exprel", _at(h=[0.002, 1e-30, -100]), "float32", "ok",
         _each("h", [0.002, 1e-30, -100], _phi1_slope, "float32")),
    Case(G, "binary_entropy_xlogy", _at(p=[1e-45, 0.5]), "float32", "ok",
         _each("p", [1e-45, 0.5], _entropy_slope, "float32")),
    Case(G, "heron_kahan", _at(**KAHAN), "float32", "unstable", _f32_closed(_heron_slopes, **KAHAN),
         "return 0.25 * gnp.sqrt((a + (b + c)) * (c - (a - b)) * (c + (a - b)) * (a + (b - c)))"),
    # ok by the data-rounding rule, as its float64 sibling since 520cdab9: the k-slope is prop. to 1 - y0 = 2^-24, and
    # y0 (the rounding of the decimal typed) moved by 2 float32 ulps moves it past the program's 3.9e-8 for 2.3e-8
    Case(G, "equilibration_euler", _at(y0=0.99999994, k=1), "float32", "ok",
         _f32_closed(lambda y0, k: _equilibration_slopes(y0, k, "float32"), y0=0.99999994, k=1)),
    Case(G, "equilibration_deviation_euler", _at(y0=0.99999994, k=1), "float32", "ok",
         _f32_closed(lambda y0, k: _equilibration_slopes(y0, k, "float32"), y0=0.99999994, k=1)),
    Case(G, "conversion_from_concentration", _at(k=[1e-6]), "float32", "unstable",
         _each("k", [1e-6], lambda k: _rk4_conversion_slope(k, "float32"), "float32"), "return gnp.sum(1 - c)"),
    Case(G, "conversion_direct", _at(k=[1e-6]), "float32", "ok",
         _each("k", [1e-6], lambda k: _rk4_conversion_slope(k, "float32"), "float32")),
    Case(G, "arrhenius_euler", "temp=1", "float32", "ok",
         hp(lambda: {"temp": _arrhenius_slope(mpmath.mpf(1), "float32")})),
    Case(G, "reactor_outlet_exprel", _at(k=1e-30, t=10), "float32", "ok",
         _f32_closed(_reactor_continued, k=1e-30, t=10)),
    Case(G, "angle_arccos", _at(u=[1, 0, 0], v=[1, 1e-4, 0]), "float32", "unstable",
         _f32_closed(_angle_slopes, u=[1, 0, 0], v=[1, 1e-4, 0]),
         "return gnp.arccos(gnp.dot(u, v) / (gnp.linalg.norm(u) * gnp.linalg.norm(v)))"),
]

KL_FORMULA = "xlogy(p, p/q) + xlogy(1 - p, (1 - p)/(1 - q))"
ENTROPY_FORMULA = "-xlogy(p, p) - xlog1py(1 - p, -p)"
KAHAN_FORMULA = "0.25*sqrt((a + (b + c))*(c - (a - b))*(c + (a - b))*(a + (b - c)))"


def _lmtd_ab(a, b):
    slopes = _lmtd_slopes(a, b)
    return {"a": slopes["dt1"], "b": slopes["dt2"]}


FORMULAS = [
    Case(F, "(a - b)/log(a/b)", "a=10,b=10", "float64", "domain", _closed(_lmtd_ab, a=10, b=10)),
    Case(F, "(a - b)/log(a/b)", "a=10,b=10.000000000000002", "float64", "unstable",
         _closed(_lmtd_ab, a=10, b=10.000000000000002)),
    Case(F, "(exp(h) - 1)/h", "h=1e-300", "float64", "unstable", _scalar("h", 1e-300, _phi1_slope)),
    Case(F, "expm1(h)/h", "h=1e-8", "float64", "unstable", _scalar("h", 1e-8, _phi1_slope)),
    Case(F, "(exp(h) - 1 - h)/h^2", "h=-800", "float64", "ok", _scalar("h", -800, _phi2_slope)),
    Case(F, "sin(x)/x", "x=1e-300", "float64", "unstable", _scalar("x", 1e-300, _sinc_slope)),
    Case(F, "sinc(x)", "x=1e-300", "float64", "ok", _scalar("x", 1e-300, _normalized_sinc_slope)),
    Case(F, "(1 - cos(x))/x^2", "x=1e-8", "float64", "unstable", _scalar("x", 1e-8, _versine_slope)),
    Case(F, "log(x)/(x - 1)", "x=1", "float64", "domain", _scalar("x", 1, _log_ratio_slope)),
    Case(F, KL_FORMULA, "p=1e-300,q=1e-300", "float64", "ok", _closed(_kl_slopes, p=1e-300, q=1e-300)),
    Case(F, KL_FORMULA, "p=0.5,q=1e-310", "float64", "unstable", _closed(_kl_p_slope, p=0.5, q=1e-310), wrt="p"),
    Case(F, ENTROPY_FORMULA, "p=5e-324", "float64", "ok", _scalar("p", 5e-324, _entropy_slope)),
    Case(F, KAHAN_FORMULA, _at(**KAHAN), "float64", "ok", _closed(_heron_slopes, **KAHAN)),
    Case(F, "(exp(x) - exp(y))/(x - y)", "x=1,y=1.0000000000000002", "float64", "unstable",
         _closed(_dd_exp_slopes, x=1, y=1.0000000000000002)),
    Case(F, "(sqrt(x) - sqrt(y))/(x - y)", "x=2,y=2.0000000000000004", "float64", "unstable",
         _closed(_dd_sqrt_slopes, x=2, y=2.0000000000000004)),
    Case(F, "exprel(h)", "h=1e-300", "float64", "input-error", message=("exprel",)),
]

ALL = GN + NP + FLOAT32 + FORMULAS
