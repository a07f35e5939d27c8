"""The eighty-third trial set (d): VARIATIONAL AUTOENCODERS AND DISCRETE RELAXATIONS, the ELBO terms people
differentiate on tiny latents (2-4 dimensions), the noise drawn elsewhere and passed in as data, as JAX, PyTorch,
TensorFlow and plain NumPy code writes them. JAX (jax_lib83d): the Gaussian KL -0.5 sum(1 + logvar - mu^2 - e^logvar)
(ordinary in float64 and float32, logvar -800, logvar 720 past float64's range and 100 past float32's, 88 just inside
float32's), the KL from a softplus variance (-800; float32 -120), from an emitted std (ordinary, a std of 0) and from
std = exp(0.5 logvar) reused under log(std**2) (float32 ordinary, -1600; float32 -210); the reparameterised sample
mu + exp(0.5 logvar) eps under a unit Gaussian decoder (logvar -1600) and the negative ELBO; the Bernoulli decoder from
probabilities log(sigmoid) and log(1 - sigmoid) (ordinary, a pixel x = 0 at logit 40, 0 * log 0 at logit -800, float32
at 20), clipped to [1e-7, 1 - 1e-7], from logits by jax.nn.log_sigmoid (+-800, float32), and TensorFlow's documented
formula max(l, 0) - l x + log1p(exp(-|l|)) written out (ordinary, zero logits); the Gaussian decoder's negative
log-density with a learned log-variance (ordinary, logvar -800 at a zero residual), a learned variance of 0, and a
softplus variance floored by 1e-6 at -800; the IWAE bound logsumexp(log w) - log K and log(mean(exp(log w))) with one
weight dominating ([0, -800, -900, -1000]) and every log weight -1000 (float32 too); the Gumbel-softmax by
jax.nn.softmax (float32, tau = 1e-3 at a tie of l + g = [1.25, 1.25, -0.125], float32 tau = 1e-3) and by hand
exp / sum(exp) at that tie; the straight-through Gumbel-softmax one_hot(argmax) - stop_gradient(y) + y (ordinary,
float32, the exact tie, and l + g tied in float64 but 5.6e-17 apart exactly); noise drawn by jax.random.gumbel and
jax.random.bernoulli (straight-through) with a fixed key inside the loss; straight-through rounding by
z + stop_gradient(round(z) - z) (float32 too, at z = 0.5) and by a custom_vjp passing g on (at 0.3 and 0.5); beta-VAE;
KL warm-up min(1, step / 1000) at step 500 and 1000; free bits max(kl_i, 0.5) (flat, and at kl_0 = 0.5 exactly);
the categorical KL by xlogy(q, q) - xlogy(q, p) at q_0 = 0, p_0 = 0 and both, by xlogy(q, q / p) at q_0 = 0, and by
log_softmax (a logit -800); the Kumaraswamy sample (1 - (1 - u)^(1/b))^(1/a) with noise u = 0 held as data (a = 2 and
a = 1) and with u an input (ordinary, u = 1). PyTorch (torch_lib83d): the KL (logvar -800, float32 100), a std of 0,
the ELBO (float32 too), F.binary_cross_entropy_with_logits (0, +-800, float32 20), F.binary_cross_entropy of a sigmoid
(ordinary, 40), the formula by clamp(min=0) and by F.relu at zero logits, the log-variance decoder at -800,
F.gaussian_nll_loss at a variance of 0, torch.logsumexp's IWAE, the Gumbel-softmax at the tie, the straight-through
sample with .detach() (ordinary, tie), F.gumbel_softmax soft and hard after torch.manual_seed(0), torch.bernoulli(p)
straight-through, an autograd.Function straight-through round, round by .detach() (0.5; float32), torch.xlogy's KL,
Kumaraswamy by .pow. TensorFlow (tf_lib83d): the KL, tf.nn.sigmoid_cross_entropy_with_logits (0, +-800), log of
tf.sigmoid at 40, tf.math.reduce_logsumexp and log(mean(exp)) at -1000, the straight-through sample by
tf.stop_gradient at the tie, a tf.custom_gradient round, tf.math.xlogy's KL (q_0 = 0, both 0, the ratio form),
Kumaraswamy by tf.pow. NumPy (np_lib83d): the KL (ordinary, 720), scipy.special.expit under log and log_expit at 40,
the learned variance of 0, scipy.special.logsumexp and log(mean(exp)) at -1000, scipy.special.xlogy's KL, Kumaraswamy.

Counts: 126 cases tried through the CLI by tests/trials/judge.py (a scratch driver: two CLI runs at a time, judged one
at a time in its main thread; a first run of 120, then the 16 corrected or added ones, then the whole set again),
besides scratch probes of each framework's own gradient at the break points (JAX's maximum/abs rules at 0, xlogy at
q = 0, pow at a base of 0; PyTorch's clamp, relu, BCE, xlogy and pow; the draws of jax.random.gumbel and of
F.gumbel_softmax after seed 0, held here as data) and of F1's reduction. Dropped 16 as repeats of kept ordinary points
(e.g. the reparameterised recon, the clipped likelihood in float32, PyTorch's and TensorFlow's ordinary KL). ALL keeps
110: 55 ok, 23 domain, 16 wrong, 15 unstable, 1 input error; 93 float64, 17 float32 (JAX 62, PyTorch 27, TensorFlow
12, NumPy 9). 105 agree with my truths (after the corrections below) in verdict, in every exact gradient entry to
1e-10 relative and, where a case names its line or message, in that; 5 disagreed: F1, mended since. Each check took
2.6-13.5 s (median 6.3 s; NumPy 2.6-4.5 s, JAX 3.3-8.2 s, PyTorch 7.8-11.4 s, TensorFlow 10.5-13.5 s, on a machine
at load 4-6); the whole set 13 min of CLI time, every truth under 1 s. The test file (10 chosen; the five F1 cases
were strict xfails until mended) takes 15-23 s.

Agreed (verdicts and exact slopes):
- the Gaussian KL ok at ordinary points (float32 too), at logvar -800 (e^-800 rounds to 0 as it should; JAX, PyTorch,
  TensorFlow) and in float32 at 88 (e^88 = 1.65e38 inside the range); domain at logvar 720 (JAX, NumPy; the value
  1.9e312 and logvar_0's slope are past float64's range) and at 100 in float32 (JAX, PyTorch: 1.3e43), mu and
  logvar_1 keeping theirs;
- the KL from a softplus variance unstable at -800 (float32 -120): softplus underflows to 0, log 0 = -inf where the
  KL is 399.7 and s_0's slope -0.5; from exp(0.5 logvar) under log(std**2) unstable at -1600 (float32 -210) alike,
  ok in float32 at an ordinary point; from an emitted std of 0 domain (JAX, PyTorch), std_0 without a slope and mu_0
  keeping 0.3 (mu_0's summand 0.5 mu^2 never meets the log's inf: the README's log(x) + y**2 at x = -1);
- the reparameterised recon ok at logvar -1600 (logvar_0's exact slope ~e^-800 rounds to 0 in float64); the ELBO ok
  (PyTorch's float32 too), beta-VAE ok; KL warm-up domain at step 1000 (step: KL / 1000 from the left, 0 from the
  right; mu, logvar keep beta = 1's), ok at 500; free bits ok where every KL is below 0.5 (all slopes 0), domain at
  kl_0 = 0.5 exactly (mu = 1, logvar = 0): mu_0 has 0 on one side and 1 on the other, while logvar_0 keeps 0 (kl_0 is
  at its minimum 0.5 in logvar, so the max never switches along it) and JAX's 0.5 share of the tie gives that 0;
- the Bernoulli likelihood from probabilities unstable at logit 40 for a pixel of 0 (JAX, TensorFlow, NumPy:
  log(1 - 1) = -inf where it is -40, slope -1), at -800 (0 * log 0 = NaN where the term is 0 * -800 = 0, slope -0),
  in float32 at 20; clipped ok (flat at the upper clip); from logits ok (log_sigmoid +-800, float32;
  F.binary_cross_entropy_with_logits and tf.nn.sigmoid_cross_entropy_with_logits at 0, +-800; scipy's log_expit);
- max(l, 0) - l x + log1p(exp(-|l|)) at zero logits: the function is softplus(l) - l x, smooth, slope sigmoid(0) - x
  = [-0.5, 0.5]; JAX's rules (maximum's half share, abs' slope 1 at 0) give [-1, 0], PyTorch's clamp(min=0) (1 at
  the bound) and abs (0) give [0, 1], F.relu's (0) [-1, 0]: wrong in all three, where TensorFlow's own op (its where
  picks l >= 0's branch whole) is ok;
- the learned log-variance decoder unstable at logvar -800 and a zero residual (0 / exp(-800) = 0 / 0 where the term
  is 0: x_hat_0's slope 0, logvar_0's 0.5; JAX, PyTorch); a learned variance of 0 domain (log 0, the residual's 0/0:
  x_hat_0 and var_0 without a slope; JAX, NumPy); the floored softplus variance ok at -800; F.gaussian_nll_loss at
  a variance of 0 wrong: the clamp to eps = 1e-6 in PyTorch's code is the mathematics called (flat below 1e-6: var_0's
  slope 0, x_hat_0's -1e5), but PyTorch's backward passes var's gradient through it (-5.0e9);
- the IWAE bound by logsumexp ok with one weight dominating and at every log weight -1000 (JAX float32 too; PyTorch,
  TensorFlow, NumPy); log(mean(exp)) ok with one weight dominating (e^-800's share rounds to 0), unstable at -1000
  (JAX, TensorFlow, NumPy: log 0 where the bound is -1000, slopes 1/4);
- the Gumbel-softmax by jax.nn.softmax and F.softmax ok at tau = 1e-3 at the tie (slopes +-750 for the tied pair)
  and in float32; by hand unstable there (exp(1250) = inf, NaN where the slopes are +-750, tau's 0);
  jax.random.gumbel's and F.gumbel_softmax's seeded draws replayed (ok, against my truth on their draws as data);
- the straight-through sample ok off ties (JAX, float32, PyTorch; F.gumbel_softmax(hard=True) too: its detach is
  held as PyTorch documents) and at l + g tied in float64 but apart by 5.6e-17 exactly (0.2 + 1 and 0.7 + 0.5 round
  to the same 1.2; no kink at the point's own scale); domain at the exact tie (JAX, PyTorch, TensorFlow): l_0, l_1,
  g_0, g_1 without slopes, l_2, g_2 (0.0600) and tau (0.1651) keeping the soft sample's; jax.random.bernoulli's
  straight-through ok (p's slopes, the draw held);
- straight-through rounding by stop_gradient / .detach() ok off the jumps (the held round(z) - z frozen: W_k +
  round(z_k) = [1, -1]; float32 too), domain at z_0 = 0.5 with z_1 keeping -1; the custom rules (custom_vjp,
  autograd.Function, tf.custom_gradient) wrong at their rule's line, round's derivative 0; at z_0 = 0.5 still wrong
  (z_1's 0 comes out -1 beside the jump);
- the categorical KL by xlogy domain at q_0 = 0 (q_0's slope -inf on the right; p_0 keeps 0; all four), at p_0 = 0
  (the value is inf); at q_0 = p_0 = 0 JAX's and PyTorch's xlogy give p_0's exact 0 as 0 / 0 = NaN: wrong, while
  TensorFlow's xlogy gives 0 (domain, q_0); by xlogy(q, q / p) JAX wrong (p_0's 0 through y = 0: NaN), TensorFlow
  domain; by log_softmax ok with a logit of -800;
- Kumaraswamy ok at ordinary noise and with a = 1 at u = 0 (0^1 has slope 1 times 0);
- the refusals: torch.bernoulli(p) of a tensor: exit 2, "draws with probabilities held in a tensor ... pass the
  sample as an argument", at torch_lib83d.py's line.

My truths corrected (gradcli right):
- gauss_kl_std at a std of 0 (JAX, PyTorch): I had every slope of the latent with the infinite summand as none; mu_0's
  summand 0.5 mu_0^2 is its own, so it keeps 0.3 (README: log(x) + y**2 at x = -1). The truth now differentiates each
  summand in the inputs it names (sep_terms).
- F.binary_cross_entropy(sigmoid(l)) at l = 40 for a pixel of 0, meant unstable: wrong. Its value is PyTorch's with
  logs clamped at -100 (not reached: log(1 - sigmoid(40)) = -40), slope sigmoid(40) = 1, but its backward divides
  by max(p (1 - p), 1e-12): at high precision p (1 - p) = 4.2e-18 < 1e-12, so the rule gives 4.2e-6 at any
  precision (in float64 0). The clamp is in the rule, not in the function: wrong.
- the Kumaraswamy sample at u = 0 in TensorFlow and NumPy, meant ok (I took tf.pow's and gradcli's power rules for
  safe at a base of 0): their gradient of b_0 is NaN as JAX's and PyTorch's (x^(y-1) at 0 with y = 1/2 is inf,
  times d base / d b = 0): wrong (the verdict gradcli misses: F1).

Finding:
F1 (mended). A power whose base is exactly 0 because an input made it so, with the exponent an input too, has no exact
  reference: the Kumaraswamy sample x = (1 - (1 - u)^(1/b))^(1/a) at noise u = 0 (U_NOISE = [0, 0.3], as
  jax.random.uniform can return), a = [2, 0.5], b = [3, 1.5], summed against X_REAL: x_0 = (1 - 1^(1/3))^(1/2) = 0 for
  every a_0, b_0 > 0, so a_0's and b_0's slopes are exactly 0; every framework's rule gives b_0 NaN (pow's x^(y - 1) =
  0^(-1/2) = inf times d(1 - 1^(1/b))/db = 0), at any precision: wrong. gradcli: error, "no exact reference: an exact
  entry is within 5.68e-2562 of 0 at 3840 digits but not proven 0" in JAX, PyTorch and TensorFlow; in NumPy
  unstable, "subtract(1, [1.0, 0.788]) cancelled to exactly [0, 0.2116] (an operand carries the rounding of an op
  before it) ... the root cause is the cancellation", with no exact gradient: 1.0 ** (1/3) is exactly 1, there is no
  rounding to carry. At u = 1 (kumaraswamy_sample, u an input) the same: u_0 has no slope (infinite from the left,
  NaN right), a_0 and b_0 exactly 0 (0^(1/b) = 0): domain; gradcli error. Reduced (a scratch probe):
      ONE = jnp.array([1.0, 0.5])
      def v1(a, b): return jnp.sum((1 - ONE ** b) ** a)
  `gradcli check ...:v1 --at "a=[0.5,2.0],b=[3.0,1.5]" --wrt a --dtype float64`: error (a_0's exact slope is
  0: 0^a = 0 for a > 0); with --wrt b it is right (wrong: b_0's 0 comes out NaN); with the base 1 - ONE ** 2.0 (a
  literal exponent) or b - 1 at b = 1 it proves a_0's 0 (ok); NumPy's twin is unstable as above. So the 0 that
  1 - 1^b makes from an input is not exact in the reference while a's slope 0^a log 0 needs it. Reproduction:
  `gradcli check tests/trials/jax_lib83d.py:kumaraswamy_latent --at "a=[2.0,0.5],b=[3.0,1.5]" --dtype float64 --json`
  (and torch_lib83d.py, tf_lib83d.py, np_lib83d.py; jax_lib83d.py:kumaraswamy_sample at u=[1.0,0.3]).
  Mended: a power of a base that is 0 at the point and the zero function along a seed, to an exponent above 0 that
  seeds may move, is 0 with slope 0 along that seed in the reference's proof (0^a = 0 for every a > 0); and the
  forward finding follows a cancelled difference's operands in the entries that cancelled alone (1^b is exactly 1
  in its entry, whatever 0.5^b rounded to), so none is called a cancellation.

Truths are my own expressions evaluated with mpmath (2,000 digits by cases30b.sided_grad: each slope from the left and
the right, NaN where they differ or either is not finite; summands differentiated apart where a value is infinite),
never the files' code or gradcli: the KL as (mu^2 + e^logvar - 1 - logvar) / 2 (whatever the spelling), the Bernoulli
likelihood as x log sigmoid(l) + (1 - x) log sigmoid(-l) by log1p, BCE with logits as its negative, the IWAE bound as
log sum exp - log K, softmaxes shifted by their max, the straight-through values with the stop_gradient'ed terms
held at the point's values (the README's reading) and the jumps of argmax and round by their sides, xlogy with 0 log y =
0 for every number y, the Kumaraswamy and Gaussian terms with 0^e = 0, log 0 = -inf and 0 / 0 = NaN as the extended
reals give them. Numbers as the dtype holds them: points and literals that meet float32 data in float32; JAX's module
arrays (X_REAL, W_OUT) are float64, PyTorch's cast to the point's dtype.
"""
import inspect

