"""The exact reference for Python functions, on balls: gradcli's rule, proven right or caught wrong.

A Python function has no symbolic derivative to judge its gradient by. Its
gradient rule (gradcli's, custom ones included) runs on python-flint ``arb``
balls (`autodiff.arb`), bits doubling until the value and every gradient entry
are proven to `balls.RELATIVE_RADIUS`. The exact derivative it is judged
against comes first from forward mode on jets (`arb.Jet`: a ball and its
derivatives, each op's from the mathematics' own table `arb.JETS`, never from
gradcli's rules), run on the branches the point takes: a proven ball, so a
derivative of exp(-2e300) beside a value of 1e300, which no difference could
resolve, is computed to its digits, and a 0 is proven by its ball. At a switch
the point sits on, each side's piece is run on jets (`_sided_jets_into`).

Where jets cannot go (an op without them, code that wants floats), the rule is
accepted as the exact
derivative only when a central difference of the function itself, on balls,
agrees with it within the difference's own error bound: the ball radius
(rounding, proven) plus a Richardson estimate of the truncation,
4/3 |D_h - D_{h/2}|. The step is h = 2^-30 |x| (2^-30 at 0), so x +- h never
crosses 0, and the bits are chosen so the difference resolves a derivative of
the rule's size: log2|f| - log2|r| - log2 h + 56 (a derivative 1e-300 next to a
value of 1 needs ~1100 bits; at 64 bits the quotient would be noise), and
rise while the difference's ball is wider than that (1 + tanh(-980) cancels
2836 bits). A disagreement is how a wrong rule is caught: the exact gradient is
then the extrapolated difference, once its error bound is below 1e-14 relative
and the function moves by at most 2^-30 of itself over the step (the step
shrinks until both hold). A 0 is exact only where the program proves it
(`python_zero`: exact rational functions over the values of the functions it
calls, at the point, or as the same function of the step on both sides);
else the differences find the derivative, so a tiny one (1e-854) is found, not
hidden, and one they put within 2^-16384 of 0 leaves the point without a
reference ("within 2^-16384 of 0 but not proven 0"), never a 0 called exact.

Above `precision.MAX_FD_COORDINATES` inputs the same test runs along one random
unit direction v: the rule's g.v against the difference of t -> f(x + t v), so a
check of 10^5 inputs costs a few passes over the vector, not one per input. Jets,
one run carrying every input's tangent, give every entry up to
`precision.MAX_JET_COORDINATES` inputs at a point that decides no switch at a tie.

A program may branch (``where``, ``abs``, ``maximum``, comparisons): every
point a difference evaluates must take the branches the point itself takes, so
the function is one smooth piece across the step. Where a decision changes
within the step the step shrinks (a switch near the point is not a kink at
it), down to 2^-1100 of it; past that, a point that sits on the switch (a tie:
``abs`` at 0) is the mpmath path's kink test's to judge, and any other point
has a switch nearer than any difference reaches: no reference. A comparison
whose sides no ball parts at `UNDECIDED_BITS` is decided on proof numbers
(`_decided_by_proof`), and every run at the point itself follows that side; at
a tie proven so (degrees(arctan2(0, -1)) against 180) each side's piece is
judged on jets (along the random direction above `precision.MAX_FD_COORDINATES`
inputs), a jump or a kink found there the point's own, since the differences
and the kink test would decide that tie by rounding; a piece jets cannot
differentiate whose one-sided quotients grow without bound (cbrt at 0) has an
infinite slope, or a cusp where the two sides' signs part (`_unbounded_slopes`).

`compute` returns False whenever balls cannot answer (an op without a ball
implementation, a branch that cannot be decided, a value not finite at 4096
bits, a tie at a switch): the caller's mpmath path then runs, its
kink test, IEEE infinities and all. Where no difference within `balls.MAX_BITS`
resolves the derivative (mpmath's fewer digits would not either), the result
is ``unsettled``: no exact reference, and it says so.
"""

from __future__ import annotations

import contextlib
import gc
import math
import time
from dataclasses import replace

import numpy as np

from ..autodiff import arb as arb_core
from ..autodiff import custom
from ..autodiff.ops import raw
from ..autodiff.tracer import hooks
from ..autodiff.transforms import output_value, trace_inputs, value_and_grad
from . import balls, python_zero, rule_rounding
from .exact_jets import (
    GUARD_BITS,
    START_BITS,
    UNDECIDED_BITS,
    ZERO_LOG2,
    _around_zero,
    _exact_settled,
    _jet_out,
    interned,
    _Fallback,
    _is_exact_zero,
    _LeavesDomain,
    _log2,
    _not_proven,
    _NotFinite,
    _OffPath,
    _on_jets,
    _precision,
    _seeded,
    _Unresolvable,
)
from .provenance import line_running_now
from .kinks import ALONG, coordinates_of, find_kinks, smallest_value_at, undefined_at_kinks
from .precision import EXACT_RTOL, Bounded, Exact, Jump, below_text, per_coordinate, random_direction, to_mp

STEP_LOG2 = -30  # h = 2^-30 |x|
ZERO_STEP = ZERO_LOG2 // 4 - 16  # the step (relative to h) that proves a 0: an extrapolation's error ~ step^4
KINK_STEP = -1100  # the smallest step factor tried for a branch switch near the point
SIDE_BITS = 2 * -KINK_STEP + 256  # enough to hold x + 2^KINK_STEP h exactly and decide its comparisons
SIDES_BITS = UNDECIDED_BITS  # the bits two sides' slopes are parted at: a gap down to ~1e-1200 of them
EXTRAPOLATED = EXACT_RTOL  # the error bound, relative, an extrapolated difference must have to be the exact derivative


_TOO_FINE = (
    f"no difference within {balls.MAX_BITS} bits resolves a derivative this many orders of magnitude below the "
    "function's value, and no other way proves it"
)
# Why the differences at every precision up to balls.MAX_BITS failed, by what the last one raised (None: its ball
# stayed wider than the derivative, the function cancelling that many bits beside the point).
_UNRESOLVED = {
    None: f"the function cancels more than {balls.MAX_BITS} bits a difference step beside the point",
    "_NotFinite": "the function is not finite a difference step beside the point (the step leaves its domain)",
    "Undecided": f"a branch a difference step beside the point is undecided at {balls.MAX_BITS} bits",
}


def compute(target, args, result, budget, seed=0):
    """Fill ``result`` (a `precision.Exact`) on balls; False when balls cannot answer (nothing filled)."""
    import flint


    if target.kind == "formula" or getattr(target, "mp_function", None) is None:
        return False
    if not all(np.all(np.isfinite(np.asarray(a, dtype=np.float64))) for a in args):
        return False
    import mpmath

    arb_core.enable()
    arb_core.where_held = line_running_now
    saved, saved_mp, collecting = flint.ctx.prec, mpmath.mp.prec, gc.isenabled()
    gc.disable()  # balls in object arrays make no cycles; a collection per pass costs ~30% at 10^5
    try:
        return _compute(target, args, result, budget, seed)
    except _Unresolvable as error:
        result.determined, result.unsettled = False, True
        result.why = f"on balls, {error}"
        bounded, value = getattr(error, "bounded", None), getattr(error, "value", None)
        if bounded is not None and value is not None and balls.settled(value) is not None:
            result.bounded = Bounded(bounded[0], balls.settled(value), bounded[1],
                                     _rule_beside_bound(getattr(error, "rule", None), args, bounded[1]))
        return True
    except (_Fallback, arb_core.NoArb, arb_core.Undecided):
        return False
    except Exception:  # noqa: BLE001 - the function raised on balls: the mpmath path reports it
        return False
    finally:
        arb_core.hold = True
        flint.ctx.prec, mpmath.mp.prec = saved, saved_mp
        if collecting:
            gc.enable()


