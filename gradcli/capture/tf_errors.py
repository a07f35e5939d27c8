"""An error TensorFlow raised while autograph traced the user's function, told at the user's own lines.

Autograph converts the function it traces (gradcli's wrapper around the
user's, or the user's own ``tf.function``) into generated code in a file of
its own, and rewrites an error raised there into an "in user code" message
quoting frames of the wrapper, and of the generated file where its source
map misses a line (an ``if`` body's re-raise). The user's lines are what to
read: gradcli's frames are left out, a generated frame is told as the user's
line it was made from, and the error's ``raised_at`` holds the innermost
such line (the checker names it, where the traceback would name the
generated file).
"""

from __future__ import annotations

import bisect
import gc
import linecache
import os
from dataclasses import dataclass

from ..folders import GRADCLI_FOLDER, outside_python_and_gradcli
from .lines import innermost_reading

_GENERATED = "__autograph_generated_file"


def users_frames_only(error):
    """``error`` told at the user's lines (see the module), or itself where autograph did not rewrite it."""
    metadata = getattr(error, "ag_error_metadata", None)
    stack = getattr(metadata, "translated_stack", None)
    if not stack:
        return error
    maps = _by_file(_source_map(error.__traceback__))
    kept = []
    for frame in stack:
        if os.path.abspath(frame.filename).startswith(GRADCLI_FOLDER):
            continue
        if _GENERATED in frame.filename:
            origin = _origin_in(maps.get(frame.filename, _NO_MAP), frame.lineno)
            if origin is None:
                continue
            frame = frame._replace(filename=origin.loc.filename, lineno=origin.loc.lineno, function_name=origin.function_name,
                                   code=origin.source_code_line, is_converted=True, is_allowlisted=False)
        if not kept or kept[-1][:3] != frame[:3]:
            kept.append(frame)
    metadata.translated_stack = tuple(kept)
    try:
        told = metadata.to_exception(error)
    except Exception:  # noqa: BLE001 - an error type autograph cannot rebuild: told as it was
        metadata.translated_stack = stack
        told = error
    raised_at = _raised_at(error.__traceback__, maps)
    if raised_at is not None:
        told.raised_at = raised_at
    return told


def _source_map(tb):
    """Autograph's map from each generated line to the user's line it was made from, for the generated frames of ``tb``.

    The map hangs on the converted function, found by its code (an error's
    path only: the search is a walk of the heap).
    """
    origins = {}
    while tb is not None:
        code = tb.tb_frame.f_code
        if _GENERATED in code.co_filename:
            for referrer in gc.get_referrers(code):
                found = getattr(referrer, "ag_source_map", None)
                if isinstance(found, dict):
                    origins.update(found)
        tb = tb.tb_next
    return origins


def _raised_at(tb, maps):
    """``(file, line)`` of the innermost frame of ``tb`` in the user's code, a generated frame read as the line it came
    from by ``maps`` (`_by_file`'s; one no map holds says nothing)."""

    def read(frame, lineno):
        filename = frame.f_code.co_filename
        if _GENERATED in filename:
            origin = _origin_in(maps.get(filename, _NO_MAP), lineno)
            return None if origin is None else (origin.loc.filename, origin.loc.lineno)
        return (filename, lineno) if is_users_file(filename) else None

    return innermost_reading(tb, read)


def converted_origin(code):
    """``(file, line)`` of the user's function autograph converted into ``code``, a function of its generated file (a
    custom-gradient factory called inside a ``tf.function`` is converted with its rule): the first line its source map
    gives for the code's own lines; None for code autograph did not generate, or where no map is found."""
    if _GENERATED not in code.co_filename:
        return None
    lines = {line for _, _, line in code.co_lines() if line is not None}
    found = [(origin.loc.filename, origin.loc.lineno) for line, origin in _map_of(code.co_filename)
             if line in lines and origin.function_name == code.co_name]
    return min(found, key=lambda where: where[1]) if found else None


@dataclass(frozen=True)
class UsersFrame:
    """A frame of autograph's generated code told as the user's line it was made from; ``generated``: the frame's own
    ``(file, line, name)``, as the traceback holds it."""

    filename: str
    lineno: int
    name: str
    generated: tuple

    @property
    def line(self):
        """The user's source line, stripped, as a traceback's frame gives its ``line``."""
        return linecache.getline(self.filename, self.lineno).strip()


