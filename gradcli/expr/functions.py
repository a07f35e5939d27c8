"""The functions a formula may call: the one registry of everything the formula layer knows of each.

Each entry is read by the parser (names, aliases, arities), the compiler
(``core``: a function of ``gradcli.numpy`` values), the sympy projection
(``symbolic``: a function of sympy expressions, built lazily so the parser never
imports sympy), the symbolic derivative (``derivative``) and the size estimates
(``log10``, ``digits``, ``double`` and the flags). ``tests/test_function_registry.py``
checks that the core, its mpmath implementations, the op checks and the
catalogue know every function here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Optional, Tuple

from .build import NO_SPAN, add, call, compare, div, is_number, mul, neg, num, power, quotient_derivative, sub, where
from .ir import Const
from .magnitude import LOG10_2, LOG10_E, log10_of_exp, log10_of_log, magnitude, signed


def _largest_digits(*parts):
    return max(p.digits for p in parts)


@dataclass(frozen=True)
class FunctionSpec:
    """One function of the formula language: how each layer computes, differentiates and sizes it.

    ``log10``, ``digits`` and ``double`` take the arguments' `sizes.Size` (or
    their doubles) and say what the size estimates need: ``log10`` estimates
    log10|f| where doubles overflow or underflow, ``digits`` bounds the digits
    of any exact number sympy could make of it, ``double`` computes it on
    doubles and may raise where ``math`` does (None: the core's own code on
    Python floats).
    """

    name: str
    arities: Tuple[int, ...]
    core: Callable  # (gnp, *args) -> value
    symbolic: Callable  # (sympy, *args) -> sympy expression
    derivative: Callable  # (call node, derivatives of its arguments) -> the call's derivative, as IR
    log10: Callable  # (*argument sizes) -> float
    double: Optional[Callable] = None  # (*floats) -> float
    aliases: Tuple[str, ...] = ()
    digits: Callable = _largest_digits  # (*argument sizes) -> float
    integer: bool = False  # its value is an integer (floor, ceil, sign): sympy holds it exactly
    rounds: bool = False  # sympy computes the integer part of an irrational argument
    pass_through: bool = False  # its value is one of its arguments: rational where they are
    logarithm: bool = False  # a logarithm is inside (exp(n*log(3)) is 3**n to sympy)
    exponential: int = 0  # exp(c*log(a)) inside makes it a power a**(this*c) to sympy
    sympy_root: int = 0  # sympy builds it as this root, factoring a number under it
    sympy_orders: bool = False  # sympy builds it with Max and Min, which refuse numbers they cannot order

    def on_doubles(self, *values):
        """The function of doubles, as the size estimates read it (it may raise where ``math`` does)."""
        if self.double is not None:
            return self.double(*values)
        import gradcli.numpy as gnp  # the core on Python floats: IEEE inf and nan, no warnings

        return self.core(gnp, *values)


def _cf():
    import sympy.codegen.cfunctions as cf

    return cf


def _real_cbrt(sp, x):
    """The real cube root, as NumPy's: sympy's ``cbrt(-8)`` is the complex ``2*(-1)**(1/3)``."""
    try:
        negative = x.is_number and x.is_extended_negative
    except (OverflowError, ValueError, TypeError):  # sympy cannot evaluate x: the builder's checks say why
        negative = False
    if negative:
        return -sp.cbrt(-x)
    if x.is_number:
        return sp.cbrt(x)
    from .sympy_functions import cbrt  # sympy's own is the principal root: x**(1/3), complex below 0

    return cbrt(x)


def _stable(name, *args):
    """sympy's form of a stable op: itself on symbols, so that its derivative prints stable (`sympy_functions`)."""
    from . import sympy_functions  # sympy's closed forms overflow in the printed code

    return getattr(sympy_functions, name)(*args)


def _atan2(sp, y, x):
    """sympy's atan2, but 0 at (0, 0) as in NumPy (sympy's is nan)."""
    return sp.Integer(0) if y.is_zero and x.is_zero else sp.atan2(y, x)


