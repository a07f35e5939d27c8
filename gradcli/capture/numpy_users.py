"""The user's own modules that a plain NumPy module imports, loaded on gradcli's core as the module itself is.

A legacy package keeps its helpers apart from its loss (``from utils import softplus``, ``import mypkg.utils as U``,
``from . import utils``), and those helpers call NumPy on the values gradcli differentiates. Each of the user's modules
that such an import reaches, and that reaches NumPy, SciPy or ``math`` itself or through further modules of the user's,
is loaded again from its source with `gradcli.numpy` in NumPy's place (`numpy_module.load_module`), once per load of the
checked module, so a helper imported twice is one module, as under Python's import. A user's module is a Python file
outside Python's library, gradcli and the installed packages; a module that imports a deep-learning framework or
gradcli is imported as Python imports it, as is every third-party package. The files on disk, ``sys.modules`` and the
user's own imported module objects stay as they were.
"""

from __future__ import annotations

import ast
import importlib
import importlib.machinery
import importlib.util
import os
import sys
import types

from ..folders import installed_package_file, outside_python_and_gradcli

# The imports that make a user's module one to load on gradcli's core, and those that keep it Python's own (code for
# another framework, or for gradcli itself, already on gradcli's numbers or none of its business).
_SUBSTITUTED = frozenset({"numpy", "scipy", "math"})
_KEPT = frozenset({"jax", "jaxlib", "torch", "tensorflow", "keras", "gradcli"})


def overlay(name, own, fallback):
    """A module ``name`` whose attributes are ``own``'s, then ``fallback``'s."""
    module = types.ModuleType(name, f"gradcli.numpy standing in for {name}")
    module.__dict__.update(own)

    def __getattr__(attribute):
        return getattr(fallback, attribute)

    module.__getattr__ = __getattr__
    return module


class UsersModules:
    """The user's modules one load of a plain NumPy module reaches, each as gradcli runs it (`module`), or None where
    Python's own import of it stands.

    ``load(path, source, package, users, name, search_locations)`` runs one file
    on gradcli's core, registering its module under ``name`` (`started`) before
    its code runs, so modules that import each other end as under Python's import.
    """

    def __init__(self, load):
        self.load = load
        self.loaded = {}  # name: the module as gradcli runs it, or None for a module Python's import gives
        self._reaching = {}  # name: whether the module reaches NumPy, SciPy or math

    def started(self, name, module):
        """Record ``module`` as the user's module ``name`` before its code runs: a module it imports that imports it
        back gets this one, as from ``sys.modules`` under Python's import."""
        if name:
            self.loaded[name] = module

    def imported(self, name, global_names, fromlist, level):
        """What ``__import__(name, global_names, None, fromlist, level)`` gives in a module on gradcli's core, where a
        user's module on gradcli's core is in it; None where Python's own import gives it unchanged."""
        full = _absolute(name, global_names, level)
        if full is None:
            return None
        if fromlist:
            found = self.module(full)
            for member in fromlist:
                if member != "*" and self.module(f"{full}.{member}") is not None:
                    found = self._holding(full, member, found)
            return found
        parts = full.split(".")
        child = None
        for depth in range(len(parts), 0, -1):  # import a.b.c: a, with a.b.c as gradcli runs the ones on its core
            prefix = ".".join(parts[:depth])
            own = self.module(prefix)
            if child is not None:
                own = self._holding(prefix, parts[depth], own, child)
            child = own
        return child

    def _holding(self, package, member, found, child=None):
        """``package`` as gradcli runs it (its own fresh copy, or Python's package seen through an overlay) with its
        submodule ``member`` the one gradcli runs."""
        child = child if child is not None else self.module(f"{package}.{member}")
        if found is None:
            found = self.loaded[package] = overlay(package, {}, importlib.import_module(package))
        real = sys.modules.get(f"{package}.{member}")
        if member in vars(found) and vars(found)[member] is not real:
            return found  # the package's own code bound the name (``from . import utils`` in its __init__)
        setattr(found, member, child)
        return found

    def module(self, name):
        """The user's module ``name`` as gradcli runs it, or None where it is no such module (Python's import gives it)."""
        if name in self.loaded:
            return self.loaded[name]
        spec = _users_spec(name)
        if spec is None or not self.reaches_substitutes(name):
            self.loaded[name] = None
            return None
        with open(spec.origin, encoding="utf-8") as file:
            source = file.read()
        locations = spec.submodule_search_locations
        package = name if locations is not None else name.rpartition(".")[0]
        try:
            return self.load(spec.origin, source, package, self, name, locations)
        except BaseException:
            self.loaded.pop(name, None)  # as Python's import forgets a module whose code raised
            raise

    def counterpart(self, value, own_module=None):
        """A user's module, or a function of one, in the globals of a function handed to the library, as gradcli runs
        it (a package with the submodules it holds that gradcli runs); None for anything else, and for the members of
        ``own_module``, the function's own module, which is not run again."""
        module = value if isinstance(value, types.ModuleType) else sys.modules.get(getattr(value, "__module__", None) or "")
        path = getattr(module, "__file__", None)
        if (not isinstance(value, (types.ModuleType, types.FunctionType)) or module is None or module is own_module
                or not isinstance(path, str) or not outside_python_and_gradcli(path) or installed_package_file(path)
                or sys.modules.get(module.__name__) is not module):
            return None
        found = self.module(module.__name__)
        if value is not module:
            held = getattr(found, value.__name__, None) if found is not None else None
            return held if getattr(module, value.__name__, None) is value else None
        for member, sub in list(vars(module).items()) if hasattr(module, "__path__") else ():
            if isinstance(sub, types.ModuleType) and sub.__name__ == f"{module.__name__}.{member}":
                ours = self.counterpart(sub, own_module)
                found = self._holding(module.__name__, member, found, ours) if ours is not None else found
        return found

    def reaches_substitutes(self, name, reading=frozenset()):
        """Whether the user's module ``name`` imports NumPy, SciPy or math, itself or through the user's modules it
        imports, and no framework `_KEPT` keeps as Python's (its imports read, nothing run)."""
        if name in self._reaching:
            return self._reaching[name]
        spec = _users_spec(name)
        tree = _parsed(spec.origin) if spec is not None else None
        if tree is None:
            return False
        package = name if spec.submodule_search_locations is not None else name.rpartition(".")[0]
        imported = _imported_names(tree, package)
        roots = {full.partition(".")[0] for full in imported}
        if roots & _KEPT:
            found = False
        else:
            found = bool(roots & _SUBSTITUTED) or any(
                self.reaches_substitutes(full, reading | {name}) for full in imported
                if full not in reading and full != name and _users_spec(full) is not None)
        if not reading:  # an answer inside a cycle is still partial
            self._reaching[name] = found
        return found


