"""What users call: grad, value_and_grad, vjp, jvp, jacobian, hessian, and autograd's compositions of them.

Each is a few lines over two helpers: `trace_inputs` (box the inputs on a new
reverse trace and run the function) and `pull_back` (one backward pass).
"""

from __future__ import annotations

import math

import numpy as np

from .core import JVPBox, VJPNode, backward_pass, new_forward_trace, new_reverse_trace
from .ops import astype, real
from .ops_array import reshape, stack, sum_
from .ops_linalg import tensordot
from .tracer import Box, is_mp_value, seen_by, unplain
from .tree import flatten
from .values import dtype_of, float_dtype, is_float_dtype, ones_like_value, raw, shape_of, zeros_like

__all__ = ["grad", "value_and_grad", "vjp", "jvp", "jacobian", "hessian", "trace_inputs", "pull_back"]
__all__ += ["elementwise_grad", "hessian_vector_product", "hessian_tensor_product", "make_hvp", "make_ggnvp"]
__all__ += ["grad_and_aux", "holomorphic_grad", "tensor_jacobian_product", "vector_jacobian_product"]
__all__ += ["deriv", "make_jvp", "make_vjp"]


def _check_input(value, position, transform):
    if type(value) is float or (type(value) is np.ndarray and is_float_dtype(value.dtype)):
        return  # the usual inputs, without the general checks below
    dtype = dtype_of(value)
    if dtype.kind in "iub":
        shown = raw(value)
        raise TypeError(
            f"{transform} cannot differentiate with respect to argument {position}: it holds "
            f"integers ({dtype.name}{'' if np.ndim(shown) else f' {shown!r}'}). Gradients need "
            "floating-point inputs: pass 3.0 rather than 3, or x.astype(float)."
        )
    if dtype == object and not is_mp_value(raw(value)):
        raise TypeError(
            f"{transform} cannot differentiate with respect to argument {position}: "
            f"{type(raw(value)).__name__} is not a number or a numeric array."
        )


def _argnums_tuple(argnums):
    return (argnums,) if isinstance(argnums, int) else tuple(argnums)


def trace_inputs(f, args, kwargs, argnums, transform="grad"):
    """Run ``f`` with the inputs at ``argnums`` boxed on a new reverse trace.

    An input may be a nested list, tuple or dict of arrays: each leaf is boxed.
    Returns the output, the trace, and per input its root nodes and the
    function that rebuilds its structure.
    """
    if len(argnums) > 1 and len(set(argnums)) != len(argnums):
        raise ValueError(f"{transform}: argnums {tuple(argnums)} names an argument twice")
    trace = new_reverse_trace()
    boxed = list(args)
    inputs = []
    for i in argnums:
        if i >= len(args) or i < -len(args):
            raise TypeError(
                f"{transform}: argnums asks for argument {i} but the function got {len(args)}"
            )
        leaves, rebuild = flatten(args[i])
        roots = []
        for leaf in leaves:
            _check_input(leaf, i, transform)
            roots.append(VJPNode.root(leaf, trace))
        inputs.append((roots, rebuild))
        boxed[i] = rebuild(roots)
    out = f(*boxed, **kwargs)
    return out, trace, inputs


def output_value(out, trace):
    """The value of an output, with this trace's box (if any) removed."""
    out = seen_by(out, trace)
    return unplain(out._value if isinstance(out, Box) and out._trace is trace else out)


def _output_values(out, trace):
    """`output_value` of every leaf of an output that may be a (nested) tuple, list or dict."""
    if not isinstance(out, (list, tuple, dict)):
        return output_value(out, trace)
    leaves, rebuild = flatten(out)
    return rebuild([output_value(leaf, trace) for leaf in leaves])


def _check_outputs(leaves, f, transform):
    """Refuse an output leaf that is no number or array (an object holding traced values would pull back as zero)."""
    for leaf in leaves:
        if leaf is None or isinstance(leaf, (Box, np.ndarray, np.generic, int, float, complex)) or is_mp_value(leaf):
            continue
        raise TypeError(
            f"{transform}: {getattr(f, '__name__', 'the function')} returned a {type(leaf).__name__}, which "
            "gradcli cannot see into; return numbers or arrays, or (nested) tuples, lists or dicts of them"
        )


