"""A user's code on gradcli.numpy, round 113c: forestry, agronomy and crop / plant physiology, the formulas agronomists,
foresters and plant physiologists fit or differentiate: tree allometry (Chapman-Richards and Naslund height-diameter
curves, biomass a D^b and its log-log fit), growth and yield (Gompertz, logistic, site index curves, basal area,
Reineke's stand density index), crop thermal time (with and without an upper cut-off, the single-sine method),
photosynthesis (Farquhar-von Caemmerer-Berry, the non-rectangular and rectangular hyperbolas), stomatal conductance
(Ball-Berry, Medlyn), evapotranspiration (Tetens, Penman-Monteith FAO-56, Priestley-Taylor, Hargreaves), soil water
(van Genuchten, Mualem, Brooks-Corey), canopy light (Beer-Lambert, sunlit and shaded leaf area), yield response
(Mitscherlich, linear- and quadratic-plateau, Liebig), dose-response (log-logistic, Weibull), water stress factors,
and a few hand-written gradient rules."""

import math

import gradcli
import gradcli.numpy as np

# --- tree allometry ---------------------------------------------------------------------------------------------------
BH = 1.3  # breast height (m)


def chapman_richards(d, a, b, c):
    """Height (m) from diameter at breast height (cm): 1.3 + a (1 - exp(-b d))^c."""
    return BH + a * (1.0 - np.exp(-b * d)) ** c


def chapman_richards_expm1(d, a, b, c):
    """The same with 1 - exp(-b d) as -expm1(-b d)."""
    return BH + a * (-np.expm1(-b * d)) ** c


def naslund(d, a, b):
    """Naslund's height curve: 1.3 + d^2 / (a + b d)^2."""
    return BH + d ** 2 / (a + b * d) ** 2


def biomass(d, a, b):
    """Above-ground biomass (kg): a D^b."""
    return a * d ** b


def biomass_loglog(d, a, b):
    """The same as fitted on the log scale: exp(a + b ln D)."""
    return np.exp(a + b * np.log(d))


# --- growth and yield -------------------------------------------------------------------------------------------------
def gompertz(t, a, b, k):
    return a * np.exp(-b * np.exp(-k * t))


def logistic_growth(t, a, k, t0):
    return a / (1.0 + np.exp(-k * (t - t0)))


BASE_AGE = 50.0


def site_height(age, si, b, c):
    """Anamorphic Chapman-Richards site curve through SI at the base age 50."""
    return si * ((1.0 - np.exp(-b * age)) / (1.0 - np.exp(-b * BASE_AGE))) ** c


def basal_area(d):
    """Stand basal area (m^2) of trees with diameters d (cm)."""
    return np.sum(math.pi / 40000.0 * d ** 2)


def reineke_sdi(n, dq):
    """Reineke's stand density index: N (Dq / 25.4)^1.605."""
    return n * (dq / 25.4) ** 1.605


def reineke_from_trees(d):
    """The SDI of a plot (400 m^2: N = 25 trees per tree) from its diameters via the quadratic mean diameter."""
    dq = np.sqrt(np.mean(d ** 2))
    return 25.0 * d.shape[0] * (dq / 25.4) ** 1.605


# --- thermal time -----------------------------------------------------------------------------------------------------
T_BASE, T_UP = 10.0, 30.0


def gdd(t, tb):
    """Growing degree days: sum of max(T - Tb, 0) over daily means."""
    return np.sum(np.maximum(t - tb, 0.0))


T_BASE_BARLEY = 4.4


def gdd_barley(t):
    """Barley's base temperature, 4.4 deg C."""
    return np.sum(np.maximum(t - T_BASE_BARLEY, 0.0))


def gdd_capped(t):
    """With an upper cut-off: each day's contribution at most T_UP - T_BASE."""
    return np.sum(np.minimum(np.maximum(t - T_BASE, 0.0), T_UP - T_BASE))


def degree_days_sine(tmin, tmax, tb):
    """The single-sine method (Baskerville-Emin) for one day."""
    m = (tmax + tmin) / 2.0
    w = (tmax - tmin) / 2.0
    a = np.arccos(np.clip((tb - m) / w, -1.0, 1.0))
    return ((m - tb) * a + w * np.sin(a)) / math.pi


# --- photosynthesis ---------------------------------------------------------------------------------------------------
GAMMA_STAR, KM, RD = 40.0, 700.0, 1.0


