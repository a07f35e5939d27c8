"""The seventieth trial set (third part): issue 27's exact reference on Python functions doing ECONOMICS AND
ECONOMETRICS with gradcli.numpy and gradcli.scipy.special as applied economists write them (tests/trials/lib70c.py):
CRRA utility (c^(1-g) - 1) / (1-g) naive toward c = 0 (1e-100, 1e-110 where the slope c^-3 passes float64, c = 0 at
g = 2 and 0.5), at g = 1 + 1e-12 (float64) and at a float32 g that rounds to 1, its log limit by np.where with g a
module constant (GAMMA_LOG = 1.0) and as an expected utility over three states at g = 1; the CES aggregator
(a x^r + (1-a) y^r)^(1/r) toward Leontief (r = -800: 3^-801 underflowing; r = -2000 at x = y: 0^(-1/2000)) and
Cobb-Douglas (r = 1e-12), float32 at r = -100, and in logs by logsumexp; Leontief by np.minimum at a tie; Cobb-Douglas
in logs (k = 0); present values sum b^t c_t by b ** np.arange and by np.cumprod (b = 0.95, 1, 0); the annuity factor
(1 - b^T) / (1 - b) at b = 1, 1 - 1e-12, float32 0.99999, and its limit T by np.where; the multinomial logit's
log-likelihood from utilities (softmax by hand, shifted by the row maximum, by logsumexp) at +-800 and float32 +-100,
its choice probability at e^-1600, in taste parameters V = X beta; nested logit inclusive values lam log sum
exp(v / lam) by hand and by logsumexp at lam = 0.5, 1e-3 and 1e-300 (tied and untied utilities), a two-nest log
probability; probit by log(ndtr) / log(1 - ndtr) and by log_ndtr at X beta = +-40; Tobit censored likelihoods at
X beta = 40; Poisson regression with a log link at eta = 700 and 709.5 (3 e^709.5 past float64), and through
log(exp(eta)) at -800; the Gini coefficient by absolute differences and by trapezoids under the Lorenz curve of
np.sort'd incomes (ordinary, a tie, all equal, float32); Atkinson's index at e = 2, 0.5, exactly 1 (naive, by one
np.where, by the double where) and 1 + 1e-12; a Bellman backup max over actions (ties between different and between
identical actions), the soft backup tau log sum exp(Q / tau) by hand and by logsumexp at tau = 1e-3, 30 steps of value
iteration in the rewards (untied, and at rewards where actions tie); the inverse demand's flexibility x / p dp/dx for
a linear demand (ordinary, at p = 0) and a constant-elasticity one (x = 1e-300: x^-2 overflowing), an arc elasticity
by logs (x2 = x1, x2 = x1 + 1e-12).

Tried: 37 functions, 102 cases judged through the CLI by tests/trials/judge.py (at most two gradcli processes at
once; a scratch file runs the CLI in two threads and judges in the main one, since mpmath's precision is
process-global: a first driver that evaluated truths in both threads garbled one truth), then every corrected case
again; about 5 probes by hand (the naive Atkinson index at e = 1 and beside it, the logsumexp CES's findings). 3 were
dropped as repeats of kept ordinary points: ALL keeps 99 (50 ok, 24 unstable, 19 domain, 6 wrong; 81 float64, 18
float32). All 99 agree with gradcli in verdict and every exact gradient entry (to 1e-10 relative). Every check took
0.4-5 s (most under 1 s; the machine is shared).

Truths are written here from the mathematics, never lib70c's code or gradcli: each model's formula in mpmath
(logsumexp shifted by its maximum, Phi by mpmath.ncdf, the annuity as sum_{t<T} b^t, Gini as mean |y_i - y_j| / 2 mean
and as 1 - 2 x the Lorenz trapezoids of the sorted incomes, value iteration by the same max-recursion), the derivative
from the left and the right by mpmath.diff at 2,000 digits (cases30b.sided_grad), NaN where they differ; the doubles
as written (0.3, 1 - 0.3 computed by Python first, 0.9, 1e-3), float32's rounding where a Python float meets float32
data (CES's shares). By hand at the limits: the expected CRRA at g = 1 (c-slopes 1 / 3c, g-slope -mean(log(c)^2) / 2),
the annuity's slope T(T - 1)/2 = 45 at b = 1, Atkinson's at e = 1 (y: -G / (n y m) + G / (n m^2); e: G Var(log y) /
(2m), the power mean's p-slope at p = 0), the inclusive value at lam = 1e-300 (softmax of v / lam; lam's slope
log(sum w) - s . (u - max), free of its cancellation), NaN where the value is 0/0, -inf or a pole.

What agreed: CRRA ok at 1e-100 (slope 1e300), domain at 1e-110 (the slope 1e330 past float64; g's -1.26e222 kept), at
c = 0 (g = 2: the value -inf; g = 0.5: +inf from the right), unstable at g = 1 + 1e-12, domain in float32 at
g = 1.000000000001 (held as 1: 0/0); np.where(g == 1, log c, ...) wrong, with g a constant too (the untaken 0 / 0);
CES unstable at r = -800 (y's slope 2e-141 lost), -2000 and 1e-12, float32 -100; in logs ok at -800 and float32 -100;
Leontief and Bellman at ties between different actions domain, a Bellman tie between identical actions ok (no kink),
value iteration at rewards whose actions tie domain in every reward (the tied r[1, 0], r[1, 1] differ as variables);
b ** t and the cumprod at b = 0 ok (slope c_1: 0 ** 0 = 1 costs no NaN); the annuity domain at b = 1, unstable at
1 - 1e-12 (slope 90 for 45) and float32 0.99999, one where wrong; MNL by hand unstable at +-800 (float32 +-100), by
logsumexp ok, its probability e^-1600 ok as 0; inclusive value by hand unstable at lam = 1e-3, by logsumexp ok at a
tie; probit and Tobit by log(ndtr) unstable at +-40, by log_ndtr ok; Poisson ok at eta = 700, domain at 709.5,
through log(exp(eta)) unstable at -800; Gini and the Lorenz form domain at ties in the tied entries alone (the others
keep their slopes) and everywhere at equal incomes; Atkinson naive unstable at 1 + 1e-12 (e's slope 1.6e7 for 0.23),
where / double where wrong at e = 1; the soft backup by hand unstable (e^1900); flexibility domain at p = 0, the
constant-elasticity one unstable at 1e-300 (inf / inf where the value is -2, slopes 0 and 4); the arc elasticity domain
at x2 = x1, unstable 1e-12 beside.

Truths the round corrected in itself, gradcli right each time:
- the max-shifted softmax, then log, of the MNL is unstable, not ok, at utilities [0, 800, 1] (exp(1 - 800) underflows
  to 0 before its log: the value -inf) and in float32 at [0, 100, 1] (exp(-99) is a float32 subnormal, and log's
  1 / 1e-43 overflows in the backward pass); only the logsumexp form is ok;
- the inclusive value by logsumexp at lam = 1e-300 with UNtied utilities is unstable, not ok: divide's rule
  -g x / lam^2 forms lam^2 = 0 and gives NaN in lam (the exact slope below float64's least);
- the two-nest log probability at lam = 1e-3 is unstable (lam's slope: -v0 / lam^2 + ... cancels 1e6 against 1e6,
  5e-10 off);
- CES in logs at x = y = 2, r = -2000 is unstable: r's slope F (r log 2 - lse) / r^2 is 2.8e-23 (0.3 + 0.7 = 1 - 2^-54
  in doubles) out of 1386.29 - 1386.29;
- np.log(0.3) is an op of the program (exact in the reference, on the double 0.3), not Python arithmetic on literals,
  and a float64 NumPy value: in the float32 program the CES terms are float64 from there, so neither log(0.3) rounded
  to float64 nor to float32 is the reference's (with the float64-rounded log, r's slope at r = -2000 is 4.3e-23
  for 2.8e-23; with float32-rounded logs, float32's slopes are 1.2e-10 off);
- Cobb-Douglas in logs at k = 0: l keeps its slope (1 - a) / l (README: the inputs that do not move a pole keep
  theirs), not NaN;
- Atkinson's naive index at e = 1 exactly: 1 / 0 = inf and 1^inf = 1 (as in the working dtype), so the function
  there is 1 - 1 / mean(y), smooth in y (slopes 1 / (n mean^2) = 0.0178), a jump in e; the power rule's inf x 0 NaN in
  y makes it wrong, not domain.

No finding held open. One observation (not judgeable by the judge, the line it names being the right one): for CES in
logs at x = y = 2, r = -2000 (float64, unstable, numbers right) the root-cause finding reads "backward, exp in the
gradient of scipy.special.logsumexp: exp([-0.8472979, 0]) = [0.4285714, 1] where the exact result is [2.6e-603,
6.1e-603]: its inputs, off by 1.0e+00 (relative), leave none of its digits right": the dtype's rule exponentiates the
max-shifted terms and the high-precision one the unshifted terms, and the two are compared as one op; the digits are
lost in the sum of r's two gradient paths (log 2 / r against -lse / r^2), which is not named. Reproduce:
    gradcli check tests/trials/lib70c.py:ces_logsumexp --at "x=2.0,y=2.0,r=-2000.0" --dtype float64
"""

