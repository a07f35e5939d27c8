"""A fix rewriting a method of a class the user's file defines (an nn.Module's forward) is re-checked on objects of the
rewritten class.

The re-check loads the rewritten file as a fresh module, but the check's arguments (a model built by the user's
``--args`` function, a parametrization nested inside a layer) were objects of the original class, whose forward still
held log(1 + exp(X)): every rewrite was "better nowhere" and no fix was offered (round 60d's H2). Each such object is
now a copy turned to the rewritten class (`source_fixes.with_rewritten_classes`); the user's objects are untouched.
"""

import sys
import types

import pytest

from gradcli.checker import source_fixes

MODEL = '''import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils import parametrize


class NaivePositive(nn.Module):
    def forward(self, X):
        return torch.log(1 + torch.exp(X))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.act = NaivePositive()

    def forward(self, x):
        return self.act(x)


def parametrized_args():
    layer = nn.Linear(2, 2, bias=False)
    parametrize.register_parametrization(layer, "weight", NaivePositive())
    with torch.no_grad():
        layer.parametrizations.weight.original.copy_(torch.tensor([[100.0, -2.0], [0.5, -30.0]]))
    return {"model": layer, "x": torch.tensor([[1.0, -2.0], [0.25, 1.0]])}


def net_args():
    return {"model": Net(), "x": torch.tensor([100.0, -3.0])}


def loss(model, x):
    return (model(x) ** 2).sum()
'''


def _check(tmp_path, args):
    import importlib.util

    import gradcli

    path = tmp_path / "model.py"
    path.write_text(MODEL)
    spec = importlib.util.spec_from_file_location(f"model_{args}", path)
    users = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = users  # as an import of the user's own would hold it
    try:
        spec.loader.exec_module(users)
        point = getattr(users, args)()
        report = gradcli.check(f"{path}:loss", [point], dtypes=["float32"])
    finally:
        sys.modules.pop(spec.name, None)
    # the user's own model is left as it was: its module of the file's class still that class
    assert [type(m).__name__ for m in point["model"].modules() if type(m).__module__ == spec.name][-1] == "NaivePositive"
    return report


@pytest.mark.parametrize("args", ["parametrized_args", "net_args"])
def test_a_rewritten_forward_is_rechecked_on_the_rewritten_class(tmp_path, args):
    pytest.importorskip("torch")
    report = _check(tmp_path, args)
    (result,) = report.results
    assert result.status == "unstable"
    names = [fix.name for fix in report.fixes]
    assert "softplus" in names, (names, report.notes)
    softplus = report.fixes[names.index("softplus")]
    assert "F.softplus(X)" in softplus.diff


class _Original:
    def method(self):
        return "original"


def test_only_objects_of_the_files_classes_are_copied_and_turned(tmp_path):
    path = tmp_path / "users.py"
    path.write_text("")
    original = types.ModuleType("users_original")
    original.__file__ = str(path)
    rewritten = types.ModuleType("users_rewritten")

    class Thing:
        def method(self):
            return "original"

    class NewThing:
        def method(self):
            return "rewritten"

    Thing.__module__, Thing.__qualname__ = original.__name__, "Thing"
    NewThing.__qualname__ = "Thing"
    rewritten.Thing = NewThing
    sys.modules[original.__name__] = original
    try:
        def fixed():
            return None

        fixed.rewritten_file = (str(path), rewritten)
        mine = Thing()
        other = _Original()
        given = [{"model": mine, "data": [other, (1.0, mine)]}]
        out = source_fixes.with_rewritten_classes(given, fixed)
        assert out is not given
        assert out[0]["model"].method() == "rewritten"
        assert out[0]["data"][1][1].method() == "rewritten"
        assert type(out[0]["data"][0]) is _Original  # a class of another file stays
        assert mine.method() == "original" and type(mine) is Thing  # the user's object is untouched
        untouched = [{"data": [other]}]
        assert source_fixes.with_rewritten_classes(untouched, fixed) is untouched
        assert source_fixes.with_rewritten_classes(given, lambda: None) is given  # no rewritten file: as given
    finally:
        sys.modules.pop(original.__name__, None)
