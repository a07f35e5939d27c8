"""Forward mode on balls for the exact reference of a Python function, and what `exact_python` shares with it.

`_on_jets` runs a program, held to one path, on jets (`arb.Jet`: a ball and its
derivatives, each op's from the mathematics' own table, never from gradcli's
rules), the bits doubling until every derivative entry is a proven number. A
ball around 0 proves no 0: an entry is 0 only where its ball is exactly 0 or
the program proves it (`python_zero`); one still around 0 at `balls.MAX_BITS`
leaves the point without an exact reference, saying how close to 0 it is.
"""

from __future__ import annotations

import numpy as np

from ..autodiff import arb as arb_core
from ..autodiff.ops import raw
from . import balls, python_zero

GUARD_BITS = 56  # bits beyond what resolves the derivative: ~17 digits
START_BITS = 128
UNDECIDED_BITS = 4096  # the most bits tried for an undecided branch or a ball that is not finite
ZERO_LOG2 = balls.ZERO_RADIUS_LOG2  # the width around 0 differences seek: within it none tells a number from 0


class _Fallback(Exception):
    """Balls cannot answer here: the mpmath path takes over."""


class _Unresolvable(_Fallback):
    """No difference resolves the derivative within `balls.MAX_BITS`: mpmath's fewer digits would not either."""


class _LeavesDomain(_Unresolvable):
    """The function is not finite a difference step beside the point at every precision: the step leaves its
    domain (polygamma's order off a whole number). Along one coordinate the entry is NaN, which one-sided quotients
    then settle (`no_derivative`); along a random direction the mpmath path judges each coordinate."""


class _OffPath(_Fallback):
    """A difference point decides a branch otherwise than the point itself: a switch lies within the step."""


class _NotFinite(_Fallback):
    """A ball came out infinite or NaN: exp(1e300) at 128 bits (more bits may tell), or log(0) (none will)."""


def interned(flat):
    """One exact ball per distinct float of ``flat``: equal entries are then one ball, so the same ops on
    them share their answers by identity (`arb._share`), and a max among them is a proven tie (w = [800,
    800, 800] under tanh(softplus(w)) overlapped at every precision, until the time ran out)."""
    made, out = {}, []
    for v in flat:
        v = float(v)
        ball = made.get(v)
        if ball is None:
            ball = made[v] = arb_core.ARB(v)
        out.append(ball)
    return out


def _seeded(args, direction=None, coordinate=None):
    """The arguments as jets: each coordinate its own unit tangent, all along ``direction``, or only ``coordinate`` (a flat index) moving."""
    n = sum(int(np.size(a)) for a in args)
    width = n if direction is None and coordinate is None else 1
    zero = arb_core.ARB(0)
    out, k = [], 0
    for i, a in enumerate(args):
        flat = np.asarray(a, dtype=np.float64).ravel()
        along = None if direction is None else np.asarray(direction[i], dtype=np.float64).ravel()
        jets, values = [], interned(flat)
        for j, v in enumerate(values):
            d = np.full(width, zero, dtype=object)
            if coordinate is not None:
                d[0] = arb_core.ARB(int(k == coordinate))
            elif direction is None:
                d[k] = arb_core.ARB(1)
            else:
                d[0] = arb_core.ARB(float(along[j]))
            jets.append(arb_core.Jet(v, d))
            k += 1
        if np.ndim(a) == 0:
            out.append(jets[0])
        else:
            arr = np.empty(np.shape(a), dtype=object)
            for j, jet in enumerate(jets):
                arr.flat[j] = jet
            out.append(arr)
    return out


def _jet_out(out, width):
    """(value ball, derivative balls) of what a program returned on jets; None if it is not one number."""
    out = raw(out)
    if isinstance(out, np.ndarray):
        if out.size != 1:
            return None
        out = out.reshape(())[()]
    if type(out) is arb_core.Jet:
        out, d = out.v, out.d  # a constant's jet (where's 0 picked) holds the plain number as its value
    else:
        d = None
    if isinstance(out, arb_core.ARB):
        value = out
    elif isinstance(out, (int, float, np.floating, np.integer)) and not isinstance(out, (bool, np.bool_)):
        value = arb_core.ARB(float(out))
    else:
        return None
    if d is None:
        d = [arb_core.ARB(0)] * width
    return value, list(d)


