"""``float(x)`` and ``x.item()`` in plain NumPy code as the number itself, which gradcli goes on differentiating.

NumPy code reads numbers out of its arrays to print them (``print(f"{float(vol):.2%}")``) and to decide
(``if float(var) > cap:``); NumPy runs it, and its value is a function of the inputs like any other. In a plain NumPy
module gradcli is the differentiator, so there is no program's gradient that drops the number's path: the read is
followed as the value it is. A module loaded on gradcli's core (`numpy_module.load_module`) has each ``float(x)`` and
``x.item(...)`` call inside a function rewritten as a call of `read_float` or `read_item`. On a value gradcli
differentiates (a traced value, or an exact run's numbers) the read answers with that value's number as
`ops.python_float`, weak beside NumPy's dtypes as Python's float is: printed, it formats its number; compared, it is
the comparison's switch, judged as any branch is; computed on again (``s * float(s)``), its path is in the
derivative, as it is in the function NumPy computes. Anything else is read as Python and NumPy read it. A module that
binds the name ``float`` itself keeps its own.
"""

from __future__ import annotations

import ast

import numpy as np

from .. import numpy as gnp
from ..autodiff.ops import python_float
from ..autodiff.tracer import TracedValueError, is_mp_value
from ..autodiff.values import Box, dtype_of, holds_complex, raw, shape_of
from .numpy_parts import InFunctions

READ_FLOAT, READ_ITEM = "__gradcli_read_float__", "__gradcli_read_item__"


def _differentiated(value):
    """Whether ``value`` is one gradcli differentiates: a traced value, or an exact run's numbers."""
    return isinstance(value, Box) or is_mp_value(value)


def read_float(value):
    """``float(value)``: for a value gradcli differentiates, its one number as a traced Python float."""
    if not _differentiated(value):
        return float(value)
    if holds_complex(value):  # NumPy's refusal, in its words (an exact run's complex numbers would pass as themselves)
        raise TypeError("float() argument must be a string or a real number, not 'complex'")
    return python_float(value)  # an array of several numbers: NumPy's own refusal from float() of it


def read_item(value, *index):
    """``value.item(*index)``: for a value gradcli differentiates, the entry ``index`` picks as a traced Python float
    (a count or a truth as NumPy's own int or bool)."""
    if not _differentiated(value):
        return value.item(*index)
    shape = shape_of(value)
    # NumPy's own reading of the index (none: the one entry; a flat position; a position in each axis), with its errors
    position = np.arange(int(np.prod(shape))).reshape(shape).item(*index)
    entry = gnp.ravel(value)[position]
    if holds_complex(entry):
        raise TracedValueError(
            "`.item()` of a complex value gradcli is differentiating hands out a Python complex, which gradcli cannot "
            "follow; keep it as an array (x[i], np.real(x), np.imag(x)) and use np's functions on it")
    if dtype_of(entry).kind in "biu":
        return raw(entry).item()
    return python_float(entry)


def reads_rewritten(tree, keeps_float=False):
    """``tree`` (a module's AST) with each ``float(x)`` and ``x.item(...)`` call inside a function as a call of
    `read_float` or `read_item`; ``float`` left as it is where the module binds that name itself (``keeps_float``: its
    globals, which the tree of one function does not show, name one)."""
    return ast.fix_missing_locations(_Rewrite(keeps_float or _binds_float(tree)).visit(tree))


def _binds_float(tree):
    """Whether the module's code binds the name ``float`` anywhere (an assignment, a def, an import, an argument)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id == "float" and not isinstance(node.ctx, ast.Load):
            return True
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.name == "float":
            return True
        if isinstance(node, ast.arg) and node.arg == "float":
            return True
        if isinstance(node, ast.alias) and (node.asname or node.name) == "float":
            return True
    return False


class _Rewrite(InFunctions):
    def __init__(self, keeps_float):
        super().__init__()
        self.keeps_float = keeps_float

    def visit_Call(self, node):
        self.generic_visit(node)
        if not self.depth or node.keywords or any(isinstance(a, ast.Starred) for a in node.args):
            return node
        function = node.func
        if (isinstance(function, ast.Name) and function.id == "float" and len(node.args) == 1
                and not self.keeps_float):
            call = ast.Call(ast.Name(READ_FLOAT, ast.Load()), node.args, [])
        elif isinstance(function, ast.Attribute) and function.attr == "item":
            call = ast.Call(ast.Name(READ_ITEM, ast.Load()), [function.value, *node.args], [])
        else:
            return node
        return ast.copy_location(call, node)
