"""The exact numbers of a proof (`arb_proof`): quotients of polynomials over atoms, and the atoms themselves.

A quotient is a pair (numerator, denominator) of flint polynomials with exact
rational coefficients, whose unknowns ("atoms") stand for the values of the
functions a program calls, each one function of one exact argument, numbered as
met in one proof run (`_Proof`). ``+ - * /`` and integer powers on them are
exact; each atom comes in the normal form of `arb_identities`, so two equal
numbers written alike are one quotient. A division records its denominator
(`_Proof.denominators`): an identity of quotients holds where none of them is 0,
so a 0 is proven at the point only once each is proven nonzero there
(`defined_at_point`).
"""

from __future__ import annotations

import itertools

import numpy as np

from . import arb_identities as identities
from .arb_proof_balls import ball_of, binary_fraction, sign_of

ATOMS = 256  # the unknowns a proof may use
MAX_TERMS = 2000  # a numerator or denominator with more terms is not worth a proof
# A quotient whose terms times its leading coefficients' bits pass this is not worth a proof: a loop squaring an exact
# number doubles its bits each trip (50 trips of a logistic map: 2^50 times a float's), and a product of two costs
# terms^2 multiplications of numbers that long.
MAX_SIZE = 2**22
REDUCE_TERMS = 64  # above this many terms a quotient is reduced by the gcd of its parts
MAX_POWER = 64  # the largest integer power expanded

_state = None  # the `_Proof` that runs (`begin`)


def state():
    """The `_Proof` that runs (None outside a proof)."""
    return _state


def begin(afford=None):
    """Start a proof run (its `_Proof`), returning the one it replaces, which `end` puts back."""
    global _state
    saved, _state = _state, _Proof(afford)
    return saved


def end(saved):
    """Put back the proof run ``begin`` replaced."""
    global _state
    _state = saved


_RING = []  # (flint's polynomial context over the atoms, its generators): made once, shared by every proof run


def _ring():
    """The polynomials' context and its `ATOMS` generators, the same for every proof run: a check starts thousands
    of runs, and making the 256 generators costs ~0.4 ms (no op of a proof changes a polynomial in place)."""
    if not _RING:
        import flint

        ctx = flint.fmpq_mpoly_ctx.get(("a", ATOMS), "deglex")
        _RING.append((ctx, ctx.gens()))
    return _RING[0]


def binary(flint, mantissa, exponent):
    """mantissa * 2^exponent as flint's exact rational; PastLimits where the power of 2 alone is longer than a proof may
    hold (a difference step of 2^-10^10: GMP aborts the process on a number that long, it raises nothing)."""
    if abs(int(exponent)) > MAX_SIZE:
        raise PastLimits("numbers too long")
    return flint.fmpq(int(mantissa)) * flint.fmpq(2) ** int(exponent)


class NoProof(ArithmeticError):
    """No proof either way: an op without a rule here, a float taken out, or a limit passed."""


class PastLimits(NoProof):
    """An exact quotient with more terms or longer numbers than a proof may hold."""


