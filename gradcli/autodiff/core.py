"""Reverse and forward mode on top of the tracer: nodes, the backward loop, derivative tables.

A reverse trace records one `VJPNode` (a box that is also the op's record) per
primitive call. `backward_pass` walks them in an iterative topological order
(the reverse of the order they were made in, so no recursion and a
10,000-deep chain is fine), runs each node's VJP, and accumulates cotangents
with the differentiable ``add``, so a backward pass run on traced values is
itself recorded and can be differentiated again.
"""

from __future__ import annotations

from heapq import heappop, heappush

import numpy as np

from . import buffers
from .tracer import (
    PYTHON_FLOAT_ERRORS,
    Box,
    NoGradientError,
    Trace,
    call_with_float64,
    _NO_KWARGS,
    hooks,
    node_numbers,
    primitive_of,
)
from .values import ones_like_value, shape_of, zeros_like

__all__ = [
    "VJPNode",
    "VJPBox",
    "JVPBox",
    "defvjp",
    "defvjp_all",
    "defjvp",
    "backward_pass",
    "new_reverse_trace",
    "new_forward_trace",
    "NoGradientError",
    "jvp_by_transposing_vjp",
    "scratch",
]


class VJPNode(Box):
    """The record of one op of a reverse trace, and, for an op on numbers, its traced value too.

    It holds what the backward loop needs to run the op's VJP: the rule, the
    op's raw arguments, which of them were traced, and their nodes (parents).
    An op on numbers hands out the node itself as its output's box (numbers
    weigh nothing, and one object per op is the cheapest record). An op on
    arrays hands out a `VJPBox` instead, which holds the value and points
    here, so an array the backward pass never reads dies with the user's last
    reference to it, as in HIPS autograd: that node keeps the output
    (``_value``) and the array arguments only when its rule reads them (see
    `defvjp`'s ``reads``). The forward door fills these slots when it records
    an op (`tracer._record`); ``order`` numbers nodes in the order they were
    made, counting down.
    """

    __slots__ = ("prim", "vjp", "args", "kwargs", "argnums", "parents", "order")

    @classmethod
    def root(cls, value, trace):
        """An input of a reverse trace: a node with no op and no parents."""
        node = cls()
        node._value = value
        node._trace = trace
        node.prim = None
        node.vjp = None
        node.args = ()
        node.kwargs = _NO_KWARGS
        node.argnums = ()
        node.parents = ()
        node.order = next(node_numbers)
        return node

    @property
    def name(self):
        return self.prim.name if self.prim is not None else "input"


class VJPBox(Box):
    """The traced value of an op on arrays in a reverse trace: the value, and the op's node."""

    __slots__ = ("_node",)


class PooledVJPBox(VJPBox):
    """A `VJPBox` of a large array, which goes to the buffer pool when the box dies, if nobody else holds it.

    A class of its own so that only large arrays pay for a finalizer: a
    Python-level ``__del__`` on every box cost the 16 KiB arrays of a
    2000x2000 matvec objective 4% more instructions per call.
    """

    __slots__ = ()

    def __del__(self):
        dying = [self._value]
        self._value = None
        if buffers is not None:  # None once the interpreter is tearing modules down
            buffers.give(dying)


VJPBox.pooled = PooledVJPBox  # the box the door makes for an array of buffers.LARGE_BYTES or more


def _node_of(box):
    """The node behind a traced value of a reverse trace."""
    return box if type(box) is VJPNode else box._node


def carry_in_place(box, value):
    """Give ``box``, a reverse trace's value, the raw ``value`` in place of the one its op computed, for every op after
    it and for its op's own rule (which reads the node's ``_value``): a replay that goes on with a framework's own
    value of a call gradcli computes more accurately, as the framework's run does."""
    box._value = value
    node = getattr(box, "_node", None)  # an array op's box points at its node; a number's box is its node
    if node is not None and node._value is not None:
        node._value = value


