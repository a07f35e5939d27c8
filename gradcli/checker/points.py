"""Where to check: ``--at`` points and ``--random`` arrays, parsed without eval.

``--at 100`` (one variable), ``--at "x=1.5,y=2"``, ``--at "x=[1,2,3]"``,
``--at x=@arr.npy``. A point must be finite: ``nan`` and ``inf`` are refused
(exit 2), since a gradient check at a non-finite point means nothing.
``--random "x=(1000,)"`` draws a standard normal array (``--seed``).
"""

from __future__ import annotations

import json
import math
import re

from ..errors import InputError


def parse_point(text: str, variables, option="--at", data=(), kept=()) -> dict:
    """One ``--at`` value as ``{variable: value}``, with every variable given exactly once.

    ``option`` is how messages name where the point was written (``in at`` for a spec's key). A variable in
    ``data`` (one not differentiated, such as a label used as an index) typed as an integer or a list of
    integers stays a Python int or list of ints, which the checker holds as data; every other value is a float.
    ``kept`` names the target's parameters with defaults, which a check keeps: a value for one is refused saying so.
    """
    text = text.strip()
    if not text:
        raise InputError(f"{option} needs a value, such as --at 1.5 or --at \"x=1.5,y=2\"")
    parts = _split_top_level(text)
    if any(not part.strip() for part in parts):
        empty = _empty_item(text)
        raise InputError(f"{option} {text}: an empty item between commas", text=text, span=(empty, empty + 1))
    if len(parts) == 1 and "=" not in parts[0]:
        if len(variables) != 1:
            raise InputError(
                f"{option} {text}: the target has {len(variables)} variables "
                f"({', '.join(variables)}); name them, as in --at \"{variables[0]}=1,...\"",
                text=text,
                span=(0, len(text)),
            )
        return {variables[0]: _value(parts[0], text, 0, variables[0] in data)}
    point = {}
    offset = 0
    for part in parts:
        start = text.index(part, offset)
        offset = start + len(part)
        name, sep, value = part.partition("=")
        name = name.strip()
        if not sep or not name:
            raise InputError(
                f"{option} {text}: expected name=value, got '{part.strip()}'",
                text=text,
                span=(start, start + len(part)),
            )
        if name not in variables:
            why = (f"; '{name}' has a default, which a check keeps: to vary it, check a function that takes it "
                   "without a default" if name in kept else "")
            raise InputError(
                f"{option} {text}: '{name}' is not a variable of the target "
                f"(its variables: {', '.join(variables)}){why}",
                text=text,
                span=(start, start + len(name)),
            )
        if name in point:
            raise InputError(f"{option} {text}: '{name}' is given twice", text=text, span=(start, start + len(name)))
        point[name] = _value(value.strip(), text, start + len(part) - len(value), name in data)
    missing = [v for v in variables if v not in point]
    if missing:
        raise InputError(
            f"{option} {text}: no value for {', '.join(missing)} (every variable needs one)",
            text=text,
        )
    return {v: point[v] for v in variables}


def _split_top_level(text):
    """Split on commas that are not inside brackets."""
    parts, depth, current = [], 0, []
    for ch in text:
        if ch in "[(":
            depth += 1
        elif ch in "])":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(ch)
    parts.append("".join(current))
    return parts


def _empty_item(text):
    """Where the first empty item of a comma-separated point is: the comma that ends it."""
    depth, item_has_text = 0, False
    for index, ch in enumerate(text):
        depth += (ch in "[(") - (ch in "])")
        if ch == "," and depth == 0:
            if not item_has_text:
                return index
            item_has_text = False
        elif not ch.isspace():
            item_has_text = True
    return len(text) - 1


NUMBER_WORDS = {"nan": math.nan, "inf": math.inf, "+inf": math.inf, "-inf": -math.inf}


