"""Proofs that a program's value or derivative is exactly 0: `Sym` numbers, run beside the balls.

A ball around 0 never proves a 0: sin(x)**2 + cos(x)**2 differentiated on
balls is 0 +- 2^-prec at every precision. A `Sym` is a ball (which decides the
program's branches, as on the point's own path) together with the exact
rational function the program computed and its derivatives along each seed,
over unknowns ("atoms") that stand for the values of the functions it calls:
each atom is one function of one exact argument (``sin`` of the rational
function ``x``), so two calls of sin at the same exact argument are one
unknown. The point's floats are exact rationals, so ``+ - * /`` and integer
powers are exact, and a few identities of the functions are applied as the
atoms are made (exp of a sum is a product of exps, exp(log(q)) is q,
log1p(x) is log(1 + x), tan is sin / cos, the hyperbolic functions, sigmoid,
softplus, logaddexp and logsumexp through exp and log; sin(2x), cos(x/2),
arctan(1/x), arccos, log(x^3), log(x^2 - 1), sqrt(x^2 y) through `arb_identities`; gammaln and digamma a
whole number apart through the gamma recurrence, log_ndtr as the log of ndtr, gammaincc as 1 - gammainc). A derivative whose
rational function is the zero function is 0 whatever the atoms' values: a
proof, which the balls alone can never give. Every ball the program made was
finite (the caller runs it only where the balls settled), so each division's
denominator and each function's argument was proven inside its domain.

Unknown ops, floats taken out of the program, more atoms or terms than the
limits: no proof either way (`NoProof`), and the caller's ball decides.
"""

from __future__ import annotations

import contextlib
import math
import operator

import numpy as np

from . import arb_anchored as anchored, arb_identities as identities, arb_proof_quotients as quotients
from .arb_complex import ExactComplex, as_complex
from .arb_proof_balls import OPAQUE, ball_of, sign_of  # ball_of: re-exported for python_zero
from .arb_proof_quotients import (ATOMS, MAX_POWER, MAX_TERMS, NoProof, add, div, inv, is_zero, mul, neg,  # noqa: F401
                                  power, state, sub)
from .arb_proof_quotients import call as _call, const as _const, name_of as _name, negative as _negative
from .arb_proof_quotients import odd as _odd, sine as _sine


proving = False  # True while a proof runs: `arb`'s dispatch then looks for `Sym` arguments
# True while a proof must meet only finite balls: on a point whose own high-precision value is not a number (arccos of
# a cosine that rounds past 1), and on the run that shows a program a number all about its point
# (`python_zero.zeros_defined_beside`).
finite_only = False
_arb = None  # what this module uses of `arb` (its ball type, ball table, decisions), bound by `bind`


def bind(**parts):
    """Use `arb`'s ``ARB``, ``ELEMENTWISE``, ``_decide``, ``_equal``, ``_logsumexp``, ``_extremum``, ``nan_in`` and
    ``last_decision`` (the branch decided last), ``tie_count`` and ``untie(n)`` (`arb.ties`' length, and cut back to
    n), ``decision_count`` and ``forget(n)`` (the same of `arb.decisions`) (`arb.enable`)."""
    global _arb
    _arb = type("ArbParts", (), parts)


# -- the functions: each value and its slopes as quotients, with the identities named above ------


def _exp(q):
    """exp(q): a product over q's terms where q is a polynomial (exp(log(r)) = r, exp(logsumexp) = the sum of exps)."""
    num, den = q
    if not den.is_one():  # a quotient that reduces to a polynomial (-(c a + d) / (c a + d): -1) is one
        num, den = quotients.reduced_pair(q, (state().one, state().one))
        if den.is_constant() and not den.is_zero():
            num, den = num * state().flint.fmpq(1) / den.leading_coefficient(), state().one
    if not den.is_one():
        return _exp_atom((num, den))
    out = (state().one, state().one)
    constant = state().flint.fmpq(0)
    for monomial, coefficient in num.to_dict().items():
        if not any(monomial):
            constant = coefficient
            continue
        term = state().ctx.from_dict({monomial: 1})
        # one unit per monomial (exp(x) is exp(x/2)^2 once x/2 is met), a log's own exp aside (exp(log(r)) = r)
        unit = 1 if str(term) in state().logs else identities.unit("exp", (term, state().one), int(coefficient.q))
        k = coefficient * unit if unit is not None else None
        if unit == 1 and k.q == 2 and abs(int(k.p)) <= MAX_POWER:  # exp(k log(r)) with 2k odd: sqrt(r)^(2k)
            out = mul(out, power(_sqrt(state().logs[str(term)]), int(k.p)))
            continue
        if k is None or k.q != 1 or abs(int(k.p)) > MAX_POWER:
            out = mul(out, _exp_atom((term * coefficient, state().one)))
            continue
        base = _exp_of_monomial(monomial, term) if unit == 1 else _exp_atom((term * state().flint.fmpq(1, unit), state().one))
        out = mul(out, power(base, int(k.p)))
    if constant != 0:
        sign = 1 if constant > 0 else -1
        out = mul(out, power(_exp_atom((state().ctx.constant(abs(constant)), state().one)), sign))
    return out


def _exp_of_monomial(monomial, term):
    if sum(monomial) == 1:
        found = state().logs.get(str(term))
        if found is not None:
            return found
    return _exp_atom((term, state().one))


def _exp_atom(q):
    """The atom exp(q), its argument remembered: log of a power of it is that multiple of q again."""
    atom = _call("exp", q)
    state().exps[state().number(atom)] = q
    return atom


def _log(q):
    """log(q) (q > 0, which its finite ball proved): the arguments of the exp atoms q is a multiple of, with
    their powers (log(e^a r) = a + log(r), e^a > 0), plus an atom for the rest, remembered so that exp of
    it is that rest again."""
    num, den = q
    out = None
    for number, argument in list(state().exps.items()):
        k = 0
        for side in (0, 1):
            poly = (num, den)[side]
            least = min(m[number] for m in poly.to_dict()) if not poly.is_zero() else 0
            if least:
                poly = state().ctx.from_dict({_lowered(m, number, least): c for m, c in poly.to_dict().items()})
                num, den = (poly, den) if side == 0 else (num, poly)
                k += least if side == 0 else -least
        if k:
            piece = mul(_const(int(k)), argument)
            out = piece if out is None else add(out, piece)
    rest = (num, den)
    if num == den:
        return out if out is not None else (state().zero, state().one)
    atom = identities.log(rest)  # the sum of its factors' logs, or one atom remembered: exp of it is rest again
    return atom if out is None else add(out, atom)


def _lowered(monomial, number, by):
    lowered = list(monomial)
    lowered[number] -= by
    return tuple(lowered)


def _sqrt(q):
    """sqrt(q) (q >= 0, proven): its square factors taken out (`arb_identities.sqrt`), else the atom."""
    if q[0].is_zero():
        return q  # sqrt(0) is 0 (a silent bin's modulus): no atom whose square rule alone knows it
    found = identities.sqrt(q)
    return _sqrt_atom(q) if found is None else found


def _sqrt_atom(q):
    return _call("sqrt", q, square=lambda number: q[0] if q[1].is_one() else None)


def _one():
    return (state().one, state().one)


def _half():
    return _const(0.5)


def _hyperbolic(x):
    e = _exp(x)
    return e, inv(e)


def _sinh(x):
    e, f = _hyperbolic(x)
    return mul(sub(e, f), _half())


def _cosh(x):
    e, f = _hyperbolic(x)
    return mul(add(e, f), _half())


def _tanh(x):
    e, f = _hyperbolic(x)
    return div(sub(e, f), add(e, f))


def _sigmoid(x):
    e = _exp(x)
    return div(e, add(_one(), e))


def _logaddexp(x, y):
    return _log(add(_exp(x), _exp(y)))


def _arctanh(x):
    """arctanh(x) as (log(1 + x) - log(1 - x)) / 2 (|x| < 1, which its finite ball proved), so log((1 + x) / (1 - x))
    / 2 meets it; each log's ball is made as log1p of its exact x (`arb_proof_balls`), keeping its digits near 0."""
    return mul(_half(), sub(_log(add(_one(), x)), _log(sub(_one(), x))))


def _erf(x):
    return _odd("erf")(x)


def _arctan2(y, x):
    """arctan2(y, x); at y = x, a constant, pi/4 or -3 pi/4 by x's sign (its ball decided the branch: the atom
    would make arctan2(v, v) at each entry a number of its own, and their variance a 0 nothing proves)."""
    if _name(y) == _name(x) and x[0].is_constant() and x[1].is_constant() and not x[0].is_zero():
        quarter = mul(_const(0.25), identities.pi())
        positive = x[0].leading_coefficient() / x[1].leading_coefficient() > 0
        return quarter if positive else mul(_const(-3), quarter)
    found = identities.arctan2(y, x)  # arctan(y / x) and the quadrant's pi
    return _call("arctan2", y, x) if found is None else found


MAX_SHIFT = 16  # the largest integer step between two arguments the gamma recurrence relates


# The recurrences f(q + 1) = f(q) + term(q) of log Gamma and its derivatives, for q > 0.
_RECURRENCES = {
    "gammaln": lambda q: _log(q),
    "digamma": lambda q: inv(q),
    "trigamma": lambda q: neg(inv(mul(q, q))),
}


MAX_GAMMA = 64  # the largest whole or half-whole argument whose log Gamma a proof writes in closed form


