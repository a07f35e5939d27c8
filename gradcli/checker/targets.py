"""What to check: a formula, ``path/to/file.py:function`` or ``package.module:function``.

A `Target` gives the same program in two forms: ``function`` (floats and NumPy
arrays, in the working dtype) and ``mp_function`` (mpmath numbers, for the
exact reference). For a Python function written with ``gradcli.numpy`` these
are the same function: the core runs on mpmath numbers too. A function
written for plain NumPy is the same again, once `gradcli.capture` has loaded
a fresh copy of its module with ``gradcli.numpy`` in NumPy's place; which
framework a function is written for is read from its imports unless given.
"""

from __future__ import annotations

import copy
import functools
import importlib
import importlib.util
import inspect
import linecache
import math
import os
import re
import signal
import sys
import threading
import tokenize
import types
import warnings
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Callable, Optional

import numpy as np

from ..capture import (
    BRIDGES,
    TreeArguments,
    as_functions,
    check_names,
    differentiating,
    framework_contradicted,
    framework_of_callable,
    framework_of_source,
    framework_of_value,
    given_arguments,
    load_module,
    make_bridge,
    prepare_bridge,
    source_of_module,
    substituted_function,
)
from ..autodiff import plain
from ..autodiff.ops import high_precision, lifted
from ..autodiff.tracer import constants_exact
from ..autodiff.values import raw
from ..capture import exact_constants
from ..capture.numpy_errors import spoken_of_users_values
from ..capture.numpy_module import constant_arrays_exact
from ..capture.numpy_reads import output_of_the_programs_run_alone
from ..capture.lines import def_line, innermost_users, sources_as_edited
from ..capture.trees import GivenIntegers, HeldKey, leaves
from ..errors import InputError, did_you_mean
from ..files import shown_path
from ..expr.compile import to_function
from ..expr.ir import Call, postorder
from ..expr.parse import parse
from ..folders import outside_python_and_gradcli
from .balls import OutOfTime
from .options import FRAMEWORKS
from .precision import exact_arguments
from .target_text import FUNCTION_TARGET


@dataclass
class Target:
    """A checkable program: its name, variables and float and mpmath forms."""

    text: str
    kind: str  # "formula" or "function"
    variables: tuple
    function: Callable
    mp_function: Callable
    formula: Optional[object] = None  # the parsed Formula, for formulas
    analytic: bool = False  # safe for complex-step differentiation
    framework: str = "gradcli"  # what the code is written for: gradcli, numpy (run on gradcli.numpy), or a bridged framework
    bridge: Optional[object] = None  # a `capture.Bridge` for JAX, PyTorch and TensorFlow functions
    # The bridge's `expect` (see `capture.Bridge`), told each point's values as `function` takes them: the checker
    # says once, before it asks, which points and dtypes it will ask for. None: nothing to start ahead.
    expect: Optional[Callable] = None
    # The user's function's own arguments from the values of ``variables`` (trees rebuilt, data held as given:
    # `with_tree_arguments`); None where the variables are the arguments.
    rebuilt: Optional[Callable] = None
    # The inputs held as data in every point (a label outside --wrt, an integer array given whole, a tree's leaves
    # that are not variables): path -> its numbers, shown beside the point's variables (`with_tree_arguments`).
    held: dict = field(default_factory=dict)
    # What the points of one check share, made at the first that needs it (a formula's derivatives);
    # copies made by `dataclasses.replace` (the same program summed, or with tree arguments) share it too.
    shared: dict = field(default_factory=dict, repr=False, compare=False)

    @property
    def namespace(self) -> str:
        """The module a fix of the user's source writes its calls with: what the code imports."""
        if self.bridge is not None:
            return self.bridge.fix_namespace
        return "numpy" if self.framework == "numpy" else "gradcli.numpy"

    @property
    def name(self) -> str:
        return self.text

    @property
    def reads_python_ints(self) -> bool:
        """Whether the user's code is handed a Python int it is given as the int (``range(n)``, an index) whatever
        ``--wrt`` says of the others, as a library call or a sweep holds one: a framework's function, whose framework
        differentiates no int; a plain NumPy or gradcli.numpy function is differentiated in every number ``--wrt``
        does not leave out."""
        return self.kind == "function" and self.bridge is not None

    def users_arguments(self, values) -> tuple:
        """The user's function's own arguments made of ``values``, one per variable (trees rebuilt, data held in
        place: `rebuilt`): what every callable of a bridge takes (`capture.Bridge`)."""
        return tuple(self.rebuilt(*values)) if self.rebuilt is not None else tuple(values)


_NON_ANALYTIC = {"abs", "sign", "floor", "ceil", "maximum", "minimum", "where", "clip", "hypot"}


