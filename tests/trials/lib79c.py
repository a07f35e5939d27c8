"""A user's code on gradcli.numpy, round 79c: astronomy and orbital mechanics as astronomers and mission designers write
it (Kepler's equation by a fixed number of Newton steps, true anomalies by atan2 and arccos, vis-viva, Stumpff
functions, hyperbolic and parabolic orbits, magnitudes and colours, distance moduli, Planck's law, the luminosity
distance by a trapezoid, the two-body potential bare and softened, a leapfrog orbit, a transit with limb darkening, a
radial-velocity chi-square), checked at ordinary points and where they break: e -> 1 at M = 0, circular orbits,
escape, the parabola e = 1, zero flux, x -> 0 and x = 800 in Planck's law, r -> 0, the stellar limb, first contact."""

import gradcli.numpy as np

# --- Kepler's equation ------------------------------------------------------------------------------------------------


def kepler_E(M, e):
    """Eccentric anomaly from M = E - e sin E: eight Newton steps from E0 = M + e sin M."""
    E = M + e * np.sin(M)
    for _ in range(8):
        E = E - (E - e * np.sin(E) - M) / (1.0 - e * np.cos(E))
    return E


def kepler_E_pi(M, e):
    """The same from E0 = pi (robust for every e < 1), fifty steps to be safe."""
    E = np.pi + 0.0 * M
    for _ in range(50):
        E = E - (E - e * np.sin(E) - M) / (1.0 - e * np.cos(E))
    return E


def kepler_E_pi8(M, e):
    """From E0 = pi, eight steps."""
    E = np.pi + 0.0 * M
    for _ in range(8):
        E = E - (E - e * np.sin(E) - M) / (1.0 - e * np.cos(E))
    return E


def true_anomaly(E, e):
    """nu = 2 atan2(sqrt(1 + e) sin(E/2), sqrt(1 - e) cos(E/2))."""
    return 2.0 * np.arctan2(np.sqrt(1.0 + e) * np.sin(E / 2.0), np.sqrt(1.0 - e) * np.cos(E / 2.0))


def true_anomaly_from_M(M, e):
    return true_anomaly(kepler_E(M, e), e)


MU = 1.0  # code units: G M = 1


def true_anomaly_rv(r, v):
    """The true anomaly from a state vector: the angle between the eccentricity vector and r, by arccos."""
    rn = np.sqrt(np.sum(r * r))
    e_vec = ((np.sum(v * v) - MU / rn) * r - np.sum(r * v) * v) / MU
    en = np.sqrt(np.sum(e_vec * e_vec))
    return np.arccos(np.sum(e_vec * r) / (en * rn))


def eccentricity(r, v):
    """|e| from the state vector."""
    rn = np.sqrt(np.sum(r * r))
    e_vec = ((np.sum(v * v) - MU / rn) * r - np.sum(r * v) * v) / MU
    return np.sqrt(np.sum(e_vec * e_vec))


# --- speeds -----------------------------------------------------------------------------------------------------------

GM_SUN = 1.32712440018e20  # m^3 / s^2


def vis_viva(r, a):
    """Orbital speed sqrt(mu (2/r - 1/a)), SI."""
    return np.sqrt(GM_SUN * (2.0 / r - 1.0 / a))


def vis_viva_inv(r, inv_a):
    """The same with 1/a as the parameter (1/a = 0: escape, the parabola; < 0: hyperbolic)."""
    return np.sqrt(GM_SUN * (2.0 / r - inv_a))


def escape_speed(r):
    return np.sqrt(2.0 * GM_SUN / r)


# --- universal variables ----------------------------------------------------------------------------------------------


def stumpff_c(z):
    """C(z) = (1 - cos sqrt z) / z, (cosh sqrt(-z) - 1) / (-z), 1/2 at z = 0 (Curtis, Algorithm 3.3)."""
    return np.where(z > 0, (1.0 - np.cos(np.sqrt(z))) / z,
                    np.where(z < 0, (np.cosh(np.sqrt(-z)) - 1.0) / (-z), 0.5))


def stumpff_s(z):
    """S(z) = (sqrt z - sin sqrt z) / sqrt(z)^3, (sinh sqrt(-z) - sqrt(-z)) / sqrt(-z)^3, 1/6 at z = 0."""
    return np.where(z > 0, (np.sqrt(z) - np.sin(np.sqrt(z))) / np.sqrt(z) ** 3,
                    np.where(z < 0, (np.sinh(np.sqrt(-z)) - np.sqrt(-z)) / np.sqrt(-z) ** 3, 1.0 / 6.0))


