"""JAX's two precision modes in one process: each trace of the user's code sees its own mode's constants.

A float32 check traces the user's function in JAX's default mode, and its
exact reference (or a float64 check) traces it again under x64. jaxlib keeps
the conversion of a NumPy array to a JAX constant in a cache keyed on the array
alone, for as long as the converted constant lives: a module's float64
``C = np.array([1.0, 3.0, -2.0])`` met first in the default mode is still a
float32 constant in the later x64 trace, and ``C * z`` becomes an ill-typed
program (mul of f32[3] and f64[3]) that JAX refuses to differentiate; the other
order hands a float32 program a float64 constant. Two things keep the old
conversion alive: JAX's own trace caches and the graphs the bridge keeps. So
the graphs keep copies of their constants (`own_constants`), which JAX's cache
has never seen; a custom rule, whose Python runs (and reads the user's arrays)
when a program is first differentiated, hands JAX's memo of its trace copies
(`_rule_copied`), and a differentiated program holding conversions is traced
again from copies (`jax_bridge._traced_on`); and a trace that JAX handed the other mode's conversion (a
constant of the other mode's dtype in its jaxpr), or that failed, runs again
with JAX's caches emptied (`afresh`). Most JAX code holds no NumPy array and
keeps every cache, its compilations and the user's own, through a check's mode
switches; a stale conversion left by the user's own runs between two checks is
seen in the trace it reaches. A trace under x64 whose jaxpr holds float64
array constants empties JAX's caches once the bridge has its copies, so the
user's next run in the default mode is not handed them.
"""

from __future__ import annotations

import types

import numpy as np

# Per mode (x64 or not), the dtypes of a constant that JAX's conversion of a NumPy array gives in the other mode
# alone: float64 arrays become float32 in the default mode (and 64-bit integers 32-bit ones). Unsigned 32-bit
# constants are JAX's own (its random bits) in both.
_OTHER_MODES = {
    False: frozenset(map(np.dtype, (np.float64, np.int64, np.uint64, np.complex128))),
    True: frozenset(map(np.dtype, (np.float32, np.int32, np.complex64))),
}


def mode_of(forced_x64):
    """Whether a run of the user's code under x64 where ``forced_x64`` (else the user's own mode) is under x64."""
    import jax  # lazy: only a JAX target loads JAX

    return bool(forced_x64) or bool(jax.config.jax_enable_x64)  # read outside any `enable_x64` context: the user's mode


def afresh(run, stale):
    """``run()``'s answer (a run of the user's code), run again with JAX's caches emptied where it raised or where
    ``stale(answer)``: JAX handed it a NumPy array's conversion made under the other precision mode."""
    import jax  # lazy: only a JAX target loads JAX

    try:
        if not stale(answer := run()):
            return answer
    except Exception:  # noqa: BLE001 - perhaps a conversion of the other mode's; the fresh run's error is the one told
        pass
    answer = None  # the first run's traces (its error's frames too) let go of what they converted: JAX forgets it
    jax.clear_caches()
    return run()


def other_modes_constant(closed, x64):
    """Whether ``closed`` (a closed jaxpr traced under x64 where ``x64``) holds a constant of a dtype JAX's
    conversion of a NumPy array gives in the other mode alone: a conversion JAX kept from a trace in that mode.

    Under x64 a 32-bit literal tells it only where the program is ill-typed:
    JAX's own code writes 32-bit ones there (an index's ``0:i32[]``), while a
    stale 0-d array (a module's ``np.array(0.1)`` made float32 by a trace in
    the default mode) meets float64 operands (``mul a:f64[3] 0.1:f32[]``)."""
    if _holds(closed, _OTHER_MODES[x64], literals=not x64):
        return True
    return x64 and _holds(closed, _OTHER_MODES[x64]) and _ill_typed(closed)


def _ill_typed(closed):
    """Whether JAX's type check of ``closed`` (traced under x64) fails."""
    import jax  # lazy: only a JAX target loads JAX
    from jax.extend.core import check_jaxpr  # lazy: only a JAX target loads JAX

    try:
        with jax.enable_x64(True):
            check_jaxpr(closed.jaxpr)
    except Exception:  # noqa: BLE001 - JAX's type errors are TypeErrors and JaxprTypeErrors alike: ill-typed
        return True
    return False


