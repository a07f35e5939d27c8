"""One point in one dtype: run the target, compare with finite differences and the exact reference, judge.

`check_point` is the scalar check that `runner.check` runs per point and
dtype, and that the Jacobian check runs once per row of a vector-valued
target.
"""

from __future__ import annotations

import contextlib
import contextvars
import math
import os
from dataclasses import replace

import numpy as np

from ..autodiff import NoGradientError
from ..autodiff import mp as mp_core
from ..autodiff.mp import ieee
from ..autodiff.boxes import computing_as, noting_dtype_reads
from ..autodiff.ops import is_float_dtype, raw
from ..autodiff.ops_array import sum_ as total
from ..autodiff.custom import variable_rules_run
from ..autodiff.tape import variables_read
from ..autodiff.transforms import output_value, pull_back, trace_inputs
from ..capture import without_replay
from ..capture.bridge import differentiating_the_primal, dtypes_mixed, replaying_points
from ..capture.exact_constants import held_in, held_name, meant, watching
from ..capture.numpy_reads import the_programs_run
from ..capture.loop_trips import LoopNeverEnds, LoopStopped, one_point
from ..capture.own_time import OwnCallStopped
from ..errors import InputError
from ..files import shown_path
from . import data_rounding, fd, no_derivative, no_gradient_in, provenance, reference, rule_blame
from .held_literals import held_changes, held_formula_target, held_function, holding_numbers, literals_in
from .balls import Budget, seconds_left
from .compare import as_float64, cast, compare, dtype_name, exact_text, plain, rule_tolerance, tolerances
from .dtypes import finfo
from .hessian import check_hessian
from .judge import judge, judged_beside_settled, loop_stopped, narrowed, own_call_stopped, narrowing_finding
from .judgement import Judgement, no_verdict, record
from .points import common_shape
from .precision import Exact, below_text, every_coordinate, flat_entries, to_mp, with_noise
from .provenance import finite
from .results import Finding, Later, PointResult, findings_made
from .targets import describe, raised_line, reads_a_dtype, stepped_as_the_dtype
from .verdict import Verdict


# Inside a fix's re-check only the verdicts are read (`fixes.verdict_parts`): the parts of a check
# that give findings and notes alone (finite differences, explanations) are left out there.
_VERDICTS_ONLY = contextvars.ContextVar("gradcli_verdicts_only", default=False)


@contextlib.contextmanager
def verdicts_only():
    """A context for checks whose verdicts alone are read: a fix's re-check, judged by its verdicts."""
    token = _VERDICTS_ONLY.set(True)
    try:
        yield
    finally:
        _VERDICTS_ONLY.reset(token)


def reading_verdicts_only():
    """Whether the check running now is one whose verdicts alone are read (`verdicts_only`)."""
    return _VERDICTS_ONLY.get()


# A sweep reads its checks' verdicts and findings to draw its intervals, never their finite differences (the
# numbers, their error estimates, or the finding that calls them unreliable): there the differences are left out.
_DIFFERENCES_UNREAD = contextvars.ContextVar("gradcli_differences_unread", default=False)


@contextlib.contextmanager
def differences_unread():
    """A context for checks whose finite differences nobody reads (a sweep's): they are not made."""
    token = _DIFFERENCES_UNREAD.set(True)
    try:
        yield
    finally:
        _DIFFERENCES_UNREAD.reset(token)


def _differences_read():
    """Whether the check running now shows its finite differences (neither `verdicts_only` nor `differences_unread`)."""
    return not (_VERDICTS_ONLY.get() or _DIFFERENCES_UNREAD.get())


class VectorOutput(InputError):
    """Raised by the scalar path for a target that returns an array: it is checked through its Jacobian."""

    def __init__(self, shape):
        super().__init__(f"the target returns shape {tuple(shape)}: check it through its Jacobian")
        self.shape = tuple(shape)


def check_point(target, point, dtype, chosen, options):
    """One point in one dtype: run the target, compare with finite differences and the exact reference, judge."""
    names = target.variables
    target, summed_over = summed(target, point)
    working_args = [cast(point[n], dtype) for n in names]
    result = PointResult({n: plain(point[n]) for n in names}, dtype_name(dtype), summed_over=summed_over, held=dict(target.held))
    result.rtol, result.atol = tolerances(options, dtype)
    for key in ("gradient", "exact_gradient", "rule_gradient", "fd_gradient", "fd_error", "exact_gradient_why"):
        setattr(result, key, dict.fromkeys(chosen))  # every variable keeps its key: None until known
    record(result, _representability(result, point, working_args, names, dtype, _reads_subnormals_as_zero(target)))
    if result.status == Verdict.ERROR:
        return result
    try:
        with one_point(_stopped_loops(target, [as_float64(a) for a in working_args]), finfo(dtype).nmant + 1), \
                computing_as(dtype):  # the exact runs compute the program in ``dtype``: its dtype reads answer so
            return _checked(result, target, point, working_args, dtype, chosen, options)
    except OwnCallStopped as stopped:  # the framework's own run did not return in --max-time: nothing to judge
        record(result, own_call_stopped(stopped))
        return result
    except LoopStopped as stopped:  # a loop of the user's that does not end within the budget here: this point's fact
        left = None
        if result.value is None and target.bridge is not None:
            left = _framework_numbers(result, target, working_args, chosen, dtype)
        record(result, loop_stopped(stopped))
        if left is not None:  # the numbers under test did not come either: the framework's own call is named too
            record(result, own_call_stopped(left))
        return result


def _framework_numbers(result, target, working_args, chosen, dtype):
    """``result``'s value and gradient from the framework's own run alone, where a replay beside it (for provenance)
    stopped in a loop before they were read: the numbers under test, shown though no verdict judges them. Returns the
    `OwnCallStopped` where the framework's own call did not return within --max-time either, else None."""
    argnums = tuple(target.variables.index(n) for n in chosen)
    try:
        with without_replay():
            value, grads, _ = _run_with(target, working_args, argnums, dtype, provenance.Watch(dtype))
    except OwnCallStopped as left:
        return left
    except Exception:  # noqa: BLE001 - the point has no verdict already: its numbers are shown only where they come
        return None
    result.value = plain(value)
    result.gradient = {n: plain(g) for n, g in zip(chosen, grads)}
    return None


