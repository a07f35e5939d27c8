"""The sixty-second trial set (d): PROBABILISTIC MODELLING AND LINEAR ALGEBRA inside losses as users write them, on
issues 28 and 29's bridges. JAX (jax_lib62d): norm.logpdf / logcdf at -40 and -800, log(norm.cdf) by hand,
gammaln at 1e-300, xlogy's y-slope at p = y = 0, jax.nn.log_sigmoid at +-100 / +-800 and log(sigmoid) by hand at
-200, a VAE's Gaussian KL at logvar -40 / 100, Gumbel-softmax with fixed noise at +-40 in float32, slogdet (a
singular and a defective matrix), cholesky's log-determinant (a zero eigenvalue), inv of a near-singular matrix,
multivariate_normal.logpdf, a Gaussian process's negative log marginal likelihood (cholesky, solve_triangular, sum of
log diag) ordinary and ill-conditioned in float32. PyTorch (torch_lib62d): Normal.log_prob at scale 1e-300,
Categorical(logits=) log_prob at +-40 / +-100 and entropy at +-20 in float32, Bernoulli(logits=) log_prob at +-40 /
+-100, Beta and Gamma log_prob (lgamma, digamma; a = 1e-300), kl_divergence of two Normals (scale 1e-300), a
reparameterised sample with a fixed eps, MultivariateNormal.log_prob, torch.lgamma, torch.special.xlogy, logdet,
slogdet, linalg.cholesky's log-determinant, a Gaussian process with cholesky_solve. TensorFlow (tf_lib62d): lgamma,
digamma, log_ndtr and log(ndtr) by hand, sigmoid_cross_entropy_with_logits (at 0, +-40, +-100) and the naive BCE,
xlogy, the VAE KL, slogdet, triangular_solve in its matrix (a zero pivot), a Gaussian process. NumPy (np_lib62d): a
Gaussian log-density by its standardised residual and by its variance at scale 1e-300, slogdet, a multivariate
normal log-density through cholesky and solve, inv of a near-singular matrix, the VAE KL.

Counts: 82 cases written and judged through tests/trials/judge.py (a driver in a scratch folder, two at a time), after 13
dropped as repeats (gammaln in float32, Beta log_prob in float32, TensorFlow's GP in float32, its sigmoid
cross-entropy at +-100 in float64, its VAE KL in float32 and its slogdet in float32 and lgamma, NumPy's ok VAE KL and
slogdet of 2I in float32, the naive mixture at 0.5, JAX's inv_sum at the exactly factored near-singular matrix and
slogdet of the defective matrix in float32, Categorical log_prob at +-40): 51 ok, 17 unstable, 11 domain, 3 wrong.
79 agree; 3 fail, the findings K1 (1 case) and K2 (2), held as strict xfails. The truths of 2 cases were wrong first
and were corrected (below).

Agreed with my truths (exact gradients to 1e-10, verdicts, the user's line):
- densities in the tails: norm.logpdf / logcdf at -40 (float32) and -800 (float64), torch.special.log_ndtr, Student's
  t log_prob at df = 3, a Gaussian mixture by logsumexp at x = 40 in float32: ok; log(norm.cdf) by hand at -40
  (float64), log(0.5 erfc(-x / sqrt 2)) in TensorFlow, log(sum(w pdf)) at 40 in float32: unstable at the line;
- scale 1e-300: Normal.log_prob, jax norm.logpdf and a NumPy log-density by the variance (s^2 underflows, 0 / 0),
  kl_divergence of two Normals (log of 0): unstable at the line; the standardised-residual log-density: ok;
- sigmoids and categoricals: jax.nn.log_sigmoid at +-100 / +-800, sigmoid_cross_entropy_with_logits at 0 (its where
  is consistent), at +-40, Bernoulli(logits=) at +-100 with labels [0, 1], Categorical(logits=) log_prob at +-100:
  ok; log(sigmoid) by hand at -200 in float32 (unstable, the log_sigmoid fix re-checked), the naive BCE at +-40 in
  float32, Bernoulli log_prob with label 1 at logit 40 (its slope sigmoid(-40) = 4.2e-18 computed 0), Categorical
  entropy at +-20 in float32 (log p_0 = -2e-9 rounds to 0), a Gumbel-softmax at +-40 in float32 (a slope -2e-34
  computed 0): unstable at the line;
- special functions: gammaln / lgamma at 1e-300, digamma, Beta and Gamma log_prob (a = 1e-300 too), lbeta at
  [2.5, 1.5]: ok; Student's t at df = 1e10 and lbeta at [1e10, 0.5] (lgamma differences cancel): unstable at the line;
  xlogy's y-slope at p = y = 0: JAX's and PyTorch's rules 0 / 0, wrong at the line; TensorFlow's xdivy rule: ok;
- linear algebra: slogdet / logdet (a defective matrix with a repeated eigenvalue ok; a singular one domain), JAX's
  symmetrised cholesky log-determinant ok (a zero eigenvalue domain), eigvalsh log-determinants at 2I ok,
  multivariate normal log-densities (JAX, PyTorch, NumPy through cholesky reading the lower triangle and through
  slogdet + solve; a singular covariance domain), inv of an ill-conditioned matrix unstable at the sum, triangular
  solves in the matrix ok (JAX's at a zero pivot: domain, the unread entry's slope 0), Gaussian-process negative log
  marginal likelihoods in JAX, PyTorch (cholesky_solve) and TensorFlow ok, and at ell = e^3, noise e^-20 in float32
  unstable, the exp's rounding amplified by the cholesky named; the VAE KL term at logvar -40 ok and at 100 (float32)
  / 800 (float64) domain; a reparameterised sample with a fixed eps ok.

My truths corrected (gradcli was right): inv_sum at [[1, 1], [1, 1.000000000001]] (JAX and NumPy): I called it
unstable (sum(inv) = 1 from entries of 1e12), but the LU factors are exact there (delta = a22 - 1 by Sterbenz) and
1 + fl(1/delta) is exact below 2^53, so the value 1 and the slopes -[[1, 0], [0, 0]] come out exact: ok. (The
ill-conditioned [[3, 7], [1, 2.3333333333]], whose multiplier 1/3 rounds, is the unstable case now.)

Findings:
- K1 (mended since: a structural op's gradient PyTorch's backward never makes whole is found as the value it
  holds, `rule_blame._scattered_from_held`) torch_lib62d:chol_logdet, a = [[2, 0.5], [0.5, 1]], float64. 2 * sum(log(diagonal(cholesky(a)))): the verdict
  wrong and the exact gradient [[4/7, 0], [-4/7, 8/7]] (the lower triangle LAPACK reads, as README says of NumPy's
  cholesky) are right, and PyTorch's symmetrised rule gives [[4/7, -2/7], [-2/7, 8/7]]; but the finding blames "the
  first call whose built-in rule is off is getitem in torch.diagonal (aten.diagonal) on this line" at line 79, whose
  rule (the cotangent placed on the diagonal, [[2/L00, 0], [0, 2/L11]]) is exact; the off rule is
  torch.linalg.cholesky's backward at line 78. Reproduce:
  gradcli check tests/trials/torch_lib62d.py:chol_logdet --at "a=[[2,0.5],[0.5,1]]" --dtype float64 --json
- K2 (mended since: PyTorch's and TensorFlow's triangular solves are replayed by substitution, as their kernels
  compute them, `capture/triangular.py`) torch_lib62d:tri_solve and tf_lib62d:tri_solve, chol = [[2, 0], [1, 0]] (a zero pivot), float64. sum(x^2) of
  x = L^-1 [1, 2] by torch.linalg.solve_triangular(upper=False) / tf.linalg.triangular_solve(lower=True): PyTorch and
  TensorFlow return inf and the gradient [[inf, 0], [-inf, -inf]], raising nothing; gradcli says "the program raised
  LinAlgError: Singular matrix ... its exact value is nan", shows no value or gradient, and gives the exact gradient
  NaN in chol[0][1], which neither framework reads (its slope is 0: the function does not move with it, README's
  "inputs that do not move it keep their slopes"); the verdict domain is right. JAX's solve_triangular at the same
  point is replayed right: value inf, exact gradient [[nan, 0], [nan, nan]], each nan explained by the +inf value.
  Reproduce:
  gradcli check tests/trials/torch_lib62d.py:tri_solve --at "chol=[[2,0],[1,0]]" --dtype float64 --json
  (also tests/trials/tf_lib62d.py:tri_solve)
- (no case) JAX's naive_logcdf at x = [-40, 1], float64: the verdict and the line are right, but the first finding
  names as root cause "add(1.0, [-1.0, 0.68...]) cancelled to exactly [0, 1.68...] ... and that 0 reached log", the
  1 + erf(x) of jax.scipy.special.ndtr's branch not taken at -40 (|x| / sqrt 2 >= sqrt(1/2)): the 0 log met is the
  taken branch's erfc(28.28) underflow, named only third. Reproduce:
  gradcli check tests/trials/jax_lib62d.py:naive_logcdf --at "x=[-40,1]" --dtype float64 --json

Slow: no check passed 60 s. Through the CLI two at a time: NumPy 0.4-1.3 s, JAX 1.4-7 s, PyTorch 2.2-10.5 s,
TensorFlow 4-16.6 s.

Truths are written here from my own expression of the mathematics (digamma / trigamma, phi / Phi, sigmoids,
softmax slopes, inverse-transpose matrices, a GP's 0.5 y'K^-1 y + 0.5 log det K by mpmath matrices, KL of Normals
in closed form), analytically or by mpmath.diff at 2,000 digits at the numbers the dtype holds, never the files'
code; points with no derivative are NaN.
"""
import mpmath

