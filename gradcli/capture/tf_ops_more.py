"""More of TensorFlow's operations as gradcli ops: linear algebra, running folds, sorts, scatters, activations.

The same shape of table as `tf_ops.OPS` (which takes these in): op type ->
``(replay(inputs, attributes), the attributes it reads)``, each written with
``gradcli.numpy`` (and gradcli.scipy) so a graph replays on NumPy arrays of
any float dtype, on mpmath numbers and on flint balls. Gradient kernels
(``Relu6Grad``, ``EluGrad``, ...) follow TensorFlow's formulas, so the replay in
a dtype meets the overflows the kernel meets.
"""

from __future__ import annotations

import math

import numpy as np

import gradcli.numpy as gnp

from ..autodiff.ops import astype
from ..autodiff.ops_array import untake
from ..autodiff.ops_decompositions import eig_complex
from ..autodiff.ops_scipy import fresnel_c, fresnel_s, gammainc_da
from ..autodiff.ops_shape import ranked
from ..autodiff.ops_stats import gamma_drawn_slope
from ..autodiff.values import holds_complex, raw
from ..scipy import linalg as gscipy_linalg
from ..scipy import special
from . import convolution, orderings, torch_linalg, triangular

_SELU_ALPHA = 1.6732632423543772848170429916717
_SELU_SCALE = 1.0507009873554804934193349852946


def _int(value):
    return int(np.asarray(raw(value)).reshape(()))


def _like(number, x):
    """``number`` in the float dtype of ``x`` (a Python float beside mpmath numbers and balls)."""
    dtype = getattr(raw(x), "dtype", None)
    if dtype is not None and np.issubdtype(dtype, np.floating):
        return dtype.type(number)
    return float(number)


def _fold(combine, identity):
    def fold(ins, attrs):
        x, axis = ins
        return orderings.cumulative(
            x, _int(axis), combine, reverse=bool(attrs.get("reverse")), exclusive=bool(attrs.get("exclusive")), identity=identity
        )

    return fold


def _top_k(ins, attrs):
    x, k = ins
    values, indices = orderings.top_k(x, _int(k), -1)
    return values, indices.astype(np.int32)


def _nd_index(indices, shape):
    """A GatherNd/ScatterNd index: the leading dimensions of ``shape`` named by the last axis of ``indices``."""
    indices = np.asarray(raw(indices)).astype(np.intp)
    return tuple(indices[..., i] for i in range(indices.shape[-1]))


def _gather_nd(ins, attrs):
    params, indices = ins
    return params[_nd_index(indices, gnp.shape(raw(params)))]


def _float_kind(*xs):
    """The dtype a scatter into zeros holds ``xs`` in: object once one holds mpmath numbers or balls."""
    dtypes = [np.asarray(raw(x)).dtype for x in xs]
    return np.dtype(object) if any(d == object for d in dtypes) else np.result_type(*dtypes)


def _scatter_nd(ins, attrs):
    indices, updates, shape = ins
    shape = tuple(int(d) for d in np.ravel(raw(shape)))
    return untake(updates, _nd_index(indices, shape), shape, _float_kind(updates))


def _sparse_reorder(ins, attrs):
    """``SparseReorder`` (``tf.sparse.reorder``): a sparse tensor's entries in row-major order of their indices."""
    indices, values, _ = ins
    rows = np.asarray(raw(indices))
    order = np.lexsort(rows.T[::-1])
    return rows[order], values[order]


def _sparse_dense_matmul(ins, attrs):
    """``SparseTensorDenseMatMul``: the sparse operand (indices, values, dense shape) scattered dense, its repeated
    entries summed as ScatterNd sums them, then a matmul (adjoint of a real matrix: its transpose)."""
    indices, values, shape, dense = ins
    sparse = _scatter_nd([indices, values, shape], attrs)
    if attrs.get("adjoint_a"):
        sparse = gnp.swapaxes(sparse, -1, -2)
    if attrs.get("adjoint_b"):
        dense = gnp.swapaxes(dense, -1, -2)
    return gnp.matmul(sparse, dense)


def _tensor_scatter(add):
    def scatter(ins, attrs):
        tensor, indices, updates = ins
        shape = gnp.shape(raw(tensor))
        index = _nd_index(indices, shape)
        placed = untake(updates, index, shape, _float_kind(tensor, updates))
        if add:
            return gnp.add(tensor, placed)
        mask = np.zeros(shape, dtype=bool)
        mask[index] = True
        return gnp.add(gnp.where(mask, gnp.zeros_like(tensor), tensor), placed)

    return scatter


def _empty(ins, attrs):
    """``inplace_ops.empty``: a tensor of the shape given, zeros (TensorFlow's ``init=True``; a scan overwrites every
    row of an uninitialised one before reading it)."""
    shape = tuple(int(d) for d in np.ravel(raw(ins[0])))
    return np.zeros(shape, dtype=np.dtype(attrs.get("dtype", np.float64)))


def _one_hot(ins, attrs):
    indices, depth, on, off = ins
    labels = np.asarray(raw(indices))
    axis = int(attrs.get("axis", -1))
    hot = np.arange(_int(depth)) == labels[..., None]
    if axis != -1:
        hot = np.moveaxis(hot, -1, axis)
    return gnp.where(hot, on, off)


def _diagonal_offset(ins, at, name):
    """The one diagonal ``k`` a MatrixDiag*V3 op names at input ``at`` (0 where it has none); a band of diagonals (a
    pair ``k``) is refused by name."""
    k = np.ravel(raw(ins[at])) if len(ins) > at else [0]
    if len(k) == 2 and int(k[0]) == int(k[1]):
        k = k[:1]
    if len(k) != 1:
        raise ValueError(f"gradcli replays {name} of one diagonal, not of the band k = {[int(v) for v in k]}")
    return int(k[0])


def _diag_part(ins, attrs):
    """tf.linalg.diag_part: the entries of diagonal k (above the main one where k > 0)."""
    return gnp.diagonal(ins[0], _diagonal_offset(ins, 1, "tf.linalg.diag_part"), -2, -1)


