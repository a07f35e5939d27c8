"""A non-finite rule's finding cleared of the user's right rule (each call of it judged alone and found right) is told at
the line where the NaN started, where no built-in rule is found off: a where's leak of sin(x) / x at 0 beside a right
custom rule was `wrong` with no line at all for that finding, in PyTorch, JAX and gradcli's own code alike.
"""

import pytest

import gradcli

TORCH_SOURCE = '''import torch


class Good(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.exp(x)

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return g * torch.exp(x)


def leak(x):
    s = torch.where(x == 0, torch.ones_like(x), torch.sin(x) / x)
    return torch.sum(s) + torch.sum(Good.apply(x))
'''

JAX_SOURCE = '''import jax
import jax.numpy as jnp


@jax.custom_vjp
def good(x):
    return jnp.exp(x)


def good_fwd(x):
    return jnp.exp(x), x


def good_bwd(x, g):
    return (g * jnp.exp(x),)


good.defvjp(good_fwd, good_bwd)


def leak(x):
    s = jnp.where(x == 0, jnp.ones_like(x), jnp.sin(x) / x)
    return jnp.sum(s) + jnp.sum(good(x))
'''

OWN_SOURCE = '''import gradcli.numpy as np
from gradcli import custom_gradient


@custom_gradient
def good(x):
    e = np.exp(x)

    def grad(dy):
        return dy * e

    return e, grad


def leak(x):
    s = np.where(x == 0, np.ones_like(x), np.sin(x) / x)
    return np.sum(s) + np.sum(good(x))
'''


@pytest.mark.parametrize("framework, source", [("torch", TORCH_SOURCE), ("jax", JAX_SOURCE), (None, OWN_SOURCE)])
def test_the_cleared_finding_is_told_where_the_nan_started(tmp_path, framework, source):
    if framework:
        pytest.importorskip(framework)
    path = tmp_path / "leak.py"
    path.write_text(source)
    (result,) = gradcli.check(f"{path}:leak", [{"x": [0.0, 1.0]}], dtypes=["float64"], fixes=False).results
    assert result.status == "wrong", [f.message for f in result.findings]
    (cleared,) = [f for f in result.findings if f.kind == "nonfinite-rule"]
    assert "the rule that is off is not one of yours" in cleared.message
    line = next(k for k, text in enumerate(source.splitlines(), 1) if text.strip().startswith("s = "))  # the where
    assert cleared.location == f"{path}:{line}", cleared.location
