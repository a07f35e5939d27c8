"""PyTorch's own argument checks, followed on their valid path while a graph is traced.

PyTorch's library validates arguments by branching on their values:
``F.gaussian_nll_loss`` has ``elif torch.any(var < 0): raise ValueError(...)``,
``Wishart`` has ``if self.df.le(n - 1).any(): raise ValueError(...)`` and
``if not x.gt(...).all(): raise``. Over fake tensors such a branch has no value
to read, so make_fx stops there. A check whose body ends in a raise (or only
warns) computes nothing for a valid call, whose graph is the graph of the call
that skips it. While gradcli traces, `valid_guards` answers the truth test of such a check
with the value that skips its body; PyTorch's own run, the one under test,
keeps every check (an invalid argument still raises there). A test of several
truths (``and``/``or``/``not``) has each read answered with its literal false;
``float(t)`` or ``int(t)`` compared with numbers (``if float(s.min()) <= eps``)
is answered with a number on the valid side of the comparison.

Only PyTorch's own files are answered so: a branch on a tensor's value in the
user's code (or one in PyTorch whose body computes something) stays the data-
dependent error it is, and the bridge refuses it with the user's line.
A distribution constraint's early return (``if not sym_check.all(): return
sym_check``) computes the result it returns, so it is answered only where
PyTorch's own argument validation consumes that result and raises on a failing
one, never where the user's code reads it as data.
"""

from __future__ import annotations

import ast
import linecache
import math
import os
import sys
import threading
from contextlib import contextmanager

from .torch_reads import formatted_by_percent

_PARSED = {}  # file name -> ({line: the value that skips the check tested there}, the same for early returns)
# Distribution's methods that validate its arguments (``__init__``) or a sample (``_validate_sample``), raising
# on an invalid one: a constraint's early return consumed there is a check.
_VALIDATING = ("__init__", "_validate_sample")
_LOCK = threading.Lock()


# The Tensor methods through which Python code reads a tensor's value: its truth, the number it holds, and that
# number as Python's ``float(t)`` or ``int(t)``, which must be a real number: a check comparing one with numbers
# (``if float(t) < 0: raise``) is answered with a number on its valid side (`_number_that_skips`); any other
# use of such a number stays the refusal it is.
_READS = ("__bool__", "item", "__float__", "__int__")
_NUMBERS = {"__float__": float, "__int__": int}


@contextmanager
def valid_guards(folder):
    """While tracing: a tensor's value read in a raise-only check of PyTorch's files (under ``folder``) skips it.

    A truth test (``if torch.any(var < 0)``) is answered with the skipping truth;
    a number read to be compared (``if x.item() < 0``) with `_Skipping`, whose
    every comparison answers so. Only the thread that
    traces is answered: the methods are the whole process's, and another thread
    of the user's program that calls a PyTorch check meanwhile reads the
    tensor's own value (its invalid argument still raises there).
    """
    import torch  # lazy: only a PyTorch target needs it

    originals = {name: getattr(torch.Tensor, name) for name in _READS}
    # Most of these live on torch._C.TensorBase: restoring by setattr would leave a slower copy on Tensor itself.
    owned = {name for name in _READS if name in vars(torch.Tensor)}
    tracing = threading.get_ident()

    def answering(name):
        original = originals[name]

        def read(tensor):
            if threading.get_ident() == tracing:
                frame = sys._getframe(1)
                if name == "__float__" and formatted_by_percent(tensor, frame):
                    return math.nan  # a number the user's code formats while gradcli traces (`torch_reads`)
                filename = frame.f_code.co_filename
                if filename.startswith(folder):
                    if name in _NUMBERS:
                        number = _number_that_skips(frame, _NUMBERS[name])
                        if number is not None:
                            return number
                        return original(tensor)
                    valid = _skipping_value(frame)
                    if valid is None:
                        valid = _early_return_value(frame, folder)
                    if valid is not None:
                        return valid if name == "__bool__" else _Skipping(valid)
            return original(tensor)

        return read

    from torch.distributions import Distribution  # lazy: as above

    with _LOCK:
        for name in _READS:
            setattr(torch.Tensor, name, answering(name))
        default = Distribution.__dict__["_validate_args"]
        Distribution._validate_args = _NotWhileTracing(default, tracing)
        try:
            yield
        finally:
            for name, original in originals.items():
                if name in owned:
                    setattr(torch.Tensor, name, original)
                else:
                    delattr(torch.Tensor, name)
            Distribution._validate_args = default


