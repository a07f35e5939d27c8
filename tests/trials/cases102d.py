"""The hundred-and-second trial set (d): GAN AND ENERGY-BASED MODEL LOSSES, as JAX, PyTorch, TensorFlow and plain NumPy
code writes them (jax_lib102d, torch_lib102d, tf_lib102d, np_lib102d), on a tiny discriminator: its logits d given as
inputs, or a 2x2 linear layer W on fixed samples. The minimax generator loss log(1 - sigmoid(d)) naive at d = 40 and
800 (float32 20) and by log_sigmoid(-d) / F.logsigmoid / tf.math.log_sigmoid / np.logaddexp; the non-saturating
-log(sigmoid(d)) naive at d = -800 (float32 -100) and at d = 40, and by the library's log-sigmoid; BCE with logits
(optax's sigmoid_binary_cross_entropy inline: optax is not installed in the venv; F.binary_cross_entropy_with_logits;
tf.nn.sigmoid_cross_entropy_with_logits) at +-40, +-100 (float32), +-800; BCE of probabilities with each log clamped
at -100 (PyTorch's F.binary_cross_entropy, and a user's jnp.maximum / np.maximum copy of it) at p = 0, 1, 1e-13,
1e-45 (float32 1e-30, and 1e-45: a subnormal), and clipped to [1e-7, 1 - 1e-7] (Keras' binary_crossentropy, a NumPy
copy) at p = 0 and 1 and on the clip's bound 1e-7; the LSGAN losses (one on a sigmoid output at +-800); the WGAN critic
of a linear 2x2 critic; the hinge loss relu(1 - d_real) + relu(1 + d_fake) on relu's switch d = 1;
the relativistic average loss by softplus and naive (r = -750; float32 -115); a gradient penalty (||w||_2 - 1)^2 with
the norm bare at w = 0 and at w = [0.6, 0.8], and with sqrt(sum w^2 + 1e-12); WGAN-GP as written, the critic
a . tanh(W x) differentiated inside the loss (jax.grad, torch.autograd.grad(create_graph=True), an inner
tf.GradientTape) at an ordinary W and at W = 0 (grad_x D = 0); spectral normalisation by two power-iteration steps
from u = e1 (v / max(||v||, 1e-12) by jnp.maximum and by F.normalize, and bare) at an ordinary W, a rank-1 W, and a
rank-1 W with e1 in its left null space (W^T u = 0); a Boltzmann log-partition logsumexp(-E) naive and stable at
E = 800 (float32 120; -800 stable); contrastive divergence's free-energy difference F(v_data) - F(v_model) with softplus
naive (c = 800, float32 100), jax.nn.softplus and F.softplus; BCE with logits against labels smoothed by ls, ls = 0 and
1, naive and by softplus; and custom rules: a gradient reversal layer (identity forward, -lambda backward: jax
custom_vjp, autograd.Function, tf.custom_gradient) that is WRONG as a derivative on purpose and judged so; a
straight-through clamp (clip forward, identity backward) inside [-1, 1], outside it, on its switch; and the
straight-through clamp as x + stop_gradient(clip(x) - x) / .detach(), off and on the clip's switch.

Truths: expressions written here from the mathematics (softplus, log-sigmoid, the clamped and clipped BCE by cases,
relu, the norm, the power iteration with the eps as the dtype holds it, logsumexp, the free energy; the straight-through
estimators' functions), never the library code, at 2,000 digits by cases30b's `sided_grad` with finite_sides (through
cases73d's `S`): each entry's slope from each side at the point as the dtype holds it, NaN where they differ or a side
is undefined. Constants as the program holds them (the eps 1e-12, Keras' clip bounds 1e-7 and 1 - 1e-7 computed as
Python doubles and rounded once to the dtype). Where a program's spelling makes its function another one, the truth is
that function: PyTorch's F.softplus is x past its threshold 20 (so CD's c[0] slope at c = 800 is exactly 0, not
-8.6e-348); the stop_gradient / .detach() straight-through estimators are a . (x + held), the held value frozen at the
point's (README: the differences move only what the program computes from its inputs): slope a everywhere.

Counts: 120 cases (JAX 61, PyTorch 31, TensorFlow 15, NumPy 13; 94 float64, 26 float32): ALL keeps 56 ok, 32 unstable,
17 domain, 15 wrong. Each case through the CLI exactly as tests/trials/judge.py runs it (/tmp/102d/run.py and rerun.py:
two CLI runs at a time, judged one at a time). The first pass (122 cases, 11.5 minutes wall): 1.6-23.9 s a check on the
shared machine (load 2-4): JAX 2.4-19.5 s (the bare power iteration at its zero vector the slowest), PyTorch 9.2-17.4 s,
TensorFlow 14.6-23.9 s, NumPy 1.6-6.0 s; 111 agreed at once, 11 disagreed, every one my truth (corrected below; re-run
with 11 cases added: 7 WGAN-GP, 2 stop_gradient on the switch, 2 more of the corrected kinds: 2.1-22.5 s, all agree). 13
dropped as repeats of kept points (float32 twins of ok points in JAX, a second kink of the hinge, ordinary points of
libraries checked elsewhere). Final pass of all 120 (15.5 minutes of CLI time, 9.9 wall, load 3-5): 1.1-16.9 s a check
(JAX 4.3-11.1 s, PyTorch 8.6-13.1 s, TensorFlow 12.7-16.9 s, NumPy 1.1-3.7 s); all 120 agree (verdict, every exact
gradient entry to 1e-10, and the line where given).

Agreed (verdicts and exact slopes):
- minimax log(1 - sigmoid(d)) naive: ok at 0.5; unstable at 40 and 800 (float32 20) in JAX, PyTorch, TensorFlow and
  NumPy (sigmoid rounds to 1: log(0) = -inf, the slope -sigmoid(d) ~ -1 lost); log_sigmoid(-d) ok at 800 (float32 100);
- non-saturating -log(sigmoid(d)) naive: unstable at -800 (float32 -100) in all four (sigmoid underflows to 0); and at
  d = 40 in float64 too: 1 - sigmoid(40) = 0, so the slope -4.2e-18 comes out 0 (entrywise relative error 100%, the
  README's `dy * (1 - 1/(1+e))` at -40); the log-sigmoid forms ok at -800 (float32 -100);
- BCE with logits: optax's inline form ok at +-800, float32 +-100 (in JAX the exact -3.7e-44 is a float32 subnormal XLA
  flushes: 0 is the best JAX gives) and with soft labels; TensorFlow's ok at +-800; PyTorch's
  F.binary_cross_entropy_with_logits unstable at float64 +-40 and float32 +-100: its backward is sigmoid(d) - y, which
  cancels to 0 where the exact slopes are -+4.2e-18 (float32 -+3.7e-44, a subnormal PyTorch keeps); at +-800 ok (the
  slopes 1e-348 are below float64's range);
- BCE of probabilities with the log clamped at -100: ok at ordinary p and at p = 1e-45 (log p = -103.6: on the clamp's
  flat side, slope 0) in JAX and NumPy; JAX float32 1e-45 unstable (XLA reads the subnormal 1.4e-45 as 0: 0 * (1/0));
  at p = 0 (and p = 1 for the fake term) wrong in JAX and NumPy: the value -100 is the clamp's, the function is defined
  on the right alone and flat there (README: at a domain's edge, the slope of the side it is defined on), and
  maximum's 0 cotangent times log's 1 / 0 leaks NaN; PyTorch's F.binary_cross_entropy wrong at p = 0, at 1e-45 (both
  flat: exact 0, its backward (p - y) / max(p (1 - p), 1e-12) gives -1e12) and at p = 1e-13 (exact -1e13, backward
  -1e12), named at the call's line;
- Keras' clipped BCE on the clip's bound p = 1e-7: domain (slopes 0 and -5e6); at p = [1, 0] (both clipped: slopes 0)
  unstable in float64 and float32: the value 1e-7 loses 20 bits in log(1 - 1e-7) (1 - p rounds first); NumPy's
  clip copy at p = [0, 1] ok (its loss 16.1 carries the rounding) and domain on the bound;
- LSGAN and WGAN ok (sigmoid LSGAN at +-800 too); hinge domain on relu's switch in all four (the other entries keep
  -0.5, 0, 0.5), float32 too; relativistic ok by softplus (at r = -750 too), unstable naive at r = -750 (float32 -115);
- gradient penalty: bare domain at w = 0 in all four (the norm's kink: -2 and 2 along each axis), unstable at
  w = [0.6, 0.8] (the doubles' norm is 2.2e-17 off 1: exact slopes 2.7e-17, 3.6e-17 returned as 0); with the eps ok at
  w = 0 (float32 too); WGAN-GP through an inner jax.grad / torch.autograd.grad / tf.GradientTape ok at an ordinary W
  (float32 too) and domain at W = 0;
- spectral normalisation: ok at an ordinary W (float32 too) and a rank-1 W; at W^T u = 0 JAX's jnp.maximum(norm, 1e-12)
  is wrong (the exact function is a polynomial / eps^k there, slopes 0; the norm's sqrt'(0) = inf times maximum's 0
  cotangent leaks NaN) where PyTorch's F.normalize is ok (its norm backward is 0 at 0); the bare one domain there
  (0 / 0 at any precision);
- log-partition naive unstable at E = 800 (float32 120) in all four, stable ok (and at -800); CD naive unstable at
  c = 800 (float32 100) in JAX and NumPy, ok at 0.5, by jax.nn.softplus ok, by F.softplus ok (its threshold: 0 exactly);
- label smoothing: the softplus form ok at ls = 1 and unstable at d = 40, ls = 0 (softplus(40) - 40: the slope -4.2e-18
  returned as 0); the naive form ok at d = 0.5, unstable at d = 40 with ls = 0 (0 * log(0) = NaN) and ls = 1
  (0.5 log(0) = -inf);
- custom rules: the gradient reversal layer wrong in JAX (float32 too), PyTorch and TensorFlow, at its bwd / backward /
  grad (exact a sigmoid(a.x), rule -a sigmoid(a.x)); the straight-through clamp ok inside [-1, 1], wrong outside (exact
  0, rule 1; float32 too) in all three, domain on its switch x = 1 (slopes 1 and 0); the stop_gradient and .detach()
  spellings ok at 2 and on the clip's switch (slope 1: the kink is inside the held value, no jump).

My truths corrected (gradcli right, each re-derived):
- -log(sigmoid(d)) at d = 40 (JAX) I first called ok: the -4.2e-18 slope returned as 0 is 100% off entrywise, and the
  README judges entries relatively (`dy * (1 - 1/(1+e))` at -40 is its own example): unstable. Likewise softplus(d) -
  y d at d = 40, ls = 0 and PyTorch's BCE with logits at float64 +-40 and float32 +-100 (a float32 subnormal PyTorch
  keeps, where JAX's XLA flushes it and is excused).
- (||w|| - 1)^2 at w = [0.6, 0.8]: not the unit norm in doubles (their squares sum to 1 + 4.4e-17): unstable.
- The clamped-log BCE at p = 0 and 1: I first gave p[0] no derivative (log undefined left of 0); the README's rule for a
  domain's edge is the slope of the side the function is defined on (x ** y at base 0), here the clamp's flat side: 0.
  So JAX's and NumPy's NaN is wrong, and PyTorch's -1e12 too. The truth now reads log as -inf outside (0, 1].
- Keras' BCE at p = [1, 0]: the clip makes the slopes 0 (as I had), but the value 1e-7 is computed as log(1 - fl(1e-7))
  (1 - p rounds before the log): 20 bits lost, value unstable.
- PyTorch's CD by F.softplus at c = 800: I first wrote softplus; PyTorch's is x past its threshold 20 (README), so
  c[0]'s slope is exactly 0, not -8.6e-348 (gradcli's exact 0, with no beyond-range text, is then right).

Findings: none. Every disagreement was my truth.

Observed (not in ALL): optax is not installed in the venv (its sigmoid_binary_cross_entropy reproduced inline); the
same softplus difference in JAX reports the beyond-range exact slope as text ('-8.6209811789227598764e-348') where
PyTorch's thresholded softplus is exactly 0 (a probe file, f1.py: t_diff / j_diff at c = [800, -1]); a naive
-log(sigmoid(40)) loses a slope only in the relative sense: `--atol` would pass it, as README says.
"""
import mpmath

