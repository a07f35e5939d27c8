"""Kinks and poles: where the one-sided derivatives of the forward function differ, or one side diverges.

A program that branches (``abs``, ``maximum``, ``where``, comparisons) can
have a point where its left and right derivatives differ; there no gradient
is right, and the check says ``domain``. `find_kinks` looks at each
coordinate (above `precision.MAX_FD_COORDINATES`, along the random
direction) with one-sided differences at high precision.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace

import numpy as np

from ..autodiff import arb as arb_core
from ..autodiff import ops_shape
from ..autodiff.tracer import hooks
from ..autodiff.values import raw
from ..autodiff.transforms import trace_inputs
from ..expr.ir import Binary, Call, Compare, postorder
from . import balls, python_zero
from .provenance import location_running_now
from .precision import (
    START_DIGITS, max_digits, Jump, Outside, Wavers, flat_entries, per_coordinate, rebuild, relative_step, to_mp, with_noise,
    with_noise_when_read,
)


# arctan2 jumps by 2 pi across its cut (y = 0, x < 0): a branch as much as abs's corner is.
NOT_SMOOTH = {"abs", "sign", "floor", "ceil", "maximum", "minimum", "clip", "where", "arctan2"}


def not_smooth(root):
    """Whether a formula has a branch (a function with a kink or a jump somewhere, or ``%``)."""
    return any(
        (isinstance(n, Call) and n.name in NOT_SMOOTH) or (isinstance(n, Binary) and n.op == "%")
        for n in postorder(root)
    )


def coordinates_of(target, args):
    """Every scalar coordinate of the arguments: ``(argument, index or None, label)``, ``x`` or ``x[1]``."""
    for i, (name, a) in enumerate(zip(target.variables, args)):
        if not np.ndim(a):
            yield i, None, name
            continue
        for index in np.ndindex(np.shape(a)):
            yield i, index, f"{name}[{', '.join(map(str, index))}]"


# Ops at which a Python function can have a kink or a jump although every op is finite (abs at 0, a tie of
# maximum, a comparison choosing a branch): seen in the program, they call for the one-sided test.
_BRANCH_OPS = NOT_SMOOTH - {"arctan2"} | {
    "fmax", "fmin", "max", "min", "mod", "floor_divide", "round", "rint", "trunc",
    "greater", "greater_equal", "less", "less_equal", "equal", "not_equal",
    "i0e",  # e^-|x| I0(x): abs's corner at 0, scaled
}


_SQRT_AT_0 = "sqrt at 0"  # a cone's tip (a norm at 0): a kink whatever rule a framework gives there
_ON_CUT = "arctan2 on its cut"  # y an exact 0 and x < 0: a jump of 2 pi in y (off it, arctan2 is smooth)
# A sort, a partition or an arg-extreme meeting equal entries: which of them lands where is decided at a tie, a
# switch whatever rule a framework gives there (PyTorch's median() shares its slope among the tied entries, as
# the central difference does, so slopes alone agree).
_ORDER_AT_TIE = "an order at a tie"
# slogdet of a real matrix whose det is an exact 0 (its log |det| -inf): its sign, 0 there, jumps between -1 and 1
# across the singular matrices (the sign is a step of the matrix, no op a run records)
_SINGULAR_SLOGDET = "slogdet of a singular matrix"
# An eigen- or singular value decomposition meeting a repeated value: which value is which is an order decided at a
# tie (cond [[1, t], [t, 1]] is (1 + |t|) / (1 - |t|), its singular values |1 +- t| sorted), a switch whatever rule
# gives there, where a function even in t has central differences of exactly 0 at every precision.
_SPECTRUM_AT_TIE = "a spectrum at a tie"
_BRANCH_OPS = _BRANCH_OPS | {_SQRT_AT_0, _ON_CUT, _ORDER_AT_TIE, _SINGULAR_SLOGDET, _SPECTRUM_AT_TIE}
# The spectral decompositions, each with where its answer holds the spectrum: ``"first"``, the first row of a packed
# answer (eigh's eigenvalues above its eigenvectors), ``"below u"``, the row below U's m rows (svd's packed U, s, V),
# ``"all"``, the answer itself (svdvals)
_SPECTRA = {"linalg.eigh": "first", "linalg.eig": "first", "linalg.svd": "below u", "linalg.svdvals": "all"}
_TIED_DIGITS = 10  # the digits short of a run's precision within which two of a spectrum's values are one value


def _takes_a_root(name, values):
    """Whether an op takes a root: sqrt, or a power between 0 and 1."""
    if name == "power" and len(values) == 2 and np.ndim(raw(values[1])) == 0:
        return 0 < float(raw(values[1])) < 1
    return name == "sqrt" and bool(values)


def _root_at_zero(name, values):
    """Whether an op takes a root (sqrt, or a power between 0 and 1) of an exact 0."""
    return _takes_a_root(name, values) and _has_zero(values[0])


def _smallest_radicand(name, values):
    """The smallest magnitude among the nonzero entries an op takes a root of, or None (no root, or none such)."""
    if not _takes_a_root(name, values):
        return None
    try:
        sizes = [abs(v) for v in np.ravel(np.asarray(raw(values[0]), dtype=object)) if v != 0]
        return min(sizes) if sizes else None
    except (TypeError, ValueError):
        return None


def _roots_of_rounded_zeros(target, mp_args, radicands):
    """Whether a root the program takes is of a number that is 0 but for rounding: ``radicands`` (each root's
    smallest nonzero radicand in a run at `START_DIGITS`, None for none) holds one tiny enough to be rounding, and
    a run at twice the digits finds the same root's radicand shrunk by as many digits more (a Gram determinant
    det(J J^T) at a singular pose: 1e-31 at 30 digits, no exact 0 for `_root_at_zero` to see)."""
    import mpmath  # lazy: heavy; loaded by the exact reference whose numbers the kink tests read

    small = mpmath.mpf(10) ** -(START_DIGITS // 2)
    if not any(r is not None and r < small for r in radicands):
        return False
    deeper = []

    def seen(prim, values, ans):
        if _takes_a_root(prim.name, values):
            deeper.append(_smallest_radicand(prim.name, values))

    if not _watched_run(target, mp_args, seen, 2 * START_DIGITS) or len(deeper) != len(radicands):
        return False
    return any(a is not None and a < small and (b is None or b < a * small) for a, b in zip(radicands, deeper))


def _on_cut(y, x):
    """Whether arctan2(y, x) takes an entry on its cut: y an exact 0 where x < 0 (broadcast)."""
    try:
        ys, xs = np.broadcast_arrays(np.asarray(raw(y), dtype=object), np.asarray(raw(x), dtype=object))
        return any(b == 0 and a < 0 for b, a in zip(ys.ravel(), xs.ravel()))
    except (TypeError, ValueError):
        return False


def _singular_slogdet(name, ans):
    """Whether an op is slogdet's log |det| of a singular matrix: -inf, exactly (`_SINGULAR_SLOGDET`)."""
    if name != "linalg.slogdet":
        return False
    try:
        return any(v == float("-inf") for v in np.ravel(np.asarray(raw(ans), dtype=object)))
    except (TypeError, ValueError):
        return False


def _repeated_spectrum(name, values, ans):
    """Whether a spectral decomposition (`_SPECTRA`) of exact numbers gives some matrix two equal values, each pair of
    its spectrum within the run's rounding (10 digits short of its precision) of the spectrum's largest: True, False,
    or the digits it needs to tell (an int) where its matrix's entries span more decades than the run's precision
    resolves (a near tie: e^0.3 twice on a diagonal beside 1e-200, whose eigenvalues are 2e-200 apart); False for any
    other op."""
    where = _SPECTRA.get(name)
    if where is None or not values:
        return False
    import mpmath  # lazy: the exact run's numbers

    try:
        matrix = [abs(mpmath.mpmathify(v)) for v in np.ravel(np.asarray(raw(values[0]), dtype=object))]
        out = np.asarray(raw(ans), dtype=object)
        spectrum = out if where == "all" else out[..., 0, :] if where == "first" else \
            out[..., np.shape(raw(values[0]))[-2], :]
        nonzero = [v for v in matrix if v != 0 and mpmath.isfinite(v)]
        spread = int(mpmath.log10(max(nonzero) / min(nonzero))) if nonzero else 0
        if spread + _TIED_DIGITS > mpmath.mp.dps:
            return spread + 2 * _TIED_DIGITS
        for row in spectrum.reshape(-1, spectrum.shape[-1]):
            numbers = [mpmath.mpmathify(v) for v in row]
            scale = max((abs(v) for v in numbers), default=0)
            tied = mpmath.mpf(10) ** (_TIED_DIGITS - mpmath.mp.dps) * scale
            if any(abs(a - b) <= tied for k, a in enumerate(numbers) for b in numbers[k + 1:]):
                return True
    except (TypeError, ValueError, IndexError, ZeroDivisionError):
        return False
    return False


def _has_zero(value):
    try:
        return any(v == 0 for v in np.ravel(np.asarray(raw(value), dtype=object)))
    except (TypeError, ValueError):
        return False


