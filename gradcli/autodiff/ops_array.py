"""Reductions, shape changes, indexing and array constructors, with their rules.

Above the elementwise ops (whose rules these use, and which use `unbroadcast`,
defined here since undoing broadcasting is a sum and a reshape).
"""

from __future__ import annotations

import builtins

import numpy as np

from .core import defjvp, defvjp, defvjp_all
from .ops import absolute, astype, exact_beside, exact_entries, exp, real, select, sqrt
from .tracer import composing, hooks, primitive, stack_sequences_with
from .values import NUMPY_SCALAR_TYPES, Box, dtype_of, float_dtype, holds_box, holds_complex, loaded_mpmath, raw, shape_of


def _array_op(fun, name, kind, mp=None):
    return primitive(fun, name, kind=kind, mp=mp)


def _normalize_axes(axis, ndim):
    if axis is None:
        return tuple(range(ndim))
    if isinstance(axis, int):
        axis = (axis,)
    return tuple(a % ndim if ndim else 0 for a in axis)


def _kept_shape(shape, axis):
    """The shape of a reduction with keepdims=True."""
    axes = _normalize_axes(axis, len(shape))
    return tuple(1 if i in axes else n for i, n in enumerate(shape))


def _count(shape, axis):
    axes = _normalize_axes(axis, len(shape))
    n = 1
    for a in axes:
        n *= shape[a]
    return n


def _expand_reduced(g, x, axis, keepdims):
    """Broadcast the cotangent of a reduction back over the reduced axes."""
    if axis is None and type(x) is np.ndarray and type(g) in NUMPY_SCALAR_TYPES and hooks.forward is None:
        # A full reduction of a plain array, a number's cotangent: the view
        # `broadcast_to` would make, without its door (and no hook to tell).
        return _spread(g, x.shape)
    shape = shape_of(x)
    if not keepdims and axis is not None:
        g = reshape(g, _kept_shape(shape, axis))
    return broadcast_to(g, shape)


def _keep(ans, x, axis, keepdims):
    """The reduction's output with the reduced axes kept, for broadcasting against x."""
    if keepdims:
        return ans
    return reshape(ans, _kept_shape(shape_of(x), axis))


_NUMPY_VALUES = frozenset({np.ndarray, *NUMPY_SCALAR_TYPES})


def unbroadcast(g, target):
    """Sum ``g`` down to the shape of ``target``, undoing NumPy broadcasting.

    Also drops the imaginary part when ``target`` is real. Every VJP of a
    broadcasting op ends here, so broadcasting is handled once.
    """
    kind = type(g)
    if kind is type(target):
        if kind is np.ndarray:
            if g.shape == target.shape and (g.dtype.kind not in "cO" or target.dtype.kind == "c"):
                return g  # the most common case: nothing to undo
        elif kind is float or kind in NUMPY_SCALAR_TYPES:
            return g  # two scalars of one type: nothing to sum, no imaginary part to drop
    raw_g, raw_target = raw(g), raw(target)
    if (
        type(raw_g) in _NUMPY_VALUES
        and type(raw_target) in _NUMPY_VALUES
        and raw_g.shape == raw_target.shape
        and (raw_g.dtype.kind not in "cO" or raw_target.dtype.kind == "c")
    ):
        return g  # the common case: nothing to undo
    shape = shape_of(target)
    g_shape = shape_of(g)
    if g_shape != shape:
        extra = len(g_shape) - len(shape)
        axes = tuple(range(extra)) + tuple(
            extra + i for i, n in enumerate(shape) if n == 1 and g_shape[extra + i] != 1
        )
        if axes:
            g = sum_(g, axis=axes, keepdims=False)
        if len(shape_of(g)) != len(shape):
            g = reshape(g, shape)
    if holds_complex(g) and not holds_complex(target):
        g = real(g)
    return g


def broadcast_like(t, ans):
    """A tangent broadcast to the output's shape (for add/subtract in forward mode)."""
    if shape_of(t) == shape_of(ans):
        return t
    return broadcast_to(t, shape_of(ans))


# -- reductions ---------------------------------------------------------------


# NumPy's reductions already work on object arrays of mpmath numbers.


