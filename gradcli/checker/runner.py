"""One check: every point in every dtype, against finite differences and the exact reference.

`check` is the library entry point (``gradcli.check``); the CLI's ``grad`` and
``check`` commands are views of the `CheckReport` it returns.

Each point in each dtype is checked by `point.check_point` (a target that
returns an array, through its Jacobian: `jacobian`). Each sub-check of a point
(can the dtype hold it, does the target run, the exact reference, the
gradient rule, the working precision, the Hessian) returns a `Judgement`: its
findings and a verdict for the value, the gradient or the Hessian.
`judgement.record` adds them to the point's result, and `Verdict.decide`
makes the verdict, in this order of precedence:

- ``error``: the target raised, the reference did not settle, or the dtype
  cannot hold the point (1e200 in float32): no verdict.
- ``domain``: the exact value or gradient is undefined or infinite there, the
  function has a kink there (``abs`` at 0) or a pole or jump on one side, or
  the exact answer is finite but beyond the dtype's range (exp(exp(800)) in
  float64): no gradient in that dtype is right. Inputs whose exact slope is a
  number are judged beside it, and where one of them fails, the point takes
  that verdict (`judge._beside_the_domain`).
- ``wrong``: gradcli's gradient rule, run at high precision, disagrees with the
  exact derivative of the forward function (relative error above 1e-8, or
  NaN/inf where the derivative is finite: NaN leaking through ``where``): the
  rule itself is wrong, as a bad custom gradient is.
- ``unstable``: the rule is right, but the working precision loses the value
  or the gradient: non-finite where the truth is finite, a relative error
  above the dtype's tolerance, or an arithmetic error raised in the dtype
  (``LinAlgError`` of an absorbed jitter) where the exact answer is finite.
- ``ok``.

Relative errors are measured against the exact answer. An entry passes when
|computed - exact| <= atol + rtol x |exact| (numpy's ``allclose`` rule; atol
is 0 unless given). An exact 0 has no relative error, so it is compared
absolutely against rtol x its array's magnitude (the largest exact entry; 1
where every exact entry is 0), while a computed 0 against a tiny exact entry
has lost all of it (`compare.compare`), unless moving the program's own
rounded data by two ulps moves that entry as far (`judge._within_data_rounding`:
a window's end 0.08 + 0.42 - 0.5, -2^-56 of the floats written); the floor a
given atol can widen but never narrow (a tolerance never makes a check
stricter). atol
judges the working precision (value, gradient, Hessian; along a random
direction, atol x the direction's 1-norm); it never excuses a gradient rule
that is ``wrong``, which is a bug at any size.
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np

from ..autodiff.mp import ieee
from ..capture import as_numbers, loop_trips, own_time
from ..capture.trees import GivenIntegers, is_tree, leaves, narrowed_by_default
from ..errors import InputError, did_you_mean
from ..expr.derivative import to_text
from ..stack_room import roomy
from . import jacobian
from .balls import one_clock, seconds_left
from .dtypes import dtype_named
from .fixes import find_fixes
from .options import CheckOptions
from .point import (
    VectorOutput, check_point, expect_references, reading_verdicts_only, replay_ahead, verdicts_only, without_refused_dtypes,
)
from .points import common_shape
from .precision import at_most_digits
from .reference import derivative_of
from .results import CheckReport
from .source_fixes import find_source_fixes, with_rewritten_classes
from .typed_integers import tensors_for_integers
from .targets import Target, by_returned_value, differentiating_only, resolve, runs_holding_alike, with_tree_arguments


@roomy
def check(target, points, options: CheckOptions = None, **changes) -> CheckReport:
    """Check the gradient of ``target`` at ``points`` in each dtype; return a `CheckReport`.

    ``target`` is a formula, ``"file.py:function"``, ``"module:function"`` or a
    Python callable written with ``gradcli.numpy`` or plain NumPy (``framework=`` says which, else its
    imports do); ``points`` is a list of
    ``{variable: value}`` dicts (or bare numbers for one variable, or for a
    function a tuple of its arguments in order, as ``--args`` gives them), or one such
    point; a value may be a tree (dicts, lists, tuples, NamedTuples of arrays), whose
    floating-point leaves are then the variables, named by path (``params.w1``, also
    in ``wrt``; ``wrt=("params",)`` names every leaf under it). A formula at an array point is checked summed over its elements
    (formulas are elementwise, so the gradient of the sum is the elementwise
    derivative). ``options`` is a `CheckOptions`; keyword ``changes`` replace
    its fields (``gradcli.check(f, [1.0], dtypes=("float64",), order=2)``).
    Every option and point is validated before any point is checked.
    """
    # Validated once: a CheckOptions is frozen and was validated when made, so one given alone is used as it is.
    options = CheckOptions(**changes) if options is None else replace(options, **changes) if changes else options
    resolved = resolve(target, options.treat_as_variables, options.framework)
    given = [_by_name(point, resolved) for point in _point_list(points)]
    # a whole number a framework's function raises on as a Python int, and takes as a float, is that float
    given, integers_noted = tensors_for_integers(resolved, given, options.wrt, dtype_named(options.dtypes[0]))
    if len(runs_holding_alike(resolved, given, options.wrt)) > 1:
        return _check_runs(resolved, given, options, integers_noted, by_value=not isinstance(target, Target))
    flat, names, chosen, normalized = _validated(resolved, given, options)
    if not isinstance(target, Target):  # a resolved Target (a sweep's) was known by its value already
        # Only once every option and point is known good: this calls the function at the first point.
        bridged = by_returned_value(resolved, given, options.framework)
        if bridged is not resolved:
            flat, names, chosen, normalized = _validated(bridged, given, options)
    resolved = flat
    report = CheckReport(resolved.text, resolved.kind, list(names), fail_on=options.fail_on, framework=resolved.framework)
    report.notes.extend(integers_noted)
    report.notes.extend(narrowed_notes(given, resolved.variables, options.dtypes))
    report.notes.extend(constants_notes(resolved, options.dtypes))
    options = replace(options, dtypes=runnable_dtypes(resolved, options.dtypes, report.notes))
    if resolved.formula is not None and not reading_verdicts_only():
        report.derivative = _symbolic_derivative(resolved, chosen)
    # Overflow and invalid operations are what the checker looks for: it reads them from the values
    # (findings), so NumPy's RuntimeWarnings about them would only reach the user's terminal raw.
    dtypes = [dtype_named(name) for name in options.dtypes]
    with differentiating_only(resolved, chosen):
        _check_points(resolved, given, normalized, dtypes, chosen, options, report)
    report.notes.extend(_plain_numpy_notes(resolved, options, report))
    return report


def _check_runs(resolved, given, options, integers_noted, by_value):
    """`check` of points that hold different data (`runs_holding_alike`): each run of points holding the same is
    checked as its own target (a JAX function reading ``range(n)`` traced once per ``n``), the reports joined in
    the points' order, and fixes found once over all of them (each re-checked at every point). ``integers_noted``
    are the notes of whole numbers made floats (`tensors_for_integers`), which the runs' checks no longer see."""
    runs = runs_holding_alike(resolved, given, options.wrt)
    for run in runs:  # every point known good before any is checked
        _validated(resolved, run, options)
    if by_value:
        bridged = by_returned_value(resolved, given, options.framework)
        if bridged is not resolved:  # a framework's function holds other data: its runs are cut again
            resolved, runs = bridged, runs_holding_alike(bridged, given, options.wrt)
            for run in runs:
                _validated(bridged, run, options)
    # Each run its own `Target.shared`: what is kept per point there (its differences, its exact reference) is known
    # by the variables' numbers alone, and x = 0.5 holding n = 4 is another function than x = 0.5 holding n = 1.
    reports = [check(replace(resolved, shared={}), run, replace(options, fixes=False)) for run in runs]
    report = replace(reports[0], results=[r for each in reports for r in each.results],
                     notes=list(dict.fromkeys([*integers_noted, *(note for each in reports for note in each.notes)])))
    if options.fixes and not report.ok:
        flat, _, chosen, _ = _validated(resolved, runs[0], options)
        rechecking = replace(options, wrt=chosen, fixes=False)
        report.fixes = _fixes(flat, report, lambda fixed: _recheck(fixed, given, rechecking), options)
    return report


