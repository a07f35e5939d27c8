"""The forty-fourth trial set (third part): issue 27's classes on Python functions written against gradcli.numpy and
gradcli.scipy, on plain NumPy/SciPy and on formulas, leaning on Lie groups, hyperbolic geometry and statistics' limits
as practitioners meet them, in domains not tried before: robot state estimation (SO(3)'s exponential map by Rodrigues,
R = I + sin t / t K + (1 - cos t) / t^2 K^2 applied to a landmark: at w = [1e-300, 0, 0], where the norm's 1e-600
underflows and sin t / t is 0/0 (`unstable`), at [1e-8, 2e-8, 0], where 1 - cos t keeps 2.2e-16 of 2.5e-16 and the
slope in w[1] comes out 4.4e-9 for 5e-9, and at 0 (`domain`); Sophus's Taylor series behind a double where, right at all
three; the log map's t / (2 sin t), whose slope is 1e300/2 - inf at 1e-300 and 5e7 - 5e7 at 1e-8, well conditioned at
pi - 1e-9 and at float64's pi (sin is 1.2e-16 there: no pole); the log map of a matrix by arccos of the trace near pi,
where the trace is exact and sin amplifies arccos's rounding 6.8e5 times (`unstable`), and by arctan2, right in value,
its slope theta/s - (theta/s + 1) one ulp of 3.1e6 off; at the identity, 0/0 in what it reads and slope 0 in what it
does not; quaternion log angles, arccos at exactly 1 (`domain`) beside arctan2, whose norm underflows at 1e-300 and
holds at 1e-150; slerp between rotations 1e-8 apart, cos rounding to 1 and sin(0)/sin(0), beside Shoemake's nlerp,
its slope in t 5e-301 at a = 1e-300), graph embeddings (the Poincare distance at u = v, a cone, 1e-10 apart, where
1 + 2.4e-20 rounds to 1 and arccosh's slope is infinite, and 1.8e-16 from the boundary, beside the arcsinh form; the
Lorentz model's x0 y0 - a.b = 1e6 - 1e6 + 1 + 5e-7), volatility modelling (Hagan's SABR z / x(z) at the money: 8 digits
lost at z = 1e-8, an absorbed z and 1e-300 / 0 at 1e-300, 0/0 at 0; its series behind a double where, the slope in rho
-5e-301 at 1e-300 and a proven 0 at 0), statistics' limits (the Student-t log density at nu = 1e300, gammaln's 3.4e302 -
3.4e302, and by betaln, right in value while x^2/nu^2 underflows and the slope in nu comes out -1.1e-300 for
1.1e-601; the von Mises log normaliser, i0(1e5) overflowing, by i0e right there, its slope (i1e - i0e)/i0e + 1
cancelling at kappa = 1e-8 and 1e-300), flood-frequency analysis (the GEV log density as xi -> 0 by log, 1e300 x 0 at
xi = 1e-300, by log1p, the value mended and the slope's 1/xi^2 overflowing, and by its series, right at 1e-300, 1e-8
and 0; SciPy's genextreme smooth through c = 0; the Gumbel reduced variate at 1 - 2^-53 and 1e-300; log(-log(1 - p)) at
1e-300 and 1e-8 beside log1p, and at 5e-324, whose slope 2e323 is beyond float64: `domain`), insurance claims (the
generalized-Pareto log density at xi = 1e-300, its slope -4/3 xi at x = 2; the Tweedie deviance at p = 1 + 1e-12 and
2 - 1e-12, terms of 1e12 cancelling, and at 1, 0/0; by powm1, right in mu and cancelling in p), densities far in their
tails (the Gumbel density at 10000, the von Mises density at pi with kappa = 1e5, a claim's exceedance probability
(1e4)^-1000: slopes of -1.1e-4343, -2e-86868 and -9e-4005 by their digits; the Cauchy density at 1e300, x^2
overflowing to a 0 and a -0 that are the dtype's roundings of the truth: `ok`), custom rules (arccosh's
1/sqrt(c^2 - 1), cancelling at 1 + 1e-8 and overflowing at 1e200, beside (c - 1)(c + 1), and a slipped 1/sqrt(c - 1),
`wrong`; the log map's coefficient with its series and a rule missing a sin, `wrong` at 0.5 and right on its series
branch), float32 (Rodrigues at 1e-20, its series, arcsinh's Poincare distance, cloglog at 1e-30, the GEV series, i0e at
1e5), formulas of the same classes and input errors (a misspelt --wrt, a bad number, a missing function, a missing
variable, scipy.spatial.transform.Rotation, gammaln in a formula).

Truths are the mathematics written here in mpmath at 2,000 digits, never the user files' code: closed forms (the log
coefficient's (sin t - t cos t) / (2 sin^2 t), the Student-t's digamma form, I1/I0, the cloglog's -1/((1 - p) log(1 - p)),
the Gumbel variate's -1/(F log F), arccosh's 1/sqrt(c^2 - 1), the tails' derivatives), or mpmath.diff (central
differences with a step of 2^-6700 at doubled precision) of a restatement written independently (Rodrigues with
sinc(t) and sinc(t/2)^2/2 as functions of t^2, so that differencing across 0 is harmless; the log map of the entries;
slerp by acos(cos(a/2)); the hyperbolic distances; SABR's x(z); the GEV, GPD and Tweedie formulas), with the program's
own branches where it has them (the series below 1e-10, 1e-4, 1e-6, Shoemake's 0.9995, as float64 holds them). Points
are the numbers the dtype holds (the matrices' entries as float64's cos and sin give them). No derivative is NaN; a
slope beyond float64's range is `domain`.

141 cases (104 on gradcli.numpy/scipy, 20 plain NumPy/SciPy, 8 float32, 9 formulas; 72 ok, 46 unstable, 2 wrong, 15
domain, 6 input errors), run one at a time through the CLI: 135 passed at first; the 6 that failed were findings
F1-F4 (F4 three times), all since mended. The exact reference was right at every point: no phantom gradient, no float-sized floor, tiny exact slopes
(-5e-301, 1.1e-601, -1.3e-300, -9e-4005, -2e-86868) right by their digits, proven zeros, NaN where none exists.

What the round found (see tests/test_user_trials44c.py), all provenance, none in a verdict or an exact gradient:
F1 an underflow inside gnp.linalg.norm that a later division turns into 0/0 is not named: Rodrigues' sin(t) / t at
   w = [1e-300, 0, 0] reads only "divide(0.0, 0.0) gave NaN" at the divide's line, while gnp.sqrt(x * x) spelled out
   is named ("multiply(1e-300, 1e-300) underflowed to 0.0 ... the root cause is the underflow, not divide").
F2 a forward cancellation that puts a gradient entry 11% off is not named: Rodrigues' (1 - cos t) / t^2 at
   w = [1e-8, 2e-8, 0] ("gradient off by 0.11 relative") is blamed on a backward accumulation at the norm's line whose
   own effect is 2.8e-10 (the half-angle form 2 sin^2(t/2) / t^2 is off by just that).
F3 an addition that absorbed a term entirely, whose 1 reaches a log through a division, is not named (README: "the
   absorption is named at its own line"): SABR's x(z) at z = 1e-300 reads "divide(1e-300, 0.0) gave inf" at z / x;
   z / log(1 + z) and z / log(sqrt(1 - 2 rho z) + z) name the absorption, z / log((1 + z - rho) / (1 - rho)) does not.
F4 `unstable` with no op named: log(i0e(k)) + k, the von Mises log normaliser, at k = 1e-8 (gradient off by 1.6e-8)
   and at 1e-300 (0 for 5e-301), in gradcli.numpy and plain SciPy; gnp.exp(x) - x at x = 1e-8 alike (1.1e-8 off; at
   1e-12 and 1e-300 its accumulation is named).
Truths the round corrected in itself, gradcli right each time: np.linalg.norm([1e-300, 0, 0]) is 0 (its 1e-600
underflows), so the arctan2 quaternion angle is `unstable` there, not `ok`; the arccos log map near pi loses its digits
in sin, not in the trace (exact there); the arctan2 log map near pi is stable in value but not in its slope; Student-t
by betaln at nu = 1e300 loses its slope in nu to x^2/nu^2's underflow; at the identity the entries the log map does not
read keep slope 0; arccosh's rule 1/sqrt(c^2 - 1) is only 2e-11 off at 1 + 1e-7 (`ok`), 2.5e-9 at 1 + 1e-8.
"""

