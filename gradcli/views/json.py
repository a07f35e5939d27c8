"""Results as JSON text: the plain data of `gradcli.jsondata`, written indented.

Every ``--json`` is this view of a result's ``to_dict()`` (``gradcli.check/1``,
``gradcli.sweep/1``, ``gradcli.audit/1``, ...).
"""

from __future__ import annotations

import json
import sys

from ..jsondata import jsonable


def dump_json(data, stream=None) -> None:
    """Write ``data`` as indented JSON (a final newline included)."""
    stream = stream or sys.stdout
    stream.write(json.dumps(jsonable(data), indent=2) + "\n")
