"""Whole numbers typed for a framework's function: a count it takes as a Python int, or a tensor's number.

A number typed without a point for a parameter outside ``--wrt`` (``y=0``) reaches a framework's function as the
Python int, so that ``range(n)``, a shape or an index works. A function that wanted a tensor there
(``F.binary_cross_entropy_with_logits(z, y)`` reads ``y.size()``) raises on the int where ``y=0.0`` would have been
checked: the framework cannot tell the two readings apart, so its own run at the point does. The int stays an int
where the function runs with it; where it raises with the int and runs with the float of the dtype, the number is
that float, as if typed with a point, and a note says so. Where neither runs, the point stays as typed and the check
reports what the function raised.
"""

from __future__ import annotations

import warnings

import numpy as np

from ..capture.trees import is_tree
from .targets import as_arguments, describe


def tensors_for_integers(target, points, wrt, dtype):
    """``(points, notes)``: ``points`` (dicts by parameter) with each whole number typed for a framework's function
    ``target`` outside ``wrt`` that the function raises on as a Python int but takes as a number of ``dtype`` made
    that float (a list of them a float array); every other value as it was."""
    if target.kind != "function" or target.bridge is None:
        return points, []
    settled, notes, tried = [], [], {}
    for point in points:
        typed = [n for n in target.variables if isinstance(point, dict) and n not in (wrt or ()) and _whole(point.get(n))]
        if not typed:
            settled.append(point)
            continue
        key = tuple((n, repr(point[n])) for n in target.variables if n in typed)
        if key not in tried:
            tried[key] = _floated_names(target, point, typed, dtype)
        floated, raised = tried[key]
        for n in floated:
            as_float = np.asarray(point[n], dtype=np.float64)
            held = "a Python int" if type(point[n]) is int else "an int64 array"
            note = (f"{n} = {point[n]}, typed without a point, reached {target.text} as {held}, on which it "
                    f"raised ({raised}): {n} is checked as {as_float.tolist()}, of the dtype, as typing "
                    f"{n}={as_float.tolist()} asks")
            if note not in notes:
                notes.append(note)
        settled.append({n: _as_float(v) if n in floated else v for n, v in point.items()})
    return settled, notes


def _as_float(value):
    """A whole number (or a list of them) as the float (the float64 array) it stands for."""
    return float(value) if type(value) is int else np.asarray(value, dtype=np.float64)


def _whole(value):
    """Whether ``value`` is a Python int (no bool) or a non-empty nested list of them."""
    if type(value) is int:
        return True
    if not isinstance(value, list) or not value:
        return False
    return all(_whole(v) for v in value)


def _floated_names(target, point, typed, dtype):
    """``(names, what the int raised)``: the names among ``typed`` that the function needs as floats at ``point``
    (all of them, else each alone), or ``((), None)`` where it runs with the ints or with no float in their place."""
    raised = _raises(target, point, (), dtype)
    if raised is None:
        return (), None
    for names in [tuple(typed)] + ([(n,) for n in typed] if len(typed) > 1 else []):
        if _raises(target, point, names, dtype) is None:
            return names, raised
    return (), None


def _raises(target, point, floated, dtype):
    """What the framework's own run of ``target`` at ``point`` in ``dtype`` raises (described), the ``floated`` names
    as floats, or None where it runs."""
    (point,) = as_arguments(target, [point])  # a module's parameters as the trees its bridge makes of them
    args = target.users_arguments([_argument(point[n], n in floated, dtype) for n in target.variables])
    try:
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            target.bridge.own(args, None)
    except KeyboardInterrupt:
        raise
    except BaseException as error:  # noqa: BLE001 - what the function raises is the answer asked for
        return describe(error)
    return None


def _argument(value, floated, dtype):
    """A point's value as the framework's run is handed it: a whole number as the int (a list as int64) unless
    ``floated``, a number or an array in ``dtype``, a tree as it is."""
    if _whole(value) and not floated:
        return value if type(value) is int else np.asarray(value, dtype=np.int64)
    if is_tree(value) and not _whole(value):
        return value
    array = np.asarray(value, dtype=dtype)
    return array[()] if array.ndim == 0 else array