import mpmath
import numpy
from mpmath import mpf

from cases import Case
from cases5 import hp
from cases30b import sided_grad
from cases59c import _txt  # a point as its case id writes it
from cases62c import fixed  # a truth given entry by entry (mpf, NaN)

L = "lib70c.py"
NAN = mpmath.nan
log, exp = mpmath.log, mpmath.exp


def D64(v):
    return mpf(float(v))


def D32(v):
    return mpf(float(numpy.float32(v)))


def held(dtype):
    return D32 if dtype == "float32" else D64


def lse(xs):
    top = max(xs)
    return top + log(mpmath.fsum(exp(x - top) for x in xs))


# --- the module's numbers, written again (all exact in binary but 0.3, 0.9, 1e-3) ------------------------------------

SHARE, T, BETA, TAU = 0.3, 10, 0.9, 1e-3
CHOICE = [0, 2]
X_MNL = [[[1.0, 0.5], [0.0, 1.0], [2.0, -1.0]], [[0.5, 0.5], [1.0, 2.0], [-1.0, 0.0]]]
X_PROBIT, Y_PROBIT = [[1.0, 0.5], [1.0, -1.0], [1.0, 2.0]], [1, 0, 1]
X_TOBIT, Y_TOBIT = [[1.0, 1.0], [1.0, 0.5], [1.0, -1.0], [1.0, 2.0]], [0.0, 1.5, 0.0, 2.0]
X_POIS, Y_POIS = [[1.0, 0.5], [1.0, 1.0], [1.0, 2.0]], [1, 3, 0]
R_MDP = [[1.0, 1.0], [2.0, 2.0]]
P_MDP = [[[1.0, 0.0], [0.0, 1.0]], [[0.5, 0.5], [0.5, 0.5]]]


