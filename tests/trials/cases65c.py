"""The sixty-fifth trial set (third part): issue 27's exact reference on Python functions doing LOG-SPACE PROBABILITY
CODE the way statistical and ML code writes it, with gradcli.numpy and gradcli.scipy.special (tests/trials/lib65c.py):
an HMM's forward algorithm over three steps in log space (scipy.special.logsumexp over a transition matrix), in
probability space (exp of the emissions: underflow) and rescaled per step (Rabiner); Viterbi by np.max over
predecessors, with every path tied under a uniform chain; a log-space matrix product (ordinary, shifted by 800, against
a -inf transition); normalising x - logsumexp(x) at ordinary points, +800, a three-way tie, float32 at 100, naively
(log of exp / sum exp) at +-800, with a -inf mask by np.log(0) and by np.where(keep, x, -inf), scipy.special.log_softmax
at 800; log1mexp as log(1 - e^-x), log(-expm1(-x)), log1p(-exp(-x)) and Maechler's np.where switch at log 2 (on the
switch, at 1e-300, 1e-20 in float32, 1e-10, 40, 800, at 0); log1pexp naively, by np.logaddexp(0, x) and by a threshold
np.where (40, 800, on the threshold 33.3); logdiffexp naive and by expm1 (+-800, a = b); a beta-binomial log-pmf by
gammaln and by betaln (ordinary, 1e10), a Dirichlet log-density (ordinary, alpha proportional to x at 1e10, x on the
simplex's edge by xlogy), a negative binomial log-likelihood (ordinary, the Poisson limit r = 1e10); a Gaussian
mixture's log-density with a zero weight by logsumexp(log w + ...) and by b=; logit naive, by log1p and
scipy.special.logit at 1e-300; log-sigmoid by log(expit), log_expit; the binary entropy by xlogy / xlog1py at 1/2,
1e-300 and 0; KL(p || q) by xlogy with a zero of p, by rel_entr with a zero of q (a pole); the log-partition
t logsumexp(x / t) at t = 1e-300 (distinct and tied maxima) and 1e300; np.logaddexp.reduce (a tie at 800); logsumexp
with signed b= weights and return_sign (a positive sum, a negative one, one that cancels to 0); a pole beside an
independent input by xlogy, xlog1py, rel_entr, kl_div and np.log.

Tried: 48 functions (and 16 probes in a scratch folder), 123 distinct checks through the CLI (at most two at once), judged by tests/trials/judge.py
through a driver in the manner of run.py (a scratch file: a batch of 99, then the whole set of 80 again, and
probes); 26 were dropped as repeats of kept kinds: ALL keeps 80 (42 ok, 23 unstable, 15 domain, 0 wrong).
Truths are written here from the mathematics, never lib65c's code or gradcli: the forward algorithm as log p(obs) by
recursion over sums of products of probabilities (the same truth for the log-space, probability-space and rescaled
spellings), Viterbi by enumerating all 2^3 paths, log-space products and normalisation by log sum exp, log1mexp /
log1pexp / logdiffexp as log(1 - e^-x) / log(1 + e^x) / log(e^a - e^b) (the threshold rule's two pieces as written,
x + e^-x above 33.3), log-densities by mpmath.loggamma, the mixture as log sum w_k phi(x - mu_k), the KL divergences
and the entropy from p log(p / q), every float64 literal as the double it is (0.6, 0.7, 33.3, log 2 as np.log(2.0));
the derivative from the left and the right by mpmath.diff at 2,000 digits (cases30b.sided_grad), NaN where they differ.
By hand: the log-partition's slopes (x: the softmax of x / t; t: log S - sum p_i d_i / t, with e^(-1e300) entries no
difference resolves), the Dirichlet's edge (psi(sum) - psi(a_k) + log x_k, NaN for a_0 where xlogy(a_0 - 1, 0) jumps
from +inf to -inf through 0), the poles (the independent input's slope kept, README's "at a pole, the inputs that do
not move it keep their slopes"), and no derivative where the value is log 0 (log1mexp at 0, logdiffexp at a = b, the
signed sum that cancels, the entropy at 0).

ALL: 80 cases. 75 agree with gradcli in verdict and every exact gradient entry (to 1e-10 relative); the five that do
not are F1. No check took over 2 s (most 0.5-1.5 s).
What agreed: the forward algorithm in log space ok at ordinary emissions, at -800 and in float32 at -100; in
probability space unstable at -800 (e^-801 underflows: log 0) and in float32 at -100; rescaled ok at -800; Viterbi ok,
domain where every path ties; log-space products ok (with +800 and with a -inf transition); normalising ok (ties, +800,
float32), naively unstable at +800 (inf / inf) and -800 (0 / 0), masked by np.log(0) and by np.where(.., -inf) ok
(the masked entry's slope exactly 0), log_softmax ok; log1mexp: naive unstable at 1e-20, domain at 0, log(-expm1(-x))
ok at 1e-300 and 800 (its slope e^-800 rounds to 0), log1p(-exp(-x)) unstable at 1e-300 and 1e-10, the switch ok on
log 2 (two spellings of one function) and at 40; log1pexp naive unstable at 800 and float32 100, ok at -800 (the slope
e^-800 rounds to 0), logaddexp ok at +-800, the threshold rule ok at 40, unstable at 800 (the unselected branch's
exp(800) = inf times its 0 cotangent), domain on its threshold 33.3 (the pieces differ by e^-66.6 / 2 = 5e-30: a jump);
logdiffexp naive unstable at +-800, by expm1 ok at 800, domain at a = b; beta-binomial unstable at 1e10 by gammaln and
by betaln (digamma differences of 1e-10 beside 23), Dirichlet ok, unstable at alpha = 1e10 x (psi(1e10) - psi(2e9) +
log 0.2 = 2e-10), domain in alpha_0 at the simplex's edge (the others' slopes kept); negative binomial ok, unstable at
r = 1e10 (r's slope 1e-20); the mixture with a zero weight ok both ways and at x = 800; logit ok at 1e-300 three ways;
log(expit(x)) unstable at -800, log_expit ok; the entropy ok at 1/2 (slope exactly 0) and 1e-300, domain at 0; KL ok,
domain at a zero of p (slope -inf from the right); the log-partition unstable at t = 1e-300 (t's slope log S - ...
rounds to 0 beside 1e-300-scaled terms: the rule's x / t^2 meets t^2 = 0), at a tied maximum too (exact t-slope log 2),
ok at t = 1e300; np.logaddexp.reduce ok (a tie at 800 is smooth); signed logsumexp ok for positive and negative sums,
domain where the sum cancels to 0; the pole by np.log keeps its independent slope (log_pole, kl_q_log: domain, exact
[-1, 0, nan]).

Truths the round corrected in itself, gradcli right each time: log(1 - e^-x) and log(-expm1(-x)) at x = 40 are
unstable, not ok: the slope e^-x / (1 - e^-x) comes out right, but 1 - e^-40 is 1.0 in float64, so the value is
log 1 = 0 where the exact one is -4.2e-18 (README: unstable when the precision loses the value or the gradient): the
very reason Maechler's log1mexp switches to log1p(-exp(-x)) above log 2; the switch written with np.where is unstable,
not ok, at x = 1e-300 (and float32 1e-20): both branches run, the unselected log1p(-exp(-x)) is log1p(-1) = -inf and
its rule's 0 / (1 + -1) gives NaN in the gradient, while at high precision e^-1e-300 is not 1 and nothing is NaN.

Findings:

- F1 (mended since: xlogy / xlog1py of a nonzero x at the log's pole is the product x log y, whose log meets its
  pole as log does, `arb_proof._xlogy`): at a pole of xlogy, xlog1py, rel_entr or kl_div the exact reference loses the slopes of the inputs that
  do not move the pole. q0 - xlogy(0.5, q2) at q0 = 0.5, q2 = 0 is +inf for every q0: README's doctrine ("at a pole,
  the inputs that do not move it keep their slopes", 1/sqrt(x*x + y*y) + z: z has 1) gives q0 the slope 1 and q2 none.
  gradcli says domain (right) with exact gradient {q0: nan, q2: nan}, "no derivative: the function's exact value here
  is +inf" for q0 too; the same function written q0 - 0.5 * np.log(q2) gets exact {q0: 1, q2: nan}, and so do
  log1p's and gammaln's poles (q0 - 0.5 log1p(-p) at p = 1, q0 + gammaln(0)). In statistical code: KL(P || q) by
  np.sum(rel_entr(P, q)) with P = [0.5, 0, 0.5] at q = [0.5, 0.5, 0] (q[2] = 0 where P has mass: +inf) gets exact
  [nan, nan, nan] where q[0], q[1] have -P/q = -1 and 0 from both sides (the np.log spelling gets [-1, 0, nan]). The
  verdict stays domain, so the cost is the exact gradient shown and what it can judge: a rule's slope in q0 cannot be
  held against a NaN. Reproduce:
      gradcli check tests/trials/lib65c.py:xlogy_pole --at "q0=0.5,q2=0.0" --dtype float64 --json
      gradcli check tests/trials/lib65c.py:log_pole --at "q0=0.5,q2=0.0" --dtype float64 --json   # exact q0: 1
      gradcli check tests/trials/lib65c.py:kl_q --at "q=[0.5,0.5,0.0]" --dtype float64 --json
      gradcli check tests/trials/lib65c.py:xlog1py_pole --at "q0=0.5,p=1.0" --dtype float64 --json

Observed, not a case: where the value itself is +inf, an independent input's unstable slope is not judged
(np.log(1 + np.exp(q0)) - 0.5 * np.log(q2) at q0 = 800, q2 = 0: gradient q0 NaN, exact 1, verdict domain, also with
--wrt q0); README's "Those other inputs are still judged" is written of a finite value (1/(y log1p(-x)) at x = 1,
y = 2), so domain there reads as the doctrine's, not a finding.
"""

