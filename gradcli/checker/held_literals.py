"""A program's float literals as a dtype holds them, for the exact reference in that dtype.

NumPy (NEP 50: a Python float is a weak scalar) rounds a literal to float32
where it meets float32 data: ``x - 0.1`` at x = 0.1 in float32 is exactly 0,
the right answer of the program the user wrote. The exact reference of a check
in float32 runs that program, so it takes such a literal as float32 holds it.

For a Python function, which literals those are is read from the run in the
dtype itself (`literals_in`): a Python float handed to an op computing in the
narrower dtype was rounded there; one meeting float64 (a float64 array, which
promotes) was not, and a number used both ways is left as written.
The exact run (`holding_numbers`) runs the code as written and takes each such
number as the dtype holds it where it meets an op: Python's own float64
arithmetic on a literal before it meets data (``c = 0.1; x * (c * 3)``) stays
float64's, as in the program. The finite differences, which step the function
in float64, run `held_function`'s copy of it, and of the functions of its
module it calls, with those literals (in its code, its defaults, its closures
and its module's globals) replaced by their rounding. A formula's evaluation
hands each literal beside a variable's value to NumPy as a Python float:
`held_formula` rounds those in its IR, in float64 too (a decimal literal is
float64's number there).
"""

from __future__ import annotations

import functools
import math
import types
from dataclasses import replace
from fractions import Fraction

import numpy as np

from ..autodiff.ops import raw
from ..autodiff.tracer import numbers_held
from ..autodiff.transforms import pull_back, trace_inputs
from ..expr.compile import to_function
from ..expr.ir import Binary, Compare, Num, Unary, Var, postorder
from ..folders import GRADCLI_FOLDER
from . import provenance

def literals_in(recording, dtype, function=None):
    """``{literal: as dtype holds it}`` for the Python floats the recorded run in ``dtype`` rounded to ``dtype``.

    A literal every use of which met data of ``dtype`` (the op's answer has
    that dtype) and that ``dtype`` does not hold exactly. Empty for float64.
    A literal of ``function``'s own code that met the dtype's data where no op
    was recorded, NumPy's arithmetic on an op's untraced answer (``10.67 *
    np.sign(x)``: sign carries no gradient), is found by its rounding in an
    untraced argument of an op after it whose nonzero entries are all that
    rounding or its negative (+-10.67 as float32 holds it, 0 where masked).
    """
    dtype = np.dtype(dtype)
    if dtype.itemsize >= 8 or recording is None:
        return {}
    narrow, wide, untraced = set(), set(), set()
    for op in _forward_ops(recording):
        met = _computed_in(op)
        if met is None:
            continue  # an op on numbers alone: no dtype met the literal
        for arg, parent in zip(op.args, op.parents):
            if type(arg) is float and parent is None and np.isfinite(arg):
                (narrow if met == dtype else wide).add(arg)
            elif parent is None and isinstance(arg, (np.ndarray, np.generic)) and arg.dtype == dtype and (
                    arg.size <= _UNTRACED_ENTRIES):  # (not a dtype's class, astype's argument: its dtype a descriptor)
                magnitudes = {abs(float(v)) for v in np.ravel(arg)} - {0.0}
                if len(magnitudes) == 1:  # a literal times signs or a mask, not data of many numbers
                    untraced.update(magnitudes)
    with np.errstate(over="ignore"):
        for literal in set(floats_reached(function) if function is not None else ()) - narrow - wide:
            rounding = abs(float(np.asarray(literal, dtype=dtype)))
            if math.isfinite(rounding) and rounding in untraced:
                narrow.add(literal)
    found = {}
    for literal in narrow - wide:
        held = float(np.asarray(literal, dtype=dtype).astype(np.float64))
        if held != literal:
            found[literal] = held
    return found


def _forward_ops(recording):
    """The recorded run's forward ops, and those of each custom-gradient call's own function and rule run again traced
    on the call's inputs: the run in the dtype computes them on untraced numbers (Python's operators on them record
    nothing), yet the literals they hand NumPy meet the dtype's data, or wider data, there as anywhere."""
    waiting = [recording]
    while waiting:
        recorded = waiting.pop()
        yield from (op for op in recorded.ops if op.phase == "forward")
        for node in recorded.backward_nodes:
            if node.call is not None and node.call.made is not None:
                waiting.append(_call_recorded(node.call.made, node.args))