class JVPBox(Box):
    """A traced value of a forward trace: the value and its tangent."""

    __slots__ = ("tangent",)

    def __init__(self, value, trace, tangent):
        self._value = value
        self._trace = trace
        self.tangent = tangent


def new_reverse_trace():
    """A trace that records `VJPNode`s for a later backward pass."""
    return Trace(None, VJPNode, VJPBox)  # positional: a class call with keywords builds a dict


def _record_forward(trace, prim, ans, args, kwargs, argnums, parents):
    tangents = [p.tangent for p in parents]
    try:
        tangent = _push_forward(prim, tangents, argnums, ans, args, kwargs)
    except PYTHON_FLOAT_ERRORS:  # Python's `/` on plain floats: rerun with float64's inf/nan
        tangent = call_with_float64(_push_forward, prim, tangents, argnums, ans, args, kwargs)
    return JVPBox(ans, trace, tangent)


def _push_forward(prim, tangents, argnums, ans, args, kwargs):
    if prim.jvp is not None:
        return prim.jvp(tangents, argnums, ans, args, kwargs)
    return jvp_by_transposing_vjp(prim, tangents, argnums, ans, args, kwargs)


def new_forward_trace():
    """A trace that pushes tangents forward alongside values."""
    return Trace(_record_forward)


def jvp_by_transposing_vjp(prim, tangents, argnums, ans, args, kwargs):
    """J·t for an op that has only a VJP rule: the gradient of u -> <VJP(u), t>.

    The pullback is linear in u, so its gradient at any point is J·t. It costs
    one extra backward pass through the op's own rule and needs no JVP table.
    """
    if prim.vjp is None:
        raise NoGradientError(f"op '{prim.name}' has neither a VJP nor a JVP rule")
    trace = new_reverse_trace()
    # A tuple-valued op (a custom gradient's) takes one cotangent per output.
    outs = ans if isinstance(ans, tuple) else (ans,)
    us = [VJPNode.root(zeros_like(out), trace) for out in outs]
    u = tuple(us) if isinstance(ans, tuple) else us[0]
    # Summed from the first term, not from 0.0: NumPy promotes bfloat16 against a Python float.
    total = None
    for ct, t in zip(prim.vjp(u, ans, args, kwargs, argnums), tangents):
        if ct is not None:
            term = _inner(ct, t)
            total = term if total is None else total + term
    connected = isinstance(total, Box) and total._trace is trace
    if not connected and total is not None:
        _refuse_untraced_cotangent(prim, outs, ans, args, kwargs, argnums)
    grads = backward_pass(ones_like_value(total._value), total, us) if connected else [None] * len(us)
    tangent = [zeros_like(out) if g is None else g for g, out in zip(grads, outs)]
    return tuple(tangent) if isinstance(ans, tuple) else tangent[0]


def _refuse_untraced_cotangent(prim, outs, ans, args, kwargs, argnums):
    """Raise `NoGradientError` where ``prim``'s VJP rule gave cotangents the trace of ``u`` does not hold, yet
    they change with ``u``: the rule read ``u`` as numbers (a framework's own VJP, a custom gradient on NumPy
    arrays), so its transpose, J·t, is not the 0 the missing trace would say. A rule whose cotangents are
    constant zeros (the derivative of ``imag`` of a real) is told apart by calling it on a ``u`` of distinct
    nonzero entries, so that a row sum of J that cancels (outputs x and -x) is not taken for a zero rule."""
    probe = [_distinct_ones(out) for out in outs]
    cotangents = prim.vjp(tuple(probe) if isinstance(ans, tuple) else probe[0], ans, args, kwargs, argnums)
    if any(ct is not None and np.any(np.asarray(ct) != 0) for ct in cotangents):
        raise NoGradientError(
            f"op '{prim.name}' has no forward-mode (JVP) rule, and its VJP rule reads the cotangent as plain "
            "numbers, so J·t cannot be derived from it"
        )


