"""The core on python-flint ``arb`` balls: the same primitives, each answer a proven enclosure.

`enable()` imports flint (only then), runs `mp.enable`, and wraps every
primitive's high-precision implementation so that ``arb`` arguments take the
ball implementation from `ELEMENTWISE` and everything else keeps mpmath's.
Sums, products, shapes and ``matmul`` need nothing: NumPy runs them on object
arrays of balls; logsumexp has a ball implementation in `REDUCTIONS`. What balls
cannot do raises `NoArb` (never an mpmath function reading a ball as a 53-bit
number); a branch (a comparison,
``abs``, ``maximum``...) whose balls straddle the boundary raises `Undecided`
(more bits may decide it). Every branch decided is appended to `decisions`, so a
caller can tell whether two evaluations took the same smooth path (a kink lies
between them where they did not), and each made between exactly equal numbers
to `ties` (the point sits on the switch). With `forced` set, the branches
are taken as it lists them instead: one smooth piece, followed past its switch.

A number within 2^-prec of a simpler one (tanh(-1e5) = -1 + 2e^-2e5) is, as a
ball, that one +- 2^-prec: `arb_anchored` keeps such answers as anchor + tail,
and the ball and jet implementations here read the tail where the anchor cancels.
"""

from __future__ import annotations

import math
import operator
import time

import numpy as np

from . import arb_anchored as anchored
from . import arb_complex, arb_constants, arb_eigh
from . import arb_proof as proof
from . import arb_proof_linalg as proof_linalg
from . import mp, ops, ops_array, ops_decompositions, ops_fft, ops_linalg, ops_rules, ops_scipy_linalg, ops_shape, ops_special, plain
from .tracer import Primitive, primitive_of, register_mp_types
from .values import raw

ARB = None  # flint.arb, bound by enable()
decisions = []  # the branches decided on balls, in order (the caller replaces the list)
ties = []  # the decisions made between exactly equal numbers (abs at 0, max at a tie): the caller replaces it
tie_at = []  # where in `decisions` each of `ties` was taken: the caller replaces it
AT_AN_EQUALITY = "at an equality"  # a tie of x == y or x != y (`ties`' entry; True for any other switch)
roots = []  # roots (sqrt, x ** 0.5) taken of an exact 0, a cone's tip, and arctan2 at the origin: the caller replaces it
cuts = []  # arctan2 taken on its cut (y an exact 0, x < 0), where it jumps by 2 pi: the caller replaces it
stopped = []  # the stop_gradient calls a program made on balls, jets or proof numbers: the caller replaces it
hold = True  # whether stop_gradient holds its value constant on jets and proof numbers (the caller sets it)
held = []  # where a stop_gradient held a moving value constant (`where_held()` each time): the caller replaces it
where_held = lambda: None  # the caller's: the user's line of the stop_gradient running now
# Decisions to take, in order, instead of deciding (None: decide): one smooth piece of a branching
# program followed past its switch, as |x| = x is followed to x < 0 (the caller sets and clears it).
forced = None
# With `forced` and this True, a forced decision the balls themselves decide the other way is listed (its index)
# in `contradicted`: a replay that follows its decisions in another order than they were made (the caller sets both).
checking = False
contradicted = []
# While set (the caller's, a `time.perf_counter` reading): past it a decision raises `Undecided`, polled every
# `_POLLED` decisions. A program whose loop ends on a comparison rounding decides (``while s + term != s``) never
# ends on proof numbers, where the sum's exact quotient always moves.
decide_by = None
_POLLED = 64
# While a dict (the caller sets it, and None after): the branch each forced decision took, by the comparison and its
# very balls. A gradient's replay that computes the forward again (JAX's value-and-gradient program) meets the same
# comparison on the same balls once `forced` is cleared, and takes it alike (`_decide`).
forced_taken = None


class NoArb(ArithmeticError):
    """An operation that has no ball implementation here (the caller falls back to mpmath)."""


class NotAtThisPrecision(NoArb):
    """An answer that exists, or may, but which these bits do not prove (a matrix nearer singular than the balls'
    width at this precision): more bits may prove it, and past the most bits tried mpmath's path says which."""


class Undecided(ArithmeticError):
    """A branch depends on digits the balls do not have yet."""


class UndecidedBeyondBounds(Undecided):
    """A comparison of a ball that could not bound its answer (1 / 0 of an exact 0, whose sign balls do not keep):
    IEEE's answer there is an infinity or NaN, which no number of bits turns into a ball to compare."""


def _decide(yes, no, tie=False, at_equality=False, compared=None):
    """The branch a comparison takes: ``yes`` or ``no`` as the balls prove it, else the forced path's (`forced`),
    else the one a forced decision took on the very same balls (``compared()``: the comparison and its balls, asked
    only where needed), else `Undecided`."""
    if decide_by is not None and len(decisions) % _POLLED == 0 and time.perf_counter() > decide_by:
        raise Undecided("more branches than a proof run decides in its time")
    if forced is not None and len(decisions) < len(forced):
        taken = forced[len(decisions)]
        if checking and (no if taken else yes):
            contradicted.append(len(decisions))
        decisions.append(taken)
        if compared is not None and forced_taken is not None and not (yes or no):
            forced_taken[compared()] = taken
        return taken
    if tie:
        # the point sits on the switch: a kink may be here, not merely nearby; an equality's switch is the point
        # alone (both sides take the other branch), said apart
        ties.append(AT_AN_EQUALITY if at_equality else True)
        tie_at.append(len(decisions))
    if yes:
        decisions.append(True)
        return True
    if no:
        decisions.append(False)
        return False
    taken = forced_taken.get(compared()) if compared is not None and forced_taken else None  # (None or empty: none)
    if taken is not None:
        decisions.append(taken)
        return taken
    raise Undecided("a comparison of balls that overlap")


def _compared(name, x, y):
    """``compared`` for `_decide`: the comparison's name and its two balls, exactly (midpoint and radius)."""
    return lambda: (name, *(part.man_exp() for ball in (_arb(x), _arb(y)) for part in (ball.mid(), ball.rad())))


def _arb(x):
    return x if isinstance(x, ARB) else anchored.exact_ball(x)


def _log_to_base(x, base):
    """log2 or log10 of a ball: the whole number k exactly where ``x`` is exactly base^k (floor(log2(8)) is 3, not a
    ball about 3 that no floor decides), else log x / log base."""
    x = _arb(x)
    if x.is_exact() and x > 0:
        mantissa, exponent = (int(part) for part in x.man_exp())  # x = mantissa 2^exponent, the mantissa odd
        if base == 2 and mantissa == 1:
            return ARB(exponent)
        if base == 10 and mp.power_of_five(mantissa, exponent):
            return ARB(exponent)
    return x.log() / ARB(base).log()


def _equal(x, y):
    x, y = _arb(x), _arb(y)
    return x.is_exact() and y.is_exact() and x == y


def _power(x, y):
    if _zero_to_a_negative_power(x, y):  # IEEE's +inf, where flint answers NaN: deg ** -0.5 at an isolated node
        return ARB(math.inf)
    if type(y) is int or (type(y) is float and y.is_integer() and abs(y) < 2**53):  # x**2: no ball made for the 2
        return _arb(x) ** int(y)
    y = _arb(y)
    if y.is_exact() and y.is_integer():
        return _arb(x) ** int(y.unique_fmpz())
    if _arb(x).is_zero() and 0 < y < 1:  # x ** 0.5 at 0: a cone's tip, as sqrt's
        roots.append(True)
    return _arb(x) ** y


def _zero_to_a_negative_power(x, y):
    """Whether x ** y is an exact 0 to a power proven below 0, other than an odd integer (whose infinity takes the
    sign of a 0 that a ball does not keep)."""
    if not _arb(x).is_zero():
        return False
    y = _arb(y)
    if not y < 0:
        return False
    return not (y.is_exact() and y.is_integer() and int(y.unique_fmpz()) % 2)


def _apart(x, y):
    """``(x, y)`` to compare: their tails' difference against 0 where they share an anchor (`anchored.difference`)."""
    if x is y:  # one ball against itself (two entries made by the same op from the same balls): equal
        return ARB(0), ARB(0)
    d = anchored.difference(x, y)
    return (_arb(x), _arb(y)) if d is None else (d, ARB(0))


def _picked_ball(v):
    """The argument a pick (max, min, where, clip) returns, as an exact ball where it is a plain float.

    A NumPy float32 constant picked as it is would carry float32 arithmetic into
    the next op (a Python float plus an np.float32 is an np.float32): a float32
    rounding inside the high-precision run.
    """
    if not isinstance(v, (float, np.float16, np.float32)):
        return v
    # One ball per constant: clip(v, -1, 1) saturated at three entries gives one ball, so the same ops
    # after it share their answers and a max among them is a proven tie, not an overlap. The least
    # recently used constant goes first, so a run of up to _PICKED_HELD constants gets one ball each
    # whatever ran before it in this process.
    key = float(v)
    if key != key:
        return anchored.exact_ball(v)  # a NaN is no key: never found again, it would only crowd the others out
    ball = _PICKED.pop(key, None)
    if ball is None:
        ball = anchored.exact_ball(v)
        if len(_PICKED) >= _PICKED_HELD:
            del _PICKED[next(iter(_PICKED))]
    _PICKED[key] = ball  # the newest at the end
    return ball


