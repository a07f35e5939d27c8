"""The thirtieth trial set (first part): in JAX, a ray's travel time through flat layers (at a slowness past a layer's
critical angle, and at the float nearest the critical one, whose exact cosine is imaginary), the offset's travel time
by shooting with Newton's method in a fori_loop (dT/dx is the ray parameter, Fermat's principle), moment magnitude in
N m and from dyne-cm (whose conversion overflows float32), Aki's b-value; Manning's velocity at zero depth and at a
dry cell behind a single and a double where; Green-Ampt infiltration by a fixed-point fori_loop and by custom_vjp
implicit slopes, right and forgetting the chain; an SEIR epidemic by an Euler scan, checkpointed, and fitted on log
rates from a parameter tree (--args, --wrt by path); R0 of a next-generation matrix by its characteristic polynomial,
by eigvals and by power iteration, at a repeated eigenvalue too; 2PL and 3PL item response at extreme ability
(naive and by log_sigmoid, vmapped over persons), cumulative-logit ordinal categories whose sigmoids cancel, a
custom_jvp test information right and missing a factor; A-weighting at 1 kHz (whose float32 quotient rule squares a
denominator of 1.9e20) and where f^4 overflows; a sound level with a floor and at silence without one; Beer-Lambert
absorbance by -log10 of an underflowing transmittance; a Langmuir fit by --args; van Genuchten at zero suction. In
plain NumPy and SciPy the same sciences as legacy code writes them: loops over layers under np.errstate, Newton on
float() of the step, an in-place masked assignment for dry cells, a fixed-point while loop and scipy.special.lambertw,
an SEIR state array updated in place, np.linalg.eigvals, a scalar log-sigmoid branching on float(z), a design
matrix's rows, Python's max of a power and a floor, and .item() of a loss printed.

Truths are the mathematics written here in mpmath (closed forms, the Euler recursion restated, implicit slopes from
mpmath.findroot, or mpmath.diff at 2,000 digits through `num_grad`), never the user files' code; points are the
numbers the dtype holds, constants the numbers the program writes (in the dtype it computes them in: JAX's log10 is
a log times 1/ln 10 rounded to the dtype). A coordinate with no derivative is written NaN by hand.
"""

import math

import mpmath

from cases import Case, mp
from cases2 import NAN
from cases5 import _in, hp
from cases12a import _f, num_grad
from cases22b import _each, _sig
from cases24b import _fixed
from cases27a import _c

J, N = "jax_lib30a.py", "numpy_lib30a.py"


# --- seismology --------------------------------------------------------------------------------------------------------

LAYERS = ((2.0, 3.0), (5.0, 5.0), (8.0, 6.5))


def _ray_time_slope(dtype="float64"):
    """dT/dp of sum h / (v sqrt(1 - p^2 v^2)) = sum h p v / (1 - p^2 v^2)^(3/2)."""
    def slope(p):
        return sum(_c(dtype, h) * p * _c(dtype, v) / (1 - (p * _c(dtype, v)) ** 2) ** mp(1.5) for h, v in LAYERS)
    return slope


def _ray_offset_slope(p):
    return sum(_f(h) * _f(v) / (1 - (p * _f(v)) ** 2) ** mp(1.5) for h, v in LAYERS)


def _shot_slope(x, dtype="float64"):
    """dT/dx at offset x is the ray parameter p solving X(p) = x (Fermat's principle)."""
    def truth():
        (xv,) = _in(dtype, [x])
        layers = [(_c(dtype, h), _c(dtype, v)) for h, v in LAYERS]

        def offset(p):
            return sum(h * p * v / mpmath.sqrt(1 - (p * v) ** 2) for h, v in layers)
        return {"x": mpmath.re(mpmath.findroot(lambda p: offset(p) - xv, mp("0.05")))}
    return hp(truth)


def _magnitude_slope(dtype="float64"):
    """d/dM0 of (2/3)(log10 M0 - 9.1): (2/3) / (M0 ln 10), 2/3 as the dtype holds it."""
    def slope(m0):
        return _c(dtype, 2.0 / 3.0) / (m0 * mpmath.log(10))
    return slope


def _b_value_slope(mags):
    """d/dM_i of log10(e) / (mean M - 1.95) = -log10(e) / (n (mean M - 1.95)^2)."""
    def truth():
        m = [_f(v) for v in mags]
        gap = sum(m) / len(m) - _f(2.0 - 0.05)
        return {"mags": [-_f(math.log10(math.e)) / (len(m) * gap ** 2)] * len(m)}
    return hp(truth)


