"""One check: every point in every dtype, against finite differences and the exact reference.

`check` is the library entry point (``gradcli.check``); the CLI's ``grad`` and
``check`` commands are views of the `CheckReport` it returns.

Each sub-check of a point (can the dtype hold it, does the target run, the
exact reference, the gradient rule, the working precision, the Hessian)
returns a `Judgement`: its findings and a verdict for the value, the gradient
or the Hessian. `_record` adds them to the point's result, and
`Verdict.decide` makes the verdict, in this order of precedence:

- ``error``: the target raised, the reference did not settle, or the dtype
  cannot hold the point (1e200 in float32): no verdict.
- ``domain``: the exact value or gradient is undefined or infinite there, the
  function has a kink there (``abs`` at 0) or a pole or jump on one side, or
  the exact answer is finite but beyond the dtype's range (exp(exp(800)) in
  float64): no gradient in that dtype is right.
- ``wrong``: gradcli's gradient rule, run at high precision, disagrees with the
  exact derivative of the forward function (relative error above 1e-8, or
  NaN/inf where the derivative is finite: NaN leaking through ``where``): the
  rule itself is wrong, as a bad custom gradient is.
- ``unstable``: the rule is right, but the working precision loses the value
  or the gradient: non-finite where the truth is finite, or a relative error
  above the dtype's tolerance.
- ``ok``.

Relative errors are measured against the exact answer. An entry passes when
|computed - exact| <= atol + rtol x |exact| (numpy's ``allclose`` rule; atol
is 0 unless given). An entry whose exact value is 0 has no relative error, so
it is compared absolutely, against the larger of atol and rtol x max(1, the
largest exact entry): the documented floor near zero, which a given atol can
widen but never narrow (a tolerance never makes a check stricter). atol
judges the working precision (value, gradient, Hessian; along a random
direction, atol x the direction's 1-norm); it never excuses a gradient rule
that is ``wrong``, which is a bug at any size.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

import numpy as np

from ..autodiff.ops import is_float_dtype, raw
from ..errors import InputError
from . import fd, jacobian, provenance, reference
from .dtypes import DEFAULT_RTOL, dtype_of, finfo, mantissa_bits
from .options import CheckOptions
from .points import common_shape
from .provenance import finite
from .results import CheckReport, Finding, PointResult
from .jacobian import VectorOutput
from .targets import describe, resolve
from .verdict import Verdict

WRONG_RTOL = 1e-8


def _cast(value, dtype):
    # Overflow is not a warning to leak but a verdict (`_representability`).
    with np.errstate(over="ignore", under="ignore"):
        if isinstance(value, np.ndarray):
            return value.astype(dtype)
        return dtype.type(value)


def _as_float64(value):
    return np.asarray(value, dtype=np.float64) if np.ndim(value) else float(np.float64(value))


def _plain(value):
    """A JSON-friendly number or nested list (floats, "nan"/"inf" handled by the renderer)."""
    value = raw(value)
    if value is None:
        return None
    if isinstance(value, np.ndarray):
        if value.dtype == object:
            return [_plain(v) for v in value.tolist()] if value.ndim else _plain(value[()])
        return value.astype(np.float64).tolist() if value.dtype.kind != "c" else value.tolist()
    if isinstance(value, list):
        return [_plain(v) for v in value]
    try:
        return float(value)
    except (TypeError, ValueError):
        return str(value)


def check(target, points, options: CheckOptions = None, **changes) -> CheckReport:
    """Check the gradient of ``target`` at ``points`` in each dtype; return a `CheckReport`.

    ``target`` is a formula, ``"file.py:function"``, ``"module:function"`` or a
    Python callable written with ``gradcli.numpy``; ``points`` is a list of
    ``{variable: value}`` dicts (or bare numbers for one variable), or one such
    point. A formula at an array point is checked summed over its elements
    (formulas are elementwise, so the gradient of the sum is the elementwise
    derivative). ``options`` is a `CheckOptions`; keyword ``changes`` replace
    its fields (``gradcli.check(f, [1.0], dtypes=("float64",), order=2)``).
    Every option and point is validated before any point is checked.
    """
    options = replace(options or CheckOptions(), **changes)
    resolved = resolve(target, options.treat_as_variables)
    names = resolved.variables
    unknown = [w for w in options.wrt or () if w not in names]
    if unknown:
        raise InputError(f"--wrt {unknown[0]}: not a variable of the target ({', '.join(names)})")
    chosen = options.wrt or names
    normalized = [_normalize_point(p, names) for p in _point_list(points)]
    if not normalized:
        raise InputError("no points to check: give at least one --at (or --random)")
    if resolved.kind == "formula":
        for point in normalized:
            common_shape(point)  # a formula is elementwise: its arrays must broadcast
    if options.order == 2 and any(np.ndim(v) for point in normalized for v in point.values()):
        raise InputError("--order 2 checks the Hessian of scalar variables; this point has arrays")
    report = CheckReport(resolved.text, resolved.kind, list(names), fail_on=options.fail_on)
    if resolved.formula is not None:
        report.derivative = _symbolic_derivative(resolved.formula, chosen)
    from .balls import one_clock

    # Overflow and invalid operations are what the checker looks for: it reads them from the values
    # (findings), so NumPy's RuntimeWarnings about them would only reach the user's terminal raw.
    with one_clock(), np.errstate(all="ignore"):  # --max-time bounds the whole check, fixes' re-checks included
        for point in normalized:
            for dtype_name in options.dtypes:
                report.results.append(_check_output(resolved, point, dtype_of(dtype_name), chosen, options))
        report.fixes = _fixes(resolved, report, normalized, replace(options, wrt=chosen, fixes=False), options)
    return report


def _fixes(resolved, report, normalized, recheck, options):
    """Fixes re-checked with the very same options (``recheck``): for formulas and for Python functions."""
    if not options.fixes or report.ok:
        return report.fixes
    if resolved.formula is not None:
        from .fixes import find_fixes

        return find_fixes(resolved, report, normalized, recheck)
    if resolved.kind == "function":
        from .source_fixes import find_source_fixes

        return find_source_fixes(resolved, report, normalized, recheck)
    return report.fixes


def _point_list(points):
    """``points`` as a list of points: one number, array element or dict alone is one point."""
    if isinstance(points, (list, tuple)) or (isinstance(points, np.ndarray) and points.ndim):
        return list(points)
    return [points]


def _normalize_point(point, names):
    if not isinstance(point, dict):
        if len(names) != 1:
            raise InputError(f"a bare value needs a target with one variable; this one has {', '.join(names)}")
        point = {names[0]: point}
    missing = [n for n in names if n not in point]
    if missing:
        raise InputError(f"the point {point} has no value for {', '.join(missing)}")
    normalized = {}
    for n in names:
        try:
            value = np.asarray(point[n], dtype=np.float64)
        except (TypeError, ValueError):
            raise InputError(f"the point {n}={point[n]!r} is not a number or an array of numbers") from None
        if value.size == 0:
            raise InputError(f"the point {n}={point[n]!r} is an empty array: there is no gradient to check")
        if not np.all(np.isfinite(value)):
            # A gradient at nan or inf means nothing: bad input, not a verdict.
            raise InputError(f"the point {n}={point[n]!r} is not finite: gradcli checks at finite points")
        normalized[n] = value if value.ndim else float(value)
    return normalized


def _symbolic_derivative(formula, chosen):
    """Each partial derivative as formula text (on the IR: no sympy import)."""
    from ..expr.derivative import differentiate, to_text

    try:
        return {name: to_text(differentiate(formula.root, name)) for name in chosen}
    except (ValueError, RecursionError) as error:  # a nicety, never a failure
        return {"error": str(error)}

@dataclass
class Judgement:
    """What one sub-check of a point found: its findings, and its verdict on each part it judged."""

    value: Verdict = Verdict.OK
    gradient: Verdict = Verdict.OK
    hessian: Verdict = Verdict.OK
    findings: list = field(default_factory=list)


def _error(*findings):
    """No verdict: the point could not be checked."""
    return Judgement(Verdict.ERROR, Verdict.ERROR, findings=list(findings))


def _record(result, *judgements):
    """Add sub-checks' findings and verdicts to a point's result: the one place its verdicts are decided."""
    for judgement in judgements:
        result.findings.extend(judgement.findings)
        result.value_status = Verdict.decide(result.value_status, judgement.value)
        result.gradient_status = Verdict.decide(result.gradient_status, judgement.gradient)
        result.hessian_status = Verdict.decide(result.hessian_status, judgement.hessian)
    result.status = Verdict.decide(result.value_status, result.gradient_status, result.hessian_status)


def _check_point(target, point, dtype, chosen, options):
    """One point in one dtype: run the target, compare with finite differences and the exact reference, judge."""
    names = target.variables
    target, summed_over = _summed(target, point)
    working_args = [_cast(point[n], dtype) for n in names]
    result = PointResult({n: _plain(point[n]) for n in names}, dtype.name, summed_over=summed_over)
    result.rtol, result.atol = _tolerances(options, dtype)
    for key in ("gradient", "exact_gradient", "rule_gradient", "fd_gradient", "fd_error"):
        setattr(result, key, dict.fromkeys(chosen))  # every variable keeps its key: None until known
    _record(result, _representability(result, point, working_args, names, dtype))
    if result.status == Verdict.ERROR:
        return result
    argnums = tuple(names.index(n) for n in chosen)
    try:
        value, grads, recording = _run(target, working_args, argnums, dtype)
    except InputError:
        raise
    except (Exception, SystemExit) as error:  # noqa: BLE001 - the target raised (or called sys.exit): the verdict
        result.error = describe(error)
        _record(result, _error())
        return result
    result.value = _plain(value)
    result.gradient = {n: _plain(g) for n, g in zip(chosen, grads)}
    rounded = [_as_float64(a) for a in working_args]  # what the dtype sees, exactly, as float64
    differences = _differences(result, target, rounded, chosen, options)
    exact = _exact(result, target, rounded, differences, chosen, options.seed, options.max_time)
    rtol = result.rtol
    _record(result, *_judge(result, target, value, dict(zip(chosen, grads)), exact, chosen, dtype, rtol, recording))
    drift = _other_precision(recording, dtype, {"value": value, **dict(zip(chosen, grads))})
    if drift:
        result.notes.append(drift)
    if not differences.reliable:
        # Context, listed after the real findings: the differences are not to be trusted here.
        result.findings.append(Finding("fd-unreliable", "forward", "finite differences", differences.note))
    if result.status == Verdict.UNSTABLE and finite(value) and all(finite(g) for g in grads):
        result.findings.extend(_explain_inaccuracy(result, target, working_args, exact, argnums, dtype))
    if options.order == 2 and result.status != Verdict.ERROR:
        _record(result, *_check_hessian(result, target, point, dtype, chosen, rtol))
    return result


def _check_output(target, point, dtype, chosen, options):
    """`_check_point`, or for a function that returns an array, its Jacobian (`jacobian.check_point`).

    Inside `mp.ieee()`: every high-precision run of the check (reference, differences, explanations,
    Hessian) answers 0/0, x/0 and 0**-1 as the working dtype does, instead of raising.
    """
    from ..autodiff.mp import ieee

    with ieee():
        try:
            return _check_point(target, point, dtype, chosen, options)
        except VectorOutput as vector:
            return jacobian.check_point(target, point, dtype, chosen, options, vector.shape)


def _tolerances(options, dtype):
    """``(rtol, atol)`` for ``dtype``: the options' own, rtol by default per dtype."""
    return (options.rtol if options.rtol is not None else DEFAULT_RTOL[dtype.name]), options.atol