from cases import Case
from cases5 import hp
from cases58d import _dg, _hold
from cases61d import _s, _softmax

N, J, T, K = "np_lib62d.py", "jax_lib62d.py", "torch_lib62d.py", "tf_lib62d.py"
NAN = mpmath.nan
mpf = mpmath.mpf


def _v(dtype, fn, **point):
    """A truth written analytically: fn(**held point) -> {name: gradient}."""
    return hp(lambda: fn(**{k: _hold(dtype, v) for k, v in point.items()}))


def _const(name, values):
    def conv(v):
        if isinstance(v, list):
            return [conv(u) for u in v]
        return NAN if v is None else mpf(v)
    return hp(lambda: {name: conv(values)})


def _mills(x):
    """d/dx log Phi(x) = phi(x) / Phi(x), Phi by erfc (no cancellation in the left tail)."""
    return mpmath.npdf(x) / (mpmath.erfc(-x / mpmath.sqrt(2)) / 2)


def _erfc_logcdf(dtype, x):
    """d/dx log(erfc(-c x) / 2) = c (2 / sqrt(pi)) exp(-(c x)^2) / erfc(-c x), c = 0.7071067811865476 as written."""
    def fn(x):
        c = _hold(dtype, 0.7071067811865476)
        return {"x": [c * 2 / mpmath.sqrt(mpmath.pi) * mpmath.exp(-(c * v) ** 2) / mpmath.erfc(-c * v) for v in x]}
    return _v(dtype, fn, x=x)


