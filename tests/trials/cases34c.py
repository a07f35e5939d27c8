"""The thirty-fourth trial set (third part): issue 27's classes on Python functions written against gradcli.numpy and
gradcli.scipy, on plain NumPy and on formulas, in domains not tried before: heat exchangers (the log-mean temperature
difference at equal end differences, 0/0, and 1e-10 apart, its quotient rule cancelling; by log1p with a series; a
counterflow exchanger's effectiveness at a capacity ratio of 1 and 1 - 1e-12, naive and by exprel; a fin's efficiency
tanh(m)/m at 0, 1e-300 and 1e-5), semiconductor devices (Shockley's diode current past e^709 with its current still a
float64 number, its log at 1e-305 where I_s expm1(v) is subnormal, silicon's intrinsic carrier density at 1 K and 0.5 K,
slopes of 1e-2800 and 1e-5600 by their digits, and at 5e-324 K, 1e-(5.7e326)), logistic growth at r t = +-800,
generalised-mean pooling at 1e+-120 (x^3 overflowing and underflowing) and by logsumexp, Atkinson's inequality index
1e-12 from an aversion of 1 and at 1 (1^inf), Hellinger, Jensen-Shannon (xlogy and entr) and Bhattacharyya divergences
at subnormal, equal (proven-0 slopes) and overflowing probabilities, a log-logistic log-survival at a shape of 400,
a Zipf law's first share 1 / zeta(s) at s = 300 and 1000 (zeta's slope in s, 3.4e-91, from a value 1 + 2^-300) and a
Zipf-Mandelbrot share whose s-slope cancels 1 against 1 - 1e-41; special functions at subnormal and huge arguments
(erfcx, dawsn, exp1, gammaln, digamma, ndtri, lambertw, i0e and k0e, spence at 1, where its rule is 0/0), soft-argmax
at temperatures 1e-3, 1e-300 and 5e-324, attention pooling at +-800 and 1e300, log-mean-exp at 5e-324 and 1e300, L1
and max norms at a tie; a parameter tree of exchangers by --args and --wrt by path, float32, formulas of the same
classes and input errors a user makes.

Truths are the mathematics written here in mpmath at 2,000 digits (closed forms, or mpmath.diff of an expression
written here through `num_grad`), never the user file's code; points are the numbers the dtype holds, constants the
float64 numbers the program writes (a formula's numbers exact). A point where the code's own expression is 0/0 or
1^inf (an LMTD at equal ends, a fin at m = 0) has no number and no derivative: its truth is NaN.
"""

import mpmath

from cases import Case
from cases5 import _in, hp
from cases12a import num_grad
from cases21c import _at, _each
from cases26c import _closed

G, N, F = "gn_lib34c.py", "numpy_lib34c.py", "formula"
NAN = mpmath.nan


def _f(value):
    """A float64 constant of the program, exactly."""
    return mpmath.mpf(float(value))


def _nan_where(truth, name, positions):
    """``truth`` with ``name``'s entries at ``positions`` replaced by NaN (no derivative there)."""
    def run():
        out = truth()
        out[name] = [NAN if k in positions else v for k, v in enumerate(out[name])]
        return out
    return run


# --- the mathematics, written here ---------------------------------------------------------------------------------

def _lmtd_slopes(hot, cold):
    """L = (a - b) / log(a/b): dL/da = 1/D - (a - b)/(a D^2), dL/db = -1/D + (a - b)/(b D^2); 1/2 each at a = b."""
    out = {"hot": [], "cold": []}
    for a, b in zip(hot, cold):
        if a == b:
            out["hot"].append(mpmath.mpf(1) / 2)
            out["cold"].append(mpmath.mpf(1) / 2)
            continue
        d = mpmath.log(a / b)
        out["hot"].append(1 / d - (a - b) / (a * d * d))
        out["cold"].append(-1 / d + (a - b) / (b * d * d))
    return out


def _no_slopes(**point):
    return {name: [NAN] * len(values) for name, values in point.items()}


def _effectiveness(ntu, ratio):
    """(1 - e^-u) / (1 - C e^-u), u = N (1 - C); N / (1 + N) at C = 1."""
    if ratio == 1:
        return ntu / (1 + ntu)
    e = mpmath.exp(-ntu * (1 - ratio))
    return (1 - e) / (1 - ratio * e)


def _effectiveness_slopes(ntu, ratio):
    """By mpmath.diff at 2,000 digits, entry by entry; at C = 1, where a step beside it cancels as the program does,
    by the limit's slopes d/dN = 1/(1 + N)^2, d/dC = -N^2 / (2 (1 + N)^2)."""
    out = {"ntu": [], "ratio": []}
    for n, c in zip(ntu, ratio):
        if c == 1:
            out["ntu"].append(1 / (1 + n) ** 2)
            out["ratio"].append(-n * n / (2 * (1 + n) ** 2))
            continue
        out["ntu"].append(mpmath.diff(lambda t: _effectiveness(t, c), n))
        out["ratio"].append(mpmath.diff(lambda t: _effectiveness(n, t), c))
    return out


def _fin_slope(m):
    """(tanh m / m)' = (m sech^2 m - tanh m) / m^2; 0 at m = 0."""
    if m == 0:
        return mpmath.mpf(0)
    return (m * mpmath.sech(m) ** 2 - mpmath.tanh(m)) / (m * m)


SATURATION = _f(1e-14)


def _diode_slope(v):
    return SATURATION * mpmath.exp(v)


def _shifted_diode_slope(v):
    """d/dv e^(v + L), L the program's float64 log(1e-14)."""
    return mpmath.exp(v + _f(-32.23619130191664))


def _log_diode_slope(v):
    """d/dv log(I_s expm1(v)) = e^v / expm1(v)."""
    return mpmath.exp(v) / mpmath.expm1(v)


def _intrinsic_slope(t):
    """n = N T^1.5 e^(-Eg/2T): n' = N e^(-Eg/2T) T^0.5 (1.5 + Eg / (2T))."""
    n, gap = _f(5.2e15), _f(13000.0)
    return n * mpmath.exp(-gap / (2 * t)) * (mpmath.mpf(3) / 2 + gap / (2 * t)) * mpmath.sqrt(t)