def _eye_like(n, x, m=None):
    """The n-by-m identity in the float dtype of ``x`` (float64 beside mpmath numbers and balls, which take it exactly)."""
    return np.eye(n, m, dtype=getattr(raw(x), "dtype", None) if getattr(raw(x), "dtype", None) != object else float)


def _placement(length, rows, cols, k, x):
    """(P, mask): P[t] the rows-by-cols matrix with a 1 where entry t of a diagonal-k vector of ``length`` goes (from
    row max(0, -k), column max(0, k)), and the mask of those places; in the float dtype of ``x``."""
    dtype = getattr(raw(x), "dtype", None)
    dtype = float if dtype in (None, object) else dtype
    places = np.zeros((length, rows, cols), dtype=dtype)
    row, col = max(0, -k), max(0, k)
    for t in range(min(length, rows - row, cols - col)):
        places[t, row + t, col + t] = 1
    return places, places.sum(axis=0) > 0


def _diag(ins, attrs):
    """tf.linalg.diag: a matrix with ``ins[0]`` on diagonal k (``ins[1]``), of num_rows by num_cols (``ins[2:4]``,
    -1: as small as holds it) and padding_value (``ins[4]``) elsewhere."""
    diagonal = ins[0]
    k = _diagonal_offset(ins, 1, "tf.linalg.diag")
    length = gnp.shape(raw(diagonal))[-1]
    rows = _int(ins[2]) if len(ins) > 2 else -1
    cols = _int(ins[3]) if len(ins) > 3 else -1
    if rows < 0 and cols < 0:  # neither named: square, as small as holds the diagonal (TensorFlow's rule)
        rows = cols = length + abs(k)
    elif rows < 0:  # one named: the other as small as holds it
        rows = length + max(-k, 0)
    elif cols < 0:
        cols = length + max(k, 0)
    if k == 0 and rows == cols == length and (len(ins) < 5 or bool(np.all(np.asarray(raw(ins[4])) == 0))):
        return gnp.multiply(gnp.expand_dims(diagonal, -2), _eye_like(length, diagonal))
    places, mask = _placement(length, rows, cols, k, diagonal)
    placed = gnp.einsum("...t,tij->...ij", diagonal, places)
    padding = ins[4] if len(ins) > 4 else 0.0
    return gnp.where(mask, placed, padding)


def _set_diag(ins, attrs):
    """tf.linalg.set_diag: ``ins[0]`` with diagonal k (``ins[2]``) replaced by ``ins[1]``."""
    x, diagonal = ins[:2]
    k = _diagonal_offset(ins, 2, "tf.linalg.set_diag")
    n, m = gnp.shape(raw(x))[-2:]
    places, mask = _placement(gnp.shape(raw(diagonal))[-1], n, m, k, diagonal)
    return gnp.where(mask, gnp.einsum("...t,tij->...ij", diagonal, places), x)


def _band_part(ins, attrs):
    x, lower, upper = ins
    n, m = gnp.shape(raw(x))[-2:]
    i, j = np.arange(n)[:, None], np.arange(m)[None, :]
    lower, upper = _int(lower), _int(upper)
    keep = ((lower < 0) | (i - j <= lower)) & ((upper < 0) | (j - i <= upper))
    return gnp.where(keep, x, gnp.zeros_like(x))


def _adjoint(a, attrs, key="adjoint"):
    """``a``, or with ``attrs[key]`` its adjoint: the transpose, conjugated where ``a`` is complex."""
    if not attrs.get(key):
        return a
    return gnp.swapaxes(gnp.conj(a) if holds_complex(a) else a, -1, -2)


def _fake_quant_grid(attrs):
    """The grid of a ``FakeQuantWithMinMaxArgs`` (``tf.quantization.fake_quant_with_min_max_args``) as its kernel
    nudges it, in float32: (nudged min, nudged max, step, 1 / step), the zero point moved onto the integer grid (half
    away from zero) so that 0 is a grid point."""
    f = np.float32
    low, high = f(attrs.get("min", -6.0)), f(attrs.get("max", 6.0))
    quant_min, quant_max = f(1 if attrs.get("narrow_range", False) else 0), f(2 ** int(attrs.get("num_bits", 8)) - 1)
    step = (high - low) / (quant_max - quant_min)
    zero = quant_min - low / step
    nudged = quant_min if zero < quant_min else quant_max if zero > quant_max else f(math.floor(zero + f(0.5)))
    return float((quant_min - nudged) * step), float((quant_max - nudged) * step), float(step), float(f(1) / step)


def _fake_quant(ins, attrs):
    """``FakeQuantWithMinMaxArgs``: x clamped to the nudged range and rounded to its grid, as the kernel computes it:
    the grid's index counted from the zero point, floor(shifted x / step - zero + 1/2), times the step."""
    low, high, step, inverse = _fake_quant_grid(attrs)
    zero = float(np.floor(np.float32(-low) * np.float32(inverse) + np.float32(0.5)))
    clamped = gnp.clip(ins[0], low, high)
    return gnp.floor((clamped - low) * inverse - zero + 0.5) * step


def _fake_quant_gradient(ins, attrs):
    """``FakeQuantWithMinMaxArgsGradient``: the upstream gradient passed on where x lies inside the nudged range (the
    straight-through estimator TensorFlow registers), 0 outside it."""
    dy, x = ins
    low, high, _, _ = _fake_quant_grid(attrs)
    inside = gnp.logical_and(gnp.greater_equal(x, low), gnp.less_equal(x, high))
    return gnp.where(inside, dy, gnp.zeros_like(dy))


def _triangular_solve(ins, attrs):
    """``MatrixTriangularSolve``: by substitution, as TensorFlow's kernel (a zero pivot divides to inf, as its own)."""
    a, b = ins
    adjoint = bool(attrs.get("adjoint"))  # the adjoint: transposed, and conjugated on a complex matrix
    return triangular.solved(a, b, bool(attrs.get("lower", True)), transpose=adjoint, conjugate=adjoint)


