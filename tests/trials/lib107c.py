"""A user's code on gradcli.numpy, round 107c: the formulas hydraulic and process engineers fit or differentiate (the
Darcy friction factor by Colebrook-White in fixed-point and Newton iterations with the laminar 64 / Re below Re =
2300, Swamee-Jain, Haaland and Churchill's all-regime correlation, Darcy-Weisbach and Hazen-Williams head losses,
orifice and valve flow, Bernoulli, a pump's operating point on a system curve, choked nozzle flow, open-channel
critical depth, Schiller-Naumann drag and a settling particle's terminal velocity, and a Moody chart read off a
table by log-interpolation)."""

import gradcli.numpy as np

G = 9.80665  # m s^-2
RHO_W = 998.2  # kg m^-3, water at 20 C
MU_W = 1.002e-3  # Pa s
RE_CRIT = 2300.0
GAMMA = 1.4
R_AIR = 287.05
LN10 = 2.302585092994046  # math.log(10)


# --- the Darcy friction factor ---------------------------------------------------------------------------------------


def reynolds(rho, V, D, mu):
    return rho * V * D / mu


def colebrook(Re, eps_D):
    """Colebrook-White 1 / sqrt(f) = -2 log10(eps / 3.7 D + 2.51 / (Re sqrt(f))), by fixed-point iteration on
    x = 1 / sqrt(f) from x = 8 (30 sweeps: it contracts by about 0.1 a sweep)."""
    x = 8.0
    for _ in range(30):
        x = -2.0 * np.log10(eps_D / 3.7 + 2.51 * x / Re)
    return 1.0 / x ** 2


def colebrook_newton(Re, eps_D):
    """The same equation by Newton's method on F(x) = x + 2 log10(eps / 3.7 + 2.51 x / Re), from Swamee-Jain's x."""
    a = eps_D / 3.7
    b = 2.51 / Re
    x = -2.0 * np.log10(a + 5.74 / Re ** 0.9)
    for _ in range(6):
        s = a + b * x
        F = x + 2.0 * np.log10(s)
        dF = 1.0 + 2.0 * b / (s * LN10)
        x = x - F / dF
    return 1.0 / x ** 2


def friction_factor(Re, eps_D):
    """Laminar 64 / Re below Re = 2300, Colebrook above: one np.where over both."""
    return np.where(Re < RE_CRIT, 64.0 / Re, colebrook(Re, eps_D))


def swamee_jain(Re, eps_D):
    return 0.25 / np.log10(eps_D / 3.7 + 5.74 / Re ** 0.9) ** 2


def haaland(Re, eps_D):
    """1 / sqrt(f) = -1.8 log10((eps / 3.7)^1.11 + 6.9 / Re)."""
    x = -1.8 * np.log10((eps_D / 3.7) ** 1.11 + 6.9 / Re)
    return 1.0 / x ** 2


def churchill(Re, eps_D):
    """Churchill (1977), every regime: f = 8 ((8 / Re)^12 + (A + B)^-1.5)^(1/12)."""
    A = (2.457 * np.log(1.0 / ((7.0 / Re) ** 0.9 + 0.27 * eps_D))) ** 16
    B = (37530.0 / Re) ** 16
    return 8.0 * ((8.0 / Re) ** 12 + (A + B) ** -1.5) ** (1.0 / 12.0)


# --- head losses -----------------------------------------------------------------------------------------------------


def darcy_weisbach(f, L, D, V):
    return f * L / D * V ** 2 / (2.0 * G)


def pipe_head_loss(Q, D, L, eps):
    """Q in m^3/s through a pipe: V, Re, Swamee-Jain, Darcy-Weisbach."""
    A = np.pi * D ** 2 / 4.0
    V = Q / A
    Re = RHO_W * V * D / MU_W
    f = 0.25 / np.log10(eps / (3.7 * D) + 5.74 / Re ** 0.9) ** 2
    return f * L / D * V ** 2 / (2.0 * G)


def hazen_williams(Q, C, D):
    """h_f per metre (SI): 10.67 Q^1.852 / (C^1.852 D^4.8704)."""
    return 10.67 * Q ** 1.852 / (C ** 1.852 * D ** 4.8704)


def hazen_williams_signed(Q, C, D):
    """Flow either way in a network solver: sign(Q) |Q|^1.852."""
    return 10.67 * np.sign(Q) * np.abs(Q) ** 1.852 / (C ** 1.852 * D ** 4.8704)


def hazen_williams_where(Q, C, D):
    return 10.67 * np.where(Q >= 0, Q ** 1.852, -(-Q) ** 1.852) / (C ** 1.852 * D ** 4.8704)


# --- orifices, valves, Bernoulli -------------------------------------------------------------------------------------


def orifice_flow(dp, rho, Cd, A):
    """Q = Cd A sqrt(2 dp / rho), no back-flow: dp clamped at 0 by np.maximum."""
    return Cd * A * np.sqrt(2.0 * np.maximum(dp, 0.0) / rho)


def orifice_flow_safe(dp, rho, Cd, A):
    """The same with the double where: sqrt never sees a non-positive number."""
    pos = dp > 0
    safe = np.where(pos, dp, 1.0)
    return np.where(pos, Cd * A * np.sqrt(2.0 * safe / rho), 0.0)


def valve_flow(dp, Kv):
    """Kv in m^3/h per sqrt(bar), either way through the valve: Kv sign(dp) sqrt(|dp| / 1 bar) (water)."""
    return Kv * np.sign(dp) * np.sqrt(np.abs(dp) / 1e5)


def bernoulli_p2(p1, v1, z1, v2, z2):
    return p1 + 0.5 * RHO_W * (v1 ** 2 - v2 ** 2) + RHO_W * G * (z1 - z2)


