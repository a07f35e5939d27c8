"""The thirty-second trial set (third part): issue 27's classes on Python functions written against gradcli.numpy and
gradcli.scipy, on plain NumPy and on formulas, in domains not tried before: a relativistic kinetic energy at v = 1e-9
and 1e-300 ((1 - v^2)^-1/2 - 1 cancelling to 0 where it is 5e-19; rationalised and by expm1(-log1p(-v^2)/2)),
rapidity by arctanh at subnormals and 1 - 2^-53 and by its log form (1 + v)/(1 - v) rounding to 1, velocity addition
near c (its quotient rule's 1/D - N w/D^2 cancelling), a rectangular barrier's transmission at k a = 400 and 4700
(sinh^2 overflowing; its slope 1e-4080 shown by its digits by a stable log form), a Morse potential at 1e-10 from its
minimum (1 - e^-ax losing digits), Hermite functions of order 60 by their recurrence at x = 40 (e^-800 underflowing
where psi_60 is 1e-252) and log-scaled, binary entropy in bits by xlogy/xlog1py and by entr at 5e-324 and 1 - 2^-53,
the AWGN capacity at an SNR of 1e-300, Bernoulli KL divergences with p/q at a subnormal and at p = q + 1e-14, the
upper half-plane's distance by arccosh (1 + 5e-21 rounding to 1; 0/0 near the boundary) and by asinh of a hypot (at
u = v: no derivative), Richardson extrapolation of sin' inside a loss (steps 1e-3 and 1e-9), log erfc at 27 and 30
(erfc subnormal, then 0) and by a continued fraction, log1p(x)/x with its series by where (the taken branch's
quotient rule cancelling 5e299 against 5e299), log E1 at 750 and 800, E1 at 800 (slope 4e-350 by its digits), log Ei
at 720 (overflowing), Fresnel integrals at 1e5 (pi x^2 / 2 = 5e9 pi: a slope of exactly 0 in S), betaln at 1e300
beside 2.5 (a slope of -2.5e-300), log of Student's t cdf at -1e10, -1e110 and -1e200, log Q(1e4, x) at 2e4 (Q
underflowing) and Q itself (a slope of 1e-1337 by its digits), a leaky relu, a min of x and 1 - x and a clip at
subnormals, far from their switches, a cross-entropy at logits of +-800, logsumexp with a weight of 1e-300, a norm at
1e-300 and 1e200, and cross-entropy by xlogy at subnormals.

Truths are the mathematics written here in mpmath at 2,000 digits (closed forms written here, never the user file's
code); points are the numbers the dtype holds, constants the float64 numbers the program writes (a formula's numbers
exact). A case whose ``file`` is "formula" checks the formula in ``function``.
"""

import mpmath

from cases import Case
from cases5 import _in, hp
from cases21c import _at, _each
from cases26c import _closed

G, N, F = "gn_lib32c.py", "numpy_lib32c.py", "formula"


def _f(value):
    """A float64 constant of the program, exactly."""
    return mpmath.mpf(float(value))


NAN = mpmath.nan


# --- the mathematics, written here ---------------------------------------------------------------------------------

def _kinetic_slopes(v, m):
    """K = m (gamma - 1), gamma = (1 - v^2)^-1/2: dK/dv = m v gamma^3, dK/dm = gamma - 1."""
    out = {"v": [], "m": []}
    for a, b in zip(v, m):
        gamma = 1 / mpmath.sqrt(1 - a * a)
        out["v"].append(b * a * gamma ** 3)
        out["m"].append(gamma - 1)
    return out


def _rapidity_slope(v):
    return 1 / (1 - v * v)


def _addition_slopes(u, w):
    """(u + w) / (1 + u w): d/du = (1 - w^2) / (1 + u w)^2, d/dw = (1 - u^2) / (1 + u w)^2."""
    return {"u": [(1 - b * b) / (1 + a * b) ** 2 for a, b in zip(u, w)],
            "w": [(1 - a * a) / (1 + a * b) ** 2 for a, b in zip(u, w)]}


def _transmission_parts(e, a):
    """T = 1 / (1 + c S), c = 1 / (4 E (1 - E)), S = sinh(k a)^2, k = sqrt(2 (1 - E)); (T, dT/dE, dT/da)."""
    k = mpmath.sqrt(2 * (1 - e))
    c = 1 / (4 * e * (1 - e))
    dc = -(1 - 2 * e) / (4 * e * e * (1 - e) ** 2)
    sh, ch = mpmath.sinh(k * a), mpmath.cosh(k * a)
    s = sh * sh
    t = 1 / (1 + c * s)
    ds_de = 2 * sh * ch * a * (-1 / k)
    ds_da = 2 * sh * ch * k
    return t, -t * t * (dc * s + c * ds_de), -t * t * c * ds_da


def _transmission_slopes(energy, width):
    out = {"energy": [], "width": []}
    for e, a in zip(energy, width):
        _, de, da = _transmission_parts(e, a)
        out["energy"].append(de)
        out["width"].append(da)
    return out


def _log_transmission_slopes(energy, width):
    out = {"energy": [], "width": []}
    for e, a in zip(energy, width):
        t, de, da = _transmission_parts(e, a)
        out["energy"].append(de / t)
        out["width"].append(da / t)
    return out


def _morse_slope(x):
    """V = D (1 - e^(-alpha x))^2: V' = 2 D alpha e^(-alpha x) (1 - e^(-alpha x))."""
    depth, alpha = _f(4.7), _f(1.9)
    e = mpmath.exp(-alpha * x)
    return 2 * depth * alpha * e * (1 - e)


def _hermite_psi(n, x):
    """The normalised Hermite function H_n(x) e^(-x^2/2) / sqrt(2^n n! sqrt(pi))."""
    if n < 0:
        return mpmath.mpf(0)
    return mpmath.hermite(n, x) * mpmath.exp(-x * x / 2) / mpmath.sqrt(2 ** n * mpmath.factorial(n) * mpmath.sqrt(mpmath.pi))