def _gammaln_closed(q):
    """log Gamma at a whole number n or a half-whole one n + 1/2 in (0, MAX_GAMMA] (a rational constant ``q``):
    log((n - 1)!), or log((2n)! / (4^n n!)) + log(pi) / 2 (Gamma(1/2) = sqrt(pi)), so gammaln(1/2) meets log(pi) / 2
    as the one number it is; None elsewhere."""
    if not (q[0].is_constant() and q[1].is_constant()) or q[0].is_zero():
        return None
    twice = 2 * q[0].leading_coefficient() / q[1].leading_coefficient()
    if twice.q != 1 or not 0 < twice <= 2 * MAX_GAMMA:
        return None
    m = int(twice.p)
    if m % 2 == 0:
        return _log(_const(math.factorial(m // 2 - 1)))
    n = (m - 1) // 2
    ratio = state().flint.fmpq(math.factorial(2 * n), 4**n * math.factorial(n))
    return add(_log((state().ctx.constant(ratio), state().one)), mul(_const(0.5), _log(identities.pi())))


def _recurred(name, q):
    """gammaln(q), digamma(q) or trigamma(q) written through the same function at an argument met before that
    differs from q by a whole number n (1 <= |n| <= MAX_SHIFT), both above 0: gammaln(x + 1) is gammaln(x) +
    log(x), so the recurrence cancels in a proof (gammaln(x + 1) - gammaln(x) - log(x) is 0, its slope
    digamma(x + 1) - digamma(x) - 1/x too); else the atom."""
    term = _RECURRENCES[name]
    for number, (called, args) in list(state().defs.items()):
        if called != name or len(args) != 1:
            continue
        shift = sub(q, args[0])
        if not (shift[0].is_constant() and shift[1].is_constant()) or shift[0].is_zero():
            continue
        n = shift[0].leading_coefficient() / shift[1].leading_coefficient()
        if n.q != 1 or abs(int(n.p)) > MAX_SHIFT:
            continue
        n = int(n.p)
        low = args[0] if n > 0 else q  # the smaller argument: every step up from it is above 0 where it is
        if not _positive(low):
            continue
        steps = term(low)
        for k in range(1, abs(n)):
            steps = add(steps, term(add(low, _const(k))))
        atom = (state().gens[number], state().one)
        return add(atom, steps) if n > 0 else sub(atom, steps)
    return _call(name, q)


def _positive(q):
    """Whether the quotient ``q`` is above 0 at the point (its ball there, the symbolic inputs at their values)."""
    try:
        return bool(ball_of(state(), q, state().points) > 0)
    except (LookupError, ArithmeticError, ValueError):
        return False


def _two_over_root_pi():
    found = state().atom(("constant", "2/sqrt(pi)"))
    state().defs.setdefault(state().number(found), ("2/sqrt(pi)", ()))
    return found


def _log_of(name):
    found = state().atom(("constant", f"log({name})"))
    state().defs.setdefault(state().number(found), ("log", ((state().ctx.constant(int(name)), state().one),)))
    return found


def _table():
    """name -> (value of the argument quotients, slopes of (answer, *arguments))."""
    one = _one
    return {
        "add": (add, lambda a, x, y: (one(), one())),
        "subtract": (sub, lambda a, x, y: (one(), neg(one()))),
        "multiply": (mul, lambda a, x, y: (y, x)),
        "divide": (div, lambda a, x, y: (inv(y), neg(div(a, y)))),
        "negative": (neg, lambda a, x: (neg(one()),)),
        "square": (lambda x: mul(x, x), lambda a, x: (add(x, x),)),
        "reciprocal": (inv, lambda a, x: (neg(mul(a, a)),)),
        "sqrt": (_sqrt, lambda a, x: (inv(add(a, a)),)),
        "cbrt": (_odd("cbrt"), lambda a, x: (inv(mul(_const(3), mul(a, a))),)),
        "exp": (_exp, lambda a, x: (a,)),
        "exp2": (lambda x: _exp(mul(x, _log_of(2))), lambda a, x: (mul(a, _log_of(2)),)),
        "expm1": (lambda x: sub(_exp(x), one()), lambda a, x: (_exp(x),)),
        "log": (_log, lambda a, x: (inv(x),)),
        "log2": (lambda x: div(_log(x), _log_of(2)), lambda a, x: (inv(mul(x, _log_of(2))),)),
        "log10": (lambda x: div(_log(x), _log_of(10)), lambda a, x: (inv(mul(x, _log_of(10))),)),
        "log1p": (lambda x: _log(add(one(), x)), lambda a, x: (inv(add(one(), x)),)),
        "sin": (lambda x: _sine("sin", x), lambda a, x: (_sine("cos", x),)),
        "cos": (lambda x: _sine("cos", x), lambda a, x: (neg(_sine("sin", x)),)),
        "tan": (lambda x: div(_sine("sin", x), _sine("cos", x)), lambda a, x: (inv(power(_sine("cos", x), 2)),)),
        "arcsin": (identities.arcsin, lambda a, x: (inv(_sqrt(sub(one(), mul(x, x)))),)),
        "arccos": (identities.arccos, lambda a, x: (neg(inv(_sqrt(sub(one(), mul(x, x))))),)),
        "arctan": (identities.arctan, lambda a, x: (inv(add(one(), mul(x, x))),)),
        "arctan2": (_arctan2,
                    lambda a, y, x: (div(x, add(mul(x, x), mul(y, y))), neg(div(y, add(mul(x, x), mul(y, y)))))),
        "sinh": (_sinh, lambda a, x: (_cosh(x),)),
        "cosh": (_cosh, lambda a, x: (_sinh(x),)),
        "tanh": (_tanh, lambda a, x: (sub(one(), mul(a, a)),)),
        "arcsinh": (_odd("arcsinh"), lambda a, x: (inv(_sqrt(add(one(), mul(x, x)))),)),
        "arccosh": (_arccosh,
                    lambda a, x: (inv(mul(_sqrt(sub(x, one())), _sqrt(add(x, one())))),)),
        "arctanh": (_arctanh, lambda a, x: (inv(sub(one(), mul(x, x))),)),
        "logaddexp": (_logaddexp, lambda a, x, y: (div(_exp(x), add(_exp(x), _exp(y))), div(_exp(y), add(_exp(x), _exp(y))))),
        "sigmoid": (_sigmoid, lambda a, x: (mul(a, sub(one(), a)),)),
        "softplus": (lambda x: _log(add(one(), _exp(x))), lambda a, x: (_sigmoid(x),)),
        "erf": (_erf, lambda a, x: (mul(_two_over_root_pi(), _exp(neg(mul(x, x)))),)),
        "erfc": (lambda x: sub(one(), _erf(x)), lambda a, x: (neg(mul(_two_over_root_pi(), _exp(neg(mul(x, x))))),)),
        "gammaln": (lambda x: _gammaln_closed(x) or _recurred("gammaln", x), lambda a, x: (_recurred("digamma", x),)),
        "digamma": (lambda x: _recurred("digamma", x), lambda a, x: (_recurred("trigamma", x),)),
    }


_SMOOTH = {}  # filled on first use (`_table`)
_PICKS = ("maximum", "minimum", "fmax", "fmin", "clip", "where")
_COMPARISONS = frozenset(("greater", "greater_equal", "less", "less_equal", "equal", "not_equal"))
_TESTS = (*_COMPARISONS, "isfinite", "isnan", "isinf")
_STEPS = ("floor", "ceil", "trunc", "rint", "round", "sign")


_A_NUMBER = object()  # no quotient given: the ball is a plain number, its own exact constant


class Sym:
    """A ball ``b``, the exact quotient ``q`` it encloses (None: unknown), and its derivatives ``d`` along
    each seed (a list of quotients, None entries unknown; ``d`` None: a constant)."""

    __slots__ = ("b", "q", "d", "pole")
    __array_priority__ = 100

    def __init__(self, b, q=_A_NUMBER, d=None, pole=None):
        if q is _A_NUMBER:  # Sym(0), as zeros_like of an array of them makes it: the exact constant it is
            b, q = anchored.exact_ball(b), _const(b)
        if finite_only and isinstance(b, _arb.ARB) and not b.is_finite():
            raise NoProof("a ball that is not finite: an argument not proven inside its function's domain")
        if q is not None and q[0].is_zero() and isinstance(b, _arb.ARB) and not b.is_exact() and b.is_finite():
            b = anchored.exact_ball(0)  # 0 by algebra (a silent DFT bin through inexact roots of unity), a finite ball
        # a division's answer at its pole (`beside_poles`, the inputs unknowns), no number here, keeps in ``pole`` the
        # quotient it is beside the point and that quotient's derivative entries, (q, d), for a log that reads it
        self.b, self.q, self.d, self.pole = b, q, d, pole

    __hash__ = object.__hash__

    def __pos__(self):
        return self

    def __abs__(self):
        return run("abs", self)

    def __bool__(self):
        return bool(_untied((self,), lambda: _arb._decide(self.b != 0, _arb._equal(self.b, 0), _arb._equal(self.b, 0))))

    def __float__(self):
        raise NoProof("a float taken out of the program")


def _infinite(x):
    """Whether ``x`` is a float or mpf that is no finite number (a mask's -inf, a max's identity, a NaN sentinel)."""
    return (isinstance(x, float) or hasattr(x, "_mpf_")) and not math.isfinite(x)


# The ``pole`` of a `Sym` that is IEEE's infinity of a quotient by an input's 0.0 (`_over_a_constant_0`): its ball the
# infinity, no quotient, so that only the ops that know an infinity (`_beside_an_infinity`) take it, never a ball's own
# function (flint's cos of -inf is [+-1], and 0 times it 0, where IEEE's is NaN)
_IEEE = (None, None)


def _ieee(x):
    """Whether ``x`` is an infinity `_over_a_constant_0` made, or one `_beside_an_infinity` made of it."""
    return type(x) is Sym and x.pole is _IEEE


def _infinity(x):
    """Whether ``x`` is an infinity itself: a float or mpf +-inf (a mask's -inf), or a ball whose midpoint is one (a
    sum with a mask's -inf: flint keeps its sign there), or IEEE's of a quotient by 0 (`_ieee`); a NaN sentinel
    (nanmean's np.nan) is decided as NaN."""
    if _ieee(x):
        return True
    if isinstance(x, _arb.ARB):
        return not x.mid().is_finite() and not x.mid().is_nan()
    return _infinite(x) and not math.isnan(x)


def _operand(x):
    """A constant, or an operand of a pick or a test, as a proof number; an infinity stays a float (no rational function is
    infinite, and the ball ops take an infinite float as it is)."""
    return float(x) if _infinite(x) else _lift(x)


def _lift(x):
    if type(x) is Sym:
        return x
    if isinstance(x, (bool, np.bool_)):
        if state().tied:  # a mask made at a tie is 0 on one side and 1 on the other: no constant
            raise NoProof("a comparison at a tie used as a number")
        return Sym(anchored.exact_ball(int(x)), _const(int(x)))  # decided at the point: a constant 0 or 1 there
    if hasattr(x, "_mpf_") and not x:  # mpmath's 0 (exp of a masked -inf entry): exact, as mpmath never underflows
        return Sym(anchored.exact_ball(0), _const(0))
    return Sym(x if isinstance(x, _arb.ARB) else anchored.exact_ball(x), _const(x))


def _not_a_number(x):
    """Whether ``x``, no proof number, is a NaN: a float, or a ball whose midpoint is one."""
    if isinstance(x, _arb.ARB):
        return x.mid().is_nan()
    return isinstance(x, (float, np.floating)) and math.isnan(x)


def _unknown_constant(x):
    """A NaN the program made of constants alone (a softmax over a row all masked, 0 / 0) as an operand: an unknown
    that no seed moves, which only a pick that leaves it out (a row of a batch not summed) lets a proof pass."""
    return Sym(x if isinstance(x, _arb.ARB) else anchored.exact_ball(float(x)), None)


def _tangent(slopes, syms):
    """sum of slope * d over the arguments that move; None where none does."""
    out = None
    for slope, s in zip(slopes, syms):
        if s.d is None:
            continue
        piece = [None if e is None or slope is None else _times(slope, e) for e in s.d]
        out = piece if out is None else [None if a is None or b is None else _plus(a, b) for a, b in zip(out, piece)]
    return out


def _plus(a, b):
    """a + b of two derivative entries (`_within_limits`)."""
    return _within_limits(add, a, b, lambda x, y: x + y)


def _times(a, b):
    """a * b of a slope and a derivative entry (`_within_limits`)."""
    return _within_limits(mul, a, b, lambda x, y: x * y)


SLOPE_TERMS = 256  # beside a pole, a slope with more terms is its ball at the point (`_within_limits`)


def _within_limits(op, a, b, on_balls):
    """``op(a, b)`` of two quotients; where the answer is past the proof's limits in a run asking the slopes beside a
    pole (`beside_poles`, the inputs unknowns), the ball of its value at the point, an atom (`_Proof.ball_atom`).
    Those slopes are wanted as numbers; only the pole's own argument needs to be a function of the inputs
    (`_beside_the_pole`), and summing the slopes of many logs over unknowns multiplies their denominators together (a
    spectrogram's bins in decibels: the sum of u_k' / u_k over the bins of a length-10 frame, whose common denominator
    is past any limit), so a slope of more than SLOPE_TERMS terms is a ball too."""
    numbers = beside_poles and state().symbolic
    try:
        out = op(a, b)
        if not numbers or len(out[0]) + len(out[1]) <= SLOPE_TERMS:
            return out
    except NoProof:
        if not numbers:
            raise
    try:
        ball = on_balls(ball_of(state(), a, state().points), ball_of(state(), b, state().points))
    except (LookupError, ArithmeticError, ValueError):
        ball = None
    if ball is None or not ball.is_finite():
        raise NoProof("a slope past the proof's limits, with no ball at the point")
    return state().ball_atom(ball)  # an atom even where the ball is exact: a 0 at the point is no zero function


def _beside_an_infinity(name, args):
    """``name`` where an argument is an infinite float (a mask's -inf), as IEEE answers it wherever the other argument
    is finite: a sum with a finite number is the infinity, the exp of -inf is exactly 0. A constant either way, the
    same all around the point; any other op on an infinity is no proof. An infinity a quotient by 0 made (`_ieee`)
    makes one alike."""
    if any(_ieee(a) for a in args):
        answer = _beside_an_infinity(name, [float(a.b.mid()) if _ieee(a) else a for a in args])
        return Sym(answer, None, None, _IEEE) if _infinity(answer) else answer
    if name in ("add", "subtract") and len(args) == 2:
        x, y = (_operand(a) for a in args)
        if any(type(a) is Sym and not a.b.is_finite() for a in (x, y)):
            raise NoProof(f"{name} of an infinity and a number not proven finite")
        sign = -1.0 if name == "subtract" else 1.0
        answer = (x if _infinite(x) else 0.0) + sign * (y if _infinite(y) else 0.0)
        if math.isnan(answer):
            raise NoProof(f"{name} of two opposite infinities")
        return anchored.exact_ball(answer)  # a ball, as the balls' own sum is: a pick on it decides as theirs does
    if name == "exp" and len(args) == 1:
        return _lift(0) if _operand(args[0]) < 0 else anchored.exact_ball(math.inf)
    if name in _SATURATING and len(args) == 1:  # sigmoid(+-inf) is 1 or 0, tanh(+-inf) +-1, erf's alike, exactly
        return _lift(_SATURATING[name][_operand(args[0]) > 0])
    if name in ("divide", "reciprocal") and _infinity(args[-1]) and (name == "reciprocal" or (
            not _infinity(args[0]) and _lift(args[0]).b.is_finite())):
        return _lift(0)  # a number over an infinity: exactly 0 wherever the number is finite
    raise NoProof(f"{name} of an infinity")


# The functions an infinity saturates exactly: their values at -inf and +inf
_SATURATING = {"sigmoid": (0, 1), "tanh": (-1, 1), "erf": (-1, 1), "erfc": (2, 0)}


def _over_a_constant_0(name, syms):
    """The infinity IEEE makes of a quotient by an input's own 0 that no seed moves (1 / x at x = 0.0, asked along
    y; along x itself, 1 / (2 + 1 / x) is x / (2 x + 1), no constant), the numerator's sign known, the 0 taken as
    +0.0 as the exact numbers take an input's -0.0 too: a constant all around the point, as a mask's -inf is
    (`_beside_an_infinity`), so that 1 / (h + 1 / (1 / x + 1 / y)) at x = 0 is 1 / h along y, its slope there proven
    0. A 0 the program computes (cos(pi / 2) exactly) has no sign, its quotient +inf or -inf. An answer that is still
    an infinity proves nothing (`zeros_of`): the slopes beside a pole are those of the terms it never meets. None for
    any other quotient, or where the run looks for poles."""
    if name not in ("divide", "reciprocal") or beside_poles or poles is not None or not _at_its_pole(name, syms):
        return None
    denominator = syms[POLES[name][0]]
    numerator = syms[0].b if name == "divide" else _arb.ARB(1)
    own = id(denominator) in state().inputs and denominator.b.is_zero()
    if not own or _moves(denominator) or not numerator.is_finite() or not (numerator > 0 or numerator < 0):
        return None
    return Sym(anchored.exact_ball(math.inf if numerator > 0 else -math.inf), None, None, _IEEE)


def _smooth(name, args):
    """``name`` on `Sym` numbers; the very answer made before for the same op on the same arguments (by
    identity), as `arb` shares balls: a max among equal entries made alike is then a tie the balls prove."""
    key = (name, *map(id, args))
    found = state().answers.get(key)
    if found is not None:
        return found[1]
    answer = _smooth_new(name, args)
    state().answers[key] = (args, answer)  # the arguments held, so their identities are not reused
    return answer


def _smooth_new(name, args):
    if any(_infinity(a) for a in args):
        return _beside_an_infinity(name, args)
    value, slopes = _SMOOTH[name]
    syms = [_unknown_constant(a) if _not_a_number(a) else _lift(a) for a in args]
    if name == "tan" and syms[0].q is not None and is_zero(_sine("cos", syms[0].q)):
        # at cos's exact 0 (deg2rad(90), pi/2 exactly) tan is sin over that 0: a division at its pole, as written so
        return _smooth("divide", [_smooth("sin", args), _smooth("cos", args)])
    if name == "exp" and _minus_infinity_all_around(syms[0]):
        return _lift(0)  # 0 all around the point, as exp of a mask's own -inf is
    ball = _arb.ELEMENTWISE[name](*[s.b for s in syms])
    if any(s.q is None for s in syms):
        logged = _log_beside_a_quotients_pole(name, syms)
        return Sym(ball, None, logged if logged is not None else _beside_an_unknown(name, syms),
                   _pole_carried(name, syms))
    if name in POLES and (_at_its_pole(name, syms) or (beside_poles and _at_its_pole_here(name, syms))):
        if staying is not None and name == "divide" and state().symbolic and is_zero(syms[0].q):
            staying.append(name)  # 0/0 at every point about this one: an unknown, as any pole's
        if poles is not None:
            poles.append(name)  # log or 1/x of an exact 0, looked for (`python_zero.Zeros.pole_of_value`)
            if indeterminate is not None and name == "divide" and syms[0].q is not None and _zero_at_point(syms[0].q):
                indeterminate.append(name)
            raise NoProof(f"{name} at its pole")
        infinity = _over_a_constant_0(name, syms)
        if infinity is not None:
            return infinity
        # no number here (its ball is NaN): an unknown, which only a pick that leaves it out (where's other
        # branch, log 0 masked) lets a proof pass; any other use carries the unknown into the answer
        return Sym(ball, None, _beside_the_pole(name, syms), _quotient_beside_its_pole(name, value, slopes, syms))
    answer = value(*[s.q for s in syms])
    at_end = name in ("arcsin", "arccos") and _pi_multiple(answer)
    if at_end:
        ends.append(name)  # at +-1 exactly (`arb_identities.arcsin`): a cone's tip where its argument peaks there
        if not ball.is_finite():
            ball = ball_of(state(), answer)  # the edge's own value
    if all(s.d is None for s in syms):
        return Sym(ball, answer)
    if _width(syms) == 0 and (at_end or (name == "arccosh" and is_zero(answer))):
        return Sym(ball, answer, [])  # the value alone asked about: no slope formed, infinite at the domain's end
    if all(s.d is None or _unmoved(s.d) for s in syms):  # no slope needed, nor formed (sqrt's at 0 is none)
        return Sym(ball, answer, [_const(0)] * _width(syms))
    if name == "arccosh" and _zero_at_point(sub(syms[0].q, _one())):
        if _nonnegative_around(sub(syms[0].q, _one())):
            return _arccosh_tip(ball, answer, syms[0])
        if state().symbolic and _moves(syms[0]):
            # x may fall below 1 beside the point (1 - x^2): the seed leaves arccosh's domain, whose slope 1 / sqrt(x - 1)
            # is infinite at its edge, never a 0 to prove
            edges.append(name)
            raise NoProof("arccosh at 1 with its argument not proven >= 1 around the point")
    if name == "arctan2" and syms[0].b.is_zero() and syms[1].b < 0 and syms[0].d is not None:
        return Sym(ball, answer, _along_the_cut(slopes(answer, *[s.q for s in syms]), syms))
    if name == "sqrt":
        return _root(ball, answer, syms[0])
    return Sym(ball, answer, _tangent(slopes(answer, *[s.q for s in syms]), syms))


def _along_the_cut(partials, syms):
    """arctan2(y, x)'s derivative entries on its cut (y = 0, x < 0): along a seed that leaves y still (its entry the
    zero function of the unknown inputs, `seeded`'s ``symbolic``) the value stays on the side the point's own zero
    takes, and the entry is the slope both sides share there (0 along x); along one that moves y, or where a run at the
    point's own numbers cannot tell (a 0 derivative of y there is only y's first order: -y^2 crosses), a jump of 2 pi,
    no slope (None), which the kink test names."""
    tangent = _tangent(partials, syms)
    y = syms[0]
    return [None if e is None or not (state().symbolic and _zero_function(y.d[k])) else e for k, e in enumerate(tangent)]


def _still_along(syms):
    """The derivative entries of an op's answer at its pole: 0 along each seed that moves none of its arguments (each
    argument's entry the zero function of the unknown inputs, `seeded`'s ``symbolic``: the term is the same infinity
    all along that line, as log(x0^2) is along x1), unknown (None) along the others; None where nothing moves."""
    if all(s.d is None for s in syms):
        return None
    still = [state().symbolic and all(s.d is None or _zero_function(s.d[k]) for s in syms) for k in range(_width(syms))]
    return [_const(0) if k else None for k in still]


def _zero_function(e):
    """Whether the derivative entry ``e`` is known and the zero function (False where reducing it by the atoms' rules
    is past the proof's limits: a seed that moves it, as far as the proof can tell)."""
    if e is None or e[0].is_zero():
        return e is not None
    try:  # a ball at the point that is not 0 tells the entry is no zero function, without reducing it
        if not ball_of(state(), (e[0], state().one), state().points).contains(0):
            return False
    except (LookupError, ArithmeticError, ValueError):
        pass
    try:
        return is_zero(e)
    except NoProof:
        return False


# The ops whose pole is a log's, each with the base whose log divides its slope 1 / u (None: e's)
_LOG_BASES = {"log": None, "log1p": None, "log2": 2, "log10": 10}


def _beside_the_pole(name, syms):
    """The derivative entries of an op's answer at its pole (`_still_along`); for a log asked beside its pole
    (`beside_poles`, the inputs unknowns), along a seed that moves its argument u, u' / u where that quotient, reduced
    by its parts' gcd, has a denominator proven nonzero at the point: log(x0^2 x1^2) at x0 = 0 is -inf all along x1,
    and beside that line (x0 != 0) its slope in x1 is 2 / x1 whatever x0, the slope beside the pole; log(x0^2 +
    x1^2) at (0, 0) has none (2 x1 / (x0^2 + x1^2) has no limit there)."""
    still = _still_along(syms)
    if still is None or name not in _LOG_BASES or not (beside_poles and state().symbolic):
        return still
    u = syms[POLES[name][0]]
    return _log_slopes(name, u.q, u.d, still)


def _log_slopes(name, u, entries, known):
    """A log's derivative entries along each seed, for its argument ``u`` (an exact quotient at the point) and ``u``'s
    derivative ``entries``: u' / u reduced by its parts' gcd, where its denominator is proven nonzero at the point,
    unknown (None) elsewhere; an entry of ``known`` that is not None stands as it is."""
    _, shift, _ = POLES[name]
    argument = add(u, _const(shift)) if shift else u
    base = _LOG_BASES[name]
    out = []
    for entry, e in zip(known, entries):
        if entry is not None or e is None:
            out.append(entry)
            continue
        num, den = quotients.reduced_pair(e, argument)
        if not quotients.nonzero_at_point(den):
            out.append(None)
            continue
        slope = div((num, state().one), (den, state().one))
        out.append(slope if base is None else div(slope, _log_of(base)))
    return out


def _quotient_beside_its_pole(name, value, slopes, syms):
    """``(quotient, derivative entries)`` of a division's answer at a pole that is its denominator's 0 at the point
    alone (`beside_poles`, the inputs unknowns: y / x at x = 0), the function it is beside the pole; None for any
    other op, a denominator that is the zero function (x / 0: nothing beside it), a numerator 0 at the point too (x y
    / x at x = 0: a removable 0 / 0, no number, whose reduced y is another function), or a quotient past the proof."""
    if name not in ("divide", "reciprocal") or not (beside_poles and state().symbolic) or _at_its_pole(name, syms):
        return None
    if name == "divide" and syms[0].q is not None and _zero_at_point(syms[0].q):
        return None
    try:
        answer = value(*[s.q for s in syms])
        return answer, _tangent(slopes(answer, *[s.q for s in syms]), syms)
    except NoProof:
        return None


def _log_beside_a_quotients_pole(name, syms):
    """A log's derivative entries at a division's pole (`_quotient_beside_its_pole`: log(y / x) at x = 0, +inf all
    along y), as `_beside_the_pole` gives a log's at its own (`_log_slopes`: 1 / y along y, whatever x beside the
    pole; unknown along x); None where the argument is no such quotient."""
    if name not in _LOG_BASES or len(syms) != 1 or getattr(syms[0], "pole", None) is None:
        return None
    argument, entries = syms[0].pole
    if entries is None:
        return None
    return _log_slopes(name, argument, entries, [None] * len(entries))


# The rational ops that carry a division's pole (`_pole_carried`): what they make of it is a quotient too
_CARRYING_POLES = frozenset({"add", "subtract", "multiply", "divide", "negative", "reciprocal", "square"})


def _pole_carried(name, syms):
    """The ``pole`` of a rational op's answer on an argument that is a division's answer at its pole (its ``pole``,
    `_quotient_beside_its_pole`) and others that are quotients: the quotient that answer is beside the point and its
    derivative entries, where it is a pole still (its denominator 0 at the point, its numerator proven not), so that a
    log of it has the slopes of log(y / x)'s (log((1 / x) / y) at x = 0: -1 / y along y); None for any other op or
    argument, or where the answer is removable (x (1 / x): 0 * inf, no number, whose quotient 1 is another function)."""
    if name not in _CARRYING_POLES or not (beside_poles and state().symbolic):
        return None
    beside = []
    for s in syms:
        if s.q is None:
            if s.pole is None or s.pole[1] is None:
                return None
            s = Sym(s.b, *s.pole)
        beside.append(s)
    value, slopes = _SMOOTH[name]
    try:
        answer = value(*[s.q for s in beside])
        if not (quotients.vanishes(answer[1]) and quotients.nonzero_at_point(answer[0])):
            return None
        return answer, _tangent(slopes(answer, *[s.q for s in beside]), beside)
    except (NoProof, ArithmeticError):
        return None


def _pole_powered(x, exponent):
    """`_pole_carried` for ``x ** n`` with a small positive whole ``n``: (1 / x) ** 2 carries its pole as np.square
    does; None for any other exponent or argument, or where the answer is no pole."""
    if x.pole is None or x.pole[1] is None or not (beside_poles and state().symbolic) or exponent is None or not (
            exponent == int(exponent) and 0 < exponent <= MAX_POWER):
        return None
    n, beside = int(exponent), Sym(x.b, *x.pole)
    try:
        answer = power(beside.q, n)
        if not (quotients.vanishes(answer[1]) and quotients.nonzero_at_point(answer[0])):
            return None
        return answer, _tangent([mul(_const(n), power(beside.q, n - 1))], [beside])
    except (NoProof, ArithmeticError):
        return None


def _beside_an_unknown(name, syms):
    """The derivative entries of ``name`` on arguments one of which is an unknown number (a pole's term, no number at
    the point): along each seed, the sum of each moving argument's entry times the op's partial derivative in it, where
    that partial needs no unknown's value (a sum's 1, a product's other factor, a quotient's 1 / y): the finite part's
    slopes beside log(x0^2) + x1^2's pole, x2^2 + cos(x1) log(x0^2)'s in x2, log(x0^2)^2 + x1^2's in x1. An argument
    the seed leaves still (its entry the zero function of the unknown inputs) adds nothing whatever the partial; an
    entry is unknown where a moving argument's partial or entry is. None where nothing moves."""
    if all(s.d is None for s in syms):
        return None
    out = [_const(0)] * _width(syms)
    for partial, s in zip(_partials(name, syms), syms):
        if s.d is not None:
            out = [None if total is None else _moved_by(total, partial, e) for total, e in zip(out, s.d)]
    return out


def _moved_by(total, partial, e):
    """``total`` plus ``partial`` times the entry ``e`` (`_beside_an_unknown`), None where unknown."""
    if e is None:
        return None
    if _zero_function(e) and (partial is not None or state().symbolic):  # at the point's numbers, 0 there only
        return total
    return None if partial is None else _plus(total, _times(partial, e))


def _partials(name, syms):
    """The partial derivatives of the op ``name`` in each argument that need no unknown's value, None for the others."""
    if name in ("add", "subtract", "negative"):
        return _SMOOTH[name][1](None, *[None] * len(syms))
    if name == "multiply":
        return syms[1].q, syms[0].q
    if name == "divide":
        x, y = syms
        if y.q is None or y.q[0].is_zero():
            return None, None
        return inv(y.q), None if x.q is None else neg(div(x.q, mul(y.q, y.q)))
    return [None] * len(syms)


def _arccosh(x):
    """arccosh(x): the exact 0 at x = 1, the end of its domain and inside it (arccosh(1 - x^2) at x = 0), so a value
    that is 0 there is proven so; the atom elsewhere."""
    return _const(0) if is_zero(sub(x, _one())) else _call("arccosh", x)


def _pi_multiple(q):
    """Whether ``q`` (an arcsin's or arccos's answer) is a rational multiple of pi, 0 included: its argument is
    +-1 exactly (`arb_identities.arcsin`), an edge of the domain and inside it."""
    num, den = q
    if not den.is_constant():
        return False
    pi = next(iter(identities.pi()[0].to_dict()))
    return all(monomial == pi for monomial in num.to_dict())


def _width(syms):
    return next(len(s.d) for s in syms if s.d is not None)


def _still_input(number, e):
    """Whether ``number`` is an input and ``e`` its seed's 0 there: it stands still along that seed, in a run at the
    point's own numbers too (a 0 entry of anything computed from the inputs may be a slope 0 at the point only)."""
    return id(number) in state().inputs and e is not None and e[0].is_zero()


def _unmoved(d):
    """Whether the derivative entries ``d`` of a number are each the zero function of the inputs, so that it stays
    put all along each seed's line: the number is then the same whatever function takes it (a one-hot's zeroed entry
    of p = sum(probs * onehot) under p^0.7 at p = 0, whose slope is infinite). Only a run whose inputs are unknowns
    (`seeded`'s ``symbolic``) shows it: at the point's own numbers a 0 derivative is the slope there (x^2 at 0). An
    entry too long to reduce is not known to be 0: the number may move."""
    try:
        return state().symbolic and bool(d) and all(e is not None and is_zero(e) for e in d)
    except quotients.PastLimits:
        return False


def root_of_unity(m, n, balls):
    """(cos, sin) of 2 pi m / n as proof numbers exact in the run's one field of roots of unity
    (`arb_identities.root_of_unity`), ``balls`` their balls; None where that field is past the proof's limits."""
    found = identities.root_of_unity(m, n)
    if found is None:
        return None
    return tuple(part if not isinstance(part, _arb.ARB) else Sym(part, q) for part, q in zip(balls, found))


def modulus(re, im):
    """|re + i im| on proof numbers, sqrt(re^2 + im^2): at 0, a cone's tip (`_tip`) whose radicand is >= 0
    everywhere, so its even powers are re^2 + im^2's own."""
    u = _lift(run("add", run("multiply", re, re), run("multiply", im, im)))
    if u.q is None or u.d is None:
        return run("sqrt", u)
    # 0 by algebra too where the parts' balls straddle it (roots of unity of two lengths in one field); a ball off 0
    # needs no reduction to say it is not
    zero = u.b.contains(0) and is_zero(u.q)
    if not (u.b.is_zero() or zero or (u.b.contains(0) and _zero_at_point(u.q))):  # (at the point: length-5 roots)
        return run("sqrt", u)
    return _tip(_arb.ARB(0), _const(0) if zero else _sqrt(u.q), u, squares=True)


def _root(ball, answer, u):
    """sqrt(u) with its slopes u' / (2 sqrt(u)), each reduced first (`reduced_div`: a square factor 0 at the point
    cancels, sqrt(x^4)'s slope 2x); where a slope still divides by the 0 sqrt(u) is at the point, a cone's tip."""
    twice = add(answer, answer)
    pairs = [None if e is None or twice[0].is_zero() else quotients.reduced_pair(e, twice) for e in u.d]
    if u.b.is_zero() and (twice[0].is_zero() or any(p is not None and quotients.vanishes(p[1]) for p in pairs)):
        return _tip(ball, answer, u, squares=id(u) in state().nonnegative or _nonnegative(u.q))
    return Sym(ball, answer, [None if e is None else quotients.reduced_div(e, twice) for e in u.d])


def _tip(ball, answer, u, squares):
    """sqrt(u) at u = 0, a cone's tip with no slope (|z| at z = 0, sqrt(a^2 + b^2) at 0). With ``squares`` (u >= 0
    all around the point) its even powers are u's own, slopes and all: a silent FFT bin's power |X|^2, or entr of
    sqrt(a^2 + b^2)^2, has its slope where the root has none (sqrt(x)^2 at 0 is x only on one side: no such rule).
    Along a seed that leaves u still (its entry the zero function of the unknown inputs) the tip stands still too, slope
    0: 1/sqrt(x^2 + y^2) + z at (0, 0) is +inf all along z, and beside that line its slope in z is 1."""
    tip = Sym(ball, answer, [_const(0) if _unmoved([e]) or _still_input(u, e) else None for e in u.d])
    _record_still_roots(u)
    if squares:
        state().tips[id(tip)] = (tip, u)
    state().roots[id(tip)] = (tip, u)
    return tip


def cone_slopes(tip):
    """Each seed's right-hand slope c of the number ``tip`` where it is sqrt(u) at u = 0 (`_tip`) and u a sum of
    weighted even powers sum_j w_j s_j^(2 m_j) (`_squares_of`), as a ball: each s_j is then 0 at the point, so along
    the seed u moves by G t^2 + o(t^2), G = sum over the squares (m_j = 1) of w_j (ds_j)^2, and the root by
    sqrt(G) |t| + o(t): a cone with slopes -c and c = sqrt(G) where G > 0 (the distance at a perfect fit), slope 0
    where every ds_j is the exact 0 (sqrt(x^4) at 0, u = o(t^2)). None for every seed where ``tip`` is no such root,
    and for a seed along which some s_j has no known slope (a root inside a root: sqrt(|x|)^4 is x^2)."""
    found, root = state().roots.get(id(tip)), None
    if found is not None and found[0] is tip:
        root = state().square_sums.get(id(found[1]))
    if root is None or root[0] is not found[1] or tip.d is None:
        return [None] * (len(tip.d) if tip.d else 0)
    out = []
    for k in range(len(tip.d)):
        growth = _arb.ARB(0)
        for weight, s in root[1]:
            slope = None if s.d is None else s.d[k]
            if s.d is not None and slope is None:
                growth = None  # a root the seed moves by no known slope
                break
            if slope is not None and weight != 0 and not is_zero(slope):
                growth += weight * ball_of(state(), slope, state().points) ** 2
        out.append(None if growth is None else growth.sqrt())
    return out


def _squares_of(name, args):
    """The terms ``(w, s)`` of the sum of weighted even powers sum w s^(2 m) (w >= 0 a ball, 0 for a power past the
    square) that the answer of the op ``name`` on ``args`` is as a function of the inputs, or None: a square, a
    sum of such sums, or one scaled by a positive constant (a mean of squared residuals, a norm's radicand)."""
    if name in ("square", "multiply") and type(args[0]) is Sym and all(a is args[0] for a in args):
        return ((1, args[0]),)
    if name == "power" and len(args) == 2 and type(args[0]) is Sym and _even(args[1]):
        exponent = _constant_exponent(_lift(args[1])) if type(args[1]) is Sym else args[1]
        return ((1 if exponent == 2 else 0, args[0]),) if exponent > 0 else None
    if name == "add" and len(args) == 2:
        parts = [_summands(a) for a in args]
        return None if any(p is None for p in parts) else parts[0] + parts[1]
    if name in ("multiply", "divide") and len(args) == 2:
        terms = _summands(args[0])
        scale = None if terms is None else _positive_constant(args[1])
        if name == "multiply" and scale is None:
            terms = _summands(args[1])
            scale = None if terms is None else _positive_constant(args[0])
        if scale is None:
            return None
        scale = scale if name == "multiply" else 1 / scale
        return tuple((weight * scale, s) for weight, s in terms)
    return None


def _summands(a):
    """The terms of ``a`` as a sum of weighted even powers (`_squares_of`): none for a plain 0, None where unknown."""
    if type(a) is Sym:
        found = state().square_sums.get(id(a))
        return found[1] if found is not None and found[0] is a else None
    return () if isinstance(a, (int, float, np.integer, np.floating)) and a == 0 else None


def _positive_constant(c):
    """``c``'s ball where it is a constant no seed moves and proven > 0, else None."""
    if type(c) is Sym:
        return c.b if c.d is None and c.q is not None and bool(c.b > 0) else None
    if isinstance(c, (int, np.integer)) and c > 0:
        return _arb.ARB(int(c))  # exactly, however long (a written literal's numerator)
    if isinstance(c, (float, np.floating)) and math.isfinite(c) and c > 0:
        return _arb.ARB(float(c))
    return None


def _note_squares(answer, terms):
    """Remember ``answer`` as the sum of weighted even powers ``terms`` (a first decomposition stands)."""
    if terms is not None and type(answer) is Sym and id(answer) not in state().square_sums:
        state().square_sums[id(answer)] = (answer, terms)


SIGN_BITS = 1024  # the most bits a factor's ball is evaluated at to find its sign at the point


def _nonnegative_around(q):
    """Whether the quotient ``q`` of the unknown inputs is >= 0 all around the point: each factor of its numerator
    and denominator that comes in an odd power is nonzero at the point (its sign is its sign nearby), and the signs of
    those and of the constant make +1 (x0^2 / (2 - x1) + x0^3 is x0^2 (1 + (2 - x1) x0) / (2 - x1)); at the point's
    own numbers (no unknowns) nothing is known of its neighbours."""
    if not state().symbolic:
        return False
    sign = 1
    for poly in q:
        content, found = identities.factors(poly)
        sign *= 1 if content > 0 else -1
        for factor, times in found:
            if times % 2:
                factor_sign = sign_of(state(), (factor, state().one), SIGN_BITS, state().points)
                if factor_sign is None:
                    return False
                sign *= factor_sign
    return sign > 0


def _arccosh_tip(ball, answer, x):
    """arccosh(x) at x = 1, the end of its domain, x - 1 >= 0 all around the point (`_nonnegative_around`),
    with no slope along a seed that moves x: arccosh(1 + u) is sqrt(2 u) (1 - u / 12 + ...), a cone's tip. Its
    square is a smooth function of u, 2 u - u^2 / 3 + ..., so the square keeps its slopes (`_arccosh_squared`):
    arccosh(1 + x^2 / (2 - y))^2 at x = 0 has slope 0 in x. Where x - 1 may fall below 0 beside the point (1 - x^2)
    the function is no number there, and no slope is proven (its slope's 1 / sqrt(x - 1) is a division by 0)."""
    tip = Sym(ball, answer, [_const(0) if _unmoved([e]) else None for e in x.d])
    state().cones[id(tip)] = (tip, x)
    return tip


def _arccosh_squared(tip, x):
    """arccosh(x)^2 at x = 1 (`_arccosh_tip`): its slope 2 arccosh(x) / sqrt(x^2 - 1) times x's, that factor an atom of
    x (2 at x = 1, the limit `arb_proof_balls.ball_of` gives it) since arccosh(x)^2 is analytic there."""
    slope = _call("slope of arccosh^2", x.q)
    return Sym(tip.b * tip.b, mul(tip.q, tip.q), _tangent([slope], [x]))


def _nonnegative(q):
    """Whether the quotient ``q`` is >= 0 wherever it is defined, by its form: in a run whose inputs are unknowns, a
    sum of even powers with positive coefficients over a positive constant (a^2 + b^2; at the point's own numbers
    a quotient is the number there, which tells nothing of its neighbours)."""
    num, den = q
    if not state().symbolic or not den.is_constant() or den.leading_coefficient() <= 0:
        return False
    return all(c > 0 and all(e % 2 == 0 for e in m) for m, c in num.to_dict().items())


def _constant_exponent(y):
    """The exponent ``y`` (a lifted proof number) as its rational constant where it is one nothing moves, else None."""
    if y.d is None and y.q is not None and y.q[1].is_one() and y.q[0].is_constant():
        return y.q[0].leading_coefficient() if not y.q[0].is_zero() else 0
    return None


def _power(x, y):
    x, y = _lift(x), _lift(y)
    exponent = _constant_exponent(y)
    even = exponent is not None and exponent == int(exponent) and exponent > 0 and int(exponent) % 2 == 0
    tip = state().tips.get(id(x))
    if tip is not None and even:  # sqrt(u)^2k is u^k
        return _power(tip[1], int(exponent) // 2) if exponent > 2 else tip[1]
    cone = state().cones.get(id(x))
    if cone is not None and even:  # arccosh(x)^2k, a power of a smooth square
        square = _arccosh_squared(*cone)
        return _power(square, int(exponent) // 2) if exponent > 2 else square
    ball = _arb.ELEMENTWISE["power"](x.b, y.b)
    if x.q is None or y.q is None:  # an unknown's power (a pole's term squared): unknown, as `_smooth_new`'s
        carried = _pole_powered(x, exponent) if y.q is not None else None
        return Sym(ball, None, _beside_an_unknown("power", [x, y]), carried)
    if exponent is not None and exponent < 0 and _power_at_its_pole(x):
        name = "odd power" if exponent == int(exponent) and int(exponent) % 2 else "power"
        if poles is not None:
            poles.append(name)  # x^-k of an exact 0 (a norm's 0 under norm^-2), looked for as a log's
            raise NoProof(f"{name} at its pole")
        if x.b.is_zero() and (id(x) in state().inputs or name == "power" and exponent == int(exponent)) \
                and not beside_poles and not _moves(x) and not _moves(y):
            # an exact 0 that no seed moves, an input's own 0.0 or any under an even power (a computed 0 has no sign,
            # and an even power needs none): IEEE's +inf, a constant all around the point, as a quotient by an input's
            # 0.0 is (`_over_a_constant_0`): n / s^-8 at s = 0 is 0 along n, its slope there proven 0
            return Sym(anchored.exact_ball(math.inf), None, None, _IEEE)
        return Sym(ball, None, _beside_the_pole(name, [x]))  # its pole: an unknown, as `_smooth_new`'s
    if exponent is not None:
        if exponent * 2 == 1 and x.q is not None:  # x ** 0.5 is sqrt(x) everywhere (PyTorch's norm): its square roots
            return _smooth("sqrt", [x])
        if exponent == int(exponent) and abs(int(exponent)) <= MAX_POWER and x.q is not None:
            n = int(exponent)
            answer = power(x.q, n)
            # x^0 is the constant 1 (0^0 too, as IEEE's pow has it): its slope the exact 0, not an unknown
            d = None if x.d is None else _tangent([mul(_const(n), power(x.q, n - 1)) if n else _const(0)], [x])
            return Sym(ball, answer, d)
    if x.q is not None and x.b.is_zero() and (exponent is not None and exponent > 0 or exponent is None and y.b > 0):
        return _power_of_zero(x, y)
    if not _above(x):
        raise NoProof("a power with a base not proven above 0 and an exponent not a small integer")
    answer = _exp(mul(y.q, _log(x.q)))
    return Sym(ball, answer, _tangent([mul(y.q, div(answer, x.q)), mul(answer, _log(x.q))], [x, y]))


def _power_at_its_pole(x):
    """Whether the base ``x`` of a negative power is at the power's pole, 0: its ball, its exact quotient, or (beside
    a pole, `beside_poles`) its quotient's numerator at the point."""
    return x.b.is_zero() or _at_its_pole("power", [x]) or (beside_poles and _at_its_pole_here("power", [x]))


def _power_of_zero(x, y):
    """x^y at x = 0 (y > 0: a constant no whole number up to `MAX_POWER`, or a number the seeds may move, proven above
    0): 0, with no slope along a seed that moves x (y x^(y - 1) is infinite for y < 1, and below 0 x^y is no number)
    and 0 along one that leaves x still (`_unmoved`), however it moves y: 0^y is 0 for every y > 0 ((1 - 1^b)^a at
    a = 0.5)."""
    ball = anchored.exact_ball(0)
    # the function, or its value here (the zero function's power is that function, while y > 0)
    answer = _exp(mul(y.q, _log(x.q))) if state().symbolic and not is_zero(x.q) else _const(0)
    if x.d is None and y.d is None:
        return Sym(ball, answer)
    if x.d is None:
        return Sym(ball, answer, [_const(0)] * _width([y]))
    _record_still_roots(x)
    return Sym(ball, answer, [_const(0) if _unmoved([e]) else None for e in x.d])


def _record_still_roots(u):
    """Note in `still_roots` each seed that leaves ``u``, a computed radicand (or power's base) exactly 0 at the point,
    at 0 all along its line: an input left still is its own exact 0 at every step, while this one is a cancellation,
    which every rounding of a difference step turns into noise a root magnifies."""
    if still_roots is not None and u.d is not None and id(u) not in state().inputs:
        still_roots.extend(k for k, e in enumerate(u.d) if _unmoved([e]))


def _above(s, shift=0):
    """Whether ``s + shift > 0``: by its ball, else by the sign of its exact quotient (a ball that cannot part
    it from 0, or no finite ball: arcsin(tanh(1e200)) + arccos(...) at 53 bits is NaN, and pi/2 exactly)."""
    if s.q is None:
        return False
    if s.b + shift > 0:
        return True
    if s.b + shift <= 0:  # proven at or below -shift (a ball that is not finite compares False)
        return False
    q = add(s.q, _const(shift)) if shift else s.q
    return not is_zero(q) and sign_of(state(), q, EXACT_BITS) == 1


edges = []  # the ops a proof met at the edge of their domain, moved by its seed (read by `python_zero.Zeros`)
ends = []  # arcsin and arccos met at +-1 exactly, the ends of their domain (read by `python_zero.Zeros`)
# A list while the seeds along which a root of a computed exact 0 stands still are looked for (by
# `python_zero.still_root_slopes`, `_record_still_roots`), else None
still_roots = None
held_steps = []  # the steps of an argument proven a rational constant no ball parts from a step (`_as_its_constant`)
poles = None  # a list while the poles a proof meets are looked for (by `python_zero.Zeros`), else None
# A list beside `poles`: each division among them whose numerator is an exact 0 at the point too, a 0 / 0 (`Zeros`)
indeterminate = None
# A list while a 0/0 that stays is looked for (`python_zero.no_number_all_about`): each division met whose numerator
# and denominator are both the zero function of the unknown inputs, else None
staying = None
# True while the slopes beside a pole of the value are asked (`python_zero.slopes_beside_pole`): an op whose argument
# is at its pole at the point, though not as a function of the unknown inputs, is then the pole's unknown term too
beside_poles = False
# Each op with a pole at a finite argument: the argument's place and the shift that puts the pole at 0, and the
# value there (a log's -inf; a division's 1/0 has no sign, so no value).
POLES = {"log": (0, 0, -math.inf), "log2": (0, 0, -math.inf), "log10": (0, 0, -math.inf),
         "log1p": (0, 1, -math.inf), "reciprocal": (0, 0, math.nan), "divide": (1, 0, math.nan),
         "power": (0, 0, math.inf), "odd power": (0, 0, math.nan),  # x^-2, x^-1.5; x^-1, x^-3 (`_power`)
         "gammaln": (0, 0, math.inf),  # log|gamma(x)| at 0, and at each whole number below (`_POLES_AT_WHOLE`)
         "digamma": (0, 0, math.nan)}  # -1/(x + n) beside each whole number -n <= 0: -inf and +inf, no sign
# The ops of `POLES` with a pole at every whole number <= 0 (gamma's): the one an argument's ball holds is its pole.
_POLES_AT_WHOLE = frozenset(("gammaln", "digamma"))


def _at_its_pole(name, syms):
    """Whether ``name``'s argument (`POLES`) is exactly at its pole: its quotient, shifted, the zero function."""
    shifted = _shifted_to_the_pole(name, syms)
    return shifted is not None and is_zero(shifted)


def _at_its_pole_here(name, syms):
    """Whether ``name``'s argument (`POLES`) is at its pole at the point: its quotient's numerator, shifted, 0 there
    (x0^2 at x0 = 0, where the inputs are unknowns)."""
    shifted = _shifted_to_the_pole(name, syms)
    return shifted is not None and _zero_at_point(shifted)


def _shifted_to_the_pole(name, syms):
    """``name``'s argument (`POLES`) as a quotient shifted so that its pole is at 0, or None where no pole is near: of
    gammaln's, the whole number <= 0 its ball holds (gammaln(x - 3) at x = 1 meets the pole at -2)."""
    place, shift, _ = POLES[name]
    argument = syms[place]
    if name in _POLES_AT_WHOLE:
        middle = argument.b.mid()
        if not middle.is_finite():
            return None
        whole = round(float(middle))
        if whole > 0 or not argument.b.contains(whole):
            return None
        shift = -whole
    return add(argument.q, _const(shift)) if shift else argument.q


def _moves(s):
    """Whether the seed moves ``s``: a derivative entry not exactly 0."""
    return s.d is not None and any(e is None or not is_zero(e) for e in s.d)


def _xlogy(x, y, shift=0):
    x, y = _lift(x), _lift(y)
    name = "xlogy" if shift == 0 else "xlog1py"
    before = _arb.tie_count()
    ball = _arb.ELEMENTWISE[name](x.b, y.b)
    _arb.untie(before)  # x = 0 a tie of the balls' two branches, which the rule below takes for both sides
    inside = _above(y, shift)
    if x.q is not None and is_zero(x.q) and not inside:
        if _moves(x):
            # x log y at x = 0 with log y no number: x's slope there is the log, so the point is the domain's
            # edge for a seed that moves x (xlogy(0, 0), xlog1py(0, -1)), never a 0 to prove; a seed moving y
            # alone meets 0 log y, which is 0 for every y: its partial derivative is exactly 0. A slope of x
            # unknown (a repeated eigenvalue's, which a proof leaves unknown) moves nothing known: no edge named
            if any(e is not None and not is_zero(e) for e in x.d):
                edges.append(name)
            raise NoProof(f"{name}(0, y) at the edge of its log's domain")
        # 0 log y is 0 for every y: a constant 0 gives y a slope of exactly 0, and an entry nothing moves has none
        d = y.d if x.d is None else x.d
        return Sym(ball, x.q, None if d is None else [x.q] * len(d))
    at_pole = not inside and y.q is not None and _zero_at_point(add(y.q, _const(shift)) if shift else y.q)
    if at_pole and x.q is not None and not x.b.contains(0):
        # x proven nonzero and y at the log's pole: x log y is the product itself, whose log meets its pole as log
        # does (q0 - xlogy(0.5, q2) at q2 = 0 keeps q0's slope 1, as q0 - 0.5 log(q2) does)
        return run("multiply", x, run("log1p" if shift else "log", y))
    if not inside or x.q is None:
        raise NoProof(f"{name} where its log is not proven defined")
    argument = add(y.q, _const(shift)) if shift else y.q
    log = _log(argument)
    return Sym(ball, mul(x.q, log), _tangent([log, div(x.q, argument)], [x, y]))


def _abs(x):
    """|x|, decided on the ball, or where the ball straddles 0 by the sign of the exact quotient (a 0 the algebra
    makes, x0 + x1 - (x0 + x1) rounded: a tie at the corner, as the balls' abs at an exact 0 records it)."""
    x = _lift(x)
    if beside_poles and x.q is not None and x.b.contains(0) and not x.b.is_zero() and _zero_at_point(x.q):
        # a 0 at the point of the unknown inputs' function (a silent bin's real part): no sign decides it, and
        # |x| is sqrt(x^2), a cone's tip whose square is x^2 again (the bin's power, a log's pole beside it)
        return run("sqrt", run("multiply", x, x))
    on_balls = lambda: _arb._decide(x.b >= 0, x.b < 0, x.b.is_zero())  # noqa: E731
    return x if _decided("greater_equal", on_balls, x, _lift(0)) else run("negative", x)


# The exponentially scaled functions, each its plain function (an atom of `OPAQUE`, the orders it takes first, None
# where the program passes its own; or erfc, 1 - erf) times exp of a scale: "abs" e^-|x| for I (even in x, so |x|'s
# corner at 0 is theirs), "x" e^x for K, "square" e^(x^2) for erfcx. Written so, a scale the program takes off again
# meets its inverse: i0e(k) e^|k| is I0(k), smooth at 0 where both factors have corners, log(i0e(k)) + |k| is
# log I0(k), and erfcx(x) e^(-x^2) is erfc(x).
SCALED = {"i0e": ("i0", (), "abs"), "i1e": ("i1", (), "abs"), "ive": ("iv", None, "abs"), "k0e": ("kv", (0,), "x"),
          "k1e": ("kv", (1,), "x"), "kve": ("kv", None, "x"), "erfcx": ("erfc", (), "square")}


def _scaled(name, args):
    """``name`` of `SCALED` on `Sym` numbers: its plain function times its scale. At x = 0 the scale e^-|x| has
    |x|'s corner, taken as abs takes it (the tie decided on the exact quotient, the same side |x| follows), so the
    corners of i0e(k) and e^|k| cancel on that side; along a seed that leaves x still it has slope 0 whatever the
    side."""
    plain, orders, scaled_by = SCALED[name]
    syms = [_lift(a) for a in args]
    x = syms[-1]
    fixed = [_lift(v) for v in orders] if orders is not None else [Sym(s.b, s.q) for s in syms[:-1]]
    if name == "i0e":  # encloses i0e on a ball around 0 too: i0e(|x|)
        ball = abs(x.b).bessel_i(0, scaled=True)
    elif name in OPAQUE:
        ball = OPAQUE[name](*[s.b for s in syms])
    else:  # (ive, which has no ball of its own: I_v(x) e^-|x|, each a proven enclosure)
        ball = OPAQUE[plain](*[f.b for f in fixed], x.b) * (-abs(x.b)).exp()
    if any(s.q is None for s in syms):
        return Sym(ball, None, _beside_an_unknown(name, syms))
    side = 1  # (an exact 0 that no seed moves: either side gives e^0 and slope 0)
    if scaled_by == "abs" and not x.b > 0 and not (x.b.is_zero() and not _moves(x)):
        side = -1 if x.b < 0 else _side_of_abs(x)
    exponent = {"abs": neg(x.q) if side > 0 else x.q, "x": x.q, "square": mul(x.q, x.q)}[scaled_by]
    scale = _exp(exponent)
    answer = mul(scale, _plain(plain, fixed, Sym(x.b, x.q)).q)
    if all(s.d is None for s in syms):
        return Sym(ball, answer)
    # the product's slope in x: the exponent's slope (-side, 1 or 2 x) times the answer, plus the scale times the
    # plain one's
    slope = _plain(plain, fixed, Sym(x.b, x.q, [_one()])).d[0]
    moved = {"abs": _const(-side), "x": _one(), "square": add(x.q, x.q)}[scaled_by]
    slopes = [add(mul(moved, answer), mul(scale, slope))]
    if orders is None:  # an order the program passes (kve's v): its slope an atom, scaled
        in_order = _opaque(plain, [*[Sym(f.b, f.q, [_one()]) for f in fixed], Sym(x.b, x.q)]).d[0]
        slopes = [mul(scale, in_order)] + slopes
    return Sym(ball, answer, _tangent(slopes, syms))


def _plain(name, orders, x):
    """A scaled function's plain one at ``x``: an atom of `OPAQUE` after its orders, or erfc by its rule."""
    return _opaque(name, [*orders, x]) if name in OPAQUE else _run(name, (x,))


def _side_of_abs(x):
    """The side of 0 that |x| takes for ``x`` on or beside 0 (1 right, -1 left), decided as `_abs` decides it: the
    ball, else the exact quotient's sign, a tie recorded where x is 0 at the point."""
    on_balls = lambda: _arb._decide(x.b >= 0, x.b < 0, x.b.is_zero())  # noqa: E731
    return 1 if _decided("greater_equal", on_balls, x, _lift(0)) else -1


# Which way each comparison goes, given the sign of x - y: what `_exactly` decides where balls overlap.
_BY_SIGN = {"greater": lambda s: s > 0, "greater_equal": lambda s: s >= 0, "less": lambda s: s < 0,
            "less_equal": lambda s: s <= 0, "equal": lambda s: s == 0, "not_equal": lambda s: s != 0,
            "maximum": lambda s: s >= 0, "fmax": lambda s: s >= 0, "minimum": lambda s: s <= 0, "fmin": lambda s: s <= 0}
EXACT_BITS = 1 << 16  # the most bits a difference's quotient is evaluated at to find its sign


def _exactly(name, x, y):
    """The decision ``name`` (a comparison, or whether a max or min picks ``x``) takes for two `Sym` numbers
    whose balls overlap, recorded as the balls' would be: from the sign of their exact difference, 0 where
    the quotients are one function (a tie, proven), else `arb_proof_balls.sign_of`. Two numbers whose tails
    differ below the balls' digits (tanh(softplus(800)) at 800 and at 800 (1 + 2^-1130)) differ in the quotient by terms that
    cancel far less. None: undecided."""
    if x.q is None or y.q is None:
        return None
    difference = sub(x.q, y.q)
    sign = 0 if is_zero(difference) and quotients.defined_at_point() else sign_of(state(), difference, EXACT_BITS)
    if sign is None:
        return None
    answer = _BY_SIGN[name](sign)
    return _arb._decide(answer, not answer, sign == 0)


# True in a proof run whose inputs are unknowns seeded along one coordinate (`python_zero`'s path of a smooth
# piece): a tie between numbers that seed leaves still is then decided alike all along its line, no tie for it.
still = False


def _still(*operands):
    """Whether `still` holds and the seed moves none of ``operands`` (each derivative the zero function)."""
    return still and not any(type(s) is Sym and _moves(s) for s in operands)


def _untied(operands, decide):
    """``decide()``, a branch on ``operands``; a tie it records (`arb.ties`) taken back where they are `_still`, and
    beside a pole (`beside_poles`) the seeds that move them apart noted in `tied_seeds`."""
    before = _arb.tie_count()
    answer = decide()
    if _arb.tie_count() > before:
        if _still(*operands):
            _arb.untie(before)
        elif beside_poles:
            tied_seeds.update(_parting(operands))
    return answer


# Beside a pole (`beside_poles`), the seeds along which a branch taken at a tie moves its operands apart: along them the
# slope is the taken branch's, not the function's. |x1 - x0| + |x2 - x1| at x0 = x1 = x2, each |.| taken as its
# argument, reads x2 - x0, which x1 leaves still, while 1 / (|x1 - x0| + |x2 - x1|) is 1 / (2 |t|) along x1: a pole.
tied_seeds = set()


def _parting(operands):
    """The seeds along which the two ``operands`` of a tie (proof numbers or constants; one alone is compared with 0,
    as a truth test is) do not move alike (each seed where their derivative entries' difference is not proven the
    zero function of the unknown inputs)."""
    syms = [_lift(s) for s in operands]
    width = max((len(s.d) for s in syms if s.d is not None), default=0)
    entries = [[_const(0)] * width if s.d is None else list(s.d) for s in syms]
    if len(entries) == 1:
        entries.append([_const(0)] * width)
    if len(entries) != 2:
        return set(range(width))
    return {k for k, (a, b) in enumerate(zip(*entries))
            if a is None or b is None or not _zero_function(sub(a, b))}


def _decided(name, on_balls, x, y, picked=None):
    """``on_balls()``, a decision on the balls of ``x`` and ``y``; where the balls overlap (their Undecided),
    the decision ``name`` takes on the exact quotients (`_exactly`), through ``picked`` where one is given."""
    return _untied((x, y), lambda: _decided_on_balls(name, on_balls, x, y, picked))


def _decided_on_balls(name, on_balls, x, y, picked):
    try:
        return on_balls()
    except NoProof:
        raise
    except ArithmeticError:
        answer = _exactly(name, x, y)
        if answer is None:
            raise
        return answer if picked is None else picked(answer)


def _compared(name, x, y):
    """``name`` of two numbers on the balls, or exactly (`_exactly`) where the balls overlap."""
    if _infinity(x) or _infinity(y):  # a mask's -inf against a number: decided on the balls as the balls' run decides it
        return _arb.ELEMENTWISE[name](*(anchored.exact_ball(float(a)) if _infinity(a) else _lift(a).b for a in (x, y)))
    x, y = _lift(x), _lift(y)
    answer = _decided(name, lambda: _arb.ELEMENTWISE[name](x.b, y.b), x, y)
    if _arb.nan_in(x.b) or _arb.nan_in(y.b):  # a NaN compared (x != x): IEEE's answer, no tie
        return answer
    if x.b.overlaps(y.b) and not _still(x, y):  # at a tie, or beside one the balls cannot part: no constant mask
        state().tied = True
    return answer


def _pick(name, args):
    syms = [a if a is None or isinstance(a, (bool, np.bool_)) else _operand(a) for a in args]
    balls = [s.b if type(s) is Sym else s for s in syms]
    nan = [k for k, b in enumerate(balls) if _arb.nan_in(b)]  # NaN itself: log1p(-800), outside its domain
    if nan and name in _NAN_PICKS:  # IEEE's answer, which no comparison of the numbers decides
        k = _NAN_PICKS[name](nan, len(args))
        return args[k] if k is not None else syms[nan[0]]
    on_balls = lambda: _arb.ELEMENTWISE[name](*balls)  # noqa: E731
    if name in _BY_SIGN and len(syms) == 2:
        answer = _decided(name, on_balls, *syms, picked=lambda first: balls[0] if first else balls[1])
    else:
        answer = on_balls()
    picked = [k for k, (s, b) in enumerate(zip(syms, balls)) if type(s) is Sym and answer is b]
    if len(picked) > 1 and name != "clip":  # one ball for two numbers (x + 1e-300 x and x at 0): the choice tells
        if name != "where":
            picked = [0 if _arb.last_decision() else 1]
        elif isinstance(args[0], (bool, np.bool_)):
            picked = [1 if args[0] else 2]
        else:
            raise NoProof("where on a number's truth between two numbers of one ball")
    if not picked and _infinite(answer):  # a mask's -inf kept: the answer is that float
        return answer
    if not picked:
        raise NoProof(f"{name} picked no argument")
    a, s = args[picked[0]], syms[picked[0]]
    # a plain constant other than a float is picked as it is on balls too (`arb._picked_ball`): no
    # Sym, so the comparisons it meets later are decided on plain numbers, unrecorded, as there
    return s if type(a) is Sym or isinstance(a, (float, np.float16, np.float32)) else a


# How NumPy picks where an operand is NaN: maximum, minimum and clip answer the NaN; fmax and fmin the other operand
# (the first NaN where both are): the position picked, None for the NaN itself.
_NAN_PICKS = {"maximum": lambda nan, n: None, "minimum": lambda nan, n: None, "clip": lambda nan, n: None,
              "fmax": lambda nan, n: None if len(nan) == n else 1 - nan[0],
              "fmin": lambda nan, n: None if len(nan) == n else 1 - nan[0]}


def _step(name, args):
    syms = [_lift(a) for a in args]
    if len(syms) > 1:  # round to decimals: a constant off its steps (a ball where 10^-d is no binary number)
        try:
            ball = _arb.ELEMENTWISE[name](*[s.b for s in syms])
        except _arb.NoArb as refused:  # on or across a step
            raise NoProof(str(refused)) from None
        return Sym(ball, _const(ball), None if all(s.d is None for s in syms) else [_const(0)] * _width(syms))
    argument = syms[0]
    syms = [_as_its_constant(argument)]
    if syms[0] is not argument and _at_jump(name, syms[0].b):
        held_steps.append(name)  # a constant on the step's own edge, which no ball of it parts from the step
    # an exact number's step is exact even on an edge (floor of a constant 2.0): whether it jumps is `_at_jump`'s
    # (a sign off 0 on the balls' table: the branch it decides is replayed on balls one for one)
    exact = len(syms) == 1 and syms[0].b.is_exact() and (name != "sign" or syms[0].b.is_zero())
    ball = _exact_step(name, syms[0].b) if exact else _arb.ELEMENTWISE[name](*[s.b for s in syms])
    if not ball.is_exact() or (name == "sign" and syms[0].b.contains(0) and not syms[0].b.is_zero()):
        raise NoProof(f"{name} not decided")
    if all(s.d is None for s in syms):
        return Sym(ball, _const(ball))
    if not _at_jump(name, syms[0].b):
        return Sym(ball, _const(ball), [_const(0)] * _width(syms))  # slope 0 inside a step
    # at a jump: none, but along a seed that leaves the argument where it is (its slope the zero function of the
    # unknown inputs: floor(sin(x)^2 + cos(x)^2)), which stays on the step it is on
    kept = [state().symbolic and all(s.d is None or _zero_function(s.d[k]) for s in syms) for k in range(_width(syms))]
    return Sym(ball, _const(ball), [_const(0) if k else None for k in kept])


def _as_its_constant(s):
    """``s`` with the exact ball of its quotient where its ball is not exact but its quotient is a rational constant
    (sin(x)^2 + cos(x)^2, whose ball at any precision straddles 1): a step of it is then decided as the constant's."""
    if s.b.is_exact() or s.q is None or not s.q[1].is_constant():
        return s
    top = state().reduced(s.q[0]) if state().squares else s.q[0]
    if not top.is_constant():
        return s
    value = (top, s.q[1])
    return Sym(ball_of(state(), value), value, s.d)


def _exact_step(name, x):
    """floor, ceil, trunc, rint, round (to 0 decimals) or sign of the exact ball ``x``, as NumPy rounds (a half to
    even); no decision recorded (a sign at 0 is `_at_jump`'s to tell)."""
    if name == "sign":
        return x if x.is_zero() else type(x)(1 if x > 0 else -1)
    below = x.floor()
    if name == "floor" or (name == "trunc" and x >= 0):
        return below
    if name in ("ceil", "trunc"):
        return x.ceil()
    part = x - below  # rint and round: the nearer whole number, a half to the even one
    if part < 0.5 or (part == 0.5 and below.unique_fmpz() % 2 == 0):
        return below
    return below + 1


def _at_jump(name, ball):
    """Whether a step function's argument (an exact ball) sits on one of its own step points, where no slope exists
    however flat each side is: sign at 0, floor and ceil at an integer, trunc at a nonzero integer (it is 0 all
    through (-1, 1)), rint and round at a half (2.5), never at an integer (rint is flat around 2)."""
    if not ball.is_exact():
        return False  # a ball that is not one number, under an exact step: strictly inside the step
    if name == "sign":
        return ball.is_zero()
    if name in ("rint", "round"):
        twice = 2 * ball
        return bool(twice.floor() == twice) and not bool(ball.floor() == ball)
    return bool(ball.floor() == ball) and not (name == "trunc" and ball.is_zero())


def run(name, *args, **kwargs):
    """The elementwise primitive ``name`` on `Sym` numbers (and plain ones)."""
    if kwargs:
        raise NoProof(f"{name} with keyword arguments")
    if any(isinstance(a, np.ndarray) and a.ndim for a in args):  # an array beside a `Sym` (v - logsumexp(v)): entrywise
        return np.frompyfunc(lambda *entries: run(name, *entries), len(args), 1)(*args)
    if not _SMOOTH:
        _SMOOTH.update(_table())
    try:
        answer = _run(name, args)
    except quotients.PastLimits:
        held = _values_as_balls(args)
        if held is None:
            raise
        answer = _run(name, held)
    if name in _OF_SQUARES and type(answer) is Sym and _OF_SQUARES[name](*args):
        state().nonnegative[id(answer)] = answer
    if name in _SQUARE_SUMS and type(answer) is Sym:
        _note_squares(answer, _squares_of(name, args))
    return answer


_SQUARE_SUMS = frozenset(("square", "multiply", "power", "add", "divide"))  # the ops `_squares_of` follows


def _values_as_balls(args):
    """``args`` with each number's exact value an atom known by its ball, its derivative entries kept, where an op on
    them passed the proof's limits: ISO 7730's clothing temperature after three steps of its iteration, a rational
    number of thousands of digits, whose slope in the air speed is still the exact 0 of the branch a max left. At the
    point's own numbers a derivative entry is its number at the point, so an entry proven 0 over any value of the
    atoms is 0 at the one they stand for. None where the inputs are unknowns (their values' functions are then what
    is asked about) or no argument has a finite value away from 0 to hold so. From then on the run's work is counted
    (`quotients.hold_past_limits`): the derivative entries still grow with every op."""
    if state().symbolic:
        return None
    held = {}
    for a in args:
        if type(a) is Sym and id(a) not in held and a.q is not None and a.pole is None and a.b.is_finite() and (
                not a.b.contains(0)):
            held[id(a)] = Sym(a.b, state().ball_atom(a.b), a.d)
    if not held:
        return None
    quotients.hold_past_limits()
    return [held.get(id(a), a) for a in args]


def _nonnegative_here(a):
    """Whether ``a`` is >= 0 all around the point: a plain number or constant that is, or a number the program made of
    squares (`_OF_SQUARES`)."""
    if type(a) is Sym:
        return id(a) in state().nonnegative or (a.d is None and bool(a.b >= 0))
    return isinstance(a, (int, float, np.integer, np.floating)) and a >= 0


def _even(y):
    """Whether the exponent ``y`` is an even whole constant."""
    if type(y) is Sym:
        y = _constant_exponent(y)
        y = None if y is None or y != int(y) else int(y)
    return isinstance(y, (int, float, np.integer, np.floating)) and math.isfinite(y) and y == int(y) and int(y) % 2 == 0


# The ops whose answer is >= 0 all around the point, given what their arguments are: a radicand a^2 + b^2 or
# sum(x * x) / n made so is one whose root's square is the radicand again (`_tip`).
_OF_SQUARES = {
    "square": lambda x: True, "abs": lambda x: True, "sqrt": lambda x: True, "exp": lambda x: True,
    "multiply": lambda x, y: x is y or (_nonnegative_here(x) and _nonnegative_here(y)),
    "power": lambda x, y: _even(y) or (_nonnegative_here(x) and _constant_exponent(_lift(y)) is not None),
    "add": lambda x, y: _nonnegative_here(x) and _nonnegative_here(y),
    "divide": lambda x, y: _nonnegative_here(x) and _nonnegative_here(y),
}


def _run(name, args):
    """The proof number the op ``name`` answers for ``args`` (`run`'s work, before it notes an answer >= 0)."""
    if name in ("square", "multiply") and id(args[0]) in state().tips and all(a is args[0] for a in args):
        return state().tips[id(args[0])][1]  # sqrt(u)^2 is u
    if name in ("square", "multiply") and id(args[0]) in state().cones and all(a is args[0] for a in args):
        return _arccosh_squared(*state().cones[id(args[0])])
    if name == "hypot" and len(args) == 2:  # sqrt(x^2 + y^2), a cone's tip at (0, 0) as |x + iy| is
        return modulus(*args)
    if name in _SMOOTH:
        return _smooth(name, args)
    if name == "power":
        return _power(*args)
    if name in ("xlogy", "xlog1py"):
        return _xlogy(*args, shift=0 if name == "xlogy" else 1)
    if name == "abs":
        return _abs(*args)
    if name in SCALED:
        return _scaled(name, args)
    if name == "clip" and len(args) == 3:  # as the balls clip: max with the floor, then min with the ceiling,
        x, low, high = args  # so a tie at either end is decided on the exact quotients as max and min decide it
        inner = x if low is None else _pick("maximum", (x, low))
        return inner if high is None else _pick("minimum", (inner, high))
    if name in _PICKS:
        return _pick(name, args)
    if name in _COMPARISONS:
        return _compared(name, *args)
    if name in _TESTS:  # isfinite, isnan, isinf: one operand
        operand = _operand(args[0])
        return bool(getattr(np, name)(operand)) if _infinite(operand) else _arb.ELEMENTWISE[name](operand.b)
    if name in _STEPS:
        return _step(name, args)
    if name in ("real", "conj", "conjugate"):  # a `Sym` is a real number
        return _lift(args[0])
    if name == "log_ndtr":
        return _log_ndtr(_lift(args[0]))
    if name == "mod" and len(args) == 2:
        return _floor_mod(*args)
    if name in COMPLEMENTS:
        return _complement(name, args)
    if name in _LAMBERTW_BRANCHES:
        return _lambertw(name, args)
    if name in OPAQUE:
        return _opaque(name, args)
    raise NoProof(f"no proof rule for {name}")


# The upper tails written as 1 minus their lower tail (an atom of `OPAQUE`), as erfc is 1 - erf in `_SMOOTH`: a
# distribution's cdf plus its survival function (gammainc(a, x) + gammaincc(a, x)) is 1 by algebra, its slope 0.
COMPLEMENTS = {"gammaincc": "gammainc"}


def _complement(name, args):
    """``name`` of `COMPLEMENTS` on `Sym` numbers: 1 minus its lower tail, each slope the lower tail's negated; the
    ball is the function's own (1 - a ball near 1 would lose a small tail's relative digits)."""
    syms = [_lift(a) for a in args]
    ball = OPAQUE[name](*[s.b for s in syms])
    if any(s.q is None for s in syms):
        return Sym(ball, None, _beside_an_unknown(name, syms))
    lower = _opaque(COMPLEMENTS[name], syms)
    slopes = None if lower.d is None else [None if slope is None else neg(slope) for slope in lower.d]
    return Sym(ball, sub(_one(), lower.q), slopes)


def _floor_mod(x, y):
    """x mod y as NumPy takes it, x - y floor(x / y): a phase wrapped into a period (unwrap's step, an angle's 2 pi
    taken off) keeps x's exact form beside its whole number of periods, so a slope through it is proven as x's;
    where x / y is a whole number the floor may jump, and no slope is known."""
    return _run("subtract", (x, _run("multiply", (y, _run("floor", (_run("divide", (x, y)),))))))


LOG_NDTR_LEFT = -60  # left of this, parting log_ndtr's sum 1 + erf(x / sqrt 2) from 0 takes more than ~2600 bits


def _log_ndtr(x):
    """log_ndtr(x) as log((1 + erf(x / sqrt 2)) / 2), the log of ndtr as `ops_scipy` writes it (erfc(-x / sqrt 2) / 2,
    erf odd), so log_ndtr(x) meets log(ndtr(x)); left of `LOG_NDTR_LEFT`, the atom of `_opaque` (both are the function)."""
    if x.q is None or not x.b > LOG_NDTR_LEFT:
        return _opaque("log_ndtr", [x])
    root_half = inv(_sqrt(_const(2)))
    u = mul(x.q, root_half)
    cdf = mul(_half(), add(_one(), _erf(u)))
    ball = OPAQUE["log_ndtr"](x.b)
    if x.d is None:
        return Sym(ball, _log(cdf))
    density = mul(mul(_two_over_root_pi(), _exp(neg(mul(u, u)))), mul(root_half, _half()))  # the slope of cdf
    return Sym(ball, _log(cdf), _tangent([div(density, cdf)], [x]))


_LAMBERTW_BRANCHES = ("lambertw_0", "lambertw_m1")


def _lambertw(name, args):
    """A real branch of W: at its branch point, an argument whose exact quotient is -1/e, -1, where both branches
    meet (no ball settles there: every ball around -1/e holds numbers outside the real domain), with slope 0 along
    each seed that leaves the argument still all along its line (W(-exp(-1 - K t)) at t = 0, along K) and none along
    the others (W moves as the square root of its argument's move there); elsewhere an atom (`_opaque`)."""
    x = _lift(args[0])
    if x.q is None or not is_zero(add(x.q, _exp(_const(-1)))):
        return _opaque(name, args)
    tip = _lift(-1.0)
    if x.d is None:
        return tip
    return Sym(tip.b, tip.q, [_const(0) if state().symbolic and _zero_function(e) else None for e in x.d])


def _opaque(name, args):
    """``name`` of `OPAQUE` as an atom of its arguments: one number wherever the program computes it on the same
    arguments, its slope in each argument an atom of its own. Nothing about the function is assumed but its
    symmetries (`PARITIES`), so a 0 proven through it holds whatever the function is: a seed that moves none of its
    arguments (a von Mises likelihood's mean beside I0 of its concentration), two equal calls that cancel, or two
    at arguments of opposite signs (owens_t(h, a) + owens_t(h, -a), odd in a)."""
    syms = [_lift(a) for a in args]
    ball = OPAQUE[name](*[s.b for s in syms])
    if any(s.q is None for s in syms):
        return Sym(ball, None, _beside_an_unknown(name, syms))
    exact, signs = _by_parity(name, [s.q for s in syms])
    # odd in an argument that is exactly 0: the function is 0 there, whatever the others, and so its slope in them
    at_0 = next((k for k, parity in enumerate(PARITIES.get(name, ())) if parity == -1 and exact[k][0].is_zero()), None)
    answer = _const(0) if at_0 is not None else _call(name, *exact)
    answer = answer if signs[0] > 0 else neg(answer)
    if all(s.d is None for s in syms):
        return Sym(ball, answer)
    # even in an argument that is exactly 0: its slope there is 0 (every function listed is smooth in it)
    flat = {k for k, parity in enumerate(PARITIES.get(name, ())) if parity == 1 and exact[k][0].is_zero()}
    flat |= {k for k in FLAT_AT_ZERO.get(name, ()) if exact[k][0].is_zero()}
    slopes = [_const(0) if at_0 not in (None, k) or k in flat else
              _call(OPAQUE_SLOPES.get((name, k), f"d{k}/{name}"), *exact) for k in range(len(syms))]
    return Sym(ball, answer, _tangent([q if sign > 0 else neg(q) for q, sign in zip(slopes, signs[1:])], syms))


# The slopes of SciPy's functions that are another such function of the same arguments (I0' = I1), so the two meet.
OPAQUE_SLOPES = {("i0", 0): "i1"}
# The symmetries of SciPy's functions that a proof takes as atoms, one entry per argument: 1 even in it
# (f(-x) = f(x)), -1 odd (f(-x) = -f(x)), 0 neither or not known (an order, a parameter).
PARITIES = {
    "owens_t": (1, -1), "cosm1": (1,), "dawsn": (-1,), "erfinv": (-1,), "fresnel_c": (-1,), "fresnel_s": (-1,),
    "i0": (1,), "i1": (-1,), "i1e": (-1,), "j0": (1,), "j1": (-1,), "si": (-1,), "ellipkinc": (-1, 0),
    "ellipeinc": (-1, 0), "voigt_profile": (1, 0, 0), "kv": (1, 0),
}


# The arguments of SciPy's functions in which the slope is 0 where that argument is exactly 0, though the function is
# not even in it: voigt_profile at sigma = 0 is the Cauchy density, V + O(sigma^2) for sigma > 0, and SciPy's formula
# for sigma < 0 adds to it 2 Re e^(-z^2) / (sigma sqrt(2 pi)), flat to every order there where x^2 > gamma^2; where
# x^2 < gamma^2 it blows up, and at x^2 = gamma^2 it swings as 2 cos(x g / s^2) / (s sqrt(2 pi)): a one-sided 0, the
# other side's singularity the kink test's to name.
FLAT_AT_ZERO = {"voigt_profile": (1,)}


def _by_parity(name, exact):
    """``(arguments, signs)`` for an opaque call: each argument of known parity written negative made positive,
    and the signs that puts on the value and on each slope (a slope in an argument has the opposite parity in it,
    the function's own in the others)."""
    exact, signs = list(exact), [1] * (len(exact) + 1)
    for k, parity in enumerate(PARITIES.get(name, ())):
        if parity and _negative(exact[k]):
            exact[k] = neg(exact[k])
            signs = [sign * (-parity if j == k + 1 else parity) for j, sign in enumerate(signs)]
    return exact, signs


# What `arb_proof_linalg` builds its rules from: a number as a `Sym`, a constant, a slope sum, a quotient's
# name and sign, and an atom of this proof.
lift, const, tangent, name_of, negative = _lift, _const, _tangent, _name, _negative


def atom(name):
    """The atom named ``name`` in the proof that runs."""
    return state().atom(name)


def holds(a):
    """Whether ``a`` is a `Sym` or an object array holding one."""
    if type(a) is Sym:
        return True
    return isinstance(a, np.ndarray) and a.dtype == object and any(type(e) is Sym for e in a.flat)


def logsumexp(x, axis=None, keepdims=False):
    """logsumexp of `Sym` numbers over ``axis`` (all entries by default), each slot log of the sum of its exps (so
    exp of it is that sum again, and log_softmax's z - logsumexp(z) meets a logsumexp of z made elsewhere)."""
    x = np.asarray(x, dtype=object)
    if axis is None and not keepdims:
        return _logsumexp_whole(x)
    axes = tuple(range(x.ndim)) if axis is None else tuple(np.atleast_1d(axis) % max(x.ndim, 1))
    rest = [k for k in range(x.ndim) if k not in axes]
    lined = np.transpose(x, rest + list(axes)).reshape([x.shape[k] for k in rest] + [-1])
    out = np.empty(lined.shape[:-1], dtype=object)
    for index in np.ndindex(out.shape):
        out[index] = _logsumexp_whole(lined[index])
    if keepdims:
        return out.reshape([1 if k in axes else n for k, n in enumerate(x.shape)])
    return out if out.ndim else out[()]


def _logsumexp_whole(x):
    entries = [e for e in np.ravel(np.asarray(x, dtype=object)) if not _minus_infinity_all_around(e)]
    if any(_infinity(e) for e in entries):  # a mask's -inf adds exp(-inf) = 0: the sum of the others, exactly
        if any(_infinity(e) and float(e) > 0 for e in entries):
            return math.inf
        entries = [e for e in entries if not _infinity(e)]
        if not entries:
            return -math.inf
    syms = [_lift(e) for e in entries]
    balls = np.empty(len(syms), dtype=object)
    balls[:] = [s.b for s in syms]
    ball = _arb._logsumexp(balls)
    if any(s.q is None for s in syms):
        raise NoProof("logsumexp of an unknown")
    exps = [_exp(s.q) for s in syms]
    total = exps[0]
    for e in exps[1:]:
        total = add(total, e)
    answer = _log(total)
    if all(s.d is None for s in syms):
        return Sym(ball, answer)
    return Sym(ball, answer, _tangent([div(e, total) for e in exps], syms))


def _minus_infinity_all_around(e):
    """Whether ``e`` is an unknown (a log at its pole, and what it met since) whose ball is -inf and which no seed
    moves off it: every derivative entry known, so along each seed the log's argument stays its exact 0 (`_still_along`):
    log(w) - m^2 of a weight a mask's -inf made 0, whose exp is 0 all around the point, as a mask's own -inf is.
    Beside a pole (`beside_poles`) an entry is the slope beside it, not a sign of that."""
    if type(e) is not Sym or e.q is not None or beside_poles or not _infinity(e.b) or not e.b < 0:
        return False
    return e.d is None or all(entry is not None for entry in e.d)


def total(x, axis=None, keepdims=False, **options):
    """np.sum of `Sym` numbers: a whole sum's numerators over one denominator added at once, pairwise (a running sum
    of N long roots costs N^2 terms, this N log N), its answer in the shorter of its forms on the long circle
    (`arb_identities.shorter_on_circle`: the sum of a whole window's cosines is its constant); the balls added one by
    one as NumPy's sum adds them. Along an axis, of unknowns, or beside a pole: NumPy's sum of the numbers' adds."""
    x = np.asarray(x, dtype=object)
    whole = axis is None and not keepdims and not options and x.size > 1
    # real numbers only: a complex one (an exact transform's bin) adds as its own kind does
    syms = [_lift(e) for e in x.flat] if whole and all(isinstance(e, _REAL) for e in x.flat) else None
    if syms is None or beside_poles or any(s.q is None for s in syms):
        return np.sum(x, axis=axis, keepdims=keepdims, **options)
    ball = syms[0].b
    for s in syms[1:]:
        ball = _arb.ELEMENTWISE["add"](ball, s.b)
    answer = _summed([s.q for s in syms])
    moving = [s for s in syms if s.d is not None]
    if not moving:
        return Sym(ball, answer)
    slopes = [None if any(s.d[k] is None for s in moving) else _summed([s.d[k] for s in moving])
              for k in range(_width(moving))]
    out = Sym(ball, answer, slopes)
    parts = [_summands(s) for s in x.flat]
    _note_squares(out, None if any(p is None for p in parts) else tuple(t for p in parts for t in p))
    return out


_REAL = (Sym, int, float, np.integer, np.floating)


def _summed(terms):
    """The sum of the quotients ``terms``: the numerators over each denominator added pairwise, then those sums."""
    over = {}
    for num, den in terms:
        over.setdefault(str(den), (den, []))[1].append(num)
    parts = []
    for den, nums in over.values():
        while len(nums) > 1:
            nums = [a + b for a, b in zip(nums[::2], nums[1::2])] + nums[len(nums) - len(nums) % 2:]
        parts.append((identities.shorter_on_circle(nums[0]), den))
    out = parts[0]
    for part in parts[1:]:
        out = add(out, part)
    return quotients.checked(out) if len(parts) == 1 else out


def extremum(pick, name):
    """max or min of `Sym` numbers: the one the balls pick (``pick``: `arb._maximum`, `arb._minimum`), or
    where they overlap the one the op ``name`` ("maximum", "minimum") picks exactly."""

    def choose(x, y):
        if _infinite(x) or _infinite(y):  # a max's identity or a mask's -inf: its sign decides
            if _infinite(x) and _infinite(y):
                chosen = x if (float(x) >= float(y) if name == "maximum" else float(x) <= float(y)) else y
            else:
                infinity, other = (x, y) if _infinite(x) else (y, x)
                chosen = other if (float(infinity) < 0) == (name == "maximum") else infinity
            _arb._decide(chosen is x, chosen is not x)  # a decision as the balls' pick makes it: one path for both
            return _operand(chosen)
        x, y = _lift(x), _lift(y)
        return x if _decided(name, lambda: pick(x.b, y.b) is x.b, x, y) else y

    return _arb._extremum(choose)


@contextlib.contextmanager
def session(afford=None):
    """One proof run: atoms and remembered logs shared by every `Sym` made inside. ``afford(estimate)``
    (a check's `Budget.afford`) is asked before each further pass of an exact comparison (`sign_of`)."""
    global proving
    saved, proving = (proving, quotients.begin(afford)), True
    try:
        yield state()
    finally:
        proving = saved[0]
        quotients.end(saved[1])


def stepped(values, offsets, step, side, slopes=False):
    """A `Sym` for each float of ``values``, moved by ``side`` (+1 or -1) times an unknown step H along
    ``offsets`` (floats): its ball at H = ``step`` (a ball), its quotient x + side H offset, no derivatives
    (``slopes``: each its derivative along ``offsets``, the offset itself). A program's value at these on both
    sides the same function of H: its central differences are 0 at every step."""
    h = state().atom(("step",))
    number = state().number(h)
    # H in (0, step]: a factor's sign there is its sign all along the step (sqrt((1 + H)^2) is 1 + H)
    state().signs[number], state().points[number] = 1, step.union(0)
    out, still = [], {}  # the entries that do not move, equal ones one number (as `exact_jets.interned`)
    for v, t in zip(values, offsets):
        d = [_const(float(t))] if slopes else None
        if t == 0:
            v = float(v)
            if v not in still:
                still[v] = Sym(anchored.exact_ball(v), _const(v), d)
            out.append(still[v])
        else:
            ball = anchored.exact_ball(float(v)) + side * step * anchored.exact_ball(float(t))
            out.append(Sym(ball, add(_const(float(v)), mul(_const(float(side * t)), h)), d))
    return out


def seeded(values, tangents, symbolic=False):
    """A `Sym` for each float of ``values``, with ``tangents`` (a list of floats per value: its derivative along
    each seed). ``symbolic``: each input an unknown of its own rather than its rational value, so that an
    identity of the functions (tanh(x) against 1 - 2 / (1 + exp(2 x))) is seen as one in x; the point's
    own value then proves nothing (a 0 of (x - 0.4)**2 at 0.4), so a caller runs both kinds. A set of flat
    coordinates: those inputs alone unknowns, the others their numbers, so that a derivative entry the zero function
    is zero all along their line through the point (1 - x0^2 / (x0^2 + x1^2) at x1 = 0, along x0)."""
    unknown = (lambda k: True) if symbolic is True else (lambda k: bool(symbolic) and k in symbolic)
    out = [Sym(anchored.exact_ball(float(v)), state().atom(("input", k)) if unknown(k) else _const(float(v)),
               [_const(float(t)) for t in ts])
           for k, (v, ts) in enumerate(zip(values, tangents))]
    state().symbolic = state().symbolic or bool(symbolic)
    state().inputs.update((id(s), s) for s in out)
    if not symbolic:
        return out
    identities.signed([s for k, s in enumerate(out) if unknown(k)], [v for k, v in enumerate(values) if unknown(k)])
    return out


def constant(value):
    """A float constant of the program (a framework's literal) as a proof number: the exact binary number it is.

    An op on constants alone (``maximum(norm(Y), 1e-8)``) then runs on proof numbers as on the balls, deciding
    its branches as they do, and its answer is the exact function of those constants the proof can cancel.
    """
    array = np.asarray(value, dtype=np.float64)
    if array.ndim == 0:
        return _operand(float(array))
    out = np.empty(array.shape, dtype=object)
    out.flat[:] = [_operand(e) for e in array.ravel().tolist()]
    return out


def written(number=None, name=None):
    """A formula's literal (``number``, a `fractions.Fraction`) or named constant (``name``: "pi" or "e") as the
    exact number it names: 1/10 rather than a binary number near it, pi the atom a rational multiple of which
    `arb_identities` turns into a root of unity (sin(pi x) at x = 1 is 0), e the exp of 1 that exp(x) at 1 is."""
    if name == "pi":
        return Sym(_arb.ARB.pi(), identities.pi())
    if name == "e":
        return run("exp", 1)
    return run("divide", number.numerator, number.denominator)


def zeros_of(out):
    """``(value is 0, [each derivative is 0])`` of what a program returned on `Sym` numbers (False: not proven)."""
    if isinstance(out, np.ndarray):
        if out.size != 1:
            raise NoProof("not one number")
        out = out.reshape(())[()]
    if _ieee(out):
        raise NoProof("the answer is an infinity")
    if type(out) is not Sym:
        out = _lift(out)
    value = out.q is not None and is_zero(out.q)
    entries = None if out.d is None else [e is not None and (is_zero(e) or _zero_at_point(e)) for e in out.d]
    number = isinstance(out.b, _arb.ARB) and out.b.is_finite()
    if (value or any(entries or ())) and not quotients.defined_at_point(answer_is_a_number=number):
        return False, None if entries is None else [False] * len(entries)  # an identity beside the point only
    return value, entries


def _zero_at_point(q):
    """Whether the quotient ``q``'s numerator is exactly 0 at the point (`arb_proof_quotients.vanishes`: x^2
    sqrt(x + 1)'s slope 2 x sqrt(x + 1) + x^2 / (2 sqrt(x + 1)) at x = 0, a function of x whose every term holds the
    exact 0). A 0 at the point only where its denominators are nonzero there, as any."""
    return quotients.vanishes(q[0])


def same(a, b):
    """Whether two results of a program on `Sym` numbers are the same exact function (False: not proven)."""
    a, b = (_lift(x.reshape(())[()] if isinstance(x, np.ndarray) and x.size == 1 else x) for x in (a, b))
    return a.q is not None and b.q is not None and is_zero(sub(a.q, b.q))


def with_operators(cls, call, takes=None):
    """``cls`` with Python's arithmetic and comparison operators, each ``call(op name, *operands)``.

    Jets and proof numbers both answer an operator by running the op of that
    name on their own kind of number; this writes the table of operators once.
    ``takes(other)``: whether an operand is a number ``call`` takes; another kind (a traced box) gets
    NotImplemented, so its own reflected operator answers (a constant's norm on proof numbers times a
    traced one's).
    """
    for names, op in _OPERATORS:
        forward, backward = (names, None) if isinstance(names, str) else names
        setattr(cls, forward, _operator(lambda self, other, op=op: call(op, self, other), takes))
        if backward is not None:
            setattr(cls, backward, _operator(lambda self, other, op=op: call(op, other, self), takes))
    cls.__neg__ = lambda self: call("negative", self)
    return cls


def _operator(answer, takes):
    """The operator method ``answer``, giving NotImplemented for an operand ``takes`` refuses (None: takes all)."""
    if takes is None:
        return answer
    return lambda self, other: answer(self, other) if takes(other) else NotImplemented


def _takes(x):
    """Whether a proof operator takes ``x`` itself: a proof number, a plain or mpmath number, a ball, an array."""
    return (isinstance(x, (Sym, int, float, np.generic, np.ndarray)) or hasattr(x, "_mpf_")
            or (_arb is not None and isinstance(x, _arb.ARB)))


_OPERATORS = (
    (("__add__", "__radd__"), "add"), (("__sub__", "__rsub__"), "subtract"),
    (("__mul__", "__rmul__"), "multiply"), (("__truediv__", "__rtruediv__"), "divide"),
    (("__pow__", "__rpow__"), "power"), ("__gt__", "greater"), ("__ge__", "greater_equal"),
    ("__lt__", "less"), ("__le__", "less_equal"), ("__eq__", "equal"), ("__ne__", "not_equal"),
)


with_operators(Sym, run, _takes)


def _complex_constant(x):
    """``x`` as an `arb_complex.ExactComplex` where it is a complex constant of the program (a Python or NumPy
    complex, an mpmath mpc: a TF ket's 1 + 0j, a phase's pair of numbers), each part the exact number it is; else
    None."""
    if isinstance(x, (complex, np.complexfloating)):
        return as_complex(x)
    if hasattr(x, "_mpc_"):
        return ExactComplex(*(0 if not v else v for v in (x.real, x.imag)))
    return None


def _with_complex_constants(cls):
    """``cls``'s arithmetic operators taking a complex constant too (`_complex_constant`): the proof number as the
    complex number it is (its imaginary part the exact 0), the op that of `arb_complex.ExactComplex`, so a matmul of
    proof numbers and complex constants (psi @ adjoint(psi) of a state built from a complex ket) runs on proof
    numbers."""
    for names, op in _OPERATORS[:4]:
        for name, reflected in zip(names, (False, True)):
            plain, apply = getattr(cls, name), getattr(operator, name.strip("_").lstrip("r") if reflected else name)

            def method(self, other, plain=plain, apply=apply, reflected=reflected):
                z = _complex_constant(other)
                if z is None:
                    return plain(self, other)
                return apply(z, ExactComplex(self)) if reflected else apply(ExactComplex(self), z)

            setattr(cls, name, method)
    return cls


_with_complex_constants(Sym)
identities.bind(state=state, add=add, sub=sub, mul=mul, neg=neg, inv=inv, name=_name, sine=_sine, odd=_odd,
                log=_log, call=_call, log_of=_log_of, sqrt_atom=_sqrt_atom, exp_atom=_exp_atom, power=power,
                max_power=lambda: MAX_POWER, max_terms=lambda: MAX_TERMS, no_proof=NoProof)
