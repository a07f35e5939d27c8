"""A framework program that loses its digits with every number finite is explained at the user's line.

InfoNCE at a small temperature, -log_softmax(sims / tau)[0] at tau = 1e-3: the value
1.9e-174 is 900 - lse(900, 500, 100), and the gradient's label entry -1 + p0 drops its
1 - p0. Nothing is NaN or inf, so the forward op that cancelled and the backward op that
lost the digits are found by pairing the float64 replay with the exact one op by op.
"""

import textwrap

import pytest

import gradcli

SOURCES = {
    "jax": """
        import jax
        import numpy as np

        SIMS = np.array([0.9, 0.5, 0.1])


        def f(tau):
            return -jax.nn.log_softmax(SIMS / tau)[0]
        """,
    "torch": """
        import torch
        import torch.nn.functional as F

        SIMS = torch.tensor([0.9, 0.5, 0.1], dtype=torch.float64)


        def f(tau):
            return -F.log_softmax(SIMS / tau, dim=0)[0]
        """,
    "cross_entropy": """
        import torch
        import torch.nn.functional as F

        SIMS = torch.tensor([0.9, 0.5, 0.1], dtype=torch.float64)


        def f(tau):
            return F.cross_entropy((SIMS / tau)[None, :], torch.tensor([0]))
        """,
    "tensorflow": """
        import numpy as np
        import tensorflow as tf

        SIMS = np.array([0.9, 0.5, 0.1])


        def f(tau):
            return -tf.nn.log_softmax(SIMS / tau)[0]
        """,
}
LINE = 8  # the `return` line of every source above
# The op each framework's own program loses the value's digits in: JAX and TensorFlow shift by the max, so
# log(sum(exp(x - max))) = log(1 + 1.9e-174) rounds to log(1); PyTorch subtracts lse(x) = 900 from x = 900.
# Every framework's finding names the op as the framework does, with gradcli's op inside it where that is a part of it.
FORWARD = {"jax": "jax.nn.log_softmax (log)", "torch": "subtract in torch.nn.functional.log_softmax (aten._log_softmax)",
           "cross_entropy": "subtract in torch.nn.functional.cross_entropy (aten._log_softmax)",
           "tensorflow": "log in tf.nn.log_softmax (LogSoftmax)"}
# The backward's g - exp(ans) * sum(g): JAX's transpose adds x's two cotangents (its direct use and the one through
# the sum) with its own add_any, which the finding names as the pass's accumulation of that value's two uses;
# PyTorch's is a step of its LogSoftmaxBackward0 node, TensorFlow's the Sub of log_softmax's registered gradient.
BACKWARD = {"jax": "add (the gradient accumulation of the value's 2 uses on line 8)",
            "torch": "LogSoftmaxBackward0 (aten.sub)", "cross_entropy": "LogSoftmaxBackward0 (aten.sub)",
            "tensorflow": "tf.nn.log_softmax gradient (Sub)"}


def _check(tmp_path, name, tau):
    path = tmp_path / f"{name}_loss.py"
    path.write_text(textwrap.dedent(SOURCES[name]).lstrip())
    report = gradcli.check(f"{path}:f", [{"tau": tau}], dtypes=("float64",), fixes=False)
    return report.results[0], f"{path}:{LINE}"


@pytest.mark.parametrize("name", list(SOURCES))
def test_the_cancellations_of_info_nce_are_named_at_the_users_line(tmp_path, name):
    result, line = _check(tmp_path, name, 1e-3)
    assert result.status.value == "unstable"
    found = [(f.kind, f.phase, f.op, f.location) for f in result.findings]
    assert ("cancellation", "forward", FORWARD[name], line) in found, found
    assert ("cancellation", "backward", BACKWARD[name], line) in found, found


@pytest.mark.parametrize("name", ["jax", "torch"])
def test_info_nce_where_nothing_cancels_has_no_such_finding(tmp_path, name):
    result, _ = _check(tmp_path, name, 0.1)
    assert result.status.value == "ok"
    assert not [f for f in result.findings if f.kind in ("cancellation", "inaccurate")]