def _value(text, whole, offset, integers_kept=False):
    span = (offset, offset + max(1, len(text)))
    if integers_kept:
        typed = _typed_integers(text)
        if typed is not None:
            return typed
    if text.startswith(("@", "[")):
        import numpy as np  # lazy: arrays only; a spec of numbers is read without NumPy
    if text.startswith("@"):
        path = text[1:]
        if not path:
            raise InputError("'@' needs a file name, as in x=@arr.npy", text=whole, span=span)
        try:
            value = np.load(path, allow_pickle=False)
        except (OSError, ValueError, EOFError) as error:
            reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
            if "pickled" in reason or isinstance(error, EOFError):
                reason = "not a NumPy .npy array file (np.save writes one)"
            raise InputError(f"cannot read the array file {path}: {reason}", text=whole, span=span) from None
        if not isinstance(value, np.ndarray):
            if hasattr(value, "close"):
                value.close()
            raise InputError(
                f"{path} is an .npz archive, not one array; save one array with np.save", text=whole, span=span
            )
        if value.dtype.kind not in "fiu":
            raise InputError(f"{path} holds {value.dtype} values, not numbers", text=whole, span=span)
        return _finite(_not_empty(value.astype(np.float64), text, whole, span), text, whole, span)
    if text.startswith("["):
        spelled = re.sub(r"(?<![\w.])-?inf\b|\bnan\b", lambda m: f'"{m.group(0)}"', text)
        try:
            nested = json.loads(spelled)
            array = np.array(_numbers(nested), dtype=np.float64)
        except (ValueError, TypeError):
            raise InputError(f"'{text}' is not a list of numbers", text=whole, span=span) from None
        return _finite(_not_empty(array, text, whole, span), text, whole, span)
    lowered = text.lower()
    try:
        number = NUMBER_WORDS[lowered] if lowered in NUMBER_WORDS else float(text)
    except ValueError:
        raise InputError(f"'{text}' is not a number", text=whole, span=span) from None
    return _finite(number, text, whole, span)


INT64_RANGE = range(-(2**63), 2**63)


def _typed_integers(text):
    """``text`` as the int or (nested, not empty) list of ints it spells, where each fits int64; else None (the
    float path reads it, or says what is wrong with it)."""
    if re.fullmatch(r"\s*[+-]?\d+\s*", text):
        number = int(text)
        return number if number in INT64_RANGE else None
    if not text.startswith("["):
        return None
    try:
        nested = json.loads(text)
    except ValueError:
        return None
    if not _int64_count(nested):
        return None
    import numpy as np  # lazy: as in `_value`

    try:
        np.array(nested, dtype=np.int64)
    except ValueError:  # ragged: the float path says so
        return None
    return nested


def _int64_count(nested):
    """How many ints ``nested`` holds, or 0 where any item is not an int that fits int64."""
    if isinstance(nested, list):
        counts = [_int64_count(item) for item in nested]
        return sum(counts) if all(counts) else 0
    return int(type(nested) is int and nested in INT64_RANGE)


def _finite(value, text, whole, span):
    if not (math.isfinite(value) if isinstance(value, float) else _all_finite(value)):
        raise InputError(
            f"'{text}' is not finite: gradcli checks gradients at points where the function can be "
            "evaluated (nan and inf are not such points)",
            text=whole,
            span=span,
        )
    return value


def _all_finite(array):
    import numpy as np  # lazy: as in `_value`

    return bool(np.all(np.isfinite(array)))


def _not_empty(array, text, whole, span):
    if array.size == 0:
        raise InputError(f"'{text}' is an empty array: there is no gradient to check", text=whole, span=span)
    return array


def _numbers(nested):
    if isinstance(nested, list):
        return [_numbers(item) for item in nested]
    if isinstance(nested, str) and nested.lower() in NUMBER_WORDS:
        return NUMBER_WORDS[nested.lower()]
    if isinstance(nested, (int, float)) and not isinstance(nested, bool):
        try:
            return float(nested)
        except OverflowError:  # an integer past float64's range is infinite there, as the same digits alone are
            return math.inf if nested > 0 else -math.inf
    raise ValueError(nested)


MAX_RANDOM_SIZE = 10_000_000


def random_point(spec: str, variables, seed=0, rng=None) -> dict:
    """``--random "x=(1000,)"``: standard normal arrays of the given shapes (others must be given too).

    Pass one ``rng`` for several ``--random`` options, so that each draws fresh numbers.
    """
    import numpy as np

    rng = rng if rng is not None else np.random.default_rng(seed)
    point = {}
    offset = 0
    for part in _split_top_level(spec):
        start = spec.index(part, offset)
        offset = start + len(part)
        name, sep, shape_text = part.partition("=")
        name = name.strip()
        if not sep or name not in variables:
            raise InputError(
                f"--random {spec}: expected name=(shape) for a variable of the target "
                f"({', '.join(variables)})",
                text=spec,
                span=(start, offset),
            )
        if name in point:
            raise InputError(f"--random {spec}: '{name}' is given twice", text=spec, span=(start, offset))
        shape = _shape(shape_text, spec, offset - len(shape_text))
        size = math.prod(shape)
        if size == 0:
            raise InputError(f"--random {spec}: the shape {shape} has no elements", text=spec)
        if size > MAX_RANDOM_SIZE:
            raise InputError(
                f"--random {spec}: {size:,} elements is more than the {MAX_RANDOM_SIZE:,} gradcli draws",
                text=spec,
            )
        point[name] = rng.standard_normal(shape)
    return point


