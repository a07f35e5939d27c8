"""SciPy's window functions (``scipy.signal.windows.hann``, ``hamming``, ``blackman``, ``nuttall``,
``blackmanharris``, ``flattop``, ``general_hamming``, ``general_cosine``, ``kaiser``, ``kaiser_bessel_derived``,
``tukey``, ``gaussian``, ``cosine``, ``triang``, ``boxcar``, ``bartlett`` and ``scipy.signal.get_window``) for
gradcli.scipy: SciPy's floats in a run in a dtype, the window's mathematics in an exact run.

SciPy writes a cosine window as ``sum_k a_k cos(k fac)`` over ``fac = linspace(-pi, pi, M)``: that is
``sum_k (-1)^k a_k cos(2 pi k n / m)``, m = M - 1, whose angles an exact run takes as the exact multiples of pi
they are (`windows`), the library's coefficients (Hamming's 0.54 and 0.46, Blackman's 0.42, 0.5 and 0.08) the
decimals written, a caller's own coefficients and parameters (a Kaiser window's beta, a Tukey window's alpha,
a Gaussian's std) the floats handed. A periodic window (``sym=False``, ``get_window``'s default) is the symmetric
window one entry longer, its last entry dropped, as SciPy's.
"""

from __future__ import annotations

import math
import sys

import numpy as np

from . import ops, tracer
from .ops_scipy import i0
from .values import raw
from .windows import _bartlett, _cosines, _decimal, _unrecorded, exactly, made_once


def _exact_run():
    """Whether a window asked for by the user's code two frames up is the exact run's mathematics."""
    return tracer.exact_constant is not None and tracer._from_user_code(sys._getframe(2))


def _parameter(value, window):
    """A window's parameter as the run's exact number: a constant, which the window is a constant of."""
    if tracer.is_mp_value(raw(value)) or raw(value) is not value:
        raise tracer.TracedValueError(
            f"scipy.signal.windows.{window} takes its parameters as constants: a window is a constant of the program, "
            "not differentiated in them"
        )
    return tracer.exact_constant(np.float64(value))


def _exact(entries, M, parameters, sym):
    """``entries(counts, m, *parameters)`` of the symmetric window as long as SciPy computes it, cut as SciPy cuts it."""
    if M <= 1:
        return np.ones(M)
    n = M if sym else M + 1
    window = made_once((entries, n, *map(exactly, parameters)), lambda: _symmetric(entries, n, parameters))
    return window if sym else window[:M]


def _symmetric(entries, n, parameters):
    with _unrecorded():
        counts = tracer.exact_constant(np.arange(n, dtype=np.float64))
        return raw(entries(counts, n - 1, *parameters))


def _cosine_sum(counts, m, coefficients):
    """sum_k (-1)^k a_k cos(2 pi k n / m): SciPy's general cosine window, the angles exact."""
    total = ops.add(ops.multiply(counts, 0), coefficients[0])  # a_0 in every entry
    for k, a in enumerate(coefficients[1:], start=1):
        term = ops.multiply(_cosines(counts, m, 2 * k), a)
        total = ops.subtract(total, term) if k % 2 else ops.add(total, term)
    return total


def _general_cosine(counts, m, *coefficients):
    return _cosine_sum(counts, m, coefficients)


def _hann(counts, m):
    return _cosine_sum(counts, m, (0.5, 0.5))


def _hamming(counts, m):
    return _cosine_sum(counts, m, (_decimal(54), _decimal(46)))


def _blackman(counts, m):
    return _cosine_sum(counts, m, (_decimal(42), _decimal(50), _decimal(8)))


def _decimals(*written):
    """The decimals ``written`` (SciPy's coefficients, "0.3635819") as exact numbers of the run's kind."""
    return tuple(tracer.exact_constant(np.float64(int(text.replace("0.", "", 1)))) / 10 ** (len(text) - 2)
                 for text in written)


def _nuttall(counts, m):
    return _cosine_sum(counts, m, _decimals("0.3635819", "0.4891775", "0.1365995", "0.0106411"))


def _blackmanharris(counts, m):
    return _cosine_sum(counts, m, _decimals("0.35875", "0.48829", "0.14128", "0.01168"))


def _flattop(counts, m):
    return _cosine_sum(counts, m, _decimals("0.21557895", "0.41663158", "0.277263158", "0.083578947", "0.006947368"))


def _general_hamming(counts, m, alpha):
    return _cosine_sum(counts, m, (alpha, ops.subtract(1, alpha)))


def _cosine(counts, m):
    """sin(pi (n + 1/2) / M), M = m + 1 entries."""
    return ops.sin(ops.multiply(ops.add(ops.multiply(counts, 2), 1), ops.constant("pi", counts) / (2 * (m + 1))))


def _triang(counts, m):
    """1 - |2n - m| / d, d the count M = m + 1 where it is even, else M + 1: SciPy's two ramps in one formula."""
    d = m + 1 if (m + 1) % 2 == 0 else m + 2
    return ops.subtract(1, ops.divide(ops.absolute(ops.subtract(ops.multiply(counts, 2), m)), d))


