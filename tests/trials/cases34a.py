"""The thirty-fourth trial set (first part): in JAX, Kimura's fixation probability of a new mutant near neutrality
(naive, by expm1, whose quotient rule still cancels, and behind a single where holding its series, whose other branch
is 0/0 at s = 0), allele frequencies under selection by lax.scan; the Jukes-Cantor log-likelihood of an alignment at
short branches (naive and by expm1), the Jukes-Cantor distance behind custom_jvp rules right and missing its 4/3,
Kimura's two-parameter model fitted from a parameter tree (--args, --wrt by path); a fin's efficiency tanh(mL) / mL
near and at 0 (naive, behind a where, by a lax.cond series at and inside its switch); the log transmission through a
thick rectangular barrier (naive, where sinh overflows, and in log space) and near the barrier's top; a comoving
distance by jnp.trapezoid, a distance modulus and a flat universe's age near Einstein-de Sitter; Gompertz-Makeham log
survival as Gompertz's growth fades (naive, by expm1, by custom_jvp exprel rules right and with a sign slip), a life
annuity; excess-of-loss reinsurance by jax.nn.relu and a layer by jnp.clip at losses exactly at the retention and at
the cap; the Brillouin function near 0 (naive, and by its series behind a double where); a mean-field magnet by a
fixed point in fori_loop, its susceptibility by jax.grad inside, and by lax.custom_root in the field and the
temperature; the Fermi-Dirac integral of order 1 by jax.scipy.special.spence; a k-out-of-n system by betainc and its
log far down; Value at Risk by ndtri at 1e-300; a truncated normal's negative log-likelihood 30 sigmas out by
jax.scipy.stats.truncnorm and by a difference of ndtr. In plain NumPy and SciPy the same as legacy code writes them
(a Python branch onto a series, a list of frequencies, sequences compared letter by letter, an early return at 0, a
loop summing an annuity, a while loop to a tolerance), with scipy.special.exprel, bdtrc and spence,
scipy.stats.binom.sf, norm.ppf and truncnorm.logpdf, and the Kumaraswamy log-density near 1 by log(1 - x^a), by
log1p(-x^a) (x^a itself rounds) and by log(-expm1(a log x)).

Truths are the mathematics written here in mpmath (closed forms, implicit slopes at fixed points, or mpmath.diff at
2,000 digits through `num_grad` of the formulas restated), never the user files' code; points are the numbers the
dtype holds, constants the numbers the program writes. A coordinate with no derivative is written NaN by hand.
"""

import mpmath

from cases import Case, mp
from cases5 import _in, hp
from cases12a import _f, num_grad
from cases22b import _each
from cases27a import _c

J, N = "jax_lib34a.py", "numpy_lib34a.py"
NAN = mpmath.nan


def _fixed(name, values):
    return lambda: {name: [mp(v) for v in values] if isinstance(values, list) else mp(values)}


# --- population genetics ---------------------------------------------------------------------------------------------


def _kimura(s):
    """(1 - e^-2s) / (1 - e^-4Ns), N = 100."""
    return mpmath.expm1(-2 * s) / mpmath.expm1(-400 * s)


NEUTRAL_SLOPE = mp(199) / 200  # (2N - 1) / 2N: the quotient's limit slope at s = 0


def _allele(s, dtype="float64"):
    """p_t = p0 (1 + s)^t / (1 - p0 + p0 (1 + s)^t) after t = 50 generations, p0 = 0.01 as the dtype holds it."""
    p0 = _c(dtype, 0.01)
    grown = (1 + s) ** 50
    return p0 * grown / (1 - p0 + p0 * grown)


# --- phylogenetics ---------------------------------------------------------------------------------------------------


def _jc_slope(same, different):
    """d/dt of same log(P_same / 4) + different log(P_change / 4): -e / P_same and (e / 3) / P_change,
    e = exp(-4t / 3), P_same = 1/4 + 3e/4, P_change = (1 - e) / 4."""
    def slope(t):
        e = mpmath.exp(-4 * t / 3)
        return same * (-e) / (mp(1) / 4 + 3 * e / 4) + different * (e / 3) / (-mpmath.expm1(-4 * t / 3) / 4)
    return slope


