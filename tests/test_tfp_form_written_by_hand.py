"""TensorFlow Probability's ``custom_gradient(fx, gx, x)`` spelled out in a framework's code is judged as gradcli's own.

``stop(fx) + stop(gx) * (x - stop(x))`` has the value fx and the gradient gx: its
stops build a rule, so a wrong gx is `wrong`, as it is for the same function
written with gradcli's `custom_gradient(fx, gx, x)`; a straight-through
estimator's stop (no ``x - stop(x)``) stays held constant.
"""

import math
import textwrap

import pytest

import gradcli
import gradcli.numpy as gnp

SOURCES = {
    "tensorflow": """
        import tensorflow as tf


        def form(fx, gx, x):
            return tf.stop_gradient(fx) + tf.stop_gradient(gx) * (x - tf.stop_gradient(x))


        def softplus(x, scale):
            return form(tf.math.log(1 + tf.exp(x)), scale * tf.math.sigmoid(x), x)
    """,
    "torch": """
        import torch


        def form(fx, gx, x):
            return fx.detach() + gx.detach() * (x - x.detach())


        def softplus(x, scale):
            return form(torch.log(1 + torch.exp(x)), scale * torch.sigmoid(x), x).sum()
    """,
    "jax": """
        import jax
        import jax.numpy as jnp
        from jax import lax


        def form(fx, gx, x):
            return lax.stop_gradient(fx) + lax.stop_gradient(gx) * (x - lax.stop_gradient(x))


        def softplus(x, scale):
            return jnp.sum(form(jnp.log(1 + jnp.exp(x)), scale * jax.nn.sigmoid(x), x))
    """,
}


def _twin(scale):
    def softplus(x):
        return gradcli.custom_gradient(gnp.log(1 + gnp.exp(x)), scale * gnp.sigmoid(x), x)

    return softplus


@pytest.mark.parametrize("framework", sorted(SOURCES))
@pytest.mark.parametrize("scale, verdict", [(1, "ok"), (2, "wrong")])
def test_the_form_in_each_framework_gets_its_twins_verdict(tmp_path, framework, scale, verdict):
    pytest.importorskip(framework)
    path = tmp_path / f"{framework}_form.py"
    path.write_text(textwrap.dedent(SOURCES[framework]) + f"\n\ndef scaled(x):\n    return softplus(x, {scale})\n")
    (result,) = gradcli.check(f"{path}:scaled", [{"x": 1.3}], dtypes=("float64",), fixes=False).results
    (twin,) = gradcli.check(_twin(scale), [{"x": 1.3}], dtypes=("float64",), fixes=False).results
    assert (result.status.value, twin.status.value) == (verdict, verdict), (result.findings, twin.findings)
    sigmoid = 1 / (1 + math.exp(-1.3))  # the derivative of fx = log(1 + e^x)
    assert float(result.exact_gradient["x"]) == pytest.approx(sigmoid, rel=1e-12)
    assert float(twin.exact_gradient["x"]) == pytest.approx(sigmoid, rel=1e-12)
    assert result.gradient["x"] == pytest.approx(scale * sigmoid, rel=1e-12)  # gx: the framework's own gradient
