"""The twenty-third trial set (second half): in JAX, max-pooling by lax.reduce_window, smoothing by
jax.scipy.signal.convolve, a cross-entropy on lax.logistic, logarithms through jnp.frexp, jnp.ldexp, lax.clamp and
lax.select, running log-sum-exp by lax.cumlogsumexp and by a cumsum of exp, ndtri and erfinv, Newton's square root in
lax.while_loop, cube roots under a custom_jvp (right and missing its factor 3), a softplus under a custom_vjp whose
backward takes the wrong sigmoid, the Poincare-ball distance, the nuclear norm, jnp.quantile, a survival curve by
jnp.cumprod, a drawdown by lax.cummax and a NaN-masked mean; in plain NumPy, np.gradient, np.correlate, np.polyfit,
np.vander with np.linalg.solve, np.corrcoef, np.average, np.ptp, np.heaviside, np.fmod, np.unwrap, the spherical law
of cosines, entropy in bits, log-sum-exp in base 2, asinh written out, np.triu, np.tensordot, np.maximum.accumulate,
np.nanmax and np.nansum over data with gaps, np.float_power, the spectral and nuclear norms and a harmonic mean.

Truths are the mathematics written here in mpmath (closed forms, or mpmath.diff at 2,000 digits through
`num_grad`), never the user files' code; points are the numbers the dtype holds, constants the float64 numbers the
program writes. A coordinate with no derivative is written NaN by hand.
"""

import math
from fractions import Fraction

import mpmath
import numpy as np

from cases import Case, mp
from cases2 import NAN
from cases5 import _in, hp
from cases12a import _f, num_grad
from cases22b import _at, _each, _sig

J, N = "jax_lib23b.py", "numpy_lib23b.py"
PI = _f(math.pi)


def _fixed(name, values):
    """A gradient known entry by entry (None: no derivative there)."""
    return hp(lambda: {name: [NAN if v is None else mp(v) for v in values]})


def _softmax(xs):
    top = max(xs)
    e = [mpmath.exp(v - top) for v in xs]
    return [v / sum(e) for v in e]


# --- the mathematics of the JAX file ----------------------------------------------------------------------------------


def _binomial_smoothing_energy(x):
    """sum over i of (sum_j k_(i - j + 1) x_j)^2: the kernel [1/4, 1/2, 1/4] centred, zero outside the signal."""
    kernel = [mp(1) / 4, mp(1) / 2, mp(1) / 4]
    n = len(x)
    total = mp(0)
    for i in range(n):
        s = sum(kernel[i - j + 1] * x[j] for j in range(n) if 0 <= i - j + 1 < 3)
        total += s * s
    return total


def _bce_slopes(x, dtype="float64"):
    """d/dx_i of -mean(y log p + (1 - y) log(1 - p)) = (sigmoid(x_i) - y_i) / 2."""
    def truth():
        return {"x": [(_sig(v) - y) / 2 for v, y in zip(_in(dtype, x), [1, 0])]}
    return hp(truth)


def _prefix_lse_slopes(x, dtype="float64"):
    """d/dx_j sum_i log sum_(k <= i) e^x_k = sum over i >= j of the softmax of x_0..x_i at j."""
    def truth():
        xs = _in(dtype, x)
        out = [mp(0)] * len(xs)
        for i in range(len(xs)):
            for j, w in enumerate(_softmax(xs[:i + 1])):
                out[j] += w
        return {"x": out}
    return hp(truth)


def _probit_slope(p):
    """d ndtri(p) / dp = 1 / phi(ndtri(p)), ndtri(p) = sqrt 2 erfinv(2p - 1)."""
    z = mpmath.sqrt(2) * mpmath.erfinv(2 * p - 1)
    return 1 / mpmath.npdf(z)


def _erfinv_slope(x):
    return mpmath.sqrt(mpmath.pi) / 2 * mpmath.exp(mpmath.erfinv(x) ** 2)


def _poincare(u, dtype="float64"):
    """The program's fixed point as the dtype holds it."""
    v = _in(dtype, [-0.3, 0.1])
    diff = sum((a - b) ** 2 for a, b in zip(u, v))
    denom = (1 - sum(a * a for a in u)) * (1 - sum(b * b for b in v))
    return mpmath.acosh(1 + 2 * diff / denom)


def _nuclear_2x2(a):
    """s1 + s2 = sqrt(|A|_F^2 + 2 |det A|) for a 2 x 2 matrix."""
    fro = sum(v * v for row in a for v in row)
    return mpmath.sqrt(fro + 2 * abs(a[0][0] * a[1][1] - a[0][1] * a[1][0]))