def _inv_sum_grad(a):
    """d sum(A^-1) / dA_ij = -(column sums of A^-1)_i (row sums of A^-1)_j."""
    def fn(a):
        inv = mpmath.inverse(mpmath.matrix(a))
        col = [mpmath.fsum(inv[k, i] for k in range(2)) for i in range(2)]
        row = [mpmath.fsum(inv[j, k] for k in range(2)) for j in range(2)]
        return {"a": [[-col[i] * row[j] for j in range(2)] for i in range(2)]}
    return fn


def _inv_t(a):
    inv = mpmath.inverse(mpmath.matrix(a))
    return [[inv[j, i] for j in range(len(a))] for i in range(len(a))]


def _lower_logdet(a):
    """log det of the symmetric matrix a Cholesky that reads the lower triangle sees: A^-1 on the diagonal, twice
    A^-1 below it, 0 above."""
    inv = mpmath.inverse(mpmath.matrix([[a[0][0], a[1][0]], [a[1][0], a[1][1]]]))
    return [[inv[0, 0], mpf(0)], [2 * inv[1, 0], inv[1, 1]]]


GX = [mpf(0), mpf("0.5"), mpf("1.5")]
GY = [mpf("0.25"), mpf("-0.5"), mpf("0.75")]


def _gp_nll(p):
    """0.5 y' K^-1 y + 0.5 log det K (sum log diag L is half the log-determinant)."""
    ell2, noise = mpmath.exp(2 * p["log_ell"]), mpmath.exp(p["log_noise"])
    k = mpmath.matrix(3, 3)
    for i in range(3):
        for j in range(3):
            k[i, j] = mpmath.exp(-(GX[i] - GX[j]) ** 2 / (2 * ell2)) + (noise if i == j else 0)
    y = mpmath.matrix(GY)
    alpha = mpmath.lu_solve(k, y)
    return (y.T * alpha)[0] / 2 + mpmath.log(mpmath.det(k)) / 2


def _gp(dtype, log_ell, log_noise):
    return _dg(_gp_nll, dtype, ["log_ell", "log_noise"], log_ell=log_ell, log_noise=log_noise)


def _cat_entropy_grad(z):
    """dH/dz_i = -p_i (log p_i + H), log p by log-softmax."""
    p = _softmax(z)
    top = max(z)
    lse = top + mpmath.log(mpmath.fsum(mpmath.exp(v - top) for v in z))
    logp = [v - lse for v in z]
    h = -mpmath.fsum(a * b for a, b in zip(p, logp))
    return {"logits": [-a * (b + h) for a, b in zip(p, logp)]}


def _gumbel(dtype, logits):
    """d/dlogits sum W softmax((l + g) / 0.5) = 2 y (W - sum W y), sum written without cancellation."""
    def fn(logits):
        g, w = [mpf("0.25"), mpf("-0.5"), mpf("0.75")], [mpf(1), mpf(2), mpf(3)]
        y = _softmax([(a + b) * 2 for a, b in zip(logits, g)])
        return {"logits": [2 * y[i] * mpmath.fsum(y[j] * (w[i] - w[j]) for j in range(3) if j != i)
                           for i in range(3)]}
    return _v(dtype, fn, logits=logits)


