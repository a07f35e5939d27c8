"""The forty-first trial set (first part): in JAX, football analytics (Dixon and Coles' 0-0 probability by
jax.scipy.stats.poisson.logpmf with its correction 1 - lam mu rho, at a home log-rate of -800, where lam underflows
and xlogy's slope 0/0 leaks NaN, and at lam mu rho = 1, a pole; Maher's season likelihood under jax.jit and jax.vmap
from a nested dict of team strengths, --wrt by path; the chance of at most two goals by log(poisson.cdf) at a rate
of 1000, where gammaincc underflows, and by logsumexp of logpmf; the chance of scoring at all by a log1mexp behind
custom_jvp rules with the switch in nondiff_argnums: right at 1e-20 and 800, its sign slipped, and by
1 / (exp(x) - 1), which is 1/0 at 1e-20), econometrics (Heckman's inverse Mills ratio at z = -40 by norm.pdf /
norm.cdf, 0/0, and by exp(logpdf - logcdf), where the two paths' slopes -1602 and 1601 cancel JAX's log_ndtr series
error up to 2.5e-8; an ordered probit's middle category by a difference of norm.cdf at eta = -10, 1 - 1, by norm.sf,
and at its centre, where the slope is a proven 0; an ordered logit's top category by log(logistic.sf) at -900 and by
jax.nn.log_sigmoid; a Student-t robust loss by t.logpdf at a residual of 1e200, z^2 overflowing, and behind custom_vjp
rules right and saving |z| for z, wrong only at a negative residual; a group-lasso penalty by jnp.linalg.norm at 0, a
cone, and at 1e200, its square overflowing), reaction times (the ex-Gaussian log-density by ndtr at z = -40 in
float64 and -20 in float32, underflowing, by log_ndtr and by erfcx; the shifted Wald density at s = 1e-110, where s^3
underflows, and at s = 0; a two-state attention HMM over 150 trials by lax.scan, in probability space underflowing
float32, and in log space under jax.checkpoint, where float32 still loses the stay slope to 75 - 75), a Kalman filter
over a NamedTuple of log-variances with jnp.linalg.slogdet and solve (--args, --wrt by path), 50 Riccati steps in
lax.fori_loop at q = 0; special functions: gamma.logcdf and beta.logcdf at 1e-300 (beta's a and b have no JAX
derivative: error), a free-throw beta-binomial by betabinom.logpmf at a concentration of e^2 and e^28, where betaln's
digamma differences cancel to a slope of 7e-12, betaln itself at (4, 8), beta.logpdf at Beta(4, 9), and a shot's binary entropy by entr at
1e-300 (its value loses the + p) and 5e-324 (XLA flushes it to 0: log 0). In plain NumPy and SciPy the same as legacy
code writes them (scipy.stats.poisson.logpmf, cdf and logcdf, norm.pdf/cdf/sf/logpdf/logcdf, special.log_ndtr, erfcx,
betaln, gammaln, entr, ndtri, np.linalg.solve, slogdet and norm, a Python loop over matches and over a track; and
scipy.stats.exponnorm, which gradcli lacks). A sweep of at_most_two_goals (unstable from lam = 720.864, where the
gradient's exp(-708.396) flushes, and 720.867, where gammaincc itself does: both thresholds check out by hand) and of
mills_log (unstable below z = -20), and an audit spec of eight cases naming JAX and NumPy functions (--args trees,
a range, expect = "wrong"/"unstable"; 7 pass, the betaln case failed by F1 until it was mended) were tried as a user would.

What the round taught about its own truths: the ordered probit at eta = 0.5 sits midway between its cuts, where
phi(-0.5) - phi(0.5) is exactly 0; JAX's float32 answer 9.4e-9 passes against a proven 0; plain NumPy's Dixon-Coles
at -800 is ok where JAX's is unstable (gradcli.scipy's xlogy knows its slope at x = 0, JAX's custom_jvp divides 0 by
0); jnp.linalg.norm and NumPy's norm both square their entries, so 1e200 overflows in both; at m = 0.7 the
beta-binomial's binomial limit 7/m - 3/(1 - m) is exactly 0, so its slope at kappa = e^28 is the 7e-12 left by the
finite concentration; the float32 log-space HMM is unstable for a reason of its own (the stay slope is a sum of
per-step 1/stay and -1/(1 - stay) terms, 75 against 75); a JAX module's jnp.array made at import with x64 off (the
track) and handed back by an --args function is float32 data in the float64 check too (gradcli says so in a note),
so the Kalman filter's float64 truth is taken on the track's float32 numbers.

Findings (gradcli bugs), F1 and F2 mended in the same session (tests/test_trial_findings41.py), held in
test_user_trials41a.py as chosen cases; F3 open:
F1 jax.scipy.special.betaln (and so jax.scipy.stats.betabinom.logpmf and anything built on it) is replayed step by
   step: the exact reference is the exact value of JAX's own approximation, not of log B(a, b). At (4, 8) gradcli
   calls the smooth log B `domain` ("the function jumps here in b at its switch less ... they differ by 1.19678e-6"),
   gives an exact value -7.1853858188 for log B(4, 8) = -7.1853870156 and an exact d/da -1.18654421086 for
   psi(4) - psi(12) = -1.18654401154 (1.7e-7 off); at (2.5, 8) d/da is 2.3e-8 off and the verdict `ok`; the
   beta-binomial at kappa = e^2 is `ok` where JAX's slope is 6.5e-7 off the truth, and so is a plain Beta(4, 9)
   log-density by jax.scipy.stats.beta.logpdf (its -betaln(a, b)), d/da 1.2e-7 off. Mended: betaln's steps are
   one call replayed as gradcli's betaln, and JAX's gradient, the slope of its series, is `wrong` beside log B's (at
   any precision it is not log B's slope), as JAX's spence is; the truths above say `wrong`.
F2 a custom_jvp rule whose own 1 / (exp(x) - 1) is 1/0 at x = 1e-20, in front of a primal written with a where whose
   idle branch is log1p(-1) = -inf, is explained as a where leak ("The value is finite because jax.numpy.where() ...
   did not select the branch ... but that branch's gradient still leaks through jax.numpy.where", and "guard the
   branch's input with the same condition"): under a custom rule the primal's where is never differentiated, and the
   double where gradcli advises is the rewrite it reports helped nowhere. The rule's own cancellation exp(1e-20) - 1 =
   0, the cause, is named nowhere (the expm1 fix is right and re-checked).
F3 (message only, no verdict moved) the inverse Mills ratio by exp(logpdf - logcdf) at z = -40 is `unstable`, its
   gradient 2.5e-8 off, but the finding blames rounding: "their rounding errors (1.8e-13 relative) become 1.5e-10 of
   the result", numbers that cannot make 2.5e-8; the error is JAX's log_ndtr series (its slope 1.6e-11 off at -40)
   amplified 1600 times by the cancellation 40 - 40.025. The float64 replay of the backward gives -0.99937733177
   where JAX gives -0.99937735710, so the replay does not follow log_ndtr's series; between -31.8 and -20 the sweep
   names log_ndtr ("JAX's own approximation ... lost the digits"), below -31.8 it names the add alone.

Truths are the mathematics written here in mpmath (closed forms, or mpmath.diff at 2,000 digits through `num_grad`
of the formulas restated), never the user files' code; points are the numbers the dtype holds, constants the numbers
the program writes, in the dtype where the program casts them. A coordinate with no derivative is NaN.
"""

