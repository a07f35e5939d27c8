"""SciPy's windows in gradcli.scipy (and so in a plain module's ``from scipy import signal``): SciPy's own floats in a
dtype, the window's mathematics in an exact run, its angles exact multiples of pi and the library's coefficients the
decimals written: scipy.signal.windows.blackman(5)'s ends are 0 there (SciPy's float64 gives -1.4e-17)."""

from __future__ import annotations

import mpmath
import numpy as np
import pytest
import scipy.signal

import gradcli
from gradcli.autodiff import mp
from gradcli.autodiff.tracer import constants_exact
from gradcli.errors import InputError
from gradcli.scipy import signal

D = mpmath.mpf


def _cosines(a):
    """SciPy's general cosine window at k of m: sum_j (-1)^j a_j cos(2 pi j k / m)."""
    return lambda k, m: sum((-1) ** j * D(c) * mpmath.cospi(D(2 * j * k) / m) for j, c in enumerate(a))


def _tukey(alpha):
    def entry(k, m):
        width = int(np.floor(alpha * m / 2.0))
        if k <= width:
            return (1 + mpmath.cospi(-1 + D(2 * k) / (D(alpha) * m))) / 2
        if k >= m - width:
            return (1 + mpmath.cospi(-2 / D(alpha) + 1 + D(2 * k) / (D(alpha) * m))) / 2
        return D(1)

    return entry


def _kaiser(beta):
    return lambda k, m: mpmath.besseli(0, D(beta) * mpmath.sqrt(1 - (D(2 * k) / m - 1) ** 2)) / mpmath.besseli(0, D(beta))


WINDOWS = {  # call -> (its float run, its mathematics at k of m)
    "hann": (lambda s, sym: s.windows.hann(7, sym), _cosines(["0.5", "0.5"])),
    "hamming": (lambda s, sym: s.windows.hamming(7, sym=sym), _cosines(["0.54", "0.46"])),
    "blackman": (lambda s, sym: s.windows.blackman(7, sym=sym), _cosines(["0.42", "0.5", "0.08"])),
    "general_cosine": (lambda s, sym: s.windows.general_cosine(7, [0.5, 0.25, 0.25], sym=sym),
                       _cosines([0.5, 0.25, 0.25])),
    "kaiser": (lambda s, sym: s.windows.kaiser(7, 2.5, sym), _kaiser(2.5)),
    "gaussian": (lambda s, sym: s.windows.gaussian(7, 1.5, sym=sym),
                 lambda k, m: mpmath.exp(-(D(k) - D(m) / 2) ** 2 / (2 * D(1.5) ** 2))),
    "tukey": (lambda s, sym: s.windows.tukey(7, 0.5, sym=sym), _tukey(0.5)),
    "nuttall": (lambda s, sym: s.windows.nuttall(7, sym=sym),
                _cosines(["0.3635819", "0.4891775", "0.1365995", "0.0106411"])),
    "blackmanharris": (lambda s, sym: s.windows.blackmanharris(7, sym=sym),
                       _cosines(["0.35875", "0.48829", "0.14128", "0.01168"])),
    "flattop": (lambda s, sym: s.windows.flattop(7, sym=sym),
                _cosines(["0.21557895", "0.41663158", "0.277263158", "0.083578947", "0.006947368"])),
    "general_hamming": (lambda s, sym: s.windows.general_hamming(7, 0.7, sym=sym), _cosines([0.7, 1 - D(0.7)])),
    "cosine": (lambda s, sym: s.windows.cosine(7, sym=sym), lambda k, m: mpmath.sinpi((D(k) + D(1) / 2) / (m + 1))),
    "triang": (lambda s, sym: s.windows.triang(7, sym=sym),
               lambda k, m: 1 - abs(D(2 * k - m)) / (m + 1 if (m + 1) % 2 == 0 else m + 2)),
    "boxcar": (lambda s, sym: s.windows.boxcar(7, sym=sym), lambda k, m: D(1)),
    "bartlett": (lambda s, sym: s.windows.bartlett(7, sym=sym), lambda k, m: 1 - abs(D(2 * k) / m - 1)),
    "get_window hann": (lambda s, sym: s.get_window("hann", 7, fftbins=not sym), _cosines(["0.5", "0.5"])),
    "get_window tukey": (lambda s, sym: s.get_window(("tukey", 0.25), 7, fftbins=not sym), _tukey(0.25)),
    "get_window flt": (lambda s, sym: s.get_window("flt", 7, fftbins=not sym),
                       _cosines(["0.21557895", "0.41663158", "0.277263158", "0.083578947", "0.006947368"])),
    "get_window beta": (lambda s, sym: s.get_window(1.5, 7, fftbins=not sym), _kaiser(1.5)),  # a number: kaiser's beta
}


