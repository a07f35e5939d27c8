"""The eighty-fourth trial set (d): MIXTURE MODELS AND SOFT CLUSTERING, the likelihoods and clustering losses people
differentiate, on three 1-D points X = [0.5, -1, 2] and two or three components, as JAX, PyTorch, TensorFlow and plain
NumPy / SciPy code writes them. JAX (jax_lib84d): a Gaussian mixture's log-likelihood by jax.nn.logsumexp of
jax.nn.log_softmax weights plus jax.scipy.stats.norm.logpdf at scale exp(log_sigma) (ordinary, float32; far from every
component, mu = [40, 50], float32 [15, 18]; a component collapsing onto x_0 = mu_0 at log_sigma -400 and -300), the
naive log(sum(softmax * norm.pdf)) (ordinary, float32, far), the scales as inputs with jax.scipy.special.logsumexp
(ordinary, a scale of exactly 0 on x_0), a third component switched off by jnp.where(ACTIVE, logits, -inf) under
log(softmax) and under log_softmax (float32 too); one EM step's mean update sum(r x) / sum(r) read by sum(mu_new^2)
(ordinary, float32, a component without responsibility: mu_1 = 60, float32 20) and guarded by + 1e-10; soft k-means
sum softmax(-d / tau) d by jax.nn.softmax (ordinary; centres [0, 1], x_0 = 0.5 equidistant, at tau 1e-3, float32
1e-2) and by exp / sum (ordinary; tie at tau 1e-3); hard k-means by jnp.min and by centres[jnp.argmin] (ordinary,
float32, the tie); a Student-t mixture by jax.scipy.stats.t.logpdf with 3 degrees of freedom (ordinary, float32;
centres at 1e200 and -3e200; collapsing at log_sigma -400) and a t likelihood in its degrees of freedom (float32 too);
a mixture of Bernoullis on two 3-bit points by xlogy (ordinary; p = 0 where every x is 0, p = 1 where every x is 1;
p = 0 where an x is 1) and written x log p + (1 - x) log(1 - p) (ordinary, p = 0); a Dirichlet log-density by gammaln
and (a - 1) log w (ordinary; w_0 = 0 at a_0 = 2 and at a_0 = 1) and the prior ALPHA = [1, 2, 3] by xlogy (ordinary,
w_0 = 0). PyTorch (torch_lib84d, by hand: no torch.distributions): the mixture by torch.logsumexp and F.log_softmax
(ordinary, float32, far, collapsing at -400), the naive form (far, float32 far), the scales as inputs (ordinary, 0),
the EM step (ordinary, empty component), soft k-means by F.softmax (tie, float32) and by hand (tie), hard k-means by
torch.min (ordinary, float32, tie), the t mixture by torch.lgamma (ordinary, far), the Bernoulli mixture by
torch.xlogy (ordinary, p = 0), the Dirichlet (ordinary, w_0 = 0), and a k-means++ seed drawn by torch.multinomial.
TensorFlow (tf_lib84d): the mixture by tf.math.reduce_logsumexp and tf.nn.log_softmax (ordinary, float32, far), the
naive form (far), the EM step (empty), soft k-means by tf.nn.softmax (tie, float32), hard k-means by tf.reduce_min
(ordinary, tie), the Bernoulli mixture by tf.math.xlogy (ordinary, p = 0). NumPy (np_lib84d): the mixture by
scipy.special.logsumexp and scipy.stats.norm.logpdf (ordinary, far, collapsing), the naive form by norm.pdf
(ordinary, far), the EM step (ordinary, empty), hard k-means by np.min (ordinary, tie), the t mixture by
scipy.stats.t.logpdf (ordinary, far), the Bernoulli mixture by scipy.special.xlogy (p = 0), the Dirichlet (ordinary,
w_0 = 0).

Counts: 96 cases tried through the CLI by tests/trials/judge.py (a scratch driver: two CLI runs at a time, judged one
at a time in its main thread; a first run of 89, then the 4 corrected and 7 added ones with the finding's case again),
besides scratch probes of the findings' reductions and of JAX's own gradients at the collapse and the mask. ALL keeps
all 96: 56 ok, 21 unstable, 13 domain, 5 wrong, 1 input error; 79 float64, 17 float32 (JAX 48, PyTorch 23, TensorFlow
11, NumPy 14). 95 agree with my truths (after the corrections below) in verdict and in every exact gradient entry to
1e-10 relative and, where a case names its line or message, in that; 1 disagrees: F1 (a strict xfail). Each check took
2.9-14 s (median 9 s; NumPy 2.9-12 s, JAX 4-14 s, PyTorch 7.6-22 s, TensorFlow 12-32 s, on a loaded machine, the
slowest while scratch probes ran beside the driver); the whole set about 18 min of CLI time; every truth under 10 s
but t_loglik_df's (loggamma in the degrees of freedom: 7-40 s; not chosen). The test file (9 chosen, 1 strict xfail)
takes about 25 s.

Agreed (verdicts and exact slopes):
- the log-space mixture ok at ordinary points in every framework (float32 too), and far from every component (mu =
  [40, 50]: every log-density below -720; float32 [15, 18]) in JAX, PyTorch, TensorFlow and NumPy; the naive
  log(sum(w pdf)) unstable there (each density underflows to 0, log 0 = -inf where the log-likelihood is -2347; JAX,
  PyTorch, TensorFlow, NumPy, float32 too), ok at ordinary points;
- a component collapsing onto a point: JAX's norm.logpdf squares the scale first, so at log_sigma -400 (scale^2 =
  3.7e-348 underflows, log(2 pi 0) = -inf, the quadratic 0 / 0) the value is NaN where it is 391.73: unstable (NumPy's
  scipy.stats.norm.logpdf alike); at -300 the value is right but the backward's integer_pow(scale^2, -2) = 1/7e-522
  overflows and log_sigma_0's -1 comes out NaN: unstable; PyTorch's hand-written -0.5 ((x - mu) / sigma)^2 at -400:
  the value right, log_sigma_0 NaN (the division's backward overflows beside a 0): unstable; a scale of exactly 0 on
  the point (JAX's logsumexp, PyTorch): the likelihood is +inf (a point mass), no slope anywhere: domain;
- a component switched off by a -inf logit under log_softmax ok (its three inputs' slopes exactly 0; float32 too);
- one EM step: ok at ordinary points (float32 too); a component 60 from every point (float32 20) has responsibilities
  e^-1680 that underflow to 0, its new mean 0 / 0 where it is 2 (nearly; the loss 4.25): unstable (JAX,
  PyTorch, TensorFlow, NumPy);
  the + 1e-10 guard ok there (that mean and all the slopes below 1e-700, the loss 0.25 - 1.7e-11);
- soft k-means by a library softmax ok at tau = 1e-3 with x_0 equidistant (slopes +-1.5, tau's e^-1000-scale slope
  0; JAX, PyTorch, TensorFlow; float32 at tau = 1e-2), by hand unstable there (exp(-1000) = 0 for both centres of
  x_1 and x_2: 0 / 0; JAX, PyTorch), ok at tau = 0.5;
- hard k-means by min at the tie: domain (centres_0 2 from the left, 1 from the right; JAX, PyTorch, TensorFlow,
  NumPy), ok off it (float32 too); by argmin the same function, the same verdict (JAX's gather gives [1, -2]: domain);
- the Student-t mixture ok at ordinary points (float32 too); with centres at 1e200 and -3e200 ((x - mu)^2 overflows,
  log1p(inf) = inf: -inf for both components where the log-likelihood is -5524: unstable; JAX, PyTorch, NumPy); JAX's
  t.logpdf collapsing at -400 unstable (it also squares the scale); the t likelihood in its degrees of freedom ok
  (digamma's slope 0.0465 at df = 4);
- the Bernoulli mixture by xlogy at p = 0 where every x is 0: xlogy(0, p) = 0 for every p, so p_01's slope is the
  other term's -1.217; JAX's and PyTorch's xlogy rules give x / y = 0 / 0 = NaN: wrong, naming the line (and xlogy);
  TensorFlow's and gradcli.scipy's xlogy give it: ok; at p = 1 where every x is 1 (JAX) wrong alike; at p = 0 where an
  x is 1 (component 0 cannot make point 0): p_00 without a slope, the rest keeping theirs: domain; written with log at
  p = 0: 0 * log 0 = NaN, the value undefined: domain (every entry without a slope);
- the Dirichlet log-density at w_0 = 0 with a_0 = 2 (log density -inf) and a_0 = 1 (0 * log 0): domain, w_0 and a_0
  without slopes, w_1, w_2, a_1, a_2 keeping their own (gammaln's digamma terms included; JAX, PyTorch, NumPy); the
  prior by xlogy at w_0 = 0 with ALPHA_0 = 1: xlogy(0, w_0) = 0 for every w_0, slope 0, JAX's rule NaN: wrong;
- the refusal: torch.multinomial(d2 / d2.sum(), 1): exit 2, "the random draw aten.multinomial.default at
  torch_lib84d.py:86 draws with probabilities held in a tensor ... pass the sample as an argument", clear.

My truths corrected (gradcli right):
- jax_lib84d:gmm_loglik at log_sigma -300, meant ok (scale^2 = 2.7e-261 is a normal double, the forward exact): JAX's
  backward of (x - mu)^2 / scale^2 takes integer_pow(scale^2, -2) = inf, times (x_0 - mu_0)^2 = 0: log_sigma_0 NaN
  where it is -1 (JAX's own gradient, checked in a scratch probe): unstable.
- jax_lib84d:t_mixture collapsing at -400, meant ok (I took t.logpdf for (x - mu) / scale then a square): it computes
  log(df pi scale^2), and scale^2 underflows to 0: the value NaN where it is 392.32: unstable.
- torch_lib84d:gmm_loglik collapsing at -400, meant ok (the softmax weight 0 was to kill the overflowed square's
  branch): PyTorch's gradient of log_sigma_0 is NaN (the division's backward by sigma beside z^2 = inf): unstable.
- the multinomial refusal's line: 86, not the one I typed.

Findings:
F1 (mended). The log of softmax weights with a component switched off by a -inf logit, with the component's own
  parameters also inputs: gradcli gives no verdict. jax_lib84d:gmm_masked at logits [0.2, -0.1, 0.7], mu [0, 1.5, 3],
  log_sigma [0, -0.5, 0.3]: w = softmax(where(ACTIVE, logits, -inf)) = [0.574, 0.426, 0] exactly, log(w)_2 = -inf
  exactly, and JAX's log rule divides 0 / 0 in the backward: logits' slopes come out [NaN, NaN, 0] where the function
  (a two-component mixture: nothing rounds) has [0.14866, -0.14866, 0]; mu_2 and log_sigma_2 have slope exactly 0
  (their entry is -inf + lp, weight exp(-inf) = 0). gradcli: error, "no exact reference: an exact entry is within
  1.73e-2559 of 0 at 3840 digits but not proven 0, so gradcli cannot say whether this value and gradient are right".
  The right verdict is wrong (as gradcli says with --wrt logits alone; with --wrt mu or --wrt mu,log_sigma it is ok,
  mu_2's 0 proven; with --wrt logits,mu: error). Reduced (a scratch probe):
      ACTIVE = jnp.array([True, True, False])
      def v6(logits, m):
          w = jax.nn.softmax(jnp.where(ACTIVE, logits, -jnp.inf))
          return jax.nn.logsumexp(jnp.log(w) - m ** 2)
  `gradcli check ...:v6 --at "logits=[0.2,-0.1,0.7],m=[0.3,0.5,1.0]" --dtype float64`: error (no exact reference);
  --wrt m: ok (m_2's 0 proven); --wrt logits: wrong (right); the weights padded with an exact 0 by concatenate
  (no wrong rule) or a constant -inf entry: ok. So the exact 0 of m_2, proven alone, is not proven when the logits
  are seeded beside it and the framework's rule is non-finite. Reproduction: `gradcli check
  tests/trials/jax_lib84d.py:gmm_masked --at "logits=[0.2,-0.1,0.7],mu=[0.0,1.5,3.0],log_sigma=[0.0,-0.5,0.3]"
  --dtype float64 --json`.
  Mended: the log of a number that is 0 all around the point (the zero function of the unknown inputs, as
  exp(-inf) / sum is) is the constant -inf in the proof, as the mask's own -inf is: m_2's 0 is proven beside the
  seeded logits, and the verdict is wrong.
F2 (mended; a message, outside the judge: its case passes and is no xfail). The wrong rule named wrongly: in
  jax_lib84d:dirichlet_prior (w = [0, 0.4, 0.6]) the verdict, slopes and line are right (wrong: w_0's 0 comes out NaN
  from xlogy's rule), but the finding says "(the framework's own rule of jax.scipy.special.gammaln ran on this line:
  the library's code, not the line's)": gammaln there is of the constant ALPHA, off the gradient's path; the rule at
  fault is xlogy's. Reduced (a scratch probe), ALPHA = jnp.array([1.0, 2.0, 3.0]) at w = [0, 0.4, 0.6]:
  jnp.sum(gammaln(ALPHA)) + jnp.sum(xlogy(ALPHA - 1, w)) on one line names gammaln; with the gammaln sum on its own
  line the finding names "xlogy (xlogy)" as in bern_mixture; xlogy alone names no call.
  Mended: JAX's backward graph runs gammaln again (a forward op fed to nothing); the library named is now that of a
  rule's own ops, past the forward ops the backward graph replays (tests/test_jax_library_lines.py).

Truths are my own expressions evaluated with mpmath (2,000 digits by cases30b.sided_grad: each slope from the left and
the right, NaN where they differ or either is not finite), never the files' code or gradcli: the mixture as
sum_i lse_k(log_softmax(logits)_k + log N(x_i; mu_k, s_k)) with log N written -z^2/2 - log s - log(2 pi)/2 (a scale
of 0 a point mass: +inf on its centre, -inf elsewhere), whatever the spelling (pdf, logpdf, by hand); the masked
mixture as the two-component one (the third's inputs move nothing); the EM step's means as sum r x / (sum r [+ 1e-10
as the double holds it]) with r a softmax at full precision; soft k-means as sum softmax(-d / tau) d, hard k-means as
sum min d (argmin's form is the same function); the t log-density by loggamma and log1p; the Bernoulli mixture with
xlogy's 0 log y = 0 for every number y (and x log p with 0 * log 0 = NaN for the form written with log); the Dirichlet
as its summands differentiated apart (a summand without a value leaves only its own inputs without a slope, the
README's log(x) + y**2 at x = -1). Numbers as the dtype holds them (the points; X, X_BIN and 3 are exact in both).
"""
import mpmath

