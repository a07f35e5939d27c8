"""The core on python-flint ``arb`` balls: the same primitives, each answer a proven enclosure.

`enable()` imports flint (only then), runs `mp.enable`, and wraps every
primitive's high-precision implementation so that ``arb`` arguments take the
ball implementation from `ELEMENTWISE` and everything else keeps mpmath's.
Sums, products, shapes and ``matmul`` need nothing: NumPy runs them on object
arrays of balls; logsumexp has a ball implementation in `REDUCTIONS`. What balls
cannot do raises `NoArb` (never an mpmath function reading a ball as a 53-bit
number); a branch (a comparison,
``abs``, ``maximum``...) whose balls straddle the boundary raises `Undecided`
(more bits may decide it). Every branch decided is appended to `decisions`, so a
caller can tell whether two evaluations took the same smooth path (a kink lies
between them where they did not), and each made between exactly equal numbers
to `ties` (the point sits on the switch). With `forced` set, the branches
are taken as it lists them instead: one smooth piece, followed past its switch.
"""

from __future__ import annotations

import numpy as np

from . import mp, ops, ops_array, ops_linalg, ops_special
from .tracer import Primitive, primitive_of, register_mp_types
from .values import raw

ARB = None  # flint.arb, bound by enable()
decisions = []  # the branches decided on balls, in order (the caller replaces the list)
ties = []  # the decisions made between exactly equal numbers (abs at 0, max at a tie): the caller replaces it
roots = []  # roots (sqrt, x ** 0.5) taken of an exact 0, a cone's tip: the caller replaces it
# Decisions to take, in order, instead of deciding (None: decide): one smooth piece of a branching
# program followed past its switch, as |x| = x is followed to x < 0 (the caller sets and clears it).
forced = None


class NoArb(ArithmeticError):
    """An operation that has no ball implementation here (the caller falls back to mpmath)."""


class Undecided(ArithmeticError):
    """A branch depends on digits the balls do not have yet."""


def _decide(yes, no, tie=False):
    if forced is not None and len(decisions) < len(forced):
        decisions.append(forced[len(decisions)])
        return decisions[-1]
    if tie:
        ties.append(True)  # the point sits on the switch: a kink may be here, not merely nearby
    if yes:
        decisions.append(True)
        return True
    if no:
        decisions.append(False)
        return False
    raise Undecided("a comparison of balls that overlap")


def _arb(x):
    return x if type(x) is ARB else ARB(x)


def _equal(x, y):
    x, y = _arb(x), _arb(y)
    return x.is_exact() and y.is_exact() and x == y


def _power(x, y):
    y = _arb(y)
    if y.is_exact() and y.is_integer():
        return _arb(x) ** int(y.unique_fmpz())
    if _arb(x).is_zero() and 0 < y < 1:  # x ** 0.5 at 0: a cone's tip, as sqrt's
        roots.append(True)
    return _arb(x) ** y


def _maximum(x, y):
    return x if _decide(_arb(x) >= y, _arb(x) < y, _equal(x, y)) else y


def _minimum(x, y):
    return x if _decide(_arb(x) <= y, _arb(x) > y, _equal(x, y)) else y


def _clip(x, lo, hi):
    if lo is not None:
        x = _maximum(x, lo)
    return x if hi is None else _minimum(x, hi)


def _abs(x):
    x = _arb(x)
    return x if _decide(x >= 0, x < 0, x.is_zero()) else -x


def _sign(x):
    if x.is_zero():
        return x
    return ARB(1) if _decide(x > 0, x < 0, x.is_zero()) else ARB(-1)


def _logaddexp(x, y):
    # Smooth everywhere: max(x, y) as (x + y + |x - y|) / 2 decides no branch.
    x, y = _arb(x), _arb(y)
    spread = abs(x - y)
    return (x + y + spread) / 2 + (-spread).exp().log1p()


def _xlogy(x, y, log=lambda y: _arb(y).log()):
    # x log y is 0 at x = 0 whatever y is: a branch of the op, taken only where x is exactly 0.
    x = _arb(x)
    if _decide(x.is_exact() and x.is_zero(), not x.contains(0), x.is_zero()):
        return ARB(0)
    return x * log(y)


def _cbrt(x):
    return x.root(3) if _decide(x >= 0, x < 0, x.is_zero()) else -((-x).root(3))