def _distinct_ones(out):
    """Numbers from 1 to 2, one per entry of ``out``, in its dtype (its own ones where it holds no array)."""
    ones = ones_like_value(out)
    size = int(np.size(ones))
    if not isinstance(ones, np.ndarray) or size < 2 or ones.dtype == object:
        return ones
    return ones * np.linspace(1.0, 2.0, size).reshape(ones.shape).astype(ones.dtype)


def _inner(a, b):
    # The sum of the elementwise product. Traced values' operators and ``sum``
    # method are the differentiable ops (as ``+`` is in `backward_pass`), so
    # this layer needs no import of the ops built on top of it.
    product = a * b
    return product if shape_of(product) == () else product.sum()


# -- derivative tables --------------------------------------------------------


def defvjp(op, *rules, reads=None, fresh=False):
    """Register one VJP rule per argument: ``rule(g, ans, *args, **kwargs) -> cotangent``.

    A rule of ``None`` means the op is not differentiable in that argument; a
    rule may return ``None`` for a zero cotangent. ``reads`` says what the
    rules read besides ``g``, so that a recorded op keeps nothing else alive:
    a string for every rule, or one per argument, naming ``"ans"`` and/or
    ``"args"`` (their values; every rule may ask an argument's shape and
    dtype); ``""`` for neither. ``None`` (the default) keeps everything.
    ``fresh`` promises that on plain arrays every rule returns an array of its
    own making (or ``g`` itself where `scratch` gave it away): never ``g``
    otherwise, an argument, ``ans``, a constant or a view of one; the backward
    pass may then add other cotangents into it.
    """
    prim = primitive_of(op)

    def missing_rule(i):
        def rule(*args, **kwargs):
            raise NoGradientError(f"op '{prim.name}' has no gradient with respect to argument {i}", prim.name, i)

        return rule

    table = [rule if rule is not None else missing_rule(i) for i, rule in enumerate(rules)]

    if len(table) == 1:
        (rule,) = table

        # The unary case without a loop: it runs once per node. Positional
        # calls where they fit, as a call with *args and **kwargs builds a
        # list, a tuple and a dict first.
        def vjp(g, ans, args, kwargs, argnums):
            if kwargs or len(args) != 1:
                return (rule(g, ans, *args, **kwargs),)
            return (rule(g, ans, args[0]),)

    elif len(table) == 2:
        first, second = table

        # The binary case, also without a loop: argnums is (0,), (1,) or (0, 1).
        def vjp(g, ans, args, kwargs, argnums):
            if kwargs or len(args) != 2:
                if len(argnums) == 2:
                    return (first(g, ans, *args, **kwargs), second(g, ans, *args, **kwargs))
                return ((second if argnums[0] else first)(g, ans, *args, **kwargs),)
            x, y = args
            if len(argnums) == 2:
                return (first(g, ans, x, y), second(g, ans, x, y))
            return ((second if argnums[0] else first)(g, ans, x, y),)

    else:

        def vjp(g, ans, args, kwargs, argnums):
            try:
                if len(argnums) == 1:
                    return (table[argnums[0]](g, ans, *args, **kwargs),)
                return [table[i](g, ans, *args, **kwargs) for i in argnums]
            except IndexError:
                if any(i >= len(table) for i in argnums):
                    missing_rule(max(argnums))()
                raise

    if reads is not None:
        vjp.drops = _DropPlans((reads,) * len(rules) if isinstance(reads, str) else tuple(reads))
    vjp.fresh = fresh
    vjp.without = tuple(i for i, rule in enumerate(rules) if rule is None)  # the arguments it has no rule for
    prim.vjp = vjp
    prim.vjp_arity = len(rules)
    return op


