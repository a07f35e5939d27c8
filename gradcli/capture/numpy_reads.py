"""Numbers plain NumPy code reads out of its arrays (``float(x)``, ``x.item()``, ``x.tolist()``, ``int(x)``,
``map(float, x)``) as the numbers themselves, which gradcli goes on differentiating; and what that code prints.

NumPy code reads numbers out of its arrays to print them (``print(f"{float(vol):.2%}")``), to decide
(``if float(var) > cap:``) and to compute on in Python (``sum(x.tolist())``); NumPy runs it, and its value is a function
of the inputs like any other. In a plain NumPy module gradcli is the differentiator, so there is no program's gradient
that drops the number's path: the read is followed as the value it is. A module loaded on gradcli's core
(`numpy_module.load_module`) has each such read inside a function rewritten as a call of `read_float`, `read_item`,
`read_list` or `read_int` (``float`` handed to ``map`` as `read_float`), and each ``"..." % values`` as
`percent_formatted`. On a value gradcli differentiates (a traced value, or an exact run's numbers) a read answers with
that value's numbers as `ops.python_float`, weak beside NumPy's dtypes as Python's float is: printed, it formats its
number; compared, it is the comparison's switch, judged as any branch is; computed on again (``s * float(s)``), its path
is in the derivative, as it is in the function NumPy computes. ``int(x)`` is NumPy's whole number, cut toward 0: a step,
slope 0, that counts and indexes as in NumPy's run. Anything else is read as Python and NumPy read it. A module that
binds the name ``float`` or ``int`` itself keeps its own.

gradcli runs the function many times at each point (finite differences, the exact reference at rising precision), so
what it prints or logs is shown from one run alone, the program's own at each point and dtype (`the_programs_run`),
and dropped in the others (`output_of_the_programs_run_alone`).
"""

from __future__ import annotations

import ast
import contextlib
import contextvars
import functools
import logging
import threading

import numpy as np

from .. import numpy as gnp
from ..autodiff.boxes import as_printed
from ..autodiff.ops import python_float, trunc
from ..autodiff.plain import Held, Plain, whole_number
from ..autodiff.tracer import TracedValueError, is_mp_value
from ..autodiff.values import Box, dtype_of, holds_complex, raw, shape_of
from .numpy_parts import InFunctions
from .users_output import users_output_hidden

READ_FLOAT, READ_ITEM = "__gradcli_read_float__", "__gradcli_read_item__"
READ_INT, READ_LIST, PERCENT = "__gradcli_read_int__", "__gradcli_read_list__", "__gradcli_percent__"


def _differentiated(value):
    """Whether ``value`` is one gradcli differentiates: a traced value, or an exact run's numbers."""
    return isinstance(value, Box) or is_mp_value(value)


def read_float(value):
    """``float(value)``: for a value gradcli differentiates, its one number as a traced Python float."""
    if not _differentiated(value) or isinstance(value, Held):  # a held number leaves as the float it is (`Held`)
        return float(value)
    if holds_complex(value):  # NumPy's refusal, in its words (an exact run's complex numbers would pass as themselves)
        raise TypeError("float() argument must be a string or a real number, not 'complex'")
    return _read_out(python_float(value))  # an array of several numbers: NumPy's own refusal from float() of it


def _read_out(read):
    """``read``, a number `ops.python_float` handed out, as Python's float of NumPy's run: an exact run's number outside
    every trace in a `ReadOut` box, which says it was read out; a traced one says so by its primitive."""
    if type(read) is not Plain:
        return read
    read_out = ReadOut()
    read_out._value, read_out._trace = read._value, read._trace
    return read_out


class ReadOut(Plain):
    """An exact run's number plain NumPy code read out with ``float()``: Python's float in NumPy's own run of the
    code, so its type tests answer as Python's float's (`read_out_as_float`); any op on it answers a plain box."""

    __slots__ = ()


def read_out_as_float(value):
    """Whether ``value``, a number gradcli differentiates, is the answer of a ``float()`` read (`read_float`), so that it
    stands for Python's float in NumPy's run: a float run's holds one, an exact run's keeps its own number, in a
    `ReadOut` box or as the traced answer of ``python_float``."""
    return type(value) is ReadOut or getattr(value, "prim", None) is python_float.prim


def read_item(value, *index):
    """``value.item(*index)``: for a value gradcli differentiates, the entry ``index`` picks as a traced Python float
    (a count or a truth as NumPy's own int or bool)."""
    if not _differentiated(value):
        return value.item(*index)
    shape = shape_of(value)
    # NumPy's own reading of the index (none: the one entry; a flat position; a position in each axis), with its errors
    position = np.arange(int(np.prod(shape))).reshape(shape).item(*index)
    return _number(gnp.ravel(value)[position], ".item()")


