"""The exact reference: value and gradient at high precision, on balls where they answer, else on mpmath.

`compute` asks balls first (a formula on flint balls, `balls`; a Python
function's own program on balls, `exact_python`), each entry proven to its
digits or proven 0, and a formula's points announced together (`expect`) are
made at the first request. Where balls cannot answer, the program runs on
mpmath numbers at rising precision until two precisions agree, each result with
its rounding noise (`reference_mpmath`). Two gradients come out: ``rule`` is
gradcli's autodiff (custom gradients included) at high precision; ``exact`` is
the true derivative of the forward function, which knows nothing of gradient
rules: this is how a wrong custom gradient is caught.
"""


from __future__ import annotations

import time
from dataclasses import replace

import numpy as np

from ..autodiff import mp as mp_core
from ..autodiff.mp import ieee

# Bound once, here: the reference's derivative is the IR's own, fixed when the checker loads, so a
# derivative later patched (or a snippet built from it) is still judged against the original.
from ..expr.derivative import differentiate as exact_derivative
from . import balls, exact_python, python_zero, rule_batch
from .domain_slopes import no_value_near
from .kinks import coordinates_of, find_kinks, not_smooth, undefined_at_kinks
from .precision import (  # noqa: F401 - Exact, to_mp and the limits are this module's public names too
    AGREE_DIGITS,
    MAX_DIGITS,
    MAX_FD_COORDINATES,
    START_DIGITS,
    Exact,
    Jump,
    exact_entries,
    flat_entries,
    only_chosen,
    per_coordinate,
    random_direction,
    rebuild,
    rule_entries,
    settle,
    relative_step,
    to_mp,
    unproven_zeros,
    with_noise,
    zero_floor,
)
from .reference_mpmath import (compute_mpmath as _compute_mpmath, rule_at as _rule_at, rule_from as _rule_from,
                               slopes_beside_the_pole)


def compute(target, args, seed=0, budget=None, wrt=None):
    """The exact reference for ``target`` at ``args`` (floats/arrays already rounded to the dtype).

    Within ``budget`` (a `balls.Budget`; default `balls.DEFAULT_MAX_TIME` seconds):
    past it the result is ``unsettled`` with ``out_of_time`` saying so, never a
    stand-in. A formula (at a scalar or an array point) is computed on balls first (`_by_balls`).
    ``wrt`` names the variables whose derivatives are wanted (None: all; see `precision.only_chosen`).
    """
    ready = _handed_out(target, args)
    if ready is not None:  # made with the check's other points: no work, so no alarm to arm
        return _on_the_signed_zeros_side(target, args, ready)
    budget = budget or balls.Budget()
    result = Exact()
    try:
        with budget.interrupting(), ieee():  # 0/0 is NaN at high precision too, as in the working dtype
            return _on_the_signed_zeros_side(target, args, _computed(target, args, seed, budget, wrt, result))
    except balls.OutOfTime as error:
        result = Exact(determined=False, unsettled=True, out_of_time=str(error))
        return result


def _computed(target, args, seed, budget, wrt, result):
    """`compute`'s reference, its budget armed: balls, then the Python function's balls, then mpmath numbers."""
    ready = _prefetched(target, args, seed, wrt, budget)
    if ready is not None:
        return ready
    if _by_balls(target, args, result, budget, seed, wrt):
        return result
    whole = _whole_point(target, args, wrt)
    target, args, widen = only_chosen(target, args, wrt)
    if exact_python.compute(target, args, result, budget, seed):
        _rule_past_infinities(target, args, result, budget)
        return widen(_slopes_beside_a_pole(target, args, result, whole))
    result = _compute_mpmath(target, args, seed, Exact(), budget)
    if result.unsettled and not result.why:
        result.why = exact_python.undecided_why(target, args, budget)
    return widen(_slopes_beside_a_pole(target, args, result, whole))


