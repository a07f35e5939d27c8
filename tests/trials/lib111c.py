"""A user's code on gradcli.numpy, round 111c: the formulas device engineers and TCAD / compact-model people
differentiate (parameter extraction, circuit-simulation Jacobians): the intrinsic carrier density with Varshni's band
gap, the Fermi-Dirac occupation and its logistic and tanh spellings, the Fermi-Dirac integral F_1/2 by a fixed
quadrature and its Blakemore and Joyce-Dixon approximations, Boltzmann carrier densities, the Caughey-Thomas and
Masetti mobilities, velocity saturation, SRH recombination, the diode (plain, expm1, with series resistance by
Lambert W, in SI), the built-in potential, the depletion width and junction capacitance (SPICE's FC linearisation),
the Debye length, the EKV and square-law MOSFETs, BSIM's Vgsteff and Vdseff smoothings, subthreshold conduction,
tunnelling exp(-b / E)."""

import math

import gradcli
import gradcli.numpy as np
import gradcli.scipy.special as special

KB_EV = 8.617333262e-5  # eV / K
KB = 1.38e-23  # J / K, as typed in a float32 script
Q = 1.6e-19  # C
EPS0 = 8.854e-12  # F / m
EPS_SI = 11.7 * EPS0
NC300 = 2.8e19  # cm^-3
NV300 = 1.04e19
NC300_SI = 2.8e25  # m^-3
NV300_SI = 1.04e25
EG0, VA, VB = 1.166, 4.73e-4, 636.0  # silicon's Varshni parameters (eV, eV / K, K)
TWO_OVER_SQRT_PI = 2.0 / math.sqrt(math.pi)
IS = 1e-14  # A
N_IDEAL = 1.0
VT300 = 0.02585


# --- the band gap and the intrinsic density -------------------------------------------------------------------------


def varshni(t):
    """Eg(T) = Eg0 - a T^2 / (T + b)."""
    return EG0 - VA * t ** 2 / (t + VB)


def intrinsic_density(t):
    """n_i = sqrt(Nc Nv) exp(-Eg / 2 k T), Nc and Nv ~ T^1.5 (cm^-3)."""
    nc = NC300 * (t / 300.0) ** 1.5
    nv = NV300 * (t / 300.0) ** 1.5
    return np.sqrt(nc * nv) * np.exp(-varshni(t) / (2.0 * KB_EV * t))


def intrinsic_density_split(t):
    """sqrt(Nc) sqrt(Nv): no Nc Nv product."""
    nc = NC300 * (t / 300.0) ** 1.5
    nv = NV300 * (t / 300.0) ** 1.5
    return np.sqrt(nc) * np.sqrt(nv) * np.exp(-varshni(t) / (2.0 * KB_EV * t))


def intrinsic_density_log(t):
    """exp(log sqrt(Nc Nv) - Eg / 2kT) in one exponential."""
    log_nc = math.log(NC300) + 1.5 * np.log(t / 300.0)
    log_nv = math.log(NV300) + 1.5 * np.log(t / 300.0)
    return np.exp(0.5 * (log_nc + log_nv) - varshni(t) / (2.0 * KB_EV * t))


def intrinsic_density_si(t):
    """The same in m^-3: Nc Nv = 2.9e50."""
    nc = NC300_SI * (t / 300.0) ** 1.5
    nv = NV300_SI * (t / 300.0) ** 1.5
    return np.sqrt(nc * nv) * np.exp(-varshni(t) / (2.0 * KB_EV * t))


def log_intrinsic_density(t):
    """log n_i, the fitter's quantity, through the naive n_i."""
    return np.log(intrinsic_density(t))


# --- Fermi-Dirac --------------------------------------------------------------------------------------------------


def fermi(e, ef, kt):
    """f = 1 / (1 + exp((E - Ef) / kT))."""
    return 1.0 / (1.0 + np.exp((e - ef) / kt))


def fermi_logistic(e, ef, kt):
    """scipy's expit((Ef - E) / kT)."""
    return special.expit((ef - e) / kt)


def fermi_tanh(e, ef, kt):
    """(1 - tanh((E - Ef) / 2kT)) / 2."""
    return 0.5 * (1.0 - np.tanh((e - ef) / (2.0 * kt)))


def fermi_hole(e, ef, kt):
    """1 - f, the hole occupation, by subtraction."""
    return 1.0 - 1.0 / (1.0 + np.exp((e - ef) / kt))