def stumpff_c_safe(z):
    """C(z) with each branch's argument kept in its own domain (the double where)."""
    zp = np.where(z > 0, z, 1.0)
    zn = np.where(z < 0, -z, 1.0)
    return np.where(z > 0, (1.0 - np.cos(np.sqrt(zp))) / zp,
                    np.where(z < 0, (np.cosh(np.sqrt(zn)) - 1.0) / zn, 0.5))


def stumpff_c_series(z):
    """C(z) by its series to z^5, as some codes do near z = 0."""
    return 0.5 - z / 24.0 + z * z / 720.0 - z ** 3 / 40320.0 + z ** 4 / 3628800.0 - z ** 5 / 479001600.0


# --- hyperbolic and parabolic orbits ----------------------------------------------------------------------------------


def hyperbolic_H(M, e):
    """M = e sinh H - H by ten Newton steps from H0 = asinh(M / e)."""
    H = np.arcsinh(M / e)
    for _ in range(10):
        H = H - (e * np.sinh(H) - H - M) / (e * np.cosh(H) - 1.0)
    return H


def hyperbolic_H_from_nu(nu, e):
    """cosh H = (e + cos nu) / (1 + e cos nu)."""
    return np.arccosh((e + np.cos(nu)) / (1.0 + e * np.cos(nu)))


def hyperbolic_H_tanh(nu, e):
    """tanh(H/2) = sqrt((e - 1)/(e + 1)) tan(nu/2)."""
    return 2.0 * np.arctanh(np.sqrt((e - 1.0) / (e + 1.0)) * np.tan(nu / 2.0))


def barker_nu(Mp):
    """Parabolic: Barker's equation Mp = D/2 + D^3/6, D = tan(nu/2), solved in closed form."""
    D = 2.0 * np.sinh(np.arcsinh(3.0 * Mp) / 3.0)
    return 2.0 * np.arctan(D)


# --- photometry -------------------------------------------------------------------------------------------------------

ZP = 25.0  # the zero point


def app_mag(flux):
    return -2.5 * np.log10(flux) + ZP


def colour(f_b, f_v):
    """B - V from two fluxes."""
    return -2.5 * np.log10(f_b / f_v)


B_SOFT = 1e-10  # the softening of SDSS's asinh magnitudes


def luptitude(flux):
    """SDSS asinh magnitude: -(2.5 / ln 10) (asinh(f / 2b) + ln b)."""
    return -(2.5 / np.log(10.0)) * (np.arcsinh(flux / (2.0 * B_SOFT)) + np.log(B_SOFT))


def distance_modulus_parallax(p):
    """m - M = 5 log10(d / 10 pc), d = 1 / p (p in arcseconds)."""
    return 5.0 * np.log10((1.0 / p) / 10.0)


# --- blackbodies ------------------------------------------------------------------------------------------------------


def planck_x(x):
    """Planck's law in x = h nu / k T: x^3 / (e^x - 1)."""
    return x ** 3 / np.expm1(x)


def planck_x_stable(x):
    """The same as x^3 e^-x / (1 - e^-x)."""
    return x ** 3 * np.exp(-x) / -np.expm1(-x)


H_PLANCK = 6.62607015e-34
C_LIGHT = 2.99792458e8
K_BOLTZ = 1.380649e-23


def planck_lambda(lam, T):
    """B_lambda(T) = 2 h c^2 / lambda^5 / (exp(h c / lambda k T) - 1), SI."""
    return 2.0 * H_PLANCK * C_LIGHT ** 2 / lam ** 5 / np.expm1(H_PLANCK * C_LIGHT / (lam * K_BOLTZ * T))


# --- cosmology --------------------------------------------------------------------------------------------------------

C_KMS = 299792.458
GRID = np.linspace(0.0, 1.0, 101)


def lum_distance(z, om, h0):
    """Flat LambdaCDM luminosity distance in Mpc, the comoving integral by a trapezoid on 101 points."""
    zs = z * GRID
    ez = np.sqrt(om * (1.0 + zs) ** 3 + (1.0 - om))
    dc = C_KMS / h0 * np.trapezoid(1.0 / ez, zs)
    return (1.0 + z) * dc


def lum_distance_ol(z, om, ol):
    """The same with Omega_Lambda free (H0 = 70)."""
    zs = z * GRID
    ez = np.sqrt(om * (1.0 + zs) ** 3 + ol)
    return (1.0 + z) * C_KMS / 70.0 * np.trapezoid(1.0 / ez, zs)


def distance_modulus(z):
    """mu = 5 log10(D_L / Mpc) + 25 at Omega_m = 0.3, H0 = 70."""
    return 5.0 * np.log10(lum_distance(z, 0.3, 70.0)) + 25.0


# --- gravity ----------------------------------------------------------------------------------------------------------

