"""The forty-second trial set (first part): in JAX, photon counting (a paralyzable counter's dead time in a Poisson
likelihood at a true rate of e^21, where n tau = 1319 and the observed rate underflows, beside the log-space form; the
non-paralyzable correction at its pole m tau = 1; Cash's C statistic of a power-law X-ray spectrum with two empty
channels by a where, whose idle k log(k / mu) leaks 0 / 0, by xlogy(k, k / mu), whose own rule's x / y is 0 / 0 there
at any precision (wrong, and gradcli's re-checked xlogy guard), and by xlogy split; a click probability
log(1 - e^(-eta n)) behind custom_jvp rules right at 1e-20 and with the efficiency forgotten; a CCD's pile-up
fraction behind defjvps rules, right, with the frame's rule copied from the rate's, and from 1 - ans at n t = 40; an
afterglow's counts by a jax.checkpoint'ed rate under jax.vmap at a log-amplitude of -800), astronomy (the Schechter
luminosity function in magnitudes as printed, at the bright end, where e^-1e10 underflows, and at the faint end,
where 10^-808 does and 0^-0.3 is inf; in log space; behind custom_vjp rules right and with ln 10 dropped), wildlife
ecology (a Cormack-Jolly-Seber likelihood by a reversed lax.scan and jax.vmap over capture histories from a parameter
tree by --args, --wrt by path, at a recapture logit of -800, by logs of sigmoids and by log_sigmoid and logaddexp;
the hazard-rate detection function by 1 - exp at sigma = 1e-6 (8e-21 lost to 1 - 1) and by expm1; a camera-trap
classifier with exact gelu, einsum, one_hot and optax's label smoothing, and the smoothed cross-entropy by the log of a
softmax at logits of +-1000), hydrology (the SCS curve-number runoff exactly at its initial abstraction, where the
slope is 0 on both sides, by a where and by lax.cond; degree-day snowmelt by lax.switch at 0 C and at its 10 C cap,
kinks in T while ddf's slope holds; a levee's first overtopping by cumprod of 1 - sigmoid at a = 40 and by cumsum of
log_sigmoid; optax's huber_loss at 0 and at delta, kinks of |r| and minimum(|r|, delta) that cancel; least trimmed
squares by sort at a tie between kept and trimmed squares and inside the kept ones; a rating curve fitted with a
pseudo-Huber loss behind custom_vjp rules under jax.vmap, right and saving |r| for r), structural dynamics (a spring
chain's lowest frequency by eigvalsh at a repeated eigenvalue, its compliance by solve at a singular stiffness, its
log determinant by slogdet and by cholesky at a stiff k2 = 1e8 beside k = 1e-8, a flexibility by inv and det; a
three-storey building's slogdet and cholesky at k1 = 1e-300, 1e-30 and 1e-10, where k1 + k2 rounds k1 away), jax.nn (gelu with tanh at
-5 in float32 and -12 in float64, where 1 + tanh cancels, and exact; sparse_plus at its joins; relu6 at 6), and
jax.random.gamma's reparameterised draw (random_gamma, which gradcli cannot replay: a clear error at its line). In
plain NumPy and SciPy the same as legacy scripts write them (np.where, scipy.special.xlogy, expit, log_expit,
softmax, log_softmax, logsumexp with b, lambertw; np.cumprod, cumsum, einsum, np.linalg.eigvalsh, solve, slogdet,
cholesky, inv, det; and scipy.special.kolmogorov, which gradcli lacks). Input errors: a mistyped --wrt path, a
missing function, a bad point, an --args tree with a misspelt key (the loss raises: status error at its line, as the
README says), a variable the function does not take. 119 cases, 114 pass; five show findings (F2, F3, F4). A sweep of
schechter_naive over M = -60..2100 (thresholds at -27.826, -27.814, 572.10 and 748.43, each checked by hand: e^-x and
the product reaching float64's smallest normal number, x^-1.3 overflowing, 10^(0.4 dM) flushing) and of
hazard_rate_naive over sigma = 1e-12..1000 (expm1 offered and swept; the log1mexp rewrite's sweep ran out of time),
and an audit spec of eight cases naming JAX and NumPy functions (--args trees, a range, expect = "wrong",
"unstable", "domain"; all pass) were tried as a user would. After the mends of F2, F3 and F4 in the same session
(tests/test_trial_findings42.py), and of F5 found on the way, all 119 pass.

What the round taught about its own truths: a constant inside a JAX library function (jax.nn.gelu's sqrt(0.5),
sqrt(2 / pi) and 0.044715) is the mathematics the library means in every dtype (README, "A constant the framework
keeps wider"), so the float32 truth of gelu takes them in float64 (the first float32 truths, with float32's
constants, were 4e-7 off); the user's own constants (the smoothing 0.9 and 0.1 / 3) are the dtype's; gradcli names
the add k1 + k2 that rounds a stiff chain's k1 (the first place digits go) before slogdet's amplification, rightly;
a custom_vjp whose fwd saves |r| is named at its bwd, where the rule's wrong slope is computed; scipy.special.lambertw
is in gradcli.scipy; a --args tree the loss cannot read is the loss raising (status error), not an input error.

Findings (gradcli bugs); F2, F3, F4 and F5 mended in the same session, F1 in part:
F1 (message only, no verdict moved) JAX's linear algebra on a matrix its rounding made singular or ill-conditioned:
   a spring chain's slogdet at k = (1e-8, 1e8, 1e-8) is `unstable` (value 1.092 for log 2), but no forward finding
   says why: the note blames XLA's rewriting with exp folding as its example, and says "the operations run one by
   one, as an unjitted call ... give 0.6931471805599453", where an unjitted call gives 1.0920012299537327 (slogdet is
   jitted inside JAX; XLA computes its 2x2 x00 x11 - x01 x10 with a fused multiply-add, exactly for the rounded k1 +
   k2; one by one it rounds back to exactly 2 by luck). NumPy's same function names the add k1 + k2 at its line and
   slogdet's 1.2e16 amplification. A three-storey slogdet at k1 = 1e-300 names only "log([1, 1, 0]) gave -inf"
   inside slogdet, not the LU subtraction that cancelled to exactly 0 (at k1 = 1e-10 it names that subtraction).
   Mended in the same session: the note claims nothing of an unjitted call where a library's own jit is inside
   (slogdet's is), and names the fused multiply-add among XLA's rewrites; the 3x3's LU subtraction stays unnamed.
F2 gradcli.numpy's np.linalg.slogdet gradient inverts the matrix: at a matrix singular in float64 (the storey at
   k1 = 1e-300) NumPy's slogdet returns -inf, but the check reports "the program raised LinAlgError: Singular matrix"
   with no location, no value and no gradient (the program never raises: gradcli's own backward does); at k1 = 0 the
   `domain` verdict carries the same words. JAX's bridge turns the same LinAlgError into NaN (jax_ops, "as JAX
   answers").
F3 a custom_jvp's rules given by defjvps (per argument) are taken for JAX's own: the jvp JAX builds from them is a
   closure in jax/_src/custom_derivatives.py, whose debug site is JAX's, so `Rules.add` skips it ("a rule of JAX's
   own"). A wrong defjvps rule is `wrong` with the right exact gradient, but at the call's line, unnamed ("gradient
   rule at ...:511"), not at the rule; a rule's own cancellation (1 - ans at n t = 40) is named at the call too.
   defjvp-decorated rules are named at their def line.
F4 gradcli's exact cholesky (autodiff/mp.py `_cholesky`) raises ValueError("matrix is not positive-definite") where a
   pivot rounds to 0 or below at the working precision, and the reference never climbs: a three-storey building's
   log det by cholesky at k1 = 1e-300 (exactly positive definite, log det -690.78, slope 1e300 in k1; in float64 k1 +
   k2 rounds k1 away, NumPy's cholesky raises and JAX's answers NaN) is `error`, "the program does not run on
   high-precision numbers", with no exact gradient (NumPy and JAX alike), where it is `unstable`; k1 = 1e-30 is right,
   1e-50 already fails (--max-digits 2000 does not help). The singular solve and inverse climb (mp.Singular is a
   ZeroDivisionError the reference retries).
F5 (found on the mended F2; line only, the verdict right) plain NumPy's slogdet at the storey singular in float64
   names slogdet's -inf ("overflowed: -inf") and its gradient, not the add k1 + k2 at the matrix's line that absorbed
   k1 entirely, which the finite case at k1 = 1e-10 names. Mended: an add or subtract that absorbed a nonzero term,
   before a matrix function that gave -inf or NaN, is named at its line (JAX's cholesky too, one op now).

Truths are the mathematics written here in mpmath (closed forms, or mpmath.diff at 2,000 digits through `num_grad`
of the formulas restated), never the user files' code; points are the numbers the dtype holds, constants the numbers
the program writes, in the dtype where the program casts them. A coordinate with no derivative is NaN.
"""