def hands_users_mode_wide(closed, fun):
    """Whether ``closed`` (a closed jaxpr of ``fun`` just traced) holds a 64-bit array constant, or a 64-bit
    literal converted from a 0-d NumPy array ``fun`` reaches (a module's ``np.array(0.1)``, `_scalars_reached`),
    though the user's own mode is the default one: conversions the user's next run of their own code would be
    handed from JAX's caches, which must let go of them once the bridge has its copies (`own_constants`).
    Other literals are left out: under x64 every Python number is one, made afresh at each trace."""
    import jax  # lazy: only a JAX target loads JAX

    if jax.config.jax_enable_x64:
        return False
    scalars = _scalars_reached(fun)

    def users_array(eqn, value):  # under x64 a float64 array's conversion is a view of it
        return any(getattr(value, "base", None) is scalar for scalar in scalars)

    return _holds(closed, _OTHER_MODES[False], literals=users_array if scalars else False)


def _scalars_reached(fun, depth=3):
    """The 0-d NumPy arrays ``fun`` reads from its module's names or its closure, and so do the functions it
    reads there, ``depth`` calls deep."""
    return [value for _, _, value in values_reached(fun, depth) if isinstance(value, np.ndarray) and value.ndim == 0]


def values_reached(fun, depth=3):
    """``(function, name, value)`` of each value ``fun`` reads from its module's names or its closure, and so do the
    functions it reads there, ``depth`` calls deep: ``function`` is the one whose name ``name`` is."""
    seen, todo = set(), [(fun, depth)]
    while todo:
        fun, left = todo.pop()
        fun = getattr(fun, "__wrapped__", fun)  # jax.jit's and functools' wrappers
        code = getattr(fun, "__code__", None)
        if code is None or id(fun) in seen:
            continue
        seen.add(id(fun))
        names = getattr(fun, "__globals__", {})
        values = [(name, names[name]) for name in _global_names(code) if name in names]
        cells = zip(code.co_freevars, getattr(fun, "__closure__", None) or ())
        values += [(name, cell.cell_contents) for name, cell in cells if _filled(cell)]
        for name, value in values:
            yield fun, name, value
            if callable(value) and left > 0:
                todo.append((value, left - 1))


def _global_names(code):
    """The names ``code`` reads as globals, and so do the functions and lambdas defined inside it (a fori_loop's body
    reads the module's constant as the function's own lines do), each once, in order."""
    found, todo = {}, [code]
    while todo:
        one = todo.pop()
        found.update(dict.fromkeys(one.co_names))
        todo.extend(c for c in reversed(one.co_consts) if isinstance(c, types.CodeType))
    return list(found)


def _filled(cell):
    try:
        cell.cell_contents
    except ValueError:  # a name the function's code has not bound yet
        return False
    return True


def _holds(closed, dtypes, literals=True):
    """Whether ``closed`` (a closed jaxpr), nested ones included, holds a NumPy array of one of ``dtypes`` (a
    constant, or a literal where ``literals``: True, or a test of the literal's equation and array)."""
    return any(_of(c, dtypes) for c in closed.consts) or _jaxpr_holds(closed.jaxpr, dtypes, literals)


def _of(value, dtypes):
    return isinstance(value, np.ndarray) and value.dtype in dtypes


def _jaxpr_holds(jaxpr, dtypes, literals):
    for eqn in jaxpr.eqns:
        if literals and any(_of(getattr(v, "val", None), dtypes) and (literals is True or literals(eqn, v.val))
                            for v in eqn.invars):
            return True
        if any(_param_holds(value, dtypes, literals) for value in eqn.params.values()):
            return True
    return False


def _param_holds(value, dtypes, literals):
    if isinstance(value, (tuple, list)):
        return any(_param_holds(v, dtypes, literals) for v in value)
    if hasattr(value, "consts") and hasattr(value, "jaxpr"):
        return _holds(value, dtypes, literals)
    return hasattr(value, "eqns") and _jaxpr_holds(value, dtypes, literals)


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

    given = make()
    if jax.config.jax_enable_x64:
        return given
    leaves, tree = jax.tree_util.tree_flatten(given)
    if not any(_rounded_by_default(leaf) for leaf in leaves):
        return given

    def wide_run():
        with jax.enable_x64(True):
            return make()

    def narrow(wide):  # a leaf the default mode gave in float32 and x64 did not widen
        return any(getattr(leaf, "dtype", None) == np.float32 for leaf in jax.tree_util.tree_leaves(wide))

    try:
        wide = afresh(wide_run, narrow)
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


