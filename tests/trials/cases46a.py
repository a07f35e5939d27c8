"""The forty-sixth trial set (first part): in JAX, rheology (the Carreau-Yasuda viscosity eta_inf + (eta_0 - eta_inf)
(1 + (lam g)^2)^-0.35 at rest, at g = 1 and 1e300, where (lam g)^2 overflows and the slope -7e-508 is 0 in float64 too,
and in float32 at 1e20, where the overflow turns the slope -7.0e-32 into 0 (by ** and by log1p(power), both unstable,
and by softplus(2 log(lam g)) in log space, ok, which at rest is log(0) = -inf: the domain's edge); Carreau under
lax.cond with the operand, whose Newtonian plateau 1000 and the model's limit 0.001 + fl(1000 - 0.001) differ by
2.4e-14, a jump; the Cross model at rest (an infinite slope) and at 1e-300; Bingham-Papanastasiou mu_p + tau_y
(1 - exp(-m g)) / g at g = 1e-12, 1e-300, 0 and 1e-3, by -expm1, whose value holds while the quotient rule cancels
1e15 - 1e15 (so the expm1 fix is re-checked and shown partial), behind a double where with its series (ok at 0, 1e-300,
1e-12, the series' own slope), under lax.cond at rest (the folded limit fl(0.1 + 10000) is 3.6e-13 off: a jump), and
as a custom_jvp with nondiff_argnums whose rule is right, and has a sign slip in its expm1 regime only (wrong at 0.01,
ok at 1e-12); a power law 2 g^(n - 1) at g = 0, n = 1, where g^0 = 1 has slope 0 in g and JAX's 0 * 0^-1 is NaN
(wrong, with --wrt g or not: n jumps from 0 to inf, its missing derivative said beside); Carreau fit parameters as a NamedTuple by --args, --wrt a leaf and
the tree; a flow law behind a custom_jvp whose rule is its own central difference (unstable, the rule right to 1e-13);
lax.switch over models), phase transformations (Avrami's 1 - exp(-k t^0.5) at t = 0, an infinite slope with k's 0
kept, at 1e-300 and (float32) 1e-30, where exp rounds to 1, beside -expm1, and with the exponent fitted by jnp.power;
its linearisation log(-log(1 - X)) at X = 1e-17 and (float32) 1e-8, unstable with a log1p fix, at 1 - 2^-53, exact, and
at 1, domain; classical nucleation 1e30 exp(-2 / log(S)^2) at S = 1, where exp(-inf) = 0 is the function's own limit,
every derivative is 0 and JAX's chain rule is 0 * inf at any precision (wrong), beside a double where (ok); at 1 + 2^-52
and 1.5 in both dtypes; an Avrami mean time by gammaln; a diffusion couple's log erfc(x / 2 sqrt t) at erfc(50) =
2e-1088 and (float32) erfc(10) = 2e-45, beside log_ndtr; a mixing entropy by xlogy and xlog1py at 0, 1e-300, 1 and 0.5),
viscoelasticity (a Prony series by lax.scan with a carry and outputs, forward and reversed with unroll, under
jax.checkpoint with nothing_saveable and jax.jit with static_argnames, at tau_1 = 1e-300, where t / tau^2 overflows in
the backward times e^-1e300 = 0, and at tau_1 = 0, a pole in tau_1 with t's slope finite; in log tau, ok at -690; the
scan's outputs as a Jacobian; a Prony fit from a dict of arrays; a Maxwell element tau (1 - e^-t/tau) at tau = 1e20 by
exp, value lost, and by expm1, whose tau-slope 1e-20 - 1e-20 for 5e-41 is still unstable while t's is ok) and room
acoustics (Eyring 0.161 V / (-S log(1 - alpha)) at alpha = 0.3, 1e-150 (log1p fix), 1 - 2^-53 and 1; Sabine's by a
sum and by jnp.dot under jax.checkpoint with a dots policy, at zero absorption; a room as a registered dataclass and one
with a meta field; Eyring with V and S as defaults and as a functools.partial; level sums 10 log10(sum 10^(L / 10)) at
+-800 dB in float32 and 4000 dB in float64 beside logsumexp(C L) / C; logsumexp with b= weights, one of them 0, which
JAX masks, losing that weight's slope 0.0414 (wrong); point sources by vmap with in_axes None behind one where, whose
idle 20 log10(0) leaks NaN at r = 0 (wrong), and behind a double where; jnp.logaddexp at -800). In plain NumPy and SciPy
the same as legacy scripts write them (np.power, np.expm1, np.log1p, np.log10, np.logaddexp.reduce, scipy.special
expit / logit, whose round trip loses everything at k (t - t_half) = 40 and -800, xlogy / xlog1py). Input errors: --wrt
params.eta_0 and room.absorption (not in the trees), an --args function that raises FileNotFoundError, math.exp on a
traced value, a static jit argument with a default given in --at, a missing function, a mistyped variable, a point
"1e-12e5" and -inf. 141 cases (119 JAX, 22 NumPy), 138 passed when written; the 3 that failed showed finding F1,
since mended: all 141 pass.

By hand (not cases): files with a syntax error (an unclosed paren, a missing colon, mixed tabs) and a module importing a
missing package are exit 2 with the file, the reason and the line; an --args file with a syntax error likewise. A sweep
of papanastasiou_expm1 over g = 1e-300..10 (log) finds float64 unstable below 1.474e-9 (the quotient rule's
cancellation; inf below 1.49e-154, where g^-2 overflows) and float32 unstable below 1.607e-6, NaN for subnormal g (XLA
flushes them to 0: 0/0, as JAX itself gives). A sweep of nucleation_rate over S = 0.5..3 finds S = 1 alone wrong, and
S in [0.94825, 0.95086] unstable (exp(-708..-788) underflows while 1e30 e^-777 = 2.2e-308 does not). A sweep of eyring
over alpha = 1e-300..1 (log) finds it unstable below 5.1e-7, domain below 3.46e-155 (the exact slope passes 1.8e308)
and at 1; its log1p fix swept "better". An audit spec of eight cases (a scratch file: the slipped
custom_jvp with expect = "wrong", the series behind a double where in both dtypes, a dict and a NamedTuple by --args,
Eyring swept with expect = "unstable", logsumexp levels in both dtypes, NumPy's log1p linearisation and
np.logaddexp.reduce) passes, 8 of 8, in 3.1 s.

What the round decided about its own truths (gradcli was right): JAX's log10 is log times a float32 1 / ln 10 in a
float32 program, a library's constant, taken as written (the mathematical log10), so the float32 level sums' slopes are
the exact weights (the first truths put the float32 constant in, 2.3e-8 off); JAX's logsumexp with a zero weight is
`wrong` in that weight (the first truth said ok); carreau_cond and papanastasiou_cond at rest are jumps of 2.4e-14 and
3.6e-13, the constants' roundings (the first truth said ok); the -expm1 form of Papanastasiou and of Maxwell's element
still cancel in the gradient, so their fixes are rightly partial.

Findings (gradcli bugs):
F1 a coordinate with a finite exact slope whose framework gradient is NaN at any precision is never judged when another
   coordinate has no derivative: eyring_log1p at alpha = 1, V = 200, S = 150 (T = 0 for every V and S, so their slopes
   are 0; JAX's S slope is mul(-0.0, -inf) = NaN) is `domain`, exit 0, "1 result, 0 failing", and no finding mentions S;
   --wrt V,S gives `wrong` with the rule's line. The same in NumPy (numpy_lib46a.eyring_log1p), with formulas
   ("1 / (y * log1p(-x))" at x = 1, y = 2: y's gradient NaN, exact 0, verdict domain) and for prony at tau_1 = 0 (t's
   slope -11046.28, JAX's NaN; and prony in float32 at tau_1 = 1e-300, which float32 holds as 0). The cause is likely
   gradcli/checker/judge.py's domain judgement (around line 330-360): once any chosen coordinate's exact gradient is
   not finite (or a kink or singularity is found), it returns gradient=DOMAIN for the whole gradient before the other
   coordinates' gradients are compared with their exact slopes. Mended: the other inputs are judged as --wrt would
   judge them (`judge._beside_the_domain`), the domain's finding naming the inputs without a derivative.
Words only (no case): at eyring's alpha = 2.66e-7 the finding is labelled "backward, log" for the forward
log(0.99999973) whose error the backward reuses; numpy logistic_kinetics at t = -790 says expit's 0 "reached log(0.0)"
where the user wrote special.logit; a failed import names the file and the exception but not the import's line; in
float32 NumPy a note says gradcli.numpy's own power rule ran a where in float64.

Truths are the mathematics written here in mpmath (closed forms, or central differences at 2,000 digits with
h = 1e-600 of the formulas restated), never the user files' code; points are the numbers the dtype holds, constants
the user writes the numbers the dtype holds where the program casts them (0.161, 0.001, 1000 - 0.001, the dB constant
C), library constants as the library writes them. A coordinate with no derivative is NaN.
"""