def _checked(result, target, point, working_args, dtype, chosen, options):
    """`check_point` once the point is known to fit ``dtype``: the run, the differences, the reference, the verdicts."""
    names = target.variables
    argnums = tuple(names.index(n) for n in chosen)
    try:
        # the Variables gradcli's own function reads and the variables= rules it runs, seen by this run: a function
        # whose run ran none pays no variables' search
        own = target.bridge is None
        with variables_read() if own else contextlib.nullcontext(()) as read, \
                variable_rules_run() if own else contextlib.nullcontext(()) as variables_rules, \
                noting_dtype_reads() as dtype_reads:
            value, grads, recording = _run(target, working_args, argnums, dtype)
    except LoopNeverEnds as never:  # the program's run in ``dtype`` never returns here: judged against the mathematics
        record(result, _never_ends_in_the_dtype(result, target, point, dtype, chosen, options, never))
        return result
    except InputError:
        raise
    except (Exception, SystemExit) as error:  # noqa: BLE001 - the target raised (or called sys.exit): the verdict
        result.error = describe(error)
        record(result, _raised_in_the_dtype(result, target, point, dtype, chosen, options, error))
        return result
    result.value = plain(value)
    result.gradient = {n: plain(g) for n, g in zip(chosen, grads)}
    rounded = [as_float64(a) for a in working_args]  # what the dtype sees, exactly, as float64
    # a program that read its dtype (its source too: an input --wrt holds is NumPy's own value in this run)
    own_dtype_read = np.dtype(dtype) != np.float64 and (bool(dtype_reads) or reads_a_dtype(target))
    # The program as written is the float64 one: the point as given is a float64 number too.
    original, target = _as_held(target, None, np.float64, (), ()), _as_held(target, recording, dtype, working_args, argnums)
    written = [as_float64(cast(point[n], np.float64)) for n in names]  # the point as given
    if reading_verdicts_only():
        # A fix's re-check is judged by its verdicts, which the differences never decide.
        exact, (target, program, _) = _exact(result, (original, target), (rounded, written), chosen, options.seed,
                                          options.max_time, texts=False, full=options.full, dtype=dtype)
        record(result, *judge(result, target, value, dict(zip(chosen, grads)), exact, chosen, dtype, result.rtol, recording,
                              verdicts_alone=True, moved=_data_moved(target, rounded, chosen, options, dtype, program),
                              meant=_constants_meant(target, rounded, chosen, options, program),
                              written=_written_reference(original, target, rounded, chosen, options, program)))
        _settled_and_judged(result, target, rounded, value, grads, exact, chosen, dtype, result.rtol, recording,
                            options, program)
        if options.order == 2 and result.status != Verdict.ERROR:
            record(result, *check_hessian(result, target, point, dtype, chosen, result.rtol))
        return result
    differences = None
    if _differences_read():  # differenced as the program of ``dtype``, not float64's
        stepped = stepped_as_the_dtype(target, chosen) if own_dtype_read else target
        differences = _differences(result, stepped, rounded, chosen, options, dtype)
    exact, (target, program, rounded_constant) = _exact(result, (original, target), (rounded, written), chosen,
                                                        options.seed, options.max_time, full=options.full, dtype=dtype)
    rtol = result.rtol
    record(result, *judge(result, target, value, dict(zip(chosen, grads)), exact, chosen, dtype, rtol, recording,
                          moved=_data_moved(target, rounded, chosen, options, dtype, program),
                          meant=_constants_meant(target, rounded, chosen, options, program),
                          compiled_apart=lambda: _lost_to_compiling(target, working_args, value, dtype, recording),
                          written=_written_reference(original, target, rounded, chosen, options, program)))
    _settled_and_judged(result, target, rounded, value, grads, exact, chosen, dtype, rtol, recording, options, program)
    if rounded_constant is not None and result.status == Verdict.UNSTABLE:  # the cause, named first
        message = f"{rounded_constant}, so {dtype_name(dtype)} cannot compute that function at this point"
        result.findings.insert(0, Finding("constant-rounded", "forward", "constant", message))
    elif rounded_constant is not None and result.status == Verdict.OK:  # said, as the next point's numbers may not be
        result.notes.append(f"{rounded_constant}; the point is judged against the function as written, which "
                            f"{dtype_name(dtype)} computes right here")
    # a term the framework's gradient leaves out (a number read by .item(), a call it does not differentiate), else
    # a framework's own rule found wrong: named at its call's line
    if not rule_blame.name_undifferentiated(result, target, rounded):
        rule_blame.name_the_call(result, target, rounded, program=program)
    if result.gradient_status == Verdict.OK:  # a variables= rule's variables' gradients, which the arguments' never read
        record(result, rule_blame.judge_rule_variables(target, rounded, program, tolerance=rule_tolerance(rtol, dtype, 0),
                                                       ran_variables_rules=bool(variables_rules)))
    if target.bridge is not None and target.bridge.compiled_otherwise is not None:
        _note_compiled_otherwise(result, target, working_args, value)
    drift = _other_precision(recording, dtype, {"value": value, **dict(zip(chosen, grads))})
    narrow = narrowed(recording, dtype) if drift and result.status == Verdict.UNSTABLE else None
    computed_narrower = _computed_narrower(target.bridge, dtype)
    if computed_narrower and result.status == Verdict.UNSTABLE:  # a library's own dtype lost the digits: the cause
        result.findings[:0] = computed_narrower
    elif computed_narrower:  # still right to the dtype's tolerance: said, as the next point may not be
        result.notes.extend(f"{f.message} (at {f.location})" if f.location else f.message for f in computed_narrower)
    elif narrow is not None:  # the digits went in a library's cast: the first finding names it
        result.findings.insert(0, narrowing_finding(narrow, dtype))
    elif drift:
        result.notes.append(drift)
    provenance.spelled_findings(findings_made(result), getattr(recording, "spellings", None))
    provenance.cause_first(findings_made(result))
    if differences is not None and not differences.reliable:
        # Context, listed after the real findings: the differences are not to be trusted here.
        result.findings.append(Finding("fd-unreliable", "forward", "finite differences", differences.note))
    if result.status == Verdict.UNSTABLE and finite(value):
        # A gradient that went NaN or inf is explained by the non-finite findings; a finite value that lost its
        # digits (arccosh(1 + x) at x = 1e-20: 0, its gradient inf) still is, by the ops of the forward pass
        gradient_explained = all(finite(g) for g in grads)
        if gradient_explained or result.value_status == Verdict.UNSTABLE:
            result.explain_later(_Explanation(result, target, working_args, exact, argnums, dtype, program,
                                              gradient_explained, getattr(recording, "spellings", None)))  # never holds result
    if options.order == 2 and result.status != Verdict.ERROR:
        record(result, *check_hessian(result, target, point, dtype, chosen, rtol))
        if read:
            named = ", ".join(dict.fromkeys(v.name for v in read if v.name))
            result.notes.append("--order 2 judges the second derivatives in the arguments: those in the Variables the "
                                f"function reads{f' ({named})' if named else ''} are not judged, their first derivatives are")
    return result


def _computed_narrower(bridge, dtype):
    """A finding for each call of the run in ``dtype`` into a library that computes in a narrower dtype of its own
    (`Bridge.computed_narrower`: a Keras loss's float32), at the user's line."""
    if bridge is None or bridge.computed_narrower is None:
        return []
    return [Finding("narrowed", "forward", what, why, location=None if at is None else f"{shown_path(at[0])}:{at[1]}")
            for what, why, at in bridge.computed_narrower(dtype)]


def _note_compiled_otherwise(result, target, working_args, value):
    """Note where the framework's compiled program computes ``value`` otherwise than its operations as given, which
    gradcli's float replay and differences run (`_compiled_otherwise`); a failure to tell notes nothing."""
    note = _compiled_otherwise(target, working_args, value)
    if note:
        result.notes.append(note)


def _lost_to_compiling(target, working_args, value, dtype, recording):
    """Whether the framework's compiled program alone computes ``value`` otherwise than its operations one by one
    (`_compiled_otherwise`), and by no more than one rounding of its work can move it: a gap from the operations' own
    value (the recorded replay's) within what a rounding of the run's largest intermediate S becomes through a square
    root's or an arccos's corner, 2 sqrt(eps S) (sqrt of XLA's fused MMD^2 7.7e-18 where the terms of 1.47 cancel to 0
    one by one; arccos of its fused cosine 1 - 2^-53), or within the spread of the program replayed on exact numbers
    at the dtype's bits, every op rounded down and then up (`precision.with_noise`); a NaN or an inf where that
    replay's rounding already costs half the dtype's digits (arccosh of a product XLA rounds to 1 - 2^-53). A value
    further off is another function (JAX's expn(n, 0), 1/n for 1/(n - 1))."""
    if _compiled_otherwise(target, working_args, value) is None:
        return False
    import mpmath  # lazy: heavy; loaded already by the exact reference this judgement read

    values = flat_entries(np.asarray(raw(value), dtype=np.float64))
    forward = [op for op in getattr(recording, "ops", ()) if op.phase == "forward"]
    eps = float(finfo(dtype).eps)
    if forward and all(math.isfinite(v) for v in values):
        replayed = flat_entries(np.asarray(raw(forward[-1].output), dtype=np.float64))
        largest = max((abs(float(e)) for op in forward for e in flat_entries(np.asarray(raw(op.output)))
                       if isinstance(e, (int, float)) and math.isfinite(e)), default=0.0)
        corner = 2 * math.sqrt(eps * max(largest, 1.0))
        if len(replayed) == len(values) and all(abs(v - float(e)) <= corner * max(1.0, abs(float(e)))
                                                for v, e in zip(values, replayed)):
            return True
    exact_args = [to_mp(as_float64(a)) for a in working_args]
    try:
        mp_core.enable()
        with mpmath.workprec(finfo(dtype).nmant + 1), np.errstate(all="ignore"), held_in(dtype):
            nearest, noises = with_noise(lambda: flat_entries(target.mp_function(*exact_args)))
    except Exception:  # noqa: BLE001 - no replay in the dtype's bits: nothing shows the gap is rounding
        return False
    if len(values) != len(nearest):
        return False
    edge = mpmath.sqrt(mpmath.mpf(eps))
    return all((not mpmath.isfinite(noise)) or (abs(mpmath.mpf(v) - e) <= 4 * noise if math.isfinite(v) else
                                                 0 < noise and edge * abs(e) <= noise)
               for v, e, noise in zip(values, nearest, noises))


