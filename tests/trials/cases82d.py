"""The eighty-second trial set (d): OPTIMAL TRANSPORT AND SINKHORN, entropic OT between tiny point clouds (2-3 points
a side, 10 Sinkhorn steps unrolled) as JAX, PyTorch, TensorFlow and plain NumPy code writes it. JAX (jax_lib82d): the
probability-domain Sinkhorn u = a / (K v), v = b / (K^T u), K = exp(-C / eps), and its transport cost <P, C> (ordinary,
float32, 3 points, eps = 0.01 with x_1 = 10 where K's row underflows, float32 eps = 0.05, a tie of costs at eps = 1e-3
where a column underflows; weights as an input, one of them 0); the log-domain Sinkhorn with
jax.scipy.special.logsumexp unrolled and with jax.nn.logsumexp in lax.fori_loop at the same points; Sinkhorn to a
tolerance by lax.while_loop; the Sinkhorn divergence S(x, y) - (S(x, x) + S(y, y)) / 2 (ordinary, at x = y, float32);
an implicit (envelope-theorem) custom_vjp of the converged dual value <f, a> + <g, b> (60 steps in a fori_loop), its
rule sum_j P_ij 2 (x_i - y_j), right (float32 too) and with its 2 forgotten; 1-D W2 and W1 by jnp.sort (ordinary,
float32, a tie of points, a tie matched to a tie, a zero sorted difference); the Euclidean ground cost sum |x_i - y_j|
by the expansion |x|^2 + |y|^2 - 2 x.y and by differences at a coincident pair and 1e-9 from it; Sinkhorn on 2-D
clouds with the expanded cost (near-coincident, float32 and float64 at 100) and the difference form; a sliced W2 with
three fixed projections (ordinary, a tie along theta_0); the Gaussian W2 with square roots by eigh and by the 2x2
closed form (ordinary, float32, S1 = [[1, 1], [1, 1]] singular, S1 = S2 = I, S1 = diag(1, 0) with S2 diagonal); KL
penalties p log(p / q) - p + q naive, by xlogy at p_0 = 0; an unbalanced Sinkhorn (exponent 1 / (1 + eps)) with KL
penalties by xlogy and by a where guard, at a = [0.3, 0.7] and with a mass a_0 = 0. PyTorch (torch_lib82d): the
probability-domain and log-domain (torch.logsumexp) Sinkhorn, the divergence at x = y, an autograd.Function envelope
rule right and wrong, torch.sort's W2 and W1, torch.cdist and the expansion, the Gaussian W2 by torch.linalg.eigh,
torch.xlogy's KL. TensorFlow (tf_lib82d): the Sinkhorn in both domains (tf.math.reduce_logsumexp), a
tf.custom_gradient envelope rule right and wrong, tf.sort's W2, the Gaussian W2 by tf.linalg.sqrtm, tf.math.xlogy's KL.
NumPy (np_lib82d): both Sinkhorns (scipy.special.logsumexp), np.sort's W2, scipy.stats.wasserstein_distance, the
Gaussian W2 by scipy.linalg.sqrtm, KL by scipy.special.xlogy and naive.

Counts: 96 cases tried through the CLI by tests/trials/judge.py (a scratch driver: two CLI runs at a time, judged one
at a time in its main thread; the first full run took about 25 min of wall time on the loaded machine), the corrected
and finding cases run again (the findings at 120 digits by the test too), and scratch probes of JAX's own values
(xlogy(0, nan) is nan in JAX, as in SciPy) and of the truths (60 Sinkhorn steps leave the marginals 3.9e-62 off).
Dropped 2: TensorFlow's and NumPy's Gaussian W2 at the singular covariance (F1's class; the exact reference ran to
--max-time, 225 s and 400 s). ALL keeps 94: 45 ok, 20 unstable, 18 domain, 9 wrong, 2 input errors; 81 float64, 13
float32 (JAX 54, PyTorch 20, TensorFlow 11, NumPy 9). 88 agree with my truths (after the corrections below) in verdict,
in every exact gradient entry to 1e-10 relative and, where a case names its line or message, in that; 6 disagree: F1
(3), F2 (2), F3 (1). Each check took 4-35 s (median 11.6 s; NumPy 5-8 s, JAX 4-20 s, PyTorch 9-35 s, TensorFlow 16-34
s), slower: the log-domain tie at eps = 1e-3 in JAX (45 s, 63 s), the divergence at x = y (40 s), F1 (40-76 s) and F3
(213 s); every truth under 1 s. The test file (8 chosen, 4 strict xfails) takes 47-73 s.

Agreed (verdicts and exact slopes):
- probability domain: ok at ordinary points (float32, 3 points, a weight of 0: u_0 = 0 and every slope finite,
  rational in a); unstable where a row or column of K underflows to 0 (eps = 0.01 at x_1 = 10 in all four; float32 at
  eps = 0.05, which float64 holds: ok; the tie of costs at eps = 1e-3, exp(-1000) = 0 in a column): K v = 0, a / 0 =
  inf, inf * 0 = NaN where the 10 steps' cost and slopes are finite;
- log domain: ok at ordinary points (unrolled and in a fori_loop); unstable at the same small-eps points (all four
  frameworks, below: the eps slope);
- lax.while_loop to a tolerance: refused (exit 2), naming the loop, JAX's reason and jax_lib82d.py:99;
  scipy.stats.wasserstein_distance: refused, naming it, "gradcli.scipy does not have" and np_lib82d.py's line;
- the divergence ok at x != y and at x = y (value 0 exactly, every slope 0 by symmetry, in my truth to 1e-500 though
  10 steps leave the marginals 2.7e-12 off; computed within rounding of 0; float32 too); PyTorch's at x = y too;
- the envelope rules ok (JAX float32 too; gradcli runs the 60-step fori_loop to its fixed point; PyTorch's and
  TensorFlow's unrolled 60 steps are converged past 1e-60: marginals 3.9e-62 off), the rules without the 2 wrong at their lines
  (_ot_value_bad_bwd, OTValueBad.backward, ot_implicit_bad's grad);
- sorting: W2 ok (float32), domain at a tie of x's matched to distinct y's (JAX, PyTorch, TensorFlow, NumPy), ok at a
  tie matched to a tie; W1 domain at a zero sorted difference (JAX, PyTorch); the sliced W2 ok, domain at a tie along
  theta_0 (x's second coordinates keep theirs);
- ground costs: domain at a coincident pair (expansion, differences, torch.cdist, whose rule gives 0 there); 1e-9 from
  it the expansion is unstable (JAX, PyTorch: 0.58 - 0.58 leaves noise of 1e-16 for 1e-18), the differences and cdist
  ok; Sinkhorn with the expanded cost unstable in float32 at 100 (|x|^2 = 2e4 rounds by 1e-3, C is 0.05-2; JAX,
  PyTorch), ok in float64 there and with differences in float32;
- the Gaussian W2 ok (eigh, closed form, tf.linalg.sqrtm, scipy.linalg.sqrtm; float32); at S1 = S2 = I JAX's and
  PyTorch's eigh rules divide by w_i - w_j = 0: wrong (covariance slopes 0, computed NaN), the closed form ok; at
  S1 = diag(1, 0), S2 = diag(0.8, 1.2): c1[1] and c1[2] have no derivative (det < 0 on a side; sqrt(det)'s infinite
  slope), c1[0] keeps 0.10557, c2 keeps [-0.11803, 0, 1]; eigh's rule makes them NaN (sqrt(0)'s 1 / 0): wrong;
- KL: ok; the naive form at p_0 = 0 domain (the value 0 * log 0 is NaN; q keeps its slopes, the README's reading) in
  JAX and NumPy; by xlogy: TensorFlow's and gradcli's SciPy xlogy domain (p_0 a log's -inf, q_0 keeps 1); JAX's and
  PyTorch's wrong (below);
- unbalanced: ok (float32 too); by xlogy at a_0 = 0 domain with every slope NaN (row 0 of the plan is 0, xlogy(0,
  0 / 0) is NaN for every x, y, eps: no value on any line through the point but a_0's right side), the where-guarded
  one ok at a = [0.3, 0.7].

My truths corrected (gradcli right):
- the log-domain Sinkhorn at eps = 0.01 (x_1 = 10), float32 eps = 0.05 and the tie at eps = 1e-3, meant ok (no
  underflow): unstable. x's and y's slopes are right to 1e-12, but the eps slope is not: at eps = 0.01 it is
  -7.16552e-5 and comes out -7.16584e-5 (4e-5 off: a sum of +-2.4e-6 terms cancelling to 6.6e-13, amplified by
  1 / eps^2); in float32 y_0's slope is 4e-4 off (logsumexp absorbs a 1.5e-14 term); at the tie the exact eps slope
  is ~1e-1300 (P's off-assignment entries e^-3000) and comes out -6.7e-11 from two path gradients of 433 cancelling:
  every digit lost in that entry, the README's entrywise rule (my sided_grad rounds that slope to 0 below 1e-500;
  gradcli's exact is the tiny number, both agree within the judge's bound);
- JAX's kl_penalty_xlogy and PyTorch's torch.xlogy KL at p_0 = 0, meant domain: wrong. q_0's exact slope is 1
  (xlogy(0, 0 / q) = 0 for every q), and both frameworks' xlogy rules give d/dy = x / y = 0 / 0 = NaN (at any
  precision): an input beside the one without a derivative comes out NaN, so the point is wrong (README);
- JAX's Gaussian W2 at S1 = diag(1, 0), meant domain: wrong, as above (c1[0] and c2 have slopes; the eigh/sqrt rule
  gives NaN);
- JAX's unbalanced Sinkhorn by xlogy at a_0 = 0, meant wrong (I had xlogy(0, 0 / 0) as 0): JAX's xlogy(0, nan) is
  nan (so is SciPy's), the value is NaN and stays NaN along every input but a_0: domain, all NaN. The where-guarded
  twin was added for the case I meant (F3).

Findings:
F1. An exactly singular covariance in the Gaussian W2 has no exact reference. gaussian_w2(m1, c1, m2, c2) = |m1 -
  m2|^2 + tr(S1 + S2 - 2 sqrtm(r S1 r)), r = sqrtm(S2), at c1 = [1, 1, 1] (S1 = [[1, 1], [1, 1]], det 0), c2 = [0.8,
  -0.2, 1.2]: mathematically tr sqrtm(r S1 r) = sqrt(tr(S1 S2) + 2 sqrt(det S1 det S2)), so c1 has no derivative
  (det S1 < 0 on one side, sqrt(det)'s infinite slope on the other) while m1, m2 (2 (m1 - m2)) and c2 (det S1 stays 0
  along c2: sqrt(tr(S1 S2))) keep theirs: domain. gradcli: error, "no exact reference: rounding decides whether the
  function is a number beside the point along m1[0], ..., c2[0] and c2[1]" (JAX by eigh 76 s, by the 2x2 closed form
  sqrt(det M) 40 s, PyTorch by torch.linalg.eigh 74 s); TensorFlow's tf.linalg.sqrtm and NumPy's scipy.linalg.sqrtm run
  past --max-time (225 s, 400 s). The high-precision det (or smallest eigenvalue) of r S1 r, 0 by algebra, is a
  rounding of either sign at every precision, the class of round 84c's F1. With S1 = diag(1, 0) and S2 diagonal
  (every 0 exact) gradcli gets it right (wrong, above). Reproduction: jax_lib82d.py:gaussian_w2_closed, `gradcli check
  ...:gaussian_w2_closed --at "m1=[0.1,0.2],c1=[1.0,1.0,1.0],m2=[0.0,-0.3],c2=[0.8,-0.2,1.2]" --dtype float64 --json`.
F2. tf.linalg.sqrtm's and scipy.linalg.sqrtm's Gaussian W2 at S1 = S2 = I (c1 = c2 = [1, 0, 1]) is error, "no exact
  reference: an exact entry is within 5.76e-2559 of 0 at 3840 digits but not proven 0", where it is ok: the covariance
  slopes are exactly 0 (d/dS1 tr S1 - 2 tr (S1 S2)^(1/2) = I - I at S1 = S2 = I, by the formula above), the means'
  2 (m1 - m2) = [0.2, 1]; JAX's closed form at the same point proves the 0s (ok), eigh's twins are wrong there by their
  rule. Reproduction: tf_lib82d.py:gaussian_w2 or np_lib82d.py:gaussian_w2 at "m1=[0.1,0.2],c1=[1.0,0.0,1.0],
  m2=[0.0,-0.3],c2=[1.0,0.0,1.0]" (17-34 s).
F3 (mended since: 0^a = 0 for a > 0 in the proof, and a log at -inf all around the point dropped as a mask's
  -inf is). JAX's unbalanced Sinkhorn with a mass a_0 = 0 and its KL guarded by jnp.where(p > 0, p * log(p / q), 0) (x = [0,
  1], y = [0.2, 0.5], a = [0, 0.7], eps = 0.5): u_0 = (0 / (K v)_0)^(2/3) = 0 for every x, y, eps, so row 0 of the
  plan is 0 and x_0's slope is exactly 0; x_1 (0.8639), y, a_1, eps have finite slopes (mpmath, a_0 held at 0); a_0
  has none (a^(2/3) undefined below 0, infinite slope above). JAX's gradient is NaN everywhere (pow's 0^(-1/3) = inf
  times 0, and the where's unselected 0 / 0 leaking): wrong. gradcli: error, "no exact reference: the point sits on a
  switch (..., x > 0 at 0), and differences bound the slope in x[0] on either side only within 1.91e-1277 of 0"
  (213 s): x_0 never moves the switch p_0 > 0 (p_0 is 0 exactly along x_0). Reproduction:
  jax_lib82d.py:unbalanced_cost_where at "x=[0.0,1.0],y=[0.2,0.5],a=[0.0,0.7],eps=0.5".

Truths are my own expressions evaluated with mpmath (2,000 digits by cases30b.sided_grad: the derivative from the left
and the right, NaN where they differ or either is not finite), never the files' code or gradcli: the Sinkhorn steps in
the probability domain in exact arithmetic for both domains (the log-domain steps are the same with f = eps log u; at
2,000 digits exp(-9600) is a number), the divergence as three such costs, the envelope rules' truth as P* of a Sinkhorn
run to marginals within 1e-80 (the derivative of the converged value, d/dC = P*), W2 and W1 as the cheapest matching
over all permutations (no sort), the sliced W2 likewise per projection (the projections as the doubles of cos and
sin), the Euclidean cost as sqrt of the difference form, the Gaussian W2 as |m1 - m2|^2 + tr S1 + tr S2 - 2 sqrt(tr(S1
S2) + 2 sqrt(det S1 det S2)) (no eigen solver), the KL with 0 log 0 = 0 and the unbalanced steps with power 1 / (1 +
eps). Numbers as the dtype holds them: the points and eps in float32 in a float32 run.
"""
import itertools
import math