def _hermite_slope(x, n=60):
    """psi_n' = sqrt(n/2) psi_(n-1) - sqrt((n+1)/2) psi_(n+1)."""
    return mpmath.sqrt(mpmath.mpf(n) / 2) * _hermite_psi(n - 1, x) - mpmath.sqrt(mpmath.mpf(n + 1) / 2) * _hermite_psi(n + 1, x)


def _entropy_bits_slope(p):
    """dH/dp = log2((1 - p) / p)."""
    return mpmath.log((1 - p) / p) / mpmath.log(2)


def _capacity_slope(snr):
    return 1 / ((1 + snr) * mpmath.log(2))


def _kl_slopes(p, q):
    """KL = p log(p/q) + (1-p) log((1-p)/(1-q)): d/dp = log(p/q) - log((1-p)/(1-q)), d/dq = -p/q + (1-p)/(1-q)."""
    return {"p": [mpmath.log(a / b) - mpmath.log((1 - a) / (1 - b)) for a, b in zip(p, q)],
            "q": [-a / b + (1 - a) / (1 - b) for a, b in zip(p, q)]}


def _halfplane_slopes(u, v):
    """d = 2 asinh(s), s = r / (2 sqrt(u_y v_y)), r = |u - v|; dd = 2 ds / sqrt(1 + s^2)."""
    (u0, u1), (v0, v1) = u, v
    r = mpmath.sqrt((u0 - v0) ** 2 + (u1 - v1) ** 2)
    if r == 0:
        return {"u": [NAN, NAN], "v": [NAN, NAN]}
    root = mpmath.sqrt(u1 * v1)
    s = r / (2 * root)
    scale = 2 / mpmath.sqrt(1 + s * s)
    ds_u0 = (u0 - v0) / (r * 2 * root)
    ds_u1 = (u1 - v1) / (r * 2 * root) - s / (2 * u1)
    ds_v1 = -(u1 - v1) / (r * 2 * root) - s / (2 * v1)
    return {"u": [scale * ds_u0, scale * ds_u1], "v": [-scale * ds_u0, scale * ds_v1]}


def _richardson_slope(x, small, large):
    """f = (4 D(h/2) - D(h)) / 3, D(h) = (sin(x + h) - sin(x - h)) / (2h): f' the same of cos (h, h/2: the program's)."""
    def d(h):
        return (mpmath.cos(x + h) - mpmath.cos(x - h)) / (2 * h)
    return (4 * d(_f(small)) - d(_f(large))) / 3


def _log_erfc_slope(x):
    """d/dx log erfc(x) = -2 e^(-x^2) / (sqrt(pi) erfc(x))."""
    return -2 * mpmath.exp(-x * x) / (mpmath.sqrt(mpmath.pi) * mpmath.erfc(x))


def _continued_fraction_slope(x):
    """f = -x^2 - log sqrt(pi) - log t_1, t_k = x + (k/2) / t_(k+1) for k = 24..1, t_25 = x; forward derivative."""
    t, dt = x, mpmath.mpf(1)
    for k in range(24, 0, -1):
        c = mpmath.mpf(k) / 2
        t, dt = x + c / t, 1 - c * dt / (t * t)
    return -2 * x - dt / t


def _log1p_over_x_slope(x):
    """-1/2 on the series branch (|x| < 1e-300), else 1 / (x (1 + x)) - log1p(x) / x^2."""
    if abs(x) < _f(1e-300):
        return mpmath.mpf(-1) / 2
    return 1 / (x * (1 + x)) - mpmath.log1p(x) / (x * x)


def _log_exp1_slope(x):
    return -mpmath.exp(-x) / (x * mpmath.e1(x))


def _exp1_slope(x):
    return -mpmath.exp(-x) / x


def _log_expi_slope(x):
    return mpmath.exp(x) / (x * mpmath.ei(x))


def _fresnel_slope(x):
    """S + 2C: sin(pi x^2 / 2) + 2 cos(pi x^2 / 2)."""
    angle = mpmath.pi * x * x / 2
    return mpmath.sin(angle) + 2 * mpmath.cos(angle)


def _betaln_slopes(a, b):
    return {"a": [mpmath.digamma(x) - mpmath.digamma(x + y) for x, y in zip(a, b)],
            "b": [mpmath.digamma(y) - mpmath.digamma(x + y) for x, y in zip(a, b)]}


def _student3_log_slope(t):
    """d/dt log F for Student's t with 3 degrees of freedom: F = 1/2 + (u / (1 + u^2) + atan u) / pi, u = t / sqrt 3,
    f = 6 sqrt 3 / (pi (3 + t^2)^2)."""
    u = t / mpmath.sqrt(3)
    cdf = mpmath.mpf(1) / 2 + (u / (1 + u * u) + mpmath.atan(u)) / mpmath.pi
    density = 6 * mpmath.sqrt(3) / (mpmath.pi * (3 + t * t) ** 2)
    return density / cdf


def _gamma_tail_density(x, a):
    """d/dx Q(a, x) = -x^(a-1) e^-x / Gamma(a)."""
    return -mpmath.exp((a - 1) * mpmath.log(x) - x - mpmath.loggamma(a))


def _log_gamma_tail_slope(x):
    a = _f(1e4)
    return _gamma_tail_density(x, a) / mpmath.gammainc(a, x, mpmath.inf, regularized=True)


def _gamma_tail_slope(x):
    return _gamma_tail_density(x, _f(1e4))


def _leaky_slope(x, dtype="float64"):
    """1 right of 0, the program's 1e-3 (as the dtype holds it) left of it."""
    return mpmath.mpf(1) if x > 0 else _in(dtype, [1e-3])[0]


def _edge_slope(x):
    return mpmath.mpf(1) if x < 1 - x else mpmath.mpf(-1)


def _clipped_log_slope(p):
    return 1 / p if _f(1e-300) < p < _f(0.5) else mpmath.mpf(0)


def _softmax(xs):
    top = max(xs)
    e = [mpmath.exp(v - top) for v in xs]
    return [v / sum(e) for v in e]


def _cross_entropy_slopes(z):
    s = _softmax(z)
    return {"z": [v - (1 if i == 0 else 0) for i, v in enumerate(s)]}


