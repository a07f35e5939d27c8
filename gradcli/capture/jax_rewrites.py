"""Where XLA's compiled program computes otherwise than the JAX operations it was given.

XLA's algebraic simplifier rewrites a program as it compiles it, and some of its
rewrites change the numbers: it cancels the constants of ``(x + c) - c`` to ``x``,
folds ``log(exp(x))`` to ``x``, ``(x * c) / c`` to ``x`` and ``exp(a) * exp(b)`` to
``exp(a + b)``. ``jnp.log((1.0 + x) - 1.0)`` at 1e-100 is then -230.26 in JAX's
jitted program and -inf run operation by operation (an unjitted call, gradcli's
float replay). The checker judges JAX's compiled numbers; this module finds the
operation the compiled program does not compute as written, so that the check says
so instead of disagreeing with itself silently.
"""

from __future__ import annotations

import math

import numpy as np

from .jax_walk import user_line

# The nested calls whose equations are the operations themselves, by the parameter holding their jaxpr: walked
# into, so that each primitive is compared alone.
_CALLS = {"pjit": "jaxpr", "jit": "jaxpr", "closed_call": "call_jaxpr", "core_call": "call_jaxpr",
          "custom_jvp_call": "call_jaxpr", "custom_vjp_call": "call_jaxpr", "custom_vjp_call_jaxpr": "fun_jaxpr",
          "remat": "jaxpr", "checkpoint": "jaxpr"}

# How far apart the compiled result of one operation and the operation run alone on the same numbers may be before
# the compiled program is said to compute something else: far beyond a fused kernel's ulps, and where one of the two
# is a number and the other NaN or inf.
_APART = 1e-3


# (id of a closed jaxpr, x64) -> (that jaxpr, its every-step program jitted, the steps its trace noted): one XLA
# compilation per program and mode, however many points ask (a sweep's points where a flushed subnormal parts the
# compiled gradient from the replay's ask at a dozen points, and XLA's program rewrites nothing there).
_STEPPED = {}


def rewritten_step(closed, leaves, x64):
    """``(file:line, name, inputs, compiled, alone, inside a jit)`` for the first primitive of ``closed`` (the user's
    forward jaxpr) whose result in XLA's compiled program, on ``leaves``, differs from the same primitive run alone
    on the same inputs by more than rounding, or None where every one agrees. ``inside a jit``: the primitive is a
    step of a function jitted of its own (``jnp.linalg.slogdet``), which an unjitted call of the user's function
    still runs compiled, as one program."""
    import jax  # lazy: only a JAX target loads JAX

    stepped = _STEPPED.get((id(closed), x64))
    if stepped is None or stepped[0] is not closed:
        steps = []

        def every_step(*args):
            steps.clear()
            _walk(closed.jaxpr, closed.consts, args, steps)
            return [[list(ins), list(outs)] for _, ins, outs, _ in steps]

        stepped = _STEPPED[id(closed), x64] = (closed, jax.jit(every_step), steps)
    _, every_step_jitted, steps = stepped
    with jax.enable_x64(x64):
        numbers = every_step_jitted(*leaves)
        for (eqn, _, _, jitted), (ins, outs) in zip(steps, numbers):
            alone = eqn.primitive.bind(*ins, **eqn.params)
            alone = alone if eqn.primitive.multiple_results else [alone]
            for compiled, own in zip(outs, alone):
                if _apart(np.asarray(compiled), np.asarray(own)):
                    return (user_line(eqn), eqn.primitive.name, [np.asarray(v) for v in ins], np.asarray(compiled),
                            np.asarray(own), jitted)
    return None


_JITS = ("pjit", "jit")  # the nested calls that are a jitted function of their own


