"""A user's code on gradcli.numpy, round 114c: structural and geotechnical engineering, the formulas engineers
differentiate for design optimisation, reliability analysis (FORM gradients) and back-analysis of measurements: beam
deflections, moments and shears (cantilever, simply supported, a point load at a), section properties (hollow
rectangles and tubes, radius of gyration), column buckling (Euler-Johnson, Perry-Robertson), stresses (von Mises,
principal stresses), Mohr-Coulomb, bearing capacity factors, Rankine earth pressure, consolidation (settlement,
Terzaghi's degree of consolidation), slope stability (the infinite slope, Bishop's simplified method), first-order
reliability, fatigue (Basquin, Miner), concrete's and steel's stress-strain laws, and a few hand-written rules."""

import gradcli
import gradcli.numpy as np
from gradcli.scipy import special

# --- beams ------------------------------------------------------------------------------------------------------------


def cantilever_tip(p, length, e, i):
    """Tip deflection of a cantilever under an end load: P L^3 / (3 E I)."""
    return p * length ** 3 / (3.0 * e * i)


def cantilever_point(x, a, p, ei):
    """Deflection of a cantilever with a point load at a: P x^2 (3a - x) / 6EI up to a, P a^2 (3x - a) / 6EI past it."""
    return np.where(x <= a, p * x ** 2 * (3.0 * a - x) / (6.0 * ei), p * a ** 2 * (3.0 * x - a) / (6.0 * ei))


def ss_point_deflection(x, a, p, length, ei):
    """Simply supported beam, point load P at a (b = L - a): the deflection at x, piecewise at x = a."""
    b = length - a
    left = p * b * x * (length ** 2 - b ** 2 - x ** 2) / (6.0 * length * ei)
    right = p * b * (length / b * (x - a) ** 3 + (length ** 2 - b ** 2) * x - x ** 3) / (6.0 * length * ei)
    return np.where(x <= a, left, right)


def ss_point_moment(x, a, p, length):
    """The bending moment under the same load: P b x / L up to a, P a (L - x) / L past it."""
    b = length - a
    return np.where(x <= a, p * b * x / length, p * a * (length - x) / length)


def ss_point_shear(x, a, p, length):
    """The shear force: P b / L before the load, -P a / L from it on."""
    return np.where(x < a, p * (length - a) / length, -p * a / length)


def micro_beam_stiffness(e, i, length):
    """A float32 FE surrogate's beam element stiffness 12 E I / L^3."""
    return 12.0 * e * i / length ** 3


# --- section properties -----------------------------------------------------------------------------------------------


def hollow_rect_i(b, h, t):
    """Second moment of area of a hollow rectangle, wall t: (b h^3 - bi hi^3) / 12."""
    bi, hi = b - 2.0 * t, h - 2.0 * t
    return (b * h ** 3 - bi * hi ** 3) / 12.0


def tube_gyration(d_out, d_in):
    """Radius of gyration of a tube: sqrt(I / A), I = pi (D^4 - d^4) / 64, A = pi (D^2 - d^2) / 4."""
    i = np.pi * (d_out ** 4 - d_in ** 4) / 64.0
    a = np.pi * (d_out ** 2 - d_in ** 2) / 4.0
    return np.sqrt(i / a)


def rect_gyration(b, h, t):
    """Radius of gyration of a hollow rectangle about its major axis."""
    bi, hi = b - 2.0 * t, h - 2.0 * t
    return np.sqrt((b * h ** 3 - bi * hi ** 3) / 12.0 / (b * h - bi * hi))


# --- buckling ---------------------------------------------------------------------------------------------------------


def euler_johnson(length, r, e, fy):
    """Critical stress: Euler's pi^2 E / lam^2 beyond Cc = sqrt(2 pi^2 E / fy), Johnson's parabola below."""
    lam = length / r
    cc = np.sqrt(2.0 * np.pi ** 2 * e / fy)
    return np.where(lam >= cc, np.pi ** 2 * e / lam ** 2, fy * (1.0 - lam ** 2 / (2.0 * cc ** 2)))


