"""A user's code on gradcli.numpy, round 110c: the formulas cosmologists and astrophysicists differentiate when fitting
(the Planck function and its logarithm; the curvature function S_k chosen by a where on Omega_k; comoving, transverse,
luminosity and angular-diameter distances by a fixed trapezoid over E(z); the distance modulus; CPL dark energy;
magnitudes and luptitudes; the Schechter function; relativistic Doppler redshift; the Eddington luminosity; Keplerian
and softened rotation curves; the Einstein radius; the NFW profile, its enclosed mass and potential)."""

import math

import gradcli.numpy as np
import gradcli.scipy.special as special

H = 6.62607015e-34  # J s
KB = 1.380649e-23  # J / K
C = 2.99792458e8  # m / s
C_KMS = 299792.458  # km / s
G = 6.674e-11  # m^3 kg^-1 s^-2
M_P = 1.67262192e-27  # kg
SIGMA_T = 6.6524587e-29  # m^2
M_SUN = 1.98847e30  # kg
MPC = 3.0856775814913673e22  # m
A_NU = 2.0 * H / C ** 2  # 1.47e-50 J s^3 / m^2: below float32's smallest subnormal
HK = H / KB  # 4.8e-11 K s
LOG_A_NU = math.log(A_NU)  # -114.7
# per GHz, in MJy / sr and kelvin: 2 h (1 GHz)^3 / c^2 = 1.4745e-3 MJy/sr, h (1 GHz) / k = 0.048 K
A_GHZ = 2.0 * H * 1e27 / C ** 2 / 1e-20
X_GHZ = H * 1e9 / KB
GRID = 33  # trapezoid nodes: i / 32, exact in every dtype
RS_PER_MSUN = 4.0 * G * M_SUN / C ** 2  # m: 4 G M_sun / c^2
ARCSEC = 180.0 * 3600.0 / math.pi
G_KPC = 4.30091e-6  # kpc (km/s)^2 / M_sun


# --- the Planck function ------------------------------------------------------------------------------------------


def planck(nu, t):
    """B_nu(T) = 2 h nu^3 / c^2 / (exp(h nu / k T) - 1), SI, written as the textbook has it."""
    return 2.0 * H * nu ** 3 / C ** 2 / (np.exp(H * nu / (KB * t)) - 1.0)


def planck_folded(nu, t):
    """The same with the prefactor folded into one constant (A_NU = 1.47e-50) and h / k into another."""
    return A_NU * nu ** 3 / np.expm1(HK * nu / t)


def planck_ghz(nu, t):
    """B_nu in MJy/sr, nu in GHz: the CMB fitter's units."""
    return A_GHZ * nu ** 3 / (np.exp(X_GHZ * nu / t) - 1.0)


def planck_ghz_expm1(nu, t):
    return A_GHZ * nu ** 3 / np.expm1(X_GHZ * nu / t)


def planck_ghz_exprel(nu, t):
    """By scipy's exprel(x) = (e^x - 1) / x: B = A nu^2 T / X / exprel(x), no 0 / 0 at nu = 0."""
    x = X_GHZ * nu / t
    return A_GHZ * nu ** 2 * t / X_GHZ / special.exprel(x)


def planck_rj_switch(nu, t):
    """Rayleigh-Jeans below x = 1e-3, Planck above: a where whose idle Planck branch is 0 / 0 at nu = 0."""
    x = X_GHZ * nu / t
    rj = A_GHZ * nu ** 2 * t / X_GHZ
    return np.where(x < 1e-3, rj, A_GHZ * nu ** 3 / np.expm1(x))


def planck_wien_switch(nu, t):
    """Wien above x = 50, Planck below: the idle Planck branch's exp overflows in the tail."""
    x = X_GHZ * nu / t
    return np.where(x > 50.0, A_GHZ * nu ** 3 * np.exp(-x), A_GHZ * nu ** 3 / (np.exp(x) - 1.0))


def log_planck(nu, t):
    """log B_nu for a likelihood: log A + 3 log nu - log(expm1(x))."""
    x = X_GHZ * nu / t
    return math.log(A_GHZ) + 3.0 * np.log(nu) - np.log(np.expm1(x))


