"""Upsampling, pooling, padding and grid sampling in PyTorch code: the ops whose backward is a kernel of its own.

``F.interpolate`` (every mode), ``nn.Upsample``, average, adaptive and 3-d max
pools, replication padding and ``F.grid_sample`` run backward kernels
(``upsample_linear1d_backward``, ``avg_pool2d_backward``...) that PyTorch does
not decompose: gradcli replays each as the vector-Jacobian product of its
forward op (`torch_pullbacks`, the average pools in `torch_nn_ops`). Each op's
replayed value and gradient agree with PyTorch's own in float64; the checks of
a decoder's upsampling and a pooled head are `ok` in both dtypes with PyTorch's
float64 gradient to 1e-10, and their exact gradients are the hand-summed weights.
"""

import numpy as np
import pytest
import torch
import torch.nn.functional as F

import gradcli
from gradcli.capture.torch_bridge import capture
from bridge_checks import assert_replays_as_the_framework_computes

RNG = np.random.default_rng(29)
ROW = RNG.normal(size=(1, 2, 5))
IMAGE = RNG.normal(size=(1, 2, 5, 4))
VOLUME = RNG.normal(size=(1, 1, 3, 4, 3))
GRID = RNG.uniform(-1.1, 1.1, size=(1, 3, 2, 2))


def _curved(y):
    # a sine of the result: each output's cotangent differs, so a transposed map that misplaces one is seen
    return torch.sin(y).sum()


OPS = {
    "linear by 2": (lambda x: _curved(F.interpolate(x, scale_factor=2, mode="linear")), ROW),
    "linear 5 to 7, corners aligned": (lambda x: _curved(F.interpolate(x, size=7, mode="linear", align_corners=True)), ROW),
    "linear 5 to 8": (lambda x: _curved(F.interpolate(x, size=8, mode="linear")), ROW),
    "nearest 1-d": (lambda x: _curved(F.interpolate(x, size=7, mode="nearest")), ROW),
    "nearest-exact 1-d": (lambda x: _curved(F.interpolate(x, size=7, mode="nearest-exact")), ROW),
    "bilinear": (lambda x: _curved(F.interpolate(x, size=(7, 6), mode="bilinear")), IMAGE),
    "bicubic": (lambda x: _curved(F.interpolate(x, scale_factor=2, mode="bicubic", align_corners=True)), IMAGE),
    "nearest 2-d (nn.Upsample)": (lambda x: _curved(torch.nn.Upsample(scale_factor=2)(x)), IMAGE),
    "area": (lambda x: _curved(F.interpolate(x, size=(2, 2), mode="area")), IMAGE),
    "trilinear": (lambda x: _curved(F.interpolate(x, scale_factor=(2, 1.5, 2), mode="trilinear")), VOLUME),
    "nearest 3-d": (lambda x: _curved(F.interpolate(x, scale_factor=2, mode="nearest")), VOLUME),
    "avg_pool1d": (lambda x: _curved(F.avg_pool1d(x, 2)), ROW),
    "avg_pool2d, padded, ceil": (lambda x: _curved(F.avg_pool2d(x, 3, stride=3, padding=1, ceil_mode=True)), IMAGE),
    "avg_pool2d, pad not counted": (lambda x: _curved(F.avg_pool2d(x, 3, stride=2, padding=1, count_include_pad=False)), IMAGE),
    "avg_pool2d, divisor": (lambda x: _curved(F.avg_pool2d(x, (2, 3), stride=1, divisor_override=4)), IMAGE),
    "avg_pool3d": (lambda x: _curved(F.avg_pool3d(x, 2, stride=1, padding=1)), VOLUME),
    "adaptive_avg_pool2d": (lambda x: _curved(F.adaptive_avg_pool2d(x, (3, 3))), IMAGE),
    "adaptive_max_pool2d": (lambda x: _curved(F.adaptive_max_pool2d(x, (2, 3))), IMAGE),
    "adaptive_max_pool2d, its indices": (lambda x: _curved(F.adaptive_max_pool2d(x, (3, 3), return_indices=True)[1] * x.flatten(-2)[..., :9].reshape(1, 2, 3, 3)), IMAGE),
    "adaptive_max_pool1d, divisible": (lambda x: _curved(F.adaptive_max_pool1d(x[..., :4], 2)), ROW),
    "adaptive_max_pool3d": (lambda x: _curved(F.adaptive_max_pool3d(x, (2, 3, 2))), VOLUME),
    "max_pool3d": (lambda x: _curved(F.max_pool3d(x, 2, stride=1)), VOLUME),
    "replication pad 1-d": (lambda x: _curved(F.pad(x, (2, 1), mode="replicate")), ROW),
    "replication pad 2-d": (lambda x: _curved(F.pad(x, (1, 2, 2, 1), mode="replicate")), IMAGE),
    "grid_sample bilinear": (lambda x, g: _curved(F.grid_sample(x, g, align_corners=False)), IMAGE, GRID),
    "grid_sample nearest, border": (lambda x, g: _curved(F.grid_sample(x, g, mode="nearest", padding_mode="border", align_corners=True)), IMAGE, GRID),
}


@pytest.mark.parametrize("name", OPS)
def test_the_op_and_its_backward_kernel_replay_as_pytorch_computes_them_in_float64(name):
    fun, *args = OPS[name]
    assert_replays_as_the_framework_computes(capture, fun, args, name)


def upsampled(x):
    y = F.interpolate(x.view(1, 1, -1), scale_factor=2, mode="linear", align_corners=False)
    return (y.flatten() * torch.arange(1, 9, dtype=x.dtype)).sum()


def pooled(x):
    return (F.avg_pool1d(x.view(1, 1, -1), 3, stride=2, padding=1, count_include_pad=False).flatten() * torch.tensor([1.0, 2.0], dtype=x.dtype)).sum()


def _upsampling_weights():
    """d/dx of `upsampled`: output d reads the inputs at source (d + 0.5) / 2 - 0.5, clamped at 0, weighted d + 1."""
    weights = np.zeros(4)
    for d in range(8):
        source = max((d + 0.5) / 2 - 0.5, 0.0)
        low = int(source)
        high, fraction = min(low + 1, 3), source - low
        weights[low] += (d + 1) * (1 - fraction)
        weights[high] += (d + 1) * fraction
    return weights


# A user's function, its argument and its exact gradient summed by hand.
USERS = {
    "upsampled": (upsampled, np.array([0.5, -1.0, 2.0, 0.25]), _upsampling_weights()),
    # windows [pad, 0, 1] and [1, 2, 3] without the pad counted: 1/2 each of entries 0 and 1, 2/3 each of 1, 2, 3
    "pooled": (pooled, np.array([0.5, -1.0, 2.0, 0.25]), np.array([1 / 2, 1 / 2 + 2 / 3, 2 / 3, 2 / 3])),
}


@pytest.mark.parametrize("name", USERS)
def test_a_users_resampling_is_ok_in_both_dtypes_with_its_exact_gradient(name):
    fun, x, truth = USERS[name]
    report = gradcli.check(fun, [x], dtypes=("float32", "float64"), framework="torch")
    assert [r.status for r in report.results] == ["ok", "ok"], [r.findings for r in report.results]
    [exact] = report.results[1].exact_gradient.values()
    np.testing.assert_allclose(np.asarray(exact, dtype=np.float64), truth, rtol=1e-12, atol=0)
