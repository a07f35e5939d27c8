"""A user's code on gradcli.numpy, round 100c: the formulas sports scientists and biomechanists fit or differentiate
(Banister's fitness-fatigue model and its time to peak performance, the critical power model, VO2 on-kinetics with a
time delay, joint angles from marker coordinates, segment lengths and directions, a centre of mass, projectile ranges
with and without drag, Peronnet-Thibault's power-duration curve, Hill's force-velocity relation with an eccentric
branch, the Furusawa-Hill-Keller sprint model, Elo-style ratings and Riegel's race-time prediction)."""

import gradcli.numpy as np

G = 9.81

# --- training load: Banister's impulse-response model ----------------------------------------------------------------

LOADS = np.array([100.0, 80.0, 120.0, 0.0, 150.0, 90.0, 60.0])  # daily training impulses (TRIMP)
DAYS = np.array([0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
P0 = 400.0  # baseline performance


def banister(t, k1, k2, tau1, tau2):
    """Performance on day t after the week's training (t past the last session)."""
    dt = t - DAYS
    return P0 + np.sum(LOADS * (k1 * np.exp(-dt / tau1) - k2 * np.exp(-dt / tau2)))


def banister_causal(t, k1, k2, tau1, tau2):
    """The same for any day t: only sessions before t count."""
    dt = t - DAYS
    effect = LOADS * (k1 * np.exp(-dt / tau1) - k2 * np.exp(-dt / tau2))
    return P0 + np.sum(np.where(dt > 0, effect, 0.0))


def single_session(t, k1, k2, tau1, tau2):
    """One session's effect t days later: k1 e^(-t / tau1) - k2 e^(-t / tau2)."""
    return k1 * np.exp(-t / tau1) - k2 * np.exp(-t / tau2)


def banister_peak_time(k1, k2, tau1, tau2):
    """Days from one session to its peak effect: tau1 tau2 / (tau1 - tau2) log(k2 tau1 / (k1 tau2))."""
    return tau1 * tau2 / (tau1 - tau2) * np.log((k2 * tau1) / (k1 * tau2))


# --- critical power ---------------------------------------------------------------------------------------------------


def critical_power(t, w_prime, cp):
    """Sustainable power for a duration t: P = W' / t + CP."""
    return w_prime / t + cp


def time_to_exhaustion(p, w_prime, cp):
    """Its inverse: t = W' / (P - CP)."""
    return w_prime / (p - cp)


def cp_two_trials(p1, t1, p2, t2):
    """CP from two exhausting trials (work = W' + CP t): (P1 t1 - P2 t2) / (t1 - t2)."""
    return (p1 * t1 - p2 * t2) / (t1 - t2)


# --- oxygen uptake on-kinetics --------------------------------------------------------------------------------------


def vo2_onset(t, base, amp, td, tau):
    """VO2(t) = base + A (1 - exp(-(t - TD) / tau)) after the time delay TD, base before it."""
    return base + amp * (1.0 - np.exp(-np.maximum(0.0, t - td) / tau))


def vo2_onset_where(t, base, amp, td, tau):
    return np.where(t > td, base + amp * (1.0 - np.exp(-(t - td) / tau)), base)


# --- joint angles and segments from markers -------------------------------------------------------------------------


def knee_angle_arccos(hip, knee, ankle):
    """Knee flexion (radians): the angle between the thigh's and the shank's unit vectors, 0 at full extension."""
    thigh = (knee - hip) / np.linalg.norm(knee - hip)
    shank = (ankle - knee) / np.linalg.norm(ankle - knee)
    return np.arccos(np.dot(thigh, shank))


def knee_angle_clipped(hip, knee, ankle):
    thigh = (knee - hip) / np.linalg.norm(knee - hip)
    shank = (ankle - knee) / np.linalg.norm(ankle - knee)
    return np.arccos(np.clip(np.dot(thigh, shank), -1.0, 1.0))


def knee_angle_atan2(hip, knee, ankle):
    """The signed flexion angle in the sagittal plane by atan2 of the 2-D cross and dot products."""
    u, v = knee - hip, ankle - knee
    return np.arctan2(u[0] * v[1] - u[1] * v[0], np.dot(u, v))


def segment_length(p, q):
    return np.linalg.norm(q - p)


def segment_direction_x(p, q):
    """The x-component of a segment's unit vector."""
    d = q - p
    return d[0] / np.sqrt(np.sum(d * d))


def centre_of_mass(masses, xs):
    """The body's centre of mass along one axis from segment masses and segment-centre positions."""
    return np.sum(masses * xs) / np.sum(masses)


# --- projectiles -----------------------------------------------------------------------------------------------------


def projectile_range(v, theta):
    """Drag-free range on flat ground: v^2 sin(2 theta) / g."""
    return v ** 2 * np.sin(2.0 * theta) / G


def drag_distance(t, v0, k):
    """Horizontal distance under quadratic drag (k = g / v_t^2): log(1 + k v0 t) / k."""
    return np.log(1.0 + k * v0 * t) / k


def drag_distance_log1p(t, v0, k):
    return np.log1p(k * v0 * t) / k


def drag_distance_vt(t, v0, vt):
    """The same in terms of terminal velocity: (v_t^2 / g) log(1 + g v0 t / v_t^2)."""
    return vt ** 2 / G * np.log(1.0 + G * v0 * t / vt ** 2)


# --- power-duration: Peronnet-Thibault ------------------------------------------------------------------------------


def peronnet_thibault(t, s, map_, a, tte):
    """Mean power over t seconds: anaerobic S / t (1 - e^(-t/k2)), aerobic MAP (1 - k1 / t (1 - e^(-t/k1))), and past
    the time MAP can be held (TTE) the aerobic decline A log(t / TTE)."""
    k1, k2 = 30.0, 20.0
    anaerobic = s / t * (1.0 - np.exp(-t / k2))
    aerobic = map_ * (1.0 - k1 / t * (1.0 - np.exp(-t / k1)))
    decline = np.where(t > tte, a * np.log(t / tte), 0.0)
    return anaerobic + aerobic - decline


# --- muscle: Hill's force-velocity ----------------------------------------------------------------------------------


def hill_force(v, f0, a, b):
    """(F0 + a) b / (v + b) - a: force at shortening velocity v."""
    return (f0 + a) * b / (v + b) - a


def hill_force_eccentric(v, f0, vmax):
    """Concentric Hill (curvature k = 0.25) for v >= 0, the eccentric branch (plateau 1.8 F0) for lengthening v < 0."""
    k = 0.25
    concentric = f0 * (vmax - v) / (vmax + v / k)
    eccentric = f0 * (1.8 - 0.8 * (vmax + v) / (vmax - 7.56 * v / k))
    return np.where(v >= 0.0, concentric, eccentric)


# --- sprint model (Furusawa-Hill-Keller) ----------------------------------------------------------------------------


def sprint_speed(t, vmax, tau):
    return vmax * (1.0 - np.exp(-t / tau))


def sprint_distance(t, vmax, tau):
    """Distance covered: vmax (t - tau (1 - e^(-t / tau)))."""
    return vmax * (t - tau * (1.0 - np.exp(-t / tau)))


def sprint_distance_expm1(t, vmax, tau):
    return vmax * (t + tau * np.expm1(-t / tau))


# --- ratings and predictions ----------------------------------------------------------------------------------------


def elo_expected(ra, rb):
    """Expected score of A against B."""
    return 1.0 / (1.0 + 10.0 ** ((rb - ra) / 400.0))


def elo_loss(ra, rb):
    """-log E for A's win: log(1 + 10^((rb - ra) / 400))."""
    return np.log(1.0 + 10.0 ** ((rb - ra) / 400.0))


def elo_loss_stable(ra, rb):
    return np.logaddexp(0.0, (rb - ra) * np.log(10.0) / 400.0)


def riegel(t1, d1, d2):
    """Predicted time over d2 from a time t1 over d1: t1 (d2 / d1)^1.06."""
    return t1 * (d2 / d1) ** 1.06


def riegel_fit(t1, d1, d2, e):
    """The same with the fatigue exponent fitted."""
    return t1 * (d2 / d1) ** e
