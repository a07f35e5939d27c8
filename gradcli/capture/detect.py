"""Which framework a target is written for (``gradcli``, ``jax``, ``torch``, ``tensorflow``, ``numpy``), read from its imports.

Code that imports gradcli at all is gradcli's (it may import NumPy too, for
data); otherwise a deep-learning framework before NumPy (their code imports
NumPy as well; SciPy alone counts as NumPy); code that imports none of them is
gradcli's, run as it is.
Where a function's own code (and the functions and classes of its module it
calls) names a deep-learning framework, that decides, whatever else the module
imports: one file may hold a JAX loss and a PyTorch one.
"""

from __future__ import annotations

import ast
import functools
import inspect
import sys
import types

_PRECEDENCE = ("gradcli", "jax", "torch", "tensorflow", "numpy")
_DEEP = {"jax", "torch", "tensorflow"}


def _first_of(roots):
    if "scipy" in roots:  # SciPy's functions take and return NumPy arrays: a module that imports SciPy alone is NumPy code
        roots = {*roots, "numpy"}
    return next((framework for framework in _PRECEDENCE if framework in roots), "gradcli")


def _by_use(used, imported):
    """The framework a function's own names choose, when they name a deep-learning one; else the module's."""
    return _first_of(used) if used & _DEEP else _first_of(imported)


@functools.lru_cache(maxsize=8)
def _parsed(source, path):
    """The syntax tree of ``source``, parsed once for the many asks about one file (its callers only read it)."""
    return ast.parse(source, path)


def framework_of_source(source, path="<source>", name=None):
    """The framework a module's source imports (gradcli where it cannot be parsed: Python reports that).

    With ``name``, the function of that name decides where its code names a
    deep-learning framework (`_names_used`); the module's imports otherwise.
    """
    try:
        tree = _parsed(source, path)
    except (SyntaxError, ValueError):
        return "gradcli"
    roots, aliases = _imports(tree)
    if name is None:
        return _first_of(roots)
    used = {aliases[n] for n in _names_used(tree, name) if n in aliases}
    return _by_use(used, roots)


def framework_contradicted(source, path, name, given):
    """The framework a file's function is written for where the file shows it cannot be ``given``'s, else None.

    The file must import a framework that its function (or module) is read
    as, and nothing of ``given``'s. NumPy code may still be run as it is
    (``gradcli``); given a deep-learning framework, a file read as NumPy's must
    import no other library, since PyTorch or JAX may reach it through a module of the user's.
    """
    try:
        roots, _ = _imports(_parsed(source, path))
    except (SyntaxError, ValueError):
        return None
    found = framework_of_source(source, path, name)
    if found == given or found == "gradcli" or given in roots:
        return None
    libraries = roots - {"numpy", "__future__"} - set(sys.stdlib_module_names)
    return found if found in _DEEP or (given in _DEEP and not libraries) else None


def _imports(tree):
    """The top-level modules a module imports, and what each name it binds by importing stands for."""
    roots, aliases = set(), {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                root = alias.name.split(".")[0]
                roots.add(root)
                aliases[alias.asname or root] = root
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            root = node.module.split(".")[0]
            roots.add(root)
            aliases.update((alias.asname or alias.name, root) for alias in node.names)
    return roots, aliases


def _names_used(tree, name):
    """The global names a module-level function or class ``name`` reads, through the module's own ones it calls."""
    defined = {node.name: node for node in tree.body if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)}
    names, todo, seen = set(), [name], set()
    while todo:
        current = todo.pop()
        if current in seen or current not in defined:
            continue
        seen.add(current)
        node = defined[current]
        body = [*node.bases, *node.body] if isinstance(node, ast.ClassDef) else [*node.args.defaults, *node.body]
        for part in body:  # decorators are left out: @gradcli.audit marks a case, it is not the code under test
            for sub in ast.walk(part):
                if isinstance(sub, ast.Name):
                    names.add(sub.id)
                    todo.append(sub.id)
    return names


def _root_of(value):
    if isinstance(value, types.ModuleType):
        return value.__name__.split(".")[0]
    module = getattr(value, "__module__", None)
    return module.split(".")[0] if callable(value) and isinstance(module, str) else None


def framework_of_callable(fun):
    """The framework of what a callable's code uses (where it names a deep-learning framework), else of its globals."""
    fun = inspect.unwrap(fun)
    global_names = getattr(fun, "__globals__", None) or {}
    imported = {_root_of(value) for value in global_names.values()} - {None}
    return _by_use(_roots_used(fun, global_names), imported)


def _roots_used(fun, global_names):
    """The frameworks whose modules or functions ``fun``'s code reads, through its module's own functions and classes."""
    roots, todo, seen = set(), [fun], set()
    while todo:
        item = todo.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        if isinstance(item, type):  # a class of the module (an autograd.Function): its bases, its methods' code
            roots.update(base.__module__.split(".")[0] for base in item.__mro__[1:] if base is not object)
            todo += [_unwrapped(v.__func__ if isinstance(v, staticmethod | classmethod) else v)
                     for v in vars(item).values() if callable(v) or isinstance(v, staticmethod | classmethod)]
            continue
        codes = [getattr(item, "__code__", None)]
        while codes:
            code = codes.pop()
            if code is None:
                continue
            codes += [c for c in code.co_consts if isinstance(c, types.CodeType)]
            for name in code.co_names:
                value = global_names.get(name)
                if value is None:
                    continue
                value = _unwrapped(value)  # jax.jit, custom_vjp, tf.function: the user's function
                if _defined_in(value, global_names):
                    todo.append(value)  # the module's own helper: what it uses counts
                    continue
                root = _root_of(value)
                if root is not None:
                    roots.add(root)
    return roots


def framework_of_value(value):
    """The framework whose array type ``value`` is (``jax``, ``torch``, ``tensorflow``), or None for anything else."""
    root = type(value).__module__.split(".")[0]
    return {"jax": "jax", "jaxlib": "jax", "torch": "torch", "tensorflow": "tensorflow", "keras": "tensorflow"}.get(root)


def _defined_in(value, global_names):
    """Whether a function or class is the module's own (its code reads ``global_names``)."""
    if isinstance(value, type):
        return any(getattr(_unwrapped(getattr(v, "__func__", v)), "__globals__", None) is global_names for v in vars(value).values())
    return getattr(value, "__globals__", None) is global_names


def _unwrapped(value):
    """What a decorator wraps (``__wrapped__`` chains), or ``value`` itself where the chain does not end."""
    if not callable(value):
        return value
    try:
        return inspect.unwrap(value)
    except (ValueError, TypeError, AttributeError):  # a cycle, or an object that makes __wrapped__ up (a mock)
        return value
