"""TensorFlow's operations as gradcli ops: the table the TensorFlow bridge replays a captured graph with.

One entry per TensorFlow op type (``op.type`` in a graph): the attributes the
replay needs, read once when the graph is captured, and a function of the
op's inputs and those attributes written with ``gradcli.numpy``, so the same
table replays a graph on NumPy arrays of any float dtype, on mpmath numbers
and on flint balls. The entries cover what losses and their gradient graphs
use: elementwise arithmetic and functions, their ``*Grad`` kernels,
reductions, shapes, slices, gathers, matrix products, softmaxes and the
bookkeeping of gradient graphs (``BroadcastGradientArgs``, ``Shape``, ``Fill``).
Ops whose inputs are all known when the graph is captured (shapes, constants,
reduction axes) are folded then with the same entries, on NumPy values.
"""

from __future__ import annotations

import numpy as np

import gradcli.numpy as gnp

from ..autodiff.ops import astype, stop_gradient
from ..autodiff.ops_array import getitem, untake
from ..autodiff.ops_shape import ranked
from ..autodiff.values import Box, holds_complex, is_float_dtype, raw
from .exact_constants import MP, kind_of, lift, truncated_toward_zero
from .special_orders import polygamma_of_orders
from .tf_ops_more import COMPLEX_OPS, MORE_OPS
from .tf_loops import LIST_OPS, TensorList, add_lists, zeros_like_list


def _axes(axes, ndim):
    """Reduction axes (a scalar or vector of ints, possibly negative) as a tuple of non-negative ints."""
    return tuple(sorted({int(a) % max(ndim, 1) for a in np.ravel(raw(axes))}))


def _reduce(function):
    def reduce(ins, attrs):
        x, axes = ins
        chosen = _axes(axes, gnp.ndim(x))
        if not chosen or gnp.ndim(x) == 0:
            return x
        return function(x, axis=chosen, keepdims=bool(attrs.get("keep_dims", False)))

    return reduce


def logsumexp_shift(ins, attrs):
    """The max TensorFlow's ``reduce_logsumexp`` takes out and adds back under a stop_gradient, on exact numbers the
    max of floats near them: log(sum(exp(x - c))) + c is the same number for every finite c, and the max of balls
    that overlap (two states of a CTC recursion) is a tie no precision decides."""
    x, axes = ins
    value = raw(x)
    if isinstance(value, np.ndarray) and value.dtype == object:
        x = np.vectorize(_near, otypes=[np.float64])(value)
    elif not isinstance(value, (np.ndarray, np.generic, float, int)):
        x = _near(value)
    return _reduce(gnp.max)([x, axes], attrs)


def _near(number):
    """A float near a high-precision number: an mpmath number, a ball, a jet's or a proof number's ball."""
    for part in ("v", "b"):
        number = getattr(number, part, number)
    middle = getattr(number, "mid", None)
    return float(middle()) if callable(middle) else float(number)


def _mean(x, axis, keepdims):
    return gnp.divide(gnp.sum(x, axis=axis, keepdims=keepdims), _as_like(int(np.prod([gnp.shape(x)[a] for a in axis])), x))


def _as_like(number, x):
    """``number`` in the float dtype of ``x`` (a plain Python float beside mpmath numbers and balls)."""
    dtype = _float_dtype(x)
    return dtype.type(number) if dtype is not None else float(number)


def _real_float(dtype):
    """Whether ``dtype`` holds real floats: NumPy's, or ml_dtypes' (bfloat16), which NumPy files under no float kind."""
    return np.issubdtype(dtype, np.floating) or (dtype.kind == "V" and is_float_dtype(dtype))


def _float_dtype(x):
    """The NumPy float dtype of ``x``, or None for mpmath numbers, balls and object arrays of them."""
    dtype = getattr(raw(x), "dtype", None)
    if dtype is not None and _real_float(dtype):
        return dtype
    if isinstance(raw(x), (float, int)) and not isinstance(raw(x), bool):
        return None
    return None


def _rsqrt(x):
    return gnp.divide(_as_like(1, x), gnp.sqrt(x))


def _zero_where_no_gradient(dy, gradient):
    """``gradient``, but 0 where ``dy`` is 0: TensorFlow's Sqrt, Rsqrt and Reciprocal kernels never make
    0 * inf a NaN (a ``where`` whose other branch took sqrt(-1) passes them dy = 0)."""
    return gnp.where(gnp.equal(dy, 0), gnp.zeros_like(gradient), gradient)


def _conj_of_complex(y):
    """``y``'s conjugate where it is complex: the Sqrt, Rsqrt and Reciprocal gradient kernels read conj(y) (the Tanh
    and Sigmoid ones are handed it by TensorFlow's Python rules); a real ``y`` as it is."""
    return gnp.conj(y) if holds_complex(y) else y


def _sqrt_grad(ins, attrs):
    y, dy = ins
    y = _conj_of_complex(y)
    return _zero_where_no_gradient(dy, gnp.divide(gnp.multiply(_as_like(0.5, y), dy), y))


def _rsqrt_grad(ins, attrs):
    y, dy = ins
    y = _conj_of_complex(y)
    return _zero_where_no_gradient(dy, gnp.multiply(gnp.multiply(_as_like(-0.5, y), gnp.multiply(gnp.multiply(y, y), y)), dy))