import math

import mpmath

from cases import Case
from cases5 import hp, _in
from cases21c import _at, _each
from cases39c import _scalar
from cases40c import _closed, _held

G, N, F = "gn_lib44c.py", "numpy_lib44c.py", "formula"
NAN = mpmath.nan
mpf = mpmath.mpf


def _f(value, dtype="float64"):
    """A constant of the program as the dtype holds it, exactly."""
    return _in(dtype, [value])[0]


def _partials(func, **point):
    """Every partial derivative of ``func(**point)`` by mpmath.diff (central differences at the context's precision,
    2,000 digits, with a step of 2^-6700): {name: slope, list or matrix of slopes}."""
    out = {}
    for name, value in point.items():
        def one(replace):
            return mpmath.diff(lambda t: func(**{**point, name: replace(t)}), mpmath.mpf(0))
        if isinstance(value, list) and value and isinstance(value[0], list):
            out[name] = [[one(lambda t, i=i, j=j: [[e + t if (a, b) == (i, j) else e for b, e in enumerate(row)]
                                                  for a, row in enumerate(value)])
                          for j in range(len(value[0]))] for i in range(len(value))]
        elif isinstance(value, list):
            out[name] = [one(lambda t, i=i: [e + t if k == i else e for k, e in enumerate(value)])
                         for i in range(len(value))]
        else:
            out[name] = one(lambda t: value + t)
    return out


def _numeric(func, dtype="float64", **point):
    """The truth by ``_partials`` of a restatement, at the point as the dtype holds it, 2,000 digits."""
    return hp(lambda: _partials(func, **{k: _held(v, dtype) for k, v in point.items()}))


def _nans(**shapes):
    """No derivative: NaN in every entry (a count for a vector, (rows, cols) for a matrix, None for a scalar)."""
    def run():
        out = {}
        for name, shape in shapes.items():
            if shape is None:
                out[name] = NAN
            elif isinstance(shape, tuple):
                out[name] = [[NAN] * shape[1] for _ in range(shape[0])]
            else:
                out[name] = [NAN] * shape
        return out
    return run


# --- the mathematics, written here -----------------------------------------------------------------------------------

LANDMARK = [mpf(1), mpf(2), mpf(3)]


def _skew_apply(w, p):
    return [w[1] * p[2] - w[2] * p[1], w[2] * p[0] - w[0] * p[2], w[0] * p[1] - w[1] * p[0]]


def _rodrigues_y(w, a_of, b_of):
    """(R p)[1], R = I + A(t) K + B(t) K^2, K = [w]x, t^2 = w.w."""
    t2 = mpmath.fsum(e * e for e in w)
    a, b = a_of(t2), b_of(t2)
    kp = _skew_apply(w, LANDMARK)
    kkp = _skew_apply(w, kp)
    return LANDMARK[1] + a * kp[1] + b * kkp[1]


def _sinc_of_square(t2):
    """sin(t)/t as a function of t^2 (1 at 0): entire, so differencing across 0 is harmless."""
    return mpmath.sinc(mpmath.sqrt(t2)) if t2 >= 0 else mpmath.sinh(mpmath.sqrt(-t2)) / mpmath.sqrt(-t2)


def _versine_of_square(t2):
    """(1 - cos t)/t^2 = sinc(t/2)^2/2."""
    return _sinc_of_square(t2 / 4) ** 2 / 2


def _so3_exact(w):
    return _rodrigues_y(w, _sinc_of_square, _versine_of_square)


TAYLOR_BELOW = _f(1e-10)


def _so3_taylor(w):
    """The program's branches: 1 - t^2/6 and 1/2 - t^2/24 where t^2 < 1e-10."""
    t2 = mpmath.fsum(e * e for e in w)
    if t2 < TAYLOR_BELOW:
        return _rodrigues_y(w, lambda s: 1 - s / 6, lambda s: mpf(1) / 2 - s / 24)
    return _so3_exact(w)


def _log_coeff_slope(theta):
    """(t / (2 sin t))' = (sin t - t cos t) / (2 sin^2 t); none at 0 (0/0)."""
    if theta == 0:
        return NAN
    return (mpmath.sin(theta) - theta * mpmath.cos(theta)) / (2 * mpmath.sin(theta) ** 2)


def _log_coeff_taylor_slope(theta):
    return theta / 6 if abs(theta) < _f(1e-4) else _log_coeff_slope(theta)


def _so3_log_z(r):
    """theta / (2 sin theta) (r10 - r01), theta = acos((tr - 1)/2)."""
    theta = mpmath.acos((r[0][0] + r[1][1] + r[2][2] - 1) / 2)
    return theta / (2 * mpmath.sin(theta)) * (r[1][0] - r[0][1])


