"""A tensor's numbers that the user's code reads out of the graph (``.item()``, ``float(t)``, ``.tolist()``) and
computes with, while a capture traces.

``scale = x.max().item()`` hands the user's code a Python number, which every
operation after it takes as a constant: PyTorch's gradient leaves out the path
from the inputs through that number, while the function's values move with it.
Fake tensors hold no number to hand, so make_fx would stop there. While gradcli
traces, a read by the user's code of a floating-point tensor that requires grad
(one computed from the inputs) answers with that tensor itself, detached
(`read_as_number`): ``.item()`` and ``float(t)`` with the 0-d tensor,
``.tolist()`` with nested lists of 0-d tensors. The trace records the detach at
the user's line, tagged with the read (`torch_graph._user_frame_summary`); the
exact replay runs it as the number itself, so the exact derivative holds the
path PyTorch's gradient leaves out, while the backward the trace records is
PyTorch's (autograd stops at the detach as it stops at a Python number). The
bridge names each such read in a wrong gradient's finding (`Bridge.numbers_read`).
``torch.tensor(data)`` and ``torch.as_tensor(data)`` of lists holding such
numbers (``torch.tensor([v * 2 for v in x.tolist()])``) are the numbers stacked,
in the dtype the call asks for (PyTorch's default dtype where it asks for none):
a tensor of the values, no gradient through it, as PyTorch's run makes.

Python requires ``float(t)`` to return a real float, which no traced value can
be. So ``float`` is answered by name: while gradcli traces, the name ``float``
in the globals of the user's modules (loaded files outside PyTorch, gradcli,
Python's library and installed packages, which define no ``float`` of their
own) is `_ReadingFloat`, which answers a read as above (and ``float()`` of a
number read already, ``float(s.item())``, ``map(float, x.tolist())``, or of a
constant's fake tensor, as that tensor) and is Python's float for everything
else (``float("inf")``, ``isinstance(v, float)``). Its limits:
``type(v) is float`` and ``dtype=float`` handed to PyTorch in those modules see
another class while gradcli traces; ``float`` reached otherwise (``t.__float__()``,
``builtins.float``, a name bound before the trace: ``f = float``) reads the fake
tensor and stays refused.

Where the numbers decide the graph (compared, branched on, a size or an
index, handed to ``math`` or NumPy) the trace fails
on the tensor standing for them; the bridge traces again with every read as
PyTorch makes it, which refuses the read at the user's line. PyTorch's own run,
the one under test, is untouched: only fake tensors, in the tracing thread, are
answered so. What the user's code prints or logs while gradcli traces (a fake
tensor's ``FakeTensor(...)``, not a number) reaches neither the streams nor the
user's log handlers (`users_output.users_output_hidden`); what it prints and logs in
PyTorch's own run does, with the numbers PyTorch computes. A number it formats
while gradcli traces (``f"{v:.3f}"``, ``"%g" % v``) is NaN's text (`_formatted`,
`formatted_by_percent`), which no one sees: no number is known then.
"""

from __future__ import annotations

import dis
import functools
import math
import os
import sys
import threading
from contextlib import contextmanager

from ..folders import installed_package_file
from .lines import GRADCLI_FOLDER, is_user_file, loaded_modules

_LOCK = threading.Lock()
_TRACING = threading.local()  # in a thread that traces: `answered`, the reads answered, and `folder`, PyTorch's
_DATA_CALLS = ("tensor", "as_tensor")  # torch's functions that make a tensor from Python data
# The reads `numbers_read_as_tensors` answers, each the name of its step in a graph (`torch_graph`)
READS = (".item()", "float()", ".tolist()", "torch.tensor()")


