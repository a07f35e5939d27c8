"""Values the user's PyTorch code computes under ``torch.no_grad()`` (or ``torch.set_grad_enabled(False)``, or
``torch.inference_mode()``) are constants in the exact derivative, as for PyTorch; a library's own such block is the
mathematics the user called, differentiated."""

import textwrap

import pytest

import gradcli

pytest.importorskip("torch")

SOURCE = """
import torch


class GoodSquare(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return g * 2 * x


def scaled(x):
    with torch.no_grad():
        s = x * x
    return (s * x).sum()


def normalised(x):
    with torch.no_grad():
        n = torch.sqrt((x * x).sum())
    return (x / n).sum()


def normalised_under_set_grad_enabled(x):
    with torch.set_grad_enabled(False):
        n = torch.sqrt((x * x).sum())
    return (x / n).sum()


def normalised_after_set_grad_enabled_called(x):
    torch.set_grad_enabled(False)
    n = torch.sqrt((x * x).sum())
    torch.set_grad_enabled(True)
    return (x / n).sum()


def normalised_under_inference_mode(x):
    with torch.inference_mode():
        n = torch.sqrt((x * x).sum())
    return (x / n.clone()).sum()


@torch.no_grad()
def _norm_of(x):
    return torch.sqrt((x * x).sum())


def normalised_by_a_decorated_helper(x):
    return (x / _norm_of(x)).sum()


# A library's function with a `with torch.no_grad():` block of its own (compiled under a name no user file has).
_LIBRARY = {}
exec(compile('''
import torch


def scale_by_norm(x):
    with torch.no_grad():
        n = torch.sqrt((x * x).sum())
    return x / n


def norm(x):
    with torch.no_grad():
        return torch.sqrt((x * x).sum())


def scale_by_norm_set_grad_enabled(x):
    with torch.set_grad_enabled(False):
        n = torch.sqrt((x * x).sum())
    return x / n


def scale_by_norm_inference_mode(x):
    with torch.inference_mode():
        n = torch.sqrt((x * x).sum())
    return x / n.clone()
''', "<library>", "exec"), _LIBRARY)


def normalised_by_a_library(x):
    return _LIBRARY["scale_by_norm"](x).sum()


def normalised_by_a_library_set_grad_enabled(x):
    return _LIBRARY["scale_by_norm_set_grad_enabled"](x).sum()


def normalised_by_a_library_inference_mode(x):
    return _LIBRARY["scale_by_norm_inference_mode"](x).sum()


def normalised_by_a_library_after_set_grad_enabled_called(x):
    torch.set_grad_enabled(False)
    n = torch.sqrt((x * x).sum())
    torch.set_grad_enabled(True)
    return _LIBRARY["scale_by_norm"](x).sum() + 0 * n


def normalised_by_a_library_under_the_users_no_grad(x):
    with torch.no_grad():
        n = _LIBRARY["norm"](x)
    return (x / n).sum()


def squared_by_a_function(x):
    return GoodSquare.apply(x).sum()


def variance_floor(mu, var):
    return torch.nn.functional.gaussian_nll_loss(mu, torch.zeros_like(mu), var, eps=1e-3)
"""


def _checked(tmp_path, function, point):
    path = tmp_path / "no_grad_user.py"
    path.write_text(textwrap.dedent(SOURCE))
    (result,) = gradcli.check(f"{path}:{function}", [point], dtypes=("float64",), fixes=False).results
    return result


@pytest.mark.parametrize(
    "function, exact",
    [
        ("scaled", [1.3 * 1.3, 0.4 * 0.4]),  # s held: d/dx (s x) = s
        ("normalised", [1 / (1.3**2 + 0.4**2) ** 0.5] * 2),  # n held: d/dx (x / n) = 1 / n
        # gradients turned off by set_grad_enabled (a block, or a call until the next) or inference mode: the same
        ("normalised_under_set_grad_enabled", [1 / (1.3**2 + 0.4**2) ** 0.5] * 2),
        ("normalised_after_set_grad_enabled_called", [1 / (1.3**2 + 0.4**2) ** 0.5] * 2),
        ("normalised_under_inference_mode", [1 / (1.3**2 + 0.4**2) ** 0.5] * 2),
        # the user's own decorated helper: its decorator's frame lies outside the user's frame, unlike a library's
        ("normalised_by_a_decorated_helper", [1 / (1.3**2 + 0.4**2) ** 0.5] * 2),
    ],
)
def test_a_value_computed_under_no_grad_is_held_constant(tmp_path, function, exact):
    result = _checked(tmp_path, function, {"x": [1.3, 0.4]})
    assert result.status.value == "ok", (result.findings, result.notes)
    assert [float(g) for g in result.exact_gradient["x"]] == pytest.approx(exact, rel=1e-12)
    assert any("held constant in the exact derivative" in note for note in result.notes), result.notes


@pytest.mark.parametrize("function", ["normalised_by_a_library", "normalised_by_a_library_set_grad_enabled",
                                      "normalised_by_a_library_inference_mode",
                                      # the user's set_grad_enabled(False) call ended by set_grad_enabled(True)
                                      "normalised_by_a_library_after_set_grad_enabled_called"])
def test_a_librarys_own_no_grad_block_is_differentiated_as_the_mathematics(tmp_path, function):
    # sum(x / |x|): its gradient is 1/|x| - x sum(x) / |x|^3, not PyTorch's 1/|x| with the norm held
    x, n = [1.3, 0.4], (1.3**2 + 0.4**2) ** 0.5
    result = _checked(tmp_path, function, {"x": x})
    assert [float(g) for g in result.exact_gradient["x"]] == pytest.approx([1 / n - xi * sum(x) / n**3 for xi in x], rel=1e-12)
    assert result.status.value == "wrong", result.findings  # PyTorch's gradient holds the norm


def test_the_users_own_block_around_a_librarys_call_holds_all_it_computes(tmp_path):
    x, n = [1.3, 0.4], (1.3**2 + 0.4**2) ** 0.5  # the library's own block included
    result = _checked(tmp_path, "normalised_by_a_library_under_the_users_no_grad", {"x": x})
    assert result.status.value == "ok", (result.findings, result.notes)
    assert [float(g) for g in result.exact_gradient["x"]] == pytest.approx([1 / n] * 2, rel=1e-12)


def test_an_autograd_functions_forward_is_not_taken_for_no_grad(tmp_path):
    # PyTorch runs a Function's forward with gradients off: its ops are the function, differentiated as math.
    result = _checked(tmp_path, "squared_by_a_function", {"x": [1.3, 0.4]})
    assert result.status.value == "ok", (result.findings, result.notes)
    assert [float(g) for g in result.exact_gradient["x"]] == pytest.approx([2.6, 0.8], rel=1e-12)


def test_a_value_clamped_in_place_under_no_grad_stays_differentiated(tmp_path):
    # gaussian_nll_loss clamps var in place under no_grad: PyTorch's gradient passes through the clamp as if it were
    # not there, so below the floor its rule is wrong (the loss is flat in var[0] there); var[1] is differentiated.
    result = _checked(tmp_path, "variance_floor", {"mu": [1.3, 0.4], "var": [1e-4, 0.4]})
    assert result.status.value == "wrong", result.findings
    assert [float(g) for g in result.exact_gradient["var"]] == pytest.approx([0.0, 0.375], rel=1e-12)