def dot(row, b):
    return mpmath.fsum(mpf(x) * v for x, v in zip(row, b))


# --- the mathematics, in mpmath ---------------------------------------------------------------------------------------

def m_crra(c, g):
    return log(c) if g == 1 else (c ** (1 - g) - 1) / (1 - g)


def m_ces(R=D64):
    def f(x, y, r):
        a, b = R(SHARE), R(1 - SHARE)  # 1 - 0.3 computed by Python first, then held by the dtype
        return (a * x ** r + b * y ** r) ** (1 / r)
    return f


def m_ces_lse():
    """exp(lse([log a + r log x, log(1 - a) + r log y]) / r): np.log(0.3) is an op of the program on the double 0.3 (and
    on 1 - 0.3, computed by Python first), exact in the reference, and a float64 NumPy value, so a float32 program
    computes in float64 from there on: no float32 rounding of it in either dtype."""
    def f(x, y, r):
        la, lb = log(D64(SHARE)), log(D64(1 - SHARE))
        return exp(lse([la + r * log(x), lb + r * log(y)]) / r)
    return f


def m_leontief(x, y):
    return min(x / mpf("0.5"), y / mpf("0.25"))


def m_cd_log(k, l, a):
    return log(D64(1.5)) + a * log(k) + (1 - a) * log(l)


