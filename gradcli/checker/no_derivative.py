"""What an exact gradient entry that is no finite number stands for: a derivative that diverges, or none at all.

The reference's central difference at a point with no finite derivative is NaN
or an infinity by accident of its two steps: NaN where one side is outside the
function's domain (the slope of P(1/2, x) at 0 grows to +inf from the right,
the only side there is), -inf where the function is -inf on one side and +inf
on the other ((a - 1) log 0 at a = 1). `settle_entries` looks at each side with
one-sided difference quotients at three steps, as the kink test does, and says
per entry:

- ``+inf`` or ``-inf``: the function is finite and continuous at the point, and
  its one-sided slope grows without bound to that infinity on every side of the
  point in its domain (cbrt at 0 from both sides, sqrt at 0 from the right);
- a finite number: both one-sided slopes exist and agree where the kink test found no kink, so the derivative is
  theirs (a rule's NaN where the function is smooth in that coordinate: the phase of x + 0i on its cut, in x);
- NaN: no derivative, finite or infinite, with the reason (a kink, a jump, a
  value that is no finite number beside or at the point, slopes that diverge
  apart or one that diverges beside one that settles).
"""

from __future__ import annotations

import numpy as np

from ..capture.exact_constants import held_in
from .compare import exact_text, plain
from .domain_slopes import ARITHMETIC_NAN, no_value_near, slopes_beside_nan
from .kinks import coordinates_of, with_coordinate
from .precision import START_DIGITS, Wavers, exact_arguments, flat_entries, relative_step

_SETTLED = 10**-6  # a side whose quotients at the two shorter steps agree to this has a slope: that quotient
_DIVISORS = (3, 2, 1.5)  # the steps: 10^(-digits/3), 10^(-digits/2), 10^(-2 digits/3) relative to |x|
_NAMES = {-1: "left", 1: "right"}


def settle_result(result, target, args, exact, chosen, program=None):
    """Each exact gradient entry of ``result`` that is no finite number made its one-sided limit or NaN
    (`settle_entries`), its reason in ``result.exact_gradient_why``; ``target`` and ``args`` as the reference
    ``exact`` took them, ``program`` the dtype whose constants its replay held (`exact_constants.held_in`). Returns
    {variable: its settled exact gradient, mpmath numbers} for each variable an entry of which settled on a finite
    slope, which the judgement has not seen yet."""
    import mpmath

    if exact.directional is not None or not exact.gradient or exact.unsettled or not exact.determined:
        return {}
    flat, shapes = [], []
    for g, a in zip(exact.gradient, args):
        entries = flat_entries(g) if g is not None else [None] * int(np.size(a))
        flat.extend(entries)
        shapes.append((np.shape(a), len(entries)))
    if all(e is None or mpmath.isfinite(e) for e in flat):
        return {}
    found = list(getattr(exact, "kinks", None) or []) + list(getattr(exact, "singular", None) or [])
    kinked = {label for label, _, _ in found}
    sides = {label: (left, right) for label, left, right in getattr(exact, "kinks", None) or []
             if isinstance(left, mpmath.mpf) and isinstance(right, mpmath.mpf) and mpmath.isfinite(left)
             and mpmath.isfinite(right)}
    if exact.jumps_whatever_is_held:
        # One-sided slopes of a value a stop_gradient holds would move what it holds: no jumping entry's is a derivative.
        limits = [None if e is None or mpmath.isfinite(e) else mpmath.nan for e in flat]
        reasons = [None if limit is None else _HELD_JUMP_REASON for limit in limits]
    else:
        with held_in(program):
            held = [i for i, name in enumerate(target.variables) if name not in chosen]
            nowhere = _nowhere(exact, target, args, held)
            if nowhere:
                limits, reasons = _without_a_value(result, target, args, held, nowhere)
            else:
                swinging = {label: _SWINGS_REASON for label, left, right in getattr(exact, "singular", None) or []
                            if isinstance(left, Wavers) or isinstance(right, Wavers)}
                limits, reasons = settle_entries(target, args, flat, kinked, held, sides, swinging)
                _beside_nan(result, target, args, exact, limits, reasons, held)
    position, sloped = 0, {}
    for name, (shape, size) in zip(target.variables, shapes):
        mine = slice(position, position + size)
        position += size
        if name not in chosen or all(limit is None for limit in limits[mine]):
            continue
        entries = [e if limit is None else limit for e, limit in zip(flat[mine], limits[mine])]
        settled = np.array(entries, dtype=object).reshape(shape) if shape else entries[0]
        if any(limit is not None and mpmath.isfinite(limit) for limit in limits[mine]):
            sloped[name] = settled
        result.exact_gradient[name] = plain(settled)
        texts = result.exact_gradient_text
        if texts.get(name) is not None:  # the digits said of the entry are the settled ones (+inf), not the NaN replaced
            result.exact_gradient_text = {**texts, name: exact_text(settled, exact.digits)}
        why = reasons[mine]
        if any(r is not None for r in why):
            result.exact_gradient_why[name] = np.array(why, dtype=object).reshape(shape).tolist() if shape else why[0]
    return sloped


