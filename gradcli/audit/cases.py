"""Building a `Case` from layers of settings: the one place where every door (CLI, spec, decorator) merges.

A layer is a dict of case keys (``at``, ``range``, ``expect``, ``timeout``)
and check options (the fields of `CheckOptions`, spelled as in Python:
``dtypes``, ``rtol``, ``max_time``...). Later layers override earlier ones:
a spec's ``[defaults]``, then the case itself, then the flags typed on the
command line, which win, as they do in pytest, ruff and mypy.
`check_value` validates one key's value on its own, so a spec can name the
line of a bad value. No NumPy is imported here.
"""

from __future__ import annotations

import math
import re
from dataclasses import fields

from ..checker.options import CheckOptions, build_options, merge_layers
from ..checker.verdict import Verdict
from ..errors import InputError
from .results import Case

OPTION_KEYS = tuple(f.name for f in fields(CheckOptions))
CASE_KEYS = ("at", "range", "expect", "timeout")  # what a case says besides its check options
DEFAULT_TIMEOUT = 30.0

_RANGE = re.compile(r"^\s*(?P<name>[A-Za-z_]\w*)\s*=(?P<lo>[^:]+):(?P<hi>[^:]+)(:(?P<n>[^:]+))?$")


def parse_range(text: str) -> tuple:
    """``"x=LO:HI[:N]"`` (as ``gradcli sweep --range``) as ``(name, (lo, hi[, n]))``, as `gradcli.sweep` takes it.

    Checked as `gradcli.sweep` checks a range (lo < hi, N in its bounds), so
    that a spec's bad range is refused on its line, before any case runs.

    >>> parse_range("x=-200:200:201")
    ('x', (-200.0, 200.0, 201))
    """
    match = _RANGE.match(text) if isinstance(text, str) else None
    if not match:
        raise InputError(f"range {text!r}: expected name=LO:HI[:N], as in x=-200:200:201")
    try:
        ends = (float(match["lo"]), float(match["hi"]))
        n = () if match["n"] is None else (int(match["n"]),)
    except ValueError:
        raise InputError(f"range {text!r}: LO and HI are numbers and N a whole number") from None
    if not all(map(math.isfinite, ends)):
        raise InputError(f"range {text!r}: the ends of a range are finite numbers")
    from ..checker.sweep import Range

    Range(*ends, *n)  # InputError where the sweep would refuse it
    return match["name"], ends + n


def check_value(key, value):
    """``value`` for ``key`` (a case key or a check option), validated and spelled canonically; InputError if bad."""
    if key in OPTION_KEYS:
        try:
            CheckOptions(**{key: value})  # the options object's own validation, for this key alone
        except (TypeError, ValueError) as error:
            if isinstance(error, InputError):
                raise
            raise InputError(f"{key} {value!r}: {error}") from None
        return value
    if key == "at":
        points = [value] if isinstance(value, (str, int, float)) else list(value) if isinstance(value, (list, tuple)) else []
        if not points or not all(isinstance(p, (str, int, float)) and not isinstance(p, bool) for p in points):
            raise InputError(f"at {value!r}: give points as --at takes them, such as [\"x=1\", \"x=100\"]")
        return tuple(str(p) for p in points)
    if key == "range":
        ranges = tuple(value) if isinstance(value, (list, tuple)) else (value,)  # parse_range refuses what is not text
        for text in ranges:
            parse_range(text)
        if len(ranges) != 1:
            raise InputError(f"range {value!r}: a sweep covers one variable: give one range")
        return ranges
    if key == "expect":
        try:
            return Verdict(value)
        except ValueError:
            raise InputError(f"expect {value!r}: not a verdict (use {', '.join(Verdict)})") from None
    if key == "timeout":
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
            raise InputError(f"timeout {value!r}: a number of seconds above 0")
        return float(value)
    raise InputError(f"{key}: not a key of a case (the keys: {', '.join(CASE_KEYS + OPTION_KEYS)})")


def make_case(name, target, layers, folder=".", origin="") -> Case:
    """The `Case` that ``layers`` describe (later layers win), checked: points or a range, never both."""
    settings = {key: check_value(key, value) for key, value in merge_layers(*layers).items()}
    if not isinstance(target, str) or not target.strip():
        raise InputError(f"case {name!r} needs a target: a formula, path/file.py:function or module:function")
    if ("at" in settings) == ("range" in settings):
        raise InputError(f"case {name!r} needs either at (points) or range (a sweep), not {'both' if 'at' in settings else 'neither'}")
    options = build_options({key: value for key, value in settings.items() if key in OPTION_KEYS})
    return Case(
        name=name,
        target=target,
        at=settings.get("at", ()),
        ranges=settings.get("range", ()),
        options=options,
        expect=settings.get("expect"),
        timeout=settings.get("timeout", DEFAULT_TIMEOUT),
        folder=folder,
        origin=origin,
    )