import math

import mpmath
import numpy as np

from cases import Case, mp
from cases5 import _in, hp
from cases42a import _fixed, _k
from cases45a import cgrad, only

J, N = "jax_lib46a.py", "numpy_lib46a.py"
NAN = mpmath.nan


def tgrad(function, dtype="float64", **leaves):
    """Central differences at 2,000 digits (h = 1e-600) of a function of named leaves ("params.n" -> value or list),
    keyed by the leaf paths gradcli reports: cases45a's `cgrad`, the function handed its leaves as one dict (a leaf's
    path is no Python name)."""
    return cgrad(lambda **values: function(values), dtype, **leaves)


pick = only


# --- rheology --------------------------------------------------------------------------------------------------------

def _cy(dtype="float64"):
    einf, d, e = _k(0.001, dtype), _k(1000.0 - 0.001, dtype), _k((0.3 - 1.0) / 2.0, dtype)

    def f(g):
        return einf + d * (1 + g * g) ** e
    return f


def _cy_grad_closed(g, dtype="float64"):
    """d/dg of eta_inf + D (1 + g^2)^e = D e 2 g (1 + g^2)^(e - 1), closed form (for g where differences would need
    a step relative to g)."""
    def truth():
        d, e = _k(1000.0 - 0.001, dtype), _k((0.3 - 1.0) / 2.0, dtype)
        x = _in(dtype, [g])[0]
        return {"g": d * e * 2 * x * (1 + x * x) ** (e - 1)}
    return hp(truth)


def _cross(dtype="float64"):
    einf, d, m = _k(0.001, dtype), _k(1000.0 - 0.001, dtype), _k(0.8, dtype)
    return lambda g: einf + d / (1 + g ** m)


def _pap(g):
    return mp("0.1") + 10 * (1 - mpmath.exp(-1000 * g)) / g


def _pap_series_slope(g):
    """The program's own function below m g = 1e-4: mu_p + tau_y m (1 - x / 2 + x^2 / 6), x = m g."""
    def truth():
        x = 1000 * _in("float64", [g])[0]
        return {"g": 10 * 1000 * 1000 * (-mp(1) / 2 + x / 3)}
    return hp(truth)


def _pap_custom_slope(g):
    """The custom_jvp's primal below |x| = 1e-3: the 4-term series 1 - x/2 + x^2/6 - x^3/24."""
    def truth():
        x = 1000 * _in("float64", [g])[0]
        return {"g": 10 * 1000 * 1000 * (-mp(1) / 2 + x / 3 - x * x / 8)}
    return hp(truth)


