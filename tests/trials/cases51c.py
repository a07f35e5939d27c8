"""The fifty-first trial set (third part): issue 27's classes on the stable implementations libraries ship (TensorFlow
Probability, Keras, PyTorch, JAX, SciPy), written as Python functions against gradcli.numpy / gradcli.scipy and as
plain NumPy / SciPy modules, and on formulas. New members of each class, not the issue's examples:

- tiny exact gradients float64 rounds to 0 (GELU's tanh form at -32 and -37, 10^-1034 and smaller; its sigmoid
  form; erf and erfc forms at -40; SiLU, Mish, softplus, log-sigmoid at +-800; softmax picks with e^-1600 shares),
  beside the same forms where the exact gradient is a float64 number and the program loses it (GELU tanh at -15,
  whose 1 + tanh u cancels a representable -7.7e-113 to 0; GELU erf at -37, 1 + erf losing Phi(-37); Mish by
  log(1 + exp) at -40, 1 + 4e-18 absorbed);
- xlogy / xlog1py / entr / rel_entr / kl_div at 1e-300 and subnormals (slopes -(log p + 1), log((1 - p) / p),
  log(p / q)), and at 0 (domain), and SciPy's kl_div at p / q = 1e-600 (its own -inf: unstable);
- reductions with -inf and +-800 (a masked logsumexp, axis-wise logsumexp, a smoothed cross-entropy whose label
  sum 0.9 + 0.05 + 0.05 is not 1 in float64, a logaddexp chain at -800 and at 800 / 0 / -800);
- norms, cosine similarity and normalisation at 1e200 (overflow) and 1e-200 (underflow): `unstable`; scaled first,
  and hypot: `ok`;
- where-guards with their switch at a tiny point (x log x above 1e-300: a jump of 6.9e-298 at 1e-300, `domain`),
  clip / maximum / abs at tiny points away from their switch (their ordinary slopes), |r| inside C1 functions at 0
  (no kink) and their product rule cancelling at -1e-300 (the Matern 3/2 kernel, the logistic density: 1 - 1 for a
  slope of 1e-300: `unstable`; at 5e-324 the logistic density's slope -6.2e-325 is float64's 0: `ok`).

Truths are the mathematics written here in mpmath at 2,000 digits (GELU's 0.5 (1 + tanh u) as 1/(1 + e^-2u) and
sech^2 as 4/(e^u + e^-u)^2, Phi by erfc, softplus' slope by the logistic function, cross-entropy's slope
-t + (sum t) softmax, cosine similarity's y/(|x||y|) - (x.y) x/(|x|^3 |y|), ...), never the user files' code;
points are the numbers the dtype holds, constants the numbers the program holds (sqrt(2/pi), sqrt(1/2) and 0.044715 as
float64 or float32 holds them, NumPy's x / sqrt(2) with float64's sqrt(2), the labels 0.9 and 0.05 as float64 holds
them). Where a branch is taken the truth is that branch's derivative.

141 cases (105 on gradcli.numpy/scipy, 17 plain NumPy/SciPy, 5 float32, 14 formulas; 99 ok, 36 unstable, 6 domain),
run one at a time through the
CLI: 137 agree. The exact reference was right at every point, Python functions and formulas alike: no phantom
gradient, no float-sized floor (10^-1034, 10^-1592, 10^-1349 by their digits), proven zeros, NaN where none exists,
kinks the point's own.

Found by this round (see tests/test_user_trials51c.py), one finding, in the verdict, on formulas only:
F1 a formula's gradient rule "at high precision" loses 1 + tanh x: `gradcli check "x*(1 + tanh(x))" --at x=-80
   --dtype float64` is `wrong` ("at high precision it gives {x: -1.04239633e-67} but the exact derivative is
   {x: -1.035881353e-67}"). The exact derivative is right (2/(1 + e^160) - 320 e^-160 (1 + ...)); the rule's
   number is float64's own answer, the product rule's 1 + tanh(-80) = 3e-70 taken as 0 at the rule's 60 digits
   (digits_used 60; at -50, 1 + tanh = 7e-44, it is still right). The rule is right and float64's 1 + tanh x
   cancels: the truth is `unstable`; at -400 (slope -5.9e-345, float64's 0 its rounding) the truth is `ok`, gradcli
   says `wrong`. The same formula's GELU by tanh at -35 and -15 (`wrong` for ok / unstable); the same functions
   written against gradcli.numpy (x_one_plus_tanh, gelu_tanh) are judged right; x (1 + erf x), x (1 - exp(-exp x))
   and x (1 - sigmoid(-x)) at the same scales, tried by hand, are right as formulas.
   Mended: mpmath's tanh gives exactly +-1 in every rounding mode once 1 - |tanh x| is below the precision's unit,
   so the directed runs that measure the rule's rounding noise saw none and the 60-digit rule was taken as exact;
   gradcli's tanh on mpmath numbers now rounds the working way (tests/test_tanh_rounding_noise.py), the rule rises
   to the digits it needs, and every case above holds its truth.
Truths the round corrected in itself, gradcli right each time: cosine similarity's slopes at x = [1e-200, 0, 3e-200]
against y = [1, 2, 3] are exactly 0 in x[0] and x[2] (float64's 3e-200 is 3 x its 1e-200), which my mpmath truth
left as a -2e-1802 residue of y_i / (|x||y|) - (x.y) x_i / (|x|^3 |y|); the numerators y_i |x|^2 - (x.y) x_i are
now formed exactly first. The Matern 3/2 kernel and the logistic density at -1e-300 cancel where |r|'s two paths'
gradients meet, so gradcli names the line that makes |r| (a = gnp.abs(r); e = gnp.exp(-gnp.abs(x))), not the
return. GELU's tanh form at -15 has the slope -7.7e-113, not the -2.7e-36 first guessed: float32 rounds it to 0
(`ok`), so the float32 instability is at -8.
"""

