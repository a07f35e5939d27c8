"""A user's code on gradcli.numpy, round 99c: the formulas materials scientists fit by gradient (Bragg's law and the
d-spacing, the Scherrer crystallite size, a structure factor's intensity and amplitude, the Debye-Waller factor,
pseudo-Voigt peak profiles, the Caglioti width, the Debye and Einstein heat capacities, Avrami kinetics, Hall-Petch
strengthening, Arrhenius diffusion, Vegard's law and the Rietveld weighted-profile R-factor)."""

import gradcli.numpy as np
from gradcli.scipy import special, stats

# --- diffraction geometry ------------------------------------------------------------------------------------------


def bragg_theta(lam, d):
    """First-order Bragg angle (radians): theta = arcsin(lambda / (2 d))."""
    return np.arcsin(lam / (2.0 * d))


def bragg_two_theta_deg(lam, d):
    """The diffractometer's 2 theta in degrees, second order: n = 2."""
    return 2.0 * np.degrees(np.arcsin(2.0 * lam / (2.0 * d)))


def d_spacing(lam, theta):
    """d = lambda / (2 sin theta)."""
    return lam / (2.0 * np.sin(theta))


def scherrer(beta, theta):
    """Crystallite size K lambda / (beta cos theta), Cu K-alpha, K = 0.9 (beta the peak's FWHM in radians)."""
    return 0.9 * 1.5406 / (beta * np.cos(theta))


def scherrer_deg(beta_deg, two_theta_deg):
    """The same from a fitted FWHM and peak position in degrees of 2 theta."""
    beta = np.radians(beta_deg)
    theta = np.radians(two_theta_deg) / 2.0
    return 0.9 * 1.5406 / (beta * np.cos(theta))


# --- structure factors --------------------------------------------------------------------------------------------

BCC = np.array([[0.0, 0.0, 0.0], [0.5, 0.5, 0.5]])


def intensity_bcc(f, h):
    """|sum_j f_j exp(2 pi i h.x_j)|^2 over a body-centred cell (f: the two atoms' scattering factors; h: Miller
    indices), by cos and sin."""
    phase = 2.0 * np.pi * (BCC @ h)
    a = np.sum(f * np.cos(phase))
    b = np.sum(f * np.sin(phase))
    return a ** 2 + b ** 2


def amplitude_bcc(f, h):
    return np.sqrt(intensity_bcc(f, h))


def intensity_positions(x, f1, f2):
    """A two-atom cell along one axis, the second atom's position x fitted; reflection h = 1."""
    a = f1 + f2 * np.cos(2.0 * np.pi * x)
    b = f2 * np.sin(2.0 * np.pi * x)
    return a ** 2 + b ** 2


SIGNS_CSCL = np.array([1.0, -1.0])  # exp(i pi (h + k + l)) for h + k + l odd, written as the known signs


def intensity_cscl(f):
    """CsCl (100): F = f_Cs - f_Cl, a centrosymmetric (real) structure factor."""
    return np.sum(f * SIGNS_CSCL) ** 2


def amplitude_cscl(f):
    """|F| = sqrt(I): at f_Cs = f_Cl the reflection is extinct."""
    return np.sqrt(np.sum(f * SIGNS_CSCL) ** 2)


def debye_waller(b, s):
    """exp(-B s^2), s = sin(theta) / lambda."""
    return np.exp(-b * s ** 2)


# --- peak profiles ------------------------------------------------------------------------------------------------


def pseudo_voigt(x, x0, w, eta):
    """eta L + (1 - eta) G, both of FWHM w and unit area."""
    u = (x - x0) / w
    lorentz = 2.0 / (np.pi * w) / (1.0 + 4.0 * u ** 2)
    gauss = 0.9394372786996513 / w * np.exp(-2.772588722239781 * u ** 2)  # 2 sqrt(ln 2 / pi), 4 ln 2
    return eta * lorentz + (1.0 - eta) * gauss


def caglioti(u, v, w, theta):
    """The instrumental FWHM sqrt(U tan^2 theta + V tan theta + W)."""
    t = np.tan(theta)
    return np.sqrt(u * t ** 2 + v * t + w)


# --- thermal properties -------------------------------------------------------------------------------------------

R_GAS = 8.314
NODES = np.linspace(0.0, 1.0, 17)
SIMPSON = np.array([1.0] + [4.0, 2.0] * 7 + [4.0, 1.0]) / 48.0  # Simpson's weights on 16 intervals of [0, 1]


def debye_cv(t, theta_d):
    """9 R (T / theta_D)^3 int_0^{theta_D / T} x^4 e^x / (e^x - 1)^2 dx by Simpson's rule on 16 intervals."""
    xd = theta_d / t
    x = NODES * xd
    f = x ** 4 * np.exp(x) / (np.exp(x) - 1.0) ** 2
    return 9.0 * R_GAS * (t / theta_d) ** 3 * xd * np.sum(SIMPSON * f)