def _call_recorded(made, args):
    """The recording of a custom-gradient call's function (``made``) run on ``args`` with its float ones traced, of
    its rule run on an upstream of ones in the forward phase, and of a backward pass through what the function did
    (a call nested in it is a node there, whose own function is read in turn); an empty one where the function
    raises."""
    recorder = provenance.Recorder()
    traced = tuple(i for i, arg in enumerate(args) if getattr(getattr(arg, "dtype", None), "kind", "") == "f")
    try:
        with recorder, np.errstate(all="ignore"):
            out, trace, inputs = trace_inputs(lambda *values: _with_its_rule(made, values), list(args), {}, traced,
                                              "check")
            recorder.phase = "backward"
            try:
                pull_back(out, trace, inputs, list(args), traced, np.ones_like(raw(out)))
            except Exception:  # noqa: BLE001 - a pass that cannot run finds no nested call; the ops before stand
                pass
    except Exception:  # noqa: BLE001 - the call ran in the program; a second run that fails reads no literal
        return provenance.Recording()
    return recorder.recording


def _with_its_rule(made, values):
    """The call's output on ``values``, its rule run once on ones first (the literals the rule hands NumPy are the
    program's too)."""
    y, grad_fn = made(*values)
    try:
        grad_fn(np.ones_like(raw(y)))
    except Exception:  # noqa: BLE001 - a rule of several outputs or of Variables: its function's literals stand
        pass
    return y


_UNTRACED_ENTRIES = 64  # an untraced argument read for literals' roundings: a few numbers, not a data array


def floats_reached(function):
    """The Python floats that ``function``'s code and the code it reaches hold: the constants of its code and of its
    nested code, its defaults, its closure's contents, and the floats and functions of its own module that code reads,
    following each function among them as `_Rewriter` does (a module's other functions, which it rewrites too but
    no code reaches, hold nothing of this program's)."""
    found, seen, waiting = [], set(), [function]
    while waiting:
        value = waiting.pop()
        if type(value) is float:
            found.append(value)
        if not isinstance(value, types.FunctionType) or id(value) in seen:
            continue
        seen.add(id(value))
        waiting.extend(cell.cell_contents for cell in value.__closure__ or () if _filled(cell))
        if not value.__code__.co_filename.startswith(GRADCLI_FOLDER):  # gradcli's wrappers keep their own code
            codes, names = [value.__code__], set()
            while codes:
                code = codes.pop()
                names.update(code.co_names)
                for constant in code.co_consts:
                    (codes if isinstance(constant, types.CodeType) else found).append(constant)
            waiting.extend(value.__defaults__ or ())
            waiting.extend((value.__kwdefaults__ or {}).values())
            module = value.__globals__
            waiting.extend(module[name] for name in names if name in module and (
                type(module[name]) is float or getattr(module[name], "__globals__", None) is module))
        if "__wrapped__" in value.__dict__:
            waiting.append(value.__wrapped__)
    return [number for number in found if type(number) is float]


def _computed_in(op):
    """The float dtype a recorded op computed in: its answer's, or for a comparison (a boolean answer) that of
    its float arguments (float64 if any is); None for an op on Python numbers alone."""
    answer = getattr(op.output, "dtype", None)
    if answer is None or answer.kind == "f" or answer.name == "bfloat16":
        return answer
    floats = [a.dtype for a in op.args if isinstance(a, (np.ndarray, np.generic)) and a.dtype.kind in "fV"]
    if not floats:
        return None
    return max(floats, key=lambda d: d.itemsize)


def held_function(function, literals):
    """``function`` with each literal of ``literals`` replaced by its rounding (itself where none occurs)."""
    if not literals:
        return function
    return _Rewriter(literals).function(function)