class _DropPlans(dict):
    """What a recorded op may let go of, per tuple of differentiated argument numbers.

    ``plans[argnums]`` is ``(drop_output, drop_array_arguments)``: true where
    none of those arguments' rules reads it. Worked out once per tuple, as the
    forward pass asks for every op it records.
    """

    def __init__(self, reads):
        super().__init__()
        self.reads = reads  # per argument: "ans", "args", both or ""

    def __missing__(self, argnums):
        # An argument past the rules has none: keep everything for its error.
        wanted = "".join([self.reads[i] if i < len(self.reads) else "ans args" for i in argnums])
        plan = self[argnums] = ("ans" not in wanted, "args" not in wanted)
        return plan


def defvjp_all(op, rule):
    """Register one rule for all arguments: ``rule(g, ans, *args, **kwargs) -> tuple``."""
    prim = primitive_of(op)

    def vjp(g, ans, args, kwargs, argnums):
        grads = rule(g, ans, *args, **kwargs)
        return [grads[i] for i in argnums]

    prim.vjp = vjp
    return op


def defjvp(op, *rules):
    """Register one JVP rule per argument: ``rule(t, ans, *args, **kwargs) -> tangent of ans``."""
    prim = primitive_of(op)

    def jvp(tangents, argnums, ans, args, kwargs):
        total = None
        for t, i in zip(tangents, argnums):
            rule = rules[i] if i < len(rules) else None
            if rule is None:
                contribution = jvp_by_transposing_vjp(prim, [t], [i], ans, args, kwargs)
            else:
                contribution = rule(t, ans, *args, **kwargs)
            if contribution is None:
                continue
            total = contribution if total is None else total + contribution
        if total is None:
            return zeros_like(ans)
        return total

    prim.jvp = jvp
    return op


# -- the backward loop --------------------------------------------------------


class _Scratch:
    """The cotangent the running rule may overwrite with its answer, or None.

    The backward loop sets ``g`` just before it runs a rule, to that rule's
    cotangent when the pass made it, nobody else holds it (no hook, not a
    gradient handed back) and the rule is its only reader (one traced
    argument); a rule may write into ``g`` only when ``g is scratch.g``. This
    is how exp's ``g * ans`` goes into a buffer the pass owns, never a user's array.
    """

    __slots__ = ("g",)


scratch = _Scratch()
scratch.g = None


