"""The JAX bridge: a JAX function's own numbers under test, its jaxprs replayed by gradcli for the exact reference.

`capture(fun, text)` returns a `Bridge` (see `bridge.py`):

- ``own``: ``jax.jit`` of ``jax.vjp`` of the user's function, run by JAX in the
  dtype of the arguments (every rule JAX applies, ``custom_jvp`` and
  ``custom_vjp`` ones included). float64 runs in JAX's x64 mode, switched on for
  that call alone (``jax.enable_x64``), so the user's own float32 runs see
  nothing change;
- ``forward``: ``jax.make_jaxpr`` of the function, replayed with gradcli's
  operations (`jax_walk`, `jax_ops`), custom derivatives by their primal;
- ``backward``: the jaxpr of ``jax.vjp(f, *args)[1](ct)``, JAX's backward
  computation (the custom rules' bodies included, each operation of a user's
  rule marked with the rule's name and line), replayed the same way;
- ``vectorised``: ``jax.vmap`` of ``jax.value_and_grad``, a sweep's whole range
  in one call per dtype.

Graphs are captured once per argument structure, shapes and dtypes: the
working dtypes JAX has (float16, float32, float64) are captured in their own
dtype, so a replay in the dtype follows JAX's operations one by one; mpmath
numbers, balls and longdouble replay the float64 graph at their own precision.
"""

from __future__ import annotations

import inspect

import numpy as np

from ..autodiff.values import raw
from ..errors import InputError
from .bridge import Bridge
from .jax_walk import collect_rules, compile_jaxpr, rule_frames_kept

# Formula functions (the fixes' catalogue) as JAX spells them.
SPELLINGS = {
    "softplus": "jax.nn.softplus",
    "logaddexp": "jax.numpy.logaddexp",
    "log_sigmoid": "jax.nn.log_sigmoid",
    "sigmoid": "jax.nn.sigmoid",
    "logsumexp": "jax.scipy.special.logsumexp",
    "log1p": "jax.numpy.log1p",
    "expm1": "jax.numpy.expm1",
    "hypot": "jax.numpy.hypot",
    "log": "jax.numpy.log",
    "exp": "jax.numpy.exp",
    "sqrt": "jax.numpy.sqrt",
    "where": "jax.numpy.where",
    "tanh": "jax.numpy.tanh",
    "xlogy": "jax.scipy.special.xlogy",
    "xlog1py": "jax.scipy.special.xlog1py",
    "erf": "jax.scipy.special.erf",
    "sum": "jax.numpy.sum",
    "softmax": "jax.nn.softmax",
    "log_softmax": "jax.nn.log_softmax",
}

_FRAMEWORK_FLOATS = {np.dtype(np.float16), np.dtype(np.float32), np.dtype(np.float64)}


def capture(fun, text):
    """The `Bridge` of a function written with JAX (``text`` names it in messages)."""
    captured = _Captured(fun, text)
    return Bridge(
        "jax",
        captured.own,
        captured.forward,
        captured.backward,
        "jax.numpy",
        SPELLINGS,
        captured.vectorised,
        flushes_subnormals=True,
    )


def _leaf_type(leaf):
    """``(shape, dtype)`` a graph is captured for: a framework float keeps its dtype; any other number is float64."""
    if type(leaf) is np.ndarray and leaf.dtype in _FRAMEWORK_FLOATS:
        return leaf.shape, leaf.dtype
    value = raw(leaf)
    kind = type(value)
    if kind in _SCALAR_TYPES:  # a replay's many calls at mpmath numbers and balls: no NumPy look-ups
        return _SCALAR_TYPES[kind]
    dtype = getattr(value, "dtype", None)
    if dtype is not None and (np.dtype(dtype) in _FRAMEWORK_FLOATS or np.dtype(dtype).kind in "biu"):
        return np.shape(value), np.dtype(dtype)
    if isinstance(value, (bool, int, np.integer)) and not isinstance(value, np.floating):
        return (), np.dtype(np.int64)
    found = np.shape(value), np.dtype(np.float64)
    if dtype is None and found[0] == () and _plain_scalar(value):
        _SCALAR_TYPES[kind] = found
    return found


_SCALAR_TYPES = {float: ((), np.dtype(np.float64))}  # number types without a dtype -> their leaf type, learnt as met


def _plain_scalar(value):
    """Whether ``value``'s type is a number type with no dtype and no shape (mpmath's, flint's): its leaf type is fixed."""
    kind = type(value)
    return not hasattr(kind, "shape") and not hasattr(kind, "dtype") and not hasattr(kind, "__len__")


def _floating(dtype):
    return np.dtype(dtype).kind == "f"


