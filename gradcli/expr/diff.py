"""Symbolic derivatives of a formula: sympy differentiation, bounded simplification and printing.

`differentiate` returns a `DiffResult` dataclass; the CLI renders it as text,
LaTeX, Python (a function body over ``gradcli.numpy``) or JSON. Simplification
runs in a child process under a time budget (``timeout``; the CLI's
``--timeout``), because ``sympy.simplify`` can run for minutes; when the budget
runs out the unsimplified derivative is kept and a note says so. The budget is
the child's CPU time, the work it did, not the time on the clock: on a machine
busy with other work the same formula is simplified as on an idle one. The rest of
the work can be bounded too (``max_time``; the CLI's ``--max-time``):
differentiating, and writing the derivatives out as text, LaTeX or code, which
for a tenth derivative can take sympy many minutes each. Past the bound gradcli
stops with an `InputError`. The CLI never hangs.
"""

from __future__ import annotations

import itertools
import math
import multiprocessing
import pickle
import queue as queues
import signal
import time
import warnings
from dataclasses import dataclass, field

from ..errors import InputError
from .functions import CONSTANTS
from .ir import Binary, Call, Formula, Var, postorder
from .printers import formula_text, latex, latex_name, python_code, python_imports, python_name, sympy_text  # noqa: F401
from .to_sympy import refuse_huge_numbers, symbols_of, to_sympy

# Python refuses to print integers of more than 4,300 digits (sys.int_info).
MAX_PRINTED_DIGITS = 4_000
# A Hessian of 140 variables; more partial derivatives than anyone reads.
MAX_DERIVATIVES = 10_000
# A time limit longer than this (11 days; inf among them) is no limit: Python's own
# waits overflow somewhere past 10**9 seconds.
NO_LIMIT = 1e6
# How long the parent waits at a time for simplified derivatives, to notice a child that died.
_WAIT = 1.0
# The simplifying child counts its CPU time; the parent still stops waiting after this much
# time on the clock (a child that uses no CPU, stuck on a lock, never reaches its budget).
_WALL_FACTOR, _WALL_EXTRA = 10.0, 60.0
# Past its budget, the child's CPU timer fires again this often (s of its CPU time), in case Python swallowed one.
_AGAIN = 0.05

# How each output format is written; --format json needs three of them.
PRINTERS = {
    "text": lambda expr, names: formula_text(expr, names),
    "sympy": lambda expr, names: sympy_text(expr),
    "latex": lambda expr, names: latex(expr),
    "python": lambda expr, names: python_code(expr),
}
FORMATS = {"text": ("text",), "latex": ("latex",), "python": ("python",), "json": ("sympy", "latex", "python")}


@dataclass
class Derivative:
    """One partial derivative: with respect to ``wrt`` (a tuple of variable names)."""

    wrt: tuple
    expr: object  # a sympy expression
    simplified: bool = False
    # The derivative as differentiated, before simplification: its sign and Heaviside atoms show its switches.
    unsimplified: object = None
    # Where a lower derivative (or f) may jump: (its wrt tuple, g, the weight of the dropped DiracDelta(g)).
    jumps: tuple = ()

    @property
    def key(self) -> str:
        return ",".join(self.wrt)

    def _powers(self):
        """Each variable with how many times it is differentiated by: (x, x, y) is (x, 2), (y, 1)."""
        return [(name, len(list(group))) for name, group in itertools.groupby(self.wrt)]

    @property
    def label(self) -> str:
        order = len(self.wrt)
        if order == 1:
            return f"d/d{self.wrt[0]}"
        denominator = " ".join(f"d{name}^{n}" if n > 1 else f"d{name}" for name, n in self._powers())
        return f"d^{order}/{denominator}"

    @property
    def latex_label(self) -> str:
        r"""The derivative's left-hand side in LaTeX: ``\frac{\partial^{2} f}{\partial x^{2}}``."""
        order = len(self.wrt)
        numerator = "\\partial" if order == 1 else f"\\partial^{{{order}}}"
        denominator = " ".join(
            f"\\partial {latex_name(name)}" + (f"^{{{n}}}" if n > 1 else "") for name, n in self._powers()
        )
        return f"\\frac{{{numerator} f}}{{{denominator}}}"


@dataclass
class DiffResult:
    """What ``gradcli diff`` computed: the formula, its sympy form and its partial derivatives."""

    formula: Formula
    expr: object
    variables: tuple
    order: int
    derivatives: list = field(default_factory=list)
    notes: list = field(default_factory=list)
    # (derivative key, or None for the formula itself; format) -> the printed text.
    printed: dict = field(default_factory=dict, repr=False)

    def show(self, fmt, derivative=None) -> str:
        """``derivative`` (or the formula itself) written as ``fmt``: one of `PRINTERS`."""
        key = (None if derivative is None else derivative.key, fmt)
        if key not in self.printed:
            expr = self.expr if derivative is None else derivative.expr
            self.printed[key] = PRINTERS[fmt](expr, self.formula.variables)
        return self.printed[key]

    def to_dict(self):
        return {
            "schema": "gradcli.diff/1",
            "expr": self.formula.text,
            "sympy": self.show("sympy"),
            "variables": list(self.variables),
            "order": self.order,
            "derivatives": {d.key: self.show("sympy", d) for d in self.derivatives},
            "latex": {d.key: self.show("latex", d) for d in self.derivatives},
            "latex_labels": {d.key: d.latex_label for d in self.derivatives},
            "python": {d.key: self.show("python", d) for d in self.derivatives},
            "simplified": {d.key: d.simplified for d in self.derivatives},
            "notes": list(self.notes),
        }