import mpmath
from mpmath import mpf

from cases import Case
from cases5 import hp
from cases30b import sided_grad
from cases59c import _txt  # a point as its case id writes it
from cases63c import fixed, undefined  # a truth entry by entry; no derivative at the point (a scalar: 0)

L = "lib65c.py"
NAN = mpmath.nan
D = mpf  # a float64 literal of the user's code, as the double it is
S = mpmath.fsum
log, exp = mpmath.log, mpmath.exp

PI = [D(0.6), D(0.4)]
A = [[D(0.7), D(0.3)], [D(0.2), D(0.8)]]
B = [[mpf(0), mpf(-1)], [mpf(-2), D(0.5)]]
B_MASKED = [[mpf(1), mpf(0)], [D(0.5), D(0.5)]]  # as probabilities: the program holds their logs
W3 = [mpf(1), mpf(2), mpf(3)]
MIX_W = [D(0.5), mpf(0), D(0.5)]
MU3 = [mpf(-1), mpf(0), mpf(2)]
Q3 = [D(0.25), D(0.5), D(0.25)]
X_DIR = [D(0.2), D(0.3), D(0.5)]
X_DIR0 = [mpf(0), D(0.4), D(0.6)]
Y_NB = [mpf(0), mpf(3), mpf(7)]
LOG2 = float.fromhex("0x1.62e42fefa39efp-1")  # np.log(2.0), the double