import functools
import math

import mpmath

from cases import Case, mp
from cases5 import _in, hp
from cases12a import _f, num_grad

J, N = "jax_lib41a.py", "numpy_lib41a.py"
NAN = mpmath.nan


def _k(value, dtype):
    """A constant the program writes, as the dtype holds it."""
    return _in(dtype, [value])[0]


def ng(function, dtype="float64", **point):
    """num_grad of a restatement whose constants are taken into the dtype."""
    return num_grad(functools.partial(function, dtype=dtype), dtype, **point)


def _fixed(values):
    return lambda: {k: ([mp(x) if not isinstance(x, mpmath.mpf) else x for x in v] if isinstance(v, list)
                        else (mp(v) if not isinstance(v, mpmath.mpf) else v)) for k, v in values.items()}


# --- football --------------------------------------------------------------------------------------------------------

def _dc00(log_home, log_away, rho):
    """log(tau(0, 0)) + log Pois(0; lam) + log Pois(0; mu) = log(1 - lam mu rho) - lam - mu."""
    lam, mu = mpmath.exp(log_home), mpmath.exp(log_away)
    return mpmath.log(1 - lam * mu * rho) - lam - mu


MATCHES = [(0, 1, 2, 1), (1, 2, 0, 0), (2, 0, 3, 1), (0, 2, 1, 1)]  # home, away, home goals, away goals
ATTACK, DEFENCE, HOME_ADV = [0.3, 0.1, 0.2], [0.1, -0.1, 0.05], 0.25


def _season(prefix, names, dtype="float64"):
    """-sum log Pois: d/d attack_i = sum (rate - goals) over the sides i scores for; d/d defence_j = -(rate - goals)
    over the sides j defends; d/d home = sum (lam - home goals)."""
    def truth():
        att, dfn, (home,) = _in(dtype, ATTACK), _in(dtype, DEFENCE), _in(dtype, [HOME_ADV])
        d_att, d_def, d_home = [mp(0)] * 3, [mp(0)] * 3, mp(0)
        for h, a, hg, ag in MATCHES:
            lam, mu = mpmath.exp(home + att[h] - dfn[a]), mpmath.exp(att[a] - dfn[h])
            d_att[h] += lam - hg
            d_att[a] += mu - ag
            d_def[a] -= lam - hg
            d_def[h] -= mu - ag
            d_home += lam - hg
        out = {"attack": d_att, "defence": d_def, "home": d_home}
        return {prefix.get(n, n): out[n] for n in names}
    return hp(truth)


def _at_most_two_slope(lam, dtype="float64"):
    """d/dlam log Q(3, lam), Q(3, lam) = e^-lam (1 + lam + lam^2 / 2): -(lam^2 / 2) / (1 + lam + lam^2 / 2)."""
    def truth():
        (v,) = _in(dtype, [lam])
        return {"lam": -(v * v / 2) / (1 + v + v * v / 2)}
    return hp(truth)


