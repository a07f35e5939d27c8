"""The ATen operations of a captured PyTorch graph, as gradcli ops: a table from an op's name to its replay.

Tensor arithmetic, elementwise functions, reductions, shapes and indexing,
linear algebra and the ops of backward graphs are here; the fused ops of
``torch.nn.functional`` (activations, softmax, losses, convolutions) are in
`torch_nn_ops`, whose table extends this one. Each entry of `OPS` takes the node's arguments in ATen's schema order (tensors
already replayed: NumPy arrays of a dtype, or mpmath numbers and flint balls
for the exact reference) and returns what the ATen op returns, computed with
``gradcli.numpy``, so that the forward graph can be differentiated by gradcli's
core. Keys are ``packet.overload`` (``add.Tensor``) or the packet alone
(``add``), which covers every overload. Ops that appear only in backward graphs
(scatters, ``new_zeros``) are evaluated, never differentiated, and use NumPy on
the plain values. This module imports nothing of PyTorch: a dtype argument
arrives as its name (``float32``).
"""

from __future__ import annotations

import contextvars
import math
import operator

import numpy as np

import gradcli.numpy as gnp

from ..autodiff.ops import astype, constant
from ..autodiff.ops_shape import lexsort, ranked
from ..autodiff.ops_array import getitem, untake
from ..autodiff.ops_scipy import airy_ai
from ..autodiff.plain import Plain
from ..autodiff.values import Box, holds_complex, is_float_dtype, raw
from ..errors import InputError
from ..scipy import special
from . import orderings, torch_linalg, triangular
from .own_kernels import accumulating_wider
from .special_orders import polygamma_of_orders
from .exact_constants import angle_in, lift, truncated_toward_zero, window_coefficient

# ATen's reduction codes (at::Reduction): none, mean, sum.
_NONE, _MEAN, _SUM = 0, 1, 2


def is_exact(x) -> bool:
    """Whether ``x`` is a high-precision value (mpmath number, flint ball, or an array of them), not a float of a dtype."""
    value = raw(x)
    if isinstance(value, np.ndarray):
        return value.dtype == object
    return not isinstance(value, (float, int, bool, np.generic))


def is_wider(x) -> bool:
    """Whether ``x`` is an array or NumPy number of a float dtype PyTorch lacks (longdouble): it replays float64's graph."""
    dtype = getattr(raw(x), "dtype", None)
    return dtype is not None and dtype.kind == "f" and dtype.itemsize > 8


def _numpy_dtype(name):
    """The NumPy dtype PyTorch's dtype ``name`` is: bfloat16 is ml_dtypes' (NumPy has none), as a bfloat16 check's."""
    if name != "bfloat16":
        return np.dtype(name)
    try:
        import ml_dtypes  # lazy: only a cast to bfloat16 needs it; it ships with JAX and TensorFlow, not PyTorch
    except ImportError:
        raise InputError("replaying a cast to bfloat16 needs the ml_dtypes package: pip install ml_dtypes") from None
    return np.dtype(ml_dtypes.bfloat16)


def _cast(x, dtype):
    """``x`` in the dtype named ``dtype``; high-precision values keep their precision (a cast is no change of the math)."""
    if dtype is None:
        return x
    if is_exact(x):
        whole = _numpy_dtype(dtype).kind in "iub"
        # a cast to whole numbers truncates (quantile's position 0.75 -> index 0): the exact run's indices are integers
        target = _numpy_dtype(dtype)
        return np.vectorize(lambda v: truncated_toward_zero(v, target), otypes=[target])(raw(x)) if whole else x
    dtype = _numpy_dtype(dtype)
    if not _real_float(dtype):
        return np.asarray(raw(x)).astype(dtype)
    if is_wider(x):
        return x  # longdouble replays float64's graph at its own precision, as the numbers above do
    source = getattr(raw(x), "dtype", None)
    if source is not None and _real_float(source):
        # gradcli's own cast, so a recorded run sees it: a cast to a narrower dtype is where digits go (`judge.narrowed`)
        return x if source == dtype else astype(x, dtype)
    if np.ndim(raw(x)) == 0 and x is raw(x):
        return dtype.type(x)
    return gnp.asarray(x, dtype=dtype)


# The dtype ATen's CPU kernels accumulate running sums and products of a float dtype in (``at::acc_type``): wider
# than the data's, each result rounded back to the data's dtype once.
_CPU_ACCUMULATES_IN = {np.dtype(np.float32): np.dtype(np.float64), np.dtype(np.float16): np.dtype(np.float32)}


def _running(name, fold):
    """The replay of ATen's running fold ``name`` (cumsum, cumprod, logcumsumexp), ``fold(x, dim)`` as its CPU kernel
    computes it: on ``x`` cast to ``dtype`` first where one is given, in the wider dtype the kernel accumulates in,
    each result rounded back to ``x``'s dtype once (float32's running product underflows only in that rounding)."""

    def replay(x, dim, dtype=None):
        x = _cast(x, dtype)
        data = getattr(raw(x), "dtype", None)
        wide = _CPU_ACCUMULATES_IN.get(data) or (np.dtype(np.float32) if data is not None and data.name == "bfloat16"
                                                 else None)
        if wide is None or is_exact(x) or is_wider(x):
            return fold(x, dim)
        with accumulating_wider(f"PyTorch's CPU kernel of aten.{name}"):
            return astype(fold(astype(x, wide), dim), data)

    return replay


def _real_float(dtype):
    return is_float_dtype(dtype) and dtype.kind != "c"  # bfloat16 too, which NumPy files under kind "V"


def _axes(dim, x=None):
    """ATen's ``dim`` (an int, a list, or None/[] for every axis) as NumPy's ``axis`` for ``x``: a 0-d tensor has
    the one dim 0 (or -1) to ATen, its only entry, which NumPy reads as every axis."""
    if dim is None or (isinstance(dim, (list, tuple)) and len(dim) == 0) or (x is not None and np.ndim(raw(x)) == 0):
        return None
    return tuple(dim) if isinstance(dim, (list, tuple)) else dim


def _reduce(x, reduction):
    if reduction == _MEAN:
        return gnp.mean(x)
    if reduction == _SUM:
        return gnp.sum(x)
    return x


def _index_along(x, dim, index):
    return (slice(None),) * (dim % max(np.ndim(raw(x)), 1)) + (index,)


def _slice(x, dim=0, start=None, end=None, step=1):
    size = np.shape(raw(x))[dim]
    start = None if start is None else min(start, size) if start >= 0 else max(start + size, 0)
    end = None if end is None else min(end, size) if end >= 0 else max(end + size, 0)
    return x[_index_along(x, dim, slice(start, end, step))]


def _unsafe_split(x, split_size, dim=0):
    """The pieces of ``split_size`` along ``dim`` (the last one shorter): a recurrent cell's gates from one matmul."""
    size = np.shape(raw(x))[dim]
    return tuple(x[_index_along(x, dim, slice(start, start + split_size))] for start in range(0, size, split_size))


def _sum(x, dim=None, keepdim=False, dtype=None):
    return _cast(gnp.sum(x, axis=_axes(dim, x), keepdims=keepdim), dtype)


def _mean(x, dim=None, keepdim=False, dtype=None):
    return _cast(gnp.mean(x, axis=_axes(dim, x), keepdims=keepdim), dtype)


def _clamp(x, min=None, max=None):  # noqa: A002 - ATen's names
    if min is not None:
        x = gnp.maximum(x, min)
    if max is not None:
        x = gnp.minimum(x, max)
    return x


def _squeeze(x, dim=None):
    if dim is None:
        return gnp.squeeze(x)
    dims = tuple(d % max(np.ndim(raw(x)), 1) for d in (dim if isinstance(dim, (list, tuple)) else [dim]))
    dims = tuple(d for d in dims if np.ndim(raw(x)) and np.shape(raw(x))[d] == 1)
    return gnp.squeeze(x, axis=dims) if dims else x