def _weighted_logsumexp_slopes(z, w):
    """log sum w_i e^(z_i): d/dz_i = w_i e^(z_i) / S, d/dw_i = e^(z_i) / S."""
    top = max(z)
    e = [mpmath.exp(v - top) for v in z]
    total = sum(a * b for a, b in zip(w, e))
    return {"z": [a * b / total for a, b in zip(w, e)], "w": [b / total for b in e]}


def _norm_slopes(x):
    n = mpmath.sqrt(sum(v * v for v in x))
    return {"x": [v / n for v in x]}


def _xlogy_slopes(q, p):
    """-sum q log p: d/dq = -log p, d/dp = -q / p."""
    return {"q": [-mpmath.log(b) for b in p], "p": [-a / b for a, b in zip(q, p)]}


# --- the cases -----------------------------------------------------------------------------------------------------

GN = [
    # 1 / sqrt(1 - 1e-18) rounds to 1: the kinetic energy 0 where it is 5e-19
    Case(G, "kinetic_energy_naive", _at(v=[1e-9], m=[2]), "float64", "unstable", _closed(_kinetic_slopes, v=[1e-9], m=[2]),
         "return gnp.sum(m * (1 / gnp.sqrt(1 - v ** 2) - 1))"),
    Case(G, "kinetic_energy_naive", _at(v=[0.6, -0.3], m=[2, 1]), "float64", "ok",
         _closed(_kinetic_slopes, v=[0.6, -0.3], m=[2, 1])),
    Case(G, "kinetic_energy", _at(v=[1e-9, 1e-300, 0.6, 0.9999999999999999], m=[2, 1, 2, 1]), "float64", "ok",
         _closed(_kinetic_slopes, v=[1e-9, 1e-300, 0.6, 0.9999999999999999], m=[2, 1, 2, 1])),
    Case(G, "kinetic_energy_log", _at(v=[1e-9, 1e-300, 0.6], m=[2, 1, 2]), "float64", "ok",
         _closed(_kinetic_slopes, v=[1e-9, 1e-300, 0.6], m=[2, 1, 2])),
    Case(G, "rapidity", _at(v=[1e-300, 5e-324, 0.9999999999999999, -0.5]), "float64", "ok",
         _each("v", [1e-300, 5e-324, 0.9999999999999999, -0.5], _rapidity_slope)),
    # (1 + v) / (1 - v) rounds to 1: the rapidity 0 where it is 1e-17
    Case(G, "rapidity_by_log", _at(v=[1e-17]), "float64", "unstable", _each("v", [1e-17], _rapidity_slope),
         "return gnp.sum(0.5 * gnp.log((1 + v) / (1 - v)))"),
    Case(G, "rapidity_by_log", _at(v=[0.5, -0.25]), "float64", "ok", _each("v", [0.5, -0.25], _rapidity_slope)),
    # the quotient rule's 1/D - N w / D^2 = 1/2 - 1/2 where the slope is (1 - w^2) / D^2 = 5.5e-17, computed 1.1e-16:
    # ok since 9c9f9767 (a lone number where an exact 0 would pass is measured by the data's reach): the input's
    # one-ulp move to 1 - 2^-52 moves the slope to 1.1e-16, so the digits lost are the rounding of the input
    Case(G, "velocity_addition", _at(u=[0.9999999999999999], w=[0.9999999999999999]), "float64", "ok",
         _closed(_addition_slopes, u=[0.9999999999999999], w=[0.9999999999999999])),
    Case(G, "velocity_addition", _at(u=[0.5, 1e-300], w=[0.25, 0.9]), "float64", "ok",
         _closed(_addition_slopes, u=[0.5, 1e-300], w=[0.25, 0.9])),
    # sinh(400)^2 overflows: 1 / (1 + inf) is a right 0, its slope -inf / inf^2 NaN where the exact one is 1e-344
    Case(G, "transmission", _at(energy=[0.5], width=[400]), "float64", "unstable",
         _closed(_transmission_slopes, energy=[0.5], width=[400])),
    Case(G, "transmission", _at(energy=[0.5, 0.9], width=[2, 1]), "float64", "ok",
         _closed(_transmission_slopes, energy=[0.5, 0.9], width=[2, 1])),
    Case(G, "log_transmission", _at(energy=[0.5], width=[400]), "float64", "unstable",
         _closed(_log_transmission_slopes, energy=[0.5], width=[400])),
    Case(G, "log_transmission_stable", _at(energy=[0.5, 0.9, 0.5], width=[400, 1, 4700]), "float64", "ok",
         _closed(_log_transmission_slopes, energy=[0.5, 0.9, 0.5], width=[400, 1, 4700])),
    # T = e^-9400-ish: 0 in float64 (rightly), its slopes 1e-4080 shown by their digits
    Case(G, "transmission_stable", _at(energy=[0.5], width=[4700]), "float64", "ok",
         _closed(_transmission_slopes, energy=[0.5], width=[4700])),
    # 1 - e^(-1.9e-10) keeps six digits fewer than the potential has
    Case(G, "morse_naive", _at(x=[1e-10]), "float64", "unstable", _each("x", [1e-10], _morse_slope),
         "return gnp.sum(DEPTH * (1 - gnp.exp(-ALPHA * x)) ** 2)"),
    Case(G, "morse_naive", _at(x=[0.5, -0.2, 200]), "float64", "ok", _each("x", [0.5, -0.2, 200], _morse_slope)),
    Case(G, "morse", _at(x=[1e-10, 1e-300, 0.5, -0.2]), "float64", "ok", _each("x", [1e-10, 1e-300, 0.5, -0.2], _morse_slope)),
    Case(G, "hermite_function", _at(x=[5, -3, 0.5]), "float64", "ok", _each("x", [5, -3, 0.5], _hermite_slope)),
    # psi_0(40) = e^-800 underflows to 0: every psi_k is 0 where psi_60(40) is 1e-252
    Case(G, "hermite_function", _at(x=[40]), "float64", "unstable", _each("x", [40], _hermite_slope)),
    # psi_60(40) / |phi_60(40)| = e^-800 underflows in log's backward: the log path's share of the slope (4%) is lost
    Case(G, "hermite_function_scaled", _at(x=[40]), "float64", "unstable", _each("x", [40], _hermite_slope),
         "return gnp.sum(gnp.sign(current) * gnp.exp(gnp.log(gnp.abs(current)) - x ** 2 / 2))"),
    Case(G, "hermite_function_scaled", _at(x=[5, -3, 0.5]), "float64", "ok", _each("x", [5, -3, 0.5], _hermite_slope)),
    Case(G, "binary_entropy_bits", _at(p=[5e-324, 1e-300, 0.5, 0.9999999999999999]), "float64", "ok",
         _each("p", [5e-324, 1e-300, 0.5, 0.9999999999999999], _entropy_bits_slope)),
    Case(G, "binary_entropy_entr", _at(p=[1e-300, 0.25, 0.9999999999999999]), "float64", "ok",
         _each("p", [1e-300, 0.25, 0.9999999999999999], _entropy_bits_slope)),
    # 1 + 1e-300 rounds to 1: the capacity 0 where it is 1.4e-300
    Case(G, "awgn_capacity_naive", _at(snr=[1e-300]), "float64", "unstable", _each("snr", [1e-300], _capacity_slope),
         "return gnp.sum(gnp.log2(1 + snr))", "log1p("),
    Case(G, "awgn_capacity_naive", _at(snr=[3, 0.5]), "float64", "ok", _each("snr", [3, 0.5], _capacity_slope)),
    Case(G, "awgn_capacity", _at(snr=[1e-300, 5e-324, 3]), "float64", "ok", _each("snr", [1e-300, 5e-324, 3], _capacity_slope)),
    Case(G, "bernoulli_kl", _at(p=[0.3, 0.9], q=[0.5, 0.2]), "float64", "ok", _closed(_kl_slopes, p=[0.3, 0.9], q=[0.5, 0.2])),
    # p / q = 5e-324 / 0.3 is subnormal: log of it is off by 0.12 where the slope is -742
    Case(G, "bernoulli_kl", _at(p=[5e-324], q=[0.3]), "float64", "unstable", _closed(_kl_slopes, p=[5e-324], q=[0.3])),
    Case(G, "bernoulli_kl_split", _at(p=[5e-324, 1e-300, 0.3], q=[0.3, 0.2, 0.5]), "float64", "ok",
         _closed(_kl_slopes, p=[5e-324, 1e-300, 0.3], q=[0.3, 0.2, 0.5])),
    # p = q + 1e-14: log(p/q) and log((1-p)/(1-q)) keep two digits of their difference
    Case(G, "bernoulli_kl", _at(p=[0.30000000000001], q=[0.3]), "float64", "unstable",
         _closed(_kl_slopes, p=[0.30000000000001], q=[0.3])),
    # 1 + 5e-21 rounds to 1: arccosh(1) = 0, its slope inf times 1e-10
    Case(G, "halfplane_distance_naive", _at(u=[0, 1], v=[1e-10, 1]), "float64", "unstable",
         _closed(_halfplane_slopes, u=[0, 1], v=[1e-10, 1]), "return gnp.arccosh(1 + d2 / (2 * u[1] * v[1]))"),
    Case(G, "halfplane_distance_naive", _at(u=[0.5, 2], v=[-1, 0.3]), "float64", "ok",
         _closed(_halfplane_slopes, u=[0.5, 2], v=[-1, 0.3])),
    # near the boundary the squares and the product underflow: 0 / 0
    Case(G, "halfplane_distance_naive", _at(u=[0, 1e-300], v=[1e-300, 2e-300]), "float64", "unstable",
         _closed(_halfplane_slopes, u=[0, 1e-300], v=[1e-300, 2e-300])),
    Case(G, "halfplane_distance", _at(u=[0, 1], v=[1e-10, 1]), "float64", "ok", _closed(_halfplane_slopes, u=[0, 1], v=[1e-10, 1])),
    Case(G, "halfplane_distance", _at(u=[0, 1e-300], v=[1e-300, 2e-300]), "float64", "ok",
         _closed(_halfplane_slopes, u=[0, 1e-300], v=[1e-300, 2e-300])),
    Case(G, "halfplane_distance", _at(u=[0.5, 2], v=[-1, 0.3]), "float64", "ok",
         _closed(_halfplane_slopes, u=[0.5, 2], v=[-1, 0.3])),
    # at u = v the distance is a cone: no derivative
    Case(G, "halfplane_distance", _at(u=[0.5, 2], v=[0.5, 2]), "float64", "domain",
         _closed(_halfplane_slopes, u=[0.5, 2], v=[0.5, 2])),
    Case(G, "richardson_slope", _at(x=[0.7, -2]), "float64", "ok", _each("x", [0.7, -2], lambda x: _richardson_slope(x, 5e-4, 1e-3))),
    # sin(x + 1e-9) - sin(x - 1e-9) keeps seven of its sixteen digits
    Case(G, "richardson_slope_tiny_step", _at(x=[0.7]), "float64", "unstable",
         _each("x", [0.7], lambda x: _richardson_slope(x, 1e-9, 2e-9))),
    # erfc(27) = 5e-319 is subnormal: five digits of it go; erfc(30) = 0
    Case(G, "log_erfc_naive", _at(x=[27]), "float64", "unstable", _each("x", [27], _log_erfc_slope)),
    Case(G, "log_erfc_naive", _at(x=[30]), "float64", "unstable", _each("x", [30], _log_erfc_slope)),
    Case(G, "log_erfc_naive", _at(x=[3, -1]), "float64", "ok", _each("x", [3, -1], _log_erfc_slope)),
    Case(G, "log_erfc_continued_fraction", _at(x=[30, 27, 1e10, 8]), "float64", "ok",
         _each("x", [30, 27, 1e10, 8], _continued_fraction_slope)),
    # the idle branch's backward at 5e-324: x / y^2 with y^2 underflowing, 0 * inf, NaN (its exact slope is -1/2):
    # an op overflowing in the dtype, not a where leaking a pole
    Case(G, "log1p_over_x", _at(x=[5e-324]), "float64", "unstable", _each("x", [5e-324], _log1p_over_x_slope),
         "return gnp.sum(gnp.where(gnp.abs(x) < 1e-300, 1 - x / 2, gnp.log1p(x) / x))"),
    Case(G, "log1p_over_x", _at(x=[0.5, -0.25]), "float64", "ok", _each("x", [0.5, -0.25], _log1p_over_x_slope)),
    # the formula's branch at 2e-300: 1 / (x (1 + x)) - log1p(x) / x^2 = 5e299 - 5e299 where the slope is -1/2
    Case(G, "log1p_over_x", _at(x=[2e-300]), "float64", "unstable", _each("x", [2e-300], _log1p_over_x_slope)),
    Case(G, "log_exp1", _at(x=[1e-300, 5, 100]), "float64", "ok", _each("x", [1e-300, 5, 100], _log_exp1_slope)),
    # E1(740) = 8e-325 rounds to a subnormal: the log is off; E1(800) = 0
    Case(G, "log_exp1", _at(x=[735]), "float64", "unstable", _each("x", [735], _log_exp1_slope)),
    Case(G, "log_exp1", _at(x=[800]), "float64", "unstable", _each("x", [800], _log_exp1_slope)),
    # E1(800) = 4e-351 is a right 0; its slope -4e-351 by its digits
    Case(G, "exp1_sum", _at(x=[800, 1e-300, 2]), "float64", "ok", _each("x", [800, 1e-300, 2], _exp1_slope)),
    Case(G, "log_expi", _at(x=[50, 700]), "float64", "ok", _each("x", [50, 700], _log_expi_slope)),
    # Ei(720) overflows
    Case(G, "log_expi", _at(x=[720]), "float64", "unstable", _each("x", [720], _log_expi_slope)),
    # pi x^2 / 2 = 5e9 pi at x = 1e5: dS/dx is exactly 0, dC/dx exactly 1
    Case(G, "fresnel_sum", _at(x=[1e5, 100000.5, 0.3]), "float64", "ok", _each("x", [1e5, 100000.5, 0.3], _fresnel_slope)),
    # psi(1e300) - psi(1e300 + 2.5) = -2.5e-300, not 0
    Case(G, "betaln_sum", _at(a=[1e300, 0.5], b=[2.5, 3]), "float64", "ok", _closed(_betaln_slopes, a=[1e300, 0.5], b=[2.5, 3])),
    Case(G, "betaln_sum", _at(a=[1e10], b=[2.5]), "float64", "ok", _closed(_betaln_slopes, a=[1e10], b=[2.5])),
    Case(G, "log_student_tail", _at(t=[-1e10, -3, 0.5]), "float64", "ok", _each("t", [-1e10, -3, 0.5], _student3_log_slope)),
    # F(-1e110) = 1e-330 is subnormal: its log loses digits; F(-1e200) = 0
    Case(G, "log_student_tail", _at(t=[-1e110]), "float64", "unstable", _each("t", [-1e110], _student3_log_slope)),
    Case(G, "log_student_tail", _at(t=[-1e200]), "float64", "unstable", _each("t", [-1e200], _student3_log_slope)),
    Case(G, "log_gamma_tail", _at(x=[10100, 9900]), "float64", "ok", _each("x", [10100, 9900], _log_gamma_tail_slope)),
    # Q(1e4, 2e4) = 1e-1337 underflows: log(0)
    Case(G, "log_gamma_tail", _at(x=[20000]), "float64", "unstable", _each("x", [20000], _log_gamma_tail_slope)),
    # Q itself: a right 0, its slope 1e-1337 by its digits
    Case(G, "gamma_tail", _at(x=[20000, 10100]), "float64", "ok", _each("x", [20000, 10100], _gamma_tail_slope)),
    # 1e-3 x rounds to -0.0 at -5e-324 and to 0 at 5e-324: each entry's max is the exact one's, far from the switch at 0
    Case(G, "leaky_relu", _at(x=[-5e-324, 5e-324, -1e-300, 1e-300, -2]), "float64", "ok",
         _each("x", [-5e-324, 5e-324, -1e-300, 1e-300, -2], _leaky_slope)),
    Case(G, "distance_to_edge", _at(x=[5e-324, 1e-300, 0.9999999999999999, 0.25]), "float64", "ok",
         _each("x", [5e-324, 1e-300, 0.9999999999999999, 0.25], _edge_slope)),
    Case(G, "clipped_log", _at(p=[5e-324, 2e-300, 0.3, 0.75]), "float64", "ok",
         _each("p", [5e-324, 2e-300, 0.3, 0.75], _clipped_log_slope)),
    # slopes e^-1600 - 1, 1 - e^-800, e^-800: the last two's tails by their digits
    Case(G, "softmax_cross_entropy", _at(z=[-800, 800, 0]), "float64", "ok", _closed(_cross_entropy_slopes, z=[-800, 800, 0])),
    Case(G, "softmax_cross_entropy", _at(z=[5e-324, -1e-300, 1e300]), "float64", "ok",
         _closed(_cross_entropy_slopes, z=[5e-324, -1e-300, 1e300])),
    Case(G, "weighted_logsumexp", _at(z=[800, 800], w=[1e-300, 1]), "float64", "ok",
         _closed(_weighted_logsumexp_slopes, z=[800, 800], w=[1e-300, 1])),
    Case(G, "weighted_logsumexp", _at(z=[-800, 0, 5e-324], w=[2, 5e-324, 1]), "float64", "ok",
         _closed(_weighted_logsumexp_slopes, z=[-800, 0, 5e-324], w=[2, 5e-324, 1])),
    # the squares underflow (1e-600) and overflow (1e400): the norm 0 and inf where it is 1.4e-300 and 1.4e200
    Case(G, "vector_norm", _at(x=[1e-300, -1e-300]), "float64", "unstable", _closed(_norm_slopes, x=[1e-300, -1e-300])),
    Case(G, "vector_norm", _at(x=[1e200, 1e200]), "float64", "unstable", _closed(_norm_slopes, x=[1e200, 1e200])),
    Case(G, "vector_norm", _at(x=[3, -4]), "float64", "ok", _closed(_norm_slopes, x=[3, -4])),
    Case(G, "cross_entropy_xlogy", _at(q=[5e-324, 0.5, 0], p=[1e-300, 0.5, 5e-324]), "float64", "ok",
         _closed(_xlogy_slopes, q=[5e-324, 0.5, 0], p=[1e-300, 0.5, 5e-324])),
]

