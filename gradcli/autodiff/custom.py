"""Custom gradients in the spellings of TensorFlow, Keras and TensorFlow Probability.

Every form compiles down to the one mechanism of the core: a primitive with a
registered VJP.

- ``@custom_gradient`` (``tf.custom_gradient``, Keras ``ops.custom_gradient``):
  each call makes an opaque primitive whose output is what ``f`` returned and
  whose VJP calls the ``grad_fn`` that ``f`` returned.
- ``custom_gradient(fx, gx, x)`` (``tfp.math.custom_gradient``): one primitive
  whose value is ``fx`` and whose VJP sends ``g * gx`` to ``x``.
- ``register_gradient`` / ``gradient_override``: replace the VJP of a named
  primitive, globally or in a scope.
"""

from __future__ import annotations

import contextlib
import difflib
import inspect

import numpy as np

from .core import NoGradientError, defvjp_all
from .ops import shape_of, stop_gradient, unbroadcast, zeros_like
from .ops_array import broadcast_to
from .tape import active_traces, tapes_suspended, variables_read
from .tracer import Box, Primitive, primitive, primitive_of
from .tree import flatten

__all__ = ["custom_gradient", "register_gradient", "gradient_override", "restore_gradient"]


# -- tuple outputs ----------------------------------------------------------------


class Cotangents(tuple):
    """The cotangent of a tuple-valued op: one entry per output, ``None`` for zero.

    ``+`` adds entry by entry, so the backward loop accumulates it like any other.
    """

    def __add__(self, other):
        return Cotangents(
            b if a is None else a if b is None else a + b for a, b in zip(self, other)
        )

    __radd__ = __add__


def _tuple_item_raw(values, index):
    return values[index]


tuple_item = primitive(_tuple_item_raw, "tuple_item", kind="other")


def _tuple_item_vjp(g, ans, values, index):
    return (Cotangents(g if i == index else None for i in range(len(values))), None)


defvjp_all(tuple_item, _tuple_item_vjp)


# -- the decorator: f(*x) -> (y, grad_fn) ------------------------------------------


def custom_gradient(f=None, gx=None, x=None, fx_gx_manually_stopped=False):
    """Give a function a gradient of your own (TensorFlow, Keras and TFP spellings).

    As a decorator (``tf.custom_gradient``): ``f(*x)`` returns ``(y, grad_fn)``
    and ``grad_fn(*upstream)`` returns one gradient per input of ``f``::

        @custom_gradient
        def log1pexp(x):
            e = gnp.exp(x)
            def grad_fn(upstream):
                return upstream * (1 - 1 / (1 + e))
            return gnp.log(1 + e), grad_fn

    - one input: ``grad_fn`` returns one gradient; several: a list or tuple;
      ``None`` is a zero gradient. Inputs may be nested lists, tuples or dicts
      of arrays (Keras); the gradient of such an input has the same structure;
    - ``y`` may be a tuple: ``grad_fn`` then gets one upstream per output;
    - ``grad_fn(*args, upstream=None)`` (Keras) is called with ``upstream=``;
    - if ``f`` reads `Variable`s, ``grad_fn`` must accept ``variables=`` and
      return ``(grad_xs, grad_vars)``.

    ``grad_fn`` written with ``gradcli.numpy`` ops can be differentiated again:
    the outer traces of a nested differentiation record ``f`` and ``grad_fn``
    op by op, so second derivatives differentiate your gradient. Cost: one
    primitive is made per call.

    As a function (``tfp.math.custom_gradient``): ``custom_gradient(fx, gx, x)``
    returns a value equal to ``fx`` whose gradient with respect to ``x`` (a
    tensor or a list of tensors) is ``gx`` (one per ``x``), that is
    ``stop(fx) + sum(stop(gx) * (x - stop(x)))``. With
    ``fx_gx_manually_stopped=True`` the caller has applied ``stop_gradient`` to
    the parts of ``fx`` and ``gx`` that must not be differentiated, and the
    rest of their gradients flows.
    """
    if gx is None and x is None:
        if not callable(f):
            raise TypeError(
                "custom_gradient takes a function (decorator form) or (fx, gx, x) "
                f"(TensorFlow Probability form); got {type(f).__name__}"
            )
        return _decorate(f)
    if x is None or gx is None:
        raise TypeError("the functional form is custom_gradient(fx, gx, x): all three are needed")
    return _embedded_gradient(f, gx, x, fx_gx_manually_stopped)


def _decorate(f):
    name = getattr(f, "__name__", "custom_gradient")

    def wrapped(*args, **kwargs):
        return _call_with_custom_gradient(f, name, args, kwargs)

    wrapped.__name__ = name
    wrapped.__qualname__ = getattr(f, "__qualname__", name)
    wrapped.__doc__ = f.__doc__
    wrapped.__wrapped__ = f
    return wrapped


def _innermost_trace(leaves):
    top = None
    for trace in [a._trace for a in leaves if isinstance(a, Box)] + active_traces():
        if trace is not None and (top is None or trace.level > top.level):
            top = trace
    return top


