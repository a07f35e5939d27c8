"""Which framework a target is written for (``gradcli``, ``jax``, ``torch``, ``tensorflow``, ``numpy``), read from its imports.

Code that imports gradcli at all is gradcli's (it may import NumPy too, for
data); otherwise a deep-learning framework before NumPy (their code imports
NumPy as well; SciPy alone counts as NumPy); code that imports none of them is
gradcli's, run as it is.
Where a function's own code (and the functions and classes of its module it
calls) names a deep-learning framework, that decides, whatever else the module
imports: one file may hold a JAX loss and a PyTorch one; where it names none
and calls NumPy's or SciPy's functions of numbers, it is NumPy code, in a
module that imports a framework too. A helper of the
user's other files counts as the function's own code (a function imported from
a module beside the file, a callable the function closes over): the framework
it reaches is the function's.
"""

from __future__ import annotations

import ast
import functools
import inspect
import os
import textwrap
import sys
import types

from ..folders import GRADCLI_FOLDER, installed_package_file, python_folders

_PRECEDENCE = ("gradcli", "jax", "torch", "tensorflow", "numpy")
_DEEP = {"jax", "torch", "tensorflow"}
_LIBRARY_ROOTS = {*_PRECEDENCE, "scipy", "jaxlib", "keras", "__future__"}
_MOST_FOLLOWED = 512  # functions and classes read for one callable: a user's program is far smaller
_INSTALLED_DIRS = python_folders("stdlib", "platstdlib", "purelib", "platlib")


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


def framework_of_source(source, path="<source>", name=None, _reading=frozenset()):
    """The framework a module's source imports (gradcli where it cannot be parsed: Python reports that).

    With ``name``, the function of that name decides where its code names a
    deep-learning framework (`_names_used`), through what it imports from the
    user's modules beside ``path`` (`_users_module_framework`); the module's
    imports otherwise. ``_reading``: the files being read further up, so that
    modules importing each other end.
    """
    try:
        tree = _parsed(source, path)
    except (SyntaxError, ValueError):
        return "gradcli"
    roots, aliases = _imports(tree)
    if name is None:
        return _first_of(roots)
    names, reached = _names_used(tree, name)
    used = {aliases[n] for n in names if n in aliases}
    sources = _import_sources(tree)
    used |= {_users_module_framework(sources[n], path, _reading | {path}) for n in names if n in sources}
    if not used & _DEEP and _first_of(roots) in _DEEP and _calls_numpys_mathematics(reached, aliases):
        return "numpy"  # plain NumPy code in a module that imports a framework: no framework could trace its calls
    return _by_use(used, roots)


# NumPy's names a framework's code calls for constants and types, never on the values it differentiates.
_NUMPYS_HELPERS = {"float16", "float32", "float64", "int8", "int16", "int32", "int64", "uint8", "bool_", "dtype",
                   "finfo", "iinfo", "array", "asarray", "zeros", "ones", "full", "eye", "arange", "linspace",
                   "zeros_like", "ones_like", "full_like", "empty", "shape", "ndim", "size", "prod"}


def _calls_numpys_mathematics(reached, aliases):
    """Whether the code of ``reached`` (a function and the module's functions it calls) calls one of NumPy's or
    SciPy's functions of numbers (``np.exp(x)``, ``special.expit(z)``), not a constructor of constants or types
    (`_NUMPYS_HELPERS`) nor ``np.random``: a function that does is NumPy code, which JAX, PyTorch and TensorFlow
    cannot trace, whatever else its module imports."""
    for node in reached:
        for sub in ast.walk(node):
            if not isinstance(sub, ast.Call) or not isinstance(sub.func, ast.Attribute):
                continue
            chain, value = [sub.func.attr], sub.func.value
            while isinstance(value, ast.Attribute):
                chain.append(value.attr)
                value = value.value
            if (isinstance(value, ast.Name) and aliases.get(value.id) in ("numpy", "scipy")
                    and "random" not in chain and chain[0] not in _NUMPYS_HELPERS):
                return True
    return False