def pull_back(out, trace, inputs, args, argnums, g, release=False):
    """One backward pass from ``out`` with cotangent ``g``: one gradient per input.

    ``release``: the trace is not pulled back again, so the pass may free the
    forward values as it goes (see `backward_pass`).
    """
    # Loops rather than comprehensions: in CPython 3.11 each comprehension is
    # a function made and called anew, and this runs once per gradient.
    all_roots = []
    for roots, _ in inputs:
        all_roots += roots
    if isinstance(out, (list, tuple, dict)):
        grads = _pull_back_structure(out, trace, g, all_roots)
    else:
        out = seen_by(out, trace)
        if isinstance(out, Box) and out._trace is trace:
            grads = backward_pass(g, out, all_roots, release)
        else:
            grads = [None] * len(all_roots)
    results = []
    start = 0
    for roots, rebuild in inputs:
        finished = []
        for root in roots:
            finished.append(_finish(grads[start], root._value))
            start += 1
        results.append(rebuild(finished))
    return results


def _pull_back_structure(out, trace, g, roots):
    """One backward pass from every traced leaf of a structured output, each with its leaf of ``g``."""
    ends, seeds = [], []
    for leaf, u in zip(flatten(out)[0], _cotangent_leaves(g, out, "")):
        leaf = seen_by(leaf, trace)
        if u is not None and isinstance(leaf, Box) and leaf._trace is trace:
            ends.append(leaf)
            seeds.append(u)
    if not ends:
        return [None] * len(roots)
    if len(ends) == 1:
        return backward_pass(seeds[0], ends[0], roots)
    return backward_pass(tuple(seeds), _joined(ends, trace), roots)


def _cotangent_leaves(g, out, where):
    """The leaves of the cotangent ``g``, checked to have the structure of the output ``out``.

    A list stands for a tuple and a tuple for a list; a dict needs the output's
    keys; ``None`` is a zero cotangent.
    """
    if isinstance(out, dict):
        if not isinstance(g, dict) or set(g) != set(out):
            raise ValueError(f"vjp: the cotangent{where} must be a dict with the output's keys {list(out)}")
        return [u for key in out for u in _cotangent_leaves(g[key], out[key], f"{where}[{key!r}]")]
    if isinstance(out, (list, tuple)):
        if not isinstance(g, (list, tuple)):
            raise ValueError(
                f"vjp: the output{where} is a {type(out).__name__} of {len(out)}, so its cotangent must be "
                f"one too (one per output), not a {type(g).__name__}"
            )
        if len(g) != len(out):
            raise ValueError(f"vjp: the cotangent{where} has {len(g)} entries for {len(out)} outputs")
        return [u for i, (o, gi) in enumerate(zip(out, g)) for u in _cotangent_leaves(gi, o, f"{where}[{i}]")]
    if isinstance(g, (list, tuple, dict)):
        raise ValueError(f"vjp: the cotangent{where} must be an array or number, as the output is there, not a {type(g).__name__}")
    return [g]


def _joined(ends, trace):
    """A node whose parents are the outputs ``ends``: its cotangent is a tuple, one per output, passed on as it is."""
    node = VJPNode.root(None, trace)
    node.vjp = _pass_each_on
    node.parents = tuple([end if type(end) is VJPNode else end._node for end in ends])
    node.argnums = tuple(range(len(ends)))
    return node


def _pass_each_on(g, ans, args, kwargs, argnums):
    return g


def _finish(g, x):
    """Zero for an unreached input; the input's own float dtype and shape for the rest, in an array the caller may write."""
    # The usual case (arrays alike) skips the general checks; ``is`` first, as NumPy's own
    # dtypes are single objects and == on them runs the general comparison.
    if not (type(g) is np.ndarray and type(x) is np.ndarray and (g.dtype is x.dtype or g.dtype == x.dtype) and g.shape == x.shape):
        if g is None:
            return zeros_like(x)
        g = _in_dtype_of(unplain(g), x)
        if shape_of(g) != shape_of(x):
            g = reshape(g, shape_of(x))
    if type(g) is np.ndarray and not g.flags.writeable:
        g = g.copy()  # a full reduction's cotangent is a read-only zero-stride view
    return g


def _in_dtype_of(d, x):
    """A derivative ``d`` (gradient or tangent) in the float dtype of ``x``, if promoted."""
    want = dtype_of(x)
    have = dtype_of(d)
    if have != want and is_float_dtype(want) and is_float_dtype(have):
        d = astype(d, want)
    return d


