"""High-precision numbers handed to user code outside every trace, boxed so that its operators are gradcli's ops.

The exact reference runs a Python function on balls, jets and proof numbers with
its inputs traced, so ``x > 0``, ``abs(x)`` and ``max(x, y)`` in it are gradcli's
ops, each branch decided on balls as on jets and proof numbers (recorded, and
undecided where balls overlap). Some values reach the user with no trace's box
on them: a ``custom_gradient``'s forward and ``grad_fn`` see their inputs
unboxed, and ``stop_gradient(x)``, ``sign(x)`` or ``x.numpy()`` hand back the
bare number. On a bare ball ``x > 0`` is flint's own comparison (no decision
recorded, False where the ball straddles 0) while on a jet or a proof number it
is recorded: the three runs part ways and nothing is proven. `kept` boxes such a
number in a `Plain` box of the `PLAIN` trace, which differentiates nothing and
lies under every other trace's box; an op on it is the op on its value, boxed
again, so the number stays a gradcli value through the user's code, as a ball
under ``sort`` compares through the decisions (`ops_shape.ranked`). NumPy's own
functions without a gradcli spelling (``np.searchsorted``, ``np.unique``, a ufunc's
``reduce``) run with each number in a plain box of its own, so the comparisons
NumPy makes on object arrays are decisions too; ``np.isclose`` and ``np.allclose``
are decided as their formula. The exact reference hands a Python function's code its
numbers boxed too where no trace boxes them (`handed`: mpmath's runs, an input held, a
tree's leaves), so ``x.astype``, ``x.shape``, ``x.reshape`` answer on them as on the
float run's values; an input held still, and what is computed from such inputs alone,
leaves as the float it is (`Held`: ``float(t)`` of a temperature ``--wrt`` leaves out). ``np.asarray(x)`` gives an object array of
plain boxes (a gradcli op gathers it back into one). A number taken out as a
float (``float(x)``, ``x.item()``, ``np.asarray(x, dtype=float)``,
``math.isfinite(x)``) would be compared as a float no ball records: `TakenOut`
names the call, and the point has no exact reference; only a whole number leaves, as an int (an index), or as a
float where it is a step's answer (``float(np.sign(x))``: `StepAnswer`). `arb.enable` turns it on
(`tracer.keep_plain`); on floats nothing is boxed.
"""

from __future__ import annotations

import inspect
import linecache
import os
import sys
import threading

import numpy as np

from . import boxes  # noqa: F401 - the operators every box has are installed there
from . import namespace, ops, tracer
from .ops_special import BeyondNumbers
from .tracer import PLAIN, Box
from .tree import dataclass_fields, with_fields
from .values import raw


def _record(trace, prim, ans, vals, kwargs, argnums, parents):
    if parents and all(type(parent) is Held for parent in parents):
        return _held(ans)  # computed from held inputs alone: a constant of the program, as they are
    return kept(ans)


PLAIN.record = _record
_on = False  # set by `enable`: before the exact reference's balls, nothing is boxed


def enable():
    """Box bare high-precision numbers from now on (idempotent): in the forward door (`tracer.keep_plain`, and
    `tracer.keep_step` for a step function's answer), in a traced value's ``bool`` and ``.numpy()``, and in a custom
    gradient's forward (`kept`).

    The patches (``Box.__bool__``, ``Box.numpy``, the tracer's and namespace's hooks; ``Variable.numpy`` reads the tracer's)
    stay for the life of the process, in every thread: each asks `holds_numbers` first, which is False on
    floats and float arrays, so a float run after the exact reference computes as before it, at the cost
    of that one type test. Scoping them to the reference's runs would have to restore them around every
    user call the reference makes, from any thread, for no change in what a float run computes."""
    global _on
    _on = True
    tracer.keep_plain = kept
    tracer.keep_step = kept_step
    tracer.gather_plain = gathered
    namespace._on_numbers = on_numbers
    Box.__bool__ = decided_truth
    Box.numpy = numpy_of