class _Proof:
    """The polynomial ring of one proof run and its atoms, numbered as met."""

    def __init__(self, afford=None):
        import flint

        self.afford = afford or (lambda estimate: None)  # raises past the check's budget (`session`)
        self.flint = flint
        self.ctx, self.gens = _ring()
        self.atoms = {}  # an atom's name -> its generator
        self.numbers = {}  # an atom's generator (as text) -> its number
        self.exps = {}  # an exp atom's number -> its argument (a quotient)
        self.answers = {}  # (op, identities of its arguments) -> (arguments, answer): see `_smooth`
        self.squares = {}  # an atom's number -> the polynomial its square is (sin^2 = 1 - cos^2, sqrt(q)^2 = q)
        self.degrees = {}  # an atom's number -> the power its rule in `squares` is of, where not 2 (c^2 for cos(2 pi/5))
        self.circles = {}  # n -> the atoms cos and sin of 2 pi / n and their Chebyshev polynomials (`arb_identities`)
        self.field = None  # the n whose circle holds the run's roots of unity (`arb_identities.root_of_unity`)
        self.long_circle = None  # (z, M): the root of a long order M whose powers longer roots are (`long_root`)
        self.logs = {}  # a log atom (as text) -> the quotient it is the log of: exp of it is that quotient again
        self.kept = []  # objects an atom is named after by identity, kept alive
        self.defs = {}  # an atom's number -> what it is the value of, for `ball_of`: (function, argument quotients)
        self.signs = {}  # an atom's number -> its sign where a symbolic input's value gave it (`arb_identities`)
        self.points = {}  # a symbolic input's atom number -> its value's exact ball: signs of polynomials at the point
        self.factored = {}  # a polynomial (as text) -> its factors (`arb_identities.factors`), each factored once
        self.units = {}  # (kind, a direction's name) -> its unit's denominator D: sin(k x / D), exp(k x / D)
        self.substitutions = {}  # an atom's number -> the polynomial it is in a finer unit's atoms (`arb_identities.unit`)
        self.constant_directions = []  # the constants sin and cos met, each the direction of its small multiples
        self.kinked = set()  # the numbers of atoms standing for repeated eigenvalues: no function of the matrix alone
        self.tips = {}  # id of a sqrt(u) at u = 0 (a cone's tip, no slope) -> (it, u): its even powers are u's
        self.cones = {}  # id of an arccosh(x) at x = 1 (a cone's tip, no slope) -> (it, x): its square is smooth
        self.nonnegative = {}  # id of a number the program made of squares (>= 0 all around the point) -> it
        self.square_sums = {}  # id of a sum of weighted even powers -> (it, its terms): see `arb_proof.cone_slopes`
        self.roots = {}  # id of a sqrt(u) at u = 0 (`arb_proof._tip`) -> (it, u)
        self.inputs = {}  # id of an input number (`arb_proof.seeded`) -> it: its derivative entries are its seeds
        self.denominators = []  # every polynomial divided by (`inv`): each must be nonzero at the point
        self.sides = set()  # the numbers of sign atoms (s^2 = 1) that stand for either side of a kink (`_nonzero`)
        self.tied = False  # whether a comparison met balls that overlap: its answer is no constant mask
        self.symbolic = False  # the inputs are unknowns (`arb_proof.seeded`): a derivative is a function of them
        self.nonzero = {}  # a denominator (as text) -> whether it is proven nonzero at the point
        self.work_left = None  # products of terms left to multiply, once numbers past the limits are held as balls
        self.zero = self.ctx.from_dict({})
        self.one = self.ctx.constant(1)

    def atom(self, name, square=None):
        """The atom named ``name``; new, it may come with what its square is (``square(number)``: a polynomial
        in atoms made before it), an identity `is_zero` applies."""
        found = self.atoms.get(name)
        if found is None:
            if len(self.atoms) >= ATOMS:
                raise NoProof("more atoms than a proof may use")
            number = len(self.atoms)
            found = self.atoms[name] = self.gens[number]
            self.numbers[str(found)] = number
            if square is not None:
                rule = square(number)
                if rule is not None:
                    self.squares[number] = rule
        return (found, self.one)

    def number(self, atom):
        return self.numbers[str(atom[0])]

    def reduced(self, poly):
        """``poly`` with every atom's square that has an identity replaced, later atoms first: a normal form,
        since each identity's leading monomial (the later atom squared, in lex order) shares no atom with another's."""
        poly = identities.substituted(poly)
        for number in sorted(self.squares, reverse=True):
            rule, degree = self.squares[number], self.degrees.get(number, 2)
            # again while a power is left: a rule may hold lower powers of its own atom (a minimal polynomial's)
            while poly.degrees()[number] >= degree:
                # the terms grouped by how many times the rule's power divides them: one product per group
                groups = {}
                for monomial, coefficient in poly.to_dict().items():
                    kept = list(monomial)
                    times, kept[number] = divmod(monomial[number], degree)
                    groups.setdefault(times, {})[tuple(kept)] = coefficient
                out = self.zero
                for times, group in groups.items():
                    out = out + self.ctx.from_dict(group) * rule**times
                    if len(out) > MAX_TERMS:
                        raise PastLimits("too many terms")
                poly = out
        return poly

    def ball_atom(self, x):
        """The finite ball ``x`` as an atom of its own: a number known only by its ball, no function of the inputs."""
        self.kept.append(x)
        found = self.atom(("ball", id(x)))
        self.defs[self.number(found)] = ("ball", x)
        return found

    def constant(self, x):
        """A number from the program (a float, an int, an exact ball) as a quotient; an inexact ball is an atom."""
        if isinstance(x, (bool, np.bool_)):
            x = int(x)  # a mask decided at the point (`arb_proof.lift` refuses one decided at a tie)
        if isinstance(x, self.flint.arb):
            if not x.is_finite():
                raise NoProof("a constant that is not finite")
            if not x.is_exact():
                return self.ball_atom(x)
            value = binary(self.flint, *x.mid().man_exp())
        elif isinstance(x, (int, np.integer)):
            value = self.flint.fmpq(int(x))
        elif isinstance(x, (float, np.floating)):
            if not np.isfinite(x):
                raise NoProof("a constant that is not finite")
            value = self.flint.fmpq(*float(x).as_integer_ratio())
        elif hasattr(x, "_mpf_"):  # an input held out of --wrt reaches the program as mpmath's (binary, exact)
            value = binary_fraction(self.flint, x)
            if value is None:
                raise NoProof("a constant that is not finite, or longer than a proof holds")
        else:
            raise NoProof(f"a {type(x).__name__} where a number is wanted")
        return (self.ctx.constant(value), self.one)