def _so3_log_z_atan2(r):
    v = [(r[2][1] - r[1][2]) / 2, (r[0][2] - r[2][0]) / 2, (r[1][0] - r[0][1]) / 2]
    s = mpmath.sqrt(mpmath.fsum(e * e for e in v))
    return mpmath.atan2(s, (r[0][0] + r[1][1] + r[2][2] - 1) / 2) / s * v[2]


def _quat_angle_atan2(q):
    return 2 * mpmath.atan2(mpmath.sqrt(q[1] ** 2 + q[2] ** 2 + q[3] ** 2), q[0])


def _slerp_z(a, t):
    """slerp(1, q(a), t)'s z: sin(t w) sin(a/2) / sin w, w = acos(cos(a/2))."""
    omega = mpmath.acos(mpmath.cos(a / 2))
    return mpmath.sin(t * omega) * mpmath.sin(a / 2) / mpmath.sin(omega)


SHOEMAKE = _f(0.9995)


def _slerp_nlerp_z(a, t):
    c, s = mpmath.cos(a / 2), mpmath.sin(a / 2)
    if c > SHOEMAKE:
        return t * s / mpmath.sqrt((1 - t + t * c) ** 2 + (t * s) ** 2)
    return _slerp_z(a, t)


def _poincare(u, v):
    d2 = mpmath.fsum((a - b) ** 2 for a, b in zip(u, v))
    nu, nv = mpmath.fsum(a * a for a in u), mpmath.fsum(b * b for b in v)
    return mpmath.acosh(1 + 2 * d2 / ((1 - nu) * (1 - nv)))


def _lorentz(a, b):
    x0 = mpmath.sqrt(1 + mpmath.fsum(e * e for e in a))
    y0 = mpmath.sqrt(1 + mpmath.fsum(e * e for e in b))
    return mpmath.acosh(x0 * y0 - mpmath.fsum(p * q for p, q in zip(a, b)))


def _sabr(z, rho):
    return z / mpmath.log((mpmath.sqrt(1 - 2 * rho * z + z * z) + z - rho) / (1 - rho))


def _sabr_series_slopes(z, rho):
    """Below |z| = 1e-6 the program's 1 - rho z/2 + (2 - 3 rho^2) z^2/12: d/dz = -rho/2 + (2 - 3 rho^2) z/6,
    d/drho = -z/2 - rho z^2/2; elsewhere z/x(z)'s."""
    if abs(z) < _f(1e-6):
        return {"z": -rho / 2 + (2 - 3 * rho ** 2) * z / 6, "rho": -z / 2 - rho * z * z / 2}
    return _partials(_sabr, z=z, rho=rho)


def _student_t_slopes(x, nu):
    """log f = lgamma((nu+1)/2) - lgamma(nu/2) - log(nu pi)/2 - (nu+1)/2 log1p(x^2/nu):
    d/dx = -(nu+1) x/(nu + x^2); d/dnu = (psi((nu+1)/2) - psi(nu/2))/2 - 1/(2 nu) - log1p(x^2/nu)/2
    + (nu+1) x^2/(2 nu (nu + x^2))."""
    return {"x": -(nu + 1) * x / (nu + x * x),
            "nu": (mpmath.digamma((nu + 1) / 2) - mpmath.digamma(nu / 2)) / 2 - 1 / (2 * nu)
            - mpmath.log1p(x * x / nu) / 2 + (nu + 1) * x * x / (2 * nu * (nu + x * x))}


def _student_t_x(x, nu):
    return {"x": _student_t_slopes(x, nu)["x"]}


def _identity_slopes():
    """theta/(2 sin theta) (r10 - r01) at R = I: 0/0 in what it reads (the diagonal, r10, r01); slope 0 elsewhere."""
    read = {(0, 0), (1, 1), (2, 2), (1, 0), (0, 1)}
    return {"r": [[NAN if (i, j) in read else mpf(0) for j in range(3)] for i in range(3)]}


def _von_mises_slope(kappa):
    """(log I0(k))' = I1(k)/I0(k)."""
    return mpmath.besseli(1, kappa) / mpmath.besseli(0, kappa)


def _gev(x, xi):
    """-(1 + 1/xi) log(1 + xi x) - (1 + xi x)^(-1/xi)."""
    t = 1 + xi * x
    return -(1 + 1 / xi) * mpmath.log(t) - t ** (-1 / xi)


def _gev_series(x, xi):
    """The program's branch: y = x - xi x^2/2 + xi^2 x^3/3 below |xi| = 1e-6; log f = -(1 + xi) y - e^-y."""
    if abs(xi) < _f(1e-6):
        y = x - xi * x * x / 2 + xi * xi * x ** 3 / 3
        return -(1 + xi) * y - mpmath.exp(-y)
    return _gev(x, xi)


def _gev_scipy(x, c):
    return _gev(x, -c)


def _gumbel_variate_slope(f):
    """(-log(-log F))' = -1/(F log F); none at F = 1."""
    return NAN if f == 1 else -1 / (f * mpmath.log(f))


def _cloglog_slope(p):
    """(log(-log(1 - p)))' = -1/((1 - p) log(1 - p))."""
    return -1 / ((1 - p) * mpmath.log1p(-p))


def _gpd(x, xi):
    return -(1 + 1 / xi) * mpmath.log1p(xi * x)


def _gpd_scipy(x, c):
    return _gpd(x, c)


def _tweedie(y, mu, p):
    return 2 * (y ** (2 - p) / ((1 - p) * (2 - p)) - y * mu ** (1 - p) / (1 - p) + mu ** (2 - p) / (2 - p))


def _tweedie_mu(y, mu, p):
    return {"mu": _partials(lambda mu: _tweedie(y, mu, p), mu=mu)["mu"]}


def _gumbel_pdf_slope(x):
    """(exp(-x - e^-x))' = exp(-x - e^-x) (e^-x - 1)."""
    return mpmath.exp(-x - mpmath.exp(-x)) * (mpmath.exp(-x) - 1)


def _cauchy_slope(x):
    """(1/(pi (1 + x^2)))' = -2x/(pi (1 + x^2)^2)."""
    return -2 * x / (mpmath.pi * (1 + x * x) ** 2)


def _von_mises_pdf_slopes(x, kappa):
    """f = e^(k (cos x - 1))/(2 pi e^-k I0(k)) = e^(k cos x)/(2 pi I0(k)): df/dx = -k sin x f, df/dk = f (cos x - I1/I0)."""
    f = mpmath.exp(kappa * mpmath.cos(x)) / (2 * mpmath.pi * mpmath.besseli(0, kappa))
    return {"x": -kappa * mpmath.sin(x) * f,
            "kappa": f * (mpmath.cos(x) - mpmath.besseli(1, kappa) / mpmath.besseli(0, kappa))}


