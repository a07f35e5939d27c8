"""A user's code on gradcli.numpy, round 115c: radar, antennas and wireless communications, the formulas RF, radar and
communications engineers differentiate (link-budget optimisation, power control, beamforming weights, detection
thresholds): decibel conversions, free-space and log-distance path loss, the radar equation, Shannon capacity, SINR,
water-filling, bit and symbol error rates through erfc, fading outage, a uniform linear array's factor, sinc beams,
Doppler, CA-CFAR's threshold, noise-figure cascades, aperture gain, polarisation loss, atmospheric attenuation, a
soft-max beam selection, and a few hand-written rules."""

import gradcli
import gradcli.numpy as np
from gradcli.scipy import special

C = 299792458.0  # the speed of light, m/s
K_B = 1.380649e-23  # Boltzmann's constant, J/K

# --- decibels ---------------------------------------------------------------------------------------------------------


def to_db(p):
    """A power ratio in dB: 10 log10(P)."""
    return 10.0 * np.log10(p)


def amp_db(a):
    """An amplitude in dB: 20 log10(|a|)."""
    return 20.0 * np.log10(np.abs(a))


def dbm_to_w(dbm):
    """dBm to watts: 10^((dBm - 30) / 10)."""
    return 10.0 ** ((dbm - 30.0) / 10.0)


def w_to_dbm(w):
    """Watts to dBm: 10 log10(1000 W)."""
    return 10.0 * np.log10(w * 1000.0)


def power_sum_dbm(a, b):
    """Two powers in dBm added as powers: 10 log10(10^(a/10) + 10^(b/10))."""
    return 10.0 * np.log10(10.0 ** (a / 10.0) + 10.0 ** (b / 10.0))


def power_sum_dbm_stable(a, b):
    """The same through logaddexp: 10 / ln 10 * logaddexp(a ln10 / 10, b ln10 / 10)."""
    k = np.log(10.0) / 10.0
    return np.logaddexp(a * k, b * k) / k


# --- path loss --------------------------------------------------------------------------------------------------------


def friis_loss(d, lam):
    """Free-space path loss as a ratio: (4 pi d / lambda)^2."""
    return (4.0 * np.pi * d / lam) ** 2


def fspl_db(d, f):
    """Free-space path loss in dB, d in m and f in Hz: 20 log10(d) + 20 log10(f) + 20 log10(4 pi / c)."""
    return 20.0 * np.log10(d) + 20.0 * np.log10(f) - 147.55221677811664


def log_distance(d, d0, n):
    """Log-distance path loss: PL0 + 10 n log10(d / d0), PL0 = 40 dB."""
    return 40.0 + 10.0 * n * np.log10(d / d0)


def received_dbm(pt_dbm, gt, gr, d, f):
    """A link budget: Pt + Gt + Gr - FSPL (all in dB)."""
    return pt_dbm + gt + gr - fspl_db(d, f)


# --- radar ------------------------------------------------------------------------------------------------------------


def radar_power(pt, g, lam, sigma, r):
    """The monostatic radar equation: Pt G^2 lambda^2 sigma / ((4 pi)^3 R^4)."""
    return pt * g ** 2 * lam ** 2 * sigma / ((4.0 * np.pi) ** 3 * r ** 4)


def radar_power_db(pt, g, lam, sigma, r):
    """The same in dB, term by term (no R^4 formed)."""
    return (10.0 * np.log10(pt) + 20.0 * np.log10(g) + 20.0 * np.log10(lam) + 10.0 * np.log10(sigma)
            - 30.0 * np.log10(4.0 * np.pi) - 40.0 * np.log10(r))


def radar_range(pt, g, lam, sigma, smin):
    """The maximum range: (Pt G^2 lambda^2 sigma / ((4 pi)^3 Smin))^(1/4)."""
    return (pt * g ** 2 * lam ** 2 * sigma / ((4.0 * np.pi) ** 3 * smin)) ** 0.25


def doppler(v, f0):
    """The two-way Doppler shift 2 v f0 / c."""
    return 2.0 * v * f0 / C


def cfar_alpha(n, pfa):
    """CA-CFAR's threshold factor alpha = N (Pfa^(-1/N) - 1)."""
    return n * (pfa ** (-1.0 / n) - 1.0)


def cfar_alpha_expm1(n, pfa):
    """The same through expm1: N expm1(-ln(Pfa) / N)."""
    return n * np.expm1(-np.log(pfa) / n)


# --- capacity, SINR, power allocation ---------------------------------------------------------------------------------


