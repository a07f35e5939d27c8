"""PyTorch's ``scan``, ``while_loop`` and ``cond`` while gradcli traces: their functions called step by step.

PyTorch runs a higher-order loop op eagerly through ``torch.compile``, and
make_fx over fake tensors stops inside it. A scan's trip count is the length of
its inputs' first axis, a shape, the same at every point and at any precision:
called step by step while gradcli traces, the combining function's operations
are recorded at the user's lines, and the gradient is PyTorch's autograd of
those same operations. A while loop's trip count is its condition's to decide on
values: the function first runs eagerly at the traced point (in the dtype's
own numbers, float64 for exact ones) to count each loop's steps
(`TripCountsNeeded`), then the trace unrolls each loop that many times and
records, at each step, its condition as a guard (``aten._assert_async``,
replayed by `loop_guard`). A replay whose own numbers (exact ones decide at high
precision) take a loop another number of times stops at that guard with
`LoopDecidedOtherwise`, and the bridge traces again with the counts those
numbers decide: the exact reference takes the mathematics' path, the program
under test its dtype's own. A ``cond`` is such a decision taken once: its
branch is counted as 1 (true) or 0 (false) among the loops' trip counts, and
the trace runs that branch alone after its predicate's guard, so a branch not
taken never reaches the gradient (as PyTorch's own run has it) and a replay
deciding otherwise is traced again down the other one. ``associative_scan`` and ``map`` still reach
PyTorch's compiler, and the bridge refuses them at their line.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import sys
import threading
from contextlib import contextmanager

import numpy as np

from ..autodiff.values import raw
from ..errors import InputError
from .lines import package_folder, user_line
from .loop_trips import LoopStopped, turns, unrolled


class LoopDecidedOtherwise(InputError):
    """A replay's loop condition deciding otherwise than the trace's guard: ``guard`` is the guard's message, which
    the graph's ``loop_guards`` maps to its (loop, step, going); ``where`` the loop's line, once the replay knows it."""

    def __init__(self, message, guard, where=None):
        super().__init__(message, text=where)
        self.guard, self.where = guard, where

    def at(self, where):
        """The same decision, its message led by the loop's line ``where``."""
        return LoopDecidedOtherwise(f"{where}: {self}", self.guard, where)


class TripCountsNeeded(Exception):  # noqa: N818 - a request, not a failure: the trace restarts after counting
    """Raised by a while loop met while tracing without its trip counts: count them in an eager run first."""


@contextmanager
def loops_step_by_step(counts=None, counting=None, shapes_only=False, guards=None, own=False):
    """Within it, in the calling thread alone, PyTorch's ``scan`` calls its combining function once per slice
    (`_scan_by_steps`) and its ``while_loop`` runs step by step: counted into the list ``counting`` in an eager run,
    unrolled ``counts.pop(0)`` times with guards in a trace (`_while_unrolled`; each guard's message mapped to its
    (loop, step, going) in the dict ``guards``), not at all where only the shapes matter (a loop's carry keeps them),
    or `TripCountsNeeded` without either. ``own``: the counts are the ones PyTorch's run at the point takes, so a loop
    run 0 times gets PyTorch's own gradient for it (`_ZeroTrips`). Other threads, and every other op, as PyTorch has
    them."""
    _install()
    outer = getattr(_MODE, "now", None)
    _MODE.now = (counts, counting, shapes_only, {} if guards is None else guards, len(counts or ()), own)
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
            counts, counting, shapes_only, guards, loops, own = mode
            if name == "run_flattened_scan":
                return _scan_by_steps(*args)
            if name == "_cond_op_wrapper":
                return _cond_branch(*args, counts, counting, shapes_only, guards, loops)
            if name != "_while_loop_op_wrapper":
                return compile_and_call(fn, args, kwargs)
            if shapes_only:
                return tuple(args[2])
            if counting is not None:
                return _while_counted(*args, counting)
            if counts is None:
                raise TripCountsNeeded()
            return _while_unrolled(*args, (loops - len(counts), loops), counts.pop(0), guards, own)

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


COND_GUARD = "torch.cond here"  # how a cond's guard message starts, telling its entry among the trip counts apart