def may_have_kink(target, args, result):
    """Whether a Python function's point calls for the one-sided test (`find_kinks`): cheap signs first.

    Yes when the program runs a branching op (`_BRANCH_OPS`, comparisons included: Python's
    ``if x > 0`` on a traced number is one), or when the exact gradient or gradcli's rule at high
    precision is not finite, or they disagree: a kink (sqrt(sum(x*x)) at 0, whose rule is NaN) is
    then the likelier story than a wrong rule, and the test tells them apart. A smooth point where
    all agree pays one traced forward run.
    """
    import mpmath  # lazy: heavy; loaded by the exact reference whose numbers the kink tests read

    if not per_coordinate(sum(np.size(a) for a in args)):
        # Along the random direction only: where the rule disagrees there, or where the point decides a branch
        # at a tie (one run on balls). A tie's rule (max's 1 at x = 0) agrees with the central difference of
        # its two slopes, so agreement alone would leave sum(max(x, 0)) at 0 without its kink.
        if result.direction is None or result.directional is None or not result.rule:
            return False
        rule = mpmath.fsum(r * mpmath.mpf(float(d)) for g, w in zip(result.rule, result.direction)
                           for r, d in zip(flat_entries(g), np.ravel(w)))
        e = result.directional
        if not (mpmath.isfinite(e) and mpmath.isfinite(rule)) or abs(e - rule) > mpmath.mpf(10) ** -8 * max(abs(e), abs(rule)):
            return True
        return at_a_tie(target, args)
    if result.gradient is None:
        return False
    exact = [e for g in result.gradient if g is not None for e in flat_entries(g)]
    rule = [e for g in result.rule or [] for e in flat_entries(g)]
    if len(exact) != sum(np.size(a) for a in args) or len(rule) != len(exact):
        return True
    for e, r in zip(exact, rule):
        if not (mpmath.isfinite(e) and mpmath.isfinite(r)) or abs(e - r) > mpmath.mpf(10) ** -8 * max(abs(e), abs(r)):
            return True
    return bool(_ops_run(target, args) & _BRANCH_OPS)


def _ops_run(target, args):
    """The names of the primitives a traced forward run of ``target`` at ``args`` calls (all of them if it raises)."""
    names, radicands, spectra_need = set(), [], []

    def seen(prim, values, ans):
        names.add(prim.name)
        if _root_at_zero(prim.name, values):
            names.add(_SQRT_AT_0)
        if _takes_a_root(prim.name, values):
            radicands.append(_smallest_radicand(prim.name, values))
        if prim.name == "arctan2" and _on_cut(*values[:2]):
            names.add(_ON_CUT)
        if _singular_slogdet(prim.name, ans):
            names.add(_SINGULAR_SLOGDET)
        tied = _repeated_spectrum(prim.name, values, ans)
        if tied is True:
            names.add(_SPECTRUM_AT_TIE)
        elif tied is not False:
            spectra_need.append(tied)

    mp_args = [to_mp(a) for a in args]
    saved, ops_shape.ties_seen = ops_shape.ties_seen, []
    try:
        ran = _watched_run(target, mp_args, seen)
        if ops_shape.ties_seen:
            names.add(_ORDER_AT_TIE)
        if ran and spectra_need and _SPECTRUM_AT_TIE not in names and _spectrum_tied_at(target, mp_args, spectra_need):
            names.add(_SPECTRUM_AT_TIE)
        if ran and _SQRT_AT_0 not in names and _roots_of_rounded_zeros(target, mp_args, radicands):
            names.add(_SQRT_AT_0)
    finally:
        ops_shape.ties_seen = saved
    if not ran:
        return set(_BRANCH_OPS)  # a program that fails traced: the one-sided test decides
    return names


def _spectrum_tied_at(target, mp_args, needs):
    """Whether a run at the digits its decompositions' entries ask (``needs``, at most `max_digits`) sees a repeated
    value in some spectrum (`_repeated_spectrum`); False where even those digits cannot tell."""
    found = []

    def seen(prim, values, ans):
        if _repeated_spectrum(prim.name, values, ans) is True:
            found.append(prim.name)

    digits = max(needs)
    return digits <= max_digits() and _watched_run(target, mp_args, seen, digits) and bool(found)


def _watched_run(target, mp_args, watch, digits=START_DIGITS):
    """Whether a traced forward run of ``target`` at ``mp_args`` (at ``digits``) ends without raising, each op
    it calls shown to ``watch(prim, values, ans)`` before any forward hook already set."""
    import mpmath  # lazy: heavy; loaded by the exact reference whose numbers the kink tests read

    saved = hooks.forward

    def seen(prim, values, kwargs, ans):
        watch(prim, values, ans)
        if saved is not None:
            saved(prim, values, kwargs, ans)

    hooks.forward = seen
    try:
        with mpmath.workdps(digits), np.errstate(all="ignore"):
            trace_inputs(target.mp_function, list(mp_args), {}, tuple(range(len(mp_args))), "check")
    except Exception:  # noqa: BLE001 - a program that fails traced: each caller has its answer for that
        return False
    finally:
        hooks.forward = saved
    return True


def undefined_at_kinks(target, args, result):
    """No derivative exists at a kink or a one-sided singularity: its gradient entries become NaN.

    (The central difference there is the mean of two one-sided slopes, or a one-sided infinity: not a derivative.)
    """
    import mpmath  # lazy: heavy; loaded by the exact reference whose numbers the kink tests read

    where = {label: (i, index) for i, index, label in coordinates_of(target, args)}
    for label, _, _ in result.kinks + result.singular:
        if label == ALONG:
            result.directional = mpmath.nan
            continue
        i, index = where[label]
        if not result.gradient or result.gradient[i] is None:
            continue
        if index is None:
            result.gradient[i] = mpmath.nan
        else:
            result.gradient[i] = np.array(result.gradient[i], dtype=object)  # a copy: never the caller's
            result.gradient[i][index] = mpmath.nan


def jumps_here(result):
    """Whether the point's value jumps along some coordinate (`find_kinks`'s singular sides): the function is
    not continuous there, so it has no gradient, whatever the partial derivatives along other coordinates say
    (an eigenvector read at a repeated eigenvalue, which a step in the pair's own block turns)."""
    return any(isinstance(side, Jump) for _, left, right in result.singular for side in (left, right))


# The note `jumps_whatever_is_held` leaves for the user, beside the result's flag of the same name.
HELD_JUMP_NOTE = ("a stop_gradient changes the derivative the rule gives, never the value: the value jumps here "
                  "whatever the held values are")


def jumps_whatever_is_held(target, args, attempt, result, budget, digits):
    """Whether the program's value jumps at the point, where a stop_gradient holds a value its arithmetic reads (the
    mpmath reference's ``attempt`` at ``digits``): ``result`` then holds the jump, every gradient entry NaN (the
    reference fills those along coordinates that do not jump, `reference_mpmath._held_slopes_beside_jumps`).

    A stop_gradient changes the derivative a rule gives, never the value: ``x * stop_gradient(floor(x))`` is
    x floor(x) at every point, 2 from the left of x = 2 and 4 at it. A value that is not continuous along a
    coordinate has no derivative along it, whatever the held values make of the rule, so that jump is the
    point's verdict there (the one floor gives alone).
    """
    import mpmath  # lazy: heavy; loaded by the exact reference whose numbers the kink tests read

    result.value, result.gradient = attempt.value, attempt.gradient
    result.direction, result.directional = attempt.direction, attempt.directional
    _, singular = find_kinks(target, args, result, budget, digits)
    result.kinks, result.singular = [], [(label, left, right) for label, left, right in singular
                                         if isinstance(left, Jump) or isinstance(right, Jump)]
    if not result.singular:
        return False
    result.digits = digits
    result.notes.extend(attempt.notes)
    result.notes.append(HELD_JUMP_NOTE)
    result.jumps_whatever_is_held = True
    result.gradient = [None if g is None else rebuild(g, [mpmath.nan] * len(flat_entries(g))) for g in result.gradient]
    if result.directional is not None:
        result.directional = mpmath.nan
    return True


ALONG = "the random direction"  # the coordinate of a kink found along the random direction (many inputs)


@dataclass
class _Line:
    """A function of one number, t -> f(x + t d): what `_kink_at` needs of a target."""

    mp_function: object


_SWITCH_BITS = (128, 1024)  # enough to part a switch's two sides at a float point, or to give up


def off_every_switch(root, names, args):
    """Whether a formula at a float point is proven away from every branch's switch (abs and sign at 0, max at
    a tie, where's comparison at equality, floor at an integer...): each branch's arguments on balls lie
    strictly on one side. Every other op is analytic where its ball is finite, so the formula is analytic
    around the point and has no kink there, whatever its slopes look like in rounding: an identity written
    with max and abs (softplus(x) - max(x, 0) - log1p(exp(-abs(x)))) is flat, and its one-sided differences
    stay lost in noise at any precision. False when not proven (an array point, a ball that overlaps)."""
    if not all(type(a) is float for a in args):
        return False
    from flint import arb, ctx

    program = balls.Program([root])
    saved, decided = ctx.prec, (arb_core.decisions, arb_core.ties)
    arb_core.decisions, arb_core.ties = [], []  # this look decides nothing a caller's run records
    try:
        for bits in _SWITCH_BITS:
            ctx.prec = bits
            try:
                _, every = balls._evaluate(program, {n: arb(a) for n, a in zip(names, args)})
                if all(_off_switch(node, [every[c] for c in children])
                       for node, (_, children) in zip(program.nodes.values(), program.steps)):
                    return True
            except (ArithmeticError, TypeError, ValueError, balls.NoBall):
                continue  # a branch undecided at these bits, or no ball for an op: more bits, or no proof
    finally:
        ctx.prec = saved
        arb_core.decisions, arb_core.ties = decided
    return False


def _apart(a, b):
    """Whether balls (or bools) ``a`` and ``b`` are proven unequal."""
    try:
        d = a - b
        return bool(d > 0 or d < 0)
    except TypeError:
        return False


def _off_switch(node, args):
    """Whether one IR node, its arguments' balls ``args``, is proven away from its switch (True for a smooth node)."""
    if isinstance(node, Compare):
        return _apart(args[0], args[1])
    if isinstance(node, Binary) and node.op == "%":
        return _apart(args[1], 0) and _not_integer(args[0] / args[1])
    if not isinstance(node, Call) or node.name not in NOT_SMOOTH:
        return True
    name = node.name
    if name in ("abs", "sign"):
        return _apart(args[0], 0)
    if name in ("floor", "ceil"):
        return _not_integer(args[0])
    if name in ("maximum", "minimum"):
        return _apart(args[0], args[1])
    if name == "clip":
        return _apart(args[0], args[1]) and _apart(args[0], args[2])
    if name == "arctan2":
        return _apart(args[0], 0) or bool(args[1] > 0)
    return name == "where" and isinstance(node.children()[0], Compare)  # the comparison is judged as one above