def _method(name):
    """The ball's own function ``name`` (``exp``, ``tanh``...), on a ball or a number."""
    return lambda x: getattr(_arb(x), name)()


def _sqrt(x):
    x = _arb(x)
    if x.is_zero():
        roots.append(True)  # the tip of a cone (a norm at 0): a kink may be here whatever a rule gives
    return x.sqrt()


def _compare(test):
    return lambda x, y: test(_arb(x), _arb(y))


def _finite(x):
    if _arb(x).is_finite():
        return True
    raise Undecided("a ball that is not finite")


# Each elementwise primitive's ball implementation, by primitive name (one element per argument).
ELEMENTWISE = {
    "add": lambda x, y: x + y,
    "subtract": lambda x, y: x - y,
    "multiply": lambda x, y: x * y,
    "divide": lambda x, y: _arb(x) / y,
    "power": _power,
    "negative": lambda x: -x,
    "square": lambda x: x * x,
    "reciprocal": lambda x: 1 / _arb(x),
    "abs": _abs,
    "sign": _sign,
    "sqrt": _sqrt,
    "cbrt": _cbrt,
    "exp": _method("exp"),
    "exp2": lambda x: ARB(2) ** x,
    "expm1": _method("expm1"),
    "log": _method("log"),
    "log2": lambda x: _arb(x).log() / ARB(2).log(),
    "log10": lambda x: _arb(x).log() / ARB(10).log(),
    "log1p": _method("log1p"),
    "sin": _method("sin"),
    "cos": _method("cos"),
    "tan": _method("tan"),
    "arcsin": _method("asin"),
    "arccos": _method("acos"),
    "arctan": _method("atan"),
    "arctan2": lambda y, x: ARB.atan2(_arb(y), _arb(x)),
    "sinh": _method("sinh"),
    "cosh": _method("cosh"),
    "tanh": _method("tanh"),
    "arcsinh": _method("asinh"),
    "arccosh": _method("acosh"),
    "arctanh": _method("atanh"),
    "hypot": lambda x, y: (_arb(x) * x + _arb(y) * y).sqrt(),
    "where": lambda c, x, y: x if c else y,
    "maximum": _maximum,
    "minimum": _minimum,
    "fmax": _maximum,
    "fmin": _minimum,
    "clip": _clip,
    "logaddexp": _logaddexp,
    "sigmoid": lambda x: 1 / (1 + (-_arb(x)).exp()),
    "softplus": lambda x: _logaddexp(x, ARB(0)),
    "xlogy": _xlogy,
    "xlog1py": lambda x, y: _xlogy(x, y, log=lambda y: _arb(y).log1p()),
    "erf": _method("erf"),
    "erfc": _method("erfc"),
    "gammaln": _method("lgamma"),
    "digamma": _method("digamma"),
    "greater": _compare(lambda x, y: _decide(x > y, x <= y, _equal(x, y))),
    "greater_equal": _compare(lambda x, y: _decide(x >= y, x < y, _equal(x, y))),
    "less": _compare(lambda x, y: _decide(x < y, x >= y, _equal(x, y))),
    "less_equal": _compare(lambda x, y: _decide(x <= y, x > y, _equal(x, y))),
    "equal": _compare(lambda x, y: _decide(_equal(x, y), x != y, _equal(x, y))),
    "not_equal": _compare(lambda x, y: _decide(x != y, _equal(x, y), _equal(x, y))),
    "isfinite": _finite,
    "isnan": lambda x: not _finite(x),
    "isinf": lambda x: not _finite(x),
}


def _dispatch(name, on_arb, on_mpmath):
    """One element: the ball implementation when a ball is among the arguments, else mpmath's."""

    def run(*args, **kwargs):
        for a in args:
            if type(a) is ARB:
                if on_arb is None:
                    raise NoArb(f"no ball implementation of {name}")
                return on_arb(*args, **kwargs)
        return on_mpmath(*args, **kwargs)

    return run


def _holds_balls(a):
    if type(a) is ARB:
        return True
    return isinstance(a, np.ndarray) and a.dtype == object and any(type(e) is ARB for e in a.flat)


def _whole(name, on_mpmath, on_arb=None):
    """Whole object arrays (reductions, linear algebra): ``on_arb`` when balls are in them, else mpmath's.

    Without ``on_arb`` balls raise `NoArb`: mpmath's own functions would read a
    ball as its midpoint rounded to mpmath's precision and return a number
    that balls then take as exact.
    """

    def run(*args, **kwargs):
        if any(_holds_balls(a) for a in args):
            if on_arb is None:
                raise NoArb(f"no ball implementation of {name}")
            return on_arb(*args, **kwargs)
        return on_mpmath(*args, **kwargs)

    return run


