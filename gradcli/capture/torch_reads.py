"""A tensor's number that the user's code reads with ``.item()`` and computes with, while a capture traces.

``scale = x.max().item()`` hands the user's code a Python number, which every
operation after it takes as a constant: PyTorch's gradient leaves out the path
from the inputs through that number, while the function's values move with it.
Fake tensors hold no number to hand, so make_fx would stop there. While gradcli
traces, ``.item()`` called by the user's code on a floating-point tensor that
requires grad (one computed from the inputs) answers with that tensor itself,
detached (`read_as_number`). The trace records the detach at the user's line,
tagged as this read (`torch_graph._user_frame_summary`); the exact replay runs
it as the number itself, so the exact derivative holds the path PyTorch's
gradient leaves out, while the backward the trace records is PyTorch's (autograd
stops at the detach as it stops at a Python number). The bridge names each
such read in a wrong gradient's finding (`Bridge.numbers_read`).

PyTorch's own run, the one under test, is untouched: only fake tensors, in the
tracing thread, are answered so. ``float(t)`` stays refused (Python takes only
a float from it, which no tensor can stand in for), and so does a number the
code compares or branches on, which decides the graph.
"""

from __future__ import annotations

import sys
import threading
from contextlib import contextmanager

from .lines import GRADCLI_FOLDER, is_user_file

_LOCK = threading.Lock()


@contextmanager
def numbers_read_as_tensors(folder, answered):
    """While tracing: ``.item()`` of a floating-point fake tensor that requires grad, called from the user's code
    (a file outside ``folder``, PyTorch's), is the tensor detached (`read_as_number`) instead of a Python number;
    each such read is appended to the list ``answered``. With ``answered`` None, ``.item()`` is left as it is (a
    trace again of code that could not compute with the tensor, `torch_bridge`)."""
    if answered is None:
        yield
        return
    import torch  # lazy: only a PyTorch target needs it
    from torch._subclasses.fake_tensor import FakeTensor  # lazy: as above

    tracing = threading.get_ident()
    with _LOCK:
        owned = "item" in vars(torch.Tensor)  # torch_guards may have set its own there; else TensorBase's
        original = torch.Tensor.item

        def item(tensor):
            if (threading.get_ident() == tracing and isinstance(tensor, FakeTensor) and tensor.requires_grad
                    and tensor.is_floating_point() and tensor.numel() == 1
                    and is_user_file(_callers_file(), folder)):
                answered.append(tensor)
                return read_as_number(tensor)
            return original(tensor)

        torch.Tensor.item = item
    try:
        yield
    finally:
        with _LOCK:
            if owned:
                torch.Tensor.item = original
            else:
                del torch.Tensor.item


def _callers_file():
    """The file of the code that called ``.item()``: the first frame outside gradcli's own (`torch_guards`' reads
    hand a read they do not answer on to this one)."""
    frame = sys._getframe(2)
    while frame is not None and frame.f_code.co_filename.startswith(GRADCLI_FOLDER):
        frame = frame.f_back
    return "" if frame is None else frame.f_code.co_filename


def read_as_number(tensor):
    """The one number of ``tensor`` as a 0-d tensor with no gradient: what a Python number from ``.item()`` is to
    PyTorch's gradient. Its frame tags the nodes it records (`torch_graph`)."""
    return tensor.reshape(()).detach()


READ_AS_NUMBER = read_as_number.__code__