def _k80_tree():
    """sum counts log P, P = 1/4 + e4/4 + e2/2, 1/4 + e4/4 - e2/2, 1/4 - e4/4 (e4 = e^-4b, e2 = e^-2(a + b))."""
    counts = [mp(80), mp(15), mp(5)]

    def loglik(log_alpha, log_beta):
        a, b = mpmath.exp(log_alpha), mpmath.exp(log_beta)
        e4, e2 = mpmath.exp(-4 * b), mpmath.exp(-2 * (a + b))
        probs = [mp(1) / 4 + e4 / 4 + e2 / 2, mp(1) / 4 + e4 / 4 - e2 / 2, mp(1) / 4 - e4 / 4]
        return sum(c * mpmath.log(p) for c, p in zip(counts, probs))

    def truth():
        at = {"log_alpha": _f(mpmath.log(0.3)), "log_beta": _f(mpmath.log(0.05))}
        return {"params." + n: mpmath.diff(lambda v, n=n: loglik(**dict(at, **{n: v})), at[n]) for n in at}
    return hp(truth)


# --- heat transfer, tunnelling ---------------------------------------------------------------------------------------


def _fin_slope(x):
    """d/dx tanh(x) / x = (x sech^2 x - tanh x) / x^2, 0 at 0."""
    if x == 0:
        return mp(0)
    return (x / mpmath.cosh(x) ** 2 - mpmath.tanh(x)) / x ** 2


def _log_transmission(energy, width):
    """-log(1 + sinh^2(sqrt(1 - E) w) / (4 E (1 - E)))."""
    return -mpmath.log1p(mpmath.sinh(mpmath.sqrt(1 - energy) * width) ** 2 / (4 * energy * (1 - energy)))


def _transmission(energy, width):
    return mpmath.exp(_log_transmission(energy, width))


# --- cosmology -------------------------------------------------------------------------------------------------------


def _comoving(dtype="float64"):
    """(c / H0) times the trapezoidal sum of 1 / E(z) on z = k / 64, c / H0 the program's 299792.458 / 70."""
    scale = _c(dtype, 299792.458 / 70.0)

    def distance(omega_m):
        values = [1 / mpmath.sqrt(omega_m * (1 + mp(k) / 64) ** 3 + 1 - omega_m) for k in range(65)]
        return scale * (sum(values) - (values[0] + values[-1]) / 2) / 64
    return distance


def _modulus(omega_m):
    return 5 * mpmath.log10(2 * _comoving()(omega_m) / _f(1e-5))


def _age(omega_m):
    """2 asinh(sqrt(OL / Om)) / (3 sqrt(OL)), OL = 1 - Om."""
    omega_l = 1 - omega_m
    return 2 * mpmath.asinh(mpmath.sqrt(omega_l / omega_m)) / (3 * mpmath.sqrt(omega_l))


# --- actuarial science -----------------------------------------------------------------------------------------------

MAKEHAM, GOMPERTZ = _f(5e-4), _f(7e-5)


def _log_survival(c, t=80):
    """-A t - B (e^ct - 1) / c."""
    return -MAKEHAM * t - GOMPERTZ * mpmath.expm1(c * t) / c


def _annuity(c):
    """sum_{k=1}^{60} e^(-0.03 k) S(k)."""
    rate = _f(0.03)
    return sum(mpmath.exp(-rate * k + _log_survival(c, k)) for k in range(1, 61))


LOSSES = [3, 12, 7.5, 20, 12, 1]


def _excess_slope(r):
    """-(the number of losses above r); NaN where a loss is r (left and right slopes differ)."""
    if r in LOSSES:
        return NAN
    return mp(-sum(1 for v in LOSSES if v > r))


def _layer_slope(r, limit=8):
    """-(the number of losses with 0 < L - r < limit); NaN where some L - r is 0 or the limit."""
    if any(v - r in (0, limit) for v in LOSSES):
        return NAN
    return mp(-sum(1 for v in LOSSES if 0 < v - r < limit))


# --- magnetism -------------------------------------------------------------------------------------------------------

A_SPIN, B_SPIN = mp(8) / 7, mp(1) / 7  # (2J + 1) / 2J and 1 / 2J at J = 7/2


def _brillouin_slope(x):
    """d/dx (a coth(ax) - b coth(bx)) = b^2 / sinh^2(bx) - a^2 / sinh^2(ax); (a^2 - b^2) / 3 = 3/7 at 0."""
    if x == 0:
        return (A_SPIN ** 2 - B_SPIN ** 2) / 3
    return B_SPIN ** 2 / mpmath.sinh(B_SPIN * x) ** 2 - A_SPIN ** 2 / mpmath.sinh(A_SPIN * x) ** 2


def _mean_field(h, temperature, start=1):
    """The root of m = tanh(u), u = (m + h) / T, that Newton and the fixed point reach from m = 1, with
    g = sech^2(u) / T (the slopes: dm/dh = g / (1 - g), dm/dT = -u g / (1 - g))."""
    m = mpmath.findroot(lambda v: v - mpmath.tanh((v + h) / temperature), mp(start))
    u = (m + h) / temperature
    g = (1 - mpmath.tanh(u) ** 2) / temperature
    return m, g, u