def debye_cv_guarded(t, theta_d):
    """The same with the integrand's limit 0 at x = 0 put in by where."""
    xd = theta_d / t
    x = NODES * xd
    f = np.where(x == 0.0, 0.0, x ** 4 * np.exp(x) / (np.exp(x) - 1.0) ** 2)
    return 9.0 * R_GAS * (t / theta_d) ** 3 * xd * np.sum(SIMPSON * f)


def debye_cv_stable(t, theta_d):
    """The integrand as x^4 e^-x / expm1(-x)^2 (no overflow), x = 0 left out: its term is 0."""
    xd = theta_d / t
    x = NODES[1:] * xd
    f = x ** 4 * np.exp(-x) / np.expm1(-x) ** 2
    return 9.0 * R_GAS * (t / theta_d) ** 3 * xd * np.sum(SIMPSON[1:] * f)


def einstein_cv(t, theta_e):
    """3 R (theta_E / T)^2 e^{theta_E / T} / (e^{theta_E / T} - 1)^2."""
    x = theta_e / t
    return 3.0 * R_GAS * x ** 2 * np.exp(x) / (np.exp(x) - 1.0) ** 2


def einstein_cv_stable(t, theta_e):
    x = theta_e / t
    return 3.0 * R_GAS * x ** 2 * np.exp(-x) / np.expm1(-x) ** 2


# --- kinetics and strength ----------------------------------------------------------------------------------------


def avrami(t, k, n):
    """Transformed fraction 1 - exp(-(k t)^n) (JMAK)."""
    return 1.0 - np.exp(-(k * t) ** n)


def avrami_expm1(t, k, n):
    return -np.expm1(-(k * t) ** n)


def hall_petch(d, sigma0, k):
    """Yield stress sigma0 + k / sqrt(d) (d the grain size)."""
    return sigma0 + k / np.sqrt(d)


def arrhenius(t, d0, q):
    """Diffusivity D0 exp(-Q / (R T))."""
    return d0 * np.exp(-q / (R_GAS * t))


def vegard(x, a_a, a_b):
    """Lattice parameter of the alloy A_{1-x} B_x."""
    return (1.0 - x) * a_a + x * a_b


def vegard_bowing(x, a_a, a_b, bow):
    return (1.0 - x) * a_a + x * a_b - bow * x * (1.0 - x)


# --- Rietveld refinement ------------------------------------------------------------------------------------------

Y_OBS = np.array([120.0, 340.0, 1500.0, 880.0, 260.0, 130.0])


def r_wp(y_calc):
    """Weighted-profile R-factor, weights 1 / y_obs."""
    w = 1.0 / Y_OBS
    return np.sqrt(np.sum(w * (Y_OBS - y_calc) ** 2) / np.sum(w * Y_OBS ** 2))


def chi_square(y_calc):
    w = 1.0 / Y_OBS
    return np.sum(w * (Y_OBS - y_calc) ** 2)


def intensity_complex(f, x):
    """|F|^2 with F = sum_j f_j exp(2 pi i h x_j) along one axis (h = 1), by complex exponentials."""
    amp = np.sum(f * np.exp(2j * np.pi * x))
    return np.abs(amp) ** 2


def intensity_conj(f, x):
    amp = np.sum(f * np.exp(2j * np.pi * x))
    return np.real(amp * np.conj(amp))


def amplitude_complex(f, x):
    return np.abs(np.sum(f * np.exp(2j * np.pi * x)))


# --- more of the same, by the libraries' own functions ------------------------------------------------------------

def voigt(x, x0, sigma, gamma):
    """The Voigt profile (a Gaussian of sd sigma convolved with a Lorentzian of HWHM gamma) by SciPy."""
    return special.voigt_profile(x - x0, sigma, gamma)


def pseudo_voigt_scipy(x, x0, w, eta):
    """pseudo-Voigt from SciPy's densities: Cauchy of HWHM w / 2, normal of FWHM w (sd w / 2.3548...)."""
    return eta * stats.cauchy.pdf(x, x0, w / 2.0) + (1.0 - eta) * stats.norm.pdf(x, x0, w / 2.3548200450309493)


def debye_cv_trapezoid(t, theta_d):
    """The Debye heat capacity by the trapezoid rule on 64 nodes from 1e-6 to theta_D / T (expm1 form)."""
    xd = theta_d / t
    x = np.linspace(1e-6, xd, 64)
    f = x ** 4 * np.exp(-x) / np.expm1(-x) ** 2
    return 9.0 * R_GAS * (t / theta_d) ** 3 * np.trapezoid(f, x)