class _Captured:
    """The user's JAX function and its graphs and compiled calls, one per argument structure, shapes and dtypes."""

    def __init__(self, fun, text):
        self.fun, self.text = fun, text
        code = getattr(inspect.unwrap(fun), "__code__", None)
        self.where = f"{code.co_filename}:{code.co_firstlineno}" if code else text
        self.graphs = {}  # key -> (forward program, rules, output aval)
        self.backwards = {}  # key -> backward program
        self.compiled = {}  # (what, key) -> a jitted function

    # -- structure of the arguments
    def key(self, args):
        """``(key, leaves)``: the arguments' structure, shapes and dtypes (what a graph is captured for), and leaves."""
        import jax  # lazy: only a JAX target loads JAX

        leaves, tree = jax.tree_util.tree_flatten(tuple(args))
        return (tree, tuple(map(_leaf_type, leaves))), leaves

    def _x64(self, types):
        import jax  # lazy: only a JAX target loads JAX

        if any(dtype == np.float64 for _, dtype in types):
            return jax.enable_x64(True)
        return _Unchanged()

    def _specs(self, key):
        import jax  # lazy: only a JAX target loads JAX

        tree, types = key
        return jax.tree_util.tree_unflatten(tree, [jax.ShapeDtypeStruct(shape, dtype) for shape, dtype in types])

    # -- the forward graph
    def graph(self, key):
        if key not in self.graphs:
            import jax  # lazy: only a JAX target loads JAX

            with self._x64(key[1]), _user_errors(self.text):
                closed, shape = jax.make_jaxpr(self.fun, return_shape=True)(*self._specs(key))
            if not hasattr(shape, "shape") or not _floating(shape.dtype):
                raise InputError(f"{self.text} returns {type(shape).__name__}, not an array of floats: gradcli checks a function returning a number or an array", text=self.text)
            rules = collect_rules(closed)
            self.graphs[key] = (compile_jaxpr(closed, self.where), rules, shape)
        return self.graphs[key]

    def forward(self, *args):
        key, leaves = self.key(args)
        program, _, _ = self.graph(key)
        return program.run(leaves)[0]

    # -- the backward graph
    def _pullback(self, key):
        """``(floats, others, ct) -> gradients of the float leaves``: JAX's VJP with the data leaves held."""
        import jax  # lazy: only a JAX target loads JAX

        tree, types = key
        floating = [_floating(dtype) for _, dtype in types]

        def pulled(floats, others, cotangent):
            def of_floats(*xs):
                xs, rest = iter(xs), iter(others)
                leaves = [next(xs) if f else next(rest) for f in floating]
                return self.fun(*jax.tree_util.tree_unflatten(tree, leaves))

            _, pullback = jax.vjp(of_floats, *floats)
            return pullback(cotangent)

        return pulled, floating

    def backward_program(self, key):
        """JAX's VJP at ``key``, captured once: ``(replayed program, closed jaxpr)``, both giving (value, *gradients).

        The one jaxpr serves twice: replayed by gradcli (the backward graph) and
        compiled by XLA for JAX's own numbers (`own`), so the two never differ
        in what they compute.
        """
        if key not in self.backwards:
            import jax  # lazy: only a JAX target loads JAX

            _, rules, shape = self.graph(key)
            pulled, floating = self._pullback(key)
            specs = [jax.ShapeDtypeStruct(s, d) for s, d in key[1]]
            floats = [s for s, f in zip(specs, floating) if f]
            others = [s for s, f in zip(specs, floating) if not f]
            both = _with_value(pulled, self.fun, key[0], floating)
            with self._x64(key[1]), rule_frames_kept(rules), _user_errors(self.text):
                closed = jax.make_jaxpr(both)(floats, others, jax.ShapeDtypeStruct(shape.shape, shape.dtype))
            self.backwards[key] = (compile_jaxpr(closed, self.where, rules), closed)
        return self.backwards[key]

    def _split(self, key, leaves):
        floating = [_floating(dtype) for _, dtype in key[1]]
        floats = [leaf for leaf, f in zip(leaves, floating) if f]
        others = [leaf for leaf, f in zip(leaves, floating) if not f]
        return floats + others, floating

    def backward(self, args, cotangent):
        key, leaves = self.key(args)
        program, _ = self.backward_program(key)
        inputs, floating = self._split(key, leaves)
        grads = iter(program.run(inputs + [cotangent])[1:])
        return self._per_argument(key, leaves, floating, grads)

    def _per_argument(self, key, leaves, floating, grads):
        import jax  # lazy: only a JAX target loads JAX

        out = [next(grads) if f else np.zeros(np.shape(raw(leaf))) for leaf, f in zip(leaves, floating)]
        return tuple(jax.tree_util.tree_unflatten(key[0], out))

    # -- JAX's own numbers
    def own(self, args, cotangent):
        """JAX's value and VJP: the captured VJP jaxpr compiled by XLA (one call gives both)."""
        key, leaves = self.key(args)
        _, _, shape = self.graph(key)
        if ("own", key) not in self.compiled:
            self.compiled[("own", key)] = _executable(self.backward_program(key)[1])
        inputs, floating = self._split(key, leaves)
        seed = np.ones(shape.shape, dtype=shape.dtype) if cotangent is None else np.asarray(cotangent, dtype=shape.dtype)
        with self._x64(key[1]), _user_errors(self.text):
            value, *grads = self.compiled[("own", key)](*inputs, seed)
        if cotangent is None:
            return np.asarray(value), None
        grads = iter([np.asarray(g) for g in grads])
        return np.asarray(value), self._per_argument(key, leaves, floating, grads)

    def vectorised(self, arrays, dtype):
        """Values and gradients at every point of a sweep (one array per argument) in one call of JAX's VJP
        under ``jax.vmap``; None for a dtype JAX lacks."""
        dtype = np.dtype(dtype)
        if dtype not in _FRAMEWORK_FLOATS:
            return None
        size = len(arrays[0])
        scalars = tuple(np.asarray(a[0], dtype=dtype) for a in arrays)
        key, _ = self.key(scalars)
        if ("vmap", key) not in self.compiled:
            self.compiled[("vmap", key)] = _executable(self.backward_program(key)[1], batched=True)
        padded = [_padded(np.asarray(a, dtype=dtype), size) for a in arrays]
        with self._x64(key[1]), _user_errors(self.text):
            value, *grads = self.compiled[("vmap", key)](*padded, np.ones(len(padded[0]), dtype=dtype))
        return np.asarray(value)[:size], [np.asarray(g)[:size] for g in grads]