import math

import mpmath

from cases import Case
from cases5 import _in, hp
from cases21c import _at
from cases40c import _closed, _held

G, N, F = "gn_lib51c.py", "numpy_lib51c.py", "formula"
NAN = mpmath.nan
mpf = mpmath.mpf


def _f(value, dtype="float64"):
    return _in(dtype, [value])[0]


def _slope(name, value, slope, dtype="float64"):
    return hp(lambda: {name: slope(_f(value, dtype))})


def _slopes(name, values, slope, dtype="float64"):
    return hp(lambda: {name: [slope(v) for v in _in(dtype, values)]})


# --- the mathematics, written here -----------------------------------------------------------------------------------

def _sig(x):
    return 1 / (1 + mpmath.exp(-x))


def _gelu_tanh_slope(dtype="float64"):
    """0.5 x (1 + tanh u), u = c (x + a x^3): 1/(1 + e^-2u) + 0.5 x sech^2(u) c (1 + 3 a x^2)."""
    c, a = _f(math.sqrt(2 / math.pi), dtype), _f(0.044715, dtype)

    def slope(x):
        u = c * (x + a * x ** 3)
        sech2 = 4 / (mpmath.exp(u) + mpmath.exp(-u)) ** 2
        return 1 / (1 + mpmath.exp(-2 * u)) + x / 2 * sech2 * c * (1 + 3 * a * x * x)
    return slope


def _gelu_erf_slope(k):
    """0.5 x erfc(-k x): 0.5 erfc(-k x) + x k e^(-k^2 x^2) / sqrt(pi)."""
    def slope(x):
        return mpmath.erfc(-k * x) / 2 + x * k * mpmath.exp(-(k * x) ** 2) / mpmath.sqrt(mpmath.pi)
    return slope


def _k_half(dtype="float64"):
    return _f(math.sqrt(0.5), dtype)


def _k_numpy():
    """NumPy's x / np.sqrt(2): k = 1 / sqrt(2) as float64 holds sqrt(2)."""
    return 1 / _f(math.sqrt(2))


def _x_one_plus_tanh_slope(x):
    """(x (1 + tanh x))' = 2/(1 + e^-2x) + 4x/(e^x + e^-x)^2."""
    return 2 / (1 + mpmath.exp(-2 * x)) + 4 * x / (mpmath.exp(x) + mpmath.exp(-x)) ** 2


def _silu_slope(x):
    s = _sig(x)
    return s + x * s * _sig(-x)


def _mish_slope(x):
    """x tanh(sp), sp = log(1 + e^x): tanh(sp) + x sech^2(sp) sigma(x)."""
    sp = mpmath.log1p(mpmath.exp(x))
    return mpmath.tanh(sp) + x / mpmath.cosh(sp) ** 2 * _sig(x)


def _log_sigmoid_slope(x):
    return _sig(-x)


def _log_ndtr_slope(x):
    return mpmath.npdf(x) / mpmath.ncdf(x)


def _log1mexp_slope(x):
    """log(1 - e^-|x|): sign(x) / (e^|x| - 1)."""
    return mpmath.sign(x) / mpmath.expm1(abs(x))


def _softplus_inverse_slope(x):
    return 1 / (1 - mpmath.exp(-x))


def _softmax(zs):
    top = max(zs)
    e = [mpmath.exp(z - top) for z in zs]
    s = mpmath.fsum(e)
    return [v / s for v in e]


def _lse3_slopes(a, b, c):
    s = _softmax([a, b, c])
    return {"a": s[0], "b": s[1], "c": s[2]}


def _masked_lse_slopes(z, mask=(True, True, False, True)):
    kept = [v for v, m in zip(z, mask) if m]
    s = iter(_softmax(kept))
    return {"z": [next(s) if m else mpf(0) for m in mask]}


def _lse_rows_slopes(z):
    return {"z": [_softmax(row) for row in z]}


def _lse_cols_slopes(z, w=(1, 2)):
    cols = [_softmax([row[j] for row in z]) for j in range(len(z[0]))]
    return {"z": [[w[j] * cols[j][i] for j in range(len(z[0]))] for i in range(len(z))]}


def _smoothed_ce_slopes(z):
    """-sum t (z - lse z): d/dz_i = -t_i + (sum t) softmax_i, t as float64 holds 0.9, 0.05, 0.05."""
    t = _held([0.9, 0.05, 0.05])
    s = _softmax(z)
    total = mpmath.fsum(t)
    return {"z": [-ti + total * si for ti, si in zip(t, s)]}


