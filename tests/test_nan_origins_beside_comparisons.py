"""A comparison's answer holds no NaN: where the value is NaN (inf - inf of two sums at x_0 = 0), the coordinates the
NaN never meets keep their slopes, whatever comparisons the program made on the way (round 81d's F1: PyTorch's
torch.logit replays with a comparison of its argument against its clamp, and a bool read as a number is NaN, so
the comparisons were taken for ops that made the NaN and x_1 lost its slope 0)."""

import pytest

import gradcli

TORCH_SOURCE = '''import torch


def logit_density(x):
    y = torch.logit(x)
    return (-0.5 * y ** 2).sum() - torch.log(x).sum() - torch.log1p(-x).sum()
'''

NUMPY_SOURCE = '''import gradcli.numpy as np


def logit_density(x):
    y = np.where(x > 2.0, 0.0, np.log(x) - np.log1p(-x))
    return np.sum(-0.5 * y ** 2) - np.sum(np.log(x)) - np.sum(np.log1p(-x))
'''


def _checked(tmp_path, source):
    path = tmp_path / "density.py"
    path.write_text(source)
    [result] = gradcli.check(f"{path}:logit_density", [{"x": [0.0, 0.5]}], dtypes=["float64"], fixes=False).results
    return result


@pytest.mark.parametrize("framework", ["torch", "numpy"])
def test_the_entry_the_nan_never_meets_keeps_its_slope(tmp_path, framework):
    if framework == "torch":
        pytest.importorskip("torch")
    result = _checked(tmp_path, TORCH_SOURCE if framework == "torch" else NUMPY_SOURCE)
    assert result.status == "domain", [f.message for f in result.findings]
    exact = result.exact_gradient["x"]
    assert exact[1] == 0.0, exact  # -logit(x) logit'(x) - 1/x + 1/(1 - x) at 1/2: 0 - 2 + 2
