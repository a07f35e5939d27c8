"""The forty-ninth trial set (second part): JAX and plain NumPy / SciPy in observational astronomy (airmass and
extinction), paired comparisons (Glicko, Bradley-Terry, Plackett-Luce), hydrology (the SCS curve-number runoff), audio
(mu-law companding, decibels, spectral flatness) and room acoustics (Eyring's and Millington's reverberation times).

Astronomy: Kasten-Young's airmass right at z = 60 in both dtypes, domain at its own pole z = 96.07995 (the airmass
falls to 0 from the left, no real power on the right); the transmittance e^(-tau X) right at tau = 5000, z = 30, whose
slopes 10^-2506 round to 0; the extinction -2.5 log10 e^(-tau X) unstable at tau = 1000 (e^-1155 underflows, log10(0))
and right in closed form. Paired comparisons: Glicko's 1 / (1 + 10^(-g d / 400)) unstable at d = -1e6 (10^2489
overflows, 0 * inf) and right at +1e6 (slope 10^-2489 rounds to 0), as a sigmoid right at both; Bradley-Terry's
log(sigmoid) unstable at -800 (log_sigmoid offered and re-checked) and right at 1600 (slope 10^-694.9), log_sigmoid
right everywhere; a win as xlogy / xlog1py unstable at 40 (xlog1py(0, -1)'s rule 0 / 0 where the slope is 4.2e-18);
a parameter tree by --args with --wrt params / params.home, right, and a diverged fit's 900-point upset by
log(sigmoid) unstable; Plackett-Luce by exp and cumsum unstable at [800, 0, -800, 400] and in float32 at
[100, 0, -50, 60]; by a reverse lax.scan of logaddexp unstable there too (below) and right at [2000, 0, -2000, 1000],
where the lost slope -10^-434 is below float64; log_softmax's top choice right at [1000, 0, -1000] (slopes 10^-434 and
10^-868). Hydrology: the SCS runoff right at its switch P = Ia (both pieces have value and slope 0) by where and by
lax.cond, in P and CN (CN = 100 too), a storm accumulated by lax.scan in both dtypes; the runoff ratio Q / P by one
where leaks the idle branch's 0 * inf at P = 0 (wrong, the double where re-checked), right behind a double where.
Audio: mu-law companding and expansion are smooth and odd through 0, but sign' = 0 and sign(0) = 0 give slope 0
(wrong at 0 where the slopes are 255 / ln 256 and ln 256 / 255); a custom_jvp right at 0, and one that forgets the
1 / ln 256 (wrong at its rule); decibels domain at p = 0 and 5e-324 (slope 8.8e323 beyond float64), right at 1e-300;
with an eps right at 0 and 5e-324; spectral flatness right at [1, 2, 4], domain at [0, 1, 2], by a product unstable
at [1e200, 2e200, 4e200] (8e600 overflows). Room acoustics: Eyring by log(1 - a) unstable at 1e-17 (1 - a rounds
to 1, RT = -inf; log1p offered), domain at a = 1; by log1p right; a custom_vjp right, and one that drops 1 / (1 - a):
wrong at 0.3 at its bwd, but ok at 1e-17, where the dropped factor is 1 + 1e-17 and no float64 gradient can tell the
rules apart; Millington's per-surface sum right in both dtypes. NumPy / SciPy: the same models by np.exp, np.log10,
scipy.special.expit / log_expit / xlogy / xlog1py / logsumexp, np.logaddexp.accumulate over a batch's axis (right at
[800, 0, -800, 400], where the other rankings' O(1) slopes drown the lost 1.9e-174), np.where and np.sign.
Input errors: a mistyped function (eyring_rtt) and variable (alpah), a point that is no number (1e-1.5), a variable
left out (z), a missing --args function (bt_argz), --wrt of no leaf (params.skil), and scipy.stats.gmean, which
gradcli lacks.
112 cases (91 JAX, 21 NumPy): all 112 agree with gradcli once four of my truths were corrected (below). No finding.

Sweeps by hand: `gradcli sweep jax_lib49b.py:eyring_rt --range alpha=1e-20:0.5 --scale log` (10 s): float64
unstable for alpha in [1e-20, 5.55e-17] (1 - a rounds to 1: RT = -inf), cancellation up to 4.02e-7 and in slivers to
9.69e-7, ok above; the log1p fix ok over the whole range. `gradcli sweep numpy_lib49b.py:glicko_expected_naive --range
d=-1e6:1e6` (7 s): unstable for d <= -63632.59 (NaN below -124698 where 10^u overflows; between, the quotient rule's
(1 + u)^2 overflows or goes subnormal while the slope is a normal number), ok above, +1e6 included.

What the round taught about its own truths (gradcli was right each time):
- Plackett-Luce by a stable logaddexp scan at [800, 0, -800, 400] is not ok: the first slope, -1 + 1 / (1 + e^-400
  + ...) = -1.9e-174, is a float64 number, and no logaddexp-based program keeps it (the scan gives 0): unstable, in
  JAX and in NumPy's logsumexp loop; float32 at [100, 0, -50, 60] likewise (-4.2e-18). Only where the lost part is
  below the dtype's least number (gaps of 1000: 10^-434) is 0 the right answer. The batch of three rankings is right
  at the same point because the lost part is added to O(1) slopes.
- JAX's spectral flatness in log space at [1e200, 2e200, 4e200] is not ok: JAX's quotient rule forms the
  denominator's integer_pow(AM, -2) = 1.8e-401, which underflows, so the slope's -GM / (3 AM^2) path is lost (the
  slopes 1.6e-201 come out 2.9e-201); gradcli.numpy's division rule keeps it, so NumPy's copy is right.

Truths are expressions written here, evaluated by mpmath (2,000 digits), never the user files' code: closed forms,
or central differences with h = 1e-600 of the mathematics restated; the point and the program's own constants as the
dtype holds them. Where a function has a kink, a jump, a pole or a domain's edge there is no derivative (NaN).
"""