class _NotWhileTracing:
    """``Distribution._validate_args`` (the default of ``validate_args``) while gradcli traces: off in the
    tracing thread, whose distributions' argument checks a traced graph need not follow (PyTorch's own run,
    which is judged, keeps them); the process's default in every other thread."""

    def __init__(self, default, thread):
        self.default, self.thread = default, thread

    def __get__(self, instance, owner):
        return False if threading.get_ident() == self.thread else self.default


class _Skipping:
    """The number a raise-only check read (``x.item()``), standing for a valid one: every comparison it takes
    part in, and its own truth, answer the truth that skips the check; arithmetic on it is itself."""

    __slots__ = ("valid",)

    def __init__(self, valid):
        self.valid = valid

    def _answer(self, *other):
        return self.valid

    def _itself(self, *other):
        return self

    __lt__ = __le__ = __gt__ = __ge__ = __eq__ = __ne__ = _answer
    __bool__ = _answer
    __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = __truediv__ = __rtruediv__ = _itself
    __neg__ = __abs__ = __pos__ = _itself
    __hash__ = None


def _skipping_value(frame):
    """The truth value that skips the raise-only check ``frame`` is testing at its line; None if there is none."""
    return _valid_at(_parsed(frame.f_code.co_filename)[0], frame)


def _valid_at(lines, frame):
    """The truth that skips the check read at ``frame``, from ``lines`` (`_skipping_lines`).

    The read is placed by the expression the frame's instruction tests (a test
    spanning lines runs its jumps on the ``if``'s first line): on a line holding
    truths of both kinds (``if a.any() or not b.all()``), the truth whose
    source span holds that expression.
    """
    for tested in _tested_spans(frame):
        valid = lines.get(tested[0])
        if isinstance(valid, list):
            holding = [(span, truth) for span, truth in valid if span[:2] <= tested[:2] and tested[2:] <= span[2:]]
            valid = max(holding)[1] if holding else None  # the span that starts last: the innermost holding it
        if valid is not None:
            return valid
    valid = lines.get(frame.f_lineno)
    return None if isinstance(valid, list) else valid


def _tested_spans(frame):
    """The source spans ``(line, column, end line, end column)`` of the expression a frame's read tests: the value
    the instruction before it made (a truth test's jump tests a call's or a comparison's result), then the
    instruction's own (a method read, ``x.item()``)."""
    positions = _positions(frame.f_code)
    at = frame.f_lasti // 2  # a code unit is two bytes
    for unit in (at - 1, at):
        if 0 <= unit < len(positions) and None not in positions[unit]:
            line, end_line, column, end_column = positions[unit]
            yield (line, column, end_line, end_column)


_POSITIONS = {}  # code object -> its instructions' source positions, one per code unit


def _positions(code):
    """A code object's source positions (Python 3.11 on; empty before, where a mixed line stays refused)."""
    positions = _POSITIONS.get(code)
    if positions is None:
        positions = _POSITIONS[code] = list(code.co_positions()) if hasattr(code, "co_positions") else []
    return positions


