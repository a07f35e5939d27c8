"""A user's code on gradcli.numpy, round 72c: chemistry and thermodynamics as lab and simulation code writes it
(Arrhenius rates and their log form, the Gibbs energy of mixing with x log x guarded by np.where and np.xlogy,
Antoine vapour pressures, a Lennard-Jones potential with a cutoff, Planck's law and its expm1 form, Fermi-Dirac
occupations, a Boltzmann partition function naive and by logsumexp, equilibrium concentrations by the quadratic
formula and its conjugate form, pH, the van der Waals equation, Einstein heat capacities, Nernst potentials), checked
at ordinary conditions, very low and high temperatures, mole fractions at 0 and 1, large and tiny separations and
weak acids."""

import gradcli.numpy as np

R = 8.314            # J / (mol K)
R_BAR = 0.08314      # L bar / (mol K)
F = 96485.33212      # C / mol
KW = 1e-14           # water's ion product at 25 C
H = 6.62607015e-34
C = 2.99792458e8
KB = 1.380649e-23
C1 = 2 * H * C ** 2  # W m^2 / sr
C2 = H * C / KB      # m K


# --- kinetics ---------------------------------------------------------------------------------------------------------

def arrhenius(T):
    """Rate constants k = A exp(-Ea / (R T)) at temperatures T, summed."""
    A, Ea = 1e13, 50000.0
    k = A * np.exp(-Ea / (R * T))
    return np.sum(k)


def arrhenius_where(T):
    """The rate at T <= 0 (an unset temperature) taken as 0."""
    A, Ea = 1e13, 50000.0
    return np.sum(np.where(T > 0, A * np.exp(-Ea / (R * T)), 0.0))


def log_arrhenius(T):
    """ln k in log form: ln A - Ea / (R T)."""
    A, Ea = 1e13, 50000.0
    return np.sum(np.log(A) - Ea / (R * T))


def log_arrhenius_naive(T):
    A, Ea = 1e13, 50000.0
    return np.sum(np.log(A * np.exp(-Ea / (R * T))))


def arrhenius_fit(logA, Ea):
    """Least squares of ln k against the Arrhenius line over three measured temperatures."""
    T = np.array([300.0, 320.0, 340.0])
    lnk = np.array([9.9, 11.1, 12.2])
    resid = lnk - (logA - Ea / (R * T))
    return np.sum(resid ** 2)


def equilibrium_constant(T):
    """K = exp(-dG / (R T)) for dG = dH - T dS."""
    dH, dS = -50000.0, -20.0
    dG = dH - T * dS
    return np.exp(-dG / (R * T))


# --- mixing -----------------------------------------------------------------------------------------------------------

def g_mix(x, T):
    """Ideal Gibbs energy of mixing R T sum x ln x."""
    return R * T * np.sum(x * np.log(x))


def g_mix_where(x, T):
    """The same, 0 ln 0 taken as 0 by np.where."""
    return R * T * np.sum(np.where(x > 0, x * np.log(x), 0.0))


def g_mix_double_where(x, T):
    safe = np.where(x > 0, x, 1.0)
    return R * T * np.sum(np.where(x > 0, x * np.log(safe), 0.0))


def g_mix_xlogy(x, T):
    return R * T * np.sum(np.xlogy(x, x))


def g_mix_binary(x, T):
    """A binary mixture by its first mole fraction."""
    return R * T * (x * np.log(x) + (1 - x) * np.log(1 - x))


def g_mix_binary_log1p(x, T):
    return R * T * (x * np.log(x) + (1 - x) * np.log1p(-x))


# --- vapour pressure --------------------------------------------------------------------------------------------------

def antoine(T):
    """Water's vapour pressure in mmHg (T in Celsius)."""
    A, B, Cc = 8.07131, 1730.63, 233.426
    return np.sum(10 ** (A - B / (Cc + T)))


def antoine_params(A, B, Cc):
    """Antoine's constants fitted to three boiling points (mmHg)."""
    T = np.array([20.0, 60.0, 100.0])
    P = np.array([17.5, 149.4, 760.0])
    return np.sum((np.log10(P) - (A - B / (Cc + T))) ** 2)


# --- intermolecular potentials ----------------------------------------------------------------------------------------

def lennard_jones(r):
    """Argon: eps in kJ/mol, sigma in Angstrom."""
    eps, sigma = 0.997, 3.4
    sr = sigma / r
    return np.sum(4 * eps * (sr ** 12 - sr ** 6))


def lj_cut(r):
    """Truncated at 2.5 sigma by np.where (no shift)."""
    eps, sigma = 0.997, 3.4
    rc = 2.5 * sigma
    sr = sigma / r
    e = 4 * eps * (sr ** 12 - sr ** 6)
    return np.sum(np.where(r < rc, e, 0.0))


def lj_cut_shifted(r):
    """Truncated and shifted so the energy is continuous at the cutoff."""
    eps, sigma = 0.997, 3.4
    rc = 2.5 * sigma
    sr, src = sigma / r, sigma / rc
    e = 4 * eps * (sr ** 12 - sr ** 6) - 4 * eps * (src ** 12 - src ** 6)
    return np.sum(np.where(r < rc, e, 0.0))