import math

import mpmath

from cases import Case
from cases5 import _in, hp
from cases42a import _fixed
from cases45a import cgrad

J, N = "jax_lib49b.py", "numpy_lib49b.py"
NAN = mpmath.nan
mpf = mpmath.mpf


def _c(dtype, *values):
    """The program's float constants as the dtype holds them."""
    return _in(dtype, list(values))


# --- airmass and extinction --------------------------------------------------------------------------------------------

def _airmass(dtype="float64"):
    a, b, c = _c(dtype, 0.50572, 96.07995, 1.6364)

    def x(z):
        return 1 / (mpmath.cos(z * mpmath.pi / 180) + a * (b - z) ** -c)
    return x


def _ky(z, dtype="float64"):
    return cgrad(_airmass(dtype), dtype, z=z)


def _trans(tau, z, dtype="float64"):
    x = _airmass(dtype)
    return cgrad(lambda tau, z: mpmath.exp(-tau * x(z)), dtype, tau=tau, z=z)


def _ext(tau, z):
    """-2.5 log10 e^(-tau X) = 2.5 tau X / ln 10."""
    x = _airmass()
    return cgrad(lambda tau, z: mpf("2.5") * tau * x(z) / mpmath.log(10), tau=tau, z=z)


# --- Glicko ------------------------------------------------------------------------------------------------------------

Q_GL = math.log(10.0) / 400.0
G_RD = 1.0 / math.sqrt(1.0 + 3.0 * Q_GL ** 2 * 50.0 ** 2 / math.pi ** 2)  # the program's g(RD = 50)
C_GL = G_RD * Q_GL  # the stable form's one constant


def _glicko_naive(d, dtype="float64"):
    """d/dd 1 / (1 + u), u = 10^(-G d / 400): (G ln 10 / 400) u / (1 + u)^2, by its closed form (u = 10^2489 fine)."""
    def truth():
        (v,), (g,) = _in(dtype, [d]), _c(dtype, G_RD)
        u = mpmath.power(10, -g * v / 400)
        return {"d": g * mpmath.log(10) / 400 * u / (1 + u) ** 2}
    return hp(truth)


