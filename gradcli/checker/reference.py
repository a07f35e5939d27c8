"""The exact reference: value and gradient at high precision with mpmath, precision adaptive.

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
MAX_DIGITS the reference is ``unsettled`` and no verdict is given.

Two gradients come out: ``rule`` is gradcli's autodiff (including any custom
gradient) at high precision; ``exact`` is the true derivative of the forward
function, from central differences at high precision (step 10^(-digits/3)
relative to |x|, so that x +- h never crosses 0; error about 10^(-2 digits/3)).
The differences know nothing of gradient
rules: this is how a wrong custom gradient is caught, and how a NaN that a
rule leaks from the unselected branch of ``where`` is told from a true NaN.
"""


from __future__ import annotations

import math
import time

import numpy as np

from ..autodiff import mp as mp_core
from ..autodiff.mp import ieee
from ..autodiff.transforms import value_and_grad

# Bound once, here: the reference's derivative is the IR's own, fixed when the checker loads, so a
# derivative later patched (or a snippet built from it) is still judged against the original.
from ..expr.derivative import differentiate as exact_derivative
from . import balls, exact_python, python_zero, rule_batch
from .kinks import find_kinks, may_have_kink, not_smooth, undefined_at_kinks
from .precision import (  # noqa: F401 - Exact, to_mp and the limits are this module's public names too
    AGREE_DIGITS,
    MAX_DIGITS,
    MAX_FD_COORDINATES,
    START_DIGITS,
    Exact,
    exact_entries,
    flat_entries,
    only_chosen,
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


def compute(target, args, seed=0, budget=None, wrt=None):
    """The exact reference for ``target`` at ``args`` (floats/arrays already rounded to the dtype).

    Within ``budget`` (a `balls.Budget`; default `balls.DEFAULT_MAX_TIME` seconds):
    past it the result is ``unsettled`` with ``out_of_time`` saying so, never a
    stand-in. A formula (at a scalar or an array point) is computed on balls first (`_by_balls`).
    ``wrt`` names the variables whose derivatives are wanted (None: all; see `precision.only_chosen`).
    """
    ready = _handed_out(target, args)
    if ready is not None:  # made with the check's other points: no work, so no alarm to arm
        return ready
    budget = budget or balls.Budget()
    result = Exact()
    try:
        with budget.interrupting(), ieee():  # 0/0 is NaN at high precision too, as in the working dtype
            ready = _prefetched(target, args, seed, wrt, budget)
            if ready is not None:
                return ready
            if _by_balls(target, args, result, budget, seed, wrt):
                return result
            target, args, widen = only_chosen(target, args, wrt)
            if exact_python.compute(target, args, result, budget, seed):
                return widen(result)
            return widen(_compute_mpmath(target, args, seed, Exact(), budget))
    except balls.OutOfTime as error:
        result = Exact(determined=False, unsettled=True, out_of_time=str(error))
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
                rules = rule_batch.rule_at_points(target.mp_function, arg_lists, digits, sided=sided)
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
    if sum(1 if type(a) is float else np.size(a) for a in args) <= MAX_FD_COORDINATES:
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


def _compute_mpmath(target, args, seed, result, budget=None, start=START_DIGITS, rule=None):
    """The reference on mpmath numbers: precision doubling from ``start`` digits until two precisions agree
    (see the module notes); each pass asks ``budget`` (a `balls.Budget`; none: no limit) for its time first.
    A derivative 0 where the rule (``rule``, once found) holds a number rises as far as it needs (`_tiny_derivative`).
    """
    import mpmath

    budget = budget or balls.Budget(math.inf)
    mp_core.enable()
    result.method = "mpmath"
    zeros = python_zero.Zeros(lambda *a: exact_python._traced(target.mp_function, a), args)
    climbed = _climb(target, args, seed, result, budget, zeros, start)
    if climbed is None:
        return result
    attempt, history, digits, value_digits, settled = climbed
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
    result.rule, result.rule_scale = rule or (_rule_at(target, args, rule_digits, result, budget), result.rule_scale)
    # A 0 where the rule holds a number may be a kink's two slopes averaged (a spectral norm at the zero
    # matrix): the one-sided test runs first, and only a 0 it leaves standing has no reference.
    noisy = settled is not None and _rule_below_a_noisy_zero(result, settled, zeros.proven())
    if noisy or target.kind == "formula" or may_have_kink(target, args, result):
        result.kinks, result.singular = find_kinks(target, args, result, budget, max(digits, 2 * START_DIGITS))
    undefined_at_kinks(target, args, result)
    if noisy and _rule_below_a_noisy_zero(result, _entries_of(result), zeros.proven()):
        return _tiny_derivative(target, args, seed, result, budget, digits, zeros.proven())
    if result.unsettled and (result.kinks or result.singular):
        _settle_around_kinks(result, history, len(flat_entries(result.value)))
    return result


def _climb(target, args, seed, result, budget, zeros, digits):
    """The precisions from ``digits`` up to where two agree, MAX_DIGITS or twice the start: ``(attempt,
    history, digits, value_digits, settled)``, or None when the target raised at high precision (``result``
    says so). ``zeros`` (a `python_zero.Zeros`) proves the 0s it can."""
    import mpmath

    history = []  # (entries, noises) at each precision
    used = []  # the precisions tried, in order
    value_digits = None  # where the value alone settled
    settled = None
    last = 0.0
    start, top = digits, max(MAX_DIGITS, 2 * digits)
    while digits <= top:
        budget.afford(last * 3)
        started = time.perf_counter()
        with mpmath.workdps(digits):
            try:
                with np.errstate(all="ignore"):
                    value, value_noise = with_noise(lambda: target.mp_function(*[to_mp(a) for a in args]))
            except Exception as error:  # noqa: BLE001 - the target raised at high precision
                result.error = f"{type(error).__name__}: {error}"
                result.determined = False
                return None
            attempt = Exact(value=value)
            noises = _exact_gradient_by_differences(target, args, attempt, seed)
            derivatives = attempt.gradient if attempt.directional is None else [attempt.directional]
            size = len(value_noise)
            entries = flat_entries(value) + [e for d in derivatives for e in flat_entries(d)]
            flat_gradient = attempt.directional is None
            history.append(zeros.settle(entries, list(value_noise) + noises, size if flat_gradient else None))
            entries = history[-1][0]
            if len(history) > 1:
                if value_digits is None and settle(
                    (history[-2][0][:size], history[-2][1][:size]), (entries[:size], history[-1][1][:size]), digits
                ):
                    value_digits = digits
                settled = settle(history[-2], history[-1], digits)
                if settled is None:
                    settled = _outside_domain(history[-2], history[-1], size, digits)
        if settled is not None:
            break
        last = time.perf_counter() - started
        used.append(digits)
        digits = _next_digits(history, used) if start <= START_DIGITS else digits + digits // 2  # a rise: one more
    else:
        digits = used[-1]
        settled = _diverging(history, len(flat_entries(attempt.value)))
        if settled is None:
            result.determined = False
            result.unsettled = True
            width = unproven_zeros(history[-1])
            if width is not None:
                result.why = f"an exact entry is within {mpmath.nstr(width, 3)} of 0 at {digits} digits but not proven 0"
    return attempt, history, digits, value_digits, settled


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
            return _compute_mpmath(target, args, seed, Exact(), budget, start=need, rule=(result.rule, result.rule_scale))
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


def _settle_around_kinks(result, history, size):
    """An unsettled point whose only unsettled derivatives sit at kinks is settled: those have no derivative.

    sqrt(x*x + y*y) at 0: the central difference is 0 within a noise that no
    precision removes (a 0 with noise is never settled), but the one-sided
    slopes are -1 and 1, so there is nothing to settle there: the gradient is
    NaN, the point `domain`.
    """
    import mpmath

    (before, before_noise), (now, now_noise) = history[-2], history[-1]
    apart = [settle(([a], [ua]), ([b], [ub]), 0) for a, ua, b, ub in zip(before, before_noise, now, now_noise)]
    if any(entry is None for entry in apart[:size]) or not result.gradient:
        return
    if result.directional is not None:  # one entry, along the random direction: settled only by a kink there
        if mpmath.isnan(result.directional):
            result.value = rebuild(result.value, [v[0] for v in apart[:size]])
            result.determined, result.unsettled = True, False
        return
    flat = [e for g in result.gradient for e in flat_entries(g)]
    if any(m is None and not mpmath.isnan(e) for m, e in zip(apart[size:], flat)):
        return  # unsettled away from a kink: still no reference
    result.value = rebuild(result.value, [v[0] for v in apart[:size]])
    result.gradient = _in_shapes(result.gradient, [e if mpmath.isnan(e) else m[0] for m, e in zip(apart[size:], flat)])
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
        if target > MAX_DIGITS:
            # No precision allowed proves this 0: double, so that a tiny number (e^-1040 next to 1)
            # still shows at two precisions that agree on it.
            return digits * 2
        needed = max(needed, int(mpmath.ceil(target)))
    return min(needed, max(MAX_DIGITS, digits * 2))


def _outside_domain(previous, current, size, digits):
    """When the value has settled on NaN or infinity, the derivative is undefined: stop there.

    (1/x at 0: the difference quotient 1/h^2 would grow at every precision.)
    """
    import mpmath

    value = settle((previous[0][:size], previous[1][:size]), (current[0][:size], current[1][:size]), digits)
    if value is None or all(mpmath.isfinite(v) for v in value):
        return None
    return value + [mpmath.nan] * (len(current[0]) - size)


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


def _rule_at(target, args, digits, result, budget):
    """gradcli's own gradient (its rules, custom ones included) run at high precision.

    The precision rises from ``digits`` until the rule's own rounding noise is
    below AGREE_DIGITS: a backward pass can cancel more digits than the forward.
    Each pass is paid for from ``budget`` (a `balls.Budget`) first.
    """
    import mpmath

    def run():
        with np.errstate(all="ignore"):
            _, rule = value_and_grad(target.mp_function, argnums=tuple(range(len(args))))(
                *[to_mp(a) for a in args]
            )
        return list(rule)

    while True:
        shaped = []

        def flat_run():
            rule = run()
            shaped.append(rule)  # the first run is the nearest-rounded one
            return [e for g in rule for e in flat_entries(g)]

        budget.afford()
        with mpmath.workdps(digits):
            try:
                entries, noise = with_noise(flat_run)
            except ZeroDivisionError:  # outside `mp.ieee()` only: inside it 1/0 is inf, as in NumPy
                result.notes.append("the gradient rule divides by zero at high precision")
                return [rebuild(to_mp(a), [mpmath.nan] * max(np.size(a), 1)) for a in args]
            except Exception as error:  # noqa: BLE001 - reported, and the rest of the check goes on
                result.notes.append(
                    f"the gradient rule failed at high precision: {type(error).__name__}: {error}"
                )
                return []
            cleaned, accurate = rule_entries(entries, noise, exact_entries(result, args))
        if accurate or digits * 2 > MAX_DIGITS:
            return _rule_taken(shaped[0], cleaned, accurate, digits, result, noise)
        digits *= 2


def _rule_taken(shaped, cleaned, accurate, digits, result, noise):
    """The rule's ``cleaned`` entries in the shapes of ``shaped`` (its nearest-rounded run), noted if not ``accurate``;
    its ``noise`` over 10^-digits, the size of the terms each entry's arithmetic combined, on ``result.rule_scale``."""
    import mpmath

    if not accurate:
        result.notes.append(f"the gradient rule loses its digits to rounding even at {digits} digits")
    result.rule_scale = [[abs(n) * mpmath.mpf(10) ** digits for n in flat_entries(g)] for g in _in_shapes(shaped, noise)]
    return _in_shapes(shaped, cleaned)


def _rule_from(target, args, digits, result, budget, entries, noise):
    """`_rule_at` at a point at scalar ``args`` whose run at ``digits`` gave ``entries`` and ``noise`` (in a batch)."""
    cleaned, accurate = rule_entries(entries, noise, exact_entries(result, args))
    if accurate or digits * 2 > MAX_DIGITS:
        return _rule_taken(entries, cleaned, accurate, digits, result, noise)
    return _rule_at(target, args, digits * 2, result, budget)


def _exact_gradient_by_differences(target, args, result, seed):
    """The true derivative of a Python function: central differences at high precision.

    Returns the rounding noise of every derivative entry, in order.
    """
    import mpmath

    sizes = [np.size(a) for a in args]
    h_scale = mpmath.mpf(10) ** (-(mpmath.mp.dps // 3))
    mp_args = [to_mp(a) for a in args]
    noises = []

    def f(values):
        with np.errstate(all="ignore"):
            return target.mp_function(*values)

    if sum(sizes) <= MAX_FD_COORDINATES:
        gradient = []
        for i, a in enumerate(mp_args):
            if isinstance(a, np.ndarray):
                g = np.empty(a.shape, dtype=object)
                for index in np.ndindex(a.shape):
                    g[index], noise = _central(f, mp_args, i, index, h_scale)
                    noises.append(noise)
                gradient.append(g)
            else:
                derivative, noise = _central(f, mp_args, i, None, h_scale)
                gradient.append(derivative)
                noises.append(noise)
        result.gradient = gradient
        return noises
    direction = random_direction(args, seed)
    largest = max(float(np.max(np.abs(a))) for a in args)
    h = relative_step(mpmath.mpf(largest), h_scale)
    plus = [a + h * to_mp(d) for a, d in zip(mp_args, direction)]
    minus = [a - h * to_mp(d) for a, d in zip(mp_args, direction)]
    result.direction = direction
    try:
        (up, up_noise), (down, down_noise) = with_noise(lambda: f(plus)), with_noise(lambda: f(minus))
        up, down = flat_entries(up)[0], flat_entries(down)[0]
        result.directional = (up - down) / (2 * h)
        noises.append((up_noise[0] + down_noise[0]) / (2 * h))
    except Exception:  # noqa: BLE001 - outside the domain along the direction
        result.directional = mpmath.nan
        noises.append(mpmath.mpf(0))
    result.gradient = [None] * len(args)
    result.notes.append(
        f"{sum(sizes)} inputs: the exact derivative of the function is checked along one random direction"
    )
    return noises


def _central(f, mp_args, i, index, h_scale):
    """(derivative, its rounding noise) in one coordinate, by a central difference."""
    import mpmath

    x = mp_args[i] if index is None else mp_args[i][index]
    h = relative_step(x, h_scale)
    plus, minus = x + h, x - h
    step = plus - minus  # exact (Sterbenz): the rounding of x +- h costs nothing

    def at(point):
        values = list(mp_args)
        if index is None:
            values[i] = point
        else:
            copy = mp_args[i].copy()
            copy[index] = point
            values[i] = copy
        return f(values)

    try:
        up, up_noise = with_noise(lambda: at(plus))
        down, down_noise = with_noise(lambda: at(minus))
    except Exception:  # noqa: BLE001 - outside the domain on one side
        return mpmath.nan, mpmath.mpf(0)
    up, down = flat_entries(up), flat_entries(down)
    if len(up) != 1 or len(down) != 1:
        return mpmath.nan, mpmath.mpf(0)
    derivative = (up[0] - down[0]) / step
    if mpmath.isnan(derivative) or mpmath.isinf(derivative):
        # Non-finite because a side is: as certain as the non-finite sides are.
        sides = [(v, n) for v, n in ((up[0], up_noise[0]), (down[0], down_noise[0])) if not mpmath.isfinite(v)]
        return derivative, mpmath.mpf(0) if all(n == 0 for _, n in sides) else mpmath.inf
    return derivative, (up_noise[0] + down_noise[0]) / step