def _carreau_fit(keys):
    gs, etas = [mp(0), mp("0.1"), mp(10), mp(10000)], [mp(1000), mp(950), mp(150), mp(2)]
    gs, etas = _in("float64", [0.0, 0.1, 10.0, 1e4]), _in("float64", [1000.0, 950.0, 150.0, 2.0])

    def f(v):
        e0, lam, n = v["params.eta0"], v["params.lam"], v["params.n"]
        return sum((mpmath.log(e0 * (1 + (lam * g) ** 2) ** ((n - 1) / 2)) - mpmath.log(eta)) ** 2
                   for g, eta in zip(gs, etas))
    return pick(tgrad(f, **{"params.eta0": 900.0, "params.lam": 0.5, "params.n": 0.4}), *keys)


# --- phase transformations -------------------------------------------------------------------------------------------

def _avrami(t, k):
    return 1 - mpmath.exp(-k * mpmath.sqrt(t))


def _avrami_lin(X):
    return mpmath.log(-mpmath.log(1 - X))


def _avrami_lin_closed(X, dtype="float64"):
    def truth():
        x = _in(dtype, [X])[0]
        return {"X": 1 / ((1 - x) * -mpmath.log(1 - x))}
    return hp(truth)


def _nucleation(dtype="float64"):
    a = _k(1e30, dtype)
    return lambda S: a * mpmath.exp(-2 / mpmath.log(S) ** 2)


def _mean_time(k, n):
    return mpmath.gamma(1 + 1 / n) * k ** (-1 / n)


def _log_erfc(x, t):
    return mpmath.log(mpmath.erfc(x / (2 * mpmath.sqrt(t))))


def _mixing(X):
    return X * mpmath.log(X) + (1 - X) * mpmath.log(1 - X)


# --- viscoelasticity -------------------------------------------------------------------------------------------------

GI = [mp(100000), mp(30000), mp(1000)]


def _prony_closed(t, taus):
    """dG/dt = -sum g_i / tau_i e^(-t / tau_i); dG/dtau_i = g_i e^(-t / tau_i) t / tau_i^2 (e^-1e300 kept exactly)."""
    def truth():
        tt, ts = _in("float64", [t])[0], _in("float64", taus)
        return {"t": sum(-g / ta * mpmath.exp(-tt / ta) for g, ta in zip(GI, ts)),
                "tau": [g * mpmath.exp(-tt / ta) * tt / ta ** 2 for g, ta in zip(GI, ts)]}
    return hp(truth)


def _prony_log_closed(t, lts):
    def truth():
        tt, ls = _in("float64", [t])[0], _in("float64", lts)
        return {"t": sum(-g * mpmath.exp(-l) * mpmath.exp(-tt * mpmath.exp(-l)) for g, l in zip(GI, ls)),
                "log_tau": [g * mpmath.exp(-tt * mpmath.exp(-l)) * tt * mpmath.exp(-l) for g, l in zip(GI, ls)]}
    return hp(truth)


def _maxwell_closed(t, tau, dtype="float64"):
    """d/dt tau (1 - e^-x) = e^-x; d/dtau = (1 - e^-x) - x e^-x, x = t / tau, by expm1 so no digits go."""
    def truth():
        tt, ta = _in(dtype, [t, tau])
        x = tt / ta
        return {"t": mpmath.exp(-x), "tau": -mpmath.expm1(-x) - x * mpmath.exp(-x)}
    return hp(truth)


def _prony_fit(keys):
    ts, Gs = _in("float64", [0.01, 0.1, 1.0, 10.0]), _in("float64", [9e4, 5e4, 1.5e4, 300.0])

    def f(v):
        g, lt = v["params.g"], v["params.log_tau"]
        return sum((mpmath.log(50 + sum(gi * mpmath.exp(-t * mpmath.exp(-li)) for gi, li in zip(g, lt)))
                    - mpmath.log(G)) ** 2 for t, G in zip(ts, Gs))
    return pick(tgrad(f, **{"params.g": [1e5, 3e4, 1e3], "params.log_tau": [-2.0, 0.0, 2.0]}), *keys)


# --- room acoustics --------------------------------------------------------------------------------------------------

def _eyring(dtype="float64"):
    c = _k(0.161, dtype)
    return lambda alpha, V, S: c * V / (-S * mpmath.log(1 - alpha))


def _eyring_closed(alpha, V, S, dtype="float64"):
    """dT/dalpha = -c V / (S (1 - a) log(1 - a)^2) by log1p, so a = 1e-150 keeps its digits; dT/dV = T / V;
    dT/dS = -T / S."""
    def truth():
        c = _k(0.161, dtype)
        a, v, s = _in(dtype, [alpha, V, S])
        L = mpmath.log1p(-a)
        T = c * v / (-s * L)
        return {"alpha": -c * v / (s * (1 - a) * L * L), "V": T / v, "S": -T / s}
    return hp(truth)


def _sabine(alpha, S, V):
    def truth():
        c = _k(0.161, "float64")
        a, s = _in("float64", alpha), _in("float64", S)
        v = _in("float64", [V])[0]
        A = sum(x * y for x, y in zip(a, s))
        return {"alpha": [-c * v * y / A ** 2 for y in s], "S": [-c * v * x / A ** 2 for x in a], "V": c / A}
    return hp(truth)


def _room(keys):
    def f(v):
        S, a, V = v["room.S"], v["room.alpha"], v["room.V"]
        abar = sum(x * y for x, y in zip(S, a)) / sum(S)
        return _k(0.161, "float64") * V / (-sum(S) * mpmath.log(1 - abar))
    return pick(tgrad(f, **{"room.V": 200.0, "room.S": [60.0, 60.0, 80.0], "room.alpha": [0.1, 0.3, 0.6]}), *keys)


INV_LN10 = 1 / math.log(10)  # JAX's log10 multiplies by this; a library's constant, taken as written (1 / ln 10)


