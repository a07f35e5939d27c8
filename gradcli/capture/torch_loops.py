"""PyTorch's ``scan`` while gradcli traces: its combining function called once per slice of its inputs.

PyTorch runs a higher-order loop op eagerly through ``torch.compile``, and
make_fx over fake tensors stops inside it. A scan's trip count is the length of
its inputs' first axis, a shape, the same at every point and at any precision:
called step by step while gradcli traces, the combining function's operations
are recorded at the user's lines, the gradient is PyTorch's autograd of those
same operations, and the exact reference takes the path the mathematics takes.
A ``while_loop`` (whose trip count its condition decides on values) and the
other loop ops still reach PyTorch's compiler, and the bridge refuses them at
their line.
"""

from __future__ import annotations

from contextlib import contextmanager


@contextmanager
def scans_step_by_step():
    """Within it, in the calling thread alone, ``torch._higher_order_ops.scan.scan`` calls its combining function once
    per slice (`_scan_by_steps`) instead of compiling the loop; other threads, and every other op, as PyTorch has them."""
    import threading

    from torch._higher_order_ops import utils  # lazy: only a PyTorch target needs it

    compile_and_call, tracing = utils._hop_compile_and_call, threading.get_ident()

    def by_steps_in_this_thread(fn, args, kwargs=None):
        if threading.get_ident() == tracing and getattr(fn, "__name__", "") == "run_flattened_scan" and not kwargs:
            return _scan_by_steps(*args)
        return compile_and_call(fn, args, kwargs)

    utils._hop_compile_and_call = by_steps_in_this_thread
    try:
        yield
    finally:
        utils._hop_compile_and_call = compile_and_call


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
