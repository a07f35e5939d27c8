"""How far the rounding of a program's own data moves its exact gradient: the judge's measure of a tiny entry.

A program's float constants and inputs are roundings of the numbers their
writer meant (0.08 is 0.0800000000000000016...). Where an exact entry is tiny
beside its array, it may be nothing of the function but that rounding: a
window's end 0.08 + 0.42 - 0.5 is -2^-56 of the floats written and 0 of the
decimals, and the float program's 0 is as right as the exact -2^-56. Or it is
a real digit the program's arithmetic lost: exp(x)/(exp(x)-1) at x = 300 has
the slope -5e-131, which no rounding of 300 or of the program's constants
moves anywhere near 0. The exact reference is run again with every such datum
moved by `NUDGE_ULPS` units in the last place of the checked dtype, in
`PATTERNS` patterns of signs; how far each entry moves is its reach
(`compare.compare`).

A datum counts where it is a rounding: its shortest decimal is not the float
itself (0.08, 0.1, pi's float), so 300.0, 0.5 and 2.0, numbers meant exactly,
stay as they are. A Python function's constants are moved where its code holds
them (`held_literals`), a framework's graph's where its exact replay lifts them
(`exact_constants.moved`: the graph holds the user's and its libraries' floats
alike, and a library's rounded constant is the program's data as much); a
formula's literals are the decimals they name, so there only the inputs move.
"""

from __future__ import annotations

import math
import struct
import types
from collections.abc import Mapping
from contextlib import nullcontext
from dataclasses import replace
from fractions import Fraction

import numpy as np

from ..autodiff import mp as mp_core, tracer
from ..autodiff.ops import raw
from ..autodiff.transforms import trace_inputs
from ..capture import exact_constants
from ..folders import GRADCLI_FOLDER
from .dtypes import finfo
from .held_literals import floats_reached, held_function, holding_numbers
from .precision import to_mp

NUDGE_ULPS = 2
# every datum up; each datum up or down by the parity of its bits (an input's by its index); the constants so and the
# inputs the other way (an input at index 0 goes down against constants gone up: a Kelly optimum's slope in f,
# 0.6 / (1 + f) - 0.4 / (1 - f), moves by f and the weights against each other)
PATTERNS = (0, 1, 2)


def rounded(number):
    """Whether the float ``number`` is the rounding of a decimal rather than a number meant exactly: its shortest
    decimal (what Python prints) is not the float itself (0.08 and 0.1 are roundings; 300.0, 0.5 and 0.0 are not)."""
    return math.isfinite(number) and Fraction(repr(number)) != Fraction(number)


def nudged(number, dtype, sign):
    """``number`` moved ``sign`` x `NUDGE_ULPS` units in the last place of ``dtype`` at ``number``."""
    _, exponent = math.frexp(number)
    return number + sign * NUDGE_ULPS * float(finfo(np.dtype(dtype)).eps) * 2.0 ** (exponent - 1)


def _sign(number, pattern):
    if pattern == 0:
        return 1
    return 1 if int.from_bytes(struct.pack("<d", number), "little").bit_count() % 2 else -1


class _Nudged(Mapping):
    """The floats a program's code holds (as ``base``, the dtype's held literals, holds them), each rounding moved
    (`nudged`): what `held_literals` replaces in a function's code and where its code hands a float to an op."""

    def __init__(self, base, dtype, pattern):
        self.base, self.dtype, self.pattern, self.made = base, dtype, pattern, {}

    def _moved(self, number):
        if type(number) is not float:
            return None
        if number not in self.made:
            held = self.base.get(number, number)
            self.made[number] = nudged(held, self.dtype, _sign(held, self.pattern)) if rounded(held) else None
        return self.made[number]

    def get(self, number, default=None):
        moved = self._moved(number)
        return default if moved is None else moved

    def __getitem__(self, number):
        moved = self._moved(number)
        if moved is None:
            raise KeyError(number)
        return moved

    def __contains__(self, number):
        return self._moved(number) is not None

    def __bool__(self):
        return True  # it may move any float the code holds, whichever it meets

    def __iter__(self):  # the floats met so far that it moves, as `__contains__` answers for them
        return iter([number for number, moved in self.made.items() if moved is not None])

    def __len__(self):
        return sum(1 for moved in self.made.values() if moved is not None)


def nudged_target(target, dtype, pattern):
    """``target`` with its own rounded float constants moved (`_Nudged`): a Python function's; any other as it is."""
    if target.kind != "function" or target.bridge is not None:
        return target
    literals = _Nudged(target.shared.get("literals held", {}), dtype, pattern)
    return replace(target, function=held_function(target.function, literals),
                   mp_function=holding_numbers(held_function(target.mp_function, literals), literals), shared={})


