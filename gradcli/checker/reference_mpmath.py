"""The exact reference on mpmath: value and gradient at high precision, precision adaptive.

The program runs on mpmath numbers at the very point the working dtype sees
(the input rounded to that dtype, converted exactly). The precision rises
until two successive precisions agree, because cancellation at x=1e15 or
x=1e-50 can need hundreds or thousands of digits; a fixed 50 digits is wrong
there. Agreement alone is not enough: 1 - cos(1e-300) is 0 at 30, 60 and 120
digits alike. So every result comes with its rounding noise, from rerunning the
program twice with its ops rounding alternately down and up, starting either way (see
`precision.with_noise`): a result is taken when two precisions agree and its noise is
below AGREE_DIGITS; an exact computation (x - x) has no noise at all. An entry
0 within a noise is not proven 0: it does not settle, and the point has no reference. When the
value settles on NaN or infinity the point is outside the domain; when a
derivative grows at every precision (cbrt at 0) it is infinite; past
the ceiling (`precision.max_digits`) the reference is ``unsettled`` and no verdict is given.

Two gradients come out: ``rule`` is gradcli's autodiff (including any custom
gradient) at high precision; ``exact`` is the true derivative of the forward
function, from central differences at high precision (step 10^(-digits/3)
relative to |x| up to 1, so that x +- h never crosses 0, and of 1 above it, so that
it spans no period of sin(1e300), unless every op of the program is free of any such unit
(`_coordinate_step`); at 0, of the smallest magnitude among the inputs and the program's values:
`_safe_step`; error about 10^(-2 digits/3)).
The differences know nothing of gradient
rules: this is how a wrong custom gradient is caught, and how a NaN that a
rule leaks from the unselected branch of ``where`` is told from a true NaN.
"""


from __future__ import annotations

import copy
import math
from dataclasses import fields

import numpy as np

from ..autodiff import arb as arb_core
from ..autodiff import custom
from ..autodiff import mp as mp_core
from ..autodiff import ops
from ..autodiff.arb_proof import POLES
from ..autodiff.mp import ieee
from ..autodiff.ops_special import BeyondNumbers
from ..autodiff.tracer import hooks
from ..autodiff.transforms import trace_inputs, value_and_grad
from ..autodiff.tree import flatten
from ..autodiff.values import Box
from ..capture.bridge import differentiating_the_primal
from ..capture.loop_trips import LoopStopped
from . import balls, exact_python, no_derivative, python_zero
from .provenance import listed
from .kinks import (
    ALONG, ValuesBeside, at_a_tie, coordinates_of, find_kinks, jumps_here, jumps_whatever_is_held, may_have_kink,
    ops_called_at, smallest_value_at, undefined_at_kinks,
)
from .precision import (
    Absorption,
    AGREE_DIGITS,
    absorbed_effect,
    agreeing,
    Edge,
    Outside,
    START_DIGITS,
    Exact,
    exact_entries,
    flat_entries,
    generic_weight,
    max_digits,
    per_coordinate,
    random_direction,
    rebuild,
    rule_entries,
    settle,
    to_mp,
    unproven_zeros,
    unwatched,
    with_noise,
    with_noise_unless,
    zero_floor,
)


def compute_mpmath(target, args, seed, result, budget=None, start=START_DIGITS, rule=None):
    """The reference on mpmath numbers: precision doubling from ``start`` digits until two precisions agree
    (see the module notes); each pass asks ``budget`` (a `balls.Budget`; none: no limit) for its time first.
    A derivative 0 where the rule (``rule``, once found) holds a number rises as far as it needs (`_tiny_derivative`).
    """
    import mpmath

    budget = budget or balls.Budget(math.inf)
    mp_core.enable()
    result.method = "mpmath"
    zeros = python_zero.Zeros(lambda *a: exact_python._traced(target.mp_function, a), args)
    for k in _unread_coordinates(target, args):  # 0 by construction: no proof to run, none to fail
        zeros.known[k] = True
    arb_core.stopped, custom.embedded_forms = [], []
    kept = ValuesBeside(target)  # the differences' values, for the kink test's first steps
    climbed = _climb(target, args, seed, result, budget, zeros, start, kept)
    if climbed is None:
        return result
    attempt, history, digits, value_digits, settled, bounded, absorbing = climbed
    if arb_core.stopped and not custom.embedded_forms:
        frozen = None  # the reference with the held values frozen, where the choice test's check made it
        choose = _held_only_choose(target, args, min(digits, _CHOICE_DIGITS))
        if choose:
            frozen = _held_read_after_all(target, args, seed, budget, attempt, settled, digits)
        if not choose or frozen is not None:
            if jumps_whatever_is_held(target, args, attempt, result, budget, max(digits, 2 * START_DIGITS)):
                # a value that jumps has no derivative, whatever is held; along a coordinate it does not jump, the
                # derivative with the held values frozen is the one the user's stop_gradient defines
                _held_slopes_beside_jumps(target, args, seed, result, budget, frozen)
                return result
            # A difference would move what the user's stop_gradient holds constant: the differences run with it frozen.
            if frozen is None:
                return _reference_held_frozen(target, args, seed, result, budget)
            for field in fields(Exact):
                setattr(result, field.name, getattr(frozen, field.name))
            return result
        result.notes.append(
            "the values a stop_gradient holds only choose (an index, a branch) here: the derivative is the function's own"
        )
    unsettled_gradient = attempt.gradient
    if settled is not None:
        _write_back(attempt, settled)
    result.value = attempt.value
    result.gradient = attempt.gradient
    result.direction, result.directional = attempt.direction, attempt.directional
    result.notes.extend(attempt.notes)
    result.digits = digits
    # The rule and the kink test start where the value settled (not where a zero derivative
    # drove the precision) and rise only as far as their own rounding noise asks.
    rule_digits = max(2 * START_DIGITS, min(value_digits or digits, digits))
    held = None if rule or not zeros.held_steps_taken() else python_zero.rule_through_held_steps(
        lambda *a: value_and_grad(target.mp_function, argnums=tuple(range(len(args))))(*a)[1], args,
        mpmath.mp.prec + 64)
    if held is not None:  # the rule through a step no precision rounds to one side of: the proof's numbers too
        result.rule = [rebuild(to_mp(a), entries) for a, entries in zip(args, held)]
    else:
        result.rule, result.rule_scale = rule or (  # noise spared only for a formula's own rules beside a settled gradient
            rule_at(target, args, rule_digits, result, budget, _spares_noise(target, settled, bounded)), result.rule_scale)
    if bounded[0]:
        settled = _inside_bounds(target, args, result, settled, bounded, rule_digits, budget)
        if settled is None:
            result.gradient = unsettled_gradient  # unsettled: the kink and edge tests below may still settle it
        else:
            _write_back(attempt, settled)
            result.gradient = attempt.gradient
            result.determined, result.unsettled, result.why = True, False, ""
    # A 0 where the rule holds a number may be a kink's two slopes averaged (a spectral norm at the zero
    # matrix): the one-sided test runs first, and only a 0 it leaves standing has no reference.
    noisy = settled is not None and _rule_below_a_noisy_zero(result, settled, zeros.proven(settled))
    if settled is None and zeros.value_proven() and len(flat_entries(result.value)) == 1:  # the kink test starts from a
        result.value = rebuild(result.value, [mpmath.mpf(0)])  # proven 0, not a run a rounding put past arccos's 1
    flat = []  # the coordinates whose one-sided slopes are both 0 (`kinks.FLAT`)
    # arccos of a cosine proven 1 (parallel vectors): the tip of a cone whose central differences read 0
    if not _at_a_proven_pole(result, zeros) and (
            noisy or target.kind == "formula" or zeros.ends or may_have_kink(target, args, result)):
        proven = zeros.cone_kinks() if result.directional is None else zeros.along_kinks()  # a cone's tip's slopes
        result.kinks, result.singular = find_kinks(target, args, result, budget, max(digits, 2 * START_DIGITS), flat,
                                                   known=proven, least_digits=min(absorbing, digits), kept=kept)
        if not result.kinks and not result.singular and result.directional is not None and target.kind != "formula":
            # the test along the direction parts slopes to 1e-6 of them: a smaller gap where it decides a tie
            slopes = _tiny_kink_along(target, args, result, budget)
            if slopes is not None:
                result.kinks = [("the random direction", *slopes)]
    # (along a random direction: one entry, no coordinates); a slope settled as no number (xlogy's in x at (0, 0)
    # is log 0) may be an op's domain edge too, named as such
    if (result.unsettled or _slope_not_a_number(history)) and result.directional is None:
        edges = _at_edges(target, args, history[-1], len(flat_entries(result.value)), zeros)
        # the op whose edge it is says more than "defined at this point alone" (arccosh at 1 from both sides)
        at_an_edge = {edge[0] for edge in edges}
        result.singular = [found for found in result.singular
                           if not (found[0] in at_an_edge and all(isinstance(side, Outside) for side in found[1:]))]
        named = {found[0] for found in result.kinks + result.singular}  # a side the kink test saw says it first
        result.singular.extend(edge for edge in edges if edge[0] not in named)
    undefined_at_kinks(target, args, result)
    if noisy and _rule_below_a_noisy_zero(result, _entries_of(result), zeros.proven()):
        return _tiny_derivative(target, args, seed, result, budget, digits, zeros.proven())
    if result.unsettled and (result.kinks or result.singular or flat):
        sloped_0 = {0} if ALONG in flat else {k for k, (_, _, c) in enumerate(coordinates_of(target, args)) if c in flat}
        _settle_around_kinks(result, history, len(flat_entries(result.value)), sloped_0)
    return result