def _logsumexp(x, axis=None, keepdims=False):
    # On balls exp never overflows or underflows: no shift by the maximum, so no branch.
    exps = np.frompyfunc(lambda e: _arb(e).exp(), 1, 1)(np.asarray(x, dtype=object))
    total = np.sum(exps, axis=axis, keepdims=keepdims)
    log = np.frompyfunc(lambda t: _arb(t).log(), 1, 1)
    return log(total) if isinstance(total, np.ndarray) else _arb(total).log()


def _extremum(pick):
    """max or min on balls: ``pick`` (`_maximum`, `_minimum`) along the axes, each decision recorded.

    The answer is one of the balls themselves, not a copy, so the rule can tell
    which element was picked (`_extremum_rule`).
    """

    def reduce(x, axis=None, keepdims=False):
        x = np.asarray(x, dtype=object)
        axes = tuple(range(x.ndim)) if axis is None else tuple(np.atleast_1d(axis) % max(x.ndim, 1))
        rest = [k for k in range(x.ndim) if k not in axes]
        lined = np.transpose(x, rest + list(axes)).reshape([x.shape[k] for k in rest] + [-1])
        out = np.empty(lined.shape[:-1], dtype=object)
        for index in np.ndindex(out.shape):
            best = lined[index][0]
            for v in lined[index][1:]:
                best = pick(best, v)
            out[index] = best
        if keepdims:
            out = np.expand_dims(out, axes)
        return out[()] if out.ndim == 0 else out

    return reduce


def _extremum_rule(rule):
    """max and min's rule, which finds the picked elements by ``x == ans``, made to find them among balls too.

    flint calls no inexact ball equal, not even to itself: on balls the rule is
    handed, in place of ``x`` and ``ans``, 1 where an element is the ball picked
    (or exactly equal to it: a tie shares, as in floats) and 0 elsewhere, against 1.
    """

    def vjp(g, ans, args, kwargs, argnums):
        x = raw(args[0])
        if not _holds_balls(x):
            return rule(g, ans, args, kwargs, argnums)
        axis = kwargs.get("axis", args[1] if len(args) > 1 else None)
        keepdims = kwargs.get("keepdims", args[2] if len(args) > 2 else False)
        x = np.asarray(x, dtype=object)
        kept = np.asarray(raw(ans), dtype=object)
        if not keepdims:
            kept = kept.reshape((1,) * x.ndim) if axis is None else np.expand_dims(kept, axis)
        picked = np.frompyfunc(lambda a, b: float(a is b or _equal(a, b)), 2, 1)(x, kept).astype(np.float64)
        return rule(g, np.ones(np.shape(raw(ans))), (picked, *args[1:]), kwargs, argnums)

    return vjp


# Reductions whose mpmath implementation is not plain arithmetic on the elements: on
# balls, their ball implementation (None: none).
REDUCTIONS = {"logsumexp": _logsumexp, "max": _extremum(_maximum), "min": _extremum(_minimum)}


def enable():
    """Make every primitive accept ``arb`` balls as well as mpmath numbers (idempotent)."""
    global ARB
    if ARB is not None:
        return
    mp.enable()
    from flint import arb

    ARB = arb
    for module in (ops, ops_array, ops_linalg, ops_special):
        for value in vars(module).values():
            prim = primitive_of(value)
            if not isinstance(prim, Primitive) or prim.mp is None or getattr(prim.mp, "arb_aware", False):
                continue
            if prim.kind in ("elementwise", "comparison"):
                prim.mp = _dispatch(prim.name, ELEMENTWISE.get(prim.name), prim.mp)
            elif prim.kind == "linalg" and prim.name != "matmul" and prim.name in mp.LINALG:
                prim.mp = _whole(prim.name, prim.mp)
            elif prim.kind == "reduction" and prim.name in REDUCTIONS:
                prim.mp = _whole(prim.name, prim.mp, REDUCTIONS[prim.name])
                if prim.name in ("max", "min"):
                    prim.vjp = _extremum_rule(prim.vjp)
            else:
                continue
            prim.mp.arb_aware = True
    register_mp_types(arb)