def read_list(value):
    """``value.tolist()``: for a value gradcli differentiates, nested lists of its entries, each a traced Python float
    as `read_item` reads one (a 0-d value: the number itself, as NumPy's ``tolist`` hands it)."""
    if not _differentiated(value):
        return value.tolist()
    if not shape_of(value):
        return _number(value, ".tolist()")
    return [read_list(value[k]) for k in range(shape_of(value)[0])]


def _number(entry, how):
    """One entry of a value gradcli differentiates as a Python number: a count or a truth as NumPy's own int or bool,
    a real number as a traced Python float; a complex one refused, for gradcli cannot follow a Python complex. A held
    number (`Held`: no derivative is asked in it) leaves as the Python float or complex it is, as in NumPy's run."""
    if isinstance(entry, Held) and dtype_of(entry).kind not in "biu":
        return complex(entry) if holds_complex(entry) else float(entry)
    if holds_complex(entry):
        raise TracedValueError(
            f"`{how}` of a complex value gradcli is differentiating hands out Python complex numbers, which gradcli "
            "cannot follow; keep it as an array (x[i], np.real(x), np.imag(x)) and use np's functions on it")
    if dtype_of(entry).kind in "biu":
        return raw(entry).item()
    return _read_out(python_float(entry))


def read_int(value):
    """``int(value)``: for a value gradcli differentiates, its one number cut toward 0 (a step, whose slope is 0) as the
    Python int NumPy's ``int`` hands out, so it counts, indexes and sizes as in NumPy's run; where the cut is still a
    value gradcli follows (an exact run's number it cannot yet place), that value, which computes on as data."""
    if not _differentiated(value):
        return int(value)
    if holds_complex(value):  # NumPy's refusal, in its words
        raise TypeError("int() argument must be a string, a bytes-like object or a real number, not 'complex'")
    if dtype_of(value).kind in "biu":
        return int(raw(value))
    cut = trunc(value)  # in the value's own dtype, as NumPy's int reads it; a step, so it leaves the trace
    number = raw(cut)  # bare, or in the box a step's answer on exact numbers comes in once balls are on
    if isinstance(number, (float, np.floating)):
        return int(number)
    whole = whole_number(number)  # an exact run's cut: an exact whole number wherever its ball is placed
    return whole if whole is not None else python_float(cut)


def percent_formatted(text, values):
    """``text % values`` (``"%f" % float(s)``) with each value gradcli differentiates formatted as its number, as the
    program NumPy runs formats it (an exact run's numbers as the floats nearest them): the operator asks each for a
    plain Python number, which no traced value hands out."""
    if isinstance(values, tuple):
        return text % tuple(_shown(v) for v in values)
    if isinstance(values, dict):
        return text % {key: _shown(v) for key, v in values.items()}
    return text % _shown(values)


def _shown(value):
    """``value`` as text formatting reads it: a value gradcli differentiates as its plain numbers (`boxes.as_printed`),
    anything else as it is."""
    number = raw(value)
    if not _differentiated(value) or (type(number) is np.ndarray and number.size and not is_mp_value(number.flat[0])):
        return value  # an object array of the user's own things (text) is no exact run's numbers
    number = as_printed(number)
    return number[()] if isinstance(number, np.ndarray) and number.ndim == 0 else number


# Whether the run in progress is the program's own (`the_programs_run`), and how its thread's log records are taken:
# None, as logging takes them; "hidden", dropped; "shown", their arguments formatted as the numbers they hold.
_PROGRAMS_RUN = contextvars.ContextVar("gradcli_programs_run", default=False)
_SHOWN_ALREADY = contextvars.ContextVar("gradcli_programs_run_shown", default=False)
_LOG_RECORDS = contextvars.ContextVar("gradcli_log_records", default=None)
_LOGGING_LOCK = threading.Lock()
_LOGGING = {"blocks": 0, "handle": None}  # the open blocks of `_log_records`, and logging's Logger.handle while any is


@contextlib.contextmanager
def the_programs_run():
    """Within it, a plain NumPy function's run is the program's own at one point in one dtype (the checker's value
    and gradient there): what the user's code prints or logs then is shown, its reads as the numbers that run computes."""
    token = _PROGRAMS_RUN.set(not _SHOWN_ALREADY.get())
    try:
        with _log_records("shown"):
            yield
    finally:
        _PROGRAMS_RUN.reset(token)


@contextlib.contextmanager
def shown_already():
    """Within it, the program's run at this point and dtype has been shown: the runs `the_programs_run` marks (a
    vector output's rows, each checked as a function of its own) print nothing."""
    token = _SHOWN_ALREADY.set(True)
    try:
        yield
    finally:
        _SHOWN_ALREADY.reset(token)


