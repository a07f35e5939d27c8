"""The op that reads a subnormal operand as 0 is the one named, where the framework's CPU code does so.

A Stribeck friction law written term by term, ``direction = sign(v)`` on one
line and ``decay = exp(-(v / 0.01) ** 2)`` on the next, at v = 5e-324: the
CPU kernels of TensorFlow and XLA read the subnormal v as 0, so sign gives 0
and the friction 0 for 1.5. The replay in the dtype flushed only results, so it
computed sign(5e-324) = 1 and named the next line's divide, whose flushed 0
changes nothing (exp(-0^2) = 1). Each op of the replay now reads a subnormal
operand as those kernels do, and the finding says so at sign's line.
"""

import textwrap

import numpy as np
import pytest

import gradcli
from gradcli.checker import provenance

SOURCES = {
    "tensorflow": '''
        import tensorflow as tf


        def friction(v):
            direction = tf.sign(v)
            decay = tf.exp(-(v / 0.01) ** 2)
            return (0.3 + 0.2 * decay) * direction + 0.4 * v
    ''',
    "jax": '''
        import jax.numpy as jnp


        def friction(v):
            direction = jnp.sign(v)
            decay = jnp.exp(-(v / 0.01) ** 2)
            return (0.3 + 0.2 * decay) * direction + 0.4 * v
    ''',
}
KERNELS = {"tensorflow": "TensorFlow's CPU kernels", "jax": "XLA's CPU code"}


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    folder = tmp_path_factory.mktemp("stribeck")
    for name, source in SOURCES.items():
        (folder / f"friction_{name}.py").write_text(textwrap.dedent(source))
    return folder


@pytest.mark.parametrize("framework", list(SOURCES))
def test_the_sign_that_reads_the_subnormal_as_zero_is_named(folder, framework):
    pytest.importorskip(framework)
    result, = gradcli.check(f"{folder / f'friction_{framework}.py'}:friction", [{"v": 5e-324}],
                            dtypes=["float64"], fixes=False).results
    assert result.status == "unstable" and result.value == 0.0  # the exact value is 0.5
    finding = result.findings[0]
    assert finding.location.endswith(":6"), finding  # direction = sign(v)
    assert f"{KERNELS[framework]} read its operand 5e-324, a subnormal float64, as 0" in finding.message


class _Op:
    """A recorded op, as provenance reads one."""

    def __init__(self, fun, args, output):
        self.prim, self.kwargs = type("Prim", (), {"fun": staticmethod(fun)})(), {}
        self.args, self.output = args, output
        self.flushed_by = "TensorFlow's CPU kernels do"


def test_an_operand_whose_zero_changes_nothing_is_not_blamed():
    tiny = np.float64(5e-324)
    assert provenance._read_as_zero(_Op(np.sign, (tiny,), np.float64(0.0))) is not None
    assert provenance._read_as_zero(_Op(np.add, (np.float64(1.0), tiny), np.float64(1.0))) is None  # 1 either way
    not_flushing = _Op(np.sign, (tiny,), np.float64(0.0))
    not_flushing.flushed_by = None
    assert provenance._read_as_zero(not_flushing) is None
