"""The exact reference: value and gradient at high precision with mpmath, precision adaptive.

The program runs on mpmath numbers at the very point the working dtype sees
(the input rounded to that dtype, converted exactly). The precision rises
until two successive precisions agree, because cancellation at x=1e15 or
x=1e-50 can need hundreds or thousands of digits; a fixed 50 digits is wrong
there. Exact zeros must hold at a third precision too: cancellation can make
two precisions agree on a false 0.

Two gradients come out: ``rule`` is gradcli's autodiff (including any custom
gradient) at high precision; ``exact`` is the true derivative of the forward
function, from central differences at high precision (step 10^(-digits/3),
error about 10^(-2 digits/3)). The differences know nothing of gradient
rules: this is how a wrong custom gradient is caught, and how a NaN that a
rule leaks from the unselected branch of ``where`` is told from a true NaN.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

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
    kinks: list = field(default_factory=list)  # variables where left and right derivatives differ
    error: str = ""
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


def _agree(a, b, digits):
    """Do two results agree to ``digits`` significant digits (elementwise, NaN equal to NaN)?"""
    import mpmath

    a, b = _as_array(a), _as_array(b)
    if a.shape != b.shape:
        return False
    for x, y in zip(a.ravel(), b.ravel()):
        x, y = mpmath.mpf(x), mpmath.mpf(y)
        if mpmath.isnan(x) or mpmath.isnan(y):
            if not (mpmath.isnan(x) and mpmath.isnan(y)):
                return False
            continue
        if mpmath.isinf(x) or mpmath.isinf(y):
            if x != y:
                return False
            continue
        scale = max(abs(x), abs(y))
        if scale == 0:
            continue
        if abs(x - y) > scale * mpmath.mpf(10) ** (-digits):
            return False
    return True


def _all_zero(value):
    return all(v == 0 for v in _as_array(value).ravel())


def compute(target, args, seed=0):
    """The exact reference for ``target`` at ``args`` (floats/arrays already rounded to the dtype)."""
    import mpmath

    from ..autodiff import mp as mp_core

    mp_core.enable()
    result = Exact()
    previous = None
    zero_confirmations = 0
    digits = START_DIGITS
    while digits <= MAX_DIGITS:
        with mpmath.workdps(digits):
            try:
                with np.errstate(all="ignore"):
                    value = target.mp_function(*[to_mp(a) for a in args])
            except Exception as error:  # noqa: BLE001 - the target raised at high precision
                result.error = f"{type(error).__name__}: {error}"
                result.determined = False
                return result
            attempt = Exact(value=value)
            _exact_gradient_by_differences(target, args, attempt, seed)
            derivatives = attempt.gradient if attempt.directional is None else [attempt.directional]
            current = (value, list(derivatives))
        if previous is not None and _agree(previous[0], current[0], AGREE_DIGITS) and all(
            _agree(p, c, AGREE_DIGITS) for p, c in zip(previous[1], current[1])
        ):
            if _all_zero(current[0]) or any(_all_zero(g) for g in current[1]):
                zero_confirmations += 1
                if zero_confirmations < 2:
                    previous = current
                    digits *= 2
                    continue
            break
        previous = current
        digits *= 2
    else:
        result.determined = False
        result.notes.append(
            f"the exact reference did not settle below {MAX_DIGITS} digits; it is reported as undetermined"
        )
        digits = MAX_DIGITS
    result.value = attempt.value
    result.gradient = attempt.gradient
    result.direction, result.directional = attempt.direction, attempt.directional
    result.notes.extend(attempt.notes)
    result.digits = digits
    result.rule = _rule_at(target, args, digits, result)
    if target.kind == "formula":
        with mpmath.workdps(max(digits, 60)):
            result.kinks = _kinks(target, args, result)
    return result


def _rule_at(target, args, digits, result):
    """gradcli's own gradient (its rules, custom ones included) run at high precision."""
    import mpmath

    from ..autodiff.transforms import value_and_grad

    with mpmath.workdps(digits):
        try:
            with np.errstate(all="ignore"):
                _, rule = value_and_grad(target.mp_function, argnums=tuple(range(len(args))))(
                    *[to_mp(a) for a in args]
                )
            return list(rule)
        except ZeroDivisionError:
            result.notes.append("the gradient rule divides by zero at high precision")
            return [mpmath.inf if np.ndim(a) == 0 else None for a in args]
        except Exception as error:  # noqa: BLE001 - reported, and the rest of the check goes on
            result.notes.append(f"the gradient rule failed at high precision: {type(error).__name__}: {error}")
            return []


