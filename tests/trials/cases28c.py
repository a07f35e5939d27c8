"""The twenty-eighth trial set (third part): issue 27's classes on Python functions written against gradcli.numpy and
gradcli.scipy, on plain NumPy and on formulas, in domains not tried before: Kimura's fixation probability at selection
coefficients of 1e-300 and 1e-8 (naive and by expm1), the Bateman curve of pharmacokinetics at ka a hair from ke,
Erlang's B formula at a traffic of 1e300 (by powers and by the recursion), an M/M/1 queue at a load of 1 - 2^-52,
Fermi-Dirac occupations at kT = 1e-3 (whose slopes e^-1000 only text can hold), Bose-Einstein log-occupations at
1e-300 and 800 (three spellings, each failing on its own side), the Hill equation at 1e-300 and 1e100, the lasso's
soft-thresholding with a threshold of 1e-300 (no kink at the points), binary entropies at subnormal probabilities and
an interval-censored normal log-likelihood in both tails; a pharmacokinetic fit over a parameter tree (--args).

Truths are the mathematics written here in mpmath at 2,000 digits (closed forms, or mpmath.diff of the closed form
at that precision), never the user file's code; points are the numbers the dtype holds, constants the float64 numbers
the program writes. A case whose ``file`` is "formula" checks the formula in ``function``.
"""

import mpmath

from cases import Case
from cases5 import _in, hp
from cases21c import _at, _each
from cases26c import _closed

G, N, F = "gn_lib28c.py", "numpy_lib28c.py", "formula"
POPULATION = 100


# --- the mathematics, written here ---------------------------------------------------------------------------------

def _kimura(s):
    return -mpmath.expm1(-2 * s) / -mpmath.expm1(-4 * POPULATION * s)


def _kimura_slope(s):
    return mpmath.diff(_kimura, s)


def _bateman(ka, ke, t):
    return ka / (ka - ke) * (mpmath.exp(-ke * t) - mpmath.exp(-ka * t))


def _bateman_slopes(ka, ke, t):
    """Partials of the sum over t of the Bateman curve (ka, ke shared by every entry)."""
    return {"ka": sum(mpmath.diff(lambda a: _bateman(a, ke, u), ka) for u in t),
            "ke": sum(mpmath.diff(lambda e: _bateman(ka, e, u), ke) for u in t),
            "t": [mpmath.diff(lambda v: _bateman(ka, ke, v), u) for u in t]}


def _erlang_b(a, servers=5):
    """B(m, A) = (A^m / m!) / sum_k A^k / k!, as its reciprocal sum_k m! / (k! A^(m-k)) (no A^m to hold)."""
    return 1 / sum(mpmath.factorial(servers) / (mpmath.factorial(k) * a ** (servers - k)) for k in range(servers + 1))


def _erlang_slope(a):
    return mpmath.diff(_erlang_b, a)


def _fermi_slopes(energy, mu, kt):
    """f = 1 / (e^((E - mu)/kT) + 1): df/dE = -f(1 - f)/kT, df/dmu = f(1 - f)/kT, df/dkT = f(1 - f)(E - mu)/kT^2."""
    weights = []
    for e in energy:
        x = (e - mu) / kt
        weights.append((1 / (mpmath.exp(x) + 1)) * (1 / (mpmath.exp(-x) + 1)))
    return {"energy": [-w / kt for w in weights], "mu": sum(w / kt for w in weights),
            "kt": sum(w * (e - mu) / kt ** 2 for w, e in zip(weights, energy))}


def _bose_log_slope(x):
    """d/dx -log(e^x - 1) = -1 / (1 - e^-x)."""
    return -1 / -mpmath.expm1(-x)


def _hill_slope(x, k=2, n=4):
    return n * x ** (n - 1) * k ** n / (k ** n + x ** n) ** 2