def differentiate(
    formula: Formula, wrt=None, order=1, simplify=True, timeout=2.0, max_time=None, formats=()
) -> DiffResult:
    """All partial derivatives of ``order`` with respect to ``wrt`` (default: every variable).

    ``timeout`` bounds simplification (past it the unsimplified form is kept,
    with a note); ``max_time``, if given, bounds the rest: differentiating, and
    writing the derivatives out in ``formats`` (names of `PRINTERS`), which
    then run in child processes (past it: `InputError`). A limit of ``inf``
    (or more than `NO_LIMIT` seconds) is no limit.
    """
    # Loaded once here, so that a forked child need not load them again (a process that differentiates many formulas
    # paid ~0.1 s of CPU per child): sympy; the modules sympy itself loads at its first log (sets.setexpr) and at its
    # first sum (tensor.tensor, with the combinatorics), which the parent loads anyway as it reads sums back; and the
    # functions of the formula language sympy gets wrong, which every derivation loads.
    import sympy  # noqa: F401
    import sympy.sets.setexpr  # noqa: F401
    import sympy.tensor.tensor  # noqa: F401

    from . import sympy_functions  # noqa: F401

    timeout = _seconds(timeout, "--timeout")
    max_time = None if max_time is None else _seconds(max_time, "--max-time", positive=True)
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
    if max_time is not None and context is not None:
        return _bounded(context, formula, names, order, combos, simplify, timeout, max_time, formats)
    expr, derivatives = _derive(formula, combos)
    result = DiffResult(formula, expr, names, order, derivatives)
    if simplify and derivatives:
        if context is None:
            result.notes.append("simplification needs a forked process, which this platform lacks; "
                                "the derivatives are shown unsimplified")
        else:
            _simplify_within(result, timeout, context)
    result.notes.extend(switch_notes(result))
    if formats:
        result.printed.update(_printed(result, formats))
    return result


def _bounded(context, formula, names, order, combos, simplify, timeout, max_time, formats) -> DiffResult:
    """`differentiate` within ``max_time``: differentiating, simplifying and writing out in one forked child.

    The parent waits ``max_time`` for the derivatives, then for each
    simplified one as `_simplify_within` does, then for the printed texts
    what differentiating left of ``max_time`` (printing a long derivative can
    take longer). One child rather than one for each step: a fork costs
    tens of milliseconds in a process that has imported a framework. A child
    stopped by its simplification budget ends there (sympy was interrupted
    mid-way), and a fresh child writes the derivatives out.
    """
    simplify = simplify and bool(combos)
    queue = _Channel(context)
    worker = context.Process(
        target=_derive_simplify_print, args=(formula, combos, timeout if simplify else False, formats, queue), daemon=True
    )
    _start(worker)
    queue.opened()
    started = time.monotonic()
    try:
        too_long = _too_long(formula, combos, max_time)
        expr, derivatives = _unpacked(_next_message(queue, worker, max_time, too_long), too_long)
        spent = time.monotonic() - started
        result = DiffResult(formula, expr, names, order, derivatives)
        printing = True  # whether the child goes on to write the derivatives out
        if simplify:
            printing = _collect_simplified(result, timeout, queue, worker)
        result.notes.extend(switch_notes(result))
        if formats:
            too_long = _too_long_to_print(result, max_time)
            remaining = max(max_time - spent, 0.0)
            if printing:
                result.printed.update(_unpacked(_next_message(queue, worker, remaining, too_long), too_long))
            else:
                _stop(worker)  # stopped by its budget, or past the clock's limit: no use any more
                result.printed.update(_within(context, remaining, _printed, (result, formats), too_long))
    finally:
        _stop(worker)
        queue.close()
    return result


class _Channel:
    """From a forked child to the parent: a pipe with a queue's ``put``, ``get`` and ``empty``.

    ``put`` writes before it returns, where a multiprocessing queue's thread
    writes later: what the child put is the parent's even if the child is
    killed next (its simplification budget, the kernel's CPU limit).
    """

    def __init__(self, context):
        self.receiver, self.sender = context.Pipe(duplex=False)
        self.ended = False

    def opened(self):
        """In the parent, once the child started: the child's end closed here, so that the child's exit ends the pipe."""
        self.sender.close()

    def put(self, item):
        self.sender.send(item)

    def get(self, timeout):
        if not self.ended and self.receiver.poll(timeout):
            try:
                return self.receiver.recv()
            except EOFError:  # the child ended (or died mid-message)
                self.ended = True
        raise queues.Empty

    def empty(self):
        return self.ended or not self.receiver.poll()

    def close(self):
        self.receiver.close()