def _log_softmax_pick_slopes(z, k=1):
    s = _softmax(z)
    return {"z": [(1 if i == k else 0) - si for i, si in enumerate(s)]}


def _softmax_pick_slopes(z, k=0):
    s = _softmax(z)
    return {"z": [s[k] * ((1 if i == k else 0) - si) for i, si in enumerate(s)]}


def _binary_entropy_slope(p):
    """-(p log p + (1 - p) log(1 - p)): log((1 - p) / p)."""
    return mpmath.log1p(-p) - mpmath.log(p)


def _entr_slope(p):
    return -(mpmath.log(p) + 1)


def _rel_entr_slopes(p, q):
    """p log(p / q): d/dp = log(p / q) + 1, d/dq = -p / q; at p = 0 the slope in p is -inf from the right only."""
    return {"p": [mpmath.log(a) - mpmath.log(b) + 1 if a > 0 else NAN for a, b in zip(p, q)],
            "q": [-a / b for a, b in zip(p, q)]}


def _kl_div_slopes(p, q):
    """p log(p / q) - p + q: d/dp = log(p / q), d/dq = 1 - p / q."""
    return {"p": [mpmath.log(a) - mpmath.log(b) for a, b in zip(p, q)], "q": [1 - a / b for a, b in zip(p, q)]}


def _xlogy_slopes(w, y):
    return {"w": [mpmath.log(b) for b in y], "y": [a / b for a, b in zip(w, y)]}


Y3 = [mpf(1), mpf(2), mpf(3)]


def _norm(v):
    return mpmath.sqrt(mpmath.fsum(a * a for a in v))


def _cosine_slopes(x, y=None):
    """x.y / (|x| |y|): d/dx = y / (|x| |y|) - (x.y) x / (|x|^3 |y|), and symmetrically in y."""
    y = Y3 if y is None else y
    # the numerators b |x|^2 - (x.y) a are sums of products of floats, exact at 2,000 digits (a 0 stays 0)
    nx2, ny2 = mpmath.fsum(a * a for a in x), mpmath.fsum(b * b for b in y)
    nx, ny = mpmath.sqrt(nx2), mpmath.sqrt(ny2)
    d = mpmath.fsum(a * b for a, b in zip(x, y))
    out = {"x": [(b * nx2 - d * a) / (nx ** 3 * ny) for a, b in zip(x, y)]}
    if y is not Y3:
        out["y"] = [(a * ny2 - d * b) / (ny ** 3 * nx) for a, b in zip(x, y)]
    return out


def _projection_slopes(x):
    """w . x / |x|: w / |x| - (w.x) x / |x|^3."""
    n2 = mpmath.fsum(a * a for a in x)
    d = mpmath.fsum(a * b for a, b in zip(x, Y3))
    return {"x": [(b * n2 - d * a) / mpmath.sqrt(n2) ** 3 for a, b in zip(x, Y3)]}


def _hypot_slopes(x, y):
    h = mpmath.hypot(x, y)
    return {"x": x / h, "y": y / h}


def _xlogx_guarded_slope(x):
    """x log x above 1e-300, 0 at and below it: a jump of 1e-300 log 1e-300 at the switch."""
    switch = _f(1e-300)
    if x == switch:
        return NAN
    return mpmath.log(x) + 1 if x > switch else mpf(0)


def _sinc_slope(x):
    """(sin x / x)' = (x cos x - sin x) / x^2."""
    return (x * mpmath.cos(x) - mpmath.sin(x)) / (x * x)


def _log_clipped_slope(p):
    lo, hi = _f(1e-7), _f(1) - _f(1e-7)
    if p == lo or p == hi:
        return NAN
    return 1 / p if lo < p < hi else mpf(0)


def _leaky_slope(x):
    return mpf(1) if x > 0 else _f(0.01)


def _relu_slope(x):
    return mpf(1) if x > 0 else mpf(0)


def _l1_square_slope(x):
    return mpmath.sign(x) + 2 * x


def _matern32_slope(r):
    """((1 + |r|) e^-|r|)' = -r e^-|r|: 0 at 0 from both sides."""
    return -r * mpmath.exp(-abs(r))


def _logistic_density_slope(x):
    """(e / (1 + e)^2)' with e = e^-|x|: -x/|x| e (1 - e) / (1 + e)^3; 0 at 0 from both sides."""
    if x == 0:
        return mpf(0)
    e = mpmath.exp(-abs(x))
    return -mpmath.sign(x) * e * -mpmath.expm1(-abs(x)) / (1 + e) ** 3


def _sqrt_ratio_slopes(a, b):
    """sqrt(|a^2 - b^2|) / a at b = 0, a > 0: 1, flat in both."""
    return {"a": mpf(0), "b": mpf(0)}


def _log_sumsq_slopes(a, b):
    return {"a": 2 * a / (a * a + b * b), "b": 2 * b / (a * a + b * b)}


def _f32(slopes, **point):
    return _closed(slopes, "float32", **point)


GT = _gelu_tanh_slope()


def _gelu_erf_gn(x):
    return _gelu_erf_slope(_k_half())(x)


