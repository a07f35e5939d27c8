"""Each call of a user's ``jax.custom_vjp`` or ``jax.custom_jvp`` function in JAX's own run at a point, as a program
of its own.

Where a function calls several of the user's custom-derivative functions (one's
output another's input, or one in a loop), a wrong gradient is the work of one
rule or more, and the rule JAX's backward pass reached first is no more likely
than the others. A float64 run at the point, with jit off so that every call
sees numbers, notes each call of a custom function whose rule is the user's:
its float inputs and outputs. A second run adds a zero to each call's outputs
and takes the vector-Jacobian product of the function in those zeros: the
upstream gradient each call's rule was handed. Each call then makes
``sum(<outputs, upstream>)`` of that call alone, which the bridge captures as
any user function, so `rule_blame` can judge every rule on its own inputs at
high precision (`bridge.RuleCall`). A call made on traced values (inside
``vmap`` or ``lax.scan``, which trace whatever the jit mode) has no numbers of
its own, and the calls are then not judged one by one.

JAX is imported inside the functions here, never at import time.
"""

from __future__ import annotations

import inspect
import threading
from contextlib import contextmanager

import numpy as np

from .lines import def_line
from .users_output import users_output_hidden

_MOST_CALLS = 12  # each call judged costs a capture and two exact replays: a long loop's first calls are judged


class Traced(Exception):
    """A call of a custom function met traced values, not numbers."""


class _Call:
    """One call of a user's custom function: the function, its arguments, the positions of its float arrays JAX
    differentiates, and the upstream gradient of its outputs (None until the second run)."""

    def __init__(self, custom, args, kwargs, positions, rule):
        self.custom, self.args, self.kwargs, self.positions, self.rule = custom, args, kwargs, positions, rule
        self.upstream = None

    def alone(self):
        """The call alone as a function of its float inputs: the sum of its outputs weighted by their upstream
        gradients, a number whose gradient is the rule's answer to those upstream gradients."""
        import jax  # lazy: only a JAX target loads JAX
        import jax.numpy as jnp  # lazy: likewise

        constants, positions, custom, kwargs = list(self.args), self.positions, self.custom, self.kwargs
        upstream = [np.asarray(u, dtype=np.float64) for u in self.upstream]

        def call_alone(*inputs):
            args = list(constants)
            for position, value in zip(positions, inputs):
                args[position] = value
            outputs = jax.tree_util.tree_leaves(custom(*args, **kwargs))
            return sum(jnp.sum(out * up.astype(out.dtype)) for out, up in zip(outputs, upstream))

        call_alone.__name__ = call_alone.__qualname__ = f"{getattr(custom, '__name__', 'custom')} called alone"
        return call_alone

    def inputs(self):
        """The float64 numbers of the call's differentiated inputs."""
        return [np.array(self.args[k], dtype=np.float64) for k in self.positions]

    def per_input(self):
        """(name, "file.py:LINE") of each differentiated input's own rule where the rule is given per argument
        (``defjvps``), else ()."""
        return _rules_of_positions(self.custom, self.positions)


def _users_rule(custom, users_file):
    """("bwd() of f", "file.py:LINE") of a custom function whose rule is the user's own, or None. A rule ``defjvps``
    makes of the user's per-argument ones is JAX's own function: its rule is then the first of the user's, with
    ``per_argument`` (`_per_argument`) telling each argument's."""
    rule = getattr(custom, "bwd", None) or getattr(custom, "jvp", None)
    code = getattr(rule, "__code__", None)
    name = _custom_name(custom)
    if code is not None and users_file(code.co_filename):
        return _named(rule, name)
    given = [_named(one, name) for one in _per_argument(rule) if one is not None]
    return given[0] if given and all(users_file(location.rpartition(":")[0]) for _, location in given) else None


def _custom_name(custom):
    """The name of a custom function's own function (``f`` of ``jax.custom_vjp(f)``)."""
    return getattr(getattr(custom, "fun", None), "__name__", None) or getattr(custom, "__name__", "a custom function")


def _named(rule, name):
    """("rule() of f", "file.py:LINE") of a user's rule function of the custom function ``name``."""
    code = rule.__code__
    return f"{rule.__name__}() of {name}", f"{code.co_filename}:{def_line(code.co_filename, code.co_firstlineno)}"


def _per_argument(rule):
    """The user's per-argument rules (or None for an argument without one) a ``defjvps`` rule closes over, in the
    order of the arguments; () for any other rule."""
    code, cells = getattr(rule, "__code__", None), getattr(rule, "__closure__", None) or ()
    if code is None or "jvps" not in code.co_freevars:
        return ()
    given = cells[code.co_freevars.index("jvps")].cell_contents
    if not isinstance(given, (tuple, list)) or not all(one is None or hasattr(one, "__code__") for one in given):
        return ()
    return tuple(given)


def _rules_of_positions(custom, positions):
    """(name, "file.py:LINE") of each differentiated position's own rule, where ``custom``'s rule is given per
    argument (``defjvps``: an argument without one has JAX's zero slope, told as the first rule's), else ()."""
    given = _per_argument(getattr(custom, "jvp", None))
    if not given:
        return ()
    name = _custom_name(custom)
    try:
        arguments = list(inspect.signature(custom.fun).parameters)
    except (TypeError, ValueError, AttributeError):  # a callable without a signature: the rules told by position
        arguments = []
    named = [None if one is None else _named(one, name) for one in given]
    first = next(one for one in named if one is not None)
    told = []
    for k in positions:
        rule, location = named[k] if k < len(named) and named[k] is not None else first
        told.append((f"{rule} (its slope in {arguments[k] if k < len(arguments) else f'argument {k}'})", location))
    return tuple(told)