_REACHES_THE_NAN = ("no derivative: the function's exact value here is nan (an inf - inf or 0 / 0 of {}), which this "
                    "coordinate meets or which multiplies its slope")
_MOVES_THE_POLE = ("no derivative: this coordinate reaches the pole of {} that the exact value is at (a 0 the program "
                   "computes exactly, which each run's rounding keeps off 0)")
# A coordinate along which the kink test saw a side's difference quotient swing without settling (`precision.Wavers`)
_SWINGS_REASON = "no derivative: the difference quotient swings up and down as the step shrinks, settling nowhere"
_HELD_JUMP_REASON = ("no derivative: the value jumps at this point along this coordinate, whatever a stop_gradient "
                     "holds")


def _beside_nan(result, target, args, exact, limits, reasons, held=()):
    """Where the exact value is NaN or infinite, each coordinate the NaN or the pole never meets given its slope in
    ``limits`` (its reason dropped from ``reasons``) and named in ``result``'s domain finding
    (`domain_slopes.slopes_beside_nan`; the arguments at the positions ``held`` are the user's data, not inputs);
    where the NaN is an indeterminate form that no input moves, the finding says so, and no input has a slope."""
    import mpmath

    values = flat_entries(exact.value) if exact.value is not None else []
    if len(values) != 1 or mpmath.isfinite(values[0]):
        return
    found = slopes_beside_nan(target, args, held)
    if found is None or len(found[0]) != len(limits):
        return
    slopes, origins = found
    domain = next((f for f in result.findings if f.kind == "domain" and f.phase == "forward"), None)
    # beside inf - inf or 0 / 0, a coordinate the NaN meets, or whose slope the NaN multiplies ((l - l)^2's partial
    # 2 (l - l)), has none: a finite entry a proof found there (l - l's two paths cancelling first) is no slope
    indeterminate = mpmath.isnan(values[0]) and all(name in ARITHMETIC_NAN for name in origins)
    labels = []
    for k, (slope, (_, _, label)) in enumerate(zip(slopes, coordinates_of(target, args))):
        if slope is None and indeterminate and limits[k] is None and reasons[k] is None:
            limits[k], reasons[k] = mpmath.nan, _REACHES_THE_NAN.format(", ".join(origins))
            continue
        if slope is not None and mpmath.isnan(slope):  # it moves a pole the runs keep off 0 (`_kept_off_the_pole`)
            limits[k], reasons[k] = mpmath.nan, _MOVES_THE_POLE.format(", ".join(origins))
            continue
        if slope is not None and limits[k] is None and reasons[k] is None:
            labels.append(label)  # a finite entry the reference found itself (a proof's), kept and named alike
            continue
        if slope is not None:
            limits[k], reasons[k] = slope, None
            labels.append(label)
    if domain is not None and labels:
        ops, its = ", ".join(origins), "its" if len(origins) == 1 else "their"
        made = (f"the NaN comes from {ops} outside {its} domain" if mpmath.isnan(values[0]) else
                f"the infinity comes from {ops} at {its} pole")
        domain.message += (f"; {made}, which {', '.join(labels)} never {'reaches' if len(labels) == 1 else 'reach'}: "
                           f"the exact slope in {', '.join(labels)} is shown beside it")


