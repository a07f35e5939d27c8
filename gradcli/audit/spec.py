"""Audit specs: a TOML file of ``[defaults]`` and ``[[case]]`` tables, read into `Case` objects.

The spec is ``gradcli.toml``, or the ``[tool.gradcli]`` table of
``pyproject.toml``, found by walking up from the current folder as pytest
finds its configuration (in each folder a ``gradcli.toml`` wins; a
``pyproject.toml`` counts only with a ``[tool.gradcli]`` table). Every error
is an `InputError` (exit 2) naming the file, the line and the key.

The standard library's ``tomllib`` (``tomli`` before Python 3.11) gives no
line numbers for keys, so `key_lines` finds them in the source text: a small
scanner that follows the table headers (``[defaults]``, ``[[case]]``) and the
``key =`` lines, skipping the insides of multi-line arrays and strings. Keys
written as inline tables or dotted keys are located at their table's header.
"""

from __future__ import annotations

import os
import re
import sys

from ..checker.options import CheckOptions
from ..errors import InputError, did_you_mean
from .cases import CASE_KEYS, OPTION_KEYS, check_value, make_case
from .targets import PointError, check_case

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

SPEC_NAMES = ("gradcli.toml", "pyproject.toml")
CASE_ONLY = ("name", "target")  # keys a [[case]] has and [defaults] does not
DEFAULT_KEYS = ("timeout",) + OPTION_KEYS  # points, ranges and expectations belong to one case
# The TOML types each check option takes, from its annotation in CheckOptions.
_TYPES = {
    "tuple": ("a name or a list of names", lambda v: isinstance(v, str) or _strings(v)),
    "Optional[tuple]": ("a name or a list of names", lambda v: isinstance(v, str) or _strings(v)),
    "int": ("a whole number", lambda v: isinstance(v, int) and not isinstance(v, bool)),
    "Optional[int]": ("a whole number", lambda v: isinstance(v, int) and not isinstance(v, bool)),
    "float": ("a number", lambda v: isinstance(v, (int, float)) and not isinstance(v, bool)),
    "Optional[float]": ("a number", lambda v: isinstance(v, (int, float)) and not isinstance(v, bool)),
    "bool": ("true or false", lambda v: isinstance(v, bool)),
    "Optional[str]": ("a name", lambda v: isinstance(v, str)),
}
OPTION_TYPES = {name: _TYPES[annotation] for name, annotation in CheckOptions.__annotations__.items()}


def _strings(value):
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def find_spec(start=None) -> str:
    """The spec file for a run: gradcli.toml or a pyproject.toml with [tool.gradcli], walking up from ``start``."""
    folder = os.path.abspath(start or os.getcwd())
    while True:
        for name in SPEC_NAMES:
            path = os.path.join(folder, name)
            if os.path.isfile(path) and (name == "gradcli.toml" or _has_tool_table(path)):
                return path
        parent = os.path.dirname(folder)
        if parent == folder:
            raise InputError(
                "no audit spec found: write a gradcli.toml (or a [tool.gradcli] table in pyproject.toml) "
                "in this folder or above, or name the spec or the files to audit"
            )
        folder = parent


def _has_tool_table(path):
    with open(path, "rb") as stream:
        return re.search(rb"^\s*\[+\s*tool\.gradcli\b", stream.read(), re.M) is not None


def load_spec(path, cli_layer=None) -> list:
    """The cases of the spec at ``path``, in its order; ``cli_layer`` (the flags typed) wins over the spec, as in pytest."""
    text = _read(path)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        line = re.search(r"line (\d+)", str(error))
        number = int(line[1]) if line else len(_lines(text.rstrip("\n")))  # the last line: "(at end of document)"
        raise InputError(f"{path}:{number}: not valid TOML: {error}", file=path, line=number) from None
    except RecursionError:  # tomllib reads nested arrays and inline tables recursively
        number = _deepest_line(text)
        raise InputError(f"{path}:{number}: arrays or inline tables nested too deeply to read", file=path, line=number) from None
    prefix = ()
    if os.path.basename(path) == "pyproject.toml":
        prefix = ("tool", "gradcli")
        data = data.get("tool", {}).get("gradcli")
        if data is None:
            raise InputError(f"{path}: no [tool.gradcli] table")
    lines = key_lines(text, prefix)
    place = _Place(path, lines)
    place.check_keys(data, (), ("defaults", "case"))
    defaults = data.get("defaults", {})
    place.table(defaults, ("defaults",), "[defaults]")
    place.check_keys(defaults, ("defaults",), DEFAULT_KEYS)
    defaults = {key: place.value(("defaults",), key, value) for key, value in defaults.items()}
    tables = data.get("case", [])
    if not isinstance(tables, list):
        raise place.error(("case",), None, "case: write each case as a [[case]] table")
    return [_case(place, index, table, cli_layer or {}, defaults, path) for index, table in enumerate(tables)]