def _constant_along(target, args, i, index):
    """Whether a Python function is proven constant near the point along coordinate ``index`` of argument ``i``
    (`python_zero.constant_along`)."""
    arb_core.enable()  # the proof numbers' dispatch
    before = sum(int(np.size(a)) for a in args[:i])
    within = 0 if index is None else int(np.ravel_multi_index(index, np.shape(args[i])))
    return python_zero.flat_along(target.mp_function, args, before + within)


def _not_integer(ball):
    """Whether a ball lies strictly between two consecutive integers."""
    below = ball.floor()
    return bool(below.rad() == 0 and ball > below and ball < below + 1)


def find_kinks(target, args, result, budget, most_digits=None, flat=None, known=None, least_digits=0, kept=None):
    """Coordinates at which the left and right derivatives differ (abs at 0, max at a tie, a norm at 0...).

    Returns ``(kinks, singular)``: see `Exact`, each coordinate named ``x`` or ``x[1]``. One-sided differences with
    steps relative to |x| (abs at 1e-300 has no kink), from 60 digits up to ``most_digits`` (None: `max_digits`) while
    they are lost in rounding noise; a difference still lost in noise claims nothing. Above
    MAX_FD_COORDINATES entries in all, one test along the random direction (named `ALONG`).
    Each precision is paid for from ``budget`` (a `balls.Budget`) first. A formula whose
    reference came from balls (``result.method``) has no kink where `off_every_switch`
    proves it; at a switch with no kink found (or differences lost in noise), the slope both
    sides share (`_slope_of_both_sides`) is its gradient entry, not the switch's own rule. ``flat`` (a list)
    gets the label of each coordinate whose one-sided slopes are both 0 (`FLAT`). ``known``: {flat coordinate, or 0
    along the random direction: (left slope, right slope)} of kinks already proven (a cone's tip,
    `python_zero.Zeros.cone_kinks` and `along_kinks`), taken as they are with no test. The tests start at
    ``least_digits`` where the program's sums lose terms below it ((3 - x) - (3 - 2x) at x = 1e-300 is 0 at 120).
    ``kept``: the `ValuesBeside` of the point the exact reference's differences kept (None: one of its own).
    """
    import mpmath  # lazy: heavy; loaded by the exact reference whose numbers the kink tests read

    most_digits = max_digits() if most_digits is None else most_digits
    on_balls = target.formula is not None and result.method == "balls"  # every op's ball finite, derivatives too
    if on_balls and off_every_switch(target.formula.root, target.variables, args):
        return [], []  # analytic around the point: no kink to look for (an identity's flat slopes never resolve)
    python = target if target.formula is None else None  # whose branches on balls tell a switch (`at_a_tie`)
    mp_args, coordinates = [to_mp(a) for a in args], coordinates_of(target, args)
    if not per_coordinate(sum(np.size(a) for a in args)):
        if result.direction is None:
            return [], []
        # One test along the random direction d: the kinks of t -> f(x + t d) at t = 0.
        directions = [to_mp(np.asarray(d, dtype=np.float64)) if np.ndim(d) else to_mp(d) for d in result.direction]
        target, mp_args, coordinates = _Line(_along(target.mp_function, mp_args, directions)), [mpmath.mpf(0)], [(0, None, ALONG)]
        on_balls = False  # a line through the point: no formula of its own to look at on balls
    # At a switch (a formula not proven off every one, a Python function's branch decided at a tie), one-sided
    # slopes may differ by less than the reference's digits can see (max(x, 0) * 1e-300 beside 1): a noisy
    # verdict rises to the check's ceiling (`max_digits`) there rather than leave the switch's own rule standing as the gradient.
    at_switch = on_balls or None  # a Python function's: asked of its branches on balls when a verdict stays noisy
    kinks, singular = [], []
    values = flat_entries(result.value) if result.value is not None else []
    settled = values[0] if len(values) == 1 and not isinstance(target, _Line) else None
    # `smallest_value_at`, once a verdict needs it; along a line, no coordinate of the arguments moves: no values kept
    smallest_value, kept = None, kept if kept and not isinstance(target, _Line) else ValuesBeside(target)
    # a NaN entry's longer steps name its edge's defined side: for a few entries, not each of an array outside the domain
    edges_asked = iter([True] * _EDGES_NAMED)
    for position, (i, index, label) in enumerate(coordinates):
        if position in (known or {}):
            kinks.append((label, *known[position]))
            continue
        digits = start = max(2 * START_DIGITS, least_digits)
        beside_an_edge = []  # whether a side is outside the function's domain, the other not (`_kink_at`'s ``edges``)
        while True:
            budget.afford()
            with mpmath.workdps(digits):
                verdict = _kink_at(target, mp_args, i, index, settled=settled, kept=kept, edges=beside_an_edge)
            if verdict == "noisy" and digits == start and python is not None \
                    and _constant_along(python, args, i, index):
                verdict = FLAT  # both one-sided slopes 0 by proof: no precision would show more
                break
            if on_balls and verdict in (None, "noisy") and digits == start and result.gradient[i] is not None:
                slope = _slope_of_both_sides(target, args, i, index, budget)
                if slope is not None:
                    verdict = None  # the sides agree: no kink, whatever rounding noise says
                    if _apart_by(slope, result.gradient[i], mpmath.mpf(10) ** -12):
                        result.gradient[i] = slope  # the switch's own rule (max's 0 at a tie, sign's 0) is no side's slope
            if digits == start and _longer_steps_asked(verdict, result, i, index, beside_an_edge, edges_asked):
                longer = _with_longer_steps(target, mp_args, i, index, digits, budget, settled)
                if longer is not None:  # seen at two precisions already: the point's own
                    verdict = longer
                    break
            if verdict == "noisy" and digits >= most_digits and at_switch is None:
                at_switch = python is not None and at_a_tie(python, args)
            cap = max(most_digits, max_digits()) if at_switch else most_digits
            if _seen_across(verdict) and python is not None and digits < most_digits:
                # A Python function's switches are not known here: steps longer than the distance to the
                # nearest one (mod by 1e-30 at 0.5) see jumps beside a smooth point. A kink is the point's own,
                # so it stands only if steps 10^(digits/3) times shorter see it too.
                budget.afford()
                with mpmath.workdps(2 * digits):
                    again = _kink_at(target, mp_args, i, index, settled=settled, kept=kept)
                if not isinstance(again, tuple):
                    verdict = again
                    if verdict == "noisy":
                        digits = 2 * digits
                        continue
                elif again[0] == "kink":
                    verdict = _seen_at_the_smallest_scale(target, mp_args, i, index, 2 * digits, most_digits, budget,
                                                          settled, verdict)
            if verdict != "noisy" or digits >= cap:
                break
            digits = min(2 * digits, cap)
        if isinstance(verdict, tuple) and python is not None:
            if smallest_value is None:
                smallest_value = smallest_value_at(target, mp_args, operands=True)
            verdict = _seen_below_the_smallest_value(target, mp_args, i, index, digits, most_digits, budget, settled,
                                                     verdict, smallest_value)
        if verdict == FLAT and flat is not None:
            flat.append(label)
        if isinstance(verdict, tuple):
            kind, left, right = _switch_named(target, mp_args, verdict)
            (kinks if kind == "kink" else singular).append((label, left, right))
    return kinks, singular


def _longer_steps_asked(verdict, result, i, index, beside_an_edge, edges_asked):
    """Whether `find_kinks` asks the longer steps about coordinate ``index`` of argument ``i``: the usual ones lost in
    noise, the reference's value unsettled, or, for the first few such entries (``edges_asked``), a side outside the
    function's domain, where the reference found no number or the usual steps saw one (``beside_an_edge``): an edge
    where the reference found a number is the point's own branch defined on both sides (jets through min(x ** -0.5,
    x w) at 0 take x w) while the function is not (below 0 the other branch is NaN, and min hands it on)."""
    if verdict == "noisy":
        return True
    if verdict is not None:
        return False
    outside = _no_number(result.gradient, i, index) or beside_an_edge
    return bool(result.unsettled or (outside and next(edges_asked, False)))


def _switch_named(target, mp_args, verdict):
    """``verdict`` (kind, left, right) with each side that jumps told the switch the point sits on (`_switch_at`)."""
    kind, left, right = verdict
    if isinstance(left, Jump) or isinstance(right, Jump):
        switch, where = _switch_at(target, mp_args)
        left, right = (replace(s, switch=switch, where=where) if isinstance(s, Jump) else s for s in (left, right))
    return kind, left, right


# Each branching op's switch: (its arguments looked at, whether they sit at a tie between two pieces).
_TIES = {
    **dict.fromkeys(("greater", "greater_equal", "less", "less_equal", "equal", "not_equal",
                     "maximum", "minimum", "fmax", "fmin", "max", "min"), (2, lambda a, b: a == b)),
    **dict.fromkeys(("abs", "sign", "i0e"), (1, lambda x: x == 0)),
    **dict.fromkeys(("floor", "ceil", "trunc"), (1, lambda x: x == _floor(x))),
    **dict.fromkeys(("round", "rint"), (1, lambda x: x - _floor(x) == 0.5)),
    **dict.fromkeys(("mod", "floor_divide"), (2, lambda x, y: y != 0 and x / y == _floor(x / y))),
    "clip": (3, lambda x, lo, hi: x == lo or x == hi),
    "arctan2": (2, lambda y, x: y == 0 and x < 0),
}