def _nowhere(exact, target, args, held):
    """The ops (with their lines) whose 0 / 0, inf - inf or 0 * inf is the exact value however the inputs move
    (`domain_slopes.no_value_near`), where the exact value is NaN; else an empty list."""
    import mpmath

    values = flat_entries(exact.value) if exact.value is not None else []
    if len(values) != 1 or not mpmath.isnan(values[0]):
        return []
    return no_value_near(target, args, held)


def _without_a_value(result, target, args, held, nowhere):
    """``(limits, reasons)`` of a point whose function has no value anywhere near: no input has a derivative, and
    ``result``'s domain finding names the ops ``nowhere`` that made the NaN."""
    import mpmath

    limits, reasons = [], []
    for i, _, _ in coordinates_of(target, args):
        limits.append(None if i in held else mpmath.nan)
        reasons.append(None if i in held else _NO_VALUE_REASON)
    domain = next((f for f in result.findings if f.kind == "domain" and f.phase == "forward"), None)
    if domain is not None:
        domain.message += (f"; the NaN comes from {', '.join(nowhere)}, an indeterminate form (0 / 0, inf - inf or 0 * inf) "
                           "however the inputs move: the function has no value anywhere near, so no input has a slope")
    return limits, reasons


_NO_VALUE_REASON = ("no derivative: the function has no value anywhere near this point (an indeterminate form however "
                    "the inputs move)")


def settle_entries(target, args, gradient, kinked=(), held=(), sides=None, known_reasons=None):
    """``(limits, reasons)``: per flat entry of ``gradient`` (one per coordinate of ``args``, mpmath numbers), the
    entry's exact one-sided limit (an mpf ``+inf``/``-inf``, or NaN: no derivative) where the entry is no finite
    number, else None; and the reason, in words, for each infinite or NaN one (None elsewhere). A coordinate the
    kink test did not find at a kink (its label not in ``kinked``) whose two one-sided slopes agree has their slope.
    ``target``'s program runs on mpmath numbers at ``args`` (float64 numbers and arrays, as the reference took
    them), the arguments at the positions ``held`` held (`exact_arguments`). A coordinate whose kink the reference
    found with both one-sided slopes (``sides``: label -> (left, right)) keeps them as its reason: a gap of 1e-18
    beside slopes of 1 is past what the quotients here resolve at the point's smallest scale. ``known_reasons``: label
    -> the reason of a coordinate the reference found with no derivative already, NaN with it."""
    import mpmath

    limits, reasons = [], []
    mp_args = exact_arguments(args, held)
    smallest = min([mpmath.mpf(1), *(abs(e) for a in mp_args for e in flat_entries(a) if mpmath.isfinite(e) and e)])
    for entry, (i, index, label) in zip(gradient, coordinates_of(target, args)):
        if entry is None or mpmath.isfinite(entry):
            limits.append(None)
            reasons.append(None)
            continue
        if sides and label in sides:
            limits.append(mpmath.nan)
            reasons.append(_kink_reason(*sides[label]))
            continue
        if known_reasons and label in known_reasons:
            limits.append(mpmath.nan)
            reasons.append(known_reasons[label])
            continue
        try:
            limit, reason = _settled_entry(target.mp_function, mp_args, i, index, smallest, label not in kinked)
        except Exception as error:  # noqa: BLE001 - the program raised beside the point: no claim of a limit
            limit, reason = mpmath.nan, f"no finite derivative (the program raised beside the point: {error})"
        limits.append(limit)
        reasons.append(reason)
    return limits, reasons