def value_and_grad(f, argnums=0):
    """Make a function returning ``(f(*args), gradient)`` for a scalar-valued ``f`` (or a one-element array).

    >>> value_and_grad(lambda x: x ** 2)(3.0)
    (9.0, 6.0)

    ``argnums`` is an int (one gradient) or a tuple (a tuple of gradients).
    Cost: one forward pass plus one backward pass, whatever the input size.
    """
    nums = _argnums_tuple(argnums)
    one = argnums if type(argnums) is int and argnums >= 0 else None

    def value_and_grad_f(*args, **kwargs):
        if one is not None and one < len(args):
            x = args[one]
            if type(x) is float or (type(x) is np.ndarray and x.dtype.kind == "f"):
                return _value_and_grad_of_leaf(f, args, kwargs, one, x)
        out, trace, inputs = trace_inputs(f, args, kwargs, nums, "grad")
        value = output_value(out, trace)
        _check_scalar(value, f)
        grads = pull_back(out, trace, inputs, args, nums, ones_like_value(value), release=True)
        return value, (grads[0] if isinstance(argnums, int) else tuple(grads))

    value_and_grad_f.__name__ = f"value_and_grad({getattr(f, '__name__', 'f')})"
    return value_and_grad_f


def _value_and_grad_of_leaf(f, args, kwargs, i, x):
    """`value_and_grad` for one plain float input, the usual call: `trace_inputs` and `pull_back` without their generality."""
    trace = new_reverse_trace()
    root = VJPNode.root(x, trace)
    if kwargs or len(args) != 1:
        boxed = list(args)
        boxed[i] = root
        out = f(*boxed, **kwargs)
    else:
        out = f(root)  # the usual call, without building its arguments
    if isinstance(out, Box) and out._trace is not trace:
        out = seen_by(out, trace)
    traced = isinstance(out, Box) and out._trace is trace
    value = out._value if traced else out
    if type(value) is np.float64:
        seed = _FLOAT64_ONE  # the usual output; NumPy scalars are immutable, so one serves every call
    else:
        _check_scalar(value, f)
        seed = ones_like_value(value)
    if not traced:
        return value, zeros_like(x)
    (g,) = backward_pass(seed, out, (root,), True)
    return value, _finish(g, x)


_FLOAT64_ONE = np.float64(1.0)


def _check_scalar(value, f):
    if isinstance(value, (bool, np.bool_)):
        # A truth value (np.allclose, a comparison) has no derivative: a zero gradient would pass for one.
        raise TypeError(
            f"grad needs a function with a numeric scalar output, but {getattr(f, '__name__', 'the function')} "
            "returned a bool, which has no derivative"
        )
    if value is None or isinstance(value, (str, bytes, dict, list, tuple)):
        name = getattr(f, "__name__", "the function")
        raise TypeError(
            f"grad needs a function with a numeric scalar output, but {name} returned "
            f"{type(value).__name__}"
        )
    if type(value) is np.float64 or type(value) is float:
        return  # the usual outputs, without the general checks below
    shape = shape_of(value)
    if shape != () and math.prod(shape) != 1:  # one element, as autograd: it stands for its number
        raise TypeError(
            f"grad needs a function with a scalar output, but "
            f"{getattr(f, '__name__', 'the function')} returned shape {shape}; use "
            "gradcli.jacobian for every partial derivative, or gradcli.vjp to pull back "
            "a chosen cotangent."
        )
    if dtype_of(value).kind == "c":
        raise TypeError("grad needs a real scalar output; this function returned a complex one")


def grad(f, argnums=0):
    """Make a function returning the gradient of a scalar-valued ``f``.

    >>> grad(lambda x: x ** 3)(2.0)
    12.0

    The gradient has the shape and float dtype of the input it is taken for
    (float32 in, float32 out). Gradients of gradients work: ``grad(grad(f))``.
    """
    value_and_grad_f = value_and_grad(f, argnums)

    def grad_f(*args, **kwargs):
        return value_and_grad_f(*args, **kwargs)[1]

    grad_f.__name__ = f"grad({getattr(f, '__name__', 'f')})"
    return grad_f


