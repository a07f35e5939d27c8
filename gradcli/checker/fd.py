"""Finite differences in float64, whatever the working dtype, with an honest error estimate.

Central differences, Richardson-extrapolated (two step sizes; their difference
is the error estimate); complex-step where the function is analytic (exact to
rounding, no cancellation); and, above `DIRECTIONAL_ABOVE` inputs, one
derivative along a random direction (two evaluations instead of 2n). When
the differences themselves are unreliable (NaN, overflow, a large error
estimate) the result says so, rather than blaming the gradient.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

DIRECTIONAL_ABOVE = 64
RELIABLE_RELATIVE_ERROR = 1e-6


@dataclass
class Differences:
    """Finite-difference derivatives: per variable, or along one direction."""

    gradient: list = field(default_factory=list)  # one per variable (arrays for arrays), or []
    error: list = field(default_factory=list)  # error estimate, same layout
    method: str = "central-richardson"
    direction: object = None
    directional: float = None
    directional_error: float = None
    reliable: bool = True
    note: str = ""


def _call(function, args):
    with np.errstate(all="ignore"):
        return function(*args)


def _scalar(value):
    from ..autodiff.ops import raw

    value = raw(value)
    return complex(value) if np.iscomplexobj(value) else float(value)


def _richardson(g, x, h):
    """Central difference of g at x with steps h and h/2, extrapolated; (estimate, error).

    The error is the larger of the truncation error (how far extrapolation
    moved the estimate) and the rounding error: each value of g carries about
    eps*|g| of it, which the division by the step magnifies. Two step sizes
    can agree exactly while both are off by rounding (x**3 at x = -250).
    """
    eps = np.finfo(np.float64).eps
    with np.errstate(all="ignore"):  # inf - inf near an overflow is reported, not warned about
        far = _scalar(g(x + h)), _scalar(g(x - h))
        h2 = h / 2
        near = _scalar(g(x + h2)), _scalar(g(x - h2))
        d1 = (far[0] - far[1]) / (2 * h)
        d2 = (near[0] - near[1]) / (2 * h2)
        estimate = (4 * d2 - d1) / 3
        # (4*d2 - d1)/3 weighs the near values' rounding by 4/3 / (2*h2) each, the far ones' by 1/3 / (2*h).
        rounding = eps * (4 / 3 * max(abs(near[0]), abs(near[1])) / h2 + 1 / 3 * max(abs(far[0]), abs(far[1])) / h)
        return estimate, max(abs(estimate - d2), rounding + eps * abs(estimate))


def differences(function, args, analytic=False, full=False, seed=0) -> Differences:
    """Derivatives of the scalar ``function`` at ``args`` (float64 copies are used)."""
    args = [np.asarray(a, dtype=np.float64) if np.ndim(a) else float(a) for a in args]
    total = sum(np.size(a) for a in args)
    if total > DIRECTIONAL_ABOVE and not full:
        return _directional(function, args, seed)
    result = Differences()
    if analytic:
        complex_step = _complex_step(function, args)
        if complex_step is not None:
            result.gradient, result.error = complex_step, [np.zeros(np.shape(a)) if np.ndim(a) else 0.0 for a in args]
            result.method = "complex-step"
            return result
    eps = np.finfo(np.float64).eps
    for i, a in enumerate(args):
        values = np.atleast_1d(np.array(a, dtype=np.float64))
        grads = np.empty(values.shape)
        errors = np.empty(values.shape)
        for index in np.ndindex(values.shape):
            x0 = values[index]
            h = eps ** (1 / 3) * max(1.0, abs(x0))

            def g(t, i=i, index=index):
                shifted = list(args)
                if np.ndim(a):
                    copy = np.array(a, dtype=np.float64)
                    copy[index] = t
                    shifted[i] = copy
                else:
                    shifted[i] = t
                return _call(function, shifted)

            grads[index], errors[index] = _richardson(g, x0, h)
        if np.ndim(a):
            result.gradient.append(grads)
            result.error.append(errors)
        else:
            result.gradient.append(float(grads[0]))
            result.error.append(float(errors[0]))
    _judge_reliability(result, result.gradient, result.error)
    return result


def _complex_step(function, args):
    """Exact derivatives of an analytic function: Im f(x + ih) / h with h = 1e-200."""
    h = 1e-200
    try:
        base = complex(_scalar(_call(function, [np.asarray(v, dtype=np.complex128) if np.ndim(v) else complex(v) for v in args])))
    except Exception:  # noqa: BLE001 - the function does not take complex input
        return None
    if not np.isfinite(base) or base.imag != 0:
        return None  # off the real line already (log(-1) = i pi): not analytic here
    out = []
    for i, a in enumerate(args):
        values = np.atleast_1d(np.array(a, dtype=np.float64))
        grads = np.empty(values.shape)
        for index in np.ndindex(values.shape):
            shifted = [np.asarray(v, dtype=np.complex128) if np.ndim(v) else complex(v) for v in args]
            if np.ndim(a):
                shifted[i] = shifted[i].copy()
                shifted[i][index] += 1j * h
            else:
                shifted[i] = complex(a, h)
            try:
                value = _scalar(_call(function, shifted))
            except Exception:  # noqa: BLE001 - the function does not take complex input
                return None
            derivative = complex(value).imag / h
            if not np.isfinite(derivative):
                return None
            grads[index] = derivative
        out.append(grads if np.ndim(a) else float(grads[0]))
    return out


def _directional(function, args, seed):
    rng = np.random.default_rng(seed)
    direction = [rng.standard_normal(np.shape(a)) if np.ndim(a) else rng.standard_normal() for a in args]
    norm = np.sqrt(sum(np.sum(np.square(d)) for d in direction))
    direction = [d / norm for d in direction]
    scale = max(1.0, max(float(np.max(np.abs(a))) for a in args))
    h = np.finfo(np.float64).eps ** (1 / 3) * scale

    def g(t):
        return _call(function, [a + t * d for a, d in zip(args, direction)])

    estimate, error = _richardson(g, 0.0, h)
    result = Differences(method="random-direction", direction=direction, directional=estimate, directional_error=error)
    _judge_reliability(result, [estimate], [error])
    return result


def _judge_reliability(result, gradients, errors):
    problems = []
    for g, e in zip(gradients, errors):
        g, e = np.asarray(g, dtype=np.float64), np.asarray(e, dtype=np.float64)
        if not np.all(np.isfinite(g)):
            problems.append("a difference is NaN or infinite (the function overflows or leaves its domain nearby)")
            break
        scale = np.maximum(np.abs(g), 1e-300)
        if np.any(e > RELIABLE_RELATIVE_ERROR * np.maximum(scale, 1.0) * 1e3) or np.any(
            (e / scale > RELIABLE_RELATIVE_ERROR) & (np.abs(g) > 1e-12)
        ):
            problems.append("the error estimate is large (the two step sizes disagree, or rounding swamps the difference)")
            break
    if problems:
        result.reliable = False
        result.note = "finite differences are unreliable here: " + problems[0]
