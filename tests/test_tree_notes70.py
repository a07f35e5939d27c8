"""A framework's function of parameter trees and held data (``--args``) is told apart as a function of plain arrays
is: the bridge's notes and searches take the user's own arguments rebuilt from the flat point, so a number read with
``.item()``, a torch.special call PyTorch does not differentiate and a library rule off are named at their lines, and
a JAX solver in a custom rule's primal gets its note."""

import numpy as np
import pytest

import gradcli
from read_checks import line_of

pytest.importorskip("torch")

TORCH = '''\
import torch

_LIBRARY = """
import torch


class TanhWithItsSignTurned(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        y = torch.tanh(x)
        ctx.save_for_backward(y)
        return y

    @staticmethod
    def backward(ctx, upstream):
        (y,) = ctx.saved_tensors
        return upstream * (1 + y * y)
"""
_library = {}
exec(compile(_LIBRARY, "<library>", "exec"), _library)  # a library's file: the user's lines are only its calls
lib_tanh = _library["TanhWithItsSignTurned"].apply


def scaled_by_an_item(params, batch):
    s = params["w"].sum().item()
    return torch.sum(params["w"][batch["labels"]] * batch["x"] * s) + params["b"] ** 2


def through_bessel(params, batch):
    return torch.sum(torch.special.bessel_j0(params["w"][batch["labels"]] * batch["x"])) + params["b"] ** 2


def through_a_library_tanh(params, batch):
    scaled = params["w"][batch["labels"]] * batch["x"]
    squashed = lib_tanh(scaled)
    return torch.sum(torch.cos(squashed)) + params["b"] ** 2
'''

JAX = '''\
import jax
import jax.numpy as jnp
from jax import lax


def _heron_sqrt(a):
    def far(guess):
        return jnp.abs(guess * guess - a) > 1e-12 * a

    def halved(guess):
        return 0.5 * (guess + a / guess)

    return lax.while_loop(far, halved, a + 1.0)


@jax.custom_jvp
def heron_sqrt(a):
    return _heron_sqrt(a)


@heron_sqrt.defjvp
def _heron_sqrt_jvp(primals, tangents):
    root = _heron_sqrt(primals[0])
    return root, tangents[0] / (2.0 * root)


def root_of_a_tree(params, batch):
    return heron_sqrt(params["a"] * batch["x"]) + params["b"] ** 2
'''

# labels held as data (integers), x outside --wrt: the bridge sees neither as a variable
POINT = {"params": {"w": np.array([0.5, 0.25]), "b": 2.0},
         "batch": {"labels": np.array([1, 0, 1]), "x": np.array([1.0, -2.0, 0.5])}}


@pytest.fixture(scope="module")
def users(tmp_path_factory):
    folder = tmp_path_factory.mktemp("tree_notes70")
    (folder / "users.py").write_text(TORCH)
    (folder / "solvers.py").write_text(JAX)
    return folder


def _checked(path, name, point):
    (result,) = gradcli.check(f"{path}:{name}", [point], dtypes=("float64",), fixes=False, wrt=["params"]).results
    return result


def _wrong_rule(result):
    assert result.status.value == "wrong", result.status
    (finding,) = [f for f in result.findings if f.kind == "wrong-rule"]
    return finding


def test_an_item_read_in_a_tree_function_is_named_at_its_read(users):
    finding = _wrong_rule(_checked(users / "users.py", "scaled_by_an_item", POINT))
    assert finding.op == "gradient through .item()", finding.op
    assert finding.location.endswith(f"users.py:{line_of(TORCH, 's = params')}"), finding.location


def test_a_call_pytorch_does_not_differentiate_in_a_tree_function_is_named(users):
    finding = _wrong_rule(_checked(users / "users.py", "through_bessel", POINT))
    assert finding.op == "gradient of torch.special.bessel_j0", finding.op
    assert finding.location.endswith(f"users.py:{line_of(TORCH, 'bessel_j0(params')}"), finding.location
    assert "PyTorch has no derivative for torch.special.bessel_j0" in finding.message


def test_a_library_rule_off_in_a_tree_function_is_named_at_its_call(users):
    finding = _wrong_rule(_checked(users / "users.py", "through_a_library_tanh", POINT))
    assert finding.location.endswith(f"users.py:{line_of(TORCH, 'squashed = lib_tanh')}"), finding.location
    assert "the first call whose built-in rule is off is torch.tanh" in finding.message, finding.message


def test_a_solver_in_a_custom_rules_primal_of_a_tree_function_is_noted(users):
    pytest.importorskip("jax")
    point = {"params": {"a": 3.0, "b": 0.5}, "batch": {"x": 2.0}}  # the solver runs on a number
    result = _checked(users / "solvers.py", "root_of_a_tree", point)
    assert result.status.value == "ok", result.findings
    (note,) = [note for note in result.notes if "this lax.while_loop" in note]
    assert f"solvers.py:{line_of(JAX, 'return lax.while_loop')}" in note
    assert "is a solver that stops at its own tolerance" in note
