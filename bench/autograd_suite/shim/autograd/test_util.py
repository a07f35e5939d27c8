"""autograd's gradient checker rebuilt on gradcli: a VJP and a JVP against central differences, to order 2.

A check draws a random direction ``v`` for the input and ``u`` for the output
and compares ``<u, J v>`` from gradcli's ``vjp`` (reverse) and ``jvp`` (forward)
with the same number from a central difference of step 1e-6, within 1e-6
absolute or relative. Order 2 checks the derivative functions again, as
functions of the input and the direction together.
"""

import itertools

import numpy as np

import gradcli
from gradcli.autodiff.tree import flatten

from .wrap_util import unary_to_nary

TOLERANCE = 1e-6
STEP = 1e-6


class vspace:  # noqa: N801  (autograd's name for it)
    """The vector space of a value: nested lists, tuples and dicts of numbers and arrays, real or complex."""

    def __init__(self, value):
        self.value = value

    def _signature(self, value):
        if isinstance(value, (list, tuple)):
            return (type(value).__name__, tuple(self._signature(v) for v in value))
        if isinstance(value, dict):
            return ("dict", tuple((k, self._signature(v)) for k, v in value.items()))
        a = np.asarray(value)
        return (np.shape(value), np.iscomplexobj(a))

    def __eq__(self, other):
        return self._signature(self.value) == other._signature(other.value)

    def __repr__(self):
        return f"vspace{self._signature(self.value)}"

    def map(self, fun, *others):
        return _map(fun, self.value, *others)

    def randn(self):
        return _map(_random_like, self.value)

    def zeros(self):
        return _map(lambda x: x * 0, self.value)

    def add(self, a, b):
        return _map(lambda x, y: x + y, a, b)

    def scalar_mul(self, a, c):
        return _map(lambda x: x * c, a)

    def inner_prod(self, a, b):
        return sum(np.real(np.vdot(np.asarray(x), np.asarray(y))) for x, y in zip(_leaves(a), _leaves(b)))

    def covector(self, a):
        return _map(np.conj, a)

    @property
    def size(self):
        return sum(np.size(x) for x in _leaves(self.value))


def _leaves(value):
    if isinstance(value, (list, tuple)):
        return [leaf for v in value for leaf in _leaves(v)]
    if isinstance(value, dict):
        return [leaf for v in value.values() for leaf in _leaves(v)]
    return [value]


def _map(fun, value, *others):
    if isinstance(value, (list, tuple)):
        return type(value)(_map(fun, *items) for items in zip(value, *others))
    if isinstance(value, dict):
        return {k: _map(fun, value[k], *(o[k] for o in others)) for k in value}
    return fun(value, *others)


def _random_like(x):
    a = np.asarray(x)
    r = np.random.randn(*a.shape)
    if np.iscomplexobj(a):
        r = r + 1j * np.random.randn(*a.shape)
    return r if a.shape else (complex(r) if np.iscomplexobj(a) else float(r))


def vjp(f, x):
    """gradcli's ``vjp`` of ``f`` at a structured ``x``: its leaves are the primals, the cotangent is rebuilt."""
    leaves, rebuild = flatten(x)
    y, pullback = gradcli.vjp(lambda *values: f(rebuild(list(values))), *leaves)
    return y, lambda u: rebuild(list(pullback(u)))


def jvp(f, x, v):
    """gradcli's ``jvp`` of ``f`` at a structured ``x`` along ``v`` (of the same structure): ``(f(x), J v)``."""
    leaves, rebuild = flatten(x)
    return gradcli.jvp(lambda *values: f(rebuild(list(values))), leaves, flatten(v)[0])


def scalar_close(a, b):
    """Whether two numbers agree within the tolerance, absolute or relative."""
    return abs(a - b) < TOLERANCE or abs(a - b) / abs(a + b) < TOLERANCE


def numerical_jvp(f, x, v):
    """J v by a central difference of ``f`` at ``x`` along ``v``."""
    space = vspace(x)
    ahead = f(space.add(x, space.scalar_mul(v, STEP / 2)))
    behind = f(space.add(x, space.scalar_mul(v, -STEP / 2)))
    return _map(lambda a, b: (np.asarray(a) - np.asarray(b)) / STEP, ahead, behind)


def check_vjp(f, x):
    """gradcli's reverse mode against a central difference, along one random pair of directions."""
    y, pullback = vjp(f, x)
    x_space, y_space = vspace(x), vspace(y)
    v, u = x_space.randn(), y_space.randn()
    back = x_space.covector(pullback(y_space.covector(u)))
    assert vspace(back) == x_space, f"VJP of {f.__name__}: {vspace(back)} for an input in {x_space}"
    exact = x_space.inner_prod(v, back)
    numeric = y_space.inner_prod(u, numerical_jvp(f, x, v))
    assert scalar_close(numeric, exact), (
        f"Derivative (VJP) check of {f.__name__} failed with arg {x}:\nanalytic: {exact}\nnumerical: {numeric}"
    )


def check_equivalent(a, b):
    """Whether two values are in the same space and agree along a random direction."""
    a_space, b_space = vspace(a), vspace(b)
    assert a_space == b_space, f"space mismatch:\n{a_space}\n{b_space}"
    v = a_space.randn()
    assert scalar_close(a_space.inner_prod(a, v), a_space.inner_prod(b, v)), f"value mismatch:\n{a}\n{b}"


def check_jvp(f, x):
    """gradcli's forward mode against a central difference along one random direction."""
    v = vspace(x).randn()
    check_equivalent(jvp(f, x, v)[1], numerical_jvp(f, x, v))


@unary_to_nary
def check_grads(f, x, modes=("fwd", "rev"), order=2):
    """Check ``f``'s derivatives at ``x`` in forward and/or reverse mode, up to ``order``."""
    assert all(m in ("fwd", "rev") for m in modes)
    if "fwd" in modes:
        check_jvp(f, x)
        if order > 1:

            def tangent_of(x, v):
                return jvp(f, x, v)[1]

            tangent_of.__name__ = f"jvp_{f.__name__}"
            check_grads(tangent_of, (0, 1), modes, order=order - 1)(x, vspace(x).randn())
    if "rev" in modes:
        check_vjp(f, x)
        if order > 1:

            def cotangent_of(x, u):
                return vjp(f, x)[1](u)

            cotangent_of.__name__ = f"vjp_{f.__name__}"
            check_grads(cotangent_of, (0, 1), modes, order=order - 1)(x, vspace(f(x)).randn())


def combo_check(fun, *check_args, **check_kwargs):
    """A checker of ``fun`` at every combination of the argument and keyword values it is given."""

    def check_every(*arg_lists, **kwarg_lists):
        named = [[(k, v) for v in values] for k, values in kwarg_lists.items()]
        for args in itertools.product(*arg_lists):
            for kwargs in itertools.product(*named):
                check_grads(fun, *check_args, **check_kwargs)(*args, **dict(kwargs))

    return check_every