from cases73d import NAN, H as held, S, mpf

J, T_, K, N = "jax_lib102d.py", "torch_lib102d.py", "tf_lib102d.py", "np_lib102d.py"
F32, F64 = "float32", "float64"


# ------------------------------------------------------------------------------------------------- the mathematics
def sig(x):
    return 1 / (1 + mpmath.exp(-x))


def softplus(x):
    return mpmath.log1p(mpmath.exp(x)) if x < 0 else x + mpmath.log1p(mpmath.exp(-x))


def lg(x):
    """log on the reals: -inf at 0, NaN below."""
    return mpmath.log(x) if x > 0 else (mpmath.ninf if x == 0 else NAN)


def lg_edge(x):
    """log for a probability: -inf at 0 and, outside [0, 1], -inf too, so that a clamp at -100 reads the side the
    function is defined on at p = 0 or 1 (README: at a domain's edge, the slope of the side it is defined on)."""
    return mpmath.log(x) if x > 0 else mpmath.ninf


def mx(a, b):
    """max, NaN-propagating (log of a negative number clamped is still no number)."""
    return NAN if mpmath.isnan(a) or mpmath.isnan(b) else (a if a >= b else b)


def relu(x):
    return x if x > 0 else mpf(0)


def mean(xs):
    return sum(xs) / len(xs)