import mpmath

from cases import Case
from cases5 import hp
from cases30b import sided_grad
from cases73d import H, NAN, at, mpf

J, T, K, N = "jax_lib83d.py", "torch_lib83d.py", "tf_lib83d.py", "np_lib83d.py"
F32, F64 = "float32", "float64"
X_BIN = [1, 0, 1]
W_OUT = [1, -2, mpf("0.5")]
U_NOISE = [0.0, 0.3]
G_JAX = [0.13790565977540292, -0.4259929367942607, 3.344039105585023]  # jax.random.gumbel(PRNGKey(0), (3,), float64)
G_TORCH = [-1.2551390538553082, -0.20732693687371648, 0.4860613163571175]  # F.gumbel_softmax's draw after seed 0


# ------------------------------------------------------------------------------------------------- helpers
def lg(x):
    """log on the reals: -inf at 0, NaN below."""
    return mpmath.log(x) if x > 0 else (mpmath.ninf if x == 0 else NAN)


def dv(a, b):
    """a / b on the extended reals: 0 / 0 is NaN, a / 0 an infinity."""
    if b != 0:
        return a / b
    return NAN if a == 0 else mpmath.inf * mpmath.sign(a)


def mul(a, b):
    """a * b with 0 * inf NaN (as IEEE)."""
    if (a == 0 and mpmath.isinf(b)) or (b == 0 and mpmath.isinf(a)):
        return NAN
    return a * b


