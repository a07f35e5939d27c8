"""Vector-valued targets, checked through their Jacobian.

A target that returns an array is checked one scalar function at a time, so
the exact reference, the finite differences, the NaN/Inf provenance and the
verdicts are the very ones of a scalar check (`point.check_point`):

- up to `FULL_ROWS` outputs, every row of the Jacobian: output ``k`` is the
  scalar function ``x -> ravel(f(x))[k]`` (indexed with gradcli's ops, so it
  stays differentiable and runs on mpmath numbers for the exact reference);
- above that, `RANDOM_ROWS` random unit cotangents ``u`` (``x -> u . f(x)``,
  a vector-Jacobian product checked as one gradient) and as many random unit
  tangents ``v``: the forward-mode product ``J v`` (`gradcli.jvp`) is checked
  as ``u . J v`` against the exact ``(u^T J) v`` of the cotangent row, with
  the same JVP run at high precision to tell a wrong rule (``wrong``) from
  lost precision (``unstable``). Both are drawn from ``--seed``. Where
  forward mode through the target fails (a framework's own numbers have a
  VJP alone), the cotangents are the check and a note says so.

The point's verdict is the worst entry's by severity (`Verdict.worst`): a
``domain`` row (a kink in one output) never hides a ``wrong`` one. Formulas
are elementwise, and a formula at an array point stays checked summed (the
gradient of the sum is the elementwise derivative); this path is for
Python functions, whose outputs can mix inputs.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Optional

import numpy as np

from ..autodiff.ops import raw
from ..autodiff.ops_array import ravel, sum_
from ..autodiff.transforms import jvp
from ..capture.numpy_reads import shown_already
from . import rule_blame
from .compare import WRONG_RTOL, as_float64, cast, compare, plain, rule_tolerance, tolerances, worst_error
from .fd import richardson
from .judgement import record
from .point import check_point as check_scalar_point
from .precision import REFERENCE_RTOL
from .reference import compute as compute_exact, to_mp
from .results import Finding, Later, PointResult
from .verdict import Verdict

FULL_ROWS = 64  # up to this many outputs, every row of the Jacobian is checked
RANDOM_ROWS = 3  # above it, this many random cotangents (VJP) and as many random tangents (JVP)
_WORST_SHOWN = 5  # the entries a summary of a large Jacobian lists


@dataclass
class Jacobian:
    """The rows of a vector output's check: one scalar check per output, or per random cotangent and tangent."""

    shape: tuple  # of the output
    mode: str  # "full" (every output) or "random" (cotangents and tangents from the seed)
    rows: list = field(default_factory=list)  # PointResult per output (full) or per cotangent (random)
    labels: list = field(default_factory=list)  # "f[0]", "f[1, 2]", or "u1 . f"
    tangents: list = field(default_factory=list)  # random mode: one dict per JVP check
    seed: Optional[int] = None
    worst: list = field(default_factory=list)  # full mode: the entries furthest from exact, worst first

    def to_dict(self):
        rows = []
        for label, row in zip(self.labels, self.rows):
            shown = {k: v for k, v in row.to_dict().items() if k not in ("point", "dtype", "jacobian")}
            rows.append({"output": label, **shown})
        return {
            "shape": list(self.shape),
            "mode": self.mode,
            "seed": self.seed,
            "rows": rows,
            "tangents": self.tangents,
            "worst": self.worst,
        }


def _float64(value):
    return np.asarray(value, dtype=np.float64) if np.ndim(value) else float(value)


def _label(shape, k):
    index = np.unravel_index(k, shape)
    return "f[" + ", ".join(str(int(i)) for i in index) + "]"


def _output(function, k):
    """``x -> ravel(function(x))[k]``, with gradcli's ops (differentiable, and on mpmath numbers too)."""

    def output(*args):
        return ravel(function(*args))[k]

    return output


def _projected(function, u):
    """``x -> sum(u * ravel(function(x)))``: a vector-Jacobian product as one scalar function."""

    def projected(*args):
        return sum_(ravel(function(*args)) * u)

    return projected


def check_point(target, point, dtype, chosen, options, shape):
    """One point in one dtype of a vector-valued target: the rows, then one combined `PointResult`."""
    with shown_already():  # the run that found the output a vector was the program's: its rows print nothing again
        return _rows_checked(target, point, dtype, chosen, options, shape)


