"""A user's code on gradcli.numpy, round 77c: computational biology and epidemiology as modellers write it, fitted by
gradient (an SIR model integrated by explicit Euler and fitted to a serosurvey and to Poisson case counts; an SEIR model
by RK4 on the log of its prevalence; the epidemic's final size by a fixed-point loop and by Lambert's W; logistic and
Gompertz growth; Hill functions; Michaelis-Menten kinetics with a competitive inhibitor; four-parameter log-logistic
dose-response curves; Poisson and negative-binomial likelihoods of case counts; a Lotka-Volterra model; selection on
the simplex; log-odds of allele frequencies; the Jukes-Cantor distance and likelihood; a three-taxon tree's
log-likelihood with a logsumexp over the root's states), checked at ordinary points and where they break: R0 = 1,
a susceptible fraction that underflows, prevalence that dies out, N -> 0, x = 0, dose 0, counts of 0, p = 0, 1, 3/4."""

import gradcli.numpy as np
from gradcli.scipy.special import gammaln, lambertw, logsumexp, xlogy

DT = 0.5  # days per Euler / RK4 step


# --- SIR by explicit Euler --------------------------------------------------------------------------------------------

def sir_attack_rate(beta, gamma):
    """The fraction ever infected after 50 Euler steps from 0.1% infected."""
    s, i = 1.0 - 1e-3, 1e-3
    for _ in range(50):
        new_inf = beta * s * i
        s, i = s - DT * new_inf, i + DT * (new_inf - gamma * i)
    return 1.0 - s


N_NEG, N_POS = 37.0, 163.0  # a serosurvey: 37 of 200 sampled never infected


def serosurvey_nll(beta, gamma, i0):
    """Binomial negative log-likelihood of the serosurvey taken after 50 Euler steps of an SIR epidemic."""
    s, i = 1.0 - i0, i0
    for _ in range(50):
        new_inf = beta * s * i
        s, i = s - DT * new_inf, i + DT * (new_inf - gamma * i)
    return -(N_NEG * np.log(s) + N_POS * np.log(1.0 - s))


CASES = [0.0, 2.0, 5.0, 3.0, 0.0, 1.0, 0.0, 0.0, 1.0, 0.0]  # weekly counts, every 5th step
POP = 1000.0


