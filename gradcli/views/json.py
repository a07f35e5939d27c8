"""Results as JSON: plain data (non-finite floats as "nan"/"inf"/"-inf", arrays as nested lists), written indented.

Every ``--json`` is this view of a result's ``to_dict()`` (``gradcli.check/1``,
``gradcli.sweep/1``, ``gradcli.audit/1``, ...).
"""

from __future__ import annotations

import json
import math
import sys


def jsonable(value):
    """Plain JSON data: non-finite floats become "nan"/"inf"/"-inf", arrays nested lists."""
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


def dump_json(data, stream=None) -> None:
    """Write ``data`` as indented JSON (a final newline included)."""
    stream = stream or sys.stdout
    stream.write(json.dumps(jsonable(data), indent=2) + "\n")