def pw(base, e):
    """base ** e on the reals: NaN for a negative base, 0 at 0 (e > 0)."""
    if base < 0:
        return NAN
    return mpf(0) if base == 0 else base ** e


def sig(x):
    return 1 / (1 + mpmath.exp(-x))


def log_sig(x):
    return -mpmath.log1p(mpmath.exp(-x)) if x > 0 else x - mpmath.log1p(mpmath.exp(x))


def softplus(x):
    return mpmath.log1p(mpmath.exp(x))


def xlogy(x, y):
    """0 where x = 0 and y is a number (0 included); x log y otherwise (NaN below 0)."""
    if mpmath.isnan(y):
        return NAN
    return mpf(0) if x == 0 else mul(x, lg(y))


def softmax(v):
    top = max(v)
    e = [mpmath.exp(t - top) for t in v]
    return [t / sum(e) for t in e]


def argmax(v):
    """The first index of the largest entry (jnp.argmax, torch.argmax and tf.argmax at a tie of two)."""
    return max(range(len(v)), key=lambda i: (v[i], -i))


def sep(term, dtype, **point):
    """The exact gradient of sum_i term(point[name][i], ...) entry by entry (each term its own sided slopes; a term
    without a value leaves its own entries without a slope, never the others')."""
    names = list(point)
    n = len(point[names[0]])

    def truth():
        out = {k: [] for k in names}
        for i in range(n):
            g = sided_grad(term, dtype, finite_sides=True, **{k: point[k][i] for k in names})()
            for k in names:
                out[k].append(g[k])
        return out
    return hp(truth)