def m_pv(c, b):
    return mpmath.fsum(ct * b ** t for t, ct in enumerate(c))


def m_annuity(b):
    return mpmath.fsum(b ** t for t in range(T))  # = (1 - b^T) / (1 - b) off b = 1


def m_mnl(v):
    return mpmath.fsum(v[i][CHOICE[i]] - lse(v[i]) for i in range(2))


def m_mnl_prob(v):
    return exp(v[0][CHOICE[0]] - lse(v[0]))


def m_mnl_beta(beta):
    v = [[dot(X_MNL[i][j], beta) for j in range(3)] for i in range(2)]
    return m_mnl(v)


def m_inclusive(v, lam):
    return lam * lse([x / lam for x in v])


def m_nested(v, lam):
    iv_a = lam * lse([v[0] / lam, v[1] / lam])
    return (v[0] / lam - iv_a / lam) + (iv_a - lse([iv_a, v[2]]))


def m_probit(beta):
    z = [dot(row, beta) for row in X_PROBIT]
    return mpmath.fsum(log(mpmath.ncdf(zi)) if y else log(mpmath.ncdf(-zi)) for zi, y in zip(z, Y_PROBIT))


def m_tobit(beta, log_s):
    s = exp(log_s)
    total = mpf(0)
    for row, y in zip(X_TOBIT, Y_TOBIT):
        xb = dot(row, beta)
        if y == 0:
            total += log(mpmath.ncdf(-xb / s))
        else:
            total += -log(2 * mpmath.pi) / 2 - log_s - ((mpf(y) - xb) / s) ** 2 / 2
    return total


def m_poisson(beta):
    return mpmath.fsum(y * dot(row, beta) - exp(dot(row, beta)) - mpmath.loggamma(y + 1) for row, y in zip(X_POIS, Y_POIS))


def m_gini(y):
    n = len(y)
    return mpmath.fsum(abs(a - b) for a in y for b in y) / (2 * n ** 2 * (mpmath.fsum(y) / n))


def m_gini_sorted(y):
    """1 - 2 x (the trapezoids under the Lorenz curve of the sorted incomes)."""
    n, ys = len(y), sorted(y)
    total = mpmath.fsum(ys)
    cum = [mpf(0)]
    for v in ys:
        cum.append(cum[-1] + v / total)
    return 1 - 2 * mpmath.fsum(cum[k] + cum[k + 1] for k in range(n)) / (2 * n)


def m_atkinson(y, e):
    n = len(y)
    mean = mpmath.fsum(y) / n
    ede = exp(mpmath.fsum(log(v) for v in y) / n) if e == 1 else (mpmath.fsum(v ** (1 - e) for v in y) / n) ** (1 / (1 - e))
    return 1 - ede / mean


def m_q(v, r=None):
    r = r or [[mpf(a) for a in row] for row in R_MDP]
    return [[r[s][a] + D64(BETA) * dot(P_MDP[s][a], v) for a in range(2)] for s in range(2)]


def m_bellman(v):
    return mpmath.fsum(max(row) for row in m_q(v))


def m_soft_bellman(v):
    tau = D64(TAU)
    return mpmath.fsum(tau * lse([q / tau for q in row]) for row in m_q(v))


