"""Results as plain JSON data: what every report format and every worker's answer is made of.

Non-finite floats become the strings "nan", "inf" and "-inf", arrays nested
lists, and a result object its ``to_dict()``: the data of ``gradcli.check/1``,
``gradcli.sweep/1`` and ``gradcli.audit/1``. It imports nothing of gradcli, so
the audit's workers and every view share it without a layer reaching up.
"""

from __future__ import annotations

import math


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