def _logistic_slopes(rate, time, odds=None):
    """N = K / (1 + A e^-rt): dN/dr = K A t e^-rt / (1 + A e^-rt)^2, dN/dt = K A r e^-rt / (...)^2."""
    k = mpmath.mpf(1000)
    a = mpmath.mpf(99) if odds is None else odds
    out = {"rate": [], "time": []}
    for r, t in zip(rate, time):
        e = mpmath.exp(-r * t)
        common = k * a * e / (1 + a * e) ** 2
        out["rate"].append(common * t)
        out["time"].append(common * r)
    return out


def _logistic_slopes_stable(rate, time):
    """The stable spelling's constant A is e^(its float64 log 99)."""
    return _logistic_slopes(rate, time, mpmath.exp(_f(4.59511985013459)))


def _gem_slopes(x, p):
    """G = (mean x^p)^(1/p): dG/dx_i = G^(1-p) x_i^(p-1) / n, dG/dp = G (-log M / p^2 + mean(x^p log x) / (p M))."""
    n = len(x)
    m = sum(v ** p for v in x) / n
    g = m ** (1 / p)
    dx = [g ** (1 - p) * v ** (p - 1) / n for v in x]
    dp = g * (-mpmath.log(m) / p ** 2 + sum(v ** p * mpmath.log(v) for v in x) / (n * p * m))
    return {"x": dx, "p": dp}


def _atkinson(y0, y1, y2, aversion):
    """1 - (mean y^(1-e))^(1/(1-e)) / mean y; the geometric mean at e = 1."""
    ys = [y0, y1, y2]
    p = 1 - aversion
    mean = sum(ys) / 3
    if p == 0:
        ede = mpmath.exp(sum(mpmath.log(y) for y in ys) / 3)
    else:
        ede = (sum(y ** p for y in ys) / 3) ** (1 / p)
    return 1 - ede / mean


def _atkinson_slopes(incomes, aversion):
    """By mpmath.diff at 2,000 digits; in the aversion at 1, where a step beside it cancels, by the limit's slope
    (G / mean y) var(log y) / 2, G the geometric mean."""
    by_steps = num_grad(lambda incomes, aversion: _atkinson(*incomes, aversion), incomes=incomes, aversion=aversion)
    if aversion != 1:
        return by_steps

    def truth():
        out = by_steps()
        logs = [mpmath.log(y) for y in _in("float64", incomes)]
        centre = sum(logs) / 3
        spread = sum((v - centre) ** 2 for v in logs) / 3
        out["aversion"] = mpmath.exp(centre) / (sum(_in("float64", incomes)) / 3) * spread / 2
        return out
    return hp(truth)


def _hellinger_slopes(p, q):
    """(1/2) sum (sqrt p - sqrt q)^2: d/dp = (1 - sqrt(q/p)) / 2."""
    return {"p": [(1 - mpmath.sqrt(b / a)) / 2 if a else NAN for a, b in zip(p, q)],
            "q": [(1 - mpmath.sqrt(a / b)) / 2 if b else NAN for a, b in zip(p, q)]}


def _jensen_shannon_slopes(p, q):
    """d/dp_i = log(p_i / m_i) / 2, m = (p + q) / 2 (-inf at p_i = 0: no derivative there)."""
    m = [(a + b) / 2 for a, b in zip(p, q)]
    return {"p": [mpmath.log(a / c) / 2 if a else NAN for a, c in zip(p, m)],
            "q": [mpmath.log(b / c) / 2 if b else NAN for b, c in zip(q, m)]}


def _bhattacharyya_slopes(p, q):
    """-log S, S = sum sqrt(p q): d/dp_i = -sqrt(q_i / p_i) / (2 S)."""
    s = sum(mpmath.sqrt(a * b) for a, b in zip(p, q))
    return {"p": [-mpmath.sqrt(b / a) / (2 * s) for a, b in zip(p, q)],
            "q": [-mpmath.sqrt(a / b) / (2 * s) for a, b in zip(p, q)]}


def _log_logistic_slopes(t, scale, shape):
    """-log(1 + r), r = (t/a)^b: d/dt = -(b/t) r/(1+r), d/da = (b/a) r/(1+r), d/db = -log(t/a) r/(1+r)."""
    out = {"t": [], "scale": [], "shape": []}
    for x, a, b in zip(t, scale, shape):
        r = mpmath.power(x / a, b)
        w = r / (1 + r)
        out["t"].append(-b / x * w)
        out["scale"].append(b / a * w)
        out["shape"].append(-mpmath.log(x / a) * w)
    return out


def _zipf_slope(s):
    """(1 / zeta(s))' = -zeta'(s) / zeta(s)^2, zeta' = -sum log(n) n^-s."""
    return -mpmath.zeta(s, 1, 1) / mpmath.zeta(s) ** 2


def _shifted_zipf_slopes(s, q):
    """f = q^-s / zeta(s, q): df/ds = -f (log q + zeta_s / zeta), df/dq = -s q^(-s-1) / zeta + s q^-s zeta(s+1, q) / zeta^2."""
    out = {"s": [], "q": []}
    for a, b in zip(s, q):
        z = mpmath.zeta(a, b)
        f = mpmath.power(b, -a) / z
        out["s"].append(-f * (mpmath.log(b) + mpmath.zeta(a, b, 1) / z))
        out["q"].append(-a * mpmath.power(b, -a - 1) / z + a * mpmath.power(b, -a) * mpmath.zeta(a + 1, b) / z ** 2)
    return out


def _mills_slope(x):
    """c1 erfcx(x / c2) with the program's float64 sqrt(pi/2) and sqrt 2: (c1/c2) (2u erfcx(u) - 2/sqrt(pi))."""
    c1, c2 = _f(1.2533141373155001), _f(1.4142135623730951)
    u = x / c2
    return c1 / c2 * (2 * u * mpmath.exp(u * u) * mpmath.erfc(u) - 2 / mpmath.sqrt(mpmath.pi))


def _dawson_slope(x):
    """D' = 1 - 2x D; far out the asymptotic series -1/(2x^2) - 3/(4x^4) - 15/(8x^6)."""
    if abs(x) > 10 ** 100:
        return -1 / (2 * x ** 2) - 3 / (4 * x ** 4) - 15 / (8 * x ** 6)
    dawson = mpmath.sqrt(mpmath.pi) / 2 * mpmath.exp(-x * x) * mpmath.erfi(x)
    return 1 - 2 * x * dawson