def _tri_solve(p):
    """sum(x^2) of x = L^-1 [1, 2], L's lower triangle alone read."""
    l = p["chol"]
    x0 = 1 / l[0][0]
    x1 = (2 - l[1][0] * x0) / l[1][1]
    return x0 ** 2 + x1 ** 2


def _mvn_chol(p):
    s = p["s"]
    m = mpmath.matrix([[s[0][0], s[1][0]], [s[1][0], s[1][1]]])  # the lower triangle NumPy's cholesky reads
    x = mpmath.matrix(p["x"])
    return -(x.T * mpmath.lu_solve(m, x))[0] / 2 - mpmath.log(mpmath.det(m)) / 2


def _student_t(p):
    """log density of Student's t(nu) at 1.5, loc 0, scale 1."""
    nu, y = p["df"], mpf("1.5")
    return (mpmath.loggamma((nu + 1) / 2) - mpmath.loggamma(nu / 2) - mpmath.log(nu * mpmath.pi) / 2
            - (nu + 1) / 2 * mpmath.log1p(y ** 2 / nu))


def _mixture(dtype, x):
    """d/dx log sum_k w_k N(x; mu_k, 1) = sum_k r_k (mu_k - x), r the responsibilities (by log-weights)."""
    def fn(x):
        mus, ws = [mpf(0), mpf(1)], [mpf("0.25"), mpf("0.75")]
        logs = [mpmath.log(w) - (x - m) ** 2 / 2 for w, m in zip(ws, mus)]
        r = _softmax(logs)
        return {"x": mpmath.fsum(a * (m - x) for a, m in zip(r, mus))}
    return _v(dtype, fn, x=x)


def _lbeta(dtype, x):
    return _v(dtype, lambda x: {"x": [mpmath.digamma(v) - mpmath.digamma(x[0] + x[1]) for v in x]}, x=x)


def _mvn_slogdet(p):
    s, x = mpmath.matrix(p["s"]), mpmath.matrix(p["x"])
    return -(x.T * mpmath.lu_solve(s, x))[0] / 2 - mpmath.log(mpmath.det(s)) / 2


A2 = [[2, 1], [0.5, 3]]
A2S = "a=[[2,1],[0.5,3]]"
SING = "a=[[1,2],[2,4]]"
NAN22 = [[None, None], [None, None]]
DEFECT = [[2, 1], [0, 2]]
NEAR = "a=[[1,1],[1,1.000000000001]]"
ILLA = [[3, 7], [1, 2.3333333333]]
ILL = "a=[[3,7],[1,2.3333333333]]"
SPD = [[2, 0.5], [0.5, 1]]
SPDS = "a=[[2,0.5],[0.5,1]]"
COVINV = [[mpf(1) / mpf("1.75"), mpf("-0.5") / mpf("1.75")], [mpf("-0.5") / mpf("1.75"), 2 / mpf("1.75")]]


def _mvn_x(dtype, x):
    return _v(dtype, lambda x: {"x": [-(COVINV[i][0] * x[0] + COVINV[i][1] * x[1]) for i in range(2)]}, x=x)


def _vae(dtype, mu, logvar):
    return _v(dtype, lambda mu, logvar: {"mu": list(mu), "logvar": [(mpmath.exp(v) - 1) / 2 for v in logvar]},
              mu=mu, logvar=logvar)


def _digammas(dtype, a):
    return _v(dtype, lambda a: {"a": [mpmath.digamma(v) for v in a]}, a=a)


def _xlogy_y(dtype):
    return _v(dtype, lambda p, y: {"y": [mpf(0), -p[1] / y[1]]}, p=[0, 0.5], y=[0, 2])


def _normal_lp(dtype, x, log_scale):
    """d/dx, d/dlog_s of -(x / s)^2 / 2 - log s: -x / s^2 and (x / s)^2 - 1."""
    def fn(x, log_scale):
        s = mpmath.exp(log_scale)
        return {"x": -x / s ** 2, "log_scale": (x / s) ** 2 - 1}
    return _v(dtype, fn, x=x, log_scale=log_scale)


def _gauss_np(dtype, x, mu, log_s):
    def fn(x, mu, log_s):
        s = mpmath.exp(log_s)
        z = (x - mu) / s
        return {"x": -z / s, "mu": z / s, "log_s": z ** 2 - 1}
    return _v(dtype, fn, x=x, mu=mu, log_s=log_s)


def _beta_lp(dtype, a, b):
    x = mpf("0.25")
    return _v(dtype, lambda a, b: {"a": mpmath.log(x) - mpmath.digamma(a) + mpmath.digamma(a + b),
                                   "b": mpmath.log(1 - x) - mpmath.digamma(b) + mpmath.digamma(a + b)}, a=a, b=b)


