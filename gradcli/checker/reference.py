"""The exact reference: value and gradient at high precision with mpmath, precision adaptive.

The program runs on mpmath numbers at the very point the working dtype sees
(the input rounded to that dtype, converted exactly). The precision rises
until two successive precisions agree, because cancellation at x=1e15 or
x=1e-50 can need hundreds or thousands of digits; a fixed 50 digits is wrong
there. Agreement alone is not enough: 1 - cos(1e-300) is 0 at 30, 60 and 120
digits alike. So every result comes with its rounding noise, from rerunning the
program twice with its ops rounding alternately down and up, starting either way (see
`_with_noise`): a result is taken when two precisions agree and its noise is
below AGREE_DIGITS; an exact computation (x - x) has no noise at all. An entry
that stays 0 within a noise below 1e-330 (under any float) is 0. When the
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

import time
from dataclasses import dataclass, field

import numpy as np

# Bound once, here: the reference's derivative is the IR's own, fixed when the checker loads, so a
# derivative later patched (or a snippet built from it) is still judged against the original.
from ..expr.derivative import differentiate as _differentiate

START_DIGITS = 30
MAX_DIGITS = 4000
AGREE_DIGITS = 20  # enough to judge float64 results with a margin
MAX_FD_COORDINATES = 16  # above this, the exact gradient of a Python function is checked along a direction


@dataclass
class Exact:
    """The exact value and gradients at one point, and how they were obtained."""

    value: object = None  # an mpf (or object array)
    gradient: list = field(default_factory=list)  # true derivative, one per variable (None: not computed)
    rule: list = field(default_factory=list)  # gradcli's rule at high precision, one per variable
    digits: int = 0
    determined: bool = True
    direction: object = None  # when the exact gradient is only known along a direction
    directional: object = None  # exact directional derivative along `direction`
    kinks: list = field(default_factory=list)  # (variable, left, right): one-sided derivatives that differ
    # (variable, left, right) where a side's difference quotient grows without bound as the step
    # shrinks (a jump, or a pole on one side): that side is a list of (step, quotient) pairs.
    singular: list = field(default_factory=list)
    error: str = ""
    unsettled: bool = False  # the precision ran out before two precisions agreed
    out_of_time: str = ""  # the time budget ran out (the message, naming --max-time): no reference
    method: str = ""  # "balls" (the formula's symbolic derivative on arb balls) or "mpmath"
    notes: list = field(default_factory=list)


def to_mp(value):
    """An exact mpmath copy of a float or float array (every binary float is an mpf exactly)."""
    import mpmath

    if isinstance(value, np.ndarray):
        out = np.empty(value.shape, dtype=object)
        flat = value.astype(np.float64).ravel()
        for i, v in enumerate(flat):
            out.flat[i] = mpmath.mpf(float(v))
        return out
    return mpmath.mpf(float(value))


def _as_array(value):
    if isinstance(value, np.ndarray):
        return value
    return np.array(value, dtype=object)


def _entries(value):
    """The entries of a result (mpf, 0-d array, object array, box) as a flat list of mpf."""
    import mpmath

    value = _scalar_of(value)
    out = []
    for v in _as_array(value).ravel():
        v = _scalar_of(v)
        if isinstance(v, mpmath.mpc):
            v = v.real if v.imag == 0 else mpmath.nan
        try:
            out.append(v if isinstance(v, mpmath.mpf) else mpmath.mpf(v))
        except (TypeError, ValueError):
            out.append(mpmath.nan)
    return out


class _Rounding:
    """Make mpmath round in one direction: "n" nearest, "f" down, "c" up.

    With ``alternate``, the direction flips after every gradcli op, so that
    ``a - b`` sees ``a`` rounded one way and ``b`` the other: rounding every op
    the same way lets correlated errors cancel (sqrt(x+1) - sqrt(x) at 1e300
    is 0 rounded down and rounded up alike).
    """

    def __init__(self, mode, alternate=False):
        self.mode = mode
        self.alternate = alternate

    def __enter__(self):
        import mpmath

        from ..autodiff.tracer import hooks

        self.saved = mpmath.mp._prec_rounding[1]
        mpmath.mp._prec_rounding[1] = self.mode
        self.saved_hook = hooks.forward
        if self.alternate:
            hooks.forward = self._flip

    def _flip(self, prim, args, kwargs, ans):
        import mpmath

        mpmath.mp._prec_rounding[1] = "c" if mpmath.mp._prec_rounding[1] == "f" else "f"

    def __exit__(self, *exc):
        import mpmath

        from ..autodiff.tracer import hooks

        mpmath.mp._prec_rounding[1] = self.saved
        hooks.forward = self.saved_hook
        return False


def _spread(nearest, others):
    """How far directed rounding moved one entry from ``nearest``: its rounding noise (inf: unknown)."""
    import mpmath

    values = (nearest, *others)
    if all(mpmath.isnan(v) for v in values):
        return mpmath.mpf(0)
    if any(mpmath.isnan(v) or mpmath.isinf(v) for v in values):
        return mpmath.mpf(0) if all(v == nearest for v in others) else mpmath.inf
    return max(abs(v - nearest) for v in others)


_DIRECTED = (("f", True), ("c", True))


def _with_noise(fun):
    """``fun()`` rounded to nearest, and each entry's rounding noise.

    The same program is run twice more, its ops rounding alternately down and
    up, the first op down in one run and up in the other, so that every op is
    pushed both ways and the two sides of a subtraction apart (rounding every
    op the same way lets sqrt(x+1) - sqrt(x) cancel its own errors); how far
    those runs stray from the nearest-rounded one estimates the rounding
    error. Two precisions can agree on a false 0 (1 - cos(1e-300) is 0 below
    600 digits), but the directed runs give 2^-precision there, so the noise
    shows the 0 is not to be trusted; an exact computation (x - x) has no
    noise at all. Two runs, not four (down, up and both alternations): the
    uniform ones found nothing the alternating ones missed, at twice the cost.
    """
    import mpmath

    nearest = fun()
    entries = _entries(nearest)
    runs = []
    for mode, alternate in _DIRECTED:
        try:
            with _Rounding(mode, alternate):
                runs.append(_entries(fun()))
        except Exception:  # noqa: BLE001 - raises only when rounded one way: noise unknown
            return nearest, [mpmath.inf] * len(entries)
    if any(len(run) != len(entries) for run in runs):
        return nearest, [mpmath.inf] * len(entries)
    return nearest, [_spread(n, others) for n, *others in zip(entries, *runs)]


def _zero_floor(digits):
    """Below this, an entry that is 0 within its noise at two precisions is taken to be 0.

    Not a relative tolerance: tanh'(50) = 1.5e-43 is small, not zero. 1e-330 is
    below the smallest float64 (4.9e-324): no working dtype can tell it from 0.
    """
    import mpmath

    return mpmath.mpf(10) ** -330


def _settle(previous, current, digits):
    """Entries agreed at two successive precisions, or None.

    ``previous`` and ``current`` are ``(entries, noises)``. An entry has settled
    when the current one is accurate to AGREE_DIGITS (its noise is that
    small) and the previous one agrees with it to as many digits; NaN with NaN
    and equal infinities agree when no rounding direction changes them; and an
    entry that is 0 within its noise at both precisions, the noise below
    `_zero_floor`, is 0 (sin(x)**2 + cos(x)**2 - 1, or the difference quotient
    of a function that is identically 0).
    """
    import mpmath

    tol = mpmath.mpf(10) ** (-AGREE_DIGITS)
    (before, before_noise), (now, now_noise) = previous, current
    if len(before) != len(now):
        return None
    out = []
    for a, ua, b, ub in zip(before, before_noise, now, now_noise):
        if mpmath.isnan(b) or mpmath.isinf(b) or mpmath.isnan(a) or mpmath.isinf(a):
            same = (mpmath.isnan(a) and mpmath.isnan(b)) or a == b
            if same and ub == 0:
                out.append(b)
                continue
            return None
        if ub <= tol * abs(b) and abs(a - b) <= tol * max(abs(a), abs(b)):
            out.append(b)
        elif abs(b) <= ub and abs(a) <= ua and ub <= _zero_floor(digits):
            out.append(mpmath.mpf(0))
        else:
            return None
    return out


def _rebuild(like, entries):
    """Entries back in the shape of ``like`` (a scalar, or an object array)."""
    like = _scalar_of(like)
    if isinstance(like, np.ndarray) and like.ndim:
        out = np.empty(like.shape, dtype=object)
        for i, v in enumerate(entries):
            out.flat[i] = v
        return out
    return entries[0]


_BUDGET = None  # the budget of the reference being computed (set by `compute`)


def _afford(estimate=0.0):
    """Ask the current budget for a pass estimated at ``estimate`` seconds (`balls.OutOfTime` if none is left)."""
    if _BUDGET is not None:
        _BUDGET.afford(estimate)


def compute(target, args, seed=0, budget=None):
    """The exact reference for ``target`` at ``args`` (floats/arrays already rounded to the dtype).

    Within ``budget`` (a `balls.Budget`; default `balls.DEFAULT_MAX_TIME` seconds):
    past it the result is ``unsettled`` with ``out_of_time`` saying so, never a
    stand-in. A formula (at a scalar or an array point) is computed on balls first (`_by_balls`).
    """
    global _BUDGET
    from ..autodiff.mp import ieee
    from . import balls, exact_python

    budget = budget or balls.Budget()
    result = Exact()
    saved, _BUDGET = _BUDGET, budget
    try:
        with budget.interrupting(), ieee():  # 0/0 is NaN at high precision too, as in the working dtype
            if _by_balls(target, args, result, budget, seed):
                return result
            if exact_python.compute(target, args, result, budget, seed):
                return result
            return _compute_mpmath(target, args, seed, Exact())
    except balls.OutOfTime as error:
        result = Exact(determined=False, unsettled=True, out_of_time=str(error))
        return result
    finally:
        _BUDGET = saved


def _by_balls(target, args, result, budget, seed=0):
    """A formula's exact value and gradient from its IR and symbolic derivative on balls; False if they cannot.

    The derivative is the formula's own (`expr.derivative.differentiate`), not
    gradcli's gradient rules, so it judges them independently; each entry is
    proven to 13 digits (see `balls`). Kinks and poles are still looked for by
    one-sided differences, and the rule is run at high precision as before.

    At an array point the formula is summed over its elements (as `runner._summed`
    checks it): the value is the sum of the formula at each element, the gradient
    of each variable the elementwise derivative, summed over the axes it was
    broadcast along (`_by_elements`).
    """
    from . import balls

    formula = getattr(target, "formula", None)
    if target.kind != "formula" or formula is None:
        return False
    try:
        roots = [formula.root] + [_differentiate(formula.root, name) for name in target.variables]
        if any(np.ndim(a) for a in args):
            value, gradient, bits = _by_elements(roots, target.variables, args, budget)
        else:
            entries, bits = balls.evaluate_formula(roots, dict(zip(target.variables, args)), budget)
            value, gradient = entries[0], list(entries[1:])
    except (balls.NoBall, ValueError, RecursionError):
        return False
    from ..autodiff import mp as mp_core

    mp_core.enable()
    result.method = "balls"
    result.value, result.gradient = value, gradient
    result.digits = max(2 * START_DIGITS, int(bits * 0.30103) + 1)
    result.rule = _rule_at(target, args, result.digits, result)
    if _not_smooth(formula.root):
        # Every op on the way gave a finite ball, so only a branch (abs, max, where...) can make a kink.
        _kinks_on_balls(target, args, result, seed)
    _undefined_at_kinks(target, args, result)
    return True


def _kinks_on_balls(target, args, result, seed):
    """`_kinks` for `_by_balls`, as the mpmath path looks: every coordinate, or above MAX_FD_COORDINATES
    one test along the random direction (a kink there leaves the gradient unknown, as on mpmath)."""
    most = max(result.digits, 2 * START_DIGITS)
    if sum(np.size(a) for a in args) <= MAX_FD_COORDINATES:
        result.kinks, result.singular = _kinks(target, args, result, most)
        return
    rng = np.random.default_rng(seed)  # the direction `_exact_gradient_by_differences` would take
    direction = [rng.standard_normal(np.shape(a)) if np.ndim(a) else rng.standard_normal() for a in args]
    norm = np.sqrt(sum(np.sum(np.square(d)) for d in direction))
    result.direction = [d / norm for d in direction]
    result.kinks, result.singular = _kinks(target, args, result, most)
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
    from . import balls

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

    from . import balls

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


_NOT_SMOOTH = {"abs", "sign", "floor", "ceil", "maximum", "minimum", "clip", "where"}


def _not_smooth(root):
    """Whether a formula has a branch (a function with a kink or a jump somewhere, or ``%``)."""
    from ..expr.ir import Binary, Call, postorder

    return any(
        (isinstance(n, Call) and n.name in _NOT_SMOOTH) or (isinstance(n, Binary) and n.op == "%")
        for n in postorder(root)
    )


def _compute_mpmath(target, args, seed, result):
    """The reference on mpmath numbers: precision doubling until two precisions agree (see the module notes)."""
    import mpmath

    from ..autodiff import mp as mp_core

    mp_core.enable()
    result.method = "mpmath"
    history = []  # (entries, noises) at each precision
    used = []  # the precisions tried, in order
    value_digits = None  # where the value alone settled
    digits = START_DIGITS
    settled = None
    last = 0.0
    while digits <= MAX_DIGITS:
        _afford(last * 3)
        started = time.perf_counter()
        with mpmath.workdps(digits):
            try:
                with np.errstate(all="ignore"):
                    value, value_noise = _with_noise(lambda: target.mp_function(*[to_mp(a) for a in args]))
            except Exception as error:  # noqa: BLE001 - the target raised at high precision
                result.error = f"{type(error).__name__}: {error}"
                result.determined = False
                return result
            attempt = Exact(value=value)
            noises = _exact_gradient_by_differences(target, args, attempt, seed)
            derivatives = attempt.gradient if attempt.directional is None else [attempt.directional]
            size = len(value_noise)
            entries = _entries(value) + [e for d in derivatives for e in _entries(d)]
            history.append((entries, list(value_noise) + noises))
            if len(history) > 1:
                if value_digits is None and _settle(
                    (history[-2][0][:size], history[-2][1][:size]), (entries[:size], history[-1][1][:size]), digits
                ):
                    value_digits = digits
                settled = _settle(history[-2], history[-1], digits)
                if settled is None:
                    settled = _outside_domain(history[-2], history[-1], size, digits)
        if settled is not None:
            break
        last = time.perf_counter() - started
        used.append(digits)
        digits = _next_digits(history, used)
    else:
        digits = used[-1]
        settled = _diverging(history, len(_entries(attempt.value)))
        if settled is None:
            result.determined = False
            result.unsettled = True
    if settled is not None:
        # Write the settled entries back (an entry 0 within its noise becomes exactly 0).
        size = len(_entries(attempt.value))
        attempt.value = _rebuild(attempt.value, settled[:size])
        position = size
        rebuilt = []
        for d in derivatives:
            n = len(_entries(d))
            rebuilt.append(_rebuild(d, settled[position : position + n]))
            position += n
        if attempt.directional is None:
            attempt.gradient = rebuilt
        else:
            attempt.directional = rebuilt[0]
    result.value = attempt.value
    result.gradient = attempt.gradient
    result.direction, result.directional = attempt.direction, attempt.directional
    result.notes.extend(attempt.notes)
    result.digits = digits
    # The rule and the kink test start where the value settled (not where a zero derivative
    # drove the precision) and rise only as far as their own rounding noise asks.
    result.rule = _rule_at(target, args, max(2 * START_DIGITS, min(value_digits or digits, digits)), result)
    if target.kind == "formula" or _may_have_kink(target, args, result):
        result.kinks, result.singular = _kinks(target, args, result, max(digits, 2 * START_DIGITS))
    _undefined_at_kinks(target, args, result)
    return result


def _next_digits(history, used):
    """Double the precision; or, when all that is left is entries 0 within a noise that is not yet
    below `_zero_floor`, jump to where the noise's own trend says it will be (cos(x) - 1 at 0 has
    a zero derivative whose noise falls as 10^(-2 digits/3): some 500 digits, not 120, 240, 480, 960).
    """
    import mpmath

    digits = used[-1]
    if len(history) < 2:
        return digits * 2
    (before, before_noise), (now, now_noise) = history[-2], history[-1]
    tol = mpmath.mpf(10) ** (-AGREE_DIGITS)
    needed = digits * 2
    for a, ua, b, ub in zip(before, before_noise, now, now_noise):
        if _settle(([a], [ua]), ([b], [ub]), digits) is not None:
            continue
        if not (mpmath.isfinite(a) and mpmath.isfinite(b) and 0 < ub < ua and abs(a) <= ua and abs(b) <= ub):
            return digits * 2  # not a zero in the making: the usual doubling
        if ub <= tol * abs(b):
            return digits * 2
        rate = (mpmath.log10(ua) - mpmath.log10(ub)) / (digits - used[-2])  # noise digits per digit
        if rate <= 0:
            return digits * 2
        target = digits + (mpmath.log10(ub) - mpmath.log10(_zero_floor(digits)) + 10) / rate
        needed = max(needed, int(mpmath.ceil(target)))
    return min(needed, max(MAX_DIGITS, digits * 2))


def _outside_domain(previous, current, size, digits):
    """When the value has settled on NaN or infinity, the derivative is undefined: stop there.

    (1/x at 0: the difference quotient 1/h^2 would grow at every precision.)
    """
    import mpmath

    value = _settle((previous[0][:size], previous[1][:size]), (current[0][:size], current[1][:size]), digits)
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
    value = _settle((history[-2][0][:size], history[-2][1][:size]), (last[0][:size], last[1][:size]), 0)
    if value is None:
        return None
    out = list(value)
    for k in range(size, len(last[0])):
        run = [h[0][k] for h in history[-4:]]
        entry = _settle(([history[-2][0][k]], [history[-2][1][k]]), ([last[0][k]], [last[1][k]]), 0)
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


def _rule_at(target, args, digits, result):
    """gradcli's own gradient (its rules, custom ones included) run at high precision.

    The precision rises from ``digits`` until the rule's own rounding noise is
    below AGREE_DIGITS: a backward pass can cancel more digits than the forward.
    """
    import mpmath

    from ..autodiff.transforms import value_and_grad

    def run():
        with np.errstate(all="ignore"):
            _, rule = value_and_grad(target.mp_function, argnums=tuple(range(len(args))))(
                *[to_mp(a) for a in args]
            )
        return list(rule)

    tol = mpmath.mpf(10) ** (-AGREE_DIGITS)
    while True:
        shaped = []

        def flat_run():
            rule = run()
            shaped.append(rule)  # the first run is the nearest-rounded one
            return [e for g in rule for e in _entries(g)]

        _afford()
        with mpmath.workdps(digits):
            try:
                entries, noise = _with_noise(flat_run)
            except ZeroDivisionError:  # outside `mp.ieee()` only: inside it 1/0 is inf, as in NumPy
                result.notes.append("the gradient rule divides by zero at high precision")
                return [_rebuild(to_mp(a), [mpmath.nan] * max(np.size(a), 1)) for a in args]
            except Exception as error:  # noqa: BLE001 - reported, and the rest of the check goes on
                result.notes.append(
                    f"the gradient rule failed at high precision: {type(error).__name__}: {error}"
                )
                return []
            cleaned = []
            accurate = True
            for value, error in zip(entries, noise):
                if mpmath.isnan(value) or mpmath.isinf(value):
                    accurate = accurate and error == 0
                    cleaned.append(value)
                elif error <= tol * abs(value):
                    cleaned.append(value)
                elif error <= _zero_floor(digits) and abs(value) <= error:
                    cleaned.append(mpmath.mpf(0))
                else:
                    accurate = False
                    cleaned.append(value)
        if accurate or digits * 2 > MAX_DIGITS:
            if not accurate:
                result.notes.append(f"the gradient rule loses its digits to rounding even at {digits} digits")
            out, position = [], 0
            for g in shaped[0]:
                n = len(_entries(g))
                out.append(_rebuild(g, cleaned[position : position + n]))
                position += n
            return out
        digits *= 2


def _step(x, h_scale):
    """A central-difference step relative to |x| (x +- h never crosses 0, where log and sqrt end)."""
    return h_scale * (abs(x) if x != 0 else 1)


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
    rng = np.random.default_rng(seed)
    direction = [rng.standard_normal(np.shape(a)) if np.ndim(a) else rng.standard_normal() for a in args]
    norm = np.sqrt(sum(np.sum(np.square(d)) for d in direction))
    direction = [d / norm for d in direction]
    largest = max(float(np.max(np.abs(a))) for a in args)
    h = _step(mpmath.mpf(largest), h_scale)
    plus = [a + h * to_mp(d) for a, d in zip(mp_args, direction)]
    minus = [a - h * to_mp(d) for a, d in zip(mp_args, direction)]
    result.direction = direction
    try:
        (up, up_noise), (down, down_noise) = _with_noise(lambda: f(plus)), _with_noise(lambda: f(minus))
        up, down = _entries(up)[0], _entries(down)[0]
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
    h = _step(x, h_scale)
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
        up, up_noise = _with_noise(lambda: at(plus))
        down, down_noise = _with_noise(lambda: at(minus))
    except Exception:  # noqa: BLE001 - outside the domain on one side
        return mpmath.nan, mpmath.mpf(0)
    up, down = _entries(up), _entries(down)
    if len(up) != 1 or len(down) != 1:
        return mpmath.nan, mpmath.mpf(0)
    derivative = (up[0] - down[0]) / step
    if mpmath.isnan(derivative) or mpmath.isinf(derivative):
        # Non-finite because a side is: as certain as the non-finite sides are.
        sides = [(v, n) for v, n in ((up[0], up_noise[0]), (down[0], down_noise[0])) if not mpmath.isfinite(v)]
        return derivative, mpmath.mpf(0) if all(n == 0 for _, n in sides) else mpmath.inf
    return derivative, (up_noise[0] + down_noise[0]) / step


def _scalar_of(value):
    from ..autodiff.ops import raw

    value = raw(value)
    return value[()] if isinstance(value, np.ndarray) and value.ndim == 0 else value


def _coordinates(target, args):
    """Every scalar coordinate of the arguments: ``(argument, index or None, label)``, ``x`` or ``x[1]``."""
    for i, (name, a) in enumerate(zip(target.variables, args)):
        if not np.ndim(a):
            yield i, None, name
            continue
        for index in np.ndindex(np.shape(a)):
            yield i, index, f"{name}[{', '.join(map(str, index))}]"


# Ops at which a Python function can have a kink or a jump although every op is finite (abs at 0, a tie of
# maximum, a comparison choosing a branch): seen in the program, they call for the one-sided test.
_BRANCH_OPS = _NOT_SMOOTH | {
    "fmax", "fmin", "mod", "floor_divide", "round", "rint", "trunc",
    "greater", "greater_equal", "less", "less_equal", "equal", "not_equal",
}


def _may_have_kink(target, args, result):
    """Whether a Python function's point calls for the one-sided test (`_kinks`): cheap signs first.

    Yes when the program runs a branching op (`_BRANCH_OPS`, comparisons included: Python's
    ``if x > 0`` on a traced number is one), or when the exact gradient or gradcli's rule at high
    precision is not finite, or they disagree: a kink (sqrt(sum(x*x)) at 0, whose rule is NaN) is
    then the likelier story than a wrong rule, and the test tells them apart. A smooth point where
    all agree pays one traced forward run.
    """
    import mpmath

    if sum(np.size(a) for a in args) > MAX_FD_COORDINATES:
        # Along the random direction only, and only when the rule disagrees there: no extra run at scale.
        if result.direction is None or result.directional is None or not result.rule:
            return False
        rule = mpmath.fsum(r * mpmath.mpf(float(d)) for g, w in zip(result.rule, result.direction)
                           for r, d in zip(_entries(g), np.ravel(w)))
        e = result.directional
        return not (mpmath.isfinite(e) and mpmath.isfinite(rule)) or abs(e - rule) > mpmath.mpf(10) ** -8 * max(abs(e), abs(rule))
    if result.gradient is None:
        return False
    exact = [e for g in result.gradient if g is not None for e in _entries(g)]
    rule = [e for g in result.rule or [] for e in _entries(g)]
    if len(exact) != sum(np.size(a) for a in args) or len(rule) != len(exact):
        return True
    for e, r in zip(exact, rule):
        if not (mpmath.isfinite(e) and mpmath.isfinite(r)) or abs(e - r) > mpmath.mpf(10) ** -8 * max(abs(e), abs(r)):
            return True
    return bool(_ops_run(target, args) & _BRANCH_OPS)


def _ops_run(target, args):
    """The names of the primitives a traced forward run of ``target`` at ``args`` calls (all of them if it raises)."""
    import mpmath

    from ..autodiff.tracer import hooks
    from ..autodiff.transforms import trace_inputs

    names, saved = set(), hooks.forward

    def seen(prim, values, kwargs, ans):
        names.add(prim.name)
        if saved is not None:
            saved(prim, values, kwargs, ans)

    hooks.forward = seen
    try:
        with mpmath.workdps(START_DIGITS), np.errstate(all="ignore"):
            trace_inputs(target.mp_function, [to_mp(a) for a in args], {}, tuple(range(len(args))), "check")
    except Exception:  # noqa: BLE001 - a program that fails traced: let the one-sided test decide
        return set(_BRANCH_OPS)
    finally:
        hooks.forward = saved
    return names


def _undefined_at_kinks(target, args, result):
    """No derivative exists at a kink or a one-sided singularity: its gradient entries become NaN.

    (The central difference there is the mean of two one-sided slopes, or a one-sided infinity: not a derivative.)
    """
    import mpmath

    where = {label: (i, index) for i, index, label in _coordinates(target, args)}
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


ALONG = "the random direction"  # the coordinate of a kink found along the random direction (many inputs)


@dataclass
class _Line:
    """A function of one number, t -> f(x + t d): what `_kink_at` needs of a target."""

    mp_function: object


def _kinks(target, args, result, most_digits=MAX_DIGITS):
    """Coordinates at which the left and right derivatives differ (abs at 0, max at a tie, a norm at 0...).

    Returns ``(kinks, singular)``: see `Exact`, each coordinate named ``x`` or
    ``x[1]``. One-sided differences with steps relative to |x| (abs at 1e-300
    has no kink), from 60 digits up to ``most_digits`` while they are lost in
    rounding noise; a difference still lost in noise claims nothing. Above
    MAX_FD_COORDINATES entries in all, one test along the random direction (named `ALONG`).
    """
    import mpmath

    mp_args = [to_mp(a) for a in args]
    coordinates = _coordinates(target, args)
    if sum(np.size(a) for a in args) > MAX_FD_COORDINATES:
        if result.direction is None:
            return [], []
        # One test along the random direction d: the kinks of t -> f(x + t d) at t = 0.
        directions = [to_mp(np.asarray(d, dtype=np.float64)) if np.ndim(d) else to_mp(d) for d in result.direction]
        target, mp_args, coordinates = _Line(_along(target.mp_function, mp_args, directions)), [mpmath.mpf(0)], [(0, None, ALONG)]
    kinks, singular = [], []
    for i, index, label in coordinates:
        digits = 2 * START_DIGITS
        while True:
            _afford()
            with mpmath.workdps(digits):
                verdict = _kink_at(target, mp_args, i, index)
            if verdict != "noisy" or digits >= most_digits:
                break
            digits = min(2 * digits, most_digits)
        if isinstance(verdict, tuple):
            kind, left, right = verdict
            (kinks if kind == "kink" else singular).append((label, left, right))
    return kinks, singular


def _along(function, at, directions):
    """t -> function(at + t directions)."""
    return lambda t: function(*[a + t * d for a, d in zip(at, directions)])


def _kink_at(target, mp_args, i, index=None):
    """Whether coordinate ``index`` of argument ``i`` is at a kink or a one-sided singularity; None if neither; "noisy" if unknown.

    The one-sided difference quotients are taken at two steps, 10^(-digits/3)
    and 10^(-digits/2) relative to |x|. A side whose quotient agrees at both
    has a derivative; a side whose quotient grows tenfold or more has none
    (log(x) at 0 from the right: a pole, or a jump). ``("kink", left, right)``
    when both sides converge to different slopes, ``("singular", left, right)``
    when one side diverges and the other does not (or they diverge apart);
    a diverging side is given as its ``(step, quotient)`` pairs.
    """
    import mpmath

    x = mp_args[i] if index is None else mp_args[i][index]
    steps = [_step(x, mpmath.mpf(10) ** (-(mpmath.mp.dps // k))) for k in (3, 2)]

    def at(point):
        values = list(mp_args)
        if index is None:
            values[i] = point
        else:
            values[i] = mp_args[i].copy()
            values[i][index] = point
        with np.errstate(all="ignore"):
            return _with_noise(lambda: target.mp_function(*values))

    try:
        f0, n0 = _entries_and_noise(at(x))
        quotients = []  # per step: (left, right, noise)
        for h in steps:
            (fp, n_plus), (fm, n_minus) = _entries_and_noise(at(x + h)), _entries_and_noise(at(x - h))
            plus, minus = x + h, x - h
            quotients.append(
                ((f0 - fm) / (x - minus), (fp - f0) / (plus - x), (n_plus + n0) / (plus - x) + (n_minus + n0) / (x - minus))
            )
    except Exception:  # noqa: BLE001 - not a plain number there: no kink test
        return None
    values = [f0] + [q for row in quotients for q in row[:2]]
    if any(mpmath.isnan(v) or mpmath.isinf(v) for v in values) or abs(f0) > _LARGEST_FLOAT:
        # Steps relative to |x| suit numbers a float can hold; beyond them (exp(exp(800))) no claim.
        return None
    (left1, right1, _), (left2, right2, noise) = quotients
    scale = max(abs(right2), abs(left2), mpmath.mpf(1))
    if not mpmath.isfinite(noise) or noise > scale * mpmath.mpf(10) ** -8:
        return "noisy"  # the one-sided differences are lost in rounding: no claim yet
    sides = []
    for first, second in ((left1, left2), (right1, right2)):
        if first != 0 and abs(second) > 10 * abs(first):
            sides.append([(steps[0], first), (steps[1], second)])  # grows as the step shrinks: unbounded
        elif abs(second - first) <= mpmath.mpf(10) ** -6 * max(abs(first), abs(second)):
            sides.append(second)
        else:
            return None  # neither settles nor diverges: no claim
    left, right = sides
    if isinstance(left, list) or isinstance(right, list):
        if isinstance(left, list) and isinstance(right, list) and mpmath.sign(left[-1][1]) == mpmath.sign(right[-1][1]):
            return None  # infinite slope from both sides (cbrt at 0): the derivative is infinite, not undefined
        return "singular", left, right
    if abs(right - left) > scale * mpmath.mpf(10) ** -6:
        return "kink", left, right
    return None


_LARGEST_FLOAT = 1.7976931348623157e308


def _entries_and_noise(result):
    """The first entry of a `_with_noise` result and its noise."""
    value, noise = result
    return _entries(value)[0], noise[0]
