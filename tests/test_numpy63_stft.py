"""scipy.signal.stft in plain NumPy code: SciPy's steps on gradcli's windows, sliding windows and FFTs.

Values against SciPy's own stft; gradients of the spectrum's power against an STFT written out in mpmath from
its definition (extension, padding, Hann window, DFT sums), differenced at 40 digits.
"""

import warnings

import mpmath
import numpy as np
import pytest
import scipy.signal

import gradcli
import gradcli.numpy as gnp
import gradcli.scipy.signal as gsig

RNG = np.random.default_rng(63)
SIGNAL = RNG.normal(size=40)
OPTIONS = [
    {},
    {"fs": 64.0, "nperseg": 16},
    {"nperseg": 20, "noverlap": 5, "window": "hamming", "boundary": "even"},
    {"nperseg": 16, "boundary": "odd", "padded": False},
    {"nperseg": 16, "boundary": None, "return_onesided": False},
    {"nperseg": 16, "boundary": "constant", "nfft": 20, "scaling": "psd", "detrend": "constant"},
    {"nperseg": 16, "window": np.hanning(16)},
    {"nperseg": 10, "window": ("kaiser", 4.0), "noverlap": 7},
]


def ulps_apart(ours, theirs, dtype):
    """The largest difference in units of the dtype's epsilon times the spectrum's largest magnitude."""
    return np.max(np.abs(ours - theirs)) / (np.finfo(dtype).eps * np.max(np.abs(theirs)))


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_values_are_scipys_for_the_common_arguments(dtype):
    x = SIGNAL.astype(dtype)
    for options in OPTIONS:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # the default nperseg=256 is longer than the signal, as SciPy warns
            theirs, ours = scipy.signal.stft(x, **options), gsig.stft(x, **options)
        for name, t, o in zip("ftZ", theirs, ours):
            assert o.dtype == t.dtype and o.shape == t.shape, (options, name)
        assert np.array_equal(ours[0], theirs[0]) and np.array_equal(ours[1], theirs[1]), options
        assert ulps_apart(ours[2], theirs[2], dtype) < 8, options  # FFTs of two libraries, a few units apart


def test_an_axis_other_than_the_last_is_scipys():
    rows = RNG.normal(size=(30, 3))
    theirs, ours = scipy.signal.stft(rows, nperseg=8, axis=0), gsig.stft(rows, nperseg=8, axis=0)
    assert ours[2].shape == theirs[2].shape == (5, 3, 9)
    assert ulps_apart(ours[2], theirs[2], np.float64) < 8


def mp_stft(x, nperseg, noverlap, boundary):
    """The STFT from its definition: the signal extended by nperseg // 2 at each end (zeros, or mirrored without
    its end entry), padded with zeros to whole segments, each segment times the periodic Hann window
    0.5 - 0.5 cos(2 pi j / N), its DFT's non-negative bins, over the window's sum."""
    n, step = nperseg // 2, nperseg - noverlap
    if boundary == "zeros":
        extended = [mpmath.mpf(0)] * n + list(x) + [mpmath.mpf(0)] * n
    else:
        extended = list(x[n:0:-1]) + list(x) + list(x[-2:-(n + 2):-1])
    extended += [mpmath.mpf(0)] * ((-(len(extended) - nperseg) % step) % nperseg)
    window = [mpmath.mpf("0.5") - mpmath.cos(2 * mpmath.pi * j / nperseg) / 2 for j in range(nperseg)]
    scale = 1 / mpmath.fsum(window)
    segments = (len(extended) - nperseg) // step + 1
    return [[scale * mpmath.fsum(window[j] * extended[m * step + j] * mpmath.expjpi(-2 * mpmath.mpf(k) * j / nperseg)
                                 for j in range(nperseg)) for m in range(segments)] for k in range(nperseg // 2 + 1)]


def weights(bins, segments):
    return np.array([[1 + 0.1 * k + 0.01 * m for m in range(segments)] for k in range(bins)])


def mp_power(x, nperseg, noverlap, boundary):
    spectrum = mp_stft(x, nperseg, noverlap, boundary)
    w = weights(len(spectrum), len(spectrum[0]))
    return mpmath.fsum(mpmath.mpf(w[k, m]) * abs(z) ** 2 for k, row in enumerate(spectrum) for m, z in enumerate(row))


@pytest.mark.parametrize("nperseg, noverlap, boundary", [(8, 4, "zeros"), (6, 4, "even")])
def test_the_gradient_of_the_power_spectrum_is_mpmaths(nperseg, noverlap, boundary):
    x = SIGNAL[:13]
    _, _, spectrum = scipy.signal.stft(x, nperseg=nperseg, noverlap=noverlap, boundary=boundary)
    w = weights(*spectrum.shape)

    def power(v):
        return gnp.sum(w * gnp.abs(gsig.stft(v, nperseg=nperseg, noverlap=noverlap, boundary=boundary)[2]) ** 2)

    grad = gradcli.grad(power)(x)
    with mpmath.workdps(40):
        step = mpmath.mpf("1e-15")
        exact = []
        for i in range(len(x)):
            up, down = [mpmath.mpf(v) for v in x], [mpmath.mpf(v) for v in x]
            up[i] += step
            down[i] -= step
            exact.append(float((mp_power(up, nperseg, noverlap, boundary) - mp_power(down, nperseg, noverlap, boundary))
                               / (2 * step)))
    assert np.allclose(grad, exact, rtol=1e-12, atol=1e-14 * np.max(np.abs(exact)))


MODULE = '''\
import numpy as np
from scipy import signal

TIMES = np.arange(24)


def band_power(x):
    chirp = np.cos(0.3 * TIMES * x) + 0.5 * x
    f, t, spectrum = signal.stft(chirp, fs=2.0, nperseg=8)
    return np.sum(np.abs(spectrum[1:3]) ** 2)
'''


def test_a_plain_module_is_checked_against_the_definition(tmp_path):
    path = tmp_path / "spectral.py"
    path.write_text(MODULE)

    def truth(x):
        chirp = [mpmath.cos(mpmath.mpf("0.3") * n * x) + x / 2 for n in range(24)]
        spectrum = mp_stft(chirp, 8, 4, "zeros")
        return mpmath.fsum(abs(z) ** 2 for row in spectrum[1:3] for z in row)

    (result,) = gradcli.check(f"{path}:band_power", [0.9], dtypes=("float64",), fixes=False).results
    assert result.status == "ok", result.error
    with mpmath.workdps(40):
        value, slope = float(truth(mpmath.mpf("0.9"))), float(mpmath.diff(truth, mpmath.mpf("0.9")))
    assert result.value == pytest.approx(value, rel=1e-13)
    assert result.exact_value == pytest.approx(value, rel=1e-14)
    assert result.exact_gradient["x"] == pytest.approx(slope, rel=1e-13)
    assert result.gradient["x"] == pytest.approx(slope, rel=1e-11)
