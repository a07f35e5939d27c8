"""A fix writes a function the user's own lines already call as they spell it (``torch.xlogy``, a bare ``xlogy``
imported from torch), and a function they do not call in PyTorch's own spelling (``torch.special.xlogy``,
``torch.nn.functional.softplus``). The truth is the user's own text: each rewrite keeps its callee."""

import ast

import pytest

from gradcli.capture.torch_bridge import SPELLINGS
from gradcli.checker.source_fixes import source_rewrites

USERS = '''\
import torch
from torch import xlogy


def kl_short(x, y):
    return torch.sum(torch.xlogy(x, y))


def kl_bare(x, y):
    return torch.sum(xlogy(x, y))


def kl_special(x, y):
    return torch.sum(torch.special.xlogy(x, y)) + torch.log(1 + torch.exp(y))
'''


def _rewritten(line, name):
    """The new text of rewrite ``name`` on ``line`` of USERS, parsed, and the callees it calls."""
    (found,) = [edits for n, _, edits in source_rewrites(USERS, [line], "torch", SPELLINGS) if n == name]
    ((_, text),) = found
    return text, [ast.unparse(node.func) for node in ast.walk(ast.parse(text)) if isinstance(node, ast.Call)]


@pytest.mark.parametrize(("line", "spelled"), [(6, "torch.xlogy"), (10, "xlogy"), (14, "torch.special.xlogy")])
def test_the_xlogy_guard_keeps_the_users_own_callee(line, spelled):
    assert f"{spelled}(x, y)" in USERS.splitlines()[line - 1]  # the user's line spells it so
    text, callees = _rewritten(line, "xlogy guard")
    assert callees == [spelled, "torch.where"], text


def test_a_function_the_user_does_not_call_is_pytorchs_own():
    text, callees = _rewritten(14, "softplus")
    assert callees == ["torch.nn.functional.softplus"], text
