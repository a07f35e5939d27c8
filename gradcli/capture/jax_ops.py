"""JAX's primitives as gradcli operations: the table a captured jaxpr is replayed with.

`PRIMITIVES` maps a primitive's name to a small function ``rule(params, *args)``
that computes it with ``gradcli.numpy`` (and gradcli.scipy) operations, so the
replay runs on NumPy arrays of any float dtype, on mpmath numbers and on flint
balls alike. ``params`` is the equation's parameters with ``_out``, the shapes
of its outputs, added. A primitive missing here cannot be replayed: the walker
says so, naming it and the user's line. Nested calls (``jit``, custom
derivatives, ``remat``, ``cond``) are the walker's, not this table's.
"""

from __future__ import annotations

import ml_dtypes  # JAX's own dependency, which gives NumPy its bfloat16
import numpy as np

import gradcli.numpy as gnp

from ..autodiff import ops_float_parts as float_parts
from ..autodiff.ops import astype, stop_gradient
from ..autodiff.ops_array import getitem, untake
from ..autodiff.ops_bessel_hypergeometric import hyp1f1
from ..autodiff.ops_linalg import cholesky_or_nan
from ..autodiff.mp import NotPositiveDefinite
from ..autodiff.ops_scipy import ci, gammainc_da, si
from ..autodiff.values import raw
from ..errors import InputError
from ..scipy import special
from . import convolution, jax_bits, jax_linalg, jax_windows, orderings, special_orders
from .exact_constants import BALL, kind_of, truncated_toward_zero

# The float dtypes a replay in a working dtype casts between; numbers of any
# other kind (mpmath numbers, balls, longdouble) keep their own precision.
_JAX_FLOATS = {np.dtype(np.float16), np.dtype(np.float32), np.dtype(np.float64), np.dtype(ml_dtypes.bfloat16)}
_JAX_COMPLEX = {np.dtype(np.complex64), np.dtype(np.complex128)}


def _unary(op):
    return _bare(lambda params, x: op(x), op)


def _binary(op):
    return _bare(lambda params, x, y: op(x, y), op)


def _bare(rule, op):
    rule.bare = op  # what the rule calls, without its params: the walker's replay calls it directly
    return rule


def _plain(x):
    """A replayed value as a NumPy array of its numbers (indices, predicates: never differentiated)."""
    return np.asarray(raw(x))


def _integer_pow(params, x):
    return gnp.power(x, int(params["y"]))


def _rsqrt(params, x):
    return gnp.divide(1.0, gnp.sqrt(x))


def _rem(params, x, y):
    # lax.rem is C's fmod: the remainder has the sign of the dividend.
    return gnp.subtract(x, gnp.multiply(y, gnp.trunc(gnp.divide(x, y))))


def _round(params, x):
    if int(params.get("rounding_method", 0)) == 1:  # to nearest even
        return gnp.round(x)
    return gnp.multiply(gnp.sign(x), gnp.floor(gnp.add(gnp.abs(x), 0.5)))


def _select_n(params, which, *cases):
    which = _plain(which)
    if len(cases) == 2 and which.dtype in (np.dtype(bool), np.dtype(object)):
        return gnp.where(which.astype(bool), cases[1], cases[0])
    out = cases[0]
    for index, case in enumerate(cases[1:], start=1):
        out = gnp.where(which == index, case, out)
    return out


def _clamp(params, lo, x, hi):
    return gnp.minimum(gnp.maximum(x, lo), hi)


def _convert(params, x):
    target = np.dtype(params["new_dtype"])
    value = raw(x)
    if target.kind == "f" and _complex_valued(value):  # JAX's cast of a complex number to a float keeps its real part
        x = gnp.real(x)
        value = raw(x)
    if target.kind in "iu" and kind_of([value]) is not None:  # cut toward 0 as the cast cuts a float; inf, NaN: no number
        if not isinstance(value, np.ndarray):
            return target.type(truncated_toward_zero(value, target))
        return np.array([truncated_toward_zero(v, target) for v in value.ravel()], dtype=target).reshape(value.shape)
    if target.kind in "biu":
        return _plain(x).astype(target)
    kind = getattr(value, "dtype", None)
    if kind is not None and np.dtype(kind) in _JAX_FLOATS and np.dtype(kind) != target and target in _JAX_FLOATS:
        return astype(x, target)  # the framework's own cast, in a working dtype
    if kind is not None and np.dtype(kind).kind in "biu" and target in _JAX_FLOATS:
        return np.asarray(value).astype(target)
    if kind is not None and target in _JAX_COMPLEX and np.dtype(kind) != target and np.dtype(kind) in _JAX_FLOATS | _JAX_COMPLEX:
        return astype(x, target)  # a float made complex (an FFT's input), or a complex of another width
    return x  # mpmath numbers, balls, longdouble: keep every digit