import mpmath

from cases import Case
from cases5 import _in, hp
from cases30b import sided_grad
from cases73d import H, NAN, at, mpf

J, T, K, N = "jax_lib82d.py", "torch_lib82d.py", "tf_lib82d.py", "np_lib82d.py"
F32, F64 = "float32", "float64"
N_ITER, EPS_DUAL = 10, 0.5


# ------------------------------------------------------------------------------------------------- helpers
def sq(v):
    """sqrt on the reals: NaN below 0."""
    return mpmath.sqrt(v) if v >= 0 else NAN


def cost_1d(x, y):
    return [[(a - b) ** 2 for b in y] for a in x]


def cost_2d(x, y):
    return [[sum((p - q) ** 2 for p, q in zip(a, b)) for b in y] for a in x]


def sinkhorn(C, a, b, eps, n_iter=N_ITER, power=1):
    """The plan of n_iter scaling steps u = (a / K v)^power, v = (b / K^T u)^power from v = 1, K = exp(-C / eps),
    in exact arithmetic (the log-domain updates are these same steps written with f = eps log u, g = eps log v)."""
    n, m = len(a), len(b)
    Kmat = [[mpmath.exp(-C[i][j] / eps) for j in range(m)] for i in range(n)]
    v = [mpf(1)] * m
    for _ in range(n_iter):
        u = [(a[i] / sum(Kmat[i][j] * v[j] for j in range(m))) ** power for i in range(n)]
        v = [(b[j] / sum(Kmat[i][j] * u[i] for i in range(n))) ** power for j in range(m)]
    return [[u[i] * Kmat[i][j] * v[j] for j in range(m)] for i in range(n)]


