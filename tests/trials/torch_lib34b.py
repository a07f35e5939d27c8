"""A user's PyTorch code, thirty-fourth round (b): scientific models trained in a deep-learning framework. Orbital
mechanics (Kepler's equation solved by Newton's method, unrolled, and as an autograd.Function whose backward is the
implicit derivative, right and with a factor forgotten; the true anomaly at a parabolic orbit), pharmacokinetics (the
one-compartment Bateman curve written naively, with expm1, and with a torch.where at equal rates), item response
theory (a three-parameter logistic nn.Module read by its parameters' names; an ability's likelihood by log(1 - p) and
by logsigmoid), enzyme kinetics (Hill's equation through torch.pow at zero substrate, Michaelis-Menten with an
Arrhenius rate), Hamiltonian Monte Carlo (a leapfrog trajectory on a banana-shaped density whose forces come from
torch.autograd.grad(create_graph=True)), and survival and count models by torch.distributions (a censored Weibull
likelihood through 1 - cdf and through its log survival, a Poisson likelihood at a zero rate)."""

import math

import torch
import torch.nn.functional as F

# --------------------------------------------------------------------------------------------- orbital mechanics
NEWTON_STEPS = 40


def _kepler_newton(mean_anomaly, e):
    """E - e sin E = M by Newton's method from E = pi, which converges for every M in [0, pi] and e < 1."""
    ecc = torch.full_like(mean_anomaly, math.pi)
    for _ in range(NEWTON_STEPS):
        ecc = ecc - (ecc - e * torch.sin(ecc) - mean_anomaly) / (1 - e * torch.cos(ecc))
    return ecc


def orbit_radius(M, e):
    """The distance from the focus in units of the semi-major axis, r = 1 - e cos E, differentiated through Newton."""
    return 1 - e * torch.cos(_kepler_newton(M, e))


class KeplerSolve(torch.autograd.Function):
    """Kepler's equation solved without a graph; the backward is the implicit function theorem's derivative."""

    @staticmethod
    def forward(ctx, mean_anomaly, e):
        with torch.no_grad():
            ecc = _kepler_newton(mean_anomaly, e)
        ctx.save_for_backward(ecc, e)
        return ecc

    @staticmethod
    def backward(ctx, grad):
        ecc, e = ctx.saved_tensors
        slope = grad / (1 - e * torch.cos(ecc))
        return slope, slope * torch.sin(ecc)


class KeplerSolveSlip(KeplerSolve):
    """The same, the eccentricity's derivative missing its division by dF/dE."""

    @staticmethod
    def backward(ctx, grad):
        ecc, e = ctx.saved_tensors
        return grad / (1 - e * torch.cos(ecc)), grad * torch.sin(ecc)


def eccentric_anomaly(M, e):
    return KeplerSolve.apply(M, e)


def eccentric_anomaly_slip(M, e):
    return KeplerSolveSlip.apply(M, e)


def kepler_to_tolerance(M, e):
    """Newton's method stopped when the residual is small, as textbooks write it."""
    ecc = torch.full_like(M, math.pi)
    residual = ecc - e * torch.sin(ecc) - M
    while torch.abs(residual) > 1e-12:
        ecc = ecc - residual / (1 - e * torch.cos(ecc))
        residual = ecc - e * torch.sin(ecc) - M
    return 1 - e * torch.cos(ecc)


def true_anomaly(E, e):
    """The true anomaly from the eccentric one: 2 atan2(sqrt(1 + e) sin(E/2), sqrt(1 - e) cos(E/2))."""
    return 2 * torch.atan2(torch.sqrt(1 + e) * torch.sin(E / 2), torch.sqrt(1 - e) * torch.cos(E / 2))


# --------------------------------------------------------------------------------------------- pharmacokinetics
DOSE, VOLUME, T_SAMPLE = 100.0, 10.0, 2.0


def bateman(ka, ke):
    """Plasma concentration after an oral dose, one compartment: D ka / (V (ka - ke)) (e^-ke t - e^-ka t)."""
    return DOSE * ka / (VOLUME * (ka - ke)) * (torch.exp(-ke * T_SAMPLE) - torch.exp(-ka * T_SAMPLE))


def bateman_expm1(ka, ke):
    """The same with the difference of exponentials as e^-ke t (1 - e^-(ka - ke) t), by expm1."""
    d = ka - ke
    return DOSE * ka / VOLUME * torch.exp(-ke * T_SAMPLE) * -torch.expm1(-d * T_SAMPLE) / d


def bateman_where(ka, ke):
    """The expm1 form with its limit t at equal rates chosen by torch.where."""
    d = ka - ke
    ratio = torch.where(d == 0, torch.full_like(d, T_SAMPLE), -torch.expm1(-d * T_SAMPLE) / d)
    return DOSE * ka / VOLUME * torch.exp(-ke * T_SAMPLE) * ratio


# ------------------------------------------------------------------------------------------ item response theory
class ThreePL(torch.nn.Module):
    """The three-parameter logistic model: p = c + (1 - c) sigmoid(a (theta - b)), c = sigmoid(guess_logit)."""

    def __init__(self, a, b, guess):
        super().__init__()
        self.discrimination = torch.nn.Parameter(torch.tensor(a, dtype=torch.float64))
        self.difficulty = torch.nn.Parameter(torch.tensor(b, dtype=torch.float64))
        self.guess_logit = torch.nn.Parameter(torch.tensor(guess, dtype=torch.float64))

    def forward(self, theta):
        c = torch.sigmoid(self.guess_logit)
        return c + (1 - c) * torch.sigmoid(self.discrimination * (theta[:, None] - self.difficulty))