def log_planck_stable(nu, t):
    """log(expm1(x)) = x + log(-expm1(-x))."""
    x = X_GHZ * nu / t
    return math.log(A_GHZ) + 3.0 * np.log(nu) - x - np.log(-np.expm1(-x))


def log_planck_si(nu, t):
    """SI with the folded log-constant: log A_NU = -114.7."""
    return LOG_A_NU + 3.0 * np.log(nu) - np.log(np.expm1(HK * nu / t))


# --- curvature ----------------------------------------------------------------------------------------------------


def s_k(chi, ok):
    """S_k(chi): sinh(sqrt(Ok) chi) / sqrt(Ok), sin(sqrt(-Ok) chi) / sqrt(-Ok), or chi at Ok = 0 (chi in c / H0)."""
    sq = np.sqrt(np.abs(ok))
    return np.where(ok > 0, np.sinh(sq * chi) / sq, np.where(ok < 0, np.sin(sq * chi) / sq, chi))


def s_k_two(chi, ok):
    """Two branches only: open or else closed (Ok = 0 falls in the sin branch)."""
    return np.where(ok > 0, np.sinh(np.sqrt(ok) * chi) / np.sqrt(ok), np.sin(np.sqrt(-ok) * chi) / np.sqrt(-ok))


def s_k_safe(chi, ok):
    """Series below |Ok| = 1e-6 (chi + Ok chi^3 / 6 + Ok^2 chi^5 / 120), the closed forms above with a safe Ok."""
    small = np.abs(ok) < 1e-6
    safe = np.where(small, 1.0, ok)
    sq = np.sqrt(np.abs(safe))
    big = np.where(safe > 0, np.sinh(sq * chi) / sq, np.sin(sq * chi) / sq)
    return np.where(small, chi + ok * chi ** 3 / 6.0 + ok ** 2 * chi ** 5 / 120.0, big)


# --- distances ----------------------------------------------------------------------------------------------------


def hubble_e(z, om, ok, ol):
    return np.sqrt(om * (1.0 + z) ** 3 + ok * (1.0 + z) ** 2 + ol)


def comoving_distance(z, om, ol, h0):
    """D_C = c / H0 int_0^z dz' / E(z') by a 33-node trapezoid, Mpc; Ok = 1 - Om - OL."""
    ok = 1.0 - om - ol
    zs = np.linspace(0.0, 1.0, GRID) * z
    return C_KMS / h0 * np.trapezoid(1.0 / hubble_e(zs, om, ok, ol), zs)


def comoving_flat(z, om, h0):
    """Flat LCDM: E = sqrt(Om (1+z)^3 + 1 - Om)."""
    zs = np.linspace(0.0, 1.0, GRID) * z
    return C_KMS / h0 * np.trapezoid(1.0 / np.sqrt(om * (1.0 + zs) ** 3 + 1.0 - om), zs)


def transverse_distance(z, om, ol, h0):
    """D_M = (c / H0) S_k(D_C H0 / c), with S_k's where on Ok = 1 - Om - OL."""
    dh = C_KMS / h0
    return dh * s_k(comoving_distance(z, om, ol, h0) / dh, 1.0 - om - ol)


def luminosity_distance(z, om, ol, h0):
    return (1.0 + z) * transverse_distance(z, om, ol, h0)


def angular_diameter_distance(z, om, ol, h0):
    return transverse_distance(z, om, ol, h0) / (1.0 + z)


def distance_modulus(z, om, h0):
    """mu = 5 log10(d_L / 10 pc), flat, d_L in Mpc."""
    dl = (1.0 + z) * comoving_flat(z, om, h0)
    return 5.0 * np.log10(dl / 1e-5)


def distance_modulus_lowz(z, h0, q0):
    """The low-redshift expansion d_L = (c z / H0) (1 + (1 - q0) z / 2): the Hubble-diagram fit."""
    dl = C_KMS * z / h0 * (1.0 + 0.5 * (1.0 - q0) * z)
    return 5.0 * np.log10(dl) + 25.0


# --- dark energy --------------------------------------------------------------------------------------------------


def cpl_w(a, w0, wa):
    return w0 + wa * (1.0 - a)