def minimax(d):
    """log(1 - sigmoid(d)) = -softplus(d), summed."""
    return sum(-softplus(v) for v in d)


def nonsat(d):
    """-log sigmoid(d) = softplus(-d), summed."""
    return sum(softplus(-v) for v in d)


def bce_logits(d, y):
    return sum(softplus(v) - t * v for v, t in zip(d, y))


def bce_logits_10(d):
    return bce_logits(d, [1, 0])


def bce_clamped(p, y):
    """BCELoss's mathematics: -(y max(log p, -100) + (1 - y) max(log(1 - p), -100))."""
    return -sum(t * mx(lg_edge(v), mpf(-100)) + (1 - t) * mx(lg_edge(1 - v), mpf(-100)) for v, t in zip(p, y))


def bce_clamped_10(p):
    return bce_clamped(p, [1, 0])


def bce_clipped(dtype, mean_of=False):
    """Keras' binary_crossentropy on probabilities (targets 1, 0): p clipped to [1e-7, 1 - 1e-7] as the dtype holds
    the two bounds (Python floats met by the tensor), then the plain logs."""
    lo, hi = held(dtype, 1e-7), held(dtype, 1 - 1e-7)

    def f(p):
        q = [min(max(v, lo), hi) for v in p]
        total = -(lg(q[0]) + lg(1 - q[1]))
        return total / 2 if mean_of else total
    return f