def _tanh_grad(ins, attrs):
    y, dy = ins
    return gnp.multiply(dy, gnp.subtract(_as_like(1, y), gnp.multiply(y, y)))


def _sigmoid_grad(ins, attrs):
    y, dy = ins
    return gnp.multiply(dy, gnp.multiply(y, gnp.subtract(_as_like(1, y), y)))


def _reciprocal_grad(ins, attrs):
    y, dy = ins
    y = _conj_of_complex(y)
    return _zero_where_no_gradient(dy, gnp.negative(gnp.multiply(dy, gnp.multiply(y, y))))


def _x_times(operation, function):
    """``x * function(y)``, but 0 wherever x is 0 (TensorFlow's Xlogy and Xlog1py, even at y = 0 or NaN): gradcli's
    ``operation`` (xlogy, xlog1py), whose exact derivative knows the definition at x = 0 (0 along x = 0 in y, its
    slope in x the log, no number at y = 0: the domain's edge), where a select of ``x * function(y)`` leaves a
    product no number beside the tie x = 0; the select where a float y holds a NaN, which SciPy's keeps."""

    def x_times(ins, attrs):
        x, y = ins
        values = raw(y)
        floats = isinstance(values, float) or getattr(values, "dtype", np.dtype(object)).kind == "f"
        if not (floats and np.isnan(values).any()):
            return operation(x, y)
        product = gnp.multiply(x, function(y))
        return gnp.where(gnp.equal(x, 0), gnp.zeros_like(product), product)

    return x_times


def _softplus_grad(ins, attrs):
    dy, x = ins
    return gnp.multiply(dy, gnp.sigmoid(x))


def _relu_grad(ins, attrs):
    dy, x = ins
    return gnp.where(gnp.greater(x, 0), dy, gnp.zeros_like(dy))


def _bias_add_grad(ins, attrs):
    """A bias's gradient: the upstream summed over every axis but the channels' (the last; the second in NCHW)."""
    (dy,) = ins
    channels = 1 if attrs.get("data_format") in (b"NCHW", "NCHW") else gnp.ndim(dy) - 1
    others = tuple(axis for axis in range(gnp.ndim(dy)) if axis != channels)
    return gnp.sum(dy, axis=others) if others else dy


def _select(ins, attrs):
    condition, yes, no = ins
    if gnp.ndim(condition) == 1 and gnp.ndim(yes) > 1:  # Select (v1): a vector picks whole rows
        condition = np.reshape(raw(condition), (-1,) + (1,) * (gnp.ndim(yes) - 1))
    return gnp.where(condition, yes, no)


def _divide_no_nan(ins, attrs):
    x, y = ins
    zero = gnp.equal(y, 0)
    safe = gnp.where(zero, gnp.ones_like(y), y)
    return gnp.where(zero, gnp.zeros_like(gnp.divide(x, safe)), gnp.divide(x, safe))


def _multiply_no_nan(ins, attrs):
    """``MulNoNan``: x * y, but 0 wherever y is 0, even where x is infinite or NaN (a mask applied to a log)."""
    x, y = ins
    product = gnp.multiply(x, y)
    return gnp.where(gnp.equal(y, 0), gnp.zeros_like(product), product)


def _matmul(ins, attrs):
    a, b = ins
    if attrs.get("transpose_a") or attrs.get("adj_x"):
        a = gnp.swapaxes(_conj_of_complex(a) if attrs.get("adj_x") else a, -1, -2)  # adj_x: the conjugate transpose
    if attrs.get("transpose_b") or attrs.get("adj_y"):
        b = gnp.swapaxes(_conj_of_complex(b) if attrs.get("adj_y") else b, -1, -2)
    return gnp.matmul(a, b)


def _on_balls(x):
    return _float_dtype(x) is None and kind_of([x]) != MP


def _shifted(x):
    """``x`` less its largest entry along the last axis (as TensorFlow's kernels shift it), in a float dtype and on
    mpmath numbers alike, so provenance pairs the two runs op by op."""
    return gnp.subtract(x, gnp.max(x, axis=-1, keepdims=True))


def _log_softmax(x):
    if _on_balls(x):
        # balls do not overflow: logsumexp keeps a one-hot's tail (log1p(2e^-1e200)), which the log of a sum of
        # balls leaves inside the radius of a ball around 0 at every precision
        return gnp.subtract(x, gnp.logsumexp(x, axis=-1, keepdims=True))
    shifted = _shifted(x)
    return gnp.subtract(shifted, gnp.log(gnp.sum(gnp.exp(shifted), axis=-1, keepdims=True)))


def _softmax(x):
    if _on_balls(x):
        return gnp.exp(_log_softmax(x))
    shifted = gnp.exp(_shifted(x))
    return gnp.divide(shifted, gnp.sum(shifted, axis=-1, keepdims=True))


def _softmax_cross_entropy(ins, attrs):
    logits, labels = ins
    log_p = _log_softmax(logits)
    loss = gnp.negative(gnp.sum(gnp.multiply(labels, log_p), axis=-1))
    return loss, gnp.subtract(gnp.exp(log_p), labels)


