"""The ninety-seventh trial set (d): CALIBRATION, QUANTILE AND CONFORMAL LOSSES, as JAX, PyTorch, TensorFlow and plain
NumPy code writes them (jax_lib97d, torch_lib97d, tf_lib97d, np_lib97d) on 3-4 samples: the pinball loss
max(q u, (q - 1) u), u = y - f (jnp.maximum, jnp.where, torch.maximum / where, tf.maximum, np.maximum) at ordinary
points and at u = 0 (a kink), also at q = 0; a smoothed pinball q u + tau softplus(-u / tau) (jax.nn.softplus,
F.softplus, tf.math.softplus, np.logaddexp, and log(1 + exp) written out) at tau = 0.25, 0.001 and 0; a Gaussian CRPS
sigma (z (2 Phi(z) - 1) + 2 phi(z) - 1 / sqrt(pi)) (norm.cdf / pdf, torch.special.ndtr, tf.math.erf) at sigma = 0.75,
0.001 and 0; an ensemble CRPS E|X - y| - E|X - X'| / 2 (pairwise |.|, torch.cdist, and by the sorted members) at ties
and at a member equal to y; temperature scaling's NLL of softmax(z / T) (log_softmax, F.cross_entropy, sparse softmax
cross-entropy, shifted by the max, and log of softmax) at T = 1, 0.001, 0 and logits in the thousands; a soft-binned
ECE by sigmoids (library and written out) at t = 0.0625, 1e-4 and 0, one soft bin's |membership|, and the textbook
hard-binned ECE by np.floor at bins' edges; focal loss -(1 - p)^(1/2) log p (plain, by sigmoid(-x)^gamma and
log_sigmoid, and in p itself at p = 1); a Dirichlet log-likelihood by gammaln / torch.lgamma / tf.math.lgamma at
alpha = 0.001, 0 and -0.5; conformal scores |y - f| / sigma and their quantile (jnp.sort, jnp.quantile, torch.quantile,
tf.sort, np.sort, np.quantile) at a zero score, a zero sigma and a tie; the interval score with its indicators at
the interval's edges; a Gaussian interval by ndtri; a smooth pinball by custom_vjp / autograd.Function /
tf.custom_gradient (right, and with sigmoid(u / tau) for sigmoid(-u / tau): wrong); lax.approx_min_k.

Truths: expressions written here from the mathematics (mpmath's ncdf / npdf / erfinv / gamma / digamma, sorted(),
sums of sigmoids), never the library's code path, evaluated by cases95d's `declared` at 2,000 digits: each entry's
slope from each side at the point as the dtype holds it (NaN where the sides differ or the value jumps); a division
by an exact 0 that the value cannot absorb (u / tau, z / T, u / sigma in the CRPS, (c - e) / t) makes it undefined:
domain. Constants are dyadic (0.25, 0.5, 0.75, 2 / alpha = 4) so float32 holds them as written; the CRPS's
1 / sqrt(pi) is not, so the CRPS is run in float64 only.

Counts: 120 cases (JAX 70, PyTorch 21, TensorFlow 14, NumPy 15; 108 float64, 12 float32): first 117, then 3 more
(one soft bin at t = 0 and t = 0.0625, the hard ECE at a second edge, after F1 and a truth corrected), 5 truths
corrected (8 cases, below); then all but one run once more. ALL keeps 64 ok, 30 domain, 21 unstable, 4 wrong,
1 input error. All agree with my truths (after the corrections) in verdict, every exact gradient entry to 1e-10
relative and, where given, the line (the input error in its message) -- except F1's two cases. Each check took
0.5-22.5 s (JAX 1.6-11 s, PyTorch 3.5-12 s, TensorFlow 5.5-22.5 s, NumPy 0.5-3.3 s) on a loaded machine, at most
two CLI runs at a time, save F1's full form, the soft ECE at t = 0, which took 310 s and 149 s (two runs) to end in
an error: about 14 min of CLI time.

Agreed (verdicts and exact slopes):
- pinball: ok (float32 too; q = 0 too; the slope in q too), domain at u = 0 (slopes -q/4 and (1 - q)/4 from the
  sides) by jnp.maximum, jnp.where, torch.maximum, torch.where, tf.maximum, np.maximum;
- smoothed pinball: ok at tau = 0.25 (float32 too), ok at u = 0 and tau = 0.001 (slope q - 1/2 there), domain at
  tau = 0; written out, exp(750) overflows at tau = 0.001 (exp(150) in float32 at tau = 0.005): unstable;
- Gaussian CRPS: ok at sigma = 0.75 and 0.001 (Phi(750) = 1, phi = 0: the slopes are sign(u) and -1 / sqrt(pi)), at a
  zero residual too, domain at sigma = 0 (JAX, PyTorch's ndtr, TensorFlow's erf);
- ensemble CRPS: ok (float32 too), domain at a tie of two members and at a member equal to y (|.|'s kinks), by
  pairwise |.|, torch.cdist (its zero diagonal is no kink: identically 0) and the sorted-member form;
- temperature scaling: log_softmax / cross-entropy ok at T = 1, 0.001 and logits in the thousands, domain at T = 0;
  log of softmax: softmax's e^-1750 is 0, log 0: unstable (JAX, PyTorch, TensorFlow, NumPy); shifted by the max: ok;
- soft ECE: ok at t = 0.0625 (float32 too), at a confidence on an edge, and by jax.nn.sigmoid at t = 1e-4 (the
  empty bin's gap 1 - 1 = 0 where the truth is e^-1250: slopes below any double); written out at t = 1e-4,
  exp(6250) = inf, inf / inf: unstable (JAX, NumPy); the hard ECE ok, domain where a confidence on an edge moves
  between bins whose gaps have opposite signs;
- focal loss: ok at ordinary logits (float32 too); 1 - sigmoid(40) = 0 (sigmoid(20) in float32): unstable, the truth
  e^-60-small and representable; by sigmoid(-x)^gamma * log_sigmoid(x): ok (float32 too); in p: ok, domain at p = 1
  (no right side);
- Dirichlet: ok (float32 too), ok at alpha = 0.001 and at -0.5 (log|Gamma|), domain at alpha[0] = 0;
- conformal: ok (float32 too), ok with the kink of |y - f| in the unused minimum score (slopes 0 both sides), domain
  at a tie at the 3rd place (jnp.sort, jnp.quantile, torch.quantile, tf.sort), ok by np.sort / np.quantile;
- interval score: ok (float32 too), domain with y at l (slopes -1/4 and 3/4) or at u;
- ndtri: ok; custom rules: ok (at u = 0 too), the flipped rule wrong at its def / backward / grad (JAX, PyTorch,
  TensorFlow);
- refused, exit 2: "jax_lib97d.py:LINE: JAX's `approx_top_k` is an operation gradcli cannot replay yet ...": clear.

My truths corrected (gradcli right, each re-derived):
- the smoothed pinball at tau = 0.001 by jax.nn.softplus, tf.math.softplus and np.logaddexp, first ok: tau's exact
  slope is mean(softplus(-u/tau) + (u/tau) sigmoid(-u/tau)) = 3 * 501 e^-500 / 4 = 2.677e-215, each term made of two
  500s that cancel; the frameworks return 0: unstable.
- the same by F.softplus, first ok with that truth: PyTorch's softplus is x itself above its threshold 20, so the
  u = -0.5 terms are tau * (-u / tau), flat in tau, and the exact slope is 2 * 501 e^-500 / 4 = 1.785e-215 (gradcli
  models the threshold); PyTorch's 0: unstable.
- the Dirichlet at alpha[0] = 0 (JAX, PyTorch), first NaN in every entry (the value is -inf): gradcli gives domain and
  shows, as its report says, the slopes of the finite terms in alpha[1], alpha[2] that never reach the pole,
  digamma(3.75) - digamma(a_k) + log p_k = -0.21377, 0.023697: a stated convention, taken.
- the conformal quantile at sigma[0] = 0, first domain everywhere: the score 0.5 / 0 = inf sorts last and the
  quantile never uses it, so the value 1.625 is finite, f[0]'s slope is 0 and sigma[0] jumps (0.46875 from the left);
  JAX's NaN in f[0] (0 * inf) is then wrong, as gradcli says: taken.
- the hard ECE at c[0] = 0.5, first domain: both bins' gaps are negative, |a| + |b| = |a + b|, so the value does not
  jump and both sides' slope is -1/4: ok (an edge with opposite signs was added: domain).

Findings:
F1 (open, its truth now IEEE's reading, as gradcli reads a quotient by an input's 0.0: wrong, exact {c: 0, t: 0},
JAX's (nan, nan) the rule's 0 * inf; gradcli proves c's 0 (`arb_proof._over_a_constant_0`), but t's own difference
quotients e^-(0.125 / h) / h are never exactly 0, and no proof takes their limit). One soft bin's membership
magnitude at t = 0 gets no verdict. Minimal reproduction (a scratch probe; the
  same in jax_lib97d.soft_bin_gap):
      def f(c, t):
          return jnp.abs(jax.nn.sigmoid((c - 0.25) / t) - jax.nn.sigmoid((c - 0.5) / t))
  `gradcli check FILE:f --dtype float64 --at c=0.625,t=0.0` -> status error, "no exact reference: an exact entry is
  within 2.3e-2560 of 0 at 3840 digits but not proven 0, so gradcli cannot say whether this value and gradient are
  right: no verdict" (5.5 s); the soft ECE at t = 0 ends the same way after 149-310 s. True: t = 0 divides 0.375 and
  0.125 by an exact 0, so in the reals the function is not defined there: domain, my truth, as gradcli says at tau = 0
  (smoothed pinball), T = 0 (temperature) and sigma = 0 (CRPS). Read in IEEE's extended reals instead (as gradcli reads
  the conformal score 0.5 / 0 = inf above), sigmoid(inf) - sigmoid(inf) = 1 - 1 = 0 exactly, the bin's magnitude is
  e^-(0.125 / |t|)-flat on both sides of t = 0, so its exact slopes are c: 0, t: 0 and JAX's (nan, nan) is wrong; the
  soft ECE's value there is the hard ECE, 0.453125, and t < 0 flips every sigmoid (a jump: domain). On either reading
  a verdict is due and JAX's NaNs are judged; the error (no traceback, clear words) leaves the user without one."""