from cases import Case
from cases5 import hp
from cases30b import sided_grad
from cases73d import H, NAN, at, mpf

J, T, K, N = "jax_lib84d.py", "torch_lib84d.py", "tf_lib84d.py", "np_lib84d.py"
F32, F64 = "float32", "float64"
X = [mpf("0.5"), mpf(-1), mpf(2)]
X_BIN = [[1, 0, 1], [0, 0, 1]]
DF = mpf(3)
ALPHA = [mpf(1), mpf(2), mpf(3)]
INF = mpmath.inf


# ------------------------------------------------------------------------------------------------- helpers
def isnan(v):
    return isinstance(v, mpmath.mpf) and mpmath.isnan(v)


def lg(x):
    """log on the reals: -inf at 0, NaN below."""
    if isnan(x):
        return NAN
    return mpmath.log(x) if x > 0 else (-INF if x == 0 else NAN)


def mul(a, b):
    """a * b with 0 * inf NaN (as IEEE)."""
    if isnan(a) or isnan(b):
        return NAN
    if (a == 0 and mpmath.isinf(b)) or (b == 0 and mpmath.isinf(a)):
        return NAN
    return a * b


def xlogy(x, y):
    """0 where x = 0 and y is a number (0 and negatives included); x log y otherwise."""
    if isnan(y):
        return NAN
    return mpf(0) if x == 0 else mul(x, lg(y))