def _compiled_otherwise(target, working_args, value):
    """`Bridge.compiled_otherwise`'s note at the point (asked with the user's own arguments: trees rebuilt and held
    data in place, as the bridge captured them), made once per point; None where the two agree, where the bridge
    has no compiled program, or where it cannot tell."""
    if target.bridge is None or target.bridge.compiled_otherwise is None:
        return None
    key = ("compiled otherwise", _point_key([as_float64(a) for a in working_args]), np.asarray(value).dtype.str)
    if key not in target.shared:
        try:
            target.shared[key] = target.bridge.compiled_otherwise(target.users_arguments(working_args), value) or None
        except Exception:  # noqa: BLE001 - the note explains a disagreement; the verdict stands without it
            target.shared[key] = None
    return target.shared[key]


# What a run in a dtype raises where its numbers break rather than the mathematics: a factorisation meeting a
# pivot its rounding made 0 (a jitter absorbed), a Python float dividing by a difference that rounded to 0.
_DTYPE_BREAKS = (np.linalg.LinAlgError, ZeroDivisionError, OverflowError, FloatingPointError)


_DTYPES_MIXED = "dtypes-mixed"  # a finding's kind: the framework refused to mix float dtypes in the program's run
_RAISES = "the program raises in"  # how such a finding begins where the program's run raised


def without_refused_dtypes(results, notes):
    """One point's ``results`` (one per dtype) without those whose run the framework refused for mixing float dtypes
    (`bridge.dtypes_mixed`), each said in ``notes`` (once: every point's refusal says the same), where another dtype
    ran: the program its user runs is judged in that dtype, and a float32 program whose library raises in float64 is
    no failure of the program. Where none ran, every result stays (no verdict, saying why)."""
    refused = [r for r in results if any(f.kind == _DTYPES_MIXED for f in findings_made(r))]
    if not refused or len(refused) == len(results):
        return results
    ran = ", ".join(r.dtype for r in results if r not in refused)
    for r in refused:
        said = next(f for f in r.findings if f.kind == _DTYPES_MIXED)
        at = f" (at {said.location})" if said.location else ""
        note = f"not run in {r.dtype}: {said.message}{at}; the program runs in {ran}, its verdict there"
        if note not in notes:
            notes.append(note)
    return [r for r in results if r not in refused]


def _raised_in_the_dtype(result, target, point, dtype, chosen, options, error):
    """The verdict of a run in ``dtype`` that raised: `unstable` where the raise is the numbers' (`_DTYPE_BREAKS`)
    and the exact reference at the point is finite and smooth (the program as written, at the point as ``dtype``
    holds it), else no verdict; where the framework refused a custom rule's answer (a bridge marks the error
    ``rule_refused``, its ``raised_at`` the rule's line), no verdict with a finding at the rule's line and the exact
    reference of the forward alone; where a bridge
    found a custom rule's answer wrong as it ran (``wrong_rule``: a gradient of the wrong shape), `wrong` there."""
    raised = getattr(error, "original", error)
    no_gradient_in.mark(raised, chosen)
    if getattr(raised, "rule_refused", False):  # the framework refused its custom rule's answer (a bridge says so)
        result.error = ""  # the finding says what raised, and the rule's line
        with differentiating_the_primal():  # no rule to judge, but the mathematics it should give is shown
            exact = _exact_as_written(result, target, point, dtype, chosen, options)
        if getattr(raised, "no_derivative", None) is not None or getattr(raised, "modified_in_place", None):
            return _without_a_derivative(result, target, point, dtype, exact, error)
        return no_verdict(Finding("raised", "backward", "gradient rule",
                                  f"the framework refused the gradient rule's answer: {type(raised).__name__}: {raised}",
                                  location=raised_line(error)))
    if getattr(raised, "stand_in", False):  # a bridge's graph computes otherwise than the user's run (it says where)
        result.error = ""
        return no_verdict(Finding("graph-differs", "forward", raised.op, str(raised), location=raised_line(error)))
    rule = getattr(raised, "wrong_rule", None)  # (name, file:line) of a rule a bridge found wrong as it ran
    if rule is not None:
        result.error = ""
        return Judgement(gradient=Verdict.WRONG, findings=[Finding("wrong-rule", "backward", f"gradient rule {rule[0]}",
                                                                   str(raised), location=rule[1])])
    mixed = dtypes_mixed(error)
    if mixed:  # the program runs in another dtype only: said for this one (`without_refused_dtypes`)
        result.error = ""
        said = str(raised) if type(raised).__module__.startswith("gradcli") else (  # a bridge's own words, or the framework's
            f"{mixed} refuses to mix float dtypes in one operation ({type(raised).__name__}: {raised}), where a tensor "
            "the code or a library it calls makes in its own dtype (one made without dtype=, a distribution's "
            f"constant) meets the {dtype_name(dtype)} input{_held_as_integers(target, dtype)}")
        return no_verdict(Finding(_DTYPES_MIXED, "forward", type(raised).__name__, f"{_RAISES} {dtype_name(dtype)}: {said}",
                                  location=raised_line(error)))
    if not isinstance(raised, _DTYPE_BREAKS):
        return no_verdict()
    exact = _exact_as_written(result, target, point, dtype, chosen, options)
    if exact.unsettled or exact.error or not exact.determined:
        return no_verdict()
    raised_as = f"the program raised {type(raised).__name__}: {raised}"
    if _undefined(exact):  # a singular matrix's slogdet: its exact value is -inf, a pole, where no gradient exists
        verdict = Verdict.DOMAIN
        message = f"{raised_as}, and the exact function has no derivative here: {_why_undefined(exact)}"
    else:
        verdict = Verdict.UNSTABLE
        message = (f"{dtype_name(dtype)} cannot compute the function here: {raised_as}, "
                   "where the exact value and gradient are finite")
    result.error = ""  # the finding says what raised, and where
    return Judgement(verdict, verdict,
                     findings=[Finding("raised", "forward", type(raised).__name__, message, location=raised_line(error))])


def _never_ends_in_the_dtype(result, target, point, dtype, chosen, options, never):
    """The verdict where a loop of the program never ends in ``dtype`` at the point (`loop_trips.LoopNeverEnds`, met
    in gradcli's replay of it, so the framework's own run, which nothing could stop, is never started): `unstable`
    at the loop's line where the exact function is finite and smooth there (the mathematics has an answer the dtype's
    program never reaches), else no verdict with the same finding."""
    finding = Finding("never-ends", "forward", never.name.partition(" at ")[0].removeprefix("a "), str(never),
                      location=never.where)
    exact = _exact_as_written(result, target, point, dtype, chosen, options)
    if exact.unsettled or exact.error or not exact.determined or _undefined(exact):
        return no_verdict(finding)
    return Judgement(Verdict.UNSTABLE, Verdict.UNSTABLE, findings=[finding])


def _held_as_integers(target, dtype):
    """The inputs held as data that were written as whole numbers, said as a cause of a mixed-dtype refusal: they
    reach the code as integer tensors (as labels and indices must), and a framework's float arithmetic on an
    integer tensor comes out in its default float32."""
    names = [name for name, value in target.held.items() if _whole_numbers(value)]
    if not names:
        return ""
    return (f", or where {', '.join(names)}, written as whole numbers outside --wrt, is held as integer data (as labels "
            "and indices are) and the code's float arithmetic on it comes out in the framework's default float32: "
            f"write its numbers with a decimal point (1.0) to hold them in {dtype_name(dtype)}")


def _whole_numbers(value):
    """Whether a held value (numbers nested in lists) is Python ints only, bools aside."""
    if isinstance(value, list):
        return bool(value) and all(_whole_numbers(v) for v in value)
    return type(value) is int