def m_value_iteration(r):
    v = [mpf(0), mpf(0)]
    for _ in range(30):
        v = [max(row) for row in m_q(v, r)]
    return v[0]


def m_flex_linear(x, a, b):
    return -b * x / (a - b * x)


def m_flex_constant(x, eta):
    p = 2 * x ** (-1 / eta)
    return x / p * (-(1 / eta) * 2 * x ** (-1 / eta - 1))


def m_arc(x1, x2):
    return (log(10 - x2) - log(10 - x1)) / (log(x2) - log(x1))


# --- truths by hand, at the limits --------------------------------------------------------------------------------------

def expected_crra_at_log(c):
    """mean u(c_i) at g = 1: slopes 1 / (3 c_i); in g, -mean(log(c_i)^2) / 2 ((e^(hL) - 1) / h = L + h L^2 / 2 + ...,
    h = 1 - g)."""
    def truth():
        cs = [D64(v) for v in c]
        return {"c": [1 / (3 * v) for v in cs], "g": -mpmath.fsum(log(v) ** 2 for v in cs) / 6}
    return hp(truth)


def annuity_at_one():
    return {"b": mpf(T * (T - 1)) / 2}  # d/db sum_{t<T} b^t at 1


def atkinson_at_one(y):
    """A = 1 - G / m (G the geometric mean): y-slopes -G / (n y_i m) + G / (n m^2); e-slope G Var(log y) / (2 m), the
    power mean's p-slope M_0 Var(log y) / 2 at p = 1 - e = 0."""
    def truth():
        ys = [D64(v) for v in y]
        n = len(ys)
        m = mpmath.fsum(ys) / n
        logs = [log(v) for v in ys]
        lbar = mpmath.fsum(logs) / n
        G = exp(lbar)
        var = mpmath.fsum((a - lbar) ** 2 for a in logs) / n
        return {"y": [-G / (n * v * m) + G / (n * m * m) for v in ys], "e": G * var / (2 * m)}
    return hp(truth)


def inclusive_tiny(v, lam):
    """lam lse(v / lam) at lam = 1e-300 (as float64 holds it): v-slopes the softmax of v / lam; lam-slope
    lse(v / lam) - softmax . v / lam, written without its cancellation."""
    def truth():
        lm, vs = D64(lam), [D64(a) for a in v]
        u = [a / lm for a in vs]
        top = max(u)
        w = [exp(a - top) for a in u]
        s = [a / mpmath.fsum(w) for a in w]
        # lse(u) - s . u = log(sum w) - sum s_i (u_i - top)
        slope = log(mpmath.fsum(w)) - mpmath.fsum(si * (ui - top) for si, ui in zip(s, u))
        return {"v": s, "lam": slope}
    return hp(truth)


# --- cases ------------------------------------------------------------------------------------------------------------

def C(function, mirror, verdict="ok", dtype="float64", **pt):
    """A case whose truth is the one- and two-sided derivative of ``mirror`` at the point as ``dtype`` holds it."""
    return Case(L, function, ",".join(f"{k}={_txt(v)}" for k, v in pt.items()), dtype, verdict,
                sided_grad(mirror, dtype, **pt))


def H(function, truth, verdict="ok", dtype="float64", wrt=None, **pt):
    """A case whose truth is written by hand."""
    return Case(L, function, ",".join(f"{k}={_txt(v)}" for k, v in pt.items()), dtype, verdict, truth, wrt=wrt)


V_ORD = [[1.0, 0.5, -0.2], [0.3, 0.1, 2.0]]
V_800 = [[800.0, 0.0, -800.0], [0.0, 800.0, 1.0]]
V_100 = [[100.0, 0.0, -100.0], [0.0, 100.0, 1.0]]
INCOME = [1.0, 3.0, 6.0, 10.0]
INCOME_TIE = [1.0, 3.0, 3.0, 10.0]
Y_ATK = [1.0, 2.0, 4.0, 8.0]
B_NEAR_1 = 1 - 1e-12

