"""Plain NumPy code run on gradcli's core: ``numpy`` resolved to ``gradcli.numpy`` (``scipy`` to ``gradcli.scipy``, ``math``
to its functions on gradcli's values) for one module only.

A module written with ``import numpy as np`` is loaded again from its source,
as a fresh module whose own ``__import__`` hands it a stand-in ``numpy``: the
names of ``gradcli.numpy`` first, then NumPy's own for what is not
differentiated (``np.random``, ``np.float64``, ``np.pi``, dtypes). The
user's own modules it imports that reach NumPy are loaded the same way
(`numpy_users`). Nothing else changes: the files on disk,
``sys.modules["numpy"]``, the user's own imported modules and every other
module's NumPy stay as they were. The code is compiled under the user's file
name, so every line gradcli reports is the user's own line.
"""

from __future__ import annotations

import ast
import builtins
import contextlib
import functools
import importlib.util
import inspect
import itertools
import math
import os
import sys
import textwrap
import types

import numpy

from .. import numpy as gnp
from ..autodiff import tracer
from ..autodiff.ops import python_float
from ..autodiff.values import raw, shape_of
from ..errors import InputError
from .numpy_errors import numpys_isinstance, types_rewritten
from .numpy_names import SCIPY_SUBMODULES, check_callable
from .numpy_methods import methods_rewritten
from .numpy_parts import parts_rewritten
from .numpy_reads import reads_rewritten
from .numpy_users import UsersModules, names_of_file
from .numpy_users import overlay as _overlay
from .numpy_writes import fresh, helpers, rewritten

_fresh = itertools.count()


# NumPy's submodules that gradcli differentiates (the others are NumPy's own); SciPy's are `SCIPY_SUBMODULES`.
NUMPY_SUBMODULES = ("linalg", "fft", "ma")


# The functions that make a new array, which the function that called them may write into (`numpy_writes`).
_CONSTRUCTORS = ("zeros", "empty", "ones", "full", "zeros_like", "empty_like", "ones_like", "full_like", "copy", "array")


@functools.cache
def substitutes():
    """``{module name: the module a substituted import gives}``: ``numpy``, ``numpy.linalg``, ``numpy.fft``,
    ``numpy.polynomial`` and its series' modules, ``numpy.lib.stride_tricks``, and ``math``."""
    names = {name: getattr(gnp, name) for name in gnp.__all__}
    names["array"] = _operands_in_exact_runs(names["array"])
    names.update((name, fresh(names[name])) for name in _CONSTRUCTORS)
    found = {}
    for sub in NUMPY_SUBMODULES:
        found[f"numpy.{sub}"] = names[sub] = _overlay(f"numpy.{sub}", _public(getattr(gnp, sub)), getattr(numpy, sub))
    series = {}  # numpy.polynomial's modules, one level further down
    for sub, ours in vars(gnp.polynomial).items():
        real = getattr(numpy.polynomial, sub)
        found[f"numpy.polynomial.{sub}"] = series[sub] = _overlay(f"numpy.polynomial.{sub}", _public(ours), real)
    found["numpy.polynomial"] = names["polynomial"] = _overlay("numpy.polynomial", series, numpy.polynomial)
    tricks = _overlay("numpy.lib.stride_tricks", _public(gnp.lib.stride_tricks), numpy.lib.stride_tricks)
    found["numpy.lib.stride_tricks"] = tricks
    found["numpy.lib"] = names["lib"] = _overlay("numpy.lib", {"stride_tricks": tricks}, numpy.lib)
    stand_in = _overlay("math", _math_functions(), math)
    stand_in.__all__ = [name for name in dir(math) if not name.startswith("_")]  # `from math import *`: all of math
    return {"numpy": _overlay("numpy", names, numpy), **found, "math": stand_in}