def fd_half(eta):
    """F_1/2(eta) = 2 / sqrt(pi) int_0^inf sqrt(x) / (1 + exp(x - eta)) dx: x = u^2, a 65-node trapezoid on [0, 8]."""
    u = np.linspace(0.0, 8.0, 65)
    return 2.0 * TWO_OVER_SQRT_PI * np.trapezoid(u ** 2 / (1.0 + np.exp(u ** 2 - eta)), u)


def fd_half_expit(eta):
    """The same with the occupation as expit(eta - u^2)."""
    u = np.linspace(0.0, 8.0, 65)
    return 2.0 * TWO_OVER_SQRT_PI * np.trapezoid(u ** 2 * special.expit(eta - u ** 2), u)


def blakemore(eta):
    """F_1/2(eta) ~ 1 / (exp(-eta) + 0.27)."""
    return 1.0 / (np.exp(-eta) + 0.27)


def blakemore_exp(eta):
    """The same as exp(eta) / (1 + 0.27 exp(eta))."""
    return np.exp(eta) / (1.0 + 0.27 * np.exp(eta))


def joyce_dixon(n, nc):
    """eta = ln r + A1 r + A2 r^2 + A3 r^3 + A4 r^4, r = n / Nc."""
    r = n / nc
    return np.log(r) + 0.35355339 * r - 4.95009e-3 * r ** 2 + 1.48386e-4 * r ** 3 - 4.42563e-6 * r ** 4


def electron_density_boltzmann(ef, ec, kt):
    """n = Nc exp((Ef - Ec) / kT)."""
    return NC300 * np.exp((ef - ec) / kt)


def electron_density_fd(ef, ec, kt):
    """n = Nc F_1/2((Ef - Ec) / kT) with the quadrature above."""
    return NC300 * fd_half((ef - ec) / kt)


def fermi_level(n, t):
    """Ef - Ei = kT ln(N / n_i) (eV), n_i = 1e10."""
    return KB_EV * t * np.log(n / 1e10)


# --- mobility -----------------------------------------------------------------------------------------------------


def caughey_thomas(n, mu_min, mu_max, nref, alpha):
    """mu = mu_min + (mu_max - mu_min) / (1 + (N / Nref)^alpha)."""
    return mu_min + (mu_max - mu_min) / (1.0 + (n / nref) ** alpha)


def caughey_thomas_n(n):
    """The same in N alone, silicon electrons: 52.2, 1417, 9.68e16, 0.68."""
    return 52.2 + (1417.0 - 52.2) / (1.0 + (n / 9.68e16) ** 0.68)


def masetti(n):
    """Masetti, boron holes: mu_min1 exp(-Pc / N) + (mu_max - mu_min2) / (1 + (N / Cr)^alpha)
    - mu1 / (1 + (Cs / N)^beta) with 44.9, Pc = 9.23e16, 470.5 - 0, Cr = 2.23e17, alpha = 0.719, mu1 = 29,
    Cs = 6.1e20, beta = 2."""
    return (44.9 * np.exp(-9.23e16 / n) + 470.5 / (1.0 + (n / 2.23e17) ** 0.719)
            - 29.0 / (1.0 + (6.1e20 / n) ** 2.0))


def velocity_saturation(e, mu, vsat, beta):
    """v = mu E / (1 + (mu E / vsat)^beta)^(1 / beta)."""
    return mu * e / (1.0 + (mu * e / vsat) ** beta) ** (1.0 / beta)


def velocity_saturation_e(e):
    """Electrons: beta = 2 written into the code, mu = 1400 cm^2/Vs, vsat = 1e7 cm/s."""
    return 1400.0 * e / np.sqrt(1.0 + (1400.0 * e / 1e7) ** 2)


# --- recombination ------------------------------------------------------------------------------------------------


def srh(n, p, ni, tau_n, tau_p):
    """(n p - ni^2) / (tau_p (n + n1) + tau_n (p + p1)), trap at midgap: n1 = p1 = ni."""
    return (n * p - ni ** 2) / (tau_p * (n + ni) + tau_n * (p + ni))


def srh_si(n, p):
    """The same in m^-3 with ni = 1e16 m^-3, tau = 1 us: n p is 1e44 at 1e22 m^-3."""
    return (n * p - 1e32) / (1e-6 * (n + 1e16) + 1e-6 * (p + 1e16))


def srh_trap(n, p, et, kt):
    """n1 = ni exp(Et / kT), p1 = ni exp(-Et / kT) (Et from midgap, eV), ni = 1e10, tau = 1e-6."""
    n1 = 1e10 * np.exp(et / kt)
    p1 = 1e10 * np.exp(-et / kt)
    return (n * p - 1e20) / (1e-6 * (n + n1) + 1e-6 * (p + p1))