def _exp1_slope(u):
    return -mpmath.exp(-u) / u


def _normal_quantile_slope(p):
    """1 / phi(z) = sqrt(2 pi) e^(z^2/2) at z = Phi^-1(p)."""
    z = -mpmath.sqrt(2) * mpmath.erfinv(1 - 2 * p)
    return mpmath.sqrt(2 * mpmath.pi) * mpmath.exp(z * z / 2)


def _lambert_slope(x):
    """W' = 1 / (x + e^W)."""
    return 1 / (x + mpmath.exp(mpmath.lambertw(x)))


def _scaled_bessel_slope(x):
    """(e^-x I0)' + (e^x K0)' = e^-x (I1 - I0) + e^x (K0 - K1); past 1e8 their asymptotic
    series to 1/x^2, whose next terms are 1e-16 of the first there."""
    if x > 10 ** 8:
        root = mpmath.sqrt(2 * mpmath.pi * x)
        return -(1 / (2 * x) + mpmath.mpf(3) / (16 * x * x)) / root \
            - mpmath.sqrt(mpmath.pi / (2 * x)) * (1 / (2 * x) - mpmath.mpf(3) / (16 * x * x))
    with mpmath.workdps(200):  # mpmath's besselk takes minutes at 2,000 digits; nothing here cancels past 200
        return (mpmath.exp(-x) * (mpmath.besseli(1, x) - mpmath.besseli(0, x))
                + mpmath.exp(x) * (mpmath.besselk(0, x) - mpmath.besselk(1, x)))


def _spence_slope(x):
    """SciPy's spence(x) = integral from 1 to x of log t / (1 - t): log x / (1 - x), -1 at x = 1."""
    return mpmath.mpf(-1) if x == 1 else mpmath.log(x) / (1 - x)


def _soft_argmax_slopes(scores, temperature):
    """f = sum w_i pos_i, w = softmax(z / T): df/dz_i = w_i (pos_i - f) / T, df/dT = -sum z_i df/dz_i / T, with
    pos_i - f = sum_j w_j (pos_i - pos_j): 1 - f is e^-5e299 at T = 1e-300, below any working precision."""
    z = [s / temperature for s in scores]
    top = max(z)
    e = [mpmath.exp(v - top) for v in z]
    w = [v / sum(e) for v in e]
    dz = [a * sum(b * (k - j) for j, b in enumerate(w)) / temperature for k, a in enumerate(w)]
    return {"scores": dz, "temperature": -sum(s * d for s, d in zip(scores, dz)) / temperature}


def _attention_slopes(scores, values):
    top = max(scores)
    e = [mpmath.exp(v - top) for v in scores]
    w = [v / sum(e) for v in e]
    f = sum(a * v for a, v in zip(w, values))
    return {"scores": [a * (v - f) for a, v in zip(w, values)], "values": w}


def _log_mean_exp_slopes(x):
    top = max(x)
    e = [mpmath.exp(v - top) for v in x]
    return {"x": [v / sum(e) for v in e]}


def _l1_max_slopes(x):
    top = max(abs(v) for v in x)
    tied = [k for k, v in enumerate(x) if abs(v) == top]
    return {"x": [NAN if len(tied) > 1 and k in tied else mpmath.sign(v) * (2 if k in tied else 1)
                  for k, v in enumerate(x)]}


# --- the cases -----------------------------------------------------------------------------------------------------

LMTD_RETURN = "return gnp.sum((hot - cold) / gnp.log(hot / cold))"

