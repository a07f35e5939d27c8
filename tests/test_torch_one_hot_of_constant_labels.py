"""``F.one_hot`` of labels no input reaches is traced (round 75d's F3): PyTorch reads the labels' least and largest
(``.item()``) to check them, a value the trace knows for a constant or for held integer data (`torch_known`), where
the run on fake tensors alone, which finds the output's shape, refused it as a branch on a tensor's value. A
function that branches on a checked input's value is still refused, with its line.
"""

import math

import pytest

torch = pytest.importorskip("torch")
F = torch.nn.functional

import gradcli  # noqa: E402
from gradcli.errors import InputError  # noqa: E402

CLASSES = torch.tensor([0, 2])


def one_hot_of_constants(x):
    return (F.one_hot(CLASSES, 3).to(x.dtype) * x).sum()


def one_hot_of_held_labels(x, labels):
    return (F.one_hot(labels, 3).to(x.dtype) * torch.log_softmax(x, dim=1)).sum()


def branches_on_the_input(x):
    if x.sum() > 0:
        return (x * x).sum()
    return x.sum()


def _result(fun, point, **kwargs):
    [result] = gradcli.check(fun, [point], dtypes=["float64"], fixes=False, **kwargs).results
    return result


def test_one_hot_of_constant_labels_is_traced():
    result = _result(one_hot_of_constants, {"x": [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]})
    assert result.status == "ok", [f.message for f in result.findings]
    assert [[float(e) for e in row] for row in result.exact_gradient["x"]] == [[1, 0, 0], [0, 0, 1]]


def test_one_hot_of_labels_held_as_data_is_traced():
    result = _result(one_hot_of_held_labels, {"x": [[1.0, 2.0, 3.0], [0.5, -1.0, 0.0]], "labels": [0, 2]}, wrt=["x"])
    assert result.status == "ok", [f.message for f in result.findings]
    # d/dx of sum(onehot * log_softmax(x)) is onehot - softmax(x), row by row
    exps = [math.exp(v) for v in (1.0, 2.0, 3.0)]
    expected = [(1.0 if j == 0 else 0.0) - e / sum(exps) for j, e in enumerate(exps)]
    assert [float(e) for e in result.exact_gradient["x"][0]] == pytest.approx(expected, rel=1e-12)


def test_a_branch_on_a_checked_input_is_still_refused_at_its_line():
    with pytest.raises(InputError, match=r"branches on a tensor's value at .*test_torch_one_hot_of_constant_labels.py:29"):
        _result(branches_on_the_input, {"x": [1.0, 2.0]}, framework="torch")