# How a plain NumPy call on a traced value reads (`autodiff.boxes`): the target's own numpy, not gradcli.numpy.
_PLAIN_NUMPY_CALLED = "was called on a value gradcli is differentiating"


def _plain_numpy_notes(resolved, options, report):
    """A note where a function read as gradcli's (its module imports gradcli) called NumPy's own functions on the
    values checked: plain NumPy code in a script that also calls gradcli.check is read so, and is checked unchanged
    with framework='numpy'."""
    if options.framework is not None or resolved.framework != "gradcli" or resolved.kind != "function":
        return []
    if not any(_PLAIN_NUMPY_CALLED in (r.error or "") for r in report.results):
        return []
    return [
        f"{resolved.text} is read as gradcli code (its module imports gradcli), so NumPy's own functions it calls "
        "drop the gradient; to check it as the plain NumPy code it is, unchanged, give framework='numpy' "
        "(--framework numpy; the spec key framework)"
    ]


def narrowed_notes(given, names, dtypes):
    """A note for each JAX array of the points that JAX's default mode (x64 off) made narrower than a dtype checked:
    that dtype's check starts from the narrower numbers (float32's 0.3 is 0.30000001192092896), not the ones written."""
    notes = {}
    for path, leaf in _given_leaves(given, names):
        said = _moved_in_wider(leaf, dtypes)
        if said is not None and path not in notes:
            notes[path] = (
                f"{path} is a {said[0]} JAX array, made while JAX's x64 mode is off, so the {said[1]} "
                f"check starts from its {said[0]} numbers ({said[2]}); to check the "
                "numbers written, call jax.config.update(\"jax_enable_x64\", True) before making the arrays, or "
                "give NumPy arrays or Python numbers"
            )
    return list(notes.values())