def _without_a_derivative(result, target, point, dtype, exact, error):
    """The verdict where the framework computes the value but has no derivative for one of its ops there (a bridge
    marks the error ``no_derivative``, its ``raised_at`` the call's line), or its backward of an op finds a tensor the
    op saved changed in place since (``modified_in_place``): the framework's value judged against the exact one, the
    gradient an error naming the op and its line, and what the exact reference gives in its place
    (`_exact_gradient_said`)."""
    raised = getattr(error, "original", error)
    value_verdict = Verdict.OK
    try:
        with without_replay():
            value = target.function(*[cast(point[n], dtype) for n in target.variables])
        result.value = plain(value)
        if exact.value is not None and not compare(value, exact.value, result.rtol, result.atol, np.dtype(dtype))[1]:
            value_verdict = Verdict.UNSTABLE
    except Exception:  # noqa: BLE001 - no value either: the gradient's error is the finding
        pass
    # gradcli's own rules where no framework's ran (a plain NumPy module, a gradcli.numpy function)
    framework = rule_blame.framework_name(target.bridge) if getattr(target.bridge, "framework", None) else "gradcli"
    said = getattr(raised, "said", None) or f"{type(raised).__name__}: {raised}"  # gradcli's own refusal in the user's words
    op = getattr(raised, "no_derivative", None)
    if op is None:  # the op's own derivative exists; the program changed what it saved
        op = raised.modified_in_place
        message = (f"{framework} gives no gradient: the backward of the {op} at this line needs a tensor the op "
                   f"saved, which an in-place write after it changed ({said}); "
                   f"{_exact_gradient_said(result.exact_gradient, bool(exact.out_of_time))}; write that update out "
                   "of place (the steps collected in a list and stacked, or what is read cloned before the write)")
    else:
        message = (f"{framework} has no derivative for {op} here, so it gives no gradient "
                   f"({said}); {_exact_gradient_said(result.exact_gradient, bool(exact.out_of_time))}")
    if getattr(raised, "advice", ""):  # what the bridge says a user can check instead
        message += f"; {raised.advice}"
    finding = Finding("no-derivative", "backward", op, message, location=raised_line(error))
    return Judgement(value_verdict, Verdict.ERROR, findings=[finding])


def _exact_gradient_said(exact_gradient, out_of_time=False):
    """What a check without the framework's gradient gives in its place, as ``exact_gradient`` (a result's, per
    variable) holds it, in words true wherever the finding is read (a sweep's interval too): the function's exact
    gradient in the variables where it is a finite number in every entry (its numbers, the first few of an array),
    those where the exact reference finds a NaN or an infinity (no derivative there), and those it gives no number
    for: because it ran past --max-time where ``out_of_time``, which is no word on the mathematics."""
    kinds, numbers = {}, []
    for name, g in exact_gradient.items():
        entries = [] if g is None else list(np.ravel(np.asarray(g, dtype=object)))
        if not entries or any(e is None for e in entries):
            kinds.setdefault("absent", []).append(name)
        elif all(finite(float(e)) for e in entries):
            kinds.setdefault("shown", []).append(name)
            listed = ", ".join(f"{float(e):.10g}" for e in entries[:_LISTED])
            more = ", ..." if len(entries) > _LISTED else ""
            numbers.append(f"{name}: {listed}{more}" if np.ndim(g) == 0 else f"{name}: [{listed}{more}]")
        else:
            kinds.setdefault("none", []).append(name)
    none, absent = (", ".join(kinds.get(kind, ())) for kind in ("none", "absent"))
    said = [f"the function's exact gradient is {{{', '.join(numbers)}}}"] if numbers else []
    if none:
        said.append(f"in {none} the exact reference finds no finite derivative either")
    if absent and out_of_time:
        said.append(f"the exact reference ran past --max-time before it gave a number in {absent} (raise --max-time "
                    "to let it try longer)")
    elif absent:
        said.append(f"in {absent} the exact reference gives no number" if numbers or none
                    else "the exact reference gives no gradient here either")
    return "; ".join(said)


_LISTED = 4  # the entries of an array's exact gradient a no-derivative finding lists


def _exact_as_written(result, target, point, dtype, chosen, options):
    """The exact reference of the program as written (its constants as float64 holds them) at ``point`` as ``dtype``
    holds it, recorded on ``result``: for a run in ``dtype`` that raised, whose own program gave no numbers."""
    names = target.variables
    original = _as_held(target, None, np.float64, (), ())
    rounded = [as_float64(cast(point[n], dtype)) for n in names]
    written = [as_float64(cast(point[n], np.float64)) for n in names]
    return _exact(result, (original, original), (rounded, written), chosen, options.seed, options.max_time,
                  full=options.full, dtype=None)[0]


def _why_undefined(exact):
    """What an undefined reference (`_undefined`) found at its point, as a clause."""
    if not finite(exact.value):
        return f"its exact value is {plain(exact.value)} (a pole or the edge of its domain)"
    if exact.kinks or exact.singular:
        return "a kink or a pole in the inputs"
    return "its exact gradient is not finite"


def expect_references(target, points, dtypes, chosen, seed):
    """Tell the exact reference which points of a formula `check_point` will ask it for (`reference.expect`).

    Each scalar point in each dtype, rounded as `check_point` rounds it, where
    the dtype holds it (elsewhere no reference is asked for).
    """
    if target.kind != "formula":
        return
    names = target.variables
    by_program = {}  # each dtype's points go to the formula with its literals as that dtype holds them
    for point in points:
        if any(type(point[n]) is not float and np.ndim(point[n]) for n in names):
            continue
        for dtype in dtypes:
            rounded = [as_float64(cast(point[n], dtype)) for n in names]
            if all(np.isfinite(rounded)):
                held = held_formula_target(target, dtype)
                by_program.setdefault(id(held), (held, []))[1].append(rounded)
    for held, arg_lists in by_program.values():
        reference.expect(held, arg_lists, seed, chosen)
        _expect_differences(held, arg_lists)


def _as_held(target, recording, dtype, working_args, argnums):
    """``target`` whose exact reference runs the program in ``dtype``: a Python function's literals as the run in
    ``dtype`` rounded them (`held_literals`); a bridge's replay does so itself (`exact_constants.held_in`)."""
    if target.kind == "formula" and target.formula is not None:
        return held_formula_target(target, dtype)
    if target.kind != "function" or target.bridge is not None or held_name(dtype) is None:
        return target
    kept = target.shared.setdefault("held literals", {})
    if recording is not None and recording.ops:
        literals = kept[held_name(dtype)] = literals_in(recording, dtype, target.function)
    elif held_name(dtype) in kept:
        literals = kept[held_name(dtype)]
    else:  # a run watched only (a fix's re-check): recorded once to read its literals
        recorder = provenance.Recorder()
        _run_with(target, working_args, argnums, dtype, recorder)
        literals = kept[held_name(dtype)] = literals_in(recorder.recording, dtype, target.function)
    if not literals:
        return target
    key = ("held function", tuple(sorted(literals.items())))
    made = target.shared.get(key)
    if made is None:  # the differences too: they show the slope of the same program as the exact reference
        made = target.shared[key] = replace(
            target, function=held_function(target.function, literals),
            mp_function=holding_numbers(target.mp_function, literals),
            shared={"literals held": literals})
    return made


def held_program(target, dtype, args):
    """``target`` as the exact reference in ``dtype`` runs it, to run on wider numbers (a sweep's wider reference).

    A formula's or a Python function's literals as ``dtype`` holds them (a
    Python function's read from its run at ``args``, one point's numbers); a
    bridge's replayed graph, which holds the user's constants when run under
    `exact_constants.held_in` (``dtype``); ``target`` itself where nothing changes.
    """
    if target.bridge is None:
        working = [cast(a, dtype) for a in args]
        return _as_held(target, None, dtype, working, tuple(range(len(args))))
    if not _bridge_holds(target, dtype, [as_float64(a) for a in args]):
        return target
    return replace(target, function=target.mp_function, bridge=None)


def replay_ahead(target, points, dtypes, chosen, options):
    """Each point's finite differences and exact reference, made now for a framework's target whose own numbers are
    being prepared (a bridge's ``expect``: XLA compiling JAX's programs in threads of its own).

    They replay the captured graphs and never ask the framework, so they run
    while the framework works, instead of after the first point's wait for
    it; `check_point` is handed them (`_once_per_point`), each point once for
    every dtype that rounds it alike. A function returning an array (whose
    Jacobian's rows each keep their own), a point the dtype cannot hold, and
    anything that raises here are left to `check_point`.
    """
    if target.bridge is None or target.expect is None:
        return
    done = set()
    for point in points:
        for dtype in dtypes:
            rounded = [as_float64(cast(point[n], dtype)) for n in target.variables]
            key = _point_key(rounded)
            if key is None or key in done or not all(np.all(np.isfinite(arg)) for arg in rounded):
                continue
            try:
                with one_point(_stopped_loops(target, rounded)):
                    if not done and np.ndim(raw(target.mp_function(*rounded))):
                        return
                    done.add(key)
                    if _differences_read():  # a fix's re-check and a sweep's checks read no differences
                        _replayed_differences(target, rounded, options, stepped=_stepped(target.variables, chosen))
                    _replayed_exact(target, rounded, chosen, options.seed, options.max_time, options.full)
            except Exception:  # noqa: BLE001 - met again where check_point asks, and said there
                continue


