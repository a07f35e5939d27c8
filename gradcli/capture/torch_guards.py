"""PyTorch's own argument checks, followed on their valid path while a graph is traced.

PyTorch's library validates arguments by branching on their values:
``F.gaussian_nll_loss`` has ``elif torch.any(var < 0): raise ValueError(...)``,
``Wishart`` has ``if self.df.le(n - 1).any(): raise ValueError(...)`` and
``if not x.gt(...).all(): raise``. Over fake tensors such a branch has no value
to read, so make_fx stops there. A check whose body ends in a raise (or only
warns) computes nothing for a valid call, whose graph is the graph of the call
that skips it. While gradcli traces, `valid_guards` answers the truth test of such a check
with the value that skips its body; PyTorch's own run, the one under test,
keeps every check (an invalid argument still raises there).

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
import os
import sys
import threading
from contextlib import contextmanager

_PARSED = {}  # file name -> ({line: the value that skips the check tested there}, the same for early returns)
# Distribution's methods that validate its arguments (``__init__``) or a sample (``_validate_sample``), raising
# on an invalid one: a constraint's early return consumed there is a check.
_VALIDATING = ("__init__", "_validate_sample")
_LOCK = threading.Lock()


# The Tensor methods through which Python code reads a tensor's value: its truth, and the number it holds.
# ``float(t)`` and ``int(t)`` are not among them: Python insists that they return a real number, and no one
# number stands for every valid one, so such a check stays the refusal it is.
_READS = ("__bool__", "item")


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
                filename = frame.f_code.co_filename
                if filename.startswith(folder):
                    valid = _skipping_value(filename, frame.f_lineno)
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


def _skipping_value(filename, line):
    """The truth value that skips the raise-only check tested on ``line`` of ``filename``; None if there is none."""
    return _parsed(filename)[0].get(line)


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
    valid = _parsed(constraints)[1].get(frame.f_lineno)
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
        validating = _skipping_value(caller.f_code.co_filename, caller.f_lineno) is not None
    return valid if validating else None


def _parsed(filename):
    """``(raise-only checks, early returns of a constraint's check)`` of ``filename``, each ``{line: value}``."""
    parsed = _PARSED.get(filename)
    if parsed is None:
        parsed = _PARSED[filename] = _raise_only_checks(filename), _constraint_returns(filename)
    return parsed


def _raise_only_checks(filename):
    """``{line: value}`` for each ``if``/``elif`` of the file whose body ends in a raise or only warns and whose
    test is one expression (``t``, or ``not t``): the ``bool(t)`` that skips the body, on each line of ``t``."""
    tree = _tree(filename)
    return _skipping_lines(n for n in ast.walk(tree) if isinstance(n, ast.If) and _only_complains(n.body))


def _constraint_returns(filename):
    """``{line: value}`` as `_raise_only_checks`, for the early returns of PyTorch's distribution constraints'
    ``check`` (in torch/distributions/constraints.py only): each returns the failing result its test read."""
    if not filename.endswith(os.path.join("torch", "distributions", "constraints.py")):
        return {}
    tree = _tree(filename)
    return _skipping_lines(n for f in ast.walk(tree) if isinstance(f, ast.FunctionDef) and f.name == "check"
                           for n in ast.walk(f) if isinstance(n, ast.If) and _returns_what_it_tested(n))


def _tree(filename):
    """The module ``filename`` parsed (an empty one if it cannot be)."""
    try:
        return ast.parse("".join(linecache.getlines(filename)))
    except (SyntaxError, ValueError):
        return ast.Module(body=[], type_ignores=[])


def _skipping_lines(ifs):
    """``{line: the truth that skips the body}`` for ``ifs`` whose test is one expression."""
    lines = {}
    for node in ifs:
        test, valid = node.test, False
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            test, valid = test.operand, True
        if isinstance(test, (ast.BoolOp, ast.UnaryOp)):
            continue  # `a and b`: which operand's truth is asked cannot be told from the line
        for line in range(test.lineno, (test.end_lineno or test.lineno) + 1):
            lines[line] = valid
    return lines


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