def fvcb(ci, vcmax, j):
    """Farquhar-von Caemmerer-Berry net assimilation: min of the Rubisco- and electron-limited rates, less Rd."""
    wc = vcmax * (ci - GAMMA_STAR) / (ci + KM)
    wj = j * (ci - GAMMA_STAR) / (4.0 * ci + 8.0 * GAMMA_STAR)
    return np.minimum(wc, wj) - RD


ALPHA_J = 0.3


def nrh(i, jmax, theta):
    """The non-rectangular hyperbola's smaller root by the quadratic formula."""
    b = ALPHA_J * i + jmax
    return (b - np.sqrt(b ** 2 - 4.0 * theta * ALPHA_J * i * jmax)) / (2.0 * theta)


def nrh_stable(i, jmax, theta):
    """The same root as 2c / (b + sqrt(b^2 - 4 theta c))."""
    b = ALPHA_J * i + jmax
    c = ALPHA_J * i * jmax
    return 2.0 * c / (b + np.sqrt(b ** 2 - 4.0 * theta * c))


def rect_hyperbola(i, amax, phi):
    return phi * i * amax / (phi * i + amax)


G0, G1_BB, G1_MED = 0.01, 9.0, 4.0


def ball_berry(a, hs, cs):
    return G0 + G1_BB * a * hs / cs


def medlyn(a, d, ca):
    """Medlyn's optimal stomatal conductance (D in kPa)."""
    return G0 + 1.6 * (1.0 + G1_MED / np.sqrt(d)) * a / ca


# --- evapotranspiration -----------------------------------------------------------------------------------------------
GAMMA_PSY = 0.066  # kPa / K


def tetens(t):
    """Saturation vapour pressure (kPa) at T (deg C)."""
    return 0.6108 * np.exp(17.27 * t / (t + 237.3))


def tetens_slope(t):
    """Its slope as FAO-56 writes it: 4098 es / (T + 237.3)^2."""
    return 4098.0 * tetens(t) / (t + 237.3) ** 2


def penman_monteith(t, u2, rn, ea):
    """FAO-56 reference evapotranspiration (mm / day), G = 0."""
    delta = tetens_slope(t)
    es = tetens(t)
    num = 0.408 * delta * rn + GAMMA_PSY * 900.0 / (t + 273.0) * u2 * (es - ea)
    return num / (delta + GAMMA_PSY * (1.0 + 0.34 * u2))


def pm_rh(t, u2, rn, rh):
    """The same with ea from a relative humidity clipped to [0, 1]."""
    ea = np.clip(rh, 0.0, 1.0) * tetens(t)
    return penman_monteith(t, u2, rn, ea)


def priestley_taylor(t, rn):
    delta = tetens_slope(t)
    return 1.26 * delta / (delta + GAMMA_PSY) * rn / 2.45


def hargreaves(tmax, tmin, ra):
    return 0.0023 * ra * ((tmax + tmin) / 2.0 + 17.8) * np.sqrt(tmax - tmin)


# --- soil water -------------------------------------------------------------------------------------------------------
THETA_R, THETA_S = 0.05, 0.45


def van_genuchten(h, alpha, n):
    """Water content at suction h (cm): theta_r + (theta_s - theta_r) (1 + (alpha h)^n)^-(1 - 1/n)."""
    return THETA_R + (THETA_S - THETA_R) * (1.0 + (alpha * h) ** n) ** (-(1.0 - 1.0 / n))


def van_genuchten_abs(h, alpha, n):
    """The same for a signed pressure head, through |alpha h|."""
    return THETA_R + (THETA_S - THETA_R) * (1.0 + np.abs(alpha * h) ** n) ** (-(1.0 - 1.0 / n))


def mualem(se, ks, n):
    """Mualem-van Genuchten conductivity at effective saturation se."""
    m = 1.0 - 1.0 / n
    return ks * se ** 0.5 * (1.0 - (1.0 - se ** (1.0 / m)) ** m) ** 2


def brooks_corey(h, hb, lam):
    """Effective saturation: (hb / h)^lambda past the air-entry suction, 1 before it."""
    return np.where(h > hb, (hb / h) ** lam, 1.0)


def brooks_corey_min(h, hb, lam):
    return np.minimum((hb / h) ** lam, 1.0)