def _rows_checked(target, point, dtype, chosen, options, shape):
    """`check_point`'s rows and their combined `PointResult`."""
    size = int(np.prod(shape))
    if size <= FULL_ROWS:
        jacobian = Jacobian(tuple(shape), "full")
        for k in range(size):
            row = replace(target, function=_output(target.function, k), mp_function=_output(target.mp_function, k),
                          shared=_row_shared(target, k))
            jacobian.rows.append(check_scalar_point(row, point, dtype, chosen, options))
            jacobian.labels.append(_label(shape, k))
            _name_the_call(jacobian.rows, target, point, dtype, np.eye(1, size, k)[0])
            _judge_variables(jacobian.rows[-1], target, point, dtype, np.eye(1, size, k)[0])
    else:
        jacobian = Jacobian(tuple(shape), "random", seed=options.seed)
        cotangents, tangents = _directions(target, point, chosen, shape, dtype, options.seed)
        for i, u in enumerate(cotangents, 1):
            row = replace(
                target,
                function=_projected(target.function, u),
                mp_function=_projected(target.mp_function, u.astype(np.float64)),
                shared=_row_shared(target, u.astype(np.float64).tobytes()),
            )
            jacobian.rows.append(check_scalar_point(row, point, dtype, chosen, options))
            jacobian.labels.append(f"u{i} . f")
            _name_the_call(jacobian.rows, target, point, dtype, u)
            _judge_variables(jacobian.rows[-1], target, point, dtype, u)
    result = _combine(target, point, dtype, chosen, jacobian)
    if jacobian.mode == "random":
        for i, (u, v, row) in enumerate(zip(cotangents, tangents, jacobian.rows), 1):
            if not _check_tangent(result, target, point, dtype, chosen, options, i, u, v, row):
                break  # every tangent goes through the same ops: one that cannot, none can
    return result


_MOST_SEARCHED = 8  # rows whose wrong built-in rule is searched for its call (`rule_blame`), per point and dtype


def _name_the_call(rows, target, point, dtype, cotangent):
    """A wrong built-in rule in the last of ``rows`` named at its call's line, for that row's direction ``cotangent``."""
    searched = sum(1 for row in rows[:-1] if any(f.kind in ("wrong-rule", "nonfinite-rule") for f in row.findings))
    if searched < _MOST_SEARCHED:
        rounded = [as_float64(cast(point[n], dtype)) for n in target.variables]
        rule_blame.name_the_call(rows[-1], target, rounded, cotangent, program=dtype)


def _judge_variables(row, target, point, dtype, cotangent):
    """A bridged framework's ``variables=`` rules judged on ``row`` of the Jacobian, for that row's direction
    ``cotangent``, where its gradient is ok (a gradcli function's rules are judged by the row's own check: the row
    is a function of its own there, which a framework's replayed program is not)."""
    if row.gradient_status != Verdict.OK or getattr(target.bridge, "rule_variables", None) is None:
        return
    rounded = [as_float64(cast(point[n], dtype)) for n in target.variables]
    record(row, rule_blame.judge_rule_variables(target, rounded, dtype, cotangent,
                                                tolerance=rule_tolerance(row.rtol, dtype, 0)))


def _row_shared(target, row):
    """The `Target.shared` of one row of ``target``'s Jacobian (``row``: an output's index, or a projection's
    direction): what a row's checks keep per point (a bridged target's replayed differences and exact reference)
    is that row's alone, and its checks in each dtype share it."""
    return target.shared.setdefault(("jacobian row", row), {})


def _directions(target, point, chosen, shape, dtype, seed):
    """Random unit cotangents (in ``dtype``, over the output) and tangents (float64, over the chosen inputs)."""
    rng = np.random.default_rng(seed)
    cotangents, tangents = [], []
    for _ in range(RANDOM_ROWS):
        u = rng.standard_normal(int(np.prod(shape)))
        cotangents.append((u / np.linalg.norm(u)).astype(dtype))
        v = {n: rng.standard_normal(np.shape(point[n])) if n in chosen else np.zeros(np.shape(point[n])) for n in target.variables}
        norm = np.sqrt(sum(float(np.sum(np.square(d))) for d in v.values()))
        tangents.append({n: d / norm for n, d in v.items()})
    return cotangents, tangents


def _stack(values, shape):
    """Per-row numbers (or nested lists, or None) as nested lists shaped ``shape`` + each row's shape."""
    stacked = np.empty(len(values), dtype=object)
    for k, value in enumerate(values):
        stacked[k] = value
    return stacked.reshape(shape).tolist()


def _digits(value):
    """A float, or nested lists of them, as the text of their own digits (None stays None)."""
    if isinstance(value, (list, tuple)):
        return [_digits(v) for v in value]
    return None if value is None else repr(float(value))


def _stacked_value_texts(rows, shape):
    """The rows' exact values as text, stacked as the output, where some row gave text (else None)."""
    given = [r.exact_value_text for r in rows]
    if all(t is None for t in given):
        return None
    return _stack([t if t is not None else _digits(r.exact_value) for t, r in zip(given, rows)], shape)