def output_of_the_programs_run_alone(function):
    """``function`` (a plain NumPy function on gradcli's core) whose prints, writes to ``sys.stdout`` and log records
    are dropped except in `the_programs_run`: gradcli runs it many times more (finite differences, the exact reference
    at rising precision, fixes' re-checks), and each would print again, the exact runs' numbers as balls and jets."""

    @functools.wraps(function)
    def run(*args, **kwargs):
        if _PROGRAMS_RUN.get():
            return function(*args, **kwargs)
        with users_output_hidden(), _log_records("hidden"):
            return function(*args, **kwargs)

    return run


@contextlib.contextmanager
def _log_records(how):
    """Within it, the thread's log records are taken ``how`` (see `_LOG_RECORDS`), other threads' as logging takes
    them: ``logging.Logger.handle`` answers while any such block is open, and is logging's own again after the last."""
    with _LOGGING_LOCK:
        if not _LOGGING["blocks"]:
            _LOGGING["handle"] = logging.Logger.handle
            logging.Logger.handle = _handled
        _LOGGING["blocks"] += 1
    token = _LOG_RECORDS.set(how)
    try:
        yield
    finally:
        _LOG_RECORDS.reset(token)
        with _LOGGING_LOCK:
            _LOGGING["blocks"] -= 1
            if not _LOGGING["blocks"]:
                logging.Logger.handle = _LOGGING["handle"]


def _handled(logger, record):
    """``logger.handle(record)`` as `_log_records` takes the thread's records: a log line's ``"%.3f"`` asks its
    arguments for plain numbers, as the ``%`` operator does (`percent_formatted`)."""
    how = _LOG_RECORDS.get()
    if how == "hidden":
        return None
    if how == "shown" and isinstance(record.args, (tuple, dict)):
        record.args = (tuple(map(_shown, record.args)) if isinstance(record.args, tuple)
                       else {key: _shown(v) for key, v in record.args.items()})
    return _LOGGING["handle"](logger, record)


# The calls a rewritten function makes, by the names it calls them by (`numpy_writes.helpers` puts them in its globals).
READS = {READ_FLOAT: read_float, READ_ITEM: read_item, READ_INT: read_int, READ_LIST: read_list,
         PERCENT: percent_formatted}


def reads_rewritten(tree, bound=()):
    """``tree`` (a module's AST) with each ``float(x)``, ``int(x)``, ``x.item(...)`` and ``x.tolist()`` call inside a
    function, ``float`` handed to ``map``, and each ``"..." % values`` there as calls of `read_float`, `read_int`,
    `read_item`, `read_list` and `percent_formatted`; ``float`` and ``int`` left as they are where the module binds the
    name itself (``bound``: the names its globals bind, which the tree of one function does not show)."""
    own = {name for name in ("float", "int") if name in bound or binds(tree, name)}
    return ast.fix_missing_locations(_Rewrite(own).visit(tree))


def binds(tree, name):
    """Whether the module's code binds ``name`` anywhere (an assignment, a def, an import, an argument)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id == name and not isinstance(node.ctx, ast.Load):
            return True
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.name == name:
            return True
        if isinstance(node, ast.arg) and node.arg == name:
            return True
        if isinstance(node, ast.alias) and (node.asname or node.name) == name:
            return True
    return False


_BUILTIN_READS = {"float": READ_FLOAT, "int": READ_INT}


class _Rewrite(InFunctions):
    def __init__(self, own):
        super().__init__()
        self.own = own  # the names of ``float`` and ``int`` the module binds itself

    def _read_of(self, node, name):
        """The read a bare ``float`` or ``int`` stands for, or None where ``node`` is no such name."""
        if isinstance(node, ast.Name) and node.id == name and name not in self.own:
            return ast.copy_location(ast.Name(_BUILTIN_READS[name], ast.Load()), node)
        return None

    def visit_BinOp(self, node):
        self.generic_visit(node)
        if not (self.depth and isinstance(node.op, ast.Mod) and isinstance(node.left, ast.Constant)
                and isinstance(node.left.value, str)):
            return node
        return ast.copy_location(ast.Call(ast.Name(PERCENT, ast.Load()), [node.left, node.right], []), node)

    def visit_Call(self, node):
        self.generic_visit(node)
        if not self.depth or node.keywords or any(isinstance(a, ast.Starred) for a in node.args):
            return node
        function = node.func
        if isinstance(function, ast.Name) and function.id == "map" and node.args:
            handed = self._read_of(node.args[0], "float")  # map(float, x): each entry read as float(entry) is
            if handed is not None:
                node.args[0] = handed
            return node
        read = (self._read_of(function, "float") or self._read_of(function, "int")) if len(node.args) == 1 else None
        if read is not None:
            call = ast.Call(read, node.args, [])
        elif isinstance(function, ast.Attribute) and function.attr == "item":
            call = ast.Call(ast.Name(READ_ITEM, ast.Load()), [function.value, *node.args], [])
        elif isinstance(function, ast.Attribute) and function.attr == "tolist" and not node.args:
            call = ast.Call(ast.Name(READ_LIST, ast.Load()), [function.value], [])
        else:
            return node
        return ast.copy_location(call, node)