def _complex_valued(value):
    """Whether ``value`` holds complex numbers: a complex dtype, or mpmath's or flint's complex numbers."""
    dtype = getattr(value, "dtype", None)
    if dtype is not None and dtype.kind == "c":
        return True
    first = next(iter(np.ravel(np.asarray(value, dtype=object))), None) if dtype == object or dtype is None else None
    return type(first).__name__ in ("complex", "mpc", "acb")


# JAX's FFT kinds (its FftType's values) as gradcli's transforms: (one axis, several axes).
_FFTS = {0: (gnp.fft.fft, gnp.fft.fftn), 1: (gnp.fft.ifft, gnp.fft.ifftn), 2: (gnp.fft.rfft, gnp.fft.rfftn),
         3: (gnp.fft.irfft, gnp.fft.irfftn)}


def _fft(params, x):
    """``lax.fft`` over the last ``len(fft_lengths)`` axes: FFT, IFFT, RFFT or IRFFT (IRFFT's lengths are its
    output's)."""
    kind = int(getattr(params["fft_type"], "value", params["fft_type"]))
    lengths = tuple(int(n) for n in params["fft_lengths"])
    one, many = _FFTS[kind]
    if len(lengths) == 1:
        return one(x, n=lengths[0], axis=-1)
    return many(x, s=lengths, axes=tuple(range(-len(lengths), 0)))


def _axes(params, key="axes"):
    return tuple(int(a) for a in params[key])


def _reduce(op):
    return lambda params, x: op(x, axis=_axes(params))


def _extreme(reduce, pairwise, identity):
    """``reduce_max``/``reduce_min``: NumPy's reduction on floats and mpmath numbers (one op, as the run in the
    dtype records it, so provenance pairs the two runs op by op); on balls a fold of the pairwise op, whose
    every comparison balls decide (or say they cannot). Over an empty axis it is JAX's identity (-inf for a
    max, inf for a min), a constant, where NumPy's reduction raises: logsumexp of an empty slice is -inf."""

    def rule(params, x):
        axes = _axes(params)
        shape = np.shape(raw(x))
        if any(shape[a] == 0 for a in axes):
            kept = tuple(n for a, n in enumerate(shape) if a not in axes)
            return np.full(kept, identity, dtype=np.asarray(raw(x)).dtype)
        if kind_of([x]) != BALL:
            return reduce(x, axis=axes)
        out = x
        for axis in sorted(axes, reverse=True):
            lead = (slice(None),) * axis
            folded = out[lead + (0,)]
            for i in range(1, np.shape(raw(out))[axis]):
                folded = pairwise(folded, out[lead + (i,)])
            out = folded
        return out

    return rule


def _arg(op):
    def rule(params, x):
        (axis,) = _axes(params)
        return np.asarray(op(x, axis=axis)).astype(np.dtype(params["index_dtype"]))

    return rule


def _cumulative(params, x):
    axis = int(params["axis"])
    if params.get("reverse"):
        return gnp.flip(gnp.cumsum(gnp.flip(x, axis=axis), axis=axis), axis=axis)
    return gnp.cumsum(x, axis=axis)


_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _dot_general(params, x, y):
    """``lax.dot_general`` as an einsum: batch dimensions, then the free ones of x, then of y."""
    (x_contract, y_contract), (x_batch, y_batch) = params["dimension_numbers"]
    x_n, y_n = len(np.shape(raw(x))), len(np.shape(raw(y)))
    x_letters = list(_LETTERS[:x_n])
    y_letters = list(_LETTERS[x_n : x_n + y_n])
    for a, b in zip(list(x_contract) + list(x_batch), list(y_contract) + list(y_batch)):
        y_letters[b] = x_letters[a]
    batch = [x_letters[a] for a in x_batch]
    x_free = [x_letters[a] for a in range(x_n) if a not in x_contract and a not in x_batch]
    y_free = [y_letters[b] for b in range(y_n) if b not in y_contract and b not in y_batch]
    spec = f"{''.join(x_letters)},{''.join(y_letters)}->{''.join(batch + x_free + y_free)}"
    return gnp.einsum(spec, x, y)


def _broadcast_in_dim(params, x):
    if isinstance(x, float) and params["_narrow"] is not None:
        x = np.asarray(x, dtype=params["_narrow"])  # a literal broadcast in a float32 graph is float32
    shape = tuple(params["shape"])
    dims = tuple(params["broadcast_dimensions"])
    kept = [1] * len(shape)
    for axis, d in zip(dims, np.shape(raw(x))):
        kept[axis] = d
    value = gnp.reshape(x, tuple(kept)) if tuple(kept) != np.shape(raw(x)) else x
    if tuple(kept) == shape:
        return value
    return gnp.broadcast_to(value, shape)


