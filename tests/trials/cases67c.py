"""The sixty-seventh trial set (third part): issue 27's exact reference on Python functions doing DYNAMIC PROGRAMMING AND
RECURRENCES with gradcli.numpy, as ML and numerics libraries write them (tests/trials/lib67c.py): an HMM's forward
algorithm over 10-200 steps (the length a held int, --wrt mu) in probability space (alpha @ A * b_t, log at the end),
in log space (a hand-written max-shifted logsumexp) and rescaled per step (Rabiner); Viterbi's max-product score under
a symmetric chain (ordinary, both paths tied, a ulp from the tie); Cuturi-Blondel soft-DTW with the soft-min shifted by
np.minimum, padded with np.inf (GAMMA a module constant) and with 1e10 (gamma an input: 0.1, 1e-3, 1e-300, x = y where
the shifts tie), and unshifted (-gamma log sum exp(-a / gamma)); a soft edit distance by np.logaddexp and a hard one by
np.minimum (tied paths with equal and with different slopes); a scalar Kalman filter's variance recursion over 50 steps
in the textbook (1 - K) P_pred, Joseph and information forms at r = 0.5, 1e-12 (float32: 1e-6); 200 Euler steps of
y' = -k y (1 - h k = -5.6e-17 at k = 10; |1 - h k| = 1.5; float32 past its range) and 50 RK4 steps of the logistic
equation (ordinary, y0 = 1e-300, the equilibrium); the moment recurrence I_n = 1/a - (n/a) I_{n-1} forward (n = 5,
10, 20; a = 30, where it is stable) and backward from I_{n+30} = 0; sum log x^t with the running product in probability
space (1e-5 and 1e5 over 100 steps, float32 0.5 over 200) and in log space, np.cumprod against np.cumsum(np.log);
Adam's bias-corrected m_hat and step m_hat / (sqrt(v_hat) + eps) at t = 1, 10, 1000 (and g = 0); a running max by
np.maximum and a first argmax by np.where(x[k] > best) in a loop (distinct, tied, all equal); discounted returns
G_t = r_t + gamma G_{t+1} at gamma = 1, 0.99, 0, the mean-reward scaling (1 - gamma) / (1 - gamma^T) at gamma = 1 and
1 - 1e-10, and n = 200 unit rewards at gamma = 1.

Tried: 27 functions, 85 distinct checks of them through the CLI (at most two at once), judged by tests/trials/judge.py
through a driver in the manner of run.py (a scratch file: the set as first written, 84, then the failures and one
new tie again, the judging serialised: mpmath's precision is global, and two truths evaluated in threads at once gave
spurious NaN), and 25 probes of the np.inf finding in a scratch file; none was a repeat of a kept kind, so ALL keeps
85 (56 ok, 21 unstable, 7 domain, 1 wrong; 67 float64, 18 float32).
Truths are written here from the mathematics, never lib67c's code or gradcli: the HMM's log p(obs) by the forward
recursion of sums of products of probabilities in mpmath (one truth for all three spellings), Viterbi by enumerating all
2^8 paths, soft-DTW / soft edit distance by their defining recursions with -gamma log sum e^(-a / gamma) (an np.inf
predecessor left out), the Kalman variance by the information form alone, Euler's end state in closed form
y0 (1 - H k)^200, RK4's stages as the scheme defines them, I_n(a) = int_0^1 x^n e^(a (x - 1)) dx by quadrature (the
forward recurrence is exact for it; dI_n/da = I_{n+1} - I_n), the backward recurrence from 0 in closed form
sum_{m=n+1}^{n+30} (-a)^(m-n-1) n!/m!, sum log x^t = n (n + 1) / 2 log x, Adam's moments in closed form
g c (1 - b^t) / (1 - b) with the constants Python computes first (1.0 - 0.9, 1.0 - 0.9 ** t), discounted returns as
sums of gamma^(s-t) r_s; every literal as the double it is (float32's rounding of a Python float meeting float32 data;
np.array(A) stays a float64 array); the derivative from the left and the right by mpmath.diff at 2,000 digits
(cases30b.sided_grad), NaN where they differ. By hand: soft-DTW at gamma = 1e-300 (d/dx is hard DTW's; d/dgamma is
e^(-1e300)-small, written 0); the mean-reward scaling at gamma = 1 (0 / 0: undefined).

ALL: 85 cases; 82 agree with gradcli in verdict and every exact gradient entry (to 1e-10 relative), 3 are one finding.
Most checks take 0.4-3 s (the log-space HMM over 200 steps 14 s, the textbook Kalman at r = 1e-12 and Adam's step at
t = 1000 about 30 s, with fixes re-checked).
What agreed: the probability-space forward algorithm ok over 10 steps, unstable over 200 (p(obs) = e^-850 underflows;
log 0), the log-space and rescaled ones ok there and at log p = -5876; Viterbi ok, domain on the all-0 / all-1 tie;
soft-DTW (1e10 padding) ok at gamma = 0.1, unstable at gamma = 1e-300 (the rule's (a - m) / gamma^2 = inf times
exp's 0); naive soft-DTW ok at gamma = 1, unstable where every e^(-a / gamma) underflows (log 0 = -inf); the hard edit
distance ok, ok on a tie of paths with equal slopes, domain on a tie with different ones; the textbook Kalman update
unstable at r = 1e-12 (1 - K by subtraction; float32 at 1e-6), the Joseph form ok there (its cancelled (1 - K)^2 P
term is r^2-small); Euler ok (at k = 10 the end state 1e-3251 and its slope round to 0), domain in float32 at
k = 30 (2^200); RK4 ok; the moment recurrence forward ok at n = 5, unstable at n = 10 and 20 (error times n!), ok at
a = 30 (k / a < 1), float32 unstable at n = 5; backward ok; the running product unstable where it under/overflows,
the log-space one ok; Adam's m_hat ok at t = 1 and 1000, its step unstable (d/dg = eps / (|g| + eps)^2 = 4e-8 comes
out of 1/s - |g|/s^2 in reverse mode), ok at g ~ eps; the running max domain at a tie, the first argmax domain at a
tie (its position jumps); discounted returns ok at gamma = 1 exactly; the mean-reward scaling domain at gamma = 1,
unstable at 1 - 1e-10 (1 - gamma^5 by subtraction).

Truths the round corrected in itself, gradcli right each time:
- hmm_forward_prob in float32 over 40 steps is ok, not unstable: np.array(A) and np.array(PI0) are float64 arrays, so
  the recursion computes in float64 (as NumPy does), where e^-93 is no subnormal; the float32 truths hold A and PI0
  as doubles and only the observations (Python floats meeting float32 data) as float32.
- viterbi_score a ulp from the tie (mu = [0.3, 0.30000000000000004]) is unstable, not ok: exactly the all-0 path wins
  by 7e-17, but float64's two path scores round equal, and max's rule splits the slope 1/2, 1/2 ([-0.65, -0.65]
  for the exact [-1.3, 0]).
- soft_dtw_gamma at gamma = 1e-3 (and 0.01: at x = y, and at x[0] = 3.2) is unstable, not ok: d/dgamma is itself
  e^(-d/gamma)-small (7.7e-211) and the shifted soft-min's np.log(1 + e^-480) = 0 drops its -log s part: off by 2e-3.
  soft_edit at gamma = 1e-3 the same: d/dgamma = 1.3e-89 comes out of a/gamma - a/gamma = 10 - 10 = 0.
- kalman_var_info at r = 1e-12 is unstable, not ok: its value is accurate, but d P / d P_pred = r^2 / (P_pred + r)^2
  = 1e-22 is the sum r / (P_pred + r) - P_pred r / (P_pred + r)^2 in reverse mode (3e-8 off).
- adam_update at g = 0 is wrong, not unstable: g / (|g| + eps) has slope 1 / eps = 1e8 there, but sqrt's rule at
  v_hat = 0 exactly gives 0 * inf = NaN at every precision (README: the rule, run at high precision, disagrees).
- hard_edit at x = [1.5, -1, 2, 2] ties two paths with the same slopes: ok (the kink is at [0.5, -1, 3, 3]).

Finding (one, mended: an op on constants alone that lifts none of them to an exact number, infinities and NaN
staying the floats they are, runs as NumPy's, `tracer._exact_constants_in`; tests/test_infinite_constants_exact.py.
Its float32 truth corrected then: np.minimum(0.0, np.inf) is an np.float64, so R is float64 from the first cell on
and gamma is held as the double 0.1):
- soft_dtw (Cuturi's np.inf padding) had no exact reference at all: status error, "the program does not run on
  high-precision numbers (RecursionError: maximum recursion depth exceeded in __instancecheck__)", at every point and
  dtype (a 1 x 4 table already); the float64 run itself is fine (value and gradient finite), the exact function is
  smooth, and the truths (ok; d/dx by the recursion) stand. Cause, narrowed by probes: np.minimum of two inf
  constants inside the function, np.minimum(np.inf, np.inf), whatever follows it: `np.minimum(np.inf, np.inf) + x`
  is error; np.minimum(np.inf, x), np.minimum(np.minimum(np.inf, 5.0), x), np.minimum(np.add(np.inf, 1.0), x) and a
  module-level numpy.float64(inf) are fine. The high-precision replay seems to recurse on a min whose two constant
  arguments tie at inf (a tie test on inf - inf?).
  Reproduce: gradcli check tests/trials/lib67c.py:soft_dtw --at "x=[0.2,0.9,2.1,1.3]" --dtype float64 --json
  (minimal: def f(x): return np.minimum(np.inf, np.inf) + x, at x = 0.5: error, RecursionError).
"""