def lsgan_g(d):
    return sum((v - 1) ** 2 for v in d) / 2


def lsgan_d_sigmoid(d_real, d_fake):
    return mean([(sig(v) - 1) ** 2 for v in d_real]) / 2 + mean([sig(v) ** 2 for v in d_fake]) / 2


def wgan_w(W):
    """a . (W x_fake) - a . (W x_real), a = [1, -1], x_fake = [0.25, 2], x_real = [1, -0.5]."""
    a, xf, xr = [1, -1], [mpf("0.25"), mpf(2)], [mpf(1), mpf("-0.5")]
    return sum(a[i] * sum(W[i][j] * (xf[j] - xr[j]) for j in range(2)) for i in range(2))


def wgan(d_real, d_fake):
    return mean(d_fake) - mean(d_real)


def hinge(d_real, d_fake):
    return mean([relu(1 - v) for v in d_real]) + mean([relu(1 + v) for v in d_fake])


def relativistic(d_real, d_fake):
    mr, mf = mean(d_real), mean(d_fake)
    return mean([softplus(-(v - mf)) for v in d_real]) + mean([softplus(v - mr) for v in d_fake])


def gp(w):
    return (mpmath.sqrt(sum(v * v for v in w)) - 1) ** 2


def gp_eps(dtype):
    e = held(dtype, 1e-12)
    return lambda w: (mpmath.sqrt(sum(v * v for v in w) + e) - 1) ** 2


def _div(vec, n):
    return [v / n for v in vec] if n != 0 else [NAN for _ in vec]


def spectral(dtype, eps=True):
    """Two power-iteration steps from u = e1: v = normalize(W^T u), u = normalize(W v); sigma = u . W v; normalize
    divides by max(||x||, 1e-12) (eps as the dtype holds it) or, bare, by ||x|| (no value where it is 0)."""
    e = held(dtype, 1e-12) if eps else mpf(0)

    def f(W):
        u = [mpf(1), mpf(0)]
        for _ in range(2):
            v = [W[0][j] * u[0] + W[1][j] * u[1] for j in range(2)]
            v = _div(v, mx(mpmath.sqrt(v[0] ** 2 + v[1] ** 2), e))
            u = [W[i][0] * v[0] + W[i][1] * v[1] for i in range(2)]
            u = _div(u, mx(mpmath.sqrt(u[0] ** 2 + u[1] ** 2), e))
        return sum(u[i] * (W[i][0] * v[0] + W[i][1] * v[1]) for i in range(2))
    return f