def _reshape(params, x, *dynamic):
    if params.get("dimensions") is not None:  # lax.reshape's dimensions: the axes' order before reshaping
        x = gnp.transpose(x, tuple(params["dimensions"]))
    return gnp.reshape(x, tuple(params["new_sizes"]))


def _squeeze(params, x):
    return gnp.reshape(x, params["_out"][0])


def _expand_dims(params, x):
    return gnp.reshape(x, params["_out"][0])


def _slice(params, x):
    strides = params.get("strides") or (1,) * len(params["start_indices"])
    index = tuple(slice(int(a), int(b), int(s)) for a, b, s in zip(params["start_indices"], params["limit_indices"], strides))
    # gradcli's indexing op, not NumPy's on a plain array: a recorded replay links the slice to the op that made x
    return getitem(x, index)


def _dynamic_slice(params, x, *starts):
    shape = np.shape(raw(x))
    sizes = params["slice_sizes"]
    begins = [min(max(int(_plain(s)), 0), n - k) for s, n, k in zip(starts, shape, sizes)]
    return getitem(x, tuple(slice(b, b + int(k)) for b, k in zip(begins, sizes)))


def _dynamic_update_slice(params, x, update, *starts):
    shape = np.shape(raw(x))
    update_shape = np.shape(raw(update))
    begins = [min(max(int(_plain(s)), 0), n - k) for s, n, k in zip(starts, shape, update_shape)]
    index = tuple(slice(b, b + k) for b, k in zip(begins, update_shape))
    mask = np.ones(shape, dtype=bool)
    mask[index] = False
    placed = untake(update, index, shape, _dtype_of(x, update))
    return gnp.add(gnp.where(mask, x, 0.0), placed)


def _dtype_of(*xs):
    """The dtype a scatter into zeros holds ``xs`` in: object as soon as one holds mpmath numbers or balls."""
    dtypes = [np.asarray(raw(x)).dtype for x in xs]
    if any(d == object for d in dtypes):
        return np.dtype(object)
    return np.result_type(*dtypes)


def _pad(params, x, padding_value):
    """``lax.pad``: edges (negative ones crop) and interior padding, as a scatter into the padding value."""
    shape = np.shape(raw(x))
    out_shape = params["_out"][0]
    positions = []
    for n, (low, _high, interior) in zip(shape, params["padding_config"]):
        positions.append(int(low) + np.arange(n) * (int(interior) + 1))
    inside = [(p >= 0) & (p < m) for p, m in zip(positions, out_shape)]
    kept = x[np.ix_(*[np.flatnonzero(k) for k in inside])] if not all(k.all() for k in inside) else x
    index = np.ix_(*[p[k] for p, k in zip(positions, inside)])
    placed = untake(kept, index, out_shape, _dtype_of(x))
    mask = np.ones(out_shape, dtype=bool)
    mask[index] = False
    if _plainly_zero(padding_value):
        return placed
    return gnp.add(gnp.where(mask, padding_value, 0.0), placed)


def _plainly_zero(value):
    """Whether ``value`` holds plain numbers only (floats, mpmath's), each 0: a shortcut taken without asking a number
    of an exact run whether it is 0 (a jet's or a proof number's truth is a branch, which that run records)."""
    entries = np.ravel(np.asarray(raw(value), dtype=object))
    return all(isinstance(e, (int, float, np.number)) or type(e).__module__.startswith("mpmath") for e in entries) and \
        not np.any(entries)


def _concatenate(params, *xs):
    return gnp.concatenate(list(xs), axis=int(params["dimension"]))


def _stack(params, *xs):
    return gnp.stack(list(xs), axis=int(params["axis"]))


def _unstack(params, x):
    axis = int(params["axis"])
    index = [slice(None)] * len(np.shape(raw(x)))
    out = []
    for i in range(np.shape(raw(x))[axis]):
        index[axis] = i
        out.append(x[tuple(index)])
    return out


def _split(params, x):
    axis = int(params["axis"])
    out, start = [], 0
    for size in params["sizes"]:
        index = [slice(None)] * len(np.shape(raw(x)))
        index[axis] = slice(start, start + int(size))
        out.append(x[tuple(index)])
        start += int(size)
    return out


def _iota(params):
    shape = tuple(params["shape"])
    dimension = int(params["dimension"])
    line = np.arange(shape[dimension], dtype=np.dtype(params["dtype"]))
    kept = [1] * len(shape)
    kept[dimension] = shape[dimension]
    return np.broadcast_to(line.reshape(kept), shape).copy()


