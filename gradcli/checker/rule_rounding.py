"""The rounding a gradient rule's own arithmetic does at a point: the scale of `judge`'s float32 allowance.

Library rules assume identities that float32 inputs hold only to float32's rounding: a fused
cross-entropy rule p - t assumes labels summing to 1, and float32 labels smoothed as Keras smooths
them sum to 1 +- a few units of float32's roundoff. The rule is then off the exact derivative
(sum(t) p - t) by that much times p: a small number beside the gradient entry p - t when the
prediction is confident (p and t both near 1), but no larger than the rounding of the operands of
the rule's last subtraction. That rounding is what this module measures, entry by entry.

It runs the rule once more on balls in which each add and subtract carries its operands' own
rounding (a unit roundoff of each operand, or the radius it already has where that is larger),
products and quotients propagate radii as balls do, and every other function (exp, log, tanh,
...) starts afresh at the rounding of its own answer. So a cancellation inside the forward pass
(80 - log(e^80 + ...) in an unshifted log-softmax) does not make the rule's terms look 80 times
larger than p and t are: what an exp forgets, the allowance forgets. The radius of each gradient
entry over 2^-bits is the scale.
"""

from __future__ import annotations

import threading

import numpy as np

from ..autodiff import arb as arb_core
from ..autodiff import ops, ops_array, ops_linalg, ops_special
from ..autodiff.tracer import Primitive, primitive_of
from .balls import to_mpf
from .compare import WRONG_RTOL

# Ops whose balls keep their radii as ball arithmetic propagates them: a product's relative error is
# its factors', and a pick (where, maximum) or a sign hands a ball through unchanged.
_PROPAGATED = frozenset({"multiply", "divide", "negative", "square", "reciprocal", "where", "maximum", "minimum",
                         "fmax", "fmin", "clip", "abs", "sign"})
_SUMS = frozenset({"add", "subtract"})
_LOCK = threading.Lock()  # one scale run at a time: flint's precision is one number for the process
_UNIT = [None]  # 2^-bits of the run under way: a unit roundoff of the balls the rule runs on
_WRAPPED = {}  # primitive name -> its scale-run implementation, made once (the door caches ufuncs by function)


def rule_scale(run, bits, balls_of_rule, rule, gradient):
    """`Exact.rule_scale` for a rule settled on balls at ``bits`` (``balls_of_rule``, read as ``rule``) beside
    the exact ``gradient``: measured by `scales` only where the rule is off somewhere (nothing else reads it).

    Where the scale run fails, each entry's ordinary radius over 2^-bits, which carries every rounding
    before it, so capped at the gradient's whole mass (the sum of the rule's and the exact magnitudes).
    """
    pairs = [
        (r, e)
        for rs, es in zip(rule, gradient or [])
        if es is not None
        for r, e in zip(np.ravel(np.asarray(rs, dtype=object)), np.ravel(np.asarray(es, dtype=object)))
    ]
    if not any(_off(r, e) for r, e in pairs):
        return []
    measured = scales(run, bits)
    if measured is not None:
        return measured
    mass = sum(abs(r) + abs(e) for r, e in pairs if _finite(r) and _finite(e))
    unit = arb_core.ARB(2) ** bits
    return [[None if b is None else min(_in_units(b, unit) or 0, mass) for b in g] for g in balls_of_rule]


def _off(rule, exact):
    """Whether a rule entry is off its exact derivative by more than `WRONG_RTOL` (NaNs and text are)."""
    if isinstance(exact, str) or not (_finite(rule) and _finite(exact)):
        return True
    return abs(rule - exact) > WRONG_RTOL * abs(exact)


def _finite(x):
    return not isinstance(x, str) and x == x and abs(x) != float("inf")


def scales(run, bits):
    """Per gradient, per entry (flat): the radius ``run()`` (a rule on balls at ``bits``) gives each entry in
    units of 2^-bits, under the rounding model above; None where an entry is no finite ball, or everywhere
    when the run fails (a branch the wider balls cannot decide, say)."""
    with _LOCK:
        _UNIT[0] = arb_core.ARB(2) ** -bits
        swapped = _swap_in()
        try:
            with np.errstate(all="ignore"):
                rule = run()
        except Exception:  # noqa: BLE001 - no scale: the allowance is then the entry's own (`judge`)
            return None
        finally:
            for prim, mp in swapped:
                prim.mp = mp
    unit = arb_core.ARB(2) ** bits
    return [[_in_units(e, unit) for e in np.ravel(np.asarray(g, dtype=object))] for g in rule]


def _in_units(entry, unit):
    """A rule entry's radius times 2^bits as an mpf; None where it is no finite ball."""
    if not isinstance(entry, arb_core.ARB) or not entry.is_finite():
        return None
    return to_mpf(arb_core.ARB((entry.rad() * unit).mid()))


def _swap_in():
    """Each elementwise primitive's ball implementation replaced by its scale-run one; the originals, to restore."""
    swapped = []
    for module in (ops, ops_array, ops_linalg, ops_special):
        for value in vars(module).values():
            prim = primitive_of(value)
            if not isinstance(prim, Primitive) or prim.kind != "elementwise" or prim.mp is None:
                continue
            if prim.name in _PROPAGATED or any(p is prim for p, _ in swapped):
                continue
            wrapped = _WRAPPED.get(prim.name)
            if wrapped is None or wrapped.original is not prim.mp:
                wrapped = _WRAPPED[prim.name] = _rounded(prim.mp, prim.name in _SUMS)
            swapped.append((prim, prim.mp))
            prim.mp = wrapped
    return swapped


def _rounded(original, summed):
    """``original`` (one element's ball implementation) with its answer's radius set by the rounding model."""
    ball = arb_core.ARB

    def own(x):
        # A number's own rounding: one unit roundoff of it, or the radius it already carries if larger.
        if isinstance(x, ball):
            return max(x.rad(), abs(x.mid()) * _UNIT[0])
        return abs(ball(float(x))) * _UNIT[0]

    def run(*args, **kwargs):
        answer = original(*args, **kwargs)
        if not isinstance(answer, ball) or not answer.is_finite():
            return answer
        if summed and len(args) == 2 and not kwargs:
            radius = own(args[0]) + own(args[1])
        else:
            radius = abs(answer.mid()) * _UNIT[0]
        return ball(answer.mid(), radius)

    run.original = original
    return run
