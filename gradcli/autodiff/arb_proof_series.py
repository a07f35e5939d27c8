"""The limit of a proof's quotient as its unknown step H falls to 0, from truncated power series in H.

`python_zero.slope_tends_to_0` proves a slope 0 by the mean value theorem: the derivative beside the point, a
quotient in H (`arb_proof.stepped`), tends to 0 as H falls to 0. Where that quotient's numerator and denominator
both vanish at H = 0 (a removable singularity: the slope of (1 - e^-(k + H) t) / H, whose value at H = 0 a `where`
supplies), its limit is the ratio of the first coefficients of their series in H that are not both 0. Each atom that
is a function of H is expanded as such a series, its coefficients quotients of the atoms that are not (exp(c H) is
the sum of (c H)^n / n!), so the cancellations are exact, as the quotients' own are. Only the functions whose
argument at H = 0 is the rational number a series starts from are expanded (exp, sin, cos, arctan at 0; log and
sqrt at 1); an atom of H that is anything else leaves the limit unknown (None).
"""

from __future__ import annotations

from fractions import Fraction
from math import comb, factorial

from .arb_proof_balls import ball_of
from .arb_proof_quotients import is_zero

TERMS = 12  # the orders of H kept: a removable singularity of a program's own algebra is of low order
MOST_TERMS = 256  # a quotient with more terms is not expanded: each term costs products of series