def _magnet_slopes(h, temperature, names=("h", "temperature")):
    def truth():
        (hv,), (tv,) = _in("float64", [h]), _in("float64", [temperature])
        m, g, u = _mean_field(hv, tv)
        slopes = {"h": g / (1 - g), "temperature": -u * g / (1 - g)}
        return {n: slopes[n] for n in names}
    return hp(truth)


def _susceptibility_slope(h):
    """d/dh of dm/dh = g / (1 - g) at T = 2: g' / (1 - g)^2, g' = -2 m m' / T."""
    def truth():
        (hv,) = _in("float64", [h])
        tv = mp(2)
        m, g, _ = _mean_field(hv, tv)
        m1 = g / (1 - g)
        return {"h": (-2 * m * m1 / tv) / (1 - g) ** 2}
    return hp(truth)


# --- semiconductors, reliability, risk -------------------------------------------------------------------------------


def _fd1_slope(eta):
    """d/deta of -Li2(-e^eta) is log(1 + e^eta)."""
    return mpmath.log1p(mpmath.exp(eta))


def _reliability_slope(p):
    """d/dp P(Binomial(5, p) >= 3) = 30 p^2 (1 - p)^2."""
    return 30 * p ** 2 * (1 - p) ** 2


def _log_reliability_slope(p):
    r = 10 * p ** 3 * (1 - p) ** 2 + 5 * p ** 4 * (1 - p) + p ** 5
    return _reliability_slope(p) / r


def _var_slope(sigma):
    """d/dalpha -(mu + sigma Phi^-1(alpha)) = -sigma sqrt(2 pi) e^(z^2 / 2), z = sqrt(2) erfinv(2 alpha - 1)."""
    def slope(alpha):
        z = mpmath.sqrt(2) * mpmath.erfinv(2 * alpha - 1)
        return -sigma * mpmath.sqrt(2 * mpmath.pi) * mpmath.exp(z * z / 2)
    return slope


def _truncated_nll(mu, sigma):
    """z^2 / 2 + log sigma + log(2 pi) / 2 + log(Phi((32 - mu) / sigma) - Phi((30 - mu) / sigma)), z = (31 - mu) / s."""
    z = (31 - mu) / sigma
    mass = mpmath.ncdf((32 - mu) / sigma) - mpmath.ncdf((30 - mu) / sigma)
    return z * z / 2 + mpmath.log(sigma) + mpmath.log(2 * mpmath.pi) / 2 + mpmath.log(mass)


def _kumaraswamy_slope(x):
    """d/dx of (a - 1) log x + (b - 1) log(1 - x^a) at a = 5/2, b = 3: (3/2) / x - 5 x^(3/2) / (1 - x^(5/2))."""
    a = mp(5) / 2
    return (a - 1) / x - 2 * a * x ** (a - 1) / (1 - x ** a)


