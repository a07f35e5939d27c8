"""PyTorch's loop ops (``torch._higher_order_ops.while_loop`` and ``scan``), which PyTorch differentiates eagerly but
whose tracing over fake tensors stops inside PyTorch: an input error naming the op and the user's line, with the way
out (a Python loop), not PyTorch's internal error."""

import numpy as np
import pytest
import torch
from torch._higher_order_ops.while_loop import while_loop

import gradcli
from gradcli.errors import InputError


def looped(x):
    _, y = while_loop(lambda i, y: i < 3, lambda i, y: (i + 1, y * 1.5 + torch.sin(y)), (torch.tensor(0), x))
    return y.sum()


def test_a_while_loop_is_refused_at_the_users_line():
    """``associative_scan`` and ``map`` take the same path (their modules among `torch_bridge._LOOP_MODULES`); a
    ``scan`` is replayed step by step (`test_torch53_loops`)."""
    with pytest.raises(InputError, match=r"runs torch's while_loop at .*test_torch51_loop_ops.py:15, .*Python's own"):
        gradcli.check(looped, [{"x": np.array([0.5, 1.0])}], dtypes=["float64"], fixes=False)