_PICKED = {}  # a float constant a pick returned -> its exact ball (exact at every precision), oldest use first
_PICKED_HELD = 256


def _maximum(x, y):
    a, b = _apart(x, y)
    yes, no = a >= b, a < b
    took_x = _decide(yes, no, _equal(a, b), compared=_compared("maximum", a, b))
    if not (yes or no):
        _remember_pick(x, y, above=took_x)
    return _picked_ball(x if took_x else y)


def _minimum(x, y):
    a, b = _apart(x, y)
    yes, no = a <= b, a > b
    took_x = _decide(yes, no, _equal(a, b), compared=_compared("minimum", a, b))
    if not (yes or no):
        _remember_pick(x, y, above=not took_x)
    return _picked_ball(x if took_x else y)


# The picks of maximum and minimum that their balls did not decide (they overlap: sin(1 + x) and 2 sin(h) cos(h),
# h = (1 - x)/2, at x = 0, one number computed two ways and not proven equal), decided by the branch the point's own
# path takes (`forced`, `forced_taken`): by the two operands themselves (kept alive here, so their ids name them),
# whether the first is the one above. The rule then weighs the operand the pick returned (`_pick_order`), as it does
# where the balls decide. A run's picks are kept for that run alone: the caller starts each run with a `decisions`
# list of its own.
_UNDECIDED_PICKS = {}
_picks_of = [None]  # the `decisions` list of the run whose picks `_UNDECIDED_PICKS` holds


def _remember_pick(x, y, above):
    if _picks_of[0] is not decisions:
        _UNDECIDED_PICKS.clear()
        _picks_of[0] = decisions
    _UNDECIDED_PICKS[(id(x), id(y))] = (x, y, above)


def _picked_order(x, y):
    """``(x > y, False)`` as an undecided pick between these very operands took it (`_UNDECIDED_PICKS`); else None."""
    for first, second, flip in ((x, y, False), (y, x, True)):
        held = _UNDECIDED_PICKS.get((id(first), id(second)))
        if held is not None and held[0] is first and held[1] is second:
            return held[2] != flip, False
    return None


def _clip(x, lo, hi):
    if lo is not None:
        x = _maximum(x, lo)
    return x if hi is None else _minimum(x, hi)


def _abs(x):
    x = _arb(x)
    if _nan_itself(x):  # IEEE's |NaN| is NaN: no side to decide (nan_to_num's rule masks by |y| != inf)
        return x
    return x if _decide(x >= 0, x < 0, x.is_zero()) else -x


def _sign(x):
    if _nan_itself(_arb(x)):  # IEEE's sign(NaN) is NaN
        return _arb(x)
    if x.is_zero():
        ties.append(True)  # on its switch: the answer 0 taken out (an int, a float) decides later branches at a tie
        return x
    return ARB(1) if _decide(x > 0, x < 0, x.is_zero()) else ARB(-1)


def _stepped(name, step):
    """floor, ceil, trunc, rint on balls: the integer a ball maps to, exact, where no step lies in the ball.

    Off its steps such a function is a constant, exactly (its derivative an exact 0). On a step, or a
    ball overlapping one, there is no one answer: `NoArb`, and the mpmath path's kink test judges the jump.
    """

    def run(x, decimals=0):
        x = _arb(x)
        places = _places(decimals)
        if places:  # round(x, places): the step of x 10^places, scaled back (a ball where 10^-places is no binary number)
            scale = ARB(10) ** abs(places)
            x = x * scale if places > 0 else x / scale
        answer, edge = step(x)
        if not answer.is_exact() or x.contains(edge):
            raise NoArb(f"{name} on or across a step: a jump, not a number on balls")
        if places:
            return answer / scale if places > 0 else answer * scale
        return answer

    return run


def _places(decimals):
    """round's number of decimals as an int: the jets' and the proofs' tables hand it over as an exact ball."""
    if isinstance(decimals, ARB):
        whole = decimals.unique_fmpz()
        if whole is None:
            raise NoArb("round to a number of decimals that is not a whole number")
        return int(whole)
    return operator.index(decimals)


def _floor_mod(x, y):
    """NumPy's mod (the floor's remainder) on balls: x - y floor(x / y), exact where the quotient's floor is (off the
    multiples of y, where mod jumps and the floor refuses)."""
    return anchored.subtract(x, anchored.multiply(y, _floored_quotient(x, y)))


def _floored_quotient(x, y):
    """floor(x / y) on balls, the whole number mod takes y away that many times (and its slope in y, negated)."""
    return ELEMENTWISE["floor"](anchored.divide(x, y))


def _nearest(x):
    half = ARB(1) / 2
    answer = (x + half).floor()
    return answer, answer - half  # its step below; a ball reaching the one above gives an inexact answer


def _truncated(x):
    if abs(x) < 1:
        return ARB(0), ARB(1)  # no step between -1 and 1
    return (x.floor(), x.floor()) if x > 0 else (x.ceil(), x.ceil())


class UndefinedCast(ops_special.BeyondNumbers):
    """A cast to an integer dtype of an exact number the dtype cannot hold (inf, NaN, past its range): C leaves
    that cast undefined, and the framework's answer (NumPy's -2^63, a saturated int) is its own choice, so no
    exact number stands for it and the point has no exact reference."""


def integer_cut(number, dtype):
    """An exact number (mpmath's, a ball, a jet's or a proof number's ball) cut toward 0 to a whole number of the
    integer ``dtype``, as a cast cuts a float; a ball whose ends cut to different numbers is `Undecided` (no integer
    yet), and a number the dtype cannot hold (inf, NaN, past its range) `UndefinedCast`."""
    number = raw(number)
    number = getattr(number, "v", getattr(number, "b", number))  # a jet's ball, a proof number's ball
    name = np.dtype(dtype).name
    low, high = (np.iinfo(dtype).min, np.iinfo(dtype).max) if np.dtype(dtype).kind in "iu" else (-math.inf, math.inf)
    if number != number or number > high or number < low:  # a ball: wholly NaN, above or below the dtype's numbers
        raise UndefinedCast(f"a cast of {_shown(number, high)} to {name}, which {name} cannot hold: the cast's answer "
                            "there is the framework's own choice, no number of the mathematics")
    if not hasattr(number, "unique_fmpz"):
        return int(number)  # mpmath's and Python's numbers cut toward 0
    ends = {_cut(end) for end in (number.lower(), number.upper())}
    if len(ends) != 1 or None in ends or not low <= next(iter(ends)) <= high:
        raise Undecided(f"a cast to an integer of {number}, which straddles a whole number or the dtype's last one")
    return int(ends.pop())


def _shown(number, high):
    """An exact number a cast cannot take (``high`` the dtype's largest), as an error names it: NaN, inf, -inf, or its
    six leading digits."""
    if number != number:
        return "NaN"
    if _finite_number(number):
        return mp.mpmath.nstr(mp.mpmath.mpf(_midpoint(number)), 6)
    return "inf" if number > high else "-inf"


def _finite_number(number):
    return number.is_finite() if hasattr(number, "is_finite") else bool(mp.mpmath.isfinite(number))


def _midpoint(number):
    return number.mid().str(20, radius=False) if hasattr(number, "mid") else number


def _cut(end):
    """A ball's end (a narrow ball) cut toward 0: its floor or ceiling as a whole number, or None where undecided."""
    return (end.floor() if end >= 0 else end.ceil()).unique_fmpz() if (end >= 0 or end < 0) else None


def _xlogy(x, y, log=lambda y: anchored.log(y), inside=lambda y: _arb(y) > 0):
    # x log y is 0 at x = 0 whatever y is: a branch of the op, taken only where x is exactly 0. Where
    # log y is finite (``inside`` its domain) both branches are x log y, smooth through x = 0: no
    # decision, so an x too tiny for the balls to part from 0 (an entropy of e^-3e277) is no tie.
    x = _arb(x)
    if inside(y):
        return x * log(y)
    if _decide(x.is_exact() and x.is_zero(), not x.contains(0), x.is_zero()):
        return ARB(0)
    return x * log(y)


def _zero_times(x, slope):
    # x log y's slope in y is x / y: an exact 0 where x is an exact 0 (the function is 0 for every y
    # there), even at y = 0, where 0 / [0 +- r] would be no number.
    return ARB(0) if x.is_exact() and x.is_zero() else slope()


def _cbrt(x):
    return x.root(3) if _decide(x >= 0, x < 0, x.is_zero()) else -((-x).root(3))


def _method(name):
    """The ball's own function ``name`` (``exp``, ``tanh``...), on a ball or a number."""
    return lambda x: getattr(_arb(x), name)()