def _walk(jaxpr, consts, args, steps, jitted=False):
    """Evaluate ``jaxpr`` primitive by primitive (nested calls walked into), each primitive noted in ``steps`` as
    ``(equation, inputs, outputs, inside a nested jit)``; its outputs."""
    env = dict(zip(jaxpr.constvars, consts))
    env.update(zip(jaxpr.invars, args))

    def read(var):
        return var.val if type(var).__name__ == "Literal" else env[var]

    for eqn in jaxpr.eqns:
        ins = [read(v) for v in eqn.invars]
        inner = eqn.params.get(_CALLS.get(eqn.primitive.name, ""))
        if inner is not None:  # a closed jaxpr holds its constants; an open one has none
            outs = _walk(getattr(inner, "jaxpr", inner), getattr(inner, "consts", []), ins, steps,
                         jitted or eqn.primitive.name in _JITS)
        else:
            outs = eqn.primitive.bind(*ins, **eqn.params)
            outs = outs if eqn.primitive.multiple_results else [outs]
            if all(_is_float(v) for v in ins + list(outs)):
                steps.append((eqn, ins, outs, jitted))
        env.update(zip(eqn.outvars, outs))
    return [read(v) for v in jaxpr.outvars]


def _has_a_jit(jaxpr):
    """Whether ``jaxpr`` calls a jitted function of its own (a library's, such as ``jnp.linalg.slogdet``), at any
    depth of its nested calls."""
    for eqn in jaxpr.eqns:
        if eqn.primitive.name in _JITS:
            return True
        inner = eqn.params.get(_CALLS.get(eqn.primitive.name, ""))
        if inner is not None and _has_a_jit(getattr(inner, "jaxpr", inner)):
            return True
    return False


def _is_float(value):
    """Whether an operation's operand or result is an array of floats (keys, integers and booleans are left out)."""
    dtype = getattr(value, "dtype", None)
    return np.dtype(dtype if dtype is not None else np.asarray(value).dtype).kind == "f"


def _apart(compiled, alone):
    """Whether two results of one operation differ past rounding: a number against NaN or inf, or relatively by
    more than `_APART`."""
    one, other = _float_number(compiled), _float_number(alone)
    if one is not None and other is not None:  # a point's value, asked at every point of a sweep: no arrays made
        if math.isfinite(one) != math.isfinite(other):
            return True
        return math.isfinite(one) and abs(one - other) > _APART * max(abs(one), abs(other))
    compiled, alone = np.asarray(compiled, dtype=np.float64), np.asarray(alone, dtype=np.float64)
    if compiled.shape != alone.shape:
        return False
    finite = np.isfinite(compiled) & np.isfinite(alone)
    if np.any(np.isfinite(compiled) != np.isfinite(alone)):
        return True
    with np.errstate(all="ignore"):
        gap = np.abs(compiled - alone)[finite]
        scale = np.maximum(np.abs(compiled), np.abs(alone))[finite]
    return bool(np.any(gap > _APART * scale))


def _float_number(value):
    """``value`` as a Python float where it is one number a Python float holds exactly (a float, a NumPy float16, 32
    or 64, or a 0-d array of one), else None."""
    if type(value) in _DOUBLES or (type(value) is np.ndarray and value.ndim == 0 and value.dtype.type in _DOUBLES):
        return float(value)
    return None


_DOUBLES = (float, np.float16, np.float32, np.float64)  # the types whose every number a Python float holds