JAX = [
    Case(J, "fixation_probability", "s=0.01", "float64", "ok", num_grad(_kimura, s=0.01)),
    # 1 - e^(-2e-12) keeps four digits of its 2e-12
    Case(J, "fixation_probability", "s=1e-12", "float64", "unstable", num_grad(_kimura, s=1e-12),
         "return (1.0 - jnp.exp(-2.0 * s)) / (1.0 - jnp.exp(-4.0 * POP * s))"),
    Case(J, "fixation_probability_expm1", "s=0.01", "float64", "ok", num_grad(_kimura, s=0.01)),
    Case(J, "fixation_probability_expm1", "s=-0.05", "float64", "ok", num_grad(_kimura, s=-0.05)),
    # each expm1 is exact, but the quotient rule's two terms of 8e-10 differ by 1.6e-19
    Case(J, "fixation_probability_expm1", "s=1e-12", "float64", "unstable", num_grad(_kimura, s=1e-12),
         "return jnp.expm1(-2.0 * s) / jnp.expm1(-4.0 * POP * s)"),
    Case(J, "fixation_probability_series", "s=1e-12", "float64", "ok", num_grad(_kimura, s=1e-12)),
    Case(J, "fixation_probability_series", "s=0.01", "float64", "ok", num_grad(_kimura, s=0.01)),
    # the branch the where leaves out is 0/0 at s = 0: its NaN slope, times the where's 0, is NaN
    Case(J, "fixation_probability_series", "s=0", "float64", "wrong", _fixed("s", NEUTRAL_SLOPE),
         "return jnp.where(jnp.abs(s) < 1e-8, series, jnp.expm1(-2.0 * s) / jnp.expm1(-4.0 * POP * s))",
         "jnp.where(jnp.abs(s) < 1e-8, "),
    Case(J, "allele_frequency", "s=0.1", "float64", "ok", num_grad(_allele, s=0.1)),
    Case(J, "allele_frequency", "s=0.1", "float32", "ok", num_grad(lambda s: _allele(s, "float32"), "float32", s=0.1)),
    Case(J, "allele_frequency", "s=-0.2", "float64", "ok", num_grad(_allele, s=-0.2)),
    Case(J, "jc_log_likelihood", "t=0.1", "float64", "ok", _each("t", _jc_slope(95, 5), [0.1])),
    # 1 - e^(-4e-9 / 3) keeps seven digits: the change's probability and its slope 5 / t
    Case(J, "jc_log_likelihood", "t=1e-09", "float64", "unstable", _each("t", _jc_slope(95, 5), [1e-9]),
         "p_diff = 0.25 - 0.25 * e"),
    # float32's 1 - e^(-1.3e-5) keeps three digits (at 1e-4 its 8e-5 is still within float32's 1e-4)
    Case(J, "jc_log_likelihood", "t=1e-05", "float32", "unstable", _each("t", _jc_slope(95, 5), [1e-5], "float32"),
         "p_diff = 0.25 - 0.25 * e"),
    Case(J, "jc_log_likelihood", "t=5", "float64", "ok", _each("t", _jc_slope(95, 5), [5])),
    Case(J, "jc_log_likelihood_expm1", "t=1e-09", "float64", "ok", _each("t", _jc_slope(95, 5), [1e-9])),
    Case(J, "jc_log_likelihood_expm1", "t=1e-05", "float32", "ok", _each("t", _jc_slope(95, 5), [1e-5], "float32")),
    Case(J, "jc_log_likelihood_expm1", "t=0.1", "float64", "ok", _each("t", _jc_slope(95, 5), [0.1])),
    Case(J, "jc_distance", "p=0.3", "float64", "ok", _each("p", lambda p: 1 / (1 - 4 * p / 3), [0.3])),
    Case(J, "jc_distance", "p=0.7", "float32", "ok", _each("p", lambda p: 1 / (1 - 4 * p / 3), [0.7], "float32")),
    Case(J, "jc_distance_bad", "p=0.3", "float64", "wrong", _each("p", lambda p: 1 / (1 - 4 * p / 3), [0.3]),
         "def _jc_distance_bad_jvp"),
    Case(J, "k80_log_likelihood", None, "float64", "ok", _k80_tree(), args="k80_args", wrt="params"),
    Case(J, "fin_efficiency", "ml=1.5", "float64", "ok", _each("ml", _fin_slope, [1.5])),
    Case(J, "fin_efficiency", "ml=1.5", "float32", "ok", _each("ml", _fin_slope, [1.5], "float32")),
    # sech^2(1e-9) / x - tanh(x) / x^2: terms of 1e9 for a slope of -6.7e-10
    Case(J, "fin_efficiency", "ml=1e-09", "float64", "unstable", _each("ml", _fin_slope, [1e-9]),
         "return jnp.tanh(ml) / ml"),
    Case(J, "fin_efficiency_where", "ml=1.5", "float64", "ok", _each("ml", _fin_slope, [1.5])),
    Case(J, "fin_efficiency_where", "ml=0", "float64", "wrong", _fixed("ml", 0),
         "return jnp.where(ml == 0.0, 1.0, jnp.tanh(ml) / ml)", "jnp.where(ml == 0.0, "),
    Case(J, "fin_efficiency_cond", "ml=0", "float64", "ok", _fixed("ml", 0)),
    Case(J, "fin_efficiency_cond", "ml=1e-09", "float64", "ok", _each("ml", _fin_slope, [1e-9])),
    Case(J, "fin_efficiency_cond", "ml=0.005", "float64", "ok", _each("ml", _fin_slope, [0.005])),
    # the switch itself: the series stops at x^6, 2.2e-18 short of tanh(x) / x at 0.01, a jump the exact reference sees
    # although float64 cannot
    Case(J, "fin_efficiency_cond", "ml=0.01", "float64", "domain", _fixed("ml", NAN)),
    Case(J, "log_transmission", "energy=0.5,width=2", "float64", "ok",
         num_grad(_log_transmission, energy=0.5, width=2)),
    # sinh(848) overflows: T is 0 and its log -inf
    Case(J, "log_transmission", "energy=0.5,width=1200", "float64", "unstable",
         num_grad(_log_transmission, energy=0.5, width=1200), "s = jnp.sinh(kappa * width)"),
    Case(J, "log_transmission", "energy=0.5,width=200", "float32", "unstable",
         num_grad(_log_transmission, "float32", energy=0.5, width=200), "s = jnp.sinh(kappa * width)"),
    Case(J, "log_transmission_stable", "energy=0.5,width=1200", "float64", "ok",
         num_grad(_log_transmission, energy=0.5, width=1200)),
    Case(J, "log_transmission_stable", "energy=0.5,width=200", "float32", "ok",
         num_grad(_log_transmission, "float32", energy=0.5, width=200)),
    Case(J, "log_transmission_stable", "energy=0.25,width=3", "float64", "ok",
         num_grad(_log_transmission, energy=0.25, width=3)),
    # 1e-12 below the top: the quotient's slope is terms of 1e12 that cancel to 2.7
    Case(J, "transmission", "energy=0.999999999999,width=2", "float64", "unstable",
         num_grad(_transmission, energy=0.999999999999, width=2),
         "return 1.0 / (1.0 + s * s / (4.0 * energy * (1.0 - energy)))"),
    Case(J, "transmission", "energy=0.5,width=2", "float64", "ok", num_grad(_transmission, energy=0.5, width=2)),
    Case(J, "comoving_distance", "omega_m=0.3", "float64", "ok", num_grad(_comoving(), omega_m=0.3)),
    Case(J, "comoving_distance", "omega_m=0.3", "float32", "ok",
         num_grad(_comoving("float32"), "float32", omega_m=0.3)),
    Case(J, "distance_modulus", "omega_m=0.3", "float64", "ok", num_grad(_modulus, omega_m=0.3)),
    Case(J, "universe_age", "omega_m=0.3", "float64", "ok", num_grad(_age, omega_m=0.3)),
    # 1e-9 from Einstein-de Sitter: asinh(y) / sqrt(OL) with y = sqrt(OL / Om) is 1 - y^2 / 6 ...: slopes of 5e8 cancel
    Case(J, "universe_age", "omega_m=0.999999999", "float64", "unstable", num_grad(_age, omega_m=0.999999999)),
    Case(J, "log_survival", "c=0.09", "float64", "ok", num_grad(_log_survival, c=0.09)),
    Case(J, "log_survival", "c=1e-09", "float64", "unstable", num_grad(_log_survival, c=1e-9),
         "return -MAKEHAM * t - GOMPERTZ / c * (jnp.exp(c * t) - 1.0)"),
    Case(J, "log_survival_expm1", "c=0.09", "float64", "ok", num_grad(_log_survival, c=0.09)),
    # expm1 is exact, but t e^ct / c - expm1(ct) / c^2 are terms of 8e13 for a slope of 0.22
    Case(J, "log_survival_expm1", "c=1e-12", "float64", "unstable", num_grad(_log_survival, c=1e-12),
         "return -MAKEHAM * t - GOMPERTZ * jnp.expm1(c * t) / c"),
    Case(J, "log_survival_exprel", "c=1e-12", "float64", "ok", num_grad(_log_survival, c=1e-12)),
    Case(J, "log_survival_exprel", "c=0.09", "float64", "ok", num_grad(_log_survival, c=0.09)),
    # the limit at c = 0: -B t^2 / 2
    Case(J, "log_survival_exprel", "c=0", "float64", "ok", lambda: {"c": -GOMPERTZ * 80 ** 2 / 2}),
    Case(J, "log_survival_exprel_bad", "c=0.09", "float64", "wrong", num_grad(_log_survival, c=0.09),
         "def _exprel_bad_jvp"),
    # the slip is past the switch: below it the series is right
    Case(J, "log_survival_exprel_bad", "c=1e-12", "float64", "ok", num_grad(_log_survival, c=1e-12)),
    Case(J, "life_annuity", "c=0.09", "float64", "ok", num_grad(_annuity, c=0.09)),
    Case(J, "excess_of_loss", "retention=10", "float64", "ok", _each("retention", _excess_slope, [10])),
    Case(J, "excess_of_loss", "retention=12", "float64", "domain", _each("retention", _excess_slope, [12])),
    Case(J, "excess_of_loss", "retention=25", "float32", "ok", _each("retention", _excess_slope, [25])),
    Case(J, "layer_payout", "retention=5", "float64", "ok", _each("retention", _layer_slope, [5])),
    # 12 - 4 is the layer's cap 8, twice
    Case(J, "layer_payout", "retention=4", "float64", "domain", _each("retention", _layer_slope, [4])),
    Case(J, "layer_payout", "retention=12", "float64", "domain", _each("retention", _layer_slope, [12])),
    Case(J, "brillouin", "x=1", "float64", "ok", _each("x", _brillouin_slope, [1])),
    # coth's terms of 1e18 cancel to 3/7
    Case(J, "brillouin", "x=1e-09", "float64", "unstable", _each("x", _brillouin_slope, [1e-9]),
         "return a / jnp.tanh(a * x) - b / jnp.tanh(b * x)"),
    Case(J, "brillouin_series", "x=1e-09", "float64", "ok", _each("x", _brillouin_slope, [1e-9])),
    Case(J, "brillouin_series", "x=0", "float64", "ok", _each("x", _brillouin_slope, [0])),
    Case(J, "brillouin_series", "x=1", "float64", "ok", _each("x", _brillouin_slope, [1])),
    Case(J, "magnetisation", "h=0.1", "float64", "ok", _magnet_slopes(0.1, 2, ("h",))),
    Case(J, "magnetisation", "h=0.1", "float32", "ok",
         hp(lambda: {"h": _magnet_slopes(float(_c("float32", 0.1)), 2, ("h",))()["h"]})),
    Case(J, "susceptibility", "h=0.1", "float64", "ok", _susceptibility_slope(0.1)),
    Case(J, "magnetisation_root", "h=0.1,temperature=2", "float64", "ok", _magnet_slopes(0.1, 2)),
    Case(J, "magnetisation_root", "h=0.1,temperature=0.5", "float64", "ok", _magnet_slopes(0.1, 0.5)),
    Case(J, "magnetisation_root", "h=0,temperature=0.5", "float64", "ok", _magnet_slopes(0, 0.5)),
    # JAX's spence is differentiated through its own code: for 1 < x <= 2 (eta <= 0) a where's other branch takes
    # log(1 - x) of a negative number, and its NaN slope, times the where's 0, is NaN at every precision
    Case(J, "fermi_dirac_1", "eta=0", "float64", "wrong", _each("eta", _fd1_slope, [0]),
         "return -spence(1.0 + jnp.exp(eta))"),
    Case(J, "fermi_dirac_1", "eta=3", "float64", "ok", _each("eta", _fd1_slope, [3])),
    # 1 + e^-40 rounds to 1, where JAX's spence is the constant 0 (its slope 0); just above 1 its rule is NaN
    Case(J, "fermi_dirac_1", "eta=-40", "float64", "wrong", _each("eta", _fd1_slope, [-40]),
         "return -spence(1.0 + jnp.exp(eta))"),
    Case(J, "k_out_of_n", "p=0.9", "float64", "ok", _each("p", _reliability_slope, [0.9])),
    Case(J, "k_out_of_n", "p=0.9", "float32", "ok", _each("p", _reliability_slope, [0.9], "float32")),
    Case(J, "k_out_of_n", "p=0.5", "float64", "ok", _each("p", _reliability_slope, [0.5])),
    Case(J, "log_k_out_of_n", "p=0.2", "float64", "ok", _each("p", _log_reliability_slope, [0.2])),
    # R = 10 p^3 = 1e-359 underflows: log 0
    Case(J, "log_k_out_of_n", "p=1e-120", "float64", "unstable", _each("p", _log_reliability_slope, [1e-120]),
         "return jnp.log(k_out_of_n(p))"),
    Case(J, "value_at_risk", "alpha=0.01", "float64", "ok", _each("alpha", _var_slope(_f(0.02)), [0.01])),
    Case(J, "value_at_risk", "alpha=1e-300", "float64", "ok", _each("alpha", _var_slope(_f(0.02)), [1e-300])),
    Case(J, "value_at_risk", "alpha=0.01", "float32", "ok",
         _each("alpha", _var_slope(_c("float32", 0.02)), [0.01], "float32")),
    Case(J, "truncated_normal_nll", "mu=31,sigma=1", "float64", "ok", num_grad(_truncated_nll, mu=31, sigma=1)),
    # 30 sigmas out JAX's truncnorm takes log1p(-1) of the bounds' tails rounded to 1: -inf, and 0/0 in its slope
    Case(J, "truncated_normal_nll", "mu=0,sigma=1", "float64", "unstable", num_grad(_truncated_nll, mu=0, sigma=1),
         "return -truncnorm.logpdf(OBSERVED, (LOWER - mu) / sigma, (UPPER - mu) / sigma, loc=mu, scale=sigma)"),
    Case(J, "truncated_normal_nll_naive", "mu=31,sigma=1", "float64", "ok", num_grad(_truncated_nll, mu=31, sigma=1)),
    # Phi(32) - Phi(30) is 1 - 1: the mass 5e-198 lost
    Case(J, "truncated_normal_nll_naive", "mu=0,sigma=1", "float64", "unstable",
         num_grad(_truncated_nll, mu=0, sigma=1), "mass = ndtr((UPPER - mu) / sigma) - ndtr((LOWER - mu) / sigma)"),
    # input errors a user makes: a leaf the tree lacks, a missing and an unknown variable
    Case(J, "k80_log_likelihood", None, "float32", "input-error", args="k80_args", wrt="params.log_gamma",
         message=("log_gamma",)),
    Case(J, "transmission", "energy=0.5", "float64", "input-error", message=("width",)),
    Case(J, "fixation_probability", "s=0.01,n=5", "float64", "input-error", message=("n",)),
]