def _polygamma(n, x):
    """psi_n(x) on a ball, n a whole number: digamma for n = 0, else (-1)^(n + 1) n! zeta(n + 1, x), Hurwitz's zeta,
    for x > 0 (flint's own, fast at any precision where mpmath's Euler and Maclaurin sum of psi(0.5) at thousands of
    digits takes a second a call), and by reflection from 1 - x for x < 0 (`ops_special.polygamma_reflected`, with
    flint's cot(pi x)); NaN itself at an exact order that is no whole number >= 0, as SciPy and the frameworks compute
    it; `NoArb` elsewhere (a ball around 0 or a pole, an order ball around a whole number), where mpmath's path
    answers."""
    n = _arb(n)
    order, x = n.unique_fmpz(), _arb(x)
    if n.is_exact() and (order is None or order < 0):
        return ARB(math.nan)
    if order is None or order < 0 or not (x > 0 or x < 0):
        raise NoArb("polygamma on balls takes a whole order and x away from 0")
    if order == 0:
        return x.digamma()
    k = int(order)
    if x > 0:
        return (-1) ** (k + 1) * math.factorial(k) * ARB(k + 1).zeta(x)
    answer = ops_special.polygamma_reflected(k, x.cot_pi(), ARB.pi(), _polygamma(n, 1 - x))
    if not answer.is_finite():
        raise NoArb("polygamma on a ball holding one of its poles")
    return answer


def _arctan2(y, x):
    y, x = _arb(y), _arb(x)
    if y.is_nan() or x.is_nan():
        # NaN, as IEEE's: flint's atan2 of a NaN and 0 is a ball about 0 ([+/- 1.58]); the NaN argument itself, so a
        # NaN no precision bounds (0 / 0 of balls) stays one more bits may resolve
        return ARB(math.nan) if _nan_itself(y) or _nan_itself(x) else (y if y.is_nan() else x)
    if y.is_zero() and x < 0:
        cuts.append(True)  # a jump in y whatever a rule gives: the one-sided test must see it
    elif y.is_zero() and x.is_zero():
        roots.append(True)  # the origin, where every direction has its own limit: the mpmath path's kink test judges it
    return ARB.atan2(y, x)


def _sqrt(x):
    x = _arb(x)
    if x.is_zero():
        roots.append(True)  # the tip of a cone (a norm at 0): a kink may be here whatever a rule gives
    return x.sqrt()


def _pick_order(x, y):
    """``(x > y, x == y)`` of two balls as maximum and minimum decide them (through their anchored difference,
    `_apart`), recording no decision: their rules weigh the operands as the pick chose them, by the branch it took
    where the balls cannot tell (`_picked_order`). None where either is no ball, or NaN, or no pick between them
    was made (it raised, and no rule runs)."""
    if not (isinstance(x, ARB) or isinstance(y, ARB)) or nan_in(x) or nan_in(y):
        return None
    a, b = _apart(x, y)
    if _equal(a, b):
        return False, True
    if a > b:
        return True, False
    if a < b:
        return False, False
    return _picked_order(x, y)


def _compare(test, at_nan=False):
    """``test`` of two balls (decided, `_decide`); IEEE's ``at_nan`` where one is NaN itself (`_nan_itself`): a NaN
    compares unequal to everything, itself included (JAX's isnan is x != x), and neither below nor above."""

    def run(x, y):
        if nan_in(x) or nan_in(y):
            return _decide(at_nan, not at_nan)
        try:
            return test(*_apart(x, y))
        except Undecided:
            if _unbounded(x) or _unbounded(y):
                raise UndecidedBeyondBounds("a comparison of a ball that could not bound its answer") from None
            raise

    return run


def _unbounded(a):
    """Whether ``a`` is a ball that is not finite and not NaN itself: an op that could not bound its answer."""
    return isinstance(a, ARB) and not a.is_finite() and not _nan_itself(a)


def _ranked_test(name, x, y):
    """``name`` (less, greater ...) of two entries a sort or an arg-extreme compares: balls as every branch is
    decided (`_decide`: recorded, a tie noted, undecided where they overlap), so the same order on balls, jets
    and proof numbers is the same path; jets and proof numbers through their own operators, which do so too. A
    plain number beside a ball (a constant entry of the array: ``[a, 0.3]``) is decided as a ball too, since a jet
    or proof number beside the same constant decides there, and the paths must count the same decisions."""
    if isinstance(x, ARB) or isinstance(y, ARB):
        x, y = _ball_side(x), _ball_side(y)
        if all(isinstance(v, ARB) or type(v) is float for v in (x, y)):
            return ELEMENTWISE[name](x, y)
    return ops_shape._plain_test(name, x, y)


def _ball_side(v):
    """``v`` as one side of a ranked comparison: a plain real number as its exact ball (IEEE's NaN as a Python
    float, which the comparison answers as NaN itself), anything else as it is."""
    if isinstance(v, (bool, np.bool_)) or not isinstance(v, (int, float, np.integer, np.floating)):
        return v
    return _arb(v) if v == v else float(v)


def _finite(x):
    ball = _arb(x)
    if ball.is_finite():
        return True
    if _nan_itself(ball):
        return False
    raise Undecided("a ball that is not finite")


def _nan_itself(ball):
    """Whether a ball is NaN itself: a NaN constant (a sentinel ``where(x > 0, x, nan)`` puts in), or what IEEE's
    NaN gives in arithmetic, NaN with no radius; a NaN with an infinite radius is an op that could not bound its
    answer (log of a ball around 0), which a finite number may be."""
    return ball.is_nan() and ball.rad() == 0


# Each elementwise primitive's ball implementation, by primitive name (one element per argument).
ELEMENTWISE = {
    "add": anchored.add,
    "subtract": anchored.subtract,
    "multiply": anchored.multiply,
    "divide": anchored.divide,
    "power": _power,
    "negative": anchored.negative,
    "square": lambda x: x * x,
    "reciprocal": lambda x: 1 / _arb(x),
    "abs": _abs,
    # A ball is a real number: its real part and conjugate are itself, its imaginary part the exact 0.
    "real": lambda x: x,
    "conj": lambda x: x,
    "conjugate": lambda x: x,
    "imag": lambda x: ARB(0),
    "sign": _sign,
    "floor": _stepped("floor", lambda x: (x.floor(), x.floor())),
    "ceil": _stepped("ceil", lambda x: (x.ceil(), x.ceil())),
    "trunc": _stepped("trunc", _truncated),
    "mod": _floor_mod,
    "rint": _stepped("rint", _nearest),
    "round": _stepped("round", _nearest),
    "sqrt": _sqrt,
    "cbrt": _cbrt,
    "exp": anchored.exp,
    "exp2": lambda x: ARB(2) ** x,
    "expm1": anchored.expm1,
    "log": anchored.log,
    "log2": lambda x: _log_to_base(x, 2),
    "log10": lambda x: _log_to_base(x, 10),
    "log1p": anchored.log1p,
    "sin": _method("sin"),
    "cos": _method("cos"),
    "tan": _method("tan"),
    "sinc": _method("sinc_pi"),  # NumPy's sinc is sin(pi x) / (pi x)
    "arcsin": _method("asin"),
    "arccos": _method("acos"),
    "arctan": _method("atan"),
    "arctan2": _arctan2,
    "sinh": anchored.near_zero("sinh", lambda a: a * a * a),
    "cosh": _method("cosh"),
    "tanh": anchored.saturated(anchored.near_zero("tanh", lambda a: a * a * a), anchored.sign_of_far, anchored.tanh_gap),
    "arcsinh": _method("asinh"),
    "arccosh": _method("acosh"),
    "arctanh": _method("atanh"),
    "hypot": lambda x, y: (_arb(x) * x + _arb(y) * y).sqrt(),
    "where": lambda c, x, y: _picked_ball(x if c else y),
    "maximum": _maximum,
    "minimum": _minimum,
    "fmax": _maximum,
    "fmin": _minimum,
    "clip": _clip,
    "logaddexp": anchored.logaddexp,
    "sigmoid": anchored.saturated(lambda x: 1 / (1 + (-x).exp()), anchored.one_above_zero, lambda x: -1 / (1 + x.exp())),
    "softplus": lambda x: anchored.logaddexp(x, ARB(0)),
    "xlogy": _xlogy,
    "xlog1py": lambda x, y: _xlogy(x, y, log=anchored.log1p, inside=lambda y: _arb(y) > -1),
    "erf": anchored.saturated(
        _method("erf"), anchored.sign_of_far, lambda x: -anchored.sign_of_far(x) * anchored.erfc(abs(x))
    ),
    "erfc": anchored.erfc,
    "gammaln": _method("lgamma"),
    "digamma": _method("digamma"),
    "polygamma": lambda n, x: _polygamma(n, x),
    "greater": _compare(lambda x, y: _decide(x > y, x <= y, _equal(x, y), compared=_compared("greater", x, y))),
    "greater_equal": _compare(lambda x, y: _decide(x >= y, x < y, _equal(x, y), compared=_compared("greater_equal", x, y))),
    "less": _compare(lambda x, y: _decide(x < y, x >= y, _equal(x, y), compared=_compared("less", x, y))),
    "less_equal": _compare(lambda x, y: _decide(x <= y, x > y, _equal(x, y), compared=_compared("less_equal", x, y))),
    "equal": _compare(lambda x, y: _decide(_equal(x, y), x != y, _equal(x, y), at_equality=True)),
    "not_equal": _compare(lambda x, y: _decide(x != y, _equal(x, y), _equal(x, y), at_equality=True), at_nan=True),
    "isfinite": _finite,
    "isnan": lambda x: not _finite(x),
    "isinf": lambda x: not _finite(x) and not _nan_itself(_arb(x)),
}