def _log2(x):
    from .sympy_functions import log2

    return log2(x)


def _chain(outer):
    """The derivative rule of a one-argument function f from ``outer(u)``, f'(u) as IR."""

    def rule(node, d_args):
        (du,) = d_args
        return num(0) if is_number(du, 0) else mul(outer(node.args[0]), du)

    return rule


def _unary(name, symbolic, outer, log10, aliases=(), **facts):
    return FunctionSpec(
        name, (1,), lambda gnp, x: getattr(gnp, name)(x), symbolic, _chain(outer), log10, aliases=aliases, **facts
    )


def _binary(name, symbolic, derivative, log10, aliases=(), **facts):
    return FunctionSpec(
        name, (2,), lambda gnp, x, y: getattr(gnp, name)(x, y), symbolic, derivative, log10, aliases=aliases, **facts
    )


# -- logarithms ---------------------------------------------------------------------


def _log(gnp, x, base=None):
    # divide, not /: on Python floats / raises ZeroDivisionError where NumPy gives inf (log(2, 1), as 1/0)
    return gnp.log(x) if base is None else gnp.divide(gnp.log(x), gnp.log(base))


def _log_symbolic(sp, x, base=None):
    return sp.log(x) if base is None else sp.log(x) / sp.log(base)


_log_chain = _chain(lambda u: div(num(1), u))


def _log_derivative(node, d_args):
    if len(node.args) == 1:
        return _log_chain(node, d_args)
    logs = [call("log", a) for a in node.args]  # log(x, base) is log(x)/log(base)
    d_logs = [_log_chain(log, (d,)) for log, d in zip(logs, d_args)]
    return quotient_derivative(*logs, *d_logs)


def _log_double(x, base=None):
    return math.log(x) if base is None else math.log(x) / math.log(base)


def _log_size(x, *base):
    return log10_of_log(x)


# -- the derivative rules of functions of several arguments ------------------------------


def _arctan2_derivative(node, d_args):
    (y, x), (dy, dx) = node.args, d_args
    return div(sub(mul(x, dy), mul(y, dx)), add(power(x, num(2)), power(y, num(2))))


def _hypot_derivative(node, d_args):
    (x, y), (dx, dy) = node.args, d_args
    return div(add(mul(x, dx), mul(y, dy)), node)


def _picking(op):
    """The derivative rule of maximum (``op`` ">") or minimum ("<"): the derivative of the one picked."""
    return lambda node, d_args: call("where", compare(op, *node.args), *d_args)


def _logaddexp_derivative(node, d_args):
    (x, y), (dx, dy) = node.args, d_args
    return add(mul(dx, call("sigmoid", sub(x, y))), mul(dy, call("sigmoid", sub(y, x))))


def _clip_derivative(node, d_args):
    (x, lo, hi), (dx, dlo, dhi) = node.args, d_args
    # clip is min(max(x, lo), hi): where lo > hi it is hi, whatever x is.
    below = where(compare(">", lo, hi), dhi, dlo)
    return where(compare("<", x, lo), below, where(compare(">", x, hi), dhi, dx))


def _erf_outer(u):
    return mul(div(num(2), call("sqrt", Const(NO_SPAN, "pi"))), call("exp", neg(power(u, num(2)))))


def _log_of_argument_times_first(log_name, shift):
    """The derivative rule of xlogy (``log_name`` "log", ``shift`` 0) or xlog1py ("log1p", 1): x log(y + shift)."""

    def rule(node, d_args):
        (x, y), (dx, dy) = node.args, d_args
        by_x = num(0) if is_number(dx, 0) else mul(dx, call(log_name, y))
        by_y = num(0) if is_number(dy, 0) else mul(x, div(dy, add(y, num(shift)) if shift else y))
        return add(by_x, by_y)

    return rule