def _window_index(operand_shape, indices, out_shape, window_dims, collapsed, index_map, operand_batch, index_batch, sizes):
    """``(index, inside)``: per operand dimension, the index array (of ``out_shape``) a gather reads or a scatter
    writes, each start clamped into the operand as XLA's gather clamps it; and where the start was inside already.

    The vocabulary is a gather's (XLA's): ``window_dims`` are the output's slice
    dimensions (a scatter's update window dimensions), ``collapsed`` the operand
    dimensions of size-1 slices left out of the output, ``index_map`` the
    operand dimension each entry of an index vector (the last dimension of
    ``indices``) starts; batching dimensions pair operand and index dimensions.
    """
    grid = np.indices(out_shape, sparse=False) if out_shape else np.zeros((0,), dtype=int)
    batch_dims = [d for d in range(len(out_shape)) if d not in window_dims]
    at = tuple(grid[d] for d in batch_dims)
    starts = indices[at] if at else indices
    window_of = iter(window_dims)
    index, inside = [], np.ones(out_shape, dtype=bool)
    for d, n in enumerate(operand_shape):
        if d in operand_batch:
            index.append(grid[batch_dims[index_batch[list(operand_batch).index(d)]]])
            continue
        base = 0
        if d in index_map:
            start = starts[..., list(index_map).index(d)]
            last = n - (sizes[d] if sizes else 1)
            inside = inside & np.broadcast_to((start >= 0) & (start <= last), out_shape)
            base = np.clip(start, 0, last)
        if d in collapsed:
            index.append(np.broadcast_to(base, out_shape))
        else:
            index.append(base + grid[next(window_of)])
    return tuple(np.broadcast_to(i, out_shape).astype(np.intp) for i in index), inside


def _gather(params, x, indices):
    """``lax.gather``: the slices the indices start, clamped into the operand as XLA gathers, or with ``mode="fill"``
    a slice past the edge its ``fill_value`` (NaN where none is given, as JAX's)."""
    numbers = params["dimension_numbers"]
    index, inside = _window_index(
        np.shape(raw(x)),
        _plain(indices).astype(np.intp),
        params["_out"][0],
        tuple(numbers.offset_dims),
        tuple(numbers.collapsed_slice_dims),
        tuple(numbers.start_index_map),
        tuple(getattr(numbers, "operand_batching_dims", ())),
        tuple(getattr(numbers, "start_indices_batching_dims", ())),
        tuple(params["slice_sizes"]),
    )
    out = x[index]
    if "FILL_OR_DROP" in str(params.get("mode", "")) and not inside.all():
        fill = params.get("fill_value")
        out = gnp.where(inside, out, np.nan if fill is None else fill)
    return out


def _scatter_add(params, x, indices, updates):
    index, inside = _scatter_index(params, x, indices, updates)
    shape = np.shape(raw(x))
    return gnp.add(x, untake(_dropped(updates, inside), index, shape, _dtype_of(x, updates)))


def _dropped(updates, inside):
    """The updates with those past the operand's edge (`_scatter_index`'s ``inside``) made 0: XLA skips them."""
    return updates if inside.all() else gnp.where(inside, updates, 0.0)


def _logical(op):
    def rule(params, *xs):
        values = [_plain(x) for x in xs]
        if all(v.dtype == bool or v.dtype == object for v in values):
            return op[0](*[v.astype(bool) for v in values])
        return op[1](*values)

    return rule


def _identity(params, *xs):
    return xs[0] if len(xs) == 1 else list(xs)


def _erf_inv(params, x):
    return special.erfinv(x)


def _polygamma(params, n, x):
    """``lax.polygamma(n, x)``: the order is data, entry by entry (`special_orders`), NaN off whole numbers as JAX's."""
    return special_orders.polygamma_of_orders(n, x)


def _cumulative_fold(combine):
    def rule(params, x):
        return orderings.cumulative(x, int(params["axis"]), combine, reverse=bool(params.get("reverse")))

    return rule


def _sort(params, *operands):
    """``lax.sort``: every operand reordered by the stable order of the first ``num_keys`` (indices ride along)."""
    axis = int(params["dimension"])
    keys = [_plain(k) for k in operands[: int(params.get("num_keys", 1))]]
    # The first key decides, the next breaks its ties: lexsort's last key is its first (through the ball decisions).
    order = orderings.order_of(operands[0], axis) if len(keys) == 1 else gnp.lexsort(keys[::-1], axis=axis)
    out = []
    for operand in operands:
        if _plain(operand).dtype.kind in "biu":
            out.append(np.take_along_axis(_plain(operand), order, axis))
        else:
            out.append(gnp.take_along_axis(operand, order, axis))
    return out


def _top_k(params, x, *dynamic_k):
    k = int(params["k"]) if "k" in params else int(_plain(dynamic_k[0]))
    values, indices = orderings.top_k(x, k, -1)
    return [values, indices.astype(params["_dtypes"][1])]