def capacity(b, snr):
    """Shannon's capacity B log2(1 + SNR)."""
    return b * np.log2(1.0 + snr)


def capacity_log1p(b, snr):
    """The same through log1p: B log1p(SNR) / ln 2."""
    return b * np.log1p(snr) / np.log(2.0)


def capacity_db(b, snr_db):
    """Capacity from an SNR in dB: B log2(1 + 10^(SNR_dB / 10))."""
    return b * np.log2(1.0 + 10.0 ** (snr_db / 10.0))


def sinr(p, g, noise):
    """User 0's SINR: p0 g0 / (N + sum_{k>0} pk gk)."""
    return p[0] * g[0] / (noise + np.sum(p[1:] * g[1:]))


def sum_rate(p, g, noise):
    """Every user's rate summed, each seeing the others as interference: sum log2(1 + pk gk / (N + I - pk gk))."""
    rx = p * g
    return np.sum(np.log2(1.0 + rx / (noise + np.sum(rx) - rx)))


def waterfill_power(mu, n):
    """Water-filling's total power sum max(mu - N_k, 0)."""
    return np.sum(np.maximum(mu - n, 0.0))


def waterfill_rate(mu, n):
    """Water-filling's rate sum log2(1 + max(mu - N_k, 0) / N_k)."""
    return np.sum(np.log2(1.0 + np.maximum(mu - n, 0.0) / n))


# --- error rates ------------------------------------------------------------------------------------------------------


def ber_bpsk(ebn0):
    """BPSK's bit error rate 0.5 erfc(sqrt(Eb/N0)), Eb/N0 linear."""
    return 0.5 * special.erfc(np.sqrt(ebn0))


def log_ber_bpsk(ebn0):
    """Its log, as a loss on the BER would take it: log(0.5 erfc(sqrt(Eb/N0)))."""
    return np.log(0.5 * special.erfc(np.sqrt(ebn0)))


def qfunc(x):
    """The Gaussian tail Q(x) = 0.5 erfc(x / sqrt 2)."""
    return 0.5 * special.erfc(x / np.sqrt(2.0))


def ser_mpsk(es, m):
    """M-PSK's symbol error approximation 2 Q(sqrt(2 Es/N0) sin(pi / M))."""
    return 2.0 * qfunc(np.sqrt(2.0 * es) * np.sin(np.pi / m))


def ser_qam(es, m):
    """Square M-QAM's 4 (1 - 1/sqrt M) Q(sqrt(3 Es/N0 / (M - 1)))."""
    return 4.0 * (1.0 - 1.0 / np.sqrt(m)) * qfunc(np.sqrt(3.0 * es / (m - 1.0)))


# --- fading -----------------------------------------------------------------------------------------------------------


def outage_rayleigh(x, mean):
    """Rayleigh fading's outage probability 1 - exp(-x / mean)."""
    return 1.0 - np.exp(-x / mean)


def outage_rayleigh_expm1(x, mean):
    """The same through expm1."""
    return -np.expm1(-x / mean)


def log_outage(x, mean):
    """The log of the outage probability, as a reliability target in a loss: log(1 - exp(-x / mean))."""
    return np.log(1.0 - np.exp(-x / mean))


def outage_rician_k0(x, mean, k):
    """A Rician channel's outage by its first-order form at small x: (1 + K) e^-K x / mean (K = 0: Rayleigh's)."""
    return (1.0 + k) * np.exp(-k) * x / mean


# --- antennas ---------------------------------------------------------------------------------------------------------


def array_factor(psi, n):
    """A uniform linear array's normalised factor sin(N psi / 2) / (N sin(psi / 2))."""
    return np.sin(n * psi / 2.0) / (n * np.sin(psi / 2.0))


def array_factor_guarded(psi, n):
    """The same with the main lobe's 0 / 0 replaced by its limit 1 through where."""
    return np.where(np.abs(psi) < 1e-12, 1.0, np.sin(n * psi / 2.0) / (n * np.sin(psi / 2.0)))


def array_gain_db(psi, n):
    """The array factor's power in dB: 20 log10 |AF|."""
    return 20.0 * np.log10(np.abs(np.sin(n * psi / 2.0) / (n * np.sin(psi / 2.0))))


def sinc_beam(u):
    """A uniform aperture's pattern: NumPy's normalised sinc(u) = sin(pi u) / (pi u)."""
    return np.sinc(u)


def sinc_power(u):
    """The pattern's power sinc(u)^2."""
    return np.sinc(u) ** 2