import mpmath

from cases import Case
from cases73d import NAN, at, mpf
from cases5 import hp
from cases95d import declared

J, T_, K, N = "jax_lib97d.py", "torch_lib97d.py", "tf_lib97d.py", "np_lib97d.py"
F32, F64 = "float32", "float64"

# ------------------------------------------------------------------------------------------------- the mathematics
YV = [mpf("0.5"), -1, 2, mpf("0.25")]
ACC = [1, 0, 1, 1]
EDGES = [0, mpf("0.25"), mpf("0.5"), mpf("0.75"), 1]
PD = [mpf("0.25"), mpf("0.5"), mpf("0.25")]
QL, GAMMA = mpf("0.25"), mpf("0.5")


def sig(v):
    return 1 / (1 + mpmath.exp(-v))


def mean(values):
    values = list(values)
    return sum(values) / len(values)


def pinball(H, f, q):
    return mean(max(q * (y - v), (q - 1) * (y - v)) for y, v in zip(YV, f))


def smooth_pinball(H, f, tau):
    if tau == 0:
        return NAN  # -u / 0
    return mean(QL * (y - v) + tau * mpmath.log(1 + mpmath.exp(-(y - v) / tau)) for y, v in zip(YV, f))


def softplus_torch(x):
    """F.softplus with its default threshold 20: x itself above it."""
    return x if x > 20 else mpmath.log(1 + mpmath.exp(x))