def _stopped_loops(target, rounded):
    """The loops of a framework's target stopped at the point ``rounded`` (`loop_trips.one_point`), one record for all
    the point's passes (read-ahead, differences, reference, the replay beside the framework's run) and dtypes that
    round it alike; None for another target or point."""
    key = _point_key(rounded)
    if target.bridge is None or key is None:
        return None
    return target.shared.setdefault("stopped loops", {}).setdefault(key, {})


def _run(target, working_args, argnums, dtype):
    """The value and gradient in the working dtype, with every op recorded: ``(value, grads, recording)``.

    A formula runs first watched only (`provenance.Watch`), and again recorded
    where that run made something a recording reports: a formula is the same
    computation on the same numbers every time, and a recording of a run that
    made nothing to report is empty of findings. A fix's re-check reads no
    findings: any target there is watched only (the same hooks, so the same
    paths through the core and the same numbers), and never recorded.
    """
    verdicts_alone = reading_verdicts_only()
    if target.kind == "formula" or verdicts_alone:
        watch = provenance.Watch(dtype)
        value, grads, _ = _run_with(target, working_args, argnums, dtype, watch)
        if verdicts_alone or not watch.reportable:
            return value, grads, provenance.Recording()
    recorder = provenance.Recorder(locate_in_python=target.kind == "function")
    with the_programs_run():  # what the user's code prints here is shown: the program's own run in the dtype
        try:
            return _run_with(target, working_args, argnums, dtype, recorder)
        except NoGradientError as error:
            error.recording = recorder.recording  # the call of the op without the rule: its user line (`no_gradient_in`)
            raise


def _run_with(target, working_args, argnums, dtype, recorder):
    """`_run` with ``recorder`` (a `provenance.Recorder` or `provenance.Watch`) on the core's hooks."""
    # A fix's re-check reads verdicts, never findings: a bridged framework's replay (for provenance) is skipped.
    replay = without_replay() if reading_verdicts_only() else contextlib.nullcontext()
    with recorder, replay, np.errstate(all="ignore"):
        out, trace, inputs = trace_inputs(target.function, working_args, {}, argnums, "check")
        value = output_value(out, trace)
        one = _ONES.get(type(raw(value)))  # the usual answer, a NumPy float: a number, nothing to check
        if one is None:
            one = _seed(target, value, dtype)
        recorder.phase = "backward"
        grads = pull_back(out, trace, inputs, working_args, argnums, one)
    return value, grads, getattr(recorder, "recording", None)


def _seed(target, value, dtype):
    """The backward pass's seed, 1 in the returned dtype; VectorOutput or InputError for an answer that is not one number."""
    returned = np.asarray(raw(value))
    if returned.shape != () and (returned.dtype.kind in "fiub" or returned.dtype == dtype) and returned.size:
        raise VectorOutput(returned.shape)  # checked through its Jacobian (`runner.check` catches it)
    if returned.shape != ():
        raise InputError(f"{target.text} returns shape {returned.shape}; gradcli checks scalar-valued functions (sum the outputs, or check each one)")
    if returned.dtype.kind not in "fiub" and returned.dtype != dtype:  # bfloat16 is kind "V"
        raise InputError(f"{target.text} returns {type(raw(value)).__name__}, not a number; gradcli checks functions that return a number or an array of numbers")
    return np.ones((), dtype=returned.dtype)[()]


# Per type of a NumPy float answer, the seed `_seed` gives it (one, immutable, made once).
_ONES = {kind: np.ones((), dtype=kind)[()] for kind in (np.float64, np.float32, np.float16)}


def _differences(result, target, rounded, chosen, options, dtype=None):
    """Finite differences at the rounded point, recorded on ``result``; never raises."""
    names = target.variables
    stepped = _stepped(names, chosen)
    try:
        # The slope of the program the exact reference runs: a bridge's user constants as ``dtype`` holds them.
        held = _bridge_holds(target, dtype, rounded)
        differences = (stepped is None and _shared_differences(target, rounded)) or _replayed_differences(
            target, rounded, options, dtype if held else None, stepped)
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
        result.fd_gradient = {n: plain(by_name[n]) for n in chosen}
        result.fd_error = {n: plain(errors[n]) for n in chosen}
    elif differences.directional is not None:
        result.fd_directional = plain(differences.directional)
        result.fd_directional_error = plain(differences.directional_error)
        result.notes.append(
            f"finite differences along a random direction: {differences.directional:.10g}"
            f" (error estimate {differences.directional_error:.1e})"
        )
    return differences


def _stepped(names, chosen):
    """The positions of the variables finite differences step: the ``chosen`` ones, the data the function is given
    held (never stepped off its domain); None where every variable is chosen."""
    return None if set(chosen) >= set(names) else tuple(i for i, n in enumerate(names) if n in chosen)


def _replayed_differences(target, rounded, options, dtype=None, stepped=None):
    """The finite differences at the rounded point (`fd.Differences`), made once per point of a framework's target;
    with ``dtype``, a bridge's program holding the user's constants as ``dtype`` does (`exact_constants.held_in`);
    ``stepped``: the positions of the arguments differenced (None: every one)."""
    # A bridged framework's differences step through its captured graph, replayed in float64: the
    # framework's own operations, without a call into the framework (milliseconds each) per step.
    function = target.mp_function if target.bridge is not None else target.function
    mp_function, elementwise = target.mp_function, target.kind == "formula"
    if target.bridge is not None and target.bridge.points_at_once and not any(np.ndim(a) for a in rounded):
        mp_function, elementwise = _points_at_once(target.mp_function), True  # a point of numbers: arrays are its steps

    # A Python function no bridge replays may loop in its own Python, which only a bound on each call's time stops;
    # a formula has no loops.
    own_python = target.bridge is None and target.kind != "formula"

    def made():
        with held_in(dtype):
            return fd.differences(function, rounded, target.analytic, options.full, options.seed, mp_function, elementwise,
                                  seconds_left(options.max_time), stepped, own_python=own_python)

    return _once_per_point(
        target, "replayed differences", (_point_key(rounded), options.full, options.seed, held_name(dtype), stepped), made,
        lambda made: replace(made, gradient=list(made.gradient), error=list(made.error)),
    )


def _points_at_once(mp_function):
    """``mp_function`` with arrays among its arguments read as points, one per entry (`Bridge.points_at_once`): the
    noise estimate's steps of a difference in one replay, or ValueError (then each step is replayed alone)."""

    def at_points(*args):
        if any(isinstance(a, np.ndarray) for a in args):
            with replaying_points():
                return raw(mp_function(*args))  # the array of values, out of the box `plain.kept` hands user code
        return mp_function(*args)

    return at_points


def _expect_differences(target, arg_lists):
    """Tell `_shared_differences` the points (rounded, scalar) whose differences a check of a formula will ask for."""
    target.shared["expected differences"] = {_key(args): args for args in arg_lists if all(type(a) is float for a in args)}
    target.shared["computed differences"] = {}


def _key(args):
    return tuple(float(a).hex() for a in args)  # the floats' own bits: -0.0 is not 0.0 here


def _point_key(rounded):
    """What says two rounded points hold the same numbers: each float's bits, each float64 array's shape and bytes
    (float32 and float64 round [0.5, -1.0] alike); None for a point of anything else."""
    key = []
    for arg in rounded:
        if type(arg) is float:
            key.append(float(arg).hex())
        elif type(arg) is np.ndarray and arg.dtype == np.float64:
            key.append((arg.shape, arg.tobytes()))
        else:
            return None
    return tuple(key)


def _once_per_point(target, name, key, make, copy, keep=lambda made: True):
    """``make()``, made once per rounded point of a framework's target (``key[0]``), each later asker handed ``copy`` of it.

    A bridged target's differences and exact reference replay its captured
    graph, a pure function of the point, and float32 and float64 ask the same
    question at a point both hold (100.0): the second is handed the first's
    answer. A user's own Python function may not be pure (random numbers,
    state): it is asked each time. An answer ``keep`` refuses (out of time) is not kept.
    """
    if target.bridge is None or key[0] is None:
        return make()
    made = target.shared.setdefault(name, {})
    if key in made:
        return copy(made[key])
    found = make()
    if keep(found):
        made[key] = copy(found)  # a copy: the asker may change its own (an unsettled reference is emptied)
    return found


