"""JAX's own numbers come from ``jax.jit(jax.value_and_grad(f))``'s program, compiled by XLA in the background.

The bridge traces JAX's VJP once per argument layout and dtype: the same
trace is replayed by gradcli (the backward graph) and lowered for XLA, whose
compilation runs in a thread of its own while the check goes on. Whatever the
arrangement, the numbers under test must be those of the program a user's
``jax.jit(jax.value_and_grad(f))`` runs, bit for bit; XLA's errors must reach
the check as before; and no thread may outlive the check that needed it.
"""

import threading

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import gradcli
from bitlevel import assert_same_bits
from gradcli.capture import jax_bridge


@jax.custom_jvp
def _softplus(x):
    return jnp.log1p(jnp.exp(x))


@_softplus.defjvp
def _softplus_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return _softplus(x), t * jax.nn.sigmoid(x)


@jax.custom_vjp
def _clipped(x):
    return jnp.tanh(x) * 2.0


def _clipped_fwd(x):
    return _clipped(x), x


def _clipped_bwd(x, g):
    return (g * 2.0 * (1 - jnp.tanh(x) ** 2),)


_clipped.defvjp(_clipped_fwd, _clipped_bwd)

W = np.array([[0.5, -1.25, 2.0], [1.5, 0.25, -0.75]])

FUNCTIONS = {
    "elementwise": (lambda x, w: jnp.sum(jnp.log(1 + jnp.exp(x * w)) + 0.5 * w**2), lambda r: (r.normal(), r.normal(size=3))),
    "reductions": (lambda v: jax.scipy.special.logsumexp(v) + jnp.max(v) * jnp.mean(v**2), lambda r: (r.normal(size=7),)),
    "dot": (lambda a, v: jnp.sum(jnp.tanh(a @ v) ** 2), lambda r: (r.normal(size=(2, 3)), r.normal(size=3))),
    "where": (lambda v: jnp.sum(jnp.where(v > 0.2, jnp.sqrt(jnp.abs(v)), v**3)), lambda r: (r.normal(size=6),)),
    "custom_jvp": (lambda v: jnp.sum(_softplus(v * 3.0)), lambda r: (r.normal(size=5),)),
    "custom_vjp": (lambda v: jnp.sum(_clipped(v) * v), lambda r: (r.normal(size=5),)),
    "tree": (lambda p, x: jnp.sum((p["w"] @ x + p["b"]) ** 2), lambda r: ({"b": r.normal(size=2), "w": r.normal(size=(2, 3))}, r.normal(size=3))),
}


# A user's jitted function per (function, argument count, dtype), made once and called at every point, as a user
# calls theirs: a fresh jax.jit at each call would trace and compile XLA's program again (seconds a test).
_USERS_PROGRAMS = {}


def _users_program(fun, args, dtype):
    """What a user's ``jax.jit(jax.value_and_grad(f))`` gives at ``args`` in ``dtype``: ``(value, gradient leaves)``."""
    key = (fun, len(args), np.dtype(dtype))
    if key not in _USERS_PROGRAMS:
        _USERS_PROGRAMS[key] = jax.jit(jax.value_and_grad(fun, argnums=tuple(range(len(args)))))
    with jax.enable_x64(dtype == np.float64):
        value, grads = _USERS_PROGRAMS[key](*args)
    return np.asarray(value), [np.asarray(g) for g in jax.tree_util.tree_leaves(grads)]


@pytest.mark.bitlevel
def _same_numbers_as_the_users(bridge, fun, args, dtype):
    """Assert the bridge's value and gradients at ``args`` are the user's own program's, bit for bit; its value."""
    want_value, want_grads = _users_program(fun, args, dtype)
    value, grads = bridge.own(args, np.ones((), dtype))
    assert_same_bits(value, want_value)
    got = jax.tree_util.tree_leaves(grads)
    assert len(got) == len(want_grads)
    for one, other in zip(got, want_grads):
        assert_same_bits(np.asarray(one), other)
    return want_value


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("name", sorted(FUNCTIONS))
def test_the_bridges_numbers_are_those_of_jit_of_value_and_grad_bit_for_bit(name, dtype):
    fun, draw = FUNCTIONS[name]
    bridge = jax_bridge.capture(fun, name)
    rng = np.random.default_rng(7)
    for _ in range(4):
        args = jax.tree_util.tree_map(lambda a: np.asarray(a, dtype=dtype), draw(rng))
        want_value = _same_numbers_as_the_users(bridge, fun, args, dtype)
        value_alone, nothing = bridge.own(args, None)
        assert nothing is None
        assert_same_bits(value_alone, want_value)


