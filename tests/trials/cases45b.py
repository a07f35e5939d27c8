"""The forty-fifth trial set (b), PyTorch and TensorFlow (Keras; TensorFlow Probability is not installed), in diffusion
models, optical flow and stereo, mortality modelling, pharmacodynamics and ocean waves: DDPM's linear noise schedule
(1024 steps) with alpha_bar by torch.cumprod of 1 - beta and its log-SNR log(ab / (1 - ab)) at the last step (right at
beta_max = 0.02; at 0.2 alpha_bar = e^-110 underflows float32 inside the running product: unstable, C1; at 0.9 e^-760
underflows float64, named at the cumprod) beside the log-space form by log1p, cumsum and expm1 (right at both), at the
first step (1 - (1 - 1e-6) keeps a digit or two in float32: unstable at the log; the log-space form right), the
improved-DDPM cosine schedule's beta with its clip at 0.999 (flat at t = T), a log-SNR autograd.Function right and with
its 1 / (1 - a) sign slipped (wrong, at its backward); the Charbonnier penalty sqrt(x^2 + eps^2) with eps = 1e-3 (right
at 0 and 1e-300), with eps = 0 (|x|: the cusp at 0, domain; x^2 underflowing at 1e-30 in float32 and 1e-200 in float64:
unstable, named at the square) and Sun et al.'s generalised power 0.45; stereo depth f B / d (a pole at disparity 0),
through torch.clamp_min at 1e-3 (flat below, no slope on the floor: domain) and through torch.where (an invalid -1 is
masked with no leak; at 0 the flat left and the pole's right: domain); GC-Net's soft-argmin by F.softmin at costs of
+-800 (float64) and +-80 (float32, right: e^-160's slope is below float32 too), and at +-100 in float32, where the
fourth weight e^-100 is subnormal and its slope comes out 4% off (unstable, that subnormal entry named, not entry 0,
whose 0 is its nearest float32: tests/test_subnormal_entry_named.py), beside exp / sum (overflow at +-800,
torch.logsumexp fix re-checked); SSIM with its constants (identical flat patches: its maximum, slope 0) and without them (0/0 at a flat
pair: domain); the Gompertz-Makeham negative log-density of a death at age 120 (S(120) = e^-300 underflows float32 at
c = 0.12 and e^-8800 float64 at c = 0.15: unstable at the survival line; in log space right), a Gompertz log-survival
autograd.Function answering ctx.needs_input_grad (right; the age term of d/dc forgotten: wrong at its backward,
harmless under --wrt b), a Lee-Carter nn.Module by F.poisson_nll_loss(log_input=True) read by --wrt model.k (and a
mistyped model.kappa), one age's Lee-Carter rate in F.poisson_nll_loss(log_input=False, eps=1e-8) (e^-101 subnormal
in float32 and e^-741 in float64: unstable at the rate; e^-806 below float64, the slope -1.4e-338 beyond it: ok, its
digits given as text); the Hill equation with n = 2 at C = 1e300 (C^2 overflows, inf / inf) and its logistic form in
log C by torch.special.expit (right at log C = 690.8 and -80). In TensorFlow: linear wave theory's group-to-phase
ratio 1/2 (1 + 2kh / sinh 2kh) (right at kh = 0.5; deep water, kh = 400 and 50 in float32, sinh overflows and its
backward's -0 * cosh is NaN; very shallow water, kh = 1e-300, the quotient's two paths 2.5e299 cancel to 0 for
-6.7e-301, named at u = 2kh) and with a series below a switch and 2u e^-u / -expm1(-2u) above it (right at 1e-300, 400
and float32 30); the DDPM log-SNR by tf.math.cumprod (the underflow named at the cumprod) and in log space; Keras'
LogCosh at +-800 (right in both dtypes) beside log(cosh) (overflow, a re-checked fix), Keras' Poisson at a zero rate
(its epsilon), KLDivergence under its clip and at float32(1e-7) (K1), tf.nn.log_poisson_loss with
compute_full_loss (Stirling's term switches on above a count of 1 with a jump: domain, the jump named), a Lee-Carter
tf.Module whose period index is a tf.Variable behind tf.custom_gradient with variables= (right; the age slopes b
forgotten: wrong at its grad), soft-argmin by tf.math.reduce_logsumexp at +-800, and SSIM without constants through
tf.math.divide_no_nan; input errors (a mistyped function, parameter, variable and --args function, a point that is no
number). `gradcli sweep` ran on gm_death_nll (PyTorch, c = 0.01..0.2, both dtypes: unstable from c = 0.1091 in float32
and 0.1277 in float64, where 1 / (h S) overflows in the backward before S underflows, thresholds to adjacent floats)
and group_ratio (TensorFlow, k = 1e-300..1000 log: float64 unstable by the paths' cancellation up to k = 8.9e-4, ok to
178.7, then the flushed subnormal and the sinh overflow; float32 likewise, 0/0 where k rounds to 0): both finish.

Found by this round (C1 mended, its test tests/test_torch_running_folds_wider.py; K1 settled as a truth of this round's
that took Keras' 1e-7 as float32 holds it, with a finding under it mended, its test tests/test_handed_numbers_scope.py):
- C1 (mended): PyTorch's CPU torch.cumprod accumulates float32 in double and rounds each output once (torch.cumprod(x) equals
  torch.cumprod(x.double()).float() here; torch.cumsum does the same, not shown by a case); gradcli replays it as a
  running float32 multiply (capture/torch_ops.py "cumprod" -> orderings.cumulative with gnp.multiply). At beta_max = 0.2 PyTorch's alpha_bar reaches 1.4e-45 and then 0; the replay's sticks at 2.8e-45
  (2 * 0.81 rounds back to 2 subnormal steps), so the report's explanation quotes "aten.div(1.0, 2.8e-45)" where
  PyTorch divided by 0, and the underflow inside the product (round 42b's P1, named in float64 here) and the log(0)
  it feeds are not named. The verdict (unstable) and the exact gradient are right.
- K1 (settled): Keras' KLDivergence in float32 at a prediction of float32(1e-7) is ok with the inside slope -2e6. The
  round's truth held Keras' clip at float32's 1e-7, where the point sits on the kink; but a library's constant is the
  number the library writes, in every dtype (tests/test_trial_findings33b.py), and float32(1e-7) is 1.2e-15 above
  1e-7: inside. Under it, a finding mended: where the user's file wrote 1e-7 anywhere (a tf.clip_by_value in another
  function), Keras' own 1e-7 counted as the user's, held as float32 holds it, and the verdict was domain. A number
  handed to a framework function that computes at once is now the user's on its own line alone.
What the round taught about its own truths: a path-sum cancellation is named where the value with two paths is made
(u = 2kh), not at the quotient; divide_no_nan's 0 at a flat pair has partial derivatives 0 (one entry moved alone keeps
the covariance 0), though SSIM has no limit there; a slope that is subnormal in the dtype loses digits like any other
(unstable), while one below the dtype's range is rightly 0.

Truths are expressions written here, evaluated by mpmath (2,000 digits), never the user files' code; points are the
numbers the dtype holds, and a constant the program casts to the dtype is the number the dtype holds. Where a function
has a kink, a jump or a domain's edge the truth is taken from each side: where the two one-sided slopes differ, or one
is infinite, there is no derivative (NaN).
"""