NP = [
    Case(N, "kinetic_energy_naive", _at(v=[1e-9], m=[2]), "float64", "unstable", _closed(_kinetic_slopes, v=[1e-9], m=[2]),
         "return np.sum(m * (1 / np.sqrt(1 - v ** 2) - 1))"),
    Case(N, "kinetic_energy", _at(v=[1e-9, 1e-300, 0.6], m=[2, 1, 2]), "float64", "ok",
         _closed(_kinetic_slopes, v=[1e-9, 1e-300, 0.6], m=[2, 1, 2])),
    Case(N, "rapidity", _at(v=[1e-300, 5e-324, 0.9999999999999999]), "float64", "ok",
         _each("v", [1e-300, 5e-324, 0.9999999999999999], _rapidity_slope)),
    Case(N, "rapidity_by_log", _at(v=[1e-17]), "float64", "unstable", _each("v", [1e-17], _rapidity_slope),
         "return np.sum(0.5 * np.log((1 + v) / (1 - v)))"),
    Case(N, "transmission", _at(energy=[0.5], width=[400]), "float64", "unstable",
         _closed(_transmission_slopes, energy=[0.5], width=[400])),
    Case(N, "transmission", _at(energy=[0.5, 0.9], width=[2, 1]), "float64", "ok",
         _closed(_transmission_slopes, energy=[0.5, 0.9], width=[2, 1])),
    Case(N, "hermite_function", _at(x=[5, -3]), "float64", "ok", _each("x", [5, -3], _hermite_slope)),
    Case(N, "hermite_function", _at(x=[40]), "float64", "unstable", _each("x", [40], _hermite_slope)),
    Case(N, "binary_entropy_bits", _at(p=[5e-324, 1e-300, 0.5]), "float64", "ok",
         _each("p", [5e-324, 1e-300, 0.5], _entropy_bits_slope)),
    Case(N, "halfplane_distance_naive", _at(u=[0, 1], v=[1e-10, 1]), "float64", "unstable",
         _closed(_halfplane_slopes, u=[0, 1], v=[1e-10, 1]), "return np.arccosh(1 + d2 / (2 * u[1] * v[1]))"),
    Case(N, "halfplane_distance", _at(u=[0, 1e-300], v=[1e-300, 2e-300]), "float64", "ok",
         _closed(_halfplane_slopes, u=[0, 1e-300], v=[1e-300, 2e-300])),
    Case(N, "log_exp1", _at(x=[800]), "float64", "unstable", _each("x", [800], _log_exp1_slope),
         "return np.sum(np.log(special.exp1(x)))"),
    Case(N, "log_exp1", _at(x=[1e-300, 100]), "float64", "ok", _each("x", [1e-300, 100], _log_exp1_slope)),
    Case(N, "log_student_tail", _at(t=[-1e200]), "float64", "unstable", _each("t", [-1e200], _student3_log_slope)),
    Case(N, "log_student_tail", _at(t=[-1e10, 0.5]), "float64", "ok", _each("t", [-1e10, 0.5], _student3_log_slope)),
    Case(N, "log_erfc_continued_fraction", _at(x=[30, 1e10]), "float64", "ok", _each("x", [30, 1e10], _continued_fraction_slope)),
    Case(N, "log1p_over_x", _at(x=[5e-324]), "float64", "unstable", _each("x", [5e-324], _log1p_over_x_slope),
         "return np.sum(np.where(np.abs(x) < 1e-300, 1 - x / 2, np.log1p(x) / x))"),
    Case(N, "log1p_over_x", _at(x=[0.5]), "float64", "ok", _each("x", [0.5], _log1p_over_x_slope)),
    Case(N, "log1p_over_x", _at(x=[2e-300]), "float64", "unstable", _each("x", [2e-300], _log1p_over_x_slope)),
    Case(N, "leaky_relu", _at(x=[-5e-324, 5e-324, -1e-300]), "float64", "ok", _each("x", [-5e-324, 5e-324, -1e-300], _leaky_slope)),
    Case(N, "distance_to_edge", _at(x=[5e-324, 0.9999999999999999]), "float64", "ok",
         _each("x", [5e-324, 0.9999999999999999], _edge_slope)),
    Case(N, "clipped_log", _at(p=[5e-324, 2e-300, 0.75]), "float64", "ok", _each("p", [5e-324, 2e-300, 0.75], _clipped_log_slope)),
    Case(N, "softmax_cross_entropy", _at(z=[-800, 800, 0]), "float64", "ok", _closed(_cross_entropy_slopes, z=[-800, 800, 0])),
    Case(N, "awgn_capacity_naive", _at(snr=[1e-300]), "float64", "unstable", _each("snr", [1e-300], _capacity_slope),
         "return np.sum(np.log2(1 + snr))", "np.log1p("),
    Case(N, "fresnel_sum", _at(x=[1e5, 100000.5, -0.3]), "float64", "ok", _each("x", [1e5, 100000.5, -0.3], _fresnel_slope)),
]

