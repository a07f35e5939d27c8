"""A user's code on gradcli.numpy, round 86c: acoustics, audio levels and signal metrics as audio and room-acoustics
codes differentiate them (sound pressure level from an RMS, with and without an epsilon floor; the decibel sum of
levels, by powers of ten and by logsumexp; A-weighting's rational response; SNR and scale-invariant SDR; spectral
flatness; Sabine's and Eyring's reverberation times; the mel scale and its inverse; the crest factor; RMS
normalisation; a tanh soft clipper; the log-spectral distance), checked at ordinary points and where they break:
silence, a perfect estimate, a reference of zero, a zero spectral bin, no absorption, f = 0, a tie of peaks, a drive
g of 0."""

import gradcli.numpy as np
from gradcli.scipy.special import logsumexp

P_REF = 2e-5  # 20 micropascals
LN10_OVER_10 = 0.23025850929940458  # ln(10) / 10
REF = np.array([0.5, -1.0, 2.0, 0.25])  # a reference the normalised signal is compared with


# --- levels -----------------------------------------------------------------------------------------------------------


def spl(p):
    """Sound pressure level of a pressure signal: 20 log10(p_rms / p_ref)."""
    p_rms = np.sqrt(np.mean(p ** 2))
    return 20.0 * np.log10(p_rms / P_REF)


def spl_floor(p):
    """The same with an epsilon floor added to the RMS (a common guard against log(0))."""
    p_rms = np.sqrt(np.mean(p ** 2))
    return 20.0 * np.log10((p_rms + 1e-12) / P_REF)


def spl_power_floor(p):
    """The level from the mean square with the floor inside: 10 log10((mean p^2 + eps) / p_ref^2)."""
    return 10.0 * np.log10((np.mean(p ** 2) + 1e-20) / P_REF ** 2)


def spl_std(p):
    """The level of the signal's AC part: 20 log10(std(p) / p_ref)."""
    return 20.0 * np.log10(np.std(p) / P_REF)


def dbfs(x):
    """The level of a digital signal relative to full scale: 10 log10(mean x^2)."""
    return 10.0 * np.log10(np.mean(x ** 2))


def level_sum(L):
    """The energetic sum of levels in dB: 10 log10(sum 10^(L_i / 10))."""
    return 10.0 * np.log10(np.sum(10.0 ** (L / 10.0)))


def level_sum_lse(L):
    """The same by logsumexp: 10 / ln 10 * logsumexp(L ln 10 / 10)."""
    return logsumexp(L * LN10_OVER_10) / LN10_OVER_10


# --- A-weighting ------------------------------------------------------------------------------------------------------


def a_weight_gain(f):
    """IEC 61672 A-weighting's response R_A(f) (linear)."""
    f2 = f ** 2
    num = 12194.0 ** 2 * f ** 4
    den = (f2 + 20.6 ** 2) * np.sqrt((f2 + 107.7 ** 2) * (f2 + 737.9 ** 2)) * (f2 + 12194.0 ** 2)
    return num / den


def a_weight_db(f):
    """A(f) = 20 log10(R_A(f)) + 2.00 dB."""
    return 20.0 * np.log10(a_weight_gain(f)) + 2.0


# --- separation metrics -----------------------------------------------------------------------------------------------


def snr_db(s, s_hat):
    """SNR of an estimate: 10 log10(|s|^2 / |s - s_hat|^2)."""
    return 10.0 * np.log10(np.sum(s ** 2) / np.sum((s - s_hat) ** 2))


def snr_db_eps(s, s_hat):
    """The same with an epsilon in the noise energy."""
    return 10.0 * np.log10(np.sum(s ** 2) / (np.sum((s - s_hat) ** 2) + 1e-8))


def si_sdr(s, s_hat):
    """Scale-invariant SDR: the projection <s_hat, s> s / |s|^2 against the rest."""
    alpha = np.dot(s_hat, s) / np.dot(s, s)
    target = alpha * s
    noise = s_hat - target
    return 10.0 * np.log10(np.sum(target ** 2) / np.sum(noise ** 2))


def si_sdr_eps(s, s_hat):
    """SI-SDR with the epsilons of common training code."""
    alpha = (np.dot(s_hat, s) + 1e-8) / (np.dot(s, s) + 1e-8)
    target = alpha * s
    noise = s_hat - target
    return 10.0 * np.log10((np.sum(target ** 2) + 1e-8) / (np.sum(noise ** 2) + 1e-8))


