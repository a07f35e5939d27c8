"""``scipy.integrate.odeint``, differentiable in the initial state, the times and the extra arguments.

The solution is a primitive (scipy's LSODA integrates it). Its gradient is the
adjoint method: one more ``odeint``, backwards over each interval, of the state,
its adjoint and the adjoint of the arguments, whose dynamics are gradcli's own
`vjp` of the user's function. That backward solve is the same differentiable
primitive, so gradients of gradients and forward mode work too. There is no
exact reference: nothing here integrates at high precision, and a float
solution is never passed off as one.
"""

from __future__ import annotations

import sys

import numpy as np

from ..errors import InputError
from ..files import shown_path
from .core import defvjp_all
from .ops_array import concatenate, getitem, ravel, reshape, sum_
from .ops_decompositions import _no_exact_reference
from .tracer import TracedValueError, primitive
from .transforms import vjp
from .values import Box, float_dtype, raw, shape_of


def _odeint_raw(func, y0, t, *args, **options):
    import scipy.integrate  # lazy: scipy.integrate, only when odeint is called

    shape = np.shape(y0)

    def rate(y, time):
        return np.ravel(func(np.reshape(y, shape), time, *args))

    out = scipy.integrate.odeint(rate, np.ravel(y0), t, **options)
    # LSODA works in float64; the answer is in the state's dtype, as every op's is.
    return np.reshape(out, (len(t),) + shape).astype(float_dtype(raw(y0)), copy=False)


_odeint = primitive(_odeint_raw, "scipy.integrate.odeint", kind="other", mp=_no_exact_reference("scipy.integrate.odeint"))


def _sizes(values):
    return [int(np.prod(shape_of(v))) for v in values]


def _split(flat, sizes, shapes):
    """The pieces of a flat vector, each reshaped."""
    pieces, start = [], 0
    for size, shape in zip(sizes, shapes):
        pieces.append(reshape(getitem(flat, slice(start, start + size)), shape))
        start += size
    return pieces


def _adjoint_dynamics(func, shape, arg_shapes):
    """The backward dynamics of (y, a, a_args): y' = f, a' = -a df/dy, a_args' = -a df/dargs."""
    n = int(np.prod(shape))
    sizes = [n, n] + [int(np.prod(s)) for s in arg_shapes]

    def rate(state, time, *args):
        y, a = _split(state, sizes[:2], [shape, shape])
        rate_y, pullback = vjp(lambda y_, *args_: func(y_, time, *args_), y, *args)
        pulled = pullback(-a)
        return concatenate([ravel(rate_y)] + [ravel(p) for p in pulled])

    return rate


def _odeint_vjp(g, ans, func, y0, t, *args, **options):
    shape, arg_shapes = shape_of(y0), [shape_of(a) for a in args]
    n, arg_sizes = int(np.prod(shape)), _sizes(args)
    dynamics = _adjoint_dynamics(func, shape, arg_shapes)
    steps = shape_of(t)[0]
    adjoint = getitem(g, steps - 1)
    adjoint_args = [np.zeros(shape_of(a), dtype=float_dtype(raw(a))) for a in args]
    time_grads = []
    for i in range(steps - 1, 0, -1):
        y_i = getitem(ans, i)
        # y_i moves with t_i at the rate f(y_i, t_i).
        time_grads.append(sum_(getitem(g, i) * func(y_i, getitem(t, i), *args)))
        state = concatenate([ravel(y_i), ravel(adjoint)] + [ravel(a) for a in adjoint_args])
        back = getitem(_odeint(dynamics, state, getitem(t, np.array([i, i - 1])), *args, **options), 1)
        _, adjoint, *adjoint_args = _split(back, [n, n] + arg_sizes, [shape, shape] + arg_shapes)
        adjoint = adjoint + getitem(g, i - 1)
    # The first time moves every later state back: along -f(y0, t0), seen by all but y0's own cotangent.
    first = -sum_((adjoint - getitem(g, 0)) * func(y0, getitem(t, 0), *args))
    t_grad = concatenate([reshape(v, (1,)) for v in [first] + time_grads[::-1]])
    return (None, adjoint, t_grad, *adjoint_args)


defvjp_all(_odeint, _odeint_vjp)


def odeint(func, y0, t, args=(), **options):
    """``scipy.integrate.odeint``: the solution of y' = func(y, t, *args) from ``y0`` at the times ``t``.

    ``func`` is written with ``gradcli.numpy``; the answer is differentiable in
    ``y0``, ``t`` and each of ``args`` (arrays). ``options`` go to SciPy (``rtol``,
    ``atol``, ...); the gradient solves its backward equation with the same ones.
    """
    if not isinstance(args, tuple):
        args = (args,)
    if not shape_of(y0):  # SciPy's state is a vector: a scalar start answers shape (len(t), 1)
        y0 = reshape(y0, (1,))
    if _reads_from_outside(func, y0, t, args):
        raise _outside_read(func, sys._getframe(1))
    return _odeint(func, y0, t, *args, **options)


def _reads_from_outside(func, y0, t, args):
    """Whether ``func``'s rate at the start, given plain numbers, still moves with a value being differentiated: one it
    reads from an enclosing function, which the adjoint's arguments never carry."""
    try:
        rate = func(raw(y0), raw(t)[0], *[raw(a) for a in args])
    except TracedValueError:  # a traced value met a plain NumPy call inside func: it came from outside too
        return True
    return _holds_a_box(rate)


def _holds_a_box(value):
    """Whether ``value`` (a Box, an array of them, or lists and tuples of either) holds a traced value."""
    if isinstance(value, (list, tuple)):
        return any(_holds_a_box(v) for v in value)
    if isinstance(value, np.ndarray) and value.dtype == object:
        return any(_holds_a_box(v) for v in value.flat)
    return isinstance(value, Box)


def _outside_read(func, caller):
    """The input error at the user's odeint call whose ``func`` reads a differentiated value from outside."""
    code = getattr(func, "__code__", None)
    cells = zip(code.co_freevars, func.__closure__ or ()) if code is not None else ()
    names = [name for name, cell in cells if isinstance(cell.cell_contents, Box)]
    what = f"reads {', '.join(names)} from its enclosing function" if names else "reads a value from outside its arguments"
    where = f" (line {code.co_firstlineno})" if code is not None else ""
    held = ", ".join(names) or "that value"
    return InputError(
        f"{shown_path(caller.f_code.co_filename)}, line {caller.f_lineno}: the function scipy.integrate.odeint integrates"
        f"{where} {what}, a value gradcli is differentiating; gradcli differentiates odeint in y0, t and args alone, "
        f"so pass {held} through args (odeint(func, y0, t, args=({held},)), func(y, t, {held}))", file=caller.f_code.co_filename, line=caller.f_lineno)