def unif(n):
    return [mpf(1) / n] * n


def transport(C, P):
    return sum(P[i][j] * C[i][j] for i in range(len(C)) for j in range(len(C[0])))


def ot_cost(x, y, eps, a=None):
    """<P, C> of N_ITER Sinkhorn steps between 1-D clouds (uniform weights unless a is given)."""
    C = cost_1d(x, y)
    return transport(C, sinkhorn(C, a or unif(len(x)), unif(len(y)), eps))


def ot_cost_2d(x, y, eps):
    C = cost_2d(x, y)
    return transport(C, sinkhorn(C, unif(len(x)), unif(len(y)), eps))


def divergence(x, y, eps):
    return ot_cost(x, y, eps) - (ot_cost(x, x, eps) + ot_cost(y, y, eps)) / 2


def implicit_truth(dtype, x, y):
    """The converged entropic OT value's gradient: the envelope theorem, d/dC_ij = P*_ij with P* the Sinkhorn fixed
    point (iterated here until its marginals hold to 1e-80), so d/dx_i = sum_j P*_ij 2 (x_i - y_j)."""
    def truth():
        xs, ys = _in(dtype, x), _in(dtype, y)
        C, eps = cost_1d(xs, ys), mpf(EPS_DUAL)
        a, b = unif(len(xs)), unif(len(ys))
        Kmat = [[mpmath.exp(-c / eps) for c in row] for row in C]
        v = [mpf(1)] * len(ys)
        for _ in range(100000):
            u = [a[i] / sum(Kmat[i][j] * v[j] for j in range(len(ys))) for i in range(len(xs))]
            v = [b[j] / sum(Kmat[i][j] * u[i] for i in range(len(xs))) for j in range(len(ys))]
            P = [[u[i] * Kmat[i][j] * v[j] for j in range(len(ys))] for i in range(len(xs))]
            if max(abs(sum(row) - ai) for row, ai in zip(P, a)) < mpf(10) ** -80:
                break
        gx = [sum(2 * P[i][j] * (xs[i] - ys[j]) for j in range(len(ys))) for i in range(len(xs))]
        gy = [sum(-2 * P[i][j] * (xs[i] - ys[j]) for i in range(len(xs))) for j in range(len(ys))]
        return {"x": gx, "y": gy}
    return hp(truth)


