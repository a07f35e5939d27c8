"""A sweep's vectorised step: the core on whole arrays, the reference beside it, and the bits lost per point.

Per-point bands of the vectorised run: 0 ok, 1 beyond the tolerance, 2 every
bit lost, 3 inf, 4 NaN, 5 no reference to judge by, 6 the exact answer itself
is not finite (x/0: the checker may say domain). A point's band is
value * 8 + gradient; bands pick where the checker looks.
"""

from __future__ import annotations

import contextlib
import math
import time
from dataclasses import replace

import numpy as np

from ..autodiff.tracer import hooks
from ..autodiff.transforms import trace_inputs, value_and_grad, vjp
from ..autodiff.values import raw
from ..capture.bridge import PerPoint, Unmapped, differentiating_the_primal, replaying_points
from ..capture import own_time
from ..capture.own_time import OwnCallStopped
from ..checker import balls
from ..checker.dtypes import dtype_named, finfo
from ..checker.held_literals import held_formula_target
from ..checker.reference import exact_derivative
from ..checker.targets import resolve
from ..errors import InputError
from .results import LOST_ALL

BAND_OK, BAND_OFF, BAND_LOST, BAND_INF, BAND_NAN, BAND_UNKNOWN, BAND_NOT_FINITE = range(7)


def evaluate(target, points, dtype="float64", treat_as_variables=()):
    """Value and gradients of ``target`` at every point in one call of the core: a sweep's vectorised step.

    ``points`` maps every variable to an array (or a number, held); returns
    ``(values, {variable: gradient})`` as arrays of ``dtype``. A Python
    function that is not elementwise on arrays runs once per point.

    >>> values, grads = evaluate("x * x", {"x": [1.0, 2.0]})
    >>> values.tolist(), grads["x"].tolist()
    ([1.0, 4.0], [2.0, 4.0])
    """
    resolved = resolve(target, treat_as_variables)
    dtype = dtype_named(dtype)
    missing = [name for name in resolved.variables if name not in points]
    if missing:
        raise InputError(f"evaluate: give {missing[0]} a value too ({', '.join(resolved.variables)})")
    with np.errstate(all="ignore"):
        arrays = np.broadcast_arrays(*[np.asarray(points[name], dtype=dtype) for name in resolved.variables])
    args = [np.ascontiguousarray(a).ravel() for a in arrays]
    values, grads, _ = evaluate_columns(resolved, args, tuple(resolved.variables))
    shape = arrays[0].shape
    return values.reshape(shape), {name: g.reshape(shape) for name, g in grads.items()}


def clip_to(points, dtype):
    """``points`` in ``dtype``; beyond its largest finite float they stay at it (float16 has no 1e5)."""
    biggest = float(finfo(dtype).max)
    return np.clip(points, -biggest, biggest).astype(dtype)


NOT_ELEMENTWISE = "it is not elementwise on arrays"  # why the core ran a target once per point
# Why a framework's function ran once per point where the framework computes its value but cannot differentiate an op.
NO_DERIVATIVE = "its framework has no derivative for {op}, so no call gives its gradient over the range"


def evaluate_columns(resolved, args, wrt):
    """``(values, gradients, why per point)`` at every point (gradients ``{name: array}`` for ``wrt``): one call of the
    core if elementwise, else a loop, and then why (None where one call answered; an `EachPoint` where what stops the
    bridge's map stops any call on the whole arrays, `Unmapped`'s ``per_point``: the loop at once, nothing traced for them).

    A framework's function (a `Target` with a bridge that can vectorise) is
    evaluated by the framework in one call instead (`_by_bridge`), or point by
    point where its bridge says why (`PerPoint`).
    """
    why = NOT_ELEMENTWISE
    try:
        bridged = _by_bridge(resolved, args, wrt)
    except Unmapped as refused:  # the framework's own reason, should the core's call below go point by point too
        if refused.per_point:  # what stops the map stops a call on the whole arrays too: no trace of them
            return _each_point(resolved, args, wrt, EachPoint(refused))
        bridged, why = None, str(refused)
    if bridged is not None:
        return bridged
    names = resolved.variables
    try:
        with np.errstate(all="ignore"):
            out, pullback = vjp(resolved.function, *args)
            values = np.asarray(out)
            cotangents = pullback(np.ones_like(values))
        grads = {n: np.asarray(cotangents[names.index(n)]) for n in wrt}
        shape = points_shape(args)
        if (
            values.shape == shape
            and all(g.shape == shape for g in grads.values())
            and _elementwise(resolved, args, values, grads, wrt)
        ):
            dtype = args[0].dtype
            return values.astype(dtype, copy=False), {n: g.astype(dtype, copy=False) for n, g in grads.items()}, None
    except Exception:  # noqa: BLE001 - not array-friendly: the loop below decides per point
        pass
    return _each_point(resolved, args, wrt, why)


