"""A log(1.0) = 0 whose 1 is an add that absorbed its other term is named as the root cause of the log(0) after it.

EKV's interpolation log(1 + e^x)^2 deep in subthreshold: in float32,
1 + e^-28 is 1.0, log(1.0) is exactly 0, the square keeps the 0, and a log of
the current on the next line gives -inf. The digits were lost at the add on
the first line: the finding says so there, so the fix that mends that line
(softplus) is found and re-checked; before, only the log(0) on the next line
was named and no fix was offered. A log of a true 1 is not blamed on an
absorption.
"""

import textwrap

import pytest

import gradcli

GNP = """
import gradcli.numpy as gnp


def squared(x):
    a = gnp.log(1 + gnp.exp(x)) ** 2
    return gnp.log(a)


def tripled(x):
    a = 3 * gnp.log(1 + gnp.exp(x))
    return gnp.log(a)


def true_one(x):
    a = gnp.log(x) ** 2
    return gnp.log(a)
"""

TORCH = """
import torch


def squared(x):
    a = torch.log(1 + torch.exp(x)) ** 2
    return torch.log(a)
"""


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("absorbed")
    paths = {}
    for name, source in (("gnp", GNP), ("torch", TORCH)):
        paths[name] = folder / f"{name}_ekv.py"
        paths[name].write_text(textwrap.dedent(source))
    return paths


@pytest.mark.parametrize("which, function", [("gnp", "squared"), ("gnp", "tripled"), ("torch", "squared")])
def test_the_absorbing_add_is_named_on_its_own_line_and_its_fix_offered(files, which, function):
    report = gradcli.check(f"{files[which]}:{function}", [{"x": -28.0}], dtypes=("float32",))
    result, = report.results
    assert result.status.value == "unstable"
    root = [f for f in result.findings if "absorbs" in f.message]
    assert len(root) == 1, [f.message for f in result.findings]
    source = (GNP if which == "gnp" else TORCH).splitlines()
    start = source.index(f"def {function}(x):")
    line = next(i for i in range(start, len(source)) if "log(1 + " in source[i]) + 1
    assert root[0].location.endswith(f":{line}"), root[0].location  # the line of log(1 + exp(x)), not log(0)'s
    assert "log(1.0) gave exactly 0.0" in root[0].message and "the root cause is the absorption" in root[0].message
    assert "6.9143996" in root[0].message  # e^-28, the term the add lost
    fixes = {f.name: f for f in report.fixes}
    assert "softplus" in fixes and set(fixes["softplus"].after.values()) == {"ok"}, (list(fixes), report.notes)


def test_a_log_of_a_true_one_is_not_blamed_on_an_absorption(files):
    # log(log(1)^2): log(1) is 0 exactly, and so is the truth: the point is off the domain, no rounding lost anything
    result, = gradcli.check(f"{files['gnp']}:true_one", [{"x": 1.0}], dtypes=("float64",), fixes=False).results
    assert result.status.value == "domain"
    assert not any("absorbs" in f.message for f in result.findings), [f.message for f in result.findings]