import mpmath
from mpmath import mpf

from cases import Case
from cases5 import hp
from cases30b import sided_grad
from cases59c import _txt  # a point as its case id writes it
from cases63c import undefined  # no derivative at the point: the value is 0 / 0

L = "lib67c.py"
NAN = mpmath.nan
log, exp = mpmath.log, mpmath.exp

from lib67c import A, A_SYM, GAMMA, H, N_KALMAN, OBS, OBS_V, PI0, Y_DTW, Y_EDIT  # noqa: E402  the module's data


from cases66c import D32, D64  # noqa: E402  the double and the float32 each number is


RD = {"float64": D64, "float32": D32}


# --- the mathematics, in mpmath ---------------------------------------------------------------------------------------

def m_hmm(n, R=D64):
    """log p(obs[:n]) = log sum over paths, by the forward recursion of sums of products of probabilities. A and PI0
    enter as float64 arrays (np.array of floats: NumPy computes in float64 beside float32 data), the observations as
    floats the dtype holds (a Python float beside a float32 array is rounded to float32)."""
    a = [[D64(v) for v in row] for row in A]
    p0, obs = [D64(v) for v in PI0], [R(v) for v in OBS]

    def f(mu):
        alpha = [p0[s] * exp(-(obs[0] - mu[s]) ** 2) for s in range(2)]
        for t in range(1, n):
            alpha = [(alpha[0] * a[0][j] + alpha[1] * a[1][j]) * exp(-(obs[t] - mu[j]) ** 2) for j in range(2)]
        return log(alpha[0] + alpha[1])
    return f