def _scatter(params, x, indices, updates):
    """``lax.scatter`` (``.at[].set``): the operand with the places the indices name replaced by the updates."""
    index, mask, inside = _scatter_places(params, x, indices, updates)
    placed = untake(_dropped(updates, inside), index, np.shape(raw(x)), _dtype_of(x, updates))
    return gnp.add(gnp.where(mask, 0.0, x), placed)


def _scatter_mul(params, x, indices, updates):
    """``lax.scatter_mul`` (``.at[].multiply``): the operand times the updates at the places named."""
    index, mask, inside = _scatter_places(params, x, indices, updates)
    placed = untake(_dropped(updates, inside), index, np.shape(raw(x)), _dtype_of(x, updates))
    return gnp.multiply(x, gnp.where(mask, placed, 1.0))


def _scatter_extremal(extremum):
    """``lax.scatter_max`` / ``scatter_min`` (``.at[].max``, ``.at[].min``): each place named holds the extremum of
    its entry and every update landing on it, by gradcli's ``maximum`` / ``minimum`` (a tie is their kink).

    Updates naming the same place meet it in rounds, the r-th update of each
    place in round r, so no round writes one place twice.
    """

    def rule(params, x, indices, updates):
        index, inside = _scatter_index(params, x, indices, updates)
        shape = np.shape(raw(x))
        inside = inside.reshape(-1)
        targets = np.ravel_multi_index(index, shape).reshape(-1)
        # each update's rank among those naming its place: its position in the stable sort, less its run's start
        order = np.argsort(targets, kind="stable")
        sorted_targets = targets[order]
        starts = np.flatnonzero(np.r_[True, sorted_targets[1:] != sorted_targets[:-1]])
        rank = np.empty_like(order)
        rank[order] = np.arange(len(order)) - np.repeat(starts, np.diff(np.r_[starts, len(order)]))
        flat = gnp.reshape(updates, (-1,))
        dtype = _dtype_of(x, updates)
        for r in range(int(rank.max()) + 1 if len(rank) else 0):
            chosen = np.flatnonzero((rank == r) & inside)
            places = np.unravel_index(targets[chosen], shape)
            met = extremum(x[places], flat[chosen])
            mask = np.zeros(shape, dtype=bool)
            mask[places] = True
            x = gnp.add(gnp.where(mask, 0.0, x), untake(met, places, shape, dtype))
        return x

    return rule


def _scatter_index(params, x, indices, updates):
    """``(index, inside)``: the places of the operand a scatter's updates land on, as an index into it, and which
    updates land inside it (all where the scatter clamps, ``mode="clip"``; XLA skips the others)."""
    numbers = params["dimension_numbers"]
    index, inside = _window_index(
        np.shape(raw(x)),
        _plain(indices).astype(np.intp),
        np.shape(raw(updates)),
        tuple(numbers.update_window_dims),
        tuple(numbers.inserted_window_dims),
        tuple(numbers.scatter_dims_to_operand_dims),
        tuple(getattr(numbers, "operand_batching_dims", ())),
        tuple(getattr(numbers, "scatter_indices_batching_dims", ())),
        None,
    )
    return index, inside | ("CLIP" in str(params.get("mode", "")))


def _scatter_places(params, x, indices, updates):
    """``(index, mask, inside)``: `_scatter_index`'s, and the places of the operand an update inside it writes."""
    index, inside = _scatter_index(params, x, indices, updates)
    shape = np.shape(raw(x))
    mask = np.zeros(shape, dtype=bool)
    mask[tuple(i[inside] for i in index)] = True
    return index, mask, inside


def _conv(params, lhs, rhs):
    """``lax.conv_general_dilated``: brought to (N, C, spatial) and (O, I, spatial), convolved, put back in ``out_spec``.

    With ``batch_group_count`` g (a grouped convolution's kernel gradient), the
    i-th of g slices of the batch meets the i-th of g slices of the kernels.
    """
    lhs_spec, rhs_spec, out_spec = params["dimension_numbers"]
    lhs, rhs = gnp.transpose(lhs, tuple(lhs_spec)), gnp.transpose(rhs, tuple(rhs_spec))
    batches = int(params.get("batch_group_count", 1))
    n, o = np.shape(raw(lhs))[0] // batches, np.shape(raw(rhs))[0] // batches
    parts = [
        convolution.convolve(
            lhs[i * n : (i + 1) * n],
            rhs[i * o : (i + 1) * o],
            tuple(params["window_strides"]),
            params["padding"],
            params.get("lhs_dilation"),
            params.get("rhs_dilation"),
            int(params.get("feature_group_count", 1)),
        )
        for i in range(batches)
    ]
    out = parts[0] if batches == 1 else gnp.concatenate(parts, axis=1)
    return gnp.transpose(out, tuple(np.argsort(out_spec)))


