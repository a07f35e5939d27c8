"""Series and products plain NumPy code evaluates: ``np.polynomial``'s ``*val`` functions, ``np.roots`` and
``np.linalg.multi_dot``, composed of recorded ops in the order NumPy computes them.

NumPy writes these in Python over its arithmetic, so the same steps on gradcli's ops give NumPy's floats in a dtype and
the series' exact value in the exact reference. Each ``*val`` takes ``x`` first and the coefficients ``c`` (lowest
degree first) second, as NumPy's do; with ``tensor`` (the default) a ``c`` of more than one dimension is evaluated at
every ``x`` for each column, as NumPy's.
"""

from __future__ import annotations

import numpy as np

from .ops import high_precision, lifted
from .ops_array import asarray, concatenate, getitem, reshape, transpose
from .ops_decompositions import eigvals
from .ops_linalg import dot
from .values import raw, shape_of


def _points(x):
    """``x`` as NumPy's series take it: a list or tuple becomes an array, anything else stays as it is."""
    return asarray(x) if isinstance(x, (list, tuple)) else x


def _coefficients(x, c, tensor):
    """``c`` as an array of at least one dimension, floats, shaped to broadcast against ``x`` as NumPy's series do."""
    c = asarray(c)
    if not shape_of(c):
        c = reshape(c, (1,))
    if np.asarray(raw(c)).dtype.kind in "biu":
        c = c + 0.0
    x_dims = len(shape_of(x)) if not np.isscalar(raw(x)) else 0
    if tensor and x_dims:
        c = reshape(c, tuple(shape_of(c)) + (1,) * x_dims)
    return x, c, shape_of(c)[0]


def polyval(x, c, tensor=True):
    """``np.polynomial.polynomial.polyval``: c_0 + c_1 x + ... by Horner's rule from the top coefficient."""
    x, c, n = _coefficients(_points(x), c, tensor)
    total = getitem(c, -1) + x * 0
    for i in range(2, n + 1):
        total = getitem(c, -i) + total * x
    return total


def _clenshaw(x, c, tensor, step, finish):
    """The backward recurrence NumPy's orthogonal series share: ``step(k, c_k, b0, b1, nd)`` gives the next pair from
    the top down (``nd`` the degree the pair stands at), ``finish(b0, b1, x)`` the value."""
    x, c, n = _coefficients(_points(x), c, tensor)
    if n == 1:
        return finish(getitem(c, 0), 0, x)
    if n == 2:
        return finish(getitem(c, 0), getitem(c, 1), x)
    b0, b1, nd = getitem(c, -2), getitem(c, -1), n
    for i in range(3, n + 1):
        nd -= 1
        b0, b1 = step(getitem(c, -i), b0, b1, nd, x)
    return finish(b0, b1, x)


def chebval(x, c, tensor=True):
    """``np.polynomial.chebyshev.chebval``: sum of c_k T_k(x)."""
    twice = 2 * _points(x)
    return _clenshaw(x, c, tensor, lambda ck, b0, b1, nd, x: (ck - b1, b0 + b1 * twice), lambda b0, b1, x: b0 + b1 * x)


def _times_ratio(v, top, bottom):
    """v (top / bottom): by NumPy's float of the ratio in a dtype, by the exact ratio in the exact reference (the
    series' own coefficient, which the float rounds)."""
    return v * (top / bottom) if high_precision(v) is None else v * top / bottom


def legval(x, c, tensor=True):
    """``np.polynomial.legendre.legval``: sum of c_k P_k(x)."""
    def step(ck, b0, b1, nd, x):
        return ck - _times_ratio(b1, nd - 1, nd), b0 + _times_ratio(b1 * x, 2 * nd - 1, nd)
    return _clenshaw(x, c, tensor, step, lambda b0, b1, x: b0 + b1 * x)


def hermval(x, c, tensor=True):
    """``np.polynomial.hermite.hermval``: sum of c_k H_k(x), the physicists' Hermite polynomials."""
    twice = _points(x) * 2
    return _clenshaw(x, c, tensor, lambda ck, b0, b1, nd, x: (ck - b1 * (2 * (nd - 1)), b0 + b1 * twice),
                     lambda b0, b1, x: b0 + b1 * twice)