# Each part can end in one place only, so a text that is no shape fails in linear time
# (`\d+\s*(,...)*,?\s*` backtracked quadratically over a long run of blanks).
_SHAPE = re.compile(r"\(\s*(?:\d+\s*(?:,\s*\d+\s*)*(?:,\s*)?)?\)")


def _shape(text, spec, offset):
    """A shape in Python's spelling, parentheses and all: (1000,), (3, 2), (5)."""
    stripped = text.strip()
    if not _SHAPE.fullmatch(stripped):
        start = offset + text.index(stripped) if stripped else offset
        raise InputError(
            f"--random {spec}: '{stripped}' is not a shape such as (1000,) or (3, 2)",
            text=spec,
            span=(start, start + max(1, len(stripped))),
        )
    start = offset + text.index(stripped)
    return tuple(
        whole_number(m[0], f"--random {spec}", spec, (start + m.start(), start + m.end())) for m in re.finditer(r"\d+", stripped)
    )


MAX_DIGITS = 100  # no count gradcli reads needs more; Python's int() refuses more than 4,300


def whole_number(digits, what, text=None, span=None) -> int:
    """A run of decimal digits as an int; InputError (``what``: the message's start) for one too long to mean anything."""
    if len(digits.strip()) > MAX_DIGITS:
        raise InputError(f"{what}: a number of {len(digits.strip()):,} digits is far too big", text=text, span=span)
    return int(digits)


def merge_points(points, random_points):
    """Combine --at points and --random draws: each --random fills in its variables."""
    if not random_points:
        return points
    if not points:
        return random_points
    return [{**p, **r} for p in points for r in random_points]


def parse_fixed(text, variables, swept, some=False, data=()) -> dict:
    """``--at`` of a sweep: ``{variable: value}`` for every variable not swept, a finite number or an array.

    With ``some`` (the others held by --args), ``--at`` names only the variables it holds; one in ``data``
    (`targets.held_as_data`) typed as an integer stays a Python int, as `parse_point` keeps it.
    """
    rest = [v for v in variables if v not in swept]
    if not rest:
        if text:
            raise InputError(f"--at {text}: every variable ({', '.join(variables)}) is swept", text=text, span=(0, len(text)))
        return {}
    if not text:
        if some:
            return {}
        raise InputError(
            f"hold the variables not swept with --at, as in --at \"{','.join(v + '=1' for v in rest)}\" "
            f"(swept: {', '.join(swept)})"
        )
    offset, named = 0, []
    for part in _split_top_level(text):
        start = text.index(part, offset)
        offset = start + len(part)
        name, sep, _ = part.partition("=")
        name = name.strip()
        if name in swept:
            raise InputError(f"--at {text}: '{name}' is swept by --range", text=text, span=(start, start + max(1, len(name))))
        if some and not (sep and name in rest):
            raise InputError(
                f"--at {text}: with --args, name each variable --at holds, one of {', '.join(rest)}", text=text,
                span=(start, start + max(1, len(part))),
            )
        named.append(name)
    return parse_point(text, [v for v in rest if v in named] if some else rest, data=data)


def common_shape(point: dict) -> tuple:
    """The shape the values of a formula's point broadcast to; `InputError` naming two that do not."""
    import numpy as np

    shapes = {name: np.shape(value) for name, value in point.items()}
    try:
        return np.broadcast_shapes(*shapes.values())
    except ValueError:
        pass
    seen = {}
    for name, shape in shapes.items():
        for other, earlier in seen.items():
            try:
                np.broadcast_shapes(earlier, shape)
            except ValueError:
                raise InputError(
                    f"the point's arrays do not broadcast together: {other} has shape {_shown(earlier)} and "
                    f"{name} has shape {_shown(shape)} (a formula is elementwise: give arrays of one shape, "
                    "or shapes NumPy broadcasts, such as (3,) and (2, 1))"
                ) from None
        seen[name] = shape
    raise InputError(f"the point's arrays do not broadcast together: their shapes are {list(shapes.values())}")


def _shown(shape):
    return f"({shape[0]},)" if len(shape) == 1 else str(tuple(shape))
