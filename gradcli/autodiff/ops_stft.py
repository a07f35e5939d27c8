"""``scipy.signal.stft`` and ``istft``: the short-time Fourier transform and its inverse, composed of the windows,
sliding windows, FFTs and overlap-adds they are.

SciPy's steps on recorded ops: the signal extended at both ends (``boundary``) and
padded with zeros to whole segments (``padded``), cut into overlapping segments
(`sliding_window_view`, one gather), each multiplied by the window (`get_window`'s,
its mathematics in an exact run) and transformed (`rfft`, or `fft` for a two-sided
or complex signal), then scaled by 1 / sum(window) (``scaling="spectrum"``) or
1 / sqrt(fs sum(window^2)) (``"psd"``). Its gradient and exact reference come with
those ops'. In float32 the window and scale are float32's, as SciPy's complex64
window makes them, and the spectrum is complex64.

``istft`` is SciPy's steps backwards: each segment's inverse transform (`irfft`,
or `ifft` for a two-sided spectrum) cut to the segment's length, scaled back,
windowed, added where segments overlap (one scatter-add, `untake`, in SciPy's
order: segment after segment), divided by the window's squares added the same
way (where that sum is above 1e-10), and stripped of the ``boundary`` extension.
Its gradient is the adjoint of those steps.
"""

from __future__ import annotations

import warnings

import numpy as np

from .ops import astype, greater, real, sqrt, where
from .ops_array import asarray, concatenate, getitem, mean, moveaxis, sum_, transpose, untake
from .ops_fft import fft, ifft, irfft, rfft
from .ops_shape import sliding_window_view
from .scipy_windows import get_window
from .values import Box, holds_complex, raw, shape_of


def _zeros_of(x, count):
    """``count`` zeros appended along the last axis of ``x`` (SciPy's zero extension and padding)."""
    return np.zeros(tuple(shape_of(x)[:-1]) + (count,), dtype=_dtype_of(x))


def _reversed(x, start, stop):
    """``x[..., start:stop:-1]``."""
    return getitem(x, (Ellipsis, slice(start, stop, -1)))


def _extended(x, n, boundary):
    """``x`` extended by ``n`` entries at each end of its last axis, as SciPy's ``zero_ext``, ``even_ext``,
    ``odd_ext`` and ``const_ext`` extend it."""
    if n < 1:
        return x
    length = shape_of(x)[-1]
    if boundary in ("even", "odd") and n > length - 1:
        raise ValueError(f"The extension length n ({n}) is too big. It must not exceed x.shape[axis]-1, which is "
                         f"{length - 1}.")
    if boundary == "zeros":
        zeros = _zeros_of(x, n)
        return concatenate([zeros, x, zeros], axis=-1)
    first, last = getitem(x, (Ellipsis, slice(0, 1))), getitem(x, (Ellipsis, slice(-1, None)))
    if boundary == "constant":
        ones = np.ones(tuple(shape_of(x)[:-1]) + (n,), dtype=_dtype_of(x))
        return concatenate([ones * first, x, ones * last], axis=-1)
    left, right = _reversed(x, n, 0), _reversed(x, -2, -(n + 2))
    if boundary == "odd":
        left, right = 2 * first - left, 2 * last - right
    return concatenate([left, x, right], axis=-1)


_BOUNDARIES = ("even", "odd", "constant", "zeros", None)


def _dtype_of(x):
    """The float or complex dtype of the program ``x`` belongs to (an exact run's traced numbers answer the
    checked dtype's; plain exact numbers are float64's)."""
    kind = x.dtype if isinstance(x, Box) else np.asarray(raw(x)).dtype
    return np.dtype(np.float64) if kind == object or kind.kind in "iub" else kind


def _window_and_length(window, nperseg, length):
    """SciPy's ``_triage_segments``: the window (named, or an array) and the segment length it fixes."""
    if isinstance(window, (str, tuple)):
        nperseg = 256 if nperseg is None else nperseg
        if nperseg > length:
            warnings.warn(f"nperseg = {nperseg:d} is greater than input length  = {length:d}, using nperseg = "
                          f"{length:d}", stacklevel=4)
            nperseg = length
        return get_window(window, nperseg), nperseg
    win = np.asarray(window)
    if win.ndim != 1:
        raise ValueError("window must be 1-D")
    if length < win.shape[-1]:
        raise ValueError("window is longer than input signal")
    if nperseg is None:
        nperseg = win.shape[0]
    elif nperseg != win.shape[0]:
        raise ValueError("value specified for nperseg is different from length of window")
    return win, nperseg


