"""Which framework a target is written for (``gradcli``, ``jax``, ``torch``, ``tensorflow``, ``numpy``), read from its imports.

Code that imports gradcli at all is gradcli's (it may import NumPy too, for
data); otherwise a deep-learning framework before NumPy (their code imports
NumPy as well); code that imports none of them is gradcli's, run as it is.
"""

from __future__ import annotations

import ast
import inspect
import types

_PRECEDENCE = ("gradcli", "jax", "torch", "tensorflow", "numpy")


def _first_of(roots):
    return next((framework for framework in _PRECEDENCE if framework in roots), "gradcli")


def framework_of_source(source, path="<source>"):
    """The framework a module's source imports (gradcli where it cannot be parsed: Python reports that)."""
    try:
        tree = ast.parse(source, path)
    except (SyntaxError, ValueError):
        return "gradcli"
    roots = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return _first_of(roots)


def framework_of_callable(fun):
    """The framework of the modules and functions a callable's globals hold (gradcli without globals)."""
    global_names = getattr(inspect.unwrap(fun), "__globals__", None) or {}
    roots = set()
    for value in global_names.values():
        if isinstance(value, types.ModuleType):
            roots.add(value.__name__.split(".")[0])
        elif callable(value) and isinstance(getattr(value, "__module__", None), str):
            roots.add(value.__module__.split(".")[0])
    return _first_of(roots)


def framework_of_value(value):
    """The framework whose array type ``value`` is (``jax``, ``torch``, ``tensorflow``), or None for anything else."""
    root = type(value).__module__.split(".")[0]
    return {"jax": "jax", "jaxlib": "jax", "torch": "torch", "tensorflow": "tensorflow", "keras": "tensorflow"}.get(root)
