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
"""

from __future__ import annotations

import ast
import linecache
import sys
import threading
from contextlib import contextmanager

_PARSED = {}  # file name -> {line: the value that skips the check whose test is on that line}
_LOCK = threading.Lock()


@contextmanager
def valid_guards(folder):
    """While tracing: a tensor's truth test in a raise-only check of PyTorch's files (under ``folder``) skips it.

    Only the thread that traces is answered so: the class attribute is shared by
    the whole process, and another thread of the user's program that calls a
    PyTorch check meanwhile gets the tensor's own truth (its invalid argument
    still raises there).
    """
    import torch  # lazy: only a PyTorch target needs it

    original = torch.Tensor.__bool__
    tracing = threading.get_ident()

    def truth(tensor):
        if threading.get_ident() != tracing:
            return original(tensor)
        frame = sys._getframe(1)
        filename = frame.f_code.co_filename
        if filename.startswith(folder):
            valid = _skipping_value(filename, frame.f_lineno)
            if valid is not None:
                return valid
        return original(tensor)

    with _LOCK:
        torch.Tensor.__bool__ = truth
        try:
            yield
        finally:
            torch.Tensor.__bool__ = original


def _skipping_value(filename, line):
    """The truth value that skips the raise-only check tested on ``line`` of ``filename``; None if there is none."""
    checks = _PARSED.get(filename)
    if checks is None:
        checks = _PARSED[filename] = _raise_only_checks(filename)
    return checks.get(line)


def _raise_only_checks(filename):
    """``{line: value}`` for each ``if``/``elif`` of the file whose body ends in a raise or only warns and whose
    test is one expression (``t``, or ``not t``): the ``bool(t)`` that skips the body, on each line of ``t``."""
    source = "".join(linecache.getlines(filename))
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return {}
    checks = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.If) or not _only_complains(node.body):
            continue
        test, valid = node.test, False
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            test, valid = test.operand, True
        if isinstance(test, (ast.BoolOp, ast.UnaryOp)):
            continue  # `a and b`: which operand's truth is asked cannot be told from the line
        for line in range(test.lineno, (test.end_lineno or test.lineno) + 1):
            checks[line] = valid
    return checks


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
