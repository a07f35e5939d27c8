"""The core on mpmath numbers: the same primitives, computed at arbitrary precision.

`enable()` imports mpmath (only then) and gives every elementwise primitive its
mpmath implementation. Real-valued semantics are kept: where NumPy gives NaN
(``log(-1)``, ``sqrt(-1)``) these give NaN too, never a complex number, and
division by zero gives a signed infinity instead of raising.
"""

from __future__ import annotations

import operator

import numpy as np

from . import ops, ops_array, ops_linalg, ops_special
from .tracer import Primitive, primitive_of, register_mp_types

_enabled = False


def enable():
    """Make every primitive accept mpmath numbers (idempotent; imports mpmath)."""
    global _enabled
    if _enabled:
        return
    import mpmath

    impls = {**_implementations(mpmath), **_linalg_implementations(mpmath)}
    for module in (ops, ops_array, ops_linalg, ops_special):
        for value in vars(module).values():
            prim = primitive_of(value)
            if isinstance(prim, Primitive) and prim.mp is True:
                prim.mp = impls.get(prim.name)
    register_mp_types(mpmath.mpf, mpmath.mpc)
    _enabled = True


def _implementations(mp):
    nan, inf = mp.nan, mp.inf

    def real(fun):
        # mpmath continues into the complex plane; NumPy's real functions give NaN.
        def wrapped(*args):
            out = fun(*args)
            if isinstance(out, mp.mpc) and not any(isinstance(a, (mp.mpc, complex)) for a in args):
                return out.real if out.imag == 0 else nan
            return out

        return wrapped

    def divide(x, y):
        if y == 0:
            if mp.isnan(x) or x == 0:
                return nan
            return inf if x > 0 else -inf
        return mp.mpf(x) / y if not isinstance(x, mp.mpc) else x / y

    def power(x, y):
        x, y = mp.mpf(x) if not isinstance(x, mp.mpc) else x, y
        if x == 0 and y < 0:
            return inf
        if isinstance(x, mp.mpf) and x < 0 and not float(y).is_integer():
            return nan
        return real(mp.power)(x, y)

    def log_at_zero(fun):
        def wrapped(x):
            return -inf if x == 0 else real(fun)(x)

        return wrapped

    def maximum(x, y):
        if mp.isnan(x) or mp.isnan(y):
            return nan
        return x if x >= y else y

    def minimum(x, y):
        if mp.isnan(x) or mp.isnan(y):
            return nan
        return x if x <= y else y

    def fmax(x, y):
        return y if mp.isnan(x) else x if mp.isnan(y) else maximum(x, y)

    def fmin(x, y):
        return y if mp.isnan(x) else x if mp.isnan(y) else minimum(x, y)

    def clip(x, lo, hi):
        if lo is not None:
            x = maximum(x, lo)
        if hi is not None:
            x = minimum(x, hi)
        return x

    def atanh(x):
        if abs(x) == 1:
            return inf if x > 0 else -inf
        return real(mp.atanh)(x)

    def cbrt(x):
        return -mp.cbrt(-x) if x < 0 else mp.cbrt(x)

    def logaddexp(x, y):
        if x == -inf and y == -inf:
            return -inf
        return mp.log(mp.exp(x) + mp.exp(y))

    def sigmoid(x):
        return 1 / (1 + mp.exp(-x))

    def softplus(x):
        return mp.log1p(mp.exp(x)) if x < 0 else x + mp.log1p(mp.exp(-x))

    def gammaln(x):
        return mp.log(abs(mp.gamma(x)))

    def mod(x, y):
        # x % 0 is nan, as in NumPy (x / 0 would raise ZeroDivisionError in mpmath).
        return mp.nan if y == 0 else x - y * mp.floor(x / y)

    def xlogy(x, y):
        return mp.mpf(0) if x == 0 else x * real(mp.log)(y)

    def xlog1py(x, y):
        return mp.mpf(0) if x == 0 else x * real(mp.log1p)(y)

    def sign(x):
        return mp.sign(x) if not mp.isnan(x) else nan

    return {
        "add": operator.add,
        "subtract": operator.sub,
        "multiply": operator.mul,
        "divide": divide,
        "power": power,
        "negative": operator.neg,
        "mod": mod,
        "floor_divide": lambda x, y: mp.floor(divide(x, y)),
        "abs": mp.fabs,
        "sqrt": real(mp.sqrt),
        "cbrt": cbrt,
        "square": lambda x: x * x,
        "reciprocal": lambda x: divide(1, x),
        "exp": mp.exp,
        "exp2": lambda x: mp.power(2, x),
        "expm1": mp.expm1,
        "log": log_at_zero(mp.log),
        "log2": log_at_zero(lambda x: mp.log(x, 2)),
        "log10": log_at_zero(mp.log10),
        "log1p": lambda x: -inf if x == -1 else real(mp.log1p)(x),
        "sin": mp.sin,
        "cos": mp.cos,
        "tan": mp.tan,
        "arcsin": real(mp.asin),
        "arccos": real(mp.acos),
        "arctan": mp.atan,
        "arctan2": mp.atan2,
        "sinh": mp.sinh,
        "cosh": mp.cosh,
        "tanh": mp.tanh,
        "arcsinh": mp.asinh,
        "arccosh": real(mp.acosh),
        "arctanh": atanh,
        "hypot": mp.hypot,
        "real": mp.re,
        "imag": mp.im,
        "conj": mp.conj,
        "where": lambda c, x, y: x if c else y,
        "maximum": maximum,
        "minimum": minimum,
        "fmax": fmax,
        "fmin": fmin,
        "clip": clip,
        "logaddexp": logaddexp,
        "sigmoid": sigmoid,
        "softplus": softplus,
        "erf": mp.erf,
        "erfc": mp.erfc,
        "gammaln": gammaln,
        "digamma": mp.digamma,
        "polygamma": lambda n, x: mp.polygamma(int(n), x),
        "xlogy": xlogy,
        "xlog1py": xlog1py,
        "floor": mp.floor,
        "ceil": mp.ceil,
        "round": mp.nint,
        "rint": mp.nint,
        "trunc": lambda x: mp.floor(x) if x >= 0 else mp.ceil(x),
        "sign": sign,
        "greater": operator.gt,
        "greater_equal": operator.ge,
        "less": operator.lt,
        "less_equal": operator.le,
        "equal": operator.eq,
        "not_equal": operator.ne,
        "logical_and": lambda x, y: bool(x) and bool(y),
        "logical_or": lambda x, y: bool(x) or bool(y),
        "logical_not": lambda x: not x,
        "isnan": mp.isnan,
        "isinf": mp.isinf,
        "isfinite": lambda x: not (mp.isnan(x) or mp.isinf(x)),
    }


