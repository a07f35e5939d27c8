"""The twenty-first trial set (first half): flax-style layers in jax.numpy (RMSNorm with and without eps, and scaled by
its largest entry; rotary embeddings; causal attention masked by -inf and by softmax's where=; ALiBi), jax.scipy.stats
log-densities (beta, gamma, Student t, Poisson at zero counts, a nearly singular multivariate normal), slogdet and the
eigenvalues of a 2x2 with a tie, jnp.interp, jnp.clip, jnp.nan_to_num, custom_jvp rules with nondiff_argnums and an HMM's
forward algorithm by lax.scan in JAX; a Beta log-density by betaln, logistic losses by expit and log_expit, a log of a
difference of exponentials by logsumexp with signed weights, gammaincc's tail, trigamma, Riemann's and Hurwitz's zeta,
Black-Scholes prices, log-returns, Planck's law in log form, haversine distances, a polynomial at its multiple root,
np.linalg.norm's orders and np.convolve in plain NumPy and SciPy.

Truths are the mathematics written here in mpmath (closed forms, or mpmath.diff at 2,000 digits through
`num_grad`), never the user files' code; points are the numbers the dtype holds, constants the float64 numbers the
program writes. A coordinate with no derivative is written NaN by hand.
"""

import math

import mpmath
import numpy as np

from cases import Case, mp
from cases2 import NAN
from cases5 import _in, hp
from cases12a import _f, num_grad

J, N = "jax_lib21a.py", "numpy_lib21a.py"


def _at(name, values):
    return f"{name}={values}".replace(" ", "")


def _sig(x):
    return 1 / (1 + mpmath.exp(-x))


# --- the mathematics of the JAX file ----------------------------------------------------------------------------------

GAIN = [1, -2, mp("0.5")]


def _rms(eps):
    def f(x):
        r = mpmath.sqrt(sum(v * v for v in x) / len(x) + eps)
        return sum(g * v for g, v in zip(GAIN, x)) / r
    return f


def _rms_slopes(x, eps, dtype="float64"):
    """d/dx_j (g.x) / r with r = sqrt(mean x^2 + eps): g_j / r - (g.x) x_j / (n r^3)."""
    def truth():
        xs = _in(dtype, x)
        e = _in(dtype, [eps])[0] if eps else mp(0)
        r = mpmath.sqrt(sum(v * v for v in xs) / len(xs) + e)
        gx = sum(g * v for g, v in zip(GAIN, xs))
        return {"x": [g / r - gx * v / (len(xs) * r ** 3) for g, v in zip(GAIN, xs)]}
    return hp(truth)


def _rotary(q):
    """The rotated query at 3 against the rotated key at 1: each pair's dot product turned by 2 theta."""
    k = [mp("0.5"), mp(-1), mp(2), mp("0.25")]
    theta = [mp(1), _f(0.01)]

    def turn(v, p):
        out = []
        for i in range(2):
            a = p * theta[i]
            e, o = v[2 * i], v[2 * i + 1]
            out += [e * mpmath.cos(a) - o * mpmath.sin(a), e * mpmath.sin(a) + o * mpmath.cos(a)]
        return out
    return sum(a * b for a, b in zip(turn(q, 3), turn(k, 1)))


def _causal_slopes(scores, values=(1, -2, 3), dtype="float64"):
    """Row i's softmax over j <= i: d/ds_ij = w_ij (v_j - sum_k w_ik v_k), 0 above the diagonal."""
    def truth():
        out = []
        for i, row in enumerate(scores):
            s = _in(dtype, row[:i + 1])
            top = max(s)
            e = [mpmath.exp(v - top) for v in s]
            w = [v / sum(e) for v in e]
            mean = sum(wj * vj for wj, vj in zip(w, values))
            out.append([wj * (vj - mean) for wj, vj in zip(w, values)] + [mp(0)] * (len(row) - i - 1))
        return {"scores": out}
    return hp(truth)


KEYS = [[1, 0], [0, 1], [1, 1], [-1, mp("0.5")]]
VALUES = [2, -1, mp("0.5"), 4]


def _alibi(q):
    scores = [k[0] * q[0] + k[1] * q[1] - mp("0.5") * (3 - j) for j, k in enumerate(KEYS)]
    top = max(scores)
    e = [mpmath.exp(v - top) for v in scores]
    return sum(v * w for v, w in zip(VALUES, e)) / sum(e)


def _beta_nll_slopes(x, a=mp("0.5"), b=mp(2)):
    return hp(lambda: {"x": [-((a - 1) / v - (b - 1) / (1 - v)) for v in _in("float64", x)]})


def _psi(v):
    """digamma; at whole and half-whole numbers by its sums (mpmath's series is slow at 2,000 digits)."""
    if 0 < v < 100 and (2 * v) == int(2 * v):
        if v == int(v):
            return -mpmath.euler + sum(mp(1) / k for k in range(1, int(v)))
        return -mpmath.euler - 2 * mpmath.log(2) + sum(mp(2) / (2 * k - 1) for k in range(1, int(v - mp("0.5")) + 1))
    return mpmath.psi(0, v)


