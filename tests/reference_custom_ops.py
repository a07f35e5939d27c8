"""Custom-gradient ops for the reference's property campaign (`test_reference_property`), each written twice.

Each op is a ``custom_gradient`` (the decorator, Keras' ``upstream=`` and
TensorFlow Probability's ``custom_gradient(fx, gx, x)``) whose forward branches
on the values it sees outside every trace, as library code does: a Python
``if``, the builtins ``abs`` and ``max``, NumPy's own ``np.greater`` on the
forward's array, and a comparison of ``stop_gradient(x)``. Their gradient rules
are right, so the exact reference must agree with the oracle, whose form is the
branch's own calculus on `Dual` numbers (a tie is skipped: no derivative there).
Branches that pick a constant piece (relu below 0) have derivatives that are
exact 0s, which the reference must prove, not read off a narrow ball.
"""

from __future__ import annotations

import numpy as np

import gradcli
import gradcli.numpy as gnp
from reference_wide_ops import _abs_value, _pick
from test_reference_property import BINARY, EXTRA, REDUCTIONS, UNARY, Skip, _const, composition


def _summed_to(g, like):
    """``g`` summed down to the shape of ``like`` (a scalar beside a vector)."""
    return gnp.sum(g) if np.ndim(like) < np.ndim(g) else g


@gradcli.custom_gradient
def _relu_if(a):
    # A Python if on a number; NumPy's own comparison on an array.
    if np.ndim(a) == 0:
        return (a if a > 0 else 0 * a), lambda g: g * (1.0 if a > 0 else 0.0)
    mask = np.greater(a, 0)
    return gnp.where(mask, a, 0 * a), lambda g: g * gnp.where(mask, 1.0, 0.0)


@gradcli.custom_gradient
def _abs_builtin(a):
    return abs(a), lambda g: g * gnp.sign(a)


@gradcli.custom_gradient
def _leaky_keras(a):
    def grad_fn(*args, upstream=None):
        return upstream * gnp.where(a > 0, 1.0, 0.01)

    return gnp.where(a > 0, a, 0.01 * a), grad_fn


def _leaky_tfp(a):
    stopped = gradcli.stop_gradient(a)
    fx = gnp.where(stopped > 0, stopped, 0.01 * stopped)
    gx = gnp.where(stopped > 0, 1.0, 0.01)
    return gradcli.custom_gradient(fx, gx, a)


@gradcli.custom_gradient
def _larger(a, b):
    if np.ndim(a) == 0 and np.ndim(b) == 0:
        top = max(a, b)  # the builtin: a, unless b > a
        first = not (b > a)
        return top, lambda g: (g * (1.0 if first else 0.0), g * (0.0 if first else 1.0))
    mask = np.greater(a, b)
    return gnp.where(mask, a, b), lambda g: (_summed_to(g * gnp.where(mask, 1.0, 0.0), a),
                                             _summed_to(g * gnp.where(mask, 0.0, 1.0), b))


@gradcli.custom_gradient
def _top(v):
    # The builtin max over the entries, and a one-hot of the one it picked.
    top = max(v[k] for k in range(len(v)))
    return top, lambda g: gnp.where(v == top, g, 0.0)


def _zero(a):
    return _const(0, len(a.partials))


def _top_oracle(items):
    values = sorted(item.value for item in items)
    if len(values) > 1 and values[-1] == values[-2]:
        raise Skip("a max at a tie")
    return max(items, key=lambda item: item.value)


UNARY_CUSTOM = {
    "cg_relu_if": (_relu_if, lambda a: _pick(a, _const(0, len(a.partials)) * a, a, _zero(a))),
    "cg_abs": (_abs_builtin, _abs_value),
    "cg_leaky_keras": (_leaky_keras, lambda a: _pick(a, _const(0.01, len(a.partials)) * a, a, _zero(a))),
    "cg_leaky_tfp": (_leaky_tfp, lambda a: _pick(a, _const(0.01, len(a.partials)) * a, a, _zero(a))),
}
BINARY_CUSTOM = {"cg_larger": (_larger, lambda a, b: _pick(a, b, a, b))}
REDUCTIONS_CUSTOM = {"cg_top": (_top, _top_oracle)}

EXTRA["unary"].update(UNARY_CUSTOM)
EXTRA["binary"].update(BINARY_CUSTOM)
EXTRA["reduce"].update(REDUCTIONS_CUSTOM)
CUSTOM_TABLES = ({**UNARY, **UNARY_CUSTOM}, {**BINARY, **BINARY_CUSTOM}, {**REDUCTIONS, **REDUCTIONS_CUSTOM})


def custom_composition(rng, depth, want="scalar"):
    """`composition` over the first tables and these, a custom op at the root half the time."""
    if rng.random() < 0.5:
        below = composition(rng, depth - 1, want, tables=CUSTOM_TABLES) if depth > 1 else ("leaf", rng.choice("xy"))
        return ("unary", rng.choice(sorted(UNARY_CUSTOM)), below)
    return composition(rng, depth, want, tables=CUSTOM_TABLES)
