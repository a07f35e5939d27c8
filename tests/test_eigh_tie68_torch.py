"""PyTorch's own eigh rule at a tie, for a matrix function read through the tied eigenvectors: NaN.

The evidence behind gradcli's finding there (tests/test_eigh_tie68.py): the rule is undefined at a tie, and
PyTorch's says so with NaN (its 1 / (w_j - w_i) meets 0), where gradcli.numpy's takes the cross term as 0.
"""

import math

import torch


def test_pytorch_gives_nan_at_a_tie():
    a = torch.tensor([[2.0, 0.0], [0.0, 2.0]], dtype=torch.float64, requires_grad=True)
    w, v = torch.linalg.eigh(a)
    (v @ torch.diag(torch.exp(w)) @ v.T)[0, 1].backward()
    assert all(math.isnan(x) for x in a.grad.flatten().tolist())


def test_pytorch_is_right_apart_from_the_tie():
    """At [[2, 0.5], [0.5, 2]], expm's entry: e^2 sinh(0.5), its slope in the symmetric pair e^2 cosh(0.5)."""
    a = torch.tensor([[2.0, 0.5], [0.5, 2.0]], dtype=torch.float64, requires_grad=True)
    w, v = torch.linalg.eigh(a)
    (v @ torch.diag(torch.exp(w)) @ v.T)[0, 1].backward()
    slope = float(a.grad[0, 1] + a.grad[1, 0])
    assert abs(slope - math.exp(2) * math.cosh(0.5)) <= 1e-13 * math.exp(2)