def _ndtr(gnp, x):
    # erfc(-x/sqrt 2)/2, as gradcli.scipy.special computes it: 1 + erf(x/sqrt 2) would cancel far left.
    # 1/sqrt 2 in x's own precision: a float constant would cap the exact reference at 16 digits.
    from gradcli.autodiff.ops import constant

    return gnp.divide(gnp.erfc(gnp.negative(gnp.multiply(x, constant("1/sqrt(2)", x)))), 2.0)


def _ndtr_outer(u):
    return div(call("exp", neg(div(power(u, num(2)), num(2)))), call("sqrt", mul(num(2), Const(NO_SPAN, "pi"))))


class WritingNamespace:
    """What a formula's function specs are handed as ``gnp`` where each function writes text instead of computing."""


def _special(name):
    """The core of SciPy's special function ``name``: ``gradcli.scipy.special``'s primitive, which takes floats,
    mpmath numbers, balls and proof numbers alike; a `WritingNamespace`'s own writer where ``gnp`` writes text."""

    def core(gnp, *args):
        if isinstance(gnp, WritingNamespace):
            return getattr(gnp, name)(*args)
        from gradcli.scipy import special  # NumPy and SciPy's ufuncs: a formula calling none of these needs neither

        return getattr(special, name)(*args)

    return core


def _sinc_outer(u):
    """sinc'(u) = (cos(pi u) - sinc(u))/u, and its limit 0 at u = 0, where the quotient is 0/0."""
    pi_u = mul(Const(NO_SPAN, "pi"), u)
    slope = div(sub(call("cos", pi_u), call("sinc", u)), u)
    return where(compare("==", u, num(0)), num(0), slope)


def _sinc_double(x):
    """NumPy's sinc on doubles: sin(pi x)/(pi x), 1 at 0."""
    return 1.0 if x == 0 else math.sin(math.pi * x) / (math.pi * x)


def _erfcx_outer(u):
    """erfcx'(u) = 2 u erfcx(u) - 2/sqrt(pi)."""
    return sub(mul(mul(num(2), u), call("erfcx", u)), div(num(2), call("sqrt", Const(NO_SPAN, "pi"))))


def _log_ndtr_outer(u):
    """log_ndtr'(u) = phi(u)/ndtr(u) written as sqrt(2/pi)/erfcx(-u/sqrt(2)): no 0/0 where both underflow far left,
    no overflow far right (erfcx grows, so the slope falls to its 0)."""
    sqrt_2 = call("sqrt", num(2))
    return div(div(sqrt_2, call("sqrt", Const(NO_SPAN, "pi"))), call("erfcx", neg(div(u, sqrt_2))))


def _ndtri_outer(u):
    """ndtri'(u) = sqrt(2 pi) exp(ndtri(u)^2/2): the reciprocal of the normal density at ndtri(u)."""
    two_pi = mul(num(2), Const(NO_SPAN, "pi"))
    return mul(call("sqrt", two_pi), call("exp", div(power(call("ndtri", u), num(2)), num(2))))


def _erfinv_outer(u):
    """erfinv'(u) = sqrt(pi)/2 exp(erfinv(u)^2): the reciprocal of erf's slope at erfinv(u)."""
    return mul(div(call("sqrt", Const(NO_SPAN, "pi")), num(2)), call("exp", power(call("erfinv", u), num(2))))


def _i0e_outer(u):
    """i0e'(u) = i1e(u) - sign(u) i0e(u): I0' = I1, and the scale e^-|u| has slope -sign(u) e^-|u|."""
    return sub(call("i1e", u), mul(call("sign", u), call("i0e", u)))


def _i1e_outer(u):
    """i1e'(u) = i0e(u) - i1e(u)/u - sign(u) i1e(u) (I1' = I0 - I1/u), and its limit 1/2 at u = 0, where I1(u)/u is
    0/0."""
    slope = sub(sub(call("i0e", u), div(call("i1e", u), u)), mul(call("sign", u), call("i1e", u)))
    return where(compare("==", u, num(0)), div(num(1), num(2)), slope)


