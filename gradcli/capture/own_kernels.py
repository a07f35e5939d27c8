"""A framework's own kernel of a special function, run on the very numbers a replay handed gradcli's version of it.

A bridge replays PyTorch's or TensorFlow's digamma, polygamma, lgamma, erfinv,
Bessel functions and the like by gradcli's own accurate functions, while the
framework's run computed them by its own approximations, which can be off by
far more than the dtype's rounding (PyTorch's float64 trigamma at 1 is 5e-10
off). A replay in the working dtype tags each such call with a `KernelCall`;
provenance asks it for the framework's value of the call on the operands the
replay gave it (`value_of`) and compares that with the exact value of the same
call (`provenance._library_off`, `provenance._first_own_nonfinite`): where the
kernel alone is off, the kernel is named, not an op before it.

Some kernels also compute in a wider dtype than they return: PyTorch's CPU
running sums and products of float32 accumulate in float64 and round each
result once. A replay runs those steps as the kernel does, inside
`accumulating_wider`, so that provenance neither calls them a silent change of
precision nor misses the rounding to the narrower dtype, where a running
product underflows.
"""

from __future__ import annotations

import contextlib
import contextvars

import numpy as np

from ..autodiff.values import raw


class KernelCall:
    """One replayed call of a framework kernel: its operands as the replay handed them, its result as the recorder
    was shown it (``results``, set once the call ran), and the framework's own result on those operands, computed
    the first time provenance asks (`value_of`)."""

    def __init__(self, framework, called, run, operands):
        self.framework = framework  # "PyTorch", as findings name it
        self.called = called  # the kernel by its framework's name: "aten.polygamma", "tf.raw_ops.Polygamma"
        self.name = called.rpartition(".")[2]
        self.run = run  # the framework's kernel on NumPy operands, giving a NumPy result
        self.operands = tuple(operands)
        self.results = ()
        self._answer = None

    @property
    def arguments(self):
        """The operands the kernel is called with."""
        return self.operands

    def value_of(self, result):
        """The framework's own value of the call's result ``result`` (the very object the recorder was shown), or
        None where ``result`` is not the call's result, an operand is no plain float number, or the kernel raised."""
        if not any(one is result or raw(one) is result for one in self.results):
            return None
        if self._answer is None:
            self._answer = self._computed()
        return self._answer if self._answer is not False else None

    def _computed(self):
        """The framework's result on the operands as a NumPy value of the replay's result dtype, else False."""
        if not all(_plain_number(raw(operand)) for operand in self.operands):
            return False
        try:
            answer = np.asarray(self.run(*[raw(operand) for operand in self.operands]))
        except Exception:  # noqa: BLE001 - a call the kernel refuses has no value of its own to compare
            return False
        shown = raw(self.results[0])
        dtype = getattr(shown, "dtype", None)
        if dtype is None or dtype.kind != "f" or answer.shape != np.shape(shown):
            return False
        answer = answer.astype(dtype)
        return answer if isinstance(shown, np.ndarray) else answer[()]


def _plain_number(value):
    """Whether ``value`` is a number a framework kernel takes as it is: a NumPy array or scalar of a float, integer or
    bool dtype, or a Python number (not an exact run's mpmath number or ball)."""
    if isinstance(value, (bool, int, float)):
        return True
    return isinstance(value, (np.ndarray, np.generic)) and value.dtype.kind in "fiub"


_ACCUMULATING_WIDER = contextvars.ContextVar("gradcli_accumulating_wider", default=None)


@contextlib.contextmanager
def accumulating_wider(kernel):
    """Inside it, the ops a replay runs are steps of ``kernel`` ("PyTorch's CPU kernel of aten.cumprod"), which
    computes in a wider dtype than its operands' and rounds its results back (`accumulated_by`)."""
    token = _ACCUMULATING_WIDER.set(kernel)
    try:
        yield
    finally:
        _ACCUMULATING_WIDER.reset(token)


def accumulated_by():
    """The kernel whose wider steps the replay runs now, in words, or None (`accumulating_wider`)."""
    return _ACCUMULATING_WIDER.get()
