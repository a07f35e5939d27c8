"""Proving that a Python function's exact value or derivative is 0 at a point, from the program itself.

On balls a 0 computed inexactly (the derivative of sin(x)**2 + cos(x)**2, a
softmax's sum minus 1) is 0 +- 2^-prec at every precision: no ball proves it,
and the exact reference calls nothing 0 that is not proven. `proven` runs the
program, on the branches the point takes, on `autodiff.arb_proof.Sym` numbers:
each one a ball (which decides the branches) and the exact rational function
the program computed over the values of the functions it called, with its
derivatives. A derivative whose function is the zero function is 0: a proof.
It runs twice, the inputs once as their exact rational values (a 0 that holds
at the point only, 2 (x - 0.4) at 0.4) and once as unknowns (an identity of the
functions in x, tanh(x) against 1 - 2 / (1 + exp(2 x)), which constant inputs
make into unrelated numbers); a 0 either run proves is proven.
"""

from __future__ import annotations

import contextlib
import time

import numpy as np

from ..autodiff import arb as arb_core
from ..autodiff import arb_proof, arb_proof_linalg, arb_proof_series
from ..autodiff.tracer import hooks
from . import balls


def _flat_point(args):
    """The point's arguments as one flat float64 array, in the order the proofs seed their coordinates."""
    return np.concatenate([np.asarray(a, dtype=np.float64).ravel() for a in args]) if args else np.zeros(0)


@contextlib.contextmanager
def _proving(afford=None):
    """One proof run (`arb_proof.session`) that no watch of the caller's sees: its ops on proof numbers are no
    ops of the program at the digits a watch follows (a sum's absorption watch would compare them as numbers,
    deciding branches the proof then misses)."""
    saved = hooks.forward, hooks.backward
    hooks.forward = hooks.backward = None
    try:
        with arb_proof.session(afford) as proof, np.errstate(all="ignore"):
            yield proof
    finally:
        hooks.forward, hooks.backward = saved


def proven(run, args, direction=None, coordinate=None, value_only=False, afford=None):
    """``(value proven 0, [each derivative entry proven 0])`` of ``run(*args)`` (a program held to one path).

    The derivatives are seeded as `exact_python._seeded` seeds jets: every
    coordinate (no ``direction`` or ``coordinate``), along ``direction`` (one
    entry), or in the flat coordinate ``coordinate`` alone (one entry); with
    ``value_only``, none (the value alone is asked about); ``afford``: as `decided`. Nothing
    proven where the program cannot run on proof numbers (an op without a rule,
    a float taken out): all False.
    """
    flat = _flat_point(args)
    n = flat.size
    tangents = [[] for _ in range(n)] if value_only else _tangents(flat, direction, coordinate)
    width = len(tangents[0]) if n else 0
    if n == 0:
        return False, []
    value, entries = False, [False] * width
    for symbolic in (False, True):
        try:
            with _proving(afford):
                numbers = arb_proof.seeded(flat, tangents, symbolic)
                zero, found = arb_proof.zeros_of(run(*_shaped_like(numbers, args)))
        except Exception:  # noqa: BLE001 - no proof either way: an op without a rule, a float taken out, a limit
            continue
        value = value or zero
        if found is not None:
            entries = [a or b for a, b in zip(entries, found)]
        else:
            entries = [True] * width  # nothing moved: every derivative is exactly 0
        if value and all(entries):
            break
    return value, entries


def exact_slopes(run, args, direction=None, coordinate=None, afford=None, symbolic=False):
    """A callable giving the derivative entries of ``run`` at the point (seeded as `proven` seeds them) as
    balls at flint's precision when called with the entries wanted (indices), each from the exact quotient the
    program computed (None where not wanted, where it has none, or no ball: an unknown, a decomposition);
    None where the program cannot run on proof numbers. ``afford``: as `decided`; ``symbolic``: the inputs
    unknowns (`arb_proof.seeded`).

    A ball around 0 at every precision (a derivative p - p (1 - t) with t = e^-1e213, two equal p met as
    two balls) is then the quotient after its cancellation, a number with all its digits.
    """
    flat = _flat_point(args)
    tangents = _tangents(flat, direction, coordinate)
    try:
        with _proving(afford) as proof:
            out = run(*_shaped_like(arb_proof.seeded(flat, tangents, symbolic), args))
            out = np.asarray(out, dtype=object).reshape(-1)
            if out.size != 1 or type(out[0]) is not arb_proof.Sym or out[0].d is None:
                return None
            quotients = list(out[0].d)
    except Exception:  # noqa: BLE001 - no quotients: an op without a rule, a float taken out, a limit
        return None

    at_point = (proof.points,) if symbolic else ()  # the unknown inputs' values

    def balls(wanted):
        entries = [None] * len(quotients)
        for k in wanted:
            try:
                entries[k] = None if quotients[k] is None else arb_proof.ball_of(proof, quotients[k], *at_point)
            except (LookupError, ArithmeticError, ValueError):
                pass
        return entries

    return balls


def cone_slopes(run, args, bits, direction=None):
    """Each flat coordinate's right-hand slope c of ``run`` at the point where its value is the root of a sum of
    weighted squares proven 0 there (a norm at the 0 vector, an RMS distance at a perfect fit), as a ball at
    ``bits`` (`arb_proof.cone_slopes`): its left-hand slope is -c, a cone where c > 0 and slope 0 where c is the
    exact 0. One run on proof numbers with every coordinate seeded decides them all; None for a coordinate it cannot
    decide, and for all where the value is no such root or the run decided a branch at a tie, met arcsin or arccos
    at +-1 or a repeated spectrum entry (the pieces beside the point may then be other functions). Along
    ``direction`` (one array per argument), one entry: the slopes along it."""
    import flint  # lazy: python-flint, only where a proof runs

    flat = _flat_point(args)
    tangents = _tangents(flat, direction, None)
    nothing = [None] * (len(tangents[0]) if flat.size else 0)
    # the caller's records (a climb's or a kink test's own decisions and ties) are put back after this run's
    callers = arb_core.decisions, arb_core.ties, arb_proof.ends, arb_proof_linalg.repeated
    arb_core.decisions, arb_core.ties, arb_proof.ends, arb_proof_linalg.repeated = [], [], [], []
    try:
        with flint.ctx.workprec(bits), _proving():
            out = np.asarray(run(*_shaped_like(arb_proof.seeded(flat, tangents), args)), dtype=object).reshape(-1)
            if out.size != 1 or type(out[0]) is not arb_proof.Sym:
                return nothing
            slopes = arb_proof.cone_slopes(out[0])
        if arb_core.ties or arb_proof.ends or arb_proof_linalg.repeated or len(slopes) != len(nothing):
            return nothing
        return slopes
    except Exception:  # noqa: BLE001 - no run on proof numbers: nothing decided
        return nothing
    finally:
        arb_core.decisions, arb_core.ties, arb_proof.ends, arb_proof_linalg.repeated = callers