def lse(v):
    """log sum exp on the extended reals."""
    if any(isnan(t) for t in v):
        return NAN
    top = max(v)
    if mpmath.isinf(top):
        return top if top < 0 or all(t == top or t < INF for t in v) else NAN
    return top + mpmath.log(sum(mpmath.exp(t - top) for t in v))


def log_softmax(v):
    z = lse(v)
    return [t - z for t in v]


def softmax(v):
    return [mpmath.exp(t) for t in log_softmax(v)]


def normal_lp(x, m, s):
    """log N(x; m, s^2); a scale of 0 is a point mass (+inf at m, -inf elsewhere), below 0 no value."""
    if s < 0:
        return NAN
    if s == 0:
        return INF if x == m else -INF
    return -((x - m) / s) ** 2 / 2 - mpmath.log(s) - mpmath.log(2 * mpmath.pi) / 2


def t_lp(x, nu, m, s):
    z = (x - m) / s
    return (mpmath.loggamma((nu + 1) / 2) - mpmath.loggamma(nu / 2) - mpmath.log(nu * mpmath.pi) / 2 - mpmath.log(s)
            - (nu + 1) / 2 * mpmath.log1p(z ** 2 / nu))


# ------------------------------------------------------------------------------------------------- the mathematics
def gmm(logits, mu, log_sigma):
    """sum_i log sum_k pi_k N(x_i; mu_k, e^(2 log_sigma_k)), pi = softmax(logits)."""
    lw = log_softmax(logits)
    return sum(lse([w + normal_lp(x, m, mpmath.exp(s)) for w, m, s in zip(lw, mu, log_sigma)]) for x in X)