def _call_with_custom_gradient(f, name, args, kwargs):
    leaves, rebuild_inputs = flatten(list(args))
    top = _innermost_trace(leaves)
    if top is None:
        return _split_result(f(*args, **kwargs), name)[0]
    # Run f on the values of the outer traces only: the innermost trace must
    # see one op (this one), not f's own ops, nor Variables read inside f.
    inner = [a._value if isinstance(a, Box) and a._trace is top else a for a in leaves]
    with tapes_suspended(top.level), variables_read() as variables:
        y, grad_fn = _split_result(f(*rebuild_inputs(inner), **kwargs), name)
    variables = list(variables)
    if variables and not _accepts(grad_fn, "variables"):
        names = ", ".join(v.name or repr(v) for v in variables)
        raise TypeError(
            f"custom_gradient: {name} reads the Variable(s) {names}, so its grad_fn must "
            "take a 'variables' keyword and return (grad_xs, grad_vars); "
            f"{getattr(grad_fn, '__name__', 'grad_fn')} has no 'variables' parameter"
        )
    outputs, rebuild_outputs = flatten(y)
    single = len(outputs) == 1 and not isinstance(y, (tuple, list, dict))
    packed = outputs[0] if single else tuple(outputs)

    def vjp(g, ans, op_args, op_kwargs, argnums):
        upstream = [g] if single else [
            zeros_like(out) if ct is None else ct for ct, out in zip(g, outputs)
        ]
        grads = _call_grad_fn(grad_fn, rebuild_outputs, upstream, single, variables, name)
        grads = _gradients_per_leaf(grads, args, leaves, variables, name)
        return [grads[i] for i in argnums]

    door = primitive(lambda *_: packed, name, opaque=True)
    door.prim.vjp = vjp
    out = door(*leaves, *variables)
    if single:
        return out
    return rebuild_outputs([tuple_item(out, i) for i in range(len(outputs))])


def _split_result(result, name):
    if not (isinstance(result, (tuple, list)) and len(result) == 2 and callable(result[1])):
        raise TypeError(
            f"custom_gradient: {name} must return a pair (y, grad_fn) with grad_fn callable; "
            f"it returned {type(result).__name__}"
            + (f" of length {len(result)}" if isinstance(result, (tuple, list)) else "")
        )
    return result[0], result[1]


def _accepts(fun, keyword):
    try:
        params = inspect.signature(fun).parameters
    except (TypeError, ValueError):
        return False
    return keyword in params or any(p.kind is p.VAR_KEYWORD for p in params.values())


def _call_grad_fn(grad_fn, rebuild_outputs, upstream, single, variables, name):
    extra = {"variables": variables} if variables else {}
    try:
        params = inspect.signature(grad_fn).parameters
    except (TypeError, ValueError):
        params = {}
    if "upstream" in params:
        # Keras: grad_fn(*args, upstream=...) gets the upstream as a keyword.
        value = upstream[0] if single else rebuild_outputs(upstream)
        return grad_fn(upstream=value, **extra)
    return grad_fn(*upstream, **extra)


def _gradients_per_leaf(grads, args, leaves, variables, name):
    """Check what grad_fn returned and align it with the flattened inputs (and variables)."""
    grad_vars = []
    if variables:
        if not (isinstance(grads, (tuple, list)) and len(grads) == 2):
            raise TypeError(
                f"custom_gradient: {name} reads Variables, so its grad_fn must return "
                "(grad_xs, grad_vars)"
            )
        grads, grad_vars = grads
        grad_vars = list(grad_vars) if isinstance(grad_vars, (tuple, list)) else [grad_vars]
        if len(grad_vars) != len(variables):
            raise TypeError(
                f"custom_gradient: grad_fn of {name} returned {len(grad_vars)} variable "
                f"gradient(s), expected {len(variables)} (one per Variable read)"
            )
    if len(args) == 1:
        per_input = [grads]
    elif isinstance(grads, (tuple, list)):
        per_input = list(grads)
    else:
        per_input = [grads]
    if len(per_input) != len(args):
        raise TypeError(
            f"custom_gradient: grad_fn of {name} returned {len(per_input)} gradient(s), "
            f"expected {len(args)} (one per input of {name})"
        )
    flat = []
    for position, (grad, arg) in enumerate(zip(per_input, args)):
        arg_leaves, _ = flatten(arg)
        grad_leaves = [None] * len(arg_leaves) if grad is None else flatten(grad)[0]
        if len(grad_leaves) != len(arg_leaves):
            raise TypeError(
                f"custom_gradient: the gradient for input {position} of {name} has "
                f"{len(grad_leaves)} part(s), but the input has {len(arg_leaves)}"
            )
        flat.extend(grad_leaves)
    result = []
    for position, (grad, leaf) in enumerate(zip(flat + grad_vars, leaves + variables)):
        if grad is not None and shape_of(grad) != shape_of(leaf):
            raise ValueError(
                f"custom_gradient: grad_fn of {name} returned a gradient of shape "
                f"{shape_of(grad)} for an input of shape {shape_of(leaf)} (input {position})"
            )
        result.append(grad)
    return result


