"""The core on mpmath numbers: the same primitives, computed at arbitrary precision.

`enable()` imports mpmath (only then) and gives every primitive declared with
``mp=True`` its mpmath implementation from `ELEMENTWISE` or `LINALG`, tables
keyed by primitive name. Real-valued semantics are kept: where NumPy gives NaN
(``log(-1)``, ``sqrt(-1)``) these give NaN too, never a complex number, and
division by zero gives a signed infinity instead of raising.
"""

from __future__ import annotations

import operator

import numpy as np

from . import ops, ops_array, ops_linalg, ops_special
from .tracer import Primitive, primitive_of, register_mp_types

# Bound by enable(): the implementations below run only on mpmath numbers, so
# only after it; until then the core never imports mpmath.
mpmath = None


def enable():
    """Make every primitive accept mpmath numbers (idempotent; imports mpmath)."""
    global mpmath
    if mpmath is not None:
        return
    import mpmath

    impls = {**ELEMENTWISE, **LINALG}
    for module in (ops, ops_array, ops_linalg, ops_special):
        for value in vars(module).values():
            prim = primitive_of(value)
            if isinstance(prim, Primitive) and prim.mp is True:
                impl = impls.get(prim.name)
                prim.mp = getattr(mpmath, impl) if isinstance(impl, str) else impl
    register_mp_types(mpmath.mpf, mpmath.mpc)


# -- elementwise: one element at a time ------------------------------------------


def _real_line(out, args):
    # mpmath continues into the complex plane; NumPy's real functions give NaN.
    if isinstance(out, mpmath.mpc) and not any(isinstance(a, (mpmath.mpc, complex)) for a in args):
        return out.real if out.imag == 0 else mpmath.nan
    return out


def _real(name):
    """mpmath's function ``name``, NaN where its answer leaves the real line."""
    return lambda *args: _real_line(getattr(mpmath, name)(*args), args)


def _log_at_zero(log):
    """A real logarithm that is -inf at 0, as NumPy's (mpmath's raises)."""
    return lambda x: -mpmath.inf if x == 0 else _real_line(log(x), (x,))


def _divide(x, y):
    if y == 0:
        if mpmath.isnan(x) or x == 0:
            return mpmath.nan
        return mpmath.inf if x > 0 else -mpmath.inf
    return mpmath.mpf(x) / y if not isinstance(x, mpmath.mpc) else x / y


def _power(x, y):
    x = mpmath.mpf(x) if not isinstance(x, mpmath.mpc) else x
    if x == 0 and y < 0:
        return mpmath.inf
    if isinstance(x, mpmath.mpf) and x < 0 and not float(y).is_integer():
        return mpmath.nan
    return _real_line(mpmath.power(x, y), (x, y))


def _maximum(x, y):
    if mpmath.isnan(x) or mpmath.isnan(y):
        return mpmath.nan
    return x if x >= y else y


def _minimum(x, y):
    if mpmath.isnan(x) or mpmath.isnan(y):
        return mpmath.nan
    return x if x <= y else y


def _fmax(x, y):
    return y if mpmath.isnan(x) else x if mpmath.isnan(y) else _maximum(x, y)


def _fmin(x, y):
    return y if mpmath.isnan(x) else x if mpmath.isnan(y) else _minimum(x, y)


def _clip(x, lo, hi):
    if lo is not None:
        x = _maximum(x, lo)
    if hi is not None:
        x = _minimum(x, hi)
    return x


def _arctanh(x):
    if abs(x) == 1:
        return mpmath.inf if x > 0 else -mpmath.inf
    return _real_line(mpmath.atanh(x), (x,))


def _cbrt(x):
    return -mpmath.cbrt(-x) if x < 0 else mpmath.cbrt(x)


def _logaddexp(x, y):
    if x == -mpmath.inf and y == -mpmath.inf:
        return -mpmath.inf
    return mpmath.log(mpmath.exp(x) + mpmath.exp(y))


def _sigmoid(x):
    return 1 / (1 + mpmath.exp(-x))


def _softplus(x):
    return mpmath.log1p(mpmath.exp(x)) if x < 0 else x + mpmath.log1p(mpmath.exp(-x))


def _gammaln(x):
    return mpmath.log(abs(mpmath.gamma(x)))


def _mod(x, y):
    # x % 0 is nan, as in NumPy (x / 0 would raise ZeroDivisionError in mpmath).
    return mpmath.nan if y == 0 else x - y * mpmath.floor(x / y)


def _xlogy(x, y):
    return mpmath.mpf(0) if x == 0 else x * _real_line(mpmath.log(y), (y,))


def _xlog1py(x, y):
    return mpmath.mpf(0) if x == 0 else x * _real_line(mpmath.log1p(y), (y,))


def _sign(x):
    return mpmath.sign(x) if not mpmath.isnan(x) else mpmath.nan


