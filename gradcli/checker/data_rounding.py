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
from collections.abc import Mapping
from contextlib import nullcontext
from dataclasses import replace
from fractions import Fraction

import numpy as np

from ..autodiff.ops import raw
from ..capture import exact_constants
from .dtypes import finfo
from .held_literals import held_function, holding_numbers

NUDGE_ULPS = 2
PATTERNS = (0, 1)  # every datum up; each datum up or down by the parity of its bits (an input's by its index)


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
    """Whether `nudged_target`, `graph_constants_moved` or `nudged_point` moves anything: a Python function's code
    and a framework's graph may hold rounded constants; a formula's only data that can move are its inputs' rounded
    entries."""
    if target.kind == "function":
        return True
    return any(rounded(v) for a in args if type(a) is float or isinstance(a, np.ndarray) and a.dtype == np.float64
               for v in np.ravel(a).tolist())


def nudged_point(args, dtype, pattern):
    """The point's inputs (floats and float arrays) with each rounded entry moved; anything else as it is."""
    return [_nudged_input(a, dtype, pattern) for a in args]


def _nudged_input(value, dtype, pattern):
    if type(value) is float:
        return nudged(value, dtype, _sign(value, pattern)) if rounded(value) else value
    if isinstance(value, np.ndarray) and value.dtype == np.float64:
        entries = [nudged(v, dtype, 1 if pattern == 0 or i % 2 == 0 else -1) if rounded(v) else v
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