def _glicko(d, dtype="float64"):
    def truth():
        (v,), (c,) = _in(dtype, [d]), _c(dtype, C_GL)
        e = mpmath.exp(-c * v)
        return {"d": c * e / (1 + e) ** 2}
    return hp(truth)


# --- Bradley-Terry -------------------------------------------------------------------------------------------------------

def _logsig_slope(d, dtype="float64"):
    """d/dd log sigma(d) = sigma(-d) = 1 / (1 + e^d): 10^-694.9 at 1600."""
    def truth():
        (v,) = _in(dtype, [d])
        return {"d": 1 / (1 + mpmath.exp(v))}
    return hp(truth)


GAMES = ([0, 2, 1, 3, 2, 0], [1, 3, 0, 2, 1, 3], [1, -1, 1, 1, -1, 0])


def _bt(skill, home, wrt=("params.skill", "params.home")):
    """-sum log sigma(s_w - s_l + h x): d/dh = -sum x sigma(-d), d/ds_k = -sum sigma(-d) ([w = k] - [l = k])."""
    def truth():
        s, h = _in("float64", skill), _in("float64", [home])[0]
        gs, gh = [mpf(0)] * len(s), mpf(0)
        for w, l, x in zip(*GAMES):
            r = 1 / (1 + mpmath.exp(s[w] - s[l] + h * x))
            gh -= x * r
            gs[w] -= r
            gs[l] += r
        out = {"params.skill": gs, "params.home": gh}
        return {k: out[k] for k in wrt}
    return hp(truth)


# --- Plackett-Luce -------------------------------------------------------------------------------------------------------

def _pl_slopes(s, rankings=((0, 1, 2, 3),), dtype="float64"):
    """-sum_k (s_{r_k} - log sum_{m >= k} e^s_{r_m}): d/ds_{r_j} = -1 + sum_{k <= j} e^s_{r_j} / sum_{m >= k} e^s_{r_m}."""
    def truth():
        v = _in(dtype, s)
        g = [mpf(0)] * len(v)
        for r in rankings:
            for j, item in enumerate(r):
                g[item] += -1 + mpmath.fsum(mpmath.exp(v[item]) / mpmath.fsum(mpmath.exp(v[m]) for m in r[k:])
                                            for k in range(j + 1))
        return {"s": g}
    return hp(truth)


def _top_choice(s, dtype="float64"):
    """d/ds log softmax(s)_0 = e_0 - softmax(s): 1 - p_0 as (sum of the others) / (sum of all)."""
    def truth():
        v = _in(dtype, s)
        e = [mpmath.exp(x - v[0]) for x in v]
        total = mpmath.fsum(e)
        return {"s": [mpmath.fsum(e[1:]) / total] + [-x / total for x in e[1:]]}
    return hp(truth)


# --- SCS curve number ---------------------------------------------------------------------------------------------------

S_RET = 25400.0 / 80.0 - 254.0  # 63.5
IA = 0.2 * S_RET  # the program's 12.700000000000001


def _q(p, ia, s):
    return (p - ia) ** 2 / (p - ia + s) if p > ia else mpf(0)


def _scs(P, dtype="float64"):
    ia, s = _c(dtype, IA, S_RET)
    return cgrad(lambda P: _q(P, ia, s), dtype, P=P)


def _scs_cn(P, cn):
    def f(P, cn):
        s = 25400 / cn - 254
        return _q(P, mpf(0.2) * s, s)
    return cgrad(f, P=P, cn=cn)


def _ratio(P, dtype="float64"):
    ia, s = _c(dtype, IA, S_RET)
    return cgrad(lambda P: _q(P, ia, s) / P if P > ia else mpf(0), dtype, P=P)


HYETO = [0.05, 0.15, 0.4, 0.25, 0.1, 0.05]