def _whole_point(target, args, wrt):
    """``(target, args, the positions wrt picks)`` where ``wrt`` holds some variables, each held one a float or an
    array of floats (a held int is data its Python may read, range(k), no unknown of a proof), else None: the slopes
    beside a pole are the whole function's, the held inputs unknowns as the chosen ones, so that a check --wrt y keeps
    the slope in y the check of every input keeps (log(x / y) at x = 0: -1 / y, not the slope of log(0 / y))."""
    names = list(target.variables)
    if not wrt or set(wrt) >= set(names):
        return None
    picked = [i for i, n in enumerate(names) if n in wrt]
    if any(i not in picked and np.asarray(a).dtype.kind != "f" for i, a in enumerate(args)):
        return None
    return target, args, picked


# The ops that read a zero's sign on their cut, as IEEE 754 defines them: atan2(-0.0, x) is -pi for x < 0, the
# limit from below the cut, and +pi at +0.0, the limit from above.
_SIGNED_ZERO_CUTS = ("arctan2", "atan2")


def _on_the_signed_zeros_side(target, args, result):
    """``result`` with its value at a signed zero input on a cut the limit from that zero's side: a ball or an mpmath
    number holds no sign, so the reference takes -0.0 as 0 and gives the value above the cut, where the program (IEEE's
    atan2) gives the one below. Where the one-sided test found the function jumping in that coordinate at a switch
    that reads the zero's sign (`_SIGNED_ZERO_CUTS`), the point's value is the side's limit, and the other side then
    jumps from it; the jump keeps the coordinate's derivative NaN. Unchanged elsewhere (sign(-0.0) is 0, no limit)."""
    import mpmath  # lazy: heavy; loaded already by the reference whose result this adjusts

    values = flat_entries(result.value) if result.value is not None else []
    if len(values) != 1 or not result.singular:
        return result
    entries = {label: float(args[i] if index is None else np.asarray(args[i])[index])
               for i, index, label in coordinates_of(target, args)}
    signs = {label: -1 if np.signbit(v) else 1 for label, v in entries.items() if v == 0}
    chosen, singular = set(), []
    for label, left, right in result.singular:
        side = left if signs.get(label) == -1 else right if signs.get(label) == 1 else None
        if not (isinstance(side, Jump) and side.switch.split(" ")[0] in _SIGNED_ZERO_CUTS):
            singular.append((label, left, right))
            continue
        other, at = (right if side is left else left), side.value
        reached = other.value if isinstance(other, Jump) else side.at
        pair = (replace(side, at=at), replace(other, at=at) if isinstance(other, Jump) else Jump(reached, at, side.switch))
        singular.append((label, *(pair if side is left else pair[::-1])))
        chosen.add(mpmath.mpf(at))
    if len(chosen) != 1:  # none, or two coordinates' sides that disagree: no one value is the point's
        return result
    result.value = rebuild(result.value, list(chosen)) if np.ndim(result.value) else chosen.pop()
    result.singular = singular
    return result


def _rule_past_infinities(target, args, result, budget):
    """The rule's entries that balls leave NaN, run again on mpmath numbers, where x/0 is inf as in the working dtype.

    A ball cannot hold 1/0's signed infinity (it is [+-inf]), so a rule written
    through one, 2w/(x + 1/x) at 0, is NaN on balls where the working dtype and
    the same arithmetic at high precision give 0: a correct rule, not a wrong one.
    An entry that is NaN on mpmath too stays NaN.
    """
    import mpmath  # the mpmath path: heavy, and needed only where a ball was unbounded

    entries = [[e for e in flat_entries(g)] for g in result.rule or ()]
    if not any(mpmath.isnan(e) for g in entries for e in g):
        return
    notes = list(result.notes)
    # a Python function's or a framework's rules: their noise runs made whatever they agree with (`_spares_noise`)
    again = _rule_at(target, args, max(result.digits or 0, START_DIGITS), result, budget, target.kind == "formula")
    result.notes = notes  # the rerun's own remarks are about a rule the balls already judged
    if len(again) != len(entries):
        return
    merged = []
    for ball_entries, mp_entries, like in zip(entries, again, result.rule):
        mp_entries = list(flat_entries(mp_entries))
        mixed = [m if mpmath.isnan(b) and not mpmath.isnan(m) else b for b, m in zip(ball_entries, mp_entries)]
        merged.append(rebuild(like, mixed))
    result.rule = merged
    if not any(mpmath.isnan(e) for g in merged for e in flat_entries(g)):
        result.notes = [n for n in result.notes if not n.startswith("the gradient rule is not finite on balls")]