def _soft_threshold_slopes(x, lam):
    weights = [1, 2, 3]
    live = [1 if abs(v) > lam else 0 for v in x]
    return {"x": [w * on for w, on in zip(weights, live)],
            "lam": -sum(w * on * mpmath.sign(v) for w, on, v in zip(weights, live, x))}


def _binary_entropy_slope(p):
    return mpmath.log((1 - p) / p)


def _normal_cdf(x):
    return mpmath.erfc(-x / mpmath.sqrt(2)) / 2


def _interval_slopes(a, b):
    """d/da and d/db of log(Phi(b) - Phi(a)) (each Phi by erfc: no cancellation at 2,000 digits anyway)."""
    if isinstance(a, list):
        return {k: [v] for k, v in _interval_slopes(a[0], b[0]).items()}
    mass = _normal_cdf(b) - _normal_cdf(a)
    pdf = lambda v: mpmath.exp(-v * v / 2) / mpmath.sqrt(2 * mpmath.pi)  # noqa: E731
    return {"a": -pdf(a) / mass, "b": pdf(b) / mass}


def _pk_fit_slopes():
    """d/d(ka, ke) of sum_i (log C(t_i) - log c_i)^2 at pk_fit_args' point."""
    t = [mpmath.mpf("0.5"), mpmath.mpf(2), mpmath.mpf(8)]
    c = [mpmath.mpf("0.5"), mpmath.mpf("0.75"), mpmath.mpf("0.25")]

    def loss(ka, ke):
        return sum((mpmath.log(_bateman(ka, ke, u)) - mpmath.log(v)) ** 2 for u, v in zip(t, c))
    ka, ke = mpmath.mpf("1.5"), mpmath.mpf("0.25")
    return {"params.ka": mpmath.diff(lambda a: loss(a, ke), ka), "params.ke": mpmath.diff(lambda e: loss(ka, e), ke)}


NEAR_KE = 0.5000000000009095  # 0.5 + 2^-40: the gap ka - ke is exact in float64
LOAD = 0.9999999999999998  # 1 - 2^-52

