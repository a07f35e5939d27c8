"""A user's code on gradcli.numpy and gradcli.scipy, round 42c: trigonometry, hyperbolics, powers, polynomials, small
matrices and reductions where they break. Tides (a harmonic constituent's height at times of 1e9 s and 1e22 s, where
the phase omega t is rounded before the cosine sees it, beside the phase reduced by the tidal period first), surveying
(a traverse leg's bearing by arctan2 and its length by hypot and by the square root of the squares, a parcel's area by
the shoelace formula far from the origin and by the shoelace of offsets, a geodetic latitude from Earth-centred
coordinates), robotics (a two-link arm's elbow angle by arccos of the law of cosines at and near full extension, and by
the half-angle arctan2 form; the manipulability det J by linalg.det; a joint velocity by linalg.solve near a singular
pose), acoustics (Schroeder's backward-integrated decay curve by cumsum in decibels, a total sound pressure level by
10^(L/10) and by logsumexp), polynomials near a root (a seventh power expanded, by Horner and by polyval, beside its
factored form), powers (x**y at 0, a negative base with an integer exponent, cbrt at 0 and at subnormals), hyperbolic
identities (cosh^2 - sinh^2, arccosh and arctanh by their logarithms, rapidity), and statistics of nearly equal and of
huge numbers (var by the textbook E[x^2] - E[x]^2, std of 1e200s, a range by max and min at ties)."""

import gradcli.numpy as gnp
import gradcli.scipy.special as sps

# --- tides: one harmonic constituent h(t) = A cos(omega t - phase) -------------------------------------------------

M2_PERIOD = 44714.16  # the principal lunar semidiurnal tide, in seconds
M2_OMEGA = 2 * gnp.pi / M2_PERIOD
M2_AMPLITUDE = 1.2
M2_PHASE = 0.7


def tide_height(t):
    return gnp.sum(M2_AMPLITUDE * gnp.cos(M2_OMEGA * t - M2_PHASE))


def tide_height_reduced(t):
    """The phase taken modulo the period first, as tide tables do for far-off epochs."""
    cycles = gnp.fmod(t, M2_PERIOD)
    return gnp.sum(M2_AMPLITUDE * gnp.cos(M2_OMEGA * cycles - M2_PHASE))


def unit_circle(x):
    """sin^2 + cos^2: the constant 1."""
    return gnp.sum(gnp.sin(x) ** 2 + gnp.cos(x) ** 2)


def tan_sum(x):
    return gnp.sum(gnp.tan(x))


# --- surveying ------------------------------------------------------------------------------------------------------


def bearing(d):
    """The bearing of a traverse leg (east, north), clockwise from north."""
    return gnp.arctan2(d[0], d[1])


def leg_length(d):
    return gnp.hypot(d[0], d[1])


def leg_length_naive(d):
    return gnp.sqrt(d[0] ** 2 + d[1] ** 2)


def leg_length_norm(d):
    return gnp.linalg.norm(d)


def shoelace_area(x, y):
    """A polygon's area from its corners' coordinates, counter-clockwise."""
    return 0.5 * gnp.sum(x * gnp.roll(y, -1) - gnp.roll(x, -1) * y)


def shoelace_area_offsets(x, y):
    """The same from the corners' offsets to the first corner, as a surveyor's field book reduces them."""
    dx, dy = x - x[0], y - y[0]
    return 0.5 * gnp.sum(dx * gnp.roll(dy, -1) - gnp.roll(dx, -1) * dy)


WGS84_A = 6378137.0
WGS84_E2 = 6.69437999014e-3


def geodetic_latitude(p, z):
    """Latitude from the distance to the axis p and the height above the equator's plane z, one fixed-point step
    (a spherical first guess), in radians."""
    lat0 = gnp.arctan2(z, p)
    n = WGS84_A / gnp.sqrt(1 - WGS84_E2 * gnp.sin(lat0) ** 2)
    return gnp.arctan2(z + WGS84_E2 * n * gnp.sin(lat0), p)


# --- robotics: a planar two-link arm ------------------------------------------------------------------------------

L1, L2 = 1.0, 0.5


def elbow_angle(x, y):
    """The elbow angle by the law of cosines, as a textbook's inverse kinematics writes it."""
    c = (x ** 2 + y ** 2 - L1 ** 2 - L2 ** 2) / (2 * L1 * L2)
    return gnp.arccos(c)


