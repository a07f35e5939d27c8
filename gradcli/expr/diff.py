"""Symbolic derivatives of a formula: sympy differentiation, bounded simplification, printers.

`differentiate` returns a `DiffResult` dataclass; the CLI renders it as text,
LaTeX, Python (a function body over ``gradcli.numpy``) or JSON. Simplification
runs in a child process under a time budget, because ``sympy.simplify`` can run
for minutes; when the budget runs out the unsimplified derivative is kept and
a note says so. It never hangs.
"""

from __future__ import annotations

import itertools
import multiprocessing
import time
from dataclasses import dataclass, field

from ..errors import InputError
from .ir import Formula
from .to_sympy import refuse_huge_numbers, symbols_of, to_sympy

# Python refuses to print integers of more than 4,300 digits (sys.int_info).
MAX_PRINTED_DIGITS = 4_000


@dataclass
class Derivative:
    """One partial derivative: with respect to ``wrt`` (a tuple of variable names)."""

    wrt: tuple
    expr: object  # a sympy expression
    simplified: bool = False

    @property
    def key(self) -> str:
        return ",".join(self.wrt)

    @property
    def label(self) -> str:
        order = len(self.wrt)
        if order == 1:
            return f"d/d{self.wrt[0]}"
        counts = itertools.groupby(self.wrt)
        denominator = " ".join(
            f"d{name}^{n}" if n > 1 else f"d{name}"
            for name, n in ((k, len(list(g))) for k, g in counts)
        )
        return f"d^{order}/{denominator}"


@dataclass
class DiffResult:
    """What ``gradcli diff`` computed: the formula, its sympy form and its partial derivatives."""

    formula: Formula
    expr: object
    variables: tuple
    order: int
    derivatives: list = field(default_factory=list)
    notes: list = field(default_factory=list)

    def to_dict(self):
        return {
            "schema": "gradcli.diff/1",
            "expr": self.formula.text,
            "sympy": str(self.expr),
            "variables": list(self.variables),
            "order": self.order,
            "derivatives": {d.key: str(d.expr) for d in self.derivatives},
            "latex": {d.key: latex(d.expr) for d in self.derivatives},
            "python": {d.key: python_code(d.expr) for d in self.derivatives},
            "simplified": {d.key: d.simplified for d in self.derivatives},
            "notes": list(self.notes),
        }


def differentiate(formula: Formula, wrt=None, order=1, simplify=True, timeout=2.0) -> DiffResult:
    """All partial derivatives of ``order`` with respect to ``wrt`` (default: every variable)."""
    import sympy

    if order < 1:
        raise InputError(f"--order must be at least 1, got {order}")
    if order > 10:
        raise InputError(f"--order {order} is more than gradcli computes (at most 10)")
    names = tuple(wrt) if wrt else formula.variables
    unknown = [n for n in names if n not in formula.variables]
    if unknown:
        raise InputError(
            f"'{unknown[0]}' is not a variable of the formula (its variables: "
            f"{', '.join(formula.variables) or 'none'})",
            text=formula.text,
        )
    symbols = symbols_of(formula)
    try:
        expr = to_sympy(formula, symbols)
        # sympy leaves d/dx Mod(x, 2) unevaluated; a % b is a - b*floor(a/b) for reals.
        differentiable = expr.replace(sympy.Mod, lambda a, b: a - b * sympy.floor(a / b))
        derivatives = [
            Derivative(combo, _piecewise_constant_parts(sympy.diff(differentiable, *[symbols[n] for n in combo])))
            for combo in itertools.combinations_with_replacement(names, order)
        ]
        for d in derivatives:
            refuse_huge_numbers(d.expr, formula.text, None, MAX_PRINTED_DIGITS, what=f"{d.label} f")
    except RecursionError:
        raise InputError(
            "the formula nests too deeply for symbolic differentiation", text=formula.text
        ) from None
    result = DiffResult(formula, expr, names, order, derivatives)
    if simplify and derivatives:
        _simplify_within(result, timeout)
    return result


def _piecewise_constant_parts(expr):
    """Replace sympy's unevaluated derivatives of floor/ceiling by 0 (their value off the jumps)."""
    import sympy

    steps = (sympy.floor, sympy.ceiling)

    def is_step_derivative(e):
        return isinstance(e, sympy.Derivative) and e.expr.func in steps

    # floor(2*x) differentiates to 2*Subs(Derivative(floor(xi), xi), xi, 2*x): both go.
    return expr.replace(
        lambda e: isinstance(e, sympy.Subs) and is_step_derivative(e.expr), lambda e: sympy.Integer(0)
    ).replace(is_step_derivative, lambda e: sympy.Integer(0))


def _simplify_worker(exprs, queue):
    import sympy

    for i, e in enumerate(exprs):
        try:
            candidate = sympy.simplify(e)
            # simplify() sometimes makes things longer; keep whichever is smaller.
            queue.put((i, candidate if sympy.count_ops(candidate) < sympy.count_ops(e) else e))
        except Exception:  # noqa: BLE001 - keep the unsimplified one
            queue.put((i, None))