def log_partition(E):
    return mpmath.log(sum(mpmath.exp(-v) for v in E))


W_RBM = [[1, -1], [mpf("0.5"), 2]]


def cd(c, sp=softplus):
    """F(v_data) - F(v_model), F(v) = -sum_j softplus(c_j + (W v)_j), v_data = e1, v_model = e2."""
    return -sum(sp(c[j] + W_RBM[j][0]) for j in range(2)) + sum(sp(c[j] + W_RBM[j][1]) for j in range(2))


def softplus_torch(x):
    """F.softplus as PyTorch defines it: x itself past its threshold, x > 20."""
    return x if x > 20 else mpmath.log1p(mpmath.exp(x))


def cd_torch(c):
    return cd(c, softplus_torch)


X_HAT = [mpf("0.5"), mpf(-1)]


def wgan_gp(W, eps=0):
    """(||grad_x a . tanh(W x)||_2 - 1)^2 at x_hat, a = [1, -1]: grad_j = sum_i a_i sech^2((W x)_i) W_ij."""
    a = [1, -1]
    s = [mpmath.sech(W[i][0] * X_HAT[0] + W[i][1] * X_HAT[1]) ** 2 for i in range(2)]
    g = [sum(a[i] * s[i] * W[i][j] for i in range(2)) for j in range(2)]
    return (mpmath.sqrt(g[0] ** 2 + g[1] ** 2) - 1) ** 2


def smoothed(d, ls):
    y = [1 - ls + ls / 2, ls / 2]
    return sum(softplus(v) - t * v for v, t in zip(d, y))


def dann(x):
    return softplus(x[0] - x[1])


def clamp_lin(x):
    """a . clip(x, -1, 1), a = [1, -1]: the straight-through clamp's forward (its exact slopes 0 outside)."""
    return sum(a * min(max(v, mpf(-1)), mpf(1)) for a, v in zip([1, -1], x))


def lin(x):
    """a . (x + held): the stop_gradient spelling's function, each held value frozen at the point's."""
    return x[0] - x[1]


# ------------------------------------------------------------------------------------------------- cases
def P(file, function, dtype, verdict, f, line=None, **point):
    return S(file, function, dtype, verdict, f, line, **point)


Y10 = [1.0, 0.0]
W_ORD = [[2.0, 1.0], [0.5, -1.0]]
W_RANK1 = [[1.0, 2.0], [2.0, 4.0]]  # rank 1, u = e1 not orthogonal to its columns
W_NULL = [[0.0, 0.0], [1.0, 1.0]]  # rank 1, W^T e1 = 0: the first power iteration normalises a zero vector

