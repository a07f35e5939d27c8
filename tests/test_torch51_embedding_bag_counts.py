"""``F.embedding_bag(..., scale_grad_by_freq=True)``: the replay of PyTorch's backward kernel divides each row's
gradient by the count that kernel reads (the k-th distinct index takes the k-th sorted index's count), so the rule the
exact derivative judges is the one the user's program runs; the scaling is no derivative, and the check says `wrong`."""

import numpy as np
import pytest
import torch
import torch.nn.functional as F

import gradcli
from gradcli.capture.torch_bridge import capture

READOUT = [[1.0, 2.0], [3.0, -1.0]]


def _bagged(indices, mode, weighted=False):
    def loss(x):
        weights = torch.tensor([0.5, -2.0, 1.5, 3.0], dtype=x.dtype) if weighted else None
        out = F.embedding_bag(torch.tensor(indices), x.reshape(3, 2), torch.tensor([0, 2]), mode=mode,
                              scale_grad_by_freq=True, per_sample_weights=weights)
        return (out * torch.tensor(READOUT, dtype=x.dtype)).sum()
    return loss


@pytest.mark.parametrize("indices, mode, weighted", [
    ([0, 0, 1, 2], "sum", False), ([1, 0, 0, 2], "mean", False), ([2, 1, 1, 0], "sum", True)])
def test_the_replayed_backward_is_pytorchs_kernel(indices, mode, weighted):
    bridge = capture(_bagged(indices, mode, weighted), f"bag_{mode}")
    x = np.arange(1.0, 7.0)
    _, (own,) = bridge.own((x,), np.float64(1.0))
    (replayed,) = bridge.backward((x,), np.float64(1.0))
    assert np.asarray(replayed).tolist() == pytest.approx(own.tolist(), rel=1e-15)


def test_the_scaled_gradient_is_wrong_at_the_users_line():
    [result] = gradcli.check(_bagged([0, 0, 1, 2], "sum"), [{"x": np.arange(1.0, 7.0)}], dtypes=["float64"],
                             fixes=False).results
    assert result.status == "wrong"
    assert np.asarray(result.gradient["x"]).tolist() == [1.0, 2.0, 1.5, -0.5, 3.0, -1.0]  # PyTorch's own
    assert np.asarray(result.rule_gradient["x"]).tolist() == pytest.approx([1.0, 2.0, 1.5, -0.5, 3.0, -1.0])
    assert np.asarray(result.exact_gradient["x"]).tolist() == [2.0, 4.0, 3.0, -1.0, 3.0, -1.0]
