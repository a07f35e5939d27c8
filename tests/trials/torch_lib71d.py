"""A user's PyTorch code, seventy-first round (d): audio and spectral losses as users write them in PyTorch on tiny
signals. A log-power spectrum by torch.fft.rfft, torchaudio's amplitude_to_DB written by hand (10 log10(clamp(power,
amin)), with and without top_db), magnitudes by torch.abs of the complex spectrum, phases by torch.angle and
torch.atan2, Parallel WaveGAN's multi-resolution STFT loss (torch.stft with a Hann window, magnitudes
sqrt(clamp(re^2 + im^2, 1e-7)), spectral convergence by Frobenius norms, log-magnitude L1), the same with torch.abs
magnitudes, an autocorrelation by irfft(|rfft|^2), SI-SDR as asteroid writes it (with eps) and bare, and torchaudio's
mu-law companding."""
import math

import torch
import torch.nn.functional as F

AMIN = 1e-10
MU = 255.0
RESOLUTIONS = ((8, 2, 8), (4, 1, 4))  # (fft_size, hop, win_length)


def log_power_spectrum(x):
    spec = torch.fft.rfft(x)
    return torch.log(spec.abs() ** 2 + 1e-10).sum()


def amplitude_to_db(x, top_db=None):
    """torchaudio.functional.amplitude_to_DB on the power spectrum (multiplier 10, ref 1), by hand."""
    spec = torch.fft.rfft(x)
    power = spec.real ** 2 + spec.imag ** 2
    db = 10.0 * torch.log10(torch.clamp(power, min=AMIN))
    db = db - 10.0 * math.log10(max(AMIN, 1.0))
    if top_db is not None:
        db = torch.max(db, db.max() - top_db)
    return db.mean()


def db_top80(x):
    return amplitude_to_db(x, top_db=80.0)


def magnitude_sum(x):
    return torch.fft.rfft(x).abs().sum()


def bin_phase(x):
    spec = torch.fft.rfft(x)
    return torch.atan2(spec.imag[1], spec.real[1])


def bin_angle(x):
    return torch.angle(torch.fft.rfft(x)[1])


def _stft_mag(x, fft_size, hop, win_length):
    """Parallel WaveGAN's stft(): magnitudes floored inside the sqrt."""
    window = torch.hann_window(win_length, dtype=x.dtype)
    spec = torch.stft(x, fft_size, hop, win_length, window, return_complex=True)
    return torch.sqrt(torch.clamp(spec.real ** 2 + spec.imag ** 2, min=1e-7)).transpose(-2, -1)


def _stft_abs(x, fft_size, hop, win_length):
    window = torch.hann_window(win_length, dtype=x.dtype)
    return torch.stft(x, fft_size, hop, win_length, window, return_complex=True).abs()


def multi_resolution_stft_loss(est, ref):
    sc_loss, mag_loss = 0.0, 0.0
    for fft_size, hop, win in RESOLUTIONS:
        x_mag = _stft_mag(est, fft_size, hop, win)
        y_mag = _stft_mag(ref, fft_size, hop, win)
        sc_loss = sc_loss + torch.norm(y_mag - x_mag, p="fro") / torch.norm(y_mag, p="fro")
        mag_loss = mag_loss + F.l1_loss(torch.log(y_mag), torch.log(x_mag))
    return (sc_loss + mag_loss) / len(RESOLUTIONS)


def spectral_convergence_abs(est, ref):
    x_mag = _stft_abs(est, 8, 2, 8)
    y_mag = _stft_abs(ref, 8, 2, 8)
    return torch.norm(y_mag - x_mag, p="fro") / torch.norm(y_mag, p="fro")


def spectral_convergence_sq(est, ref):
    """The squared ratio, which some recipes use: smooth where the estimate matches."""
    x_mag = _stft_abs(est, 8, 2, 8)
    y_mag = _stft_abs(ref, 8, 2, 8)
    return ((y_mag - x_mag) ** 2).sum() / (y_mag ** 2).sum()


def autocorr_coef(x):
    spec = torch.fft.rfft(x)
    r = torch.fft.irfft(spec.abs() ** 2, n=x.shape[-1])
    return r[1] / r[0]


def si_sdr_loss(est, ref, eps=1e-8):
    """asteroid's pairwise SI-SDR (zero-mean, eps in the projection and the ratio), negated."""
    est = est - est.mean()
    ref = ref - ref.mean()
    dot = (est * ref).sum()
    s_target = dot * ref / ((ref ** 2).sum() + eps)
    e_noise = est - s_target
    ratio = (s_target ** 2).sum() / ((e_noise ** 2).sum() + eps)
    return -10 * torch.log10(ratio + eps)


def si_sdr_bare(est, ref):
    alpha = (est * ref).sum() / (ref ** 2).sum()
    target = alpha * ref
    noise = est - target
    return -10 * torch.log10((target ** 2).sum() / (noise ** 2).sum())


def mu_law(x):
    """torchaudio.functional.mu_law_encoding before its quantisation."""
    mu = torch.tensor(MU, dtype=x.dtype)
    y = torch.sign(x) * torch.log1p(mu * torch.abs(x)) / torch.log1p(mu)
    return y.sum()


def mu_law_math(x):
    y = torch.sign(x) * torch.log1p(MU * torch.abs(x)) / math.log1p(MU)
    return y.sum()
