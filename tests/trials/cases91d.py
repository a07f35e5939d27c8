"""The ninety-first trial set (d): CAUSAL INFERENCE AND OFF-POLICY ESTIMATION, as JAX, PyTorch, TensorFlow and plain
NumPy code writes them (jax_lib91d, torch_lib91d, tf_lib91d, np_lib91d), three units T = [1, 0, 1], Y = [2, 0.5, 1.5]:
the Horvitz-Thompson ATE mean(T Y / e - (1 - T) Y / (1 - e)) with e = sigmoid(logit) (jax.nn.sigmoid, torch.sigmoid,
tf.sigmoid, 1 / (1 + np.exp(-z)); NumPy's weights by scipy.special.expit, one by scipy.stats.logistic.cdf) at ordinary
logits, a treated unit at +40 (e rounds to 1 in both dtypes: (1 - T) Y / (1 - e) = 0 / 0), a control unit at +40 (Y /
0) and a treated unit at -40 (1 / e = 2.4e17, held); the propensity clipped to [0.01, 0.99] (jnp.clip, clamp,
tf.clip_by_value, np.clip) at +40; the self-normalised (Hajek) estimate sum(w Y) / sum(w) at a single nonzero weight
and at all weights 0, guarded there (jnp.where, tf.math.divide_no_nan, np.divide(..., where=), a clamp_min(1e-12)
denominator), from log-weights by exp (-800, float32 -120: 0 / 0) and by softmax; the doubly robust (AIPW) estimator;
the propensity model's cross-entropy by log_sigmoid / F.binary_cross_entropy_with_logits /
tf.nn.sigmoid_cross_entropy_with_logits / np.logaddexp, by the naive log(sigmoid) and log(1 - sigmoid), and PyTorch's
F.binary_cross_entropy on probabilities, with a control unit at +40 (and +30); Kish's effective sample size (sum
w)^2 / sum w^2 at a single nonzero weight and at all zeros; importance ratios sum(pi / mu r) at mu = 0 (pi / 0 and 0 /
0); exp(log pi) / exp(log mu) against exp(log pi - log mu) with log-probabilities of -800 (float32 -120); per-decision
importance sampling sum_t gamma^t r_t prod_{s <= t} pi_s / mu_s by cumprod (ordinary, one and two zero factors) and
(JAX) by exp(cumsum(log pi - log mu)); V-trace targets with rho_bar = c_bar = 1 (jnp.minimum, torch.clamp(max=),
tf.minimum, np.minimum) at ordinary ratios and at rho_0 = 1; a clipped weight clip(w, 0, 10) with a straight-through
rule (jax.custom_vjp, autograd.Function, tf.custom_gradient: inside the clip, past it, on its bound) and a wrong rule
g w / 10; an uplift model's sigmoid(z1) - sigmoid(z0) (equal logits at 40) and |sigmoid(z1) - sigmoid(z0)| at equal
logits; an intercept calibrated by scipy.optimize.brentq.

Counts: 149 cases tried, each through the CLI by tests/trials/judge.py (a scratch driver: two CLI runs at a time,
judged one at a time in its main thread): first 129 (JAX 48, the others 81), then 31 new or corrected, two guards by
hand, then the whole kept set once more; 37 repeats dropped before that last run (JAX's second ordinary float32
points, the other frameworks' copies of points JAX already shows). ALL keeps 112: 50 ok, 32 unstable, 18 domain, 11
wrong, 1 input error; 85 float64, 27 float32 (JAX 46, PyTorch 22, TensorFlow 19, NumPy 25). All 112 agree with my
truths (after the corrections below) in verdict, every exact gradient entry to 1e-10 relative and, where given, the
line (the input error in its message). Each check took 3.1-25.6 s (median 5.9 s; JAX 3.9-8.2 s, NumPy 3.1-6.7 s,
PyTorch 7.8-14.5 s, TensorFlow 17.4-25.6 s: the 19 checks over 15 s are TensorFlow's start-up on the loaded machine
with two at once); 17 min of CLI time in the last run (about 9.5 min on two cores).

Agreed (verdicts and exact slopes):
- the ATE and the weights with a treated unit at logit 40: the term (1 - T) Y / (1 - e) is 0 / 0 where it is 0:
  unstable (all four, float32 too; NumPy's expit as well); a control unit at 40: Y / 0 = inf where the term is -3.9e16:
  unstable; a treated unit at -40: ok in both dtypes; AIPW at 40: unstable;
- the clipped propensity at 40: on the clip's flat side, slope 0 (the "dead" gradient is the truth): ok, both dtypes;
- Hajek at w = [1, 0, 0]: ok; at all zeros: 0 / 0, a weighted mean of Y along every direction: domain, every entry
  without a slope; guarded by jnp.where, tf.math.divide_no_nan, np.divide(where=): 0 at the point, Y_k beside it: a
  jump in every entry, domain (gradcli names the jump at the guard's line; np.divide's where= and out= replayed); with
  the denominator clamped to 1e-12 the function is smooth at 0: ok, slopes Y / 1e-12 (2e12, 5e11, 1.5e12);
- the log-weights by exp at -800 (float32 -120): 0 / 0 where the estimate is a number: unstable; softmax (and NumPy's
  max-subtracted exp): ok;
- cross-entropy with a control unit at 40: the with_logits spellings ok (float32 too); log(1 - sigmoid(40)) = log 0:
  unstable; a treated unit at -40 in the naive spelling: ok (log(4.2e-18) is held);
- ESS at a single nonzero weight: ok (the slope of the weight itself exactly 0); at all zeros: 0 / 0: domain;
- sum(pi / mu r) at mu_1 = 0: a pole (and, with pi_1 = 0, 0 / 0) in one term: domain, the other terms' pi and mu
  keeping their slopes r / mu, -pi r / mu^2 (gradcli's rule for a NaN a coordinate never meets), the bad term's none;
- exp(log pi) / exp(log mu) at -800 (float32 -120): 0 / 0 where the ratio is e^0.5: unstable; exp(log pi - log mu):
  ok;
- per-decision products by jnp.cumprod, torch.cumprod and np.cumprod through one and two zero factors: ok (pi_0's slope
  6.44, resp. 2); by exp(cumsum(log pi - log mu)) at pi_0 = 0: the value 0 is right, pi_0 has no slope (log's domain
  ends there; its rule gives 0 * inf), the others 0: domain;
- V-trace: ok (float32 too); at rho_0 = 1, min(1, rho) at its tie: log_rho[0] has slopes 0.33198 from the left and 0
  from the right: domain, v's slopes kept (all four);
- the straight-through clip: ok inside [0, 10]; at w = 15 the rule passes Y_0 = 2 where the slope is 0: wrong, at the
  rule's line (JAX's bwd, the Function's backward, the tf.custom_gradient's grad); on the bound w = 10: domain (JAX);
  the rule g w / 10: wrong (all three);
- uplift at equal logits 40: the frameworks' sigmoid rule s (1 - s) is 0 where the slope is 4.2e-18: unstable (float32
  too); NumPy's 1 / (1 + exp(-z)) by the chain rule: ok; |uplift| at equal logits: a kink: domain;
- scipy.stats.logistic.cdf replayed: ok; scipy.optimize.brentq refused, exit 2, "np_lib91d.py, line 112:
  scipy.optimize.brentq is a SciPy function gradcli.scipy does not have (...)", the call underlined: clear.

My truths corrected (gradcli right, each re-derived and checked against the framework itself in a scratch probe):
- PyTorch's F.binary_cross_entropy(torch.sigmoid(z), t) with a control unit at z = 40 (both dtypes), first unstable
  (p rounds to 1; the forward's log clamp at -100 gives 100 for 40): wrong. PyTorch's backward is (p - t) / max(p (1 -
  p), 1e-12), not the slope of its forward wherever p (1 - p) < 1e-12 (|z| > 27.6), at any precision: at high
  precision it gives 1.4e-6 for sigmoid(40) / 3 = 0.3333 (in the dtype: 0, sigmoid's rule). Added z = 30 in float64,
  where nothing rounds (sigmoid(30) = 1 - 9.4e-14 is held): torch gives 0.0312 for 0.3333: wrong, at the
  F.binary_cross_entropy line.
- tf.math.cumprod through a zero factor (per_decision at pi_0 = 0, both dtypes), first ok: TensorFlow's Cumprod
  gradient is cumsum(prod * grad, reverse) / x by div_no_nan, 0 at x = 0: pi_0 gets 0 where its slope is 6.44 (TF
  itself gives [0, 0, 0]): wrong, gradcli naming tf.math.cumprod's line.

Findings: none. Every verdict and exact slope agreed once my two truths above were corrected.

Truths are my own expressions evaluated with mpmath (2,000 digits by cases30b.sided_grad, each slope from both sides;
by hand where the program has no value): 1 / e as 1 + e^-z and 1 / (1 - e) as 1 + e^z, the cross-entropy as
log1p(exp(z)) - T z, the log-weights' estimate relative to the first weight, the per-decision sum as an explicit
product of ratios, V-trace's targets from IMPALA's closed form sum_{t >= s} gamma^(t - s) (prod c_i) delta_t, the
clip as min(max(w, 0), 10), never the files' code or gradcli. The programs' constants are exact in binary but the clip
bounds 0.01 and 0.99, held in the case's dtype (they only set values on the clip's flat side)."""
import mpmath

