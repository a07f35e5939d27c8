"""TensorFlow's eager-mode gradient functions: value_and_gradients_function, symbolic_gradient."""

from __future__ import annotations

import inspect

import numpy as np

from .ops_linalg import vdot
from .transforms import output_value, pull_back, trace_inputs
from .values import ones_like_value, shape_of

__all__ = ["value_and_gradients_function", "gradients_function", "symbolic_gradient"]


def _resolve_params(f, params):
    """Parameter indices from names or indices (never a mix of both)."""
    if params is None:
        return None
    if isinstance(params, str) or not isinstance(params, (list, tuple, range)):
        raise TypeError(
            f"params is a list of parameter names or indices, e.g. params=['x'] or params=[0]; "
            f"got {params!r}"
        )
    params = list(params)
    for p in params:
        # bool is an int to Python, and 1.5 would be cut to 1: both are mistakes.
        if not isinstance(p, (str, int, np.integer)) or isinstance(p, (bool, np.bool_)):
            raise TypeError(f"params holds names (str) or indices (int); {p!r} is neither")
    names = [p for p in params if isinstance(p, str)]
    if names and len(names) != len(params):
        raise ValueError(
            f"params must be all names or all indices, not a mix: {params!r}"
        )
    if not names:
        return [int(p) for p in params]
    try:
        signature = [p.name for p in inspect.signature(f).parameters.values()]
    except (TypeError, ValueError):
        raise ValueError("params given by name, but the function's parameters cannot be read") from None
    unknown = [n for n in names if n not in signature]
    if unknown:
        raise ValueError(f"{unknown[0]!r} is not a parameter of {getattr(f, '__name__', 'f')}: {signature}")
    return [signature.index(n) for n in names]


def _weighted_sum(out, dy):
    """The scalar that is differentiated: a list output is summed; dy weights the outputs."""
    outs = list(out) if isinstance(out, (list, tuple)) else [out]
    if dy is None:
        total = None
        for o in outs:
            term = o if shape_of(o) == () else vdot(o, ones_like_value(o))
            total = term if total is None else total + term
        return total
    dys = list(dy) if isinstance(dy, (list, tuple)) and isinstance(out, (list, tuple)) else [dy]
    if len(dys) != len(outs):
        raise ValueError(f"dy has {len(dys)} entries for {len(outs)} outputs")
    total = None
    for o, d in zip(outs, dys):
        if shape_of(d) != shape_of(o):
            raise ValueError(f"dy of shape {shape_of(d)} was given for an output of shape {shape_of(o)}")
        term = o * d if shape_of(o) == () == shape_of(d) else vdot(o, d)
        total = term if total is None else total + term
    return total


def value_and_gradients_function(f, params=None):
    """Make a function returning ``(f(*args), [gradient per selected parameter])``.

    TensorFlow eager's ``value_and_gradients_function``:

    >>> def f(x, y):
    ...     return x ** 3 * y - x * y ** 2
    >>> value_and_gradients_function(f)(2.0, 3.0)
    (6.0, [27.0, -4.0])
    >>> value_and_gradients_function(f, params=["y"])(2.0, 3.0)[1]
    [-4.0]

    ``params`` selects parameters by name or by index (a mix raises
    ValueError). A list or tuple output is summed. The keyword ``dy=`` weights
    the outputs, giving a vector-Jacobian product.
    """
    indices = _resolve_params(f, params)

    def value_and_gradients(*args, dy=None, **kwargs):
        nums = tuple(range(len(args))) if indices is None else tuple(indices)
        for i in nums:
            if not -len(args) <= i < len(args):
                raise ValueError(f"params asks for parameter {i}, but {len(args)} were given")
        out, trace, roots = trace_inputs(f, args, kwargs, nums, "value_and_gradients_function")
        total = _weighted_sum(out, dy)
        grads = pull_back(total, trace, roots, args, nums, ones_like_value(output_value(total, trace)))
        value = [output_value(o, trace) for o in out] if isinstance(out, (list, tuple)) else output_value(out, trace)
        return value, list(grads)

    value_and_gradients.__name__ = f"value_and_gradients({getattr(f, '__name__', 'f')})"
    return value_and_gradients


def gradients_function(f, params=None):
    """Like `value_and_gradients_function`, returning the gradients only."""
    both = value_and_gradients_function(f, params)

    def gradients(*args, dy=None, **kwargs):
        return both(*args, dy=dy, **kwargs)[1]

    gradients.__name__ = f"gradients({getattr(f, '__name__', 'f')})"
    return gradients


def symbolic_gradient(f, num_inputs=None):
    """For ``f`` with N inputs and M outputs, ``g(x1..xN, dy1..dyM) -> (dL/dx1..dL/dxN)``.

    TensorFlow's ``SymbolicGradient``: the cotangents ``dy`` of the outputs are
    pulled back to the inputs, ``L = sum_j <dy_j, y_j>``.

    >>> symbolic_gradient(lambda x, y: (x * y, x + y))(2.0, 3.0, 1.0, 10.0)
    (13.0, 12.0)

    N is the number of ``f``'s positional parameters without a default (so
    ``gnp.sin``, with its ``out=None``, has one); pass ``num_inputs=`` where
    that is not what you mean, and for an ``f`` taking ``*args``. M is the
    number of outputs of ``f``, known when it runs.
    """
    name = getattr(f, "__name__", "f")
    n_inputs = _required_positional(f, name) if num_inputs is None else num_inputs

    def gradient(*args):
        if len(args) <= n_inputs:
            raise TypeError(
                f"symbolic_gradient of {name} takes its {n_inputs} "
                f"inputs followed by one cotangent per output; got {len(args)} arguments"
            )
        xs, dys = args[:n_inputs], args[n_inputs:]
        nums = tuple(range(n_inputs))
        out, trace, roots = trace_inputs(f, xs, {}, nums, "symbolic_gradient")
        outs = list(out) if isinstance(out, (list, tuple)) else [out]
        if len(dys) != len(outs):
            raise TypeError(
                f"{name} has {len(outs)} output(s) but "
                f"{len(dys)} cotangent(s) were given"
            )
        total = _weighted_sum(outs if len(outs) > 1 else outs[0], list(dys) if len(outs) > 1 else dys[0])
        return tuple(pull_back(total, trace, roots, xs, nums, ones_like_value(output_value(total, trace))))

    gradient.__name__ = f"symbolic_gradient({name})"
    return gradient


def _required_positional(f, name):
    """How many positional parameters without a default ``f`` has."""
    try:
        params = inspect.signature(f).parameters.values()
    except (TypeError, ValueError):
        raise TypeError(
            f"symbolic_gradient cannot read the parameters of {name}: pass num_inputs="
        ) from None
    if any(p.kind is p.VAR_POSITIONAL for p in params):
        raise TypeError(
            f"{name} takes *args, so symbolic_gradient cannot tell its inputs from the "
            "cotangents: pass num_inputs="
        )
    positional = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    return len([p for p in params if p.kind in positional and p.default is p.empty])
