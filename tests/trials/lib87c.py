"""A user's code on gradcli.numpy, round 87c: geodesy and navigation as navigation and GIS codes differentiate them
(great-circle distance by the spherical law of cosines and by haversine, the initial bearing, Vincenty's inverse
formula for a fixed number of iterations, geodetic to ECEF coordinates and back by Bowring's formula, the Mercator
projection, a rhumb line, the cross-track distance, a least-squares position fix from ranges, dead reckoning with a
heading wrapped by mod 2 pi). Angles in radians, distances in km (the sphere) or metres (WGS84)."""

import gradcli.numpy as np

R_EARTH = 6371.0  # mean radius, km
A_WGS84 = 6378137.0  # semi-major axis, m
F_WGS84 = 1 / 298.257223563
B_WGS84 = A_WGS84 * (1 - F_WGS84)
E2 = F_WGS84 * (2 - F_WGS84)  # first eccentricity squared
EP2 = E2 / (1 - E2)  # second eccentricity squared
BEACONS = np.array([[0.0, 0.0], [100.0, 0.0], [0.0, 80.0]])  # range beacons, m


# --- great-circle distance and bearing --------------------------------------------------------------------------------


def gc_distance_cos(phi1, lam1, phi2, lam2):
    """Great-circle distance by the spherical law of cosines."""
    c = np.sin(phi1) * np.sin(phi2) + np.cos(phi1) * np.cos(phi2) * np.cos(lam2 - lam1)
    return R_EARTH * np.arccos(c)


def gc_distance_cos_clip(phi1, lam1, phi2, lam2):
    """The same with the usual guard against rounding outside [-1, 1]."""
    c = np.sin(phi1) * np.sin(phi2) + np.cos(phi1) * np.cos(phi2) * np.cos(lam2 - lam1)
    return R_EARTH * np.arccos(np.clip(c, -1.0, 1.0))


def haversine(phi1, lam1, phi2, lam2):
    """Great-circle distance by the haversine formula, h clipped at 1 as most implementations do."""
    dphi = phi2 - phi1
    dlam = lam2 - lam1
    h = np.sin(dphi / 2) ** 2 + np.cos(phi1) * np.cos(phi2) * np.sin(dlam / 2) ** 2
    return 2 * R_EARTH * np.arcsin(np.sqrt(np.minimum(h, 1.0)))


def haversine_atan2(phi1, lam1, phi2, lam2):
    """The haversine distance by 2 atan2(sqrt(h), sqrt(1 - h)) (the movable-type scripts' form)."""
    dphi = phi2 - phi1
    dlam = lam2 - lam1
    h = np.sin(dphi / 2) ** 2 + np.cos(phi1) * np.cos(phi2) * np.sin(dlam / 2) ** 2
    return 2 * R_EARTH * np.arctan2(np.sqrt(h), np.sqrt(1 - h))


def initial_bearing(phi1, lam1, phi2, lam2):
    """Forward azimuth from point 1 to point 2, radians clockwise from north."""
    dlam = lam2 - lam1
    y = np.sin(dlam) * np.cos(phi2)
    x = np.cos(phi1) * np.sin(phi2) - np.sin(phi1) * np.cos(phi2) * np.cos(dlam)
    return np.arctan2(y, x)


def bearing_deg(phi1, lam1, phi2, lam2):
    """The bearing as a compass reading in degrees, wrapped into [0, 360)."""
    return np.mod(np.degrees(initial_bearing(phi1, lam1, phi2, lam2)) + 360.0, 360.0)


# --- Vincenty's inverse formula on WGS84 ------------------------------------------------------------------------------


def vincenty(phi1, lam1, phi2, lam2, iterations=6):
    """Vincenty (1975) inverse: the geodesic distance in metres, a fixed number of iterations (no convergence test, as
    code that is differentiated is often written)."""
    a, b, f = A_WGS84, B_WGS84, F_WGS84
    U1 = np.arctan((1 - f) * np.tan(phi1))
    U2 = np.arctan((1 - f) * np.tan(phi2))
    L = lam2 - lam1
    lam = L
    for _ in range(iterations):
        sin_sigma = np.sqrt((np.cos(U2) * np.sin(lam)) ** 2
                            + (np.cos(U1) * np.sin(U2) - np.sin(U1) * np.cos(U2) * np.cos(lam)) ** 2)
        cos_sigma = np.sin(U1) * np.sin(U2) + np.cos(U1) * np.cos(U2) * np.cos(lam)
        sigma = np.arctan2(sin_sigma, cos_sigma)
        sin_alpha = np.cos(U1) * np.cos(U2) * np.sin(lam) / sin_sigma
        cos2_alpha = 1 - sin_alpha ** 2
        cos_2sm = cos_sigma - 2 * np.sin(U1) * np.sin(U2) / cos2_alpha
        C = f / 16 * cos2_alpha * (4 + f * (4 - 3 * cos2_alpha))
        lam = L + (1 - C) * f * sin_alpha * (
            sigma + C * sin_sigma * (cos_2sm + C * cos_sigma * (-1 + 2 * cos_2sm ** 2)))
    u2 = cos2_alpha * (a ** 2 - b ** 2) / b ** 2
    A = 1 + u2 / 16384 * (4096 + u2 * (-768 + u2 * (320 - 175 * u2)))
    B = u2 / 1024 * (256 + u2 * (-128 + u2 * (74 - 47 * u2)))
    d_sigma = B * sin_sigma * (cos_2sm + B / 4 * (cos_sigma * (-1 + 2 * cos_2sm ** 2)
                                                  - B / 6 * cos_2sm * (-3 + 4 * sin_sigma ** 2) * (-3 + 4 * cos_2sm ** 2)))
    return b * A * (sigma - d_sigma)