def _solve(ins, attrs):
    a, b = ins
    return gnp.linalg.solve(_adjoint(a, attrs), b)


def _tridiagonal_solve(ins, attrs):
    """``tf.linalg.tridiagonal_solve`` in its compact form (diagonals [..., 3, M]: super-, main and subdiagonal, the
    superdiagonal's last and the subdiagonal's first entries unread) as the dense solve of the matrix they make;
    pivoting and a singular system's perturbation change no solution of a nonsingular one."""
    diagonals, rhs = ins
    batch = np.shape(raw(diagonals))[:-2]
    if not batch:
        upper, main, lower = diagonals[0], diagonals[1], diagonals[2]
        matrix = gnp.diag(main) + gnp.diag(upper[:-1], 1) + gnp.diag(lower[1:], -1)
        return gnp.linalg.solve(matrix, rhs)
    flat_diagonals = gnp.reshape(diagonals, (-1, *np.shape(raw(diagonals))[-2:]))
    flat_rhs = gnp.reshape(rhs, (-1, *np.shape(raw(rhs))[-2:]))
    solved = [_tridiagonal_solve((flat_diagonals[k], flat_rhs[k]), attrs) for k in range(np.shape(raw(flat_rhs))[0])]
    return gnp.reshape(gnp.stack(solved), np.shape(raw(rhs)))


def _slogdet(ins, attrs):
    sign, logdet = gnp.linalg.slogdet(ins[0])
    return sign, logdet


def _eigh(ins, attrs):
    values, vectors = gnp.linalg.eigh(ins[0])
    return values, vectors


def _svd(ins, attrs):
    """``tf.linalg.svd``'s op: ``(s, u, v)``, v itself (not its adjoint, as NumPy's vh); without ``compute_uv`` u and v
    are empty, as TensorFlow's. Each pair (u_j, v_j) is turned to the sign TensorFlow's own kernel picks for the
    matrix in floats (`_tensorflows_signs`), so a loss reading u or v has the value TensorFlow computes."""
    a = ins[0]
    if not attrs.get("compute_uv", True):
        return gnp.linalg.svd(a, compute_uv=False), np.zeros(0), np.zeros(0)
    full = bool(attrs.get("full_matrices", False))
    u, s, vh = gnp.linalg.svd(a, full_matrices=full)
    v = gnp.swapaxes(vh, -1, -2)
    flip_u, flip_v = _tensorflows_signs(a, u, v, full)
    return s, gnp.where(flip_u, gnp.negative(u), u), gnp.where(flip_v, gnp.negative(v), v)


def _floats(x):
    """A float array near ``x``: its own floats, or float64 near mpmath numbers and balls."""
    value = np.asarray(raw(x))
    if value.dtype != object:
        return value
    return np.vectorize(lambda number: float(getattr(number, "mid", lambda: number)()), otypes=[np.float64])(value)


def _tensorflows_signs(a, u, v, full_matrices):
    """Where each column of ``u`` and of ``v`` points against the one TensorFlow's kernel gives for ``a``'s floats: a
    pair of singular vectors is defined up to the sign the two share, and the user's numbers are TensorFlow's pick.
    A column with no overlap (a repeated singular value's, where no sign is defined) keeps its own."""
    import tensorflow as tf  # lazy: loaded already by the TensorFlow target whose graph this replays

    _, tf_u, tf_v = (t.numpy() for t in tf.linalg.svd(_floats(a), full_matrices=full_matrices))
    flips = []
    for ours, theirs in ((_floats(u), tf_u), (_floats(v), tf_v)):
        overlap = np.sum(ours.astype(np.float64) * theirs, axis=-2, keepdims=True)
        flips.append(np.broadcast_to(overlap < 0, ours.shape))
    return flips


def _eig(ins, attrs):
    """``tf.linalg.eig``'s op: ``(e, v)``, the eigenvalues and unit eigenvectors of a general matrix as complex
    tensors, in the order and phases TensorFlow's own kernel gives for the matrix in floats (its order is no sort,
    nor LAPACK's); without ``compute_v`` (``tf.linalg.eigvals``) v is empty, as TensorFlow's."""
    e, v = eig_complex(ins[0], _tensorflows_eig)
    return (e, v) if attrs.get("compute_v", True) else (e, np.zeros(0))


def _qr(ins, attrs):
    """``tf.linalg.qr``'s op: ``(q, r)``, thin or, with ``full_matrices``, complete. TensorFlow's kernel (Eigen's
    HouseholderQR) reflects each column as LAPACK's geqrf does (to -sign(a_kk) times its norm, a column already 0
    below the diagonal left as it is), so R's diagonal has the signs of PyTorch's, whose replay this is."""
    return torch_linalg.qr(ins[0], "complete" if attrs.get("full_matrices") else "reduced")


def _tensorflows_eig(floats):
    """TensorFlow's own eig of a float matrix, as NumPy arrays."""
    import tensorflow as tf  # lazy: loaded already by the TensorFlow target whose graph this replays

    return tuple(t.numpy() for t in tf.linalg.eig(floats))


def _segment_sum(ins, attrs):
    data, ids = ins[:2]
    ids = np.asarray(raw(ids))
    count = _int(ins[2]) if len(ins) > 2 else int(ids.max()) + 1
    hot = (np.arange(count)[:, None] == ids.reshape(1, -1)).astype(float)
    return gnp.tensordot(hot, data, axes=ids.ndim)


def _segment_extreme(reduce, empty):
    """``(Unsorted)SegmentMax/Min/Prod``: each segment's reduction over the rows its id names; an empty one is
    ``empty``, or (None) the dtype's extreme float the capture hands as a fourth input (`tf_graph._EMPTY_SEGMENT`)."""

    def extreme(ins, attrs):
        data, ids = ins[:2]
        ids = np.asarray(raw(ids))
        count = _int(ins[2]) if len(ins) > 2 else int(ids.max()) + 1
        rows = []
        for segment in range(count):
            members = np.flatnonzero(ids.reshape(-1) == segment)
            if members.size:
                flat = gnp.reshape(data, (-1,) + gnp.shape(raw(data))[ids.ndim :])
                rows.append(reduce(flat[members], axis=0))
            else:
                fill = raw(ins[3]) if empty is None else empty
                rows.append(gnp.full_like(data[(0,) * ids.ndim], fill))
        return gnp.stack(rows, axis=0)

    return extreme


