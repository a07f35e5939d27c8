"""A user's code on gradcli.numpy, round 116c: astronomy, geodesy, surveying and navigation, the formulas astronomers,
surveyors and navigators differentiate (orbit fitting, least-squares adjustment of survey networks, dead reckoning,
sensor fusion), with angles in degrees as the field writes them: great-circle distances (haversine, arccos of a dot
product), initial bearings by arctan2, the spherical law of cosines, secants and tangents of latitude, the Mercator
projection, geodetic <-> ECEF conversions, astronomical magnitudes, inverse-square flux and sums over several bodies,
Kepler's equation by fixed Newton steps, the true anomaly, vis-viva, refraction, airmass, parallax, dead reckoning,
and a few hand-written rules whose constants Python computes."""

import math

import gradcli
import gradcli.numpy as np

R_EARTH = 6371.0  # km, the mean radius
A_WGS84 = 6378137.0  # m
F_WGS84 = 1.0 / 298.257223563
E2_WGS84 = F_WGS84 * (2.0 - F_WGS84)  # the first eccentricity squared, computed by Python
DEG = math.pi / 180.0  # a conversion factor Python computes once
MU_EARTH = 3.986004418e14  # m^3 / s^2
M_PER_DEG = 60.0 * 1852.0  # a minute of latitude is a nautical mile: 111120 m per degree, folded by Python
ECC = 0.5  # an orbit's eccentricity held as data

# --- great circles --------------------------------------------------------------------------------------------------


def haversine(lat1, lon1, lat2, lon2):
    """The great-circle distance by the haversine formula, 2 R arcsin(sqrt(a))."""
    p1, p2 = np.deg2rad(lat1), np.deg2rad(lat2)
    dp, dl = np.deg2rad(lat2 - lat1), np.deg2rad(lon2 - lon1)
    a = np.sin(dp / 2) ** 2 + np.cos(p1) * np.cos(p2) * np.sin(dl / 2) ** 2
    return 2.0 * R_EARTH * np.arcsin(np.sqrt(a))


def haversine_atan2(lat1, lon1, lat2, lon2):
    """The same, 2 R atan2(sqrt(a), sqrt(1 - a)), as many navigation libraries write it."""
    p1, p2 = np.radians(lat1), np.radians(lat2)
    dp, dl = np.radians(lat2 - lat1), np.radians(lon2 - lon1)
    a = np.sin(dp / 2) ** 2 + np.cos(p1) * np.cos(p2) * np.sin(dl / 2) ** 2
    return 2.0 * R_EARTH * np.arctan2(np.sqrt(a), np.sqrt(1.0 - a))


def gc_arccos(lat1, lon1, lat2, lon2):
    """The great-circle distance as R arccos of the dot product of the unit vectors (the spherical law of cosines)."""
    p1, p2 = np.deg2rad(lat1), np.deg2rad(lat2)
    dl = np.deg2rad(lon2 - lon1)
    c = np.sin(p1) * np.sin(p2) + np.cos(p1) * np.cos(p2) * np.cos(dl)
    return R_EARTH * np.arccos(c)


def gc_arccos_clipped(lat1, lon1, lat2, lon2):
    """The same with the dot product clipped to [-1, 1], the usual guard against arccos(1.0000000000000002)."""
    p1, p2 = np.deg2rad(lat1), np.deg2rad(lat2)
    dl = np.deg2rad(lon2 - lon1)
    c = np.sin(p1) * np.sin(p2) + np.cos(p1) * np.cos(p2) * np.cos(dl)
    return R_EARTH * np.arccos(np.clip(c, -1.0, 1.0))


def slc_angle(lat1, lon1, lat2, lon2):
    """The central angle in degrees by the spherical law of cosines, with Python's DEG = math.pi / 180."""
    p1, p2 = lat1 * DEG, lat2 * DEG
    c = np.sin(p1) * np.sin(p2) + np.cos(p1) * np.cos(p2) * np.cos((lon2 - lon1) * DEG)
    return np.arccos(c) / DEG


def bearing(lat1, lon1, lat2, lon2):
    """The initial bearing in degrees, atan2(sin dl cos p2, cos p1 sin p2 - sin p1 cos p2 cos dl)."""
    p1, p2 = np.deg2rad(lat1), np.deg2rad(lat2)
    dl = np.deg2rad(lon2 - lon1)
    y = np.sin(dl) * np.cos(p2)
    x = np.cos(p1) * np.sin(p2) - np.sin(p1) * np.cos(p2) * np.cos(dl)
    return np.rad2deg(np.arctan2(y, x))