def _sparse_softmax_cross_entropy(ins, attrs):
    logits, labels = ins
    classes = gnp.shape(logits)[-1]
    one_hot = (np.arange(classes) == np.asarray(raw(labels))[..., None]).astype(_float_dtype(logits) or np.float64)
    return _softmax_cross_entropy([logits, one_hot], attrs)


def _cast(ins, attrs):
    (x,) = ins
    target = np.dtype(attrs["DstT"])
    if holds_complex(x) and not np.issubdtype(target, np.complexfloating):
        x = gnp.real(x)  # TensorFlow's cast of a complex tensor to a real dtype keeps the real part (Eig's gradient)
    value = raw(x)
    if isinstance(value, (np.ndarray, np.generic)) and value.dtype != object and not _real_float(value.dtype):
        return np.asarray(value).astype(target) if gnp.ndim(value) else target.type(value)
    exact = (value.dtype == object) if isinstance(value, np.ndarray) else not isinstance(value, (np.generic, int, float, complex))
    if np.issubdtype(target, np.complexfloating) and exact:
        return x  # exact numbers made complex (Eig's gradient): mpmath's complex arithmetic takes them as they are
    if not _real_float(target):  # a float made an integer: no gradient flows through it
        exact = np.issubdtype(target, np.integer) and not isinstance(value, (np.generic, float, int))
        if exact and isinstance(value, np.ndarray) and value.dtype == object:
            return np.array([truncated_toward_zero(v, target) for v in value.ravel()], dtype=target).reshape(value.shape)
        if exact and not isinstance(value, np.ndarray):
            return target.type(truncated_toward_zero(value, target))
        return np.asarray(value).astype(target)
    source = _float_dtype(x)
    if source is None:
        return x  # mpmath numbers and balls carry their own precision
    # gradcli's own cast, so a recorded run sees it: a cast to a narrower dtype is where digits go.
    return x if source == target else astype(x, target)


def _fill(ins, attrs):
    dims, value = ins
    return gnp.broadcast_to(value, tuple(int(d) for d in np.ravel(raw(dims))))


def _concat(ins, attrs):
    *parts, axis = ins
    return gnp.concatenate(parts, axis=int(raw(axis)))


def _strided_slice_index(begin, end, strides, attrs, ndim):
    """The Python index of a StridedSlice: its begin, end and strides read with its five masks."""
    index, dim = [], 0
    masks = {name: int(attrs.get(name, 0)) for name in ("begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask", "shrink_axis_mask")}
    for i, (b, e, s) in enumerate(zip(begin, end, strides)):
        bit = 1 << i
        if masks["ellipsis_mask"] & bit:
            remaining = len(begin) - i - 1 - sum(1 for j in range(i + 1, len(begin)) if masks["new_axis_mask"] & (1 << j))
            index.append(Ellipsis)
            dim = ndim - remaining
        elif masks["new_axis_mask"] & bit:
            index.append(None)
        elif masks["shrink_axis_mask"] & bit:
            index.append(int(b))
            dim += 1
        else:
            start = None if masks["begin_mask"] & bit else int(b)
            stop = None if masks["end_mask"] & bit else int(e)
            index.append(slice(start, stop, int(s)))
            dim += 1
    return tuple(index)


def _strided_slice(ins, attrs):
    x, begin, end, strides = ins
    index = _strided_slice_index(*(np.ravel(raw(v)) for v in (begin, end, strides)), attrs, gnp.ndim(x))
    return getitem(x, index)  # gradcli's on plain arrays too: a replay's recorder links the entry to its maker


def _strided_slice_grad(ins, attrs):
    shape, begin, end, strides, dy = ins
    index = _strided_slice_index(*(np.ravel(raw(v)) for v in (begin, end, strides)), attrs, len(np.ravel(shape)))
    return _scattered(tuple(int(d) for d in np.ravel(raw(shape))), dy, index)


def _scattered(shape, values, index):
    """An array of ``shape``, zero but where ``index`` adds ``values`` in (a repeated place summed): recorded, so a
    gradient flows through it where a forward pass or a second derivative reads it, real or complex."""
    dtype = np.asarray(raw(values)).dtype
    if isinstance(values, Box):
        return untake(values, index, shape, object if dtype == object else dtype)
    out = np.zeros(shape, dtype=dtype)
    if dtype == object:
        out[...] = 0.0  # a float 0 beside exact numbers, which an op on them takes as it takes a float constant
    np.add.at(out, index, np.asarray(raw(values)))
    return out


def _unsorted_segment_sum(ins, attrs):
    """``UnsortedSegmentSum``: each segment's sum of the rows its id names; a negative id's row is dropped."""
    data, ids, count = ins
    ids = np.asarray(raw(ids))
    shape = (int(raw(count)),) + gnp.shape(data)[ids.ndim :]
    kept = ids >= 0
    if not kept.all():
        data, ids = data[np.nonzero(kept)], ids[kept]
    return _scattered(shape, data, ids)


