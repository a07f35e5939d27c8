"""A proof number's exact quotient as a ball at any precision: its atoms evaluated from what each is the value of.

`arb_proof` keeps, beside each ball, the rational function a program computed
over atoms (exp of this, log of that). Evaluating that function term by term
gives the number with its cancellations already done by algebra: p - p (1 - t)
is p t there, a ball with all its digits where the program's own balls stay
around 0 at every precision.
"""

from __future__ import annotations

# The functions whose atoms `ball_of` evaluates: a gradcli op's name -> the ball's method.
_BALL_METHODS = {"exp": "exp", "log": "log", "sqrt": "sqrt", "sin": "sin", "cos": "cos", "arcsin": "asin",
                 "arccos": "acos", "arctan": "atan", "arcsinh": "asinh", "arccosh": "acosh", "arctanh": "atanh",
                 "erf": "erf", "gammaln": "lgamma", "digamma": "digamma"}


def ball_of(proof, q):
    """The ball of the quotient ``q`` of ``proof`` (a finished `session`) at flint's precision now: its atoms
    evaluated from what each is the value of, then its numerator and denominator term by term. A derivative
    the balls made as a difference of two equal-looking numbers (p - p (1 - t)) is here the quotient after
    that cancellation (p t), whose ball keeps its relative digits however small it is. LookupError for
    an atom that is no function of the point (an unknown input, a step, a decomposition's entry)."""
    import flint  # lazy: python-flint, only where a proof runs

    values = {}

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
            elif name == "pi/4":
                values[number] = flint.arb.pi() / 4
            elif name == "arctan2":
                values[number] = flint.arb.atan2(*(quotient(a) for a in args))
            elif name in _BALL_METHODS and len(args) == 1:
                values[number] = getattr(quotient(args[0]), _BALL_METHODS[name])()
            else:
                raise LookupError(f"no ball for an atom of {name}")
        return values[number]

    def polynomial(poly):
        total = flint.arb(0)
        for monomial, coefficient in poly.to_dict().items():
            term = flint.arb(coefficient.p) / flint.arb(coefficient.q)
            for number, power in enumerate(monomial):
                if power:
                    term = term * atom_ball(number) ** power
            total = total + term
        return total

    def quotient(pair):
        return polynomial(pair[0]) / polynomial(pair[1])

    return quotient(q)
