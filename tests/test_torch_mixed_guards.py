"""A raise-only check of PyTorch's whose one line holds a truth and a negated one, followed on its valid path.

``if a.any() or not b.all(): raise ValueError(...)`` skips its body when
``a.any()`` reads false and ``b.all()`` reads true: on one line, the two reads
are told apart by the source span of the expression each truth test tests.
The library below stands for PyTorch's folder; PyTorch's own run, which is
judged, keeps the check, and a user's own read of a value stays refused.
"""

import importlib.util
import textwrap

import numpy as np
import pytest
import torch

import gradcli
from gradcli.capture import torch_bridge

LIBRARY = textwrap.dedent(
    """\
    import torch


    def either(x, s):
        if (s <= 0).any() or not torch.isfinite(x).all():
            raise ValueError("scale positive and x finite")
        return (torch.exp(x) * s).sum()


    def negated_first(x, s):
        if not (s > 0).all() or torch.isnan(x).any():
            raise ValueError("scale positive and x a number")
        return (x * x / s).sum()


    def on_two_lines(x, s):
        if ((s <= 0).any() or not torch.isfinite(x).all()
                or torch.isnan(s).any() or not (x > -1e3).all()):
            raise ValueError("all four")
        return (torch.log1p(x * x) * s).sum()


    def item_beside_a_truth(x, s):
        if s.min().item() <= 0 or not torch.isfinite(x).all():
            raise ValueError("an item beside a truth")
        return (x * s).sum()
    """
)


@pytest.fixture
def library(tmp_path, monkeypatch):
    """The library above, imported from a folder the tracer takes for PyTorch's own."""
    folder = tmp_path / "fake_torch"
    folder.mkdir()
    path = folder / "mixed_checks.py"
    path.write_text(LIBRARY)
    spec = importlib.util.spec_from_file_location("gradcli_test_fake_torch_mixed_checks", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setattr(torch_bridge, "torch_dir", lambda: f"{folder}/")
    return module


X, S = [0.5, -2.0], [3.0, 0.25]


def _checked(fun):
    point = {"x": np.array(X), "s": np.array(S)}
    [result] = gradcli.check(fun, [point], framework="torch", dtypes=("float64",), fixes=False).results
    return result


def _gradient(result, name):
    return np.array([float(g) for g in result.exact_gradient[name]])


def test_a_truth_and_a_negated_one_on_one_line_are_each_answered_on_the_valid_side(library):
    def loss(x, s):
        return library.either(x, s)

    result = _checked(loss)
    assert result.status == "ok", [f.message for f in result.findings]
    assert np.allclose(_gradient(result, "x"), np.exp(X) * S, rtol=1e-12, atol=0)
    assert np.allclose(_gradient(result, "s"), np.exp(X), rtol=1e-12, atol=0)


def test_the_negated_truth_first_on_the_line(library):
    def loss(x, s):
        return library.negated_first(x, s)

    result = _checked(loss)
    assert result.status == "ok", [f.message for f in result.findings]
    assert np.allclose(_gradient(result, "x"), 2 * np.array(X) / S, rtol=1e-12, atol=0)


def test_a_test_spanning_two_lines_of_mixed_truths(library):
    def loss(x, s):
        return library.on_two_lines(x, s)

    result = _checked(loss)
    assert result.status == "ok", [f.message for f in result.findings]
    x = np.array(X)
    assert np.allclose(_gradient(result, "x"), 2 * x / (1 + x * x) * S, rtol=1e-12, atol=0)


def test_an_item_read_beside_a_negated_truth(library):
    def loss(x, s):
        return library.item_beside_a_truth(x, s)

    result = _checked(loss)
    assert result.status == "ok", [f.message for f in result.findings]
    assert np.allclose(_gradient(result, "x"), S, rtol=1e-12, atol=0)


def test_pytorchs_own_run_keeps_the_mixed_check(library):
    with pytest.raises(ValueError, match="scale positive"):
        library.either(torch.tensor(X), torch.tensor([3.0, -0.25]))
    with pytest.raises(ValueError, match="scale positive"):
        library.either(torch.tensor([0.5, float("inf")]), torch.tensor(S))