def _spectral_2x2(a):
    """s1 = sqrt((F + sqrt(F^2 - 4 det^2)) / 2), F = |A|_F^2."""
    fro = sum(v * v for row in a for v in row)
    det = a[0][0] * a[1][1] - a[0][1] * a[1][0]
    return mpmath.sqrt((fro + mpmath.sqrt(fro * fro - 4 * det * det)) / 2)


def _quantile_weights():
    """jnp.quantile(x, 0.3) of five values: the second smallest times (1 - f) plus the third times f, f = 4 (0.3) - 1."""
    frac = 4 * _f(0.3) - 1
    return 1 - frac, frac


def _inverse_transpose(a):
    """d log |det A| / dA = A^-T."""
    def truth():
        g = mpmath.inverse(mpmath.matrix([[_f(v) for v in row] for row in a])).T
        return {"a": [[g[i, j] for j in range(2)] for i in range(2)]}
    return hp(truth)


def _lu_slopes():
    """d 1'A^-1 b / db = A^-T 1, by Cramer's rule on exact rationals (a solve at 2,000 digits leaves 1e-2005 where
    the slope is exactly 0)."""
    def det3(m):
        return (m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]))

    def truth():
        half = Fraction(1, 2)
        at = [[4, 1, half], [1, 3, -1], [half, -1, 2]]  # A's transpose (A is symmetric)
        columns = [[[1 if j == i else at[r][j] for j in range(3)] for r in range(3)] for i in range(3)]
        g = [det3(c) / det3(at) for c in columns]
        return {"b": [mp(x.numerator) / x.denominator for x in g]}
    return hp(truth)


def _roughness(x):
    n = len(x)
    g = [x[1] - x[0]] + [(x[i + 1] - x[i - 1]) / 2 for i in range(1, n - 1)] + [x[n - 1] - x[n - 2]]
    return sum(v * v for v in g)


def _pearson(x):
    y = [mp(1), mp(3), mp(2), mp(5)]
    mx, my = sum(x) / 4, sum(y) / 4
    sxy = sum((a - mx) * (b - my) for a, b in zip(x, y))
    sxx = sum((a - mx) ** 2 for a in x)
    syy = sum((b - my) ** 2 for b in y)
    return sxy / mpmath.sqrt(sxx * syy)


def _unwrapped_slopes():
    """np.unwrap adds a locally constant multiple of 2 pi (the float): [0, 3, 6.5 - 2 pi, -1]; slope 2 u."""
    return hp(lambda: {"phase": [mp(0), mp(6), 2 * (mp("6.5") - 2 * PI), mp(-2)]})


def _inverse_energy(a):
    """sum of the squares of A^-1's entries (pinv of an invertible matrix is its inverse)."""
    inverse = mpmath.inverse(mpmath.matrix(a))
    return sum(inverse[i, j] ** 2 for i in range(2) for j in range(2))