def _import_sources(tree):
    """For each name a module binds by importing another, the module's dotted name, its relative level and the
    member the name is (None for the module itself)."""
    sources = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                bound = alias.name if alias.asname else alias.name.split(".")[0]  # import a.b binds a; as c, a.b
                sources[alias.asname or bound] = (bound, 0, None)
        elif isinstance(node, ast.ImportFrom):
            for alias in node.names:
                member = (node.module, alias.name) if node.module else (alias.name, None)
                sources[alias.asname or alias.name] = (member[0], node.level, member[1])
    return sources


def _users_module_framework(source, path, reading):
    """The framework what a name imported from the user's own module (a file beside ``path``) reaches, else None.

    A library's module is no file of the user's: its own name is what counts
    (`_imports`); a member that is a module of a package is read whole.
    """
    dotted, level, member = source
    if level == 0 and dotted.split(".")[0] in _LIBRARY_ROOTS:
        return None
    folder = os.path.dirname(os.path.abspath(path))
    for _ in range(max(level - 1, 0)):
        folder = os.path.dirname(folder)
    base = os.path.join(folder, *dotted.split("."))
    if member is not None and _module_file(os.path.join(base, member)) is not None:
        base, member = os.path.join(base, member), None
    found = _module_file(base)
    if found is None or found in reading:
        return None
    try:
        with open(found, encoding="utf-8") as handle:
            text = handle.read()
    except (OSError, UnicodeDecodeError):
        return None
    return framework_of_source(text, found, member, reading)


def _module_file(base):
    """The source file of the module at ``base`` (``base.py`` or a package's ``__init__.py``), or None."""
    for candidate in (base + ".py", os.path.join(base, "__init__.py")):
        if os.path.isfile(candidate):
            return os.path.abspath(candidate)
    return None


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
    """The global names a module-level function or class ``name`` reads, through the module's own ones it calls, and
    the definitions read for them (the function's own first)."""
    defined = {node.name: node for node in tree.body if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)}
    defined.update((target.id, node) for node in tree.body if isinstance(node, ast.Assign)  # loss = make_loss(...)
                   for target in node.targets if isinstance(target, ast.Name) and target.id not in defined)
    names, todo, seen, reached = set(), [name], set(), []
    while todo:
        current = todo.pop()
        if current in seen or current not in defined:
            continue
        seen.add(current)
        node = defined[current]
        reached.append(node)
        if isinstance(node, ast.Assign):
            body = [node.value]
        else:
            body = [*node.bases, *node.body] if isinstance(node, ast.ClassDef) else [*node.args.defaults, *node.body]
        for part in body:  # decorators are left out: @gradcli.audit marks a case, it is not the code under test
            for sub in ast.walk(part):
                if isinstance(sub, ast.Name):
                    names.add(sub.id)
                    todo.append(sub.id)
    return names, reached


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
    used = _roots_used(fun, global_names)
    if not used & _DEEP and _first_of(imported) in _DEEP and used & {"numpy", "scipy"}:
        aliases = {name: _root_of(value) for name, value in global_names.items() if isinstance(value, types.ModuleType)}
        if _calls_numpys_mathematics(_sources_reached(fun, global_names), aliases):
            return "numpy"  # as `framework_of_source` reads a file's function
    return _by_use(used, imported)


def _sources_reached(fun, global_names):
    """The syntax trees of ``fun`` and of the functions of its module it calls (as `_names_used` reads a file's)."""
    trees, todo, seen = [], [fun], set()
    while todo and len(seen) < _MOST_FOLLOWED:
        item = todo.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        try:
            trees.append(ast.parse(textwrap.dedent(inspect.getsource(item))))
        except (OSError, TypeError, SyntaxError):
            continue
        names, _ = _read_by(item)
        todo += [global_names[name] for name in names if isinstance(global_names.get(name), types.FunctionType)
                 and getattr(global_names[name], "__globals__", None) is global_names]
    return trees


