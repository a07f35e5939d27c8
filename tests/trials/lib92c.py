"""A user's code on gradcli.numpy, round 92c: thermodynamics and equations of state as process and materials
engineers differentiate them (van der Waals and Peng-Robinson, a cubic's compressibility root by Viete's formula,
ideal-gas entropy, Antoine and Clausius-Clapeyron vapour pressures, mixing entropy and a regular solution's Gibbs
energy, Einstein and Debye heat capacities, Planck's law, Carnot efficiency, the log-mean temperature difference, a
NASA polynomial). SI units unless said; R in J / (mol K)."""

import gradcli.numpy as np
from gradcli.scipy.special import xlogy

R = 8.314462618
H_PLANCK = 6.62607015e-34
K_BOLTZMANN = 1.380649e-23
C_LIGHT = 299792458.0


# --- equations of state -------------------------------------------------------------------------------------------


def vdw_pressure(T, V, a, b):
    """The van der Waals pressure R T / (V - b) - a / V^2 (V in m^3 / mol)."""
    return R * T / (V - b) - a / V ** 2


def vdw_reduced(Tr, Vr):
    """The same in reduced variables: 8 Tr / (3 Vr - 1) - 3 / Vr^2."""
    return 8.0 * Tr / (3.0 * Vr - 1.0) - 3.0 / Vr ** 2


def pr_alpha(T, Tc, omega):
    """The Peng-Robinson alpha function (1 + kappa (1 - sqrt(T / Tc)))^2."""
    kappa = 0.37464 + 1.54226 * omega - 0.26992 * omega ** 2
    return (1.0 + kappa * (1.0 - np.sqrt(T / Tc))) ** 2


def cubic_largest_root(b, c, d):
    """The largest root of z^3 + b z^2 + c z + d with three real roots, by the trigonometric (Viete) formula."""
    p = c - b ** 2 / 3.0
    q = 2.0 * b ** 3 / 27.0 - b * c / 3.0 + d
    m = 2.0 * np.sqrt(-p / 3.0)
    theta = np.arccos(3.0 * q / (p * m))
    return m * np.cos(theta / 3.0) - b / 3.0


def cubic_largest_root_clipped(b, c, d):
    """The same, with the arccos argument clipped to [-1, 1] against rounding."""
    p = c - b ** 2 / 3.0
    q = 2.0 * b ** 3 / 27.0 - b * c / 3.0 + d
    m = 2.0 * np.sqrt(-p / 3.0)
    theta = np.arccos(np.clip(3.0 * q / (p * m), -1.0, 1.0))
    return m * np.cos(theta / 3.0) - b / 3.0


def pr_z_vapor(A, B):
    """The vapour compressibility factor: the largest root of the Peng-Robinson cubic
    Z^3 - (1 - B) Z^2 + (A - 3 B^2 - 2 B) Z - (A B - B^2 - B^3) = 0."""
    return cubic_largest_root(-(1.0 - B), A - 3.0 * B ** 2 - 2.0 * B, -(A * B - B ** 2 - B ** 3))


# --- entropy, vapour pressure -------------------------------------------------------------------------------------


def ideal_gas_entropy(T, p, Cp):
    """S - S0 = Cp log(T / T0) - R log(p / p0) from T0 = 298.15 K, p0 = 1 bar."""
    return Cp * np.log(T / 298.15) - R * np.log(p / 1e5)


def antoine_pressure(T, A, B, C):
    """The Antoine vapour pressure exp(A - B / (C + T)) (Pa, natural-log form)."""
    return np.exp(A - B / (C + T))


def clausius_clapeyron(T, L, T0, p0):
    """The vapour pressure p0 exp(-L / R (1 / T - 1 / T0)) from a reference boiling point (T0, p0)."""
    return p0 * np.exp(-L / R * (1.0 / T - 1.0 / T0))


# --- solutions ----------------------------------------------------------------------------------------------------


def mixing_entropy_xlogy(x):
    """The ideal entropy of mixing -R sum x log x (mole fractions x), with xlogy for 0 log 0 = 0."""
    return -R * np.sum(xlogy(x, x))


def mixing_entropy(x):
    """The same written out: -R sum x log x."""
    return -R * np.sum(x * np.log(x))


def mixing_entropy_where(x):
    """The same with the 0 log 0 = 0 convention by where."""
    return -R * np.sum(np.where(x > 0, x * np.log(x), 0.0))


def regular_solution_gibbs(x, T, W):
    """The molar Gibbs energy of mixing of a binary regular solution:
    R T (x log x + (1 - x) log(1 - x)) + W x (1 - x)."""
    return R * T * (x * np.log(x) + (1.0 - x) * np.log(1.0 - x)) + W * x * (1.0 - x)


def regular_solution_gibbs_xlogy(x, T, W):
    """The same with xlogy."""
    return R * T * (xlogy(x, x) + xlogy(1.0 - x, 1.0 - x)) + W * x * (1.0 - x)


# --- heat capacities, radiation -----------------------------------------------------------------------------------