# --- hydrology ---------------------------------------------------------------------------------------------------------


def _manning_slope(dtype="float64"):
    """dV/dh of (b h / (b + 2 h))^c sqrt(S) / n: c R^(c - 1) b^2 / (b + 2h)^2 sqrt(S) / n, with c = 2/3, S and n
    the numbers the dtype holds."""
    def slope(h):
        b, c = mp(4), _c(dtype, 2.0 / 3.0)
        root_s = mpmath.sqrt(_c(dtype, 0.001))
        radius = b * h / (b + 2 * h)
        return c * radius ** (c - 1) * b * b / (b + 2 * h) ** 2 * root_s / _c(dtype, 0.03)
    return slope


def _wet_cells(depths):
    def truth():
        slope = _manning_slope()
        return {"depth": [slope(_f(d)) if d > 0 else mp(0) for d in depths]}
    return hp(truth)


PSI_DTHETA = 0.11 * 0.3


def _green_ampt_slope(k_sat, dtype="float64"):
    """dF/dK = t (s + F) / F where F - s log(1 + F / s) = K t (s = psi dtheta, t = 2)."""
    def truth():
        (k,) = _in(dtype, [k_sat])
        s, t = _c(dtype, PSI_DTHETA), mp(2)
        f = mpmath.findroot(lambda v: v - s * mpmath.log(1 + v / s) - k * t, 3 * k * t)
        return {"k_sat": t * (s + f) / f}
    return hp(truth)


# --- epidemiology ------------------------------------------------------------------------------------------------------


def _seir(beta, sigma, gamma, dtype="float64", steps=240):
    """Forward Euler of the SEIR model from (0.999, 0, 0.001, 0), dt = 0.5: the final state and i before each step."""
    dt = _c(dtype, 0.5)
    s, e, i, r = _c(dtype, 0.999), mp(0), _c(dtype, 0.001), mp(0)
    path = []
    for _ in range(steps):
        path.append(i)
        infect = beta * s * i
        s, e, i, r = s - dt * infect, e + dt * (infect - sigma * e), i + dt * (sigma * e - gamma * i), r + dt * gamma * i
    return (s, e, i, r), path


def _attack_rate(dtype="float64"):
    def rate(beta):
        (s, _, _, _), _ = _seir(beta, _c(dtype, 0.2), _c(dtype, 0.1), dtype)
        return 1 - s
    return rate


def _soft_peak(beta):
    _, path = _seir(beta, _f(0.2), _f(0.1))
    return mpmath.log(sum(mpmath.exp(200 * v) for v in path)) / 200


SEIR_PARAMS = {"log_beta": -1.2, "log_sigma": -1.6, "log_gamma": -2.3}
SEIR_OBSERVED = (0.004, 0.02, 0.06)


def _seir_fit_slopes(names):
    def fit(lb, ls, lg):
        _, path = _seir(mpmath.exp(lb), mpmath.exp(ls), mpmath.exp(lg))
        return sum((path[k] - _f(o)) ** 2 for k, o in zip((40, 80, 120), SEIR_OBSERVED))

    def truth():
        base = [_f(SEIR_PARAMS[n]) for n in SEIR_PARAMS]
        order = list(SEIR_PARAMS)
        out = {}
        for name in names:
            k = order.index(name)
            out["params." + name] = mpmath.diff(lambda t: fit(*(base[:k] + [t] + base[k + 1:])), base[k])
        return out
    return hp(truth)


def _spectral_radius(dtype="float64"):
    """The larger eigenvalue of K = beta_ij / gamma_j (gamma = 0.1, 0.25), real and positive for positive rates."""
    def radius(beta):
        k = [[beta[i][j] / _c(dtype, (0.1, 0.25)[j]) for j in range(2)] for i in range(2)]
        tr, det = k[0][0] + k[1][1], k[0][0] * k[1][1] - k[0][1] * k[1][0]
        return (tr + mpmath.sqrt(tr * tr - 4 * det)) / 2
    return radius