def cpl_density(a, w0, wa):
    """rho_DE / rho_DE0 = a^(-3 (1 + w0 + wa)) exp(-3 wa (1 - a))."""
    return a ** (-3.0 * (1.0 + w0 + wa)) * np.exp(-3.0 * wa * (1.0 - a))


def cpl_hubble(z, om, w0, wa):
    """E(z) in a flat CPL model."""
    a = 1.0 / (1.0 + z)
    return np.sqrt(om * (1.0 + z) ** 3 + (1.0 - om) * cpl_density(a, w0, wa))


def cpl_density_z(z, w0, wa):
    """The same in z: (1 + z)^(3 (1 + w0 + wa)) exp(-3 wa z / (1 + z))."""
    return np.power(1.0 + z, 3.0 * (1.0 + w0 + wa)) * np.exp(-3.0 * wa * z / (1.0 + z))


# --- magnitudes ---------------------------------------------------------------------------------------------------


def magnitude(f):
    """m = -2.5 log10(F) (F in units of the zero point)."""
    return -2.5 * np.log10(f)


def magnitude_floored(f):
    """A floor against non-detections: -2.5 log10(max(F, 1e-30))."""
    return -2.5 * np.log10(np.maximum(f, 1e-30))


def luptitude(f, b):
    """Lupton's asinh magnitude: -(2.5 / ln 10) (asinh(F / 2b) + ln b), finite at F = 0."""
    return -(2.5 / math.log(10.0)) * (np.arcsinh(f / (2.0 * b)) + np.log(b))


def abs_mag_from_lum(lum, d):
    """m_AB of a source of luminosity L (W/Hz) at distance d (m): -2.5 log10(L / (4 pi d^2)) - 56.1."""
    return -2.5 * np.log10(lum / (4.0 * np.pi * d ** 2)) - 56.1


# --- luminosity function ------------------------------------------------------------------------------------------


def schechter(lum, phi_star, l_star, alpha):
    """phi(L) dL = phi* (L / L*)^alpha exp(-L / L*) dL / L*."""
    x = lum / l_star
    return phi_star * x ** alpha * np.exp(-x) / l_star


def log_schechter(lum, phi_star, l_star, alpha):
    x = lum / l_star
    return np.log(phi_star) + alpha * np.log(x) - x - np.log(l_star)


def schechter_mag(m, m_star, phi_star, alpha):
    """phi(M) = 0.4 ln 10 phi* 10^(0.4 (M* - M)(alpha + 1)) exp(-10^(0.4 (M* - M)))."""
    y = 10.0 ** (0.4 * (m_star - m))
    return 0.4 * math.log(10.0) * phi_star * y ** (alpha + 1.0) * np.exp(-y)


def log_schechter_mag_naive(m, m_star, phi_star, alpha):
    return np.log(schechter_mag(m, m_star, phi_star, alpha))


# --- kinematics ---------------------------------------------------------------------------------------------------


def doppler_z(b):
    """Relativistic redshift from beta = v / c: sqrt((1 + b) / (1 - b)) - 1."""
    return np.sqrt((1.0 + b) / (1.0 - b)) - 1.0


def doppler_z_stable(b):
    """The same as expm1(atanh(b))."""
    return np.expm1(np.arctanh(b))


def doppler_z_kms(v):
    """From a velocity in km/s."""
    b = v / C_KMS
    return np.sqrt((1.0 + b) / (1.0 - b)) - 1.0


def eddington(mass):
    """L_Edd = 4 pi G M m_p c / sigma_T, M in solar masses, W."""
    return 4.0 * np.pi * G * (mass * M_SUN) * M_P * C / SIGMA_T


def kepler_v(r, mass):
    """v = sqrt(G M / r), M in solar masses, r in m, m/s."""
    return np.sqrt(G * M_SUN * mass / r)


def plummer_v(r, mass, eps):
    """A softened (Plummer) rotation curve v^2 = G M r^2 / (r^2 + eps^2)^(3/2), kpc, M_sun, km/s, under one sqrt."""
    return np.sqrt(G_KPC * mass * r ** 2 / (r ** 2 + eps ** 2) ** 1.5)


def plummer_v_lin(r, mass, eps):
    """The same with r outside the sqrt."""
    return r * np.sqrt(G_KPC * mass / (r ** 2 + eps ** 2) ** 1.5)


