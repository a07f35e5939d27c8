"""The verdicts of one point against its exact reference: the reference itself, the domain, the rule, the precision.

See `runner` for what each verdict means and their order of precedence.
"""

from __future__ import annotations

import contextvars
import linecache
import math
import sys

import numpy as np

from ..autodiff.ops import is_float_dtype, raw
from . import data_rounding, provenance
from .compare import UNBOUNDED, WRONG_RTOL, cast, compare, exact_text, number_text, plain, rule_tolerance, ulps, worst_error
from .dtypes import finfo, mantissa_bits
from .judgement import Judgement, no_verdict
from .precision import REFERENCE_RTOL, ZERO_WITHIN_NOISE, Edge, Jump, Outside, Wavers, below_text, max_digits
from .provenance import finite
from .reference import AGREE_DIGITS
from .results import Finding
from .rule_blame import framework_name, the_call
from .verdict import Verdict

_FLOAT64 = np.dtype(np.float64)
_ZERO = (0, 0, 0, 0)  # mpmath's raw 0 (``libmp.fzero``)


def judge(result, target, value, grads, exact, chosen, dtype, rtol, recording, verdicts_alone=False, moved=None,
          meant=None, compiled_apart=None, written=None):
    """The judgements of one point against its exact reference: the reference, the domain, the rule, the precision.

    ``verdicts_alone``: only the verdicts are read (a fix's re-check), so the
    errors in units in the last place, which nothing else reads, are not measured.
    ``moved``: a callable giving the exact references of the program with its
    own data's roundings moved (`data_rounding`), asked for only where a tiny
    gradient entry decides the precision verdict (`_within_data_rounding`).
    ``meant``: a callable giving the exact reference with the program's constants taken as the numbers they round,
    asked for only where the value alone is off its exact reference and its replay held such a constant
    (`_value_as_meant`).
    ``compiled_apart``: a callable saying whether the framework's compiled program computes the value otherwise than
    its operations run one by one (XLA's fused multiply-add), asked only where a value is off at a point without a
    derivative (`_value_computed_otherwise`).
    ``written``: a callable giving the exact reference of the program as written (its constants as float64 holds
    them), where ``exact`` is that of the program holding them as ``dtype`` does; asked only where a rule would be
    called wrong (`_right_as_written`).
    """
    if exact.unsettled:
        bounded = _rounded_within_the_bound(result, target, value, grads, exact, chosen, dtype, rtol)
        if bounded is None:
            off = _judged_against_the_bound(result, target, value, grads, exact, chosen, dtype, rtol, recording,
                                            verdicts_alone, moved, meant)
            if off is not None:
                return off
            born = _nan_born_of_rounding(recording, value, grads, exact)
            if born is not None:
                return [born, _nonfinite(recording, value, grads)]
        nonfinite = _nonfinite(recording, value, grads)
        if bounded is None:  # no exact number to say whether a difference's 0 is the dtype's: no cause claimed
            nonfinite.findings = [f for f in nonfinite.findings
                                  if not (f.kind == "cancellation" and (f.gradcli_op or f.op) in ("add", "subtract"))]
        return [bounded or _undetermined(exact.out_of_time, exact.why), nonfinite]
    if not exact.determined:
        result.notes.append("verdict without an exact reference: the value and gradient are compared with nothing")
    exact_grads = {n: g for n, g in zip(target.variables, exact.gradient)} if exact.gradient else {}
    gradient_known = all(exact_grads.get(n) is not None for n in chosen)
    domain = _domain(target, exact, exact_grads, gradient_known, chosen, dtype, _folded(recording, result.point))
    if Verdict.DOMAIN in (domain.value, domain.gradient):
        # an exact value that is a pole's infinity leaves the slopes kept beside it unjudged, whatever --wrt picks:
        # log(y / x) at x = 0 is domain with y's slope 1 / y shown, with every input or y alone (a NaN, 0 log 0 in a
        # KL term, is the 0 the program means: the slopes beside it are judged, --wrt q says q's rule is wrong)
        if domain.gradient == Verdict.DOMAIN or not gradient_known or _infinite(exact.value):
            beside = _beside_the_domain(result, target, value, grads, exact, exact_grads, chosen, dtype, rtol,
                                        recording, domain, verdicts_alone, moved, meant, written)
            if beside is not None:
                return beside
            otherwise = _value_computed_otherwise(result, target, value, exact, dtype, rtol, recording, domain,
                                                  compiled_apart)
            if otherwise.value == Verdict.OK:
                return [domain, *_value_lost(result, target, value, exact, dtype, rtol, recording, domain, meant)]
            return [domain, otherwise]
        # The value is beyond the dtype but the gradient fits it (exp(log(a) + log(b)) at 1e38 in
        # float32): the gradient is still judged, and an inf there is not ok: the point is that gradient's verdict
        # (not beside a value that is no number: the slopes kept beside a NaN are shown, the point is domain).
        precision = _precision(result, target, value, grads, exact, exact_grads, gradient_known, chosen, dtype, rtol,
                               verdicts_alone, moved, meant)
        rule = _rule(target, exact, exact_grads, gradient_known, chosen, dtype, rtol, recording, written=written)
        judged = Judgement(gradient=precision.gradient, gradient_decides=_past_the_range_alone(exact.value, dtype))
        return [domain, rule, judged, _nonfinite(recording, value, grads)]
    rule = _rule(target, exact, exact_grads, gradient_known, chosen, dtype, rtol, recording, written=written)
    precision = _precision(result, target, value, grads, exact, exact_grads, gradient_known, chosen, dtype, rtol,
                           verdicts_alone, moved, meant)
    return [domain, rule, precision, _nonfinite(recording, value, grads)]


def _infinite(value):
    """Whether the exact ``value`` (an mpmath number, or an array of them) is +-inf somewhere."""
    mpmath = sys.modules.get("mpmath")
    try:
        entries = np.ravel(np.asarray(raw(value), dtype=object))
    except (TypeError, ValueError):
        return False
    return mpmath is not None and any(isinstance(e, mpmath.mpf) and mpmath.isinf(e) for e in entries)


def _beside_the_domain(result, target, value, grads, exact, exact_grads, chosen, dtype, rtol, recording, domain,
                       verdicts_alone, moved, meant, written=None):
    """The judgements of a point whose gradient is ``domain`` in some inputs alone, where another input's gradient, whose
    exact value is finite, is wrong or unstable: that input fails as it would checked alone (--wrt), the other inputs'
    findings said beside it; None where nothing beside the domain fails, or the value itself is undefined. A value
    past the dtype's range alone (a perplexity of 1.2e39 in float32) is no number the program could return, but the
    slopes the dtype holds are still judged beside it, and theirs is the point's verdict.

    A missing derivative in x says nothing of the slope in y: 1/(y log1p(-x)) at x = 1 has none in x, but its slope in
    y is an exact 0, which the program's 0 * -inf makes NaN at any precision.
    """
    past_the_range = domain.value != Verdict.OK and _past_the_range_alone(exact.value, dtype)
    if domain.value != Verdict.OK and not past_the_range:
        return None
    partial = _entries_with_a_derivative(target, exact, exact_grads, grads, chosen, dtype)
    without = {n for n in chosen if n not in partial and (
        exact_grads.get(n) is None or not finite(exact_grads[n]) or _beyond(exact_grads[n], dtype) is not None)}
    without |= {n for n in chosen for label, *_ in (*exact.kinks, *exact.singular)
                if n not in partial and (label == n or str(label).startswith(f"{n}["))}
    rest = [n for n in chosen if n not in without]
    if not rest or any(grads.get(n) is None for n in rest):
        return None
    shown = (dict(zip(target.variables, exact.rule)), exact_grads) if partial and exact.rule else None
    if partial:
        grads, exact, exact_grads = _judged_apart(target, grads, exact, exact_grads, partial)
    kept = {k: list(v) if isinstance(v, list) else v for k, v in vars(result).items()}
    rule = _rule(target, exact, exact_grads, True, rest, dtype, rtol, recording, shown, written)
    precision = _precision(result, target, value, grads, exact, exact_grads, True, rest, dtype, rtol, verdicts_alone,
                           moved, meant)
    if Verdict.OK == rule.gradient == precision.gradient:
        for k, v in kept.items():
            setattr(result, k, v)
        return None
    if past_the_range:  # the value is the dtype's limit, not judged: the gradient alone, as `judge` does
        precision = Judgement(gradient=precision.gradient, gradient_decides=True)
    told = Judgement(value=domain.value, findings=domain.findings)
    return [told, rule, precision, _nonfinite(recording, value, grads)]