def gmm_scale(logits, mu, sigma):
    lw = log_softmax(logits)
    return sum(lse([w + normal_lp(x, m, s) for w, m, s in zip(lw, mu, sigma)]) for x in X)


def gmm_masked(logits, mu, log_sigma):
    """The third component off: a two-component mixture of the first two; its three inputs move nothing."""
    return gmm(logits[:2], mu[:2], log_sigma[:2])


def em(guard=None):
    def f(logits, mu, log_sigma):
        lw = log_softmax(logits)
        r = [softmax([w + normal_lp(x, m, mpmath.exp(s)) for w, m, s in zip(lw, mu, log_sigma)]) for x in X]
        total = 0
        for k in range(len(mu)):
            nk = sum(row[k] for row in r) + (guard or 0)
            total += (sum(row[k] * x for row, x in zip(r, X)) / nk) ** 2
        return total
    return f


def soft_km(centres, tau):
    total = 0
    for x in X:
        d = [(x - c) ** 2 for c in centres]
        r = softmax([-t / tau for t in d])
        total += sum(a * b for a, b in zip(r, d))
    return total


def km(centres):
    return sum(min((x - c) ** 2 for c in centres) for x in X)


def t_mix(logits, mu, log_sigma):
    lw = log_softmax(logits)
    return sum(lse([w + t_lp(x, DF, m, mpmath.exp(s)) for w, m, s in zip(lw, mu, log_sigma)]) for x in X)