def index_array(index):
    """An index tensor's value as NumPy indexes with it.

    In an exact replay a mask made by comparisons (``probs == 1``) or an index
    computed with float arithmetic holds Python booleans or exact numbers in an
    object array, which NumPy refuses as an index: a mask becomes booleans, an
    integer-valued number the integer it is (a count or a position is exact in
    every replay). Anything else is returned as it is, for NumPy to judge.
    """
    value = np.asarray(raw(index))
    if value.dtype != object or not value.size:
        return value
    entries = [raw(entry) for entry in value.ravel()]
    if all(isinstance(entry, (bool, np.bool_)) for entry in entries):
        return np.array(entries, dtype=bool).reshape(value.shape)
    whole = [_position(entry) for entry in entries]
    if any(position is None for position in whole):
        return value
    return np.array(whole, dtype=np.int64).reshape(value.shape)


def _position(entry):
    """The integer an exact integer-valued number is, else None.

    A flint ball has no ``int()``, and comparing one with ``!=`` would be an
    unrecorded decision: it counts only when it is a single exact integer.
    """
    if hasattr(entry, "unique_fmpz"):
        return int(entry.unique_fmpz()) if entry.is_exact() and entry.is_integer() else None
    try:
        whole = int(entry)
    except (TypeError, ValueError, OverflowError):
        return None
    return whole if whole == entry else None


def _index_key(indices):
    return tuple(slice(None) if i is None else index_array(i) for i in indices)


def _index(x, indices):
    return x[_index_key(indices)]


def _expand(x, size, implicit=False):
    shape = np.shape(raw(x))
    full = tuple(s if s != -1 else shape[i - (len(size) - len(shape))] for i, s in enumerate(size))
    return gnp.broadcast_to(x, full)


def _where(condition, x, y):
    return gnp.where(index_array(condition), x, y)  # an exact replay's mask of Python booleans as NumPy's


def _pow(x, exponent):
    if isinstance(exponent, (int, float)) and float(exponent).is_integer():
        exponent = int(exponent)  # an integer power stays defined at negative bases, as PyTorch's is
    return gnp.power(x, exponent)


def _scalar_tensor(s, dtype=None, layout=None, device=None, pin_memory=None):
    return np.dtype(dtype or "float32").type(s)


def _full(size, fill_value, dtype=None, layout=None, device=None, pin_memory=None):
    return np.full(tuple(size), fill_value, dtype=dtype or "float32")


def _new_full(x, size, fill_value, dtype=None, layout=None, device=None, pin_memory=None):
    value = raw(x)
    kind = dtype or (np.asarray(value).dtype if not is_exact(value) else np.float64)
    return np.full(tuple(size), fill_value, dtype=kind)


def _like(fill):
    def like(x, dtype=None, layout=None, device=None, pin_memory=None, memory_format=None):
        value = raw(x)
        if is_exact(value):
            return np.full(np.shape(value), fill, dtype=np.float64)[()]  # a constant: exact as it is
        return np.full(np.shape(value), fill, dtype=dtype or np.asarray(value).dtype)[()]

    return like


def _full_like(x, fill_value, **kwargs):
    return _like(fill_value)(x, **{k: v for k, v in kwargs.items() if k == "dtype"})


def _to_copy(x, dtype=None, layout=None, device=None, pin_memory=None, non_blocking=False, memory_format=None):
    return _cast(x, dtype)


def _cat(tensors, dim=0):
    kept = [t for t in tensors if np.shape(raw(t)) != (0,)]  # ATen skips empty 1-D tensors
    return gnp.concatenate(kept, axis=dim)


def _compare(op):
    # gradcli's own comparison: the exact reference sees each branch decision (relu's x <= 0 at a tie is a kink)
    return lambda x, y: op(x, y)


def written_at(x, src, index):
    """``x`` with ``src`` written at ``index``: NumPy's write into a copy of plain values (a backward's
    scatter), or, where a value is traced, the write as gradcli ops, so it is differentiated (a scatter in the
    value: a write into a view, functionalized, or the inner gradient of a loss that differentiates itself)."""
    if not (_traced(x) or _traced(src)):
        out = _copy_for(x, src)
        value = raw(src)
        if out.dtype == object and np.ndim(value) == 0:
            # NumPy writes a 0-d array itself, not the number it holds, into one entry of an object array
            value = np.asarray(value, dtype=object)[()]
        out[index] = value
        return out
    shape = np.shape(raw(x))
    chosen = np.zeros(shape, dtype=bool)
    chosen[index] = True
    piece = gnp.broadcast_to(src, np.shape(np.empty(shape)[index]))
    return gnp.where(chosen, untake(piece, index, shape, _dtype_written(x, src)), x)


def _traced(value):
    """Whether ``value`` is being differentiated: a high-precision number outside every trace (`Plain`) is boxed
    only to keep its digits, and its write stays one NumPy write, as in the working dtype's replay it is paired with."""
    return isinstance(value, Box) and not isinstance(value, Plain)


def _dtype_written(x, src):
    return object if is_exact(x) or is_exact(src) else np.result_type(np.asarray(raw(x)).dtype, np.asarray(raw(src)).dtype)


def _select_scatter(x, src, dim, index):
    return written_at(x, src, _index_along(x, dim, index))


def _slice_scatter(x, src, dim=0, start=None, end=None, step=1):
    size = np.shape(raw(x))[dim]
    start = 0 if start is None else min(start, size) if start >= 0 else max(start + size, 0)
    end = size if end is None else min(end, size) if end >= 0 else max(end + size, 0)
    return written_at(x, src, _index_along(x, dim, slice(start, end, step)))


def _diagonal_scatter(x, src, offset=0, dim1=0, dim2=1):
    return written_at(x, src, _diagonal_places(np.shape(raw(x)), offset, dim1, dim2))


def _copy(destination, source, non_blocking=False):
    """``aten.copy`` (``copy_`` made a value): the source, broadcast to the destination's shape (and dtype)."""
    value = gnp.broadcast_to(source, np.shape(raw(destination)))
    return value if is_exact(value) or is_exact(destination) else gnp.asarray(value, dtype=np.asarray(raw(destination)).dtype)


def _scattered(x, dim, index, src):
    """The places ``index`` names along ``dim`` of ``x``, and the part of ``src`` they take (a traced ``src``'s part
    recorded, so its gradient flows)."""
    idx = index_array(index)
    grid = list(np.indices(idx.shape, sparse=True))
    grid[dim % max(np.ndim(raw(x)), 1)] = idx
    taken = src[tuple(slice(0, n) for n in idx.shape)] if np.ndim(raw(src)) else src
    return tuple(grid), taken


def _scatter_add(x, dim, index, src):
    """``aten.scatter_add``: ``x`` plus ``src``'s entries added in at the places ``index`` names (a repeated place
    summed), recorded where a value is traced."""
    places, taken = _scattered(x, dim, index, src)
    if _traced(x) or _traced(src):
        piece = gnp.broadcast_to(taken, np.shape(np.empty(np.shape(raw(x)))[places]))
        return x + untake(piece, places, np.shape(raw(x)), _dtype_written(x, src))
    out = _copy_for(x, src)
    np.add.at(out, places, np.asarray(raw(taken)) if np.ndim(raw(taken)) else raw(taken))
    return out


def _scatter(x, dim, index, src):
    """``aten.scatter``: ``x`` with ``src``'s entries written at the places ``index`` names."""
    places, taken = _scattered(x, dim, index, src)
    return written_at(x, taken, places)


_REDUCTIONS = {"sum": gnp.sum, "prod": gnp.prod, "mean": gnp.mean, "amax": gnp.max, "amin": gnp.min}


def _scatter_reduce(x, dim, index, src, reduce, include_self=True):
    """``aten.scatter_reduce`` (``Tensor.scatter_reduce``, PyTorch's grouped reductions): each place of ``x`` that
    ``index`` names along ``dim`` reduced with the entries of ``src`` sent there, itself among them where
    ``include_self``; the reductions are gradcli's, so a tie of two maxima is a decision and a product through a zero
    keeps the other factors' slopes."""
    shape = np.shape(raw(x))
    idx = index_array(index)
    grid = list(np.indices(idx.shape))
    grid[dim % len(shape)] = idx
    targets = np.ravel_multi_index(tuple(grid), shape).ravel()
    sources = np.ravel_multi_index(tuple(np.indices(idx.shape)), np.shape(raw(src))).ravel()
    flat_x, flat_src = gnp.reshape(x, (-1,)), gnp.reshape(src, (-1,))
    entries = [flat_x[k] for k in range(int(np.prod(shape)))]
    for k in np.unique(targets):
        sent = flat_src[sources[targets == k]]
        entries[k] = _REDUCTIONS[reduce](gnp.concatenate([flat_x[k:k + 1], sent]) if include_self else sent)
    return gnp.reshape(gnp.stack(entries), shape)


