"""A user's code on gradcli.numpy, round 88c: statistical mechanics and thermodynamics as physics and chemistry codes
differentiate them (the free energy -kT log Z of a few levels, Fermi-Dirac and Bose-Einstein occupations, the Planck
spectrum, the Langevin and Brillouin functions, the two-level (Schottky), Einstein and Debye heat capacities, the
Gibbs entropy of Boltzmann weights, the ideal-gas chemical potential, mean-field Ising iterations, the ideal mixing
free energy). Reduced units (k_B = 1) unless a function says SI."""

import gradcli
import gradcli.numpy as np

KB = 1.380649e-23  # J / K
H_PLANCK = 6.62607015e-34  # J s
M_HE = 6.6464731e-27  # kg, a helium-4 atom


# --- partition functions and free energies ----------------------------------------------------------------------------


def free_energy_naive(E, kT):
    """Helmholtz free energy of a few levels, straight from the definition F = -kT log sum exp(-E/kT)."""
    Z = np.sum(np.exp(-E / kT))
    return -kT * np.log(Z)


def free_energy_shifted(E, kT):
    """The same with the ground level taken out first (the usual logsumexp trick)."""
    E0 = np.min(E)
    return E0 - kT * np.log(np.sum(np.exp(-(E - E0) / kT)))


def free_energy_logaddexp(E, kT):
    """The same by NumPy's logaddexp reduction."""
    return -kT * np.logaddexp.reduce(-E / kT)


def mean_energy(E, kT):
    """<E> = sum E p with p the Boltzmann weights (a softmax written out)."""
    w = np.exp(-(E - np.min(E)) / kT)
    p = w / np.sum(w)
    return np.sum(E * p)


def boltzmann_entropy(E, kT):
    """Gibbs entropy S = -sum p log p of the Boltzmann weights (k_B = 1)."""
    w = np.exp(-(E - np.min(E)) / kT)
    p = w / np.sum(w)
    return -np.sum(p * np.log(p))


def boltzmann_entropy_where(E, kT):
    """The same with the 0 log 0 = 0 convention written by np.where."""
    w = np.exp(-(E - np.min(E)) / kT)
    p = w / np.sum(w)
    return -np.sum(np.where(p > 0, p * np.log(p), 0.0))


def gibbs_entropy(p):
    """S = -sum p log p of given probabilities."""
    return -np.sum(p * np.log(p))


def gibbs_entropy_where(p):
    """The same with 0 log 0 = 0 by np.where."""
    return -np.sum(np.where(p > 0, p * np.log(p), 0.0))


# --- occupation numbers -----------------------------------------------------------------------------------------------


def fermi_naive(E, mu, kT):
    """Fermi-Dirac occupation 1 / (exp((E - mu) / kT) + 1)."""
    return 1.0 / (np.exp((E - mu) / kT) + 1.0)


def fermi_tanh(E, mu, kT):
    """The same as (1 - tanh((E - mu) / 2kT)) / 2, the form some codes use to avoid the overflow."""
    return 0.5 * (1.0 - np.tanh((E - mu) / (2.0 * kT)))


def fermi_logaddexp(E, mu, kT):
    """The same as exp(-log(1 + exp(x))) = exp(-logaddexp(0, x))."""
    return np.exp(-np.logaddexp(0.0, (E - mu) / kT))


def bose_naive(E, mu, kT):
    """Bose-Einstein occupation 1 / (exp((E - mu) / kT) - 1)."""
    return 1.0 / (np.exp((E - mu) / kT) - 1.0)


def bose_expm1(E, mu, kT):
    """The same with expm1."""
    return 1.0 / np.expm1((E - mu) / kT)


def planck_naive(x):
    """Planck's spectral shape x^3 / (e^x - 1), x = h nu / kT."""
    return x ** 3 / (np.exp(x) - 1.0)


def planck_expm1(x):
    """The same with expm1."""
    return x ** 3 / np.expm1(x)


def planck_stable(x):
    """The same as x^3 e^-x / (1 - e^-x), finite at large x."""
    return x ** 3 * np.exp(-x) / -np.expm1(-x)


# --- paramagnetism ----------------------------------------------------------------------------------------------------


def langevin_naive(x):
    """Langevin function L(x) = coth(x) - 1/x."""
    return 1.0 / np.tanh(x) - 1.0 / x


def langevin_series(x):
    """L(x) with its Taylor series x/3 - x^3/45 + 2x^5/945 below |x| = 1e-2."""
    small = np.abs(x) < 1e-2
    series = x / 3.0 - x ** 3 / 45.0 + 2.0 * x ** 5 / 945.0
    return np.where(small, series, 1.0 / np.tanh(x) - 1.0 / x)


def brillouin(x, J):
    """Brillouin function B_J(x) = (2J+1)/(2J) coth((2J+1) x / 2J) - 1/(2J) coth(x / 2J)."""
    a = (2.0 * J + 1.0) / (2.0 * J)
    b = 1.0 / (2.0 * J)
    return a / np.tanh(a * x) - b / np.tanh(b * x)


# --- heat capacities --------------------------------------------------------------------------------------------------


def two_level_cv(x):
    """Schottky heat capacity of a two-level system, x = Delta / kT: (x/2)^2 / cosh(x/2)^2."""
    return (x / 2.0) ** 2 / np.cosh(x / 2.0) ** 2


