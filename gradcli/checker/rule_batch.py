"""The gradient rule at high precision for many points of a formula in one run of the core.

The exact reference runs gradcli's own gradient rule on mpmath numbers three
times per point (rounding to nearest, then alternately down and up:
`precision.with_noise`), each run a pass of the core's forward and backward
machinery over every op of the formula. A formula is elementwise, so the
points of one check that ask for the same precision can go through the core
together, as object arrays of one entry per point: each op then runs once
for all of them, its rounding flipped between ops as in the run of one
point, and every entry is rounded as its own run would round it, to the bit
(`tests/test_rule_batch.py` holds the two to that). Where the batch cannot
promise that, or does not run as one run of each point would, it answers
None and the points are run one by one. Rules that pick their ops by a
value (arctan's by its argument's size, x**y's by its exponent: 2*x at
y = 2) are batched by the form each point's own run takes.
"""

from __future__ import annotations

import numpy as np

from ..autodiff import mp as mp_core
from ..autodiff.core import VJPNode
from ..autodiff.ops_rules import MixedPowers, pointwise_powers
from ..autodiff.transforms import output_value, pull_back, trace_inputs
from ..autodiff.values import ones_like_value
from ..expr.ir import Binary, Call, Var, postorder
from .precision import agreeing, flat_entries, to_mp, with_noise_unless


def sided(formula):
    """Whether ``formula`` calls a function whose rule picks its ops by its argument's size (`_RULES_BY_VALUE`)
    on an argument that varies: its points are batched only with points on the same side (`rule_at_points`)."""
    return any(isinstance(node, Call) and node.name in _RULES_BY_VALUE and any(_varies(a) for a in node.args)
               for node in postorder(formula.root))


# arctan's rule is 1/(1 + x*x) up to |x| = 1 and u*(u/(1 + u*u)), u = 1/x, beyond (where x*x overflows):
# a batch with points on both sides takes the second form's ops for all of them.
_RULES_BY_VALUE = frozenset({"arctan"})


def _varies(node):
    return any(isinstance(n, Var) for n in postorder(node))


class _NotOneRun(Exception):
    """The batch did not run as one run of each point would (a value not one per point)."""


class _MixedSides(Exception):
    """A sided rule's argument lies beyond |x| = 1 at some points of the batch and not at others."""

    def __init__(self, sides):
        super().__init__("a sided rule's argument is on both sides of 1 in the batch")
        self.sides = sides  # per point: on which side each such call's argument lies


def _same_sides(out, n):
    """Raise `_MixedSides` unless every call of a `_RULES_BY_VALUE` function in the traced run ending at ``out``
    has its argument on the same side of |x| = 1 at all ``n`` points (as its rule reads it: ``abs(x) > 1``)."""
    calls, seen = [], set()
    stack = [getattr(out, "_node", out)]  # an op on arrays hands out a box pointing to its node
    while stack:
        node = stack.pop()
        if not isinstance(node, VJPNode) or id(node) in seen:
            continue
        seen.add(id(node))
        if node.prim is not None and node.prim.name in _RULES_BY_VALUE:
            calls.append((node.order, node.args[0]))
        stack.extend(node.parents)
    sides = [[] for _ in range(n)]
    for _, x in sorted(calls, key=lambda call: call[0]):
        if isinstance(x, np.ndarray) and x.shape == (n,):
            for k in range(n):
                sides[k].append(bool(abs(x[k]) > 1))
    sides = [tuple(s) for s in sides]
    if any(s != sides[0] for s in sides):
        raise _MixedSides(sides)


def rule_at_points(mp_function, arg_lists, digits, sided=False, exact=None):
    """Per point of ``arg_lists`` (each a list of floats, one per variable), the rule's entries and their noises.

    ``(entries, noises)`` per point, as `precision.with_noise` gives for the
    rule run at that one point at ``digits`` digits; None where the batch
    cannot stand for the runs one by one (the caller runs them so): a run that
    raises, a value that is not one per point, a noise that is unknown. With
    ``sided`` (the formula's `sided`), points whose sided calls lie on different
    sides are batched apart, each side in a batch of its own, a point alone on
    its side None. ``exact``: per point, the exact derivative's flat entries (None where unknown); where every
    point's rule agrees with them, no noises are made (`precision.with_noise_unless`) and each point's is None.
    """
    import mpmath

    mp_core.enable()
    n, width = len(arg_lists), len(arg_lists[0])
    argnums = tuple(range(width))

    def run():
        # One column of mpmath numbers per variable, made in each run: a point's floats are held exact within the
        # directed runs (`precision.to_mp`), as in a point's run alone.
        columns = [np.array([to_mp(args[i]) for args in arg_lists], dtype=object) for i in range(width)]
        with np.errstate(all="ignore"):
            out, trace, inputs = trace_inputs(mp_function, columns, {}, argnums, "grad")
            value = output_value(out, trace)
            if not (isinstance(value, np.ndarray) and value.shape == (n,)):
                raise _NotOneRun("the formula's value is not one per point")
            if sided:  # read before the backward pass, which may let the trace's values go
                _same_sides(out, n)
            with pointwise_powers():  # x**y's rule takes each point's own form (`MixedPowers` where they differ)
                grads = pull_back(out, trace, inputs, columns, argnums, ones_like_value(value), release=True)
        if any(not (isinstance(g, np.ndarray) and g.shape == (n,)) for g in grads):
            raise _NotOneRun("a derivative is not one per point")
        mpf = type(mpmath.mpf(0))
        return [e if type(e) is mpf else flat_entries(e)[0] for k in range(n) for e in (g[k] for g in grads)]

    try:
        with mpmath.workdps(digits):
            entries, noises = with_noise_unless(run, agreeing([e for point in exact for e in point] if exact else None))
    except _MixedSides as mixed:  # raised by the nearest run (a directed one's leaves its noise unknown, below)
        return _by_sides(mp_function, arg_lists, digits, mixed.sides, sided, exact)
    except MixedPowers as mixed:  # the same, for the forms of x**y's rule
        return _by_sides(mp_function, arg_lists, digits, mixed.forms, sided, exact)
    except Exception:  # noqa: BLE001 - each point's own run says what it raises, as it would alone
        return None
    if len(entries) != n * width or (noises is not None and any(mpmath.isinf(noise) for noise in noises)):
        # An unknown noise: a directed run raised (for every point alike here, for one alone there).
        return None
    return [(entries[k * width : (k + 1) * width], None if noises is None else noises[k * width : (k + 1) * width])
            for k in range(n)]



def _by_sides(mp_function, arg_lists, digits, sides, sided, exact=None):
    """`rule_at_points` of the points on each side (``sides``: per point, its calls' sides, or the form of a
    power's rule) in batches of their own."""
    out = [None] * len(arg_lists)
    groups = {}
    for k, side in enumerate(sides):
        groups.setdefault(side, []).append(k)
    for members in groups.values():
        if len(members) < 2:
            continue  # alone on its side: run alone
        found = rule_at_points(mp_function, [arg_lists[k] for k in members], digits, sided=sided,
                               exact=[exact[k] for k in members] if exact else None)
        for k, rule in zip(members, found or [None] * len(members)):
            out[k] = rule
    return out