JAX = [
    # the minimax generator loss
    P(J, "minimax_naive", F64, "ok", minimax, d=[0.5, -1.0]),
    P(J, "minimax_naive", F64, "unstable", minimax, "jnp.log(1 - jax.nn.sigmoid(d))", d=[40.0, -1.0]),
    P(J, "minimax_naive", F32, "unstable", minimax, d=[20.0, -1.0]),
    P(J, "minimax_stable", F64, "ok", minimax, d=[800.0, -1.0]),
    P(J, "minimax_stable", F32, "ok", minimax, d=[100.0, -1.0]),
    # the non-saturating loss
    P(J, "nonsat_naive", F64, "unstable", nonsat, "jnp.log(jax.nn.sigmoid(d))", d=[-800.0, 1.0]),
    P(J, "nonsat_naive", F32, "unstable", nonsat, d=[-100.0, 1.0]),
    P(J, "nonsat_naive", F64, "unstable", nonsat, d=[40.0, 1.0]),  # 1 - sigmoid(40) = 0: slope 0 for -4.2e-18
    P(J, "nonsat_stable", F64, "ok", nonsat, d=[-800.0, 1.0]),
    P(J, "nonsat_stable", F32, "ok", nonsat, d=[-100.0, 1.0]),
    # BCE
    P(J, "bce_logits", F64, "ok", bce_logits, d=[800.0, -800.0], y=Y10),
    P(J, "bce_logits", F32, "ok", bce_logits, d=[100.0, -100.0], y=Y10),
    P(J, "bce_logits", F64, "ok", bce_logits, d=[-3.0, 2.0], y=[0.9, 0.1]),
    P(J, "bce_probs_clamped", F64, "ok", bce_clamped, p=[0.3, 0.6], y=Y10),
    P(J, "bce_probs_clamped", F64, "wrong", bce_clamped, p=[0.0, 0.3], y=Y10),  # 0 * (1 / 0) leaks NaN
    P(J, "bce_probs_clamped", F64, "wrong", bce_clamped, p=[0.3, 1.0], y=Y10),
    P(J, "bce_probs_clamped", F64, "ok", bce_clamped, p=[1e-45, 0.3], y=Y10),
    P(J, "bce_probs_clamped", F32, "ok", bce_clamped, p=[1e-30, 0.3], y=Y10),
    P(J, "bce_probs_clamped", F32, "unstable", bce_clamped, p=[1e-45, 0.3], y=Y10),  # a subnormal XLA flushes
    # least squares, Wasserstein, hinge, relativistic
    P(J, "lsgan_g", F64, "ok", lsgan_g, d=[0.5, 3.0]),
    P(J, "lsgan_d_sigmoid", F64, "ok", lsgan_d_sigmoid, d_real=[800.0, -2.0], d_fake=[-800.0, 1.0]),
    P(J, "wgan_critic", F64, "ok", wgan_w, W=[[0.5, -1.0], [2.0, 0.25]]),
    P(J, "hinge_d", F64, "domain", hinge, d_real=[1.0, 0.5], d_fake=[-2.0, 0.5]),  # relu's switch at d_real = 1
    P(J, "hinge_d", F32, "domain", hinge, d_real=[1.0, 0.5], d_fake=[-2.0, 0.5]),
    P(J, "relativistic_d", F64, "ok", relativistic, d_real=[1.5, 0.5], d_fake=[-0.5, 0.25]),
    P(J, "relativistic_d", F64, "ok", relativistic, d_real=[-400.0, -300.0], d_fake=[400.0, 300.0]),
    P(J, "relativistic_d_naive", F64, "unstable", relativistic, d_real=[-400.0, -300.0], d_fake=[400.0, 300.0]),
    P(J, "relativistic_d_naive", F32, "unstable", relativistic, d_real=[-60.0, -50.0], d_fake=[60.0, 50.0]),
    # gradient penalty, spectral normalisation
    P(J, "gradient_penalty", F64, "domain", gp, w=[0.0, 0.0]),  # ||w|| at 0: slopes -2 and 2
    P(J, "gradient_penalty", F32, "domain", gp, w=[0.0, 0.0]),
    P(J, "gradient_penalty", F64, "unstable", gp, w=[0.6, 0.8]),  # ||w|| 2.2e-17 off 1: slopes 0 for 2.7e-17
    P(J, "gradient_penalty_eps", F64, "ok", gp_eps(F64), w=[0.0, 0.0]),
    P(J, "gradient_penalty_eps", F32, "ok", gp_eps(F32), w=[0.0, 0.0]),
    P(J, "spectral_sigma", F64, "ok", spectral(F64), W=W_ORD),
    P(J, "spectral_sigma", F32, "ok", spectral(F32), W=W_ORD),
    P(J, "spectral_sigma", F64, "ok", spectral(F64), W=W_RANK1),
    P(J, "spectral_sigma", F64, "wrong", spectral(F64), W=W_NULL),
    P(J, "spectral_sigma_naive", F64, "domain", spectral(F64, eps=False), W=W_NULL),
    P(J, "wgan_gp", F64, "ok", wgan_gp, W=W_ORD),
    P(J, "wgan_gp", F32, "ok", wgan_gp, W=W_ORD),
    P(J, "wgan_gp", F64, "domain", wgan_gp, W=[[0.0, 0.0], [0.0, 0.0]]),  # grad_x D = 0: the norm's kink
    # energy-based
    P(J, "log_partition_naive", F64, "unstable", log_partition, "jnp.log(jnp.sum(jnp.exp(-E)))", E=[800.0, 801.0]),
    P(J, "log_partition_naive", F32, "unstable", log_partition, E=[120.0, 121.0]),
    P(J, "log_partition", F64, "ok", log_partition, E=[800.0, 801.0]),
    P(J, "cd_naive", F64, "ok", cd, c=[0.5, -1.0]),
    P(J, "cd_naive", F64, "unstable", cd, c=[800.0, -1.0]),
    P(J, "cd_naive", F32, "unstable", cd, c=[100.0, -1.0]),
    P(J, "cd", F64, "ok", cd, c=[800.0, -1.0]),
    # label smoothing
    P(J, "smoothed_bce", F64, "unstable", smoothed, d=[40.0, -3.0], ls=0.0),  # softplus(40) - 40: slope 0 for -4.2e-18
    P(J, "smoothed_bce", F64, "ok", smoothed, d=[3.0, -3.0], ls=1.0),
    P(J, "smoothed_bce_naive", F64, "ok", smoothed, d=[0.5, -3.0], ls=0.1),
    P(J, "smoothed_bce_naive", F64, "unstable", smoothed, d=[40.0, -3.0], ls=0.0),  # 0 * log(0)
    P(J, "smoothed_bce_naive", F64, "unstable", smoothed, d=[40.0, -3.0], ls=1.0),
    # custom rules
    P(J, "dann_loss", F64, "wrong", dann, "def _grad_reverse_bwd", x=[0.5, -1.0]),
    P(J, "dann_loss", F32, "wrong", dann, "def _grad_reverse_bwd", x=[0.5, -1.0]),
    P(J, "ste_loss", F64, "ok", clamp_lin, x=[0.5, -0.25]),
    P(J, "ste_loss", F64, "wrong", clamp_lin, "def _ste_bwd", x=[2.0, 0.5]),
    P(J, "ste_loss", F32, "wrong", clamp_lin, "def _ste_bwd", x=[0.5, -3.0]),
    P(J, "ste_loss", F64, "domain", clamp_lin, x=[1.0, 0.5]),  # clip's switch: slopes 1 and 0
    P(J, "ste_stop_gradient", F64, "ok", lin, x=[2.0, 0.5]),
    P(J, "ste_stop_gradient", F64, "ok", lin, x=[1.0, 0.5]),  # the clip's switch, inside the held value
]