# --- canopy light -----------------------------------------------------------------------------------------------------
def beer_lambert(lai, k):
    """Fraction of light intercepted."""
    return 1.0 - np.exp(-k * lai)


def sunlit_lai(lai, k):
    return (1.0 - np.exp(-k * lai)) / k


def sunlit_zenith(lai, zen):
    """Sunlit leaf area with a spherical leaf angle distribution, k = 0.5 / cos(zenith)."""
    k = 0.5 / np.cos(np.deg2rad(zen))
    return (1.0 - np.exp(-k * lai)) / k


def shaded_lai(lai, k):
    return lai - (1.0 - np.exp(-k * lai)) / k


# --- yield response ---------------------------------------------------------------------------------------------------
def mitscherlich(n, a, b, c):
    return a * (1.0 - np.exp(-c * (n + b)))


def linear_plateau(n, a, b, plateau):
    return np.minimum(a + b * n, plateau)


def quadratic_plateau(n, a, b, c):
    """Quadratic up to its vertex x0 = -b / 2c, flat after."""
    x0 = -b / (2.0 * c)
    return np.where(n < x0, a + b * n + c * n ** 2, a + b * x0 + c * x0 ** 2)


KN, KP, YMAX = 120.0, 40.0, 10.0


def liebig(n, p):
    """Liebig's law of the minimum: the scarcest of nitrogen and phosphorus, capped at full sufficiency."""
    return YMAX * np.minimum(np.minimum(n / KN, p / KP), 1.0)


# --- dose-response ----------------------------------------------------------------------------------------------------
def log_logistic(dose, b, e, c, d):
    """The four-parameter log-logistic (drc's LL.4), written on log(dose)."""
    return c + (d - c) / (1.0 + np.exp(b * (np.log(dose) - np.log(e))))


def log_logistic_pow(dose, b, e, c, d):
    """The same as (dose / e)^b."""
    return c + (d - c) / (1.0 + (dose / e) ** b)


def weibull_dose(dose, b, e, c, d):
    """drc's W1.4: c + (d - c) exp(-exp(b (log dose - log e)))."""
    return c + (d - c) * np.exp(-np.exp(b * (np.log(dose) - np.log(e))))


# --- water stress -----------------------------------------------------------------------------------------------------
P_DEPL = 0.5


def water_stress(theta, wp, fc):
    """1 above the readily available water, linear to 0 at wilting point, clipped to [0, 1]."""
    return np.clip((theta - wp) / ((1.0 - P_DEPL) * (fc - wp)), 0.0, 1.0)


# --- hand-written rules -----------------------------------------------------------------------------------------------
K_EXT = 0.65


@gradcli.custom_gradient
def _fpar(lai):
    e = np.exp(-K_EXT * lai)

    def grad_fn(upstream):
        return upstream * K_EXT * e
    return 1.0 - e, grad_fn


@gradcli.custom_gradient
def _fpar_slip(lai):
    e = np.exp(-K_EXT * lai)

    def grad_fn(upstream):
        return upstream * e  # the extinction coefficient's factor forgotten
    return 1.0 - e, grad_fn


def fpar_rule(lai):
    return _fpar(lai)


def fpar_rule_slip(lai):
    return _fpar_slip(lai)


@gradcli.custom_gradient
def _thermal(t):
    def grad_fn(upstream):
        return upstream * np.where(t > T_BASE, 1.0, 0.0)
    return np.maximum(t - T_BASE, 0.0), grad_fn


def thermal_rule(t):
    """One day's thermal time with a hand-written rule."""
    return _thermal(t)


@gradcli.custom_gradient
def _hargreaves_sqrt(dt):
    s = np.sqrt(dt)

    def grad_fn(upstream):
        return upstream * 0.5 / s
    return s, grad_fn


def hargreaves_rule(tmax, tmin, ra):
    """Hargreaves with sqrt(Tmax - Tmin) by a hand-written rule."""
    return 0.0023 * ra * ((tmax + tmin) / 2.0 + 17.8) * _hargreaves_sqrt(tmax - tmin)


PHI_Q = 0.05  # quantum yield


@gradcli.custom_gradient
def _rect(i, amax):
    s = PHI_Q * i + amax

    def grad_fn(upstream):
        return upstream * PHI_Q * amax ** 2 / s ** 2, upstream * (PHI_Q * i) ** 2 / s ** 2
    return PHI_Q * i * amax / s, grad_fn