def resolve(target, treat_as_variables=(), framework=None) -> Target:
    """Turn a target (text or a Python callable) into a `Target`, or raise `InputError` (exit 2).

    ``framework`` (one of `FRAMEWORKS`) says what a function is written for;
    None reads it from the function's imports.
    """
    if framework is not None and framework not in FRAMEWORKS:
        raise InputError(f"--framework {framework}: not a framework (use {', '.join(FRAMEWORKS)})")
    if isinstance(target, Target):
        return target
    sources_as_edited()  # a file edited since the last check in this process is read as it is now
    if callable(target):
        chosen = framework or framework_of_callable(target)
        name = getattr(target, "__name__", "function")
        return _from_callable(_bridged(target, chosen, name), name, chosen)
    if not isinstance(target, str):
        raise InputError(f"a target is a formula or module:function, not {type(target).__name__}")
    match = FUNCTION_TARGET.match(target.strip())
    if match:
        fun, chosen = _load(match["module"], match["name"], target, framework)
        return _from_callable(fun, target.strip(), chosen)
    return _from_formula(target, treat_as_variables)


def _bridged(fun, framework, text):
    """``fun`` as gradcli's core runs it: plain NumPy functions see ``gradcli.numpy`` in NumPy's place."""
    if framework == "numpy" and isinstance(fun, types.FunctionType):
        return substituted_function(fun)
    return fun


def _from_formula(text, treat_as_variables) -> Target:
    formula = parse(text, treat_as_variables=treat_as_variables)
    if not formula.variables:
        raise InputError("the formula has no variables, so there is no gradient to check", text=formula.text)
    analytic = not any(
        isinstance(n, Call) and n.name in _NON_ANALYTIC for n in postorder(formula.root)
    )
    return Target(
        formula.text,
        "formula",
        formula.variables,
        to_function(formula, "float"),
        to_function(formula, "mp"),
        formula,
        analytic,
    )


def _from_callable(fun, text, framework="gradcli") -> Target:
    try:
        params = inspect.signature(fun).parameters.values()
    except (TypeError, ValueError):
        module, name = type(fun).__module__, type(fun).__qualname__
        kind = name if name.startswith(module + ".") else f"{module}.{name}"  # TorchScript's names carry their module
        raise InputError(
            f"cannot read the parameters of {text}: a {kind} has no Python signature; check the plain Python "
            "function it was made from"
        ) from None
    params = list(params)
    names = tuple(
        p.name for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and p.default is p.empty
    )
    required_keywords = [p.name for p in params if p.kind == p.KEYWORD_ONLY and p.default is p.empty]
    if required_keywords:
        raise InputError(
            f"{text} needs the keyword-only argument{'s' if len(required_keywords) > 1 else ''} "
            f"{', '.join(required_keywords)}, which gradcli cannot supply; give "
            f"{'them' if len(required_keywords) > 1 else 'it'} a default, or check a wrapper "
            "whose parameters are the variables",
            text=text,
        )
    if not names:
        star = any(p.kind == p.VAR_POSITIONAL for p in params)
        what = "takes only *args" if star else "takes no arguments"
        raise InputError(
            f"{text} {what}, so there is no gradient to check: the variables are the function's "
            "named parameters (without defaults)",
            text=text,
        )
    if framework in BRIDGES:
        bridge = make_bridge(framework, fun, text)
        function, mp_function = as_functions(bridge, getattr(fun, "__name__", "function"))
        function.__wrapped__ = fun  # fixes read and rewrite the user's own source, not the bridge's
        return Target(
            text, "function", names, _guarded(function), _guarded(mp_function), None, False, framework, bridge,
            expect=bridge.expect,
        )
    guarded = _guarded(spoken_of_users_values(fun) if framework == "numpy" else fun)
    if framework == "numpy":  # the user's prints and logs shown once per point and dtype, from the program's own run
        guarded = output_of_the_programs_run_alone(guarded)
    return Target(text, "function", names, _numpy_scalars(guarded), _constants_exact_in(guarded), None, False,
                  framework)


def by_returned_value(resolved, points, framework=None):
    """``resolved``, or the same function bridged to the framework whose array it returns at the first point.

    A function whose imports say nothing of a framework (or say gradcli, as a
    test module using ``@gradcli.audit`` does) may still compute with JAX or
    PyTorch through a helper module: one call at the first point, with NumPy
    float64 arrays, tells. ``framework`` given (``--framework``) is final.
    """
    if framework is not None or resolved.kind != "function" or resolved.framework != "gradcli" or not points:
        return resolved
    if not any(name in sys.modules for name in BRIDGES):
        return resolved  # no framework is loaded, so none can be returned: the function is not called twice
    fun = getattr(resolved.function, "__wrapped__", None)
    if fun is None:
        return resolved
    first = points[0]
    values = [first[n] for n in resolved.variables] if isinstance(first, dict) else [first]
    if isinstance(first, dict) and set(first) != set(resolved.variables):
        return resolved
    try:
        args = [_as_float_array(v) for v in values]
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            returned = fun(*args)
    except KeyboardInterrupt:
        raise
    except BaseException:  # noqa: BLE001 - the check itself reports what the function raises (sys.exit too)
        return resolved
    found = framework_of_value(returned)
    if found not in BRIDGES:
        return resolved
    return _from_callable(fun, resolved.text, found)


