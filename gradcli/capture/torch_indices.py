"""One-number integer index tensors while a capture traces: ``t[i] = v`` and ``t[i]`` with ``i`` a 0-d integer tensor
(an argmax), which PyTorch reads as a Python int, a value fake tensors lack.

A write ``t[i] = v`` is the same write ``t.index_put_((i.reshape(1),), v)`` for any value of ``i``. A read ``t[i]``
is, for PyTorch, a view of ``t``: a write into ``t`` (or into the read) afterwards changes both. Read by positions
(``aten.index``) it is the same numbers, a copy, which is the read PyTorch makes wherever no such write follows: the
trace reads by positions and notes each such read on its node (`_READ_OF`), and `refuse_reads_written` refuses the
graph, naming both lines, where a later write in place reaches the tensor read or the read itself.
"""

from __future__ import annotations

import threading
from contextlib import contextmanager

from ..errors import InputError

_READ_OF = "gradcli_read_of"  # a read node's meta: the node of the tensor it read at one-number index tensors
_SETTING = {"depth": 0, "original": None}  # set_at_index_tensors' nesting: the first entry replaces, the last restores
_SETTING_LOCK = threading.Lock()


@contextmanager
def set_at_index_tensors():
    """While a capture traces: ``t[i] = v`` and ``t[i]`` (``t[i, j]``, ``t[:, i]``) with ``i`` a one-number integer
    tensor, as a backward writes its gradient at an argmax (``grad[index] = grad_output``) and a loss reads its peak
    (``x[torch.argmax(x)]``), by positions (see the module). The methods themselves are replaced (a torch function
    mode does not reach into a backward); nested and concurrent entries share one replacement, and eager calls
    meanwhile write and read the same entries."""
    import torch  # lazy: only a PyTorch target needs it

    with _SETTING_LOCK:
        if _SETTING["depth"] == 0:
            _SETTING["original"] = [(name, name in vars(torch.Tensor), getattr(torch.Tensor, name))
                                    for name in ("__setitem__", "__getitem__")]
            torch.Tensor.__setitem__ = _setitem_by_positions(torch.Tensor.__setitem__)
            torch.Tensor.__getitem__ = _getitem_by_positions(torch.Tensor.__getitem__)
        _SETTING["depth"] += 1
    try:
        yield
    finally:
        with _SETTING_LOCK:
            _SETTING["depth"] -= 1
            if _SETTING["depth"] == 0:
                for name, own, original in _SETTING["original"]:
                    if own:
                        setattr(torch.Tensor, name, original)
                    else:
                        delattr(torch.Tensor, name)


def _one_number(index):
    import torch  # lazy: only a PyTorch target needs it

    return (isinstance(index, torch.Tensor) and index.dim() == 0 and not index.is_floating_point()
            and not index.is_complex() and index.dtype != torch.bool)


def _setitem_by_positions(original):
    """``Tensor.__setitem__`` writing at one-number integer index tensors by ``index_put_`` (`set_at_index_tensors`)."""
    import torch  # lazy: only a PyTorch target needs it

    def setitem(target, index, value):
        indices = index if isinstance(index, tuple) else (index,)
        if not (indices and len(indices) <= target.dim() and all(map(_one_number, indices))):
            return original(target, index, value)
        value = value.to(target.dtype) if isinstance(value, torch.Tensor) else torch.tensor(value, dtype=target.dtype)
        target.index_put_(tuple(i.reshape(1) for i in indices), value)
        return None

    return setitem


def _getitem_by_positions(original):
    """``Tensor.__getitem__`` reading at one-number integer index tensors (among ints and slices) by positions: the
    rest of the index first, as PyTorch takes it, then each such tensor's dimension by ``aten.index``, from the last
    (`set_at_index_tensors`); the read noted on its node where a trace records it."""

    def getitem(target, index):
        indices = index if isinstance(index, tuple) else (index,)
        if not (any(map(_one_number, indices)) and len(indices) <= target.dim()
                and all(_one_number(i) or type(i) in (int, slice) for i in indices)):
            return original(target, index)
        out = original(target, tuple(slice(None) if _one_number(i) else i for i in indices))
        dims, kept = [], 0
        for i in indices:
            if _one_number(i):
                dims.append((kept, i))
            kept += type(i) is not int  # an int takes its dimension away, a slice and a tensor's place keep theirs
        for dim, i in reversed(dims):
            out = original(out, (slice(None),) * dim + (i.reshape(1),)).squeeze(dim)
        _note_read(out, target)
        return out

    return getitem


def _note_read(out, target):
    """Note on the node of ``out`` that it read ``target`` at index tensors, where a trace records them."""
    from torch.fx.experimental import proxy_tensor  # lazy: only a PyTorch target needs it

    mode = proxy_tensor.get_proxy_mode()
    if mode is None:
        return
    made, read = proxy_tensor.get_proxy_slot(out, mode.tracer, None), proxy_tensor.get_proxy_slot(target, mode.tracer, None)
    if made is not None and read is not None:
        made.proxy.node.meta[_READ_OF] = read.proxy.node


def refuse_reads_written(module, locate):
    """InputError where a read at one-number index tensors (`_READ_OF`) meets a write in place that PyTorch's view
    would share and the read by positions does not: into the tensor read while the read is used after it, or into
    the read while the tensor read is used after it (through any of their views). ``locate(node)``: the user's line
    of a node, or None."""
    order = list(module.graph.nodes)
    for k, read in enumerate(order):
        if _READ_OF not in read.meta:
            continue
        view, source = _base(read), _base(read.meta[_READ_OF])
        for j, node in enumerate(order[k + 1:], k + 1):
            written = {_base(w) for w in _written(node)}
            seen = (view if source in written else None), (source if view in written else None)
            if seen != (None, None) and any(_uses(later, seen) for later in order[j + 1:]):
                at, where = locate(read), locate(node)
                raise InputError(
                    f"a read by a one-number index tensor (x[i] with i a 0-d integer tensor, an argmax)"
                    f"{f' at {at}' if at else ''} is, in PyTorch, a view of the tensor read, and the write in place"
                    f"{f' at {where}' if where else ''} reaches both before one of them is read again, which gradcli's "
                    "replay, reading by positions, cannot follow: write out of place (y = y * 2 for y.mul_(2)), or "
                    "read x[i].clone() where the value before the write is meant", text=at or where)


def _uses(node, bases):
    """Whether ``node`` reads a tensor that is one of ``bases`` (not all None) or a view of one."""
    return any(_base(n) in bases for n in node.all_input_nodes)


def _base(node):
    """The node whose tensor ``node``'s is a view of (itself where it is no view): every view shares its storage."""
    while getattr(node, "op", None) == "call_function" and getattr(node.target, "_schema", None) is not None:
        returns = node.target._schema.returns
        if not returns or returns[0].alias_info is None or not node.args:
            break
        node = node.args[0]
    return node


def _written(node):
    """The nodes of the tensors ``node``'s op writes into (its schema's arguments marked as written)."""
    schema = getattr(node.target, "_schema", None) if node.op == "call_function" else None
    if schema is None or not schema.is_mutable:
        return []
    found = []
    for position, argument in enumerate(schema.arguments):
        if argument.alias_info is not None and argument.alias_info.is_write:
            value = node.args[position] if position < len(node.args) else node.kwargs.get(argument.name)
            if hasattr(value, "op"):
                found.append(value)
    return found