def _sum_raw(x, axis=None, keepdims=False, **options):
    # np.add.reduce is np.sum without its Python wrapper (a few microseconds a
    # call); np.sum keeps the rest (options, lists, subclasses).
    if type(x) is np.ndarray and not options:
        # Positional (axis, dtype, out, keepdims): keywords are parsed by hashing their names.
        return np.add.reduce(x, axis, None, None, keepdims)
    return np.sum(x, axis=axis, keepdims=keepdims, **options)


def _exact_accumulation(reduce):
    """NumPy's ``reduce`` (sum, mean) on high-precision numbers, whatever dtype its caller accumulates in: an exact
    run's numbers are the mathematics, which a cast to the accumulator's float dtype would round (and the jets' and
    proof numbers' slopes drop)."""

    def run(x, *args, dtype=None, **kwargs):
        held = np.asarray(x).dtype == object if not isinstance(x, (float, int)) else False
        return reduce(x, *args, **kwargs) if held or dtype is None else reduce(x, *args, dtype=dtype, **kwargs)

    return run


sum_ = _array_op(_sum_raw, "sum", "reduction", mp=_exact_accumulation(np.sum))
mean = _array_op(np.mean, "mean", "reduction", mp=_exact_accumulation(np.mean))
prod = _array_op(np.prod, "prod", "reduction", mp=np.prod)
max_ = _array_op(np.max, "max", "reduction", mp=np.max)
min_ = _array_op(np.min, "min", "reduction", mp=np.min)

# A sum or mean accumulated in another dtype (``dtype=np.float32`` over float16 values) has the same derivative: the
# accumulator's rounding is the op's, which the checker's run in the dtype meets.
defvjp(sum_, lambda g, ans, x, axis=None, keepdims=False, dtype=None: _expand_reduced(g, x, axis, keepdims), reads="")
defjvp(sum_, lambda t, ans, x, axis=None, keepdims=False, dtype=None: sum_(t, axis=axis, keepdims=keepdims, dtype=dtype))
defvjp(
    mean,
    lambda g, ans, x, axis=None, keepdims=False, dtype=None: _expand_reduced(g, x, axis, keepdims)
    / _count(shape_of(x), axis),
    reads="",
)
defjvp(mean, lambda t, ans, x, axis=None, keepdims=False, dtype=None: mean(t, axis=axis, keepdims=keepdims, dtype=dtype))


def _prod_vjp(g, ans, x, axis=None, keepdims=False):
    # d prod / d x_i is the product of the others; computed without dividing by
    # a zero x_i, and so that its own derivative (the Hessian) is right at zeros
    # too: where the others' product is 0 because of a zero x_z, it is written
    # as x_z times the rest, a 0 that still depends on x_z.
    raw_x = raw(x)
    is_zero = raw_x == 0
    zeros = np.sum(is_zero, axis=axis, keepdims=True)
    nonzero_x = select(is_zero, 1.0, x)
    zero_x = select(is_zero, x, 0.0)  # the zeros, still traced
    zero_sum = sum_(zero_x, axis=axis, keepdims=True)
    rest = _keep(prod(nonzero_x, axis=axis, keepdims=keepdims), x, axis, keepdims)
    full = _keep(ans, x, axis, keepdims)
    one_zero = rest / nonzero_x * select(is_zero, 1.0, zero_sum)
    two_zeros = select(is_zero, rest * (zero_sum - zero_x), 0.0)
    grad_each = select(
        zeros == 0,
        full / nonzero_x,
        select(zeros == 1, one_zero, select(zeros == 2, two_zeros, 0.0)),
    )
    return _expand_reduced(g, x, axis, keepdims) * grad_each


defvjp(prod, _prod_vjp)


def _extremum_vjp(g, ans, x, axis=None, keepdims=False):
    # Ties share the gradient equally.
    raw_x = raw(x)
    hits = (raw_x == raw(_keep(ans, x, axis, keepdims))).astype(float_dtype(raw_x))
    hits = hits / np.sum(hits, axis=axis, keepdims=True)
    return _expand_reduced(g, x, axis, keepdims) * hits


defvjp(max_, _extremum_vjp)
defvjp(min_, _extremum_vjp)


def _stacked(x):
    """A list or tuple (of traced values, maybe) as one array, as the primitives' door stacks it."""
    return asarray(x) if isinstance(x, (list, tuple)) else x


def var(x, axis=None, ddof=0, keepdims=False):
    """Variance, built from differentiable primitives (no rule of its own)."""
    x = _stacked(x)
    centered = x - mean(x, axis=axis, keepdims=True)
    squares = absolute(centered) ** 2 if holds_complex(x) else centered * centered
    return sum_(squares, axis=axis, keepdims=keepdims) / (_count(shape_of(x), axis) - ddof)