def _settled_entry(function, mp_args, i, index, smallest, may_share):
    """`_entry` at twice `START_DIGITS`; a finite slope it finds is found again at twice those digits, and is the
    derivative only where the two agree: sides that agree on 1/sin(pi) with pi cut at the run's digits (theta / (2 sin
    theta) at a half turn, times a skew part that is exactly 0) grow with every digit more, a pole no precision
    reaches."""
    import mpmath

    with mpmath.workdps(2 * START_DIGITS), np.errstate(all="ignore"):
        limit, reason = _entry(function, mp_args, i, index, smallest, may_share)
    if not mpmath.isfinite(limit):
        return limit, reason
    with mpmath.workdps(4 * START_DIGITS), np.errstate(all="ignore"):
        again, _ = _entry(function, mp_args, i, index, smallest, may_share)
    if mpmath.isfinite(again) and abs(again - limit) <= _SETTLED * max(abs(limit), abs(again)):
        return limit, reason
    moved = "grow" if mpmath.isfinite(again) and abs(again) > abs(limit) else "change"
    return mpmath.nan, (f"no derivative: the one-sided slopes agree at each precision but {moved} with it (a pole that "
                        "the run's digits keep off 0)")


def _entry(function, mp_args, i, index, smallest, may_share=False):
    """``(limit, reason)`` of the coordinate ``index`` of argument ``i`` (see `settle_entries`); ``may_share``: the
    kink test, whose steps climb past noise, found no kink there, so agreeing one-sided slopes are the derivative."""
    import mpmath

    x = mp_args[i] if index is None else mp_args[i][index]

    def at(point):
        entries = flat_entries(function(*with_coordinate(mp_args, i, index, point)))
        return entries[0] if len(entries) == 1 else mpmath.nan

    f0 = at(x)
    if not mpmath.isfinite(f0):
        return mpmath.nan, f"no derivative: the function's exact value here is {mpmath.nstr(f0, 3)}"
    steps = [relative_step(x if x != 0 else smallest, mpmath.mpf(10) ** -int(mpmath.mp.dps / k)) for k in _DIVISORS]
    sides = {side: _side(at, x, f0, side, steps) for side in (-1, 1)}
    # One infinity throughout one side beside a finite other is the value an extended-valued function takes outside
    # its domain (entr is -inf below 0, where -x log x has none): that side is outside. Infinities on both sides are
    # the function's own ((a - 1) log 0 at a = 1: +inf on the left, -inf on the right).
    beyond = [side for side, found in sides.items() if found[0] == "beyond"]
    for side in beyond:
        other = sides[-side][0]
        sides[side] = ("outside", None) if len(beyond) == 1 and other not in ("outside", "broken") else ("broken", sides[side][1])
    inside = {side: found for side, found in sides.items() if found[0] != "outside"}
    if not inside:
        return mpmath.nan, "no derivative: the function has a value at this point alone, none on either side"
    broken = [f"{found[1]} on the {_NAMES[side]}" for side, found in inside.items() if found[0] == "broken"]
    if broken:
        return mpmath.nan, f"no derivative: the function is {' and '.join(broken)} beside this point"
    jumps = [_NAMES[side] for side, found in inside.items() if found[0] == "jump"]
    if jumps:
        return mpmath.nan, f"no derivative: the function jumps on the {' and '.join(jumps)} of this point"
    only = " (the only side in the function's domain)" if len(inside) == 1 else ""
    if all(found[0] == "diverges" for found in inside.values()):
        signs = {found[1] for found in inside.values()}
        if len(signs) == 1:
            [sign] = signs
            where = f"the {_NAMES[next(iter(inside))]}{only}" if len(inside) == 1 else "both sides"
            return sign * mpmath.inf, f"the slope grows without bound to {'+' if sign > 0 else '-'}inf from {where}"
    said = [_said(side, found) for side, found in inside.items()]
    if len(inside) == 2 and all(found[0] == "slope" for found in inside.values()):
        left, right = inside[-1][1], inside[1][1]
        # The phase of x + 0i on its cut is flat in x while the complex rule there is NaN: where the kink test saw no
        # kink, sides that agree far below their quotients' own digits are the derivative. A kink it found stays
        # one (1 + abs(x) * 1e-300 - 1 at 0 has sides that agree at these digits and differ at more).
        if may_share and abs(left - right) <= mpmath.mpf(10) ** -(mpmath.mp.dps // 4) * max(abs(left), abs(right)):
            return (left + right) / 2, None
        if abs(left - right) <= _SETTLED * max(abs(left), abs(right)):
            return mpmath.nan, ("no finite derivative was found here (the one-sided slopes agree, the central one "
                                "does not)")
    return mpmath.nan, f"no derivative: {' and '.join(said)}{only}"


def _tends_to_zero(quotients, steps):
    """Whether difference quotients shrink as one power of the step, c h^a with a > 0, settling to 0: x sqrt(x) from
    the right of 0 (a = 1/2), which no relative agreement of two quotients can see."""
    import mpmath

    q1, q2, q3 = quotients
    if not (q1 and q2 and q3) or not mpmath.sign(q1) == mpmath.sign(q2) == mpmath.sign(q3):
        return False
    early = mpmath.log(q2 / q1) / mpmath.log(steps[1] / steps[0])
    late = mpmath.log(q3 / q2) / mpmath.log(steps[2] / steps[1])
    return early > mpmath.mpf("0.1") and abs(early - late) <= mpmath.mpf("0.01") * early


def _kink_reason(left, right):
    """Why a kink's coordinate has no derivative, its two one-sided slopes said (their gap too where their digits
    shown agree)."""
    import mpmath

    said = f"no derivative: the slope is {float(left):.7g} from the left and the slope is {float(right):.7g} from the right"
    if f"{float(left):.7g}" == f"{float(right):.7g}":
        said += f" (they differ by {mpmath.nstr(right - left, 3)})"
    return said


def _said(side, found):
    """One side's finding as a clause."""
    import mpmath

    kind, what = found
    if kind == "diverges":
        return f"the slope grows to {'+' if what > 0 else '-'}inf from the {_NAMES[side]}"
    if kind == "slope":
        return f"the slope is {float(what):.7g} from the {_NAMES[side]}"
    return f"the slope does not settle from the {_NAMES[side]}"


def _side(at, x, f0, side, steps):
    """One side of the point: ``("outside", None)`` (NaN at every step), ``("beyond", what)`` (one infinity at every
    step), ``("broken", what)`` (a value no finite number), ``("jump", None)`` (values not tending to ``f0``), ``("diverges", sign)``, ``("slope", s)`` or
    ``("unsettled", None)``."""
    import mpmath

    values = [at(x + side * h) for h in steps]
    if all(mpmath.isnan(v) for v in values):
        return "outside", None
    if all(mpmath.isinf(v) for v in values) and len(set(values)) == 1:
        return "beyond", mpmath.nstr(values[0], 3)  # one infinity throughout: outside, where the other side is not
    if not all(mpmath.isfinite(v) for v in values):
        shown = sorted({mpmath.nstr(v, 3) for v in values if not mpmath.isfinite(v)})
        return "broken", " or ".join(shown)
    moved = [abs(v - f0) for v in values]
    if moved[2] > moved[0] / 2 and moved[0] > 0:
        return "jump", None  # the value does not tend to f0 as the step shrinks: no continuity, no slope
    quotients = [side * (v - f0) / h for v, h in zip(values, steps)]
    q1, q2, q3 = quotients
    if abs(q3 - q2) <= _SETTLED * max(abs(q2), abs(q3)):
        return "slope", q3
    if _tends_to_zero(quotients, steps):
        return "slope", mpmath.mpf(0)
    growing = q1 != 0 and mpmath.sign(q1) == mpmath.sign(q2) == mpmath.sign(q3) and abs(q1) < abs(q2) < abs(q3)
    # Grows at least as fast as a log of the step (equal growth per decade, as x log x's slope at 0+); a slope
    # tending to a finite limit grows by less at each step down.
    if growing and abs(q3 - q2) >= (1 - _SETTLED) * abs(q2 - q1):
        return "diverges", int(mpmath.sign(q3))
    return "unsettled", None