def _levels(Ls, dtype, by="log10"):
    """The energetic sum's slopes: its weights 10^(L_i / 10) / sum ("exact": JAX's log10 as log10, its 1 / ln 10 a
    library constant taken as written; "log10": that constant as the dtype holds it, which the round's first truths
    used and gradcli, rightly, does not); for logsumexp(C L) / C the softmax of C L with C as the dtype holds it (the
    user's constant)."""
    def truth():
        L = _in(dtype, Ls)
        if by == "lse":
            c = _k(0.23025850929940458, dtype)
            e = [mpmath.exp(c * x) for x in L]
            return {"L": [v / sum(e) for v in e]}
        e = [mp(10) ** (x / 10) for x in L]
        k = _k(INV_LN10, dtype) * mpmath.log(10) if by == "log10" else 1
        return {"L": [k * v / sum(e) for v in e]}
    return hp(truth)


def _levels_weighted(Ls, ws, dtype):
    def truth():
        c = _k(0.23025850929940458, dtype)
        L, w = _in(dtype, Ls), _in(dtype, ws)
        e = [mpmath.exp(c * x) for x in L]
        s = sum(a * b for a, b in zip(w, e))
        return {"L": [a * b / s for a, b in zip(w, e)], "w": [b / (c * s) for b in e]}
    return hp(truth)


def _sources(n, r):
    def truth():
        rr = _in("float64", [r])[0]
        dr = -n * 20 / (rr * mpmath.log(10)) if rr > mp("0.001") else mp(0)
        return {"Lw": [mp(1)] * n, "r": dr}
    return hp(truth)


# --- NumPy -----------------------------------------------------------------------------------------------------------

def _logistic(t, k, th):
    return lambda: {"t": mp(1), "k": mp(0), "t_half": mp(0)}