def _stacked_texts(rows, shape, chosen):
    """The rows' exact derivatives as text, stacked as the Jacobian, for each variable some row gave text for.

    A row gives its entries' text where one of them is beyond a float's range (e^-800 in softmax's Jacobian at
    logits of +-800); the other rows' entries are their floats' own digits, so that no entry reads as a plain 0.
    """
    texts = {}
    for name in chosen:
        given = [r.exact_gradient_text.get(name) for r in rows]
        if any(t is not None for t in given):
            texts[name] = _stack([t if t is not None else _digits(r.exact_gradient.get(name))
                                  for t, r in zip(given, rows)], shape)
        else:
            texts[name] = None
    return texts


_WORST_OF_ROWS = ("status", "value_status", "gradient_status", "hessian_status")
_LARGEST_OF_ROWS = ("value_error", "gradient_error", "value_ulps", "gradient_ulps", "bits_lost", "digits_used", "hessian_error")


def _combine(target, point, dtype, chosen, jacobian):
    """One `PointResult` of every row: the worst verdicts by severity, the largest errors, the rows' findings named."""
    rows, shape = jacobian.rows, jacobian.shape
    result = PointResult(rows[0].point, dtype.name, jacobian=jacobian, rtol=rows[0].rtol, atol=rows[0].atol, held=rows[0].held)
    if jacobian.mode == "full":
        result.value = _stack([r.value for r in rows], shape)
        result.exact_value = _stack([r.exact_value for r in rows], shape)
        for key in ("gradient", "exact_gradient", "rule_gradient", "fd_gradient", "fd_error"):
            setattr(result, key, {n: _stack([getattr(r, key).get(n) for r in rows], shape) for n in chosen})
        why = {n: [r.exact_gradient_why.get(n) for r in rows] for n in chosen}  # per row, as the rows give it
        result.exact_value_text = Later(_stacked_value_texts, rows, shape)
        result.exact_gradient_text = Later(_stacked_texts, rows, shape, chosen)
        result.exact_gradient_why = {n: reasons if any(w is not None for w in reasons) else None for n, reasons in why.items()}
    else:
        result.value = _value(target, point, dtype)
        for key in ("gradient", "exact_gradient", "rule_gradient", "fd_gradient", "fd_error", "exact_gradient_why"):
            setattr(result, key, dict.fromkeys(chosen))  # not per entry: see the rows and tangents
    for name in _WORST_OF_ROWS:
        setattr(result, name, Verdict.worst(*(getattr(r, name) for r in rows)))
    for name in _LARGEST_OF_ROWS:
        known = [getattr(r, name) for r in rows if getattr(r, name) is not None]
        setattr(result, name, max(known) if known else None)
    # The worst rows first: a report's first finding is the one that decided the verdict.
    ranked = sorted(zip(jacobian.labels, rows), key=lambda pair: -pair[1].status.severity)
    for label, row in ranked:
        result.findings.extend(replace(f, message=f"{label}: {f.message}") for f in row.findings)
        result.notes.extend(note for note in row.notes if note not in result.notes)
        if row.error and result.error is None:
            result.error = f"{label}: {row.error}"
    result.fd_method = rows[0].fd_method
    if jacobian.mode == "full":
        jacobian.worst = _worst_entries(jacobian, chosen)
    return result


def _worst_entries(jacobian, chosen):
    """The `_WORST_SHOWN` entries of the Jacobian furthest from the exact one (relative; absolute at an exact 0)."""
    entries = []
    for label, row in zip(jacobian.labels, jacobian.rows):
        for n in chosen:
            computed, exact = row.gradient.get(n), row.exact_gradient.get(n)
            if computed is None or exact is None:
                continue
            pairs = zip(np.ravel(np.asarray(computed, dtype=object)), np.ravel(np.asarray(exact, dtype=object)))
            for j, (c, e) in enumerate(pairs):
                entry = f"{n}[{j}]" if np.ndim(computed) else n
                entries.append({"output": label, "input": entry, "computed": c, "exact": e, "error": _entry_error(c, e)})
    entries.sort(key=lambda e: -e["error"])
    return entries[:_WORST_SHOWN]


def _entry_error(computed, exact):
    try:
        c, e = float(computed), float(exact)
    except (TypeError, ValueError):
        return float("inf")
    if c == e:
        return 0.0
    if not (np.isfinite(c) and np.isfinite(e)):
        return float("inf")
    return abs(c - e) / abs(e) if e else abs(c)


def _value(target, point, dtype):
    """The whole output in the working dtype, as nested lists (None if the target raises)."""
    try:
        with np.errstate(all="ignore"):
            return plain(target.function(*[cast(point[n], dtype) for n in target.variables]))
    except Exception:  # noqa: BLE001 - the rows have recorded the error
        return None