def _taylor(name, n):
    """The n-th Taylor coefficient of the function ``name`` about the number its series starts from, or None."""
    if name == "exp":
        return Fraction(1, factorial(n))
    if name == "sin":
        return Fraction((-1) ** (n // 2), factorial(n)) if n % 2 else Fraction(0)
    if name == "cos":
        return Fraction(0) if n % 2 else Fraction((-1) ** (n // 2), factorial(n))
    if name == "arctan":
        return Fraction((-1) ** (n // 2), n) if n % 2 else Fraction(0)
    if name == "log":
        return Fraction((-1) ** (n + 1), n) if n else Fraction(0)
    if name == "sqrt":  # the binomial series of (1 + r)^(1/2)
        return Fraction(comb(2 * n, n) * (-1) ** (n + 1), 4**n * (2 * n - 1))
    return None


_STARTS = {"exp": 0, "sin": 0, "cos": 0, "arctan": 0, "log": 1, "sqrt": 1}  # the argument each series starts from


class _Series:
    """Truncated power series in H over one proof's quotients of the atoms that are no function of H."""

    def __init__(self, proof, step, points):
        self.proof, self.step, self.points = proof, step, points
        self.zero, self.one = (proof.zero, proof.one), (proof.one, proof.one)
        self.moving = self._moving()
        self.atoms = {}  # an atom's number -> its series
        self.powers = {}  # (an atom's number, power) -> the series

    def _moving(self):
        """The numbers of H and of each atom whose argument holds one of them: the functions of H."""
        moving = {self.step}
        for number in sorted(self.proof.defs):
            _, args = self.proof.defs[number]
            parts = [p for a in (args if isinstance(args, tuple) else ()) if isinstance(a, tuple) for p in a]
            if any(getattr(p, "degrees", None) and any(p.degrees()[m] for m in moving) for p in parts):
                moving.add(number)
        return moving

    def coefficient(self, a, b):
        """The quotient a / b of two polynomials, reduced."""
        if not b.is_constant():
            common = a.gcd(b)
            if not common.is_one() and not common.is_zero():
                a, b = a / common, b / common
        return (a, b)

    def add(self, x, y):
        return self.coefficient(x[0] * y[1] + y[0] * x[1], x[1] * y[1])

    def mul(self, x, y):
        return self.coefficient(x[0] * y[0], x[1] * y[1])

    def zero_coefficient(self, c):
        return c[0].is_zero() or is_zero(c)

    def times(self, s, t):
        out = [self.zero] * TERMS
        for i, a in enumerate(s):
            if self.zero_coefficient(a):
                continue
            for j in range(TERMS - i):
                if not self.zero_coefficient(t[j]):
                    out[i + j] = self.add(out[i + j], self.mul(a, t[j]))
        return out

    def power(self, number, k):
        if (number, k) not in self.powers:
            self.powers[(number, k)] = self.atom(number) if k == 1 else self.times(self.power(number, k - 1),
                                                                                    self.atom(number))
        return self.powers[(number, k)]

    def of_polynomial(self, poly):
        """The series of a polynomial in the proof's atoms."""
        out = [self.zero] * TERMS
        for monomial, c in poly.to_dict().items():
            still = tuple(0 if m in self.moving else e for m, e in enumerate(monomial))
            term = [(self.proof.ctx.from_dict({still: c}), self.proof.one)] + [self.zero] * (TERMS - 1)
            for m, e in enumerate(monomial):
                if e and m in self.moving:
                    term = self.times(term, self.power(m, e))
            out = [self.add(a, b) for a, b in zip(out, term)]
        return out

    def of_quotient(self, q):
        """The series of the quotient ``q``, None where its denominator's at H = 0 is not proven nonzero."""
        num, den = self.of_polynomial(q[0]), self.of_polynomial(q[1])
        if not self.nonzero(den[0]):
            return None
        inverse = [(den[0][1], den[0][0])]
        for n in range(1, TERMS):
            total = self.zero
            for k in range(1, n + 1):
                total = self.add(total, self.mul(den[k], inverse[n - k]))
            inverse.append(self.mul((-total[0], total[1]), inverse[0]))
        return self.times(num, inverse)

    def nonzero(self, c):
        try:
            ball = ball_of(self.proof, c, self.points)
        except (LookupError, ArithmeticError, ValueError):
            return False
        return ball.is_finite() and not ball.contains(0)

    def atom(self, number):
        """The series of H or of an atom of H; `_Unknown` where its function has no series here."""
        if number == self.step:
            return [self.zero, self.one] + [self.zero] * (TERMS - 2)
        if number not in self.moving:
            return [(self.proof.gens[number], self.proof.one)] + [self.zero] * (TERMS - 1)
        if number not in self.atoms:
            name, args = self.proof.defs[number]
            start = _STARTS.get(name)
            argument = self.of_quotient(args[0]) if start is not None and len(args) == 1 else None
            if argument is None or not is_zero(self.add(argument[0], (self.proof.ctx.constant(-start),
                                                                        self.proof.one))):
                raise _Unknown(name)
            rest = [self.zero] + argument[1:]  # the argument less its start, a series of order 1
            out, term = [self.zero] * TERMS, [self.one] + [self.zero] * (TERMS - 1)
            for n in range(TERMS):
                c = _taylor(name, n)
                if c:
                    scale = (self.proof.ctx.constant(self.proof.flint.fmpq(c.numerator, c.denominator)),
                             self.proof.one)
                    out = [self.add(a, self.mul(scale, b)) for a, b in zip(out, term)]
                term = self.times(term, rest)
            self.atoms[number] = out
        return self.atoms[number]


class _Unknown(ArithmeticError):
    """An atom of H whose function or argument has no series here."""


def limit(proof, step, q, points):
    """The ball of the quotient ``q`` of ``proof`` (a running session) as the atom numbered ``step``, H, falls to 0:
    the ratio of the first coefficients of its numerator's and denominator's series in H where the denominator's is
    proven nonzero (``points``: the balls of atoms that are no function of the point, H's among them at 0), every
    lower one of the numerator's the exact 0; the exact 0 where that coefficient of the numerator is. None where no
    coefficient within `TERMS` decides, an atom of H has no series here, a lower coefficient of the numerator is
    not the exact 0 (the quotient has no finite limit, or none proven), or the quotient passes `MOST_TERMS`."""
    import flint  # lazy: python-flint, only where a proof runs

    if len(q[0]) + len(q[1]) > MOST_TERMS:
        return None
    series = _Series(proof, step, points)
    try:
        num, den = series.of_polynomial(q[0]), series.of_polynomial(q[1])
    except _Unknown:
        return None
    for n in range(TERMS):
        if series.zero_coefficient(den[n]):
            if not series.zero_coefficient(num[n]):
                return None
            continue
        if not series.nonzero(den[n]):
            return None
        if series.zero_coefficient(num[n]):
            return flint.arb(0)
        try:
            return ball_of(proof, num[n], points) / ball_of(proof, den[n], points)
        except (LookupError, ArithmeticError, ValueError):
            return None
    return None