import math

import mpmath

from cases import Case
from cases30b import _held, sided_grad
from cases33b import _at, _both
from cases5 import hp

T, K = "torch_lib45b.py", "tf_lib45b.py"
NAN = mpmath.nan
mpf = mpmath.mpf


# ------------------------------------------------------------------------------------------- diffusion
def _log_snr_last(beta_max, dtype="float64"):
    """L = log(ab / (1 - ab)), ab = prod_k (1 - b_k), b_k = bmin + (bmax - bmin) k / 1024, k = 0..1023:
    dL/dbmax = (dlog ab / dbmax) / (1 - ab), dlog ab / dbmax = -sum_k (k / 1024) / (1 - b_k)."""
    def truth():
        lo, hi = _held(dtype, 1e-4), _held(dtype, beta_max)
        betas = [lo + (hi - lo) * mpf(k) / 1024 for k in range(1024)]
        ab = mpmath.fprod(1 - b for b in betas)
        s = -mpmath.fsum((mpf(k) / 1024) / (1 - b) for k, b in zip(range(1024), betas))
        return {"beta_max": s / (1 - ab)}
    return hp(truth)


def _log_snr_first(beta_min, dtype="float64"):
    """The first step's alpha_bar is 1 - bmin: L = log(1 - bmin) - log(bmin), dL/dbmin = -1/(1 - bmin) - 1/bmin."""
    def truth():
        b = _held(dtype, beta_min)
        return {"beta_min": -1 / (1 - b) - 1 / b}
    return hp(truth)


def _cosine_beta(t, dtype="float64"):
    """beta(t) = min(1 - f(t) / f(t - 1), 0.999), f(u) = cos((u / 1000 + s) / S * pi / 2)^2, s, S = 1 + s and pi as
    the dtype holds them (the program multiplies by math.pi, then halves)."""
    def beta(t):
        s, big_s, pi = _held(dtype, 0.008), _held(dtype, 1 + 0.008), _held(dtype, math.pi)

        def f(u):
            return mpmath.cos((u / 1000 + s) / big_s * pi / 2) ** 2
        return min(1 - f(t) / f(t - 1), _held(dtype, 0.999))
    return sided_grad(beta, dtype, t=t)


