"""A tensor's value that eager TensorFlow code reads (``float(t)``, ``int(t)``, ``t.numpy()``) and computes with, while
gradcli traces.

Run eagerly, ``s = float(tf.reduce_sum(x))`` hands the user's code a Python
number, which every operation after it takes as a constant: the tape's gradient
leaves out the path from the inputs through that number, while the function's
values move with it. gradcli traces an eager function into a graph, where
``float(t)`` of a symbolic tensor is AutoGraph's cast, which the graph's
gradient follows (and which AutoGraph makes float32 whatever the tensor's
dtype). While gradcli traces an eager function, AutoGraph's ``float()`` of a
floating-point tensor is that tensor as one number in its own dtype, behind a
``StopGradient`` named as this read (`read_as_number`): the traced gradient
holds it constant as the eager tape does, and the exact replay runs it as the
number itself (`is_number_read`, `tf_graph`), so the exact derivative holds the
path TensorFlow's gradient leaves out. The bridge names each such read in a
wrong gradient's finding (`Bridge.numbers_read`). ``t.numpy()`` called by the
user's code on a floating-point tensor of the trace is answered the same way, as
the tensor itself held out of the gradient: code that computes on with
TensorFlow's operations is followed; code that hands the array to NumPy or
Python cannot be traced, and is refused at the read's line, saying what to
write. ``int(t)`` of a floating-point tensor is the whole number Python's
``int`` makes of it, behind such a read: as AutoGraph's int32 cast where the
code indexes or counts with it, and, where the trace then meets a float tensor
with it (a TypeError), traced again as the whole number in the tensor's own
dtype (`TensorFlowFunction._trace`); its slope is 0, and where it steps the
function jumps at the read's line. A user's ``tf.function`` is left as
TensorFlow traces it: there ``float(t)`` is AutoGraph's cast, which
TensorFlow's gradient follows too.
"""

from __future__ import annotations

import os
import sys
import threading
from contextlib import contextmanager

from ..errors import InputError

# the name of each read's StopGradient, and the read as the user writes it
_READS = {"float": ("gradcli_float_read", "float()"), "numpy": ("gradcli_numpy_read", ".numpy()"),
          "int": ("gradcli_int_read", "int()")}
_AUTOGRAPH = f"{os.sep}autograph{os.sep}"  # autograph's own modules, which call the user's methods for its code
_CONVERTED = "__autograph_generated_file"  # the user's function as autograph converts it


_LIVE = {}  # thread id -> the `_Answers` of the trace in progress there: the patches answer for it alone
_INSTALLING = threading.Lock()


class _Answers:
    """What a trace in progress answers ``float(t)``, ``int(t)`` and ``t.numpy()`` with (`numbers_read_held`)."""

    def __init__(self, tf, users):
        self.tf, self.users = tf, users
        self.numpy_reads = []  # "file:line" of each .numpy() read answered
        self.int_reads = 0  # int() reads of floating-point tensors answered
        # whether int() of a floating-point tensor is answered as the whole number in the tensor's dtype (a number the
        # code computes with) rather than as an int32 tensor (an index or a count): `TensorFlowFunction._trace`
        self.ints_as_numbers = False


@contextmanager
def numbers_read_held(tf, eager, users):
    """While a trace of an eager function (``eager``) lasts, AutoGraph's ``float(t)`` and ``int(t)`` of a
    floating-point tensor and ``t.numpy()`` called from the user's code (``users(filename)``: whether a file is the
    user's) are `read_as_number`; otherwise, and for other tensors, TensorFlow's own. A trace failing after a ``.numpy()`` read
    is refused at the read's line (`_refused`).

    AutoGraph's ``float()`` and ``int()`` and ``SymbolicTensor`` are patched for the
    process, so each patch answers only in the thread whose trace is in
    progress and, in any other thread or once the trace has ended, is
    TensorFlow's own (``t.numpy`` of a symbolic tensor no attribute). The
    patches are put in and taken out inside one ``try``, on every way out
    (an error, KeyboardInterrupt); one that an interruption in the middle of
    taking it out leaves behind is inert, and taken out by the next trace.
    """
    try:
        from tensorflow.python.autograph.operators import py_builtins  # lazy: TensorFlow's, loaded with tf
        from tensorflow.python.framework.ops import SymbolicTensor  # lazy: as above
    except ImportError:  # another TensorFlow: its own float() and numpy() stand
        py_builtins = SymbolicTensor = None
    if (not eager or not hasattr(py_builtins, "_tf_float") or threading.get_ident() in _LIVE
            or (hasattr(SymbolicTensor, "numpy") and not _ours(vars(SymbolicTensor).get("numpy")))):
        yield
        return
    # a patch left behind: TensorFlow's own under it
    original_float = getattr(py_builtins._tf_float, "original", py_builtins._tf_float)
    original_int = getattr(py_builtins._tf_int, "original", py_builtins._tf_int)
    answers = _Answers(tf, users)
    try:
        with _INSTALLING:
            _LIVE[threading.get_ident()] = answers
            py_builtins._tf_float, py_builtins._tf_int = _patched_float(original_float), _patched_int(original_int)
            SymbolicTensor.numpy = _NUMPY
        yield answers
    except (NotImplementedError, TypeError) as error:  # NumPy's or Python's on a symbolic tensor: told at the read
        if answers.numpy_reads:
            raise _refused(answers.numpy_reads[0], error) from None
        raise
    finally:
        _LIVE.pop(threading.get_ident(), None)  # first: whatever follows, the patches answer no more
        with _INSTALLING:
            if not _LIVE:
                py_builtins._tf_float, py_builtins._tf_int = original_float, original_int
                if _ours(vars(SymbolicTensor).get("numpy")):
                    del SymbolicTensor.numpy