from cases import Case
from cases5 import _in, hp
from cases30b import sided_grad
from cases73d import NAN, at, mpf

J, T_, K, N = "jax_lib91d.py", "torch_lib91d.py", "tf_lib91d.py", "np_lib91d.py"
F32, F64 = "float32", "float64"

# the programs' constants, every one exact in binary but EPS (held in the case's dtype)
T = [1, 0, 1]
Y = [2, mpf("0.5"), mpf("1.5")]
R = [1, mpf("0.5"), 2]
GAMMA = mpf("0.5")
W_MAX = 10


# ------------------------------------------------------------------------------------------------- the mathematics
def sig(z):
    return 1 / (1 + mpmath.exp(-z))


def ate(logit):
    """mean(T Y / e - (1 - T) Y / (1 - e)) with 1 / e = 1 + e^-z and 1 / (1 - e) = 1 + e^z."""
    return sum(T[k] * Y[k] * (1 + mpmath.exp(-z)) - (1 - T[k]) * Y[k] * (1 + mpmath.exp(z))
               for k, z in enumerate(logit)) / 3


def weights(logit):
    return sum((T[k] * (1 + mpmath.exp(-z)) + (1 - T[k]) * (1 + mpmath.exp(z))) * Y[k] for k, z in enumerate(logit))