def t_df(df, mu):
    return sum(t_lp(x, df, mu, mpf(1)) for x in X)


def bern(logits, p):
    lw = log_softmax(logits)
    return sum(lse([w + sum(xlogy(x, q) + xlogy(1 - x, 1 - q) for x, q in zip(xs, pk)) for w, pk in zip(lw, p)])
               for xs in X_BIN)


def bern_log(logits, p):
    """x log p + (1 - x) log(1 - p) as written: 0 * log 0 has no value."""
    lw = log_softmax(logits)
    return sum(lse([w + sum(mul(x, lg(q)) + mul(1 - x, lg(1 - q)) for x, q in zip(xs, pk)) for w, pk in zip(lw, p)])
               for xs in X_BIN)


def dirichlet_terms(dtype, **point):
    """The Dirichlet log-density's summands differentiated apart (a summand without a value leaves its own inputs
    without a slope, never another summand's): gammaln(sum a), -gammaln(a_k), (a_k - 1) log w_k."""
    def truth():
        w, a = point["w"], point["alpha"]
        n = len(w)
        whole = sided_grad(lambda alpha: mpmath.loggamma(sum(alpha)) - sum(mpmath.loggamma(t) for t in alpha),
                           dtype, finite_sides=True, alpha=a)()["alpha"]
        out = {"w": [], "alpha": list(whole)}
        for k in range(n):
            g = sided_grad(lambda wk, ak: mul(ak - 1, lg(wk)), dtype, finite_sides=True, wk=w[k], ak=a[k])()
            out["w"].append(g["wk"])
            out["alpha"][k] += g["ak"]
        return out
    return hp(truth)