def _patched_float(original):
    """AutoGraph's ``float()`` answering for the trace in progress in the calling thread (`numbers_read_held`)."""

    def tf_float(x):
        answers = _LIVE.get(threading.get_ident())
        if answers is None or not x.dtype.is_floating:
            return original(x)
        return read_as_number(answers.tf, answers.tf.reshape(x, []), "float")

    tf_float.original = original
    return tf_float


def _patched_int(original):
    """AutoGraph's ``int()`` answering for the trace in progress in the calling thread: eager ``int(t)`` of a
    floating-point tensor is a whole number that the tape holds constant, so the trace holds it out of the gradient
    too (`read_as_number`), as an int32 tensor (TensorFlow's own cast, an index or a count) or, where the code
    computes with it as a number (`_Answers.ints_as_numbers`), as the whole number in the tensor's own dtype, which a
    float tensor takes as Python takes an int."""

    def tf_int(x, base):
        answers = _LIVE.get(threading.get_ident())
        if answers is None or not x.dtype.is_floating:
            return original(x, base)
        answers.int_reads += 1
        tf = answers.tf
        x = tf.reshape(x, [])
        if answers.ints_as_numbers:  # toward 0, as Python's int() of a float
            return read_as_number(tf, tf.math.sign(x) * tf.math.floor(tf.math.abs(x)), "int")
        return original(read_as_number(tf, x, "int"), base)

    tf_int.original = original
    return tf_int


def _numpy_read(tensor):
    """``t.numpy`` of a symbolic tensor: for the user's code of a trace in progress in this thread, a function
    answering with `read_as_number`; for anyone else no attribute, as TensorFlow has it."""
    answers = _LIVE.get(threading.get_ident())
    where = _users_line(answers.users) if answers is not None and tensor.dtype.is_floating else None
    if where is None:
        raise AttributeError(f"'{type(tensor).__name__}' object has no attribute 'numpy'")

    def numpy():
        answers.numpy_reads.append(where)
        return read_as_number(answers.tf, tensor, "numpy")

    return numpy


_NUMPY = property(_numpy_read)


def _ours(attribute):
    """Whether a class attribute is the ``numpy`` patch (`_NUMPY`), this module's or one a reload of it left."""
    return isinstance(attribute, property) and getattr(attribute.fget, "__name__", None) == _numpy_read.__name__ \
        and getattr(attribute.fget, "__module__", None) == __name__


def _users_line(users):
    """"file:line" of the user's code reading ``.numpy`` (past autograph's own frames), or None for others'."""
    frame = sys._getframe(2)
    while frame is not None and _AUTOGRAPH in frame.f_code.co_filename:
        frame = frame.f_back
    if frame is None or not (users(frame.f_code.co_filename) or _CONVERTED in frame.f_code.co_filename):
        return None
    return f"{frame.f_code.co_filename}:{frame.f_lineno}"


def _refused(where, error):
    return InputError(
        f"{where}: .numpy() reads a tensor that moves with the inputs as a NumPy array, and the code then computes "
        f"on it outside TensorFlow (a {type(error).__name__} where gradcli traced it as a tensor), which gradcli "
        "cannot trace, so it has no exact reference for this function; TensorFlow's gradient holds "
        "that array constant while the function's values follow it. Keep the value a tensor and compute on it "
        "with TensorFlow's operations (tf.math, tf.reduce_sum, ...); where a constant is meant, say so with "
        "tf.stop_gradient", text=where)


def read_as_number(tf, tensor, kind):
    """``tensor`` held out of the gradient: what a number (``float(t)``) or array (``t.numpy()``) read eagerly is to
    TensorFlow's tape. Its op's name marks it as the read (`is_number_read`)."""
    return tf.raw_ops.StopGradient(input=tensor, name=_READS[kind][0])


def _read_of(op_type, name):
    """The read as the user writes it ("float()", ".numpy()") of a graph's op of ``op_type`` named ``name``, or None;
    a function's op inlined in another's graph is named under the call's."""
    if op_type != "StopGradient":
        return None
    own = name.rsplit("/", 1)[-1]
    return next((written for prefix, written in _READS.values() if own.startswith(prefix)), None)


def is_number_read(op_type, name):
    """Whether a graph's op of ``op_type`` named ``name`` is a number the user's eager code read (`read_as_number`)."""
    return _read_of(op_type, name) is not None


def reads_in(plan):
    """``[("float()", "file:line"), ...]``: the number reads among ``plan``'s steps, those of its branches and loop
    bodies too, in the plan's order."""
    found = []
    for step in plan.steps:
        written = _read_of(step.op_type, step.name)
        if written is not None:
            found.append((written, step.location))
        for inner in step.plans:
            found.extend(reads_in(inner))
    return found
