"""The sixteenth trial set (first half): optimisers' steps differentiated through, normalizing flows, hidden-Markov
forward algorithms, fixed-step integrators, robust losses, the log of a variance, log-sum-exp pooling, jax.nn
activations at their extremes and switches, an entropy at a subnormal probability, a median at a tie, eigh and
cholesky of 2x2 matrices, and plain NumPy's np.select, np.piecewise, np.vectorize, np.einsum, boolean masks and
in-place updates.

Truths are the mathematics written here in mpmath, differentiated by mpmath.diff at 2,000 digits (`num_grad`) or in
closed form, never the user files' code; points are the numbers the dtype holds, constants the float64 numbers the
program writes (a Python expression of constants, such as 4.685 ** 2 / 6.0, is the float64 number Python gives). A
coordinate with no derivative is written NaN by hand.
"""

import math

import mpmath
import numpy as np

from cases import Case, mp
from cases2 import NAN
from cases5 import _in, hp
from cases12a import _f, num_grad, renamed

J, N = "jax_lib16a.py", "numpy_lib16a.py"


# --- the mathematics, written here -----------------------------------------------------------------------------------

def _adam(w):
    """Three Adam steps on sum(w^2)/2 from w, then sum((w - 1/4)^2); sqrt(v_hat) is written |.| of its argument's
    root so that a zero gradient is no special case."""
    b1, b2, eps, lr = _f(0.9), _f(0.999), _f(1e-8), _f(0.1)
    total = mp(0)
    for x in w:
        m = v = mp(0)
        for t in range(1, 4):
            g = x
            m = b1 * m + (1 - b1) * g
            v = b2 * v + (1 - b2) * g * g
            x = x - lr * (m / (1 - b1 ** t)) / (mpmath.sqrt(v / (1 - b2 ** t)) + eps)
        total += (x - _f(0.25)) ** 2
    return total


def _softplus(x):
    return mpmath.log1p(mpmath.exp(x))


PLANAR_Z = [[0.3, -1.0], [1.2, 0.4], [-0.7, 2.0]]


def _planar(u, w, b):
    wu = w[0] * u[0] + w[1] * u[1]
    shift = (-1 + _softplus(wu) - wu) / (w[0] ** 2 + w[1] ** 2)
    uh = [u[0] + shift * w[0], u[1] + shift * w[1]]
    total = mp(0)
    for z in PLANAR_Z:
        z = [_f(v) for v in z]
        a = z[0] * w[0] + z[1] * w[1] + b
        f = [z[0] + mpmath.tanh(a) * uh[0], z[1] + mpmath.tanh(a) * uh[1]]
        det = 1 + mpmath.sech(a) ** 2 * (w[0] * uh[0] + w[1] * uh[1])
        total += (f[0] ** 2 + f[1] ** 2) / 2 - mpmath.log(abs(det))
    return total


def _radial(z):
    alpha, beta = mp(1), mp(2)
    d = [z[0] - _f(0.5), z[1] + _f(0.5)]
    r = mpmath.sqrt(d[0] ** 2 + d[1] ** 2)
    h = 1 / (alpha + r)
    f = [z[k] + beta * h * d[k] for k in range(2)]
    return (f[0] ** 2 + f[1] ** 2) / 2 - mpmath.log1p(beta * h) - mpmath.log1p(beta * h - beta * h * h * r)


def _hmm(log_b, dtype="float64"):
    """The forward algorithm in probability space: alpha_t = (alpha_{t-1} A) * b_t, A's entries the dtype's log(0.9)
    and log(0.1) exponentiated (the program holds the logs: a JAX module imported with x64 off holds float32's)."""
    held = [float(np.log(np.asarray(v, dtype))) for v in (0.9, 0.1)]
    a = [[mpmath.exp(_f(held[0])), mpmath.exp(_f(held[1]))], [mp(0), mp(1)]]
    alpha = [mpmath.exp(log_b[0][0]), mp(0)]
    for row in log_b[1:]:
        alpha = [sum(alpha[i] * a[i][j] for i in range(2)) * mpmath.exp(row[j]) for j in range(2)]
    return mpmath.log(sum(alpha))


def _hmm32(log_b):
    return _hmm(log_b, "float32")