JAX = [
    Case(J, "max_pool_score", "x=[1,3,2,0,5,4]", "float64", "ok", _fixed("x", [0, 1, 2, 0, -1, 0])),
    Case(J, "max_pool_score", "x=[1,3,2,0,5,4]", "float32", "ok", _fixed("x", [0, 1, 2, 0, -1, 0])),
    # the second window's two entries tie: either is the max
    Case(J, "max_pool_score", "x=[1,3,2,2,5,4]", "float64", "domain", _fixed("x", [0, 1, None, None, -1, 0])),
    Case(J, "smoothness_energy", "x=[1,-2,0.5,3,1]", "float64", "ok",
         num_grad(lambda x: _binomial_smoothing_energy(x), x=[1, -2, 0.5, 3, 1])),
    Case(J, "smoothness_energy", "x=[1,-2,0.5,3,1]", "float32", "ok",
         num_grad(lambda x: _binomial_smoothing_energy(x), dtype="float32", x=[1, -2, 0.5, 3, 1])),
    Case(J, "bce_logistic_naive", "x=[2,-1]", "float64", "ok", _bce_slopes([2, -1])),
    # logistic(-800) underflows to 0 and logistic(800) rounds to 1: log 0 twice
    Case(J, "bce_logistic_naive", "x=[-800,800]", "float64", "unstable", _bce_slopes([-800, 800]),
         "return -jnp.mean(y * jnp.log(p)"),
    # float32: logistic(100) rounds to 1, log(1 - p) is log 0
    Case(J, "bce_logistic_naive", "x=[-100,100]", "float32", "unstable", _bce_slopes([-100, 100], "float32")),
    Case(J, "log_by_frexp", "x=[3,1e300,1e-300]", "float64", "ok", _each("x", lambda v: 1 / v, [3, 1e300, 1e-300])),
    Case(J, "log_by_frexp", "x=[3,0.1]", "float32", "ok", _each("x", lambda v: 1 / v, [3, 0.1], "float32")),
    Case(J, "quarter_tanh", "x=[0.5,-2]", "float64", "ok",
         _each("x", lambda v: (1 - mpmath.tanh(v) ** 2) / 4, [0.5, -2])),
    Case(J, "quarter_tanh", "x=[0.5,-2]", "float32", "ok",
         _each("x", lambda v: (1 - mpmath.tanh(v) ** 2) / 4, [0.5, -2], "float32")),
    Case(J, "clamped_energy", "x=[0.5,2,-1]", "float64", "ok", _fixed("x", [1, 0, 0])),
    # at the top edge the slope jumps from 2 to 0
    Case(J, "clamped_energy", "x=[1,0.5]", "float64", "domain", _fixed("x", [None, 1])),
    # at the bottom edge both sides' slopes are 0 (2x at 0, and the constant): differentiable
    Case(J, "clamped_energy", "x=[0,0.5]", "float64", "ok", _fixed("x", [0, 1])),
    Case(J, "leaky_by_select", "x=[2,-3]", "float64", "ok", hp(lambda: {"x": [mp(1), _f(0.01)]})),
    Case(J, "leaky_by_select", "x=[0,-3]", "float64", "domain", hp(lambda: {"x": [NAN, _f(0.01)]})),
    Case(J, "prefix_lse_total", "x=[1,2,3]", "float64", "ok", _prefix_lse_slopes([1, 2, 3])),
    Case(J, "prefix_lse_total", "x=[800,-800,801]", "float64", "ok", _prefix_lse_slopes([800, -800, 801])),
    Case(J, "prefix_lse_total", "x=[80,-80,81]", "float32", "ok", _prefix_lse_slopes([80, -80, 81], "float32")),
    Case(J, "prefix_lse_naive", "x=[1,2,3]", "float64", "ok", _prefix_lse_slopes([1, 2, 3])),
    # e^800 overflows
    Case(J, "prefix_lse_naive", "x=[800,801]", "float64", "unstable", _prefix_lse_slopes([800, 801]),
         "jnp.log(jnp.cumsum(jnp.exp(x)))", fix="cumlogsumexp|logaddexp|logsumexp"),
    Case(J, "survival_log_naive", "h=[1,2]", "float64", "ok", _each("h", lambda v: -_sig(v), [1, 2])),
    # sigmoid(-800) underflows: log 0 where the log-survival is -800
    Case(J, "survival_log_naive", "h=[800,1]", "float64", "unstable", _each("h", lambda v: -_sig(v), [800, 1])),
    Case(J, "max_drawdown", "x=[1,3,2,4,1.5]", "float64", "ok", _fixed("x", [0, 0, 0, 1, -1])),
    # the running peak at the last step is either of the tied 3s
    Case(J, "max_drawdown", "x=[1,3,2,3,1]", "float64", "domain", _fixed("x", [0, None, 0, None, -1])),
    # the missing target's entry is 0 in the function, but JAX's where leaks (pred - nan)'s NaN into its gradient
    Case(J, "masked_mse", "pred=[1,2,3,4]", "float64", "wrong",
         hp(lambda: {"pred": [mp(0), mp(0), mp(7) / 3, mp(4) / 3]})),
    Case(J, "quantile_30", "x=[3,1,4,2,5]", "float64", "ok",
         hp(lambda: {"x": [_quantile_weights()[1], mp(0), mp(0), _quantile_weights()[0], mp(0)]})),
    # the third smallest is either tied 3
    Case(J, "quantile_30", "x=[3,1,3,2,5]", "float64", "domain",
         hp(lambda: {"x": [NAN, mp(0), NAN, _quantile_weights()[0], mp(0)]})),
    Case(J, "probit_sum", "p=[0.3,0.975]", "float64", "ok", _each("p", _probit_slope, [0.3, 0.975])),
    Case(J, "probit_sum", "p=[1e-300]", "float64", "ok", _each("p", _probit_slope, [1e-300])),
    Case(J, "erfinv_sum", "x=[0.5,-0.9]", "float64", "ok", _each("x", _erfinv_slope, [0.5, -0.9])),
    Case(J, "erfinv_sum", "x=[0.5,-0.9]", "float32", "ok", _each("x", _erfinv_slope, [0.5, -0.9], "float32")),
    # JAX has no reverse-mode derivative of a while_loop: an input error naming the loop, not a verdict
    Case(J, "newton_sqrt", "a=2", "float64", "input-error", message=("while_loop",)),
    Case(J, "cube_root_energy", "a=[2,27,0.001]", "float64", "ok",
         _each("a", lambda v: 2 / (3 * mpmath.cbrt(v)), [2, 27, 0.001])),
    Case(J, "cube_root_energy", "a=[2,27]", "float32", "ok",
         _each("a", lambda v: 2 / (3 * mpmath.cbrt(v)), [2, 27], "float32")),
    # the rule leaves out the 3 of d cbrt(a) = da / (3 y^2)
    Case(J, "cube_root_fast_energy", "a=[2]", "float64", "wrong", _each("a", lambda v: 2 / (3 * mpmath.cbrt(v)), [2]),
         "def _cube_root_fast_jvp"),
    # the backward takes sigmoid(-x) for sigmoid(x)
    Case(J, "softplus_custom_sum", "x=[0.5,2]", "float64", "wrong", _each("x", _sig, [0.5, 2]),
         "def _softplus_bwd"),
    # ... which agree at 0
    Case(J, "softplus_custom_sum", "x=[0]", "float64", "ok", _each("x", _sig, [0])),
    Case(J, "poincare_distance", "u=[0.1,0.2]", "float64", "ok", num_grad(_poincare, u=[0.1, 0.2])),
    Case(J, "poincare_distance", "u=[0.1,0.2]", "float32", "ok", num_grad(lambda u: _poincare(u, "float32"), dtype="float32", u=[0.1, 0.2])),
    # at the fixed point the distance is a cone
    Case(J, "poincare_distance", "u=[-0.3,0.1]", "float64", "domain", _fixed("u", [None, None])),
    # 1e-9 away: 1 + 2.2e-18 rounds to 1, arccosh's slope there is infinite; the distance's slope is near (-1.1, 0)
    Case(J, "poincare_distance", "u=[-0.299999999,0.1]", "float64", "unstable",
         num_grad(_poincare, u=[-0.299999999, 0.1]), "return jnp.arccosh(1 + 2 * diff / denom)"),
    Case(J, "nuclear_norm", "a=[[1,2],[0.5,-1]]", "float64", "ok", num_grad(_nuclear_2x2, a=[[1, 2], [0.5, -1]])),
    Case(J, "nuclear_norm", "a=[[1,2],[0.5,-1]]", "float32", "ok",
         num_grad(_nuclear_2x2, dtype="float32", a=[[1, 2], [0.5, -1]])),
    # a rotation: both singular values 1, the gradient U V' is the matrix itself
    Case(J, "nuclear_norm", "a=[[0,1],[-1,0]]", "float64", "ok", hp(lambda: {"a": [[mp(0), mp(1)], [mp(-1), mp(0)]]})),
    # rank one: |det| has a kink in every entry
    Case(J, "nuclear_norm", "a=[[1,2],[2,4]]", "float64", "domain", hp(lambda: {"a": [[NAN, NAN], [NAN, NAN]]})),
    Case(J, "qr_log_abs_det", "a=[[2,1],[0.5,3]]", "float64", "ok", _inverse_transpose([[2, 1], [0.5, 3]])),
    Case(J, "qr_log_abs_det", "a=[[2,1],[0.5,3]]", "float32", "ok", _inverse_transpose([[2, 1], [0.5, 3]])),
    Case(J, "lu_solution_total", "b=[1,2,3]", "float64", "ok", _lu_slopes()),
    Case(J, "sorted_by_key_score", "x=[0.5,-2,1]", "float64", "ok", _fixed("x", [2, -4, 6])),
    # the two 1s tie as keys: raising either puts it last (weight 3), lowering it first of the two (weight 2)
    Case(J, "sorted_by_key_score", "x=[1,1,-2]", "float64", "domain", _fixed("x", [None, None, -4])),
    Case(J, "trapezoid_area", "y=[1,2,0.5,-1]", "float64", "ok", _fixed("y", [0.5, 3, 1.25, -1.5])),
    Case(J, "trapezoid_area", "y=[1,2,0.5,-1]", "float32", "ok", _fixed("y", [0.5, 3, 1.25, -1.5])),
    Case(J, "fractional_energy", "x=[2.5,-0.25]", "float64", "ok", _fixed("x", [1, 1.5])),
    # remainder jumps from 1 to 0 at an integer
    Case(J, "fractional_energy", "x=[3]", "float64", "domain", _fixed("x", [None])),
    Case(J, "gated_square", "x=[0.5,-1]", "float64", "ok", _fixed("x", [1, 0])),
    Case(J, "gated_square", "x=[0]", "float64", "ok", _fixed("x", [0])),
    Case(J, "pearson", "x=[2,1,4,3]", "float64", "ok", num_grad(_pearson, x=[2, 1, 4, 3])),
    Case(J, "pearson", "x=[2,2,2,2]", "float64", "domain", _fixed("x", [None] * 4)),
    Case(J, "roughness", "x=[1,3,2,5,4]", "float64", "ok", num_grad(_roughness, x=[1, 3, 2, 5, 4])),
    Case(J, "roughness", "x=[1,3,2,5,4]", "float32", "ok", num_grad(_roughness, dtype="float32", x=[1, 3, 2, 5, 4])),
    Case(J, "unwrapped_energy", "phase=[0,3,6.5,-1]", "float64", "ok", _unwrapped_slopes()),
    Case(J, "power_two_and_a_half", "x=[4,0]", "float64", "ok", _fixed("x", [20, 0])),
    Case(J, "top_two_total", "x=[3,1,2]", "float64", "ok", _fixed("x", [1, 0, 1])),
    # the second place is a tie: either 2 is taken
    Case(J, "top_two_total", "x=[3,2,2]", "float64", "domain", _fixed("x", [1, None, None])),
    Case(J, "pinv_energy", "a=[[2,1],[0.5,3]]", "float64", "ok", num_grad(_inverse_energy, a=[[2, 1], [0.5, 3]])),
    # a singular matrix: det is a polynomial, its gradient the cofactors
    Case(J, "determinant", "a=[[1,2],[2,4]]", "float64", "ok", hp(lambda: {"a": [[mp(4), mp(-2)], [mp(-2), mp(1)]]})),
    Case(J, "sample_variance", "x=[1,2,4]", "float64", "ok", hp(lambda: {"x": [mp(-4) / 3, mp(-1) / 3, mp(5) / 3]})),
    Case(J, "bilinear_trace", "a=[[1,2],[3,4]]", "float64", "ok",
         hp(lambda: {"a": [[mp(1), mp(-1)], [mp(2), _f(0.5)]]})),
]


