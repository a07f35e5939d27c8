"""The floor under W2b: the smallest reverse-mode tape that runs its objective, for reference only.

It works op by op as gradcli does -- it records every op on a tape and runs
every op's VJP backwards -- and does nothing else: no dtype rules, hooks,
nesting, checks, memory release, or ops beyond the few that W2b's objective
calls. Its time against the hand-written value+grad is what recording op by
op costs on this machine; gradcli's time against it is what gradcli's own
work costs. Used by `w2_arrays.py` only; not a library.
"""

from __future__ import annotations

import numpy as np

_tape = []  # the running value_and_grad's nodes, in the order made: (vjp, its arguments, parent positions)


class Traced:
    """A value being differentiated, and the position of the node that made it on the tape."""

    __slots__ = ("value", "node")
    __array_ufunc__ = None  # NumPy then hands `A @ x` to __rmatmul__

    def __init__(self, value, node):
        self.value = value
        self.node = node

    def __rmatmul__(self, matrix):
        return _record(np.matmul(matrix, self.value), _matvec_vjp, (matrix,), self)

    def __pow__(self, exponent):
        if exponent != 2:
            raise NotImplementedError("the floor tape squares only")
        return _record(np.square(self.value), _square_vjp, (self.value,), self)

    def __rmul__(self, constant):
        return _record(constant * self.value, _scale_vjp, (constant,), self)

    def __add__(self, other):
        return _record(self.value + other.value, _add_vjp, (), self, other)


def _record(value, vjp, args, *parents):
    _tape.append((vjp, args, tuple(p.node for p in parents)))
    return Traced(value, len(_tape) - 1)


def _matvec_vjp(g, matrix):
    return (g @ matrix,)


def _square_vjp(g, x):
    return (2.0 * g * x,)


def _scale_vjp(g, constant):
    return (constant * g,)


def _add_vjp(g):
    return (g, g)


def _exp_vjp(g, ans):
    return (g * ans,)


def _log1p_vjp(g, x):
    return (g / (x + 1.0),)


def _sum_vjp(g, shape):
    return (np.broadcast_to(g, shape),)


def exp(x):
    ans = np.exp(x.value)
    return _record(ans, _exp_vjp, (ans,), x)


def log1p(x):
    return _record(np.log1p(x.value), _log1p_vjp, (x.value,), x)


def sum(x):  # noqa: A001 - the NumPy name
    return _record(np.add.reduce(x.value), _sum_vjp, (x.value.shape,), x)


def value_and_grad(f):
    """``(f(x), df/dx)`` for one array input, through the tape."""

    def value_and_grad_f(x):
        del _tape[:]
        _tape.append((None, (), ()))  # position 0: the input
        out = f(Traced(x, 0))
        grads = [None] * len(_tape)
        grads[out.node] = 1.0
        for position in range(len(_tape) - 1, 0, -1):
            g = grads[position]
            if g is None:
                continue
            vjp, args, parents = _tape[position]
            for parent, cotangent in zip(parents, vjp(g, *args)):
                grads[parent] = cotangent if grads[parent] is None else grads[parent] + cotangent
        return out.value, grads[0]

    return value_and_grad_f
