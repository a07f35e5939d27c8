"""numpy.fft: every transform's gradients in both modes, its values, and its exact (mpmath) reference.

The finite-difference checks run on real inputs; irfft's complex inputs, and
every complex case, are checked in test_fft_complex_inputs against the adjoint
identity <u, J v> = <J^T u, v> with a central difference for J v.
"""

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff import mp as gmp
from opcheck import FFT_CASES, check_case


@pytest.mark.parametrize("name, fun, specs", FFT_CASES, ids=[row[0] for row in FFT_CASES])
def test_fft_op(name, fun, specs):
    check_case(fun, specs, order=2)


TRANSFORMS = [
    ("fft", lambda x: gnp.fft.fft(x, 7)),
    ("ifft", lambda x: gnp.fft.ifft(x, axis=0)),
    ("fftn", gnp.fft.fftn),
    ("irfft", gnp.fft.irfft),
    ("irfftn", lambda x: gnp.fft.irfftn(x, s=(3, 5))),
    ("irfft2", gnp.fft.irfft2),
]


@pytest.mark.parametrize("name, transform", TRANSFORMS, ids=[t[0] for t in TRANSFORMS])
def test_fft_complex_inputs(name, transform):
    rng = np.random.default_rng(1)
    x = rng.standard_normal((4, 5)) + 1j * rng.standard_normal((4, 5))
    v = rng.standard_normal(x.shape) + 1j * rng.standard_normal(x.shape)
    out, pullback = gradcli.vjp(transform, x)
    u = rng.standard_normal(np.shape(out)) + 1j * rng.standard_normal(np.shape(out)) * np.iscomplexobj(out)
    h = 1e-6
    numeric = (np.asarray(transform(x + h * v)) - np.asarray(transform(x - h * v))) / (2 * h)
    # autograd's convention: the pullback of conj(u) is conj of the adjoint applied to u.
    adjoint_u = np.conj(pullback(np.conj(u))[0])
    assert np.isclose(np.real(np.vdot(u, numeric)), np.real(np.vdot(adjoint_u, v)), rtol=1e-7)
    assert np.allclose(gradcli.jvp(transform, (x,), (v,))[1], numeric, atol=1e-7)


@pytest.mark.parametrize("name", ["fft", "ifft", "fft2", "ifftn", "rfft", "rfft2", "irfft", "irfftn"])
def test_fft_values_match_numpy(name):
    x = np.random.default_rng(2).standard_normal((3, 6))
    if name.startswith("irfft"):
        x = np.fft.rfft2(x)
    for norm in (None, "ortho", "forward"):
        assert np.allclose(getattr(gnp.fft, name)(x, norm=norm), getattr(np.fft, name)(x, norm=norm), atol=1e-12)
    assert np.array_equal(gnp.fft.fftshift(x), np.fft.fftshift(x))
    assert np.array_equal(gnp.fft.ifftshift(x, axes=0), np.fft.ifftshift(x, axes=0))


@pytest.mark.parametrize("name, s", [("fft", 4), ("rfftn", (3, 5)), ("ifft2", (2, 7)), ("irfft", 9), ("irfftn", (2, 5))])
def test_fft_exact_reference_matches_numpy(name, s):
    gmp.enable()
    x = np.random.default_rng(3).standard_normal((3, 5))
    if name.startswith("irfft"):
        x = np.fft.rfft2(x)
    to_mp = np.vectorize(lambda z: mpmath.mpc(z) if isinstance(z, complex) else mpmath.mpf(z), otypes=[object])
    size = {"s": s, "axes": (0, 1)} if isinstance(s, tuple) else {"n": s}
    with mpmath.workdps(30):
        exact = getattr(gnp.fft, name)(to_mp(x.astype(object) if x.dtype.kind == "c" else x), **size)
    expected = getattr(np.fft, name)(x, **size)
    assert np.shape(exact) == expected.shape
    assert np.allclose(np.asarray(exact, dtype=complex), expected, atol=1e-12)


WEIGHTS = np.array([1.0, -0.5, 2.0, 0.25])
COMPLEX_PARTS = [
    ("abs", lambda x: gnp.sum(gnp.abs(gnp.fft.fft(x)))),
    ("imag", lambda x: gnp.sum(gnp.imag(gnp.fft.fft(x)) ** 2)),
    ("angle", lambda x: gnp.sum(gnp.angle(gnp.fft.rfft(x)))),
    ("real part of a real weight times a spectrum", lambda x: gnp.sum(gnp.real(x * gnp.fft.fft(WEIGHTS * x)))),
]


@pytest.mark.parametrize("name, fun", COMPLEX_PARTS, ids=[row[0] for row in COMPLEX_PARTS])
def test_complex_parts_of_a_spectrum_are_exact_on_high_precision_numbers(name, fun):
    # the exact reference's spectrum is an object array of mpmath complex numbers, whose NumPy dtype says object: the
    # rules of abs, imag, angle and unbroadcast must read complexness from the numbers (abs's rule read it as real and
    # gave conj(z)'s slope, imag's gave 0, angle's raised, a real argument's cotangent kept an imaginary part)
    result = gradcli.check(fun, [{"x": [1.0, 2.0, 3.0, 4.0]}], dtypes=("float64",), fixes=False).results[0]
    assert result.status == "ok", (result.status, result.findings)
    assert np.allclose(np.asarray(result.exact_gradient["x"], dtype=float), result.gradient["x"], rtol=1e-12, atol=1e-12)
