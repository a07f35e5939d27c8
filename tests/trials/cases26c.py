"""The twenty-sixth trial set (third part): issue 27's classes on Python functions written against gradcli.numpy and
gradcli.scipy and on formulas. Distributions written by hand as TensorFlow Probability writes them (Kumaraswamy by
log1mexp, logit-normal, Gompertz's log-survival, the generalized Pareto beside and at concentration 0, Skellam by ive
at mu = 400 and 1e-120, Zipf by zeta near s = 1, a Gaussian mixture by logsumexp far in its tail), the exponential's
log-CDF through log1mexp (its switch at -log 2, single and double where), the Lambert W by six Halley steps (and
past float64's range at 1e305) and by rules of W / (x (1 + W)) (0/0 at 0) and 1 / (e^W (1 + W)), softplus-positive
parameters through their inverse at 1e-300 and 5e-324, Box-Muller at u1 = 1e-300 and 1, closed-form log-determinants
at 1e-200 and 1e-120 beside slogdet, harmonic and geometric means in log space at subnormals, norms at 1e+-300, the
Poincare distance near the ball's edge and at a repeated point, Gumbel and Frechet log-survivals in their tails,
(1 - e^-x)/x guarded by one and by two wheres, maximum/minimum ties between subnormals, relative entropies at a
subnormal and at a 0 probability; formulas of the same classes.

Truths are the mathematics written here in mpmath at 2,000 digits (closed forms, or mpmath.diff of an expression
written here), never the user file's code; points are the numbers the dtype holds, constants the float64 numbers the
program writes. A coordinate with no derivative is written NaN by hand. A case whose ``file`` is "formula" checks
the formula in ``function``.
"""

import math

import mpmath

from cases import Case
from cases2 import NAN
from cases5 import _in, hp
from cases12a import _f, num_grad
from cases21c import _at, _each, _sig, _softmax

G, F = "gn_lib26c.py", "formula"


def _closed(slopes, dtype="float64", **point):
    """{name: slope} from ``slopes(**point)``, the point's numbers as the dtype holds them (lists entry by entry)."""
    def truth():
        held = {k: (_in(dtype, v) if isinstance(v, list) else _in(dtype, [v])[0]) for k, v in point.items()}
        return slopes(**held)
    return hp(truth)


def _matrix(rows):
    return [_in("float64", row) for row in rows]


# --- the mathematics, written here ---------------------------------------------------------------------------------

def _exp_log_cdf_slope(x):
    """d/dx log(1 - e^-x) = 1 / (e^x - 1)."""
    return 1 / mpmath.expm1(x)


def _kumaraswamy(x, a, b):
    return mpmath.log(a) + mpmath.log(b) + (a - 1) * mpmath.log(x) + (b - 1) * mpmath.log(1 - x ** a)


def _logit_normal(x, loc, scale):
    z = (mpmath.log(x / (1 - x)) - loc) / scale
    return -z * z / 2 - mpmath.log(scale) - mpmath.log(x) - mpmath.log(1 - x)


def _gompertz_slopes(x, eta, b):
    return {"x": -eta * b * mpmath.exp(b * x), "eta": -mpmath.expm1(b * x), "b": -eta * x * mpmath.exp(b * x)}


def _gpd_slopes(x, scale, conc):
    """The generalized Pareto log density -(1/c + 1) log(1 + c x / s) - log s; at c = 0, -x/s - log s, whose slope
    in c is the limit z^2/2 - z (the density is analytic in c)."""
    z = x / scale
    if conc == 0:
        return {"x": -1 / scale, "scale": x / scale ** 2 - 1 / scale, "conc": z * z / 2 - z}
    c = conc
    return {"x": -(1 + c) / (scale * (1 + c * z)), "scale": (1 + c) * x / (scale ** 2 * (1 + c * z)) - 1 / scale,
            "conc": mpmath.log1p(c * z) / (c * c) - (1 / c + 1) * z / (1 + c * z)}


def _skellam_slopes(mu1, mu2, k=3):
    """d/dmu of -(mu1 + mu2) + k/2 log(mu1/mu2) + log I_k(2 sqrt(mu1 mu2)), with I_k' = (I_(k-1) + I_(k+1)) / 2."""
    z = 2 * mpmath.sqrt(mu1 * mu2)
    ratio = (mpmath.besseli(k - 1, z) + mpmath.besseli(k + 1, z)) / (2 * mpmath.besseli(k, z))
    return {"mu1": -1 + mpmath.mpf(k) / (2 * mu1) + ratio * mpmath.sqrt(mu2 / mu1),
            "mu2": -1 - mpmath.mpf(k) / (2 * mu2) + ratio * mpmath.sqrt(mu1 / mu2)}


def _zipf_slope(dtype="float64"):
    """d/ds (-s c - log zeta(s)), c the program's log 5: a Python float, which a float32 array's product holds as
    float32 (NumPy's weak scalars). zeta'/zeta cancels nothing, so 200 digits of each are plenty (zeta' at 2,000
    digits takes minutes)."""
    log5 = _in(dtype, [math.log(5.0)])[0]

    def slope(s):
        with mpmath.workdps(200):
            return -log5 - mpmath.zeta(s, 1, 1) / mpmath.zeta(s)
    return slope


def _mixture(x, logits):
    weights = [mpmath.exp(v) for v in logits]
    total = sum(weights)
    return mpmath.log(sum(w / total * mpmath.exp(-(x - m) ** 2 / 2) for w, m in zip(weights, (-1, 2)))
                      / mpmath.sqrt(2 * mpmath.pi))


def _lambert_slope(x):
    """W'(x) = 1 / (e^W (1 + W))."""
    w = mpmath.lambertw(x)
    return 1 / (mpmath.exp(w) * (1 + w))


TWO_PI = _f(2.0 * math.pi)  # the program's float constant 2.0 * math.pi


def _box_muller_slopes(u1, u2):
    r = mpmath.sqrt(-2 * mpmath.log(u1))
    angle = TWO_PI * u2
    return {"u1": -mpmath.cos(angle) / (u1 * r), "u2": -r * mpmath.sin(angle) * TWO_PI}


def _logdet_slopes(rows):
    """d log det A / dA = A^-T."""
    def truth():
        a = mpmath.matrix(_matrix(rows))
        inverse = a ** -1
        n = len(rows)
        return {"a": [[inverse[j, i] for j in range(n)] for i in range(n)]}
    return hp(truth)


