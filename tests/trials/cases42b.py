"""The forty-second trial set (b), PyTorch and TensorFlow (Keras; TensorFlow Probability is not installed), in photonics,
fisheries science, actuarial science, credit risk and project finance: a Fabry-Perot etalon's transmission in dB by
the log of 1/(1 + F sin^2) (right at F = 10; at F = 1e30 in float32 and 1e300 in float64 T holds but the reciprocal's
backward squares it to 0) and by -log10(1 + F sin^2) (right at 1e300; at F = 1e-20 the value -1e-20 dB rounds to 0, and
the log1p rewrite gradcli tries crashes: L1), a threshold photon detector's click log-likelihood by 1 - exp (log(0) at
mu = 1e-20 and float32 1e-10; in float32 at mu = 0.003, next to its maximum, the score 998.5 - 997 amplifies the
cancelled 1 - e^-mu 670 times: unstable, fix expm1/log1mexp re-checked) and by expm1, a Gaussian beam's radius (flat
in z at its waist; a waist of 1e-150 m, where (z/zR)^2 overflows; 1e-200 m, whose slope -3.4e393 is beyond float64:
domain), fused silica's Sellmeier index as an autograd.Function answering ctx.needs_input_grad (right; the square
root's 1/2 forgotten: wrong at its backward, harmless under --wrt b1), a fibre link's received dBm through
10 ** (-loss/10) at 4000 dB (underflow, log10(0)) and written directly, a pulse-shaping nn.Conv1d read by
--wrt model.conv.weight (and a mistyped one), the degree of polarisation by torch.linalg.vector_norm (unpolarised
light: the norm's cone, domain); Baranov's catch equation (right; at F + M = 1e-12 1 - e^-z keeps four digits; at
0, 0/0: domain), with its z -> 0 limit put in by one torch.where (the idle 0/0 leaks NaN: wrong at the where) and by
the double where (ok: slopes 1000 and 0), a cohort's log survival through a torch.cumprod whose e^-900 underflows (P1),
log-scale cumulative landings by log(cumsum(exp)) at -800 and by torch.logcumsumexp; an annuity-immediate by
(1 - v^30)/i (right at 5%, cancelling at 1e-10, 0/0 at 0) and by tf.math.cumprod of tf.fill'd discount factors (right
at 0 and 1e-10), behind tf.custom_gradient with the modified duration (right) and the Macaulay duration (wrong at 5%,
right at 0, where v = 1 makes them equal), a bond book priced off a tf.Module whose credit spread is a tf.Variable,
its gradient through variables= (right; the maturities forgotten: wrong), a life table's log survival by tf.scan
(e^-900 underflowing in its body: P1) and by tf.math.cumsum, Vasicek's worst-case default rate (Basel IRB) by
tf.math.ndtri and erfc (right in both dtypes; at rho = 0 sqrt's slope is +inf on its one side: J1; at pd = 1e-300 the
rate 1e-321 is subnormal: unstable), a claims-frequency Keras Conv1D under keras.losses.Poisson by --wrt conv.kernel,
and an internal rate of return by 30 Newton steps in a tf.while_loop inside tf.function (its implicit slopes, both
dtypes); input errors (a mistyped function, parameter or variable name, a point that is no number, a variable
forgotten). `gradcli sweep` ran on click_loglik (PyTorch, mu = 1e-30..10, log) and annuity_naive (TensorFlow, i =
-0.5..0.5): both finish, the expm1 and log1mexp fixes swept ok over the whole range; the sweep's 41 log-spaced points
step over the narrow float32 band around the likelihood's maximum (mu = 0.003 is unstable, the strip says ok from
2.7e-4 to 10: a sampling limit the strip's intervals do not state).

Truths are expressions written here, evaluated by mpmath (2,000 digits), never the user files' code; points are the
numbers the dtype holds, a constant the user's code writes is the number the dtype holds (pi, 1.064e-6, the Sellmeier
coefficients, Q999 and math.sqrt(2.0) in float32: the last moves Vasicek's slopes by 1.4e-9 relative), and Keras'
epsilon (1e-7) is the number Keras casts to the dtype. A slope whose true value is beyond float64's range has the
verdict `domain`, as in earlier rounds.

Found by this round, each mended in the same session (tests/test_trial_findings42.py), after which all 67 cases pass:
- L1: the log1p rewrite of torch.log10(1 + u) (and torch.log2) is spelled `torch.log1p(u) / torch.log(10)`, which
  raises TypeError (torch.log takes no Python number); the re-check's failure is reported as "rewrites tried that
  did not help: log1p (worse at ...)", so no fix is offered and the note hides the crash. gradcli.numpy's
  np.log10(1 + u) gets `np.log1p(u) / np.log(10)`, re-checked ok. (checker/fixes._LOG_DIVISORS writes the divisor as
  a call of the framework's log.) Mended: a call on numbers alone is written with Python's math (`math.log(10)`,
  the import added), TensorFlow's tf.experimental.numpy.log10 is read, and a rewrite whose re-check raises says so.
- P1: an underflow inside a product reduction (torch.cumprod, torch.prod, tf.reduce_prod, a multiply in a tf.scan
  body) is not named: the finding is only "log(0.0) gave -inf" at the log's line, where the same product written as
  a Python loop of multiplies is named at the multiply ("underflowed to 0.0 ... the root cause is the underflow, not
  log"). Mended: a product of finite nonzero numbers that is 0 underflowed, and the entry read out of it (PyTorch's
  select, TensorFlow's strided slice) is linked to it.
- J1 (JSON): at a one-sided infinite slope through sqrt at 0 (tf.sqrt, torch.sqrt, gradcli.numpy's sqrt alike) the
  report's exact_gradient says "inf" and exact_gradient_why "+inf from the right", but exact_gradient_text says
  "nan" (the terminal: "no finite derivative"); xlogy's +inf at 0 (round 41b) gives a text of None. Mended: the
  text is the settled one-sided limit's ("+inf").
What the round taught about its own truths: a constant the program writes and the dtype rounds (math.sqrt(2.0) in
float32) is part of the function; a float32 score near a likelihood's maximum cancels, so "ok in float64" does not
carry over; a cancellation is named where it is amplified most (the score's subtraction), not where its inputs first
lost digits.
"""

