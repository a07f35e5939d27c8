"""The functions' identities a proof (`arb_proof`) applies as it makes atoms: normal forms, so equal numbers meet.

A proof number's quotient is a rational function over atoms, each one function
of one exact argument; two numbers are proven equal only when their quotients
are. So every atom is made in a normal form here, never by tolerance:

- sin and cos of a sum of integer multiples of parts (sin(2x), cos(x - y),
  sin(x + 1)) are polynomials in sin and cos of the parts, through
  (cos b + i sin b)^k, so sin(2x) is 2 sin(x) cos(x) as written; each
  direction has one unit (`unit`): once x/2 is met, x is 2 (x/2) and atoms
  made of x before are rewritten, so cos(x/2)^2 meets (1 + cos x)/2, and
  exp(x) meets exp(x/2)^2 alike;
- arctan of q and of 1/q are one atom, arctan(q) + arctan(1/q) = sign(q) pi/2,
  and arctan(+-1) is +-pi/4; arccos(q) is pi/2 - arcsin(q); arcsin(x/sqrt(1 +
  x^2)) is arctan(x) and arctan(x/sqrt(1 - x^2)) is arcsin(x);
- log of a product of powers of factors whose signs are known (the inputs,
  exps, square roots, rational constants through their primes, polynomial
  factors whose sign at the point is known) is the sum of their logs: log(x^3)
  is 3 log(x), log(2.5) is log(5) - log(2), log(x^2 - 1) is log(x - 1) +
  log(x + 1) at x > 1, log(1 / (1 + e^x)) is -log(1 + e^x);
- sqrt takes its square factors out: sqrt(c^2 r) = |c| sqrt(r), so a norm
  scaled by its largest entry is sqrt(x^2 + y^2) again;
- log(t + u), u the terms holding square roots with u^2 = t^2 + 1 (u > 0), is
  the atom arcsinh(t); with u^2 = t^2 - 1 (t > 0), +-arccosh(t) by u's sign:
  the log forms meet the atoms rather than the atoms being written as logs,
  whose balls would cancel digits near 0 (arctanh is written as its two
  log1p's, which `arb_proof_balls` evaluates as log1p without that loss).

Constants are parts too: a constant argument a small rational multiple of one
met before (cos(0.625) and cos(1.25); a = fl(2 pi/3) and 2a, exactly) is that
multiple of their direction's unit, as x/2 and x are.

`arb_proof` hands in its arithmetic (`bind`); this module knows no `Sym`.
"""

from __future__ import annotations

import functools
import math

from .arb_proof_balls import ball_of

FACTOR_BITS = 128  # the largest integer whose primes a constant's log is written in
FACTOR_TERMS = 64  # the most terms a polynomial is factored with (1,000 terms take seconds)
CONSTANT_DIRECTIONS = 64  # the most constants a sine's constant argument is compared with (each one division)
FACTOR_SECONDS = 2e-3  # a factorisation's cost per term, asked of the check's budget before it runs
_ops = None  # `arb_proof`'s quotient arithmetic and atom makers, bound by `bind`


def bind(**parts):
    """Use `arb_proof`'s ``state`` (a callable giving the proof that runs), quotient arithmetic (``add``, ``sub``,
    ``mul``, ``neg``, ``inv``, ``power``, ``name``), atoms (``sine``, ``odd``, ``log``, ``call``, ``log_of``,
    ``sqrt_atom``, ``exp_atom``), its limits (``max_power``, ``max_terms``) and ``no_proof`` (its `NoProof`)."""
    global _ops
    _ops = type("ProofParts", (), {k: staticmethod(v) for k, v in parts.items()})


# -- sin and cos: of integer multiples of the smallest parts --------------------------------------


def sine(name, q):
    """sin(q) or cos(q) (``name``) as a polynomial in sin and cos of q's parts (`_parts`); None where q is one part
    once (the caller's own atom), or its expansion would pass the proof's limits (q one atom then, as in the first
    case). At a rational multiple of pi (a window's angle 2 pi k / n, pi/2) the exact root of unity (`root_of_unity`)."""
    turn = _multiple_of_pi(q)
    if turn is not None:
        found = _in_the_field(int(turn.p), 2 * int(turn.q))
        if found is not None:
            return found[1] if name == "sin" else found[0]
        # past the field's limits, powers of the long circle's root (`long_root`), else the one part asked for
        found = long_root(turn)
        if found is not None:
            return found[1] if name == "sin" else found[0]
        return _cosine_by_symmetry(turn if name == "cos" else _ops.state().flint.fmpq(1, 2) - turn)
    parts = _parts(q)
    if parts is None or (len(parts) == 1 and abs(parts[0][0]) == 1):
        return None
    try:
        return _expanded(name, parts)
    except ArithmeticError:  # `arb_proof.NoProof`: too many terms
        return None


def _multiple_of_pi(q):
    """r (a rational) where q is r pi, else None."""
    num, den = reduced(q)
    terms = num.to_dict()
    if not den.is_constant() or len(terms) != 1:
        return None
    (monomial, coefficient), = terms.items()
    if monomial != next(iter(pi()[0].to_dict())):
        return None
    return _ops.state().flint.fmpq(coefficient) / den.leading_coefficient()


def _expanded(name, parts):
    o = _ops
    one, zero = _q(1), _q(0)
    re, im = one, zero
    for k, base in parts:
        c, s = o.sine("cos", base), o.sine("sin", base)
        if k < 0:
            s, k = o.neg(s), -k
        pr, pi = _complex_power(c, s, k)
        re, im = o.sub(o.mul(re, pr), o.mul(im, pi)), o.add(o.mul(re, pi), o.mul(im, pr))
    return im if name == "sin" else re


def _complex_power(c, s, k):
    """(c + i s)^k as (real, imaginary) quotients."""
    return by_squaring((c, s), k, (_q(1), _q(0)), _complex_mul)


def by_squaring(base, n, one, mul):
    """``base`` to the power ``n`` (an integer >= 0) in the algebra of ``mul`` and its ``one``, by repeated squaring."""
    out, square = one, base
    while n:
        if n & 1:
            out = mul(out, square)
        n >>= 1
        if n:
            square = mul(square, square)
    return out