GN = [
    # equal end differences: the code's (a - b) / log(a/b) is 0/0 there, no number
    Case(G, "lmtd_naive", _at(hot=[20], cold=[20]), "float64", "domain", hp(lambda: _no_slopes(hot=[0], cold=[0]))),
    # 1e-10 apart: log(a/b) keeps six digits of the rounded a/b, and the quotient rule's 1/D - (a - b)/(a D^2) is 1e10 - 1e10
    Case(G, "lmtd_naive", _at(hot=[17.0000000017], cold=[17]), "float64", "unstable",
         _closed(_lmtd_slopes, hot=[17.0000000017], cold=[17]), LMTD_RETURN),
    Case(G, "lmtd_naive", _at(hot=[45, 80, 1e300], cold=[15, 20, 1e200]), "float64", "ok",
         _closed(_lmtd_slopes, hot=[45, 80, 1e300], cold=[15, 20, 1e200])),
    Case(G, "lmtd", _at(hot=[20, 17.0000000017, 45, 1e300, 1e-300], cold=[20, 17, 15, 1e200, 1e-300]), "float64", "ok",
         _closed(_lmtd_slopes, hot=[20, 17.0000000017, 45, 1e300, 1e-300], cold=[20, 17, 15, 1e200, 1e-300])),
    # C = 1: (1 - 1) / (1 - 1)
    Case(G, "counterflow_effectiveness_naive", _at(ntu=[2], ratio=[1]), "float64", "domain",
         hp(lambda: _no_slopes(ntu=[0], ratio=[0]))),
    # C = 1 - 1e-12: 1 - e^-u keeps four digits of u = 2e-12
    Case(G, "counterflow_effectiveness_naive", _at(ntu=[2], ratio=[0.999999999999]), "float64", "unstable",
         _closed(_effectiveness_slopes, ntu=[2], ratio=[0.999999999999])),
    Case(G, "counterflow_effectiveness_naive", _at(ntu=[0.5, 3, 800], ratio=[0.3, 0.75, 0]), "float64", "ok",
         _closed(_effectiveness_slopes, ntu=[0.5, 3, 800], ratio=[0.3, 0.75, 0])),
    # exprel's slope at 0 is 1/2: the d/dC at C = 1 is -N^2 / (2 (1 + N)^2)
    Case(G, "counterflow_effectiveness", _at(ntu=[2, 2, 0.5, 800, 5e-324], ratio=[1, 0.999999999999, 0.3, 0, 1]),
         "float64", "ok",
         _closed(_effectiveness_slopes, ntu=[2, 2, 0.5, 800, 5e-324], ratio=[1, 0.999999999999, 0.3, 0, 1])),
    Case(G, "fin_efficiency_naive", _at(m=[0]), "float64", "domain", hp(lambda: _no_slopes(m=[0]))),
    # m^2 underflows in the quotient rule: tanh(m)/m^2 = inf against sech^2/m = 1e300
    Case(G, "fin_efficiency_naive", _at(m=[1e-300]), "float64", "unstable", _each("m", [1e-300], _fin_slope),
         "return gnp.sum(gnp.tanh(m) / m)"),
    # sech^2 m / m - tanh m / m^2: 1e5 - 1e5 where the slope is -6.7e-6
    Case(G, "fin_efficiency_naive", _at(m=[1e-5]), "float64", "unstable", _each("m", [1e-5], _fin_slope)),
    Case(G, "fin_efficiency_naive", _at(m=[0.5, 3, 800, -2]), "float64", "ok", _each("m", [0.5, 3, 800, -2], _fin_slope)),
    Case(G, "fin_efficiency", _at(m=[0, 1e-300, 1e-5, 0.5, 800, -2]), "float64", "ok",
         _each("m", [0, 1e-300, 1e-5, 0.5, 800, -2], _fin_slope)),
    # the slope I_s e^v is exact however e^v - 1 cancels: beside e^30 the sum's value keeps its digits
    Case(G, "diode_current_naive", _at(v=[1e-10, 0.5, 30, -800]), "float64", "ok",
         _each("v", [1e-10, 0.5, 30, -800], _diode_slope)),
    # alone, e^v - 1 keeps seven digits of the current: the value is what is lost, its slope exact
    Case(G, "diode_current_naive", _at(v=[1e-10]), "float64", "unstable", _each("v", [1e-10], _diode_slope),
         "return gnp.sum(SATURATION * (gnp.exp(v) - 1))"),
    # e^720 overflows where I_s e^720 = 1e299 is a number
    Case(G, "diode_current_naive", _at(v=[720]), "float64", "unstable", _each("v", [720], _diode_slope),
         "return gnp.sum(SATURATION * (gnp.exp(v) - 1))"),
    # I_s e^750 = 5e311: beyond float64, no program can give it
    Case(G, "diode_current_naive", _at(v=[750]), "float64", "domain", _each("v", [750], _diode_slope)),
    Case(G, "diode_current", _at(v=[720, 1e-10, -800, 30]), "float64", "ok",
         _each("v", [720, 1e-10, -800, 30], _shifted_diode_slope)),
    # I_s expm1(1e-305) = 1e-319 is subnormal: 1 / it overflows
    Case(G, "log_diode_current_naive", _at(v=[1e-305]), "float64", "unstable", _each("v", [1e-305], _log_diode_slope),
         "return gnp.sum(gnp.log(SATURATION * gnp.expm1(v)))"),
    Case(G, "log_diode_current_naive", _at(v=[1e-10, 2, 700]), "float64", "ok",
         _each("v", [1e-10, 2, 700], _log_diode_slope)),
    Case(G, "log_diode_current", _at(v=[1e-305, 1e-10, 2, 700]), "float64", "ok",
         _each("v", [1e-305, 1e-10, 2, 700], _log_diode_slope)),
    # the slope 1 / 5e-324 = 2e323 is beyond float64
    Case(G, "log_diode_current", _at(v=[5e-324]), "float64", "domain", _each("v", [5e-324], _log_diode_slope)),
    # slopes of 1e-2800 and 1e-5600: text only, and float64's 0 is their rounding
    Case(G, "intrinsic_density", _at(temperature=[300, 1, 0.5]), "float64", "ok",
         _each("temperature", [300, 1, 0.5], _intrinsic_slope)),
    # Eg / (2 T^2) overflows to inf beside e^-inf = 0: 0 * inf where the slope is 10^-(5.7e326)
    Case(G, "intrinsic_density", _at(temperature=[5e-324]), "float64", "unstable",
         _each("temperature", [5e-324], _intrinsic_slope)),
    # e^800 overflows: K / inf, its slope 0 * inf
    Case(G, "logistic_growth_naive", _at(rate=[-8], time=[100]), "float64", "unstable",
         _closed(_logistic_slopes, rate=[-8], time=[100]),
         "return gnp.sum(CAPACITY / (1 + (CAPACITY / START - 1) * gnp.exp(-rate * time)))"),
    Case(G, "logistic_growth_naive", _at(rate=[8, 0.05, 7], time=[100, 20, 100]), "float64", "ok",
         _closed(_logistic_slopes, rate=[8, 0.05, 7], time=[100, 20, 100])),
    Case(G, "logistic_growth", _at(rate=[-8, 8, 0.05, 7], time=[100, 100, 20, 100]), "float64", "ok",
         _closed(_logistic_slopes_stable, rate=[-8, 8, 0.05, 7], time=[100, 100, 20, 100])),
    # x^3 overflows (1e360) and underflows (1e-360)
    Case(G, "gem_pool_naive", _at(x=[1e120, 2e120, 3e120], p=3), "float64", "unstable",
         _closed(_gem_slopes, x=[1e120, 2e120, 3e120], p=3), "return gnp.mean(x ** p) ** (1 / p)"),
    Case(G, "gem_pool_naive", _at(x=[1e-120, 2e-120, 3e-120], p=3), "float64", "unstable",
         _closed(_gem_slopes, x=[1e-120, 2e-120, 3e-120], p=3)),
    Case(G, "gem_pool_naive", _at(x=[0.5, 2, 3], p=3), "float64", "ok", _closed(_gem_slopes, x=[0.5, 2, 3], p=3)),
    Case(G, "gem_pool", _at(x=[1e120, 2e120, 3e120], p=3), "float64", "ok",
         _closed(_gem_slopes, x=[1e120, 2e120, 3e120], p=3)),
    Case(G, "gem_pool", _at(x=[1e-120, 2e-120, 3e-120], p=3), "float64", "ok",
         _closed(_gem_slopes, x=[1e-120, 2e-120, 3e-120], p=3)),
    Case(G, "gem_pool", _at(x=[1e-300, 1, 1e300], p=0.5), "float64", "ok", _closed(_gem_slopes, x=[1e-300, 1, 1e300], p=0.5)),
    # a slope of 5e310 in x[0]: beyond float64
    Case(G, "gem_pool", _at(x=[5e-324, 1, 1e300], p=0.5), "float64", "domain",
         _closed(_gem_slopes, x=[5e-324, 1, 1e300], p=0.5)),
    # p = 1e-12: mean y^p = 1 + 1e-12 mean log y keeps four digits, and its 1e12-th power keeps them
    Case(G, "atkinson_naive", _at(incomes=[10, 20, 70], aversion=0.999999999999), "float64", "unstable",
         _atkinson_slopes([10, 20, 70], 0.999999999999)),
    Case(G, "atkinson_naive", _at(incomes=[10, 20, 70], aversion=2), "float64", "ok", _atkinson_slopes([10, 20, 70], 2)),
    # 1/p at p = 0: the code's expression has no derivative in the aversion at 1 (its 1^inf is 1 in the incomes)
    Case(G, "atkinson_naive", _at(incomes=[10, 20, 70], aversion=1), "float64", "domain",
         hp(lambda: {"aversion": NAN}), wrt="aversion"),
    Case(G, "atkinson", _at(incomes=[10, 20, 70], aversion=0.999999999999), "float64", "ok",
         _atkinson_slopes([10, 20, 70], 0.999999999999)),
    Case(G, "atkinson", _at(incomes=[10, 20, 70], aversion=1), "float64", "ok", _atkinson_slopes([10, 20, 70], 1)),
    Case(G, "atkinson", _at(incomes=[10, 20, 70], aversion=0.5), "float64", "ok", _atkinson_slopes([10, 20, 70], 0.5)),
    # equal entries: slopes proven 0; 5e-324 beside 0.25: -1.1e161
    Case(G, "hellinger", _at(p=[5e-324, 0.3, 1e-300, 0.7], q=[0.25, 0.3, 1e-300, 0.45]), "float64", "ok",
         _closed(_hellinger_slopes, p=[5e-324, 0.3, 1e-300, 0.7], q=[0.25, 0.3, 1e-300, 0.45])),
    # sqrt's slope at 0 is infinite: the edge of the domain
    Case(G, "hellinger", _at(p=[0, 0.5], q=[0.25, 0.5]), "float64", "domain",
         _closed(_hellinger_slopes, p=[0, 0.5], q=[0.25, 0.5])),
    Case(G, "jensen_shannon", _at(p=[5e-324, 0.2, 1e-300], q=[0.5, 0.2, 3e-300]), "float64", "ok",
         _closed(_jensen_shannon_slopes, p=[5e-324, 0.2, 1e-300], q=[0.5, 0.2, 3e-300])),
    Case(G, "jensen_shannon", _at(p=[0, 0.5], q=[0.5, 0.5]), "float64", "domain",
         _closed(_jensen_shannon_slopes, p=[0, 0.5], q=[0.5, 0.5])),
    Case(G, "jensen_shannon_entr", _at(p=[5e-324, 0.2, 1e-300, 1e300], q=[0.5, 0.2, 3e-300, 1e300]), "float64", "ok",
         _closed(_jensen_shannon_slopes, p=[5e-324, 0.2, 1e-300, 1e300], q=[0.5, 0.2, 3e-300, 1e300])),
    # p + q overflows: entr's slope -(log inf + 1) where the slope is log(p/m)/2 = 0
    Case(G, "jensen_shannon_entr", _at(p=[1.7e308], q=[1.7e308]), "float64", "unstable",
         _closed(_jensen_shannon_slopes, p=[1.7e308], q=[1.7e308]),
         "return gnp.sum(sps.entr((p + q) / 2) - (sps.entr(p) + sps.entr(q)) / 2)"),
    # p q = 1e-400 underflows under the root
    Case(G, "bhattacharyya_naive", _at(p=[1e-200, 0.5], q=[1e-200, 0.5]), "float64", "unstable",
         _closed(_bhattacharyya_slopes, p=[1e-200, 0.5], q=[1e-200, 0.5]), "return -gnp.log(gnp.sum(gnp.sqrt(p * q)))"),
    Case(G, "bhattacharyya_naive", _at(p=[0.3, 0.5], q=[0.2, 0.1]), "float64", "ok",
         _closed(_bhattacharyya_slopes, p=[0.3, 0.5], q=[0.2, 0.1])),
    Case(G, "bhattacharyya", _at(p=[1e-200, 0.5, 5e-324], q=[1e-200, 0.5, 0.25]), "float64", "ok",
         _closed(_bhattacharyya_slopes, p=[1e-200, 0.5, 5e-324], q=[1e-200, 0.5, 0.25])),
    # (t/a)^400 = 1e400 overflows: log1p(inf), its slope inf / inf
    Case(G, "loglogistic_log_survival_naive", _at(t=[10], scale=[1], shape=[400]), "float64", "unstable",
         _closed(_log_logistic_slopes, t=[10], scale=[1], shape=[400]), "return gnp.sum(-gnp.log1p((t / scale) ** shape))"),
    Case(G, "loglogistic_log_survival_naive", _at(t=[2, 0.5], scale=[1, 1], shape=[3, 400]), "float64", "ok",
         _closed(_log_logistic_slopes, t=[2, 0.5], scale=[1, 1], shape=[3, 400])),
    Case(G, "loglogistic_log_survival", _at(t=[10, 2, 0.5, 1e-300, 1], scale=[1, 1, 1, 1, 1], shape=[400, 3, 400, 0.5, 7]),
         "float64", "ok",
         _closed(_log_logistic_slopes, t=[10, 2, 0.5, 1e-300, 1], scale=[1, 1, 1, 1, 1], shape=[400, 3, 400, 0.5, 7])),
    # zeta(300) = 1 + 2^-300: its slope -log 2 2^-300 = -3.4e-91 is a float64 number
    Case(G, "zipf_first_share", _at(s=[300, 2.5, 60, 1000]), "float64", "ok",
         _each("s", [300, 2.5, 60, 1000], _zipf_slope)),
    Case(G, "zipf_first_share_riemann", _at(s=[300, 2.5, 1000]), "float64", "ok",
         _each("s", [300, 2.5, 1000], _zipf_slope)),
    # q^-s / zeta(s, q) = 1 - 1e-41: its s-slope is a difference of two numbers near log q
    Case(G, "shifted_zipf_share", _at(s=[300], q=[2.7]), "float64", "unstable",
         _closed(_shifted_zipf_slopes, s=[300], q=[2.7])),
    Case(G, "shifted_zipf_share", _at(s=[2.5], q=[0.5]), "float64", "ok",
         _closed(_shifted_zipf_slopes, s=[2.5], q=[0.5])),
    # erfcx's slope -1/(sqrt(pi) u^2) at 1e300 is 1e-600: text only
    Case(G, "mills_ratio", _at(x=[1e300, 5e-324, -30, 40, 1e10]), "float64", "ok",
         _each("x", [1e300, 5e-324, -30, 40, 1e10], _mills_slope)),
    Case(G, "dawson_sum", _at(x=[1e300, 1e10, 5e-324, -1e-300, 3]), "float64", "ok",
         _each("x", [1e300, 1e10, 5e-324, -1e-300, 3], _dawson_slope)),
    Case(G, "theis_well", _at(u=[1e-300, 700, 1e-10, 5]), "float64", "ok", _each("u", [1e-300, 700, 1e-10, 5], _exp1_slope)),
    # -e^-u / u = -2e323 at 5e-324: beyond float64
    Case(G, "theis_well", _at(u=[5e-324]), "float64", "domain", _each("u", [5e-324], _exp1_slope)),
    Case(G, "log_gamma_sum", _at(x=[1e-300, 1e300, 1e-20, 2.5, -0.5]), "float64", "ok",
         _each("x", [1e-300, 1e300, 1e-20, 2.5, -0.5], mpmath.digamma)),
    Case(G, "digamma_sum", _at(x=[1e300, 1e-150, 1e17, -2.5]), "float64", "ok",
         _each("x", [1e300, 1e-150, 1e17, -2.5], lambda x: mpmath.polygamma(1, x))),
    # trigamma(1e-200) = 1e400
    Case(G, "digamma_sum", _at(x=[1e-200]), "float64", "domain", _each("x", [1e-200], lambda x: mpmath.polygamma(1, x))),
    Case(G, "normal_quantiles", _at(p=[1e-300, 0.5, 0.9999999999999999, 1e-20]), "float64", "ok",
         _each("p", [1e-300, 0.5, 0.9999999999999999, 1e-20], _normal_quantile_slope)),
    # 1 / phi(-38.5) = 8e324 at 5e-324: beyond float64
    Case(G, "normal_quantiles", _at(p=[5e-324]), "float64", "domain", _each("p", [5e-324], _normal_quantile_slope)),
    Case(G, "lambert_sum", _at(x=[1e300, 5e-324, 1e-300, 2]), "float64", "ok",
         _each("x", [1e300, 5e-324, 1e-300, 2], _lambert_slope)),
    Case(G, "scaled_bessel_sum", _at(x=[1e300, 1e-300, 2, 1e10]), "float64", "ok",
         _each("x", [1e300, 1e-300, 2, 1e10], _scaled_bessel_slope)),
    # spence's slope log x / (1 - x) is 0/0 at x = 1, where it is -1
    Case(G, "dilogarithm_sum", _at(x=[5e-324, 1e-300, 1e300, 1, 0.5]), "float64", "ok",
         _each("x", [5e-324, 1e-300, 1e300, 1, 0.5], _spence_slope)),
    # the slope in scores[1] is -1000 e^-500 = -7e-215, a float64 number the softmax's rule w (g - w.g) loses: the
    # mean w.g = 1 + e^-500 rounds to 1
    Case(G, "soft_argmax", _at(scores=[0, 1, 0.5], temperature=0.001), "float64", "unstable",
         _closed(_soft_argmax_slopes, scores=[0, 1, 0.5], temperature=0.001),
         "return gnp.sum(sps.softmax(scores / temperature) * POSITIONS)"),
    # slopes of e^-5e299 (text only), but the rule of z / T in T, -g (z / T) / T, overflows to 0 * inf
    Case(G, "soft_argmax", _at(scores=[0, 1, 0.5], temperature=1e-300), "float64", "unstable",
         _closed(_soft_argmax_slopes, scores=[0, 1, 0.5], temperature=1e-300),
         "return gnp.sum(sps.softmax(scores / temperature) * POSITIONS)"),
    Case(G, "soft_argmax", _at(scores=[0, 1, 0.5], temperature=0.05), "float64", "ok",
         _closed(_soft_argmax_slopes, scores=[0, 1, 0.5], temperature=0.05)),
    # z / 5e-324 overflows: softmax of [0, inf, inf] where the weights are [e^-2e323, 1, e^-1e323]
    Case(G, "soft_argmax", _at(scores=[0, 1, 0.5], temperature=5e-324), "float64", "unstable",
         _closed(_soft_argmax_slopes, scores=[0, 1, 0.5], temperature=5e-324),
         "return gnp.sum(sps.softmax(scores / temperature) * POSITIONS)"),
    Case(G, "attention_pool", _at(scores=[800, -800, 0], values=[1, 2, -3]), "float64", "ok",
         _closed(_attention_slopes, scores=[800, -800, 0], values=[1, 2, -3])),
    Case(G, "attention_pool", _at(scores=[1e300, 5e-324, -1e300], values=[1, 2, 3]), "float64", "ok",
         _closed(_attention_slopes, scores=[1e300, 5e-324, -1e300], values=[1, 2, 3])),
    Case(G, "attention_pool", _at(scores=[5e-324, 5e-324, 0], values=[1, 2, 4]), "float64", "ok",
         _closed(_attention_slopes, scores=[5e-324, 5e-324, 0], values=[1, 2, 4])),
    Case(G, "log_mean_exp", _at(x=[5e-324, 5e-324, -800]), "float64", "ok",
         _closed(_log_mean_exp_slopes, x=[5e-324, 5e-324, -800])),
    Case(G, "log_mean_exp", _at(x=[1e300, 1e300]), "float64", "ok", _closed(_log_mean_exp_slopes, x=[1e300, 1e300])),
    Case(G, "log_mean_exp", _at(x=[-1e300, 5e-324, -800]), "float64", "ok",
         _closed(_log_mean_exp_slopes, x=[-1e300, 5e-324, -800])),
    Case(G, "l1_and_max_norms", _at(x=[5e-324, -1e-300, 3, -2]), "float64", "ok",
         _closed(_l1_max_slopes, x=[5e-324, -1e-300, 3, -2])),
    # |3| = |-3|: the max norm has no derivative at the tie
    Case(G, "l1_and_max_norms", _at(x=[5e-324, -1e-300, 3, -3]), "float64", "domain",
         _closed(_l1_max_slopes, x=[5e-324, -1e-300, 3, -3])),
]


