"""Building a `Case` from layers of settings: the one place where every entry point (CLI, spec, decorator) merges.

A layer is a dict of case keys (``at``, ``range``, ``args``, ``expect``, ``timeout``)
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
from ..checker.ranges import DEFAULT_N, SCALES, Range, split_range
from ..checker.target_text import FUNCTION_TARGET
from ..checker.verdict import Verdict
from ..errors import InputError
from .results import Case

OPTION_KEYS = tuple(f.name for f in fields(CheckOptions))
CASE_KEYS = ("at", "range", "scale", "args", "expect", "timeout")  # what a case says besides its check options
DEFAULT_TIMEOUT = 30.0


def parse_range(text: str) -> tuple:
    """``"x=LO:HI[:N]"`` (as ``gradcli sweep --range``) as ``(name, (lo, hi[, n]))``, as `gradcli.sweep` takes it.

    Read by the one reader of ranges (`checker.ranges.split_range`), so that a
    spec's bad range is refused on its line, before any case runs.

    >>> parse_range("x=-200:200:201")
    ('x', (-200.0, 200.0, 201))
    """
    name, lo, hi, n = split_range(text, option="range")
    return name, (lo, hi) if n is None else (lo, hi, n)


def swept_range(text, scale):
    """``(name, (lo, hi, n, scale))`` of a case's range text on ``scale``, as `gradcli.sweep` takes it."""
    name, (lo, hi, *given) = parse_range(text)
    return name, (lo, hi, given[0] if given else DEFAULT_N, scale)


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
    if key == "scale":
        if value not in SCALES:
            raise InputError(f"scale {value!r}: how a sweep's points are spaced, as sweep --scale takes it: {', '.join(SCALES)}")
        return value
    if key == "args":
        if not isinstance(value, str) or not FUNCTION_TARGET.match(value.strip()):
            raise InputError(f"args {value!r}: name a function of your code that returns the arguments, as --args takes it: \"model.py:example_args\"")
        return value.strip()
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
    """The `Case` that ``layers`` describe (later layers win), checked: points, or a range with at most one point
    holding the variables it does not sweep."""
    settings = {key: check_value(key, value) for key, value in merge_layers(*layers).items()}
    own_args = [layer["args"] for layer in layers[:-1] if layer and layer.get("args") is not None]
    if own_args:
        # The case's own args (or its defaults') hold its points; --args typed for the run serves those naming none.
        settings["args"] = check_value("args", own_args[-1])
    if not isinstance(target, str) or not target.strip():
        raise InputError(f"case {name!r} needs a target: a formula, path/file.py:function or module:function")
    if "at" in settings and "args" in settings:
        if any(layer and "args" in layer for layer in layers[:-1]):  # the case (or its defaults) says both
            raise InputError(f"case {name!r} gives its points twice: at, or args (a function that returns them), not both")
        del settings["args"]  # --args typed for the run gives the points of the cases that name none
    if not ({"at", "range", "args"} & set(settings)):
        raise InputError(f"case {name!r} needs either at (points) or range (a sweep), not neither")
    if "at" in settings and "range" in settings and len(settings["at"]) != 1:
        # beside a range, at holds the variables not swept, as `gradcli sweep --at` does: one point of them
        raise InputError(f"case {name!r} sweeps a range: its at holds the variables not swept at one point, "
                         f"as in at = [\"y=2\"], not {len(settings['at'])} points")
    if "at" in settings and "range" in settings:
        swept = parse_range(settings["range"][0])[0]
        if swept in re.findall(r"(?:^|,)\s*([A-Za-z_][\w.]*)\s*=", settings["at"][0]):
            raise InputError(f"case {name!r}: at {settings['at'][0]!r} holds {swept}, which its range sweeps")
    if "scale" in settings:
        if "range" not in settings:
            raise InputError(f"case {name!r}: scale spaces a sweep's points, so it goes with range, not with points")
        Range(*swept_range(settings["range"][0], settings["scale"])[1])  # a log scale's range must be positive: said here
    option_settings = {key: value for key, value in settings.items() if key in OPTION_KEYS}
    if "range" in settings and "max_time" not in option_settings:
        # A sweep's budget is its case's timeout, less what loading took (`run_case` cuts it so), not the
        # check's default: a case given ten minutes refines its thresholds for ten minutes.
        option_settings["max_time"] = math.inf
    options = build_options(option_settings)
    return Case(
        name=name,
        target=target,
        at=settings.get("at", ()),
        ranges=settings.get("range", ()),
        scale=settings.get("scale", "linear"),
        args=settings.get("args", ""),
        options=options,
        expect=settings.get("expect"),
        timeout=settings.get("timeout", DEFAULT_TIMEOUT),
        folder=folder,
        origin=origin,
    )