GN = [
    # 1 - e^-2s rounds to 0 at s = 1e-300: 0/0
    Case(G, "fixation_probability_naive", _at(s=[1e-300]), "float64", "unstable", _each("s", [1e-300], _kimura_slope)),
    # at 1e-8 both differences keep 8 digits of 16
    Case(G, "fixation_probability_naive", _at(s=[1e-8]), "float64", "unstable", _each("s", [1e-8], _kimura_slope)),
    Case(G, "fixation_probability_naive", _at(s=[0.01, -0.5]), "float64", "ok", _each("s", [0.01, -0.5], _kimura_slope)),
    # the value by expm1 is right, but reverse mode adds a'/b = 5e297 and -a b'/b^2 = -5e297 for a slope of 0.995
    Case(G, "fixation_probability", _at(s=[1e-300]), "float64", "unstable", _each("s", [1e-300], _kimura_slope)),
    Case(G, "fixation_probability", _at(s=[1e-8, 0.01, -0.5]), "float64", "ok",
         _each("s", [1e-8, 0.01, -0.5], _kimura_slope)),
    # b^2 underflows to 0 at a subnormal s: -a b'/b^2 is inf
    Case(G, "fixation_probability", _at(s=[5e-324]), "float64", "unstable", _each("s", [5e-324], _kimura_slope)),
    # e^-ke t - e^-ka t keeps 4 digits at a gap of 2^-40
    Case(G, "bateman_naive", _at(ka=NEAR_KE, ke=0.5, t=[1, 4]), "float64", "unstable",
         _closed(_bateman_slopes, ka=NEAR_KE, ke=0.5, t=[1, 4])),
    Case(G, "bateman_naive", _at(ka=1.5, ke=0.25, t=[0.5, 2, 8]), "float64", "ok",
         _closed(_bateman_slopes, ka=1.5, ke=0.25, t=[0.5, 2, 8])),
    # the value by expm1 is right, but its ka and ke slopes are two terms of 1e12 cancelling to O(1)
    Case(G, "bateman", _at(ka=NEAR_KE, ke=0.5, t=[1, 4]), "float64", "unstable",
         _closed(_bateman_slopes, ka=NEAR_KE, ke=0.5, t=[1, 4])),
    Case(G, "bateman", _at(ka=1.5, ke=0.25, t=[0.5, 2, 8]), "float64", "ok",
         _closed(_bateman_slopes, ka=1.5, ke=0.25, t=[0.5, 2, 8])),
    Case(G, "pk_fit_loss", None, "float64", "ok", hp(_pk_fit_slopes), args="pk_fit_args", wrt="params"),
    # A^5 overflows at 1e300: inf / inf
    Case(G, "erlang_b_by_powers", _at(traffic=[1e300]), "float64", "unstable", _each("traffic", [1e300], _erlang_slope)),
    Case(G, "erlang_b_by_powers", _at(traffic=[3, 0.5]), "float64", "ok", _each("traffic", [3, 0.5], _erlang_slope)),
    Case(G, "erlang_b", _at(traffic=[1e300, 3, 0.5]), "float64", "ok", _each("traffic", [1e300, 3, 0.5], _erlang_slope)),
    Case(G, "erlang_b", _at(traffic=[1e-300]), "float64", "ok", _each("traffic", [1e-300], _erlang_slope)),
    # service - arrival is exact (Sterbenz): slopes +-2^104
    Case(G, "mm1_sojourn", _at(arrival=LOAD, service=1), "float64", "ok",
         _closed(lambda arrival, service: {"arrival": 1 / (service - arrival) ** 2,
                                           "service": -1 / (service - arrival) ** 2}, arrival=LOAD, service=1)),
    # e^1000 overflows: 1/(inf + 1) is the right 0, its slope 0 * inf is NaN
    Case(G, "fermi_dirac_naive", _at(energy=[1], mu=0, kt=1e-3), "float64", "unstable",
         _closed(_fermi_slopes, energy=[1], mu=0, kt=1e-3)),
    # e^-1000 underflows: the slopes' 0 is the nearest number, the exact gradient must say the rest
    Case(G, "fermi_dirac_naive", _at(energy=[-1], mu=0, kt=1e-3), "float64", "ok",
         _closed(_fermi_slopes, energy=[-1], mu=0, kt=1e-3)),
    Case(G, "fermi_dirac", _at(energy=[1, -1], mu=0, kt=1e-3), "float64", "ok",
         _closed(_fermi_slopes, energy=[1, -1], mu=0, kt=1e-3)),
    Case(G, "fermi_dirac", _at(energy=[0.01, -0.02], mu=0, kt=0.025), "float64", "ok",
         _closed(_fermi_slopes, energy=[0.01, -0.02], mu=0, kt=0.025)),
    Case(G, "fermi_dirac_naive", _at(energy=[0.01, -0.02], mu=0, kt=0.025), "float64", "ok",
         _closed(_fermi_slopes, energy=[0.01, -0.02], mu=0, kt=0.025)),
    # e^x - 1 rounds to 0 at 1e-300; e^800 overflows
    Case(G, "bose_einstein_log_naive", _at(x=[1e-300]), "float64", "unstable", _each("x", [1e-300], _bose_log_slope)),
    Case(G, "bose_einstein_log_naive", _at(x=[800]), "float64", "unstable", _each("x", [800], _bose_log_slope)),
    Case(G, "bose_einstein_log_naive", _at(x=[0.5, 30]), "float64", "ok", _each("x", [0.5, 30], _bose_log_slope)),
    Case(G, "bose_einstein_log", _at(x=[1e-300, 0.5]), "float64", "ok", _each("x", [1e-300, 0.5], _bose_log_slope)),
    Case(G, "bose_einstein_log", _at(x=[800]), "float64", "unstable", _each("x", [800], _bose_log_slope)),
    Case(G, "bose_einstein_log_tail", _at(x=[800, 1e-300, 0.5]), "float64", "ok",
         _each("x", [800, 1e-300, 0.5], _bose_log_slope)),
    # x^4 underflows at 1e-300 to the nearest number of 1e-1200: ok; at 1e100 it overflows: inf / inf
    Case(G, "hill_by_powers", _at(x=[1e-300, 1, 3]), "float64", "ok", _each("x", [1e-300, 1, 3], _hill_slope)),
    Case(G, "hill_by_powers", _at(x=[1e100]), "float64", "unstable", _each("x", [1e100], _hill_slope)),
    Case(G, "hill", _at(x=[1e100, 1e-300, 1, 3]), "float64", "ok", _each("x", [1e100, 1e-300, 1, 3], _hill_slope)),
    # no kink at the points: |x| is 3 times the threshold, or far below it
    Case(G, "soft_threshold_score", _at(x=[3e-300, -3e-300, 5e-324], lam=1e-300), "float64", "ok",
         _closed(_soft_threshold_slopes, x=[3e-300, -3e-300, 5e-324], lam=1e-300)),
    Case(G, "soft_threshold_score", _at(x=[0.5, -2, 0.1], lam=0.3), "float64", "ok",
         _closed(_soft_threshold_slopes, x=[0.5, -2, 0.1], lam=0.3)),
    Case(G, "binary_entropy", _at(p=[1e-300, 5e-324, 0.25, 0.9999999999999999]), "float64", "ok",
         _each("p", [1e-300, 5e-324, 0.25, 0.9999999999999999], _binary_entropy_slope)),
    Case(G, "binary_entropy_naive", _at(p=[1e-300, 5e-324, 0.25]), "float64", "ok",
         _each("p", [1e-300, 5e-324, 0.25], _binary_entropy_slope)),
    # both cdfs round to 1 at 10 and 11: log(0)
    Case(G, "interval_log_prob_naive", _at(a=[10], b=[11]), "float64", "unstable", _closed(_interval_slopes, a=[10], b=[11])),
    Case(G, "interval_log_prob", _at(a=[10], b=[11]), "float64", "ok", _closed(_interval_slopes, a=[10], b=[11])),
    Case(G, "interval_log_prob", _at(a=[-11], b=[-10]), "float64", "unstable", _closed(_interval_slopes, a=[-11], b=[-10])),
    Case(G, "interval_log_prob_naive", _at(a=[-11], b=[-10]), "float64", "ok", _closed(_interval_slopes, a=[-11], b=[-10])),
    # ndtr(-40) = 3.7e-350 underflows: 0 - 0
    Case(G, "interval_log_prob", _at(a=[40], b=[41]), "float64", "unstable", _closed(_interval_slopes, a=[40], b=[41])),
]