def _tree_slopes(hot, cold):
    slopes = _lmtd_slopes(_in("float64", hot), _in("float64", cold))
    return {"params.ends.hot": slopes["hot"], "params.ends.cold": slopes["cold"]}


TREES = [
    Case(G, "exchanger_duty", None, "float64", "ok", hp(lambda: _tree_slopes([20, 45], [20, 15])),
         args="exchanger_args", wrt="params"),
    # the first exchanger's ends are equal: 0/0 in the naive LMTD
    Case(G, "exchanger_duty_naive", None, "float64", "domain",
         _nan_where(hp(lambda: {"params.ends.hot": _tree_slopes([20, 45], [20, 15])["params.ends.hot"]}),
                    "params.ends.hot", {0}),
         args="exchanger_args", wrt="params.ends.hot"),
    Case(G, "exchanger_duty", None, "float32", "input-error", args="exchanger_args", wrt="params.ends.warm",
         message=("params.ends.warm",)),
]

NP = [
    Case(N, "lmtd_naive", _at(hot=[20], cold=[20]), "float64", "domain", hp(lambda: _no_slopes(hot=[0], cold=[0]))),
    Case(N, "lmtd_naive", _at(hot=[17.0000000017], cold=[17]), "float64", "unstable",
         _closed(_lmtd_slopes, hot=[17.0000000017], cold=[17]), "return np.sum((hot - cold) / np.log(hot / cold))"),
    Case(N, "counterflow_effectiveness", _at(ntu=[2, 2, 0.5], ratio=[1, 0.999999999999, 0.3]), "float64", "ok",
         _closed(_effectiveness_slopes, ntu=[2, 2, 0.5], ratio=[1, 0.999999999999, 0.3])),
    Case(N, "fin_efficiency_naive", _at(m=[1e-300]), "float64", "unstable", _each("m", [1e-300], _fin_slope),
         "return np.sum(np.tanh(m) / m)"),
    Case(N, "fin_efficiency_naive", _at(m=[0.5, 800]), "float64", "ok", _each("m", [0.5, 800], _fin_slope)),
    Case(N, "diode_current_naive", _at(v=[720]), "float64", "unstable", _each("v", [720], _diode_slope)),
    Case(N, "diode_current_naive", _at(v=[1e-10, -800]), "float64", "ok", _each("v", [1e-10, -800], _diode_slope)),
    Case(N, "logistic_growth", _at(rate=[-8, 8], time=[100, 100]), "float64", "ok",
         _closed(_logistic_slopes_stable, rate=[-8, 8], time=[100, 100])),
    Case(N, "gem_pool_naive", _at(x=[1e120, 2e120, 3e120], p=3), "float64", "unstable",
         _closed(_gem_slopes, x=[1e120, 2e120, 3e120], p=3), "return np.mean(x ** p) ** (1 / p)"),
    Case(N, "gem_pool", _at(x=[1e120, 2e120, 3e120], p=3), "float64", "ok", _closed(_gem_slopes, x=[1e120, 2e120, 3e120], p=3)),
    Case(N, "atkinson_naive", _at(incomes=[10, 20, 70], aversion=0.999999999999), "float64", "unstable",
         _atkinson_slopes([10, 20, 70], 0.999999999999)),
    Case(N, "hellinger", _at(p=[5e-324, 0.3], q=[0.25, 0.3]), "float64", "ok",
         _closed(_hellinger_slopes, p=[5e-324, 0.3], q=[0.25, 0.3])),
    Case(N, "jensen_shannon_entr", _at(p=[5e-324, 0.2], q=[0.5, 0.2]), "float64", "ok",
         _closed(_jensen_shannon_slopes, p=[5e-324, 0.2], q=[0.5, 0.2])),
    Case(N, "loglogistic_log_survival_naive", _at(t=[10], scale=[1], shape=[400]), "float64", "unstable",
         _closed(_log_logistic_slopes, t=[10], scale=[1], shape=[400])),
    Case(N, "loglogistic_log_survival", _at(t=[10, 1e-300], scale=[1, 1], shape=[400, 0.5]), "float64", "ok",
         _closed(_log_logistic_slopes, t=[10, 1e-300], scale=[1, 1], shape=[400, 0.5])),
    Case(N, "zipf_first_share", _at(s=[300, 2.5]), "float64", "ok", _each("s", [300, 2.5], _zipf_slope)),
    Case(N, "theis_well", _at(u=[1e-300, 700]), "float64", "ok", _each("u", [1e-300, 700], _exp1_slope)),
    Case(N, "lmtd_nave", _at(hot=[20], cold=[15]), "float64", "input-error", message=("lmtd_nave",)),
    Case(N, "lmtd_naive", _at(hot=[20]), "float64", "input-error", message=("cold",)),
]