def constants_notes(resolved, dtypes):
    """A note for each module constant the target reads that is narrower than a dtype checked, in JAX's float64 run
    too (`Bridge.narrowed_constants`): that dtype's run, and its exact reference, hold the narrower numbers."""
    constants = getattr(resolved.bridge, "narrowed_constants", None)
    notes = []
    for name, where, array in constants() if constants is not None else ():
        said = _moved_in_wider(array, dtypes)
        if said is not None:
            notes.append(
                f"{name}{f' ({where})' if where else ''} is a {said[0]} JAX array, made while JAX's x64 mode is off, "
                f"so the {said[1]} run holds its {said[0]} numbers ({said[2]}), as JAX's own {said[1]} program "
                "does; to hold the numbers written, make it with x64 on (jax.config.update(\"jax_enable_x64\", True) "
                f"before the module makes it) and no {said[0]} dtype, or write it as a NumPy array or a Python number"
            )
    return notes


def _moved_in_wider(leaf, dtypes):
    """``(narrow dtype, wider dtypes, "written is held there")`` where ``leaf`` is a JAX array made narrower by JAX's
    default mode (`narrowed_by_default`) than some of ``dtypes`` and one of its first numbers is not the decimal
    its shortest text says, else None."""
    narrow = narrowed_by_default(leaf)
    wider = [name for name in dtypes if narrow is not None and np.dtype(dtype_named(name)).itemsize > narrow.itemsize]
    moved = next((v for v in np.ravel(np.asarray(leaf))[:100] if float(str(v)) != float(v)), None) if wider else None
    if moved is None:
        return None
    return narrow.name, ", ".join(wider), f"{str(moved)} is {float(moved)!r} there"


def _given_leaves(given, names):
    """``(path, leaf)`` of every leaf of the points as given (a bare value is the one variable's)."""
    for point in given:
        for name, argument in point.items() if isinstance(point, dict) else zip(names[:1], [point]):
            yield from leaves(argument, name) if is_tree(argument) else [(name, argument)]