def _case(place, index, table, cli_layer, defaults, path):
    where = ("case", index)
    place.table(table, where, f"case {index + 1}")
    place.check_keys(table, where, CASE_ONLY + CASE_KEYS + OPTION_KEYS)
    for key in CASE_ONLY:
        if not isinstance(table.get(key), str) or not table[key].strip():
            raise place.error(where, key if key in table else None, f"case {index + 1}: '{key}' must be a non-empty string")
    name = table["name"]
    if name in place.names:
        raise place.error(where, "name", f"case name {name!r} is used twice (first at line {place.names[name]})")
    place.names[name] = place.line(where, "name")
    own = {key: place.value(where, key, value) for key, value in table.items() if key not in CASE_ONLY}
    origin = f"{os.path.basename(path)}:{place.line(where, None)}"
    try:
        case = make_case(name, table["target"], [defaults, own, cli_layer], os.path.dirname(os.path.abspath(path)), origin)
    except InputError as error:
        raise place.error(where, None, error.message) from None
    try:
        check_case(case)
    except PointError as error:
        raise place.error(where, error.key, f"case {name!r}: {error.message}") from None
    except InputError as error:
        raise place.error(where, "target", f"case {name!r}: target {case.target}: {error.message}") from None
    return case


class _Place:
    """Where things are in one spec file: turns a problem into an InputError naming the file, line and key."""

    def __init__(self, path, lines):
        self.path, self.lines, self.names = path, lines, {}

    def line(self, table, key):
        # A key that is a table of its own ([extra]) is found at its header.
        return self.lines.get((table, key)) or self.lines.get((table + (key,), None)) or self.lines.get((table, None)) or 1

    def error(self, table, key, message):
        line = self.line(table, key)
        return InputError(f"{self.path}:{line}: {message}", file=self.path, line=line)

    def table(self, value, where, what):
        if not isinstance(value, dict):
            raise self.error(where, None, f"{what} must be a table")

    def check_keys(self, table, where, known):
        for key in table:
            if key not in known:
                hint = did_you_mean(key, known) or f" (known keys: {', '.join(known)})"
                raise self.error(where, key, f"unknown key '{key}'{hint}")

    def value(self, where, key, value):
        """``value`` checked for ``key``: its TOML type, then its meaning (check_value)."""
        if key in OPTION_TYPES:
            wanted, fits = OPTION_TYPES[key]
            if not fits(value):
                raise self.error(where, key, f"'{key}' must be {wanted}, not {value!r}")
        try:
            check_value(key, value)
        except InputError as error:
            raise self.error(where, key, f"'{key}': {error.message}") from None
        return value


def _read(path):
    try:
        with open(path, encoding="utf-8") as stream:
            return stream.read()
    except OSError as error:
        raise InputError(f"cannot read the spec {path}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise InputError(f"{path}: not a UTF-8 text file") from None


_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r"""^\s*("[^"]*"|'[^']*'|[A-Za-z0-9_-]+)\s*=""")


def key_lines(text, prefix=()) -> dict:
    """Where each key is: ``{(table, key): line}``, 1-based; ``key`` None for the table's header.

    ``table`` is ``()`` for top-level keys, ``("defaults",)`` or ``("case", i)``
    for the i-th ``[[case]]`` (from 0); ``prefix`` is stripped from headers
    (``("tool", "gradcli")`` in pyproject.toml). Tables outside the prefix are
    skipped.
    """
    found, table, counts, depth, in_string = {}, (), {}, 0, None
    for number, line in enumerate(_lines(text), start=1):
        if in_string:  # inside a multi-line string: look only for its end
            if line.count(in_string) % 2:
                in_string = None
            continue
        header = _HEADER.match(line) if depth == 0 else None
        if header:
            table = _table_of(header[2], header[1] == "[[", prefix, counts)
            found.setdefault((table, None), number)
            continue
        key = _KEY.match(line) if depth == 0 else None
        if key and table is not None:
            found.setdefault((table, key[1].strip("\"'")), number)
        depth, in_string, _ = _scan(line[key.end():] if key else line, depth)
    return found


def _lines(text):
    """The lines of a TOML text as TOML and tomllib count them: each ended by a line feed alone.

    Not str.splitlines, which also ends lines at U+2028, U+0085, form feeds
    and others that a comment or a string may hold: every later line was
    named one too far on.
    """
    return text.split("\n")


def _deepest_line(text):
    """The line where arrays and inline tables nest deepest (multi-line strings not skipped: it only names a line)."""
    depth, deepest, where = 0, -1, 1
    for number, line in enumerate(_lines(text), start=1):
        depth, _, most = _scan(line, depth)
        if most > deepest:
            deepest, where = most, number
    return where


def _table_of(dotted, is_array, prefix, counts):
    """The table a header opens, as key_lines names it; None for one outside the prefix."""
    parts = tuple(p.strip().strip("\"'") for p in dotted.split("."))
    if parts[: len(prefix)] != prefix:
        return None
    parts = parts[len(prefix):]
    if is_array:
        counts[parts] = counts.get(parts, -1) + 1
        return parts + (counts[parts],)
    return parts


def _scan(rest, depth):
    """Bracket depth after ``rest`` of a line, the multi-line string left open (or None), and the deepest depth in it."""
    i, quote, deepest = 0, None, depth
    while i < len(rest):
        ch = rest[i]
        if quote is None and rest.startswith(('"""', "'''"), i):
            end = rest.find(rest[i : i + 3], i + 3)
            if end < 0:
                return depth, rest[i : i + 3], deepest
            i = end + 3
            continue
        if quote:
            if ch == "\\" and quote == '"':
                i += 1
            elif ch == quote:
                quote = None
        elif ch in "\"'":
            quote = ch
        elif ch == "#":
            break
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
        i += 1
    return max(depth, 0), None, deepest