def _log1mexp_slope(lam, dtype="float64"):
    def truth():
        (v,) = _in(dtype, [lam])
        return {"lam": 1 / mpmath.expm1(v)}
    return hp(truth)


# --- econometrics ----------------------------------------------------------------------------------------------------

def _mills_slope(z, dtype="float64"):
    """lambda = phi / Phi, lambda' = -lambda (z + lambda)."""
    def truth():
        (v,) = _in(dtype, [z])
        lam = mpmath.npdf(v) / mpmath.ncdf(v)
        return {"z": -lam * (v + lam)}
    return hp(truth)


def _probit_middle_slope(eta, dtype="float64"):
    """d/deta log(Phi(1 - eta) - Phi(-eta)) = (phi(-eta) - phi(1 - eta)) / (Phi(1 - eta) - Phi(-eta)); the
    difference of Phi's taken as Q(-eta) - Q(1 - eta) by erfc, which no cancellation spoils at 2,000 digits."""
    def truth():
        (v,) = _in(dtype, [eta])
        q = lambda x: mpmath.erfc(x / mpmath.sqrt(2)) / 2  # noqa: E731
        return {"eta": (mpmath.npdf(-v) - mpmath.npdf(1 - v)) / (q(-v) - q(1 - v))}
    return hp(truth)


def _logit_top_slope(eta, dtype="float64"):
    """d/deta log(1 - F(1 - eta)) = F(1 - eta), F the logistic cdf."""
    def truth():
        (v,) = _in(dtype, [eta])
        return {"eta": 1 / (1 + mpmath.exp(-(1 - v)))}
    return hp(truth)


def _t_slopes(r, scale, dtype="float64"):
    """-log t_4(r / s) / s: d/dr = (nu + 1) z / (nu + z^2) / s, d/ds = (1 - (nu + 1) z^2 / (nu + z^2)) / s."""
    def truth():
        rv, sv = _in(dtype, [r, scale])
        nu = mp(4)
        z = rv / sv
        w = (nu + 1) * z / (nu + z * z)
        return {"r": w / sv, "scale": (1 - w * z) / sv}
    return hp(truth)


def _lasso(w, dtype="float64"):
    def truth():
        vs = _in(dtype, w)
        n = mpmath.sqrt(sum(v * v for v in vs))
        return {"w": [_k(0.1, dtype) * v / n for v in vs]}
    return hp(truth)


# --- reaction times --------------------------------------------------------------------------------------------------

def _exg(x, mu, sigma, tau, dtype="float64"):
    """log of (1/tau) e^(sigma^2 / 2 tau^2 - (x - mu) / tau) Phi((x - mu) / sigma - sigma / tau)."""
    z = (x - mu) / sigma - sigma / tau
    return -mpmath.log(tau) + sigma ** 2 / (2 * tau ** 2) - (x - mu) / tau + mpmath.log(mpmath.ncdf(z))


def _exg_erfcx(x, mu, sigma, tau, dtype="float64"):
    """The erfcx spelling with the program's sqrt(2) as the dtype computes it: Phi(z) = erfcx(-z / c) e^(-z^2/c^2) / 2
    holds for c = sqrt 2 only, so with the rounded c the function is that formula, not log Phi exactly."""
    c = _k(math.sqrt(2.0), dtype)
    z = (x - mu) / sigma - sigma / tau
    w = -z / c
    return (-mpmath.log(2 * tau) + sigma ** 2 / (2 * tau ** 2) - (x - mu) / tau - z * z / 2
            + mpmath.log(mpmath.exp(w * w) * mpmath.erfc(w)))


def _wald(t, shift, alpha, nu, dtype="float64"):
    s = t - shift
    pi = _k(math.pi, dtype)
    return mpmath.log(alpha) - mpmath.log(2 * pi * s ** 3) / 2 - (alpha - nu * s) ** 2 / (2 * s)


LAPSES = [1 if (7 * k) % 5 in (0, 3) else 0 for k in range(150)]


def _hmm(stay, p_err):
    """The forward algorithm: alpha_t = (alpha_{t-1} A) * lik(y_t), log of the final sum."""
    a = [mp("0.5"), mp("0.5")]
    e = [p_err, mp("0.5")]
    for y in LAPSES:
        lik = [v if y else 1 - v for v in e]
        a = [(a[0] * stay + a[1] * (1 - stay)) * lik[0], (a[0] * (1 - stay) + a[1] * stay) * lik[1]]
    return mpmath.log(a[0] + a[1])


# --- Kalman filter, Riccati ------------------------------------------------------------------------------------------

TRACK = [[0.9, 1.1], [2.1, 0.9], [2.8, 1.2], [4.2, 0.8], [5.0, 1.0]]