ITEM_A = [1.2, 0.8, 2.0]
ITEM_B = [-1.0, 0.5, 1.5]
ITEM_GUESS = [-1.5, -1.0, -2.0]
ABILITIES = [-0.5, 0.25, 1.0, 2.0]
RESPONSES = [[1.0, 0.0, 0.0], [1.0, 1.0, 0.0], [1.0, 0.0, 1.0], [1.0, 1.0, 1.0]]


def irt_args():
    return {"model": ThreePL(ITEM_A, ITEM_B, ITEM_GUESS), "theta": torch.tensor(ABILITIES, dtype=torch.float64),
            "responses": torch.tensor(RESPONSES, dtype=torch.float64)}


def irt_nll(model, theta, responses):
    """The response matrix's negative log-likelihood."""
    return F.binary_cross_entropy(model(theta), responses, reduction="sum")


def irt_nll_mean(model, theta, responses):
    """The mean over responses."""
    return F.binary_cross_entropy(model(theta), responses)


ITEM_C = [0.2, 0.25, 0.1]
ONE_PERSON = [1.0, 0.0, 1.0]


def ability_nll_naive(theta):
    """One examinee's negative log-likelihood in their ability, with the items' a, b and c fixed."""
    a, b, c = (torch.tensor(v, dtype=theta.dtype) for v in (ITEM_A, ITEM_B, ITEM_C))
    y = torch.tensor(ONE_PERSON, dtype=theta.dtype)
    p = c + (1 - c) * torch.sigmoid(a * (theta - b))
    return -(y * torch.log(p) + (1 - y) * torch.log(1 - p)).sum()


def ability_nll(theta):
    """The same in log space: log p = logaddexp(log c, log(1 - c) + log sigmoid(z)), 1 - p = (1 - c) sigmoid(-z)."""
    a, b, c = (torch.tensor(v, dtype=theta.dtype) for v in (ITEM_A, ITEM_B, ITEM_C))
    y = torch.tensor(ONE_PERSON, dtype=theta.dtype)
    z = a * (theta - b)
    log_p = torch.logaddexp(torch.log(c), torch.log1p(-c) + F.logsigmoid(z))
    log_q = torch.log1p(-c) + F.logsigmoid(-z)
    return -(y * log_p + (1 - y) * log_q).sum()


# ------------------------------------------------------------------------------------------------ enzyme kinetics
VMAX, K_HALF = 10.0, 2.0


def hill_rate(s, n):
    """Hill's equation, v = Vmax s^n / (K^n + s^n)."""
    return VMAX * torch.pow(s, n) / (K_HALF ** n + torch.pow(s, n))


GAS_R, PREFACTOR, K_M = 8.314, 1e12, 0.5


def arrhenius_rate(s, temperature, activation):
    """Michaelis-Menten with an Arrhenius turnover: A exp(-Ea / (R T)) s / (Km + s)."""
    return PREFACTOR * torch.exp(-activation / (GAS_R * temperature)) * s / (K_M + s)


# -------------------------------------------------------------------------------------- Hamiltonian Monte Carlo
BANANA_B = 5.0
MOMENTUM = [0.5, -0.3]
LEAPFROG_EPS, LEAPFROG_STEPS = 0.1, 5


def banana_potential(q):
    """-log density of a banana-shaped target: q0^2 / 2 + B (q1 - q0^2)^2 / 2."""
    return 0.5 * q[0] ** 2 + 0.5 * BANANA_B * (q[1] - q[0] ** 2) ** 2


def _force(q):
    (grad,) = torch.autograd.grad(banana_potential(q), q, create_graph=True)
    return grad


def leapfrog_energy_error(q):
    """H(q_L, p_L) - H(q_0, p_0) after a leapfrog trajectory from q with a fixed momentum."""
    p = torch.tensor(MOMENTUM, dtype=q.dtype)
    start = banana_potential(q) + 0.5 * (p ** 2).sum()
    p = p - 0.5 * LEAPFROG_EPS * _force(q)
    for step in range(LEAPFROG_STEPS):
        q = q + LEAPFROG_EPS * p
        if step < LEAPFROG_STEPS - 1:
            p = p - LEAPFROG_EPS * _force(q)
    p = p - 0.5 * LEAPFROG_EPS * _force(q)
    return banana_potential(q) + 0.5 * (p ** 2).sum() - start


# ---------------------------------------------------------------------------------------------- survival and counts
EVENT_TIMES = [0.5, 1.2, 2.0]
CENSORED_TIMES = [3.0]


def weibull_nll_cdf(scale, concentration):
    """Right-censored Weibull likelihood, the censored survival as 1 - cdf."""
    dist = torch.distributions.Weibull(scale, concentration)
    events = torch.tensor(EVENT_TIMES, dtype=scale.dtype)
    censored = torch.tensor(CENSORED_TIMES, dtype=scale.dtype)
    return -(dist.log_prob(events).sum() + torch.log(1 - dist.cdf(censored)).sum())


def weibull_nll(scale, concentration):
    """The same with the log survival written out: log S(t) = -(t / scale) ** k."""
    dist = torch.distributions.Weibull(scale, concentration)
    events = torch.tensor(EVENT_TIMES, dtype=scale.dtype)
    censored = torch.tensor(CENSORED_TIMES, dtype=scale.dtype)
    return -(dist.log_prob(events).sum() - ((censored / scale) ** concentration).sum())


COUNTS = [0.0, 3.0]


def poisson_nll(rate):
    """Negative log-likelihood of two counts under torch.distributions.Poisson."""
    return -torch.distributions.Poisson(rate).log_prob(torch.tensor(COUNTS, dtype=rate.dtype)).sum()