# -- the TensorFlow Probability form: custom_gradient(fx, gx, x) ---------------------


def _embedded_value(fx, *rest):
    return fx


def _embedded_gradient(fx, gx, x, manually_stopped):
    xs = list(x) if isinstance(x, (list, tuple)) else [x]
    gxs = list(gx) if isinstance(gx, (list, tuple)) else [gx]
    if len(gxs) != len(xs):
        raise ValueError(
            f"custom_gradient(fx, gx, x): got {len(gxs)} gradient(s) gx for {len(xs)} x"
        )
    if not manually_stopped:
        fx = stop_gradient(fx)
        gxs = [stop_gradient(g) for g in gxs]
    n = len(xs)

    def vjp_all(g, ans, fx_value, *rest):
        gx_values, x_values = rest[:n], rest[n:]
        to_fx = g
        # (x - stop(x)) is zero in value, but not in its own derivatives.
        to_gx = [unbroadcast(g * (xi - stop_gradient(xi)), gi) for gi, xi in zip(gx_values, x_values)]
        to_x = [_spread(g, gi, xi) for gi, xi in zip(gx_values, x_values)]
        return (to_fx, *to_gx, *to_x)

    prim = primitive(_embedded_value, "custom_gradient")
    defvjp_all(prim, vjp_all)
    return prim(fx, *gxs, *xs)


def _spread(g, gx, x):
    """The cotangent of x: g * gx, broadcast over x (scalar range) and summed back to x."""
    product = g * gx
    if shape_of(product) != shape_of(x):
        try:
            target = np.broadcast_shapes(shape_of(product), shape_of(x))
        except ValueError:
            raise ValueError(
                f"custom_gradient(fx, gx, x): gx of shape {shape_of(gx)} does not fit "
                f"x of shape {shape_of(x)}"
            ) from None
        product = broadcast_to(product, target)
    return unbroadcast(product, x)


# -- overriding the gradient of a named primitive -----------------------------------


def _all_primitives():
    from . import ops, ops_array, ops_linalg, ops_special

    found = {}
    for module in (ops, ops_array, ops_linalg, ops_special):
        for value in vars(module).values():
            prim = primitive_of(value)
            if isinstance(prim, Primitive) and prim.differentiable:
                found.setdefault(prim.name, prim)
    return found


def _find_primitive(op_name):
    prims = _all_primitives()
    if op_name in prims:
        return prims[op_name]
    close = difflib.get_close_matches(str(op_name), list(prims), n=3)
    hint = f" (did you mean {' or '.join(repr(c) for c in close)}?)" if close else ""
    raise ValueError(
        f"no differentiable op named {op_name!r}{hint}; `gradcli ops` lists them"
    )


def _rule_as_vjp(prim, rule):
    """Turn ``rule(g, ans, *inputs) -> one gradient per input`` into the core's VJP form."""

    def vjp(g, ans, args, kwargs, argnums):
        grads = rule(g, ans, *args, **kwargs)
        if not isinstance(grads, (tuple, list)):
            grads = (grads,)
        if len(grads) != len(args):
            raise NoGradientError(
                f"the gradient rule for '{prim.name}' returned {len(grads)} gradient(s), "
                f"expected {len(args)} (one per input)"
            )
        return [grads[i] for i in argnums]

    return vjp


_originals: dict = {}


def register_gradient(op_name):
    """Replace the gradient of the primitive named ``op_name`` everywhere (``tf.RegisterGradient``).

    Used as a decorator on ``rule(g, ans, *inputs)``, which returns one
    gradient per input. Ops recorded from then on use it; forward mode uses it
    too (by transposition). `restore_gradient` undoes it.
    """
    prim = _find_primitive(op_name)

    def register(rule):
        _originals.setdefault(prim.name, (prim.vjp, prim.jvp))
        prim.vjp = _rule_as_vjp(prim, rule)
        prim.jvp = None
        return rule

    return register


def restore_gradient(op_name):
    """Put back the built-in gradient of ``op_name`` after `register_gradient`."""
    prim = _find_primitive(op_name)
    if prim.name in _originals:
        prim.vjp, prim.jvp = _originals.pop(prim.name)


@contextlib.contextmanager
def gradient_override(rules):
    """Replace the gradients of named primitives inside a ``with`` block (``gradient_override_map``).

    ``rules`` maps op names to ``rule(g, ans, *inputs)``. The ops recorded
    inside the block use the rules, whenever their backward pass runs (as in
    TensorFlow); the built-in rules come back on exit, also on an exception.
    Scopes nest.
    """
    prims = [(_find_primitive(name), rule) for name, rule in dict(rules).items()]
    saved = [(prim, prim.vjp, prim.jvp) for prim, _ in prims]
    try:
        for prim, rule in prims:
            prim.vjp = _rule_as_vjp(prim, rule)
            prim.jvp = None
        yield
    finally:
        for prim, vjp, jvp in reversed(saved):
            prim.vjp, prim.jvp = vjp, jvp