def _kalman(log_q, log_r, dtype="float64"):
    """The innovations' -log-likelihood of a constant-velocity track, state and measurement 2-d, H = I; ``dtype`` is
    the track's (a JAX module's jnp.array made at import with x64 off holds float32 numbers, in the float64 run too)."""
    q, r = mpmath.exp(log_q), mpmath.exp(log_r)
    F = mpmath.matrix([[1, 1], [0, 1]])
    m, P = mpmath.matrix([0, 0]), mpmath.eye(2)
    two_pi = 2 * _k(math.pi, dtype)
    total = mp(0)
    for row in TRACK:
        y = mpmath.matrix(_in(dtype, row))
        m, P = F * m, F * P * F.T + q * mpmath.eye(2)
        S = P + r * mpmath.eye(2)
        e = y - m
        Si = S ** -1
        total += (mpmath.log(mpmath.det(S)) + (e.T * Si * e)[0] + 2 * mpmath.log(two_pi)) / 2
        K = P * Si
        m, P = m + K * e, P - K * P
    return total


def _kalman_truth(names, dtype="float64", prefix="params."):
    def truth():
        at = {"log_q": mp(-1), "log_r": mp(-2)}
        return {prefix + n: mpmath.diff(lambda v, n=n: _kalman(**dict(at, **{n: v}), dtype=dtype), at[n])
                for n in names}
    return hp(truth)


def _riccati(q, r):
    p = mp(1)
    for _ in range(50):
        p = p + q
        p = p - p * p / (p + r)
    return p


# --- special functions -----------------------------------------------------------------------------------------------

def _gamma_logcdf(x, a):
    return mpmath.log(mpmath.gammainc(a, 0, x, regularized=True))


def _gamma_logcdf_slopes(x, a):
    """d/dx log P(a, x) = x^(a-1) e^-x / Gamma(a) / P(a, x) in closed form; d/da by mpmath.diff."""
    def truth():
        xv, av = _f(x), _f(a)
        p = mpmath.gammainc(av, 0, xv, regularized=True)
        return {"x": xv ** (av - 1) * mpmath.exp(-xv) / mpmath.gamma(av) / p,
                "a": mpmath.diff(lambda v: _gamma_logcdf(xv, v), av)}
    return hp(truth)


def _beta_logcdf_slopes(x, a, b, names, dtype="float64"):
    """d/dx log I_x(a, b) = x^(a-1) (1-x)^(b-1) / B(a, b) / I_x(a, b); d/da, d/db by mpmath.diff."""
    def truth():
        xv, av, bv = _in(dtype, [x, a, b])
        cdf = lambda x, a, b: mpmath.log(mpmath.betainc(a, b, 0, x, regularized=True))  # noqa: E731
        out = {"x": xv ** (av - 1) * (1 - xv) ** (bv - 1) / mpmath.beta(av, bv) / mpmath.betainc(av, bv, 0, xv,
                                                                                                  regularized=True),
               "a": mpmath.diff(lambda v: cdf(xv, v, bv), av), "b": mpmath.diff(lambda v: cdf(xv, av, v), bv)}
        return {n: out[n] for n in names}
    return hp(truth)


def _lbeta(a, b):
    return mpmath.loggamma(a) + mpmath.loggamma(b) - mpmath.loggamma(a + b)


def _free_throws(m, log_kappa):
    """log C(10, 7) + log B(7 + a, 3 + b) - log B(a, b), a = m kappa, b = (1 - m) kappa."""
    kappa = mpmath.exp(log_kappa)
    a, b = m * kappa, (1 - m) * kappa
    return mpmath.log(120) + _lbeta(7 + a, 3 + b) - _lbeta(a, b)


def _lbeta_slopes(a, b):
    """d/da log B(a, b) = psi(a) - psi(a + b), d/db = psi(b) - psi(a + b)."""
    def truth():
        av, bv = _f(a), _f(b)
        return {"a": mpmath.digamma(av) - mpmath.digamma(av + bv), "b": mpmath.digamma(bv) - mpmath.digamma(av + bv)}
    return hp(truth)


def _beta_pdf_slopes(x, a, b):
    """log Beta(x; a, b): d/dx = (a - 1)/x - (b - 1)/(1 - x), d/da = log x - psi(a) + psi(a + b),
    d/db = log(1 - x) - psi(b) + psi(a + b)."""
    def truth():
        xv, av, bv = _f(x), _f(a), _f(b)
        s = mpmath.digamma(av + bv)
        return {"x": (av - 1) / xv - (bv - 1) / (1 - xv), "a": mpmath.log(xv) - mpmath.digamma(av) + s,
                "b": mpmath.log(1 - xv) - mpmath.digamma(bv) + s}
    return hp(truth)


def _entropy_slope(p, dtype="float64"):
    """d/dp (-p log p - (1 - p) log(1 - p)) = log(1 - p) - log p."""
    def truth():
        (v,) = _in(dtype, [p])
        return {"p": mpmath.log1p(-v) - mpmath.log(v)}
    return hp(truth)


def _ndtri_slope(p, dtype="float64"):
    """d/dp Phi^-1(p) = 1 / phi(Phi^-1(p)), Phi^-1(p) = sqrt 2 erfinv(2p - 1)."""
    def truth():
        (v,) = _in(dtype, [p])
        return {"p": 1 / mpmath.npdf(mpmath.sqrt(2) * mpmath.erfinv(2 * v - 1))}
    return hp(truth)