def si_sdr_norm(s, s_hat):
    """SI-SDR as 20 log10 of a ratio of norms."""
    target = np.dot(s_hat, s) / np.dot(s, s) * s
    return 20.0 * np.log10(np.linalg.norm(target) / np.linalg.norm(s_hat - target))


# --- spectra ----------------------------------------------------------------------------------------------------------


def spectral_flatness(P):
    """Wiener entropy: the geometric mean of the power spectrum over its arithmetic mean."""
    return np.exp(np.mean(np.log(P))) / np.mean(P)


def spectral_flatness_floor(P):
    """The same with a floor in the log."""
    return np.exp(np.mean(np.log(P + 1e-10))) / np.mean(P + 1e-10)


def spectral_flatness_prod(P):
    """The geometric mean as the N-th root of the product."""
    return np.prod(P) ** (1.0 / P.shape[0]) / np.mean(P)


def log_spectral_distance(P, Q):
    """The log-spectral distance sqrt(mean (10 log10(P / Q))^2) in dB."""
    d = 10.0 * np.log10(P / Q)
    return np.sqrt(np.mean(d ** 2))


# --- rooms ------------------------------------------------------------------------------------------------------------


def sabine(V, S, alpha):
    """Sabine's reverberation time 0.161 V / (S alpha)."""
    return 0.161 * V / (S * alpha)


def sabine_room(V, S, alpha):
    """Sabine for surfaces S_i of absorption alpha_i: 0.161 V / sum S_i alpha_i."""
    return 0.161 * V / np.sum(S * alpha)


def eyring(V, S, alpha):
    """Eyring's reverberation time -0.161 V / (S ln(1 - alpha))."""
    return -0.161 * V / (S * np.log(1.0 - alpha))


# --- mel scale --------------------------------------------------------------------------------------------------------


def hz_to_mel(f):
    return 2595.0 * np.log10(1.0 + f / 700.0)


def mel_to_hz(m):
    return 700.0 * (10.0 ** (m / 2595.0) - 1.0)


def mel_round_trip(f):
    """Hz to mel and back (an identity)."""
    return mel_to_hz(hz_to_mel(f))


def mel_round_trip_stable(f):
    """The same by log1p and expm1."""
    m = 2595.0 * np.log1p(f / 700.0) / np.log(10.0)
    return 700.0 * np.expm1(m * np.log(10.0) / 2595.0)


# --- peaks and normalisation ------------------------------------------------------------------------------------------


def crest_factor(x):
    """Peak over RMS: max |x| / sqrt(mean x^2)."""
    return np.max(np.abs(x)) / np.sqrt(np.mean(x ** 2))


def rms_normalize(x):
    """x / sqrt(mean x^2 + eps), scored against REF."""
    y = x / np.sqrt(np.mean(x ** 2) + 1e-8)
    return np.dot(REF, y)


def rms_normalize_plain(x):
    """x / rms without the epsilon."""
    y = x / np.sqrt(np.mean(x ** 2))
    return np.dot(REF, y)


def soft_clip(x, g):
    """A tanh soft clipper normalised to unit gain at full scale: tanh(g x) / tanh(g)."""
    return np.tanh(g * x) / np.tanh(g)


def soft_clip_where(x, g):
    """The same with the g -> 0 limit (the identity) by np.where."""
    return np.where(g == 0.0, x, np.tanh(g * x) / np.tanh(g))


def peak_db(x):
    """The peak level in dBFS: 20 log10(max |x|)."""
    return 20.0 * np.log10(np.max(np.abs(x)))


def power_to_db(S):
    """librosa's power_to_db (amin 1e-10, ref 1, top_db 80), summed: 10 log10(max(amin, S)) clipped at max - 80."""
    log_spec = 10.0 * np.log10(np.maximum(1e-10, S))
    log_spec = np.maximum(log_spec, log_spec.max() - 80.0)
    return np.sum(log_spec)


def mu_law(x, mu=255.0):
    """mu-law companding sign(x) ln(1 + mu |x|) / ln(1 + mu), summed over the samples."""
    return np.sum(np.sign(x) * np.log1p(mu * np.abs(x)) / np.log1p(mu))


def mu_law_expand(y, mu=255.0):
    """Its inverse sign(y) ((1 + mu)^|y| - 1) / mu, summed."""
    return np.sum(np.sign(y) * ((1.0 + mu) ** np.abs(y) - 1.0) / mu)