def _gpd_survival_slopes(x, xi):
    """S = t^(-1/xi), t = 1 + xi x: dS/dx = -t^(-1/xi - 1), dS/dxi = S (log t / xi^2 - x / (xi t))."""
    t = 1 + xi * x
    s = t ** (-1 / xi)
    return {"x": -t ** (-1 / xi - 1), "xi": s * (mpmath.log(t) / xi ** 2 - x / (xi * t))}


def _acosh_slope(c):
    """arccosh'(c) = 1/sqrt(c^2 - 1); none at 1 (infinite)."""
    return NAN if c == 1 else 1 / mpmath.sqrt(c * c - 1)


# --- the points ------------------------------------------------------------------------------------------------------

W = [0.3, -0.2, 0.5]
RZ_HALF = [[math.cos(0.5), -math.sin(0.5), 0.0], [math.sin(0.5), math.cos(0.5), 0.0], [0.0, 0.0, 1.0]]
NEAR_PI = math.pi - 1e-6
RZ_NEAR_PI = [[math.cos(NEAR_PI), -math.sin(NEAR_PI), 0.0], [math.sin(NEAR_PI), math.cos(NEAR_PI), 0.0],
              [0.0, 0.0, 1.0]]
IDENTITY = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]
U, V = [0.1, 0.2], [0.3, -0.1]
V_NEAR = [0.1, 0.2000000001]
U_EDGE = [0.6, 0.7999999999999999]  # 1 - |u|^2 = 1.8e-16, below |u|^2's rounding
RHO = -0.4
STUDENT = dict(x=1.5, nu=5)
STUDENT_HUGE = dict(x=1.5, nu=1e300)
GEV_POINTS = [0.2, 1e-8, 1e-300]
P_NEAR_1 = 1.000000000001
RZ_ROWS = _at(r=IDENTITY)


def _so3(w, f=_so3_exact):
    return _numeric(lambda w: f(w), w=w)


