"""JAX findings worded by what they know: activations held in bfloat16 blame the forward computation, not a rule.

A linear layer's softplus loss whose activations are cast to bfloat16 keeps
8 bits of each; JAX differentiates that forward, so its gradient keeps them
too. No rule of the user's ran: the gradient's finding says the forward
computation on the softplus line lost the digits, where the cast's own
finding names the cast.
"""

import inspect

import mpmath
import numpy as np
import pytest

import gradcli

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")

X = ((0.5, -1.0, 2.0), (1.5, 0.25, -0.5))
W = [0.3, -0.2, 0.1]


def mixed_precision_softplus(w):
    h = (jnp.array(X, dtype=w.dtype) @ w).astype(jnp.bfloat16)
    return jnp.sum(jax.nn.softplus(h).astype(w.dtype))


def _exact_gradient():
    """X^T sigmoid(X w) at 50 digits, the gradient of sum softplus(X w) written out."""
    with mpmath.workdps(50):
        w = [mpmath.mpf(v) for v in W]
        sig = [1 / (1 + mpmath.exp(-sum(mpmath.mpf(a) * b for a, b in zip(row, w)))) for row in X]
        return [float(sum(mpmath.mpf(row[j]) * s for row, s in zip(X, sig))) for j in range(3)]


def test_a_bfloat16_forward_blames_its_line_and_no_gradient_rule():
    (result,) = gradcli.check(mixed_precision_softplus, [{"w": np.array(W)}], dtypes=("float64",), fixes=False,
                              framework="jax").results
    assert result.status.value == "unstable"
    assert np.allclose(np.asarray(result.exact_gradient["w"], float), _exact_gradient(), rtol=1e-12, atol=0)
    (finding,) = [f for f in result.findings if f.phase == "backward"]
    assert finding.message.startswith("the forward computation on this line lost the digits"), finding.message
    assert "the gradient of mixed_precision_softplus the framework differentiates from it" in finding.message
    assert "gradient rule" not in finding.message
    lines, first = inspect.getsourcelines(mixed_precision_softplus)
    softplus = first + next(i for i, line in enumerate(lines) if "jax.nn.softplus(h)" in line)
    assert finding.location.endswith(f"test_wording64_jax.py:{softplus}"), finding.location