def _shared_differences(target, rounded):
    """The finite differences at ``rounded``, made with the check's other points (`fd.differences_at_points`); or None.

    At the first point asked for, every expected point's are made; a point
    float32 and float64 both hold exactly has the same differences in both
    (they step in float64), so it is made once. A point left out (its
    evaluation raised there) is made alone, by its own call.
    """
    computed = target.shared.get("computed differences")
    if computed is None or not all(type(a) is float for a in rounded):
        return None
    key = _key(rounded)
    expected = target.shared.get("expected differences")
    if expected and key in expected:
        del target.shared["expected differences"]
        points = list(expected.values())
        try:
            made = fd.differences_at_points(target.function, points, target.analytic, target.mp_function)
        except Exception:  # noqa: BLE001 - each point is made alone instead, and raises there if it must
            made = [None] * len(points)
        computed.update((k, d) for k, d in zip(expected, made) if d is not None)
    return computed.get(key)


def _settled_and_judged(result, target, rounded, value, grads, exact, chosen, dtype, rtol, recording, options, program):
    """Each exact entry of a point without a derivative that is no finite number made its one-sided limit or NaN, with
    why (`no_derivative.settle_result`; at a value that jumps whatever a stop_gradient holds, the jump's reason), and
    the slopes found so beside the entries without one judged as the reference's own would be: a failure there is
    the verdict, as `judge` gives it where the reference found them (a fix's re-check judged alike)."""
    if result.gradient_status != Verdict.DOMAIN and not exact.jumps_whatever_is_held:
        return
    sloped = no_derivative.settle_result(result, target, rounded, exact, chosen, program)
    failing = sloped and result.gradient_status == Verdict.DOMAIN and judged_beside_settled(
        result, target, value, dict(zip(chosen, grads)), exact, sloped, chosen, dtype, rtol, recording,
        moved=_data_moved(target, rounded, chosen, options, dtype, program),
        meant=_constants_meant(target, rounded, chosen, options, program))
    if failing:
        result.gradient_status = Verdict.OK
        record(result, *failing)


def _exact(result, targets, points, chosen, seed, max_time=None, texts=True, full=False, dtype=None):
    """The exact reference at the rounded point, recorded on ``result`` (none where it cannot be had: no stand-in);
    ``(exact, (the target it is the reference of, the dtype whose program it ran or None, a clause naming the
    constants whose rounding changed the mathematics or None))``.

    ``targets`` is ``(as written, as held)``: the program with its constants as written (as float64 holds
    them, as it holds the point as given) and with each as ``dtype`` holds it (`_as_held`,
    `exact_constants.held_in`). The reference is the held program's, unless the rounding of a constant
    put the point on a pole or a switch that the program as written does not have at the point as given.
    ``points`` is ``(rounded, written)``: the point as ``dtype`` holds it and as given.
    Without ``texts`` (a fix's re-check, whose verdicts alone are read), the exact numbers are not written out.
    With ``full`` (--full) the gradient of a Python function is exact entry by entry whatever its number of inputs.
    """
    original, target = targets
    rounded, written = points
    names = target.variables

    def at(target, args, dtype):
        held = _bridge_holds(target, dtype)
        if held is None:  # the bridge has no float64 graph yet to read its constants from: the replay makes one
            made = _reference(target, args, chosen, seed, max_time, full, dtype)
            return _replayed_exact(target, args, chosen, seed, max_time, full, program=_program(target, dtype),
                                   made=lambda: made)
        return _replayed_exact(target, args, chosen, seed, max_time, full, dtype if held != () else None,
                               _program(target, dtype))

    exact, rounded_constant = at(target, rounded, dtype), None
    changes = _bridge_holds(target, dtype) if target.bridge is not None else ()
    changed = target is not original or bool(changes)
    if changed and _undefined(exact) and not _undefined(written_exact := at(original, written, None)) \
            and not written_exact.unsettled and not _undefined(instead := at(original, rounded, None)):
        # The dtype's rounding of a constant put the point on a pole or a switch the function as written does
        # not have there: the program in the dtype cannot compute that function here, which is its instability.
        # (Where the program as written is undefined at the rounded point too, the switch is the point's rounding
        # onto a constant the program holds alike either way, a library's float32 epsilon: the held reference stands.)
        rounded_constant = _rounded_message(original, target, dtype, changes)
        exact, target, dtype = instead, original, None
    if target.bridge is not None and not changes:
        dtype = None  # the float64 program's reference: its explanation replays that program
    result.digits_used = exact.digits
    result.notes.extend(exact.notes)
    if target.bridge is not None and target.bridge.notes is not None:
        result.notes.extend(target.bridge.notes(target.users_arguments(rounded)))
    if exact.error:
        # The program does not run at high precision: float64 numbers would share the very errors
        # being looked for, so nothing is compared with them; the point has no exact reference.
        result.notes.append(f"the exact reference failed: {exact.error}")
        exact.determined, exact.unsettled = False, True
        exact.why = f"the program does not run on high-precision numbers ({exact.error})"
    if exact.unsettled:
        # Its last attempt is no reference (a false 0, or noise): show none rather than a wrong one.
        exact.value, exact.gradient, exact.directional = None, [None] * len(names), None
    result.exact_value = plain(exact.value)
    # The texts are made when read (views read them; a loop reading verdicts does not): `results.Later`.
    result.exact_value_text = Later(exact_text, exact.value, exact.digits) if texts else None
    if getattr(exact, "value_bound", None) is not None:  # judged against the 0 it rounds to, shown as the bound
        result.exact_value, result.exact_value_text = None, below_text(exact.value_bound)
    exact_by_name = dict(zip(names, exact.gradient)) if exact.gradient else {}
    rule_by_name = dict(zip(names, exact.rule)) if exact.rule else {}
    result.exact_gradient = {n: plain(exact_by_name.get(n)) for n in chosen}
    result.exact_gradient_text = Later(_texts, exact_by_name, exact.digits, chosen) if texts else dict.fromkeys(chosen)
    if exact.directional is not None:
        result.exact_directional = plain(exact.directional)
    result.rule_gradient = {n: plain(rule_by_name.get(n)) for n in chosen}
    return exact, (target, dtype, rounded_constant)


def _data_moved(target, rounded, chosen, options, dtype, program):
    """A callable giving the exact references at ``rounded`` of ``target`` (the program ``program`` replays) with its
    own rounded data moved, one per pattern of `data_rounding`: how far the rounding of its data moves each entry;
    None where the program has no such data (a formula at inputs meant exactly)."""
    if not data_rounding.movable(target, rounded):
        return None

    def moved(pattern):
        with data_rounding.graph_constants_moved(target, dtype, pattern):
            return _reference(data_rounding.nudged_target(target, dtype, pattern),
                              data_rounding.nudged_point(rounded, dtype, pattern), chosen, options.seed, options.max_time,
                              options.full, program)

    return lambda: [moved(pattern) for pattern in data_rounding.PATTERNS]


def _constants_meant(target, rounded, chosen, options, program):
    """A callable giving the exact reference at ``rounded`` of ``target`` (the program ``program`` replays) with each of
    its float constants that rounds a constant of mathematics (``math.log(2.0)``, ``np.pi``) taken as that number
    (`exact_constants.meant`); None for a formula, whose pi and e are those numbers already."""
    if target.kind != "function":
        return None

    def reference_meant():
        with meant():
            return _reference(target, rounded, chosen, options.seed, options.max_time, options.full, program)

    return reference_meant


def _written_reference(original, held, rounded, chosen, options, program):
    """A callable giving the exact reference at ``rounded`` of ``original``, the program as written (its constants as
    float64 holds them), where the reference judged replays ``held``, a ``program`` holding them otherwise; None where
    it is that program already."""
    if not program or (held is original and original.bridge is None):
        return None

    def reference_as_written():
        return _replayed_exact(original, rounded, chosen, options.seed, options.max_time, options.full, None,
                               _program(original, None))

    return reference_as_written


