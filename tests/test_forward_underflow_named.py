"""A square that underflows to 0 and takes the value with it is named at its line, in every front end.

At a = 0, b = 1e-200, ``sqrt(a * a + b * b)`` is 0 in float64 (b * b = 1e-400
is below every float64), its exact value 1e-200: the backward pass's 1 / 0 or
0 / 0 (sqrt's rule, or a custom rule's ``a / r``) is where the NaN appears, but
the value was lost at the multiply. The sum's first 0 is a true one (a * a at
a = 0), so the search follows every zero operand; a framework's backward graph
reads the forward's 0 through its own steps, linked by identity.
"""

import textwrap

import pytest

import gradcli

POINT = [{"a": [0.0], "b": [1e-200]}]
SQUARES = "s = a * a + b * b"

SOURCES = {
    "numpy": """
        import numpy as np


        def hypot(a, b):
            s = a * a + b * b
            return np.sum(np.sqrt(s))
    """,
    "torch": """
        import torch


        def hypot(a, b):
            s = a * a + b * b
            return torch.sqrt(s).sum()
    """,
    "torch-function": """
        import torch


        class Hypot(torch.autograd.Function):
            @staticmethod
            def forward(ctx, a, b):
                s = a * a + b * b
                r = torch.sqrt(s)
                ctx.save_for_backward(a, b, r)
                return r

            @staticmethod
            def backward(ctx, g):
                a, b, r = ctx.saved_tensors
                return g * a / r, g * b / r


        def hypot(a, b):
            return Hypot.apply(a, b).sum()
    """,
    "tensorflow": """
        import tensorflow as tf


        def hypot(a, b):
            s = a * a + b * b
            return tf.reduce_sum(tf.sqrt(s))
    """,
    "tensorflow-custom-gradient": """
        import tensorflow as tf


        @tf.custom_gradient
        def hypot_rule(a, b):
            s = a * a + b * b
            r = tf.sqrt(s)

            def grad(upstream):
                return upstream * a / r, upstream * b / r

            return r, grad


        @tf.function
        def hypot(a, b):
            return tf.reduce_sum(hypot_rule(a, b))
    """,
    "jax": """
        import jax.numpy as jnp


        def hypot(a, b):
            s = a * a + b * b
            return jnp.sum(jnp.sqrt(s))
    """,
}


def _underflows(result):
    return [f for f in result.findings if f.kind == "underflow"]


@pytest.mark.parametrize("front", sorted(SOURCES))
def test_the_multiply_that_lost_the_value_is_named_at_its_line(tmp_path, front):
    pytest.importorskip({"torch-function": "torch", "tensorflow-custom-gradient": "tensorflow"}.get(front, front))
    source = textwrap.dedent(SOURCES[front])
    path = tmp_path / f"{front.replace('-', '_')}_hypot.py"
    path.write_text(source)
    (result,) = gradcli.check(f"{path}:hypot", POINT, dtypes=("float64",), fixes=False).results
    assert result.status.value == "unstable"
    assert float(result.exact_gradient["b"][0]) == pytest.approx(1.0, rel=1e-12)
    line = source.splitlines().index(next(t for t in source.splitlines() if SQUARES in t)) + 1
    named = _underflows(result)
    # a framework's findings name the op as it does: the API the line called (an operator) and the graph's op
    multiply, called = {"tensorflow": ("tf.math.multiply (Mul)", "tf.math.multiply"), "jax": ("* (mul)", "mul"),
                        "torch": ("* (aten.mul)", "aten.mul")}.get(front.partition("-")[0], ("multiply", "multiply"))
    assert [(f.op, f.location) for f in named] == [(multiply, f"{path}:{line}")], result.findings
    assert f"{called}([1e-200], [1e-200]) underflowed to [0]" in named[0].message, named[0].message
    # the NaN or inf itself stays named too, after its cause
    assert result.findings.index(named[0]) < next(i for i, f in enumerate(result.findings) if f.phase == "backward")


def test_a_formula_names_the_second_square_not_the_true_zero_of_the_first():
    formula = "sqrt(a*a+b*b)"
    (result,) = gradcli.check(formula, [{"a": 0.0, "b": 1e-200}], dtypes=("float64",), fixes=False).results
    assert result.status.value == "unstable"
    (named,) = _underflows(result)
    assert named.op == "multiply" and formula[slice(*named.span)] == "b*b", (named, named.span)
    assert "multiply(1e-200, 1e-200) underflowed to 0.0" in named.message


SOFTPLUS = {
    "numpy": "import numpy as np\n\n\ndef softplus(x):\n    return np.sum(np.log(1 + np.exp(x)))\n",
    "torch": "import torch\n\n\ndef softplus(x):\n    return torch.log(1 + torch.exp(x)).sum()\n",
    "tensorflow": "import tensorflow as tf\n\n\ndef softplus(x):\n    return tf.reduce_sum(tf.math.log(1 + tf.exp(x)))\n",
    "jax": "import jax.numpy as jnp\n\n\ndef softplus(x):\n    return jnp.sum(jnp.log(1 + jnp.exp(x)))\n",
}


@pytest.mark.parametrize("front", sorted(SOFTPLUS))
def test_a_zero_made_from_an_overflowed_inf_is_the_overflows_not_an_underflow(tmp_path, front):
    # log(1 + exp(100)) in float32: exp overflows, and the backward's 1 / inf is 0 because of it
    pytest.importorskip(front)
    path = tmp_path / f"{front}_softplus.py"
    path.write_text(SOFTPLUS[front])
    (result,) = gradcli.check(f"{path}:softplus", [{"x": [100.0]}], dtypes=("float32",), fixes=False).results
    assert result.status.value == "unstable"
    exp = {"tensorflow": "tf.math.exp (Exp)", "jax": "jax.numpy.exp (exp)", "torch": "torch.exp (aten.exp)"}.get(front, "exp")
    assert [f.op for f in result.findings if f.phase == "forward" and "overflowed" in f.message] == [exp], result.findings
    assert _underflows(result) == [], result.findings