def vjp(f, *primals):
    """``(f(*primals), pullback)`` where ``pullback(g)`` gives one cotangent per primal.

    >>> out, pullback = vjp(lambda x: x * 2.0, 3.0)
    >>> pullback(1.0)
    (2.0,)

    ``f`` may return a (nested) tuple, list or dict of values; ``g`` then has
    that structure, one cotangent per output, and the pullback sums them.
    """
    nums = tuple(range(len(primals)))
    out, trace, roots = trace_inputs(f, primals, {}, nums, "vjp")
    _check_outputs(flatten(out)[0], f, "vjp")

    def pullback(g):
        return tuple(pull_back(out, trace, roots, primals, nums, g))

    return _output_values(out, trace), pullback


def jvp(f, primals, tangents):
    """``(f(*primals), J @ tangents)``: forward mode, one pass for one direction.

    >>> jvp(lambda x: x ** 2, (3.0,), (1.0,))
    (9.0, 6.0)

    Where ``f`` returns a (nested) tuple, list or dict, so does each half of the answer.
    """
    primals, tangents = tuple(primals), tuple(tangents)
    if len(primals) != len(tangents):
        raise TypeError(f"jvp got {len(primals)} primals but {len(tangents)} tangents")
    trace = new_forward_trace()
    boxed = []
    for i, (x, t) in enumerate(zip(primals, tangents)):
        _check_input(x, i, "jvp")
        if shape_of(t) != shape_of(x):
            raise ValueError(
                f"jvp: tangent {i} has shape {shape_of(t)} but its primal has shape {shape_of(x)}"
            )
        boxed.append(JVPBox(x, trace, t))
    outs, rebuild = flatten(f(*boxed))
    _check_outputs(outs, f, "jvp")
    values, tangents_out = [], []
    for out in outs:
        out = seen_by(out, trace)
        if isinstance(out, Box) and out._trace is trace:
            # As for gradients: the core transposes ops without a JVP rule by
            # summing from 0.0, which NumPy promotes bfloat16 against.
            values.append(out._value)
            tangents_out.append(_in_dtype_of(out.tangent, out._value))
        else:
            values.append(out)
            tangents_out.append(None if out is None else zeros_like(out))
    return rebuild(values), rebuild(tangents_out)


def jacobian(f, argnums=0, *, argnum=None):
    """Make a function returning the Jacobian of ``f``: shape ``out.shape + x.shape``.

    >>> jacobian(lambda x, y: x * y, (0, 1))(2.0, 3.0)
    (3.0, 2.0)

    ``argnums`` is an int (one Jacobian) or a tuple (a tuple of Jacobians, one
    per argument, as in JAX); when ``f`` returns a tuple, list or dict (nested
    or not), the answer has that structure, one of those per output.
    ``argnum`` is an older spelling of an int ``argnums``. Reverse mode: one
    backward pass per output element.
    """
    if argnum is not None:
        argnums = argnum
    nums = _argnums_tuple(argnums)

    def jacobian_f(*args, **kwargs):
        out, trace, inputs = trace_inputs(f, args, kwargs, nums, "jacobian")
        outs, rebuild = flatten(out)
        _check_outputs(outs, f, "jacobian")
        per_output = []
        for o in outs:
            blocks = _jacobian_blocks(o, trace, inputs, args, nums)
            per_output.append(blocks[0] if isinstance(argnums, int) else tuple(blocks))
        return rebuild(per_output)

    jacobian_f.__name__ = f"jacobian({getattr(f, '__name__', 'f')})"
    return jacobian_f


def _jacobian_blocks(out, trace, inputs, args, argnums):
    """The Jacobian of one output with respect to each input: one backward pass per element."""
    value = output_value(out, trace)
    out_shape = shape_of(value)
    if not out_shape:  # a scalar output: its gradient, exactly as grad gives it
        return pull_back(out, trace, inputs, args, argnums, ones_like_value(value))
    template = np.zeros(out_shape, dtype=float_dtype(raw(value)))  # raw: an outer transform's value
    rows = []  # per output element, its gradient for each input
    for index in np.ndindex(*out_shape):
        g = template.copy()
        g[index] = 1
        rows.append(pull_back(out, trace, inputs, args, argnums, g))
    return [
        reshape(stack([row[k] for row in rows]), out_shape + shape_of(args[i]))
        for k, i in enumerate(argnums)
    ]


def hessian(f, argnums=0, *, argnum=None):
    """Make a function returning the Hessian of a scalar ``f``: the Jacobian of its gradient.

    With a tuple ``argnums`` it is the nested tuple of blocks, ``h[i][j]`` the
    second derivatives in arguments ``argnums[i]`` and ``argnums[j]`` (as in JAX).
    """
    if argnum is not None:
        argnums = argnum
    return jacobian(grad(f, argnums), argnums)