def aperture_gain(area, lam, eff):
    """An aperture antenna's gain 4 pi eff A / lambda^2."""
    return 4.0 * np.pi * eff * area / lam ** 2


def pol_loss(theta):
    """Polarisation mismatch loss cos^2 of the mismatch angle (degrees)."""
    return np.cos(np.deg2rad(theta)) ** 2


def pol_loss_db(theta):
    """The same in dB: 10 log10(cos^2 theta)."""
    return 10.0 * np.log10(np.cos(np.deg2rad(theta)) ** 2)


def beam_power(w, phase):
    """A real-weighted array's normalised beam power (sum w cos)^2 + (sum w sin)^2 over N sum w^2."""
    re = np.sum(w * np.cos(phase))
    im = np.sum(w * np.sin(phase))
    return (re ** 2 + im ** 2) / (w.shape[0] * np.sum(w ** 2))


def softmax_beam(g, t):
    """A soft-max beam selection: the beams' gains g weighted by softmax(g / t), the naive exp form."""
    e = np.exp(g / t)
    return np.sum(g * e / np.sum(e))


def softmax_beam_stable(g, t):
    """The same with the largest score subtracted first."""
    z = g / t
    e = np.exp(z - np.max(z))
    return np.sum(g * e / np.sum(e))


# --- noise and the atmosphere -----------------------------------------------------------------------------------------


def noise_cascade(f1, g1, f2, g2, f3):
    """Friis's formula for noise: F = F1 + (F2 - 1) / G1 + (F3 - 1) / (G1 G2), all linear."""
    return f1 + (f2 - 1.0) / g1 + (f3 - 1.0) / (g1 * g2)


def noise_figure_db(nf1, g1_db, nf2):
    """A two-stage cascade from dB figures, back in dB."""
    f1, f2, g1 = 10.0 ** (nf1 / 10.0), 10.0 ** (nf2 / 10.0), 10.0 ** (g1_db / 10.0)
    return 10.0 * np.log10(f1 + (f2 - 1.0) / g1)


def noise_power_dbm(t, b):
    """Thermal noise k T B in dBm."""
    return 10.0 * np.log10(K_B * t * b * 1000.0)


def atten(alpha, d):
    """Atmospheric attenuation exp(-alpha d) as a power ratio."""
    return np.exp(-alpha * d)


def atten_db(alpha, d):
    """The same in dB through the ratio: 10 log10(exp(-alpha d))."""
    return 10.0 * np.log10(np.exp(-alpha * d))


def evm_rms(e):
    """An error vector's RMS magnitude sqrt(mean(e^2))."""
    return np.sqrt(np.mean(e ** 2))


# --- hand-written rules -----------------------------------------------------------------------------------------------


@gradcli.custom_gradient
def _db(p):
    v = 10.0 * np.log10(p)

    def grad_fn(upstream):
        return upstream * 10.0 / (p * np.log(10.0))
    return v, grad_fn


@gradcli.custom_gradient
def _db_slip(p):
    v = 10.0 * np.log10(p)

    def grad_fn(upstream):
        return upstream * 10.0 / p  # the ln 10 forgotten
    return v, grad_fn


def db_rule(p):
    """A dB conversion with its slope written by hand."""
    return _db(p)


def db_rule_slip(p):
    return _db_slip(p)


@gradcli.custom_gradient
def _clip_power(p):
    v = np.minimum(p, 2.0)

    def grad_fn(upstream):
        return upstream  # straight through the amplifier's saturation
    return v, grad_fn


def clipped_power(p):
    """A PA's output power clipped at 2 W, its gradient passed straight through."""
    return _clip_power(p)


def dbm_tfp(dbm):
    """dBm to watts with the slope by TFP's form: ln 10 / 10 times the power."""
    w = 10.0 ** ((dbm - 30.0) / 10.0)
    return gradcli.custom_gradient(w, w * np.log(10.0) / 10.0, dbm)


def dbm_tfp_slip(dbm):
    w = 10.0 ** ((dbm - 30.0) / 10.0)
    return gradcli.custom_gradient(w, w / 10.0, dbm)  # log10's base taken for e's


@gradcli.custom_gradient
def _clip_power_slip(p):
    v = np.minimum(p, 2.0)

    def grad_fn(upstream):
        return upstream * np.where(p < 2.0, 1.0, 0.0) * p  # the slope of p^2 / 2 for p's: right only at p = 1
    return v, grad_fn


def clipped_power_slip(p):
    """The clipped power with a tangent rule by where whose linear part slipped."""
    return _clip_power_slip(p)