# Python's math functions and gradcli.numpy's of the same meaning: scalar code in a plain NumPy module (a textbook's
# ``0.5 * (1 + math.erf(x / math.sqrt(2)))``) calls them on the numbers gradcli differentiates.
_MATH_OPS = {
    "exp": "exp", "expm1": "expm1", "exp2": "exp2", "log1p": "log1p", "log2": "log2", "log10": "log10",
    "sqrt": "sqrt", "cbrt": "cbrt", "pow": "power", "fabs": "fabs", "fmod": "fmod", "copysign": "copysign",
    "hypot": "hypot", "sin": "sin", "cos": "cos", "tan": "tan", "asin": "arcsin", "acos": "arccos", "atan": "arctan",
    "atan2": "arctan2", "sinh": "sinh", "cosh": "cosh", "tanh": "tanh", "asinh": "arcsinh", "acosh": "arccosh",
    "atanh": "arctanh", "erf": "erf", "erfc": "erfc", "lgamma": "gammaln", "degrees": "degrees",
    "radians": "radians",
}
_PLAIN_NUMBERS = (bool, int, float, numpy.integer, numpy.floating)


def _math_functions():
    """``{name: function}`` for the math module a plain NumPy module imports: Python's own answer on plain numbers,
    gradcli's op where any argument is a value gradcli differentiates (or an exact run's number)."""

    def on_values(real, ours):
        @functools.wraps(real)
        def call(*args):
            if all(_plain(a) for a in args):
                return real(*args)
            answer = ours(*(a if _plain(a) else _as_pythons_float(a) for a in args))
            return _as_pythons_float(answer) if shape_of(answer) == () else answer

        return call

    found = {name: on_values(getattr(math, name), getattr(gnp, op)) for name, op in _MATH_OPS.items()
             if hasattr(math, name)}
    found["log"] = on_values(math.log, lambda x, base=None: gnp.log(x) if base is None else gnp.log(x) / gnp.log(base))
    found["dist"] = on_values(math.dist, lambda p, q: gnp.linalg.norm(gnp.subtract(p, q)))
    found["hypot"] = on_values(math.hypot, _hypot)
    from ..scipy import special  # lazy: SciPy's special functions, read only when a module's math.gamma is built

    found["gamma"] = on_values(math.gamma, special.gamma)
    for name in ("isfinite", "isnan", "isinf"):  # decisions: a plain bool, as Python's own
        found[name] = _decision(getattr(math, name), getattr(gnp, name))
    return found


def _as_pythons_float(value):
    """A number as Python's math takes it, whatever dtype it came in: Python's float (`ops.python_float`), float64 in
    the program NumPy runs as in gradcli's, so no step of gradcli's own leaves the checked dtype there; an array (which
    Python's math refuses, gradcli's functions take entry by entry) in float64."""
    if type(raw(value)) is float:  # a Python float already (``float(s)``, another math call's answer)
        return value
    if isinstance(value, (list, tuple)):  # math.dist's points: coordinates, some of them values gradcli differentiates
        return gnp.asarray(value, dtype=numpy.float64)
    return python_float(value) if shape_of(value) == () else gnp.asarray(value, dtype=numpy.float64)


def _hypot(*coordinates):
    """math.hypot's Euclidean norm of any number of coordinates (NumPy's hypot takes two), one pair at a time."""
    norm = gnp.abs(coordinates[0]) if coordinates else 0.0
    for coordinate in coordinates[1:]:
        norm = gnp.hypot(norm, coordinate)
    return norm


def _decision(real, ours):
    """math's test of one number (math.isfinite) as a plain bool, gradcli's op answering where the number is traced."""
    @functools.wraps(real)
    def call(x):
        return real(x) if _plain(x) else bool(ours(x))

    return call


def _plain(value):
    """Whether ``value`` is a plain number, or a list or tuple of them (math.dist's points)."""
    if isinstance(value, (list, tuple)):
        return all(isinstance(v, _PLAIN_NUMBERS) for v in value)
    return isinstance(value, _PLAIN_NUMBERS)


@functools.cache
def scipy_substitutes():
    """``{module name: the module a substituted import gives}`` for ``scipy`` and its differentiated submodules.

    Built on the first substituted import of SciPy: SciPy is heavy, and most
    modules never import it.
    """
    import scipy  # lazy: only a module that imports SciPy pays for it

    from .. import scipy as gscipy

    found = {}
    for sub in SCIPY_SUBMODULES:
        real = importlib.import_module(f"scipy.{sub}")  # lazy: likewise
        ours = importlib.import_module(f"gradcli.scipy.{sub}")
        found[f"scipy.{sub}"] = _overlay(f"scipy.{sub}", _public(ours), real)
    top = _overlay("scipy", {**_public(gscipy), **{name.split(".")[1]: module for name, module in found.items()}}, scipy)
    # scipy.signal.windows, a module of its own (`from scipy.signal.windows import hann`) and signal's attribute
    found["scipy.signal"].windows = found["scipy.signal.windows"] = _overlay(
        "scipy.signal.windows", _public(importlib.import_module("gradcli.scipy.signal.windows")),
        importlib.import_module("scipy.signal.windows"))  # lazy: SciPy's windows, with the signal module above
    return {"scipy": top, **found}