def _kaiser(counts, m, beta):
    """I0(beta sqrt(1 - ((n - m/2) / (m/2))^2)) / I0(beta)."""
    ramp = ops.subtract(ops.divide(ops.multiply(counts, 2), m), 1)
    return ops.divide(i0(ops.multiply(beta, ops.sqrt(ops.subtract(1, ops.multiply(ramp, ramp))))), i0(beta))


def _gaussian(counts, m, std):
    """exp(-(n - m/2)^2 / (2 std^2))."""
    centred = ops.subtract(counts, ops.divide(tracer.exact_constant(np.float64(m)), 2))
    return ops.exp(ops.negative(ops.divide(ops.multiply(centred, centred), ops.multiply(ops.multiply(std, std), 2))))


def _boxcar(counts, m):
    return ops.add(ops.multiply(counts, 0), 1)


def _tukey(alpha):
    """The Tukey window's entries for the float ``alpha`` (0 < alpha < 1): SciPy's cosine tapers of ``width + 1``
    entries at each end, ``width`` the float floor(alpha m / 2) SciPy's code computes, 1 between."""

    def entries(counts, m, exact_alpha):
        width = int(math.floor(alpha * m / 2.0))
        pi = ops.constant("pi", counts)
        slope = ops.divide(ops.multiply(counts, 2), ops.multiply(exact_alpha, m))  # 2 n / (alpha m)
        rising = ops.multiply(ops.add(ops.cos(ops.multiply(ops.subtract(slope, 1), pi)), 1), 0.5)
        falling_turns = ops.add(ops.subtract(slope, ops.divide(2, exact_alpha)), 1)
        falling = ops.multiply(ops.add(ops.cos(ops.multiply(falling_turns, pi)), 1), 0.5)
        rising, falling, ones = raw(rising), raw(falling), raw(_boxcar(counts, m))
        return np.concatenate([rising[:width + 1], ones[width + 1:m - width], falling[m - width:]])

    return entries


def _tukey_window(M, alpha=0.5, sym=True, *, exact):
    """SciPy's ``tukey``: ones at alpha <= 0 and a Hann window at alpha >= 1, as SciPy's."""
    if alpha <= 0:
        return _exact(_boxcar, M, (), sym) if exact else np.ones(M)
    if alpha >= 1.0:
        return _exact(_hann, M, (), sym) if exact else _scipys("hann")(M, sym=sym)
    if exact:
        return _exact(_tukey(float(alpha)), M, (_parameter(alpha, "tukey"),), sym)
    return _scipys("tukey")(M, alpha, sym=sym)


def kaiser_bessel_derived(M, beta, *, sym=True):
    """SciPy's ``kaiser_bessel_derived`` window (M even, symmetric only); in an exact run its mathematics: the square
    roots of a Kaiser window's running sums over its whole, sqrt(c_n / c_(M/2)) for n < M/2 mirrored, with the Kaiser
    window of M/2 + 1 entries exact (`_kaiser`). Its entries n and n + M/2 are then proven to square to 1 together
    (Princen-Bradley: c_n + c_(M/2-1-n) is the whole sum, the Kaiser window being symmetric), the condition an MDCT's
    overlap-add reconstructs its signal by."""
    if not (_exact_run() and sym and M >= 2 and M % 2 == 0):
        return _scipys("kaiser_bessel_derived")(M, beta, sym=sym)  # SciPy's numbers, or its error (odd M, sym=False)
    return _kbd(M, _parameter(beta, "kaiser_bessel_derived"))


def _kbd(M, beta):
    """The exact KBD window of even length ``M`` and the run's exact ``beta``."""
    return made_once(("kaiser_bessel_derived", M, exactly(beta)), lambda: _kbd_entries(M, beta))


def _kbd_entries(M, beta):
    half = M // 2
    with _unrecorded():
        counts = tracer.exact_constant(np.arange(half + 1, dtype=np.float64))
        sums = np.cumsum(np.asarray(raw(_kaiser(counts, half, beta)), dtype=object))
        rising = list(raw(ops.sqrt(ops.divide(sums[:-1], sums[-1]))))
    return np.array(rising + rising[::-1], dtype=object)


def _scipys(name):
    import scipy.signal.windows  # lazy: SciPy is heavy, loaded only by a module that imports it (and asks)

    return getattr(scipy.signal.windows, name)


# name -> (the exact entries, how many parameters it takes after M)
_WINDOWS = {"hann": (_hann, 0), "hamming": (_hamming, 0), "blackman": (_blackman, 0), "boxcar": (_boxcar, 0),
            "bartlett": (_bartlett, 0), "nuttall": (_nuttall, 0), "blackmanharris": (_blackmanharris, 0),
            "flattop": (_flattop, 0), "cosine": (_cosine, 0), "triang": (_triang, 0), "kaiser": (_kaiser, 1),
            "gaussian": (_gaussian, 1), "general_hamming": (_general_hamming, 1)}