@contextmanager
def numbers_read_as_tensors(folder, answered):
    """While tracing: ``.item()``, ``.tolist()`` and ``float(t)`` of a floating-point fake tensor that requires grad,
    called from the user's code (a file outside ``folder``, PyTorch's), answer with the tensor detached
    (`read_as_number`) instead of Python numbers (``float()`` of a number read already too), ``torch.tensor`` of such
    numbers stacks them, and one formatted as a float is NaN's text (`_formatted`); each tensor read is appended to
    the list ``answered``. With ``answered`` None, the reads are left as they are (a trace again of
    code that could not compute with the tensor, `torch_bridge`)."""
    if answered is None:
        yield
        return
    import torch  # lazy: only a PyTorch target needs it
    from torch._subclasses.fake_tensor import FakeTensor  # lazy: as above

    _TRACING.answered, _TRACING.folder = answered, folder
    with _LOCK:
        # torch_guards may have set its own .item() on Tensor, else it is TensorBase's; fake tensors have a .tolist()
        # of their own, which reads each entry by .item() from PyTorch's file
        owned_item, original_item = "item" in vars(torch.Tensor), torch.Tensor.item
        original_tolist = FakeTensor.tolist
        torch.Tensor.item = lambda tensor: _read(tensor, ".item()", original_item, _as_number)
        FakeTensor.tolist = lambda tensor: _read(tensor, ".tolist()", original_tolist, _as_lists)
        FakeTensor.__format__ = _formatted
        makers = {name: getattr(torch, name) for name in _DATA_CALLS}
        for name, make in makers.items():
            setattr(torch, name, _made_of_numbers_read(make))
        named = _name_float_in(_users_namespaces())
    try:
        yield
    finally:
        with _LOCK:
            if owned_item:
                torch.Tensor.item = original_item
            else:
                del torch.Tensor.item
            FakeTensor.tolist = original_tolist
            if "__format__" in vars(FakeTensor):  # another thread's trace, ended first, may have taken it away
                del FakeTensor.__format__
            for name, make in makers.items():
                setattr(torch, name, make)
            for namespace in named:
                if namespace.get("float") is _ReadingFloat:
                    del namespace["float"]
        _TRACING.answered = _TRACING.folder = None


def _read(tensor, how, original, answer):
    """``answer(read_as_number(tensor, how))`` for a read ``how`` of a tensor that moves with the inputs, by the user's
    code in the thread that traces (`_moving`); else PyTorch's ``original(tensor)``."""
    if _moving(tensor) and is_user_file(_callers_file(), _TRACING.folder):
        _TRACING.answered.append(tensor)
        return answer(read_as_number(tensor, how))
    return original(tensor)


def _moving(tensor):
    """Whether ``tensor`` is a floating-point fake tensor that requires grad, in the thread that traces: one computed
    from the inputs, whose read `numbers_read_as_tensors` answers."""
    return _faked(tensor) and tensor.requires_grad and tensor.is_floating_point()


def _faked(tensor):
    """Whether ``tensor`` is a fake tensor in the thread that traces."""
    from torch._subclasses.fake_tensor import FakeTensor  # lazy: only a PyTorch target needs it

    return getattr(_TRACING, "answered", None) is not None and isinstance(tensor, FakeTensor)


def _formatted(tensor, spec):
    """``format(t, spec)`` of a fake tensor: where the user's code formats one number as a float (``f"{s:.3f}"``, to
    print it) while gradcli traces, the text of NaN, for no number is known then and what the code prints then is
    not shown (`users_output.users_output_hidden`); else PyTorch's."""
    import torch  # lazy: only a PyTorch target needs it

    if (spec and _faked(tensor) and tensor.is_floating_point() and tensor.numel() == 1
            and is_user_file(_callers_file(), _TRACING.folder)):
        return format(math.nan, spec)
    return torch.Tensor.__format__(tensor, spec)


def formatted_by_percent(tensor, frame):
    """Whether ``float(t)`` is asked of ``tensor`` by Python's ``%`` formatting in the user's ``frame`` (``"%g" %
    t.item()``) of a number gradcli answered while it traces: `torch_guards`' ``__float__`` answers it with NaN, whose
    text no one sees (`users_output.users_output_hidden`), where PyTorch would refuse it; a number the code computes with
    (``math.log(t.item())``) stays refused."""
    return (_faked(tensor) and tensor.is_floating_point() and tensor.numel() == 1
            and frame.f_lasti in _percent_formats(frame.f_code) and is_user_file(frame.f_code.co_filename, _TRACING.folder))


@functools.lru_cache(maxsize=256)  # asked at each formatted read; a function's code holds a few
def _percent_formats(code):
    """The offsets of ``code``'s ``%`` operations: where a float is asked of a tensor there, a string formats it (a
    number's ``%`` of a tensor is the tensor's own operation, which asks for no float)."""
    return frozenset(op.offset for op in dis.get_instructions(code) if op.opname == "BINARY_OP" and op.argrepr in ("%", "%="))


def _as_number(read):
    """The one number of a tensor read, as ``.item()`` and ``float(t)`` hand it: a 0-d tensor (PyTorch raises for more
    than one number, as its run does)."""
    return read.reshape(())


def _as_lists(read):
    """A tensor read as ``.tolist()`` hands it: nested lists of its entries, each a 0-d tensor."""
    return read if read.dim() == 0 else [_as_lists(row) for row in read.unbind(0)]


class _FloatType(type):
    """`_ReadingFloat`'s type: Python's float to ``isinstance`` and ``issubclass``."""

    def __instancecheck__(cls, value):
        return isinstance(value, float)

    def __subclasscheck__(cls, kind):
        return issubclass(kind, float)


