"""scipy.signal.istft in plain NumPy code: SciPy's steps backwards on gradcli's FFTs and one scatter-add.

Values against SciPy's own istft; round trips against the signal; gradients against an inverse STFT written out in
mpmath from its definition (each segment's inverse DFT of a half spectrum, the Hann window, overlap-add, division
by the window's squares added the same way), differenced at 40 digits.
"""

import json
import warnings

import mpmath
import numpy as np
import pytest
import scipy.signal
from click.testing import CliRunner

import gradcli
import gradcli.numpy as gnp
import gradcli.scipy.signal as gsig
from gradcli.cli import cli
from test_numpy63_stft import SIGNAL, mp_stft

OPTIONS = [
    {},
    {"nperseg": 16},
    {"nperseg": 20, "noverlap": 5, "window": "hamming"},
    {"nperseg": 16, "nfft": 20, "scaling": "psd", "fs": 3.0},
    {"nperseg": 16, "window": np.hanning(16)},
    {"nperseg": 10, "window": ("kaiser", 4.0), "noverlap": 7},
    {"nperseg": 15},
]


def spectrum_of(x, **options):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the default nperseg=256 is longer than the signal, as SciPy warns
        return scipy.signal.stft(x, **options)[2]


def relative(ours, theirs):
    return np.max(np.abs(ours - theirs)) / np.max(np.abs(theirs))


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_values_are_scipys_for_the_common_arguments(dtype):
    for options in OPTIONS:
        spectrum = spectrum_of(SIGNAL.astype(dtype), **options)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            theirs, ours = scipy.signal.istft(spectrum, **options), gsig.istft(spectrum, **options)
        assert ours[1].dtype == theirs[1].dtype and ours[1].shape == theirs[1].shape, options
        assert np.array_equal(ours[0], theirs[0]), options
        assert relative(ours[1], theirs[1]) < 8 * np.finfo(dtype).eps, options


def test_two_sided_spectra_other_axes_and_no_boundary_are_scipys():
    rng = np.random.default_rng(64)
    spectrum = spectrum_of(SIGNAL, nperseg=16, return_onesided=False)
    theirs, ours = (f(spectrum, nperseg=16, input_onesided=False)[1] for f in (scipy.signal.istft, gsig.istft))
    assert ours.dtype == theirs.dtype == np.complex128 and relative(ours, theirs) < 1e-15
    rows = np.moveaxis(spectrum_of(rng.normal(size=(3, 30)), nperseg=8), 0, -1)  # (frequency, time, batch)
    theirs, ours = (f(rows, nperseg=8, freq_axis=0, time_axis=1) for f in (scipy.signal.istft, gsig.istft))
    assert ours[1].shape == theirs[1].shape == (32, 3) and np.array_equal(ours[0], theirs[0])
    assert relative(ours[1], theirs[1]) < 1e-15
    batch = spectrum_of(rng.normal(size=(3, 30)), nperseg=8)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # without its boundary extension the Hann window's ends are 0: NOLA fails
        theirs, ours = (f(batch, nperseg=8, boundary=False)[1] for f in (scipy.signal.istft, gsig.istft))
    assert ours.shape == theirs.shape == (3, 40) and relative(ours, theirs) < 1e-15


@pytest.mark.parametrize("scale", [1e-300, 1.0, 1e300])
def test_a_round_trip_gives_the_signal_back_at_any_scale(scale):
    for options in ({"nperseg": 16}, {"nperseg": 20, "noverlap": 15, "window": "hamming"}, {"nperseg": 15}):
        x = SIGNAL[:37] * scale
        spectrum = gsig.stft(x, **options)[2]
        _, back = gsig.istft(spectrum, **options)
        assert np.allclose(back[:37], x, rtol=1e-13, atol=1e-14 * scale), options