def _sparse_segment(divide):
    """``SparseSegmentSum``/``Mean``/``SqrtN`` (``tf.nn.embedding_lookup_sparse``'s combiners, ``WithNumSegments`` too):
    each segment's sum of the rows of ``data`` its ``indices`` pick, divided by its count (mean) or the count's square
    root (sqrtn), an empty segment's by 1; the counts in the data's own kind of number, so an exact replay divides by
    the exact sqrt(2)."""
    def segment(ins, attrs):
        data, indices, ids = ins[:3]
        ids = np.asarray(raw(ids)).astype(np.intp)
        count = int(raw(ins[3])) if len(ins) > 3 else (int(ids.max()) + 1 if ids.size else 0)
        summed = _unsorted_segment_sum([data[np.asarray(raw(indices)).astype(np.intp)], ids, count], attrs)
        return summed if divide is None else summed / _segment_divisors(ids, count, data, divide)

    return segment


def _segment_divisors(ids, count, like, divide):
    """Each of ``count`` segments' divisor (its size, or the size's square root; 1 for an empty one), shaped to divide
    rows like ``like``'s, in ``like``'s kind of number."""
    sizes = np.maximum(np.bincount(ids, minlength=count), 1).reshape((-1,) + (1,) * (np.ndim(raw(like)) - 1))
    kind = kind_of([like])
    sizes = lift(sizes.astype(np.float64), kind) if kind else sizes.astype(np.asarray(raw(like)).dtype)
    return gnp.sqrt(sizes) if divide == "sqrt" else sizes


def _sparse_segment_grad(divide, unique_rows):
    """The backward of `_sparse_segment`: each picked row's share of its segment's upstream, summed per row of the
    data; ``GradV2`` gives it for the sorted distinct rows picked (and those rows), ``Grad`` for all ``output_dim0``."""
    def grad(ins, attrs):
        upstream, indices, ids, rows_out = ins
        picked = np.asarray(raw(indices)).astype(np.intp)
        ids = np.asarray(raw(ids)).astype(np.intp)
        shares = upstream[ids]
        if divide is not None:
            shares = shares / _segment_divisors(ids, gnp.shape(upstream)[0], upstream, divide)[ids]
        if not unique_rows:
            return _unsorted_segment_sum([shares, picked, rows_out], attrs)
        distinct, position = np.unique(picked, return_inverse=True)
        summed = _unsorted_segment_sum([shares, position.reshape(-1), len(distinct)], attrs)
        return summed, distinct.astype(np.asarray(raw(indices)).dtype)

    return grad


def _gather(ins, attrs):
    """``GatherV2``: ``take`` along ``axis``; with ``batch_dims`` b, each of the leading b entries of ``indices``
    picks from its own slice of ``params`` (``tf.gather(p, i, batch_dims=1)``: ``p[k, i[k]]``)."""
    params, indices, *axis = ins
    indices = np.asarray(raw(indices))
    axis = (int(raw(axis[0])) if axis else 0) % gnp.ndim(params)
    batch = int(attrs.get("batch_dims", 0) or 0)
    batch = batch + indices.ndim if batch < 0 else batch
    if batch == 0:
        return gnp.take(params, indices, axis=axis)
    # every output coordinate's place in params, one broadcast index array per dimension of params
    shape = gnp.shape(params)
    rank = axis + (indices.ndim - batch) + (len(shape) - axis - 1)

    def along(size, at):
        return np.arange(size).reshape([size if d == at else 1 for d in range(rank)])
    picked = indices.reshape(indices.shape[:batch] + (1,) * (axis - batch) + indices.shape[batch:]
                             + (1,) * (len(shape) - axis - 1))
    after = axis + indices.ndim - batch
    index = ([along(shape[d], d) for d in range(axis)] + [picked]
             + [along(shape[d], after + d - axis - 1) for d in range(axis + 1, len(shape))])
    return params[tuple(index)]


def _bound(side):
    """``LowerBound``/``UpperBound`` (``tf.searchsorted`` with side left/right): for each row of values, where each would
    go in the same row of sorted inputs; an index, through which no gradient flows, on floats and exact numbers alike."""
    def found(ins, attrs):
        ordered, values = (np.asarray(raw(v)) for v in ins)
        if ordered.dtype == object or values.dtype == object:  # exact numbers: each comparison a decision of the path
            ordered, values = ranked(ordered.astype(object)), ranked(values.astype(object))
        rows = [np.searchsorted(row, wanted, side=side) for row, wanted in
                zip(ordered.reshape(-1, ordered.shape[-1]), values.reshape(-1, values.shape[-1]))]
        return np.array(rows).reshape(values.shape).astype(attrs.get("out_type") or np.int32)
    return found


def _bucketize(ins, attrs):
    """``Bucketize`` (``tf.raw_ops.Bucketize``, Keras' ``Discretization``): how many of the boundaries, float32
    numbers as TensorFlow's attribute holds them, are at or below each input; an index, through which no gradient
    flows, on floats and exact numbers alike (each comparison a decision of the path)."""
    boundaries = np.array([float(np.float32(b)) for b in attrs["boundaries"]], dtype=np.float64)
    wanted = np.asarray(raw(ins[0]))
    if wanted.dtype == object:
        boundaries, wanted = ranked(boundaries.astype(object)), ranked(wanted)
    return np.searchsorted(boundaries, wanted, side="right").astype(np.int32)


