"""A user's code on gradcli.numpy, round 90c: epidemiology and population dynamics as fitting codes differentiate
them (an SIR and an SEIR model unrolled by Euler steps, the final-size relation and R0, logistic growth, the Ricker and
Beverton-Holt maps, an Allee effect, Lotka-Volterra, a branching process's extinction probability, Poisson and
negative binomial likelihoods of case counts, the serial-interval gamma density, a Leslie matrix's growth rate).
Time in days unless a function says otherwise."""

import gradcli.numpy as np
from gradcli.scipy.special import gammaln


# --- compartmental models -----------------------------------------------------------------------------------------


def sir_euler(beta, gamma, S0, I0):
    """The infected count after 10 Euler steps of half a day of the SIR model (no one removed at the start)."""
    S, I, R = S0, I0, 0.0 * S0
    N = S0 + I0
    dt = 0.5
    for _ in range(10):
        infection = beta * S * I / N
        recovery = gamma * I
        S, I, R = S - dt * infection, I + dt * (infection - recovery), R + dt * recovery
    return I


def seir_euler(beta, sigma, gamma, S0, E0, I0):
    """The cumulative incidence (E -> I transitions) over 8 Euler steps of one day of the SEIR model."""
    S, E, I = S0, E0, I0
    N = S0 + E0 + I0
    cases = 0.0 * S0
    for _ in range(8):
        new_exposed = beta * S * I / N
        new_infectious = sigma * E
        S, E, I = S - new_exposed, E + new_exposed - new_infectious, I + new_infectious - gamma * I
        cases = cases + new_infectious
    return cases


def basic_reproduction_number(beta, gamma):
    """R0 = beta / gamma."""
    return beta / gamma


def final_size(R0):
    """The attack rate z = 1 - exp(-R0 z), by 60 fixed-point steps from z = 1."""
    z = 1.0 + 0.0 * R0
    for _ in range(60):
        z = 1.0 - np.exp(-R0 * z)
    return z


# --- single-species growth ----------------------------------------------------------------------------------------


def logistic_growth(K, N0, r, t):
    """The logistic curve K / (1 + (K/N0 - 1) exp(-r t))."""
    return K / (1.0 + (K / N0 - 1.0) * np.exp(-r * t))


def logistic_growth_stable(K, N0, r, t):
    """The same curve written without K/N0: K N0 / (N0 + (K - N0) exp(-r t))."""
    return K * N0 / (N0 + (K - N0) * np.exp(-r * t))


def ricker(N0, r, K, steps=6):
    """The Ricker map N exp(r (1 - N/K)) iterated."""
    N = N0
    for _ in range(steps):
        N = N * np.exp(r * (1.0 - N / K))
    return N


def ricker_long(N0, r, K):
    """The Ricker map over 30 generations."""
    return ricker(N0, r, K, steps=30)


def beverton_holt(N0, R, M):
    """The Beverton-Holt map R N / (1 + N/M) over 10 generations."""
    N = N0
    for _ in range(10):
        N = R * N / (1.0 + N / M)
    return N


def allee_growth(N, r, A, K):
    """The growth rate with a strong Allee effect r N (N/A - 1)(1 - N/K)."""
    return r * N * (N / A - 1.0) * (1.0 - N / K)


# --- two species --------------------------------------------------------------------------------------------------


def lotka_volterra(x0, y0, a, b, c, d):
    """The prey after 20 Euler steps of 0.05 of dx = x (a - b y), dy = y (d x - c)."""
    x, y = x0, y0
    dt = 0.05
    for _ in range(20):
        x, y = x + dt * x * (a - b * y), y + dt * y * (d * x - c)
    return x


def lotka_volterra_log(x0, y0, a, b, c, d):
    """The same in log populations (positive by construction), the prey returned."""
    u, v = np.log(x0), np.log(y0)
    dt = 0.05
    for _ in range(20):
        u, v = u + dt * (a - b * np.exp(v)), v + dt * (d * np.exp(u) - c)
    return np.exp(u)


# --- branching processes ------------------------------------------------------------------------------------------


def extinction_poisson(m):
    """The extinction probability of a Galton-Watson process with Poisson(m) offspring: the smallest root of
    s = exp(m (s - 1)), by 200 steps from s = 0."""
    s = 0.0 * m
    for _ in range(200):
        s = np.exp(m * (s - 1.0))
    return s


def extinction_geometric(p):
    """The same with geometric offspring P(k) = p (1 - p)^k, G(s) = p / (1 - (1 - p) s): 100 steps from 0."""
    s = 0.0 * p
    for _ in range(100):
        s = p / (1.0 - (1.0 - p) * s)
    return s


# --- likelihoods of case counts -----------------------------------------------------------------------------------


def poisson_loglik(lam, k):
    """log P(k | lambda) = k log(lambda) - lambda - log k!."""
    return k * np.log(lam) - lam - gammaln(k + 1.0)


def poisson_loglik_xlogy(lam, k):
    """The same with xlogy, which takes 0 log 0 as 0."""
    return np.xlogy(k, lam) - lam - gammaln(k + 1.0)


def negbin_loglik(k, mu, r):
    """log P(k | mean mu, dispersion r) of the negative binomial (the Poisson as r -> infinity)."""
    return (gammaln(k + r) - gammaln(r) - gammaln(k + 1.0)
            + r * np.log(r / (r + mu)) + k * np.log(mu / (r + mu)))


def serial_interval_pdf(t, shape, rate):
    """The gamma density of the serial interval, rate^shape t^(shape-1) exp(-rate t) / Gamma(shape)."""
    return rate ** shape * t ** (shape - 1.0) * np.exp(-rate * t) / np.exp(gammaln(shape))


def serial_interval_logpdf(t, shape, rate):
    """Its logarithm."""
    return shape * np.log(rate) + (shape - 1.0) * np.log(t) - rate * t - gammaln(shape)


# --- age structure ------------------------------------------------------------------------------------------------


def leslie_growth_rate(F, S):
    """The asymptotic growth rate (dominant eigenvalue) of the 3-class Leslie matrix with fecundities F and
    survivals S."""
    L = np.vstack([F[None, :], np.hstack([np.diag(S), np.zeros((2, 1))])])
    return np.max(np.real(np.linalg.eigvals(L)))


def leslie_growth_power(F, S):
    """The same by 80 steps of power iteration."""
    v = np.ones(3)
    for _ in range(80):
        w = np.stack([np.sum(F * v), S[0] * v[0], S[1] * v[1]])
        lam = np.sum(w) / np.sum(v)
        v = w / np.sum(w)
    return lam