def _run(target, working_args, argnums, dtype):
    """The value and gradient in the working dtype, with every op recorded: ``(value, grads, recording)``."""
    from ..autodiff.transforms import output_value, pull_back, trace_inputs

    recorder = provenance.Recorder(locate_in_python=target.kind == "function")
    with recorder, np.errstate(all="ignore"):
        out, trace, inputs = trace_inputs(target.function, working_args, {}, argnums, "check")
        value = output_value(out, trace)
        returned = np.asarray(raw(value))
        if returned.shape != () and (returned.dtype.kind in "fiub" or returned.dtype == dtype) and returned.size:
            raise VectorOutput(returned.shape)  # checked through its Jacobian (`_check_output`)
        if returned.shape != ():
            raise InputError(f"{target.text} returns shape {returned.shape}; gradcli checks scalar-valued functions (sum the outputs, or check each one)")
        if returned.dtype.kind not in "fiub" and returned.dtype != dtype:  # bfloat16 is kind "V"
            raise InputError(f"{target.text} returns {type(raw(value)).__name__}, not a number; gradcli checks functions that return one number")
        recorder.phase = "backward"
        grads = pull_back(out, trace, inputs, working_args, argnums, np.ones((), dtype=returned.dtype)[()])
    return value, grads, recorder.recording