# -- quotients of polynomials: (numerator, denominator) ----------------------------------------


def _checked(q):
    num, den = q
    if _state.substitutions:  # atoms of a coarser unit, rewritten in the finer one's (`arb_identities.unit`)
        num, den = identities.substituted(num), identities.substituted(den)
    if len(num) > MAX_TERMS or len(den) > MAX_TERMS:
        raise PastLimits("too many terms")
    if (len(num) + len(den)) * (_bits(num) + _bits(den)) > MAX_SIZE:
        raise PastLimits("numbers too long")
    if len(num) + len(den) > REDUCE_TERMS and not den.is_constant():
        common = num.gcd(den)
        if not common.is_one():
            num, den = num / common, den / common
    if den.is_constant() and not den.is_one():
        num, den = num * (1 / den.leading_coefficient()), _state.one
    return num, den


def _bits(poly):
    """The bits of ``poly``'s longest coefficient (its height: the longer of its numerator and denominator; 0 for
    0): a polynomial in atoms may lead with a short coefficient beside a constant of a million bits."""
    if len(poly) <= 1:
        return poly.leading_coefficient().height_bits() if len(poly) else 0
    return max(c.height_bits() for c in poly.coeffs())


def add(a, b):
    if a[1] == b[1]:
        return _checked((a[0] + b[0], a[1]))
    _afford(a[0], b[1], b[0], a[1], a[1], b[1])
    return _checked((a[0] * b[1] + b[0] * a[1], a[1] * b[1]))


def neg(a):
    return (-a[0], a[1])


def sub(a, b):
    return add(a, neg(b))


def mul(a, b):
    _afford(a[0], b[0], a[1], b[1])
    return _checked((a[0] * b[0], a[1] * b[1]))