_EXECUTABLES = {}  # the text of a captured jaxpr (and its constants) -> its jitted evaluation
_KEPT = 64


def _executable(closed, batched=False):
    """``closed`` (a ClosedJaxpr) compiled by XLA, shared by every capture of the same program.

    Each check loads the user's file afresh (a new function object, which
    ``jax.jit``'s own cache would compile again): the program's text and
    constants say when it is the same computation.
    """
    import hashlib

    from jax.extend.core import jaxpr_as_fun  # lazy: only a JAX target loads JAX
    import jax  # lazy: only a JAX target loads JAX

    digest = hashlib.sha256(str(closed.jaxpr).encode())
    for const in closed.consts:
        array = np.asarray(const)
        digest.update(f"{array.dtype}{array.shape}".encode())
        digest.update(array.tobytes())
    key = (digest.hexdigest(), batched)
    if key not in _EXECUTABLES:
        if len(_EXECUTABLES) >= _KEPT:
            _EXECUTABLES.pop(next(iter(_EXECUTABLES)))
        program = jaxpr_as_fun(closed)
        _EXECUTABLES[key] = jax.jit(jax.vmap(program) if batched else program)
    return _EXECUTABLES[key]


def _padded(array, size):
    """``array`` (``size`` points) padded with its last point to a power of two (128 at least): a sweep's many
    sizes (its bisections ask for a few points at a time) share one compilation."""
    bucket = max(128, 1 << max(size - 1, 0).bit_length())
    if bucket == size:
        return array
    return np.concatenate([array, np.repeat(array[-1:], bucket - size, axis=0)])


def _with_value(pulled, fun, tree, floating):
    """``pulled`` that also returns the function's value (one jitted call for both)."""
    import jax  # lazy: only a JAX target loads JAX

    def both(floats, others, cotangent):
        xs, rest = iter(floats), iter(others)
        leaves = [next(xs) if f else next(rest) for f in floating]
        return fun(*jax.tree_util.tree_unflatten(tree, leaves)), pulled(floats, others, cotangent)

    return both


class _Unchanged:
    """JAX's precision as the user set it (a float32 run sees what the user's own would)."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


class _user_errors:
    """JAX's tracing errors in a user's function (a Python ``if`` on a traced value) as one clear InputError."""

    def __init__(self, text):
        self.text = text

    def __enter__(self):
        return self

    def __exit__(self, kind, error, tb):
        if kind is None or not issubclass(kind, Exception) or isinstance(error, InputError):
            return False
        module = type(error).__module__ or ""
        if module.startswith("jax"):
            first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
            raise InputError(f"JAX could not trace {self.text}: {type(error).__name__}: {first}", text=self.text) from None
        return False