def clipped(dtype):
    lo, hi = _in(dtype, [0.01])[0], _in(dtype, [1 - 0.01])[0]

    def f(logit):
        e = [min(max(sig(z), lo), hi) for z in logit]
        return sum(T[k] * Y[k] / e[k] - (1 - T[k]) * Y[k] / (1 - e[k]) for k in range(3)) / 3
    return f


def hajek(w):
    return sum(a * b for a, b in zip(w, Y)) / sum(w)


def aipw(logit, m1, m0):
    return sum(m1[k] - m0[k] + T[k] * (Y[k] - m1[k]) * (1 + mpmath.exp(-z))
               - (1 - T[k]) * (Y[k] - m0[k]) * (1 + mpmath.exp(z)) for k, z in enumerate(logit)) / 3


def bce(logit):
    """mean(softplus(z) - T z), the cross-entropy of sigmoid(z) against T."""
    return sum(mpmath.log1p(mpmath.exp(z)) - T[k] * z for k, z in enumerate(logit)) / 3


def hajek_clamped(w):
    """sum(w Y) / max(sum(w), 1e-12) (the double nearest 1e-12): smooth at w = 0, slopes Y / 1e-12."""
    return sum(a * b for a, b in zip(w, Y)) / max(sum(w), mpf(1e-12))


def hajek_log(log_w):
    """sum(softmax(log_w) Y), each weight exp(l_k - l_0) relative to the first."""
    e = [mpmath.exp(v - log_w[0]) for v in log_w]
    return sum(a * b for a, b in zip(e, Y)) / sum(e)


def ess(w):
    return sum(w) ** 2 / sum(v * v for v in w)


def is_return(pi, mu):
    return sum(p / m * r for p, m, r in zip(pi, mu, R))


def ratio(log_pi, log_mu):
    return sum(mpmath.exp(a - b) * r for a, b, r in zip(log_pi, log_mu, R))


def per_decision(pi, mu):
    """sum_t gamma^t r_t prod_{s <= t} pi_s / mu_s, a polynomial in pi."""
    return sum(GAMMA ** t * R[t] * mpmath.fprod(pi[s] / mu[s] for s in range(t + 1)) for t in range(3))