def zeros_defined_beside(run, args, afford=None):
    """[each flat coordinate's derivative entry of ``run`` proven 0 on one run that also proves the program a number
    all about the point], or None where no such run is had. The run is on proof numbers with every input an unknown
    (`arb_proof.seeded`'s ``symbolic``), every ball finite (`arb_proof.finite_only`), no branch decided at a tie, no
    arcsin or arccos at +-1, no repeated spectrum entry, no domain edge named. A finite ball alone does not show an
    argument inside its domain beside the point (sqrt(0), u^1.5 at u = 0, arccosh(1) are finite at a domain's edge);
    the proof numbers' rules leave every slope unknown at such an edge (sqrt's tip, a fractional power of an exact 0)
    unless the argument is that edge identically, so an entry proven 0 met none: the program beside the point is then
    the function the run followed. An op's convention for an exact 0 it meets counts only as an identity of the
    unknowns (xlogy(l, l) of an eigenvalue l of a rank-one a a^H: its characteristic polynomial's constant term the
    zero polynomial, so l is 0 at every nearby point and 0 log l is 0 there), never as a 0 at the point alone
    (0 log l with l = -t^2 is no number beside t = 0; its quotient is no zero polynomial and the run stops). Where
    this holds, a NaN the program's numbers give beside the point (an eigensolver's 0 a sliver below 0 at every
    precision) is rounding's, not the function's."""
    flat = _flat_point(args)
    if flat.size == 0:
        return None
    tangents = _tangents(flat, None, None)
    # the caller's records (a climb's or a kink test's own decisions and ties) are put back after this run's
    callers = (arb_core.decisions, arb_core.ties, arb_proof.ends, arb_proof_linalg.repeated, arb_proof.edges,
               arb_proof.finite_only, arb_proof.still)
    arb_core.decisions, arb_core.ties, arb_proof.ends, arb_proof_linalg.repeated, arb_proof.edges = [], [], [], [], []
    # every coordinate seeded: a tie between numbers no seed moves (each derivative the zero function of the
    # unknowns: where(l == 0, 1, l) of an eigenvalue l that is 0 all about the point) is decided alike all about it
    arb_proof.finite_only, arb_proof.still = True, True
    try:
        with _proving(afford):
            numbers = arb_proof.seeded(flat, tangents, True)
            _, found = arb_proof.zeros_of(run(*_shaped_like(numbers, args)))
        if arb_core.ties or arb_proof.ends or arb_proof_linalg.repeated or arb_proof.edges:
            return None
        return [True] * flat.size if found is None else list(found)  # None: nothing moved, a constant
    except Exception:  # noqa: BLE001 - no run on proof numbers: nothing proven
        return None
    finally:
        (arb_core.decisions, arb_core.ties, arb_proof.ends, arb_proof_linalg.repeated, arb_proof.edges,
         arb_proof.finite_only, arb_proof.still) = callers


def no_number_all_about(run, args):
    """Whether ``run(*args)``'s value is a 0/0 at every point about this one: on proof numbers with every input an
    unknown, a division whose numerator and denominator are both the zero function of them (`arb_proof.staying`:
    (sin((1 - t) pi) - sin(t pi)) / sin(pi) for every t) reaches the value, an unknown no branch leaves out. Its
    value and slopes are then no numbers, at any precision, where the program's numbers make a different O(1)
    quotient of two roundings at each."""
    flat = _flat_point(args)
    if flat.size == 0:
        return False
    arb_proof.staying = []
    try:
        with _proving():
            out = run(*_shaped_like(arb_proof.seeded(flat, [[] for _ in range(flat.size)], True), args))
        values = list(np.asarray(out, dtype=object).flat)
        return bool(arb_proof.staying) and len(values) == 1 and getattr(values[0], "q", 0) is None
    except Exception:  # noqa: BLE001 - no run on proof numbers: nothing shown
        return False
    finally:
        arb_proof.staying = None


def rule_zeros(rule, args):
    """[per argument, each entry of the gradient ``rule(*numbers)`` returns (one array or number per argument)
    proven exactly 0], the rule itself run on proof numbers, at the point's values and as unknowns: an entry 0
    by algebra (Owen's T and its mirror image, T(h, a) + T(h, -a), whose slopes' balls are 0 +- 2^-bits at every
    precision of a costly integral) is settled without a climb. Nothing proven where the rule cannot run so."""
    flat = _flat_point(args)
    found = [[False] * int(np.size(a)) for a in args]
    for symbolic in (False, True):
        try:
            with _proving():
                gradient = rule(*_shaped_like(arb_proof.seeded(flat, [[] for _ in flat], symbolic), args))
                zeros = [[arb_proof.zeros_of(e)[0] for e in np.ravel(np.asarray(g, dtype=object))] for g in gradient]
        except Exception:  # noqa: BLE001 - no proof either way: an op without a rule, a float taken out, a limit
            continue
        if [len(z) for z in zeros] == [len(f) for f in found]:
            found = [[a or b for a, b in zip(f, z)] for f, z in zip(found, zeros)]
    return found