# --- the mathematics, in mpmath (from the statements, never lib65c's code) --------------------------------------------

def lse(v):
    return log(S(exp(a) for a in v))


def m_forward(e):
    """log p(obs) = log sum over paths of pi_s0 prod A_{s,s'} prod e^e[t, s_t], by recursion over the sum of paths."""
    alpha = [PI[k] * exp(e[0][k]) for k in range(2)]
    for t in range(1, len(e)):
        alpha = [S(alpha[i] * A[i][j] for i in range(2)) * exp(e[t][j]) for j in range(2)]
    return log(S(alpha))


def m_viterbi(e, pi=PI, a=A):
    """The largest path probability's log, enumerating all 2^T paths."""
    T = len(e)
    best = None
    for code in range(2 ** T):
        s = [(code >> t) & 1 for t in range(T)]
        v = log(pi[s[0]]) + e[0][s[0]] + S(log(a[s[t - 1]][s[t]]) + e[t][s[t]] for t in range(1, T))
        best = v if best is None else max(best, v)
    return best


def m_viterbi_uniform(e):
    half = mpf(1) / 2
    return m_viterbi(e, [half, half], [[half, half], [half, half]])


def m_log_matmul(a, b=B, blog=True):
    lb = b if blog else [[log(v) for v in row] for row in b]
    c = [[lse([a[i][k] + lb[k][j] for k in range(2)]) for j in range(2)] for i in range(2)]
    return c[0][0] + 2 * c[0][1] + 3 * c[1][0] + 4 * c[1][1]


def m_normalize(x):
    return S(w * (v - lse(x)) for w, v in zip(W3, x))


def m_normalize_masked(x):
    """Entries 0 and 2 renormalised among themselves (entry 1 has probability 0)."""
    z = lse([x[0], x[2]])
    return (x[0] - z) + 2 * (x[2] - z)


