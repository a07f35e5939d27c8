"""A user's plain NumPy and SciPy code, thirtieth round (first part), written as legacy code is: a ray's travel time
through flat layers by a loop over the layers under np.errstate, the offset's travel time by Newton's method in a while
loop on float() of the step, moment magnitude and Aki's b-value; Manning's velocity at zero depth, dry grid cells
zeroed by an in-place masked assignment, Green-Ampt infiltration by a fixed-point while loop and by
scipy.special.lambertw; an SEIR epidemic by a day loop updating a state array in place, R0 by np.linalg.eigvals;
2PL item response by a scalar log-sigmoid that branches on float(z), a cumulative-logit ordinal model by a loop over
the rows of a design matrix; A-weighting, sound levels with a floor, Beer-Lambert absorbance, a Langmuir fit that
logs its loss with .item(), and van Genuchten's retention curve at zero suction."""

import math

import numpy as np
from scipy.special import expit, lambertw

# --- seismology ------------------------------------------------------------------------------------------------------

H = [2.0, 5.0, 8.0]
V = [3.0, 5.0, 6.5]


def ray_time(p):
    """One-way travel time of a ray with ray parameter p, layer by layer."""
    total = 0.0
    with np.errstate(invalid="ignore", divide="ignore"):
        for h, v in zip(H, V):
            total = total + h / (v * np.sqrt(1.0 - (p * v) ** 2))
    return total


def _offset(s, h, v):
    pv = s * v / v[-1]
    return np.sum(h * pv / np.sqrt(1.0 - pv ** 2))


def _offset_slope(s, h, v):
    pv = s * v / v[-1]
    return np.sum(h * (v / v[-1]) / (1.0 - pv ** 2) ** 1.5)


def travel_time_at(x):
    """The travel time to offset x: Newton's method on sin of the take-off angle until the step is below 1e-13."""
    h, v = np.array(H), np.array(V)
    s = 0.3
    for _ in range(100):
        step = (_offset(s, h, v) - x) / _offset_slope(s, h, v)
        s = s - step
        if abs(float(step)) < 1e-13:
            break
    pv = s * v / v[-1]
    return np.sum(h / (v * np.sqrt(1.0 - pv ** 2)))


def moment_magnitude(m0):
    """Hanks-Kanamori moment magnitude of a moment in N m."""
    return 2.0 / 3.0 * (np.log10(m0) - 9.1)


def b_value(mags):
    """Aki's b-value above completeness magnitude 2.0 with 0.1 bins."""
    mags = np.asarray(mags)
    return math.log10(math.e) / (mags.mean() - (2.0 - 0.05))


# --- hydrology -------------------------------------------------------------------------------------------------------


def manning_velocity(depth, n=0.03, slope=0.001, width=4.0):
    """Mean velocity in a rectangular channel."""
    radius = width * depth / (width + 2 * depth)
    return np.power(radius, 2.0 / 3.0) * np.sqrt(slope) / n


def manning_wet_cells(depth):
    """Total velocity over grid cells, the dry ones (depth <= 0) left at 0 by a masked assignment."""
    velocity = np.zeros_like(depth)
    wet = depth > 0
    velocity[wet] = manning_velocity(depth[wet])
    return velocity.sum()


def manning_wet_cells_where(depth):
    """The same by np.where over every cell, warnings silenced."""
    with np.errstate(invalid="ignore"):
        return np.sum(np.where(depth > 0, manning_velocity(depth), 0.0))


PSI_DTHETA, GA_T = 0.11 * 0.3, 2.0


def green_ampt(k_sat):
    """Cumulative infiltration after 2 h by fixed-point iteration to 1e-14."""
    f = k_sat * GA_T
    while True:
        f_new = k_sat * GA_T + PSI_DTHETA * np.log(1 + f / PSI_DTHETA)
        if abs(f_new - f) < 1e-14:
            return f_new
        f = f_new


def green_ampt_lambertw(k_sat):
    """The same in closed form: F = -s (1 + W_-1(-exp(-1 - K t / s))), s = psi dtheta."""
    s = PSI_DTHETA
    w = lambertw(-np.exp(-1.0 - k_sat * GA_T / s), k=-1)
    return -s * (1.0 + w.real)


# --- epidemiology ----------------------------------------------------------------------------------------------------