def slopes_beside_pole(run, args, bits):
    """Each coordinate's derivative entry of ``run`` at a pole of its value (log(x0^2) + x1^2 at x0 = 0), as a
    ball: the slope the function has beside the pole along the coordinate (log(x0^2) is -inf all along x1, and the
    slope is 2 x1's; log(x0^2 x1^2)'s is 2 / x1 wherever x0 is not 0; `arb_proof._beside_the_pole`), None where it
    has none (the pole's term itself moves: x1 log(x0^2) along x1; a branch taken at a tie parts along it, as each
    |.| of 1 / (|x1 - x0| + |x2 - x1|) at x0 = x1 = x2 along x1) or where the program cannot run on proof numbers;
    each ball at ``bits``."""
    import flint  # lazy: python-flint, only where a proof runs

    flat = _flat_point(args)
    arb_proof.beside_poles = True
    arb_proof.tied_seeds = set()
    try:
        with flint.ctx.workprec(bits):
            slopes = exact_slopes(run, args, symbolic=True)
            if slopes is None:
                return [None] * flat.size
            # a coordinate that parts a tie's operands takes one branch's slope: the function has none to give there
            return [None if k in arb_proof.tied_seeds else e for k, e in enumerate(slopes(range(flat.size)))]
    finally:
        arb_proof.beside_poles = False
        arb_proof.tied_seeds = set()


def still_root_slopes(run, args):
    """A callable giving, at ``bits``, {flat coordinate: its derivative entry of ``run`` at the point as a ball} for
    each coordinate that leaves a root (sqrt, a fractional power) of a computed exact 0 at 0 all along its line
    (`arb_proof.still_roots`: the discriminant of a ray grazing a circle, b^2 - c, which ox moves in both terms alike),
    from the exact quotient the program computes with the inputs unknowns; None where the program meets no such root,
    or its run decided a branch at a tie, met arcsin or arccos at +-1 or a repeated spectrum entry. A difference along
    such a coordinate evaluates the root of that 0 as each step rounds it, a noise the root magnifies to its square
    root (or NaN below 0) at every precision, so no precision settles it, while the proof's slope is exact."""
    import flint  # lazy: python-flint, only where a proof runs

    callers = arb_core.decisions, arb_core.ties, arb_proof.ends, arb_proof_linalg.repeated
    arb_core.decisions, arb_core.ties, arb_proof.ends, arb_proof_linalg.repeated = [], [], [], []
    arb_proof.still_roots = []
    try:
        slopes = exact_slopes(run, args, symbolic=True)
        still = sorted(set(arb_proof.still_roots))
        if slopes is None or not still or arb_core.ties or arb_proof.ends or arb_proof_linalg.repeated:
            return None
    finally:
        arb_proof.still_roots = None
        arb_core.decisions, arb_core.ties, arb_proof.ends, arb_proof_linalg.repeated = callers

    def at(bits):
        with flint.ctx.workprec(bits):
            entries = slopes(still)
        return {k: entries[k] for k in still if entries[k] is not None}

    return at


def through_held_steps(run, args, bits):
    """``[value, *each coordinate's derivative entry]`` of ``run`` at the point, as balls at ``bits`` from the exact
    quotients the program computes on proof numbers, where it takes a step of an argument its balls never part from
    the step but its quotient proves a rational constant (floor(sin(x)^2 + cos(x)^2) x: floor(1), exactly 1, slope
    0, the value x); None where it takes no such step, or a quotient or its ball is not known. The inputs unknowns,
    so a seed that leaves the step's argument still leaves the step still (`arb_proof._step`)."""
    import flint  # lazy: python-flint, only where a proof runs

    flat = _flat_point(args)
    if not _takes_a_held_step(run, args, flat):  # (a run without slopes first: a seed per input costs as many)
        return None
    arb_proof.held_steps = []
    try:
        with flint.ctx.workprec(bits), _proving() as proof:
            out = np.asarray(run(*_shaped_like(arb_proof.seeded(flat, _tangents(flat, None, None), True), args)),
                             dtype=object).reshape(-1)
            if not arb_proof.held_steps or out.size != 1 or type(out[0]) is not arb_proof.Sym:
                return None
            quotients = [out[0].q, *(out[0].d or [None] * flat.size)]
            if any(q is None for q in quotients):
                return None
            return [arb_proof.ball_of(proof, q, proof.points) for q in quotients]
    except Exception:  # noqa: BLE001 - no exact run: an op without a rule, a float taken out, a limit, no ball
        return None
    finally:
        arb_proof.held_steps = []


def _takes_a_held_step(run, args, flat):
    """Whether ``run``'s value on proof numbers takes a step of a constant no ball parts from the step."""
    arb_proof.held_steps = []
    try:
        with _proving():
            run(*_shaped_like(arb_proof.seeded(flat, [[] for _ in flat], True), args))
        return bool(arb_proof.held_steps)
    except Exception:  # noqa: BLE001 - no run on proof numbers: no step held either
        return False
    finally:
        arb_proof.held_steps = []


def rule_through_held_steps(rule, args, bits):
    """[per argument, each entry of the gradient ``rule(*numbers)`` returns], mpmath numbers from the exact quotients
    the rule computes on proof numbers, where it takes a held step (`through_held_steps`: the rule of floor(sin(x)^2
    + cos(x)^2) x is floor(1), which no precision rounds to one side of the step); None elsewhere, or where an entry
    has no settled ball."""
    import flint  # lazy: python-flint, only where a proof runs

    flat = _flat_point(args)
    arb_proof.held_steps = []
    try:
        with flint.ctx.workprec(bits), _proving() as proof:
            gradient = rule(*_shaped_like(arb_proof.seeded(flat, [[] for _ in flat], True), args))
            entries = [[arb_proof.lift(e) for e in np.ravel(np.asarray(g, dtype=object))] for g in gradient]
            if not arb_proof.held_steps or any(e.q is None for g in entries for e in g):
                return None
            out = [[balls.settled(arb_proof.ball_of(proof, e.q, proof.points)) for e in g] for g in entries]
    except Exception:  # noqa: BLE001 - no exact run: an op without a rule, a float taken out, a limit, no ball
        return None
    finally:
        arb_proof.held_steps = []
    return None if any(e is None for g in out for e in g) else out


# The longest a proof run deciding the point's branches takes (`decided`): a loop that ends where rounding makes
# s + term == s runs for ever on proof numbers; past it mpmath's path, whose every precision rounds, takes over.
DECIDING_SECONDS = 5.0


class Misaligned(arb_core.Undecided):
    """The branches decided on proof numbers do not replay on balls one for one: no piece to follow from them."""