def _broadcast_gradient_args(ins, attrs):
    """The axes each of two broadcast shapes was stretched along (what its gradient sums over)."""
    shapes = [tuple(int(d) for d in np.ravel(raw(s))) for s in ins]
    rank = max(len(s) for s in shapes)
    padded = [(1,) * (rank - len(s)) + s for s in shapes]
    out = np.broadcast_shapes(*padded)
    return tuple(
        np.array([i for i in range(rank) if i < rank - len(s) or (p[i] == 1 and out[i] != 1)], dtype=np.int32)
        for p, s in zip(padded, shapes)
    )


def _broadcast_args(ins, attrs):
    """The shape two shapes broadcast to (``tf.broadcast_dynamic_shape``), in their integer dtype."""
    shapes = [tuple(int(d) for d in np.ravel(raw(s))) for s in ins]
    return np.array(np.broadcast_shapes(*shapes), dtype=np.asarray(raw(ins[0])).dtype)


def _unpack(ins, attrs):
    (x,) = ins
    axis = int(attrs.get("axis", 0)) % gnp.ndim(x)
    return tuple(gnp.squeeze(part, axis=axis) for part in gnp.split(x, gnp.shape(x)[axis], axis=axis))


def _split(ins, attrs):
    axis, x = ins
    return tuple(gnp.split(x, int(attrs["num_split"]), axis=int(raw(axis))))


def _split_v(ins, attrs):
    x, sizes, axis = ins
    cuts = np.cumsum(np.ravel(raw(sizes)))[:-1]
    return tuple(gnp.split(x, [int(c) for c in cuts], axis=int(raw(axis))))


def _pad(ins, attrs):
    """``Pad``/``PadV2`` (tf.pad's constant mode): ``x`` between blocks of the constant, recorded, so the padded
    entries carry no gradient and ``x``'s keep theirs, real or complex, in a dtype and on exact numbers alike."""
    x, paddings = ins[:2]
    widths = [(int(a), int(b)) for a, b in np.asarray(raw(paddings)).reshape(-1, 2)]
    constant = ins[2] if len(ins) > 2 else 0
    if not isinstance(constant, Box):
        return gnp.pad(x, widths, constant_values=raw(constant))
    inside = np.pad(np.ones(gnp.shape(x), dtype=bool), widths)  # a constant of the user's that is itself traced
    return gnp.where(inside, gnp.pad(x, widths), constant)


def _slice(ins, attrs):
    x, begin, size = ins
    index = tuple(slice(int(b), None if int(n) == -1 else int(b) + int(n)) for b, n in zip(np.ravel(raw(begin)), np.ravel(raw(size))))
    return x[index]


def _leaky_relu_grad(ins, attrs):
    dy, x = ins
    return gnp.where(gnp.greater(x, 0), dy, gnp.multiply(_as_like(attrs.get("alpha", 0.2), dy), dy))


def _xdivy(ins, attrs):
    x, y = ins
    zero = gnp.equal(x, 0)
    return gnp.where(zero, gnp.zeros_like(gnp.divide(x, y)), gnp.divide(x, y))


def _concat_offset(ins, attrs):
    axis, *shapes = (np.ravel(raw(v)) for v in ins)
    offsets, at = [], 0
    for shape in shapes:
        offset = np.zeros_like(shape)
        offset[int(axis[0]) % len(shape)] = at
        at += shape[int(axis[0]) % len(shape)]
        offsets.append(offset)
    return tuple(offsets)


def _list_diff(ins, attrs):
    x, y = (np.ravel(raw(v)) for v in ins)
    kept = np.array([i for i, v in enumerate(x) if v not in set(y.tolist())], dtype=attrs.get("out_idx", np.int32))
    return x[kept], kept


def _cumprod(ins, attrs):
    x, axis = ins
    axis = int(raw(axis)) % gnp.ndim(x)
    parts = [gnp.squeeze(p, axis=axis) for p in gnp.split(x, gnp.shape(x)[axis], axis=axis)]
    if attrs.get("reverse"):
        parts = parts[::-1]
    out, running = [], None
    for part in parts:
        if attrs.get("exclusive"):
            out.append(gnp.ones_like(part) if running is None else running)
        running = part if running is None else gnp.multiply(running, part)
        if not attrs.get("exclusive"):
            out.append(running)
    if attrs.get("reverse"):
        out = out[::-1]
    return gnp.stack(out, axis=axis)


def _dynamic_stitch(ins, attrs):
    """Merge ``data[i]`` into the places ``indices[i]`` name, a later one where two name a place (gradient graphs
    stitch shapes with it); traced data are placed by recorded selections, so their gradient flows."""
    half = len(ins) // 2
    indices, data = [np.asarray(raw(i)) for i in ins[:half]], list(ins[half:])
    size = 1 + max(int(i.max()) for i in indices if i.size)
    shape = (size,) + gnp.shape(data[0])[indices[0].ndim :]
    if not any(isinstance(d, Box) for d in data):
        out = np.zeros(shape, dtype=np.asarray(raw(data[0])).dtype)
        for where, values in zip(indices, data):
            out[where] = np.asarray(raw(values))
        return out
    out = None
    for where, values in zip(indices, data):
        last = {int(place): n for n, place in enumerate(where.reshape(-1))}  # a place a later entry names too
        rows, places = np.array(list(last.values()), dtype=np.intp), np.array(list(last), dtype=np.intp)
        flat = gnp.reshape(values, (-1,) + shape[1:])[rows]
        placed = _scattered(shape, flat, places)
        mask = np.zeros(shape, dtype=bool)
        mask[places] = True
        out = placed if out is None else gnp.where(mask, placed, out)
    return out


