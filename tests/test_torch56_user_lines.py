"""The PyTorch bridge names the user's innermost line (`lines.user_line`): in a traceback, the helper's line where
the user's function calls a helper that branches on a tensor's value, not the caller's line."""

import inspect

import pytest

import gradcli
from gradcli.errors import InputError

torch = pytest.importorskip("torch")


def positive_part(x):
    if x.sum() > 0:  # the branch on a value: the line named
        return x
    return torch.zeros_like(x)


def loss(x):
    return positive_part(x * 2.0).sum()  # the caller's line: not the one named


def test_a_branch_on_a_value_inside_a_helper_is_named_at_the_helpers_line():
    with pytest.raises(InputError) as raised:
        gradcli.check(loss, [{"x": [1.0, 2.0]}], dtypes=("float64",), fixes=False, framework="torch")
    line = inspect.getsourcelines(positive_part)[1] + 1
    assert f"{__file__}:{line}" in str(raised.value), str(raised.value)