def _floor(x):
    import mpmath  # lazy: the point's numbers are mpmath's, loaded by the reference that found the jump

    return mpmath.floor(x)


def _switch_at(target, mp_args):
    """``(op, where)``: the first branching op a run at the point decides at a tie that moving the inputs parts,
    with the user's line (``"greater (f.py:3)"``), and that line's whole path (``"/home/u/f.py:3"``).

    One traced run on the point's mpmath numbers, watching each op's arguments, and one more with every input
    coordinate moved off the point by a step of its own (`_moved_everywhere`): a tie that stays a tie there is no
    switch the inputs move through (TIMES[:, None] < TIMES[None, :] on its diagonal, data alone; max(x, x)), so it
    is passed over. "" where none ties (the jump then comes from an op whose switch this does not know: a division
    by the input's 0) or the run fails."""
    found, ops = _ties_of(target, mp_args)
    if not found:
        return ("", "")
    beside, ops_beside = _ties_of(target, _moved_everywhere(mp_args))
    if ops_beside != ops:  # another path beside the point (a loop run to another length): no tie to match by place
        return found[0][1:]
    kept = {order for order, _, _ in beside}
    for order, named, where in found:
        if order not in kept:
            return named, where
    return ("", "")


def _moved_everywhere(mp_args):
    """``mp_args`` with each coordinate moved by its own step, 10^-(digits / 3) of its size (of 1 at 0) times a
    factor no two coordinates share: a point beside this one in a direction no identity of the program follows."""
    import mpmath  # lazy: the point's numbers are mpmath's, loaded by the reference that found the jump

    scale = mpmath.mpf(10) ** (-(mpmath.mp.dps // 3))
    count = [0]

    def moved(x):
        count[0] += 1
        return x + scale * max(abs(x), 1) * (1 + mpmath.mpf(count[0]) / mpmath.sqrt(2 + count[0]))

    out = []
    for a in mp_args:
        if isinstance(a, np.ndarray):
            b = np.empty(a.shape, dtype=object)
            for index in np.ndindex(a.shape):
                b[index] = moved(a[index])
            out.append(b)
        else:
            out.append(moved(a))
    return out


def _ties_of(target, mp_args):
    """``([(order, op, where)], ops)``: each branching op a traced run at ``mp_args`` decides at a tie, by its place
    among the run's ops, with the user's line as `_switch_at` names it (those before it failed, where the run fails),
    and the names of all the run's ops in order."""
    found, saved, ops = [], hooks.forward, []

    def switch(name):
        where = location_running_now(depth=3)
        line = os.path.basename(where) if where else None
        found.append((len(ops), name + (f" ({line})" if line else ""), where or ""))

    def seen(prim, values, kwargs, ans):
        ops.append(prim.name)
        if _singular_slogdet(prim.name, ans):  # its sign's step, at det = 0
            switch(prim.name)
        elif prim.name in _TIES and len(values) >= _TIES[prim.name][0]:
            arity, tie = _TIES[prim.name]
            try:
                entries = np.broadcast_arrays(*[np.asarray(raw(v), dtype=object) for v in values[:arity]])
                if any(tie(*e) for e in zip(*(a.ravel() for a in entries))):
                    switch(prim.name)
            except (TypeError, ValueError, ArithmeticError):
                pass  # arguments that are no numbers (a shape, a held tree's leaf): no switch of theirs
        if saved is not None:
            saved(prim, values, kwargs, ans)

    hooks.forward = seen
    try:
        with np.errstate(all="ignore"):
            trace_inputs(target.mp_function, list(mp_args), {}, tuple(range(len(mp_args))), "check")
    except Exception:  # noqa: BLE001 - a run that fails traced: the ties it met before, no more
        ops.append("(failed)")
    finally:
        hooks.forward = saved
    return found, ops


def _seen_across(verdict):
    """Whether a `_kink_at` verdict may come from steps longer than the point's own: a kink or a jump on both
    sides (steps that cross switches beside the point), or any singular side, whose steps relative to |x| may be
    longer than the function's own scale there (log_ndtr(sqrt(v)) at v = 1e200 halves its e^-v/2 tail per unit of
    v: a step of 1e40 leaves nothing of it, and the quotient grows as the step shrinks, as a pole's would). A
    singularity or a jump of the point's own (arctan2 on its cut, mod on its jump) is seen by shorter steps too."""
    return isinstance(verdict, tuple)  # ("kink" or "singular", left, right)


def at_a_tie(target, args, between_sides=False):
    """Whether a Python function at a float point decides a branch at a tie on balls (max of equal numbers, abs
    at 0, x > 0 at x = 0): the point sits on a switch, whose one-sided slopes may differ below any fixed digits.
    ``between_sides``: only a switch whose two sides take different branches (not x == 0, which the point alone
    takes)."""
    from flint import ctx

    saved, decided = ctx.prec, (arb_core.decisions, arb_core.ties)
    arb_core.decisions, arb_core.ties = [], []
    try:
        ctx.prec = _SWITCH_BITS[0]
        arb_core.enable()
        balls_args = [arb_core.ARB(float(a)) if np.ndim(a) == 0 else
                      np.array([arb_core.ARB(float(e)) for e in np.ravel(a)], dtype=object).reshape(np.shape(a))
                      for a in args]
        with np.errstate(all="ignore"):
            trace_inputs(target.mp_function, balls_args, {}, tuple(range(len(args))), "check")
        return any(t is True for t in arb_core.ties) if between_sides else bool(arb_core.ties)
    except Exception:  # noqa: BLE001 - no run on balls: no claim of a switch
        return False
    finally:
        ctx.prec = saved
        arb_core.decisions, arb_core.ties = decided


_SIDE_ULPS = (1, 2**20)  # the float neighbours on each side whose exact derivatives stand for the side's slope


def _slope_of_both_sides(target, args, i, index, budget):
    """The slope a formula at a switch (float point, coordinate ``i`` a scalar) has on both sides, or None.

    Its exact derivative on balls at float neighbours 1 and 2^20 ulps away on each side, each off every
    switch: a side whose two agree to 1e-9 (so the nearer is its limit to ~1e-15) has that slope, and
    two sides that agree to 1e-12 have no kink between them. Where the difference quotients stay lost in
    rounding noise (an identity written with max and abs is 0 up to rounding), or where the symbolic
    derivative's rule at the switch (max's 0 at a tie, sign's 0 at 0) mixes sides, this says what the
    slope is. A 0 is proven 0 on balls at every neighbour. None where it cannot tell: a kink, a side
    that does not settle, a neighbour on another switch, no balls.
    """
    import mpmath  # lazy: heavy; loaded by the exact reference whose numbers the kink tests read

    program = target.shared.get("exact roots")
    if program is None or index is not None or not all(type(a) is float for a in args) or budget.left() <= 0:
        return None
    sides = []
    for direction in (-np.inf, np.inf):
        slopes = []
        for ulps in _SIDE_ULPS:
            near = list(args)
            near[i] = float(args[i] + np.copysign(ulps * np.spacing(abs(args[i])), direction))
            if not np.isfinite(near[i]) or not off_every_switch(target.formula.root, target.variables, near):
                return None
            try:
                slopes.append(balls.evaluate_formula(program, dict(zip(target.variables, near)), budget)[0][1 + i])
            except (balls.NoBall, ArithmeticError):  # (Unproven is a NoBall: a 0 not proven tells nothing)
                return None
        if _apart_by(slopes[0], slopes[1], mpmath.mpf(10) ** -9):
            return None
        sides.append(slopes[0])
    return None if _apart_by(sides[0], sides[1], mpmath.mpf(10) ** -12) else sides[1]


def _apart_by(a, b, relative):
    """Whether two numbers differ by more than ``relative`` of the larger (two exact 0s do not)."""
    return abs(a - b) > relative * max(abs(a), abs(b))


def _along(function, at, directions):
    """t -> function(at + t directions)."""
    return lambda t: function(*[a + t * d for a, d in zip(at, directions)])


# The steps of the one-sided test as 10^(-digits/k): the usual pair, and the longer pair for a point whose inner
# function meets its edge quadratically (1 - cos x at 0, the cosine of two parallel vectors at 1), where a step of
# 10^(-digits/2) moves the inner function by 10^-digits, its own rounding.
_STEPS = (3, 2)
_LONGER_STEPS = (6, 4)


def _with_longer_steps(target, mp_args, i, index, digits, budget, settled=None):
    """A kink or a singularity the longer steps (`_LONGER_STEPS`) see where the usual ones are lost in rounding, or None.

    Under a root, a second-order zero (sqrt(1 - cos x), arccos of a cosine at 1) leaves the usual shorter step's
    difference within the rounding of the inner function at every precision. Longer steps resolve it; the
    verdict stands only where steps 10^(digits/6) times shorter (twice the digits) see the same kind, so a switch
    beside the point that the longer steps cross (a smooth point's neighbour) claims nothing.
    """
    import mpmath  # lazy: heavy; loaded by the exact reference whose numbers the kink tests read

    verdicts = []
    for more in (digits, 2 * digits):
        budget.afford()
        with mpmath.workdps(more):
            verdicts.append(_kink_at(target, mp_args, i, index, divisors=_LONGER_STEPS, settled=settled))
    first, second = verdicts
    if isinstance(first, tuple) and isinstance(second, tuple) and first[0] == second[0]:
        return second
    return None


def _seen_at_the_smallest_scale(target, mp_args, i, index, digits, most_digits, budget, settled, verdict):
    """``verdict`` (a kink steps relative to |x| saw at two precisions) unless steps shorter than the point's
    smallest nonzero entry (`_smallest_magnitude`) see no kink: None then, the kink being beside the point.

    A smaller entry can put a switch closer to the point than any step relative
    to |x|: median_abs_deviation at [1e200, 2e200, 1] takes the smaller of the
    gaps 1e200 - 1 and 1e200, which a step in x[0] longer than 1/2 swaps. The
    shorter steps need twice the digits |x| / smallest adds; past ``most_digits``,
    or lost in noise, they claim nothing and the kink stands.
    """
    import mpmath  # lazy: heavy; loaded by the exact reference whose numbers the kink tests read

    x = mp_args[i] if index is None else mp_args[i][index]
    smallest = _smallest_magnitude(mp_args)
    if x == 0 or abs(x) * mpmath.mpf(10) ** -(digits // 3) <= smallest:
        return verdict  # the steps taken were shorter than every entry already
    # x +- smallest 10^-(more/2), the shorter step, must keep digits/2 of the step's own: more/2 past |x| / smallest
    more = digits + 2 * int(mpmath.ceil(mpmath.log10(abs(x) / smallest)))
    if more > most_digits:
        return verdict
    budget.afford()
    with mpmath.workdps(more):
        seen = _kink_at(target, mp_args, i, index, settled=settled, step_scale=smallest)
        if seen == "noisy" and _sides_agree_closer(target, mp_args, i, index, smallest, verdict):
            return None
    return None if seen is None else verdict


def _sides_agree_closer(target, mp_args, i, index, step_scale, verdict):
    """Whether steps relative to ``step_scale`` (the point's own scale: shorter than its smallest entry or value) see
    the two sides agree far closer than a kink ``verdict`` (one steps relative to |x| saw) would let them, where
    their quotients are lost in rounding noise relative to themselves (`_kink_at`'s "noisy").

    A kink at the point shows its two slopes at every step, however short. Beside a switch instead (eigvalsh's gap
    sqrt(d^2 + 4 c^2) at c = 1e-200, whose |d| the longer steps see), the shorter steps see the point's own
    smooth piece: slopes within the rounding of the eigensolver's entries, at any digits, yet both sides 10^100
    times closer than the kink's two slopes. Then the kink is not the point's: False where they do not (a jump, a
    side that diverges, noise as large as the kink's gap), so that the kink stands.
    """
    import mpmath  # lazy: heavy; loaded by the exact reference whose numbers the kink tests read

    if not (isinstance(verdict, tuple) and verdict[0] == "kink"):
        return False
    gap = abs(verdict[2] - verdict[1])
    x = mp_args[i] if index is None else mp_args[i][index]

    def at(point):
        with np.errstate(all="ignore"):
            return with_noise(lambda: target.mp_function(*with_coordinate(mp_args, i, index, point)))

    steps = [relative_step(step_scale, mpmath.mpf(10) ** (-(mpmath.mp.dps // k))) for k in _STEPS]
    try:
        f0, n0 = _entries_and_noise(at(x))
        quotients, _ = _one_sided_quotients(at, x, f0, n0, steps)
    except Exception:  # noqa: BLE001 - no numbers beside the point: no claim, the kink stands
        return False
    return all(mpmath.isfinite(left) and mpmath.isfinite(right) and mpmath.isfinite(noise)
               and abs(right - left) + noise <= gap * mpmath.mpf(10) ** -3 for left, right, noise in quotients)


def smallest_value_at(target, mp_args, operands=False):
    """The smallest nonzero |entry| of any op's answer in a traced run of ``target`` at the point (at most 1; 1 where
    the run raises): the scale of the nearest switch the program's own values may put beside the point. With
    ``operands``, of any op's arguments too: a constant the program divides by (scipy.stats.t.logpdf's scale
    1e-200, whose z = (x - loc) / scale is 0 at the mode) sets the scale of its values beside the point, though no
    op answers it."""
    import mpmath  # lazy: heavy; loaded by the exact reference whose numbers the kink tests read

    smallest = [mpmath.mpf(1)]

    def seen(prim, values, ans):
        taken = [*values, ans] if operands else [ans]
        entries = [abs(e) for value in taken for e in flat_entries(value)
                   if _is_number(e) and e != 0 and mpmath.isfinite(e)]
        if entries:
            smallest[0] = min(smallest[0], *entries)

    if not _watched_run(target, mp_args, seen):
        return mpmath.mpf(1)  # a program that fails traced: no scale of its own
    return smallest[0]


def ops_called_at(target, mp_args):
    """The names of the ops a traced run of ``target`` at the point calls; None where the run raises."""
    names = set()
    if not _watched_run(target, mp_args, lambda prim, values, ans: names.add(prim.name)):
        return None
    return names


def _is_number(entry):
    """Whether ``entry`` of an op's answer is a plain or mpmath number whose size counts (no bool, ball or jet)."""
    return not isinstance(entry, (bool, np.bool_)) and type(entry).__module__.startswith(("mpmath", "builtins", "numpy"))


def _seen_below_the_smallest_value(target, mp_args, i, index, digits, most_digits, budget, settled, verdict, smallest):
    """``verdict`` (a kink or a singularity the steps at ``digits`` saw) unless steps shorter than the smallest value
    the program computes at the point (``smallest``: `smallest_value_at`) see neither: None then, a switch of its
    values lying between the point and the steps.

    sort(where(w == 0, 0, w log1p(v v)))[1] at w = [-6.05e-68, 0, 3], v = [-1.03e-244, 0.5, 1e200] decides its
    where at a tie, w[1] = 0, a removable switch; its sort turns at w[1] = -2.9e-555, where the entry w[1] log1p(1/4)
    meets w[0] log1p(v[0]^2) = -6.4e-556, far nearer than the steps relative to the point's smallest entry (1e-244)
    reach, which then see a jump on the left. Shorter steps need more digits where x is not 0; past the check's
    ceiling (`max_digits`), or lost in noise, they claim nothing and the verdict stands.
    """
    import mpmath  # lazy: heavy; loaded by the exact reference whose numbers the kink tests read

    x = mp_args[i] if index is None else mp_args[i][index]
    taken = abs(x) if x != 0 else _smallest_magnitude(mp_args)
    if taken * mpmath.mpf(10) ** -(digits // 3) <= smallest:
        return verdict  # the steps taken were shorter than every value already
    more = digits + (2 * int(mpmath.ceil(mpmath.log10(abs(x) / smallest))) if x != 0 else 0)
    # The check's ceiling, not the caller's: a singularity is a strong claim, and a scale far below the point
    # (a density's tiny scale at its mode) needs the digits |x| / smallest adds to be seen through
    if more > max(digits, most_digits, max_digits()):  # the verdict's own digits (a tie's test rises past it) suffice at 0
        return verdict
    budget.afford()
    with mpmath.workdps(more):
        seen = _kink_at(target, mp_args, i, index, settled=settled, step_scale=smallest)
        if seen == "noisy" and _sides_agree_closer(target, mp_args, i, index, smallest, verdict):
            return None
        if seen == "noisy":
            # A smooth extremum's move at the shorter step, (h / smallest)^2 of its value, sits at these digits'
            # rounding whatever they are: the longer steps, still far below ``smallest``, resolve it
            seen = _kink_at(target, mp_args, i, index, divisors=_LONGER_STEPS, settled=settled, step_scale=smallest)
    # FLAT, both one-sided slopes 0 below every value, is neither a kink nor a singularity: the point's own 0
    return seen if seen is None or seen == FLAT else verdict


def _kink_at(target, mp_args, i, index=None, divisors=_STEPS, settled=None, step_scale=None, kept=None, edges=None):
    """Whether coordinate ``index`` of argument ``i`` is at a kink or a one-sided singularity; None if neither; "noisy" if unknown.

    The one-sided difference quotients are taken at two steps, 10^(-digits/3)
    and 10^(-digits/2) relative to |x| (``divisors``: the 3 and the 2). A side whose quotient agrees at both
    has a derivative; a side whose quotient grows tenfold or more has none
    (log(x) at 0 from the right: a pole, or a jump); a side whose quotient
    shrinks with the step has slope 0. ``("kink", left, right)``
    when both sides converge to different slopes, ``("singular", left, right)``
    when one side diverges and the other does not (or they diverge apart);
    a diverging side is given as its ``(step, quotient)`` pairs. ``settled``: the value at the point as the reference
    settled it, taken where it is an exact 0 or the point's own run is no number (arccos of a cosine that rounds
    past 1 or below it, proven 0: its own run is NaN, or sqrt(2 eps) at the digits of the test). ``step_scale``:
    what the steps are relative to, where not |x| (`_seen_at_the_smallest_scale`). Where the shorter step's move
    reaches the program only below the working digits, its values are taken at twice them (`_rounded_away`).
    ``kept``: the point's `ValuesBeside`, whose values the test takes where they were made before. ``edges`` (a
    list) gets True where the function is a number at the point and on one side alone, at both steps: an edge of its
    domain that these steps claim nothing about (`_on_an_edge` asks the longer ones).
    """
    return _one_sided_test(target, mp_args, i, index, divisors, settled, step_scale, kept=kept, edges=edges)


class ValuesBeside:
    """The program's values, with their noise, at a point and at points one coordinate away from it, each made once per
    precision: the one-sided tests of every coordinate start at the same value at the point, and their first steps at
    the precision the exact reference settled at are its central differences' own steps. Kept only for a program that
    is a pure function of its arguments, a bridge's replay of its captured graph; a user's own Python function may draw
    random numbers or keep state, and is run each time."""

    def __init__(self, target):
        self.kept = {} if getattr(target, "bridge", None) is not None else None

    def at(self, i, index, point, run):
        """``run()``, the program with coordinate ``index`` of argument ``i`` at ``point`` (``i`` None: at the point
        itself) at the precision in force, or what it gave there before."""
        if self.kept is None:
            return run()
        import mpmath  # lazy: heavy; loaded by the exact reference that keeps these values

        key = (mpmath.mp.prec, i, index, point)
        made = self.kept.get(key)
        if made is None:
            made = self.kept[key] = run()
        return made


def _one_sided_test(target, mp_args, i, index, divisors, settled, step_scale, step_digits=None, kept=None, edges=None):
    """`_kink_at`'s test; ``step_digits``: the digits the steps are made for, where the values are taken at more."""
    import mpmath  # lazy: heavy; loaded by the exact reference whose numbers the kink tests read

    digits = step_digits or mpmath.mp.dps
    x = mp_args[i] if index is None else mp_args[i][index]
    scale_of_steps = step_scale if step_scale is not None else x if x != 0 else _smallest_magnitude(mp_args)
    steps = [relative_step(scale_of_steps, mpmath.mpf(10) ** (-(digits // k))) for k in divisors]

    run_at, at, at_x = _runs_along(target, mp_args, i, index, x, kept)
    try:
        f0, n0 = _value_and_noise_at_the_point(at_x(), settled)
        quotients, beside = _one_sided_quotients(at, x, f0, n0, steps, noise_from=len(steps) - 1)
        if step_digits is None and not _sides_settle(quotients) and _rounded_away(at, at_x, x, steps[-1], beside[-1], f0):
            # the shorter step's move is below these digits (a norm at a cap, sqrt(1 + h^2)): the same steps, deeper
            with mpmath.workdps(2 * digits + 10):
                return _one_sided_test(target, mp_args, i, index, divisors, settled, step_scale, step_digits=digits,
                                       kept=kept, edges=edges)
    except Exception:  # noqa: BLE001 - not a plain number there: no kink test
        return None
    edge = _edge_or_noise(run_at, x, (steps, beside, quotients), f0, divisors == _LONGER_STEPS)
    if edge is not None:
        return edge
    if edges is not None and _on_an_edge(f0, quotients, steps) is not None:
        edges.append(True)
    values = [f0] + [q for row in quotients for q in row[:2]]
    if any(mpmath.isnan(v) or mpmath.isinf(v) for v in values) or abs(f0) > _LARGEST_FLOAT:
        # Steps relative to |x| suit numbers a float can hold; beyond them (exp(exp(800))) no claim.
        return None
    (left1, right1, _), (left2, right2, noise) = quotients
    # The slopes' own size, however small: max(1e-300 x, 0) has slopes 0 and 1e-300, a kink.
    scale = max(abs(right2), abs(left2))
    if scale == 0 and noise == 0:
        return None  # flat on both sides, exactly
    if not mpmath.isfinite(noise) or noise > scale * mpmath.mpf(10) ** -8:
        return "noisy"  # the one-sided differences are lost in rounding: no claim yet
    # falling: (side, its quotient at the shorter step) of each side shrinking; spreads: per side settled on a slope,
    # how far its two steps' quotients are apart (what the steps leave open)
    sides, flat, falling, spreads = [], [], [], []

    def shorter(side, power):  # the side's quotient at the step 10^-power
        h = relative_step(scale_of_steps, mpmath.mpf(10) ** -power)
        return side * (_value_of(at(x + side * h)) - f0) / h, h
    third = lambda side: shorter(side, 2 * digits // 3)  # noqa: E731 - at a third step: one more decade to compare
    for side, (first, second) in zip((-1, 1), ((left1, left2), (right1, right2))):
        # A quotient within a million times its rounding noise says nothing yet (a slope of 3e-18
        # next to a noise of 4e-14 at 60 digits is not a slope growing as the step shrinks).
        resolved = abs(second) > 10**6 * noise
        if first != 0 and abs(second) > 10 * abs(first) and resolved:
            sides.append([(steps[0], first), (steps[1], second)])  # grows as the step shrinks: unbounded
        elif resolved and abs(second) > abs(first) and _logarithmic(steps, first, second, lambda side=side: third(side)):
            sides.append([(steps[0], first), (steps[1], second)])  # grows as log(h): unbounded too, slowly
        elif abs(second - first) <= mpmath.mpf(10) ** -6 * max(abs(first), abs(second)):
            sides.append(second)
            spreads.append(abs(second - first))
        elif abs(second) <= abs(first) * (steps[1] / steps[0]) ** _FLAT_POWER:
            # Shrinks with the step (c h beside a side of slope 0, 1 - (t - 10)**2 at 10; c h^(1/3) beside
            # cbrt(t)**4): never settles relative to itself, yet its slope is 0 to within the shorter step's quotient.
            sides.append(mpmath.mpf(0))
            flat.append(2 * abs(second) + noise)
            falling.append((side, second))
        elif not resolved and abs(first) <= 10**6 * noise:
            # Both quotients within their rounding of 0 (an iterative eigensolver's own error at a repeated
            # eigenvalue stays at every precision): slope 0 to within them, a kink only against a side clear of them.
            sides.append(mpmath.mpf(0))
            flat.append(2 * max(abs(first), abs(second)) + noise)
        else:  # a tiny slope beside a curvature, s + a h with a h past 1e-6 s at these steps, settles one step down
            later = _one_step_down(steps, first, second, noise, resolved, lambda side=side: third(side),
                                   lambda side=side: shorter(side, 5 * digits // 6))
            if not isinstance(later, tuple):
                return later  # None: no claim; "noisy": more digits
            sides.append(later[0])
            spreads.extend(later[1:])
    left, right = sides
    if isinstance(left, Wavers) or isinstance(right, Wavers):  # a side with no slope: no derivative either way
        return "singular", left, right
    if falling and left == 0 and right == 0:
        # a side that fell, then stopped falling at the third step (y^2 + 1e-25 |y|: h + c levels off at c), has a
        # slope below these steps' reach: more digits, shorter steps
        return FLAT if _both_flat(steps[1], falling, third) else "noisy"
    if len(flat) == 1 and not isinstance(left, list) and not isinstance(right, list):
        # Slope 0 on one side against a settled slope on the other: a kink once that slope stands clear of what
        # the flat side's quotient leaves open (1e-20 (x - 1) beside (x - 1)**2 at 1 needs shorter steps).
        return ("kink", left, right) if abs(left + right) > 10**6 * flat[0] else "noisy"
    if isinstance(left, list) or isinstance(right, list):
        if (isinstance(left, list) and isinstance(right, list) and mpmath.sign(left[-1][1]) == mpmath.sign(right[-1][1])
                and not _jumps(left) and not _jumps(right)):
            return None  # infinite slope from both sides (cbrt at 0): the derivative is infinite, not undefined
        left, right = (_as_jump(side, far, near, f0, steps, lambda sign=sign: _value_at_third(third, sign, f0))
                       for side, far, near, sign in zip((left, right), *beside, (-1, 1)))
        return "singular", left, right
    if abs(right - left) > scale * mpmath.mpf(10) ** -6 or _apart_beyond_the_steps(left, right, spreads, noise):
        return "kink", left, right
    return None


def _runs_along(target, mp_args, i, index, x, kept):
    """``(run_at, at, at_x)``: the program's value (with its noise, made when read: the longer step's, a third step's,
    a deeper run's never are) with coordinate ``index`` of argument ``i`` at a point, run there; the same as ``kept``
    (a `ValuesBeside`, or None) keeps it; and at ``x`` itself, which every coordinate shares."""

    def run_at(point):
        values = with_coordinate(mp_args, i, index, point)
        with np.errstate(all="ignore"):
            return with_noise_when_read(lambda: target.mp_function(*values))

    def at(point):
        return run_at(point) if kept is None else kept.at(i, index, point, lambda: run_at(point))

    def at_x():
        return run_at(x) if kept is None else kept.at(None, None, None, lambda: run_at(x))

    return run_at, at, at_x


def _one_step_down(steps, first, second, noise, resolved, third, fourth):
    """A side that neither settled nor diverged at the two steps, asked at shorter ones: ``(slope, spread)`` where it
    settles at the third (`_settled_one_step_down`), ``(Wavers,)`` where its quotients swing (`_swings`), "noisy"
    where it is unresolved or the third step's quotient is lost in its own rounding (a slope of 1e-16 beside a
    curvature of 1: at the step 1e-40 the value's 60 digits leave it 1e-3 of itself; more digits, shorter steps), and
    None where it neither settles nor diverges (no claim). ``third`` and ``fourth``: the side's quotient and step at
    10^(-2 digits/3) and 10^(-5 digits/6)."""
    if not resolved:
        return "noisy"
    made, run_third = [], third

    def third():  # the program one step down, run once for the three questions asked of it
        if not made:
            try:
                made.append(run_third())
            except Exception as error:  # noqa: BLE001 - raised again to each question, which says what it means
                made.append(error)
        if isinstance(made[0], Exception):
            raise made[0]
        return made[0]

    later = _settled_one_step_down(second, third)
    if later is not None:
        return later
    swings = _swings(steps, first, second, noise, lambda: [third(), fourth()])
    if swings is not None:
        return (swings,)  # no slope, so no spread of one
    return "noisy" if _third_in_its_rounding(steps, second, noise, third) else None


def _swings(steps, first, second, noise, beyond):
    """The side as `Wavers` where its quotients at the two steps and at two shorter ones (``beyond()``: each quotient
    and its step, 10^(-2 digits/3) and 10^(-5 digits/6)) turn back somewhere (one above or below both its neighbours)
    by more than rounding can move them, None elsewhere.

    A side with a slope s meets its quotients s + a h + ... at steps this short in order, each nearer s than the one
    before by the ratio of the steps (10^-10 at 60 digits): they never turn back. One that turns back at scales apart
    by that ratio has no limit there (x sin(1/x) at 0; q(h) / h of sign(x) 2^round(log2 |x|) at 0, which runs
    0.968, 1.127, 1.312, 0.765 at steps 0.7 x 10^-20, -30, -40, -50); the kink test asks again at twice the digits,
    where the steps are shorter still, so a switch beside the point that longer steps cross is not taken for one."""
    import mpmath  # lazy: heavy; loaded by the exact reference whose numbers the kink tests read

    try:
        later = beyond()
    except Exception:  # noqa: BLE001 - no number further down: no claim
        return None
    pairs = [(steps[0], first), (steps[1], second), *[(h, q) for q, h in later]]
    if not all(mpmath.isfinite(q) for _, q in pairs):
        return None
    # still moving at the shortest step as much as a thousandth of the step before: a smooth side's last move is the
    # ratio of the steps (10^-10 at 60 digits) of the one before, however its first quotients turned (1e-11 h - 1e20
    # h^2 + 1e40 h^3 at 0: 1e-11, -9e-11, 1e-11, 1e-11)
    (_, third), (step, fourth) = pairs[2:]
    if abs(fourth - third) <= abs(third - second) * mpmath.mpf(10) ** -3 or \
            abs(fourth - third) <= 10**6 * noise * steps[1] / step:
        return None
    for (_, a), (_, b), (step, c) in zip(pairs, pairs[1:], pairs[2:]):
        rounding = noise * steps[1] / step  # a quotient's rounding grows as its step shrinks
        if (b - a) * (c - b) < 0 and min(abs(b - a), abs(c - b)) > 10**6 * rounding:
            return Wavers(pairs)
    return None


def _third_in_its_rounding(steps, second, noise, third):
    """Whether the side's quotient at the third, shorter step (``third()``: it and its step) stands from ``second`` by no
    more than a million times its own rounding (``noise``, the shorter step's, grown as the step shrinks)."""
    try:
        last, step = third()
    except Exception:  # noqa: BLE001 - no number one more step down: nothing lost in rounding to tell
        return False
    return abs(last - second) <= 10**6 * noise * steps[1] / step


def _settled_one_step_down(second, third):
    """``(slope, spread)`` where a side's quotient at a third, shorter step (``third()``: it and its step) agrees
    with ``second``, its quotient at the shorter step, to a millionth: (pi - |h| - fl(pi))^2 at 0 has slopes
    -+2.4e-16 beside a curvature of 1, its quotients 1e-20 apart at the steps 1e-20 and 1e-30, 4e-5 of themselves,
    and 1e-30 apart one step down. None where they do not (x sin(1/x) at 0 never settles)."""
    import mpmath  # lazy: heavy; loaded by the exact reference whose numbers the kink tests read

    try:
        last, _ = third()
    except Exception:  # noqa: BLE001 - no number one more step down: no claim
        return None
    if not mpmath.isfinite(last) or abs(last - second) > mpmath.mpf(10) ** -6 * max(abs(last), abs(second)):
        return None
    return last, abs(last - second)


def _value_and_noise_at_the_point(at_point, settled):
    """``(value, noise)`` the one-sided tests start from: the point's own run (``at_point``, with its noise), or
    ``settled`` with no noise where it is an exact 0 (proven) or a number where the point's own run has none."""
    import mpmath  # lazy: heavy; loaded by the exact reference whose numbers the kink tests read

    f0 = _value_of(at_point)
    if settled is not None and mpmath.isfinite(settled) and (settled == 0 or not mpmath.isfinite(f0)):
        return settled, 0 * settled
    return f0, at_point[1][0]


def _apart_beyond_the_steps(left, right, spreads, noise):
    """Whether two settled one-sided slopes that agree to a millionth of themselves still stand apart (a lasso's
    lam |x| of 1e-8 beside a slope of 0.6): by a thousand times what each side's two steps leave open, the distance
    between its quotients at the longer and the shorter step, and the rounding noise. A smooth function's sides at
    the shorter step are apart by its curvature times that step, far less than a side's quotients move between the
    steps (its curvature times the longer one); a kink's gap does not shrink with the steps."""
    return len(spreads) == 2 and abs(right - left) > 10**3 * (max(spreads) + noise)


_LARGEST_FLOAT = 1.7976931348623157e308


def _sides_settle(quotients):
    """Whether each side's quotients at the two steps agree (a smooth side, or a kink's two slopes)."""
    import mpmath  # lazy: heavy; loaded by the exact reference whose numbers the kink tests read

    (left1, right1, _), (left2, right2, _) = quotients
    return all(abs(b - a) <= mpmath.mpf(10) ** -6 * max(abs(a), abs(b)) for a, b in ((left1, left2), (right1, right2)))


def _rounded_away(at, at_x, x, step, beside, f0):
    """Whether the program's values a ``step`` to each side of ``x`` (``beside``: taken at the working digits) move
    by more than half their digits when taken at twice the digits, while its value at ``x`` (``f0``) does not: what
    the step changes reaches the program only below the working digits (its square, a norm at a cap), so the values
    at the step were the point's own branch, or where the step moved neither value at the working digits and the
    deeper ones move past 3/4 of them (`_move_lost`). (A value the working digits cannot hold at the point itself, mod(800,
    1e-310), is the climb's to resolve, its steps shrinking with it.) ``at_x()``: the value at ``x`` with its noise,
    at the digits in force."""
    import mpmath  # lazy: heavy; loaded by the exact reference whose numbers the kink tests read

    digits = mpmath.mp.dps

    def apart(a, b):
        return mpmath.isfinite(a) and mpmath.isfinite(b) and abs(a - b) > mpmath.mpf(10) ** -(digits // 2) * max(abs(a), abs(b))

    # A move is also lost where the step's own change of the value is not held to 1e-6 (sqrt of b*b - 4c at a
    # double root: the radicand, a square of the step, sits at the rounding of b*b at every precision's shorter step)
    moved = max((abs(b - f0) for b in beside if mpmath.isfinite(b)), default=mpmath.mpf(0))
    with mpmath.workdps(2 * digits + 10):
        deeper = [_value_of(at(x + side * step)) for side in (-1, 1)]
        # a value that is a number at the working digits and none at more (sqrt(1 - (1 + h^2)): the root of 0 where
        # 1 + h^2 rounds to 1, of -h^2 below it), or the other way round, is a move lost to the rounding too
        if not any(apart(a, b) or _move_lost(a, b, moved, digits) or bool(mpmath.isnan(a)) != bool(mpmath.isnan(b))
                   for a, b in zip(deeper, beside)):
            return False
        return not apart(_value_of(at_x()), f0)


def _move_lost(deeper, value, moved, digits):
    """Whether a value beside the point, taken again at more digits (``deeper``), changes by more than 1e-6 of the
    step's move (``moved``, the larger side's): its difference quotient was the working digits' rounding. Where the
    step moved neither value at the working ``digits``, a change clear of their rounding (past 3/4 of them) is the
    whole move rounded away: 1 - c^2 at c = x0 / |x| is h^2 / 4 along x1, at the rounding of c^2 at the shorter step,
    so its root, the move of h / 2, is 0 there."""
    import mpmath  # lazy: heavy; loaded by the exact reference whose numbers the kink tests read

    if not (mpmath.isfinite(deeper) and mpmath.isfinite(value)):
        return False
    if moved == 0:
        return abs(deeper - value) > mpmath.mpf(10) ** -(3 * digits // 4) * max(abs(value), abs(deeper))
    return abs(deeper - value) > mpmath.mpf(10) ** -6 * moved


def with_coordinate(mp_args, i, index, point):
    """The arguments ``mp_args`` with coordinate ``index`` of argument ``i`` (None: the argument itself) at
    ``point``; an array moved is a copy, never the caller's."""
    values = list(mp_args)
    if index is None:
        values[i] = point
    else:
        values[i] = mp_args[i].copy()
        values[i][index] = point
    return values


def _one_sided_quotients(at, x, f0, n0, steps, noise_from=0):
    """Per step h, the left and right difference quotients at ``x`` and their rounding noise, ``(left, right,
    noise)``, and the values beside it, ``(value left, value right)``; ``at`` evaluates with its noise (read from
    the step numbered ``noise_from`` on, None before it: a caller that reads the shortest step's noise alone)."""
    quotients, beside = [], []
    for k, h in enumerate(steps):
        plus_run, minus_run = at(x + h), at(x - h)
        fp, fm = _value_of(plus_run), _value_of(minus_run)
        plus, minus = x + h, x - h
        beside.append((fm, fp))
        noise = None
        if k >= noise_from:
            noise = (plus_run[1][0] + n0) / (plus - x) + (minus_run[1][0] + n0) / (x - minus)
        quotients.append(((f0 - fm) / (x - minus), (fp - f0) / (plus - x), noise))
    return quotients, beside


FLAT = "flat"  # a `_kink_at` verdict: both one-sided slopes 0, one side's quotient at least falling with the step


def _both_flat(step, falling, third):
    """Whether each side of ``falling`` (``(side, its quotient at the shorter step)``; the others' quotients 0
    exactly) falls again at the third step (x^2 log x, sqrt(|d|) d0 at 0): both one-sided slopes are 0, so the
    derivative is, however slowly the central difference settles."""
    return all(_keeps_falling(step, q, lambda side=side: third(side)) for side, q in falling)


def _keeps_falling(step, second, third):
    """Whether a side whose quotient fell from the longer step to ``step`` (to ``second``) falls again one more
    step down (``third()``: the quotient and step there) by at least the factor `_FLAT_POWER` asks: c h^p, and
    h^p log h, fall at every step, where a quotient only passing near 0 between two steps does not."""
    import mpmath  # lazy: heavy; loaded by the exact reference whose numbers the kink tests read

    try:
        last, h = third()
    except Exception:  # noqa: BLE001 - no number one more step down: no claim
        return False
    return mpmath.isfinite(last) and abs(last) <= abs(second) * (h / step) ** _FLAT_POWER


def _logarithmic(steps, first, second, third):
    """Whether a side's quotients (``first``, ``second`` at ``steps``; ``third()``: the quotient and step one more
    step down) change as a log of the step: by the same amount per decade, to 1e-6, between each pair (the
    caller asks that they grow in size). x log x at 0 from the right (quotient log h) grows without bound, 1.5 times per step here,
    far from the tenfold a pole's 1/h shows; c h^-e with e > 0 grows by more per decade at each step down,
    and c h^e (slope 0) shrinks."""
    import mpmath  # lazy: heavy; loaded by the exact reference whose numbers the kink tests read

    try:
        last, h = third()
    except Exception:  # noqa: BLE001 - no number one more step down: no claim
        return False
    if not mpmath.isfinite(last):
        return False
    before = (second - first) / (mpmath.log10(steps[1]) - mpmath.log10(steps[0]))
    after = (last - second) / (mpmath.log10(h) - mpmath.log10(steps[1]))
    return before != 0 and abs(after - before) <= mpmath.mpf(10) ** -6 * abs(before)


_EDGES_NAMED = 8  # how many NaN entries of one point take the longer steps that name an edge's defined side


def _no_number(gradient, i, index):
    """Whether the reference's entry at coordinate ``index`` of argument ``i`` is NaN: a side the central difference
    found outside the domain (sqrt(x - sin x) at 0), whose edge the longer steps (`_on_an_edge`) may name."""
    import mpmath  # lazy: heavy; loaded by the exact reference whose numbers the kink tests read

    try:
        entry = gradient[i] if index is None else gradient[i][index]
        return bool(mpmath.isnan(entry))
    except (TypeError, IndexError, KeyError, ValueError):
        return False


def _edge_or_noise(run_at, x, sides, f0, longer):
    """`_one_sided_test`'s verdict where a side of ``x`` is NaN: "noisy" where rounding makes that NaN
    (`_nan_by_rounding`: an eigenvalue 0 of a computed matrix, a sliver below 0), an edge of the domain
    (`_on_an_edge`, with the ``longer`` steps), or "singular" with both sides outside; else None. ``sides``: the
    test's steps, the values beside ``x`` at them and their quotients."""
    steps, beside, quotients = sides
    if _nan_by_rounding(run_at, x, steps, beside):
        return "noisy"
    edge = _on_an_edge(f0, quotients, steps) if longer else None
    if edge is not None:
        return edge
    if _defined_at_the_point_alone(f0, quotients):
        return "singular", Outside(), Outside()
    return None


def _nan_by_rounding(run_at, x, steps, beside):
    """Whether a side's NaN beside ``x`` is rounding's: at the side's shortest step that is NaN, taken again at four
    times the digits (``run_at``, uncached), the value is a number, or rounding decides whether it is one (its noise
    infinite, `precision.with_noise`). An op's argument that is truly past the edge of its domain by a power of the
    step (sqrt(cos x - 1 + x^2/2 - x^4/24) at 0: -x^6/720) is resolved there, its NaN the same whichever way the ops
    round; one that sits on the edge but for the rounding of the ops before it (the least eigenvalue of a computed
    F^T F, exactly 0 along a coordinate, a sliver of either sign) is rounding's at every digits. ``beside``:
    `_one_sided_quotients`' values at ``steps``."""
    import mpmath  # lazy: heavy; loaded by the exact reference whose numbers the kink tests read

    shortest = {}
    for h, (minus, plus) in zip(steps, beside):  # the steps fall, so a later one is shorter
        for side, point, value in ((-1, x - h, minus), (1, x + h, plus)):
            if mpmath.isnan(value):
                shortest[side] = point
    with mpmath.workdps(4 * mpmath.mp.dps):
        for point in shortest.values():
            value, noise = run_at(point)
            if mpmath.isfinite(_value_of((value, noise))) or not mpmath.isfinite(noise[0]):
                return True
    return False


def _defined_at_the_point_alone(f0, quotients):
    """Whether the function is a number at the point and on neither side at any step (sqrt((1.5 - r)(1.5 + r)) in y
    at x = 1.5, y = 0, r = hypot(x, y): every y but 0 takes the root of a negative number), so that it has no
    derivative along the coordinate whatever rule its program applies."""
    import mpmath  # lazy: heavy; loaded by the exact reference whose numbers the kink tests read

    return mpmath.isfinite(f0) and all(mpmath.isnan(q) for row in quotients for q in row[:2])


def _on_an_edge(f0, quotients, steps):
    """``("singular", left, right)`` with an `Outside` side where the function is a number at the point and on one
    side but on the other at neither step (sqrt(x - sin x) at 0), else None. The defined side is its slope, 0
    where its quotient falls with the step, or its growing quotients."""
    import mpmath  # lazy: heavy; loaded by the exact reference whose numbers the kink tests read

    if not mpmath.isfinite(f0):
        return None
    (left1, right1, _), (left2, right2, noise) = quotients
    nan_left, nan_right = mpmath.isnan(left1) and mpmath.isnan(left2), mpmath.isnan(right1) and mpmath.isnan(right2)
    if nan_left == nan_right:
        return None
    first, second = (right1, right2) if nan_left else (left1, left2)
    if not (mpmath.isfinite(first) and mpmath.isfinite(second) and mpmath.isfinite(noise)):
        return None
    if abs(second - first) <= mpmath.mpf(10) ** -6 * max(abs(first), abs(second)):
        side = second
    elif abs(second) <= abs(first) * (steps[1] / steps[0]) ** _FLAT_POWER:
        side = mpmath.mpf(0)
    elif first != 0 and abs(second) > 10 * abs(first) and abs(second) > 10**6 * noise:
        side = [(steps[0], first), (steps[1], second)]
    else:
        return None
    return ("singular", Outside(), side) if nan_left else ("singular", side, Outside())

# A side whose difference quotient falls at least as fast as h^(1/8) between the two steps (a factor 10^(-digits/48))
# has slope 0: c h^p for any p from 1/8 up. A slower fall (1/|log h|) is no claim: its 0 is not seen at any digits.
_FLAT_POWER = 0.125


def _as_jump(side, far, near, at, steps, beyond):
    """A diverging side (its ``(step, quotient)`` pairs) as the `Jump` it is where its values settle on a limit apart
    from the value ``at`` the point, else as it stands; ``far`` and ``near`` are its values at ``steps``, ``beyond()``
    its value at a third, shorter step and that step (run only where the two values leave it open)."""
    if not isinstance(side, list):
        return side
    if _settles(far, near, at):
        return Jump(_limit(far, near), at)
    if not _jumps(side):
        return side
    import mpmath  # lazy: the kink test's numbers are mpmath's

    try:
        third, third_step = beyond()
    except Exception:  # noqa: BLE001 - the program raised at the third step: no claim of a jump
        return side
    if not mpmath.isfinite(third):
        return side
    limit = _limit_beside_a_slope(far, near, at, steps, third, third_step)
    return side if limit is None else Jump(limit, at)


def _value_at_third(third, side, at):
    """The value at `_one_sided_test`'s third step on ``side`` (``third`` gives its quotient there), and that step."""
    quotient, step = third(side)
    return at + side * quotient * step, step


def _limit_beside_a_slope(far, near, at, steps, third, third_step):
    """A jumping side's limit where the value also moves along the coordinate with an ordinary slope (a wrap of
    2 pi as a double, 1.2e-16, beside a slope of 0.87: the steps' values differ by the slope's share, more than a
    millionth of the jump): the line ``at + jump + slope h`` through the two steps' values, the slope's share at the
    shorter step below a millionth of the jump, meets the value at a third, shorter step to a millionth of the jump,
    so the side's values settle on ``at + jump``; None where they do not (a pole's log h moves by the same amount at
    each decade)."""
    h1, h2 = steps
    slope = (far - near) / (abs(h1) - abs(h2))
    jump = near - at - slope * abs(h2)
    if jump == 0 or abs(slope * abs(h2)) > 10**-6 * abs(jump):
        return None
    if abs(third - (at + jump + slope * abs(third_step))) > 10**-6 * abs(jump):
        return None
    return at + jump


def _jumps(side):
    """Whether a diverging side's ``(step, quotient)`` pairs are a jump: a difference f(x +- h) - f(x) that does
    not shrink with the step (sign at 0: 1 at every step), where cbrt's shrinks as h^(1/3), far below half."""
    (h1, q1), (h2, q2) = side
    return abs(q2 * h2) > abs(q1 * h1) / 2


def _settles(far, near, at):
    """Whether a diverging side's values at the two steps agree on a limit apart from the value ``at`` the point: a
    jump (its quotient grows as 1/h); a pole's values (log(h) from the right) move with the step as much as they
    stand apart."""
    return abs(far - near) <= 10**-6 * abs(near - at)


def _limit(far, near):
    """A jumping side's limit of the value, from its values at the longer and the shorter step: the nearer value,
    or 0 where it is no larger than the distance the two steps' values moved (1 - cos(h) beside a jump reads 0)."""
    return near if abs(near) > abs(far - near) else 0 * near


def _smallest_magnitude(mp_args):
    """The smallest nonzero |coordinate| of the point, at most 1: the scale of a step from a coordinate at 0.

    A switch near 0 sits where the other coordinates put it (|b| = |a| in
    abs(a*a - b*b) at a = 5e-324): a step of 1e-20 from b = 0 would cross it.
    """
    import mpmath  # lazy: heavy; loaded by the exact reference whose numbers the kink tests read

    entries = [abs(e) for a in mp_args for e in flat_entries(a) if mpmath.isfinite(e) and e != 0]
    return min([mpmath.mpf(1), *entries])


def _entries_and_noise(result):
    """The first entry of a `with_noise` result and its noise."""
    value, noise = result
    return flat_entries(value)[0], noise[0]


def _value_of(result):
    """The first entry of a `with_noise` result, its noise left unread (`with_noise_when_read` makes none)."""
    return flat_entries(result[0])[0]