def _derive_simplify_print(formula, combos, timeout, formats, queue):
    """In `_bounded`'s child: the derivatives, each simplified one (if ``timeout`` is not False), the printed texts.

    Each answer goes on ``queue`` as `_pickled` packs it; the simplified ones as
    `_simplify_worker` puts them. Past the simplification budget the child
    ends: the parent writes the derivatives out in another.
    """
    answer = _answer(_derive, (formula, combos))
    queue.put(_pickled(answer))
    if answer[0] != "ok":
        return
    expr, derivatives = answer[1]
    if timeout is not False:
        kept = _simplify_worker([d.expr for d in derivatives], queue, timeout)
        if kept is None:
            return
        for index, simplified in kept.items():  # as the parent takes them (`_collect_simplified`)
            derivatives[index].expr, derivatives[index].simplified = simplified, True
    if formats:
        queue.put(_pickled(_answer(_printed, (DiffResult(formula, expr, (), 0, derivatives), formats))))


MOST_SWITCH_NOTES = 8  # one per switch and derivative; past this many the reader has the idea


def switch_notes(result):
    """Where a derivative changes branch (maximum, minimum, clip, abs) or the function it is the derivative of
    jumps (sign; max's derivative): a note that it is not defined there, with the derivative on each side, as
    the checker's kink finding says it.

    sympy writes max's derivative with Heaviside, whose value at 0 is 1/2 by convention, and abs's with
    sign, 0 at 0: neither is a derivative there, where the one-sided derivatives differ, or where both are
    infinite (sign(x)*sqrt(abs(x)) at 0). Simplifying can fold a switch away (sign(x)**2 is 1 but at 0):
    the switches are then read from the derivative as differentiated.
    """
    notes = []
    names = result.formula.variables
    for d in result.derivatives:
        expr = d.expr if d.unsimplified is None or _switches(d.expr) else d.unsimplified
        expr = as_steps(expr)  # a where's switch, as sign's and max's are
        for switch in _switches(expr):
            above, below = (_one_side(expr, switch, side) for side in (1, -1))
            where = formula_text(switch, names)
            differs = _nonzero_on(switch, above - below)
            if differs is not False:
                sides = (
                    f"{formula_text(above, names)} from the side {where} > 0 and "
                    f"{formula_text(below, names)} from the side {where} < 0"
                )
                notes.append(
                    f"{d.label} f switches branch where {where} = 0: its derivative there is {sides}, so it is not "
                    f"defined on the switch{'' if differs else ' wherever those differ'} (the value the formula gives "
                    "on the switch itself is a convention, not a derivative)"
                )
            elif _nonzero_on(switch, above, infinite=True):
                notes.append(
                    f"{d.label} f is infinite where {where} = 0 ({formula_text(above, names)} from both sides), so "
                    "it is not defined there (the value the formula gives there is a convention, not a derivative)"
                )
            if len(notes) >= MOST_SWITCH_NOTES:
                return notes[:MOST_SWITCH_NOTES]
        for lower, switch, weight in d.jumps:
            if isinstance(switch, WholeNumbers):
                notes += _whole_number_note(d, lower, switch, weight, names)
                continue
            jumps = _nonzero_on(switch, weight)
            if jumps is False:
                continue  # the jump's weight is 0 on it: sign(x)*x has none
            what = f"{Derivative(lower, None).label} f" if lower else "f"
            notes.append(
                f"{d.label} f is not defined where {formula_text(switch, names)} = 0"
                f"{'' if jumps else ' (wherever ' + formula_text(weight, names) + ' is not 0 there)'}: {what} jumps "
                "there; the derivative shown is the one everywhere else"
            )
            if len(notes) >= MOST_SWITCH_NOTES:
                return notes
    return notes


def _nonzero_on(switch, expr, infinite=False):
    """Whether ``expr`` is nonzero (``infinite``: infinite) on the switch ``switch`` = 0, solved for one of its
    variables; None where sympy cannot solve the switch for any of them."""
    import sympy

    unbounded = (sympy.oo, -sympy.oo, sympy.zoo, sympy.nan)
    for symbol in sorted(switch.free_symbols, key=lambda s: s.name):
        try:
            roots = sympy.solve(sympy.Eq(switch, 0), symbol)
        except (NotImplementedError, ValueError, TypeError):
            continue
        if roots:
            values = [sympy.simplify(expr.subs(symbol, root)) for root in roots]
            if infinite:
                return any(v.has(*unbounded) for v in values)
            return any(v != 0 for v in values)
    return None