def holding_numbers(function, literals):
    """``function`` (run on exact numbers) taking each Python float of ``literals`` as the dtype holds it where it
    meets an op: one its code hands to an op, and one of its constants wherever an op meets it.

    Its code stays as written, so Python's own arithmetic on a literal before
    it meets data (``c = 0.1; x * (c * 3)``, ``c ** 2``, ``math.sqrt(c)``, a
    function of the user's handed ``c``) computes on float64's number, as the
    program does; the float that arithmetic gives is rounded where it meets the
    dtype's data, as the run in the dtype rounded it (`literals_in` read it
    there), and so is a number the code computes as it runs
    (``math.sqrt(0.5)``). A constant of the code (a literal, a default, a module
    global) is held by its identity wherever it meets an op, inside a function
    of gradcli's it was handed to too (``np.trapezoid(y, dx=0.1)``).
    """
    if not literals:
        return function
    rewriter = _Rewriter(literals)
    rewriter.function(function)
    constants = rewriter.replaced

    @functools.wraps(function)
    def holding(*args, **kwargs):
        with numbers_held(literals, constants):
            return function(*args, **kwargs)

    return holding


class _Rewriter:
    """Copies of functions with their literals replaced, each made once (a module's functions call each other)."""

    def __init__(self, literals):
        self.literals = literals
        self.made = {}
        self.namespaces = {}
        self.replaced = {}  # {id: the constant itself}: each float of the code a copy holds otherwise

    def value(self, value):
        if type(value) is float:
            held = self.literals.get(value, value)
            if held is not value:
                self.replaced[id(value)] = value
            return held
        if isinstance(value, types.FunctionType):
            return self.function(value)
        return value

    def function(self, function):
        if not isinstance(function, types.FunctionType):
            return function
        key = id(function)
        if key in self.made:
            return self.made[key]
        self.made[key] = function  # while it is made, a recursive call reaches the original
        own = not function.__code__.co_filename.startswith(GRADCLI_FOLDER)  # gradcli's wrappers keep their code
        code = self.code(function.__code__) if own else function.__code__
        namespace = self.namespace(function.__globals__) if own else function.__globals__
        closure = None
        if function.__closure__ is not None:
            closure = tuple(types.CellType(self.value(_contents(cell))) if _filled(cell) else cell
                            for cell in function.__closure__)
        defaults = tuple(self.value(d) for d in function.__defaults__) if own and function.__defaults__ else function.__defaults__
        if (code is function.__code__ and namespace is function.__globals__ and defaults == function.__defaults__
                and (closure is None or all(_same(a, b) for a, b in zip(closure, function.__closure__)))):
            return function
        made = types.FunctionType(code, namespace, function.__name__, defaults, closure)
        made.__kwdefaults__ = ({k: self.value(v) for k, v in function.__kwdefaults__.items()}
                               if own and function.__kwdefaults__ else function.__kwdefaults__)
        made.__dict__.update(function.__dict__)
        made.__qualname__ = function.__qualname__
        made.__module__ = function.__module__
        if "__wrapped__" in function.__dict__:
            made.__wrapped__ = self.value(function.__wrapped__)
        self.made[key] = made
        return made

    def code(self, code):
        consts = tuple(self.code(c) if isinstance(c, types.CodeType) else self.value(c) if type(c) is float else c
                       for c in code.co_consts)
        if all(a is b for a, b in zip(consts, code.co_consts)):
            return code
        return code.replace(co_consts=consts)

    def namespace(self, namespace):
        """A copy of a module's globals with its float constants held and its functions rewritten (made once)."""
        key = id(namespace)
        found = self.namespaces.get(key)
        if found is not None:
            return found
        if not any(type(v) is float and v in self.literals or isinstance(v, types.FunctionType)
                   for v in namespace.values()):
            return namespace
        copy = self.namespaces[key] = dict(namespace)
        for name, value in namespace.items():
            if type(value) is float:
                copy[name] = self.value(value)
            elif isinstance(value, types.FunctionType) and value.__globals__ is namespace:
                copy[name] = self.function(value)
        return copy


def _filled(cell):
    try:
        cell.cell_contents
    except ValueError:  # an empty cell: a name the enclosing function had not bound yet
        return False
    return True