def sep_terms(terms, dtype, **point):
    """sep() over several summands per entry, each differentiated in the inputs it names only: a summand without a
    value leaves its own inputs without a slope, never the inputs of another summand (the README's log(x) + y**2 at
    x = -1: y keeps 2y)."""
    names = list(point)
    n = len(point[names[0]])

    def truth():
        out = {k: [mpf(0)] * n for k in names}
        for i in range(n):
            for term in terms:
                args = list(inspect.signature(term).parameters)
                g = sided_grad(term, dtype, finite_sides=True, **{k: point[k][i] for k in args})()
                for k in args:
                    out[k][i] += g[k]
        return out
    return hp(truth)


def S(file, function, dtype, verdict, f, line=None, **point):
    return Case(file, function, at(**point), dtype, verdict, sided_grad(f, dtype, finite_sides=True, **point),
                line=line)


def P(file, function, dtype, verdict, term, line=None, **point):
    """A case whose function is a sum of per-entry terms."""
    return Case(file, function, at(**point), dtype, verdict, sep(term, dtype, **point), line=line)


def E(file, function, dtype, verdict, truth, line=None, **point):
    """A case with a truth written out entry by entry (a callable returning the gradient dict)."""
    return Case(file, function, at(**point), dtype, verdict, hp(truth), line=line)