DC = "log_home=0.3,log_away=0.1,rho=-0.1"
EXG = "x=0.4,mu=0.5,sigma=0.05,tau=0.3"
EXG_FAST = "x=0.1,mu=0.5,sigma=0.01,tau=0.3"
EXG_OUT = "x=-0.5,mu=0.5,sigma=0.05,tau=0.3"
_SEASON_J = {"attack": "params.strength.attack", "defence": "params.strength.defence", "home": "params.home"}

JAX = [
    # --- football
    Case(J, "dixon_coles_00", DC, "float64", "ok", num_grad(_dc00, log_home=0.3, log_away=0.1, rho=-0.1)),
    Case(J, "dixon_coles_00", DC, "float32", "ok", num_grad(_dc00, "float32", log_home=0.3, log_away=0.1, rho=-0.1)),
    # lam = e^-800 underflows to 0: poisson.logpmf(0, 0)'s xlogy rule divides 0 by 0 (the slope is -e^-800)
    Case(J, "dixon_coles_00", "log_home=-800,log_away=0.1,rho=-0.1", "float64", "unstable",
         num_grad(_dc00, log_home=-800, log_away=0.1, rho=-0.1), "lam, mu = jnp.exp(log_home), jnp.exp(log_away)"),
    # 1 - lam mu rho = 0: a pole of the log
    Case(J, "dixon_coles_00", "log_home=0,log_away=0,rho=1", "float64", "domain",
         _fixed({"log_home": NAN, "log_away": NAN, "rho": NAN})),
    Case(J, "season_nll", None, "float64", "ok", _season(_SEASON_J, ["attack"]), args="season_args",
         wrt="params.strength.attack"),
    # the tree made with x64 off: float32 leaves, the whole tree by --wrt params
    Case(J, "season_nll", None, "float32", "ok", _season(_SEASON_J, ["attack", "defence", "home"], "float32"),
         args="season_args", wrt="params"),
    # Q(3, 1000) = e^-1000 (1 + 1000 + 500000) underflows: log(0)
    Case(J, "at_most_two_goals", "lam=1000", "float64", "unstable", _at_most_two_slope(1000),
         "return jnp.log(poisson.cdf(2, lam))"),
    Case(J, "at_most_two_goals", "lam=3", "float32", "ok", _at_most_two_slope(3, "float32")),
    Case(J, "at_most_two_goals_lse", "lam=1000", "float64", "ok", _at_most_two_slope(1000)),
    Case(J, "at_most_two_goals_lse", "lam=1000", "float32", "ok", _at_most_two_slope(1000, "float32")),
    Case(J, "scores_at_all", "lam=1e-20", "float64", "ok", _log1mexp_slope(1e-20)),
    Case(J, "scores_at_all", "lam=2", "float32", "ok", _log1mexp_slope(2, "float32")),
    # 1 / expm1(800) = e^-800: JAX's 0 is the best float64 holds
    Case(J, "scores_at_all", "lam=800", "float64", "ok", _log1mexp_slope(800)),
    Case(J, "scores_at_all_slipped", "lam=2", "float64", "wrong", _log1mexp_slope(2), "def _log1mexp_slipped_jvp"),
    # the rule's exp(1e-20) - 1 = 1 - 1 = 0: 1/0 in the rule (F2: explained as a where leak)
    Case(J, "scores_at_all_textbook", "lam=1e-20", "float64", "unstable", _log1mexp_slope(1e-20),
         "return log1mexp_textbook(x, cut), t / (jnp.exp(x) - 1.0)", "jnp.expm1("),
    Case(J, "scores_at_all_textbook", "lam=800", "float64", "ok", _log1mexp_slope(800)),
    # --- econometrics
    # phi(-40) and Phi(-40) both underflow: 0 / 0
    Case(J, "mills_naive", "z=-40", "float64", "unstable", _mills_slope(-40), "return norm.pdf(z) / norm.cdf(z)"),
    # in float32 Phi(-10)^2 underflows in the quotient rule's y^-2
    Case(J, "mills_naive", "z=-10", "float32", "unstable", _mills_slope(-10, "float32"),
         "return norm.pdf(z) / norm.cdf(z)"),
    Case(J, "mills_naive", "z=-2", "float32", "ok", _mills_slope(-2, "float32")),
    # the slopes of logpdf (40) and -logcdf (-40.025) cancel to -0.9994: log_ndtr's series error, 1e-12 of 40, is
    # 2.5e-8 of the result
    Case(J, "mills_log", "z=-40", "float64", "unstable", _mills_slope(-40),
         "return jnp.exp(norm.logpdf(z) - norm.logcdf(z))"),
    Case(J, "mills_log", "z=-10", "float64", "ok", _mills_slope(-10)),
    # Phi(11) - Phi(10) = 1 - 1 in float64
    Case(J, "ordered_probit_middle", "eta=-10", "float64", "unstable", _probit_middle_slope(-10),
         "return jnp.log(norm.cdf(CUTS[1] - eta) - norm.cdf(CUTS[0] - eta))"),
    # midway between the cuts: phi(-0.5) - phi(0.5) = 0, a proven 0 slope
    Case(J, "ordered_probit_middle", "eta=0.5", "float32", "ok", _fixed({"eta": 0})),
    Case(J, "ordered_probit_middle_sf", "eta=-10", "float64", "ok", _probit_middle_slope(-10)),
    Case(J, "ordered_probit_middle_sf", "eta=-30", "float64", "ok", _probit_middle_slope(-30)),
    # logistic.sf(901) = e^-901 underflows: log(0)
    Case(J, "ordered_logit_top", "eta=-900", "float64", "unstable", _logit_top_slope(-900),
         "return jnp.log(logistic.sf(CUTS[1] - eta))", "log_sigmoid("),
    Case(J, "ordered_logit_top", "eta=900", "float64", "ok", _logit_top_slope(900)),
    Case(J, "ordered_logit_top_stable", "eta=-900", "float64", "ok", _logit_top_slope(-900)),
    Case(J, "t_loss", "r=3,scale=2", "float64", "ok", _t_slopes(3, 2)),
    Case(J, "t_loss", "r=3,scale=2", "float32", "ok", _t_slopes(3, 2, "float32")),
    # (r / s)^2 = 1e400 overflows inside t.logpdf
    Case(J, "t_loss", "r=1e+200,scale=1", "float64", "unstable", _t_slopes(1e200, 1),
         "return -student_t.logpdf(r, NU, 0.0, scale)"),
    Case(J, "t_loss_rule", "r=-3,scale=2", "float64", "ok", _t_slopes(-3, 2)),
    # the residual |z| for z: wrong at a negative residual only
    Case(J, "t_loss_abs", "r=-3,scale=2", "float64", "wrong", _t_slopes(-3, 2), "def _t_abs_bwd"),
    Case(J, "t_loss_abs", "r=3,scale=2", "float32", "ok", _t_slopes(3, 2, "float32")),
    Case(J, "group_lasso", "w=[0,0,0]", "float64", "domain", _fixed({"w": [NAN, NAN, NAN]})),
    Case(J, "group_lasso", "w=[1e+200,1e+200,0]", "float64", "unstable", _lasso([1e200, 1e200, 0]),
         "return 0.1 * jnp.linalg.norm(w)"),
    Case(J, "group_lasso", "w=[3,4,0]", "float32", "ok", _lasso([3, 4, 0], "float32")),
    # --- reaction times
    Case(J, "exgauss_naive", EXG, "float64", "ok", ng(_exg, x=0.4, mu=0.5, sigma=0.05, tau=0.3)),
    # Phi(-40.03) underflows: log(e^a * 0)
    Case(J, "exgauss_naive", EXG_FAST, "float64", "unstable", ng(_exg, x=0.1, mu=0.5, sigma=0.01, tau=0.3),
         "return jnp.log(jnp.exp(sigma ** 2 / (2.0 * tau ** 2) - (x - mu) / tau) * ndtr(z) / tau)"),
    Case(J, "exgauss_naive", EXG_OUT, "float32", "unstable", ng(_exg, "float32", x=-0.5, mu=0.5, sigma=0.05, tau=0.3),
         "return jnp.log(jnp.exp(sigma ** 2 / (2.0 * tau ** 2) - (x - mu) / tau) * ndtr(z) / tau)"),
    Case(J, "exgauss_log_ndtr", EXG_FAST, "float64", "ok", ng(_exg, x=0.1, mu=0.5, sigma=0.01, tau=0.3)),
    Case(J, "exgauss_log_ndtr", EXG_OUT, "float32", "ok", ng(_exg, "float32", x=-0.5, mu=0.5, sigma=0.05, tau=0.3)),
    Case(J, "exgauss_erfcx", EXG_FAST, "float64", "ok", ng(_exg_erfcx, x=0.1, mu=0.5, sigma=0.01, tau=0.3)),
    Case(J, "exgauss_erfcx", EXG_OUT, "float32", "ok",
         ng(_exg_erfcx, "float32", x=-0.5, mu=0.5, sigma=0.05, tau=0.3)),
    Case(J, "wald_logpdf", "t=0.6,shift=0.2,alpha=1.5,nu=3", "float64", "ok",
         ng(_wald, t=0.6, shift=0.2, alpha=1.5, nu=3)),
    # s^3 = 1e-330 underflows (XLA flushes it): alpha / 0 = inf times e^-1.1e110 = 0
    Case(J, "wald_logpdf", "t=1e-110,shift=0,alpha=1.5,nu=3", "float64", "unstable",
         ng(_wald, t=1e-110, shift=0, alpha=1.5, nu=3),
         "return jnp.log(alpha / jnp.sqrt(2.0 * jnp.pi * s ** 3) * jnp.exp(-(alpha - nu * s) ** 2 / (2.0 * s)))"),
    Case(J, "wald_logpdf_stable", "t=1e-110,shift=0,alpha=1.5,nu=3", "float64", "ok",
         ng(_wald, t=1e-110, shift=0, alpha=1.5, nu=3)),
    # the response at the shift: s = 0, the density's edge
    Case(J, "wald_logpdf", "t=0.2,shift=0.2,alpha=1.5,nu=3", "float64", "domain",
         _fixed({"t": NAN, "shift": NAN, "alpha": NAN, "nu": NAN})),
    # 150 trials of probability ~0.5: 1e-48 underflows float32
    Case(J, "attention_hmm", "stay=0.9,p_err=0.1", "float32", "unstable",
         num_grad(_hmm, "float32", stay=0.9, p_err=0.1), "return (alpha @ A) * lik, None"),
    Case(J, "attention_hmm", "stay=0.9,p_err=0.1", "float64", "ok", num_grad(_hmm, stay=0.9, p_err=0.1)),
    Case(J, "attention_hmm_log", "stay=0.9,p_err=0.1", "float64", "ok", num_grad(_hmm, stay=0.9, p_err=0.1)),
    # log space in float32: the stay slope sums 1/stay and -1/(1 - stay) over the steps, 75 against 75.5
    Case(J, "attention_hmm_log", "stay=0.9,p_err=0.1", "float32", "unstable",
         num_grad(_hmm, "float32", stay=0.9, p_err=0.1),
         "logA = jnp.log(jnp.array([[stay, 1.0 - stay], [1.0 - stay, stay]]))"),
    # --- Kalman filter, Riccati
    # TRACK is a jnp.array made at import with x64 off: float32 numbers, which the float64 check starts from (noted)
    Case(J, "kalman_nll", None, "float64", "ok", _kalman_truth(["log_q", "log_r"], "float32"), args="kalman_args",
         wrt="params"),
    Case(J, "kalman_nll", None, "float32", "ok", _kalman_truth(["log_r"], "float32"), args="kalman_args",
         wrt="params.log_r"),
    Case(J, "riccati_steady", "q=0,r=0.5", "float64", "ok", num_grad(_riccati, q=0, r=0.5)),
    Case(J, "riccati_steady", "q=0.01,r=0.5", "float32", "ok", num_grad(_riccati, "float32", q=0.01, r=0.5)),
    # --- special functions
    # P(2, 1e-300) = 5e-601 underflows: log(0)
    Case(J, "wear_logcdf", "x=1e-300,a=2", "float64", "unstable", _gamma_logcdf_slopes(1e-300, 2),
         "return gamma.logcdf(x, a)"),
    Case(J, "wear_logcdf", "x=0.5,a=2", "float64", "ok", _gamma_logcdf_slopes(0.5, 2)),
    Case(J, "fraction_logcdf", "x=1e-300,a=2,b=3", "float64", "unstable",
         _beta_logcdf_slopes(1e-300, 2, 3, ["x"]), "return beta.logcdf(x, a, b)", wrt="x"),
    Case(J, "fraction_logcdf", "x=0.3,a=2,b=3", "float32", "ok", _beta_logcdf_slopes(0.3, 2, 3, ["x"], "float32"),
         wrt="x"),
    # JAX has no derivative of betainc in a and b: an error, with the exact gradient beside it
    Case(J, "fraction_logcdf", "x=0.3,a=2,b=3", "float64", "error", _beta_logcdf_slopes(0.3, 2, 3, ["x", "a", "b"]),
         "return beta.logcdf(x, a, b)"),
    # F1: JAX's betaln (b >= 8) is 4e-8 off log B here and its slope, the derivative of its series, 6.5e-7 off log
    # B's at any precision: wrong (as JAX's spence is), in float32 too (no narrower dtype gets a wider allowance)
    Case(J, "free_throws", "m=0.7,log_kappa=2", "float64", "wrong", num_grad(_free_throws, m=0.7, log_kappa=2),
         "return betabinom.logpmf(7.0, 10.0, m * kappa, (1.0 - m) * kappa)"),
    Case(J, "free_throws", "m=0.7,log_kappa=2", "float32", "wrong",
         num_grad(_free_throws, "float32", m=0.7, log_kappa=2),
         "return betabinom.logpmf(7.0, 10.0, m * kappa, (1.0 - m) * kappa)"),
    # kappa = e^28: the binomial limit's slope 7/m - 3/(1 - m) is 0 at m = 0.7; betaln's differences cancel
    Case(J, "free_throws", "m=0.7,log_kappa=28", "float64", "unstable", num_grad(_free_throws, m=0.7, log_kappa=28),
         "return betabinom.logpmf(7.0, 10.0, m * kappa, (1.0 - m) * kappa)"),
    # F1: log B is smooth at (4, 8); JAX's betaln slope there is 1.7e-7 off psi(4) - psi(12): its series' slope
    Case(J, "beta_prior_norm", "a=4,b=8", "float64", "wrong", _lbeta_slopes(4, 8),
         "return jax.scipy.special.betaln(a, b)"),
    Case(J, "beta_prior_norm", "a=2.5,b=3", "float64", "ok", _lbeta_slopes(2.5, 3)),
    # F1 again, through beta.logpdf's -betaln(a, b): a Beta(4, 9) prior
    Case(J, "shooting_percentage", "x=0.6,a=4,b=9", "float64", "wrong", _beta_pdf_slopes(0.6, 4, 9),
         "return beta.logpdf(x, a, b)"),
    Case(J, "shooting_percentage", "x=0.6,a=4,b=5", "float64", "ok", _beta_pdf_slopes(0.6, 4, 5)),
    # entr(1 - 1e-300) = entr(1) = 0 loses the value's + p (1e-3 of it); the slope holds
    Case(J, "shot_entropy", "p=1e-300", "float64", "unstable", _entropy_slope(1e-300),
         "return entr(p) + entr(1.0 - p)"),
    # XLA flushes the subnormal 5e-324 to 0: log(0) in entr's slope
    Case(J, "shot_entropy", "p=5e-324", "float64", "unstable", _entropy_slope(5e-324),
         "return entr(p) + entr(1.0 - p)"),
    Case(J, "shot_entropy", "p=0.5", "float32", "ok", _fixed({"p": 0})),
    # --- input errors a user makes
    Case(J, "season_nll", None, "float16", "input-error", args="season_args", wrt="params.strenght.attack",
         message=("strenght",)),
    Case(J, "kalman_nll", None, "float64", "input-error", args="kalman_start", wrt="params.log_R",
         message=("log_R",)),
    Case(J, "season_nll", None, "float64", "input-error", args="season_arg", wrt="params.home",
         message=("season_arg",)),
    Case(J, "dixon_coles", DC, "float64", "input-error", message=("dixon_coles",)),
    Case(J, "dixon_coles_00", "log_home=0.3,log_away=0.1,rho=-0.1x", "float64", "input-error",
         message=("-0.1x",)),
]

