"""NumPy's ``poly1d``: a polynomial by its coefficients, highest power first, as legacy NumPy code builds one
(``np.poly1d(np.polyfit(x, y, 3))(t)``), its numbers gradcli's own.

Each operation is composed of recorded ops: evaluation `polyval` (Horner's rule,
as NumPy's), sums and differences the coefficients padded to one length,
products `convolve`, quotients and remainders `polydiv` (NumPy's long division,
entry by entry), a derivative or an integral the coefficients scaled by their
powers, roots `roots`. Leading zero coefficients are trimmed as NumPy
trims them where the coefficients are plain numbers; a traced coefficient is
kept whatever its value (a derivative at a coefficient of 0 is still one).
"""

from __future__ import annotations

import numpy as np

from .ops import absolute, less_equal
from .ops_array import asarray, concatenate, getitem, reshape, stack
from .ops_numeric import convolve, polyval
from .ops_series import roots as _roots
from .values import Box, raw, shape_of


class poly1d:  # noqa: N801 (NumPy's name)
    """``np.poly1d(c_or_r, r=False, variable=None)``: the polynomial with coefficients ``c_or_r`` (highest power
    first), or, with ``r=True``, the monic polynomial with roots ``c_or_r``."""

    __hash__ = None

    def __init__(self, c_or_r, r=False, variable=None):
        if isinstance(c_or_r, poly1d):
            coeffs = c_or_r.coeffs
        elif r:
            coeffs = np.ones(1)
            for root in _as_vector(c_or_r):
                coeffs = convolve(coeffs, concatenate([np.ones(1), reshape(-root, (1,))]))
        else:
            coeffs = _trimmed(_as_vector(c_or_r))
        self.coeffs = coeffs
        self.variable = variable or "x"

    @property
    def c(self):
        return self.coeffs

    coef = coefficients = c

    @property
    def order(self):
        return shape_of(self.coeffs)[0] - 1

    @property
    def roots(self):
        return _roots(self.coeffs)

    r = roots

    def __call__(self, val):
        if isinstance(val, poly1d):  # p(q): p's Horner's rule on polynomials
            result = poly1d(np.zeros(1))
            for k in range(self.order + 1):
                result = result * val + getitem(self.coeffs, k)
            return result
        return polyval(self.coeffs, val)

    def deriv(self, m=1):
        coeffs = self.coeffs
        for _ in range(m):
            n = shape_of(coeffs)[0] - 1
            coeffs = getitem(coeffs, slice(None, -1)) * np.arange(n, 0, -1.0) if n > 0 else np.zeros(1)
        return poly1d(coeffs)

    def integ(self, m=1, k=0):
        coeffs = self.coeffs
        constants = np.broadcast_to(np.asarray(k, dtype=float), (m,)) if np.ndim(k) == 0 else k
        for i in range(m):
            n = shape_of(coeffs)[0]
            coeffs = concatenate([coeffs / np.arange(n, 0, -1.0), reshape(asarray(constants[i]), (1,))])
        return poly1d(coeffs)

    def __len__(self):
        return self.order

    def __iter__(self):
        """The coefficients, highest power first, as NumPy's poly1d iterates (`__getitem__` alone, which gives 0
        beyond the order, would never end)."""
        return (getitem(self.coeffs, k) for k in range(self.order + 1))

    def __getitem__(self, power):
        """The coefficient of x^power (0 beyond the order)."""
        if power > self.order or power < 0:
            return 0.0
        return getitem(self.coeffs, self.order - power)

    def __neg__(self):
        return poly1d(-self.coeffs)

    def __pos__(self):
        return self

    def __add__(self, other):
        a, b = _padded(self.coeffs, _coefficients(other))
        return poly1d(a + b)

    __radd__ = __add__

    def __sub__(self, other):
        a, b = _padded(self.coeffs, _coefficients(other))
        return poly1d(a - b)

    def __rsub__(self, other):
        return (-self) + other

    def __mul__(self, other):
        if isinstance(other, poly1d):
            return poly1d(convolve(self.coeffs, other.coeffs))
        return poly1d(self.coeffs * other)

    __rmul__ = __mul__

    def __truediv__(self, other):
        """``p / c`` for a number ``c``; ``(quotient, remainder)`` of the long division by a polynomial, as NumPy's."""
        if _is_scalar(other):
            return poly1d(self.coeffs / other)
        return polydiv(self, poly1d(other))

    def __rtruediv__(self, other):
        """``c / p``: NumPy's own answer for a number, the polynomial of the numbers c / p's coefficients."""
        if _is_scalar(other):
            return poly1d(other / self.coeffs)
        return polydiv(poly1d(other), self)

    def __pow__(self, n):
        """``p ** n`` for a whole ``n >= 0``; any other power refused with NumPy's own errors."""
        number = raw(n)  # a traced exponent is refused as its number would be
        if not _is_scalar(n) or int(number) != number or number < 0:
            raise ValueError("Power to non-negative integers only.")
        if isinstance(n, Box) or not isinstance(n, (int, np.integer)):  # NumPy's range(n) of a whole float
            kind = type(number)
            raise TypeError(f"'{'numpy.' if issubclass(kind, np.generic) else ''}{kind.__name__}' object cannot be "
                            "interpreted as an integer")
        result = poly1d(np.ones(1))
        for _ in range(n):
            result = result * self
        return result

    def __eq__(self, other):
        other = other if isinstance(other, poly1d) else poly1d(other)
        return shape_of(self.coeffs) == shape_of(other.coeffs) and bool(np.all(raw(self.coeffs) == raw(other.coeffs)))

    def __ne__(self, other):
        return not self == other

    def __repr__(self):
        return f"poly1d({np.asarray(raw(self.coeffs))!r})"

    def __array__(self, dtype=None, copy=None):
        return np.asarray(raw(self.coeffs), dtype=dtype)