FLOAT32 = [
    # e^100 overflows float32 where I_s e^100 = 2.7e29 is a number (I_s the float32 1e-14 a float32 program holds)
    Case(G, "diode_current_naive", _at(v=[100]), "float32", "unstable",
         _each("v", [100], lambda v: _in("float32", [1e-14])[0] * mpmath.exp(v), "float32")),
    Case(G, "fin_efficiency_naive", _at(m=[1e-30]), "float32", "unstable", _each("m", [1e-30], _fin_slope, "float32")),
    Case(G, "fin_efficiency", _at(m=[1e-30, 0, 0.5]), "float32", "ok", _each("m", [1e-30, 0, 0.5], _fin_slope, "float32")),
    Case(G, "gem_pool_naive", _at(x=[1e30, 2e30, 3e30], p=3), "float32", "unstable",
         _closed(_gem_slopes, "float32", x=[1e30, 2e30, 3e30], p=3)),
    Case(G, "gem_pool", _at(x=[1e30, 2e30, 3e30], p=3), "float32", "ok", _closed(_gem_slopes, "float32", x=[1e30, 2e30, 3e30], p=3)),
    # np.log(99.0) is a float64 scalar: the shift is float64's in a float32 program too
    Case(G, "logistic_growth", _at(rate=[-0.5, 0.5], time=[100, 100]), "float32", "ok",
         _closed(_logistic_slopes_stable, "float32", rate=[-0.5, 0.5], time=[100, 100])),
]


