"""The JAX bridge's XLA compilations: each in a thread of its own, the programs a check is told of as one module.

`jax_bridge` traces and lowers JAX's programs; this module compiles them and
keeps what XLA compiled for the life of the process (`_EXECUTABLES`, keyed by
a program's text, so a file loaded afresh reuses its programs), and on disk
for the next process (`jax_cache`: a repeat check loads instead of compiling):

- `_Compiling`: one lowered program compiled by XLA in a background thread
  (XLA compiles without Python's lock, so the check works on meanwhile);
- `_join` and `_Part`: the programs `expect` gathers, compiled as one XLA
  module (one fixed compilation cost instead of one per program), each part's
  numbers its own program's, bit for bit.
"""

from __future__ import annotations

import numpy as np

from .jax_cache import compiled
from .jax_walk import every_equation

_EXECUTABLES = {}  # (the text of a captured jaxpr and its constants, batched) -> its compiled evaluation
_KEPT = 64


def _digest(closed, batched):
    """What says two captures hold the same program: its jaxpr's text and constants (and whether it is vmapped).

    Each check loads the user's file afresh (a new function object, which
    ``jax.jit``'s own cache would compile again).
    """
    import hashlib

    digest = hashlib.sha256(str(closed.jaxpr).encode())
    for const in closed.consts:
        array = np.asarray(const)
        digest.update(f"{array.dtype}{array.shape}".encode())
        digest.update(array.tobytes())
    return digest.hexdigest(), batched


def _kept(key, make):
    """The store's entry at ``key``, made by ``make()`` the first time (the oldest one dropped beyond `_KEPT`)."""
    if key not in _EXECUTABLES:
        if len(_EXECUTABLES) >= _KEPT:
            _EXECUTABLES.pop(next(iter(_EXECUTABLES)))
        _EXECUTABLES[key] = make()
    return _EXECUTABLES[key]


class _Compiling:
    """One lowered program being compiled by XLA in a thread of its own; `result` waits for it.

    XLA compiles without Python's lock held, so the checker's own work (the
    replays, the exact reference) runs meanwhile. The thread ends when XLA is
    done whether or not anyone waits (it is not a daemon: an exit waits for
    it instead of tearing XLA down mid-compilation). An error XLA raises is
    raised again by `result` in the caller's thread, because only there does
    the check turn an exception into the point's verdict; the failed
    compilation leaves the shared store (``key`` is its entry there), so the
    next ask compiles afresh.
    """

    def __init__(self, lowered, key=None):
        import threading

        self._lowered = lowered
        self._key = key
        self._compiled = self._error = None
        self._thread = threading.Thread(target=self._compile, name="gradcli-xla-compile")
        self._thread.start()

    def _compile(self):
        try:
            self._compiled = compiled(self._lowered)
        except BaseException as error:  # noqa: BLE001 - raised again by `result`, in the thread that asks
            self._error = error
        finally:
            self._lowered = None

    def result(self):
        """The compiled program (``Compiled``), once XLA is done; XLA's error if it failed."""
        self._thread.join()
        if self._error is not None:
            if self._key is not None and _EXECUTABLES.get(self._key) is self:
                del _EXECUTABLES[self._key]
            raise _fresh(self._error) from self._error
        return self._compiled


_JOINED = 1 << 16  # numbers a program's inputs may hold and still share a joint compilation (each call passes the others')


def _joinable(traced):
    """Whether ``traced`` may be a part of a joint compilation: its jaxpr takes exactly its arguments, few numbers,
    and runs no ``while`` loop (each call of a joint program runs every part at its announced point, and a loop that
    never ends in one dtype there, a Newton step whose tolerance float32 cannot meet, would hang every other
    dtype's call, which no one can stop)."""
    invars = traced.jaxpr.jaxpr.invars
    return (len(invars) == traced.in_tree.num_leaves and sum(int(np.prod(v.aval.shape)) for v in invars) <= _JOINED
            and not any(eqn.primitive.name == "while" for eqn in every_equation(traced.jaxpr)))


def _debugging():
    """Whether JAX's NaN or infinity checks are on: a joint program's other parts must not run then, since
    their numbers, dropped, could still trip a check and fail the program asked for."""
    import jax  # lazy: only a JAX target loads JAX

    return bool(jax.config.jax_debug_nans or jax.config.jax_debug_infs)


def _join(parts):
    """The programs ``parts`` (`_Part`s that `expect` gathered) compiled by XLA as one module, in one thread.

    Each XLA compilation pays a fixed cost (~40 ms of CPU on the development
    machine: MLIR contexts, pass pipelines, the JIT linker) beside the work its
    program needs: a check in float32 and float64 pays it once instead of twice,
    a sweep twice instead of four times. The module evaluates each part's jaxpr
    on its own arguments, its outputs those of every part in turn: the parts
    share no operand, and XLA compiles each part's operations as it compiles
    them alone (``tests/test_jax_program.py`` holds every part's numbers to the
    user's ``jax.jit(jax.value_and_grad(f))``'s, bit for bit). Traced in x64
    mode, so float64's parts keep their dtype; each jaxpr carries its own.
    With JAX's NaN or infinity checks on, each part compiles alone.
    """
    if len(parts) < 2 or _debugging():
        for part in parts:
            part.alone()
        return
    import jax  # lazy: only a JAX target loads JAX
    from jax.extend.core import jaxpr_as_fun  # lazy: only a JAX target loads JAX

    runs = [jaxpr_as_fun(part.jaxpr) for part in parts]
    starts = np.cumsum([0] + [len(part.avals) for part in parts])

    def joint(*flat):
        return tuple(out for run, lo, hi in zip(runs, starts, starts[1:]) for out in run(*flat[lo:hi]))

    specs = [jax.ShapeDtypeStruct(a.shape, a.dtype) for part in parts for a in part.avals]
    try:
        with jax.enable_x64(True):
            compiling = _Compiling(jax.jit(joint).trace(*specs).lower())
    except Exception:  # noqa: BLE001 - each program alone then: its own error, if any, is said where it is asked for
        for part in parts:
            part.alone()
        return
    outs = np.cumsum([0] + [len(part.jaxpr.out_avals) for part in parts])
    for i, part in enumerate(parts):
        part.joined(compiling, parts, i, outs[i], outs[i + 1])