def _differences(result, target, rounded, chosen, options):
    """Finite differences at the rounded point, recorded on ``result``; never raises."""
    names = target.variables
    try:
        differences = fd.differences(target.function, rounded, target.analytic, options.full, options.seed, target.mp_function)
    except Exception as error:  # noqa: BLE001 - the target raised at a nearby point
        differences = fd.Differences(
            method="failed",
            reliable=False,
            note=f"finite differences failed: the target raised {describe(error)} near this point",
        )
    result.fd_method = differences.method
    if differences.gradient:
        by_name = dict(zip(names, differences.gradient))
        errors = dict(zip(names, differences.error))
        result.fd_gradient = {n: _plain(by_name[n]) for n in chosen}
        result.fd_error = {n: _plain(errors[n]) for n in chosen}
    elif differences.directional is not None:
        result.fd_directional = _plain(differences.directional)
        result.fd_directional_error = _plain(differences.directional_error)
        result.notes.append(
            f"finite differences along a random direction: {differences.directional:.10g}"
            f" (error estimate {differences.directional_error:.1e})"
        )
    return differences


def _exact(result, target, rounded, differences, chosen, seed, max_time=None):
    """The exact reference at the rounded point (or a float64 stand-in), recorded on ``result``."""
    from .balls import Budget

    names = target.variables
    exact = reference.compute(target, rounded, seed=seed, budget=Budget(max_time) if max_time else None)
    result.digits_used = exact.digits
    result.notes.extend(exact.notes)
    stand_in = bool(exact.error)
    if exact.error:
        result.notes.append(f"the exact reference failed: {exact.error}")
        exact = _float64_stand_in(target, rounded, differences, result)
    if exact.unsettled:
        # Its last attempt is no reference (a false 0, or noise): show none rather than a wrong one.
        exact.value, exact.gradient, exact.directional = None, [None] * len(names), None
    result.exact_value = _plain(exact.value)
    result.exact_value_text = _text(exact.value, exact.digits)
    exact_by_name = dict(zip(names, exact.gradient)) if exact.gradient else {}
    rule_by_name = dict(zip(names, exact.rule)) if exact.rule else {}
    result.exact_gradient = {n: _plain(exact_by_name.get(n)) for n in chosen}
    result.exact_gradient_text = {n: _text(exact_by_name.get(n), exact.digits) for n in chosen}
    if exact.directional is not None:
        result.exact_directional = _plain(exact.directional)
    result.rule_gradient = {n: _plain(rule_by_name.get(n)) for n in chosen}
    if stand_in:
        # Float64 numbers are no exact reference: the verdict may lean on them, the exact cells never show them.
        result.exact_value = result.exact_value_text = None
        result.exact_gradient, result.exact_gradient_text = dict.fromkeys(chosen), dict.fromkeys(chosen)
    return exact