def _scalar(name, value, slope):
    return hp(lambda: {name: slope(_in("float64", [value])[0])})


def _formula_lmtd(a, b):
    def truth():
        slopes = _lmtd_slopes(_in("float64", [a]), _in("float64", [b]))
        return {"a": slopes["hot"][0], "b": slopes["cold"][0]}
    return hp(truth)


def _formula_logistic(r, t):
    def truth():
        slopes = _logistic_slopes([mpmath.mpf(r)], [mpmath.mpf(t)])
        return {"r": slopes["rate"][0], "t": slopes["time"][0]}
    return hp(truth)


def _formula_log_logistic():
    slopes = _log_logistic_slopes([mpmath.mpf(10)], [mpmath.mpf(1)], [mpmath.mpf(400)])
    return {"t": slopes["t"][0], "a": slopes["scale"][0], "b": slopes["shape"][0]}


def _formula_bhattacharyya_pair(p, q):
    """d/dp sqrt(p q) = sqrt(q / p) / 2."""
    def truth():
        a, b = _in("float64", [p, q])
        return {"p": mpmath.sqrt(b / a) / 2, "q": mpmath.sqrt(a / b) / 2}
    return hp(truth)


def _formula_js(p, q):
    def truth():
        slopes = _jensen_shannon_slopes(_in("float64", [p]), _in("float64", [q]))
        return {"p": 2 * slopes["p"][0], "q": 2 * slopes["q"][0]}
    return hp(truth)