@gradcli.custom_gradient
def _rect_slip(i, amax):
    s = PHI_Q * i + amax

    def grad_fn(upstream):
        return upstream * (PHI_Q * i) ** 2 / s ** 2, upstream * PHI_Q * amax ** 2 / s ** 2  # the partials swapped
    return PHI_Q * i * amax / s, grad_fn


def rect_rule(i, amax):
    """The rectangular hyperbola's two partials written by hand."""
    return _rect(i, amax)


def rect_rule_slip(i, amax):
    return _rect_slip(i, amax)


# --- constants typed by hand (a model ported from GPU code keeps its float32 coefficients) --------------------------
K_GPU = np.float32(0.65)
K_WIDE = np.float64(0.65)


def fipar_gpu(lai):
    """Interception with a float32 extinction coefficient (run in a float64 program: NumPy promotes to float64)."""
    return 1.0 - np.exp(-K_GPU * lai)


def fipar_wide(lai):
    """Interception with a float64 extinction coefficient (a float32 lai is promoted to float64 by it)."""
    return 1.0 - np.exp(-K_WIDE * lai)


# --- crop coefficient curve (FAO-56 stages, with a table's intermediate point at day 50) ---------------------------
KC_DAYS = [0.0, 30.0, 50.0, 70.0, 110.0, 140.0]
KC_VALUES = [0.25, 0.25, 0.75, 1.25, 1.25, 0.5]


def crop_coefficient(day):
    return np.interp(day, KC_DAYS, KC_VALUES)


def liebig_stack(n, p, k):
    """Liebig's minimum over three nutrients and full sufficiency, by np.min of a stack."""
    return YMAX * np.min(np.stack([n / KN, p / KP, k / 80.0, 1.0 + 0.0 * n]))


FC_DRAIN = 0.32


def drainage_penalty(theta):
    """A calibration's penalty on water above field capacity: max(theta - fc, 0)^2."""
    return np.maximum(theta - FC_DRAIN, 0.0) ** 2


@gradcli.custom_gradient
def _rect_none(i, amax):
    s = PHI_Q * i + amax

    def grad_fn(upstream):
        return upstream * PHI_Q * amax ** 2 / s ** 2, None  # amax taken for a constant
    return PHI_Q * i * amax / s, grad_fn


def rect_rule_none(i, amax):
    return _rect_none(i, amax)


def tetens_tfp(t):
    """Tetens with its slope given by TensorFlow Probability's form custom_gradient(fx, gx, x)."""
    es = 0.6108 * np.exp(17.27 * t / (t + 237.3))
    return gradcli.custom_gradient(es, 4098.0 * es / (t + 237.3) ** 2, t)


def tetens_tfp_slip(t):
    es = 0.6108 * np.exp(17.27 * t / (t + 237.3))
    return gradcli.custom_gradient(es, 4098.0 * es / (t + 237.3), t)  # the square forgotten


def vpd_tfp(t, ea):
    """The vapour pressure deficit es(T) - ea with es's slope given by hand: TFP's form stops every other path, ea's
    too."""
    es = 0.6108 * np.exp(17.27 * t / (t + 237.3))
    return gradcli.custom_gradient(es - ea, 4098.0 * es / (t + 237.3) ** 2, t)


def thermal_rule_sum(t):
    """A season's thermal time, the hand-written rule applied day by day."""
    return np.sum(_thermal(t))


def season_gdd(t, tb):
    """A season's thermal time from twenty daily means (more inputs than a per-coordinate check takes)."""
    return np.sum(np.maximum(t - tb, 0.0))


def survival(m):
    """A cohort's survival through years of mortality rates m: prod(1 - m)."""
    return 100.0 * np.prod(1.0 - m)


def top_height(h):
    """Top height: the mean of the two tallest trees of a plot."""
    return np.mean(np.sort(h)[-2:])


def growth_rate(f3, s1, s2):
    """The dominant eigenvalue of a three-stage Lefkovitch matrix (seedling, sapling, adult)."""
    a = np.array([[0.0, 0.0, 1.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]])
    a = a * np.stack([np.stack([0.0 * s1, 0.0 * s1, f3]), np.stack([s1, 0.0 * s1, 0.0 * s1]),
                      np.stack([0.0 * s1, s2, 0.0 * s1])])
    a = a + np.diag(np.array([0.0, 0.6, 0.9]))
    return np.max(np.real(np.linalg.eigvals(a)))