# --- ECEF -------------------------------------------------------------------------------------------------------------


def geodetic_to_ecef(phi, lam, h):
    N = A_WGS84 / np.sqrt(1 - E2 * np.sin(phi) ** 2)
    x = (N + h) * np.cos(phi) * np.cos(lam)
    y = (N + h) * np.cos(phi) * np.sin(lam)
    z = (N * (1 - E2) + h) * np.sin(phi)
    return x, y, z


def ecef_x(phi, lam, h):
    return geodetic_to_ecef(phi, lam, h)[0]


def ecef_z(phi, lam, h):
    return geodetic_to_ecef(phi, lam, h)[2]


def ecef_chord(phi1, lam1, phi2, lam2):
    """Straight-line distance between two points on the ellipsoid surface, metres."""
    p = np.stack(geodetic_to_ecef(phi1, lam1, 0.0))
    q = np.stack(geodetic_to_ecef(phi2, lam2, 0.0))
    return np.linalg.norm(p - q)


def bowring_lat(x, y, z):
    """Geodetic latitude from ECEF by Bowring's (1976) formula."""
    p = np.sqrt(x ** 2 + y ** 2)
    theta = np.arctan2(z * A_WGS84, p * B_WGS84)
    return np.arctan2(z + EP2 * B_WGS84 * np.sin(theta) ** 3, p - E2 * A_WGS84 * np.cos(theta) ** 3)


def ecef_lon(x, y, z):
    return np.arctan2(y, x)


def lat_round_trip(phi):
    """Geodetic -> ECEF -> geodetic on the surface (lam = 0.3, h = 0)."""
    x, y, z = geodetic_to_ecef(phi, 0.3, 0.0)
    return bowring_lat(x, y, z)


# --- projections and rhumb lines --------------------------------------------------------------------------------------


def mercator_y(phi):
    """Mercator northing on the sphere: R ln tan(pi/4 + phi/2)."""
    return R_EARTH * np.log(np.tan(np.pi / 4 + phi / 2))


def mercator_y_asinh(phi):
    """The same by R asinh(tan phi) (the inverse Gudermannian)."""
    return R_EARTH * np.arcsinh(np.tan(phi))


def rhumb_distance(phi1, lam1, phi2, lam2):
    """Loxodrome distance: R sqrt(dphi^2 + q^2 dlam^2), q = dphi / dpsi (0 / 0 along a parallel)."""
    dphi = phi2 - phi1
    dpsi = np.log(np.tan(np.pi / 4 + phi2 / 2) / np.tan(np.pi / 4 + phi1 / 2))
    q = dphi / dpsi
    dlam = lam2 - lam1
    return R_EARTH * np.sqrt(dphi ** 2 + q ** 2 * dlam ** 2)


def rhumb_distance_where(phi1, lam1, phi2, lam2):
    """The same with the textbook guard: q = cos(phi1) along a parallel (vectorised by np.where)."""
    dphi = phi2 - phi1
    dpsi = np.log(np.tan(np.pi / 4 + phi2 / 2) / np.tan(np.pi / 4 + phi1 / 2))
    q = np.where(np.abs(dpsi) > 1e-12, dphi / dpsi, np.cos(phi1))
    dlam = lam2 - lam1
    return R_EARTH * np.sqrt(dphi ** 2 + q ** 2 * dlam ** 2)


def rhumb_bearing(phi1, lam1, phi2, lam2):
    dpsi = np.log(np.tan(np.pi / 4 + phi2 / 2) / np.tan(np.pi / 4 + phi1 / 2))
    return np.arctan2(lam2 - lam1, dpsi)


# --- cross-track distance ---------------------------------------------------------------------------------------------


def cross_track(phi1, lam1, phi2, lam2, phi3, lam3):
    """Distance of point 3 from the great circle 1 -> 2 (negative to its left)."""
    d13 = haversine(phi1, lam1, phi3, lam3) / R_EARTH
    t13 = initial_bearing(phi1, lam1, phi3, lam3)
    t12 = initial_bearing(phi1, lam1, phi2, lam2)
    return R_EARTH * np.arcsin(np.sin(d13) * np.sin(t13 - t12))


# --- position fix and dead reckoning ----------------------------------------------------------------------------------


def range_residuals(x, rho):
    """Sum of squared range residuals |x - b_i| - rho_i for the three beacons."""
    d = np.linalg.norm(x - BEACONS, axis=1)
    return np.sum((d - rho) ** 2)


def range_residuals_sqrt(x, rho):
    d = np.sqrt(np.sum((x - BEACONS) ** 2, axis=1))
    return np.sum((d - rho) ** 2)


def range_residuals_eps(x, rho):
    d = np.sqrt(np.sum((x - BEACONS) ** 2, axis=1) + 1e-12)
    return np.sum((d - rho) ** 2)


def gauss_newton_step(x, rho):
    """One Gauss-Newton update of the fix; returns its east coordinate."""
    diff = x - BEACONS
    d = np.linalg.norm(diff, axis=1)
    J = diff / d[:, None]
    r = d - rho
    dx = np.linalg.solve(J.T @ J, J.T @ r)
    return (x - dx)[0]


def dead_reckoning_east(h0, turns, speed):
    """Easting after legs of 1 time unit: heading h0 plus cumulative turns, wrapped into [0, 2 pi)."""
    heading = np.mod(h0 + np.cumsum(turns), 2 * np.pi)
    return np.sum(speed * np.sin(heading))


def wrapped_heading(h):
    """A heading wrapped into [0, 2 pi)."""
    return np.mod(h, 2 * np.pi)


def heading_error(h, target):
    """Signed heading error wrapped into [-pi, pi), squared (a steering loss)."""
    e = np.mod(h - target + np.pi, 2 * np.pi) - np.pi
    return e ** 2