def _early_return_value(frame, folder):
    """The truth value that skips a distribution constraint's early return (``if not sym_check.all(): return
    sym_check``) tested at ``frame``'s line; None if there is none, or if the constraint's result is not
    consumed by PyTorch's own argument validation.

    Such a return is not a check by itself: its result is what the caller does with it. Only where PyTorch
    validates a distribution's arguments or sample with it (and raises on a failing one) does the valid path
    stand for every valid call; a user's ``torch.where(constraint.check(m), ...)`` reads it as data, and is
    refused at the user's line.
    """
    distributions = os.path.join(folder, "distributions", "")
    constraints = distributions + "constraints.py"
    if frame.f_code.co_filename != constraints:
        return None
    valid = _valid_at(_parsed(constraints)[1], frame)
    if valid is None:
        return None
    caller = frame.f_back
    while caller is not None and caller.f_code.co_filename == constraints:
        caller = caller.f_back  # a constraint's check calls its parent's (`super().check(value)`)
    if caller is None or not caller.f_code.co_filename.startswith(distributions):
        return None
    if caller.f_code.co_filename == distributions + "distribution.py":
        validating = caller.f_code.co_name in _VALIDATING
    else:  # `if not self.arg_constraints["probs"].check(self.probs).all(): raise ...` consumes it directly
        validating = _skipping_value(caller) is not None
    return valid if validating else None


def _parsed(filename):
    """``(raise-only checks, early returns of a constraint's check, numbers compared in raise-only checks)`` of
    ``filename``: the first two ``{line: value}``, the last ``{line: (comparison, the truth that skips)}``."""
    parsed = _PARSED.get(filename)
    if parsed is None:
        tree = _tree(filename)
        checks = [n for n in ast.walk(tree) if isinstance(n, ast.If) and _only_complains(n.body)]
        parsed = _PARSED[filename] = _skipping_lines(checks), _constraint_returns(filename, tree), _compared_numbers(checks)
    return parsed


def _number_that_skips(frame, kind):
    """The ``kind`` (float or int) that ``float(t)``/``int(t)`` read at ``frame``'s line must be for the raise-only
    check there to skip its body; None where the line holds no such one comparison with numbers.

    The comparison (``float(t) < 0``, ``0 <= float(p) <= 1``) is made with the numbers it names (constants, or
    names the frame holds as numbers) and candidates about them until one gives the skipping truth.
    """
    found = _parsed(frame.f_code.co_filename)[2].get(frame.f_lineno)
    if found is None:
        return None
    compare, skipping = found
    operands = [compare.left, *compare.comparators]
    numbers = [None if _reads_a_number(o) else _number(o, frame) for o in operands]
    if sum(n is None for n in numbers) != 1 or any(isinstance(n, _NotANumber) for n in numbers):
        return None
    known = [n for n in numbers if n is not None]
    candidates = [kind(c) for k in known for c in (k, k + 1, k - 1, k + 0.5, k - 0.5)] + [kind(0), kind(1)]
    for candidate in candidates:
        values = [candidate if n is None else n for n in numbers]
        if all(_COMPARE[type(op)](a, b) for op, a, b in zip(compare.ops, values, values[1:])) == skipping:
            return candidate
    return None


class _NotANumber:
    """An operand of a comparison that is not a number gradcli reads without running code."""


def _number(node, frame):
    """The number an operand names: a constant, a negated one, or a name the frame holds a number in."""
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _number(node.operand, frame)
        return inner if isinstance(inner, _NotANumber) else -inner
    if isinstance(node, ast.Name):
        value = frame.f_locals.get(node.id, frame.f_globals.get(node.id))
        if type(value) in (int, float):
            return value
    return _NotANumber()


def _reads_a_number(node):
    """Whether an operand is ``float(...)`` or ``int(...)`` of one argument: the number a tensor is read as."""
    return isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("float", "int") and len(node.args) == 1


_COMPARE = {ast.Lt: lambda a, b: a < b, ast.LtE: lambda a, b: a <= b, ast.Gt: lambda a, b: a > b,
            ast.GtE: lambda a, b: a >= b, ast.Eq: lambda a, b: a == b, ast.NotEq: lambda a, b: a != b}


