"""Ops whose output's shape depends on values (``nonzero``, ``masked_select``, a boolean mask's ``x[mask]``,
``unique``, ``repeat_interleave``), and a tensor's ``.item()``, traced where those values are the held data's.

A trace over fake tensors has no values, so PyTorch's fake tensors refuse such
an op. Yet the values a check holds as data are known while it traces: its
integer and boolean arrays (class labels, masks) and Python numbers are the
point's own, and the capture traces one graph per value of them
(`torch_bridge._layout` keys a graph by their bytes), as are the tensors the
function builds itself (``torch.tensor([0, 2])``, recorded as constants) and
the float data ``--wrt`` holds (a graph that read their values is keyed by
them from then on, `torch_bridge._Captured.reads_held`). Each op here reads the
graph recorded so far back from its input to those values, computes the input
for real, and records the op's answer as a constant: the rows a target's mask
selects become ``index_select`` by fixed positions, whose replay and derivative
are those of an ordinary gather. An input that moves with a checked argument
(or a random draw) is unknown, and the op is refused as PyTorch refuses it,
which `torch_bridge` says plainly.
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar

# The positions of the float arguments the check holds as data, while the bridge traces (`holding`)
_HELD = ContextVar("held float positions", default=frozenset())


@contextmanager
def holding(held):
    """Within it, a trace's `KnownValues` reads the float arguments at the positions ``held`` (data the check holds) as
    known values."""
    token = _HELD.set(frozenset(held))
    try:
        yield
    finally:
        _HELD.reset(token)


class KnownValues:
    """The real values of the traced tensors that depend on known values alone, read back through the graph recorded
    so far: the trace's ``examples`` (in the order of its placeholders) that are integer or boolean tensors or numbers
    that are not floats, and the float ones at the positions the check holds as data (`holding`), whose reading is
    noted in ``floats_read`` (the graph then depends on their values)."""

    def __init__(self, examples):
        self.examples = examples
        self.held = _HELD.get()
        self.floats_read = set()
        self.memo = {}  # fx node -> its real value, or _UNKNOWN

    def table(self):
        """A decomposition table for make_fx: each value-shaped op answered as a constant where its inputs are known,
        refused as PyTorch refuses it otherwise."""
        import torch  # lazy: only a PyTorch target needs it

        aten = torch.ops.aten
        table = {op: self.constant_of(op) for op in _constants(aten)}
        table.update({aten.masked_select.default: self.masked_select, aten.index.Tensor: self.index,
                      aten.masked_scatter.default: self.masked_scatter, aten._local_scalar_dense.default: self.item})
        return table

    def item(self, tensor):
        """``tensor.item()`` that PyTorch's own op makes, where its value is known: the number itself, a constant of the
        graph (``F.one_hot`` of fixed labels reads their least and largest to check them); refused where the value
        moves with a checked input (``torch.full_like(x, s)`` of an ``s`` read from x: a number inside an op, which the
        replay cannot move). The user's own reads (``x.max().item()`` computed on) are followed before they get here."""
        value = self._values(tensor)
        if value is None:
            raise _ValueRead("a data-dependent read of a tensor's value that moves with a checked input")
        return _really(lambda: value.item())

    def constant_of(self, op):
        """``op``'s decomposition: its answer on the known values of its tensor inputs, recorded as constants."""
        def answered(*args, **kwargs):
            values = self._values((args, kwargs))
            if values is None:
                _refuse(op)
            out = _really(lambda: op(*values[0], **values[1]))
            return tuple(map(_constant, out)) if isinstance(out, tuple) else _constant(out)
        return answered

    def masked_select(self, x, mask):
        """``x`` at the positions ``mask`` holds True (both broadcast), where the mask is known: a gather by them."""
        import torch  # lazy: only a PyTorch target needs it

        if self._values(x) is not None:
            return self.constant_of(torch.ops.aten.masked_select.default)(x, mask)
        shape = torch.broadcast_shapes(x.shape, mask.shape)
        return self.index(x.expand(shape), [mask.expand(shape)])

    def index(self, x, indices):
        """``x[indices]`` with each known boolean mask among ``indices`` as the positions it holds True (``x[mask]``
        is ``x[mask.nonzero()]``'s columns), so that the gather's shape is fixed; left to PyTorch without a mask."""
        import torch  # lazy: only a PyTorch target needs it

        if not any(_is_mask(i) for i in indices):
            return NotImplemented
        if self._values(x) is not None and self._values(indices) is not None:
            return self.constant_of(torch.ops.aten.index.Tensor)(x, indices)
        positions = []
        for i in indices:
            if not _is_mask(i):
                positions.append(i)
                continue
            positions.extend(self._positions(i))
        return torch.ops.aten.index.Tensor(x, positions)

    def masked_scatter(self, x, mask, source):
        """``x`` with ``source``'s first entries written where ``mask`` holds True (the gradient of a masked_select),
        where the mask is known: a write at those positions; left to PyTorch where it is not."""
        import torch  # lazy: only a PyTorch target needs it

        shape = torch.broadcast_shapes(x.shape, mask.shape)
        if self._values(mask) is None:
            return NotImplemented
        positions = self._positions(mask.expand(shape))
        count = positions[0].shape[0] if positions else 0
        return torch.ops.aten.index_put.default(x.expand(shape), positions, source.reshape(-1)[:count])

    def _positions(self, mask):
        """The positions a known boolean ``mask`` holds True, one constant index tensor per dimension; PyTorch's
        refusal where the mask is not known."""
        import torch  # lazy: only a PyTorch target needs it

        values = self._values(mask)
        if values is None:
            _refuse(torch.ops.aten.nonzero.default)
        return [_constant(column) for column in _really(lambda: values.nonzero().unbind(1))]

    def _values(self, tree):
        """``tree`` (arguments) with each tensor as its real value, or None where one is not known."""
        import torch  # lazy: only a PyTorch target needs it
        from torch.utils import _pytree as pytree  # lazy: likewise

        leaves, spec = pytree.tree_flatten(tree)
        values = []
        for leaf in leaves:
            value = self._tensor_value(leaf) if isinstance(leaf, torch.Tensor) else leaf
            if value is _UNKNOWN:
                return None
            values.append(value)
        return pytree.tree_unflatten(values, spec)

    def _tensor_value(self, tensor):
        from torch.fx.experimental.proxy_tensor import get_proxy_mode, get_proxy_slot  # lazy: as above

        mode = get_proxy_mode()
        if mode is None:
            return _UNKNOWN
        proxy = get_proxy_slot(tensor, mode.tracer, None, lambda slot: slot.proxy)
        if proxy is None:  # a tensor the trace never saw: a constant the function holds
            return _UNKNOWN if _is_fake(tensor) else tensor
        return self._node_value(proxy.node, mode.tracer.root)

    def _node_value(self, node, root):
        """The real value of the fx ``node`` (one step at a time, its inputs first: no recursion on long chains)."""
        import torch  # lazy: only a PyTorch target needs it
        from torch.fx.node import map_arg  # lazy: likewise

        pending = [node]
        while pending:
            current = pending[-1]
            if current in self.memo:
                pending.pop()
                continue
            inputs = [n for n in current.all_input_nodes if n not in self.memo]
            if inputs:
                pending.extend(inputs)
                continue
            pending.pop()
            if current.op == "placeholder":
                self.memo[current] = self._placeholder(current)
            elif current.op == "get_attr":
                self.memo[current] = getattr(root, current.target, _UNKNOWN)
            elif current.op != "call_function" or _drawn(current.target):
                self.memo[current] = _UNKNOWN
            elif any(self.memo[n] is _UNKNOWN for n in current.all_input_nodes):
                self.memo[current] = _UNKNOWN
            else:
                args = map_arg(current.args, lambda n: self.memo[n])
                kwargs = map_arg(current.kwargs, lambda n: self.memo[n])
                with torch.no_grad():
                    self.memo[current] = _really(lambda: current.target(*args, **kwargs))
        return self.memo[node]

    def _placeholder(self, node):
        """A placeholder's real value where the check holds it as data: an integer or boolean tensor or a number that
        is not a float (their values key the graph), or a float tensor held (noted: the graph then depends on its
        values)."""
        import torch  # lazy: only a PyTorch target needs it

        place = [n for n in node.graph.nodes if n.op == "placeholder"].index(node)
        example = self.examples[place] if place < len(self.examples) else None
        if isinstance(example, torch.Tensor) and example.is_floating_point() and place in self.held:
            self.floats_read.add(place)
            return example
        if isinstance(example, torch.Tensor):
            return _UNKNOWN if example.is_floating_point() or example.is_complex() else example
        return example if isinstance(example, (bool, int)) else _UNKNOWN