GN = [
    # robot state estimation: SO(3)'s exponential map by Rodrigues
    Case(G, "so3_exp_apply", _at(w=W), "float64", "ok", _so3(W)),
    # theta^2 = 1e-600 underflows: (1 - cos t)/t^2 is 0/0 where the map is the identity plus [w]x
    Case(G, "so3_exp_apply", _at(w=[1e-300, 0, 0]), "float64", "unstable", _so3([1e-300, 0, 0]),
         "def so3_exp_apply>>theta = gnp.linalg.norm(w)"),
    Case(G, "so3_exp_apply", _at(w=[0, 0, 0]), "float64", "domain", _nans(w=3)),
    Case(G, "so3_exp_apply", _at(w=[1e-8, 2e-8, 0]), "float64", "unstable", _so3([1e-8, 2e-8, 0]),
         "b = (1 - gnp.cos(theta)) / theta ** 2"),
    Case(G, "so3_exp_apply_taylor", _at(w=[1e-300, 0, 0]), "float64", "ok", _so3([1e-300, 0, 0], _so3_taylor)),
    Case(G, "so3_exp_apply_taylor", _at(w=[0, 0, 0]), "float64", "ok", _so3([0, 0, 0], _so3_taylor)),
    Case(G, "so3_exp_apply_taylor", _at(w=[1e-8, 2e-8, 0]), "float64", "ok", _so3([1e-8, 2e-8, 0], _so3_taylor)),
    Case(G, "so3_exp_apply_taylor", _at(w=W), "float64", "ok", _so3(W, _so3_taylor)),
    # the log map's theta / (2 sin theta)
    Case(G, "so3_log_coeff", "theta=0.5", "float64", "ok", _scalar("theta", 0.5, _log_coeff_slope)),
    # sin^2 underflows in the slope, 1e300/2 - inf, where the slope is theta/6
    Case(G, "so3_log_coeff", "theta=1e-300", "float64", "unstable", _scalar("theta", 1e-300, _log_coeff_slope),
         "def so3_log_coeff(theta)>>return theta / (2 * gnp.sin(theta))"),
    Case(G, "so3_log_coeff", "theta=1e-08", "float64", "unstable", _scalar("theta", 1e-8, _log_coeff_slope),
         "def so3_log_coeff(theta)>>return theta / (2 * gnp.sin(theta))"),
    # near pi the coefficient itself is well conditioned; at float64's pi, sin is 1.2e-16, no pole
    Case(G, "so3_log_coeff", f"theta={math.pi - 1e-9!r}", "float64", "ok",
         _scalar("theta", math.pi - 1e-9, _log_coeff_slope)),
    Case(G, "so3_log_coeff", f"theta={math.pi!r}", "float64", "ok", _scalar("theta", math.pi, _log_coeff_slope)),
    Case(G, "so3_log_coeff", "theta=0", "float64", "domain", _scalar("theta", 0, _log_coeff_slope)),
    Case(G, "so3_log_coeff_taylor", "theta=1e-300", "float64", "ok",
         _scalar("theta", 1e-300, _log_coeff_taylor_slope)),
    Case(G, "so3_log_coeff_taylor", "theta=0", "float64", "ok", _scalar("theta", 0, _log_coeff_taylor_slope)),
    Case(G, "so3_log_coeff_taylor", "theta=1e-08", "float64", "ok", _scalar("theta", 1e-8, _log_coeff_taylor_slope)),
    # the log map of a matrix
    Case(G, "so3_log_z", _at(r=RZ_HALF), "float64", "ok", _numeric(_so3_log_z, r=RZ_HALF)),
    # the trace is exact here; arccos's rounding of theta (3.5e-16) is 3.5e-10 of pi - theta, which sin amplifies
    Case(G, "so3_log_z", _at(r=RZ_NEAR_PI), "float64", "unstable", _numeric(_so3_log_z, r=RZ_NEAR_PI),
         "return theta / (2 * gnp.sin(theta)) * (r[1, 0] - r[0, 1])"),
    # 0/0 at the identity; the entries the map does not read keep their slope 0
    Case(G, "so3_log_z", RZ_ROWS, "float64", "domain", _identity_slopes),
    # stable in value; its slope in r[1, 0] is theta/s - (theta/s + 1) = 3.1e6 - 3.1e6 - 1, one ulp of 3.1e6 off
    Case(G, "so3_log_z_atan2", _at(r=RZ_NEAR_PI), "float64", "unstable", _numeric(_so3_log_z_atan2, r=RZ_NEAR_PI),
         "def so3_log_z_atan2>>v = gnp.array("),
    Case(G, "so3_log_z_atan2", _at(r=RZ_HALF), "float64", "ok", _numeric(_so3_log_z_atan2, r=RZ_HALF)),
    Case(G, "so3_log_z_atan2", RZ_ROWS, "float64", "domain", _nans(r=(3, 3))),
    # quaternions: arccos at exactly 1 has an infinite slope; arctan2 at the same rotation is smooth
    Case(G, "quat_log_angle", _at(q=[1, 0, 0, 1e-300]), "float64", "domain",
         hp(lambda: {"q": [NAN, mpf(0), mpf(0), mpf(0)]})),
    # the norm's 1e-600 underflows: the angle comes out 0 for 2e-300, its slope infinite
    Case(G, "quat_log_angle_atan2", _at(q=[1, 0, 0, 1e-300]), "float64", "unstable",
         _numeric(_quat_angle_atan2, q=[1, 0, 0, 1e-300]), "return 2 * gnp.arctan2(gnp.linalg.norm(q[1:]), q[0])"),
    Case(G, "quat_log_angle_atan2", _at(q=[1, 0, 0, 1e-150]), "float64", "ok",
         _numeric(_quat_angle_atan2, q=[1, 0, 0, 1e-150])),
    # slerp between rotations 1e-8 apart: cos(a/2) rounds to 1, omega to 0, sin(0)/sin(0)
    Case(G, "slerp_yaw", _at(a=1e-8, t=0.3), "float64", "unstable", _numeric(_slerp_z, a=1e-8, t=0.3),
         "q = (gnp.sin((1 - t) * omega) * q0 + gnp.sin(t * omega) * q1) / gnp.sin(omega)"),
    Case(G, "slerp_yaw", _at(a=0.4, t=0.3), "float64", "ok", _numeric(_slerp_z, a=0.4, t=0.3)),
    Case(G, "slerp_yaw_nlerp", _at(a=1e-8, t=0.3), "float64", "ok", _numeric(_slerp_nlerp_z, a=1e-8, t=0.3)),
    # the slope in t, 5e-301, right
    Case(G, "slerp_yaw_nlerp", _at(a=1e-300, t=0.3), "float64", "ok", _numeric(_slerp_nlerp_z, a=1e-300, t=0.3)),
    Case(G, "slerp_yaw_nlerp", _at(a=0.4, t=0.3), "float64", "ok", _numeric(_slerp_nlerp_z, a=0.4, t=0.3)),
    # graph embeddings: the Poincare ball
    Case(G, "poincare_distance", _at(u=U, v=V), "float64", "ok", _numeric(_poincare, u=U, v=V)),
    # u = v: the distance is a cone there, arccosh(1)'s infinite slope times a zero
    Case(G, "poincare_distance", _at(u=U, v=U), "float64", "domain", _nans(u=2, v=2)),
    # 1 + 2.4e-20 rounds to 1: arccosh at 1, an infinite slope where the truth is ~1.1
    Case(G, "poincare_distance", _at(u=U, v=V_NEAR), "float64", "unstable", _numeric(_poincare, u=U, v=V_NEAR),
         "return gnp.arccosh(1 + 2 * duv / ((1 - gnp.sum(u ** 2)) * (1 - gnp.sum(v ** 2))))"),
    # 1.8e-16 from the boundary: 1 - |u|^2 below the rounding of |u|^2
    Case(G, "poincare_distance", _at(u=U_EDGE, v=V), "float64", "unstable", _numeric(_poincare, u=U_EDGE, v=V),
         "return gnp.arccosh(1 + 2 * duv / ((1 - gnp.sum(u ** 2)) * (1 - gnp.sum(v ** 2))))"),
    Case(G, "poincare_distance_asinh", _at(u=U, v=V_NEAR), "float64", "ok", _numeric(_poincare, u=U, v=V_NEAR)),
    Case(G, "poincare_distance_asinh", _at(u=U, v=U), "float64", "domain", _nans(u=2, v=2)),
    # the Lorentz model: x0 y0 - a.b = 1e6 - 1e6 + 1 + 5e-7
    Case(G, "lorentz_distance", _at(a=[1000, 0], b=[1000, 0.001]), "float64", "unstable",
         _numeric(_lorentz, a=[1000, 0], b=[1000, 0.001]), "return gnp.arccosh(x0 * y0 - gnp.sum(a * b))"),
    Case(G, "lorentz_distance", _at(a=[0.5, 0.3], b=[-0.2, 0.7]), "float64", "ok",
         _numeric(_lorentz, a=[0.5, 0.3], b=[-0.2, 0.7])),
    # volatility modelling: SABR's z / x(z) at the money
    Case(G, "sabr_z_over_x", _at(z=0.3, rho=RHO), "float64", "ok", _numeric(_sabr, z=0.3, rho=RHO)),
    Case(G, "sabr_z_over_x", _at(z=1e-8, rho=RHO), "float64", "unstable", _numeric(_sabr, z=1e-8, rho=RHO),
         "x = gnp.log((gnp.sqrt(1 - 2 * rho * z + z ** 2) + z - rho) / (1 - rho))"),
    Case(G, "sabr_z_over_x", _at(z=1e-300, rho=RHO), "float64", "unstable", _numeric(_sabr, z=1e-300, rho=RHO),
         "x = gnp.log((gnp.sqrt(1 - 2 * rho * z + z ** 2) + z - rho) / (1 - rho))"),
    Case(G, "sabr_z_over_x", _at(z=0, rho=RHO), "float64", "domain", _nans(z=None, rho=None)),
    # the slope in rho at z = 1e-300 is -5e-301, at 0 a proven 0
    Case(G, "sabr_z_over_x_series", _at(z=1e-300, rho=RHO), "float64", "ok",
         _closed(_sabr_series_slopes, z=1e-300, rho=RHO)),
    Case(G, "sabr_z_over_x_series", _at(z=0, rho=RHO), "float64", "ok", _closed(_sabr_series_slopes, z=0, rho=RHO)),
    Case(G, "sabr_z_over_x_series", _at(z=1e-8, rho=RHO), "float64", "ok",
         _closed(_sabr_series_slopes, z=1e-8, rho=RHO)),
    Case(G, "sabr_z_over_x_series", _at(z=0.3, rho=RHO), "float64", "ok",
         _closed(_sabr_series_slopes, z=0.3, rho=RHO)),
    # statistics' limits: Student-t as nu -> 1e300, gammaln's 3.4e302 - 3.4e302
    Case(G, "student_t_logpdf", _at(**STUDENT), "float64", "ok", _closed(_student_t_slopes, **STUDENT)),
    Case(G, "student_t_logpdf", _at(**STUDENT_HUGE), "float64", "unstable", _closed(_student_t_slopes, **STUDENT_HUGE),
         "return (gnp.gammaln((nu + 1) / 2) - gnp.gammaln(nu / 2) - 0.5 * gnp.log(nu * gnp.pi)"),
    Case(G, "student_t_logpdf_betaln", _at(**STUDENT), "float64", "ok", _closed(_student_t_slopes, **STUDENT)),
    # the value holds; the slope in nu is -x^2/(2 nu^2) ... whose x^2/nu^2 underflows: -1.1e-300 for 1.1e-601
    Case(G, "student_t_logpdf_betaln", _at(**STUDENT_HUGE), "float64", "unstable",
         _closed(_student_t_slopes, **STUDENT_HUGE),
         "return -0.5 * gnp.log(nu) - sps.betaln(nu / 2, 0.5) - (nu + 1) / 2 * gnp.log1p(x ** 2 / nu)"),
    Case(G, "student_t_logpdf_betaln", _at(x=1.5, nu=1e299), "float64", "ok",
         _closed(_student_t_x, x=1.5, nu=1e299), wrt="x"),
    # von Mises: I0(1e5) overflows; by i0e it does not
    Case(G, "von_mises_log_norm", "kappa=2", "float64", "ok", _scalar("kappa", 2, _von_mises_slope)),
    Case(G, "von_mises_log_norm", "kappa=100000", "float64", "unstable", _scalar("kappa", 1e5, _von_mises_slope),
         "return gnp.log(2 * gnp.pi * sps.i0(kappa))"),
    Case(G, "von_mises_log_norm", "kappa=1e-300", "float64", "ok", _scalar("kappa", 1e-300, _von_mises_slope)),
    Case(G, "von_mises_log_norm_i0e", "kappa=100000", "float64", "ok", _scalar("kappa", 1e5, _von_mises_slope)),
    # the slope 5e-301 is (i1e - i0e)/i0e + 1 = -1 + 1
    Case(G, "von_mises_log_norm_i0e", "kappa=1e-300", "float64", "unstable",
         _scalar("kappa", 1e-300, _von_mises_slope), "return gnp.log(2 * gnp.pi) + gnp.log(sps.i0e(kappa)) + kappa"),
    # (i1e - i0e)/i0e + 1 = -0.99999999 + 1: 5e-9 keeping 8 digits
    Case(G, "von_mises_log_norm_i0e", "kappa=1e-08", "float64", "unstable",
         _scalar("kappa", 1e-8, _von_mises_slope), "return gnp.log(2 * gnp.pi) + gnp.log(sps.i0e(kappa)) + kappa"),
    # flood-frequency analysis: the GEV as xi -> 0
    Case(G, "gev_logpdf", _at(x=1.5, xi=0.2), "float64", "ok", _numeric(_gev, x=1.5, xi=0.2)),
    Case(G, "gev_logpdf", _at(x=1.5, xi=1e-8), "float64", "unstable", _numeric(_gev, x=1.5, xi=1e-8),
         "return -(1 + 1 / xi) * gnp.log(t) - t ** (-1 / xi)"),
    Case(G, "gev_logpdf", _at(x=1.5, xi=1e-300), "float64", "unstable", _numeric(_gev, x=1.5, xi=1e-300),
         "return -(1 + 1 / xi) * gnp.log(t) - t ** (-1 / xi)"),
    Case(G, "gev_logpdf", _at(x=1.5, xi=0), "float64", "domain", _nans(x=None, xi=None)),
    Case(G, "gev_logpdf_log1p", _at(x=1.5, xi=1e-300), "float64", "unstable", _numeric(_gev, x=1.5, xi=1e-300),
         "y = gnp.log1p(xi * x) / xi"),
    Case(G, "gev_logpdf_log1p", _at(x=1.5, xi=1e-8), "float64", "unstable", _numeric(_gev, x=1.5, xi=1e-8),
         "y = gnp.log1p(xi * x) / xi"),
    Case(G, "gev_logpdf_log1p", _at(x=1.5, xi=0.2), "float64", "ok", _numeric(_gev, x=1.5, xi=0.2)),
    Case(G, "gev_logpdf_series", _at(x=1.5, xi=1e-300), "float64", "ok", _numeric(_gev_series, x=1.5, xi=1e-300)),
    Case(G, "gev_logpdf_series", _at(x=1.5, xi=0), "float64", "ok", _numeric(_gev_series, x=1.5, xi=0)),
    Case(G, "gev_logpdf_series", _at(x=1.5, xi=1e-8), "float64", "ok", _numeric(_gev_series, x=1.5, xi=1e-8)),
    Case(G, "gev_logpdf_series", _at(x=1.5, xi=0.2), "float64", "ok", _numeric(_gev_series, x=1.5, xi=0.2)),
    Case(G, "gumbel_reduced_variate", "f=0.9999999999999999", "float64", "ok",
         _scalar("f", 0.9999999999999999, _gumbel_variate_slope)),
    Case(G, "gumbel_reduced_variate", "f=1e-300", "float64", "ok", _scalar("f", 1e-300, _gumbel_variate_slope)),
    Case(G, "gumbel_reduced_variate", "f=1", "float64", "domain", _scalar("f", 1, _gumbel_variate_slope)),
    Case(G, "cloglog", "p=1e-300", "float64", "unstable", _scalar("p", 1e-300, _cloglog_slope),
         "return gnp.log(-gnp.log(1 - p))"),
    Case(G, "cloglog", "p=1e-08", "float64", "unstable", _scalar("p", 1e-8, _cloglog_slope),
         "return gnp.log(-gnp.log(1 - p))"),
    Case(G, "cloglog_log1p", "p=1e-300", "float64", "ok", _scalar("p", 1e-300, _cloglog_slope)),
    # the slope 2.0e323 is beyond float64
    Case(G, "cloglog_log1p", "p=5e-324", "float64", "domain", _scalar("p", 5e-324, _cloglog_slope)),
    # insurance claims: the generalized Pareto as xi -> 0, the Tweedie deviance as p -> 1 and 2
    Case(G, "gpd_logpdf", _at(x=2, xi=0.3), "float64", "ok", _numeric(_gpd, x=2, xi=0.3)),
    Case(G, "gpd_logpdf", _at(x=2, xi=1e-300), "float64", "unstable", _numeric(_gpd, x=2, xi=1e-300),
         "return -(1 + 1 / xi) * gnp.log1p(xi * x)"),
    Case(G, "gpd_logpdf", _at(x=2, xi=0), "float64", "domain", _nans(x=None, xi=None)),
    Case(G, "tweedie_deviance", _at(y=2, mu=3, p=1.5), "float64", "ok", _numeric(_tweedie, y=2, mu=3, p=1.5)),
    Case(G, "tweedie_deviance", _at(y=2, mu=3, p=P_NEAR_1), "float64", "unstable",
         _numeric(_tweedie, y=2, mu=3, p=P_NEAR_1),
         "return 2 * (y ** (2 - p) / ((1 - p) * (2 - p)) - y * mu ** (1 - p) / (1 - p) + mu ** (2 - p) / (2 - p))"),
    Case(G, "tweedie_deviance", _at(y=2, mu=3, p=1.999999999999), "float64", "unstable",
         _numeric(_tweedie, y=2, mu=3, p=1.999999999999),
         "return 2 * (y ** (2 - p) / ((1 - p) * (2 - p)) - y * mu ** (1 - p) / (1 - p) + mu ** (2 - p) / (2 - p))"),
    Case(G, "tweedie_deviance", _at(y=2, mu=3, p=1), "float64", "domain", _nans(y=None, mu=None, p=None)),
    Case(G, "tweedie_deviance_powm1", _at(y=2, mu=3, p=1.5), "float64", "ok", _numeric(_tweedie, y=2, mu=3, p=1.5)),
    Case(G, "tweedie_deviance_powm1", _at(y=2.5, mu=3, p=P_NEAR_1), "float64", "ok",
         _closed(_tweedie_mu, y=2.5, mu=3, p=P_NEAR_1), wrt="mu"),
    Case(G, "tweedie_deviance_powm1", _at(y=2, mu=3, p=P_NEAR_1), "float64", "unstable",
         _numeric(_tweedie, y=2, mu=3, p=P_NEAR_1)),
    # densities far in their tails: exact slopes far below float64, given by their digits
    # e^-10000: the slope -1.1e-4343
    Case(G, "gumbel_pdf", "x=10000", "float64", "ok", _scalar("x", 10000, _gumbel_pdf_slope)),
    # x^2 overflows to inf, 1/inf = 0 and the slope -0: both the dtype's roundings of 3.2e-601 and -6.4e-901
    Case(G, "cauchy_pdf", "x=1e300", "float64", "ok", _scalar("x", 1e300, _cauchy_slope)),
    # at float64's pi, e^-200000: slopes of -2.0e-86868 in x (sin pi is 1.2e-16) and -3.2e-86857 in kappa
    Case(G, "von_mises_pdf", _at(x=math.pi, kappa=100000), "float64", "ok",
         _closed(_von_mises_pdf_slopes, x=math.pi, kappa=100000)),
    Case(G, "von_mises_pdf", _at(x=0.5, kappa=100000), "float64", "ok",
         _closed(_von_mises_pdf_slopes, x=0.5, kappa=100000)),
    # (1e4)^-1000 = 1e-4000
    Case(G, "gpd_survival", _at(x=1e7, xi=0.001), "float64", "ok", _closed(_gpd_survival_slopes, x=1e7, xi=0.001)),
    # custom rules: arccosh's 1/sqrt(c^2 - 1), c^2 - 1 cancelling at 1 + 1e-8 (2.5e-9 off; at 1 + 1e-7 only 2e-11);
    # by (c - 1)(c + 1); a slipped rule
    Case(G, "hyperbolic_cosh_distance", _at(c=[1.00000001]), "float64", "unstable",
         _each("c", [1.00000001], _acosh_slope), "_acosh_by_square>>return upstream / gnp.sqrt(x * x - 1)"),
    Case(G, "hyperbolic_cosh_distance", _at(c=[2, 1e10]), "float64", "ok", _each("c", [2, 1e10], _acosh_slope)),
    Case(G, "hyperbolic_cosh_distance_product", _at(c=[1.00000001, 2, 1e10]), "float64", "ok",
         _each("c", [1.00000001, 2, 1e10], _acosh_slope)),
    # c^2 overflows in the rule at 1e200 where the slope 1e-200 fits
    Case(G, "hyperbolic_cosh_distance", _at(c=[1e200]), "float64", "unstable", _each("c", [1e200], _acosh_slope),
         "_acosh_by_square>>return upstream / gnp.sqrt(x * x - 1)"),
    Case(G, "hyperbolic_cosh_distance_slipped", _at(c=[2]), "float64", "wrong", _each("c", [2], _acosh_slope),
         "_acosh_slipped>>def grad_fn"),
    Case(G, "hyperbolic_cosh_distance_product", _at(c=[1]), "float64", "domain", _each("c", [1], _acosh_slope)),
    Case(G, "so3_log_coeff_rule", _at(theta=[1e-300, 0, 1e-8, 0.5, 3.141592653589793]), "float64", "ok",
         _each("theta", [1e-300, 0, 1e-8, 0.5, 3.141592653589793], _log_coeff_taylor_slope)),
    Case(G, "so3_log_coeff_rule_slipped", _at(theta=[0.5]), "float64", "wrong",
         _each("theta", [0.5], _log_coeff_taylor_slope), "_log_coeff_rule_slipped>>def grad_fn"),
    # the slipped rule's series branch is right: at 1e-8 it agrees
    Case(G, "so3_log_coeff_rule_slipped", _at(theta=[1e-8]), "float64", "ok",
         _each("theta", [1e-8], _log_coeff_taylor_slope)),
    # input errors
    Case(G, "von_mises_log_norm", "kappa=3", "float64", "input-error", wrt="Kappa", message=("Kappa", "kappa")),
    Case(G, "student_t_logpdf", "x=1.5,nu=1e300e", "float64", "input-error", message=("1e300e",)),
    Case(G, "student_logpdf", _at(**STUDENT), "float64", "input-error", message=("student_logpdf",)),
    Case(G, "gev_logpdf", "x=1.5", "float64", "input-error", message=("xi",)),
]

