"""Symbolic derivatives of a formula: sympy differentiation, bounded simplification, printers.

`differentiate` returns a `DiffResult` dataclass; the CLI renders it as text,
LaTeX, Python (a function body over ``gradcli.numpy``) or JSON. Simplification
runs in a child process under a time budget, because ``sympy.simplify`` can run
for minutes; when the budget runs out the unsimplified derivative is kept and
a note says so. Differentiation itself can be bounded too (``max_time``; the
CLI's ``--max-time``): a tenth derivative of a modest formula can take sympy
many minutes, and past the bound gradcli stops with an `InputError`. The CLI
never hangs.
"""

from __future__ import annotations

import itertools
import multiprocessing
import pickle
import time
from dataclasses import dataclass, field

from ..errors import InputError
from .functions import CONSTANTS
from .ir import Formula
from .to_sympy import refuse_huge_numbers, symbols_of, to_sympy

# Python refuses to print integers of more than 4,300 digits (sys.int_info).
MAX_PRINTED_DIGITS = 4_000
# A Hessian of 140 variables; more partial derivatives than anyone reads.
MAX_DERIVATIVES = 10_000


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


def differentiate(
    formula: Formula, wrt=None, order=1, simplify=True, timeout=2.0, max_time=None
) -> DiffResult:
    """All partial derivatives of ``order`` with respect to ``wrt`` (default: every variable).

    ``timeout`` bounds simplification (past it the unsimplified form is kept,
    with a note); ``max_time``, if given, bounds differentiation itself, which
    then runs in a child process (past it: `InputError`).
    """
    import sympy  # noqa: F401 - loaded once here, so a forked child need not load it

    if order < 1:
        raise InputError(f"--order must be at least 1, got {order}")
    if order > 10:
        raise InputError(f"--order {order} is more than gradcli computes (at most 10)")
    names = tuple(dict.fromkeys(wrt)) if wrt else formula.variables
    unknown = [n for n in names if n not in formula.variables]
    if unknown:
        hint = ""
        if unknown[0] in CONSTANTS:
            hint = f"; {unknown[0]} is a constant here: add --var {unknown[0]} to make it a variable"
        raise InputError(
            f"'{unknown[0]}' is not a variable of the formula (its variables: "
            f"{', '.join(formula.variables) or 'none'}){hint}",
            text=formula.text,
        )
    count = _count_combinations(len(names), order)
    if count > MAX_DERIVATIVES:
        raise InputError(
            f"--order {order} with {len(names):,} variables makes {count:,} partial derivatives; "
            f"gradcli computes at most {MAX_DERIVATIVES:,}: choose fewer with --wrt",
            text=formula.text,
        )
    combos = list(itertools.combinations_with_replacement(names, order))
    context = _fork_context()
    if max_time is None or context is None:
        expr, derivatives = _derive(formula, combos)
    else:
        expr, derivatives = _derive_within(formula, combos, max_time, context)
    result = DiffResult(formula, expr, names, order, derivatives)
    if simplify and derivatives:
        if context is None:
            result.notes.append("simplification needs a forked process, which this platform lacks; "
                                "the derivatives are shown unsimplified")
        else:
            _simplify_within(result, timeout, context)
    return result


def _count_combinations(n, k):
    """How many multisets of size k from n names (without making them)."""
    from math import comb

    return comb(n + k - 1, k) if n else 0


def _fork_context():
    """The "fork" multiprocessing context, or None where there is none (Windows)."""
    try:
        return multiprocessing.get_context("fork")
    except ValueError:  # pragma: no cover - POSIX has fork
        return None