def _as_float_array(value):
    """A point's value as a float64 array, a scalar as NumPy's float64 (as every run hands it); a tree (a dict, a list
    of arrays of several shapes) as it is."""
    try:
        array = np.asarray(value, dtype=np.float64)
    except (TypeError, ValueError):
        return value
    return array[()] if array.ndim == 0 else array


def example_points(args_text, target, framework=None):
    """The points a function of the user's code gives (``--args model.py:example_args``).

    The function, called without arguments, returns one point's arguments (a
    tuple of positional arguments, a dict by parameter name, or the one
    argument of a one-parameter function) or a list of such points; an
    argument may be a tree, whose leaves `with_tree_arguments` names. A point
    that does not fit the target's parameters is bad input naming the
    function, its parameters and the ``--args`` function's file and line.
    """
    match = FUNCTION_TARGET.match(args_text.strip())
    if not match:
        raise InputError("--args names a function of your code: path/file.py:function or package.module:function", text=args_text)
    make, made_with = _load(match["module"], match["name"], args_text, framework)
    try:
        given = given_arguments(made_with, make)
    except KeyboardInterrupt:
        raise
    except BaseException as error:  # noqa: BLE001 - the user's function failed: reported, never fatal
        raise InputError(f"--args {args_text.strip()} raised {describe(error)}", text=args_text) from None
    points = given if isinstance(given, list) else [given]
    maker = _ArgsFunction(args_text, make, target)
    for number, args in enumerate(points[1:], 2):
        if isinstance(args, dict) and isinstance(points[0], dict) and set(args) != set(points[0]):
            raise maker.error(
                f"point {number} of the {len(points)} it returned has the keys {_keys(args)}, the first has "
                f"{_keys(points[0])}: every point gives the same arguments"
            )
    return [maker.point(args) for args in points]


class _ArgsFunction:
    """An ``--args`` function and the target it gives points for: reads one point, naming both when it does not fit."""

    def __init__(self, text, make, target):
        self.text, self.target = text.strip(), target
        code = getattr(inspect.unwrap(make), "__code__", None)
        self.file = shown_path(code.co_filename) if code is not None else None
        self.line = def_line(code.co_filename, code.co_firstlineno) if code is not None else None

    def error(self, message):
        """The InputError of ``message``, about what this function returned, at its ``def``."""
        at = f" ({self.file}:{self.line})" if self.file else ""
        return InputError(f"--args {self.text}{at}: {message}", text=self.text, file=self.file, line=self.line)

    def point(self, args):
        """One point, ``{parameter: value}``, from what the function returned for it: a list of Python ints it gives
        a framework's function is data (`GivenIntegers`), as an int is."""
        point = self._point(args)
        if not self.target.reads_python_ints:
            return point
        return {name: GivenIntegers.of(value) for name, value in point.items()}

    def _point(self, args):
        names = self.target.variables
        if isinstance(args, dict) and (len(names) != 1 or set(args) & set(names)):  # by parameter name
            return self._by_name(args)
        positional = isinstance(args, tuple) and getattr(args, "_fields", None) is None  # a NamedTuple is one argument
        if positional and (len(names) != 1 or len(args) == 1):  # a one-parameter function may take a plain tuple
            if len(args) != len(names):
                raise self.error(f"it gave {len(args)} arguments; {self.target.text} takes {len(names)} ({', '.join(names)})")
            return dict(zip(names, args))
        if len(names) == 1:
            return {names[0]: args}
        raise self.error(
            f"it gave a {type(args).__name__}; for {self.target.text}, of {len(names)} parameters, give a tuple of "
            "arguments, a dict by parameter name, or a list of either (one per point)"
        )

    def _by_name(self, args):
        names, supplied = self.target.variables, self.target.bridge.supplied if self.target.bridge is not None else ()
        unknown = [key for key in args if key not in names]
        if unknown:
            others = [key for key in unknown if key in _parameters(self.target)]
            kept = (
                f"; {_keys(others)} {'has a default' if len(others) == 1 else 'have defaults'}, which a check keeps: to "
                "give one, check a function that takes it without a default" if others else ""
            )
            raise self.error(
                f"it gave {_keys(unknown)}, which {self.target.text} does not take (its parameters without defaults: "
                f"{', '.join(names)}){kept}"
            )
        missing = [name for name in names if name not in args and name not in supplied]
        if missing:
            raise self.error(
                f"it gave no value for {_keys(missing)}, a parameter of {self.target.text} ({', '.join(names)})"
            )
        return dict(args)


