"""Ranges of one variable: ``VAR=LO:HI[:N]`` read with its bad part underlined, and the points sampled on them.

A `Range` is ``n`` points from ``lo`` to ``hi`` on a scale (linear, log,
symlog, or evenly over the float bit patterns). `parse_range` is the one
reader of the text form, for ``gradcli sweep --range`` and for an audit
spec's ``range`` alike. Reading a range imports no NumPy; sampling does.
"""

from __future__ import annotations

import math
import numbers
import re
from dataclasses import dataclass

from ..errors import InputError
from .points import NUMBER_WORDS, whole_number

SCALES = ("linear", "log", "symlog", "float")
DEFAULT_N = 101
MAX_POINTS = 10**7  # above this a sweep is refused (memory and time), not truncated
MAX_RANGES = 2  # a sweep is a line or a grid
_WHOLE_NUMBER = re.compile(r"\s*\+?\d+\s*")


@dataclass(frozen=True)
class Range:
    """The swept values of one variable: ``n`` points from ``lo`` to ``hi`` (both included) on ``scale``.

    >>> Range(1, 100, 3, "log").points().tolist()
    [1.0, 10.0, 100.0]
    """

    lo: float
    hi: float
    n: int = DEFAULT_N
    scale: str = "linear"

    def __post_init__(self):
        lo, hi, n = _validate(self.lo, self.hi, self.n, self.scale)
        object.__setattr__(self, "lo", lo)
        object.__setattr__(self, "hi", hi)
        object.__setattr__(self, "n", n)

    def points(self):
        return sample(self.lo, self.hi, self.n, self.scale)

    def to_dict(self):
        return {"lo": self.lo, "hi": self.hi, "n": self.n, "scale": self.scale}


def _leaf_path(name):
    """Whether ``name`` is a path to a leaf of a tree argument (``params.a``, ``layers.0.w``)."""
    parts = name.split(".")
    return len(parts) > 1 and parts[0].isidentifier() and all(p.isidentifier() or p.isdigit() for p in parts[1:])


def split_range(text, variables=None, option="--range"):
    """``VAR=LO:HI[:N]`` as ``(name, lo, hi, n)`` (``n`` None when not given); InputError with the bad part underlined.

    ``variables`` are the target's (None: any identifier is a name);
    ``option`` starts every message (``--range`` on the command line,
    ``range`` in a spec).
    """
    if not isinstance(text, str):
        raise InputError(f"{option} {text!r}: expected VAR=LO:HI[:N], as in x=-5:5:101")
    name, sep, spec = text.partition("=")
    name = name.strip()
    if not sep:
        raise InputError(f"{option} {text}: expected VAR=LO:HI[:N], as in x=-5:5:101", text=text, span=(0, len(text)))
    name_span = (0, max(1, len(text) - len(spec) - 1))
    if variables is not None and name not in variables and not (_leaf_path(name) and name.split(".")[0] in variables):
        raise InputError(
            f"{option} {text}: '{name}' is not a variable of the target (its variables: {', '.join(variables)})",
            text=text,
            span=name_span,
        )
    if variables is None and not (name.isidentifier() or _leaf_path(name)):
        raise InputError(f"{option} {text}: '{name}' is not a variable name", text=text, span=name_span)
    pieces, spans, start = spec.split(":"), [], len(text) - len(spec)
    for piece in pieces:
        spans.append((start, start + max(1, len(piece))))
        start += len(piece) + 1
    if not 2 <= len(pieces) <= 3:
        bad = (spans[0][0], spans[0][1]) if len(pieces) < 2 else (spans[3][0] - 1, len(text))
        raise InputError(f"{option} {text}: expected LO:HI or LO:HI:N after '{name}='", text=text, span=bad)
    what = f"{option} {text}"
    lo, hi = (_range_end(p, what, text, s) for p, s in zip(pieces[:2], spans))
    n = _range_count(pieces[2], what, text, spans[2]) if len(pieces) == 3 else None
    if not lo < hi:
        raise InputError(f"{what}: the low end must be below the high end", text=text, span=(spans[0][0], spans[1][1]))
    return name, lo, hi, n