def euler_load(e, i, length):
    """Euler's critical load pi^2 E I / L^2."""
    return np.pi ** 2 * e * i / length ** 2


def perry_robertson(se, fy, eta):
    """Perry-Robertson's buckling stress, the smaller root: A - sqrt(A^2 - fy se), A = (fy + (1 + eta) se) / 2."""
    a = (fy + (1.0 + eta) * se) / 2.0
    return a - np.sqrt(a ** 2 - fy * se)


def perry_from_slenderness(lam, fy, e):
    """The same from the slenderness, with Robertson's eta = 0.003 lam."""
    se = np.pi ** 2 * e / lam ** 2
    a = (fy + (1.0 + 0.003 * lam) * se) / 2.0
    return a - np.sqrt(a ** 2 - fy * se)


# --- stresses ---------------------------------------------------------------------------------------------------------


def von_mises(s1, s2, tau):
    """Plane-stress von Mises stress sqrt(s1^2 - s1 s2 + s2^2 + 3 tau^2)."""
    return np.sqrt(s1 ** 2 - s1 * s2 + s2 ** 2 + 3.0 * tau ** 2)


def principal_max(sx, sy, txy):
    """The major principal stress (sx + sy) / 2 + sqrt(((sx - sy) / 2)^2 + txy^2)."""
    return (sx + sy) / 2.0 + np.sqrt(((sx - sy) / 2.0) ** 2 + txy ** 2)


def max_shear(sx, sy, txy):
    """The in-plane maximum shear stress (radius of Mohr's circle)."""
    return np.sqrt(((sx - sy) / 2.0) ** 2 + txy ** 2)


# --- Mohr-Coulomb and bearing capacity --------------------------------------------------------------------------------


def mohr_coulomb(sigma, c, phi):
    """Shear strength c + sigma tan(phi), phi in degrees."""
    return c + sigma * np.tan(np.deg2rad(phi))


def mobilised_phi(tau, sigma):
    """The friction angle back-calculated from a failure point: arctan(tau / sigma), in degrees."""
    return np.rad2deg(np.arctan(tau / sigma))


def bearing_nq(phi):
    """Reissner/Prandtl's Nq = exp(pi tan phi) tan^2(45 + phi/2), phi in degrees."""
    return np.exp(np.pi * np.tan(np.deg2rad(phi))) * np.tan(np.deg2rad(45.0 + phi / 2.0)) ** 2


def bearing_nc(phi):
    """Nc = (Nq - 1) cot phi."""
    return (bearing_nq(phi) - 1.0) / np.tan(np.deg2rad(phi))


def bearing_ngamma(phi):
    """Meyerhof's N_gamma = (Nq - 1) tan(1.4 phi)."""
    return (bearing_nq(phi) - 1.0) * np.tan(np.deg2rad(1.4 * phi))


def bearing_capacity(c, q, gamma, width, phi):
    """Terzaghi-Meyerhof strip footing: c Nc + q Nq + 0.5 gamma B N_gamma."""
    return c * bearing_nc(phi) + q * bearing_nq(phi) + 0.5 * gamma * width * bearing_ngamma(phi)


def rankine_ka(phi):
    """Rankine's active coefficient (1 - sin phi) / (1 + sin phi)."""
    s = np.sin(np.deg2rad(phi))
    return (1.0 - s) / (1.0 + s)


def rankine_kp(phi):
    """Rankine's passive coefficient (1 + sin phi) / (1 - sin phi)."""
    s = np.sin(np.deg2rad(phi))
    return (1.0 + s) / (1.0 - s)


def rankine_ka_tan(phi):
    """The active coefficient as tan^2(45 - phi/2)."""
    return np.tan(np.deg2rad(45.0 - phi / 2.0)) ** 2


# --- consolidation ----------------------------------------------------------------------------------------------------


def settlement(cc, h, e0, s0, ds):
    """Primary consolidation settlement Cc H / (1 + e0) log10((s0 + ds) / s0)."""
    return cc * h / (1.0 + e0) * np.log10((s0 + ds) / s0)