# --- diodes -------------------------------------------------------------------------------------------------------


def diode(v):
    """I = Is (exp(V / n Vt) - 1)."""
    return IS * (np.exp(v / (N_IDEAL * VT300)) - 1.0)


def diode_expm1(v):
    return IS * np.expm1(v / (N_IDEAL * VT300))


def diode_si(v, t):
    """I = Is (exp(q V / n k T) - 1), SI constants typed in (float32 scripts)."""
    return IS * (np.exp(Q * v / (N_IDEAL * KB * t)) - 1.0)


def thermal_voltage(t):
    """kT / q with k = 1.38e-23 and q = 1.6e-19."""
    return KB * t / Q


def diode_series_lambertw(v, rs):
    """A diode with series resistance: I = (n Vt / Rs) W((Is Rs / n Vt) exp((V + Is Rs) / n Vt)) - Is."""
    nvt = N_IDEAL * VT300
    arg = IS * rs / nvt * np.exp((v + IS * rs) / nvt)
    return nvt / rs * special.lambertw(arg) - IS


def builtin_potential(na, nd):
    """Vbi = Vt ln(Na Nd / ni^2) (cm^-3, ni = 1e10)."""
    return VT300 * np.log(na * nd / 1e10 ** 2)


def builtin_potential_si(na, nd):
    """The same in m^-3 (ni = 1e16): Na Nd = 1e46 at 1e23."""
    return VT300 * np.log(na * nd / 1e16 ** 2)


def builtin_potential_split(na, nd):
    """ln(Na / ni) + ln(Nd / ni)."""
    return VT300 * (np.log(na / 1e16) + np.log(nd / 1e16))


def depletion_width(v, vbi, n):
    """W = sqrt(2 eps (Vbi - V) / (q N)) (SI)."""
    return np.sqrt(2.0 * EPS_SI * (vbi - v) / (Q * n))


def debye_length(t, n):
    """L_D = sqrt(eps k T / (q^2 N)) (SI)."""
    return np.sqrt(EPS_SI * KB * t / (Q ** 2 * n))


def junction_cap(v, vbi):
    """C = C0 / (1 - V / Vbi)^m, C0 = 1e-12, m = 0.5."""
    return 1e-12 / (1.0 - v / vbi) ** 0.5


def junction_cap_fc(v, vbi):
    """SPICE: the same below FC Vbi (FC = 0.5), its tangent-matched linear extension above."""
    fc, m = 0.5, 0.5
    below = 1e-12 / (1.0 - v / vbi) ** m
    above = 1e-12 / (1.0 - fc) ** (1.0 + m) * (1.0 - fc * (1.0 + m) + m * v / vbi)
    return np.where(v < fc * vbi, below, above)


# --- MOSFETs ------------------------------------------------------------------------------------------------------


def ekv(v):
    """EKV: I / Is = ln(1 + exp(v / 2))^2, v = (Vp - Vs) / Ut."""
    return np.log(1.0 + np.exp(v / 2.0)) ** 2


def ekv_log1p(v):
    return np.log1p(np.exp(v / 2.0)) ** 2


def ekv_softplus(v):
    return np.softplus(v / 2.0) ** 2


def ekv_logaddexp(v):
    return np.logaddexp(0.0, v / 2.0) ** 2


def square_law(vgs, vt, k, lam, vds):
    """I = k / 2 max(Vgs - Vt, 0)^2 (1 + lambda Vds)."""
    return 0.5 * k * np.maximum(vgs - vt, 0.0) ** 2 * (1.0 + lam * vds)


def square_law_relu_prime(vgs, vt):
    """gm = k max(Vgs - Vt, 0): the transconductance, a kink at threshold (k = 2e-4)."""
    return 2e-4 * np.maximum(vgs - vt, 0.0)


def square_law_regions(vgs, vt, vds):
    """Triode below Vds = Vov, saturation above (k = 2e-4), by a where on Vds: C1 across the switch."""
    vov = vgs - vt
    return np.where(vds < vov, 2e-4 * (vov * vds - 0.5 * vds ** 2), 1e-4 * vov ** 2)


def vgsteff(vgs, vt, nvt):
    """BSIM's smoothing: n vt log(1 + exp((Vgs - Vt) / n vt))."""
    return nvt * np.log(1.0 + np.exp((vgs - vt) / nvt))


def vgsteff_softplus(vgs, vt, nvt):
    return nvt * np.softplus((vgs - vt) / nvt)