def at_users_lines(frames):
    """``frames`` (a traceback's, any order) with each frame of autograph's generated code told as the user's line it
    was made from (`UsersFrame`; an unmapped line belongs to the nearest mapped line above it); a generated frame
    no map holds stays as it is. TensorFlow tells the converted function's own frames so, not those of a function
    it converted while tracing that one (a custom-gradient factory called inside a ``tf.function``)."""
    told = []
    for frame in frames:
        if _GENERATED in frame.filename:
            origin = _origin_in(_map_of(frame.filename), frame.lineno)
            if origin is not None:
                frame = UsersFrame(origin.loc.filename, origin.loc.lineno, origin.function_name,
                                   (frame.filename, frame.lineno, frame.name))
        told.append(frame)
    return told


class _FileMap(list):
    """One generated file's source map, ``[(generated line, origin)]`` sorted by line, with its lines' list
    (``lines``) made once for `_origin_in`'s every lookup."""

    def __init__(self, entries=()):
        super().__init__(entries)
        self.lines = [line for line, _ in self]


_NO_MAP = _FileMap()
_MAPS = {}  # a generated file -> its source map (`_FileMap`)


def _map_of(filename):
    """Autograph's source map of one generated file, sorted by line (read again from its converter where not known)."""
    if filename not in _MAPS:
        _MAPS.update(_by_file(_generated_maps()))
        _MAPS.setdefault(filename, _NO_MAP)
    return _MAPS[filename]


def _by_file(origins):
    """A source map (generated location -> origin) as ``{generated file: _FileMap}``, each sorted by line for
    `_origin_in`."""
    by_file = {}
    for location, origin in origins.items():
        by_file.setdefault(location.filename, []).append((location.lineno, origin))
    return {name: _FileMap(sorted(held, key=lambda item: item[0])) for name, held in by_file.items()}


def _origin_in(source_map, lineno):
    """The origin of the nearest mapped line at or above ``lineno`` in one file's `_FileMap`, or None: an unmapped
    line (a re-raise) belongs to the nearest mapped line above it."""
    at = bisect.bisect_right(source_map.lines, lineno)
    return source_map[at - 1][1] if at else None


def _generated_maps():
    """Autograph's source maps of every function it has converted, one dict (generated line -> the user's line): held
    by its converter's cache, the one place they outlive the conversion but for the converted functions themselves."""
    try:
        from tensorflow.python.autograph.impl import api  # lazy: TensorFlow's; loaded already by the trace that got here

        factories = [factory for by_options in list(api._TRANSPILER._cache._cache.values()) for factory in by_options.values()]
    except Exception:  # noqa: BLE001 - another TensorFlow's autograph: the generated file's line stands
        return {}
    merged = {}
    for factory in factories:
        merged.update(getattr(factory, "source_map", None) or {})
    return merged


def unmapped_reason(error, tf):
    """Why TensorFlow could not map a function over a range (``error``, raised while ``tf.vectorized_map`` traced it),
    as what the user's code does and on which line: a Python branch on a tensor's value, or the error's own words."""
    where = _raised_at(error.__traceback__, {})
    at = f" at {os.path.basename(where[0])}:{where[1]}" if where else ""
    if isinstance(error, tf.errors.OperatorNotAllowedInGraphError):
        return (f"its Python code branches on a tensor's value{at} (an if, while, and or or), so each point takes its own "
                "branch in TensorFlow's eager run")
    construct = _control_flow_of(error)
    if construct is not None:
        return (f"TensorFlow's graph gradient of its {construct} cannot be built inside a map over the points "
                f"({_said(error).rstrip('.')}; a tf.custom_gradient rule reading variables= inside it is a known cause), though its "
                "eager run takes it, so each point is TensorFlow's own eager run")
    words = str(error).strip().splitlines()
    return f"TensorFlow cannot map it over the points{at}: {type(error).__name__}: {words[0] if words else ''}".rstrip(": ")