import math

import mpmath

from cases import Case
from cases5 import hp
from cases12a import num_grad
from cases30b import _held
from cases33b import _at, _both
from cases39b import _nan_like

T, K = "torch_lib42b.py", "tf_lib42b.py"
NAN, INF = mpmath.nan, mpmath.inf
mpf = mpmath.mpf


# ------------------------------------------------------------------------------------------- photonics
def _etalon(phase, coeff):
    """10 log10(1 / (1 + F sin^2(phase / 2))); the log form -10 log10(1 + F sin^2) is the same function."""
    return 10 * mpmath.log10(1 / (1 + coeff * mpmath.sin(phase / 2) ** 2))


def _clicks(mu, dtype="float64"):
    """K log(1 - e^-mu) - (N - K) mu: slope K / expm1(mu) - (N - K), K = 3, N = 1000."""
    return hp(lambda: {"mu": 3 / mpmath.expm1(_held(dtype, mu)) - 997})


def _beam(dtype):
    """w0 sqrt(1 + (z / zr)^2), zr = P w0^2 / L, P and L the program's pi and 1.064e-6 as the dtype holds them."""
    p, lam = _held(dtype, math.pi), _held(dtype, 1.064e-6)

    def f(z, w0):
        zr = p * w0 ** 2 / lam
        return w0 * mpmath.sqrt(1 + (z / zr) ** 2)
    return f


B = (0.6961663, 0.4079426, 0.8974794)
C = (0.0684043 ** 2, 0.1162414 ** 2, 9.896161 ** 2)


