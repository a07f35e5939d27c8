"""PyTorch's ``scan`` and ``while_loop`` while gradcli traces: their functions called step by step.

PyTorch runs a higher-order loop op eagerly through ``torch.compile``, and
make_fx over fake tensors stops inside it. A scan's trip count is the length of
its inputs' first axis, a shape, the same at every point and at any precision:
called step by step while gradcli traces, the combining function's operations
are recorded at the user's lines, and the gradient is PyTorch's autograd of
those same operations. A while loop's trip count is its condition's to decide on
values: the function first runs eagerly at the traced point (rounded to float64)
to count each loop's steps (`TripCountsNeeded`), then the trace unrolls each
loop that many times and records, at each step, its condition as a guard
(``aten._assert_async``, replayed by `loop_guard`): a replay whose own numbers
(exact ones decide at high precision) take the loop another number of times is
refused with the loop's line, never replayed on another path than the
mathematics'. ``associative_scan`` and ``map`` still reach PyTorch's compiler,
and the bridge refuses them at their line.
"""

from __future__ import annotations

import threading
from contextlib import contextmanager

import numpy as np

from ..autodiff.values import raw
from ..errors import InputError


class TripCountsNeeded(Exception):  # noqa: N818 - a request, not a failure: the trace restarts after counting
    """Raised by a while loop met while tracing without its trip counts: count them in an eager run first."""


@contextmanager
def loops_step_by_step(counts=None, counting=None, shapes_only=False):
    """Within it, in the calling thread alone, PyTorch's ``scan`` calls its combining function once per slice
    (`_scan_by_steps`) and its ``while_loop`` runs step by step: counted into the list ``counting`` in an eager run,
    unrolled ``counts.pop(0)`` times with guards in a trace (`_while_unrolled`), not at all where only the shapes
    matter (a loop's carry keeps them), or `TripCountsNeeded` without either. Other threads, and every other op, as
    PyTorch has them."""
    _install()
    outer = getattr(_MODE, "now", None)
    _MODE.now = (counts, counting, shapes_only)
    try:
        yield
    finally:
        _MODE.now = outer


_MODE = threading.local()  # the calling thread's (counts, counting, shapes_only) inside `loops_step_by_step`
_INSTALLED = []  # PyTorch's own _hop_compile_and_call, once it is wrapped by `_install`
_INSTALLING = threading.Lock()


def _install():
    """Wrap PyTorch's ``_hop_compile_and_call`` (how its loop ops run eagerly) once for the process: a thread inside
    `loops_step_by_step` runs scans and while loops step by step, every other call goes to PyTorch's own.

    Once, not around each use: traces, counting runs and shape runs happen in
    several threads, and wrappers put on and taken off by each would undo the
    others'."""
    from torch._higher_order_ops import utils  # lazy: only a PyTorch target needs it

    with _INSTALLING:
        if _INSTALLED:
            return
        compile_and_call = utils._hop_compile_and_call
        _INSTALLED.append(compile_and_call)

        def by_steps_where_asked(fn, args, kwargs=None):
            mode, name = getattr(_MODE, "now", None), getattr(fn, "__name__", "")
            if mode is None or kwargs:
                return compile_and_call(fn, args, kwargs)
            counts, counting, shapes_only = mode
            if name == "run_flattened_scan":
                return _scan_by_steps(*args)
            if name != "_while_loop_op_wrapper":
                return compile_and_call(fn, args, kwargs)
            if shapes_only:
                return tuple(args[2])
            if counting is not None:
                return _while_counted(*args, counting)
            if counts is None:
                raise TripCountsNeeded()
            return _while_unrolled(*args, counts.pop(0))

        utils._hop_compile_and_call = by_steps_where_asked


def _scan_by_steps(combine_fn, init, xs):
    """What PyTorch's ``scan`` gets from its compiled loop, ``(carry, outputs)`` in the user's structures, from
    ``combine_fn`` (flat arguments: the carry's leaves, then one slice of each input; it returns the user's
    ``(carry, output)``) called on each slice along axis 0 in order, the steps' outputs stacked on a new first axis."""
    import torch  # lazy: only a PyTorch target needs it
    from torch.utils import _pytree as pytree  # lazy: likewise

    carry, leaves, outputs, spec = None, list(init), [], None
    for index in range(xs[0].shape[0]):
        carry, output = combine_fn(*leaves, *(x[index] for x in xs))
        leaves = pytree.tree_leaves(carry)
        step, spec = pytree.tree_flatten(output)
        outputs.append(step)
    stacked = [torch.stack([step[k] for step in outputs]) for k in range(len(outputs[0]))]
    return carry, pytree.tree_unflatten(stacked, spec)


def _while_counted(cond_fn, body_fn, carried, additional, counting):
    """A while loop run eagerly on real tensors, as PyTorch's loop runs it; its trip count appended to ``counting``."""
    from torch.utils import _pytree as pytree  # lazy: only a PyTorch target needs it

    steps, carried = 0, tuple(carried)
    while bool(cond_fn(*carried, *additional)):
        carried = tuple(pytree.tree_leaves(body_fn(*carried, *additional)))
        steps += 1
    counting.append(steps)
    return carried


def _while_unrolled(cond_fn, body_fn, carried, additional, steps):
    """A while loop traced as ``steps`` runs of its body, each after its condition, and the condition once more: each
    decision a guard of the graph (`loop_guard`), so a replay that decides otherwise stops at the loop's line."""
    import torch  # lazy: only a PyTorch target needs it
    from torch.utils import _pytree as pytree  # lazy: likewise

    carried = tuple(carried)
    for step in range(steps + 1):
        going = step < steps
        told = _GO_ON if going else _STOP
        _guard(cond_fn(*carried, *additional), going, told.format(steps=steps, step=step), torch)
        if going:
            carried = tuple(pytree.tree_leaves(body_fn(*carried, *additional)))
    return carried


_GO_ON = ("torch's while_loop here runs its body {steps} times in PyTorch's float64 run at this point, and on the "
          "replay's numbers (exact ones at high precision) its condition stops it after {step}")
_STOP = ("torch's while_loop here runs its body {steps} times in PyTorch's float64 run at this point, and on the "
         "replay's numbers (exact ones at high precision) its condition goes on after {step}")
_ADVICE = (": the loop's trip count switches at this point, and gradcli replays a loop only on the path PyTorch's run "
           "took, so its exact reference cannot be computed here; check a point away from where the condition "
           "switches")


def _guard(decision, going, message, torch):
    """Record in the trace that the loop's condition ``decision`` is ``going``: a Python bool is checked now."""
    if isinstance(decision, bool):
        if decision != going:
            raise InputError(message + _ADVICE)
        return
    torch._assert_async(decision if going else torch.logical_not(decision), message + _ADVICE)


def loop_guard(decision, message):
    """``aten._assert_async``: a replay's loop condition deciding as the trace's did, else InputError at the loop."""
    if not bool(np.asarray(raw(decision))):
        raise InputError(message)
