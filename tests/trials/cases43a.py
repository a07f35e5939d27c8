"""The forty-third trial set (first part): in JAX, spiking neural networks (a Heaviside spike behind custom_jvp
surrogate gradients, SuperSpike's fast sigmoid 1 / (1 + 10 |v|)^2 and a boxcar, and snnTorch's ATan surrogate behind
custom_vjp, off the threshold, where the step's slope is 0, and on it, where the count jumps; leaky integrate-and-fire
neurons for 8 steps by lax.fori_loop with the reset through the surrogate, by lax.scan with the reset detached by
stop_gradient, by lax.cond inside jax.vmap, and by a lax.while_loop, which JAX cannot reverse; the same neurons at
w = 3.3333333333333335, where w 0.3 rounds to exactly 1.0 (exactly 1 + 7.4e-18) and the float run stays below the
threshold the exact run crosses; a soft spike rate 1 / (1 + e^(-100 (v - 1))) at v = -8, where e^900 overflows, and by
jax.nn.sigmoid; which neuron spikes next by log_softmax with where= at logits of -800 and a masked 900), petroleum
engineering (Arps' hyperbolic decline q = qi (1 + b Di t)^(-1/b) as printed at b = 1e-10, where the base's rounding
is amplified 1.5e9 times; by log1p, whose value holds and whose slope in b, 4e10 - 4e10 = 8, cancels (sound in Di
alone, --wrt Di); by its series in b guarded by a where, right at 1e-10 and leaking log1p(0) / 0 at b = 0 (a
re-checked double where); behind a custom_jvp rule for log(1 + b x) / b, right at 0, 1e-10 and 0.5, and with its
x-slope 1 / (1 + b x)^2, off by 4e-10; the cumulative production near the harmonic b = 1 - 1e-12, as printed and by
expm1 (the value mended, the slope in b still 2e15 - 2e15), and at b = 1, inf * 0; Corey permeabilities clipped by
jnp.clip in Buckley-Leverett's water cut, flat from both sides at both ends with exponent 2 and a kink at connate
water with exponent 1; a choke's rate by jnp.minimum at its tie, and minimum + maximum there, smooth; jnp.interp on a
knot and between; jnp.diff of a cumulative history; a history match over a parameter tree by --args, --wrt by path,
at b = 0.6 and at b = 1e-9, where its slope in b cancels; a tridiagonal solve, which gradcli cannot replay) and
chemical thermodynamics (Wilson's excess Gibbs energy; its infinite-dilution coefficient by -log(exp(-tau12)) at 800,
whose value XLA folds back to 800.69 while the backward's -1 / 0 stays, in float64 and at 100 in float32; NRTL at
infinite dilution as printed, where G21 = e^-800 makes G21 / (x1 + x2 G21) 0 / 0, and by a sigmoid of a constant
-inf log; a Redlich-Kister expansion by jnp.polyval; a mixture's log sum x e^mu at mu = 800, naive and by logsumexp
with b=). In plain NumPy and SciPy the same as legacy scripts write them (np.interp, np.diff, np.polyval, np.heaviside
in a Python loop, scipy.special logsumexp with b, expit, xlogy, log_expit, ndtr and log_ndtr at z = -40, the escape
noise's hazard pdf / sf at z = 40 and by erfcx; scipy.optimize.brentq, which gradcli.scipy lacks). Input errors: a
while_loop carrying the variable, an unsupported primitive, a mistyped --wrt path, a misspelt --args function, a
missing function, a bad point, and an --args tree lacking a key (the loss raises: status error). 89 cases (65 JAX,
24 NumPy), 84 pass; five show findings F1 (two cases), F2 and F3 (two cases). A sweep of arps_rate_log1p over
b = 1e-12..1 (log, 41 points, Di = 0.8) finds the slope in b unstable below b = 1.4757e-6, its threshold checked by
hand (JAX's slope there 1.04e-10 off the mpmath derivative, the next float's 8.5e-11); a sweep of fractional_flow over
sw = 0..1 with nw = 1 finds the one kink at connate water (slopes 0 and 20, as by hand) in both dtypes; an audit spec
of eight cases naming JAX and NumPy functions (--args tree and --wrt by path, a log-scaled range with at, expect =
"wrong", "unstable", "domain") passes as a user expects.

What the round decided about its own truths: a surrogate gradient is, by design, not the derivative of the spike;
the truth is the derivative of the function the code computes (issue 28: a custom rule is judged against its primal),
0 off the threshold and none on it, so a surrogate rule is `wrong` at its def line, and a reset through the spike
makes the whole LIF gradient `wrong` while the detached reset is `ok`: the detached gradient is exactly the derivative
of the simulated potentials with the spikes held. The LIF truths decide each reset on exact arithmetic (so at
w = 3.3333333333333335 the exact run resets where float64 does not). The user's constants are the dtype's in float32
(Redlich-Kister's 0.8 and 0.1, the mole fractions); gradcli agreed everywhere but F2.

Findings (gradcli bugs), all four mended in the same session (tests/test_jax_nested_constants.py,
tests/test_jax_module_arrays_to_library.py, tests/test_step_flip_root_line.py, tests/test_surrogate_gradient_words.py):
F1 a JAX module's float32 constant (made at import with x64 off) read inside a nested function is not widened for the
   float64 check: `values_reached` (capture/jax_modes.py) walks a function's own co_names and closure, not the code
   objects of the defs and lambdas nested in it, so `jax_wide_constants.widened` never sees CURRENT read as
   CURRENT[t] in a fori_loop body, and the float64 run and its exact reference hold float32 currents: JAX's float64
   gradient 0.5475398340 where the user's own x64 run gives 0.5475397502, the exact one too (1.5e-7 relative), with a
   human-readable note only ("getitem returned float32"); the same neuron by scan, which reads CURRENT at the top
   level, is widened. Minimal: C = jnp.array([0.1, 0.2]); lax.fori_loop(0, 2, lambda t, acc: acc + w * C[t], 0.0)
   at w = 1 in float64 gives 0.30000000447 (0.1 + 0.2 in float32), a user's x64 run 0.30000000000000004; the same
   with a def nested in the function or a lambda under jax.vmap. Mended: the names nested code reads are followed.
F2 the user's float32 array handed to jax.scipy.special.logsumexp as b= is held at its float64 meaning in the
   float32 check: mixture_potential_lse at mu = [80, 80.5, -80, 3] reports the exact gradient 0.5027063795 (b =
   float64 0.5, 0.3, 0.2), where the float32 program's b is 0.30000001 and 0.2 as float32 holds them: 0.5027063696
   (2e-8 relative); log(sum(F * exp(mu))), logsumexp(mu + log(F)), jnp.interp and jnp.polyval on such arrays are
   right. The multiply by b is an equation of JAX's own code (jax/_src/ops/special.py), so `users_constant` in
   capture/jax_walk.py takes the constant as the library's, a constant "the library wrote", whose float32 reference is
   its float64 one (README, "A constant the framework keeps wider": a float32 array a library is handed is that array).
   Mended: the float arrays a function reads from its module are the user's wherever the graph reads them.
F3 a step that rounding carried across its threshold is named only as jnp.where (and floor/round ...): a spike
   s = heaviside(v - 1) (jnp.heaviside behind a custom_jvp, np.heaviside, or (v > 1).astype) at v = w 0.3 rounded to
   exactly 1.0, where the exact run's v is 1 + 7.4e-18 and spikes, is unstable (right) but the finding names the reset
   on the next line, "sub([1, 0.3], [0, 0]) = [1, 0.3] has relative error 1.4e+17 while its inputs had 1.0e+00: it
   amplifies rounding errors 1.4e+17 times", not the step that took the other side; lax.cond and jnp.where name their
   switch ("takes the branch that the exact run's condition does not"). `provenance._describe` knows `_STEPS` (round,
   floor, ...) and `where`, not comparisons or heaviside. Mended: an op whose inputs are already wholly off is no
   root cause while one with right inputs amplified as much: v - 1 cancelling to 0 on the step's line is named.
F4 (wording only, no verdict moved) a surrogate gradient is told as any wrong rule: "wrong (47 of 53 bits lost)
   ... the gradient rule is wrong: at high precision it gives {v: [0.02777777778, 0.02777777778]} but the exact
   derivative is {v: [0, 0]} (relative error inf)". gradcli knows the primal is a step (on the threshold it says "the
   function jumps here in v[0] at its switch less") and has words for a straight-through rule of a framework's own
   (rule_blame's STRAIGHT_THROUGH: "by design not that derivative"), but not for a user's custom rule over a step
   function, which is what every surrogate-gradient SNN writes; "47 of 53 bits lost" against an exact 0 says nothing.
   Mended in words: where every exact entry is 0, the finding says a rule that is not 0 on a step is a surrogate.

Not findings, checked by hand: JAX's wilson_ln_gamma_inf at tau12 = 800 is unstable with a value of 800.69 (XLA
folds log(exp(x)), as a note says; the backward's -1/0 is not folded); arps_cumulative at b = 1 is `domain` (the
program computes inf * 0; its limit is no value the code computes, README: 0/0 is NaN at high precision); the
swept thresholds of arps_rate_log1p differ between grids (1.48e-6 with 41 points, 1.03e-6 with 21) because the
unstable region's edge is ragged: each is a true adjacent-float transition; no fix is offered for log(sum(b exp(mu)))
(logsumexp(mu, b=b) would do): a gap, not a wrong answer.

Truths are the mathematics written here in mpmath (closed forms, or mpmath.diff at 2,000 digits through `num_grad`
of the formulas restated), never the user files' code; points are the numbers the dtype holds, constants the numbers
the program writes, in the dtype where the program casts them. A coordinate with no derivative is NaN.
"""