def decided(run, numbers, afford=None):
    """``run(*numbers)`` (balls) for the branches it takes (`arb.decisions`); where two balls overlap at every
    precision the caller pays for (a max of tanh(softplus(800)) against its value at 800 (1 + 2^-1130)), the
    same run on proof numbers, whose overlapping comparisons the exact quotients decide (a tie proven, or
    the sign of a difference whose cancellation algebra has done). The balls' Undecided where neither can.

    The proof run's decisions are what the caller replays (`arb.forced`) on balls and jets, so they are
    replayed on the balls here first: each must be taken exactly once, and none decided besides (else
    `Misaligned`: an op that decides a different number of times on proof numbers than on balls would make
    the replay follow another piece; a decision the balls take otherwise, two swapped, is `Misaligned` too).
    ``afford(estimate)``: the check's budget, asked before each further
    pass of an exact comparison (`arb_proof.session`)."""
    arb_core.decisions = []
    try:
        return run(*numbers)
    except arb_core.Undecided as undecided:
        arb_core.decisions = []
        try:
            with _proving(afford):
                lift = np.frompyfunc(arb_proof.lift, 1, 1)
                arb_core.decide_by = time.perf_counter() + DECIDING_SECONDS
                try:
                    out = run(*[lift(np.asarray(a, dtype=object)) if np.ndim(a) else arb_proof.lift(a) for a in numbers])
                finally:
                    arb_core.decide_by = None
        except Exception:  # noqa: BLE001 - no exact decision either: the balls' answer stands
            raise undecided from None
    _replayed(run, numbers, list(arb_core.decisions))
    return out


def _replayed(run, numbers, path):
    """Check that ``run(*numbers)`` on balls takes the decisions ``path`` one for one (`Misaligned` if not),
    leaving `arb.decisions` as ``path``."""
    arb_core.decisions, arb_core.forced, beyond = [], path, 0
    arb_core.checking, arb_core.contradicted = True, []  # a decision the balls can take must be taken alike
    try:
        with np.errstate(all="ignore"):
            run(*numbers)
    except arb_core.Undecided:
        beyond = 1  # a decision past the forced ones, which the balls cannot take
    finally:
        arb_core.forced, arb_core.checking = None, False
    taken, arb_core.decisions = len(arb_core.decisions) + beyond, path
    if taken != len(path):
        raise Misaligned(f"{len(path)} branches decided on proof numbers, {taken} replayed on balls")
    if arb_core.contradicted:
        first = arb_core.contradicted[0] + 1
        raise Misaligned(f"branch {first} of {len(path)} decided otherwise on balls than on proof numbers")


def symmetric(run, args, step, direction=None, coordinate=None):
    """Whether ``run`` (a program held to one smooth piece) is the same function of an unknown step H at
    x + H v and at x - H v (v: ``direction``, or the unit vector of the flat ``coordinate``): its central
    differences are then 0 at every step, and the piece's derivative along v is 0 (sin(x)/x at 0, whose
    own point divides 0 by 0). ``step`` (a ball) is the step at which the balls decide the branches."""
    flat = np.concatenate([np.asarray(a, dtype=np.float64).ravel() for a in args])
    if direction is not None:
        offsets = np.concatenate([np.asarray(d, dtype=np.float64).ravel() for d in direction])
    else:
        offsets = [float(k == coordinate) for k in range(flat.size)]
    try:
        with _proving():
            up, down = (run(*_shaped_like(arb_proof.stepped(flat, offsets, step, side), args)) for side in (1, -1))
            return arb_proof.same(up, down)
    except Exception:  # noqa: BLE001 - no proof either way
        return False


def constant_along(run, args, coordinate):
    """Whether ``run`` is, on the point's branches, the same exact function at x + H e and at x - H e (H > 0
    unknown, e the flat ``coordinate``'s unit vector) as at x itself: constant along that coordinate near the point,
    so both one-sided slopes are 0 and no kink is there to look for, however noisy the other coordinates' terms
    keep its differences (a factorial's where at n = -3 beside n = 2.5's gamma: 0 at every step)."""
    flat = np.concatenate([np.asarray(a, dtype=np.float64).ravel() for a in args])
    path = _smooth_path(run, args, flat, coordinate)
    if path is False:
        # a slope no proof forms (arccos's at its edge, z / r = 1 at the pole) leaves the branches the value takes;
        # the steps below decide constancy on their own, a branch that changes within them refused
        path = _path_run(run, args, flat, [[] for _ in flat], symbolic=False)
    if not isinstance(path, list):
        return False
    held = _held_to(run, path)
    offsets = [float(k == coordinate) for k in range(flat.size)]
    step = arb_core.ARB(2.0**-30 * (abs(float(flat[coordinate])) or 1.0))
    try:
        with _proving():
            at = held(*_shaped_like(arb_proof.seeded(flat, [[] for _ in flat]), args))
            return all(arb_proof.same(held(*_shaped_like(arb_proof.stepped(flat, offsets, step, side), args)), at)
                       for side in (1, -1))
    except Exception:  # noqa: BLE001 - no proof either way
        return False


def flat_along(run, args, coordinate):
    """Whether both one-sided slopes of ``run`` in the flat ``coordinate`` are 0 by proof: it is constant along it
    (`constant_along`), or its derivative there is proven 0 at the point (`proven`) by a run that decided no branch
    at a tie nor met arcsin or arccos at +-1 (`arb_proof.ends`: the angle of parallel vectors, a cone) or a repeated
    spectrum entry, so that 0 is the two-sided derivative (p log p of a silent FFT bin's share p ~ t^2, whose one-sided
    differences, h log h, stay within the rounding at every precision a kink test may climb to)."""
    # the caller's records (a kink test's own decisions and ties) are put back after these runs'
    callers = arb_core.decisions, arb_core.ties, arb_proof.ends, arb_proof_linalg.repeated
    try:
        if constant_along(run, args, coordinate):
            return True
        arb_core.decisions, arb_core.ties, arb_proof.ends, arb_proof_linalg.repeated = [], [], [], []
        zero = proven(run, args, coordinate=coordinate)[1][0]
        # no side taken at a tie, no cone's tip at +-1, no repeated spectrum entry (a decomposition's kink) met
        if zero and not (arb_core.ties or arb_proof.ends or arb_proof_linalg.repeated):
            return True
        return bool(arb_core.ties) and flat_beside_a_tie(run, args, coordinate)
    finally:
        arb_core.decisions, arb_core.ties, arb_proof.ends, arb_proof_linalg.repeated = callers