import functools
import math

import mpmath

from cases import Case, mp
from cases5 import _in, hp
from cases12a import num_grad

J, N = "jax_lib42a.py", "numpy_lib42a.py"
NAN = mpmath.nan


def _k(value, dtype):
    """A constant the program writes, as the dtype holds it."""
    return _in(dtype, [value])[0]


def _fixed(values):
    return lambda: {k: ([mp(x) if not isinstance(x, mpmath.mpf) else x for x in v] if isinstance(v, list)
                        else (mp(v) if not isinstance(v, mpmath.mpf) else v)) for k, v in values.items()}


def _sig(x):
    return 1 / (1 + mpmath.exp(-x))


# --- photon counting -------------------------------------------------------------------------------------------------

def _paralyzable_slope(log_rate, dtype="float64"):
    """-log Pois(K; m), m = n e^(-n tau), n = e^L: d/dL = -(K - m)(1 - n tau)."""
    def truth():
        (v,) = _in(dtype, [log_rate])
        tau, k = _k(1e-6, dtype), mp(1000)
        n = mpmath.exp(v)
        m = n * mpmath.exp(-n * tau)
        return {"log_rate": -(k - m) * (1 - n * tau)}
    return hp(truth)


ENERGY = [1, 2, 4, 8, 16, 32]
COUNTS = [40, 12, 5, 0, 1, 0]


def _cash_slopes(log_norm, index, dtype="float64"):
    """C = 2 sum(mu - k + k log(k / mu)): d/dlog_norm = 2 sum(mu - k), d/dindex = -2 sum((mu - k) ln E)."""
    def truth():
        ln, ix = _in(dtype, [log_norm, index])
        mus = [mpmath.exp(ln) * mp(e) ** (-ix) for e in ENERGY]
        return {"log_norm": 2 * sum(m - c for m, c in zip(mus, COUNTS)),
                "index": -2 * sum((m - c) * mpmath.log(e) for m, c, e in zip(mus, COUNTS, ENERGY))}
    return hp(truth)


def _click_slope(n, dtype="float64"):
    """d/dn log(1 - e^(-eta n)) = eta / (e^(eta n) - 1)."""
    def truth():
        (v,) = _in(dtype, [n])
        eta = _k(0.6, dtype)
        return {"n": eta / mpmath.expm1(eta * v)}
    return hp(truth)


TIMES = [0, 1, 2, 4, 8]
AFTERGLOW = [3, 2, 1, 0, 1]


