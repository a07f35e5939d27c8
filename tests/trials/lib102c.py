"""A user's code on gradcli.numpy, round 102c: the formulas transport modellers calibrate by gradient (BPR and
Davidson link costs, Webster's signal delay, Greenshields' and Greenberg's speed-density models, multinomial and nested
logit choice probabilities and logsums, gravity models with power and exponential deterrence, M/M/1 queueing delay,
the Beckmann user-equilibrium objective, an entropy-maximising trip distribution, and the value of travel time)."""

import gradcli.numpy as np
from gradcli.scipy import special

# --- link performance functions ---------------------------------------------------------------------------------------


def bpr_time(v, c, t0, a, b):
    """Bureau of Public Roads link travel time: t0 (1 + a (v / c)^b)."""
    return t0 * (1.0 + a * (v / c) ** b)


def davidson_time(x, t0, j):
    """Davidson's link travel time at saturation x = v / c: t0 (1 + J x / (1 - x))."""
    return t0 * (1.0 + j * x / (1.0 - x))


def webster_delay(c, g, x, q):
    """Webster's average delay per vehicle at a fixed-time signal (uniform + random terms), cycle c, green g,
    degree of saturation x, arrival flow q (veh/s)."""
    lam = g / c
    uniform = c * (1.0 - lam) ** 2 / (2.0 * (1.0 - x * lam))
    random = x ** 2 / (2.0 * q * (1.0 - x))
    return uniform + random


def beckmann(v, c, t0, a, b):
    """Beckmann's user-equilibrium objective: the sum over links of the integral of the BPR cost, 0 to v."""
    return np.sum(t0 * (v + a * c / (b + 1.0) * (v / c) ** (b + 1.0)))


# --- traffic flow --------------------------------------------------------------------------------------------------


def greenshields_speed(k, vf, kj):
    return vf * (1.0 - k / kj)


def greenshields_flow(k, vf, kj):
    """q = k v(k): a parabola, its maximum (capacity vf kj / 4) at k = kj / 2."""
    return k * vf * (1.0 - k / kj)


def greenberg_speed(k, vc, kj):
    """Greenberg's logarithmic model: v = vc log(kj / k)."""
    return vc * np.log(kj / k)


def greenberg_flow(k, vc, kj):
    return k * vc * np.log(kj / k)


# --- discrete choice -----------------------------------------------------------------------------------------------


def logit_prob(V, mu):
    """Multinomial logit: the probability of the first alternative, exp(mu V_0) / sum exp(mu V)."""
    e = np.exp(mu * V)
    return e[0] / np.sum(e)


def logit_prob_stable(V, mu):
    return special.softmax(mu * V)[0]


def logsum(V, mu):
    """Expected maximum utility (consumer surplus per trip): (1 / mu) log sum exp(mu V)."""
    return np.log(np.sum(np.exp(mu * V))) / mu


def logsum_stable(V, mu):
    return special.logsumexp(mu * V) / mu


def nested_logit_prob(V, lam):
    """Two nests, {0, 1} and {2, 3}, with scales lam[0], lam[1]: P(alternative 0) = P(nest A) P(0 | A)."""
    ea = np.exp(V[:2] / lam[0])
    eb = np.exp(V[2:] / lam[1])
    ia = np.log(np.sum(ea))
    ib = np.log(np.sum(eb))
    nest_a = np.exp(lam[0] * ia) / (np.exp(lam[0] * ia) + np.exp(lam[1] * ib))
    return nest_a * ea[0] / np.sum(ea)


def nested_logsum(V, lam):
    """The nested logit's logsum: log(exp(lam_A I_A) + exp(lam_B I_B)), I the nests' logsums, by logsumexp."""
    ia = special.logsumexp(V[:2] / lam[0])
    ib = special.logsumexp(V[2:] / lam[1])
    return np.logaddexp(lam[0] * ia, lam[1] * ib)


def value_of_time(b_time, b_cost):
    """Value of travel time savings (per hour) from a linear utility's minute and money coefficients."""
    return 60.0 * b_time / b_cost


# --- trip distribution ---------------------------------------------------------------------------------------------


def gravity_power(o, D, d, beta):
    """Singly constrained gravity model, trips from one origin to zone 0: O D_0 d_0^-beta / sum_k D_k d_k^-beta."""
    w = D * d ** (-beta)
    return o * w[0] / np.sum(w)


def gravity_exp(o, D, d, beta):
    """The same with exponential deterrence e^(-beta d)."""
    w = D * np.exp(-beta * d)
    return o * w[0] / np.sum(w)


def gravity_exp_stable(o, D, d, beta):
    return o * special.softmax(np.log(D) - beta * d)[0]


def entropy_objective(T, C, beta):
    """Wilson's entropy-maximising distribution, as minimised: sum T log T - T + beta sum C T (xlogy: 0 log 0 = 0)."""
    return np.sum(special.xlogy(T, T) - T) + beta * np.sum(C * T)


def entropy_objective_naive(T, C, beta):
    return np.sum(T * np.log(T) - T) + beta * np.sum(C * T)


# --- queueing ------------------------------------------------------------------------------------------------------


def mm1_delay(lam, mu):
    """M/M/1 mean time in system: 1 / (mu - lambda)."""
    return 1.0 / (mu - lam)


def mm1_queue_wait(lam, mu):
    """Mean wait in queue: lambda / (mu (mu - lambda))."""
    return lam / (mu * (mu - lam))


def entropy_prior(T, Q):
    """Entropy relative to prior trips Q (the doubly constrained model's objective): sum T log(T / Q) - T + Q."""
    return np.sum(special.xlogy(T, T / Q) - T + Q)


def entropy_prior_naive(T, Q):
    return np.sum(T * np.log(T / Q) - T + Q)


# --- choice sets, volume-delay variants ----------------------------------------------------------------------------

AVAILABLE = np.array([True, False, True])  # the bus does not serve this trip


def logit_prob_available(V, mu):
    """The logit over the available alternatives: the unavailable one's utility masked to -inf."""
    return special.softmax(np.where(AVAILABLE, mu * V, -np.inf))[0]


def logsum_weighted(V, w, mu):
    """A logsum with size weights w (zones of a destination choice, a weight 0 an empty zone)."""
    return special.logsumexp(mu * V, b=w) / mu


def bpr_clipped(v, c, t0, a, b):
    """BPR with negative assigned flows (an iterate's overshoot) clipped to 0."""
    return t0 * (1.0 + a * (np.maximum(v, 0.0) / c) ** b)


def akcelik_time(x, t0, j, q, period):
    """Akcelik's link time: t0 + 0.25 T ((x - 1) + sqrt((x - 1)^2 + 8 J x / (Q T)))."""
    return t0 + 0.25 * period * ((x - 1.0) + np.sqrt((x - 1.0) ** 2 + 8.0 * j * x / (q * period)))
