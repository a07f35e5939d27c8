"""Where rounding carries a spike's step across its threshold, the root cause is the line where the digits went
(v - threshold cancelling to 0), not the reset after it, whose inputs were already wholly off.

A leaky integrate-and-fire neuron, v = w * 0.3 with w = 10/3 rounded: float64's
v is exactly 1.0 where the exact v is 1 + 7.4e-18, so v - 1 is 0 where it is
7.4e-18, the Heaviside step gives 0 where the exact run spikes, and the reset
v - s * 1 keeps 1 where the exact is 7.4e-18. That reset has the largest
growth of relative error (1.4e17) but its input s was already wrong: the
finding names the subtraction at the step's line. In plain NumPy and in JAX.
"""

import textwrap

import pytest

import gradcli

NUMPY = """
import numpy as np

THRESHOLD = 1.0


def neuron(w):
    v = w * 0.3
    s = np.heaviside(v - THRESHOLD, 0.0)
    v = v - s * THRESHOLD
    return 0.5 * np.sum(v ** 2)
"""

JAX = """
import jax.numpy as jnp

THRESHOLD = 1.0


def neuron(w):
    v = w * 0.3
    s = jnp.heaviside(v - THRESHOLD, 0.0)
    v = v - s * THRESHOLD
    return 0.5 * jnp.sum(v ** 2)
"""


@pytest.mark.parametrize("source", [NUMPY, JAX], ids=["numpy", "jax"])
def test_the_cancellation_before_the_step_is_named_not_the_reset(tmp_path, source):
    path = tmp_path / "neuron.py"
    path.write_text(textwrap.dedent(source))
    result, = gradcli.check(f"{path}:neuron", [{"w": [3.3333333333333335, 1.0]}], dtypes=("float64",),
                            fixes=False).results
    assert result.status.value == "unstable"
    lines = textwrap.dedent(source).splitlines()
    step_line = next(i for i, text in enumerate(lines) if "heaviside" in text) + 1
    named = [f for f in result.findings if f.kind not in ("fd-unreliable",)]
    assert named and named[0].location.endswith(f":{step_line}"), [(f.location, f.message) for f in named]
    assert named[0].kind == "cancellation", named[0].message
