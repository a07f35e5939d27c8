"""Each call of a user's ``torch.autograd.Function`` in PyTorch's own run at a point, as a program of its own.

Where a function applies several of the user's Functions (one's output
another's input, or one Function in a loop), a wrong gradient is the work of
one rule or more, and the rule the backward pass reached first is no more
likely than the others. A float64 run at the point notes each call of a
user's Function: its float inputs, and through a hook on each output the
upstream gradient PyTorch's engine hands its ``backward``. Each call then
makes ``sum(<outputs, upstream>)`` of that call alone, which the bridge
captures as any user function, so `rule_blame` can judge every rule on its
own inputs at high precision (`bridge.RuleCall`).

PyTorch is imported inside the functions here, never at import time.
"""

from __future__ import annotations

import inspect
import threading
from contextlib import contextmanager

from .lines import def_line, is_user_file

_MOST_CALLS = 12  # each call judged costs a capture and two exact replays: a long loop's first calls are judged


def _backward_code(cls):
    """The code of a Function's ``backward`` as the user wrote it (inside ``once_differentiable``'s wrapper), or None."""
    backward = getattr(cls, "backward", None)
    return getattr(inspect.unwrap(backward), "__code__", None) if backward is not None else None


class _Call:
    """One call of a user's Function: its class, its arguments, the positions of the float tensors it differentiates,
    and the upstream gradient of each output once the backward pass reaches it (None until then)."""

    def __init__(self, cls, args, kwargs, positions, outputs):
        self.cls, self.args, self.kwargs, self.positions = cls, args, kwargs, positions
        self.upstream = [None] * len(outputs)

    def rule(self):
        """The call's rule as the checker names it: ("backward() of Cls", "file.py:LINE" of its def)."""
        code = _backward_code(self.cls)
        return f"backward() of {self.cls.__name__}", f"{code.co_filename}:{def_line(code.co_filename, code.co_firstlineno)}"

    def alone(self):
        """The call alone as a function of its float inputs: the sum of its outputs weighted by their upstream
        gradients, a number whose gradient is the rule's answer to those upstream gradients."""
        import torch  # lazy: only a PyTorch target needs it

        constants = [a.detach() if isinstance(a, torch.Tensor) else a for a in self.args]
        upstream = [None if u is None else u.detach().to(torch.float64) for u in self.upstream]
        cls, kwargs, positions = self.cls, self.kwargs, self.positions

        def call_alone(*inputs):
            args = list(constants)
            for position, value in zip(positions, inputs):
                args[position] = value
            out = cls.apply(*args, **kwargs)
            total = None
            for output, up in zip(out if isinstance(out, tuple) else (out,), upstream):
                if up is None or not isinstance(output, torch.Tensor):
                    continue
                term = (output * up.to(output.dtype)).sum()
                total = term if total is None else total + term
            return total

        call_alone.__name__ = call_alone.__qualname__ = f"{cls.__name__}.apply"
        return call_alone

    def inputs(self):
        """The float64 numbers of the call's differentiated inputs."""
        import torch  # lazy: only a PyTorch target needs it

        return [self.args[k].detach().to(torch.float64).numpy().copy() for k in self.positions]


class Noted:
    """The calls of the user's Functions one run made, in the order the backward pass reached them."""

    def __init__(self, folder):
        self.folder = folder
        self.made = []
        self.reached = []
        self.more = False  # whether calls past `_MOST_CALLS` were made, and left out

    def note(self, cls, args, kwargs, out):
        import torch  # lazy: only a PyTorch target needs it

        code = _backward_code(cls)
        if code is None or not is_user_file(code.co_filename, self.folder):
            return
        if len(self.made) >= _MOST_CALLS:
            self.more = True
            return
        positions = [k for k, a in enumerate(args)
                     if isinstance(a, torch.Tensor) and a.is_floating_point() and a.requires_grad]
        outputs = out if isinstance(out, tuple) else (out,)
        if not positions:
            return
        call = _Call(cls, args, kwargs, positions, outputs)
        self.made.append(call)
        for k, output in enumerate(outputs):
            if isinstance(output, torch.Tensor) and output.requires_grad:
                output.register_hook(self._reaching(call, k))

    def _reaching(self, call, k):
        def hook(grad):
            if grad is None:  # an output the loss does not read: its upstream gradient is 0, left out
                return
            if call not in self.reached:
                self.reached.append(call)
            call.upstream[k] = grad.detach().clone()

        return hook


@contextmanager
def functions_noted(folder):
    """Within it, each ``apply`` of a Function whose ``backward`` is the user's own is noted (`Noted`)."""
    from torch.autograd import Function  # lazy: only a PyTorch target needs it

    noted, mine = Noted(folder), threading.get_ident()
    with _PATCHING:
        original = Function.__dict__["apply"]

        def apply(cls, *args, **kwargs):
            out = original.__func__(cls, *args, **kwargs)
            if threading.get_ident() == mine:  # another thread's check runs its Functions unnoted
                noted.note(cls, args, kwargs, out)
            return out

        Function.apply = classmethod(apply)
        try:
            yield noted
        finally:
            Function.apply = original


_PATCHING = threading.Lock()  # one thread at a time patches Function.apply
