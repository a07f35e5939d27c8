"""Which NumPy names a function reaches that gradcli cannot differentiate: an error naming each, and its line.

Read from the source, before anything runs: the function and every function
of its module it names, followed through the module's imports of NumPy
(``np.fft.fft``, ``from numpy import interp``, ``la.eigh`` after ``import
numpy.linalg as la``) and of SciPy's ``special``, ``stats``, ``linalg``, ``signal`` and
``integrate``, checked against ``gradcli.scipy`` (a function of any other SciPy module, ``scipy.optimize.brentq``,
is refused: those stay SciPy's own; a part of ``np.ma`` that ``gradcli.numpy.ma`` lacks is refused saying
what to write instead). Names gradcli does not differentiate but NumPy may keep
computing pass: dtypes and other classes, constants, ``numpy.random`` and a
few helpers about dtypes and printing; not the classes whose instances compute on what they are called with
(``np.polynomial.Polynomial(c)``), followed to the line that makes the instance, where the names an instance of
gradcli's own (``np.vectorize(f)``, ``np.poly1d(c)``) is made of are followed too (the function ``f``).
"""

from __future__ import annotations

import ast
import importlib
import inspect
import os

import numpy

from .. import numpy as gnp
from ..autodiff import ops_masked as masked_arrays
from ..errors import InputError
from .lines import imported_names

# What gradcli differentiates, per NumPy module it stands in for.
_DIFFERENTIATED = {"numpy": {*gnp.__all__, "ma"}, "numpy.ma": {*masked_arrays.REPLAYED, "masked", "nomask"}, "numpy.linalg": set(vars(gnp.linalg)), "numpy.fft": set(vars(gnp.fft)),
                   "numpy.polynomial": set(vars(gnp.polynomial)),
                   **{f"numpy.polynomial.{sub}": set(vars(ours)) for sub, ours in vars(gnp.polynomial).items()},
                   "numpy.lib": set(vars(gnp.lib)), "numpy.lib.stride_tricks": set(vars(gnp.lib.stride_tricks))}
_REAL = {"numpy": numpy, "numpy.linalg": numpy.linalg, "numpy.fft": numpy.fft, "numpy.polynomial": numpy.polynomial,
         **{f"numpy.polynomial.{sub}": getattr(numpy.polynomial, sub) for sub in vars(gnp.polynomial)},
         "numpy.lib": numpy.lib, "numpy.lib.stride_tricks": numpy.lib.stride_tricks}
# SciPy's submodules that gradcli differentiates (gradcli.scipy has each; the others are SciPy's own).
SCIPY_SUBMODULES = ("special", "stats", "linalg", "signal", "integrate")
# Kept as NumPy's own: they make data or describe dtypes, and never see a traced value.
_FORWARDED_MODULES = {"numpy.random"}
_HELPER_FUNCTIONS = {
    "dtype", "finfo", "iinfo", "isscalar", "result_type", "promote_types", "can_cast", "issubdtype",
    "seterr", "geterr", "errstate", "set_printoptions", "get_printoptions", "printoptions",
}
_WATCHED_ROOTS = ("numpy", "scipy")
# NumPy classes whose instances compute on the values they are called with (np.vectorize(f)(x), np.poly1d(c)(x)):
# unlike dtypes and other classes, what they make does see a traced value.
_COMPUTING_CLASSES = {"vectorize", "poly1d",
                      "Polynomial", "Chebyshev", "Legendre", "Hermite", "HermiteE", "Laguerre"}  # np.polynomial's series


def missing_function(dotted):
    """Why gradcli cannot differentiate the NumPy or SciPy name ``dotted``; None when it can (or need not)."""
    parts = dotted.split(".")
    if parts[0] == "scipy" and len(parts) >= 3:
        in_ours = parts[1] in SCIPY_SUBMODULES
        return _missing_in_scipy(dotted, parts) if in_ours else _scipy_unsubstituted(dotted, parts)
    if parts[0] != "numpy":
        return None
    module = "numpy"
    for part in parts[1:]:
        inner = f"{module}.{part}"
        if part in _DIFFERENTIATED[module]:
            if inner not in _DIFFERENTIATED:
                return _ufunc_method(dotted, module, part, parts)
            module = inner
            continue
        if module == "numpy.ma":
            return _masked(dotted)
        found = getattr(_REAL[module], part, None)
        if inner in _FORWARDED_MODULES:
            return None
        if inspect.ismodule(found):  # numpy.fft.fft: a whole module gradcli does not stand in for
            return _missing(dotted)
        if found is None or not callable(found) or part in _HELPER_FUNCTIONS:
            return None
        if isinstance(found, type) and part not in _COMPUTING_CLASSES:
            return None
        return _missing(dotted)
    return None


def _ufunc_method(dotted, module, name, parts):
    """Why ``numpy.UFUNC.METHOD`` cannot be differentiated (None for a method gradcli.numpy's op has, or no method)."""
    rest = parts[parts.index(name) + 1:]
    if not rest or not isinstance(getattr(_REAL[module], name, None), numpy.ufunc):
        return None
    if module == "numpy" and len(rest) == 1 and hasattr(getattr(gnp, name), rest[0]):
        return None
    return (
        f"{dotted} is a method of NumPy's {name} that gradcli.numpy does not have, so gradcli cannot differentiate it"
        " (gradcli.numpy's binary ufuncs have outer, reduce, accumulate, reduceat and at, its unary ones at)"
    )


