"""The additions PyTorch's autograd engine makes on its own: a value the code uses several times gets a gradient from
each use, and the engine adds them up as it hands them on (``InputBuffer::add``), with no operator of the user's code.

A trace records such an add under the autograd node whose rule delivered the later gradient, which is all a node's
stack trace tells. `EngineSums` tells them apart while PyTorch's backward pass runs in a trace: a hook at the end of
each node's rule (after PyTorch's own checks of its outputs, before the engine hands them on) notes which value each
output goes to, and the ops the engine runs after that hook, under that node, are its additions. Each is tagged with
the value whose gradients it adds and the uses that delivered them (`tag`); `described` turns the tag into words for
the graph's step: "the gradient accumulation of exp's uses at lines 29 and 30", placed at the value's own line.

The engine's checks of a rule's outputs make ops of their own too, before that hook: the sum over the axes a broadcast
made and the cast to an input's dtype, which `checked_outputs` finds as the ops ending a node's part of the trace.
"""

from __future__ import annotations

import re
import threading

from .lines import uses_at

_TAG = re.compile(r" \[sums the gradients of (?P<value>\S+) from (?P<uses>[\d,]+)\]")
# The `EngineSums` of the backward passes running now, per thread: PyTorch's engine runs a CPU backward pass, and
# its hooks, in the thread that asked for it, where the trace records the ops.
_RUNNING = threading.local()


class EngineSums:
    """While a ``with`` block runs PyTorch's backward pass of ``out`` into ``inputs`` (the tensors
    ``torch.autograd.grad`` is asked about, named ``names``): each node's rule hooked at its end, so that the ops the
    engine adds a value's gradients with are tagged (`tag`). The hooks are removed as the block ends: a node the
    graph shares with other calls (a tensor computed outside the function) keeps none."""

    def __init__(self, out, inputs, names=()):
        self.out, self.inputs, self.names = out, list(inputs), list(names)
        self.delivered = {}  # the value a gradient goes to -> the sequence numbers of the uses that delivered one
        self.pending = []  # (value, uses) of the additions the node whose rule just ended is about to make
        self.after = None  # (name, sequence number) of that node
        self.handles = []

    def __enter__(self):
        seen, stack = set(), [getattr(self.out, "grad_fn", None)]
        while stack:
            node = stack.pop()
            if node is None or node in seen:
                continue
            seen.add(node)
            stack.extend(following for following, _ in node.next_functions)
            if _is_leaf(node):
                continue
            try:
                self.handles.append(node.register_hook(lambda given, received, node=node: self._ended(node, given)))
            except RuntimeError:  # a node that takes no hook: its additions stay plain adds
                continue
        _active().append(self)
        return self

    def __exit__(self, *exc):
        _active().remove(self)
        for handle in self.handles:
            handle.remove()
        return False

    def _ended(self, node, given):
        """``node``'s rule gave ``given`` (one gradient per edge): note the additions the engine makes of them."""
        import torch  # lazy: only a PyTorch target runs this

        self.pending, self.after = [], (node.name(), node._sequence_nr())
        for gradient, (following, number) in zip(given, node.next_functions):
            if following is None or gradient is None:
                continue
            if _is_leaf(following):  # autograd.grad hands on only the inputs it is asked about
                position = next((k for k, t in enumerate(self.inputs) if following.variable is t), None)
                if position is None:
                    continue
                value = f"input:{self.names[position] if position < len(self.names) else position}"
            elif _executed(following):
                kind = "function" if isinstance(following, torch.autograd.function.BackwardCFunction) else "op"
                value = f"{kind}:{following.name()}@{following._sequence_nr()}"
            else:
                continue
            uses = self.delivered.setdefault((value, number), [])
            uses.append(node._sequence_nr())
            if len(uses) > 1:
                self.pending.append((value, tuple(uses)))


def _active():
    """The `EngineSums` entered in this thread, innermost last."""
    if not hasattr(_RUNNING, "sums"):
        _RUNNING.sums = []
    return _RUNNING.sums


def _executed(node):
    """Whether the backward pass running now runs ``node`` (one leading to an input it is asked about), so that the
    engine hands it gradients at all."""
    import torch  # lazy: only a PyTorch target runs this

    try:
        return torch._C._will_engine_execute_node(node)
    except RuntimeError:  # a node the engine cannot say of: no gradient counted for it
        return False