def _svd(params, a):
    """``lax.linalg.svd``: the singular values, then (with ``compute_uv``) u and vt, as JAX orders its outputs."""
    if not params.get("compute_uv", True):
        return [gnp.linalg.svd(a, compute_uv=False)]
    u, s, vt = gnp.linalg.svd(a, full_matrices=bool(params.get("full_matrices", True)))
    return [s, u, vt]


def _cholesky(params, a):
    """JAX's ``cholesky``: a matrix the dtype finds not positive definite (a jitter absorbed in float64) factors to
    NaN, as JAX answers, where NumPy's LinAlgError would stop the replay and be blamed on the user's code."""
    try:
        return cholesky_or_nan(a)
    except NotPositiveDefinite:  # the exact run's, at its precision: no value there, as JAX's NaN
        return a * np.nan


def _platform_index(params, *operands):
    """``platform_index`` (``lax.platform_dependent``): the branch for the CPU the replay stands in for, else the default."""
    platforms = list(params["platforms"])
    for i, names in enumerate(platforms):
        if names is not None and "cpu" in names:
            return np.int32(i)
    return np.int32(platforms.index(None) if None in platforms else 0)


def _eigh(params, a):
    values, vectors = gnp.linalg.eigh(a if params.get("lower", True) else gnp.swapaxes(a, -1, -2))
    return [vectors, values]


