"""The fast Fourier transform's steps on any numbers that add and multiply: balls, jets, mpmath's numbers.

A length-n DFT is out[k] = sum_j x[j] w^(jk), w a root of unity of order n.
Written as that sum it costs n^2 products, which on numbers of thousands of
digits (or on balls carrying derivatives) is minutes at n = 1024. Split by
n's factors (Cooley and Tukey's mixed radix: n = p m, the p interleaved
subsequences of length m transformed, then combined by p-point sums with the
twiddles w^(rk)), it costs about n (p1 + p2 + ...) products over n's prime
factors p1, p2, ...: n log n for a power of two. A small prime length is its
defining sum; a prime length from `CHIRP_FROM` on is Bluestein's chirp
convolution (`_chirped`): jk = (j^2 + k^2 - (k - j)^2) / 2 makes the sum a
convolution with the chirp w^(-j^2/2), done by transforms of a power-of-two
length, so a long prime length (or a long prime factor) costs n log n too.

The caller hands in ``root(m, order)``, the root e^(+-2 pi i m / order) of any
order as its own kind of number, with the one sign of the whole transform:
``m / order`` always in lowest terms (0 < m < order), so a caller's table
keyed by the pair finds each root once. The chirp's roots have order 2n, its
convolution's a power of two. A product by the root 1 is left out and a
product by -1 is a negation, so exact parts (a plain 0 or 1 a caller keeps
exact) stay as they are wherever the defining sum would keep them; a chirp's
bin 0 is its plain sum for the same reason (a real signal's bin 0 has no
imaginary part at all). Every other bin of a chirp convolution is the sum of
rounded products of all the roots met, never exactly 0 where algebra cancels
it: a proof (`arb_complex`'s proof numbers) keeps the defining sums, whose
terms cancel exactly. What is kept with a ``root`` (a chirp's filter) is made
within ``root.made_in()`` where the caller gives one (`ops_fft`'s: mpmath
rounding to nearest, so every run at a precision reads the same filter).
"""

from __future__ import annotations

import contextlib
import math
import weakref

CHIRP_FROM = 32  # the shortest prime length taken as a chirp convolution: below it the defining sum is cheaper


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


def chirped(n):
    """Whether a length-``n`` transform takes a chirp convolution (a prime factor of ``n`` from `CHIRP_FROM` on),
    whose rounding a caller counting digits may want guard bits for (about 2 log2 n)."""
    while n > 1:
        p = smallest_factor(n)
        if p >= CHIRP_FROM:
            return True
        n //= p
    return False


def transform(row, root):
    """The DFT of the sequence ``row``: out[k] = sum_j row[j] root(jk mod n, n) (each fraction reduced), by n's
    factors."""
    return _transform(list(row), root)


def _transform(row, root):
    """The DFT of ``row``, whose root of unity is that of order ``len(row)``."""
    size = len(row)
    p = smallest_factor(size)
    if p == size:
        return _chirped(row, root) if size >= CHIRP_FROM else [_sum_of(row, root, k, size) for k in range(size)]
    m = size // p
    parts = [_transform(row[r::p], root) for r in range(p)]
    out = [None] * size
    for k in range(m):
        twiddled = [parts[0][k]] + [_times_root(parts[r][k], root, r * k, size) for r in range(1, p)]
        for q in range(p):
            out[k + m * q] = _sum_of(twiddled, root, q, p)  # w^(r q m) of order size: w^(r q) of order p
    return out


def _sum_of(terms, root, step, order):
    """sum_r terms[r] w^(r step), w of order ``order``."""
    total = terms[0]
    for r in range(1, len(terms)):
        total = total + _times_root(terms[r], root, r * step, order)
    return total


def _times_root(value, root, m, order):
    m %= order
    if m == 0:
        return value
    if 2 * m == order:
        return -value
    common = math.gcd(m, order)
    return value * root(m // common, order // common)


_FILTERS = weakref.WeakKeyDictionary()  # root -> {n: the chirp filter's transform over its length}: once per caller


def _chirped(row, root):
    """The DFT of ``row`` (any length n) as Bluestein's convolution: X_k = c_k sum_j (x_j c_j) conj-chirp(k - j),
    c_j = w^(j^2 / 2) a root of order 2n, the convolution cyclic over a power of two M >= 2n - 1 (so no wrapped
    term overlaps), its transforms of length M; the filter's transform (divided by M, exactly: M is a power of 2)
    is made once per ``root`` and length."""
    n = len(row)
    size = 1 << (2 * n - 2).bit_length()
    chirp = [_chirp_root(root, j, n, 1) for j in range(n)]
    signal = [_times(row[j], chirp[j]) for j in range(n)] + [0] * (size - n)
    spectrum = _transform(signal, root)
    filtered = _filter(root, n, size)
    convolved = _transform([a * b for a, b in zip(spectrum, filtered)], root)  # a forward transform: bins reversed
    total = row[0]
    for e in row[1:]:
        total = total + e
    return [total] + [_times(convolved[-k % size], chirp[k]) for k in range(1, n)]


def _filter(root, n, size):
    """The transform of the chirp w^(-j^2 / 2) at j = -(n - 1) .. n - 1, laid on a cycle of ``size``, over ``size``."""
    try:
        made = _FILTERS.setdefault(root, {})
    except TypeError:  # a root that takes no weak reference: made for each transform
        made = {}
    found = made.get(n)
    if found is None:
        taps = [0] * size
        with getattr(root, "made_in", contextlib.nullcontext)():
            for j in range(n):
                taps[j] = taps[-j % size] = _chirp_root(root, j, n, -1)
            found = made[n] = [e / size for e in _transform(taps, root)]
    return found


def _chirp_root(root, j, n, sign):
    """w^(sign j^2 / 2), w of order ``n``: the root of order 2n to the power sign j^2 (1 where that is 0)."""
    m = sign * j * j % (2 * n)
    if m == 0:
        return 1
    if 2 * m == 2 * n:
        return -1
    common = math.gcd(m, 2 * n)
    return root(m // common, 2 * n // common)


def _times(value, factor):
    return value if type(factor) is int and factor == 1 else -value if type(factor) is int else value * factor
