"""JAX's own ``jnp.hypot`` gradient past ~1.34e154 in float64 (~9.2e18 in float32), issue 28: JAX computes the value
as max * sqrt(1 + (min / max)^2), which never overflows, but its differentiation of that form takes max^-2, which
underflows to 0 there and drops the min / max^2 term: at x = y = 1e200 it gives 1.0607 for both slopes where they are
1/sqrt(2). It is JAX's bug (no custom rule of the user's is involved: JAX's own steps lose the slope in the dtype),
so gradcli's verdict is ``unstable`` in the gradient, at the user's line that calls ``jnp.hypot``, naming the step
that underflowed as a step of JAX's own ``jax.numpy.hypot``."""

import math

import pytest

import gradcli

jax = pytest.importorskip("jax")

SOURCE = '''
import jax.numpy as jnp


def hypotenuse(x, y):
    return jnp.hypot(x, y)
'''


@pytest.fixture(scope="module")
def result(tmp_path_factory):
    (path := tmp_path_factory.mktemp("jax60") / "hypot60.py").write_text(SOURCE)
    (checked,) = gradcli.check(f"{path}:hypotenuse", {"x": 1e200, "y": 1e200}, dtypes=["float64"], fixes=False).results
    return checked


def test_jaxs_hypot_gradient_past_its_underflow_is_unstable_at_the_users_line(result):
    assert result.status.value == "unstable" and result.value_status.value == "ok"
    assert result.gradient["x"] == pytest.approx(1.5 / math.sqrt(2), rel=1e-14)  # JAX's: the min / max^2 term lost
    assert float(result.exact_gradient["x"]) == pytest.approx(1 / math.sqrt(2), rel=1e-14)
    (finding,) = [f for f in result.findings if f.kind == "underflow"]
    assert finding.phase == "backward" and finding.gradcli_op == "power" and finding.location.endswith("hypot60.py:6")
    assert finding.op == "jax.numpy.hypot (integer_pow)"  # a step of jnp.hypot: its primitive, as a jaxpr names it
    assert finding.message.startswith("integer_pow(1e+200, -2) underflowed to 0.0")


def test_the_underflowed_step_is_named_as_jaxs_own_hypot(result):
    """A step of a jitted jax.numpy function's body (jnp.hypot's max^-2) is named as that function's, beside the
    user's line, so the user does not read a power they never wrote (`jax_walk.numpy_function_site`)."""
    (finding,) = [f for f in result.findings if f.kind == "underflow"]
    assert finding.message.endswith("so all of its digits are lost, inside jax.numpy.hypot, jax/_src/numpy/ufuncs.py:"
                                    + finding.message.rpartition(":")[2]), finding.message