def own_constants(closed, literals=False):
    """``closed`` (a closed jaxpr) with every NumPy constant in it, nested calls' included, copied; with
    ``literals``, the 0-d arrays its equations hold as literals too (a module's ``np.array(0.1)``, which jaxlib
    converts as it does a constant).

    A nested jaxpr that several equations share (a library's ``gammasgn``
    called at five places of ``hyp2f1``) is copied once and shared by the
    copies as by the original: the copy's text and lowering are the
    original's, so XLA's program of a library call replayed from it is the
    one already compiled for the same call elsewhere (`jax_walk._compiled_call`)."""
    return _closed_copied(closed, literals, {})


def _closed_copied(closed, literals, copies):
    """`own_constants` of ``closed``, ``copies`` mapping the id of each jaxpr already copied to (it, its copy)."""
    if id(closed) in copies:
        return copies[id(closed)][1]
    consts = [np.array(c) if isinstance(c, np.ndarray) else c for c in closed.consts]
    jaxpr = _nested_copied(closed.jaxpr, literals, copies)
    copy = closed
    if jaxpr is not closed.jaxpr or any(a is not b for a, b in zip(consts, closed.consts)):
        copy = closed.replace(jaxpr=jaxpr, consts=consts)
    copies[id(closed)] = (closed, copy)  # the original kept with it: its id stays its own while the copying lasts
    return copy


def _nested_copied(jaxpr, literals, copies):
    """``jaxpr`` with the closed jaxprs its equations' parameters hold given copied constants (itself if none),
    each custom rule's trace giving copies (`_rule_copied`), and with ``literals`` its array literals copied;
    ``copies``: as `_closed_copied` has them."""
    if id(jaxpr) in copies:
        return copies[id(jaxpr)][1]
    eqns, changed = [], False
    for eqn in jaxpr.eqns:
        params = {name: _rule_copied(value) if name in _RULE_TRACES else _param_copied(value, literals, copies)
                  for name, value in eqn.params.items()}
        if any(params[name] is not value for name, value in eqn.params.items()):
            eqn, changed = eqn.replace(params=params), True
        if literals and any(_array_literal(v) for v in eqn.invars):
            eqn, changed = eqn.replace(invars=[_literal_copied(v) for v in eqn.invars]), True
        eqns.append(eqn)
    copy = jaxpr.replace(eqns=eqns) if changed else jaxpr
    copies[id(jaxpr)] = (jaxpr, copy)
    return copy


def _array_literal(var):
    return isinstance(getattr(var, "val", None), np.ndarray)


def _literal_copied(var):
    if not _array_literal(var):
        return var
    from jax.extend.core import Literal  # lazy: only a JAX target loads JAX

    return Literal(np.array(var.val), var.aval)


def _param_copied(value, literals, copies):
    if isinstance(value, (tuple, list)):
        items = [_param_copied(v, literals, copies) for v in value]
        if all(a is b for a, b in zip(items, value)):
            return value
        return type(value)(*items) if hasattr(value, "_fields") else type(value)(items)  # a NamedTuple's fields
    if hasattr(value, "consts") and hasattr(value, "jaxpr"):
        return _closed_copied(value, literals, copies)
    if hasattr(value, "eqns"):
        return _nested_copied(value, literals, copies)
    return value


# The parameters of JAX's custom-rule equations that trace the user's rule (custom_vjp's fwd, custom_jvp's jvp) when
# the equation is first differentiated, memoised for the equation's life.
_RULE_TRACES = ("fwd_jaxpr_thunk", "jvp_jaxpr_fun")