def conds_among(guards):
    """The places, among the trip counts of a trace whose guards are ``guards`` (`loops_step_by_step`), of its
    ``torch.cond`` calls: their count is the branch taken (1 true, 0 false), not a loop's steps."""
    return frozenset(place for message, (place, _, _) in guards.items() if message.startswith(COND_GUARD))


def _cond_branch(pred, true_fn, false_fn, operands, counts, counting, shapes_only, guards, loops):
    """What ``torch.cond`` returns, from the one branch its predicate takes: decided eagerly on real tensors and
    counted into ``counting`` as a trip count of 1 (true) or 0 (false); in a trace, the branch ``counts.pop(0)`` names,
    the predicate's decision a guard of the graph (`loop_guard`), so a replay whose numbers take the other branch stops
    there and the bridge traces that branch. The branch not taken is never run, so nothing of it reaches the gradient.
    Where only the shapes matter either branch serves: PyTorch requires both to give the same shapes."""
    import torch  # lazy: only a PyTorch target needs it

    if shapes_only:
        return true_fn(*operands)
    if counting is not None:
        taken = bool(pred)
        counting.append(int(taken))
        return (true_fn if taken else false_fn)(*operands)
    if counts is None:
        raise TripCountsNeeded()
    index, taken = loops - len(counts), bool(counts.pop(0))
    which = f" (the {_ordinal(index + 1)} of the {loops} loops and conds the function runs)" if loops > 1 else ""
    message = (f"{COND_GUARD}{which}, traced taking its {'true' if taken else 'false'} branch: on the replay's "
               f"numbers its predicate is {'false' if taken else 'true'}")
    guards[message] = (index, 0, taken)
    torch._assert_async(pred if taken else torch.logical_not(pred), message)
    return (true_fn if taken else false_fn)(*operands)


def _while_counted(cond_fn, body_fn, carried, additional, counting):
    """A while loop run eagerly on real tensors, as PyTorch's loop runs it; its trip count appended to ``counting``."""
    from torch.utils import _pytree as pytree  # lazy: only a PyTorch target needs it

    carried = tuple(carried)
    try:
        # The condition's code names the loop: a lambda made anew at each call of the user's function is the same code.
        for steps in turns(getattr(cond_fn, "__code__", cond_fn), "torch's while_loop"):
            if not bool(cond_fn(*carried, *additional)):
                counting.append(steps)
                return carried
            carried = tuple(pytree.tree_leaves(body_fn(*carried, *additional)))
    except LoopStopped as stopped:  # named at the user's call, which the live stack holds only here
        raise stopped.at(_users_line()) from None


def _while_unrolled(cond_fn, body_fn, carried, additional, loop, steps, guards, own=False):
    """A while loop traced as ``steps`` runs of its body, each after its condition, and the condition once more: each
    decision a guard of the graph (`loop_guard`), noted in ``guards``, so a replay that decides otherwise stops at it.
    ``loop``: (this loop's place among the while loops the function runs, their count); ``own``: ``steps`` is the
    count PyTorch's run at the point takes, so 0 steps carry PyTorch's own gradient (`_ZeroTrips`)."""
    carried = tuple(carried)
    which = f" (the {_ordinal(loop[0] + 1)} of the {loop[1]} the function runs)" if loop[1] > 1 else ""
    try:
        return _unrolled_steps(cond_fn, body_fn, carried, additional, steps, guards, which, loop[0], own)
    except LoopStopped as stopped:  # named at the user's call, which the live stack holds only here
        raise stopped.at(_users_line()) from None