def names_of_file(path):
    """The names Python's import finds the user's file ``path`` by, run now with its folder first on ``sys.path`` (as
    under ``python file.py``): its own among its folder's modules, and its dotted name in the packages its folders are
    (``mypkg.model``) where Python's path reaches the top one."""
    path = os.path.abspath(path)
    folder, stem = os.path.dirname(path), os.path.splitext(os.path.basename(path))[0]
    parts, names = [] if stem == "__init__" else [stem], []
    while True:
        found = _users_spec(".".join(parts)) if parts else None
        if found is not None and os.path.abspath(found.origin) == path:
            names.append(".".join(parts))
        if not os.path.isfile(os.path.join(folder, "__init__.py")):
            return names
        folder, package = os.path.split(folder)
        parts.insert(0, package)


def _absolute(name, global_names, level):
    """The absolute name ``__import__`` imports, None where a relative import has no package (Python says why)."""
    if not level:
        return name
    package = (global_names or {}).get("__package__")
    if not package:
        return None
    try:
        return importlib.util.resolve_name("." * level + name, package)
    except ImportError:
        return None


def _users_spec(name):
    """The import spec of ``name`` where it is a user's Python file (no package of it run to find it), else None."""
    parts, path, spec = name.split("."), None, None
    for depth in range(1, len(parts) + 1):
        if depth > 1 and path is None:  # a module's member (``utils.softplus``), no submodule
            return None
        try:
            spec = importlib.machinery.PathFinder.find_spec(".".join(parts[:depth]), path)
        except (ImportError, ValueError):
            return None
        if spec is None:
            return None
        path = spec.submodule_search_locations
    origin = spec.origin
    if not origin or not origin.endswith(".py") or not outside_python_and_gradcli(origin) or installed_package_file(origin):
        return None
    return spec


def _parsed(path):
    try:
        with open(path, encoding="utf-8") as file:
            return ast.parse(file.read(), path)
    except (OSError, UnicodeDecodeError, SyntaxError, ValueError):
        return None


def _imported_names(tree, package):
    """The absolute names of the modules a module's imports name: ``import a.b`` a.b, ``from . import c`` the package
    and ``package.c``, ``from .d import e`` ``package.d`` and ``package.d.e`` (which may be a module)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(node.module or "", {"__package__": package}, node.level)
            if base:
                found.add(base)
                found.update(f"{base}.{alias.name}" for alias in node.names if alias.name != "*")
    return found