def slope_tends_to_0(run, args, step, coordinate, sides=None):
    """Whether ``run`` (a program held to one smooth piece) has slope 0 in the flat ``coordinate`` at the point by
    the mean value theorem: along x + H e and x - H e (H > 0 an unknown, e the coordinate's unit vector) its
    derivative is a quotient in H and functions of H that tends to the exact 0 as H falls to 0 on both sides (by
    its value at H = 0 where its denominator is nonzero there, else by its series in H, `arb_proof_series.limit`),
    and its value tends to the point's own. (f(x + H e) - f(x)) / H is then the derivative at some point between,
    which tends to 0: |d| d0 at d = 0, whose derivative 2 d0^2 / |d| + |d| divides by the norm, is 2H there once
    sqrt(H^2) is H. ``sides`` ({+1: a run, -1: a run}): each side's own piece, where the point's branch is taken
    at a tie (`_beside_a_tie`); ``run`` then gives the value at the point alone."""
    import flint  # lazy: python-flint, only where a proof runs

    flat = np.concatenate([np.asarray(a, dtype=np.float64).ravel() for a in args])
    offsets = [float(k == coordinate) for k in range(flat.size)]
    sides = sides or {1: run, -1: run}
    try:
        with _proving() as proof:
            at = np.asarray(run(*_shaped_like(arb_proof.seeded(flat, [[] for _ in flat]), args)), dtype=object)
            h = proof.atom(("step",))
            number = proof.number(h)
            proof.signs[number] = 1  # H > 0: sqrt(H^2) is H
            for side in (1, -1):
                out = sides[side](*_shaped_like(arb_proof.stepped(flat, offsets, step, side, slopes=True), args))
                out, value = arb_proof.lift(np.asarray(out, dtype=object).reshape(-1)[0]), at.reshape(-1)[0]
                if out.d is None or out.d[0] is None or out.q is None or arb_proof.lift(value).q is None:
                    return False
                limits = [_at_zero(proof, number, q, flint) for q in (out.d[0], arb_proof.sub(out.q, arb_proof.lift(value).q))]
                if not all(limit is not None and limit.is_zero() for limit in limits):
                    return False
            return all(name in _CONTINUOUS for name, _ in proof.defs.values())
    except Exception:  # noqa: BLE001 - no proof either way
        return False


# The functions whose atoms a limit at H = 0 may hold: each continuous wherever its ball is finite (arctan2 is
# not, on its cut; a SciPy function taken as an atom is not known to be).
_CONTINUOUS = frozenset(("exp", "log", "sqrt", "sin", "cos", "arcsin", "arccos", "arctan", "arcsinh", "arccosh",
                         "arctanh", "erf", "pi", "2/sqrt(pi)", "ball"))


def _at_zero(proof, number, q, flint):
    """The ball of the quotient ``q`` at H = 0 (atom ``number``), reduced by its parts' gcd first, where its
    denominator there is proven nonzero; else its limit as H falls to 0 where its series show one; else None."""
    num, den = q
    common = num.gcd(den)
    if not num.is_zero() and not common.is_one():
        num, den = num / common, den / common
    points = {number: flint.arb(0)}
    try:
        below = arb_proof.ball_of(proof, (den, proof.one), points)
        if below.is_finite() and not below.contains(0):
            return arb_proof.ball_of(proof, (num, proof.one), points) / below
    except (LookupError, ArithmeticError, ValueError):
        pass
    return arb_proof_series.limit(proof, number, (num, den), points)  # 0 / 0 at H = 0: by their series in H


def _tangents(flat, direction, coordinate):
    """Each input's derivative along each seed: along ``direction``, in the flat ``coordinate``, or every one."""
    n = flat.size
    if direction is not None:
        along = np.concatenate([np.asarray(d, dtype=np.float64).ravel() for d in direction])
        return [[float(t)] for t in along]
    if coordinate is not None:
        return [[float(k == coordinate)] for k in range(n)]
    return [[float(i == k) for i in range(n)] for k in range(n)]


def _shaped_like(numbers, args):
    out, position = [], 0
    for a in args:
        size = int(np.size(a))
        if np.ndim(a) == 0:
            out.append(numbers[position])
        else:
            array = np.empty(np.shape(a), dtype=object)
            for j in range(size):
                array.flat[j] = numbers[position + j]
            out.append(array)
        position += size
    return out


CONE_BITS = 256  # the precision of a cone's slopes (`Zeros.cones`): past the 20 digits a result shows