def _each_point(resolved, args, wrt, why):
    """`evaluate_columns`' answer one point at a time, ``why`` it goes so."""
    values = np.empty(points_shape(args), dtype=args[0].dtype)
    grads = {n: np.empty_like(values) for n in wrt}
    for i in range(len(values)):
        values[i], point_grads = _one(resolved, [a[i] for a in args], wrt)
        for n in wrt:
            grads[n][i] = point_grads[n]
    return values, grads, why


def points_shape(args):
    """The shape of a sweep's points: a swept column's, where a held array's column has its own shape after it."""
    return min((np.shape(a) for a in args), key=len)


# The share of --max-time the call over the whole range waits: the rest is the points', asked one by one if it stops.
_WHOLE_RANGE_SHARE = 0.5
_RANGE_STOPPED = "whole range stopped"  # the target's shared record of why its whole range's call was given up
# Why a sweep asked each point on its own: its framework's call over the whole range ran past --max-time.
WHOLE_RANGE_STOPPED = ("its framework's call over the whole range did not return ({stopped}), so each point was asked "
                       "on its own, each call bounded by what --max-time leaves: a point whose call does not return "
                       "either has no verdict")


def _by_bridge(resolved, args, wrt):
    """The framework's own values and gradients at every point in one vectorised call (``jax.vmap``), or None; point
    by point where that call did not return within --max-time (`WHOLE_RANGE_STOPPED`).

    A dtype the framework lacks (longdouble, a wider reference) is the
    replayed graph's, run by the core at that precision; a function the
    framework cannot vectorise goes the core's way (None).
    """
    vectorised = getattr(getattr(resolved, "bridge", None), "vectorised", None)
    if vectorised is None:
        return None
    names = resolved.variables
    dtype = args[0].dtype
    shared = getattr(resolved, "shared", {})
    if _RANGE_STOPPED in shared:  # a call over the whole range did not return once: none is waited for again
        return _each_point(resolved, args, wrt, shared[_RANGE_STOPPED])
    try:
        with np.errstate(all="ignore"), own_time.sharing(_WHOLE_RANGE_SHARE):
            got = vectorised(args, dtype)
    except PerPoint as why:  # the framework's numbers at a point are its call at that point alone
        return _each_point(resolved, args, wrt, str(why))
    except OwnCallStopped as stopped:  # one point may hold the whole range's call: each point is asked on its own
        why = shared[_RANGE_STOPPED] = WHOLE_RANGE_STOPPED.format(stopped=stopped)
        return _each_point(resolved, args, wrt, why)
    except Unmapped:
        raise
    except Exception as error:  # noqa: BLE001 - not vectorisable as it stands: per point, through the core
        op = getattr(getattr(error, "original", error), "no_derivative", None)
        if op is not None:  # no gradient at any point: each point's check says so, as a check of it does
            return _each_point(resolved, args, wrt, NO_DERIVATIVE.format(op=op))
        return None
    if got is None:
        return evaluate_columns(replace(resolved, function=resolved.mp_function, bridge=None), args, wrt)
    values, grads = got
    shape = np.shape(args[0])[:1]  # the points; a held array's gradient (not swept, not in wrt) has its shape per point
    if np.shape(values) != shape or any(np.shape(grads[names.index(n)]) != shape for n in wrt):
        return None
    return values.astype(dtype, copy=False), {n: grads[names.index(n)].astype(dtype, copy=False) for n in wrt}, None