def _log_snr_rule(ab, dtype="float64"):
    """sum log(a / (1 - a)): 1 / a + 1 / (1 - a)."""
    def truth():
        return {"ab": [1 / a + 1 / (1 - a) for a in (_held(dtype, v) for v in ab)]}
    return hp(truth)


# ------------------------------------------------------------------------------------------- optical flow and stereo
def _charbonnier(x, dtype="float64"):
    """sum sqrt(x^2 + e), e = the held 1e-3 ** 2: x / sqrt(x^2 + e)."""
    def truth():
        e = _held(dtype, 1e-3 ** 2)
        return {"x": [v / mpmath.sqrt(v * v + e) for v in (_held(dtype, u) for u in x)]}
    return hp(truth)


def _abs_slope(x, dtype="float64"):
    """sum sqrt(x^2) = sum |x|: sign(x), none at 0."""
    def truth():
        return {"x": [NAN if v == 0 else mpmath.sign(v) for v in (_held(dtype, u) for u in x)]}
    return hp(truth)


def _charbonnier_gen(x, dtype="float64"):
    """sum (x^2 + e)^p, p = 0.45: 2 p x (x^2 + e)^(p - 1)."""
    def truth():
        e, p = _held(dtype, 1e-3 ** 2), _held(dtype, 0.45)
        return {"x": [2 * p * v * (v * v + e) ** (p - 1) for v in (_held(dtype, u) for u in x)]}
    return hp(truth)


FB = 720.0 * 0.54


def _depth(d, dtype="float64", floor=None, masked=False):
    """sum fB / g(d): -fB / d^2 where d is used; 0 where the floor (1e-3) or the mask takes over; none on the floor,
    none at a pole."""
    def truth():
        fb = _held(dtype, FB)
        out = []
        for v in (_held(dtype, u) for u in d):
            if floor is not None and v < _held(dtype, floor) or masked and v < 0:
                out.append(mpf(0))
            elif v == 0 or floor is not None and v == _held(dtype, floor):
                out.append(NAN)
            else:
                out.append(-fb / v ** 2)
        return {"d": out}
    return hp(truth)


DISP = [0, 1, 2, 3]


def _soft_argmin(cost, dtype="float64"):
    """E = sum_i p_i d_i, p = softmax(-c): dE/dc_i = -p_i (d_i - E)."""
    def truth():
        c = [_held(dtype, v) for v in cost]
        top = max(-v for v in c)
        e = [mpmath.exp(-v - top) for v in c]
        p = [v / mpmath.fsum(e) for v in e]
        mean = mpmath.fsum(a * b for a, b in zip(p, DISP))
        return {"cost": [-a * (b - mean) for a, b in zip(p, DISP)]}
    return hp(truth)


def _ssim_of(c1, c2, scale=2):
    def f(x, y):
        n = len(x)
        mx, my = mpmath.fsum(x) / n, mpmath.fsum(y) / n
        vx = mpmath.fsum((a - mx) ** 2 for a in x) / n
        vy = mpmath.fsum((b - my) ** 2 for b in y) / n
        cov = mpmath.fsum((a - mx) * (b - my) for a, b in zip(x, y)) / n
        return (2 * mx * my + c1) * (2 * cov + c2) / ((mx ** 2 + my ** 2 + c1) * (vx + vy + c2))
    return f


def _ssim(x, y, dtype="float64", constants=True):
    c1, c2 = (_held(dtype, 0.01 ** 2), _held(dtype, 0.03 ** 2)) if constants else (0, 0)
    return sided_grad(_ssim_of(c1, c2), dtype, x=x, y=y)


def _zeros(**shape):
    return lambda: {name: [mpf(0)] * n for name, n in shape.items()}


def _nans(**shape):
    return lambda: {name: [NAN] * n for name, n in shape.items()}


# ------------------------------------------------------------------------------------------- mortality
def _gm_nll(c, dtype="float64"):
    """L = -log(A + B e^(c x)) + A x + (B / c)(e^(c x) - 1), x = 120, A and B held:
    dL/dc = -B x e^(c x) / (A + B e^(c x)) + B (c x e^(c x) - (e^(c x) - 1)) / c^2."""
    def truth():
        a, b, x, cc = _held(dtype, 5e-4), _held(dtype, 2e-5), mpf(120), _held(dtype, c)
        g = mpmath.exp(cc * x)
        return {"c": -b * x * g / (a + b * g) + b * (cc * x * g - (g - 1)) / cc ** 2}
    return hp(truth)