def per_decision_log(pi, mu):
    """The same through exp(sum log(pi / mu)): defined for pi_s > 0 only (mpmath's log of a negative is complex: no
    value; log 0 = -inf, exp(-inf) = 0)."""
    terms = []
    for t in range(3):
        s = sum(mpmath.log(pi[i]) - mpmath.log(mu[i]) for i in range(t + 1))
        terms.append(GAMMA ** t * R[t] * mpmath.exp(s))
    return sum(terms)


def vtrace(log_rho, v):
    """sum_s v_s with v_s = V_s + sum_{t >= s} gamma^(t - s) (prod_{s <= i < t} c_i) delta_t, c = rho_c = min(1, rho),
    delta_t = rho_c_t (r_t + gamma V_{t+1} - V_t)."""
    c = [min(mpf(1), mpmath.exp(a)) for a in log_rho]
    delta = [c[t] * (R[t] + GAMMA * v[t + 1] - v[t]) for t in range(3)]
    total = 0
    for s in range(3):
        total += v[s] + sum(GAMMA ** (t - s) * mpmath.fprod(c[s:t]) * delta[t] for t in range(s, 3))
    return total


def clip_sum(w):
    return sum(min(max(a, mpf(0)), mpf(W_MAX)) * y for a, y in zip(w, Y))


def uplift(z1, z0):
    return sum(sig(a) - sig(b) for a, b in zip(z1, z0))


def uplift_abs(z1, z0):
    return sum(abs(sig(a) - sig(b)) for a, b in zip(z1, z0))


# ------------------------------------------------------------------------------------------------- cases
def S(file, function, dtype, verdict, f, line=None, **point):
    return Case(file, function, at(**point), dtype, verdict, sided_grad(f, dtype, finite_sides=True, **point),
                line=line)


def Hand(file, function, dtype, verdict, truth, **point):
    return Case(file, function, at(**point), dtype, verdict, hp(truth))


def is_return_kept(pi, mu, bad):
    """A pole or 0 / 0 in term `bad` alone: no input of the other terms moves it; they keep their own slopes R / mu,
    -pi R / mu^2 (gradcli's rule for a NaN a coordinate never meets); the bad term's pi and mu have none."""
    def truth():
        p, m = _in(F64, pi), _in(F64, mu)
        return {"pi": [NAN if k == bad else R[k] / m[k] for k in range(3)],
                "mu": [NAN if k == bad else -p[k] * R[k] / m[k] ** 2 for k in range(3)]}
    return truth


ALL_NAN_W = lambda: {"w": [NAN] * 3}  # noqa: E731

LG = [0.5, -0.3, 1.2]
LG40 = [40.0, -0.3, 1.2]  # a treated unit at +40: e = 1, (1 - T) Y / (1 - e) = 0 / 0
LGC40 = [0.5, 40.0, 1.2]  # a control unit at +40: Y / (1 - e) = Y / 0
LGC30 = [0.5, 30.0, 1.2]  # sigmoid(30) = 1 - 9.4e-14 is held; p (1 - p) = 9.4e-14 < 1e-12
LGT_M40 = [-40.0, -0.3, 1.2]  # a treated unit at -40: 1 / e = 2.4e17, held
M1, M0 = [1.5, 1.0, 1.0], [0.5, 0.25, 1.0]
W = [0.5, 2.0, 1.5]
W1 = [1.0, 0.0, 0.0]  # a single nonzero weight
W3 = [0.0, 0.0, 3.0]
W0 = [0.0, 0.0, 0.0]
PI, MU = [0.3, 0.6, 0.8], [0.5, 0.5, 0.25]
MU_POLE = [0.5, 0.0, 0.25]  # the behaviour policy never takes the logged action: pi / 0
PI_00 = [0.3, 0.0, 0.8]  # and neither does the target policy: 0 / 0
PIZ = [0.0, 0.6, 0.8]  # the target policy never takes the first action
PIZZ = [0.0, 0.0, 0.8]  # nor the second: two zero factors
LP, LM = [-800.0, -1.0, -0.5], [-800.5, -0.5, -1.0]  # probabilities below the doubles' range, ratio e^0.5
LP32, LM32 = [-120.0, -1.0, -0.5], [-120.5, -0.5, -1.0]
LW800 = [-800.0, -801.0, -802.0]  # log-weights; e^-800 underflows to 0
LW120 = [-120.0, -121.0, -122.0]
LR, V = [0.3, -0.5, -1.2], [1.0, 0.5, -0.25, 0.75]
LR0 = [0.0, -0.5, -1.2]  # rho_0 = 1: min(1, rho) at its tie
WC_IN, WC_OUT, WC_EDGE = [4.0, 2.0, 3.0], [15.0, 2.0, 3.0], [10.0, 2.0, 3.0]
Z1, Z0 = [0.5, -1.0], [0.5, 0.3]  # equal logits in the first entry
Z1_40, Z0_40 = [40.0, -1.0], [40.0, 0.3]


