"""Results as JSON text: the plain data of `gradcli.jsondata`, written indented.

Every ``--json`` is this view of a result's ``to_dict()`` (``gradcli.check/1``,
``gradcli.sweep/1``, ``gradcli.audit/1``, ...).

The text is, byte for byte, ``json.dumps(jsonable(data), indent=2)``, written
by `indented` rather than by the standard library: with ``indent`` set,
``json`` falls back to its pure-Python encoder, a generator per container,
which took 0.15-0.7 s for an audit of a hundred cases (1 MB). `indented`
walks the data once, converting as `jsonable` does on the way, and leaves
each string to the C escaper ``json`` itself uses.
"""

from __future__ import annotations

import json
import math
import sys
from json.encoder import encode_basestring_ascii

from ..jsondata import jsonable

_INDENT = "  "
_KEYWORDS = {None: "null", True: "true", False: "false"}


def dump_json(data, stream=None) -> None:
    """Write ``data`` as indented JSON (a final newline included)."""
    stream = stream or sys.stdout
    stream.write(indented(data) + "\n")


def indented(data) -> str:
    """``json.dumps(jsonable(data), indent=2)``, the same text, made in one pass."""
    parts = []
    _write(data, "\n", parts)
    return "".join(parts)


def _write(value, newline, out):
    """Append the JSON of ``value`` to ``out``; ``newline`` starts a line at the indentation ``value`` opens at."""
    kind = type(value)
    if kind is dict:
        if not all(type(key) is str for key in value):  # jsonable makes the keys text its own way
            _other(value, newline, out)
        elif not value:
            out.append("{}")
        else:
            inner = newline + _INDENT
            opening = "{" + inner
            for key, item in value.items():
                out.append(opening)
                out.append(encode_basestring_ascii(key))
                out.append(": ")
                if type(item) is str:  # the commonest, written here rather than by a call
                    out.append(encode_basestring_ascii(item))
                else:
                    _write(item, inner, out)
                opening = "," + inner
            out.append(newline + "}")
    elif kind is list or kind is tuple:
        if not value:
            out.append("[]")
            return
        inner = newline + _INDENT
        opening = "[" + inner
        for item in value:
            out.append(opening)
            _write(item, inner, out)
            opening = "," + inner
        out.append(newline + "]")
    elif kind is str:
        out.append(encode_basestring_ascii(value))
    elif kind is float and math.isfinite(value):
        out.append(float.__repr__(value))
    elif value is None or kind is bool:
        out.append(_KEYWORDS[value])
    elif kind is int:
        out.append(int.__repr__(value))
    else:
        _other(value, newline, out)


def _other(value, newline, out):
    """Append the JSON of what is not plain JSON data already, as `jsonable` makes it."""
    if type(value) is float:  # not finite: "nan", "inf", "-inf"
        out.append(encode_basestring_ascii(jsonable(value)))
    elif hasattr(value, "to_dict"):  # a result object: its plain data
        _write(value.to_dict(), newline, out)
    elif isinstance(value, str):  # a str subclass (a verdict): json writes its text, as jsonable keeps it
        out.append(encode_basestring_ascii(value))
    else:  # NumPy data, an integer enum, keys that are not text: converted, then written by json itself
        out.append(json.dumps(jsonable(value), indent=2).replace("\n", newline))