def _gelu_erf_np(x):
    return _gelu_erf_slope(_k_numpy())(x)


def _gelu_tanh32(x):
    return _gelu_tanh_slope("float32")(x)


def _gelu_erf_gn32(x):
    return _gelu_erf_slope(_k_half("float32"))(x)


M800 = [-800, -800, -800, -800]
LSE_ROWS = [[-800, -800, -800], [800, 0, -800]]
LSE_COLS = [[-800, 800], [-800, 0], [-799, -800]]
COS_BIG = [1e200, 0, 2e200]
COS_TINY = [1e-200, 0, 2e-200]

GN = [
    # GELU by tanh: exact slopes of 10^-1034 and beyond are float64's 0; at -15 the slope -2.7e-36 is a number
    Case(G, "gelu_tanh", "x=-32", "float64", "ok", _slope("x", -32, GT)),
    Case(G, "gelu_tanh", "x=-37", "float64", "ok", _slope("x", -37, GT)),
    Case(G, "gelu_tanh", "x=-15", "float64", "unstable", _slope("x", -15, GT),
         "return 0.5 * x * (1.0 + gnp.tanh(SQRT_2_OVER_PI * (x + 0.044715 * x ** 3)))"),
    Case(G, "gelu_tanh", "x=1.5", "float64", "ok", _slope("x", 1.5, GT)),
    Case(G, "gelu_tanh", "x=1e-300", "float64", "ok", _slope("x", 1e-300, GT)),
    # x^3 overflows: tanh's slope 0 meets inf
    Case(G, "gelu_tanh", "x=1e+300", "float64", "unstable", _slope("x", 1e300, GT),
         "return 0.5 * x * (1.0 + gnp.tanh(SQRT_2_OVER_PI * (x + 0.044715 * x ** 3)))"),
    Case(G, "gelu_sigmoid", "x=-15", "float64", "ok", _slope("x", -15, GT)),
    Case(G, "gelu_sigmoid", "x=-36", "float64", "ok", _slope("x", -36, GT)),
    # GELU by erf / erfc
    Case(G, "gelu_erf", "x=-40", "float64", "ok", _slope("x", -40, _gelu_erf_gn)),
    Case(G, "gelu_erf", "x=-37", "float64", "unstable", _slope("x", -37, _gelu_erf_gn),
         "return 0.5 * x * (1.0 + sps.erf(x * SQRT_HALF))"),
    Case(G, "gelu_erf", "x=1e+300", "float64", "ok", _slope("x", 1e300, _gelu_erf_gn)),
    Case(G, "gelu_erfc", "x=-37", "float64", "ok", _slope("x", -37, _gelu_erf_gn)),
    Case(G, "gelu_erfc", "x=-40", "float64", "ok", _slope("x", -40, _gelu_erf_gn)),
    Case(G, "gelu_erfc", "x=5e-324", "float64", "ok", _slope("x", 5e-324, _gelu_erf_gn)),
    Case(G, "x_one_plus_tanh", "x=-80", "float64", "unstable", _slope("x", -80, _x_one_plus_tanh_slope),
         "return x * (1.0 + gnp.tanh(x))"),
    Case(G, "x_one_plus_tanh", "x=-400", "float64", "ok", _slope("x", -400, _x_one_plus_tanh_slope)),
    # SiLU / swish
    Case(G, "silu", "x=-800", "float64", "ok", _slope("x", -800, _silu_slope)),
    Case(G, "silu", "x=-700", "float64", "ok", _slope("x", -700, _silu_slope)),
    Case(G, "silu", "x=1e+300", "float64", "ok", _slope("x", 1e300, _silu_slope)),
    Case(G, "swish_quotient", "x=-800", "float64", "unstable", _slope("x", -800, _silu_slope),
         "return x / (1.0 + gnp.exp(-x))"),
    # Mish
    Case(G, "mish", "x=-800", "float64", "ok", _slope("x", -800, _mish_slope)),
    Case(G, "mish", "x=-30", "float64", "ok", _slope("x", -30, _mish_slope)),
    Case(G, "mish", "x=800", "float64", "ok", _slope("x", 800, _mish_slope)),
    Case(G, "mish_naive", "x=-40", "float64", "unstable", _slope("x", -40, _mish_slope),
         "return x * gnp.tanh(gnp.log(1.0 + gnp.exp(x)))"),
    Case(G, "mish_naive", "x=800", "float64", "unstable", _slope("x", 800, _mish_slope),
         "return x * gnp.tanh(gnp.log(1.0 + gnp.exp(x)))"),
    # softplus: PyTorch's threshold, JAX's logaddexp, TensorFlow's max + log1p(exp(-|x|))
    Case(G, "softplus_threshold", "x=30", "float64", "ok", _slope("x", 30, lambda x: mpf(1))),
    Case(G, "softplus_threshold", "x=-800", "float64", "ok", _slope("x", -800, _sig)),
    # the idle log1p(exp(800)) = inf: its slope 0 x inf leaks through the where
    Case(G, "softplus_threshold", "x=800", "float64", "unstable", _slope("x", 800, lambda x: mpf(1)),
         "return gnp.where(x > 20.0, x, gnp.log1p(gnp.exp(x)))"),
    Case(G, "softplus_logaddexp", "x=-800", "float64", "ok", _slope("x", -800, _sig)),
    Case(G, "softplus_logaddexp", "x=1e+300", "float64", "ok", _slope("x", 1e300, _sig)),
    # sigma(-740) = 4.2e-322, a subnormal: exp's correctly rounded subnormal is the exact slope rounded
    Case(G, "softplus_logaddexp", "x=-740", "float64", "ok", _slope("x", -740, _sig)),
    Case(G, "softplus_relu", "x=5e-324", "float64", "ok", _slope("x", 5e-324, _sig)),
    Case(G, "softplus_relu", "x=-1e-300", "float64", "ok", _slope("x", -1e-300, _sig)),
    Case(G, "softplus_relu", "x=-800", "float64", "ok", _slope("x", -800, _sig)),
    # log-sigmoid
    Case(G, "log_sigmoid_softplus", "x=800", "float64", "ok", _slope("x", 800, _log_sigmoid_slope)),
    Case(G, "log_sigmoid_softplus", "x=-1e+300", "float64", "ok", _slope("x", -1e300, _log_sigmoid_slope)),
    Case(G, "log_sigmoid_naive", "x=-800", "float64", "unstable", _slope("x", -800, _log_sigmoid_slope),
         "return gnp.log(gnp.sigmoid(x))"),
    Case(G, "log_expit", "x=-800", "float64", "ok", _slope("x", -800, _log_sigmoid_slope)),
    Case(G, "log_expit", "x=800", "float64", "ok", _slope("x", 800, _log_sigmoid_slope)),
    # log_ndtr: the Mills ratio phi / Phi
    Case(G, "log_ndtr", "x=-40", "float64", "ok", _slope("x", -40, _log_ndtr_slope)),
    Case(G, "log_ndtr", "x=-1e+100", "float64", "ok", _slope("x", -1e100, _log_ndtr_slope)),
    Case(G, "log_ndtr", "x=40", "float64", "ok", _slope("x", 40, _log_ndtr_slope)),
    Case(G, "log_ndtr_naive", "x=-40", "float64", "unstable", _slope("x", -40, _log_ndtr_slope),
         "return gnp.log(sps.ndtr(x))"),
    # TFP's log1mexp: at 1e-300 the idle log1p(-exp(-x)) is log1p(-1), its slope 0/0 leaks through the one where
    Case(G, "log1mexp_tfp", "x=1e-300", "float64", "unstable", _slope("x", 1e-300, _log1mexp_slope),
         "return gnp.where(x < math.log(2), gnp.log(-gnp.expm1(-x)), gnp.log1p(-gnp.exp(-x)))"),
    Case(G, "log1mexp_tfp", "x=800", "float64", "ok", _slope("x", 800, _log1mexp_slope)),
    Case(G, "log1mexp_tfp", "x=0.1", "float64", "ok", _slope("x", 0.1, _log1mexp_slope)),
    Case(G, "log1mexp_safe", "x=1e-300", "float64", "ok", _slope("x", 1e-300, _log1mexp_slope)),
    Case(G, "log1mexp_safe", "x=-1e-300", "float64", "ok", _slope("x", -1e-300, _log1mexp_slope)),
    # the slope 2e323 is beyond float64
    Case(G, "log1mexp_safe", "x=5e-324", "float64", "domain", _slope("x", 5e-324, _log1mexp_slope)),
    Case(G, "softplus_inverse", "x=1e-300", "float64", "ok", _slope("x", 1e-300, _softplus_inverse_slope)),
    Case(G, "softplus_inverse", "x=800", "float64", "ok", _slope("x", 800, _softplus_inverse_slope)),
    # logaddexp, logsumexp, softmax
    Case(G, "logaddexp3", _at(a=-800, b=-800, c=-800), "float64", "ok", _closed(_lse3_slopes, a=-800, b=-800, c=-800)),
    Case(G, "logaddexp3", _at(a=800, b=0, c=-800), "float64", "ok", _closed(_lse3_slopes, a=800, b=0, c=-800)),
    Case(G, "logaddexp3", _at(a=-800, b=-799.5, c=-801), "float64", "ok",
         _closed(_lse3_slopes, a=-800, b=-799.5, c=-801)),
    Case(G, "masked_logsumexp", _at(z=M800), "float64", "ok", _closed(_masked_lse_slopes, z=M800)),
    Case(G, "masked_logsumexp", _at(z=[800, -800, 800, 0]), "float64", "ok",
         _closed(_masked_lse_slopes, z=[800, -800, 800, 0])),
    Case(G, "logsumexp_rows", _at(z=LSE_ROWS), "float64", "ok", _closed(_lse_rows_slopes, z=LSE_ROWS)),
    Case(G, "logsumexp_cols", _at(z=LSE_COLS), "float64", "ok", _closed(_lse_cols_slopes, z=LSE_COLS)),
    Case(G, "naive_logsumexp", _at(z=[-800, -800, -800]), "float64", "unstable",
         _closed(lambda z: {"z": _softmax(z)}, z=[-800, -800, -800]), "return gnp.log(gnp.sum(gnp.exp(z)))"),
    Case(G, "smoothed_cross_entropy", _at(z=[-800, -800, -800]), "float64", "ok",
         _closed(_smoothed_ce_slopes, z=[-800, -800, -800])),
    Case(G, "smoothed_cross_entropy", _at(z=[800, -800, 0]), "float64", "ok",
         _closed(_smoothed_ce_slopes, z=[800, -800, 0])),
    Case(G, "log_softmax_pick", _at(z=[-800, -801, -799]), "float64", "ok",
         _closed(_log_softmax_pick_slopes, z=[-800, -801, -799])),
    Case(G, "log_softmax_pick", _at(z=[800, -800, 0]), "float64", "ok",
         _closed(_log_softmax_pick_slopes, z=[800, -800, 0])),
    Case(G, "softmax_pick", _at(z=[-800, -800, 800]), "float64", "ok",
         _closed(_softmax_pick_slopes, z=[-800, -800, 800])),
    Case(G, "softmax_naive_pick", _at(z=[-800, -800, -800]), "float64", "unstable",
         _closed(_softmax_pick_slopes, z=[-800, -800, -800]), "def softmax_naive_pick>>return e[0] / gnp.sum(e)"),
    Case(G, "softmax_shifted_pick", _at(z=[-800, -800, -800]), "float64", "ok",
         _closed(_softmax_pick_slopes, z=[-800, -800, -800])),
    # xlogy and kin
    Case(G, "binary_entropy_xlog1py", "p=1e-300", "float64", "ok", _slope("p", 1e-300, _binary_entropy_slope)),
    Case(G, "binary_entropy_xlog1py", "p=5e-324", "float64", "ok", _slope("p", 5e-324, _binary_entropy_slope)),
    Case(G, "binary_entropy_xlog1py", "p=0", "float64", "domain", hp(lambda: {"p": mpmath.inf})),
    Case(G, "entropy_entr", _at(p=[1e-300, 0.25, 5e-324]), "float64", "ok",
         _slopes("p", [1e-300, 0.25, 5e-324], _entr_slope)),
    Case(G, "rel_entr_sum", _at(p=[1e-300, 0.5], q=[0.5, 5e-324]), "float64", "domain",
         _closed(_rel_entr_slopes, p=[1e-300, 0.5], q=[0.5, 5e-324])),
    Case(G, "rel_entr_sum", _at(p=[1e-300, 0.5], q=[0.5, 1e-300]), "float64", "ok",
         _closed(_rel_entr_slopes, p=[1e-300, 0.5], q=[0.5, 1e-300])),
    Case(G, "rel_entr_sum", _at(p=[0, 0.5], q=[0.5, 0.5]), "float64", "domain",
         _closed(_rel_entr_slopes, p=[0, 0.5], q=[0.5, 0.5])),
    Case(G, "kl_div_sum", _at(p=[5e-324], q=[1e-300]), "float64", "ok", _closed(_kl_div_slopes, p=[5e-324], q=[1e-300])),
    # SciPy's kl_div forms p / q = 1e-600, which underflows: log 0 = -inf
    Case(G, "kl_div_sum", _at(p=[1e-300], q=[1e300]), "float64", "unstable",
         _closed(_kl_div_slopes, p=[1e-300], q=[1e300]), "return gnp.sum(sps.kl_div(p, q))"),
    Case(G, "xlogy_weights", _at(w=[0, 0.5], y=[5e-324, 1e-300]), "float64", "ok",
         _closed(_xlogy_slopes, w=[0, 0.5], y=[5e-324, 1e-300])),
    # norms
    Case(G, "cosine_similarity", _at(x=COS_BIG), "float64", "unstable", _closed(_cosine_slopes, x=COS_BIG),
         "return gnp.dot(x, Y3) / (gnp.sqrt(gnp.dot(x, x)) * gnp.sqrt(gnp.dot(Y3, Y3)))"),
    Case(G, "cosine_similarity", _at(x=COS_TINY), "float64", "unstable", _closed(_cosine_slopes, x=COS_TINY),
         "return gnp.dot(x, Y3) / (gnp.sqrt(gnp.dot(x, x)) * gnp.sqrt(gnp.dot(Y3, Y3)))"),
    Case(G, "cosine_similarity_scaled", _at(x=COS_BIG), "float64", "ok", _closed(_cosine_slopes, x=COS_BIG)),
    Case(G, "cosine_similarity_scaled", _at(x=COS_TINY), "float64", "ok", _closed(_cosine_slopes, x=COS_TINY)),
    Case(G, "normalized_projection", _at(x=COS_BIG), "float64", "unstable", _closed(_projection_slopes, x=COS_BIG),
         "return gnp.dot(Y3, x / gnp.linalg.norm(x))"),
    Case(G, "normalized_projection", _at(x=[3, 0, 4]), "float64", "ok", _closed(_projection_slopes, x=[3, 0, 4])),
    Case(G, "hypot_xy", _at(x=1e200, y=1e200), "float64", "ok", _closed(_hypot_slopes, x=1e200, y=1e200)),
    Case(G, "hypot_xy", _at(x=5e-324, y=0), "float64", "ok", _closed(_hypot_slopes, x=5e-324, y=0)),
    Case(G, "hypot_xy", _at(x=-1e-200, y=3e-200), "float64", "ok", _closed(_hypot_slopes, x=-1e-200, y=3e-200)),
    Case(G, "hypot_naive", _at(x=5e-324, y=0), "float64", "unstable", _closed(_hypot_slopes, x=5e-324, y=0),
         "return gnp.sqrt(x * x + y * y)"),
    Case(G, "hypot_naive", _at(x=1e200, y=1e200), "float64", "unstable", _closed(_hypot_slopes, x=1e200, y=1e200),
         "return gnp.sqrt(x * x + y * y)"),
    # where, clip, max, abs at tiny points
    Case(G, "xlogx_guarded", "x=1e-300", "float64", "domain", _slope("x", 1e-300, _xlogx_guarded_slope)),
    Case(G, "xlogx_guarded", "x=2e-300", "float64", "ok", _slope("x", 2e-300, _xlogx_guarded_slope)),
    Case(G, "xlogx_guarded", "x=5e-324", "float64", "ok", _slope("x", 5e-324, _xlogx_guarded_slope)),
    Case(G, "sinc_guarded", "x=1e-300", "float64", "unstable", _slope("x", 1e-300, _sinc_slope),
         "return gnp.where(x == 0, 1.0, gnp.sin(x) / gnp.where(x == 0, 1.0, x))"),
    Case(G, "sinc_guarded", "x=1", "float64", "ok", _slope("x", 1, _sinc_slope)),
    Case(G, "log_clipped", "p=1e-300", "float64", "ok", _slope("p", 1e-300, _log_clipped_slope)),
    Case(G, "log_clipped", "p=1e-07", "float64", "domain", _slope("p", 1e-7, _log_clipped_slope)),
    Case(G, "log_clipped", "p=2e-07", "float64", "ok", _slope("p", 2e-7, _log_clipped_slope)),
    Case(G, "leaky_relu", "x=-5e-324", "float64", "ok", _slope("x", -5e-324, _leaky_slope)),
    Case(G, "relu_sum", _at(x=[5e-324, -5e-324, 1e-300]), "float64", "ok",
         _slopes("x", [5e-324, -5e-324, 1e-300], _relu_slope)),
    Case(G, "l1_plus_square", _at(x=[5e-324, -1e-300]), "float64", "ok",
         _slopes("x", [5e-324, -1e-300], _l1_square_slope)),
    Case(G, "matern32", "r=0", "float64", "ok", _slope("r", 0, _matern32_slope)),
    # the product rule's e^-a - (1 + a) e^-a is 1 - 1 for a slope of 1e-300
    Case(G, "matern32", "r=-1e-300", "float64", "unstable", _slope("r", -1e-300, _matern32_slope),
         "def matern32>>a = gnp.abs(r)"),
    Case(G, "matern32", "r=2", "float64", "ok", _slope("r", 2, _matern32_slope)),
    Case(G, "logistic_density", "x=-1e-300", "float64", "unstable", _slope("x", -1e-300, _logistic_density_slope),
         "def logistic_density>>e = gnp.exp(-gnp.abs(x))"),
    # the slope -6.2e-325 is float64's 0
    Case(G, "logistic_density", "x=5e-324", "float64", "ok", _slope("x", 5e-324, _logistic_density_slope)),
    Case(G, "logistic_density", "x=0", "float64", "ok", _slope("x", 0, _logistic_density_slope)),
    Case(G, "logistic_density", "x=3", "float64", "ok", _slope("x", 3, _logistic_density_slope)),
]