# --- the mathematics of the NumPy file --------------------------------------------------------------------------------


def _slope_weights(dtype="float64"):
    """The least-squares slope is linear in y: sum (t_i - mean t) y_i / sum (t_i - mean t)^2."""
    def truth():
        t = [mp(0), mp(1), mp(2), mp(4)]
        m = sum(t) / 4
        sxx = sum((v - m) ** 2 for v in t)
        return {"y": [(v - m) / sxx for v in t]}
    return hp(truth)


def _lagrange_at_half():
    def truth():
        t, s = [mp(-1), mp(0), mp(1), mp(2)], mp(1) / 2
        out = []
        for i in range(4):
            w = mp(1)
            for j in range(4):
                if j != i:
                    w *= (s - t[j]) / (t[i] - t[j])
            out.append(w)
        return {"y": out}
    return hp(truth)


def _weighted_mean_slopes(w, dtype="float64"):
    def truth():
        ws, x = _in(dtype, w), [mp(1), mp(4), mp(-2)]
        total = sum(ws)
        avg = sum(a * b for a, b in zip(ws, x)) / total
        return {"w": [(v - avg) / total for v in x]}
    return hp(truth)


def _great_circle(p):
    """The angle in degrees between (lat, lon) = p and Paris: np.deg2rad and np.rad2deg the exact conversions by pi /
    180 (as np.sin is sin); Paris's degrees are the program's float64 literals, and np.deg2rad converts them exactly
    too (gradcli.numpy's composites on data take the program's constants at the run's precision since 774880e6): at
    Paris itself the exact angle is 0, a cone's kink, no longer the 1e-17 of np.deg2rad's roundings."""
    to_rad, to_deg = mpmath.pi / 180, 180 / mpmath.pi
    lat1, lon1 = p[0] * to_rad, p[1] * to_rad
    lat2, lon2 = (_f(v) * to_rad for v in [48.8566, 2.3522])
    c = mpmath.sin(lat1) * mpmath.sin(lat2) + mpmath.cos(lat1) * mpmath.cos(lat2) * mpmath.cos(lon1 - lon2)
    return mpmath.acos(c) * to_deg