def w2_match(x, y):
    """Squared W2 between equal-size uniform 1-D clouds: the cheapest matching, min over permutations."""
    n = len(x)
    return min(sum((x[i] - y[s[i]]) ** 2 for i in range(n)) for s in itertools.permutations(range(n))) / n


def w1_match(x, y):
    n = len(x)
    return min(sum(abs(x[i] - y[s[i]]) for i in range(n)) for s in itertools.permutations(range(n))) / n


def euclid_sum(x, y):
    return sum(mpmath.sqrt(c) for row in cost_2d(x, y) for c in row)


def theta(dtype):
    return [[H(dtype, math.cos(t)), H(dtype, math.sin(t))] for t in (0.0, math.pi / 3, 2 * math.pi / 3)]


def sliced(dtype):
    TH = theta(dtype)

    def f(x, y):
        total = 0
        for t in TH:
            px = [p[0] * t[0] + p[1] * t[1] for p in x]
            py = [p[0] * t[0] + p[1] * t[1] for p in y]
            total += w2_match(px, py)
        return total / len(TH)
    return f


def gaussian_w2(m1, c1, m2, c2):
    """|m1 - m2|^2 + tr S1 + tr S2 - 2 tr (S2^1/2 S1 S2^1/2)^1/2, the last trace the sum of the square roots of the
    eigenvalues of S1 S2: sqrt(tr(S1 S2) + 2 sqrt(det S1 det S2)) (no value where S1 or S2 is not PSD)."""
    d1, d2 = c1[0] * c1[2] - c1[1] ** 2, c2[0] * c2[2] - c2[1] ** 2
    if d1 < 0 or d2 < 0 or c1[0] < 0 or c2[0] < 0:
        return NAN
    tr12 = c1[0] * c2[0] + 2 * c1[1] * c2[1] + c1[2] * c2[2]
    root = sq(tr12 + 2 * sq(d1 * d2))
    return sum((p - q) ** 2 for p, q in zip(m1, m2)) + c1[0] + c1[2] + c2[0] + c2[2] - 2 * root