def _beta_fit_slopes(a, b):
    """-d/da sum log Beta(x; a, b) = -sum (log x - psi(a) + psi(a + b)), and in b with log(1 - x) and psi(b)."""
    def truth():
        data, aa, bb = [_f(0.1), _f(0.5), _f(0.9)], _f(a), _f(b)
        both = _psi(aa + bb)
        return {"a": -sum(mpmath.log(x) - _psi(aa) + both for x in data),
                "b": -sum(mpmath.log(1 - x) - _psi(bb) + both for x in data)}
    return hp(truth)


def _gamma_nll_slopes(x):
    """-d/dx [(k - 1) log x - x / theta] with k = 3, theta = 2."""
    return hp(lambda: {"x": [-(2 / v - mp("0.5")) for v in _in("float64", x)]})


def _student_t_slopes(df):
    """-d/dnu of log t(x; nu) = lgamma((nu + 1) / 2) - lgamma(nu / 2) - log(nu pi) / 2 - (nu + 1) / 2 log(1 + x^2 / nu)."""
    def truth():
        nu, out = _f(df), mp(0)
        for x in [mp("0.5"), mp("-1.5"), mp(3)]:
            u = x * x / nu
            out -= (_psi((nu + 1) / 2) / 2 - _psi(nu / 2) / 2 - 1 / (2 * nu)
                    - mpmath.log1p(u) / 2 + (nu + 1) / 2 * (u / nu) / (1 + u))
        return {"df": out}
    return hp(truth)


def _mvn_slopes(x, rho):
    """d/dx x' S^-1 x / 2 = S^-1 x, S = [[1, rho], [rho, 1]] with rho the float64 the program writes."""
    def truth():
        r = rho()
        x0, x1 = _in("float64", x)
        d = 1 - r * r
        return {"x": [(x0 - r * x1) / d, (x1 - r * x0) / d]}
    return hp(truth)


def _top_eigen_slopes(a):
    """The symmetric part's top eigenvector v: d lambda / d a_ij = v_i v_j."""
    def truth():
        m = mpmath.matrix([[_f(v) for v in row] for row in a])
        s = (m + m.T) / 2
        w, q = mpmath.eigsy(s)
        k = max(range(2), key=lambda i: w[i])
        v = [q[0, k], q[1, k]]
        return {"a": [[v[i] * v[j] for j in range(2)] for i in range(2)]}
    return hp(truth)


def _forward_algorithm(log_emissions):
    e = log_emissions
    """log p(emissions) of the two-state HMM, by summing over all state paths."""
    trans = [[_f(np.log(0.9)), _f(np.log(0.1))], [_f(np.log(0.2)), _f(np.log(0.8))]]
    start = [_f(np.log(0.5))] * 2
    total = mp(0)
    steps = len(e)
    for path in range(2 ** steps):
        states = [(path >> t) & 1 for t in range(steps)]
        logp = start[states[0]] + e[0][states[0]]
        for t in range(1, steps):
            logp += trans[states[t - 1]][states[t]] + e[t][states[t]]
        total += mpmath.exp(logp)
    return mpmath.log(total)


def _forward_probability(log_emissions):
    e = log_emissions
    """The naive program's constants are the probabilities themselves, not the logs of their logs."""
    trans = [[_f(0.9), _f(0.1)], [_f(0.2), _f(0.8)]]
    total = mp(0)
    steps = len(e)
    for path in range(2 ** steps):
        states = [(path >> t) & 1 for t in range(steps)]
        p = _f(0.5) * mpmath.exp(e[0][states[0]])
        for t in range(1, steps):
            p *= trans[states[t - 1]][states[t]] * mpmath.exp(e[t][states[t]])
        total += p
    return mpmath.log(total)


EMISSIONS = [[-1, -2], [-0.5, -3], [-2, -0.1]]
FAINT = [[-800, -801], [-800, -802], [-799, -800]]
SCORES = [[0.5, 1, 2], [1, -1, 0.3], [2, 0.1, -0.4]]
LARGE_SCORES = [[800, 1, 2], [800, 799, 0.3], [-800, 800, 799]]
NEAR_ONE = float(1.0 - 1e-12)