NP = [
    Case(N, "gelu_tanh", "x=-33", "float64", "ok", _slope("x", -33, GT)),
    Case(N, "gelu_tanh", "x=-15", "float64", "unstable", _slope("x", -15, GT),
         "return 0.5 * x * (1 + np.tanh(C * (x + 0.044715 * x ** 3)))"),
    Case(N, "gelu_erf", "x=-37", "float64", "unstable", _slope("x", -37, _gelu_erf_np),
         "return 0.5 * x * (1 + special.erf(x / np.sqrt(2)))"),
    Case(N, "gelu_erfc", "x=-37", "float64", "ok", _slope("x", -37, _gelu_erf_np)),
    Case(N, "silu", "x=-800", "float64", "ok", _slope("x", -800, _silu_slope)),
    Case(N, "softplus", "x=-800", "float64", "ok", _slope("x", -800, _sig)),
    Case(N, "log_sigmoid", "x=-1e+300", "float64", "ok", _slope("x", -1e300, _log_sigmoid_slope)),
    Case(N, "log_ndtr", "x=-1e+100", "float64", "ok", _slope("x", -1e100, _log_ndtr_slope)),
    Case(N, "logsumexp_rows", _at(z=LSE_ROWS), "float64", "ok", _closed(_lse_rows_slopes, z=LSE_ROWS)),
    Case(N, "log_softmax_pick", _at(z=[800, -800, 0]), "float64", "ok",
         _closed(_log_softmax_pick_slopes, z=[800, -800, 0])),
    Case(N, "smoothed_cross_entropy", _at(z=[-800, -800, -800]), "float64", "ok",
         _closed(_smoothed_ce_slopes, z=[-800, -800, -800])),
    Case(N, "binary_entropy", "p=5e-324", "float64", "ok", _slope("p", 5e-324, _binary_entropy_slope)),
    Case(N, "rel_entr_sum", _at(p=[1e-300, 0.5], q=[0.5, 1e-300]), "float64", "ok",
         _closed(_rel_entr_slopes, p=[1e-300, 0.5], q=[0.5, 1e-300])),
    Case(N, "kl_div_sum", _at(p=[1e-300], q=[1e300]), "float64", "unstable",
         _closed(_kl_div_slopes, p=[1e-300], q=[1e300]), "return np.sum(special.kl_div(p, q))"),
    Case(N, "cosine_similarity", _at(x=COS_TINY, y=[1, 2, 3]), "float64", "unstable",
         _closed(_cosine_slopes, x=COS_TINY, y=[1, 2, 3]),
         "return np.dot(x, y) / (np.linalg.norm(x) * np.linalg.norm(y))"),
    Case(N, "hypot_xy", _at(x=1e-200, y=1e-200), "float64", "ok", _closed(_hypot_slopes, x=1e-200, y=1e-200)),
    Case(N, "log_clipped", "p=1e-300", "float64", "ok", _slope("p", 1e-300, _log_clipped_slope)),
]

