"""PyTorch's refusal to differentiate code that changed, in place, a tensor an op saved for its backward: an `error`
for the gradient that names the op whose backward needed it and the user's line (found by PyTorch's anomaly mode,
which gradcli turns on itself), with the framework's value judged and the exact gradient shown in its place.
Truths are written out by hand from the mathematics."""

import json
import math

import pytest
from click.testing import CliRunner

import gradcli
from gradcli.cli import cli

USERS = '''\
import torch


def adstock(spend, decay):
    carried = spend.clone()
    for t in range(1, carried.shape[0]):
        carried[t] += decay * carried[t - 1]
    return (1 - torch.exp(-carried / 2)).sum()


def halved_powers(x):
    powers = torch.ones(3, dtype=x.dtype)
    for k in range(1, 3):
        powers[k] = powers[k - 1] * x
        powers[k - 1] *= 0.5
    return powers.sum()


def adstock_stacked(spend, decay):
    carried = [spend[0]]
    for t in range(1, spend.shape[0]):
        carried.append(spend[t] + decay * carried[-1])
    return (1 - torch.exp(-torch.stack(carried) / 2)).sum()
'''


@pytest.fixture(scope="module")
def users(tmp_path_factory):
    path = tmp_path_factory.mktemp("in_place") / "users.py"
    path.write_text(USERS)
    return str(path)


def _adstock_truth(spend, decay):
    """Value and gradient of sum(1 - exp(-c/2)) with c[0] = s[0], c[t] = s[t] + d c[t-1], by the chain rule."""
    carried = [spend[0]]
    for s in spend[1:]:
        carried.append(s + decay * carried[-1])
    slopes = [math.exp(-c / 2) / 2 for c in carried]  # d value / d c[t]
    n = len(spend)
    d_spend = [sum(slopes[t] * decay ** (t - k) for t in range(k, n)) for k in range(n)]
    d_carried = [0.0] * n  # d c[t] / d decay = c[t-1] + d * d c[t-1] / d decay
    for t in range(1, n):
        d_carried[t] = carried[t - 1] + decay * d_carried[t - 1]
    value = sum(1 - math.exp(-c / 2) for c in carried)
    return value, d_spend, sum(s * d for s, d in zip(slopes, d_carried))


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_a_saved_tensor_changed_in_place_is_an_error_at_the_ops_line_with_the_exact_gradient(users, dtype):
    result = CliRunner().invoke(cli, ["check", f"{users}:adstock", "--at", "spend=[1,2,3],decay=0.5",
                                      "--dtype", dtype, "--json"])
    assert result.exit_code == 1, result.output
    (point,) = json.loads(result.stdout)["results"]
    value, d_spend, d_decay = _adstock_truth([1.0, 2.0, 3.0], 0.5)
    assert point["status"] == "error" and point["value_status"] == "ok" and point["gradient"]["decay"] is None
    assert point["value"] == pytest.approx(value, rel=1e-6 if dtype == "float32" else 1e-14)
    assert point["exact_gradient"]["spend"] == pytest.approx(d_spend, rel=1e-13)
    assert point["exact_gradient"]["decay"] == pytest.approx(d_decay, rel=1e-13)
    (finding,) = point["findings"]
    assert finding["kind"] == "no-derivative" and finding["op"] == "torch.mul"
    assert finding["location"].endswith("users.py:7")  # carried[t] += decay * carried[t - 1]
    assert "in-place write after it changed" in finding["message"] and "modified by an inplace" in finding["message"]
    assert "Hint: enable anomaly detection" not in finding["message"]  # gradcli took the hint
    assert "Tensor [" not in finding["message"]  # PyTorch's words name the tensor without a dtype of one run


def test_the_op_named_is_the_one_whose_saved_input_changed_not_the_write(users):
    (result,) = gradcli.check(f"{users}:halved_powers", [{"x": 0.5}], dtypes=("float64",), fixes=False).results
    assert result.status == "error"
    assert result.exact_gradient["x"] == pytest.approx(0.5 + 2 * 0.5, rel=1e-15)  # 0.5 + x / 2 + x^2
    (finding,) = result.findings
    assert finding.op == "torch.mul" and finding.location.endswith("users.py:14")  # the product, not line 15's *=


def test_the_same_mathematics_written_out_of_place_is_ok(users):
    (result,) = gradcli.check(f"{users}:adstock_stacked", [{"spend": [1.0, 2.0, 3.0], "decay": 0.5}],
                              dtypes=("float64",), fixes=False).results
    _, d_spend, d_decay = _adstock_truth([1.0, 2.0, 3.0], 0.5)
    assert result.status == "ok"
    assert result.gradient["spend"] == pytest.approx(d_spend, rel=1e-14)
    assert result.gradient["decay"] == pytest.approx(d_decay, rel=1e-14)