def _check_tangent(result, target, point, dtype, chosen, options, i, u, v, row):
    """The JVP along tangent ``v``, seen through cotangent ``u``: ``u . J v`` against the exact ``(u^T J) v``;
    False where forward mode through the target fails (a framework's own numbers have a VJP alone), said in a note.
    """
    import mpmath

    names = target.variables
    u64 = u.astype(np.float64)
    try:
        computed = _projected_jvp(target.function, [cast(point[n], dtype) for n in names], [cast(v[n], dtype) for n in names], u)
    except Exception as error:  # noqa: BLE001 - forward mode is not available for every op
        result.notes.append(
            f"no JVP is checked: forward mode through the function fails ({type(error).__name__}: {error}); "
            f"its Jacobian is checked along the {len(result.jacobian.rows)} random cotangents alone"
        )
        return False
    entry = {"tangent": f"v{i}", "cotangent": f"u{i}", "jvp": float(computed), "exact": None, "rule": None, "fd": None}
    entry.update(fd_error=None, status=Verdict.OK, error=None)
    result.jacobian.tangents.append(entry)
    base = [_float64(point[n]) for n in names]
    along = _projected(target.function, u64)
    entry["fd"], entry["fd_error"] = richardson(
        lambda t: along(*[b + t * v[n] for b, n in zip(base, names)]), 0.0, np.finfo(np.float64).eps ** (1 / 3)
    )
    exact, digits = _exact_along(target, base, v, u64, options.seed)
    if exact is None:
        result.notes.append(f"the JVP along v{i} has no exact reference (the exact reference did not settle)")
        return True
    entry["exact"] = float(exact)
    digits = max(digits or 30, 30)
    try:
        with mpmath.workdps(digits):

            rule = _projected_jvp(target.mp_function, [to_mp(b) for b in base], [to_mp(v[n]) for n in names], u64)
        entry["rule"] = float(rule)
    except Exception:  # noqa: BLE001 - no high-precision JVP: judge the working precision only
        rule = None
    rtol, atol = tolerances(options, dtype)
    entry["error"], within = compare(computed, exact, rtol, atol, dtype)
    # The rule's tolerance is the gradient rule's (`compare.rule_tolerance`): the exact JVP is the reference's.
    if rule is not None and worst_error(rule, exact, WRONG_RTOL) > rule_tolerance(rtol, dtype, REFERENCE_RTOL):
        entry["status"] = Verdict.WRONG
        message = (
            f"the forward-mode (JVP) rule is wrong: along tangent v{i}, u{i} . J v{i} is {float(rule):.10g} "
            f"at high precision but the exact (u{i}^T J) v{i} is {float(exact):.10g}"
        )
        result.findings.append(Finding("wrong-rule", "forward", "jvp", message))
    elif not within:
        entry["status"] = Verdict.UNSTABLE
        message = (
            f"the JVP along v{i} in {dtype.name} is off by {entry['error']:.2e} relative: u{i} . J v{i} is "
            f"{float(computed):.10g}, the exact is {float(exact):.10g}"
        )
        result.findings.append(Finding("inaccurate", "forward", "jvp", message))
    result.gradient_status = Verdict.worst(result.gradient_status, entry["status"])
    result.status = Verdict.worst(result.status, entry["status"])
    return True


def _projected_jvp(function, args, tangents, u):
    """``u . (J v)`` by forward mode: one pass of `gradcli.jvp`, then the dot product (in the values' own type)."""
    import mpmath

    with np.errstate(all="ignore"):
        _, tangent_out = jvp(function, tuple(args), tuple(tangents))

    flat = np.ravel(np.asarray(raw(tangent_out), dtype=object))
    with mpmath.workdps(max(mpmath.mp.dps, 30)):  # the sum adds no rounding of its own
        return +mpmath.fsum(_mp(t) * mpmath.mpf(float(w)) for t, w in zip(flat, u.astype(np.float64)))


def _mp(number):
    import mpmath

    return number if isinstance(number, mpmath.mpf) else mpmath.mpf(float(number))


def _exact_along(target, base, v, u, seed):
    """The exact ``d/dt u . f(x + t v)`` at 0, that is ``(u^T J) v``, by the exact reference; and its digits."""
    names = target.variables

    def line(function, at):
        def along(t):
            return _projected(function, u)(*[b + t * v[n] for b, n in zip(at, names)])

        return along

    mp_base = [to_mp(b) for b in base]
    on_line = replace(target, variables=("t",), function=line(target.function, base), mp_function=line(target.mp_function, mp_base))
    exact = compute_exact(on_line, [0.0], seed=seed)
    if exact.error or exact.unsettled or not exact.determined or not exact.gradient or exact.gradient[0] is None:
        return None, None
    return exact.gradient[0], exact.digits
