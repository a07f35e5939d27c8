"""PyTorch's complex tensors in gradcli's replay: the FFTs (``aten._fft_r2c``, ``_fft_c2c``, ``_fft_c2r``), the views
between real and complex (``view_as_real``, ``view_as_complex``), ``torch.complex``, ``torch.polar``, ``conj``,
``abs`` and ``angle`` of a complex tensor, and complex products and sums. Each loss is real, as a user's is; its exact
value and gradient are held to PyTorch's own float64 ones at points where both are well conditioned, and both dtypes
are judged ok."""

import pytest

import gradcli

from complex57_checks import assert_ok_and_as_the_framework, pytorchs_own

torch = pytest.importorskip("torch")


def spectrum_energy(x):
    """A real signal's half spectrum: power, magnitude and phase of each bin (``_fft_r2c``, ``abs``, ``angle``)."""
    spec = torch.fft.rfft(x)
    return (spec.real ** 2 + spec.imag ** 2).sum() * 0.1 + spec.abs().sum() + (spec.angle() * torch.arange(3.0)).sum()


def complex_round_trip(a, b):
    """A complex signal made of two real ones, transformed both ways, scaled by its conjugate (``complex``,
    ``_fft_c2c`` forward and inverse, ``conj``, complex ``mul`` and ``add``)."""
    z = torch.complex(a, b)
    spec = torch.fft.fft(z, norm="ortho")
    back = torch.fft.ifft(spec * spec.conj() + z)
    return torch.view_as_real(back).sum() + (spec * z).imag.sum()


def halved_inverse(x):
    """A real signal's half spectrum, weighted and transformed back to a real one (``_fft_c2r``)."""
    spec = torch.fft.rfft(x, norm="forward")
    weights = torch.view_as_complex(torch.tensor([[1.0, 0.0], [0.5, -2.0], [0.25, 0.0]], dtype=x.dtype))
    return (torch.fft.irfft(spec * weights, n=4, norm="forward") * torch.tensor([1.0, -2.0, 3.0, 0.5], dtype=x.dtype)).sum()


def polar_energy(r, theta):
    z = torch.polar(r, theta)
    return z.real.sum() + (z * z).imag.sum()


CASES = {
    "rfft": (spectrum_energy, {"x": [1.0, -0.5, 2.0, 0.25]}),
    "fft": (complex_round_trip, {"a": [1.0, -0.5, 2.0], "b": [0.3, 1.5, -1.0]}),
    "irfft": (halved_inverse, {"x": [1.0, -0.5, 2.0, 0.25]}),
    "polar": (polar_energy, {"r": [2.0, 0.5], "theta": [0.3, -1.0]}),
}


@pytest.mark.parametrize("name", list(CASES))
def test_a_real_loss_through_complex_tensors_is_replayed_exactly(name):
    function, point = CASES[name]
    results = gradcli.check(function, [point], dtypes=("float32", "float64"), fixes=False, framework="torch").results
    assert_ok_and_as_the_framework(results, *pytorchs_own(torch, function, point))
