"""TensorFlow's loops (``While``) and tensor lists (``TensorList*``) replayed with gradcli's operations.

``tf.while_loop``, ``tf.map_fn``, ``tf.scan``, ``tf.foldl`` and autograph's
``for i in tf.range(n)`` reach a graph as a ``While`` (``StatelessWhile``) op
whose condition and body are functions of the loop's variables. Their
gradient is another ``While`` running backwards, fed by the tensor lists the
forward loop pushed its intermediates onto. The walker turns the condition and
the body into plans; `taking_turns` runs them on the point's own values, as
many times as the condition says (on balls a condition too close to call
raises, as every undecided comparison does, and the exact reference turns to
mpmath). A tensor list is a `TensorList` value: an immutable tuple of items
(each op gives a new list), so a list folded when the graph was captured is
shared safely by every replay.
"""

from __future__ import annotations

import numpy as np

import gradcli.numpy as gnp

from ..autodiff.values import raw
from ..errors import InputError
from .loop_trips import turns

WHILES = {"While", "StatelessWhile"}


class TensorList:
    """A TensorFlow tensor list as the replay sees it: its items (None: never written) and their shape and dtype."""

    __slots__ = ("items", "shape", "dtype")

    def __init__(self, items, shape=None, dtype=None):
        self.items = tuple(items)
        self.shape = shape
        self.dtype = dtype

    def with_items(self, items):
        return TensorList(items, self.shape, self.dtype)

    def item(self, index):
        """The item at ``index``; one never written reads as zeros, as TensorFlow's kernels give them."""
        value = self.items[index]
        if value is None:
            if self.shape is None or any(d is None or d < 0 for d in self.shape):
                raise InputError("the TensorFlow graph reads an item of a tensor list that was never written and has no known shape")
            return np.zeros(self.shape, dtype=self.dtype or np.float64)
        return value


def _shape(value):
    """An element-shape input (-1 or a vector with -1 for unknown dimensions) as a tuple, or None when unknown."""
    dims = np.ravel(raw(value))
    if np.ndim(raw(value)) == 0 and int(dims[0]) == -1:
        return None
    return tuple(int(d) for d in dims)


def _dtype(attrs):
    """The items' NumPy dtype; None where unknown or where the items are variants (lists of lists, optionals: the
    accumulators of a conditional's gradient inside a loop), which have none."""
    dtype = attrs.get("element_dtype")
    return np.dtype(dtype) if isinstance(dtype, (np.dtype, type, str)) else None


def _index(value):
    return int(np.asarray(raw(value)).reshape(()))


def _empty(ins, attrs):
    return TensorList((), _shape(ins[0]), _dtype(attrs))


def _reserve(ins, attrs):
    shape, count = ins
    return TensorList((None,) * _index(count), _shape(shape), _dtype(attrs))


def _from_tensor(ins, attrs):
    tensor, shape = ins
    n = np.shape(raw(tensor))[0]
    return TensorList([tensor[i] for i in range(n)], tuple(np.shape(raw(tensor))[1:]), _dtype(attrs))


def _set_item(ins, attrs):
    listed, index, item = ins
    items = list(listed.items)
    items[_index(index)] = item
    return listed.with_items(items)


def _get_item(ins, attrs):
    listed, index = ins[:2]
    return listed.item(_index(index))


def _push_back(ins, attrs):
    listed, item = ins
    return listed.with_items(listed.items + (item,))


def _pop_back(ins, attrs):
    listed = ins[0]
    if not listed.items:
        raise InputError("the TensorFlow graph pops an item off an empty tensor list")
    return listed.with_items(listed.items[:-1]), listed.item(len(listed.items) - 1)


def _stack(ins, attrs):
    listed, shape = ins
    if not listed.items:
        known = _shape(shape) or listed.shape or ()
        return np.zeros((0,) + tuple(d if d is not None and d >= 0 else 0 for d in known), dtype=listed.dtype or np.float64)
    return gnp.stack([listed.item(i) for i in range(len(listed.items))], axis=0)


def _gather(ins, attrs):
    listed, indices = ins[:2]
    return gnp.stack([listed.item(int(i)) for i in np.ravel(raw(indices))], axis=0)


def _scatter_into(ins, attrs):
    listed, tensor, indices = ins
    items = list(listed.items)
    for row, i in enumerate(np.ravel(raw(indices))):
        while int(i) >= len(items):
            items.append(None)
        items[int(i)] = tensor[row]
    return listed.with_items(items)


def _element_shape(ins, attrs):
    shape = ins[0].shape
    if shape is None:
        return np.array(-1, dtype=attrs.get("shape_type", np.int32))
    return np.array(shape, dtype=attrs.get("shape_type", np.int32))


def _length(ins, attrs):
    return np.array(len(ins[0].items), dtype=np.int32)


def _resize(ins, attrs):
    listed, size = ins
    n = _index(size)
    items = list(listed.items[:n]) + [None] * max(0, n - len(listed.items))
    return listed.with_items(items)


# op type -> (replay(inputs, attributes), the attributes it reads), as `tf_ops.OPS`.
LIST_OPS = {
    "EmptyTensorList": (_empty, ("element_dtype",)),
    "TensorListReserve": (_reserve, ("element_dtype",)),
    "TensorListFromTensor": (_from_tensor, ("element_dtype",)),
    "TensorListSetItem": (_set_item, ()),
    "TensorListGetItem": (_get_item, ()),
    "TensorListPushBack": (_push_back, ()),
    "TensorListPopBack": (_pop_back, ()),
    "TensorListStack": (_stack, ()),
    "TensorListGather": (_gather, ()),
    "TensorListScatterIntoExistingList": (_scatter_into, ()),
    "TensorListElementShape": (_element_shape, ("shape_type",)),
    "TensorListLength": (_length, ()),
    "TensorListResize": (_resize, ()),
}


def taking_turns(condition, body, name, where=None):
    """The replay of a ``While`` op: ``body`` (a plan) run on the loop variables while ``condition`` (a plan) holds;
    ``where``: the user's line of the loop, named if it is stopped."""
    named = f"the TensorFlow loop {name}{f' at {where}' if where else ''}"

    def loop(ins, attrs):
        values = list(ins)
        for _ in turns(condition, named):
            (going,) = condition.run(values)
            if not bool(np.asarray(raw(going)).reshape(())[()]):
                return tuple(values)
            values = list(body.run(values))

    return loop


def add_lists(terms):
    """``AddN`` of tensor lists (a gradient of a list used twice): the items added place by place, unwritten ones skipped."""
    size = max(len(t.items) for t in terms)
    items = []
    for i in range(size):
        present = [t.items[i] for t in terms if i < len(t.items) and t.items[i] is not None]
        total = present[0] if present else None
        for term in present[1:]:
            total = gnp.add(total, term)
        items.append(total)
    return terms[0].with_items(items)


def zeros_like_list(listed):
    """``ZerosLike`` of a tensor list: a list of as many items, each zeros (unwritten ones stay unwritten)."""
    return listed.with_items([None if item is None else gnp.zeros_like(item) for item in listed.items])