def reference_columns(resolved, args, wrt, each_point=False):
    """Value and gradients at every point in a wider dtype, the reference a sweep's bands are measured against.

    A framework's function gives the mathematics there, as the check's exact
    reference does: its forward graph replayed and differentiated by gradcli's
    own rules (`Bridge.replayed_range` in one call, else each replay under
    `differentiating_the_primal`), never the framework's rules, so that points
    where a custom rule is off are not filled in as agreeing with it.
    ``each_point``: the function is known to run point by point (an `EachPoint`), so its graph is
    never traced for the whole arrays.
    """
    bridge = getattr(resolved, "bridge", None)
    if bridge is None:
        return evaluate_columns(resolved, args, wrt)
    got = None
    if bridge.replayed_range is not None:
        try:
            with np.errstate(all="ignore"):
                got = bridge.replayed_range(args, args[0].dtype)
        except TypeError:  # no loop for this dtype (SciPy's erfc has none for longdouble): each replay, point by point
            pass
    if got is not None:
        values, grads = got
        names = resolved.variables
        return values, {n: grads[names.index(n)] for n in wrt}, None
    replayed = replace(resolved, function=resolved.mp_function, bridge=None)
    with differentiating_the_primal():
        return _each_point(replayed, args, wrt, None) if each_point else evaluate_columns(replayed, args, wrt)


class EachPoint(str):
    """`evaluate_columns`' reason for a function that runs point by point whatever is called on the whole arrays (its
    bridge's `Unmapped` with ``per_point``): its reference and switch points then go point by point too."""


MAX_TIES = 32  # sampled points at a branch's switch checked besides the anchors (a tie line across a grid: spread)


# Each branching op's switch in floats: (its arguments looked at, where they sit at a tie between two pieces).
_SWITCHES = {
    **dict.fromkeys(("greater", "greater_equal", "less", "less_equal", "equal", "not_equal",
                     "maximum", "minimum", "fmax", "fmin"), (2, lambda a, b: a == b)),
    **dict.fromkeys(("abs", "sign"), (1, lambda x: x == 0)),
    **dict.fromkeys(("floor", "ceil", "trunc"), (1, lambda x: x == np.floor(x))),
    **dict.fromkeys(("round", "rint"), (1, lambda x: x - np.floor(x) == 0.5)),
    **dict.fromkeys(("mod", "floor_divide"), (2, lambda x, y: np.mod(x, y) == 0)),
    "clip": (3, lambda x, lo, hi: (x == lo) | (x == hi)),
    # arctan2's branch cut: it jumps from -pi to pi across y = 0 where x < 0 (and has no limit at the origin).
    "arctan2": (2, lambda y, x: (y == 0) & (x <= 0)),
}


def switch_points(resolved, args, whole_arrays=True, seconds=math.inf, notes=None):
    """Indices of the points at which the program decides a branch at a tie (x < 10 at x = 10, max at equal numbers)
    or sits on a branch cut (arctan2 at y = 0, x < 0).

    A corner or a jump sitting exactly on a sampled point leaves its neighbours' bands alike, so no anchor
    falls on it; these points are checked besides. One forward run of the core (a framework's function as its
    replayed graph) on all points at once; where that run fails, or ``whole_arrays`` is False (the function's
    run on the whole arrays is not its run at each point), one run per point, for at most ``seconds`` (a sentence
    in ``notes`` says where it stopped). At most MAX_TIES of them, spread.
    """
    n = len(args[0])
    at_tie, saved = np.zeros(n, dtype=bool), hooks.forward
    one_point = []  # while a single point runs: the (op's place in the run, op) pairs it ties at

    def seen(prim, values, kwargs, ans):
        if prim.name in _SWITCHES and len(values) >= _SWITCHES[prim.name][0]:
            arity, switch = _SWITCHES[prim.name]
            try:
                tie = np.asarray(switch(*[np.asarray(raw(v)) for v in values[:arity]]), dtype=bool)
                if one_point:
                    one_point[0] += 1
                    if tie.any():
                        one_point.append((one_point[0], prim.name))
                elif tie.ndim and tie.shape[0] == n:
                    at_tie[:] |= tie.reshape(n, -1).any(axis=1)
            except (TypeError, ValueError):
                pass  # arguments that are not float arrays (a held tree's leaf): no switch seen there
        if saved is not None:
            saved(prim, values, kwargs, ans)

    # The core's own function, as `evaluate_columns` runs it; a framework's, as the graph replayed by the core.
    bridge = getattr(resolved, "bridge", None)
    function = resolved.function if bridge is None else resolved.mp_function
    hooks.forward = seen
    try:
        # A bridge that replays the graph of one point on arrays of points (`Bridge.points_at_once`) runs the graph
        # each point's check runs, with no trace for the arrays' shape; else (and where it cannot) the arrays as given.
        if not (bridge is not None and bridge.points_at_once and _ran(function, args, replaying_points())):
            at_tie[:] = False  # the ties a run as points saw before it stopped are not all of them
            if not (whole_arrays and _ran(function, args, contextlib.nullcontext())):
                at_tie[:] = False
                _ties_point_by_point(function, args, at_tie, one_point, seconds, notes)
    finally:
        hooks.forward = saved
    found = np.flatnonzero(at_tie)
    if len(found) > MAX_TIES:
        found = found[np.linspace(0, len(found) - 1, MAX_TIES).round().astype(int)]
    return found.tolist()


