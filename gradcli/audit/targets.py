"""A spec case's target and points checked when the spec loads, before any case runs: mistakes exit 2 on their line.

A formula is parsed (an unknown function, with its "did you mean"); a
function target's file or module is found and its source read, never
imported, so loading a spec runs none of the user's code: the function must
be defined there, and its parameters are the variables the points may name.
Where the source cannot say (a function bound by an assignment, an import, a
decorator that may change its parameters, a compiled module), the check
stops there and the worker's import decides, as before.
"""

from __future__ import annotations

import ast
import importlib.util
import os

from ..checker.points import parse_fixed, parse_point
from ..checker.target_text import FUNCTION_TARGET
from ..errors import InputError, did_you_mean
from ..expr.parse import parse
from .cases import parse_range


class PointError(InputError):
    """A case's point or range that does not fit its target: located at the ``at`` or ``range`` key, not the target."""

    def __init__(self, key, message):
        super().__init__(message)
        self.key = key


def check_case(case, variables=None) -> None:
    """Raise `InputError` (or `PointError`) when ``case``'s target cannot be found or its points do not fit it.

    ``variables``, when known (a decorated function's), spare reading the target's source.
    """
    if case.args:
        _check_args(case.args, case.folder)
    if variables is None:
        variables = target_variables(case.target, case.folder, case.options.treat_as_variables)
    if case.options.wrt:
        _check_wrt(case, variables)
    if variables is None:
        return
    swept = [parse_range(text)[0] for text in case.ranges]
    for text in case.at:
        try:
            if swept:  # beside a range, at holds the variables not swept (some of them, where args holds the rest)
                parse_fixed(text, variables, swept, some=bool(case.args))
            else:
                parse_point(text, variables, option="in at")
        except InputError as error:
            raise PointError("at", error.message) from None
    for text in case.ranges:
        name = parse_range(text)[0]
        if name not in variables and name.split(".")[0] not in variables:  # params.a: a leaf of a tree held
            raise PointError("range", f"range {text}: '{name}' is not a variable of the target (its variables: {', '.join(variables)})")


def _check_wrt(case, variables):
    """PointError at ``wrt`` unless each name it gives is a parameter of the target, or a path in one (``params.w1``).

    A function's parameters with defaults count too (a model the point leaves to its default may be differentiated);
    where the source cannot say, the worker's check decides."""
    match = FUNCTION_TARGET.match(case.target.strip())
    if match:
        source = _source_file(match["module"], case.folder)
        variables = None if source is None else _parameters(source, match["module"], match["name"], every=True)
    if variables is None:
        return
    for name in case.options.wrt:
        head = name.split(".")[0].split("[")[0]
        if head not in variables:
            raise PointError("wrt", f"wrt {name}: not a variable of the target (its variables: {', '.join(variables)})"
                                    f"{did_you_mean(head, variables)}")


def _check_args(args, folder):
    """PointError at ``args`` unless its file (or module) holds the function it names (read, never run)."""
    match = FUNCTION_TARGET.match(args)
    try:
        source = _source_file(match["module"], folder)
        if source is not None:
            _parameters(source, match["module"], match["name"])
    except InputError as error:
        raise PointError("args", f"args {args}: {error.message}") from None


def target_variables(target, folder, treat_as_variables=()):
    """The variables of ``target`` as its source declares them, or None where only importing it could tell."""
    match = FUNCTION_TARGET.match(target.strip())
    if not match:
        formula = parse(target, treat_as_variables=treat_as_variables)
        if not formula.variables:
            raise InputError("the formula has no variables, so there is no gradient to check")
        return formula.variables
    module, name = match["module"], match["name"]
    source = _source_file(module, folder)
    return None if source is None else _parameters(source, module, name)


def _source_file(module, folder):
    """The Python source of ``module`` (a path relative to ``folder``, or a dotted name), or None if it has none."""
    if module.endswith(".py") or "/" in module or os.sep in module:
        path = os.path.join(os.path.abspath(folder), module)
        if not os.path.isfile(path):
            raise InputError(f"no such file: {module} (looked in {os.path.abspath(folder)})")
        return path
    relative = module.replace(".", os.sep)
    for base in (os.path.abspath(folder), os.getcwd()):  # where the worker imports it from first
        for candidate in (relative + ".py", os.path.join(relative, "__init__.py")):
            if os.path.isfile(os.path.join(base, candidate)):
                return os.path.join(base, candidate)
    try:
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError):
        spec = None
    if spec is None:
        raise InputError(f"cannot import {module}: no module named {module!r} (looked in {os.path.abspath(folder)} and the installed packages)")
    origin = spec.origin or ""
    return origin if origin.endswith(".py") else None


def _parameters(path, module, name, every=False):
    """The positional parameters without defaults of the top-level ``def name`` in ``path`` (``every``: all its
    parameters, None where it takes ``*args`` or ``**kwargs``); None where unknowable."""
    try:
        with open(path, encoding="utf-8") as stream:
            tree = ast.parse(stream.read(), filename=path)
    except (OSError, UnicodeDecodeError, ValueError):
        return None  # the worker's import gives the precise error
    except SyntaxError as error:
        raise InputError(f"{module} is not valid Python: {error.msg} (line {error.lineno})") from None
    functions, other_names, open_ended = {}, set(), False
    for statement in _top_level(tree.body):
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
            functions[statement.name] = statement
        elif isinstance(statement, ast.ImportFrom) and any(alias.name == "*" for alias in statement.names):
            open_ended = True
        else:
            other_names.update(_bound_names(statement))
    if name in functions:
        function = functions[name]
        if not all(_is_audit(decorator) for decorator in function.decorator_list):
            return None  # a decorator may change the parameters: only calling it can tell
        positional = function.args.posonlyargs + function.args.args
        if every:
            open_ended = function.args.vararg is not None or function.args.kwarg is not None
            return None if open_ended else tuple(a.arg for a in positional + function.args.kwonlyargs) or None
        without_default = positional[: len(positional) - len(function.args.defaults)]
        return tuple(argument.arg for argument in without_default) or None
    if name in other_names or open_ended or "__getattr__" in functions:
        return None
    raise InputError(f"{module} has no function '{name}'{did_you_mean(name, sorted(functions))}")


def _is_audit(decorator):
    """Whether a decorator is ``@gradcli.audit`` (bare or called), which returns the function unchanged."""
    if isinstance(decorator, ast.Call):
        decorator = decorator.func
    return isinstance(decorator, (ast.Name, ast.Attribute)) and ast.unparse(decorator).split(".")[-1] == "audit"


def _top_level(body):
    """The statements run when a module is imported, into the bodies of top-level if, try and with blocks."""
    for statement in body:
        yield statement
        for block in ("body", "orelse", "finalbody"):
            if isinstance(statement, (ast.If, ast.Try, ast.With)) and hasattr(statement, block):
                yield from _top_level(getattr(statement, block))
        for handler in getattr(statement, "handlers", []):
            yield from _top_level(handler.body)


def _bound_names(statement):
    """The names a top-level statement other than a ``def`` binds (assignments, imports, classes, loops)."""
    if isinstance(statement, (ast.Import, ast.ImportFrom)):
        return {(alias.asname or alias.name).split(".")[0] for alias in statement.names}
    if isinstance(statement, ast.ClassDef):
        return {statement.name}
    names = set()
    for node in ast.walk(statement):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
    return names