def _past_the_range_alone(value, dtype):
    """Whether the exact ``value`` is finite everywhere and past ``dtype``'s range somewhere: a number, which no
    program in the dtype can return."""
    return value is not None and finite(value) and _beyond(value, dtype) is not None


def judged_beside_settled(result, target, value, grads, exact, sloped, chosen, dtype, rtol, recording, moved=None,
                          meant=None):
    """The judgements of the inputs of a point without a derivative whose exact entries the settlement of its
    entries without a number (`no_derivative.settle_result`) found finite (``sloped``: {variable: its settled exact
    gradient}): each judged as `_beside_the_domain` judges an input the reference found a slope for (the width of
    a box of height 0 beside the height's jump: its slope 0, which the program's 0 * inf makes NaN); no judgement
    where the value itself has no verdict of ok, or nothing beside the domain fails."""
    import copy

    if result.value_status != Verdict.OK or exact.directional is not None:
        return []
    exact = copy.copy(exact)
    exact.gradient = [sloped.get(n, g) for n, g in zip(target.variables, exact.gradient)]
    exact_grads = dict(zip(target.variables, exact.gradient))
    beside = _beside_the_domain(result, target, value, grads, exact, exact_grads, chosen, dtype, rtol, recording,
                                Judgement(), False, moved, meant)
    return [] if beside is None else beside[1:]


def _entries_with_a_derivative(target, exact, exact_grads, grads, chosen, dtype):
    """{input: mask of its entries that have a derivative the dtype holds} for each array input some of whose entries
    have none (a kink, a jump, an edge: an exact entry NaN or infinite) or one past the dtype's range, and the others a
    finite exact slope the dtype holds: those entries are judged as an input of their own would be. An input stays
    whole where a kink or an edge is named by the input's name alone, or at an entry whose exact slope is finite."""
    import mpmath

    partial = {}
    for n in chosen:
        if exact_grads.get(n) is None or grads.get(n) is None or np.ndim(raw(exact_grads[n])) == 0:
            continue
        entries = np.asarray(raw(exact_grads[n]), dtype=object)
        if np.shape(grads[n]) != entries.shape:
            continue
        mask = np.array([mpmath.isfinite(e) and _beyond(e, dtype) is None for e in entries.flat],
                        dtype=bool).reshape(entries.shape)
        if mask.all() or not mask.any():
            continue
        labelled = [str(label) for label, *_ in (*exact.kinks, *exact.singular)
                    if label == n or str(label).startswith(f"{n}[")]
        if all(label.startswith(f"{n}[") and not mask[_index_of(label, n)] for label in labelled):
            partial[n] = mask
    return partial


def _index_of(label, name):
    """The index tuple a coordinate's label (`kinks.coordinates_of`: ``x[1, 2]``) names."""
    return tuple(int(i) for i in label[len(name) + 1:-1].split(","))


def _judged_apart(target, grads, exact, exact_grads, partial):
    """``(grads, exact, exact_grads)`` with each ``partial`` input's entries without a derivative (its mask False) set
    to 0 in the program's gradient, the exact one and the rule's alike: the other entries are judged as they stand."""
    import copy

    import mpmath

    grads, exact_grads, exact = dict(grads), dict(exact_grads), copy.copy(exact)
    exact.gradient, exact.rule = list(exact.gradient), list(exact.rule)
    exact.rule_scale, exact.rule_radius = list(exact.rule_scale), list(exact.rule_radius)
    for n, mask in partial.items():
        grads[n] = np.where(mask, np.asarray(grads[n]), 0)
        exact_grads[n] = np.where(mask, np.asarray(raw(exact_grads[n]), dtype=object), mpmath.mpf(0))
        i = target.variables.index(n)
        exact.gradient[i] = exact_grads[n]
        if i < len(exact.rule) and exact.rule[i] is not None and np.shape(raw(exact.rule[i])) == mask.shape:
            exact.rule[i] = np.where(mask, np.asarray(raw(exact.rule[i]), dtype=object), mpmath.mpf(0))
        # the scale and radius of the rule's rounding, entry by entry in a flat list, too: a missing entry's (no
        # finite ball there) would refuse the allowance to the whole input
        for per_entry in (exact.rule_scale, exact.rule_radius):
            if i < len(per_entry) and per_entry[i] is not None and len(per_entry[i]) == mask.size:
                per_entry[i] = [v if keep else mpmath.mpf(0) for v, keep in zip(per_entry[i], mask.ravel())]
    return grads, exact, exact_grads


def _value_computed_otherwise(result, target, value, exact, dtype, rtol, recording, domain, compiled_apart=None):
    """``wrong`` where, at a point without a derivative but with a value the dtype holds (an end of the domain: E_n at
    0), the framework's value is off the exact one while gradcli's replay of the same program in the dtype is right:
    the framework computes its value otherwise than its operations mean, at any precision (JAX's expn(n, 0) is 1/n,
    not 1/(n - 1)). A value the dtype's own run loses too is a precision matter, `_value_lost`'s to judge; so is one
    the framework's compiled program rounds otherwise than its operations one by one (``compiled_apart()``: XLA's
    fused multiply-add makes a cosine 1 - 2^-53 where the replay makes it 1, and arccos of it 1.5e-8 where the exact
    value is 0): the rounding of compiling, which the check's note names; and where
    the value jumps at the point, its value there is one side's by a convention (torch.topk's pick among tied
    magnitudes: PyTorch keeps index 1, the replay index 0), no framework's error."""
    if target.bridge is None or domain.value != Verdict.OK or exact.value is None or recording is None or any(
            isinstance(side, Jump) for _, *sides in exact.singular for side in sides):
        return Judgement()
    flushed = getattr(target.bridge, "flushes_subnormals", False)
    error, passed = compare(value, exact.value, rtol, result.atol, dtype, flushed)
    forward = [op for op in recording.ops if op.phase == "forward"]
    if passed or not forward or np.shape(raw(forward[-1].output)) != np.shape(value):
        return Judgement()
    replayed = np.asarray(raw(forward[-1].output), dtype=np.float64)
    if not compare(replayed, exact.value, rtol, result.atol, dtype, flushed)[1]:
        return Judgement()
    if compiled_apart is not None and compiled_apart():
        return Judgement()
    result.value_error = error
    line = forward[-1].location
    called = the_call({op.name for op in forward if op.location == line}) or forward[-1].name
    return Judgement(value=Verdict.WRONG, findings=[Finding(
        "wrong-value", "forward", called,
        f"the value is wrong: {framework_name(target.bridge)} gives {number_text(plain(value))} but the exact value "
        f"is {number_text(plain(exact.value))} (relative error {error:.2e}), which gradcli's replay of the same "
        f"operations in {dtype} gives too: the framework computes this value otherwise than its operations mean, at "
        "any precision",
        location=line)])


def _value_lost(result, target, value, exact, dtype, rtol, recording, domain, meant):
    """``unstable`` where, at a point whose gradient is ``domain``, the dtype loses a value it holds: x (1 + (1/x)^2) at
    x = 1e-200 overflows to inf where its value is 1e200, beside a slope of -1e400 no float64 holds; the overflow
    named. A missing derivative, or one past the dtype's range, excuses no value; but where the value jumps at the
    point its value there is one side's by a convention (atan2 on its cut at y = -0.0 is -pi, at the exact 0 +pi), no
    precision to judge."""
    if domain.value != Verdict.OK or exact.value is None or not finite(exact.value) or any(
            isinstance(side, Jump) for _, *sides in exact.singular for side in sides):
        return []
    if _value_passes(result, value, exact, rtol, dtype, getattr(target.bridge, "flushes_subnormals", False), meant):
        return []
    result.value_ulps = ulps(value, exact.value, dtype)
    bits, eps = _bits_and_eps(dtype)
    error = result.value_error
    result.bits_lost = bits if not math.isfinite(error) else min(bits, max(0.0, math.log2(max(error, eps) / eps)))
    return [Judgement(value=Verdict.UNSTABLE), _nonfinite(recording, value, {})]


def _nan_born_of_rounding(recording, value, grads, exact):
    """``unstable`` where, with no exact reference, the program's value is finite and its gradient holds a NaN made by
    the dtype's rounding (`provenance.nonfinite_by_rounding`): exp(-exp(x)) at x = 1e300, whose exp overflows and
    whose rule's 0 * inf is NaN, is unstable whatever its exact slope, which no number holds; None otherwise."""
    if value is None or not finite(value) or not any(
            g is not None and np.isnan(np.asarray(raw(g), dtype=complex)).any() for g in grads.values()):
        return None
    if not provenance.nonfinite_by_rounding(recording):
        return None
    missing = exact.out_of_time or (f"no exact reference: {exact.why}" if exact.why else "no exact reference")
    return Judgement(gradient=Verdict.UNSTABLE, notes=[
        f"{missing}; the value is not judged, but the NaN in the gradient is the working dtype's rounding (an "
        "overflow or underflow the findings name), which no exact number excuses"])