def _exact_gradient_by_differences(target, args, result, seed):
    """The true derivative of a Python function: central differences at high precision."""
    import mpmath

    sizes = [np.size(a) for a in args]
    h_scale = mpmath.mpf(10) ** (-(mpmath.mp.dps // 3))
    mp_args = [to_mp(a) for a in args]

    def f(values):
        with np.errstate(all="ignore"):
            return target.mp_function(*values)

    if sum(sizes) <= MAX_FD_COORDINATES:
        gradient = []
        for i, a in enumerate(mp_args):
            if isinstance(a, np.ndarray):
                g = np.empty(a.shape, dtype=object)
                for index in np.ndindex(a.shape):
                    g[index] = _central(f, mp_args, i, index, h_scale)
                gradient.append(g)
            else:
                gradient.append(_central(f, mp_args, i, None, h_scale))
        result.gradient = gradient
        return
    rng = np.random.default_rng(seed)
    direction = [rng.standard_normal(np.shape(a)) if np.ndim(a) else rng.standard_normal() for a in args]
    norm = np.sqrt(sum(np.sum(np.square(d)) for d in direction))
    direction = [d / norm for d in direction]
    h = h_scale * max(1, max(float(np.max(np.abs(a))) for a in args))
    plus = [a + h * to_mp(d) for a, d in zip(mp_args, direction)]
    minus = [a - h * to_mp(d) for a, d in zip(mp_args, direction)]
    result.direction = direction
    result.directional = (f(plus) - f(minus)) / (2 * h)
    result.gradient = [None] * len(args)
    result.notes.append(
        f"{sum(sizes)} inputs: the exact derivative of the function is checked along one random direction"
    )


def _central(f, mp_args, i, index, h_scale):
    import mpmath

    x = mp_args[i] if index is None else mp_args[i][index]
    h = h_scale * max(1, abs(x))

    def shifted(delta):
        values = list(mp_args)
        if index is None:
            values[i] = x + delta
        else:
            copy = mp_args[i].copy()
            copy[index] = x + delta
            values[i] = copy
        return f(values)

    try:
        return (shifted(h) - shifted(-h)) / (2 * h)
    except Exception:  # noqa: BLE001 - outside the domain on one side
        return mpmath.nan


def _scalar_of(value):
    from ..autodiff.ops import raw

    value = raw(value)
    return value[()] if isinstance(value, np.ndarray) and value.ndim == 0 else value


def _kinks(target, args, result):
    """Variables at which the left and right derivatives differ (abs at 0, max at a tie...)."""
    import mpmath

    if any(np.size(a) != 1 or np.ndim(a) for a in args):
        return []
    mp_args = [to_mp(a) for a in args]
    h = mpmath.mpf(10) ** (-(mpmath.mp.dps // 2))
    kinks = []
    for i, name in enumerate(target.variables):
        def at(delta):
            values = list(mp_args)
            values[i] = mp_args[i] + delta
            with np.errstate(all="ignore"):
                return target.mp_function(*values)

        try:
            f0 = mpmath.mpf(_scalar_of(at(0)))
            right = (mpmath.mpf(_scalar_of(at(h))) - f0) / h
            left = (f0 - mpmath.mpf(_scalar_of(at(-h)))) / h
        except Exception:  # noqa: BLE001 - not a plain number there: no kink test
            continue
        if any(mpmath.isnan(v) or mpmath.isinf(v) for v in (right, left, f0)):
            continue
        scale = max(abs(right), abs(left), mpmath.mpf(1))
        if abs(right - left) > scale * mpmath.mpf(10) ** -6:
            kinks.append((name, left, right))
    return kinks