class _Optional:
    """What a conditional's branch hands its gradient: the values it kept (``tf.experimental.Optional``), or none."""

    def __init__(self, values):
        self.values = values


def _optional_value(ins, attrs):
    return tuple(ins[0].values)


def _two(function):
    return lambda ins, attrs: function(ins[0], ins[1])


def _one(function):
    return lambda ins, attrs: function(ins[0])


def _identity(ins, attrs):
    return ins[0]


def _stop_gradient(ins, attrs):
    return stop_gradient(ins[0])  # the user's: the exact derivative holds its value constant, as TensorFlow's rule does


def _zeros_like(ins, attrs):
    if isinstance(ins[0], TensorList):
        return zeros_like_list(ins[0])
    return np.zeros(gnp.shape(ins[0]), dtype=_like_dtype(ins[0]))


def _ones_like(ins, attrs):
    return np.ones(gnp.shape(ins[0]), dtype=_like_dtype(ins[0]))


def _like_dtype(x):
    """The dtype of ``ZerosLike`` or ``OnesLike`` of ``x``: an integer or boolean tensor's own (a ragged reduction's
    gradient clips its row indices with one, then gathers by them), else its numbers' (`_numbers_dtype`)."""
    dtype = getattr(raw(x), "dtype", None)
    return dtype if dtype is not None and dtype.kind in "biu" else _numbers_dtype(x)


def _numbers_dtype(x):
    """The NumPy dtype of ``x``'s floats or complex numbers (complex64 stays complex64), float64 beside exact numbers."""
    dtype = getattr(raw(x), "dtype", None)
    return dtype if dtype is not None and dtype.kind in "fc" else np.float64


def _squared_difference(x, y):
    """(x - y)^2, and conj(x - y) (x - y) on complex tensors, as TensorFlow's kernel computes it."""
    difference = gnp.subtract(x, y)
    return gnp.multiply(_conj_of_complex(difference), difference)


def _squeeze(ins, attrs):
    axes = tuple(int(a) % gnp.ndim(ins[0]) for a in attrs.get("squeeze_dims", ()))
    return gnp.squeeze(ins[0], axis=axes or None)


def _range(ins, attrs):
    start, limit, delta = (raw(v) for v in ins)
    return np.arange(start, limit, delta, dtype=np.asarray(start).dtype)


def _leaky_relu(ins, attrs):
    x = ins[0]
    return gnp.where(gnp.greater(x, 0), x, gnp.multiply(_as_like(attrs.get("alpha", 0.2), x), x))


def _l2_loss(ins, attrs):
    x = ins[0]
    return gnp.divide(gnp.sum(gnp.multiply(x, x)), _as_like(2, x))


def _add_n(ins, attrs):
    if isinstance(ins[0], TensorList):
        return add_lists(ins)
    total = ins[0]
    for term in ins[1:]:
        total = gnp.add(total, term)
    return total


def _clip(ins, attrs):
    x, low, high = ins
    return gnp.minimum(gnp.maximum(x, low), high)