def smooth_pinball_torch(H, f, tau):
    if tau == 0:
        return NAN
    return mean(QL * (y - v) + tau * softplus_torch(-(y - v) / tau) for y, v in zip(YV, f))


def smooth_pinball_fixed(H, f):
    return smooth_pinball(H, f, mpf("0.25"))


def crps_gauss(H, mu, sigma):
    if sigma == 0:
        return NAN  # z = u / 0
    total = []
    for y, m in zip(YV, mu):
        z = (y - m) / sigma
        total.append(sigma * (z * (2 * mpmath.ncdf(z) - 1) + 2 * mpmath.npdf(z) - 1 / mpmath.sqrt(mpmath.pi)))
    return mean(total)


def crps_ensemble(H, x):
    """E|X - 1/2| - E|X - X'| / 2 over the members (a tie is a kink of |x_i - x_j|)."""
    return mean(abs(v - mpf("0.5")) for v in x) - mean(abs(a - b) for a in x for b in x) / 2


def temp_nll(H, z, T):
    if T == 0:
        return NAN
    a = [v / T for v in z]
    top = max(a)
    return top + mpmath.log(sum(mpmath.exp(v - top) for v in a)) - a[3]


def soft_ece(H, c, t):
    if t == 0:
        return NAN  # sigmoid(0 / 0) at an edge, +-inf / 0 elsewhere
    gaps = [sum((sig((v - EDGES[k]) / t) - sig((v - EDGES[k + 1]) / t)) * (v - a) for v, a in zip(c, ACC))
            for k in range(4)]
    return sum(abs(g) for g in gaps) / 4


