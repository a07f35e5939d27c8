"""Custom gradients in the spellings of TensorFlow, Keras and TensorFlow Probability.

Every form compiles down to the one mechanism of the core: a primitive with a
registered VJP.

- ``@custom_gradient`` (``tf.custom_gradient``, Keras ``ops.custom_gradient``):
  each call records an opaque primitive (one per function name) whose output
  is what ``f`` returned and whose VJP calls the ``grad_fn`` that ``f``
  returned: the call's output and rules are data its node keeps (`Call`).
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

from .core import NoGradientError, jvp_by_transposing_vjp, defjvp, defvjp_all
from . import ops, ops_array, ops_linalg, ops_special, tracer
from .ops import stop_gradient
from .ops_array import broadcast_to, unbroadcast
from .tape import Variable, active_traces, tapes_suspended, variables_read
from .plain import kept
from .tracer import PLAIN, Box, Primitive, unbox_at, primitive, primitive_of
from .tree import dataclass_fields, flatten
from .values import raw, shape_of, zeros_like

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
defjvp(tuple_item, lambda t, ans, values, index: t[index])


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

    - one input: ``grad_fn`` returns one gradient (or, as TensorFlow documents,
      a list of one: ``[dx]``); several: a list or tuple; ``None`` is a zero
      gradient. Inputs may be nested lists, tuples or dicts of arrays (Keras);
      the gradient of such an input has the same structure (dicts are matched
      by key), or is read as TensorFlow reads it, flattened: a list of one
      gradient per input leaf, in order (dict keys sorted);
    - keyword arguments are passed through as constants: as in TensorFlow,
      only the positional arguments get gradients;
    - ``y`` may be a tuple: ``grad_fn`` then gets one upstream per output;
    - ``grad_fn(*args, upstream=None)`` (Keras) is called with ``upstream=``;
    - if ``f`` reads trainable `Variable`s other than its arguments,
      ``grad_fn`` must accept ``variables=`` (it gets that list) and return
      ``(grad_xs, grad_vars)``, each flattened as above (``([dx], [dv])``).
      A Variable passed as an argument is an input like any other: its
      gradient is among ``grad_xs``.

    ``grad_fn`` written with ``gradcli.numpy`` ops can be differentiated again:
    the outer traces of a nested differentiation record ``f`` and ``grad_fn``
    op by op, so second derivatives differentiate your gradient. Cost: one
    op is recorded per call.

    As a function (``tfp.math.custom_gradient``): ``custom_gradient(fx, gx, x)``
    returns a value equal to ``fx`` whose gradient with respect to ``x`` (a
    tensor or a list of tensors) is ``gx`` (one per ``x``), that is
    ``stop(fx) + sum(stop(gx) * (x - stop(x)))``. Each ``gx`` has the
    shape of its ``x``, or is a scalar (then every element of ``x`` gets it). With
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


def _innermost_trace(traces):
    return max((t for t in traces if t is not None), key=lambda t: t.level, default=None)


def _trace_of(value):
    # A plain box (`plain.Plain`) belongs to no differentiation.
    return value._trace if isinstance(value, Box) and value._trace is not PLAIN else None


def _as_seen(value):
    """A Variable as the active tapes see it (boxed by those that watch it); other values as they are."""
    return value.read() if isinstance(value, Variable) else value


def _constant(value):
    """``value`` (a nested structure too) with every box removed: no gradient flows to it."""
    leaves, rebuild = flatten(value)
    return rebuild([raw(leaf) for leaf in leaves])


def _call_with_custom_gradient(f, name, args, kwargs):
    # Keyword arguments are constants, as in TensorFlow, which records the
    # gradients of the positional arguments only.
    kwargs = {key: _constant(value) for key, value in kwargs.items()}
    leaves, rebuild_inputs = _leaves_of(args)
    inputs = [_as_seen(leaf) for leaf in leaves]
    # The op belongs to the innermost trace among its inputs' traces, but the
    # Variables f reads are inputs too, and they are known only once f has
    # run. So guess the innermost of all active traces, run f on the values of
    # the traces below the guess (they record f's own ops, which second
    # derivatives need), and hide the tapes from the guess up.
    tapes = active_traces()
    guess = _innermost_trace([_trace_of(a) for a in inputs] + tapes)
    # f sees its inputs outside the guess's trace: a ball among them is boxed plain (`plain.kept`), so that
    # ``x > 0`` in f (or in grad_fn, on what f kept) is decided as a branch, as on jets and proof numbers.
    if guess is None:
        return _split_result(f(*rebuild_inputs([kept(a) for a in leaves]), **kwargs), name)[0]
    # With no tape open there is none to hide (the commonest call: under the checker's own transforms).
    with tapes_suspended(guess.level) if tapes else contextlib.nullcontext(), variables_read() as read:
        y, grad_fn = _split_result(f(*rebuild_inputs([kept(unbox_at(a, guess)) for a in leaves]), **kwargs), name)
    # As in TensorFlow: the Variables f reads that are not among its inputs,
    # and only trainable ones (the others are never watched).
    variables = [v for v in read if v.trainable and not any(v is leaf for leaf in leaves)]
    if variables and not _accepts(grad_fn, "variables"):
        names = ", ".join(v.name or repr(v) for v in variables)
        raise TypeError(
            f"custom_gradient: {name} reads the Variable(s) {names}, so its grad_fn must "
            "take a 'variables' keyword and return (grad_xs, grad_vars); "
            f"{getattr(grad_fn, '__name__', 'grad_fn')} has no 'variables' parameter"
        )
    inputs += [v.read() for v in variables]
    top = _innermost_trace([_trace_of(a) for a in inputs])
    if top is None:
        return y
    primal = _primal_at(f, name, leaves, rebuild_inputs, kwargs) if variables and _rule_logs else None
    made = None if variables else (lambda *values: _split_result(f(*rebuild_inputs(list(values)), **kwargs), name))
    return _one_op(y, grad_fn, args, inputs, top, variables, name, primal=primal, made=made)


def _primal_at(f, name, leaves, rebuild_inputs, kwargs):
    """``f``'s output on this call's inputs as they are now, untraced, read afresh: the Variables it reads at the values
    they hold when it is called (`VariableRuleRun.primal`)."""
    held = [raw(leaf) for leaf in leaves]
    return lambda: _split_result(f(*rebuild_inputs([kept(a) for a in held]), **kwargs), name)[0]


def rule_applied(y, grad_fn, args, trace, name):
    """What ``custom_gradient(f)(*args)`` gives where ``f`` gave ``(y, grad_fn)`` on the values under ``trace``.

    For a caller that runs ``f`` itself, where that general path has nothing
    to find: every argument a leaf (no list, tuple, dict or Variable), the
    traced ones held by ``trace`` alone (one level deep), no tape open, and
    ``f`` reading no Variable (a framework bridge's replay, on its arguments
    and its graph's constants), and ``grad_fn`` giving one gradient per
    argument shaped as it (the lone one unwrapped), which is not checked
    again. It records the very op that path records.
    """
    return _one_op(y, grad_fn, args, list(args), trace, [], name, checked=False)


def _one_op(y, grad_fn, args, inputs, top, variables, name, checked=True, primal=None, made=None):
    """``y`` as the output of one opaque op on ``inputs`` recorded on ``top``, its VJP ``grad_fn``'s (what it
    gives matched to ``args``' leaves, or, not ``checked``, taken as one gradient per argument). ``primal``: the
    call's output computed again (`_primal_at`), for a `variable_rules_run` log of its rule's runs; ``made``: the
    call's function on other values of its inputs, its output and rule there (`Call.made`)."""
    # If the guess was a tape this op does not involve, `top` is below it and
    # recorded f's ops one by one; its view of the op is one op, so it drops
    # its own box from what f computed (the outputs, and what grad_fn returns).
    outputs, rebuild_outputs = flatten(y)
    outputs = [unbox_at(out, top) for out in outputs]
    single = len(outputs) == 1 and not isinstance(y, (tuple, list, dict))
    door = _opaque_op(name)
    # The rule runs in the backward pass, after the run that holds a narrower dtype's numbers has returned; its
    # literals meet that dtype's data as the call's did.
    held = tracer.held_numbers, tracer.held_constants

    def vjp(g, ans, op_args, op_kwargs, argnums):
        upstream = [kept(g)] if single else [  # a ball grad_fn branches on is a gradcli value too
            zeros_like(out) if ct is None else kept(ct) for ct, out in zip(g, outputs)
        ]
        with tracer.numbers_held(*held) if held[0] else contextlib.nullcontext():
            grads = _call_grad_fn(grad_fn, rebuild_outputs, upstream, single, variables, name)
        if checked:
            grads = _gradients_per_leaf(grads, args, variables, name)
            if primal is not None and _rule_logs:
                run = VariableRuleRun(grad_fn, variables, [raw(u) for u in upstream], grads[len(grads) - len(variables):],
                                      primal, [raw(leaf) for leaf in inputs[: len(inputs) - len(variables)]])
                for log in _rule_logs:
                    log.append(run)
        elif len(args) == 1:
            grads = [grads]
        return [unbox_at(grads[i], top) for i in argnums]

    def jvp(tangents, argnums, ans, op_args, op_kwargs):
        # Forward mode transposes the VJP inside a trace of its own, which
        # wraps top's boxes: drop them from the tangent it gives.
        tangent = jvp_by_transposing_vjp(door.prim, tangents, argnums, ans, op_args, op_kwargs)
        return unbox_at(tangent, top) if single else tuple(unbox_at(t, top) for t in tangent)

    out = door(*inputs, call=Call(outputs[0] if single else tuple(outputs), vjp, jvp, made))
    if single:
        return out
    return rebuild_outputs([tuple_item(out, i) for i in range(len(outputs))])


# Lists that collect the runs of the rules of calls that read Variables (`variable_rules_run`).
_rule_logs: list = []


class VariableRuleRun:
    """One run of the rule of a custom-gradient call that read Variables: what judging the Variables' gradients it
    returns needs (`checker.rule_blame`), each number untraced.

    ``upstream``: the gradients the rule was handed, one per output;
    ``returned``: the rule's gradient for each of ``variables``, matched to
    its shape; ``primal()``: the call's output computed again on the call's
    inputs, the Variables read at whatever values they hold then; ``inputs``:
    the call's inputs, to say which call it was.
    """

    __slots__ = ("grad_fn", "variables", "upstream", "returned", "primal", "inputs")

    def __init__(self, grad_fn, variables, upstream, returned, primal, inputs):
        self.grad_fn, self.variables, self.upstream, self.returned = grad_fn, variables, upstream, returned
        self.primal, self.inputs = primal, inputs


@contextlib.contextmanager
def variable_rules_run():
    """Collect a `VariableRuleRun` for each run, inside the block, of the rule of a call made inside it that read
    Variables, in the order the backward passes run them. Outside such a block a call keeps nothing for it."""
    log = []
    _rule_logs.append(log)
    try:
        yield log
    finally:
        del _rule_logs[next(i for i, held in enumerate(_rule_logs) if held is log)]  # by identity, as `variables_read`


class Call:
    """One call of a custom gradient as its op keeps it (the keyword ``call`` of its node): output and rules.

    Each call has rules of its own (closures over that call's ``grad_fn``),
    but the op is one primitive per name, shared by all its calls: a
    primitive and its door refer to each other, so one made per call would
    leave a cycle of garbage behind every call.
    """

    __slots__ = ("output", "vjp", "jvp", "made")

    def __init__(self, output, vjp, jvp, made=None):
        self.output = output
        self.vjp = vjp  # vjp(g, ans, args, kwargs, argnums), as a primitive's
        self.jvp = jvp  # jvp(tangents, argnums, ans, args, kwargs), as a primitive's
        # made(*inputs) -> (output, rule) as the call's function returns them on those inputs, its own operations
        # traced, the rule a closure over the values it computed (None where the function reads Variables, or runs in
        # a bridge): `held_literals` reads the literals both hand NumPy
        self.made = made

    @property
    def again(self):
        """again(*inputs) -> the call's output computed by its function on those inputs, its own operations traced:
        the mathematics the rule is the rule of (None where there is no `made`)."""
        made = self.made
        return None if made is None else (lambda *values: made(*values)[0])


def _call_output(*inputs, call):
    return call.output


def _call_vjp(g, ans, args, kwargs, argnums):
    return kwargs["call"].vjp(g, ans, args, kwargs, argnums)


def _call_jvp(tangents, argnums, ans, args, kwargs):
    return kwargs["call"].jvp(tangents, argnums, ans, args, kwargs)


def call_of(node):
    """The `Call` a recorded custom-gradient op keeps (that call's own rules), or None for any other node."""
    call = (getattr(node, "kwargs", None) or {}).get("call")
    return call if type(call) is Call else None


def _opaque_op(name):
    """The door of the opaque op every custom-gradient call named ``name`` records: its rules are the call's."""
    door = _OPAQUE_OPS.get(name)
    if door is None:
        door = primitive(_call_output, name, opaque=True)
        door.prim.vjp = _call_vjp
        door.prim.jvp = _call_jvp
        if len(_OPAQUE_OPS) >= 1024:  # bounded: a long session names many rules (a recorded node keeps its own)
            _OPAQUE_OPS.clear()
        _OPAQUE_OPS[name] = door
    return door


_OPAQUE_OPS = {}  # name -> the door of its opaque op


def _leaves_of(args):
    """``(leaves, rebuild)`` of the positional arguments as a list: `flatten`'s, without its walk where no argument
    is a list, tuple, dict or dataclass (the usual call: each argument a leaf, the list of them rebuilt by ``list``)."""
    for arg in args:
        if isinstance(arg, (list, tuple, dict)) or dataclass_fields(arg) is not None:
            return flatten(list(args))
    return list(args), list


def _split_result(result, name):
    if not (isinstance(result, (tuple, list)) and len(result) == 2 and callable(result[1])):
        raise TypeError(
            f"custom_gradient: {name} must return a pair (y, grad_fn) with grad_fn callable; "
            f"it returned {type(result).__name__}"
            + (f" of length {len(result)}" if isinstance(result, (tuple, list)) else "")
        )
    return result[0], result[1]


def _accepts(fun, keyword):
    params = _parameters(fun)
    return keyword in params or inspect.Parameter.VAR_KEYWORD in params.values()


def _parameters(fun):
    """The kind of each of ``fun``'s parameters, by name ({} where Python cannot say), read once per code object.

    A rule's grad_fn is a new closure at every call, so reading its signature
    each time costs more than the rule; a plain function's parameters are its
    code object's, unless it declares another signature or wraps another callable.
    """
    code = getattr(fun, "__code__", None)
    plain = type(fun) is _FUNCTION and "__signature__" not in fun.__dict__ and "__wrapped__" not in fun.__dict__
    if plain and code in _PARAMETERS:
        return _PARAMETERS[code]
    try:
        params = {name: p.kind for name, p in inspect.signature(fun).parameters.items()}
    except (TypeError, ValueError):
        params = {}
    if plain:
        if len(_PARAMETERS) >= 1024:  # bounded: a long session defines many rules
            _PARAMETERS.clear()
        _PARAMETERS[code] = params
    return params


_FUNCTION = type(_accepts)
_PARAMETERS = {}


def _call_grad_fn(grad_fn, rebuild_outputs, upstream, single, variables, name):
    extra = {"variables": variables} if variables else {}
    params = _parameters(grad_fn)
    if "upstream" in params:
        # Keras: grad_fn(*args, upstream=...) gets the upstream as a keyword.
        value = upstream[0] if single else rebuild_outputs(upstream)
        return grad_fn(upstream=value, **extra)
    return grad_fn(*upstream, **extra)


def _gradients_per_leaf(grads, args, variables, name):
    """What grad_fn returned, as one gradient per input leaf, then one per Variable read.

    First by structure (a gradient has its input's structure; dicts by key);
    failing that, flattened as TensorFlow flattens it: a list such as
    ``[dx]`` for one input, or ``[da, db]`` for the input ``[a, b]``.
    """
    grads, grad_vars = _split_variable_gradients(grads, variables, name)
    try:
        flat = _by_structure(grads, args, name)
    except TypeError as error:
        flat = _flattened(grads, args, name, error)
    for grad, v in zip(grad_vars, variables):
        flat += _match_input(grad, v, f"Variable {v.name or repr(v)}", name)
    return flat


def _split_variable_gradients(grads, variables, name):
    """``(grad_xs, grad_vars)``, the Variables' gradients flattened (TensorFlow's ``([dx], [dv])``)."""
    if not variables:
        return grads, []
    if not (isinstance(grads, (tuple, list)) and len(grads) == 2):
        raise TypeError(
            f"custom_gradient: {name} reads Variables, so its grad_fn must return "
            "(grad_xs, grad_vars)"
        )
    grads, grad_vars = grads
    grad_vars = flatten(grad_vars)[0]
    if len(grad_vars) != len(variables):
        raise TypeError(
            f"custom_gradient: grad_fn of {name} returned {len(grad_vars)} variable "
            f"gradient(s), expected {len(variables)} (one per Variable read)"
        )
    return grads, grad_vars


def _by_structure(grads, args, name):
    """The gradient of each input matched to the input's own structure (TypeError where it differs)."""
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
        flat += _match_input(grad, arg, f"argument {position}", name)
    return flat


def _flattened(grads, args, name, error):
    """TensorFlow's reading: the leaves of ``grads`` in order, one per input leaf; else ``error``.

    The input leaves are taken in TensorFlow's order (``nest.flatten``: dict
    keys sorted). A gradient that holds a dict is matched by key only, never
    flattened: its keys must be the input's.
    """
    leaves, rebuild = flatten(list(args))
    grad_leaves = flatten(grads)[0]
    if _holds_dict(grads) or len(grad_leaves) != len(leaves):
        raise error
    paths = [path for i, arg in enumerate(args) for path in _leaf_paths(arg, f"argument {i}")]
    matched = [None] * len(leaves)
    for grad, k in zip(grad_leaves, _sorted_leaves(rebuild(list(range(len(leaves)))))):
        matched[k] = _match_input(grad, leaves[k], paths[k], name)[0]
    return matched


def _holds_dict(structure):
    if isinstance(structure, dict):
        return True
    return isinstance(structure, (list, tuple)) and any(_holds_dict(item) for item in structure)


def _leaf_paths(arg, where):
    """The names of ``arg``'s leaves (``argument 0['b'][1]``), in `flatten`'s order."""
    if isinstance(arg, dict):
        return [path for k in arg for path in _leaf_paths(arg[k], f"{where}[{k!r}]")]
    if isinstance(arg, (list, tuple)):
        return [path for i, item in enumerate(arg) for path in _leaf_paths(item, f"{where}[{i}]")]
    fields = dataclass_fields(arg)
    if fields is not None:
        return [path for field in fields for path in _leaf_paths(getattr(arg, field), f"{where}.{field}")]
    return [where]


def _sorted_leaves(structure):
    """The leaves of ``structure`` in TensorFlow's ``nest.flatten`` order: dict keys sorted."""
    if isinstance(structure, dict):
        try:
            keys = sorted(structure)
        except TypeError:  # keys that do not sort: their own order
            keys = list(structure)
        return [leaf for k in keys for leaf in _sorted_leaves(structure[k])]
    if isinstance(structure, (list, tuple)):
        return [leaf for item in structure for leaf in _sorted_leaves(item)]
    return [structure]


def _match_input(grad, arg, where, name):
    """The leaves of ``grad`` in the order of ``arg``'s leaves.

    Dicts are matched by key, never by order: a gradient built with its keys
    in another order must still reach the right inputs.
    """
    if grad is None:
        return [None] * len(flatten(arg)[0])
    if isinstance(arg, dict):
        if not isinstance(grad, dict):
            raise _structure_error(grad, arg, where, name)
        missing = [k for k in arg if k not in grad]
        extra = [k for k in grad if k not in arg]
        if missing or extra:
            raise TypeError(
                f"custom_gradient: grad_fn of {name} returned a dict for {where} whose keys do "
                f"not match the input's: missing {missing}, unexpected {extra}"
            )
        return [leaf for k in arg for leaf in _match_input(grad[k], arg[k], f"{where}[{k!r}]", name)]
    if isinstance(arg, (list, tuple)):
        if not isinstance(grad, (list, tuple)) or len(grad) != len(arg):
            raise _structure_error(grad, arg, where, name)
        return [
            leaf
            for i, (g, a) in enumerate(zip(grad, arg))
            for leaf in _match_input(g, a, f"{where}[{i}]", name)
        ]
    fields = dataclass_fields(arg)
    if fields is not None:  # a dataclass (a JAX pytree): its gradient one of the same class, field by field
        if type(grad) is not type(arg):
            raise _structure_error(grad, arg, where, name)
        return [leaf for field in fields
                for leaf in _match_input(getattr(grad, field), getattr(arg, field), f"{where}.{field}", name)]
    if isinstance(grad, (dict, list, tuple)) or dataclass_fields(grad) is not None:
        raise _structure_error(grad, arg, where, name)
    if shape_of(grad) != shape_of(arg):
        raise ValueError(
            f"custom_gradient: grad_fn of {name} returned a gradient of shape "
            f"{shape_of(grad)} for {where}, which has shape {shape_of(arg)}"
        )
    return [grad]


def _structure_error(grad, arg, where, name):
    def describe(value):
        if isinstance(value, (dict, list, tuple)):
            return f"a {type(value).__name__} of {len(value)}"
        if dataclass_fields(value) is not None:
            return f"a {type(value).__name__}"
        return "a single value"

    return TypeError(
        f"custom_gradient: grad_fn of {name} returned {describe(grad)} for {where}, "
        f"which is {describe(arg)}: the gradient must have the input's structure"
    )


# -- the TensorFlow Probability form: custom_gradient(fx, gx, x) ---------------------


# The TensorFlow Probability forms a run made: their stop_gradients (and the user's, which TFP documents for
# fx and gx) build the rule, so the exact reference differentiates through them (`arb.hold`). The caller replaces it.
embedded_forms = []


def stop_of_a_form(x):
    """``stop_gradient(x)`` where the program subtracts it from ``x`` itself: ``x - stop_gradient(x)`` is the zero
    whose derivative carries a gradient written as a value (TensorFlow Probability's form, spelled out in a
    framework's code), so the run is such a form (`embedded_forms`) and its stops build the rule."""
    embedded_forms.append(True)
    return stop_gradient(x)


def _embedded_gradient(fx, gx, x, manually_stopped):
    xs = list(x) if isinstance(x, (list, tuple)) else [x]
    gxs = list(gx) if isinstance(gx, (list, tuple)) else [gx]
    if len(gxs) != len(xs):
        raise ValueError(
            f"custom_gradient(fx, gx, x): got {len(gxs)} gradient(s) gx for {len(xs)} x"
        )
    for gi, xi in zip(gxs, xs):
        # TFP asserts this: a gradient has the shape of its x. A scalar gx
        # (a tensor-domain, scalar-range h) is the one exception its own tests use.
        if shape_of(gi) not in (shape_of(xi), ()):
            raise ValueError(
                f"custom_gradient(fx, gx, x): gx has shape {shape_of(gi)} but its x has shape "
                f"{shape_of(xi)}; each gx must have the shape of its x (or be a scalar)"
            )
    embedded_forms.append(True)
    if not manually_stopped:
        fx = stop_gradient(fx)
        gxs = [stop_gradient(g) for g in gxs]
    return _embedded(fx, *gxs, *xs)


def _embedded_value(fx, *gxs_then_xs):
    return fx


def _embedded_vjp(g, ans, fx_value, *gxs_then_xs):
    n = len(gxs_then_xs) // 2
    gx_values, x_values = gxs_then_xs[:n], gxs_then_xs[n:]
    to_fx = g
    # (x - stop(x)) is zero in value, but not in its own derivatives.
    to_gx = [unbroadcast(g * (xi - stop_gradient(xi)), gi) for gi, xi in zip(gx_values, x_values)]
    to_x = [_spread(g, gi, xi) for gi, xi in zip(gx_values, x_values)]
    return (to_fx, *to_gx, *to_x)


_embedded = primitive(_embedded_value, "custom_gradient")
defvjp_all(_embedded, _embedded_vjp)
EMBEDDED_GRADIENT = _embedded.prim  # the op of ``custom_gradient(fx, gx, x)``: its rule is the gx handed at its call


def _spread(g, gx, x):
    """The cotangent of x: g * gx, broadcast over x (scalar range) and summed back to x."""
    product = g * gx
    if shape_of(product) != shape_of(x):
        try:
            target = np.broadcast_shapes(shape_of(product), shape_of(x))
        except ValueError:
            raise ValueError(
                f"custom_gradient(fx, gx, x): the gradient reaching fx has shape {shape_of(g)}, "
                f"which does not fit x of shape {shape_of(x)}"
            ) from None
        product = broadcast_to(product, target)
    return unbroadcast(product, x)


# -- overriding the gradient of a named primitive -----------------------------------


def _all_primitives():
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


# The rule of a named op is derived, never overwritten in place: the innermost
# open scope that names the op, else the rule registered for it, else its
# built-in one. Keeping the three apart lets scopes and registrations
# interleave in any order and each undo exactly what it did.
_builtin: dict = {}  # op name -> (vjp, jvp) saved while another rule is in force
_registered: dict = {}  # op name -> rule, from register_gradient
_scopes: list = []  # one {op name: rule} per open gradient_override, innermost last


def _install(prim):
    """Give ``prim`` its rule in force now (ops recorded from now on keep it)."""
    scoped = [scope[prim.name] for scope in _scopes if prim.name in scope]
    rule = scoped[-1] if scoped else _registered.get(prim.name)
    if rule is None:
        if prim.name in _builtin:
            prim.vjp, prim.jvp = _builtin.pop(prim.name)
        return
    _builtin.setdefault(prim.name, (prim.vjp, prim.jvp))
    # Forward mode then transposes the new rule (core does it when jvp is None).
    prim.vjp, prim.jvp = _rule_as_vjp(prim, rule), None


def rules_in_force() -> bool:
    """Whether any primitive's gradient is replaced at this moment (`register_gradient`, `gradient_override` in force)."""
    return bool(_registered) or any(_scopes)


def register_gradient(op_name):
    """Replace the gradient of the primitive named ``op_name`` everywhere (``tf.RegisterGradient``).

    Used as a decorator on ``rule(g, ans, *inputs)``, which returns one
    gradient per input. Ops recorded from then on use it (an open
    `gradient_override` scope naming the op still wins inside it); forward
    mode uses it too (by transposition). `restore_gradient` undoes it.
    """
    prim = _find_primitive(op_name)

    def register(rule):
        _registered[prim.name] = rule
        _install(prim)
        return rule

    return register


def restore_gradient(op_name):
    """Undo `register_gradient` for ``op_name``: the built-in gradient is in force again."""
    prim = _find_primitive(op_name)
    _registered.pop(prim.name, None)
    _install(prim)


@contextlib.contextmanager
def gradient_override(rules):
    """Replace the gradients of named primitives inside a ``with`` block (``gradient_override_map``).

    ``rules`` maps op names to ``rule(g, ans, *inputs)``. The ops recorded
    inside the block use the rules, whenever their backward pass runs (as in
    TensorFlow). On exit, also on an exception, the rules in force before
    come back (a `register_gradient` made inside the block stands). Scopes
    nest: the innermost one naming an op wins.
    """
    rules = dict(rules)
    prims = [_find_primitive(name) for name in rules]  # every name checked before any change
    scope = {prim.name: rule for prim, rule in zip(prims, rules.values())}
    _scopes.append(scope)
    try:
        for prim in prims:
            _install(prim)
        yield
    finally:
        # By identity: another open scope may hold equal rules.
        _scopes[:] = [s for s in _scopes if s is not scope]
        for prim in prims:
            _install(prim)