def _text(value, digits, significant=20):
    """An exact scalar as text (a float cannot hold 1e+347 or 1e-348); None for anything else.

    Past exponents of a million digits (exp(exp(800))) it is ``10^(...)``: the
    exponent itself would fill the screen.
    """
    import mpmath

    value = raw(value)
    if isinstance(value, np.ndarray) and value.ndim == 0:
        value = value[()]
    if not isinstance(value, mpmath.mpf):  # never mpf(value) here: that rounds to 15 digits
        return None
    # 20 digits need no more than this (past ~4300 digits Python refuses to print an int).
    with mpmath.workdps(min(max(30, digits or 0), 4000)):
        if mpmath.isfinite(value) and value != 0 and abs(mpmath.log10(abs(value))) > 1e6:
            return f"{'-' if value < 0 else ''}10^({mpmath.nstr(mpmath.log10(abs(value)), 10)})"
        return mpmath.nstr(value, significant)


def _summed(target, point):
    """A formula at an array point, summed over its elements; and how many elements (None: not summed).

    Formulas are elementwise, so the gradient of the sum is the elementwise
    derivative: one scalar check covers every element, with exact references
    and finite differences per element.
    """
    if target.kind != "formula" or not any(np.ndim(v) for v in point.values()):
        return target, None
    from dataclasses import replace

    from ..autodiff.ops_array import sum_ as total

    size = int(np.prod(common_shape(point)))
    return (
        replace(
            target,
            function=lambda *args: total(target.function(*args)),
            mp_function=lambda *args: total(target.mp_function(*args)),
        ),
        size,
    )

def _representability(result, point, working_args, names, dtype):
    """``error`` where ``dtype`` cannot hold the point; notes where it rounds an input to 0 or to a subnormal.

    A point beyond the dtype's range has no verdict: the dtype would see inf,
    not the point, and a check at inf means nothing.
    """
    limits = finfo(dtype)
    for name, working in zip(names, working_args):
        given = np.asarray(point[name], dtype=np.float64)
        seen = np.asarray(working).astype(np.float64)
        overflow = ~np.isfinite(seen)
        if overflow.any():
            message = (
                f"{_entry_text(name, given, overflow)} is not representable in {dtype.name} "
                f"(its largest number is {float(limits.max):.3g}): {dtype.name} would see inf, "
                f"so there is nothing to check in {dtype.name}"
            )
            return _error(Finding("unrepresentable", "forward", name, message))
        flushed = (given != 0) & (seen == 0)
        subnormal = (seen != 0) & (np.abs(seen) < float(limits.tiny))
        if flushed.any():
            result.notes.append(
                f"{_entry_text(name, given, flushed)} is 0 in {dtype.name} (its smallest positive number is "
                f"{float(limits.smallest_subnormal):.3g}): {dtype.name} is checked at 0 there"
            )
        if subnormal.any():
            result.notes.append(
                f"{_entry_text(name, given, subnormal)} is subnormal in {dtype.name} (below "
                f"{float(limits.tiny):.3g}): it keeps fewer significant bits, so {dtype.name} is checked "
                "at the nearest number it holds"
            )
    return Judgement()


def _entry_text(name, values, mask):
    """``x = 1e+200``, or ``x[2] = 1e+200 (and 3 more entries)``: the first entry where ``mask`` holds."""
    index = tuple(int(i) for i in np.argwhere(mask)[0])
    label = f"{name}[{', '.join(map(str, index))}]" if index else name
    more = int(mask.sum()) - 1
    return f"{label} = {float(values[index]):.6g}" + (f" (and {more} more entr{'y' if more == 1 else 'ies'})" if more else "")


def _other_precision(recording, dtype, outputs):
    """A note naming the first op, or else the output, in another float dtype than ``dtype`` (a silent cast).

    A check in bfloat16 must see what a bfloat16 framework sees; an op that
    returns float32 or float64 makes the result more accurate than that.
    """

    def other(value):
        value = raw(value)
        if isinstance(value, (np.ndarray, np.generic)) and is_float_dtype(value.dtype) and value.dtype != dtype:
            return value.dtype.name
        return None

    culprit = next(
        (
            f"{op.name}" + (f" (in the gradient rule of {op.node_name})" if op.node_name else "") + f" returned {other(op.output)}"
            for op in recording.ops
            if other(op.output)
        ),
        None,
    )
    culprit = culprit or next(
        (f"the {'value' if name == 'value' else 'gradient in ' + name} came out in {other(v)}" for name, v in outputs.items() if other(v)),
        None,
    )
    if culprit is None:
        return None
    return (
        f"not every step computed in {dtype.name}: {culprit}, so this result can be more accurate "
        f"than a {dtype.name} program's"
    )


