"""A user's code on gradcli.numpy, round 60c: complex intermediates and FFTs as signal-processing and physics code
writes them, every loss real: power spectra and spectral energies (fft, ifft, rfft, fft2, norm="ortho"), a spectral
magnitude loss, a cepstrum (log |fft|), phase losses (np.angle of a bin), autocorrelation and circular convolution by
FFT, a Hann window times the signal, |z| and |z|^2 of x + iy, log |z|, np.hypot, np.arctan2, rotations by e^{i
theta}, Re / Im of complex log and sqrt, an array factor |sum e^{i theta}|, real / imag / conj of complex arrays;
float64 (complex128) and float32 (complex64)."""

import gradcli.numpy as np

W4 = np.array([1.0, -0.5, 0.25, 2.0])


def power_sum(x):
    """sum |fft(x)|^2 (Parseval: n sum x^2)."""
    X = np.fft.fft(x)
    return np.sum(np.abs(X) ** 2)


def power_ifft_ortho(x):
    """sum |ifft(x, norm='ortho')|^2 = sum x^2."""
    X = np.fft.ifft(x, norm="ortho")
    return np.sum(np.abs(X) ** 2)


def spec_mag(x):
    """sum |fft(x)|: a magnitude-spectrum loss (a kink at an empty bin)."""
    return np.sum(np.abs(np.fft.fft(x)))


def spec_l2(x):
    """sum (|rfft(x)| - t)^2 against a target spectrum t = [1, 2, 3]: a spectral-convergence loss."""
    t = np.array([1.0, 2.0, 3.0])
    return np.sum((np.abs(np.fft.rfft(x)) - t) ** 2)


def cepstrum1(x):
    """The real cepstrum's first quefrency: real(ifft(log |fft(x)|))[1]."""
    c = np.fft.ifft(np.log(np.abs(np.fft.fft(x))))
    return np.real(c[1])


def log_spec(x):
    """sum log(|rfft(x)|^2 + 1e-12): a log-power loss with the usual floor."""
    P = np.abs(np.fft.rfft(x)) ** 2
    return np.sum(np.log(P + 1e-12))


def phase1(x):
    """np.angle of the first bin of fft(x): a phase loss."""
    return np.angle(np.fft.fft(x)[1])


def phase_sq(x):
    """sum over bins 1.. of angle(fft(x))^2."""
    a = np.angle(np.fft.fft(x))
    return np.sum(a[1:] ** 2)


def autocorr1(x):
    """The circular autocorrelation at lag 1 by FFT: irfft(|rfft(x)|^2, n)[1]."""
    n = x.shape[0]
    R = np.fft.rfft(x)
    return np.fft.irfft(np.abs(R) ** 2, n)[1]


def autocorr_conj(x):
    """The circular autocorrelation by FFT with conj: sum w * real(ifft(X conj X))."""
    X = np.fft.fft(x)
    r = np.real(np.fft.ifft(X * np.conj(X)))
    return np.sum(W4 * r)


def conv_fft(x, h):
    """sum w * circular convolution of x and h by rfft / irfft."""
    n = x.shape[0]
    y = np.fft.irfft(np.fft.rfft(x) * np.fft.rfft(h), n)
    return np.sum(W4 * y)


def power2d(X):
    """sum |fft2(X)|^2."""
    return np.sum(np.abs(np.fft.fft2(X)) ** 2)


def fft2_bin(X):
    """|fft2(X)[0, 1]|: the magnitude of one 2-D bin."""
    return np.abs(np.fft.fft2(X)[0, 1])


def hann_power(x):
    """sum |rfft(hanning(n) x)|^2: a windowed power spectrum."""
    w = np.hanning(x.shape[0])
    return np.sum(np.abs(np.fft.rfft(w * x)) ** 2)


def hann_peak(x):
    """max |rfft(hanning(n) x)|: the windowed spectrum's peak."""
    w = np.hanning(x.shape[0])
    return np.max(np.abs(np.fft.rfft(w * x)))