def _cholesky_logdet_slopes(rows):
    """log det of the symmetric matrix NumPy's cholesky reads: the lower triangle, mirrored (the upper one is never
    read). Its slope in a_ij below the diagonal is 2 (S^-1)_ij, on it (S^-1)_ii, above it 0."""
    def truth():
        n = len(rows)
        lower = _matrix(rows)
        inverse = mpmath.matrix([[lower[max(i, j)][min(i, j)] for j in range(n)] for i in range(n)]) ** -1
        return {"a": [[(2 if i > j else 1) * inverse[i, j] if i >= j else mpmath.mpf(0) for j in range(n)]
                      for i in range(n)]}
    return hp(truth)


def _harmonic_slopes(x):
    total = sum(1 / v for v in x)
    return {"x": [len(x) / (total * total * v * v) for v in x]}


def _geometric_slopes(x):
    mean = mpmath.exp(sum(mpmath.log(v) for v in x) / len(x))
    return {"x": [mean / (len(x) * v) for v in x]}


def _norm_slopes(x):
    r = mpmath.sqrt(sum(v * v for v in x))
    return {"x": [v / r for v in x]}


def _poincare(x, y):
    gap = sum((a - b) ** 2 for a, b in zip(x, y))
    room = (1 - sum(a * a for a in x)) * (1 - sum(b * b for b in y))
    return mpmath.acosh(1 + 2 * gap / room)


def _gumbel_slope(x):
    """d/dx log(1 - exp(-e^-x)) = -e^-x / expm1(e^-x)."""
    t = mpmath.exp(-x)
    return -t / mpmath.expm1(t)


def _gumbel_tail_slope(x):
    """The program's own branches: past 30, -x - e^-x / 2."""
    return -1 + mpmath.exp(-x) / 2 if x > 30 else _gumbel_slope(x)


def _frechet_slopes(x, alpha):
    u = x ** -alpha
    dx, dalpha = -alpha * x ** (-alpha - 1), -u * mpmath.log(x)
    return {"x": dx / mpmath.expm1(u), "alpha": dalpha / mpmath.expm1(u)}


def _exprel_neg_slope(x):
    """The program's slope: -1/2 where |x| < 1e-8 (its Taylor branch), else d/dx (1 - e^-x)/x."""
    if abs(x) < _f(1e-8):
        return -mpmath.mpf(1) / 2
    return (x * mpmath.exp(-x) + mpmath.expm1(-x)) / (x * x)


def _relative_entropy_slopes(p, q):
    """d/dp sum p log(p/q) = log(p/q) + 1 (no derivative at p = 0: -inf on the right, no function on the left);
    d/dq = -p/q."""
    return {"p": [NAN if a == 0 else mpmath.log(a / b) + 1 for a, b in zip(p, q)], "q": [-a / b for a, b in zip(p, q)]}


def _pairwise_slopes(x, y):
    """max(x, y) + 2 min(x, y): the larger entry's slope 1, the smaller's 2, a tie none."""
    dx, dy = [], []
    for a, b in zip(x, y):
        if a == b:
            dx.append(NAN)
            dy.append(NAN)
        else:
            dx.append(mpmath.mpf(1 if a > b else 2))
            dy.append(mpmath.mpf(2 if a > b else 1))
    return {"x": dx, "y": dy}


def _smoothed_slopes(z):
    """d/dz of -sum t log_softmax(z) = (sum t) softmax(z) - t, t the program's float64 numbers 0.9, 0.05, 0.05."""
    def truth():
        t = [_f(0.9), _f(0.05), _f(0.05)]
        return {"z": [sum(t) * p - w for p, w in zip(_softmax(_in("float64", z)), t)]}
    return hp(truth)


def _first_probability_slopes(z):
    """d p0 / dz = p0 (delta_0j - p_j)."""
    def truth():
        p = _softmax(_in("float64", z))
        return {"z": [p[0] * ((1 if j == 0 else 0) - p[j]) for j in range(len(p))]}
    return hp(truth)


def _zeros(name, n):
    return hp(lambda: {name: [mpmath.mpf(0)] * n})


def _floored_log_slopes(dtype, xs):
    tiny = mpmath.mpf(float(__import__("numpy").finfo(dtype).tiny))
    return hp(lambda: {"x": [0 if v < tiny else 1 / v for v in _in(dtype, xs)]})


def _log_plus_eps_slopes(dtype, xs):
    eps = mpmath.mpf(float(__import__("numpy").finfo(dtype).eps))
    return hp(lambda: {"x": [1 / (v + eps) for v in _in(dtype, xs)]})


def _safe_sqrt_slope(x):
    return 1 / (2 * mpmath.sqrt(x)) if x > 0 else mpmath.mpf(0)


def _top_eigenvalue_slopes(a, b, d):
    r = mpmath.sqrt(((a - d) / 2) ** 2 + b * b)
    return {"a": mpmath.mpf(1) / 2 + (a - d) / (4 * r), "b": b / r, "d": mpmath.mpf(1) / 2 - (a - d) / (4 * r)}


def _abs_sine_slope(x):
    return mpmath.cos(x) * mpmath.sign(mpmath.sin(x))


def _first_probability_slopes_all(z):
    """d logsumexp(z) / dz = softmax(z)."""
    return hp(lambda: {"z": _softmax(_in("float64", z))})


def _log_norm_slopes(x):
    r2 = sum(v * v for v in x)
    return {"x": [v / r2 for v in x]}


def _box_muller_slopes32(u1, u2):
    """Box-Muller's slopes in a float32 run: the Python float 2.0 * math.pi meets a float32 array, so the program
    holds it as float32 (NumPy's weak scalars)."""
    angle_scale = _in("float32", [2.0 * math.pi])[0]
    r = mpmath.sqrt(-2 * mpmath.log(u1))
    return {"u1": -mpmath.cos(angle_scale * u2) / (u1 * r), "u2": -r * mpmath.sin(angle_scale * u2) * angle_scale}


def _ones(name, n):
    return hp(lambda: {name: [mpmath.mpf(1)] * n})


EDGE = 1 - 2.0 ** -30  # a point of the unit disc 9.3e-10 from its edge
SMALL_2X2 = [[3e-200, 1e-200], [1e-200, 2e-200]]
NEAR_SINGULAR = [[1e8, 99999999.0], [99999999.0, 1e8]]
WELL_3X3 = [[2, 1, 0], [1, 3, 1], [0, 1, 4]]
TINY_3X3 = [[2e-120, 1e-120, 0], [1e-120, 3e-120, 1e-120], [0, 1e-120, 4e-120]]
NEGATIVE_3X3 = [[1, 2, 3], [4, 5, 6], [7, 8, 10]]  # determinant -3
Q = [0.2, 0.3, 0.5]