def einstein_radius(mass, d_l, d_s, d_ls):
    """theta_E = sqrt(4 G M / c^2 D_ls / (D_l D_s)), M in solar masses, D in Mpc, arcsec."""
    return ARCSEC * np.sqrt(RS_PER_MSUN * mass * d_ls / (d_l * d_s * MPC))


# --- NFW ----------------------------------------------------------------------------------------------------------


def nfw_density(r, rho0, rs):
    x = r / rs
    return rho0 / (x * (1.0 + x) ** 2)


def nfw_mass_naive(x):
    """m(x) = log(1 + x) - x / (1 + x): M(r) = 4 pi rho0 rs^3 m(r / rs)."""
    return np.log(1.0 + x) - x / (1.0 + x)


def nfw_mass_log1p(x):
    return np.log1p(x) - x / (1.0 + x)


def nfw_mass_series(x):
    """The series x^2 / 2 - 2 x^3 / 3 + 3 x^4 / 4 below 1e-4, log1p above."""
    small = x < 1e-4
    xs = np.where(small, 1.0, x)
    return np.where(small, x ** 2 / 2.0 - 2.0 * x ** 3 / 3.0 + 3.0 * x ** 4 / 4.0, np.log1p(xs) - xs / (1.0 + xs))


def nfw_mass(r, rho0, rs):
    """M(r) = 4 pi rho0 rs^3 (log(1 + r / rs) - (r / rs) / (1 + r / rs))."""
    x = r / rs
    return 4.0 * np.pi * rho0 * rs ** 3 * (np.log1p(x) - x / (1.0 + x))


def nfw_potential(r, rho0, rs):
    """Phi(r) = -4 pi G rho0 rs^3 log(1 + r / rs) / r (kpc, M_sun / kpc^3, (km/s)^2)."""
    return -4.0 * np.pi * G_KPC * rho0 * rs ** 3 * np.log1p(r / rs) / r


def nfw_vcirc(r, rho0, rs):
    return np.sqrt(G_KPC * nfw_mass(r, rho0, rs) / r)


# --- hand-written rules ---------------------------------------------------------------------------------------------

import gradcli  # noqa: E402


@gradcli.custom_gradient
def _occupation(x):
    """The photon occupation number 1 / (e^x - 1), x = h nu / k T, with its derivative -e^x / (e^x - 1)^2."""
    def grad_fn(upstream):
        return upstream * -np.exp(x) / np.expm1(x) ** 2
    return 1.0 / np.expm1(x), grad_fn


@gradcli.custom_gradient
def _occupation_slip(x):
    def grad_fn(upstream):
        return upstream * -1.0 / np.expm1(x) ** 2  # e^x forgotten
    return 1.0 / np.expm1(x), grad_fn


@gradcli.custom_gradient
def _occupation_sinh(x):
    """The same derivative as -1 / (4 sinh^2(x / 2))."""
    def grad_fn(upstream):
        return upstream * -0.25 / np.sinh(x / 2.0) ** 2
    return 1.0 / np.expm1(x), grad_fn


def occupation(x):
    return _occupation(x)


def occupation_slip(x):
    return _occupation_slip(x)


def occupation_sinh(x):
    return _occupation_sinh(x)


@gradcli.custom_gradient
def _nfw_m(x):
    """m(x) by its series below 1e-4, and its derivative x / (1 + x)^2 in one piece (no cancellation)."""
    small = x < 1e-4
    xs = np.where(small, 1.0, x)
    value = np.where(small, x ** 2 / 2.0 - 2.0 * x ** 3 / 3.0 + 3.0 * x ** 4 / 4.0, np.log1p(xs) - xs / (1.0 + xs))

    def grad_fn(upstream):
        return upstream * x / (1.0 + x) ** 2
    return value, grad_fn


@gradcli.custom_gradient
def _nfw_m_slip(x):
    def grad_fn(upstream):
        return upstream * x / (1.0 + x)  # the square forgotten
    return np.log1p(x) - x / (1.0 + x), grad_fn


def nfw_mass_rule(x):
    return _nfw_m(x)


def nfw_mass_slip(x):
    return _nfw_m_slip(x)