def compiled_otherwise_note(closed, leaves, x64, value, replay, what="value"):
    """The check's note where JAX's compiled ``value`` and ``replay(flushed)`` (its operations run one by one in the
    same dtype, subnormals flushed to 0 as XLA's CPU code flushes them or not) are apart: naming the operation XLA
    rewrote in ``closed`` where `rewritten_step` finds one, else saying that several were rewritten together; None
    where the two agree.

    ``what`` is "value" (``closed`` the forward program) or "gradient" (``closed`` the program of
    ``value_and_grad``, ``value`` and the replay its gradients, one array per float leaf): a rewrite in the
    backward program alone changes the gradient and leaves the value as written. The replay runs unflushed first
    (cheaper), and flushed only where the two are apart: a 0 XLA's flushing made is no rewrite.
    """
    compiled_all = value if what == "gradient" else [value]
    replayed_all = None
    for flushed in (False, True):
        replayed = replay(flushed)
        replayed_all = replayed if what == "gradient" else [replayed]
        if what == "gradient" and not _gradients_apart(compiled_all, replayed_all):
            return None
        if what == "value" and not _apart(np.asarray(value), np.asarray(replayed)):
            return None
    found = rewritten_step(closed, leaves, x64)
    # an unjitted call runs a library function's own jit compiled too: it is among the runners only where the
    # operation rewritten is the user's own
    inside_a_jit = found[-1] if found is not None else _has_a_jit(closed.jaxpr)
    unjitted = "" if inside_a_jit else "an unjitted call, "
    runners = (f"{unjitted}gradcli's float replay and the finite differences" if what == "value"
               else f"{unjitted.removesuffix(', ')}{' and ' if unjitted else ''}gradcli's float replay")
    verb = "run" if " and " in runners else "runs"
    judged = (f"The verdict judges JAX's compiled numbers (its {what} {_shown_all(compiled_all)}); the operations run "
              f"one by one, as {runners} {verb} them, give {_shown_all(replayed_all)}")
    its = "its gradient " if what == "gradient" else ""
    if found is None:
        # Each operation, its inputs and result kept, computes as given: the rewrite joined several into one, where
        # no intermediate is kept (exp(a) / exp(b) folded to exp(a - b), whose e^-800 never underflows).
        return (f"XLA's compiled program computes {its}otherwise than the operations it was given: no one of them "
                "differs run alone, so XLA rewrote several together as it compiled (it fuses a multiply into the add "
                "after it, rounded once, so that a x d - b x c of a nearly singular 2 x 2 keeps digits the steps one "
                "by one lose; its algebraic simplifier folds exp(a) * exp(b) to exp(a + b) and exp(a) / exp(b) to "
                f"exp(a - b), whose parts never overflow or underflow on their own). {judged}")
    line, name, ins, compiled, alone, _ = found
    inputs = ", ".join(show(v) for v in ins)
    return (f"XLA's compiled program computes {its}otherwise than the "
            f"operations it was given: {name}({inputs}) at {line} is {show(compiled)} in JAX's jitted program, where "
            f"the operation itself gives {show(alone)} (XLA rewrites such steps as it compiles: it fuses a multiply "
            f"into the add after it, rounded once, cancels the constants of (x + c) - c, folds log(exp(x)) and "
            f"(x * c) / c to x). {judged}")


def differentiated_otherwise_note(value, alone, replay):
    """The check's note where JAX's ``value`` (value_and_grad's) is apart from the function's own value computed alone
    (``alone``: its forward program jitted, no derivative taken) while that agrees with the operations run one by one
    (``replay(flushed)``): a differentiation rule on the way computes the primal another way (zeta's custom_jvp gives
    -1.46 at (0.5, 1), where zeta itself is NaN), and no compilation is the cause. None else."""
    if not _apart(np.asarray(value), np.asarray(alone)):
        return None
    if all(_apart(np.asarray(alone), np.asarray(replay(flushed))) for flushed in (False, True)):
        return None
    return ("JAX's value_and_grad computes the value otherwise than the function run alone: a differentiation rule on "
            "the way (a custom_jvp's or custom_vjp's forward, as in some of JAX's own functions) computes its primal "
            f"another way, jitted or not. The function alone gives {_shown_all([alone])}, as gradcli's float replay and "
            f"the finite differences do; the verdict judges value_and_grad's value {_shown_all([value])}")


def _gradients_apart(compiled, replayed):
    """Whether JAX's compiled gradients (one array per float leaf) and the backward program's steps replayed one by
    one differ past rounding: an exact 0 on either side against a number counts (a rewrite that cancels a term to
    0); a replay flushed as XLA's CPU code flushes subnormals (`jax_walk.flushed_as_xla`) meets the 0 a flushed
    subnormal makes (1 / (1 + exp(708.4)) in softplus's backward)."""
    for got, alone in zip(compiled, replayed):
        got, alone = np.asarray(got, dtype=np.float64), np.asarray(alone, dtype=np.float64)
        if got.shape == alone.shape and _apart(got, alone):
            return True
    return False


def _shown_all(values):
    """One number or array as `show` writes it, several joined by commas."""
    return ", ".join(show(v) for v in values)


def show(value):
    """A number (its shortest repr) or a small array (7 digits) as the check's notes write them."""
    value = np.asarray(value, dtype=np.float64)
    if value.ndim == 0:
        return repr(float(value))
    return np.array2string(value, separator=", ", threshold=6, formatter={"float_kind": "{:.7g}".format})