def _keys(keys):
    """Dict keys as a message lists them: ``'x', 'data'``."""
    return ", ".join(repr(key) for key in keys)


def kept_parameters(target):
    """The parameters of a function target that a check keeps at their defaults (those that are no variable)."""
    return tuple(name for name in _parameters(target) if name not in target.variables)


def _parameters(target):
    """Every parameter name of a function target (those with defaults too); its variables where none can be read."""
    try:
        return tuple(inspect.signature(target.function).parameters)
    except (TypeError, ValueError):
        return target.variables


def with_tree_arguments(target, points, wrt=()):
    """``target`` and ``points`` with every tree argument (dict, list, tuple, NamedTuple) as named leaves.

    The variables become the floating-point leaves' paths (``params.w1``) and
    each point a flat ``{path: leaf}``; the function rebuilds the trees and
    calls the user's. A Python integer given to a framework's function
    (`Target.reads_python_ints`) is data, held as given,
    unless ``wrt`` (the parameters asked for) names it; to any function, an
    integer or a list of integers for a parameter outside a given ``wrt`` is
    data (a label used as an index).
    Without tree arguments or data, both come back as they were.
    """
    if target.kind != "function":
        return target, points
    points = as_arguments(target, points)
    trees = _tree_layout(target, points, wrt)
    if trees is None:
        return target, points
    trees.refuse_keys(wrt, target.text)
    function = functools.wraps(target.function)(trees.calling(target.function))
    mp_function = functools.wraps(target.mp_function)(trees.calling(target.mp_function))
    bridge = target.bridge
    if bridge is not None:  # its points are flat now (a module's parameters among them); a sweep's columns become trees
        bridge = replace(
            bridge, arguments=None, vectorised=bridge.vectorised and _columns_as_trees(bridge.vectorised, trees),
            replayed_range=bridge.replayed_range and _columns_as_trees(bridge.replayed_range, trees),
        )
    flat = replace(
        target, variables=trees.variables, function=function, mp_function=mp_function, bridge=bridge,
        expect=_rebuilt(target.expect, trees), rebuilt=trees.calling(lambda *arguments: arguments),
        held=_shown_held(trees.held),
    )
    return flat, [trees.flat_point(point) for point in points]


def as_arguments(target, points):
    """``points`` with a module's parameters as the tree its bridge makes of them (`Bridge.arguments`)."""
    if target.bridge is not None and target.bridge.arguments is not None:
        return [target.bridge.arguments(point) if isinstance(point, dict) else point for point in points]
    return points


def _tree_layout(target, points, wrt):
    """The `TreeArguments` of a function ``target``'s ``points`` (None where no argument is a tree or data): a
    Python int outside ``wrt`` is data, to a framework's function (`Target.reads_python_ints`)
    whatever ``wrt`` says of the others."""
    outside = not_differentiated(target.variables, wrt)
    ints_held = [n for n in target.variables if n not in (wrt or ())] if target.reads_python_ints else outside
    try:
        return TreeArguments.of(target.variables, points, target.text, ints_held, outside)
    except InputError:
        # every argument held as data because --wrt names none of them: the misspelt name is the error to say
        unknown = [w for w in wrt or () if not any(w == n or w.startswith(f"{n}.") for n in target.variables)]
        if unknown:
            raise InputError(f"--wrt {unknown[0]}: not a variable of the target ({', '.join(target.variables)})"
                             f"{did_you_mean(unknown[0], list(target.variables))}") from None
        raise


def runs_holding_alike(target, points, wrt=()):
    """``points`` cut into runs of consecutive points that hold the same data (an ``n`` outside ``wrt`` read by
    ``range(n)``, a batch's labels), each run checked as a target of its own that holds its data, in the points'
    order; one run where they all hold the same, and where points differ in more than the numbers held (another
    tree, other variables), which `with_tree_arguments` refuses."""
    if target.kind != "function" or len(points) < 2:
        return [points]
    layouts = []
    for point in as_arguments(target, points):
        try:
            layout = _tree_layout(target, [point], wrt) if isinstance(point, dict) else None
        except InputError:  # nothing to differentiate, said where the points are validated
            return [points]
        if layout is None or (layouts and (layout.variables, tuple(layout.held)) != (layouts[0].variables, tuple(layouts[0].held))):
            return [points]
        layouts.append(layout)
    runs = [[points[0]]]
    for point, before, layout in zip(points[1:], layouts, layouts[1:]):
        if _holds_alike(before.held, layout.held):
            runs[-1].append(point)
        else:
            runs.append([point])
    return runs


