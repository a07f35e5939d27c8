"""Code that reads its dtype (trials16b F1): the exact reference of the float32 program replays what that program runs,
a branch on ``x.dtype == torch.float32`` included (the trace in float32 where it runs other operations), and an
attention mask of ``torch.finfo(x.dtype).min`` holds float32's most negative number, not float64's rounded to -inf."""

import numpy as np
import pytest
import torch

import gradcli

WEIGHTS = [0.5, -1.0]


def scaled_by_dtype(x):
    if x.dtype == torch.float32:
        scale = 3.0
    else:
        scale = 2.0
    return (x * x * scale).sum()


def masked_softmax(x):
    keep = torch.tensor([[1.0, 0.0], [0.0, 0.0]], dtype=x.dtype)
    scores = x * 0.1 + (1.0 - keep) * torch.finfo(x.dtype).min
    return (torch.softmax(scores, dim=-1) * torch.tensor(WEIGHTS, dtype=x.dtype)).sum()


def test_a_branch_on_the_dtype_is_the_float32_programs_in_its_exact_reference():
    report = gradcli.check(scaled_by_dtype, [{"x": np.array([0.5, -1.5])}], dtypes=["float32", "float64"], fixes=False)
    float32, float64 = report.results
    assert (float32.status, float64.status) == ("ok", "ok"), [r.findings for r in report.results]
    assert np.asarray(float32.exact_gradient["x"]).tolist() == [3.0, -9.0]  # 6 x: the float32 branch
    assert np.asarray(float64.exact_gradient["x"]).tolist() == [2.0, -6.0]


def test_a_mask_of_finfo_min_is_float32s_own_number_in_the_float32_reference():
    """The second row is masked whole: exactly, a uniform shift, so its slope is softmax's of the scores; the first
    row's masked key weighs e^(finfo.min). float32's add absorbs every score (unstable); its exact reference is the
    float32 program's (0.1 as float32 holds it), not float64's, which a mask replayed as -inf (0 * -inf) would leave."""
    x = np.array([[0.5, -1.0], [1.0, 2.0]])
    [result] = gradcli.check(masked_softmax, [{"x": x}], dtypes=["float32"], fixes=False).results
    tenth = float(np.float32(0.1))
    row = x[1] * tenth
    p = np.exp(row - row.max()) / np.exp(row - row.max()).sum()
    exact = np.asarray(result.exact_gradient["x"], dtype=np.float64)
    assert exact[0].tolist() == [0.0, 0.0]
    assert exact[1] == pytest.approx(tenth * p * (np.array(WEIGHTS) - p @ WEIGHTS), rel=1e-13)
    assert result.status == "unstable"