_UNKNOWN = object()


class _ValueRead(RuntimeError):
    """PyTorch reading a number from a tensor whose value moves with a checked input, inside one of its own ops (a
    fill value, a size): the capture cannot follow it (`torch_bridge` words it as a branch on a tensor's value)."""


def answers(op):
    """Whether ``op`` is one whose output's shape the trace finds from known values (`KnownValues.table`)."""
    import torch  # lazy: only a PyTorch target needs it

    aten = torch.ops.aten
    return op in _constants(aten) or op in (aten.masked_select.default, aten.index.Tensor)


def _constants(aten):
    """The value-shaped ops whose answer, where their inputs are known, is a constant of the graph."""
    return (aten.nonzero.default, aten.repeat_interleave.Tensor, aten._unique2.default, aten.unique_dim.default,
            aten.unique_consecutive.default, aten.bincount.default)


def _refuse(op):
    """PyTorch's own refusal of ``op`` on fake tensors, whose values a trace lacks (`torch_bridge` words it)."""
    from torch._subclasses.fake_tensor import DynamicOutputShapeException  # lazy: only a PyTorch target needs it

    raise DynamicOutputShapeException(op)


def _is_mask(index):
    import torch  # lazy: only a PyTorch target needs it

    return isinstance(index, torch.Tensor) and index.dtype in (torch.bool, torch.uint8)


def _is_fake(tensor):
    from torch._subclasses.fake_tensor import is_fake  # lazy: only a PyTorch target needs it

    return is_fake(tensor)


def _drawn(target):
    """Whether an op draws random numbers: its value is not the data's."""
    import torch  # lazy: only a PyTorch target needs it

    return torch.Tag.nondeterministic_seeded in getattr(target, "tags", ())


def _really(compute):
    """``compute()`` on real tensors, outside the trace's fake and recording modes."""
    from torch.utils._python_dispatch import _disable_current_modes  # lazy: only a PyTorch target needs it

    with _disable_current_modes():
        return compute()


def _constant(value):
    """A real tensor recorded in the trace as a constant (as ``torch.tensor(...)`` in the user's code is)."""
    import torch  # lazy: only a PyTorch target needs it

    if not isinstance(value, torch.Tensor):
        return value
    return torch.ops.aten.lift_fresh.default(_really(value.clone))