def _check_points(resolved, given, normalized, dtypes, chosen, options, report):
    """`check`'s work once its target and points are known good: each point in each dtype, then the fixes."""
    expect_references(resolved, normalized, dtypes, chosen, options.seed)
    if resolved.expect is not None:  # a framework's bridge starts now what the points below will ask of it
        resolved.expect([[point[n] for n in resolved.variables] for point in normalized], dtypes)
    # --max-time bounds the whole check, fixes' re-checks included; --max-digits each climb of its exact reference.
    # A loop replayed anywhere in the check runs at most --max-time (the finite differences bound theirs more tightly).
    each_loop = loop_trips.watch_for_a_check(seconds_left(options.max_time))
    # A framework's own call (its numbers under test) waits at most --max-time too: compiled code may never return.
    with one_clock(), at_most_digits(options.max_digits), np.errstate(all="ignore"), loop_trips.watching(each_loop), \
            own_time.bounding(options.max_time):
        with ieee():
            replay_ahead(resolved, normalized, dtypes, chosen, options)
        for point in normalized:
            ran = [_check_output(resolved, point, dtype_named(dtype_name), chosen, options) for dtype_name in options.dtypes]
            report.results.extend(without_refused_dtypes(ran, report.notes))
        drawn = getattr(resolved.bridge, "held_draws", None)
        report.notes.extend(drawn() if drawn is not None else ())
        # The re-checks' options, made (and validated) only where `_fixes` searches.
        rechecking = replace(options, wrt=chosen, fixes=False) if options.fixes and not report.ok else None
        report.fixes = _fixes(resolved, report,
                              lambda fixed: _recheck(fixed, with_rewritten_classes(given, fixed), rechecking), options)


def runnable_dtypes(resolved, dtypes, notes):
    """``dtypes`` without those a framework's function refuses (`Bridge.refused`), each told in ``notes``; an
    `InputError` where it refuses them all."""
    refused = getattr(resolved.bridge, "refused", None)
    if refused is None:
        return dtypes
    why = {name: refused(dtype_named(name)) for name in dtypes}
    kept = tuple(name for name in dtypes if why[name] is None)
    if not kept:
        raise InputError(f"{resolved.text} is not run in {', '.join(dtypes)}: {'; '.join(dict.fromkeys(why.values()))} "
                         "(choose that dtype with --dtype)", text=resolved.text)
    notes.extend(f"not run in {name}: {why[name]}" for name in dtypes if why[name] is not None)
    return kept


def _recheck(fixed, given, options):
    """A fix's re-check: the same check of ``fixed``, of which only the verdicts are read."""
    with verdicts_only():
        return check(fixed, given, options)


def _validated(resolved, given, options):
    """``(target with tree arguments as leaves, its variables, the chosen ones, the points)``, or InputError."""
    resolved, flat_points = with_tree_arguments(resolved, given, options.wrt)
    names = resolved.variables
    chosen = chosen_variables(options.wrt, names, resolved.bridge.aliases if resolved.bridge is not None else {})
    normalized = [_normalize_point(p, names) for p in flat_points]
    if not normalized:
        raise InputError("no points to check: give at least one --at (or --random)")
    if resolved.kind == "formula":
        for point in normalized:
            common_shape(point)  # a formula is elementwise: its arrays must broadcast
    if options.order == 2 and any(np.ndim(v) for point in normalized for v in point.values()):
        raise InputError("--order 2 checks the Hessian of scalar variables; this point has arrays")
    if options.order == 2 and resolved.bridge is not None:
        # The framework's gradient is opaque to gradcli's traces: differentiating it again would give 0.
        raise InputError(f"--order 2 is not available for {resolved.framework} functions: gradcli checks their first derivatives")
    return resolved, names, chosen, normalized


def _fixes(resolved, report, recheck, options):
    """Fixes for formulas and for Python functions, each judged by ``recheck(fixed target)``: the very same check."""
    if not options.fixes or report.ok:
        return report.fixes
    if resolved.formula is not None:
        return find_fixes(resolved, report, recheck)
    if resolved.kind == "function":
        return find_source_fixes(resolved, report, recheck)
    return report.fixes