def _switches(expr):
    """The arguments g of Heaviside(g) and sign(g) in ``expr`` that are not numbers, g and -g counted once."""
    import sympy

    found = []
    for atom in sorted(expr.atoms(sympy.Heaviside, sympy.sign), key=sympy.default_sort_key):
        g = atom.args[0]
        if g.is_number or any(sympy.expand(g + h) == 0 or sympy.expand(g - h) == 0 for h in found):
            continue
        found.append(-g if g.could_extract_minus_sign() else g)
    return found


def _one_side(expr, switch, side):
    """``expr`` with every Heaviside and sign of +-``switch`` replaced by its value where ``side`` x switch > 0."""
    import sympy

    def value(atom):
        g = atom.args[0]
        sign = side if sympy.expand(g - switch) == 0 else -side if sympy.expand(g + switch) == 0 else None
        if sign is None:
            return atom
        if isinstance(atom, sympy.Heaviside):
            return sympy.Integer(1 if sign > 0 else 0)
        return sympy.Integer(sign)

    return expr.replace(lambda a: isinstance(a, (sympy.Heaviside, sympy.sign)), value)


def _seconds(value, option, positive=False):
    """A time limit in seconds, or None for none (inf, or more than `NO_LIMIT`); nan or negative exit 2."""
    if math.isnan(value) or value < 0 or (positive and value == 0):
        least = "more than 0" if positive else "at least 0"
        raise InputError(f"{option} must be a number of seconds, {least} (inf for no limit); got {value:g}")
    return None if value > NO_LIMIT else float(value)


def _count_combinations(n, k):
    """How many multisets of size k from n names (without making them)."""
    from math import comb

    return comb(n + k - 1, k) if n else 0


def _start(worker):
    """Start a forked child that runs sympy alone.

    JAX warns at every fork of a process that has imported it (its thread pool
    cannot follow into the child). This child never touches JAX, PyTorch or
    TensorFlow, only sympy, so the warning would only alarm a user who checked
    a JAX function and then asked for a derivative in the same process.
    """
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=r"os\.fork\(\) was called", category=RuntimeWarning)
        worker.start()


def _fork_context():
    """The "fork" multiprocessing context, or None where there is none (Windows)."""
    try:
        return multiprocessing.get_context("fork")
    except ValueError:  # pragma: no cover - POSIX has fork
        return None


def _too_long(formula, combos, max_time):
    order = len(combos[0]) if combos else 1
    advice = f"ask for fewer derivatives (--order {order}, --wrt) or allow more time" if combos else "allow more time"
    return InputError(
        f"differentiating took longer than {max_time:g} s (--max-time), so gradcli stopped: {advice}",
        text=formula.text,
    )


def _too_long_to_print(result, max_time):
    return InputError(
        f"writing out the derivatives took longer than what remained of {max_time:g} s (--max-time), "
        f"so gradcli stopped: they are very long; ask for fewer (--order {result.order}, --wrt), "
        "simplify them (--timeout) or allow more time",
        text=result.formula.text,
    )


def _derive(formula: Formula, combos):
    """The formula as sympy and its partial derivatives for each tuple of names in ``combos``."""
    import sympy
    from sympy.core.evalf import PrecisionExhausted

    symbols = symbols_of(formula)
    try:
        expr = to_sympy(formula, symbols)
        # sympy leaves d/dx Mod(x, 2) unevaluated; a % b is a - b*floor(a/b) for reals.
        differentiable = expr.replace(sympy.Mod, lambda a, b: a - b * sympy.floor(a / b))
        # sympy's nan (x % 0, 0/0) has derivative 0; an undefined function's is undefined.
        undefined = sympy.Function("undefined")(*symbols.values())
        if differentiable.has(sympy.nan):
            differentiable = differentiable.xreplace({sympy.nan: undefined})
        partial = _Partials()
        # Each derivative from the one of one order less: d^3/dx dy^2 is d/dy of d^2/dx dy.
        done = {(): differentiable}
        jumps = {(): ()}
        derivatives = []
        for combo in combos:
            for k in range(len(combo)):
                if combo[: k + 1] not in done:
                    lower = done[combo[:k]]
                    differentiated = partial(lower, symbols[combo[k]])
                    derived, impulses = _almost_everywhere(_piecewise_constant_parts(differentiated))
                    impulses = _with_steps_of_where(lower, symbols[combo[k]], partial, impulses)
                    impulses += _whole_number_steps(differentiated)
                    done[combo[: k + 1]] = derived
                    jumps[combo[: k + 1]] = jumps[combo[:k]] + tuple((combo[:k], g, w) for g, w in impulses)
            derived = _nan_again(done[combo], undefined)
            d = Derivative(combo, derived, unsimplified=derived, jumps=jumps[combo])
            refuse_huge_numbers(d.expr, formula.text, None, MAX_PRINTED_DIGITS, what=f"{d.label} f")
            _refuse_not_real(d.expr, formula.text, f"{d.label} f")
            derivatives.append(d)
    except RecursionError:
        raise InputError(
            "the formula nests too deeply for symbolic differentiation", text=formula.text
        ) from None
    except PrecisionExhausted:
        raise InputError(
            "sympy cannot evaluate a constant in this formula precisely enough to decide its integer "
            "part, sign or order, so gradcli cannot differentiate it",
            text=formula.text,
        ) from None
    except InputError:
        raise  # gradcli's own refusals (a ValueError too) say what is wrong already
    except (TypeError, AttributeError, OverflowError, ValueError) as error:
        # sympy and mpmath fail this way on a constant that is complex or too large to evaluate.
        raise _unevaluable(formula, error) from None
    return expr, derivatives