def undecided_why(target, args, budget):
    """Why the point has no reference where a comparison the program makes there stays undecided on balls at
    `UNDECIDED_BITS` ('' where none does): its two sides agree to that many bits, the point on a switch
    (degrees(arctan2(0, -1)) against 180) or within 2^-4096 of one. Where proof numbers decide it
    (`_decided_by_proof`), the point's side is known and what is missing is a judgement of the sides' pieces."""
    import flint  # lazy: balls, and mpmath's precision beside them, load only where an exact reference runs
    import mpmath

    if target.kind == "formula" or getattr(target, "mp_function", None) is None:
        return ""
    arb_core.enable()
    saved, saved_mp = flint.ctx.prec, mpmath.mp.prec
    try:
        _precision(UNDECIDED_BITS)
        _branches_at(target.mp_function, args)
        return ""
    except arb_core.Undecided:
        pass
    except Exception:  # noqa: BLE001 - not finite or raising on balls: some other story
        return ""
    finally:
        arb_core.hold = True
        flint.ctx.prec, mpmath.mp.prec = saved, saved_mp
    undecided = f"a comparison the program makes here is undecided even at {UNDECIDED_BITS} bits: its two sides agree that far"
    try:
        _, tied = _decided_by_proof(target.mp_function, args, budget)
    except Exception:  # noqa: BLE001 - no proof decides it either (an identity proof numbers do not hold)
        return (undecided + ", so the point sits on the switch of a where or a branch (or nearer to it than that), and "
                "no precision tells which side is taken")
    finally:
        arb_core.hold = True
        flint.ctx.prec, mpmath.mp.prec = saved, saved_mp
    if tied:
        return (undecided + ", and proof numbers show they are one number: the point sits on the switch of a where or a "
                "branch, and the pieces on either side of it could not be judged there")
    return undecided + ", and proof numbers tell the side the point takes, but its switch is nearer than any difference step"


def _compute(target, args, result, budget, seed):
    arb_core.held, arb_core.stopped, arb_core.hold, custom.embedded_forms = [], [], True, []
    function, proven_tie, by_proof = target.mp_function, False, False  # the program at the point, on its own branches
    bounds = []  # the value's bound, where balls only bound it below every float (`_rule_on_balls`)
    try:
        value, rule, bits = _rule_on_balls(function, args, budget, bounds=bounds)
    except arb_core.Undecided:
        # Two sides no ball parts (degrees(arctan2(0, -1)) against 180): the point's branches as proof numbers
        # decide them, followed wherever the program runs at the point itself.
        path, proven_tie = _decided_by_proof(function, args, budget)
        function, by_proof = _forced(function, path), True
        value, rule, bits = _rule_on_balls(function, args, budget, remembered=True, bounds=bounds)
    if bounds:
        result.value_bound = bounds[-1]
        result.notes.append(
            f"the exact value is {below_text(bounds[-1])}, proven on balls but not settled (the program cancels "
            f"more digits than balls of gradcli's most bits hold): below every float's least, so its correctly rounded "
            f"value in every dtype is 0, which the program's value is judged against")
    try:
        # A user's stop_gradient defines the gradient, held constant; a TensorFlow Probability form's stops build
        # a rule, which is judged by the derivative through them.
        arb_core.hold = not custom.embedded_forms
        path = _branches_at(function, args)
        if arb_core.roots:  # a norm at 0: a kink whatever rule a framework gives there (PyTorch's is 0)
            raise _Fallback("a root of an exact 0: the mpmath path's kink test judges it")
        on_cut = bool(arb_core.cuts)  # arctan2 at y = 0, x < 0: jets give each smooth side, the one-sided test the jump
        tied = bool(arb_core.ties) or proven_tie
        # Off a switch the program is one smooth piece around the point: forward mode on jets gives its
        # derivative as proven balls. On a switch, or where jets cannot go, differences judge the rule.
        # Above MAX_JET_COORDINATES (at a tie, MAX_FD_COORDINATES) the differences along one direction come
        # first: a pass over 10^5 balls costs less than one over 10^5 jets, and jets are needed only where
        # they cannot resolve.
        few = per_coordinate(sum(int(np.size(a)) for a in args), on_jets=not tied)
        # A difference moves what a stop_gradient holds constant: jets, which hold it, go first there (along a direction).
        jets_first = few or bool(arb_core.stopped)
        if tied:
            labels = [label for _, _, label in coordinates_of(target, args)]
            most = _sided_jets_into(result, target.mp_function, args, bits, budget, labels, function, by_proof, seed)
            if most is None and by_proof:
                # Differences and the mpmath path's kink test decide the tie by rounding at every step along it.
                raise _Fallback("a tie only proof numbers decide, whose sides jets cannot judge")
        else:
            most = _jets_into(result, function, args, path, rule, bits, budget, seed) if jets_first else None
        if most is None and arb_core.hold and arb_core.stopped:
            if tied:  # the mpmath path's differences and kink test run with the held values frozen
                raise _Fallback("a tie beside values a stop_gradient holds, whose sides jets cannot judge")
            # No reference rather than the derivative through a value the user's stop_gradient holds constant.
            raise _Unresolvable("jets cannot run here, and a difference would move the value a stop_gradient holds constant")
        if most is None:
            try:
                most = _judged_by_differences(target, args, result, budget, seed, value, rule, path, tied)
            except _Unresolvable as unresolved:
                if tied:  # on a switch (clip at its bound): whether it is a kink is the mpmath path's kink test's to say
                    raise _Fallback("a tie whose sides no difference resolves") from None
                if isinstance(unresolved, _LeavesDomain):  # along a random direction: the mpmath path judges each coordinate
                    raise _Fallback("a difference step leaves the function's domain: its one-sided tests say where") from None
                if any(b is None for g in rule for b in g):  # a rule not finite where the function is: a kink, likelier
                    raise _Fallback("a rule not finite on balls beside differences that resolve nothing") from None
                most = _jets_into(result, function, args, path, rule, bits, budget, seed) if not jets_first else None
                if most is None:
                    raise
        result.value = _mpf(value)
        along_zero = result.direction is not None and result.directional is not None and result.directional == 0
        result.rule = _rule_beside(rule, args, result.gradient, along_zero)
        # How large the operands were that the rule's last additions rounded: judge's float32 allowance.
        result.rule_scale = rule_rounding.rule_scale(_rule_run(function, args), bits, rule, result.rule, result.gradient)
        result.rule_radius = [[None if b is None else balls.to_mpf(b.rad()) for b in np.ravel(np.asarray(g, dtype=object))]
                              for g in rule]
        result.method = "balls"
        result.digits = int(max(bits, most) * 0.30103) + 1
        unbounded = any(b is None for g in rule for b in g)
        if unbounded:
            # A rule not finite where the function is (sqrt(x*x + y*y) at 0): a kink is the likelier story.
            result.notes.append("the gradient rule is not finite on balls at any precision: the exact gradient is the function's own, by differences")
        if (unbounded or on_cut) and not (tied and by_proof):  # (there each side's piece was judged on proof numbers)
            result.kinks, result.singular = find_kinks(target, args, result, budget, max(result.digits, 120))
        if arb_core.held and not tied and _held_changes_nothing(result, function, args, path, rule, bits, budget, seed):
            arb_core.held = []  # a shift held in a softmax or logsumexp (JAX's own): the derivative is the same through it
        result.notes.extend(held_notes(arb_core.held))
        if unbounded or on_cut or result.kinks or result.singular:
            undefined_at_kinks(target, args, result)
        return True
    except _Unresolvable as error:
        if arb_core.cuts:  # arctan2 on its cut: a bound on the smooth side's slope says nothing of the jump beside it
            raise _Fallback("arctan2 on its cut, its slopes unresolved on balls: the mpmath path's kink test judges it") \
                from None
        error.value, error.rule = value, rule  # proven: a bound of the derivative's entries is said beside them
        raise


def _decided_by_proof(function, args, budget):
    """``(branches, tied)``: the branches the program takes at the point where a comparison stays undecided on balls
    at `UNDECIDED_BITS`, its two sides equal by an identity no ball proves (degrees(arctan2(0, -1)) against 180,
    sqrt(4)**2 against 4, log(exp(3)) against 3), decided on proof numbers (`python_zero.decided`: a tie proven,
    or the sign of a difference whose cancellation algebra has done); ``tied``, whether one was a tie, so the
    point sits on that switch. The balls' Undecided where the proof numbers cannot decide either."""
    arb_core.ties = []
    _precision(UNDECIDED_BITS)
    python_zero.decided(lambda *a: _traced(function, a), [_to_balls(a) for a in args], budget.afford)
    return list(arb_core.decisions), bool(arb_core.ties)