def _euler_log_energy(y0, k):
    return mpmath.log((y0 * (1 - _f(0.1) * k) ** 600) ** 2)


def _euler_energy(y0, k, dtype="float64"):
    h = _in(dtype, [0.1])[0]
    return (y0 * (1 - h * k) ** 100) ** 2


def _euler_energy32(y0, k):
    return _euler_energy(y0, k, "float32")


def _leapfrog(theta0, omega0):
    theta, omega = theta0, omega0
    half, dt = _f(0.025), _f(0.05)
    for _ in range(50):
        omega = omega - half * mpmath.sin(theta)
        theta = theta + dt * omega
        omega = omega - half * mpmath.sin(theta)
    return theta ** 2


def _tukey_slopes(r):
    """d/dr of K (1 - (1 - (r/c)^2)^3) inside |r| <= c: 6 K u (1 - u^2)^2 / c, u = r/c; 0 outside and at |r| = c."""
    c, k = _f(4.685), _f(4.685 ** 2 / 6.0)

    def slope(v):
        u = _f(v) / c
        return 6 * k * u * (1 - u * u) ** 2 / c if abs(u) <= 1 else mp(0)
    return hp(lambda: {"r": [slope(v) for v in r]})


def _cauchy_slopes(r):
    c = _f(2.3849)
    return hp(lambda: {"r": [2 * _f(v) / (c * c + _f(v) ** 2) for v in r]})


def _geman_mcclure(r):
    total = mp(0)
    for v in r:
        s = (v / _f(0.5)) ** 2
        total += 2 * s / (s + 4)
    return total


def _log_var_slopes(x):
    """d/dx_i log var(x) = 2 (x_i - mean) / (n var), var the population variance."""
    def truth():
        xs = [_f(v) for v in x]
        n = len(xs)
        mean = sum(xs) / n
        var = sum((v - mean) ** 2 for v in xs) / n
        return {"x": [2 * (v - mean) / (n * var) for v in xs]}
    return hp(truth)


def _lse_pool(x, r):
    return mpmath.log(sum(mpmath.exp(r * v) for v in x) / len(x)) / r


def _gelu_tanh(x):
    """jax.nn.gelu's tanh form with its float64 constants sqrt(2/pi) and 0.044715, in float32 runs too (JAX rounds
    them to float32; as round 5 settled, a library's constants are its float64 numbers)."""
    c, k = _f(math.sqrt(2 / math.pi)), _f(0.044715)
    return sum(v / 2 * (1 + mpmath.tanh(c * (v + k * v ** 3))) for v in x)


def _gelu_erfc(x):
    s = _f(math.sqrt(0.5))
    return sum(v / 2 * mpmath.erfc(-v * s) for v in x)


def _squareplus(x):
    return sum((v + mpmath.sqrt(v * v + 4)) / 2 for v in x)


def _mish(x):
    return sum(v * mpmath.tanh(_softplus(v)) for v in x)


def _clipped(w):
    w = list(w)
    for _ in range(2):
        scale = min(mp(1), 1 / mpmath.sqrt(w[0] ** 2 + w[1] ** 2))
        w = [v - _f(0.1) * v * scale for v in w]
    return sum((v - _f(0.25)) ** 2 for v in w)


def _clipped_on_the_cut(w1):
    """At w = [1, w1] the norm is never below 1 in w1 (a smooth slope), and crosses 1 in w0 (a kink)."""
    return hp(lambda: {"w": [NAN, mpmath.diff(lambda t: _clipped([mp(1), t]), _f(w1))]})


def _sinh_arcsinh(x):
    return sum(mpmath.log(2) + mpmath.log(mpmath.cosh(2 * mpmath.asinh(v) - _f(0.3))) - mpmath.log1p(v * v) / 2
               for v in x)


def _spectral(w):
    """The largest singular value of [[w0, w1], [w2, w3]]: the root of W^T W's larger eigenvalue."""
    a, b, c, d = w
    trace, det = a * a + b * b + c * c + d * d, (a * d - b * c) ** 2
    return mpmath.sqrt((trace + mpmath.sqrt(trace * trace - 4 * det)) / 2)


def _planar_logdet(z):
    u, w = [_f(0.8), _f(-0.4)], [_f(1.5), _f(0.5)]
    a = w[0] * z[0] + w[1] * z[1] + _f(0.1)
    return mpmath.log(abs(1 + mpmath.sech(a) ** 2 * (u[0] * w[0] + u[1] * w[1])))