def _sellmeier(dtype):
    """sqrt(1 + b1 l^2/(l^2 - C0) + B1 l^2/(l^2 - C1) + B2 l^2/(l^2 - C2)), the constants as the dtype holds them."""
    b, c = [_held(dtype, v) for v in B], [_held(dtype, v) for v in C]

    def f(lam, b1):
        l2 = lam ** 2
        return mpmath.sqrt(1 + b1 * l2 / (l2 - c[0]) + b[1] * l2 / (l2 - c[1]) + b[2] * l2 / (l2 - c[2]))
    return f


def _link(length, alpha, dtype="float64"):
    """10 log10(10^(-a L / 10)) = -a L."""
    return hp(lambda: {"length": -_held(dtype, alpha), "alpha_db": -_held(dtype, length)})


TRACE = [0.0, 1.0, 3.0, 0.5, 0.0]
WANTED = [0.2, 1.0, 2.0, 1.0, 0.2]


def _shaper(w):
    """mean_t (softplus(-0.1 + w0 x_{t-1} + w1 x_t + w2 x_{t+1}) - y_t)^2, x zero-padded."""
    x = [mpf(0)] + [mpf(v) for v in TRACE] + [mpf(0)]
    total = 0
    for t in range(5):
        u = mpf(-0.1) + w[0] * x[t] + w[1] * x[t + 1] + w[2] * x[t + 2]
        total += (mpmath.log1p(mpmath.exp(u)) - mpf(WANTED[t])) ** 2
    return total / 5


def _shaper_truth():
    inner = num_grad(_shaper, w=[0.25, 0.5, 0.25])
    return lambda: {"model.conv.weight": [[inner()["w"]]]}


def _polarisation(stokes):
    def truth():
        s = [mpf(v) for v in stokes]
        n = mpmath.sqrt(sum(v * v for v in s[1:]))
        if n == 0:
            return {"stokes": [mpf(0), NAN, NAN, NAN]}
        return {"stokes": [-n / s[0] ** 2] + [v / (n * s[0]) for v in s[1:]]}
    return hp(truth)


# ------------------------------------------------------------------------------------------- fisheries
def _baranov(f, m):
    z = f + m
    return 1000 * f * (1 - mpmath.exp(-z)) / z


def _softmax(zs):
    top = max(zs)
    e = [mpmath.exp(v - top) for v in zs]
    return [v / sum(e) for v in e]


def _landings(log_catch):
    return hp(lambda: {"log_catch": _softmax([mpf(v) for v in log_catch])})


ETALON_LINE = "transmission = 1 / (1 + coeff * torch.sin(phase / 2) ** 2)"
ETALON_LOG_LINE = "return -10 * torch.log10(1 + coeff * torch.sin(phase / 2) ** 2)"
CLICK_LINE = "p_click = 1 - torch.exp(-mu)"
SCORE_LINE = "def click_loglik(mu)>>return CLICKS * torch.log(p_click) - (TRIALS - CLICKS) * mu"
BEAM_LINE = "return w0 * torch.sqrt(1 + ratio ** 2)"
SELLMEIER_SLIP = "class SellmeierIndexSlip>>def backward(ctx, grad):"
LINK_LINE = "power_mw = LAUNCH_MW * 10 ** (-alpha_db * length / 10)"
BARANOV_LINE = "return RECRUITS * f / z * (1 - torch.exp(-z))"
BARANOV_WHERE = "return RECRUITS * f * torch.where(z < 1e-6, 1 - z / 2, -torch.expm1(-z) / z)"
COHORT_LINE = "survivors = RECRUITS * torch.cumprod(torch.exp(-mortality), 0)"
LANDINGS_LINE = "return torch.log(torch.cumsum(torch.exp(log_catch), 0))[-1]"

ETALON_MILD = {"phase": 1, "coeff": 10}
BARANOV_MILD = {"f": 0.2, "m": 0.1}
SILICA = {"lam": 1.55, "b1": 0.6961663}
FAR_CATCH = [-800, -800, -800]