CONTACTS = [[0.3, 0.1], [0.2, 0.4]]
CONTACTS_AT = "beta=[[0.3,0.1],[0.2,0.4]]"
# K = diag(1, 1) exactly (0.1 / 0.1, 0.25 / 0.25): a double eigenvalue, a kink along the diagonal, flat along the
# off-diagonal (triangular) directions
TIED_AT = "beta=[[0.1,0],[0,0.25]]"
# K = diag(0.3 / 0.1, 3): the float 0.3 over the float 0.1 is 3 - 4.4e-16, so the larger eigenvalue is 0.75 / 0.25
# alone, where float64 rounds the discriminant's (4.4e-16)^2 away
NEAR_TIE_AT = "beta=[[0.3,0],[0,0.75]]"


def _fixed_matrix(name, rows):
    return hp(lambda: {name: [[NAN if v is None else mp(v) for v in row] for row in rows]})


TIED = _fixed_matrix("beta", [[None, 0], [0, None]])
NEAR_TIE = _fixed_matrix("beta", [[0, 0], [0, 4]])


# --- psychometrics -----------------------------------------------------------------------------------------------------

ITEMS = ((1.7, -1.0, 0.2, 1), (1.2, 0.0, 0.25, 1), (0.8, 0.5, 0.2, 0), (2.1, 1.5, 0.15, 1))


def _items(dtype):
    return [(_c(dtype, a), _c(dtype, b), _c(dtype, c), y) for a, b, c, y in ITEMS]


def _loglik_2pl_slope(dtype="float64"):
    """d/dtheta of sum y log sigma(z) + (1 - y) log sigma(-z), z = a (theta - b): sum a (y - sigma(z))."""
    def slope(theta):
        return sum(a * (y - _sig(a * (theta - b))) for a, b, _, y in _items(dtype))
    return slope


def _loglik_3pl(dtype="float64"):
    """sum y log P + (1 - y) log(1 - P), P = c + (1 - c) sigma(z); 1 - P written as (1 - c) sigma(-z)."""
    def loglik(theta):
        total = mp(0)
        for a, b, c, y in _items(dtype):
            z = a * (theta - b)
            total += mpmath.log(c + (1 - c) * _sig(z)) if y else mpmath.log((1 - c) * _sig(-z))
        return total
    return loglik


def _group_slopes(thetas):
    def truth():
        slope = _loglik_2pl_slope()
        return {"thetas": [slope(t) for t in _in("float64", thetas)]}
    return hp(truth)


CUTS = (-1.0, 0.0, 1.0)


def _top_category_slope(eta):
    """d/deta log(1 - sigma(tau_3 - eta)) = d/deta log sigma(eta - tau_3) = sigma(tau_3 - eta)."""
    return _sig(1 - eta)


def _middle_category_slope(eta):
    """d/deta log(sigma(t2 - eta) - sigma(t1 - eta)) = (sigma'(t1 - eta) - sigma'(t2 - eta)) / (the difference)."""
    def dsig(u):
        return _sig(u) * _sig(-u)
    hi, lo = -eta, -1 - eta
    return (dsig(lo) - dsig(hi)) / (_sig(hi) - _sig(lo))


def _information_slope(theta):
    """d/dtheta of sum a^2 p (1 - p) = sum a^3 p (1 - p) (1 - 2 p)."""
    total = mp(0)
    for a, b, _, _ in _items("float64"):
        p = _sig(a * (theta - b))
        total += a ** 3 * p * (1 - p) * (1 - 2 * p)
    return total


DESIGN = ((1.0, 0.5), (0.2, -1.0), (-0.7, 0.3))
CATEGORY = (3, 1, 0)


def _ordinal_design(w):
    """Three observations' cumulative-logit log-likelihood, 1 - sigma(u) written as sigma(-u)."""
    total = mp(0)
    for row, k in zip(DESIGN, CATEGORY):
        eta = sum(_f(x) * v for x, v in zip(row, w))
        upper = mp(1) if k == 3 else _sig(_f(CUTS[k]) - eta)
        lower = mp(0) if k == 0 else _sig(_f(CUTS[k - 1]) - eta)
        if k == 3:
            total += mpmath.log(_sig(eta - _f(CUTS[2])))
        else:
            total += mpmath.log(upper - lower)
    return total


# --- acoustics ---------------------------------------------------------------------------------------------------------