def soft_bin_gap(H, c, t):
    if t == 0:
        return NAN  # (c - 0.25) / 0
    return abs(sig((c - mpf("0.25")) / t) - sig((c - mpf("0.5")) / t))


def hard_ece(H, c):
    bins = [min(int(mpmath.floor(4 * v)), 3) for v in c]
    return sum(abs(sum(v - a for v, a, b in zip(c, ACC, bins) if b == k)) for k in range(4)) / 4


def focal_p(H, p):
    if any(v > 1 or v <= 0 for v in p):
        return NAN  # (1 - p)^(1/2) of a negative number, log of a non-positive one
    return mean(-mpmath.sqrt(1 - v) * mpmath.log(v) for v in p)


def focal(H, x):
    """-(1 - p)^(1/2) log p with 1 - p = sigmoid(-x) and log p = -log(1 + e^-x), exactly."""
    return mean(mpmath.sqrt(sig(-v)) * mpmath.log(1 + mpmath.exp(-v)) for v in x)


def lgamma(a):
    """log |Gamma(a)|, as lgamma / gammaln compute it; undefined at the poles."""
    if a <= 0 and a == mpmath.floor(a):
        return NAN
    return mpmath.log(abs(mpmath.gamma(a)))


def dirichlet_pole_slopes(alpha):
    """At alpha[0] = 0 the value is -inf (lgamma's pole); the other entries never reach the pole: their slopes are
    those of the finite terms, digamma(sum) - digamma(a_k) + log p_k, the pole's entry none."""
    def truth():
        a = [mpf(v) for v in alpha]
        return {"alpha": [NAN] + [mpmath.digamma(sum(a)) - mpmath.digamma(a[k]) + mpmath.log(PD[k]) for k in (1, 2)]}
    return hp(truth)


def dirichlet_ll(H, alpha):
    return lgamma(sum(alpha)) - sum(lgamma(a) for a in alpha) + sum((a - 1) * mpmath.log(p) for a, p in zip(alpha, PD))


def _scores(f, sigma):
    out = []
    for y, v, s in zip(YV, f, sigma):
        if s == 0 and y == v:
            return None  # 0 / 0
        out.append(abs(y - v) / s if s != 0 else mpmath.inf)  # |y - f| / 0 = inf: the quantile never reaches it
    return sorted(out)