def _segment_mean(ins, attrs):
    data, ids = ins
    ids = np.asarray(raw(ids))
    counts = np.maximum(np.bincount(ids.reshape(-1)), 1).reshape((-1,) + (1,) * (gnp.ndim(raw(data)) - ids.ndim))
    return gnp.divide(_segment_sum(ins, attrs), counts.astype(getattr(raw(data), "dtype", float) if getattr(raw(data), "dtype", None) != object else float))


def _relu6(ins, attrs):
    x = ins[0]
    return gnp.minimum(gnp.maximum(x, gnp.zeros_like(x)), _like(6, x))


def _relu6_grad(ins, attrs):
    dy, x = ins
    return gnp.where(gnp.logical_and(gnp.greater(x, 0), gnp.less(x, 6)), dy, gnp.zeros_like(dy))


def _elu(ins, attrs):
    x = ins[0]
    return gnp.where(gnp.greater(x, 0), x, gnp.expm1(x))


def _elu_grad(ins, attrs):
    dy, y = ins
    return gnp.where(gnp.greater(y, 0), dy, gnp.multiply(dy, gnp.add(y, _like(1, y))))


def _selu(ins, attrs):
    x = ins[0]
    negative = gnp.multiply(_like(_SELU_ALPHA, x), gnp.expm1(x))
    return gnp.multiply(_like(_SELU_SCALE, x), gnp.where(gnp.greater(x, 0), x, negative))


def _selu_grad(ins, attrs):
    dy, y = ins
    inside = gnp.add(y, _like(_SELU_SCALE * _SELU_ALPHA, y))
    return gnp.where(gnp.greater(y, 0), gnp.multiply(dy, _like(_SELU_SCALE, y)), gnp.multiply(dy, inside))


def _softsign(ins, attrs):
    x = ins[0]
    return gnp.divide(x, gnp.add(_like(1, x), gnp.abs(x)))


def _softsign_grad(ins, attrs):
    dy, x = ins
    grow = gnp.add(_like(1, x), gnp.abs(x))
    return gnp.divide(dy, gnp.multiply(grow, grow))


def _euclidean_norm(ins, attrs):
    x, axes = ins
    chosen = tuple(sorted({int(a) % max(gnp.ndim(raw(x)), 1) for a in np.ravel(raw(axes))}))
    # |x|^2 of a complex entry is x conj(x): TensorFlow's norm of a complex tensor is complex, its imaginary part 0
    squares = gnp.multiply(x, gnp.conj(x) if holds_complex(x) else x)
    return gnp.sqrt(gnp.sum(squares, axis=chosen, keepdims=bool(attrs.get("keep_dims", False))))


def _windowed(values, radius):
    """Each entry's sum over the last axis's window of ``radius`` either side, cut at the ends."""
    return gnp.stack([gnp.sum(values[..., max(0, d - radius):d + radius + 1], axis=-1)
                      for d in range(np.shape(raw(values))[-1])], axis=-1)


def _lrn_norm(x, attrs):
    """(N, alpha, beta) of ``LRN``: N = bias + alpha * the window's sum of x^2, the attributes the numbers it holds."""
    alpha = _like(attrs.get("alpha", 1.0), x)
    sums = _windowed(gnp.multiply(x, x), int(attrs.get("depth_radius", 5)))
    return gnp.add(_like(attrs.get("bias", 1.0), x), gnp.multiply(alpha, sums)), alpha, _like(attrs.get("beta", 0.5), x)


def _lrn(ins, attrs):
    """``LRN`` (tf.nn.local_response_normalization): x / N^beta."""
    norm, _, beta = _lrn_norm(ins[0], attrs)
    return gnp.divide(ins[0], gnp.power(norm, beta))


def _lrn_grad(ins, attrs):
    """``LRNGrad``: g_k N_k^-beta - 2 alpha beta x_k * the window's sum of g_i x_i N_i^(-beta - 1)."""
    g, x, _ = ins
    norm, alpha, beta = _lrn_norm(x, attrs)
    spread = _windowed(gnp.multiply(gnp.multiply(g, x), gnp.power(norm, -beta - 1)), int(attrs.get("depth_radius", 5)))
    return gnp.subtract(gnp.multiply(g, gnp.power(norm, -beta)), gnp.multiply(2 * alpha * beta, gnp.multiply(x, spread)))


def _mirror_padded(x, paddings, attrs):
    """``MirrorPad`` (tf.pad's REFLECT and SYMMETRIC modes): ``x`` with copies of its own entries around it, each
    a recorded pick, so its gradient flows to the entry it copies."""
    widths = [(int(a), int(b)) for a, b in np.asarray(raw(paddings)).reshape(-1, 2)]
    mode = attrs.get("mode", b"REFLECT")
    mode = (mode.decode() if isinstance(mode, bytes) else str(mode)).lower()
    return gnp.pad(x, widths, mode="reflect" if mode == "reflect" else "symmetric")


def _mirror_pad_grad(ins, attrs):
    """``MirrorPadGrad``: the mirror pad's vector-Jacobian product (it is linear: taken at zeros)."""
    dy, paddings = ins
    widths = np.asarray(raw(paddings)).reshape(-1, 2)
    shape = tuple(int(n - a - b) for n, (a, b) in zip(gnp.shape(raw(dy)), widths))
    zeros = np.zeros(shape, dtype=_float_kind(dy))
    return convolution.pullback(lambda x: _mirror_padded(x, paddings, attrs), (zeros,), dy)[0]