def degree_consolidation(tv):
    """Terzaghi's average degree of consolidation, the series truncated at five terms."""
    m = np.pi * (2.0 * np.arange(5) + 1.0) / 2.0
    return 1.0 - np.sum(2.0 / m ** 2 * np.exp(-m ** 2 * tv))


# --- slope stability --------------------------------------------------------------------------------------------------


def infinite_slope(c, phi, beta, gamma, z):
    """Factor of safety of an infinite dry slope: c / (gamma z sin b cos b) + tan phi / tan b (degrees)."""
    b = np.deg2rad(beta)
    return c / (gamma * z * np.sin(b) * np.cos(b)) + np.tan(np.deg2rad(phi)) / np.tan(b)


SLICE_W = [120.0, 260.0, 310.0, 240.0, 90.0]  # kN/m
SLICE_ALPHA = [-0.2, 0.1, 0.35, 0.6, 0.9]  # rad
SLICE_B = 2.0  # m


def bishop(c, tphi):
    """Bishop's simplified factor of safety by five fixed-point iterations from F = 1."""
    w, alpha = np.array(SLICE_W), np.array(SLICE_ALPHA)
    f = 1.0
    for _ in range(5):
        m = np.cos(alpha) + np.sin(alpha) * tphi / f
        f = np.sum((c * SLICE_B + w * tphi) / m) / np.sum(w * np.sin(alpha))
    return f


def bishop_weights(w, c, tphi):
    """The same with the slices' weights as inputs (a back-analysis of the weights)."""
    alpha = np.array(SLICE_ALPHA[:3])
    f = 1.0
    for _ in range(5):
        m = np.cos(alpha) + np.sin(alpha) * tphi / f
        f = np.sum((c * SLICE_B + w * tphi) / m) / np.sum(w * np.sin(alpha))
    return f


# --- reliability ------------------------------------------------------------------------------------------------------


def cornell_beta(mu_r, mu_s, s_r, s_s):
    """The reliability index of g = R - S: mu_g / sigma_g."""
    return (mu_r - mu_s) / np.sqrt(s_r ** 2 + s_s ** 2)


def failure_probability(mu_r, mu_s, s_r, s_s):
    """Pf = Phi(-beta) = erfc(beta / sqrt 2) / 2."""
    beta = (mu_r - mu_s) / np.sqrt(s_r ** 2 + s_s ** 2)
    return 0.5 * special.erfc(beta / np.sqrt(2.0))


def lognormal_beta(mu_r, mu_s, v_r, v_s):
    """The lognormal format: ln(mu_R / mu_S) / sqrt(V_R^2 + V_S^2)."""
    return np.log(mu_r / mu_s) / np.sqrt(v_r ** 2 + v_s ** 2)


def lognormal_g(r, s):
    """A limit state on the log scale: ln R - ln S."""
    return np.log(r) - np.log(s)


# --- fatigue ----------------------------------------------------------------------------------------------------------
SF = 900.0  # MPa, the fatigue strength coefficient


def basquin_life(s, b):
    """Basquin's law inverted: N = (S / Sf)^(1 / b), b < 0."""
    return (s / SF) ** (1.0 / b)


def miner_damage(s, n, m):
    """Miner's sum of n_i / N_i with N_i = (S_i / Sf)^(-m)."""
    return np.sum(n / (s / SF) ** (-m))


def miner_damage_pow(s, n, m):
    """The same with each term written n_i (S_i / Sf)^m."""
    return np.sum(n * (s / SF) ** m)


# --- materials --------------------------------------------------------------------------------------------------------
EPS_C2, EPS_CU2 = 0.002, 0.0035


def parabola_rectangle(eps, fcd):
    """EC2's parabola-rectangle: fcd (1 - (1 - eps / eps_c2)^2) up to eps_c2, fcd beyond."""
    return np.where(eps < EPS_C2, fcd * (1.0 - (1.0 - eps / EPS_C2) ** 2), fcd)


def parabola_rectangle_n(eps, fcd, n):
    """The same with EC2's exponent n as an input (n = 2 up to C50/60, 1.75 for C70/85)."""
    return np.where(eps < EPS_C2, fcd * (1.0 - (1.0 - eps / EPS_C2) ** n), fcd)