def conformal_q(H, f, sigma):
    s = _scores(f, sigma)
    return NAN if s is None else mpf("0.25") * s[1] + mpf("0.75") * s[2]


def conformal_quantile(H, f, sigma):
    """The 0.625 quantile by linear interpolation: position 0.625 (n - 1) = 1.875."""
    s = _scores(f, sigma)
    return NAN if s is None else mpf("0.125") * s[1] + mpf("0.875") * s[2]


def interval_score(H, l, u):
    return mean((b - a) + (4 * (a - y) if y < a else 0) + (4 * (y - b) if y > b else 0) for a, b, y in zip(l, u, YV))


def normal_interval(H, mu, p):
    return sum(mu) + 2 * mpmath.sqrt(2) * mpmath.erfinv(2 * p - 1)


# ------------------------------------------------------------------------------------------------- cases
def D(file, function, dtype, verdict, program, line=None, **point):
    """A case whose truth is `declared`'s: each entry's slope from each side at the point as the dtype holds it (NaN
    where they differ or the value jumps)."""
    return Case(file, function, at(**point), dtype, verdict, declared(program, dtype, **point), line=line)


F = [0.0, -0.5, 1.5, 1.0]  # u = y - f = [0.5, -0.5, 0.5, -0.75]
F_KINK = [0.5, -0.5, 1.5, 1.0]  # f[0] = y[0]: u = 0
F_TIE = [0.0, -0.5, 1.75, 1.0]  # normalised scores 1 and 1 at the 3rd and 4th places
SIG = [0.5, 1.0, 0.25, 2.0]
SIG0 = [0.0, 1.0, 0.25, 2.0]
X = [0.0, 1.25, -0.75, 2.0]
X_TIE = [0.0, 1.25, 1.25, 2.0]
X_Y = [0.5, 1.25, -0.75, 2.0]  # a member at the observation
Z = [1.0, -0.5, 2.5, 0.75]
Z_BIG = [1000.0, -500.0, 2500.0, 750.0]
C = [0.625, 0.875, 0.375, 0.9375]
C_EDGE = [0.5, 0.875, 0.375, 0.9375]  # a confidence on a bin's edge
C_EDGE2 = [0.75, 0.875, 0.375, 0.9375]  # on the next edge, where the two bins' gaps have opposite signs
XL = [0.5, 2.0, -1.0]
X_BIG = [0.5, 40.0, -1.0]  # sigmoid(40) is 1 in float64
X20 = [0.5, 20.0, -1.0]  # sigmoid(20) is 1 in float32
P3 = [0.5, 0.875, 0.25]
P_ONE = [0.5, 1.0, 0.25]
A = [0.5, 2.5, 1.25]
A_SMALL = [0.001, 2.5, 1.25]
A_ZERO = [0.0, 2.5, 1.25]
A_NEG = [-0.5, 2.5, 1.25]
L = [0.0, -1.5, 1.0, 0.5]
U = [1.0, -0.5, 3.0, 1.0]
L_EDGE = [0.5, -1.5, 1.0, 0.5]  # l[0] = y[0]
U_EDGE = [1.0, -0.5, 2.0, 1.0]  # u[2] = y[2]