import math

import mpmath

from cases import Case, mp
from cases5 import _in, hp
from cases12a import num_grad

from cases42a import _fixed, _k, _sig

J, N = "jax_lib43a.py", "numpy_lib43a.py"
NAN = mpmath.nan


# --- spiking neural networks -----------------------------------------------------------------------------------------
# A surrogate gradient is by design not the derivative of the spike: the truth is the derivative of the function the
# code computes (a Heaviside step: 0 off its jump, none on it), and a rule handing on a surrogate is `wrong` there.

CURRENT = [0.3, 0.5, 0.2, 0.8, 0.1, 0.6, 0.4, 0.7]


def _lif(dtype):
    """0.5 sum v_8^2 of leaky integrate-and-fire neurons, reset by subtracting the threshold where v > 1."""
    beta, currents = _k(0.9, dtype), _in(dtype, CURRENT)

    def loss(w):
        total = mp(0)
        for wi in w:
            v = mp(0)
            for i in currents:
                v = beta * v + wi * i
                assert v != 1  # no trajectory on its threshold: the step is locally constant
                if v > 1:
                    v -= 1
            total += v * v / 2
        return total
    return loss


def _lif_truth(w, dtype="float64"):
    return num_grad(_lif(dtype), dtype, w=w)


def _soft_rate(vs, dtype="float64"):
    """mean sigmoid(100 (v - 1)): d/dv_i = 100 s (1 - s) / n."""
    def truth():
        values = _in(dtype, vs)
        out = []
        for v in values:
            z = 100 * (v - 1)
            out.append(100 * _sig(z) * _sig(-z) / len(values))
        return {"v": out}
    return hp(truth)