def Err(file, function, point, message, dtype=F64):
    return Case(file, function, at(**point), dtype, "input-error", message=message)


# ------------------------------------------------------------------------------------------------- the mathematics
def kl_lv(mu, logvar):
    """One latent's KL(N(mu, e^logvar) | N(0, 1))."""
    return (mu ** 2 + mpmath.exp(logvar) - 1 - logvar) / 2


def kl_sp(mu, s):
    var = softplus(s)
    return (mu ** 2 + var - 1 - lg(var)) / 2


KL_STD_TERMS = [lambda std: -lg(std) + std ** 2 / 2 - mpf(1) / 2, lambda mu: mu ** 2 / 2]


def KS(file, dtype, verdict, **point):
    return Case(file, "gauss_kl_std", at(**point), dtype, verdict, sep_terms(KL_STD_TERMS, dtype, **point))


def xr(dtype, i):
    return H(dtype, [0.3, -0.2][i])


def reparam(dtype):
    def f(mu, logvar, eps):
        return sum((xr(dtype, i) - mu[i] - mpmath.exp(logvar[i] / 2) * eps[i]) ** 2 / 2 for i in range(len(mu)))
    return f


def elbo(dtype):
    def f(mu, logvar, eps):
        return reparam(dtype)(mu, logvar, eps) + sum(kl_lv(m, v) for m, v in zip(mu, logvar))
    return f


def beta_vae(dtype):
    def f(mu, logvar, eps, beta):
        return reparam(dtype)(mu, logvar, eps) + beta * sum(kl_lv(m, v) for m, v in zip(mu, logvar))
    return f


def annealed(mu, logvar, step):
    return min(mpf(1), step / 1000) * sum(kl_lv(m, v) for m, v in zip(mu, logvar))


def free_bits(mu, logvar):
    return sum(max(kl_lv(m, v), mpf(1) / 2) for m, v in zip(mu, logvar))


def bern(logits):
    """sum x log sigma(l) + (1 - x) log sigma(-l) (the Bernoulli log-likelihood, any spelling)."""
    return sum(x * log_sig(l) + (1 - x) * log_sig(-l) for x, l in zip(X_BIN, logits))


def bce(logits):
    return -bern(logits)


def bern_clipped(dtype):
    lo, hi = H(dtype, 1e-7), H(dtype, 1 - 1e-7)

    def f(logits):
        total = 0
        for x, l in zip(X_BIN, logits):
            p = min(max(sig(l), lo), hi)
            total += x * mpmath.log(p) + (1 - x) * mpmath.log(1 - p)
        return total
    return f


def bce_clamped(logits):
    """F.binary_cross_entropy: each log clamped at -100."""
    return -sum(x * max(log_sig(l), mpf(-100)) + (1 - x) * max(log_sig(-l), mpf(-100)) for x, l in zip(X_BIN, logits))


def nll_logvar(dtype):
    def term(x_hat, logvar, i):
        return (logvar + (xr(dtype, i) - x_hat) ** 2 * mpmath.exp(-logvar)) / 2
    return term


def nll_var(dtype, floor=None):
    def term(x_hat, var, i):
        v = var if floor is None else floor(var)
        return (lg(v) + dv((xr(dtype, i) - x_hat) ** 2, v)) / 2
    return term


def indexed(term_of_i, names):
    """sep() over a term that also needs its index: the index rides along as a constant."""
    def make(i):
        return lambda **kw: term_of_i(*[kw[n] for n in names], i)
    return make


def sep_i(make, dtype, **point):
    names = list(point)
    n = len(point[names[0]])

    def truth():
        out = {k: [] for k in names}
        for i in range(n):
            g = sided_grad(make(i), dtype, finite_sides=True, **{k: point[k][i] for k in names})()
            for k in names:
                out[k].append(g[k])
        return out
    return hp(truth)


def PI(file, function, dtype, verdict, term_of_i, line=None, **point):
    return Case(file, function, at(**point), dtype, verdict, sep_i(indexed(term_of_i, list(point)), dtype, **point),
                line=line)


def lse_bound(logw):
    return mpmath.log(sum(mpmath.exp(w) for w in logw)) - mpmath.log(len(logw))


def gumbel(logits, g, tau):
    y = softmax([(l + n) / tau for l, n in zip(logits, g)])
    return sum(a * b for a, b in zip(y, W_OUT))


def gumbel_st(logits, g, tau):
    """The straight-through sample's value is W[argmax]; its gradient the soft sample's, the detached soft sample held
    at the point's value (a constant: it moves nothing)."""
    s = [l + n for l, n in zip(logits, g)]
    return W_OUT[argmax(s)] + gumbel(logits, g, tau)


