"""The exact reference of PyTorch code, through the bridge's replay of its ATen graph, against the property
campaign's oracle.

A bounded sample of `reference_framework_ops`' compositions written with torch, torch.nn.functional and
torch.special (the campaign: ``python tests/test_reference_property.py --framework torch``, in `make
fuzz-reference`), and the tester tested: the replay's ``tanh`` rounded to float64 must fail it.
"""

from __future__ import annotations

import numpy as np

import reference_framework_ops as frameworks
from gradcli.autodiff import ops
from gradcli.capture import torch_graph
from test_reference_property import VECTOR

FRAMEWORK = "torch"


def test_random_compositions_replayed_from_aten_graphs_match_the_oracle():
    failures, counts = frameworks.sample_failures(FRAMEWORK, seed=3, compositions=3)
    assert not failures and counts[1] >= 6 and counts[2] >= counts[1] - 1, (failures, counts)


# PyTorch's softplus past its threshold is its argument, not log(1 + e^x): softplus(30) - 30 is 0 exactly.
PLANTED = frameworks.TANH_PLANTED + [
    (("binary", "subtract", ("unary", "softplus_threshold", ("leaf", "x")), ("leaf", "y")),
     [30.0, 30.0, np.ones(VECTOR), np.ones(VECTOR)]),
]


def test_a_float64_rounding_planted_in_the_tanh_mapping_fails_the_property(monkeypatch):
    assert frameworks.found_at(FRAMEWORK, PLANTED) == [[]] * len(PLANTED)
    monkeypatch.setitem(torch_graph._TABLE, "tanh", frameworks.float64_rounded(ops.tanh, monkeypatch))
    found = frameworks.found_at(FRAMEWORK, PLANTED, tag="_planted")
    assert found[0] and found[1] and found[2] == [], found


def test_a_constant_each_pick_carries_into_the_replay_stays_exact():
    # a sort's, an index's, a fill's pick of 0.3 squared alone: float64's square before the replay held it exact
    assert frameworks.picked_constants_wrong(FRAMEWORK) == []