def xlogy(p, r):
    return mpf(0) if p == 0 else p * mpmath.log(r)


def kl(p, q):
    """KL(p | q) = sum p log(p / q) - p + q, 0 log 0 = 0; no value below 0."""
    if any(v < 0 for v in p) or any(v < 0 for v in q):
        return NAN
    return sum((mpf(0) if pi == 0 else pi * mpmath.log(pi / qi)) - pi + qi for pi, qi in zip(p, q))


def kl_xlogy(p, q):
    """xlogy(p, p / q) - p + q summed: xlogy(0, y) is 0 for a number y, NaN for y = 0 / 0 (a mass of 0 in both)."""
    if any(pi == 0 and qi == 0 for pi, qi in zip(p, q)):
        return NAN
    return kl(p, q)


def unbalanced(x, y, a, eps, kl=kl):
    """<P, C> + KL(P 1 | a) + KL(P^T 1 | b) (rho = 1) of N_ITER unbalanced scaling steps (exponent 1 / (1 + eps))."""
    if any(v < 0 for v in a):
        return NAN
    C = cost_1d(x, y)
    b = unif(len(y))
    P = sinkhorn(C, a, b, eps, power=1 / (1 + eps))
    rows = [sum(r) for r in P]
    cols = [sum(P[i][j] for i in range(len(P))) for j in range(len(b))]
    return transport(C, P) + kl(rows, a) + kl(cols, b)


