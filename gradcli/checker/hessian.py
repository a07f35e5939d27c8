"""The Hessian of a scalar target at one point (``--order 2``): its second derivatives, judged.

The second derivatives in the working dtype are compared with the same
program's at high precision (``unstable`` where the dtype loses them), and
those with the true second derivatives by mpmath's differences (``wrong``
where a second-order rule disagrees; ``domain`` at a kink of the gradient).
"""

from __future__ import annotations

import numpy as np

from ..autodiff.ops import raw
from ..autodiff.transforms import grad
from .compare import WRONG_RTOL, as_float64, cast, compare, plain_rows, rule_tolerance, worst_error
from .precision import REFERENCE_RTOL, exact_arguments
from .judgement import Judgement
from .results import Finding
from .verdict import Verdict


def check_hessian(result, target, point, dtype, chosen, rtol):
    """The judgements of the second derivatives: in the working dtype against the same program's at high
    precision, and that program's against the true second derivatives (a wrong second-order rule is ``wrong``)."""
    import mpmath

    names = target.variables
    nums = [names.index(n) for n in chosen]
    working_args = [cast(point[n], dtype) for n in names]
    try:
        with np.errstate(all="ignore"):
            working = _hessian_at(target.function, working_args, nums)
    except Exception as error:  # noqa: BLE001 - the target's second derivative raised
        result.error = f"{type(error).__name__}: {error} (while taking second derivatives)"
        return [Judgement(gradient=Verdict.ERROR)]
    result.hessian = plain_rows(working)
    digits = max(result.digits_used or 60, 60)
    mp_args = exact_arguments([as_float64(a) for a in working_args], [i for i in range(len(names)) if i not in nums])
    try:
        with mpmath.workdps(digits), np.errstate(all="ignore"):
            precise = _hessian_at(target.mp_function, mp_args, nums)
    except Exception as error:  # noqa: BLE001 - no high-precision run: compare with nothing
        result.notes.append(f"the second derivatives failed at high precision: {type(error).__name__}: {error}")
        return []
    result.rule_hessian = plain_rows(precise)
    true, kink = _true_hessian(target, mp_args, nums, digits)
    if kink is not None:
        left, right = (plain_rows(side) for side in kink)
        message = (
            f"the second derivatives jump here: {left} from the left and {right} from the right, "
            "so there is no Hessian to check"
        )
        return [Judgement(hessian=Verdict.DOMAIN, findings=[Finding("kink", "forward", "second derivative", message)])]
    if true is None:
        result.notes.append(
            "the true second derivatives could not be computed here, so the Hessian is compared only with "
            "gradcli's own second-derivative rules run at high precision"
        )
        second_order_rule = Judgement()
    else:
        result.exact_hessian = plain_rows(true)
        second_order_rule = _second_order_rule(result, precise, true, rule_tolerance(rtol, dtype, REFERENCE_RTOL))
    return [second_order_rule, _hessian_precision(result, working, precise, dtype, rtol)]


def _hessian_at(function, args, nums):
    """The second derivatives of ``function`` in the arguments ``nums`` at ``args``, by gradcli's rules."""
    return [[grad(grad(function, argnums=i), argnums=j)(*args) for j in nums] for i in nums]


def _second_order_rule(result, precise, true, tolerance):
    """``wrong`` where the second-derivative rules, run at high precision, disagree with the true second derivatives
    by more than ``tolerance`` (`compare.rule_tolerance`, the gradient rule's own)."""
    if result.status == Verdict.DOMAIN:
        # Where the first derivative is undefined, its derivatives by differences mean nothing.
        return Judgement()
    size = range(len(precise))
    wrong = max(worst_error(precise[i][j], true[i][j], WRONG_RTOL) for i in size for j in size)
    if wrong <= tolerance:
        return Judgement()
    message = (
        f"the second-derivative rule is wrong: at high precision it gives {result.rule_hessian} "
        f"but the exact second derivatives are {result.exact_hessian} (relative error {wrong:.2e})"
    )
    return Judgement(hessian=Verdict.WRONG, findings=[Finding("wrong-rule", "backward", "second derivative", message)])


def _hessian_precision(result, working, precise, dtype, rtol):
    """``unstable`` where the working dtype loses the second derivatives that high precision finds."""
    size = range(len(working))
    compared = [compare(working[i][j], precise[i][j], rtol, result.atol, dtype) for i in size for j in size]
    result.hessian_error = max(error for error, _ in compared)
    if all(passed for _, passed in compared):
        return Judgement()
    message = (
        f"the Hessian in {dtype.name} is off by {result.hessian_error:.2e} relative "
        f"(computed {result.hessian}, at high precision {result.rule_hessian})"
    )
    return Judgement(hessian=Verdict.UNSTABLE, findings=[Finding("hessian", "backward", "second derivative", message)])


def _true_hessian(target, mp_args, nums, digits):
    """The second derivatives of the forward function by mpmath's differences (no gradient rule runs).

    Returns ``(rows, None)``, ``(None, (left, right))`` where the one-sided second
    derivatives differ (a kink of the first derivative: no Hessian there), or
    ``(None, None)`` when they cannot be computed.
    """
    import mpmath

    def f(*values):
        args = list(mp_args)
        for i, v in zip(nums, values):
            args[i] = v
        return mpmath.mpf(raw(target.mp_function(*args)))

    at = [mp_args[i] for i in nums]
    tables = {}
    try:
        with mpmath.workdps(digits), np.errstate(all="ignore"):
            for direction in (0, 1, -1):
                rows = []
                for a in range(len(nums)):
                    row = []
                    for b in range(len(nums)):
                        orders = [0] * len(nums)
                        orders[a] += 1
                        orders[b] += 1
                        row.append(mpmath.diff(f, at, orders, direction=direction))
                    rows.append(row)
                tables[direction] = rows
    except Exception:  # noqa: BLE001 - not differentiable there: no independent check
        return None, None
    if any(mpmath.isnan(v) or mpmath.isinf(v) for rows in tables.values() for row in rows for v in row):
        return None, None
    left, right = tables[-1], tables[1]
    for row_left, row_right in zip(left, right):
        for l_value, r_value in zip(row_left, row_right):
            if abs(l_value - r_value) > WRONG_RTOL * max(abs(l_value), abs(r_value), 1):
                return None, (left, right)
    return tables[0], None