def _afterglow_slopes(log_amp, log_tau, dtype="float64"):
    """sum mu - c log mu, log mu = a - t / e^lt: d/da = sum(mu - c), d/dlt = sum((mu - c) t / tau)."""
    def truth():
        a, lt = _in(dtype, [log_amp, log_tau])
        tau = mpmath.exp(lt)
        mus = [mpmath.exp(a - t / tau) for t in TIMES]
        return {"log_amp": sum(m - c for m, c in zip(mus, AFTERGLOW)),
                "log_tau": sum((m - c) * t / tau for m, c, t in zip(mus, AFTERGLOW, TIMES))}
    return hp(truth)


def _lambertw_slope(m):
    """n = -W(-m tau) / tau: dn/dm = W'(z) = W(z) / (z (1 + W(z))) at z = -m tau, tau = 1e-6 (the float64 literal)."""
    def truth():
        z = -mp(m) * mp(1e-6)
        w = mpmath.lambertw(z).real
        return {"m": w / (z * (1 + w))}
    return hp(truth)


def _pileup_slopes(rate, frame, dtype="float64"):
    """1 - e^(-n t): d/dn = t e^(-n t), d/dt = n e^(-n t)."""
    def truth():
        n, t = _in(dtype, [rate, frame])
        return {"rate": t * mpmath.exp(-n * t), "frame": n * mpmath.exp(-n * t)}
    return hp(truth)


# --- astronomy -------------------------------------------------------------------------------------------------------

def _schechter_slopes(M, M_star, alpha, dtype="float64"):
    """log phi = c + (alpha + 1) k (M* - M) - e^(k (M* - M)), k = 0.4 ln 10 with the program's 0.4 (ln 10 an op)."""
    def truth():
        m, ms, a = _in(dtype, [M, M_star, alpha])
        k = _k(0.4, dtype) * mpmath.log(10)
        x = mpmath.exp(k * (ms - m))
        d_star = (a + 1) * k - k * x
        return {"M": -d_star, "M_star": d_star, "alpha": k * (ms - m)}
    return hp(truth)


# --- wildlife ecology ------------------------------------------------------------------------------------------------

HISTORIES = [[1, 0, 1, 1, 0], [1, 1, 0, 0, 0], [1, 1, 1, 1, 1], [1, 0, 0, 0, 0], [1, 0, 0, 1, 0]]


def _cjs(logit_phi, logit_p):
    """-log L of the histories: between release and last sighting phi (p or 1 - p) per occasion, then chi(last),
    chi(4) = 1, chi(t) = 1 - phi + phi (1 - p) chi(t + 1)."""
    phi, p = _sig(logit_phi), _sig(logit_p)
    chi = [mp(1)]
    for _ in range(4):
        chi.insert(0, 1 - phi + phi * (1 - p) * chi[0])
    total = mp(0)
    for h in HISTORIES:
        last = max(t for t in range(5) if h[t])
        for t in range(1, last + 1):
            total += mpmath.log(phi * (p if h[t] else 1 - p))
        total += mpmath.log(chi[last])
    return -total


def _cjs_truth(logit_phi, logit_p, dtype="float64", prefix="params.", names=("logit_phi", "logit_p")):
    def truth():
        g = num_grad(_cjs, dtype, logit_phi=logit_phi, logit_p=logit_p)()
        return {prefix + k: v for k, v in g.items() if k in names}
    return truth


DISTANCES = [5, 20, 40, 80]


def _hazard(sigma, b):
    return sum(mpmath.log(1 - mpmath.exp(-(mp(x) / sigma) ** (-b))) for x in DISTANCES)


def _targets(dtype):
    """one_hot(label) (1 - 0.1) + 0.1 / 3: Python's 1 - 0.1 and 0.1 / 3 in the dtype; the sum is JAX's op."""
    hi, lo = _k(1.0 - 0.1, dtype), _k(0.1 / 3, dtype)
    return hi, lo


def _xent_slopes(logits, label=0, dtype="float64"):
    """-sum t log softmax(z): d/dz_j = softmax_j sum(t) - t_j."""
    def truth():
        zs = _in(dtype, logits)
        hi, lo = _targets(dtype)
        t = [lo + (hi if j == label else 0) for j in range(len(zs))]
        top = max(zs)
        e = [mpmath.exp(z - top) for z in zs]
        s = [v / sum(e) for v in e]
        return {"logits": [s[j] * sum(t) - t[j] for j in range(len(zs))]}
    return hp(truth)


FEATURES = [[0.5, -1.0, 2.0], [1.5, 0.25, -0.75], [-0.25, 0.75, 0.125], [2.0, -1.5, 0.5]]
LABELS = [0, 2, 1, 2]
W1 = [[0.5, -0.25, 0.125, 1.0], [-0.5, 0.75, 0.25, -0.125], [0.25, 0.5, -1.0, 0.375]]
B1 = [0.0, 0.125, -0.25, 0.5]
W2 = [[1.0, -0.5, 0.25], [0.5, 0.5, -1.0], [-0.75, 1.25, 0.5], [0.25, -0.25, 0.75]]
B2 = [0.0, 0.5, -0.5]


def _classifier(w1, dtype, tanh=False):
    """The mean label-smoothed cross-entropy of the two-layer net, exact gelu x Phi(x) (as JAX writes it,
    0.5 x erfc(-x s), s = sqrt(0.5) as JAX writes it, in float64 in every dtype; the smoothing's constants are the
    user's, in the dtype)."""
    s = _k(math.sqrt(0.5), "float64")
    hi, lo = _targets(dtype)
    total = mp(0)
    for x, label in zip(FEATURES, LABELS):
        pre = [sum(mp(x[d]) * w1[d][j] for d in range(3)) + mp(B1[j]) for j in range(4)]
        h = [v * mpmath.erfc(-v * s) / 2 for v in pre]
        logits = [sum(h[j] * mp(W2[j][k]) for j in range(4)) + mp(B2[k]) for k in range(3)]
        lse = mpmath.log(sum(mpmath.exp(z) for z in logits))
        total -= sum((lo + (hi if k == label else 0)) * (logits[k] - lse) for k in range(3))
    return total / 4