class Zeros:
    """The mpmath reference's proofs of its derivative entries that are 0 within their noise, each tried once.

    A central difference of a derivative that is exactly 0 (eigh's in the triangle
    it never reads, the spectral norm's off the diagonal of a diagonal matrix) is
    0 within a noise that shrinks with the precision and never vanishes: it settles
    only as a proof, at the point (`proven`) or as the same function of the step
    on both sides (`symmetric`). ``run`` is the program on proof numbers.
    """

    def __init__(self, run, args):
        self.run, self.args, self.known, self._paths, self._value = run, args, {}, {}, {}
        self.repeated = set()  # what the proofs met at a kink of a spectrum, in words (`arb_proof_linalg.repeated`)
        self.edges = {}  # flat coordinate -> the op whose domain's edge its proof met (`arb_proof.edges`)
        self.ends = False  # whether the proof of the value met arcsin or arccos at +-1 (`arb_proof.ends`)
        self.flat = _flat_point(args)
        self._cones = None  # `cone_slopes` at the point, asked once
        self._kinks = None  # `cone_kinks`, made once from them
        self._along = None  # `along_kinks`, asked once
        self._at_zero = False  # whether the value `settle` saw last is an exact 0
        self._still = False  # `still_root_slopes` at the point once asked (None: no such root), else False
        self._beside = None  # `zeros_defined_beside` at the point once asked (`_defined_beside`)

    def settle(self, entries, noises, size, before=None):
        """``(entries, noises)`` with each derivative entry (after the ``size`` value entries; None: a
        directional one, left alone) that is 0 within its noise and proven 0 made an exact 0; and each that
        fell tenfold from ``before`` (the entries at the precision below), as a difference's truncation error
        falls with its step (x^2 sqrt(x + 1) at 0: h^2 / 2 at every precision, no noise to be 0 within). Where the
        value is an exact 0, each entry at a cone's tip (`cone_kinks`: its central differences fall with the step as
        a smooth function's 0 does, whatever its two slopes -c and c) is NaN, no derivative, at every precision."""
        import mpmath  # lazy: the entries are the mpmath reference's

        if size is None or len(entries) - size != self.flat.size:
            return entries, noises
        entries, noises = list(entries), list(noises)
        self._at_zero = size == 1 and entries[0] == 0 and not noises[0]  # where a cone's tip may be: an exact 0
        if self._at_zero:
            for k, c in enumerate(self.cones()):
                if c is not None and c.is_zero():
                    self.known[k] = True  # o(t) along it: slope 0, proven with the cones
        for k, slope in self._still_slopes(entries[size:], noises[size:]).items():
            entries[size + k], noises[size + k] = slope, mpmath.mpf(0)  # (an infinite noise times 0 is NaN)
        unsure = [k for k in range(self.flat.size)
                  if not (mpmath.isfinite(entries[size + k]) and mpmath.isfinite(noises[size + k]))]
        if size == 1 and mpmath.isfinite(entries[0]) and unsure:
            # a slope no number (or one rounding decides whether it is one) where the value is one: 0 where a run
            # proves it 0 and the program a number all about the point (`zeros_defined_beside`), the NaN then the
            # differences' rounding (an eigenvalue 0 of a rank-one a a^H a sliver below 0 beside the point), not
            # an edge of the function's domain
            beside = self._defined_beside()
            for k in unsure:
                if beside[k] and k not in self.cone_kinks():
                    self.known[k] = True
                    entries[size + k], noises[size + k] = mpmath.mpf(0), mpmath.mpf(0)
        for k in range(self.flat.size):
            b, noise = entries[size + k], noises[size + k]
            falling = before is not None and b != 0 and abs(b) * 10 <= abs(before[size + k])
            cone = k in self.cone_kinks()
            if not cone and not self.known.get(k) and not falling and (not noise or not abs(b) <= noise):
                continue
            if k not in self.known:
                self.known[k] = self._proven(k)
            if self.known[k]:
                entries[size + k], noises[size + k] = 0 * b, 0 * noise
            elif cone:
                entries[size + k], noises[size + k] = mpmath.nan, 0 * noise
        return entries, noises

    def _defined_beside(self):
        """`zeros_defined_beside` of the program at the point, asked once: each flat coordinate's slope proven 0 on a
        run that proves the program a number all about the point (all False where no such run is had)."""
        if self._beside is None:
            arb_core.enable()  # the proof numbers' dispatch
            self._beside = zeros_defined_beside(self.run, self.args) or [False] * self.flat.size
        return self._beside

    def _still_slopes(self, entries, noises):
        """{flat coordinate: its exact slope, an mpmath number at the working precision} along each coordinate
        that leaves a root of a computed exact 0 still (`still_root_slopes`, asked once, the first time a derivative
        entry is not resolved: no number, or within its noise of 0); empty elsewhere."""
        import mpmath  # lazy: the entries are the mpmath reference's

        if self._still is False:
            if all(mpmath.isfinite(b) and mpmath.isfinite(n) and not (n and abs(b) <= n)
                   for b, n in zip(entries, noises)):
                return {}
            arb_core.enable()  # the proof numbers' dispatch
            self._still = still_root_slopes(self.run, self.args)
        if self._still is None:
            return {}
        found = {k: balls.settled(ball) for k, ball in self._still(mpmath.mp.prec + 64).items()}
        return {k: slope for k, slope in found.items() if slope is not None}

    def settle_along(self, entries, noises, direction):
        """``(entries, noises)`` of a scalar value and its derivative along ``direction`` (one array per argument), the
        derivative NaN where the value is an exact 0 at a cone's tip along it (`cone_slopes` along the direction,
        asked once); as they are elsewhere."""
        import mpmath  # lazy: the entries are the mpmath reference's

        if len(entries) != 2 or entries[0] != 0 or noises[0]:
            return entries, noises
        if self._along is None:
            arb_core.enable()  # the proof numbers' dispatch
            (c,) = cone_slopes(self.run, self.args, CONE_BITS, direction) or [None]
            right = balls.settled(c) if c is not None and c > 0 else None
            self._along = {} if right is None else {0: (-right, right)}
        if not self._along:
            return entries, noises
        return [entries[0], mpmath.nan], [noises[0], 0 * noises[1]]

    def along_kinks(self):
        """{0: (left slope, right slope)} along the direction `settle_along` proved a cone's tip in, else empty."""
        return self._along or {}

    def proven_entries(self, settled, size):
        """The entries ``settled`` (as `settle` returned them, with their noises) where every one is a proof's: the
        value an exact 0, each derivative entry a cone's tip (NaN, `cone_kinks`, or along the direction `along_kinks`)
        or proven 0; None otherwise."""
        import mpmath  # lazy: the entries are the mpmath reference's

        entries, noises = settled
        if self._along and len(entries) == 2 and entries[0] == 0 and not noises[0] and mpmath.isnan(entries[1]):
            return list(entries)  # along a direction, at a cone's tip
        if size != 1 or len(entries) != 1 + self.flat.size or entries[0] != 0 or noises[0]:
            return None
        kinks = self.cone_kinks()
        if self._cones is None or all(c is None for c in self._cones):
            return None  # no root of a sum of squares here: the climb's own agreement decides
        if not all(k in kinks or (self.known.get(k) and entries[1 + k] == 0) for k in range(self.flat.size)):
            return None
        return list(entries)

    def cones(self):
        """`cone_slopes` of the program at the point (asked once): each flat coordinate's right-hand slope c of a
        root of a sum of squares proven 0 there, a ball (the left-hand one is -c), or None; all None (no run) where
        the value `settle` saw is not an exact 0, as a tip's is."""
        if not self._at_zero and self._cones is None:
            return [None] * self.flat.size
        if self._cones is None:
            arb_core.enable()  # the proof numbers' dispatch
            self._cones = cone_slopes(self.run, self.args, CONE_BITS)
        return self._cones

    def cone_kinks(self):
        """{flat coordinate: (left slope, right slope)} as mpmath numbers, for each coordinate along which `cones`
        proved the point a cone's tip (c > 0, settled to the digits shown); empty where `cones` was never asked."""
        if self._cones is None:
            return {}
        if self._kinks is None:
            self._kinks = {}
            for k, c in enumerate(self._cones):
                right = balls.settled(c) if c is not None and c > 0 else None
                if right is not None:
                    self._kinks[k] = (-right, right)
        return self._kinks

    def settle_value(self, entries, noises, size):
        """``(entries, noises)`` with a scalar value (the first of ``size`` entries) that is 0 within its noise made
        an exact 0 where the program proves it 0 at the point: log(0.5) + log(2) is 0 within a noise at every
        precision, and only a proof settles it (at a tie too: the value at the point is the branch it takes there)."""
        import mpmath  # lazy: the entries are the mpmath reference's

        if size != 1:
            return entries, noises
        number = mpmath.isfinite(entries[0])
        if number and (not noises[0] or not abs(entries[0]) <= noises[0]):
            return entries, noises
        strict = not number
        if strict not in self._value:
            self._value[strict] = self._value_proven(strict)
        if not self._value[strict]:
            return entries, noises
        return [mpmath.mpf(0), *entries[1:]], [mpmath.mpf(0), *noises[1:]]

    def value_proven(self):
        """Whether `settle_value` has proven the value 0 (asked of it before, at any precision)."""
        return any(self._value.get(strict) for strict in (False, True))

    def _value_proven(self, strict):
        """Whether the program proves its value 0 at the point; ``strict`` for a value that is no number at high
        precision (arccos of a cosine that rounds past 1): every ball of the proof finite then, so every argument
        is proven inside its function's domain (arccos at 1 exactly is)."""
        arb_core.enable()  # the proof numbers' dispatch
        arb_proof.finite_only, arb_proof.ends = strict, []
        try:
            return proven(self.run, self.args, value_only=True)[0]
        finally:
            arb_proof.finite_only = False
            self.ends = self.ends or bool(arb_proof.ends)

    def no_number_all_about(self):
        """`no_number_all_about` of the program at the point, asked once."""
        if "staying" not in self._value:
            arb_core.enable()  # the proof numbers' dispatch
            self._value["staying"] = no_number_all_about(self.run, self.args)
        return self._value["staying"]

    def pole_of_value(self):
        """The op whose pole the program's value meets at an exact 0 on proof numbers (a log, log1p at -1, a
        reciprocal or a division: log(sum(x - mean(x))), whose 0 no precision shows), or None: asked once. The value
        there is no number, whatever the precision."""
        if "pole" not in self._value:
            arb_core.enable()  # the proof numbers' dispatch
            arb_proof.poles, arb_proof.indeterminate = [], []
            try:
                proven(self.run, self.args, value_only=True)
                self._value["pole"] = arb_proof.poles[0] if arb_proof.poles else None
                # the proof stops at the first pole it meets: a 0 / 0 there is that pole's
                self._value["0 / 0"] = bool(arb_proof.poles) and bool(arb_proof.indeterminate)
            finally:
                arb_proof.poles, arb_proof.indeterminate = None, None
        return self._value["pole"]

    def zero_over_zero(self):
        """Whether the pole `pole_of_value` found is a division of an exact 0 by an exact 0 at the point: the value
        has no number there, whatever the two roundings' quotient (0 over a residue of 1/37 - 37/37^2) says."""
        return self.pole_of_value() == "divide" and self._value.get("0 / 0", False)

    def through_held_steps(self, bits):
        """`through_held_steps` of the program at the point as mpmath numbers (value first), asked once; None where
        the program takes no step of a constant argument no ball places, or an entry has no settled ball."""
        if "held steps" not in self._value:
            found = through_held_steps(self.run, self.args, bits)
            entries = None if found is None else [balls.settled(ball) for ball in found]
            self._value["held steps"] = None if entries is None or any(e is None for e in entries) else entries
        return self._value["held steps"]

    def held_steps_taken(self):
        """Whether `through_held_steps` gave the program's numbers at the point (asked of it before)."""
        return self._value.get("held steps") is not None

    def proven(self, entries=None):
        """The flat derivative entries proven 0 so far; with ``entries`` (the value's and the derivative's, as
        `settle` takes them), those and each entry there that is an exact 0 and proves 0 when asked about: `settle`
        leaves such a 0 alone (no noise to be 0 within), as a silent FFT bin's slope through inexact roots of unity
        is at every precision, while the rule's holds their rounding."""
        if entries is None:
            return frozenset(k for k, zero in self.known.items() if zero)
        return _ProvenOnDemand(self, entries)

    def why_not(self):
        """Why a 0 within its noise stayed unproven where a decomposition is the cause, as a clause ('' else)."""
        if not self.repeated:
            return ""
        return (f": {'; '.join(sorted(self.repeated))}, so a 0 that holds only for the spectrum as a whole (log det "
                "as a sum of log-eigenvalues) is not proven at this point")

    def _proven(self, k):
        cone = self.cones()[k]
        if cone is not None and (cone.is_zero() or cone > 0):  # o(t) or c |t|: one run decided every coordinate
            return cone.is_zero()
        arb_core.enable()  # the proof numbers' dispatch
        arb_proof_linalg.repeated, arb_proof.edges = [], []
        try:
            return self._proven_once(k)
        finally:
            self.repeated.update(arb_proof_linalg.repeated)
            if arb_proof.edges:
                self.edges[k] = arb_proof.edges[0]

    def edge_of(self, k):
        """The op at whose domain's edge flat derivative entry ``k`` sits (xlogy(0, 0)), or None: asked once."""
        if k not in self.known:
            self.known[k] = self._proven(k)
        return self.edges.get(k)

    def _proven_once(self, k):
        if proven(self.run, self.args, coordinate=k)[1][0]:
            return True
        if k not in self._paths:
            self._paths[k] = _smooth_path(self.run, self.args, self.flat, k)
        if self._paths[k] is False:
            return flat_beside_a_tie(self.run, self.args, k)
        step = arb_core.ARB(2.0**-30 * (abs(float(self.flat[k])) or 1.0))
        held = _held_to(self.run, self._paths[k])
        return symmetric(held, self.args, step, coordinate=k) or slope_tends_to_0(held, self.args, step, k)


