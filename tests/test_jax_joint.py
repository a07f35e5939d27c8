"""A joint XLA compilation (`jax_compile._join`) must never fail or hold back the program a check asks for.

The programs `expect` is told of compile as one module, and each call of one
part runs the others too: what the others meet (a NaN JAX's debug flags
check for, an interrupt while XLA compiles) must not become the asked
program's error, and the process-wide store of compiled programs must not
keep a check's capture alive.
"""

import gc
import weakref

import jax
import jax.numpy as jnp
import numpy as np
import pytest

from gradcli.capture import jax_bridge


def _users_value_and_grad(fun, args):
    with jax.enable_x64(np.asarray(args[0]).dtype == np.float64):
        value, grads = jax.jit(jax.value_and_grad(fun))(*args)
    return float(value), np.asarray(grads, dtype=np.float64)


@pytest.fixture
def debug_nans():
    """JAX's NaN checks on, as a user chasing a NaN sets them (`JAX_DEBUG_NANS=1`), and off again after."""
    jax.config.update("jax_debug_nans", True)
    yield
    jax.config.update("jax_debug_nans", False)


@pytest.fixture
def fresh_store():
    jax_bridge._EXECUTABLES.clear()
    yield
    jax_bridge._EXECUTABLES.clear()


def _xlogx(v):
    return jnp.sum(v * jnp.log(v))


def test_with_jaxs_nan_checks_on_a_joint_check_answers_as_the_program_alone(debug_nans, fresh_store):
    # Told of float32 and float64 at v > 0, where x log x is finite: no part may run at a point of its own
    # making (0, where log gives -inf and 0 * -inf NaN) and trip the NaN check the user turned on.
    bridge = jax_bridge.capture(_xlogx, "xlogx")
    bridge.expect([(np.array([1.5, 2.0]),)], [np.float32, np.float64])
    for dtype in (np.float32, np.float64):
        args = (np.array([1.5, 2.0], dtype=dtype),)
        value, (grad,) = bridge.own(args, np.ones((), dtype))
        want_value, want_grad = _users_value_and_grad(_xlogx, args)
        np.testing.assert_allclose(float(value), want_value, rtol=1e-6)
        np.testing.assert_allclose(np.asarray(grad, dtype=np.float64), want_grad, rtol=1e-6)


def _cancelled(x):
    return jnp.exp(x) - jnp.exp(x) + x


def test_nan_checks_turned_on_after_the_join_keep_the_other_dtypes_nan_out_of_the_asked_program(fresh_store):
    # At x = 100 float32's exp overflows (inf - inf: NaN) and float64's does not. Once the flag is on, a
    # float64 call must not run float32's part: the check of float64 answers, float32's NaN is float32's own.
    bridge = jax_bridge.capture(_cancelled, "cancelled")
    bridge.expect([(np.float64(100.0),)], [np.float32, np.float64])
    parts = list(jax_bridge._EXECUTABLES.values())
    assert len(parts) == 2 and parts[0].compiling is parts[1].compiling  # joined while the flag was off
    jax.config.update("jax_debug_nans", True)
    try:
        value, (grad,) = bridge.own((np.float64(100.0),), np.ones((), np.float64))
    finally:
        jax.config.update("jax_debug_nans", False)
    want_value, want_grad = _users_value_and_grad(_cancelled, (np.float64(100.0),))
    assert float(value) == pytest.approx(want_value, rel=1e-12) and np.isfinite(want_value)
    np.testing.assert_allclose(float(grad), want_grad, rtol=1e-12, atol=1e-12)
    # the flag off again, the program compiled alone answers on
    value, _ = bridge.own((np.float64(100.0),), np.ones((), np.float64))
    assert float(value) == pytest.approx(100.0, rel=1e-12)


def test_a_joint_check_with_jaxs_checks_on_from_the_start_compiles_each_program_alone(debug_nans, fresh_store):
    bridge = jax_bridge.capture(_xlogx, "xlogx")
    bridge.expect([(np.array([1.5, 2.0]),)], [np.float32, np.float64])
    parts = list(jax_bridge._EXECUTABLES.values())
    assert len(parts) == 2 and parts[0].compiling is not parts[1].compiling
    assert parts[0].joint is None and parts[1].joint is None


class _Interrupted:
    """A compilation whose wait is interrupted (Ctrl-C while XLA works)."""

    def result(self):
        raise KeyboardInterrupt


def test_an_interrupt_while_a_joint_program_compiles_reaches_the_caller(fresh_store):
    bridge = jax_bridge.capture(_xlogx, "xlogx")
    bridge.expect([(np.array([1.5, 2.0]),)], [np.float32, np.float64])
    part = next(iter(jax_bridge._EXECUTABLES.values()))
    part.compiling.result()  # let the joint compilation finish before the wait is replaced
    part.compiling = _Interrupted()
    started = []

    def alone():
        started.append(True)
        raise RuntimeError("a compilation started in the interrupted one's stead")

    part.alone = alone
    with pytest.raises(KeyboardInterrupt):
        part.result()
    assert started == []


def test_the_store_of_compiled_programs_does_not_keep_a_checks_capture_alive(fresh_store):
    bridge = jax_bridge.capture(_xlogx, "xlogx")
    bridge.expect([(np.array([1.5, 2.0]),)], [np.float32, np.float64])
    bridge.own((np.array([1.5, 2.0], dtype=np.float32),), np.ones((), np.float32))
    assert len(jax_bridge._EXECUTABLES) == 2
    gone = weakref.ref(bridge.own.__self__)  # the capture: the user's function, its graphs and programs
    del bridge
    gc.collect()
    assert gone() is None


def test_the_other_parts_of_a_joint_program_run_at_the_point_they_were_announced_with(fresh_store):
    # Each call of one part runs the other with the arguments it holds on JAX's device: the check's point, in
    # the other part's dtype (not zeros, outside the domain of log, 1/x, x log x).
    bridge = jax_bridge.capture(_xlogx, "xlogx")
    bridge.expect([(np.array([1.5, 2.0]),)], [np.float32, np.float64])
    parts = list(jax_bridge._EXECUTABLES.values())
    assert len(parts) == 2 and parts[0].compiling is parts[1].compiling
    for part, other in ((parts[0], parts[1]), (parts[1], parts[0])):
        before, after = part.joint[:2]
        (held,) = before + after
        assert np.asarray(held).dtype == other.avals[0].dtype
        np.testing.assert_array_equal(np.asarray(held, dtype=np.float64), [1.5, 2.0])
