"""The slopes a point keeps where the function's exact value is NaN or infinite: along each coordinate the NaN or the
pole never meets.

``log(x) + y**2`` at x = -1 is NaN: log has left its domain, and no difference
quotient is a number. Its slope in y is still 2y = 6: y never reaches the log,
and the NaN only rides along the sum. Such a slope is the derivative of the
program's own terms in that coordinate, the op outside its domain held where it
stands.

Which coordinates: the ops that made the NaN from numbers (the origins: every
argument a number, the answer NaN), or where the value is infinite those that
made an infinity from finite numbers (log at 0, a division by 0), are found in a
recorded run at the point; a coordinate whose move leaves each origin's arguments
as they were, in a run of the same ops, never reaches them (``log(x * y)`` moves
with y: no slope there). An elementwise origin is read at its entries that are no
number alone: ``log(t)`` at t = [0, 1] meets the pole in t[0], never in t[1].
Its slope is gradcli's reverse-mode derivative on mpmath numbers, a number only
where every partial on its paths is one (``log(x) * y**2`` has the NaN itself
as y's partial: no slope), kept where two precisions agree.

A NaN that arithmetic makes (0 / 0, inf - inf: an indeterminate form, not a
function leaving its real domain) that stays one when every coordinate moves at
once is the value at every point near: a mean over an empty bag is 0 / 0 whatever
the embeddings are. The function has no value there at all, so no coordinate has
a slope; log(-1), by contrast, has a value off the reals, beside which y's slope
stands, and 0 * log(0) a zero the program may mean as the product's limit (the
terms of a KL divergence with p = 0), beside which q's slopes stand.

The rules are gradcli's own: a framework's program is its forward graph alone, and a run that
meets a gradient rule of the user's claims no slope (the rule is what is judged).
"""

from __future__ import annotations

import os

import numpy as np

from ..autodiff import custom
from ..autodiff import mp as mp_core
from ..autodiff.transforms import output_value, pull_back, trace_inputs
from ..autodiff.values import Box, raw
from ..capture.bridge import differentiating_the_primal
from .kinks import coordinates_of, with_coordinate
from .precision import START_DIGITS, flat_entries, generic_weight, relative_step, rounding_every_op, to_mp
from .provenance import Recorder

MOST_COORDINATES = 32  # each coordinate costs one run of the program per precision: a larger point is left as it is
_DIGITS = (2 * START_DIGITS, 4 * START_DIGITS)  # the two precisions whose slopes must agree
_AGREE_DIGITS = START_DIGITS  # to this many digits
# the ops whose NaN from numbers is 0 / 0 or inf - inf (a mean of nothing, a softmax over a row all masked, a remainder
# by 0), never a value off the reals; a product's 0 * inf is not among them, its zero the limit a program may mean
ARITHMETIC_NAN = frozenset({"add", "subtract", "divide", "sum", "mean", "cumsum", "matmul", "einsum", "tensordot",
                         "untake", "mod", "remainder", "fmod", "floor_divide"})


def slopes_beside_nan(target, args, held=()):
    """``(slopes, origins)``: per flat coordinate of ``args`` (float64 numbers and arrays, as the reference took them),
    the exact slope of ``target``'s program along it where its exact value is NaN (or infinite) made by ops that
    coordinate never moves (an mpmath number), None where it has none; and the names of the ops that made the NaN (the
    infinity). None where the value is no NaN or infinity that ops made from finite numbers, where the function has
    no value anywhere near (`no_value_near`; the arguments at the positions ``held`` the user's data, unmoved), where
    the program has more than `MOST_COORDINATES` coordinates or a vector value, or where it cannot run on mpmath
    numbers under gradcli's reverse mode."""
    import mpmath  # lazy: the exact numbers are mpmath's, as the reference's

    coordinates = list(coordinates_of(target, args))
    if len(coordinates) > MOST_COORDINATES:
        return None
    found = []
    for digits in _DIGITS:
        with mpmath.workdps(digits):
            try:
                slopes = _at_digits(target, args, coordinates, held)
            except Exception:  # noqa: BLE001 - no reverse-mode run on mpmath numbers: no slope is claimed
                return None
        if slopes is None and not found:
            try:
                return _kept_off_the_pole(target, args, coordinates)
            except Exception:  # noqa: BLE001 - as above
                return None
        if slopes is None or slopes[2]:
            return None
        found.append(slopes)
    (low, origins, _), (high, _, _) = found
    agreed = [b if a is not None and b is not None and _agree(a, b) else None for a, b in zip(low, high)]
    return agreed, origins