def _cross(ins, attrs):
    """``Cross`` (tf.linalg.cross, and its own gradient): the cross product of the last axes (3 long) of ``a`` and
    ``b``, each entry a difference of two products, exact on exact numbers."""
    a, b = ins
    parts = [a[..., i] * b[..., j] - a[..., j] * b[..., i] for i, j in ((1, 2), (2, 0), (0, 1))]
    return gnp.stack(parts, axis=-1)


def _true_coordinates(ins, attrs):
    """``Where`` of one input (tf.where(condition), tf.boolean_mask's): the coordinates of its true (non-zero)
    entries, one row each, in row-major order."""
    return np.argwhere(np.asarray(raw(ins[0])).astype(bool)).astype(np.int64)


def _roll(ins, attrs):
    x, shift, axis = ins
    return gnp.roll(x, tuple(int(s) for s in np.ravel(raw(shift))), axis=tuple(int(a) for a in np.ravel(raw(axis))))


def _reversed(ins, attrs):
    """``ReverseV2`` (tf.reverse, and its own gradient): ``x`` read backwards along each axis listed (negative ones
    from the end)."""
    x, axis = ins
    return gnp.flip(x, tuple(int(a) for a in np.ravel(raw(axis))))


def _reversed_sequences(ins, attrs):
    """``ReverseSequence`` (tf.reverse_sequence, and its own gradient): in each slice b along ``batch_dim``, the first
    ``seq_lengths[b]`` entries along ``seq_dim`` read backwards, the others where they are; a pick of entries."""
    x, lengths = ins
    shape = np.shape(raw(x))
    seq, batch = int(attrs["seq_dim"]) % len(shape), int(attrs.get("batch_dim", 0)) % len(shape)
    index = np.indices(shape)
    kept = np.asarray(raw(lengths)).astype(np.int64).reshape(-1)[index[batch]]
    index[seq] = np.where(index[seq] < kept, kept - 1 - index[seq], index[seq])
    return x[tuple(index)]


def _ternary(function):
    return lambda ins, attrs: function(ins[0], ins[1], ins[2])


def _unary(function):
    return lambda ins, attrs: function(ins[0])


def _unscaled(scaled, x):
    """K_n(x) as its scaled form times e^-x (``scaled``: `special.k0e` or `k1e`, e^x K_n(x)): the two ops' rules give
    its slope, -K_1 for K_0 and -K_0 - K_1 / x for K_1, and their high-precision paths its exact value."""
    return scaled(x) * gnp.exp(-x)


def _binary(function):
    return lambda ins, attrs: function(ins[0], ins[1])


def _conv_layout(attrs, rank):
    """(strides, dilations, to channels-first, back) of a TensorFlow convolution from its data format."""
    fmt = attrs.get("data_format", "NHWC")
    first = fmt.startswith("NC")
    spatial = list(range(2, 2 + rank)) if first else list(range(1, 1 + rank))
    strides = tuple(int(attrs.get("strides", [1] * (rank + 2))[d]) for d in spatial)
    dilations = tuple(int(attrs.get("dilations", [1] * (rank + 2))[d]) for d in spatial)
    to_first = None if first else (0, rank + 1) + tuple(range(1, rank + 1))
    back = None if first else (0,) + tuple(range(2, rank + 2)) + (1,)
    return strides, dilations, spatial, to_first, back