def _forced(function, path):
    """``function`` taking the branches ``path`` lists (`arb.forced`) in every run, traced or differentiated: the
    point's own piece, where only proof numbers decide its branches."""

    def run(*args):
        saved = arb_core.forced
        arb_core.decisions, arb_core.forced = [], path
        try:
            return function(*args)
        finally:
            arb_core.forced = saved

    return run


def _held_changes_nothing(result, function, args, path, rule, bits, budget, seed):
    """Whether the derivative through every held value is the one that holds them (to 30 digits): then the
    note would say nothing about the user's gradient."""
    through = Exact()
    arb_core.hold = False
    try:
        if _jets_into(through, function, args, path, rule, bits, budget, seed) is None:
            return False
    except _Unresolvable:
        # the derivative through the held values settles to no number (hard - p + p's cancellation of p, a
        # straight-through estimator's): not the same, and the held one stands
        return False
    finally:
        arb_core.hold = True
    pairs = [(result.directional, through.directional)] if result.direction is not None else [
        pair for g, t in zip(result.gradient, through.gradient) for pair in zip(np.ravel(g), np.ravel(t))
    ]
    return all(abs(a - b) <= 1e-30 * max(abs(a), abs(b)) for a, b in pairs)


def held_notes(held):
    """One line per stop_gradient (detach) that held a moving value constant in the exact derivative."""
    return [f"stop_gradient{'' if where is None else ' at ' + where}: held constant in the exact derivative" for where in held]


def _judged_by_differences(target, args, result, budget, seed, value, rule, path, tied):
    """`_differences` of the function on the point's own branches; returns the most bits they used."""
    sided = _from_each_side(target, args, budget) if tied else None
    try:
        return _differences(args, result, budget, seed, value, rule, _on_one_path(target.mp_function, path), sided)
    except _OffPath:
        if tied:
            raise  # the point sits on a switch: the kink test's to judge
        # Decided with room at the point, crossed at every step down to 2^KINK_STEP: a switch
        # nearer than any difference reaches (exp(-5e110) from it). No reference, not a stand-in.
        raise _Unresolvable("a branch switch nearer to the point than any difference step") from None


def _jets_into(result, function, args, path, rule, bits, budget, seed):
    """The exact gradient (above `MAX_JET_COORDINATES` inputs: along the random direction) into ``result``
    by forward mode on jets (`arb.Jet`); returns the bits used, or None where jets cannot answer.

    Each op's derivative is the mathematics' own (`arb.JETS`), never gradcli's rule,
    and every entry is a proven ball: a derivative of exp(-2e300) beside a value of
    1e300, which no difference resolves, is computed to its own digits, and a 0 is
    0 only when its ball is (an exact computation, or within 2^ZERO_LOG2).
    """
    sizes = [int(np.size(a)) for a in args]
    n = sum(sizes)
    direction = None
    if not per_coordinate(n, on_jets=True):
        if any(e is None for g in rule for e in g):
            return None  # the differences say why along the direction
        direction = random_direction(args, seed)
    found = _on_jets(_on_one_path(function, path), args, bits, budget, direction)
    if found is None:
        return None
    entries, used = found
    if direction is None:
        position, gradient = 0, []
        for a, size in zip(args, sizes):
            gradient.append(_shaped(entries[position : position + size], a))
            position += size
        result.gradient = gradient
    else:
        result.direction, result.directional = direction, entries[0]
        result.gradient = [None] * len(args)
        result.notes.append(f"{n} inputs: the exact derivative of the function is checked along one random direction")
    return used


def _sided_jets_into(result, function, args, bits, budget, labels, at_point=None, judged=False, seed=0):
    """The exact gradient into ``result`` where the point sits on a switch (a tie); the bits used, or None.

    As `_from_each_side` does with differences: along each coordinate, each side
    of the switch is one smooth piece that goes on past it (|x| is x on the right),
    so the branches that side takes are replayed on jets seeded in that coordinate
    alone. Both pieces' derivatives agreeing make it the derivative (max(v) - v[0]
    + log(sum(exp(v - max(v)))) at a tie of the largest entries); where they
    differ, or jets cannot go, the differences and the kink test judge (None).
    Two that agree to the digits shown are told apart by the derivative of the
    pieces' difference (`_sides_differ`): one proven nonzero, to ~1e-1200 of them
    (max(x, 0) 1e-300 beside x), is a kink at the coordinate (``labels``: each
    flat coordinate's name), recorded in ``result.kinks``.

    ``at_point``: the program held to the point's own branches (None: ``function``,
    whose balls decide them). ``judged``: a tie only proof numbers decide
    (`_decided_by_proof`: degrees(arctan2(0, -1)) against 180), which differences
    and the kink test, deciding it by rounding at every step along it, cannot
    judge: a side whose value leaves the point's behind (a jump, `_jump_beside`)
    and two sides of different slopes (a kink) are then recorded here, in
    ``result.singular`` and ``result.kinks``, their entries NaN.
    """
    import mpmath

    sizes = [int(np.size(a)) for a in args]
    if not per_coordinate(sum(sizes)):
        return _sided_along(result, function, args, bits, budget, at_point, seed) if judged else None
    base = [_to_balls(a) for a in args]
    try:
        here = _value_at(at_point or function, base)
    except Exception:  # noqa: BLE001 - not finite or undecided at the point: differences judge
        return None
    gradient, most, coordinate, kinks, singular = [], bits, 0, [], []
    # whether a stop_gradient has run on balls or jets since the reference began (`arb.stopped`): asked after the
    # sides ran, since at a tie the point's own runs may hold only a constant its pick returned (jnp.clip(x, -4, 3)'s
    # int bound at x = 3), which the sides' runs move
    def held():
        return arb_core.hold and bool(arb_core.stopped)

    for i, a in enumerate(args):
        entries = []
        for k, x in enumerate(np.asarray(a, dtype=np.float64).ravel()):
            h = abs(arb_core.ARB(x if x != 0 else 1.0)) * arb_core.ARB(2) ** (STEP_LOG2 + KINK_STEP)
            pieces, jumps = [], []
            for side in (1, -1):
                arb_core.decisions = []
                _precision(SIDE_BITS)  # x + 2^-1100 h exactly, and its comparisons decided
                try:
                    python_zero.decided(lambda *a: _traced(function, a), _replaced(base, i, k, arb_core.ARB(float(x)) + side * h), budget.afford)
                except Exception:  # noqa: BLE001 - undecided or not finite beside the point: differences judge
                    return None
                pieces.append(_on_piece(function, arb_core.decisions))
                jumps.append(_jump_beside(pieces[-1], _along_coordinate(base, i, k, x), side * h, here))
            if jumps != [None, None]:
                if not judged and not held():
                    return None  # a jump at the switch: no derivative, the kink test's to say
                # (a side that does not jump has no slope to show: the coordinate has no derivative either way)
                right, left = (mpmath.nan if jump is None else jump for jump in jumps)
                singular.append((labels[coordinate], left, right))
                entries.append(mpmath.nan)
                coordinate += 1
                continue
            found = _slopes_of(pieces, args, bits, budget, coordinate=coordinate)
            unbounded = None
            if judged and found is None:  # each piece goes on past the switch: its quotients from the difference step
                longest = abs(arb_core.ARB(x if x != 0 else 1.0)) * arb_core.ARB(2) ** STEP_LOG2
                unbounded = _unbounded_slopes(pieces, _along_coordinate(base, i, k, x), longest, here)
            if unbounded is not None:  # (jets hold no infinite slope: cbrt(x - y) at x = y, on the switch's one side)
                (right, left), signs = unbounded
                if signs[0] == signs[1]:
                    entries.append(signs[0] * mpmath.inf)  # the derivative is infinite, as cbrt's at 0 is
                else:
                    singular.append((labels[coordinate], left, right))  # a cusp: no derivative at all
                    entries.append(mpmath.nan)
                coordinate += 1
                continue
            if found is None:
                return None
            (right, left), used = found
            most = max(most, used)
            if _slopes_part(right, left):
                if not judged and not held() and abs(right - left) > _KINK_TEST_PARTS * abs(right):
                    return None  # a kink, or pieces the differences must tell apart
                # (sides nearer than the kink test's differences part, 1e-14 of each other, only these pieces show:
                # a filter's clamp at its bound, weighed by a gain of 1e-13)
                kinks.append((labels[coordinate], left, right))
                right = mpmath.nan
            else:
                apart = _sides_differ(*pieces, args, budget, coordinate)
                if apart is not None:
                    kinks.append((labels[coordinate], left, mpmath.fadd(left, apart, exact=True)))
            entries.append(right)
            coordinate += 1
        gradient.append(_shaped(entries, a))
    if singular:
        singular = _switch_named(singular, at_point or function, base)
    result.gradient, result.kinks, result.singular = gradient, kinks, singular
    return most