def _slopes_beside_a_pole(target, args, result, whole=None):
    """At a value that is no number (log(x0^2) + x1^2 at x0 = 0: -inf; log1p(x0)/x0 + x1^2 at x0 = 0: 0/0, NaN), the
    exact slope along each coordinate the broken term does not move (`reference_mpmath.slopes_beside_the_pole`); the
    other entries NaN, no derivative, whatever number balls or differences made of them: a removable 0/0 is no number
    at the point in any dtype, and the differences' limit slope beside it (log1p(x)/x's -1/2) is the slope of another
    function, the one its limit completes. A NaN value whose pole the proof does not meet, or that is 0 / 0 at every
    point near (`domain_slopes.no_value_near`: a mean over an empty bag; `python_zero.no_number_all_about`: a quotient
    of two zero functions, sin(pi - x) - sin(x) over sin(pi)), leaves every entry NaN. Along
    a random direction (many inputs), whose one entry is no number at a pole, the entries one per coordinate instead:
    one proof run gives them all. ``result``, so changed."""
    import mpmath  # the exact entries' numbers

    values = flat_entries(result.value) if result.value is not None else []
    if len(values) != 1 or mpmath.isfinite(values[0]):
        return result
    if mpmath.isnan(values[0]) and (no_value_near(target, args) or python_zero.no_number_all_about(
            lambda *a: exact_python._traced(target.mp_function, a), args)):
        shapes = [np.asarray(a, dtype=np.float64) for a in args]
        result.gradient = [rebuild(a, [mpmath.nan] * a.size) for a in shapes]
        result.direction = result.directional = None
        return result
    if result.directional is not None and not result.kinks:
        return _beside_a_pole_by_coordinate(target, args, result)
    if not result.gradient or any(g is None for g in result.gradient):
        return result
    gradient = [list(flat_entries(g)) for g in result.gradient]
    zeros = python_zero.Zeros(lambda *a: exact_python._traced(target.mp_function, a), args)
    if zeros.pole_of_value() is not None:
        slopes = iter(_picked_beside_the_pole(whole) or slopes_beside_the_pole(zeros, sum(len(g) for g in gradient)))
    elif mpmath.isnan(values[0]):
        slopes = iter([mpmath.nan] * sum(len(g) for g in gradient))
    else:
        return result
    # every entry the proof's: a ball's 0 beside the pole's own infinite slope (0 * [+-inf] is 0 on balls, as the
    # exact 0 of 2 v under sum(v * v) ** -0.5 makes it) is no derivative, which only the proof tells
    result.gradient = [rebuild(like, [next(slopes) for _ in entries]) for like, entries in zip(result.gradient, gradient)]
    return result


def _picked_beside_the_pole(whole):
    """The slopes beside the pole of ``whole``'s function (`_whole_point`: every input an unknown), at the flat
    coordinates of the picked variables alone; None where there is no whole point or its value meets no pole."""
    if whole is None:
        return None
    target, args, picked = whole
    zeros = python_zero.Zeros(lambda *a: exact_python._traced(target.mp_function, a), args)
    if zeros.pole_of_value() is None:
        return None
    import mpmath  # lazy: heavy; the slopes beside a pole are mpmath numbers

    slopes = slopes_beside_the_pole(zeros, zeros.flat.size)
    if all(mpmath.isnan(e) for e in slopes):  # no slope anywhere, or no proof run on the whole: the reduced one's
        return None
    sizes = np.cumsum([0] + [int(np.size(a)) for a in args])
    return [e for i in picked for e in slopes[sizes[i]:sizes[i + 1]]]


