"""A proof number's exact quotient as a ball at any precision: its atoms evaluated from what each is the value of.

`arb_proof` keeps, beside each ball, the rational function a program computed
over atoms (exp of this, log of that). Evaluating that function term by term
gives the number with its cancellations already done by algebra: p - p (1 - t)
is p t there, a ball with all its digits where the program's own balls stay
around 0 at every precision.
"""

from __future__ import annotations

import time
from fractions import Fraction

# The functions whose atoms `ball_of` evaluates: a gradcli op's name -> the ball's method.
_BALL_METHODS = {"exp": "exp", "log": "log", "sqrt": "sqrt", "sin": "sin", "cos": "cos", "arcsin": "asin",
                 "arccos": "acos", "arctan": "atan", "arcsinh": "asinh", "arccosh": "acosh", "arctanh": "atanh",
                 "erf": "erf", "gammaln": "lgamma", "digamma": "digamma"}

# Functions a proof takes as atoms of their arguments (`arb_proof._opaque`): name -> the function on balls, filled
# by the ops that define them (`ops_scipy`), so a denominator such as I0(kappa) has a ball and is proven nonzero.
OPAQUE = {}


def binary_fraction(flint, x):
    """An mpmath number as the exact fraction it is (flint's fmpq), None for an infinity or NaN, or for a number whose
    power of 2 is longer than any proof holds (GMP aborts the process on a number too long, it raises nothing)."""
    if x._mpf_[1] and abs(x._mpf_[2]) > LONGEST_POWER:
        return None
    return exact_fraction(x, flint.fmpq)


LONGEST_POWER = 2**22  # bits: `arb_proof_quotients.MAX_SIZE`, which holds no longer number


def exact_fraction(x, rational=Fraction):
    """An mpmath number as the exact fraction it is, of the type ``rational`` (Python's Fraction, flint's fmpq);
    None for an infinity or NaN."""
    sign, mantissa, exponent, _ = x._mpf_
    if not mantissa:  # mpmath's encodings: 0 with exponent 0, inf and NaN with a nonzero one
        return None if exponent else rational(0)
    mantissa = int(mantissa)  # gmpy2's mpz where mpmath runs on gmpy2, which flint's fmpq refuses
    return rational(-mantissa if sign else mantissa) * rational(2) ** exponent


def ball_of(proof, q, points=None):
    """The ball of the quotient ``q`` of ``proof`` (a finished `session`) at flint's precision now: its atoms
    evaluated from what each is the value of, then its numerator and denominator term by term. A derivative
    the balls made as a difference of two equal-looking numbers (p - p (1 - t)) is here the quotient after
    that cancellation (p t), whose ball keeps its relative digits however small it is. LookupError for
    an atom that is no function of the point (an unknown input, a step, a decomposition's entry); ``points``
    (an atom's number -> its ball) gives the unknown inputs their values at the point."""
    import flint  # lazy: python-flint, only where a proof runs

    values = dict(points or {})

    def atom_ball(number):
        if number not in values:
            found = proof.defs.get(number)
            if found is None:
                raise LookupError("an atom that is no function of the point")
            name, args = found
            if name == "ball":
                values[number] = args
            elif name == "2/sqrt(pi)":
                values[number] = 2 / flint.arb.pi().sqrt()
            elif name == "pi":
                values[number] = flint.arb.pi()
            elif name == "euler":
                values[number] = flint.arb.const_euler()
            elif name == "pi/4":
                values[number] = flint.arb.pi() / 4
            elif name == "arctan2":
                values[number] = flint.arb.atan2(*(quotient(a) for a in args))
            elif name in ("i0e", "i1e"):  # e^-|x| I_n(x): I0 even, I1 odd
                x = quotient(args[0])
                values[number] = abs(x).bessel_i(0, scaled=True) if name == "i0e" else (-abs(x)).exp() * x.bessel_i(1)
            elif name == "slope of arccosh^2":  # 2 arccosh(x) / sqrt(x^2 - 1), analytic at x = 1, where it is 2
                x = quotient(args[0])
                values[number] = flint.arb(2) if x == 1 else 2 * x.acosh() / (x * x - 1).sqrt()
            elif name == "erf":
                values[number] = _erf(quotient(args[0]))
            elif name == "trigamma":
                values[number] = _trigamma(flint, quotient(args[0]))
            elif name == "log" and len(args) == 1:
                values[number] = _log(args[0], quotient)
            elif name in _BALL_METHODS and len(args) == 1:
                values[number] = getattr(quotient(args[0]), _BALL_METHODS[name])()
            elif name in OPAQUE:
                values[number] = OPAQUE[name](*(quotient(a) for a in args))
            else:
                raise LookupError(f"no ball for an atom of {name}")
        return values[number]

    def polynomial(poly):
        total = flint.arb(0)
        for monomial, coefficient in poly.to_dict().items():
            term = flint.arb(coefficient.p) / flint.arb(coefficient.q)
            for number, power in enumerate(monomial):
                if power:
                    term = term * (_turned(flint, proof, number, power) or _power(atom_ball(number), power))
            total = total + term
        return total

    def quotient(pair):
        value = polynomial(pair[0]) / polynomial(pair[1])
        # a proof number is real: through the long circle's root its numerator and denominator may not be
        return value.real if isinstance(value, flint.acb) else value

    return quotient(q)