TORCH = [
    P(T_, "minimax_naive", F64, "unstable", minimax, "torch.log(1 - torch.sigmoid(d))", d=[40.0, -1.0]),
    P(T_, "minimax_naive", F32, "unstable", minimax, d=[20.0, -1.0]),
    P(T_, "nonsat_naive", F64, "unstable", nonsat, d=[-800.0, 1.0]),
    P(T_, "nonsat_stable", F64, "ok", nonsat, d=[-800.0, 1.0]),
    P(T_, "nonsat_stable", F32, "ok", nonsat, d=[-100.0, 1.0]),
    P(T_, "bce_logits", F64, "ok", bce_logits_10, d=[800.0, -800.0]),
    P(T_, "bce_logits", F32, "unstable", bce_logits_10, d=[100.0, -100.0]),  # sigmoid(d) - y = 0 for -3.7e-44
    P(T_, "bce_logits", F64, "unstable", bce_logits_10, d=[40.0, -40.0]),  # 0 for -4.2e-18
    P(T_, "bce_probs", F64, "ok", bce_clamped_10, p=[0.3, 0.6]),
    P(T_, "bce_probs", F64, "wrong", bce_clamped_10, p=[0.0, 0.3]),  # flat -100 side; backward -1e12
    P(T_, "bce_probs", F64, "wrong", bce_clamped_10, p=[1e-13, 0.3]),  # backward's max(p (1 - p), 1e-12)
    P(T_, "bce_probs", F64, "wrong", bce_clamped_10, p=[1e-45, 0.3]),  # log clamped: flat, backward -1e12
    P(T_, "hinge_d", F64, "domain", hinge, d_real=[1.0, 0.5], d_fake=[-2.0, 0.5]),
    P(T_, "relativistic_d", F64, "ok", relativistic, d_real=[1.5, 0.5], d_fake=[-0.5, 0.25]),
    P(T_, "relativistic_d", F32, "ok", relativistic, d_real=[-60.0, -50.0], d_fake=[60.0, 50.0]),
    P(T_, "gradient_penalty", F64, "domain", gp, w=[0.0, 0.0]),
    P(T_, "gradient_penalty_eps", F64, "ok", gp_eps(F64), w=[0.0, 0.0]),
    P(T_, "spectral_sigma", F64, "ok", spectral(F64), W=W_ORD),
    P(T_, "spectral_sigma", F32, "ok", spectral(F32), W=W_ORD),
    P(T_, "spectral_sigma", F64, "ok", spectral(F64), W=W_NULL),
    P(T_, "wgan_gp", F64, "ok", wgan_gp, W=W_ORD),
    P(T_, "wgan_gp", F64, "domain", wgan_gp, W=[[0.0, 0.0], [0.0, 0.0]]),
    P(T_, "log_partition_naive", F64, "unstable", log_partition, E=[800.0, 801.0]),
    P(T_, "log_partition_naive", F32, "unstable", log_partition, E=[120.0, 121.0]),
    P(T_, "log_partition", F64, "ok", log_partition, E=[800.0, 801.0]),
    P(T_, "cd", F64, "ok", cd_torch, c=[800.0, -1.0]),  # F.softplus is x past 20: c[0]'s slope exactly 0
    P(T_, "dann_loss", F64, "wrong", dann, "class GradReverse>>def backward(ctx, g):", x=[0.5, -1.0]),
    P(T_, "ste_loss", F64, "ok", clamp_lin, x=[0.5, -0.25]),
    P(T_, "ste_loss", F64, "wrong", clamp_lin, "class STEClamp>>def backward(ctx, g):", x=[2.0, 0.5]),
    P(T_, "ste_detach", F64, "ok", lin, x=[2.0, 0.5]),
    P(T_, "ste_detach", F64, "ok", lin, x=[1.0, 0.5]),
]