def _kl(dtype, mu, log_s):
    """KL(N(mu, s) || N(0, 2)) = log(2 / s) + (s^2 + mu^2) / 8 - 1/2."""
    return _v(dtype, lambda mu, log_s: {"mu": mu / 4, "log_s": -1 + mpmath.exp(2 * log_s) / 4}, mu=mu, log_s=log_s)


def _reparam(dtype, mu, logvar):
    def fn(mu, logvar):
        e = mpmath.exp(logvar / 2)
        z = mu + e * mpf("0.75")
        return {"mu": 2 * z + mu, "logvar": 2 * z * mpf("0.75") * e / 2 + (mpmath.exp(logvar) - 1) / 2}
    return _v(dtype, fn, mu=mu, logvar=logvar)


ALL = [
    # ---------------------------------------------------------------------------------------------------- JAX
    Case(J, "norm_logpdf", "x=[-40,0.5]", "float32", "ok", _v("float32", lambda x: {"x": [-v for v in x]}, x=[-40, 0.5])),
    Case(J, "norm_logcdf", "x=[-40,2]", "float32", "ok", _v("float32", lambda x: {"x": [_mills(v) for v in x]}, x=[-40, 2])),
    Case(J, "norm_logcdf", "x=[-800,2]", "float64", "ok", _v("float64", lambda x: {"x": [_mills(v) for v in x]}, x=[-800, 2])),
    # Phi(-40) = 3.7e-350 underflows float64: log(0) = -inf, unstable at the log
    Case(J, "naive_logcdf", "x=[-40,1]", "float64", "unstable",
         _v("float64", lambda x: {"x": [_mills(v) for v in x]}, x=[-40, 1]), "return jnp.sum(jnp.log(p))"),
    Case(J, "gammaln_sum", "a=[0.5,3,1e-300]", "float64", "ok", _digammas("float64", [0.5, 3, 1e-300])),
    # xlogy(0, y) is 0 for every y: slope 0 in y at p = y = 0, where JAX's rule computes p / y = 0 / 0
    Case(J, "xlogy_cross", "p=[0,0.5],y=[0,2]", "float64", "wrong", _xlogy_y("float64"),
         "return -jnp.sum(xlogy(p, y))", wrt="y"),
    Case(J, "log_sigmoid_sum", "z=[-100,30]", "float32", "ok",
         _v("float32", lambda z: {"z": [_s(-v) for v in z]}, z=[-100, 30])),
    Case(J, "log_sigmoid_sum", "z=[-800,800]", "float64", "ok",
         _v("float64", lambda z: {"z": [_s(-v) for v in z]}, z=[-800, 800])),
    Case(J, "naive_log_sigmoid", "z=[-200,1]", "float32", "unstable",
         _v("float32", lambda z: {"z": [_s(-v) for v in z]}, z=[-200, 1]),
         "return jnp.sum(jnp.log(jax.nn.sigmoid(z)))", "log_sigmoid"),
    Case(J, "vae_kl", "mu=[0.5,-1],logvar=[-40,3]", "float32", "ok", _vae("float32", [0.5, -1], [-40, 3])),
    # exp(100) / 2 = 1.3e43 is beyond float32's range: the dtype's limit, domain
    Case(J, "vae_kl", "mu=[0.5,-1],logvar=[100,0]", "float32", "domain", _vae("float32", [0.5, -1], [100, 0])),
    Case(J, "gumbel_softmax", "logits=[1,2,0.5]", "float64", "ok", _gumbel("float64", [1, 2, 0.5])),
    # entry 0's slope -1.96e-34 is a normal float32; sum(W y) rounds to W_0 = 1 and the softmax rule returns 0
    Case(J, "gumbel_softmax", "logits=[40,-40,0]", "float32", "unstable", _gumbel("float32", [40, -40, 0]),
         "y = jax.nn.softmax((logits + NOISE) / 0.5)"),
    Case(J, "slogdet_loss", A2S, "float64", "ok", hp(lambda: {"a": _inv_t(A2)})),
    Case(J, "slogdet_loss", SING, "float64", "domain", _const("a", NAN22)),
    # JAX symmetrises the input of cholesky: log det((A + A') / 2), slope A^-1 at a symmetric A
    Case(J, "chol_logdet", SPDS, "float64", "ok", hp(lambda: {"a": _inv_t(SPD)})),
    Case(J, "chol_logdet", "a=[[1,1],[1,1]]", "float64", "domain", _const("a", NAN22)),
    # the multiplier 1/3 is rounded: the pivot 2.3333333333 - 7/3 loses 10 digits, sum(inv) ~2.7e10 keeps 5
    Case(J, "inv_sum", ILL, "float64", "unstable", _v("float64", _inv_sum_grad(ILLA), a=ILLA),
         "return jnp.sum(jnp.linalg.inv(a))"),
    Case(J, "mvn_logpdf", "x=[0.5,-1]", "float64", "ok", _mvn_x("float64", [0.5, -1])),
    Case(J, "gp_nll", "log_ell=0,log_noise=-2", "float64", "ok", _gp("float64", 0, -2)),
    Case(J, "gp_nll", "log_ell=0,log_noise=-2", "float32", "ok", _gp("float32", 0, -2)),
    # ell = e^3: K's smallest eigenvalue ~1e-7 near float32's eps: the Cholesky factor loses every digit
    Case(J, "gp_nll", "log_ell=3,log_noise=-20", "float32", "unstable", _gp("float32", 3, -20),
         "chol = jnp.linalg.cholesky(k)"),
    # scale^2 = 1e-600 underflows: log(2 pi * 0) and 0 / 0 in JAX's norm.logpdf, exact 690 - log sqrt(2 pi)
    Case(J, "norm_logpdf_scale", "x=0,log_scale=-690", "float64", "unstable", _normal_lp("float64", 0, -690),
         "return norm.logpdf(x, 0.0, jnp.exp(log_scale))"),
    # a repeated eigenvalue: the sum of log eigenvalues is log det, smooth, slope A^-1
    Case(J, "eigh_logdet", "a=[[2,0],[0,2]]", "float64", "ok", _const("a", [["0.5", 0], [0, "0.5"]])),
    Case(J, "mixture_lse", "x=40", "float32", "ok", _mixture("float32", 40)),
    # both densities underflow float32 at x = 40 (e^-800, e^-760.5): log(0)
    Case(J, "mixture_naive", "x=40", "float32", "unstable", _mixture("float32", 40),
         "return jnp.log(jnp.sum(WEIGHTS * norm.pdf(x, MUS, 1.0)))"),
    Case(J, "tri_solve", "chol=[[2,0],[1,0.5]]", "float64", "ok",
         _dg(lambda p: _tri_solve(p), "float64", ["chol"], chol=[[2, 0], [1, 0.5]])),
    # a zero pivot: a pole in the entries read; the upper entry is never read (slope 0)
    Case(J, "tri_solve", "chol=[[2,0],[1,0]]", "float64", "domain", _const("chol", [[None, 0], [None, None]])),
    # ---------------------------------------------------------------------------------------------------- PyTorch
    Case(T, "normal_logprob", "x=1.5,log_scale=-0.5", "float32", "ok", _normal_lp("float32", 1.5, -0.5)),
    # var = (1e-300)^2 underflows to 0: -(0)^2 / (2 * 0) is NaN where the exact value is 690 - log sqrt(2 pi)
    Case(T, "normal_logprob", "x=0,log_scale=-690", "float64", "unstable", _normal_lp("float64", 0, -690),
         "return Normal(torch.zeros_like(x), torch.exp(log_scale)).log_prob(x)"),
    Case(T, "cat_logprob", "logits=[100,-100,0]", "float32", "ok",
         _v("float32", lambda logits: {"logits": [-p for p in _softmax(logits)[:2]] + [1 - _softmax(logits)[2]]},
            logits=[100, -100, 0])),
    Case(T, "cat_entropy", "logits=[1,2,0.5]", "float64", "ok", _v("float64", _cat_entropy_grad, z=[1, 2, 0.5])),
    # log p_0 = -2.1e-9 rounds to 0 in float32: H = 4.33e-8 comes out 4.12e-8
    Case(T, "cat_entropy", "logits=[20,-20,0]", "float32", "unstable", _v("float32", _cat_entropy_grad, z=[20, -20, 0]),
         "return Categorical(logits=logits).entropy()"),
    Case(T, "bern_logprob", "z=[100,-100]", "float32", "ok",
         _v("float32", lambda z: {"z": [-_s(z[0]), _s(-z[1])]}, z=[100, -100])),
    # d/dz log sigmoid(40) = sigmoid(-40) = 4.2e-18, a normal float32; sigmoid(40) - 1 computes 0
    Case(T, "bern_logprob_pos", "z=[40,-40]", "float32", "unstable",
         _v("float32", lambda z: {"z": [_s(-v) for v in z]}, z=[40, -40]), "def bern_logprob_pos>>return Bernoulli"),
    Case(T, "beta_logprob", "a=2.5,b=1.5", "float64", "ok", _beta_lp("float64", 2.5, 1.5)),
    Case(T, "beta_logprob", "a=1e-300,b=1.5", "float64", "ok", _beta_lp("float64", 1e-300, 1.5)),
    Case(T, "gamma_logprob", "conc=3,rate=0.5", "float64", "ok",
         _v("float64", lambda conc, rate: {"conc": mpmath.log(rate) + mpmath.log(2) - mpmath.digamma(conc),
                                           "rate": conc / rate - 2}, conc=3, rate=0.5)),
    Case(T, "kl_normal", "mu=0.5,log_s=-0.25", "float64", "ok", _kl("float64", 0.5, -0.25)),
    # (s / 2)^2 underflows to 0 and log(0) = -inf: the exact KL is 690 + log 2 - 1/2
    Case(T, "kl_normal", "mu=0,log_s=-690", "float64", "unstable", _kl("float64", 0, -690), "return kl_divergence(p, q)"),
    Case(T, "reparam_elbo", "mu=0.5,logvar=-1", "float64", "ok", _reparam("float64", 0.5, -1)),
    Case(T, "reparam_elbo", "mu=0.5,logvar=-200", "float32", "ok", _reparam("float32", 0.5, -200)),
    Case(T, "mvn_logprob", "x=[0.5,-1]", "float64", "ok", _mvn_x("float64", [0.5, -1])),
    Case(T, "lgamma_sum", "a=[0.5,3,1e-300]", "float64", "ok", _digammas("float64", [0.5, 3, 1e-300])),
    Case(T, "xlogy_cross", "p=[0,0.5],y=[0,2]", "float64", "wrong", _xlogy_y("float64"),
         "return -torch.special.xlogy(p, y).sum()", wrt="y"),
    Case(T, "logdet_loss", A2S, "float64", "ok", hp(lambda: {"a": _inv_t(A2)})),
    Case(T, "logdet_loss", SING, "float64", "domain", _const("a", NAN22)),
    Case(T, "slogdet_loss", "a=[[1,2],[3,4]]", "float32", "ok", hp(lambda: {"a": _inv_t([[1, 2], [3, 4]])})),
    # LAPACK's Cholesky reads the lower triangle; PyTorch's rule is symmetrised: wrong in a[0][1] and a[1][0], at
    # the cholesky's line (K1: gradcli names torch.diagonal's rule on the next line)
    Case(T, "chol_logdet", SPDS, "float64", "wrong", hp(lambda: {"a": _lower_logdet(SPD)}),
         "chol = torch.linalg.cholesky(a)"),
    Case(T, "gp_nll", "log_ell=0,log_noise=-2", "float64", "ok", _gp("float64", 0, -2)),
    Case(T, "student_t_logprob", "df=3", "float64", "ok", _dg(_student_t, "float64", ["df"], df=3)),
    # df = 1e10: lgamma(5e9 + 0.5) - lgamma(5e9), each 1.1e11, cancel to 11.5; their slopes' difference to 1e-10
    Case(T, "student_t_logprob", "df=1e10", "float64", "unstable", _dg(_student_t, "float64", ["df"], df=1e10),
         "return StudentT(df, torch.zeros_like(df), torch.ones_like(df)).log_prob("),
    # eigvalsh reads the lower triangle: at a diagonal matrix the off-diagonal slopes are 0 either way
    Case(T, "eigh_logdet", "a=[[2,0],[0,2]]", "float64", "ok", _const("a", [["0.5", 0], [0, "0.5"]])),
    Case(T, "log_ndtr_sum", "x=[-40,2]", "float32", "ok", _v("float32", lambda x: {"x": [_mills(v) for v in x]}, x=[-40, 2])),
    Case(T, "log_ndtr_sum", "x=[-800,2]", "float64", "ok", _v("float64", lambda x: {"x": [_mills(v) for v in x]}, x=[-800, 2])),
    Case(T, "tri_solve", "chol=[[2,0],[1,0.5]]", "float64", "ok",
         _dg(lambda p: _tri_solve(p), "float64", ["chol"], chol=[[2, 0], [1, 0.5]])),
    # PyTorch returns inf and the gradient [[inf, 0], [-inf, -inf]]; the upper entry is never read (slope 0, as
    # gradcli says of JAX's solve_triangular): K2
    Case(T, "tri_solve", "chol=[[2,0],[1,0]]", "float64", "domain", _const("chol", [[None, 0], [None, None]])),
    Case(K, "digamma_sum", "a=[0.5,3]", "float64", "ok",
         _v("float64", lambda a: {"a": [mpmath.psi(1, v) for v in a]}, a=[0.5, 3])),
    Case(K, "digamma_sum", "a=[0.001,30]", "float32", "ok",
         _v("float32", lambda a: {"a": [mpmath.psi(1, v) for v in a]}, a=[0.001, 30])),
    Case(K, "naive_log_ndtr", "x=[-3,1]", "float64", "ok", _erfc_logcdf("float64", [-3, 1])),
    # erfc(28.28) = 7.3e-350 underflows float64: log(0) = -inf
    Case(K, "naive_log_ndtr", "x=[-40,1]", "float64", "unstable", _erfc_logcdf("float64", [-40, 1]),
         "return tf.reduce_sum(tf.math.log(phi))"),
    Case(K, "sigmoid_xent", "z=[40,-40]", "float32", "ok", _v("float32", lambda z: {"z": [-_s(-z[0]), _s(z[1])]}, z=[40, -40])),
    # the loss is softplus(z) - z y, smooth at 0; TensorFlow's where(z >= 0) takes one side consistently
    Case(K, "sigmoid_xent", "z=[0,0]", "float64", "ok", _const("z", ["-0.5", "0.5"])),
    Case(K, "naive_bce", "z=[40,-40]", "float32", "unstable", _v("float32", lambda z: {"z": [_s(z[0]), -_s(-z[1])]}, z=[40, -40]),
         "return -tf.reduce_sum(y * tf.math.log(p) + (1.0 - y) * tf.math.log(1.0 - p))"),
    # TensorFlow's rule uses xdivy: 0 where p = 0
    Case(K, "xlogy_cross", "p=[0,0.5],y=[0,2]", "float64", "ok", _xlogy_y("float64"), wrt="y"),
    Case(K, "vae_kl", "mu=[0.5,-1],logvar=[800,0]", "float64", "domain", _vae("float64", [0.5, -1], [800, 0])),
    Case(K, "slogdet_loss", "a=[[2,1],[0,2]]", "float64", "ok", hp(lambda: {"a": _inv_t(DEFECT)})),
    Case(K, "tri_solve", "chol=[[2,0],[1,0.5]]", "float64", "ok",
         _dg(lambda p: _tri_solve(p), "float64", ["chol"], chol=[[2, 0], [1, 0.5]])),
    # a zero pivot: x1 = 1.5 / 0, a pole in every entry read; the upper entry is never read (slope 0): K2
    Case(K, "tri_solve", "chol=[[2,0],[1,0]]", "float64", "domain", _const("chol", [[None, 0], [None, None]])),
    Case(K, "gp_nll", "log_ell=0,log_noise=-2", "float64", "ok", _gp("float64", 0, -2)),
    Case(K, "lbeta_loss", "x=[2.5,1.5]", "float64", "ok", _lbeta("float64", [2.5, 1.5])),
    # lgamma(1e10) - lgamma(1e10 + 0.5), each 2.2e11: the value keeps 5 digits, the a-slope -5e-11 fewer
    Case(K, "lbeta_loss", "x=[1e10,0.5]", "float64", "unstable", _lbeta("float64", [1e10, 0.5]),
         "return tf.math.lbeta(x)"),
    # ---------------------------------------------------------------------------------------------------- NumPy
    Case(N, "gauss_logpdf", "x=1e-300,mu=0,log_s=-690", "float64", "ok", _gauss_np("float64", 1e-300, 0, -690)),
    # var = exp(-690)^2 underflows: 0 / 0
    Case(N, "gauss_logpdf_var", "x=1e-300,mu=0,log_s=-690", "float64", "unstable", _gauss_np("float64", 1e-300, 0, -690),
         "return -((x - mu) ** 2) / (2 * var) - log_s"),
    Case(N, "slogdet_loss", "a=[[2,1],[1,3]]", "float64", "ok", hp(lambda: {"a": _inv_t([[2, 1], [1, 3]])})),
    Case(N, "slogdet_loss", SING, "float64", "domain", _const("a", NAN22)),
    Case(N, "mvn_chol", "x=[0.5,-1],s=[[2,0.5],[0.5,1]]", "float64", "ok",
         _dg(_mvn_chol, "float64", ["x", "s"], x=[0.5, -1], s=SPD)),
    # det = delta exactly and the LU factors are exact: 1 + 1/delta is exact too (1/delta ~ 1e12 < 2^53), so
    # sum(inv) = 1 and its slopes -[[1, 0], [0, 0]] come out exact, ok (my first truth, unstable, was wrong)
    Case(N, "inv_sum", NEAR, "float64", "ok", _const("a", [[-1, 0], [0, 0]])),
    Case(N, "inv_sum", ILL, "float64", "unstable", _v("float64", _inv_sum_grad(ILLA), a=ILLA),
         "return np.sum(np.linalg.inv(a))"),
    Case(N, "vae_kl", "mu=[0.5,-1],logvar=[800,0]", "float64", "domain", _vae("float64", [0.5, -1], [800, 0])),
    Case(N, "mvn_slogdet", "x=[0.5,-1],s=[[2,0.5],[0.5,1]]", "float64", "ok",
         _dg(_mvn_slogdet, "float64", ["x", "s"], x=[0.5, -1], s=SPD)),
    Case(N, "mvn_slogdet", "x=[0.5,-1],s=[[1,1],[1,1]]", "float64", "domain",
         _const("s", NAN22)),
]