FLOAT32 = [
    # float32's 1 - v^2 at v = 1e-4 rounds 1e-8 away: the kinetic energy 0 where it is 1e-8
    Case(G, "kinetic_energy_naive", _at(v=[1e-4], m=[1]), "float32", "unstable",
         _closed(_kinetic_slopes, "float32", v=[1e-4], m=[1]), "return gnp.sum(m * (1 / gnp.sqrt(1 - v ** 2) - 1))"),
    Case(G, "kinetic_energy", _at(v=[1e-4, 1e-30, 0.6], m=[1, 1, 2]), "float32", "ok",
         _closed(_kinetic_slopes, "float32", v=[1e-4, 1e-30, 0.6], m=[1, 1, 2])),
    Case(G, "rapidity", _at(v=[1e-40, 0.99999994, -0.5]), "float32", "ok",
         _each("v", [1e-40, 0.99999994, -0.5], _rapidity_slope, "float32")),
    Case(G, "fresnel_sum", _at(x=[4096, 4096.5, 0.3]), "float32", "ok", _each("x", [4096, 4096.5, 0.3], _fresnel_slope, "float32")),
    Case(G, "leaky_relu", _at(x=[-1e-45, 1e-45, -1e-30]), "float32", "ok", _each("x", [-1e-45, 1e-45, -1e-30], lambda x: _leaky_slope(x, "float32"), "float32")),
]


