"""PyTorch's loop ops gradcli does not replay (``torch._higher_order_ops.associative_scan``, ``map``), which PyTorch
differentiates eagerly but whose tracing over fake tensors stops inside PyTorch: an input error naming the op and the
user's line, with the way out (a Python loop), not PyTorch's internal error. ``scan`` and ``while_loop`` are replayed
(`test_torch53_loops`)."""

import numpy as np
import pytest
import torch
from torch._higher_order_ops.associative_scan import associative_scan

import gradcli
from gradcli.errors import InputError


def prefix_products(x):
    return associative_scan(lambda a, b: a * b + torch.sin(b), x, 0).sum()


def test_an_associative_scan_is_refused_at_the_users_line():
    with pytest.raises(InputError, match=r"runs torch's associative_scan at .*test_torch51_loop_ops.py:16, .*Python's own"):
        gradcli.check(prefix_products, [{"x": np.array([0.5, 1.0])}], dtypes=["float64"], fixes=False)