def _ties_point_by_point(function, args, at_tie, one_point, seconds, notes):
    """Mark in ``at_tie`` the points whose own run decides a branch at a tie, running ``function`` at each point
    alone (``one_point`` collects a run's ties, `switch_points`' hook). An op tied at every point is a tie between
    numbers no input moves (a weight of 0 clipped at 0), as the whole arrays' run leaves it out: not counted."""
    n, started = len(at_tie), time.perf_counter()
    ties = []
    for i in range(n):
        if time.perf_counter() - started > seconds:
            if notes is not None:
                notes.append(f"the switches of its branches were looked for at the first {i} of {n} points, one "
                             "point at a time, before its share of --max-time ran out: the anchors judge the rest")
            break
        one_point[:] = [0]
        _ran(function, [a[i] for a in args], contextlib.nullcontext())
        ties.append(set(one_point[1:]))
    one_point.clear()
    everywhere = set.intersection(*ties) if len(ties) > 1 else set()
    for i, tied in enumerate(ties):
        at_tie[i] = bool(tied - everywhere)


def _ran(function, args, context):
    """Whether ``function`` ran on the arrays ``args`` in ``context`` (its ops seen by the hooks) without raising."""
    try:
        with np.errstate(all="ignore"), context:
            trace_inputs(function, list(args), {}, tuple(range(len(args))), "check")
    except Exception:  # noqa: BLE001 - a function that refuses these arrays: the caller says what that means
        return False
    return True


def expect_sweep(resolved, point, ranges, dtypes):
    """Tell a framework's bridge what a sweep will ask of it, before it asks (`Target.expect`): the vectorised
    calls over the ranges in each dtype and in the wider one its reference runs (`wider_than`), then single
    points in each dtype (the checks)."""
    if resolved.expect is None:
        return
    dtypes = [dtype_named(name) for name in dtypes]
    wider = [w for w in map(wider_than, dtypes) if w is not None]
    points = math.prod(r.n for r in ranges.values())
    resolved.expect([[point[n] for n in resolved.variables]], dtypes, batched=[(d, points) for d in dict.fromkeys(dtypes + wider)])


def _one(resolved, xs, wrt):
    """Value and gradients at one point (NaN where it raises: the checker gives that point its verdict)."""
    names = resolved.variables
    try:
        with np.errstate(all="ignore"):
            value, grads = value_and_grad(resolved.function, tuple(range(len(names))))(*xs)
        return value, {n: grads[names.index(n)] for n in wrt}
    except Exception:  # noqa: BLE001 - any failure of the function here is its NaN: the checker judges the point
        return np.nan, {n: np.nan for n in wrt}