JS = "xlogy(p, p/((p + q)/2)) + xlogy(q, q/((p + q)/2))"

FORMULAS = [
    Case(F, "(a - b)/log(a/b)", "a=20,b=20", "float64", "domain", hp(lambda: {"a": NAN, "b": NAN})),
    Case(F, "(a - b)/log(a/b)", "a=17.0000000017,b=17", "float64", "unstable", _formula_lmtd(17.0000000017, 17)),
    # log1p keeps the value, but the quotient rule still cancels 1e10 against 1e10
    Case(F, "(a - b)/log1p((a - b)/b)", "a=17.0000000017,b=17", "float64", "unstable", _formula_lmtd(17.0000000017, 17)),
    Case(F, "(a - b)/log(a/b)", "a=45,b=15", "float64", "ok", _formula_lmtd(45, 15)),
    Case(F, "tanh(m)/m", "m=0", "float64", "domain", hp(lambda: {"m": NAN})),
    Case(F, "tanh(m)/m", "m=1e-300", "float64", "unstable", _scalar("m", 1e-300, _fin_slope)),
    Case(F, "tanh(m)/m", "m=800", "float64", "ok", _scalar("m", 800, _fin_slope)),
    Case(F, "1e-14*(exp(v) - 1)", "v=720", "float64", "unstable",
         hp(lambda: {"v": mpmath.mpf("1e-14") * mpmath.exp(720)})),
    # the value cancels (its slope is exact)
    Case(F, "1e-14*(exp(v) - 1)", "v=1e-10", "float64", "unstable",
         hp(lambda: {"v": mpmath.mpf("1e-14") * mpmath.exp(_f(1e-10))})),
    Case(F, "1e-14*expm1(v)", "v=1e-10", "float64", "ok", hp(lambda: {"v": mpmath.mpf("1e-14") * mpmath.exp(_f(1e-10))})),
    Case(F, "1000/(1 + 99*exp(-r*t))", "r=-8,t=100", "float64", "unstable", _formula_logistic(-8, 100)),
    Case(F, "1000*sigmoid(r*t - log(99))", "r=-8,t=100", "float64", "ok", _formula_logistic(-8, 100)),
    Case(F, "-log1p((t/a)^b)", "t=10,a=1,b=400", "float64", "unstable", hp(_formula_log_logistic)),
    Case(F, "-logaddexp(0, b*log(t/a))", "t=10,a=1,b=400", "float64", "ok", hp(_formula_log_logistic)),
    Case(F, "sqrt(p*q)", "p=1e-200,q=1e-200", "float64", "unstable", _formula_bhattacharyya_pair(1e-200, 1e-200)),
    Case(F, "sqrt(p)*sqrt(q)", "p=1e-200,q=5e-324", "float64", "ok", _formula_bhattacharyya_pair(1e-200, 5e-324)),
    Case(F, JS, "p=5e-324,q=0.5", "float64", "ok", _formula_js(5e-324, 0.5)),
    Case(F, JS, "p=0.2,q=0.2", "float64", "ok", _formula_js(0.2, 0.2)),
    Case(F, "erfcx(x)", "x=1e300", "float64", "ok",
         _scalar("x", 1e300, lambda x: 2 * x * mpmath.exp(x * x) * mpmath.erfc(x) - 2 / mpmath.sqrt(mpmath.pi))),
    Case(F, "ndtri(p)", "p=1e-300", "float64", "ok", _scalar("p", 1e-300, _normal_quantile_slope)),
    Case(F, "lambertw(x)", "x=5e-324", "float64", "ok", _scalar("x", 5e-324, _lambert_slope)),
    Case(F, "exp(-6500/t)*t^1.5", "t=1", "float64", "ok",
         hp(lambda: {"t": mpmath.exp(-6500) * (mpmath.mpf(3) / 2 + 6500)})),
    Case(F, "(a - b)/log(a/b", "a=20,b=15", "float64", "input-error", message=("(",)),
    Case(F, "(a - b)/lg(a/b)", "a=20,b=15", "float64", "input-error", message=("lg",)),
    Case(F, "(a - b)/log(a/b)", "a=20", "float64", "input-error", message=("b",)),
]

ALL = GN + TREES + NP + FLOAT32 + FORMULAS