TORCH = _both(T, "transmission_db", ETALON_MILD, lambda d: num_grad(_etalon, d, **ETALON_MILD)) + [
    # F sin^2 = 2.3e29: T = 4.3e-30 holds, but the reciprocal's backward squares it (1.9e-59): 0 in float32
    Case(T, "transmission_db", _at(phase=1, coeff=1e30), "float32", "unstable",
         num_grad(_etalon, "float32", phase=1, coeff=1e30), ETALON_LINE),
    # the same in float64 at F = 1e300: T^2 = 1.9e-599
    Case(T, "transmission_db", _at(phase=1, coeff=1e300), "float64", "unstable",
         num_grad(_etalon, phase=1, coeff=1e300), ETALON_LINE),
    Case(T, "transmission_db_log", _at(phase=1, coeff=1e300), "float64", "ok", num_grad(_etalon, phase=1, coeff=1e300)),
    # F = 1e-20: 1 + 2.3e-21 rounds to 1, the value -1e-20 dB is 0; the slopes hold
    Case(T, "transmission_db_log", _at(phase=1, coeff=1e-20), "float64", "unstable",
         num_grad(_etalon, phase=1, coeff=1e-20), ETALON_LOG_LINE, "log1p("),
    Case(T, "click_loglik", _at(mu=0.003), "float64", "ok", _clicks(0.003)),
    # near its maximum (mu = 0.0030045) the score 3 / (1 - e^-mu) - 997 = 1.5 cancels 998.5 against 997 (670 times),
    # and in float32 1 - e^-mu has already lost 8 bits: 2% off, named at the score's subtraction
    Case(T, "click_loglik", _at(mu=0.003), "float32", "unstable", _clicks(0.003, "float32"), SCORE_LINE, "expm1("),
    # 1 - e^-1e-20 is 0: log(0)
    Case(T, "click_loglik", _at(mu=1e-20), "float64", "unstable", _clicks(1e-20), CLICK_LINE, "expm1("),
    Case(T, "click_loglik", _at(mu=1e-10), "float32", "unstable", _clicks(1e-10, "float32"), CLICK_LINE),
    Case(T, "click_loglik_expm1", _at(mu=1e-20), "float64", "ok", _clicks(1e-20)),
    Case(T, "click_loglik_expm1", _at(mu=1e-10), "float32", "ok", _clicks(1e-10, "float32")),
] + _both(T, "beam_radius", {"z": 0, "w0": 1e-3}, lambda d: num_grad(_beam(d), d, z=0, w0=1e-3)) + [
    # a waist of 1e-150 m: zr = 3e-294 holds, z / zr = 3.4e293 too, but its square overflows; the radius 3.4e143 m
    # and its slopes (3.4e143, -3.4e293) are float64 numbers
    Case(T, "beam_radius", _at(z=1, w0=1e-150), "float64", "unstable", num_grad(_beam("float64"), z=1, w0=1e-150),
         BEAM_LINE),
    # a waist of 1e-200 m: w0^2 underflows, zr = 0; the slope in w0, -3.4e393, is beyond float64, but the radius
    # 3.4e193 m and its slope in z are float64 numbers the underflow loses (inf): unstable in them, w0's slope said
    # beside (once `domain`, w0's missing float hiding the rest)
    Case(T, "beam_radius", _at(z=1, w0=1e-200), "float64", "unstable", num_grad(_beam("float64"), z=1, w0=1e-200)),
] + _both(T, "silica_index", SILICA, lambda d: num_grad(_sellmeier(d), d, **SILICA)) + [
    Case(T, "silica_index_slip", _at(**SILICA), "float64", "wrong", num_grad(_sellmeier("float64"), **SILICA),
         SELLMEIER_SLIP),
    # asked only for b1, the slipped wavelength gradient is never computed
    Case(T, "silica_index_slip", _at(lam=1.31, b1=0.6961663), "float64", "ok",
         lambda: {"b1": num_grad(_sellmeier("float64"), lam=1.31, b1=0.6961663)()["b1"]}, wrt="b1"),
] + _both(T, "received_dbm", {"length": 50, "alpha_db": 0.2}, lambda d: _link(50, 0.2, d)) + [
    # 4000 dB of loss: 10^-400 underflows, log10(0)
    Case(T, "received_dbm", _at(length=20000, alpha_db=0.2), "float64", "unstable", _link(20000, 0.2), LINK_LINE),
    Case(T, "received_dbm_direct", _at(length=20000, alpha_db=0.2), "float64", "ok", _link(20000, 0.2)),
    Case(T, "shaper_loss", None, "float64", "ok", _shaper_truth(), args="shaper_args", wrt="model.conv.weight"),
    Case(T, "degree_of_polarisation", _at(stokes=[1, 0.3, 0.4, 0]), "float64", "ok", _polarisation([1, 0.3, 0.4, 0])),
    # unpolarised light: the norm's cone at 0, no derivative in S1..S3; d/dS0 = -|S| / S0^2 = 0
    Case(T, "degree_of_polarisation", _at(stokes=[1, 0, 0, 0]), "float64", "domain", _polarisation([1, 0, 0, 0])),
] + _both(T, "baranov_catch", BARANOV_MILD, lambda d: num_grad(_baranov, d, **BARANOV_MILD)) + [
    # z = 1e-12: 1 - e^-z keeps four digits
    Case(T, "baranov_catch", _at(f=5e-13, m=5e-13), "float64", "unstable", num_grad(_baranov, f=5e-13, m=5e-13),
         BARANOV_LINE),
    # an unfished, immortal cohort: f / z is 0/0
    Case(T, "baranov_catch", _at(f=0, m=0), "float64", "domain", _nan_like("f", "m")),
    # the where takes 1 - z/2: C = N f (1 - z/2), slopes N and 0; the idle 0/0 sends NaN back through it
    Case(T, "baranov_catch_where", _at(f=0, m=0), "float64", "wrong", lambda: {"f": mpf(1000), "m": mpf(0)},
         BARANOV_WHERE),
    Case(T, "baranov_catch_safe", _at(f=0, m=0), "float64", "ok", lambda: {"f": mpf(1000), "m": mpf(0)}),
    # a cohort's survival through three years of mortality 300: e^-900 underflows in the running product, log(0)
    Case(T, "log_cohort_survival", _at(mortality=[300, 300, 300]), "float64", "unstable",
         lambda: {"mortality": [mpf(-1)] * 3}, COHORT_LINE),
    Case(T, "log_cohort_survival", _at(mortality=[0.2, 0.3, 0.5]), "float32", "ok",
         lambda: {"mortality": [mpf(-1)] * 3}),
    # e^-800 is 0: log(0)
    Case(T, "log_total_landings", _at(log_catch=FAR_CATCH), "float64", "unstable", _landings(FAR_CATCH),
         LANDINGS_LINE),
    Case(T, "log_total_landings_stable", _at(log_catch=FAR_CATCH), "float64", "ok", _landings(FAR_CATCH)),
    # input errors: the function's name, a parameter's name, a point that is no number, a variable forgotten
    Case(T, "baranov_catches", _at(**BARANOV_MILD), "float64", "input-error", message=("baranov_catches",)),
    Case(T, "shaper_loss", None, "float64", "input-error", args="shaper_batch", wrt="model.conv.weights",
         message=("model.conv.weights",)),
    Case(T, "click_loglik", "mu=3e-3.5", "float64", "input-error", message=("3e-3.5",)),
    Case(T, "transmission_db", _at(phase=1), "float64", "input-error", message=("coeff",)),
]