def _elementwise(resolved, args, values, grads, wrt):
    """Whether a Python function's array run agrees with its runs at single points (formulas always do)."""
    if resolved.kind == "formula":
        return True
    rtol = math.sqrt(float(finfo(args[0].dtype).eps))
    n = len(values)
    for i in sorted({0, n // 2, n - 1}):
        value, point_grads = _one(resolved, [a[i] for a in args], wrt)
        if np.shape(value) != ():
            return False
        single = [float(value)] + [float(point_grads[w]) for w in wrt]
        whole = [float(values[i])] + [float(grads[w][i]) for w in wrt]
        if not np.allclose(single, whole, rtol=rtol, atol=0, equal_nan=True):
            return False
    return True


def wider_than(dtype):
    """A dtype wider than ``dtype`` to compare with, or None (float64 where longdouble is no wider)."""
    if dtype.itemsize < 8:
        return np.dtype(np.float64)
    if np.finfo(np.longdouble).nmant > np.finfo(dtype).nmant:
        return np.dtype(np.longdouble)
    return None


def exact_roots(resolved, dtype):
    """A formula's IR and its derivatives, for the exact reference on balls, its literals as ``dtype`` holds
    them (`held_formula_target`, as the checker's reference in ``dtype``); None for Python functions."""
    if resolved.kind != "formula" or resolved.formula is None:
        return None
    try:
        root = held_formula_target(resolved, dtype).formula.root
        return [root] + [exact_derivative(root, name) for name in resolved.variables]
    except (ValueError, RecursionError):
        return None


def exact_at(roots, names, args, wrt, seconds):
    """The exact value and gradients at every point as (mantissa, power of 2) pairs, or None.

    The mantissa rounded to float64 keeps 53 bits, all that bits lost in
    float32 or float64 needs; the power of 2 keeps numbers beyond float64
    (1e-400), whose float32 or float64 rounding is 0. See `bits_and_bands`.
    """
    points = [{n: float(a[i]) for n, a in zip(names, args)} for i in range(len(args[0]))]
    try:
        entries, _ = balls.evaluate_points(roots, points, balls.Budget(seconds))
    except (balls.NoBall, balls.OutOfTime, ValueError, RecursionError):
        return None
    table = np.array([[_scaled(e) for e in row] for row in entries], dtype=np.float64).reshape(len(points), len(roots), 2)
    value = table[:, 0, :]
    grads = {n: table[:, 1 + names.index(n), :] for n in wrt}
    return value, grads


def _scaled(number):
    """An exact number as (mantissa in float64, power of 2), so 1e-400 keeps its digits; nan and inf as floats."""
    import mpmath

    if number is None:
        return (math.nan, 0.0)
    if not mpmath.isfinite(number):
        return (float(number), 0.0)
    if number == 0:
        return (0.0, 0.0)
    mantissa, exponent = mpmath.frexp(number)
    return (float(mantissa), float(exponent))


def bits_and_bands(computed, reference, dtype, rtol, atol):
    """Per point, the bits ``computed`` lost against ``reference`` and its band (BAND_OK .. BAND_UNKNOWN).

    ``reference`` is a wider dtype's array or, from `exact_at`, an array of
    (mantissa, exponent) pairs. A result equal to the reference rounded to the
    dtype is right (0 bits lost), so a value the dtype cannot hold (exp(-1000)
    in float32: 0) is not held against it.
    """
    computed = np.asarray(computed, dtype=np.float64)
    with np.errstate(all="ignore"):
        if np.ndim(reference) == computed.ndim + 1:
            mantissa, exponent = reference[..., 0], reference[..., 1]
            power = np.clip(exponent, -1100, 1100).astype(int)
            # |c - r| / |r| without leaving float64's range: scale c by r's power of 2.
            rounded = np.ldexp(mantissa, power).astype(dtype).astype(np.float64)
            scaled = np.ldexp(computed, np.clip(-exponent, -2200, 2200).astype(int))
            difference = np.abs(scaled - mantissa)
            relative = difference / np.abs(mantissa)
            close = difference <= atol * np.ldexp(1.0, -power) + rtol * np.abs(mantissa)
            finite_reference = np.isfinite(mantissa)
            zero_reference = mantissa == 0
        else:
            wide = np.asarray(reference)
            rounded = wide.astype(dtype).astype(np.float64)
            difference = np.abs(computed.astype(wide.dtype) - wide)
            relative = (difference / np.abs(wide)).astype(np.float64)
            close = difference <= atol + rtol * np.abs(wide)
            finite_reference = np.isfinite(wide)
            zero_reference = wide == 0
        right = (computed == rounded) | (np.isnan(computed) & np.isnan(rounded))
        relative = np.where(right, 0.0, np.where(zero_reference, np.where(computed == 0, 0.0, np.inf), relative))
        eps = float(finfo(dtype).eps)
        bits = np.clip(np.log2(np.maximum(relative, 1e-300) / eps), 0, finfo(dtype).nmant + 1)
        bits = np.where(relative == 0, 0.0, bits)
    band = np.where(right | close, BAND_OK, np.where(relative >= LOST_ALL, BAND_LOST, BAND_OFF))
    band = np.where(np.isinf(computed) & ~right, BAND_INF, band)
    band = np.where(np.isnan(computed) & ~right, BAND_NAN, band)
    band = np.where(finite_reference, band, np.where(right, BAND_NOT_FINITE, BAND_UNKNOWN))
    bits = np.where(~np.isfinite(computed) & ~right, np.inf, bits)
    bits = np.where(finite_reference | right, bits, np.nan)
    return bits, band.astype(int)