def nan_in(a):
    """Whether ``a`` (a ball or a float) is NaN itself, not a ball that could not bound its answer."""
    return (isinstance(a, ARB) and _nan_itself(a)) or (type(a) is float and a != a)


def _nan_carried(fun, outside=None):
    """``fun`` on balls, answering NaN itself (`_nan_itself`) where its answer is a NaN ball and an argument is NaN
    itself, or ``outside(*balls)`` proves the arguments outside its domain (log of a ball below 0): a NaN sentinel,
    and what the dtype's NaN is at high precision, stay what a nan-aware reduction drops (`np.nansum`)."""

    def run(*args):
        answer = fun(*args)
        if isinstance(answer, ARB) and answer.is_nan() and answer.rad() != 0 and (
            any(nan_in(a) for a in args) or (outside is not None and bool(outside(*map(_arb, args))))
        ):
            return ARB(math.nan)
        return answer

    run.__name__ = getattr(fun, "__name__", "run")
    return run


# Where each op is undefined on the real line: a ball strictly inside such a set has a NaN for its answer.
_OUTSIDE = {
    "log": lambda x: x < 0, "log2": lambda x: x < 0, "log10": lambda x: x < 0, "sqrt": lambda x: x < 0,
    "log1p": lambda x: x < -1, "arccosh": lambda x: x < 1,
    "arcsin": lambda x: (x < -1) or (x > 1), "arccos": lambda x: (x < -1) or (x > 1),
    "arctanh": lambda x: (x < -1) or (x > 1),
}
# The ops that decide or pick rather than compute (a NaN there is a branch's business, not arithmetic's).
_NOT_CARRIED = frozenset((
    "greater", "greater_equal", "less", "less_equal", "equal", "not_equal", "isfinite", "isnan", "isinf", "where",
    "maximum", "minimum", "fmax", "fmin", "clip", "floor", "ceil", "trunc", "rint", "round", "sign", "abs",
))
ELEMENTWISE.update({name: _nan_carried(fun, _OUTSIDE.get(name)) for name, fun in ELEMENTWISE.items()
                    if name not in _NOT_CARRIED})


def _held_constant(x):
    """``stop_gradient`` on high-precision numbers: the value itself, exact, with its derivatives dropped.

    A user who writes ``detach`` or ``stop_gradient`` defines the gradient so (``x *
    stop_gradient(x)``, a straight-through estimator): the exact derivative holds that value
    constant as the user's rule does, and `held` says where it did.
    """
    stopped.append(True)
    if type(x) is np.ndarray and x.dtype == object:
        out = np.empty(x.shape, dtype=object)
        out.flat[:] = [_held_constant(v) for v in x.flat]
        return out
    kind = type(x)
    if hold and (kind is Jet or kind is proof.Sym) and x.d is not None:
        where = where_held()
        if where not in held:
            held.append(where)
        return Jet(x.v) if kind is Jet else proof.Sym(x.b, x.q)
    return x


# -- jets: a ball and its derivatives, forward mode on balls ----------------------------------


class Jet:
    """A ball ``v`` and its derivatives ``d`` along each seeded direction (an object array of balls; None: a constant).

    Forward mode on balls, from the derivatives of the mathematics in `JETS`, never
    from gradcli's gradient rules: the exact reference runs a program on jets to
    get its true derivative as a proven ball (exp(-2e300) beside 1e300 included,
    which no difference resolves), and judges the rules against it. Branches are
    decided on ``v``, as on plain balls; a jet has no float value (``float()``
    raises), so code that leaves gradcli's ops for floats falls back to differences.
    """

    __slots__ = ("v", "d")
    __array_priority__ = 100  # jet * ndarray: the array broadcasts the jet, as it does a ball

    def __init__(self, v, d=None):
        self.v, self.d = v, d

    def __repr__(self):
        return f"Jet({self.v}, {None if self.d is None else list(self.d)})"

    __hash__ = object.__hash__

    def __pos__(self):
        return self

    def __abs__(self):
        return JETS["abs"](self)

    def __bool__(self):
        return bool(_decide(self.v != 0, _equal(self.v, 0), _equal(self.v, 0)))


proof.with_operators(Jet, lambda name, *operands: JETS[name](*operands))


def _as_jet(x):
    if type(x) is Jet:
        return x
    if isinstance(x, ARB):
        return Jet(x)
    if mp.mpmath is not None and isinstance(x, mp.mpmath.mpf):
        return Jet(_exact_or_rounded(x))
    if isinstance(x, (bool, np.bool_)):
        raise NoArb("a boolean where a number is wanted")
    return Jet(anchored.exact_ball(x))


def _exact_or_rounded(x):
    """An mpmath number as a ball: exact when its mantissa is short of the precision (a float's), else within an ulp."""
    if not mp.mpmath.isfinite(x):
        raise NoArb("a number that is not finite where a jet's constant is wanted")
    sign, man, exp, _ = x._mpf_  # mpf's own man_exp drops the sign
    man, exp = (-1) ** sign * int(man), int(exp)
    ball = ARB(man) * ARB(2) ** exp
    if abs(man).bit_length() >= mp.mpmath.mp.prec - 16:
        ball = ball + ARB(0, abs(ball).upper() * ARB(2) ** (1 - mp.mpmath.mp.prec))
    return ball


def _tangent(*terms):
    """sum(coefficient * d) over the (coefficient ball, d) pairs whose d is not None; None if all are.

    Anchors carry through (`arb_anchored`): the tangent of v[0] - logsumexp(v) in v[0] is 1 - p with p
    = 1 - t remembered, which is t to its digits, not 0 +- 2^-prec.
    """
    out = None
    for coefficient, d in terms:
        if d is None:
            continue
        unit = anchored.exact(coefficient)
        if unit is not None and abs(unit) == 1 and out is not None:
            # d itself, not a copy: an anchor held by identity (a logsumexp's largest entry) still matches.
            out = _entrywise(anchored.add if unit == 1 else anchored.subtract, out, d)
            continue
        piece = d if unit is not None and unit == 1 else _entrywise(anchored.multiply, d, coefficient)
        out = piece if out is None else _entrywise(anchored.add, out, piece)
    return out


def _entrywise(op, d, other):
    """``op`` over the entries of the tangent ``d`` with ``other`` (a ball, or a tangent of the same width)."""
    out = np.empty(len(d), dtype=object)
    if isinstance(other, np.ndarray):
        out[:] = [op(a, b) for a, b in zip(d, other)]
    else:
        out[:] = [op(a, other) for a in d]
    return out


def _jet(name, slopes):
    """``name`` on jets: its value from the ball table, its derivative from ``slopes(answer, *values)`` (one ball per argument)."""
    ball = ELEMENTWISE[name]
    shared = name in _SHARED

    def run(*args):
        jets = [_as_jet(a) for a in args]
        values = [j.v for j in jets]
        answer = _share(name, ball, tuple(values)) if shared else ball(*values)  # one value for one expression
        if all(j.d is None for j in jets):
            return Jet(answer)
        return Jet(answer, _tangent(*zip(slopes(answer, *values), [j.d for j in jets])))

    return run


def _picked(name):
    """An op that returns one of its arguments (max, min, where, clip): the jet of the one the balls pick."""
    ball = ELEMENTWISE[name]

    def run(*args):
        jets = [_as_jet(a) if not isinstance(a, (bool, np.bool_)) else a for a in args]
        values = [j.v if type(j) is Jet else j for j in jets]
        before = len(decisions)
        answer = ball(*values)
        if name == "clip":
            chosen = _clip_chosen(values, decisions[before:])
            if chosen is not None and type(jets[chosen]) is Jet:
                return jets[chosen]
        if name != "clip" and len(values) > 1 and values[-1] is values[-2] and type(jets[-1]) is type(jets[-2]) is Jet:
            # one ball for both (equal entries) but two jets: the choice, not the ball, tells which
            chosen = bool(args[0]) if name == "where" else decisions[-1]
            return jets[-2] if chosen else jets[-1]
        for j, v in zip(jets, values):
            if answer is v and type(j) is Jet:
                return j
        raise NoArb(f"{name} on jets picked no argument")

    return run