def _holds_alike(one, other):
    """Whether two points' data (`TreeArguments.held`, the same paths) are the same numbers of the same types."""
    def numbers(value):
        return np.asarray(value.data if type(value) is HeldKey else value)

    return all(type(one[path]) is type(other[path]) and numbers(one[path]).dtype == numbers(other[path]).dtype
               and np.array_equal(numbers(one[path]), numbers(other[path])) for path in one)


def _shown_held(held):
    """The numbers of ``held`` (a `TreeArguments`' data: path -> value) as a point shows them: Python numbers and
    nested lists, integers kept integers (a label); a JAX random key is no number and is left out."""
    return {path: np.asarray(value).tolist() for path, value in held.items() if type(value) is not HeldKey}


def not_differentiated(names, wrt):
    """The parameters in ``names`` that a given ``wrt`` leaves out (none without one): data where typed as integers."""
    if not wrt:
        return []
    return [n for n in names if not any(w == n or w.startswith(f"{n}.") for w in wrt)]


def held_as_data(target, held, wrt):
    """The variables among ``held`` (a sweep's fixed ones, or a check's written in ``--at``) whose Python ints reach
    the user's function as ints, data as a check holds them: every one for a framework's function
    (`Target.reads_python_ints`), those outside ``wrt`` for any other function, none for a formula."""
    if target.kind != "function":
        return []
    return list(held) if target.reads_python_ints else not_differentiated(held, wrt)


def differentiating_only(target, chosen):
    """The runs of ``target`` in which a framework's function is differentiated in the variables ``chosen`` alone
    (``--wrt``), the others data to the framework as they are to the exact reference (a check inside a sweep or an
    audit says its own, whatever the enclosing one's)."""
    if target.bridge is None or set(target.variables) <= set(chosen):
        return differentiating(None)
    marks = [name in chosen for name in target.variables]
    return differentiating(target.rebuilt(*marks) if target.rebuilt is not None else tuple(marks))


def _rebuilt(expect, trees):
    """``expect`` (a bridge's, told the user's arguments) told the points as the flat variables instead."""
    if expect is None:
        return None
    arguments = trees.calling(lambda *rebuilt: rebuilt)
    return lambda arg_lists, *more, **given: expect([arguments(*args) for args in arg_lists], *more, **given)


def _spread(value, size):
    """A held value repeated for ``size`` points without copies (a stride of 0); a held JAX key stays a key."""
    if type(value) is HeldKey:
        return HeldKey(np.broadcast_to(value.data, (size,) + value.shape), value.impl)
    return np.broadcast_to(value, (size,) + np.shape(value))


def _columns_as_trees(vectorised, trees):
    """A bridge's ``vectorised`` (see `capture.Bridge`: the function's own arguments, trees too, points first on
    every leaf) called with one column per flat variable, as a sweep calls it.

    Each tree is rebuilt from its variables' columns, its held leaves spread
    along the points without copies (a stride of 0: the framework passes them
    once); the gradients come back per variable, read from the trees by path.
    """

    def by_columns(columns, dtype):
        size = len(columns[0])
        spread = copy.copy(trees)
        spread.held = {path: _spread(value, size) for path, value in trees.held.items()}
        got = vectorised(spread.calling(lambda *arguments: arguments)(*columns), dtype)
        if got is None:
            return None
        values, gradients = got
        by_path = {}
        for name, gradient in zip(trees.names, gradients):
            by_path.update(leaves(gradient, name) if name in trees.templates else [(name, gradient)])
        return values, [by_path[name] for name in trees.variables]

    return by_columns


class TargetRaised(Exception):
    """User code raised something that is no ``Exception`` (``BaseException``, ``GeneratorExit``,
    ``SystemExit``): carried as one, so that every ``except Exception`` of the checker reports it."""

    def __init__(self, original):
        super().__init__(original)
        self.original = original


def describe(error) -> str:
    """``Name: message (at file:line)`` of what the target raised, through `TargetRaised`; the line is the user's own."""
    line = raised_line(error)
    error = getattr(error, "original", error)
    return f"{type(error).__name__}: {error}" + (f" (at {line})" if line else "")


def raised_line(error):
    """``file:line`` of the user's line that raised ``error`` (through `TargetRaised`), or None."""
    error = getattr(error, "original", error)
    at = getattr(error, "raised_at", None)  # (file, line): a framework's generated code read back to the user's line
    return f"{shown_path(at[0])}:{at[1]}" if at else _raising_line(error.__traceback__)


def _raising_line(tb):
    """``file:line`` of the innermost frame of a traceback outside gradcli, Python's own library and installed
    packages (the user's line that raised), or None."""
    found = innermost_users(tb, outside_python_and_gradcli)
    return None if found is None else f"{shown_path(found[0].f_code.co_filename)}:{found[1]}"