def _float64_stand_in(target, rounded, differences, result):
    """When the program cannot run on mpmath numbers: float64 value and finite differences instead."""
    stand_in = reference.Exact(determined=differences.reliable and bool(differences.gradient))
    try:
        with np.errstate(all="ignore"):
            stand_in.value = reference.to_mp(np.float64(raw(target.function(*rounded))))
    except Exception:  # noqa: BLE001
        stand_in.determined = False
        return stand_in
    if differences.gradient:
        stand_in.gradient = [reference.to_mp(np.asarray(g, dtype=np.float64)) if np.ndim(g) else reference.to_mp(g) for g in differences.gradient]
    result.notes.append(
        "compared with the float64 value and finite differences instead, which can share the "
        "very errors being looked for (so no exact value or gradient is shown)"
    )
    return stand_in

def _judge(result, target, value, grads, exact, chosen, dtype, rtol, recording):
    """The judgements of one point against its exact reference: the reference, the domain, the rule, the precision."""
    if exact.unsettled:
        return [_undetermined(exact.out_of_time), _nonfinite(recording, value, grads)]
    if not exact.determined:
        result.notes.append("verdict without an exact reference: the value and gradient are compared with nothing")
    exact_grads = {n: g for n, g in zip(target.variables, exact.gradient)} if exact.gradient else {}
    gradient_known = all(exact_grads.get(n) is not None for n in chosen)
    domain = _domain(target, exact, exact_grads, gradient_known, chosen, dtype)
    if Verdict.DOMAIN in (domain.value, domain.gradient):
        if domain.gradient == Verdict.DOMAIN or not gradient_known:
            return [domain]
        # The value is beyond the dtype but the gradient fits it (exp(log(a) + log(b)) at 1e38 in
        # float32): the gradient is still judged, and an inf there is not ok.
        precision = _precision(result, value, grads, exact, exact_grads, gradient_known, chosen, dtype, rtol)
        rule = _rule(target, exact, exact_grads, gradient_known, chosen)
        return [domain, rule, Judgement(gradient=precision.gradient), _nonfinite(recording, value, grads)]
    rule = _rule(target, exact, exact_grads, gradient_known, chosen)
    precision = _precision(result, value, grads, exact, exact_grads, gradient_known, chosen, dtype, rtol)
    return [domain, rule, precision, _nonfinite(recording, value, grads)]


def _nonfinite(recording, value, grads):
    """Where a NaN or inf first appeared in the working dtype (findings only: the verdict is the others')."""
    gradient_finite = all(finite(g) for g in grads.values())
    return Judgement(findings=provenance.nonfinite_findings(recording, finite(value), gradient_finite))


def _undetermined(out_of_time=""):
    # No exact answer to judge by: say so and fail (an unchecked gradient must not pass CI).
    if out_of_time:
        return _error(Finding("undetermined", "forward", "exact reference", out_of_time))
    return _error(
        Finding(
            "undetermined",
            "forward",
            "exact reference",
            f"the exact reference did not settle below {reference.MAX_DIGITS} digits (the function "
            "cancels more digits than that), so gradcli cannot say whether this value and gradient "
            "are right: no verdict",
        )
    )


def _domain(target, exact, exact_grads, gradient_known, chosen, dtype):
    """``domain`` where the exact value or gradient is undefined, infinite or beyond the dtype; kinks and poles found."""
    findings = [
        Finding(
            "kink",
            "forward",
            name,
            f"the function has a kink here: its derivative in {name} is "
            f"{float(left):.6g} from the left and {float(right):.6g} from the right",
        )
        for name, left, right in exact.kinks
    ] + [
        Finding(
            "singular",
            "forward",
            name,
            f"the function is singular here in {name}: from the left {_side_text(left)}, and from the "
            f"right {_side_text(right)}; it jumps or has a pole at this point, so it has no derivative here",
        )
        for name, left, right in exact.singular
    ]
    beyond = [
        (what, entry)
        for what, entry in [("value", _beyond(exact.value, dtype))]
        + [(f"derivative in {n}", _beyond(exact_grads.get(n), dtype)) for n in chosen]
        if entry is not None
    ]
    if beyond:
        findings.append(_out_of_range(target, beyond, dtype))
    exact_finite = exact.value is not None and finite(exact.value)
    exact_grad_finite = gradient_known and all(finite(exact_grads[n]) for n in chosen)
    gradient_domain = (gradient_known and not exact_grad_finite) or exact.kinks or exact.singular or any(
        what != "value" for what, _ in beyond
    )
    if not (exact.determined and (not exact_finite or gradient_domain or beyond)):
        return Judgement(findings=findings)
    if not exact_finite or (not exact_grad_finite and not (exact.kinks or exact.singular)):
        # (A gradient undefined at a kink or a one-sided singularity is said by those findings.)
        what = "value" if not exact_finite else "gradient"
        findings.append(
            Finding(
                "domain",
                "forward",
                target.text,
                f"the exact {what} is undefined or infinite at this point "
                f"({_plain(exact.value) if what == 'value' else ''}): no working precision can fix that".replace(" ()", ""),
            )
        )
    value_domain = not exact_finite or (bool(beyond) and beyond[0][0] == "value")
    return Judgement(
        value=Verdict.DOMAIN if value_domain else Verdict.OK,
        gradient=Verdict.DOMAIN if gradient_domain else Verdict.OK,
        findings=findings,
    )