def steel_bilinear(eps, e, fy):
    """Elastic-perfectly plastic steel: min(E eps, fy)."""
    return np.minimum(e * eps, fy)


def steel_hardening(eps, e, fy, eh):
    """Bilinear with hardening: min(E eps, fy + Eh (eps - fy / E))."""
    return np.minimum(e * eps, fy + eh * (eps - fy / e))


def steel_abs(eps, e, fy):
    """Tension and compression alike: sign(eps) min(E |eps|, fy)."""
    return np.sign(eps) * np.minimum(e * np.abs(eps), fy)


# --- hand-written rules -----------------------------------------------------------------------------------------------


@gradcli.custom_gradient
def _euler_l(length):
    p = np.pi ** 2 * 1.0 / length ** 2

    def grad_fn(upstream):
        return upstream * -2.0 * p / length
    return p, grad_fn


@gradcli.custom_gradient
def _euler_l_slip(length):
    p = np.pi ** 2 * 1.0 / length ** 2

    def grad_fn(upstream):
        return upstream * -p / length  # the exponent's 2 forgotten
    return p, grad_fn


def euler_rule(e, i, length):
    """Euler's load with L's slope written by hand."""
    return e * i * _euler_l(length)


def euler_rule_slip(e, i, length):
    return e * i * _euler_l_slip(length)


@gradcli.custom_gradient
def _vm(s1, s2, tau):
    v = np.sqrt(s1 ** 2 - s1 * s2 + s2 ** 2 + 3.0 * tau ** 2)

    def grad_fn(upstream):
        return (upstream * (2.0 * s1 - s2) / (2.0 * v), upstream * (2.0 * s2 - s1) / (2.0 * v),
                upstream * 3.0 * tau / v)
    return v, grad_fn


@gradcli.custom_gradient
def _vm_slip(s1, s2, tau):
    v = np.sqrt(s1 ** 2 - s1 * s2 + s2 ** 2 + 3.0 * tau ** 2)

    def grad_fn(upstream):
        return (upstream * (2.0 * s1 - s2) / (2.0 * v), upstream * (2.0 * s2 - s1) / (2.0 * v),
                upstream * 3.0 * tau / (2.0 * v))  # tau's 3 tau^2 differentiated as 3 tau
    return v, grad_fn


def von_mises_rule(s1, s2, tau):
    return _vm(s1, s2, tau)


def von_mises_rule_slip(s1, s2, tau):
    return _vm_slip(s1, s2, tau)


@gradcli.custom_gradient
def _yield(eps):
    s = np.minimum(200000.0 * eps, 355.0)

    def grad_fn(upstream):
        return upstream * np.where(200000.0 * eps < 355.0, 200000.0, 0.0)
    return s, grad_fn


def steel_rule(eps):
    """The bilinear law with a hand-written tangent stiffness."""
    return _yield(eps)


def ka_tfp(phi):
    """Rankine's Ka with its slope given by TFP's form: d/dphi = -2 cos / (1 + sin)^2 (per radian!)."""
    r = np.deg2rad(phi)
    ka = (1.0 - np.sin(r)) / (1.0 + np.sin(r))
    return gradcli.custom_gradient(ka, -2.0 * np.cos(r) / (1.0 + np.sin(r)) ** 2 * np.pi / 180.0, phi)


def ka_tfp_slip(phi):
    r = np.deg2rad(phi)
    ka = (1.0 - np.sin(r)) / (1.0 + np.sin(r))
    return gradcli.custom_gradient(ka, -2.0 * np.cos(r) / (1.0 + np.sin(r)) ** 2, phi)  # the degrees forgotten


def mohr_coulomb_sc(sigma, c, phi):
    """The same with tan written sin / cos."""
    r = np.deg2rad(phi)
    return c + sigma * np.sin(r) / np.cos(r)


def miner_one(s, n, m):
    """One block's damage n / N, N = (S / Sf)^(-m)."""
    return n / (s / SF) ** (-m)