def _beside_a_pole_by_coordinate(target, args, result):
    """`_slopes_beside_a_pole` where ``result`` holds one entry along a random direction: each coordinate's slope
    beside the pole, in the inputs' shapes, in place of the direction's NaN (unchanged where the value is no proven
    pole)."""
    zeros = python_zero.Zeros(lambda *a: exact_python._traced(target.mp_function, a), args)
    if zeros.pole_of_value() is None:
        return result
    slopes = slopes_beside_the_pole(zeros, zeros.flat.size)
    shapes = [np.asarray(a, dtype=np.float64) for a in args]
    sizes = np.cumsum([0] + [a.size for a in shapes])
    result.gradient = [rebuild(a, slopes[sizes[k]:sizes[k + 1]]) for k, a in enumerate(shapes)]
    result.direction = result.directional = None
    return result


def _by_balls(target, args, result, budget, seed=0, wrt=None):
    """A formula's exact value and gradient from its IR and symbolic derivative on balls; False if they cannot.

    The derivative is the formula's own (`expr.derivative.differentiate`), not
    gradcli's gradient rules, so it judges them independently; each entry is
    proven to 13 digits (see `balls`). Kinks and poles are still looked for by
    one-sided differences, and the rule is run at high precision as before.

    At an array point the formula is summed over its elements (as `point.summed`
    checks it): the value is the sum of the formula at each element, the gradient
    of each variable the elementwise derivative, summed over the axes it was
    broadcast along (`_by_elements`).
    """
    rule_digits = _on_balls(target, args, result, budget)
    if rule_digits is None:
        return result.unsettled  # a 0 balls did not prove (`balls.Unproven`): no reference, and it says so
    result.rule = _rule_at(target, args, rule_digits, result, budget)
    _after_the_rule(target, args, result, seed, budget, wrt)
    return True


def derivative_of(target, name):
    """The exact derivative (IR) of ``target``'s formula in ``name``, made once per target: the report's
    symbolic derivative and the balls' roots are the same trees."""
    made = target.shared.setdefault("exact derivatives", {})
    found = made.get(name)
    if found is None:
        found = made[name] = exact_derivative(target.formula.root, name)
    return found


def _on_balls(target, args, result, budget):
    """The value and gradient of `_by_balls` on ``result``; the digits the rule starts at (None: balls cannot)."""
    formula = getattr(target, "formula", None)
    if target.kind != "formula" or formula is None:
        return None
    try:
        roots = target.shared.get("exact roots")
        if roots is None:  # once per check, not per point and dtype: the derivatives, compiled for balls
            roots = balls.Program([formula.root] + [derivative_of(target, name) for name in target.variables])
            target.shared["exact roots"] = roots
        if any(type(a) is not float and np.ndim(a) for a in args):  # (floats, the usual point, without NumPy)
            value, gradient, bits = _by_elements(roots, target.variables, args, budget)
            rule_bits = bits
        else:
            entries, bits, rule_bits = balls.evaluate_formula(roots, dict(zip(target.variables, args)), budget, nonzero_bits=True)
            value, gradient = entries[0], list(entries[1:])
    except balls.Unproven as error:
        result.determined, result.unsettled, result.why, result.method = False, True, str(error), "balls"
        return None
    except (balls.NoBall, ValueError, RecursionError):
        return None
    mp_core.enable()
    result.method = "balls"
    result.value, result.gradient = value, gradient
    result.digits = max(2 * START_DIGITS, int(bits * 0.30103) + 1)
    # The rule starts where the entries that are not 0 settled, as on mpmath where the value did:
    # not at the 2^15 bits proving a 0 can take (cos(x)**2 + sin(x)**2: sin and cos at 9,865 digits).
    return max(2 * START_DIGITS, int(rule_bits * 0.30103) + 1)


def _after_the_rule(target, args, result, seed, budget, wrt):
    """What `_by_balls` looks for once the rule has run: kinks and poles, and what is undefined at them."""
    smooth = target.shared.get("smooth")
    if smooth is None:
        smooth = target.shared["smooth"] = not not_smooth(target.formula.root)
    if not smooth:
        # Every op on the way gave a finite ball, so only a branch (abs, max, where...) can make a kink.
        _kinks_on_balls(target, args, result, seed, budget, wrt)
    undefined_at_kinks(target, args, result)