def einstein_cv(T, theta):
    """The Einstein heat capacity 3 R x^2 e^x / (e^x - 1)^2, x = theta / T."""
    x = theta / T
    return 3.0 * R * x ** 2 * np.exp(x) / (np.exp(x) - 1.0) ** 2


def einstein_cv_stable(T, theta):
    """The same as 3 R x^2 e^-x / (1 - e^-x)^2 with expm1."""
    x = theta / T
    return 3.0 * R * x ** 2 * np.exp(-x) / np.expm1(-x) ** 2


U = np.linspace(0.0, 1.0, 65)[1:]  # the Debye integral's nodes, as fractions of x_D (0 left out: 0 / 0 there)


def debye_cv(T, theta):
    """The Debye heat capacity 9 R (T / theta)^3 int_0^{x_D} x^4 e^x / (e^x - 1)^2 dx by the trapezoid rule on 64
    nodes (the integrand's limit 0 at x = 0 left out)."""
    xD = theta / T
    x = xD * U
    f = x ** 4 * np.exp(x) / (np.exp(x) - 1.0) ** 2
    integral = xD * np.trapezoid(f, U)
    return 9.0 * R * integral / xD ** 3


def planck_reduced(x):
    """Planck's spectral density in reduced form x^3 / (e^x - 1), x = h nu / k T."""
    return x ** 3 / (np.exp(x) - 1.0)


def planck_reduced_expm1(x):
    """The same with expm1."""
    return x ** 3 / np.expm1(x)


def planck_reduced_stable(x):
    """The same as x^3 e^-x / (1 - e^-x)."""
    return x ** 3 * np.exp(-x) / -np.expm1(-x)


def planck(nu, T):
    """Planck's law B(nu, T) = 2 h nu^3 / c^2 / (exp(h nu / k T) - 1) in W / (m^2 sr Hz)."""
    return 2.0 * H_PLANCK * nu ** 3 / C_LIGHT ** 2 / (np.exp(H_PLANCK * nu / (K_BOLTZMANN * T)) - 1.0)


# --- cycles, heat exchangers --------------------------------------------------------------------------------------


def carnot_efficiency(Tc, Th):
    return 1.0 - Tc / Th


def carnot_cop(Tc, Th):
    """The coefficient of performance of a Carnot refrigerator Tc / (Th - Tc)."""
    return Tc / (Th - Tc)


def lmtd(dT1, dT2):
    """The log-mean temperature difference (dT1 - dT2) / log(dT1 / dT2)."""
    return (dT1 - dT2) / np.log(dT1 / dT2)


def lmtd_log1p(dT1, dT2):
    """The same with log1p: (dT1 - dT2) / log1p((dT1 - dT2) / dT2)."""
    d = dT1 - dT2
    return d / np.log1p(d / dT2)


def lmtd_guarded(dT1, dT2):
    """The same, with the arithmetic mean where the two differences (nearly) agree."""
    return np.where(np.abs(dT1 - dT2) < 1e-6, (dT1 + dT2) / 2.0, (dT1 - dT2) / np.log(dT1 / dT2))


# --- NASA polynomials ---------------------------------------------------------------------------------------------

N2_LOW = [3.298677, 1.4082404e-03, -3.963222e-06, 5.641515e-09, -2.444854e-12, -1.0208999e+03, 3.950372]


def nasa_cp(T, a):
    """cp = R (a1 + a2 T + a3 T^2 + a4 T^3 + a5 T^4) for fitted coefficients a (5 of them), by polyval."""
    return R * np.polyval(a[::-1], T)


def nasa_gibbs(T):
    """g / (R T) = h / (R T) - s / R of N2 from the 7 coefficients (200 - 1000 K), written out."""
    a1, a2, a3, a4, a5, a6, a7 = N2_LOW
    h = a1 + a2 * T / 2 + a3 * T ** 2 / 3 + a4 * T ** 3 / 4 + a5 * T ** 4 / 5 + a6 / T
    s = a1 * np.log(T) + a2 * T + a3 * T ** 2 / 2 + a4 * T ** 3 / 3 + a5 * T ** 4 / 4 + a7
    return h - s


def virial_departure(rho, b):
    """Z - 1 of the virial equation truncated at the third coefficient, Z = 1 + B rho + C rho^2, its coefficients
    b = [C, B, 1] (highest power first) evaluated by polyval (rho in mol / L)."""
    return np.polyval(b, rho) - 1.0


def virial_departure_horner(rho, b):
    """The same by Horner's rule written out."""
    return (b[0] * rho + b[1]) * rho + b[2] - 1.0


def enthalpy_with_melting(T, cpR, LR):
    """The molar enthalpy above 298.15 K of a substance melting at 273.15 K (cp / R and the latent heat L / R fitted):
    R (cp/R (T - 298.15) + L/R H(T - 273.15)), H the Heaviside step (1/2 at the melting point)."""
    return R * (cpR * (T - 298.15) + LR * np.heaviside(T - 273.15, 0.5))