JAX = [
    # --- rheology: Carreau-Yasuda
    Case(J, "carreau_yasuda", "g=0", "float64", "ok", _fixed({"g": 0})),
    Case(J, "carreau_yasuda", "g=1", "float64", "ok", cgrad(_cy(), g=1.0)),
    # (1e300)^2 overflows; (1 + inf)^-0.35 = 0 and the slope -7e-508 is 0 in float64 too
    Case(J, "carreau_yasuda", "g=1e+300", "float64", "ok", _cy_grad_closed(1e300)),
    # float32: (1e20)^2 overflows, the slope 0 where it is -7.0e-32
    Case(J, "carreau_yasuda", "g=1e+20", "float32", "unstable", _cy_grad_closed(1e20, "float32"),
         "(1.0 + (LAM * g) ** 2.0) ** ((0.3 - 1.0) / 2.0)"),
    Case(J, "carreau_yasuda_log", "g=1e+20", "float32", "unstable", _cy_grad_closed(1e20, "float32"),
         "jnp.exp((0.3 - 1.0) / 2.0 * jnp.log1p(jnp.power(LAM * g, 2.0)))"),
    Case(J, "carreau_yasuda_softplus", "g=1e+20", "float32", "ok", _cy_grad_closed(1e20, "float32")),
    Case(J, "carreau_yasuda_softplus", "g=1", "float64", "ok", cgrad(_cy(), g=1.0)),
    # 0.001 + fl(1000 - 0.001) = 1000 + 2.4e-14: the plateau and the model's limit differ by the constants' rounding
    Case(J, "carreau_cond", "g=0", "float64", "domain", _fixed({"g": NAN})),
    Case(J, "carreau_cond", "g=2.5", "float32", "ok", cgrad(_cy("float32"), "float32", g=2.5)),
    # Cross: (lam g)^0.8 has an infinite slope at rest, and no value below
    Case(J, "cross", "g=0", "float64", "domain", _fixed({"g": NAN})),
    Case(J, "cross", "g=1e-300", "float64", "ok", cgrad(_cross(), g=1e-300)),
    # --- Bingham-Papanastasiou
    Case(J, "papanastasiou", "g=1e-12", "float64", "unstable", cgrad(_pap, g=1e-12),
         "return MU_P + TAU_Y * (1.0 - jnp.exp(-M_REG * g)) / g"),
    Case(J, "papanastasiou", "g=1e-300", "float64", "unstable", cgrad(_pap, g=1e-300),
         "return MU_P + TAU_Y * (1.0 - jnp.exp(-M_REG * g)) / g"),
    Case(J, "papanastasiou", "g=0", "float64", "domain", _fixed({"g": NAN})),
    Case(J, "papanastasiou", "g=0.001", "float64", "ok", cgrad(_pap, g=0.001)),
    # expm1 keeps the value; the quotient rule's m e^-mg / g - expm1 / g^2 is 1e15 - 1e15 for -5e6
    Case(J, "papanastasiou_expm1", "g=1e-12", "float64", "unstable", cgrad(_pap, g=1e-12),
         "return MU_P + TAU_Y * -jnp.expm1(-M_REG * g) / g"),
    Case(J, "papanastasiou_safe", "g=0", "float64", "ok", _pap_series_slope(0.0)),
    Case(J, "papanastasiou_safe", "g=1e-300", "float64", "ok", _pap_series_slope(1e-300)),
    Case(J, "papanastasiou_safe", "g=1e-12", "float64", "ok", _pap_series_slope(1e-12)),
    Case(J, "papanastasiou_safe", "g=0.001", "float32", "ok", cgrad(_pap, "float32", g=0.001)),
    Case(J, "papanastasiou_custom", "g=1e-12", "float64", "ok", _pap_custom_slope(1e-12)),
    Case(J, "papanastasiou_custom", "g=0.01", "float64", "ok", cgrad(_pap, g=0.01)),
    Case(J, "papanastasiou_custom_bad", "g=0.01", "float64", "wrong", cgrad(_pap, g=0.01),
         "def _relax_fraction_bad_jvp"),
    # the slip is in the expm1 regime only: below 1e-3 the rule is right
    Case(J, "papanastasiou_custom_bad", "g=1e-12", "float64", "ok", _pap_custom_slope(1e-12)),
    Case(J, "carreau_fit_loss", None, "float64", "ok", _carreau_fit(["params.n"]), args="carreau_args",
         wrt="params.n"),
    Case(J, "carreau_fit_loss", None, "float64", "ok", _carreau_fit(["params.eta0", "params.lam", "params.n"]),
         args="carreau_args_all", wrt="params"),
    # --- phase transformations
    Case(J, "avrami", "t=0,k=2", "float64", "domain", _fixed({"t": NAN, "k": 0})),
    # exp(-2e-150) = 1: X = 0 where it is 2e-150
    Case(J, "avrami", "t=1e-300,k=2", "float64", "unstable", cgrad(_avrami, t=1e-300, k=2.0),
         "return 1.0 - jnp.exp(-k * t ** 0.5)", "expm1("),
    Case(J, "avrami_expm1", "t=1e-300,k=2", "float64", "ok", cgrad(_avrami, t=1e-300, k=2.0)),
    Case(J, "avrami", "t=1e-30,k=2", "float32", "unstable", cgrad(_avrami, "float32", t=1e-30, k=2.0),
         "return 1.0 - jnp.exp(-k * t ** 0.5)"),
    Case(J, "avrami_expm1", "t=1e-30,k=2", "float32", "ok", cgrad(_avrami, "float32", t=1e-30, k=2.0)),
    Case(J, "avrami_linear", "X=1e-17", "float64", "unstable", _avrami_lin_closed(1e-17),
         "return jnp.log(-jnp.log(1.0 - X))", "log1p("),
    Case(J, "avrami_linear", "X=0.9999999999999999", "float64", "ok", _avrami_lin_closed(0.9999999999999999)),
    Case(J, "avrami_linear", "X=1", "float64", "domain", _fixed({"X": NAN})),
    Case(J, "avrami_linear_log1p", "X=1e-17", "float64", "ok", _avrami_lin_closed(1e-17)),
    Case(J, "avrami_linear_log1p", "X=1e-08", "float32", "ok", _avrami_lin_closed(1e-8, "float32")),
    Case(J, "avrami_linear", "X=1e-08", "float32", "unstable", _avrami_lin_closed(1e-8, "float32"),
         "return jnp.log(-jnp.log(1.0 - X))"),
    # S = 1: -2 / 0 = -inf, exp = 0, the function's own limit; every derivative is 0 there, JAX's is 0 * inf
    Case(J, "nucleation_rate", "S=1", "float64", "wrong", _fixed({"S": 0}),
         "return 1e30 * jnp.exp(-2.0 / jnp.log(S) ** 2)"),
    Case(J, "nucleation_rate_safe", "S=1", "float64", "ok", _fixed({"S": 0})),
    Case(J, "nucleation_rate", "S=1.5", "float64", "ok", cgrad(_nucleation(), S=1.5)),
    Case(J, "nucleation_rate", "S=1.5", "float32", "ok", cgrad(_nucleation("float32"), "float32", S=1.5)),
    Case(J, "nucleation_rate", "S=1.0000000000000002", "float64", "ok", cgrad(_nucleation(), S=1.0000000000000002)),
    Case(J, "avrami_mean_time", "k=2,n=0.5", "float64", "ok", cgrad(_mean_time, k=2.0, n=0.5)),
    Case(J, "avrami_mean_time", "k=100,n=0.01", "float64", "ok", cgrad(_mean_time, k=100.0, n=0.01)),
    # erfc(50) = 2e-1088 underflows: log(0)
    Case(J, "log_profile", "x=1,t=0.0001", "float64", "unstable", cgrad(_log_erfc, x=1.0, t=0.0001),
         "return jnp.log(erfc(x / (2.0 * jnp.sqrt(t))))"),
    Case(J, "log_profile_ndtr", "x=1,t=0.0001", "float64", "ok", cgrad(_log_erfc, x=1.0, t=0.0001)),
    # float32: erfc(10) = 2.1e-45 is float32's smallest subnormal or twice it
    Case(J, "log_profile", "x=1,t=0.0025", "float32", "unstable", cgrad(_log_erfc, "float32", x=1.0, t=0.0025),
         "return jnp.log(erfc(x / (2.0 * jnp.sqrt(t))))"),
    Case(J, "log_profile_ndtr", "x=1,t=0.0025", "float32", "ok", cgrad(_log_erfc, "float32", x=1.0, t=0.0025)),
    Case(J, "mixing_entropy", "X=0", "float64", "domain", _fixed({"X": NAN})),
    Case(J, "mixing_entropy", "X=1e-300", "float64", "ok", cgrad(_mixing, X=1e-300)),
    Case(J, "mixing_entropy", "X=0.5", "float32", "ok", cgrad(_mixing, "float32", X=0.5)),
    # --- viscoelasticity
    # tau_1 = 1e-300: t / tau^2 overflows in the backward, times e^-1e300 = 0: NaN where the slope is ~0
    Case(J, "prony", "t=1,tau=[1e-300,1,100]", "float64", "unstable", _prony_closed(1, [1e-300, 1, 100]),
         "def prony(t, tau)>>term = gi * jnp.exp(-t / ti)"),
    Case(J, "prony_log", "t=1,log_tau=[-690,0,4.6]", "float64", "ok", _prony_log_closed(1, [-690, 0, 4.6])),
    Case(J, "prony_ckpt", "t=1,tau=[1e-300,1,100]", "float64", "unstable", _prony_closed(1, [1e-300, 1, 100]),
         "return 50.0 + jnp.sum(G_I * jnp.exp(-t / tau))"),
    Case(J, "prony_ckpt", "t=1,tau=[0.01,1,100]", "float64", "ok", _prony_closed(1, [0.01, 1, 100])),
    Case(J, "prony_jit", "t=1,tau=[0.01,1,100]", "float64", "ok", _prony_closed(1, [0.01, 1, 100])),
    Case(J, "maxwell_strain", "t=1,tau=1e+20", "float64", "unstable", _maxwell_closed(1, 1e20),
         "return tau * (1.0 - jnp.exp(-t / tau))"),
    # expm1 keeps the value; dtau = -expm1(-x) - x e^-x is 1e-20 - 1e-20 for 5e-41
    Case(J, "maxwell_strain_expm1", "t=1,tau=1e+20", "float64", "unstable", _maxwell_closed(1, 1e20),
         "return -tau * jnp.expm1(-t / tau)"),
    Case(J, "maxwell_strain_expm1", "t=1.0,tau=1e+20", "float64", "ok", pick(_maxwell_closed(1, 1e20), "t"), wrt="t"),
    Case(J, "maxwell_strain_expm1", "t=1,tau=2", "float32", "ok", _maxwell_closed(1, 2, "float32")),
    Case(J, "prony_fit_loss", None, "float64", "ok", _prony_fit(["params.log_tau"]), args="prony_args",
         wrt="params.log_tau"),
    Case(J, "prony_fit_loss", None, "float64", "ok", _prony_fit(["params.g", "params.log_tau"]), args="prony_args_all",
         wrt="params"),
    # --- room acoustics
    Case(J, "eyring", "alpha=0.3,V=200,S=150", "float64", "ok", _eyring_closed(0.3, 200, 150)),
    Case(J, "eyring", "alpha=1e-150,V=200,S=150", "float64", "unstable", _eyring_closed(1e-150, 200, 150),
         "return 0.161 * V / (-S * jnp.log(1.0 - alpha))", "log1p("),
    Case(J, "eyring_log1p", "alpha=1e-150,V=200,S=150", "float64", "ok", _eyring_closed(1e-150, 200, 150)),
    Case(J, "eyring", "alpha=0.9999999999999999,V=200,S=150", "float64", "ok",
         _eyring_closed(0.9999999999999999, 200, 150)),
    # alpha = 1: T = 0 for every V and S; in alpha the slope is -inf from the left and nothing on the right, but S's
    # slope is 0 and JAX's is -0 * -inf = NaN at any precision (`wrong` with --wrt V,S): F1, where the domain of
    # alpha hid it
    Case(J, "eyring_log1p", "alpha=1,V=200,S=150", "float64", "wrong", _fixed({"alpha": NAN, "V": 0, "S": 0}),
         "def eyring_log1p>>return 0.161 * V / (-S * jnp.log1p(-alpha))"),
    Case(J, "eyring_log1p", "alpha=1.0,V=200,S=150", "float64", "wrong", _fixed({"V": 0, "S": 0}),
         "def eyring_log1p>>return 0.161 * V / (-S * jnp.log1p(-alpha))", wrt="V,S"),
    Case(J, "eyring_log1p", "alpha=0.3,V=200,S=150", "float32", "ok", _eyring_closed(0.3, 200, 150, "float32")),
    Case(J, "sabine", "alpha=[0.1,0.3,0.6],S=[60,60,80],V=200", "float64", "ok",
         _sabine([0.1, 0.3, 0.6], [60, 60, 80], 200)),
    Case(J, "sabine", "alpha=[0,0,0],S=[60,60,80],V=200", "float64", "domain",
         _fixed({"alpha": [NAN] * 3, "S": [NAN] * 3, "V": NAN})),
    Case(J, "room_t60", None, "float64", "ok", _room(["room.alpha"]), args="room_args", wrt="room.alpha"),
    Case(J, "room_t60", None, "float64", "ok", _room(["room.V", "room.S", "room.alpha"]), args="room_args_all",
         wrt="room"),
    Case(J, "level_sum", "L=[800,790]", "float64", "ok", _levels([800, 790], "float64", "exact")),
    Case(J, "level_sum", "L=[800,790]", "float32", "unstable", _levels([800, 790], "float32", "exact"),
         "return 10.0 * jnp.log10(jnp.sum(10.0 ** (L / 10.0)))"),
    Case(J, "level_sum", "L=[-800,-790]", "float32", "unstable", _levels([-800, -790], "float32", "exact"),
         "return 10.0 * jnp.log10(jnp.sum(10.0 ** (L / 10.0)))"),
    Case(J, "level_sum", "L=[4000,3990]", "float64", "unstable", _levels([4000, 3990], "float64", "exact"),
         "return 10.0 * jnp.log10(jnp.sum(10.0 ** (L / 10.0)))"),
    Case(J, "level_sum_lse", "L=[800,790]", "float32", "ok", _levels([800, 790], "float32", "lse")),
    Case(J, "level_sum_lse", "L=[-800,-790]", "float32", "ok", _levels([-800, -790], "float32", "lse")),
    Case(J, "level_sum_lse", "L=[4000,3990]", "float64", "ok", _levels([4000, 3990], "float64", "lse")),
    # JAX's logsumexp masks a where b == 0: the slope in a zero weight is lost (e^(C L) / (C s) = 0.0414)
    Case(J, "level_sum_weighted", "L=[800,790,780],w=[1,0.5,0]", "float32", "wrong",
         _levels_weighted([800, 790, 780], [1, 0.5, 0], "float32"), "return logsumexp(C_DB * L, b=w) / C_DB"),
    Case(J, "level_sum_weighted", "L=[800,790,780],w=[1,0.5,0.25]", "float32", "ok",
         _levels_weighted([800, 790, 780], [1, 0.5, 0.25], "float32")),
    # r = 0: the clamp's idle 20 log10(0) = -inf leaks 0 * inf through vmap's summed cotangent of r
    Case(J, "source_levels", "Lw=[90,85,80],r=0", "float64", "wrong", _sources(3, 0),
         "return L - jnp.where(r > 1e-3, 20.0 * jnp.log10(r), -60.0) - 11.0", "jnp.where(r > 1e-3, "),
    Case(J, "source_levels_safe", "Lw=[90,85,80],r=0", "float64", "ok", _sources(3, 0)),
    Case(J, "source_levels", "Lw=[90,85,80],r=10", "float64", "ok", _sources(3, 10)),
    # --- input errors
    Case(J, "carreau_fit_loss", None, "float64", "input-error", args="carreau_argz", wrt="params.eta_0",
         message=("params.eta_0", "params.eta0")),
    Case(J, "carreau_fit_loss", None, "float64", "input-error", args="carreau_args_broken",
         message=("carreau_args_broken", "rheometer_export.csv")),
    Case(J, "room_t60", None, "float64", "input-error", args="room_argz", wrt="room.absorption",
         message=("room.absorption", "room.alpha")),
    Case(J, "herschel_bulkley", "g=1", "float64", "input-error", message=("herschel_bulkley",)),
    Case(J, "papanastasiou", "gamma=1", "float64", "input-error", message=("gamma", "g")),
    Case(J, "papanastasiou", "g=1e-12e5", "float64", "input-error", message=("1e-12e5",)),
]