def vdseff(vds, vdsat, delta):
    """BSIM's Vdseff = Vdsat - (Vdsat - Vds - d + sqrt((Vdsat - Vds - d)^2 + 4 d Vdsat)) / 2."""
    a = vdsat - vds - delta
    return vdsat - 0.5 * (a + np.sqrt(a ** 2 + 4.0 * delta * vdsat))


def subthreshold(vgs, vds):
    """I = I0 exp((Vgs - Vt) / n vt) (1 - exp(-Vds / vt)), I0 = 1e-7, Vt = 0.4, n = 1.5."""
    return 1e-7 * np.exp((vgs - 0.4) / (1.5 * VT300)) * (1.0 - np.exp(-vds / VT300))


def subthreshold_expm1(vgs, vds):
    return 1e-7 * np.exp((vgs - 0.4) / (1.5 * VT300)) * -np.expm1(-vds / VT300)


# --- tunnelling ---------------------------------------------------------------------------------------------------


def tunnelling(e, b):
    """The Fowler-Nordheim factor exp(-b / E)."""
    return np.exp(-b / e)


def fowler_nordheim(e):
    """J = A E^2 exp(-B / E), E in MV/cm: A = 1.5e-6, B = 6.8 (as for SiO2, rescaled)."""
    return 1.5e-6 * e ** 2 * np.exp(-6.8 / e)


def fowler_nordheim_where(e):
    """Guarded for E <= 0 by a where: the idle branch still differentiates -B / 0."""
    return np.where(e > 0.0, 1.5e-6 * e ** 2 * np.exp(-6.8 / e), 0.0)


def fowler_nordheim_safe(e):
    """The double where: a safe E in the idle branch."""
    safe = np.where(e > 0.0, e, 1.0)
    return np.where(e > 0.0, 1.5e-6 * safe ** 2 * np.exp(-6.8 / safe), 0.0)


# --- hand-written rules ---------------------------------------------------------------------------------------------


@gradcli.custom_gradient
def _occupation(x):
    """f(x) = 1 / (1 + e^x), x = (E - Ef) / kT, with df/dx = -f (1 - f)."""
    f = special.expit(-x)

    def grad_fn(upstream):
        return upstream * -f * (1.0 - f)
    return f, grad_fn


@gradcli.custom_gradient
def _occupation_slip(x):
    f = special.expit(-x)

    def grad_fn(upstream):
        return upstream * f * (1.0 - f)  # the sign dropped
    return f, grad_fn


@gradcli.custom_gradient
def _softplus_rule(x):
    """softplus with its derivative expit(x)."""
    def grad_fn(upstream):
        return upstream * special.expit(x)
    return np.logaddexp(0.0, x), grad_fn


@gradcli.custom_gradient
def _softplus_naive_rule(x):
    """softplus with its derivative written e^x / (1 + e^x)."""
    def grad_fn(upstream):
        return upstream * np.exp(x) / (1.0 + np.exp(x))
    return np.logaddexp(0.0, x), grad_fn


def fermi_rule(e, ef, kt):
    return _occupation((e - ef) / kt)


def fermi_rule_slip(e, ef, kt):
    return _occupation_slip((e - ef) / kt)


def ekv_rule(v):
    return _softplus_rule(v / 2.0) ** 2


def ekv_naive_rule(v):
    return _softplus_naive_rule(v / 2.0) ** 2


@gradcli.custom_gradient
def _occupation3(e, ef, kt):
    """f(E, Ef, kT) with its three slopes by hand: -f (1 - f) / kT, f (1 - f) / kT, f (1 - f) x / kT."""
    x = (e - ef) / kt
    f = special.expit(-x)

    def grad_fn(upstream):
        s = f * (1.0 - f) / kt
        return upstream * -s, upstream * s, upstream * s * x
    return f, grad_fn


@gradcli.custom_gradient
def _occupation3_slip(e, ef, kt):
    x = (e - ef) / kt
    f = special.expit(-x)

    def grad_fn(upstream):
        s = f * (1.0 - f) / kt
        return upstream * -s, upstream * s, -upstream * s * x  # kT's slope with its sign flipped
    return f, grad_fn


def fermi_rule3(e, ef, kt):
    return _occupation3(e, ef, kt)


def fermi_rule3_slip(e, ef, kt):
    return _occupation3_slip(e, ef, kt)


def diode_limited(v):
    """SPICE-style limiting: exp below 40 Vt, its tangent line above, chosen by a where."""
    x = v / VT300
    e40 = 2.3538526683702e17  # exp(40)
    return IS * np.where(x < 40.0, np.exp(x) - 1.0, e40 * (1.0 + x - 40.0) - 1.0)