def std(x, axis=None, ddof=0, keepdims=False):
    """Standard deviation, built from differentiable primitives."""
    x = _stacked(x)
    variance = var(x, axis=axis, ddof=ddof, keepdims=keepdims)
    if ddof == 0 and _count(shape_of(x), axis) == 1:
        # One element: the variance is identically 0, and so is its square root,
        # whose every derivative is 0 (sqrt's own is infinite at 0, which makes NaN).
        return variance
    return sqrt(variance)


def _cumsum_raw(x, axis=None):
    return np.cumsum(x, axis=axis)


cumsum = _array_op(_cumsum_raw, "cumsum", "reduction", mp=_cumsum_raw)


def _cumsum_vjp(g, ans, x, axis=None):
    if axis is None:
        return reshape(flip(cumsum(flip(g, 0)), 0), shape_of(x))
    return flip(cumsum(flip(g, axis), axis=axis), axis)


defvjp(cumsum, _cumsum_vjp)
defjvp(cumsum, lambda t, ans, x, axis=None: cumsum(t, axis=axis))


def cumprod(x, axis=None):
    """``np.cumprod``: running products along ``axis`` (of the flattened array when None), each a `prod` of a triangle.

    Row j of the triangle holds x_0..x_j and ones after them, so every running
    product is a `prod`, whose rule multiplies the other entries instead of
    dividing by x: the gradient is right where an entry is 0 (x / x would be
    NaN there). It costs n^2 per run of n entries, which a loss's running
    products (discounts, survival curves) afford.
    """
    with composing("cumprod", "prod", (x,)):  # a finding on its prod names the user's cumprod, of the user's x
        if axis is None:
            x, axis = reshape(x, (-1,)), 0
        x = moveaxis(x, axis, -1)
        shape = shape_of(x)
        n = shape[-1]
        rows = reshape(x, (*shape[:-1], 1, n))
        triangle = select(np.tril(np.ones((n, n), dtype=bool)), rows, ones_like(rows))
        return moveaxis(prod(triangle, axis=-1), -1, axis)


def _logsumexp_raw(x, axis=None, keepdims=False):
    x = np.asarray(x)
    if x.dtype == object:
        return _mp_logsumexp(x, axis, keepdims)
    m = np.max(x, axis=axis, keepdims=True, initial=-np.inf)  # over an empty axis: -inf, and the answer log(0)
    m = np.where(np.isfinite(m), m, 0)
    with np.errstate(divide="ignore"):
        out = np.log(np.sum(np.exp(x - m), axis=axis, keepdims=True)) + m
    if not keepdims:
        out = np.squeeze(out, axis=axis) if axis is not None else out.reshape(())
    return out[()] if out.ndim == 0 else out


def _mp_logsumexp(x, axis, keepdims):
    """logsumexp of an object array of mpmath numbers, each slice along ``axis`` shifted by its largest entry
    (`_mp_logsumexp_of`)."""
    axes = tuple(range(x.ndim)) if axis is None else tuple(a % x.ndim for a in np.atleast_1d(axis).tolist())
    rest = [a for a in range(x.ndim) if a not in axes]
    kept = [x.shape[a] for a in rest]
    slices = np.transpose(x, rest + list(axes)).reshape(kept + [int(np.prod([x.shape[a] for a in axes]))])
    out = np.empty(kept, dtype=object)
    for index in np.ndindex(*kept):
        out[index] = _mp_logsumexp_of(slices[index])
    if keepdims:
        return out.reshape([1 if a in axes else n for a, n in enumerate(x.shape)])
    return out[()] if out.ndim == 0 else out


# Past this many bits of magnitude (e^-(2^65536)) a term's exponential is below the unit of every precision the exact
# reference climbs to beside its slice's largest term, 1; mpmath's exp would spend minutes reaching it (`mp._ABOVE_BITS`).
_TERM_BELOW_EVERY_UNIT = 2**16


