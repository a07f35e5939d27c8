"""A module whose forward writes its own state runs from the point's state at every call, and is left as given.

spectral_norm's power iteration in train() mode writes u and v in place (``F.normalize(..., out=u)``) at every
forward: the check was an error quoting gradcli's divide refusing ``out=`` (round 60d's H1), and each of the check's
many calls moved u and v on, so no two runs computed one function. Each module's buffers are put back to their numbers
at the point before every call (`torch_modules.ModuleArguments.restore_buffers`), an ``out=`` overload is a write the
capture functionalizes, and the constant nodes make_fx gives one buffer are one input there, so a read after the write
sees it (`torch_graph._functionalized`). The one power iteration PyTorch runs under no_grad moves with the weight,
and PyTorch's gradient, which holds u and v, is off the derivative: wrong.
"""

import numpy as np
import pytest

import gradcli

torch = pytest.importorskip("torch")

SOURCE = '''import torch
import torch.nn as nn
from torch.nn.utils.parametrizations import spectral_norm


def spectral_args():
    torch.manual_seed(0)
    layer = spectral_norm(nn.Linear(3, 2, bias=False).double())
    with torch.no_grad():
        layer.parametrizations.weight.original.copy_(torch.tensor([[1.0, 2.0, -2.0], [0.5, -1.0, 3.0]]))
    return {"model": layer, "x": torch.tensor([[1.0, -2.0, 0.5], [0.25, 1.0, -1.5]], dtype=torch.float64)}


def batchnorm_args():
    layer = nn.BatchNorm1d(2).double()
    return {"model": layer, "x": torch.tensor([[1.0, -2.0], [0.5, 3.0], [-1.5, 0.25]], dtype=torch.float64)}


def loss(model, x):
    return (model(x) * torch.tensor([[1.0, -1.0], [2.0, 0.5], [0.5, 0.25]][: x.shape[0]], dtype=x.dtype)[:, :2]).sum()
'''


def _point(tmp_path, args):
    import importlib.util
    import sys

    path = tmp_path / "stateful.py"
    path.write_text(SOURCE)
    spec = importlib.util.spec_from_file_location(f"stateful_{args}", path)
    users = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = users
    try:
        spec.loader.exec_module(users)
        return path, getattr(users, args)()
    finally:
        sys.modules.pop(spec.name, None)


def test_spectral_norm_in_train_mode_is_one_function_and_its_rule_is_wrong(tmp_path):
    path, point = _point(tmp_path, "spectral_args")
    model = point["model"]
    before = {name: buffer.clone() for name, buffer in model.named_buffers()}
    with torch.no_grad():
        first = float(torch.sum(model(point["x"])))  # one forward: u and v move
    for name, buffer in model.named_buffers():
        buffer.copy_(before[name])
    (result,) = gradcli.check(f"{path}:loss", [point], dtypes=["float64"], wrt=("model",)).results
    assert result.status == "wrong", [f.message for f in result.findings]
    assert float(result.exact_value) == pytest.approx(float(result.value), rel=1e-13)
    for name, buffer in model.named_buffers():  # the user's module as given
        assert torch.equal(buffer, before[name]), name
    assert first != 0.0


def test_a_batch_norm_in_train_mode_keeps_its_running_statistics(tmp_path):
    path, point = _point(tmp_path, "batchnorm_args")
    model = point["model"]
    before = {name: buffer.clone() for name, buffer in model.named_buffers()}
    (result,) = gradcli.check(f"{path}:loss", [point], dtypes=["float64"], wrt=("model",)).results
    assert result.status == "ok", [f.message for f in result.findings]
    for name, buffer in model.named_buffers():
        assert torch.equal(buffer, before[name]), (name, buffer, before[name])
    assert np.isfinite(float(result.exact_value))