JAX = [
    Case(J, "rms_norm", "x=[1,2,3]", "float64", "ok", _rms_slopes([1, 2, 3], 1e-6)),
    # the eps keeps a silent input finite: slope g / sqrt(eps)
    Case(J, "rms_norm", "x=[0,0,0]", "float64", "ok", _rms_slopes([0, 0, 0], 1e-6)),
    Case(J, "rms_norm", "x=[1,2,3]", "float32", "ok", _rms_slopes([1, 2, 3], 1e-6, "float32")),
    # float32's x^2 overflows at 1e20: rsqrt(inf) is 0, the value 0 where it is about 0.7
    Case(J, "rms_norm", "x=[1e20,2e20,3e20]", "float32", "unstable", _rms_slopes([1e20, 2e20, 3e20], 1e-6, "float32"),
         "y = x * lax.rsqrt(jnp.mean(x * x) + 1e-6)"),
    Case(J, "rms_norm_no_eps", "x=[1,2,3]", "float64", "ok", _rms_slopes([1, 2, 3], 0)),
    # 0 / 0: the normalised vector of a silent input is undefined
    Case(J, "rms_norm_no_eps", "x=[0,0,0]", "float64", "domain", hp(lambda: {"x": [NAN] * 3})),
    # x^2 underflows at 1e-200: 0 / 0 where the function is scale-free (slopes near 1e200)
    Case(J, "rms_norm_no_eps", "x=[1e-200,2e-200,3e-200]", "float64", "unstable",
         _rms_slopes([1e-200, 2e-200, 3e-200], 0)),
    # the forward is safe, but the division's slope -z / scale^2 overflows at scale 3e-200: JAX's gradient is NaN
    Case(J, "rms_norm_scaled", "x=[1e-200,2e-200,3e-200]", "float64", "unstable",
         _rms_slopes([1e-200, 2e-200, 3e-200], 0)),
    # at 3e200 the same slope underflows to 0, and the scale's exact slope is 0 anyway: harmless
    Case(J, "rms_norm_scaled", "x=[1e200,2e200,3e200]", "float64", "ok", _rms_slopes([1e200, 2e200, 3e200], 0)),
    # |3| = |-3| ties in the max, but the function is scale-free: the scale's slope is exactly 0, no kink
    Case(J, "rms_norm_scaled", "x=[3,-3,1]", "float64", "ok", _rms_slopes([3, -3, 1], 0)),
    Case(J, "rotary_score", "q=[1,2,3,4]", "float64", "ok", num_grad(_rotary, q=[1, 2, 3, 4])),
    Case(J, "causal_attention", _at("scores", SCORES), "float64", "ok", _causal_slopes(SCORES)),
    Case(J, "causal_attention", _at("scores", SCORES), "float32", "ok", _causal_slopes(SCORES, dtype="float32")),
    Case(J, "causal_attention", _at("scores", LARGE_SCORES), "float64", "ok", _causal_slopes(LARGE_SCORES)),
    Case(J, "causal_attention_where", _at("scores", SCORES), "float64", "ok", _causal_slopes(SCORES)),
    Case(J, "alibi_attention", "q=[0.5,-1]", "float64", "ok", num_grad(_alibi, q=[0.5, -1])),
    Case(J, "alibi_attention", "q=[800,0]", "float64", "ok", num_grad(_alibi, q=[800, 0])),
    # exp(799.5) overflows: inf / inf
    Case(J, "alibi_attention_naive", "q=[800,0]", "float64", "unstable", num_grad(_alibi, q=[800, 0]),
         "e = jnp.exp(scores)"),
    Case(J, "alibi_attention_naive", "q=[0.5,-1]", "float32", "ok", num_grad(_alibi, dtype="float32", q=[0.5, -1])),
    # float32's exp overflows past 88.7
    Case(J, "alibi_attention_naive", "q=[100,0]", "float32", "unstable", num_grad(_alibi, dtype="float32", q=[100, 0])),
    Case(J, "beta_nll", "x=[0.1,0.5]", "float64", "ok", _beta_nll_slopes([0.1, 0.5])),
    Case(J, "beta_nll", "x=[1e-300]", "float64", "ok", _beta_nll_slopes([1e-300])),
    # the density is infinite at 0 for a = 0.5
    Case(J, "beta_nll", "x=[0]", "float64", "domain", hp(lambda: {"x": [NAN]})),
    Case(J, "beta_fit", "a=2,b=3", "float64", "ok", _beta_fit_slopes(2, 3)),
    Case(J, "beta_fit", "a=1e-10,b=3", "float64", "ok", _beta_fit_slopes(1e-10, 3)),
    Case(J, "gamma_nll", "x=[1,5]", "float64", "ok", _gamma_nll_slopes([1, 5])),
    Case(J, "gamma_nll", "x=[1e-300]", "float64", "ok", _gamma_nll_slopes([1e-300])),
    Case(J, "student_t_nll", "df=4", "float64", "ok", _student_t_slopes(4)),
    # digamma((df + 1) / 2) - digamma(df / 2) is 1e-8 from numbers near 18; the slope is 4e-16 after more cancelling
    Case(J, "student_t_nll", "df=1e8", "float64", "unstable", _student_t_slopes(1e8)),
    Case(J, "poisson_nll", "rate=1.5", "float64", "ok", hp(lambda: {"rate": 3 - 2 / mp("1.5")})),
    # the loss is 2e-300, but JAX's gammaln(1) is -8.9e-16, not 0: the value is all rounding (the slope is right)
    Case(J, "poisson_zero_nll", "rate=1e-300", "float64", "unstable", hp(lambda: {"rate": mp(2)})),
    # zero counts: xlogy(0, rate) is 0 at every rate, the loss is 2 rate; xlogy's rule sends 0 / 0
    Case(J, "poisson_zero_nll", "rate=0", "float64", "wrong", hp(lambda: {"rate": mp(2)})),
    Case(J, "mvn_nll", "x=[1,-1]", "float64", "ok", _mvn_slopes([1, -1], lambda: _f(0.5))),
    # the covariance's condition number is 2e12, yet its Cholesky solve along [1, -1] keeps 12 digits
    Case(J, "mvn_nll_near_singular", "x=[1,-1]", "float64", "ok", _mvn_slopes([1, -1], lambda: _f(NEAR_ONE))),
    Case(J, "log_det", "a=[[2,1],[1,3]]", "float64", "ok", hp(lambda: {"a": [[mp(3) / 5, mp(-1) / 5],
                                                                              [mp(-1) / 5, mp(2) / 5]]})),
    # a singular matrix: log 0
    Case(J, "log_det", "a=[[1,2],[2,4]]", "float64", "domain", hp(lambda: {"a": [[NAN, NAN], [NAN, NAN]]})),
    Case(J, "top_eigenvalue", "a=[[2,1],[0,3]]", "float64", "ok", _top_eigen_slopes([[2, 1], [0, 3]])),
    # a tie: the top eigenvalue of the identity has no derivative
    Case(J, "top_eigenvalue", "a=[[1,0],[0,1]]", "float64", "domain", hp(lambda: {"a": [[NAN, NAN], [NAN, NAN]]})),
    # the sum of squared eigenvalues is the Frobenius norm of S, smooth through the tie: slope 2 S
    Case(J, "eigen_energy", "a=[[1,0],[0,1]]", "float64", "ok", hp(lambda: {"a": [[mp(2), mp(0)], [mp(0), mp(2)]]})),
    Case(J, "interp_cost", "x=[0.5,3,5]", "float64", "ok", hp(lambda: {"x": [mp(1), mp("0.5"), mp(0)]})),
    # on a knot: slope 1 on the left, 3 on the right
    Case(J, "interp_cost", "x=[1]", "float64", "domain", hp(lambda: {"x": [NAN]})),
    Case(J, "clipped_square", "x=[0.5,2]", "float64", "ok", hp(lambda: {"x": [mp(1), mp(0)]})),
    Case(J, "clipped_square", "x=[1]", "float64", "domain", hp(lambda: {"x": [NAN]})),
    Case(J, "safe_log_sum", "x=[0.5,2]", "float64", "ok", hp(lambda: {"x": [mpmath.log(v) + 1 for v in [mp("0.5"), 2]]})),
    # x log x at 0: slope -inf on the right, 0 on the left (nan_to_num of log's NaN)
    Case(J, "safe_log_sum", "x=[0]", "float64", "domain", hp(lambda: {"x": [NAN]})),
    Case(J, "lasso_prox", "x=[2,0.1]", "float64", "ok", hp(lambda: {"x": [mp(3), mp(0)]})),
    # on the threshold: the shrunk value is 0 and its square's slope is 0 from both sides
    Case(J, "lasso_prox", "x=[0.5,-2]", "float64", "ok", hp(lambda: {"x": [mp(0), mp(-3)]})),
    # the rule forgets the beta inside the sigmoid
    Case(J, "softplus_beta_sum", "x=[0.5,-1]", "float64", "wrong",
         hp(lambda: {"x": [_sig(4 * _f(v)) for v in [0.5, -1]]}), "def _scaled_softplus_jvp"),
    Case(J, "hmm_log_likelihood", _at("log_emissions", EMISSIONS), "float64", "ok",
         num_grad(_forward_algorithm, log_emissions=EMISSIONS)),
    Case(J, "hmm_log_likelihood", _at("log_emissions", FAINT), "float64", "ok",
         num_grad(_forward_algorithm, log_emissions=FAINT)),
    # e^-800 underflows: the probability is 0 and its log -inf
    Case(J, "hmm_likelihood_naive", _at("log_emissions", FAINT), "float64", "unstable",
         num_grad(_forward_probability, log_emissions=FAINT)),
    Case(J, "hmm_likelihood_naive", _at("log_emissions", EMISSIONS), "float64", "ok",
         num_grad(_forward_probability, log_emissions=EMISSIONS)),
]