def _gompertz(names, b, c, dtype="float64"):
    """log S = -b / c (e^(c x) - 1): d/db = -(e^(c x) - 1) / c, d/dc = b ((e^(c x) - 1) - c x e^(c x)) / c^2."""
    def truth():
        bb, cc, x = _held(dtype, b), _held(dtype, c), mpf(120)
        g = mpmath.expm1(cc * x)
        both = {"b": -g / cc, "c": bb * (g - cc * x * (g + 1)) / cc ** 2}
        return {n: both[n] for n in names}
    return hp(truth)


LC_A, LC_B, LC_K = [-6.0, -4.5, -2.0], [0.5, 0.3, 0.2], [10.0, 0.0, -10.0]
LC_EXPOSURE = [[1.0e4, 1.2e4, 1.5e4], [8.0e3, 9.0e3, 1.0e4], [2.0e3, 2.5e3, 3.0e3]]
LC_DEATHS = [[3.0, 2.0, 5.0], [40.0, 35.0, 30.0], [300.0, 280.0, 250.0]]


def _lee_carter(names):
    """sum_xt E m - D eta, eta = a_x + b_x k_t + log E, m = e^(a + b k): d/dk_t = sum_x b_x r_xt, d/da_x = sum_t r_xt,
    r = E m - D (the exposures' logs cancel: e^(log E) = E)."""
    def truth():
        r = [[mpf(LC_EXPOSURE[x][t]) * mpmath.exp(mpf(LC_A[x]) + mpf(LC_B[x]) * mpf(LC_K[t])) - mpf(LC_DEATHS[x][t])
              for t in range(3)] for x in range(3)]
        grads = {"k": [mpmath.fsum(mpf(LC_B[x]) * r[x][t] for x in range(3)) for t in range(3)],
                 "a": [mpmath.fsum(r[x]) for x in range(3)]}
        return {name: grads[name.split(".")[-1].replace("kappa", "k")] for name in names}
    return hp(truth)


def _lc_rate(kappa, dtype="float64"):
    """rate - D log(rate + eps), rate = E e^(a + b k), eps = 1e-8 held: d/dk = b rate (1 - D / (rate + eps))."""
    def truth():
        k, eps = _held(dtype, kappa), _held(dtype, 1e-8)
        rate = 10000 * mpmath.exp(-6 + mpf("0.5") * k)
        return {"kappa": mpf("0.5") * rate * (1 - 3 / (rate + eps))}
    return hp(truth)


# ------------------------------------------------------------------------------------------- pharmacodynamics
def _hill(conc, dtype="float64"):
    """sum Emax C^2 / (K^2 + C^2), K^2 = 4: 2 Emax C K^2 / (K^2 + C^2)^2."""
    def truth():
        return {"conc": [200 * c * 4 / (4 + c * c) ** 2 for c in (_held(dtype, v) for v in conc)]}
    return hp(truth)


def _hill_logistic(log_conc, dtype="float64"):
    """Emax sigmoid(2 (l - ln 2)), ln 2 held: 2 Emax s (1 - s)."""
    def truth():
        out = []
        for v in (_held(dtype, u) for u in log_conc):
            z = 2 * (v - _held(dtype, math.log(2.0)))
            s = 1 / (1 + mpmath.exp(-z))
            out.append(200 * s * (1 - s) if z < 0 else 200 * mpmath.exp(-z) / (1 + mpmath.exp(-z)) ** 2)
        return {"log_conc": out}
    return hp(truth)


# ------------------------------------------------------------------------------------------- ocean waves
def _group_ratio(k, dtype="float64"):
    """1/2 (1 + u / sinh u), u = 2 k (h = 1): d/dk = (sinh u - u cosh u) / sinh^2 u."""
    def truth():
        u = 2 * _held(dtype, k)
        return {"k": (mpmath.sinh(u) - u * mpmath.cosh(u)) / mpmath.sinh(u) ** 2}
    return hp(truth)


def _group_ratio_series(k, dtype="float64"):
    """Below the switch the program's series 1/2 (1 - u^2 / 6): d/dk = -u / 3 = -2k / 3."""
    return hp(lambda: {"k": -2 * _held(dtype, k) / 3})


# ------------------------------------------------------------------------------------------- Keras losses
def _logcosh(x, dtype="float64"):
    """mean log cosh x: tanh(x_i) / n."""
    return hp(lambda: {"x": [mpmath.tanh(_held(dtype, v)) / len(x) for v in x]})