def _masked_nll(zs, active, label, dtype="float64"):
    """-log_softmax over the active entries at label: softmax - one_hot on them, 0 on the masked ones."""
    def truth():
        values = _in(dtype, zs)
        live = [z for z, a in zip(values, active) if a]
        top = max(live)
        total = sum(mpmath.exp(z - top) for z in live)
        return {"z": [(mpmath.exp(z - top) / total - (1 if j == label else 0)) if a else mp(0)
                      for j, (z, a) in enumerate(zip(values, active))]}
    return hp(truth)


# --- petroleum engineering -------------------------------------------------------------------------------------------

def _arps(b, Di):
    """q = 1000 (1 + b Di 5)^(-1/b), its limit 1000 e^(-5 Di) at b = 0."""
    x = Di * 5
    return 1000 * (mpmath.exp(-x) if b == 0 else mpmath.exp(-mpmath.log1p(b * x) / b))


def _arps_cumulative(b, Di):
    """Np = 1000 / ((1 - b) Di) (1 - (1 + b Di 5)^((b - 1) / b))."""
    return 1000 / ((1 - b) * Di) * (1 - mpmath.power(1 + b * Di * 5, (b - 1) / b))


def _fractional_flow(sw, nw, dtype="float64"):
    s = (sw - mp("0.25")) / mp("0.5")
    krw, kro = s ** nw, (1 - s) ** 2
    return (krw / mp("0.5")) / (krw / mp("0.5") + kro / 5)


MONTHS = [0, 1, 2, 3, 6, 12]


def _monthly(cum):
    rates = [(cum[k + 1] - cum[k]) / (MONTHS[k + 1] - MONTHS[k]) for k in range(5)]
    logs = [mpmath.log(r) for r in rates]
    return sum((logs[k + 1] - logs[k]) ** 2 for k in range(4))


OBS_T = [0.5, 1.0, 2.0, 4.0]
OBS_Q = [700.0, 520.0, 330.0, 190.0]


def _match(qi, b, Di):
    total = mp(0)
    for t, q in zip(OBS_T, OBS_Q):
        log_q = mpmath.log(qi) - mpmath.log1p(b * Di * mp(t)) / b
        total += (log_q - mpmath.log(mp(q))) ** 2
    return total / 4