def _sided_along(result, function, args, bits, budget, at_point, seed):
    """`_sided_jets_into`'s judgement of a tie only proof numbers decide, along one random direction (above
    `precision.MAX_FD_COORDINATES` inputs): each side's piece of t -> f(x + t v), its branches decided 2^KINK_STEP h
    away on proof numbers where balls cannot, a jump or two slopes apart recorded along the direction (`kinks.ALONG`,
    the directional derivative NaN), else the slope both share; the bits used, or None where it cannot tell."""
    import mpmath

    direction = random_direction(args, seed)
    base = [np.asarray(_to_balls(a), dtype=object) for a in args]
    along = [np.asarray(_to_balls(d), dtype=object).reshape(np.shape(a)) for a, d in zip(args, direction)]
    largest = max(float(np.max(np.abs(a))) for a in args)
    h = arb_core.ARB(largest or 1.0) * arb_core.ARB(2) ** (STEP_LOG2 + KINK_STEP)

    def beside(t):
        return [b + t * d if np.ndim(a) else np.asarray(b + t * d, dtype=object)[()] for a, b, d in zip(args, base, along)]

    point = [_to_balls(a) for a in args]
    try:
        here = _value_at(at_point, point)
    except Exception:  # noqa: BLE001 - not finite at the point: no claim
        return None
    pieces, jumps = [], []
    for side in (1, -1):
        arb_core.decisions = []
        _precision(SIDE_BITS)  # x + 2^-1100 h v exactly, and its comparisons decided
        try:
            python_zero.decided(lambda *a: _traced(function, a), beside(side * h), budget.afford)
        except Exception:  # noqa: BLE001 - undecided or not finite beside the point: no claim
            return None
        pieces.append(_on_piece(function, arb_core.decisions))
        jumps.append(_jump_beside(pieces[-1], beside, side * h, here))
    kinks, singular, most = [], [], bits
    if jumps != [None, None]:
        right, left = (mpmath.nan if jump is None else jump for jump in jumps)
        singular, directional = _switch_named([(ALONG, left, right)], at_point, point), mpmath.nan
    else:
        found = _slopes_of(pieces, args, bits, budget, direction=direction)
        if found is None:
            return None
        (right, left), most = found
        directional = right
        if _slopes_part(right, left):
            kinks, directional = [(ALONG, left, right)], mpmath.nan
    n = sum(int(np.size(a)) for a in args)
    result.direction, result.directional, result.gradient = direction, directional, [None] * len(args)
    result.kinks, result.singular = kinks, singular
    result.notes.append(f"{n} inputs: the exact derivative of the function is checked along one random direction")
    return most


def _slopes_of(pieces, args, bits, budget, **seed):
    """``([each piece's derivative on jets], the most bits they used)``, seeded as `_on_jets` seeds them (a
    ``coordinate`` or a ``direction``); None where jets cannot tell one of them."""
    slopes, most = [], bits
    for piece in pieces:
        found = _on_jets(piece, args, bits, budget, **seed)
        if found is None:
            return None
        slopes.append(found[0][0])
        most = max(most, found[1])
    return slopes, most


# Two sides' slopes this far apart, relative, or nearer are a kink the pieces on jets alone show: the kink test's
# one-sided differences take sides that agree to a millionth of themselves for one slope.
_KINK_TEST_PARTS = 1e-6


def _slopes_part(right, left):
    """Whether two sides' slopes (jets' settled numbers) differ by more than the digits they are settled to."""
    return not (right == left or abs(right - left) <= abs(right) * EXTRAPOLATED * 1e-6)


# The ops that decide between two numbers: a tie of theirs that only proof numbers show is the switch the point sits on.
_DECIDING_BETWEEN_TWO = frozenset(("greater", "greater_equal", "less", "less_equal", "equal", "not_equal",
                                   "maximum", "minimum", "fmax", "fmin"))


def _switch_named(singular, at_point, base):
    """``singular`` with each `precision.Jump` naming the switch: the first op of ``at_point`` (the program held to the
    point's branches) run at the point ``base`` that decides between two balls that overlap, with the user's line
    (``"greater (f.py:3)"``), as the kink test names a switch it sees (`kinks._switch_at`); unnamed where none does."""
    found, saved = [], hooks.forward

    def seen(prim, values, kwargs, ans):
        if not found and prim.name in _DECIDING_BETWEEN_TWO and len(values) >= 2:
            try:
                pairs = zip(*(np.asarray(e, dtype=object).ravel()
                              for e in np.broadcast_arrays(*[np.asarray(raw(v), dtype=object) for v in values[:2]])))
                if any(_overlapping(a, b) for a, b in pairs):
                    line = line_running_now(depth=2)
                    found.append(prim.name + (f" ({line})" if line else ""))
            except (TypeError, ValueError, ArithmeticError):
                pass  # arguments that are no numbers (a shape): no switch of theirs
        if saved is not None:
            saved(prim, values, kwargs, ans)

    hooks.forward = seen
    try:
        _traced(at_point, base)
    except Exception:  # noqa: BLE001 - a run that fails here: the jump stands, its switch unnamed
        pass
    finally:
        hooks.forward = saved
    if not found:
        return singular
    return [(label, *(replace(side, switch=found[0]) if isinstance(side, Jump) else side for side in sides))
            for label, *sides in singular]


def _overlapping(a, b):
    """Whether two numbers of a run on balls overlap as balls (a plain number its exact ball)."""
    a, b = (v if isinstance(v, arb_core.ARB) else arb_core.ARB(float(v)) for v in (a, b))
    return bool(a.overlaps(b))


def _sides_differ(right, left, args, budget, coordinate=None, direction=None):
    """The derivative in the flat ``coordinate`` (or along ``direction``) of ``right - left`` (two pieces of a
    program, each held to its branches) as an mpf where its ball on jets at `SIDES_BITS` excludes 0, else None
    (no claim): one pass at the bits that part a slope of 1 + 1e-300 from 1, and a kink only where the gap is proven."""
    import mpmath

    budget.afford()
    _precision(SIDES_BITS)
    try:
        with np.errstate(all="ignore"):
            seeded = _seeded(args, direction=direction, coordinate=coordinate)
            found = _jet_out(right(*seeded) - left(*seeded), 1)
    except Exception:  # noqa: BLE001 - a piece that cannot run past its switch on jets: no claim
        return None
    if found is None or not found[1][0].is_finite() or found[1][0].contains(0):
        return None
    gap = found[1][0]
    return balls.settled(gap) or mpmath.mpf(gap.mid())


def kink_along(function, args, direction, budget):
    """``(left slope, right slope)`` along ``direction`` where the point sits on a switch and the slopes of the
    pieces it joins differ by a gap jets prove nonzero (`_sides_differ`), else None: the mpmath path's test
    along the direction sees a gap only within 1e-6 of the slopes (x + max(x, 0) 1e-300 summed over 32 inputs)."""
    import flint
    import mpmath

    arb_core.enable()
    saved, saved_mp = flint.ctx.prec, mpmath.mp.prec
    try:
        base = [np.asarray(_to_balls(a), dtype=object) for a in args]
        along = [np.asarray(_to_balls(d), dtype=object).reshape(np.shape(a)) for a, d in zip(args, direction)]
        largest = max(float(np.max(np.abs(a))) for a in args)
        h = arb_core.ARB(largest or 1.0) * arb_core.ARB(2) ** (STEP_LOG2 + KINK_STEP)
        pieces = []
        for side in (1, -1):
            arb_core.decisions = []
            _precision(SIDE_BITS)  # x + 2^-1100 h d exactly, and its comparisons decided
            # a 0-d object array's arithmetic answers the bare ball, which [()] alone could not index
            moved = [b + side * h * d if np.ndim(a) else np.asarray(b + side * h * d, dtype=object)[()]
                     for a, b, d in zip(args, base, along)]
            python_zero.decided(lambda *a: _traced(function, a), moved, budget.afford)
            pieces.append(_on_piece(function, arb_core.decisions))
        gap = _sides_differ(*pieces, args, budget, direction=direction)
        if gap is None:
            return None
        found = _on_jets(pieces[1], args, SIDES_BITS, budget, direction=direction)
        if found is None:
            return None
        left = found[0][0]
        return left, mpmath.fadd(left, gap, exact=True)
    except Exception:  # noqa: BLE001 - undecided beside the point, or a piece jets cannot run: no claim
        return None
    finally:
        flint.ctx.prec, mpmath.mp.prec = saved, saved_mp