def _linalg_implementations(mp):
    def batched(fun):
        def apply(a, *rest):
            a = np.asarray(a, dtype=object)
            if a.ndim == 2:
                return fun(a, *rest)
            return np.stack([apply(a[i], *[r[i] for r in rest]) for i in range(a.shape[0])])

        return apply

    def to_matrix(a):
        return mp.matrix(a.tolist())

    def from_matrix(m):
        return np.array(m.tolist(), dtype=object)

    def solve(a, b):
        # b is read as np.linalg.solve reads it (a vector, or a stack of matrices), and
        # the stacks of a and b broadcast; mpmath solves one matrix and one column at a time.
        from .ops_linalg import _b_is_vectors

        a, b = np.asarray(a, dtype=object), np.asarray(b, dtype=object)
        vectors = _b_is_vectors(a, b)
        if vectors:
            b = b[..., None]
        batch = np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
        a = np.broadcast_to(a, batch + a.shape[-2:])
        b = np.broadcast_to(b, batch + b.shape[-2:])
        out = np.empty(b.shape, dtype=object)
        for index in np.ndindex(*batch):
            matrix = to_matrix(a[index])
            for j in range(b.shape[-1]):
                out[index + (slice(None), j)] = from_matrix(mp.lu_solve(matrix, mp.matrix(b[index + (slice(None), j)].tolist())))[:, 0]
        return out[..., 0] if vectors else out

    return {
        "linalg.inv": batched(lambda a: from_matrix(to_matrix(a) ** -1)),
        "linalg.solve": solve,
        "linalg.det": batched(lambda a: mp.det(to_matrix(a))),
        "linalg.slogdet": batched(lambda a: mp.log(abs(mp.det(to_matrix(a))))),
        "linalg.cholesky": batched(lambda a: from_matrix(mp.cholesky(to_matrix(a)))),
    }


def mp_logsumexp(x, axis=None, keepdims=False):
    """logsumexp of an object array of mpmath numbers (exp never overflows there)."""
    import mpmath

    exps = np.frompyfunc(mpmath.exp, 1, 1)(x)
    total = np.sum(exps, axis=axis, keepdims=keepdims)
    return np.frompyfunc(mpmath.log, 1, 1)(total) if isinstance(total, np.ndarray) else mpmath.log(total)