def sir_poisson_nll(beta, gamma):
    """Poisson negative log-likelihood of the counts against the model's incidence POP beta S I DT."""
    s, i, nll = 1.0 - 1e-3, 1e-3, 0.0
    for k in range(50):
        new_inf = beta * s * i
        if k % 5 == 4:
            lam = POP * DT * new_inf
            y = CASES[k // 5]
            nll = nll + lam - y * np.log(lam) + gammaln(y + 1.0)
        s, i = s - DT * new_inf, i + DT * (new_inf - gamma * i)
    return nll


# --- SEIR by RK4 ------------------------------------------------------------------------------------------------------

def _seir_rhs(y, beta, sigma, gamma):
    """(S, E, I)' of an SEIR model with fractions S + E + I + R = 1."""
    inf = beta * y[0] * y[2]
    return np.stack([-inf, inf - sigma * y[1], sigma * y[1] - gamma * y[2]])


def seir_log_prevalence(beta, sigma, gamma, log_i0):
    """log I after 50 classical RK4 steps of an SEIR model seeded with exp(log_i0) infectious."""
    i = np.exp(log_i0)
    y = np.stack([1.0 - i, 0.0 * i, i])
    h = DT
    for _ in range(50):
        k1 = _seir_rhs(y, beta, sigma, gamma)
        k2 = _seir_rhs(y + h / 2 * k1, beta, sigma, gamma)
        k3 = _seir_rhs(y + h / 2 * k2, beta, sigma, gamma)
        k4 = _seir_rhs(y + h * k3, beta, sigma, gamma)
        y = y + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
    return np.log(y[2])


# --- the final size z = 1 - exp(-R0 z) --------------------------------------------------------------------------------

def final_size(r0):
    """The final-size equation solved by 100 fixed-point iterations from z = 1."""
    z = 1.0 + 0.0 * r0
    for _ in range(100):
        z = 1.0 - np.exp(-r0 * z)
    return z


def final_size_expm1(r0):
    z = 1.0 + 0.0 * r0
    for _ in range(100):
        z = -np.expm1(-r0 * z)
    return z


def final_size_lambertw(r0):
    """Closed form: z = 1 + W0(-R0 exp(-R0)) / R0."""
    return 1.0 + lambertw(-r0 * np.exp(-r0)).real / r0


# --- growth curves ----------------------------------------------------------------------------------------------------

T_OBS = np.arange(0.0, 11.0)
LOGN_OBS = np.array([1.6, 2.4, 3.1, 3.9, 4.6, 5.2, 5.8, 6.2, 6.5, 6.7, 6.8])


def logistic_log_sse(r, K, n0):
    """Least squares on the log scale of the logistic curve K / (1 + (K / N0 - 1) exp(-r t))."""
    n = K / (1.0 + (K / n0 - 1.0) * np.exp(-r * T_OBS))
    return np.sum((np.log(n) - LOGN_OBS) ** 2)


def logistic_log_sse_stable(r, K, n0):
    """The same curve written K N0 e^{rt} / (K + N0 (e^{rt} - 1))."""
    g = np.exp(r * T_OBS)
    n = K * n0 * g / (K + n0 * (g - 1.0))
    return np.sum((np.log(n) - LOGN_OBS) ** 2)


def gompertz_log_size(r, K, n0):
    """log N after 50 Euler steps of Gompertz growth dN/dt = r N log(K / N)."""
    n = n0
    for _ in range(50):
        n = n + DT * r * n * np.log(K / n)
    return np.log(n)


def gompertz_log_size_split(r, K, n0):
    n = n0
    for _ in range(50):
        n = n + DT * r * n * (np.log(K) - np.log(n))
    return np.log(n)


# --- Hill, Michaelis-Menten, dose-response ----------------------------------------------------------------------------

def hill(x, K, n):
    return x ** n / (K ** n + x ** n)


def hill_exp(x, K, n):
    """The Hill function with x^n written exp(n log x), as in a log-scale fit."""
    xn = np.exp(n * np.log(x))
    return xn / (np.exp(n * np.log(K)) + xn)


def hill_sqrt(x, K):
    """The Hill function of coefficient 3/2 written with square roots."""
    x15 = x * np.sqrt(x)
    return x15 / (K * np.sqrt(K) + x15)


S_SUB = np.array([0.5, 1.0, 2.0, 4.0, 8.0, 0.5, 1.0, 2.0, 4.0, 8.0])
I_INH = np.array([0.0, 0.0, 0.0, 0.0, 0.0, 2.0, 2.0, 2.0, 2.0, 2.0])
V_OBS = np.array([2.9, 4.3, 6.1, 7.4, 8.3, 1.2, 2.1, 3.4, 5.0, 6.4])


def mm_inhibition_sse(vmax, km, ki):
    """Competitive inhibition: v = Vmax S / (Km (1 + I / Ki) + S), least squares."""
    s, inh, obs = (np.asarray(a, dtype=vmax.dtype) for a in (S_SUB, I_INH, V_OBS))
    v = vmax * s / (km * (1.0 + inh / ki) + s)
    return np.sum((v - obs) ** 2)


DOSE = np.array([0.0, 0.1, 0.3, 1.0, 3.0, 10.0, 30.0])  # the first well is the untreated control
RESP = np.array([98.0, 95.0, 88.0, 61.0, 30.0, 12.0, 6.0])


def _data(x, *arrays):
    return [np.asarray(a, dtype=x.dtype) for a in arrays]


def ll4_sse(bottom, top, log_ec50, hill_slope):
    """Four-parameter log-logistic fit to the treated wells."""
    dose, resp = _data(bottom, DOSE[1:], RESP[1:])
    pred = bottom + (top - bottom) / (1.0 + np.exp(hill_slope * (np.log(dose) - log_ec50)))
    return np.sum((pred - resp) ** 2)


def ll4_sse_control(bottom, top, log_ec50, hill_slope):
    """The same fit with the control well (dose 0) included."""
    dose, resp = _data(bottom, DOSE, RESP)
    pred = bottom + (top - bottom) / (1.0 + np.exp(hill_slope * (np.log(dose) - log_ec50)))
    return np.sum((pred - resp) ** 2)


def ll4_sse_pow(bottom, top, ec50, hill_slope):
    """The power form (dose / EC50)^h, control included."""
    dose, resp = _data(bottom, DOSE, RESP)
    pred = bottom + (top - bottom) / (1.0 + (dose / ec50) ** hill_slope)
    return np.sum((pred - resp) ** 2)


def ll4_sse_where(bottom, top, log_ec50, hill_slope):
    """The control well given the top by a where."""
    dose, resp = _data(bottom, DOSE, RESP)
    curve = bottom + (top - bottom) / (1.0 + np.exp(hill_slope * (np.log(dose) - log_ec50)))
    pred = np.where(dose > 0, curve, top)
    return np.sum((pred - resp) ** 2)


def ll4_sse_double_where(bottom, top, log_ec50, hill_slope):
    dose, resp = _data(bottom, DOSE, RESP)
    safe = np.where(dose > 0, dose, 1.0)
    curve = bottom + (top - bottom) / (1.0 + np.exp(hill_slope * (np.log(safe) - log_ec50)))
    pred = np.where(dose > 0, curve, top)
    return np.sum((pred - resp) ** 2)


# --- count likelihoods ------------------------------------------------------------------------------------------------

WEEK = np.arange(8.0)
COUNTS = np.array([0.0, 3.0, 1.0, 0.0, 7.0, 12.0, 4.0, 0.0])


def poisson_loglinear_nll(a, b):
    """Poisson regression log(lambda) = a + b t, the log taken of the rate."""
    t, y = _data(a, WEEK, COUNTS)
    lam = np.exp(a + b * t)
    return np.sum(lam - y * np.log(lam) + gammaln(y + 1.0))


def poisson_loglinear_nll_eta(a, b):
    """The same with the linear predictor used directly."""
    t, y = _data(a, WEEK, COUNTS)
    eta = a + b * t
    return np.sum(np.exp(eta) - y * eta + gammaln(y + 1.0))


def poisson_rate_nll(lam):
    """A free rate per week."""
    return np.sum(lam - COUNTS * np.log(lam) + gammaln(COUNTS + 1.0))


def poisson_rate_nll_xlogy(lam):
    return np.sum(lam - xlogy(COUNTS, lam) + gammaln(COUNTS + 1.0))


def nb_nll(mu, k):
    """Negative binomial with mean mu and dispersion k (variance mu + mu^2 / k)."""
    y = COUNTS
    ll = (gammaln(y + k) - gammaln(k) - gammaln(y + 1.0)
          + k * np.log(k / (k + mu)) + y * np.log(mu / (k + mu)))
    return -np.sum(ll)


# --- Lotka-Volterra; selection ----------------------------------------------------------------------------------------

def lv_log_final(a, b, c, d, log_x0):
    """log prey + log predators after 60 Euler steps of dt = 0.1 from exp(log_x0) prey and 4 predators."""
    x = np.exp(log_x0)
    y = 4.0 + 0.0 * x
    for _ in range(60):
        x, y = x + 0.1 * (a * x - b * x * y), y + 0.1 * (c * x * y - d * y)
    return np.log(x) + np.log(y)


P0 = np.array([0.6, 0.3, 0.1])
GENOTYPED = np.array([50.0, 30.0, 20.0])  # counts at generation 20


def selection_loglik(s):
    """Twenty generations of haploid selection p' = p w / sum(p w), w = exp(s); multinomial log-likelihood."""
    p = np.asarray(P0, dtype=s.dtype)
    w = np.exp(s)
    for _ in range(20):
        p = p * w / np.sum(p * w)
    return np.sum(np.asarray(GENOTYPED, dtype=s.dtype) * np.log(p))


def selection_loglik_log(s):
    """The same in log space: log p_T = log p0 + 20 s - logsumexp(log p0 + 20 s)."""
    lp = np.log(np.asarray(P0, dtype=s.dtype)) + 20.0 * s
    return np.sum(np.asarray(GENOTYPED, dtype=s.dtype) * (lp - logsumexp(lp)))


LOCUS_W = np.array([1.0, -2.0])


def allele_log_odds(p):
    """A weighted sum of allele frequencies' log-odds."""
    return np.sum(np.asarray(LOCUS_W, dtype=p.dtype) * np.log(p / (1 - p)))


# --- phylogenetics ----------------------------------------------------------------------------------------------------

def jc_distance(p):
    """The Jukes-Cantor distance from the proportion of differing sites."""
    return -0.75 * np.log(1.0 - 4.0 / 3.0 * p)


def jc_distance_int(p):
    return -3 / 4 * np.log(1 - 4 * p / 3)


N_SAME, N_DIFF = 80.0, 20.0


def jc_loglik(d):
    """Log-likelihood of a branch length d from 80 identical and 20 differing sites."""
    e = np.exp(-4.0 * d / 3.0)
    return N_SAME * np.log(0.25 + 0.75 * e) + N_DIFF * np.log(0.75 - 0.75 * e)


ALIGN = np.array([[0, 1, 2, 3, 0, 0, 2, 1],  # three taxa, eight sites (A C G T as 0 1 2 3)
                  [0, 1, 2, 3, 1, 0, 2, 3],
                  [0, 1, 3, 3, 1, 2, 2, 3]])


def _jc_matrix(t):
    """P(t) of Jukes-Cantor: 1/4 + 3/4 e^{-4t/3} on the diagonal, 1/4 - 1/4 e^{-4t/3} off it."""
    e = np.exp(-4.0 * t / 3.0)
    return np.where(np.eye(4, dtype=bool), 0.25 + 0.75 * e, 0.25 - 0.25 * e)


def _jc_log_matrix(t):
    return np.log(_jc_matrix(t))


def tree_loglik(t):
    """A star tree with branch lengths t under Jukes-Cantor: sum over sites of logsumexp over the root's state."""
    terms = np.log(0.25) + sum(_jc_log_matrix(t[k])[:, ALIGN[k]] for k in range(3))
    return np.sum(logsumexp(terms, axis=0))


LONG = np.tile(ALIGN, (1, 40))  # 320 sites


def tree_loglik_long(t):
    terms = np.log(0.25) + sum(_jc_log_matrix(t[k])[:, LONG[k]] for k in range(3))
    return np.sum(logsumexp(terms, axis=0))


def tree_loglik_long_naive(t):
    """Pruning in probabilities: the likelihood as a product over sites, logged at the end."""
    P = [_jc_matrix(t[k]) for k in range(3)]
    site = 0.25 * sum(P[0][s, LONG[0]] * P[1][s, LONG[1]] * P[2][s, LONG[2]] for s in range(4))
    return np.log(np.prod(site))
