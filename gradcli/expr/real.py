"""Constant parts of a formula in real arithmetic: which are not finite real numbers, and those sympy cannot evaluate.

gradcli computes as NumPy does, in real numbers: ``sqrt(-2)`` and ``acos(2)``
are NaN there and ``log(0)`` is infinite, where sympy makes ``sqrt(2)*I``, keeps
``acos(2)`` as if it were a number, and makes ``zoo``. The sympy builder asks
`why_not_real` about each constant part it builds, innermost first; a part that
is not a finite real number is built as NaN, which spreads as NumPy's does.
Where sympy's own evaluation overflows on a real constant (``sigmoid(sinh(1e38))``),
`kept_as_written` evaluates it on balls instead and keeps it as written.
"""

from __future__ import annotations

import math
import warnings

from .compile import to_function
from .functions import WritingNamespace
from .ir import Call, Formula
from .operators import OPERATORS
from .printers import python_function

# Ball precisions tried, in bits: a constant whose ball is not 20 digits tight at the last is not evaluated.
_BITS = (64, 256, 1024, 4096)
_DIGITS = 20
# A ball around 0 narrower than 2**this (below 1e-330) is 0 to every float.
_BEYOND_FLOATS = -1097


def why_not_real(value):
    """Why the sympy constant ``value`` is not a finite real number ("is not real", "is infinite"), or None (NaN too).

    Raises what sympy raises where it cannot evaluate ``value`` (OverflowError: ``sigmoid(sinh(1e38))``).
    """
    import sympy

    if value is sympy.nan:
        return None  # a remainder by 0: NaN, as in NumPy, and a number gradcli prints (nan)
    if value.is_finite is False or value.has(sympy.zoo, sympy.oo):
        return "is infinite"
    real = value.is_extended_real
    if real is None:
        # sympy cannot tell (log10(-2)); its value to 20 digits can, its spurious tiny imaginary parts chopped.
        real = value.evalf(_DIGITS, chop=True).is_extended_real
        if real is None:
            raise ValueError("sympy cannot evaluate this constant")  # the caller asks the balls
    if not real:
        return "is not real"
    # What sympy asks of a number inside a product or a comparison; it overflows here if anywhere.
    value.is_extended_positive  # noqa: B018
    return None


def infinity_of(formula: Formula):
    """sympy's ``oo`` or ``-oo`` where NumPy makes the constant ``formula`` infinite (``log(0)``: -inf), else None."""
    import sympy

    try:
        with warnings.catch_warnings():
            # NumPy's invalid-value warning ((-1)**pi) announces the NaN this asks about: no news for the user.
            warnings.simplefilter("ignore", RuntimeWarning)
            value = float(to_function(formula)())
    except (ArithmeticError, ValueError, TypeError):
        return None
    return {math.inf: sympy.oo, -math.inf: -sympy.oo}.get(value)


def kept_as_written(formula: Formula):
    """The constant ``formula`` as a sympy `Written` constant, valued on balls; None where balls do not settle it."""
    from .sympy_functions import Written

    settled = _on_balls(formula)
    if settled is None:
        return None
    part = formula.text[formula.root.span[0] : formula.root.span[1]]
    if not isinstance(formula.root, Call):
        part = f"({part})"  # a call stands alone in a product; anything else is bracketed
    code = to_function(formula, "written", _Writer(_code))()
    latex = to_function(formula, "written", _Writer(_latex))()
    return Written(part, code, latex, *settled)


def _on_balls(formula: Formula):
    """The constant ``formula``'s value to 20 digits (an mpmath number) from ball arithmetic and whether its sign is known; or None."""
    import mpmath
    from flint import ctx

    from ..autodiff import arb

    arb.enable()
    evaluate = to_function(formula, "ball")
    saved = ctx.prec
    try:
        for bits in _BITS:
            ctx.prec = bits
            try:
                ball = evaluate()
            except ArithmeticError:  # no ball implementation, or a branch the balls cannot decide yet
                continue
            if not isinstance(ball, arb.ARB) or not ball.is_finite():
                continue
            if ball.is_exact() or ball.rad() <= abs(ball.mid()) * arb.ARB(10) ** -_DIGITS:
                man, exp = ball.mid().man_exp()
                return mpmath.mpf((int(man), int(exp))), True
            if ball.contains(0) and ball.rad() < arb.ARB(2) ** _BEYOND_FLOATS:
                return mpmath.mpf(0), False  # 0 to every float, of a sign the balls do not tell
    finally:
        ctx.prec = saved
    return None


class _Writer(WritingNamespace):
    """What `to_function` calls as ``gnp`` to write a constant out: each function by ``write(name, args)``."""

    def __init__(self, write):
        self.write = write
        self.pi, self.e = write("pi", None), write("e", None)

    def __getattr__(self, name):
        return lambda *args: self.write(name, args)


def _code(name, args):
    return f"gnp.{name}" if args is None else f"{python_function(name)}({', '.join(args)})"


_LATEX_OPERATORS = {op.core: op.latex for op in OPERATORS if op.latex}


def _latex(name, args):
    if args is None:
        return r"\pi" if name == "pi" else "e"
    if name in _LATEX_OPERATORS:
        return _LATEX_OPERATORS[name].format(*args)
    return rf"\operatorname{{{name}}}\left({', '.join(args)}\right)"