def _scalar(name, value, slope):
    return hp(lambda: {name: slope(_in("float64", [value])[0])})


def _formula_kinetic(v):
    (b,) = _in("float64", [v])
    return {"b": _kinetic_slopes([b], [mpmath.mpf(1)])["v"][0]}


def _formula_halfplane(d):
    """acosh(1 + d^2 / 2) = 2 asinh(d / 2): slope 1 / sqrt(1 + d^2 / 4)."""
    (x,) = _in("float64", [d])
    return {"d": 1 / mpmath.sqrt(1 + x * x / 4)}


def _formula_tunnel():
    """exp(-2 k a): d/dk = -2a e^(-2ka), d/da = -2k e^(-2ka) at k = 1, a = 4700."""
    k, a = mpmath.mpf(1), mpmath.mpf(4700)
    e = mpmath.exp(-2 * k * a)
    return {"k": -2 * a * e, "a": -2 * k * e}


FORMULAS = [
    Case(F, "1/sqrt(1 - b**2) - 1", "b=1e-9", "float64", "unstable", hp(lambda: _formula_kinetic(1e-9))),
    Case(F, "b**2/(sqrt(1 - b**2)*(1 + sqrt(1 - b**2)))", "b=1e-9", "float64", "ok", hp(lambda: _formula_kinetic(1e-9))),
    Case(F, "expm1(-log1p(-b*b)/2)", "b=1e-9", "float64", "ok", hp(lambda: _formula_kinetic(1e-9))),
    Case(F, "atanh(v)", "v=5e-324", "float64", "ok", _scalar("v", 5e-324, _rapidity_slope)),
    Case(F, "log((1 + v)/(1 - v))/2", "v=1e-17", "float64", "unstable", _scalar("v", 1e-17, _rapidity_slope)),
    Case(F, "acosh(1 + d*d/2)", "d=1e-10", "float64", "unstable", hp(lambda: _formula_halfplane(1e-10))),
    Case(F, "2*asinh(d/2)", "d=1e-10", "float64", "ok", hp(lambda: _formula_halfplane(1e-10))),
    Case(F, "log(erfc(x))", "x=30", "float64", "unstable", _scalar("x", 30, _log_erfc_slope)),
    Case(F, "log(1 + s)/log(2)", "s=1e-300", "float64", "unstable", _scalar("s", 1e-300, _capacity_slope)),
    Case(F, "log1p(s)/log(2)", "s=1e-300", "float64", "ok", _scalar("s", 1e-300, _capacity_slope)),
    Case(F, "log2(1 + s)", "s=1e-300", "float64", "unstable", _scalar("s", 1e-300, _capacity_slope)),
    Case(F, "-(xlogy(p, p) + xlog1py(1 - p, -p))/log(2)", "p=5e-324", "float64", "ok",
         _scalar("p", 5e-324, _entropy_bits_slope)),
    Case(F, "max(x, 0.001*x)", "x=-5e-324", "float64", "ok", _scalar("x", -5e-324, _leaky_slope)),
    Case(F, "min(x, 1 - x)", "x=5e-324", "float64", "ok", _scalar("x", 5e-324, _edge_slope)),
    Case(F, "exp(-2*k*a)", "k=1,a=4700", "float64", "ok", hp(_formula_tunnel)),
    Case(F, "4.7*(1 - exp(-1.9*x))**2", "x=1e-10", "float64", "unstable",
         _scalar("x", 1e-10, lambda x: 2 * mpmath.mpf("4.7") * mpmath.mpf("1.9") * mpmath.exp(-mpmath.mpf("1.9") * x)
                 * (1 - mpmath.exp(-mpmath.mpf("1.9") * x)))),
    Case(F, "4.7*expm1(-1.9*x)**2", "x=1e-10", "float64", "ok",
         _scalar("x", 1e-10, lambda x: 2 * mpmath.mpf("4.7") * mpmath.mpf("1.9") * mpmath.exp(-mpmath.mpf("1.9") * x)
                 * (1 - mpmath.exp(-mpmath.mpf("1.9") * x)))),
]


