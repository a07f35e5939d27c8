"""Balls near a simpler number: anchor + proven tail, for the ball implementations in `arb`.

A number within 2^-prec of a simpler one (tanh(-1e5) = -1 + 2e^-2e5, a softmax
weight 1 - e^-1e200) is, as a ball, that one +- 2^-prec. Such answers are made
`NEAR` balls (`remembered`): a subclass of flint's ball that also holds its
anchor (an exact number, or a ball matched by identity) and its tail. add,
subtract, multiply, divide, negate, log and the comparisons read the tail where
the anchor cancels (`difference`), in gradcli's ops and in NumPy's own
arithmetic on object arrays alike (a backward pass's sums, a jet's tangents):
1 + tanh(-1e5) is its tail, and 1 - p of a one-hot softmax is e^-1e200, to
their digits. A tail left alone (`alone`) is anchored at 0, so that it is
remembered beside the next exact number it meets. Forgetting an anchor costs
digits, never truth: the ball itself stays a proven enclosure. `bind` hands
this module flint's ball type (`arb.enable`).
"""

from __future__ import annotations

import math

import numpy as np

ARB = None  # flint.arb, bound by `bind`
NEAR = None  # the ball type that carries anchor + tail, a subclass of flint.arb made by `bind`
_flint = None  # flint itself (its precision), bound by `bind`
_NUMBERS = (int, float, np.floating, np.integer)


def bind(arb_type, flint_module):
    """Use ``arb_type`` (flint.arb) and ``flint_module``'s precision from now on, and make `NEAR` of it."""
    global ARB, NEAR, _flint
    ARB, _flint = arb_type, flint_module

    class Near(arb_type):
        """A ball that is anchor + tail: a proven enclosure like any ball, whose arithmetic reads the tail
        where the anchor cancels, in gradcli's ops and in NumPy's object arrays alike (a backward pass's
        sums, ``g * exp(x - ans)``), where flint's own operators would leave 0 +- 2^-prec."""

        __slots__ = ("anchor", "tail")

        def __add__(self, other):
            return add(self, other) if _number(other) else NotImplemented

        def __radd__(self, other):
            return add(other, self) if _number(other) else NotImplemented

        def __sub__(self, other):
            return subtract(self, other) if _number(other) else NotImplemented

        def __rsub__(self, other):
            return subtract(other, self) if _number(other) else NotImplemented

        def __mul__(self, other):
            return multiply(self, other) if _number(other) else NotImplemented

        def __rmul__(self, other):
            return multiply(other, self) if _number(other) else NotImplemented

        def __truediv__(self, other):
            return divide(self, other) if _number(other) else NotImplemented

        def __rtruediv__(self, other):
            return divide(other, self) if _number(other) else NotImplemented

        def __neg__(self):
            return negative(self)

        def __pos__(self):
            return self

    NEAR = Near


def _number(x):
    return isinstance(x, ARB) or (isinstance(x, _NUMBERS) and not isinstance(x, (bool, np.bool_)))


def exact_ball(x):
    """A number as a ball, exactly: NumPy's float16 and float32 scalars (flint takes no NumPy type) through
    float64, and NumPy's integers (a mean's count) as Python's."""
    if isinstance(x, (np.float16, np.float32)):
        return ARB(float(x))  # exact: every float16 and float32 number is a float64 number
    if isinstance(x, np.integer):
        return ARB(int(x))
    return ARB(x)


def _arb(x):
    return x if isinstance(x, ARB) else exact_ball(x)


_POWERS = {}  # k -> the exact ball 2^k: exact at every precision, so made once (a power costs more than the op it guards)


def two_to(k):
    """The exact ball 2^k (kept for the few k asked: the precision's own and its half)."""
    power = _POWERS.get(k)
    if power is None:
        power = ARB(2) ** k
        if len(_POWERS) < 256:
            _POWERS[k] = power
    return power


def _unbounded(x, y):
    """Whether ``x`` or ``y`` is no finite ball (an infinity, which a ball holds without its sign): no anchor or tail
    of it cancels another's, so their sum is flint's own (inf - inf is no 0)."""
    return not (_arb(x).is_finite() and _arb(y).is_finite())