ALL = [
    # CRRA utility: ordinary, toward c = 0 (the slope c^-g past float64 at 1e-110), at c = 0
    C("crra", m_crra, c=2.0, g=3.0),
    C("crra", m_crra, c=1e-100, g=3.0),
    C("crra", m_crra, "domain", c=1e-110, g=3.0),
    H("crra", fixed(c=NAN, g=NAN), "domain", c=0.0, g=2.0),  # the value -inf
    H("crra", fixed(c=NAN), "domain", wrt="c", c=0.0, g=0.5),  # sqrt-like: +inf from the right only
    C("crra", m_crra, dtype="float32", c=2.0, g=3.0),
    C("crra", m_crra, "unstable", c=2.0, g=1.000000000001),
    H("crra", fixed(c=NAN, g=NAN), "domain", dtype="float32", c=2.0, g=1.000000000001),  # float32 holds g as 1: 0/0
    # the log limit by np.where: the untaken (c^0 - 1) / 0 leaks NaN
    C("crra_calibrated", lambda c: log(c), "wrong", c=2.0),
    H("expected_crra", expected_crra_at_log([1.0, 2.0, 4.0]), "wrong", c=[1.0, 2.0, 4.0], g=1.0),
    C("expected_crra", lambda c, g: mpmath.fsum(m_crra(v, g) for v in c) / 3, c=[1.0, 2.0, 4.0], g=2.0),
    # CES toward Leontief and Cobb-Douglas
    C("ces", m_ces(), x=2.0, y=3.0, r=0.5),
    C("ces", m_ces(), "unstable", x=2.0, y=3.0, r=-800.0),  # 3^-801 underflows: y's slope 1e-141 lost
    C("ces", m_ces(), "unstable", x=2.0, y=2.0, r=-2000.0),  # 2^-2000 = 0: 0^(-1/2000) = inf
    C("ces", m_ces(), "unstable", x=2.0, y=3.0, r=1e-12),  # x^r - 1 at 1e-12: the Cobb-Douglas limit's digits
    C("ces", m_ces(D32), "unstable", dtype="float32", x=2.0, y=3.0, r=-100.0),
    C("ces_logsumexp", m_ces_lse(), x=2.0, y=3.0, r=-800.0),
    # r's slope F (r log 2 - lse) / r^2 with 0.3 + 0.7 = 1 - 2^-54: 2.8e-23 out of 1386.29 - 1386.29
    C("ces_logsumexp", m_ces_lse(), "unstable", x=2.0, y=2.0, r=-2000.0),
    C("ces_logsumexp", m_ces_lse(), dtype="float32", x=2.0, y=3.0, r=-100.0),
    C("leontief", m_leontief, x=1.0, y=1.0),
    C("leontief", m_leontief, "domain", x=1.0, y=0.5),  # the tie x / 0.5 = y / 0.25
    C("leontief", m_leontief, "domain", dtype="float32", x=1.0, y=0.5),
    C("cobb_douglas_log", m_cd_log, k=2.0, l=3.0, a=0.3),
    # log 0: no derivative in k and a; l, which does not move the pole, keeps its slope (1 - a) / l
    H("cobb_douglas_log", fixed(k=NAN, l=lambda: (1 - D64(0.3)) / 3, a=NAN), "domain", k=0.0, l=3.0, a=0.3),
    C("cobb_douglas_log", m_cd_log, dtype="float32", k=2.0, l=3.0, a=0.3),
    # present values and the annuity factor
    C("present_value", m_pv, c=[1.0, 2.0, 3.0, 4.0], b=0.95),
    C("present_value", m_pv, c=[1.0, 2.0, 3.0, 4.0], b=1.0),
    C("present_value", m_pv, c=[1.0, 2.0, 3.0, 4.0], b=0.0),  # 0 ** 0 = 1: its slope 0 * 0^-1
    C("present_value_cumprod", m_pv, c=[1.0, 2.0, 3.0, 4.0], b=0.0),  # the product through a 0
    C("annuity", m_annuity, b=0.95),
    H("annuity", fixed(b=NAN), "domain", b=1.0),  # 0 / 0
    C("annuity", m_annuity, "unstable", b=B_NEAR_1),
    C("annuity", m_annuity, dtype="float32", b=0.9),
    C("annuity", m_annuity, "unstable", dtype="float32", b=0.99999),
    H("annuity_where", hp(annuity_at_one), "wrong", b=1.0),
    # multinomial logit
    C("mnl_loglik_naive", m_mnl, v=V_ORD),
    C("mnl_loglik_naive", m_mnl, "unstable", v=V_800),
    C("mnl_loglik_shifted", m_mnl, "unstable", v=V_800),  # exp(1 - 800) underflows to 0 before its log
    C("mnl_loglik_lse", m_mnl, v=V_800),
    C("mnl_loglik_naive", m_mnl, "unstable", dtype="float32", v=V_100),
    C("mnl_loglik_shifted", m_mnl, "unstable", dtype="float32", v=V_100),  # log's 1 / 1e-43 overflows float32
    C("mnl_prob", m_mnl_prob, v=[[-800.0, 800.0, 0.0], [0.0, 0.0, 0.0]]),  # e^-1600, 0 in float64
    C("mnl_prob", m_mnl_prob, v=V_ORD),
    C("mnl_beta", m_mnl_beta, beta=[0.5, -0.25]),
    C("mnl_beta", m_mnl_beta, dtype="float32", beta=[0.5, -0.25]),
    # nested logit
    C("inclusive_naive", m_inclusive, v=[1.0, 2.0], lam=0.5),
    C("inclusive_naive", m_inclusive, "unstable", v=[1.0, 2.0], lam=1e-3),  # e^2000
    C("inclusive", m_inclusive, v=[1.0, 2.0], lam=1e-3),
    C("inclusive", m_inclusive, v=[2.0, 2.0], lam=1e-3),  # a tie: smooth, lam-slope log 2
    H("inclusive", inclusive_tiny([1.0, 2.0], 1e-300), "unstable", v=[1.0, 2.0], lam=1e-300),  # lam^2 = 0: NaN
    H("inclusive", inclusive_tiny([2.0, 2.0], 1e-300), "unstable", v=[2.0, 2.0], lam=1e-300),  # 2e300 - 2e300
    C("nested_logit_loglik", m_nested, v=[1.0, 0.5, 0.2], lam=0.5),
    C("nested_logit_loglik", m_nested, "unstable", v=[1.0, 1.0, 0.5], lam=1e-3),  # lam's slope: 1e6 - 1e6
    C("nested_logit_loglik", m_nested, dtype="float32", v=[1.0, 0.5, 0.2], lam=0.5),
    # probit, Tobit, Poisson
    C("probit_naive", m_probit, beta=[0.2, 0.5]),
    C("probit_naive", m_probit, "unstable", beta=[-40.0, 0.0]),  # ndtr(-40) = 3.6e-350 is 0: log 0
    C("probit_naive", m_probit, "unstable", beta=[40.0, 0.0]),  # 1 - ndtr(40) = 0
    C("probit", m_probit, beta=[-40.0, 0.0]),
    C("probit", m_probit, beta=[40.0, 0.0]),
    C("tobit_naive", m_tobit, beta=[0.5, 0.3], log_s=0.1),
    C("tobit_naive", m_tobit, "unstable", beta=[40.0, 0.0], log_s=0.0),
    C("tobit", m_tobit, beta=[40.0, 0.0], log_s=0.0),
    C("poisson_loglik", m_poisson, beta=[0.2, 0.3]),
    C("poisson_loglik", m_poisson, beta=[700.0, 0.0]),
    C("poisson_loglik", m_poisson, "domain", beta=[709.5, 0.0]),  # 3 e^709.5 past float64
    C("poisson_loglik_mu", m_poisson, "unstable", beta=[-800.0, 0.0]),  # log(exp(-800)) = log 0
    C("poisson_loglik_mu", m_poisson, beta=[0.2, 0.3]),
    # inequality
    C("gini", m_gini, y=INCOME),
    C("gini", m_gini, "domain", y=INCOME_TIE),
    C("gini", m_gini, "domain", y=[2.0, 2.0, 2.0]),
    C("gini", m_gini, dtype="float32", y=[1.5, 2.5, 4.0]),
    C("gini", m_gini, "domain", dtype="float32", y=INCOME_TIE),
    C("gini_lorenz", m_gini_sorted, y=[10.0, 3.0, 6.0, 1.0]),
    C("gini_lorenz", m_gini_sorted, "domain", y=INCOME_TIE),
    C("gini_lorenz", m_gini_sorted, "domain", y=[2.0, 2.0, 2.0]),
    C("gini_lorenz", m_gini_sorted, dtype="float32", y=[1.5, 2.5, 4.0]),
    C("atkinson", m_atkinson, y=Y_ATK, e=2.0),
    C("atkinson", m_atkinson, y=Y_ATK, e=0.5),
    C("atkinson", m_atkinson, dtype="float32", y=Y_ATK, e=2.0),
    # e = 1: 1 / 0 = inf and mean(y^0) = 1 exactly, 1^inf = 1: the value 1 - 1 / mean(y), a jump in e; y's slopes
    # 1 / (n mean^2), the power rule's inf x 0 NaN
    H("atkinson", fixed(y=[1 / (4 * mpf("3.75") ** 2)] * 4, e=NAN), "wrong", y=Y_ATK, e=1.0),
    C("atkinson", m_atkinson, "unstable", y=Y_ATK, e=1.000000000001),
    H("atkinson_where", atkinson_at_one(Y_ATK), "wrong", y=Y_ATK, e=1.0),
    H("atkinson_double_where", atkinson_at_one(Y_ATK), "wrong", y=Y_ATK, e=1.0),
    # dynamic programming
    C("bellman", m_bellman, v=[1.0, 0.0]),  # state 1's two actions tie, but are one function: smooth
    C("bellman", m_bellman, "domain", v=[0.0, 0.0]),  # state 0's actions tie with different slopes
    C("bellman", m_bellman, "domain", dtype="float32", v=[0.0, 0.0]),
    C("soft_bellman_naive", m_soft_bellman, "unstable", v=[1.0, 0.0]),  # e^1900
    C("soft_bellman", m_soft_bellman, v=[1.0, 0.0]),
    C("soft_bellman", m_soft_bellman, v=[0.0, 0.0]),
    C("value_iteration", m_value_iteration, r=[[1.0, 0.5], [2.0, 1.5]]),
    C("value_iteration", m_value_iteration, "domain", r=R_MDP),
    # demand
    C("flexibility_linear", m_flex_linear, x=2.0, a=10.0, b=1.5),
    H("flexibility_linear", fixed(x=NAN, a=NAN, b=NAN), "domain", x=5.0, a=10.0, b=2.0),  # p = 0: a pole
    C("flexibility_linear", m_flex_linear, dtype="float32", x=2.0, a=10.0, b=1.5),
    C("flexibility_constant", m_flex_constant, x=3.0, eta=0.5),
    C("flexibility_constant", m_flex_constant, "unstable", x=1e-300, eta=0.5),  # x^-2 = inf: inf / inf
    C("arc_elasticity", m_arc, x1=2.0, x2=3.0),
    H("arc_elasticity", fixed(x1=NAN, x2=NAN), "domain", x1=2.0, x2=2.0),  # 0 / 0
    C("arc_elasticity", m_arc, "unstable", x1=2.0, x2=2.000000000001),
]