def _out_of_range(target, beyond, dtype):
    listed = " and ".join(f"{what} ({_text(entry, 0, 6)})" for what, entry in beyond)
    return Finding(
        "out-of-range",
        "forward",
        target.text,
        f"the exact {listed} {'is' if len(beyond) == 1 else 'are'} finite but beyond {dtype.name}'s "
        f"range (its largest number is {float(finfo(dtype).max):.3g}), so no {dtype.name} program can "
        "return them: that is the dtype's limit, not the program's error (work with the logarithm, "
        "or in a wider dtype)",
    )


def _rule(target, exact, exact_grads, gradient_known, chosen):
    """``wrong`` where gradcli's gradient rule, run at high precision, disagrees with the exact derivative."""
    import mpmath

    if gradient_known and exact.rule:
        rule_by_name = dict(zip(target.variables, exact.rule))
        if not all(finite(rule_by_name[n]) for n in chosen):
            # No precision would fix it, so it is not `unstable`: the rule run at high precision
            # disagrees with the exact derivative, which is what `wrong` means.
            return _wrong(
                "nonfinite-rule",
                f"the gradient rule gives {_short(rule_by_name, chosen)} even at high precision, "
                f"where the exact derivative is {_short(exact_grads, chosen)}: the non-finite gradient "
                "comes from how the gradient is computed, not from rounding, so the rule is wrong here",
            )
        worst = max(_worst_error(rule_by_name[n], exact_grads[n], WRONG_RTOL) for n in chosen)
        if worst > WRONG_RTOL:
            return _wrong(
                "wrong-rule",
                f"the gradient rule is wrong: at high precision it gives {_short(rule_by_name, chosen)} but "
                f"the exact derivative is {_short(exact_grads, chosen)} (relative error {worst:.2e})",
            )
    elif exact.directional is not None and exact.rule:
        rule_dir = sum(_dot(rule, d) for rule, d in zip(exact.rule, exact.direction))
        err = abs(rule_dir - exact.directional) / max(abs(exact.directional), mpmath.mpf(10) ** -30)
        if not err <= WRONG_RTOL:  # NaN too: a NaN rule along the direction is no agreement
            return _wrong(
                "wrong-rule",
                f"the gradient rule is wrong: along a random direction it gives {float(rule_dir):.10g} "
                f"but the exact directional derivative is {float(exact.directional):.10g}",
            )
    return Judgement()


def _wrong(kind, message):
    return Judgement(gradient=Verdict.WRONG, findings=[Finding(kind, "backward", "gradient rule", message)])


def _precision(result, value, grads, exact, exact_grads, gradient_known, chosen, dtype, rtol):
    """``unstable`` where the working precision loses the value or the gradient; errors, ULPs and bits on ``result``."""
    judgement = Judgement()
    if exact.value is not None:
        result.value_error, passed = _compare(value, exact.value, rtol, result.atol, dtype)
        if not passed:
            judgement.value = Verdict.UNSTABLE
        _note_atol(result, "value", passed, [(value, exact.value)], rtol, dtype)
    result.value_ulps = _ulps(value, exact.value, dtype)
    if gradient_known:
        compared = [_compare(grads[n], exact_grads[n], rtol, result.atol, dtype) for n in chosen]
        result.gradient_error = max(error for error, _ in compared)
        result.gradient_ulps = max(_ulps(grads[n], exact_grads[n], dtype) or 0 for n in chosen)
        if not all(passed for _, passed in compared):
            judgement.gradient = Verdict.UNSTABLE
        pairs = [(grads[n], exact_grads[n]) for n in chosen]
        _note_atol(result, "gradient", judgement.gradient == Verdict.OK, pairs, rtol, dtype)
    elif exact.directional is not None:
        computed = sum(_dot(np.asarray(raw(grads[n]), dtype=np.float64), d) for n, d in zip(chosen, exact.direction))
        difference = abs(computed - float(exact.directional))
        result.gradient_error = difference / max(abs(float(exact.directional)), 1e-300)
        # Entrywise |c - e| <= atol + rtol |e| bounds the directional error by atol x sum |d| + rtol x ...
        slack = result.atol * sum(float(np.sum(np.abs(d))) for d in exact.direction)
        if not difference <= slack + rtol * abs(float(exact.directional)):  # NaN fails too
            judgement.gradient = Verdict.UNSTABLE
    bits = float(mantissa_bits(dtype))
    errors = [e for e in (result.value_error, result.gradient_error) if e is not None and math.isfinite(e) and e > 0]
    if errors:
        result.bits_lost = min(bits, max(0.0, math.log2(max(errors) / float(finfo(dtype).eps))))
    elif math.inf in (result.value_error, result.gradient_error):
        result.bits_lost = bits
    return judgement


def _note_atol(result, what, passed, pairs, rtol, dtype):
    """A note where the absolute tolerance alone lets ``what`` pass: it is off by more than rtol relative."""
    if passed and result.atol and not all(_compare(c, e, rtol, 0.0, dtype)[1] for c, e in pairs):
        result.notes.append(
            f"the {what} is off by more than rtol {rtol:g} relative, but within --atol {result.atol:g} "
            "absolute: it passes by the absolute tolerance"
        )