def _storm(depth, dtype="float64"):
    """The increments telescope: Q(depth * sum f) - Q(0), the fractions as the dtype holds them."""
    fr, (ia, s) = _c(dtype, *HYETO), _c(dtype, IA, S_RET)
    return cgrad(lambda depth: _q(depth * mpmath.fsum(fr), ia, s), dtype, depth=depth)


# --- audio ---------------------------------------------------------------------------------------------------------------

MU = 255


def _mu_law(x, dtype="float64"):
    """sign(x) log(1 + mu |x|) / log(1 + mu) is odd and smooth through 0: slope mu / ((1 + mu |x|) ln 256)."""
    def truth():
        (v,) = _in(dtype, [x])
        return {"x": MU / ((1 + MU * abs(v)) * mpmath.log(1 + MU))}
    return hp(truth)


def _mu_expand(y, dtype="float64"):
    """sign(y) (256^|y| - 1) / mu: slope ln 256 256^|y| / mu, ln 256 / 255 at 0 from both sides."""
    def truth():
        (v,) = _in(dtype, [y])
        return {"y": mpmath.log(1 + MU) * mpmath.power(1 + MU, abs(v)) / MU}
    return hp(truth)


def _db(p, eps=0.0, dtype="float64"):
    def truth():
        (v,), (e,) = _in(dtype, [p]), _c(dtype, eps)
        return {"p": 10 / (mpmath.log(10) * (v + e))}
    return hp(truth)


def _flatness(p, dtype="float64"):
    """F = GM / AM: dF/dp_k = F (1 / (n p_k) - 1 / (n AM))."""
    def truth():
        v = _in(dtype, p)
        n = len(v)
        am = mpmath.fsum(v) / n
        gm = mpmath.exp(mpmath.fsum(mpmath.log(x) for x in v) / n)
        f = gm / am
        return {"p": [f * (1 / (n * x) - 1 / (n * am)) for x in v]}
    return hp(truth)


# --- room acoustics ---------------------------------------------------------------------------------------------------

KV, S_R = 0.161 * 200.0, 220.0  # the program's K V (its one float constant once computed) and S
AREAS = [100.0, 80.0, 40.0]


def _eyring(alpha, dtype="float64"):
    """RT = K V / (S L), L = -ln(1 - a): dRT/da = -K V / (S L^2 (1 - a))."""
    def truth():
        (a,), (kv, s) = _in(dtype, [alpha]), _c(dtype, KV, S_R)
        lg = -mpmath.log1p(-a)
        return {"alpha": -kv / (s * lg ** 2 * (1 - a))}
    return hp(truth)


def _millington(alpha, dtype="float64"):
    """RT = K V / D, D = -sum S_i ln(1 - a_i): dRT/da_i = -K V S_i / ((1 - a_i) D^2)."""
    def truth():
        a, areas, (kv,) = _in(dtype, alpha), _c(dtype, *AREAS), _c(dtype, KV)
        d = -mpmath.fsum(s * mpmath.log1p(-x) for s, x in zip(areas, a))
        return {"alpha": [-kv * s / ((1 - x) * d ** 2) for s, x in zip(areas, a)]}
    return hp(truth)


def _both(file, function, at, truth_of, dtypes=("float64", "float32")):
    return [Case(file, function, at, d, "ok", truth_of(d)) for d in dtypes]