class _ReadingFloat(float, metaclass=_FloatType):
    """The name ``float`` in the user's modules while gradcli traces: ``float(t)`` of a floating-point fake tensor
    answered as `numbers_read_as_tensors` answers ``.item()``, a number read already included (``float(s.item())``,
    ``map(float, x.tolist())``) and a constant's; Python's float of anything else."""

    def __new__(cls, value=0.0):
        if _faked(value) and value.is_floating_point() and is_user_file(_callers_file(), _TRACING.folder):
            _TRACING.answered.append(value)
            return _as_number(read_as_number(value, "float()"))
        return float(value)


def _users_namespaces():
    """The globals of the user's loaded modules that name no ``float`` of their own: where `_ReadingFloat` answers
    ``float(t)`` while a trace lasts."""
    folder = _TRACING.folder
    users = loaded_modules().picked((_users_namespaces, folder), lambda path: _users_module_file(path, folder))
    found = []
    for module in users:
        namespace = getattr(module, "__dict__", None)
        if isinstance(namespace, dict) and "float" not in namespace:
            found.append(namespace)
    return found


@functools.lru_cache(maxsize=None)  # every trace asks of every loaded module (thousands with the frameworks loaded)
def _users_module_file(path, folder):
    """Whether a module's file ``path`` is the user's code (`is_user_file`, outside ``folder``) and no installed
    package's; a module of PyTorch's own that names a file by a bare name (torch.ops' "_ops.py") is no user's."""
    return os.path.isabs(path) and is_user_file(path, folder) and not installed_package_file(path)


def _name_float_in(namespaces):
    """Bind ``float`` to `_ReadingFloat` in each of ``namespaces``; the ones bound."""
    for namespace in namespaces:
        namespace["float"] = _ReadingFloat
    return namespaces


def _made_of_numbers_read(make):
    """torch's ``make`` (``torch.tensor``, ``torch.as_tensor``) that, called by the user's code in the thread that
    traces on lists holding tensors (the numbers `numbers_read_as_tensors` answered), stacks them as a tensor of
    those values in the dtype asked for (PyTorch's default dtype where none is), outside every gradient as the
    numbers' tensor is in PyTorch's run; otherwise ``make`` itself."""

    def made(data, *args, **kwargs):
        if (getattr(_TRACING, "answered", None) is not None and isinstance(data, (list, tuple)) and not args
                and _holds_tensors(data) and is_user_file(_callers_file(), _TRACING.folder)):
            import torch  # lazy: only a PyTorch target needs it

            dtype = kwargs.get("dtype") or torch.get_default_dtype()
            return _stacked(torch, data, dtype, kwargs.get("device")).requires_grad_(bool(kwargs.get("requires_grad")))
        return make(data, *args, **kwargs)

    return made


def _holds_tensors(data):
    """Whether nested lists and tuples ``data`` hold a tensor."""
    import torch  # lazy: only a PyTorch target needs it

    return any(_holds_tensors(item) if isinstance(item, (list, tuple)) else isinstance(item, torch.Tensor)
               for item in data)


def _stacked(torch, data, dtype, device):
    """Nested lists ``data`` of numbers and 0-d tensors as one tensor of ``dtype``: a tensor entry that requires grad is
    read as a number (`read_as_number`), as ``torch.tensor`` reads it in PyTorch's run."""
    if not isinstance(data, (list, tuple)):
        if isinstance(data, torch.Tensor):
            if _moving(data):
                _TRACING.answered.append(data)
                data = _as_number(read_as_number(data, "torch.tensor()"))
            return data.to(dtype=dtype, device=device)
        return torch.full((), data, dtype=dtype, device=device)
    if not data:
        return torch.zeros((0,), dtype=dtype, device=device)
    return torch.stack([_stacked(torch, item, dtype, device) for item in data])


def _callers_file():
    """The file of the code that made a read: the first frame outside gradcli's own (`torch_guards`' reads hand a
    read they do not answer on to this one)."""
    frame = sys._getframe(2)
    while frame is not None and frame.f_code.co_filename.startswith(GRADCLI_FOLDER):
        frame = frame.f_back
    return "" if frame is None else frame.f_code.co_filename


def read_as_number(tensor, how):
    """``tensor``'s numbers as a tensor with no gradient: what Python numbers read by ``how`` (``".item()"``) are to
    PyTorch's gradient. Its frame, and its ``how``, tag the nodes it records (`torch_graph`)."""
    return tensor.detach()


READ_AS_NUMBER = read_as_number.__code__