def backward_pass(g, end, sources, release=False):
    """Run every VJP from the box ``end`` back; return the cotangent reaching each source box.

    A node is always made after its parents, so the reverse of the order of
    making is a topological order: a heap of the nodes that have received a
    cotangent, latest made first (lowest ``order``), runs a node's VJP only
    once all of its consumers have passed theirs back. It needs no recursion
    and no walk of the graph beforehand, and never visits a node that no
    cotangent reaches. Cotangents meeting at a node are summed with ``+``,
    which is the differentiable ``add`` on traced values and plain addition on
    raw ones; into an array the pass owns where there is one (see `_own`).
    Working in place changes no bit of an elementwise rule's answer, and may
    change a reduction's or contraction's by a few ulps (see `buffers`).
    A source that no path reaches gets ``None``. With ``release`` (a pass
    that is the graph's last, as in `value_and_grad`), the node of each op
    with an array output lets go of the values its rule read once it has run.
    """
    if g is None:
        return [None] * len(sources)
    # Nodes are keyed by their unique ``order``, never by themselves: a node
    # may be the user's own value, which hashes as NumPy's would (an array's
    # not at all). The sources' nodes, each with the cotangent found for it
    # (None until reached). A dict rather than a set: its code is warm from the other dicts here.
    found = {}
    for source in sources:
        found[_node_of(source).order] = None
    end_node = _node_of(end)
    grads = {end_node.order: g}
    owned = set()  # orders of the nodes whose cotangent is an array of the pass's own, held nowhere else
    ndarray = _ndarray
    backward_hook = hooks.backward
    large = buffers.LARGE_BYTES  # arrays this large are worked on in place and pooled
    watched = backward_hook is not None or hooks.forward is not None
    pending = [(end_node.order, end_node)]  # a min-heap; orders are unique, so nodes are never compared
    while pending:
        order, node = heappop(pending)
        g = grads.pop(order)
        if order in found:
            found[order] = g
        parents = node.parents
        if not parents:
            continue
        # The rule may write into g when g is the pass's own and the rule its only reader.
        mine = owned and not watched and len(parents) == 1 and order in owned and order not in found
        try:
            if mine:
                cotangents = _run_with_scratch(node, g)
            else:
                cotangents = node.vjp(g, node._value, node.args, node.kwargs, node.argnums)
        except PYTHON_FLOAT_ERRORS:  # Python's `/` on plain floats: rerun with float64's inf/nan
            cotangents = call_with_float64(node.vjp, g, node._value, node.args, node.kwargs, node.argnums)
        if backward_hook is not None:
            backward_hook(node, g, cotangents)
        spent = None
        if release and type(g) is ndarray:
            # An array op's node: the user holds its box, not it. Where its
            # cotangent is large, that and what its rule read go to the buffer
            # pool once the loop is done with them, if nobody else holds them.
            if g.nbytes >= large:
                spent = [node._value, *node.args]
            node._value = node.args = None
        if release:
            # Nothing reads the graph again: each node dies here, its memory
            # still warm, rather than all together when the caller lets go.
            node.parents = ()
        for parent, ct in zip(parents, cotangents):
            if ct is None:
                continue
            key = parent.order
            prev = grads.get(key)
            if prev is None:
                grads[key] = ct
                heappush(pending, (key, parent))
                if type(ct) is ndarray and ct.nbytes >= large and not watched and _own(node, ct, g, mine, cotangents):
                    owned.add(key)
            elif type(prev) is ndarray or type(ct) is ndarray:
                own = not watched and type(ct) is ndarray and ct.nbytes >= large and _own(node, ct, g, mine, cotangents)
                parent_owned = owned and key in owned
                if own or parent_owned:
                    total = _add_arrays(prev, ct, parent_owned, own)
                else:
                    total = prev + ct  # a new array (the pass's own) or a traced sum
                grads[key] = total
                if type(total) is ndarray and total.nbytes >= large:
                    owned.add(key)
                elif owned:
                    owned.discard(key)  # a traced sum (a cotangent of a higher-order pass)
            else:
                grads[key] = prev + ct
        if spent is not None:
            spent.append(g)
            g = ct = prev = total = cotangents = None
            buffers.give(spent)
    if len(found) == len(sources):
        return list(found.values())  # one node per source, in their order (no comprehension: a call in 3.11)
    return [found[_node_of(source).order] for source in sources]


_ndarray = np.ndarray


def _run_with_scratch(node, g):
    """Run a node's rule with ``g`` as its scratch (see `_Scratch`)."""
    scratch.g = g
    try:
        return node.vjp(g, node._value, node.args, node.kwargs, node.argnums)
    finally:
        scratch.g = None


def _own(node, ct, g, mine, cotangents):
    """Whether the array ``ct`` a rule returned is the pass's own: its rule is `fresh`, it went to one parent."""
    if type(ct) is not np.ndarray or ct.nbytes < buffers.LARGE_BYTES or not getattr(node.vjp, "fresh", False) or (ct is g and not mine):
        return False
    if not ct.flags.writeable:
        return False
    count = 0
    for other in cotangents:
        count += other is ct
    return count == 1


def _add_arrays(prev, ct, prev_owned, ct_owned):
    """``prev + ct``, into whichever of them is the pass's own and alike the sum, else a new array."""
    if prev_owned and _alike(ct, prev):
        return np.add(prev, ct, out=prev)
    if ct_owned and _alike(prev, ct):
        return np.add(prev, ct, out=ct)
    return prev + ct


def _alike(a, buffer):
    """Whether ``a + buffer`` can be written into ``buffer``: a plain array of its shape and dtype."""
    return type(a) is np.ndarray and a.shape == buffer.shape and a.dtype == buffer.dtype