def _newton_sqrt(a):
    """What 30 Newton steps x <- x - (x^2 - a) / (2 x) from 1 reach."""
    x = mp(1)
    for _ in range(30):
        x = x - (x * x - a) / (2 * x)
    return x


def _masked_pool_slopes(x0):
    """f = (3 + 3u) / (1 + 2u) with u = e^(-1e9 - x0) the padding's weight ratio: df/dx0 = 3u / (1 + 2u)^2, a
    number near 10^-434294482; the padding's own slopes are exactly 0 (where hands them a constant)."""
    def truth():
        u = mpmath.exp(_f(-1e9) - _f(x0))
        return {"x": [3 * u / (1 + 2 * u) ** 2, mp(0), mp(0)]}
    return hp(truth)


def _corr_logdet_slope(t):
    """log det [[1, tanh t], [tanh t, 1]] = log(1 - tanh^2 t) = -2 log cosh t: its slope is -2 tanh t."""
    return hp(lambda: {"t": -2 * mpmath.tanh(_f(t))})


# --- the cases --------------------------------------------------------------------------------------------------------

JAX = [
    Case(J, "adam_meta", "w=[0.5,-0.3]", "float64", "ok", num_grad(_adam, w=[0.5, -0.3])),
    # w[1] = 1e-170: g * g underflows to 0 at every step (1e-340, 1e-326, and 2.8e-313 flushed by XLA), so sqrt(v_hat)
    # is 0 and its slope infinite; the exact v is tiny but positive and the meta-gradient finite
    Case(J, "adam_meta", "w=[0.5,1e-170]", "float64", "unstable", num_grad(_adam, w=[0.5, 1e-170]),
         "jnp.sqrt(v_hat) + EPS"),
    Case(J, "planar_kl", None, "float64", "ok",
         renamed(num_grad(_planar, u=[0.8, -0.4], w=[1.5, 0.5], b=0.1), "params"), args="planar_args", wrt="params"),
    Case(J, "radial_loss", "z=[1,2]", "float64", "ok", num_grad(_radial, z=[1, 2])),
    # at the flow's centre r = |z - z0| is a cone, and the log-determinant is linear in r: a kink in each coordinate
    Case(J, "radial_loss", "z=[0.5,-0.5]", "float64", "domain", hp(lambda: {"z": [NAN, NAN]})),
    # LOG_A is made by jnp.log when the module is imported, with x64 off: float32 logs, also in the float64 check
    Case(J, "hmm_loglik", "log_b=[[-1,-2],[-0.5,-3],[-2,-0.1]]", "float64", "ok",
         num_grad(_hmm32, log_b=[[-1, -2], [-0.5, -3], [-2, -0.1]])),
    # log_b[0][0] = -800: the log-space forward pass is fine, the probability-space one underflows to 0 and logs it
    Case(J, "hmm_loglik", "log_b=[[-800,-1],[-1,-2],[-0.5,-0.5]]", "float64", "ok",
         num_grad(_hmm32, log_b=[[-800, -1], [-1, -2], [-0.5, -0.5]])),
    Case(J, "hmm_loglik_probs", "log_b=[[-800,-1],[-1,-2],[-0.5,-0.5]]", "float64", "unstable",
         num_grad(_hmm32, log_b=[[-800, -1], [-1, -2], [-0.5, -0.5]])),
    # (1 - 0.1 k)^600 = 2^600: y^2 = 2^1200 overflows, its log 831.8 is finite
    Case(J, "euler_log_energy", "y0=1,k=30", "float64", "unstable", num_grad(_euler_log_energy, y0=1, k=30)),
    # y^2 = 2^200 = 1.6e60: beyond float32's range, an ordinary float64 number
    Case(J, "euler_energy", "y0=1,k=30", "float32", "domain", num_grad(_euler_energy32, dtype="float32", y0=1, k=30)),
    Case(J, "euler_energy", "y0=1,k=30", "float64", "ok", num_grad(_euler_energy, y0=1, k=30)),
    Case(J, "leapfrog_pendulum", "theta0=1,omega0=0", "float64", "ok", num_grad(_leapfrog, theta0=1, omega0=0)),
    # |r| = c: the biweight's slope r (1 - u^2)^2 is 0 on both sides (and so is its second derivative): no kink
    Case(J, "tukey_loss", "r=[4.685,-4.685,1]", "float64", "ok", _tukey_slopes([4.685, -4.685, 1])),
    Case(J, "cauchy_loss", "r=[1e300,1]", "float64", "unstable", _cauchy_slopes([1e300, 1]), "jnp.log1p((r / c)"),
    Case(J, "geman_mcclure", "r=[1e200,0.3]", "float64", "unstable", num_grad(_geman_mcclure, r=[1e200, 0.3])),
    Case(J, "log_var_naive", "x=[1e8,100000001,100000002]", "float64", "unstable",
         _log_var_slopes([1e8, 100000001, 100000002])),
    Case(J, "log_var", "x=[1e8,100000001,100000002]", "float64", "ok", _log_var_slopes([1e8, 100000001, 100000002])),
    Case(J, "welford_log_var", "x=[1e8,100000001,100000002]", "float64", "ok",
         _log_var_slopes([1e8, 100000001, 100000002])),
    # the variance of shifted samples does not depend on the shift: slope exactly 0 (n = 3: 1/3 is no float)
    Case(J, "log_var_shift", "t=0.4", "float64", "ok", hp(lambda: {"t": mp(0)})),
    Case(J, "lse_pool", "x=[1,0.5,-2],r=1", "float64", "ok", num_grad(_lse_pool, x=[1, 0.5, -2], r=1)),
    # r = 1e-12: logsumexp(r x) - log 3 is -1.7e-13, what is left of two numbers near 1.1
    Case(J, "lse_pool", "x=[1,0.5,-2],r=1e-12", "float64", "unstable", num_grad(_lse_pool, x=[1, 0.5, -2], r=1e-12)),
    Case(J, "lse_pool", "x=[1,0.5,-2],r=1000", "float64", "ok", num_grad(_lse_pool, x=[1, 0.5, -2], r=1000)),
    Case(J, "lse_pool_naive", "x=[1,0.5,-2],r=1000", "float64", "unstable",
         num_grad(_lse_pool, x=[1, 0.5, -2], r=1000)),
    # jax.nn.gelu's default tanh form: 1 + tanh(-43.7) is 2.4e-38 exactly and 0 in float64
    Case(J, "gelu_sum", "x=[-10]", "float64", "unstable", num_grad(_gelu_tanh, x=[-10]), "jax.nn.gelu(x)"),
    # in float32 from x = -4: 1 + tanh(-5.47) = 3.5e-5 keeps 2 of float32's 7 digits (JAX: -7.0095e-5, exact
    # -7.0246e-5)
    Case(J, "gelu_sum", "x=[-4]", "float32", "unstable", num_grad(_gelu_tanh, dtype="float32", x=[-4])),
    Case(J, "gelu_sum", "x=[-3]", "float32", "ok", num_grad(_gelu_tanh, dtype="float32", x=[-3])),
    Case(J, "gelu_sum", "x=[-1,2]", "float64", "ok", num_grad(_gelu_tanh, x=[-1, 2])),
    Case(J, "gelu_exact_sum", "x=[-30,-5,2]", "float64", "ok", num_grad(_gelu_erfc, x=[-30, -5, 2])),
    Case(J, "squareplus_sum", "x=[-1e5]", "float64", "unstable", num_grad(_squareplus, x=[-1e5])),
    # celu is C1 at 0 (slope 1 on both sides); elu with alpha 0.5 is not (0.5 | 1)
    Case(J, "celu_sum", "x=[0,-1]", "float64", "ok", hp(lambda: {"x": [mp(1), mpmath.exp(-2)]})),
    Case(J, "elu_sum", "x=[0,1]", "float64", "domain", hp(lambda: {"x": [NAN, mp(1)]})),
    # sparse_plus joins (x + 1)^2 / 4 to 0 and to x with equal slopes: no kink at -1 or 1
    Case(J, "sparse_plus_sum", "x=[1,-1,0.5]", "float64", "ok", hp(lambda: {"x": [mp(1), mp(0), mp(0.75)]})),
    # hard_silu = x relu6(x + 3) / 6: slopes 0 | -1/2 at -3, 3/2 | 1 at 3
    Case(J, "hard_silu_sum", "x=[-3,3,1]", "float64", "domain", hp(lambda: {"x": [NAN, NAN, mp(5) / 6]})),
    Case(J, "mish_sum", "x=[-700,2]", "float64", "ok", num_grad(_mish, x=[-700, 2])),
    # XLA reads the subnormal 1e-320 as 0 (denormals are zero): 0 * log 0 is NaN where -p log p is 7.4e-318
    Case(J, "entropy", "p=[1e-320,1]", "float64", "unstable",
         hp(lambda: {"p": [-(mpmath.log(_f(1e-320)) + 1), mp(-1)]})),
    Case(J, "median_loss", "x=[0.3,0.3,0.7]", "float64", "domain", hp(lambda: {"x": [NAN, NAN, mp(0)]})),
    Case(J, "top_eigenvalue", "a=1,b=0,c=1", "float64", "domain", hp(lambda: {"a": NAN, "b": NAN, "c": NAN})),
    Case(J, "top_eigenvalue", "a=1,b=1e-9,c=1", "float64", "ok",
         hp(lambda: {"a": mp(1) / 2, "b": mp(1), "c": mp(1) / 2})),
    Case(J, "clipped_sgd", "w=[0.3,0.4]", "float64", "ok", num_grad(_clipped, w=[0.3, 0.4])),
    Case(J, "clipped_sgd", "w=[3,4]", "float64", "ok", num_grad(_clipped, w=[3, 4])),
    # |g| = 1 exactly: clipping starts here in w0; in w1 the norm only grows
    Case(J, "clipped_sgd", "w=[1,0]", "float64", "domain", _clipped_on_the_cut(0)),
    Case(J, "sinh_arcsinh_logdet", "x=[3,-0.5]", "float64", "ok", num_grad(_sinh_arcsinh, x=[3, -0.5])),
    # cosh(2 asinh(1e200) - 0.3) = cosh(921) and x * x = 1e400 overflow; the log-derivative is 460.2
    Case(J, "sinh_arcsinh_logdet", "x=[1e200,0.5]", "float64", "unstable", num_grad(_sinh_arcsinh, x=[1e200, 0.5])),
    # W = I: its two singular values are equal, and the larger is a max of the two (a kink in every entry)
    Case(J, "spectral_norm", "w=[1,0,0,1]", "float64", "domain", hp(lambda: {"w": [NAN] * 4})),
    Case(J, "spectral_norm", "w=[2,0.5,0,1]", "float64", "ok", num_grad(_spectral, w=[2, 0.5, 0, 1])),
    Case(J, "planar_logdet_jacfwd", "z=[0.3,-1]", "float64", "ok", num_grad(_planar_logdet, z=[0.3, -1])),
    Case(J, "implicit_sqrt", "a=2", "float64", "ok", num_grad(_newton_sqrt, a=2)),
    # 30 Newton steps from 1 reach only 9.3e-10 on the way to 1e-150: the implicit rule 1/(2x) is the slope of the
    # root, not of what the program computed (the derivative of its 30 steps)
    Case(J, "implicit_sqrt", "a=1e-300", "float64", "wrong", num_grad(_newton_sqrt, a=1e-300)),
    # the live entry's slope is 6e-434294482-sized: 0 in float64 is that number rounded, and JAX's rule is right
    Case(J, "masked_pool", "x=[0.7,0.2,-0.1]", "float64", "ok", _masked_pool_slopes(0.7)),
    Case(J, "corr_logdet", "t=0.5", "float64", "ok", _corr_logdet_slope(0.5)),
    # rho = tanh(14) = 1 - 1.4e-12: 1 - rho^2 inside the factorisation keeps 4 of its 16 digits
    Case(J, "corr_logdet", "t=14", "float64", "unstable", _corr_logdet_slope(14)),
    # tanh(20) rounds to 1: the factor's last pivot is 0, the log -inf, where -2 log cosh 20 = -38.6
    Case(J, "corr_logdet", "t=20", "float64", "unstable", _corr_logdet_slope(20)),
]