# ------------------------------------------------------------------------------------------- annuities
def _annuity(i, dtype="float64"):
    """sum_{k=1}^{30} (1 + i)^-k: slope -sum k (1 + i)^-(k + 1)."""
    return hp(lambda: {"i": -sum(k * (1 + _held(dtype, i)) ** -(k + 1) for k in range(1, 31))})


def _book(names):
    """sum_t e^-(r + s) t: both slopes -sum_t t e^-(r + s) t."""
    def truth():
        d = -sum(mpf(t) * mpmath.exp(-(mpf(0.03) + mpf(0.02)) * t) for t in (1, 2, 5, 10))
        return {n: d for n in names}
    return hp(truth)


def _vasicek(pd, rho, dtype="float64"):
    """erfc(-x / S) / 2, x = (y + sqrt(rho) Q) / sqrt(1 - rho), y = Phi^-1(pd), S and Q the program's sqrt(2) and
    3.090232306167813 as the dtype holds them: d/dx = exp(-x^2 / S^2) / (S sqrt(pi)), dx/dpd = 1 / (phi(y)
    sqrt(1 - rho)), dx/drho = Q / (2 sqrt(rho) sqrt(1 - rho)) + x / (2 (1 - rho)); +inf at rho = 0 (its one side)."""
    def truth():
        p, r = _held(dtype, pd), _held(dtype, rho)
        q, s = _held(dtype, 3.090232306167813), _held(dtype, math.sqrt(2.0))
        y = mpmath.findroot(lambda t: mpmath.ncdf(t) - p, mpmath.sqrt(2) * mpmath.erfinv(2 * p - 1))
        x = (y + mpmath.sqrt(r) * q) / mpmath.sqrt(1 - r)
        d_x = mpmath.exp(-x * x / (s * s)) / (s * mpmath.sqrt(mpmath.pi))
        d_pd = d_x / (mpmath.npdf(y) * mpmath.sqrt(1 - r))
        d_rho = INF if r == 0 else d_x * (q / (2 * mpmath.sqrt(r) * mpmath.sqrt(1 - r)) + x / (2 * (1 - r)))
        return {"pd": d_pd, "rho": d_rho}
    return hp(truth)