JAX = [
    # --- airmass and extinction
    *_both(J, "kasten_young", "z=60", lambda d: _ky(60.0, d)),
    # (96.07995 - z)^-1.6364 at its own pole: the airmass falls to 0 from the left, no real power on the right
    Case(J, "kasten_young", "z=96.07995", "float64", "domain", _fixed({"z": NAN})),
    *_both(J, "transmittance", "tau=0.2,z=60", lambda d: _trans(0.2, 60.0, d)),
    # e^(-5000 X(30)) = 10^-2506: both slopes far below float64's least number; 0 is their rounding
    Case(J, "transmittance", "tau=5000,z=30", "float64", "ok", _trans(5000.0, 30.0)),
    # e^-1155 underflows to 0 and log10(0) = -inf where -2.5 log10 T is 1254 magnitudes
    Case(J, "extinction_mag_naive", "tau=1000,z=30", "float64", "unstable", _ext(1000.0, 30.0),
         "return -2.5 * jnp.log10(t)"),
    Case(J, "extinction_mag_naive", "tau=0.2,z=60", "float64", "ok", _ext(0.2, 60.0)),
    Case(J, "extinction_mag", "tau=1000,z=30", "float64", "ok", _ext(1000.0, 30.0)),
    # --- Glicko
    *_both(J, "glicko_expected_naive", "d=200", lambda d: _glicko_naive(200.0, d)),
    # 10^2489 overflows: E = 0 (the exact 10^-2489 rounded) but the slope is 0 * inf
    Case(J, "glicko_expected_naive", "d=-1000000", "float64", "unstable", _glicko_naive(-1e6),
         "return 1.0 / (1.0 + 10.0 ** (-G_RD * d / 400.0))"),
    # 10^-2489 underflows to 0: E = 1, slope 0 for an exact 10^-2489
    Case(J, "glicko_expected_naive", "d=1000000", "float64", "ok", _glicko_naive(1e6)),
    Case(J, "glicko_expected", "d=-1000000", "float64", "ok", _glicko(-1e6)),
    *_both(J, "glicko_expected", "d=200", lambda d: _glicko(200.0, d)),
    # --- Bradley-Terry
    Case(J, "bt_logp_naive", "d=-800", "float64", "unstable", _logsig_slope(-800.0),
         "return jnp.log(jax.nn.sigmoid(d))", "log_sigmoid("),
    Case(J, "bt_logp_naive", "d=1600", "float64", "ok", _logsig_slope(1600.0)),
    Case(J, "bt_logp_naive", "d=0.5", "float32", "ok", _logsig_slope(0.5, "float32")),
    Case(J, "bt_logp", "d=-800", "float64", "ok", _logsig_slope(-800.0)),
    Case(J, "bt_logp", "d=1600", "float64", "ok", _logsig_slope(1600.0)),
    Case(J, "bt_logp", "d=-100", "float32", "ok", _logsig_slope(-100.0, "float32")),
    # sigma(40) rounds to 1: xlog1py(0, -1)'s rule 0 / (1 - 1) is NaN where the slope sigma(-40) = 4.2e-18
    Case(J, "bt_bernoulli", "d=40", "float64", "unstable", _logsig_slope(40.0)),
    Case(J, "bt_bernoulli", "d=0.5", "float64", "ok", _logsig_slope(0.5)),
    Case(J, "bt_nll", None, "float64", "ok", _bt([0.3, -0.1, 0.5, -0.7], 0.25), args="bt_args", wrt="params"),
    Case(J, "bt_nll", None, "float64", "ok", _bt([300.0, -100.0, 500.0, -400.0], 0.25), args="bt_blowout_args",
         wrt="params"),
    # sigma(-899.75) = 1e-391 underflows: log(0)
    Case(J, "bt_nll_naive", None, "float64", "unstable", _bt([300.0, -100.0, 500.0, -400.0], 0.25),
         "return -jnp.sum(jnp.log(jax.nn.sigmoid(d)))", args="bt_blowout_args", wrt="params"),
    Case(J, "bt_nll_naive", None, "float64", "ok", _bt([0.3, -0.1, 0.5, -0.7], 0.25, ("params.home",)),
         args="bt_args", wrt="params.home"),
    # --- Plackett-Luce
    Case(J, "pl_nll_naive", "s=[0.5,0.2,-0.3,1]", "float64", "ok", _pl_slopes([0.5, 0.2, -0.3, 1.0])),
    Case(J, "pl_nll_naive", "s=[800,0,-800,400]", "float64", "unstable", _pl_slopes([800.0, 0.0, -800.0, 400.0]),
         "tail = jnp.cumsum(jnp.exp(s)[::-1])[::-1]"),
    Case(J, "pl_nll_naive", "s=[100,0,-50,60]", "float32", "unstable",
         _pl_slopes([100.0, 0.0, -50.0, 60.0], dtype="float32"), "tail = jnp.cumsum(jnp.exp(s)[::-1])[::-1]"),
    # the first slope -1 + 1 / (1 + e^-400 + ...) = -1.9e-174 is a float64 number the logaddexp scan rounds to 0
    Case(J, "pl_nll", "s=[800,0,-800,400]", "float64", "unstable", _pl_slopes([800.0, 0.0, -800.0, 400.0])),
    # with gaps of 1000 the first slope is -10^-434.3: 0 is its rounding
    Case(J, "pl_nll", "s=[2000,0,-2000,1000]", "float64", "ok", _pl_slopes([2000.0, 0.0, -2000.0, 1000.0])),
    Case(J, "pl_nll", "s=[0.5,0.2,-0.3,1]", "float64", "ok", _pl_slopes([0.5, 0.2, -0.3, 1.0])),
    # float32: the first slope -e^-40 = -4.2e-18 is a normal float32, rounded to 0
    Case(J, "pl_nll", "s=[100,0,-50,60]", "float32", "unstable", _pl_slopes([100.0, 0.0, -50.0, 60.0], dtype="float32")),
    # slopes 1 - p0 = 10^-434.3, -p1 and -p2 = -10^-868.6: all round to 0
    Case(J, "top_choice_logp", "s=[1000,0,-1000]", "float64", "ok", _top_choice([1000.0, 0.0, -1000.0])),
    Case(J, "top_choice_logp", "s=[0.5,-1,2]", "float32", "ok", _top_choice([0.5, -1.0, 2.0], "float32")),
    # --- SCS curve number
    # at P = Ia both pieces have value 0 and slope 0: differentiable, slope 0
    Case(J, "scs_runoff", "P=12.700000000000001", "float64", "ok", _fixed({"P": 0})),
    *_both(J, "scs_runoff", "P=50", lambda d: _scs(50.0, d)),
    Case(J, "scs_runoff", "P=5", "float64", "ok", _fixed({"P": 0})),
    Case(J, "scs_runoff_cn", "P=50,cn=80", "float64", "ok", _scs_cn(50.0, 80.0)),
    Case(J, "scs_runoff_cn", "P=50,cn=100", "float64", "ok", _scs_cn(50.0, 100.0)),
    Case(J, "scs_cond", "P=12.700000000000001", "float64", "ok", _fixed({"P": 0})),
    Case(J, "scs_cond", "P=30", "float64", "ok", _scs(30.0)),
    # the idle branch divides by (P - Ia + S) P = 0: its 0 * inf leaks NaN through the where
    Case(J, "runoff_ratio", "P=0", "float64", "wrong", _fixed({"P": 0}),
         "return jnp.where(P > IA, (P - IA) ** 2 / ((P - IA + S_RET) * P), 0.0)", "jnp.where(P > IA, P, "),
    Case(J, "runoff_ratio", "P=50", "float64", "ok", _ratio(50.0)),
    Case(J, "runoff_ratio_safe", "P=0", "float64", "ok", _fixed({"P": 0})),
    Case(J, "runoff_ratio_safe", "P=50", "float32", "ok", _ratio(50.0, "float32")),
    *_both(J, "storm_runoff", "depth=60", lambda d: _storm(60.0, d)),
    Case(J, "storm_runoff", "depth=10", "float64", "ok", _fixed({"depth": 0})),
    # --- audio
    # smooth and odd through 0 (slope 255 / ln 256 from both sides), but sign' = 0 and sign(0) = 0 give 0
    Case(J, "mu_law", "x=0", "float64", "wrong", _mu_law(0.0)),
    *_both(J, "mu_law", "x=0.5", lambda d: _mu_law(0.5, d)),
    Case(J, "mu_law_expand", "y=0", "float64", "wrong", _mu_expand(0.0)),
    Case(J, "mu_law_expand", "y=0.5", "float64", "ok", _mu_expand(0.5)),
    Case(J, "mu_law_c", "x=0", "float64", "ok", _mu_law(0.0)),
    Case(J, "mu_law_c", "x=-0.25", "float32", "ok", _mu_law(-0.25, "float32")),
    Case(J, "mu_law_bad", "x=0.5", "float64", "wrong", _mu_law(0.5), "def mu_law_bad_jvp"),
    Case(J, "mu_law_bad", "x=0", "float64", "wrong", _mu_law(0.0), "def mu_law_bad_jvp"),
    Case(J, "power_db", "p=0", "float64", "domain", _fixed({"p": NAN})),
    Case(J, "power_db", "p=1e-300", "float64", "ok", _db(1e-300)),
    # the slope 8.8e323 is beyond float64
    # the value -inf for -3233 (XLA flushes the subnormal p), beside a slope past float64: unstable
    Case(J, "power_db", "p=5e-324", "float64", "unstable", _db(5e-324)),
    Case(J, "power_db_eps", "p=0", "float64", "ok", _db(0.0, 1e-10)),
    Case(J, "power_db_eps", "p=5e-324", "float64", "ok", _db(5e-324, 1e-10)),
    *_both(J, "spectral_flatness", "p=[1,2,4]", lambda d: _flatness([1.0, 2.0, 4.0], d)),
    # JAX's quotient rule forms AM^-2 = 1.8e-401, which underflows: the slope's -GM / (3 AM^2) path is lost
    Case(J, "spectral_flatness", "p=[1e200,2e200,4e200]", "float64", "unstable", _flatness([1e200, 2e200, 4e200])),
    # log(0): the flatness (p0 p1 p2)^(1/3) / AM is 0 along p1, p2 and climbs with an infinite slope in p0
    Case(J, "spectral_flatness", "p=[0,1,2]", "float64", "domain", _fixed({"p": [mpmath.inf, 0, 0]})),
    # the product 8e600 overflows
    Case(J, "spectral_flatness_prod", "p=[1e200,2e200,4e200]", "float64", "unstable",
         _flatness([1e200, 2e200, 4e200]), "return jnp.prod(p) ** (1.0 / p.shape[0]) / jnp.mean(p)"),
    Case(J, "spectral_flatness_prod", "p=[1,2,4]", "float64", "ok", _flatness([1.0, 2.0, 4.0])),
    # --- room acoustics
    *_both(J, "eyring_rt", "alpha=0.3", lambda d: _eyring(0.3, d)),
    # 1 - 1e-17 rounds to 1: log(1) = 0, RT = -inf where it is 1.5e16 s
    Case(J, "eyring_rt", "alpha=1e-17", "float64", "unstable", _eyring(1e-17),
         "return K_SABINE * V_ROOM / (-S_ROOM * jnp.log(1.0 - alpha))", "jnp.log1p("),
    Case(J, "eyring_rt", "alpha=1", "float64", "domain", _fixed({"alpha": NAN})),
    Case(J, "eyring_rt_log1p", "alpha=1e-17", "float64", "ok", _eyring(1e-17)),
    Case(J, "eyring_rt_log1p", "alpha=0.3", "float32", "ok", _eyring(0.3, "float32")),
    Case(J, "eyring_rt_log1p", "alpha=1", "float64", "domain", _fixed({"alpha": NAN})),
    Case(J, "eyring_rule", "alpha=0.3", "float64", "ok", _eyring(0.3)),
    Case(J, "eyring_rule", "alpha=1e-17", "float64", "ok", _eyring(1e-17)),
    Case(J, "eyring_rule_bad", "alpha=0.3", "float64", "wrong", _eyring(0.3), "def _eyring_bad_bwd"),
    # the slip drops 1 / (1 - a) = 1 + 1e-17: no float64 gradient can tell it from the right one
    Case(J, "eyring_rule_bad", "alpha=1e-17", "float64", "ok", _eyring(1e-17)),
    *_both(J, "millington_rt", "alpha=[0.1,0.3,0.9]", lambda d: _millington([0.1, 0.3, 0.9], d)),
    # --- input errors
    Case(J, "eyring_rtt", "alpha=0.3", "float64", "input-error", message=("eyring_rtt",)),
    Case(J, "eyring_rt", "alpah=0.3", "float64", "input-error", message=("alpah",)),
    Case(J, "mu_law", "x=1e-1.5", "float64", "input-error", message=("1e-1.5",)),
    Case(J, "transmittance", "tau=0.2", "float64", "input-error", message=("z",)),
    Case(J, "bt_nll", None, "float64", "input-error", args="bt_argz", message=("bt_argz",)),
    Case(J, "bt_nll", None, "float32", "input-error", args="bt_args", wrt="params.skil", message=("skil",)),
]