JAX = [
    D(J, "pinball", F64, "ok", pinball, f=F, q=0.25),
    D(J, "pinball", F32, "ok", pinball, f=F, q=0.25),
    D(J, "pinball", F64, "domain", pinball, f=F_KINK, q=0.25),
    D(J, "pinball", F64, "ok", pinball, f=F, q=0.0),
    D(J, "pinball_where", F64, "ok", pinball, f=F, q=0.25),
    D(J, "pinball_where", F64, "domain", pinball, f=F_KINK, q=0.25),
    D(J, "smooth_pinball", F64, "ok", smooth_pinball, f=F, tau=0.25),
    D(J, "smooth_pinball", F32, "ok", smooth_pinball, f=F, tau=0.25),
    D(J, "smooth_pinball", F64, "unstable", smooth_pinball, f=F, tau=0.001),  # tau's 2.7e-215 by 500 - 500
    D(J, "smooth_pinball", F64, "ok", smooth_pinball, f=F_KINK, tau=0.001),
    D(J, "smooth_pinball", F64, "domain", smooth_pinball, f=F, tau=0.0),
    D(J, "smooth_pinball_hand", F64, "ok", smooth_pinball, f=F, tau=0.25),
    D(J, "smooth_pinball_hand", F64, "unstable", smooth_pinball, f=F, tau=0.001),  # exp(750) overflows
    D(J, "smooth_pinball_hand", F32, "unstable", smooth_pinball, f=F, tau=0.005),  # exp(150) in float32
    D(J, "crps_gauss", F64, "ok", crps_gauss, mu=F, sigma=0.75),
    D(J, "crps_gauss", F64, "ok", crps_gauss, mu=F, sigma=0.001),
    D(J, "crps_gauss", F64, "ok", crps_gauss, mu=F_KINK, sigma=0.001),
    D(J, "crps_gauss", F64, "domain", crps_gauss, mu=F, sigma=0.0),
    D(J, "crps_ensemble", F64, "ok", crps_ensemble, x=X),
    D(J, "crps_ensemble", F32, "ok", crps_ensemble, x=X),
    D(J, "crps_ensemble", F64, "domain", crps_ensemble, x=X_TIE),
    D(J, "crps_ensemble", F64, "domain", crps_ensemble, x=X_Y),
    D(J, "crps_ensemble_sorted", F64, "ok", crps_ensemble, x=X),
    D(J, "crps_ensemble_sorted", F64, "domain", crps_ensemble, x=X_TIE),
    D(J, "temp_nll", F64, "ok", temp_nll, z=Z, T=1.0),
    D(J, "temp_nll", F32, "ok", temp_nll, z=Z, T=1.0),
    D(J, "temp_nll", F64, "ok", temp_nll, z=Z, T=0.001),
    D(J, "temp_nll", F64, "domain", temp_nll, z=Z, T=0.0),
    D(J, "temp_nll", F64, "ok", temp_nll, z=Z_BIG, T=1.0),
    D(J, "temp_nll_naive", F64, "ok", temp_nll, z=Z, T=1.0),
    D(J, "temp_nll_naive", F64, "unstable", temp_nll, z=Z, T=0.001),  # softmax's e^-1750 is 0: log 0
    D(J, "temp_nll_naive", F64, "unstable", temp_nll, z=Z_BIG, T=1.0),
    D(J, "soft_ece", F64, "ok", soft_ece, c=C, t=0.0625),
    D(J, "soft_ece", F32, "ok", soft_ece, c=C, t=0.0625),
    D(J, "soft_ece", F64, "ok", soft_ece, c=C, t=0.0001),
    D(J, "soft_ece", F64, "ok", soft_ece, c=C_EDGE, t=0.0625),
    D(J, "soft_ece", F64, "domain", soft_ece, c=C, t=0.0),  # F1's full form: an error after 149-310 s
    D(J, "soft_bin_gap", F64, "ok", soft_bin_gap, c=0.625, t=0.0625),
    # F1, judged on IEEE's reading: sigmoid(+-inf) - sigmoid(+-inf) = 0 all about t = 0, e^-(0.125 / |t|)-flat
    Case(J, "soft_bin_gap", at(c=0.625, t=0.0), F64, "wrong", lambda: {"c": mpf(0), "t": mpf(0)}),
    D(J, "soft_ece_hand", F64, "ok", soft_ece, c=C, t=0.0625),
    D(J, "soft_ece_hand", F64, "unstable", soft_ece, c=C, t=0.0001),  # exp(6250): inf / inf
    D(J, "focal", F64, "ok", focal, x=XL),
    D(J, "focal", F32, "ok", focal, x=XL),
    D(J, "focal", F64, "unstable", focal, x=X_BIG),  # 1 - sigmoid(40) = 0: 0^(1/2)'s slope
    D(J, "focal", F32, "unstable", focal, x=X20),
    D(J, "focal_stable", F64, "ok", focal, x=X_BIG),
    D(J, "focal_stable", F32, "ok", focal, x=X20),
    D(J, "focal_p", F64, "ok", focal_p, p=P3),
    D(J, "focal_p", F64, "domain", focal_p, p=P_ONE),
    D(J, "dirichlet_ll", F64, "ok", dirichlet_ll, alpha=A),
    D(J, "dirichlet_ll", F32, "ok", dirichlet_ll, alpha=A),
    D(J, "dirichlet_ll", F64, "ok", dirichlet_ll, alpha=A_SMALL),
    Case(J, "dirichlet_ll", at(alpha=A_ZERO), F64, "domain", dirichlet_pole_slopes(A_ZERO)),
    D(J, "dirichlet_ll", F64, "ok", dirichlet_ll, alpha=A_NEG),
    D(J, "conformal_q", F64, "ok", conformal_q, f=F, sigma=SIG),
    D(J, "conformal_q", F32, "ok", conformal_q, f=F, sigma=SIG),
    D(J, "conformal_q", F64, "ok", conformal_q, f=F_KINK, sigma=SIG),  # the zero score is the unused minimum
    D(J, "conformal_q", F64, "wrong", conformal_q, f=F, sigma=SIG0),  # inf score, unused: JAX's NaN in f[0]
    D(J, "conformal_q", F64, "domain", conformal_q, f=F_TIE, sigma=SIG),
    D(J, "conformal_quantile", F64, "ok", conformal_quantile, f=F, sigma=SIG),
    D(J, "conformal_quantile", F64, "domain", conformal_quantile, f=F_TIE, sigma=SIG),
    Case(J, "conformal_knn", at(f=F, sigma=SIG), F64, "input-error", message=("approx_top_k", "jax_lib97d.py:")),
    D(J, "interval_score", F64, "ok", interval_score, l=L, u=U),
    D(J, "interval_score", F32, "ok", interval_score, l=L, u=U),
    D(J, "interval_score", F64, "domain", interval_score, l=L_EDGE, u=U),
    D(J, "interval_score", F64, "domain", interval_score, l=L, u=U_EDGE),
    D(J, "normal_interval", F64, "ok", normal_interval, mu=[0.5, 1.0], p=0.875),
    D(J, "smooth_pinball_rule", F64, "ok", smooth_pinball_fixed, f=F),
    D(J, "smooth_pinball_rule", F64, "ok", smooth_pinball_fixed, f=F_KINK),
    D(J, "smooth_pinball_rule_bad", F64, "wrong", smooth_pinball_fixed, "def _spbb_bwd(u, g):", f=F),
]

