"""Subnormal numbers flushed to zero, as the CPU code of XLA and of TensorFlow's kernels computes them.

Both run with flush-to-zero and denormals-are-zero, so a bridge's replay in the
working dtype flushes as they do (`flushed`), and while it records, the recorder
sees each operation computed on its operands read as those kernels read them
and its result flushed (`FlushedToRecorder`): the operation that flushed, or
that read a subnormal input as 0, is the one provenance names.
"""

from __future__ import annotations

import contextvars

import numpy as np

from ..autodiff.core import carry_in_place
from ..autodiff.tracer import hooks
from ..autodiff.values import raw


# Whose CPU code flushes subnormals to 0 and reads them as 0, in words (a bridge's `flushes_subnormals`).
XLA_CPU_CODE = "XLA's CPU code"
TENSORFLOW_CPU_KERNELS = "TensorFlow's CPU kernels"

_FLUSHING_KERNELS = contextvars.ContextVar("gradcli_flushing_kernels", default=None)


def flushing_kernels():
    """Whose CPU code the replay running now flushes subnormal results as ("TensorFlow's CPU kernels do"), or None
    outside a flushing replay (`FlushedToRecorder`)."""
    return _FLUSHING_KERNELS.get()


class FlushedToRecorder:
    """While a replay records: the recorder (``hooks.forward``) sees each operation's result as XLA gives it, flushed.

    `flushed` makes a new object; the recorder links an operation to the
    results it read by their identity, so the replay must go on with the object
    the recorder was shown (`flushed` here finds it). Inside a step whose rule
    runs several operations (``rem``: x - y * trunc(x / y)), an operation that
    reads an earlier one's flushed result is evaluated again on that flushed
    object, as XLA computes it, and the step's result is the last one shown:
    the replay goes on from the step with XLA's numbers, and the recorder sees
    one chain of objects.
    """

    def __init__(self, kernels):
        self.kernels = kernels  # whose CPU code flushes, for findings: "XLA's CPU code does"

    def __enter__(self):
        self.shown = []  # (result, the flushed object the recorder was shown) of the current step
        self.real = hooks.forward
        self.token = _FLUSHING_KERNELS.set(self.kernels)
        self.held = None  # the last operation of a step whose result may be the framework's own (`carried`)
        self.holding = False

        def showing(prim, args, kwargs, ans):
            returned = ans
            given = tuple(self.flushed_object(a) for a in args) if self.shown else args
            read = tuple(flushed(a) for a in given)  # a subnormal operand (an input, a constant) counts as 0
            if any(one is not other for one, other in zip(read, args)):
                args, ans = given, _again(prim, read, kwargs, ans)
            out = flushed(ans)
            if out is not returned:
                self.shown.append((returned, out))
            if self.holding:
                if self.held is not None:
                    self.real(*self.held)
                self.held = (prim, args, kwargs, out)
                return
            self.real(prim, args, kwargs, out)

        hooks.forward = showing
        return self

    def wants_own_values(self):
        """Whether the recorder asks for the framework's own values of the library calls the replay computes as
        gradcli's functions (provenance's recorder: its float replay then follows the framework's numbers)."""
        return getattr(self.real, "wants_own_values", False)

    def hold_last(self):
        """Hold back the next operations' last one from the recorder until `carried` releases it."""
        self.holding = True

    def carried(self, value, own):
        """The step's result ``value``, or ``own`` (the framework's own value of it, None where there is none) in
        its place where the held last operation made it: the recorder is shown ``own`` and the replay goes on with
        it. Releases the held operation."""
        self.holding = False
        held, self.held = self.held, None
        if held is None:
            return value
        prim, args, kwargs, out = held
        number = raw(value)
        if own is None or not (out is number or self.flushed_object(number) is out):
            self.real(prim, args, kwargs, out)
            return value
        out = flushed(own)
        self.shown.append((number, out))
        self.real(prim, args, kwargs, out)
        if number is value:
            return out
        carry_in_place(value, out)  # a traced value: its op's node and rule read the framework's number too
        return value

    def __exit__(self, *exc):
        hooks.forward = self.real
        _FLUSHING_KERNELS.reset(self.token)
        return False

    def flushed(self, value):
        """``value`` flushed: the very object the recorder was shown for it, if it was. A traced value (the replay
        differentiated as it records) keeps its box, the flushed number carried into it (`core.carry_in_place`), so
        that what follows, its rule too, reads the number XLA gives and the recorder links the ops that read it."""
        found = self.flushed_object(value)
        if found is not value:
            return found
        number = raw(value)
        if number is value:
            return flushed(value)
        found = self.flushed_object(number)
        out = found if found is not number else flushed(number)
        if out is not number:
            carry_in_place(value, out)
        return value

    def flushed_object(self, value):
        """The object the recorder was shown for ``value`` (the latest), or ``value`` itself."""
        for ans, out in reversed(self.shown):
            if ans is value:
                return out
        return value

    def forget(self):
        self.shown.clear()


def _again(prim, args, kwargs, ans):
    """``prim`` evaluated again on ``args`` (operands XLA flushed); ``ans`` where NumPy cannot (the core's own
    fallback answered it)."""
    try:
        with np.errstate(all="ignore"):
            return prim.fun(*args, **kwargs)
    except (ArithmeticError, ValueError, TypeError):
        return ans


TINY = {np.dtype(t): np.finfo(t).tiny for t in (np.float16, np.float32, np.float64)}  # each dtype's smallest normal
_FLUSHED = {np.dtype(t): TINY[np.dtype(t)] for t in (np.float32, np.float64)}  # the dtypes XLA and TensorFlow flush
_TINY_OF = {np.float32: _FLUSHED[np.dtype(np.float32)], np.float64: _FLUSHED[np.dtype(np.float64)]}  # by scalar type


def flushed(value):
    """``value`` with its subnormal numbers as zeros of their sign, as XLA on CPU computes.

    XLA's CPU code runs with flush-to-zero and denormals-are-zero, eager and
    jitted, float32 and float64 alike: an operation whose exact result is
    subnormal gives 0, and a subnormal operand counts as 0 (``tiny / 4 == 0``
    is true there). NumPy keeps subnormals, so a replay in the dtype without
    this would compute a gradient JAX never saw. Values of other types
    (mpmath numbers, balls, traced values, float16) pass unchanged.
    """
    kind = type(value)
    if kind is np.float64 or kind is np.float32:
        # A scalar beyond the subnormals (nearly every result) is its own answer: one compare, no array made.
        if not abs(value) < _TINY_OF[kind]:
            return value
        tiny = _FLUSHED[value.dtype]
    elif kind is np.ndarray:
        tiny = _FLUSHED.get(value.dtype)
    else:
        return value
    if tiny is not None:
        with np.errstate(invalid="ignore"):
            small = (np.abs(value) < tiny) & (value != 0)
        if small.any():  # else the very object: a 0 is no subnormal, and the recorder links results by identity
            zeroed = np.where(small, np.copysign(np.zeros((), value.dtype), value), value)
            return zeroed if kind is np.ndarray else kind(zeroed)
    return value