def _guarded(fun):
    """``fun``, its ``BaseException``s but ``KeyboardInterrupt`` (exit 130) raised as `TargetRaised`.

    `OutOfTime` (the budget's timer ringing while the function runs at high
    precision) passes through too: it is the clock, not the function, and is
    reported as --max-time running out, never as "does not run at high precision".
    """

    @functools.wraps(fun)
    def guarded(*args, **kwargs):
        try:
            return fun(*args, **kwargs)
        except (KeyboardInterrupt, OutOfTime):
            raise
        except Exception:
            raise
        except BaseException as error:  # noqa: BLE001 - user code may raise anything: reported, never fatal
            raise TargetRaised(error) from error

    return guarded


# The NumPy scalar a Python number stands for where a scalar point reaches the user's code.
_NUMPY_SCALAR = {float: np.float64, complex: np.complex128}


def _numpy_scalars(function):
    """``function`` handed each scalar point as the NumPy scalar the gradient's run hands it (np.float64, or
    np.complex128 for a complex step), never as a Python float: ``y.astype(...)``, ``y.dtype`` and NumPy's overflow
    to inf then behave alike in every run, the finite differences' steps too."""

    @functools.wraps(function)
    def numpy_scalars(*args, **kwargs):
        # exact numbers reach the float function only from the variables' search, which moves Variables and holds
        # the inputs still: boxed as gradcli values, held
        handed = plain.handed_arguments([_NUMPY_SCALAR[type(a)](a) if type(a) in _NUMPY_SCALAR else a for a in args],
                                        held=True)
        return plain.given_back(function(*handed, **kwargs))

    return numpy_scalars


def _constants_exact_in(function):
    """``function`` computing, when it is handed high-precision numbers, the ops its code calls on plain numbers
    alone at their precision too (`tracer.constants_exact`): np.log(7.0) in an exact run is log 7, not float64's."""

    @functools.wraps(function)
    def computing_constants_exactly(*args, **kwargs):
        like = next((raw(a) for a in plain.tree_leaves(args) if high_precision(a) is not None), None)
        if like is None:
            return function(*args, **kwargs)
        # Every number the user's code is handed answers NumPy's array API as the float run's values do (`plain.handed`).
        args = plain.handed_arguments(args)
        # The kind of the run's numbers (balls, mpmath's, or the proof of 0's numbers, which take a constant as the
        # exact binary number it is: a ball of it would carry a radius the proof cannot cancel).
        if isinstance(like, np.ndarray):
            like = like.flat[0]  # one of its numbers tells the precision, without a pass over the array per constant
        kind = exact_constants.kind_of([like])
        with constants_exact(lambda value: exact_constants.lift(value, kind) if kind else lifted(value, like)), \
                constant_arrays_exact(getattr(inspect.unwrap(function), "__globals__", {})):
            return plain.given_back(function(*args, **kwargs))

    return computing_constants_exactly


def _load(module_text, name, target, framework):
    """The function ``name`` of the module or file ``module_text``, and the framework it is written for."""
    if module_text.endswith(".py") or os.sep in module_text or "/" in module_text:
        module, framework = _load_file(module_text, name, target, framework)
    else:
        module, framework = _load_named_module(module_text, name, target, framework)
    if not hasattr(module, name):
        start = len(module_text) + 1
        functions = sorted(n for n, v in vars(module).items() if callable(v) and not n.startswith("_")
                           and getattr(v, "__module__", None) == module.__name__)
        raise InputError(
            f"{module_text} has no function '{name}'{did_you_mean(name, functions)}", text=target,
            span=(start, start + len(name))
        )
    fun = getattr(module, name)
    if not callable(fun):
        start = len(module_text) + 1
        raise InputError(
            f"'{name}' in {module_text} is not a function (it is of type {type(fun).__name__})",
            text=target,
            span=(start, start + len(name)),
        )
    return fun, framework


def _read_source(path):
    """The text of a Python file, decoded as Python would; None where it cannot be read."""
    try:
        with tokenize.open(path) as handle:
            return handle.read()
    except (OSError, SyntaxError, UnicodeDecodeError):
        return None


def _load_file(module_text, name, target, framework):
    """Import ``path/to/file.py`` as a script would be run (its own folder importable), for its framework."""
    path = os.path.abspath(module_text)
    if not os.path.isfile(path):
        raise InputError(f"no such file: {module_text}", text=target, span=(0, len(module_text)))
    source = _read_source(path)
    if framework is not None and source is not None:
        _refuse_contradicted(source, path, name, framework, module_text, target)
    framework = framework or framework_of_source(source or "", path, name)
    # A module runs once per process and text: its import-time effects (TensorFlow's gradient
    # registry refuses a second `RegisterGradient` of one name) must not happen again when the
    # CLI and the checker each resolve the same target.
    if framework in BRIDGES:
        prepare_bridge(framework)
    key = (path, framework, source)
    if source is not None and key in _LOADED_FILES:
        if framework == "numpy":
            _check_numpy_names(source, path, name)  # what `name` calls, as on first load
        return _LOADED_FILES[key], framework
    module = _run_file(path, source, framework, name, module_text, target)
    if source is not None:
        _LOADED_FILES[key] = module
    return module, framework