FLOAT32 = [
    Case(G, "gelu_tanh", "x=-8", "float32", "unstable", _slope("x", -8, _gelu_tanh32, "float32"),
         "return 0.5 * x * (1.0 + gnp.tanh(SQRT_2_OVER_PI * (x + 0.044715 * x ** 3)))"),
    Case(G, "gelu_tanh", "x=-32", "float32", "ok", _slope("x", -32, _gelu_tanh32, "float32")),
    Case(G, "gelu_erfc", "x=-10", "float32", "ok", _slope("x", -10, _gelu_erf_gn32, "float32")),
    Case(G, "gelu_erf", "x=-10", "float32", "unstable", _slope("x", -10, _gelu_erf_gn32, "float32"),
         "return 0.5 * x * (1.0 + sps.erf(x * SQRT_HALF))"),
    Case(G, "silu", "x=-200", "float32", "ok", _slope("x", -200, _silu_slope, "float32")),
]

GELU_TANH = "0.5*x*(1 + tanh(0.7978845608028654*(x + 0.044715*x^3)))"
LOGISTIC = "exp(-abs(x))/(1 + exp(-abs(x)))^2"


def _gelu_tanh_formula(x):
    c, a = _f(0.7978845608028654), _f(0.044715)
    u = c * (x + a * x ** 3)
    return 1 / (1 + mpmath.exp(-2 * u)) + x / 2 * 4 / (mpmath.exp(u) + mpmath.exp(-u)) ** 2 * c * (1 + 3 * a * x * x)