def _mp_logsumexp_of(entries):
    """log(sum(exp(entries))) on mpmath numbers, as top + log(sum(exp(entries - top))) with ``top`` the largest:
    an entry past every number mpmath's exp can make (e^(e^1e300), a loss's logit of 1e300 log 1e300) never meets
    exp, a NaN is the answer (as IEEE's sum of exponentials gives), +inf gives +inf, and no entries or -inf alone
    give -inf."""
    mpmath = loaded_mpmath()
    entries = list(entries)
    if any(mpmath.isnan(e) for e in entries):
        return mpmath.nan
    if any(e == mpmath.inf for e in entries):
        return mpmath.inf
    finite = [e for e in entries if mpmath.isfinite(e)]
    if not finite:
        return mpmath.ninf
    top = max(finite)
    apart = [e - top for e in finite]
    terms = [mpmath.exp(d) for d in apart if not d or mpmath.mag(d) <= _TERM_BELOW_EVERY_UNIT]
    return top + mpmath.log(mpmath.fsum(terms))


logsumexp = _array_op(_logsumexp_raw, "logsumexp", "reduction", mp=_logsumexp_raw)


def _logsumexp_vjp(g, ans, x, axis=None, keepdims=False):
    if shares_from_inputs(x):
        weights = _softmax_weights(x, axis)
    else:
        weights = exp(x - _keep(ans, x, axis, keepdims))
    return _expand_reduced(g, x, axis, keepdims) * weights


def shares_from_inputs(*values):
    """Whether a log-sum's rule (logsumexp's, logaddexp's) takes its shares from its inputs alone: on floats and
    mpmath numbers, where its rounded answer would swallow them at a large magnitude (logaddexp(1e300, 1e300) rounds
    to 1e300, and e^(1e300 - 1e300) is 1 where the share is 1/2), never e^(x - ans). On flint's balls, jets and proof
    numbers the rule reads its answer: their anchored sums keep the tail it carries (1 - e^-1e200 of a one-hot)."""
    for value in values:
        value = raw(value)
        kinds = set(map(type, value.flat)) if isinstance(value, np.ndarray) and value.dtype == object else {type(value)}
        if not all(issubclass(kind, (int, float, np.number, np.ndarray)) or kind.__module__.startswith("mpmath")
                   for kind in kinds):
            return False
    return True


def _softmax_weights(x, axis):
    """logsumexp's slope: the softmax of ``x`` along ``axis``, e^(x - m) / sum e^(x - m), ``m`` a constant the
    weights do not depend on: the largest finite entry, so nothing overflows in a NumPy dtype, and on mpmath numbers
    (which never do) the same shift, so that the exact run's exps are the float run's, op for op, for the provenance
    that pairs them (e^(log 200 - 800) unshifted is 3.7e-348 where the float run's shifted exp is 1)."""
    values = raw(x)
    if dtype_of(x) != object:
        top = np.max(values, axis=axis, keepdims=True, initial=-np.inf)
        top = np.where(np.isfinite(top), top, 0).astype(top.dtype)
    else:
        top = largest_finite(values, axis)
    shifted = exp(x - top)
    return shifted / sum_(shifted, axis=axis, keepdims=True)


def largest_finite(values, axis):
    """The largest finite entry of an object array of mpmath numbers along ``axis`` (kept as an axis), 0 where a slice
    has none: a shift held as a constant."""
    import mpmath  # lazy: only exact numbers come here, and mpmath made them

    array = np.asarray(values, dtype=object)
    finite = np.vectorize(lambda v: bool(mpmath.isfinite(v)), otypes=[bool])(array) if array.size else array
    masked = np.where(finite, array, mpmath.mpf("-inf")) if array.size else array
    top = np.max(masked, axis=axis, keepdims=True, initial=mpmath.mpf("-inf"))
    return np.where(np.vectorize(lambda v: bool(mpmath.isfinite(v)), otypes=[bool])(top), top, 0)


defvjp(logsumexp, _logsumexp_vjp)

# -- shape --------------------------------------------------------------------


def _reshape_raw(x, shape):
    return np.reshape(x, shape)


reshape = _array_op(_reshape_raw, "reshape", "shape", mp=_reshape_raw)
defvjp(reshape, lambda g, ans, x, shape: reshape(g, shape_of(x)))
defjvp(reshape, lambda t, ans, x, shape: reshape(t, shape))


def ravel(x):
    return reshape(x, (-1,))


def _broadcast_to_raw(x, shape):
    if type(x) is not np.ndarray or x.ndim == 0:
        value = np.asarray(x)
        if value.ndim == 0 and value.dtype.kind != "O":  # (!= object would convert `object` to a dtype)
            return _spread(value, shape)
    return np.broadcast_to(x, shape)


