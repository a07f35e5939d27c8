"""A plain array's ``.dot`` of a value gradcli differentiates, in plain NumPy code, as gradcli's ``dot``.

Module data and arrays of constants stay NumPy's own arrays in a module loaded
on gradcli's core (`numpy_module.load_module`), and ``H.dot(v)``, NumPy's
method, converts its operand to an array in C: of a traced value that would
drop its gradient, and gradcli refuses it. ``H @ v`` and ``np.dot(H, v)``
reach gradcli's op already. So each ``x.dot(y)`` call inside a function is
rewritten as a call of `dot_method`, which hands a NumPy array and a
differentiated operand to gradcli's ``dot`` and leaves every other ``.dot``
(a traced value's own, a user's object's, NumPy's on plain numbers) as the
method itself.
"""

from __future__ import annotations

import ast

import numpy as np

from .. import numpy as gnp
from .numpy_parts import InFunctions

DOT = "__gradcli_dot__"


def dot_method(value, other, *rest, **keywords):
    """``value.dot(other, ...)``: gradcli's ``dot`` where ``value`` is a NumPy array (an exact run's view of one
    too) and ``other`` a value gradcli differentiates or an exact run's numbers, with no ``out``; the method itself
    otherwise (NumPy's on plain numbers, a traced value's own, a user's object's)."""
    if isinstance(value, np.ndarray) and not rest and not keywords and not _plain(other):
        return gnp.dot(value, other)
    return value.dot(other, *rest, **keywords)


def _plain(value):
    """Whether ``value`` is numbers NumPy's own method computes on as gradcli would: a float or int array, a NumPy
    scalar, a Python number."""
    if isinstance(value, np.ndarray):
        return type(value) is np.ndarray and value.dtype != object
    return isinstance(value, (np.generic, int, float, complex))


def methods_rewritten(tree):
    """``tree`` (a module's AST) with each ``x.dot(...)`` call inside a function as a call of `dot_method`; a module's
    function (``np.dot(a, b)``, ``numpy.ma.dot``: its receiver a name an ``import`` binds) stays the call it is, made
    from the user's line (``from consts import H`` binds an array, whose ``H.dot`` is rewritten)."""
    imported = {(alias.asname or alias.name).split(".")[0] for node in ast.walk(tree)
                if isinstance(node, ast.Import) for alias in node.names}
    return ast.fix_missing_locations(_Rewrite(imported).visit(tree))


class _Rewrite(InFunctions):
    def __init__(self, imported):
        super().__init__()
        self.imported = imported  # the names the module's ``import`` statements bind

    def visit_Call(self, node):
        self.generic_visit(node)
        function = node.func
        if not (self.depth and isinstance(function, ast.Attribute) and function.attr == "dot" and node.args
                and not any(isinstance(a, ast.Starred) for a in node.args)) or self._a_module(function.value):
            return node
        call = ast.Call(ast.Name(DOT, ast.Load()), [function.value, *node.args], node.keywords)
        return ast.copy_location(call, node)

    def _a_module(self, receiver):
        """Whether ``receiver`` (``np``, ``np.ma``) is a name an ``import`` of the module binds, or an attribute of one."""
        while isinstance(receiver, ast.Attribute):
            receiver = receiver.value
        return isinstance(receiver, ast.Name) and receiver.id in self.imported
