"""PyTorch's ops without a derivative: those whose term PyTorch's gradient silently leaves out (torch.special's Airy,
Bessel and polynomial functions) are judged `wrong` at their call, named; those whose backward raises (zeta in its
first argument, gammainc in a) are an `error` naming the op and its line, the exact value and gradient still shown.
Truths are mpmath's."""

import json

import mpmath
import pytest
import torch
from click.testing import CliRunner

import gradcli
from gradcli.capture import torch_ops
from gradcli.cli import cli

USERS = '''\
import torch


def airy_and_bessel(x):
    return (torch.special.airy_ai(x) + 2 * torch.special.bessel_j0(x) + x ** 2).sum()


def zeta_in_s(s):
    return torch.special.zeta(s, torch.tensor(2.0, dtype=s.dtype)).sum()


class Square(torch.autograd.Function):
    @staticmethod
    def forward(ctx, y):
        ctx.save_for_backward(y)
        return y ** 2

    @staticmethod
    def backward(ctx, g):
        (y,) = ctx.saved_tensors
        return 3 * y * g  # wrong: the slope is 2y


def log_beside_a_wrong_rule(x, y):
    return torch.log(x) + Square.apply(y)
'''


@pytest.fixture(scope="module")
def users(tmp_path_factory):
    path = tmp_path_factory.mktemp("misc62_torch") / "users.py"
    path.write_text(USERS)
    return str(path)


def test_every_op_listed_as_undifferentiated_is_so_in_pytorch_and_is_replayed():
    x = torch.tensor([0.3, 1.5], dtype=torch.float64, requires_grad=True)
    for op in torch_ops.NOT_DIFFERENTIATED:
        function = getattr(torch.special, op.removeprefix("special_"))
        out = function(x, 3) if "polynomial" in op else function(x)
        assert not out.requires_grad, op  # PyTorch leaves its term out of every gradient
        assert op in torch_ops.OPS, op  # its exact reference is gradcli's


def test_the_term_pytorch_leaves_out_is_wrong_and_names_each_call(users):
    (result,) = gradcli.check(f"{users}:airy_and_bessel", [{"x": -0.5}], dtypes=("float64",),
                              fixes=False).results
    assert result.status == "wrong"
    x = mpmath.mpf("-0.5")
    truth = mpmath.airyai(x, derivative=1) - 2 * mpmath.besselj(1, x) + 2 * x
    assert result.exact_gradient["x"] == pytest.approx(float(truth), rel=1e-13)
    assert result.gradient["x"] == -1.0  # only x ** 2's slope is left
    (finding,) = [f for f in result.findings if f.kind == "wrong-rule"]
    assert finding.location.endswith("users.py:5") and finding.op == "gradient of torch.special.airy_ai"
    assert "PyTorch has no derivative for torch.special.airy_ai at users.py:5, torch.special.bessel_j0 at users.py:5" \
        in finding.message


def test_a_backward_that_raises_is_an_error_naming_the_op_and_line_with_the_exact_numbers(users):
    result = CliRunner().invoke(cli, ["check", f"{users}:zeta_in_s", "--at", "s=[2.5,1.5]", "--dtype", "float64",
                                      "--json"])
    assert result.exit_code == 1, result.output
    (point,) = json.loads(result.stdout)["results"]
    assert point["status"] == "error" and point["gradient"] == {"s": None}
    s = [mpmath.mpf("2.5"), mpmath.mpf("1.5")]
    assert point["value"] == pytest.approx(float(sum(mpmath.zeta(v, 2) for v in s)), rel=1e-14)
    assert point["exact_value"] == pytest.approx(float(sum(mpmath.zeta(v, 2) for v in s)), rel=1e-14)
    assert point["exact_gradient"]["s"] == pytest.approx([float(mpmath.zeta(v, 2, derivative=1)) for v in s],
                                                         rel=1e-13)
    (finding,) = point["findings"]
    assert finding["kind"] == "no-derivative" and finding["op"] == "torch.special.zeta"
    assert finding["location"].endswith("users.py:9") and "PyTorch has no derivative" in finding["message"]


def test_the_slope_beside_a_nan_is_the_functions_never_a_custom_backwards(users):
    (result,) = gradcli.check(f"{users}:log_beside_a_wrong_rule", [{"x": -1.0, "y": 3.0}], dtypes=("float64",),
                              fixes=False).results
    assert result.status == "domain" and result.gradient["y"] == 9.0  # PyTorch's, through the wrong backward
    assert result.exact_gradient["y"] == pytest.approx(float(2 * mpmath.mpf(3)), rel=1e-15)