def _clip_chosen(values, made):
    """Which argument of clip(x, lo, hi) its ball run picked (0, 1 or 2), by the decisions it ``made`` (max with lo,
    then min with hi); None where it made other than one per bound (a NaN's answer). Equal arguments may be one ball
    (x0 = x1 = 3, each bound x1): the decisions, not the balls, tell whose jet is the answer."""
    bounds = [k for k in (1, 2) if len(values) > k and values[k] is not None]
    if len(made) != len(bounds):
        return None
    chosen = 0
    for k, kept in zip(bounds, made):
        chosen = chosen if kept else k
    return chosen


def _on_values(name):
    """A comparison or test on jets: the ball table's answer on their values."""
    ball = ELEMENTWISE[name]
    return lambda *args: ball(*[_as_jet(a).v for a in args])


def _sigmoid_ball(z):
    # Far out, 1 - e^-z remembered: the tangent of logaddexp(x, y) - x keeps e^-(x - y).
    return ELEMENTWISE["sigmoid"](z)


def _abs_jet(x):
    x = _as_jet(x)
    return x if _decide(x.v >= 0, x.v < 0, x.v.is_zero()) else JETS["negative"](x)


def _sign_jet(x):
    x = _as_jet(x)
    if x.v.contains(0):
        raise NoArb("sign at 0 jumps: no derivative on jets")
    return Jet(_sign(x.v))


def _zero_base(x, y):
    """Whether a power's base is an exact 0 and its exponent a ball proven above 0: 0^y = 0 there, and near y."""
    return x.is_zero() and _arb(y) > 0


def _power_jet(x, y):
    x, y = _as_jet(x), _as_jet(y)
    answer = ELEMENTWISE["power"](x.v, y.v)  # the ball table's, so a NaN's power is NaN itself, as on balls
    if x.d is None and y.d is None:
        return Jet(answer)
    terms = []
    if x.d is not None:
        terms.append((y.v * _power(x.v, y.v - 1), x.d))
    if y.d is not None:
        if _zero_base(x.v, y.v):
            # 0^y is 0 for every y > 0, so near a proven positive exponent it does not move with y:
            # its slope in y is an exact 0 (the limit of x^y log x as x falls to 0).
            terms.append((ARB(0), y.d))
        elif not x.v > 0:
            raise NoArb("a power with a moving exponent at a base not above 0")
        else:
            terms.append((answer * x.v.log(), y.d))
    return Jet(answer, _tangent(*terms))


def _polygamma_jet(n, x):
    """psi_n(x) on jets, moving with x alone: a polygamma is NaN off whole orders (as SciPy and the frameworks
    compute it), so an order that moves has no derivative, which jets cannot hold and the differences' one-sided
    tests say."""
    n, x = _as_jet(n), _as_jet(x)
    if n.d is not None:
        raise NoArb("polygamma has no derivative in its order: NaN off whole orders")
    answer = ELEMENTWISE["polygamma"](n.v, x.v)
    return Jet(answer) if x.d is None else Jet(answer, _tangent((_polygamma(n.v + 1, x.v), x.d)))


def _jet_table():
    one = ARB(1)
    # Constants at each call's precision: made once here, they would keep enable()'s bits forever.
    const = arb_constants.constant
    slopes = {
        "add": lambda a, x, y: (one, one),
        "subtract": lambda a, x, y: (one, -one),
        "multiply": lambda a, x, y: (y, x),
        "divide": lambda a, x, y: (1 / y, -a / y),
        "mod": lambda a, x, y: (one, -_floored_quotient(x, y)),
        "negative": lambda a, x: (-one,),
        "square": lambda a, x: (2 * x,),
        "reciprocal": lambda a, x: (-(a * a),),
        "sqrt": lambda a, x: (1 / (2 * a),),
        "cbrt": lambda a, x: (1 / (3 * a * a),),
        "exp": lambda a, x: (a,),
        "exp2": lambda a, x: (a * const("ln2"),),
        "expm1": lambda a, x: (x.exp(),),
        "log": lambda a, x: (1 / x,),
        "log2": lambda a, x: (1 / (x * const("ln2")),),
        "log10": lambda a, x: (1 / (x * const("ln10")),),
        "log1p": lambda a, x: (1 / (1 + x),),
        "sin": lambda a, x: (x.cos(),),
        "cos": lambda a, x: (-x.sin(),),
        "tan": lambda a, x: (1 / x.cos() ** 2,),
        "sinc": lambda a, x: (ARB(0) if x.is_zero() else (x.cos_pi() - a) / x,),
        "arcsin": lambda a, x: (1 / ((1 - x) * (1 + x)).sqrt(),),
        "arccos": lambda a, x: (-1 / ((1 - x) * (1 + x)).sqrt(),),
        "arctan": lambda a, x: (1 / (1 + x * x),),
        "arctan2": lambda a, y, x: (x / (x * x + y * y), -y / (x * x + y * y)),
        "sinh": lambda a, x: (x.cosh(),),
        "cosh": lambda a, x: (x.sinh(),),
        "tanh": lambda a, x: (1 / x.cosh() ** 2,),
        "arcsinh": lambda a, x: (1 / (1 + x * x).sqrt(),),
        "arccosh": lambda a, x: (1 / ((x - 1).sqrt() * (x + 1).sqrt()),),
        "arctanh": lambda a, x: (1 / ((1 - x) * (1 + x)),),
        "hypot": lambda a, x, y: (x / a, y / a),
        "logaddexp": lambda a, x, y: (_sigmoid_ball(anchored.subtract(x, y)), _sigmoid_ball(anchored.subtract(y, x))),
        "sigmoid": lambda a, x: (a * _sigmoid_ball(-x),),
        "softplus": lambda a, x: (_sigmoid_ball(x),),
        "xlogy": lambda a, x, y: (anchored.log(y), _zero_times(x, lambda: x / y)),
        "xlog1py": lambda a, x, y: (y.log1p(), _zero_times(x, lambda: x / (1 + y))),
        "erf": lambda a, x: (const("2/sqrt(pi)") * (-x * x).exp(),),
        "erfc": lambda a, x: (-const("2/sqrt(pi)") * (-x * x).exp(),),
        "gammaln": lambda a, x: (x.digamma(),),
        "digamma": lambda a, x: (_polygamma(1, x),),
    }
    table = {name: _jet(name, slope) for name, slope in slopes.items()}
    table.update({name: _picked(name) for name in ("maximum", "minimum", "fmax", "fmin", "clip", "where")})
    table.update({name: _on_values(name) for name in (
        "greater", "greater_equal", "less", "less_equal", "equal", "not_equal", "isfinite", "isnan", "isinf",
        "floor", "ceil", "trunc", "rint", "round")})
    # A jet is real: its real part and conjugate are itself, its imaginary part the constant 0.
    real_parts = {"real": lambda x: x, "conj": lambda x: x, "conjugate": lambda x: x, "imag": lambda x: Jet(ARB(0))}
    return {**table, **real_parts, "abs": _abs_jet, "sign": _sign_jet, "power": _power_jet, "polygamma": _polygamma_jet}


JETS = {}  # each elementwise primitive on jets, by name: filled by `enable` (the constants need flint)


def _holds_jets(a):
    if type(a) is Jet:
        return True
    return isinstance(a, np.ndarray) and a.dtype == object and any(type(e) is Jet for e in a.flat)


def _jet_logsumexp(x, axis=None, keepdims=False):
    # exp, a sum and log on jets: each step's derivative is the mathematics', so the sum's is too.
    def plain(row, axis=None, keepdims=False):
        return _summed_exps_log(row, JETS["exp"], JETS["log"], _as_jet, lambda e: e.v, axis, keepdims)

    each = _slotwise(x, axis, keepdims, lambda row: _anchored_jet_logsumexp([_as_jet(e) for e in row]), _as_jet,
                     lambda e: e.v, plain)
    return plain(x, axis, keepdims) if each is None else each


def _anchored_jet_logsumexp(jets):
    """logsumexp of jets, its value anchored at the largest entry (`_logsumexp`) and its tangent the sum of
    the entries' tangents weighted by softmax, each weight exp(v - logsumexp(v)) from anchored balls: the
    largest one 1 - t remembered, so d(v[0] - logsumexp(v))/dv[0] is t to its digits (t ~ e^-1e200)."""
    values = np.empty(len(jets), dtype=object)
    values[:] = [j.v for j in jets]
    value = _logsumexp(values)
    if all(j.d is None for j in jets):
        return Jet(value)
    weights = [anchored.exp(anchored.subtract(j.v, value)) for j in jets]
    return Jet(value, _tangent(*zip(weights, [j.d for j in jets])))


def _jet_pick(pick):
    """`_maximum`/`_minimum` between jets (or numbers): the jet whose value the balls pick."""

    def choose(x, y):
        x, y = _as_jet(x), _as_jet(y)
        picked = pick(x.v, y.v)
        if x.v is y.v:  # one ball for both (equal entries): the decision just recorded tells which jet
            return x if decisions[-1] else y
        return x if picked is x.v else y

    return choose


