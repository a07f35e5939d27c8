"""A user's code on gradcli.numpy, round 91c: pharmacokinetics and pharmacodynamics as population-PK fitting codes
differentiate them (the one-compartment oral dose, the IV bolus, half-life and AUC, the Emax / Hill model, Michaelis-
Menten elimination, a two-compartment model's macro rate constants, multiple-dose accumulation, residual error
models). Time in hours, doses in mg, volumes in L."""

import gradcli.numpy as np


# --- one-compartment models ---------------------------------------------------------------------------------------


def bateman(D, ka, ke, V, t):
    """The concentration after an oral dose D (first-order absorption ka, elimination ke): the Bateman function."""
    return D * ka / (V * (ka - ke)) * (np.exp(-ke * t) - np.exp(-ka * t))


def bateman_expm1(D, ka, ke, V, t):
    """The same, rewritten with expm1 so that ka close to ke keeps its digits."""
    d = ka - ke
    return D * ka / V * np.exp(-ke * t) * (-np.expm1(-d * t)) / d


def iv_bolus(C0, k, t):
    """The concentration after an IV bolus: C0 exp(-k t)."""
    return C0 * np.exp(-k * t)


def half_life(k):
    """The elimination half-life ln 2 / k."""
    return np.log(2.0) / k


def auc_iv(D, V, k):
    """The area under the curve to infinity of an IV bolus: D / (V k) (= D / CL)."""
    return D / (V * k)


def accumulation_ratio(k, tau):
    """The steady-state accumulation of a dose every tau hours: 1 / (1 - exp(-k tau))."""
    return 1.0 / (1.0 - np.exp(-k * tau))


def accumulation_ratio_expm1(k, tau):
    """The same with expm1."""
    return -1.0 / np.expm1(-k * tau)


# --- pharmacodynamics ---------------------------------------------------------------------------------------------


def emax_hill(C, E0, Emax, EC50, n):
    """The sigmoid Emax model (the Hill equation): E0 + Emax C^n / (EC50^n + C^n)."""
    Cn = C ** n
    return E0 + Emax * Cn / (EC50 ** n + Cn)


def emax_logistic(C, E0, Emax, EC50, n):
    """The same model as a logistic in log concentration: E0 + Emax / (1 + exp(-n (log C - log EC50)))."""
    return E0 + Emax / (1.0 + np.exp(-n * (np.log(C) - np.log(EC50))))


# --- nonlinear elimination ----------------------------------------------------------------------------------------


def michaelis_menten(C0, Vmax, Km):
    """The concentration after 5 Euler steps of 0.1 h of dC/dt = -Vmax C / (Km + C)."""
    C = C0
    h = 0.1
    for _ in range(5):
        C = C - h * Vmax * C / (Km + C)
    return C


# --- two-compartment model ----------------------------------------------------------------------------------------


def two_compartment_alpha(k10, k12, k21):
    """The fast macro rate constant alpha, the larger root of l^2 - (k10 + k12 + k21) l + k10 k21."""
    s = k10 + k12 + k21
    disc = s * s - 4.0 * k10 * k21
    return (s + np.sqrt(disc)) / 2.0


def two_compartment_beta(k10, k12, k21):
    """The slow (terminal) macro rate constant beta, the smaller root."""
    s = k10 + k12 + k21
    disc = s * s - 4.0 * k10 * k21
    return (s - np.sqrt(disc)) / 2.0


def two_compartment_beta_stable(k10, k12, k21):
    """beta written without cancellation: the discriminant as a sum of squares, beta = k10 k21 / alpha."""
    s = k10 + k12 + k21
    disc = (k10 - k21) ** 2 + k12 * (k12 + 2.0 * (k10 + k21))
    return 2.0 * k10 * k21 / (s + np.sqrt(disc))


# --- residual error models ----------------------------------------------------------------------------------------


def lognormal_nll(y, f, sigma):
    """The negative log-likelihood of an observation under a log-normal (exponential) residual error."""
    r = (np.log(y) - np.log(f)) / sigma
    return 0.5 * r * r + np.log(sigma)


def combined_error_sd(f, a, b):
    """The proportional-plus-additive residual standard deviation sqrt(a^2 + b^2 f^2)."""
    return np.sqrt(a ** 2 + b ** 2 * f ** 2)


def combined_error_nll(y, f, a, b):
    """The negative log-likelihood of an observation under the combined error model."""
    sd = np.sqrt(a ** 2 + b ** 2 * f ** 2)
    r = (y - f) / sd
    return 0.5 * r * r + np.log(sd)