def _ellipk_outer(u):
    """K'(m) = (E(m)/(1 - m) - K(m))/(2m), Legendre's relation, and its limit pi/8 at m = 0, where it is 0/0."""
    slope = div(sub(div(call("ellipe", u), sub(num(1), u)), call("ellipk", u)), mul(num(2), u))
    return where(compare("==", u, num(0)), div(Const(NO_SPAN, "pi"), num(8)), slope)


def _ellipkm1_outer(u):
    """d/dp K(1 - p) = (K(1 - p) - E(1 - p)/p)/(2(1 - p)), and its limit -pi/8 at p = 1 (m = 0), where it is 0/0."""
    slope = div(sub(call("ellipkm1", u), div(call("ellipe", sub(num(1), u)), u)), mul(num(2), sub(num(1), u)))
    return where(compare("==", u, num(1)), neg(div(Const(NO_SPAN, "pi"), num(8))), slope)


def _ellipe_outer(u):
    """E'(m) = (E(m) - K(m))/(2m), Legendre's relation, and its limit -pi/8 at m = 0, where it is 0/0."""
    slope = div(sub(call("ellipe", u), call("ellipk", u)), mul(num(2), u))
    return where(compare("==", u, num(0)), neg(div(Const(NO_SPAN, "pi"), num(8))), slope)


def _ellipk_size(m):
    # K(m) is below pi/2 left of 0 and grows like log(4/sqrt(1 - m)) towards 1, where an exact 1 - m has m's digits
    return math.log10(math.pi + 1.2 * m.digits)


def _ellipkm1_size(p):
    # K(1 - p) grows like log(4/sqrt(p)) as p falls to 0: p's digits, or its magnitude, bound that log
    return math.log10(math.pi + 1.2 * max(p.digits, -p.log10, 0.0))


def _ellipe_size(m):
    # E(m) is at most pi/2 on [0, 1] and grows like sqrt(-m) towards -inf
    return max(m.log10, 0.0) / 2 + math.log10(math.pi)


def _lambertw_outer(u):
    """W'(u) = 1/(u + e^W(u)): W/(u (1 + W)) without its 0/0 at u = 0, infinite at the branch point u = -1/e."""
    return div(num(1), add(u, call("exp", call("lambertw", u))))


def _lambertw_size(x):
    # W(x) is below ln(x) right of e, and |W| <= 1 on [-1/e, e]
    return log10_of_log(x) if x.log10 > 0 else 0.0


def _erfcx_size(x):
    # erfcx falls from 1 at 0 like 1/(sqrt(pi) x) right of it and grows like 2 e^(x^2) left of it
    left = max(-signed(x), 0.0)
    return left * left * LOG10_E + LOG10_2


def _log_ndtr_size(x):
    # log_ndtr(x) is about -x^2/2 far left, and small everywhere right of that
    return 2 * max(x.log10, 0.0) + LOG10_2


def _inverse_normal_size(p):
    # ndtri and erfinv grow like sqrt(2 ln(1/d)) as p nears 0 or 1 within d, and an exact d has at most p's digits
    return math.log10(40.0 + math.sqrt(2 * math.log(10) * p.digits))


def _logit(gnp, p):
    # log p - log1p(-p), as gradcli.scipy.special computes it: 1 - p is exact where log1p(-p) needs it
    return gnp.subtract(gnp.log(p), gnp.log1p(gnp.negative(p)))


def _x_times_log_double(log):
    """x log(y) on doubles, 0 where x is 0 (NumPy's xlogy(0, 0) is 0); math's ValueError for a y out of the domain."""
    return lambda x, y: 0.0 if x == 0 else x * log(y)


# -- size rules ---------------------------------------------------------------------------


def _bounded(*parts):
    return math.log10(math.pi)


def _largest(*parts):
    return max(p.log10 for p in parts)


def _unbounded(x):
    return math.inf  # near its poles


def _rounded_digits(x):
    """The digits of floor(x) or ceil(x): the integer sympy computes."""
    return x.digits + 1 if x.rational else x.integer_digits


def _beyond(function, x, largest):
    """``function(x)``, or inf past ``largest``, where math would raise OverflowError."""
    return math.inf if x > largest else function(x)


