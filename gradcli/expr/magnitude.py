"""How big a number is, from its double or, where doubles overflow, from its ``log10``.

The size estimates (`sizes`) and the size rules of the function registry
(`functions`) share these; each takes anything with ``value`` and ``log10``
(a `sizes.Size`).
"""

from __future__ import annotations

import math

LOG10_E = math.log10(math.e)
LOG10_2 = math.log10(2)


def exp10(digits: float) -> float:
    return math.inf if digits > 300 else 10.0**digits


def magnitude(a) -> float:
    """|a|, possibly infinite: from its double, or from its log where doubles overflow."""
    return abs(a.value) if math.isfinite(a.value) else exp10(a.log10)


def signed(a) -> float:
    """a, possibly infinite (see `magnitude`); an unknown sign counts as positive, the larger case."""
    return -magnitude(a) if a.value < 0 else magnitude(a)


def log10_of_exp(a, scale: float) -> float:
    """log10 of exp(a) (``scale`` log10(e)) or 2**a (log10(2))."""
    return signed(a) * scale


def log10_of_log(a) -> float:
    """log10(|ln(a)|): ln|a| is about log10|a| * ln(10), plus pi for a negative a."""
    return math.log10(abs(a.log10) * math.log(10) + math.pi) if math.isfinite(a.log10) else math.inf