DEATHS = [3, 0, 7]


def _poisson(rate, dtype="float64"):
    """mean(r - D log(r + eps)), eps = 1e-7 held: (1 - D / (r + eps)) / n."""
    def truth():
        eps = _held(dtype, 1e-7)
        return {"rate": [(1 - d / (_held(dtype, r) + eps)) / 3 for r, d in zip(rate, DEATHS)]}
    return hp(truth)


SHARES = [0.2, 0.3, 0.5]


def _kld(q, dtype="float64"):
    """sum y log(y / clip(q, eps, 1)), eps = the 1e-7 Keras writes (a library's constant, as written in every dtype):
    -y / q inside the clip, 0 outside, none on it."""
    def f(q):
        eps = mpf(1e-7)
        return mpmath.fsum(_held(dtype, y) * mpmath.log(_held(dtype, y) / min(max(v, eps), mpf(1)))
                           for y, v in zip(SHARES, q))
    return sided_grad(f, dtype, q=q)


def _log_poisson_full(counts, dtype="float64"):
    """sum e^0.5 - 0.5 c + [c > 1](c log c - c + 1/2 log(2 pi c)): -0.5 + [c > 1](log c + 1 / 2c); at c = 1 the Stirling
    term switches on at -1 + log(2 pi) / 2 = -0.08: a jump, no derivative."""
    def f(counts):
        half, two_pi = _held(dtype, 0.5), _held(dtype, 2 * math.pi)
        total = 0
        for c in counts:
            total += mpmath.exp(half) - half * c
            if c > 1:
                total += c * mpmath.log(c) - c + half * mpmath.log(two_pi * c)
        return total
    return sided_grad(f, dtype, counts=counts)


CHEAP_RATES = [2.5, 0.0, 6.0]

SNR_LAST_T = "alpha_bar = torch.cumprod(1 - linear_betas(BETA_MIN, beta_max), dim=0)"
SNR_FIRST_T = "def log_snr_first(beta_min)>>return torch.log(ab) - torch.log(1 - ab)"
SNR_LAST_K = "alpha_bar = tf.math.cumprod(1.0 - _betas(beta_max))"
SNR_SLIP = "class LogSNRSlip>>def backward(ctx, grad):"
CHARB_NO_EPS = "return torch.sqrt(x * x).sum()"
DEPTH_WHERE = "depth = torch.where(d > 0, FOCAL * BASELINE / d, torch.zeros_like(d))"
SOFTMIN_NAIVE = "e = torch.exp(-cost)"
SOFTMIN_LINE = "p = F.softmin(cost, dim=0)"
GM_LINE = "survival = torch.exp(-MAKEHAM_A * x - GOMPERTZ_B / c * torch.expm1(c * x))"
GOMPERTZ_SLIP = "class GompertzLogSurvivalSlip>>def backward(ctx, grad):"
LC_RATE_LINE = "rate = LC_E * torch.exp(LC_A + LC_B * kappa)"
HILL_LINE = "return (EMAX * conc ** 2 / (EC50 ** 2 + conc ** 2)).sum()"
GROUP_LINE = "return 0.5 * (1.0 + kh2 / tf.sinh(kh2))"
GROUP_KH2 = "def group_ratio(k)>>kh2 = 2.0 * k * DEPTH"
LOGCOSH_LINE = "return tf.reduce_mean(tf.math.log(tf.cosh(x)))"
LC_TF_SLIP = "def grad(dy, variables=None):"

COST_WIDE = [800, -800, -799, 0]
COST_WIDE32 = [100, -100, -99, 0]
COST_WIDE80 = [80, -80, -79, 0]
FLAT = [0.5, 0.5, 0.5, 0.5]
PATCH_X, PATCH_Y = [0.2, 0.4, 0.6, 0.8], [0.25, 0.35, 0.65, 0.7]