def is_users_file(filename):
    """Whether ``filename`` is the user's code: not gradcli's, an installed package's, the standard library's or generated."""
    return _GENERATED not in filename and outside_python_and_gradcli(filename)


# TensorFlow's gradients of its control flow in a graph, by the file that holds each: ``(file, construct)``.
_CONTROL_FLOW_GRADIENTS = (("cond_v2.py", "tf.cond"), ("while_v2.py", "tf.while_loop"))


class GraphGradientRefused(Exception):
    """TensorFlow's graph code cannot build the gradient of the user's function (`control_flow_refusal`): TensorFlow's
    own shortcoming, not the user's input, so the point it meets has no verdict and says why."""


def control_flow_refusal(error, text, compiled=False):
    """The one-paragraph message for ``error``, raised by TensorFlow's own gradient of a ``tf.cond`` or
    ``tf.while_loop`` while gradcli traced ``text``'s graph to replay it; None where the error came from elsewhere.

    TensorFlow's eager run takes such a gradient, but its graph code cannot
    (a ``tf.custom_gradient`` rule with ``variables=`` inside a branch or a
    loop body: ``Tensor.graph is undefined``, ``not in
    internal_capture_to_output``), in a ``tf.function`` of the user's too.
    ``compiled``: the user's function is a ``tf.function``, whose own gradient
    raises so; else an eager function, whose graph this TensorFlow cannot build
    (`tf_control_flow` builds it where TensorFlow's doors for it exist).
    """
    construct = _control_flow_of(error)
    if construct is None:
        return None
    said = _said(error)
    inside, outside = (("a branch", "call it outside (both branches computed and one picked by tf.where)")
                       if construct == "tf.cond" else ("a loop body", "call it outside the loop"))
    if compiled:
        cannot = (f"TensorFlow's own gradient of this tf.function raises in its {construct} ({said}): TensorFlow's "
                  f"graph gradient of a {construct} cannot be built here, though eager code takes it")
    else:
        cannot = (f"this TensorFlow cannot build the gradient of its {construct} in a graph ({said}), though its eager "
                  "run takes it, and gradcli replays the function's graph, so the point has no exact reference; a "
                  "tf.function of this function raises the same")
    return (f"{text}: {cannot}. A known cause is a tf.custom_gradient rule that reads variables (variables=) inside "
            f"{inside}: {outside}, or hand the variables to the rule as arguments")


def _control_flow_of(error):
    """``"tf.cond"`` or ``"tf.while_loop"`` where ``error`` was raised inside TensorFlow's graph gradient of one
    (`_CONTROL_FLOW_GRADIENTS`), else None."""
    construct = None
    frame = error.__traceback__
    while frame is not None:
        name = os.path.basename(frame.tb_frame.f_code.co_filename)
        construct = next((c for file, c in _CONTROL_FLOW_GRADIENTS if name == file), construct)
        frame = frame.tb_next
    return construct


def _said(error):
    """``Name: the first line of its message`` of a TensorFlow error, cut at `_WORDS_SHOWN` characters."""
    words = str(error).strip().splitlines()
    first = words[0] if words else ""
    first = first if len(first) <= _WORDS_SHOWN else first[:_WORDS_SHOWN] + "..."
    return f"{type(error).__name__}: {first}".rstrip(": ")


_WORDS_SHOWN = 160  # of TensorFlow's message, whose first line may print a whole resource handle


class NoDerivativeIn(ValueError):
    """TensorFlow's gradient gives none for an argument through an op in which the function has no derivative
    (`tf_watch.NO_DERIVATIVE_IN`: polygamma's order): marked as a bridge marks an op the framework has no derivative
    for (``no_derivative``, ``raised_at``, ``advice``, ``rule_refused``), so the check says so rather than show the 0
    that an unconnected gradient is filled with."""

    def __init__(self, name, call, part, instead, location):
        super().__init__(f"tf.GradientTape's gradient in {name} is None: TensorFlow's rule for {call} gives none for "
                         f"its {part}")
        self.no_derivative = call
        self.rule_refused = True
        self.advice = (f"{instead}: check the function in its other arguments alone (--wrt, or wrt= in Python), which "
                       f"holds {name} as data")
        path, _, line = location.rpartition(":")
        self.raised_at = (path, int(line))