def _adam_slopes(g, dtype="float64"):
    """-lr g / (|g| + eps) after the bias corrections cancel: slope -lr eps / (|g| + eps)^2 (eps, lr as the dtype
    holds them)."""
    def truth():
        eps, lr = _in(dtype, [1e-8, 1e-3])
        return {"g": [-lr * eps / (abs(v) + eps) ** 2 for v in _in(dtype, g)]}
    return hp(truth)


JAX += [
    # the slope lr eps / g^2 (1e-10 at g = 0.1) is the difference of two terms near lr / |g|: float32 keeps none of it
    Case(J, "adam_first_step", "g=[0.1,-2]", "float32", "unstable", _adam_slopes([0.1, -2], "float32")),
    Case(J, "adam_first_step", "g=[1e-30]", "float64", "ok", _adam_slopes([1e-30])),
    # float32's g^2 = 1e-60 underflows to 0: sqrt's slope at 0 is inf, the update's slope NaN where it is -lr / eps
    Case(J, "adam_first_step", "g=[1e-30]", "float32", "unstable", _adam_slopes([1e-30], "float32")),
]


def _where_row_slopes(x, dtype="float64"):
    """softmax over entries 0 and 2 (where=), weighted by 1 and -2: w_j (v_j - mean) there, 0 at the masked entry."""
    def truth():
        xs = _in(dtype, x)
        e0, e2 = mpmath.exp(xs[0]), mpmath.exp(xs[2])
        w0, w2 = e0 / (e0 + e2), e2 / (e0 + e2)
        mean = w0 - 2 * w2
        return {"x": [w0 * (1 - mean), mp(0), w2 * (-2 - mean)]}
    return hp(truth)


