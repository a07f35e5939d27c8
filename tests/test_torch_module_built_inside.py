"""A PyTorch layer built inside the checked function: its parameters' initialisation writes in place, so the graph is
functionalized, and the layer's decomposed norm holds ``prims.broadcast_in_dim``, a view PyTorch's functionalization
refuses for an op outside ATen ("Found a custom (non-ATen) operator whose output has alias annotations", round 59d's
G2). Each prim view runs as its ATen spelling there.
"""

import math

import pytest

import gradcli

torch = pytest.importorskip("torch")

from gradcli.capture import torch_graph  # noqa: E402

SOURCE = '''import torch
from torch import nn

W = [0.5, -1.5, 2.0]


def layer_norm_inside(x):
    norm = nn.LayerNorm(3, eps=1e-5, dtype=x.dtype)
    return (torch.tensor(W, dtype=x.dtype) * norm(x)).sum()
'''


def _check(tmp_path, point, dtype):
    path = tmp_path / "inside.py"
    path.write_text(SOURCE)
    (result,) = gradcli.check(f"{path}:layer_norm_inside", [point], dtypes=[dtype]).results
    return result


def test_a_layer_norm_built_inside_at_a_constant_input(tmp_path):
    # x constant: the centred x is 0 and the gradient (W - mean W) / sqrt(eps)
    result = _check(tmp_path, {"x": [2.0, 2.0, 2.0]}, "float64")
    assert result.status == "ok", [f.message for f in result.findings]
    mean = sum([0.5, -1.5, 2.0]) / 3
    expected = [(w - mean) / math.sqrt(1e-5) for w in [0.5, -1.5, 2.0]]
    assert [float(g) for g in result.exact_gradient["x"]] == pytest.approx(expected, rel=1e-12)


def test_a_layer_norm_built_inside_in_float32(tmp_path):
    result = _check(tmp_path, {"x": [1.0, 2.0, 4.0]}, "float32")
    assert result.status == "ok", [f.message for f in result.findings]


def test_prim_views_have_aten_spellings():
    spelled = torch_graph._prim_view_in_aten(torch.ops.prims.broadcast_in_dim.default)
    a = torch.tensor([1.0, 2.0])
    assert torch.equal(spelled(a, [3, 2], [1]), torch.ops.prims.broadcast_in_dim.default(a, [3, 2], [1]))
    assert torch_graph._prim_view_in_aten(torch.ops.aten.expand.default) is None
    assert torch_graph._prim_view_in_aten(torch.ops.prims.add.default) is None