class _Part:
    """One program of a joint compilation (`_join`); `result` gives a callable taking the program's own arguments.

    Its calls run the joint program, the other parts' arguments kept on
    JAX's device at the point each was announced with (`expect`'s: in the
    user's domain; their outputs are computed and dropped: microseconds), in
    x64 mode, each argument in the dtype its own program was traced for.
    If the joint compilation fails, or JAX's NaN or infinity checks are on
    (looked at on every call), the program compiles alone, so the error said
    is its own (or none). It holds the program's jaxpr, not the capture that
    traced it: the process-wide store keeps parts, and a check's capture
    (the user's function, its graphs) must go with the check.
    """

    def __init__(self, traced, key, wide, point=None):
        self.jaxpr, self.out_tree, self.key, self.wide = traced.jaxpr, traced.out_tree, key, wide
        self.avals = [v.aval for v in traced.jaxpr.jaxpr.invars]
        self.point = _announced(point or [], self.avals)
        self.compiling = self.call = self.joint = None

    def joined(self, compiling, parts, index, lo, hi):
        """This program as outputs ``lo:hi`` of ``compiling``, the joint program of ``parts`` (it is ``index``)."""
        import jax  # lazy: only a JAX target loads JAX

        with jax.enable_x64(True):
            points = [[jax.device_put(p) for p in part.point] for part in parts]
        before = [p for ps in points[:index] for p in ps]
        after = [p for ps in points[index + 1:] for p in ps]
        self.joint = (before, after, lo, hi)
        self.compiling = compiling

    def alone(self):
        """This program compiled by itself (its compilation started here), from its jaxpr as the joint one is."""
        import jax  # lazy: only a JAX target loads JAX
        from jax.extend.core import jaxpr_as_fun  # lazy: only a JAX target loads JAX

        self.joint = self.call = None
        specs = [jax.ShapeDtypeStruct(a.shape, a.dtype) for a in self.avals]
        with jax.enable_x64(True) if self.wide else _Unchanged():
            self.compiling = _Compiling(jax.jit(jaxpr_as_fun(self.jaxpr)).trace(*specs).lower(), self.key)

    def result(self):
        """A callable taking this program's arguments and giving its outputs, once XLA is done."""
        if self.joint is not None and _debugging():  # turned on since the join: the other parts must not run
            self.alone()
        if self.call is None:
            if self.compiling is None:  # gathered, but its joint compilation never started
                self.alone()
            try:
                executable = self.compiling.result()
            except Exception:  # an interrupt or an exit is the caller's: no compilation starts in its stead
                if self.joint is None:  # compiled alone, and failed: its own error, and forgotten
                    if _EXECUTABLES.get(self.key) is self:
                        del _EXECUTABLES[self.key]
                    raise
                self.alone()
                return self.result()
            self.call = self._runs(executable, *(self.joint or ([], [], 0, None)))
            if self.joint is None:  # what only a joint program's part needs: its point, and its jaxpr to compile alone
                self.point = self.jaxpr = None
        return self.call

    def _runs(self, executable, before, after, lo, hi):
        import jax  # lazy: only a JAX target loads JAX

        avals, tree, wide = self.avals, self.out_tree, self.wide or bool(before or after)

        def run(*args):
            leaves = [np.asarray(leaf, dtype=a.dtype) for leaf, a in zip(jax.tree_util.tree_leaves(args), avals)]
            with jax.enable_x64(True) if wide else _Unchanged():
                outs = executable(*before, *leaves, *after)
            return jax.tree_util.tree_unflatten(tree, list(outs)[lo:hi])

        return run


def _announced(point, avals):
    """The arguments a part of a joint program is run at when another part is asked: the point `expect` was told
    of, each in its aval's dtype and shape (a range of points repeats it); ones where none fits."""
    out = []
    for i, aval in enumerate(avals):
        try:
            out.append(np.array(np.broadcast_to(np.asarray(point[i], dtype=aval.dtype), aval.shape)))
        except (IndexError, ValueError, TypeError):
            out.append(np.ones(aval.shape, aval.dtype))
    return out


def _fresh(error):
    """A new exception saying what ``error`` says (its type and arguments when they rebuild it): each raise its own
    object, so no traceback piles onto the one stored."""
    try:
        return type(error)(*error.args)
    except Exception:  # noqa: BLE001 - a type whose constructor wants other arguments: its words, as a RuntimeError
        return RuntimeError(f"{type(error).__name__}: {error}")


class _Unchanged:
    """JAX's precision as the user set it (a float32 run sees what the user's own would)."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False
