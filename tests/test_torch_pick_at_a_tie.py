"""A PyTorch value at a tie of a selection is one side's by PyTorch's convention, not a value computed otherwise.

Magnitude pruning by torch.topk(|w|, 2) at w = [0.5, -0.5, 1, 0.1]: |w[0]| = |w[1]|, and PyTorch keeps index 1 where
gradcli's replay keeps index 0, so the two values differ (2.25 and 2.5), each one side's value of a function that
jumps in w[0] and w[1] there. The check called PyTorch's value wrong ("computes this value otherwise than its
operations mean"); a point where the value jumps has no such error to judge: domain.
"""

import textwrap

import pytest

import gradcli

SOURCE = '''
    import torch

    WEIGHTS = [1.0, 2.0, 0.5, 3.0]


    def prune_topk(w):
        idx = torch.topk(w.abs(), 2).indices
        mask = torch.zeros_like(w).scatter(0, idx, 1.0)
        return (torch.tensor(WEIGHTS, dtype=w.dtype) * w * mask).sum()
'''


def test_a_tie_in_topk_is_a_jump_not_a_wrong_value(tmp_path):
    pytest.importorskip("torch")
    path = tmp_path / "prune.py"
    path.write_text(textwrap.dedent(SOURCE))
    [result] = gradcli.check(f"{path}:prune_topk", [{"w": [0.5, -0.5, 1.0, 0.1]}], dtypes=("float64",)).results
    assert result.status == "domain", [f.message for f in result.findings]
    assert not any(f.kind == "wrong-value" for f in result.findings)
    jumps = [f.message for f in result.findings if "jumps here" in f.message]
    assert any("in w[0]" in m for m in jumps) and any("in w[1]" in m for m in jumps), jumps