def _roots_used(fun, global_names):
    """The frameworks whose modules or functions ``fun``'s code reads, through the user's own functions and classes.

    The user's own are its module's (they read ``global_names``) and those of
    the user's other files (`_users`): a helper imported from a module beside
    it, a module of the user's named by attribute (``helpers.loss``), a
    callable it closes over or takes as a default; what they read counts.
    """
    roots, todo, seen = set(), [fun], set()
    while todo and len(seen) < _MOST_FOLLOWED:
        item = todo.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        if isinstance(item, type):  # a class of the user's (an autograd.Function): its bases, its methods' code
            roots.update(base.__module__.split(".")[0] for base in item.__mro__[1:] if base is not object)
            todo += [_unwrapped(v.__func__ if isinstance(v, staticmethod | classmethod) else v)
                     for v in vars(item).values() if callable(v) or isinstance(v, staticmethod | classmethod)]
            continue
        names, values = _read_by(item)
        for value in values:
            value = _unwrapped(value)  # jax.jit, custom_vjp, tf.function: the user's function
            if isinstance(value, functools.partial):
                value = _unwrapped(value.func)
            if isinstance(value, types.ModuleType) and _users(value, global_names):
                todo += [getattr(value, name) for name in names if hasattr(value, name)]  # helpers.loss
            elif _users(value, global_names):
                todo.append(value)  # the user's own helper: what it uses counts
            elif not isinstance(value, type) and _users(type(value), global_names):
                todo.append(type(value))  # an instance of the user's class (a model closed over)
            else:
                root = _root_of(value) or framework_of_value(value)  # a framework's tensor it reads (a global constant)
                if root is not None:
                    roots.add(root)
    return roots


def _read_by(fun):
    """The global names ``fun``'s code (its nested functions' too) reads, and the values it can reach: those names'
    values in its globals, the variables it closes over, its defaults."""
    code = getattr(fun, "__code__", None)
    if code is None:
        return set(), []
    names, codes = set(), [code]
    while codes:
        inner = codes.pop()
        names.update(inner.co_names)
        codes += [c for c in inner.co_consts if isinstance(c, types.CodeType)]
    own = getattr(fun, "__globals__", None) or {}
    values = [own[name] for name in names if own.get(name) is not None]
    for cell in getattr(fun, "__closure__", None) or ():
        try:
            values.append(cell.cell_contents)
        except ValueError:  # a cell not filled yet
            pass
    values += [*(getattr(fun, "__defaults__", None) or ()), *(getattr(fun, "__kwdefaults__", None) or {}).values()]
    return names, values


def framework_of_value(value):
    """The framework whose array type ``value`` is (``jax``, ``torch``, ``tensorflow``), or None for anything else."""
    root = type(value).__module__.split(".")[0]
    return {"jax": "jax", "jaxlib": "jax", "torch": "torch", "tensorflow": "tensorflow", "keras": "tensorflow"}.get(root)


def _users(value, global_names):
    """Whether a function, class or module is the user's own: of the checked function's module (its code reads
    ``global_names``), or of a file outside the installed libraries, the standard library and gradcli."""
    if isinstance(value, types.ModuleType):
        return _users_file(getattr(value, "__file__", None))
    if isinstance(value, type):
        members = [_unwrapped(getattr(v, "__func__", v)) for v in vars(value).values()]
        methods = [member for member in members if callable(member) and not isinstance(member, type)]
        return any(_users(method, global_names) for method in methods)
    if getattr(value, "__globals__", None) is global_names:
        return True
    return _users_file(getattr(getattr(value, "__code__", None), "co_filename", None))


@functools.lru_cache(maxsize=256)
def _users_file(filename):
    """Whether a source file is one of the user's: a real file outside the installed libraries, the standard library
    and gradcli's own."""
    if not filename or filename.startswith("<"):
        return False
    path = os.path.abspath(filename)
    return not path.startswith((GRADCLI_FOLDER, *_INSTALLED_DIRS)) and not installed_package_file(path)


def _unwrapped(value):
    """What a decorator wraps (``__wrapped__`` chains), or ``value`` itself where the chain does not end."""
    if not callable(value):
        return value
    try:
        return inspect.unwrap(value)
    except (ValueError, TypeError, AttributeError):  # a cycle, or an object that makes __wrapped__ up (a mock)
        return value