def _signbit(x):
    """``aten.signbit`` (``torch.copysign`` reads it): the float's sign bit, which -0.0 has; an exact number has no
    -0, so its sign bit is whether it is below 0."""
    return gnp.less(x, 0) if is_exact(x) else gnp.signbit(x)


def _index_put(x, indices, values, accumulate=False):
    key = _index_key(indices)
    if not accumulate:
        return written_at(x, values, key)
    if _traced(x) or _traced(values):  # a sum into a value that is differentiated
        piece = gnp.broadcast_to(values, np.shape(np.empty(np.shape(raw(x)))[key]))
        return x + untake(piece, key, np.shape(raw(x)), _dtype_written(x, values))
    out = _copy_for(x, values)
    np.add.at(out, key, raw(values))
    return out


def _sparse_coo(sparse_dim, dense_dim, size, indices, values, dtype=None, layout=None, device=None, pin_memory=None,
                is_coalesced=None):
    """``aten._sparse_coo_tensor_with_dims_and_tensors`` (``torch.sparse_coo_tensor``): the COO tensor replayed dense,
    its values summed where an index repeats (what an uncoalesced tensor means), so a sparse product is a matmul."""
    value = raw(values)
    zeros = np.zeros(tuple(size), dtype=np.float64 if is_exact(value) else np.asarray(value).dtype)
    rows = np.asarray(raw(indices))
    return _index_put(zeros, [rows[d] for d in range(sparse_dim)], values, accumulate=True)


def _copy_for(x, src):
    """A writable copy of ``x`` that can hold ``src``'s values (object entries for high-precision ones)."""
    exact = is_exact(x) or is_exact(src)
    return np.array(raw(x), dtype=object if exact else np.asarray(raw(x)).dtype, copy=True).reshape(np.shape(raw(x)))


def _arithmetic(op, x, y):
    """``op(x, y)`` through gradcli's op (which the recorder sees: a 0/0 is named at its line); Python numbers as Python's."""
    # A NumPy number is a float too, but its op is the dtype's, which the recorder must see (1e-398 / 0 is NaN)
    if type(x) in _PYTHON_NUMBERS and type(y) in _PYTHON_NUMBERS:
        return _PYTHON_ARITHMETIC[op](x, y)
    return op(_as_float_of(x, y), _as_float_of(y, x))


def _as_float_of(x, other):
    """``x`` in ``other``'s float dtype where ``x`` holds integers or booleans of a NumPy dtype: PyTorch's
    promotion, in which a float tensor's dtype wins over an integer tensor's (NumPy's takes int64 and float32
    to float64, which would widen a float32 graph's backward, as log_sigmoid's ``where(x < 0, 1, 0)``)."""
    kind = getattr(raw(x), "dtype", None)
    if kind is None or kind.kind not in "iub":
        return x
    wanted = getattr(raw(other), "dtype", None)
    if wanted is None or wanted.kind != "f":
        return x
    return np.asarray(raw(x)).astype(wanted)[()]


_PYTHON_NUMBERS = (int, float, bool)
_PYTHON_ARITHMETIC = {gnp.add: operator.add, gnp.subtract: operator.sub, gnp.multiply: operator.mul, gnp.divide: operator.truediv}


def _add(x, y, alpha=1):
    return _arithmetic(gnp.add, x, y if alpha == 1 else _arithmetic(gnp.multiply, y, alpha))


def _subtract(x, y, alpha=1):
    return _arithmetic(gnp.subtract, x, y if alpha == 1 else _arithmetic(gnp.multiply, y, alpha))


def _divide(x, y, rounding_mode=None):
    if rounding_mode is not None and _integral(x) and _integral(y):  # indices (an adaptive pool's windows): no gradient
        quotient = np.abs(raw(x)) // np.abs(raw(y)) * np.sign(raw(x)) * np.sign(raw(y))
        return quotient if rounding_mode == "trunc" else np.floor_divide(raw(x), raw(y))
    if rounding_mode == "floor":  # PyTorch's kernel is Python's floor division, as NumPy's: a step function
        return _arithmetic(gnp.floor_divide, x, y)
    if rounding_mode == "trunc":  # trunc(x / y), the quotient rounded toward 0, as PyTorch's kernel computes it
        return gnp.trunc(_arithmetic(gnp.divide, x, y))
    if _integral(x) and _integral(y) and not (isinstance(x, int) and isinstance(y, int)):
        # true division of integer tensors: PyTorch's default float dtype, where NumPy's would be float64, so the run
        # in the dtype meets float32's 1/3 where PyTorch's does, and names that narrowing (torch.tensor([1, 2]) / 3)
        import torch  # lazy: only a PyTorch target's replay reaches here, with PyTorch loaded

        kind = EXACT_REPLAY.get()
        if kind is not None:  # an exact replay: the quotient of the integers, exactly
            return _arithmetic(gnp.divide, lift(np.asarray(raw(x), dtype=np.float64), kind), y)
        default = np.dtype(str(torch.get_default_dtype()).replace("torch.", ""))
        return astype(_arithmetic(gnp.divide, x, y), default)
    return _arithmetic(gnp.divide, x, y)


# The kind of exact numbers (`exact_constants.kind_of`) a replay of a PyTorch graph runs on, None in a dtype's run:
# set by `torch_graph.replay` around each replay, read where an op on integers alone differs between the two.
EXACT_REPLAY = contextvars.ContextVar("gradcli_torch_exact_replay", default=None)


def _integral(x):
    """Whether ``x`` is an integer number or an array of integers."""
    return isinstance(x, int) or np.issubdtype(np.asarray(raw(x)).dtype, np.integer)


def _dim_of(x, dim):
    return int(dim) % max(np.ndim(raw(x)), 1)


def _var(x, dim=None, correction=None, keepdim=False, unbiased=None):
    """``aten.var``: the mean squared deviation (its modulus squared, a real number, on complex tensors), divided by
    n - correction (1 unless told)."""
    axes = _axes(dim, x)
    shape = np.shape(raw(x))
    n = int(np.prod([shape[a] for a in (axes if isinstance(axes, tuple) else (axes,))])) if axes is not None else int(np.prod(shape))
    if correction is None:
        correction = 1 if unbiased is None or unbiased else 0
    centred = x - gnp.mean(x, axis=axes, keepdims=True)
    squares = gnp.real(centred * gnp.conj(centred)) if holds_complex(centred) else centred * centred
    return gnp.sum(squares, axis=axes, keepdims=keepdim) / (n - correction)


def _prod(x, dim=None, keepdim=False, dtype=None):
    return _cast(gnp.prod(x, axis=_axes(dim, x), keepdims=keepdim), dtype)


def _extreme(reduce, arg):
    """``aten.max``/``aten.min``: of everything (a value), or along ``dim`` (values and their indices)."""

    def extreme(x, dim=None, keepdim=False):
        if dim is None:
            return reduce(x)
        index = np.expand_dims(arg(np.asarray(raw(x)), axis=_dim_of(x, dim)), _dim_of(x, dim))
        values = gnp.take_along_axis(x, index, _dim_of(x, dim))
        if not keepdim:
            values, index = gnp.squeeze(values, axis=_dim_of(x, dim)), np.squeeze(index, axis=_dim_of(x, dim))
        return values, index

    return extreme