def _a_weight_slope(dtype="float64"):
    """d/df of 20 log10 R_A(f) + 2: 20/ln 10 (4/f - 2f/(f^2+c1) - f/(f^2+c2) - f/(f^2+c3) - 2f/(f^2+c4)), c_k the
    squared pole frequencies as the program rounds them."""
    def slope(f):
        c1, c2, c3, c4 = (_c(dtype, v ** 2) for v in (20.6, 107.7, 737.9, 12194.0))
        d_log = 4 / f - 2 * f / (f * f + c1) - f / (f * f + c2) - f / (f * f + c3) - 2 * f / (f * f + c4)
        return 20 / mpmath.log(10) * d_log
    return slope


def _level_slopes(p):
    """d/dp_i of 10 log10(mean p^2 / 4e-10) = 10 / ln 10 * 2 p_i / sum p^2."""
    def truth():
        ps = _in("float64", p)
        power = sum(v * v for v in ps)
        return {"p": [10 / mpmath.log(10) * 2 * v / power for v in ps]}
    return hp(truth)


# --- chemistry and soil -----------------------------------------------------------------------------------------------


def _absorbance_slope():
    """d/dc of -log10(exp(-L eps c)) with L the float64 ln 10 the program writes: L eps / ln 10."""
    return hp(lambda: {"conc": _f(math.log(10.0)) * _f(1.2e4) / mpmath.log(10)})


def _numpy_absorbance_slope():
    """-log10(10^(-eps c)) = eps c: eps."""
    return hp(lambda: {"conc": _f(1.2e4)})


LANGMUIR_C = (0.5, 1.0, 2.0, 5.0, 10.0)
LANGMUIR_Q = (1.1, 1.8, 2.6, 3.4, 3.8)


def _langmuir_loss(log_qmax, log_k):
    qmax, k = mpmath.exp(log_qmax), mpmath.exp(log_k)
    return sum((qmax * k * _f(c) / (1 + k * _f(c)) - _f(q)) ** 2 for c, q in zip(LANGMUIR_C, LANGMUIR_Q))


def _langmuir_tree(names):
    def truth():
        at = {"log_qmax": _f(1.5), "log_k": _f(-0.7)}
        out = {}
        for name in names:
            def along(t, name=name):
                return _langmuir_loss(**dict(at, **{name: t}))
            out["params." + name] = mpmath.diff(along, at[name])
        return out
    return hp(truth)


def _van_genuchten_slope(h):
    """d/dh of theta_r + (theta_s - theta_r) (1 + |alpha h|^n)^-m, m = 1 - 1/n: 0 at h = 0 (n > 1)."""
    if h == 0:
        return mp(0)
    alpha, n = _f(1.5), _f(1.4)
    m = 1 - 1 / n
    u = abs(alpha * h)
    return _f(0.4) * -m * (1 + u ** n) ** (-m - 1) * n * u ** (n - 1) * alpha * mpmath.sign(h)