def seir_attack_rate(beta, sigma=0.2, gamma=0.1, dt=0.5, days=120):
    """The fraction ever infected, a state array updated in place day by day."""
    state = np.array([0.999, 0.0, 0.001, 0.0])
    for _ in range(int(days / dt)):
        s, e, i = state[0], state[1], state[2]
        infect = beta * s * i
        state[0] -= dt * infect
        state[1] += dt * (infect - sigma * e)
        state[2] += dt * (sigma * e - gamma * i)
        state[3] += dt * gamma * i
    return 1.0 - state[0]


def r0_eigvals(beta):
    """The spectral radius of the next-generation matrix beta_ij / gamma_j."""
    k = beta / np.array([0.1, 0.25])
    return np.max(np.abs(np.linalg.eigvals(k)))


# --- psychometrics ---------------------------------------------------------------------------------------------------

A = np.array([1.7, 1.2, 0.8, 2.1])
B = np.array([-1.0, 0.0, 0.5, 1.5])
Y = np.array([1, 1, 0, 1])


def _log_sigmoid(z):
    if float(z) > 0:
        return -np.log1p(np.exp(-z))
    return z - np.log1p(np.exp(z))


def irt_2pl_loglik(theta):
    """The 2PL log-likelihood, item by item, by a scalar log-sigmoid that picks its stable branch."""
    total = 0.0
    for a, b, y in zip(A, B, Y):
        z = a * (theta - b)
        total += _log_sigmoid(z) if y == 1 else _log_sigmoid(-z)
    return total


def irt_2pl_loglik_naive(theta):
    """The same from the probabilities by expit."""
    with np.errstate(divide="ignore", invalid="ignore"):
        p = expit(A * (theta - B))
        return np.sum(Y * np.log(p) + (1 - Y) * np.log(1 - p))


CUTS = np.array([-1.0, 0.0, 1.0])
DESIGN = np.array([[1.0, 0.5], [0.2, -1.0], [-0.7, 0.3]])
CATEGORY = [3, 1, 0]


def ordinal_loglik(w):
    """Cumulative-logit log-likelihood of three observations, row by row of the design matrix."""
    total = 0.0
    for row, k in zip(DESIGN, CATEGORY):
        eta = row @ w
        upper = 1.0 if k == 3 else expit(CUTS[k] - eta)
        lower = 0.0 if k == 0 else expit(CUTS[k - 1] - eta)
        total = total + np.log(upper - lower)
    return total


# --- acoustics -------------------------------------------------------------------------------------------------------


def a_weighting_db(f):
    """IEC 61672 A-weighting in dB."""
    f2 = f ** 2
    ra = 12194 ** 2 * f2 ** 2 / ((f2 + 20.6 ** 2) * np.sqrt((f2 + 107.7 ** 2) * (f2 + 737.9 ** 2)) * (f2 + 12194 ** 2))
    return 20 * np.log10(ra) + 2.0


def sound_level_floor(p):
    """Sound pressure level of a record, mean power floored at 1e-12 Pa^2."""
    power = max(np.mean(p ** 2), 1e-12)
    return 10 * np.log10(power / 4e-10)


def sound_level(p):
    """The same without the floor."""
    return 10 * np.log10(np.mean(np.square(p)) / 4e-10)


# --- chemistry and soil --------------------------------------------------------------------------------------------


def absorbance(conc, epsilon=1.2e4, path=1.0):
    """Beer-Lambert absorbance from the transmitted fraction."""
    transmittance = 10.0 ** (-epsilon * path * conc)
    return -np.log10(transmittance)


C_DATA = np.array([0.5, 1.0, 2.0, 5.0, 10.0])
Q_DATA = np.array([1.1, 1.8, 2.6, 3.4, 3.8])


def langmuir_fit(log_qmax, log_k):
    """Squared error of the Langmuir isotherm, printed with .item() for the log file."""
    qmax, k = np.exp(log_qmax), np.exp(log_k)
    pred = qmax * k * C_DATA / (1 + k * C_DATA)
    loss = np.sum((pred - Q_DATA) ** 2)
    print("langmuir loss", loss.item())
    return loss


def van_genuchten(h, alpha=1.5, n=1.4, theta_r=0.05, theta_s=0.45):
    """Water content at pressure head h."""
    m = 1 - 1 / n
    return theta_r + (theta_s - theta_r) / (1 + np.abs(alpha * h) ** n) ** m