RULE_LINES = {  # the straight-through rule's and the wrong rule's lines
    J: ("def clip_st_bwd", "def clip_bad_bwd"),
    T_: ("class ClipST>>def backward", "class ClipBad>>def backward"),
    K: ("def clip_st(w)>>def grad", "def clip_bad(w)>>def grad"),
}


def frameworks(file, more=True):
    """The round's cases for one file; ``more``: the file that gets every point (JAX), the others the telling ones."""
    fw = file != N  # a framework's sigmoid rule s (1 - s); NumPy's 1 / (1 + exp(-z)) by the chain rule
    tf_cumprod = file == K  # tf.math.cumprod's gradient divides by the factor with div_no_nan: 0 at a zero factor
    every = [  # (every file?, case)
        (1, S(file, "ipw_ate", F64, "ok", ate, logit=LG)),
        (1, S(file, "ipw_ate", F64, "unstable", ate, logit=LG40)),
        (1, S(file, "ipw_ate", F32, "unstable", ate, logit=LG40)),
        (0, S(file, "ipw_ate", F64, "unstable", ate, logit=LGC40)),
        (file == N, S(file, "ipw_weights", F64, "unstable", weights, logit=LG40)),
        (1, S(file, "ipw_clipped", F32, "ok", clipped(F32), logit=LG40)),
        (0, S(file, "ipw_clipped", F64, "ok", clipped(F64), logit=LGC40)),
        (file == N, Hand(file, "snipw", F64, "domain", ALL_NAN_W, w=W0)),
        (0, S(file, "snipw", F64, "ok", hajek, w=W1)),
        (0, S(file, "aipw", F64, "unstable", aipw, logit=LG40, m1=M1, m0=M0)),
        (1, S(file, "bce_stable", F32, "ok", bce, logit=LGC40)),
        (1, S(file, "bce_naive", F32, "unstable", bce, logit=LGC40)),
        (0, S(file, "ess", F64, "ok", ess, w=W3)),
        (file == N, Hand(file, "ess", F64, "domain", ALL_NAN_W, w=W0)),
        (1, S(file, "snipw_exp", F64, "unstable", hajek_log, log_w=LW800)),
        (1, S(file, "snipw_softmax", F64, "ok", hajek_log, log_w=LW800)),
        (file == N, Hand(file, "is_return", F64, "domain", is_return_kept(PI, MU_POLE, 1), pi=PI, mu=MU_POLE)),
        (1, S(file, "ratio_probs", F64, "unstable", ratio, log_pi=LP, log_mu=LM)),
        (1, S(file, "ratio_logspace", F64, "ok", ratio, log_pi=LP, log_mu=LM)),
        (file == K, S(file, "per_decision", F64, "ok", per_decision, pi=PI, mu=MU)),
        (1, S(file, "per_decision", F64, "wrong" if tf_cumprod else "ok", per_decision,
              "tf.math.cumprod(pi / mu)" if tf_cumprod else None, pi=PIZ, mu=MU)),
        (0, S(file, "vtrace", F64, "ok", vtrace, log_rho=LR, v=V)),
        (1, S(file, "vtrace", F64, "domain", vtrace, log_rho=LR0, v=V)),
        (1, S(file, "uplift", F64, "unstable" if fw else "ok", uplift, z1=Z1_40, z0=Z0_40)),
        (file == N, S(file, "uplift_abs", F64, "domain", uplift_abs, z1=Z1, z0=Z0)),
    ]
    if file != N:
        every += [
            (1, S(file, "weighted_st", F64, "ok", clip_sum, w=WC_IN)),
            (1, S(file, "weighted_st", F64, "wrong", clip_sum, RULE_LINES[file][0], w=WC_OUT)),
            (1, S(file, "weighted_bad", F64, "wrong", clip_sum, RULE_LINES[file][1], w=WC_IN)),
        ]
    cases = [case for keep, case in every if keep or more]
    if more:
        cases += [
            S(file, "ipw_ate", F64, "ok", ate, logit=LGT_M40),
            S(file, "aipw", F64, "ok", aipw, logit=LG, m1=M1, m0=M0),
            S(file, "aipw", F32, "ok", aipw, logit=LG, m1=M1, m0=M0),
            S(file, "bce_naive", F64, "unstable", bce, logit=LGC40),
            S(file, "bce_naive", F64, "ok", bce, logit=LGT_M40),
            S(file, "snipw_exp", F32, "unstable", hajek_log, log_w=LW120),
            S(file, "snipw_softmax", F32, "ok", hajek_log, log_w=LW120),
            Hand(file, "is_return", F64, "domain", is_return_kept(PI_00, MU_POLE, 1), pi=PI_00, mu=MU_POLE),
            S(file, "ratio_probs", F32, "unstable", ratio, log_pi=LP32, log_mu=LM32),
            S(file, "ratio_logspace", F32, "ok", ratio, log_pi=LP32, log_mu=LM32),
            S(file, "vtrace", F32, "ok", vtrace, log_rho=LR, v=V),
            S(file, "uplift", F64, "ok", uplift, z1=Z1, z0=Z0),
            S(file, "uplift", F32, "unstable" if fw else "ok", uplift, z1=Z1_40, z0=Z0_40),
            S(file, "weighted_st", F64, "domain", clip_sum, w=WC_EDGE),
        ]
    return cases


