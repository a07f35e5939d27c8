"""A user's code on gradcli.numpy, round 106c: the formulas aerospace engineers fit or differentiate (the
International Standard Atmosphere's troposphere and isothermal layer, dynamic pressure and Mach number, isentropic and
normal-shock ratios, the Prandtl-Meyer angle, the rocket equation, drag polars and lift-to-drag, a stall clamp,
Sutton-Graves re-entry heating, an exponential thermosphere, Breguet range and endurance, glide, orbital energy and
Hohmann transfers)."""

import gradcli.numpy as np

# --- the International Standard Atmosphere (ICAO 1993), SI units ----------------------------------------------------
G0 = 9.80665  # m s^-2
R_AIR = 287.05287  # J kg^-1 K^-1
GAMMA = 1.4
T0 = 288.15  # K
P0 = 101325.0  # Pa
RHO0 = 1.225  # kg m^-3
LAPSE = 0.0065  # K m^-1
H11 = 11000.0  # m, the tropopause
T11 = 216.65  # K
EXPO = G0 / (R_AIR * LAPSE)  # 5.2559
P11 = P0 * (T11 / T0) ** EXPO  # 22632 Pa
SCALE11 = G0 / (R_AIR * T11)  # 1 / 6341.6 m
GR = GAMMA * R_AIR


def isa_temperature(h):
    return np.where(h < H11, T0 - LAPSE * h, T11)


def isa_pressure(h):
    """Troposphere: p0 (T / T0)^(g / (R L)); above 11 km the isothermal layer's exponential."""
    T = np.where(h < H11, T0 - LAPSE * h, T11)
    return np.where(h < H11, P0 * (T / T0) ** EXPO, P11 * np.exp(-SCALE11 * (h - H11)))


def isa_pressure_naive(h):
    """The same, with the troposphere's power law written in h (its base turns negative above 44.3 km)."""
    return np.where(h < H11, P0 * (1.0 - LAPSE / T0 * h) ** EXPO, P11 * np.exp(-SCALE11 * (h - H11)))


def isa_density(h):
    T = np.where(h < H11, T0 - LAPSE * h, T11)
    p = np.where(h < H11, P0 * (T / T0) ** EXPO, P11 * np.exp(-SCALE11 * (h - H11)))
    return p / (R_AIR * T)


def exp_density(h, H):
    """An exponential atmosphere rho0 e^(-h / H)."""
    return RHO0 * np.exp(-h / H)


def drag_deceleration(h, v, H, beta):
    """rho v^2 / (2 beta) in an exponential atmosphere, beta the ballistic coefficient m / (C_D A)."""
    return RHO0 * np.exp(-h / H) * v ** 2 / (2.0 * beta)


# --- speeds and compressible flow ---


def dynamic_pressure(rho, v):
    return 0.5 * rho * v ** 2


def speed_of_sound(T):
    return np.sqrt(GR * T)


def mach(v, T):
    return v / np.sqrt(GR * T)


def dynamic_pressure_mach(p, M):
    """q = gamma p M^2 / 2."""
    return GAMMA / 2.0 * p * M ** 2


def isentropic_p0_p(M):
    """p0 / p = (1 + (gamma - 1) / 2 M^2)^(gamma / (gamma - 1))."""
    return (1.0 + (GAMMA - 1.0) / 2.0 * M ** 2) ** (GAMMA / (GAMMA - 1.0))


def isentropic_T0_T(M):
    return 1.0 + (GAMMA - 1.0) / 2.0 * M ** 2


def shock_pressure_ratio(M):
    """p2 / p1 across a normal shock, 1 where the flow is subsonic (no shock)."""
    return np.where(M > 1.0, 1.0 + 2.0 * GAMMA / (GAMMA + 1.0) * (M ** 2 - 1.0), 1.0)


def shock_density_ratio(M):
    return (GAMMA + 1.0) * M ** 2 / ((GAMMA - 1.0) * M ** 2 + 2.0)


def shock_mach2(M):
    """The Mach number behind a normal shock."""
    return np.sqrt((1.0 + (GAMMA - 1.0) / 2.0 * M ** 2) / (GAMMA * M ** 2 - (GAMMA - 1.0) / 2.0))


def prandtl_meyer(M):
    """nu(M) = sqrt(k) arctan(sqrt((M^2 - 1) / k)) - arctan(sqrt(M^2 - 1)), k = (gamma + 1) / (gamma - 1)."""
    k = (GAMMA + 1.0) / (GAMMA - 1.0)
    return np.sqrt(k) * np.arctan(np.sqrt((M ** 2 - 1.0) / k)) - np.arctan(np.sqrt(M ** 2 - 1.0))


