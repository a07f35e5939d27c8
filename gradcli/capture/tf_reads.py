"""A tensor's value that eager TensorFlow code reads (``float(t)``, ``t.numpy()``) and computes with, while gradcli traces.

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
write. A user's ``tf.function`` is left as TensorFlow traces it: there
``float(t)`` is AutoGraph's cast, which TensorFlow's gradient follows too.
"""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager

from ..errors import InputError

# the name of each read's StopGradient, and the read as the user writes it
_READS = {"float": ("gradcli_float_read", "float()"), "numpy": ("gradcli_numpy_read", ".numpy()")}
_AUTOGRAPH = f"{os.sep}autograph{os.sep}"  # autograph's own modules, which call the user's methods for its code
_CONVERTED = "__autograph_generated_file"  # the user's function as autograph converts it


@contextmanager
def numbers_read_held(tf, eager, users):
    """While a trace of an eager function (``eager``) lasts, AutoGraph's ``float(t)`` of a floating-point tensor and
    ``t.numpy()`` called from the user's code (``users(filename)``: whether a file is the user's) are
    `read_as_number`; otherwise, and for other tensors, TensorFlow's own. A trace failing after a ``.numpy()`` read
    is refused at the read's line (`_refused`)."""
    try:
        from tensorflow.python.autograph.operators import py_builtins  # lazy: TensorFlow's, loaded with tf
        from tensorflow.python.framework.ops import SymbolicTensor  # lazy: as above
    except ImportError:  # another TensorFlow: its own float() and numpy() stand
        py_builtins = SymbolicTensor = None
    if not eager or not hasattr(py_builtins, "_tf_float") or hasattr(SymbolicTensor, "numpy"):
        yield
        return
    original = py_builtins._tf_float
    numpy_reads = []  # "file:line" of each .numpy() read answered

    def tf_float(x):
        return read_as_number(tf, tf.reshape(x, []), "float") if x.dtype.is_floating else original(x)

    def numpy(tensor):
        where = _users_line(users)
        if where is None or not tensor.dtype.is_floating:
            raise AttributeError(f"'{type(tensor).__name__}' object has no attribute 'numpy'")
        numpy_reads.append(where)
        return read_as_number(tf, tensor, "numpy")

    py_builtins._tf_float, SymbolicTensor.numpy = tf_float, numpy
    try:
        yield
    except (NotImplementedError, TypeError) as error:  # NumPy's or Python's on a symbolic tensor: told at the read
        if numpy_reads:
            raise _refused(numpy_reads[0], error) from None
        raise
    finally:
        py_builtins._tf_float = original
        del SymbolicTensor.numpy


def _users_line(users):
    """"file:line" of the user's code calling ``.numpy()`` (past autograph's own frames), or None for others'."""
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