# --- radiation and statistics -----------------------------------------------------------------------------------------

def planck(x):
    """Planck's spectrum in x = h nu / (k T): x^3 / (e^x - 1)."""
    return np.sum(x ** 3 / (np.exp(x) - 1))


def planck_expm1(x):
    return np.sum(x ** 3 / np.expm1(x))


def planck_where(x):
    """The 0 / 0 at x = 0 guarded by np.where."""
    return np.sum(np.where(x == 0, 0.0, x ** 3 / np.expm1(x)))


def planck_tail(x):
    """Written for the Wien side: x^3 e^-x / (1 - e^-x)."""
    return np.sum(x ** 3 * np.exp(-x) / -np.expm1(-x))


def planck_wavelength(lam, T):
    """Spectral radiance B(lambda, T) in SI units."""
    return C1 / lam ** 5 / (np.exp(C2 / (lam * T)) - 1)


def fermi_dirac(E, mu):
    """Occupations 1 / (exp((E - mu) / kT) + 1) at kT = 0.025 eV, summed."""
    kT = 0.025
    return np.sum(1 / (np.exp((E - mu) / kT) + 1))


def fermi_dirac_cut(E, mu):
    """Occupations far above mu set to 0 by np.where, to keep exp from overflowing."""
    kT = 0.025
    x = (E - mu) / kT
    return np.sum(np.where(x > 700, 0.0, 1 / (np.exp(x) + 1)))


def fermi_dirac_tanh(E, mu):
    kT = 0.025
    return np.sum(0.5 * (1 - np.tanh((E - mu) / (2 * kT))))


def fermi_dirac_sigmoid(E, mu):
    kT = 0.025
    return np.sum(np.sigmoid(-(E - mu) / kT))


def log_partition(E, kT):
    """ln Z = ln sum exp(-E_i / kT), naively."""
    return np.log(np.sum(np.exp(-E / kT)))


def log_partition_lse(E, kT):
    return np.logsumexp(-E / kT)


def mean_energy(E, kT):
    """<E> = sum E_i exp(-E_i / kT) / Z, naively."""
    w = np.exp(-E / kT)
    return np.sum(E * w) / np.sum(w)


def mean_energy_shifted(E, kT):
    w = np.exp(-(E - np.min(E)) / kT)
    return np.sum(E * w) / np.sum(w)


# --- equilibria -------------------------------------------------------------------------------------------------------

def h_weak_acid(Ka, c):
    """[H+] of a weak acid HA at concentration c: the root of x^2 + Ka x - Ka c = 0."""
    return (-Ka + np.sqrt(Ka ** 2 + 4 * Ka * c)) / 2


def h_weak_acid_conj(Ka, c):
    """The same root in its conjugate form."""
    return 2 * Ka * c / (Ka + np.sqrt(Ka ** 2 + 4 * Ka * c))


def ph_weak_acid(pKa, c):
    Ka = 10 ** (-pKa)
    h = (-Ka + np.sqrt(Ka ** 2 + 4 * Ka * c)) / 2
    return -np.log10(h)


def ph(h):
    return np.sum(-np.log10(h))


def ph_strong_base(c):
    """pH of a strong base with water's autoionisation: [H+] = (-c + sqrt(c^2 + 4 Kw)) / 2."""
    h = (-c + np.sqrt(c ** 2 + 4 * KW)) / 2
    return -np.log10(h)


def ph_strong_base_conj(c):
    h = 2 * KW / (c + np.sqrt(c ** 2 + 4 * KW))
    return -np.log10(h)


# --- equations of state, heat capacity, electrochemistry --------------------------------------------------------------

def vdw_pressure(V, T):
    """CO2 by van der Waals: P in bar, V in L/mol."""
    a, b = 3.640, 0.04267
    return R_BAR * T / (V - b) - a / V ** 2


def vdw_params(a, b):
    V, T = 0.5, 300.0
    return R_BAR * T / (V - b) - a / V ** 2


def einstein_cv(T):
    """Einstein's C_V / 3R with theta_E = 300 K: x^2 e^x / (e^x - 1)^2, x = theta / T."""
    x = 300.0 / T
    return x ** 2 * np.exp(x) / (np.exp(x) - 1) ** 2


def einstein_cv_expm1(T):
    x = 300.0 / T
    return x ** 2 * np.exp(-x) / np.expm1(-x) ** 2


def einstein_cv_sinh(T):
    x = 300.0 / T
    return (x / 2) ** 2 / np.sinh(x / 2) ** 2


def nernst(c_out, c_in, T):
    """The Nernst potential (V) of a monovalent ion."""
    return R * T / F * np.log(c_out / c_in)


def nernst_diff(c_out, c_in, T):
    return R * T / F * (np.log(c_out) - np.log(c_in))


def nernst_log1p(c_out, c_in, T):
    """ln(c_out / c_in) as log1p of the relative difference."""
    return R * T / F * np.log1p((c_out - c_in) / c_in)