NP = [
    Case(N, "so3_exp_apply", _at(w=[1e-300, 0, 0]), "float64", "unstable", _so3([1e-300, 0, 0]),
         "rotated = p + np.sin(theta) / theta * (k @ p) + (1 - np.cos(theta)) / theta ** 2 * (k @ (k @ p))"),
    Case(N, "so3_exp_apply", _at(w=W), "float64", "ok", _so3(W)),
    Case(N, "so3_log_coeff", "theta=1e-08", "float64", "unstable", _scalar("theta", 1e-8, _log_coeff_slope),
         "return theta / (2 * np.sin(theta))"),
    Case(N, "poincare_distance", _at(u=U, v=V_NEAR), "float64", "unstable", _numeric(_poincare, u=U, v=V_NEAR),
         "return np.arccosh(1 + 2 * duv / ((1 - np.sum(u ** 2)) * (1 - np.sum(v ** 2))))"),
    Case(N, "sabr_z_over_x", _at(z=1e-8, rho=RHO), "float64", "unstable", _numeric(_sabr, z=1e-8, rho=RHO),
         "x = np.log((np.sqrt(1 - 2 * rho * z + z ** 2) + z - rho) / (1 - rho))"),
    Case(N, "student_t_logpdf", _at(**STUDENT_HUGE), "float64", "unstable", _closed(_student_t_slopes, **STUDENT_HUGE),
         "return (special.gammaln((nu + 1) / 2) - special.gammaln(nu / 2) - 0.5 * np.log(nu * np.pi)"),
    Case(N, "student_t_scipy", _at(**STUDENT), "float64", "ok", _closed(_student_t_slopes, **STUDENT)),
    Case(N, "student_t_scipy", _at(**STUDENT_HUGE), "float64", "ok", _closed(_student_t_slopes, **STUDENT_HUGE)),
    Case(N, "von_mises_log_norm", "kappa=100000", "float64", "unstable", _scalar("kappa", 1e5, _von_mises_slope),
         "return np.log(2 * np.pi * special.i0(kappa))"),
    Case(N, "von_mises_log_norm_i0e", "kappa=100000", "float64", "ok", _scalar("kappa", 1e5, _von_mises_slope)),
    Case(N, "gev_logpdf_log1p", _at(x=1.5, xi=1e-300), "float64", "unstable", _numeric(_gev, x=1.5, xi=1e-300),
         "y = np.log1p(xi * x) / xi"),
    Case(N, "gev_scipy", _at(x=1.5, c=-0.2), "float64", "ok", _numeric(_gev_scipy, x=1.5, c=-0.2)),
    Case(N, "gev_scipy", _at(x=1.5, c=1e-300), "float64", "ok", _numeric(_gev_scipy, x=1.5, c=1e-300)),
    # SciPy's c = 0 is the Gumbel: smooth through it
    Case(N, "gev_scipy", _at(x=1.5, c=0), "float64", "ok", _numeric(lambda x, c: _gev_series(x, -c), x=1.5, c=0)),
    Case(N, "von_mises_log_norm_i0e", "kappa=1e-300", "float64", "unstable",
         _scalar("kappa", 1e-300, _von_mises_slope), "return np.log(2 * np.pi) + np.log(special.i0e(kappa)) + kappa"),
    Case(N, "gpd_scipy", _at(x=2, c=1e-300), "float64", "ok", _numeric(_gpd_scipy, x=2, c=1e-300)),
    Case(N, "cloglog", "p=1e-300", "float64", "unstable", _scalar("p", 1e-300, _cloglog_slope),
         "return np.log(-np.log(1 - p))"),
    Case(N, "cloglog_log1p", "p=1e-300", "float64", "ok", _scalar("p", 1e-300, _cloglog_slope)),
    Case(N, "tweedie_deviance", _at(y=2, mu=3, p=P_NEAR_1), "float64", "unstable",
         _numeric(_tweedie, y=2, mu=3, p=P_NEAR_1),
         "return 2 * (y ** (2 - p) / ((1 - p) * (2 - p)) - y * mu ** (1 - p) / (1 - p) + mu ** (2 - p) / (2 - p))"),
    Case(N, "rotate_scipy", _at(w=W), "float64", "input-error", message=("Rotation", "numpy_lib44c.py")),
]