def _public(module):
    return {name: value for name, value in vars(module).items() if not name.startswith("_")}


def _substituting_import(users, name, globals=None, locals=None, fromlist=(), level=0):
    """``__import__`` for a substituted module: ``numpy``, ``scipy`` and their submodules, and ``math``, come from the
    substitutes, and the user's own modules that reach them are loaded as this one is (``users``)."""
    root = name.partition(".")[0]
    if level or root not in ("numpy", "scipy", "math"):
        own = users.imported(name, globals, fromlist, level)
        return own if own is not None else builtins.__import__(name, globals, locals, fromlist, level)
    builtins.__import__(name, globals, locals, fromlist, level)  # the real submodule exists, or ImportError
    found = scipy_substitutes() if root == "scipy" else substitutes()
    if not fromlist:
        return found[root]
    if name in found:
        return found[name]
    return sys.modules[name]  # numpy.random, scipy.optimize and friends: not differentiated, their own


def _substituted_builtins(users):
    """Python's builtins for a substituted module: its imports through `_substituting_import`, and ``isinstance``
    answering for gradcli's values as for NumPy's (`numpy_errors.numpys_isinstance`)."""
    return dict(vars(builtins), __import__=functools.partial(_substituting_import, users), isinstance=numpys_isinstance)


def _users_modules():
    """A fresh record of the user's modules one load reaches (`numpy_users.UsersModules`), each loaded by `load_module`."""
    return UsersModules(lambda path, source, package, users, name, locations: load_module(
        path, source, package, users=users, name=name, search_locations=locations))


def load_module(path, source, package=None, users=None, name=None, search_locations=None):
    """A fresh module running ``source`` (the text of ``path``) with `substitutes` in NumPy's place, and the user's own
    modules it imports that reach NumPy (``users``: those one load reaches) loaded the same way.

    ``name``: the module's name under Python's import, for a user's module
    another imports (a package's with its ``search_locations``); without it,
    the names Python's import finds the file by (`numpy_users.names_of_file`),
    so a helper importing it back gets this copy. What the module raises
    (SyntaxError too) propagates, as from an import.
    """
    code = compile(_rewritten(ast.parse(source, path)), path, "exec", dont_inherit=True)
    module = types.ModuleType(fresh_module_name("numpy", path))
    module.__dict__.update(helpers())
    module.__file__ = path
    module.__package__ = package or ""
    if search_locations is not None:
        module.__path__ = list(search_locations)
    users = users if users is not None else _users_modules()
    users.started(name, module)
    module.__builtins__ = _substituted_builtins(users)
    with running_as_module(module, path):
        for found in names_of_file(path) if name is None else ():  # the checked file: its helpers' imports of it
            users.started(found, module)
        exec(code, module.__dict__)  # noqa: S102 - the user's own file, which they asked gradcli to run
    return module


def _rewritten(tree, bound=()):
    """A module's AST as gradcli runs it: writes into arrays (out[i] = v, acc += v) functional updates where a traced
    value meets them, reads of x.real and x.imag gradcli's ops on an exact run's object arrays, and float(x), int(x),
    x.item() and x.tolist() of a value gradcli differentiates that value's numbers, followed on, and type(x) and
    x.__class__ of one the type of NumPy's value, and a plain array's x.dot(y) of a traced y gradcli's dot
    (``bound``: the names the function's globals bind)."""
    return types_rewritten(reads_rewritten(methods_rewritten(parts_rewritten(rewritten(tree))), bound), bound)


def fresh_module_name(kind, path):
    """A module name no other module has: each run of a user's file is a module of its own."""
    return f"gradcli_{kind}_{next(_fresh)}_{abs(hash(path))}"