JET_REDUCTIONS = {"logsumexp": _jet_logsumexp}
SYM_REDUCTIONS = {}  # on `arb_proof.Sym` numbers: filled by `enable`


# Pure functions of balls whose answers are shared when the same op meets the same numbers: two entries
# computed separately from the same expression are then one ball, so a comparison between them is a
# proven tie (`_apart`) and their difference the exact 0 (`anchored.subtract`), not an overlap no
# precision decides (sin(a) - sin(b) at a = b). Ops that record what they met (a branch's decision, a
# cone's tip, a cut) are left out: each meeting must be recorded.
_SHARED = frozenset({"add", "subtract", "multiply", "divide", "negative", "square", "exp", "log", "log1p",
                     "expm1", "tanh", "sigmoid", "softplus", "logaddexp", "reciprocal", "exp2", "log2", "log10",
                     "sin", "cos", "tan", "sinc", "arcsin", "arccos", "arctan", "sinh", "cosh", "arcsinh",
                     "arccosh", "arctanh", "hypot", "erf", "erfc", "gammaln", "digamma"})
COMMUTING = frozenset({"add", "multiply", "hypot", "logaddexp", "logaddexp2"})  # f(x, y) = f(y, x), shapes included
# Every answer of a run is held until the next run starts (a run replaces `decisions`) or the bound is met: a cache
# that dropped some would share an equal computation or not as its keys' hashes fell, and prove a 0 in one process
# and not in the next.
_SHARED_HELD = 1 << 16
_shared = {}  # key -> (arguments, answer), the arguments held so their identities are not reused
_shared_of = [None]  # the `decisions` list of the run whose answers `_shared` holds
_CTX = None  # flint.ctx (its precision), bound by enable()


def _share(name, on_arb, args):
    """``on_arb(*args)``, the very ball answered before for the same op on the same arguments: the same balls,
    or exact balls of the same value (two inputs a = b = 0.9 are two balls, one number)."""
    # The key spelled out per arity: a tuple built from map(id, ...) costs more than the op it saves.
    if len(args) == 1:
        key = (name, _CTX.prec, _identity(args[0]))
    elif len(args) == 2:
        first, second = _identity(args[0]), _identity(args[1])
        if name in COMMUTING and hash(first) > hash(second):
            first, second = second, first  # cos a sin b and sin a cos b at a = b: one number
        key = (name, _CTX.prec, first, second)
    else:
        key = (name, _CTX.prec, *map(_identity, args))
    if _shared_of[0] is not decisions or len(_shared) >= _SHARED_HELD:
        _shared.clear()
        _shared_of[0] = decisions
    found = _shared.get(key)
    if found is not None:
        return found[1]  # the arguments are held beside it, so their identities were not reused
    answer = on_arb(*args)
    _shared[key] = (args, answer)
    return answer


def _identity(a):
    """What makes two arguments one number to `_share`: an exact plain ball's value (its mantissa and exponent),
    anything else's identity (a ball with a radius, or one remembering an anchor, is one number only as itself)."""
    if type(a) is ARB and a.is_exact() and a.is_finite():  # (NaN and inf balls have no mantissa)
        return a.man_exp()
    return id(a)


def _dispatch(name, on_arb, on_mpmath):
    """One element: the ball implementation when a ball is among the arguments, else mpmath's
    (jets' and proof numbers' own where one of those is among them, `arb_complex`'s where a complex number meets
    balls, jets or proof numbers)."""
    shared = name in _SHARED
    sym = proof.Sym
    complex_kinds = frozenset((arb_complex.ExactComplex, complex, np.complex64, np.complex128))

    def run(*args, **kwargs):
        ball = False
        for a in args:  # one pass over the arguments: this runs once per element of every op on balls
            kind = type(a)
            if kind in complex_kinds or ((kind is Jet or kind is sym) and any(type(b) in complex_kinds for b in args)):
                return arb_complex.elementwise(name, args, kwargs, on_mpmath)  # a complex's parts' own arithmetic
            if kind is Jet:
                on_jets = JETS.get(name)
                if on_jets is None:
                    raise NoArb(f"no jet implementation of {name}")
                return on_jets(*args, **kwargs)
            if kind is sym:
                return proof.run(name, *args, **kwargs)
            ball = ball or isinstance(a, ARB)
        if ball:
            if on_arb is None:
                raise NoArb(f"no ball implementation of {name}")
            return _share(name, on_arb, args) if shared and not kwargs else on_arb(*args, **kwargs)
        return on_mpmath(*args, **kwargs)

    return run


def _holds_balls(a):
    if isinstance(a, ARB):
        return True
    return isinstance(a, np.ndarray) and a.dtype == object and any(isinstance(e, ARB) for e in a.flat)


def _whole(name, on_mpmath, on_arb=None, on_jets=None):
    """Whole object arrays (reductions, linear algebra): ``on_jets`` or ``on_arb`` when jets or balls are in them, else mpmath's.

    Without ``on_arb`` balls raise `NoArb` (and jets without ``on_jets``): mpmath's
    own functions would read a ball as its midpoint rounded to mpmath's precision
    and return a number that balls then take as exact.
    """

    def run(*args, **kwargs):
        if proof.proving and any(proof.holds(a) for a in args):
            on_syms = SYM_REDUCTIONS.get(name)
            if on_syms is None:
                raise NoArb(f"no proof rule for {name}")
            return on_syms(*args, **kwargs)
        if any(_holds_jets(a) for a in args):
            if on_jets is None:
                raise NoArb(f"no jet implementation of {name}")
            return on_jets(*args, **kwargs)
        if any(_holds_balls(a) for a in args):
            if on_arb is None:
                raise NoArb(f"no ball implementation of {name}")
            return on_arb(*args, **kwargs)
        return on_mpmath(*args, **kwargs)

    return run


def _logsumexp(x, axis=None, keepdims=False):
    # On balls exp never overflows or underflows: no shift by the maximum, so no branch.
    def plain(row, axis=None, keepdims=False):
        return _summed_exps_log(row, lambda e: _arb(e).exp(), lambda t: _arb(t).log(), _arb, lambda e: e, axis,
                                keepdims)

    near = _slotwise(x, axis, keepdims, anchored.anchored_logsumexp, _arb, lambda e: e, plain)
    return plain(x, axis, keepdims) if near is None else near


def _lined(x, axis):
    """(``x``'s entries one row per slot of a reduction over ``axis``, the row last; the axes reduced)."""
    x = np.asarray(x, dtype=object)
    axes = tuple(range(x.ndim)) if axis is None else tuple(np.atleast_1d(axis) % max(x.ndim, 1))
    rest = [k for k in range(x.ndim) if k not in axes]
    return np.transpose(x, rest + list(axes)).reshape([x.shape[k] for k in rest] + [-1]), axes


def _slotwise(x, axis, keepdims, anchored_one, lift, ball_of, plain_one):
    """logsumexp over ``axis`` slot by slot, shaped as NumPy's: a row whose exps but one are exactly 0 answers its
    survivor itself, ``lift``-ed (``ball_of``: an entry's ball), as `_summed_exps_log` does; any other row
    ``anchored_one(row)`` (an answer remembered beside the row's largest entry, or None), ``plain_one(row)`` where
    that has none or every exp is 0. None where no row is anchored (or a row has one entry), for the caller's own
    reduction. Along any axis and with keepdims, as over all entries: log_softmax's x - logsumexp(x, keepdims=True)
    at its largest entry is then -e^-1e200, not 0 +- 2^-prec."""
    rows, axes = _lined(x, axis)
    if rows.size == 0 or rows.shape[-1] < 2:
        return None
    out = np.empty(rows.shape[:-1], dtype=object)
    for index in np.ndindex(out.shape):
        lifted = [lift(e) for e in rows[index]]
        alive = [e for e in lifted if not _arb(ball_of(e)).exp().is_zero()]
        out[index] = alive[0] if len(alive) == 1 else anchored_one(rows[index]) if alive else None
    if all(answer is None for answer in out.flat):
        return None
    for index in np.ndindex(out.shape):
        if out[index] is None:
            out[index] = plain_one(rows[index])
    if keepdims:
        out = out.reshape([1 if k in axes else n for k, n in enumerate(np.shape(x))])
    return out if out.ndim else out[()]