NUMPY = [
    Case(N, "fixation_probability", "s=0.01", "float64", "ok", num_grad(_kimura, s=0.01)),
    Case(N, "fixation_probability", "s=1e-12", "float64", "ok", num_grad(_kimura, s=1e-12)),
    # the Python branch takes the series at 0: its slope is the quotient's limit
    Case(N, "fixation_probability", "s=0", "float64", "ok", _fixed("s", NEUTRAL_SLOPE)),
    Case(N, "fixation_probability", "s=1e-07", "float64", "unstable", num_grad(_kimura, s=1e-7),
         "return (1 - np.exp(-2 * s)) / (1 - np.exp(-4 * N_E * s))"),
    Case(N, "allele_frequency", "s=0.1", "float64", "ok", num_grad(_allele, s=0.1)),
    # 94 identical sites and 5 changes
    Case(N, "jc_log_likelihood", "t=0.1", "float64", "ok", _each("t", _jc_slope(94, 5), [0.1])),
    Case(N, "jc_log_likelihood", "t=1e-09", "float64", "unstable", _each("t", _jc_slope(94, 5), [1e-9]),
         "total += np.log(0.25 * (0.25 - 0.25 * e))"),
    Case(N, "jc_distance", "p=0.3", "float64", "ok", _each("p", lambda p: 1 / (1 - 4 * p / 3), [0.3])),
    # the slope 1 / (1 - 4p/3) keeps every digit, but the value log(1 - 4p/3) only seven of them
    Case(N, "jc_distance", "p=1e-09", "float64", "unstable", _each("p", lambda p: 1 / (1 - 4 * p / 3), [1e-9]),
         "return -0.75 * np.log(1 - 4.0 / 3.0 * p)", "np.log1p("),
    Case(N, "k80_distance", "p=0.1,q=0.05", "float64", "ok",
         num_grad(lambda p, q: -mpmath.log(1 - 2 * p - q) / 2 - mpmath.log(1 - 2 * q) / 4, p=0.1, q=0.05)),
    Case(N, "fin_efficiency", "ml=0", "float64", "ok", _fixed("ml", 0)),
    Case(N, "fin_efficiency", "ml=1.5", "float64", "ok", _each("ml", _fin_slope, [1.5])),
    Case(N, "fin_efficiency", "ml=1e-09", "float64", "unstable", _each("ml", _fin_slope, [1e-9]),
         "return np.tanh(ml) / ml"),
    Case(N, "log_transmission", "energy=0.5,width=2", "float64", "ok",
         num_grad(_log_transmission, energy=0.5, width=2)),
    Case(N, "log_transmission", "energy=0.5,width=1200", "float64", "unstable",
         num_grad(_log_transmission, energy=0.5, width=1200),
         "return np.log(1 / (1 + np.sinh(kappa * width) ** 2 / (4 * energy * (1 - energy))))"),
    Case(N, "log_transmission_stable", "energy=0.5,width=1200", "float64", "ok",
         num_grad(_log_transmission, energy=0.5, width=1200)),
    Case(N, "comoving_distance", "omega_m=0.3", "float64", "ok", num_grad(_comoving(), omega_m=0.3)),
    Case(N, "universe_age", "omega_m=0.3", "float64", "ok", num_grad(_age, omega_m=0.3)),
    # the slopes through OL's two uses, 3.3e8 each, cancel where they are added: at OL's own line
    Case(N, "universe_age", "omega_m=0.999999999", "float64", "unstable", num_grad(_age, omega_m=0.999999999),
         "omega_l = 1 - omega_m"),
    Case(N, "log_survival_expm1", "c=0.09", "float64", "ok", num_grad(_log_survival, c=0.09)),
    Case(N, "log_survival_expm1", "c=1e-12", "float64", "unstable", num_grad(_log_survival, c=1e-12),
         "return -5e-4 * t - 7e-5 * np.expm1(c * t) / c"),
    Case(N, "log_survival_exprel", "c=1e-12", "float64", "ok", num_grad(_log_survival, c=1e-12)),
    Case(N, "log_survival_exprel", "c=0", "float64", "ok", lambda: {"c": -GOMPERTZ * 80 ** 2 / 2}),
    Case(N, "log_survival_exprel", "c=0.09", "float64", "ok", num_grad(_log_survival, c=0.09)),
    Case(N, "life_annuity", "c=0.09", "float64", "ok", num_grad(_annuity, c=0.09)),
    Case(N, "life_annuity", "c=1e-12", "float64", "ok", num_grad(_annuity, c=1e-12)),
    Case(N, "excess_of_loss", "retention=10", "float64", "ok", _each("retention", _excess_slope, [10])),
    Case(N, "excess_of_loss", "retention=12", "float64", "domain", _each("retention", _excess_slope, [12])),
    Case(N, "layer_payout", "retention=4", "float64", "domain", _each("retention", _layer_slope, [4])),
    Case(N, "layer_payout", "retention=5", "float64", "ok", _each("retention", _layer_slope, [5])),
    Case(N, "brillouin", "x=1", "float64", "ok", _each("x", _brillouin_slope, [1])),
    Case(N, "brillouin", "x=1e-09", "float64", "unstable", _each("x", _brillouin_slope, [1e-9]),
         "return a * (1 / np.tanh(a * x)) - b * (1 / np.tanh(b * x))"),
    Case(N, "magnetisation", "h=0.1", "float64", "ok", _magnet_slopes(0.1, 2, ("h",))),
    # the temperature has a default, which a check keeps: the message says so
    Case(N, "magnetisation", "h=0.1,temperature=0.5", "float64", "input-error", message=("temperature", "default")),
    Case(N, "fermi_dirac_1", "eta=0", "float64", "ok", _each("eta", _fd1_slope, [0])),
    Case(N, "fermi_dirac_1", "eta=3", "float64", "ok", _each("eta", _fd1_slope, [3])),
    Case(N, "fermi_dirac_1", "eta=-40", "float64", "unstable", _each("eta", _fd1_slope, [-40]),
         "return -scipy.special.spence(1 + np.exp(eta))"),
    Case(N, "k_out_of_n", "p=0.9", "float64", "ok", _each("p", _reliability_slope, [0.9])),
    Case(N, "k_out_of_n", "p=0.5", "float64", "ok", _each("p", _reliability_slope, [0.5])),
    Case(N, "k_out_of_n_stats", "p=0.9", "float64", "ok", _each("p", _reliability_slope, [0.9])),
    Case(N, "value_at_risk", "alpha=0.01", "float64", "ok", _each("alpha", _var_slope(_f(0.02)), [0.01])),
    Case(N, "value_at_risk", "alpha=1e-300", "float64", "ok", _each("alpha", _var_slope(_f(0.02)), [1e-300])),
    Case(N, "truncated_normal_nll", "mu=31,sigma=1", "float64", "ok", num_grad(_truncated_nll, mu=31, sigma=1)),
    Case(N, "truncated_normal_nll", "mu=0,sigma=1", "float64", "ok", num_grad(_truncated_nll, mu=0, sigma=1)),
    Case(N, "truncated_normal_nll_naive", "mu=0,sigma=1", "float64", "unstable",
         num_grad(_truncated_nll, mu=0, sigma=1),
         "mass = scipy.special.ndtr((32 - mu) / sigma) - scipy.special.ndtr((30 - mu) / sigma)"),
    Case(N, "kumaraswamy_logpdf", "x=0.5", "float64", "ok", _each("x", _kumaraswamy_slope, [0.5])),
    # x^2.5 rounds to within 1.1e-16 of 1 - 2.5e-12: 1 - x^2.5 keeps five digits, by log1p too (a square would not
    # round there: x^2 of 1 - d is 1 - 2d but for d^2)
    Case(N, "kumaraswamy_logpdf", "x=0.999999999999", "float64", "unstable",
         _each("x", _kumaraswamy_slope, [0.999999999999]),
         "return np.log(a * b) + (a - 1) * np.log(x) + (b - 1) * np.log(1 - x ** a)"),
    Case(N, "kumaraswamy_logpdf_log1p", "x=0.999999999999", "float64", "unstable",
         _each("x", _kumaraswamy_slope, [0.999999999999]),
         "return np.log(a * b) + (a - 1) * np.log(x) + (b - 1) * np.log1p(-x ** a)"),
    Case(N, "kumaraswamy_logpdf_expm1", "x=0.999999999999", "float64", "ok",
         _each("x", _kumaraswamy_slope, [0.999999999999])),
    Case(N, "kumaraswamy_logpdf_expm1", "x=0.5", "float64", "ok", _each("x", _kumaraswamy_slope, [0.5])),
    Case(N, "jc_distance", "p=0.3.1", "float64", "input-error", message=("0.3.1",)),
]

ALL = JAX + NUMPY