def _conv_padding(attrs, size, kernel, strides, dilations, spatial):
    """Low and high padding per spatial axis: VALID, SAME (TensorFlow's split: the extra one high) or EXPLICIT."""
    padding = attrs.get("padding", "VALID")
    if padding == "EXPLICIT":
        explicit = list(attrs.get("explicit_paddings", []))
        return [(int(explicit[2 * d]), int(explicit[2 * d + 1])) for d in spatial]
    if padding == "VALID":
        return [(0, 0)] * len(size)
    pads = []
    for n, k, s, d in zip(size, kernel, strides, dilations):
        total = max((-(-n // s) - 1) * s + (k - 1) * d + 1 - n, 0)
        pads.append((total // 2, total - total // 2))
    return pads


def _conv2d_function(attrs, input_shape, filter_shape):
    """The convolution a Conv2D op computes, as a function of (input, filter) in the op's own layouts."""
    strides, dilations, spatial, to_first, back = _conv_layout(attrs, 2)
    size = [input_shape[d] for d in spatial]
    padding = _conv_padding(attrs, size, filter_shape[:2], strides, dilations, spatial)
    groups = input_shape[spatial[-1] + 1 if to_first else 1] // filter_shape[2]

    def function(x, w):
        x = gnp.transpose(x, to_first) if to_first else x
        out = convolution.convolve(x, gnp.transpose(w, (3, 2, 0, 1)), strides, padding, None, dilations, groups)
        return gnp.transpose(out, back) if back else out

    return function


def _depthwise_function(attrs, input_shape, filter_shape):
    """The convolution a DepthwiseConv2dNative op computes: a Conv2D with one group per input channel, whose filter
    [rows, columns, channels, multiplier] is read as [rows, columns, 1, channels * multiplier] (channel-major, as
    TensorFlow orders the outputs)."""
    rows, columns, channels, multiplier = filter_shape
    grouped = (rows, columns, 1, channels * multiplier)
    convolve = _conv2d_function(attrs, input_shape, grouped)
    return lambda x, w: convolve(x, gnp.reshape(w, grouped))


def _convolved(make):
    """A convolution op's replay: ``make``'s function of (input, filter)."""
    def replay(ins, attrs):
        x, w = ins
        return make(attrs, gnp.shape(raw(x)), gnp.shape(raw(w)))(x, w)
    return replay


def _input_grad(make):
    """A convolution's backprop-input op (input sizes, filter, output gradient) as the VJP of ``make``'s function."""
    def replay(ins, attrs):
        sizes, w, dy = ins
        shape = tuple(int(d) for d in np.ravel(raw(sizes)))
        function = make(attrs, shape, gnp.shape(raw(w)))
        zeros = np.zeros(shape, dtype=_float_kind(dy))
        return convolution.pullback(lambda x: function(x, w), (zeros,), dy)[0]
    return replay


def _filter_grad(make):
    """A convolution's backprop-filter op (input, filter sizes, output gradient) as the VJP of ``make``'s function."""
    def replay(ins, attrs):
        x, sizes, dy = ins
        shape = tuple(int(d) for d in np.ravel(raw(sizes)))
        function = make(attrs, gnp.shape(raw(x)), shape)
        zeros = np.zeros(shape, dtype=_float_kind(dy))
        return convolution.pullback(lambda w: function(x, w), (zeros,), dy)[0]
    return replay


_CONV_ATTRS = ("strides", "padding", "explicit_paddings", "data_format", "dilations")


def _pool_windows(attrs, shape):
    """Each output place's window of a TensorFlow pool over an NHWC tensor of ``shape``: ``(place, slices)``, the
    window cut to the input (SAME's padding holds no values: a maximum ignores it, an average does not count it)."""
    if attrs.get("data_format", "NHWC") not in ("NHWC", b"NHWC"):
        raise NotImplementedError("a pool in a channels-first layout")
    spatial = range(1, len(shape) - 1)
    kernel = [int(attrs["ksize"][d]) for d in spatial]
    strides = [int(attrs["strides"][d]) for d in spatial]
    size = [shape[d] for d in spatial]
    pads = _conv_padding(attrs, size, kernel, strides, [1] * len(size), list(spatial))
    counts = [(n + low + high - k) // s + 1 for n, k, s, (low, high) in zip(size, kernel, strides, pads)]
    for place in np.ndindex(*counts):
        starts = [p * s - low for p, s, (low, _) in zip(place, strides, pads)]
        yield place, tuple(slice(max(a, 0), min(a + k, n)) for a, k, n in zip(starts, kernel, size))


def _pooled(reduce, x, attrs):
    """A pool's output: ``reduce`` (gradcli's amax or mean) over each window's spatial axes, as gradcli ops."""
    shape = gnp.shape(raw(x))
    axes = tuple(range(1, len(shape) - 1))
    places, values = [], []
    for place, window in _pool_windows(attrs, shape):
        places.append(place)
        values.append(reduce(x[(slice(None),) + window], axis=axes))
    counts = tuple(max(p[d] for p in places) + 1 for d in range(len(axes)))
    out = gnp.stack(values, axis=1)  # [batch, place, channel]
    return gnp.reshape(out, (shape[0],) + counts + (shape[-1],))


def _max_pool(ins, attrs):
    """``MaxPool`` (tf.nn.max_pool1d/2d): each window's largest value, a tie a decision of the path."""
    return _pooled(gnp.max, ins[0], attrs)


def _avg_pool(ins, attrs):
    """``AvgPool`` (tf.nn.avg_pool1d/2d): each window's mean over the places it covers in the input."""
    return _pooled(gnp.mean, ins[0], attrs)


def _max_pool_grad(ins, attrs):
    """``MaxPoolGrad``: each window's gradient to the first of its largest entries (TensorFlow's choice at a tie)."""
    x, _, dy = (np.asarray(raw(v)) for v in ins)
    grad = np.zeros(x.shape, dtype=object if x.dtype == object else dy.dtype)
    for place, window in _pool_windows(attrs, x.shape):
        for n in range(x.shape[0]):
            for c in range(x.shape[-1]):
                block = x[(n,) + window + (c,)]
                first = np.unravel_index(int(np.argmax(ranked(block) if x.dtype == object else block)),
                                         block.shape)
                at = (n,) + tuple(w.start + f for w, f in zip(window, first)) + (c,)
                grad[at] = grad[at] + dy[(n,) + place + (c,)]
    return grad


def _avg_pool_grad(ins, attrs):
    """``AvgPoolGrad``: the average pool's vector-Jacobian product (it is linear: taken at zeros)."""
    sizes, dy = ins
    shape = tuple(int(d) for d in np.ravel(raw(sizes)))
    zeros = np.zeros(shape, dtype=_float_kind(dy))
    return convolution.pullback(lambda x: _pooled(gnp.mean, x, attrs), (zeros,), dy)[0]


_POOL_ATTRS = ("ksize", "strides", "padding", "data_format")


def _resize_axis(size, out, attrs):
    """(lower, upper, lerp) of each output place along one axis of TensorFlow's bilinear resize, computed in float32
    as its kernel computes them (half-pixel centres: (i + 0.5) scale - 0.5; align_corners: scale (n - 1)/(m - 1))."""
    f32 = np.float32
    corners = bool(attrs.get("align_corners", False)) and out > 1
    scale = f32(size - 1) / f32(out - 1) if corners else f32(size) / f32(out)
    lower, upper, lerp = [], [], []
    for i in range(out):
        at = (f32(i) + f32(0.5)) * scale - f32(0.5) if attrs.get("half_pixel_centers", False) else f32(i) * scale
        floor = np.floor(at)
        lower.append(max(int(floor), 0))
        upper.append(min(int(np.ceil(at)), size - 1))
        lerp.append(float(at - floor))
    return np.array(lower), np.array(upper), np.array(lerp)


def _lerps(t, x):
    """The lerps ``t`` (float32's numbers) in the dtype of ``x``: floats beside exact numbers, which read them exactly."""
    dtype = np.asarray(raw(x)).dtype
    return t.astype(object if dtype == object else dtype)


def _resized(x, out_rows, out_cols, attrs):
    """``ResizeBilinear`` of an NHWC image as gradcli ops: rows, then columns, each a lerp of two gathered places
    (float32, the kernel's dtype, on floats; exact numbers stay exact)."""
    if np.asarray(raw(x)).dtype != object:
        x = astype(x, np.float32)
    rows, cols = gnp.shape(raw(x))[1:3]
    lo, hi, t = _resize_axis(rows, out_rows, attrs)
    top, bottom = gnp.take(x, lo, axis=1), gnp.take(x, hi, axis=1)
    x = top + (bottom - top) * _lerps(t, x).reshape(1, -1, 1, 1)
    lo, hi, t = _resize_axis(cols, out_cols, attrs)
    left, right = gnp.take(x, lo, axis=2), gnp.take(x, hi, axis=2)
    return left + (right - left) * _lerps(t, x).reshape(1, 1, -1, 1)


def _resize_bilinear(ins, attrs):
    """``ResizeBilinear`` (tf.image.resize's bilinear method): float32 whatever the image's dtype."""
    x, size = ins
    return _resized(x, *(int(n) for n in np.ravel(raw(size))), attrs)


def _resize_bilinear_grad(ins, attrs):
    """``ResizeBilinearGrad``: the resize's vector-Jacobian product (it is linear: taken at zeros), in the original
    image's dtype."""
    dy, image = ins
    zeros = np.zeros(gnp.shape(raw(image)), dtype=_float_kind(dy))
    out_rows, out_cols = gnp.shape(raw(dy))[1:3]
    grad = convolution.pullback(lambda im: _resized(im, out_rows, out_cols, attrs), (zeros,), dy)[0]
    dtype = np.asarray(raw(image)).dtype
    return grad if dtype == object or np.asarray(raw(grad)).dtype == object else astype(grad, dtype)


_RESIZE_ATTRS = ("align_corners", "half_pixel_centers")

def _transform(name, rank, sized):
    """TensorFlow's ``name`` FFT over the innermost ``rank`` axes (NumPy's default scaling: 1/n on the inverse);
    ``sized``: its second input is ``fft_length``, the sizes the input is cropped or padded to (RFFT, IRFFT)."""
    transform = getattr(gnp.fft, name)

    def run(ins, attrs):
        axes = tuple(range(-rank, 0))
        sizes = [int(n) for n in np.ravel(raw(ins[1]))] if sized else None
        return transform(ins[0], s=sizes, axes=axes)

    return run


def _complex(ins, attrs):
    return gnp.add(ins[0], gnp.multiply(1j, ins[1]))  # a part may be a ball, which a Python complex cannot multiply


def _rgb_to_hsv(ins, attrs):
    """``RGBToHSV`` (tf.image.rgb_to_hsv) as TensorFlow's kernel computes it: value the largest channel, saturation
    the spread over it, hue from whichever channel is largest (red before green before blue where they tie), in
    [0, 1); a gray pixel's hue and a black one's saturation 0. A zero spread or value is never divided by, so its
    branch left unselected carries no NaN into the gradient."""
    rgb = ins[0]
    r, g, b = rgb[..., 0], rgb[..., 1], rgb[..., 2]
    value = gnp.maximum(gnp.maximum(r, g), b)
    spread = value - gnp.minimum(gnp.minimum(r, g), b)
    zero, one = gnp.zeros_like(value), gnp.ones_like(value)
    saturation = gnp.where(value > 0, spread / gnp.where(value > 0, value, one), zero)
    norm = (1 / gnp.where(spread > 0, spread, one)) * _like(1 / 6, value)
    hue = gnp.where(r == value, norm * (g - b),
                    gnp.where(g == value, norm * (b - r) + _like(2 / 6, value), norm * (r - g) + _like(4 / 6, value)))
    hue = gnp.where(spread > 0, hue, zero)
    hue = gnp.where(hue < 0, hue + 1, hue)
    return gnp.stack([hue, saturation, value], axis=-1)


# TensorFlow's complex ops that real losses reach (tf.signal.stft, tf.signal.rfft) and leave (tf.math.real, tf.abs).
COMPLEX_OPS = {
    **{f"{op}{suffix}": (_transform(name, rank, sized), ())
       for op, name, sized in (("FFT", "fftn", False), ("IFFT", "ifftn", False),
                               ("RFFT", "rfftn", True), ("IRFFT", "irfftn", True))
       for suffix, rank in (("", 1), ("2D", 2), ("3D", 3))},
    "Real": (lambda ins, attrs: gnp.real(ins[0]), ()),
    "Imag": (lambda ins, attrs: gnp.imag(ins[0]), ()),
    "ComplexAbs": (lambda ins, attrs: gnp.abs(ins[0]), ()),
    "Angle": (lambda ins, attrs: gnp.angle(ins[0]), ()),
    "Conj": (lambda ins, attrs: gnp.conj(ins[0]), ()),
    "Complex": (_complex, ()),
}


MORE_OPS = {
    "Cumsum": (_fold(gnp.add, 0.0), ("exclusive", "reverse")),
    "CumulativeLogsumexp": (_fold(gnp.logaddexp, -math.inf), ("exclusive", "reverse")),
    "TopKV2": (_top_k, ()),
    "GatherNd": (_gather_nd, ()),
    "ScatterNd": (_scatter_nd, ()),
    "SparseReorder": (_sparse_reorder, ()),
    "SparseTensorDenseMatMul": (_sparse_dense_matmul, ("adjoint_a", "adjoint_b")),
    "TensorScatterUpdate": (_tensor_scatter(add=False), ()),
    "TensorScatterAdd": (_tensor_scatter(add=True), ()),
    "OneHot": (_one_hot, ("axis",)),
    "Empty": (_empty, ("dtype",)),
    "MatrixDiagPartV3": (_diag_part, ()),
    "MatrixDiagPart": (_diag_part, ()),
    "DiagPart": (_diag_part, ()),
    "MatrixDiagV3": (_diag, ()),
    "MatrixDiag": (_diag, ()),
    "MatrixSetDiagV3": (_set_diag, ()),
    "MatrixBandPart": (_band_part, ()),
    "Cholesky": (_unary(gnp.linalg.cholesky), ()),
    "MatrixTriangularSolve": (_triangular_solve, ("lower", "adjoint")),
    "MatrixSolve": (_solve, ("adjoint",)),
    "FakeQuantWithMinMaxArgs": (_fake_quant, ("min", "max", "num_bits", "narrow_range")),
    "FakeQuantWithMinMaxArgsGradient": (_fake_quant_gradient, ("min", "max", "num_bits", "narrow_range")),
    "TridiagonalSolve": (_tridiagonal_solve, ()),
    "MatrixInverse": (lambda ins, attrs: _adjoint(gnp.linalg.inv(ins[0]), attrs), ("adjoint",)),
    "MatrixDeterminant": (_unary(gnp.linalg.det), ()),
    "LogMatrixDeterminant": (_slogdet, ()),
    "SelfAdjointEigV2": (_eigh, ()),
    "Svd": (_svd, ("compute_uv", "full_matrices")),
    "Eig": (_eig, ("compute_v",)),
    "Qr": (_qr, ("full_matrices",)),
    # Eig's gradient (V^-H (diag(de) + F * V^H dV) V^H) on complex tensors
    "ConjugateTranspose": (lambda ins, attrs: gnp.conj(gnp.transpose(ins[0], tuple(int(p) for p in np.ravel(raw(ins[1]))))), ()),
    "MatrixSquareRoot": (_unary(gscipy_linalg.sqrtm), ()),
    "SegmentSum": (_segment_sum, ()),
    "SegmentMean": (_segment_mean, ()),
    # an empty segment: 0 for the sorted ops, the dtype's lowest (highest) finite number for the unsorted max (min)
    "SegmentMax": (_segment_extreme(gnp.max, 0.0), ()),
    "SegmentMin": (_segment_extreme(gnp.min, 0.0), ()),
    "UnsortedSegmentMax": (_segment_extreme(gnp.max, None), ()),
    "UnsortedSegmentMin": (_segment_extreme(gnp.min, None), ()),
    "SegmentProd": (_segment_extreme(gnp.prod, 1.0), ()),
    "UnsortedSegmentProd": (_segment_extreme(gnp.prod, 1.0), ()),
    "Relu6": (_relu6, ()),
    "Relu6Grad": (_relu6_grad, ()),
    "Elu": (_elu, ()),
    "EluGrad": (_elu_grad, ()),
    "Selu": (_selu, ()),
    "SeluGrad": (_selu_grad, ()),
    "Softsign": (_softsign, ()),
    "SoftsignGrad": (_softsign_grad, ()),
    "EuclideanNorm": (_euclidean_norm, ("keep_dims",)),
    "MirrorPad": (lambda ins, attrs: _mirror_padded(ins[0], ins[1], attrs), ("mode",)),
    "MirrorPadGrad": (_mirror_pad_grad, ("mode",)),
    "Cross": (_cross, ()),
    "Roll": (_roll, ()),
    "ReverseV2": (_reversed, ()),
    "ReverseSequence": (_reversed_sequences, ("seq_dim", "batch_dim")),
    "Where": (_true_coordinates, ()),
    "LRN": (_lrn, ("depth_radius", "bias", "alpha", "beta")),
    "LRNGrad": (_lrn_grad, ("depth_radius", "bias", "alpha", "beta")),
    "Erfinv": (_unary(special.erfinv), ()),
    "Ndtri": (_unary(special.ndtri), ()),
    "Igamma": (_binary(special.gammainc), ()),
    "Igammac": (_binary(special.gammaincc), ()),
    # TensorFlow's backward of Igamma/Igammac in a: d/da P(a, x), in the inputs' dtype (rounded once from mpmath)
    "IgammaGradA": (_binary(gammainc_da), ()),
    # The backward of a reparameterised Gamma draw (``tf.random.stateless_gamma``): the slope of the sample held at its
    # quantile, -(dP/da)(a, z) / p(z; a), whose mathematics Eigen's kernel computes to the dtype's precision
    "RandomGammaGrad": (_binary(gamma_drawn_slope), ()),
    # I_x(a, b); TensorFlow differentiates it in x alone, by its own density ops (Lgamma, Xlogy, Xlog1py)
    "Betainc": (_ternary(special.betainc), ()),
    "BesselI0e": (_unary(special.i0e), ()),
    "BesselI1e": (_unary(special.i1e), ()),
    "BesselI0": (_unary(special.i0), ()),
    "BesselI1": (_unary(special.i1), ()),
    "BesselJ0": (_unary(special.j0), ()),
    "BesselJ1": (_unary(special.j1), ()),
    "BesselY0": (_unary(special.y0), ()),
    "BesselY1": (_unary(special.y1), ()),
    # tf.math.special.expint is the exponential integral Ei (SciPy's expi); tf.math.zeta(x, q) the Hurwitz zeta
    "Expint": (_unary(special.expi), ()),
    "Zeta": (_binary(special.zeta), ()),
    "Spence": (_unary(special.spence), ()),
    "Dawsn": (_unary(special.dawsn), ()),
    "FresnelCos": (_unary(fresnel_c), ()),
    "FresnelSin": (_unary(fresnel_s), ()),
    "BesselK0e": (_unary(special.k0e), ()),
    "BesselK1e": (_unary(special.k1e), ()),
    "BesselK0": (_unary(lambda x: _unscaled(special.k0e, x)), ()),
    "BesselK1": (_unary(lambda x: _unscaled(special.k1e, x)), ()),
    "RGBToHSV": (_rgb_to_hsv, ()),
    "ResizeBilinear": (_resize_bilinear, _RESIZE_ATTRS),
    "ResizeBilinearGrad": (_resize_bilinear_grad, _RESIZE_ATTRS),
    "MaxPool": (_max_pool, _POOL_ATTRS),
    "AvgPool": (_avg_pool, _POOL_ATTRS),
    "MaxPoolGrad": (_max_pool_grad, _POOL_ATTRS),
    "AvgPoolGrad": (_avg_pool_grad, _POOL_ATTRS),
    "Conv2D": (_convolved(_conv2d_function), _CONV_ATTRS),
    "Conv2DBackpropInput": (_input_grad(_conv2d_function), _CONV_ATTRS),
    "Conv2DBackpropFilter": (_filter_grad(_conv2d_function), _CONV_ATTRS),
    "DepthwiseConv2dNative": (_convolved(_depthwise_function), _CONV_ATTRS),
    "DepthwiseConv2dNativeBackpropInput": (_input_grad(_depthwise_function), _CONV_ATTRS),
    "DepthwiseConv2dNativeBackpropFilter": (_filter_grad(_depthwise_function), _CONV_ATTRS),
}
