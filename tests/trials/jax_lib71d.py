"""A user's JAX code, seventy-first round (d): audio and spectral losses as users write them in JAX on tiny signals.
A log-power spectrum log(|rfft x|^2 + eps), decibels 10 log10(max(power, amin)) by hand, magnitudes by jnp.abs of the
complex FFT and by sqrt(re^2 + im^2), a bin's phase by arctan2, spectral convergence and a log-magnitude L1 between
framed STFTs (framing by slicing, a Hann window), pre-emphasis into a log-mel energy (a fixed filterbank matrix), an
autocorrelation coefficient by irfft(|rfft|^2), SI-SDR (bare and with eps guards) and mu-law companding."""

import jax.numpy as jnp

EPS = 1e-10
AMIN = 1e-10
MU = 255.0
# a 3-band "mel" filterbank over the 5 bins of an 8-point rfft (triangles, written out)
MEL = jnp.array([[1.0, 0.5, 0.0, 0.0, 0.0],
                 [0.0, 0.5, 1.0, 0.5, 0.0],
                 [0.0, 0.0, 0.0, 0.5, 1.0]])


def log_power_spectrum(x):
    spec = jnp.fft.rfft(x)
    return jnp.sum(jnp.log(jnp.abs(spec) ** 2 + EPS))


def power_db(x):
    spec = jnp.fft.rfft(x)
    power = spec.real ** 2 + spec.imag ** 2
    return jnp.mean(10.0 * jnp.log10(jnp.maximum(power, AMIN)))


def magnitude_sum(x):
    return jnp.sum(jnp.abs(jnp.fft.rfft(x)))


def magnitude_sqrt(x):
    spec = jnp.fft.rfft(x)
    mag = jnp.sqrt(spec.real ** 2 + spec.imag ** 2)
    return jnp.sum(mag)


def bin_phase(x):
    """The phase of bin 1 by arctan2(im, re)."""
    spec = jnp.fft.rfft(x)
    return jnp.arctan2(spec.imag[1], spec.real[1])


def dc_phase(x):
    """jnp.angle of the DC bin: 0 for a positive sum, pi for a negative one."""
    return jnp.angle(jnp.fft.rfft(x)[0])


def _frames(x, n=8, hop=4):
    window = 0.5 - 0.5 * jnp.cos(2.0 * jnp.pi * jnp.arange(n) / n)  # periodic Hann
    return jnp.stack([x[i:i + n] * window for i in range(0, x.shape[0] - n + 1, hop)])


def _stft_mag(x):
    return jnp.abs(jnp.fft.rfft(_frames(x), axis=-1))


def spectral_convergence(est, ref):
    s_est, s_ref = _stft_mag(est), _stft_mag(ref)
    return jnp.linalg.norm(s_ref - s_est) / jnp.linalg.norm(s_ref)


def log_stft_l1(est, ref):
    s_est, s_ref = _stft_mag(est), _stft_mag(ref)
    return jnp.mean(jnp.abs(jnp.log(s_ref + 1e-7) - jnp.log(s_est + 1e-7)))


def log_mel(x):
    """Pre-emphasis, framing, a Hann window, the power spectrum, a filterbank, a floored log."""
    y = jnp.concatenate([x[:1], x[1:] - 0.97 * x[:-1]])
    spec = jnp.fft.rfft(_frames(y), axis=-1)
    power = jnp.abs(spec) ** 2
    mel = power @ MEL.T
    return jnp.sum(jnp.log(mel + 1e-6))


def autocorr_coef(x):
    """The lag-1 autocorrelation coefficient r[1] / r[0], r = irfft(|rfft x|^2) (circular)."""
    spec = jnp.fft.rfft(x)
    r = jnp.fft.irfft(jnp.abs(spec) ** 2, n=x.shape[0])
    return r[1] / r[0]


def si_sdr(est, ref):
    alpha = jnp.sum(est * ref) / jnp.sum(ref ** 2)
    target = alpha * ref
    noise = est - target
    return -10.0 * jnp.log10(jnp.sum(target ** 2) / jnp.sum(noise ** 2))


def si_sdr_eps(est, ref, eps=1e-8):
    alpha = (jnp.sum(est * ref) + eps) / (jnp.sum(ref ** 2) + eps)
    target = alpha * ref
    noise = est - target
    return -10.0 * jnp.log10((jnp.sum(target ** 2) + eps) / (jnp.sum(noise ** 2) + eps))


def mu_law(x):
    y = jnp.sign(x) * jnp.log1p(MU * jnp.abs(x)) / jnp.log1p(MU)
    return jnp.sum(y)