def m_log1mexp(x):
    return log(1 - exp(-x))


def m_log1pexp(x):
    return log(1 + exp(x))


def m_log1pexp_where(x):
    return x + exp(-x) if x > D(33.3) else log(1 + exp(x))


def m_logdiffexp(a, b):
    return log(exp(a) - exp(b))


def lg(z):
    return mpmath.loggamma(z)


def m_betabinom(a, b):
    n, k = 10, 3
    return (lg(n + 1) - lg(k + 1) - lg(n - k + 1) + lg(k + a) + lg(n - k + b) - lg(n + a + b)
            - lg(a) - lg(b) + lg(a + b))


def m_betabinom_betaln(a, b):  # betaln(3 + a, 7 + b) - betaln(a, b): the same up to log C(10, 3)
    return m_betabinom(a, b)


def m_dirichlet(alpha):
    return lg(S(alpha)) - S(lg(a) for a in alpha) + S((a - 1) * log(x) for a, x in zip(alpha, X_DIR))


def m_negbin(r, mu):
    return S(lg(y + r) - lg(r) - lg(y + 1) + r * log(r / (r + mu)) + y * log(mu / (r + mu)) for y in Y_NB)


def m_mixture(x):
    return log(S(w * exp(-(x - m) ** 2 / 2) / mpmath.sqrt(2 * mpmath.pi) for w, m in zip(MIX_W, MU3)))


def m_logit(p):
    return log(p / (1 - p))


def m_log_sigmoid(x):
    return -log(1 + exp(-x))


def m_entropy(p):
    return -(p * log(p) + (1 - p) * log(1 - p))


def m_kl_p(p):
    return S(a * log(a / q) for a, q in zip(p, Q3))


def m_kl_q(q):
    P = [D(0.5), mpf(0), D(0.5)]
    return S(a * log(a / b) for a, b in zip(P, q) if a != 0)


def m_signed(x):
    return log(abs(exp(x[0]) - exp(x[1]) + exp(x[2])))


def m_signed2(x):
    return log(abs(exp(x[0]) - exp(x[1])))


def partition_truth(x, t):
    """t log sum e^(x_i / t): d/dx_i = p_i (the softmax of x / t), d/dt = log S - sum p_i d_i / t with d_i = x_i - max x,
    S = sum e^(d_i / t) (by hand: at t = 1e-300 the entries e^(-1e300) are past any difference)."""
    def truth():
        xs, tt = [mpf(v) for v in x], mpf(t)
        m = max(xs)
        d = [v - m for v in xs]
        e = [exp(v / tt) for v in d]
        s = S(e)
        return {"x": [v / s for v in e], "t": log(s) - S(a * b for a, b in zip(e, d)) / (tt * s)}
    return hp(truth)


def dirichlet_edge_truth(alpha):
    """xlogy(a0 - 1, 0) is 0 at a0 = 1, -inf above and +inf below: no derivative in alpha[0]; the others'
    psi(sum) - psi(a_k) + log x_k."""
    def truth():
        al = [mpf(v) for v in alpha]
        s = S(al)
        return {"alpha": [NAN] + [mpmath.digamma(s) - mpmath.digamma(al[k]) + log(X_DIR0[k]) for k in (1, 2)]}
    return hp(truth)


# --- cases ------------------------------------------------------------------------------------------------------------

def C(function, mirror, verdict="ok", dtype="float64", **pt):
    """A case whose truth is the one- and two-sided derivative of ``mirror`` at the point as ``dtype`` holds it."""
    return Case(L, function, ",".join(f"{k}={_txt(v)}" for k, v in pt.items()), dtype, verdict,
                sided_grad(mirror, dtype, **pt))


def H(function, truth, verdict="ok", dtype="float64", **pt):
    """A case whose truth is written by hand."""
    return Case(L, function, ",".join(f"{k}={_txt(v)}" for k, v in pt.items()), dtype, verdict, truth)


def shift(e, by):
    return [[v + by for v in row] for row in e]


E1 = [[-1.0, -2.0], [-0.5, -3.0], [-2.0, -1.0]]
E800 = shift(E1, -800.0)
E100 = shift(E1, -100.0)
Z3 = [[0.0, 0.0], [0.0, 0.0], [0.0, 0.0]]
A1 = [[0.5, -1.0], [2.0, 0.0]]

