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


def as_written(make):
    """What ``make`` (the user's function giving a check's arguments) returns, each float32 JAX array JAX rounded
    from wider numbers given as those numbers.

    With x64 off, JAX makes ``jnp.array(0.2)`` a float32 array
    (0.20000000298...), and a float64 check would start from that rounding,
    not from the 0.2 written. So where x64 is off and the arguments hold
    float32 JAX arrays, ``make`` runs a second time, under x64 (as a float64
    check runs the user's code), and a float32 leaf takes its float64 twin
    where the twin rounds to it, every entry: the float64 check starts from
    what the user wrote, and the float32 check, which rounds the twin, from
    the very numbers the user's float32 run has. A leaf whose twin rounds to
    other numbers (random draws, which JAX draws afresh under x64; arithmetic
    rounded at each step), a leaf of float32 written as such, and the whole
    answer where the second run fails or gives another structure, stay the
    user's own mode's.
    """
    import jax  # lazy: only a JAX target loads JAX

    switch_mode(False)
    given = make()
    if jax.config.jax_enable_x64:
        return given
    leaves, tree = jax.tree_util.tree_flatten(given)
    if not any(_rounded_by_default(leaf) for leaf in leaves):
        return given
    try:
        switch_mode(True)
        with jax.enable_x64(True):
            wide = make()
    except Exception:  # noqa: BLE001 - the user's own mode's answer stands; its numbers are JAX's float32 ones
        return given
    wide_leaves, wide_tree = jax.tree_util.tree_flatten(wide)
    if wide_tree != tree:
        return given
    return jax.tree_util.tree_unflatten(tree, [_written(leaf, twin) for leaf, twin in zip(leaves, wide_leaves)])


def _rounded_by_default(leaf):
    """Whether ``leaf`` is a JAX array of float32, the dtype JAX's default mode gives numbers written wider."""
    import jax  # lazy: only a JAX target loads JAX

    return isinstance(leaf, jax.Array) and leaf.dtype == np.float32


def _written(leaf, twin):
    """``twin`` (``leaf`` made under x64) where it is float64 and rounds to ``leaf``'s float32 numbers, else ``leaf``."""
    if not _rounded_by_default(leaf) or getattr(twin, "dtype", None) != np.float64 or np.shape(twin) != leaf.shape:
        return leaf
    wide = np.asarray(twin)
    return twin if np.array_equal(wide.astype(np.float32), np.asarray(leaf), equal_nan=True) else leaf


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
