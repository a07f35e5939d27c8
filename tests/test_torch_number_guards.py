"""``float(t)``, ``int(t)`` and ``bool(t)`` read in a raise-only check of PyTorch's own files, followed on the valid path.

A check such as ``if float(scale.min()) <= EPS: raise ValueError(...)`` reads a
tensor's value; over the fake tensors a graph is traced on it has none. While
gradcli traces, such a read in PyTorch's files is answered with a number on the
check's valid side (a truth inside ``and``/``or``/``not`` with its literal
false), so the graph is the valid call's. PyTorch 2.13's own losses,
distributions, torch.special and modules hold no ``float()``/``int()`` check
(an AST scan of the package finds none); `get_total_norm(error_if_nonfinite=True)`
holds a truth inside ``and``. A line holding a truth and a negated one
(``if a.any() or not b.all()``) has each read answered by the span it tests. The library below stands for PyTorch's folder so
each form is exercised; the user's own read of a value stays the refusal at the
user's line.
"""

import importlib.util
import inspect
import textwrap

import numpy as np
import pytest
import torch

import gradcli
from gradcli.capture import torch_bridge
from gradcli.errors import InputError

LIBRARY = textwrap.dedent(
    """\
    import torch

    EPS = 0.0


    def float_check(x, s):
        if float(s.min()) <= EPS:
            raise ValueError("scale must be positive")
        return (x * s).sum()


    def int_check(x):
        if int((x > -100).sum()) != 2:
            raise ValueError("two entries above -100")
        return (x * x).sum()


    def chained_check(p):
        if not 0.0 <= float(p.max()) <= 1.0:
            raise ValueError("a probability")
        return torch.log(p).sum()


    def bool_in_or(x, strict=True):
        if strict and (bool(x.isnan().any()) or (x < -100).any()):
            raise ValueError("finite and above -100")
        return torch.exp(x).sum()


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
    path = folder / "checks.py"
    path.write_text(LIBRARY)
    spec = importlib.util.spec_from_file_location("gradcli_test_fake_torch_checks", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setattr(torch_bridge, "torch_dir", lambda: f"{folder}/")
    return module


def _checked(fun, **point):
    [result] = gradcli.check(fun, [{k: np.array(v) for k, v in point.items()}], framework="torch", dtypes=("float64",)).results
    return result


def test_a_float_compared_with_a_module_constant_is_answered_on_its_valid_side(library):
    def loss(x, s):
        return library.float_check(x, s)

    result = _checked(loss, x=[0.5, -2.0], s=[3.0, 0.25])
    assert result.status == "ok"
    assert np.allclose(np.asarray(result.exact_gradient["x"], dtype=float), [3.0, 0.25], rtol=1e-12)


def test_an_int_compared_for_equality_is_answered_on_its_valid_side(library):
    def loss(x):
        return library.int_check(x)

    result = _checked(loss, x=[0.5, -2.0])
    assert result.status == "ok"
    assert np.allclose(np.asarray(result.exact_gradient["x"], dtype=float), [1.0, -4.0], rtol=1e-12)


def test_a_chained_comparison_under_not_is_answered_inside_its_interval(library):
    def loss(p):
        return library.chained_check(p)

    result = _checked(loss, p=[0.5, 0.25])
    assert result.status == "ok"
    assert np.allclose(np.asarray(result.exact_gradient["p"], dtype=float), [2.0, 4.0], rtol=1e-12)


def test_truths_inside_and_and_or_are_each_answered_false(library):
    def loss(x):
        return library.bool_in_or(x)

    result = _checked(loss, x=[0.5, -2.0])
    assert result.status == "ok"
    assert np.allclose(np.asarray(result.exact_gradient["x"], dtype=float), np.exp([0.5, -2.0]), rtol=1e-12)


X, S = np.array([0.5, -2.0]), np.array([3.0, 0.25])

# A check whose one line holds a truth and a negated one: each read told apart by the span of what it tests.
MIXED = [
    ("either", np.exp(X) * S),
    ("negated_first", 2 * X / S),
    ("on_two_lines", 2 * X / (1 + X * X) * S),  # a test spanning two lines: its jumps run on the if's line
    ("item_beside_a_truth", S),
]


@pytest.mark.parametrize("name, gradient", MIXED, ids=[case[0] for case in MIXED])
def test_a_truth_and_a_negated_one_on_one_line_are_each_answered_on_the_valid_side(library, name, gradient):
    def loss(x, s):
        return getattr(library, name)(x, s)

    result = _checked(loss, x=X, s=S)
    assert result.status == "ok", [f.message for f in result.findings]
    assert np.allclose(np.asarray(result.exact_gradient["x"], dtype=float), gradient, rtol=1e-12, atol=0)


def test_pytorchs_own_run_keeps_a_mixed_check(library):
    with pytest.raises(ValueError, match="scale positive"):
        library.either(torch.tensor(X), torch.tensor([3.0, -0.25]))
    with pytest.raises(ValueError, match="scale positive"):
        library.either(torch.tensor([0.5, float("inf")]), torch.tensor(S))


def test_pytorchs_own_run_keeps_the_check():
    # the numbers under test are PyTorch's: its run of an invalid call still raises (only tracing is answered)
    with pytest.raises(RuntimeError, match="non-finite"):
        torch.nn.utils.get_total_norm([torch.tensor([float("inf")])], error_if_nonfinite=True, foreach=False)


def total_norm_loss(x):
    return torch.nn.utils.get_total_norm([x, 2 * x], error_if_nonfinite=True, foreach=False)


def test_get_total_norms_nonfinite_check_no_longer_stops_the_capture():
    # `if error_if_nonfinite and torch.logical_or(...)` in PyTorch's clip_grad.py: was "branches on a tensor's
    # value"; now traced, and judged: the function runs under no_grad, so PyTorch's gradient is 0
    result = _checked(total_norm_loss, x=[0.4, -0.3])
    assert result.status == "wrong"
    assert list(np.ravel(result.gradient["x"])) == [0.0, 0.0]
    assert np.allclose(np.asarray(result.exact_gradient["x"], dtype=float), np.array([0.4, -0.3]) * 5 / np.sqrt(5 * 0.25), rtol=1e-12)


def users_own_float_check(x):
    if float(x.min()) < -10:
        raise ValueError("too small")
    return (x * x).sum()


def test_the_users_own_float_read_stays_refused_at_the_users_line():
    line = inspect.getsourcelines(users_own_float_check)[1] + 1
    with pytest.raises(InputError, match=rf"branches on a tensor's value at .*test_torch_number_guards\.py:{line}"):
        _checked(users_own_float_check, x=[0.5, -2.0])
