"""The difference of two polynomial parts of a formula, like terms combined, as sympy writes it, without sympy.

The conjugate fix writes ``sqrt(a) - sqrt(b)`` as ``(a - b)/(sqrt(a) +
sqrt(b))``, with ``a - b`` in the form sympy gives when it builds the
difference (``x + 1 - x`` is ``1``). When ``a`` and ``b`` are sums of
products of numbers and variables, that form is the exact polynomial
difference: sympy combines like terms, multiplies out a number times a sum
and a number's integer power, and leaves a product of two sums as it is.
`difference_text` computes that polynomial with exact rationals and, where it
is linear with integer coefficients, writes it as sympy's printer does (its
terms by variable name, the number last, except ``1 - x``), so that an audit
worker meeting the fix needs no sympy (a third of a second to import).
Everything else, including every text this would have to guess at, answers
None, and the caller asks sympy.
"""

from __future__ import annotations

from fractions import Fraction

from .ir import Binary, Num, Unary, Var, postorder

# Beyond these the caller asks sympy, which bounds what it computes in its own way (`to_sympy`).
_MAX_NODES = 200
_MAX_DEGREE = 64
_MAX_TERMS = 64
_MAX_DIGITS = 40


def difference_text(a, b):
    """``a - b`` (IR nodes) as sympy writes the difference, in parentheses unless it is a number or a variable; else None.

    None unless both are polynomials (`polynomial`) and their difference is
    linear with integer coefficients (any rational constant term): the texts
    whose every detail is certain without sympy.
    """
    if sum(1 for _ in postorder(a)) + sum(1 for _ in postorder(b)) > _MAX_NODES:
        return None
    left, right = polynomial(a), polynomial(b)
    if left is None or right is None:
        return None
    return _linear_text(_sum(left, right, -1))


def _linear_text(terms):
    """sympy's text of a linear polynomial with integer coefficients (``str`` of its Add), in parentheses unless an atom."""
    constant = terms.get((), Fraction(0))
    variables = sorted((m[0][0], c) for m, c in terms.items() if m)
    if any(len(m) != 1 or m[0][1] != 1 for m in terms if m) or any(c.denominator != 1 for _, c in variables):
        return None
    printed = [("-" if c < 0 else "+", name if abs(c) == 1 else f"{abs(c)}*{name}") for name, c in variables]
    if constant or not printed:
        number = str(abs(constant.numerator)) + ("" if constant.denominator == 1 else f"/{constant.denominator}")
        # sympy writes a positive number first before a single variable taken away (1 - x); else last (x + 1).
        first = len(printed) == 1 and constant > 0 and printed[0][0] == "-"
        printed.insert(0 if first else len(printed), ("-" if constant < 0 else "+", number))
    text = " ".join(f"{sign} {t}" for sign, t in printed).removeprefix("+ ")
    text = "-" + text[2:] if text.startswith("- ") else text
    atom = not variables or (len(variables) == 1 and not constant and variables[0][1] == 1)
    return text if atom else f"({text})"


def polynomial(node):
    """``node`` as ``{monomial: coefficient}`` where sympy would hold it as that polynomial, else None.

    A monomial is a sorted tuple of ``(variable, power)``; the constant term's
    is ``()``; terms that cancel are dropped. None for what sympy keeps
    unexpanded or does not build as a polynomial: functions, constants such
    as pi, a division by anything but a non-zero number, a product of two
    factors neither of which is a single term, a power other than a positive
    integer one of a single term, and anything past the size bounds.
    """
    values = {}
    for n in postorder(node):
        if isinstance(n, Num):
            out = {(): n.exact} if n.exact else {}
        elif isinstance(n, Var):
            out = {((n.name, 1),): Fraction(1)}
        elif isinstance(n, Unary) and n.op in ("+", "-"):
            out = _scaled(values[id(n.operand)], -1 if n.op == "-" else 1)
        elif isinstance(n, Binary):
            out = _binary(n, values[id(n.left)], values[id(n.right)])
        else:
            out = None
        if out is None or not _small(out):
            return None
        values[id(n)] = out
    return values[id(node)]


def _binary(node, left, right):
    if left is None or right is None:
        return None
    if node.op in ("+", "-"):
        return _sum(left, right, 1 if node.op == "+" else -1)
    if node.op == "*":
        return _product(left, right)
    if node.op == "/":
        divisor = _constant(right)
        return None if not divisor else _scaled(left, 1 / divisor)
    if node.op == "**":
        exponent = _constant(right)
        if exponent is None or exponent.denominator != 1 or not 1 <= exponent <= _MAX_DEGREE or len(left) > 1:
            return None
        return {_power(m, int(exponent)): c ** int(exponent) for m, c in left.items()}
    return None


def _constant(terms):
    """The number a polynomial is, or None if it has a variable."""
    if not terms:
        return Fraction(0)
    return terms[()] if list(terms) == [()] else None


def _sum(left, right, sign):
    out = dict(left)
    for monomial, coefficient in right.items():
        total = out.get(monomial, 0) + sign * coefficient
        if total:
            out[monomial] = total
        else:
            out.pop(monomial, None)
    return out


def _scaled(terms, factor):
    return {m: c * factor for m, c in terms.items()} if factor else {}


def _product(left, right):
    """The product where sympy multiplies it out: a number times a polynomial, or a term times a term."""
    for one, other in ((left, right), (right, left)):
        number = _constant(one)
        if number is not None:
            return _scaled(other, number)
    if len(left) != 1 or len(right) != 1:
        return None  # sympy keeps (x + 1)*y as a product
    ((m, c), (n, d)) = (*left.items(), *right.items())
    powers = dict(m)
    for name, power in n:
        powers[name] = powers.get(name, 0) + power
    return {tuple(sorted(powers.items())): c * d}


def _power(monomial, k):
    return tuple((name, power * k) for name, power in monomial)


def _small(terms):
    """Within the bounds that keep this cheap and inside what sympy computes without refusing."""
    if len(terms) > _MAX_TERMS:
        return False
    for monomial, coefficient in terms.items():
        if sum(p for _, p in monomial) > _MAX_DEGREE:
            return False
        if max(abs(coefficient.numerator), coefficient.denominator) >= 10**_MAX_DIGITS:
            return False
    return True