EXPOSURE = [1.0, 2.0, 0.5, 3.0, 1.5]
CLAIMS = [0.0, 2.0, 1.0, 4.0, 1.0]


def _claims(kernel):
    """mean_t (r_t - y_t log(r_t + 1e-7)), r_t = softplus(-0.2 + k0 x_{t-1} + k1 x_t + k2 x_{t+1}), x zero-padded."""
    x = [mpf(0)] + [mpf(v) for v in EXPOSURE] + [mpf(0)]
    total = 0
    for t in range(5):
        r = mpmath.log1p(mpmath.exp(mpf(-0.2) + kernel[0] * x[t] + kernel[1] * x[t + 1] + kernel[2] * x[t + 2]))
        total += r - mpf(CLAIMS[t]) * mpmath.log(r + mpf(1e-7))
    return total / 5


def _claims_truth():
    inner = num_grad(_claims, kernel=[0.3, 0.5, 0.2])
    return lambda: {"conv.kernel": [[[g]] for g in inner()["kernel"]]}


CASHFLOWS = [-100.0, 30.0, 40.0, 50.0]


def _irr(dtype="float64"):
    """The root r of sum_k c_k (1 + r)^-k: dr/dc_j = -(1 + r)^-j / NPV'(r), NPV'(r) = -sum_k k c_k (1 + r)^-(k + 1)."""
    def truth():
        c = [_held(dtype, v) for v in CASHFLOWS]
        r = mpmath.findroot(lambda t: sum(ck * (1 + t) ** -k for k, ck in enumerate(c)), mpf("0.09"))
        slope = -sum(k * ck * (1 + r) ** -(k + 1) for k, ck in enumerate(c))
        return {"cashflows": [-(1 + r) ** -j / slope for j in range(len(c))]}
    return hp(truth)


ANNUITY_LINE = "return (1 - (1 + i) ** -TERM) / i"
MACAULAY_SLIP = "def annuity_factor_macaulay>>def grad(dy):"
CURVE_SLIP = "class CreditCurve>>def grad(dy, variables=None):"
SCAN_LINE = "survival = tf.scan(lambda s, h: s * tf.exp(-h), hazard"
VASICEK_LINE = "return 0.5 * tf.math.erfc(-x / math.sqrt(2.0))"