@contextlib.contextmanager
def running_as_module(module, path):
    """While a fresh copy of the user's file ``path`` runs as ``module``: importable as Python would have it.

    The file's folder comes first on ``sys.path``, so sibling modules import as
    under ``python file.py``, and the module is in ``sys.modules``, where
    dataclasses and pickling look it up while it runs; both are undone after.
    """
    folder = os.path.dirname(path)
    added = folder not in sys.path
    if added:
        sys.path.insert(0, folder)
    sys.modules[module.__name__] = module
    try:
        yield module
    finally:
        sys.modules.pop(module.__name__, None)
        if added and folder in sys.path:
            sys.path.remove(folder)


def source_of_module(module_text):
    """(path, package) of ``package.module``'s source file, without running it; InputError if it has none."""
    try:
        spec = importlib.util.find_spec(module_text)
    except Exception as error:  # noqa: BLE001 - a parent package failed to import: the caller imports it again and says how
        raise InputError(f"cannot import {module_text}: {error}", text=module_text) from None
    if spec is None or not spec.origin or not spec.origin.endswith(".py"):
        raise InputError(f"cannot import {module_text}: no Python source found", text=module_text)
    package = spec.parent if spec.parent is not None else module_text.rpartition(".")[0]
    return spec.origin, package


def substituted_function(fun):
    """A copy of ``fun`` (and of every function of its module it reaches) seeing `substitutes` for NumPy.

    For a callable handed to the library: its module is not run again (it may
    be a test file); its globals are copied, NumPy's modules and functions in
    them replaced by gradcli's, the user's modules that reach NumPy (and their
    functions) by fresh copies on gradcli's core (`numpy_users`), and the
    module's functions re-made over that copy, which is the module the user's
    modules copied for it get where they import it back. The user's own
    functions and modules stay as they were.
    """
    check_callable(fun)
    original = fun.__globals__
    users, own_module = _users_modules(), sys.modules.get(fun.__module__ or "")
    own_module = own_module if getattr(own_module, "__dict__", None) is original else None
    copy = types.ModuleType(fun.__module__ or "")
    copied = copy.__dict__
    copied.update(original)
    own = {key for key, value in original.items() if isinstance(value, types.FunctionType) and value.__globals__ is original}
    copied.update((key, _rebound(original[key], copied)) for key in own)
    copied["__builtins__"] = _substituted_builtins(users)
    copied.update(helpers())
    if own_module is not None:  # a user's module that imports it back (a helper of its package) gets this copy
        users.started(own_module.__name__, copy)
    replaced = {key: _replacement(value, users, own_module) for key, value in original.items() if key not in own}
    copied.update((key, value) for key, value in replaced.items() if value is not None)
    return _rebound(fun, copied)


def _with_writes_rewritten(fun):
    """``fun``'s code with its writes into arrays and its reads of complex parts and numbers rewritten as `load_module`
    rewrites a file's (`numpy_writes`, `numpy_parts`, `numpy_reads`): its source read again, compiled alone under its
    file's name and lines. Its own code where nothing is rewritten or its source cannot be compiled alone (no source,
    a lambda, a closure, whose variables live in another function)."""
    code = fun.__code__
    if fun.__closure__ or code.co_name == "<lambda>":
        return code
    try:
        lines, first = inspect.getsourcelines(fun)
        tree = ast.parse(textwrap.dedent("".join(lines)))
    except (OSError, TypeError, SyntaxError):
        return code
    function = tree.body[0] if tree.body else None
    if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)) or function.name != code.co_name:
        return code
    function.decorator_list = []  # they ran with the module: only the body's code is wanted here
    ast.increment_lineno(tree, first - 1)
    written = ast.dump(function)
    if ast.dump(_rewritten(tree, fun.__globals__).body[0]) == written:
        return code
    compiled = compile(tree, code.co_filename, "exec", dont_inherit=True)
    made = next((c for c in compiled.co_consts if isinstance(c, types.CodeType) and c.co_name == code.co_name), None)
    return made if made is not None and made.co_freevars == code.co_freevars else code