class _ProvenOnDemand:
    """`Zeros.proven`'s set that proves an exact 0 of ``entries`` the first time it is asked about."""

    def __init__(self, zeros, entries):
        self.zeros, self.entries = zeros, entries

    def __contains__(self, k):
        zeros = self.zeros
        size = len(self.entries) - zeros.flat.size
        if k not in zeros.known and 0 <= k < zeros.flat.size and size >= 0 and self.entries[size + k] == 0:
            zeros.known[k] = zeros._proven(k)
        return bool(zeros.known.get(k))


def _smooth_path(run, args, flat, coordinate):
    """The branches the program takes at the point on proof numbers, or False where the point is a kink along
    the flat ``coordinate``: a branch on a tie (abs at 0) between numbers that coordinate moves (a tie of
    numbers it leaves still, each derivative the zero function of the inputs, is decided alike all along its
    line: copysign(z, z - 1) at z = 1 beside it), a value unknown there because it went through a
    decomposition's kink (a repeated singular value, `arb_proof_linalg.decomposition`: sigma_max of
    [[1, h], [0, 1]] is 1 + |h|/2 + ..., even in h with no slope 0), or no run at all."""
    path = _path_run(run, args, flat, _tangents(flat, None, coordinate), symbolic=False)  # (a spectrum's kink: its slope)
    if path is not None:  # (None: a tie) the point's numbers alone, where no branch ties
        return path
    path = _path_run(run, args, flat, _tangents(flat, None, coordinate), symbolic=True)
    if path is None:
        # the coordinate alone an unknown, the others their numbers: a tie whose sides part only off its line (1 -
        # cos^2 of x / |x| at x = (2, 0) moves with x[1], never along x[0]) stays a tie along it no longer
        path = _path_run(run, args, flat, _tangents(flat, None, coordinate), symbolic={coordinate})
    return False if path is None else path


