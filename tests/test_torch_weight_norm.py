"""``aten._weight_norm_interface_backward`` (torch.nn.utils.parametrizations.weight_norm) in a captured PyTorch
graph: replayed as the VJP of w = v g / |v| from the norms its forward saved, as PyTorch's kernel computes it."""

import os
import sys

import numpy as np
import pytest
import torch

import gradcli

TRIALS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials")
sys.path.insert(0, TRIALS)

import torch_lib7  # noqa: E402


def _weight_norm_check(args):
    model, x = args()
    return gradcli.check(torch_lib7.weight_norm_loss, [{"model": model, "x": x.numpy()}], framework="torch",
                         dtypes=("float64",), wrt=("model.unit.parametrizations.weight.original1",)).results[0]


def test_a_weight_normed_layer_is_ok_with_the_gradient_of_its_direction():
    result = _weight_norm_check(torch_lib7.weight_norm_args)
    # g (x / |v| - (v.x) v / |v|^3) at g = 5, v = (3, 4), x = (1, 2)
    want = 5 * (np.array([1.0, 2.0]) / 5 - 11 * np.array([3.0, 4.0]) / 125)
    gradient = np.asarray(result.exact_gradient["model.unit.parametrizations.weight.original1"], dtype=float)
    assert result.status == "ok"
    assert np.allclose(gradient.reshape(-1), want, rtol=1e-10)
    assert np.allclose(want, [-0.32, 0.24])


def test_a_weight_normed_layer_at_a_tiny_direction_is_unstable_at_the_users_line():
    result = _weight_norm_check(torch_lib7.weight_norm_tiny_args)
    assert result.status == "unstable"
    forward = torch_lib7.WeightNormed.forward.__code__
    line = f"{forward.co_filename}:{forward.co_firstlineno + 1}"  # return self.unit(x).sum()
    assert any(f.location == line and f.phase == "forward" for f in result.findings)


@pytest.mark.parametrize("dim", [0, 1, -1])
def test_the_weight_norm_backward_matches_torchs_own(dim):
    rng = np.random.default_rng(11)
    v = rng.normal(size=(3, 4))
    g = rng.normal(size=(1, 1) if dim == -1 else (3, 1) if dim == 0 else (1, 4))

    def normed(v, g):
        return (torch._weight_norm(v, g, dim) ** 2 * torch.arange(12.0, dtype=v.dtype).reshape(3, 4)).sum()

    [result] = gradcli.check(normed, [{"v": v, "g": g}], framework="torch", dtypes=("float64",)).results
    tv, tg = torch.tensor(v, requires_grad=True), torch.tensor(g, requires_grad=True)
    normed(tv, tg).backward()
    assert result.status == "ok"
    assert np.allclose(result.gradient["v"], tv.grad.numpy(), rtol=1e-12)
    assert np.allclose(np.asarray(result.exact_gradient["g"], dtype=float), tg.grad.numpy(), rtol=1e-10)