def _side_text(side):
    """One side of a singular point: its derivative, or how its difference quotient diverges."""
    if isinstance(side, list):
        growth = ", ".join(f"{float(q):.3g} at step {float(h):.0e}" for h, q in side)
        return f"the difference quotient grows without bound as the step shrinks ({growth})"
    return f"the derivative is {float(side):.6g}"


def _beyond(exact, dtype):
    """The first entry of an exact result that is finite but rounds to inf in ``dtype``; None if none."""
    import mpmath

    if exact is None:
        return None
    for entry in np.asarray(raw(exact), dtype=object).ravel():
        entry = mpmath.mpf(entry)
        if mpmath.isfinite(entry) and not np.isfinite(_cast(float(entry), dtype)):
            return entry
    return None


def _dot(a, b):
    """The inner product of ``a`` (mpmath numbers stay exact) with the float64 direction ``b``."""
    return sum((x * float(y) for x, y in zip(np.asarray(raw(a), dtype=object).ravel(), np.ravel(b))), 0)


def _short(grads, chosen):
    """``{x: 0.25, y: [nan, 1]}``: every entry shown (an array's too), "not computed" where there is none."""
    return "{" + ", ".join(f"{n}: {_number_text(_plain(grads.get(n)))}" for n in chosen) + "}"


def _number_text(value):
    """A `_plain` number or nested list as short text; never ``None``."""
    if value is None:
        return "not computed"
    if isinstance(value, list):
        return "[" + ", ".join(_number_text(v) for v in value) + "]"
    if isinstance(value, float):
        return f"{value:.10g}"
    return str(value)


def _worst_error(computed, exact, rtol, dtype=None):
    """Worst relative error of ``computed`` against ``exact`` (exact zeros compared absolutely).

    With a ``dtype``, an entry equal to the exact value rounded to that dtype
    has no error: it is the best the dtype can hold (1e-348 is 0 in float64).
    """
    return _compare(computed, exact, rtol, 0.0, dtype)[0]


def _compare(computed, exact, rtol, atol, dtype=None):
    """``(worst relative error, passed)``: ``passed`` when every entry has |computed - exact| <= atol + rtol |exact|.

    An exact 0 is compared against the larger of ``atol`` and the floor
    rtol x max(1, the largest exact entry); there the reported error is
    relative to that floor (0 within rtol of it). With atol 0, ``passed`` is
    exactly "the worst relative error is at most rtol".
    """
    import mpmath

    c = np.asarray(raw(computed))
    e = np.asarray(raw(exact), dtype=object)
    if c.shape != e.shape:
        return math.inf, False
    exact_values = [mpmath.mpf(v) for v in e.ravel()]
    finite_exact = [abs(v) for v in exact_values if not (mpmath.isnan(v) or mpmath.isinf(v))]
    zero_floor = max([mpmath.mpf(1)] + finite_exact)
    worst, passed = 0.0, True
    for computed_value, exact_value in zip(c.ravel(), exact_values):
        # mpf stays mpf: a float would flush 1e-348 to 0.
        if np.iscomplexobj(computed_value):
            computed_value = complex(computed_value).real
        computed_value = mpmath.mpf(computed_value) if isinstance(computed_value, mpmath.mpf) else mpmath.mpf(float(computed_value))
        if mpmath.isnan(exact_value) or mpmath.isinf(exact_value):
            if not (computed_value == exact_value or (mpmath.isnan(computed_value) and mpmath.isnan(exact_value))):
                return math.inf, False
            continue
        if mpmath.isnan(computed_value) or mpmath.isinf(computed_value):
            return math.inf, False
        if dtype is not None and computed_value == mpmath.mpf(float(dtype.type(float(exact_value)))):
            continue
        difference = abs(computed_value - exact_value)
        if exact_value == 0:
            error = float(difference / zero_floor) if difference > rtol * zero_floor else 0.0
            passed = passed and difference <= max(atol, rtol * zero_floor)
        else:
            error = float(difference / abs(exact_value))
            passed = passed and difference <= atol + rtol * abs(exact_value)
        worst = max(worst, error)
    return worst, passed


def _ulps(computed, exact, dtype):
    """The error in units in the last place of the working dtype (the worst entry)."""
    import mpmath

    if exact is None:
        return None
    c = np.asarray(raw(computed))
    e = np.asarray(raw(exact), dtype=object)
    if c.shape != e.shape:
        return None
    worst = 0.0
    for cv, ev in zip(c.ravel(), e.ravel()):
        ev = mpmath.mpf(ev)
        cv = float(np.real(cv))
        if mpmath.isnan(ev) or mpmath.isinf(ev) or not math.isfinite(cv):
            if not (math.isnan(cv) and mpmath.isnan(ev)) and cv != float(ev):
                return math.inf
            continue
        rounded = dtype.type(float(ev))
        ulp = float(np.spacing(np.abs(rounded))) if np.isfinite(rounded) else math.inf
        if ulp == 0:
            ulp = float(finfo(dtype).smallest_subnormal)
        worst = max(worst, float(abs(mpmath.mpf(cv) - ev)) / ulp)
    return worst