def chosen_variables(wrt, names, aliases):
    """The variables ``wrt`` names (all without it); a tree's path names every leaf under it (``params``), and a
    variable's other name (``aliases``: a tied parameter's second path) names that variable."""
    if not wrt:
        return names
    chosen = []
    for name in wrt:
        name = aliases.get(name, name)
        matched = [n for n in names if n == name or n.startswith(f"{name}.")]
        if not matched:
            raise InputError(
                f"--wrt {name}: not a variable of the target ({', '.join(names)}){did_you_mean(name, names)}")
        chosen += [m for m in matched if m not in chosen]
    return tuple(chosen)


def _point_list(points):
    """``points`` as a list of points: one number, array element or dict alone is one point."""
    if isinstance(points, (list, tuple)) or (isinstance(points, np.ndarray) and points.ndim):
        return list(points)
    return [points]


def _by_name(point, target):
    """A point given as a plain tuple of a function's arguments, ``(params, x, y)``, as ``{parameter: value}`` (as
    ``--args`` reads the tuple its function returns, a list of ints it gives a framework's function data); any other
    point as it is."""
    names = target.variables
    positional = isinstance(point, tuple) and getattr(point, "_fields", None) is None  # a NamedTuple is one argument
    if not positional or target.kind != "function" or len(names) == 1:
        return point
    if len(point) != len(names):
        raise InputError(f"the point gives {len(point)} arguments; {target.text} takes {len(names)} ({', '.join(names)})")
    if target.reads_python_ints:
        return {name: GivenIntegers.of(value) for name, value in zip(names, point)}
    return dict(zip(names, point))


def _normalize_point(point, names):
    if not isinstance(point, dict):
        if len(names) != 1:
            raise InputError(
                f"a bare value needs a target with one variable; this one has {', '.join(names)}: give each point as "
                "a {variable: value} dict, or (for a function) a tuple of its arguments"
            )
        point = {names[0]: point}
    missing = [n for n in names if n not in point]
    if missing:
        raise InputError(f"the point {point} has no value for {', '.join(missing)}")
    normalized = {}
    for n in names:
        if type(point[n]) is float and math.isfinite(point[n]):  # the usual value: as the general path leaves it
            normalized[n] = point[n]
            continue
        try:
            value = np.asarray(as_numbers(point[n]), dtype=np.float64)  # a framework's tensor read as its numbers
        except (TypeError, ValueError):
            if isinstance(point[n], str) and "=" in point[n]:  # the command line's --at text, copied into Python
                raise InputError(
                    f"the point {n}={point[n]!r} is --at's text: from Python give a point as a number or a "
                    f"{{variable: value}} dict, such as {{{next(iter(names))!r}: [0.5, 1.0]}}") from None
            raise InputError(f"the point {n}={point[n]!r} is not a number or an array of numbers") from None
        if value.size == 0:
            raise InputError(f"the point {n}={point[n]!r} is an empty array: there is no gradient to check")
        if not np.all(np.isfinite(value)):
            # A gradient at nan or inf means nothing: bad input, not a verdict.
            raise InputError(f"the point {n}={point[n]!r} is not finite: gradcli checks at finite points")
        normalized[n] = value if value.ndim else float(value)
    return normalized


def _symbolic_derivative(target, chosen):
    """Each partial derivative of ``target``'s formula as text (on the IR: no sympy import; the trees the
    exact reference evaluates on balls)."""
    try:
        return {name: to_text(derivative_of(target, name)) for name in chosen}
    except (ValueError, RecursionError) as error:  # a nicety, never a failure
        return {"error": str(error)}


def _check_output(target, point, dtype, chosen, options):
    """`check_point`, or for a function that returns an array, its Jacobian (`jacobian.check_point`).

    Inside `mp.ieee()`: every high-precision run of the check (reference, differences, explanations,
    Hessian) answers 0/0, x/0 and 0**-1 as the working dtype does, instead of raising.
    """
    with ieee():
        try:
            return check_point(target, point, dtype, chosen, options)
        except VectorOutput as vector:
            return jacobian.check_point(target, point, dtype, chosen, options, vector.shape)