TF = [
    P(K, "minimax_naive", F64, "unstable", minimax, d=[40.0, -1.0]),
    P(K, "minimax_stable", F64, "ok", minimax, d=[800.0, -1.0]),
    P(K, "nonsat_stable", F32, "ok", nonsat, d=[-100.0, 1.0]),
    P(K, "bce_logits", F64, "ok", bce_logits_10, d=[800.0, -800.0]),
    P(K, "bce_keras", F64, "unstable", bce_clipped(F64, True), p=[1.0, 0.0]),  # flat; log(1 - 1e-7) rounds
    P(K, "bce_keras", F32, "unstable", bce_clipped(F32, True), p=[1.0, 0.0]),
    P(K, "bce_keras", F64, "domain", bce_clipped(F64, True), p=[1e-07, 0.6]),  # on the clip's bound
    P(K, "hinge_d", F64, "domain", hinge, d_real=[1.0, 0.5], d_fake=[-2.0, 0.5]),
    P(K, "gradient_penalty", F64, "domain", gp, w=[0.0, 0.0]),
    P(K, "wgan_gp", F64, "ok", wgan_gp, W=W_ORD),
    P(K, "wgan_gp", F64, "domain", wgan_gp, W=[[0.0, 0.0], [0.0, 0.0]]),
    P(K, "log_partition_naive", F64, "unstable", log_partition, E=[800.0, 801.0]),
    P(K, "dann_loss", F64, "wrong", dann, "def grad_reverse>>def grad(dy):", x=[0.5, -1.0]),
    P(K, "ste_loss", F64, "ok", clamp_lin, x=[0.5, -0.25]),
    P(K, "ste_loss", F64, "wrong", clamp_lin, "def ste_clamp>>def grad(dy):", x=[2.0, 0.5]),
]

NUMPY = [
    P(N, "minimax_naive", F64, "unstable", minimax, "np.log(1 - sigmoid(d))", d=[40.0, -1.0]),
    P(N, "minimax_naive", F32, "unstable", minimax, d=[20.0, -1.0]),
    P(N, "nonsat_naive", F64, "unstable", nonsat, d=[-800.0, 1.0]),
    P(N, "bce_clipped", F64, "ok", bce_clipped(F64), p=[0.0, 1.0]),
    P(N, "bce_clipped", F64, "domain", bce_clipped(F64), p=[1e-07, 0.5]),
    P(N, "bce_log_clamped", F64, "wrong", bce_clamped_10, p=[0.0, 0.3]),
    P(N, "bce_log_clamped", F64, "ok", bce_clamped_10, p=[1e-45, 0.3]),
    P(N, "wgan_critic", F64, "ok", wgan, d_real=[0.5, 2.0], d_fake=[-0.5, 0.25]),
    P(N, "hinge_d", F64, "domain", hinge, d_real=[1.0, 0.5], d_fake=[-2.0, 0.5]),
    P(N, "gradient_penalty", F64, "domain", gp, w=[0.0, 0.0]),
    P(N, "log_partition_naive", F64, "unstable", log_partition, E=[800.0, 801.0]),
    P(N, "log_partition", F64, "ok", log_partition, E=[800.0, 801.0]),
    P(N, "cd_naive", F64, "unstable", cd, c=[800.0, -1.0]),
]

ALL = JAX + TORCH + TF + NUMPY