def polydiv(u, v):
    """``np.polydiv``: the quotient and remainder of the polynomial ``u`` divided by ``v`` (coefficients highest power
    first), by NumPy's long division, each step a recorded op: poly1d's where either is one, else arrays.

    The remainder's leading entries within NumPy's ``allclose(r[0], 0)`` of 0 are dropped, as NumPy drops them
    (the division's own leading terms, 0 but for rounding, among them); the test is a branch the exact reference
    decides on its own numbers."""
    as_polynomials = isinstance(u, poly1d) or isinstance(v, poly1d)
    u = _as_vector(u.coeffs if isinstance(u, poly1d) else u) + 0.0
    v = _as_vector(v.coeffs if isinstance(v, poly1d) else v) + 0.0
    m, n = shape_of(u)[0] - 1, shape_of(v)[0] - 1
    lead = getitem(v, 0)
    scale = 1.0 / lead
    divisor = [getitem(v, j) for j in range(n + 1)]
    r = [getitem(u, k) for k in range(m + 1)]
    q = []
    for k in range(m - n + 1):
        d = scale * r[k]
        q.append(d)
        for j in range(n + 1):
            r[k + j] = r[k + j] - d * divisor[j]
    if not q:  # the divisor's order is the higher: quotient 0, in the common dtype
        q.append(0.0 * (getitem(u, 0) + lead))
    while len(r) > 1 and bool(raw(less_equal(absolute(r[0]), _ALLCLOSE_ATOL))):
        r = r[1:]
    quotient, remainder = stack(q), stack(r)
    return (poly1d(quotient), poly1d(remainder)) if as_polynomials else (quotient, remainder)


_ALLCLOSE_ATOL = 1e-8  # np.allclose(r[0], 0, rtol=1e-14): |r[0]| <= atol + rtol * 0


def _is_scalar(value):
    """Whether NumPy's ``isscalar`` would take ``value`` for a number: a traced 0-d value counts as its number."""
    return not isinstance(value, poly1d) and not shape_of(value) and not isinstance(value, (list, tuple))


def _as_vector(values):
    values = asarray(values)
    return reshape(values, (1,)) if not shape_of(values) else values


def _trimmed(coeffs):
    """``coeffs`` without leading zeros (one 0 for the zero polynomial), where they are plain numbers."""
    if isinstance(coeffs, Box) or np.asarray(coeffs).dtype == object:
        return coeffs
    nonzero = np.flatnonzero(np.asarray(coeffs) != 0)
    return getitem(coeffs, slice(int(nonzero[0]), None)) if len(nonzero) else np.zeros(1, dtype=np.asarray(coeffs).dtype)


def _coefficients(other):
    return other.coeffs if isinstance(other, poly1d) else _as_vector(other)


def _padded(a, b):
    """``a`` and ``b`` with leading zeros to one length."""
    n = max(shape_of(a)[0], shape_of(b)[0])

    def pad(c):
        short = n - shape_of(c)[0]
        return concatenate([np.zeros(short), c]) if short else c

    return pad(a), pad(b)
