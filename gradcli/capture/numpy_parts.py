"""An array's ``.real`` and ``.imag`` in plain NumPy code as gradcli's ``real`` and ``imag``.

The exact reference runs a plain NumPy function on object arrays of mpmath
numbers, and NumPy answers those attributes of an object array from its dtype,
not its numbers: ``.real`` is the array itself (complex numbers and all) and
``.imag`` is zeros. So ``spectrum.real ** 2 + spectrum.imag ** 2`` of an
``np.fft.rfft`` would be exactly the square of a complex number and 0. A module
loaded on gradcli's core (`numpy_module.load_module`) has each such read inside
a function rewritten as a call of `part`, which asks gradcli's op for an object
array and the attribute itself for anything else (a traced value's is the op
already; a Python complex, a user's own object, a float array keep theirs).
"""

from __future__ import annotations

import ast

import numpy as np

from .. import numpy as gnp

PART = "__gradcli_part__"
_PARTS = {"real": gnp.real, "imag": gnp.imag}


def part(value, name):
    """``value.real`` or ``value.imag`` (``name``), elementwise for an object array of numbers."""
    if isinstance(value, np.ndarray) and value.dtype == object:
        return _PARTS[name](value)
    return getattr(value, name)


def parts_rewritten(tree):
    """``tree`` (a module's AST) with each ``x.real`` and ``x.imag`` read inside a function as a call of `part`."""
    return ast.fix_missing_locations(_Rewrite().visit(tree))


class InFunctions(ast.NodeTransformer):
    """A rewrite of a module's code inside its functions: ``depth`` counts the functions enclosing the node, for a
    module's own top-level code runs once, untraced, as it loads."""

    def __init__(self):
        self.depth = 0

    def visit_FunctionDef(self, node):
        self.depth += 1
        self.generic_visit(node)
        self.depth -= 1
        return node

    visit_AsyncFunctionDef = visit_Lambda = visit_FunctionDef


class _Rewrite(InFunctions):
    def visit_Attribute(self, node):
        self.generic_visit(node)
        if not (self.depth and node.attr in _PARTS and isinstance(node.ctx, ast.Load)):
            return node
        call = ast.Call(ast.Name(PART, ast.Load()), [node.value, ast.Constant(node.attr)], [])
        return ast.copy_location(call, node)