# op type -> (replay(inputs, attributes), the attributes it reads). Gradient kernels follow TensorFlow's
# formulas (SqrtGrad is 0.5 * dy / y) so the replay in a dtype meets the same overflows the kernel does.
OPS = {
    "Identity": (_identity, ()),
    "Snapshot": (_identity, ()),
    "StopGradient": (_stop_gradient, ()),
    "PreventGradient": (_identity, ()),
    "CheckNumerics": (_identity, ()),
    "EnsureShape": (_identity, ()),
    "IdentityN": (lambda ins, attrs: tuple(ins), ()),
    "AddV2": (_two(gnp.add), ()),
    "Add": (_two(gnp.add), ()),
    "BiasAdd": (_two(gnp.add), ()),
    "AddN": (_add_n, ()),
    "Sub": (_two(gnp.subtract), ()),
    "Mul": (_two(gnp.multiply), ()),
    "RealDiv": (_two(gnp.divide), ()),
    "Div": (_two(gnp.divide), ()),
    "DivNoNan": (_divide_no_nan, ()),
    "MulNoNan": (_multiply_no_nan, ()),
    "FloorDiv": (_two(gnp.floor_divide), ()),
    "FloorMod": (_two(gnp.mod), ()),
    "Neg": (_one(gnp.negative), ()),
    "Pow": (_two(gnp.power), ()),
    "Square": (_one(gnp.square), ()),
    "SquaredDifference": (_two(_squared_difference), ()),
    "Exp": (_one(gnp.exp), ()),
    "Log": (_one(gnp.log), ()),
    "Log1p": (_one(gnp.log1p), ()),
    "Expm1": (_one(gnp.expm1), ()),
    "Sigmoid": (_one(gnp.sigmoid), ()),
    "Tanh": (_one(gnp.tanh), ()),
    "Sqrt": (_one(gnp.sqrt), ()),
    "Rsqrt": (_one(_rsqrt), ()),
    "Reciprocal": (_one(gnp.reciprocal), ()),
    "Inv": (_one(gnp.reciprocal), ()),
    "Abs": (_one(gnp.abs), ()),
    "Sign": (_one(gnp.sign), ()),
    "Floor": (_one(gnp.floor), ()),
    "Ceil": (_one(gnp.ceil), ()),
    "Round": (_one(gnp.rint), ()),
    "Sin": (_one(gnp.sin), ()),
    "Cos": (_one(gnp.cos), ()),
    "Tan": (_one(gnp.tan), ()),
    "Sinh": (_one(gnp.sinh), ()),
    "Cosh": (_one(gnp.cosh), ()),
    "Asin": (_one(gnp.arcsin), ()),
    "Acos": (_one(gnp.arccos), ()),
    "Atan": (_one(gnp.arctan), ()),
    "Asinh": (_one(gnp.arcsinh), ()),
    "Acosh": (_one(gnp.arccosh), ()),
    "Atanh": (_one(gnp.arctanh), ()),
    "Atan2": (_two(gnp.arctan2), ()),
    "Erf": (_one(gnp.erf), ()),
    "Erfc": (_one(gnp.erfc), ()),
    "Lgamma": (_one(gnp.gammaln), ()),
    "Digamma": (_one(gnp.digamma), ()),
    "Softplus": (_one(gnp.softplus), ()),
    "Relu": (_one(lambda x: gnp.maximum(x, gnp.zeros_like(x))), ()),
    "LeakyRelu": (_leaky_relu, ("alpha",)),
    "Maximum": (_two(gnp.maximum), ()),
    "Minimum": (_two(gnp.minimum), ()),
    "ClipByValue": (_clip, ()),
    "Xlogy": (_x_times(gnp.xlogy, gnp.log), ()),
    "Xlog1py": (_x_times(gnp.xlog1py, gnp.log1p), ()),
    "SqrtGrad": (_sqrt_grad, ()),
    "RsqrtGrad": (_rsqrt_grad, ()),
    "TanhGrad": (_tanh_grad, ()),
    "SigmoidGrad": (_sigmoid_grad, ()),
    "ReciprocalGrad": (_reciprocal_grad, ()),
    "InvGrad": (_reciprocal_grad, ()),
    "SoftplusGrad": (_softplus_grad, ()),
    "ReluGrad": (_relu_grad, ()),
    "BiasAddGrad": (_bias_add_grad, ("data_format",)),
    "Less": (_two(gnp.less), ()),
    "LessEqual": (_two(gnp.less_equal), ()),
    "Greater": (_two(gnp.greater), ()),
    "GreaterEqual": (_two(gnp.greater_equal), ()),
    "Equal": (_two(gnp.equal), ("incompatible_shape_error",)),
    "NotEqual": (_two(gnp.not_equal), ("incompatible_shape_error",)),
    "LogicalNot": (_one(gnp.logical_not), ()),
    "LogicalAnd": (_two(gnp.logical_and), ()),
    "LogicalOr": (_two(gnp.logical_or), ()),
    "IsFinite": (_one(gnp.isfinite), ()),
    "IsNan": (_one(gnp.isnan), ()),
    "IsInf": (_one(gnp.isinf), ()),
    "Select": (_select, ()),
    "SelectV2": (_select, ()),
    "Sum": (_reduce(gnp.sum), ("keep_dims",)),
    "Mean": (_reduce(_mean), ("keep_dims",)),
    "Max": (_reduce(gnp.max), ("keep_dims",)),
    "Min": (_reduce(gnp.min), ("keep_dims",)),
    "Prod": (_reduce(gnp.prod), ("keep_dims",)),
    "All": (_reduce(gnp.all), ("keep_dims",)),
    "Any": (_reduce(gnp.any), ("keep_dims",)),
    "ArgMax": (lambda ins, attrs: gnp.argmax(raw(ins[0]), axis=int(raw(ins[1]))), ()),
    "ArgMin": (lambda ins, attrs: gnp.argmin(raw(ins[0]), axis=int(raw(ins[1]))), ()),
    "MatMul": (_matmul, ("transpose_a", "transpose_b")),
    "BatchMatMulV2": (_matmul, ("adj_x", "adj_y")),
    "BatchMatMulV3": (_matmul, ("adj_x", "adj_y")),
    "Einsum": (lambda ins, attrs: gnp.einsum(attrs["equation"], *ins), ("equation",)),
    "Reshape": (lambda ins, attrs: gnp.reshape(ins[0], tuple(int(d) for d in np.ravel(raw(ins[1])))), ()),
    "Transpose": (lambda ins, attrs: gnp.transpose(ins[0], tuple(int(p) for p in np.ravel(raw(ins[1])))), ()),
    "ExpandDims": (lambda ins, attrs: gnp.expand_dims(ins[0], int(raw(ins[1]))), ()),
    "Squeeze": (_squeeze, ("squeeze_dims",)),
    "ConcatV2": (_concat, ()),
    "Pack": (lambda ins, attrs: gnp.stack(list(ins), axis=int(attrs.get("axis", 0))), ("axis",)),
    "Unpack": (_unpack, ("axis",)),
    "Split": (_split, ("num_split",)),
    "SplitV": (_split_v, ()),
    "Tile": (lambda ins, attrs: gnp.tile(ins[0], tuple(int(m) for m in np.ravel(raw(ins[1])))), ()),
    "BroadcastTo": (lambda ins, attrs: gnp.broadcast_to(ins[0], tuple(int(d) for d in np.ravel(raw(ins[1])))), ()),
    "Fill": (_fill, ()),
    "ZerosLike": (_zeros_like, ()),
    "OnesLike": (_ones_like, ()),
    "StridedSlice": (_strided_slice, ("begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask", "shrink_axis_mask")),
    "StridedSliceGrad": (_strided_slice_grad, ("begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask", "shrink_axis_mask")),
    "GatherV2": (_gather, ("batch_dims",)),
    "UnsortedSegmentSum": (_unsorted_segment_sum, ()),
    **{f"SparseSegment{name}{more}": (_sparse_segment(divide), ())
       for name, divide in (("Sum", None), ("Mean", "count"), ("SqrtN", "sqrt")) for more in ("", "WithNumSegments")},
    **{f"SparseSegment{name}Grad{version}": (_sparse_segment_grad(divide, version == "V2"), ())
       for name, divide in (("Sum", None), ("Mean", "count"), ("SqrtN", "sqrt")) for version in ("", "V2")},
    "Slice": (_slice, ()),
    "LowerBound": (_bound("left"), ("out_type",)),
    "UpperBound": (_bound("right"), ("out_type",)),
    "Bucketize": (_bucketize, ("boundaries",)),
    "InvertPermutation": (lambda ins, attrs: np.argsort(np.asarray(raw(ins[0]))).astype(np.asarray(raw(ins[0])).dtype), ()),
    "LeakyReluGrad": (_leaky_relu_grad, ("alpha",)),
    "Xdivy": (_xdivy, ()),
    "Polygamma": (lambda ins, attrs: polygamma_of_orders(ins[0], ins[1]), ()),  # NaN off whole orders, as TF's
    "OptionalFromValue": (lambda ins, attrs: _Optional(list(ins)), ()),
    "OptionalNone": (lambda ins, attrs: _Optional(None), ()),
    "OptionalGetValue": (_optional_value, ()),
    "OptionalHasValue": (lambda ins, attrs: np.bool_(ins[0].values is not None), ()),
    "ConcatOffset": (_concat_offset, ()),
    "DynamicStitch": (_dynamic_stitch, ()),
    "Cumprod": (_cumprod, ("exclusive", "reverse")),
    "ListDiff": (_list_diff, ("out_idx",)),
    "Pad": (_pad, ()),
    "PadV2": (_pad, ()),
    "Cast": (_cast, ("DstT",)),
    "Range": (_range, ()),
    "BroadcastGradientArgs": (_broadcast_gradient_args, ()),
    "BroadcastArgs": (_broadcast_args, ()),
    "LogSoftmax": (_one(_log_softmax), ()),
    "Softmax": (_one(_softmax), ()),
    "SoftmaxCrossEntropyWithLogits": (_softmax_cross_entropy, ()),
    "SparseSoftmaxCrossEntropyWithLogits": (_sparse_softmax_cross_entropy, ()),
    "L2Loss": (_l2_loss, ()),
}