def _raise_only_checks(filename):
    """``{line: value}`` for each ``if``/``elif`` of the file whose body ends in a raise or only warns: the
    ``bool(t)`` that skips the body for each truth ``t`` its test reads, on each line of ``t`` (`_skipping_lines`)."""
    tree = _tree(filename)
    return _skipping_lines(n for n in ast.walk(tree) if isinstance(n, ast.If) and _only_complains(n.body))


def _constraint_returns(filename, tree=None):
    """``{line: value}`` as `_raise_only_checks`, for the early returns of PyTorch's distribution constraints'
    ``check`` (in torch/distributions/constraints.py only): each returns the failing result its test read."""
    if not filename.endswith(os.path.join("torch", "distributions", "constraints.py")):
        return {}
    tree = tree or _tree(filename)
    return _skipping_lines(n for f in ast.walk(tree) if isinstance(f, ast.FunctionDef) and f.name == "check"
                           for n in ast.walk(f) if isinstance(n, ast.If) and _returns_what_it_tested(n))


def _tree(filename):
    """The module ``filename`` parsed (an empty one if it cannot be)."""
    try:
        return ast.parse("".join(linecache.getlines(filename)))
    except (SyntaxError, ValueError):
        return ast.Module(body=[], type_ignores=[])


def _skipping_lines(ifs):
    """``{line: the truth that skips the body}`` for the truths the tests of ``ifs`` read.

    A test is ``and``, ``or`` and ``not`` of truths (``x.any() or not (y > 0).all()``): each truth read
    with its literal false (the truth itself under an even number of ``not``, its negation under an odd)
    makes every such combination false, so the body is skipped. A line holding truths of both kinds keeps
    each truth's span with its value, ``[((line, column, end line, end column), truth), ...]``: which one a
    read asks is told by the expression it tests (`_valid_at`).
    """
    lines, spans = {}, {}
    for node in ifs:
        for truth, valid in _truths(node.test, False):
            span = (truth.lineno, truth.col_offset, truth.end_lineno or truth.lineno, truth.end_col_offset or 0)
            for line in range(truth.lineno, (truth.end_lineno or truth.lineno) + 1):
                lines.setdefault(line, set()).add(valid)
                spans.setdefault(line, []).append((span, valid))
    return {line: (valid.pop() if len(valid) == 1 else spans[line]) for line, valid in lines.items()}


def _truths(test, negated):
    """``(expression, the truth that makes its literal false)`` for each truth ``test`` combines with and/or/not."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return _truths(test.operand, not negated)
    if isinstance(test, ast.BoolOp):
        return [found for value in test.values for found in _truths(value, negated)]
    return [(test, negated)]


def _compared_numbers(ifs):
    """``{line: (comparison, the truth that skips)}`` for the comparisons of ``float(t)`` or ``int(t)`` with
    numbers among the truths of raise-only tests, one per line (`_number_that_skips`)."""
    found, crowded = {}, set()
    for node in ifs:
        for truth, valid in _truths(node.test, False):
            if isinstance(truth, ast.Compare) and sum(map(_reads_a_number, [truth.left, *truth.comparators])) == 1:
                for line in range(truth.lineno, (truth.end_lineno or truth.lineno) + 1):
                    if line in found:
                        crowded.add(line)
                    found[line] = (truth, valid)
    return {line: entry for line, entry in found.items() if line not in crowded}


def _returns_what_it_tested(node):
    """Whether an ``if`` returns early the failing result its test read (``if not sym_check.all(): return
    sym_check``)."""
    body = node.body
    if len(body) != 1 or not isinstance(body[0], ast.Return) or not isinstance(body[0].value, ast.Name):
        return False
    name = body[0].value.id
    return any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(node.test))


def _only_complains(body):
    """Whether a branch's statements end in a ``raise`` (what comes before it, a message, cannot reach the valid
    path) or only warn."""
    if isinstance(body[-1], ast.Raise):
        return True
    return all(_warns(statement) for statement in body)


def _warns(statement):
    if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call):
        called = statement.value.func
        return (called.attr if isinstance(called, ast.Attribute) else getattr(called, "id", "")) == "warn"
    return False