# -- compositions, under HIPS autograd's names ---------------------------------------


def elementwise_grad(f, argnums=0):
    """Make a function returning the gradient of the sum of ``f``'s outputs: one backward pass.

    >>> elementwise_grad(lambda x: x ** 2)(np.array([1.0, 2.0]))
    array([2., 4.])

    For an ``f`` acting element by element it is the diagonal of the Jacobian.
    ``f`` may return any real array, or a (nested) tuple, list or dict of them
    (each is summed); ``argnums`` is as for `grad`.
    """
    nums = _argnums_tuple(argnums)

    def elementwise_grad_f(*args, **kwargs):
        out, trace, inputs = trace_inputs(f, args, kwargs, nums, "elementwise_grad")
        seeds = _ones_like_outputs(_output_values(out, trace), f)
        grads = pull_back(out, trace, inputs, args, nums, seeds, release=True)
        return grads[0] if isinstance(argnums, int) else tuple(grads)

    elementwise_grad_f.__name__ = f"elementwise_grad({getattr(f, '__name__', 'f')})"
    return elementwise_grad_f


def _ones_like_outputs(value, f):
    """A cotangent of ones for every leaf of an output, which must be real numbers."""
    leaves, rebuild = flatten(value)
    _check_outputs(leaves, f, "elementwise_grad")
    for leaf in leaves:
        if leaf is None:
            raise TypeError(f"elementwise_grad needs numeric outputs, but {getattr(f, '__name__', 'the function')} returned None")
        if dtype_of(leaf).kind == "c":
            raise TypeError("elementwise_grad needs real outputs; this function returned a complex one")
    return rebuild([ones_like_value(leaf) for leaf in leaves])


def _at_argument(f, args, kwargs, i):
    """``f`` as a function of its argument ``i`` alone, the others fixed at ``args`` and ``kwargs``."""

    def f_at(x):
        return f(*args[:i], x, *args[i + 1 :], **kwargs)

    return f_at


def hessian_vector_product(f, argnum=0):
    """Make ``hvp(*args, vector)``: the Hessian of the scalar ``f`` in argument ``argnum`` times ``vector``.

    >>> hessian_vector_product(lambda x: x ** 3)(2.0, 1.0)
    12.0

    ``vector`` has the shape of that argument and comes last; the Hessian is
    never formed (the gradient of ``<grad f, vector>``: two reverse passes).
    """
    grad_f = grad(f, argnum)

    def vector_dot_grad(*args, **kwargs):
        *args, vector = args
        g = grad_f(*args, **kwargs)
        if shape_of(vector) != shape_of(g):
            raise ValueError(
                f"hessian_vector_product: the vector has shape {shape_of(vector)}, but argument "
                f"{argnum} has shape {shape_of(g)}"
            )
        product = g * vector
        return product if shape_of(product) == () else sum_(product)

    hvp = grad(vector_dot_grad, argnum)
    hvp.__name__ = f"hessian_vector_product({getattr(f, '__name__', 'f')})"
    return hvp


hessian_tensor_product = hessian_vector_product


def make_hvp(f, argnum=0):
    """Make a function of ``*args`` returning ``(hvp, gradient)``, as autograd's ``make_hvp``.

    ``hvp(v)`` is the Hessian of the scalar ``f`` (in argument ``argnum``, at
    ``args``) times ``v``; the forward and gradient passes are made once and
    shared by every call of ``hvp``.
    """

    def make_hvp_f(*args, **kwargs):
        gradient, pullback = vjp(grad(_at_argument(f, args, kwargs, argnum)), args[argnum])

        def hvp(v):
            return pullback(v)[0]

        return hvp, gradient

    make_hvp_f.__name__ = f"make_hvp({getattr(f, '__name__', 'f')})"
    return make_hvp_f


def _half_sum_of_squares(y):
    return 0.5 * sum_(y * y, axis=-1)


