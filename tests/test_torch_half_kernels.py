"""Half-dtype backward kernels replayed as PyTorch's CPU computes them: in float32, rounded once to float16 or bfloat16."""

import ml_dtypes
import numpy as np
import pytest
import torch

from gradcli.capture.torch_nn_ops import _hardsigmoid_backward, _softplus_backward
from bitlevel import assert_same_bits

HALVES = [(np.dtype(np.float16), torch.float16), (np.dtype(ml_dtypes.bfloat16), torch.bfloat16)]


def _operands(dtype):
    """Cotangents that are not multiples of 6 (so g/6 rounds) and points inside, outside and at hardsigmoid's ends."""
    rng = np.random.default_rng(5)
    g = rng.uniform(-4.0, 4.0, 400).astype(dtype)
    x = np.concatenate([rng.uniform(-5.0, 5.0, 396), [-3.0, 3.0, 25.0, -25.0]]).astype(dtype)
    return g, x


def _torch(values, kind):
    return torch.from_numpy(values.astype(np.float32)).to(kind)


def _numpy(tensor, dtype):
    return tensor.to(torch.float32).numpy().astype(dtype)


@pytest.mark.parametrize("dtype, kind", HALVES, ids=["float16", "bfloat16"])
def test_hardsigmoid_backward_rounds_once_as_pytorch(dtype, kind):
    g, x = _operands(dtype)
    theirs = torch.ops.aten.hardsigmoid_backward(_torch(g, kind), _torch(x, kind))
    assert_same_bits(np.asarray(_hardsigmoid_backward(g, x)), _numpy(theirs, dtype))


@pytest.mark.parametrize("beta, threshold", [(1.0, 20.0), (0.7, 2.0)])
@pytest.mark.parametrize("dtype, kind", HALVES, ids=["float16", "bfloat16"])
def test_softplus_backward_in_half_dtypes_is_pytorchs(dtype, kind, beta, threshold):
    g, x = _operands(dtype)
    theirs = torch.ops.aten.softplus_backward(_torch(g, kind), _torch(x, kind), beta, threshold)
    assert_same_bits(np.asarray(_softplus_backward(g, x, beta, threshold)), _numpy(theirs, dtype))