def _power_of_two_digits(x):
    """The digits of exp2(x): sympy makes 2**x of a rational x exactly (exp2(1e38) is an integer of 3e37 digits)."""
    return max(x.digits, abs(x.value) * LOG10_2) if x.rational else x.digits


def _logaddexp_double(a, b):
    high = max(a, b)
    return high + math.log1p(math.exp(-abs(a - b)))


# A row: the name, the sympy mapping, f'(u) (or, with several arguments, the derivative
# rule), the log10 estimate, the aliases, then the other facts by keyword.
# ``double`` is math's function where there is one (what the core's Python-float
# path calls too; it keeps NumPy out of `gradcli diff "x/sqrt(2*pi)"`), or code of its
# own where the estimates want math's exception ("unknown": log(0), exp(710)) rather
# than NumPy's -inf or inf; the others (sign, where, clip, sigmoid, softplus) are the core's code.
FUNCTIONS = {
    spec.name: spec
    for spec in [
        _unary("sqrt", lambda sp, x: sp.sqrt(x), lambda u: div(num(1), mul(num(2), call("sqrt", u))),
               lambda x: x.log10 / 2, double=math.sqrt, sympy_root=2),
        _unary("cbrt", lambda sp, x: _real_cbrt(sp, x), lambda u: div(num(1), mul(num(3), power(call("cbrt", u), num(2)))),
               lambda x: x.log10 / 3, double=lambda x: math.copysign(abs(x) ** (1 / 3), x), sympy_root=3),
        _unary("exp", lambda sp, x: sp.exp(x), lambda u: call("exp", u), lambda x: log10_of_exp(x, LOG10_E),
               double=lambda x: _beyond(math.exp, x, 709.0), exponential=1),
        _unary("exp2", lambda sp, x: _cf().exp2(x), lambda u: mul(call("exp2", u), call("log", num(2))),
               lambda x: log10_of_exp(x, LOG10_2), double=lambda x: _beyond(lambda x: 2.0**x, x, 1023.0),
               digits=_power_of_two_digits, exponential=1),
        _unary("expm1", lambda sp, x: _cf().expm1(x), lambda u: call("exp", u),
               lambda x: max(log10_of_exp(x, LOG10_E), 0.0), double=lambda x: _beyond(math.expm1, x, 709.0),
               exponential=1),
        FunctionSpec("log", (1, 2), _log, _log_symbolic, _log_derivative, _log_size, _log_double, ("ln",),
                     logarithm=True),
        _unary("log2", lambda sp, x: _log2(x), lambda u: div(num(1), mul(u, call("log", num(2)))), log10_of_log,
               double=math.log2, logarithm=True),
        _unary("log10", lambda sp, x: _cf().log10(x), lambda u: div(num(1), mul(u, call("log", num(10)))),
               log10_of_log, double=math.log10, logarithm=True),
        _unary("log1p", lambda sp, x: _cf().log1p(x), lambda u: div(num(1), add(num(1), u)), log10_of_log,
               double=math.log1p, logarithm=True),
        _unary("sin", lambda sp, x: sp.sin(x), lambda u: call("cos", u), _bounded, double=math.sin),
        _unary("cos", lambda sp, x: sp.cos(x), lambda u: neg(call("sin", u)), _bounded, double=math.cos),
        _unary("tan", lambda sp, x: sp.tan(x), lambda u: div(num(1), power(call("cos", u), num(2))), _unbounded,
               double=math.tan),
        _unary("arcsin", lambda sp, x: sp.asin(x), lambda u: div(num(1), call("sqrt", sub(num(1), power(u, num(2))))),
               _bounded, ("asin",), double=math.asin),
        _unary("arccos", lambda sp, x: sp.acos(x),
               lambda u: neg(div(num(1), call("sqrt", sub(num(1), power(u, num(2)))))), _bounded, ("acos",),
               double=math.acos),
        _unary("arctan", lambda sp, x: sp.atan(x), lambda u: div(num(1), add(num(1), power(u, num(2)))), _bounded,
               ("atan",), double=math.atan),
        _binary("arctan2", lambda sp, y, x: _atan2(sp, y, x), _arctan2_derivative, _bounded, ("atan2",),
                double=math.atan2),
        _unary("sinh", lambda sp, x: sp.sinh(x), lambda u: call("cosh", u), lambda x: magnitude(x) * LOG10_E,
               double=lambda x: math.copysign(_beyond(math.sinh, abs(x), 710.0), x), exponential=2),
        _unary("cosh", lambda sp, x: sp.cosh(x), lambda u: call("sinh", u), lambda x: magnitude(x) * LOG10_E,
               double=lambda x: _beyond(math.cosh, abs(x), 710.0), exponential=2),
        _unary("tanh", lambda sp, x: sp.tanh(x), lambda u: div(num(1), power(call("cosh", u), num(2))), _bounded,
               double=math.tanh, exponential=2),
        _unary("arcsinh", lambda sp, x: sp.asinh(x), lambda u: div(num(1), call("sqrt", add(power(u, num(2)), num(1)))),
               log10_of_log, ("asinh",), double=math.asinh, logarithm=True),
        _unary("arccosh", lambda sp, x: sp.acosh(x), lambda u: div(num(1), call("sqrt", sub(power(u, num(2)), num(1)))),
               log10_of_log, ("acosh",), double=math.acosh, logarithm=True),
        _unary("arctanh", lambda sp, x: sp.atanh(x), lambda u: div(num(1), sub(num(1), power(u, num(2)))), _unbounded,
               ("atanh",), double=math.atanh, logarithm=True),
        _unary("abs", lambda sp, x: sp.Abs(x), lambda u: call("sign", u), _largest, ("absolute", "fabs"),
               double=abs, pass_through=True),
        _unary("sign", lambda sp, x: sp.sign(x), lambda u: num(0), _bounded, integer=True),
        _binary("hypot", lambda sp, x, y: _cf().hypot(x, y), _hypot_derivative,
                lambda *parts: _largest(*parts) + LOG10_2 / 2, double=math.hypot,
                digits=lambda *parts: sum(p.digits for p in parts) + 1),
        _binary("maximum", lambda sp, x, y: sp.Max(x, y), _picking(">"), _largest, ("max",), double=max,
                pass_through=True, sympy_orders=True),
        _binary("minimum", lambda sp, x, y: sp.Min(x, y), _picking("<"), _largest, ("min",), double=min,
                pass_through=True, sympy_orders=True),
        FunctionSpec(
            "where",
            (3,),
            lambda gnp, c, a, b: gnp.where(c, a, b),
            lambda sp, c, a, b: sp.Piecewise((a, c), (b, True)),
            lambda node, d_args: call("where", node.args[0], *d_args[1:]),
            lambda c, a, b: max(a.log10, b.log10),
            pass_through=True,
        ),
        FunctionSpec(
            "clip",
            (3,),
            lambda gnp, x, lo, hi: gnp.clip(x, lo, hi),
            lambda sp, x, lo, hi: sp.Min(sp.Max(x, lo), hi),
            _clip_derivative,
            _largest,
            pass_through=True,
            sympy_orders=True,
        ),
        _binary("logaddexp", lambda sp, x, y: _stable("logaddexp", x, y), _logaddexp_derivative,
                lambda *parts: max(_largest(*parts), 0.0) + LOG10_2, double=_logaddexp_double, logarithm=True,
                exponential=1),
        _unary("sigmoid", lambda sp, x: _stable("sigmoid", x),
               lambda u: mul(call("sigmoid", u), sub(num(1), call("sigmoid", u))), _bounded, ("expit",),
               exponential=1),
        _unary("softplus", lambda sp, x: _stable("softplus", x), lambda u: call("sigmoid", u),
               lambda x: max(x.log10, 0.0) + LOG10_2, logarithm=True, exponential=1),
        FunctionSpec("log_expit", (1,), lambda gnp, x: gnp.negative(gnp.softplus(gnp.negative(x))),
                     lambda sp, x: -_stable("softplus", -x), _chain(lambda u: call("sigmoid", neg(u))),
                     lambda x: max(x.log10, 0.0) + LOG10_2, aliases=("log_sigmoid",), logarithm=True, exponential=1),
        FunctionSpec("logit", (1,), _logit, lambda sp, p: sp.log(p) - _cf().log1p(-p),
                     _chain(lambda u: div(num(1), mul(u, sub(num(1), u)))), _unbounded,
                     double=lambda p: math.log(p) - math.log1p(-p), logarithm=True),
        _binary("xlogy", lambda sp, x, y: _stable("xlogy", x, y), _log_of_argument_times_first("log", 0),
                lambda x, y: x.log10 + log10_of_log(y), double=_x_times_log_double(math.log), logarithm=True),
        _binary("xlog1py", lambda sp, x, y: _stable("xlog1py", x, y), _log_of_argument_times_first("log1p", 1),
                lambda x, y: x.log10 + log10_of_log(y), double=_x_times_log_double(math.log1p), logarithm=True),
        _unary("erf", lambda sp, x: sp.erf(x), _erf_outer, _bounded, double=math.erf),
        FunctionSpec("ndtr", (1,), _ndtr, lambda sp, x: _stable("ndtr", x), _chain(_ndtr_outer), _bounded,
                     double=lambda x: math.erfc(-x / math.sqrt(2.0)) / 2),
        _unary("erfc", lambda sp, x: sp.erfc(x), lambda u: neg(_erf_outer(u)), _bounded, double=math.erfc),
        FunctionSpec("erfcx", (1,), _special("erfcx"), lambda sp, x: _stable("erfcx", x), _chain(_erfcx_outer),
                     _erfcx_size),
        FunctionSpec("log_ndtr", (1,), _special("log_ndtr"), lambda sp, x: _stable("log_ndtr", x),
                     _chain(_log_ndtr_outer), _log_ndtr_size, logarithm=True),
        FunctionSpec("ndtri", (1,), _special("ndtri"), lambda sp, p: _stable("ndtri", p), _chain(_ndtri_outer),
                     _inverse_normal_size),
        FunctionSpec("erfinv", (1,), _special("erfinv"), lambda sp, x: _stable("erfinv", x), _chain(_erfinv_outer),
                     _inverse_normal_size),
        FunctionSpec("i0e", (1,), _special("i0e"), lambda sp, x: _stable("i0e", x), _chain(_i0e_outer), _bounded),
        FunctionSpec("i1e", (1,), _special("i1e"), lambda sp, x: _stable("i1e", x), _chain(_i1e_outer), _bounded),
        FunctionSpec("lambertw", (1,), _special("lambertw"), lambda sp, x: _stable("lambertw", x),
                     _chain(_lambertw_outer), _lambertw_size),
        FunctionSpec("ellipk", (1,), _special("ellipk"), lambda sp, m: _stable("ellipk", m), _chain(_ellipk_outer),
                     _ellipk_size),
        FunctionSpec("ellipkm1", (1,), _special("ellipkm1"), lambda sp, p: _stable("ellipkm1", p),
                     _chain(_ellipkm1_outer), _ellipkm1_size),
        FunctionSpec("ellipe", (1,), _special("ellipe"), lambda sp, m: _stable("ellipe", m), _chain(_ellipe_outer),
                     _ellipe_size),
        _unary("sinc", lambda sp, x: _stable("sinc", x), _sinc_outer, _bounded, double=_sinc_double),
        _unary("floor", lambda sp, x: sp.floor(x), lambda u: num(0), lambda x: max(x.log10, 0.0),
               double=lambda x: float(math.floor(x)), digits=_rounded_digits, integer=True, rounds=True),
        _unary("ceil", lambda sp, x: sp.ceiling(x), lambda u: num(0), lambda x: max(x.log10, 0.0),
               double=lambda x: float(math.ceil(x)), digits=_rounded_digits, integer=True, rounds=True),
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