def _harmonic_slopes(x):
    """d/dx_i n / sum(1/x) = n / (S^2 x_i^2)."""
    def truth():
        xs = _in("float64", x)
        s = sum(1 / v for v in xs)
        return {"x": [len(xs) / (s * s * v * v) for v in xs]}
    return hp(truth)


def _log2_softmax(x):
    def truth():
        xs = _in("float64", x)
        e = [mpmath.power(2, v - max(xs)) for v in xs]
        return {"x": [v / sum(e) for v in e]}
    return hp(truth)


def _bilinear_tanh(x):
    w = [[[0.5, -1.0], [2.0, 0.25]], [[1.0, 0.0], [-0.5, 1.5]]]
    return sum(mpmath.tanh(sum(_f(w[i][j][k]) * x[k] for k in range(2))) for i in range(2) for j in range(2))


def _condition_2x2(a):
    """s1 / s2 = s1^2 / |det A|."""
    det = a[0][0] * a[1][1] - a[0][1] * a[1][0]
    return _spectral_2x2(a) ** 2 / abs(det)


NUMPY = [
    Case(N, "roughness", "x=[1,3,2,5,4]", "float64", "ok", num_grad(_roughness, x=[1, 3, 2, 5, 4])),
    Case(N, "roughness", "x=[1,3,2,5,4]", "float32", "ok", num_grad(_roughness, dtype="float32", x=[1, 3, 2, 5, 4])),
    Case(N, "template_peak", "x=[0,1,3,0,2]", "float64", "ok", _fixed("x", [0, 0, 1, -2, 1])),
    # lags 1 and 2 both match at 1
    Case(N, "template_peak", "x=[0,1,0,0,1]", "float64", "domain", _fixed("x", [0, None, None, None, None])),
    Case(N, "fitted_slope", "y=[1,2,2,5]", "float64", "ok", _slope_weights()),
    Case(N, "fitted_slope", "y=[1,2,2,5]", "float32", "ok", _slope_weights()),
    Case(N, "interpolate_at_half", "y=[1,0,2,1]", "float64", "ok", _lagrange_at_half()),
    Case(N, "wrapped_phase_energy", "x=[1,7,-7]", "float64", "ok",
         hp(lambda: {"x": [mp(2), 2 * (7 - 2 * PI), 2 * (-7 + 2 * PI)]})),
    # fmod jumps from 2 pi to 0 at the period itself
    Case(N, "wrapped_phase_energy", _at("x", [2 * math.pi]), "float64", "domain", _fixed("x", [None])),
    Case(N, "unwrapped_energy", "phase=[0,3,6.5,-1]", "float64", "ok", _unwrapped_slopes()),
    Case(N, "pearson", "x=[2,1,4,3]", "float64", "ok", num_grad(_pearson, x=[2, 1, 4, 3])),
    Case(N, "pearson", "x=[2,1,4,3]", "float32", "ok", num_grad(_pearson, dtype="float32", x=[2, 1, 4, 3])),
    Case(N, "pearson", "x=[2,2,2,2]", "float64", "domain", _fixed("x", [None] * 4)),
    # the variances' products underflow at 1e-200 (1e-400): 0 / 0 where the correlation is scale-free
    Case(N, "pearson", "x=[2e-200,1e-200,4e-200,3e-200]", "float64", "unstable",
         num_grad(_pearson, x=[2e-200, 1e-200, 4e-200, 3e-200])),
    Case(N, "weighted_mean", "w=[1,2,3]", "float64", "ok", _weighted_mean_slopes([1, 2, 3])),
    Case(N, "weighted_mean", "w=[0.1,0.2,0.3]", "float32", "ok", _weighted_mean_slopes([0.1, 0.2, 0.3], "float32")),
    Case(N, "value_range", "x=[1,5,3]", "float64", "ok", _fixed("x", [-1, 1, 0])),
    Case(N, "value_range", "x=[1,5,5]", "float64", "domain", _fixed("x", [-1, None, None])),
    Case(N, "gated_square", "x=[0.5,-1]", "float64", "ok", _fixed("x", [1, 0])),
    # the step at 0 multiplies x^2, whose value and slope are 0 there: differentiable, slope 0
    Case(N, "gated_square", "x=[0]", "float64", "ok", _fixed("x", [0])),
    Case(N, "entropy_bits", "p=[0.25,0.75]", "float64", "ok",
         _each("p", lambda v: -(mpmath.log(v, 2) + 1 / mpmath.log(2)), [0.25, 0.75])),
    Case(N, "entropy_bits", "p=[0.1,0.9]", "float32", "ok",
         _each("p", lambda v: -(mpmath.log(v, 2) + 1 / mpmath.log(2)), [0.1, 0.9], "float32")),
    Case(N, "log2_sum_exp2_naive", "x=[1,2]", "float64", "ok", _log2_softmax([1, 2])),
    # 2^1100 overflows
    Case(N, "log2_sum_exp2_naive", "x=[1100,1099]", "float64", "unstable", _log2_softmax([1100, 1099]),
         "np.log2(np.sum(np.exp2(x)))"),
    Case(N, "harmonic_mean", "x=[1,2,4]", "float64", "ok", _harmonic_slopes([1, 2, 4])),
    # 1 / 1e-310 overflows: the mean is 0 where it is 2e-310, its slope in x_0 near 2
    Case(N, "harmonic_mean", "x=[1e-310,1]", "float64", "unstable", _harmonic_slopes([1e-310, 1])),
    # the NaN weight drops the middle feature: the function does not depend on x_1, but the product's rule multiplies
    # the 0 coming back by the NaN (as the where leak does)
    Case(N, "nanmax_score", "x=[1,5,3]", "float64", "wrong", _fixed("x", [0, 0, 2])),
    Case(N, "nansum_energy", "x=[1,2,3]", "float64", "wrong", _fixed("x", [2, 0, 3])),
    Case(N, "max_drawdown", "x=[1,3,2,4,1.5]", "float64", "ok", _fixed("x", [0, 0, 0, 1, -1])),
    Case(N, "max_drawdown", "x=[1,3,2,3,1]", "float64", "domain", _fixed("x", [0, None, 0, None, -1])),
    Case(N, "great_circle_cosines", "p=[40,-74]", "float64", "ok", num_grad(_great_circle, p=[40, -74])),
    # Paris itself: the input's radians and the constant's are the same exact numbers (np.deg2rad exact on both since
    # 774880e6), so the exact distance is 0 on a cone's tip: a kink in both coordinates (+-1, +-cos 48.8566 deg)
    Case(N, "great_circle_cosines", "p=[48.8566,2.3522]", "float64", "domain", hp(lambda: {"p": [NAN, NAN]})),
    # 1e-9 degrees east of Paris: the cosine rounds to 1, arccos's slope there is infinite
    Case(N, "great_circle_cosines", "p=[48.8566,2.352200001]", "float64", "unstable",
         num_grad(_great_circle, p=[48.8566, 2.352200001]), "return np.rad2deg(np.arccos(c))"),
    Case(N, "asinh_naive", "x=[0.5,3]", "float64", "ok", _each("x", lambda v: 1 / mpmath.sqrt(v * v + 1), [0.5, 3])),
    # -1e8 + sqrt(1e16 + 1) = 0: log 0 where asinh is -19.1
    Case(N, "asinh_naive", "x=[-1e8]", "float64", "unstable", _each("x", lambda v: 1 / mpmath.sqrt(v * v + 1), [-1e8]),
         "np.log(x + np.sqrt(x * x + 1))", fix="arcsinh"),
    # x * x overflows
    Case(N, "asinh_naive", "x=[1e300]", "float64", "unstable",
         _each("x", lambda v: 1 / mpmath.sqrt(v * v + 1), [1e300])),
    Case(N, "asinh_sum", "x=[-1e8,1e300,0.5]", "float64", "ok",
         _each("x", lambda v: 1 / mpmath.sqrt(v * v + 1), [-1e8, 1e300, 0.5])),
    Case(N, "asinh_sum", "x=[-1e4,0.5]", "float32", "ok",
         _each("x", lambda v: 1 / mpmath.sqrt(v * v + 1), [-1e4, 0.5], "float32")),
    Case(N, "upper_pairs", "x=[1,2,-1]", "float64", "ok", _fixed("x", [3, 4, 1])),
    Case(N, "bilinear_tanh", "x=[0.3,-0.7]", "float64", "ok", num_grad(_bilinear_tanh, x=[0.3, -0.7])),
    Case(N, "bilinear_tanh", "x=[0.3,-0.7]", "float32", "ok", num_grad(_bilinear_tanh, dtype="float32", x=[0.3, -0.7])),
    Case(N, "power_two_and_a_half", "x=[4,0]", "float64", "ok", _fixed("x", [20, 0])),
    Case(N, "spectral_norm", "a=[[1,2],[0.5,-1]]", "float64", "ok", num_grad(_spectral_2x2, a=[[1, 2], [0.5, -1]])),
    # the identity's two singular values tie
    Case(N, "spectral_norm", "a=[[1,0],[0,1]]", "float64", "domain", hp(lambda: {"a": [[NAN, NAN], [NAN, NAN]]})),
    Case(N, "nuclear_norm", "a=[[1,2],[0.5,-1]]", "float64", "ok", num_grad(_nuclear_2x2, a=[[1, 2], [0.5, -1]])),
    Case(N, "nuclear_norm", "a=[[1,2],[2,4]]", "float64", "domain", hp(lambda: {"a": [[NAN, NAN], [NAN, NAN]]})),
    Case(N, "qr_log_abs_det", "a=[[2,1],[0.5,3]]", "float64", "ok", _inverse_transpose([[2, 1], [0.5, 3]])),
    Case(N, "condition_number", "a=[[2,1],[0.5,3]]", "float64", "ok", num_grad(_condition_2x2, a=[[2, 1], [0.5, 3]])),
    # a rotation: both singular values 1, the condition number at its minimum 1 (a kink in every entry)
    Case(N, "condition_number", "a=[[0,1],[-1,0]]", "float64", "domain", hp(lambda: {"a": [[NAN, NAN], [NAN, NAN]]})),
    Case(N, "tiled_score", "x=[1,2,3]", "float64", "ok", _fixed("x", [7, 7.25, 12])),
    Case(N, "gaussian_bump_mass", "x=[0.5,-1]", "float64", "ok",
         _each("x", lambda v: sum(-2 * v * mpmath.exp(-(v * v + w * w)) for w in [-1, 0, mp("0.5")]), [0.5, -1])),
    Case(N, "grouped_energy", "x=[1,2,3,4,5]", "float64", "ok", _fixed("x", [8, 14, 8, 8, 14])),
    Case(N, "scattered_energy", "x=[1,2,3,4,5]", "float64", "ok", _fixed("x", [8, 14, 8, 8, 14])),
    Case(N, "segment_energy", "x=[1,2,3,4,5]", "float64", "ok", _fixed("x", [6, 6, 6, 18, 18])),
    Case(N, "product_by_reduce", "x=[2,-1,3]", "float64", "ok", _fixed("x", [-3, 6, -2])),
    # through a zero factor: the slope in it is the product of the others
    Case(N, "product_by_reduce", "x=[2,0,3]", "float64", "ok", _fixed("x", [0, 6, 0])),
    Case(N, "fractional_energy", "x=[2.5,-1.25]", "float64", "ok", _fixed("x", [1, -0.5])),
    # modf's fraction jumps from 1 to 0 at an integer
    Case(N, "fractional_energy", "x=[3]", "float64", "domain", _fixed("x", [None])),
    Case(N, "rounding_residual", "x=[0.3,2.8]", "float64", "ok", hp(lambda: {"x": [2 * _f(0.3), 2 * (_f(2.8) - 3)]})),
    # rint(0.5) is 0 (to even), rint just above is 1: the residual's square is continuous, its slope jumps 1 -> -1
    Case(N, "rounding_residual", "x=[0.5]", "float64", "domain", _fixed("x", [None])),
    Case(N, "l1_fabs", "x=[1,-2]", "float64", "ok", _fixed("x", [1, -1])),
    Case(N, "l1_fabs", "x=[0,1]", "float64", "domain", _fixed("x", [None, 1])),
    Case(N, "second_smallest", "x=[3,1,2]", "float64", "ok", _fixed("x", [0, 0, 1])),
    Case(N, "second_smallest", "x=[3,1,1]", "float64", "domain", _fixed("x", [0, None, None])),
    Case(N, "phasor_energy", "x=[0.3,2]", "float64", "ok", _each("x", lambda v: -2 * mpmath.sin(v), [0.3, 2])),
    Case(N, "phasor_energy", "x=[0.3,2]", "float32", "ok", _each("x", lambda v: -2 * mpmath.sin(v), [0.3, 2], "float32")),
    Case(N, "log_by_frexp", "x=[3,1e300,1e-300]", "float64", "ok", _each("x", lambda v: 1 / v, [3, 1e300, 1e-300])),
    Case(N, "quarter_tanh", "x=[0.5,-2]", "float64", "ok",
         _each("x", lambda v: (1 - mpmath.tanh(v) ** 2) / 4, [0.5, -2])),
    Case(N, "signed_square", "x=[2,3]", "float64", "ok", _fixed("x", [4, -6])),
    # x^2 at 0 is 0 with either sign, its slope 0
    Case(N, "signed_square", "x=[0,1]", "float64", "ok", _fixed("x", [0, -2])),
    Case(N, "remainder_energy", "x=[2,-1]", "float64", "ok", _fixed("x", [1, 1])),
    Case(N, "remainder_energy", "x=[3]", "float64", "domain", _fixed("x", [None])),
    Case(N, "bucket_offsets", "x=[0.7,1.2]", "float64", "ok", _fixed("x", [1, 1])),
    # floor_divide steps at a multiple of 0.5: the offset jumps
    Case(N, "bucket_offsets", "x=[1]", "float64", "domain", _fixed("x", [None])),
    Case(N, "sample_covariance", "x=[2,1,4,3]", "float64", "ok",
         hp(lambda: {"x": [(v - mp("2.75")) / 3 for v in [1, 3, 2, 5]]})),
    Case(N, "einsum_trace", "a=[[1,2],[3,4]]", "float64", "ok", hp(lambda: {"a": [[mp(2), mp(6)], [mp(4), mp(8)]]})),
    Case(N, "piecewise_linear", "x=[0.5,3]", "float64", "ok", hp(lambda: {"x": [mp(2), mp(4) / 3]})),
    # at a knot the slope turns from 2 to -2/3
    Case(N, "piecewise_linear", "x=[1]", "float64", "domain", _fixed("x", [None])),
    # the missing target's entry is 0 in the function; the product rule brings NaN's 0 * NaN back
    Case(N, "masked_mean_square", "x=[1,2,3]", "float64", "wrong", _fixed("x", [0, 0, 3.5])),
    Case(N, "step_differences", "x=[1,3,2]", "float64", "ok", _fixed("x", [-4, 6, -2])),
    Case(N, "median_of_four", "x=[4,1,3,2]", "float64", "ok", _fixed("x", [0, 0, 0.5, 0.5])),
    # the middle two tie: whichever order, the median is their mean (smooth)
    Case(N, "median_of_four", "x=[4,1,3,3]", "float64", "ok", _fixed("x", [0, 0, 0.5, 0.5])),
    # the tie straddles the middle: one 1 is in it, either one
    Case(N, "median_of_four", "x=[1,1,3,4]", "float64", "domain", _fixed("x", [None, None, 0.5, 0])),
]

ALL = JAX + NUMPY