def _derive(formula: Formula, combos):
    """The formula as sympy and its partial derivatives for each tuple of names in ``combos``."""
    import sympy

    symbols = symbols_of(formula)
    try:
        expr = to_sympy(formula, symbols)
        # sympy leaves d/dx Mod(x, 2) unevaluated; a % b is a - b*floor(a/b) for reals.
        differentiable = expr.replace(sympy.Mod, lambda a, b: a - b * sympy.floor(a / b))
        # Each derivative from the one of one order less: d^3/dx dy^2 is d/dy of d^2/dx dy.
        done = {(): differentiable}
        derivatives = []
        for combo in combos:
            for k in range(len(combo)):
                if combo[: k + 1] not in done:
                    lower = done[combo[:k]]
                    done[combo[: k + 1]] = _piecewise_constant_parts(sympy.diff(lower, symbols[combo[k]]))
            d = Derivative(combo, done[combo])
            refuse_huge_numbers(d.expr, formula.text, None, MAX_PRINTED_DIGITS, what=f"{d.label} f")
            derivatives.append(d)
    except RecursionError:
        raise InputError(
            "the formula nests too deeply for symbolic differentiation", text=formula.text
        ) from None
    return expr, derivatives


def _derive_worker(formula, combos, connection):
    """In the child: `_derive`, its answer (or its error) sent back pickled."""
    try:
        payload = ("ok", _derive(formula, combos))
    except InputError as error:
        payload = ("input", error.message, error.text, error.span)
    except Exception as error:  # noqa: BLE001 - reported by the parent as an internal error
        payload = ("crash", f"{type(error).__name__}: {error}")
    try:
        data = pickle.dumps(payload)
    except RecursionError:
        data = pickle.dumps(("input", "the derivatives nest too deeply to hand over", formula.text, None))
    connection.send_bytes(data)
    connection.close()


def _derive_within(formula: Formula, combos, max_time, context):
    """`_derive` in a child process, killed after ``max_time`` seconds (then `InputError`)."""
    receiver, sender = context.Pipe(duplex=False)
    worker = context.Process(target=_derive_worker, args=(formula, combos, sender), daemon=True)
    worker.start()
    sender.close()
    try:
        if not receiver.poll(max_time):
            order = len(combos[0]) if combos else 1
            raise InputError(
                f"differentiating took longer than {max_time:g} s (--max-time), so gradcli stopped: "
                + (
                    f"ask for fewer derivatives (--order {order}, --wrt) or allow more time"
                    if combos
                    else "allow more time"
                ),
                text=formula.text,
            )
        try:
            data = receiver.recv_bytes()
        except EOFError:
            raise RuntimeError(
                f"the process differentiating the formula stopped (exit code {worker.exitcode}); "
                "perhaps it ran out of memory"
            ) from None
    finally:
        if worker.is_alive():
            worker.kill()
        worker.join(timeout=1)
        receiver.close()
    payload = pickle.loads(data)
    if payload[0] == "input":
        raise InputError(payload[1], text=payload[2], span=payload[3])
    if payload[0] == "crash":
        raise RuntimeError(payload[1])
    return payload[1]


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
            kept = candidate if sympy.count_ops(candidate) < sympy.count_ops(e) else e
            # Pickled here, not in the queue's thread, so that a failure is ours to handle.
            queue.put((i, pickle.dumps(kept)))
        except Exception:  # noqa: BLE001 - keep the unsimplified one
            queue.put((i, None))


def _simplify_within(result: DiffResult, timeout: float, context=None) -> None:
    """Simplify each derivative in a child process; keep whatever finished in time."""
    exprs = [d.expr for d in result.derivatives]
    context = context or multiprocessing.get_context("fork")
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
                index, data = queue.get(timeout=remaining)
            except Exception:  # noqa: BLE001 - queue.Empty: the budget ran out
                break
            done += 1
            if data is not None:
                result.derivatives[index].expr = pickle.loads(data)
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


def python_name(name: str) -> str:
    """The name a variable has in `python_code`: ``gnp`` is the module there, so it becomes ``gnp_``."""
    return name + "_" if name == "gnp" else name


def python_code(expr) -> str:
    """A ``gradcli.numpy`` expression for ``expr`` (``import gradcli.numpy as gnp``).

    Variables keep their names, except one called ``gnp``: see `python_name`.
    """
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
            # A variable called gnp would hide the module: it is printed gnp_ (python_name).
            self.reserved_words = set(self.reserved_words) | {"gnp"}

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