def _missing_in_scipy(dotted, parts):
    """Why ``scipy.special.NAME`` or ``scipy.stats.DIST.METHOD`` has no gradcli.scipy counterpart; None if it has one."""
    found = importlib.import_module(f"gradcli.scipy.{parts[1]}")  # lazy: only a module that reaches SciPy needs it
    for part in parts[2:]:
        found = getattr(found, part, None)
        if found is None:
            return (
                f"{dotted} is a SciPy function gradcli.scipy does not have, so gradcli cannot "
                "differentiate it (`gradcli ops` lists what gradcli differentiates)"
            )
    return None


def _scipy_unsubstituted(dotted, parts):
    """Why a function of a SciPy module gradcli.scipy does not stand in for (``scipy.optimize.brentq``,
    ``scipy.interpolate.CubicSpline``) cannot be differentiated; None for its constants (``scipy.constants.c``)."""
    try:
        found = importlib.import_module(f"scipy.{parts[1]}")  # lazy: the user's module imports it anyway
    except ImportError:
        return None
    for part in parts[2:]:
        found = getattr(found, part, None)
    if found is None or not callable(found):
        return None
    ours = ", ".join(f"scipy.{sub}" for sub in SCIPY_SUBMODULES)
    return (
        f"{dotted} is a SciPy function gradcli.scipy does not have (it stands in for {ours}), so gradcli cannot"
        " differentiate it (what needs no gradient can be computed outside the function and passed in)"
    )


def _masked(dotted):
    """Why a part of NumPy's masked arrays (``np.ma``) gradcli does not replay is refused, and what to write instead."""
    return (
        f"{dotted} is a part of NumPy's masked arrays (np.ma) that gradcli does not replay (it replays "
        f"{', '.join(masked_arrays.REPLAYED)}), so gradcli cannot differentiate it: {masked_arrays.INSTEAD}"
    )


def _missing(dotted):
    return (
        f"{dotted} is a NumPy function gradcli.numpy does not have, so gradcli cannot differentiate "
        "it (`gradcli ops` lists what gradcli differentiates; what needs no gradient can be computed "
        "outside the function and passed in)"
    )


def check_names(source, path, function_name):
    """Raise InputError for the first name ``function_name`` of ``source`` reaches that `missing_function` rejects."""
    tree = ast.parse(source, path)
    aliases = _aliases(tree)
    if not aliases:
        return
    lines = source.splitlines()
    for node in _reached(tree, function_name):
        dotted = _dotted(node)
        head, _, rest = dotted.partition(".")
        if head not in aliases:
            continue
        resolved = aliases[head] + (f".{rest}" if rest else "")
        reason = missing_function(resolved)
        if reason is not None:
            line = lines[node.lineno - 1]
            span = (node.col_offset, node.end_col_offset) if node.end_lineno == node.lineno else None
            shown = os.path.relpath(path)
            shown = path if shown.startswith("..") else shown
            raise InputError(f"{shown}, line {node.lineno}: {reason}", text=line if span else None, span=span,
                             file=path, line=node.lineno)


def check_callable(fun):
    """`check_names` for a function defined at the top level of a readable file; nothing otherwise."""
    name = getattr(fun, "__qualname__", "")
    if not name or "." in name or "<" in name:  # a lambda or a nested function: no name to find it by
        return
    try:
        path = os.path.abspath(inspect.getsourcefile(fun))
        with open(path, encoding="utf-8") as handle:
            source = handle.read()
        ast.parse(source, path)
    except (TypeError, OSError, SyntaxError, ValueError):
        return
    check_names(source, path, name)


def _aliases(tree):
    """``{name bound in the module: the NumPy or SciPy name it stands for}``, from every import in it."""
    return {name: target for name, target in imported_names(tree).items() if target.split(".")[0] in _WATCHED_ROOTS}


def _top_level_functions(tree):
    """``{name: node}`` of the module's functions: ``def`` statements, lambdas bound to a name, and instances of a
    computing class bound to a name (``huber = np.vectorize(f)``: the call, so the class is named)."""
    found = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found[node.name] = node
        elif isinstance(node, ast.Assign) and (isinstance(node.value, ast.Lambda) or _computing_instance(node.value)):
            found.update((t.id, node.value) for t in node.targets if isinstance(t, ast.Name))
    return found


def _computing_instance(node):
    """Whether ``node`` calls a computing class by its name (``np.vectorize(f)``, ``poly1d(c)``)."""
    return isinstance(node, ast.Call) and (_dotted(node.func) or "").rsplit(".", 1)[-1] in _COMPUTING_CLASSES


def _reached(tree, function_name):
    """The outermost name and attribute-chain nodes in ``function_name`` and the module functions it names."""
    functions = _top_level_functions(tree)
    todo, seen = [function_name], set()
    while todo:
        name = todo.pop()
        if name in seen or name not in functions:
            continue
        seen.add(name)
        inner = {id(n.value) for n in ast.walk(functions[name]) if isinstance(n, ast.Attribute)}
        for node in ast.walk(functions[name]):
            if id(node) in inner or _dotted(node) is None:
                continue
            if isinstance(node, ast.Name):
                todo.append(node.id)
            yield node


def _dotted(node):
    """``a.b.c`` for a chain of attributes on a name; else None."""
    attributes = []
    while isinstance(node, ast.Attribute):
        attributes.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    return ".".join([node.id, *reversed(attributes)])