def _rounded_within_the_bound(result, target, value, grads, exact, chosen, dtype, rtol):
    """An ``ok`` judgement where the point has no settled reference only because balls bound some gradient entries
    below 2^N without settling them (`precision.Bounded`: Newton's steps to an exact root), N below the dtype's least
    float by a bit, so the correctly rounded entry is 0, and the program's value and gradient pass against the proven
    numbers, each bounded entry as an exact 0 would (`compare.compare`); None otherwise (a bound the dtype could
    hold: no exact reference; a program that is off: `_judged_against_the_bound`). The bounded entries are said as
    the bound, as text: no number of the result stands for them."""
    bounded = _usable_bound(exact, dtype, value)
    if bounded is None:
        return None
    flushed = getattr(target.bridge, "flushes_subnormals", False)
    value_error, passed = compare(value, bounded.value, rtol, result.atol, dtype, flushed)
    if not passed:
        return None
    by_name = _by_variable(result, target, bounded.gradient)
    if by_name is None or any(grads.get(n) is None for n in chosen):
        return None
    errors = []
    for name in chosen:
        proven = _as_rounded(by_name[name], grads[name])
        if proven is None:
            return None
        error, passed = compare(grads[name], proven, rtol, result.atol, dtype, flushed)
        if not passed:
            return None
        errors.append(error)
    result.value_error, result.gradient_error = value_error, max(errors, default=0.0)
    _said_as_the_bound(result, bounded, by_name, grads, chosen, exact.digits, exact.value_bound)
    return Judgement(notes=[_bound_note(bounded, by_name, chosen, dtype, "which the program gives")])


def _usable_bound(exact, dtype, value):
    """The reference's `precision.Bounded` where its bound lies below half the dtype's least float, so that every
    bounded entry rounds to 0 in the dtype; None else (no bound, a float could round one otherwise, no value)."""
    bounded = exact.bounded
    if bounded is None or not is_float_dtype(dtype) or value is None:
        return None
    return bounded if bounded.log2 <= _least_log2(dtype) - 1 else None


def _least_log2(dtype):
    """log2 of the dtype's least subnormal float."""
    return int(math.log2(float(finfo(dtype).smallest_subnormal)))


def _by_variable(result, target, entries):
    """Flat ``entries`` (one per scalar of the point's variables, in order) as {variable: its entries}; None where
    their count is not the point's."""
    by_name, start = {}, 0
    for name in target.variables:
        size = int(np.size(result.point.get(name, 0.0)))
        by_name[name], start = entries[start:start + size], start + size
    return by_name if start == len(entries) else None


def _bound_text(bounded):
    return below_text(bounded.log2)


def _bound_note(bounded, by_name, chosen, dtype, ending):
    """The note saying which derivatives only a bound below every float is proven for, and what the program's
    gradient is to that bound (``ending``)."""
    tiny = ", ".join(n for n in chosen if None in by_name[n])
    return (f"the exact derivative in {tiny} is {_bound_text(bounded)}, proven on balls but not settled (the program "
            f"cancels more digits than balls of gradcli's most bits hold), and {np.dtype(dtype).name}'s least float is "
            f"2^{_least_log2(dtype)}: its correctly rounded value is 0, {ending}")


def _judged_against_the_bound(result, target, value, grads, exact, chosen, dtype, rtol, recording, verdicts_alone,
                              moved, meant):
    """The judgements of a program that is off a `precision.Bounded` reference, each bounded entry, proven below 2^N
    with N below the dtype's least float, taken as the 0 it rounds to in every float (so the program's own numbers
    are judged as against a settled reference: any distance from a number that small is the distance from 0), the
    rule on balls beside it deciding ``wrong`` from ``unstable``; None where no such judgement holds (a bound a float
    could hold, no rule on balls, a gradient not asked). The bounded entries are said as the bound, as text."""
    bounded = _usable_bound(exact, dtype, value)
    if bounded is None or bounded.rule is None:
        return None
    by_name, rule_by_name = _by_variable(result, target, bounded.gradient), _by_variable(result, target, bounded.rule)
    if by_name is None or rule_by_name is None or any(grads.get(n) is None for n in chosen):
        return None
    gradient, rule = [], []
    for name in target.variables:
        like = grads.get(name, np.zeros(np.shape(result.point.get(name, 0.0))))
        gradient.append(_as_rounded(by_name[name], like))
        rule.append(_as_rounded(rule_by_name[name], like))
    if any(g is None for g in gradient + rule):
        return None
    stand_in = exact.copied()
    stand_in.value, stand_in.gradient, stand_in.rule, stand_in.rule_scale = bounded.value, gradient, rule, []
    stand_in.determined, stand_in.unsettled, stand_in.bounded, stand_in.why = True, False, None, ""
    zeros = {id(e) for name, g in zip(target.variables, gradient)
             for e, proven in zip(np.ravel(np.asarray(g, dtype=object)), by_name[name]) if proven is None}
    token = _BOUNDS.set((zeros, _bound_text(bounded)))  # a finding's words say the bound where they would say 0
    try:
        judgements = judge(result, target, value, grads, stand_in, chosen, dtype, rtol, recording, verdicts_alone,
                           moved, meant)
    finally:
        _BOUNDS.reset(token)
    _said_as_the_bound(result, bounded, by_name, grads, chosen, exact.digits, exact.value_bound)
    judgements.append(Judgement(notes=[_bound_note(bounded, by_name, chosen, dtype,
                                                   "which the program's gradient is judged against")]))
    return judgements


# (ids of the stand-in 0s of bounded entries, the bound's text) while `_judged_against_the_bound` judges by them
_BOUNDS = contextvars.ContextVar("gradcli_bounded_entries", default=None)


def _as_rounded(entries, like):
    """Flat proven ``entries`` (None where only a bound below every float is proven: the 0 it rounds to) shaped as the
    program's gradient ``like``; None where their count is not its size."""
    import mpmath  # lazy: the proven entries are mpmath's numbers

    shape = np.shape(raw(like))
    entries = [mpmath.mpf(0) if e is None else e for e in entries]
    if len(entries) != int(np.prod(shape, dtype=np.int64)):
        return None
    return np.array(entries, dtype=object).reshape(shape) if shape else entries[0]


def _said_as_the_bound(result, bounded, by_name, grads, chosen, digits, value_bound=None):
    """The result's exact value and gradient from a `precision.Bounded` reference, each bounded entry given as its
    bound, as text, and as no number (the value too, where only its bound 2^``value_bound`` is known)."""
    below = _bound_text(bounded)
    result.exact_value = plain(bounded.value) if value_bound is None else None
    result.exact_value_text = (exact_text(bounded.value, max(digits, 20)) if value_bound is None
                               else below_text(value_bound))
    result.exact_gradient = {n: None if None in by_name[n] else plain(_shaped(by_name[n], grads[n])) for n in chosen}
    result.exact_gradient_text = {n: _bound_texts(by_name[n], grads[n], below, digits) for n in chosen}


def _shaped(entries, like):
    """``entries`` (flat, exact numbers) shaped as the program's gradient ``like``."""
    shape = np.shape(raw(like))
    return np.array(entries, dtype=object).reshape(shape) if shape else entries[0]


def _bound_texts(entries, like, below, digits):
    """The exact gradient of one variable as text: each entry's digits (`compare.exact_text`), ``below`` (the bound)
    for an entry balls bounded only; nested as the program's gradient ``like``."""
    texts = [below if e is None else exact_text(e, max(digits, 20)) or number_text(plain(e)) for e in entries]
    shape = np.shape(raw(like))
    return np.array(texts, dtype=object).reshape(shape).tolist() if shape else texts[0]


def _nonfinite(recording, value, grads):
    """Where a NaN or inf first appeared in the working dtype (findings only: the verdict is the others')."""
    gradient_finite = all(finite(g) for g in grads.values())
    return Judgement(findings=provenance.nonfinite_findings(recording, finite(value), gradient_finite))


def _undetermined(out_of_time="", why=""):
    # No exact answer to judge by: say so and fail (an unchecked gradient must not pass CI).
    if out_of_time:
        return no_verdict(Finding("undetermined", "forward", "exact reference", out_of_time))
    if why:
        message = f"no exact reference: {why}, so gradcli cannot say whether this value and gradient are right: no verdict"
        return no_verdict(Finding("undetermined", "forward", "exact reference", message))
    return no_verdict(
        Finding(
            "undetermined",
            "forward",
            "exact reference",
            f"the exact reference did not settle below {max_digits()} digits (the function "
            "cancels more digits than that), so gradcli cannot say whether this value and gradient "
            "are right: no verdict",
        )
    )