def _plain(x):
    """``x`` as a plain ball (a `NEAR` one forgets its anchor): flint's own arithmetic, no recursion."""
    return x if type(x) is ARB else exact_ball(x)


def logaddexp(x, y):
    # Smooth everywhere: max(x, y) as (x + y + |x - y|) / 2 decides no branch.
    spread = abs(subtract(x, y))
    tail = log1p((-spread).exp())
    if spread > _flint.ctx.prec:  # the larger one to its last bit, and the tail remembered beside it
        top = x if _arb(x) > _arb(y) else y
        return remembered(_plain(top) + _plain(tail), top, tail)
    x, y = _arb(x), _arb(y)
    return (x + y + spread) / 2 + tail


def near_zero(name, error):
    """The ball's own ``name`` (tanh, sinh, expm1), except at an x so tiny that the answer is x within
    ``error(|x|)`` (|x|^3, |x|^2): there arb keeps 28 bits at every precision once the exponent passes
    2^63 (tanh(1e-3e226)), and the enclosure x +- error is proven and as tight as x itself.
    """

    def run(x):
        x = _arb(x)
        if abs(x) < two_to(-(_flint.ctx.prec // 2 + 2)):
            return x + ARB(0, error(abs(x).upper()))
        return getattr(x, name)()

    return run


def saturated(own, limit, gap):
    """``own`` (a ball function), except far out where the answer is ``limit(x)`` (+-1; None: not on
    that side) + ``gap(x)``: there arb's own is the limit +- 2^-prec (tanh(-3.5e298) is -1 +
    2e^-7e298), the limit +- a bound of the gap is as tight as the distance, and it is remembered."""

    def run(x):
        x = _arb(x)
        far = (_flint.ctx.prec + 8) * LN2_HALF  # a float: compared with a ball, exactly
        if abs(x) > far and limit(x) is not None:
            tail = gap(x)
            if tail.is_finite() and abs(tail).upper() < two_to(-_flint.ctx.prec):
                return remembered(limit(x) + ARB(0, abs(tail).upper()), limit(x), tail)
        return own(x)

    return run


def remembered(ball, anchor, tail):
    """``ball`` (a proven enclosure of anchor + tail) as a `NEAR` ball that knows its anchor and tail.
    The anchor is an exact number, or a ball matched by identity (a logsumexp's largest entry)."""
    near = NEAR(ball)
    near.anchor, near.tail = anchor, tail
    return near


def anchored(x):
    """``(anchor, tail)`` of a `NEAR` ball ``x`` (its answer is anchor + tail), else ``(x, None)``."""
    if isinstance(x, NEAR):
        tail = getattr(x, "tail", None)  # flint may make a Near of its own (np.add.at's copies): no anchor
        if tail is not None:
            return x.anchor, tail
    return x, None


def exact(x):
    """``x`` as an exact ball (a float, an int, an exact ball), or None."""
    if isinstance(x, ARB):
        return _plain(x) if x.is_exact() else None
    if isinstance(x, (int, float, np.floating, np.integer)) and not isinstance(x, (bool, np.bool_)):
        return ARB(float(x)) if np.isfinite(x) else None
    return None


def same(a, b):
    """Whether two anchors are one number: the same ball (whatever its width), or equal exact numbers."""
    if a is b:
        return True
    a, b = exact(a), exact(b)
    return a is not None and b is not None and a == b


def difference(x, y):
    """x - y from their tails where both share an anchor (one may be the anchor itself), else None."""
    (ax, tx), (ay, ty) = anchored(x), anchored(y)
    if tx is None and ty is None:
        return None
    if tx is None or ay is x:  # y anchored at x itself (a logsumexp at its largest entry, itself remembered)
        return alone(-_plain(ty)) if same(x, ay) else None
    if ty is None or ax is y:
        return alone(tx) if same(ax, y) else None
    return alone(_plain(tx) - _plain(ty)) if same(ax, ay) else None


def alone(tail):
    """A tail left alone where its anchor cancelled, as a ball anchored at 0: added to an exact number
    later (log p + 1 in a backward pass, by NumPy's own +) it is remembered beside it, not rounded away."""
    tail = _plain(tail)
    return tail if tail.is_exact() else remembered(tail, ARB(0), tail)


def add(x, y):
    """x + y on balls: the tail alone where the anchors cancel, anchor + tail remembered where they do not."""
    if type(x) is ARB and type(y) is ARB and not (x.is_exact() or y.is_exact()):
        return x + y  # two plain balls, neither a simpler number: nothing to remember (the common case)
    for a, b in ((x, y), (y, x)):
        if _is_zero(b):  # the ball itself, so an anchor held by identity still matches (a tangent's 0 entries)
            return _arb(a)
    if _unbounded(x, y):
        return _plain(x) + _plain(y)
    for a, b in ((x, y), (y, x)):
        anchor, tail = anchored(a)
        if tail is not None:
            b = exact(b)
            if b is not None and same(anchor, -b):
                return alone(tail)
    for a, b in ((x, y), (y, x)):
        moved = _beside_identity(a, b, 1)
        if moved is not None:
            return moved
    joined = _joined_parts(x, y, 1)
    return _plain(x) + _plain(y) if joined is None else joined


def _beside_identity(a, b, sign):
    """a + sign * b where a is anchored at a ball by identity and b is a plain number: still anchored there
    (a softmax-weighted sum of tangents beside its largest one's), else None."""
    anchor, tail = anchored(a)
    if tail is None or _parts(a) is not None:
        return None
    if isinstance(b, NEAR):  # only a tail alone (anchored at 0) joins the tail
        pb = _parts(b)
        if pb is None or pb[0] is None or not pb[0].is_zero():
            return None
    moved = _plain(tail) + sign * _plain(b)
    return remembered(_plain(a) + sign * _plain(b), anchor, moved)


def subtract(x, y):
    """x - y on balls, from the tails where both share an anchor (`difference`), else as `add` does."""
    if type(x) is ARB and type(y) is ARB and x is not y and not (x.is_exact() or y.is_exact()):
        return x - y
    if _is_zero(y):
        return _arb(x)
    if x is y and isinstance(x, ARB) and x.is_finite():  # one ball minus itself (shared by `arb`): exactly 0
        return ARB(0)
    if _unbounded(x, y):
        return _plain(x) - _plain(y)
    d = difference(x, y)
    if d is not None:
        return d
    moved = _beside_identity(x, y, -1)
    if moved is not None:
        return moved
    joined = _joined_parts(x, y, -1)
    return _plain(x) - _plain(y) if joined is None else joined


def multiply(x, y):
    """x * y on balls; a remembered ball times an exact or remembered one stays remembered (-p of a softmax
    weight p = 1 - t is -1 - t), and b times one remembered at 1 + t is b + b t, anchored at b itself
    (then c - c p is -c t)."""
    for a, b in ((x, y), (y, x)):
        if isinstance(b, ARB) and b.is_exact() and b == 1 or isinstance(b, _NUMBERS) and b == 1:
            return _arb(a)  # the ball itself: the same number, so what is shared with it (`arb._share`) still is
    if not (isinstance(x, NEAR) or isinstance(y, NEAR)):
        return _plain(x) * _plain(y)
    px, py = _parts(x), _parts(y)
    for parts in (px, py):
        if parts is not None and parts[0] is not None and parts[0].is_zero() and parts[1] is not None:
            return alone(_plain(x) * _plain(y))  # a tail alone times anything: still a tail alone
    if px is not None and py is not None:
        (ax, tx), (ay, ty) = px, py
        if ax is not None and ay is not None and (ax * ay).is_exact():
            terms = [_plain(ax) * ty if ty is not None else None, _plain(tx) * ay if tx is not None else None,
                     _plain(tx) * _plain(ty) if tx is not None and ty is not None else None]
            terms = [t for t in terms if t is not None]
            if terms:
                return _joined(ax * ay, sum(terms[1:], terms[0]))
    for parts, other in ((px, y), (py, x)):
        if parts is not None and parts[1] is not None and parts[0] is not None and parts[0] == 1 and isinstance(other, ARB):
            moved = _plain(other) * _plain(parts[1])
            return remembered(_plain(other) + moved, other, moved)
    return _plain(x) * _plain(y)


def divide(x, y):
    """x / y on balls; where x and y are remembered (or exact) with an exact quotient q of their anchors,
    q + (x - q y) / y from the tails: p / p of a softmax weight p = 1 - t is 1, not 1 +- 2^-prec."""
    if not (isinstance(x, NEAR) or isinstance(y, NEAR)):
        return _plain(x) / _plain(y)
    if x is y and not x.contains(0):
        return ARB(1)
    px, py = _parts(x), _parts(y)
    if px is not None and py is not None and px[0] is not None and py[0] is not None and not py[0].is_zero():
        q = px[0] / py[0]
        if q.is_exact():
            tails = [t for t in (px[1], None if py[1] is None else -q * _plain(py[1])) if t is not None]
            if tails:
                return _joined(q, sum(tails[1:], _plain(tails[0])) / _plain(y))
    return _plain(x) / _plain(y)


def negative(x):
    """-x on balls, its anchor and tail negated with it."""
    return multiply(x, ARB(-1)) if isinstance(x, NEAR) else -_plain(x)


def _is_zero(x):
    return (isinstance(x, ARB) and x.is_exact() and x.is_zero()) or (isinstance(x, _NUMBERS) and x == 0)


def _parts(x):
    """``(exact anchor, tail)`` of x: a remembered ball's own, an exact number's (x, None), any other ball's
    (None, x); None where the anchor is a ball that is not exact (it is matched by identity, in `difference`)."""
    anchor, tail = anchored(x)
    if tail is None:
        e = exact(x)
        return (e, None) if e is not None else (None, _plain(x))
    inner = _parts(anchor) if isinstance(anchor, NEAR) else None
    if inner is not None and inner[0] is not None:  # anchored at a remembered ball: at that one's anchor
        return inner[0], tail if inner[1] is None else _plain(inner[1]) + _plain(tail)
    anchor = exact(anchor)
    return None if anchor is None else (anchor, tail)


def _joined_parts(x, y, sign):
    """x + sign * y as anchor + tail, where one is remembered or one is exact beside a tail below 2^-prec
    of it (1 + e^-1e200, a sum of softmax weights); None where plain ball arithmetic loses nothing."""
    px, py = _parts(x), _parts(y)
    if px is None or py is None or (px[0] is None and py[0] is None) or (px[1] is None and py[1] is None):
        return None
    if px[0] is None or py[0] is None:  # an exact number beside a plain ball: worth it only when the ball is tiny
        small = px[1] if px[0] is None else py[1]
        big = px[0] if py[0] is None else py[0]
        if big.is_zero() or not abs(small) < abs(big) * two_to(-_flint.ctx.prec):
            return None
    zero = ARB(0)
    anchor = (zero if px[0] is None else px[0]) + sign * (zero if py[0] is None else py[0])
    if not anchor.is_exact():
        return None
    tail = (zero if px[1] is None else px[1]) + sign * (zero if py[1] is None else py[1])
    return _joined(anchor, tail)


def _joined(anchor, tail):
    """anchor + tail: the tail alone at a 0 anchor, remembered where it is below 2^-prec of the anchor."""
    if anchor.is_zero():
        return alone(tail)
    ball = _plain(anchor) + _plain(tail)
    if not tail.is_zero() and abs(tail) < abs(anchor) * two_to(-_flint.ctx.prec):
        return remembered(ball, anchor, tail)
    return ball


def log(x):
    # log of 1 + t, remembered so (exp of a tiny t, a softmax weight of 1 - e^-1e200): log1p(t) to its digits.
    anchor, tail = anchored(x)
    if tail is not None and same(anchor, 1):
        return alone(log1p(tail))
    x = _plain(x)
    if x.is_zero():  # an exact 0 (a sum of exp(-inf)s): log's limit -inf, as IEEE's, where flint answers [nan +/- inf]
        return ARB(-math.inf)
    return x.log()


def exp(x):
    x = _arb(x)
    if not x.is_zero() and abs(x) < two_to(-_flint.ctx.prec):
        return remembered(x.exp(), ARB(1), expm1(x))  # 1 + t within 2^-prec: remember t
    out = _plain(x).exp()
    if x < -_flint.ctx.prec:  # below 2^-prec: a tail beside any 1 it meets (1 - e^-1e300 in a backward sum)
        return alone(out)
    return out


LN2_HALF = 0.35  # below ln(2)/2: |x| past (prec + 8) of it leaves e^-2|x| under 2^-prec


def sign_of_far(x):
    return ARB(1) if x > 0 else ARB(-1)


def tanh_gap(x):
    return -sign_of_far(x) * 2 / (1 + (2 * abs(x)).exp())


def one_above_zero(x):  # sigmoid far below 0 is e^x to every digit on arb's own
    return ARB(1) if x > 0 else None


log1p = near_zero("log1p", lambda a: a * a)  # |log1p(x) - x| <= x^2 for |x| < 1/2
expm1 = near_zero("expm1", lambda a: a * a)  # |expm1(x) - x| <= x^2 for |x| < 1/2

def anchored_logsumexp(entries):
    """logsumexp as the largest entry + log1p(the others' shares), that tail remembered beside it; None
    where no entry is proven the largest. v[0] - logsumexp(v) at v[0] = 1e200 is then -e^-1e200, not 0 +- 2^-prec."""
    top = max(range(len(entries)), key=lambda k: _arb(entries[k]).mid())
    shares = []
    for k, e in enumerate(entries):
        if k == top:
            continue
        gap = subtract(e, entries[top])
        if not gap < 0:
            return None
        shares.append(exp(gap))
    tail = log1p(sum(shares[1:], shares[0]))
    return remembered(_plain(entries[top]) + _plain(tail), entries[top], tail)


# Past 2^16, erfc's asymptotic series reaches any precision in at most about a thousand terms, where flint's erfc
# of a ball with a radius has no digits left (past about 1e6 at any precision: an enclosure of 0) and mpmath's
# raises OverflowError (past about 1e150).
FAR = 2.0**16


def far_series(t, small):
    """(S, the first term left out) for S = sum_k (-1)^k (2k-1)!! / (2t^2)^k, erfc(t) = e^(-t^2) / (t sqrt pi) S for
    t > 0 large, on balls or mpmath numbers: terms added until one is below ``small``. The series alternates, and
    what is left out has the sign and at most the size of its first term (Abramowitz and Stegun 7.1.24)."""
    step = 1 / (2 * t * t)
    total = term = t * 0 + 1
    k = 1
    while True:
        term = -term * (2 * k - 1) * step
        if abs(term) < small:
            return total, term
        total += term
        k += 1


def far_series_ball(t):
    """`far_series` on a ball, its remainder in the ball's radius."""
    total, left_out = far_series(t, type(t)(2) ** -(_flint.ctx.prec + 16))
    return total + left_out * type(t)(0, 1)


# Past 2^this, e^(-x^2)'s exponent has more digits than a run holds (x = sinh(1e38)): flint's own enclosure of 0 is
# the answer there, as for any ball that far out.
BEYOND_BITS = 2**20


def erfc(x):
    """erfc on a ball, with its digits far out: past 2^16 the tail e^(-x^2) / (x sqrt pi) S (`far_series_ball`),
    and past -2^16 that tail remembered beside 2 (1 - ndtr(1e7) is then its tail, not 0 +- 2^-prec)."""
    x = _arb(x)
    beyond = ARB(2) ** BEYOND_BITS
    if FAR < x < beyond:
        return (-(x * x)).exp() / (x * ARB.pi().sqrt()) * far_series_ball(x)
    if -beyond < x < -FAR:
        tail = -erfc(-x)
        return remembered(ARB(2) + tail, ARB(2), tail)
    return x.erfc()