def _summed_exps_log(x, exp, log, lift, ball_of, axis, keepdims):
    """log(sum(exp(x))) over ``axis`` by the number type's ``exp`` and ``log``; a slot where every entry's exp
    but one is exactly 0 (the others at -inf: a masked row) answers that entry itself, ``lift``-ed.

    log(e^x + 0) is x, and a ball's log of its exp is only a ball around x: so
    log_softmax's x - logsumexp is one ball minus itself, an exact 0, and a
    one-entry softmax row's weight exactly 1 (its derivative exactly 0).
    """
    x = np.asarray(x, dtype=object)
    exps = np.frompyfunc(exp, 1, 1)(x)
    total = np.sum(exps, axis=axis, keepdims=keepdims)
    out = np.frompyfunc(log, 1, 1)(total) if isinstance(total, np.ndarray) else log(total)
    alive = np.frompyfunc(lambda e: not ball_of(e).is_zero(), 1, 1)(exps).astype(bool)
    if alive.all():
        return out
    axes = tuple(range(x.ndim)) if axis is None else tuple(np.atleast_1d(axis) % max(x.ndim, 1))
    rest = [k for k in range(x.ndim) if k not in axes]
    order = rest + list(axes)
    entries = np.transpose(x, order).reshape([x.shape[k] for k in rest] + [-1])
    alive = np.transpose(alive, order).reshape(entries.shape)
    lone = np.array(out, dtype=object).reshape(entries.shape[:-1])
    for index in np.ndindex(lone.shape):
        if np.count_nonzero(alive[index]) == 1:
            lone[index] = lift(entries[index][np.argmax(alive[index])])
    return lone.reshape(np.shape(out)) if isinstance(out, np.ndarray) else lone[()]


def _extremum(pick):
    """max or min on balls: ``pick`` (`_maximum`, `_minimum`) along the axes, each decision recorded.

    The answer is one of the balls themselves, not a copy, so the rule can tell
    which element was picked (`_extremum_rule`).
    """

    def reduce(x, axis=None, keepdims=False):
        x = np.asarray(x, dtype=object)
        lined, axes = _lined(x, axis)
        out = np.empty(lined.shape[:-1], dtype=object)
        for index in np.ndindex(out.shape):
            best = lined[index][0]
            for v in lined[index][1:]:
                best = pick(best, v)
            out[index] = best
        if keepdims:
            out = np.expand_dims(out, axes)
        return out[()] if out.ndim == 0 else out

    return reduce


def _extremum_rule(rule):
    """max and min's rule, which finds the picked elements by ``x == ans``, made to find them among balls too.

    flint calls no inexact ball equal, not even to itself: on balls the rule is
    handed, in place of ``x`` and ``ans``, 1 where an element is the ball picked
    (or exactly equal to it: a tie shares, as in floats) and 0 elsewhere, against 1.
    """

    def vjp(g, ans, args, kwargs, argnums):
        x = raw(args[0])
        if not _holds_balls(x):
            return rule(g, ans, args, kwargs, argnums)
        axis = kwargs.get("axis", args[1] if len(args) > 1 else None)
        keepdims = kwargs.get("keepdims", args[2] if len(args) > 2 else False)
        x = np.asarray(x, dtype=object)
        kept = np.asarray(raw(ans), dtype=object)
        if not keepdims:
            kept = kept.reshape((1,) * x.ndim) if axis is None else np.expand_dims(kept, axis)
        picked = np.frompyfunc(lambda a, b: float(a is b or _equal(a, b)), 2, 1)(x, kept).astype(np.float64)
        return rule(g, np.ones(np.shape(raw(ans))), (picked, *args[1:]), kwargs, argnums)

    return vjp


_SUMMED_ONE_BY_ONE = 4096  # entries a whole sum of balls adds with the anchored add; beyond, flint's own


def _ball_sum(x, axis=None, keepdims=False, **options):
    """sum on balls: a whole sum adds entry by entry with the anchored add, so 1 + e^-1e200 + e^-1e201
    (a max-shifted softmax's denominator) is remembered as 1 + its tail; any other sum is NumPy's."""
    x = np.asarray(x, dtype=object)
    if axis is not None or keepdims or options or not 1 < x.size <= _SUMMED_ONE_BY_ONE:
        return np.sum(x, axis=axis, keepdims=keepdims, **options)
    entries = list(x.flat)
    total = entries[0]
    for e in entries[1:]:
        total = anchored.add(total, e)
    return total


# Reductions whose mpmath implementation is not plain arithmetic on the elements: on
# balls, their ball implementation (None: none).
REDUCTIONS = {"logsumexp": _logsumexp, "max": _extremum(_maximum), "min": _extremum(_minimum), "sum": _ball_sum}


_ARB_MAT = None  # flint.arb_mat, bound by enable()


def _ball_matrix(rows):
    """A square matrix of balls (real numbers alone: a complex entry has no ball matrix here)."""
    if any(isinstance(v, (complex, np.complexfloating, arb_complex.ExactComplex)) for row in rows for v in row):
        raise NoArb("no ball implementation of a complex matrix's exponential")
    return _ARB_MAT([[_arb(v) for v in row] for row in rows])


def _expm_balls(a):
    """``scipy.linalg.expm`` on balls: each matrix of a stack by flint's ``arb_mat.exp``, whose radius is proven."""
    a = np.asarray(a, dtype=object)
    out = np.empty(a.shape, dtype=object)
    n = a.shape[-1]
    for index in np.ndindex(*a.shape[:-2]):
        exp = _ball_matrix(a[index].tolist()).exp()
        out[index] = [[exp[i, j] for j in range(n)] for i in range(n)]
    return out


def _expm_jets(a):
    """``scipy.linalg.expm`` on jets: the values' exponential, and along each seed the Frechet derivative, the
    upper-right block of exp([[A, T], [0, A]]) with T the entries' tangents along it (the mathematics', on balls)."""
    a = np.asarray(a, dtype=object)
    out = np.empty(a.shape, dtype=object)
    n = a.shape[-1]
    for index in np.ndindex(*a.shape[:-2]):
        jets = [[_as_jet(v) for v in row] for row in a[index]]
        values = [[j.v for j in row] for row in jets]
        seeds = max((len(j.d) for row in jets for j in row if j.d is not None), default=0)
        exp = _ball_matrix(values).exp()
        blocks = []
        for s in range(seeds):
            tangent = [[0 if j.d is None else j.d[s] for j in row] for row in jets]
            upper = [values[i] + tangent[i] for i in range(n)]
            blocks.append(_ball_matrix(upper + [[0] * n + values[i] for i in range(n)]).exp())
        for i in range(n):
            for j in range(n):
                slopes = np.array([block[i, n + j] for block in blocks], dtype=object) if seeds else None
                out[index + (i, j)] = Jet(exp[i, j], slopes)
    return out


def _solved(matrix, right):
    """flint's proven solution of ``matrix`` x = ``right`` (ball matrices); `NotAtThisPrecision` where the balls do not
    prove the matrix invertible (a singular system, or one too near it at this precision: more bits, and past them
    mpmath's path, say which)."""
    try:
        return matrix.solve(right)
    except ZeroDivisionError:
        raise NotAtThisPrecision("a linear system whose matrix the balls do not prove invertible") from None


def _solve_balls_one(a, b):
    """One system a x = b on balls (``b`` a vector or a matrix of columns), by flint's ``arb_mat.solve``."""
    right = np.asarray(b, dtype=object)
    columns = right[:, None] if right.ndim == 1 else right
    x = _solved(_ball_matrix(np.asarray(a, dtype=object).tolist()), _ball_matrix(columns.tolist()))
    out = np.array([[x[i, j] for j in range(columns.shape[1])] for i in range(columns.shape[0])], dtype=object)
    return out[:, 0] if right.ndim == 1 else out


def _solve_jets_one(a, b):
    """One system a x = b on jets: x on the values, and along each seed the solution of a dx = db - da x (the
    derivative of a x = b), on balls with the same matrix."""
    right = np.asarray(b, dtype=object)
    columns = right[:, None] if right.ndim == 1 else right
    a_jets = [[_as_jet(v) for v in row] for row in np.asarray(a, dtype=object)]
    b_jets = [[_as_jet(v) for v in row] for row in columns]
    matrix = _ball_matrix([[j.v for j in row] for row in a_jets])
    x = _solved(matrix, _ball_matrix([[j.v for j in row] for row in b_jets]))
    seeds = max((len(j.d) for rows in (a_jets, b_jets) for row in rows for j in row if j.d is not None), default=0)
    n, m = columns.shape
    slopes = []
    for s in range(seeds):
        da = _ball_matrix([[0 if j.d is None else j.d[s] for j in row] for row in a_jets])
        db = _ball_matrix([[0 if j.d is None else j.d[s] for j in row] for row in b_jets])
        slopes.append(_solved(matrix, db - da * x))
    out = np.empty((n, m), dtype=object)
    for i in range(n):
        for j in range(m):
            out[i, j] = Jet(x[i, j], np.array([dx[i, j] for dx in slopes], dtype=object) if seeds else None)
    return out[:, 0] if right.ndim == 1 else out


def _inverse_by(solve_one):
    """numpy.linalg.inv through ``solve_one``: the solution of a x = I, for each matrix of a stack."""
    return lambda a: proof_linalg.systems(a, np.eye(np.shape(a)[-1]), solve_one)


