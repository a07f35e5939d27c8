"""Code that reads its dtype in any spelling (``x.is_floating_point()``, ``torch.finfo(x.dtype).bits``,
``x.element_size()``), in the checked function or in a helper of another of the user's modules it calls: the exact
reference of the float32 program replays what that program runs (the trace in float32 where the operations differ)."""

import importlib.util
import sys

import numpy as np
import pytest
import torch

import gradcli

HELPER = '''
import torch


def scale_for(t):
    if t.is_floating_point() and t.element_size() == 4:
        return 3.0
    return 2.0
'''


def by_finfo_bits(x):
    scale = 3.0 if torch.finfo(x.dtype).bits == 32 else 2.0
    return (x * x * scale).sum()


def by_dtype_tuple(x):
    scale = 3.0 if x.dtype in (torch.float32, torch.bfloat16) else 2.0
    return (x * x * scale).sum()


@pytest.fixture(scope="module")
def helpers(tmp_path_factory):
    path = tmp_path_factory.mktemp("user") / "torch52_helpers.py"
    path.write_text(HELPER)
    spec = importlib.util.spec_from_file_location("torch52_helpers", path)
    module = sys.modules["torch52_helpers"] = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    yield module
    del sys.modules["torch52_helpers"]


def _exact_gradients(fun):
    report = gradcli.check(fun, [{"x": np.array([0.5, -1.5])}], dtypes=["float32", "float64"], fixes=False,
                           framework="torch")
    return [np.asarray(result.exact_gradient["x"]).tolist() for result in report.results]


@pytest.mark.parametrize("fun", [by_finfo_bits, by_dtype_tuple])
def test_a_branch_on_a_dtype_read_is_the_float32_programs(fun):
    assert _exact_gradients(fun) == [[3.0, -9.0], [2.0, -6.0]]  # 6x in float32's branch, 4x in float64's


def test_a_branch_in_a_helper_of_another_module_is_the_float32_programs(helpers):
    def through_helper(x):
        return (x * x * helpers.scale_for(x)).sum()

    assert _exact_gradients(through_helper) == [[3.0, -9.0], [2.0, -6.0]]


class _Forward:
    def run(self, x):
        return _Backward.run(self, x) if x.dtype == torch.float32 else x


class _Backward:
    def run(self, x):
        return x


_Forward.partner, _Backward.partner = _Backward, _Forward  # classes naming each other, as a Function and its backward


def uses_two_classes_naming_each_other(x):
    return _Forward().run(x).sum()


def test_the_callees_of_classes_naming_each_other_are_found_once():
    from gradcli.capture.torch_graph import _users_callees, torch_dir

    found = _users_callees(uses_two_classes_naming_each_other, torch_dir())
    assert sorted(f.__qualname__ for f in found) == ["_Backward.run", "_Forward.run", "uses_two_classes_naming_each_other"]