def _rule_copied(thunk):
    """``thunk`` (a custom rule's memoised trace) with the constants of each trace it gives replaced by copies.

    The rule's Python runs when a program is first differentiated, under
    that program's mode, and converts the user's NumPy arrays it reads
    (``weights`` in ``fwd``); JAX's memo keeps what it traced for as long as
    the graph lives. Were the memo to keep those conversions, jaxlib would
    hand them, in the wrong dtype, to the next trace of the rule in the other
    mode. Its list of constants is the memo's own, so it is copied in place.
    A 0-d array the rule reads (a module's ``np.array(0.5)`` times a tracer,
    or returned as a residual) is written into the rule's jaxpr as a literal
    holding the conversion, so those literals are given copies in place too.
    """
    if getattr(getattr(thunk, "f", None), "copies_constants", False):
        return thunk
    from jax.extend import linear_util  # lazy: only a JAX target loads JAX

    def traced(*zeros):
        found = thunk.call_wrapped(*zeros)
        if isinstance(found, tuple) and len(found) > 1 and isinstance(found[1], list):
            found[1][:] = [np.array(c) if isinstance(c, np.ndarray) else c for c in found[1]]
            literals_copied_in_place(found[0])
        return found

    traced.copies_constants = True
    return linear_util.wrap_init(traced, debug_info=thunk.debug_info)


def literals_copied_in_place(jaxpr):
    """Every array literal of ``jaxpr`` (a jaxpr or a closed one, nested ones included) given a copy of its value,
    in place: the jaxpr is a memo's own, which would otherwise keep jaxlib's conversion alive."""
    jaxpr = getattr(jaxpr, "jaxpr", jaxpr)
    for var in getattr(jaxpr, "outvars", ()):  # a residual the rule returns as it read it
        if _array_literal(var):
            var.val = np.array(var.val)
    for eqn in getattr(jaxpr, "eqns", ()):
        for var in eqn.invars:
            if _array_literal(var):
                var.val = np.array(var.val)
        for value in eqn.params.values():
            for nested in value if isinstance(value, (tuple, list)) else (value,):
                if hasattr(nested, "eqns") or hasattr(nested, "jaxpr"):
                    literals_copied_in_place(nested)


def programs_differ(wide, narrow, written_by_user=None):
    """Whether ``narrow`` (a closed jaxpr traced in a narrower float dtype) is another program than ``wide`` (the
    same function's float64 trace): other equations, wired otherwise, or a literal of the user's own code
    (``written_by_user(eqn)``, every literal without it) that is not the wide one as the narrower dtype holds it
    (``jnp.finfo(x.dtype).eps``, ``2 if x.dtype == jnp.float32 else x``). A library's literals chosen by the dtype
    (``log_ndtr``'s series bounds, -20 in float64 and -10 in float32) are its means to one mathematics, which the
    float64 program computes exactly.

    Dtypes themselves are left out (each trace has its own), and so are the
    parameters that are functions (a custom rule's Python is the same code in
    both) and the casts from one float dtype to another (a float64 module
    array promotes a float32 input; ``x.astype(jnp.float32)`` is float32's
    no-op), which an exact replay runs as the number itself: what differs is
    what the code chose by its dtype.
    """
    try:
        return _shape_of(wide) != _shape_of(narrow) or _held_as(wide, narrow, written_by_user or (lambda eqn: True))
    except (TypeError, ValueError):  # a constant that does not compare as numbers: a program of its own
        return True


# JAX's PRNG primitives: the steps of a trace that draw random numbers, which each dtype draws its own way (x64's
# 64 bits a number, float32's 32: other shifts, other literals), the same draw of one key in both.
PRNG_PRIMITIVES = frozenset(("random_seed", "random_wrap", "random_unwrap", "random_bits", "random_split",
                             "random_fold_in", "random_clone", "threefry2x32"))


def _draws(jaxpr):
    """The equations of ``jaxpr`` that draw random numbers, by id: JAX's PRNG primitives, and those computing from
    their draws and the jaxpr's other data alone (a call of ``jax.random.normal``, its bits turned into floats),
    which `_shape_of` and `_numbers_of` take as one draw each, whatever its dtype made of it."""
    data = {id(v) for v in list(jaxpr.constvars) + list(jaxpr.invars) if not _of_floats(v)}
    drawn, steps = set(), set()
    for eqn in jaxpr.eqns:
        ins = [id(v) for v in eqn.invars if not hasattr(v, "val")]
        if eqn.primitive.name in PRNG_PRIMITIVES or (
                any(i in drawn for i in ins) and all(i in drawn or i in data for i in ins)):
            steps.add(id(eqn))
            drawn.update(id(v) for v in eqn.outvars)
    return steps