# Each elementwise primitive's mpmath implementation, by primitive name: a
# function of one element per argument, or the name of mpmath's own function.
ELEMENTWISE = {
    "add": operator.add,
    "subtract": operator.sub,
    "multiply": operator.mul,
    "divide": _divide,
    "power": _power,
    "negative": operator.neg,
    "mod": _mod,
    "floor_divide": lambda x, y: mpmath.floor(_divide(x, y)),
    "abs": "fabs",
    "sqrt": _real("sqrt"),
    "cbrt": _cbrt,
    "square": lambda x: x * x,
    "reciprocal": lambda x: _divide(1, x),
    "exp": "exp",
    "exp2": lambda x: mpmath.power(2, x),
    "expm1": "expm1",
    "log": _log_at_zero(lambda x: mpmath.log(x)),
    "log2": _log_at_zero(lambda x: mpmath.log(x, 2)),
    "log10": _log_at_zero(lambda x: mpmath.log10(x)),
    "log1p": lambda x: -mpmath.inf if x == -1 else _real_line(mpmath.log1p(x), (x,)),
    "sin": "sin",
    "cos": "cos",
    "tan": "tan",
    "arcsin": _real("asin"),
    "arccos": _real("acos"),
    "arctan": "atan",
    "arctan2": "atan2",
    "sinh": "sinh",
    "cosh": "cosh",
    "tanh": "tanh",
    "arcsinh": "asinh",
    "arccosh": _real("acosh"),
    "arctanh": _arctanh,
    "hypot": "hypot",
    "real": "re",
    "imag": "im",
    "conj": "conj",
    "where": lambda c, x, y: x if c else y,
    "maximum": _maximum,
    "minimum": _minimum,
    "fmax": _fmax,
    "fmin": _fmin,
    "clip": _clip,
    "logaddexp": _logaddexp,
    "sigmoid": _sigmoid,
    "softplus": _softplus,
    "erf": "erf",
    "erfc": "erfc",
    "gammaln": _gammaln,
    "digamma": "digamma",
    "polygamma": lambda n, x: mpmath.polygamma(int(n), x),
    "xlogy": _xlogy,
    "xlog1py": _xlog1py,
    "floor": "floor",
    "ceil": "ceil",
    "round": "nint",
    "rint": "nint",
    "trunc": lambda x: mpmath.floor(x) if x >= 0 else mpmath.ceil(x),
    "sign": _sign,
    "greater": operator.gt,
    "greater_equal": operator.ge,
    "less": operator.lt,
    "less_equal": operator.le,
    "equal": operator.eq,
    "not_equal": operator.ne,
    "logical_and": lambda x, y: bool(x) and bool(y),
    "logical_or": lambda x, y: bool(x) or bool(y),
    "logical_not": lambda x: not x,
    "isnan": "isnan",
    "isinf": "isinf",
    "isfinite": lambda x: not (mpmath.isnan(x) or mpmath.isinf(x)),
}


# -- linear algebra: whole object arrays -------------------------------------------


def _batched(fun):
    """``fun`` of one matrix, applied to each matrix of a stack."""

    def apply(a, *rest):
        a = np.asarray(a, dtype=object)
        if a.ndim == 2:
            return fun(a, *rest)
        return np.stack([apply(a[i], *[r[i] for r in rest]) for i in range(a.shape[0])])

    return apply


def _to_matrix(a):
    return mpmath.matrix(a.tolist())


def _from_matrix(m):
    return np.array(m.tolist(), dtype=object)


def _solve(a, b):
    # b is read as np.linalg.solve reads it (a vector, or a stack of matrices), and
    # the stacks of a and b broadcast; mpmath solves one matrix and one column at a time.
    a, b = np.asarray(a, dtype=object), np.asarray(b, dtype=object)
    vectors = ops_linalg.b_is_vectors(a, b)
    if vectors:
        b = b[..., None]
    batch = np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    a = np.broadcast_to(a, batch + a.shape[-2:])
    b = np.broadcast_to(b, batch + b.shape[-2:])
    out = np.empty(b.shape, dtype=object)
    for index in np.ndindex(*batch):
        matrix = _to_matrix(a[index])
        for j in range(b.shape[-1]):
            column = mpmath.matrix(b[index + (slice(None), j)].tolist())
            out[index + (slice(None), j)] = _from_matrix(mpmath.lu_solve(matrix, column))[:, 0]
    return out[..., 0] if vectors else out


LINALG = {
    "linalg.inv": _batched(lambda a: _from_matrix(_to_matrix(a) ** -1)),
    "linalg.solve": _solve,
    "linalg.det": _batched(lambda a: mpmath.det(_to_matrix(a))),
    "linalg.slogdet": _batched(lambda a: mpmath.log(abs(mpmath.det(_to_matrix(a))))),
    "linalg.cholesky": _batched(lambda a: _from_matrix(mpmath.cholesky(_to_matrix(a)))),
}