def parse_range(text: str, variables=None, scale="linear", option="--range"):
    """One ``VAR=LO:HI[:N]`` as ``(name, Range)``; InputError with the bad part underlined (see `split_range`).

    >>> parse_range("x=1:100:3", ["x"], "log")[1].points().tolist()
    [1.0, 10.0, 100.0]
    """
    name, lo, hi, n = split_range(text, variables, option)
    if scale == "log" and not lo > 0:
        low_end = (len(text) - len(text.partition("=")[2]), len(text.partition(":")[0]))
        raise InputError(
            f"{option} {text}: on a log scale the low end must be above 0 (or use --scale symlog)", text=text, span=low_end
        )
    try:
        return name, Range(lo, hi, DEFAULT_N if n is None else n, scale)
    except InputError as error:  # what a range refuses besides the above, still shown on the text
        start = len(text) - len(text.partition("=")[2])
        raise InputError(f"{option} {text}: {error.message}", text=text, span=(start, len(text))) from None


def _range_end(piece, what, text, span):
    lowered = piece.strip().lower()
    try:
        value = NUMBER_WORDS[lowered] if lowered in NUMBER_WORDS else float(piece)
    except ValueError:
        raise InputError(f"{what}: '{piece.strip()}' is not a number", text=text, span=span) from None
    if not math.isfinite(value):
        raise InputError(f"{what}: the ends of a range are finite numbers, not {piece.strip()}", text=text, span=span)
    return value


def _range_count(piece, what, text, span):
    if not _WHOLE_NUMBER.fullmatch(piece):
        raise InputError(f"{what}: the number of points N is a whole number, not '{piece.strip()}'", text=text, span=span)
    n = whole_number(piece, what, text, span)
    if not 2 <= n <= MAX_POINTS:
        raise InputError(f"{what}: the number of points N is 2 to {MAX_POINTS:,}, not {n:,}", text=text, span=span)
    return n


def parse_ranges(texts, variables, scale="linear") -> dict:
    """The ``--range`` options of one sweep as ``{name: Range}``: at most two, each variable once."""
    if len(texts) > MAX_RANGES:
        raise InputError(
            f"--range {texts[MAX_RANGES]}: a sweep has one or two ranges (a line or a grid), not {len(texts)}",
            text=texts[MAX_RANGES],
            span=(0, len(texts[MAX_RANGES])),
        )
    ranges = {}
    for text in texts:
        name, swept = parse_range(text, variables, scale)
        if name in ranges:
            raise InputError(f"--range {text}: '{name}' already has a range", text=text, span=(0, text.index("=")))
        ranges[name] = swept
    return ranges


def default_ranges(variables, scale=None) -> dict:
    """The range swept when no ``--range`` is given: -1000:1000 on symlog (log: 1e-3:1e3), one variable only."""
    if len(variables) != 1:
        raise InputError(
            f"the target has {len(variables)} variables ({', '.join(variables)}): say which to sweep with "
            f"--range, as in --range {variables[0]}=-10:10 (and hold the others with --at)"
        )
    scale = scale or "symlog"
    lo, hi = (1e-3, 1e3) if scale == "log" else (-1000.0, 1000.0)
    return {variables[0]: Range(lo, hi, DEFAULT_N, scale)}


