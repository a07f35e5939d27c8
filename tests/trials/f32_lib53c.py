"""A user's float32 code on gradcli.numpy, round 53c: log1mexp, softplus-inverse, arctan2 and hypot at float32's
tiny numbers, Student-t at an overflowing square, power at 1e-30, a Poisson log-rate at -100."""

import gradcli.numpy as gnp
import gradcli.scipy.special as sps


def log1mexp(x):
    return gnp.where(x < -gnp.log(2.0), gnp.log1p(-gnp.exp(x)), gnp.log(-gnp.expm1(x)))


def softplus_inv(x):
    return x + gnp.log(-gnp.expm1(-x))


def atan2_plain(y, x):
    return gnp.arctan2(y, x)


def hypot_plain(x, y):
    return gnp.hypot(x, y)


def student_t_ll(x, nu):
    return sps.gammaln((nu + 1.0) / 2.0) - sps.gammaln(nu / 2.0) - 0.5 * gnp.log(nu * gnp.pi) \
        - (nu + 1.0) / 2.0 * gnp.log1p(x * x / nu)


def power_plain(x, y):
    return x ** y


def poisson_lograte_zero(eta):
    return -gnp.exp(eta)


def log_sigmoid(x):
    return -gnp.logaddexp(0.0, -x)


def var_ddof(x):
    return gnp.var(x, ddof=1)