def _log_sigmoid_slope(x):
    """d/dx log sigma(x) = 1 / (1 + e^x) (e^-1e300 at 1e300: an mpf's exponent holds it)."""
    return 1 / (1 + mpmath.exp(x))


def _softplus_slope(x):
    return 1 / (1 + mpmath.exp(-x))


def _pair_slopes(x, y):
    """logaddexp(x, y) + logaddexp2(x, y): d/dx = sigma(x - y) + 2^x / (2^x + 2^y)."""
    return {"x": 1 / (1 + mpmath.exp(y - x)) + 1 / (1 + mpmath.power(2, y - x)),
            "y": 1 / (1 + mpmath.exp(x - y)) + 1 / (1 + mpmath.power(2, x - y))}


def _rel_entr_slopes(p, q):
    """p log(p / q): d/dp = log(p / q) + 1, d/dq = -p / q."""
    return {"p": [mpmath.log(a / b) + 1 for a, b in zip(p, q)], "q": [-a / b for a, b in zip(p, q)]}


def _softmax_jacobian(z):
    s = _softmax(z)
    return {"z": [[s[i] * ((1 if i == j else 0) - s[j]) for j in range(len(z))] for i in range(len(z))]}


MORE = [
    # slopes e^-1e300 (by its digits' exponent), 1, 1/2 and e^-800
    Case(G, "log_sigmoid_sum", _at(x=[1e300, -800, 5e-324, 800]), "float64", "ok",
         _each("x", [1e300, -800, 5e-324, 800], _log_sigmoid_slope)),
    Case(G, "softplus_sum", _at(x=[-1e300, 800, -800, 5e-324]), "float64", "ok",
         _each("x", [-1e300, 800, -800, 5e-324], _softplus_slope)),
    # the slope in x[1] is 1e-600, past float64's range: by its digits
    Case(G, "norm3_by_hypot", _at(x=[1e300, 1e-300, 3]), "float64", "ok", _closed(_norm_slopes, x=[1e300, 1e-300, 3])),
    Case(G, "norm3_by_hypot", _at(x=[5e-324, -5e-324, 1e-310]), "float64", "ok", _closed(_norm_slopes, x=[5e-324, -5e-324, 1e-310])),
    Case(G, "log_partition_pair", _at(x=800, y=-800), "float64", "ok", _closed(_pair_slopes, x=800, y=-800)),
    Case(G, "log_partition_pair", _at(x=5e-324, y=-5e-324), "float64", "ok", _closed(_pair_slopes, x=5e-324, y=-5e-324)),
    Case(G, "log_partition_pair", _at(x=-1e300, y=1e-300), "float64", "ok", _closed(_pair_slopes, x=-1e300, y=1e-300)),
    Case(G, "relative_entropy", _at(p=[5e-324, 1e-300, 0.5], q=[5e-324, 1e-300, 0.25]), "float64", "ok",
         _closed(_rel_entr_slopes, p=[5e-324, 1e-300, 0.5], q=[5e-324, 1e-300, 0.25])),
    # the idle branch log1p(e^800) overflows: its slope, 1 exactly, is 0 * inf in the dtype
    Case(G, "softplus_by_where", _at(x=[800]), "float64", "unstable", _each("x", [800], _softplus_slope),
         "return gnp.sum(gnp.where(x > 0, x + gnp.log1p(gnp.exp(-x)), gnp.log1p(gnp.exp(x))))"),
    # and at -800 the idle branch x + log1p(e^800) overflows the same way
    Case(G, "softplus_by_where", _at(x=[-800]), "float64", "unstable", _each("x", [-800], _softplus_slope),
         "return gnp.sum(gnp.where(x > 0, x + gnp.log1p(gnp.exp(-x)), gnp.log1p(gnp.exp(x))))"),
    Case(G, "softplus_by_where", _at(x=[3, -2, 1e-300]), "float64", "ok", _each("x", [3, -2, 1e-300], _softplus_slope)),
    Case(G, "softmax_probabilities", _at(z=[800, -800, 0]), "float64", "ok", _closed(_softmax_jacobian, z=[800, -800, 0])),
    Case(G, "softmax_probabilities", _at(z=[5e-324, 1e-300, -1e-300]), "float64", "ok",
         _closed(_softmax_jacobian, z=[5e-324, 1e-300, -1e-300])),
]