def _lift(value):
    """The exact run's constants: mpmath's numbers of the floats."""
    if np.ndim(value) == 0:
        return D(float(value))
    return np.array([D(float(v)) for v in np.ravel(value)], dtype=object).reshape(np.shape(value))


@pytest.mark.parametrize("sym", [True, False], ids=["symmetric", "periodic"])
@pytest.mark.parametrize("name", list(WINDOWS))
def test_a_window_is_scipys_in_a_dtype_and_its_mathematics_in_an_exact_run(name, sym):
    make, truth = WINDOWS[name]
    assert np.array_equal(make(signal, sym), make(scipy.signal, sym))  # SciPy's own floats
    mp.enable()
    with mpmath.workdps(60), constants_exact(_lift):
        exact = make(signal, sym)
        m = 6 if sym else 7  # a periodic window is the symmetric one an entry longer, its last entry dropped
        assert len(exact) == 7
        for k, entry in enumerate(exact):
            assert abs(D(entry) - truth(k, m)) < D(10) ** -55, (k, entry, truth(k, m))


def test_blackmans_ends_are_exactly_0_in_a_plain_module(tmp_path):
    path = tmp_path / "windowed.py"
    path.write_text("from scipy import signal\nfrom scipy.signal.windows import hamming, tukey\n\n\n"
                    "def windowed(x):\n    return (x * (signal.windows.blackman(5) + tukey(5, 0.5))).sum()\n\n\n"
                    "def hamming_ends(x):\n    return (x * hamming(3)).sum()\n\n\n"
                    "def parzen(x):\n    return (x * signal.get_window('parzen', 3)).sum()\n\n\n"
                    "def dpss(x):\n    return (x * signal.windows.dpss(3, 1.0)).sum()\n")
    (result,) = gradcli.check(f"{path}:windowed", {"x": np.arange(1.0, 6.0)}, dtypes=["float64"], fixes=False).results
    assert result.status == "ok", result.notes
    assert [float(g) for g in result.exact_gradient["x"]][::4] == [0.0, 0.0]  # SciPy's blackman: -1.4e-17 at the ends
    assert result.gradient["x"][0] == pytest.approx(-1.4e-17, abs=1e-18)
    (ends,) = gradcli.check(f"{path}:hamming_ends", {"x": np.ones(3)}, dtypes=["float64"], fixes=False).results
    assert float(ends.exact_gradient["x"][0]) == 0.08  # the decimals' 0.54 - 0.46
    assert ends.gradient["x"][0] == scipy.signal.windows.hamming(3)[0] != 0.08  # SciPy's floats
    (other,) = gradcli.check(f"{path}:parzen", {"x": np.ones(3)}, dtypes=["float64"], fixes=False).results
    assert other.exact_value is None and any("'parzen' window has no exact form" in note for note in other.notes)
    with pytest.raises(InputError, match="scipy.signal.windows.dpss is a SciPy function gradcli.scipy does not have"):
        gradcli.check(f"{path}:dpss", {"x": np.ones(3)}, dtypes=["float64"])