def _complex_mul(a, b):
    o = _ops
    return o.sub(o.mul(a[0], b[0]), o.mul(a[1], b[1])), o.add(o.mul(a[0], b[1]), o.mul(a[1], b[0]))


def _parts(q):
    """q as [(k, base)]: the sum of integer multiples k of bases, each base one term of q's numerator over its
    denominator in the unit of its direction (`unit`: x for 2x and -x, x/2 for 3x/2 and then for x too), the
    constant terms one base; bases written alike are one. None where q cannot be split (too large a multiple)."""
    o = _ops
    num, den = reduced(q)
    if num.is_zero():
        return []
    flint = o.state().flint
    constant, found = flint.fmpq(0), {}
    for monomial, coefficient in num.to_dict().items():
        term = reduced((o.state().ctx.from_dict({monomial: coefficient}), den))
        if term[0].is_constant() and term[1].is_constant():
            constant += term[0].leading_coefficient() / term[1].leading_coefficient()
            continue
        lead = term[0].leading_coefficient() / term[1].leading_coefficient()
        direction = o.mul(term, _q(1 / lead))  # leading coefficient 1: x for 2x and for -x/2
        d = unit("sine", direction, int(lead.q))
        if d is None or abs(lead * d) > o.max_power():
            return None
        k, base = int(lead * d), o.mul(direction, _q(flint.fmpq(1, d)))
        key = o.name(base)
        previous = found.get(key)
        found[key] = (k if previous is None else previous[0] + k, base)
    parts = [(k, base) for k, base in found.values() if k]
    if constant != 0:
        parts.append(_constant_part(constant))
    return parts


def _constant_part(c):
    """The constant ``c`` as (k, base): k times the unit of the first constant met that ``c`` is a small rational
    multiple of (a = fl(2 pi / 3) and 2 a exactly: sin(2 a) meets 2 sin(a) cos(a)), else of ``c`` itself."""
    o = _ops
    flint, known = o.state().flint, o.state().constant_directions
    for direction in known[:CONSTANT_DIRECTIONS]:
        ratio = c / direction
        if max(abs(ratio.p), ratio.q) > o.max_power():
            continue
        d = unit("sine", _q(direction), int(ratio.q))
        if d is not None and abs(ratio * d) <= o.max_power():
            return int(ratio * d), o.mul(_q(direction), _q(flint.fmpq(1, d)))
    known.append(abs(c))
    return (1 if c > 0 else -1), _q(abs(c))


# -- fractional multiples: one unit per direction -------------------------------------------------