NUMPY = [
    Case(N, "carreau_yasuda", "g=1e+300", "float64", "ok", _cy_grad_closed(1e300)),
    Case(N, "cross", "g=0", "float64", "domain", _fixed({"g": NAN})),
    Case(N, "papanastasiou", "g=1e-12", "float64", "unstable", cgrad(_pap, g=1e-12),
         "return 0.1 + 10.0 * (1.0 - np.exp(-1000.0 * g)) / g"),
    Case(N, "papanastasiou_expm1", "g=0.001", "float64", "ok", cgrad(_pap, g=0.001)),
    Case(N, "avrami_expm1", "t=1e-300,k=2", "float64", "ok", cgrad(_avrami, t=1e-300, k=2.0)),
    Case(N, "avrami_linear", "X=1e-17", "float64", "unstable", _avrami_lin_closed(1e-17),
         "return np.log(-np.log(1.0 - X))", "log1p("),
    Case(N, "avrami_linear_log1p", "X=1e-17", "float64", "ok", _avrami_lin_closed(1e-17)),
    Case(N, "nucleation_rate", "S=1", "float64", "wrong", _fixed({"S": 0}),
         "return 1e30 * np.exp(-2.0 / np.log(S) ** 2)"),
    # expit(40) rounds to 1 and logit(1) = inf; the round trip is t
    Case(N, "logistic_kinetics", "t=50,k=1,t_half=10", "float64", "unstable", _logistic(50, 1, 10),
         "return special.logit(X) / k + t_half"),
    Case(N, "logistic_kinetics", "t=10.5,k=4,t_half=10", "float64", "ok", _logistic(10.5, 4, 10)),
    Case(N, "mixing_entropy", "X=1e-300", "float64", "ok", cgrad(_mixing, X=1e-300)),
    Case(N, "mixing_entropy", "X=0", "float64", "domain", _fixed({"X": NAN})),
    Case(N, "maxwell_strain_expm1", "t=1,tau=1e+20", "float64", "unstable", _maxwell_closed(1, 1e20),
         "return -tau * np.expm1(-t / tau)"),
    Case(N, "eyring", "alpha=1e-150,V=200,S=150", "float64", "unstable", _eyring_closed(1e-150, 200, 150),
         "return 0.161 * V / (-S * np.log(1.0 - alpha))", "log1p("),
    Case(N, "eyring_log1p", "alpha=1e-150,V=200,S=150", "float64", "ok", _eyring_closed(1e-150, 200, 150)),
    Case(N, "level_sum", "L=[4000,3990]", "float64", "unstable", _levels([4000, 3990], "float64", "exact"),
         "return 10.0 * np.log10(np.sum(np.power(10.0, L / 10.0)))"),
    Case(N, "level_sum", "L=[800,790]", "float64", "ok", _levels([800, 790], "float64", "exact")),
    Case(N, "level_sum_lae", "L=[4000,3990]", "float64", "ok", _levels([4000, 3990], "float64", "exact")),
]