def _arg_extreme(arg):
    """``aten.argmax``/``aten.argmin``: the position of the first extreme, of everything (flattened) or along ``dim``."""

    def position(x, dim=None, keepdim=False):
        values = np.asarray(raw(x))
        if dim is None:
            index = np.asarray(arg(values.reshape(-1)))
            return index.reshape((1,) * values.ndim) if keepdim else index
        index = arg(values, axis=_dim_of(x, dim))
        return np.expand_dims(index, _dim_of(x, dim)) if keepdim else index

    return position


def _sort(x, dim=-1, descending=False, stable=None):
    return orderings.sort_along(x, _dim_of(x, dim) if np.ndim(raw(x)) else 0, bool(descending))


def _searchsorted(sorted_sequence, values, out_int32=False, right=False, side=None, sorter=None):
    """``aten.searchsorted``: where each value would go in the (last axis of the) sorted sequence, each comparison
    a decision of the path (an exact tie with a knot is then seen, as a sort's is)."""
    side = side or ("right" if right else "left")
    seq, vals = np.asarray(raw(sorted_sequence)), np.asarray(raw(values))
    if sorter is not None:
        seq = np.take_along_axis(seq, np.asarray(raw(sorter)), axis=-1)
    if seq.dtype == object or vals.dtype == object:  # one kind on both sides: exact numbers compared through `compare`
        seq, vals = ranked(seq.astype(object)), ranked(vals.astype(object))
    if seq.ndim <= 1:
        return np.searchsorted(seq, vals, side=side)
    out = np.empty(vals.shape, dtype=np.int64)
    for lead in np.ndindex(*seq.shape[:-1]):
        out[lead] = np.searchsorted(seq[lead], vals[lead], side=side)
    return out


def _embedding_renorm(weight, indices, max_norm, norm_type):
    """``aten.embedding_renorm`` (``F.embedding``'s ``max_norm``): each row ``indices`` reads whose ``norm_type``-norm
    exceeds ``max_norm`` scaled by max_norm / (norm + 1e-7), as PyTorch's kernel scales it in place; differentiable
    here, since the rows the lookup reads are these (PyTorch's gradient takes the scale as a constant)."""
    p = float(norm_type)
    norms = gnp.power(gnp.sum(gnp.square(weight) if p == 2 else gnp.power(gnp.abs(weight), p), axis=-1), 1 / p)
    over = np.zeros(np.shape(raw(weight))[0], dtype=bool)
    read = np.unique(np.asarray(raw(indices), dtype=np.int64))
    over[read] = ranked(np.asarray(raw(norms))[read]) > max_norm
    scale = gnp.where(over, max_norm / (norms + 1e-7), gnp.ones_like(norms))
    return weight * gnp.expand_dims(scale, -1)


def _topk(x, k, dim=-1, largest=True, sorted=True):  # noqa: A002 - ATen's name
    return orderings.top_k(x, k, _dim_of(x, dim), bool(largest))


def _middle(skip_nan):
    """``aten.median`` (``skip_nan`` False) or ``aten.nanmedian``: the lower of the two middle values (PyTorch's, not
    their mean), with its index along ``dim``; a NaN is the median of its slice, or is skipped by nanmedian (NaN
    where every entry is)."""

    def median(x, dim=None, keepdim=False):
        if dim is None:
            return _middle_along(gnp.reshape(x, (-1,)), 0, skip_nan)[0]
        axis = _dim_of(x, dim) if np.ndim(raw(x)) else 0
        picked, where = _middle_along(x, axis, skip_nan)
        if keepdim:
            picked, where = gnp.expand_dims(picked, axis), np.expand_dims(where, axis)
        return picked, where

    return median