def _shapes_of(function):
    """A shape op's entry: ``function(shapes, attrs)`` on its inputs' shapes, read when the op runs."""
    return lambda ins, attrs: function([gnp.shape(raw(x)) for x in ins], attrs)


# Ops whose outputs depend only on their inputs' shapes: folded when the graph fixes the shapes, else run
# on the shapes each replay sees (a graph traced once for arrays of any length, as a sweep passes them).
SHAPE_OPS = {
    "Shape": lambda shapes, attrs: np.array(shapes[0], dtype=attrs.get("out_type", np.int32)),
    "ShapeN": lambda shapes, attrs: tuple(np.array(s, dtype=attrs.get("out_type", np.int32)) for s in shapes),
    "Size": lambda shapes, attrs: np.array(int(np.prod(shapes[0])), dtype=attrs.get("out_type", np.int32)),
    "Rank": lambda shapes, attrs: np.array(len(shapes[0]), dtype=np.int32),
}
OPS.update({name: (_shapes_of(function), ("out_type",)) for name, function in SHAPE_OPS.items()})

OPS.update(LIST_OPS)
OPS.update(MORE_OPS)
OPS.update(COMPLEX_OPS)

# The special functions above that TensorFlow computes by approximations of its own (Eigen's and XLA's), which can be
# off by far more than the dtype's rounding (its float64 erfinv near 1): a replay in the dtype tags each call with
# TensorFlow's own kernel, so that provenance can name the kernel where it alone lost the digits.
APPROXIMATED = frozenset(
    "Lgamma Digamma Polygamma Erf Erfc Erfinv Ndtri Igamma Igammac IgammaGradA Betainc Zeta BesselI0e BesselI1e "
    "BesselI0 BesselI1 BesselJ0 BesselJ1 BesselY0 BesselY1 BesselK0 BesselK1 BesselK0e BesselK1e Dawsn Expint "
    "FresnelCos FresnelSin Spence".split()
)

# Ops a replay passes over: they compute nothing a gradient needs.
SKIPPED = {"NoOp", "Assert", "Print", "PrintV2", "VarIsInitializedOp"}