def _simplify_within(result: DiffResult, timeout: float) -> None:
    """Simplify each derivative in a child process; keep whatever finished in time."""
    exprs = [d.expr for d in result.derivatives]
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    worker = context.Process(target=_simplify_worker, args=(exprs, queue), daemon=True)
    worker.start()
    deadline = time.monotonic() + timeout
    done = 0
    try:
        while done < len(exprs):
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                break
            try:
                index, simplified = queue.get(timeout=remaining)
            except Exception:  # noqa: BLE001 - queue.Empty: the budget ran out
                break
            done += 1
            if simplified is not None:
                result.derivatives[index].expr = simplified
                result.derivatives[index].simplified = True
    finally:
        if worker.is_alive():
            worker.kill()
        worker.join(timeout=1)
        queue.close()
    if done < len(exprs):
        result.notes.append(
            f"simplification stopped after {timeout:g} s (--timeout); "
            f"{len(exprs) - done} of {len(exprs)} derivative(s) are shown unsimplified"
        )


def latex(expr) -> str:
    import sympy

    return sympy.latex(expr)


def python_code(expr) -> str:
    """A ``gradcli.numpy`` expression for ``expr`` (``import gradcli.numpy as gnp``)."""
    from sympy.printing.codeprinter import PrintMethodNotImplementedError

    try:
        return _gnp_printer().doprint(expr)
    except PrintMethodNotImplementedError:
        return f"None  # gradcli cannot write {expr} with gradcli.numpy ops"


_PRINTER = None


def _gnp_printer():
    global _PRINTER
    if _PRINTER is None:
        _PRINTER = _make_gnp_printer()
    return _PRINTER


def _make_gnp_printer():
    from sympy.printing.pycode import PythonCodePrinter

    direct = {
        "exp": "exp", "log": "log", "sqrt": "sqrt", "sin": "sin", "cos": "cos", "tan": "tan",
        "asin": "arcsin", "acos": "arccos", "atan": "arctan", "sinh": "sinh", "cosh": "cosh",
        "tanh": "tanh", "asinh": "arcsinh", "acosh": "arccosh", "atanh": "arctanh",
        "Abs": "abs", "sign": "sign", "floor": "floor", "ceiling": "ceil", "erf": "erf",
        "erfc": "erfc", "expm1": "expm1", "log1p": "log1p", "exp2": "exp2", "log2": "log2",
        "log10": "log10", "Cbrt": "cbrt", "cbrt": "cbrt",
    }

    from sympy.printing.precedence import precedence

    class GnpPrinter(PythonCodePrinter):
        """Prints sympy expressions as gradcli.numpy code."""

        def __init__(self, settings=None):
            super().__init__(settings)
            self.known_functions = {k: f"gnp.{v}" for k, v in direct.items()}

        def _module_format(self, fqn, register=True):
            return fqn

        def _print_Function(self, expr):
            name = type(expr).__name__
            if name in direct:
                return f"gnp.{direct[name]}({', '.join(self._print(a) for a in expr.args)})"
            return super()._print_Function(expr)

        def _print_Pow(self, expr, rational=False):
            base, exponent = expr.args
            if str(exponent) == "1/2":
                return f"gnp.sqrt({self._print(base)})"
            if str(exponent) == "-1/2":
                return f"1/gnp.sqrt({self._print(base)})"
            prec = precedence(expr)
            return f"{self.parenthesize(base, prec)}**{self.parenthesize(exponent, prec)}"

        def _print_Rational(self, expr):
            return f"{expr.p}/{expr.q}" if expr.q != 1 else str(expr.p)

        def _print_Pi(self, expr):
            return "gnp.pi"

        def _print_Exp1(self, expr):
            return "gnp.e"

        def _print_atan2(self, expr):
            return f"gnp.arctan2({self._print(expr.args[0])}, {self._print(expr.args[1])})"

        def _print_hypot(self, expr):
            return f"gnp.hypot({self._print(expr.args[0])}, {self._print(expr.args[1])})"

        def _print_Max(self, expr):
            return self._fold("gnp.maximum", expr.args)

        def _print_Min(self, expr):
            return self._fold("gnp.minimum", expr.args)

        def _fold(self, name, args):
            out = self._print(args[0])
            for a in args[1:]:
                out = f"{name}({out}, {self._print(a)})"
            return out

        def _print_Piecewise(self, expr):
            out = None
            for value, condition in reversed(expr.args):
                printed = self._print(value)
                if out is None or condition == True:  # noqa: E712 - sympy's true
                    out = printed
                else:
                    out = f"gnp.where({self._print(condition)}, {printed}, {out})"
            return out

        def _print_sign(self, expr):
            return f"gnp.sign({self._print(expr.args[0])})"

        def _print_Heaviside(self, expr):
            x = self._print(expr.args[0])
            return f"gnp.where({x} > 0, 1.0, gnp.where({x} < 0, 0.0, 0.5))"

        def _print_DiracDelta(self, expr):
            return "0.0"

        def _print_Relational(self, expr):
            return f"{self._print(expr.lhs)} {expr.rel_op} {self._print(expr.rhs)}"

    return GnpPrinter({"standard": "python3"})