def _replacement(value, users, own_module):
    """What a NumPy or SciPy module or function in a module's globals becomes, and a user's module that reaches them
    or a function of one (``users``: those this function's globals reach; not ``own_module``'s own); None for anything
    else."""
    found = dict(substitutes())
    if "scipy" in sys.modules:  # SciPy's substitutes only where SciPy is already loaded: it could be in these globals
        found.update(scipy_substitutes())
    for module_name, substitute in found.items():
        if value is sys.modules.get(module_name):
            return substitute
    name = getattr(value, "__name__", None)
    for module_name, substitute in found.items():
        # the module's own names, not its __getattr__, which warns on NumPy's removed aliases (``np.str``)
        module = getattr(sys.modules.get(module_name), "__dict__", {})
        if isinstance(name, str) and module.get(name) is value and name in vars(substitute):
            return vars(substitute)[name]
    return users.counterpart(value, own_module)


def _rebound(fun, global_names):
    copy = types.FunctionType(_with_writes_rewritten(fun), global_names, fun.__name__, fun.__defaults__, fun.__closure__)
    copy.__kwdefaults__ = fun.__kwdefaults__
    copy.__qualname__ = fun.__qualname__
    copy.__module__ = fun.__module__
    copy.__doc__ = fun.__doc__
    copy.__dict__.update(fun.__dict__)
    return copy


# NumPy's arithmetic, which Python's operators on arrays call (W * 3 + B): what a constant array computes in an exact
# run at the run's precision. Other ufuncs on an object array would ask its numbers for methods they lack (.exp()).
_ARITHMETIC = frozenset(numpy.__dict__[name] for name in (
    "add", "subtract", "multiply", "true_divide", "negative", "positive", "power", "square", "reciprocal"))


class _ExactOperand(numpy.ndarray):
    """A module's float array while an exact run of its function is in progress (`constant_arrays_exact`): the
    user's ``W * 3 + B``, NumPy's own operators that no op of gradcli's sees, computes on the exact numbers ``W``
    holds at the run's precision. Anywhere else (NumPy's own code, gradcli's) it is the plain array it views."""

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        plain = [x.view(numpy.ndarray) if isinstance(x, _ExactOperand) else x for x in inputs]
        if "out" in kwargs:
            kwargs["out"] = tuple(x.view(numpy.ndarray) if isinstance(x, _ExactOperand) else x for x in kwargs["out"])
        elif (method == "__call__" and ufunc in _ARITHMETIC and tracer.exact_constant is not None
              and tracer._from_user_code(sys._getframe(1))):
            plain = [tracer.exact_constant(x) for x in plain]
        return getattr(ufunc, method)(*plain, **kwargs)

    def __getitem__(self, index):
        return _picked(super().__getitem__(index), sys._getframe(1))

    def __iter__(self):
        frame = sys._getframe(1)
        return (_picked(entry, frame) for entry in self.view(numpy.ndarray))


def _picked(entry, frame):
    """An entry of an `_ExactOperand` the user's code at ``frame`` picks (``W[1]``, ``for w in W``): a float number
    exact at the run's precision while an exact run is in progress, so ``c * c`` on it, NumPy's scalar operator, which
    no op of gradcli's sees, cannot round inside the run; a sub-array stays an `_ExactOperand`."""
    if isinstance(entry, numpy.ndarray):
        return entry.view(_ExactOperand) if entry.dtype.kind == "f" else entry
    if isinstance(entry, numpy.floating) and tracer.exact_constant is not None and tracer._from_user_code(frame):
        return tracer.exact_constant(entry)
    return entry


def _operands_in_exact_runs(make):
    """``make`` (np.array), whose float array made while an exact run is in progress is an `_ExactOperand`:
    ``np.array([0.1, 0.2]) * 3`` in the function's own body computes at the run's precision too."""

    @functools.wraps(make)
    def made(*args, **kwargs):
        out = make(*args, **kwargs)
        if tracer.exact_constant is not None and type(out) is numpy.ndarray and out.dtype.kind == "f":
            return out.view(_ExactOperand)
        return out

    return made


@contextlib.contextmanager
def constant_arrays_exact(global_names):
    """While the block runs (an exact run of a function whose globals are ``global_names``): each float array among
    them an `_ExactOperand`, so that arithmetic the function's own code does on them before they meet a variable
    (``np.sum((W * 3 + B) * x)``) is the mathematics', not float64's rounding of it taken as exact."""
    arrays = {name: value for name, value in global_names.items()
              if type(value) is numpy.ndarray and value.dtype.kind == "f"}
    global_names.update((name, value.view(_ExactOperand)) for name, value in arrays.items())
    try:
        yield
    finally:
        global_names.update(arrays)
