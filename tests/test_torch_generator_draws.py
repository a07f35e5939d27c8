"""A draw from a ``torch.Generator`` of the user's (``generator=``) is replayed with the numbers the user's call draws.

Every run of the function gradcli makes (PyTorch's own in each dtype, the
capture's trace) starts the generator from the state it had when gradcli first
saw it, so all of them draw what the user's own next call draws, and the
generator ends in that state, as if gradcli had not run. Truths: PyTorch's own
draw from a copy of the generator, the derivative of sum(sin(x * noise)) by hand.
"""

import numpy as np
import pytest
import torch

import gradcli

X = np.linspace(-0.9, 1.1, 20)  # 20 entries: PyTorch's float32 and float64 draws differ from the 16th on

OUTSIDE = torch.Generator().manual_seed(49)  # seeded once, as a training script's generator is


def _drawn(dtype, draw):
    """What ``draw(generator, dtype)`` gives from a copy of OUTSIDE, as the user's next call would see it."""
    copy = torch.Generator()
    copy.set_state(OUTSIDE.get_state())
    return draw(copy, dtype).double().numpy()


DRAWS = {
    "randn": lambda g, dtype: torch.randn(20, dtype=dtype, generator=g),
    "rand": lambda g, dtype: torch.rand(20, dtype=dtype, generator=g),
    "normal (mean, std numbers)": lambda g, dtype: torch.normal(0.5, 2.0, size=(20,), dtype=dtype, generator=g),
    "uniform_ (a fill)": lambda g, dtype: torch.empty(20, dtype=dtype).uniform_(-1.0, 1.0, generator=g),
    "a dropout mask": lambda g, dtype: (torch.rand(20, dtype=dtype, generator=g) > 0.3).to(dtype) / 0.7,
}


@pytest.mark.parametrize("name", DRAWS)
def test_a_draw_from_the_users_generator_is_replayed_in_each_dtype_and_the_generator_is_left_as_it_was(name):
    draw = DRAWS[name]

    def noisy(x):
        return torch.sum(torch.sin(x * draw(OUTSIDE, x.dtype)))

    before = OUTSIDE.get_state().clone()
    report = gradcli.check(noisy, [X], dtypes=("float32", "float64"), framework="torch", fixes=False)
    assert torch.equal(OUTSIDE.get_state(), before)
    for result, dtype in zip(report.results, (torch.float32, torch.float64)):
        assert result.status == "ok", result.findings
        noise = _drawn(dtype, draw)
        held = X.astype(np.float32).astype(float) if dtype == torch.float32 else X
        # PyTorch's float32 noise carries its kernel's rounding of mean + std * z (and of a mask's / 0.7), which
        # the exact reference of the float32 program computes exactly
        tolerance = 1e-6 if dtype == torch.float32 else 1e-10
        np.testing.assert_allclose(np.asarray(result.exact_gradient["x"], dtype=float), noise * np.cos(held * noise), rtol=tolerance, atol=tolerance)


def test_a_generator_seeded_inside_the_function_is_drawn_from_too():
    def noisy(x):
        generator = torch.Generator().manual_seed(3)
        return torch.sum(torch.sin(x * torch.randn(x.shape, dtype=x.dtype, generator=generator)))

    report = gradcli.check(noisy, [X], dtypes=("float64",), framework="torch", fixes=False)
    [result] = report.results
    noise = torch.randn(20, dtype=torch.float64, generator=torch.Generator().manual_seed(3)).numpy()
    assert result.status == "ok", result.findings
    np.testing.assert_allclose(np.asarray(result.exact_gradient["x"], dtype=float), noise * np.cos(X * noise), rtol=1e-10, atol=1e-12)