def sample(lo, hi, n, scale="linear"):
    """``n`` sorted float64 points from ``lo`` to ``hi``, both included, spaced by ``scale``.

    ``linear`` and ``log`` (``lo > 0``) as NumPy's linspace and geomspace;
    ``symlog`` evenly in sign(x) * log10(1 + |x|), linear near 0 and
    logarithmic away from it on either side; ``float`` evenly over the float64
    bit patterns between ``lo`` and ``hi`` (Herbie's sampling: 1e-300 and 1e300
    as likely as 1), across zero too (-0.0 and 0.0 count once). A range with
    fewer than ``n`` floats gives each float once.

    >>> sample(-1, 1, 3, "float").tolist()
    [-1.0, 0.0, 1.0]
    """
    import numpy as np  # lazy: reading a range (a spec, the command line) needs no NumPy

    lo, hi, n = _validate(lo, hi, n, scale)
    if scale == "linear" and not math.isfinite(hi - lo):  # -1e308:1e308: linspace's step would overflow
        points = np.linspace(lo / 2, hi / 2, n) * 2
    elif scale == "linear":
        points = np.linspace(lo, hi, n)
    elif scale == "log":
        points = np.geomspace(lo, hi, n)
    elif scale == "symlog":
        t = np.linspace(_symlog(lo), _symlog(hi), n)
        with np.errstate(over="ignore"):
            points = np.sign(t) * np.expm1(np.abs(t) * math.log(10))
    else:
        keys = float_keys(np.array([lo, hi]))
        span = int(keys[1]) - int(keys[0])
        steps = min(n - 1, span)  # exact integer spacing: the middle of -a:a is 0 itself
        offsets = [span * i // steps for i in range(steps + 1)]
        points = floats_of_keys(keys[0], offsets, np.dtype(np.float64))
    points = np.clip(points, lo, hi)  # rounding in the spacing never leaves the range
    points[0], points[-1] = lo, hi
    return np.unique(points)


def _validate(lo, hi, n, scale):
    if scale not in SCALES:
        raise InputError(f"scale {scale!r}: use {', '.join(SCALES[:-1])} or {SCALES[-1]}")
    try:
        lo, hi = float(lo), float(hi)
    except (TypeError, ValueError):
        raise InputError(f"range {lo!r}:{hi!r}: the ends of a range are numbers") from None
    if not (math.isfinite(lo) and math.isfinite(hi)):
        raise InputError(f"range {lo}:{hi}: the ends of a range are finite numbers")
    if not lo < hi:
        raise InputError(f"range {lo:g}:{hi:g}: the low end must be below the high end")
    if isinstance(n, bool) or not isinstance(n, numbers.Integral):
        raise InputError(f"range {lo:g}:{hi:g}:{n!r}: the number of points is a whole number")
    if not 2 <= n <= MAX_POINTS:
        raise InputError(f"range {lo:g}:{hi:g}:{n}: the number of points is 2 to {MAX_POINTS:,}")
    if scale == "log" and not lo > 0:
        raise InputError(f"range {lo:g}:{hi:g} on a log scale: the low end must be above 0 (or use symlog)")
    return lo, hi, int(n)


def _symlog(x):
    return math.copysign(math.log10(1 + abs(x)), x)


# Floats in order as integers: a float's key is its bit pattern for +, minus its magnitude's for -,
# so adjacent floats have adjacent keys and bisection to the last float is integer bisection.
def float_keys(values):
    """The keys (int64) of floats: sorted as the floats are, 1 apart for neighbours (-0.0 and 0.0 share 0)."""
    import numpy as np  # lazy: reading a range (a spec, the command line) needs no NumPy

    values = np.asarray(values)
    size = values.dtype.itemsize
    bits = values.view(np.dtype(f"i{size}")).astype(np.int64)
    magnitude = bits & ((1 << (8 * size - 1)) - 1)
    return np.where(bits < 0, -magnitude, magnitude)


def floats_at(keys, dtype):
    """The floats of ``dtype`` whose keys are ``keys`` (an array of ``dtype``)."""
    import numpy as np  # lazy: reading a range (a spec, the command line) needs no NumPy

    keys = np.asarray(keys, dtype=np.int64)
    size = dtype.itemsize
    sign = np.iinfo(np.int64).min if size == 8 else 1 << (8 * size - 1)
    return np.where(keys < 0, (-keys) | sign, keys).astype(np.dtype(f"i{size}")).view(dtype)


def floats_of_keys(first_key, offsets, dtype):
    """The floats of ``dtype`` (as float64) whose keys are ``first_key + offsets`` (Python ints: spans pass 2^63)."""
    return floats_at([int(first_key) + int(o) for o in offsets], dtype).astype("float64")