def st_round_truth(z, custom=False):
    """sum(zq W) + 0.5 sum(zq^2), zq = round(z) in value. By stop_gradient the held round(z) - z is frozen: each slope
    W_k + zq_k, none at a half-integer (the value jumps there). By a custom rule the primal round(z) is what is
    differentiated: 0 off the jumps."""
    def truth():
        out = []
        for k, v in enumerate(z):
            if mpf(v) - mpmath.floor(v) == mpf(1) / 2:
                out.append(NAN)
            elif custom:
                out.append(mpf(0))
            else:
                out.append(W_OUT[k] + mpmath.nint(v))
        return {"z": out}
    return truth


def bern_st(logits):
    """p + stop_gradient(z - p): the draw z and p held at the point's values, so the slope is p's."""
    return sum(sig(l) * w for l, w in zip(logits, W_OUT))


def cat_kl_term(q, p):
    return xlogy(q, q) - xlogy(q, p)


def cat_kl_ratio_term(q, p):
    return xlogy(q, dv(q, p))


def cat_kl_logits(a, b):
    qa, qb = softmax(a), softmax(b)
    return sum(x * (mpmath.log(x) - mpmath.log(y)) for x, y in zip(qa, qb))


def kuma_term(dtype):
    def term(a, b, i):
        u = H(dtype, U_NOISE[i])
        return pw(1 - pw(1 - u, 1 / b), 1 / a) * xr(dtype, i)
    return term


def kuma_sample_term(a, b, u):
    return pw(1 - pw(1 - u, 1 / b), 1 / a)


# ------------------------------------------------------------------------------------------------- points
MU, LV = [0.3, -0.5], [0.2, -1.0]
ORD = dict(mu=MU, logvar=LV)
LV_NEG = dict(mu=MU, logvar=[-800.0, 0.1])  # exp(-800) underflows to 0: harmless in the KL
LV_BIG = dict(mu=MU, logvar=[720.0, 0.1])  # exp(720) = 3.7e312 past float64's range
RP = dict(mu=[0.1, -0.4], logvar=[0.2, -1.0], eps=[0.5, -1.3])
LOGITS = [0.5, -1.0, 2.0]
L40 = [1.0, 40.0, -2.0]  # x_1 = 0: log(1 - sigmoid(40)), sigmoid(40) = 1 - 4.2e-18 rounds to 1
LM800 = [1.0, -800.0, -2.0]  # x_1 = 0: 0 * log(sigmoid(-800)) = 0 * log 0
L0 = [0.0, 0.0, 1.0]  # zero logits, as a zero-initialised output layer gives
DOM = [0.0, -800.0, -900.0, -1000.0]  # one importance weight dominates
ALLNEG = [-1000.0, -1000.0, -1000.0, -1000.0]  # every weight e^-1000
GL, GG = [1.0, 0.5, -0.3], [0.2, 0.6, 0.1]  # l + g = [1.2, 1.1, -0.2]
TL, TG = [1.0, 0.5, -0.25], [0.25, 0.75, 0.125]  # l + g = [1.25, 1.25, -0.125]: a tie, exact in binary
Q0, PQ = [0.0, 0.4, 0.6], [0.2, 0.3, 0.5]
KA, KB = [2.0, 0.5], [3.0, 1.5]
BAD_J = "def _st_round_bwd"
BAD_T = "class STRound>>def backward(ctx, grad_output):"
BAD_K = "def st_round(z)>>def grad(dy):"


def kl(file, function, dtype, verdict, **point):
    return P(file, function, dtype, verdict, kl_lv, **point)