def _differences(args, result, budget, seed, value, rule, function, sided=None):
    """The exact gradient (or directional derivative) into ``result``, by differences of ``function``
    judged against the rule (``sided``: see `_from_each_side`); returns the most bits they used."""
    sizes = [int(np.size(a)) for a in args]
    if per_coordinate(sum(sizes)):
        gradient, most = _per_coordinate(function, args, value, rule, budget, sided)
        result.gradient = [_shaped(g, a) for g, a in zip(gradient, args)]
    else:
        most = _along_direction(function, args, value, rule, budget, seed, result, at_point=sided is None)
    return most


def _to_balls(a):
    """An argument as exact balls, equal entries one ball (`exact_jets.interned`)."""
    if np.ndim(a) == 0:
        return arb_core.ARB(float(a))
    out = np.empty(np.shape(a), dtype=object)
    flat = np.asarray(a, dtype=np.float64).ravel()
    for i, ball in enumerate(interned(flat)):
        out.flat[i] = ball
    return out


def _ball(value):
    """One ball from what a program returned (a ball, a 0-d array, a Python number)."""
    value = raw(value)
    if isinstance(value, np.ndarray):
        if value.size != 1:
            raise _Fallback("not a scalar")
        value = value.reshape(()).item() if value.dtype != object else value.reshape(())[()]
    if not isinstance(value, arb_core.ARB):
        if _is_mp_zero(value):
            return arb_core.ARB(0)
        if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.floating, np.integer)):
            raise _Fallback("not a number")
        value = arb_core.ARB(float(value))
    if not value.is_finite():
        raise _NotFinite("not finite on balls")
    return value


def _is_mp_zero(value):
    """Whether ``value`` is mpmath's 0: an entry of a ball run that no ball reached (a pick between the plain zeros an
    index's or a sort's backward scatters into, which mpmath's ``where`` makes an mpf). mpmath rounds each op
    correctly, so its 0 of plain numbers is their exact answer; any other mpf may carry mpmath's precision's rounding
    and stays refused."""
    return type(value).__module__.startswith("mpmath") and not value


def _ball_or_none(value):
    """`_ball`, or None where the program gave a number that is not finite."""
    try:
        return _ball(value)
    except _NotFinite:
        return None


def _rule_settled(ball, bits):
    """Whether an entry of gradcli's rule (judged, never shown as exact) is settled at ``bits``: a ball
    around 0 that is not exactly 0 only at `balls.MAX_BITS`, until then more bits may show a number
    (exp(-1e200) is 0 +- 10^-3e199 at 128 bits, and 10^-4.3e199 to every digit at 1024)."""
    if _around_zero(ball):
        return bits >= balls.MAX_BITS and balls.within_floor(ball)
    return balls.settled(ball) is not None


# log2 of a bound below every float's least (longdouble's, where it is wider than float64): a value that balls place
# within it of 0 rounds to 0 in every dtype a program runs in.
_BELOW_EVERY_FLOAT_LOG2 = min(int(np.log2(np.finfo(t).smallest_subnormal)) for t in (np.float64, np.longdouble)) - 1


def _rule_on_balls(function, args, budget, remembered=False, bounds=None):
    """(value ball, gradient balls per argument, bits): gradcli's rule on balls, bits doubling until settled.
    ``remembered``: ``function`` takes a forced path (`_forced`), and a comparison its gradient's replay meets again on
    the same balls after it (a framework's value-and-gradient program computing the forward anew) is taken alike.

    A value balls of `balls.MAX_BITS` place within 2^N of 0, N below every float's least (`_BELOW_EVERY_FLOAT_LOG2`),
    but do not prove 0 (a spline's moments through a solve, read at a knot whose data is 0) is taken as the 0 every
    dtype rounds it to, as a derivative entry so bounded is (`precision.Bounded`): N is appended to ``bounds``."""
    bits, last, zero, rule_zero = START_BITS, 0.0, None, None
    while bits <= balls.MAX_BITS:
        budget.afford(last * 2.5)
        started = time.perf_counter()
        _precision(bits)
        try:
            with np.errstate(all="ignore"), _forced_remembered(remembered):
                value, rule = value_and_grad(function, argnums=tuple(range(len(args))))(*[_to_balls(a) for a in args])
            value = _ball(value)
            if _around_zero(value):  # the exact value: 0 only where the program proves it
                if zero is None:
                    zero = python_zero.proven(lambda *a: _traced(function, a), args, value_only=True)[0]
                value = arb_core.ARB(0) if zero else value
            rule = [
                np.array([_ball_or_none(e) for e in np.ravel(np.asarray(g, dtype=object))], dtype=object)
                for g in rule
            ]
            if bits < UNDECIDED_BITS and any(e is None for g in rule for e in g):
                raise _NotFinite("a gradient entry not finite on balls")
            if rule_zero is None and any(e is not None and _around_zero(e) for g in rule for e in g):
                rule_zero = _rule_proven_zero(function, args)
            rule = [np.array([arb_core.ARB(0) if z and e is not None and _around_zero(e) else e
                              for e, z in zip(g, zs)], dtype=object)
                    for g, zs in zip(rule, rule_zero or ())] if rule_zero else rule
        except (arb_core.Undecided, _NotFinite, arb_core.NotAtThisPrecision) as error:
            # A branch the balls cannot decide yet, exp(1e300) beyond 128 bits, or a matrix nearer singular than
            # the balls' width: more bits may tell, up to where only a true infinity, a tie or a singular matrix
            # would still be there (a rule that leaks 0/0 from where's other branch is NaN at every precision:
            # judged without it, `_without_rule`; a singular matrix is mpmath's path's to say).
            if bits >= UNDECIDED_BITS:
                alone = _value_alone(function, args, remembered, error)
                if alone is None:
                    raise
                return alone, [np.array([None] * int(np.size(a)), dtype=object) for a in args], bits
            bits *= 2
            continue
        last = time.perf_counter() - started
        if _exact_settled(value) and all(e is None or _rule_settled(e, bits) for g in rule for e in g):
            return value, rule, bits
        if bits >= balls.MAX_BITS and _around_zero(value):
            bound = _log2(value.abs_upper())  # |value| <= 2^bound
            if (bounds is not None and bound < _BELOW_EVERY_FLOAT_LOG2
                    and all(e is None or _rule_settled(e, bits) for g in rule for e in g)):
                bounds.append(bound)
                return arb_core.ARB(0), rule, bits
            raise _Unresolvable(_not_proven("value", [value]))
        bits *= 2
    raise _Fallback("the rule did not settle")


def _value_alone(function, args, remembered, error):
    """The value's ball where the run of value and rule stopped at ``error``, a comparison of a ball that could not
    bound its answer (`arb.UndecidedBeyondBounds`), and the program's value alone runs and settles on balls: the
    comparison was the rule's (TensorFlow's Sqrt gradient asks whether its cotangent is 0, a cotangent 1 / 0 made of
    an exact 0), whose entries are then no numbers, as where a rule's ball is not finite; else None."""
    if not isinstance(error, arb_core.UndecidedBeyondBounds):
        return None
    try:
        with np.errstate(all="ignore"), _forced_remembered(remembered):
            value = _ball(_traced(function, [_to_balls(a) for a in args]))
    except (ArithmeticError, _Fallback, ValueError):
        return None
    return value if _exact_settled(value) else None


@contextlib.contextmanager
def _forced_remembered(remembered):
    """With ``remembered``, the forced decisions of the run inside kept by their comparisons (`arb.forced_taken`)."""
    arb_core.forced_taken = {} if remembered else None
    try:
        yield
    finally:
        arb_core.forced_taken = None