PRIMITIVES = {
    # arithmetic
    "neg": _unary(gnp.negative),
    "add": _binary(gnp.add),
    "add_any": _binary(gnp.add),
    "sub": _binary(gnp.subtract),
    "mul": _binary(gnp.multiply),
    "div": _binary(gnp.divide),
    "rem": _rem,
    "max": _binary(gnp.maximum),
    "min": _binary(gnp.minimum),
    "integer_pow": _integer_pow,
    "pow": _binary(gnp.power),
    "square": _unary(gnp.square),
    "abs": _unary(gnp.abs),
    "sign": _unary(gnp.sign),
    "floor": _unary(gnp.floor),
    "ceil": _unary(gnp.ceil),
    "round": _round,
    "clamp": _clamp,
    # transcendental
    "exp": _unary(gnp.exp),
    "exp2": _unary(gnp.exp2),
    "log": _unary(gnp.log),
    "expm1": _unary(gnp.expm1),
    "log1p": _unary(gnp.log1p),
    "logistic": _unary(gnp.sigmoid),
    "tanh": _unary(gnp.tanh),
    "sqrt": _unary(gnp.sqrt),
    "rsqrt": _rsqrt,
    "cbrt": _unary(gnp.cbrt),
    "sin": _unary(gnp.sin),
    "cos": _unary(gnp.cos),
    "tan": _unary(gnp.tan),
    "asin": _unary(gnp.arcsin),
    "acos": _unary(gnp.arccos),
    "atan": _unary(gnp.arctan),
    "atan2": _binary(gnp.arctan2),
    "sinh": _unary(gnp.sinh),
    "cosh": _unary(gnp.cosh),
    "asinh": _unary(gnp.arcsinh),
    "acosh": _unary(gnp.arccosh),
    "atanh": _unary(gnp.arctanh),
    "erf": _unary(gnp.erf),
    "erfc": _unary(gnp.erfc),
    "erf_inv": _erf_inv,
    "lgamma": _unary(gnp.gammaln),
    "digamma": _unary(gnp.digamma),
    "polygamma": _polygamma,
    "igamma": _binary(special.gammainc),
    "igammac": _binary(special.gammaincc),
    "igamma_grad_a": _binary(gammainc_da),
    "regularized_incomplete_beta": _bare(lambda params, a, b, x: special.betainc(a, b, x), special.betainc),
    "bessel_i0e": _unary(special.i0e),
    "bessel_i1e": _unary(special.i1e),
    "zeta": _binary(special.zeta),
    # comparisons and logic
    "eq": _binary(gnp.equal),
    "ne": _binary(gnp.not_equal),
    "lt": _binary(gnp.less),
    "le": _binary(gnp.less_equal),
    "gt": _binary(gnp.greater),
    "ge": _binary(gnp.greater_equal),
    "lt_to": _binary(gnp.less),
    "le_to": _binary(gnp.less_equal),
    "eq_to": _binary(gnp.equal),
    "is_finite": _unary(gnp.isfinite),
    "and": _logical((np.logical_and, np.bitwise_and)),
    "or": _logical((np.logical_or, np.bitwise_or)),
    "xor": _logical((np.logical_xor, np.bitwise_xor)),
    "not": _logical((np.logical_not, np.invert)),
    "select_n": _select_n,
    # reductions
    "reduce_sum": _reduce(gnp.sum),
    "reduce_max": _extreme(gnp.amax, gnp.maximum, -np.inf),
    "reduce_min": _extreme(gnp.amin, gnp.minimum, np.inf),
    "reduce_prod": _reduce(gnp.prod),
    "reduce_and": lambda params, x: np.all(_plain(x).astype(bool), axis=_axes(params)),
    "reduce_or": lambda params, x: np.any(_plain(x).astype(bool), axis=_axes(params)),
    "fft": _fft,
    "real": _unary(gnp.real),
    "imag": _unary(gnp.imag),
    "conj": lambda params, x: gnp.conj(x),
    "complex": _binary(lambda re, im: gnp.add(re, gnp.multiply(im, 1j))),
    "reduce_window_max": jax_windows.reduce_window("max"),
    "reduce_window_min": jax_windows.reduce_window("min"),
    "reduce_window_sum": jax_windows.reduce_window("sum"),
    "select_and_scatter_add": jax_windows.select_and_scatter_add,
    "argmax": _arg(gnp.argmax),
    "argmin": _arg(gnp.argmin),
    "cumsum": _cumulative,
    "cumprod": _cumulative_fold(gnp.multiply),
    "cumlogsumexp": _cumulative_fold(gnp.logaddexp),
    "cummax": _cumulative_fold(gnp.maximum),
    "cummin": _cumulative_fold(gnp.minimum),
    "sort": _sort,
    "top_k": _top_k,
    # linear algebra
    "cholesky": _cholesky,
    "triangular_solve": jax_linalg.triangular_solve,
    "lu": jax_linalg.lu,
    "lu_pivots_to_permutation": jax_linalg.lu_pivots_to_permutation,
    "qr": jax_linalg.qr,
    "eigh": _eigh,
    "eig": jax_linalg.eig,
    "platform_index": _platform_index,
    "conv_general_dilated": _conv,
    "svd": _svd,
    "dot_general": _dot_general,
    # shapes and indexing
    "broadcast_in_dim": _broadcast_in_dim,
    "reshape": _reshape,
    "squeeze": _squeeze,
    "expand_dims": _expand_dims,
    "transpose": lambda params, x: gnp.transpose(x, tuple(params["permutation"])),
    "rev": lambda params, x: gnp.flip(x, axis=tuple(params["dimensions"])),
    "slice": _slice,
    "dynamic_slice": _dynamic_slice,
    "dynamic_update_slice": _dynamic_update_slice,
    "pad": _pad,
    "concatenate": _concatenate,
    "stack": _stack,
    "unstack": _unstack,
    "split": _split,
    "gather": _gather,
    "scatter-add": _scatter_add,
    "scatter_add": _scatter_add,
    "scatter": _scatter,
    "scatter-mul": _scatter_mul,
    "scatter-max": _scatter_extremal(gnp.maximum),
    "scatter_max": _scatter_extremal(gnp.maximum),
    "scatter-min": _scatter_extremal(gnp.minimum),
    "scatter_min": _scatter_extremal(gnp.minimum),
    "scatter_mul": _scatter_mul,
    "iota": _iota,
    # types and identities
    "empty": lambda params, *xs: np.zeros(params["_out"][0], dtype=params["_dtypes"][0]),
    "empty2": lambda params, *xs: np.zeros(params["_out"][0], dtype=params["_dtypes"][0]),
    "convert_element_type": _convert,
    "stop_gradient": lambda params, x: stop_gradient(x),
    "copy": _identity,
    "copy_p": _identity,
    "optimization_barrier": _identity,
    "sharding_constraint": _identity,
    # a float's bits (bit casts, the integer shifts around them, nextafter, reduce_precision)
    **jax_bits.BITS,
}

# The primitives each of whose results' entries is computed from its operands' entries at the same place alone
# (operands of one shape, or single numbers): a graph of these alone treats each entry of its arrays as a point.
ELEMENTWISE = frozenset(
    "neg add add_any sub mul div rem max min integer_pow pow square abs sign floor ceil round clamp exp exp2 log"
    " expm1 log1p logistic tanh sqrt rsqrt cbrt sin cos tan asin acos atan atan2 sinh cosh asinh acosh atanh erf"
    " erfc erf_inv lgamma digamma polygamma igamma igammac igamma_grad_a regularized_incomplete_beta bessel_i0e bessel_i1e zeta eq ne lt le gt ge is_finite and"
    " or xor not select_n convert_element_type stop_gradient copy copy_p reduce_precision bitcast_convert_type"
    " shift_left shift_right_arithmetic shift_right_logical nextafter".split()
)

