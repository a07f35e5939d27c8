"""``torch.cond``, replayed as the branch its predicate takes at the point, the predicate a switch as ``where``'s is.

The trace records the branch its predicate takes at the point, replayed with
gradcli's ops, the predicate's decision a guard the replayed comparison checks. Off the switch the replay gives PyTorch's own float64 value and
gradient; on the switch the function jumps, and the check
says so (`domain`, naming the comparison's line) exactly as it does for the
same function written with ``torch.where``.
"""

import numpy as np
import torch

import gradcli
from gradcli.capture.torch_bridge import capture
from bridge_checks import assert_replays_as_the_framework_computes


def _switched(x):
    return torch.cond(x.sum() > 0, lambda v: torch.sin(v).sum() * v[0], lambda v: torch.cos(v).prod(), (x,))  # the switch


def test_the_branch_taken_replays_as_pytorch_computes_it_in_float64():
    # the false branch: a replay that took the first graph it holds would give sin's numbers here
    assert_replays_as_the_framework_computes(capture, _switched, (np.array([-0.3, -1.2, 0.5]),), "cond")


def test_on_its_switch_the_function_jumps_as_a_where_does():
    report = gradcli.check(_switched, [np.array([0.5, -0.5, 0.0])], dtypes=("float64",), framework="torch", fixes=False)
    [result] = report.results
    assert result.status == "domain", result.findings
    jumps = [f for f in result.findings if f.kind == "jump"]
    assert jumps and all(f"({__file__.rsplit('/', 1)[-1]}:{_switched.__code__.co_firstlineno + 1})" in f.message for f in jumps)