def bearing_compass(lat1, lon1, lat2, lon2):
    """The bearing as a compass reads it, in [0, 360): (theta + 360) mod 360."""
    return np.mod(bearing(lat1, lon1, lat2, lon2) + 360.0, 360.0)


# --- latitude's poles -----------------------------------------------------------------------------------------------


def tan_lat(lat):
    return np.tan(np.deg2rad(lat))


def tan_lat_pi(lat):
    """tan of a latitude converted with np.pi / 180, as many scripts write it."""
    return np.tan(lat * np.pi / 180.0)


def sec_lat(lat):
    return 1.0 / np.cos(np.deg2rad(lat))


def sec_lat_plus(c, lat):
    """An offset beside a secant of latitude (a meridian-convergence correction): c keeps its slope at the pole."""
    return c + 1.0 / np.cos(np.deg2rad(lat))


def tan_lat_plus(c, k, lat):
    """A term beside k tan(latitude): c keeps its slope at the pole."""
    return c * 2.0 + k * np.tan(np.deg2rad(lat))


def departure(dlon, lat):
    """The departure (east-west distance) of a difference of longitude at a latitude, in nautical miles."""
    return 60.0 * dlon * np.cos(np.deg2rad(lat))


def mercator_y(lat):
    """The Mercator projection's northing on the unit sphere: ln tan(45 deg + lat / 2)."""
    return np.log(np.tan(np.deg2rad(45.0 + lat / 2.0)))


def mercator_y_r(r, lat):
    return r * np.log(np.tan(np.deg2rad(45.0 + lat / 2.0)))


def inverse_mercator(y, r):
    """The latitude in degrees of a Mercator northing: 2 atan(exp(y / R)) - 90 deg."""
    return np.rad2deg(2.0 * np.arctan(np.exp(y / r))) - 90.0


def inverse_mercator_gd(y, r):
    """The same as the Gudermannian arctan(sinh(y / R)) in degrees."""
    return np.rad2deg(np.arctan(np.sinh(y / r)))


# --- geodetic <-> ECEF ------------------------------------------------------------------------------------------------


def prime_vertical(lat, e2):
    """The prime-vertical radius of curvature N = a / sqrt(1 - e^2 sin^2(lat))."""
    s = np.sin(np.deg2rad(lat))
    return A_WGS84 / np.sqrt(1.0 - e2 * s ** 2)


def ecef_x(lat, lon, h):
    p, l = np.deg2rad(lat), np.deg2rad(lon)
    n = A_WGS84 / np.sqrt(1.0 - E2_WGS84 * np.sin(p) ** 2)
    return (n + h) * np.cos(p) * np.cos(l)


def ecef_z(lat, h):
    p = np.deg2rad(lat)
    n = A_WGS84 / np.sqrt(1.0 - E2_WGS84 * np.sin(p) ** 2)
    return (n * (1.0 - E2_WGS84) + h) * np.sin(p)


def ecef_lon(x, y):
    """The longitude in degrees of an ECEF point: atan2(y, x)."""
    return np.rad2deg(np.arctan2(y, x))


def ecef_lat_bowring0(x, y, z):
    """The geodetic latitude's first approximation, atan2(z, p (1 - e^2)) with p = sqrt(x^2 + y^2), in degrees."""
    p = np.sqrt(x ** 2 + y ** 2)
    return np.rad2deg(np.arctan2(z, p * (1.0 - E2_WGS84)))


def ecef_lat_hypot(x, y, z):
    p = np.hypot(x, y)
    return np.rad2deg(np.arctan2(z, p * (1.0 - E2_WGS84)))


# --- photometry and flux ----------------------------------------------------------------------------------------------


def magnitude(f, f0):
    """An astronomical magnitude m = -2.5 log10(F / F0)."""
    return -2.5 * np.log10(f / f0)


def distance_modulus(d):
    """m - M = 5 log10(d / 10 pc)."""
    return 5.0 * np.log10(d) - 5.0


def combined_magnitude(m):
    """The magnitude of several stars together: -2.5 log10(sum 10^(-0.4 m))."""
    return -2.5 * np.log10(np.sum(10.0 ** (-0.4 * m)))


def flux(lum, d):
    """The inverse-square flux L / (4 pi d^2)."""
    return lum / (4.0 * np.pi * d ** 2)


