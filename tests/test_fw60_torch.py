"""PyTorch's leftovers (issue 29): a program that branches on its dtype is differenced as the float32 program it is in
float32 (the finite-difference column shows that branch's slope, not float64's), and the ``gradcheck`` fixture's failure
message carries the notes a terminal check prints (a dtype the program refuses to run in)."""

import numpy as np
import pytest
import torch

import gradcli
from gradcli.testing import GradientCheckError


def doubled_or_squared(x):
    if x.dtype == torch.float32:
        return (x * 2.0).sum()
    return (x * x).sum()


def scale_by_eps(x):
    # float32's eps is 2^-23, float64's 2^-52: the slope is 1 + 2^23 eps, 2 in float32 and 1 + 2^-29 in float64
    return (x * (1.0 + torch.finfo(x.dtype).eps * 2.0**23)).sum()


class _Tripled(torch.autograd.Function):
    """A rule that is wrong on purpose: x * 2's gradient returned as 3 g."""

    @staticmethod
    def forward(ctx, x):
        return x * 2.0

    @staticmethod
    def backward(ctx, g):
        return g * 3.0


WEIGHT = torch.tensor([[1.5]], dtype=torch.float32)  # the library's float32 tensor a float64 input cannot meet


def float32_only(x):
    return torch.matmul(_Tripled.apply(x).reshape(1, 1), WEIGHT).sum()


@pytest.mark.parametrize("fun, slope32, slope64", [
    (doubled_or_squared, 2.0, 6.0),
    (scale_by_eps, 2.0, 1.0 + 2.0**-29),
])
def test_finite_differences_in_float32_step_the_float32_program(fun, slope32, slope64):
    report = gradcli.check(fun, [{"x": np.array([3.0])}], dtypes=("float32", "float64"), fixes=False)
    float32, float64 = report.results
    assert (float32.status, float64.status) == ("ok", "ok"), [r.findings for r in report.results]
    assert np.asarray(float32.exact_gradient["x"]).tolist() == [slope32]
    assert np.asarray(float32.fd_gradient["x"]) == pytest.approx([slope32], rel=1e-8)
    assert np.asarray(float64.fd_gradient["x"]) == pytest.approx([slope64], rel=1e-8)


def test_the_fixtures_message_ends_with_the_reports_notes():
    with pytest.raises(GradientCheckError) as failed:
        gradcli.testing.assert_gradients_ok(float32_only, [{"x": np.array([0.5])}], dtypes=("float32", "float64"))
    message = str(failed.value)
    assert "[float32]: wrong" in message, message
    notes = [line for line in message.splitlines() if line.startswith("note: ")]
    assert notes == [f"note: {note}" for note in failed.value.report.notes] and len(notes) == 1, message
    assert notes[0].startswith("note: not run in float64: the program raises in float64"), message
