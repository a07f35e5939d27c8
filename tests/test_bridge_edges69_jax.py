"""A JAX ``lax.while_loop`` that never meets its stopping test in float32: a Newton cube root under a custom_jvp
whose tolerance (1e-12, relative) is finer than float32 resolves, so float32's iterate stands still at a float
whose cube misses the input and the program's own run never returns.

The float32 replay sees its state come back with the condition still true and says so, `unstable` at the loop's
line beside the exact value and slope (the mathematics has an answer the float32 program never reaches), without
starting JAX's own run, which nothing could stop; float64, in the same check, is judged as usual: a loop's program
compiles alone, never joined to another dtype's whose call would run the endless loop too. The carried trip counter,
which neither the condition nor the step reads, does not hide the repeat. JAX's expit, its logistic primitive, is said as
the user's call in a finding's sentence."""

import json

import pytest

from gradcli.cli import main

jax = pytest.importorskip("jax")

SOURCE = '''\
import jax
import jax.numpy as jnp
from jax import lax


@jax.custom_jvp
def cbrt(a):
    def going(state):
        y, _ = state
        return jnp.abs(y * y * y - a) > 1e-12 * jnp.abs(a)

    def step(state):
        y, trips = state
        return y - (y * y * y - a) / (3 * y * y), trips + 1

    y, _ = lax.while_loop(going, step, (a, 0))
    return y


@cbrt.defjvp
def cbrt_jvp(primals, tangents):
    (a,), (t,) = primals, tangents
    y = cbrt(a)
    return y, t / (3 * y * y)


def loss(a):
    return cbrt(a) * 2.0
'''
LOOP_LINE = 16


def test_a_loop_that_never_ends_in_float32_is_unstable_at_its_line(tmp_path, capsys):
    path = tmp_path / "newton.py"
    path.write_text(SOURCE)
    with pytest.raises(SystemExit) as stop:
        # a small --max-time: without the repeat seen, float32's loop would spend it all and leave no verdict
        main(["check", f"{path}:loss", "--at", "a=2.0", "--dtype", "float32", "--dtype", "float64", "--max-time", "8",
              "--no-fix", "--json"])
    out = capsys.readouterr()
    assert stop.value.code == 1, out.err
    narrow, wide = json.loads(out.out)["results"]
    assert narrow["dtype"] == "float32" and narrow["status"] == "unstable", narrow
    (finding,) = [f for f in narrow["findings"] if f["kind"] == "never-ends"]
    assert finding["location"] == f"{path}:{LOOP_LINE}" and finding["op"] == "lax.while_loop", finding
    assert "never ends in float32" in finding["message"] and "condition still true" in finding["message"], finding
    assert narrow["value"] is None  # JAX's own float32 run was never started
    cube_root = 2.0 ** (1 / 3)
    assert narrow["exact_value"] == pytest.approx(2 * cube_root, rel=1e-14)
    assert narrow["exact_gradient"]["a"] == pytest.approx(2 / (3 * cube_root ** 2), rel=1e-14)
    assert wide["dtype"] == "float64" and wide["status"] == "ok", wide
    assert wide["gradient"]["a"] == pytest.approx(2 / (3 * cube_root ** 2), rel=1e-12)


def test_the_watch_finds_a_cycle_of_any_period_and_never_one_of_exact_numbers():
    """Brent's watch: a state stepping through the same three floats is seen coming back within a few periods; a
    state that never repeats, or holds exact numbers (an object array), is never called a cycle."""
    import numpy as np

    from gradcli.capture.loop_trips import Cycle

    cycle, seen = Cycle(), 0
    for trip in range(1, 40):
        state = [np.float32([0.1, 0.2, 0.3][trip % 3]), np.int32(7)]
        seen = cycle.came_back(state, trip)
        if seen:
            break
    assert seen and (trip - seen) % 3 == 0 and trip < 20, (trip, seen)
    growing, exact = Cycle(), Cycle()
    assert not any(growing.came_back([np.float64(trip)], trip) for trip in range(1, 300))
    assert not any(exact.came_back([np.array([0.5], dtype=object)], trip) for trip in range(1, 50))


SQUASHED = '''\
import jax.numpy as jnp
from jax.scipy.special import expit


def squashed(x):
    return jnp.sqrt(expit(x))
'''


def test_an_underflow_in_jaxs_expit_is_said_as_the_users_call(tmp_path, capsys):
    """JAX's expit is its logistic primitive; the finding and its sentence name the call the user wrote, as they do
    for jax.nn.sigmoid."""
    path = tmp_path / "squash.py"
    path.write_text(SQUASHED)
    with pytest.raises(SystemExit):
        main(["check", f"{path}:squashed", "--at", "x=-200", "--dtype", "float32", "--no-fix", "--json"])
    (finding, *_) = json.loads(capsys.readouterr().out)["results"][0]["findings"]
    assert finding["op"] == "jax.scipy.special.expit (logistic)" and finding["location"] == f"{path}:6", finding
    assert finding["message"].startswith("jax.scipy.special.expit(-200.0) underflowed"), finding