def _tanh_rnn(x):
    h = mp(0)
    for v in x:
        h = mpmath.tanh(2 * h + v)
    return h



# --- the mathematics of the NumPy file --------------------------------------------------------------------------------


def _beta_logpdf_slopes(x, a, b):
    """d/dx_i = (a - 1) / x_i - (b - 1) / (1 - x_i); d/da = sum log x - n (psi(a) - psi(a + b)); b likewise."""
    def truth():
        xs, aa, bb = _in("float64", x), _f(a), _f(b)
        both = _psi(aa + bb)
        return {"x": [(aa - 1) / v - (bb - 1) / (1 - v) for v in xs],
                "a": sum(mpmath.log(v) for v in xs) - len(xs) * (_psi(aa) - both),
                "b": sum(mpmath.log(1 - v) for v in xs) - len(xs) * (_psi(bb) - both)}
    return hp(truth)


def _logistic_slopes(w):
    """-d/dw sum log sigmoid(y x.w) = -sum (1 - sigmoid(m)) y x."""
    def truth():
        X, y = [[1, 2], [-1, mp("0.5")]], [1, -1]
        ws = _in("float64", w)
        out = [mp(0), mp(0)]
        for row, label in zip(X, y):
            m = label * (row[0] * ws[0] + row[1] * ws[1])
            out = [o - (1 - _sig(m)) * label * r for o, r in zip(out, row)]
        return {"w": out}
    return hp(truth)


def _log_diff_slopes(x):
    """d/dx log(e^x0 - e^x1) = [1 / (1 - e^(x1 - x0)), -1 / (e^(x0 - x1) - 1)]."""
    def truth():
        x0, x1 = _in("float64", x)
        return {"x": [1 / (1 - mpmath.exp(x1 - x0)), -1 / (mpmath.exp(x0 - x1) - 1)]}
    return hp(truth)


def _gamma_tail_slopes(x):
    """Q(3, x) = e^-x (1 + x + x^2 / 2): d/dx log Q = -1 + (1 + x) / (1 + x + x^2 / 2)."""
    return hp(lambda: {"x": [-1 + (1 + v) / (1 + v + v * v / 2) for v in _in("float64", x)]})


def _black_scholes(s, k):
    def price(sigma):
        r, t = _f(0.02), mp(1)
        d1 = (mpmath.log(mp(s) / k) + (r + sigma ** 2 / 2) * t) / (sigma * mpmath.sqrt(t))
        d2 = d1 - sigma * mpmath.sqrt(t)
        return s * mpmath.ncdf(d1) - k * mpmath.exp(-r * t) * mpmath.ncdf(d2)
    return price


def _log_returns(prices):
    p = prices
    r = [mpmath.log(b) - mpmath.log(a) for a, b in zip(p, p[1:])]
    mean = sum(r) / len(r)
    return sum((v - mean) ** 2 for v in r) / len(r)


def _planck_slopes(temperature):
    """-d/dT log(e^x - 1) with x = hc / (l k T): e^x / (e^x - 1) x / T, the constants as the program writes them."""
    def truth():
        h, c, kb, lam = _f(6.62607015e-34), _f(299792458.0), _f(1.380649e-23), _f(1e-7)
        out = []
        for t in _in("float64", temperature):
            x = h * c / (lam * kb * t)
            out.append(x / t / (-mpmath.expm1(-x)))
        return {"temperature": out}
    return hp(truth)


def _great_circle(lat2, lon2):
    """The central angle by the spherical law of cosines (independent of the haversine)."""
    lat1, lon1 = _f(0.3), _f(0.2)
    c = mpmath.sin(lat1) * mpmath.sin(lat2) + mpmath.cos(lat1) * mpmath.cos(lat2) * mpmath.cos(lon2 - lon1)
    return mpmath.acos(c)


ANTIPODE_LON = 0.2 + math.pi  # the float nearest lon1 + pi: 1e-16 off the antipode


def _poly_slopes(x):
    return hp(lambda: {"x": [5 * (v - 1) ** 4 for v in _in("float64", x)]})