def _match_truth(qi, b, Di, dtype="float64", only=None):
    def truth():
        g = num_grad(_match, dtype, qi=qi, b=b, Di=Di)()
        return {f"params.decline.{k}": v for k, v in g.items() if only is None or k == only}
    return truth


# --- chemical thermodynamics -----------------------------------------------------------------------------------------

def _wilson(x1, tau12, tau21):
    x2 = 1 - x1
    l12, l21 = mpmath.exp(-tau12), mpmath.exp(-tau21)
    return -x1 * mpmath.log(x1 + l12 * x2) - x2 * mpmath.log(x2 + l21 * x1)


def _wilson_inf(tau12, tau21, dtype="float64"):
    """ln gamma_1^inf = tau12 + 1 - e^-tau21."""
    def truth():
        _, t21 = _in(dtype, [tau12, tau21])
        return {"tau12": mp(1), "tau21": mpmath.exp(-t21)}
    return hp(truth)


def _nrtl_inf(tau12, tau21, dtype="float64"):
    """At x1 = 0: ln gamma_1 = tau21 + tau12 G12, G12 = e^(-tau12 / 2): d/dtau12 = G12 (1 - tau12 / 2)."""
    def truth():
        t12, _ = _in(dtype, [tau12, tau21])
        g12 = mpmath.exp(-t12 / 2)
        return {"tau12": g12 * (1 - t12 / 2), "tau21": mp(1)}
    return hp(truth)


def _redlich_kister(dtype):
    a = _in(dtype, [0.8, -0.25, 0.1])

    def g(x1):
        x2 = 1 - x1
        d = x1 - x2
        return x1 * x2 * (a[0] + a[1] * d + a[2] * d * d)
    return g


def _mixture(mus, dtype="float64"):
    """log sum x_i e^mu_i: d/dmu_i = x_i e^mu_i / sum (x as the program writes it, in the dtype)."""
    def truth():
        x = _in(dtype, [0.5, 0.3, 0.2, 0.0])
        m = _in(dtype, mus)
        top = max(m)
        e = [xi * mpmath.exp(mi - top) for xi, mi in zip(x, m)]
        return {"mu": [v / sum(e) for v in e]}
    return hp(truth)


# --- spiking neurons in NumPy: escape noise ---------------------------------------------------------------------------

def _log_fire(v):
    """d/dv log Phi((v - 1) / s) = phi(z) / (Phi(z) s), s = 0.025 as float64 holds it."""
    def truth():
        s = _k(0.025, "float64")
        z = (mp(v) - 1) / s
        return {"v": mpmath.npdf(z) / mpmath.ncdf(z) / s}
    return hp(truth)


def _hazard(v):
    """h(z) = phi(z) / Phi(-z), z = (1 - v) / s: dh/dv = -h (h - z) / s."""
    def truth():
        s = _k(0.025, "float64")
        z = (1 - mp(v)) / s
        h = mpmath.npdf(z) / mpmath.ncdf(-z)
        return {"v": -h * (h - z) / s}
    return hp(truth)


def _bernoulli(zs, ys):
    return hp(lambda: {"z": [_sig(mp(z)) - y for z, y in zip(zs, ys)]})


LIF_W = "w=[1,2,3]"
ARPS = "b=1e-10,Di=0.8"
HARMONIC = "b=0.999999999999,Di=0.8"
MIX = "mu=[800,800.5,-800,3]"