@contextmanager
def _calls_patched(on_call):
    """Within it, each call of a ``jax.custom_vjp`` or ``jax.custom_jvp`` function goes through ``on_call(original,
    custom, args, kwargs)``."""
    from jax._src import custom_derivatives  # lazy: only a JAX target loads JAX

    kinds = (custom_derivatives.custom_vjp, custom_derivatives.custom_jvp)
    mine = threading.get_ident()
    running = set()  # the custom functions whose calls are running: a rule's call of its own function (defjvps
    # computes the primal again inside its rule) is part of that call, not one of its own

    def through(original):
        def call(custom, *args, **kwargs):
            if threading.get_ident() != mine or id(custom) in running:  # another thread's check, or the call's own
                return original(custom, *args, **kwargs)
            running.add(id(custom))
            try:
                return on_call(original, custom, args, kwargs)
            finally:
                running.discard(id(custom))

        return call

    with _PATCHING:
        originals = [kind.__call__ for kind in kinds]
        for kind, original in zip(kinds, originals):
            kind.__call__ = through(original)
        try:
            yield
        finally:
            for kind, original in zip(kinds, originals):
                kind.__call__ = original


_PATCHING = threading.Lock()  # one thread at a time patches the custom functions' calls


def _differentiated(custom, call_args):
    """The positions of a custom function's float arguments JAX differentiates (its nondiff_argnums left out): float
    arrays, and Python and NumPy float numbers (a scalar threshold handed as 1.25), which JAX differentiates alike."""
    import jax  # lazy: only a JAX target loads JAX
    import jax.numpy as jnp  # lazy: likewise

    skipped = set(getattr(custom, "nondiff_argnums", ()) or ())
    return [k for k, a in enumerate(call_args) if k not in skipped and (
        isinstance(a, (float, np.floating)) or (isinstance(a, (jax.Array, np.ndarray))
                                                and jnp.issubdtype(a.dtype, jnp.floating)))]


def rule_calls(fun, args, cotangent, users_file):
    """``(calls, complete)``: the calls of the user's custom functions ``fun(*args)`` makes in JAX's float64 run
    (``args``: trees of float64 arrays and the check's other leaves), each with the upstream gradient ``cotangent``
    hands it, in the order of JAX's backward pass (the last call first), and whether they are all of them (none past
    `_MOST_CALLS`); ``users_file(path)``: whether a rule's file is the user's. No calls, and not complete, where a
    call met traced values or the run raised."""
    import jax  # lazy: only a JAX target loads JAX
    import jax.numpy as jnp  # lazy: likewise

    calls = []

    def judged(custom, call_args, kwargs):
        """The call's rule and differentiated positions where it is one to judge, else None."""
        rule = _users_rule(custom, users_file)
        if rule is None:
            return None
        if any(isinstance(a, jax.core.Tracer) for a in jax.tree_util.tree_leaves((call_args, kwargs))):
            raise Traced
        positions = _differentiated(custom, call_args)
        return (rule, positions) if positions else None

    def noting(original, custom, call_args, kwargs):
        found = judged(custom, call_args, kwargs)
        if found is not None and len(calls) >= _MOST_CALLS:
            noting.more = True
        elif found is not None:
            calls.append(_Call(custom, call_args, kwargs, found[1], found[0]))
        return original(custom, *call_args, **kwargs)

    noting.more = False

    def shifted(original, custom, call_args, kwargs):
        out = original(custom, *call_args, **kwargs)
        if _users_rule(custom, users_file) is None or not _differentiated(custom, call_args):
            return out
        k = shifted.count
        shifted.count += 1
        if k >= len(calls):
            return out
        if calls[k].custom is not custom:  # the second run called otherwise than the first
            raise Traced
        leaves, tree = jax.tree_util.tree_flatten(out)
        return jax.tree_util.tree_unflatten(tree, [leaf + zero for leaf, zero in zip(leaves, shifted.zeros[k])])

    def with_zeros(zeros):
        shifted.zeros, shifted.count = zeros, 0
        with _calls_patched(shifted):
            return fun(*args)

    with jax.enable_x64(True), jax.disable_jit(), users_output_hidden():
        try:
            with _calls_patched(noting):
                fun(*args)
            if not calls:
                return [], True
            zeros = [[jnp.zeros_like(leaf) for leaf in jax.tree_util.tree_leaves(call.custom(*call.args, **call.kwargs))]
                     for call in calls]
            value, pull = jax.vjp(with_zeros, zeros)
            (upstream,) = pull(jnp.asarray(cotangent, dtype=value.dtype).reshape(jnp.shape(value)))
        except Traced:
            return [], False
        except Exception:  # noqa: BLE001 - the user's code refused this run: its calls are not told apart, and the finding stays at the rule the backward pass reached first
            return [], False
    for call, up in zip(calls, upstream):
        call.upstream = [np.asarray(u) for u in up]
    return list(reversed(calls)), not noting.more