def _nuclear_slopes(a):
    """d ||A||_* / dA = U V' = A (A'A)^(-1/2) for a full-rank A."""
    def truth():
        m = mpmath.matrix([[_f(v) for v in row] for row in a])
        g = m * mpmath.inverse(mpmath.sqrtm(m.T * m))
        return {"a": [[g[i, j] for j in range(2)] for i in range(2)]}
    return hp(truth)


def _spectral_slopes(a):
    """d sigma_max / dA = u v' for the top singular pair."""
    def truth():
        m = mpmath.matrix([[_f(v) for v in row] for row in a])
        w, q = mpmath.eigsy(m.T * m)
        k = max(range(2), key=lambda i: w[i])
        v = mpmath.matrix([q[0, k], q[1, k]])
        u = m * v / mpmath.sqrt(w[k])
        return {"a": [[u[i] * v[j] for j in range(2)] for i in range(2)]}
    return hp(truth)


def _smoothed_slopes(x):
    def truth():
        c = _f(1 / 3)  # np.ones(3) / 3
        xs = _in("float64", x)
        s = [c * (xs[k] + xs[k + 1] + xs[k + 2]) for k in range(len(xs) - 2)]
        return {"x": [2 * c * sum(s[k] for k in range(len(s)) if k <= j <= k + 2) for j in range(len(xs))]}
    return hp(truth)


PRICES = [100, 101, 99.5, 102]

