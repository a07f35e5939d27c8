"""PyTorch's ops on complex tensors in gradcli's replay, beyond the FFTs and the views (test_complex57_torch.py): the
parts (real, imag, angle, conj, conj_physical), arithmetic (sub, div by a tensor, a number and into a number),
analytic functions (log, sqrt, pow by integers, a float and a complex tensor, exp, sin, cos, tanh, sigmoid, whose
backward kernels take the slope's conjugate, reciprocal, rsqrt), reductions (sum, mean, along a dim), matmul, vdot
and where. Each loss is real; its exact value and gradient are held to PyTorch's own float64 ones, and float64 is
judged ok (float32's reference replays the same graph: test_complex57_torch.py judges both). Ops only real numbers
have (comparisons, max, floor), which PyTorch refuses on complex tensors at every point, are an input error quoting
PyTorch at the user's line."""

import inspect
import re

import pytest

import gradcli
from gradcli.errors import InputError

from complex57_checks import assert_float64_ok_as_the_framework, pytorchs_own

torch = pytest.importorskip("torch")

POINT = {"a": [0.7, -0.4], "b": [0.5, 1.1]}


def parts(a, b):
    z, w = torch.complex(a, b), torch.complex(b, a)
    mixed = (z * w).real * 2.0 + (z * w).imag ** 2 + (z * w).angle() + (z.conj() * w).real + torch.conj_physical(z).imag
    quotients = (z / w).real + (2.0 / z).imag + (z / 3.0).abs() + (z - w - 1.5).abs()
    return (mixed + quotients + torch.where(a > 0, z, z * z).imag).sum()


def analytic(a, b):
    z, w = torch.complex(a, b), torch.complex(b, a)
    powers = (z ** 2).real + (z ** 3).imag + (z ** 0.5).imag + torch.pow(z, w).real
    logs = torch.log(z).imag + torch.log(z).real + torch.sqrt(z).real + 2.0 * torch.sqrt(z).imag
    half = z * 0.5
    waves = torch.sin(half).real + torch.cos(half).imag + torch.tanh(half).real + torch.sigmoid(half).imag
    return (powers + logs + waves + torch.reciprocal(z).real + torch.rsqrt(z).imag + torch.exp(z).abs()).sum()


def reduced(a, b):
    z, w = torch.complex(a, b), torch.complex(b, a)
    products = (z.reshape(2, 1) @ w.reshape(1, 2)).real.sum() + torch.matmul(z, w).imag
    return (z * w).sum().real + (z * w).mean().imag + (z * w).reshape(2, 1).sum(dim=1).abs().sum() + products \
        + torch.vdot(z, w).real


@pytest.mark.parametrize("function", [parts, analytic, reduced])
def test_a_real_loss_through_complex_ops_is_replayed_as_pytorch_computes_it(function):
    (result,) = gradcli.check(function, [POINT], dtypes=("float64",), fixes=False, framework="torch").results
    assert_float64_ok_as_the_framework(result, *pytorchs_own(torch, function, POINT))


def compared(a, b):
    return torch.where(torch.complex(a, b) > 0, a, b).sum()


def floored(a, b):
    return torch.floor(torch.complex(a, b)).real.sum()


@pytest.mark.parametrize(("function", "words"), [(compared, "\"gt_cpu\" not implemented for 'ComplexDouble'"),
                                                 (floored, "floor does not support automatic differentiation")])
def test_an_op_that_needs_real_numbers_on_a_complex_tensor_is_an_input_error_at_the_users_line(function, words):
    line = inspect.getsourcelines(function)[1] + 1
    with pytest.raises(InputError, match=rf"{function.__name__} at {re.escape(__file__)}:{line} \(return .*\) hands a "
                                         rf"complex tensor to an op that needs real numbers \(\w+Error: {re.escape(words)}"):
        gradcli.check(function, [POINT], dtypes=("float64",), fixes=False, framework="torch")