def unread_inputs(target, args):
    """The positions of ``args`` whose value the program never reads but through choices (a comparison, a floor, an
    index), so that each of their derivatives is 0 by construction on the point's piece (`unread_entries`, whole
    inputs)."""
    return {i for i, entries in unread_entries(target, args).items() if len(entries) == max(int(np.size(args[i])), 1)}


def unread_entries(target, args):
    """``{position of args: its flat entries the program never reads but through choices}`` (a comparison, a floor,
    an index), so that each of their derivatives is 0 by construction on the point's piece: a traced forward run of the
    function itself (a bridge's forward graph, not its rule) on mpmath numbers, whose graph from the output reaches
    no input node of theirs, or reaches an array input only through indices of constant positions (``v[1]``,
    ``v[int(x)]``), which read the entries they pick alone. Nothing is claimed where the run raises, where a
    stop_gradient ran (its answer reads its argument with no edge in the graph), or where the output reaches a custom
    gradient's op (its forward may read what it closes over)."""
    import mpmath

    mp_core.enable()
    stopped = []
    saved = hooks.forward

    def seen(prim, values, kwargs, ans):
        if prim.name == "stop_gradient":
            stopped.append(prim)
        if saved is not None:
            saved(prim, values, kwargs, ans)

    hooks.forward = seen
    try:
        with differentiating_the_primal(), mpmath.workdps(START_DIGITS), np.errstate(all="ignore"):
            out, trace, inputs = trace_inputs(target.mp_function, [to_mp(a) for a in args], {}, tuple(range(len(args))), "check")
    except Exception:  # noqa: BLE001 - a program that fails traced claims nothing
        return {}
    finally:
        hooks.forward = saved
    if stopped:
        return {}
    reached, readers, stack = set(), {}, [leaf for leaf in flatten(out)[0]]
    while stack:
        item = stack.pop()
        if isinstance(item, np.ndarray) and item.dtype == object:
            stack.extend(item.flat)
            continue
        if not isinstance(item, Box) or item._trace is not trace:
            continue
        node = getattr(item, "_node", item)
        if id(node) in reached:
            continue
        reached.add(id(node))
        if node.prim is not None and node.prim.opaque:
            return {}
        for parent in node.parents:
            readers.setdefault(id(parent), []).append(node)
        stack.extend(node.parents)
    found = {}
    for i, (roots, _) in enumerate(inputs):
        if not any(id(root) in reached for root in roots):
            found[i] = set(range(max(int(np.size(args[i])), 1)))
        elif len(roots) == 1 and (picked := _picked_only(roots[0], readers.get(id(roots[0]), ()))) is not None:
            found[i] = set(np.flatnonzero(~picked).tolist())
    return {i: entries for i, entries in found.items() if entries}


def _picked_only(root, readers):
    """Which entries of the input ``root`` its ``readers`` (the reached ops that take it) read, as a mask of its shape,
    where each is an index at constant positions; None where any reads it otherwise (arithmetic reads every entry)."""
    shape = np.shape(root._value)
    if not shape:
        return None
    picked = np.zeros(shape, dtype=bool)
    for node in readers:
        if node.prim is None or node.prim.name != "getitem" or node.argnums != (0,) or len(node.args) != 2:
            return None
        try:
            picked[node.args[1]] = True
        except (IndexError, TypeError, ValueError):  # an index NumPy's bool mask does not take: all read
            return None
    return picked


def _unread_coordinates(target, args):
    """The flat coordinates of `unread_entries`, numbered as the differences number their entries (none where the
    differences run along one direction: no entry of theirs is a coordinate's, and a traced run of 10^5 numbers costs)."""
    if not per_coordinate(sum(int(np.size(a)) for a in args)):
        return []
    unread = unread_entries(target, args)
    flat, start = [], 0
    for i, a in enumerate(args):
        flat.extend(start + k for k in sorted(unread.get(i, ())))
        start += max(int(np.size(a)), 1)
    return flat


# The most digits `_held_only_choose` moves held values at (it runs at twice them): a climb that ran to its ceiling at a
# jump would otherwise have it run a special function at 8,000 digits (gammaln's Bernoulli numbers: a minute), where
# shifts of 10^-30 and 10^-60 stand far above a 240-digit run's rounding, and `_held_read_after_all` checks what it
# takes for choices.
_CHOICE_DIGITS = 4 * START_DIGITS