def _classifier_truth(dtype="float64"):
    def truth():
        w1 = [[mp(v) for v in row] for row in W1]
        grad = [[None] * 4 for _ in range(3)]
        for d in range(3):
            for j in range(4):
                def along(t, d=d, j=j):
                    moved = [list(row) for row in w1]
                    moved[d][j] = t
                    return _classifier(moved, dtype)
                grad[d][j] = mpmath.diff(along, w1[d][j])
        return {"params.dense1.w": grad}
    return hp(truth)


def _gelu_tanh(x, dtype="float64"):
    """JAX's constants, as the library wrote them (a library's constant is the mathematics it means in every dtype:
    README, "A constant the framework keeps wider"): sqrt(2 / pi) and 0.044715 in float64."""
    c, k = _k(math.sqrt(2 / math.pi), "float64"), _k(0.044715, "float64")
    return x / 2 * (1 + mpmath.tanh(c * (x + k * x ** 3)))


def _gelu_exact(x, dtype="float64"):
    return x / 2 * mpmath.erfc(-x * _k(math.sqrt(0.5), "float64"))


# --- hydrology -------------------------------------------------------------------------------------------------------

def _scs(P, S, dtype="float64"):
    ia = _k(0.2, dtype) * S
    return (P - ia) ** 2 / (P - ia + S) if P > ia else mp(0)


def _levee_slopes(a, b, dtype="float64"):
    """log sig(z9) + sum_{t<9} log sig(-z_t): d/da = sig(-z9) - sum sig(z_t), d/db = 9 sig(-z9) - sum t sig(z_t)."""
    def truth():
        av, bv = _in(dtype, [a, b])
        z = [av + bv * t for t in range(10)]
        return {"a": _sig(-z[9]) - sum(_sig(z[t]) for t in range(9)),
                "b": 9 * _sig(-z[9]) - sum(t * _sig(z[t]) for t in range(9))}
    return hp(truth)


# --- structural dynamics ---------------------------------------------------------------------------------------------

def _det(k1, k2, k3):
    return k1 * k2 + k1 * k3 + k2 * k3


def _lowest(k1, k2, k3):
    lam = (k1 + k3) / 2 + k2 - mpmath.sqrt(((k1 - k3) / 2) ** 2 + k2 ** 2)
    return mpmath.sqrt(lam)


def _logdet_slopes(k1, k2, k3, dtype="float64"):
    def truth():
        a, b, c = _in(dtype, [k1, k2, k3])
        d = _det(a, b, c)
        return {"k1": (b + c) / d, "k2": (a + c) / d, "k3": (a + b) / d}
    return hp(truth)


def _storey_slopes(k1, k2, k3):
    """log(k1 k2 k3): 1 / k."""
    return _fixed({"k1": 1 / mp(k1), "k2": 1 / mp(k2), "k3": 1 / mp(k3)})


STAGE = [0.5, 1.0, 2.0, 4.0]
FLOW = [1.25, 2.125, 3.5, 9.0]


def _rating_slopes(a, b, dtype="float64"):
    """sum sqrt(1 + r^2) - 1, r = log a + b log h - log Q: d/da = sum w / a, d/db = sum w log h, w = r / sqrt(1 + r^2)."""
    def truth():
        av, bv = _in(dtype, [a, b])
        r = [mpmath.log(av) + bv * mpmath.log(h) - mpmath.log(q) for h, q in zip(STAGE, FLOW)]
        w = [v / mpmath.sqrt(1 + v * v) for v in r]
        return {"params.a": sum(w) / av, "params.b": sum(v * mpmath.log(h) for v, h in zip(w, STAGE))}
    return hp(truth)


K = {"k1": NAN, "k2": NAN, "k3": NAN}
ORD = "k1=1,k2=0.5,k3=2"
STIFF = "k1=1e-08,k2=100000000,k3=1e-08"
SCH = "M=-21,M_star=-20.7,alpha=-1.3"
SCH_BRIGHT = "M=-45.7,M_star=-20.7,alpha=-1.3"
SCH_FAINT = "M=2000,M_star=-20.7,alpha=-1.3"