FORMULAS = [
    Case(F, GELU_TANH, "x=-35", "float64", "ok", _slope("x", -35, _gelu_tanh_formula)),
    Case(F, GELU_TANH, "x=-15", "float64", "unstable", _slope("x", -15, _gelu_tanh_formula)),
    # F1's smallest form: x (1 + tanh x), 1 + tanh x = 3e-70 at -80 and 10^-347 at -400
    Case(F, "x*(1 + tanh(x))", "x=-80", "float64", "unstable", _slope("x", -80, _x_one_plus_tanh_slope)),
    Case(F, "x*(1 + tanh(x))", "x=-400", "float64", "ok", _slope("x", -400, _x_one_plus_tanh_slope)),
    Case(F, "x*(1 + tanh(x))", "x=-50", "float64", "unstable", _slope("x", -50, _x_one_plus_tanh_slope)),
    Case(F, "x/(1 + exp(-x))", "x=-800", "float64", "unstable", _slope("x", -800, _silu_slope)),
    Case(F, "log(1 + exp(x))", "x=-800", "float64", "ok", _slope("x", -800, _sig)),
    Case(F, LOGISTIC, "x=-1e-300", "float64", "unstable", _slope("x", -1e-300, _logistic_density_slope)),
    Case(F, LOGISTIC, "x=5e-324", "float64", "ok", _slope("x", 5e-324, _logistic_density_slope)),
    Case(F, "(1 + abs(x))*exp(-abs(x))", "x=0", "float64", "ok", _slope("x", 0, _matern32_slope)),
    Case(F, "sqrt(abs(a^2 - b^2))/a", "a=5e-324,b=0", "float64", "unstable", _closed(_sqrt_ratio_slopes, a=5e-324, b=0)),
    Case(F, "log(a^2 + b^2)", "a=1e-200,b=1e-200", "float64", "unstable",
         _closed(_log_sumsq_slopes, a=1e-200, b=1e-200)),
    Case(F, "sqrt(x^2 + y^2)", "x=1e200,y=1e200", "float64", "unstable", _closed(_hypot_slopes, x=1e200, y=1e200)),
    Case(F, "log(1 - exp(-x))", "x=800", "float64", "ok", _slope("x", 800, _log1mexp_slope)),
]

ALL = GN + NP + FLOAT32 + FORMULAS