def _window(name):
    """SciPy's ``scipy.signal.windows.<name>(M, *parameters, sym=True)``; in an exact run its mathematics."""
    entries, taking = _WINDOWS[name]

    def window(M, *parameters, sym=True):
        if len(parameters) == taking + 1:  # sym given by position, as SciPy's signature allows
            *parameters, sym = parameters
        if len(parameters) != taking:
            return _scipys(name)(M, *parameters, sym=sym)  # SciPy's own error for the wrong parameters
        if _exact_run():
            return _exact(entries, M, [_parameter(p, name) for p in parameters], sym)
        return _scipys(name)(M, *parameters, sym=sym)

    window.__name__ = window.__qualname__ = name
    window.on_values = True  # the catalogue lists ops, not these
    return window


def general_cosine(M, a, sym=True):
    """SciPy's ``general_cosine`` window of the coefficients ``a``; in an exact run sum_k (-1)^k a_k cos(2 pi k n / m)."""
    if _exact_run():
        return _exact(_general_cosine, M, [_parameter(c, "general_cosine") for c in np.ravel(a)], sym)
    return _scipys("general_cosine")(M, a, sym=sym)


def tukey(M, alpha=0.5, sym=True):
    """SciPy's ``tukey`` window; in an exact run its cosine tapers with their angles exact."""
    return _tukey_window(M, alpha, sym, exact=_exact_run())


(hann, hamming, blackman, boxcar, bartlett, nuttall, blackmanharris, flattop, cosine, triang, kaiser, gaussian,
 general_hamming) = (_window(name) for name in _WINDOWS)
general_cosine.on_values = tukey.on_values = kaiser_bessel_derived.on_values = True

# get_window's names of the windows above, SciPy's aliases included
_ALIASES = {"hann": "hann", "han": "hann", "hamming": "hamming", "hamm": "hamming", "ham": "hamming",
            "blackman": "blackman", "black": "blackman", "blk": "blackman", "kaiser": "kaiser", "ksr": "kaiser",
            "gaussian": "gaussian", "gauss": "gaussian", "gss": "gaussian", "tukey": "tukey", "tuk": "tukey",
            "general_cosine": "general_cosine", "general cosine": "general_cosine", "boxcar": "boxcar", "box": "boxcar",
            "ones": "boxcar", "rect": "boxcar", "rectangular": "boxcar", "bartlett": "bartlett", "bart": "bartlett",
            "brt": "bartlett", "nuttall": "nuttall", "nutl": "nuttall", "nut": "nuttall",
            "blackmanharris": "blackmanharris", "blackharr": "blackmanharris", "bkh": "blackmanharris",
            "flattop": "flattop", "flat": "flattop", "flt": "flattop", "cosine": "cosine", "halfcosine": "cosine",
            "triang": "triang", "triangle": "triang", "tri": "triang", "general_hamming": "general_hamming",
            "general hamming": "general_hamming", "kaiser_bessel_derived": "kaiser_bessel_derived",
            "kbd": "kaiser_bessel_derived"}


def get_window(window, Nx, fftbins=True):
    """SciPy's ``get_window``: its floats in a run in a dtype; in an exact run the window's mathematics, for the
    windows above (another window there has no exact form here: the point gets no exact reference, never SciPy's
    floats in its place)."""
    if not _exact_run():
        import scipy.signal  # lazy: SciPy is heavy, loaded only by a module that imports it

        return scipy.signal.get_window(window, Nx, fftbins=fftbins)
    if not isinstance(window, (str, tuple)):
        return _exact(_kaiser, Nx, [_parameter(window, "kaiser")], not fftbins)  # a number: a Kaiser window's beta
    name, parameters = (window, ()) if isinstance(window, str) else (window[0], window[1:])
    sym = not fftbins
    for ending, symmetric in (("_symmetric", True), ("_periodic", False)):
        if isinstance(name, str) and name.endswith(ending):
            name, sym = name[:-len(ending)], symmetric
    found = _ALIASES.get(name)
    if found is None:
        raise NotImplementedError(
            f"gradcli computes scipy.signal.get_window's {', '.join(sorted(set(_ALIASES.values())))} windows exactly; "
            f"the {name!r} window has no exact form here, so the point has no exact reference"
        )
    if found == "tukey":
        return _tukey_window(Nx, *parameters, sym=sym, exact=True)
    if found == "kaiser_bessel_derived" and (not sym or Nx % 2 or len(parameters) != 1):
        import scipy.signal  # lazy: SciPy's own error (a periodic KBD window, an odd length, no beta)

        return scipy.signal.get_window(window, Nx, fftbins=fftbins)
    if found == "kaiser_bessel_derived":
        return _kbd(Nx, _parameter(parameters[0], "kaiser_bessel_derived")) if Nx >= 2 else np.ones(Nx)
    if found == "general_cosine":
        (a,) = parameters
        return _exact(_general_cosine, Nx, [_parameter(c, "general_cosine") for c in np.ravel(a)], sym)
    entries, taking = _WINDOWS[found]
    if len(parameters) != taking:
        import scipy.signal  # lazy: SciPy's own error for the wrong parameters

        return scipy.signal.get_window(window, Nx, fftbins=fftbins)
    return _exact(entries, Nx, [_parameter(p, found) for p in parameters], sym)


get_window.on_values = True