JAX = [
    # --- photon counting
    # n tau = 1319: the observed rate e^21 e^-1319 underflows to 0, Pois(1000; 0) = 0, log 0
    Case(J, "paralyzable_nll", "log_rate=21", "float64", "unstable", _paralyzable_slope(21),
         "m = n * jnp.exp(-n * DEAD_TIME)"),
    Case(J, "paralyzable_nll", "log_rate=12", "float32", "ok", _paralyzable_slope(12, "float32")),
    Case(J, "paralyzable_nll_log", "log_rate=21", "float64", "ok", _paralyzable_slope(21)),
    # m tau = 1: the correction's pole
    Case(J, "nonparalyzable_true_rate", "m=2", "float64", "domain", _fixed({"m": NAN})),
    Case(J, "nonparalyzable_true_rate", "m=1", "float32", "ok", _fixed({"m": 4})),
    # two empty channels: the where's idle k log(k / mu) is 0 * log 0, its slope 0 / 0 leaks
    Case(J, "cash_where", "log_norm=1,index=1.5", "float64", "wrong", _cash_slopes(1, 1.5),
         "return 2.0 * jnp.sum(mu - COUNTS + jnp.where(COUNTS > 0, COUNTS * jnp.log(COUNTS / mu), 0.0))"),
    # xlogy(0, 0 / mu): JAX's rule's y_dot x / y is 0 / 0 at the empty channels; the function is smooth in mu
    Case(J, "cash_xlogy", "log_norm=1,index=1.5", "float64", "wrong", _cash_slopes(1, 1.5),
         "return 2.0 * jnp.sum(mu - COUNTS + xlogy(COUNTS, COUNTS / mu))"),
    Case(J, "cash_split", "log_norm=1,index=1.5", "float64", "ok", _cash_slopes(1, 1.5)),
    Case(J, "cash_split", "log_norm=1,index=1.5", "float32", "ok", _cash_slopes(1, 1.5, "float32")),
    Case(J, "click_loglik", "n=2", "float64", "ok", _click_slope(2)),
    Case(J, "click_loglik", "n=1e-20", "float64", "ok", _click_slope(1e-20)),
    Case(J, "click_loglik", "n=2", "float32", "ok", _click_slope(2, "float32")),
    Case(J, "click_loglik_forgot", "n=2", "float64", "wrong", _click_slope(2), "def _log_click_forgot_jvp"),
    Case(J, "pileup_fraction", "rate=3,frame=0.5", "float64", "ok", _pileup_slopes(3, 0.5)),
    # defjvps rules, the frame's copied from the rate's (frame for rate): wrong at that rule (F3, mended)
    Case(J, "pileup_fraction_slipped", "rate=3,frame=0.5", "float64", "wrong", _pileup_slopes(3, 0.5),
         "def _pileup_slipped_dframe"),
    Case(J, "pileup_fraction_from_ans", "rate=3,frame=0.5", "float32", "ok", _pileup_slopes(3, 0.5, "float32")),
    # n t = 40: 1 - ans = 1 - (1 - 4e-18) = 0 in both rules, the slopes e^-40 lost: the first rule's is named (F3,
    # mended; before, the call)
    Case(J, "pileup_fraction_from_ans", "rate=80,frame=0.5", "float64", "unstable", _pileup_slopes(80, 0.5),
         "def _pileup_from_ans_drate>>return t * frame * (1.0 - ans)"),
    Case(J, "afterglow_nll", "log_amp=1,log_tau=1", "float64", "ok", _afterglow_slopes(1, 1)),
    # e^-800 underflows inside the checkpointed rate: log 0 against a count
    Case(J, "afterglow_nll", "log_amp=-800,log_tau=1", "float64", "unstable", _afterglow_slopes(-800, 1),
         "return jnp.exp(log_amp - t / jnp.exp(log_tau))"),
    Case(J, "afterglow_nll_log", "log_amp=-800,log_tau=1", "float64", "ok", _afterglow_slopes(-800, 1)),
    # --- astronomy
    Case(J, "schechter_naive", SCH, "float64", "ok", _schechter_slopes(-21, -20.7, -1.3)),
    Case(J, "schechter_naive", SCH, "float32", "ok", _schechter_slopes(-21, -20.7, -1.3, "float32")),
    # x = 1e10: e^-x underflows, log 0
    Case(J, "schechter_naive", SCH_BRIGHT, "float64", "unstable", _schechter_slopes(-45.7, -20.7, -1.3),
         "return jnp.log(0.4 * jnp.log(10.0) * PHI_STAR * x ** (alpha + 1.0) * jnp.exp(-x))"),
    # x = 10^-808 underflows: 0^(alpha + 1) = 0^-0.3 = inf
    Case(J, "schechter_naive", SCH_FAINT, "float64", "unstable", _schechter_slopes(2000, -20.7, -1.3),
         "x = 10.0 ** (0.4 * (M_star - M))"),
    Case(J, "schechter_log", SCH_BRIGHT, "float64", "ok", _schechter_slopes(-45.7, -20.7, -1.3)),
    Case(J, "schechter_log", SCH_FAINT, "float32", "ok", _schechter_slopes(2000, -20.7, -1.3, "float32")),
    Case(J, "schechter_rule", SCH, "float64", "ok", _schechter_slopes(-21, -20.7, -1.3)),
    Case(J, "schechter_rule_noln10", SCH, "float64", "wrong", _schechter_slopes(-21, -20.7, -1.3),
         "def _schechter_noln10_bwd"),
    # --- wildlife ecology
    Case(J, "cjs_nll", None, "float64", "ok", _cjs_truth(1.25, 0.5), args="cjs_args", wrt="params"),
    Case(J, "cjs_nll", None, "float32", "ok", _cjs_truth(1.25, 0.5, "float32"), args="cjs_args", wrt="params"),
    # p = sigmoid(-800) underflows to 0: log p at every recapture
    Case(J, "cjs_nll", None, "float64", "unstable", _cjs_truth(1.25, -800), args="cjs_shy_args", wrt="params",
         line="step = jnp.log(phi) + jnp.where(h > 0, jnp.log(p), jnp.log(1.0 - p))"),
    Case(J, "cjs_nll_stable", None, "float64", "ok", _cjs_truth(1.25, -800, names=["logit_p"]), args="cjs_shy_args",
         wrt="params.logit_p"),
    Case(J, "cjs_nll_stable", None, "float32", "ok", _cjs_truth(1.25, -800, "float32"), args="cjs_shy_args",
         wrt="params"),
    Case(J, "hazard_rate_naive", "sigma=30,b=3", "float64", "ok", num_grad(_hazard, sigma=30, b=3)),
    # (x / sigma)^-b = 8e-21: 1 - e^-8e-21 = 1 - 1 = 0
    Case(J, "hazard_rate_naive", "sigma=1e-06,b=3", "float64", "unstable", num_grad(_hazard, sigma=1e-6, b=3),
         "return jnp.sum(jnp.log(1.0 - jnp.exp(-(DISTANCES / sigma) ** (-b))))"),
    Case(J, "hazard_rate_naive", "sigma=0.01,b=3", "float32", "unstable", num_grad(_hazard, "float32", sigma=0.01, b=3),
         "return jnp.sum(jnp.log(1.0 - jnp.exp(-(DISTANCES / sigma) ** (-b))))"),
    Case(J, "hazard_rate_expm1", "sigma=1e-06,b=3", "float64", "ok", num_grad(_hazard, sigma=1e-6, b=3)),
    Case(J, "hazard_rate_expm1", "sigma=0.01,b=3", "float32", "ok", num_grad(_hazard, "float32", sigma=0.01, b=3)),
    Case(J, "classifier_loss", None, "float64", "ok", _classifier_truth(), args="classifier_args",
         wrt="params.dense1.w"),
    Case(J, "classifier_loss", None, "float32", "ok", _classifier_truth("float32"), args="classifier_args",
         wrt="params.dense1.w"),
    # softmax(-1000 .. 1000)[0] = e^-1000 underflows: log 0 against a smoothed target 0.933
    Case(J, "smoothed_xent_naive", "logits=[0,1000,-1000]", "float64", "unstable", _xent_slopes([0, 1000, -1000]),
         "return -jnp.sum(targets * jnp.log(jax.nn.softmax(logits)))"),
    Case(J, "smoothed_xent", "logits=[0,1000,-1000]", "float32", "ok", _xent_slopes([0, 1000, -1000], 0, "float32")),
    # jax.nn.gelu(approximate=True): 1 + tanh(-8.45) = 9e-8 of float32's 6e-8 steps
    Case(J, "gelu_tanh", "x=-5", "float32", "unstable", num_grad(functools.partial(_gelu_tanh, dtype="float32"), "float32", x=-5),
         "return jax.nn.gelu(x, approximate=True)"),
    # 1 + tanh(-71.2) = 1 - 1 in float64, the true 2.5e-62 lost
    Case(J, "gelu_tanh", "x=-12", "float64", "unstable", num_grad(_gelu_tanh, x=-12),
         "return jax.nn.gelu(x, approximate=True)"),
    Case(J, "gelu_exact", "x=-12", "float64", "ok", num_grad(_gelu_exact, x=-12)),
    Case(J, "gelu_exact", "x=-5", "float32", "ok", num_grad(functools.partial(_gelu_exact, dtype="float32"), "float32", x=-5)),
    # sparse_plus joins (x + 1)^2 / 4 to x at 1 with slope 1 on both sides
    Case(J, "sparse_plus_unit", "x=1", "float64", "ok", _fixed({"x": 1})),
    Case(J, "sparse_plus_unit", "x=-1", "float32", "ok", _fixed({"x": 0})),
    Case(J, "relu6_unit", "x=6", "float64", "domain", _fixed({"x": NAN})),
    # --- hydrology
    # at the initial abstraction (P = 0.2 S as the dtype rounds it) the runoff's slope is 0 on both sides
    Case(J, "scs_runoff", "P=20,S=100", "float64", "ok", _fixed({"P": 0, "S": 0})),
    Case(J, "scs_runoff_cond", "P=20,S=100", "float32", "ok", _fixed({"P": 0, "S": 0})),
    Case(J, "scs_runoff_cond", "P=50,S=100", "float64", "ok", num_grad(_scs, P=50, S=100)),
    # the melt's slope in T jumps from 0 to ddf at 0 C; in ddf it is 0 on both sides
    Case(J, "snowmelt", "T=0,ddf=3", "float64", "domain", _fixed({"T": NAN, "ddf": 0})),
    Case(J, "snowmelt", "T=10,ddf=3", "float64", "domain", _fixed({"T": NAN, "ddf": 10})),
    Case(J, "snowmelt", "T=4,ddf=3", "float32", "ok", _fixed({"T": 3, "ddf": 4})),
    Case(J, "levee_first_overtop", "a=-3,b=0.1", "float64", "ok", _levee_slopes(-3, 0.1)),
    # sigmoid(40) = 1 - 4e-18 rounds to 1: 1 - h = 0, log 0
    Case(J, "levee_first_overtop", "a=40,b=0.1", "float64", "unstable", _levee_slopes(40, 0.1),
         "survival = jnp.cumprod(1.0 - h)"),
    Case(J, "levee_first_overtop", "a=20,b=0.1", "float32", "unstable", _levee_slopes(20, 0.1, "float32"),
         "survival = jnp.cumprod(1.0 - h)"),
    Case(J, "levee_first_overtop_stable", "a=40,b=0.1", "float64", "ok", _levee_slopes(40, 0.1)),
    Case(J, "levee_first_overtop_stable", "a=20,b=0.1", "float32", "ok", _levee_slopes(20, 0.1, "float32")),
    # optax's huber: |r| and minimum(|r|, delta) have kinks at 0 and at delta, the loss has none
    Case(J, "huber_residuals", "r=[0,1,-1,2.5]", "float64", "ok", _fixed({"r": [0, 1, -1, 1]})),
    Case(J, "huber_residuals", "r=[0,1,-1,2.5]", "float32", "ok", _fixed({"r": [0, 1, -1, 1]})),
    # 9 = 9: which square is trimmed switches, no derivative in r3, r4
    Case(J, "trimmed_sse", "r=[1,-2,3,-3]", "float64", "domain", _fixed({"r": [2, -4, NAN, NAN]})),
    # a tie inside the kept squares: smooth
    Case(J, "trimmed_sse", "r=[1,-1,2,5]", "float64", "ok", _fixed({"r": [2, -2, 4, 0]})),
    # --- structural dynamics
    Case(J, "lowest_frequency", ORD, "float64", "ok", num_grad(_lowest, k1=1, k2=0.5, k3=2)),
    # a repeated eigenvalue: lam_min = 1 - |.| in every direction
    Case(J, "lowest_frequency", "k1=1,k2=0,k3=1", "float64", "domain", _fixed(K)),
    Case(J, "compliance", ORD, "float64", "ok", num_grad(lambda k1, k2, k3: (k1 + k2) / _det(k1, k2, k3), k1=1, k2=0.5,
                                                         k3=2)),
    Case(J, "compliance", "k1=0,k2=1,k3=0", "float64", "domain", _fixed(K)),
    Case(J, "chain_logdet", ORD, "float32", "ok", _logdet_slopes(1, 0.5, 2, "float32")),
    # (k1 + k2)(k2 + k3) - k2^2 = 2 + 1e-16 from 1e16 - 1e16
    Case(J, "chain_logdet", STIFF, "float64", "unstable", _logdet_slopes(1e-8, 1e8, 1e-8),
         "def stiffness>>return jnp.array([[k1 + k2, -k2], [-k2, k2 + k3]])"),
    Case(J, "chain_logdet_chol", STIFF, "float64", "unstable", _logdet_slopes(1e-8, 1e8, 1e-8),
         "L = jnp.linalg.cholesky(stiffness(k1, k2, k3))"),
    Case(J, "chain_logdet_chol", ORD, "float64", "ok", _logdet_slopes(1, 0.5, 2)),
    Case(J, "flexibility_det", ORD, "float64", "ok", num_grad(lambda k1, k2, k3: 1 / _det(k1, k2, k3), k1=1, k2=0.5,
                                                              k3=2)),
    Case(J, "storey_logdet", "k1=1,k2=2,k3=3", "float64", "ok", _storey_slopes(1, 2, 3)),
    # k1 + k2 = 1 + 1e-300 = 1: the LU's last pivot k3 - k3^2 / 1 = 0, log 0 (the true det is 1e-300); F1 (message
    # only): the log of the 0 pivot is named, not the LU's subtraction that cancelled to exactly 0 (at k1 = 1e-10 it is)
    Case(J, "storey_logdet", "k1=1e-300,k2=1,k3=1", "float64", "unstable", _storey_slopes(1e-300, 1, 1),
         "return jnp.linalg.slogdet(K)[1]"),
    Case(J, "storey_logdet", "k1=1e-10,k2=1,k3=1", "float64", "unstable", _storey_slopes(1e-10, 1, 1),
         "return jnp.linalg.slogdet(K)[1]"),
    # the same by cholesky: k1 + k2 rounds to 1 and the last pivot to 0, JAX's cholesky answers NaN; F4 (mended):
    # gradcli's exact cholesky met the same 0 pivot at its working precision and never climbed: error
    Case(J, "storey_logdet_chol", "k1=1e-300,k2=1,k3=1", "float64", "unstable", _storey_slopes(1e-300, 1, 1),
         "return 2.0 * jnp.sum(jnp.log(jnp.diag(jnp.linalg.cholesky(K))))"),
    Case(J, "storey_logdet_chol", "k1=1e-30,k2=1,k3=1", "float64", "unstable", _storey_slopes(1e-30, 1, 1),
         "return 2.0 * jnp.sum(jnp.log(jnp.diag(jnp.linalg.cholesky(K))))"),
    Case(J, "storey_logdet", "k1=0,k2=1,k3=1", "float64", "domain", _fixed(K)),
    Case(J, "rating_fit", None, "float64", "ok", _rating_slopes(2, 1), args="rating_args", wrt="params"),
    Case(J, "rating_fit", None, "float32", "ok", _rating_slopes(2, 1, "float32"), args="rating_args", wrt="params"),
    # the rule's residual is |r|: wrong where a log residual is negative (three of four here)
    Case(J, "rating_fit_abs", None, "float64", "wrong", _rating_slopes(2, 1), "def _soft_l1_abs_bwd", args="rating_args",
         wrt="params"),
    # --- input errors a user makes
    Case(J, "cjs_nll", None, "float32", "input-error", args="cjs_shy_args", wrt="params.logit_q", message=("logit_q",)),
    # the --args tree misspells a key the loss reads: the loss raises at its line, status error (README: a function
    # that raises at a point is `error` there, with what happened as the message)
    Case(J, "cjs_nll", None, "float64", "error", lambda: {}, args="cjs_broken_args", wrt="params"),
    Case(J, "cjs_nl", None, "float64", "input-error", args="cjs_args", message=("cjs_nl",)),
    Case(J, "schechter_log", "M=-21,M_star=-20.7,alpha=-1.3.0", "float64", "input-error", message=("-1.3.0",)),
    Case(J, "gamma_prior_draw", "shape=1.5", "float64", "input-error", message=("random_gamma", "jax_lib42a.py")),
]