def make_ggnvp(f, g=_half_sum_of_squares, f_argnum=0):
    """Make a function of ``*args`` returning ``ggnvp``, the generalized Gauss-Newton matrix of ``g(f(x))`` times a vector.

    ``ggnvp(v) = J^T H J v`` where ``J`` is the Jacobian of ``f`` (in argument
    ``f_argnum``, at ``args``) and ``H`` the Hessian of the scalar ``g`` at
    ``f(x)``; ``g`` is half the sum of squares unless given, so ``J^T J v``.
    ``J v`` is one forward-mode pass, ``H`` one Hessian-vector product and
    ``J^T`` one pullback, the last two made once for every ``v``.
    """

    def make_ggnvp_f(*args, **kwargs):
        f_at = _at_argument(f, args, kwargs, f_argnum)
        x = args[f_argnum]
        f_x, f_pullback = vjp(f_at, x)
        g_hvp, _ = make_hvp(g)(f_x)

        def ggnvp(v):
            return f_pullback(g_hvp(jvp(f_at, (x,), (v,))[1]))[0]

        return ggnvp

    make_ggnvp_f.__name__ = f"make_ggnvp({getattr(f, '__name__', 'f')})"
    return make_ggnvp_f


def grad_and_aux(f, argnum=0):
    """Make a function returning ``(gradient, aux)`` for an ``f`` returning ``(scalar, aux)``: ``aux`` rides along undifferentiated."""

    def grad_and_aux_f(*args, **kwargs):
        out, trace, inputs = trace_inputs(f, args, kwargs, (argnum,), "grad_and_aux")
        if not isinstance(out, (tuple, list)) or len(out) != 2:
            raise TypeError(
                f"grad_and_aux needs a function returning two values (a scalar and aux), but "
                f"{getattr(f, '__name__', 'the function')} returned {type(out).__name__}"
            )
        value = output_value(out[0], trace)
        _check_scalar(value, f)
        (gradient,) = pull_back(out[0], trace, inputs, args, (argnum,), ones_like_value(value))
        return gradient, _output_values(out[1], trace)

    grad_and_aux_f.__name__ = f"grad_and_aux({getattr(f, '__name__', 'f')})"
    return grad_and_aux_f


def holomorphic_grad(f, argnum=0):
    """Make a function returning the complex derivative f'(z) of a holomorphic ``f`` (the gradient of its real part)."""
    return grad(lambda *args, **kwargs: real(f(*args, **kwargs)), argnum)


def tensor_jacobian_product(f, argnum=0):
    """Make ``tjp(*args, tensor)``: ``tensor`` contracted with the Jacobian of ``f`` over all of ``tensor``'s axes.

    A ``tensor`` shaped like the output gives ``J^T tensor`` (a vector-Jacobian product) in one backward pass.
    """

    def tensor_dot_f(*args, **kwargs):
        *args, tensor = args
        return tensordot(tensor, f(*args, **kwargs), len(shape_of(tensor)))

    tjp = jacobian(tensor_dot_f, argnum)
    tjp.__name__ = f"tensor_jacobian_product({getattr(f, '__name__', 'f')})"
    return tjp


vector_jacobian_product = tensor_jacobian_product


def make_vjp(f, argnum=0):
    """Make a function of ``*args`` returning ``(pullback, f(*args))``, ``pullback(g)`` the cotangent of argument ``argnum``."""

    def make_vjp_f(*args, **kwargs):
        value, pullback = vjp(_at_argument(f, args, kwargs, argnum), args[argnum])
        return (lambda g: pullback(g)[0]), value

    make_vjp_f.__name__ = f"make_vjp({getattr(f, '__name__', 'f')})"
    return make_vjp_f


def make_jvp(f, argnum=0):
    """Make a function of ``*args`` returning ``push(v) = (f(*args), J v)``, ``J`` the Jacobian in argument ``argnum``."""

    def make_jvp_f(*args, **kwargs):
        f_at = _at_argument(f, args, kwargs, argnum)
        return lambda v: jvp(f_at, (args[argnum],), (v,))

    make_jvp_f.__name__ = f"make_jvp({getattr(f, '__name__', 'f')})"
    return make_jvp_f


def deriv(f, argnum=0):
    """Make a function returning ``J 1``, the derivative of ``f`` along all-ones (``f'(x)`` for a number ``x``): forward mode."""

    def deriv_f(*args, **kwargs):
        x = args[argnum]
        return jvp(_at_argument(f, args, kwargs, argnum), (x,), (ones_like_value(x),))[1]

    deriv_f.__name__ = f"deriv({getattr(f, '__name__', 'f')})"
    return deriv_f