def holds_numbers(value):
    """Whether ``value`` is a high-precision number (a ball, jet, proof number, mpmath number) or an
    object array of them: never a bool, nor an object array of the bools a comparison gives."""
    kinds = tracer._MP_TYPES
    if not _on or not kinds:
        return False
    if isinstance(value, kinds):
        return True
    if type(value) is np.ndarray and value.dtype == object and value.size:
        return isinstance(value.flat[0], kinds)
    return False


def kept(value):
    """``value`` in a `Plain` box where it is a bare high-precision number (`holds_numbers`), else as it is."""
    if isinstance(value, Plain) or not holds_numbers(value):
        return value
    box = Plain()
    box._value = value
    box._trace = PLAIN
    return box


def handed_arguments(args, held=None):
    """``args``, the arguments the exact reference hands user code, each `handed`: a bare number is an input held
    still, boxed `Held`, where ``held`` says so, or (``held`` None) beside traced inputs (the ones differentiated: a
    bare one is one ``--wrt`` leaves out)."""
    if held is None:
        held = any(isinstance(leaf, Box) and leaf._trace is not PLAIN for leaf in tree_leaves(args))
    return [handed(a, held) for a in args]


def handed(value, held=False):
    """``value``, an argument the exact reference hands user code, with each bare high-precision number (a scalar, or
    an object array of them) in a `Plain` box (`Held` where ``held``), inside dicts, lists and tuples (a tree's
    leaves) too, so that NumPy's array API (``x.astype``, ``x.shape``, ``x.reshape``, ``x.T``, ``x.dtype``) answers
    on it as on the float run's NumPy values; a traced value, a float and anything else as they are."""
    if isinstance(value, Box):
        return value
    if type(value) in (list, tuple):
        return type(value)(handed(item, held) for item in value)
    if isinstance(value, tuple) and hasattr(value, "_fields"):  # a NamedTuple
        return type(value)(*(handed(item, held) for item in value))
    if type(value) is dict:
        return {key: handed(item, held) for key, item in value.items()}
    if not _on and tracer._MP_TYPES and isinstance(_first(value), tracer._MP_TYPES):
        enable()  # mpmath's numbers before any ball's (a finite difference's rounding replay): boxed all the same
    return _held(value) if held else kept(value)


def _held(value):
    """``value`` in a `Held` box where it holds high-precision numbers, else as it is."""
    return _boxed(value, Held) if holds_numbers(value) else value


def _first(value):
    """``value``'s first entry where it is an object array, else ``value``."""
    return value.flat[0] if type(value) is np.ndarray and value.dtype == object and value.size else value


def tree_leaves(value):
    """The leaves of ``value`` as `handed` walks it: the items of its dicts, lists and tuples, at any depth."""
    names = None if isinstance(value, (Box, list, tuple, dict)) else dataclass_fields(value)
    if names is not None:
        for name in names:
            yield from tree_leaves(getattr(value, name))
        return
    if isinstance(value, Box) or not isinstance(value, (list, tuple, dict)):
        yield value
        return
    for item in (value.values() if type(value) is dict else value):
        yield from tree_leaves(item)


def given_back(value):
    """``value``, what user code handed with `handed` arguments returned, with its `Plain` boxes (in lists, tuples
    and dicts too) taken off: the exact reference reads its numbers bare, as it handed them."""
    if isinstance(value, Plain):
        return raw(value)
    if type(value) in (list, tuple):
        return type(value)(given_back(item) for item in value)
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return type(value)(*(given_back(item) for item in value))
    if type(value) is dict:
        return {key: given_back(item) for key, item in value.items()}
    names = dataclass_fields(value)
    if names is not None:
        return with_fields(value, {name: given_back(getattr(value, name)) for name in names})
    return value


def kept_step(value):
    """``value``, the answer of a step function (floor, ceil, sign, rint, gammasgn) on high-precision numbers, in a
    `StepAnswer` box where it is bare, so that its whole numbers may leave as floats too; else as `kept`."""
    return _boxed(value, StepAnswer) if holds_numbers(value) else value