def flux_sum(lum, d):
    """The flux of several sources at distances d: sum L / (4 pi d^2)."""
    return np.sum(lum / (4.0 * np.pi * d ** 2))


def tidal_sum(n, d):
    """A sum of n / d^-2 over several bodies (a body at d = 0 adds 0)."""
    return np.sum(n / d ** -2.0)


def power_sum_k(n, d, k):
    """The same with the power an input: sum n / d^-k."""
    return np.sum(n / d ** -k)


# --- orbits -----------------------------------------------------------------------------------------------------------


def kepler_e(m_deg, e):
    """Kepler's equation E - e sin E = M by four fixed Newton steps from E = M (M in degrees, E in radians)."""
    m = np.deg2rad(m_deg)
    big_e = m
    for _ in range(4):
        big_e = big_e - (big_e - e * np.sin(big_e) - m) / (1.0 - e * np.cos(big_e))
    return big_e


def kepler_e6(m_deg, e):
    """Six fixed Newton steps from E = M + e sin M."""
    m = np.deg2rad(m_deg)
    big_e = m + e * np.sin(m)
    for _ in range(6):
        big_e = big_e - (big_e - e * np.sin(big_e) - m) / (1.0 - e * np.cos(big_e))
    return big_e


def kepler_e3(m_deg, e):
    """Three fixed Newton steps from E = pi (a start for high eccentricity), M in degrees via DEG."""
    m = m_deg * DEG
    big_e = m * 0.0 + np.pi
    for _ in range(3):
        big_e = big_e - (big_e - e * np.sin(big_e) - m) / (1.0 - e * np.cos(big_e))
    return big_e


def true_anomaly_tan(e_deg):
    """The true anomaly in degrees from the eccentric anomaly: 2 atan(sqrt((1 + e) / (1 - e)) tan(E / 2))."""
    k = math.sqrt((1.0 + ECC) / (1.0 - ECC))
    return 2.0 * np.rad2deg(np.arctan(k * np.tan(np.deg2rad(e_deg) / 2.0)))


def true_anomaly_atan2(e_deg, e):
    """The same by atan2(sqrt(1 + e) sin(E / 2), sqrt(1 - e) cos(E / 2)), free of the half-angle's pole."""
    h = np.deg2rad(e_deg) / 2.0
    return 2.0 * np.rad2deg(np.arctan2(np.sqrt(1.0 + e) * np.sin(h), np.sqrt(1.0 - e) * np.cos(h)))


def vis_viva(r, a):
    """The orbital speed sqrt(mu (2 / r - 1 / a)), mu the Earth's."""
    return np.sqrt(MU_EARTH * (2.0 / r - 1.0 / a))


def vis_viva_mu(mu, r, a):
    return np.sqrt(mu * (2.0 / r - 1.0 / a))


def radius_at(a, e, nu_deg):
    """The conic's radius a (1 - e^2) / (1 + e cos nu)."""
    return a * (1.0 - e ** 2) / (1.0 + e * np.cos(np.deg2rad(nu_deg)))


# --- the sky: refraction, airmass, altitude, parallax -----------------------------------------------------------------


def refraction_cot(h):
    """A refraction in arcseconds, 58.3 cot(h) (the plane-parallel law)."""
    return 58.3 / np.tan(np.deg2rad(h))


def refraction_cot_cs(h):
    """The same with cot as cos / sin."""
    r = np.deg2rad(h)
    return 58.3 * np.cos(r) / np.sin(r)


def refraction_bennett(h):
    """Bennett's refraction in arcminutes, cot(h + 7.31 / (h + 4.4)), h in degrees."""
    return 1.0 / np.tan(np.deg2rad(h + 7.31 / (h + 4.4)))


def refraction_saemundsson(h):
    """Saemundsson's refraction in arcminutes, 1.02 cot(h + 10.3 / (h + 5.11))."""
    return 1.02 / np.tan((h + 10.3 / (h + 5.11)) * DEG)


def airmass_sec(z):
    """The plane-parallel airmass sec(z)."""
    return 1.0 / np.cos(np.deg2rad(z))


def airmass_kasten(z):
    """Kasten and Young's airmass 1 / (cos z + 0.50572 (96.07995 - z)^-1.6364), z in degrees."""
    return 1.0 / (np.cos(np.deg2rad(z)) + 0.50572 * (96.07995 - z) ** -1.6364)


def extinction(m0, k, z):
    """An observed magnitude m0 + k X with the airmass sec z."""
    return m0 + k / np.cos(np.deg2rad(z))