GN = [
    # log1mexp by the double where: 1e-300 takes expm1's branch, log 2 sits on the switch (both branches the same
    # function there), 800's slope 3.7e-348 is beyond float64
    Case(G, "exponential_log_cdf", _at(x=[1e-300, 0.6931471805599453, 800]), "float64", "ok",
         _each("x", [1e-300, 0.6931471805599453, 800], _exp_log_cdf_slope)),
    Case(G, "exponential_log_cdf", _at(x=[1e-30, 5]), "float32", "ok",
         _each("x", [1e-30, 5], _exp_log_cdf_slope, "float32")),
    # the single where: e^-1e-300 rounds to 1, and the untaken log1p(-1)'s slope -inf meets where's 0 (finite
    # exactly: unstable)
    Case(G, "exponential_log_cdf_single_where", _at(x=[1e-300]), "float64", "unstable",
         _each("x", [1e-300], _exp_log_cdf_slope)),
    Case(G, "exponential_log_cdf_single_where", _at(x=[0.1, 800]), "float64", "ok",
         _each("x", [0.1, 800], _exp_log_cdf_slope)),
    Case(G, "exponential_log_cdf_naive", _at(x=[1e-300]), "float64", "unstable",
         _each("x", [1e-300], _exp_log_cdf_slope)),
    # 1 - e^-40 rounds to 1: the value 0 where the truth is -4.2e-18 (its slope stays right)
    Case(G, "exponential_log_cdf_naive", _at(x=[40]), "float64", "unstable", _each("x", [40], _exp_log_cdf_slope)),
    # Kumaraswamy: 1 - x^a at x = 1 - 2.7e-10 loses the last 2e-17 of x^2.3's rounding (3.6e-8 of it) unless it
    # goes through log1mexp(a log x); at a = 2 and x = 1 - 1e-10 only the exactly-lost eps^2 (5e-11 of it)
    Case(G, "kumaraswamy_log_prob", _at(x=0.99999999973, a=2.3, b=3), "float64", "ok",
         num_grad(_kumaraswamy, x=0.99999999973, a=2.3, b=3)),
    Case(G, "kumaraswamy_log_prob_naive", _at(x=0.99999999973, a=2.3, b=3), "float64", "unstable",
         num_grad(_kumaraswamy, x=0.99999999973, a=2.3, b=3)),
    Case(G, "kumaraswamy_log_prob_naive", _at(x=0.9999999999, a=2, b=3), "float64", "ok",
         num_grad(_kumaraswamy, x=0.9999999999, a=2, b=3)),
    Case(G, "kumaraswamy_log_prob", _at(x=1e-300, a=0.5, b=2), "float64", "ok",
         num_grad(_kumaraswamy, x=1e-300, a=0.5, b=2)),
    Case(G, "kumaraswamy_log_prob", _at(x=0.99998, a=2.3, b=3), "float32", "ok",
         num_grad(_kumaraswamy, "float32", x=0.99998, a=2.3, b=3)),
    Case(G, "kumaraswamy_log_prob_naive", _at(x=0.99998, a=2.3, b=3), "float32", "unstable",
         num_grad(_kumaraswamy, "float32", x=0.99998, a=2.3, b=3)),
    Case(G, "logit_normal_log_prob", _at(x=0.9999999999999999, loc=0, scale=1), "float64", "ok",
         num_grad(_logit_normal, x=0.9999999999999999, loc=0, scale=1)),
    Case(G, "logit_normal_log_prob", _at(x=1e-300, loc=-2, scale=0.5), "float64", "ok",
         num_grad(_logit_normal, x=1e-300, loc=-2, scale=0.5)),
    # logit(sigmoid(z)) is z: sigmoid(40) rounds to 1 (float32: sigmoid(17)), sigmoid(-800) to 0
    Case(G, "logit_of_sigmoid", _at(z=[40]), "float64", "unstable", _ones("z", 1)),
    Case(G, "logit_of_sigmoid", _at(z=[-800]), "float64", "unstable", _ones("z", 1)),
    Case(G, "logit_of_sigmoid", _at(z=[3, -40]), "float64", "ok", _ones("z", 2)),
    Case(G, "logit_of_sigmoid", _at(z=[17]), "float32", "unstable", _ones("z", 1)),
    # Gompertz: exp(-100 (e^10 - 1)) underflows; at x = 1e-300, e^(bx) - 1 is 0 where the slope in eta is -5e-301
    Case(G, "gompertz_log_survival", _at(x=10, eta=100, b=1), "float64", "ok",
         _closed(_gompertz_slopes, x=10, eta=100, b=1)),
    Case(G, "gompertz_log_survival_naive", _at(x=10, eta=100, b=1), "float64", "unstable",
         _closed(_gompertz_slopes, x=10, eta=100, b=1)),
    Case(G, "gompertz_log_survival", _at(x=1e-300, eta=2, b=0.5), "float64", "ok",
         _closed(_gompertz_slopes, x=1e-300, eta=2, b=0.5)),
    Case(G, "gompertz_log_survival_naive", _at(x=1e-300, eta=2, b=0.5), "float64", "unstable",
         _closed(_gompertz_slopes, x=1e-300, eta=2, b=0.5)),
    # the generalized Pareto: 1/c = 1e300 and its slope -1/c^2 = -inf at c = 1e-300 (the slope in c is z^2/2 - z)
    Case(G, "gpd_log_prob", _at(x=2, scale=1.5, conc=1e-300), "float64", "unstable",
         _closed(_gpd_slopes, x=2, scale=1.5, conc=1e-300)),
    Case(G, "gpd_log_prob", _at(x=2, scale=1.5, conc=0.5), "float64", "ok", _closed(_gpd_slopes, x=2, scale=1.5, conc=0.5)),
    Case(G, "gpd_log_prob", _at(x=0.5, scale=1, conc=-0.25), "float64", "ok",
         _closed(_gpd_slopes, x=0.5, scale=1, conc=-0.25)),
    # at c = 0 the guard's -z is flat in c: the density's slope in c there is z^2/2 - z, which the program's
    # gradient (0) misses
    Case(G, "gpd_log_prob", _at(x=2, scale=1.5, conc=0), "float64", "wrong", _closed(_gpd_slopes, x=2, scale=1.5, conc=0),
         "gnp.where(conc == 0.0, -z, body)"),
    # Skellam: I_3(800) overflows, ive keeps it; at mu = 1e-120, ive(3, 2e-120) = 1.7e-361 underflows
    Case(G, "skellam_log_pmf", _at(mu1=400, mu2=400), "float64", "ok", _closed(_skellam_slopes, mu1=400, mu2=400)),
    Case(G, "skellam_log_pmf_naive", _at(mu1=400, mu2=400), "float64", "unstable", _closed(_skellam_slopes, mu1=400, mu2=400)),
    Case(G, "skellam_log_pmf", _at(mu1=3, mu2=1.5), "float64", "ok", _closed(_skellam_slopes, mu1=3, mu2=1.5)),
    Case(G, "skellam_log_pmf", _at(mu1=1e-120, mu2=1e-120), "float64", "unstable",
         _closed(_skellam_slopes, mu1=1e-120, mu2=1e-120)),
    Case(G, "zipf_log_pmf", _at(s=[1.00000001, 2, 60]), "float64", "ok", _each("s", [1.00000001, 2, 60], _zipf_slope())),
    Case(G, "zipf_log_pmf", _at(s=[1.5]), "float32", "ok", _each("s", [1.5], _zipf_slope("float32"), "float32")),
    # the component densities e^-1860 and e^-1740 underflow to 0 at x = 60
    Case(G, "mixture_log_prob", _at(x=60, logits=[0, 0]), "float64", "ok", num_grad(_mixture, x=60, logits=[0, 0])),
    Case(G, "mixture_log_prob_naive", _at(x=60, logits=[0, 0]), "float64", "unstable",
         num_grad(_mixture, x=60, logits=[0, 0])),
    Case(G, "mixture_log_prob_naive", _at(x=0.7, logits=[0.3, -1]), "float64", "ok",
         num_grad(_mixture, x=0.7, logits=[0.3, -1])),
    Case(G, "mixture_log_prob", _at(x=-800, logits=[800, -800]), "float64", "ok",
         num_grad(_mixture, x=-800, logits=[800, -800])),
    # six Halley steps converge at these points; at 1e305, (w + 2) f overflows and the steps stall at log1p(x)
    Case(G, "lambert_w_halley", _at(x=[1e-300, 0.5, 10]), "float64", "ok",
         _each("x", [1e-300, 0.5, 10], _lambert_slope)),
    Case(G, "lambert_w_halley", _at(x=[1e305]), "float64", "unstable", _each("x", [1e305], _lambert_slope)),
    # W / (x (1 + W)) is 0/0 at 0 at any precision: the rule, not rounding
    Case(G, "lambert_w_ratio_rule", _at(x=[0, 2]), "float64", "wrong", _each("x", [0, 2], _lambert_slope),
         "_lambert_w_ratio(x)>>def grad_fn"),
    Case(G, "lambert_w_ratio_rule", _at(x=[0.5, 2]), "float64", "ok", _each("x", [0.5, 2], _lambert_slope)),
    Case(G, "lambert_w_exp_rule", _at(x=[0, 2, 1e300]), "float64", "ok", _each("x", [0, 2, 1e300], _lambert_slope)),
    # softplus(softplus_inverse(y)) is y: at 5e-324 the inverse's slope 2e323 overflows
    Case(G, "positive_round_trip", _at(y=[1e-300, 800]), "float64", "ok", _ones("y", 2)),
    # the inverse's slope 2e323 would overflow, but log's rule divides the upstream 5e-324 by 5e-324 first
    Case(G, "positive_round_trip", _at(y=[5e-324]), "float64", "ok", _ones("y", 1)),
    Case(G, "positive_round_trip_naive", _at(y=[1e-300]), "float64", "unstable", _ones("y", 1)),
    Case(G, "positive_round_trip_naive", _at(y=[800]), "float64", "unstable", _ones("y", 1)),
    Case(G, "box_muller", _at(u1=1e-300, u2=0.125), "float64", "ok", _closed(_box_muller_slopes, u1=1e-300, u2=0.125)),
    Case(G, "box_muller", _at(u1=0.5, u2=0.3), "float64", "ok", _closed(_box_muller_slopes, u1=0.5, u2=0.3)),
    # u1 = 1: the radius sqrt(-2 log u1) at its 0, where log u1 turns positive; u2's slope is r sin(...) = 0
    Case(G, "box_muller", _at(u1=1, u2=0.125), "float64", "domain", hp(lambda: {"u1": NAN, "u2": mpmath.mpf(0)})),
    Case(G, "logdet_2x2", _at(a=SMALL_2X2), "float64", "unstable", _logdet_slopes(SMALL_2X2)),
    Case(G, "logdet_slogdet", _at(a=SMALL_2X2), "float64", "ok", _logdet_slopes(SMALL_2X2)),
    # condition 2e8: any float64 algorithm keeps 8 digits
    Case(G, "logdet_2x2", _at(a=NEAR_SINGULAR), "float64", "unstable", _logdet_slopes(NEAR_SINGULAR)),
    Case(G, "logdet_3x3", _at(a=WELL_3X3), "float64", "ok", _logdet_slopes(WELL_3X3)),
    Case(G, "logdet_3x3", _at(a=TINY_3X3), "float64", "unstable", _logdet_slopes(TINY_3X3)),
    Case(G, "logdet_slogdet", _at(a=TINY_3X3), "float64", "ok", _logdet_slopes(TINY_3X3)),
    Case(G, "logdet_3x3", _at(a=NEGATIVE_3X3), "float64", "domain",
         hp(lambda: {"a": [[NAN] * 3 for _ in range(3)]})),
    Case(G, "logdet_slogdet", _at(a=NEGATIVE_3X3), "float64", "ok", _logdet_slopes(NEGATIVE_3X3)),
    # 1/1e-310 overflows; in log space the mean is 3e-310, a subnormal
    Case(G, "harmonic_mean", _at(x=[1e-310, 1, 1]), "float64", "unstable",
         _closed(_harmonic_slopes, x=[1e-310, 1, 1])),
    Case(G, "harmonic_mean_lse", _at(x=[1e-310, 1, 1]), "float64", "ok", _closed(_harmonic_slopes, x=[1e-310, 1, 1])),
    Case(G, "harmonic_mean", _at(x=[2, 3, 6]), "float64", "ok", _closed(_harmonic_slopes, x=[2, 3, 6])),
    Case(G, "geometric_mean_naive", _at(x=[1e-200, 1e-200, 1e-200]), "float64", "unstable",
         _closed(_geometric_slopes, x=[1e-200, 1e-200, 1e-200])),
    Case(G, "geometric_mean", _at(x=[1e-200, 1e-200, 1e-200]), "float64", "ok",
         _closed(_geometric_slopes, x=[1e-200, 1e-200, 1e-200])),
    Case(G, "geometric_mean_naive", _at(x=[2, 8, 4]), "float64", "ok", _closed(_geometric_slopes, x=[2, 8, 4])),
    # NumPy's norm squares its entries: 9e-600 underflows, 2e400 overflows
    Case(G, "vector_norm", _at(x=[3e-300, 4e-300]), "float64", "unstable", _closed(_norm_slopes, x=[3e-300, 4e-300])),
    Case(G, "vector_norm_scaled", _at(x=[3e-300, 4e-300]), "float64", "ok", _closed(_norm_slopes, x=[3e-300, 4e-300])),
    Case(G, "vector_norm", _at(x=[1e200, 1e200]), "float64", "unstable", _closed(_norm_slopes, x=[1e200, 1e200])),
    Case(G, "vector_norm_scaled", _at(x=[1e200, -1e200]), "float64", "ok", _closed(_norm_slopes, x=[1e200, -1e200])),
    # 1 - |x|^2 at |x| = 1 - 2^-30: x0^2 loses its 2^-60, 5e-10 of the room left
    Case(G, "poincare_distance", _at(x=[EDGE, 0], y=[0, 0.5]), "float64", "unstable",
         num_grad(_poincare, x=[EDGE, 0], y=[0, 0.5])),
    Case(G, "poincare_distance_factored", _at(x=[EDGE, 0], y=[0, 0.5]), "float64", "ok",
         num_grad(_poincare, x=[EDGE, 0], y=[0, 0.5])),
    Case(G, "poincare_distance", _at(x=[0.1, 0.2], y=[-0.3, 0.5]), "float64", "ok",
         num_grad(_poincare, x=[0.1, 0.2], y=[-0.3, 0.5])),
    # one point twice: the distance is a cone's tip there (arccosh at 1)
    Case(G, "poincare_distance", _at(x=[0.3, 0.4], y=[0.3, 0.4]), "float64", "domain",
         hp(lambda: {"x": [NAN, NAN], "y": [NAN, NAN]})),
    Case(G, "gumbel_log_survival_naive", _at(x=[40]), "float64", "unstable", _each("x", [40], _gumbel_slope)),
    Case(G, "gumbel_log_survival", _at(x=[40, -2, 0]), "float64", "ok", _each("x", [40, -2, 0], _gumbel_slope)),
    # e^-800 underflows: even expm1's form takes log(0)
    Case(G, "gumbel_log_survival", _at(x=[800]), "float64", "unstable", _each("x", [800], _gumbel_slope)),
    Case(G, "gumbel_log_survival_tail", _at(x=[800, 40, -2]), "float64", "ok",
         _each("x", [800, 40, -2], _gumbel_tail_slope)),
    Case(G, "frechet_log_survival", _at(x=1e10, alpha=2), "float64", "ok", _closed(_frechet_slopes, x=1e10, alpha=2)),
    Case(G, "frechet_log_survival_naive", _at(x=1e10, alpha=2), "float64", "unstable",
         _closed(_frechet_slopes, x=1e10, alpha=2)),
    Case(G, "frechet_log_survival", _at(x=3, alpha=1.5), "float64", "ok", _closed(_frechet_slopes, x=3, alpha=1.5)),
    Case(G, "exprel_neg", _at(x=[0, 2]), "float64", "ok", _each("x", [0, 2], _exprel_neg_slope)),
    # the single where's untaken -expm1(-x)/x is 0/0 at 0 at any precision
    Case(G, "exprel_neg_single_where", _at(x=[0, 2]), "float64", "wrong", _each("x", [0, 2], _exprel_neg_slope)),
    Case(G, "relu_sum", _at(x=[5e-324, -5e-324, 1e-300]), "float64", "ok", hp(lambda: {"x": [mpmath.mpf(v) for v in (1, 0, 1)]})),
    Case(G, "relu_sum", _at(x=[5e-324, -5e-324, 0]), "float64", "domain", hp(lambda: {"x": [mpmath.mpf(1), mpmath.mpf(0), NAN]})),
    Case(G, "pairwise_max", _at(x=[1e-310, 5e-324], y=[2e-310, 5e-324]), "float64", "domain",
         _closed(_pairwise_slopes, x=[1e-310, 5e-324], y=[2e-310, 5e-324])),
    Case(G, "pairwise_max", _at(x=[1e-310, 5e-324], y=[2e-310, 1e-323]), "float64", "ok",
         _closed(_pairwise_slopes, x=[1e-310, 5e-324], y=[2e-310, 1e-323])),
    Case(G, "kl_rel_entr", _at(p=[5e-324, 0.25, 0.75], q=Q), "float64", "ok",
         _closed(_relative_entropy_slopes, p=[5e-324, 0.25, 0.75], q=Q)),
    Case(G, "kl_xlogy", _at(p=[5e-324, 0.25, 0.75], q=Q), "float64", "ok",
         _closed(_relative_entropy_slopes, p=[5e-324, 0.25, 0.75], q=Q)),
    Case(G, "kl_rel_entr", _at(p=[0, 0.5, 0.5], q=Q), "float64", "domain",
         _closed(_relative_entropy_slopes, p=[0, 0.5, 0.5], q=Q)),
    Case(G, "kl_xlogy", _at(p=[1e-300, 0.5, 0.5], q=Q), "float64", "ok",
         _closed(_relative_entropy_slopes, p=[1e-300, 0.5, 0.5], q=Q)),
    # translation invariance: the gradient is 0 by algebra, at +-800 and at 1e15 alike
    Case(G, "shifted_log_partition", _at(z=[-800, 0, 800]), "float64", "ok", _zeros("z", 3)),
    Case(G, "shifted_log_partition", _at(z=[1e15, 1000000000000001, 999999999999999]), "float64", "ok", _zeros("z", 3)),
    Case(G, "smoothed_cross_entropy", _at(z=[800, -800, 0]), "float64", "ok", _smoothed_slopes([800, -800, 0])),
    Case(G, "first_probability", _at(z=[-800, -800, -800]), "float64", "ok", _first_probability_slopes([-800] * 3)),
    Case(G, "first_probability", _at(z=[1e15, 1000000000000001, 999999999999999]), "float64", "ok",
         _first_probability_slopes([1e15, 1000000000000001, 999999999999999])),
    # the floor is the dtype's own: 2.2e-308 in float64, 1.2e-38 in float32
    Case(G, "log_floored_at_tiny", _at(x=[5e-324, 1e-300]), "float64", "ok", _floored_log_slopes("float64", [5e-324, 1e-300])),
    Case(G, "log_floored_at_tiny", _at(x=[1e-40, 1e-30]), "float32", "ok", _floored_log_slopes("float32", [1e-40, 1e-30])),
    Case(G, "log_plus_eps", _at(x=[0, 1]), "float64", "ok", _log_plus_eps_slopes("float64", [0, 1])),
    Case(G, "log_plus_eps", _at(x=[0, 1]), "float32", "ok", _log_plus_eps_slopes("float32", [0, 1])),
    Case(G, "safe_sqrt", _at(x=[4, -1, 5e-324]), "float64", "ok", _each("x", [4, -1, 5e-324], _safe_sqrt_slope)),
    # b^2 = 1e-600 underflows: sqrt(0)'s infinite slope where the truth is b/|b| = 1
    Case(G, "top_eigenvalue_2x2", _at(a=2, b=1e-300, d=2), "float64", "unstable",
         _closed(_top_eigenvalue_slopes, a=2, b=1e-300, d=2)),
    Case(G, "top_eigenvalue_2x2_hypot", _at(a=2, b=1e-300, d=2), "float64", "ok",
         _closed(_top_eigenvalue_slopes, a=2, b=1e-300, d=2)),
    Case(G, "top_eigenvalue_2x2_hypot", _at(a=2, b=0, d=2), "float64", "domain",
         hp(lambda: {"a": NAN, "b": NAN, "d": NAN})),
    Case(G, "top_eigenvalue_2x2_hypot", _at(a=3, b=-1e-300, d=2), "float64", "ok",
         _closed(_top_eigenvalue_slopes, a=3, b=-1e-300, d=2)),
    Case(G, "logdet_cholesky", _at(a=SMALL_2X2), "float64", "ok", _cholesky_logdet_slopes(SMALL_2X2)),
    Case(G, "logdet_cholesky", _at(a=WELL_3X3), "float64", "ok", _cholesky_logdet_slopes(WELL_3X3)),
    # a right rule whose e^800 / (1 + e^800) is inf / inf in float64: unstable at the rule's line, not wrong
    Case(G, "softplus_by_exp_rule", _at(x=[800]), "float64", "unstable", _each("x", [800], _sig),
         "return upstream * gnp.exp(x) / (1.0 + gnp.exp(x))"),
    Case(G, "softplus_by_exp_rule", _at(x=[-3, 2]), "float64", "ok", _each("x", [-3, 2], _sig)),
    Case(G, "log1mexp_rule", _at(t=[-1e-300, -800, -0.5]), "float64", "ok",
         _each("t", [-1e-300, -800, -0.5], lambda t: -1 / mpmath.expm1(-t))),
    Case(G, "log1mexp_slip", _at(t=[-0.5]), "float64", "wrong", _each("t", [-0.5], lambda t: -1 / mpmath.expm1(-t)),
         "_log1mexp_slip(t)>>def grad_fn"),
    # sin(pi) of the float pi is 1.2e-16 > 0, sin(2 pi) -2.4e-16 < 0: no kink at either
    Case(G, "abs_sine", _at(x=[3.141592653589793, 6.283185307179586]), "float64", "ok",
         _each("x", [3.141592653589793, 6.283185307179586], _abs_sine_slope)),
    # logsumexp's and logaddexp's slopes are softmax weights: their answers 1e15 + 1.4 and 1e300 + log 2 are rounded
    # at 0.125 and at 1e284, which the weights must not see
    Case(G, "log_partition", _at(z=[1e15, 1000000000000001, 999999999999999]), "float64", "ok",
         _first_probability_slopes_all([1e15, 1000000000000001, 999999999999999])),
    Case(G, "log_partition", _at(z=[-800, -800.5, 3]), "float64", "ok", _first_probability_slopes_all([-800, -800.5, 3])),
    Case(G, "pair_log_partition", _at(x=[1e300, -1e308], y=[1e300, -1e308]), "float64", "ok",
         hp(lambda: {"x": [mpmath.mpf(1) / 2] * 2, "y": [mpmath.mpf(1) / 2] * 2})),
    Case(G, "pair_log2_partition", _at(x=[1e300, 3], y=[1e300, -1]), "float64", "ok",
         hp(lambda: {"x": [mpmath.mpf(1) / 2, mpmath.mpf(16) / 17], "y": [mpmath.mpf(1) / 2, mpmath.mpf(1) / 17]})),
    # the rule's |x|^2 overflows (1e200) or underflows (1e-200): an op broke in the dtype, the rule is right
    Case(G, "log_norm_rule", _at(x=[1e200, 1e200]), "float64", "unstable", _closed(_log_norm_slopes, x=[1e200, 1e200]),
         "return upstream * x / gnp.sum(x * x)"),
    Case(G, "log_norm_rule", _at(x=[1e-200, -1e-200]), "float64", "unstable",
         _closed(_log_norm_slopes, x=[1e-200, -1e-200]), "return upstream * x / gnp.sum(x * x)"),
    Case(G, "log_norm_rule", _at(x=[3, -4]), "float64", "ok", _closed(_log_norm_slopes, x=[3, -4])),
    # 1 - 2^-53 and 1e-320 are inside the clip, 1 + 2^-52 beyond it: no kink at any
    Case(G, "unit_clip", _at(x=[0.9999999999999999, 1e-320, 1.0000000000000002]), "float64", "ok",
         _closed(lambda x: {"x": [2 * v if 0 < v < 1 else mpmath.mpf(0) for v in x]},
                 x=[0.9999999999999999, 1e-320, 1.0000000000000002])),
    # clip's switch at 0 under a square: both one-sided slopes 0, no kink
    Case(G, "unit_clip", _at(x=[0, 0.5]), "float64", "ok", hp(lambda: {"x": [mpmath.mpf(0), mpmath.mpf(1)]})),
    Case(G, "unit_clip", _at(x=[1, 0.5]), "float64", "domain", hp(lambda: {"x": [NAN, mpmath.mpf(1)]})),
    Case(G, "log_partition_by_hand", _at(z=[800, 800, -800]), "float64", "ok",
         _first_probability_slopes_all([800, 800, -800])),
    Case(G, "log_partition_by_hand", _at(z=[-800, 3, 3]), "float64", "ok", _first_probability_slopes_all([-800, 3, 3])),
    Case(G, "log_partition_held_max", _at(z=[800, 800, -800]), "float64", "ok",
         _first_probability_slopes_all([800, 800, -800])),
    # e^800 * e^-800 is inf * 0: the slope 0 of log 1 comes out NaN
    Case(G, "cancelled_exponentials", _at(x=[800]), "float64", "unstable", _zeros("x", 1)),
    Case(G, "cancelled_exponentials", _at(x=[5e-324, -3]), "float64", "ok", _zeros("x", 2)),
    # xlogy(0, y) is 0 for every y > 0 (slope 0 in y); in x its slope log y is -inf at y = 0
    Case(G, "xlogy_pair", _at(x=[0, 0], y=[0, 5e-324]), "float64", "domain",
         hp(lambda: {"x": [NAN, mpmath.log(_f(5e-324))], "y": [mpmath.mpf(0), mpmath.mpf(0)]})),
    Case(G, "xlogy_pair", _at(x=[5e-324, 0], y=[5e-324, 2]), "float64", "ok",
         hp(lambda: {"x": [mpmath.log(_f(5e-324)), mpmath.log(2)], "y": [mpmath.mpf(1), mpmath.mpf(0)]})),
    # a tie of the two smallest: the median is the upper of them (slope 1 moving up, 0 moving down)
    Case(G, "median_of_three", _at(x=[5e-324, 5e-324, 1]), "float64", "domain",
         hp(lambda: {"x": [NAN, NAN, mpmath.mpf(0)]})),
    Case(G, "median_of_three", _at(x=[5e-324, 1e-323, 1]), "float64", "ok",
         hp(lambda: {"x": [mpmath.mpf(0), mpmath.mpf(1), mpmath.mpf(0)]})),
    Case(G, "exprel_neg", _at(x=[0, 2]), "float32", "ok", _each("x", [0, 2], _exprel_neg_slope, "float32")),
    Case(G, "exprel_neg_single_where", _at(x=[0, 2]), "float32", "wrong",
         _each("x", [0, 2], _exprel_neg_slope, "float32")),
    Case(G, "gpd_log_prob", None, "float64", "ok", _closed(lambda conc: {"conc": _gpd_slopes(2, 1.5, conc)["conc"]}, conc=0.5),
         args="gpd_point", wrt="conc"),
    # float32 runs of the same code
    Case(G, "skellam_log_pmf", _at(mu1=40, mu2=30), "float32", "ok", _closed(_skellam_slopes, "float32", mu1=40, mu2=30)),
    Case(G, "lambert_w_halley", _at(x=[1e-30, 0.5, 10]), "float32", "ok",
         _each("x", [1e-30, 0.5, 10], _lambert_slope, "float32")),
    Case(G, "frechet_log_survival", _at(x=1000, alpha=2), "float32", "ok",
         _closed(_frechet_slopes, "float32", x=1000, alpha=2)),
    Case(G, "frechet_log_survival_naive", _at(x=1000, alpha=2), "float32", "unstable",
         _closed(_frechet_slopes, "float32", x=1000, alpha=2)),
    Case(G, "box_muller", _at(u1=1e-30, u2=0.3), "float32", "ok", _closed(_box_muller_slopes32, "float32", u1=1e-30, u2=0.3)),
    # the program's log(3) is a Python float a float32 run holds as float32: the mean is e^c / S, c that number
    Case(G, "harmonic_mean_lse", _at(x=[1e-40, 1, 1]), "float32", "ok",
         _closed(lambda x: {"x": [mpmath.exp(_in("float32", [math.log(3.0)])[0]) / (sum(1 / v for v in x) * v) ** 2
                                  for v in x]}, "float32", x=[1e-40, 1, 1])),
    Case(G, "logdet_slogdet", _at(a=[[3e-20, 1e-20], [1e-20, 2e-20]]), "float32", "ok",
         hp(lambda: (lambda m: {"a": [[m[j, i] for j in range(2)] for i in range(2)]})(
             mpmath.matrix([_in("float32", r) for r in [[3e-20, 1e-20], [1e-20, 2e-20]]]) ** -1))),
    Case(G, "gompertz_log_survival", _at(x=10, eta=100, b=1), "float32", "ok",
         _closed(_gompertz_slopes, "float32", x=10, eta=100, b=1)),
    # a product's slopes at its zeros: the other entries' products, never ans / x
    Case(G, "product", _at(x=[0, 2, 3]), "float64", "ok", hp(lambda: {"x": [mpmath.mpf(v) for v in (6, 0, 0)]})),
    Case(G, "product", _at(x=[5e-324, 1e300, 2]), "float64", "ok",
         _closed(lambda x: {"x": [x[1] * x[2], x[0] * x[2], x[0] * x[1]]}, x=[5e-324, 1e300, 2])),
    # det's slope is the adjugate's transpose, [[4, -2], [-2, 1]] exactly in float64 at a singular matrix
    Case(G, "determinant", _at(a=[[1, 2], [2, 4]]), "float64", "ok",
         hp(lambda: {"a": [[mpmath.mpf(4), mpmath.mpf(-2)], [mpmath.mpf(-2), mpmath.mpf(1)]]})),
    Case(G, "determinant", _at(a=[[1, 2], [3, 4]]), "float64", "ok",
         hp(lambda: {"a": [[mpmath.mpf(4), mpmath.mpf(-3)], [mpmath.mpf(-2), mpmath.mpf(1)]]})),
]