def _bare(x):
    """``x`` with the plain boxes (and any others) removed, in lists and tuples too."""
    if isinstance(x, Box):
        return raw(x)
    if isinstance(x, (list, tuple)):
        return type(x)(_bare(item) for item in x)
    return x


def _by_name(fun):
    """``gradcli.numpy``'s function of NumPy's ``fun``'s name, or None (also for NumPy's own helpers that
    gradcli calls on the values, ``_on_values``: on a plain box those are `_on_elements`' to answer)."""
    found = getattr(namespace, getattr(fun, "__name__", ""), None)
    if getattr(found, "on_values", False) and _numpy_own(found.__wrapped__):
        return _DECIDED.get(fun.__name__)
    return found if callable(found) and not isinstance(found, type) else None


def _numpy_own(fun):
    """Whether ``fun`` is NumPy's own function or ufunc (not one of gradcli's that orders by decisions)."""
    return isinstance(fun, np.ufunc) or type(fun).__name__ == "_ArrayFunctionDispatcher"


# NumPy's helpers that read an array's layout and never its numbers: nothing to decide, so no entry is boxed (a
# replayed graph reads the rank of every array it reduces or slices).
_LAYOUT_ONLY = frozenset((np.shape, np.ndim, np.size))


def on_numbers(fun, args, kwargs):
    """``gradcli.numpy``'s spelling of a NumPy helper (``gnp.searchsorted``, ``gnp.allclose``) on the values of
    its arguments: where they hold high-precision numbers, decided (`_DECIDED`) or on boxed numbers."""
    values = _bare(args), {k: _bare(v) for k, v in kwargs.items()}
    if fun in _LAYOUT_ONLY or not _numpy_own(fun) or not any(_has_numbers(v) for v in (*values[0], *values[1].values())):
        return fun(*values[0], **values[1])
    decided = _DECIDED.get(getattr(fun, "__name__", ""))
    return decided(*args, **kwargs) if decided is not None else _on_elements(fun, args, kwargs)


def _has_numbers(value):
    if isinstance(value, (list, tuple)):
        return any(_has_numbers(item) for item in value)
    return holds_numbers(value)


class _PerThread(threading.local):
    """What a thread is in the middle of: two threads running user code on plain boxes are apart."""

    def __init__(self):
        self.routing = set()  # NumPy functions being answered by gradcli's spelling of them right now
        self.calls = []  # the user's calls of NumPy functions answered on numbers boxed one by one (`_on_elements`)


_now = _PerThread()
_SIGNATURES = {}  # gradcli's spelling -> its signature (None: it has none to read), read once
_HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "")  # a separator: a sibling folder is not ours
_NUMPY = os.path.join(os.path.dirname(os.path.abspath(np.__file__)), "")


class TakenOut(Exception):
    """User code took a high-precision number out of gradcli's values (``float(x)``, ``np.asarray(x, float)``):
    its comparisons from then on are float ones that no ball, jet or proof number records."""


def _user_frame():
    """The frame of the user's call that is converting a plain box: the innermost outside gradcli's core and
    NumPy (``math.isfinite(x)`` calls ``__float__`` from C: the user's frame is next); None if there is none."""
    frame = sys._getframe(1)
    while frame is not None and frame.f_code.co_filename.startswith((_HERE, _NUMPY)):
        frame = frame.f_back
    return frame