def S(file, function, dtype, verdict, f, line=None, **point):
    return Case(file, function, at(**point), dtype, verdict, sided_grad(f, dtype, finite_sides=True, **point),
                line=line)


def Err(file, function, point, message):
    return Case(file, function, at(**point), F64, "input-error", message=message)


# ------------------------------------------------------------------------------------------------- points
X, Y, Y3 = [0.0, 1.0], [0.2, 0.5], [0.2, 0.5, 1.4]
FAR = dict(x=[0.0, 10.0], y=[0.2, 0.5], eps=0.01)  # x_1's row of K underflows to 0 in float64: K v = 0, u = a / 0
FAR32 = dict(x=[0.0, 3.0], y=[0.2, 0.5], eps=0.05)  # the same in float32 (exp(-125))
TIE = dict(x=[0.0, 1.0], y=[0.5, 2.0], eps=0.001)  # C_00 = C_10 = 0.25; column 1 of K underflows (exp(-1000))
ORD = dict(x=X, y=Y, eps=0.5)
XS, YS = [0.3, -0.5, 1.2], [0.1, 0.9, -0.7]
XT = [0.3, 0.3, 1.2]  # a tie of points
P2X, P2Y = [[0.3, 0.7], [1.0, -0.2]], [[0.3, 0.7], [-0.5, 0.4]]  # a coincident pair
P2N = [[0.300000001, 0.7], [-0.5, 0.4]]  # 1e-9 from x_0
P100X, P100Y = [[100.0, 100.0], [100.5, 99.0]], [[100.2, 100.1], [99.5, 100.3]]
SLX, SLY = [[0.4, 0.1], [0.6, 0.9], [-0.3, 0.4]], [[0.2, -0.1], [0.8, 0.6], [0.0, 1.1]]
SLT = [[0.5, 0.1], [0.5, 0.9], [-0.3, 0.4]]  # x_0 and x_1 tie along theta_0 = (1, 0)
G = dict(m1=[0.1, 0.2], c1=[1.0, 0.3, 0.5], m2=[0.0, -0.3], c2=[0.8, -0.2, 1.2])
G_SING = dict(m1=[0.1, 0.2], c1=[1.0, 1.0, 1.0], m2=[0.0, -0.3], c2=[0.8, -0.2, 1.2])  # det S1 = 0
G_DIAG = dict(m1=[0.1, 0.2], c1=[1.0, 0.0, 0.0], m2=[0.0, -0.3], c2=[0.8, 0.0, 1.2])  # S1 = diag(1, 0)
G_EYE = dict(m1=[0.1, 0.2], c1=[1.0, 0.0, 1.0], m2=[0.0, -0.3], c2=[1.0, 0.0, 1.0])  # S1 = S2 = I
KLP, KLQ, KL0 = [0.2, 0.5], [0.3, 0.4], [0.0, 0.5]
UB = dict(x=X, y=Y, a=[0.3, 0.7], eps=0.5)
UB0 = dict(x=X, y=Y, a=[0.0, 0.7], eps=0.5)  # a mass of 0
BAD_J = "def _ot_value_bad_bwd"
BAD_T = "class OTValueBad>>def backward(ctx, grad_output):"
BAD_K = "def ot_implicit_bad>>def grad(dy):"


def sk(file, function, dtype, verdict, **point):
    return S(file, function, dtype, verdict, ot_cost, **point)


def dv(file, dtype, verdict, **point):
    return S(file, "sinkhorn_divergence", dtype, verdict, divergence, **point)


def im(file, function, dtype, verdict, x=X, y=Y, line=None):
    return Case(file, function, at(x=x, y=y), dtype, verdict, implicit_truth(dtype, x, y), line=line)


def gw(file, function, dtype, verdict, point):
    return S(file, function, dtype, verdict, gaussian_w2, **point)