ALL = JAX + NUMPY

def _avrami_n(t, k, n):
    return -mpmath.expm1(-k * t ** n)


JAX += [
    # the rest limit mu_p + tau_y m = fl(10000.1) is 3.6e-13 off the expm1 branch's limit 0.1 + 10000: a jump
    Case(J, "papanastasiou_cond", "g=0", "float64", "domain", _fixed({"g": NAN})),
    Case(J, "papanastasiou_cond", "g=0.001", "float64", "ok", cgrad(_pap, g=0.001)),
    # g^0 = 1 around g = 0: slope 0 in g, JAX's 0 * 0^-1 = NaN at any precision (wrong, with n or not); in n a jump
    # from 0 to inf
    Case(J, "power_law", "g=0.0,n=1", "float64", "wrong", _fixed({"g": 0}), "return 2.0 * jnp.power(g, n - 1.0)",
         wrt="g"),
    Case(J, "power_law", "g=0,n=1", "float64", "wrong", _fixed({"g": 0, "n": NAN}), "return 2.0 * jnp.power(g, n - 1.0)"),
    Case(J, "power_law", "g=2,n=0.4", "float32", "ok",
         cgrad(lambda g, n: 2 * g ** (n - 1), "float32", g=2.0, n=0.4)),
    Case(J, "avrami_n", "t=0,k=2,n=0.5", "float64", "domain", _fixed({"t": NAN, "k": 0, "n": 0})),
    Case(J, "avrami_n", "t=1e-300,k=2,n=0.5", "float64", "ok", cgrad(_avrami_n, t=1e-300, k=2.0, n=0.5)),
    # log(0) = -inf, softplus(-inf) = 0: the plateau; below 0 the log has no value: the domain's edge
    Case(J, "carreau_yasuda_softplus", "g=0", "float64", "domain", _fixed({"g": NAN})),
    Case(J, "mixing_entropy", "X=1", "float64", "domain", _fixed({"X": NAN})),
    Case(J, "level_pair_np", "a=-800,b=-800", "float64", "ok", _fixed({"a": mp(1) / 2, "b": mp(1) / 2})),
    Case(J, "labelled_t60", None, "float64", "ok", _room(["room.alpha"]), args="labelled_args", wrt="room.alpha"),
    Case(J, "level_pair_np", "a=-inf,b=-inf", "float64", "input-error", message=("-inf", "not finite")),
]

