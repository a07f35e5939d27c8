"""The operation whose result XLA flushes to 0 is the one a check names, at the user's line.

At x = 88 in float32, JAX's backward of ``log(1 + exp(x))`` divides 1 by
1 + e^88: 6e-39, a subnormal number, which XLA on CPU flushes to 0, so JAX's
gradient is 0 where the exact one is 1. The replay in the dtype flushes as XLA
does, and the recorder must be shown the flushed result of that division, or
it sees an accurate 6e-39 and no operation to blame.
"""

import gradcli

SOFTPLUS = "import jax.numpy as jnp\n\n\ndef softplus(x):\n    return jnp.log(1 + jnp.exp(x))\n"


def test_the_division_xla_flushes_to_zero_is_named_at_the_users_line(tmp_path):
    path = tmp_path / "model.py"
    path.write_text(SOFTPLUS)
    (result,) = gradcli.check(f"{path}:softplus", [{"x": 88.0}], dtypes=("float32",), fixes=False).results
    assert result.status == "unstable"
    assert result.gradient["x"] == 0.0
    named = [f for f in result.findings if f.phase == "backward" and f.location == f"{path}:5"]
    assert [f.gradcli_op for f in named] == ["divide"] and [f.op for f in named] == ["jax.numpy.log gradient (div)"]  # log's, JAX's div
    assert named[0].output == "0.0"