ALL = [
    # ---------------------------------------------------------------------------------------------------- JAX
    kl(J, "gauss_kl", F64, "ok", **ORD),
    kl(J, "gauss_kl", F32, "ok", **ORD),
    kl(J, "gauss_kl", F64, "ok", **LV_NEG),
    kl(J, "gauss_kl", F64, "domain", **LV_BIG),
    kl(J, "gauss_kl", F32, "domain", mu=MU, logvar=[100.0, 0.1]),
    kl(J, "gauss_kl", F32, "ok", mu=MU, logvar=[88.0, 0.1]),
    P(J, "gauss_kl_softplus", F64, "unstable", kl_sp, mu=MU, s=[-800.0, 0.2]),
    P(J, "gauss_kl_softplus", F32, "unstable", kl_sp, mu=MU, s=[-120.0, 0.2]),
    KS(J, F64, "ok", mu=MU, std=[0.9, 0.4]),
    KS(J, F64, "domain", mu=MU, std=[0.0, 0.8]),
    kl(J, "gauss_kl_from_std", F32, "ok", **ORD),
    kl(J, "gauss_kl_from_std", F64, "unstable", mu=MU, logvar=[-1600.0, 0.1]),
    kl(J, "gauss_kl_from_std", F32, "unstable", mu=MU, logvar=[-210.0, 0.1]),
    S(J, "reparam_recon", F64, "ok", reparam(F64), mu=[0.1, -0.4], logvar=[-1600.0, -1.0], eps=[0.5, -1.3]),
    S(J, "elbo", F64, "ok", elbo(F64), **RP),
    S(J, "bern_ll_probs", F64, "ok", bern, logits=LOGITS),
    S(J, "bern_ll_probs", F64, "unstable", bern, logits=L40),
    S(J, "bern_ll_probs", F64, "unstable", bern, logits=LM800),
    S(J, "bern_ll_probs", F32, "unstable", bern, logits=[1.0, 20.0, -2.0]),
    S(J, "bern_ll_clipped", F64, "ok", bern_clipped(F64), logits=L40),
    S(J, "bern_ll_logits", F64, "ok", bern, logits=[1.0, 800.0, -800.0]),
    S(J, "bern_ll_logits", F32, "ok", bern, logits=[1.0, 20.0, -2.0]),
    S(J, "bce_logits_hand", F64, "ok", bce, logits=LOGITS),
    S(J, "bce_logits_hand", F64, "wrong", bce, logits=L0),
    PI(J, "gauss_nll_logvar", F64, "ok", nll_logvar(F64), x_hat=[0.1, 0.2], logvar=[0.2, -1.0]),
    PI(J, "gauss_nll_logvar", F64, "unstable", nll_logvar(F64), x_hat=[0.3, 0.1], logvar=[-800.0, 0.2]),
    PI(J, "gauss_nll_var", F64, "domain", nll_var(F64), x_hat=[0.3, 0.1], var=[0.0, 0.5]),
    PI(J, "gauss_nll_floor", F64, "ok", nll_var(F64, lambda s: softplus(s) + H(F64, 1e-6)), x_hat=[0.3, 0.1],
       s=[-800.0, 0.2]),
    S(J, "iwae_bound", F64, "ok", lse_bound, logw=DOM),
    S(J, "iwae_bound", F64, "ok", lse_bound, logw=ALLNEG),
    S(J, "iwae_bound", F32, "ok", lse_bound, logw=ALLNEG),
    S(J, "iwae_naive", F64, "ok", lse_bound, logw=DOM),
    S(J, "iwae_naive", F64, "unstable", lse_bound, logw=ALLNEG),
    S(J, "gumbel_softmax", F32, "ok", gumbel, logits=GL, g=GG, tau=0.5),
    S(J, "gumbel_softmax", F64, "ok", gumbel, logits=TL, g=TG, tau=0.001),
    S(J, "gumbel_softmax", F32, "ok", gumbel, logits=GL, g=GG, tau=0.001),
    S(J, "gumbel_softmax_hand", F64, "unstable", gumbel, logits=TL, g=TG, tau=0.001),
    S(J, "gumbel_st", F64, "ok", gumbel_st, logits=GL, g=GG, tau=0.5),
    S(J, "gumbel_st", F32, "ok", gumbel_st, logits=GL, g=GG, tau=0.5),
    S(J, "gumbel_st", F64, "domain", gumbel_st, logits=TL, g=TG, tau=0.5),
    S(J, "gumbel_st", F64, "ok", gumbel_st, logits=GL, g=[0.2, 0.7, 0.1], tau=0.5),
    E(J, "st_round_sg", F64, "ok", st_round_truth([0.3, 1.2]), z=[0.3, 1.2]),
    E(J, "st_round_sg", F32, "ok", st_round_truth([0.3, 1.2]), z=[0.3, 1.2]),
    E(J, "st_round_sg", F64, "domain", st_round_truth([0.5, 1.2]), z=[0.5, 1.2]),
    E(J, "st_round_vjp", F64, "wrong", st_round_truth([0.3, 1.2], True), line=BAD_J, z=[0.3, 1.2]),
    E(J, "st_round_vjp", F64, "wrong", st_round_truth([0.5, 1.2], True), line=BAD_J, z=[0.5, 1.2]),
    S(J, "gumbel_jax_random", F64, "ok", lambda logits, tau: gumbel(logits, G_JAX, tau), logits=GL, tau=0.5),
    S(J, "bernoulli_st", F64, "ok", bern_st, logits=GL),
    S(J, "beta_vae", F64, "ok", beta_vae(F64), **RP, beta=4.0),
    S(J, "kl_annealed", F64, "ok", annealed, **ORD, step=500.0),
    S(J, "kl_annealed", F64, "domain", annealed, **ORD, step=1000.0),
    S(J, "kl_free_bits", F64, "ok", free_bits, mu=[0.0, 0.3], logvar=[0.0, 0.1]),
    S(J, "kl_free_bits", F64, "domain", free_bits, mu=[1.0, 2.0], logvar=[0.0, 0.1]),
    P(J, "cat_kl", F64, "domain", cat_kl_term, q=Q0, p=PQ),
    P(J, "cat_kl", F64, "domain", cat_kl_term, q=PQ, p=Q0),
    P(J, "cat_kl", F64, "wrong", cat_kl_term, q=Q0, p=Q0),
    P(J, "cat_kl_ratio", F64, "wrong", cat_kl_ratio_term, q=Q0, p=PQ),
    S(J, "cat_kl_logits", F64, "ok", cat_kl_logits, a=[-800.0, 0.0, 1.0], b=[0.1, 0.2, -0.3]),
    PI(J, "kumaraswamy_latent", F64, "wrong", kuma_term(F64), a=KA, b=KB),
    PI(J, "kumaraswamy_latent", F64, "ok", kuma_term(F64), a=[1.0, 0.5], b=KB),
    P(J, "kumaraswamy_sample", F64, "ok", kuma_sample_term, a=KA, b=KB, u=[0.6, 0.3]),
    P(J, "kumaraswamy_sample", F64, "domain", kuma_sample_term, a=KA, b=KB, u=[1.0, 0.3]),
    # ---------------------------------------------------------------------------------------------------- PyTorch
    kl(T, "gauss_kl", F64, "ok", **LV_NEG),
    kl(T, "gauss_kl", F32, "domain", mu=MU, logvar=[100.0, 0.1]),
    KS(T, F64, "domain", mu=MU, std=[0.0, 0.8]),
    S(T, "neg_elbo", F64, "ok", elbo(F64), **RP),
    S(T, "neg_elbo", F32, "ok", elbo(F32), **RP),
    S(T, "bce_logits", F64, "ok", bce, logits=L0),
    S(T, "bce_logits", F64, "ok", bce, logits=[1.0, 800.0, -800.0]),
    S(T, "bce_logits", F32, "ok", bce, logits=[1.0, 20.0, -2.0]),
    S(T, "bce_probs", F64, "ok", bce_clamped, logits=LOGITS),
    S(T, "bce_probs", F64, "wrong", bce_clamped, logits=L40),
    S(T, "bce_logits_hand", F64, "wrong", bce, logits=L0),
    S(T, "bce_logits_relu", F64, "wrong", bce, logits=L0),
    PI(T, "gauss_nll_logvar", F64, "unstable", nll_logvar(F64), x_hat=[0.3, 0.1], logvar=[-800.0, 0.2]),
    PI(T, "gauss_nll_torch", F64, "wrong", nll_var(F64, lambda v: max(v, H(F64, 1e-6))), x_hat=[0.2, 0.1],
       var=[0.0, 0.5]),
    S(T, "iwae_bound", F64, "ok", lse_bound, logw=ALLNEG),
    S(T, "gumbel_softmax", F64, "ok", gumbel, logits=TL, g=TG, tau=0.001),
    S(T, "gumbel_st", F64, "ok", gumbel_st, logits=GL, g=GG, tau=0.5),
    S(T, "gumbel_st", F64, "domain", gumbel_st, logits=TL, g=TG, tau=0.5),
    S(T, "gumbel_torch", F64, "ok", lambda logits: gumbel(logits, G_TORCH, mpf(1) / 2), logits=GL),
    S(T, "gumbel_torch_hard", F64, "ok", lambda logits: gumbel_st(logits, G_TORCH, mpf(1) / 2), logits=GL),
    Err(T, "bernoulli_st", dict(logits=GL), ("bernoulli", "torch_lib83d.py:126", "pass the sample as an argument")),
    E(T, "st_round_fn", F64, "wrong", st_round_truth([0.3, 1.2], True), line=BAD_T, z=[0.3, 1.2]),
    E(T, "st_round_detach", F64, "domain", st_round_truth([0.5, 1.2]), z=[0.5, 1.2]),
    E(T, "st_round_detach", F32, "ok", st_round_truth([0.3, 1.2]), z=[0.3, 1.2]),
    P(T, "cat_kl", F64, "domain", cat_kl_term, q=Q0, p=PQ),
    P(T, "cat_kl", F64, "wrong", cat_kl_term, q=Q0, p=Q0),
    PI(T, "kumaraswamy_latent", F64, "wrong", kuma_term(F64), a=KA, b=KB),
    # ---------------------------------------------------------------------------------------------------- TensorFlow
    kl(K, "gauss_kl", F64, "ok", **LV_NEG),
    S(K, "bce_logits", F64, "ok", bce, logits=L0),
    S(K, "bce_logits", F64, "ok", bce, logits=[1.0, 800.0, -800.0]),
    S(K, "bern_ll_probs", F64, "unstable", bern, logits=L40),
    S(K, "iwae_bound", F64, "ok", lse_bound, logw=ALLNEG),
    S(K, "iwae_naive", F64, "unstable", lse_bound, logw=ALLNEG),
    S(K, "gumbel_st", F64, "domain", gumbel_st, logits=TL, g=TG, tau=0.5),
    E(K, "st_round_fn", F64, "wrong", st_round_truth([0.3, 1.2], True), line=BAD_K, z=[0.3, 1.2]),
    P(K, "cat_kl", F64, "domain", cat_kl_term, q=Q0, p=PQ),
    P(K, "cat_kl", F64, "domain", cat_kl_term, q=Q0, p=Q0),
    P(K, "cat_kl_ratio", F64, "domain", cat_kl_ratio_term, q=Q0, p=PQ),
    PI(K, "kumaraswamy_latent", F64, "wrong", kuma_term(F64), a=KA, b=KB),
    # ---------------------------------------------------------------------------------------------------- NumPy
    kl(N, "gauss_kl", F64, "ok", **ORD),
    kl(N, "gauss_kl", F64, "domain", **LV_BIG),
    S(N, "bern_ll_probs", F64, "unstable", bern, logits=L40),
    S(N, "bern_ll_logits", F64, "ok", bern, logits=L40),
    PI(N, "gauss_nll_var", F64, "domain", nll_var(F64), x_hat=[0.3, 0.1], var=[0.0, 0.5]),
    S(N, "iwae_bound", F64, "ok", lse_bound, logw=ALLNEG),
    S(N, "iwae_naive", F64, "unstable", lse_bound, logw=ALLNEG),
    P(N, "cat_kl", F64, "domain", cat_kl_term, q=Q0, p=PQ),
    PI(N, "kumaraswamy_latent", F64, "wrong", kuma_term(F64), a=KA, b=KB),
]
