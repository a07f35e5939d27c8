"""A max or min at a tie, in JAX and TensorFlow as in PyTorch and gradcli's own ops: no derivative there (``domain``).

Each framework's rule splits the gradient among the tied entries (or sends it to
one); neither is a derivative, as the one-sided slopes 0 and 1 show. The exact
reference follows each side of the tie on jets by the decision taken there, not
by the tied entries' shared ball (which once sent both sides down the first
entry's piece and called the rule ``wrong``, or ``ok``).
"""

import numpy as np
import pytest

import gradcli


def _functions(framework):
    if framework == "jax":
        import jax.numpy as jnp

        return {"max": jnp.max, "min": jnp.min, "maximum": lambda x: jnp.maximum(x[0], x[1])}
    import tensorflow as tf

    return {"max": tf.reduce_max, "min": tf.reduce_min, "maximum": lambda x: tf.maximum(x[0], x[1])}


@pytest.mark.parametrize("framework", ["jax", "tensorflow"])
@pytest.mark.parametrize("name", ["max", "min", "maximum"])
def test_a_reduction_at_a_tie_is_domain(framework, name):
    fun = _functions(framework)[name]
    tie = np.array([1.0, 1.0, 0.3]) if name != "min" else np.array([0.3, 0.3, 1.0])
    [result] = gradcli.check(lambda x: fun(x), [{"x": tie}], framework=framework, dtypes=("float64",)).results
    assert result.status == "domain"
    assert np.isnan(float(result.exact_gradient["x"][0])) and np.isnan(float(result.exact_gradient["x"][1]))
    apart = tie + np.array([0.25, 0.0, 0.0]) * (1 if name != "min" else -1)
    [result] = gradcli.check(lambda x: fun(x), [{"x": apart}], framework=framework, dtypes=("float64",)).results
    assert result.status == "ok"
    assert [float(g) for g in result.exact_gradient["x"]] == [1.0, 0.0, 0.0]
