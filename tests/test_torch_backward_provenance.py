"""Where a PyTorch function's gradient lost its digits, named at the line and op inside the user's own backward.

A custom ``autograd.Function.backward`` whose subtraction cancels (the slope
of the trials' smooth clip, sigmoid(x) - sigmoid(x - 1) at x = 18, loses 8
digits) is `unstable`, and the finding names that subtraction on the
backward's line, not the ``.apply`` call that runs it: with and without
``once_differentiable``. A matmul under bfloat16 autocast is named at its own
line, forward (the cast into bfloat16) and backward, not at the return line.
"""

import importlib.util
import inspect
import os

import mpmath

import gradcli

TRIALS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials", "torch_lib14b.py")
_spec = importlib.util.spec_from_file_location("torch_lib14b", TRIALS)
trials = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(trials)


class TwiceSoftClip(trials.SoftClip):
    """The trials' SoftClip (its backward under ``once_differentiable``) with the same backward left differentiable."""

    backward = staticmethod(inspect.unwrap(trials.SoftClip.backward))


def _line_of(function, text):
    """file:line of the first line of ``function`` holding ``text``."""
    lines, first = inspect.getsourcelines(inspect.unwrap(function))
    return f"{TRIALS}:{first + next(i for i, line in enumerate(lines) if text in line)}"


def _check(clip):
    [result] = gradcli.check(lambda x: clip.apply(x).sum(), [{"x": [18.0]}], framework="torch", dtypes=("float64",)).results
    return result


def test_a_cancelling_custom_backward_is_named_at_its_subtraction():
    assert TwiceSoftClip.backward is not trials.SoftClip.backward
    for clip in (trials.SoftClip, TwiceSoftClip):
        result = _check(clip)
        assert result.status == "unstable", clip
        with mpmath.workdps(40):  # the subtraction cancels 8 of mpmath's digits too
            exact = mpmath.mpf(1) / (1 + mpmath.exp(-18)) - mpmath.mpf(1) / (1 + mpmath.exp(-17))
        assert abs(result.exact_gradient["x"][0] - float(exact)) <= 1e-12 * float(exact)
        backward = [f for f in result.findings if f.phase == "backward"]
        assert [(f.kind, f.gradcli_op, f.op, f.location) for f in backward] == [
            ("cancellation", "subtract", "- (aten.sub)", _line_of(clip.backward, "return"))], clip  # the user's -


def test_a_bfloat16_autocast_matmul_is_named_at_its_line_forward_and_backward():
    [result] = gradcli.check(trials.autocast_head, [{"x": [[0.3, -0.7, 1.3]]}], framework="torch", dtypes=("float32",)).results
    assert result.status == "unstable"
    matmul = _line_of(trials.autocast_head, "x @ w")
    where = [(f.phase, f.kind, f.location) for f in result.findings if f.kind != "fd-unreliable"]
    assert where == [("forward", "narrowed", matmul), ("backward", "inaccurate", matmul)], where
    assert result.findings[0].gradcli_op == "astype (float32 -> bfloat16)"
    assert result.findings[0].op == "@ (aten._to_copy) (float32 -> bfloat16)"  # autocast's cast inside the user's @