def _spread(value, shape):
    """A NumPy scalar (or 0-d array) spread over ``shape``: a read-only zero-stride view.

    The VJP of every full reduction; ~5x cheaper than np.broadcast_to.
    """
    # Positional: NumPy parses keyword arguments here by hashing their names anew.
    view = np.ndarray(shape, value.dtype, value, 0, (0,) * len(shape))
    view.setflags(False)  # (write=False; positional, as above)
    return view


broadcast_to = _array_op(_broadcast_to_raw, "broadcast_to", "shape", mp=_broadcast_to_raw)


defvjp(broadcast_to, lambda g, ans, x, shape: unbroadcast(g, x))
defjvp(broadcast_to, lambda t, ans, x, shape: broadcast_to(t, shape))


def _transpose_raw(x, axes=None):
    if type(x) is np.ndarray:
        return x.transpose(axes)  # np.transpose reaches this through two Python calls
    return np.transpose(x, axes)


transpose = _array_op(_transpose_raw, "transpose", "shape", mp=_transpose_raw)


def _transpose_vjp(g, ans, x, axes=None):
    if axes is None:
        return transpose(g)
    return transpose(g, tuple(np.argsort([a % len(axes) for a in axes])))


defvjp(transpose, _transpose_vjp)
defjvp(transpose, lambda t, ans, x, axes=None: transpose(t, axes))


def swapaxes(x, axis1, axis2):
    ndim = len(shape_of(x))
    axes = list(range(ndim))
    a, b = axis1 % ndim, axis2 % ndim
    axes[a], axes[b] = axes[b], axes[a]
    return transpose(x, tuple(axes))


def moveaxis(x, source, destination):
    """``np.moveaxis``: axes ``source`` (an int or a sequence) moved to ``destination``, the others kept in order."""
    ndim = len(shape_of(x))
    sources = [a % ndim for a in ((source,) if isinstance(source, (int, np.integer)) else source)]
    destinations = [a % ndim for a in ((destination,) if isinstance(destination, (int, np.integer)) else destination)]
    if len(sources) != len(destinations):
        raise ValueError("`source` and `destination` arguments must have the same number of elements")
    order = [a for a in range(ndim) if a not in sources]
    for dest, src in sorted(zip(destinations, sources)):
        order.insert(dest, src)
    return transpose(x, tuple(order))


def expand_dims(x, axis):
    shape = list(shape_of(x))
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    ndim = len(shape) + len(axes)
    for a in sorted(a % ndim for a in axes):
        shape.insert(a, 1)
    return reshape(x, tuple(shape))


def squeeze(x, axis=None):
    shape = shape_of(x)
    if axis is None:
        drop = {i for i, n in enumerate(shape) if n == 1}
    else:
        drop = {a % len(shape) for a in ((axis,) if isinstance(axis, int) else axis)}
        for a in drop:
            if shape[a] != 1:
                raise ValueError(f"cannot squeeze axis {a}: its length is {shape[a]}, not 1")
    return reshape(x, tuple(n for i, n in enumerate(shape) if i not in drop))


def _flip_raw(x, axis=None):
    return np.flip(x, axis)


flip = _array_op(_flip_raw, "flip", "shape", mp=_flip_raw)
defvjp(flip, lambda g, ans, x, axis=None: flip(g, axis))
defjvp(flip, lambda t, ans, x, axis=None: flip(t, axis))


def _tile_raw(x, reps):
    return np.tile(x, reps)


tile = _array_op(_tile_raw, "tile", "shape", mp=_tile_raw)


def _tile_vjp(g, ans, x, reps):
    reps = (reps,) if isinstance(reps, int) else tuple(reps)
    shape = shape_of(x)
    ndim = builtins.max(len(shape), len(reps))
    shape = (1,) * (ndim - len(shape)) + tuple(shape)
    reps = (1,) * (ndim - len(reps)) + reps
    # Split every tiled axis into (repetition, original) and sum the repetitions.
    split_shape = [n for pair in zip(reps, shape) for n in pair]
    summed = sum_(reshape(g, tuple(split_shape)), axis=tuple(range(0, 2 * ndim, 2)))
    return reshape(summed, shape_of(x))


defvjp(tile, _tile_vjp)


def _getitem_raw(x, index):
    return x[index]