def _bridge_holds(target, dtype, rounded=None):
    """``((written, held), ...)``: the user's constants a bridged target's program in ``dtype`` holds as other
    numbers (`Bridge.held_constants`); () for float64, another target or a bridge without them; None before the
    bridge has a float64 graph to read them from (with ``rounded``, a point, one replay there captures it)."""
    holds = getattr(target.bridge, "held_constants", None)
    if holds is None or held_name(dtype) is None:
        return ()
    found = holds(dtype)
    if found is None and rounded is not None:
        target.mp_function(*rounded)  # the replay on float64 numbers captures the float64 graph
        found = holds(dtype)
    return found


def _undefined(exact):
    """Whether a settled reference finds no derivative at its point: a kink, a jump or pole, a value or gradient not finite."""
    if exact.unsettled or exact.error or not exact.determined:
        return False
    slopes = [exact.directional] if exact.directional is not None else exact.gradient
    return bool(exact.kinks or exact.singular) or not finite(exact.value) or any(g is None or not finite(g) for g in slopes)


def _rounded_message(original, held, dtype, bridged=()):
    """What a `constant-rounded` finding or note says first: which constants ``dtype`` rounds (``bridged``: a
    bridge's), and where that put the point."""
    name = np.dtype(dtype).name
    changes = [(repr(a), repr(b)) for a, b in bridged] or held_changes(original, held)
    which = ", ".join(f"{a} is {b}" for a, b in changes) if changes else "a constant of the program rounds"
    return (f"in {name} {which}: with the {'constant' if len(changes) < 2 else 'constants'} as {name} holds "
            f"{'it' if len(changes) < 2 else 'them'} the point sits on a pole or a switch the function as written "
            "does not have here")


def _replayed_exact(target, rounded, chosen, seed, max_time, full, dtype=None, program=None, made=None):
    """The exact reference at the rounded point (`precision.Exact`), made once per point and ``program`` of a
    framework's target (``made``, or a replay holding the user's constants as ``dtype`` does)."""
    return _once_per_point(
        target, "replayed references", (_point_key(rounded), seed, tuple(chosen), full, program or None),
        made or (lambda: _reference(target, rounded, chosen, seed, max_time, full, dtype)),
        Exact.copied, keep=lambda made: not made.out_of_time,
    )


def _reference(target, rounded, chosen, seed, max_time, full, dtype=None):
    """The exact reference at the rounded point, the program holding the user's constants as ``dtype`` does."""
    with every_coordinate(full), held_in(dtype), watching() as sightings:
        exact = reference.compute(target, rounded, seed=seed, budget=Budget(max_time) if max_time else None, wrt=chosen)
    exact.holds_a_rounded_constant = sightings.seen
    return exact


def _program(target, dtype):
    """Which program a reference in ``dtype`` replays, as a key: a bridge's held constants (`_bridge_holds`; () where
    none changes, so float32 and float64 share one reference), else the dtype whose literals a Python function holds."""
    return _bridge_holds(target, dtype) if target.bridge is not None else held_name(dtype)


def _texts(exact_by_name, digits, chosen):
    """Each chosen variable's exact derivative as text (`compare.exact_text`)."""
    return {n: exact_text(exact_by_name.get(n), digits) for n in chosen}


def summed(target, point):
    """A formula at an array point, summed over its elements; and how many elements (None: not summed).

    Formulas are elementwise, so the gradient of the sum is the elementwise
    derivative: one scalar check covers every element, with exact references
    and finite differences per element.
    """
    if target.kind != "formula" or all(type(v) is float for v in point.values()) or not any(np.ndim(v) for v in point.values()):
        return target, None


    size = int(np.prod(common_shape(point)))
    return (
        replace(
            target,
            function=lambda *args: total(target.function(*args)),
            mp_function=lambda *args: total(target.mp_function(*args)),
        ),
        size,
    )


def _reads_subnormals_as_zero(target):
    """Whose CPU code runs ``target`` reading subnormal numbers as 0 ("TensorFlow's CPU kernels"), or None."""
    return getattr(getattr(target, "bridge", None), "flushes_subnormals", None) or None


def _representability(result, point, working_args, names, dtype, zero_reader=None):
    """``error`` where ``dtype`` cannot hold the point; notes where it rounds an input to 0 or to a subnormal, and
    where the framework's CPU code (``zero_reader``) reads that subnormal as 0.

    A point beyond the dtype's range has no verdict: the dtype would see inf,
    not the point, and a check at inf means nothing.
    """
    limits = finfo(dtype)
    if _plainly_held(point, working_args, names, float(limits.tiny)):
        return Judgement()
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
            return no_verdict(Finding("unrepresentable", "forward", name, message))
        flushed = (given != 0) & (seen == 0)
        subnormal = (seen != 0) & (np.abs(seen) < float(limits.tiny))
        if flushed.any():
            result.notes.append(
                f"{_entry_text(name, given, flushed)} is 0 in {dtype.name} (its smallest positive number is "
                f"{float(limits.smallest_subnormal):.3g}): {dtype.name} is checked at 0 there"
            )
        if subnormal.any():
            read = (f"; {zero_reader} read it as 0 (denormals are zero), so the program under test computes at 0 "
                    "there" if zero_reader else "")
            result.notes.append(
                f"{_entry_text(name, given, subnormal)} is subnormal in {dtype.name} (below "
                f"{float(limits.tiny):.3g}): it keeps fewer significant bits, so {dtype.name} is checked "
                f"at the nearest number it holds{read}"
            )
    return Judgement()


def _plainly_held(point, working_args, names, tiny):
    """Whether every input is a float the dtype holds as a normal number, or a 0 from 0: nothing to say (the usual point)."""
    for name, working in zip(names, working_args):
        given = point[name]
        if type(given) is not float or not isinstance(working, np.floating):
            return False
        seen = float(working)
        if not math.isfinite(seen) or (seen == 0) != (given == 0) or (seen != 0 and abs(seen) < tiny):
            return False
    return True


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
        if isinstance(value, (np.ndarray, np.generic)) and is_float_dtype(value.dtype) and _parts(value.dtype) != dtype:
            return value.dtype.name
        return None

    pythons = _pythons_own_float64(recording)
    culprit = next(
        (
            (f"{op.name}" + (f" (in the gradient rule of {op.node_name})" if op.node_name else "") + f" returned {other(op.output)}"
             + (f" at {os.path.basename(op.location)}" if op.location else ""), other(op.output))  # the line of the cast
            for op in recording.ops
            if other(op.output) and not pythons(op) and not op.accumulated_by  # a kernel's own wider steps
        ),
        None,
    )
    culprit = culprit or next(
        ((f"the {'value' if name == 'value' else 'gradient in ' + name} came out in {other(v)}", other(v))
         for name, v in outputs.items() if other(v) and not any(op.output is raw(v) and pythons(op)
                                                                  for op in recording.ops)),
        None,
    )
    if culprit is None:
        return None
    culprit, other_dtype = culprit
    narrower = _parts(np.dtype(other_dtype)).itemsize < dtype.itemsize  # a float32 step in a float64 run
    return (
        f"not every step computed in {dtype.name}: {culprit}, so this result can be "
        + (f"less accurate than a {dtype.name} program's (that step kept only its dtype's digits)" if narrower
           else f"more accurate than a {dtype.name} program's")
    )


def _pythons_own_float64(recording):
    """Whether an op of ``recording`` computes in float64 because Python's floats do: its float arguments Python's
    floats (a number read out with ``float(x)``, ``math``'s answers) or such ops' results, as in the program NumPy runs
    (``np.array([math.erf(v) for v in x.tolist()])`` is float64 there too); in the backward pass, an op of such an op's
    gradient rule. No narrower program computes those steps, so they are no step the check computes more accurately."""
    own, rules = set(), set()
    for op in recording.ops:
        if op.phase != "forward":
            continue
        floats = [(a, parent) for a, parent in zip(op.args, op.parents or (None,) * len(op.args))
                  if type(a) is float or (isinstance(a, (np.ndarray, np.generic)) and is_float_dtype(a.dtype))]
        # python_float is the read itself: Python's float of the number, whatever its dtype
        if op.name == "python_float" or floats and all(
                type(a) is float or (parent is not None and id(parent) in own) for a, parent in floats):
            own.add(id(op))
            rules.add((op.name, op.location))
    return lambda op: id(op) in own or (op.phase != "forward" and (op.node_name, op.location) in rules)