NUMPY = [
    # gradcli.numpy's where, as JAX's, sends the idle branch's 0 / 0 on
    Case(N, "cash_where", "log_norm=1,index=1.5", "float64", "wrong", _cash_slopes(1, 1.5),
         "return 2 * np.sum(mu - COUNTS + np.where(COUNTS > 0, COUNTS * np.log(COUNTS / mu), 0.0))"),
    Case(N, "cash_xlogy", "log_norm=1,index=1.5", "float64", "ok", _cash_slopes(1, 1.5)),
    Case(N, "paralyzable_nll", "log_rate=21", "float64", "unstable", _paralyzable_slope(21),
         "m = n * np.exp(-n * 1e-6)"),
    Case(N, "paralyzable_nll", "log_rate=12", "float64", "ok", _paralyzable_slope(12)),
    Case(N, "paralyzable_true_rate", "m=300000", "float64", "ok", _lambertw_slope(3e5)),
    Case(N, "ks_uniformity_pvalue", "d=0.1", "float64", "input-error", message=("kolmogorov", "numpy_lib42a.py")),
    Case(N, "schechter_naive", SCH_BRIGHT, "float64", "unstable", _schechter_slopes(-45.7, -20.7, -1.3),
         "return np.log(0.4 * np.log(10) * 5e-3 * x ** (alpha + 1) * np.exp(-x))"),
    Case(N, "schechter_log", SCH_BRIGHT, "float64", "ok", _schechter_slopes(-45.7, -20.7, -1.3)),
    Case(N, "cjs_nll", "logit_phi=1.25,logit_p=0.5", "float64", "ok", _cjs_truth(1.25, 0.5, prefix="")),
    Case(N, "cjs_nll", "logit_phi=1.25,logit_p=-800", "float64", "unstable", _cjs_truth(1.25, -800, prefix=""),
         "total += np.log(phi) + (np.log(p) if h[t] else np.log(1 - p))"),
    Case(N, "cjs_nll_stable", "logit_phi=1.25,logit_p=-800", "float64", "ok", _cjs_truth(1.25, -800, prefix="")),
    Case(N, "hazard_rate_naive", "sigma=1e-06,b=3", "float64", "unstable", num_grad(_hazard, sigma=1e-6, b=3),
         "return np.sum(np.log(1 - np.exp(-(DISTANCES / sigma) ** (-b))))"),
    Case(N, "hazard_rate_expm1", "sigma=1e-06,b=3", "float64", "ok", num_grad(_hazard, sigma=1e-6, b=3)),
    Case(N, "smoothed_xent_naive", "logits=[0,1000,-1000]", "float64", "unstable", _xent_slopes([0, 1000, -1000]),
         "return -np.sum(TARGETS * np.log(special.softmax(logits)))"),
    Case(N, "smoothed_xent", "logits=[0,1000,-1000]", "float64", "ok", _xent_slopes([0, 1000, -1000])),
    Case(N, "levee_first_overtop", "a=40,b=0.1", "float64", "unstable", _levee_slopes(40, 0.1),
         "survival = np.cumprod(1 - h)"),
    Case(N, "levee_first_overtop_stable", "a=40,b=0.1", "float64", "ok", _levee_slopes(40, 0.1)),
    Case(N, "scs_runoff", "P=20,S=100", "float64", "ok", _fixed({"P": 0, "S": 0})),
    Case(N, "huber_residuals", "r=[0,1,-1,2.5]", "float64", "ok", _fixed({"r": [0, 1, -1, 1]})),
    Case(N, "lowest_frequency", "k1=1,k2=0,k3=1", "float64", "domain", _fixed(K)),
    Case(N, "lowest_frequency", ORD, "float64", "ok", num_grad(_lowest, k1=1, k2=0.5, k3=2)),
    Case(N, "chain_logdet", STIFF, "float64", "unstable", _logdet_slopes(1e-8, 1e8, 1e-8),
         "sign, logdet = np.linalg.slogdet(stiffness(k1, k2, k3))"),
    Case(N, "chain_logdet_chol", ORD, "float64", "ok", _logdet_slopes(1, 0.5, 2)),
    Case(N, "flexibility_det", ORD, "float64", "ok", num_grad(lambda k1, k2, k3: 1 / _det(k1, k2, k3), k1=1, k2=0.5,
                                                              k3=2)),
    Case(N, "compliance", ORD, "float64", "ok", num_grad(lambda k1, k2, k3: (k1 + k2) / _det(k1, k2, k3), k1=1, k2=0.5,
                                                         k3=2)),
    Case(N, "modal_energy", "u=[1,-1]", "float64", "ok", _fixed({"u": [2, -3]})),
    # NumPy's slogdet returns -inf here; F2 (mended): gradcli.numpy's own slogdet gradient inverted the singular matrix
    # and raised, told as "the program raised LinAlgError"; F5 (mended): the add at the matrix's line that absorbed k1
    # entirely was not named, only slogdet's -inf ("overflowed")
    Case(N, "storey_logdet", "k1=1e-300,k2=1,k3=1", "float64", "unstable", _storey_slopes(1e-300, 1, 1),
         "def storey_logdet(>>K = np.array([[k1 + k2, -k2, 0.0], [-k2, k2 + k3, -k3], [0.0, -k3, k3]])"),
    Case(N, "storey_logdet", "k1=1,k2=2,k3=3", "float64", "ok", _storey_slopes(1, 2, 3)),
    # NumPy's cholesky raises LinAlgError (the float64 matrix is singular): unstable where the exact value is finite
    # (F4, mended: at 1e-300 gradcli's exact cholesky raised too, at every precision: error)
    Case(N, "storey_logdet_chol", "k1=1e-300,k2=1,k3=1", "float64", "unstable", _storey_slopes(1e-300, 1, 1),
         "return 2 * np.sum(np.log(np.diag(np.linalg.cholesky(K))))"),
    Case(N, "storey_logdet_chol", "k1=1e-30,k2=1,k3=1", "float64", "unstable", _storey_slopes(1e-30, 1, 1),
         "return 2 * np.sum(np.log(np.diag(np.linalg.cholesky(K))))"),
    # finite in float64 too: the add that rounds k1 (4e8 times amplified by slogdet) is named
    Case(N, "storey_logdet", "k1=1e-10,k2=1,k3=1", "float64", "unstable", _storey_slopes(1e-10, 1, 1),
         "def storey_logdet(>>K = np.array([[k1 + k2, -k2, 0.0], [-k2, k2 + k3, -k3], [0.0, -k3, k3]])"),
    Case(N, "cjs_nll", "logit_phi=1.25,logit_q=0.5", "float64", "input-error", message=("logit_q",)),
]

ALL = JAX + NUMPY