def _held_only_choose(target, args, digits):
    """Whether the values the program's stop_gradient holds change its value only through discrete choices.

    An index from ``searchsorted(xp, x.detach())`` is constant in the held value between ties, so
    the function as written, which the differences follow, is the one the rule differentiates; at a
    tie the kink test then finds the switch. A held value the arithmetic reads (``x * stop_gradient(x)``,
    a straight-through estimator) moves the value in proportion to its own move. So the program runs at
    the point with every held value shifted, up and then down, by 10^(-digits/4) of itself and by the
    square of that: a choice changes the value by the same step at both shifts (none, or the jump of a
    branch switched at a tie), arithmetic by amounts as different as the shifts, however small the value. Where
    the value stands still so, its slope in the held values is 0 here, and the differences' slope, theirs plus x's
    own, is x's own. A value that does not move at all shows no choice: arithmetic may read a held value times a 0
    there (x * stop_gradient(floor(x)) at x = 0), and the derivative with the held values frozen is the one it defines.
    The runs take twice ``digits``, so that the program's rounding stays far below the smaller shift.
    A held value that stays the same when every input moves (`_held_constants`: weights written under
    ``torch.no_grad()``, ``stop_gradient`` of a constant) is a constant of the function, which the differences
    never move either: only the others are shifted.
    """
    import mpmath

    prim = ops.stop_gradient.prim
    holding = prim.mp
    wide = mpmath.mpf(10) ** (-(digits // 4))
    with mpmath.workdps(2 * digits):

        def shifted(x, shift):
            if isinstance(x, np.ndarray) and x.dtype == object:
                out = np.empty(x.shape, dtype=object)
                out.flat[:] = [shifted(v, shift) for v in x.flat]
                return out
            if isinstance(x, (mpmath.mpf, mpmath.mpc)):
                return x + shift * (abs(x) + 1)
            return x

        def program(moved):
            with np.errstate(all="ignore"):
                return flat_entries(target.mp_function(*_moved_apart([to_mp(a) for a in args], moved)))

        def run(shift):
            calls = iter(range(1 << 62))
            prim.mp = lambda x: holding(x) if next(calls) in constant else shifted(holding(x), shift)
            return program(0)

        try:
            calls, constant = _held_constants(program, prim, holding, wide)
            if len(constant) == calls:
                return True
            centre = run(0)
            changes = [[_change(run(s), centre) for s in (sign * wide, sign * wide * wide)] for sign in (1, -1)]
        except Exception:  # noqa: BLE001 - the program failed on a held value moved: not only a choice
            return False
        finally:
            prim.mp = holding
        # x * stop_gradient(floor(x)) at x = 0 stands still at any held value: arithmetic times a 0 here, or a choice
        # that switches nothing; either way the derivative with the held values frozen is the one the user defines.
        if all(a is not None and a == 0 for far, near in changes for a in far + near):
            return False
        # Relative to the value's own size: the shifts move a value of 1e-300 by 1e-300 of themselves, and a choice
        # computes the same numbers at both shifts, so its changes agree to the last digit.
        tol = wide ** 3 * max([abs(v) for v in centre if mpmath.isfinite(v)], default=mpmath.mpf(0))
        return all(
            len(far) == len(near) == len(centre) and all(
                (a is None and b is None) or (a is not None and b is not None and abs(a - b) <= tol)
                for a, b in zip(far, near)
            )
            for far, near in changes
        )


def _moved_apart(mp_args, move):
    """``mp_args`` with each entry x moved by ``move`` (|x| + 1) times its own `precision.generic_weight`: inputs
    that are equal, or in proportion, move apart (a box's corners moved alike would keep its width and height, and
    whatever a stop_gradient holds of them)."""
    if not move:
        return mp_args
    count = 0
    out = []
    for a in mp_args:
        if isinstance(a, np.ndarray) and a.dtype == object:
            moved = np.empty(a.shape, dtype=object)
            for position, x in enumerate(a.flat):
                moved.flat[position] = x + move * generic_weight(count) * (abs(x) + 1)
                count += 1
            out.append(moved)
        else:
            out.append(a + move * generic_weight(count) * (abs(a) + 1))
            count += 1
    return out


def _held_read_after_all(target, args, seed, budget, attempt, settled, digits):
    """The reference with the held values frozen (`_reference_held_frozen`) where the values a stop_gradient holds,
    which moving them at the point's precision showed as choices (`_held_only_choose`), are read by arithmetic after
    all, else None: its derivative differs from the function's own (``attempt`` with its ``settled`` entries) along a
    coordinate where the function has neither kink nor jump. A straight-through estimator's entries of 1.4 beside one
    of 1e150 move a sum of 1e300 by less than its rounding; a held index at a tie is a kink of the function, where the
    two differ rightly."""
    import mpmath

    if settled is None or attempt.directional is not None:
        return None
    own = copy.copy(attempt)
    _write_back(own, settled)
    frozen = _reference_held_frozen(target, args, seed, Exact(), budget)
    if not frozen.determined or frozen.directional is not None or len(frozen.gradient) != len(own.gradient):
        return None
    apart = set()
    for i, index, label in coordinates_of(target, args):
        if own.gradient[i] is None or frozen.gradient[i] is None:
            continue
        a, b = ((g if index is None else np.asarray(g, dtype=object)[index]) for g in (own.gradient[i], frozen.gradient[i]))
        if mpmath.isfinite(a) and mpmath.isfinite(b) and abs(a - b) > mpmath.mpf(10) ** -8 * max(abs(a), abs(b)):
            apart.add(label)
    if not apart:
        return None
    probe = Exact(value=own.value, gradient=own.gradient)
    kinks, singular = find_kinks(target, args, probe, budget, max(digits, 2 * START_DIGITS))
    return None if apart & {label for label, _, _ in kinks + singular} else frozen


def _held_slopes_beside_jumps(target, args, seed, result, budget, frozen=None):
    """The entries of ``result`` (a value that jumps at the point whatever a stop_gradient holds,
    `kinks.jumps_whatever_is_held`) along each coordinate whose value does not jump there: the derivative of the program
    with every held value frozen at the point's own (`_holds_frozen`), which is the slope the user's stop_gradient
    defines. ``x + stop_gradient(round(x) - x)`` jumps at x[0] = 0.5 alone: x[1]'s entry is 2 round(x[1]).
    Entries stay NaN where the frozen program has no reference. ``frozen``: that reference, where it was made already."""
    import mpmath

    jumped = {label for label, _, _ in result.singular}
    coordinates = list(coordinates_of(target, args))
    if result.directional is not None or all(label in jumped for _, _, label in coordinates):
        return
    frozen = frozen or _reference_held_frozen(target, args, seed, Exact(), budget)
    if not frozen.determined or frozen.directional is not None or len(frozen.gradient) != len(result.gradient):
        return
    # the climb's 0s within a noise beside the jump are the jump's to settle, as they are without a stop_gradient; the
    # frozen program's value at the point is the program's, settled by its own climb
    result.determined, result.unsettled, result.why = True, False, ""
    result.value = frozen.value
    slopes = [None if frozen.gradient[i] is None else frozen.gradient[i] if index is None else
              np.asarray(frozen.gradient[i], dtype=object)[index] for i, index, _ in coordinates]
    beside = [s if label not in jumped and s is not None and mpmath.isnan(s) else mpmath.mpf(0)
              for s, (_, _, label) in zip(slopes, coordinates)]
    if any(mpmath.isnan(s) for s in beside):
        # the frozen program's own jump left its other entries NaN: their one-sided slopes, the held values frozen, are
        # the derivative the stop_gradient defines (the width of a box of height 0, whose atan(w / 0) is pi/2 along w)
        kinked = {label for label, _, _ in frozen.kinks + frozen.singular}
        limits, _ = no_derivative.settle_entries(_held_target(target, args), args, beside, kinked)
        slopes = [limit if limit is not None and mpmath.isfinite(limit) else s for s, limit in zip(slopes, limits)]
    for (i, index, label), slope in zip(coordinates, slopes):
        if label in jumped or result.gradient[i] is None or frozen.gradient[i] is None:
            continue
        if index is None:
            result.gradient[i] = slope
        else:
            result.gradient[i] = np.array(result.gradient[i], dtype=object)  # a copy: never the caller's
            result.gradient[i][index] = slope
    result.kinks.extend(kink for kink in frozen.kinks if kink[0] not in jumped)
    result.singular.extend(side for side in frozen.singular if side[0] not in jumped)
    result.rule, result.rule_scale = frozen.rule, frozen.rule_scale
    result.digits = max(result.digits, frozen.digits)


# The note of a reference whose differences ran with the values stop_gradient holds frozen (`_reference_held_frozen`).
HELD_FROZEN_NOTE = "the values a stop_gradient holds were frozen at the point's own: the exact derivative is the one they define"


def _reference_held_frozen(target, args, seed, result, budget):
    """The mpmath reference into ``result`` of ``target`` with the value each stop_gradient call holds frozen at the
    point's own (`_holds_frozen`): its differences move only what the program computes from its inputs, so its
    derivative holds those values constant, as the user's stop_gradient defines it."""
    compute_mpmath(_held_target(target, args), args, seed, result, budget)
    result.notes.append(HELD_FROZEN_NOTE)
    return result


def _held_target(target, args):
    """``target`` with its program's stop_gradient calls holding the values they hold at ``args`` (`_holds_frozen`)."""
    held = copy.copy(target)
    held.mp_function = _holds_frozen(target.mp_function, args)
    return held


def _holds_frozen(function, args):
    """``function`` on mpmath numbers with the value each of its stop_gradient calls holds frozen at the one that call
    holds at ``args`` (at the running precision, in call order): differences then move only what the program computes
    from its inputs, as the user's rule sees it. A run whose calls differ in number or shape from the point's raises."""
    import mpmath

    prim = ops.stop_gradient.prim
    at_point = {}  # precision -> the values held at the point, in call order

    def held_at_point(holding):
        seen = []

        def hold(x):
            value = holding(x)
            seen.append(value)
            return value

        stopped = len(arb_core.stopped)
        prim.mp = hold
        try:
            function(*[to_mp(a) for a in args])
        finally:
            prim.mp = holding
            del arb_core.stopped[stopped:]  # the point's own holds: no stop_gradient of the frozen program
        return seen

    def frozen(*moved):
        holding = prim.mp
        if mpmath.mp.prec not in at_point:
            at_point[mpmath.mp.prec] = held_at_point(holding)
        values = iter(at_point[mpmath.mp.prec])

        def hold(x):
            value = next(values, None)
            if value is None or np.shape(value) != np.shape(x):
                raise ValueError("the program's stop_gradient calls differ from those at the point")
            return value

        prim.mp = hold
        try:
            out = function(*moved)
        finally:
            prim.mp = holding
        if next(values, None) is not None:
            raise ValueError("the program's stop_gradient calls differ from those at the point")
        return out

    return frozen


def _held_constants(run, prim, holding, move):
    """``(calls, constant)``: how many stop_gradient calls the program makes at the point, and the positions (in
    call order) of those whose held value is the same, entry by entry and exactly, with every input moved up and
    then down by ``move`` of itself (`run(moved)` runs the program so): values computed from constants alone, or
    from inputs only through choices the move does not switch. Where the calls differ in number, or a moved run
    raises, none is constant.
    """
    import mpmath

    def entries(value):
        return list(value.flat) if isinstance(value, np.ndarray) else [value]

    def same(a, b):
        if len(a) != len(b):
            return False
        for u, v in zip(a, b):
            nan_u = isinstance(u, (mpmath.mpf, mpmath.mpc)) and mpmath.isnan(u)
            nan_v = isinstance(v, (mpmath.mpf, mpmath.mpc)) and mpmath.isnan(v)
            if nan_u or nan_v:
                if not (nan_u and nan_v):
                    return False
            elif type(u) is not type(v) or not bool(u == v):
                return False
        return True

    held = []
    for moved in (0, move, -move):
        seen = []

        def hold(x, seen=seen):
            value = holding(x)
            seen.append(entries(value))
            return value

        prim.mp = hold
        try:
            run(moved)
        except Exception:  # noqa: BLE001 - a move past the program's domain: no value is known constant
            return None, set()
        held.append(seen)
    calls = len(held[0])
    if any(len(seen) != calls for seen in held[1:]):
        return calls, set()
    return calls, {k for k in range(calls) if same(held[0][k], held[1][k]) and same(held[0][k], held[2][k])}


def _change(moved, centre):
    """Entry by entry, how far ``moved`` is from ``centre``: None where either is not a finite number unless both
    are the same NaN or infinity (then 0); an empty list where the two differ in length."""
    import mpmath

    if len(moved) != len(centre):
        return []
    out = []
    for a, b in zip(moved, centre):
        if mpmath.isfinite(a) and mpmath.isfinite(b):
            out.append(a - b)
        else:
            out.append(0 if (mpmath.isnan(a) and mpmath.isnan(b)) or a == b else None)
    return out


def _nan_where_singular(target, args):
    """The program's value at ``args``, NaN where a matrix it inverts or solves with is singular at these numbers
    (`mp.Singular`: its determinant exactly 0 without rounding): the function has no value there, as 0/0 has none,
    and a precision that agrees leaves the point without a derivative (`_outside_domain`)."""
    import mpmath

    try:
        return target.mp_function(*[to_mp(a) for a in args])
    except mp_core.Singular:
        return mpmath.nan


def _slope_not_a_number(history):
    """Whether the climb's last derivative entries hold a NaN or an infinity."""
    import mpmath

    return bool(history) and not all(mpmath.isfinite(e) for e in history[-1][0])


def _at_edges(target, args, last, size, zeros):
    """``(label, Edge, Edge)`` for each coordinate whose derivative entry (not finite, or 0 within its noise in
    ``last``, the climb's entries and noises) a proof finds at the edge of an op's domain (`python_zero.Zeros.edge_of`)."""
    import mpmath

    entries, noises = last
    found = []
    for k, (i, index, label) in enumerate(coordinates_of(target, args)):
        entry, noise = entries[size + k], noises[size + k]
        if mpmath.isfinite(entry) and not (noise and abs(entry) <= noise):
            continue
        op = zeros.edge_of(k)
        if op is not None:
            found.append((label, Edge(op), Edge(op)))
    return found


def _tiny_kink_along(target, args, result, budget):
    """The slopes (left, right) along ``result.direction`` where the point decides a branch at a tie and the pieces'
    slopes differ by a gap jets prove (`exact_python.kink_along`), else None."""
    if not at_a_tie(target, args):
        return None
    return exact_python.kink_along(target.mp_function, args, result.direction, budget)


def _climb(target, args, seed, result, budget, zeros, digits, kept=None):
    """The precisions from ``digits`` up to where two agree, `max_digits` or twice the start: ``(attempt, history, digits,
    value_digits, settled, bounded, absorbing)`` (no ``value_digits`` below ``absorbing``, where sums lose terms at or beside
    the point: 0 log 0), or None where the target raised (``result`` says so); ``zeros`` proves 0s; ``kept`` keeps values."""
    import mpmath

    history = []  # (entries, noises) at each precision
    steps = []  # the difference steps at each precision, one per derivative entry
    bounds = {}  # flat derivative entry -> the bound on it that absorbed terms leave (`_past_absorption`)
    used = []  # the precisions tried, in order
    value_digits = None  # where the value alone settled
    settled = None
    needs, before = 0, None  # the precision the sums seen so far need (`precision.Absorption`), the last watch
    point_needs, before_at_point = 0, None  # the same for the sums of the value at the point alone
    last = 0.0
    start, top = digits, max(max_digits(), 2 * digits)
    while digits <= top:
        budget.afford(step_cost(last, used[-1] if used else digits, digits))
        started = budget.clock.used()
        with mpmath.workdps(digits), Absorption() as absorbed:
            try:
                with np.errstate(all="ignore"):
                    value, value_noise = with_noise(lambda: _nan_where_singular(target, args))
                at_point = _watched_so_far(absorbed)
            except BeyondNumbers as error:
                # The program runs; its numbers here outgrow every number the reference holds, at any precision.
                result.determined, result.unsettled = False, True
                result.why = f"at high precision {error}"
                return None
            except LoopStopped:
                raise  # a loop of the user's that does not end at the point: the point's fact, said for it
            except Exception as error:  # noqa: BLE001 - the target raised at high precision
                result.error = f"{type(error).__name__}: {error}"
                result.determined = False
                return None
            attempt = Exact(value=value)
            noises, step = _exact_gradient_by_differences(target, args, attempt, seed, kept)
            steps.append(step)
            derivatives = attempt.gradient if attempt.directional is None else [attempt.directional]
            size = len(value_noise)
            entries = flat_entries(value) + [e for d in derivatives for e in flat_entries(d)]
            flat_gradient = attempt.directional is None
            below = history[-1][0] if history else None
            entries, noises = zeros.settle_value(entries, list(value_noise) + noises, size)
            if flat_gradient:
                history.append(zeros.settle(entries, noises, size, below))
            else:
                history.append(zeros.settle_along(entries, noises, attempt.direction))
            entries = history[-1][0]
            proven = zeros.proven_entries(history[-1], size)
            if proven is not None:  # every entry a proof's (a cone's tip): no second precision has more to say
                settled, value_digits = proven, value_digits or digits
            elif len(history) > 1:
                if value_digits is None and settle(
                    (history[-2][0][:size], history[-2][1][:size]), (entries[:size], history[-1][1][:size]), digits
                ):
                    value_digits = digits
                settled = settle(history[-2], history[-1], digits)
                if settled is None:
                    settled = _outside_domain(history[-2], history[-1], size, digits)
                pole = None  # a value proven infinite is so whatever a sum absorbed (0.5 - 0.5 cos(pi/2) rounded)
                if settled is None and value_digits is None and size == 1:
                    settled = pole = _at_a_pole(history[-2], history[-1], zeros)
                if settled is None and value_digits is None and size == 1 and flat_gradient:
                    # a step of a constant no rounding places (floor(sin(x)^2 + cos(x)^2)): the proof's own numbers
                    settled = zeros.through_held_steps(mpmath.mp.prec + 64)
                # A term absorbed in a sum is lost the same way at every rounding: no agreement before it shows.
                needs, bounds = max(needs, absorbed.needs(before)), {}
                point_needs = max(point_needs, at_point.needs(before_at_point))
                if digits < needs and pole is None and not _undefined_at_point(settled, size, digits, point_needs):
                    settled, bounds = _past_absorption(target, args, history[-2:], steps[-1], size, zeros) if (
                        flat_gradient) else (None, {})
        before, before_at_point = absorbed, at_point
        if settled is not None:
            break
        last = budget.clock.used() - started
        used.append(digits)
        digits = _next_digits(history, used) if start <= START_DIGITS else digits + digits // 2  # a rise: one more
    else:
        digits = used[-1]
        settled = _diverging(history, len(flat_entries(attempt.value))) if digits >= needs else None
        if settled is None:
            result.determined = False
            result.unsettled = True
            width = unproven_zeros(history[-1])
            if digits < needs:
                result.why = _absorbed_why(target, args, needs, digits, bounds)
            elif flat_gradient and (why := _rounding_decides_why(target, args, history[-1], size, digits)):
                result.why = why
            elif width is not None:
                result.why = (f"an exact entry is within {mpmath.nstr(width, 3)} of 0 at {digits} digits but not proven 0"
                              + zeros.why_not())
                if flat_gradient and len(history) > 1:
                    # Entries 0 within a noise no precision removed: bounded as absorbed terms are (`compute_mpmath`
                    # takes them, the rule's digits inside, or leaves this why)
                    with mpmath.workdps(digits):
                        settled, bounds = _past_absorption(target, args, history[-2:], steps[-1], size, zeros)
    bounded = (bounds if settled is not None else {}, needs if digits < needs else 0)  # needs: none once shown
    return attempt, history, digits, value_digits if (value_digits or 0) >= point_needs else None, settled, bounded, \
        max(needs, point_needs)


def _undefined_at_point(settled, size, digits, point_needs):
    """Whether ``settled`` holds a value that settled on NaN (0 * inf: g v / |v| at v = 0) or an infinity (a pole
    inside a sum of squares: the steps beside it absorb the sum's other terms) at a precision its own sums allow
    (``point_needs``, the digits the value's sums need): it is undefined at the point, whatever terms the difference
    steps beside the point absorb, so no bound on absorbed terms replaces it."""
    import mpmath

    return settled is not None and digits >= point_needs and not all(mpmath.isfinite(v) for v in settled[:size])


def _count_said(count):
    """A whole number of digits as a reader takes it in: past 15 digits of its own (a term e^(e^1e300) below its sum,
    a count of 10^300 digits) as the power of 10 it is."""
    return str(count) if count < 10**15 else f"about 10^{math.log10(count):.4g}"


def _watched_so_far(absorbed):
    """A copy of the watch ``absorbed`` (a `precision.Absorption`) as it stands: the spreads met so far, which the
    run's later sums leave as they are."""
    snapshot = copy.copy(absorbed)
    snapshot.seen = set(absorbed.seen)
    return snapshot


def step_cost(last, before, digits):
    """The seconds a step at ``digits`` is expected to take, from the ``last`` one's at ``before`` digits: an mpmath
    pass costs about the square of its digits (twice the digits, four times the seconds), so a step that would end
    past the budget is never started: one long step cannot be stopped between its operations."""
    return last * (digits / before) ** 2


BELOW_EVERY_DTYPE = -1076  # log2 of a number so small that it is 0 (or -0) in every dtype a check runs in


def _past_absorption(target, args, history, steps, size, zeros):
    """``(entries, bounds)``: the last two precisions' entries (``history``, each ``(entries, noises)``; ``steps``
    the last one's difference steps) taken although the program's sums absorb terms no precision reached shows,
    those terms bounded (`precision.absorbed_effect`) instead of shown; ``(None, bounds)`` where they cannot be.
    ``bounds`` maps each derivative entry that is 0 within its noise, and not proven 0, to a bound on the true
    derivative; it is taken only below 2^`BELOW_EVERY_DTYPE`, where every dtype's answer is 0 whatever the number
    inside (its digits are then the rule's, if the rule lies inside: `_inside_bounds`).

    The value and each other entry settle as usual, the absorbed terms moving the value by E and each difference
    quotient by E / h, both below 10^-AGREE_DIGITS (and a margin) of them (e^-1e9 beside 1 in a softmax over a
    -1e9 mask). A 0 within noise, D (noise n) at this precision and D0 (n0) at the last, has the bound
    |D| + |D0 - D| + n + n0 + 2E / h. Where it is sound: the noises bound the rounding (`with_noise`); E bounds
    the lost terms to first order (adjoint times term: for terms far below the precision, whose squares are
    nothing, and no branch that moving an addition's result by 2^8 units would flip); E is the larger of the
    effects at x and at x +- h (`_effect_beside`), since a term may be lost only beside the point (the step
    itself, added to 3 where the coordinate multiplies 1); the truncation at this step, (h / h0)^2 of the last step's, is inside |D0 - D| and both
    steps' noises and lost terms (a term lost at the last precision alone shows in D, so in |D0 - D|). A
    derivative made of absorbed terms is inside E / h: a bound without it could not decide a float's 0.
    """
    import mpmath

    (before, before_noise), (now, noise) = history
    if size != 1 or settle(([before[0]], [before_noise[0]]), ([now[0]], [noise[0]]), 0) is None:
        return None, {}
    effect = absorbed_effect(lambda: target.mp_function(*[to_mp(a) for a in args]), noise[0])
    tolerance = mpmath.mpf(10) ** -(AGREE_DIGITS + Absorption.MARGIN)
    if effect is None or (effect > tolerance * abs(now[0]) and not (now[0] == 0 and zeros.value_proven())):
        return None, {}  # (a value proven 0 is 0 whatever a sum absorbed)
    if now[0] == 0 and not zeros.value_proven():
        # A 0 only the absorbed terms make (sqrt(t), t = (3 - x) - (3 - 2x) at x = 1e-300, is 0 below 300 digits),
        # whose first-order effect reads nothing where the adjoint at that 0 is no number: no precision shown yet.
        return None, {}
    proven, bounds = zeros.proven(now), {}
    for k, step in enumerate(steps):
        entry, entry_noise, last, last_noise = now[size + k], noise[size + k], before[size + k], before_noise[size + k]
        moved = effect / step
        if entry == 0 and k in proven:
            continue
        if entry != 0 and settle(([last], [last_noise]), ([entry], [entry_noise]), 0) is not None:
            if moved > tolerance * abs(entry):
                return None, {}
            continue
        if not (mpmath.isfinite(entry) and mpmath.isfinite(last) and abs(entry) <= entry_noise or entry == 0):
            return None, {}
        beside = _effect_beside(target, args, k, step, noise[0])
        if beside is None:
            return None, {}
        bounds[k] = abs(entry) + abs(last - entry) + entry_noise + last_noise + 2 * max(effect, beside) / step
    if any(bound >= mpmath.ldexp(1, BELOW_EVERY_DTYPE) for bound in bounds.values()):
        return None, bounds
    return now, bounds


def _effect_beside(target, args, k, step, noise):
    """The effect (`absorbed_effect`) of the terms the program's sums lose at the two points the ``k``-th flat
    coordinate's difference stepped to, x +- ``step``: a term lost only there moves the difference quotient but not
    the value at the point (a solve's 3 - a[1, 0] x[0] at a[1, 0] = 0 is exactly 3; one step of 1e-340 beside it is
    lost at 120 digits, so both sides read 3 and the quotient 0 where the slope is -x[0] / 2). None where either
    side's effect cannot be bounded."""
    import mpmath

    offset = 0
    for i, a in enumerate(args):
        size = int(np.size(a))
        if k < offset + size:
            break
        offset += size
    effects = []
    for sign in (1, -1):
        moved = [to_mp(a) for a in args]
        if isinstance(moved[i], np.ndarray):
            moved[i] = moved[i].copy()
            index = np.unravel_index(k - offset, moved[i].shape)
            moved[i][index] = moved[i][index] + sign * step
        else:
            moved[i] = moved[i] + sign * step
        effect = absorbed_effect(lambda: target.mp_function(*moved), noise)
        if effect is None:
            return None
        effects.append(effect)
    return max(effects, default=mpmath.mpf(0))


def _absorbed_why(target, args, needs, digits, bounds):
    """Why no precision up to ``digits`` settled a point whose sums absorb terms ``needs`` digits below them, with the
    ``bounds`` found for the slopes of 0 it leaves."""
    import mpmath

    return (f"a sum absorbs a term {_count_said(needs)} digits below its result; no precision up to {digits} shows it"
            + "".join(f", and the slope in {label} is known only within {mpmath.nstr(bounds[k], 3)} of 0"
                      for k, label in _labels(target, args, bounds)))


def _rounding_decides_why(target, args, last, size, digits):
    """Why no precision up to ``digits`` settled the derivative entries of ``last`` (a history entry: the value's
    ``size`` entries, then the derivative's, and their noises) that are numbers rounded to nearest with an infinite
    noise (at their difference steps, the ops rounding down or up make a NaN where rounding to nearest does not, or
    the reverse); None where there are none."""
    import mpmath

    entries, noises = last[0][size:], last[1][size:]
    edges = [label for (_, _, label), e, n in zip(coordinates_of(target, args), entries, noises)
             if mpmath.isfinite(e) and mpmath.isinf(n)]
    if not edges:
        return None
    return (f"at the difference steps beside the point along {listed(edges)}, rounding decides whether the function "
            f"is a number, even at {digits} digits (an op's argument there lies within rounding of the edge of its "
            "domain: an eigenvalue 0 of a computed matrix, a cosine computed as 1)")


def _labels(target, args, bounds):
    """``(k, label)`` for each flat derivative entry ``k`` in ``bounds``, labelled as `kinks.coordinates_of` does."""
    return [(k, label) for k, (_, _, label) in enumerate(coordinates_of(target, args)) if k in bounds]


def _inside_bounds(target, args, result, settled, bounded, digits, budget):
    """``settled`` with each derivative entry `_past_absorption` bounded replaced by the gradient rule's number
    there, which lies inside the bound (said in ``result``'s notes), or by 0 where the bound itself is 0 (each of
    its parts 0: the slope is the 0 it bounds) or where the rule's is NaN or infinite (wrong against any number
    inside, each 0 in every dtype); None where the rule's number is 0 or outside
    (no reference: ``result`` says why where a sum absorbed terms). Every number inside is 0 in every dtype, so a
    dtype's answer is judged alike against any of them; the digits shown are the rule's."""
    import mpmath

    bounds, needs = bounded
    size = len(settled) - sum(len(flat_entries(g)) for g in result.gradient)
    rule = [e for g in result.rule for e in flat_entries(g)]
    out = list(settled)
    for k, label in _labels(target, args, bounds):
        bound, number = mpmath.nstr(bounds[k], 3), rule[k] if k < len(rule) else None
        if bounds[k] == 0:  # every part of the bound 0 (a discarded singular value's entry): the slope is 0
            out[size + k] = mpmath.mpf(0)
            result.notes.append(f"{label}: the differences, their noise and the absorbed terms' effect are all 0 "
                                "here, so this slope is 0")
            continue
        if number == 0:  # cleaned to 0 within its noise: its digits, where more digits show them
            number = _rule_shown(target, args, k, digits, budget)
        if number is not None and (mpmath.isnan(number) or mpmath.isinf(number)):
            if at_a_tie(target, args, between_sides=True):
                # On a switch (abs at 0, max of equal numbers) the two sides' slopes, each within the bound, may
                # differ (log(|x| + e^1e7) at 0: -+e^-1e7): a kink, where no number is the derivative, or a slope
                # the rule misses; the bound cannot tell them apart.
                result.determined, result.unsettled = False, True
                result.why = (f"the point sits on a switch (abs at 0, max of equal numbers, x > 0 at 0), and "
                              f"differences bound the slope in {label} on either side only within "
                              f"{bound} of 0: whether those sides' slopes differ (a kink: no derivative) or are one "
                              f"slope the gradient rule's {number} misses, no digits within reach tell")
                return None
            # a rule that gives no number is wrong whatever the slope inside: 0 stands for them all, as in every dtype
            out[size + k] = mpmath.mpf(0)
            result.notes.append(f"{label}: differences bound this slope only within {bound} of 0 (0 in every dtype), "
                                f"not proven 0; the gradient rule's {number} is no number inside")
            continue
        if number is None or not mpmath.isfinite(number) or number == 0 or abs(number) > bounds[k]:
            if needs:  # (else the climb's own why stands: an entry within a noise of 0, not proven 0)
                result.determined, result.unsettled = False, True
                result.why = (f"a sum absorbs a term {_count_said(needs)} digits below its result: the slope in {label} is within "
                              f"{bound} of 0, but not proven 0, and the gradient rule's {number} is not a number inside")
            return None
        out[size + k] = number
        why = f"a sum absorbs a term {_count_said(needs)} digits below its result, so " if needs else ""
        result.notes.append(f"{label}: {why}differences bound this slope only within {bound} of 0 (0 in every "
                            "dtype); its digits are the gradient rule's, which lie inside")
    return out


def _write_back(attempt, settled):
    """Put the ``settled`` flat entries back into ``attempt``'s value and derivatives, in their shapes."""
    size = len(flat_entries(attempt.value))
    attempt.value = rebuild(attempt.value, settled[:size])
    if attempt.directional is None:
        attempt.gradient = _in_shapes(attempt.gradient, settled[size:])
    else:
        attempt.directional = _in_shapes([attempt.directional], settled[size:])[0]


def _in_shapes(shaped, cleaned):
    """The flat entries ``cleaned`` cut and rebuilt in the shapes of the pieces ``shaped``, in order."""
    out, position = [], 0
    for g in shaped:
        n = len(flat_entries(g))
        out.append(rebuild(g, cleaned[position : position + n]))
        position += n
    return out


def _tiny_derivative(target, args, seed, result, budget, digits, proven):
    """A derivative 0 up to ``digits`` where the rule holds a number: the reference again from the precision that
    number needs (log(1 - 5e-325) is log(1) at 60 digits with no noise; its derivative shows at 520 digits), or no
    reference once that precision was tried. Past the budget the message says what it needed."""
    import mpmath

    need, smallest = _digits_to_show(result, args, proven)
    if need > digits:
        try:
            return compute_mpmath(target, args, seed, Exact(), budget, start=need, rule=(result.rule, result.rule_scale))
        except balls.OutOfTime as error:
            raise balls.OutOfTime(
                f"{str(error).removesuffix(': no verdict')}; a derivative is 0 at every precision up to {digits} digits "
                f"where the gradient rule gives {mpmath.nstr(smallest, 3)}, which only some {need} digits can show: no verdict"
            ) from None
    result.determined, result.unsettled, result.kinks, result.singular = False, True, [], []
    result.why = (
        f"a derivative is 0 at every precision up to {digits} digits where the gradient rule gives a "
        "nonzero number: mpmath cannot tell a 0 from a number that small here"
    )
    return result


def _digits_to_show(result, args, proven):
    """``(digits, smallest)``: the precision at which the difference quotient shows the rule's smallest nonzero
    entry below a 0 (``proven``: flat derivative entries proven 0, left out), and that entry. A central difference at
    d digits steps 10^(-d/3) |x| and carries the value's rounding 10^-d |f|: its noise |f| / |x| 10^(-2d/3) is below
    AGREE_DIGITS of g from d = 1.5 (log10(|f| / (|x| g)) + AGREE_DIGITS), plus a margin."""
    import mpmath

    values = [abs(v) for v in flat_entries(result.value) if mpmath.isfinite(v) and v != 0]
    scale = max(values) if values else mpmath.mpf(1)
    points = [abs(to_mp(x)) for a in args for x in np.ravel(a)]
    rule = [e for g in result.rule for e in flat_entries(g)]
    exact = [e for g in result.gradient for e in flat_entries(g)] if result.directional is None else [result.directional]
    if result.directional is not None:  # one entry, the rule along the direction, stepped relative to the largest input
        ds = [to_mp(x) for d in result.direction for x in np.ravel(d)]
        points, rule = [max(points)], [mpmath.fsum(r * d for r, d in zip(rule, ds) if r is not None)]
    need, smallest = 0, mpmath.mpf(0)
    for k, entry in enumerate(rule):
        if k in proven or not mpmath.isfinite(entry) or entry == 0 or (k < len(exact) and exact[k] != 0):
            continue
        x = points[k] if k < len(points) and points[k] != 0 else mpmath.mpf(1)
        digits = 1.5 * (mpmath.log10(scale / (x * abs(entry))) + AGREE_DIGITS + 10)
        if digits > need:
            need, smallest = int(mpmath.ceil(digits)), entry
    return need, smallest


def _settle_around_kinks(result, history, size, sloped_0=frozenset()):
    """An unsettled point whose only unsettled derivatives sit at kinks, or at coordinates whose one-sided slopes
    are both 0 (``sloped_0``, flat derivative entries), is settled: the first have no derivative, the others 0.

    sqrt(x*x + y*y) at 0: the central difference is 0 within a noise that no
    precision removes (a 0 with noise is never settled), but the one-sided
    slopes are -1 and 1, so there is nothing to settle there: the gradient is
    NaN, the point `domain`. x^2 nan_to_num(log x) at 0: the central difference h log x / 2 moves with every
    step, never settling, but both one-sided quotients fall to 0 with the step: the derivative is 0.
    """
    import mpmath

    (before, before_noise), (now, now_noise) = history[-2], history[-1]
    apart = [settle(([a], [ua]), ([b], [ub]), 0) for a, ua, b, ub in zip(before, before_noise, now, now_noise)]
    if any(entry is None for entry in apart[:size]) or not result.gradient:
        return
    if result.directional is not None:  # one entry, along the random direction: settled by a kink there, or flat
        if mpmath.isnan(result.directional) or sloped_0:
            result.value = rebuild(result.value, [v[0] for v in apart[:size]])
            result.directional = mpmath.mpf(0) if sloped_0 else result.directional
            result.determined, result.unsettled = True, False
        return
    flat = [e for g in result.gradient for e in flat_entries(g)]
    jumps = jumps_here(result)  # no gradient at all: an entry unsettled elsewhere is undefined with it
    if not jumps and any(m is None and not mpmath.isnan(e) and k not in sloped_0
                         for k, (m, e) in enumerate(zip(apart[size:], flat))):
        return  # unsettled away from a kink: still no reference
    result.value = rebuild(result.value, [v[0] for v in apart[:size]])
    result.gradient = _in_shapes(result.gradient, [
        mpmath.mpf(0) if k in sloped_0 else e if mpmath.isnan(e) else mpmath.nan if m is None else m[0]
        for k, (m, e) in enumerate(zip(apart[size:], flat))
    ])
    result.determined, result.unsettled = True, False


def _entries_of(result):
    """The value's and the gradient's entries in one flat list, as the settled entries are laid out."""
    return flat_entries(result.value) + [e for g in result.gradient for e in flat_entries(g)]


def _rule_below_a_noisy_zero(result, settled, proven=frozenset()):
    """Whether a derivative entry settled on 0 where the rule holds a nonzero number (``proven``: the
    flat derivative entries the program proved 0, which a rule is judged by).

    On mpmath a 0 is two precisions agreeing within a noise estimated by
    directed rounding, which is no proof: a softmax weight of e^-1600 next to a
    value of 800 is 0 at every precision below a thousand digits, with no
    noise at all (800 + 1e-60 rounds to 800 up and down alike). A rule that
    holds a number there is not shown wrong by it: no exact reference.
    """
    import mpmath

    if result.gradient is None or any(g is None for g in result.gradient) or not result.rule:
        return False
    size = len(settled) - sum(len(flat_entries(g)) for g in result.gradient)
    rule = [e for g in result.rule for e in flat_entries(g)]
    for k, entry in enumerate(settled[size:]):
        if entry == 0 and k not in proven and k < len(rule) and mpmath.isfinite(rule[k]) and rule[k] != 0:
            return True
    return False


def _next_digits(history, used):
    """Double the precision; or, when all that is left is entries 0 within a noise, jump to where
    the noise's own trend takes it below `zero_floor`, the smallest number an entry could have and
    still be shown (cos(x) - 1 at 0 has a zero derivative whose noise falls as 10^(-2 digits/3):
    some 500 digits, not 120, 240, 480, 960). A 0 with noise never settles, so for a true 0 the
    jump only reaches sooner the point that says it is not proven; a tiny nonzero entry shows there.
    """
    import mpmath

    digits = used[-1]
    if len(history) < 2:
        return digits * 2
    (before, before_noise), (now, now_noise) = history[-2], history[-1]
    tol = mpmath.mpf(10) ** (-AGREE_DIGITS)
    needed = digits * 2
    for a, ua, b, ub in zip(before, before_noise, now, now_noise):
        if settle(([a], [ua]), ([b], [ub]), digits) is not None:
            continue
        if not (mpmath.isfinite(a) and mpmath.isfinite(b) and 0 < ub < ua and abs(a) <= ua and abs(b) <= ub):
            return digits * 2  # not a zero in the making: the usual doubling
        if ub <= tol * abs(b):
            return digits * 2
        rate = (mpmath.log10(ua) - mpmath.log10(ub)) / (digits - used[-2])  # noise digits per digit
        if rate <= 0:
            return digits * 2
        target = digits + (mpmath.log10(ub) - mpmath.log10(zero_floor()) + 10) / rate
        if target > max_digits():
            # No precision allowed proves this 0: double, so that a tiny number (e^-1040 next to 1)
            # still shows at two precisions that agree on it.
            return digits * 2
        needed = max(needed, int(mpmath.ceil(target)))
    return min(needed, max(max_digits(), digits * 2))


def _outside_domain(previous, current, size, digits):
    """When the value has settled on NaN or infinity, the derivative is undefined: stop there.

    (1/x at 0: the difference quotient 1/h^2 would grow at every precision.)
    """
    import mpmath

    value = settle((previous[0][:size], previous[1][:size]), (current[0][:size], current[1][:size]), digits)
    if value is None or all(mpmath.isfinite(v) for v in value):
        return None
    return value + [mpmath.nan] * (len(current[0]) - size)


def _at_a_pole(previous, current, zeros):
    """Where the program's scalar value moves away from 0 with the precision as the log (or 1/x) of a 0 within the
    rounding does, and the proof meets such a pole at a 0 the program's algebra makes (`Zeros.pole_of_value`): the
    value the infinity it runs to (NaN for 1/0, which has no sign), no derivative a number; where the value stays 0
    (or NaN) and that pole is a 0 / 0 (`Zeros.zero_over_zero`), NaN, no derivative. None else (a log of 0 a `where`
    then drops leaves the value's runs standing still)."""
    import mpmath

    before, now = previous[0][0], current[0][0]
    if all(v == 0 or mpmath.isnan(v) for v in (before, now)) and zeros.zero_over_zero():
        # an exact 0 over a denominator the algebra makes 0 and each precision leaves a residue of (1/37 - 37/37^2):
        # 0 / 0, no number, with no slope beside it
        return [mpmath.nan] * len(current[0])
    growing = mpmath.isfinite(before) and mpmath.isfinite(now) and abs(now) > _FALLING * abs(before) > 0
    if not (growing or (mpmath.isinf(now) and now == before)):  # log1p(x - 1) at x ~ 0: -1 rounded, -inf each time
        if now != before and zeros.no_number_all_about():  # a 0/0 of two zero functions: two roundings' quotient
            return [mpmath.nan] * len(current[0])
        return None
    pole = zeros.pole_of_value()
    if pole is None:
        return None
    value = mpmath.nan if math.isnan(POLES[pole][2]) else mpmath.inf * mpmath.sign(now)
    return [value] + slopes_beside_the_pole(zeros, len(current[0]) - 1)


def slopes_beside_the_pole(zeros, width):
    """The derivative entries at a pole of the value: the exact slope along each coordinate the pole's term does not
    move (`python_zero.slopes_beside_pole`: log(x0^2) + x1^2 at x0 = 0 has the slope 2 x1 in x1), NaN (no
    derivative) along the others; all NaN where the entries are not one per coordinate (a random direction's)."""
    import mpmath

    if width != zeros.flat.size:
        return [mpmath.nan] * width
    return [mpmath.nan if ball is None or balls.settled(ball) is None else balls.settled(ball)
            for ball in python_zero.slopes_beside_pole(zeros.run, zeros.args, max(mpmath.mp.prec, 64) + 64)]


def _at_a_proven_pole(result, zeros):
    """Whether the value settled as the infinity (or NaN) of a pole the proof met (`_at_a_pole`): the verdict is
    domain whatever the slopes beside it, so no kink test runs (one per coordinate, each with its own proofs)."""
    import mpmath

    values = flat_entries(result.value) if result.value is not None else []
    return len(values) == 1 and not mpmath.isfinite(values[0]) and zeros.pole_of_value() is not None


_FALLING = 1.25  # how much further from 0 the value's run at the next precision (at least half again the digits) lies


def _diverging(history, size):
    """At the precision limit: derivatives that grew without bound at every precision are infinite.

    cbrt(x) at 0 has the difference quotient h^(-2/3): it grows as the step
    shrinks, precision after precision. The value must have settled, and each
    unsettled derivative must have grown at least tenfold at each of the last
    three precisions, always with the same sign.
    """
    import mpmath

    if len(history) < 4:
        return None
    last = history[-1]
    value = settle((history[-2][0][:size], history[-2][1][:size]), (last[0][:size], last[1][:size]), 0)
    if value is None:
        return None
    out = list(value)
    for k in range(size, len(last[0])):
        run = [h[0][k] for h in history[-4:]]
        entry = settle(([history[-2][0][k]], [history[-2][1][k]]), ([last[0][k]], [last[1][k]]), 0)
        if entry is not None:
            out.append(entry[0])
            continue
        if not all(mpmath.isfinite(v) and v != 0 for v in run):
            return None
        if len({mpmath.sign(v) for v in run}) != 1:
            return None
        if not all(abs(b) >= 10 * abs(a) for a, b in zip(run, run[1:])):
            return None
        out.append(mpmath.inf * mpmath.sign(run[-1]))
    return out


def rule_at(target, args, digits, result, budget, settled=True):
    """gradcli's own gradient (its rules, custom ones included) run at high precision.

    The precision rises from ``digits`` until the rule's own rounding noise is
    below AGREE_DIGITS: a backward pass can cancel more digits than the forward.
    Each pass is paid for from ``budget`` (a `balls.Budget`) first. Where the exact
    derivative on ``result`` is ``settled`` (it stays what the judge reads), a rule
    agreeing with it makes no noise runs (`precision.with_noise_unless`).
    """
    import mpmath

    def run():
        return _rule_run(target, args)

    while True:
        shaped = []

        def flat_run():
            rule = run()
            shaped.append(rule)  # the first run is the nearest-rounded one
            return [e for g in rule for e in flat_entries(g)]

        budget.afford()
        with mpmath.workdps(digits):
            try:
                entries, noise = with_noise_unless(flat_run, agreeing(exact_entries(result, args) if settled else None))
            except ZeroDivisionError:  # outside `mp.ieee()` only: inside it 1/0 is inf, as in NumPy
                result.notes.append("the gradient rule divides by zero at high precision")
                return [rebuild(to_mp(a), [mpmath.nan] * max(np.size(a), 1)) for a in args]
            except Exception as error:  # noqa: BLE001 - reported, and the rest of the check goes on
                # else no rule exists (in one argument of an op, or a framework's): the check's finding names the op
                if getattr(error, "no_derivative", None) is None and getattr(error, "argument", None) is None:
                    result.notes.append(
                        f"the gradient rule failed at high precision: {type(error).__name__}: {error}"
                    )
                return []
            cleaned, accurate = rule_entries(entries, noise, exact_entries(result, args), digits * 2 > max_digits())
        if accurate or digits * 2 > max_digits():
            return _rule_taken(shaped[0], cleaned, accurate, digits, result, noise)
        digits *= 2


def _rule_taken(shaped, cleaned, accurate, digits, result, noise):
    """The rule's ``cleaned`` entries in the shapes of ``shaped`` (its nearest-rounded run), noted if not ``accurate``;
    its ``noise`` over 10^-digits, the size of the terms each entry's arithmetic combined, on ``result.rule_scale``."""
    import mpmath

    if not accurate and any(not mpmath.isfinite(e) and n != 0 for e, n in zip(cleaned, noise)):
        # NaN or inf rounded to nearest but not rounded down or up: an op's argument rounded onto its domain's
        # edge (arccos'(tanh(1e200)), tanh 1 at every precision): no number of the rule's, so nothing to judge
        result.notes.append(
            f"rounding decides whether the gradient rule is finite even at {digits} digits (an op's argument "
            "rounds onto the edge of its domain there): the rule is not judged against the exact derivative"
        )
        return []
    if not accurate:
        result.notes.append(f"the gradient rule loses its digits to rounding even at {digits} digits")
    # No noise where every entry agreed with the exact derivative: then no judge asks how much rounding explains.
    result.rule_scale = [] if noise is None else [
        [abs(n) * mpmath.mpf(10) ** digits for n in flat_entries(g)] for g in _in_shapes(shaped, noise)]
    return _in_shapes(shaped, cleaned)


def _rule_run(target, args):
    """gradcli's gradient of ``target`` at ``args`` at mpmath's precision, one entry per argument."""
    with np.errstate(all="ignore"):
        _, rule = value_and_grad(target.mp_function, argnums=tuple(range(len(args))))(*[to_mp(a) for a in args])
    return list(rule)


def _rule_shown(target, args, k, digits, budget):
    """The rule's flat entry ``k`` to AGREE_DIGITS, from ``digits`` up to `max_digits` (x^(lmbda - 1) = e^-7.4e302
    is 0 within its noise until its exponent's own digits are held: `rule_entries` cleans it to 0); None where it
    is 0 or never settles."""
    import mpmath

    tol = mpmath.mpf(10) ** (-AGREE_DIGITS)
    while digits <= max_digits():
        budget.afford()
        with mpmath.workdps(digits):
            entries, noise = with_noise(lambda: [e for g in _rule_run(target, args) for e in flat_entries(g)])
        entry = entries[k]
        if not mpmath.isfinite(entry) or (entry == 0 and noise[k] == 0):
            return None
        if entry != 0 and noise[k] <= tol * abs(entry):
            return entry
        digits *= 2
    return None


def _spares_noise(target, settled, bounded):
    """Whether `rule_at` may spare a rule's noise runs where its nearest run agrees with the exact derivative: for a
    formula (gradcli's own rules, whose agreement at one rounding is agreement) beside a gradient that stays settled;
    never for a Python function's or a framework's rules, whose agreement at one rounding may be that rounding's (JAX's
    eigh rule at a repeated eigenvalue divides by the gap each rounding leaves: finite, even right, where it is NaN at
    the tie that more digits reach)."""
    return target.kind == "formula" and settled is not None and not bounded[0]


def rule_from(target, args, digits, result, budget, entries, noise):
    """`rule_at` at a point at scalar ``args`` whose run at ``digits`` gave ``entries`` and ``noise`` (in a batch)."""
    cleaned, accurate = rule_entries(entries, noise, exact_entries(result, args), digits * 2 > max_digits())
    if accurate or digits * 2 > max_digits():
        return _rule_taken(entries, cleaned, accurate, digits, result, noise)
    return rule_at(target, args, digits * 2, result, budget)


def _exact_gradient_by_differences(target, args, result, seed, kept=None):
    """The true derivative of a Python function: central differences at high precision.

    Returns the rounding noise of every derivative entry, in order, and the step h (of x +- h) each took; ``kept``
    (a `kinks.ValuesBeside`) keeps the values at the steps one coordinate away.
    """
    import mpmath

    sizes = [np.size(a) for a in args]
    h_scale = mpmath.mpf(10) ** (-(mpmath.mp.dps // 3))
    mp_args = [to_mp(a) for a in args]
    noises = []

    def f(values):
        with np.errstate(all="ignore"):
            return target.mp_function(*values)

    center = flat_entries(result.value)
    infinite_here = len(center) == 1 and not mpmath.isfinite(center[0]) and not mpmath.isnan(center[0])
    if per_coordinate(sum(sizes)):
        gradient, steps = [], []
        smallest = _Smallest(target, mp_args)
        for i, a in enumerate(mp_args):
            if isinstance(a, np.ndarray):
                g = np.empty(a.shape, dtype=object)
                for index in np.ndindex(a.shape):
                    g[index], noise, step = _central(f, mp_args, i, index, h_scale, smallest, kept, infinite_here)
                    noises.append(noise)
                    steps.append(step)
                gradient.append(g)
            else:
                derivative, noise, step = _central(f, mp_args, i, None, h_scale, smallest, kept, infinite_here)
                gradient.append(derivative)
                noises.append(noise)
                steps.append(step)
        result.gradient = gradient
        return noises, steps
    direction = random_direction(args, seed)
    largest = max(float(np.max(np.abs(a))) for a in args)
    h = _safe_step(mpmath.mpf(largest), h_scale, _Smallest(target, mp_args))
    steps = [to_mp(d) for d in direction]
    result.direction = direction

    def moved(t):
        return f([a + t * d for a, d in zip(mp_args, steps)])

    def resolves(t):
        return any(np.any(a + t * d != a) and np.any(a - t * d != a) for a, d in zip(mp_args, steps))

    def quotient(t):
        (up, up_noise), (down, down_noise) = with_noise(lambda: moved(t)), with_noise(lambda: moved(-t))
        up, down = flat_entries(up)[0], flat_entries(down)[0]
        if infinite_here and mpmath.isfinite(up) and mpmath.isfinite(down):
            return mpmath.nan, mpmath.mpf(0)  # the direction moves off a pole: no derivative (`_central`)
        return (up - down) / (2 * t), (up_noise[0] + down_noise[0]) / (2 * t)

    try:
        directional, noise = quotient(h) if resolves(h) else (mpmath.nan, mpmath.inf)  # unresolved: rise
    except Exception:  # noqa: BLE001 - outside the domain along the direction
        directional, noise = mpmath.nan, mpmath.mpf(0)
    if not mpmath.isfinite(directional) and noise != mpmath.inf:
        inside = _step_inside(moved, resolves, h, h_scale)
        if inside == 0:
            directional, noise = mpmath.nan, mpmath.inf  # the edge lies nearer than this precision steps: rise
        elif inside is not None:
            try:
                directional, noise = quotient(inside)
            except Exception:  # noqa: BLE001 - outside the domain along the direction
                directional, noise = mpmath.nan, mpmath.mpf(0)
    result.directional = directional
    noises.append(noise)
    result.gradient = [None] * len(args)
    result.notes.append(
        f"{sum(sizes)} inputs: the exact derivative of the function is checked along one random direction"
    )
    return noises, [h]


def _central(f, mp_args, i, index, h_scale, smallest, kept=None, infinite_here=False):
    """(derivative, its rounding noise, the step h of x +- h) in one coordinate, by a central difference.

    A step that leaves the domain on a side where the function is finite at the point is no
    verdict on the point: `_step_inside` finds how near the domain's edge lies and steps that
    much shorter (log det of [[1e-300, c], [c, 1]] at c = 0: det < 0 at |c| > 1e-150).
    Where the value is infinite (``infinite_here``) and finite on both sides, the coordinate moves off a pole: the
    difference cancels the pole's infinite parts and keeps the slope of what is left (gammaln at 0, -log|x| -
    euler x + ..., gives -euler), no derivative of the function, which has none there.
    """
    import mpmath

    x = mp_args[i] if index is None else mp_args[i][index]
    h = _coordinate_step(x, h_scale, smallest)
    if x + h == x or x - h == x:
        return mpmath.nan, mpmath.inf, h  # this precision cannot step that little beside x: rise

    def at(point):
        values = list(mp_args)
        if index is None:
            values[i] = point
        else:
            copy = mp_args[i].copy()
            copy[index] = point
            values[i] = copy
        return f(values)

    def noisy(point):  # made here, or as ``kept`` keeps it from before
        if kept is None:
            return with_noise(lambda: at(point))
        return kept.at(i, index, point, lambda: with_noise(lambda: at(point)))

    def sides(t):
        try:
            return noisy(x + t), noisy(x - t)
        except LoopStopped:
            raise  # a loop of the user's that did not end beside the point: no word on the domain, no reference
        except Exception:  # noqa: BLE001 - outside the domain on one side
            return None

    found = sides(h)
    if found is None or not all(mpmath.isfinite(v) for side, _ in found for v in flat_entries(side)):
        inside = _step_inside(lambda t: at(x + t), lambda t: x + t != x and x - t != x, h, h_scale)
        if inside == 0:
            return mpmath.nan, mpmath.inf, h  # the edge lies nearer than this precision steps: rise
        if inside is not None:
            h, found = inside, sides(inside)
    if found is None:
        return mpmath.nan, mpmath.mpf(0), h
    plus, minus = x + h, x - h
    step = plus - minus  # exact (Sterbenz): the rounding of x +- h costs nothing
    (up, up_noise), (down, down_noise) = found
    up, down = flat_entries(up), flat_entries(down)
    if len(up) != 1 or len(down) != 1:
        return mpmath.nan, mpmath.mpf(0), h
    if infinite_here and mpmath.isfinite(up[0]) and mpmath.isfinite(down[0]):
        return mpmath.nan, mpmath.mpf(0), h
    derivative = (up[0] - down[0]) / step
    if mpmath.isnan(derivative) or mpmath.isinf(derivative):
        # Non-finite because a side is: as certain as the non-finite sides are.
        broken = [n for v, n in ((up[0], up_noise[0]), (down[0], down_noise[0])) if not mpmath.isfinite(v)]
        return derivative, mpmath.mpf(0) if all(n == 0 for n in broken) else mpmath.inf, h
    noise = (up_noise[0] + down_noise[0]) / step
    if derivative == 0 and noise == 0 and plus == mpmath.floor(plus) and minus == mpmath.floor(minus):
        # Both sides equal with no rounding seen is no proof of a 0 slope where both neighbours are integers: the
        # step lands on the grid of a function periodic in pi x (sinc at 1e300, 0 at every integer). The difference
        # resolves nothing below one unit of the values over the step there; only `python_zero` may prove that 0.
        noise = mpmath.eps * max(abs(up[0]), abs(down[0]), 1) / step
    return derivative, noise, h


def _safe_step(x, h_scale, smallest):
    """The central-difference step at ``x``: 10^-(digits/3) of |x| where |x| is at most 1, so that x +- h never
    crosses 0 (where log and sqrt end), and of 1 above it, so that x +- h spans no structure of unit size (a period of
    sin(1e300), of ellipkinc's phi: a step relative to 1e300 averages over many periods, and two precisions agree on
    the average). At x = 0 the unit is the smallest nonzero magnitude among the inputs and the program's values, a
    value taken no smaller than `_Smallest.SMALLEST_SCALE` (``smallest()``): a switch of those values may lie that
    near 0 (the median of [0, 1e-310, ...] turns at w[0] = 1e-310)."""
    if x == 0:
        return h_scale * smallest()
    return h_scale * min(abs(x), 1)


def _coordinate_step(x, h_scale, smallest):
    """The central-difference step of one coordinate at ``x``: `_safe_step`'s, but relative to |x| above 1 too where
    every op of the program is free of a unit (`_UNIT_FREE_OPS`, ``smallest.unit_free()``), so that nothing of unit
    size lies for the step to span: 1e100 + 1e-40 is no number 120 digits resolve. (A random direction keeps
    `_safe_step`'s: a step relative to its largest coordinate would move the smaller ones past their own scale.)"""
    if abs(x) > 1 and smallest.unit_free():
        return h_scale * abs(x)
    return _safe_step(x, h_scale, smallest)


# The ops with no structure at any fixed scale of their arguments: rational arithmetic, shape and index moves, sums
# and products, exp, log and powers, and linear algebra that is rational in the entries. A program made only of these
# has, near a large x, nothing a step relative to |x| could alias (no period, no switch, no integer grid).
_UNIT_FREE_OPS = frozenset({
    "add", "subtract", "multiply", "divide", "true_divide", "negative", "positive", "reciprocal", "square", "power",
    "sqrt", "cbrt", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "logaddexp", "logsumexp",
    "sinh", "cosh", "tanh", "arcsinh", "sigmoid", "softplus",
    "sum", "prod", "mean", "dot", "matmul", "einsum", "outer", "inner", "tensordot", "trace",
    "getitem", "stack", "concatenate", "reshape", "transpose", "swapaxes", "moveaxis", "squeeze", "expand_dims",
    "broadcast_to", "ravel", "diag", "diagonal", "astype", "copy",
    "linalg.solve", "linalg.inv", "linalg.det", "linalg.cholesky",
})


class _Smallest:
    """The smallest nonzero magnitude among the inputs and the values the program computes at the point (at most 1;
    a value no smaller than `SMALLEST_SCALE`), and whether every op the program calls there is free of a unit
    (`_UNIT_FREE_OPS`), both found on the first call that asks (a traced run) and kept."""

    # A value far below every float64 number (e^-5e299, another entry's underflowed term) sets no scale for a
    # coordinate at 0: a step of 10^-(2e299) beside it is past every precision's resolution, and its quotient noise.
    SMALLEST_SCALE = "1e-400"

    def __init__(self, target, mp_args):
        self.target, self.mp_args, self.found, self.names = target, mp_args, None, None

    def __call__(self):
        if self.found is None:
            import mpmath

            inputs = [abs(e) for a in self.mp_args for e in flat_entries(a) if e != 0]
            values = max(smallest_value_at(self.target, self.mp_args), mpmath.mpf(self.SMALLEST_SCALE))
            self.found = min([values, *inputs])
        return self.found

    def unit_free(self):
        """Whether a traced run at the point ends and calls only ops of `_UNIT_FREE_OPS`."""
        if self.names is None:
            self.names = ops_called_at(self.target, self.mp_args)
        return self.names is not None and self.names <= _UNIT_FREE_OPS


def _finite_sides(moved, h):
    """Whether ``moved(h)`` and ``moved(-h)`` (the function at offsets of the point) are both finite."""
    import mpmath

    try:
        with np.errstate(all="ignore"):
            return all(mpmath.isfinite(v) for t in (h, -h) for v in flat_entries(moved(t)))
    except LoopStopped:
        raise  # a loop of the user's that did not end beside the point: no word on the domain
    except Exception:  # noqa: BLE001 - raised outside the domain
        return False


def _step_inside(moved, resolves, h, h_scale):
    """A central-difference step inside the domain where ``h`` leaves it but the point is in it: None where
    the point itself is outside (or on an edge no step below ``h`` leaves), 0 where an edge is nearer than the
    working precision's steps resolve.

    Steps h 2^-1, 2^-2, 2^-4, ... find the first with both sides finite; halving the exponent
    between it and the step before finds the edge within a factor of 2, d; the step taken is d
    scaled as ``h`` is scaled to |x| (``h_scale``), so its error against the derivative is the
    usual one. ``resolves(t)`` says whether the point moved by +-t differs from the point at the
    working precision.
    """
    import mpmath

    try:
        with np.errstate(all="ignore"):
            if not all(mpmath.isfinite(v) for v in flat_entries(moved(0))):
                return None
    except Exception:  # noqa: BLE001 - raised at the point itself
        return None
    with unwatched():
        return _edge_step(moved, resolves, h, h_scale)


def _edge_step(moved, resolves, h, h_scale):
    """`_step_inside`'s search, from a point inside the domain."""
    outside = 0  # h 2^-outside leaves the domain
    for k in range(_EDGE_HALVINGS):
        if not resolves(h / 2 ** (2**k)):
            return None
        if _finite_sides(moved, h / 2 ** (2**k)):
            inside = 2**k
            while inside - outside > 1:
                middle = (inside + outside) // 2
                outside, inside = (outside, middle) if _finite_sides(moved, h / 2**middle) else (middle, inside)
            d = h / 2**inside
            if not resolves(d * h_scale):
                return 0
            return _confirmed(moved, d * h_scale)
        outside = 2**k
    return None


def _confirmed(moved, t):
    """The step ``t`` `_edge_step` found, or None where, with the working precision raised past t's own digits, a
    side leaves the domain: a step the program's other numbers absorb (2 + t at 30 digits is 2) leaves both sides at
    the point's own value, finite where the point is the domain's edge itself (sqrt((2 + x)^2 - 4) at x = 0)."""
    import mpmath

    extra = min(max(0, -int(mpmath.mag(t))), 2 ** (_EDGE_HALVINGS - 1) + 256) + 64
    with mpmath.workprec(mpmath.mp.prec + extra):
        return t if _finite_sides(moved, t) else None


# How far below the step `_step_inside` looks for the domain's edge: 2^-(2^15) of it.
_EDGE_HALVINGS = 16