def loop_stopped(stopped):
    """No verdict at a point where a loop of the user's replayed by gradcli (`capture.loop_trips.LoopStopped`) did not
    end within its bound: a fact about this point, said with the loop, its line and the trips it ran."""
    return no_verdict(Finding(
        "undetermined", "forward", "exact reference",
        f"{stopped}, so gradcli cannot compute this point's exact reference and cannot say whether its value and "
        "gradient are right: no verdict",
    ))


def own_call_stopped(stopped):
    """No verdict at a point where the framework's own call (`capture.own_time.OwnCallStopped`) did not return within
    --max-time: the numbers under test never came."""
    return no_verdict(Finding("undetermined", "forward", "framework's own call", str(stopped)))


# Why a point on an op's domain edge (`precision.Edge`) has no derivative, by the op
_LOG_EDGE = "{}(0, y) is 0 by definition, but its slope in x there is a log that is no number"
_EDGE_WHY = {"arccosh": "arccosh is at 1, the end of its domain, with its argument below 1 on a side of the point "
                        "(no number there) and its slope 1 / sqrt(x^2 - 1) infinite"}


def _kink_gap(left, right):
    """Where a kink's two slopes print alike (1 and 1 + 1e-300), by how much they differ; else nothing."""
    gap = _gap(left, right)
    return f" ({gap})" if gap else ""


def _gap(left, right):
    """"they differ by d" where two exact numbers print alike in six digits (a jump of 2e-9 at 20); else ""."""
    if f"{float(left):.6g}" != f"{float(right):.6g}" or not all(math.isfinite(float(v)) for v in (left, right)):
        return ""
    import mpmath  # lazy: exact numbers are mpmath's, loaded by the reference that found the kink

    return f"they differ by {mpmath.nstr(mpmath.fsub(right, left, exact=True), 6)}"