def _refuse_not_real(expr, text, what):
    """Refuse a derivative holding a number that is not a finite real one: d/dx (-2)**x holds log(-2), I*pi + log(2).

    The formula's own constants are real already (`to_sympy`); differentiating can make new ones.
    """
    import sympy

    unreal = (sympy.I, sympy.zoo, sympy.oo, sympy.S.NegativeInfinity)
    if not expr.has(*unreal):
        return
    part = next(e for e in sympy.preorder_traversal(expr) if e.is_number and e.has(*unreal))
    raise InputError(
        f"{what} holds {sympy_text(part)}, which is not a finite real number (gradcli computes in real "
        "numbers, as NumPy does: a logarithm of a negative number, from a power of it to a varying exponent, "
        "makes one), so gradcli cannot write it out",
        text=text,
    )


def _as_double(constant) -> float:
    """A constant part of a formula evaluated in float64 (NaN where that raises)."""
    try:
        return float(constant())
    except (ArithmeticError, ValueError, TypeError):
        return math.nan


def _unevaluable(formula: Formula, error) -> InputError:
    """The error for a formula sympy failed on: its first constant part that is not a finite real number."""
    from .compile import to_function

    varying = set()
    for node in postorder(formula.root):
        if isinstance(node, Var) or any(id(child) in varying for child in node.children()):
            varying.add(id(node))
        elif isinstance(node, (Call, Binary)):
            value = _as_double(to_function(Formula(formula.text, node, ())))  # bounded, whatever the constant
            if not math.isfinite(value):
                part = formula.text[node.span[0] : node.span[1]]
                why = "is not real" if math.isnan(value) else "is too large for sympy to evaluate"
                return InputError(
                    f"{part} {why}, so sympy cannot differentiate this formula; gradcli differentiates "
                    "formulas with real, finite constants",
                    text=formula.text,
                    span=node.span,
                )
    return InputError(
        f"sympy cannot differentiate this formula ({type(error).__name__}: {error})", text=formula.text
    )


class _Partials:
    """d/d(symbol) of sympy expressions; of a sum, only of its terms that contain the symbol.

    sympy differentiates every term of a sum for every variable, so the gradient
    of x0 + x1 + ... + x1999 cost 2,000**2 term derivatives (minutes). Each sum's
    terms are indexed by their variables once, and each derivative visits only its own.
    """

    def __init__(self):
        self.sums = {}  # id(sum) -> (the sum, kept so that its id stays its own; {symbol: [terms]})

    def __call__(self, expr, symbol):
        import sympy

        if not expr.is_Add:
            return sympy.diff(expr, symbol)
        if id(expr) not in self.sums:
            terms = {}
            for term in expr.args:
                for s in term.free_symbols:
                    terms.setdefault(s, []).append(term)
            self.sums[id(expr)] = (expr, terms)
        return sympy.Add(*(sympy.diff(term, symbol) for term in self.sums[id(expr)][1].get(symbol, ())))


def _nan_again(expr, undefined):
    """``expr`` with the stand-in for nan, and its derivatives, nan again."""
    import sympy

    if not expr.has(undefined.func):
        return expr
    stand_ins = {d: sympy.nan for d in expr.atoms(sympy.Derivative) if d.has(undefined.func)}
    return expr.xreplace({**stand_ins, undefined: sympy.nan})


def _answer(function, args):
    """In a child: ``("ok", function(*args))``, or its error as the parent raises it again (`_unpacked`)."""
    try:
        return ("ok", function(*args))
    except InputError as error:
        return ("input", error.message, error.text, error.span)
    except Exception as error:  # noqa: BLE001 - reported by the parent as an internal error
        return ("crash", f"{type(error).__name__}: {error}")


def _pickled(answer) -> bytes:
    """An `_answer` as bytes for the parent: pickled in the child, so that a failure is the child's to report."""
    try:
        return pickle.dumps(answer)
    except RecursionError:
        return pickle.dumps(("input", "the derivatives nest too deeply to hand over", None, None))


def _unpacked(data: bytes, too_long: InputError):
    """In the parent: the answer `_pickled` holds, or its error raised (an `InputError` keeps the formula's text)."""
    payload = pickle.loads(data)
    if payload[0] == "input":
        raise InputError(payload[1], text=payload[2] or too_long.text, span=payload[3])
    if payload[0] == "crash":
        raise RuntimeError(payload[1])
    return payload[1]


def _ended(worker) -> RuntimeError:
    return RuntimeError(
        f"the process working on the formula stopped (exit code {worker.exitcode}); perhaps it ran out of memory"
    )


