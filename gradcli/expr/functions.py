"""The functions a formula may call: names, arities, and how each maps to the core and to sympy.

One table, read by the parser (names and arities), the compiler (``core``: a
function of ``gradcli.numpy`` values) and the sympy projection (``symbolic``:
a function of sympy expressions, built lazily so the parser never imports sympy).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Tuple


@dataclass(frozen=True)
class FunctionSpec:
    name: str
    arities: Tuple[int, ...]
    core: Callable  # (gnp, *args) -> value
    symbolic: Callable  # (sympy, *args) -> sympy expression
    aliases: Tuple[str, ...] = ()


def _cf():
    import sympy.codegen.cfunctions as cf

    return cf


def _log2(x):
    from .sympy_functions import log2

    return log2(x)


def _unary(name, symbolic, aliases=()):
    return FunctionSpec(name, (1,), lambda gnp, x: getattr(gnp, name)(x), symbolic, aliases)


def _log(gnp, x, base=None):
    return gnp.log(x) if base is None else gnp.log(x) / gnp.log(base)


def _log_symbolic(sp, x, base=None):
    return sp.log(x) if base is None else sp.log(x) / sp.log(base)


FUNCTIONS = {
    spec.name: spec
    for spec in [
        _unary("sqrt", lambda sp, x: sp.sqrt(x)),
        _unary("cbrt", lambda sp, x: sp.cbrt(x)),
        _unary("exp", lambda sp, x: sp.exp(x)),
        _unary("exp2", lambda sp, x: _cf().exp2(x)),
        _unary("expm1", lambda sp, x: _cf().expm1(x)),
        FunctionSpec("log", (1, 2), _log, _log_symbolic, ("ln",)),
        _unary("log2", lambda sp, x: _log2(x)),
        _unary("log10", lambda sp, x: _cf().log10(x)),
        _unary("log1p", lambda sp, x: _cf().log1p(x)),
        _unary("sin", lambda sp, x: sp.sin(x)),
        _unary("cos", lambda sp, x: sp.cos(x)),
        _unary("tan", lambda sp, x: sp.tan(x)),
        _unary("arcsin", lambda sp, x: sp.asin(x), ("asin",)),
        _unary("arccos", lambda sp, x: sp.acos(x), ("acos",)),
        _unary("arctan", lambda sp, x: sp.atan(x), ("atan",)),
        FunctionSpec(
            "arctan2", (2,), lambda gnp, y, x: gnp.arctan2(y, x), lambda sp, y, x: sp.atan2(y, x), ("atan2",)
        ),
        _unary("sinh", lambda sp, x: sp.sinh(x)),
        _unary("cosh", lambda sp, x: sp.cosh(x)),
        _unary("tanh", lambda sp, x: sp.tanh(x)),
        _unary("arcsinh", lambda sp, x: sp.asinh(x), ("asinh",)),
        _unary("arccosh", lambda sp, x: sp.acosh(x), ("acosh",)),
        _unary("arctanh", lambda sp, x: sp.atanh(x), ("atanh",)),
        _unary("abs", lambda sp, x: sp.Abs(x), ("absolute", "fabs")),
        _unary("sign", lambda sp, x: sp.sign(x)),
        FunctionSpec("hypot", (2,), lambda gnp, x, y: gnp.hypot(x, y), lambda sp, x, y: _cf().hypot(x, y)),
        FunctionSpec(
            "maximum", (2,), lambda gnp, x, y: gnp.maximum(x, y), lambda sp, x, y: sp.Max(x, y), ("max",)
        ),
        FunctionSpec(
            "minimum", (2,), lambda gnp, x, y: gnp.minimum(x, y), lambda sp, x, y: sp.Min(x, y), ("min",)
        ),
        FunctionSpec(
            "where",
            (3,),
            lambda gnp, c, a, b: gnp.where(c, a, b),
            lambda sp, c, a, b: sp.Piecewise((a, c), (b, True)),
        ),
        FunctionSpec(
            "clip",
            (3,),
            lambda gnp, x, lo, hi: gnp.clip(x, lo, hi),
            lambda sp, x, lo, hi: sp.Min(sp.Max(x, lo), hi),
        ),
        FunctionSpec(
            "logaddexp",
            (2,),
            lambda gnp, x, y: gnp.logaddexp(x, y),
            lambda sp, x, y: sp.log(sp.exp(x) + sp.exp(y)),
        ),
        _unary("sigmoid", lambda sp, x: 1 / (1 + sp.exp(-x)), ("expit",)),
        _unary("softplus", lambda sp, x: _cf().log1p(sp.exp(x))),
        _unary("erf", lambda sp, x: sp.erf(x)),
        _unary("erfc", lambda sp, x: sp.erfc(x)),
        _unary("floor", lambda sp, x: sp.floor(x)),
        _unary("ceil", lambda sp, x: sp.ceiling(x)),
    ]
}

ALIASES = {alias: spec.name for spec in FUNCTIONS.values() for alias in spec.aliases}
CONSTANTS = ("pi", "e")


def lookup(name):
    """The spec for a function name or alias, or None."""
    canonical = ALIASES.get(name, name)
    return FUNCTIONS.get(canonical)


def known_names():
    return sorted(set(FUNCTIONS) | set(ALIASES))