def _user_call(frame):
    """The user's call in ``frame`` (`_user_frame`) as ```text` (file:line)``, read only for a message."""
    if frame is None:
        return "a conversion"
    code, where = frame.f_code, f"{os.path.basename(frame.f_code.co_filename)}:{frame.f_lineno}"
    try:
        line, end_line, col, end_col = list(code.co_positions())[frame.f_lasti // 2]
        lines = [linecache.getline(code.co_filename, n).encode() for n in range(line, end_line + 1)]
        lines[-1] = lines[-1][:end_col]  # columns count UTF-8 bytes; on one line the end is cut first
        lines[0] = lines[0][col:]
        text = " ".join(b"".join(lines).decode(errors="replace").split())
    except (ValueError, IndexError, TypeError):  # no positions or no source
        text = ""
    return f"`{text}` ({where})" if text else where


def _taken_out(how):
    """`TakenOut` for a number leaving by ``how``, naming the user's call (the outermost NumPy call answered
    on boxed numbers, where the conversion happened inside NumPy)."""
    call = _user_call(_now.calls[0] if _now.calls else _user_frame())
    return TakenOut(
        f"{call} takes a high-precision number out of gradcli's values ({how}), so its comparisons would be "
        "float ones no ball records; keep it a gradcli value: write the expression without the conversion "
        "(`x > 0`, not `float(x) > 0`; gradcli.numpy functions and operators on it), and convert only a step's "
        "whole-number answer (`float(np.floor(x))`, `int(np.sign(x))`, an index)"
    )


def whole_number(number):
    """``number`` as a Python int where it is an exact integer (``int(np.floor(x))``, an index), or None. An
    integer leaves whole, with no rounding; a float taken out, even an integral one, would compute and compare on
    in float64, so only ints leave, and a step's answer (`StepAnswer`), whose comparisons decide nothing new."""
    parts = _mantissa_exponent(number)
    if parts is None:
        return None
    mantissa, exponent = parts
    if exponent >= 0:
        return mantissa << exponent
    if -exponent > abs(mantissa).bit_length():  # below 1 and not 0 (e^-1e600's exponent has 600 digits): no shift
        return None if mantissa else 0
    whole, rest = divmod(mantissa, 1 << -exponent)
    return None if rest else whole


def _mantissa_exponent(number):
    """An exact finite high-precision number's ``(mantissa, exponent)`` (an mpmath number, or a flint ball of
    radius 0), or None."""
    try:
        if callable(getattr(number, "is_exact", None)):  # flint's arb: exact only at radius 0
            return tuple(int(p) for p in number.man_exp()) if number.is_exact() and number.is_finite() else None
        if isinstance(number, tracer._MP_TYPES) and not isinstance(number, complex):
            import mpmath  # lazy: loaded already by every run that holds an mpmath number

            if isinstance(number, mpmath.mpf) and mpmath.isfinite(number):
                mantissa, exponent = number.man_exp  # the mantissa's magnitude: the sign is apart
                return (-int(mantissa) if number < 0 else int(mantissa)), int(exponent)
    except (AttributeError, TypeError, ValueError):
        return None
    return None


def _spread(x):
    """``x`` with each high-precision number in a plain box of its own: a scalar as a 0-d object array
    holding its box (NumPy would convert the box itself), an object array entry by entry."""
    if isinstance(x, Box):
        x = raw(x)
    if isinstance(x, (list, tuple)):
        items = [_spread(item) for item in x]
        numbers = any(type(item) is np.ndarray and item.dtype == object and item.size for item in items)
        if numbers and not any(type(item) is np.ndarray and item.ndim for item in items):  # [0 * s, s]: one array
            out = np.empty(len(items), dtype=object)  # (NumPy would hold 0-d arrays in it, or convert boxes)
            for i, item in enumerate(items):
                out[i] = item[()] if type(item) is np.ndarray else item
            return out
        return type(x)(items)
    kinds = tracer._MP_TYPES
    if kinds and isinstance(x, kinds):
        out = np.empty((), dtype=object)
        out[()] = kept(x)
        return out
    if type(x) is np.ndarray and x.dtype == object:
        out = np.empty(x.shape, dtype=object)
        for index in np.ndindex(x.shape):
            out[index] = kept(x[index])
        return out
    return x


def _gathered(out):
    """NumPy's answer on `_spread` numbers as gradcli values: an object array of boxes as one plain box of
    the numbers, a 0-d one as its entry, one of flags or counts alone as an ordinary array."""
    if type(out) in (list, tuple):
        return type(out)(_gathered(item) for item in out)
    if type(out) is not np.ndarray or out.dtype != object:
        return kept(out)  # a number (a reduce's) boxed, a box as it is, a flag or an index as it is
    values, numbers = np.empty(out.shape, dtype=object), False
    for index in np.ndindex(out.shape):
        value = out[index]
        values[index] = value = raw(value) if isinstance(value, Box) else value
        numbers = numbers or isinstance(value, tracer._MP_TYPES)
    if not out.shape:
        return kept(values[()])
    if not numbers:
        return np.array(values.tolist()) if values.size else values
    return _boxed(values)


def gathered(value):
    """``value``, an object array of plain boxes (``np.asarray(x)`` of one) as one plain box of their numbers."""
    return _gathered(value) if type(value) is np.ndarray and value.dtype == object else value


def _on_elements(func, args, kwargs):
    """NumPy's ``func`` on `_spread` arguments: the comparisons it makes on object arrays (a sort, a binary
    search, a clip, a maximum's reduce) are gradcli's operators on the boxes, each a decision recorded."""
    _now.calls.append(_user_frame())  # its text is made only if a number is taken out: most calls never need it
    try:
        with np.errstate(all="ignore"):
            out = func(*[_spread(a) for a in args], **{k: _spread(v) for k, v in kwargs.items()})
    except TypeError as error:  # no object loop (np.isfinite on objects): no exact spelling of it
        raise _taken_out(f"NumPy's {getattr(func, '__name__', func)} has no loop for them: {error}") from None
    finally:
        _now.calls.pop()
    return _gathered(out)


def _isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    """``np.isclose`` on gradcli values: |a - b| <= atol + rtol |b|, each entry a decision (balls are finite)."""
    return raw(ops.less_equal(ops.absolute(ops.subtract(a, b)), ops.add(atol, ops.multiply(rtol, ops.absolute(b)))))


def _allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    """``np.allclose`` on gradcli values: every entry of `_isclose`."""
    return bool(np.all(_isclose(a, b, rtol, atol, equal_nan)))


_DECIDED = {"isclose": _isclose, "allclose": _allclose}  # NumPy's tests answered by their formula


def _boxed(value, kind=None):
    box = (kind or Plain)()
    box._value = value
    box._trace = PLAIN
    return box


class Plain(Box):
    """A high-precision number outside every trace (see the module): ops on it are gradcli's ops, and it
    stays boxed through them; NumPy's own functions see its numbers boxed one by one (`_on_elements`), and
    a conversion to a float or an array raises `TakenOut`."""

    __slots__ = ()

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        own = _by_name(ufunc) if method == "__call__" and not kwargs else None
        if own is not None:
            return own(*inputs)  # np.greater(x, 0), np.maximum(x, y): decided as the operators are
        return _on_elements(getattr(ufunc, method), inputs, kwargs)  # np.maximum.reduce(x), np.sign(x, out=y)

    def __array_function__(self, func, types, args, kwargs):
        routing = _now.routing
        if func in routing:  # gradcli's own spelling calling NumPy's on the values: it decides its own way
            return func(*_bare(args), **{k: _bare(v) for k, v in kwargs.items()})
        own = _by_name(func)
        # Decided before it runs, not by a TypeError after: a spelling that ran part way has recorded
        # decisions (`arb.decisions`) NumPy's own run would not take, and a TypeError from inside is a bug.
        if own is None or not _takes(own, args, kwargs):
            return _on_elements(func, args, kwargs)  # an argument gradcli's spelling has no name for
        routing.add(func)
        try:
            return own(*args, **kwargs)
        finally:
            routing.discard(func)

    def __array__(self, dtype=None, copy=None):
        if dtype is None or np.dtype(dtype) == object:  # its numbers, each boxed: NumPy's comparisons on them decide
            return _spread(raw(self))
        raise _taken_out(f"as a NumPy array of {np.dtype(dtype)}")

    def __float__(self):
        raise _taken_out("as a float")

    def __int__(self):
        exact = whole_number(raw(self))
        if exact is None:
            raise _taken_out("as an int")
        return exact

    def __index__(self):
        exact = whole_number(raw(self))
        if exact is None:
            raise _taken_out("as an index")
        return exact

    def __complex__(self):
        raise _taken_out("as a complex")

    def item(self, *args):
        raise _taken_out("as a Python number")

    def tolist(self):
        raise _taken_out("as Python numbers")

    def numpy(self):
        return self

    def __getattr__(self, name):
        # NumPy's loop of a unary ufunc on an object array calls the entry's method of its name (np.exp -> .exp())
        own = getattr(namespace, name, None) if name in _UNARY else None
        if own is None:
            raise AttributeError(name)
        return lambda: own(self)


class StepAnswer(Plain):
    """A step function's answer on high-precision numbers (`kept_step`): a whole number leaves as a float too.

    ``float(np.sign(x))`` is exact, and safe to let out: the number is constant on the point's piece, its switch
    decided by the step itself on the ball (recorded as a branch, or no number at a tie), so a comparison of the
    float decides nothing the run has not; and arithmetic on it in Python floats is the program's own, the same
    numbers in every run, as for an int that leaves. Any other number stays in (`Plain`)."""

    __slots__ = ()

    def __float__(self):
        exact = whole_number(raw(self))
        if exact is None:
            raise _taken_out("as a float")
        return _whole_as_float(exact)

    def item(self, *args):
        exact = whole_number(raw(self)) if not args else None
        if exact is None:
            raise _taken_out("as a Python number")
        return _whole_as_float(exact)


class Held(Plain):
    """An input the exact run holds still (no derivative is asked in it, ``--wrt`` leaves it out), or a number
    computed from such inputs alone: a constant of the program, which leaves as the float it is where the user's code
    takes it out (``float(t)``, ``w.tolist()``), as the float run's NumPy value does. Its comparisons decide nothing
    a kink test moves: no differentiated input reaches it."""

    __slots__ = ()

    def __float__(self):
        return float(raw(self))

    def __complex__(self):
        return complex(raw(self))

    def item(self, *args):
        value = raw(self)
        return float(value[args] if args else value.flat[0] if type(value) is np.ndarray else value)

    def tolist(self):
        value = raw(self)
        return np.asarray(value, dtype=float).tolist() if type(value) is np.ndarray else float(value)

    def __array__(self, dtype=None, copy=None):
        if dtype is None or np.dtype(dtype) == object:
            return _spread(raw(self))
        return np.asarray(raw(self), dtype=float).astype(dtype)


def _whole_as_float(exact):
    """A step's exact whole-number answer as the Python float the program asks for; `BeyondNumbers` past float64's
    range, where Python's float() of that integer has no answer and the float run's (inf, a float computed from an
    overflowed one) is no number of the mathematics: the point has no exact reference."""
    try:
        return float(exact)
    except OverflowError:
        call = _user_call(_user_frame())
        raise BeyondNumbers(f"{call} takes float() of an exact integer past float64's range (an integer of "
                            f"{exact.bit_length()} bits; float64's numbers end below 2^1024), which no float holds") from None


def _takes(own, args, kwargs):
    """Whether gradcli's spelling ``own`` accepts these arguments by its signature (True where it has none to read)."""
    try:
        signature = _SIGNATURES[own]
    except KeyError:
        try:
            signature = inspect.signature(own)
        except (TypeError, ValueError):  # a builtin without one: it is asked as it is
            signature = None
        _SIGNATURES[own] = signature
    except TypeError:  # not hashable: read each time
        signature = inspect.signature(own)
    if signature is None:
        return True
    try:
        signature.bind(*args, **kwargs)
    except TypeError:
        return False
    return True


_UNARY = frozenset(name for name, u in vars(np).items() if isinstance(u, np.ufunc) and u.nin == 1 and name[0] != "_")


def decided_truth(box):
    """``bool(box)`` for a traced value: of a high-precision number, ``box != 0`` decided as a branch
    (a bare ball says True even for an exact 0), else the truth of its value."""
    value = raw(box)
    if holds_numbers(value) and type(value) is not np.ndarray:
        return bool(raw(ops.not_equal(box, 0)))
    return bool(value)


def numpy_of(box):
    """``box.numpy()``: its value, a high-precision one still a gradcli value (`kept`)."""
    return kept(raw(box))