def elbow_angle_atan2(x, y):
    """The half-angle form: 2 atan2(sqrt((l1 + l2)^2 - r^2), sqrt(r^2 - (l1 - l2)^2))."""
    r2 = x ** 2 + y ** 2
    return 2 * gnp.arctan2(gnp.sqrt((L1 + L2) ** 2 - r2), gnp.sqrt(r2 - (L1 - L2) ** 2))


def jacobian(q):
    s1, c1 = gnp.sin(q[0]), gnp.cos(q[0])
    s12, c12 = gnp.sin(q[0] + q[1]), gnp.cos(q[0] + q[1])
    return gnp.array([[-L1 * s1 - L2 * s12, -L2 * s12], [L1 * c1 + L2 * c12, L2 * c12]])


def manipulability(q):
    """Yoshikawa's measure for a square Jacobian: |det J|."""
    return gnp.abs(gnp.linalg.det(jacobian(q)))


def det_jacobian(q):
    return gnp.linalg.det(jacobian(q))


def log_manipulability(q):
    return gnp.linalg.slogdet(jacobian(q))[1]


TIP_VELOCITY = gnp.array([0.0, 1.0])


def joint_speed(q):
    """The joint rates that move the tip at TIP_VELOCITY, summed."""
    return gnp.sum(gnp.linalg.solve(jacobian(q), TIP_VELOCITY))


# --- acoustics ------------------------------------------------------------------------------------------------------


def schroeder_decay_db(h):
    """Schroeder's backward integration of an impulse response, in dB below the total, summed over the curve."""
    energy = gnp.cumsum(h[::-1] ** 2)[::-1]
    return gnp.sum(10 * gnp.log10(energy / energy[0]))


def total_level(levels):
    """The total sound pressure level of incoherent sources, 10 log10 sum 10^(L/10)."""
    return 10 * gnp.log10(gnp.sum(10 ** (levels / 10)))


def total_level_lse(levels):
    return 10 / gnp.log(10) * gnp.logsumexp(levels * gnp.log(10) / 10)


# --- polynomials near a root: (x - 1)^7 -----------------------------------------------------------------------------

COEFFS = [1.0, -7.0, 21.0, -35.0, 35.0, -21.0, 7.0, -1.0]


def septic_expanded(x):
    return gnp.sum(x ** 7 - 7 * x ** 6 + 21 * x ** 5 - 35 * x ** 4 + 35 * x ** 3 - 21 * x ** 2 + 7 * x - 1)


def septic_horner(x):
    acc = gnp.zeros_like(x)
    for c in COEFFS:
        acc = acc * x + c
    return gnp.sum(acc)


def septic_polyval(x):
    return gnp.sum(gnp.polyval(COEFFS, x))


def septic_factored(x):
    return gnp.sum((x - 1) ** 7)


# --- powers ---------------------------------------------------------------------------------------------------------


def power(x, y):
    return gnp.sum(x ** y)


def cube_root(x):
    return gnp.sum(gnp.cbrt(x))


def cube_root_pow(x):
    return gnp.sum(x ** (1 / 3))


# --- hyperbolics ----------------------------------------------------------------------------------------------------


def hyperbolic_unit(x):
    """cosh^2 - sinh^2: the constant 1."""
    return gnp.sum(gnp.cosh(x) ** 2 - gnp.sinh(x) ** 2)


def arccosh_log(x):
    return gnp.sum(gnp.log(x + gnp.sqrt(x * x - 1)))


def arccosh_lib(x):
    return gnp.sum(gnp.arccosh(x))


def rapidity_log(v):
    """The rapidity artanh(v) as (1/2) log((1 + v)/(1 - v))."""
    return gnp.sum(0.5 * gnp.log((1 + v) / (1 - v)))


def rapidity(v):
    return gnp.sum(gnp.arctanh(v))


def arcsin_sum(x):
    return gnp.sum(gnp.arcsin(x))


# --- statistics of nearly equal and of huge numbers ------------------------------------------------------------------


def variance_textbook(x):
    return gnp.mean(x ** 2) - gnp.mean(x) ** 2


def variance(x):
    return gnp.var(x)


def spread(x):
    return gnp.std(x)


def value_range(x):
    return gnp.max(x) - gnp.min(x)


def log_partial_products(x):
    """The log of a survival curve's running product, summed."""
    return gnp.sum(gnp.log(gnp.cumprod(x)))



def elbow_angle_stable(x, y):
    """The half-angle form with the reach r by hypot and both differences of squares factored."""
    r = gnp.hypot(x, y)
    return 2 * gnp.arctan2(gnp.sqrt((L1 + L2 - r) * (L1 + L2 + r)), gnp.sqrt((r - (L1 - L2)) * (r + (L1 - L2))))