_LOADED_FILES = {}

FRAMEWORK_NAMES = {"gradcli": "gradcli", "numpy": "NumPy", "jax": "JAX", "torch": "PyTorch", "tensorflow": "TensorFlow"}


def _refuse_contradicted(source, path, name, framework, module_text, target):
    """Refuse ``--framework`` where the file's imports show its function is written for another (exit 2)."""
    found = framework_contradicted(source, path, name, framework)
    if found is not None:
        raise InputError(
            f"--framework {framework}: {module_text} imports {FRAMEWORK_NAMES[found]}, not {FRAMEWORK_NAMES[framework]}, "
            f"so '{name}' is {FRAMEWORK_NAMES[found]} code; give --framework {found}, or leave the flag out to read it "
            f"from the imports (its choices: {', '.join(FRAMEWORKS)})",
            text=target,
            span=(0, len(module_text)),
        )


def _run_file(path, source, framework, name, module_text, target):
    """Run a user's file as a fresh module for ``framework`` (NumPy's files on ``gradcli.numpy``)."""
    if framework == "numpy" and source is not None:
        return _load_numpy(path, source, None, name, module_text, target)
    module_name = f"gradcli_target_{abs(hash(path))}"
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:
        raise InputError(f"{module_text} is not a Python file", text=target, span=(0, len(module_text)))
    module = importlib.util.module_from_spec(spec)
    folder = os.path.dirname(path)
    added = folder not in sys.path
    if added:
        sys.path.insert(0, folder)  # sibling modules import as they would under `python file.py`
    sys.modules[module_name] = module
    try:
        with _user_module_errors(module_text, target, path):
            spec.loader.exec_module(module)
    except BaseException:
        sys.modules.pop(module_name, None)
        raise
    finally:
        if added and folder in sys.path:
            sys.path.remove(folder)
    return module


def _load_numpy(path, source, package, name, module_text, target, module_name=None):
    """A fresh copy of a plain NumPy module, run on ``gradcli.numpy``; first, what it lacks is an error. ``module_name``:
    its name under Python's import (a ``package.module`` target's), the one its own package's imports of it reach."""
    _check_numpy_names(source, path, name)
    with _user_module_errors(module_text, target, path):
        return load_module(path, source, package, name=module_name)


def _check_numpy_names(source, path, name):
    """A NumPy function ``name`` calls that `gradcli.numpy` lacks, as an error naming it and its line."""
    try:
        check_names(source, path, name)
    except SyntaxError:
        pass  # reported as the module's own SyntaxError when it runs


@contextmanager
def _user_module_errors(module_text, target, path=None):
    """What a user's module raises while it runs, as an InputError (KeyboardInterrupt as itself)."""
    try:
        yield
    except SyntaxError as error:
        raise InputError(
            f"{_file_at_fault(error, module_text, path)} is not valid Python: {error.msg} (line {error.lineno})",
            text=target,
            span=(0, len(module_text)),
        ) from None
    except KeyboardInterrupt:
        raise
    except BaseException as error:  # noqa: BLE001 - the user's module failed to import (or exited)
        raise _import_failed(module_text, target, error) from None


def _file_at_fault(error, module_text, path):
    """The file a SyntaxError is in: the checked module's own text, or the helper module it imports."""
    filename = getattr(error, "filename", None)
    if not filename or filename.startswith("<") or not os.path.isfile(filename):
        return module_text
    if path is not None and os.path.abspath(filename) == os.path.abspath(path):
        return module_text
    return shown_path(filename)


def _load_named_module(module_text, name, target, framework):
    """Import ``package.module``; a plain NumPy one as a fresh copy of its source (the import untouched)."""
    _importable_from_cwd()
    try:
        path, package = source_of_module(module_text)
    except InputError:
        path = package = None
    source = _read_source(path) if path else None
    framework = framework or framework_of_source(source or "", path or module_text, name)
    if framework == "numpy" and source is not None:
        return _load_numpy(path, source, package, name, module_text, target, module_name=module_text), framework
    if framework in BRIDGES:
        prepare_bridge(framework)
    return _load_module(module_text, target), framework