def altitude(lat, dec, ha):
    """The altitude in degrees: arcsin(sin lat sin dec + cos lat cos dec cos H)."""
    p, d, h = np.deg2rad(lat), np.deg2rad(dec), np.deg2rad(ha)
    return np.rad2deg(np.arcsin(np.sin(p) * np.sin(d) + np.cos(p) * np.cos(d) * np.cos(h)))


def parallax_distance(p_mas):
    """A distance in parsecs from a parallax in milliarcseconds, 1000 / p."""
    return 1000.0 / p_mas


def parallax_angle(b, d):
    """The parallax angle in degrees of a baseline b seen from d: atan(b / d)."""
    return np.rad2deg(np.arctan(b / d))


# --- dead reckoning and survey adjustment -----------------------------------------------------------------------------


def dr_east(speed, hours, heading):
    """Dead reckoning's easting in nautical miles: sum v t sin(heading)."""
    return np.sum(speed * hours * np.sin(np.deg2rad(heading)))


def dr_distance(speed, hours, heading):
    """The distance made good: the length of the summed legs."""
    e = np.sum(speed * hours * np.sin(np.deg2rad(heading)))
    n = np.sum(speed * hours * np.cos(np.deg2rad(heading)))
    return np.sqrt(e ** 2 + n ** 2)


def distance_residual(x, y, obs):
    """A survey network's distance residuals, sum (|P_i - P_0| - obs_i)^2 with station 0 at x[0], y[0]."""
    d = np.sqrt((x[1:] - x[0]) ** 2 + (y[1:] - y[0]) ** 2)
    return np.sum((d - obs) ** 2)


def azimuth_residual(e, n, obs_deg):
    """An azimuth observation's residual squared: (atan2(dE, dN) in degrees - obs)^2."""
    return (np.rad2deg(np.arctan2(e, n)) - obs_deg) ** 2


# --- hand-written rules ----------------------------------------------------------------------------------------------


@gradcli.custom_gradient
def _sind(x):
    v = np.sin(x * DEG)

    def grad_fn(upstream):
        return upstream * np.cos(x * DEG) * DEG
    return v, grad_fn


@gradcli.custom_gradient
def _sind_slip(x):
    v = np.sin(x * DEG)

    def grad_fn(upstream):
        return upstream * np.cos(x * DEG)  # the slope per radian, not per degree
    return v, grad_fn


@gradcli.custom_gradient
def _sind_exact(x):
    v = np.sin(np.deg2rad(x))

    def grad_fn(upstream):
        return upstream * np.cos(np.deg2rad(x)) * (math.pi / 180.0)  # Python's pi / 180 beside deg2rad's
    return v, grad_fn


def sind(x):
    """sin of an angle in degrees with its slope written by hand."""
    return _sind(x)


def sind_slip(x):
    return _sind_slip(x)


def sind_exact(x):
    return _sind_exact(x)


@gradcli.custom_gradient
def _utm_scale(x):
    y = x
    for _ in range(3):
        y = y * 0.9996  # the central meridian's scale factor applied three times
    return y, lambda g: g * 0.9996 ** 3


@gradcli.custom_gradient
def _utm_scale_slip(x):
    y = x
    for _ in range(3):
        y = y * 0.9996
    return y, lambda g: g * 0.9996 ** 2  # one factor short


def utm_scale(x):
    return _utm_scale(x)


def utm_scale_slip(x):
    return _utm_scale_slip(x)


@gradcli.custom_gradient
def _deg_to_m(dlat):
    v = dlat * 60.0 * 1852.0  # degrees -> minutes -> metres, rounded at each step

    def grad_fn(upstream):
        return upstream * M_PER_DEG
    return v, grad_fn


@gradcli.custom_gradient
def _deg_to_m_slip(dlat):
    v = dlat * 60.0 * 1852.0

    def grad_fn(upstream):
        return upstream * 60.0 * 1.852  # kilometres per degree
    return v, grad_fn


def deg_to_m(dlat):
    return _deg_to_m(dlat)


def deg_to_m_slip(dlat):
    return _deg_to_m_slip(dlat)


def cosd_tfp(x):
    """cos in degrees with the slope by TFP's form, -sin(x DEG) DEG."""
    v = np.cos(x * DEG)
    return gradcli.custom_gradient(v, -np.sin(x * DEG) * DEG, x)


def cosd_tfp_slip(x):
    v = np.cos(x * DEG)
    return gradcli.custom_gradient(v, np.sin(x * DEG) * DEG, x)  # the sign dropped