JOINED_FUNCTIONS = {
    **FUNCTIONS,
    "transcendental": (
        lambda v: jnp.sum(jnp.sin(v) * jnp.arctan(v) + jax.scipy.special.erf(v) + jnp.tanh(v) + jax.nn.sigmoid(v) + jnp.expm1(v) * jnp.log1p(jnp.abs(v))),
        lambda r: (r.normal(size=9) * 3,),
    ),
    "powers": (lambda v, p: jnp.sum(v**3 + v**-2 + jnp.abs(v) ** p + jax.lax.rsqrt(jnp.abs(v) + 1)), lambda r: (r.normal(size=8), r.uniform(0.5, 2.5))),
    "long_sums": (lambda v: jnp.sum(jnp.exp(v) * v) + jnp.prod(1 + v[:20] * 0.01) + jax.nn.logsumexp(v * 3), lambda r: (r.normal(size=1000),)),
    "log_softmax": (lambda w, x: jnp.sum(jax.nn.log_softmax(w @ x) * jnp.arange(4.0)), lambda r: (r.normal(size=(4, 5)), r.normal(size=5))),
}


@pytest.mark.bitlevel
@pytest.mark.parametrize("name", sorted(JOINED_FUNCTIONS))
def test_programs_compiled_as_one_module_give_each_programs_own_numbers_bit_for_bit(name):
    # Told both dtypes ahead, the bridge compiles float32's and float64's programs in one XLA module: each
    # dtype's numbers must still be those of the user's own jax.jit(jax.value_and_grad(f)) in that dtype.
    fun, draw = JOINED_FUNCTIONS[name]
    jax_bridge._EXECUTABLES.clear()
    bridge = jax_bridge.capture(fun, name)
    rng = np.random.default_rng(17)
    first = draw(rng)
    bridge.expect([first], [np.float32, np.float64])
    parts = list(jax_bridge._EXECUTABLES.values())
    assert len(parts) == 2 and parts[0].compiling is parts[1].compiling  # one joint compilation
    for args in [first] + [draw(rng) for _ in range(5)]:
        for dtype in (np.float32, np.float64):
            typed = jax.tree_util.tree_map(lambda a: np.asarray(a, dtype=dtype), args)
            _same_numbers_as_the_users(bridge, fun, typed, dtype)
    assert parts[0].joint is not None and parts[1].joint is not None  # the joint program answered, not a fallback
    jax_bridge._EXECUTABLES.clear()


def test_a_joint_compilation_that_fails_compiles_each_program_alone(monkeypatch):
    from jax._src import stages

    real = stages.Lowered.compile
    calls = []

    def fails_first(self, *args, **kwargs):
        calls.append(self)
        if len(calls) == 1:  # the joint module's
            return _Failing().compile()
        return real(self, *args, **kwargs)

    fun, draw = FUNCTIONS["dot"]
    jax_bridge._EXECUTABLES.clear()
    monkeypatch.setattr(stages.Lowered, "compile", fails_first)
    bridge = jax_bridge.capture(fun, "dot")
    args = draw(np.random.default_rng(3))
    bridge.expect([args], [np.float32, np.float64])
    for dtype in (np.float32, np.float64):
        typed = tuple(np.asarray(a, dtype=dtype) for a in args)
        value, grads = bridge.own(typed, np.ones((), dtype))
        want_value, want_grads = _users_program(fun, typed, dtype)
        assert_same_bits(value, want_value)
        for one, other in zip(grads, want_grads):
            assert_same_bits(np.asarray(one), other)
    assert len(calls) == 3  # the joint module, then each program by itself
    jax_bridge._EXECUTABLES.clear()


def test_a_float32_program_compiles_nothing_ahead():
    fun, draw = FUNCTIONS["elementwise"]
    jax_bridge._EXECUTABLES.clear()
    bridge = jax_bridge.capture(fun, "elementwise")
    args = tuple(np.asarray(a, dtype=np.float32) for a in draw(np.random.default_rng(0)))
    bridge.own(args, None)
    assert len(jax_bridge._EXECUTABLES) == 1  # float32's alone: nobody asked for float64's numbers
    bridge.own(tuple(a.astype(np.float64) for a in args), None)
    assert len(jax_bridge._EXECUTABLES) == 2  # float64's, compiled when they are asked for


def test_a_float64_program_compiles_nothing_ahead():
    fun, draw = FUNCTIONS["elementwise"]
    jax_bridge._EXECUTABLES.clear()
    bridge = jax_bridge.capture(fun, "elementwise")
    bridge.own(tuple(np.asarray(a) for a in draw(np.random.default_rng(0))), None)
    assert len(jax_bridge._EXECUTABLES) == 1


class _Failing:
    """A lowered program whose compilation fails, as XLA's would."""

    def compile(self):
        raise RuntimeError("XLA could not compile this")


def test_an_error_of_the_compilation_is_raised_where_the_program_is_asked_for():
    compiling = jax_bridge._Compiling(_Failing())
    with pytest.raises(RuntimeError, match="XLA could not compile this") as first:
        compiling.result()
    with pytest.raises(RuntimeError, match="XLA could not compile this") as second:
        compiling.result()  # every ask, not only the first
    assert first.value is not second.value  # a fresh exception each time, no traceback piled onto another's
    assert first.value.__cause__ is second.value.__cause__ is compiling._error
    assert not compiling._thread.is_alive()