# -- the points of one check, their rules run together ----------------------------------


def expect(target, arg_lists, seed=0, wrt=None):
    """Say which points a check of the formula ``target`` will ask `compute` for (each a list of floats, rounded).

    At the first of them, the references of all are computed together: each on
    balls as alone, and the gradient rule of those that start at the same
    digits in one run of the core (`rule_batch`); each is then handed out as
    `compute` would have made it. Points at arrays are computed when asked.
    """
    points = {}
    for args in arg_lists:
        if all(type(a) is float for a in args):
            key = _key(args)
            count = points.get(key, (args, 0))[1]
            points[key] = (list(args), count + 1)
    target.shared["expected references"] = (points, seed, tuple(wrt) if wrt else wrt)
    target.shared["computed references"] = {}


def _key(args):
    # The floats' own bits: -0.0 is not 0.0 here.
    return tuple(float(a).hex() for a in args)


def _prefetched(target, args, seed, wrt, budget):
    """The reference at ``args`` computed together with the check's other points (`expect`), or None."""
    computed = target.shared.get("computed references")
    if computed is None or not all(type(a) is float for a in args):
        return None
    key = _key(args)
    expected = target.shared.get("expected references")
    if expected is not None:
        points, expected_seed, expected_wrt = expected
        if key not in points or expected_seed != seed or expected_wrt != (tuple(wrt) if wrt else wrt):
            return None
        del target.shared["expected references"]
        _compute_together(target, points, seed, wrt, budget, computed)
    return _take(computed, key)


def _handed_out(target, args):
    """The reference at ``args`` when the check's points were already computed together (`expect`), or None."""
    computed = target.shared.get("computed references")
    if computed is None or "expected references" in target.shared or not all(type(a) is float for a in args):
        return None
    return _take(computed, _key(args))


def _take(computed, key):
    """The reference at ``key`` from ``computed``, or None: itself for its last request, a copy before."""
    found = computed.get(key)
    if found is None:
        return None
    exact, count = found
    if count <= 1:
        del computed[key]
        return exact
    computed[key] = (exact, count - 1)
    return exact.copied()


def _compute_together(target, points, seed, wrt, budget, computed):
    """`_by_balls` at every point of ``points``, the rules of those at the same digits in one batch, into ``computed``.

    A point balls cannot do, or whose work raises, is left out: `compute` makes
    it alone when it is asked for. Running out of time keeps what is done.
    """
    staged = {}  # rule digits -> [(key, args, result)]
    try:
        for key, (args, _) in points.items():
            result = Exact()
            try:
                digits = _on_balls(target, args, result, budget)
            except Exception:  # noqa: BLE001 - raised again when this point is asked for alone
                continue
            if digits is not None:
                staged.setdefault(digits, []).append((key, args, result))
            elif result.unsettled:  # a 0 balls did not prove: no reference, made once
                computed[key] = (result, points[key][1])
        sided = target.shared.get("rule batching")
        if sided is None:  # whether the batches are split by side
            sided = target.shared["rule batching"] = rule_batch.sided(target.formula)
        for digits, group in staged.items():
            rules = None
            if len(group) > 1:
                budget.afford()
                arg_lists = [args for _, args, _ in group]
                rules = rule_batch.rule_at_points(target.mp_function, arg_lists, digits, sided=sided,
                                                  exact=[exact_entries(result, args) for _, args, result in group])
            for k, (key, args, result) in enumerate(group):
                try:
                    if rules is None or rules[k] is None:
                        result.rule = _rule_at(target, args, digits, result, budget)
                    else:
                        result.rule = _rule_from(target, args, digits, result, budget, *rules[k])
                    _after_the_rule(target, args, result, seed, budget, wrt)
                except Exception:  # noqa: BLE001 - raised again when this point is asked for alone
                    continue
                computed[key] = (result, points[key][1])
    except balls.OutOfTime:
        return