def _on_jets(on_path, args, bits, budget, direction=None, coordinate=None):
    """(settled derivative entries as mpf, bits) of ``on_path`` (a function held to one path) on jets
    seeded as `_seeded` seeds them; None where jets cannot tell.

    An entry is 0 only where its ball is exactly 0 or the program proves it
    (`python_zero`, tried once an entry is a ball around 0); one still around 0
    at `balls.MAX_BITS` leaves the point without an exact reference (`_Unresolvable`).
    """
    width = sum(int(np.size(a)) for a in args) if direction is None and coordinate is None else 1
    proof = None  # which entries the program proves 0: asked once, the first time one is a ball around 0
    slopes = None  # the entries as balls from the program's exact quotients (`python_zero.exact_slopes`); False: none
    while bits <= balls.MAX_BITS:
        budget.afford()
        _precision(bits)
        try:
            with np.errstate(all="ignore"):
                got = _jet_out(on_path(*_seeded(args, direction, coordinate)), width)
        except (arb_core.Undecided, _NotFinite):
            got = False  # a branch the balls cannot decide yet: more bits may
        except _OffPath:
            return None
        except Exception:  # noqa: BLE001 - an op without jets (NoArb), or code that wants floats
            return None
        if got is None:
            return None
        if got is not False:
            value, d = got
            if all(e.is_finite() for e in d) and value.is_finite():
                if proof is None and any(_around_zero(e) for e in d):
                    proof = _proven_at_few_bits_first(
                        lambda: python_zero.proven(on_path, args, direction, coordinate, afford=budget.afford)[1], bits)
                    if direction is None and coordinate is None:
                        proof = _each_alone(on_path, args, d, proof, budget, bits)
                d = [arb_core.ARB(0) if proof and proof[k] and e.contains(0) else e for k, e in enumerate(d)]
                wanted = [k for k, e in enumerate(d) if _around_zero(e)]  # not 0: their exact quotients, cancelled
                if wanted and slopes is None:
                    slopes = python_zero.exact_slopes(on_path, args, direction, coordinate, budget.afford) or False
                if wanted and slopes is not False:
                    exact = slopes(wanted)
                    d = [q if q is not None and _exact_settled(q) and q.overlaps(e) else e for e, q in zip(d, exact)]
                if all(_exact_settled(e) for e in d):
                    return [balls.settled(e) for e in d], bits
                if bits >= balls.MAX_BITS and all(_exact_settled(e) or _around_zero(e) for e in d):
                    raise _bounded(_not_proven("gradient", [e for e in d if _around_zero(e)]), d,
                                   direction is None and coordinate is None)
            elif bits >= UNDECIDED_BITS:
                return None  # sqrt at 0: a derivative not finite, the differences' and kink test's to judge
        bits *= 2
    return None


def _each_alone(on_path, args, d, proof, budget, bits):
    """``proof`` (every coordinate seeded at once) with each entry around 0 it left unproven asked again of the
    program seeded in that coordinate alone: one seed carries fewer terms than all of them (a shared bias's slope,
    0 since softmax's weights sum to 1, is past the proof's terms beside six weights' slopes, not alone)."""
    return [bool(p) or (_around_zero(e) and _proven_at_few_bits_first(
        lambda k=k: python_zero.proven(on_path, args, coordinate=k, afford=budget.afford)[1], bits)[0])
            for k, (e, p) in enumerate(zip(d, proof))]


PROOF_BITS = START_BITS  # the precision a proof of a 0 is tried at first, however many bits the balls climbed to


def _proven_at_few_bits_first(prove, bits):
    """``prove()`` (a list of flags, each entry proven 0) at `PROOF_BITS`, then at ``bits`` for the entries not
    proven there. A proof is exact algebra: its balls only decide branches and prove denominators nonzero, which few
    bits mostly do, where a decomposition's own run at the climb's thousands of bits (mpmath's iterations) fails."""
    import flint  # lazy: as `_precision`
    import mpmath

    if bits <= PROOF_BITS:
        return prove()
    with flint.ctx.workprec(PROOF_BITS), mpmath.workprec(PROOF_BITS + GUARD_BITS):
        first = prove()
    if all(first):
        return first
    return [a or b for a, b in zip(first, prove())]


def _exact_settled(ball):
    """Whether ``ball`` proves an exact number: exactly, or to `balls.RELATIVE_RADIUS`; never a ball around 0."""
    return not _around_zero(ball) and balls.settled(ball) is not None


def _is_exact_zero(ball):
    return ball.is_exact() and ball.is_zero()


def _around_zero(ball):
    return not ball.is_exact() and ball.contains(0)


def _bounded(message, entries, per_coordinate):
    """`_Unresolvable` with ``message``, carrying ``bounded`` where the entries are the gradient's, one per coordinate:
    ``(log2, numbers)``, each entry its settled number or None where it is a ball around 0 whose magnitude is proven
    below 2^log2 (the most of those bounds); None along a direction or a coordinate."""
    error = _Unresolvable(message)
    error.bounded = None
    if per_coordinate:
        log2 = max(_log2(e.abs_upper()) for e in entries if _around_zero(e))
        error.bounded = (log2, [None if _around_zero(e) else balls.settled(e) for e in entries])
    return error


def _not_proven(what, around):
    """Why there is no reference where ``around`` (balls, or a log2 of their width) are 0 only within their width."""
    if not isinstance(around, int):
        around = max(_log2(arb_core.ARB(b.rad())) for b in around)
    return f"the exact {what} is within 2^{around} of 0 but not proven 0{balls.below_every_float(around)}"


def _precision(bits):
    """Balls at ``bits``, and mpmath well past them.

    A rule's constants (ln 2, 2/sqrt(pi)) come from mpmath when balls are its
    numbers; at mpmath's own 53 bits they would be float64s that balls take as exact.
    """
    import flint
    import mpmath

    flint.ctx.prec = bits
    mpmath.mp.prec = bits + GUARD_BITS


def _log2(ball):
    """log2 of a ball's magnitude (ZERO_LOG2 for 0)."""
    mid = ball.mid()
    if mid.is_zero():
        return ZERO_LOG2
    man, exp = mid.man_exp()
    return int(exp) + int(man).bit_length() if int(man) else ZERO_LOG2
