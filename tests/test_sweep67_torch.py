"""A PyTorch function whose rule is wrong exactly on a grid point (sign and abs at 0 inside a smooth mu-law, its
graph not elementwise: a weighted sum) is found wrong there by a sweep, whether it evaluates the whole range in one
call or each point alone."""

import textwrap

import torch

from tests.sweep67_paths import assert_same_verdicts

SOURCE = '''
import math
import torch


def mu_law(x):
    y = torch.sign(x) * torch.log1p(255.0 * torch.abs(x)) / math.log1p(255.0)
    return (y * torch.tensor([1.0, -2.0, 0.5], dtype=x.dtype)).sum()
'''


def test_a_switch_on_the_grid_is_wrong_by_both_paths(tmp_path, monkeypatch):
    path = tmp_path / "torch_mu_law.py"
    path.write_text(textwrap.dedent(SOURCE))
    x = torch.tensor(0.0, dtype=torch.float64, requires_grad=True)
    y = torch.sign(x) * torch.log1p(255.0 * torch.abs(x)) / torch.log1p(torch.tensor(255.0, dtype=torch.float64))
    (y * torch.tensor([1.0, -2.0, 0.5], dtype=torch.float64)).sum().backward()
    assert_same_verdicts(f"{path}:mu_law", (-0.5, 1.75, 10), monkeypatch, float(x.grad))
