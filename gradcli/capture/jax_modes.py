"""JAX's two precision modes in one process: each trace of the user's code sees its own mode's constants.

A float32 check traces the user's function in JAX's default mode, and its
exact reference (or a float64 check) traces it again under x64. jaxlib keeps
the conversion of a NumPy array to a JAX constant in a cache keyed on the array
alone, for as long as the converted constant lives: a module's float64
``C = np.array([1.0, 3.0, -2.0])`` met first in the default mode is still a
float32 constant in the later x64 trace, and ``C * z`` becomes an ill-typed
program (mul of f32[3] and f64[3]) that JAX refuses to differentiate; the other
order hands a float32 program a float64 constant. Two things keep the old
conversion alive: JAX's own trace caches and the graphs the bridge keeps. So a
trace under the other mode than the last one starts with JAX's caches emptied
(`switch_mode`), and the graphs keep copies of their constants (`own_constants`),
which JAX's cache has never seen.
"""

from __future__ import annotations

import numpy as np

_last_mode = None  # JAX's x64 mode at the bridge's last trace of user code; None before the first


def switch_mode(forced_x64):
    """Before tracing the user's code (under x64 where ``forced_x64``, else the user's own mode): empty JAX's
    caches if the last such trace ran under the other mode (before the first, the user's own traces did)."""
    global _last_mode
    import jax  # lazy: only a JAX target loads JAX

    own_mode = bool(jax.config.jax_enable_x64)  # read outside any `enable_x64` context: the user's mode
    mode = bool(forced_x64) or own_mode
    if mode != (own_mode if _last_mode is None else _last_mode):
        jax.clear_caches()
    _last_mode = mode


def own_constants(closed):
    """``closed`` (a closed jaxpr) with every NumPy constant in it, nested calls' included, copied."""
    consts = [np.array(c) if isinstance(c, np.ndarray) else c for c in closed.consts]
    jaxpr = _nested_copied(closed.jaxpr)
    if jaxpr is closed.jaxpr and all(a is b for a, b in zip(consts, closed.consts)):
        return closed
    return closed.replace(jaxpr=jaxpr, consts=consts)


def _nested_copied(jaxpr):
    """``jaxpr`` with the closed jaxprs its equations' parameters hold given copied constants (itself if none)."""
    eqns, changed = [], False
    for eqn in jaxpr.eqns:
        params = {name: _param_copied(value) for name, value in eqn.params.items()}
        if any(params[name] is not value for name, value in eqn.params.items()):
            eqn, changed = eqn.replace(params=params), True
        eqns.append(eqn)
    return jaxpr.replace(eqns=eqns) if changed else jaxpr


def _param_copied(value):
    if isinstance(value, (tuple, list)):
        items = [_param_copied(v) for v in value]
        return type(value)(items) if any(a is not b for a, b in zip(items, value)) else value
    if hasattr(value, "consts") and hasattr(value, "jaxpr"):
        return own_constants(value)
    if hasattr(value, "eqns"):
        return _nested_copied(value)
    return value