def _rule_proven_zero(function, args):
    """[per argument, each entry of gradcli's rule proven exactly 0 by the rule run on proof numbers]
    (`python_zero.rule_zeros`): asked once, where an entry's ball is around 0, before a climb to `balls.MAX_BITS`."""
    return python_zero.rule_zeros(lambda *a: value_and_grad(function, argnums=tuple(range(len(args))))(*a)[1], args)


def _rule_run(function, args):
    """A callable running gradcli's rule on the point's balls once more (`rule_rounding`'s rerun)."""

    def run():
        return value_and_grad(function, argnums=tuple(range(len(args))))(*[_to_balls(a) for a in args])[1]

    return run


def _branches_at(function, args):
    """The branches the function itself (no gradient) decides at the point, in order (`arb.ties` those at a tie)."""
    arb_core.decisions, arb_core.ties, arb_core.roots, arb_core.cuts = [], [], [], []
    _traced(function, [_to_balls(a) for a in args])
    return arb_core.decisions


def _on_one_path(function, path):
    """``function``, refusing (`_Fallback`) any evaluation that decides its branches otherwise than ``path``."""

    def on_path(*args):
        arb_core.decisions = []
        out = _traced(function, args)
        if arb_core.decisions != path:
            raise _OffPath("a branch changes within the difference step")
        return out

    return on_path


def _traced(function, args):
    """``function(*args)`` with its arguments traced, so that operators on them (``x > 0``) are gradcli's ops.

    On bare balls ``x > 0`` would be flint's own comparison: no decision recorded,
    and False for a ball that straddles 0 rather than undecided.
    """

    with np.errstate(all="ignore"):
        out, trace, _ = trace_inputs(function, list(args), {}, tuple(range(len(args))), "check")
    return output_value(out, trace)


def _rule_beside(rule, args, gradient, along_zero=False):
    """The rule's balls as mpmath numbers, shaped as ``args``: a ball around 0 beside a derivative entry proven 0
    (``gradient``), or anywhere where the derivative along the random direction is proven 0 (``along_zero``), is
    0, for it does not disagree with it (its midpoint is no number the rule gave: a 0 at every precision,
    sin(2x) - 2 sin(x) cos(x), has a ball around 0 whose midpoint is 2^-bits noise, and 32 such midpoints
    along a direction sum to noise that no scale of theirs excuses)."""
    import mpmath

    out = []
    for k, (g, a) in enumerate(zip(rule, args)):
        exact = gradient[k] if gradient and k < len(gradient) else None
        exact = [None] * np.size(a) if exact is None else list(np.ravel(np.asarray(exact, dtype=object)))
        out.append(_shaped([mpmath.mpf(0) if b is not None and b.contains(0) and (along_zero or _is_zero(e)) else _mpf(b)
                            for b, e in zip(np.ravel(np.asarray(g, dtype=object)), exact)], a))
    return out


def _rule_beside_bound(rule, args, entries):
    """The rule's balls beside a `Bounded` derivative (flat ``entries``, None where only a bound is proven), flat: each
    bounded entry's rule a 0 where its ball holds 0 (it does not disagree with an entry that small), else its number;
    None without a rule."""
    if rule is None:
        return None
    zeros = [0 if e is None else e for e in entries]
    shaped, start = [], 0
    for a in args:
        size = int(np.size(a))
        shaped.append(zeros[start:start + size])
        start += size
    return [e for g in _rule_beside(rule, args, shaped) for e in np.ravel(np.asarray(g, dtype=object))]


def _is_zero(entry):
    return entry is not None and not isinstance(entry, str) and entry == 0


def _mpf(ball):
    if ball is None:
        import mpmath

        return mpmath.nan

    settled = balls.settled(ball)
    return settled if settled is not None else balls.to_mpf(ball.mid())


def _shaped(entries, like):
    if np.ndim(like) == 0:
        return entries[0]
    out = np.empty(np.shape(like), dtype=object)
    for i, v in enumerate(entries):
        out.flat[i] = v
    return out


def _bits_for(value, derivative, h, extra=0):
    """Bits at which a difference with step ``h`` resolves ``derivative`` next to ``value``."""
    needed = max(_log2(value), _log2(derivative) + _log2(h)) - max(_log2(derivative), ZERO_LOG2) - _log2(h)
    bits = max(START_BITS, needed + GUARD_BITS + extra)
    if bits > balls.MAX_BITS:
        raise _Unresolvable(_TOO_FINE)
    return bits


def _judge(quotient, rule_ball, bits_at, value, h, trusted=True, prove=None):
    """The exact derivative from difference quotients ``quotient(step_factor, bits)`` and the rule's ball.

    Returns an arb: the rule's ball when the differences agree with it within
    their error bound, else the Richardson extrapolation of the differences,
    taken only once its own error bound leaves it `EXTRAPOLATED` relative
    (else `_Fallback`). ``bits_at(step_factor)`` is the bits a difference with
    that step needs to start with. A rule that holds 0 is 0 only where
    ``prove()`` (the program's own proof, `python_zero`) says so; else the
    differences find the derivative, so a tiny one is found, not hidden, and
    one they put within 2^ZERO_LOG2 of 0 leaves the point without a reference.

    An extrapolation is taken only from a step over which the function (``value``
    at the point, ``h`` the step at factor 1) moves by at most 2^STEP_LOG2 of
    itself: logsumexp(1e300 w) at w = 0 is a smooth corner 1e-300 wide, and
    differences across it agree with each other on the wrong slope.

    Not ``trusted``, ``rule_ball`` is only an estimate of the derivative's size
    (`_without_rule`): the differences alone decide, never an agreement with it.
    """
    if rule_ball.contains(0):
        if prove is not None and prove():
            return arb_core.ARB(0)
        if _within_floor(quotient, bits_at):
            raise _Unresolvable(_not_proven("derivative", ZERO_LOG2))
        radius = arb_core.ARB(2) ** ZERO_LOG2
    else:
        radius = abs(rule_ball).lower() * arb_core.ARB(2) ** -GUARD_BITS  # the rounding a difference may carry
    factor, shrink = arb_core.ARB(1), STEP_LOG2
    proof_tried = rule_ball.contains(0)  # tried above
    while True:  # until the step is small enough, or needs more bits than balls have (`_Unresolvable`)
        bits = bits_at(factor)
        try:
            d1 = _resolved(quotient, factor, bits, radius)
            if trusted and (d1 - rule_ball).contains(0) and not rule_ball.contains(0):
                return rule_ball  # agree within the proven rounding alone
            d2 = _resolved(quotient, factor / 2, bits, radius)
        except _OffPath:
            # A switch near the point, not at it (abs(a*a - b*b) at b = 0, a = 5e-324): a step
            # short of it. One that is still crossed 2^-1100 |x| away is a kink, the mpmath path's to find.
            if factor < arb_core.ARB(2) ** KINK_STEP:
                raise
            factor, shrink = factor * arb_core.ARB(2) ** shrink, shrink * 2
            continue
        if not proof_tried and d1.contains(0) and d2.contains(0):
            # Differences around 0 beside a rule that is not: a flat piece (a clip's bound under a log) whose
            # rounding no step shrinks; the program's own proof says 0 where it is.
            proof_tried = True
            if prove is not None and prove():
                return arb_core.ARB(0)
        truncation = abs(d1 - d2) * arb_core.ARB(4) / 3
        gap = abs(d1 - rule_ball)
        if trusted and not rule_ball.contains(0) and gap.mid() <= truncation.upper() + gap.rad():
            return rule_ball
        extrapolated = (4 * d2 - d1) / 3
        if truncation.upper() <= abs(extrapolated).lower() * arb_core.ARB(EXTRAPOLATED):
            finest = _finest(value, h, extrapolated)
            if finest is None or factor <= finest:
                return extrapolated
            factor = finest
            continue
        # A smaller step, twice as many bits smaller each time: exp(-x) at x = 1e300 bends on a
        # scale of 1, 2^-997 |x|.
        factor, shrink = factor * arb_core.ARB(2) ** shrink, shrink * 2