def test_a_failed_compilation_leaves_the_shared_store():
    jax_bridge._EXECUTABLES.clear()
    key = ("a program that fails", False)
    compiling = jax_bridge._kept(key, lambda: jax_bridge._Compiling(_Failing(), key))
    assert jax_bridge._EXECUTABLES[key] is compiling
    with pytest.raises(RuntimeError, match="XLA could not compile this"):
        compiling.result()
    assert key not in jax_bridge._EXECUTABLES


def test_a_compilation_that_fails_once_is_compiled_afresh_at_the_next_ask(monkeypatch):
    from jax._src import stages

    real = stages.Lowered.compile
    calls = []

    def fails_once(self, *args, **kwargs):
        calls.append(self)
        if len(calls) == 1:
            return _Failing().compile()
        return real(self, *args, **kwargs)

    fun, draw = FUNCTIONS["dot"]
    jax_bridge._EXECUTABLES.clear()
    monkeypatch.setattr(stages.Lowered, "compile", fails_once)
    bridge = jax_bridge.capture(fun, "dot")
    args = tuple(np.asarray(a) for a in draw(np.random.default_rng(3)))
    with pytest.raises(RuntimeError, match="XLA could not compile this"):
        bridge.own(args, np.ones(()))
    assert jax_bridge._EXECUTABLES == {} and bridge.own.__self__.compiled == {}  # neither store keeps the failure
    value, grads = bridge.own(args, np.ones(()))
    assert len(calls) == 2
    want_value, want_grads = _users_program(fun, args, np.float64)
    assert_same_bits(value, want_value)
    for one, other in zip(grads, want_grads):
        assert_same_bits(np.asarray(one), other)
    jax_bridge._EXECUTABLES.clear()


def test_an_error_of_xla_in_a_check_is_the_checks_error(tmp_path, monkeypatch):
    from jax._src import stages

    path = tmp_path / "model.py"
    path.write_text("import jax.numpy as jnp\n\n\ndef loss(x):\n    return jnp.sum(jnp.exp(x))\n")
    jax_bridge._EXECUTABLES.clear()
    monkeypatch.setattr(stages.Lowered, "compile", lambda self, *a, **k: _Failing().compile())
    # As when JAX's own call raises: the point's verdict is an error saying what was raised.
    (result,) = gradcli.check(f"{path}:loss", [{"x": 1.0}], dtypes=("float64",), fixes=False).results
    assert result.status == "error"
    assert result.error.startswith("RuntimeError: XLA could not compile this")
    jax_bridge._EXECUTABLES.clear()


def _compiling_threads():
    return [t for t in threading.enumerate() if t.name == "gradcli-xla-compile"]


def test_no_compilation_thread_outlives_a_check_of_both_dtypes(tmp_path):
    path = tmp_path / "model.py"
    path.write_text("import jax.numpy as jnp\n\n\ndef loss(x, w):\n    return jnp.sum(jnp.log(1 + jnp.exp(x * w)))\n")
    for thread in _compiling_threads():  # another test's compilation is not this check's
        thread.join()
    jax_bridge._EXECUTABLES.clear()
    report = gradcli.check(f"{path}:loss", [{"x": 1.5, "w": [0.5, -1.0]}], dtypes=("float32", "float64"), fixes=False)
    assert [r.status for r in report.results] == ["ok", "ok"]
    assert _compiling_threads() == []


class _Blocking:
    """A lowered program whose compilation goes on until ``release`` is set."""

    def __init__(self):
        self.started, self.release = threading.Event(), threading.Event()

    def compile(self):
        self.started.set()
        self.release.wait()
        return "compiled"


def test_a_compilation_nobody_waits_for_runs_in_a_thread_that_is_no_daemon():
    lowered = _Blocking()
    compiling = jax_bridge._Compiling(lowered)
    try:
        lowered.started.wait()
        assert compiling._thread.is_alive()  # under way, nobody waiting
        assert not compiling._thread.daemon  # an exit waits for XLA rather than tearing it down
    finally:
        lowered.release.set()
    assert compiling.result() == "compiled"
    assert not compiling._thread.is_alive()


def _scaled_loss(x, y):
    return (x * y + y * y) * x - y * (x * x)


@pytest.mark.bitlevel
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_a_backward_replay_with_another_cotangent_is_jaxs_vjp_with_it_bit_for_bit(dtype):
    # Scalar arithmetic alone, which XLA rounds as NumPy does, so JAX's op-by-op VJP is the replay's reference;
    # the gradient at a cotangent of 1 multiplied by the cotangent afterwards differs at most of these points.
    bridge = jax_bridge.capture(_scaled_loss, "scaled")
    rng = np.random.default_rng(11)
    for _ in range(20):
        x, y = (np.asarray(v, dtype=dtype) for v in rng.normal(size=2))
        cotangent = np.asarray(rng.normal() * 7, dtype=dtype)
        with jax.enable_x64(dtype == np.float64):
            _, pullback = jax.vjp(_scaled_loss, x, y)
            want = [np.asarray(g) for g in pullback(cotangent)]
        got = bridge.backward((x, y), cotangent)
        for one, other in zip(got, want):
            assert_same_bits(np.asarray(one, dtype=dtype), other)