def _path_run(run, args, flat, tangents, symbolic):
    """`_smooth_path`'s one run: the branches, None where a tie is left (`arb.ties`), False where no path is."""
    arb_core.decisions, arb_core.ties = [], []
    arb_proof.still = symbolic
    try:
        with _proving():
            out = run(*_shaped_like(arb_proof.seeded(flat, tangents, symbolic), args))
            unknown = type(out) is arb_proof.Sym and arb_proof_linalg.kinked(out)
    except Exception:  # noqa: BLE001 - the symmetry proof would meet the same refusal
        return False
    finally:
        arb_proof.still = False
    if unknown:
        return False
    return None if arb_core.ties else list(arb_core.decisions)


def flat_beside_a_tie(run, args, coordinate):
    """Whether ``run``, which takes a branch at a tie at the point, has both one-sided slopes 0 in the flat
    ``coordinate`` by the mean value theorem on each side's own branches (`slope_tends_to_0`): the tie is a kink
    (|h|, even in the step, whose sides' slopes are not 0), or a point the branch fills in alone (where(d == 0, t,
    -expm1(-d t) / d) at d = 0, the other branch's limit), whose slope is each side's own piece's as H falls to 0."""
    flat = np.concatenate([np.asarray(a, dtype=np.float64).ravel() for a in args])
    step = arb_core.ARB(2.0**-30 * (abs(float(flat[coordinate])) or 1.0))
    callers = arb_core.decisions, arb_core.ties  # the caller's records, put back after these runs'
    try:
        sides = _beside_a_tie(run, args, flat, coordinate, step)
        return sides is not None and slope_tends_to_0(run, args, step, coordinate, sides)
    finally:
        arb_core.decisions, arb_core.ties = callers


def _beside_a_tie(run, args, flat, coordinate, step):
    """{+1: a run, -1: a run}, ``run`` held on each side of the point along the flat ``coordinate`` to the branches it
    takes at x + H e and x - H e, where the point itself takes a branch at a tie; None where a side ties too or its
    branches at H = ``step`` are not the ones at a far smaller H (a switch between them: no one piece to follow)."""
    import flint  # lazy: python-flint, only where a proof runs

    offsets = [float(k == coordinate) for k in range(flat.size)]
    sides = {}
    for side in (1, -1):
        paths = []
        for h in (step, step * arb_core.ARB(2.0**-60)):
            arb_core.decisions, arb_core.ties, arb_core.tie_at = [], [], []
            try:  # (the bits that part x + H from x at the smaller step)
                with flint.ctx.workprec(max(flint.ctx.prec, 256)), _proving():
                    moved = _shaped_like(arb_proof.stepped(flat, offsets, h, side, slopes=True), args)
                    out = run(*moved)
                    if type(out) is arb_proof.Sym and arb_proof_linalg.kinked(out):
                        return None
                    if arb_core.ties and not _ties_change_nothing(run, moved, out):
                        return None
            except Exception:  # noqa: BLE001 - no run on proof numbers: no piece either
                return None
            paths.append(list(arb_core.decisions))
        if paths[0] != paths[1]:
            return None
        sides[side] = _held_to(run, paths[0])
    return sides


# The most ties beside a point `_ties_change_nothing` takes the other branch of, one at a time.
_TIES_FLIPPED = 4


def _ties_change_nothing(run, moved, out):
    """Whether ``run(*moved)`` (proof numbers beside a point, just run to ``out``) gives the same exact function with
    each tie it decided (`arb.tie_at`) taken the other way: a tie between numbers the step does not move (clip's
    bounds at lo = hi, beside x) picks one of two equal values, the same piece either way. Leaves the run's
    `arb.decisions` and `arb.ties` as they were."""
    taken, ties, tied_at = list(arb_core.decisions), list(arb_core.ties), list(arb_core.tie_at)
    if len(tied_at) > _TIES_FLIPPED:
        return False
    outer = arb_core.forced
    try:
        for position in tied_at:
            arb_core.decisions, arb_core.forced = [], taken[:position] + [not taken[position]]
            try:
                other = run(*moved)
            except Exception:  # noqa: BLE001 - the other branch has no run here: not proven the same
                return False
            if not arb_proof.same(other, out):
                return False
        return True
    finally:
        arb_core.decisions, arb_core.ties, arb_core.tie_at, arb_core.forced = taken, ties, tied_at, outer


def _held_to(run, path):
    """``run``, refusing (no proof) any evaluation whose branches are not ``path``: one smooth piece."""

    def on_path(*args):
        arb_core.decisions = []
        out = run(*args)
        if arb_core.decisions != path:
            raise arb_proof.NoProof("a branch changes within the step")
        return out

    return on_path