def _of_floats(var):
    """Whether ``var`` holds floats (or complex numbers); a PRNG key's dtype is none of NumPy's."""
    try:
        return np.dtype(getattr(var.aval, "dtype", np.float64)).kind in "fc"
    except TypeError:
        return False


def _shape_of(closed):
    """A comparable outline of a closed jaxpr or a jaxpr: per equation its primitive, its inputs (numbered
    variables; literals by kind alone, compared by `_held_as`), its parameters without dtypes or functions; a step
    drawing random numbers (`_draws`) as a draw of its inputs, whose steps each dtype takes its own way."""
    jaxpr = getattr(closed, "jaxpr", closed)
    draws = _draws(jaxpr)
    numbers, count = {}, iter(range(1 << 62))

    def number(var):
        if hasattr(var, "val"):
            return "literal"
        if id(var) not in numbers:
            numbers[id(var)] = next(count)
        return numbers[id(var)]

    for var in list(jaxpr.constvars) + list(jaxpr.invars):
        number(var)
    outline = [len(getattr(closed, "consts", ()))]
    for eqn in jaxpr.eqns:
        if _float_cast(eqn):  # one trace's promotion to float64 (or astype) is the other's no-op: the same number
            numbers[id(eqn.outvars[0])] = number(eqn.invars[0])
            continue
        ins = tuple(number(v) for v in eqn.invars)
        if id(eqn) in draws:
            outline.append(("a draw", ins, tuple(number(v) for v in eqn.outvars)))
            continue
        params = tuple(sorted((name, _param_outline(value)) for name, value in eqn.params.items()))
        outline.append((eqn.primitive.name, ins, params, tuple(number(v) for v in eqn.outvars)))
    outline.append(tuple(number(v) for v in jaxpr.outvars))
    return outline


def _param_outline(value):
    if isinstance(value, (bool, int, float, str, type(None))):
        return value
    if isinstance(value, (tuple, list)):
        return tuple(_param_outline(v) for v in value)
    if hasattr(value, "eqns") or (hasattr(value, "jaxpr") and hasattr(getattr(value, "jaxpr"), "eqns")):
        return tuple(map(repr, _shape_of(value)))
    return type(value).__name__  # a dtype, a function, an enum: the same kind of thing in both traces


def _held_as(wide, narrow, written_by_user):
    """Whether a constant, or a literal ``written_by_user``, of ``narrow`` is not its counterpart in ``wide`` as the
    narrower dtype holds it (the two jaxprs have one outline, `_shape_of`)."""
    for (a, users), (b, _) in zip(_numbers_of(wide, written_by_user), _numbers_of(narrow, written_by_user)):
        if not users:
            continue
        a, b = np.asarray(a), np.asarray(b)
        if a.shape != b.shape:
            return True
        held = a.astype(b.dtype) if b.dtype.kind in "fc" and a.dtype.kind in "fc" else a
        if not np.array_equal(held, b, equal_nan=True):
            return True
    return False


def _numbers_of(closed, written_by_user):
    """``(number, whether it counts)`` of each constant (each counts) and literal (``written_by_user(eqn)``) of a
    closed jaxpr or a jaxpr, nested ones included, in order; a draw's (`_draws`) left out."""
    yield from ((const, True) for const in getattr(closed, "consts", ()))
    jaxpr = getattr(closed, "jaxpr", closed)
    draws = _draws(jaxpr)
    for eqn in jaxpr.eqns:
        if id(eqn) in draws:  # a draw's numbers are its dtype's own way to the same draw
            continue
        for var in eqn.invars if not _float_cast(eqn) else ():
            if hasattr(var, "val"):
                yield var.val, written_by_user(eqn)
        for value in eqn.params.values():
            for nested in value if isinstance(value, (tuple, list)) else (value,):
                if hasattr(nested, "eqns") or hasattr(getattr(nested, "jaxpr", None), "eqns"):
                    yield from _numbers_of(nested, written_by_user)


def _float_cast(eqn):
    """Whether ``eqn`` converts a float array to another float dtype."""
    if eqn.primitive.name != "convert_element_type":
        return False
    kinds = [np.dtype(getattr(v.aval, "dtype", np.int8)).kind for v in (eqn.invars[0], eqn.outvars[0])]
    return kinds == ["f", "f"]
