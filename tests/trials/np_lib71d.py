"""A user's plain NumPy code, seventy-first round (d): audio and spectral losses in NumPy on tiny signals. A
log-power spectrum and decibels by np.fft.rfft, magnitudes by np.abs and by np.hypot, a phase by np.angle, an
autocorrelation by irfft(|rfft|^2), pre-emphasis with a Hann window written out, SI-SDR, mu-law companding."""
import numpy as np

MU = 255.0


def log_power_spectrum(x):
    spec = np.fft.rfft(x)
    return np.sum(np.log(np.abs(spec) ** 2 + 1e-10))


def power_db(x):
    spec = np.fft.rfft(x)
    power = spec.real ** 2 + spec.imag ** 2
    return np.mean(10.0 * np.log10(np.maximum(power, 1e-10)))


def magnitude_sum(x):
    return np.sum(np.abs(np.fft.rfft(x)))


def magnitude_hypot(x):
    spec = np.fft.rfft(x)
    return np.sum(np.hypot(spec.real, spec.imag))


def bin_phase(x):
    return np.angle(np.fft.rfft(x)[1])


def autocorr_coef(x):
    spec = np.fft.rfft(x)
    r = np.fft.irfft(np.abs(spec) ** 2, n=len(x))
    return r[1] / r[0]


def preemph_power(x):
    y = np.append(x[0], x[1:] - 0.97 * x[:-1])
    n = len(y)
    window = 0.5 - 0.5 * np.cos(2 * np.pi * np.arange(n) / n)
    power = np.abs(np.fft.rfft(y * window)) ** 2
    return np.log(np.sum(power) + 1e-6)


def si_sdr(est, ref):
    alpha = np.dot(est, ref) / np.dot(ref, ref)
    target = alpha * ref
    noise = est - target
    return -10 * np.log10(np.sum(target ** 2) / np.sum(noise ** 2))


def mu_law(x):
    return np.sum(np.sign(x) * np.log1p(MU * np.abs(x)) / np.log1p(MU))