TORCH = _both(T, "log_snr_last", {"beta_max": 0.02}, lambda d: _log_snr_last(0.02, d)) + [
    # beta_max = 0.2: alpha_bar = e^-110 underflows float32 inside the running product, log(0)
    Case(T, "log_snr_last", _at(beta_max=0.2), "float32", "unstable", _log_snr_last(0.2, "float32"), SNR_LAST_T),
    Case(T, "log_snr_last", _at(beta_max=0.2), "float64", "ok", _log_snr_last(0.2)),
    Case(T, "log_snr_last_logspace", _at(beta_max=0.2), "float32", "ok", _log_snr_last(0.2, "float32")),
    # beta_max = 0.9: alpha_bar = e^-760 underflows float64 as well
    Case(T, "log_snr_last", _at(beta_max=0.9), "float64", "unstable", _log_snr_last(0.9), SNR_LAST_T),
    Case(T, "log_snr_last_logspace", _at(beta_max=0.9), "float64", "ok", _log_snr_last(0.9)),
    # the first step: 1 - alpha_bar = 1 - (1 - 1e-6) keeps one or two digits in float32
    Case(T, "log_snr_first", _at(beta_min=1e-6), "float32", "unstable", _log_snr_first(1e-6, "float32"), SNR_FIRST_T),
    Case(T, "log_snr_first", _at(beta_min=1e-2), "float64", "ok", _log_snr_first(1e-2)),
    Case(T, "log_snr_first_logspace", _at(beta_min=1e-6), "float32", "ok", _log_snr_first(1e-6, "float32")),
    # the cosine schedule: an ordinary step, and the last, where beta ~ 1 is clipped at 0.999 (flat)
    Case(T, "cosine_beta", _at(t=500), "float64", "ok", _cosine_beta(500)),
    Case(T, "cosine_beta", _at(t=500), "float32", "ok", _cosine_beta(500, "float32")),
    Case(T, "cosine_beta", _at(t=1000), "float64", "ok", _cosine_beta(1000)),
    Case(T, "log_snr_rule", _at(ab=[0.5, 0.9]), "float64", "ok", _log_snr_rule([0.5, 0.9])),
    Case(T, "log_snr_rule_slip", _at(ab=[0.5, 0.9]), "float64", "wrong", _log_snr_rule([0.5, 0.9]), SNR_SLIP),
    # optical flow: Charbonnier with eps = 1e-3 is smooth everywhere
    Case(T, "charbonnier", _at(x=[0, 1e-30, -2]), "float32", "ok", _charbonnier([0, 1e-30, -2], "float32")),
    Case(T, "charbonnier", _at(x=[0, 1e-300, -2]), "float64", "ok", _charbonnier([0, 1e-300, -2])),
    # eps = 0: |x| as sqrt(x^2), a cusp at 0; at 1e-30 (float32) and 1e-200 (float64) x^2 underflows, sqrt's slope inf
    Case(T, "charbonnier_no_eps", _at(x=[0, -2]), "float64", "domain", _abs_slope([0, -2])),
    Case(T, "charbonnier_no_eps", _at(x=[1e-30, -2]), "float32", "unstable", _abs_slope([1e-30, -2], "float32"),
         CHARB_NO_EPS),
    Case(T, "charbonnier_no_eps", _at(x=[1e-200, -2]), "float64", "unstable", _abs_slope([1e-200, -2]), CHARB_NO_EPS),
    Case(T, "charbonnier_generalised", _at(x=[0, 1e-300, -2]), "float64", "ok", _charbonnier_gen([0, 1e-300, -2])),
    # stereo depth f B / d: a pole at disparity 0; floored at 1e-3 (flat below, no slope on the floor); masked
    Case(T, "depth_from_disparity", _at(d=[0, 5]), "float64", "domain", _depth([0, 5])),
    Case(T, "depth_clamped", _at(d=[0, 5]), "float64", "ok", _depth([0, 5], floor=1e-3)),
    Case(T, "depth_clamped", _at(d=[1e-3, 5]), "float32", "domain", _depth([1e-3, 5], "float32", floor=1e-3)),
    # an invalid disparity -1: the mask takes 0, but f B / d's backward at -1 is finite: no leak here
    Case(T, "depth_masked", _at(d=[-1, 5]), "float64", "ok", _depth([-1, 5], masked=True)),
    # at d = 0 the idle f B / 0 = inf: its backward 0 * -inf leaks NaN where the masked depth is flat from the left
    # and jumps from the right (no derivative): domain either way
    Case(T, "depth_masked", _at(d=[0, 5]), "float64", "domain", _depth([0, 5], masked=True)),
    Case(T, "soft_argmin", _at(cost=COST_WIDE), "float64", "ok", _soft_argmin(COST_WIDE)),
    # float32 at +-80: e^-160 underflows, but its slope 3e-70 is below float32 too (0 is right): ok
    Case(T, "soft_argmin", _at(cost=COST_WIDE80), "float32", "ok", _soft_argmin(COST_WIDE80, "float32")),
    # at +-100 the fourth weight e^-100 / (1 + e^-1) = 2.8e-44 is subnormal in float32 (20 of its steps), and its
    # slope -4.7e-44 comes out -4.9e-44: 4% off, unstable (named at the softmin)
    Case(T, "soft_argmin", _at(cost=COST_WIDE32), "float32", "unstable", _soft_argmin(COST_WIDE32, "float32"),
         SOFTMIN_LINE),
    Case(T, "soft_argmin_naive", _at(cost=COST_WIDE), "float64", "unstable", _soft_argmin(COST_WIDE), SOFTMIN_NAIVE,
         "torch.logsumexp("),
    Case(T, "soft_argmin_naive", _at(cost=[0.5, 0.1, 0.3, 1]), "float32", "ok",
         _soft_argmin([0.5, 0.1, 0.3, 1], "float32")),
    # SSIM: identical patches are its maximum (slope 0), flat or not; without constants a flat pair is 0/0
    Case(T, "ssim", _at(x=FLAT, y=FLAT), "float64", "ok", _zeros(x=4, y=4)),
    Case(T, "ssim", _at(x=PATCH_X, y=PATCH_Y), "float32", "ok", _ssim(PATCH_X, PATCH_Y, "float32")),
    Case(T, "ssim_no_constants", _at(x=PATCH_X, y=PATCH_X), "float64", "ok", _zeros(x=4, y=4)),
    Case(T, "ssim_no_constants", _at(x=FLAT, y=FLAT), "float64", "domain", _nans(x=4, y=4)),
    # mortality: Gompertz-Makeham at age 120
    Case(T, "gm_death_nll", _at(c=0.1), "float32", "ok", _gm_nll(0.1, "float32")),
    # c = 0.12 in float32: S(120) = e^-300 underflows; c = 0.15 in float64: e^-8800
    Case(T, "gm_death_nll", _at(c=0.12), "float32", "unstable", _gm_nll(0.12, "float32"), GM_LINE),
    Case(T, "gm_death_nll", _at(c=0.15), "float64", "unstable", _gm_nll(0.15), GM_LINE),
    Case(T, "gm_death_nll_logspace", _at(c=0.15), "float64", "ok", _gm_nll(0.15)),
    Case(T, "gm_death_nll_logspace", _at(c=0.12), "float32", "ok", _gm_nll(0.12, "float32")),
    Case(T, "gompertz_log_survival", _at(b=2e-5, c=0.1), "float64", "ok", _gompertz(("b", "c"), 2e-5, 0.1)),
    Case(T, "gompertz_log_survival_slip", _at(b=2e-5, c=0.1), "float64", "wrong", _gompertz(("b", "c"), 2e-5, 0.1),
         GOMPERTZ_SLIP),
    # the slip is in c's slope only: asked for b alone it is harmless
    Case(T, "gompertz_log_survival_slip", _at(b=3e-5, c=0.1), "float64", "ok", _gompertz(("b",), 3e-5, 0.1), wrt="b"),
    Case(T, "lee_carter_nll", None, "float64", "ok", _lee_carter(("model.k",)), args="lee_carter_args", wrt="model.k"),
    Case(T, "lee_carter_rate_nll", _at(kappa=0), "float32", "ok", _lc_rate(0, "float32")),
    # e^-101 is subnormal in float32 (10 of its steps): the rate, and the score 1.5e8 times it, 5% off
    Case(T, "lee_carter_rate_nll", _at(kappa=-190), "float32", "unstable", _lc_rate(-190, "float32"), LC_RATE_LINE),
    # e^-741 subnormal in float64
    Case(T, "lee_carter_rate_nll", _at(kappa=-1470), "float64", "unstable", _lc_rate(-1470), LC_RATE_LINE),
    # e^-806 is below float64: rate 0, slope 0 for an exact -1.5e-338, which float64 cannot hold either
    Case(T, "lee_carter_rate_nll", _at(kappa=-1600), "float64", "ok", _lc_rate(-1600)),
    # pharmacodynamics: C^2 overflows at C = 1e300 (inf / inf)
    Case(T, "hill", _at(conc=[3, 0.5]), "float32", "ok", _hill([3, 0.5], "float32")),
    Case(T, "hill", _at(conc=[1e300, 0.5]), "float64", "unstable", _hill([1e300, 0.5]), HILL_LINE),
    Case(T, "hill_logistic", _at(log_conc=[690.7755, 1]), "float64", "ok", _hill_logistic([690.7755, 1])),
    Case(T, "hill_logistic", _at(log_conc=[-80, 1]), "float32", "ok", _hill_logistic([-80, 1], "float32")),
    # input errors
    Case(T, "log_snr_lst", _at(beta_max=0.02), "float64", "input-error", message=("log_snr_lst",)),
    Case(T, "lee_carter_nll", None, "float64", "input-error", args="lee_carter_data", wrt="model.kappa",
         message=("model.kappa",)),
    Case(T, "gm_death_nll", "c=0.1.2", "float64", "input-error", message=("0.1.2",)),
]