def _growth_slopes(rate, years):
    """G = (1 + r/n)^(n t), n = 1e17: dG/dr = t (1 + r/n)^(n t - 1), dG/dt = n log(1 + r/n) G."""
    n = _f(1e17)
    out = {"rate": [], "years": []}
    for r, t in zip(rate, years):
        g = (1 + r / n) ** (n * t)
        out["rate"].append(t * g / (1 + r / n))
        out["years"].append(n * mpmath.log1p(r / n) * g)
    return out


def _poisson_slopes(lam):
    """sum_k k log(lam_k) - lam_k - log k!: d/dlam_k = k / lam_k - 1 (0 / lam = 0 where k = 0)."""
    return {"lam": [k / v - 1 for k, v in zip([0, 3, 1], lam)]}


COUNTING = [
    # 1 + 5e-19 rounds to 1: the growth 1 where it is e^0.05, its slope in the rate 1 where it is e^0.05
    Case(G, "compound_growth_naive", _at(rate=[0.05], years=[1]), "float64", "unstable",
         _closed(_growth_slopes, rate=[0.05], years=[1]), "return gnp.sum((1 + rate / PERIODS) ** (PERIODS * years))"),
    Case(G, "compound_growth", _at(rate=[0.05, 1e-200, -0.5], years=[1, 2, 30]), "float64", "ok",
         _closed(_growth_slopes, rate=[0.05, 1e-200, -0.5], years=[1, 2, 30])),
    # r / n = 1e-317 is subnormal: seven digits of it go
    Case(G, "compound_growth", _at(rate=[1e-300], years=[2]), "float64", "unstable",
         _closed(_growth_slopes, rate=[1e-300], years=[2]),
         "return gnp.sum(gnp.exp(PERIODS * years * gnp.log1p(rate / PERIODS)))"),
    Case(N, "compound_growth_naive", _at(rate=[0.05], years=[1]), "float64", "unstable",
         _closed(_growth_slopes, rate=[0.05], years=[1]), "return np.sum((1 + rate / 1e17) ** (1e17 * years))"),
    Case(N, "compound_growth", _at(rate=[0.05, 1e-200], years=[1, 2]), "float64", "ok",
         _closed(_growth_slopes, rate=[0.05, 1e-200], years=[1, 2])),
    Case(G, "poisson_log_likelihood", _at(lam=[5e-324, 1e-300, 2.5]), "float64", "ok",
         _closed(_poisson_slopes, lam=[5e-324, 1e-300, 2.5])),
]


def _barrier_tree_slopes():
    slopes = _log_transmission_slopes(_in("float64", [0.5, 0.9]), _in("float64", [4700, 1]))
    return {"params.barrier.energy": slopes["energy"], "params.barrier.width": slopes["width"]}


TREES = [
    Case(G, "barrier_log_transmission", None, "float64", "ok", hp(_barrier_tree_slopes), args="barrier_args", wrt="params"),
    Case(G, "barrier_log_transmission", None, "float64", "ok",
         hp(lambda: {"params.barrier.width": _log_transmission_slopes(_in("float64", [0.5]), _in("float64", [400]))["width"]}),
         args="thick_barrier_args", wrt="params.barrier.width"),
]

ALL = GN + NP + FLOAT32 + FORMULAS + MORE + COUNTING + TREES
