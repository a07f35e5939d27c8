"""PyTorch: a torch.where leak over two lines is the first finding, naming both lines."""

import pytest

from headline65_leak import assert_leak_is_the_headline, leak_module

pytest.importorskip("torch")


def test_a_torch_where_leak_over_two_lines_leads_the_findings(tmp_path):
    assert_leak_is_the_headline(tmp_path, leak_module("import torch", "torch.where", "torch.sum"))