# JAX's own library functions written as a ``custom_jvp`` call, by the name of the function its primal is: the
# replay runs gradcli's one operation in place of the primal's steps. ``xlogy(x, y)`` is
# ``where(x == 0, 0, x * log(y))`` there, a select that keeps 0 where the log is no number, and the exact
# derivative of those steps has nothing to say at x = 0; gradcli's xlogy knows its definition there and its
# slope in x, log(y), which at y = 0 is no number: the domain's edge.
LIBRARY_CALLS = {
    "xlogy": _binary(special.xlogy),
    "xlog1py": _binary(special.xlog1py),
    # E_n and Ei, whose primals are series and continued fractions looped to float precision: replayed as such on
    # exact numbers they cost minutes, and say nothing of E_n and Ei at any precision beyond the dtype's.
    # ``jss.exp1(x)`` is ``expn(1, x)``, its order held in the call (one operand); its JVP calls ``expn(n, x)``
    # with n an operand.
    "expn": _binary(special.expn),
    "expi": _unary(special.expi),
    # log Phi, whose primal below -20 (float64; -10 in float32) is an asymptotic series of three terms: 1.6e-10 short
    # of log Phi at -30, which e^log_ndtr turns into a relative error of the same size. Replayed as the series, the
    # exact reference would differentiate JAX's approximation, not log Phi.
    "log_ndtr": _unary(special.log_ndtr),
    # Si and Ci, whose primal joins Cephes' series to its asymptotic forms at 4 and 1e9: replayed as such, the seams
    # are jumps of a few ulps, which the exact reference would read as singularities where both are smooth.
    "sici": lambda params, x: [si(x), ci(x)],
    # Owen's T, whose primal is a 13-point quadrature (its nodes and weights the call's constants) joined to Owen's
    # reflection at |a| = 1: replayed as such, the exact reference differentiates the quadrature, not T (the two
    # differ by 4e-7 of T at h = 10, a = 0.9), and the join at |a| = 1 reads as a singularity.
    "_owens_t_impl": _binary(special.owens_t),
    # 2F1, whose primal is a series summed to float precision, chosen among transformations by where (a, b, c, z)
    # falls: replayed as such, left of -1 the exact reference sums a divergent series (JAX answers -1.6e222 at -8.3).
    "hyp2f1": lambda params, a, b, c, z: special.hyp2f1(a, b, c, z),
    # 1F1, whose primal is a series (|x| < 100) or an asymptotic form: replayed as such, the series' loops run at every
    # working precision for minutes, and say only what JAX's sum of its terms is (at x = -30 it cancels 12 digits).
    "hyp1f1": lambda params, a, b, x: hyp1f1(a, b, x),
    # frexp, whose primal takes the float apart by its bits (a bit cast, a shift and masks of the exponent's field):
    # bits are no number's on an exact number, and gradcli's frexp finds an exact number's exponent by comparisons
    # with powers of two, so a power of two is the mantissa's jump (ldexp's jit calls it and scales by powers of 2).
    "_frexp": lambda params, x: list(float_parts.frexp(x)),
}


def _signbit(params, x):
    """``jnp.signbit``, which JAX computes from the float's bits (a bit cast, a shift): on floats NumPy's; on exact
    numbers, which have no -0 and no bits, whether the number is below 0."""
    values = _plain(x)
    if values.dtype.kind == "f":
        return np.signbit(values)
    return _plain(gnp.less(x, 0))


# JAX's own jitted functions, by name, replayed as one rule in place of their steps (a bit cast has no meaning on
# an exact number). ``_spence`` is jitted only while the forward graph is traced (`jax_walk.library_functions_named`):
# its steps join Cephes' approximations at 0.5, 1.5 and 2, whose seams, replayed exactly, are jumps of a few ulps
# where the dilogarithm is smooth.
def _bessel_jn(params, z):
    """``jax.scipy.special.bessel_jn``: J_0 .. J_v of ``z`` stacked (v from the call's result). JAX recurs down from a
    fixed start (``n_iter`` steps), which loses J_n once |z| nears n_iter (J_1(60) comes out -0.333 for 0.0466):
    replayed step by step, the exact reference would differentiate that recurrence, not Bessel's functions."""
    orders = params["jaxpr"].out_avals[0].shape[0]
    return gnp.stack([special.jn(k, z) for k in range(orders)])


# ``betaln`` (JAX's ``_betaln_impl``, its steps, jitted while traced too; the jit takes the function's own name) is
# lgamma(a) + lgamma(b) - lgamma(a + b) below b = 8 and lgamma(a) plus a six-term series in 1/b above, the series
# short of log B by 1e-7 of it at b = 8 (beta.logpdf and betabinom.logpmf call it): replayed as such, the exact
# reference would differentiate the series, not log B, and read the where at b = 8 as a jump.
LIBRARY_JITS = {"signbit": _signbit, "_spence": _unary(special.spence), "betaln": _binary(special.betaln),
                "bessel_jn": _bessel_jn}