ALL = [
    *frameworks(J),
    S(J, "per_decision_log", F64, "ok", per_decision, pi=PI, mu=MU),
    S(J, "per_decision_log", F64, "domain", per_decision_log, pi=PIZ, mu=MU),
    *frameworks(T_, more=False),
    # PyTorch's binary_cross_entropy backward divides by max(p (1 - p), 1e-12): not the forward's slope where p (1 -
    # p) < 1e-12, at any precision
    S(T_, "bce_probs", F64, "wrong", bce, "F.binary_cross_entropy(", logit=LGC40),
    S(T_, "bce_probs", F32, "wrong", bce, "F.binary_cross_entropy(", logit=LGC40),
    S(T_, "bce_probs", F64, "wrong", bce, "F.binary_cross_entropy(", logit=LGC30),
    S(T_, "bce_probs", F64, "ok", bce, logit=LG),
    *frameworks(K, more=False),
    *frameworks(N, more=False),
    S(N, "ipw_ate", F32, "ok", ate, logit=LGT_M40),
    S(N, "snipw_exp", F32, "unstable", hajek_log, log_w=LW120),
    # the Hajek estimate guarded at all weights 0: 0 there, a weighted mean of Y beside (a jump in every entry)
    Hand(J, "snipw_where", F64, "domain", ALL_NAN_W, w=W0),
    Hand(K, "snipw_no_nan", F64, "domain", ALL_NAN_W, w=W0),
    Hand(N, "snipw_guarded", F64, "domain", ALL_NAN_W, w=W0),
    S(N, "snipw_guarded", F64, "ok", hajek, w=W),
    # the denominator clamped to 1e-12: no jump, the slopes Y / 1e-12
    S(T_, "snipw_clamped", F64, "ok", hajek_clamped, w=W0),
    # two zero factors in the product: pi_0's slope is r_0 / mu_0, pi_1's 0
    S(J, "per_decision", F64, "ok", per_decision, pi=PIZZ, mu=MU),
    S(T_, "per_decision", F64, "ok", per_decision, pi=PIZZ, mu=MU),
    S(N, "per_decision", F64, "ok", per_decision, pi=PIZZ, mu=MU),
    S(K, "per_decision", F32, "wrong", per_decision, "tf.math.cumprod(pi / mu)", pi=PIZ, mu=MU),
    S(N, "ipw_stats", F64, "ok", ate, logit=LG),
    Case(N, "ipw_calibrated", at(logit=LG), F64, "input-error", message=("brentq", "np_lib91d.py, line 112")),
]