def m_viterbi(R=D64):
    """The best of all 2^8 state paths, enumerated."""
    la = [[log(R(v)) for v in row] for row in A_SYM]
    obs = [R(v) for v in OBS_V]

    def f(mu):
        best = None
        for code in range(2 ** len(obs)):
            path = [(code >> t) & 1 for t in range(len(obs))]
            s = log(R(0.5)) + mpmath.fsum(-(o - mu[k]) ** 2 for o, k in zip(obs, path))
            s += mpmath.fsum(la[path[t - 1]][path[t]] for t in range(1, len(obs)))
            best = s if best is None else max(best, s)
        return best
    return f


def _softmin(args, gamma):
    args = [v for v in args if v is not None]  # an np.inf predecessor adds e^-inf = 0
    return -gamma * log(mpmath.fsum(exp(-v / gamma) for v in args))


def m_soft_dtw(gamma=None, big=None, R=D64):
    """R_ij = (x_i - y_j)^2 + softmin_gamma(R_{i-1,j-1}, R_{i-1,j}, R_{i,j-1}); boundary inf (None) or big."""
    y = [R(v) for v in Y_DTW]

    def f(x, gamma=gamma):
        g = gamma if isinstance(gamma, mpf) else R(GAMMA)
        edge = None if big is None else D64(big)
        n, k = len(x), len(y)
        T = [[edge] * (k + 1) for _ in range(n + 1)]
        T[0][0] = mpf(0)
        for i in range(1, n + 1):
            for j in range(1, k + 1):
                T[i][j] = (x[i - 1] - y[j - 1]) ** 2 + _softmin([T[i - 1][j - 1], T[i - 1][j], T[i][j - 1]], g)
        return T[n][k]
    return f