def _stop(worker) -> None:
    """The child ended, killed if it still works."""
    if worker.is_alive():
        worker.kill()
    worker.join(timeout=1)


def _worker(function, args, connection):
    """In the child: ``function(*args)``, its answer (or its error) sent back pickled."""
    connection.send_bytes(_pickled(_answer(function, args)))
    connection.close()


def _within(context, seconds, function, args, too_long: InputError):
    """``function(*args)`` in a child process, killed after ``seconds`` (None: never); then ``too_long``."""
    receiver, sender = context.Pipe(duplex=False)
    worker = context.Process(target=_worker, args=(function, args, sender), daemon=True)
    _start(worker)
    sender.close()
    try:
        if not receiver.poll(seconds):
            raise too_long
        try:
            data = receiver.recv_bytes()
        except EOFError:
            raise _ended(worker) from None
    finally:
        _stop(worker)
        receiver.close()
    return _unpacked(data, too_long)


def _next_message(queue, worker, seconds, too_long: InputError):
    """The child's next message on ``queue`` within ``seconds`` (None: no limit); past them ``too_long``.

    Waited for `_WAIT` s at a time, to notice a child that ended without one.
    """
    deadline = None if seconds is None else time.monotonic() + seconds
    while True:
        wait = _WAIT if deadline is None else min(_WAIT, deadline - time.monotonic())
        if wait <= 0:
            raise too_long
        try:
            return queue.get(timeout=wait)
        except queues.Empty:
            if not worker.is_alive() and queue.empty():
                raise _ended(worker) from None


def _printed(result: DiffResult, formats):
    """``result.printed`` for ``formats``: every derivative, and the formula as text and in sympy's syntax."""
    jobs = [(None, fmt) for fmt in formats if fmt in ("text", "sympy")]
    jobs += [(d, fmt) for d in result.derivatives for fmt in formats]
    try:
        return {(None if d is None else d.key, fmt): result.show(fmt, d) for d, fmt in jobs}
    except InputError:
        raise
    except (TypeError, AttributeError, OverflowError, ValueError) as error:  # as in _derive
        raise _unevaluable(result.formula, error) from None


def _almost_everywhere(expr):
    """``expr`` without its DiracDelta terms, and each dropped term's switch g with its weight (the factor of DiracDelta(g)).

    What gradcli prints is the derivative wherever there is one, the formula a user puts in code:
    DiracDelta(g) is 0 wherever g is not 0, and on g = 0 the function differentiated jumps where the
    weight is not 0 there, which `switch_notes` names; sign(x)*x differentiates to sign(x), not
    2*x*DiracDelta(x) + sign(x).
    """
    import sympy

    impulses = sorted(expr.atoms(sympy.DiracDelta), key=sympy.default_sort_key)
    if not impulses:
        return expr, []
    zero = {impulse: sympy.Integer(0) for impulse in impulses}
    stand_in = sympy.Dummy("impulse")
    found = []
    for impulse in impulses:
        if len(impulse.args) > 1:  # a derivative of DiracDelta: only of a term an earlier step dropped
            continue
        weight = sympy.diff(expr.xreplace({impulse: stand_in}), stand_in).xreplace(zero)
        found.append((impulse.args[0], weight))
    return expr.xreplace(zero), found


def _piecewise_constant_parts(expr):
    """Replace sympy's unevaluated derivatives of floor/ceiling by 0 (their value off the jumps), and of sign."""
    import sympy

    steps = (sympy.floor, sympy.ceiling)

    def is_step_derivative(e):
        return isinstance(e, sympy.Derivative) and e.expr.func in steps

    # sympy differentiates sign(u) only where it can prove u real, and left Derivative(sign(log10(x)), x),
    # which no printer of code can write; a formula's values are real (NaN where NumPy's are).
    expr = expr.replace(
        lambda e: isinstance(e, sympy.Derivative) and e.expr.func == sympy.sign and len(e.variables) == 1,
        lambda e: 2 * sympy.DiracDelta(e.expr.args[0]) * sympy.diff(e.expr.args[0], e.variables[0]),
    )
    # floor(2*x) differentiates to 2*Subs(Derivative(floor(xi), xi), xi, 2*x): both go.
    return expr.replace(
        lambda e: isinstance(e, sympy.Subs) and is_step_derivative(e.expr), lambda e: sympy.Integer(0)
    ).replace(is_step_derivative, lambda e: sympy.Integer(0))


@dataclass(frozen=True)
class WholeNumbers:
    """The switch of floor(u) and ceil(u): every point where ``of`` (a sympy expression) is a whole number."""

    of: object