def _nfft_and_step(nperseg, nfft, noverlap):
    """SciPy's checks of ``nfft`` and ``noverlap`` (nperseg // 2 if None): ``(nfft, step)``, step the distance
    between the segments' starts."""
    if nfft < nperseg:
        raise ValueError("nfft must be greater than or equal to nperseg.")
    noverlap = nperseg // 2 if noverlap is None else int(noverlap)
    if noverlap >= nperseg:
        raise ValueError("noverlap must be less than nperseg.")
    return int(nfft), nperseg - noverlap


def stft(x, fs=1.0, window="hann", nperseg=256, noverlap=None, nfft=None, detrend=False, return_onesided=True,
         boundary="zeros", padded=True, axis=-1, scaling="spectrum"):
    """``scipy.signal.stft``: ``(f, t, Zxx)``, the bins' frequencies, the segments' times and the complex spectrum
    of each segment (frequencies on ``axis``, segments last), differentiable in ``x``."""
    if scaling not in ("spectrum", "psd"):
        raise ValueError(f"Parameter scaling={scaling!r} not in ['spectrum', 'psd']!")
    if boundary not in _BOUNDARIES:
        raise ValueError(f"Unknown boundary option '{boundary}', must be one of: {list(_BOUNDARIES)}")
    x = asarray(x)
    kind = _dtype_of(x)
    complex_kind = np.result_type(kind, np.complex64)
    if int(np.prod(shape_of(x))) == 0:
        return np.empty(shape_of(x)), np.empty(shape_of(x)), np.empty(shape_of(x))
    if len(shape_of(x)) > 1 and axis != -1:
        x = moveaxis(x, axis, -1)
    nperseg = None if nperseg is None else int(nperseg)
    if nperseg is not None and nperseg < 1:
        raise ValueError("nperseg must be a positive integer")
    win, nperseg = _window_and_length(window, nperseg, shape_of(x)[-1])
    nfft, step = _nfft_and_step(nperseg, nperseg if nfft is None else nfft, noverlap)
    if boundary is not None:
        x = _extended(x, nperseg // 2, boundary)
    length = shape_of(x)[-1]
    if padded:
        extra = (-(length - nperseg) % step) % nperseg
        x = concatenate([x, _zeros_of(x, extra)], axis=-1)
        length += extra
    if np.dtype(complex_kind) == np.complex64:  # SciPy casts the window to complex64: float32's numbers
        win = astype(win, np.float32)
    sides = "twosided" if not return_onesided or holds_complex(x) else "onesided"
    if return_onesided and sides == "twosided":
        warnings.warn("Input data is complex, switching to return_onesided=False", stacklevel=2)
    if scaling == "psd":
        scale = sqrt(1.0 / (fs * sum_(win * win)))
    else:
        scale = sqrt(1.0 / sum_(win) ** 2)
    segments = getitem(sliding_window_view(x, nperseg, axis=-1), (Ellipsis, slice(0, None, step), slice(None)))
    if detrend == "constant":
        segments = segments - mean(segments, axis=-1, keepdims=True)
    elif callable(detrend):
        segments = detrend(segments)
    elif detrend:
        raise ValueError(f"gradcli's stft detrends with False, 'constant' or a function of the segments, not {detrend!r}")
    spectrum = (rfft if sides == "onesided" else fft)(win * segments, n=nfft) * scale
    spectrum = astype(spectrum, complex_kind)
    frequencies = (np.fft.rfftfreq if sides == "onesided" else np.fft.fftfreq)(nfft, 1 / fs)
    times = np.arange(nperseg / 2, length - nperseg / 2 + 1, step) / float(fs)
    if boundary is not None:
        times -= (nperseg / 2) / fs
    return frequencies, times, moveaxis(spectrum, -1, axis - 1 if axis < 0 else axis)


def _overlap_added(segments, step):
    """Segments ``(..., count, length)`` added into one signal, segment m starting at m * step: a scatter-add whose
    order over each entry is the segments' order, as SciPy's loop adds them, in the segments' own dtype (an exact
    run's numbers stay exact)."""
    count, length = shape_of(segments)[-2:]
    positions = np.arange(count)[:, None] * step + np.arange(length)[None, :]
    total = length + (count - 1) * step
    dtype = np.asarray(raw(segments)).dtype
    return untake(segments, (Ellipsis, positions), tuple(shape_of(segments)[:-2]) + (total,), dtype)


def _frequencies_and_times_last(spectrum, freq_axis, time_axis):
    """``spectrum`` with its frequency and time axes moved to the end, the others kept in order (SciPy's transpose)."""
    ndim = len(shape_of(spectrum))
    freq_axis, time_axis = freq_axis % ndim, time_axis % ndim
    if (freq_axis, time_axis) == (ndim - 2, ndim - 1):
        return spectrum
    others = [axis for axis in range(ndim) if axis not in (freq_axis, time_axis)]
    return transpose(spectrum, others + [freq_axis, time_axis])


def istft(Zxx, fs=1.0, window="hann", nperseg=None, noverlap=None, nfft=None, input_onesided=True,  # noqa: N803
          boundary=True, time_axis=-1, freq_axis=-2, scaling="spectrum"):
    """``scipy.signal.istft``: ``(t, x)``, the samples' times and the signal whose STFT is ``Zxx`` (the
    least-squares one where ``Zxx`` is no STFT), differentiable in ``Zxx``: the adjoint of SciPy's steps."""
    spectrum = asarray(Zxx)
    kind = _dtype_of(spectrum)
    spectrum = astype(spectrum, np.result_type(kind, np.complex64))  # SciPy's Zxx + 0j
    shape = tuple(shape_of(spectrum))
    if len(shape) < 2:
        raise ValueError("Input stft must be at least 2d!")
    if int(freq_axis) == int(time_axis):
        raise ValueError("Must specify differing time and frequency axes!")
    count = shape[int(time_axis)]
    default = 2 * (shape[int(freq_axis)] - 1) if input_onesided else shape[int(freq_axis)]
    nperseg = default if nperseg is None else int(nperseg)
    if nperseg < 1:
        raise ValueError("nperseg must be a positive integer")
    if nfft is None:
        nfft = nperseg if input_onesided and nperseg == default + 1 else default  # an odd nperseg: no padding
    nfft, step = _nfft_and_step(nperseg, nfft, noverlap)
    spectrum = _frequencies_and_times_last(spectrum, int(freq_axis), int(time_axis))
    if isinstance(window, (str, tuple)):
        win = get_window(window, nperseg)
    else:
        win = np.asarray(window)
        if win.ndim != 1:
            raise ValueError("window must be 1-D")
        if win.shape[0] != nperseg:
            raise ValueError(f"window must have length of {nperseg}")
    segments = getitem((irfft if input_onesided else ifft)(spectrum, n=nfft, axis=-2), (Ellipsis, slice(None, nperseg), slice(None)))
    kind = _dtype_of(segments)
    if np.result_type(_dtype_of(asarray(win)), kind) != kind:
        win = astype(win, kind)
    if scaling == "spectrum":
        segments = segments * astype(sum_(win), kind)
    elif scaling == "psd":
        segments = segments * astype(sqrt(fs * sum_(win * win)), kind)
    else:
        raise ValueError(f"Parameter scaling={scaling!r} not in ['spectrum', 'psd']!")
    windowed = moveaxis(segments, -1, -2) * win  # (..., segment, sample), added segment after segment
    x = _overlap_added(windowed, step)
    norm = _overlap_added(win * win * np.ones((count, 1), dtype=kind), step)
    if boundary:
        x, norm = (getitem(v, (Ellipsis, slice(nperseg // 2, -(nperseg // 2)))) for v in (x, norm))
    plain_norm = np.asarray([float(np.real(v)) for v in np.asarray(raw(norm)).ravel()])
    if np.sum(plain_norm > 1e-10) != len(plain_norm):
        warnings.warn("NOLA condition failed, STFT may not be invertible."
                      + (" Possibly due to missing boundary" if not boundary else ""), stacklevel=2)
    x = x / where(greater(norm, 1e-10), norm, 1.0)
    if input_onesided:
        x = real(x)
    if len(shape_of(x)) > 1 and int(time_axis) % len(shape) != len(shape) - 1:
        time_axis = int(time_axis) % len(shape)
        x = moveaxis(x, -1, time_axis - 1 if int(freq_axis) % len(shape) < time_axis else time_axis)
    return np.arange(shape_of(x)[0]) / float(fs), x
