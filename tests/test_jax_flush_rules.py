"""Inside a replay rule of several operations, the replay in the dtype goes on with XLA's flushed numbers.

A JAX primitive that gradcli replays with several of its own operations
(``rem``: x - y * trunc(x / y)) can make a subnormal number halfway: XLA's
CPU code flushes it to 0 (the operation that reads it reads 0). The recorder
is shown each operation's result flushed; the replay in the dtype must go on
from those very objects too, or it computes numbers JAX never saw and the
recorder's chain of operations breaks in the middle of the rule.
"""

import jax.numpy as jnp
import numpy as np
import pytest

import gradcli.numpy as gnp
from gradcli.capture import jax_bridge, jax_ops
from gradcli.checker.provenance import Recorder


def _scaled_down_and_up(params, x):
    # Two operations: x * 1e-30 is subnormal in float32 for |x| < 1e-8, which XLA flushes to 0.
    return gnp.multiply(gnp.multiply(x, 1e-30), 1e30)


def _through_sin(x):
    return jnp.sin(x) * 2.0


@pytest.fixture
def two_op_sin(monkeypatch):
    monkeypatch.setitem(jax_ops.PRIMITIVES, "sin", _scaled_down_and_up)
    return jax_bridge.capture(_through_sin, "through_sin")


def test_the_recorded_replay_goes_on_with_the_flushed_value_inside_a_rule(two_op_sin):
    x = np.float32(1e-10)
    with Recorder() as recorder:
        replayed = two_op_sin.forward(x)
    assert replayed == 0  # x * 1e-30 flushed to 0, times 1e30, times 2: XLA's 0
    assert two_op_sin.forward(x) != 0  # unrecorded, NumPy's arithmetic keeps the subnormal (the differences' run)
    multiplies = [r for r in recorder.recording.ops if r.name == "multiply"]
    assert [float(np.asarray(r.output)) for r in multiplies] == [0.0, 0.0, 0.0]
    assert multiplies[1].parents[0] is multiplies[0]  # one chain: the rule's second operation read the first's object
    assert multiplies[2].parents[0] is multiplies[1]  # and the step after the rule read the rule's result


def test_float64_and_a_normal_value_are_untouched(two_op_sin):
    with Recorder():
        assert two_op_sin.forward(np.float32(1e-3)) == np.float32(np.float32(np.float32(1e-3) * np.float32(1e-30)) * np.float32(1e30)) * 2
        assert two_op_sin.forward(np.float64(1e-10)) == pytest.approx(2e-10, rel=1e-12)  # 1e-40 is normal in float64