def bernoulli_v2(p1, v1, z1, p2, z2):
    return np.sqrt(v1 ** 2 + 2.0 * (p1 - p2) / RHO_W + 2.0 * G * (z1 - z2))


# --- pumps ----------------------------------------------------------------------------------------------------------


def pump_head(Q, H0, b, a):
    return H0 + b * Q - a * Q ** 2


def operating_flow(H0, b, a, Hs, k):
    """The pump H0 + b Q - a Q^2 meets the system Hs + k Q^2: (a + k) Q^2 - b Q - (H0 - Hs) = 0, the positive root by
    the school formula."""
    A = a + k
    C = H0 - Hs
    return (b + np.sqrt(b ** 2 + 4.0 * A * C)) / (2.0 * A)


def operating_flow_stable(H0, b, a, Hs, k):
    """The same root without the cancellation for a drooping curve (b <= 0): 2 C / (sqrt(b^2 + 4 A C) - b)."""
    A = a + k
    C = H0 - Hs
    return 2.0 * C / (np.sqrt(b ** 2 + 4.0 * A * C) - b)


def operating_flow_simple(H0, a, Hs, k):
    """b = 0: Q = sqrt((H0 - Hs) / (a + k))."""
    return np.sqrt((H0 - Hs) / (a + k))


# --- compressible: choked flow through a nozzle ----------------------------------------------------------------------


def nozzle_mass_flow(p0, T0, pb, A):
    """Isentropic nozzle: the pressure ratio held at the critical 0.528 once the throat chokes (np.maximum)."""
    crit = (2.0 / (GAMMA + 1.0)) ** (GAMMA / (GAMMA - 1.0))
    r = np.maximum(pb / p0, crit)
    psi = np.sqrt(2.0 * GAMMA / (GAMMA - 1.0) * (r ** (2.0 / GAMMA) - r ** ((GAMMA + 1.0) / GAMMA)))
    return A * p0 / np.sqrt(R_AIR * T0) * psi


def flow_function(r):
    """The dimensionless mass-flow function psi(r) of the same nozzle, held at its choked maximum below the critical
    pressure ratio."""
    crit = (2.0 / (GAMMA + 1.0)) ** (GAMMA / (GAMMA - 1.0))
    r = np.maximum(r, crit)
    return np.sqrt(2.0 * GAMMA / (GAMMA - 1.0) * (r ** (2.0 / GAMMA) - r ** ((GAMMA + 1.0) / GAMMA)))


def nozzle_mass_flow_where(p0, T0, pb, A):
    """The same switched by np.where: the choked formula below the critical ratio, the subsonic one above."""
    crit = (2.0 / (GAMMA + 1.0)) ** (GAMMA / (GAMMA - 1.0))
    r = pb / p0
    choked = GAMMA ** 0.5 * (2.0 / (GAMMA + 1.0)) ** ((GAMMA + 1.0) / (2.0 * (GAMMA - 1.0)))
    sub = np.sqrt(2.0 * GAMMA / (GAMMA - 1.0) * (r ** (2.0 / GAMMA) - r ** ((GAMMA + 1.0) / GAMMA)))
    return A * p0 / np.sqrt(R_AIR * T0) * np.where(r < crit, choked, sub)


# --- open channels ---------------------------------------------------------------------------------------------------


def critical_depth(Q, b):
    """Rectangular channel: y_c = (q^2 / g)^(1/3), q = Q / b."""
    q = Q / b
    return (q ** 2 / G) ** (1.0 / 3.0)


def critical_depth_cbrt(Q, b):
    return np.cbrt((Q / b) ** 2 / G)


def froude(Q, b, y):
    return Q / (b * y) / np.sqrt(G * y)


# --- particles -------------------------------------------------------------------------------------------------------


def schiller_naumann(Re):
    """C_D = 24 / Re (1 + 0.15 Re^0.687), Re < 1000."""
    return 24.0 / Re * (1.0 + 0.15 * Re ** 0.687)


def schiller_naumann_expanded(Re):
    return 24.0 / Re + 3.6 * Re ** -0.313


def drag_force(Re, mu, d, v):
    """F = C_D (pi d^2 / 4) rho v^2 / 2 written as 3 pi mu d v (C_D Re / 24): finite at Re = 0."""
    return 3.0 * np.pi * mu * d * v * (1.0 + 0.15 * Re ** 0.687)


def terminal_velocity(d, rho_p):
    """A sphere settling in water: v = sqrt(4 g d (rho_p - rho) / (3 C_D rho)), C_D by Schiller-Naumann at Re = rho v d
    / mu, by fixed-point iteration from Stokes' law (60 sweeps)."""
    v = (rho_p - RHO_W) * G * d ** 2 / (18.0 * MU_W)
    for _ in range(60):
        Re = RHO_W * v * d / MU_W
        cd = 24.0 / Re * (1.0 + 0.15 * Re ** 0.687)
        v = np.sqrt(4.0 * G * d * (rho_p - RHO_W) / (3.0 * cd * RHO_W))
    return v


# --- the Moody chart read off a table --------------------------------------------------------------------------------

MOODY_RE = np.array([4e3, 1e4, 1e5, 1e6, 1e7])
MOODY_F = np.array([0.0399, 0.0309, 0.0180, 0.0116, 0.0081])  # smooth pipe


def moody_lookup(Re):
    """Straight lines on log-log paper: f = exp(interp(log Re, log Re_i, log f_i))."""
    return np.exp(np.interp(np.log(Re), np.log(MOODY_RE), np.log(MOODY_F)))


def moody_lookup10(Re):
    return 10.0 ** np.interp(np.log10(Re), np.log10(MOODY_RE), np.log10(MOODY_F))