ALL = JAX + NUMPY

JAX += [
    Case(J, "eyring_hall", "alpha=0.3", "float64", "ok", pick(_eyring_closed(0.3, 2000, 900), "alpha")),
    Case(J, "eyring_studio", "alpha=1e-150", "float64", "ok", pick(_eyring_closed(1e-150, 60, 95), "alpha")),
    Case(J, "viscosity_switch", "g=1", "float64", "ok", cgrad(_cross(), g=1.0)),
    # a custom_jvp whose rule is the law's own central difference (h = 1e-6): right to 1e-13 as mathematics, but
    # 500.0003 - 500.0007 keeps 6 digits in float64
    Case(J, "cross_by_law", "g=1", "float64", "unstable", cgrad(_cross(), g=1.0),
         "return law(g), (law(g + h) - law(g - h)) / (2.0 * h) * t"),
    Case(J, "prony_reverse", "t=1,tau=[0.01,1,100]", "float64", "ok", _prony_closed(1, [0.01, 1, 100])),
    Case(J, "prony_reverse", "t=1,tau=[1e-300,1,100]", "float64", "unstable", _prony_closed(1, [1e-300, 1, 100]),
         "acc = acc + gi * jnp.exp(-t / ti)"),
    Case(J, "sabine_ckpt", "alpha=[0.1,0.3,0.6],S=[60,60,80],V=200", "float64", "ok",
         _sabine([0.1, 0.3, 0.6], [60, 60, 80], 200)),
    Case(J, "maxwell_math", "t=1,tau=2", "float64", "input-error", message=("math.exp", "jnp.exp", "jax_lib46a.py:")),
    Case(J, "prony_jit", "t=1,tau=[0.01,1,100],n_terms=2", "float64", "input-error", message=("n_terms", "default")),
]

ALL = JAX + NUMPY

def _prony_at_zero(t, taus):
    """tau_1 = 0 exactly: e^(-t / 0) = 0 for every t > 0, so term 1 has no slope in t; tau_1 itself sits on a pole
    (e^(+inf) from the left)."""
    def truth():
        tt, ts = _in("float64", [t])[0], _in("float64", taus)
        return {"t": sum(-g / ta * mpmath.exp(-tt / ta) for g, ta in zip(GI[1:], ts[1:])),
                "tau": [NAN] + [g * mpmath.exp(-tt / ta) * tt / ta ** 2 for g, ta in zip(GI[1:], ts[1:])]}
    return hp(truth)


JAX += [
    # F1 again: t's slope is finite, JAX's 0 * inf NaN at any precision (`wrong` with --wrt t), once hidden by tau_1's pole
    Case(J, "prony", "t=1,tau=[0,1,100]", "float64", "wrong", _prony_at_zero(1, [0, 1, 100]),
         "def prony(t, tau)>>term = gi * jnp.exp(-t / ti)"),
    Case(J, "prony", "t=1.0,tau=[0,1,100]", "float64", "wrong", pick(_prony_at_zero(1, [0, 1, 100]), "t"),
         "def prony(t, tau)>>term = gi * jnp.exp(-t / ti)", wrt="t"),
    Case(N, "eyring_log1p", "alpha=1,V=200,S=150", "float64", "wrong", _fixed({"alpha": NAN, "V": 0, "S": 0}),
         "return 0.161 * V / (-S * np.log1p(-alpha))"),
]

ALL = JAX + NUMPY

def _prony_terms(t, taus):
    """The Jacobian of the scan's outputs g_i e^(-t / tau_i): rows per output, tau diagonal."""
    def truth():
        tt, ts = _in("float64", [t])[0], _in("float64", taus)
        rows = []
        for i, (g, ta) in enumerate(zip(GI, ts)):
            rows.append([g * mpmath.exp(-tt / ta) * tt / ta ** 2 if j == i else mp(0) for j in range(3)])
        return {"t": [-g / ta * mpmath.exp(-tt / ta) for g, ta in zip(GI, ts)], "tau": rows}
    return hp(truth)


JAX += [
    # every row's backward through the scan multiplies a zero cotangent by t / tau_1^2 = inf: NaN in tau_1 for rows
    # whose exact slope there is 0
    Case(J, "prony_terms", "t=1,tau=[1e-300,1,100]", "float64", "unstable", _prony_terms(1, [1e-300, 1, 100]),
         "def prony_terms>>term = gi * jnp.exp(-t / ti)"),
    Case(J, "prony_terms", "t=1,tau=[0.01,1,100]", "float64", "ok", _prony_terms(1, [0.01, 1, 100])),
    Case(J, "source_levels_vec", "Lw=[90,85],r=10", "float64", "ok",
         lambda: {"Lw": [[mp(1), mp(0)], [mp(0), mp(1)]], "r": [-20 / (10 * mpmath.log(10))] * 2}),
]

ALL = JAX + NUMPY

NUMPY += [
    # expit(-800) underflows to 0 and logit(0) = -inf: the round trip that is t loses everything
    Case(N, "logistic_kinetics", "t=-790,k=1,t_half=10", "float64", "unstable", _logistic(-790, 1, 10),
         "X = special.expit(k * (t - t_half))"),
    Case(N, "level_sum", "L=[800,790]", "float32", "unstable", _levels([800, 790], "float32", "exact"),
         "return 10.0 * np.log10(np.sum(np.power(10.0, L / 10.0)))"),
    Case(N, "mixing_entropy", "X=1e-30", "float32", "ok", cgrad(_mixing, "float32", X=1e-30)),
]

ALL = JAX + NUMPY

JAX += [
    # lax.cond with the operand: only the taken branch is differentiated (and under a sweep's vmap the select keeps
    # the taken branch's slope too)
    Case(J, "yield_branch", "g=4", "float64", "ok", _fixed({"g": 0.1})),
    Case(J, "yield_branch", "g=-4", "float64", "ok", _fixed({"g": mp(-1) / 4})),
]

ALL = JAX + NUMPY