GN_TINY = [
    # in log space the two logs' slopes are 1e300 and -1e300 for a slope of 199
    Case(G, "log_fixation_probability", _at(s=[1e-300]), "float64", "unstable",
         _each("s", [1e-300], lambda s: _kimura_slope(s) / _kimura(s))),
    Case(G, "log_fixation_probability", _at(s=[1e-3, 0.5]), "float64", "ok",
         _each("s", [1e-3, 0.5], lambda s: _kimura_slope(s) / _kimura(s))),
    # the series' slope is (2N - 1)/2N below 1e-6, exactly: the user's function, not Kimura's, is the truth there
    Case(G, "fixation_probability_series", _at(s=[1e-300, 5e-324, -1e-7, 1e-3, -0.5]), "float64", "ok",
         _each("s", [1e-300, 5e-324, -1e-7, 1e-3, -0.5],
               lambda s: mpmath.mpf(2 * POPULATION - 1) / (2 * POPULATION) if abs(s) < 1e-6 else _kimura_slope(s))),
    # no kink at 5e-324: the switch is at 0
    Case(G, "leaky_relu_sum", _at(x=[5e-324, -5e-324, 1e-300, -2]), "float64", "ok",
         _each("x", [5e-324, -5e-324, 1e-300, -2], lambda v: 1 if v > 0 else mpmath.mpf(0.01))),
    # the floor 1e-12 holds 1e-300 (slope 0); 2e-12 is above it
    Case(G, "log_clamped", _at(p=[1e-300, 2e-12, 0.5]), "float64", "ok",
         _each("p", [1e-300, 2e-12, 0.5], lambda v: 0 if v < mpmath.mpf(1e-12) else 1 / v)),
    # x*x underflows for subnormal entries: sqrt(0), slope x / 0
    Case(G, "norm_by_hand", _at(x=[3e-320, 4e-320]), "float64", "unstable",
         _closed(lambda x: {"x": [v / mpmath.sqrt(sum(w * w for w in x)) for v in x]}, x=[3e-320, 4e-320])),
    # NumPy's vector 2-norm is sqrt(dot(x, x)), unscaled, and gradcli.numpy's is NumPy's: both break as by hand
    Case(G, "norm", _at(x=[3e-320, 4e-320]), "float64", "unstable",
         _closed(lambda x: {"x": [v / mpmath.sqrt(sum(w * w for w in x)) for v in x]}, x=[3e-320, 4e-320])),
    Case(G, "norm", _at(x=[3e200, -4e200, 1e-300]), "float64", "unstable",
         _closed(lambda x: {"x": [v / mpmath.sqrt(sum(w * w for w in x)) for v in x]}, x=[3e200, -4e200, 1e-300])),
    # hypot scales: right at both ends
    Case(G, "norm_by_hypot", _at(x=[3e-320, 3e200], y=[4e-320, -4e200]), "float64", "ok",
         _closed(lambda x, y: {"x": [a / mpmath.hypot(a, b) for a, b in zip(x, y)],
                               "y": [b / mpmath.hypot(a, b) for a, b in zip(x, y)]},
                 x=[3e-320, 3e200], y=[4e-320, -4e200])),
    # a temperature of 1e-300 with energies of its size: nothing overflows
    Case(G, "fermi_dirac_naive", _at(energy=[7e-301, -2e-300], mu=0, kt=1e-300), "float64", "ok",
         _closed(_fermi_slopes, energy=[7e-301, -2e-300], mu=0, kt=1e-300)),
    Case(G, "fermi_dirac", _at(energy=[7e-301, -2e-300], mu=0, kt=1e-300), "float64", "ok",
         _closed(_fermi_slopes, energy=[7e-301, -2e-300], mu=0, kt=1e-300)),
]

