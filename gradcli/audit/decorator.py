"""The ``@gradcli.audit(...)`` decorator and discovery: audit cases declared beside the code they check.

``gradcli audit src/ models.py`` imports the files and packages given (every
``.py`` file under a folder) and collects the functions decorated with
`audit`. A case is named ``module:function`` and checks that function;
undecorated functions are never called. A module's name comes from its
place among packages: ``src/pkg/mod.py`` with ``src/pkg/__init__.py`` is
``pkg.mod``, imported with ``src`` on ``sys.path``.
"""

from __future__ import annotations

import importlib
import inspect
import os
import sys

from ..errors import InputError, did_you_mean
from .cases import CASE_KEYS, OPTION_KEYS, make_case

ATTRIBUTE = "__gradcli_audit__"  # where a decorated function keeps its case's settings
PLACE_ATTRIBUTE = "__gradcli_audit_place__"  # file:line of its decorator, for messages
DEFAULT_RANGE = "-1000:1000"  # a case that names no points sweeps its one variable over this, as gradcli sweep does


DECORATOR_KEYS = CASE_KEYS + OPTION_KEYS  # what ``@audit(...)`` takes: a spec case's keys


def audit(function=None, /, **settings):
    """Declare the decorated function an audit case for ``gradcli audit``; the function is returned unchanged.

    Give ``at`` (points, as ``--at`` takes them) or ``range`` (a sweep, as
    ``"x=-200:200:201"``); ``expect`` is the known worst verdict; ``timeout`` is
    seconds for the case; the rest are the check options (`CheckOptions`).
    Settings are validated here, so a bad one fails when the module is imported,
    naming the file and line of the decorator. Used bare (``@audit``), the case
    takes every default, the spec's or the command line's included.

    >>> @audit(at=["x=1"], dtypes=["float64"])
    ... def square(x):
    ...     return x * x
    >>> square(3.0)
    9.0
    """
    caller = sys._getframe(2 if _called_through_package() else 1)
    place = f"{caller.f_code.co_filename}:{caller.f_lineno}"
    for key in settings:
        if key not in DECORATOR_KEYS:
            raise InputError(f"{place}: @gradcli.audit: unknown setting '{key}'{did_you_mean(key, DECORATOR_KEYS)}")
    settings = {key: value for key, value in settings.items() if value is not None}

    def record(target):
        if not callable(target):
            raise InputError(f"{place}: @gradcli.audit decorates a function, not {type(target).__name__}")
        layers = _with_points(target, [settings], place)
        try:
            make_case(target.__qualname__, target.__qualname__, layers)
        except InputError as error:
            raise InputError(f"{place}: @gradcli.audit on {target.__qualname__}: {error.message}") from None
        setattr(target, ATTRIBUTE, settings)
        setattr(target, PLACE_ATTRIBUTE, place)
        return target

    return record if function is None else record(function)


def _with_points(function, layers, place):
    """``layers``, with a sweep of the function's one variable over `DEFAULT_RANGE` first where no layer names points."""
    if any("at" in layer or "range" in layer or "args" in layer for layer in layers):
        return layers
    try:
        names = [p.name for p in inspect.signature(function).parameters.values() if p.kind in _POSITIONAL]
    except (TypeError, ValueError):
        names = []
    if len(names) != 1:
        raise InputError(
            f"{place}: @gradcli.audit on {function.__qualname__} names no points, and a function of "
            f"{len(names)} variables has no default range: give at=[...] or range=\"VAR=LO:HI\""
        )
    return [{"range": f"{names[0]}={DEFAULT_RANGE}"}, *layers]


_POSITIONAL = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)


def _called_through_package():
    """Whether `audit` was called as ``gradcli.audit(...)``, the package, one frame further from the user."""
    return sys._getframe(2).f_code.co_name == "__call__"


def discover(paths, cli_layer=None) -> list:
    """The cases declared with `audit` in the files and folders ``paths``, in file and definition order."""
    cases, seen = [], set()
    for path in paths:
        for file in _python_files(path):
            root, module_name = _module_of(file)
            module = _import(file, root, module_name)
            if module_name in seen:
                continue
            seen.add(module_name)
            for name, value in vars(module).items():
                if inspect.isfunction(value) and value.__module__ == module_name and hasattr(value, ATTRIBUTE):
                    target = f"{module_name}:{name}"
                    place = getattr(value, PLACE_ATTRIBUTE, file)
                    layers = _with_points(value, [getattr(value, ATTRIBUTE), cli_layer or {}], place)
                    cases.append(_checked(make_case(target, target, layers, root, target), value, place))
    return cases


def _checked(case, function, place):
    """``case``, its points checked against the decorated function's parameters (InputError naming the decorator)."""
    from ..checker.targets import resolve  # lazy: NumPy and the core, which decorating a function needs not
    from .targets import check_case  # lazy: the formula parser, which decorating a function needs not either

    try:
        check_case(case, resolve(function).variables)
    except InputError as error:
        raise InputError(f"{place}: @gradcli.audit on {function.__qualname__}: {error.message}") from None
    return case


def _python_files(path):
    if os.path.isfile(path):
        if not path.endswith(".py"):
            raise InputError(f"{path}: not a Python file, a folder or a .toml spec")
        return [os.path.abspath(path)]
    if not os.path.isdir(path):
        raise InputError(f"{path}: no such file or folder")
    found = []
    for folder, subfolders, files in os.walk(os.path.abspath(path)):
        subfolders[:] = sorted(d for d in subfolders if not d.startswith(".") and d != "__pycache__")
        found += [os.path.join(folder, f) for f in sorted(files) if f.endswith(".py")]
    return found


def _module_of(file):
    """The folder to import ``file`` from and its dotted module name, going up through packages."""
    folder, parts = os.path.dirname(file), [os.path.splitext(os.path.basename(file))[0]]
    while os.path.isfile(os.path.join(folder, "__init__.py")):
        folder, package = os.path.split(folder)
        parts.insert(0, package)
    if parts[-1] == "__init__":
        parts.pop()
    return folder, ".".join(parts)


def _import(file, root, module_name):
    if root not in sys.path:
        sys.path.insert(0, root)
    loaded = sys.modules.get(module_name)
    if loaded is not None and os.path.abspath(getattr(loaded, "__file__", "") or "") != file:
        del sys.modules[module_name]  # another file of the same name was imported before: load this one
    try:
        return importlib.import_module(module_name)
    except InputError as error:
        located = error.message.startswith(file)  # a decorator's own message already names its file and line
        raise InputError(error.message if located else f"{file}: {error.message}") from None
    except SyntaxError as error:
        raise InputError(f"{file}:{error.lineno}: not valid Python: {error.msg}") from None
    except Exception as error:  # noqa: BLE001 - the user's module failed to import
        raise InputError(f"importing {file} failed: {type(error).__name__}: {error}") from None