GM_EARTH = 3.986004418e14


def potential(r):
    """-mu / |r|, SI."""
    return -GM_EARTH / np.sqrt(np.sum(r * r))


def potential_soft(r, eps):
    """Plummer-softened: -mu / sqrt(r^2 + eps^2) (code units)."""
    return -MU / np.sqrt(np.sum(r * r) + eps * eps)


def _accel(x):
    return -MU * x / np.sum(x * x) ** 1.5


def leapfrog(r0, v0):
    """Kick-drift-kick, fifty steps of dt = 0.05; the loss is the final x coordinate."""
    dt = 0.05
    x, v = r0, v0
    a = _accel(x)
    for _ in range(50):
        v = v + 0.5 * dt * a
        x = x + dt * v
        a = _accel(x)
        v = v + 0.5 * dt * a
    return x[0]


def leapfrog_energy(r0, v0):
    """The same orbit's final energy, v^2/2 - mu/r."""
    dt = 0.05
    x, v = r0, v0
    a = _accel(x)
    for _ in range(50):
        v = v + 0.5 * dt * a
        x = x + dt * v
        a = _accel(x)
        v = v + 0.5 * dt * a
    return 0.5 * np.sum(v * v) - MU / np.sqrt(np.sum(x * x))


# --- transits ---------------------------------------------------------------------------------------------------------

U1, U2 = 0.4, 0.25  # quadratic limb darkening


def limb_intensity(r):
    """I(r) / I(0) = 1 - u1 (1 - mu) - u2 (1 - mu)^2, mu = sqrt(1 - r^2)."""
    mu = np.sqrt(1.0 - r * r)
    return 1.0 - U1 * (1.0 - mu) - U2 * (1.0 - mu) ** 2


def transit_depth(x, y, p):
    """A small planet's depth: p^2 I(z) / <I>, z its projected distance from the disc's centre."""
    z = np.sqrt(x * x + y * y)
    return p * p * limb_intensity(z) / (1.0 - U1 / 3.0 - U2 / 6.0)


def transit_depth_where(x, y, p):
    """The same, 0 off the disc."""
    z = np.sqrt(x * x + y * y)
    return np.where(z < 1.0, p * p * limb_intensity(z) / (1.0 - U1 / 3.0 - U2 / 6.0), 0.0)


def transit_depth_where2(x, y, p):
    """The same with z replaced by 0 where it is not taken (the double where)."""
    z = np.sqrt(x * x + y * y)
    zs = np.where(z < 1.0, z, 0.0)
    return np.where(z < 1.0, p * p * limb_intensity(zs) / (1.0 - U1 / 3.0 - U2 / 6.0), 0.0)


def overlap_area(z, p):
    """Mandel & Agol's uniform-source overlap (the area of a planet of radius p at distance z, over pi), in ingress."""
    k0 = np.arccos((p * p + z * z - 1.0) / (2.0 * p * z))
    k1 = np.arccos((1.0 - p * p + z * z) / (2.0 * z))
    return (p * p * k0 + k1 - 0.5 * np.sqrt(4.0 * z * z - (1.0 + z * z - p * p) ** 2)) / np.pi


def overlap_where(z, p):
    """The same, 0 once the planet is off the disc (z >= 1 + p)."""
    return np.where(z < 1.0 + p, overlap_area(z, p), 0.0)


# --- radial velocities ------------------------------------------------------------------------------------------------

T_OBS = np.array([0.0, 1.3, 2.9, 4.1, 7.7, 12.2, 15.0, 21.6, 33.3, 47.9, 88.1, 150.4])  # days
V_OBS = np.array([12.1, -30.4, 41.0, -5.2, 22.3, -44.8, 38.5, 3.1, -18.7, 35.0, -40.2, 10.9])  # m/s
SIG_OBS = np.array([2.0, 2.5, 2.0, 3.0, 2.0, 2.2, 2.0, 2.6, 3.1, 2.0, 2.4, 2.0])


def rv_chi2(K, P, phi, gamma):
    """A circular orbit's chi-square against the velocities."""
    model = K * np.sin(2.0 * np.pi * T_OBS / P + phi) + gamma
    return np.sum(((V_OBS - model) / SIG_OBS) ** 2)


def rv_kepler_chi2(K, P, e, w):
    """A Keplerian orbit's chi-square (periastron at t = 0, gamma = 0): v = K (cos(nu + w) + e cos w)."""
    M = 2.0 * np.pi * T_OBS / P
    nu = true_anomaly_from_M(M, e)
    model = K * (np.cos(nu + w) + e * np.cos(w))
    return np.sum(((V_OBS - model) / SIG_OBS) ** 2)