NP = [
    Case(N, "fixation_probability_naive", _at(s=[1e-300]), "float64", "unstable", _each("s", [1e-300], _kimura_slope)),
    Case(N, "fixation_probability", _at(s=[1e-8, -0.5]), "float64", "ok", _each("s", [1e-8, -0.5], _kimura_slope)),
    Case(N, "fixation_probability", _at(s=[1e-300]), "float64", "unstable", _each("s", [1e-300], _kimura_slope)),
    Case(N, "hill_by_powers", _at(x=[1e100], k=2, n=4), "float64", "unstable", _each("x", [1e100], _hill_slope), wrt="x"),
    Case(N, "hill", _at(x=[1e100, 1e-300, 3], k=2, n=4), "float64", "ok", _each("x", [1e100, 1e-300, 3], _hill_slope),
         wrt="x"),
    Case(N, "fermi_dirac_naive", _at(energy=[1], mu=0, kt=1e-3), "float64", "unstable",
         _closed(_fermi_slopes, energy=[1], mu=0, kt=1e-3)),
    Case(N, "erlang_b", _at(traffic=[1e300, 3]), "float64", "ok", _each("traffic", [1e300, 3], _erlang_slope)),
    Case(N, "bose_einstein_log", _at(x=[1e-300, 0.5]), "float64", "ok", _each("x", [1e-300, 0.5], _bose_log_slope)),
    Case(N, "bose_einstein_log", _at(x=[800]), "float64", "unstable", _each("x", [800], _bose_log_slope)),
]