ALL = [
    # HMM forward: log space, probability space, rescaled; Viterbi
    C("hmm_forward_log", m_forward, e=E1),
    C("hmm_forward_log", m_forward, e=E800),
    C("hmm_forward_log", m_forward, dtype="float32", e=E100),
    C("hmm_forward_prob", m_forward, "unstable", e=E800),  # e^-800 underflows: log 0
    C("hmm_forward_prob", m_forward, "unstable", dtype="float32", e=E100),  # products below float32's least
    C("hmm_forward_scaled", m_forward, e=E800),
    C("viterbi", m_viterbi, e=E1),
    C("viterbi_uniform", m_viterbi_uniform, "domain", e=Z3),  # every path ties
    # log-space matrix products, normalising
    C("log_matmul", lambda a: m_log_matmul(a), a=A1),
    C("log_matmul", lambda a: m_log_matmul(a), a=shift(A1, 800.0)),
    C("log_matmul_masked", lambda a: m_log_matmul(a, B_MASKED, blog=False), a=A1),
    C("log_normalize", m_normalize, x=[1.0, 2.0, 3.0]),
    C("log_normalize", m_normalize, x=[800.0, 801.0, 802.0]),
    C("log_normalize", m_normalize, x=[5.0, 5.0, 5.0]),  # a tie inside logsumexp's max: smooth
    C("log_normalize", m_normalize, dtype="float32", x=[100.0, 101.0, 102.0]),
    C("log_normalize_naive", m_normalize, "unstable", x=[800.0, 801.0, 802.0]),  # inf / inf
    C("log_normalize_naive", m_normalize, "unstable", x=[-800.0, -801.0, -802.0]),  # 0 / 0
    C("log_normalize_masked", m_normalize_masked, x=[800.0, 0.0, 801.0]),
    C("log_normalize_where", m_normalize_masked, x=[-800.0, 5.0, -800.0]),
    C("log_softmax_lib", m_normalize, x=[800.0, 801.0, 802.0]),
    # log1mexp, log1pexp, logdiffexp
    C("log1mexp_naive", m_log1mexp, "unstable", x=1e-20),  # 1 - e^-x is 0: log 0
    C("log1mexp_naive", m_log1mexp, "unstable", x=40.0),  # 1 - e^-40 is 1.0: the value log 1 = 0, not -4.2e-18
    H("log1mexp_naive", undefined(x=0), "domain", x=0.0),
    C("log1mexp_expm1", m_log1mexp, x=1e-300),
    C("log1mexp_expm1", m_log1mexp, "unstable", x=40.0),  # -expm1(-40) is 1.0 too: why the switch at log 2
    C("log1mexp_expm1", m_log1mexp, x=800.0),  # slope e^-800: 0 in float64, its rounding
    C("log1mexp_log1p", m_log1mexp, "unstable", x=1e-300),  # log1p(-1)
    C("log1mexp_log1p", m_log1mexp, "unstable", x=1e-10),  # 1 - e^-x cancels 10 digits
    C("log1mexp_stable", m_log1mexp, x=LOG2),  # on the switch: the two branches are one function
    C("log1mexp_stable", m_log1mexp, "unstable", x=1e-300),  # the unselected log1p(-exp(-x)) = log1p(-1): 0 * inf
    C("log1mexp_stable", m_log1mexp, x=40.0),
    C("log1mexp_stable", m_log1mexp, "unstable", dtype="float32", x=1e-20),  # the same in float32
    C("log1pexp_naive", m_log1pexp, "unstable", x=800.0),
    C("log1pexp_naive", m_log1pexp, x=-800.0),
    C("log1pexp_naive", m_log1pexp, "unstable", dtype="float32", x=100.0),
    C("log1pexp_logaddexp", m_log1pexp, x=800.0),
    C("log1pexp_logaddexp", m_log1pexp, x=-800.0),
    C("log1pexp_where", m_log1pexp_where, x=40.0),
    C("log1pexp_where", m_log1pexp_where, "unstable", x=800.0),  # the unselected branch's exp(800): 0 * inf
    C("log1pexp_where", m_log1pexp_where, "domain", x=33.3),  # the two pieces differ by 5e-30: a jump
    C("logdiffexp_naive", m_logdiffexp, "unstable", a=800.0, b=799.0),
    C("logdiffexp_naive", m_logdiffexp, "unstable", a=-800.0, b=-801.0),
    C("logdiffexp", m_logdiffexp, a=800.0, b=799.0),
    H("logdiffexp", undefined(a=0, b=0), "domain", a=1.0, b=1.0),  # log 0
    # log-densities by gammaln
    C("betabinom_logpmf", m_betabinom, a=2.0, b=3.0),
    C("betabinom_logpmf", m_betabinom, "unstable", a=1e10, b=2e10),
    C("betabinom_betaln", m_betabinom_betaln, "unstable", a=1e10, b=2e10),
    C("dirichlet_logpdf", m_dirichlet, alpha=[2.0, 3.0, 4.0]),
    C("dirichlet_logpdf", m_dirichlet, "unstable", alpha=[2e9, 3e9, 5e9]),  # psi(1e10) - psi(2e9) + log 0.2 ~ 2e-10
    H("dirichlet_xlogy0", dirichlet_edge_truth([1.0, 2.0, 3.0]), "domain", alpha=[1.0, 2.0, 3.0]),
    C("negbin_loglik", m_negbin, r=2.0, mu=3.0),
    C("negbin_loglik", m_negbin, "unstable", r=1e10, mu=3.0),  # the Poisson limit: slopes in r of 1e-20
    # mixtures, log-odds, entropies
    C("mixture_logpdf", m_mixture, x=0.3),
    C("mixture_logpdf", m_mixture, x=800.0),
    C("mixture_logpdf_b", m_mixture, x=0.3),
    C("logit_naive", m_logit, p=1e-300),
    C("logit_lib", m_logit, p=1e-300),
    C("log_sigmoid_naive", m_log_sigmoid, "unstable", x=-800.0),  # expit(-800) is 0: log 0
    C("log_sigmoid_lib", m_log_sigmoid, x=-800.0),
    C("binary_entropy", m_entropy, p=0.5),
    C("binary_entropy", m_entropy, p=1e-300),
    H("binary_entropy", undefined(p=0), "domain", p=0.0),  # log((1 - p) / p): +inf from the right, the only side
    C("kl_p", m_kl_p, p=[0.2, 0.3, 0.5]),
    H("kl_p", fixed(p=lambda: [log(D(0.5) / D(0.25)) + 1, NAN, log(D(0.5) / D(0.25)) + 1]), "domain",
      p=[0.5, 0.0, 0.5]),  # p log p at p = 0: slope -inf from the right
    C("kl_q", m_kl_q, q=[0.25, 0.5, 0.25]),
    H("kl_q", fixed(q=lambda: [-D(0.5) / D(0.5), mpf(0), NAN]), "domain", q=[0.5, 0.5, 0.0]),  # a pole in q[2]: F1
    H("kl_q_log", fixed(q=lambda: [-D(0.5) / D(0.5), mpf(0), NAN]), "domain", q=[0.5, 0.5, 0.0]),
    H("xlogy_pole", fixed(q0=mpf(1), q2=NAN), "domain", q0=0.5, q2=0.0),  # F1
    H("rel_entr_pole", fixed(q0=mpf(1), q2=NAN), "domain", q0=0.5, q2=0.0),  # F1
    H("xlog1py_pole", fixed(q0=mpf(1), p=NAN), "domain", q0=0.5, p=1.0),  # F1
    H("kl_div_pole", fixed(q0=mpf(1), q2=NAN), "domain", q0=0.5, q2=0.0),  # F1
    H("log_pole", fixed(q0=mpf(1), q2=NAN), "domain", q0=0.5, q2=0.0),
    # temperatures, reductions, signed weights
    H("log_partition", partition_truth([1.0, 2.0, 3.0], 1e-300), "unstable", x=[1.0, 2.0, 3.0], t=1e-300),
    H("log_partition", partition_truth([3.0, 3.0, 1.0], 1e-300), "unstable", x=[3.0, 3.0, 1.0], t=1e-300),
    H("log_partition", partition_truth([1.0, 2.0, 3.0], 1e300), x=[1.0, 2.0, 3.0], t=1e300),
    C("logaddexp_reduce", lambda x: lse(x), x=[1.0, 2.0, 3.0]),
    C("logaddexp_reduce", lambda x: lse(x), x=[800.0, 800.0]),
    C("logsumexp_signed", m_signed, x=[1.0, 0.5, 0.0]),
    C("logsumexp_signed", m_signed, x=[0.5, 1.0, 0.0]),  # the sum is negative: log |.|, sign -1
    H("logsumexp_signed2", undefined(x=2), "domain", x=[1.0, 1.0]),  # log |0|
]
