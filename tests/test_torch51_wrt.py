"""``--wrt`` reaches PyTorch: the leaves a check, sweep or audit case does not choose are data to PyTorch (they never
require grad) in its own run, in the captured graph and in the replay, so an ``autograd.Function`` whose backward
reads ``ctx.needs_input_grad`` is judged as the user's program runs it (trials16b N1)."""

import numpy as np
import pytest
import torch

import gradcli
from gradcli.capture.bridge import differentiating
from gradcli.capture.torch_bridge import capture

ASKED = []  # the needs_input_grad each backward saw


class _Scale(torch.autograd.Function):
    """x * w whose backward gives both gradients or neither, by the one input it tests."""

    @staticmethod
    def forward(ctx, x, w):
        ctx.save_for_backward(x, w)
        return torch.mul(x, w)

    @staticmethod
    def backward(ctx, grad):
        ASKED.append(tuple(ctx.needs_input_grad))
        x, w = ctx.saved_tensors
        return (grad * w, grad * x) if ctx.needs_input_grad[0] else (None, None)


def scale_loss(w, x):
    return (_Scale.apply(x, w) ** 2).sum()


def scale_loss_of_tree(p):
    return (_Scale.apply(p["x"], p["w"]) ** 2).sum()


POINT = {"w": np.array([0.5, -1.5]), "x": np.array([2.0, 3.0])}


def test_a_held_input_does_not_require_grad_in_pytorchs_run_nor_in_the_replay():
    bridge = capture(scale_loss, "scale_loss")
    args = (POINT["w"], POINT["x"])
    ASKED.clear()
    with differentiating((True, False)):
        value, (dw, dx) = bridge.own(args, np.float64(1.0))
        replayed = bridge.backward(args, np.float64(1.0))
    assert ASKED and set(ASKED) == {(False, True)}  # x is data in PyTorch's run and in the traced one
    assert float(value) == 21.25
    assert dw.tolist() == [0.0, 0.0] and dx.tolist() == [0.0, 0.0]  # the rule gives w nothing: x is not asked
    assert [g.tolist() for g in replayed] == [[0.0, 0.0], [0.0, 0.0]]
    ASKED.clear()
    _, (dw, dx) = bridge.own(args, np.float64(1.0))  # every float leaf: both asked, both right
    assert set(ASKED) == {(True, True)} and dw.tolist() == [4.0, -27.0] and dx.tolist() == [1.0, 13.5]


def test_a_check_with_wrt_judges_the_rule_as_the_users_program_runs_it():
    report = gradcli.check(scale_loss, [POINT], dtypes=["float64"], wrt=("w",), fixes=False)
    [result] = report.results
    assert result.status == "wrong" and list(result.gradient) == ["w"]
    assert np.asarray(result.exact_gradient["w"]).tolist() == pytest.approx([4.0, -27.0], rel=1e-14)
    [rule] = [f for f in result.findings if f.kind == "wrong-rule"]
    assert rule.op == "gradient rule backward() of _Scale" and rule.location.endswith("test_torch51_wrt.py:25")
    [both] = gradcli.check(scale_loss, [POINT], dtypes=["float64"], fixes=False).results
    assert both.status == "ok"


def test_a_trees_leaf_out_of_wrt_is_data_to_pytorch():
    [result] = gradcli.check(scale_loss_of_tree, [{"p": dict(POINT)}], dtypes=["float32"], wrt=("p.w",),
                             fixes=False).results
    assert result.status == "wrong" and list(result.gradient) == ["p.w"]


def test_a_sweep_with_wrt_differentiates_the_swept_variable_alone():
    def loss(w, x):
        return scale_loss(w, x)

    result = gradcli.sweep(loss, {"w": (0.5, 2.0, 3)}, fixed={"x": 2.0}, dtypes=["float64"], wrt=("w",), fixes=False)
    assert {i.status for i in result.dtypes["float64"].intervals} == {"wrong"}