def two_level_cv_stable(x):
    """The same as x^2 e^-|x| / (1 + e^-|x|)^2."""
    e = np.exp(-np.abs(x))
    return x ** 2 * e / (1.0 + e) ** 2


def einstein_cv(T, theta):
    """Einstein heat capacity per oscillator, x = theta / T: x^2 e^x / (e^x - 1)^2."""
    x = theta / T
    return x ** 2 * np.exp(x) / (np.exp(x) - 1.0) ** 2


def einstein_cv_stable(T, theta):
    """The same as x^2 e^-x / expm1(-x)^2."""
    x = theta / T
    return x ** 2 * np.exp(-x) / np.expm1(-x) ** 2


U_GRID = np.linspace(0.0, 1.0, 41)


def debye_cv(T, theta):
    """Debye heat capacity 9 (T/theta)^3 int_0^{theta/T} t^4 e^t / (e^t - 1)^2 dt, by the trapezoid rule on 41 nodes."""
    xd = theta / T
    t = xd * U_GRID
    f = t ** 4 * np.exp(t) / (np.exp(t) - 1.0) ** 2
    return 9.0 / xd ** 3 * np.trapezoid(f, t)


def debye_cv_where(T, theta):
    """The same with the integrand's 0/0 at t = 0 replaced by its limit 0."""
    xd = theta / T
    t = xd * U_GRID
    f = np.where(t > 0, t ** 4 * np.exp(t) / np.expm1(t) ** 2, 0.0)
    return 9.0 / xd ** 3 * np.trapezoid(f, t)


def debye_cv_offset(T, theta):
    """The same with the grid started just off 0."""
    xd = theta / T
    t = xd * (1e-6 + (1.0 - 1e-6) * U_GRID)
    f = t ** 4 * np.exp(t) / np.expm1(t) ** 2
    return 9.0 / xd ** 3 * np.trapezoid(f, t)


# --- gases, mean field, mixing ----------------------------------------------------------------------------------------


def chemical_potential(n, kT):
    """Ideal-gas chemical potential kT log(n lambda^3), reduced units (h = m = 1): lambda = (2 pi kT)^-1/2."""
    lam = 1.0 / np.sqrt(2.0 * np.pi * kT)
    return kT * np.log(n * lam ** 3)


def chemical_potential_si(n, T):
    """The same in SI for helium-4: n in m^-3, T in K, the result in J."""
    kT = KB * T
    lam = H_PLANCK / np.sqrt(2.0 * np.pi * M_HE * kT)
    return kT * np.log(n * lam ** 3)


def ising_mean_field(m0, beta, J):
    """Mean-field Ising magnetisation: m = tanh(beta J z m) iterated five times from m0 (z = 4 neighbours)."""
    m = m0
    for _ in range(5):
        m = np.tanh(4.0 * beta * J * m)
    return m


def ising_free_energy(m, beta, J):
    """Landau-style mean-field free energy per spin f(m) = z J m^2 / 2 - log(2 cosh(beta z J m)) / beta."""
    return 2.0 * J * m ** 2 - np.log(2.0 * np.cosh(4.0 * beta * J * m)) / beta


def critical_coupling(m):
    """The coupling beta z J that holds magnetisation m: arctanh(m) / m."""
    return np.arctanh(m) / m


def mixing_free_energy(x, chi):
    """Regular-solution free energy of mixing x log x + (1 - x) log(1 - x) + chi x (1 - x)."""
    return x * np.log(x) + (1.0 - x) * np.log(1.0 - x) + chi * x * (1.0 - x)


def mixing_free_energy_clip(x, chi):
    """The same with x clipped into [1e-12, 1 - 1e-12] first."""
    xc = np.clip(x, 1e-12, 1.0 - 1e-12)
    return xc * np.log(xc) + (1.0 - xc) * np.log(1.0 - xc) + chi * xc * (1.0 - xc)


def mixing_free_energy_where(x, chi):
    """The same with 0 log 0 = 0 by np.where at both ends."""
    a = np.where(x > 0, x * np.log(x), 0.0)
    b = np.where(x < 1, (1.0 - x) * np.log(1.0 - x), 0.0)
    return a + b + chi * x * (1.0 - x)


def planck_where(x):
    """x^3 / expm1(x), its series x^2 - x^3/2 below x = 1e-6 (np.where)."""
    return np.where(x > 1e-6, x ** 3 / np.expm1(x), x ** 2 - x ** 3 / 2.0)


def entropy_from_free_energy(E, kT):
    """S = -dF/dkT by differentiating the shifted free energy (a gradient inside the function)."""
    return -gradcli.grad(free_energy_shifted, argnums=1)(E, kT)


def heat_capacity(E, kT):
    """C = d<E>/dkT by differentiating the mean energy."""
    return gradcli.grad(mean_energy, argnums=1)(E, kT)


def fermi_where(E, mu, kT):
    """Fermi-Dirac with the far tail cut off by np.where (x > 700: 0) to dodge exp's overflow."""
    x = (E - mu) / kT
    return np.where(x > 700.0, 0.0, 1.0 / (np.exp(x) + 1.0))


def free_energy_forbidden(E, kT):
    """-kT log Z over the levels E and one forbidden state at infinite energy (padding to a fixed length)."""
    levels = np.concatenate([E, np.array([np.inf])])
    return -kT * np.logaddexp.reduce(-levels / kT)