JAX = [
    # --- spiking neural networks
    # the fast sigmoid's surrogate 1 / (1 + 10 |v|)^2 = 1/36 at v - 1 = -+0.5, where the step's slope is 0
    Case(J, "spike_count", "v=[0.5,1.5]", "float64", "wrong", _fixed({"v": [0, 0]}), "def _spike_jvp"),
    # on the threshold the count jumps from 1 to 2: no derivative in v[0]; v[1]'s slope is 0
    Case(J, "spike_count", "v=[1,1.5]", "float64", "wrong", _fixed({"v": [NAN, 0]})),
    Case(J, "spike_count_box", "v=[0.5,1.25]", "float32", "wrong", _fixed({"v": [0, 0]}), "def _spike_box_jvp"),
    # snnTorch's ATan surrogate behind custom_vjp
    Case(J, "rate_loss_atan", "v=[0.5,1.5,0.9,2]", "float32", "wrong", _fixed({"v": [0, 0, 0, 0]}),
         "def _spike_atan_bwd"),
    # the reset through the surrogate: the last potentials' slope in w is the detached one's, the rule adds a
    # surrogate term per spike; F1: CURRENT, read by index in the fori_loop's body, is float32 in the float64 check
    Case(J, "lif_final_potential", LIF_W, "float64", "wrong", _lif_truth([1, 2, 3]), "def _spike_jvp"),
    Case(J, "lif_final_potential_detached", LIF_W, "float64", "ok", _lif_truth([1, 2, 3])),
    Case(J, "lif_final_potential_detached", LIF_W, "float32", "ok", _lif_truth([1, 2, 3], "float32")),
    # the same detached reset by fori_loop: F1 (the float64 run and its reference on float32 currents)
    Case(J, "lif_fori_detached", LIF_W, "float64", "ok", _lif_truth([1, 2, 3])),
    Case(J, "lif_cond_vmap", LIF_W, "float64", "ok", _lif_truth([1, 2, 3])),
    Case(J, "lif_cond_vmap", "w=[0.5,1.5,2.5]", "float32", "ok", _lif_truth([0.5, 1.5, 2.5], "float32")),
    # w 0.3 rounds to exactly 1.0 (exactly it is 1 + 7.4e-18): the float run stays below the threshold where the exact
    # one resets, and every later step differs. The cond's where is named; F3: the spike's step (heaviside behind a
    # custom_jvp, its value stop_gradient'ed) that took the other side is not, the reset's sub is blamed
    Case(J, "lif_cond_vmap", "w=[3.3333333333333335,1]", "float64", "unstable", _lif_truth([3.3333333333333335, 1]),
         "v = lax.cond(v > THRESHOLD, lambda u: u - THRESHOLD, lambda u: u, v)"),
    Case(J, "lif_cond_vmap", "w=[3.3333333,1]", "float32", "unstable", _lif_truth([3.3333333, 1], "float32"),
         "v = lax.cond(v > THRESHOLD, lambda u: u - THRESHOLD, lambda u: u, v)"),
    Case(J, "lif_final_potential_detached", "w=[3.3333333333333335,1]", "float64", "unstable",
         _lif_truth([3.3333333333333335, 1]), "s = lax.stop_gradient(spike(v - THRESHOLD))"),
    Case(J, "rate_loss_atan", "v=[1,1.5,0.9,2]", "float64", "wrong", _fixed({"v": [NAN, 0, 0, 0]})),
    # e^900 overflows: 1 / (1 + inf) is 0 but its gradient inf / inf^2 is NaN
    Case(J, "soft_spike_rate", "v=[-8,1,1.05]", "float64", "unstable", _soft_rate([-8, 1, 1.05]),
         "return jnp.mean(1.0 / (1.0 + jnp.exp(-RATE_SLOPE * (v - THRESHOLD))))", "jax.nn.sigmoid("),
    Case(J, "soft_spike_rate", "v=[0,1,1.05]", "float32", "unstable", _soft_rate([0, 1, 1.05], "float32"),
         "return jnp.mean(1.0 / (1.0 + jnp.exp(-RATE_SLOPE * (v - THRESHOLD))))", "jax.nn.sigmoid("),
    Case(J, "soft_spike_rate_stable", "v=[-8,1,1.05]", "float64", "ok", _soft_rate([-8, 1, 1.05])),
    # log_softmax(where=): the masked logit of 900 neither counts nor gets a gradient
    Case(J, "next_neuron_nll", "z=[0,-800,900,-799]", "float64", "ok",
         _masked_nll([0, -800, 900, -799], [1, 1, 0, 1], 1)),
    Case(J, "next_neuron_nll", "z=[0.5,1,-2,0.25]", "float32", "ok",
         _masked_nll([0.5, 1, -2, 0.25], [1, 1, 0, 1], 1, "float32")),
    # --- petroleum engineering
    # (1 + 4e-10)^(-1e10): the base's rounding amplified 1.5e9 times
    Case(J, "arps_rate", ARPS, "float64", "unstable", num_grad(_arps, b=1e-10, Di=0.8),
         "return QI * (1.0 + b * Di * YEARS) ** (-1.0 / b)"),
    # by log1p the value holds, but d/db = q (log1p(bx) / b^2 - x / (b (1 + bx))) is 4e10 - 4e10 = 8
    Case(J, "arps_rate_log1p", ARPS, "float64", "unstable", num_grad(_arps, b=1e-10, Di=0.8),
         "return QI * jnp.exp(-jnp.log1p(b * Di * YEARS) / b)"),
    # only Di differentiated: its slope -q t / (1 + b Di t) is sound
    Case(J, "arps_rate_log1p", "b=1e-10,Di=0.75", "float64", "ok",
         lambda: {"Di": num_grad(_arps, b=1e-10, Di=0.75)()["Di"]}, wrt="Di"),
    Case(J, "arps_rate_series", ARPS, "float64", "ok", num_grad(_arps, b=1e-10, Di=0.8)),
    # at b = 0 the series is taken, but the idle branch's log1p(0) / 0 leaks NaN through the where
    Case(J, "arps_rate_series", "b=0,Di=0.8", "float64", "wrong", num_grad(_arps, b=0, Di=0.8),
         "log_ratio = jnp.where(b < 1e-4", "jnp.log1p(jnp.where(b >= "),
    Case(J, "arps_rate_custom", ARPS, "float64", "ok", num_grad(_arps, b=1e-10, Di=0.8)),
    Case(J, "arps_rate_custom", "b=0,Di=0.8", "float64", "ok", num_grad(_arps, b=0, Di=0.8)),
    Case(J, "arps_rate_custom", "b=0.5,Di=0.8", "float32", "ok", num_grad(_arps, "float32", b=0.5, Di=0.8)),
    # d/dx written 1 / (1 + b x)^2: off by b x = 4e-10 relative
    Case(J, "arps_rate_custom_bad", ARPS, "float64", "wrong", num_grad(_arps, b=1e-10, Di=0.8),
         "def _log1p_ratio_bad_jvp"),
    # near the harmonic b = 1: 1 - (1 + 4)^(-1e-12) cancels, and d/db sums two paths of 2e15 to 607
    Case(J, "arps_cumulative", HARMONIC, "float64", "unstable", num_grad(_arps_cumulative, b=0.999999999999, Di=0.8),
         "return QI / ((1.0 - b) * Di) * (1.0 - (1.0 + b * Di * YEARS) ** ((b - 1.0) / b))"),
    Case(J, "arps_cumulative_expm1", HARMONIC, "float64", "unstable",
         num_grad(_arps_cumulative, b=0.999999999999, Di=0.8),
         "return -QI * jnp.expm1((b - 1.0) / b * jnp.log1p(b * Di * YEARS)) / ((1.0 - b) * Di)"),
    # at b = 1 the program computes inf * 0 (its limit, the harmonic qi / Di ln(1 + Di t), is no value of its own)
    Case(J, "arps_cumulative", "b=1,Di=0.8", "float64", "domain", _fixed({"b": NAN, "Di": NAN})),
    # Corey's water curve clipped at S = 0 and 1: with nw = 2 and the oil's square, the water cut is flat from
    # both sides at both ends; with nw = 1 its slope jumps from 0 to 1 / (0.5 * 0.1) at connate water
    Case(J, "fractional_flow", "sw=0.75,nw=2", "float64", "ok", _fixed({"sw": 0, "nw": 0})),
    Case(J, "fractional_flow", "sw=0.25,nw=2", "float64", "ok", _fixed({"sw": 0, "nw": 0})),
    Case(J, "fractional_flow", "sw=0.25,nw=1", "float32", "domain", _fixed({"sw": NAN, "nw": 0})),
    Case(J, "fractional_flow", "sw=0.5,nw=3", "float32", "ok", num_grad(_fractional_flow, "float32", sw=0.5, nw=3)),
    # jnp.interp on a knot: slopes 2 * 2300 * 650 and 2 * 2300 * 500
    Case(J, "cumulative_at", "t=3", "float64", "domain", _fixed({"t": NAN})),
    Case(J, "cumulative_at", "t=4.5", "float32", "ok", _fixed({"t": 2 * 3050 * 500})),
    Case(J, "monthly_rates", "cum=[0,900,1650,2300,3800,5600]", "float64", "ok",
         num_grad(_monthly, cum=[0, 900, 1650, 2300, 3800, 5600])),
    Case(J, "history_match", None, "float64", "ok", _match_truth(0.9e3, 0.6, 1.1, only="Di"), args="history_args",
         wrt="params.decline.Di"),
    Case(J, "history_match", None, "float32", "ok", _match_truth(0.9e3, 0.6, 1.1, "float32"), args="history_args",
         wrt="params.decline"),
    Case(J, "history_match", None, "float64", "ok", _match_truth(1500, 0.9, 2.0), args="history_args_second_well",
         wrt="params.decline"),
    # b = 1e-9 in the tree: log1p(b D t) / b's slope in b is 5e9 - 5e9
    Case(J, "history_match", None, "float64", "unstable", _match_truth(800, 1e-9, 0.9), args="history_args_exponential",
         wrt="params.decline", line='log_q = jnp.log(d["qi"]) - jnp.log1p(d["b"] * d["Di"] * data["t"]) / d["b"]'),
    # the smaller of inflow 2 (3000 - p) and choke 4 p: equal at 1000, slopes 4 and -2
    Case(J, "choke_rate", "p=1000", "float64", "domain", _fixed({"p": NAN})),
    Case(J, "choke_rate", "p=400", "float32", "ok", _fixed({"p": 4})),
    # minimum + maximum at their tie is the sum: smooth, slope 4 - 2
    Case(J, "choke_rates_total", "p=1000", "float32", "ok", _fixed({"p": 2})),
    # --- chemical thermodynamics
    Case(J, "wilson_gibbs", "x1=0.3,tau12=0.5,tau21=1.2", "float64", "ok",
         num_grad(_wilson, x1=0.3, tau12=0.5, tau21=1.2)),
    Case(J, "wilson_gibbs", "x1=0.3,tau12=0.5,tau21=1.2", "float32", "ok",
         num_grad(_wilson, "float32", x1=0.3, tau12=0.5, tau21=1.2)),
    # log(exp(-800)): XLA folds the value back to 800.69..., the backward's -1 / 0 is not folded
    Case(J, "wilson_ln_gamma_inf", "tau12=800,tau21=1.2", "float64", "unstable", _wilson_inf(800, 1.2),
         "return -jnp.log(lam12) + 1.0 - lam21"),
    Case(J, "wilson_ln_gamma_inf", "tau12=100,tau21=1.2", "float32", "unstable", _wilson_inf(100, 1.2, "float32"),
         "return -jnp.log(lam12) + 1.0 - lam21"),
    # G21 = e^-800 = 0 at x1 = 0: G21 / (x1 + x2 G21) is 0 / 0 where the truth is 1
    Case(J, "nrtl_ln_gamma1", "tau12=0.5,tau21=1600", "float64", "unstable", _nrtl_inf(0.5, 1600),
         "return X2 ** 2 * (tau21 * (g21 / (X1 + X2 * g21)) ** 2"),
    Case(J, "nrtl_ln_gamma1", "tau12=0.5,tau21=1.5", "float64", "ok", _nrtl_inf(0.5, 1.5)),
    Case(J, "nrtl_ln_gamma1", "tau12=0.5,tau21=200", "float32", "unstable", _nrtl_inf(0.5, 200, "float32"),
         "return X2 ** 2 * (tau21 * (g21 / (X1 + X2 * g21)) ** 2"),
    Case(J, "nrtl_ln_gamma1_sigmoid", "tau12=0.5,tau21=200", "float32", "ok", _nrtl_inf(0.5, 200, "float32")),
    # log(0 / 1) = -inf is a constant: sigmoid(inf) = 1, its slope 0
    Case(J, "nrtl_ln_gamma1_sigmoid", "tau12=0.5,tau21=1600", "float64", "ok", _nrtl_inf(0.5, 1600)),
    Case(J, "redlich_kister", "x1=0.25", "float32", "ok", num_grad(_redlich_kister("float32"), "float32", x1=0.25)),
    Case(J, "mixture_potential", MIX, "float64", "unstable", _mixture([800, 800.5, -800, 3]),
         "return jnp.log(jnp.sum(FRACTIONS * jnp.exp(mu)))"),
    Case(J, "mixture_potential_lse", MIX, "float64", "ok", _mixture([800, 800.5, -800, 3])),
    Case(J, "mixture_potential_lse", "mu=[80,80.5,-80,3]", "float32", "ok", _mixture([80, 80.5, -80, 3], "float32")),
    # --- input errors
    Case(J, "lif_while", LIF_W, "float64", "input-error", message=("while_loop", "jax_lib43a.py:")),
    Case(J, "pressure_step", "k=0.5", "float64", "input-error", message=("tridiagonal_solve", "jax_lib43a.py:")),
    Case(J, "history_match", None, "float32", "input-error", args="history_args_second_well",
         wrt="params.decline.D", message=("params.decline.D", "params.decline.Di")),
    Case(J, "history_match", None, "float64", "input-error", args="history_argz", message=("history_argz",)),
    # the --args tree lacks Di: the loss raises at its line (status error, as in round 42)
    Case(J, "history_match", None, "float64", "error", lambda: {}, args="history_args_broken", wrt="params.decline"),
    Case(J, "spike_cnt", "v=[0.5,1.5]", "float64", "input-error", message=("spike_cnt",)),
    Case(J, "arps_rate", "b=1e-10,Di=0.8.0", "float64", "input-error", message=("0.8.0",)),
]