def _cholesky_one(cells, square_root, value_of):
    """The lower factor L of one matrix a = L L^T (``cells``, balls or jets), from a's lower triangle alone as NumPy
    reads it (``value_of`` the ball a number holds); `NoArb` where a pivot is not proven positive (mpmath's path
    then says whether the matrix is not positive definite or only too near it at this precision)."""
    n = cells.shape[0]
    low = np.full((n, n), ARB(0), dtype=object)
    for j in range(n):
        pivot = cells[j, j]
        for k in range(j):
            pivot = pivot - low[j, k] * low[j, k]
        if not value_of(pivot) > 0:
            # a pivot whose ball holds 0 and positive numbers may be proven positive with more bits
            near = not value_of(pivot) < 0 and not value_of(pivot) == 0
            raise (NotAtThisPrecision if near else NoArb)("a Cholesky pivot the balls do not prove positive")
        low[j, j] = square_root(pivot)
        for i in range(j + 1, n):
            total = cells[i, j]
            for k in range(j):
                total = total - low[i, k] * low[j, k]
            low[i, j] = total / low[j, j]
    return low


def _each_matrix(one, square_out, number):
    """``one`` (of one matrix) on each matrix of a stack, every entry made a ball or a jet first by ``number`` (so
    that no product of two floats is rounded inside): its answers a stack of matrices (``square_out``) or of
    numbers; a single matrix's answer is ``one``'s own. `NoArb` for a complex entry."""

    def apply(a):
        cells = np.asarray(a, dtype=object)
        if any(isinstance(v, (complex, np.complexfloating, arb_complex.ExactComplex)) for v in cells.flat):
            raise NoArb("no ball implementation of a complex matrix's determinant or Cholesky factor")
        cells = np.vectorize(number, otypes=[object])(cells) if cells.size else cells
        if cells.ndim == 2:
            return one(cells)
        out = np.empty(cells.shape if square_out else cells.shape[:-2], dtype=object)
        for index in np.ndindex(cells.shape[:-2]):
            out[index] = one(cells[index])
        return out

    return apply


# The largest matrix whose determinant balls expand by cofactors (n! products); past it mpmath's path answers.
_COFACTOR_UP_TO = 4


def _det_by_cofactors(a):
    """One determinant by cofactor expansion along the first row, on balls or on jets alike: sums and products
    alone, so an exact input gives an exact answer and a slope that vanishes is an exact 0 (a slope by a solve
    would be a ball about 0, which proves nothing). `NoArb` past `_COFACTOR_UP_TO` rows."""
    cells = np.asarray(a, dtype=object)
    n = cells.shape[0]
    if n > _COFACTOR_UP_TO:
        raise NoArb(f"no ball implementation of the determinant of a matrix past {_COFACTOR_UP_TO} rows")
    if n <= 1:
        return cells[0, 0] if n else ARB(1)  # the empty product, NumPy's det of a 0 x 0 matrix
    total = ARB(0)
    for j in range(n):
        minor = np.delete(cells[1:], j, axis=1)
        term = cells[0, j] * _det_by_cofactors(minor)
        total = total + term if j % 2 == 0 else total - term
    return total


def _logabsdet_by(det_one, log_of_abs):
    """log |det a| of one matrix (what the exact ``linalg.slogdet`` primitive gives) from ``det_one``; `NoArb` where
    the balls do not prove the determinant nonzero (mpmath's path answers -inf at a singular a). ``log_of_abs``
    takes log(det^2) / 2: an abs would decide a branch on jets that plain balls do not, and the two runs' paths
    must match."""

    def one(a):
        det = det_one(a)
        if not abs(det.v if type(det) is Jet else det) > 0:
            raise NoArb("a determinant the balls do not prove nonzero")
        return log_of_abs(det)

    return one


# Linear algebra with a ball and a jet implementation, by name: a solve and an inverse are proven by flint's
# ``arb_mat.solve``; on jets, each seed's slope is another solve with the same matrix. A small determinant
# (`_det_by_cofactors`) and a Cholesky factor are their own sums and products, on jets the jets' arithmetic
# carrying each seed's slope through.
_LINALG_ON_BALLS = {
    "linalg.solve": (lambda a, b: proof_linalg.systems(a, b, _solve_balls_one),
                     lambda a, b: proof_linalg.systems(a, b, _solve_jets_one)),
    "linalg.inv": (_inverse_by(_solve_balls_one), _inverse_by(_solve_jets_one)),
    "linalg.det": (_each_matrix(_det_by_cofactors, False, _arb), _each_matrix(_det_by_cofactors, False, _as_jet)),
    "linalg.slogdet": (_each_matrix(_logabsdet_by(_det_by_cofactors, lambda d: (d * d).log() / 2), False, _arb),
                       _each_matrix(_logabsdet_by(_det_by_cofactors, lambda d: JETS["log"](d * d) / 2), False, _as_jet)),
    "linalg.cholesky": (_each_matrix(lambda a: _cholesky_one(a, _sqrt, lambda v: v), True, _arb),
                        _each_matrix(lambda a: _cholesky_one(a, JETS["sqrt"], lambda v: v.v), True, _as_jet)),
}


def enable():
    """Make every primitive accept ``arb`` balls as well as mpmath numbers (idempotent)."""
    global ARB
    if ARB is not None:
        return
    mp.enable()
    from flint import arb

    ARB = arb
    import flint

    anchored.bind(arb, flint)
    global _CTX
    _CTX = flint.ctx
    global _ARB_MAT
    _ARB_MAT = flint.arb_mat

    JETS.update(_jet_table())
    ops_shape.compare = _ranked_test
    ops_rules.pick_order = _pick_order
    plain.enable()  # a ball handed to user code bare (a custom gradient's forward) compares as a branch too
    JET_REDUCTIONS.update({"max": _extremum(_jet_pick(_maximum)), "min": _extremum(_jet_pick(_minimum))})
    proof.bind(ARB=arb, ELEMENTWISE=ELEMENTWISE, _decide=_decide, _equal=_equal, _logsumexp=_logsumexp, _extremum=_extremum,
               nan_in=nan_in,
               last_decision=lambda: decisions[-1], tie_count=lambda: len(ties), untie=lambda n: ties.__delitem__(slice(n, None)),
               decision_count=lambda: len(decisions), forget=lambda n: decisions.__delitem__(slice(n, None)))
    SYM_REDUCTIONS.update({"sum": proof.total, "logsumexp": proof.logsumexp, "max": proof.extremum(_maximum, "maximum"), "min": proof.extremum(_minimum, "minimum")})
    SYM_REDUCTIONS.update(proof_linalg.RULES)
    for module in (ops, ops_array, ops_linalg, ops_special):
        for value in vars(module).values():
            prim = primitive_of(value)
            if not isinstance(prim, Primitive) or prim.mp is None or getattr(prim.mp, "arb_aware", False):
                continue
            if prim.kind in ("elementwise", "comparison"):
                prim.mp = _dispatch(prim.name, ELEMENTWISE.get(prim.name), prim.mp)
            elif prim.kind == "linalg" and prim.name != "matmul" and prim.name in mp.LINALG:
                prim.mp = _whole(prim.name, prim.mp, *_LINALG_ON_BALLS.get(prim.name, ()))
            elif prim.kind == "reduction" and prim.name in REDUCTIONS:
                # A sum of jets is NumPy's own (a jet's + is already the mathematics').
                on_jets = prim.mp if prim.name == "sum" else JET_REDUCTIONS.get(prim.name)
                prim.mp = _whole(prim.name, prim.mp, REDUCTIONS[prim.name], on_jets)
                if prim.name in ("max", "min"):
                    prim.vjp = _extremum_rule(prim.vjp)
            else:
                continue
            prim.mp.arb_aware = True
    expm = primitive_of(ops_scipy_linalg.expm_primitive)
    expm.mp = _whole(expm.name, expm.mp, _expm_balls, _expm_jets)
    expm.mp.arb_aware = True
    arb_eigh.bind(arb, flint.arb_mat, Jet, NoArb, _arb, _as_jet, _solved, _holds_jets, _holds_balls)
    eigh = primitive_of(ops_decompositions._eigh_packed)
    eigh.mp = arb_eigh.on_balls_or_jets(eigh.mp)
    eigh.mp.arb_aware = True
    for prim, values_only in ((primitive_of(ops_decompositions._svd_packed), False), (ops_linalg.svdvals.prim, True)):
        prim.mp = arb_eigh.svd_on_balls_or_jets(prim.mp, values_only)
        prim.mp.arb_aware = True
    for transform in (ops_fft.complex_transform, ops_fft.real_transform, ops_fft.real_inverse_transform):
        prim = primitive_of(transform)
        prim.mp = arb_complex.transform(prim.name, prim.mp)
    arb_complex.bind(arb, flint.ctx, (arb, Jet, proof.Sym), {name: primitive_of(getattr(ops, name)).mp for name in (
        "abs", "sqrt", "exp", "cos", "sin", "log", "arctan2")}, NoArb, (proof.Sym, proof.modulus, proof.root_of_unity))
    ops.stop_gradient.prim.mp = _held_constant
    arb_constants.bind(arb, flint.ctx, (arb, Jet, proof.Sym))
    ops.ball_math = arb_constants.ball_math
    ops.integer_cut = integer_cut
    register_mp_types(arb, Jet, proof.Sym, arb_complex.ExactComplex)