def _middle_along(x, axis, skip_nan):
    """``(value, index)`` of the lower middle of ``x`` along ``axis``, NaNs ordered last."""
    if np.ndim(raw(x)) == 0:
        return x, np.zeros((), dtype=np.int64)
    nan = np.asarray(raw(gnp.isnan(x)), dtype=bool)
    numbers = np.where(nan, 0, np.asarray(raw(x)))  # NaN compares as nothing: its flag alone orders it
    order = lexsort([numbers, nan.astype(np.int64)], axis=axis)
    counted = np.sum(~nan, axis=axis, keepdims=True)
    if skip_nan:
        middle = np.maximum(counted - 1, 0) // 2
    else:  # a slice holding a NaN has the NaN as its median (the first, ordered after every number)
        middle = np.where(counted < nan.shape[axis], counted, (nan.shape[axis] - 1) // 2)
    index = np.take_along_axis(order, middle, axis)
    return gnp.squeeze(gnp.take_along_axis(x, index, axis), axis=axis), np.squeeze(index, axis=axis)


def _mode(x, dim=-1, keepdim=False):
    """``aten.mode``: the value found most often along ``dim`` (the smallest of equally frequent ones), with the last
    index where it stands. Equality is decided as every order is (`ranked`), so on balls a tie is a decision of the
    path, and a mode held by equal entries is a jump for the one-sided test."""
    if np.ndim(raw(x)) == 0:
        return x, np.zeros((), dtype=np.int64)
    axis = _dim_of(x, dim)
    order = orderings.order_of(x, axis)
    ordered = np.moveaxis(np.take_along_axis(ranked(raw(x)), order, axis), axis, -1)
    positions = np.moveaxis(order, axis, -1)
    index = np.empty(ordered.shape[:-1], dtype=np.int64)
    for lead in np.ndindex(index.shape):
        row, best_count, start = ordered[lead], 0, 0
        for end in range(1, len(row) + 1):
            if end < len(row) and row[end] == row[start]:
                continue
            if end - start > best_count:
                best_count, index[lead] = end - start, max(positions[lead][start:end])
            start = end
    picked, where = gnp.take_along_axis(x, np.expand_dims(index, axis), axis), np.expand_dims(index, axis)
    if not keepdim:
        picked, where = gnp.squeeze(picked, axis=axis), np.squeeze(where, axis=axis)
    return picked, where


def _spherical_bessel_j0(x):
    """``torch.special.spherical_bessel_j0``: sin(x) / x, 1 at 0, as NumPy's sinc of x / pi (pi at the run's precision)."""
    return gnp.sinc(x / constant("pi", x))


def _whole_degree(n):
    """The one whole degree ``n`` gives (a number, or a tensor of equal entries); a clear error otherwise."""
    degrees = {float(v) for v in np.ravel(np.asarray(raw(n), dtype=object))}
    if len(degrees) != 1 or not next(iter(degrees)).is_integer():
        raise InputError(f"gradcli replays torch.special's orthogonal polynomials at one whole degree for every entry; "
                         f"this call's degrees are {sorted(degrees)}")
    return int(degrees.pop())


def _recurrence(first, step, shifted=False):
    """A torch.special orthogonal polynomial of degree n by its three-term recurrence: p_0 = 1, p_1 = first(x),
    p_(k+1) = step(k, x, p_k, p_(k-1)); ``shifted``: the same at 2x - 1. PyTorch gives these no derivative; gradcli's
    exact reference differentiates the polynomial, so a gradient that misses it is told at the user's line."""

    def polynomial(x, n):
        degree = _whole_degree(n)
        t = 2 * x - 1 if shifted else x
        if degree < 0:
            return t * 0
        previous, current = t * 0 + 1, first(t)
        if degree == 0:
            return previous
        for k in range(1, degree):
            previous, current = current, step(k, t, current, previous)
        return current

    return polynomial


def _twice_x_recurrence(k, x, current, previous):
    """The Chebyshev polynomials' step, the same for all four kinds: p_(k+1) = 2x p_k - p_(k-1)."""
    return 2 * x * current - previous


# Each Chebyshev kind's p_1(x) (T, U, V, W): its recurrence is `_twice_x_recurrence` from p_0 = 1.
_CHEBYSHEV_FIRSTS = {"t": lambda x: x, "u": lambda x: 2 * x, "v": lambda x: 2 * x - 1, "w": lambda x: 2 * x + 1}
ORTHOGONAL_POLYNOMIALS = {
    "special_hermite_polynomial_h": _recurrence(lambda x: 2 * x, lambda k, x, p, q: 2 * x * p - 2 * k * q),
    "special_hermite_polynomial_he": _recurrence(lambda x: x, lambda k, x, p, q: x * p - k * q),
    "special_laguerre_polynomial_l": _recurrence(lambda x: 1 - x, lambda k, x, p, q: ((2 * k + 1 - x) * p - k * q) / (k + 1)),
    "special_legendre_polynomial_p": _recurrence(lambda x: x, lambda k, x, p, q: ((2 * k + 1) * x * p - k * q) / (k + 1)),
    **{f"special_chebyshev_polynomial_{kind}": _recurrence(first, _twice_x_recurrence)
       for kind, first in _CHEBYSHEV_FIRSTS.items()},
    **{f"special_shifted_chebyshev_polynomial_{kind}": _recurrence(first, _twice_x_recurrence, shifted=True)
       for kind, first in _CHEBYSHEV_FIRSTS.items()},
}

# torch.special's functions that PyTorch computes without a derivative: their outputs need no grad, so PyTorch's
# gradient leaves their terms out (no error). Airy's Ai, the Bessel functions and the orthogonal polynomials.
NOT_DIFFERENTIATED = frozenset({
    "special_airy_ai", "special_bessel_j0", "special_bessel_j1", "special_bessel_y0", "special_bessel_y1",
    "special_modified_bessel_i0", "special_modified_bessel_i1", "special_modified_bessel_k0",
    "special_modified_bessel_k1", "special_scaled_modified_bessel_k0", "special_scaled_modified_bessel_k1",
    "special_spherical_bessel_j0", *ORTHOGONAL_POLYNOMIALS,
})


def _kthvalue(x, k, dim=-1, keepdim=False):
    """``aten.kthvalue``: the k-th smallest value along ``dim`` (k from 1), with its index."""
    axis = _dim_of(x, dim) if np.ndim(raw(x)) else 0
    values, indices = orderings.sort_along(x, axis)
    picked, where = values[_index_along(x, axis, k - 1)], indices[_index_along(x, axis, k - 1)]
    if keepdim:
        picked, where = gnp.expand_dims(picked, axis), np.expand_dims(where, axis)
    return picked, where


def _cummax(combine, arg_better):
    def running(x, dim):
        axis = _dim_of(x, dim)
        values = orderings.cumulative(x, axis, combine)
        # The index routes the gradient: on balls and jets each comparison is a decision of the path (a tie
        # is a kink, as max's is), never flint's unrecorded < nor a jet compared as a Python object.
        plain = ranked(raw(x))
        index = np.zeros(plain.shape, dtype=np.int64)
        best = np.take(plain, [0], axis=axis)
        for i in range(plain.shape[axis]):
            here = np.take(plain, [i], axis=axis)
            better = arg_better(here, best) | (i == 0)  # PyTorch keeps the last index of equal extremes
            best = np.where(better, here, best)
            prev = np.take(index, [i - 1], axis=axis) if i else np.zeros_like(here, dtype=np.int64)
            np.put_along_axis(index, np.full(here.shape, i), np.where(better, i, prev), axis=axis)
        return values, index

    return running


def _iota(length, start=0, step=1, dtype=None, device=None, pin_memory=None, requires_grad=False):
    return np.arange(start, start + length * step, step, dtype=dtype or "int64")[:length]


def _arange(*args, dtype=None, layout=None, device=None, pin_memory=None):
    return np.arange(*args, dtype=dtype)


def _counts(n, dtype, kind):
    """0, 1, ..., n - 1 in ``dtype`` (PyTorch's default float32 where none is named), or as exact numbers of ``kind``
    (`exact_constants.kind_of`'s)."""
    return np.arange(n, dtype=dtype or "float32") if kind is None else lift(np.arange(n, dtype=np.float64), kind)


def _window_positions(n, numerator, of_pi, dtype, kind):
    """The numbers ``k numerator / (n - 1)``, times pi where ``of_pi``, for k < n, from which PyTorch's window kernels
    compute their entries: in ``dtype``, ``arange(n)`` times the float of the step, as the kernel multiplies; on exact
    numbers the step itself, so cos(2 pi k / 4) of a Hamming window's quarter is 0, not the cosine of pi / 2's float."""
    count = _counts(n, dtype, kind)
    if kind is None:
        return count * (numerator * math.pi / (n - 1) if of_pi else numerator / (n - 1))
    return count * (angle_in((numerator, n - 1), [count]) if of_pi else lift(float(numerator), kind) / (n - 1))


def _window(entries):
    """A window factory of PyTorch's (``aten.hamming_window`` and its kin, which have no decomposition) from
    ``entries(n, *numbers, dtype, kind)``, n the window's length, one more where it is periodic (the periodic window
    drops the last entry); a window of 0 or 1 entries is empty or [1], as PyTorch's; ``kind``: the exact replay's kind
    of number (`torch_graph.Step.exactly`), None in a dtype. Each entries' arithmetic is gradcli's ops, the same in
    both runs, so provenance pairs them: a cancellation inside a window is named at the window's line."""

    def window(window_length, periodic=True, *numbers, dtype=None, layout=None, device=None, pin_memory=None, kind=None):
        if window_length <= 1:
            ones = np.ones(window_length, dtype=dtype or "float32")
            return ones if kind is None else lift(ones.astype(np.float64), kind)
        n = window_length + 1 if periodic else window_length
        return entries(n, *numbers, dtype=dtype, kind=kind)[:window_length]

    return window


@_window
def _hamming_window(n, alpha=None, beta=None, dtype=None, kind=None):
    """alpha - beta cos(2 pi k / (n - 1)) in PyTorch's order; alpha and beta the user's floats where given, else
    PyTorch's 0.54 and 0.46, the decimals themselves in an exact replay (`exact_constants.window_coefficient`)."""
    alpha = window_coefficient("0.54", kind) if alpha is None else alpha
    beta = window_coefficient("0.46", kind) if beta is None else beta
    return gnp.add(gnp.multiply(gnp.cos(_window_positions(n, 2, True, dtype, kind)), -beta), alpha)


@_window
def _blackman_window(n, dtype=None, kind=None):
    """0.42 - 0.5 cos(2 pi k / (n - 1)) + 0.08 cos(4 pi k / (n - 1)) in PyTorch's order, its coefficients the floats
    PyTorch writes in a dtype, the decimals in an exact replay (`exact_constants.window_coefficient`)."""
    angles = _window_positions(n, 1, True, dtype, kind)
    return gnp.add(gnp.subtract(gnp.multiply(gnp.cos(gnp.multiply(angles, 4)), window_coefficient("0.08", kind)),
                                gnp.multiply(gnp.cos(gnp.multiply(angles, 2)), 0.5)), window_coefficient("0.42", kind))


@_window
def _bartlett_window(n, dtype=None, kind=None):
    """2k / (n - 1) rising to the middle, 2 - 2k / (n - 1) after it, as PyTorch's kernel folds the second half."""
    ramp = _window_positions(n, 2, False, dtype, kind)
    half = (n - 1) // 2 + 1
    return np.concatenate([ramp[:half], gnp.add(gnp.multiply(ramp[half:], -1), 2)])


@_window
def _kaiser_window(n, beta=12.0, dtype=None, kind=None):
    """I0(beta sqrt(|1 - ((k - a) / a)^2|)) / I0(beta), a = (n - 1) / 2, in PyTorch's order; beta the float given."""
    middle = (n - 1) / 2
    offsets = gnp.divide(gnp.subtract(_counts(n, dtype, kind), middle), middle)
    beta_here = np.asarray(beta, dtype=dtype or "float32") if kind is None else lift(float(beta), kind)
    return gnp.divide(special.i0(gnp.multiply(beta_here, gnp.sqrt(gnp.abs(gnp.subtract(1, gnp.square(offsets)))))),
                      special.i0(beta_here))


# The window factories whose replay computes exact numbers itself, given the exact replay's kind of number.
WINDOWS = {"hamming_window": _hamming_window, "blackman_window": _blackman_window, "bartlett_window": _bartlett_window,
           "kaiser_window": _kaiser_window}


def _empty(size, dtype=None, layout=None, device=None, pin_memory=None, memory_format=None):
    return np.zeros(tuple(size), dtype=dtype or "float32")


def _isnan(x):
    """``aten.isnan``: NaN entries, of a dtype's floats or of high-precision values (balls, jets, mpmath numbers)."""
    if not is_exact(x):
        return np.isnan(np.asarray(raw(x), dtype=float))
    return np.vectorize(_nan_entry, otypes=[bool])(np.asarray(raw(x), dtype=object))


def _nan_entry(entry):
    entry = getattr(entry, "v", entry)  # a jet: its value ball
    is_nan = getattr(entry, "is_nan", None)
    return bool(is_nan()) if is_nan is not None else bool(entry != entry)


def _remainder(x, y):
    # Python's (and PyTorch's) remainder: the sign of the divisor; integers (a pool's flat indices) stay integers.
    if _integral(x) and _integral(y):
        return np.remainder(raw(x), raw(y))
    return x - y * gnp.floor(x / y)


def _fmod(x, y):
    # C's fmod: the sign of the dividend.
    return x - y * gnp.trunc(x / y)


def _cholesky_ex(a, upper=False, check_errors=False):
    lower = gnp.linalg.cholesky(a)
    return (gnp.swapaxes(lower, -1, -2) if upper else lower), _no_errors(a)


def _solve_ex(a, b, left=True, check_errors=False):
    vector = np.ndim(raw(b)) == np.ndim(raw(a)) - 1
    if not left:
        solved = gnp.swapaxes(gnp.linalg.solve(gnp.swapaxes(a, -1, -2), gnp.swapaxes(b, -1, -2)), -1, -2)
    else:
        solved = gnp.linalg.solve(a, b[..., None])[..., 0] if vector else gnp.linalg.solve(a, b)
    return solved, _no_factors(a), _no_pivots(a), _no_errors(a)


def _no_factors(a):
    return _Factored(a)


def _no_errors(a):
    """A solver's ``info``: zeros, one per matrix (gradcli's replay raises on no input PyTorch reports)."""
    return np.zeros(np.shape(raw(a))[:-2], dtype=np.int32)


def _no_pivots(a):
    return np.zeros(np.shape(raw(a))[:-1], dtype=np.int32)


def _slogdet(a, transposed=False):
    """``aten._linalg_slogdet``: sign, log|det|, and the factors its gradient solves with, of ``a``'s transpose
    where PyTorch factors that (``transposed``: a contiguous real matrix, `torch_graph._factors_transposed`)."""
    sign, logdet = gnp.linalg.slogdet(a)
    return sign, logdet, _Factored(gnp.swapaxes(a, -1, -2) if transposed else a), _no_pivots(a)


def _solve_triangular(a, b, upper, left=True, unitriangular=False):
    """``aten.linalg_solve_triangular``: by substitution, as LAPACK's trsm (a zero pivot divides to inf, as PyTorch's)."""
    return triangular.solved(a, b, not upper, unitriangular, left=left)


def _cholesky_solve(b, factor, upper=False):
    """``aten.cholesky_solve``: x with ``A x = b`` for ``A = L L^T`` (``U^T U`` when ``upper``), two triangular solves."""
    lower = gnp.swapaxes(factor, -1, -2) if upper else factor
    halfway = _solve_triangular(lower, b, upper=False)
    return _solve_triangular(gnp.swapaxes(lower, -1, -2), halfway, upper=True)


def _float_dtype_of(x):
    """The float dtype of a float run's array; float64 for exact numbers, whose run stands for a float64 one."""
    dtype = getattr(raw(x), "dtype", None)
    return dtype if dtype is not None and is_float_dtype(dtype) else np.dtype(np.float64)


def _cholesky_inverse(factor, upper=False):
    """``aten.cholesky_inverse``: ``(L L^T)^-1`` (``(U^T U)^-1`` when ``upper``), the identity solved for."""
    shape = np.shape(raw(factor))
    identity = np.eye(shape[-1], dtype=_float_dtype_of(factor))
    return _cholesky_solve(np.broadcast_to(identity, shape), factor, upper)


def _pinv(a, atol=None, rtol=None, hermitian=False):
    """``aten.linalg_pinv``: the pseudo-inverse keeping the singular values above ``rtol`` times the largest, PyTorch's
    default ``rtol`` the dtype's epsilon times the larger side (NumPy's float64 one would drop other values in
    float32)."""
    if atol is not None:
        raise InputError("the PyTorch op linalg_pinv with atol= is not replayed by gradcli: give rtol= alone")
    if rtol is None:
        rtol = max(np.shape(raw(a))[-2:]) * float(np.finfo(_float_dtype_of(a)).eps)
    return gnp.linalg.pinv(a, rtol=raw(rtol), hermitian=hermitian)


def _diagonal_places(shape, offset, dim1, dim2):
    """The index of a diagonal of an array of ``shape`` (as ``aten.diagonal`` takes it), for writing into it."""
    ndim = len(shape)
    dim1, dim2 = dim1 % ndim, dim2 % ndim
    n = max(0, min(shape[dim1] - max(-offset, 0), shape[dim2] - max(offset, 0)))
    rows, cols = np.arange(n) + max(-offset, 0), np.arange(n) + max(offset, 0)
    others = [d for d in range(ndim) if d not in (dim1, dim2)]
    grid = np.indices([shape[d] for d in others], sparse=True) if others else []
    index = [None] * ndim
    for d, g in zip(others, grid):
        index[d] = g[..., None]
    index[dim1], index[dim2] = rows, cols
    return tuple(index)


def _diagonal_backward(g, input_sizes, offset=0, dim1=0, dim2=1):
    """A diagonal's gradient: zeros of the input's shape, the gradient on that diagonal (backward graphs only)."""
    exact = is_exact(g)
    out = np.zeros(tuple(input_sizes), dtype=object if exact else np.asarray(raw(g)).dtype)
    if exact:
        out[...] = 0.0
    out[_diagonal_places(out.shape, offset, dim1, dim2)] = raw(g)
    return out


def _eigh(a, UPLO="L", compute_v=True):  # noqa: N803 - ATen's name
    values, vectors = gnp.linalg.eigh(a)
    return values, vectors


def _svd(a, full_matrices=False, compute_uv=True, driver=None):
    """``aten._linalg_svd``: ``(U, S, Vh)``; without ``compute_uv`` (svdvals) U and Vh are empty, as PyTorch's."""
    if not compute_uv:
        return np.zeros(0), gnp.linalg.svd(a, compute_uv=False), np.zeros(0)
    return gnp.linalg.svd(a, full_matrices=full_matrices)


def _diagonal(x, offset=0, dim1=0, dim2=1):
    return gnp.diagonal(x, offset, dim1, dim2)


def _tri(keep):
    def tri(x, diagonal=0):
        rows, cols = np.shape(raw(x))[-2:]
        mask = keep(np.arange(rows)[:, None], np.arange(cols)[None, :], diagonal)
        return gnp.where(mask, x, gnp.zeros_like(x))

    return tri


def _roll(x, shifts, dims=()):
    shifts = list(shifts) if isinstance(shifts, (list, tuple)) else [shifts]
    if not dims:
        return gnp.reshape(gnp.roll(gnp.reshape(x, (-1,)), shifts[0]), np.shape(raw(x)))
    return gnp.roll(x, tuple(shifts), axis=tuple(dims))


def _constant_pad(x, pad, value=0):
    """``aten.constant_pad_nd``: ``pad`` pairs from the last dimension back; a negative width crops."""
    widths = [(0, 0)] * np.ndim(raw(x))
    for i in range(len(pad) // 2):
        widths[-1 - i] = (int(pad[2 * i]), int(pad[2 * i + 1]))
    crop = tuple(slice(max(-lo, 0), n - max(-hi, 0)) for (lo, hi), n in zip(widths, np.shape(raw(x))))
    x = x[crop] if any(lo < 0 or hi < 0 for lo, hi in widths) else x
    widths = [(max(lo, 0), max(hi, 0)) for lo, hi in widths]
    return gnp.pad(x, widths, constant_values=value) if any(lo or hi for lo, hi in widths) else x


class _Factored:
    """The LU factors a PyTorch solver returns beside its answer, kept as the matrix they factor.

    A gradient graph hands them to ``linalg_lu_solve``; solving with the matrix
    itself gives the same answer exactly, on any numbers the replay carries.
    """

    def __init__(self, matrix):
        self.matrix = matrix


def _lu_solve(factors, pivots, b, left=True, adjoint=False):
    if not isinstance(factors, _Factored):  # a real LU (a determinant's, `torch_linalg`)
        return torch_linalg.lu_solve(factors, pivots, b, left, adjoint)
    a = factors.matrix
    if adjoint:  # A^H: PyTorch's adjoint conjugates a complex matrix
        a = gnp.swapaxes(gnp.conj(a) if holds_complex(a) else a, -1, -2)
    if left:
        return gnp.linalg.solve(a, b)
    return gnp.swapaxes(gnp.linalg.solve(gnp.swapaxes(a, -1, -2), gnp.swapaxes(b, -1, -2)), -1, -2)


def _broadcast_in_dim(x, shape, broadcast_dimensions):
    kept = [1] * len(shape)
    for axis, n in zip(broadcast_dimensions, np.shape(raw(x))):
        kept[axis] = n
    return gnp.broadcast_to(gnp.reshape(x, tuple(kept)), tuple(shape))


# ATen op -> its replay. The forward ops use gradcli.numpy (differentiable); backward-only ops, NumPy.
OPS = {
    # arithmetic
    "add.Tensor": _add,
    "add.Scalar": _add,
    "sub.Tensor": _subtract,
    "sub.Scalar": _subtract,
    "add": _add,
    "sub": _subtract,
    "rsub.Scalar": lambda x, y, alpha=1: _subtract(y, x, alpha),
    "rsub.Tensor": lambda x, y, alpha=1: _subtract(y, x, alpha),
    "mul": lambda x, y: _arithmetic(gnp.multiply, x, y),
    "div": _divide,
    "neg": gnp.negative,
    "reciprocal": gnp.reciprocal,
    "pow.Tensor_Scalar": _pow,
    "pow.Tensor_Tensor": lambda x, y: gnp.power(x, y),
    "pow.Scalar": lambda x, y: gnp.power(x, y),
    "pow": _pow,  # the overload a decomposition names "default" (linalg.vector_norm of a fractional order)
    "square": gnp.square,
    # elementwise functions
    "exp": gnp.exp,
    "exp2": gnp.exp2,
    "log": gnp.log,
    "log2": gnp.log2,
    "log10": gnp.log10,
    "log1p": gnp.log1p,
    "expm1": gnp.expm1,
    "tanh": gnp.tanh,
    "sin": gnp.sin,
    "cos": gnp.cos,
    "tan": gnp.tan,
    "sinh": gnp.sinh,
    "cosh": gnp.cosh,
    "atan": gnp.arctan,
    "asin": gnp.arcsin,
    "acos": gnp.arccos,
    "erf": gnp.erf,
    "sqrt": gnp.sqrt,
    "rsqrt": lambda x: 1 / gnp.sqrt(x),
    "abs": gnp.abs,
    "sign": gnp.sign,
    "sgn": gnp.sign,
    "signbit": _signbit,
    # ``Tensor.item()`` (torch.full with a 0-d tensor's fill calls it): the number; a trace records the Python number
    # it gave as a constant of the ops after it, as PyTorch's autograd takes it
    "_local_scalar_dense": lambda x: x,
    "scatter_reduce": _scatter_reduce,
    "clamp": _clamp,
    "clamp_min": lambda x, m: gnp.maximum(x, m),
    "clamp_max": lambda x, m: gnp.minimum(x, m),
    "maximum": gnp.maximum,
    "minimum": gnp.minimum,
    "where": _where,
    "xlogy": gnp.xlogy,
    "logaddexp": gnp.logaddexp,
    # comparisons and logic: values without gradients
    "eq": _compare(gnp.equal),
    "ne": _compare(gnp.not_equal),
    "gt": _compare(gnp.greater),
    "ge": _compare(gnp.greater_equal),
    "lt": _compare(gnp.less),
    "le": _compare(gnp.less_equal),
    "logical_not": lambda x: np.logical_not(np.asarray(raw(x))),
    "logical_and": lambda x, y: np.logical_and(np.asarray(raw(x)), np.asarray(raw(y))),
    "logical_or": lambda x, y: np.logical_or(np.asarray(raw(x)), np.asarray(raw(y))),
    "bitwise_and": lambda x, y: np.logical_and(np.asarray(raw(x)), np.asarray(raw(y))),
    "bitwise_or": lambda x, y: np.logical_or(np.asarray(raw(x)), np.asarray(raw(y))),
    "bitwise_not": lambda x: np.logical_not(np.asarray(raw(x))),
    "isnan": _isnan,
    "_is_all_true": lambda x: np.all(np.asarray(raw(x))),  # a distribution's argument check (never reaches a value)
    "_is_any_true": lambda x: np.any(np.asarray(raw(x))),
    # reductions and the fused ops losses use
    "sum": _sum,
    "mean": _mean,
    "amax": lambda x, dim=(), keepdim=False: gnp.max(x, axis=_axes(dim, x), keepdims=keepdim),
    "amin": lambda x, dim=(), keepdim=False: gnp.min(x, axis=_axes(dim, x), keepdims=keepdim),
    "logsumexp": lambda x, dim, keepdim=False: gnp.logsumexp(x, axis=_axes(dim, x), keepdims=keepdim),
    # linear algebra
    "mm": gnp.matmul,
    "bmm": gnp.matmul,
    "matmul": gnp.matmul,
    "dot": gnp.dot,
    "addmm": lambda b, m1, m2, beta=1, alpha=1: b * beta + gnp.matmul(m1, m2) * alpha,
    "_sparse_addmm": lambda b, m1, m2, beta=1, alpha=1: b * beta + gnp.matmul(m1, m2) * alpha,  # m1 replayed dense
    "_sparse_coo_tensor_with_dims_and_tensors": _sparse_coo,
    # shapes and indexing
    "t": gnp.transpose,
    "view": lambda x, size: gnp.reshape(x, tuple(size)),
    "_unsafe_view": lambda x, size: gnp.reshape(x, tuple(size)),
    "reshape": lambda x, size: gnp.reshape(x, tuple(size)),
    "expand": _expand,
    "permute": lambda x, dims: gnp.transpose(x, tuple(dims)),
    "transpose": lambda x, d0, d1: gnp.swapaxes(x, d0, d1),  # transpose.int, and the packet nn.RNN and nn.GRU call
    "unsqueeze": lambda x, dim: gnp.expand_dims(x, dim if dim >= 0 else dim + np.ndim(raw(x)) + 1),
    "squeeze": _squeeze,
    # (gradcli's getitem on plain arrays too: a replay's recorder then links the entry to the op that made it)
    "select.int": lambda x, dim, index: getitem(x, _index_along(x, dim, index)),
    "slice.Tensor": _slice,
    "unsafe_split.Tensor": _unsafe_split,
    "cat": _cat,
    "stack": lambda tensors, dim=0: gnp.stack(tensors, axis=dim),
    "index.Tensor": _index,
    "gather": lambda x, dim, index, sparse_grad=False: gnp.take_along_axis(x, index_array(index), dim),
    # special functions
    "lgamma": gnp.gammaln,
    "digamma": gnp.digamma,
    "polygamma": polygamma_of_orders,
    "erfc": gnp.erfc,
    "erfinv": special.erfinv,
    "erf_inv": special.erfinv,
    "special_erfcx": special.erfcx,
    "erfcx": special.erfcx,
    "special_ndtri": special.ndtri,
    "special_log_ndtr": special.log_ndtr,
    "special_i0e": special.i0e,
    "bessel_i0e": special.i0e,
    "special_i1e": special.i1e,
    "i0": special.i0,
    "special_i1": special.i1,
    # torch.special's Bessel functions, which PyTorch computes but does not differentiate (their outputs need no grad)
    "special_bessel_j0": special.j0,
    "special_bessel_j1": special.j1,
    "special_bessel_y0": special.y0,
    "special_bessel_y1": special.y1,
    "special_modified_bessel_i0": special.i0,
    "special_modified_bessel_i1": special.i1,
    "special_scaled_modified_bessel_k0": special.k0e,
    "special_scaled_modified_bessel_k1": special.k1e,
    "special_modified_bessel_k0": lambda x: special.k0e(x) * gnp.exp(-x),
    "special_modified_bessel_k1": lambda x: special.k1e(x) * gnp.exp(-x),
    "special_spherical_bessel_j0": _spherical_bessel_j0,
    "special_airy_ai": airy_ai,
    **ORTHOGONAL_POLYNOMIALS,
    "zeta": special.zeta,
    "igamma": special.gammainc,
    "igammac": special.gammaincc,
    "atan2": gnp.arctan2,
    "hypot": gnp.hypot,
    "remainder": _remainder,
    "fmod": _fmod,
    "trunc": gnp.trunc,
    "floor": gnp.floor,
    "ceil": gnp.ceil,
    "round": gnp.round,
    "asinh": gnp.arcsinh,
    "acosh": gnp.arccosh,
    "atanh": gnp.arctanh,
    # reductions, sorts and running folds
    "var": _var,
    "prod": _prod,
    "max.default": _extreme(gnp.max, gnp.argmax),
    "min.default": _extreme(gnp.min, gnp.argmin),
    "max.dim": _extreme(gnp.max, gnp.argmax),
    "min.dim": _extreme(gnp.min, gnp.argmin),
    "argmax": _arg_extreme(gnp.argmax),
    "argmin": _arg_extreme(gnp.argmin),
    "max": gnp.maximum,
    "min": gnp.minimum,
    "sort": _sort,
    "topk": _topk,
    "searchsorted": _searchsorted,
    "embedding_renorm": _embedding_renorm,
    "median": _middle(skip_nan=False),
    "nanmedian": _middle(skip_nan=True),
    "mode": _mode,
    "kthvalue": _kthvalue,
    "cumsum": _running("cumsum", lambda x, dim: gnp.cumsum(x, axis=_dim_of(x, dim))),
    "cumprod": _running("cumprod", lambda x, dim: orderings.cumulative(x, dim, gnp.multiply)),
    "logcumsumexp": _running("logcumsumexp", lambda x, dim: orderings.cumulative(x, dim, gnp.logaddexp)),
    "cummax": _cummax(gnp.maximum, np.greater_equal),
    "cummin": _cummax(gnp.minimum, np.less_equal),
    # linear algebra
    "linalg_cholesky_ex": _cholesky_ex,
    "_linalg_solve_ex": _solve_ex,
    "linalg_inv_ex": lambda a, check_errors=False: (gnp.linalg.inv(a), _no_errors(a)),
    "_linalg_slogdet": _slogdet,
    "_linalg_det": torch_linalg.det,
    "lu_unpack": torch_linalg.lu_unpack,
    "linalg_qr": torch_linalg.qr,
    "linalg_matrix_exp": torch_linalg.matrix_exp,
    "linalg_lu": lambda a, pivot=True: torch_linalg.lu_unpack(*torch_linalg.lu_factor(a)),
    "linalg_lu_factor_ex": lambda a, pivot=True, check_errors=False: (*torch_linalg.lu_factor(a), _no_errors(a)),
    "linalg_solve_triangular": _solve_triangular,
    "cholesky_solve": _cholesky_solve,
    "cholesky_inverse": _cholesky_inverse,
    "linalg_pinv": _pinv,
    "_linalg_eigh": _eigh,
    "linalg_eig": torch_linalg.eig,
    "linalg_eigvals": lambda a: torch_linalg.eig(a)[0],
    "_linalg_svd": _svd,
    "diagonal": _diagonal,
    "diagonal_backward": _diagonal_backward,
    "triu": _tri(lambda i, j, k: j - i >= k),
    "tril": _tri(lambda i, j, k: j - i <= k),
    "roll": _roll,
    "rev": lambda x, dims: gnp.flip(x, axis=tuple(dims)),
    "flip": lambda x, dims: gnp.flip(x, axis=tuple(dims)),
    "broadcast_in_dim": _broadcast_in_dim,
    "linalg_lu_solve": _lu_solve,
    "_linalg_check_errors": lambda info, api_name, is_matrix=True: None,
    "constant_pad_nd": _constant_pad,
    # constants
    "iota": _iota,
    "arange": _arange,
    **WINDOWS,
    "empty": _empty,
    "empty_permuted": lambda size, physical_layout, **kw: _empty(size, kw.get("dtype")),
    "empty_strided": lambda size, stride, **kw: _empty(size, kw.get("dtype")),  # a write's copy (functionalized)
    "_has_same_storage_numel": lambda x, y: True,  # forward mode's check of a tangent's storage (torch.func.jvp)
    "_efficientzerotensor": lambda size, **kw: _full(size, 0, kw.get("dtype")),  # forward mode's zero tangent
    # copies, constants and dtypes
    "detach": lambda x: x,
    "alias": lambda x: x,
    "clone": lambda x, memory_format=None: x,
    "lift_fresh_copy": lambda x: x,
    "contiguous": lambda x, memory_format=None: x,
    "_to_copy": _to_copy,
    "scalar_tensor": _scalar_tensor,
    "zeros_like": _like(0),
    "ones_like": _like(1),
    "full_like": _full_like,
    "full": _full,
    "zeros": lambda size, **kw: _full(size, 0, kw.get("dtype")),
    "ones": lambda size, **kw: _full(size, 1, kw.get("dtype")),
    "new_zeros": lambda x, size, **kw: _new_full(x, size, 0, kw.get("dtype")),
    "new_ones": lambda x, size, **kw: _new_full(x, size, 1, kw.get("dtype")),
    "new_full": lambda x, size, fill, **kw: _new_full(x, size, fill, kw.get("dtype")),
    # forward mode's tangent storage (torch.func.jacfwd): the leading batch dims of x, the shape of other
    "_new_zeros_with_same_feature_meta": lambda x, other, self_num_batch_dims=0: _new_full(
        other, np.shape(raw(x))[:self_num_batch_dims] + np.shape(raw(other)), 0),
    # ops of backward graphs: evaluated on plain values, never differentiated
    "select_scatter": _select_scatter,
    "diagonal_scatter": _diagonal_scatter,
    "copy": _copy,
    "slice_scatter": _slice_scatter,
    "scatter_add": _scatter_add,
    "scatter.src": _scatter,
    "scatter.value": _scatter,
    "index_put": _index_put,
    "_unsafe_index_put": _index_put,
}


# The ops above that map their tensors' entries one by one (given numbers for their other arguments):
# a graph of these alone, traced on numbers, serves arrays of any one shape.
ELEMENTWISE = frozenset(
    "add sub rsub mul div neg reciprocal pow square exp exp2 log log2 log10 log1p expm1 tanh sin cos tan "
    "sinh cosh atan asin acos erf erfc sqrt rsqrt abs sign sgn clamp clamp_min clamp_max maximum minimum where "
    "xlogy logaddexp eq ne gt ge lt le logical_not logical_and logical_or isnan lgamma digamma atan2 "
    "hypot trunc floor ceil round asinh acosh atanh".split()
)

# The special functions above that PyTorch computes by approximations of its own, which can be off by far more than
# the dtype's rounding (its float64 trigamma, polygamma(1, x), is 5e-10 off at 1): a replay in the dtype tags each
# call with PyTorch's own kernel, so that provenance can name the kernel where it alone lost the digits.
APPROXIMATED = frozenset(
    "lgamma digamma polygamma erf erfc erfinv erf_inv special_erfcx erfcx special_ndtri special_log_ndtr special_i0e "
    "bessel_i0e special_i1e i0 special_i1 special_bessel_j0 special_bessel_j1 special_bessel_y0 special_bessel_y1 "
    "special_modified_bessel_i0 special_modified_bessel_i1 special_scaled_modified_bessel_k0 "
    "special_scaled_modified_bessel_k1 special_modified_bessel_k0 special_modified_bessel_k1 "
    "special_spherical_bessel_j0 special_airy_ai zeta igamma igammac".split()
)