def _parts(dtype):
    """The float dtype of ``dtype``'s numbers: a complex one's parts (complex64 is float32's, as an FFT's is)."""
    return np.dtype(np.zeros((), dtype).real.dtype) if np.dtype(dtype).kind == "c" else np.dtype(dtype)


class _Explanation:
    """`_explain_inaccuracy` of an unstable point, made when its findings are first read (`PointResult.explain_later`).

    It runs then as it would have run in the check: inside `mp.ieee()`, with
    NumPy's warnings off, at the precision mpmath had, on the verdicts the
    point had.
    """

    def __init__(self, result, target, working_args, exact, argnums, dtype, program=None, gradient_explained=True,
                 spellings=None):
        import mpmath  # lazy: loaded by the reference that made ``exact``

        self.spellings = spellings  # the framework's names of the replayed ops (`provenance.spelled_findings`)
        self.arguments = (target, working_args, exact, argnums, dtype)
        self.statuses = (result.value_status, result.gradient_status if gradient_explained else None)
        self.precision = mpmath.mp.prec
        self.program = program  # the dtype whose program ``exact`` ran (`exact_constants.held_in`)

    def __call__(self, result):
        import mpmath  # lazy: as above

        with ieee(), np.errstate(all="ignore"), mpmath.workprec(self.precision), held_in(self.program), \
                computing_as(self.arguments[-1]):
            return _explain_inaccuracy(result, *self.arguments, self.statuses, self.spellings)


def _explain_inaccuracy(result, target, working_args, exact, argnums, dtype, statuses, spellings=None):
    """Findings that name the op that lost the accuracy: the same program recorded at high precision and in ``dtype``.

    ``statuses``: the point's value and gradient verdicts, which say which of the two to explain. ``spellings``: the
    framework's names of the check's replayed ops, to which this run's own recording adds the steps that a check's
    replay on plain arrays computes with NumPy's operators (``x - logsumexp(x)`` in a log_softmax), which no recorder
    sees there (`provenance.spelled_findings`).
    """
    import mpmath

    python = target.kind == "function"
    rounded = [as_float64(a) for a in working_args]
    value_status, gradient_status = statuses
    try:
        if gradient_status == Verdict.UNSTABLE and exact.gradient and all(g is not None for g in exact.gradient):
            # The backward may cancel more digits than the value needs (1 - 1 + 1e-211 in a softmax's rule):
            # the replay that explains it gives the exact gradient too.
            digits = provenance.explaining_digits(
                lambda d: _entries(_mp_gradient(target, rounded, argnums, d)), _entries(exact.gradient), exact.digits)
        else:
            digits = provenance.explaining_digits(lambda d: _mp_value(target, rounded, d), exact.value, exact.digits)
        with mpmath.workdps(digits):
            mp_args = [reference.to_mp(a) for a in rounded]
            precise = _recorded_run(target.mp_function, mp_args, argnums, mpmath.mpf(1), python)
    except Exception:  # noqa: BLE001 - no explanation is better than a crash
        return []
    working = _recorded_run(target.function, working_args, argnums, np.ones((), dtype=dtype)[()], python)
    eps = float(finfo(dtype).eps)
    found = []
    if value_status == Verdict.UNSTABLE:
        found.append(provenance.root_cause(working, precise, "forward", eps))
    if gradient_status == Verdict.UNSTABLE:
        backward, explains = provenance.root_cause_and_error(working, precise, "backward", eps)
        found.append(backward)
        if found[-1] is None or found[-1].phase == "backward":  # else a rule given a forward op's rounding, no rule's fault
            found.append(provenance.backward_root_cause(working, precise, eps))
        if not any(found):
            found.append(provenance.root_cause(working, precise, "forward", eps))
        elif value_status != Verdict.UNSTABLE and result.gradient_error is not None and (
                backward is None or backward.phase == "backward" and explains is not None
                and explains < result.gradient_error / _EXPLAINS_LITTLE):
            # A forward cancellation or underflow the value hardly feels (1 - cos t in a rotation's small term, one
            # entry's expit(-720) beside larger ones) can still put a gradient entry wholly off, where the backward op
            # named (no forward op it traced back to) is off by far less than the gradient, or no backward op is and
            # a whole rule is said to be off, fed that forward value: an op of the forward off by as much as the
            # gradient is named before it.
            found.insert(0, provenance.root_cause(working, precise, "forward", eps, result.gradient_error / 2))
    narrow = narrowed(working, dtype)
    if not any(found) and narrow is not None:  # no op amplified an error: the step into a narrower dtype lost the digits
        found.append(narrowing_finding(narrow, dtype))
    if not any(found) and not result.findings and Verdict.UNSTABLE in statuses:  # an unstable result names where its digits went, though no op amplified 100 times
        found.append(provenance.first_off(working, precise, "backward" if gradient_status == Verdict.UNSTABLE else "forward", eps))
    if not any(found) and not result.findings and Verdict.UNSTABLE in statuses:  # the runs' ops unlike: a flush that parted them
        found.append(provenance.first_flushed(working, precise))
    # named as the user's code names them first, so that an op the check named already is seen to be the same; two
    # findings that said the same in gradcli's words are one however each got spelled (an underflowed exp found in
    # the forward graph and again in the backward's replay)
    said = {id(f): f.message for f in found if f is not None}
    provenance.spelled_findings([f for f in found if f is not None], {**working.spellings, **(spellings or {})})
    new = []
    for finding in found:
        if finding is not None and all(f.message != finding.message and said.get(id(f), f.message) != said[id(finding)]
                                       and not (f.kind == finding.kind == "narrowed")
                                       and not _same_op(f, finding) for f in result.findings + new) \
                and not _said_by_its_op(finding, found, getattr(target, "bridge", None) is not None):
            new.append(finding)
    return new


# A backward op off by less than this fraction of the gradient's own error explains little of it (`_explain_inaccuracy`).
_EXPLAINS_LITTLE = 10


def _same_op(named, finding):
    """Whether ``named`` already blames the op ``finding`` would (an underflow of exp at its span needs no second
    "inaccurate" finding on that exp)."""
    where = (finding.span, finding.location)
    ops = {named.op, named.gradcli_op or named.op}  # the user's name of it and gradcli's: expit is sigmoid
    return where != (None, None) and (named.phase, named.span, named.location) == (finding.phase, *where) and (
        finding.op in ops or (finding.gradcli_op or finding.op) in ops
        or finding.op.endswith(f" in {named.op}"))  # a part of a function named already: erfc in scipy.special.ndtr


def _said_by_its_op(finding, found, bridged=False):
    """Whether ``finding`` blames a whole gradient rule at a line where a backward op of that rule is already named;
    for a ``bridged`` framework function, whose one rule is its framework's whole backward graph, at any line."""
    return finding.message.startswith(provenance.WHOLE_BACKWARD_OPENINGS) and finding.location is not None and any(
        f is not None and f is not finding and f.phase == "backward" and f.location is not None
        and (bridged or f.location == finding.location) for f in found)


def _mp_value(target, rounded, digits):
    """The target's high-precision value at ``digits`` (`provenance.explaining_digits`)."""
    import mpmath

    with mpmath.workdps(digits), np.errstate(all="ignore"):
        return target.mp_function(*[reference.to_mp(a) for a in rounded])


def _mp_gradient(target, rounded, argnums, digits):
    """The target's high-precision gradient at ``digits``, one entry per argument (`provenance.explaining_digits`)."""
    import mpmath

    with mpmath.workdps(digits), np.errstate(all="ignore"):
        args = [reference.to_mp(a) for a in rounded]
        out, trace, inputs = trace_inputs(target.mp_function, args, {}, argnums, "check")
        return pull_back(out, trace, inputs, args, argnums, mpmath.mpf(1))


def _entries(values):
    """Each number of a list of (array or number) values, in one flat object array."""
    return np.array([e for v in values for e in np.ravel(np.asarray(raw(v), dtype=object))], dtype=object)


def _recorded_run(function, args, argnums, seed_cotangent, nested):
    """Run ``function`` forward and backward with every op recorded; return the `provenance.Recording`.

    ``nested`` runs it inside an outer trace: a custom gradient's grad_fn then
    computes on traced values, so its own ops (``1 - 1/(1+e)``) pass through
    the core's doors and are recorded with their source lines, instead of
    running as plain NumPy arithmetic that nothing sees.
    """

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
