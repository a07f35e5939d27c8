"""A sweep holds what --args gives and it does not sweep (a PyTorch module with a tied weight) as it is, and --wrt
takes the tied weight's second name, as check does, for the checks of the sweep's points."""

import json

import pytest
from click.testing import CliRunner

from gradcli.cli import cli

pytest.importorskip("torch")

TIED = '''\
import torch


class Pair(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.a = torch.nn.Linear(1, 1, bias=False).double()
        self.b = torch.nn.Linear(1, 1, bias=False).double()
        self.b.weight = self.a.weight  # tied: b.weight is another name of a.weight


MODEL = Pair()
with torch.no_grad():
    MODEL.a.weight.fill_(0.0)  # |w| has its kink here: a check of the weight says so, one of x does not


def loss(x, model):
    return (torch.abs(model.b.weight) * x + x * x).sum()


def args():
    return {"x": torch.tensor(0.3, dtype=torch.float64), "model": MODEL}
'''


def sweep(folder, *flags):
    """``gradcli sweep`` of the tied module's loss written into ``folder``, its model held from --args."""
    module = folder / "tiedmod.py"
    module.write_text(TIED)
    return CliRunner().invoke(cli, [
        "sweep", f"{module}:loss", "--range", "x=0.5:1:2", "--args", f"{module}:args", "--dtype", "float64",
        "--no-fix", "--json", *flags,
    ])


def test_a_module_from_args_is_held_and_wrt_takes_the_tied_name(tmp_path):
    """The checks judge the weight --wrt names by its second name: its kink at 0, at every point swept."""
    result = sweep(tmp_path, "--wrt", "model.b.weight")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    intervals = report["dtypes"]["float64"]["intervals"]
    assert [(i["status"], i["kind"], i["op"]) for i in intervals] == [("domain", "kink", "model.a.weight[0, 0]")]
    assert intervals[0]["lo"] == 0.5 and intervals[-1]["hi"] == 1.0
    assert "model" not in report["fixed"]  # a module is held, not shown as a number


def test_wrt_of_no_variable_names_the_variables(tmp_path):
    result = sweep(tmp_path, "--wrt", "model.c.weight")
    assert result.exit_code == 2 and "--wrt model.c.weight: not a variable" in result.stderr and "model.a.weight" in result.stderr