def m_hard_dtw(x):
    y = [D64(v) for v in Y_DTW]
    n, k = len(x), len(y)
    T = [[mpmath.inf] * (k + 1) for _ in range(n + 1)]
    T[0][0] = mpf(0)
    for i in range(1, n + 1):
        for j in range(1, k + 1):
            T[i][j] = (x[i - 1] - y[j - 1]) ** 2 + min(T[i - 1][j - 1], T[i - 1][j], T[i][j - 1])
    return T[n][k]


def m_edit(soft=True, R=D64):
    y = [R(v) for v in Y_EDIT]

    def f(x, gamma=None):
        n, k = len(x), len(y)
        T = [[mpf(i + j) for j in range(k + 1)] for i in range(n + 1)]
        for i in range(1, n + 1):
            for j in range(1, k + 1):
                args = [T[i - 1][j] + 1, T[i][j - 1] + 1, T[i - 1][j - 1] + (x[i - 1] - y[j - 1]) ** 2]
                T[i][j] = _softmin(args, gamma) if soft else min(args)
        return T[n][k]
    return f


def m_kalman(q, r):
    """The posterior variance P_pred r / (P_pred + r), N_KALMAN times from P = 1."""
    P = mpf(1)
    for _ in range(N_KALMAN):
        Pp = P + q
        P = Pp * r / (Pp + r)
    return P


def m_euler(R=D64):
    return lambda k, y0: y0 * (1 - R(H) * k) ** 200


def m_rk4_logistic(R=D64):
    h, h2, h6 = R(H), R(0.5 * H), R(H / 6.0)  # 0.5 * H and H / 6.0 are floats Python computes first

    def f(r, y0):
        def rhs(y):
            return r * y * (1 - y)
        y = y0
        for _ in range(50):
            a = rhs(y)
            b = rhs(y + h2 * a)
            c = rhs(y + h2 * b)
            d = rhs(y + h * c)
            y = y + h6 * (a + 2 * b + 2 * c + d)
        return y
    return f


def moment_integral(n, a):
    """int_0^1 x^n e^(a (x - 1)) dx, by quadrature."""
    with mpmath.workdps(60):
        return mpmath.quad(lambda x: x ** n * exp(a * (x - 1)), [0, 1])


def t_moments_forward(a, n, dtype="float64"):
    """The forward recurrence is exact for the integral: dI_n/da = int x^n (x - 1) e^(a (x - 1)) = I_{n+1} - I_n."""
    def truth():
        av = RD[dtype](a)
        return {"a": moment_integral(n + 1, av) - moment_integral(n, av)}
    return truth


def m_moments_backward(n):
    """From I_N = 0, N = n + 30: I_n = sum_{m=n+1}^{N} (-a)^(m-n-1) n! / m!."""
    return lambda a: mpmath.fsum((-a) ** (m - n - 1) * mpmath.factorial(n) / mpmath.factorial(m)
                                 for m in range(n + 1, n + 31))


def t_log_cumprod(x, n, dtype="float64"):
    """sum_{t=1}^n log x^t = n (n + 1) / 2 log x."""
    return lambda: {"x": mpf(n * (n + 1)) / 2 / RD[dtype](x)}


def m_cumprod_vector(x):
    return mpmath.fsum(mpmath.fsum(log(v) for v in x[:k + 1]) for k in range(len(x)))


def m_adam(update, t, R=D64):
    """A constant gradient g for t steps: m_t = g (1 - b1^t), v_t = g^2 (1 - b2^t), as the held constants make them."""
    b1, b2, c1, c2 = R(0.9), R(0.999), R(1.0 - 0.9), R(1.0 - 0.999)  # 1.0 - beta: floats Python computes first
    d1, d2, eps = R(1.0 - 0.9 ** t), R(1.0 - 0.999 ** t), R(1e-8)

    def f(g):
        # sum_{s < t} b^s c g, in closed form
        m = [c1 * (1 - b1 ** t) / (1 - b1) * v for v in g]
        if not update:
            return mpmath.fsum(v / d1 for v in m)
        w = [c2 * (1 - b2 ** t) / (1 - b2) * v * v for v in g]
        return mpmath.fsum((a / d1) / (mpmath.sqrt(b / d2) + eps) for a, b in zip(m, w))
    return f


def m_running_max(x):
    return max(x)


def m_running_argmax(x):
    top = max(x)
    return top + mpf(x.index(top)) / 2


