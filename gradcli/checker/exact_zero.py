"""Proving that an entry of a formula on balls is exactly 0 from the formula's own structure.

A ball around 0 is 0 only once its radius is below 2^-16384 (`balls`), and a
true 0 (the derivative of ``cos(x)**2 + sin(x)**2``) gets there only at 2^15
bits: most of a check's time on such formulas. Most such zeros are polynomial
identities: ``-2 sin(x) cos(x) + 2 cos(x) sin(x)``, ``exp(x) exp(-x) -
exp(x) exp(-x)``, ``sin(x) cos(y) - cos(x) sin(y)`` where x and y are the same
float. `proves_zero` rewrites the entry, at the point, as a polynomial with
exact rational coefficients whose unknowns ("atoms") are the values of the
functions it calls: the point's floats are exact rationals, so ``+ - *``,
division by a constant and integer powers are done exactly; a call is an atom
named by its function and the exact forms of its arguments (``sin(x)`` and
``sin(y)`` are one atom where x == y, as they are one number); anything else
(a division by a non-constant, a power with another exponent, a comparison) is
an atom named the same way. When the polynomial is the zero polynomial the
entry is 0 whatever the atoms' values: a proof, not an estimate. Anything it
cannot rewrite within its limits is left to the balls' own proof.

It is sound because each atom stands for one real number: the same function of
the same exact arguments. It needs every ball the entry is made of to be
finite, so that every division's denominator was proven nonzero and every
function defined at its argument.
"""

from __future__ import annotations

from ..autodiff.arb_identities import by_squaring

MAX_TERMS = 64  # a polynomial with more terms is not expanded further: the balls' proof takes over
MAX_POWER = 32  # the largest integer power expanded
MAX_COEFFICIENT_BITS = 1 << 16  # a coefficient larger than this is not worth exact arithmetic


class _NoProof(Exception):
    """No proof either way: the expansion passed its limits."""


class _NotFinite(Exception):
    """A ball of the entry is not finite: a division or a function may be undefined there."""


def proves_zero(program, index, point, balls_of):
    """Whether root ``index`` of ``program`` (a `balls.Program`) is exactly 0 at ``point`` ({name: float}).

    ``balls_of`` maps each step's key to its ball at the point (a pass of the
    balls): every ball of the root's nodes must be finite. False means no proof
    (the entry may still be 0: the balls' radius decides that); None, no proof
    yet: a ball is not finite at this precision.
    """
    try:
        return not _Expansion(point).of(program, index, balls_of)
    except _NotFinite:
        return None
    except _NoProof:
        return False


class _Expansion:
    """The exact polynomials of a program's nodes at one point, atoms numbered as met."""

    def __init__(self, point):
        from flint import fmpq

        self.fmpq = fmpq
        self.point = point
        self.atoms = {}  # an atom's name -> its number

    def of(self, program, index, balls_of):
        """The polynomial of root ``index`` ({monomial: coefficient}; {} is 0)."""
        polys = {}
        for key in program.reaching(index):
            ball = balls_of[key]
            if not _finite(ball):
                raise _NotFinite(key)
            node = program.nodes[key]
            polys[key] = self._node(node, [polys[id(c)] for c in node.children()])
        return polys[program.keys[index]]

    def _node(self, node, args):
        kind = type(node).__name__
        if kind == "Num":
            return self._constant(self.fmpq(node.exact.numerator, node.exact.denominator))
        if kind == "Var":
            return self._constant(self.fmpq(*float(self.point[node.name]).as_integer_ratio()))
        if kind == "Const":
            return self._atom(("const", node.name))
        if kind == "Unary":
            return _negate(args[0]) if node.op == "-" else args[0]
        if kind == "Binary":
            return self._binary(node.op, *args)
        if kind == "Compare":
            return self._atom(("compare", node.op, _name(args[0]), _name(args[1])))
        if kind == "Call":
            return self._atom(("call", node.name) + tuple(_name(a) for a in args))
        raise _NoProof(f"an IR node of kind {kind}")

    def _binary(self, op, left, right):
        if op == "+":
            return _add(left, right)
        if op == "-":
            return _add(left, _negate(right))
        if op == "*":
            return _multiply(left, right)
        if op == "/":
            return _multiply(left, self._inverse(right))
        if op == "**":
            exponent = _constant_of(right)
            if exponent is not None and exponent.q == 1 and abs(int(exponent.p)) <= MAX_POWER:
                n = int(exponent.p)
                base = left if n >= 0 else self._inverse(left)
                return _power(base, abs(n), self.fmpq(1))
        return self._atom(("binary", op, _name(left), _name(right)))

    def _inverse(self, poly):
        """1/poly: a constant or a single term inverted exactly, else an atom (the ball of poly excluded 0)."""
        if len(poly) == 1:
            (monomial, coefficient), = poly.items()
            if coefficient != 0:
                return {tuple((atom, -power) for atom, power in monomial): 1 / coefficient}
        return self._atom(("inverse", _name(poly)))

    def _constant(self, value):
        _check_size(value)
        return {(): value} if value != 0 else {}

    def _atom(self, name):
        number = self.atoms.setdefault(name, len(self.atoms))
        return {((number, 1),): self.fmpq(1)}


def _finite(ball):
    is_finite = getattr(ball, "is_finite", None)
    return True if is_finite is None else is_finite()  # a comparison's answer is a bool


def _name(poly):
    """A polynomial as a hashable name: equal names, equal numbers."""
    return tuple(sorted(poly.items()))


def _constant_of(poly):
    """The rational a polynomial is, or None when an atom is in it."""
    from flint import fmpq

    if not poly:
        return fmpq(0)
    if len(poly) == 1 and () in poly:
        return poly[()]
    return None


def _check_size(value):
    if int(value.p).bit_length() > MAX_COEFFICIENT_BITS or int(value.q).bit_length() > MAX_COEFFICIENT_BITS:
        raise _NoProof("a coefficient too large")


def _negate(poly):
    return {m: -c for m, c in poly.items()}


def _add(left, right):
    out = dict(left)
    for monomial, coefficient in right.items():
        total = out.get(monomial, 0) + coefficient
        if total == 0:
            out.pop(monomial, None)
        else:
            out[monomial] = total
    if len(out) > MAX_TERMS:
        raise _NoProof("too many terms")
    return out


def _multiply(left, right):
    out = {}
    for m1, c1 in left.items():
        for m2, c2 in right.items():
            monomial = _times(m1, m2)
            total = out.get(monomial, 0) + c1 * c2
            if total == 0:
                out.pop(monomial, None)
            else:
                _check_size(total)
                out[monomial] = total
        if len(out) > MAX_TERMS:
            raise _NoProof("too many terms")
    return out


def _times(m1, m2):
    """The product of two monomials (sorted tuples of (atom, power), no power 0)."""
    if not m1:
        return m2
    if not m2:
        return m1
    powers = dict(m1)
    for atom, power in m2:
        total = powers.get(atom, 0) + power
        if total:
            powers[atom] = total
        else:
            del powers[atom]
    return tuple(sorted(powers.items()))


def _power(base, n, one):
    return by_squaring(base, n, {(): one}, _multiply)