def _domain(target, exact, exact_grads, gradient_known, chosen, dtype, folded=()):
    """``domain`` where the exact value or gradient is undefined, infinite or beyond the dtype; kinks and poles found.

    ``folded``: the program's functions of constants alone (`_folded`), named where the exact value is undefined.
    """
    findings = [
        Finding(
            "kink",
            "forward",
            name,
            f"the function has a kink here: its derivative in {name} is "
            f"{float(left):.6g} from the left and {float(right):.6g} from the right{_kink_gap(left, right)}",
        )
        for name, left, right in exact.kinks
    ] + [
        _jump(name, left, right) if isinstance(left, Jump) or isinstance(right, Jump) else Finding(
            "singular",
            "forward",
            name,
            f"the function is at the edge of its domain in {name}: {_EDGE_WHY.get(left.op, _LOG_EDGE).format(left.op)}, "
            "so it has no derivative here",
        ) if isinstance(left, Edge) else Finding(
            "singular",
            "forward",
            name,
            f"the function has no derivative in {name} here: from the left {_side_text(left)}, and from the right "
            f"{_side_text(right)}",
        ) if isinstance(left, Wavers) or isinstance(right, Wavers) else Finding(
            "singular",
            "forward",
            name,
            f"the function is singular here in {name}: from the left {_side_text(left)}, and from the "
            f"right {_side_text(right)}; "
            f"{_singular_shape(left, right)}"
            ", so it has no derivative here",
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
        undefined_in = [n for n in chosen if exact_grads.get(n) is not None and not finite(exact_grads[n])]
        if what == "gradient" and len(undefined_in) < len(chosen):
            what += f" in {', '.join(undefined_in)}"
        undefined = f"the exact {what} is undefined or infinite at this point ({plain(exact.value) if what == 'value' else ''})"
        findings.append(Finding("domain", "forward", target.text, undefined.replace(" ()", "") + _cause(folded)))
    value_domain = not exact_finite or (bool(beyond) and beyond[0][0] == "value")
    return Judgement(
        value=Verdict.DOMAIN if value_domain else Verdict.OK,
        gradient=Verdict.DOMAIN if gradient_domain else Verdict.OK,
        findings=findings,
    )


# Ops that only move or combine numbers exactly as written: a constant they make is the program's own literal.
_PLAIN_OPS = frozenset({"add", "subtract", "multiply", "divide", "true_divide", "negative", "positive", "abs", "square",
                        "reciprocal", "power", "astype", "array", "asarray", "reshape", "stack", "concatenate", "where"})


def _folded(recording, point):
    """The program's own functions of constants alone (ndtr(10.0), np.exp(1e-17)): forward ops that read no input
    and no earlier op, as (what it computed, its line); the program computes them once, in float64."""
    if recording is None:
        return []
    try:
        given = {float(x) for v in point.values() for x in np.ravel(np.asarray(v, dtype=np.float64))}
    except (TypeError, ValueError):  # a tree of arrays: nothing is provably a constant then
        return []
    found = []
    for op in recording.ops:
        if op.phase != "forward" or op.name in _PLAIN_OPS or any(p is not None for p in op.parents):
            continue
        numbers = [np.ravel(np.asarray(raw(a), dtype=object)) for a in op.args]
        if not all(isinstance(x, (int, float, np.integer, np.floating)) for n in numbers for x in n):  # complex: none
            continue
        if any(float(x) in given for n in numbers for x in n):
            continue  # it may read the point itself: not provably a constant
        out = np.ravel(np.asarray(raw(op.output), dtype=object))
        if not (len(out) == 1 and _saturated(out[0], numbers)):
            continue
        shown = ", ".join(number_text(x) for n in numbers for x in n[:1])
        found.append((f"{op.name}({shown}) = {number_text(out[0])}", op.location))
    return found


def _saturated(out, numbers):
    """Whether a function of non-integers gave a whole number (ndtr(10.0) = 1, exp(1e-17) = 1, erfc(-7.07) = 2):
    the mark of a rounding that took every digit the rest of the program needed."""
    try:
        whole = math.isfinite(float(out)) and float(out).is_integer()
    except (TypeError, ValueError, OverflowError):
        return False
    return whole and any(not float(x).is_integer() for n in numbers for x in n)


def _cause(folded):
    """Why no working precision fixes an undefined exact value: in general nothing can; where the program computed
    a function of constants alone, that rounded number is the cause, and a better spelling of it the fix."""
    if not folded:
        return ": no working precision can fix that"
    named = "; ".join(f"{what} at {_line(where)}" for what, where in folded[:3])
    return (
        f": the program computes {named} from constants alone, once, in float64 (as NumPy does), and the exact "
        "reference takes that rounded number as the program's own, as it takes a literal; no working precision "
        "of the rest can fix that, but a spelling of that constant that keeps its digits can (a tail function "
        "such as log_ndtr or ndtr(-x) in place of 1 - ndtr(x), expm1 in place of exp - 1)"
    )


def _line(location):
    """``file:line`` with the line's text, where it can be read."""
    if not location or ":" not in location:
        return "an unknown line"
    path, _, number = location.rpartition(":")
    text = linecache.getline(path, int(number)).strip() if number.isdigit() else ""
    short = path.rsplit("/", 1)[-1]
    return f"{short}:{number} ({text})" if text else f"{short}:{number}"


def _out_of_range(target, beyond, dtype):
    listed = " and ".join(f"{what} ({exact_text(entry, 0, 6)})" for what, entry in beyond)
    return Finding(
        "out-of-range",
        "forward",
        target.text,
        f"the exact {listed} {'is' if len(beyond) == 1 else 'are'} finite but beyond {dtype.name}'s "
        f"range (its largest number is {float(finfo(dtype).max):.3g}), so no {dtype.name} program can "
        "return them: that is the dtype's limit, not the program's error (work with the logarithm, "
        "or in a wider dtype)",
    )


def _rule(target, exact, exact_grads, gradient_known, chosen, dtype, rtol, recording, shown=None, written=None):
    """``wrong`` where the gradient rule, run at high precision, disagrees with the exact derivative.

    ``shown``: the (rule, exact) gradients by input its findings print, where entries judged apart were set aside in
    those judged (`_judged_apart`); else the judged ones. ``written``: as `judge`'s; a rule off the held program's
    derivative by no more than ``rtol`` that agrees with the derivative of the program as written is no wrong rule of
    the program holding its constants as the dtype does (`_right_as_written`).

    The finding names the user's own rules that ran (a custom gradient's
    grad_fn, an override) and the line of the first, where there are any.
    A rule off by more than ``rtol``, the tolerance the dtype's gradient is
    checked to, is wrong: no precision brings that gradient within it (a
    tail's slope cut to e^-x where it is e^-x / (1 - e^-x), 7.6e-10 off at
    x = 21, is no rounding). Where ``rtol`` is looser than the dtype's rounding
    (float32's 1e-4 beside its eps), a rule off by more than that rounding
    explains (its eps, and never more than `WRONG_RTOL`) is wrong too. Never
    below what the reference itself knows (`precision.REFERENCE_RTOL`).
    In float32 a disagreement within float32's eps of the terms the rule's
    arithmetic combined is not held against the rule (`_within_the_terms`):
    library rules assume identities that hold only up to the dtype's rounding
    of their own inputs (float32 labels smoothed to sum to 1 - 2.2e-8 put a
    fused cross-entropy rule, which assumes they sum to 1, that far off).
    Narrower dtypes get no wider allowance: a rule off by 0.05% is wrong in
    every dtype. A library computing in a narrower dtype than the check's is
    held to that dtype's rounding, whatever ``rtol``.
    """
    import mpmath

    narrow = narrowed(recording, dtype)
    wrong_rtol = rule_tolerance(rtol, raw(narrow.output).dtype if narrow else dtype, REFERENCE_RTOL, narrowed=bool(narrow))

    if gradient_known and exact.rule:
        rule_by_name = _zeros_within_their_noise(exact, target.variables, chosen, exact_grads)
        shown_rule, shown_exact = shown or (rule_by_name, exact_grads)
        if not all(finite(rule_by_name[n]) for n in chosen):
            # No precision would fix it, so it is not `unstable`: the rule run at high precision
            # disagrees with the exact derivative, which is what `wrong` means.
            return _wrong(
                recording,
                "nonfinite-rule",
                f"the gradient rule gives {_short(shown_rule, chosen)} even at high precision, "
                f"where the exact derivative is {_short(shown_exact, chosen)}: the non-finite gradient "
                "comes from how the gradient is computed, not from rounding, so the rule is wrong here",
            )
        worst, off_most = max((_rule_error(rule_by_name[n], exact_grads[n]), n) for n in chosen)
        if (
            worst > wrong_rtol
            and not (wrong_rtol > WRONG_RTOL and _within_the_terms(exact, target.variables, chosen, rule_by_name, exact_grads, wrong_rtol))
            and not _constants_rounding(chosen, rule_by_name, exact_grads, wrong_rtol, dtype)
            and not _within_own_rounding(exact, target.variables, chosen, rule_by_name, exact_grads, wrong_rtol)
            and not (worst <= rtol and _right_as_written(written, target.variables, chosen, wrong_rtol))
        ):
            rule_text, exact_text_ = _told_apart(rule_by_name, exact_grads, chosen, shown)
            return _wrong(
                recording,
                "wrong-rule",
                f"the gradient rule is wrong: at high precision it gives {rule_text} but "
                f"the exact derivative is {exact_text_} (relative error {worst:.2e})" + _surrogate_note(exact_grads, chosen),
                slope_in=off_most,
            )
    elif exact.directional is not None and exact.rule:
        # Only the chosen variables have a rule; the direction is 0 in the others (`precision.only_chosen`).
        terms = [_dot(rule, d) for rule, d in zip(exact.rule, exact.direction) if rule is not None]
        rule_dir = sum(terms)
        # Relative to the directional derivative itself, however tiny; where it is 0, to the scale of
        # the terms that cancelled there (the rule's entries are right to AGREE_DIGITS of themselves).
        scale = mpmath.mpf(10) ** -AGREE_DIGITS * sum(abs(t) for t in terms)
        err = abs(rule_dir - exact.directional) / (abs(exact.directional) or scale or 1)
        if not err <= wrong_rtol:  # NaN too: a NaN rule along the direction is no agreement
            return _wrong(
                recording,
                "wrong-rule",
                f"the gradient rule is wrong: along a random direction it gives {float(rule_dir):.10g} "
                f"but the exact directional derivative is {float(exact.directional):.10g}",
            )
    return Judgement()


def _right_as_written(written, names, chosen, allowance):
    """Whether the rule agrees, within ``allowance``, with the exact derivative of the program as written (``written()``,
    its constants as float64 holds them), where the program judged holds them as a narrower dtype does.

    A rule's constants that Python computes from the function's (``0.999 ** 50`` for fifty steps of ``y * 0.999``)
    are one float64 number that the dtype then rounds once, where the function's derivative multiplies the dtype's
    rounding of 0.999 fifty times: in float32 the two part by 6.4e-7 relative, a rounding of the constants, which the
    rule's author did not write and no rule can follow. Right for either holding of its constants, the rule is right:
    the derivative of the function its author wrote. A rule off in both is wrong, and so is one off the held program's
    derivative by more than the gradient's tolerance (`_rule` asks only then), whatever it is as written: the dtype's
    rounding of a constant then changed the function (1.00000005 and 1.00000006, one number apart as written, are 1
    and 1.00000012 in float32), and the gradient the rule gives the program the dtype runs is not its slope.
    """
    if written is None:
        return False
    reference = written()
    if reference.unsettled or reference.error or not reference.determined or not reference.rule or not reference.gradient:
        return False
    rules, exacts = dict(zip(names, reference.rule)), dict(zip(names, reference.gradient))
    if any(rules.get(n) is None or exacts.get(n) is None or not finite(rules[n]) for n in chosen):
        return False
    return all(_rule_error(rules[n], exacts[n]) <= allowance for n in chosen)


def _zeros_within_their_noise(exact, names, chosen, exact_grads):
    """The rule's entries by input, each entry within `ZERO_WITHIN_NOISE` times its rounding noise of 0 (its
    `Exact.rule_scale` over 10^digits) taken as the 0 the exact derivative proves there, as `precision.rule_entries`
    takes it where that 0 is known when the rule runs: h cos(arcsin(s)) at s = 1 leaves h's slope a residue of
    cos(pi/2 rounded), 5e-3842 at 3840 digits, where the directed runs stray 1e-3838, and the exact 0 was proven only
    after the rule ran. A residue that outlives its noise stays, and is judged."""
    import mpmath

    rule_by_name = dict(zip(names, exact.rule))
    scales = dict(zip(names, exact.rule_scale or []))
    if not exact.digits:
        return rule_by_name
    unit = mpmath.mpf(10) ** -exact.digits
    for n in chosen:
        rule, sizes = rule_by_name.get(n), scales.get(n)
        if rule is None or sizes is None:
            continue
        entries = np.ravel(np.asarray(raw(rule), dtype=object))
        exacts = np.ravel(np.asarray(raw(exact_grads[n]), dtype=object))
        if not len(entries) == len(exacts) == len(sizes):
            continue
        zeroed = [mpmath.mpf(0) if e == 0 and size is not None and mpmath.isfinite(r) and r != 0
                  and abs(r) <= ZERO_WITHIN_NOISE * size * unit else r for r, e, size in zip(entries, exacts, sizes)]
        if any(z is not r for z, r in zip(zeroed, entries)):
            shaped = np.asarray(raw(rule), dtype=object)
            rule_by_name[n] = np.array(zeroed, dtype=object).reshape(shaped.shape) if shaped.ndim else zeroed[0]
    return rule_by_name


def _surrogate_note(exact_grads, chosen):
    """The words for a rule judged against an exact derivative that is 0 in every entry, as a step's is (a spike's
    Heaviside, a quantiser's round: flat off their jumps): a rule that is not 0 there may be a surrogate gradient,
    which its author means; '' where some exact entry is not 0."""
    entries = [e for n in chosen for e in np.ravel(np.asarray(exact_grads[n], dtype=object))]
    if not entries or any(e is None or not (e == 0) for e in entries):
        return ""
    return ("; where the function is a step here (a spike's Heaviside, a quantiser), its derivative is 0 off the "
            "jump, and a rule that is not 0 is a surrogate gradient: by design not the derivative, which is all "
            "`wrong` says of it")


def _within_the_terms(exact, names, chosen, rule_by_name, exact_grads, allowance):
    """Whether every rule entry is within ``allowance`` of the exact one relative to the rounding of the rule's
    own last additions (`Exact.rule_scale`, `rule_rounding`), and never below the entry itself: the float32
    allowance's scale.

    A fused cross-entropy rule p - t assumes labels summing to 1; float32 labels smoothed at 0.05 sum to
    1 + 3e-8, which puts the rule 3e-8 p off: within float32's eps of the operands p and t of its last
    subtraction (about 1 each at logits [80, -80, 0]), but 1e-6 of the entry p - t (0.033). On the mpmath
    path the scale is the rule's rounding noise, which carries every cancellation before the rule's last
    additions too, so there it is capped at the gradient's whole mass (the sum of the rule's and the exact
    entries' magnitudes); on balls too where some entry's scale times the allowance passes that mass (a rounding
    of its operands larger than every entry: no float's rule could be that), which is ball arithmetic's growth
    through a loop that refined a value the rule reads (a Newton root's 40 steps, each adding its radius to the
    last's, which balls cannot see contract: radii of 1e72 where the terms are of order 1). A proven 0 allows
    nothing.
    """
    import mpmath

    scales = dict(zip(names, exact.rule_scale or []))
    pairs = []
    for n in chosen:
        rules = np.ravel(np.asarray(raw(rule_by_name[n]), dtype=object))
        exacts = np.ravel(np.asarray(raw(exact_grads[n]), dtype=object))
        sizes = scales.get(n)
        if sizes is None or not len(sizes) == len(rules) == len(exacts):
            return False
        pairs += zip(rules, exacts, sizes)
    if not all(s is not None and mpmath.isfinite(r) and mpmath.isfinite(e) for r, e, s in pairs):
        return False
    mass = sum(abs(r) + abs(e) for r, e, _ in pairs)
    cap = mass if exact.method != "balls" or any(s * allowance > mass for _, _, s in pairs) else mpmath.inf
    return all(not (e == 0 and r != 0) and abs(r - e) <= allowance * max(abs(e), min(s, cap)) for r, e, s in pairs)


def _within_own_rounding(exact, names, chosen, rule_by_name, exact_grads, allowance):
    """Whether every rule entry off its exact derivative is off by no more than the rounding of the rule's own
    arithmetic at the precision it ran (`Exact.rule_scale`, the size of the terms it combined, times 10^-digits).

    A softmax row with one live score beside scores masked at -1e9 has weight s = 1 - 2e^-1e9, and its rule
    s (g - s.g) subtracts numbers equal to every digit a ball holds: what it gives is its rounding (2.8e-9864 at
    9865 digits), where the exact slope is 1.9e-434294482. That is no disagreement with the exact derivative, which
    no precision short of 434 million digits would show. A proven 0 allows nothing. Where the rule ran on balls, the
    ball's radius bounds its rounding (`Exact.rule_radius`), and the model's scale gives way to it: a rule e (1 - e)
    that forgot a factor K gives 1e-100 to every digit where the exact slope is K times that, and terms of size 1 at
    39 digits excuse no such gap.
    """
    import mpmath

    scales = dict(zip(names, exact.rule_scale or []))
    radii = dict(zip(names, exact.rule_radius or []))
    unit = mpmath.mpf(10) ** -exact.digits if exact.digits else None
    for n in chosen:
        rules = np.ravel(np.asarray(raw(rule_by_name[n]), dtype=object))
        exacts = np.ravel(np.asarray(raw(exact_grads[n]), dtype=object))
        sizes = scales.get(n)
        if unit is None or sizes is None or not len(sizes) == len(rules) == len(exacts):
            return False
        bounds = radii.get(n) or [None] * len(rules)
        for r, e, size, radius in zip(rules, exacts, sizes, bounds):
            if size is None or not (mpmath.isfinite(r) and mpmath.isfinite(e)) or (e == 0 and r != 0):
                return False
            rounding = 4 * size * unit if radius is None else 4 * radius
            if abs(r - e) > max(allowance * abs(e), rounding):
                return False
    return True


def _constants_rounding(chosen, rule_by_name, exact_grads, allowance, dtype):
    """Whether every entry the rule misses is a number beyond every dtype's range that the rounding of the
    program's own constants, amplified by the exponent of that number, could move as far as the rule is off.

    The exact replay is exact but for the program's float constants, which are the
    program's numbers: JAX's ndtr multiplies by 0.7071067811865476, 6.8e-17 above
    1/sqrt 2. At x = -1e5 that rounding, squared inside exp(-5e9), moves the
    tail's derivative by 2 x 5e9 x 6.8e-17 = 6.8e-7 relative, while the library's
    custom rule is the derivative of the mathematics (it spells x^2/2 with no
    rounded factor). Both numbers are near 1e-2171472410, which every dtype holds
    as 0: the rule gives the program the exact answer its dtype can hold. A
    rounding of u relative in a constant c moves exp(E) by about k |E| u where c
    enters E with power k; 4 |E| u (u the unit roundoff of the dtype the constants
    are in, powers up to 4) bounds what it explains. A rule off by more, or off
    at a number a dtype can hold, stays `wrong`.
    """
    import mpmath

    tiny = mpmath.mpf(float(np.finfo(np.float64).smallest_subnormal)) / 2  # rounds to 0 in every dtype
    unit = 2 * float(np.finfo(np.float64).eps)  # 4 x the unit roundoff of the float64 graph the exact replay runs
    for n in chosen:
        rules = np.ravel(np.asarray(raw(rule_by_name[n]), dtype=object))
        exacts = np.ravel(np.asarray(raw(exact_grads[n]), dtype=object))
        if len(rules) != len(exacts):
            return False
        for r, e in zip(rules, exacts):
            if not (mpmath.isfinite(r) and mpmath.isfinite(e)):
                return False
            if abs(r - e) <= allowance * abs(e):
                continue
            if e == 0 or not (abs(e) < tiny and abs(r) < tiny):
                return False
            if abs(r - e) > unit * abs(mpmath.log(abs(e))) * abs(e):
                return False
    return True


def _rule_error(rule, exact):
    """The worst relative error of the rule at high precision; infinite where it is not 0 at a proven 0.

    A rule entry is right to AGREE_DIGITS of itself, or 0 where its noise
    hides nothing (`precision.rule_entries`), and an exact 0 is proven: a rule
    of 1e-300 where the derivative is 0 is a rule that disagrees, however small.
    """
    import mpmath

    rule, exact = raw(rule), raw(exact)
    if type(rule) is mpmath.mpf and type(exact) is mpmath.mpf:  # the usual pair, read as below without the arrays
        r, e = rule._mpf_, exact._mpf_
        if e == _ZERO and r != _ZERO and not mpmath.isnan(rule) and not mpmath.isinf(rule):
            return math.inf
        return worst_error(rule, exact, WRONG_RTOL)
    pairs = zip(np.asarray(rule, dtype=object).ravel(), np.asarray(exact, dtype=object).ravel())
    if any(e == 0 and mpmath.isfinite(r) and r != 0 for r, e in pairs):
        return math.inf
    return worst_error(rule, exact, WRONG_RTOL)


def _wrong(recording, kind, message, slope_in=None):
    """A wrong gradient rule's judgement, its finding at the user's own rule where one ran (one giving the slope in
    ``slope_in``, the variable the rule is off in most, where the rules are given per argument)."""
    rules = provenance.user_rules(recording)
    op = f"gradient rule {', '.join(rules)}" if rules else "gradient rule"
    location = provenance.rule_location(recording, slope_in)
    library = provenance.rule_library(recording, location)
    if library:  # the framework's own rule of a library function the line called: the library's code, not the line's
        message += f" (the framework's own rule of {library} ran on this line: the library's code, not the line's)"
    tie = None if rules or kind != "wrong-rule" else provenance.eigh_tie(recording)
    if tie is not None:  # the rule undefined there (JAX and PyTorch answer NaN), not a wrong formula
        location, value, times = tie
        return Judgement(gradient=Verdict.WRONG, findings=[Finding(kind, "backward", "linalg.eigh", (
            f"eigh's gradient rule is undefined at this point: {times} of its eigenvalues are equal ({value:.10g}). "
            "A function that reads those eigenvectors (V diag(g(w)) V^T, a matrix function) has the slope g'(w) in "
            "their cross term, which the rule never sees (it is handed g(w_i) - g(w_j) = 0) and takes as 0; JAX "
            "and PyTorch give NaN there. A function of the eigenvalues alone, or of the tied eigenvectors' projector, "
            f"keeps its derivative at a tie. {message[0].upper()}{message[1:]}"), location=location)])
    if not rules and location is None and (location := provenance.equality_branch(recording)):
        op = "where"
        message += (" (this where takes its branch because an equality holds at this very point: the derivative "
                    "there is the branch's own, not the function's beside the point)")
    return Judgement(gradient=Verdict.WRONG, findings=[Finding(kind, "backward", op, message, location=location)])


def _precision(result, target, value, grads, exact, exact_grads, gradient_known, chosen, dtype, rtol, verdicts_alone=False,
               moved=None, meant=None):
    """``unstable`` where the working precision loses the value or the gradient; errors, ULPs and bits on ``result``.

    Every entry is measured against its exact value (`compare.compare`): an
    exact 0, which has no relative error, against its array's magnitude M (the
    largest exact entry), any other entry relative to itself. A nonzero entry
    below rtol x M (where an exact 0 would pass) that is off by more than rtol
    of itself is lost, unless the rounding of the program's own data explains
    it (`_within_data_rounding`): a float program's 0 where the exact entry is a
    -2^-56 made of the rounded constants 0.08 + 0.42 - 0.5 is as right as its
    mirror, a computed -2^-56 where the exact entry is 0; exp(x)/(exp(x)-1)'s
    0 at x = 300 where the exact slope is -5e-131 is a loss (no rounding of 300
    moves that slope to 0). A value off its exact reference that is exact for the program as meant, its constants
    the numbers they round, lost only their rounding (`_value_as_meant`), asked only of a program whose exact replay
    held such a constant (``exact.holds_a_rounded_constant``): any other is the program as meant already.
    """
    judgement = Judgement()
    flushed = getattr(target.bridge, "flushes_subnormals", False)
    if exact.value is not None and not _value_passes(result, value, exact, rtol, dtype, flushed, meant):
        judgement.value = Verdict.UNSTABLE
    if not verdicts_alone:
        result.value_ulps = ulps(value, exact.value, dtype)
    if gradient_known:
        compared, reaches = [compare(grads[n], exact_grads[n], rtol, result.atol, dtype, flushed) for n in chosen], {}
        if moved is not None and not all(passed for _, passed in compared):
            compared, reaches = _within_data_rounding(result, target, exact, grads, exact_grads, chosen, dtype, rtol,
                                                      flushed, compared, moved)
        result.gradient_error = max(error for error, _ in compared)
        if not verdicts_alone:
            result.gradient_ulps = max(ulps(grads[n], exact_grads[n], dtype) or 0 for n in chosen)
        if not all(passed for _, passed in compared):
            judgement.gradient = Verdict.UNSTABLE
        pairs = [(grads[n], exact_grads[n]) for n in chosen]
        _note_atol(result, "gradient", judgement.gradient == Verdict.OK, pairs, rtol, dtype, [reaches.get(n) for n in chosen])
    elif exact.directional is not None:
        direction = dict(zip(target.variables, exact.direction))
        computed = sum(_dot(np.asarray(raw(grads[n]), dtype=np.float64), direction[n]) for n in chosen)
        difference = abs(computed - float(exact.directional))
        result.gradient_error = _relative(difference, exact.directional)
        # Entrywise |c - e| <= atol + rtol |e| bounds the directional error by atol x sum |d| + rtol x ...
        slack = result.atol * sum(float(np.sum(np.abs(d))) for d in exact.direction)
        if not difference <= slack + rtol * abs(float(exact.directional)):  # NaN fails too
            judgement.gradient = Verdict.UNSTABLE
    bits, eps = _bits_and_eps(dtype)
    errors = [e for e in (result.value_error, result.gradient_error) if e is not None and math.isfinite(e) and e > 0]
    if errors:
        result.bits_lost = min(bits, max(0.0, math.log2(max(errors) / eps)))
    elif math.inf in (result.value_error, result.gradient_error):
        result.bits_lost = bits
    return judgement


def _value_passes(result, value, exact, rtol, dtype, flushed, meant):
    """Whether ``value`` is its exact reference within rtol (or exact for the program as meant, `_value_as_meant`);
    its error on ``result``, and a note where --atol alone passed it."""
    result.value_error, passed = compare(value, exact.value, rtol, result.atol, dtype, flushed)
    if not passed and meant is not None and exact.holds_a_rounded_constant:
        passed = _value_as_meant(result, value, meant, rtol, dtype, flushed)
    _note_atol(result, "value", passed, [(value, exact.value)], rtol, dtype)
    return passed


def _value_as_meant(result, value, meant, rtol, dtype, flushed):
    """Whether ``value``, off the program's exact value, is within rtol of the exact value of the program as meant
    (``meant()``: its float constants that round a constant of mathematics taken as that number), noted where it is.

    PyTorch's continuous Bernoulli adds ``math.log(2.0)`` to a term that is
    -log 2 at probs = 1/2: the program's exact value is the constant's rounding,
    2.3e-17, and its float 0 is what the program means, to that rounding. A
    real cancellation (log1p(exp(x)) - math.log(2.0) at x = 1e-10, off by 8e-8
    of its 5e-11) is off the meant value as much, and stays lost.
    """
    if not _all_finite(value):  # a constant's rounding moves a value by an ulp or so: never to inf or NaN
        return False
    reference = meant()
    if reference.unsettled or reference.error or reference.value is None:
        return False
    error, passed = compare(value, reference.value, rtol, result.atol, dtype, flushed)
    if passed:
        result.value_error = error
        result.notes.append(
            "the value is off the exact value of the program as written only by the rounding of its constants: with "
            "each float constant that rounds a constant of mathematics (log 2, pi, ...) taken as that number, the value "
            "is exact, so no digit was lost to the arithmetic")
    return passed


def _all_finite(value):
    """Whether every entry of the program's value ``value`` is a finite number."""
    try:
        return bool(np.all(np.isfinite(np.asarray(value))))
    except TypeError:  # a value NumPy cannot read as numbers: not one a constant's rounding explains
        return False


def _within_data_rounding(result, target, exact, grads, exact_grads, chosen, dtype, rtol, flushed, compared, moved):
    """``(compared, reaches)``: ``compared`` again where every lost gradient entry is tiny beside its array and off by
    no more than the rounding of the program's own data moves its exact value (`data_rounding.reach`, by variable),
    else ``compared`` as it is and no reaches.

    The program's rounded float constants and inputs are its data, moved by
    two units in the last place of the dtype: where that moves the exact entry
    as far as the computed one is off, the computed entry is the exact answer
    of the program at data the dtype cannot tell from its own, as a computed
    entry within rtol x M of an exact 0 is. The references with moved data are
    made only here, where such an entry alone decides the verdict.
    """
    could = [passed or compare(grads[n], exact_grads[n], rtol, result.atol, dtype, flushed, reach=UNBOUNDED)[1]
             for n, (_, passed) in zip(chosen, compared)]
    if not all(could):
        return compared, {}
    reaches = data_rounding.reach(exact, moved(), list(target.variables), chosen)
    if reaches is None:
        return compared, {}
    again = [compare(grads[n], exact_grads[n], rtol, result.atol, dtype, flushed, reach=reaches[n]) for n in chosen]
    if all(passed for _, passed in again):
        lost = [n for n, (_, passed) in zip(chosen, compared) if not passed]
        named = ", ".join(lost)
        where = ("in entries that are tiny beside the rest" if any(np.size(raw(exact_grads[n])) > 1 for n in lost)
                 else "(a number smaller than what passes against an exact 0)")
        result.notes.append(
            f"the gradient in {named} is off its exact value {where}, by no more "
            f"than moving the program's own rounded constants and inputs by {data_rounding.NUDGE_ULPS} units in the "
            f"last place of {np.dtype(dtype).name} moves that value: those exact digits are the rounding of the "
            "program's data, not of its arithmetic")
    return again, reaches


def narrowed(recording, dtype):
    """The first recorded op whose float result is narrower than ``dtype`` (a library's own cast) and reaches the
    program's numbers, or None.

    From there the program computes in that narrower dtype whatever the caller's. A narrower number that only
    decides comparisons (a float32 mask ``s.astype(np.float32) > 0``, a float32 constant of ranks compared) costs no
    digit of the result, so it is no such op.
    """
    eps = _bits_and_eps(dtype)[1]
    ops = recording.ops if recording is not None else ()
    narrow = [op for op in ops if _narrower(op.output, eps)]
    if not narrow:
        return None
    users = provenance.users_of(recording)
    return next((op for op in narrow if _reaches_numbers(op, users, eps)), None)


def _narrower(value, eps):
    """Whether ``value`` is a float array or number of a dtype with a larger eps than ``eps`` (bfloat16 too)."""
    out = getattr(raw(value), "dtype", None)
    return out is not None and is_float_dtype(out) and _bits_and_eps(out)[1] > eps


def _reaches_numbers(op, users, eps):
    """Whether ``op``'s narrower result flows into a float of the working width (or is itself a result: no op uses it),
    through ops that keep it a float; a comparison's booleans and an index's integers carry no digits on."""
    pending, seen = [op], set()
    while pending:
        current = pending.pop()
        if id(current) in seen:
            continue
        seen.add(id(current))
        taking = users.get(id(current), ())
        if not taking:
            return True
        for user in taking:
            out = getattr(raw(user.output), "dtype", None)
            if out is None or not is_float_dtype(out):
                continue
            if not _narrower(user.output, eps):
                return True
            pending.append(user)
    return False


def narrowing_finding(op, dtype):
    """The finding of a cast to a narrower dtype inside the code the user's line calls: where an unstable result's digits went."""
    narrow = raw(op.output).dtype.name
    return Finding(
        "narrowed",
        "forward",
        f"{op.name} ({dtype.name} -> {narrow})",
        f"a cast on this line (yours, or inside the library it calls) turns {dtype.name} numbers into {narrow} and the "
        f"computation goes on in {narrow}, so the {dtype.name} result keeps only {narrow}'s digits: the cast lost them, not "
        "the formula (a library computing in its own dtype, such as a Keras loss, takes the caller's as dtype=)",
        location=op.location,
    )


def _bits_and_eps(dtype):
    """A dtype's significant bits and its eps, as floats (read once per dtype)."""
    limits = _LIMITS.get(dtype)
    if limits is None:
        limits = _LIMITS[dtype] = (float(mantissa_bits(dtype)), float(finfo(dtype).eps))
    return limits


_LIMITS = {}


def _relative(difference, exact):
    """``difference`` relative to the exact number (an mpf, however tiny; inf where it is 0 and the difference is not)."""
    import mpmath

    if exact == 0 or not mpmath.isfinite(exact):
        return 0.0 if difference == 0 else math.inf
    return float(mpmath.mpf(difference) / abs(exact))


def _note_atol(result, what, passed, pairs, rtol, dtype, reaches=None):
    """A note where the absolute tolerance alone lets ``what`` pass: it is off by more than rtol relative (beyond each
    entry's reach, ``reaches`` one per pair: `_within_data_rounding`)."""
    reaches = reaches or [None] * len(pairs)
    if passed and result.atol and not all(compare(c, e, rtol, 0.0, dtype, reach=r)[1] for (c, e), r in zip(pairs, reaches)):
        result.notes.append(
            f"the {what} is off by more than rtol {rtol:g} relative, but within --atol {result.atol:g} "
            "absolute: it passes by the absolute tolerance"
        )


def _jump(name, left, right):
    """The finding for a jump in ``name``: the switch the program decides there and the value on each side."""
    jump = left if isinstance(left, Jump) else right
    values = [side.value if isinstance(side, Jump) else jump.at for side in (left, right)]
    at = f" at its switch {jump.switch}" if jump.switch else ""
    # Sides that print alike beside a point that does not (divide_no_nan's 0 between limits of 7884.57) jump to the
    # point: their difference is the one-sided evaluations' own error, not the jump.
    apart = all(f"{float(jump.at):.6g}" != f"{float(v):.6g}" for v in values)
    gap = "" if apart else _gap(values[0], values[1])
    return Finding(
        "jump",
        "forward",
        name,
        f"the function jumps here in {name}{at}: its value is {float(values[0]):.6g} from the left and "
        f"{float(values[1]):.6g} from the right ({float(jump.at):.6g} at the point{'; ' + gap if gap else ''}), "
        "so it has no derivative here",
        output={"left": plain(values[0]), "right": plain(values[1]), "at": plain(jump.at), "switch": jump.switch},
        location=jump.where or None,
    )


def _singular_shape(left, right):
    """What a singular point is to the function, from its two sides: an isolated point of its domain, an end, or a
    jump or pole."""
    if isinstance(left, Outside) and isinstance(right, Outside):
        return "it is defined at this point alone along that coordinate"
    if isinstance(left, Outside) or isinstance(right, Outside):
        return "it ends at this point"
    return "it jumps or has a pole at this point"


def _side_text(side):
    """One side of a singular point: its derivative, how its difference quotient diverges, or that it is outside the domain."""
    if isinstance(side, Outside):
        return "the function is not defined (NaN at every step)"
    if isinstance(side, list):
        growth = ", ".join(f"{_any_size(q, '.3g')} at step {_any_size(h, '.0e')}" for h, q in side)
        return f"the difference quotient grows without bound as the step shrinks ({growth})"
    if isinstance(side, Wavers):
        swings = ", ".join(f"{_any_size(q, '.3g')} at step {_any_size(h, '.0e')}" for h, q in side.quotients)
        return f"the difference quotient swings up and down as the step shrinks, settling nowhere ({swings})"
    return f"the derivative is {float(side):.6g}"


def _any_size(number, spec):
    """``number`` (an mpf, or a float) as ``spec`` formats its float, or by its own digits where a float would round it
    to 0 or inf (a step of 1e-400, a quotient of 1e+500)."""
    import mpmath  # lazy: the exact reference's numbers

    as_float = float(number)
    if (math.isfinite(as_float) and as_float != 0) or number == 0 or not mpmath.isfinite(number):
        return format(as_float, spec)
    digits = int(spec.strip(".eg") or 1) if spec.endswith("g") else 1
    number = mpmath.mpf(number)
    exponent = mpmath.log10(abs(number))
    if abs(exponent) >= _WRITTEN_EXPONENT:  # e^(1/(2 h^2)) at h = 1e-300: the power itself, not its 600 digits
        return f"{'-' if number < 0 else ''}10^({mpmath.nstr(exponent, 3)})"
    return mpmath.nstr(number, digits)


# From an exponent of this size on (decimal: 10^10000000), a number is said as a power of 10 (`_any_size`).
_WRITTEN_EXPONENT = 10 ** 7


def _beyond(exact, dtype):
    """The first entry of an exact result that is finite but rounds to inf in ``dtype``; None if none."""
    import mpmath

    if exact is None:
        return None
    exact = raw(exact)
    if type(exact) is mpmath.mpf and dtype == _FLOAT64:  # the usual entry, read as below without the arrays
        if mpmath.isnan(exact) or mpmath.isinf(exact):
            return None
        # mpf(exact) rounds it to the working precision; its float is read on its raw number, as float() reads it.
        prec, rounding = mpmath.mp._prec_rounding
        sign, man, exp, bc = exact._mpf_
        rounded = mpmath.libmp.normalize(sign, man, exp, bc, prec, rounding) if man else exact._mpf_
        return None if math.isfinite(mpmath.libmp.to_float(rounded, rnd=rounding)) else mpmath.mpf(exact)
    for entry in np.asarray(exact, dtype=object).ravel():
        entry = mpmath.mpf(entry)
        if mpmath.isfinite(entry) and not np.isfinite(cast(float(entry), dtype)):
            return entry
    return None


def _dot(a, b):
    """The inner product of ``a`` (mpmath numbers stay exact) with the float64 direction ``b``."""
    return sum((x * float(y) for x, y in zip(np.asarray(raw(a), dtype=object).ravel(), np.ravel(b))), 0)


def _short(grads, chosen, significant=10):
    """``{x: 0.25, y: [nan, 1]}``: every entry shown (an array's too), "not computed" where there is none."""
    return "{" + ", ".join(f"{n}: {_entry_text(grads.get(n), significant)}" for n in chosen) + "}"


def _told_apart(rule, exact, chosen, shown=None):
    """`_short` of the rule's and the exact gradients with the digits that show them differ (10, up to 20): a
    rule off by 1e-10 reads as two equal numbers at 10 digits. ``shown``: the (rule, exact) to print at those digits,
    where entries judged apart were set aside in the judged ones (`_judged_apart`), which choose the digits."""
    for significant in (10, 14, 17, 20):
        if _short(rule, chosen, significant) != _short(exact, chosen, significant):
            break
    shown_rule, shown_exact = shown or (rule, exact)
    return _short(shown_rule, chosen, significant), _short(shown_exact, chosen, significant)


def _entry_text(value, significant=10):
    """A gradient's text: as a float where one holds it, else its exact digits (1e-452 is not 0); an entry standing for
    a bound (`_judged_against_the_bound`) as that bound."""
    bound = _BOUNDS.get()
    if bound is not None and id(value) in bound[0]:
        return bound[1]
    if bound is not None and isinstance(value, np.ndarray) and any(id(e) in bound[0] for e in value.flat):
        return "[" + ", ".join(_row_entry_text(e, bound, significant) for e in value) + "]"
    if _is_exact_zero(value):
        return "0"  # a proven 0 reads as the 0 a float shows, not mpmath's "0.0"
    text = exact_text(value, 0, significant=significant)
    return number_text(text) if text is not None else number_text(plain(value), significant)


def _row_entry_text(entry, bound, significant):
    """One entry of an array's text where some entries stand for a bound: a row as an array, a bound as its text,
    a number as the array's text shows it."""
    if isinstance(entry, np.ndarray):
        return _entry_text(entry, significant)
    if id(entry) in bound[0]:
        return bound[1]
    return _entry_text(np.array([entry], dtype=object), significant)[1:-1]


def _is_exact_zero(value):
    """Whether ``value`` is an exact reference's proven 0 (an mpmath number; a float 0 shows as "0" already)."""
    import mpmath  # lazy: loaded by the reference that made the value

    value = raw(value)
    return isinstance(value, mpmath.mpf) and not value