def _f32(func, **point):
    return _numeric(func, "float32", **point)


FLOAT32 = [
    Case(G, "so3_exp_apply", _at(w=[1e-20, 0, 0]), "float32", "unstable", _f32(_so3_exact, w=[1e-20, 0, 0]),
         "b = (1 - gnp.cos(theta)) / theta ** 2"),
    Case(G, "so3_exp_apply_taylor", _at(w=[1e-20, 0, 0]), "float32", "ok", _f32(_so3_taylor, w=[1e-20, 0, 0])),
    Case(G, "so3_log_coeff_taylor", "theta=1e-20", "float32", "ok",
         hp(lambda: {"theta": _log_coeff_taylor_slope(_f(1e-20, "float32"))})),
    Case(G, "poincare_distance_asinh", _at(u=U, v=[0.1, 0.2001]), "float32", "ok",
         _f32(_poincare, u=U, v=[0.1, 0.2001])),
    Case(G, "von_mises_log_norm_i0e", "kappa=100000", "float32", "ok",
         hp(lambda: {"kappa": _von_mises_slope(_f(1e5, "float32"))})),
    Case(G, "cloglog_log1p", "p=1e-30", "float32", "ok", hp(lambda: {"p": _cloglog_slope(_f(1e-30, "float32"))})),
    Case(G, "cloglog", "p=1e-30", "float32", "unstable", hp(lambda: {"p": _cloglog_slope(_f(1e-30, "float32"))}),
         "return gnp.log(-gnp.log(1 - p))"),
    Case(G, "gev_logpdf_series", _at(x=1.5, xi=1e-30), "float32", "ok", _f32(_gev_series, x=1.5, xi=1e-30)),
]