NUMPY = [
    Case(N, "kasten_young", "z=60", "float64", "ok", _ky(60.0)),
    Case(N, "transmittance", "tau=5000,z=30", "float64", "ok", _trans(5000.0, 30.0)),
    Case(N, "extinction_mag_naive", "tau=1000,z=30", "float64", "unstable", _ext(1000.0, 30.0),
         "return -2.5 * np.log10(np.exp(-tau * kasten_young(z)))"),
    Case(N, "glicko_expected_naive", "d=-1000000", "float64", "unstable", _glicko_naive(-1e6),
         "return 1.0 / (1.0 + 10.0 ** (-G_RD * d / 400.0))"),
    Case(N, "glicko_expected_naive", "d=1000000", "float64", "ok", _glicko_naive(1e6)),
    Case(N, "bt_logp_naive", "d=-800", "float64", "unstable", _logsig_slope(-800.0),
         "return np.log(special.expit(d))", "special.log_expit("),
    Case(N, "bt_logp", "d=-800", "float64", "ok", _logsig_slope(-800.0)),
    Case(N, "bt_logp", "d=1600", "float64", "ok", _logsig_slope(1600.0)),
    Case(N, "bt_bernoulli", "d=40", "float64", "unstable", _logsig_slope(40.0)),
    Case(N, "pl_nll", "s=[800,0,-800,400]", "float64", "unstable", _pl_slopes([800.0, 0.0, -800.0, 400.0])),
    Case(N, "pl_nll_batch", "s=[0.5,0.2,-0.3,1]", "float64", "ok",
         _pl_slopes([0.5, 0.2, -0.3, 1.0], ((0, 1, 2, 3), (2, 0, 3, 1), (1, 0, 2, 3)))),
    Case(N, "pl_nll_batch", "s=[800,0,-800,400]", "float64", "ok",
         _pl_slopes([800.0, 0.0, -800.0, 400.0], ((0, 1, 2, 3), (2, 0, 3, 1), (1, 0, 2, 3)))),
    Case(N, "scs_runoff", "P=12.700000000000001", "float64", "ok", _fixed({"P": 0})),
    Case(N, "runoff_ratio", "P=0", "float64", "wrong", _fixed({"P": 0}),
         "return np.where(P > IA, (P - IA) ** 2 / ((P - IA + S_RET) * P), 0.0)"),
    Case(N, "mu_law", "x=0", "float64", "wrong", _mu_law(0.0)),
    Case(N, "mu_law", "x=0.5", "float64", "ok", _mu_law(0.5)),
    Case(N, "power_db_eps", "p=5e-324", "float64", "ok", _db(5e-324, 1e-10)),
    Case(N, "spectral_flatness", "p=[1e200,2e200,4e200]", "float64", "ok", _flatness([1e200, 2e200, 4e200])),
    Case(N, "spectral_flatness_gmean", "p=[1,2,4]", "float64", "input-error", message=("gmean",)),
    Case(N, "eyring_rt", "alpha=1e-17", "float64", "unstable", _eyring(1e-17),
         "return K_SABINE * V_ROOM / (-S_ROOM * np.log(1.0 - alpha))", "np.log1p("),
    Case(N, "eyring_rt_log1p", "alpha=1e-17", "float64", "ok", _eyring(1e-17)),
]

ALL = JAX + NUMPY