def dirichlet_prior(w):
    return sum(xlogy(a - 1, v) for a, v in zip(ALPHA, w))


# ------------------------------------------------------------------------------------------------- cases
def S(file, function, dtype, verdict, f, line=None, **point):
    return Case(file, function, at(**point), dtype, verdict, sided_grad(f, dtype, finite_sides=True, **point),
                line=line)


def Err(file, function, point, message, dtype=F64):
    return Case(file, function, at(**point), dtype, "input-error", message=message)


def D(file, dtype, verdict, **point):
    return Case(file, "dirichlet_logpdf", at(**point), dtype, verdict, dirichlet_terms(dtype, **point))


ORD = dict(logits=[0.2, -0.1], mu=[0.0, 1.5], log_sigma=[0.0, -0.5])
FAR = dict(logits=[0.2, -0.1], mu=[40.0, 50.0], log_sigma=[0.0, 0.0])  # every density e^-722 or below: 0 in double
FAR32 = dict(logits=[0.2, -0.1], mu=[15.0, 18.0], log_sigma=[0.0, 0.0])  # e^-105 and below: 0 in float32
COLL = dict(logits=[0.2, -0.1], mu=[0.5, 1.5], log_sigma=[-400.0, 0.0])  # a component collapsing onto x_0
SC_ORD = dict(logits=[0.2, -0.1], mu=[0.0, 1.5], sigma=[1.0, 0.6])
SC_ZERO = dict(logits=[0.2, -0.1], mu=[0.5, 1.5], sigma=[0.0, 1.0])  # a point mass on x_0: the likelihood is +inf
MASK = dict(logits=[0.2, -0.1, 0.7], mu=[0.0, 1.5, 3.0], log_sigma=[0.0, -0.5, 0.3])
EMPTY = dict(logits=[0.2, -0.1], mu=[0.0, 60.0], log_sigma=[0.0, 0.0])  # no responsibility for component 1
EMPTY32 = dict(logits=[0.2, -0.1], mu=[0.0, 20.0], log_sigma=[0.0, 0.0])
TIE = [0.0, 1.0]  # x_0 = 0.5 is equidistant
CEN = [0.0, 1.2]
TFAR = dict(logits=[0.2, -0.1], mu=[1e200, -3e200], log_sigma=[0.0, 0.0])  # ((x - mu) / s)^2 overflows
TCOLL = dict(logits=[0.2, -0.1], mu=[0.5, 1.5], log_sigma=[-400.0, 0.0])
P_ORD = [[0.7, 0.2, 0.6], [0.3, 0.4, 0.8]]
P_ZERO = [[0.7, 0.0, 0.6], [0.3, 0.4, 0.8]]  # p = 0 where every x is 0
P_ONE = [[0.7, 0.2, 1.0], [0.3, 0.4, 0.8]]  # p = 1 where every x is 1
P_BAD = [[0.0, 0.2, 0.6], [0.3, 0.4, 0.8]]  # p = 0 where x_0 = 1: component 0 cannot make point 0
BL = [0.1, -0.2]
W_ORD, A_ORD = [0.2, 0.3, 0.5], [1.5, 2.0, 3.0]
W_ZERO = [0.0, 0.4, 0.6]