TORCH = [
    D(T_, "pinball", F64, "ok", pinball, f=F, q=0.25),
    D(T_, "pinball", F64, "domain", pinball, f=F_KINK, q=0.25),
    D(T_, "pinball_where", F64, "domain", pinball, f=F_KINK, q=0.25),
    D(T_, "smooth_pinball", F64, "unstable", smooth_pinball_torch, f=F, tau=0.001),  # threshold 20
    D(T_, "smooth_pinball_hand", F64, "unstable", smooth_pinball, f=F, tau=0.001),
    D(T_, "crps_gauss", F64, "ok", crps_gauss, mu=F, sigma=0.75),
    D(T_, "crps_gauss", F64, "domain", crps_gauss, mu=F, sigma=0.0),
    D(T_, "crps_ensemble", F64, "ok", crps_ensemble, x=X),
    D(T_, "crps_ensemble", F64, "domain", crps_ensemble, x=X_TIE),
    D(T_, "temp_nll", F64, "ok", temp_nll, z=Z, T=0.001),
    D(T_, "temp_nll_naive", F64, "unstable", temp_nll, z=Z_BIG, T=1.0),
    D(T_, "soft_ece", F64, "ok", soft_ece, c=C, t=0.0625),
    D(T_, "focal", F64, "unstable", focal, x=X_BIG),
    D(T_, "focal_stable", F64, "ok", focal, x=X_BIG),
    D(T_, "dirichlet_ll", F64, "ok", dirichlet_ll, alpha=A_SMALL),
    Case(T_, "dirichlet_ll", at(alpha=A_ZERO), F64, "domain", dirichlet_pole_slopes(A_ZERO)),
    D(T_, "conformal_quantile", F64, "ok", conformal_quantile, f=F, sigma=SIG),
    D(T_, "conformal_quantile", F64, "domain", conformal_quantile, f=F_TIE, sigma=SIG),
    D(T_, "interval_score", F64, "domain", interval_score, l=L_EDGE, u=U),
    D(T_, "smooth_pinball_rule", F64, "ok", smooth_pinball_fixed, f=F),
    D(T_, "smooth_pinball_rule_bad", F64, "wrong", smooth_pinball_fixed,
      "class SmoothPinballBad>>def backward(ctx, g):", f=F),
]