def _within_floor(quotient, bits_at):
    """Whether differences at the step factor 2^ZERO_STEP prove the derivative within 2^ZERO_LOG2 of 0
    (no difference tells it from 0 then: a 0 only a proof of the program's own may show).

    Two Richardson extrapolations (steps s, s/2, s/4; error ~ s^4): their
    difference bounds the last one's error, and both must lie within the floor.
    """
    floor = arb_core.ARB(2) ** (ZERO_LOG2 + 8)
    factor = arb_core.ARB(2) ** ZERO_STEP
    bits = bits_at(factor)
    try:
        d = [_resolved(quotient, factor / 2**j, bits, arb_core.ARB(2) ** ZERO_LOG2) for j in range(3)]
    except _Unresolvable:
        return False
    first, second = (4 * d[1] - d[0]) / 3, (4 * d[2] - d[1]) / 3
    return abs(second).upper() + abs(first - second).upper() <= floor


def _finest(value, h, derivative):
    """The step factor below which ``derivative`` moves the function by at most 2^STEP_LOG2 of ``value`` (None: no bound, at a value 0)."""
    if value.contains(0) or derivative.contains(0):
        return None
    return arb_core.ARB((abs(value) / (abs(derivative) * h) * arb_core.ARB(2) ** STEP_LOG2).mid())


def _resolved(quotient, factor, bits, radius):
    """``quotient(factor, bits)``, at more bits until its ball is narrower than ``radius``.

    The bits a difference needs are estimated from the value and the rule, but
    the function may cancel on the way (1 + tanh(-980) keeps 2^-2836 of its
    bits), and its points may need more: exp(-1.6e293) holds 0 until 1024 bits,
    and ``x > 0`` of it is undecided until then.
    """
    while True:
        failed = None
        try:
            d = quotient(factor, bits)
            if d.rad() <= radius:
                return d
        except (arb_core.Undecided, _NotFinite) as error:
            failed = type(error).__name__
        if bits >= balls.MAX_BITS:
            raised = _LeavesDomain if failed == "_NotFinite" else _Unresolvable
            raise raised(f"no difference resolves this derivative: {_UNRESOLVED[failed]}, and no other way proves it")
        bits = min(bits * 2, balls.MAX_BITS)


def _per_coordinate(function, args, value, rule, budget, sided=None):
    """The exact gradient, one coordinate at a time: lists of mpf per argument, and the most bits used.

    A coordinate whose every step crosses a switch the point sits on goes to ``sided`` (None: raise).
    """
    base = [_to_balls(a) for a in args]
    gradient, most, offset = [], 0, 0
    for i, a in enumerate(args):
        entries = []
        for k in range(int(np.size(a))):
            x = float(np.ravel(np.asarray(a, dtype=np.float64))[k])
            h = abs(arb_core.ARB(x if x != 0 else 1.0)) * arb_core.ARB(2) ** STEP_LOG2
            r = rule[i][k]
            used = []
            prove = _prover(function, args, h, coordinate=offset + k, at_point=sided is None)

            def bits_at(factor, r=r, h=h):
                used.append(_bits_for(value, r, h * factor))
                return used[-1]

            def quotient(factor, bits, i=i, k=k, x=x, h=h):
                budget.afford()
                _precision(bits)
                step = h * factor
                up, down = (_shifted(function, base, i, k, arb_core.ARB(x) + s) for s in (step, -step))
                return (up - down) / (2 * step)

            try:
                judged = (_judge(quotient, r, bits_at, value, h, prove=prove) if r is not None
                          else _without_rule(quotient, value, h, used, prove))
            except _OffPath:
                if sided is None:
                    raise
                judged = sided(i, k, x, h, r, bits_at, value)
            except _LeavesDomain:
                # NaN a step beside the point along this coordinate alone (polygamma's order): no derivative here
                # that differences show, which `no_derivative` settles by one-sided quotients; the others go on.
                judged = None  # NaN
            entries.append(_mpf(judged))
            most = max([most, *used])
        gradient.append(entries)
        offset += int(np.size(a))
    return gradient, most


def _prover(function, args, step, direction=None, coordinate=None, at_point=True):
    """``prove()``: whether the program proves the one derivative entry so seeded 0 (`python_zero`): at the
    point, or by being the same function of the step on both sides (``step``: where the branches are decided).
    Not ``at_point`` where the point sits on a switch: its own branches are no smooth piece around it."""

    def prove():
        if at_point and python_zero.proven(function, args, direction, coordinate)[1][0]:
            return True
        return python_zero.symmetric(function, args, step, direction, coordinate)

    return prove


def _without_rule(quotient, value, h, used, prove=None):
    """The derivative from differences alone, where the rule is not finite (a NaN leaked from where's other branch).

    A difference at the first step, at more bits until its ball excludes 0,
    gives the size the bits are chosen for; none by `UNDECIDED_BITS` (a
    derivative 0, or below what those bits see): a 0 must then be proven.
    """
    rough, bits, finite = arb_core.ARB(0), START_BITS, False
    while bits <= UNDECIDED_BITS:
        try:
            d = quotient(arb_core.ARB(1), bits)
            finite = True
        except (arb_core.Undecided, _NotFinite, arb_core.NotAtThisPrecision):
            d = None
        if d is not None and not d.contains(0):
            rough = d
            break
        bits *= 2
    if not finite:  # sqrt(x) at 0: no number on one side; the mpmath path's one-sided test says what is there
        raise _Fallback("the function is not finite beside the point")

    def bits_at(factor):
        used.append(_bits_for(value, rough, h * factor))
        return used[-1]

    return _judge(quotient, rough, bits_at, value, h, trusted=False, prove=prove)


def _from_each_side(target, args, budget):
    """``sided(i, k, x, h, rule, bits_at, value)``: one coordinate's derivative at a switch the point sits on.

    abs(x[2]) at x[2] = 0 inside max(abs(x)), where x[2] is not the largest: the
    point is a tie, so no central difference keeps to one branch, yet the
    function may be smooth there. Each side is one smooth piece, and the piece
    goes on past the switch (|x| is x on the right, and x is smooth through 0):
    the branches the side takes are replayed (`arb.forced`) at both points of a
    central difference, judged against the rule as `_judge` judges. Both pieces
    agreeing with the rule make it the exact derivative; two pieces agreeing with
    each other but not with the rule (where(w == 0, 0, w log1p(y)) at w = 0, its
    rule the constant branch's 0), the function not jumping there, make their
    common slope the derivative, and the rule wrong; otherwise a kink is the
    mpmath path's kink test's to judge (`_Fallback`). Each side is taken
    2^KINK_STEP h away, or nearer where the program computes a smaller value at
    the point (`_side_step`).
    """
    function = target.mp_function
    base = [_to_balls(a) for a in args]
    nearest = []  # the smallest value the program computes at the point, asked once a side needs it

    def sided(i, k, x, h, rule_ball, bits_at, value):
        found, rule_differs = [], False
        beside = _side_step(target, args, x, h, nearest)
        for side in (1, -1):
            arb_core.decisions = []
            _precision(SIDE_BITS)  # x + 2^-1100 h exactly, and its comparisons decided
            moved = _replaced(base, i, k, arb_core.ARB(x) + side * beside)
            python_zero.decided(lambda *a: _traced(function, a), moved, budget.afford)  # exactly where balls overlap
            piece = _on_piece(function, arb_core.decisions)
            if _jump_beside(piece, _along_coordinate(base, i, k, x), side * beside, value) is not None:
                raise _Fallback("the function jumps at a switch the point sits on")
            if _root_at_the_point(piece, base):
                raise _Fallback("a side's piece takes a root of an exact 0 at the point: the tip of a cone")

            def quotient(factor, bits):
                budget.afford()
                _precision(bits)
                step = h * factor
                try:
                    up, down = (_shifted(piece, base, i, k, arb_core.ARB(x) + s) for s in (step, -step))
                except _NotFinite:  # log(x) past x = 0: the piece ends at the switch, a one-sided matter
                    raise _Fallback("a piece is not finite past its switch") from None
                return (up - down) / (2 * step)

            prove = _prover(piece, args, h, coordinate=sum(int(np.size(a)) for a in args[:i]) + k)
            if rule_ball is None or rule_differs:  # no rule to agree with: the two pieces must agree with each other
                found.append(_without_rule(quotient, value, h, [], prove))
                continue
            judged = _judge(quotient, rule_ball, bits_at, value, h, prove=prove)
            if judged is not rule_ball and not (_is_exact_zero(judged) and rule_ball.contains(0)):  # a proven 0 agrees with a rule around 0
                rule_differs = True
                judged = _without_rule(quotient, value, h, [], prove)
            found.append(judged)
        if rule_ball is not None and not rule_differs:
            return found[0] if all(_is_exact_zero(f) for f in found) else rule_ball
        right, left = found
        if not abs(right - left).upper() <= abs(right).lower() * arb_core.ARB(EXTRAPOLATED) * 10 and not (
            right.is_zero() and left.is_zero()
        ):
            raise _Fallback("the derivatives of the pieces at a switch differ" + (" from the rule" if rule_differs else ""))
        return right

    return sided


