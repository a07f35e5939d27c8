"""The fast Fourier transform's steps on any numbers that add and multiply: balls, jets, mpmath's numbers.

A length-n DFT is out[k] = sum_j x[j] w^(jk), w a root of unity of order n.
Written as that sum it costs n^2 products, which on numbers of thousands of
digits (or on balls carrying derivatives) is minutes at n = 1024. Split by
n's factors (Cooley and Tukey's mixed radix: n = p m, the p interleaved
subsequences of length m transformed, then combined by p-point sums with the
twiddles w^(rk)), it costs about n (p1 + p2 + ...) products over n's prime
factors p1, p2, ...: n log n for a power of two. A prime length is its
defining sum: a long prime length (or a long prime factor) still costs p^2.

The caller hands in ``root(m, n)``, the root w^m of order n as its own kind
of number: every twiddle is a root of order n of the whole transform, so a
caller's table of one order serves every step. A product by the root
w^0 = 1 is left out, so exact parts (a plain 0 or 1 a caller keeps exact)
stay as they are wherever the defining sum would keep them.
"""

from __future__ import annotations


def smallest_factor(n):
    """The smallest prime factor of ``n`` (n itself for a prime or for n <= 3)."""
    if n % 2 == 0 and n > 2:
        return 2
    p = 3
    while p * p <= n:
        if n % p == 0:
            return p
        p += 2
    return n


def transform(row, root):
    """The DFT of the sequence ``row``: out[k] = sum_j row[j] root(jk mod n, n), by n's factors."""
    return _transform(list(row), root, len(row), 1)


def _transform(row, root, n, stride):
    """The length-``len(row)`` DFT of ``row``, whose roots are those of order n taken every ``stride``-th."""
    size = len(row)
    p = smallest_factor(size)
    if p == size:
        return _defining_sum(row, root, n, stride)
    m = size // p
    parts = [_transform(row[r::p], root, n, stride * p) for r in range(p)]
    out = [None] * size
    for k in range(m):
        twiddled = [parts[0][k]] + [_times_root(parts[r][k], root, r * k * stride, n) for r in range(1, p)]
        for q in range(p):
            out[k + m * q] = _sum_of(twiddled, root, q * m * stride, n)
    return out


def _defining_sum(row, root, n, stride):
    size = len(row)
    return [_sum_of(row, root, k * stride, n) for k in range(size)]


def _sum_of(terms, root, step, n):
    """sum_r terms[r] w^(r step), w of order n."""
    total = terms[0]
    for r in range(1, len(terms)):
        total = total + _times_root(terms[r], root, r * step, n)
    return total


def _times_root(value, root, m, n):
    m %= n
    return value if m == 0 else value * root(m, n)