ALL = [
    # ---------------------------------------------------------------------------------------------------- JAX
    S(J, "gmm_loglik", F64, "ok", gmm, **ORD),
    S(J, "gmm_loglik", F32, "ok", gmm, **ORD),
    S(J, "gmm_loglik", F64, "ok", gmm, **FAR),
    S(J, "gmm_loglik", F32, "ok", gmm, **FAR32),
    S(J, "gmm_loglik", F64, "unstable", gmm, **COLL),
    S(J, "gmm_loglik", F64, "unstable", gmm, logits=[0.2, -0.1], mu=[0.5, 1.5], log_sigma=[-300.0, 0.0]),
    S(J, "gmm_loglik_naive", F64, "ok", gmm, **ORD),
    S(J, "gmm_loglik_naive", F32, "ok", gmm, **ORD),
    S(J, "gmm_loglik_naive", F64, "unstable", gmm, **FAR),
    S(J, "gmm_loglik_naive", F32, "unstable", gmm, **FAR32),
    S(J, "gmm_loglik_scale", F64, "ok", gmm_scale, **SC_ORD),
    S(J, "gmm_loglik_scale", F64, "domain", gmm_scale, **SC_ZERO),
    S(J, "gmm_masked", F64, "wrong", gmm_masked, **MASK),
    S(J, "gmm_masked_logsoftmax", F64, "ok", gmm_masked, **MASK),
    S(J, "gmm_masked_logsoftmax", F32, "ok", gmm_masked, **MASK),
    S(J, "em_means", F64, "ok", em(), **ORD),
    S(J, "em_means", F32, "ok", em(), **ORD),
    S(J, "em_means", F64, "unstable", em(), **EMPTY),
    S(J, "em_means", F32, "unstable", em(), **EMPTY32),
    S(J, "em_means_guarded", F64, "ok", em(H(F64, 1e-10)), **ORD),
    S(J, "em_means_guarded", F64, "ok", em(H(F64, 1e-10)), **EMPTY),
    S(J, "soft_kmeans", F64, "ok", soft_km, centres=CEN, tau=0.5),
    S(J, "soft_kmeans", F64, "ok", soft_km, centres=TIE, tau=0.001),
    S(J, "soft_kmeans", F32, "ok", soft_km, centres=TIE, tau=0.01),
    S(J, "soft_kmeans_hand", F64, "ok", soft_km, centres=CEN, tau=0.5),
    S(J, "soft_kmeans_hand", F64, "unstable", soft_km, centres=TIE, tau=0.001),
    S(J, "kmeans_loss", F64, "ok", km, centres=CEN),
    S(J, "kmeans_loss", F32, "ok", km, centres=CEN),
    S(J, "kmeans_loss", F64, "domain", km, centres=TIE),
    S(J, "kmeans_argmin", F64, "ok", km, centres=CEN),
    S(J, "kmeans_argmin", F64, "domain", km, centres=TIE),
    S(J, "t_mixture", F64, "ok", t_mix, **ORD),
    S(J, "t_mixture", F32, "ok", t_mix, **ORD),
    S(J, "t_mixture", F64, "unstable", t_mix, **TFAR),
    S(J, "t_mixture", F64, "unstable", t_mix, **TCOLL),
    S(J, "t_loglik_df", F64, "ok", t_df, df=4.0, mu=0.3),
    S(J, "t_loglik_df", F32, "ok", t_df, df=4.0, mu=0.3),
    S(J, "bern_mixture", F64, "ok", bern, logits=BL, p=P_ORD),
    S(J, "bern_mixture", F64, "wrong", bern, logits=BL, p=P_ZERO),
    S(J, "bern_mixture", F64, "wrong", bern, logits=BL, p=P_ONE),
    S(J, "bern_mixture", F64, "domain", bern, logits=BL, p=P_BAD),
    S(J, "bern_mixture_log", F64, "ok", bern_log, logits=BL, p=P_ORD),
    S(J, "bern_mixture_log", F64, "domain", bern_log, logits=BL, p=P_ZERO),
    D(J, F64, "ok", w=W_ORD, alpha=A_ORD),
    D(J, F64, "domain", w=W_ZERO, alpha=A_ORD),
    D(J, F64, "domain", w=W_ZERO, alpha=[1.0, 2.0, 3.0]),
    S(J, "dirichlet_prior", F64, "ok", dirichlet_prior, w=W_ORD),
    S(J, "dirichlet_prior", F64, "wrong", dirichlet_prior, w=W_ZERO),
    # ---------------------------------------------------------------------------------------------------- PyTorch
    S(T, "gmm_loglik", F64, "ok", gmm, **ORD),
    S(T, "gmm_loglik", F32, "ok", gmm, **ORD),
    S(T, "gmm_loglik", F64, "ok", gmm, **FAR),
    S(T, "gmm_loglik", F64, "unstable", gmm, **COLL),
    S(T, "gmm_loglik_naive", F64, "unstable", gmm, **FAR),
    S(T, "gmm_loglik_naive", F32, "unstable", gmm, **FAR32),
    S(T, "gmm_loglik_scale", F64, "ok", gmm_scale, **SC_ORD),
    S(T, "gmm_loglik_scale", F64, "domain", gmm_scale, **SC_ZERO),
    S(T, "em_means", F64, "ok", em(), **ORD),
    S(T, "em_means", F64, "unstable", em(), **EMPTY),
    S(T, "soft_kmeans", F64, "ok", soft_km, centres=TIE, tau=0.001),
    S(T, "soft_kmeans_hand", F64, "unstable", soft_km, centres=TIE, tau=0.001),
    S(T, "kmeans_loss", F64, "ok", km, centres=CEN),
    S(T, "kmeans_loss", F64, "domain", km, centres=TIE),
    S(T, "kmeans_loss", F32, "ok", km, centres=CEN),
    S(T, "soft_kmeans", F32, "ok", soft_km, centres=TIE, tau=0.01),
    S(T, "t_mixture", F64, "ok", t_mix, **ORD),
    S(T, "t_mixture", F64, "unstable", t_mix, **TFAR),
    S(T, "bern_mixture", F64, "ok", bern, logits=BL, p=P_ORD),
    S(T, "bern_mixture", F64, "wrong", bern, logits=BL, p=P_ZERO),
    D(T, F64, "ok", w=W_ORD, alpha=A_ORD),
    D(T, F64, "domain", w=W_ZERO, alpha=A_ORD),
    Err(T, "kmeanspp_seed", dict(centres=CEN), ("multinomial", "torch_lib84d.py:86", "pass the sample as an argument")),
    # ---------------------------------------------------------------------------------------------------- TensorFlow
    S(K, "gmm_loglik", F64, "ok", gmm, **ORD),
    S(K, "gmm_loglik", F32, "ok", gmm, **ORD),
    S(K, "gmm_loglik", F64, "ok", gmm, **FAR),
    S(K, "gmm_loglik_naive", F64, "unstable", gmm, **FAR),
    S(K, "em_means", F64, "unstable", em(), **EMPTY),
    S(K, "soft_kmeans", F64, "ok", soft_km, centres=TIE, tau=0.001),
    S(K, "kmeans_loss", F64, "domain", km, centres=TIE),
    S(K, "kmeans_loss", F64, "ok", km, centres=CEN),
    S(K, "soft_kmeans", F32, "ok", soft_km, centres=TIE, tau=0.01),
    S(K, "bern_mixture", F64, "ok", bern, logits=BL, p=P_ORD),
    S(K, "bern_mixture", F64, "ok", bern, logits=BL, p=P_ZERO),
    # ---------------------------------------------------------------------------------------------------- NumPy
    S(N, "gmm_loglik", F64, "ok", gmm, **ORD),
    S(N, "gmm_loglik", F64, "ok", gmm, **FAR),
    S(N, "gmm_loglik", F64, "unstable", gmm, **COLL),
    S(N, "gmm_loglik_naive", F64, "ok", gmm, **ORD),
    S(N, "gmm_loglik_naive", F64, "unstable", gmm, **FAR),
    S(N, "em_means", F64, "unstable", em(), **EMPTY),
    S(N, "em_means", F64, "ok", em(), **ORD),
    S(N, "kmeans_loss", F64, "ok", km, centres=CEN),
    S(N, "kmeans_loss", F64, "domain", km, centres=TIE),
    S(N, "t_mixture", F64, "ok", t_mix, **ORD),
    S(N, "t_mixture", F64, "unstable", t_mix, **TFAR),
    S(N, "bern_mixture", F64, "ok", bern, logits=BL, p=P_ZERO),
    D(N, F64, "ok", w=W_ORD, alpha=A_ORD),
    D(N, F64, "domain", w=W_ZERO, alpha=A_ORD),
]
