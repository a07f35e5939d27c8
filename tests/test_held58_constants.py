"""A value a stop_gradient holds that depends on no input (weights written under ``torch.no_grad()``,
``lax.stop_gradient`` or ``tf.stop_gradient`` of a constant) is a constant of the function: at a relu corner the
mpmath path's test that held values only choose leaves it unshifted, and the corner is the kink it is."""

import textwrap

import numpy as np

import gradcli
import gradcli.numpy as gnp

WEIGHTS = np.array([[1.0, -1.0], [0.5, 2.0]])
READ_OUT = np.array([2.0, -3.0])


def relu_of_held_weights(x):
    w = gradcli.stop_gradient(WEIGHTS * 1.0)
    return gnp.sum(gnp.maximum(w @ x, 0.0) * READ_OUT)


def relu_of_held_weights_and_a_straight_through(x):
    w = gradcli.stop_gradient(WEIGHTS * 1.0)
    y = x + gradcli.stop_gradient(gnp.round(x) - x)
    return gnp.sum(gnp.maximum(w @ y, 0.0) * READ_OUT)


JAX = """
import jax.numpy as jnp
from jax import lax

WEIGHTS = jnp.array([[1.0, -1.0], [0.5, 2.0]])


def relu_of_held_weights(x):
    w = lax.stop_gradient(WEIGHTS * 1.0)
    return jnp.sum(jnp.maximum(w @ x, 0.0) * jnp.array([2.0, -3.0]))
"""


def _verdict(target, x):
    """The float64 check's verdict at ``x`` and its findings' words, for a function or a "file.py:name" target."""
    (result,) = gradcli.check(target, [{"x": np.asarray(x, dtype=float)}], dtypes=("float64",), fixes=False).results
    return result.status.value, " ".join(f.message for f in result.findings), result


def test_held_constant_weights_at_a_relu_corner_are_the_kink():
    # W @ x = [0, 2.25]: the first unit's relu at its corner, slopes 0 and 2 * [1, -1] on its two sides
    status, said, _ = _verdict(relu_of_held_weights, [1.0, 1.0])
    assert (status, "stop_gradient holds constant" in said) == ("domain", False), said


def test_held_constant_weights_off_the_corner_are_ok():
    status, said, result = _verdict(relu_of_held_weights, [2.0, 1.0])
    assert status == "ok", said
    assert np.allclose(np.asarray(result.exact_gradient["x"], dtype=float), [2.0 - 1.5, -2.0 - 6.0], rtol=1e-12)


def test_a_held_value_read_from_the_input_beside_held_constants_jumps_at_its_tie():
    # round(x) - x held: the value reads round(x), which jumps at 0.5 whatever is held: no derivative there
    status, said, _ = _verdict(relu_of_held_weights_and_a_straight_through, [0.5, 1.0])
    assert (status, "value is -6 from the left and -7.5 from the right" in said) == ("domain", True), said


def test_jax_stop_gradient_of_a_constant_at_a_relu_corner_is_the_kink(tmp_path):
    path = tmp_path / "jax_held_weights.py"
    path.write_text(textwrap.dedent(JAX))
    status, said, _ = _verdict(f"{path}:relu_of_held_weights", [1.0, 1.0])
    assert (status, "stop_gradient holds constant" in said) == ("domain", False), said