def _root_at_the_point(piece, base):
    """Whether ``piece`` (the branches one side of a switch takes), run at the point itself, takes a root of an exact 0:
    the guarded norm where(s > 0, sqrt(where(s > 0, s, 1)), 0) at x = 0, whose own branch never takes it, goes on past
    its switch as sqrt(x * x), no smooth piece there."""
    saved, arb_core.roots = arb_core.roots, []
    try:
        _shifted(piece, base, 0, 0, base[0] if np.ndim(base[0]) == 0 else base[0].flat[0])
        return bool(arb_core.roots)
    except (_OffPath, _NotFinite, ArithmeticError, ValueError):
        return False
    finally:
        arb_core.roots = saved


def _side_step(target, args, x, h, nearest):
    """How far beside the point ``x`` each side's piece is chosen: 2^KINK_STEP h, or, at x = 0, a power of 2 below
    the smallest value the program computes at the point (`kinks.smallest_value_at`, asked once into ``nearest``),
    since a switch of its values may lie that near (a sort turning 2.9e-555 beside a removable switch at 0), which
    a side chosen farther would take for the point's own piece."""
    step = h * arb_core.ARB(2) ** KINK_STEP
    if x != 0:
        return step  # x + a shorter step would need more bits than SIDE_BITS hold
    if not nearest:
        import mpmath  # loaded already: the program's values are read on mpmath numbers

        smallest = smallest_value_at(target, [to_mp(a) for a in args])
        nearest.append(arb_core.ARB(2) ** (int(mpmath.floor(mpmath.log(smallest, 2))) - 64))
    return nearest[0] if nearest[0] < step else step


def _value_at(function, base):
    """The function's value at the point (its own branches there), as a ball at `SIDE_BITS`."""
    _precision(SIDE_BITS)
    return _ball(_traced(function, base))


def _jump_beside(piece, beside, step, value):
    """The `precision.Jump` where ``piece`` (the branches one side of a switch takes) leaves the function's ``value``
    at the point behind: its gap to it beside the point proven nonzero and not shrinking with the step; else None.
    ``beside(t)``: the arguments t from the point (along a coordinate or a direction), ``step`` the side's t.

    A patch that is the sides' limit closes its gap as the step shrinks (where(x != 0, sin(x)/x, 1) at 0);
    one that is not (where(x != 0, x + 1, 0), TensorFlow's divide_no_nan(sin(x), x) at 0) is a jump, where
    the sides' common slope is no derivative. The side's limit is its value at the nearer step, 2^-64 of
    ``step`` away. Undecided or not finite beside the point: no claim.
    """
    values = []
    try:
        for shrink in (0, 64):
            _precision(SIDE_BITS + 2 * shrink)
            with np.errstate(all="ignore"):
                values.append(_ball(piece(*beside(step * arb_core.ARB(2) ** -shrink))))
    except (_NotFinite, _OffPath, arb_core.Undecided, ZeroDivisionError):
        return None
    finally:
        _precision(SIDE_BITS)  # where the side's own work goes on
    near, nearer = (abs(v - value) for v in values)
    if bool(nearer > 0) and bool(nearer > near / 2):
        return Jump(_mpf(values[1]), _mpf(value))
    return None


def _unbounded_slopes(pieces, beside, step, value):
    """``(([(step, quotient), ...] of each side, right first), (each one's sign))`` where the one-sided quotients of
    both ``pieces`` (the right side's and the left side's branches) leave the function's ``value`` at the point by a
    quotient that grows tenfold and more, with one sign, each time the step shrinks by 2^64: an infinite one-sided
    slope on each side (cbrt(h) / h = h^(-2/3)), as the kink test tells one; None where either side settles, shrinks,
    or is not resolved (undecided or not finite beside the point: no claim). ``beside(t)``: the arguments t from the
    point, ``step`` (> 0) the longest step tried."""
    import mpmath

    sides, signs = [], []
    try:
        for side, piece in zip((1, -1), pieces):
            pairs = []
            for shrink in (0, 64, 128):
                _precision(SIDE_BITS + 2 * shrink)
                t = side * step * arb_core.ARB(2) ** -shrink
                with np.errstate(all="ignore"):
                    quotient = (_ball(piece(*beside(t))) - value) / t
                if not (quotient > 0 or quotient < 0):
                    return None
                pairs.append((_mpf(abs(t)), _mpf(quotient)))
            grows = all(abs(b) > 10 * abs(a) and mpmath.sign(a) == mpmath.sign(b)
                        for (_, a), (_, b) in zip(pairs, pairs[1:]))
            if not grows:
                return None
            sides.append(pairs)
            signs.append(int(mpmath.sign(pairs[-1][1])))
    except (_NotFinite, _OffPath, arb_core.Undecided, ZeroDivisionError):
        return None
    finally:
        _precision(SIDE_BITS)  # where the side's own work goes on
    return tuple(sides), signs


def _along_coordinate(base, i, k, x):
    """t -> the arguments ``base`` with entry ``k`` of argument ``i`` at ``x`` + t."""
    return lambda t: _replaced(base, i, k, arb_core.ARB(x) + t)


def _on_piece(function, path):
    """``function`` taking the branches ``path`` lists, wherever it is evaluated (`_OffPath` if it decides more or fewer)."""

    def on_piece(*args):
        arb_core.decisions, arb_core.forced = [], path
        try:
            out = _traced(function, args)
        finally:
            arb_core.forced = None
        if len(arb_core.decisions) != len(path):
            raise _OffPath("the piece decides otherwise than the side it was taken from")
        return out

    return on_piece


def _shifted(function, base, i, k, point):
    with np.errstate(all="ignore"):
        return _ball(function(*_replaced(base, i, k, point)))


def _replaced(base, i, k, point):
    """The arguments ``base`` with entry ``k`` of argument ``i`` set to ``point``."""
    values = list(base)
    if np.ndim(base[i]) == 0:
        values[i] = point
    else:
        copy = base[i].copy()
        copy.flat[k] = point
        values[i] = copy
    return values


def _along_direction(function, args, value, rule, budget, seed, result, at_point=True):
    """The exact directional derivative along one random unit direction (as the mpmath path draws it)."""
    direction = random_direction(args, seed)
    balls_v = [np.asarray(_to_balls(d), dtype=object).ravel() for d in direction]
    base = [np.asarray(_to_balls(a), dtype=object).ravel() for a in args]
    if any(e is None for g in rule for e in g):
        raise _Fallback("the rule is not finite along the direction")  # the mpmath path shows it so
    r = sum((np.sum(g * v) for g, v in zip(rule, balls_v)), arb_core.ARB(0))
    largest = max(float(np.max(np.abs(a))) for a in args)
    h = arb_core.ARB(largest if largest else 1.0) * arb_core.ARB(2) ** STEP_LOG2
    n = sum(int(np.size(a)) for a in args)
    used = []

    def bits_at(factor):
        used.append(_bits_for(value, r, h * factor, extra=int(math.log2(n)) + 1))
        return used[-1]

    def quotient(factor, bits):
        budget.afford()
        _precision(bits)
        step = h * factor
        sides = []
        for s in (step, -step):
            point = [(b + v * s).reshape(np.shape(a)) if np.ndim(a) else (b + v * s)[0] for a, b, v in zip(args, base, balls_v)]
            with np.errstate(all="ignore"):
                sides.append(_ball(function(*point)))
        return (sides[0] - sides[1]) / (2 * step)

    result.direction = direction
    result.directional = _mpf(_judge(quotient, r, bits_at, value, h, prove=_prover(function, args, h, direction=direction, at_point=at_point)))
    result.gradient = [None] * len(args)
    result.notes.append(f"{n} inputs: the exact derivative of the function is checked along one random direction")
    return max(used, default=START_BITS)  # none used: the program proved the derivative 0 before any difference