_SEASON_N = {}

NUMPY = [
    # gradcli.scipy's xlogy knows its slope at x = 0: -e^-800 as 0, no NaN
    Case(N, "dixon_coles_00", "log_home=-800,log_away=0.1,rho=-0.1", "float64", "ok",
         num_grad(_dc00, log_home=-800, log_away=0.1, rho=-0.1)),
    Case(N, "season_nll", "attack=[0.3,0.1,0.2],defence=[0.1,-0.1,0.05],home=0.25", "float64", "ok",
         _season(_SEASON_N, ["attack", "defence", "home"])),
    Case(N, "at_most_two_goals", "lam=1000", "float64", "unstable", _at_most_two_slope(1000),
         "return np.log(stats.poisson.cdf(2, lam))"),
    # SciPy's poisson.logcdf is the log of its cdf: the same underflow
    Case(N, "at_most_two_goals_logcdf", "lam=1000", "float64", "unstable", _at_most_two_slope(1000),
         "return stats.poisson.logcdf(2, lam)"),
    Case(N, "mills_naive", "z=-40", "float64", "unstable", _mills_slope(-40), "return norm.pdf(z) / norm.cdf(z)"),
    Case(N, "mills_log", "z=-40", "float64", "ok", _mills_slope(-40)),
    Case(N, "ordered_probit_middle", "eta=-10", "float64", "unstable", _probit_middle_slope(-10),
         "return np.log(norm.cdf(1.0 - eta) - norm.cdf(0.0 - eta))"),
    Case(N, "ordered_probit_middle_sf", "eta=-10", "float64", "ok", _probit_middle_slope(-10)),
    Case(N, "exgauss_log_ndtr", EXG_FAST, "float64", "ok", ng(_exg, x=0.1, mu=0.5, sigma=0.01, tau=0.3)),
    Case(N, "exgauss_erfcx", EXG_FAST, "float64", "ok", ng(_exg_erfcx, x=0.1, mu=0.5, sigma=0.01, tau=0.3)),
    Case(N, "kalman_nll", "log_q=-1,log_r=-2", "float64", "ok", _kalman_truth(["log_q", "log_r"], prefix="")),
    # np.eye(2) is float64: the float32 run promotes, as NumPy does
    Case(N, "kalman_nll", "log_q=-1,log_r=-2", "float32", "ok", _kalman_truth(["log_q", "log_r"], prefix="")),
    Case(N, "free_throws", "m=0.7,log_kappa=2", "float64", "ok", num_grad(_free_throws, m=0.7, log_kappa=2)),
    Case(N, "free_throws", "m=0.7,log_kappa=28", "float64", "unstable", num_grad(_free_throws, m=0.7, log_kappa=28),
         "return log_choose + special.betaln(7 + a, 3 + b) - special.betaln(a, b)"),
    Case(N, "shot_entropy", "p=1e-300", "float64", "unstable", _entropy_slope(1e-300),
         "return special.entr(p) + special.entr(1 - p)"),
    Case(N, "z_score", "p=1e-300", "float64", "ok", _ndtri_slope(1e-300)),
    Case(N, "z_score", "p=0.975", "float32", "ok", _ndtri_slope(0.975, "float32")),
    Case(N, "group_lasso", "w=[1e+200,1e+200,0]", "float64", "unstable", _lasso([1e200, 1e200, 0]),
         "return 0.1 * np.linalg.norm(w)"),
    Case(N, "group_lasso", "w=[0,0,0]", "float64", "domain", _fixed({"w": [NAN, NAN, NAN]})),
    Case(N, "exgauss_scipy", EXG_FAST, "float64", "input-error", message=("exponnorm", "numpy_lib41a.py")),
    Case(N, "kalman_nll", "log_q=-1", "float64", "input-error", message=("log_r",)),
]

ALL = JAX + NUMPY