NUMPY = [
    Case(N, "beta_logpdf", "x=[0.2,0.7],a=2,b=3", "float64", "ok", _beta_logpdf_slopes([0.2, 0.7], 2, 3)),
    Case(N, "beta_logpdf", "x=[1e-300,0.5],a=0.5,b=3", "float64", "ok",
         _beta_logpdf_slopes([1e-300, 0.5], 0.5, 3)),
    # log(1 - 1e-20) rounds to 0, an absolute error of 1e-20 beside slopes of order 1: harmless
    Case(N, "beta_logpdf_naive", "x=[1e-20,0.5],a=2,b=3", "float64", "ok",
         _beta_logpdf_slopes([1e-20, 0.5], 2, 3)),
    Case(N, "logistic_nll_naive", "w=[1,0.5]", "float64", "ok", _logistic_slopes([1, 0.5])),
    # expit(-800) underflows to 0: log 0
    Case(N, "logistic_nll_naive", "w=[-800,0]", "float64", "unstable", _logistic_slopes([-800, 0]),
         "return -np.sum(np.log(expit(margins)))", fix="log_expit"),
    Case(N, "logistic_nll", "w=[-800,0]", "float64", "ok", _logistic_slopes([-800, 0])),
    Case(N, "log_diff_exp", "x=[1,0]", "float64", "ok", _log_diff_slopes([1, 0])),
    # SciPy's logsumexp takes the largest term out and the rest through log1p: no digit lost at a gap of 1e-10
    Case(N, "log_diff_exp", "x=[1,0.9999999999]", "float64", "ok", _log_diff_slopes([1, 0.9999999999])),
    Case(N, "log_diff_exp_stable", "x=[1,0.9999999999]", "float64", "ok", _log_diff_slopes([1, 0.9999999999])),
    # e^x0 - e^x1 = 0: log 0
    Case(N, "log_diff_exp", "x=[1,1]", "float64", "domain", hp(lambda: {"x": [NAN, NAN]})),
    Case(N, "gamma_log_tail", "x=[1,10]", "float64", "ok", _gamma_tail_slopes([1, 10])),
    # Q(3, 800) = 1.2e-342 underflows: log 0
    Case(N, "gamma_log_tail", "x=[800]", "float64", "unstable", _gamma_tail_slopes([800])),
    Case(N, "trigamma_sum", "x=[0.5,10]", "float64", "ok",
         hp(lambda: {"x": [mpmath.psi(2, v) for v in _in("float64", [0.5, 10])]})),
    # trigamma's pole at -1
    Case(N, "trigamma_sum", "x=[-1]", "float64", "domain", hp(lambda: {"x": [NAN]})),
    # SciPy's one-argument zeta is Riemann's, continued left of 1: zeta'(0) = -log(2 pi) / 2
    Case(N, "zeta_sum", "s=[0]", "float64", "ok", hp(lambda: {"s": [-mpmath.log(2 * mpmath.pi) / 2]})),
    # zeta'(2) = pi^2 / 6 (euler + log(2 pi) - 12 log A), A Glaisher's constant
    Case(N, "zeta_sum", "s=[2]", "float64", "ok", hp(lambda: {"s": [
        mpmath.pi ** 2 / 6 * (mpmath.euler + mpmath.log(2 * mpmath.pi) - 12 * mpmath.log(mpmath.glaisher))]})),
    Case(N, "hurwitz_sum", "q=[0.5,3]", "float64", "ok",
         hp(lambda: {"q": [-2 * mpmath.zeta(3, v) for v in _in("float64", [0.5, 3])]})),
    Case(N, "black_scholes_call", "sigma=0.2", "float64", "ok", num_grad(_black_scholes(100, 110), sigma=0.2)),
    Case(N, "black_scholes_log_call", "sigma=0.2", "float64", "ok",
         num_grad(lambda sigma: mpmath.log(_black_scholes(100, 300)(sigma)), sigma=0.2)),
    # N(d1) at d1 = -54 underflows: the price is 0 - 0 and its log -inf
    Case(N, "black_scholes_log_call", "sigma=0.02", "float64", "unstable",
         num_grad(lambda sigma: mpmath.log(_black_scholes(100, 300)(sigma)), sigma=0.02)),
    Case(N, "log_return_variance", _at("prices", PRICES), "float64", "ok", num_grad(_log_returns, prices=PRICES)),
    Case(N, "log_return_ratio_variance", _at("prices", PRICES), "float64", "ok",
         num_grad(_log_returns, prices=PRICES)),
    # flat prices: every return 0, the variance's slopes exactly 0
    Case(N, "log_return_variance", "prices=[100,100,100]", "float64", "ok", hp(lambda: {"prices": [mp(0)] * 3})),
    Case(N, "planck_log_radiance_naive", "temperature=[5800]", "float64", "ok", _planck_slopes([5800])),
    # hc / (l k T) = 7194 at 20 K: exp overflows
    Case(N, "planck_log_radiance_naive", "temperature=[20]", "float64", "unstable", _planck_slopes([20]),
         "np.log(np.exp(x) - 1)"),
    Case(N, "planck_log_radiance", "temperature=[20,5800]", "float64", "ok", _planck_slopes([20, 5800])),
    # x = 1.4e-7 at 1e12 K: exp(x) - 1 keeps 9 digits
    Case(N, "planck_log_radiance_naive", "temperature=[1e12]", "float64", "unstable", _planck_slopes([1e12])),
    Case(N, "planck_log_radiance", "temperature=[1e12]", "float64", "ok", _planck_slopes([1e12])),
    Case(N, "haversine_distance", "lat2=0.5,lon2=1", "float64", "ok", num_grad(_great_circle, lat2=0.5, lon2=1)),
    Case(N, "haversine_atan2", "lat2=0.5,lon2=1", "float64", "ok", num_grad(_great_circle, lat2=0.5, lon2=1)),
    # the same point: the distance is a cone
    Case(N, "haversine_distance", "lat2=0.3,lon2=0.2", "float64", "domain", hp(lambda: {"lat2": NAN, "lon2": NAN})),
    # 1e-16 off the antipode the distance is smooth, slopes of size 1; h rounds to 1 and arcsin's slope is infinite
    Case(N, "haversine_distance", f"lat2=-0.3,lon2={ANTIPODE_LON!r}", "float64", "unstable",
         num_grad(_great_circle, lat2=-0.3, lon2=ANTIPODE_LON)),
    Case(N, "haversine_atan2", f"lat2=-0.3,lon2={ANTIPODE_LON!r}", "float64", "unstable",
         num_grad(_great_circle, lat2=-0.3, lon2=ANTIPODE_LON)),
    Case(N, "poly_expanded", "x=[2,0.5]", "float64", "ok", _poly_slopes([2, 0.5])),
    # 5e-12 from terms of size 50: rounding's 1e-14 is 1e-3 of it
    Case(N, "poly_expanded", "x=[1.001]", "float64", "unstable", _poly_slopes([1.001])),
    Case(N, "poly_horner", "x=[1.001]", "float64", "unstable", _poly_slopes([1.001])),
    Case(N, "poly_factored", "x=[1.001]", "float64", "ok", _poly_slopes([1.001])),
    # at the root itself every term is an integer: the sums are exact, the slope exactly 0
    Case(N, "poly_expanded", "x=[1]", "float64", "ok", _poly_slopes([1])),
    Case(N, "max_norm", "x=[1,-3,2]", "float64", "ok", hp(lambda: {"x": [mp(0), mp(-1), mp(0)]})),
    Case(N, "max_norm", "x=[3,-3,1]", "float64", "domain", hp(lambda: {"x": [NAN, NAN, mp(0)]})),
    Case(N, "l1_norm", "x=[1,-2]", "float64", "ok", hp(lambda: {"x": [mp(1), mp(-1)]})),
    Case(N, "l1_norm", "x=[0,2]", "float64", "domain", hp(lambda: {"x": [NAN, mp(1)]})),
    Case(N, "spectral_norm", "a=[[2,1],[0,3]]", "float64", "ok", _spectral_slopes([[2, 1], [0, 3]])),
    # two equal singular values
    Case(N, "spectral_norm", "a=[[1,0],[0,1]]", "float64", "domain", hp(lambda: {"a": [[NAN, NAN], [NAN, NAN]]})),
    Case(N, "nuclear_norm", "a=[[2,1],[0,3]]", "float64", "ok", _nuclear_slopes([[2, 1], [0, 3]])),
    Case(N, "frobenius_norm", "a=[[1,2],[3,4]]", "float64", "ok",
         hp(lambda: {"a": [[v / mpmath.sqrt(30) for v in row] for row in [[1, 2], [3, 4]]]})),
    Case(N, "frobenius_norm", "a=[[0,0],[0,0]]", "float64", "domain", hp(lambda: {"a": [[NAN, NAN], [NAN, NAN]]})),
    Case(N, "half_norm", "x=[1,4]", "float64", "ok", hp(lambda: {"x": [mp(3), mp("1.5")]})),
    Case(N, "smoothed_energy", "x=[1,2,3,4,5]", "float64", "ok", _smoothed_slopes([1, 2, 3, 4, 5])),
    Case(N, "full_convolution_peak", "x=[1,2,4]", "float64", "ok", hp(lambda: {"x": [mp(0), mp(0), mp(1)]})),
    # the first and last samples of the full convolution tie at 2
    Case(N, "full_convolution_peak", "x=[2,2,2]", "float64", "domain", hp(lambda: {"x": [NAN, mp(0), NAN]})),
]