JAX = [
    Case(J, "ray_time", "p=0.1", "float64", "ok", _each("p", _ray_time_slope(), [0.1])),
    Case(J, "ray_time", "p=0.1", "float32", "ok", _each("p", _ray_time_slope("float32"), [0.1], "float32")),
    # 0.16 * 6.5 = 1.04: past the bottom layer's critical angle, the cosine is imaginary
    Case(J, "ray_time", "p=0.16", "float64", "domain", _fixed("p", [None])),
    # the float nearest 1/6.5 lies above it: 1 - (p v)^2 = -1.1e-16 exactly, where float64 rounds p v to 1 (inf)
    Case(J, "ray_time", "p=0.15384615384615385", "float64", "domain", _fixed("p", [None])),
    Case(J, "ray_offset", "p=0.1", "float64", "ok", _each("p", _ray_offset_slope, [0.1])),
    Case(J, "travel_time_at", "x=10", "float64", "ok", _shot_slope(10)),
    Case(J, "travel_time_at", "x=1", "float64", "ok", _shot_slope(1)),
    Case(J, "travel_time_at", "x=5", "float32", "ok", _shot_slope(5, "float32")),
    Case(J, "moment_magnitude", "m0=1e20", "float64", "ok", _each("m0", _magnitude_slope(), [1e20])),
    Case(J, "moment_magnitude", "m0=1e20", "float32", "ok",
         _each("m0", _magnitude_slope("float32"), [1e20], "float32")),
    Case(J, "moment_magnitude_cgs", "m0=1e20", "float64", "ok", _each("m0", _magnitude_slope(), [1e20])),
    # 1e35 N m times 1e7 overflows float32: log10(inf), and a 0 slope where it is 1.9e-36
    Case(J, "moment_magnitude_cgs", "m0=1e35", "float32", "unstable",
         _each("m0", _magnitude_slope("float32"), [1e35], "float32"), "m0_dyne_cm = m0 * 1e7"),
    Case(J, "b_value", "mags=[2.5,3.1,2.2,4]", "float64", "ok", _b_value_slope([2.5, 3.1, 2.2, 4.0])),
    Case(J, "manning_velocity", "depth=1", "float64", "ok", _each("depth", _manning_slope(), [1.0])),
    Case(J, "manning_velocity", "depth=0.25", "float32", "ok", _each("depth", _manning_slope("float32"), [0.25],
                                                                      "float32")),
    # R^(2/3) at R = 0: an infinite slope from the right, none from the left (R < 0 has no real power)
    Case(J, "manning_velocity", "depth=0", "float64", "domain", _fixed("depth", [None])),
    # the dry cell's R^(2/3) is NaN in the branch the where does not take, and its 0 cotangent times NaN leaks
    Case(J, "manning_wet_cells", "depth=[-0.1,1]", "float64", "wrong", _wet_cells([-0.1, 1.0]),
         "return jnp.sum(jnp.where(depth > 0, radius ** (2.0 / 3.0) * jnp.sqrt(SLOPE) / MANNING_N, 0.0))",
         "jnp.where(depth > 0, "),
    Case(J, "manning_wet_cells", "depth=[0.5,1]", "float64", "ok", _wet_cells([0.5, 1.0])),
    Case(J, "manning_wet_cells_safe", "depth=[-0.1,1]", "float64", "ok", _wet_cells([-0.1, 1.0])),
    Case(J, "manning_wet_cells_safe", "depth=[-0.1,1]", "float32", "ok",
         hp(lambda: {"depth": [mp(0), _manning_slope("float32")(mp(1))]})),
    Case(J, "manning_cond", "depth=-0.1", "float64", "ok", _fixed("depth", [0])),
    Case(J, "manning_cond", "depth=1", "float64", "ok", _each("depth", _manning_slope(), [1.0])),
    # the batched cond runs both branches and selects, yet JAX's transpose sends the dry cell no NaN
    Case(J, "manning_cells_vmapped", "depth=[-0.1,1]", "float64", "ok", _wet_cells([-0.1, 1.0])),
    # JAX has no reverse-mode derivative of a while_loop: nothing of JAX's to check, said at the loop's line
    Case(J, "green_ampt_while", "k_sat=0.01", "float64", "input-error", message=("jax_lib30a.py:", "while_loop")),
    Case(J, "green_ampt", "k_sat=0.01", "float64", "ok", _green_ampt_slope(0.01)),
    Case(J, "green_ampt", "k_sat=0.05", "float64", "ok", _green_ampt_slope(0.05)),
    Case(J, "green_ampt", "k_sat=0.01", "float32", "ok", _green_ampt_slope(0.01, "float32")),
    Case(J, "green_ampt_implicit", "k_sat=0.01", "float64", "ok", _green_ampt_slope(0.01)),
    Case(J, "green_ampt_implicit", "k_sat=0.2", "float64", "ok", _green_ampt_slope(0.2)),
    Case(J, "green_ampt_explicit_slope", "k_sat=0.01", "float64", "wrong", _green_ampt_slope(0.01),
         "def _ga_explicit_bwd"),
    Case(J, "seir_attack_rate", "beta=0.5", "float64", "ok", num_grad(_attack_rate(), beta=0.5)),
    Case(J, "seir_attack_rate", "beta=0.15", "float64", "ok", num_grad(_attack_rate(), beta=0.15)),
    Case(J, "seir_attack_rate", "beta=0.5", "float32", "ok", num_grad(_attack_rate("float32"), "float32", beta=0.5)),
    Case(J, "seir_peak_checkpointed", "beta=0.5", "float64", "ok", num_grad(_soft_peak, beta=0.5)),
    Case(J, "seir_fit", None, "float64", "ok", _seir_fit_slopes(["log_beta"]), args="seir_args",
         wrt="params.log_beta"),
    Case(J, "r0_closed", CONTACTS_AT, "float64", "ok", num_grad(_spectral_radius(), beta=CONTACTS)),
    Case(J, "r0_closed", TIED_AT, "float64", "wrong", TIED),
    Case(J, "r0_closed", NEAR_TIE_AT, "float64", "unstable", NEAR_TIE),
    Case(J, "r0_eigvals", CONTACTS_AT, "float64", "ok", num_grad(_spectral_radius(), beta=CONTACTS)),
    Case(J, "r0_eigvals", TIED_AT, "float64", "domain", TIED),
    Case(J, "r0_eigvals", NEAR_TIE_AT, "float64", "unstable", NEAR_TIE),
    Case(J, "r0_power", CONTACTS_AT, "float64", "ok", num_grad(_spectral_radius(), beta=CONTACTS)),
    Case(J, "r0_power", CONTACTS_AT, "float32", "ok", num_grad(_spectral_radius("float32"), "float32", beta=CONTACTS)),
    Case(J, "irt_2pl_loglik", "theta=0.5", "float64", "ok", _each("theta", _loglik_2pl_slope(), [0.5])),
    # sigmoid(69.7) rounds to 1: log(1 - p) = -inf, times the response's 1 - y = 0
    Case(J, "irt_2pl_loglik", "theta=40", "float64", "unstable", _each("theta", _loglik_2pl_slope(), [40]),
         "def irt_2pl_loglik(>>return jnp.sum(", "log_sigmoid("),
    Case(J, "irt_2pl_loglik", "theta=10", "float32", "unstable",
         _each("theta", _loglik_2pl_slope("float32"), [10], "float32")),
    Case(J, "irt_2pl_loglik_stable", "theta=40", "float64", "ok", _each("theta", _loglik_2pl_slope(), [40])),
    Case(J, "irt_2pl_loglik_stable", "theta=10", "float32", "ok",
         _each("theta", _loglik_2pl_slope("float32"), [10], "float32")),
    Case(J, "irt_2pl_loglik_stable", "theta=-40", "float64", "ok", _each("theta", _loglik_2pl_slope(), [-40])),
    Case(J, "irt_3pl_loglik", "theta=0.5", "float64", "ok", num_grad(_loglik_3pl(), theta=0.5)),
    Case(J, "irt_3pl_loglik", "theta=-40", "float64", "ok", num_grad(_loglik_3pl(), theta=-40)),
    Case(J, "irt_3pl_loglik", "theta=40", "float64", "unstable", num_grad(_loglik_3pl(), theta=40),
         "def irt_3pl_loglik(>>return jnp.sum("),
    Case(J, "irt_3pl_loglik_stable", "theta=40", "float64", "ok", num_grad(_loglik_3pl(), theta=40)),
    Case(J, "irt_3pl_loglik_stable", "theta=0.5", "float32", "ok",
         num_grad(_loglik_3pl("float32"), "float32", theta=0.5)),
    Case(J, "irt_group_loglik", "thetas=[-1,0.5,2]", "float64", "ok", _group_slopes([-1, 0.5, 2])),
    Case(J, "irt_group_loglik", "thetas=[-40,0,40]", "float64", "ok", _group_slopes([-40, 0, 40])),
    Case(J, "ordinal_loglik", "eta=0.3", "float64", "ok", _each("eta", _top_category_slope, [0.3])),
    # 1 - sigmoid(41) is 0 in float64: the top category's probability and its log vanish
    Case(J, "ordinal_loglik", "eta=-40", "float64", "unstable", _each("eta", _top_category_slope, [-40]),
         "probs = cum[1:] - cum[:-1]"),
    # 1 - sigmoid(-29) keeps 3 digits of the log's value, -2.5e-13 (its slope is unharmed)
    Case(J, "ordinal_loglik", "eta=30", "float64", "unstable", _each("eta", _top_category_slope, [30])),
    Case(J, "ordinal_loglik_middle", "eta=0.3", "float64", "ok", _each("eta", _middle_category_slope, [0.3])),
    # sigmoid(40) - sigmoid(39): both round to 1
    Case(J, "ordinal_loglik_middle", "eta=-40", "float64", "unstable", _each("eta", _middle_category_slope, [-40]),
         "return jnp.log(jax.nn.sigmoid(tau[1] - eta) - jax.nn.sigmoid(tau[0] - eta))"),
    Case(J, "ordinal_loglik_middle_stable", "eta=-40", "float64", "ok", _each("eta", _middle_category_slope, [-40])),
    Case(J, "ordinal_loglik_middle_stable", "eta=0.3", "float64", "ok", _each("eta", _middle_category_slope, [0.3])),
    Case(J, "item_information", "theta=0.3", "float64", "ok", _each("theta", _information_slope, [0.3])),
    Case(J, "item_information_sloppy", "theta=0.3", "float64", "wrong", _each("theta", _information_slope, [0.3]),
         "def _information_sloppy_jvp"),
    Case(J, "a_weighting_db", "f=1000", "float64", "ok", _each("f", _a_weight_slope(), [1000])),
    Case(J, "a_weighting_db", "f=20", "float64", "ok", _each("f", _a_weight_slope(), [20])),
    # the quotient's rule squares its denominator, 1.9e20: 3.5e40 overflows float32 and the f-dependence of the
    # denominator drops out of the slope (0.0347 for 0.00305)
    Case(J, "a_weighting_db", "f=1000", "float32", "unstable", _each("f", _a_weight_slope("float32"), [1000],
                                                                      "float32")),
    # f^4 = 1e320 overflows: inf / inf
    Case(J, "a_weighting_db", "f=1e80", "float64", "unstable", _each("f", _a_weight_slope(), [1e80])),
    Case(J, "sound_level_floor", "p=[0.1,-0.2,0.05]", "float64", "ok", _level_slopes([0.1, -0.2, 0.05])),
    # silence: the floor holds, flat all around
    Case(J, "sound_level_floor", "p=[0,0,0]", "float64", "ok", _fixed("p", [0, 0, 0])),
    Case(J, "sound_level", "p=[0.1,-0.2,0.05]", "float64", "ok", _level_slopes([0.1, -0.2, 0.05])),
    # log of a zero power: no value, no slope
    Case(J, "sound_level", "p=[0,0,0]", "float64", "domain", _fixed("p", [None, None, None])),
    Case(J, "absorbance", "conc=0.01", "float64", "ok", _absorbance_slope()),
    # exp(-2763) underflows: -log10(0) = inf
    Case(J, "absorbance", "conc=0.1", "float64", "unstable", _absorbance_slope(),
         "transmittance = jnp.exp(-jnp.log(10.0) * EPSILON * PATH * conc)"),
    Case(J, "langmuir_fit", None, "float64", "ok", _langmuir_tree(["log_qmax", "log_k"]), args="langmuir_args",
         wrt="params"),
    # |alpha h|^1.4 is flat at 0: the abs's kink is of no consequence
    Case(J, "van_genuchten", "h=0", "float64", "ok", _fixed("h", [0])),
    Case(J, "van_genuchten", "h=-2", "float64", "ok", _each("h", _van_genuchten_slope, [-2])),
    Case(J, "van_genuchten", "h=0", "float32", "ok", _fixed("h", [0])),
]