def zabs(x, y):
    """|x + iy| by np.abs of a complex number."""
    return np.abs(x + 1j * y)


def zabs2(x, y):
    """|x + iy|^2 as Re(z conj z)."""
    z = x + 1j * y
    return np.real(z * np.conj(z))


def zabs_sq(x, y):
    """np.abs(z) ** 2: the square of the kink."""
    return np.abs(x + 1j * y) ** 2


def zlogabs(x, y):
    """log |x + iy|."""
    return np.log(np.abs(x + 1j * y))


def zangle(x, y):
    """np.angle(x + iy)."""
    return np.angle(x + 1j * y)


def atan2(y, x):
    """np.arctan2(y, x)."""
    return np.arctan2(y, x)


def hyp(x, y):
    """np.hypot(x, y)."""
    return np.hypot(x, y)


def rotate(theta, a, b):
    """Re(e^{i theta} (a + ib)): a rotation of a phasor."""
    return np.real(np.exp(1j * theta) * (a + 1j * b))


def rotate_imag(theta, a, b):
    """Im(conj(e^{i theta}) (a + ib))."""
    return np.imag(np.conj(np.exp(1j * theta)) * (a + 1j * b))


def array_factor(theta):
    """|sum e^{i theta_k}|: an antenna array's factor (a kink where the phasors cancel)."""
    return np.abs(np.sum(np.exp(1j * theta)))


def array_power(theta):
    """|sum e^{i theta_k}|^2 = Re(S conj S): smooth where they cancel."""
    S = np.sum(np.exp(1j * theta))
    return np.real(S * np.conj(S))


def coherence(x, y):
    """|sum X conj Y| / sqrt(sum |X|^2 sum |Y|^2) over fft bins: a spectral coherence."""
    X, Y = np.fft.fft(x), np.fft.fft(y)
    c = np.abs(np.sum(X * np.conj(Y)))
    return c / np.sqrt(np.sum(np.abs(X) ** 2) * np.sum(np.abs(Y) ** 2))


def centroid(x):
    """The spectral centroid sum f |X| / sum |X| over rfft bins, f = rfftfreq(n)."""
    A = np.abs(np.fft.rfft(x))
    f = np.fft.rfftfreq(x.shape[0])
    return np.sum(f * A) / np.sum(A)


def flatness(x):
    """The spectral flatness exp(mean log P) / mean P, P = |rfft(x)|^2."""
    P = np.abs(np.fft.rfft(x)) ** 2
    return np.exp(np.mean(np.log(P))) / np.mean(P)


def power_reim(x):
    """sum real(X)^2 + imag(X)^2, X = fft(x): the energy without np.abs."""
    X = np.fft.fft(x)
    return np.sum(np.real(X) ** 2 + np.imag(X) ** 2)


def cexp_re(a, b):
    """Re(e^{a + ib}) = e^a cos b: a damped oscillation's complex exponential."""
    return np.real(np.exp(a + 1j * b))


def hyp_sq(x, y):
    """np.hypot(x, y) ** 2."""
    return np.hypot(x, y) ** 2


def zlog_re(x, y):
    """Re(log(x + iy)) = log |z|: smooth across log's branch cut."""
    return np.real(np.log(x + 1j * y))


def zlog_im(x, y):
    """Im(log(x + iy)) = arg z: the cut on the negative real axis."""
    return np.imag(np.log(x + 1j * y))


def zsqrt_re(x, y):
    """Re(sqrt(x + iy)): on the negative real axis |y|/(2 sqrt(-x)) to first order (a kink in y)."""
    return np.real(np.sqrt(x + 1j * y))


def complex_cep1(x):
    """The complex cepstrum's first quefrency: real(ifft(log(fft(x))))[1] (the principal log of each bin)."""
    return np.real(np.fft.ifft(np.log(np.fft.fft(x)))[1])