def m_returns(r, gamma):
    return mpmath.fsum(mpmath.fsum(gamma ** (s - t) * r[s] for s in range(t, len(r))) for t in range(len(r)))


def m_normalized(r, gamma):
    g0 = mpmath.fsum(gamma ** s * v for s, v in enumerate(r))
    return g0 * (1 - gamma) / (1 - gamma ** len(r))


def m_long(n):
    return lambda gamma: mpmath.fsum(gamma ** k for k in range(n))


# --- cases ------------------------------------------------------------------------------------------------------------

def C(function, mirror, verdict="ok", dtype="float64", **pt):
    """A case whose truth is the one- and two-sided derivative of ``mirror`` at the point as ``dtype`` holds it."""
    return Case(L, function, ",".join(f"{k}={_txt(v)}" for k, v in pt.items()), dtype, verdict,
                sided_grad(mirror, dtype, **pt))


def CN(function, mirror_of_n, n, verdict="ok", dtype="float64", truth=None, held="n", **pt):
    """A case with a held int n (--wrt the one variable): the truth of mirror_of_n(n) in that variable."""
    (name, value), = pt.items()
    at = f"{name}={_txt(value)},{held}={n}"
    return Case(L, function, at, dtype, verdict, truth or sided_grad(mirror_of_n(n), dtype, **pt), wrt=name)


X4 = [0.2, 0.9, 2.1, 1.3]
XE = [0.4, -0.8, 1.5, 2.2]
G3 = [0.5, -0.3, 2.0]
R5 = [1.0, 0.0, 2.0, -1.0, 0.5]


def t_soft_dtw_tiny_gamma(x):
    """gamma = 1e-300: every soft-min weight but the minimum's is e^(-1e300), so d/dx is hard DTW's (no ties here) and
    d/dgamma is below any float (0 here stands for it)."""
    hard = sided_grad(m_hard_dtw, "float64", x=x)
    return hp(lambda: {"x": hard()["x"], "gamma": mpf(0)})


