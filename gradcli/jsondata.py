"""Results as plain JSON data: what every report format and every worker's answer is made of.

Non-finite floats become the strings "nan", "inf" and "-inf", arrays nested
lists, and a result object its ``to_dict()``: the data of ``gradcli.check/1``,
``gradcli.sweep/1`` and ``gradcli.audit/1``. It imports nothing of gradcli, so
the audit's workers and every view share it without a layer reaching up.
"""

from __future__ import annotations

import math

_NON_FINITE = {math.inf: "inf", -math.inf: "-inf"}
_KEPT = frozenset({str, int, bool, type(None)})  # exact types that are JSON data as they are


def jsonable(value):
    """Plain JSON data: non-finite floats become "nan"/"inf"/"-inf", arrays nested lists."""
    # Told by exact type, and the items of a dict or a list that are plain already kept without a call: an
    # audit's worker makes every case's report plain, and asking each float for ``to_dict`` cost more than the rest.
    kind = type(value)
    if kind is float:
        return value if value - value == 0.0 else _non_finite(value)
    if kind in _KEPT:
        return value
    if kind is dict:
        return {
            key if type(key) is str else str(key):
            item if type(item) in _KEPT or (type(item) is float and item - item == 0.0) else jsonable(item)
            for key, item in value.items()
        }
    if kind is list or kind is tuple:
        return [item if type(item) in _KEPT or (type(item) is float and item - item == 0.0) else jsonable(item) for item in value]
    return _converted(value)


def _non_finite(number):
    return "nan" if math.isnan(number) else _NON_FINITE[number]


def _converted(value):
    """`jsonable` of anything but a plain float, string, int, bool, None, dict, list or tuple."""
    if hasattr(value, "to_dict"):
        return jsonable(value.to_dict())
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, int):
        return value
    if hasattr(value, "tolist") and not isinstance(value, float):
        return jsonable(value.tolist())
    try:
        number = float(value)
    except (TypeError, ValueError):
        return str(value)
    if math.isnan(number):
        return "nan"
    if math.isinf(number):
        return "inf" if number > 0 else "-inf"
    return number