def _afford(*factors):
    """Count the products of terms the products of ``factors`` (taken in pairs) take against a proof run held past
    its limits (`hold_past_limits`); PastLimits once its work is spent."""
    if _state.work_left is None:
        return
    for p, r in zip(factors[::2], factors[1::2]):
        _state.work_left -= len(p) * len(r) * (1 + (_bits(p) + _bits(r)) // 64)
    if _state.work_left < 0:
        raise PastLimits("too much work past the limits")


# Products of terms a proof run may still multiply once it holds numbers past its limits as their balls: ISO 7730's
# comfort index through three steps of its iteration needs ~8,000, a logistic map's 50 trips would take 28 million.
PAST_LIMITS_WORK = 1_000_000


def hold_past_limits():
    """Start counting the run's work (`_afford`): it now holds numbers past its limits as atoms known by their balls,
    and each op on them can still grow its derivative entries, a little per op, for as long as the program runs."""
    if _state.work_left is None:
        _state.work_left = PAST_LIMITS_WORK


def inv(a):
    if a[0].is_zero():
        raise NoProof("a division by a proven 0")
    if not a[0].is_constant():
        _state.denominators.append(a[0])
    return _checked((a[1], a[0]))


def div(a, b):
    return mul(a, inv(b))


def reduced_div(a, b):
    """a / b with the quotient reduced by its numerator's and denominator's gcd before its denominator counts
    (`defined_at_point`): the slope of sqrt(u) = c sqrt(r) with c 0 at the point, u' / (2 c sqrt(r)), is
    c' sqrt(r) + c r' / (2 sqrt(r)) once c cancels, a function defined there."""
    num, den = reduced_pair(a, b)
    if not den.is_constant():
        _state.denominators.append(den)
    return _checked((num, den))


def rationalized(q):
    """``q`` with each atom whose square is a polynomial of earlier atoms (sqrt(5)^2 = 5) taken out of its
    denominator by the conjugate (the atom's sign turned) and its squares reduced: a projector entry
    (1 + sqrt 5) / (2 sqrt 5) of the golden ratio's eigenvalue becomes (5 + sqrt 5) / 10, so a quotient that is a
    rational, or a polynomial in such roots, is seen as one."""
    num, den = q
    for number in sorted(_state.squares, reverse=True):
        if _state.degrees.get(number, 2) != 2 or den.degrees()[number] == 0:
            continue
        conjugate = _state.ctx.from_dict({m: -c if m[number] % 2 else c for m, c in den.to_dict().items()})
        num, den = _state.reduced(num * conjugate), _state.reduced(den * conjugate)
        if den.is_zero():
            raise NoProof("a conjugate that is 0")
    return reduced_pair((num, den), (_state.one, _state.one))


def reduced_pair(a, b):
    """The numerator and denominator of a / b, reduced by their gcd (`reduced_div`), no denominator recorded."""
    if b[0].is_zero():
        raise NoProof("a division by a proven 0")
    num, den = a[0] * b[1], a[1] * b[0]
    common = num.gcd(den)
    if not num.is_zero() and not common.is_one():  # 0 / den cancels nothing: den must be nonzero as it stands
        num, den = num / common, den / common
    return num, den


def vanishes(poly):
    """Whether the polynomial ``poly`` is exactly 0 at the point: its ball there (symbolic inputs at their values)
    the exact 0, or, where that ball only holds 0, the polynomial with the inputs put in the zero polynomial by the
    atoms' rules (`_at_inputs`): a silent bin's power through the roots of unity of length 5, whose atoms' balls
    are inexact. False where an atom has no ball."""
    try:
        ball = ball_of(_state, (poly, _state.one), _state.points)
    except (LookupError, ArithmeticError, ValueError):
        return False
    if ball.is_zero():
        return True
    if not ball.contains(0):
        return False
    found = _at_inputs(poly)
    return found.is_zero() or identities.circle_zero(found)


SUBSTITUTIONS = 4  # the rounds of putting the inputs in and reducing by the atoms' rules (a rule may bring inputs back)


def _at_inputs(poly):
    """``poly`` with each symbolic input atom replaced by its exact value at the point and reduced by the atoms'
    rules (sqrt(q)^2 = q may bring inputs back: again, up to SUBSTITUTIONS rounds); ``poly`` itself where a round
    is past the proof's limits. The other atoms stay unknowns, so a zero polynomial is 0 whatever their values."""
    values = {n: ball.mid().man_exp() for n, ball in _state.points.items() if ball.is_exact()}
    try:
        for _ in range(SUBSTITUTIONS):
            used = {str(_state.gens[n]): binary(_state.flint, man, exp)
                    for n, (man, exp) in values.items() if poly.degrees()[n] > 0}
            if used:
                poly = poly.subs(used)
            if _state.squares:
                poly = _state.reduced(poly)
            if poly.is_zero() or not any(poly.degrees()[n] > 0 for n in values):
                return poly
    except NoProof:
        pass
    return poly


def power(a, n):
    if n < 0:
        a, n = inv(a), -n
    return identities.by_squaring(a, n, (_state.one, _state.one), mul)


def is_zero(q):
    """Whether ``q`` is the zero function (where every denominator met is nonzero: see `defined_at_point`)."""
    if q[0].is_zero():
        return True
    if not _state.squares or q[0].is_constant():
        return False
    top = _state.reduced(q[0])
    return (top.is_zero() or identities.circle_zero(top)) and not identities.nilpotent_in(q[1])


DENOMINATOR_BITS = 1 << 12  # the most bits a denominator's ball is evaluated at to part it from 0


def defined_at_point(answer_is_a_number=False):
    """Whether every denominator the run divided by (`inv`) is proven nonzero at the point, so that each
    identity of quotients it used holds around the point, not only beside it: arctan2(x^2, y^2) + arctan2(y^2,
    x^2) has the slopes of a constant wherever x^4 + y^4 is not 0, and none at all at (0, 0). A denominator
    is nonzero where it is a nonzero constant, where every term has one known sign (`arb_identities.poly_sign`),
    or where its ball at the point excludes 0 at some precision up to DENOMINATOR_BITS; one with an atom that
    has no ball (an unknown step, a decomposition's entry) is not proven.

    With ``answer_is_a_number`` (the program's answer is a finite ball), a denominator that is no number at the
    point, made of a function outside its domain there (sqrt(1 - x^2) in arcsin's slope at x = -2), is none of
    the answer's: NaN passes every op but a pick, so only a branch a `where` (or a NaN-dropping reduction) left
    out can have made it, and the answer's identities do not divide by it."""
    proof = _state
    if proof is None:
        raise NoProof("a 0 asked of a proof run that has ended: its denominators are gone")
    left_out = []
    for poly in proof.denominators:
        key = str(poly)
        found = proof.nonzero.get(key)
        if found is None:
            found = proof.nonzero[key] = _nonzero(poly)
        if not found and answer_is_a_number and _no_number(poly):
            left_out.append(poly)  # kept: a 0 asked of another answer is judged by that answer
            continue
        if not found:
            return False
    proof.denominators = left_out  # each other one proven: asked again only of those met later
    return True


def nonzero_at_point(poly):
    """Whether the polynomial ``poly`` is proven nonzero at the point (`defined_at_point`'s test of a denominator, its
    ball first: one that is 0 there by algebra is not)."""
    if poly.is_constant():
        return not poly.is_zero()
    if vanishes(poly):
        return False
    return sign_of(_state, (poly, _state.one), DENOMINATOR_BITS, _state.points) is not None or _nonzero(poly)


def _no_number(poly):
    """Whether ``poly``'s ball at the point is NaN: an atom's function outside its domain there."""
    try:
        ball = ball_of(_state, (poly, _state.one), _state.points)
    except (LookupError, ArithmeticError, ValueError):
        return False
    return ball.mid().is_nan()


SIDES = 3  # the most side atoms a denominator may hold: each of their 2^SIDES sign choices is a ball to part from 0


def _nonzero(poly):
    if identities.poly_sign(poly) is not None:
        return True
    sides = [n for n in _state.sides if poly.degrees()[n] > 0]
    if not sides:
        return sign_of(_state, (poly, _state.one), DENOMINATOR_BITS, _state.points) is not None
    if len(sides) > SIDES:
        return False
    # nonzero on each side: the polynomial, its squares reduced, with each side atom +1 or -1 (its ball holds both and
    # all between, too wide for a product of many of them to part from 0)
    poly = _state.reduced(poly)
    for signs in itertools.product((1, -1), repeat=len(sides)):
        chosen = poly.subs({str(_state.gens[n]): _state.flint.fmpq(sign) for n, sign in zip(sides, signs)})
        if identities.poly_sign(chosen) is None and sign_of(_state, (chosen, _state.one), DENOMINATOR_BITS,
                                                            _state.points) is None:
            return False
    return True


def _const(x):
    return _state.constant(x)


def _name(q):
    """A quotient as a hashable name, the same for equal quotients written alike (reduced, its denominator monic)."""
    num, den = identities.reduced(q)
    return str(num), str(den)


def _call(name, *args, square=None):
    found = _state.atom(("call", name, *map(_name, args)), square)
    _state.defs.setdefault(_state.number(found), (name, args))
    return found


def _negative(q):
    """Whether ``q`` is written with a negative leading coefficient (its denominator made monic): -q is the canonical one."""
    return (q[0].leading_coefficient() / q[1].leading_coefficient()) < 0 if not q[0].is_zero() else False


def _odd(name):
    """An odd function's atom: f(-q) is -f(q), so sin(-h) meets sin(h), and f(0) is 0."""
    return lambda q: q if q[0].is_zero() else neg(_call(name, neg(q))) if _negative(q) else _call(name, q)


def _sine(name, q):
    """sin(q) or cos(q) (odd and even): the one made second has its square as 1 - the other's (sin^2 + cos^2 = 1);
    of a sum of multiples of parts, a polynomial in the parts' (`arb_identities.sine`)."""
    expanded = identities.sine(name, q)
    if expanded is not None:
        return expanded
    if _negative(q):
        value = _sine(name, neg(q))
        return neg(value) if name == "sin" else value
    other = _state.atoms.get(("call", "cos" if name == "sin" else "sin", _name(q)))

    def square(number):
        return None if other is None else _state.one - other * other

    return _call(name, q, square=square)


checked = _checked  # a quotient made outside this module's arithmetic, held to its limits

# What `arb_proof` and `arb_proof_linalg` build on: a number as a constant, a quotient's name and sign, atoms.
const, name_of, call, negative, odd, sine = _const, _name, _call, _negative, _odd, _sine