def _unrolled_steps(cond_fn, body_fn, carried, additional, steps, guards, which, loop, own):
    """`_while_unrolled`'s steps, bounded by the time of the watch in force (`loop_trips.unrolled`)."""
    import torch  # lazy: only a PyTorch target needs it
    from torch.utils import _pytree as pytree  # lazy: likewise

    for step in unrolled(steps, "torch's while_loop"):
        going = step < steps
        message = (f"torch's while_loop here{which}, traced running its body {steps} times: on the replay's numbers its "
                   f"condition {'stops' if going else 'goes on'} after {step}")
        guards[message] = (loop, step, going)
        decision = cond_fn(*carried, *additional)
        if isinstance(decision, bool):  # a condition on Python numbers alone decides the same at every point
            if decision != going:
                raise InputError(message)
        else:
            torch._assert_async(decision if going else torch.logical_not(decision), message)
        if going:
            carried = tuple(pytree.tree_leaves(body_fn(*carried, *additional)))
    if steps == 0 and own and _zero_trips_run_the_body():
        carried = _zero_trips().apply(body_fn, len(carried), _users_line(), *carried, *additional)[:len(carried)]
    return carried


@functools.cache
def _zero_trips_run_the_body():
    """Whether PyTorch's own ``while_loop`` gradient runs its body's derivative once where the loop runs 0 times.

    Its forward stacks each step's carry and keeps the input as the first
    entry even where no step runs (2.13: "loop_count is always >= 1"); its
    backward then runs one step of the body's derivative at the input. Read
    from PyTorch's code rather than measured: a measurement compiles a loop.
    """
    try:
        module = importlib.import_module("torch._higher_order_ops.while_loop")  # lazy: a PyTorch target's loop
        return "loop_count >= 1" in inspect.getsource(module.WhileLoopAutogradOp.forward)
    except (ImportError, AttributeError, OSError, TypeError):
        return False


def _users_line():
    """``file:line`` of the innermost frame of the live stack outside PyTorch, gradcli and Python's library."""
    import torch  # lazy: only a PyTorch target needs it

    return user_line(sys._getframe(1), package_folder(torch))


@functools.cache
def _zero_trips():
    """``_ZeroTrips``: a loop run 0 times as PyTorch's own ``while_loop`` differentiates it (`_zero_trips_run_the_body`):
    its value the carry as given, its gradient one step of the body's derivative at that carry (in the carry and in
    the tensors the body reads), a rule of PyTorch's own that the trace records at the loop's line."""
    import torch  # lazy: only a PyTorch target needs it
    from torch.utils import _pytree as pytree  # lazy: likewise

    class _ZeroTrips(torch.autograd.Function):
        @staticmethod
        def forward(ctx, body_fn, carried_count, site, *tensors):
            ctx.body_fn, ctx.carried_count, ctx.site = body_fn, carried_count, site
            ctx.save_for_backward(*tensors)
            return tuple(t.clone() for t in tensors)

        @staticmethod
        def backward(ctx, *grads):
            inputs = [t.detach().requires_grad_(t.is_floating_point()) for t in ctx.saved_tensors]
            count = ctx.carried_count
            with torch.enable_grad():
                out = pytree.tree_leaves(ctx.body_fn(*inputs[:count], *inputs[count:]))
            pairs = [(o, g) for o, g in zip(out, grads[:count]) if o.requires_grad and g is not None]
            wanted = [t for t in inputs if t.requires_grad]
            found = iter(torch.autograd.grad([o for o, _ in pairs], wanted, [g for _, g in pairs], allow_unused=True)
                         if pairs else [None] * len(wanted))
            return (None, None, None, *(next(found) if t.requires_grad else None for t in inputs))

    return _ZeroTrips


def zero_trips_rule(frame):
    """The rule tag of a frame of `_zero_trips`' backward, ``(rule, site)``, or None for any other frame."""
    if frame.f_code.co_name != "backward" or frame.f_code.co_filename != __file__:
        return None
    ctx = frame.f_locals.get("ctx")
    return ("torch.while_loop's own gradient, which runs its body's derivative once where the loop runs 0 times "
            "(this loop runs 0 times in PyTorch's run at the point)", ctx.site)


def _ordinal(number):
    """``number`` as a guard's message counts loops: 1st, 2nd, 3rd, 11th."""
    return f"{number}{'th' if 10 <= number % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th')}"


def loop_guard(decision, message):
    """``aten._assert_async``: a replay's loop condition deciding as the trace's did, else `LoopDecidedOtherwise`."""
    if not bool(np.asarray(raw(decision))):
        raise LoopDecidedOtherwise(message, message)