TF = _both(K, "group_ratio", {"k": 0.5}, lambda d: _group_ratio(0.5, d)) + [
    # deep water, kh = 400: sinh(800) overflows, u / inf = 0 holds, its backward -0 * cosh = NaN
    Case(K, "group_ratio", _at(k=400), "float64", "unstable", _group_ratio(400), GROUP_LINE),
    Case(K, "group_ratio", _at(k=50), "float32", "unstable", _group_ratio(50, "float32"), GROUP_LINE),
    # very shallow water, kh = 1e-300: the quotient's two paths, 2.5e299 each, cancel to 0 for -6.7e-301
    # (named where u = 2kh is made: the value whose two paths' slopes cancel)
    Case(K, "group_ratio", _at(k=1e-300), "float64", "unstable", _group_ratio(1e-300), GROUP_KH2),
    Case(K, "group_ratio_stable", _at(k=1e-300), "float64", "ok", _group_ratio_series(1e-300)),
    Case(K, "group_ratio_stable", _at(k=400), "float64", "ok", _group_ratio(400)),
    Case(K, "group_ratio_stable", _at(k=30), "float32", "ok", _group_ratio(30, "float32")),
    Case(K, "log_snr_last", _at(beta_max=0.2), "float32", "unstable", _log_snr_last(0.2, "float32"), SNR_LAST_K),
    Case(K, "log_snr_last_logspace", _at(beta_max=0.2), "float32", "ok", _log_snr_last(0.2, "float32")),
    Case(K, "logcosh_keras", _at(x=[800, -800, 0.5]), "float64", "ok", _logcosh([800, -800, 0.5])),
    Case(K, "logcosh_keras", _at(x=[800, -800, 0.5]), "float32", "ok", _logcosh([800, -800, 0.5], "float32")),
    Case(K, "logcosh_naive", _at(x=[800, -800, 0.5]), "float64", "unstable", _logcosh([800, -800, 0.5]),
         LOGCOSH_LINE),
    # a zero expected count where 0 deaths were seen, and one where 3 were: eps keeps the log finite
    Case(K, "poisson_keras", _at(rate=CHEAP_RATES), "float32", "ok", _poisson(CHEAP_RATES, "float32")),
    Case(K, "poisson_keras", _at(rate=[0, 0.5, 6]), "float64", "ok", _poisson([0, 0.5, 6])),
    # q_0 = 1e-9 under the clip (flat), and exactly on it (no derivative)
    Case(K, "kld_keras", _at(q=[1e-9, 0.5, 0.5]), "float64", "ok", _kld([1e-9, 0.5, 0.5])),
    # float32(1e-7) is 1.2e-15 above the 1e-7 Keras writes: inside its clip (K1, the round's truth error)
    Case(K, "kld_keras", _at(q=[1e-7, 0.5, 0.5]), "float32", "ok", _kld([1e-7, 0.5, 0.5], "float32")),
    Case(K, "log_poisson_full", _at(counts=[3, 0.5, 7]), "float64", "ok", _log_poisson_full([3, 0.5, 7])),
    # a count of exactly 1: Stirling's term switches on with a jump of -0.08
    Case(K, "log_poisson_full", _at(counts=[1, 0.5, 7]), "float64", "domain", _log_poisson_full([1, 0.5, 7])),
    Case(K, "lee_carter_tf", None, "float64", "ok", _lee_carter(("a", "model.kappa")), args="lee_carter_args",
         wrt="a,model.kappa"),
    Case(K, "lee_carter_tf", None, "float64", "wrong", _lee_carter(("model.kappa",)), LC_TF_SLIP,
         args="lee_carter_slip_args", wrt="model.kappa"),
    Case(K, "soft_argmin_lse", _at(cost=COST_WIDE), "float64", "ok", _soft_argmin(COST_WIDE)),
    Case(K, "ssim_no_nan", _at(x=PATCH_X, y=PATCH_Y), "float64", "ok", _ssim(PATCH_X, PATCH_Y, constants=False)),
    # a flat pair: divide_no_nan answers 0 for 0/0; SSIM has no limit there (1 along x = y), but moving one entry
    # alone keeps the covariance 0 and the value 0: every partial derivative is 0, as TensorFlow says
    Case(K, "ssim_no_nan", _at(x=FLAT, y=FLAT), "float64", "ok", _zeros(x=4, y=4)),
    # input errors
    Case(K, "group_ratio", _at(kh=0.5), "float64", "input-error", message=("'kh' is not a variable", "variables: k")),
    Case(K, "lee_carter_tf", None, "float64", "input-error", args="lee_carter_argz", wrt="model.kappa",
         message=("lee_carter_argz",)),
]

ALL = TORCH + TF