def graph_constants_moved(target, dtype, pattern):
    """The block within which a framework's graph (``target``'s bridge) replays exactly with its rounded float
    constants moved as `_Nudged` moves a function's (`exact_constants.moved`); nothing for any other target."""
    if target.bridge is None:
        return nullcontext()
    return exact_constants.moved(_Nudged({}, dtype, pattern).get)


def movable(target, args):
    """Whether `nudged_target`, `graph_constants_moved` or `nudged_point` moves anything, asked before any
    reference runs again: the inputs' rounded entries; a framework's graph, which may hold rounded constants (its
    libraries' too); the rounded floats a Python function's code holds or computes and hands to an op
    (`_holds_a_rounding`). A formula's only data that can move are its inputs."""
    if any(rounded(v) for a in args if type(a) is float or isinstance(a, np.ndarray) and a.dtype == np.float64
           for v in np.ravel(a).tolist()):
        return True
    if target.kind != "function":
        return False
    return target.bridge is not None or _holds_a_rounding(target, args)


def _holds_a_rounding(target, args):
    """Whether ``target`` (a Python function) meets a rounded float `nudged_target` would move: one its code holds
    (`floats_reached`), else one its code computes and hands to an op (``np.pi``, ``math.sqrt(0.5)``), seen in one
    run at ``args`` (`_run_once`). A function that cannot run so is taken to hold one: the references with moved data
    decide then, as without this test."""
    literals = _Nudged(target.shared.get("literals held", {}), np.float64, 0)
    try:
        if any(number in literals for number in floats_reached(target.function)):
            return True
        holding = holding_numbers(target.mp_function, literals)
        # Making it reads every float its module's code holds (`held_literals`: its constants, held by identity),
        # the module's other functions' too; what counts is what one run hands to an op.
        literals.made.clear()
        _run_once(holding, args)
    except Exception:  # noqa: BLE001 - the user's code raised outside a check's run: let the reruns say what moves
        return True
    return len(literals) > 0


def _run_once(function, args):
    """``function`` (a target's exact run) once at ``args`` as mpmath's numbers at 53 bits, traced as the exact
    reference runs it: a float the code hands to an op meets an exact number there (``total * np.pi`` reaches an op
    only where total is a box), which is where `holding_numbers` asks about it. No op of it is the check's."""
    import mpmath  # lazy: loaded by the exact reference that ran before this question

    mp_core.enable()
    saved = tracer.hooks.forward, tracer.hooks.backward
    tracer.hooks.forward = tracer.hooks.backward = None
    try:
        with mpmath.workprec(53), np.errstate(all="ignore"):
            trace_inputs(function, [to_mp(a) for a in args], {}, tuple(range(len(args))), "check")
    finally:
        tracer.hooks.forward, tracer.hooks.backward = saved


def nudged_point(args, dtype, pattern):
    """The point's inputs (floats and float arrays) with each rounded entry moved; anything else as it is."""
    return [_nudged_input(a, dtype, pattern) for a in args]


def _nudged_input(value, dtype, pattern):
    turned = -1 if pattern == 2 else 1  # the inputs against the constants
    if type(value) is float:
        return nudged(value, dtype, turned * _sign(value, pattern)) if rounded(value) else value
    if isinstance(value, np.ndarray) and value.dtype == np.float64:
        entries = [nudged(v, dtype, 1 if pattern == 0 else turned * (1 if i % 2 == 0 else -1)) if rounded(v) else v
                   for i, v in enumerate(value.ravel().tolist())]
        return np.array(entries, dtype=np.float64).reshape(value.shape)
    return value


def reach(exact, runs, names, chosen):
    """``{variable: [per entry, the most any run moved its exact derivative]}`` (None for an entry a run left
    without a number), from the nudged runs' references (`precision.Exact`); None where a run has no gradient."""
    import mpmath  # lazy: the exact numbers compared are mpmath's, loaded by the reference that made them

    found = {}
    for n in chosen:
        index = names.index(n)
        entries = np.ravel(np.asarray(raw(exact.gradient[index]), dtype=object)).tolist()
        most = [mpmath.mpf(0)] * len(entries)
        for run in runs:
            if run.unsettled or run.error or not run.gradient or run.gradient[index] is None:
                return None
            moved = np.ravel(np.asarray(raw(run.gradient[index]), dtype=object)).tolist()
            if len(moved) != len(entries):
                return None
            most = [None if m is None or not (mpmath.isfinite(a) and mpmath.isfinite(b)) else max(m, abs(a - b))
                    for m, a, b in zip(most, moved, entries)]
        found[n] = most
    return found
