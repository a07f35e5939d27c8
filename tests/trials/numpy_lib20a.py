"""A user's plain NumPy and SciPy code, twentieth round: a log-periodogram by np.fft, expected shortfall by
np.partition, the Kelly criterion, the Arrhenius law's log-rate, the Langevin function of paramagnetism (naive and
with a series near 0), a quantum oscillator's log-partition function, and negative-binomial and Student-t
log-likelihoods by scipy.special.gammaln."""

import numpy as np
from scipy import special

# --- signal processing ------------------------------------------------------------------------------------------------


def log_periodogram(x):
    spectrum = np.fft.rfft(x)
    power = spectrum.real ** 2 + spectrum.imag ** 2
    return np.sum(np.log(power))


def log_periodogram_floor(x):
    spectrum = np.fft.rfft(x)
    power = np.abs(spectrum) ** 2
    return np.sum(np.log(power + 1e-12))


def spectral_magnitude(x):
    """The L1 norm of the full spectrum, sum |X_k|."""
    return np.sum(np.abs(np.fft.fft(x)))


def power_by_conjugate(x):
    """Total power of the half spectrum as X conj(X), its real part taken."""
    spectrum = np.fft.rfft(x)
    return np.sum((spectrum * np.conj(spectrum)).real)


def quadrature_energy(x):
    """Energy in the imaginary (sine) parts of the spectrum."""
    return np.sum(np.fft.fft(x).imag ** 2)


def spectral_norm(x):
    return np.linalg.norm(np.fft.rfft(x))


def lowpass_energy(x):
    """Energy after zeroing the Nyquist bin of four samples."""
    spectrum = np.fft.rfft(x) * np.array([1.0, 1.0, 0.0])
    return np.sum(np.fft.irfft(spectrum, n=4) ** 2)


def spectral_derivative_energy(x):
    k = 2 * np.pi * np.fft.fftfreq(len(x))
    derivative = np.fft.ifft(1j * k * np.fft.fft(x)).real
    return np.sum(derivative ** 2)


def bode_gain(tau):
    """Summed gain in dB of a first-order low-pass H(i w) = 1 / (1 + i w tau)."""
    omega = np.array([0.1, 1.0, 10.0])
    h = 1.0 / (1.0 + 1j * omega * tau)
    return np.sum(20 * np.log10(np.abs(h)))


def bode_phase(tau):
    omega = np.array([0.1, 1.0, 10.0])
    h = 1.0 / (1.0 + 1j * omega * tau)
    return np.sum(np.angle(h))


def bode_phase_parts(tau):
    omega = np.array([0.1, 1.0, 10.0])
    h = 1.0 / (1.0 + 1j * omega * tau)
    return np.sum(np.arctan2(h.imag, h.real))


def kuramoto_order(theta):
    """The Kuramoto order parameter r = |mean(exp(i theta))| of coupled oscillators' phases."""
    return np.abs(np.mean(np.exp(1j * theta)))


def spectral_phase(x):
    return np.sum(np.angle(np.fft.rfft(x)))


def spectral_phase_full(x):
    """The summed phase of the full spectrum: conjugate bins cancel, a constant for every real signal."""
    return np.sum(np.angle(np.fft.fft(x)))


def log_periodogram_detrended(x):
    spectrum = np.fft.rfft(x - x.mean())
    return np.sum(np.log(np.abs(spectrum) ** 2))


def spectral_entropy(x):
    """Shannon entropy of the normalised power spectrum by scipy.special.entr (0 log 0 = 0)."""
    power = np.abs(np.fft.rfft(x)) ** 2
    return np.sum(special.entr(power / power.sum()))


# --- finance ----------------------------------------------------------------------------------------------------------


def expected_shortfall(losses):
    """Mean of the two largest of eight losses (CVaR at 75%), by np.partition."""
    worst = np.partition(losses, -2)[-2:]
    return worst.mean()


def kelly_growth(f):
    """Log-growth of a fraction f at odds 2 to 1, win probability 0.4 (log1p on both outcomes)."""
    p, b = 0.4, 2.0
    return p * np.log1p(b * f) + (1 - p) * np.log1p(-f)


# --- chemistry and physics --------------------------------------------------------------------------------------------

ACTIVATION = 50_000.0  # J / mol
GAS = 8.314


def arrhenius_log_rate_naive(temperature):
    """log k with k = A exp(-Ea / (R T)), A = 1e13 per second."""
    rate = 1e13 * np.exp(-ACTIVATION / (GAS * temperature))
    return np.sum(np.log(rate))


def arrhenius_log_rate(temperature):
    return np.sum(np.log(1e13) - ACTIVATION / (GAS * temperature))


def langevin_naive(x):
    """Mean magnetisation of a paramagnet, L(x) = coth(x) - 1/x."""
    return np.sum(1.0 / np.tanh(x) - 1.0 / x)


def langevin_series(x):
    """The same, with L's Taylor series x/3 - x^3/45 near 0."""
    small = np.abs(x) < 1e-3
    return np.sum(np.where(small, x / 3 - x ** 3 / 45, 1.0 / np.tanh(x) - 1.0 / x))


def oscillator_log_z_naive(x):
    """log Z of a quantum harmonic oscillator, x = hbar omega / kT: Z = 1 / (2 sinh(x / 2))."""
    return np.sum(-np.log(2 * np.sinh(x / 2)))


def oscillator_log_z(x):
    return np.sum(-x / 2 - np.log1p(-np.exp(-x)))


# --- likelihoods ------------------------------------------------------------------------------------------------------


def negbin_loglik(r, mu):
    """Log-likelihood of the counts [0, 3, 7] under NB(r, mean mu)."""
    counts = np.array([0.0, 3.0, 7.0])
    return np.sum(special.gammaln(counts + r) - special.gammaln(counts + 1) - special.gammaln(r)
                  + r * np.log(r / (r + mu)) + counts * np.log(mu / (r + mu)))


def student_t_loglik(nu):
    """Log-likelihood of the residuals [0.5, -1.5] under a Student-t with nu degrees of freedom."""
    x = np.array([0.5, -1.5])
    return np.sum(special.gammaln((nu + 1) / 2) - special.gammaln(nu / 2) - 0.5 * np.log(nu * np.pi)
                  - (nu + 1) / 2 * np.log1p(x ** 2 / nu))