def _getitem_exact(x, index):
    """``x[index]`` of exact numbers: a reduction's 0-d answer is a bare number (an mpf, a ball), indexed as NumPy
    indexes its scalar (``s[None]``, ``s[()]``) through a 0-d array of it."""
    if not isinstance(x, (np.ndarray, list, tuple, dict, str, bytes)):  # a number: containers index as they do
        x = np.asarray(x, dtype=object)
    return x[index]


getitem = _array_op(_getitem_raw, "getitem", "indexing", mp=_getitem_exact)


def _untake_raw(g, index, shape, dtype):
    """Scatter-add ``g`` into zeros of ``shape``: the adjoint of indexing."""
    out = np.zeros(shape, dtype=dtype)
    np.add.at(out, index, g)
    return out


untake = _array_op(_untake_raw, "untake", "indexing", mp=_untake_raw)


def _dtype_for_untake(x):
    value = raw(x)
    return value.dtype if isinstance(value, (np.ndarray, np.generic)) else np.asarray(value).dtype


defvjp(getitem, lambda g, ans, x, index: untake(g, index, shape_of(x), _dtype_for_untake(x)))
defjvp(getitem, lambda t, ans, x, index: getitem(t, index))
defvjp(untake, lambda g, ans, v, index, shape, dtype: getitem(g, index))
defjvp(untake, lambda t, ans, v, index, shape, dtype: untake(t, index, shape, dtype))


def bincount(x, weights=None, minlength=0):
    """``np.bincount``: how often each whole number of ``x`` occurs, or with ``weights`` each number's sum of them, a
    scatter-add into float64 zeros (its gradient gathers) that adds in the order NumPy does."""
    bins = np.asarray(raw(x))
    counts = np.bincount(bins, minlength=minlength)  # NumPy's own checks of x, and the length
    if weights is None:
        return counts
    dtype = _dtype_for_untake(weights)
    return untake(weights, bins, counts.shape, dtype if dtype == object else np.dtype(np.float64))


def take(x, indices, axis=None):
    """Elements of ``x`` at ``indices`` along ``axis`` (through indexing, so scatter-add VJP)."""
    if axis is None:
        return getitem(ravel(x), indices)
    axis = axis % len(shape_of(x))
    return getitem(x, (slice(None),) * axis + (np.asarray(indices),))


def repeat(x, repeats, axis=None):
    """``np.repeat``, as a gather: its gradient is the matching scatter-add."""
    if axis is None:
        x = ravel(x)
        axis = 0
    n = shape_of(x)[axis]
    return take(x, np.repeat(np.arange(n), repeats), axis=axis)


def _concatenate_raw(axis, *arrays):
    return np.concatenate(arrays, axis=axis)


def _concatenate_exact(axis, *arrays):
    return np.concatenate(exact_beside(arrays), axis=axis)


_concatenate = _array_op(_concatenate_raw, "concatenate", "shape", mp=_concatenate_exact)


def _concatenate_vjp_all(g, ans, axis, *arrays):
    ndim = len(shape_of(ans))
    ax = axis % ndim
    out = [None]
    start = 0
    for a in arrays:
        stop = start + shape_of(a)[ax]
        out.append(getitem(g, (slice(None),) * ax + (slice(start, stop),)))
        start = stop
    return out


defvjp_all(_concatenate, _concatenate_vjp_all)


def concatenate(arrays, axis=0):
    return _concatenate(axis, *arrays)


def _stack_raw(axis, *arrays):
    return np.stack(arrays, axis=axis)


def _stack_exact(axis, *arrays):
    return np.stack(exact_beside(arrays), axis=axis)


_stack = _array_op(_stack_raw, "stack", "shape", mp=_stack_exact)


def _stack_vjp_all(g, ans, axis, *arrays):
    ax = axis % len(shape_of(ans))
    return [None] + [getitem(g, (slice(None),) * ax + (i,)) for i in range(len(arrays))]


defvjp_all(_stack, _stack_vjp_all)


def stack(arrays, axis=0):
    return _stack(axis, *arrays)


def split(x, indices_or_sections, axis=0):
    """``np.split`` as slices of ``x`` (each slice differentiable)."""
    if isinstance(indices_or_sections, (int, np.integer)) and shape_of(x)[axis] % indices_or_sections:
        raise ValueError("array split does not result in an equal division")
    return array_split(x, indices_or_sections, axis)