def _whole_number_steps(expr):
    """(WholeNumbers(u), weight) for each floor(u) or ceil(u) whose derivative ``expr`` holds: f jumps by the weight
    wherever u is a whole number (sympy leaves those derivatives unevaluated, and `_piecewise_constant_parts` makes
    them 0)."""
    import sympy

    steps = (sympy.floor, sympy.ceiling)
    found = []
    for atom in sorted(expr.atoms(sympy.Derivative, sympy.Subs), key=sympy.default_sort_key):
        inner = atom.expr if isinstance(atom, sympy.Subs) else atom
        if not (isinstance(inner, sympy.Derivative) and inner.expr.func in steps):
            continue
        if atom is inner and not inner.free_symbols <= expr.free_symbols:
            continue  # floor(2x)'s derivative at its own dummy, inside the Subs that puts 2x there
        of = atom.point[0] if isinstance(atom, sympy.Subs) else inner.expr.args[0]
        stand_in = sympy.Dummy("step")
        weight = sympy.diff(expr.xreplace({atom: stand_in}), stand_in)
        weight = _piecewise_constant_parts(weight)
        if weight != 0 and all(of != f.of for f, _ in found):
            found.append((WholeNumbers(of), weight))
    return found


def _whole_number_note(d, lower, switch, weight, names):
    """The note of a floor's or ceil's jumps: where its argument is a whole number (a qualifier when the jump's
    weight may be 0 there)."""
    what = f"{Derivative(lower, None).label} f" if lower else "f"
    where = formula_text(switch.of, names)
    unless = "" if weight.is_number else f" (wherever {formula_text(weight, names)} is not 0 there)"
    return [f"{d.label} f is not defined where {where} is a whole number{unless}: {what} jumps there; the derivative "
            "shown is the one everywhere else"]


_INEQUALITIES = ("StrictGreaterThan", "GreaterThan", "StrictLessThan", "LessThan")


def as_steps(expr):
    """``expr`` with each Piecewise whose conditions are inequalities (a where) written with Heaviside steps.

    Piecewise((a, g > 0), (b, True)) is b + (a - b) Heaviside(g): sympy differentiates a Piecewise branch by branch,
    which leaves no trace of the switch (where(x > 0, 1, 0) differentiates to 0), while a Heaviside's derivative is
    the DiracDelta that names the jump. Used only to find switches; what is printed stays the Piecewise.
    """
    import sympy

    def stepped(piece):
        *branches, (out, last) = piece.args
        if last is not sympy.true:
            return piece
        for value, condition in reversed(branches):
            if type(condition).__name__ not in _INEQUALITIES:
                return piece
            step = sympy.Heaviside(condition.lhs - condition.rhs)  # the switch as lhs - rhs, as the user wrote it
            out = out + (value - out) * (step if type(condition).__name__.endswith("GreaterThan") else 1 - step)
        return out

    if not expr.has(sympy.Piecewise):
        return expr
    return expr.replace(lambda e: isinstance(e, sympy.Piecewise), stepped)


def _with_steps_of_where(lower, symbol, partial, impulses):
    """``impulses`` and the jumps of ``lower``'s wheres: DiracDelta terms of its Heaviside form's derivative."""
    stepped = as_steps(lower)
    if stepped is lower:
        return impulses
    _, found = _almost_everywhere(_piecewise_constant_parts(partial(stepped, symbol)))
    known = {(g, w) for g, w in impulses}
    return impulses + [(g, w) for g, w in found if (g, w) not in known]


def _real_roots(expr):
    """``expr`` with each abs(u**r) written abs(u)**r, for r not an integer.

    sympy's powers are the complex principal values, by which abs(sqrt(x)) is sqrt(abs(x)) for real x,
    and simplifying writes the one for the other; in real arithmetic, as NumPy computes, sqrt(x) is NaN
    for x < 0, so the printed derivative must take the root of abs(x).
    """
    import sympy

    return expr.replace(
        lambda e: isinstance(e, sympy.Abs) and e.args[0].is_Pow and not e.args[0].exp.is_integer,
        lambda e: sympy.Pow(sympy.Abs(e.args[0].base), e.args[0].exp),
    )


class _OutOfTime(BaseException):
    """The simplifying child's CPU budget ran out (a BaseException: sympy's ``except Exception`` lets it by)."""


_spent = []  # in the child: not empty once its budget ran out
_stopping = False  # in the child: True once it is stopping, after which the timer's signal raises nothing
_limits_before = []  # in the child: the kernel's CPU limits before `_limit_cpu` set its own


def _out_of_time(signum, frame):
    """The CPU timer's handler: `_OutOfTime`, again at each repeat, until the child is stopping."""
    _spent.append(signum)
    if not _stopping:
        raise _OutOfTime