def _scalar(name, value, slope):
    return hp(lambda: {name: slope(_in("float64", [value])[0])})


FORMULAS = [
    Case(F, "(1 - exp(-2*s)) / (1 - exp(-400*s))", "s=1e-300", "float64", "unstable", _scalar("s", 1e-300, _kimura_slope)),
    # as in Python: the value by expm1 is right, the slope two terms of 5e297 cancelling to 0.995
    Case(F, "expm1(-2*s) / expm1(-400*s)", "s=1e-300", "float64", "unstable", _scalar("s", 1e-300, _kimura_slope)),
    Case(F, "expm1(-2*s) / expm1(-400*s)", "s=-0.5", "float64", "ok", _scalar("s", -0.5, _kimura_slope)),
    Case(F, "1 / (exp(x / 1e-3) + 1)", "x=1", "float64", "unstable",
         _scalar("x", 1, lambda x: _fermi_slopes([x], 0, mpmath.mpf(1e-3))["energy"][0])),
    Case(F, "expit(-x / 1e-3)", "x=1", "float64", "ok",
         _scalar("x", 1, lambda x: _fermi_slopes([x], 0, mpmath.mpf(1e-3))["energy"][0])),
    Case(F, "-log(exp(x) - 1)", "x=1e-300", "float64", "unstable", _scalar("x", 1e-300, _bose_log_slope)),
    Case(F, "-log(expm1(x))", "x=1e-300", "float64", "ok", _scalar("x", 1e-300, _bose_log_slope)),
    Case(F, "-x - log(-expm1(-x))", "x=800", "float64", "ok", _scalar("x", 800, _bose_log_slope)),
    Case(F, "x**4 / (16 + x**4)", "x=1e100", "float64", "unstable", _scalar("x", 1e100, _hill_slope)),
    Case(F, "expit(4*log(x) - 4*log(2))", "x=1e100", "float64", "ok", _scalar("x", 1e100, _hill_slope)),
    Case(F, "sign(x) * maximum(abs(x) - 1e-300, 0)", "x=3e-300", "float64", "ok", _scalar("x", 3e-300, lambda x: 1)),
    Case(F, "sign(x) * maximum(abs(x) - 1e-300, 0)", "x=5e-324", "float64", "ok", _scalar("x", 5e-324, lambda x: 0)),
    # xlogy and xlog1py in formulas: the binary entropy at the least subnormal, its slope log((1 - p) / p)
    Case(F, "-(xlogy(p, p) + xlog1py(1 - p, -p))", "p=5e-324", "float64", "ok", _scalar("p", 5e-324, _binary_entropy_slope)),
    Case(F, "-(p*log(p) + (1 - p)*log1p(-p))", "p=5e-324", "float64", "ok", _scalar("p", 5e-324, _binary_entropy_slope)),
    # the upper tails by erfc (as a formula without ndtr writes them), 2 Phi(-v) = erfc(v / sqrt(2)) (the 2 adds log 2, no slope)
    Case(F, "log(erfc(a/sqrt(2)) - erfc(11/sqrt(2)))", "a=10", "float64", "ok",
         _scalar("a", 10, lambda a: _interval_slopes(a, mpmath.mpf(11))["a"])),
    Case(F, "log(erfc(-11/sqrt(2)) - erfc(-a/sqrt(2)))", "a=10", "float64", "unstable",
         _scalar("a", 10, lambda a: _interval_slopes(a, mpmath.mpf(11))["a"])),
    Case(F, "1 / (1 - x)", "x=0.9999999999999998", "float64", "ok", _scalar("x", LOAD, lambda x: 1 / (1 - x) ** 2)),
]

ALL = GN + GN_TINY + NP + FORMULAS