ALL = [
    # ---------------------------------------------------------------------------------------------------- JAX
    sk(J, "sinkhorn_cost", F64, "ok", **ORD),
    sk(J, "sinkhorn_cost", F32, "ok", **ORD),
    sk(J, "sinkhorn_cost", F64, "ok", x=X, y=Y3, eps=0.5),
    sk(J, "sinkhorn_cost", F64, "unstable", **FAR),
    sk(J, "sinkhorn_cost", F64, "ok", **FAR32),
    sk(J, "sinkhorn_cost", F32, "unstable", **FAR32),
    sk(J, "sinkhorn_cost", F64, "unstable", **TIE),
    S(J, "sinkhorn_weights", F64, "ok", lambda x, y, a, eps: ot_cost(x, y, eps, a), x=X, y=Y, a=[0.3, 0.7], eps=0.5),
    S(J, "sinkhorn_weights", F64, "ok", lambda x, y, a, eps: ot_cost(x, y, eps, a), x=X, y=Y, a=[0.0, 1.0], eps=0.5),
    sk(J, "sinkhorn_log_cost", F64, "ok", **ORD),
    sk(J, "sinkhorn_log_cost", F64, "unstable", **FAR),
    sk(J, "sinkhorn_log_cost", F32, "unstable", **FAR32),
    sk(J, "sinkhorn_log_cost", F64, "unstable", **TIE),
    sk(J, "sinkhorn_nn_lse", F64, "ok", **ORD),
    sk(J, "sinkhorn_nn_lse", F64, "unstable", **TIE),
    Err(J, "sinkhorn_tol", ORD, ("while_loop", "jax_lib82d.py:")),
    dv(J, F64, "ok", **ORD),
    dv(J, F64, "ok", x=X, y=X, eps=0.5),
    dv(J, F32, "ok", x=X, y=X, eps=0.5),
    im(J, "ot_implicit", F64, "ok"),
    im(J, "ot_implicit", F32, "ok"),
    im(J, "ot_implicit_bad", F64, "wrong", line=BAD_J),
    S(J, "w2_sorted", F64, "ok", w2_match, x=XS, y=YS),
    S(J, "w2_sorted", F32, "ok", w2_match, x=XS, y=YS),
    S(J, "w2_sorted", F64, "domain", w2_match, x=XT, y=YS),
    S(J, "w2_sorted", F64, "ok", w2_match, x=XT, y=[0.5, 0.5, 2.0]),
    S(J, "w1_sorted", F64, "ok", w1_match, x=XS, y=YS),
    S(J, "w1_sorted", F64, "domain", w1_match, x=[0.3, -0.5], y=[-0.5, 0.9]),
    S(J, "euclid_cost_expand", F64, "domain", euclid_sum, x=P2X, y=P2Y),
    S(J, "euclid_cost_diff", F64, "domain", euclid_sum, x=P2X, y=P2Y),
    S(J, "euclid_cost_expand", F64, "unstable", euclid_sum, x=P2X, y=P2N),
    S(J, "euclid_cost_diff", F64, "ok", euclid_sum, x=P2X, y=P2N),
    S(J, "sinkhorn_cost_expand", F64, "ok", ot_cost_2d, x=P2X, y=P2N, eps=0.5),
    S(J, "sinkhorn_cost_expand", F32, "unstable", ot_cost_2d, x=P100X, y=P100Y, eps=0.5),
    S(J, "sinkhorn_cost_diff", F32, "ok", ot_cost_2d, x=P100X, y=P100Y, eps=0.5),
    S(J, "sinkhorn_cost_expand", F64, "ok", ot_cost_2d, x=P100X, y=P100Y, eps=0.5),
    S(J, "sliced_w2", F64, "ok", sliced(F64), x=SLX, y=SLY),
    S(J, "sliced_w2", F64, "domain", sliced(F64), x=SLT, y=SLY),
    gw(J, "gaussian_w2", F64, "ok", G),
    gw(J, "gaussian_w2", F32, "ok", G),
    gw(J, "gaussian_w2", F64, "domain", G_SING),
    gw(J, "gaussian_w2", F64, "wrong", G_EYE),
    gw(J, "gaussian_w2", F64, "wrong", G_DIAG),
    gw(J, "gaussian_w2_closed", F64, "ok", G),
    gw(J, "gaussian_w2_closed", F64, "domain", G_SING),
    gw(J, "gaussian_w2_closed", F64, "ok", G_EYE),
    S(J, "kl_penalty", F64, "ok", kl, p=KLP, q=KLQ),
    S(J, "kl_penalty", F64, "domain", kl, p=KL0, q=KLQ),
    S(J, "kl_penalty_xlogy", F64, "wrong", kl, p=KL0, q=KLQ),
    S(J, "unbalanced_cost", F64, "ok", unbalanced, **UB),
    S(J, "unbalanced_cost", F32, "ok", unbalanced, **UB),
    S(J, "unbalanced_cost", F64, "domain", lambda x, y, a, eps: unbalanced(x, y, a, eps, kl_xlogy), **UB0),
    S(J, "unbalanced_cost_where", F64, "ok", unbalanced, **UB),
    S(J, "unbalanced_cost_where", F64, "wrong", unbalanced, **UB0),
    # ---------------------------------------------------------------------------------------------------- PyTorch
    sk(T, "sinkhorn_cost", F64, "ok", **ORD),
    sk(T, "sinkhorn_cost", F64, "unstable", **FAR),
    sk(T, "sinkhorn_cost", F32, "unstable", **FAR32),
    sk(T, "sinkhorn_log_cost", F64, "unstable", **FAR),
    sk(T, "sinkhorn_log_cost", F64, "unstable", **TIE),
    dv(T, F64, "ok", x=X, y=X, eps=0.5),
    im(T, "ot_implicit", F64, "ok"),
    im(T, "ot_implicit_bad", F64, "wrong", line=BAD_T),
    S(T, "w2_sorted", F64, "ok", w2_match, x=XS, y=YS),
    S(T, "w2_sorted", F64, "domain", w2_match, x=XT, y=YS),
    S(T, "w1_sorted", F64, "domain", w1_match, x=[0.3, -0.5], y=[-0.5, 0.9]),
    S(T, "euclid_cost_cdist", F64, "ok", euclid_sum, x=P2X, y=P2N),
    S(T, "euclid_cost_cdist", F64, "domain", euclid_sum, x=P2X, y=P2Y),
    S(T, "euclid_cost_expand", F64, "unstable", euclid_sum, x=P2X, y=P2N),
    S(T, "sinkhorn_cost_expand", F32, "unstable", ot_cost_2d, x=P100X, y=P100Y, eps=0.5),
    gw(T, "gaussian_w2", F64, "ok", G),
    gw(T, "gaussian_w2", F64, "domain", G_SING),
    gw(T, "gaussian_w2", F64, "wrong", G_EYE),
    S(T, "kl_penalty", F64, "ok", kl, p=KLP, q=KLQ),
    S(T, "kl_penalty", F64, "wrong", kl, p=KL0, q=KLQ),
    # ---------------------------------------------------------------------------------------------------- TensorFlow
    sk(K, "sinkhorn_cost", F64, "ok", **ORD),
    sk(K, "sinkhorn_cost", F64, "unstable", **FAR),
    sk(K, "sinkhorn_log_cost", F64, "unstable", **FAR),
    sk(K, "sinkhorn_log_cost", F32, "unstable", **FAR32),
    im(K, "ot_implicit", F64, "ok"),
    im(K, "ot_implicit_bad", F64, "wrong", line=BAD_K),
    S(K, "w2_sorted", F64, "ok", w2_match, x=XS, y=YS),
    S(K, "w2_sorted", F64, "domain", w2_match, x=XT, y=YS),
    gw(K, "gaussian_w2", F64, "ok", G),
    gw(K, "gaussian_w2", F64, "ok", G_EYE),
    S(K, "kl_penalty", F64, "domain", kl, p=KL0, q=KLQ),
    # ---------------------------------------------------------------------------------------------------- NumPy
    sk(N, "sinkhorn_cost", F64, "ok", **ORD),
    sk(N, "sinkhorn_cost", F64, "unstable", **FAR),
    sk(N, "sinkhorn_log_cost", F64, "unstable", **TIE),
    S(N, "w2_sorted", F64, "domain", w2_match, x=XT, y=YS),
    Err(N, "w1_scipy", dict(x=XS, y=YS), ("wasserstein_distance", "np_lib82d.py")),
    gw(N, "gaussian_w2", F64, "ok", G),
    gw(N, "gaussian_w2", F64, "ok", G_EYE),
    S(N, "kl_penalty", F64, "domain", kl, p=KL0, q=KLQ),
    S(N, "kl_penalty_naive", F64, "domain", kl, p=KL0, q=KLQ),
]