def _numpy_ray_time_slope(p):
    return _ray_time_slope()(p)


NUMPY = [
    Case(N, "ray_time", "p=0.1", "float64", "ok", _each("p", _numpy_ray_time_slope, [0.1])),
    Case(N, "ray_time", "p=0.16", "float64", "domain", _fixed("p", [None])),
    Case(N, "travel_time_at", "x=10", "float64", "ok", _shot_slope(10)),
    Case(N, "travel_time_at", "x=1", "float64", "ok", _shot_slope(1)),
    Case(N, "moment_magnitude", "m0=1e20", "float64", "ok",
         _each("m0", _magnitude_slope(), [1e20])),
    Case(N, "b_value", "mags=[2.5,3.1,2.2,4]", "float64", "ok", _b_value_slope([2.5, 3.1, 2.2, 4.0])),
    Case(N, "manning_velocity", "depth=1", "float64", "ok", _each("depth", _manning_slope(), [1.0])),
    Case(N, "manning_velocity", "depth=0", "float64", "domain", _fixed("depth", [None])),
    Case(N, "manning_wet_cells", "depth=[-0.1,1]", "float64", "ok", _wet_cells([-0.1, 1.0])),
    Case(N, "manning_wet_cells", "depth=[0.5,1,2]", "float64", "ok", _wet_cells([0.5, 1.0, 2.0])),
    Case(N, "manning_wet_cells_where", "depth=[-0.1,1]", "float64", "wrong", _wet_cells([-0.1, 1.0]),
         "return np.sum(np.where(depth > 0, manning_velocity(depth), 0.0))", "np.where(depth > 0, "),
    Case(N, "manning_wet_cells_where", "depth=[0.5,1]", "float64", "ok", _wet_cells([0.5, 1.0])),
    Case(N, "green_ampt", "k_sat=0.01", "float64", "ok", _green_ampt_slope(0.01)),
    Case(N, "green_ampt", "k_sat=0.2", "float64", "ok", _green_ampt_slope(0.2)),
    Case(N, "green_ampt_lambertw", "k_sat=0.01", "float64", "ok", _green_ampt_slope(0.01)),
    Case(N, "green_ampt_lambertw", "k_sat=0.2", "float64", "ok", _green_ampt_slope(0.2)),
    Case(N, "seir_attack_rate", "beta=0.5", "float64", "ok", num_grad(_attack_rate(), beta=0.5)),
    Case(N, "seir_attack_rate", "beta=0.15", "float64", "ok", num_grad(_attack_rate(), beta=0.15)),
    Case(N, "r0_eigvals", CONTACTS_AT, "float64", "ok", num_grad(_spectral_radius(), beta=CONTACTS)),
    Case(N, "r0_eigvals", TIED_AT, "float64", "domain", TIED),
    # gradcli's float64 eig of the exactly diagonal float matrix has the eigenvectors e0, e1: its rule is right
    Case(N, "r0_eigvals", NEAR_TIE_AT, "float64", "ok", NEAR_TIE),
    Case(N, "irt_2pl_loglik", "theta=0.5", "float64", "ok", _each("theta", _loglik_2pl_slope(), [0.5])),
    Case(N, "irt_2pl_loglik", "theta=40", "float64", "ok", _each("theta", _loglik_2pl_slope(), [40])),
    Case(N, "irt_2pl_loglik", "theta=-40", "float64", "ok", _each("theta", _loglik_2pl_slope(), [-40])),
    Case(N, "irt_2pl_loglik_naive", "theta=0.5", "float64", "ok", _each("theta", _loglik_2pl_slope(), [0.5])),
    Case(N, "irt_2pl_loglik_naive", "theta=40", "float64", "unstable", _each("theta", _loglik_2pl_slope(), [40]),
         "return np.sum(Y * np.log(p) + (1 - Y) * np.log(1 - p))"),
    Case(N, "ordinal_loglik", "w=[0.3,-0.2]", "float64", "ok", num_grad(_ordinal_design, w=[0.3, -0.2])),
    Case(N, "ordinal_loglik", "w=[40,0]", "float64", "ok", num_grad(_ordinal_design, w=[40, 0])),
    # eta = -40 for the first row, observed in the top category: 1 - sigmoid(41) = 0
    Case(N, "ordinal_loglik", "w=[-40,0]", "float64", "unstable", num_grad(_ordinal_design, w=[-40, 0]),
         "total = total + np.log(upper - lower)"),
    Case(N, "a_weighting_db", "f=1000", "float64", "ok", _each("f", _a_weight_slope(), [1000])),
    Case(N, "a_weighting_db", "f=1e80", "float64", "unstable",
         _each("f", _a_weight_slope(), [1e80])),
    Case(N, "sound_level_floor", "p=[0.1,-0.2,0.05]", "float64", "ok", _level_slopes([0.1, -0.2, 0.05])),
    Case(N, "sound_level_floor", "p=[0,0,0]", "float64", "ok", _fixed("p", [0, 0, 0])),
    Case(N, "sound_level_floor", "p=[1e-9,2e-9,0]", "float64", "ok", _fixed("p", [0, 0, 0])),
    Case(N, "sound_level", "p=[0,0,0]", "float64", "domain", _fixed("p", [None, None, None])),
    Case(N, "absorbance", "conc=0.01", "float64", "ok", _numpy_absorbance_slope()),
    # 10^-1200 underflows: -log10(0)
    Case(N, "absorbance", "conc=0.1", "float64", "unstable", _numpy_absorbance_slope(),
         "transmittance = 10.0 ** (-epsilon * path * conc)"),
    Case(N, "langmuir_fit", "log_qmax=1.5,log_k=-0.7", "float64", "ok",
         num_grad(_langmuir_loss, log_qmax=1.5, log_k=-0.7)),
    Case(N, "van_genuchten", "h=0", "float64", "ok", _fixed("h", [0])),
    Case(N, "van_genuchten", "h=-2", "float64", "ok", _each("h", _van_genuchten_slope, [-2])),
    Case(N, "van_genuchten", "h=3", "float64", "ok", _each("h", _van_genuchten_slope, [3])),
]

ALL = JAX + NUMPY
