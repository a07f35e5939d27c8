"""A user's code on gradcli.numpy and gradcli.scipy, round 52c: the high-precision paths of saturating and cancelling
special functions (erfc, erfcx, ndtr, log_ndtr, ndtri, expit, logit, expm1 / log1p compositions, exprel, gammaln and
digamma near poles and at huge arguments, betaln, betainc, gammainc / gammaincc, xlog1py, logsumexp with b= weights and
return_sign, i0e / i1e / k0e, sinc, arctanh, log-cosh, huber and pseudo-Huber at tiny deltas); reductions whose exact
result is tiny (norms of (1 + x) - 1, variance and std of nearly constant data, a cancelling dot, cumsum, cumprod, a
hand-written max-shifted logsumexp, softmax at temperature 1e-3); where / abs / maximum / clip / sign at tiny points and
at their switch; float32 subnormals and overflow."""

import gradcli.numpy as gnp
import gradcli.scipy.special as sps

# --- special functions -----------------------------------------------------------------------------------------------


def erfc_tail(x):
    return sps.erfc(x)


def log_erfc(x):
    return gnp.log(sps.erfc(x))


def erfcx_plain(x):
    return sps.erfcx(x)


def ndtr_plain(x):
    return sps.ndtr(x)


def log_ndtr_plain(x):
    return sps.log_ndtr(x)


def ndtri_plain(p):
    return sps.ndtri(p)


def logit_plain(p):
    return sps.logit(p)


def expit_plain(x):
    return sps.expit(x)


def log1p_expm1(x):
    """x, written the long way: log1p(expm1(x))."""
    return gnp.log1p(gnp.expm1(x))


def exprel_lib(x):
    return sps.exprel(x)


def exprel_naive(x):
    return gnp.expm1(x) / x


def gammaln_plain(x):
    return sps.gammaln(x)


def digamma_plain(x):
    return sps.digamma(x)


def betaln_ab(a, b):
    return sps.betaln(a, b)


def betainc_x(x):
    return sps.betainc(2.5, 3.5, x)


def gammainc_x(x):
    return sps.gammainc(0.5, x)


def gammaincc_x(x):
    return sps.gammaincc(2.0, x)


def xlog1py_y(x, y):
    return sps.xlog1py(x, y)


def logsumexp_signed(z):
    """log |e^z0 - e^z1|, SciPy's way: b= weights and return_sign."""
    value, sign = sps.logsumexp(z, b=gnp.array([1.0, -1.0]), return_sign=True)
    return value


def logsumexp_weighted(z):
    value, sign = sps.logsumexp(z, b=gnp.array([2.0, -1.0]), return_sign=True)
    return value


def i0e_plain(x):
    return sps.i0e(x)


def i1e_plain(x):
    return sps.i1e(x)


def k0e_plain(x):
    return sps.k0e(x)


def sinc_plain(x):
    return gnp.sinc(x)


def arctanh_plain(x):
    return gnp.arctanh(x)


def arctanh_by_logs(x):
    return 0.5 * gnp.log((1.0 + x) / (1.0 - x))


def log_cosh_naive(x):
    return gnp.log(gnp.cosh(x))


def log_cosh_softplus(x):
    """Keras' log-cosh: x + softplus(-2x) - log 2."""
    return x + gnp.logaddexp(0.0, -2.0 * x) - 0.6931471805599453


def log_cosh_abs(x):
    """TFP's: |x| + log1p(exp(-2|x|)) - log 2."""
    a = gnp.abs(x)
    return a + gnp.log1p(gnp.exp(-2.0 * a)) - 0.6931471805599453


def huber_lib(delta, r):
    return sps.huber(delta, r)


def pseudo_huber_lib(delta, r):
    return sps.pseudo_huber(delta, r)


def pseudo_huber_naive(delta, r):
    return delta ** 2 * (gnp.sqrt(1.0 + (r / delta) ** 2) - 1.0)


# --- reductions and linear algebra -----------------------------------------------------------------------------------


def norm_shifted(x):
    """|(1 + x) - 1|: x itself in exact arithmetic, 0 once 1 absorbs x."""
    return gnp.linalg.norm((1.0 + x) - 1.0)


def variance(x):
    return gnp.var(x)


def std_dev(x):
    return gnp.std(x)


def log_dot(x):
    return gnp.log(gnp.dot(x, gnp.array([1.0, 1.0, 1.0])))


def prod_by_cumprod(x):
    return gnp.cumprod(x)[-1]


def last_by_cumsum(x):
    c = gnp.cumsum(x)
    return c[-1] - c[-2]


def lse_by_max(z):
    m = gnp.max(z)
    return m + gnp.log(gnp.sum(gnp.exp(z - m)))


def lse_by_sort(z):
    m = gnp.sort(z)[-1]
    return m + gnp.log(gnp.sum(gnp.exp(z - m)))


def softmax_cold(z):
    """softmax(z / T)[0] at T = 1e-3, shifted."""
    u = z / 1e-3
    e = gnp.exp(u - gnp.max(u))
    return e[0] / gnp.sum(e)


def softmax_cold_naive(z):
    e = gnp.exp(z / 1e-3)
    return e[0] / gnp.sum(e)


# --- where, abs, maximum, clip, sign ---------------------------------------------------------------------------------


def signed_square(x):
    return gnp.sign(x) * x * x


def clip_unit(x):
    return gnp.clip(x, 0.0, 1.0)


def floor_tiny(x):
    return gnp.maximum(x, 1e-300)


def abs_by_maximum(x):
    return gnp.maximum(x, -x)


def sin_guarded(x):
    """x below 1e-300 in magnitude, sin x at and above: a jump of sin(1e-300) - 1e-300 at the switch."""
    return gnp.where(gnp.abs(x) < 1e-300, x, gnp.sin(x))


# --- float32 ---------------------------------------------------------------------------------------------------------


def hypot_naive(x, y):
    return gnp.sqrt(x * x + y * y)


def hypot_lib(x, y):
    return gnp.hypot(x, y)


def scaled_square(x):
    return x * x * 1e-10


def half_square(x):
    return x ** 2 / 2.0


def log_plain(x):
    return gnp.log(x)


def exp_plain(x):
    return gnp.exp(x)


def exp_times_exp(x):
    return gnp.exp(x) * gnp.exp(-x)


# --- second pass: cancellations inside the high-precision paths -------------------------------------------------------


def logsumexp_signed_far(z):
    """log |e^z0 - e^z1| at -800, a difference of 1e-7 between the exponents."""
    value, sign = sps.logsumexp(z, b=gnp.array([1.0, -1.0]), return_sign=True)
    return value


def gammaincc_big(x):
    return sps.gammaincc(1e10, x)


def logsumexp_axis_weighted(z):
    return gnp.sum(sps.logsumexp(z, axis=1, b=gnp.array([[0.5, 2.0], [1.0, 1.0]])))