def _load_module(module_text, target):
    """Import ``package.module``, from the current directory too (as ``python -m`` would)."""
    _importable_from_cwd()
    try:
        return importlib.import_module(module_text)
    except ImportError as error:
        raise InputError(
            f"cannot import {module_text}: {error}", text=target, span=(0, len(module_text))
        ) from None
    except SyntaxError as error:
        raise InputError(
            f"cannot import {module_text}: {error.filename or module_text} is not valid Python: "
            f"{error.msg} (line {error.lineno})",
            text=target,
            span=(0, len(module_text)),
        ) from None
    except KeyboardInterrupt:
        raise
    except BaseException as error:  # noqa: BLE001 - the user's module failed to import (or exited)
        raise _import_failed(module_text, target, error) from None


def _importable_from_cwd():
    if os.getcwd() not in sys.path and "" not in sys.path:
        sys.path.append(os.getcwd())


class _ImportTimedOut(BaseException):
    """Raised into a user's module whose import ran past `import_deadline` (a BaseException: its ``except Exception`` cannot keep it)."""


@contextmanager
def import_deadline(seconds):
    """Stop the import of a target's module after ``seconds`` of wall time (``None`` or inf: no limit).

    ``--timeout`` runs the check in a worker, but gradcli imports the module
    first, in its own process, to read the function's variables: a module that
    sleeps or loops while imported is bounded here, by a timer signal (the
    main thread only; elsewhere there is no limit).
    """
    if seconds is None or not math.isfinite(seconds) or threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum, frame):
        raise _ImportTimedOut(seconds)

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _import_failed(module_text, target, error) -> InputError:
    """The error for a module whose import raised ``error`` (any ``BaseException``; ``sys.exit`` too), naming the
    innermost line of the user's files that ran (an import of a missing package, a helper module's raise)."""
    found = innermost_users(error.__traceback__, outside_python_and_gradcli)
    file, line = (None, None) if found is None else (shown_path(found[0].f_code.co_filename), found[1])
    code = linecache.getline(found[0].f_code.co_filename, line).strip() if found else ""
    at = "" if found is None else f" at {file}:{line}" + (f" ({code})" if code else "")
    if isinstance(error, _ImportTimedOut):
        message = f"{module_text} did not finish importing within {error.args[0]:g} s (stopped by --timeout){at}"
    elif isinstance(error, SystemExit) and isinstance(error.code, (int, type(None))):
        message = f"{module_text} exited with status {error.code or 0} while being imported{at}"
    elif isinstance(error, SystemExit):  # sys.exit("message")
        message = f"{module_text} exited while being imported{at}: {error.code}"
    else:
        message = f"importing {module_text} failed{at}: {type(error).__name__}: {error}"
    return InputError(message, text=target, span=(0, len(module_text)), file=file, line=line)


# What in a function's source reads a value's dtype: ``x.dtype`` (not ``dtype=x.dtype`` handed on), ``x.itemsize``,
# ``np.finfo``, ``np.iinfo``, ``np.result_type``, ``np.can_cast``.
_DTYPE_READ = re.compile(r"\.dtype\b(?!\s*[,)])|\b(?:itemsize|finfo|iinfo|result_type|can_cast)\b")


def reads_a_dtype(target):
    """Whether the code of ``target``'s own function reads a value's dtype where its run may not show it (an input
    ``--wrt`` holds is NumPy's own value in a dtype's run): its source, read once."""
    if target.kind != "function" or target.bridge is not None:
        return False
    if "reads a dtype" not in target.shared:
        try:
            source = inspect.getsource(inspect.unwrap(target.function))
        except (OSError, TypeError):
            source = ""
        target.shared["reads a dtype"] = bool(_DTYPE_READ.search(source))
    return target.shared["reads a dtype"]


def stepped_as_the_dtype(target, chosen):
    """``target`` whose finite differences step the program of the dtype its check runs in (`boxes.computing_as`,
    set around the check): each step a run of ``mp_function`` on mpmath numbers at float64's 53 bits, whose values
    answer ``x.dtype`` as that program's do, for a function that read its dtype (``np.finfo(x.dtype).eps``, a
    branch on ``x.dtype == np.float32``), where float64 steps would difference the float64 program.

    A complex step has no such run: the differences are central ones alone. The variables outside ``chosen`` are
    data the differences hold: each run hands them held (`exact_arguments`)."""
    if target.kind != "function" or target.bridge is not None:
        return target
    mp_function = target.mp_function
    held = [i for i, name in enumerate(target.variables) if name not in chosen]

    def stepped(*args):
        import mpmath  # lazy: the exact reference's numbers, loaded with it

        with mpmath.workprec(53):
            return _as_floats(raw(mp_function(*exact_arguments(args, held))))

    return replace(target, function=stepped, analytic=False, shared={})


def _as_floats(value):
    """An mpmath number or an object array of them as float64's (what a float64 step would have returned)."""
    if type(value) is np.ndarray and value.dtype == object:
        return np.array([_as_floats(v) for v in value.ravel()], dtype=float).reshape(value.shape)
    return float(value) if not isinstance(value, bool) else value