def _trigamma(flint, x):
    """psi'(x) on a ball: Hurwitz's zeta(2, x) for x > 0, by the reflection pi^2 / sin^2(pi x) - psi'(1 - x) below."""
    if x > 0:
        return flint.arb(2).zeta(x)
    return flint.arb.pi() ** 2 / (flint.arb.pi() * x).sin() ** 2 - flint.arb(2).zeta(1 - x)


def _power(ball, n):
    """``ball`` to the whole power ``n`` > 0: flint's ``**``, whose radius is the power's own (a product's grows with
    each factor); by products where the ball holds 0, where flint's ``**`` is NaN (an eigenvector's entry 0 +- 1e-36
    squared in a length)."""
    if 0 not in ball:
        return ball ** n
    out = ball
    for _ in range(n - 1):
        out = out * ball
    return out


def _turned(flint, proof, number, power):
    """z^power as a complex ball where the atom ``number`` is the long circle's root z = e^(2 pi i / M)
    (`arb_identities.long_root`), its parts cos and sin of 2 pi power / M exact to the ball's precision; else None."""
    what = proof.defs.get(number)
    if what is None or what[0] != "circle":
        return None
    turn = flint.fmpq(2 * power, what[1])
    return flint.acb(flint.arb.cos_pi_fmpq(turn), flint.arb.sin_pi_fmpq(turn))


def _erf(x):
    """erf on a ball, as 1 - erfc(|x|) beyond 1 (signed): flint's erf(20) carries a radius of erfc(20)'s size at every
    precision up to 512 bits, so 1 - erf(20), a tail's probability, is no number until then and a doubling of the
    bits that leaves a radius as it was stops `sign_of`; erfc keeps its relative digits."""
    if x > 1:
        return 1 - x.erfc()
    if x < -1:
        return (-x).erfc() - 1
    return x.erf()


def _log(q, quotient):
    """log of the quotient ``q`` (``quotient``: its ball): near 1, log1p of q - 1 made exactly as (num - den) / den,
    so log(1 + x) at x = 1e-300 keeps the digits a ball of 1 + x would round away."""
    whole = quotient(q)
    if whole > 0.5 and whole < 2:
        return quotient((q[0] - q[1], q[1])).log1p()
    return whole.log()


def sign_of(proof, q, most_bits, points=None):
    """The sign of the quotient ``q``'s ball (`ball_of`, ``points`` as there) at rising precision up to ``most_bits``; None where
    no precision tells. More bits cannot tell where ``q`` holds a ball atom (a fixed radius no precision
    tightens: one evaluation, at flint's precision now) or where doubling them did not shrink the radius.
    ``proof.afford`` (the check's budget) is asked before each doubling, the last one's time its estimate."""
    import flint  # lazy: python-flint, only where a proof runs

    fixed = holds_ball(proof, q)
    saved, bits, radius = flint.ctx.prec, max(flint.ctx.prec, 64), None
    try:
        while bits <= most_bits:
            started = time.perf_counter()
            flint.ctx.prec = bits
            ball = ball_of(proof, q) if points is None else ball_of(proof, q, points)
            if ball > 0 or ball < 0:
                return 1 if ball > 0 else -1
            if fixed or (radius is not None and not ball.rad() < radius):
                return None
            radius, bits = ball.rad(), bits * 2
            proof.afford(2.5 * (time.perf_counter() - started))  # twice the bits cost ~2-3x
    except (LookupError, ArithmeticError, ValueError):
        return None
    finally:
        flint.ctx.prec = saved
    return None


def holds_ball(proof, q):
    """Whether the quotient ``q`` is a function of a "ball" atom, directly or through other atoms' arguments."""
    seen, todo = set(), [q]
    while todo:
        for poly in todo.pop():
            for number, degree in enumerate(poly.degrees()):
                if degree > 0 and number not in seen:  # a zero polynomial has degree -1 in each atom
                    seen.add(number)
                    name, args = proof.defs.get(number, (None, ()))
                    if name == "ball":
                        return True
                    todo.extend(a for a in args or () if isinstance(a, tuple))
    return False