def _contents(cell):
    return cell.cell_contents


def _same(new, old):
    return not _filled(new) or not _filled(old) or new.cell_contents is old.cell_contents


def held_formula(formula, dtype):
    """``formula`` with each literal that meets data (an operand of an op whose other operand depends on a
    variable) as ``dtype`` holds it, or ``formula`` itself where every such literal is held exactly.

    The formula's evaluation in ``dtype`` hands such a literal to NumPy as a
    Python float (its text rounded to float64), which rounds it to ``dtype``.
    A literal among literals alone (``0.1 * 3``) is computed on in float64
    first: that arithmetic is the program's own rounding, judged as any op's,
    and the literal stays the number written. Integers and ``pi``, ``e`` stay
    the numbers they name.
    """
    dtype = np.dtype(dtype)
    root = formula.root
    varying, rebuilt, changed = {}, {}, False
    for node in postorder(root):
        if id(node) in rebuilt:
            continue
        children = node.children()
        varying[id(node)] = isinstance(node, Var) or any(varying[id(c)] for c in children)
        new = node
        if children:
            parts = [rebuilt[id(c)] for c in children]
            if varying[id(node)] and len(children) > 1:
                parts = [_held_number(p, dtype) if not varying[id(c)] else p for c, p in zip(children, parts)]
            if any(p is not c for p, c in zip(parts, children)):
                new = _with_children(node, parts)
        rebuilt[id(node)] = new
        changed = changed or new is not node
    if not changed:
        return formula
    return replace(formula, root=rebuilt[id(root)])


def _held_number(node, dtype):
    """A literal (or its negation) as ``dtype`` holds it; any other node unchanged."""
    if isinstance(node, Unary) and node.op == "-" and isinstance(node.operand, Num):
        held = _held_number(node.operand, dtype)
        return node if held is node.operand else replace(node, operand=held)
    if not isinstance(node, Num) or node.is_integer:
        return node
    written = float(node.text)
    held = float(np.asarray(written, dtype=dtype).astype(np.float64))
    if not np.isfinite(held) or Fraction(held) == node.exact:
        return node
    return replace(node, text=repr(held), exact=Fraction(held))


def _with_children(node, parts):
    if isinstance(node, Unary):
        return replace(node, operand=parts[0])
    if isinstance(node, (Binary, Compare)):
        return replace(node, left=parts[0], right=parts[1])
    return replace(node, args=tuple(parts))


def held_formula_target(target, dtype):
    """The formula ``target`` whose literals are held as ``dtype`` holds them (`held_formula`), or ``target`` itself.

    One per distinct set of held literals, made once and kept in ``target.shared``:
    where float32 and float64 hold every literal alike (0.5, 2.0) they share it,
    and with it the references of the points both dtypes hold.
    """
    by_dtype = ("held formula in", np.dtype(dtype).str)
    kept = target.shared.get(by_dtype)
    # A target made from another by `replace` may keep its `shared`: what is kept is for this very target.
    if kept is not None and kept[0] is target:
        return kept[1]
    formula = held_formula(target.formula, dtype)
    if formula is target.formula:
        made = target
    else:
        key = ("held formula", tuple(n.text for n in postorder(formula.root) if isinstance(n, Num)))
        made = target.shared.get(key)
        if made is None:
            made = target.shared[key] = replace(target, formula=formula, function=to_function(formula, "float"),
                                                mp_function=to_function(formula, "mp"), shared={})
    target.shared[by_dtype] = (target, made)
    return made


def held_changes(original, held):
    """``[(written, held)]``: each literal of the target ``original`` that ``held`` (its program in a narrower
    dtype, `held_formula_target` or a function's) holds as another number; [] where that is not known (a bridge)."""
    if held is original:
        return []
    if original.formula is not None and held.formula is not None:
        written = [n.text for n in postorder(original.formula.root) if isinstance(n, Num)]
        kept = [n.text for n in postorder(held.formula.root) if isinstance(n, Num)]
        return [(a, b) for a, b in zip(written, kept) if a != b]
    return [(repr(a), repr(b)) for a, b in sorted(held.shared.get("literals held", {}).items())]
