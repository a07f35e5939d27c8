"""What a check of a JAX function pays XLA: one value-and-VJP program per dtype, all compiled as one module.

A check on the command line is the first of its program in its process, so
each XLA compilation it starts is paid in full (about 0.1 s of CPU each on
the development machine, ~40 ms of it a fixed cost): the value-only calls,
the VJP calls and every point of a dtype must share one compiled
value-and-VJP program, the dtypes' programs a check was told of ahead must
be compiled together (one XLA compilation), a check that does not sweep must
compile no vectorised program, and a file loaded afresh must reuse what its
first load compiled. A dtype's program is compiled only when that dtype's
numbers are asked for: a float32-only check (a fix's re-check among them)
pays for no float64 compilation.
"""

import dataclasses
import threading

import jax
import numpy as np
import pytest

import gradcli
from bitlevel import assert_same_bits
from gradcli.capture import jax_bridge
from gradcli.checker.targets import resolve

COMPILED = "/jax/core/compile/backend_compile_duration"  # the event JAX records once per XLA compilation

LOSS = '''\
import jax.numpy as jnp


def loss(x, w):
    return jnp.sum(jnp.log(1 + jnp.exp(x * w)) + 0.5 * w ** 2)
'''
POINTS = [{"x": 1.5, "w": [0.5, -1.0, 2.0]}, {"x": 60.0, "w": [0.5, -1.0, 2.0]}]


@pytest.fixture
def compilations():
    """The XLA compilations started while the test runs (a list that grows), the bridge's store emptied first.

    A compilation an earlier test started ahead and never waited for (float64's,
    after a float32 call) ends first, so that it is not counted here.
    """
    for thread in threading.enumerate():
        if thread.name == "gradcli-xla-compile":
            thread.join()
    jax_bridge._EXECUTABLES.clear()
    seen = []

    def listener(event, duration, **kwargs):
        if event == COMPILED:
            seen.append(duration)

    jax.monitoring.register_event_duration_secs_listener(listener)
    try:
        yield seen
    finally:
        jax.monitoring.unregister_event_duration_listener(listener)


@pytest.fixture
def user_file(tmp_path):
    path = tmp_path / "model.py"
    path.write_text(LOSS)
    return f"{path}:loss"


def test_a_check_compiles_one_program_per_dtype_in_one_compilation(compilations, user_file):
    report = gradcli.check(user_file, POINTS, dtypes=("float32", "float64"), fixes=False)
    assert len(report.results) == 4  # two points, two dtypes: value-only and VJP calls at each
    assert len(compilations) == 1
    assert sorted(batched for _, batched in jax_bridge._EXECUTABLES) == [False, False]


def test_a_check_not_told_ahead_compiles_each_dtype_by_itself(compilations, user_file):
    target = dataclasses.replace(resolve(user_file), expect=None)
    gradcli.check(target, POINTS, dtypes=("float32", "float64"), fixes=False)
    assert len(compilations) == 2


def test_a_float32_check_compiles_one_program(compilations, user_file):
    # The exact reference replays float64's graphs, but float64's own numbers are never asked for.
    gradcli.check(user_file, POINTS, dtypes=("float32",), fixes=False)
    for entry in list(jax_bridge._EXECUTABLES.values()):
        entry.result()  # any compilation under way ends before counting
    assert len(compilations) == 1
    assert len(jax_bridge._EXECUTABLES) == 1


def test_one_dtype_compiles_one_program(compilations, user_file):
    gradcli.check(user_file, POINTS, dtypes=("float64",), fixes=False)
    assert len(compilations) == 1


def test_a_file_loaded_afresh_reuses_its_programs(compilations, user_file):
    first = gradcli.check(user_file, POINTS, dtypes=("float32", "float64"), fixes=False)
    assert len(compilations) == 1
    again = gradcli.check(user_file, POINTS, dtypes=("float32", "float64"), fixes=False)
    assert len(compilations) == 1
    for one, two in zip(first.results, again.results):
        assert one.status == two.status
        assert_same_bits(np.asarray(one.gradient["w"]), np.asarray(two.gradient["w"]))  # the same executable ran


def test_a_points_value_and_then_its_gradient_run_the_program_once(user_file):
    # The checker asks for a point's value, then (cotangent 1) for its gradient: one run of value_and_grad's
    # program gives both; the same arguments with a number changed in place run it again.
    captured = resolve(user_file).bridge.own.__self__
    runs = []
    compiled = captured._compiled

    def counted(what, compiling):
        program = compiled(what, compiling)
        return lambda *args: runs.append(what) or program(*args)

    captured._compiled = counted
    args = (np.float64(1.5), np.array([0.5, -1.0, 2.0]))
    value, _ = captured.own(args, None)
    again, (grad_x, grad_w) = captured.own(args, np.ones(()))
    assert len(runs) == 1
    assert_same_bits(again, value)
    fresh = resolve(user_file).bridge.own(tuple(np.copy(a) for a in args), np.ones(()))
    assert_same_bits(grad_w, fresh[1][1])
    args[1][0] = 3.0  # the same tuple, another number: JAX's program runs for it
    _, (_, moved) = captured.own(args, np.ones(()))
    assert len(runs) == 2
    assert moved[0] != grad_w[0]


def test_the_sessions_cache_hands_back_a_program_compiled_again_after_jax_emptied_its_caches():
    # tests/xla_programs.py: a program the bridge compiles again once JAX's caches are emptied (`jax_modes.afresh`)
    # comes back from the session's folder, the same executable: the suite's JAX files count on it for their time.
    hits = []

    def heard(event, **kwargs):
        if event == "/jax/compilation_cache/cache_hits":
            hits.append(event)

    def program(x):
        return jax.numpy.sin(x) * 3.0 + x

    x = np.linspace(0.1, 2.0, 5)
    first = np.asarray(jax.jit(program)(x))
    jax.clear_caches()
    jax.monitoring.register_event_listener(heard)
    try:
        again = np.asarray(jax.jit(program)(x))
    finally:
        jax.monitoring.unregister_event_listener(heard)
    assert hits == ["/jax/compilation_cache/cache_hits"]
    assert_same_bits(again, first)