def hermeval(x, c, tensor=True):
    """``np.polynomial.hermite_e.hermeval``: sum of c_k He_k(x), the probabilists' Hermite polynomials."""
    return _clenshaw(x, c, tensor, lambda ck, b0, b1, nd, x: (ck - b1 * (nd - 1), b0 + b1 * x),
                     lambda b0, b1, x: b0 + b1 * x)


def lagval(x, c, tensor=True):
    """``np.polynomial.laguerre.lagval``: sum of c_k L_k(x)."""
    def step(ck, b0, b1, nd, x):
        return ck - (b1 * (nd - 1)) / nd, b0 + (b1 * ((2 * nd - 1) - x)) / nd
    return _clenshaw(x, c, tensor, step, lambda b0, b1, x: b0 + b1 * (1 - x))


def roots(p):
    """``np.roots``: the eigenvalues of the companion matrix of the polynomial with coefficients ``p`` (highest power
    first), leading and trailing zero coefficients dropped as NumPy drops them (each trailing one a root at 0)."""
    p = asarray(p)
    if not shape_of(p):
        p = reshape(p, (1,))
    if len(shape_of(p)) != 1:
        raise ValueError("Input must be a rank-1 array.")
    nonzero = np.flatnonzero(np.asarray(raw(p)) != 0)
    if not len(nonzero):
        return np.array([])
    zeros_at_end = shape_of(p)[0] - int(nonzero[-1]) - 1
    p = getitem(p, slice(int(nonzero[0]), int(nonzero[-1]) + 1))
    if np.asarray(raw(p)).dtype.kind in "biu":
        p = p + 0.0
    n = shape_of(p)[0]
    found = np.array([])
    if n > 1:
        top = reshape(-getitem(p, slice(1, None)) / getitem(p, 0), (1, n - 1))
        below = lifted(np.eye(n - 2, n - 1), top)  # ones on the subdiagonal: a constant
        found = eigvals(concatenate([top, below], axis=0) if n > 2 else top)
    if not zeros_at_end:
        return found
    dtype = np.asarray(raw(found)).dtype if n > 1 else np.float64
    return concatenate([found, np.zeros(zeros_at_end, dtype=dtype if dtype != object else np.complex128)])


def _chain_order(shapes):
    """For each run i..j of factors, the k after which it splits to multiply with the fewest scalar products (NumPy's
    order: its ties go to the first split)."""
    n = len(shapes)
    sizes = [s[0] for s in shapes] + [shapes[-1][1]]
    cost = np.zeros((n, n))
    split = np.zeros((n, n), dtype=int)
    for length in range(1, n):
        for i in range(n - length):
            j = i + length
            cost[i, j] = np.inf
            for k in range(i, j):
                q = cost[i, k] + cost[k + 1, j] + sizes[i] * sizes[k + 1] * sizes[j + 1]
                if q < cost[i, j]:
                    cost[i, j], split[i, j] = q, k
    return split


def multi_dot(arrays, *, out=None):
    """``np.linalg.multi_dot``: the product of the matrices in the order with the fewest scalar products, a first 1-D
    factor a row and a last a column, as NumPy multiplies them."""
    if out is not None:
        raise TypeError("gradcli.numpy.linalg.multi_dot returns its product; out= is not supported")
    arrays = [asarray(a) for a in arrays]
    if len(arrays) < 2:
        raise ValueError("Expecting at least two arrays.")
    if len(arrays) == 2:
        return dot(arrays[0], arrays[1])
    first_dims, last_dims = len(shape_of(arrays[0])), len(shape_of(arrays[-1]))
    if first_dims == 1:
        arrays[0] = reshape(arrays[0], (1, -1))
    if last_dims == 1:
        arrays[-1] = transpose(reshape(arrays[-1], (1, -1)))
    if any(len(shape_of(a)) != 2 for a in arrays):
        raise np.linalg.LinAlgError("multi_dot: every factor but a 1-D first or last must be two-dimensional")
    split = _chain_order([shape_of(a) for a in arrays])  # for three factors NumPy's cost comparison, the same choice

    def product(i, j):
        if i == j:
            return arrays[i]
        return dot(product(i, split[i, j]), product(split[i, j] + 1, j))

    result = product(0, len(arrays) - 1)
    if first_dims == 1 and last_dims == 1:
        return getitem(result, (0, 0))
    if first_dims == 1 or last_dims == 1:
        return reshape(result, (-1,))
    return result