def array_split(x, indices_or_sections, axis=0):
    """``np.array_split``: as `split`, but ``n`` sections need not be equal (the first ones are one longer)."""
    ax = axis % len(shape_of(x))
    n = shape_of(x)[ax]
    if isinstance(indices_or_sections, (int, np.integer)):
        if indices_or_sections <= 0:
            raise ValueError("number sections must be larger than 0.")
        size, longer = divmod(n, int(indices_or_sections))
        bounds = [0]
        for i in range(int(indices_or_sections)):
            bounds.append(bounds[-1] + size + (i < longer))
    else:
        bounds = [0] + list(indices_or_sections) + [n]
    return [
        getitem(x, (slice(None),) * ax + (slice(lo, hi),)) for lo, hi in zip(bounds, bounds[1:])
    ]


# -- constructors (constants: they carry no gradient) -------------------------


def array(obj, dtype=None):
    """``np.array``, except that a (nested) list holding traced values is stacked differentiably."""
    if isinstance(obj, Box):
        return obj if dtype is None else astype(obj, dtype)
    if isinstance(obj, (list, tuple)) and holds_box(obj):
        stacked = stack([array(item) for item in obj])
        return stacked if dtype is None else astype(stacked, dtype)
    return exact_entries(np.array(obj, dtype=dtype)) if isinstance(obj, (list, tuple)) else np.array(obj, dtype=dtype)


def asarray(obj, dtype=None):
    if isinstance(obj, Box) or (isinstance(obj, (list, tuple)) and holds_box(obj)):
        return array(obj, dtype)
    return np.asarray(obj, dtype=dtype)


def _like_dtype(x, dtype, fill=0):
    """The dtype of ``np.<ctor>_like(x)``'s array as the program makes it: ``dtype`` if given, else a narrower float
    dtype an exact run's value reports (float32 data held exactly in an object array), for a fill the program holds
    in that dtype (a plain number; an exact one stays exact), so ``np.full_like(x, 0.1)`` is float32's 0.1 there."""
    if dtype is not None or not isinstance(fill, (float, int, np.integer, np.floating)):
        return dtype
    reported = getattr(x, "dtype", None)
    value = raw(x)
    if isinstance(value, np.ndarray) and value.dtype == object and reported is not None and reported != object:
        reported = np.dtype(reported)
        return reported if reported.kind == "f" and reported.itemsize < 8 else None
    return None


def zeros_like(x, dtype=None):
    return np.zeros_like(raw(x), dtype=_like_dtype(x, dtype))


def ones_like(x, dtype=None):
    return np.ones_like(raw(x), dtype=_like_dtype(x, dtype))


def empty_like(x, dtype=None):
    return np.empty_like(raw(x), dtype=_like_dtype(x, dtype))


def full_like(x, fill_value, dtype=None):
    """``np.full_like``: a traced fill is broadcast to ``x``'s shape (each entry the fill, its gradient their sum)."""
    if isinstance(fill_value, Box):
        kept = raw(x).dtype if dtype is None and isinstance(raw(x), np.ndarray) else dtype
        return _filled(np.shape(raw(x)), fill_value, kept)
    return np.full_like(raw(x), raw(fill_value), dtype=_like_dtype(x, dtype, raw(fill_value)))


def full(shape, fill_value, dtype=None, order="C"):
    """``np.full``: a traced fill is broadcast to ``shape`` (each entry the fill, its gradient their sum)."""
    if isinstance(fill_value, Box):
        return _filled((shape,) if isinstance(shape, (int, np.integer)) else tuple(shape), fill_value, dtype)
    return np.full(shape, fill_value, dtype=dtype, order=order)


def _filled(shape, fill_value, dtype):
    """The traced ``fill_value`` in every entry of an array of ``shape``, cast to a float ``dtype`` where one is asked
    (an exact run's numbers, held in an object array, stay exact)."""
    if dtype is not None and np.dtype(dtype) != object and np.dtype(dtype) != dtype_of(raw(fill_value)):
        fill_value = astype(fill_value, dtype)
    return broadcast_to(fill_value, shape)


def copy(x):
    """``np.copy``: a traced value as it is (traced values are never changed in place), else NumPy's copy."""
    return x if isinstance(x, Box) else np.copy(x)


stack_sequences_with(asarray)

zeros = np.zeros
ones = np.ones
eye = np.eye
arange = np.arange
linspace = np.linspace
empty = np.empty
identity = np.identity
tri = np.tri
logspace = np.logspace