def _explain_inaccuracy(result, target, working_args, exact, argnums, dtype):
    """Findings that name the op that lost the accuracy: the same program recorded at high precision and in ``dtype``."""
    import mpmath

    python = target.kind == "function"
    rounded = [_as_float64(a) for a in working_args]
    try:
        with mpmath.workdps(exact.digits):
            mp_args = [reference.to_mp(a) for a in rounded]
            precise = _recorded_run(target.mp_function, mp_args, argnums, mpmath.mpf(1), python)
    except Exception:  # noqa: BLE001 - no explanation is better than a crash
        return []
    working = _recorded_run(target.function, working_args, argnums, np.ones((), dtype=dtype)[()], python)
    eps = float(finfo(dtype).eps)
    found = []
    if result.value_status == Verdict.UNSTABLE:
        found.append(provenance.root_cause(working, precise, "forward", eps))
    if result.gradient_status == Verdict.UNSTABLE:
        found.append(provenance.root_cause(working, precise, "backward", eps))
        found.append(provenance.backward_root_cause(working, precise, eps))
        if not any(found):
            found.append(provenance.root_cause(working, precise, "forward", eps))
    new = []
    for finding in found:
        if finding is not None and all(f.message != finding.message for f in result.findings + new):
            new.append(finding)
    return new


def _recorded_run(function, args, argnums, seed_cotangent, nested):
    """Run ``function`` forward and backward with every op recorded; return the `provenance.Recording`.

    ``nested`` runs it inside an outer trace: a custom gradient's grad_fn then
    computes on traced values, so its own ops (``1 - 1/(1+e)``) pass through
    the core's doors and are recorded with their source lines, instead of
    running as plain NumPy arithmetic that nothing sees.
    """
    from ..autodiff.transforms import pull_back, trace_inputs

    recorder = provenance.Recorder(locate_in_python=nested)

    def forward_and_backward(*xs):
        out, trace, inputs = trace_inputs(function, list(xs), {}, argnums, "check")
        recorder.phase = "backward"
        return pull_back(out, trace, inputs, list(xs), argnums, seed_cotangent)

    with recorder, np.errstate(all="ignore"):
        if nested:
            trace_inputs(forward_and_backward, list(args), {}, argnums, "check")
        else:
            forward_and_backward(*args)
    return recorder.recording

def _check_hessian(result, target, point, dtype, chosen, rtol):
    """The judgements of the second derivatives: in the working dtype against the same program's at high
    precision, and that program's against the true second derivatives (a wrong second-order rule is ``wrong``)."""
    import mpmath

    from ..autodiff import mp as mp_core

    names = target.variables
    nums = [names.index(n) for n in chosen]
    working_args = [_cast(point[n], dtype) for n in names]
    try:
        with np.errstate(all="ignore"):
            working = _hessian_at(target.function, working_args, nums)
    except Exception as error:  # noqa: BLE001 - the target's second derivative raised
        result.error = f"{type(error).__name__}: {error} (while taking second derivatives)"
        return [Judgement(gradient=Verdict.ERROR)]
    result.hessian = _plain_rows(working)
    digits = max(result.digits_used or 60, 60)
    mp_args = [reference.to_mp(_as_float64(a)) for a in working_args]
    mp_core.enable()
    try:
        with mpmath.workdps(digits), np.errstate(all="ignore"):
            precise = _hessian_at(target.mp_function, mp_args, nums)
    except Exception as error:  # noqa: BLE001 - no high-precision run: compare with nothing
        result.notes.append(f"the second derivatives failed at high precision: {type(error).__name__}: {error}")
        return []
    result.rule_hessian = _plain_rows(precise)
    true, kink = _true_hessian(target, mp_args, nums, digits)
    if kink is not None:
        left, right = (_plain_rows(side) for side in kink)
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
        result.exact_hessian = _plain_rows(true)
        second_order_rule = _second_order_rule(result, precise, true)
    return [second_order_rule, _hessian_precision(result, working, precise, dtype, rtol)]


def _hessian_at(function, args, nums):
    """The second derivatives of ``function`` in the arguments ``nums`` at ``args``, by gradcli's rules."""
    from ..autodiff.transforms import grad

    return [[grad(grad(function, argnums=i), argnums=j)(*args) for j in nums] for i in nums]


def _plain_rows(rows):
    return [[_plain(v) for v in row] for row in rows]


def _second_order_rule(result, precise, true):
    """``wrong`` where the second-derivative rules, run at high precision, disagree with the true second derivatives."""
    if result.status == Verdict.DOMAIN:
        # Where the first derivative is undefined, its derivatives by differences mean nothing.
        return Judgement()
    size = range(len(precise))
    wrong = max(_worst_error(precise[i][j], true[i][j], WRONG_RTOL) for i in size for j in size)
    if wrong <= WRONG_RTOL:
        return Judgement()
    message = (
        f"the second-derivative rule is wrong: at high precision it gives {result.rule_hessian} "
        f"but the exact second derivatives are {result.exact_hessian} (relative error {wrong:.2e})"
    )
    return Judgement(hessian=Verdict.WRONG, findings=[Finding("wrong-rule", "backward", "second derivative", message)])


def _hessian_precision(result, working, precise, dtype, rtol):
    """``unstable`` where the working dtype loses the second derivatives that high precision finds."""
    size = range(len(working))
    compared = [_compare(working[i][j], precise[i][j], rtol, result.atol, dtype) for i in size for j in size]
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