def unit(kind, direction, denominator):
    """The unit 1/D of ``direction`` (a quotient with leading coefficient 1) for ``kind`` ("sine", "exp"): the
    least D so far that makes every multiple met (with ``denominator``) an integer multiple of direction / D.
    A finer D rewrites the atoms made with the coarser one as polynomials in the new one's (cos(x) = 2 cos(x/2)^2
    - 1, exp(x) = exp(x/2)^2: `substituted`), so cos(x/2)^2 and (1 + cos(x)) / 2 meet. None past the proof's limits."""
    o = _ops
    proof = o.state()
    key = (kind, o.name(direction))
    old = proof.units.get(key, 1)
    if old % denominator == 0:
        return old
    new = math.lcm(old, denominator)
    if new > o.max_power():
        return None
    proof.units[key] = new
    coarse, fine = (o.mul(direction, _q(proof.flint.fmpq(1, d))) for d in (old, new))
    for name in ("sin", "cos") if kind == "sine" else ("exp",):
        found = proof.atoms.get(("call", name, o.name(coarse)))
        if found is None:
            continue
        if kind == "sine":
            rewritten = _expanded(name, [(new // old, fine)])
        else:
            rewritten = o.power(o.exp_atom(fine), new // old)
        number = proof.numbers[str(found)]
        proof.substitutions[number] = rewritten[0]  # a polynomial: its denominator is 1
        proof.squares.pop(number, None)
    return new


def substituted(poly):
    """``poly`` with each atom of a coarser unit replaced by the polynomial it is in the finer one's (`unit`)."""
    proof = _ops.state()
    rules = proof.substitutions
    while rules:
        degrees = poly.degrees()
        hit = [n for n in rules if degrees[n] > 0]  # a zero polynomial has degree -1 in each
        if not hit:
            break
        out = proof.zero
        for monomial, coefficient in poly.to_dict().items():
            kept, piece = list(monomial), proof.one
            for n in hit:
                if kept[n]:
                    piece, kept[n] = piece * rules[n] ** kept[n], 0
            out = out + proof.ctx.from_dict({tuple(kept): coefficient}) * piece
            if len(out) > _ops.max_terms():
                raise _ops.no_proof("too many terms")
        poly = out
    return poly


def reduced(q):
    """q with the gcd of its numerator and denominator divided out, its denominator's leading coefficient 1."""
    num, den = q
    if not den.is_constant():
        common = num.gcd(den)
        if not common.is_one():
            num, den = num / common, den / common
    scale = 1 / den.leading_coefficient()
    return num * scale, den * scale


# -- arctan: of q and of 1/q one atom -------------------------------------------------------------


def arctan(q):
    """arctan(q) in a normal form: arcsin(u) where u = q / sqrt(1 + q^2) has fewer square roots than q
    (arctan(x / sqrt(1 - x^2)) is arcsin(x)); arctan(q) = sign(q) pi/2 - arctan(1/q) where 1/q comes first in
    `_order`, and arctan(+-1) = +-pi/4; the odd atom otherwise (sign unknown, or q is the first)."""
    simpler = _unrooted(q, 1)
    if simpler is not None:
        return _ops.odd("arcsin")(simpler)
    return _arctan(q)


def arcsin(q):
    """arcsin(q) in a normal form: arctan(t) where t = q / sqrt(1 - q^2) has fewer square roots than q
    (arcsin(x / sqrt(1 + x^2)) is arctan(x)); +-pi/2 at +-1, once the atoms' squares are put in (the cosine
    of parallel vectors, 28 / (sqrt(14) sqrt(56)), is 1); the odd atom otherwise."""
    proof = _ops.state()
    end = _constant(_lowest_terms(proof.reduced(q[0]), proof.reduced(q[1])))
    if end is not None and abs(end) == 1:
        return _ops.mul(_q(proof.flint.fmpq(int(end), 2)), pi())
    simpler = _unrooted(q, -1)
    return _ops.odd("arcsin")(q) if simpler is None else _arctan(simpler)


def _lowest_terms(num, den):
    """num / den divided by their gcd: (1 + H) / sqrt((1 + H)^2), z / r on the axis, is the constant 1 it is."""
    if num.is_zero() or num.is_constant() or den.is_constant():
        return num, den
    common = num.gcd(den)
    return (num, den) if common.is_one() else (num / common, den / common)


def arccos(q):
    """arccos(q) as pi/2 - arcsin(q), so arcsin(x) + arccos(x) is pi/2."""
    o = _ops
    return o.sub(o.mul(_q(o.state().flint.fmpq(1, 2)), pi()), arcsin(q))


def arctan2(y, x):
    """arctan2(y, x) as arctan(y / x) plus the quadrant's multiple of pi (+-pi/2 at x = 0), the signs of x and y
    known at the point; None where one is not. arctan2 of two tiny numbers meets arctan of their quotient, and
    pi - arctan2(e, -t) is arctan(e / t) to the last digit of a ball, however small e / t is."""
    o = _ops
    sx = quotient_sign(x)
    if sx is None:
        return None
    if sx == 0:
        sy = quotient_sign(y)
        return None if not sy else o.mul(_q(o.state().flint.fmpq(sy, 2)), pi())
    base = arctan(o.mul(y, o.inv(x)))
    if sx > 0:
        return base
    sy = quotient_sign(y)
    return None if sy is None else o.add(base, o.mul(_q(1 if sy >= 0 else -1), pi()))


def quotient_sign(q):
    """The sign of the quotient q at the point (`poly_sign` of its numerator and denominator); 0 where it is the
    zero function; None where a sign is unknown."""
    if q[0].is_zero():
        return 0
    top, bottom = poly_sign(q[0]), poly_sign(q[1])
    return None if top is None or bottom is None else top * bottom


def _unrooted(q, sign):
    """q / sqrt(1 + sign q^2), square roots squared out, where it is written in q's atoms with fewer square
    roots than q; else None (q without a square root: nothing to gain)."""
    o = _ops
    proof = o.state()
    before = _atoms(q)
    roots = sum(1 for n in before if proof.defs.get(n, ("",))[0] == "sqrt")
    if not roots:
        return None
    try:
        square = _squared_out(o.mul(q, q))
        root = sqrt(o.add(_q(1), square if sign > 0 else o.neg(square)))
        if root is None:
            return None
        found = _squared_out(o.mul(q, o.inv(root)))
    except ArithmeticError:  # `arb_proof.NoProof`: a limit passed
        return None
    after = _atoms(found)
    if not after <= before or sum(1 for n in after if proof.defs.get(n, ("",))[0] == "sqrt") >= roots:
        return None
    return found


def nilpotent_in(poly):
    """Whether ``poly`` (a denominator) is a function of an atom some power of which is 0 by the squares' rules
    (sqrt(0), whose square is the zero polynomial, and square roots of such): a numerator that vanishes only
    through those rules says nothing over it, since a^2 / a^2 at a = sqrt(0) is 0/0, not 0."""
    squares = _ops.state().squares
    nil, grew = set(), True
    while grew:
        grew = False
        for number, rule in squares.items():
            if number not in nil and all(any(m[n] for n in nil) for m in rule.to_dict()):
                nil.add(number)  # every term of its square holds a nilpotent atom (none at all: the square is 0)
                grew = True
    degrees = poly.degrees()
    return any(degrees[n] > 0 for n in nil)


def _atoms(q):
    return {n for poly in q for n, degree in enumerate(poly.degrees()) if degree > 0}


def _squared_out(q):
    """q with each atom's square that has an identity replaced (sqrt(r)^2 = r), reduced by its gcd."""
    proof = _ops.state()
    return reduced((proof.reduced(q[0]), proof.reduced(q[1])))


def _arctan(q):
    o = _ops
    if q[0].is_zero():
        return q
    if _constant(q) is not None and abs(_constant(q)) == 1:
        return o.mul(_q(_constant(q) / 4), pi())
    # 1/q as `inv` writes it, read before it is made: a division by q counts (`defined_at_point`) only where it is used
    one = _ops.state().one
    if _order(o.mul((q[1], one), (one, q[0]))) < _order(q):
        sign = sign_of(q)
        if sign:
            return o.sub(o.mul(_q(_ops.state().flint.fmpq(sign, 2)), pi()), o.odd("arctan")(o.inv(q)))
    return o.odd("arctan")(q)


def _order(q):
    """Which of q and 1/q an arctan atom is made of: a constant of size below 1, a polynomial, then by name
    (of |q|, so arctan(-x) and arctan(x) choose alike)."""
    value = _constant(q)
    if value is not None:
        return (0, abs(value) > 1, "")
    num, den = reduced(q)
    sign = 1 if num.leading_coefficient() > 0 else -1
    return (1, not den.is_constant(), str(_ops.name((num * sign, den))))


def _constant(q):
    if q[0].is_constant() and q[1].is_constant():
        return q[0].leading_coefficient() / q[1].leading_coefficient() if not q[0].is_zero() else 0
    return None


def _q(value):
    """A rational constant (an int or an fmpq) as a quotient."""
    proof = _ops.state()
    return proof.ctx.constant(value), proof.one


def pi():
    """The atom pi, the one a formula's ``pi`` is."""
    proof = _ops.state()
    found = proof.atom(("constant", "pi"))
    proof.defs.setdefault(proof.number(found), ("pi", ()))
    return found


# -- roots of unity: the field of cos(2 pi / n) ----------------------------------------------------


def root_of_unity(m, n):
    """(cos, sin) of 2 pi m / n as exact quotients of the proof that runs, from m / n reduced: rationals at the
    multiples of pi/2, +-1/2 and +-sqrt(2)/2, +-sqrt(3)/2 with the atoms a program's own sqrt(2) and sqrt(3) are
    (`_QUADRATIC`), and every other root in the one field of c = cos(2 pi / L), L the least common multiple of the
    denominators met in the run (`_field`): there cos is the Chebyshev polynomial T_k(c) and sin is s U_(k-1)(c) with
    s = sin(2 pi / L) (for 4 | L, T of c too), reduced by c's minimal polynomial (degree phi(L) / 2: c^2 = (1 - 2c) / 4
    for L = 5), which with s^2 = 1 - c^2 is the rule `_Proof.reduced` applies. A sum of roots that is 0 (a DFT's
    other bins of a constant signal, a Hann window's angles against its transform's, a length 5 beside a length 10)
    is then the zero polynomial. Past the limits (a lowest denominator above `max_power`, or a field that would
    grow past it), powers of one root of a long order (`long_root`); past that order's limit, the atoms of the
    circle's symmetries (`_by_symmetry`)."""
    found = _in_the_field(m, n)
    if found is not None:
        return found
    turn = _ops.state().flint.fmpq(2 * m, n)
    return long_root(turn) or _by_symmetry(turn)


def _in_the_field(m, n):
    """`root_of_unity` where the field holds it, else None."""
    turn = _ops.state().flint.fmpq(m % n, n)
    p, q = int(turn.p), int(turn.q)
    if 4 % q == 0:
        return tuple(_q(v) for v in ((1, 0), (0, 1), (-1, 0), (0, -1))[4 * p // q])
    angle = 2 * math.pi * p / q  # its cos and sin are far from 0 here: their floats' signs are theirs
    if q in _QUADRATIC:
        return tuple(_ops.mul(_half_root(radicand), _q(int(math.copysign(1, f(angle)))))
                     for radicand, f in zip(_QUADRATIC[q], (math.cos, math.sin)))
    field = _field(q)
    if field is None:
        return None
    size, circle = field
    return _turn_in_field(p * (size // q), size, circle)


# -- roots of a long order: powers of one root z -------------------------------------------------

CIRCLE_ORDER = 1 << 21  # the largest order M of the root z = e^(2 pi i / M) a proof's long roots are powers of


def long_root(r):
    """(cos, sin) of pi ``r`` (a rational past the field's limits: a 10,000-entry window's angle 2 pi k / 9999) as
    polynomials in one root z = e^(2 pi i / M), M a multiple of 4 and of every long denominator met (`_long_circle`):
    cos = (z^e + z^-e) / 2 and sin = (z^e - z^-e) / (2i), i = z^(M/4), each power folded below M/2 by z^(M/2) = -1
    (the rule `_Proof.reduced` applies), so every long root is two terms and no atom of its own. Mirror entries are
    one number and sin^2 + cos^2 = 1 by that rule; the relations that need z's minimal polynomial (the N-th roots
    summing to 0: a long window's sum, a long DFT's silent bin) are the zero test's (`circle_zero`), which divides
    by the cyclotomic polynomial of M. None past CIRCLE_ORDER."""
    proof = _ops.state()
    turn = r / 2
    circle = _long_circle(int(turn.q))
    if circle is None:
        return None
    z, order = circle
    e = int(turn.p) * (order // int(turn.q))
    half = proof.flint.fmpq(1, 2)
    return (_powers(z, order, [(e, half), (-e, half)]),
            _powers(z, order, [(e + 3 * order // 4, half), (order // 4 - e, half)]))


def _powers(z, order, terms):
    """The sum of c z^k over ``terms`` (k, c) as a quotient, each power folded below order / 2 (z^(order/2) = -1)."""
    proof = _ops.state()
    half, out = order // 2, proof.zero
    for k, c in terms:
        k %= order
        if k >= half:
            k, c = k - half, -c
        out = out + z[0] ** k * c
    return out, proof.one


def _long_circle(q):
    """(z, M): the proof's root of the long order M, a multiple of ``q`` and 4; a root met before of an order that
    ``q`` does not divide is rewritten as the power of the new one it is (z_old = z^(M / M_old): `substituted`), so
    the roots met before and after are numbers of one ring. None past CIRCLE_ORDER."""
    proof = _ops.state()
    old = proof.long_circle
    order = math.lcm(4, q) if old is None else math.lcm(old[1], q)
    if order > CIRCLE_ORDER:
        return None
    if old is not None and old[1] == order:
        return old
    z = proof.atom(("long circle", order))
    number = proof.number(z)
    proof.defs[number] = ("circle", order)
    proof.squares[number], proof.degrees[number] = proof.ctx.constant(-1), order // 2
    if old is not None:
        former = proof.number(old[0])
        proof.substitutions[former] = _powers(z, order, [(order // old[1], 1)])[0]
        proof.squares.pop(former, None)
        proof.degrees.pop(former, None)
    proof.long_circle = (z, order)
    return proof.long_circle


def circle_rem(poly):
    """``poly`` (reduced by the atoms' rules, so each power of z is below M/2) with each of its polynomials in the
    long circle's root z (one per monomial of the other atoms) taken modulo the cyclotomic polynomial of M, z's
    minimal polynomial: the number is the same, and it is 0 exactly where this is the zero polynomial."""
    proof = _ops.state()
    if proof.long_circle is None:
        return poly
    z, order = proof.long_circle
    number = proof.number(z)
    if poly.degrees()[number] <= 0:
        return poly
    minimal = cyclotomic(order)
    groups = {}
    for monomial, coefficient in poly.to_dict().items():
        rest = list(monomial)
        k, rest[number] = rest[number], 0
        groups.setdefault(tuple(rest), {})[k] = coefficient
    out = {}
    for rest, powers in groups.items():
        if max(powers) >= minimal.degree():
            dense = [0] * (max(powers) + 1)
            for k, coefficient in powers.items():
                dense[k] = coefficient
            powers = {k: c for k, c in enumerate((proof.flint.fmpq_poly(dense) % minimal).coeffs()) if c != 0}
        for k, coefficient in powers.items():
            monomial = list(rest)
            monomial[number] = k
            out[tuple(monomial)] = coefficient
    return proof.ctx.from_dict(out)


def circle_zero(poly):
    """Whether ``poly`` is 0 by the long circle's minimal polynomial (`circle_rem`), its atoms' rules applied first."""
    proof = _ops.state()
    if proof.long_circle is None or poly.degrees()[proof.number(proof.long_circle[0])] <= 0:
        return False
    try:
        return circle_rem(proof.reduced(poly)).is_zero()
    except ArithmeticError:  # `arb_proof.NoProof`: the atoms' rules past the proof's limits: not proven
        return False


def shorter_on_circle(poly):
    """``poly`` or the same number in fewer terms by the long circle's rules (a sum of all N-th roots: 0)."""
    proof = _ops.state()
    if proof.long_circle is None or poly.degrees()[proof.number(proof.long_circle[0])] <= 0:
        return poly
    try:
        found = circle_rem(proof.reduced(poly))
    except ArithmeticError:  # `arb_proof.NoProof`: the atoms' rules past the proof's limits
        return poly
    return found if len(found) < len(poly) else poly


@functools.lru_cache(maxsize=16)
def cyclotomic(order):
    """The cyclotomic polynomial of ``order`` (flint's fmpq_poly): the minimal polynomial of e^(2 pi i / order)."""
    import flint  # lazy: python-flint, only where a proof runs

    return flint.fmpq_poly([int(c) for c in flint.fmpz_poly.cyclotomic(order).coeffs()])


def _by_symmetry(r):
    """(cos, sin) of pi ``r`` (a rational whose denominator is past the long circle's order, `CIRCLE_ORDER`) as atoms
    of the first octant (`_cosine_by_symmetry`): cos(2 pi k / N) and cos(2 pi (N - k) / N) are one atom, so a
    symmetric window is proven symmetric, and sin^2 + cos^2 = 1 holds. Where it stops: the relations among the N-th
    roots that need their minimal polynomial (their sum 0) are not known, and each distinct angle is an atom, so
    a whole window of more than about 500 entries in one proof is more atoms than it may use
    (`arb_proof_quotients.ATOMS`)."""
    return _cosine_by_symmetry(r), _cosine_by_symmetry(_ops.state().flint.fmpq(1, 2) - r)


def _cosine_by_symmetry(r):
    """cos(pi ``r``) through cos's period, parity and reflections, cos(pi r) = cos(pi (2 - r)) = -cos(pi (1 - r)),
    as +-cos(pi a) or +-sin(pi (1/2 - a)) with a in [0, 1/4] (`_octant`)."""
    flint = _ops.state().flint
    r = r - 2 * (int(r.p) // (2 * int(r.q)))  # in [0, 2)
    if r > 1:
        r = 2 - r
    sign = 1
    if r > flint.fmpq(1, 2):
        r, sign = 1 - r, -1
    if r == 0 or 2 * r == 1:
        value = _q(1 if r == 0 else 0)
    elif 4 * r <= 1:
        value = _octant("cos", r)
    else:
        value = _octant("sin", flint.fmpq(1, 2) - r)
    return value if sign > 0 else _ops.neg(value)


def _octant(name, a):
    """cos or sin of pi ``a`` (0 < a <= 1/4) as the atom of that call, the one made second with its square 1 - the
    other's squared (sin^2 + cos^2 = 1)."""
    angle = _ops.mul(_q(a), pi())
    proof = _ops.state()
    other = proof.atoms.get(("call", "sin" if name == "cos" else "cos", _ops.name(angle)))
    return _ops.call(name, angle, square=lambda number: None if other is None else proof.one - other * other)


# the reduced denominators whose roots are quadratic: (r, r') with |cos| = sqrt(r)/2 and |sin| = sqrt(r')/2
_QUADRATIC = {3: (1, 3), 6: (1, 3), 8: (2, 2), 12: (3, 1)}


def _half_root(radicand):
    """sqrt(``radicand``)/2 as a quotient: 1/2, or the sqrt atom a program's own sqrt(2) or sqrt(3) is, halved."""
    half = _q(_ops.state().flint.fmpq(1, 2))
    return half if radicand == 1 else _ops.mul(_ops.sqrt_atom(_q(radicand)), half)


def _turn_in_field(k, size, circle):
    """(cos, sin) of 2 pi k / ``size`` as polynomials in the atoms of ``circle`` (the field of ``size``)."""
    c, s, powers = circle
    cos = _in_atom(powers[0][k], c)
    if size % 4 == 0:
        return cos, _in_atom(powers[0][(k - size // 4) % size], c)
    return cos, (_ops.mul(s, _in_atom(powers[1][k - 1], c)) if k else _q(0))


def _field(q):
    """(L, the circle of L: `_circle`) for the one field of the run's roots of unity, L a multiple of the reduced
    denominator ``q``: a field that does not hold q's roots is widened to the least common multiple, the atoms of
    the narrower one rewritten as polynomials in the wider one's (cos(2 pi / 5) = T_2(cos(2 pi / 10)):
    `substituted`), so the roots met before and after are numbers of one field. None past the proof's limits."""
    proof = _ops.state()
    old = proof.field
    size = q if old is None else math.lcm(old, q)
    if size > _ops.max_power():
        return None
    circle = _circle(size)
    if old is not None and old != size:
        _widened(proof, proof.circles[old], old, size, circle)
    proof.field = size
    return size, circle


def _widened(proof, narrow, n, size, wide):
    """Rewrite the atoms cos and sin of 2 pi / ``n`` (``narrow``'s) as polynomials in the field of ``size`` (a
    multiple of n; ``wide``): 2 pi / n is size / n of its turns."""
    for atom, value in zip(narrow[:2], _turn_in_field(size // n, size, wide)):
        if atom is None:
            continue
        number = proof.number(atom)
        proof.substitutions[number] = value[0]  # a polynomial: its denominator is 1
        proof.squares.pop(number, None)
        proof.degrees.pop(number, None)


def _circle(n):
    """The atoms c = cos(2 pi / n) and s = sin(2 pi / n) (None where 4 | n) of the proof that runs, with c's rule,
    and T_k(c) and U_(k-1)(c) for k < n reduced by c's minimal polynomial (univariate polynomials in c)."""
    proof = _ops.state()
    flint = proof.flint
    found = proof.circles.get(n)
    if found is not None:
        return found
    minimal, chebyshev = circle_polynomials(n)
    angle = _ops.mul(_q(flint.fmpq(2, n)), pi())
    c = proof.atom(("root of unity", "cos", n))
    number = proof.number(c)
    proof.defs.setdefault(number, ("cos", (angle,)))
    degree = minimal.degree()
    proof.squares[number] = _in_atom(flint.fmpq_poly([0] * degree + [1]) - minimal, c)[0]  # c^d, by the rule
    proof.degrees[number] = degree
    s = None
    if n % 4:
        s = proof.atom(("root of unity", "sin", n))  # after c: its rule, 1 - c^2, is reduced by c's
        proof.defs.setdefault(proof.number(s), ("sin", (angle,)))
        proof.squares[proof.number(s)] = (proof.one - c[0] * c[0])
    found = proof.circles[n] = (c, s, chebyshev)
    return found


@functools.lru_cache(maxsize=64)
def circle_polynomials(n):
    """The minimal polynomial of c = cos(2 pi / n) (monic, flint's fmpq_poly) and, reduced by it, the Chebyshev
    polynomials T_k(c) and U_k(c) for k < n: cos(2 pi k / n) = T_k(c), sin(2 pi k / n) = sin(2 pi / n) U_(k-1)(c)."""
    import flint  # lazy: python-flint, only where a proof or an exact transform runs

    minimal = flint.fmpz_poly.cos_minpoly(n)  # of 2 cos(2 pi / n), monic over the integers
    minimal = flint.fmpq_poly([flint.fmpq(int(a)) * flint.fmpq(2) ** k for k, a in enumerate(minimal.coeffs())])
    minimal = minimal / minimal.coeffs()[-1]  # monic in c
    x = flint.fmpq_poly([0, 1])
    chebyshev = ([flint.fmpq_poly([1]), x], [flint.fmpq_poly([1]), 2 * x])  # T_k and U_k
    for kind in chebyshev:
        while len(kind) < n:
            kind.append((2 * x * kind[-1] - kind[-2]) % minimal)
    return minimal, chebyshev


def _in_atom(poly, atom):
    """A univariate polynomial (flint's fmpq_poly) in the atom ``atom`` as a quotient."""
    proof = _ops.state()
    out = proof.zero
    for k, coefficient in enumerate(poly.coeffs()):
        if coefficient != 0:
            out = out + atom[0] ** k * coefficient
    return (out, proof.one)


def euler():
    """The atom Euler's gamma (`ops.CONSTANTS`' ``euler``): a number no other atom's identities reach."""
    proof = _ops.state()
    found = proof.atom(("constant", "euler"))
    proof.defs.setdefault(proof.number(found), ("euler", ()))
    return found


# -- signs and logs ----------------------------------------------------------------------------


def signed(numbers, values):
    """``numbers`` (a symbolic proof's inputs: proof numbers whose quotient is one atom), each atom's sign noted
    from its value (``values``)."""
    proof = _ops.state()
    for number, value in zip(numbers, values):
        proof.points[proof.number(number.q)] = number.b
        if value != 0:
            proof.signs[proof.number(number.q)] = 1 if value > 0 else -1
    return numbers


def sign_of(q):
    """The sign (+-1, never 0) of q where its numerator and denominator are single terms whose atoms are each
    proven nonzero at the point (`_atom_sign`); None otherwise. An even power counts as positive only where its
    atom is nonzero: x^2 at x = 0 is 0, not above it."""
    num, den = q
    if len(num) != 1 or len(den) != 1:
        return None
    sign = 1
    for poly in (num, den):
        ((monomial, coefficient),) = poly.to_dict().items()
        sign *= 1 if coefficient > 0 else -1
        for number, e in enumerate(monomial):
            if e:
                found = _atom_sign(number)
                if found is None:
                    return None
                sign *= found ** e
    return sign


def _atom_sign(number):
    """An atom's sign where it is proven nonzero at the point: noted (`signed`), an exp's or pi's (+1), a square
    root's where its argument is proven above 0 (sqrt(0) is 0, no positive number), or its ball's (`ball_of`)
    where it is some other function of the point; None if unknown or 0."""
    proof = _ops.state()
    found = proof.signs.get(number)
    if found is not None:
        return found
    what = proof.defs.get(number)
    if what is None:
        return None
    if what[0] in ("exp", "pi"):
        return 1
    if what[0] == "circle":
        return None  # the long circle's root is no real number: its powers' signs are their sums'
    if what[0] == "sqrt":
        return 1 if quotient_sign(what[1][0]) == 1 else None
    try:
        ball = ball_of(proof, (proof.gens[number], proof.one))
    except (LookupError, ArithmeticError, ValueError):
        return None
    return 1 if ball > 0 else -1 if ball < 0 else None


def log(q):
    """log(q) (q > 0, proven) as the sum of the logs of its factors where q is a product of powers of atoms whose
    signs are known, times a rational constant: log(x^3) = 3 log(x), log(-2 x) = log(2) + log(-x), log(2.5) =
    log(5) - log(2), log(sqrt(r)) = log(r) / 2; else the atom log(q) (`log_atom`)."""
    found = _factored_log(q)
    return log_atom(q) if found is None else found


def log_atom(q):
    """The atom log(q), remembered so that exp of it is q again; arcsinh(t) or +-arccosh(t) where q is t plus
    the square root that makes it one (`_inverse_hyperbolic`)."""
    found = _inverse_hyperbolic(q)
    if found is not None:
        return found
    atom = _ops.call("log", q)
    _ops.state().logs.setdefault(str(atom[0]), q)
    return atom


def _inverse_hyperbolic(q):
    """log(q) as arcsinh(t) where q = t + u, u (q's terms holding a square root) above 0 with u^2 = t^2 + 1;
    as arccosh(t) where u^2 = t^2 - 1 and t > 0 (-arccosh(t) where u < 0): log(x + sqrt(x^2 + 1)) is the
    atom arcsinh(x) is, log(x + sqrt(x - 1) sqrt(x + 1)) the atom arccosh(x). The atom's exp is q again.
    None where q is no such sum or a sign is unknown."""
    o = _ops
    proof = o.state()
    roots = [n for n, what in proof.defs.items() if what[0] == "sqrt"]
    if not roots or any(q[1].degrees()[n] > 0 for n in roots):
        return None
    try:
        num, den = _squared_out(q)
        plain, radical = {}, {}
        for monomial, coefficient in num.to_dict().items():
            (radical if any(monomial[n] % 2 for n in roots) else plain)[monomial] = coefficient
        if not plain or not radical:
            return None
        t, u = (proof.ctx.from_dict(plain), den), (proof.ctx.from_dict(radical), den)
        gap = proof.reduced(u[0] * u[0] - t[0] * t[0])  # (u^2 - t^2) den^2
        sign = quotient_sign(u)
        if not sign or gap.is_zero():
            return None
        if gap == den * den and sign > 0:
            found, name = o.odd("arcsinh")(t), "arcsinh"
        elif gap == -(den * den) and quotient_sign(t) == 1:
            found, name = o.call("arccosh", t), "arccosh"
            found = found if sign > 0 else o.neg(found)
        else:
            return None
    except ArithmeticError:  # `arb_proof.NoProof`: a limit passed
        return None
    negated = found[0].leading_coefficient() < 0
    atom = o.neg(found) if negated else found
    proof.logs.setdefault(str(atom[0]), o.inv(q) if negated else q)  # exp(arcsinh(t)) = t + sqrt(t^2 + 1)
    return found


def _factored_log(q):
    o = _ops
    proof = o.state()
    num, den = q
    if len(num) != 1 or len(den) != 1:
        return _polynomial_log(q)
    ((top, a),), ((bottom, b),) = num.to_dict().items(), den.to_dict().items()
    powers = [t - u for t, u in zip(top, bottom)]
    constant = a / b
    if constant == 1 and sum(map(abs, powers)) == 1 and sum(powers) == 1:
        number = powers.index(1)
        if _atom_sign(number) == 1 and proof.defs.get(number, ("",))[0] != "sqrt":
            return None  # log of one positive atom: the caller's own atom
    out = _constant_log(abs(constant))
    for number, e in enumerate(powers):
        if not e:
            continue
        piece = _atom_log(number)
        if piece is None:
            return None
        out = o.add(out, o.mul(_q(e), piece))
    return out


def _atom_log(number):
    """log(|a|) of the atom numbered ``number`` where its sign is known (log of a square root: half its argument's)."""
    o = _ops
    proof = o.state()
    sign = _atom_sign(number)
    if sign is None:
        return None
    what = proof.defs.get(number)
    if what and what[0] == "sqrt":
        return o.mul(_q(proof.flint.fmpq(1, 2)), o.log(what[1][0]))
    return log_atom((proof.gens[number] * sign + proof.zero, proof.one))


def _polynomial_log(q):
    """log(q) as the sum of its factors' logs, each factor's sign known: log(x^2 - 1) = log(x - 1) + log(x + 1)
    (x > 1), log(1 / (1 + e^x)) = -log(1 + e^x), so log_sigmoid and softplus meet. None where a sign is unknown."""
    o = _ops
    constant, pieces = _factored(q)
    if pieces is None or constant <= 0:
        return None
    out = _constant_log(constant)
    for sign, factor, e in pieces:
        if len(factor) == 1:
            piece = _atom_log(factor.degrees().index(1))
        else:
            piece = log_atom((factor * sign, _ops.state().one))
        if piece is None:
            return None
        out = o.add(out, o.mul(_q(e), piece))
    return out


def _factored(q, even_unsigned=False):
    """q as constant * prod((sign * factor)^e) with each sign * factor above 0 at the point: (constant, [(sign,
    factor, e)]), e negative for the denominator's; (constant, None) where a factor's sign is unknown. With
    ``even_unsigned``, a numerator's factor of unknown sign and even power is kept with sign None."""
    proof = _ops.state()
    constant, pieces = proof.flint.fmpq(1), []
    q = _squared_out(q) if proof.squares else q  # sqrt(r)^2 is r: factors of r, never of sqrt(r)^2 - x^2
    for poly, side in ((q[0], 1), (q[1], -1)):
        content, found = factors(poly)
        constant *= content if side == 1 else 1 / content
        for factor, e in found:
            sign = poly_sign(factor)
            if sign is None and even_unsigned and side == 1 and e % 2 == 0:
                pieces.append((None, factor, e))
                continue
            if sign is None:
                return constant, None
            if sign < 0 and e % 2:
                constant = -constant
            pieces.append((sign, factor, side * e))
    return constant, pieces


def factors(poly):
    """``poly`` as (content, [(factor, power)]) (flint's factorisation), found once per proof; past FACTOR_TERMS
    terms ``poly`` is one factor of itself (its logs and roots then meet only forms written alike). Each
    factorisation is paid for from the check's budget (``proof.afford``) first."""
    if poly.is_constant():
        return poly.leading_coefficient() if not poly.is_zero() else 0, []
    proof = _ops.state()
    key = str(poly)
    found = proof.factored.get(key)
    if found is None:
        if len(poly) > FACTOR_TERMS:
            found = (proof.flint.fmpq(1), [(poly, 1)])
        else:
            proof.afford(FACTOR_SECONDS * len(poly))
            found = _factored_in_own_atoms(poly)
        proof.factored[key] = found
    return found


def _factored_in_own_atoms(poly):
    """flint's factorisation of ``poly`` in a ring of the atoms it holds alone: its cost grows with the ring's
    atoms (~25 ms for a + 1 among 256, 0.05 ms among 4). The order (deglex) on those atoms is the big ring's
    restricted, so the factors are the ones found there."""
    proof = _ops.state()
    used = [n for n, degree in enumerate(poly.degrees()) if degree > 0]
    small = proof.flint.fmpq_mpoly_ctx.get(("f", len(used)), "deglex")
    content, found = small.from_dict({tuple(m[n] for n in used): c for m, c in poly.to_dict().items()}).factor()
    width = len(poly.degrees())

    def back(factor):
        out = {}
        for m, c in factor.to_dict().items():
            big = [0] * width
            for n, e in zip(used, m):
                big[n] = e
            out[tuple(big)] = c
        return proof.ctx.from_dict(out)

    return content, [(back(factor), e) for factor, e in found]


def poly_sign(poly):
    """The sign of the polynomial ``poly`` at the point: of each term where all agree (1 + e^x), else of its ball
    with the symbolic inputs at their values; None where neither tells."""
    proof = _ops.state()
    signs = {sign_of((proof.ctx.from_dict({m: c}), proof.one)) for m, c in poly.to_dict().items()}
    if len(signs) == 1 and None not in signs:
        return signs.pop()
    try:
        ball = ball_of(proof, (poly, proof.one), proof.points)
    except (LookupError, ArithmeticError, ValueError):
        return None
    return 1 if ball > 0 else -1 if ball < 0 else None


# -- square roots: square factors taken out ------------------------------------------------------


def sqrt(q):
    """sqrt(q) (q >= 0, proven) with its square factors outside: sqrt(c^2 r) = |c| sqrt(r) for rational
    constants and polynomial factors of known sign (and of any sign, f^4 as (f^2)^2: sqrt(x^4 (x + 1)) is
    x^2 sqrt(x + 1), smooth at 0), sqrt(n/d) = sqrt(n d)/|d| (so the norm of (x/m, y/m) is
    sqrt(x^2 + y^2)/|m|, and sqrt(6.25) is 2.5); the root of each factor left (and of the square-free rest of
    the constant) one atom with its square. None where a sign is unknown or nothing moves (the caller's atom)."""
    o = _ops
    proof = o.state()
    if q[0].is_zero():
        return None  # sqrt at 0: the atom, as a function whose slope there no proof divides by
    constant, pieces = _factored(q, even_unsigned=True)
    if pieces is None or constant <= 0:
        # a sign unknown, the signs found disagreeing with q >= 0, or q 0 by its atoms' rules: no form from them
        return None
    root, rest = _integer_root(constant)
    outside, roots, halves = _q(root), ([] if rest.is_one() else [rest]), False
    for sign, factor, e in pieces:
        if sign is None:  # f^(4k + 2j) of unknown sign: f^2k outside, a square itself; f^2 left inside (|f|)
            out, left = (e // 2, 0) if _never_negative(factor) else (e // 4 * 2, e % 4)
            if out:
                halves = True
                outside = o.mul(outside, (factor**out, proof.one))
            if left:
                roots.append(factor**left)
            continue
        half, odd = divmod(e, 2)
        if odd:
            roots.append(factor * sign)
        if half:
            halves = True
            power = (factor * sign) ** abs(half)
            outside = o.mul(outside, (power, proof.one) if half > 0 else (proof.one, power))
    if root == 1 and not halves and len(roots) == 1 and roots[0] == q[0] and q[1].is_one():
        return None  # nothing moves: the caller's own atom
    for inside in roots:  # sqrt(x^2 - 1) is sqrt(x - 1) sqrt(x + 1), as a library may write it
        outside = o.mul(outside, o.sqrt_atom((inside, proof.one)))
    return outside


def _never_negative(poly):
    """Whether every term of ``poly`` is a positive coefficient times even powers (x^2 + y^2): |poly| is poly."""
    return all(c > 0 and all(e % 2 == 0 for e in m) for m, c in poly.to_dict().items())


def _integer_root(c):
    """A positive rational c as (r, s): c = r^2 s with s a square-free integer (as far as its primes are found
    within FACTOR_BITS; an integer past that stays whole)."""
    flint = _ops.state().flint
    n, d = int(c.p), int(c.q)
    whole = flint.fmpz(n * d)  # c = n d / d^2
    root, rest = flint.fmpz(1), whole
    if whole.bit_length() <= FACTOR_BITS:
        rest = flint.fmpz(1)
        for prime, e in _primes(whole):
            root *= prime ** (int(e) // 2)
            rest *= prime ** (int(e) % 2)
    else:
        r, remainder = whole.sqrtrem()
        if remainder == 0:
            root, rest = r, flint.fmpz(1)
    return flint.fmpq(int(root), d), _ops.state().ctx.constant(int(rest))


def _constant_log(c):
    """log of a positive rational constant as the sum of its primes' logs (an atom of its own past FACTOR_BITS)."""
    o = _ops
    proof = o.state()
    out = _q(0)
    if c == 1:
        return out
    if max(int(c.p).bit_length(), int(c.q).bit_length()) > FACTOR_BITS:
        return log_atom(_q(c))
    for integer, sign in ((c.p, 1), (c.q, -1)):
        for prime, e in _primes(proof.flint.fmpz(integer)):
            atom = o.log_of(str(int(prime)))
            proof.logs.setdefault(str(atom[0]), _q(int(prime)))  # exp of it is the prime again
            out = o.add(out, o.mul(_q(sign * int(e)), atom))
    return out


def _primes(n):
    """The primes of the integer ``n`` (at most FACTOR_BITS bits) with their powers, found once per proof and
    paid for from the check's budget first: a 128-bit semiprime takes ~0.5 s, one of 64 bits ~1 ms."""
    proof = _ops.state()
    key = ("integer", int(n))
    found = proof.factored.get(key)
    if found is None:
        proof.afford(1e-3 if n.bit_length() <= 64 else 0.5)
        found = proof.factored[key] = _integer_primes(int(n))
    return found


@functools.lru_cache(maxsize=1024)
def _integer_primes(n):
    """The primes of the integer ``n`` with their powers, as `_primes` hands them out: kept for the process, since
    the same integers come back proof after proof (a literal such as 1e38 at every point and dtype of a check, and
    in every check of it), and one of 127 bits with large primes takes ~20 ms to factor."""
    return tuple(_ops.state().flint.fmpz(n).factor())