TF = _both(K, "annuity_naive", {"i": 0.05}, lambda d: _annuity(0.05, d)) + [
    # 1e-10: 1 - (1 + i)^-30 = 3e-9 keeps seven digits
    Case(K, "annuity_naive", _at(i=1e-10), "float64", "unstable", _annuity(1e-10), ANNUITY_LINE),
    # a zero rate: 0/0
    Case(K, "annuity_naive", _at(i=0), "float64", "domain", _nan_like("i")),
    Case(K, "annuity_cumprod", _at(i=0), "float64", "ok", _annuity(0)),
    Case(K, "annuity_cumprod", _at(i=1e-10), "float64", "ok", _annuity(1e-10)),
    Case(K, "annuity_cumprod", _at(i=0.05), "float32", "ok", _annuity(0.05, "float32")),
    Case(K, "annuity_custom", _at(i=0.05), "float64", "ok", _annuity(0.05)),
    Case(K, "annuity_macaulay", _at(i=0.05), "float64", "wrong", _annuity(0.05), MACAULAY_SLIP),
    # at a zero rate v = 1: the Macaulay and the modified duration agree, and so does the slipped rule
    Case(K, "annuity_macaulay", _at(i=0), "float64", "ok", _annuity(0)),
    Case(K, "book_value", None, "float64", "ok", _book(("curve.spread", "rate")), args="curve_args",
         wrt="curve.spread,rate"),
    Case(K, "book_value", None, "float64", "wrong", _book(("curve.spread",)), CURVE_SLIP, args="curve_slip_args",
         wrt="curve.spread"),
    Case(K, "log_survival_scan", _at(hazard=[0.01, 0.02, 0.05]), "float64", "ok",
         lambda: {"hazard": [mpf(-1)] * 3}),
    # e^-900 underflows: log(0)
    Case(K, "log_survival_scan", _at(hazard=[300, 300, 300]), "float64", "unstable",
         lambda: {"hazard": [mpf(-1)] * 3}, SCAN_LINE),
    Case(K, "log_survival_cumsum", _at(hazard=[300, 300, 300]), "float64", "ok", lambda: {"hazard": [mpf(-1)] * 3}),
] + _both(K, "worst_case_default_rate", {"pd": 0.01, "rho": 0.12}, lambda d: _vasicek(0.01, 0.12, d)) + [
    # no correlation: sqrt(rho)'s slope is infinite at 0 (the one side there is); d/dpd = 1
    Case(K, "worst_case_default_rate", _at(pd=0.01, rho=0), "float64", "domain", _vasicek(0.01, 0)),
    # pd = 1e-300: the rate Phi(-38.3) = 1e-321 is subnormal
    Case(K, "worst_case_default_rate", _at(pd=1e-300, rho=0.12), "float64", "unstable", _vasicek(1e-300, 0.12),
         VASICEK_LINE),
    Case(K, "claims_poisson", None, "float64", "ok", _claims_truth(), args="claims_args", wrt="conv.kernel"),
    Case(K, "internal_rate", _at(cashflows=CASHFLOWS), "float64", "ok", _irr()),
    Case(K, "internal_rate", _at(cashflows=CASHFLOWS), "float32", "ok", _irr("float32")),
    # input errors: the function's name, a variable's name, a point that is no number, a variable forgotten
    Case(K, "annuity_niave", _at(i=0.05), "float64", "input-error", message=("annuity_niave",)),
    Case(K, "book_value", None, "float64", "input-error", args="curve_book", wrt="curve.sprd,rate",
         message=("curve.sprd",)),
    Case(K, "annuity_naive", "i=5%", "float64", "input-error", message=("5%",)),
    Case(K, "worst_case_default_rate", _at(pd=0.01), "float64", "input-error", message=("rho",)),
]

ALL = TORCH + TF