def _kept_off_the_pole(target, args, coordinates):
    """`slopes_beside_nan`'s answer where the runs on mpmath numbers find a finite value that grows with their digits:
    the pole the exact value is at, kept off 0 by each run's rounding (cos(deg2rad(90)) is 0 exactly, its rounding
    at d digits near 1e-d, and sigma over it near 1e(d + 2)). Its origins are the ops whose answer grows with the digits
    while none of their arguments does; a coordinate that leaves each origin's arguments as they were, moved either
    way, has the slope both runs agree on (c in c + sigma / cos(deg2rad(phi)) at phi = 90: 1). None where the value
    does not grow so, or no op starts the growth. A scalar input the origins read at all has none (NaN: its difference
    quotients, swamped by the residue's huge value, say nothing), however weak its coupling (c in sigma (1 + e^-c) /
    cos(r) at c = 400 moves the pole by less than any run's digits show)."""
    import mpmath

    runs = []
    for digits in _DIGITS:
        with mpmath.workdps(digits):
            mp_args = [to_mp(a) for a in args]
            value, pull, ops = _recorded(target, mp_args, located=True)
            values = flat_entries(value)
            if len(values) != 1 or not mpmath.isfinite(values[0]):
                return None
            runs.append((mp_args, values[0], pull, ops))
    (_, low, low_pull, low_ops), (mp_args, high, pull, ops) = runs
    apart = mpmath.mpf(10) ** (_DIGITS[0] // 2)  # half the fewer digits: far past what any rounding moves

    def grew(before, after):
        pairs = zip(flat_entries(before), flat_entries(after))
        return any(mpmath.isfinite(b) and mpmath.isfinite(a) and abs(a) > apart * abs(b) for b, a in pairs)

    if len(low_ops) != len(ops) or any(a.name != b.name for a, b in zip(low_ops, ops)) or not grew(low, high):
        return None
    origins = [k for k, (before, after) in enumerate(zip(low_ops, ops)) if grew(before.output, after.output)
               and not any(_any_entry(a, "isnan") or grew(b, a) for b, a in zip(before.args, after.args))]
    if not origins:
        return None
    gradients = []  # each run's slopes, pulled at its own digits once the growth is found
    for digits, pulled in zip(_DIGITS, (low_pull, pull)):
        with mpmath.workdps(digits):
            gradients.append([e for g, a in zip(pulled(mpmath.mpf(1)), args) for e in _entries_or_zeros(g, a)])
    low_gradient, gradient = gradients
    # an argument the origins read at all, however weakly (sigma / (cos(r) (1 + 1e-200 c)): c moves the pole by less
    # than the digits show), has no slope for a scalar; an array's entries are told apart by the moved runs alone
    inputs, reaching = {id(a) for a in mp_args}, set()
    for k in origins:
        for arg, parent in zip(ops[k].args, ops[k].parents or [None] * len(ops[k].args)):
            reaching |= _inputs_read(parent, arg, inputs)
    found = []
    with mpmath.workdps(_DIGITS[-1]):  # the moved runs at the digits ``ops`` were recorded at
        for (i, index, _), before, entry in zip(coordinates, low_gradient, gradient):
            x = mp_args[i] if index is None else mp_args[i][index]
            if index is None and id(mp_args[i]) in reaching:
                found.append(mpmath.nan)  # it moves the pole: no slope, whatever differences swamped by it show
                continue
            still = mpmath.isfinite(entry) and _agree(before, entry) and all(
                _origins_still(ops, origins, _recorded(target, with_coordinate(mp_args, i, index, x + side))[2],
                               lambda _: True)
                for side in (_step(x), -_step(x)))
            found.append(entry if still else None)
    return found, sorted({ops[k].name for k in origins})


def no_value_near(target, args, held=()):
    """The ops that made ``target``'s exact value at ``args`` a NaN, with the user's lines where the run found them
    (``divide at model.py:12``), where that value is a NaN that arithmetic makes from numbers, 0 / 0 or inf - inf
    (not a function leaving its real domain, nor 0 * inf, whose zero may be the limit the program means: x log x at
    0), that stays one when every coordinate but those of the arguments at the positions ``held`` moves at once: the
    function has no value anywhere near the point, so none of its coordinates has a slope, whatever slopes a proof
    finds for the terms beside it (a mean over an empty bag); else an empty list."""
    import mpmath

    with mpmath.workdps(_DIGITS[0]):
        try:
            found = _at_digits(target, args, list(coordinates_of(target, args)), held, slopes=False)
        except Exception:  # noqa: BLE001 - no run on mpmath numbers: nothing is claimed
            return []
    return [] if found is None else found[2]


def _agree(a, b):
    import mpmath

    return a == b or abs(a - b) <= mpmath.mpf(10) ** -_AGREE_DIGITS * max(abs(a), abs(b))


def _at_digits(target, args, coordinates, held=(), slopes=True):
    """`slopes_beside_nan`'s answer at the working precision: ``(slopes, origins, nowhere)`` (``slopes`` False: the
    slopes not asked, an empty list), or None."""
    import mpmath

    mp_args = [to_mp(a) for a in args]
    value, pull, ops = _recorded(target, mp_args, located=True)
    values = flat_entries(value)
    if len(values) != 1 or mpmath.isfinite(values[0]):
        return None
    # a NaN's origins make it from arguments that hold none (0 * log(0) is one); an infinity's, from finite ones
    nan = mpmath.isnan(values[0])
    made, beforehand = (_has_nan, _has_nan) if nan else (_has_infinity, _not_finite)
    def moved_ops():
        moved = _moved_together(mp_args, coordinates, held)
        return None if moved is None else _recorded(target, moved)[2]

    origins = _origins(ops, made, beforehand, moved_ops)
    if not origins:
        return None
    names = sorted({ops[k].name for k in origins})
    # a SciPy function's value op answers what its own composite's ops (recorded too) computed: those tell the kind
    made_by = [k for k in origins if getattr(ops[k].prim, "shown_arguments", None) != -1] or origins
    moving = {id(a) for i, a in enumerate(mp_args) if i not in held}
    if nan and all(ops[k].name in ARITHMETIC_NAN or _zero_made_of(ops[k], moving) for k in made_by):
        # both ways, and with every other coordinate turned back: relu(-x) * inf stays 0 * inf as x rises and is inf as
        # it falls; relu(x y) * inf stays so wherever x and y move apart, and is inf where they move alike
        moved = [_moved_together(mp_args, coordinates, held, side, turned) for side in (1, -1) for turned in (0, 1)]
        if moved[0] is not None and all(_origins_still(ops, origins, _recorded(target, m)[2], made) for m in moved):
            return [], names, sorted({ops[k].name + (f" at {os.path.basename(ops[k].location)}" if ops[k].location
                                                     else "") for k in made_by})
    if not slopes:
        return [], names, []
    # A constant 0 or an input's own 0 times an infinity (a response y = 1's (1 - y) log(1 - P) at P = 1; a count k = 0
    # times log(mu / (r + mu)) at mu = 0) is the 0 the program means: each coordinate judged below leaves the infinity
    # as it is (and the 0: a coordinate that moves either leaves no NaN there), so its share of the coordinate's slope
    # is 0 times what the rule makes of it (0 * log 0's 0 / 0): held back at the NaN's entries (an elementwise origin's
    # other entries pass slopes the coordinates beside the NaN keep). A 0 ops make from the inputs (log1p(xi x) at
    # xi = 0, times 1 / xi), a 0 / 0, an inf - inf or a function outside its domain is no such 0: a coordinate whose
    # every path to the value runs through it has no slope, as its rule's NaN says.
    inputs = {id(a) for a in mp_args}
    rounded = _RoundedOneWay(target, mp_args, len(ops))
    held = {id(raw(ops[k].output)): _read_at(ops[k], made) for k in origins
            if _zero_times(ops[k], inputs, lambda side, k=k: rounded.zero_at(k, side, _read_at(ops[k], made)))} \
        if nan else {}
    gradient = [e for g, a in zip(pull(mpmath.mpf(1), held), args) for e in _entries_or_zeros(g, a)]
    found = []
    for (i, index, _), entry in zip(coordinates, gradient):
        x = mp_args[i] if index is None else mp_args[i][index]
        # both ways: a where's branch that a comparison picks at the point may be left on one side only
        still = mpmath.isfinite(entry) and all(
            _origins_still(ops, origins, _recorded(target, with_coordinate(mp_args, i, index, x + side))[2], made, True)
            for side in (_step(x), -_step(x)))
        found.append(entry if still else None)
    return found, names, []


class _RoundedOneWay:
    """The program's forward ops recorded with every op rounding down and with every op rounding up, made the first
    time a zero is asked about: a 0 that ops made is exact only where both runs make it too."""

    def __init__(self, target, mp_args, count):
        self.target, self.mp_args, self.count, self.runs = target, mp_args, count, None

    def zero_at(self, k, side, at):
        """Whether argument ``side`` of op ``k`` is 0 at the entries ``at`` (None: every entry) in both runs."""
        if self.runs is None:
            self.runs = []
            for mode in ("f", "c"):
                try:
                    with rounding_every_op(mode):
                        self.runs.append(_recorded(self.target, self.mp_args)[2])
                except Exception:  # noqa: BLE001 - raises only when rounded one way: no zero to trust
                    self.runs.append(None)
        for ops in self.runs:
            if ops is None or len(ops) != self.count or len(ops[k].args) <= side:
                return False
            value = np.asarray(raw(ops[k].args[side]), dtype=object)
            entries = value if at is None or not at.ndim or value.shape != at.shape else value[at]
            if not all(e == 0 for e in np.ravel(entries)):
                return False
        return True


def _step(x):
    """A step of ``x`` far below the working precision's scale of it, yet far above its last digit."""
    import mpmath

    return relative_step(x, mpmath.mpf(10) ** -(mpmath.mp.dps // 3))


def _moved_together(mp_args, coordinates, held, side=1, turned=0):
    """``mp_args`` with every coordinate not in an argument at the positions ``held`` moved at once, along a direction
    with no structure of its own (`precision.generic_weight`): a quotient x y / (x y) at x = y = 0 moves off its 0 / 0 only when
    both move, and a column's standard deviation at a constant column only when its entries move apart, not by one
    step each; ``side`` -1 the opposite direction, ``turned`` 1 every other coordinate's move turned back. None where
    no coordinate is left to move."""
    moved = [a.copy() if isinstance(a, np.ndarray) else a for a in mp_args]
    count = 0
    for i, index, _ in coordinates:
        if i in held:
            continue
        weight = side * generic_weight(count) * (-1 if turned and count % 2 else 1)
        if index is None:
            moved[i] = moved[i] + weight * _step(moved[i])
        else:
            moved[i][index] = moved[i][index] + weight * _step(moved[i][index])
        count += 1
    return moved if count else None



def _recorded(target, mp_args, located=False):
    """``(value, pullback, forward ops)`` of the program on ``mp_args`` under gradcli's reverse mode, recorded; a
    framework's program as its forward graph alone, which gradcli differentiates by its own rules. A program whose
    run meets a rule of the user's (a custom gradient, a registered or overridden one) raises `UsersRule`: the slope
    its reverse mode gives is that rule's, never the function's."""
    mp_core.enable()
    recorder = Recorder(locate_in_python=located)
    nums = tuple(range(len(mp_args)))
    with recorder, np.errstate(all="ignore"), differentiating_the_primal():
        out, trace, roots = trace_inputs(target.mp_function, mp_args, {}, nums, "vjp")
    if custom.rules_in_force() or _meets_a_users_rule(out):
        raise UsersRule()

    def pull(g, held=None):
        """The gradient; ``held``: {id of an op's raw answer: the mask of its entries that pass nothing back to the
        op's arguments, or None: none of them passes any}."""
        blocked = _held_back(out, held or {})
        try:
            with np.errstate(all="ignore"), differentiating_the_primal():
                return tuple(pull_back(out, trace, roots, mp_args, nums, g))
        finally:
            for node, rule in blocked:
                node.vjp = rule

    return output_value(out, trace), pull, [op for op in recorder.recording.ops if op.phase == "forward"]


# The ops whose infinity at 0 grows so slowly that any power of a 0 beside it wins: 0 times it is the 0 a program means
_LOGARITHMS = frozenset({"log", "log1p", "log2", "log10"})


def _zero_times(op, inputs, exact_zero):
    """Whether ``op`` is a product one of whose arguments is 0 wherever the product is NaN (a constant of the program,
    an input itself, or one made of the inputs, ``inputs`` holding the arguments' ids: (k - 1) log(t / lam) at k = 1,
    t = 0, a Weibull density's exponential case), where the other factor is a logarithm (r log r at r = y / x, y = 0:
    x leaves r at 0 and the product's limit is 0 however r gets there) or is made of no input the 0 reads: k / (mu k)
    at k = 0 is 1 / mu beside the point, no 0 the program means. A 0 that ops made is one only where ``exact_zero(side)``
    says the program makes it rounding every op down and every op up too ((1 + 1e-200 k) - 1 at 60 digits is none)."""
    if op.name != "multiply" or len(op.args) != 2:
        return False
    for side, (arg, parent) in enumerate(zip(op.args, op.parents)):
        other = op.parents[1 - side]
        logarithmic = other is not None and other.name in _LOGARITHMS  # t log t -> 0 however t reaches 0
        if not logarithmic and _inputs_read(parent, arg, inputs) & _inputs_read(other, op.args[1 - side], inputs):
            continue
        if _zero_wherever_nan(op, arg) and (parent is None or exact_zero(side)):
            return True
    return False


def _zero_wherever_nan(op, arg):
    """Whether ``arg``, an argument of the product ``op``, is 0 at every entry where ``op``'s answer is NaN (False
    where it does not broadcast to the answer)."""
    made = np.vectorize(lambda e: _any_entry(e, "isnan"), otypes=[bool])(np.asarray(op.output, dtype=object))
    zero = np.vectorize(lambda e: e == 0, otypes=[bool])(np.asarray(raw(arg), dtype=object))
    try:
        return bool(np.all(np.broadcast_to(zero, made.shape)[made]))
    except ValueError:
        return False


def _zero_made_of(op, moving):
    """Whether ``op`` is a product 0 * inf whose 0 ops made of the coordinates that move (ids of their arguments in
    ``moving``), beside an infinity that reads none of them: Barron's loss as its equation reads at alpha = 0, (2 / 0) *
    (pow(y(x), 0) - 1). Where that 0 stays one however the coordinates move (`_origins_still`), the product is NaN at
    every point near, no 0 the program means; a 0 of the program's constants or data ((k - 1) log(t / lam) at a held
    k = 1) reads no moving coordinate, and p log p with p and log p made of the same inputs (t = relu(x); a masked
    action's softmax share and its log_softmax, both of the logits) has its limit 0 however p reaches 0."""
    if op.name != "multiply" or len(op.args) != 2 or not op.parents:
        return False
    for side, (arg, parent) in enumerate(zip(op.args, op.parents)):
        other = op.parents[1 - side]
        if parent is None or _inputs_read(other, op.args[1 - side], moving):
            continue
        if _zero_wherever_nan(op, arg) and _inputs_read(parent, arg, moving):
            return True
    return False


def _inputs_read(parent, value, inputs):
    """The ids of the ``inputs`` the recorded op ``parent`` (None: ``value`` is no op's) read, through every op
    before it."""
    found = {id(raw(value))} & inputs if parent is None else set()
    stack, seen = [parent] if parent is not None else [], set()
    while stack:
        op = stack.pop()
        if id(op) in seen:
            continue
        seen.add(id(op))
        for arg, before in zip(op.args, op.parents or [None] * len(op.args)):
            if before is None:
                found |= {id(raw(arg))} & inputs
            else:
                stack.append(before)
    return found


def _held_back(out, held):
    """``[(node, its rule)]`` for each node of the reverse trace behind ``out`` whose value's id is a key of ``held``,
    its rule replaced by one that passes nothing back from the entries ``held`` masks (None: from any), the caller
    putting each rule back. A held node's argument of its shape that is no number at every entry held (log(1 - P) at
    P = 1, read by 0 * log(1 - P)) is held at those entries too: its rule would make 0 / 0 of the 0 they pass."""
    nodes = list(_nodes_behind(out)) if held else []
    held, blocked = dict(held), []
    for node in sorted(nodes, key=lambda n: getattr(n, "order", 0)):  # latest made first: after each node reading it
        key = id(raw(getattr(node, "_value", None)))
        if key not in held or getattr(node, "vjp", None) is None:
            continue
        mask = held[key]
        blocked.append((node, node.vjp))
        elementwise = getattr(getattr(node, "prim", None), "kind", None) == "elementwise"
        node.vjp = _holding_back(node.vjp, mask, elementwise)
        for parent in getattr(node, "parents", ()) if mask is not None else ():
            value = raw(getattr(parent, "_value", None))
            if np.shape(value) == mask.shape and _no_number_at(value, mask):
                held.setdefault(id(value), mask)
    return blocked


def _no_number_at(value, mask):
    """Whether every entry of ``value`` that ``mask`` marks is NaN or infinite."""
    import mpmath

    entries = np.asarray(value, dtype=object)[mask]
    return all(isinstance(e, mpmath.mpf) and not mpmath.isfinite(e) for e in np.ravel(entries))


def _holding_back(rule, mask, elementwise=False):
    """``rule`` passing nothing back from the answer's entries ``mask`` marks: each argument's gradient 0 there, where
    it has the answer's shape; no gradient at all where ``mask`` is None or marks every entry. An argument broadcast
    into the answer sums the held entries in: an ``elementwise`` rule then reads the other arguments' entries there as
    0 (the 0 held back times their infinity, (k - 1) times log(t) - log(lam) at t = 0, is no NaN of k's), any other
    rule's sum stands as it gives it, a NaN where they make one."""
    import mpmath

    if mask is None or np.all(mask):
        return lambda g, ans, args, kwargs, argnums: (None,) * len(argnums)

    def held_back(g, ans, args, kwargs, argnums):
        if elementwise:
            args = tuple(_zero_at(a, mask) for a in args)
        passed = []
        for cotangent in rule(g, ans, args, kwargs, argnums):
            if cotangent is None or np.shape(cotangent) != mask.shape:
                passed.append(cotangent)  # a broadcast argument sums the held entries in: left as the rule gives it
                continue
            cotangent = np.array(cotangent, dtype=object)
            cotangent[mask] = mpmath.mpf(0)
            passed.append(cotangent)
        return tuple(passed)

    return held_back


def _zero_at(value, mask):
    """``value`` with its non-finite entries that ``mask`` marks read as 0, where it has the mask's shape (a copy)."""
    import mpmath

    if not isinstance(value, np.ndarray) or value.shape != mask.shape or value.dtype != object:
        return value
    out = value.copy()
    for index in zip(*np.nonzero(mask)):
        if isinstance(out[index], mpmath.mpf) and not mpmath.isfinite(out[index]):
            out[index] = mpmath.mpf(0)
    return out


class UsersRule(Exception):
    """The program's run meets a gradient rule of the user's own."""


def _meets_a_users_rule(out):
    """Whether the reverse trace behind ``out`` records a custom-gradient op (an opaque op of `custom_gradient`, or
    its TensorFlow Probability form ``custom_gradient``)."""
    for node in _nodes_behind(out):
        prim = getattr(node, "prim", None)
        if prim is not None and (getattr(prim, "opaque", False) or prim.name == "custom_gradient"):
            return True
    return False


def _nodes_behind(out):
    """The nodes of the reverse trace behind ``out`` (none where it is no traced value), each once, as they are met."""
    pending = [box for box in [out] if isinstance(box, Box)]
    seen = set()
    while pending:
        node = pending.pop()
        node = getattr(node, "_node", node)
        if id(node) in seen:
            continue
        seen.add(id(node))
        yield node
        pending.extend(parent for parent in getattr(node, "parents", ()) if parent is not None)


def _origins(ops, made, beforehand, moved_ops):
    """The indices of the ops that made the NaN or the infinity: ``made`` of their answer from arguments none of which
    is ``beforehand`` such a number. Where no op did, a constant of the program's own took it in (JAX's ndtri selects a
    literal +inf where p = 1): the first op whose answer is one and whose arguments move when every coordinate does
    (``moved_ops()``: that run's ops, or None), not the constant's own ops (its negative, -inf)."""
    found = [k for k, op in enumerate(ops) if made(op.output) and not any(beforehand(a) for a in op.args)]
    if found:
        return found
    moved = moved_ops()
    if moved is None:
        return []
    return [k for k, op in enumerate(ops) if made(op.output) and not _origins_still(ops, [k], moved, made)][:1]


def _origins_still(ops, origins, moved_ops, made, reach=False):
    """Whether a run's ``moved_ops`` are the same ops as ``ops`` and hand each origin the very same arguments (an
    elementwise origin, those of its entries ``made`` marks, NaN or infinite: `_read_at`).

    With ``reach`` (whether one coordinate's move reaches the origins, its slope's question), a where's condition and
    the branch it picks there alone (`_picked_alike`); without, every argument as it is: whether the NaN stays
    (`no_value_near`), or which op took a constant infinity in (`_origins`)."""
    if len(moved_ops) != len(ops) or any(a.name != b.name for a, b in zip(ops, moved_ops)):
        return False
    for k in origins:
        at = _read_at(ops[k], made)
        if reach and ops[k].name == "where" and len(ops[k].args) == 3 and at is not None:
            if not _picked_alike(ops[k].args, moved_ops[k].args, at):
                return False
        elif not all(_same(a, b, at) for a, b in zip(ops[k].args, moved_ops[k].args)):
            return False
    return True


def _picked_alike(args, moved, at):
    """Whether a where's condition and the branch it picks are the same in both runs at the entries ``at`` of its
    answer: the branch it leaves is no argument of those entries (a Cox risk set's row of -inf picked for the
    subjects not at risk, whose eta moves beside it)."""
    shape = at.shape

    def picked(condition, x, y):
        condition = np.broadcast_to(np.asarray(condition), shape)[at]
        x, y = (np.broadcast_to(np.asarray(v, dtype=object), shape)[at] for v in (x, y))
        return condition, np.where(condition, x, y)

    try:
        (c1, p1), (c2, p2) = picked(*args), picked(*moved)
    except (ValueError, TypeError):  # arguments that do not broadcast so: compared as they are
        return all(_same(a, b, at) for a, b in zip(args, moved))
    return bool(np.array_equal(c1, c2)) and _same(p1, p2)


def _read_at(op, made):
    """The entries of an elementwise ``op``'s answer that ``made`` marks (a NaN, an infinity; a mask of its shape),
    where each of its arguments broadcasts to that shape: the entries of its arguments that made them. None for
    another op, whose every argument entry may reach every answer."""
    prim = getattr(op, "prim", None)
    if getattr(prim, "kind", None) != "elementwise":
        return None
    shape = np.shape(op.output)
    try:
        if any(np.broadcast_shapes(np.shape(a), shape) != shape for a in op.args if not isinstance(a, (str, type))):
            return None
    except ValueError:
        return None
    return np.array([made(e) for e in flat_entries(op.output)], dtype=bool).reshape(shape)


def _same(a, b, at=None):
    """Whether ``a`` and ``b`` hold the same numbers (at the entries ``at`` of the answer they broadcast to)."""
    if all(isinstance(v, (bool, np.bool_, np.ndarray)) and np.asarray(v).dtype.kind in "biu" for v in (a, b)):
        # a where's condition, an index: no number to read as mpmath's (a bool reads as NaN, unequal to itself)
        if at is not None and at.ndim:
            a, b = (np.broadcast_to(np.asarray(v), at.shape)[at] for v in (a, b))
        return bool(np.array_equal(a, b))
    try:
        if at is not None and at.ndim:
            a, b = (np.broadcast_to(np.asarray(v, dtype=object), at.shape)[at] for v in (a, b))
        first, second = flat_entries(a), flat_entries(b)
    except Exception:  # noqa: BLE001 - no number (a shape, an axis): compared as it is
        return bool(np.all(a == b))
    return len(first) == len(second) and all(p == q for p, q in zip(first, second))


def _has_nan(value):
    return _any_entry(value, "isnan")


def _has_infinity(value):
    return _any_entry(value, "isinf")


def _not_finite(value):
    """Whether some entry of ``value`` is NaN or infinite (no number: not finite either)."""
    return _any_entry(value, "isnan") or _any_entry(value, "isinf")


def _any_entry(value, test):
    """Whether some entry of ``value`` passes mpmath's ``test`` ("isnan", "isinf"): a complex one by its real or
    imaginary part; a bool or an integer (a comparison's answer, an index) never, where `flat_entries` would read it
    as NaN, no mpmath number."""
    import mpmath

    if getattr(getattr(value, "dtype", None), "kind", None) in ("b", "i", "u"):
        return False
    check = getattr(mpmath, test)
    try:
        entries = np.ravel(np.asarray(raw(value), dtype=object))
    except (TypeError, ValueError):  # no array of numbers (a ragged tuple)
        return False
    for entry in entries:
        if isinstance(entry, (bool, int, np.bool_, np.integer)):
            continue
        try:
            if isinstance(entry, (complex, np.complexfloating, mpmath.mpc)):
                if check(mpmath.mpf(entry.real)) or check(mpmath.mpf(entry.imag)):
                    return True
            elif check(mpmath.mpf(float(entry)) if isinstance(entry, np.floating) else entry):
                return True
        except (TypeError, ValueError):  # no number: a string, an object of the program's
            continue
    return False


def _entries_or_zeros(gradient, arg):
    """The flat entries of the gradient of the argument ``arg`` (None, a source no path reached: its zeros)."""
    import mpmath

    return [mpmath.mpf(0)] * int(np.size(arg)) if gradient is None else flat_entries(gradient)