TF = [
    D(K, "pinball", F64, "domain", pinball, f=F_KINK, q=0.25),
    D(K, "smooth_pinball", F64, "unstable", smooth_pinball, f=F, tau=0.001),
    D(K, "smooth_pinball_hand", F64, "unstable", smooth_pinball, f=F, tau=0.001),
    D(K, "crps_gauss", F64, "ok", crps_gauss, mu=F, sigma=0.75),
    D(K, "crps_gauss", F64, "ok", crps_gauss, mu=F, sigma=0.001),
    D(K, "temp_nll", F64, "ok", temp_nll, z=Z, T=0.001),
    D(K, "temp_nll_naive", F64, "unstable", temp_nll, z=Z, T=0.001),
    D(K, "focal", F64, "unstable", focal, x=X_BIG),
    D(K, "focal_stable", F64, "ok", focal, x=X_BIG),
    D(K, "dirichlet_ll", F64, "ok", dirichlet_ll, alpha=A),
    D(K, "conformal_q", F64, "domain", conformal_q, f=F_TIE, sigma=SIG),
    D(K, "interval_score", F64, "domain", interval_score, l=L, u=U_EDGE),
    D(K, "smooth_pinball_rule", F64, "ok", smooth_pinball_fixed, f=F),
    D(K, "smooth_pinball_rule_bad", F64, "wrong", smooth_pinball_fixed, "def _spb_bad(u)>>def grad(dy):", f=F),
]

NUMPY = [
    D(N, "pinball", F64, "ok", pinball, f=F, q=0.25),
    D(N, "pinball", F64, "domain", pinball, f=F_KINK, q=0.25),
    D(N, "smooth_pinball", F64, "unstable", smooth_pinball, f=F, tau=0.001),
    D(N, "smooth_pinball_hand", F64, "unstable", smooth_pinball, f=F, tau=0.001),
    D(N, "crps_ensemble", F64, "domain", crps_ensemble, x=X_TIE),
    D(N, "temp_nll_naive", F64, "unstable", temp_nll, z=Z, T=0.001),
    D(N, "temp_nll_shift", F64, "ok", temp_nll, z=Z, T=0.001),
    D(N, "soft_ece", F64, "unstable", soft_ece, c=C, t=0.0001),
    D(N, "hard_ece", F64, "ok", hard_ece, c=C),
    D(N, "hard_ece", F64, "ok", hard_ece, c=C_EDGE),  # both gaps negative: |a| + |b| = |a + b|, no jump
    D(N, "hard_ece", F64, "domain", hard_ece, c=C_EDGE2),
    D(N, "focal", F64, "unstable", focal, x=X_BIG),
    D(N, "conformal_q", F64, "ok", conformal_q, f=F_KINK, sigma=SIG),
    D(N, "conformal_quantile", F64, "ok", conformal_quantile, f=F, sigma=SIG),
    D(N, "interval_score", F64, "domain", interval_score, l=L_EDGE, u=U),
]

ALL = JAX + TORCH + TF + NUMPY