ALL = [
    # HMM forward algorithm (mu: the two states' means; n: the sequence's length, held)
    CN("hmm_forward_prob", lambda n: m_hmm(n), 10, mu=[-1.0, 1.0]),
    CN("hmm_forward_prob", lambda n: m_hmm(n), 200, "unstable", mu=[0.0, 0.5]),  # p(obs) = e^-850: underflow
    CN("hmm_forward_log", lambda n: m_hmm(n), 200, mu=[0.0, 0.5]),
    CN("hmm_forward_scaled", lambda n: m_hmm(n), 200, mu=[0.0, 0.5]),
    CN("hmm_forward_log", lambda n: m_hmm(n), 200, mu=[5.0, 6.0]),  # log p = -5876
    CN("hmm_forward_scaled", lambda n: m_hmm(n), 200, mu=[5.0, 6.0]),
    CN("hmm_forward_prob", lambda n: m_hmm(n, D32), 10, dtype="float32", mu=[-1.0, 1.0]),
    # float64 arrays A and PI0 make the recursion compute in float64: e^-93 is no float32 subnormal there
    CN("hmm_forward_prob", lambda n: m_hmm(n, D32), 40, dtype="float32", mu=[-1.0, 1.0]),
    CN("hmm_forward_log", lambda n: m_hmm(n, D32), 40, dtype="float32", mu=[-1.0, 1.0]),
    CN("hmm_forward_scaled", lambda n: m_hmm(n, D32), 200, dtype="float32", mu=[0.0, 0.5]),
    # Viterbi
    C("viterbi_score", m_viterbi(), mu=[-1.0, 1.0]),
    C("viterbi_score", m_viterbi(), "domain", mu=[0.3, 0.3]),  # all-0 and all-1 paths tie: a kink in both means
    # a ulp apart: all-0 beats all-1 by 7e-17 exactly, but float64's path scores round equal and max splits 1/2, 1/2
    C("viterbi_score", m_viterbi(), "unstable", mu=[0.3, 0.30000000000000004]),
    C("viterbi_score", m_viterbi(D32), dtype="float32", mu=[-1.0, 1.0]),
    # soft-DTW, GAMMA = 0.1 in the module, np.inf padding
    C("soft_dtw", m_soft_dtw(), x=X4),
    C("soft_dtw", m_soft_dtw(), x=[0.0, 1.0, 2.0, 1.0]),  # x = y: R is symmetric, the soft-min's minimum ties
    # np.minimum of the Python floats 0.0 and np.inf is an np.float64, so from the first cell on R is float64 and
    # gamma meets float64 numbers: held as the double 0.1 (y's whole numbers are exact in both)
    C("soft_dtw", m_soft_dtw(), dtype="float32", x=X4),
    C("soft_dtw_gamma", m_soft_dtw(big=1e10), x=X4, gamma=0.1),
    # d/dgamma is e^(-d/gamma)-small; np.log(1 + e^-480) = 0 drops the -log s part of it: off by 2e-3
    C("soft_dtw_gamma", m_soft_dtw(big=1e10), "unstable", x=X4, gamma=1e-3),
    C("soft_dtw_gamma", m_soft_dtw(big=1e10), "unstable", x=[0.0, 1.0, 2.0, 1.0], gamma=0.01),
    Case(L, "soft_dtw_gamma", f"x={_txt(X4)},gamma=1e-300", "float64", "unstable", t_soft_dtw_tiny_gamma(X4)),
    C("soft_dtw_naive", m_soft_dtw(big=1e10), x=X4, gamma=1.0),
    C("soft_dtw_naive", m_soft_dtw(big=1e10), "unstable", x=[3.2, 0.9, 2.1, 1.3], gamma=0.01),  # e^-1024 = 0
    C("soft_dtw_gamma", m_soft_dtw(big=1e10), "unstable", x=[3.2, 0.9, 2.1, 1.3], gamma=0.01),  # the shift: only d/dgamma
    # edit distances
    C("soft_edit", m_edit(), x=XE, gamma=0.5),
    C("soft_edit", m_edit(), "unstable", x=XE, gamma=1e-3),  # d/dgamma = 1.3e-89 from a/gamma - a/gamma = 10 - 10
    C("soft_edit", m_edit(R=D32), dtype="float32", x=XE, gamma=0.5),
    C("hard_edit", m_edit(False), x=XE),
    C("hard_edit", m_edit(False), x=[1.5, -1.0, 2.0, 2.0]),  # tied paths with the same slopes: no kink
    C("hard_edit", m_edit(False), "domain", x=[0.5, -1.0, 3.0, 3.0]),  # x3 -> y3 + delete x4 = delete x3 + x4 -> y3
    # Kalman variance recursion
    C("kalman_var_standard", m_kalman, q=0.1, r=0.5),
    C("kalman_var_standard", m_kalman, "unstable", q=0.1, r=1e-12),  # 1 - K = 1e-12 by subtraction
    C("kalman_var_joseph", m_kalman, q=0.1, r=1e-12),
    C("kalman_var_info", m_kalman, "unstable", q=0.1, r=1e-12),  # d/dPp = r/(Pp+r) - Pp r/(Pp+r)^2 cancels to 1e-22
    C("kalman_var_joseph", m_kalman, q=0.1, r=0.5),
    C("kalman_var_standard", m_kalman, q=0.0, r=0.5),
    C("kalman_var_standard", m_kalman, dtype="float32", q=0.1, r=0.5),
    C("kalman_var_standard", m_kalman, "unstable", dtype="float32", q=0.1, r=1e-6),
    C("kalman_var_joseph", m_kalman, dtype="float32", q=0.1, r=1e-6),
    # ODE steps
    C("euler_decay", m_euler(), k=1.0, y0=1.0),
    C("euler_decay", m_euler(), k=10.0, y0=1.0),  # 1 - h k = -5.6e-17: y = 1e-3251, rounds to 0
    C("euler_decay", m_euler(), k=25.0, y0=1.0),  # |1 - h k| = 1.5: growing, alternating
    C("euler_decay", m_euler(D32), "domain", dtype="float32", k=30.0, y0=1.0),  # 2^200 past float32's range
    C("rk4_logistic", m_rk4_logistic(), r=1.0, y0=0.1),
    C("rk4_logistic", m_rk4_logistic(D32), dtype="float32", r=1.0, y0=0.1),
    C("rk4_logistic", m_rk4_logistic(), r=1.0, y0=1e-300),
    C("rk4_logistic", m_rk4_logistic(), r=2.0, y0=1.0),  # the equilibrium: slope in r exactly 0
    # the moment recurrence I_n = 1/a - (n/a) I_{n-1}
    CN("moments_forward", None, 5, truth=t_moments_forward(1.0, 5), a=1.0),
    CN("moments_forward", None, 10, "unstable", truth=t_moments_forward(1.0, 10), a=1.0),  # error x 10!
    CN("moments_forward", None, 20, "unstable", truth=t_moments_forward(1.0, 20), a=1.0),
    CN("moments_forward", None, 20, truth=t_moments_forward(30.0, 20), a=30.0),  # (k / a) < 1: stable forward
    CN("moments_backward", m_moments_backward, 20, a=1.0),
    CN("moments_backward", m_moments_backward, 20, a=30.0),
    CN("moments_forward", None, 5, "unstable", "float32", truth=t_moments_forward(1.0, 5, "float32"), a=1.0),
    # cumulative products
    CN("log_cumprod_naive", None, 10, truth=t_log_cumprod(0.5, 10), x=0.5),
    CN("log_cumprod_naive", None, 100, "unstable", truth=t_log_cumprod(1e-5, 100), x=1e-5),  # 1e-5^65 = 0
    CN("log_cumprod_logspace", None, 100, truth=t_log_cumprod(1e-5, 100), x=1e-5),
    CN("log_cumprod_naive", None, 100, "unstable", truth=t_log_cumprod(1e5, 100), x=1e5),  # overflows
    CN("log_cumprod_naive", None, 200, "unstable", "float32", truth=t_log_cumprod(0.5, 200, "float32"), x=0.5),
    CN("log_cumprod_logspace", None, 200, dtype="float32", truth=t_log_cumprod(0.5, 200, "float32"), x=0.5),
    C("cumprod_vector_naive", m_cumprod_vector, "unstable", x=[1e-100, 1e-100, 1e-100, 1e-100, 1e-100]),
    C("cumprod_vector_logspace", m_cumprod_vector, x=[1e-100, 1e-100, 1e-100, 1e-100, 1e-100]),
    C("cumprod_vector_naive", m_cumprod_vector, x=[0.5, 2.0, 3.0, 0.25, 1.5]),
    # Adam's bias-corrected moments (t held)
    CN("adam_mhat", lambda t: m_adam(False, t), 1, held="t", g=G3),
    CN("adam_mhat", lambda t: m_adam(False, t), 1000, held="t", g=G3),
    CN("adam_update", lambda t: m_adam(True, t), 1, "unstable", held="t", g=G3),  # eps / (|g| + eps)^2 from 1/s - 1/s
    CN("adam_update", lambda t: m_adam(True, t), 1000, "unstable", held="t", g=G3),
    CN("adam_update", lambda t: m_adam(True, t), 1, held="t", g=[1e-8, -2e-8, 5e-9]),
    # g / (|g| + eps) is smooth at 0 (slope 1e8), but sqrt'(v_hat = 0) = inf: NaN at every precision, wrong
    CN("adam_update", lambda t: m_adam(True, t), 1, "wrong", held="t", g=[0.0, 0.5, 1.0]),
    CN("adam_mhat", lambda t: m_adam(False, t, D32), 1, held="t", dtype="float32", g=G3),
    CN("adam_mhat", lambda t: m_adam(False, t, D32), 10, held="t", dtype="float32", g=G3),
    # running max / argmax
    C("running_max", m_running_max, x=[1.0, 3.0, 2.0, 0.5]),
    C("running_max", m_running_max, "domain", x=[1.0, 3.0, 3.0, 2.0]),
    C("running_max", m_running_max, "domain", x=[-1.0, -1.0, -1.0, -1.0]),
    C("running_argmax", m_running_argmax, x=[1.0, 3.0, 2.0, 0.5]),
    C("running_argmax", m_running_argmax, "domain", x=[1.0, 3.0, 3.0, 2.0]),  # the position jumps 1 -> 2
    # discounted returns
    C("discounted_returns", m_returns, r=R5, gamma=1.0),
    C("discounted_returns", m_returns, r=R5, gamma=0.99),
    C("discounted_returns", m_returns, r=R5, gamma=0.0),
    C("discounted_returns", m_returns, dtype="float32", r=R5, gamma=0.99),
    Case(L, "normalized_return", f"r={_txt(R5)},gamma=1.0", "float64", "domain", undefined(r=5, gamma=0)),
    C("normalized_return", m_normalized, "unstable", r=R5, gamma=0.9999999999),
    C("normalized_return", m_normalized, r=R5, gamma=0.9),
    CN("discounted_long", m_long, 200, gamma=1.0),
    CN("discounted_long", m_long, 200, gamma=0.999),
]