NUMPY = [
    Case(N, "adam_meta", "w=[0.5,-0.3]", "float64", "ok", num_grad(_adam, w=[0.5, -0.3])),
    Case(N, "adam_meta", "w=[0.5,1e-170]", "float64", "unstable", num_grad(_adam, w=[0.5, 1e-170]),
         "np.sqrt(v_hat) + EPS"),
    Case(N, "hmm_loglik", "log_b=[[-1,-2],[-0.5,-3],[-2,-0.1]]", "float64", "ok",
         num_grad(_hmm, log_b=[[-1, -2], [-0.5, -3], [-2, -0.1]])),
    Case(N, "smooth_robust", "r=[1,-3,0.5,5]", "float64", "ok",
         hp(lambda: {"r": [mp(1), mp(-1), mp(0.5), 3 / mp(5)]})),
    Case(N, "piecewise_softplus", "x=[0,-800,800,1.5]", "float64", "ok",
         hp(lambda: {"x": [1 / (1 + mpmath.exp(-mp(v))) for v in (0, -800, 800, 1.5)]})),
    # np.vectorize runs _huber entry by entry on the traced values: r inside the quadratic part, sign(r) outside
    Case(N, "vectorized_huber", "r=[0.5,2]", "float64", "ok", hp(lambda: {"r": [mp("0.5"), mp(1)]})),
    Case(N, "einsum_energy", "x=[1,-2]", "float64", "ok", hp(lambda: {"x": [mp(2), mp(-3)]})),
    # x[0] = 0 is dropped by the mask; any x[0] > 0 is kept with log x[0] -> -inf: a pole on one side
    Case(N, "finite_mean_log", "x=[0,1,2]", "float64", "domain", hp(lambda: {"x": [NAN, mp(0.5), mp(0.25)]})),
    Case(N, "finite_mean_log", "x=[0.5,1,2]", "float64", "ok",
         hp(lambda: {"x": [1 / (3 * mp(0.5)), 1 / mp(3), 1 / mp(6)]})),
    Case(N, "masked_mean_log", "x=[0.5,1,2]", "float64", "input-error", message=("masked_invalid",)),
    # log1p and the identity meet at 0 with slope 1
    Case(N, "log1p_or_linear", "x=[0,2,-1]", "float64", "ok", hp(lambda: {"x": [mp(1), 1 / mp(3), mp(1)]})),
    Case(N, "radial_loss", "z=[1,2]", "float64", "ok", num_grad(_radial, z=[1, 2])),
    Case(N, "radial_loss", "z=[0.5,-0.5]", "float64", "domain", hp(lambda: {"z": [NAN, NAN]})),
    Case(N, "welford_log_var", "x=[1e8,100000001,100000002]", "float64", "ok",
         _log_var_slopes([1e8, 100000001, 100000002])),
    Case(N, "log_var_naive", "x=[1e8,100000001,100000002]", "float64", "unstable",
         _log_var_slopes([1e8, 100000001, 100000002])),
    Case(N, "log_var_shift", "t=0.4", "float64", "ok", hp(lambda: {"t": mp(0)})),
    # p log p at the subnormal 1e-320 is -7.4e-318, itself subnormal; the slope -(log p + 1) is 735.8
    Case(N, "entropy", "p=[1e-320,1]", "float64", "ok",
         hp(lambda: {"p": [-(mpmath.log(_f(1e-320)) + 1), mp(-1)]})),
    Case(N, "median_loss", "x=[0.3,0.3,0.7]", "float64", "domain", hp(lambda: {"x": [NAN, NAN, mp(0)]})),
    Case(N, "euler_energy", "y0=1,k=30", "float32", "domain", num_grad(_euler_energy32, dtype="float32", y0=1, k=30)),
    Case(N, "spectral_norm", "w=[1,0,0,1]", "float64", "domain", hp(lambda: {"w": [NAN] * 4})),
    Case(N, "spectral_norm", "w=[2,0.5,0,1]", "float64", "ok", num_grad(_spectral, w=[2, 0.5, 0, 1])),
    Case(N, "masked_pool", "x=[0.7,0.2,-0.1]", "float64", "ok", _masked_pool_slopes(0.7)),
    Case(N, "cauchy_loss", "r=[1e300,1]", "float64", "unstable", _cauchy_slopes([1e300, 1]), "np.log1p((r / 2.3849)"),
]

ALL = JAX + NUMPY