# --- rockets ---


def tsiolkovsky(isp, m0, mf):
    """delta-v = Isp g0 ln(m0 / mf)."""
    return isp * G0 * np.log(m0 / mf)


def propellant_fraction(dv, isp):
    """1 - mf / m0 for a delta-v: 1 - exp(-dv / (Isp g0))."""
    return 1.0 - np.exp(-dv / (isp * G0))


# --- aerodynamics ---


def drag_polar(CL, CD0, k):
    return CD0 + k * CL ** 2


def lift_to_drag(CL, CD0, k):
    return CL / (CD0 + k * CL ** 2)


def max_lift_to_drag(CD0, k):
    """(L/D)_max = 1 / (2 sqrt(k CD0)), at CL = sqrt(CD0 / k)."""
    return 1.0 / (2.0 * np.sqrt(k * CD0))


def induced_k(AR, e):
    return 1.0 / (np.pi * e * AR)


CLA = 5.0  # per rad
CLMAX = 1.5
CLMIN = -1.0


def lift_stalled(alpha):
    """C_L = a alpha, held at C_L,max past the stall."""
    return np.minimum(CLA * alpha, CLMAX)


def lift_clipped(alpha, clmax):
    return np.clip(CLA * alpha, CLMIN, clmax)


def lift_force(alpha, v, S):
    """L = q S C_L with the stall clamp, sea-level air."""
    return 0.5 * RHO0 * v ** 2 * S * np.minimum(CLA * alpha, CLMAX)


# --- re-entry ---

SG_K = 1.7415e-4  # Sutton-Graves constant for Earth, kg^0.5 m^-1 (W m^-2 with SI units)


def sutton_graves(rho, rn, v):
    """Stagnation-point convective heat flux K sqrt(rho / r_n) v^3."""
    return SG_K * np.sqrt(rho / rn) * v ** 3


# --- cruise ---


def breguet_range(V, LD, c, W0, W1):
    """Jet aircraft: R = V / c (L / D) ln(W0 / W1)."""
    return V / c * LD * np.log(W0 / W1)


def breguet_endurance(LD, c, W0, W1):
    return LD / c * np.log(W0 / W1)


def glide_range(h, CD0, k):
    """Still-air range from height h at the best glide: h (L / D)_max."""
    return h / (2.0 * np.sqrt(k * CD0))


def glide_ratio(gamma):
    """L / D = 1 / tan(gamma) for a glide path angle gamma."""
    return 1.0 / np.tan(gamma)


# --- orbits ---


def orbital_energy(v, r, mu):
    """Specific orbital energy v^2 / 2 - mu / r (0 at escape)."""
    return v ** 2 / 2.0 - mu / r


def escape_speed(r, mu):
    return np.sqrt(2.0 * mu / r)


def hyperbolic_excess(v, r, mu):
    """v_inf = sqrt(v^2 - 2 mu / r)."""
    return np.sqrt(v ** 2 - 2.0 * mu / r)


def hohmann_dv(r1, r2, mu):
    """Total delta-v of a Hohmann transfer from r1 to r2 (> r1), by the vis-viva speeds."""
    dv1 = np.sqrt(2.0 * mu / r1 - 2.0 * mu / (r1 + r2)) - np.sqrt(mu / r1)
    dv2 = np.sqrt(mu / r2) - np.sqrt(2.0 * mu / r2 - 2.0 * mu / (r1 + r2))
    return dv1 + dv2


def hohmann_dv_abs(r1, r2, mu):
    """The same for either direction: |dv1| + |dv2|."""
    dv1 = np.sqrt(2.0 * mu / r1 - 2.0 * mu / (r1 + r2)) - np.sqrt(mu / r1)
    dv2 = np.sqrt(mu / r2) - np.sqrt(2.0 * mu / r2 - 2.0 * mu / (r1 + r2))
    return np.abs(dv1) + np.abs(dv2)


MCRIT = 0.7  # critical Mach number


def lock_drag(M):
    """Lock's drag-divergence rise 20 (M - M_crit)^4 above the critical Mach number."""
    return np.where(M > MCRIT, 20.0 * (M - MCRIT) ** 4, 0.0)


CLMAX_FLAPS = 1.3  # the clean wing's usable C_L,max


def cl_required(W, q, S):
    """The lift coefficient level flight needs, W / (q S), held at C_L,max (the stall)."""
    return np.minimum(W / (q * S), CLMAX_FLAPS)


def cl_capped(W, q, S):
    """The same written with a where."""
    cl = W / (q * S)
    return np.where(cl > CLMAX_FLAPS, CLMAX_FLAPS, cl)