def _scalar(name, value, slope, dtype="float64"):
    return hp(lambda: {name: slope(_in(dtype, [value])[0])})


def _pair(slopes, dtype="float64", **point):
    def truth():
        (a, b) = _in(dtype, list(point.values()))
        return dict(zip(point, slopes(a, b)))
    return hp(truth)


def _sigmoid_slope_slope(x):
    """d/dx s (1 - s) = s (1 - s) (1 - 2 s)."""
    s = _sig(x)
    return s * (1 - s) * (1 - 2 * s)


FORMULAS = [
    Case(F, "log(-expm1(-x))", "x=1e-300", "float64", "ok", _scalar("x", 1e-300, _exp_log_cdf_slope)),
    Case(F, "log1p(-exp(-x))", "x=1e-300", "float64", "unstable", _scalar("x", 1e-300, _exp_log_cdf_slope)),
    Case(F, "log(-expm1(-x))", "x=800", "float64", "ok", _scalar("x", 800, _exp_log_cdf_slope)),
    # softplus(x) - x is log1p(e^-x): its slope -1/(1 + e^800) = -3.7e-348, beyond float64
    Case(F, "softplus(x) - x", "x=800", "float64", "ok", _scalar("x", 800, lambda x: -_sig(-x))),
    Case(F, "sigmoid(x)*(1-sigmoid(x))", "x=40", "float64", "unstable", _scalar("x", 40, _sigmoid_slope_slope)),
    Case(F, "log(x + sqrt(x*x + 1))", "x=1e300", "float64", "unstable",
         _scalar("x", 1e300, lambda x: 1 / mpmath.sqrt(1 + x * x))),
    Case(F, "arcsinh(x)", "x=1e300", "float64", "ok", _scalar("x", 1e300, lambda x: 1 / mpmath.sqrt(1 + x * x))),
    # 1 + 1e-300 rounds to 1: arccosh(1)'s infinite slope where the truth is 7.1e149
    Case(F, "arccosh(1 + x)", "x=1e-300", "float64", "unstable",
         _scalar("x", 1e-300, lambda x: 1 / mpmath.sqrt(2 * x + x * x))),
    Case(F, "maximum(x, y)", "x=5e-324,y=5e-324", "float64", "domain", hp(lambda: {"x": NAN, "y": NAN})),
    Case(F, "maximum(x, y)", "x=5e-324,y=1e-323", "float64", "ok", hp(lambda: {"x": mpmath.mpf(0), "y": mpmath.mpf(1)})),
    Case(F, "minimum(x, y) + maximum(x, y)", "x=1e-310,y=1e-310", "float64", "ok",
         hp(lambda: {"x": mpmath.mpf(1), "y": mpmath.mpf(1)})),
    Case(F, "1/(1/x + 1/y)", "x=1e-310,y=1", "float64", "unstable",
         _pair(lambda a, b: (b * b / (a + b) ** 2, a * a / (a + b) ** 2), x=1e-310, y=1)),
    Case(F, "x*y/(x + y)", "x=1e-310,y=1", "float64", "ok",
         _pair(lambda a, b: (b * b / (a + b) ** 2, a * a / (a + b) ** 2), x=1e-310, y=1)),
    Case(F, "exp(-exp(-x))", "x=-6.5", "float64", "ok",
         _scalar("x", -6.5, lambda x: mpmath.exp(-mpmath.exp(-x)) * mpmath.exp(-x))),
    Case(F, "where(x > 0, x*log(x), 0)", "x=5e-324", "float64", "ok", _scalar("x", 5e-324, lambda x: mpmath.log(x) + 1)),
    Case(F, "logaddexp(x, -x)", "x=800", "float64", "ok", _scalar("x", 800, mpmath.tanh)),
    Case(F, "log(exp(x) + exp(-x))", "x=800", "float64", "unstable", _scalar("x", 800, mpmath.tanh)),
    Case(F, "arctanh(x)", "x=0.9999999999999999", "float64", "ok",
         _scalar("x", 0.9999999999999999, lambda x: 1 / ((1 - x) * (1 + x)))),
    # (1 + x)/(1 - x) rounds to 1 at 1e-17: the value 0 where the truth is 1e-17
    Case(F, "0.5*log((1 + x)/(1 - x))", "x=1e-17", "float64", "unstable", _scalar("x", 1e-17, lambda x: 1 / (1 - x * x))),
    Case(F, "abs(sin(x))", "x=3.141592653589793", "float64", "ok", _scalar("x", 3.141592653589793, _abs_sine_slope)),
    Case(F, "abs(cos(x))", "x=1.5707963267948966", "float64", "ok",
         _scalar("x", 1.5707963267948966, lambda x: -mpmath.sin(x) * mpmath.sign(mpmath.cos(x)))),
    Case(F, "maximum(x, 1 - x)", "x=0.5", "float64", "domain", hp(lambda: {"x": NAN})),
    Case(F, "maximum(x, 1 - x)", "x=0.5000000000000001", "float64", "ok", hp(lambda: {"x": mpmath.mpf(1)})),
    Case(F, "sin(x)", "x=1e300", "float64", "ok", _scalar("x", 1e300, mpmath.cos)),
    Case(F, "sin(x)**2 + cos(x)**2", "x=1e300", "float64", "ok", hp(lambda: {"x": mpmath.mpf(0)})),
    Case(F, "logaddexp(x, y)", "x=-1e308,y=-1e308", "float64", "ok",
         hp(lambda: {"x": mpmath.mpf(1) / 2, "y": mpmath.mpf(1) / 2})),
    Case(F, "logaddexp(x, y)", "x=1.7976931348623157e308,y=1.7976931348623157e308", "float64", "ok",
         hp(lambda: {"x": mpmath.mpf(1) / 2, "y": mpmath.mpf(1) / 2})),
    Case(F, "sqrt(x*x)", "x=5e-324", "float64", "unstable", hp(lambda: {"x": mpmath.mpf(1)})),
    Case(F, "hypot(x, y)", "x=5e-324,y=0", "float64", "ok", hp(lambda: {"x": mpmath.mpf(1), "y": mpmath.mpf(0)})),
    # one ulp apart at 1e300: the switch is a neighbour, not the point
    Case(F, "abs(x - y)", "x=1e300,y=1.0000000000000002e300", "float64", "ok",
         hp(lambda: {"x": -mpmath.mpf(1), "y": mpmath.mpf(1)})),
    Case(F, "maximum(x, y)", "x=1e300,y=1.0000000000000002e300", "float64", "ok",
         hp(lambda: {"x": mpmath.mpf(0), "y": mpmath.mpf(1)})),
    Case(F, "abs(x - y)", "x=1e300,y=1e300", "float64", "domain", hp(lambda: {"x": NAN, "y": NAN})),
    Case(F, "x - floor(x)", "x=2.9999999999999996", "float64", "ok", hp(lambda: {"x": mpmath.mpf(1)})),
    # 0^y is 0 for every y > 0: its slope in y is 0 (y log 0 * 0^y is 0 * -inf in a rule)
    Case(F, "x**y", "x=0,y=2", "float64", "ok", hp(lambda: {"x": mpmath.mpf(0), "y": mpmath.mpf(0)})),
    Case(F, "x**y", "x=5e-324,y=2", "float64", "ok",
         _pair(lambda a, b: (b * a ** (b - 1), a ** b * mpmath.log(a)), x=5e-324, y=2)),
]

ALL = GN + FORMULAS