def _kinks_on_balls(target, args, result, seed, budget, wrt=None):
    """`find_kinks` for `_by_balls`, as the mpmath path looks: every coordinate, or above MAX_FD_COORDINATES
    one test along the random direction in the ``wrt`` variables (a kink there leaves the gradient unknown, as on mpmath)."""
    most = max(result.digits, 2 * START_DIGITS)
    if per_coordinate(sum(1 if type(a) is float else np.size(a) for a in args)):
        result.kinks, result.singular = find_kinks(target, args, result, budget, most)
        return
    keep = [not wrt or n in wrt for n in target.variables]
    result.direction = random_direction(args, seed, keep)
    result.kinks, result.singular = find_kinks(target, args, result, budget, most)
    if result.kinks or result.singular:
        result.gradient = [None] * len(args)  # undefined somewhere along the direction: `directional` is NaN
    else:
        result.direction = None


def _by_elements(roots, names, args, budget):
    """``(value, gradient, bits)`` of a formula summed over an array point, on balls element by element.

    Each element's entries are proven to `balls.RELATIVE_RADIUS`; a sum over
    elements is taken exactly and kept only when the elements' own error
    bounds leave it 20 digits: where the sum cancels, the elements are
    recomputed as much tighter as the cancellation asks (once; then NoBall).
    """
    shape = np.broadcast_shapes(*[np.shape(a) for a in args])
    spread = [np.broadcast_to(np.asarray(a, dtype=np.float64), shape) for a in args]
    points = [{n: float(s[index]) for n, s in zip(names, spread)} for index in np.ndindex(shape)]
    relative = balls.RELATIVE_RADIUS
    for _ in range(2):
        entries, bits = balls.evaluate_points(roots, points, budget, relative=relative)
        table = np.empty((len(points), len(roots)), dtype=object)
        for k, row in enumerate(entries):
            table[k, :] = row
        needed = relative
        value, need = _proven_sum(table[:, 0], relative)
        needed = min(needed, need)
        gradient = []
        for j, a in enumerate(args, start=1):
            per_element = table[:, j].reshape(shape)
            if not np.ndim(a):
                g, need = _proven_sum(per_element.ravel(), relative)
                needed = min(needed, need)
                gradient.append(g)
                continue
            # Summed over the axes ``a`` was broadcast along (leading ones, and its length-1 axes).
            lead = len(shape) - np.ndim(a)
            axes = tuple(range(lead)) + tuple(lead + i for i, n in enumerate(np.shape(a)) if n == 1 and shape[lead + i] != 1)
            g = np.empty(np.shape(a), dtype=object)
            for index in np.ndindex(np.shape(a)):
                picked = tuple(slice(None) if ax in axes else (index[ax - lead] if ax >= lead else None)
                               for ax in range(len(shape)))
                g[index], need = _proven_sum(np.ravel(per_element[picked]), relative)
                needed = min(needed, need)
            gradient.append(g)
        if needed >= relative:
            return value, gradient, bits
        relative = needed
    raise balls.NoBall("a sum over the elements cancels more than the balls were proven to")


_SUM_DIGITS = 1e-20  # a sum over the elements is kept when proven to this relative error


def _proven_sum(entries, relative):
    """``(sum, relative radius needed)``: the exact sum of entries each proven to ``relative``
    (or 0 within 2^-1097), and the radius each would need for the sum to be right to _SUM_DIGITS."""
    import mpmath

    entries = list(entries)
    if len(entries) == 1:
        return entries[0], relative
    with mpmath.workprec(400):
        total = mpmath.fsum(entries)
        magnitude = mpmath.fsum(abs(e) for e in entries)
    zeros = sum(1 for e in entries if e == 0)
    bound = relative * magnitude + zeros * mpmath.mpf(2) ** balls.ZERO_RADIUS_LOG2 + mpmath.mpf(2) ** -390 * magnitude
    if magnitude == 0 or bound <= _SUM_DIGITS * abs(total):
        return total, relative
    if total == 0:
        raise balls.NoBall("a sum over the elements is 0 within the elements' error bounds")
    needed = float(_SUM_DIGITS * abs(total) / (2 * magnitude))
    if needed < 1e-300:
        raise balls.NoBall("a sum over the elements cancels beyond what balls are asked to prove")
    return total, needed