def _limit_cpu(seconds):
    """In the child: `_OutOfTime` after ``seconds`` of its CPU time, and again every `_AGAIN` s; the kernel ends it a second or two later.

    The kernel's limits as they were are kept for `_lift_cpu_limit`: a
    child can go on to write the derivatives out, which its budget does not cover.

    The interval timer is Python's to handle between bytecodes. Where those
    bytecodes are a garbage-collector callback's (JAX registers one, and a
    forked child inherits it) or a finalizer's, Python reports the exception
    and goes on: hence the repeats, and `_spent`, by which nothing finished
    after the budget counts. A C routine that never returns meets the
    kernel's limit (SIGXCPU) instead.
    """
    if seconds <= 0:
        raise _OutOfTime
    signal.signal(signal.SIGPROF, _out_of_time)
    signal.setitimer(signal.ITIMER_PROF, max(seconds, 1e-6), _AGAIN)  # 0 would disarm it
    try:
        import resource

        used = resource.getrusage(resource.RUSAGE_SELF)
        limit = math.ceil(used.ru_utime + used.ru_stime + seconds) + 2
        before = resource.getrlimit(resource.RLIMIT_CPU)
        # The soft limit's SIGXCPU ends the child (its default action, whatever a library set); the hard
        # limit stays, so that the soft one can be raised again.
        signal.signal(signal.SIGXCPU, signal.SIG_DFL)
        resource.setrlimit(resource.RLIMIT_CPU, (limit, before[1]))
        _limits_before.append(before)
    except (ImportError, ValueError, OSError, AttributeError):  # pragma: no cover - the interval timer still counts
        pass


def _lift_cpu_limit():
    """In the child: the kernel's CPU limits put back as they were before `_limit_cpu`."""
    if _limits_before:
        import resource

        resource.setrlimit(resource.RLIMIT_CPU, _limits_before.pop())


def _simplify_worker(exprs, queue, seconds=None):
    """In the child: each expression simplified and put on ``queue``; ``("stopped", None)`` once out of time.

    Returns the kept expressions by index, as the parent takes them (None once
    out of time). However it ends, the timer is disarmed (and the kernel's CPU
    limit put back) before the child goes on or exits, so that it cannot fire
    in what follows or in multiprocessing's exit (the queue's feeder thread
    joined). `_stopping` is set first thing wherever it ends: a repeat that
    fires after the exception was caught, or after the last expression, is
    then quiet instead of an `_OutOfTime` nothing would catch.
    """
    import sympy

    global _stopping
    _stopping = False
    _spent.clear()
    kept = {}
    try:
        try:
            if seconds is not None:
                _limit_cpu(seconds)
            for i, e in enumerate(exprs):
                try:
                    candidate = _real_roots(sympy.simplify(e))
                    # simplify() sometimes makes things longer; keep whichever is smaller.
                    smaller = candidate if sympy.count_ops(candidate) < sympy.count_ops(e) else e
                    # Pickled here, not in the queue's thread, so that a failure is ours to handle.
                    data = pickle.dumps(smaller)
                except Exception:  # noqa: BLE001 - keep the unsimplified one
                    data = None
                if _spent:
                    raise _OutOfTime  # the budget ran out while it worked, and the signal's exception was swallowed
                queue.put((i, data))
                if data is not None:
                    kept[i] = smaller
        except _OutOfTime:
            _stopping = True
            queue.put(("stopped", None))
            kept = None
    finally:
        _stopping = True
        signal.setitimer(signal.ITIMER_PROF, 0)
        _lift_cpu_limit()
    return kept


def _simplify_within(result: DiffResult, timeout, context=None) -> None:
    """Simplify each derivative in a child process; keep whatever finished within ``timeout`` of its CPU time.

    ``timeout`` None is no limit.
    """
    exprs = [d.expr for d in result.derivatives]
    context = context or multiprocessing.get_context("fork")
    queue = _Channel(context)
    worker = context.Process(target=_simplify_worker, args=(exprs, queue, timeout), daemon=True)
    _start(worker)
    queue.opened()
    try:
        _collect_simplified(result, timeout, queue, worker)
    finally:
        _stop(worker)
        queue.close()


def _collect_simplified(result: DiffResult, timeout, queue, worker) -> bool:
    """In the parent: each simplified derivative `_simplify_worker` puts on ``queue`` taken into ``result``.

    Whether every one came; if not, a note says why. The parent gives up on
    the clock only after `_WALL_FACTOR` times ``timeout`` plus `_WALL_EXTRA` seconds.
    """
    count = len(result.derivatives)
    deadline = None if timeout is None else time.monotonic() + _WALL_FACTOR * timeout + _WALL_EXTRA
    done = 0
    out_of_time = False
    while done < count and not out_of_time:
        wait = _WAIT if deadline is None else min(_WAIT, deadline - time.monotonic())
        if wait <= 0:
            out_of_time = True
            break
        try:
            index, data = queue.get(timeout=wait)
        except queues.Empty:
            if worker.is_alive() or not queue.empty():
                continue
            # The child died: of the kernel's CPU limit (its budget), or out of memory.
            out_of_time = worker.exitcode == -getattr(signal, "SIGXCPU", -1)
            break
        if index == "stopped":
            out_of_time = True
            break
        done += 1
        if data is not None:
            result.derivatives[index].expr = pickle.loads(data)
            result.derivatives[index].simplified = True
    if done < count:
        why = f"after {timeout:g} s (--timeout)" if out_of_time else "early (its process ended)"
        result.notes.append(
            f"simplification stopped {why}; {count - done} of {count} derivative(s) are shown unsimplified"
        )
    return done == count
