"""``scipy.special`` functions beyond those NumPy users reach for, and the statistics built on them.

Each new primitive computes with scipy (imported on first use) and, for the
exact reference, with the mpmath function of the same meaning. The
distributions' densities are composites of these and of the elementwise ops,
so their gradients and exact references follow from those.
"""

from __future__ import annotations

import math

from .core import defjvp, defvjp
from .ops import exp, log, log1p, sigmoid, sign
from .ops_special import _scipy_function, digamma, gammaln
from .tracer import primitive
from .values import in_input_dtype, loaded_mpmath, weak


def _with_mpmath(name, nin=1):
    """The primitive for ``scipy.special.<name>``, computed on mpmath numbers by mpmath's ``name``."""
    fun = in_input_dtype(_scipy_function(name), nin - 1)  # of two arguments, the dtype is x's
    fun.nin = nin  # the catalogue reads the arity here, as on a ufunc
    return primitive(fun, name, mp=_mpmath_function(name), kind="elementwise")


def _mpmath_function(name):
    mp_names = {"i0": ("besseli", 0), "i1": ("besseli", 1), "j0": ("besselj", 0), "j1": ("besselj", 1),
                "y0": ("bessely", 0), "y1": ("bessely", 1)}
    if name in mp_names:
        function, order = mp_names[name]
        return lambda x: getattr(loaded_mpmath(), function)(order, x)
    if name == "erfinv":
        return lambda x: loaded_mpmath().erfinv(x)
    if name == "erfcinv":
        return lambda x: loaded_mpmath().erfinv(1 - x)
    if name in ("jn", "yn", "iv"):
        function = {"jn": "besselj", "yn": "bessely", "iv": "besseli"}[name]
        return lambda v, x: getattr(loaded_mpmath(), function)(v, x)
    if name == "ive":
        return lambda v, x: loaded_mpmath().besseli(v, x) * loaded_mpmath().exp(-abs(x))
    if name == "log_ndtr":
        return lambda x: loaded_mpmath().log(loaded_mpmath().ncdf(x))
    return lambda x: getattr(loaded_mpmath(), name)(x)


gamma = _with_mpmath("gamma")
rgamma = _with_mpmath("rgamma")
erfinv = _with_mpmath("erfinv")
erfcinv = _with_mpmath("erfcinv")
i0 = _with_mpmath("i0")
i1 = _with_mpmath("i1")
j0 = _with_mpmath("j0")
j1 = _with_mpmath("j1")
y0 = _with_mpmath("y0")
y1 = _with_mpmath("y1")
jn = _with_mpmath("jn", nin=2)
yn = _with_mpmath("yn", nin=2)
iv = _with_mpmath("iv", nin=2)
ive = _with_mpmath("ive", nin=2)  # iv(v, x) exp(-|x|): finite where iv overflows
log_ndtr = _with_mpmath("log_ndtr")  # log of the standard normal CDF, without underflow far left


def _half_sqrt_pi(like):
    return weak(math.sqrt(math.pi) / 2, like)


defvjp(gamma, lambda g, ans, x: g * ans * digamma(x))
defjvp(gamma, lambda t, ans, x: t * ans * digamma(x))
defvjp(rgamma, lambda g, ans, x: -g * ans * digamma(x))
defvjp(erfinv, lambda g, ans, x: g * _half_sqrt_pi(ans) * exp(ans * ans))
defvjp(erfcinv, lambda g, ans, x: -g * _half_sqrt_pi(ans) * exp(ans * ans))
# Bessel functions' derivatives: I0' = I1, I1' = I0 - I1/x, J0' = -J1, J1' = J0 - J1/x, and Y as J.
defvjp(i0, lambda g, ans, x: g * i1(x))
defvjp(i1, lambda g, ans, x: g * (i0(x) - ans / x))
defvjp(j0, lambda g, ans, x: -g * j1(x))
defvjp(j1, lambda g, ans, x: g * (j0(x) - ans / x))
defvjp(y0, lambda g, ans, x: -g * y1(x))
defvjp(y1, lambda g, ans, x: g * (y0(x) - ans / x))
# In x, for an order v held fixed: C_v' = (C_{v-1} - C_{v+1}) / 2 for J and Y, I_v' = (I_{v-1} + I_{v+1}) / 2.
defvjp(jn, None, lambda g, ans, v, x: g * (jn(v - 1, x) - jn(v + 1, x)) / 2)
defvjp(yn, None, lambda g, ans, v, x: g * (yn(v - 1, x) - yn(v + 1, x)) / 2)
defvjp(iv, None, lambda g, ans, v, x: g * (iv(v - 1, x) + iv(v + 1, x)) / 2)
defvjp(ive, None, lambda g, ans, v, x: g * ((ive(v - 1, x) + ive(v + 1, x)) / 2 - sign(x) * ans))
# (log Phi)' = phi / Phi = exp(-x^2/2 - log Phi) / sqrt(2 pi): no 0/0 where Phi underflows.
defvjp(log_ndtr, lambda g, ans, x: g * exp(-x * x / 2 - ans) * weak(1 / math.sqrt(2 * math.pi), ans))


# -- composites ---------------------------------------------------------------------------

psi = digamma
expit = sigmoid


def logit(p):
    """``scipy.special.logit``: log(p / (1 - p))."""
    return log(p) - log1p(-p)


def betaln(a, b):
    """``scipy.special.betaln``: log B(a, b) = lgamma(a) + lgamma(b) - lgamma(a + b)."""
    return gammaln(a) + gammaln(b) - gammaln(a + b)


def beta(a, b):
    """``scipy.special.beta``: B(a, b), as exp(betaln) (positive arguments)."""
    return exp(betaln(a, b))


def multigammaln(a, d):
    """``scipy.special.multigammaln``: the log of the multivariate gamma function of dimension ``d``."""
    total = weak(d * (d - 1) / 4 * math.log(math.pi), a)
    for j in range(d):
        total = total + gammaln(a - weak(j / 2, a))
    return total