POINCARE_1D = "arccosh(1 + 2*(u - v)^2/((1 - u^2)*(1 - v^2)))"
POINCARE_1D_ASINH = "2*asinh(abs(u - v)/sqrt((1 - u^2)*(1 - v^2)))"


def _poincare_1d(u, v):
    return _poincare([u], [v])


FORMULAS = [
    Case(F, POINCARE_1D, "u=0.5,v=0.5000000001", "float64", "unstable",
         _numeric(_poincare_1d, u=0.5, v=0.5000000001)),
    Case(F, POINCARE_1D, "u=0.5,v=0.5", "float64", "domain", _nans(u=None, v=None)),
    Case(F, POINCARE_1D_ASINH, "u=0.5,v=0.5000000001", "float64", "ok", _numeric(_poincare_1d, u=0.5, v=0.5000000001)),
    Case(F, "x/(2*sin(x))", "x=1e-300", "float64", "unstable", _scalar("x", 1e-300, _log_coeff_slope)),
    Case(F, "log(-log(1 - p))", "p=1e-300", "float64", "unstable", _scalar("p", 1e-300, _cloglog_slope)),
    Case(F, "log(-log1p(-p))", "p=1e-300", "float64", "ok", _scalar("p", 1e-300, _cloglog_slope)),
    Case(F, "-(1 + 1/xi)*log1p(xi*x)", "x=2,xi=1e-300", "float64", "unstable", _numeric(_gpd, x=2, xi=1e-300)),
    Case(F, "gammaln((nu + 1)/2) - gammaln(nu/2) - 0.5*log(nu)", "nu=1e300", "float64", "input-error",
         message=("gammaln",)),
    Case(F, "log(i0e(k)) + k", "k=100000", "float64", "ok", _scalar("k", 1e5, _von_mises_slope)),
]

ALL = GN + NP + FLOAT32 + FORMULAS