NUMPY = [
    Case(N, "arps_rate", ARPS, "float64", "unstable", num_grad(_arps, b=1e-10, Di=0.8),
         "return QI * (1.0 + b * Di * YEARS) ** (-1.0 / b)"),
    Case(N, "arps_rate_log1p", "b=1e-10,Di=0.75", "float64", "ok",
         lambda: {"Di": num_grad(_arps, b=1e-10, Di=0.75)()["Di"]}, wrt="Di"),
    Case(N, "arps_cumulative", HARMONIC, "float64", "unstable", num_grad(_arps_cumulative, b=0.999999999999, Di=0.8),
         "return QI / ((1.0 - b) * Di) * (1.0 - (1.0 + b * Di * YEARS) ** ((b - 1.0) / b))"),
    Case(N, "arps_cumulative_expm1", HARMONIC, "float64", "ok",
         lambda: {"Di": num_grad(_arps_cumulative, b=0.999999999999, Di=0.8)()["Di"]}, wrt="Di"),
    Case(N, "cumulative_at", "t=6", "float64", "domain", _fixed({"t": NAN})),
    Case(N, "cumulative_at", "t=1.5", "float64", "ok", _fixed({"t": 2 * 1275 * 750})),
    Case(N, "monthly_rates", "cum=[0,900,1650,2300,3800,5600]", "float64", "ok",
         num_grad(_monthly, cum=[0, 900, 1650, 2300, 3800, 5600])),
    Case(N, "flash_fraction", "K=[2.5,0.8,0.3]", "float64", "input-error",
         message=("scipy.optimize.brentq", "numpy_lib43a.py, line 53")),
    Case(N, "wilson_gibbs", "x1=0.3,tau12=0.5,tau21=1.2", "float64", "ok",
         num_grad(_wilson, x1=0.3, tau12=0.5, tau21=1.2)),
    Case(N, "wilson_ln_gamma_inf", "tau12=800,tau21=1.2", "float64", "unstable", _wilson_inf(800, 1.2),
         "return -np.log(lam12) + 1.0 - lam21"),
    Case(N, "nrtl_ln_gamma1", "tau12=0.5,tau21=1600", "float64", "unstable", _nrtl_inf(0.5, 1600),
         "return X2 ** 2 * (tau21 * (g21 / (X1 + X2 * g21)) ** 2"),
    Case(N, "nrtl_ln_gamma1_expit", "tau12=0.5,tau21=1600", "float64", "ok", _nrtl_inf(0.5, 1600)),
    Case(N, "redlich_kister", "x1=0.25", "float64", "ok", num_grad(_redlich_kister("float64"), x1=0.25)),
    Case(N, "mixture_potential", MIX, "float64", "unstable", _mixture([800, 800.5, -800, 3]),
         "return np.log(np.sum(FRACTIONS * np.exp(mu)))"),
    Case(N, "mixture_potential_lse", MIX, "float64", "ok", _mixture([800, 800.5, -800, 3])),
    # Phi(-40) = 3.7e-350 flushes to 0 in float64
    Case(N, "log_fire_probability", "v=0", "float64", "unstable", _log_fire(0),
         "return np.log(special.ndtr((v - THRESHOLD) / NOISE))", "special.log_ndtr("),
    Case(N, "log_fire_probability_stable", "v=0", "float64", "ok", _log_fire(0)),
    Case(N, "log_fire_probability_stable", "v=0.99", "float64", "ok", _log_fire(0.99)),
    Case(N, "escape_hazard", "v=0", "float64", "unstable", _hazard(0),
         "return np.exp(-z * z / 2) / np.sqrt(2 * np.pi) / special.ndtr(-z)"),
    Case(N, "escape_hazard_erfcx", "v=0", "float64", "ok", _hazard(0)),
    # xlogy(0, 1 - expit(40)) = xlogy(0, 0): gradcli's xlogy and expit keep the slope 4e-18
    Case(N, "spike_train_nll", "z=[40,-40,2]", "float64", "ok", _bernoulli([40, -40, 2], [1, 0, 1])),
    Case(N, "lif_final_potential", LIF_W, "float64", "ok", _lif_truth([1, 2, 3])),
    # F3 in NumPy: np.heaviside at v - 1 = 0, where exactly v - 1 = 7.4e-18, is not named; the reset's subtract is
    Case(N, "lif_final_potential", "w=[3.3333333333333335,1]", "float64", "unstable",
         _lif_truth([3.3333333333333335, 1]), "s = np.heaviside(v - THRESHOLD, 0.0)"),
    Case(N, "spike_train_nll_stable", "z=[40,-40,2]", "float64", "ok", _bernoulli([40, -40, 2], [1, 0, 1])),
]

ALL = JAX + NUMPY