def test_a_spectrum_that_fails_nola_warns_as_scipy_and_divides_where_scipy_does():
    spectrum = spectrum_of(SIGNAL, nperseg=8, noverlap=0)  # a Hann window without overlap: zeros between segments
    with pytest.warns(UserWarning, match="NOLA condition failed"):
        _, ours = gsig.istft(spectrum, nperseg=8, noverlap=0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        _, theirs = scipy.signal.istft(spectrum, nperseg=8, noverlap=0)
    assert np.allclose(ours, theirs, rtol=1e-14, atol=1e-15)


def mp_istft(spectrum, nperseg, noverlap):
    """The inverse STFT from its definition: each segment the inverse DFT of its half spectrum (the DC and Nyquist
    bins' real parts once, the others' twice), times the window's sum, windowed by the periodic Hann window, added
    where segments overlap, divided by the window's squares added the same way where those are above 1e-10, the
    boundary's nperseg // 2 entries cut from each end."""
    n, step = nperseg, nperseg - noverlap
    window = [mpmath.mpf("0.5") - mpmath.cos(2 * mpmath.pi * j / n) / 2 for j in range(n)]
    scale = mpmath.fsum(window)
    segments = len(spectrum[0])
    total = n + (segments - 1) * step
    signal, norm = [mpmath.mpf(0)] * total, [mpmath.mpf(0)] * total
    for m in range(segments):
        for j in range(n):
            inner = mpmath.re(spectrum[0][m]) + (-1) ** j * mpmath.re(spectrum[n // 2][m]) + 2 * mpmath.fsum(
                mpmath.re(spectrum[k][m] * mpmath.expjpi(2 * mpmath.mpf(k) * j / n)) for k in range(1, n // 2))
            signal[m * step + j] += scale * inner / n * window[j]
            norm[m * step + j] += window[j] ** 2
    return [s / (d if d > 1e-10 else 1) for s, d in zip(signal, norm)][n // 2: total - n // 2]


GAINS = np.array([1.0, 0.8, 0.25, 0.5, 1.5])  # a filter on the 5 bins of nperseg = 8


def test_the_gradient_of_a_filtered_round_trip_is_mpmaths():
    x = SIGNAL[:13]
    target = np.cos(np.arange(16.0))

    def loss(v):
        spectrum = gsig.stft(v, nperseg=8)[2] * GAINS[:, None]
        return gnp.sum((gsig.istft(spectrum, nperseg=8)[1] - target) ** 2)

    def mp_loss(v):
        spectrum = [[z * mpmath.mpf(g) for z in row] for row, g in zip(mp_stft(v, 8, 4, "zeros"), GAINS)]
        return mpmath.fsum((y - mpmath.mpf(t)) ** 2 for y, t in zip(mp_istft(spectrum, 8, 4), target))

    grad = gradcli.grad(loss)(x)
    with mpmath.workdps(40):
        at = [mpmath.mpf(v) for v in x]
        exact = [float(mpmath.diff(lambda h, i=i: mp_loss(at[:i] + [at[i] + h] + at[i + 1:]), 0)) for i in range(len(x))]
        assert float(mp_loss([mpmath.mpf(v) for v in x])) == pytest.approx(float(loss(x)), rel=1e-13)
    assert np.allclose(grad, exact, rtol=1e-12, atol=1e-14 * np.max(np.abs(exact)))


MODULE = '''\
import numpy as np
from scipy import signal

TIMES = np.arange(24)
CLEAN = np.sin(0.4 * TIMES)


def soft_mask(g):
    noisy = CLEAN + 0.3 * np.cos(2.1 * TIMES)
    f, t, spectrum = signal.stft(noisy, nperseg=8)
    gain = 1.0 / (1.0 + np.exp(-g * (np.abs(spectrum) - 0.3)))
    _, denoised = signal.istft(spectrum * gain, nperseg=8)
    return np.sum((denoised[:24] - CLEAN) ** 2)


SPECTRUM = signal.stft(CLEAN, nperseg=8)[2]
HANN = signal.get_window("hann", 8)


def louder(g):
    _, back = signal.istft(SPECTRUM * g, nperseg=8, window=HANN)
    return np.sum(back[:24] * CLEAN)
'''


def test_a_plain_module_is_checked_through_the_cli_against_the_definition(tmp_path):
    path = tmp_path / "denoise.py"
    path.write_text(MODULE)

    def truth(g):
        times = range(24)
        clean = [mpmath.sin(mpmath.mpf("0.4") * n) for n in times]
        noisy = [c + mpmath.mpf("0.3") * mpmath.cos(mpmath.mpf("2.1") * n) for c, n in zip(clean, times)]
        spectrum = mp_stft(noisy, 8, 4, "zeros")
        masked = [[z / (1 + mpmath.exp(-g * (abs(z) - mpmath.mpf("0.3")))) for z in row] for row in spectrum]
        return mpmath.fsum((y - c) ** 2 for y, c in zip(mp_istft(masked, 8, 4)[:24], clean))

    run = CliRunner().invoke(cli, ["check", f"{path}:soft_mask", "--at", "g=4.0", "--dtype", "float64", "--json",
                                   "--no-fix"])
    assert run.exit_code == 0, run.output
    (result,) = json.loads(run.stdout)["results"]
    assert result["status"] == "ok"
    with mpmath.workdps(40):
        value, slope = float(truth(mpmath.mpf(4))), float(mpmath.diff(truth, mpmath.mpf(4)))
    assert result["value"] == pytest.approx(value, rel=1e-12)
    assert result["exact_value"] == pytest.approx(value, rel=1e-14)
    assert result["exact_gradient"]["g"] == pytest.approx(slope, rel=1e-12)
    assert result["gradient"]["g"] == pytest.approx(slope, rel=1e-10)


def test_a_constant_spectrum_scaled_by_the_input_keeps_its_exact_slope(tmp_path):
    """The spectrum and the window plain floats, only the gain traced: the overlap-add keeps the exact numbers."""
    path = tmp_path / "louder.py"
    path.write_text(MODULE)
    with mpmath.workdps(40):
        clean = [mpmath.sin(mpmath.mpf("0.4") * n) for n in range(24)]
        spectrum = [[mpmath.mpc(z) for z in row] for row in scipy.signal.stft(np.sin(0.4 * np.arange(24)), nperseg=8)[2]]
        slope = float(mpmath.fsum(y * c for y, c in zip(mp_istft(spectrum, 8, 4)[:24], clean)))
    (result,) = gradcli.check(f"{path}:louder", [4.0], dtypes=("float64",), fixes=False).results
    assert result.status == "ok", result.error
    assert result.exact_gradient["g"] == pytest.approx(slope, rel=1e-13)
    assert result.exact_value == pytest.approx(4 * slope, rel=1e-13)