def _is_leaf(node):
    """Whether an autograd node is a leaf tensor's (its ``AccumulateGrad``): where gradients end."""
    return node.name().endswith("AccumulateGrad")


def tag(node):
    """The tag for an op recorded now under autograd ``node`` (the one running): the value and uses of the engine's
    next addition where ``node``'s rule has ended, else ""."""
    running = _active()
    if not running:
        return ""
    sums = running[-1]
    if sums.after != (node.name(), node._sequence_nr()) or not sums.pending:
        return ""
    value, uses = sums.pending.pop(0)
    return f" [sums the gradients of {value} from {','.join(str(u) for u in uses)}]"


def described(stack_trace, lines):
    """``(words, the value's line)`` of the engine's addition a node's ``stack_trace`` is tagged with (`tag`), or None:
    ``lines`` maps a forward call's sequence number to its user line (``file:line``). A computed value is placed at
    its own line, an input at its first use's."""
    match = _TAG.search(stack_trace or "")
    if match is None:
        return None
    kind, _, value = match["value"].partition(":")
    uses = [lines[int(u)] for u in match["uses"].split(",") if int(u) in lines]
    if kind == "input":
        name, at = ("an input" if value.isdigit() else value), (uses[0] if uses else None)
    else:
        node, _, number = value.rpartition("@")
        name, at = _called(node, kind == "function"), lines.get(int(number))
    return f"{name}'s {uses_at(uses, at)}", at


def _called(node, function):
    """The call an autograd node differentiates, as the code names it: ``exp`` for ``ExpBackward0``,
    ``log_softmax`` for ``LogSoftmaxBackward0``, a Function's own class name for its ``ClampPassBackward``."""
    base = re.sub(r"Backward\d*$", "", node.rpartition("::")[2])
    return base if function else re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", base).lower()


_AUTOGRAD_NODE = re.compile(r'File "<autograd node>", line (?P<sequence>\d+), in (?P<node>\S+)(?P<tag>.*)')
# The autograd nodes whose own rule ends in the sum or the cast the engine would otherwise make: the gradient of an
# expand or a cast the code wrote.
_RULES_THAT_SUM = ("ExpandBackward", "SumToSizeBackward", "ToCopyBackward")


def checked_outputs(graph):
    """``{node: (kind, words)}`` for the ops of ``graph`` (a traced backward pass) that PyTorch's engine makes as it
    checks a rule's outputs against the inputs they are for: the sum over the axes a broadcast made (``x * W`` with
    ``W`` of more rows: ``sum`` and ``view`` in ``MulBackward0``'s part of the trace), and the cast of the gradient to
    an input's dtype (``_to_copy``). They end a node's part of the trace, their result leaving it, never read by the
    rule itself: which is how they are told from a rule's own ops."""
    found = {}
    for node in reversed(list(graph.nodes)):
        part = _part(node)
        if part is None or part[1] in _RULES_THAT_SUM or not node.users:
            continue
        kind = _checking_kind(node)
        if kind is None or kind == "view" and _checking_kind(node.args[0]) != "broadcast":
            continue
        if all(user in found or _part(user) != part for user in node.users):
            called = _called(part[1], function=False)
            found[node] = (("cast", f"the cast of {called}'s gradient to its input's dtype") if kind == "cast" else
                           ("broadcast", f"the sum of {called}'s gradient over the axes it broadcast its input along"))
    return found


def _part(node):
    """``(sequence number, rule)`` of the autograd node whose part of the trace ``node`` is, without its
    tag of an addition (`tag`); None for an op outside the backward pass's rules."""
    match = _AUTOGRAD_NODE.search(node.meta.get("stack_trace") or "") if hasattr(node, "meta") else None
    if match is None or match["tag"].strip():
        return None
    return int(match["sequence"]), re.sub(r"\d+$", "", match["node"])


def _checking_kind(node):
    """"broadcast" for a sum keeping its axes, "view" for a reshape, "cast" for a dtype's copy; else None."""
    target = str(getattr(node, "target", ""))
    if target == "aten.sum.dim_IntList":
        keep = node.args[2] if len(node.args) > 2 else node.kwargs.get("keepdim", False)
        return "broadcast" if keep else None
    if target in ("aten.view.default", "aten._unsafe_view.default", "aten.reshape.default", "aten.squeeze.dims"):
        return "view"
    if target == "aten._to_copy.default" and "dtype" in node.kwargs:
        return "cast"
    return None