def _gaussian_slopes(x, sigma):
    """d/dx = -x / sigma^2, d/dsigma = x^2 / sigma^3 - 1 / sigma."""
    def truth():
        (xs,), (s,) = _in("float64", [x]), _in("float64", [sigma])
        return {"x": -xs / s ** 2, "sigma": xs * xs / s ** 3 - 1 / s}
    return hp(truth)


def _bose_slopes(x):
    """d/dx 1 / (e^x - 1) = -e^x / (e^x - 1)^2."""
    return hp(lambda: {"x": [-mpmath.exp(v) / mpmath.expm1(v) ** 2 for v in _in("float64", x)]})


NUMPY += [
    Case(N, "gaussian_logpdf_naive", "x=0.3,sigma=2", "float64", "ok", _gaussian_slopes(0.3, 2)),
    # x^2 and sigma^2 both underflow at 1e-200: 0 / 0
    Case(N, "gaussian_logpdf_naive", "x=3e-200,sigma=1e-200", "float64", "unstable", _gaussian_slopes(3e-200, 1e-200)),
    Case(N, "gaussian_logpdf", "x=3e-200,sigma=1e-200", "float64", "ok", _gaussian_slopes(3e-200, 1e-200)),
    Case(N, "bose_einstein_naive", "x=[2,0.5]", "float64", "ok", _bose_slopes([2, 0.5])),
    # e^x - 1 at 1e-10 keeps 6 digits
    Case(N, "bose_einstein_naive", "x=[1e-10]", "float64", "unstable", _bose_slopes([1e-10]), fix="expm1"),
    Case(N, "bose_einstein", "x=[1e-10,2]", "float64", "ok", _bose_slopes([1e-10, 2])),
    Case(N, "min_abs", "x=[2,-1,3]", "float64", "ok", hp(lambda: {"x": [mp(0), mp(-1), mp(0)]})),
    # two entries share the smallest magnitude
    Case(N, "min_abs", "x=[2,-2,3]", "float64", "domain", hp(lambda: {"x": [NAN, NAN, mp(0)]})),
    Case(N, "eigen_energy", "a=[[2,1],[0,3]]", "float64", "ok",
         hp(lambda: {"a": [[mp(4), mp(1)], [mp(1), mp(6)]]})),
    # the Frobenius norm of S through a repeated eigenvalue (finding E1, as JAX's eigh): slope 2 S
    Case(N, "eigen_energy", "a=[[1,0],[0,1]]", "float64", "ok", hp(lambda: {"a": [[mp(2), mp(0)], [mp(0), mp(2)]]})),
]

JAX += [
    Case(J, "signed_log_diff_exp", "x=[1,0.5]", "float64", "ok", _log_diff_slopes([1, 0.5])),
    # the other order: log |e^x0 - e^x1| has the same slopes, e^x0 / (e^x0 - e^x1) and its mirror
    Case(J, "signed_log_diff_exp", "x=[0.5,1]", "float64", "ok", _log_diff_slopes([0.5, 1])),
    Case(J, "signed_log_diff_exp", "x=[1,1]", "float64", "domain", hp(lambda: {"x": [NAN, NAN]})),
    Case(J, "softmax_where_row", "x=[0.5,2,1]", "float64", "ok", _where_row_slopes([0.5, 2, 1])),
    Case(J, "softmax_where_row", "x=[0.5,2,1]", "float32", "ok", _where_row_slopes([0.5, 2, 1], "float32")),
    Case(J, "tanh_rnn_last_state", "x=[0.5,-0.2,0.1]", "float64", "ok", num_grad(_tanh_rnn, x=[0.5, -0.2, 0.1])),
    # tanh(800) rounds to 1 and its slope 4e-695 to 0: the float64 gradient's 0 is the exact one rounded
    Case(J, "tanh_rnn_last_state", "x=[800,0.1]", "float64", "ok", num_grad(_tanh_rnn, x=[800, 0.1])),
]

ALL = JAX + NUMPY
