"""A user's code on gradcli.numpy and gradcli.scipy, round 32c: special relativity (a kinetic energy three ways at
v -> 0, rapidity by arctanh and by its log form, velocity addition near c), quantum mechanics (a rectangular
barrier's transmission and its log at huge barriers, a Morse potential near its minimum, Hermite functions of order
60 by their recurrence, plain and log-scaled), information theory (binary entropy in bits by xlogy, the AWGN
capacity at tiny SNR, Bernoulli KL divergences), hyperbolic geometry in the upper half-plane (arccosh and asinh forms,
near the boundary), numerical idioms (Richardson extrapolation inside the loss, a continued fraction for erfc's tail,
log1p(x)/x with its series by where), special functions (log E1 and log Ei far out, Fresnel integrals at 1e5, betaln
at huge arguments, log of Student's t cdf far in its tail, the upper incomplete gamma at a = 1e4), and switches at
tiny points (a leaky relu, a min of x and 1 - x, clipped probabilities)."""

import numpy as np

import gradcli.numpy as gnp
import gradcli.scipy.special as sps

# --- special relativity (c = 1) -----------------------------------------------------------------------------------


def kinetic_energy_naive(v, m):
    """Relativistic kinetic energy (gamma - 1) m as the textbook writes it."""
    return gnp.sum(m * (1 / gnp.sqrt(1 - v ** 2) - 1))


def kinetic_energy(v, m):
    """The same with gamma - 1 = v^2 / (s (1 + s)), s = sqrt(1 - v^2): no difference of near equals."""
    s = gnp.sqrt(1 - v ** 2)
    return gnp.sum(m * v ** 2 / (s * (1 + s)))


def kinetic_energy_log(v, m):
    """The same as m expm1(-log1p(-v^2) / 2)."""
    return gnp.sum(m * gnp.expm1(-0.5 * gnp.log1p(-v * v)))


def rapidity(v):
    return gnp.sum(gnp.arctanh(v))


def rapidity_by_log(v):
    """Rapidity as 1/2 log((1 + v) / (1 - v))."""
    return gnp.sum(0.5 * gnp.log((1 + v) / (1 - v)))


def velocity_addition(u, w):
    """Relativistic velocity addition (u + w) / (1 + u w)."""
    return gnp.sum((u + w) / (1 + u * w))


# --- quantum mechanics (hbar = m = 1, barrier height V0 = 1) -------------------------------------------------------


def transmission(energy, width):
    """A rectangular barrier's transmission 1 / (1 + V0^2 sinh(k a)^2 / (4 E (V0 - E))), k = sqrt(2 (V0 - E))."""
    k = gnp.sqrt(2 * (1 - energy))
    return gnp.sum(1 / (1 + gnp.sinh(k * width) ** 2 / (4 * energy * (1 - energy))))


def log_transmission(energy, width):
    return gnp.sum(gnp.log(1 / (1 + gnp.sinh(k_of(energy) * width) ** 2 / (4 * energy * (1 - energy)))))


def k_of(energy):
    return gnp.sqrt(2 * (1 - energy))


def log_transmission_stable(energy, width):
    """log T = -log(1 + c sinh^2) written as -logaddexp(0, log c + 2 log sinh), log sinh(y) = y + log1p(-e^-2y) - log 2."""
    y = k_of(energy) * width
    log_sinh = y + gnp.log1p(-gnp.exp(-2 * y)) - np.log(2)
    log_c = -gnp.log(4 * energy * (1 - energy))
    return gnp.sum(-gnp.logaddexp(0.0, log_c + 2 * log_sinh))


def transmission_stable(energy, width):
    """T from its stable log: it underflows to 0 for a huge barrier, as it should."""
    return gnp.exp(log_transmission_stable(energy, width))


DEPTH, ALPHA = 4.7, 1.9  # a Morse potential's well depth (eV) and width (1/Angstrom)


def morse_naive(x):
    """A Morse potential D (1 - e^(-alpha x))^2 at a displacement x from the minimum."""
    return gnp.sum(DEPTH * (1 - gnp.exp(-ALPHA * x)) ** 2)


def morse(x):
    return gnp.sum(DEPTH * gnp.expm1(-ALPHA * x) ** 2)


ORDER = 60


def hermite_function(x):
    """The normalised Hermite function psi_60(x) by its three-term recurrence from psi_0 = pi^-1/4 e^(-x^2/2)."""
    previous = gnp.zeros_like(x)
    current = np.pi ** -0.25 * gnp.exp(-x ** 2 / 2)
    for k in range(ORDER):
        previous, current = current, np.sqrt(2 / (k + 1)) * x * current - np.sqrt(k / (k + 1)) * previous
    return gnp.sum(current)


def hermite_function_scaled(x):
    """The same recurrence on psi_k e^(x^2/2), its Gaussian put back in log space at the end."""
    previous = gnp.zeros_like(x)
    current = np.pi ** -0.25 * gnp.ones_like(x)
    for k in range(ORDER):
        previous, current = current, np.sqrt(2 / (k + 1)) * x * current - np.sqrt(k / (k + 1)) * previous
    return gnp.sum(gnp.sign(current) * gnp.exp(gnp.log(gnp.abs(current)) - x ** 2 / 2))


# --- information theory --------------------------------------------------------------------------------------------


def binary_entropy_bits(p):
    """H(p) in bits, with xlogy and xlog1py so that p = 0 and p = 1 are fine."""
    return gnp.sum(-(sps.xlogy(p, p) + sps.xlog1py(1 - p, -p)) / np.log(2))


def binary_entropy_entr(p):
    return gnp.sum((sps.entr(p) + sps.entr(1 - p)) / np.log(2))


def awgn_capacity_naive(snr):
    """Shannon capacity of parallel AWGN channels in bits per use."""
    return gnp.sum(gnp.log2(1 + snr))


def awgn_capacity(snr):
    return gnp.sum(gnp.log1p(snr) / np.log(2))


def bernoulli_kl(p, q):
    """KL(Bern(p) || Bern(q)) by xlogy."""
    return gnp.sum(sps.xlogy(p, p / q) + sps.xlogy(1 - p, (1 - p) / (1 - q)))


def bernoulli_kl_split(p, q):
    """The same with the logs of p and q apart: no ratio formed."""
    return gnp.sum(sps.xlogy(p, p) - sps.xlogy(p, q) + sps.xlog1py(1 - p, -p) - sps.xlog1py(1 - p, -q))


# --- hyperbolic geometry: the upper half-plane ----------------------------------------------------------------------


def halfplane_distance_naive(u, v):
    """The hyperbolic distance arccosh(1 + |u - v|^2 / (2 u_y v_y))."""
    d2 = (u[0] - v[0]) ** 2 + (u[1] - v[1]) ** 2
    return gnp.arccosh(1 + d2 / (2 * u[1] * v[1]))


def halfplane_distance(u, v):
    """The same as 2 asinh(|u - v| / (2 sqrt(u_y) sqrt(v_y))), by hypot: nothing underflows near the boundary."""
    return 2 * gnp.arcsinh(gnp.hypot(u[0] - v[0], u[1] - v[1]) / (2 * gnp.sqrt(u[1]) * gnp.sqrt(v[1])))


# --- numerical idioms ----------------------------------------------------------------------------------------------

STEP = 1e-3


def richardson_slope(x):
    """sin'(x) by Richardson extrapolation of two central differences, inside a loss."""
    def central(h):
        return (gnp.sin(x + h) - gnp.sin(x - h)) / (2 * h)
    return gnp.sum((4 * central(STEP / 2) - central(STEP)) / 3)


def richardson_slope_tiny_step(x):
    def central(h):
        return (gnp.sin(x + h) - gnp.sin(x - h)) / (2 * h)
    return gnp.sum((4 * central(1e-9) - central(2e-9)) / 3)


def log_erfc_naive(x):
    return gnp.sum(gnp.log(sps.erfc(x)))


def log_erfc_continued_fraction(x):
    """log erfc(x) for large x: -x^2 - log sqrt(pi) + log of the continued fraction 1 / (x + (1/2) / (x + 1 / (x + ...)))."""
    tail = x
    for k in range(24, 0, -1):
        tail = x + (k / 2) / tail
    return gnp.sum(-x ** 2 - 0.5 * np.log(np.pi) - gnp.log(tail))


def log1p_over_x(x):
    """log(1 + x) / x with its series 1 - x/2 where x is tiny."""
    return gnp.sum(gnp.where(gnp.abs(x) < 1e-300, 1 - x / 2, gnp.log1p(x) / x))


# --- special functions ---------------------------------------------------------------------------------------------


def log_exp1(x):
    return gnp.sum(gnp.log(sps.exp1(x)))


def exp1_sum(x):
    return gnp.sum(sps.exp1(x))


def log_expi(x):
    return gnp.sum(gnp.log(sps.expi(x)))


def fresnel_sum(x):
    s, c = sps.fresnel(x)
    return gnp.sum(s + 2 * c)


def betaln_sum(a, b):
    return gnp.sum(sps.betaln(a, b))


def log_student_tail(t):
    """log of Student's t cdf with 3 degrees of freedom."""
    return gnp.sum(gnp.log(sps.stdtr(3.0, t)))


SHAPE = 1e4


def log_gamma_tail(x):
    """log Q(a, x) for a Poisson-like tail at a = 1e4."""
    return gnp.sum(gnp.log(sps.gammaincc(SHAPE, x)))


def gamma_tail(x):
    return gnp.sum(sps.gammaincc(SHAPE, x))


# --- switches at tiny points ---------------------------------------------------------------------------------------


def leaky_relu(x):
    return gnp.sum(gnp.maximum(x, 1e-3 * x))


def distance_to_edge(x):
    """The distance of x to the nearer end of [0, 1]."""
    return gnp.sum(gnp.minimum(x, 1 - x))


def clipped_log(p):
    return gnp.sum(gnp.log(gnp.clip(p, 1e-300, 0.5)))


def softmax_cross_entropy(z):
    """-log softmax(z)[0]."""
    return -sps.log_softmax(z)[0]


def weighted_logsumexp(z, w):
    return sps.logsumexp(z, b=w)


def vector_norm(x):
    return gnp.linalg.norm(x)


def cross_entropy_xlogy(q, p):
    return -gnp.sum(sps.xlogy(q, p))


# --- more: log-sigmoids at 1e300, a three-way hypot, logaddexp, relative entropy, softplus by where, softmax -------


def log_sigmoid_sum(x):
    return gnp.sum(sps.log_expit(x))


def softplus_sum(x):
    return gnp.sum(gnp.logaddexp(0.0, x))


def norm3_by_hypot(x):
    """|x| for a 3-vector by nested hypot: no square formed."""
    return gnp.hypot(gnp.hypot(x[0], x[1]), x[2])


def log_partition_pair(x, y):
    return gnp.logaddexp(x, y) + gnp.logaddexp2(x, y)


def relative_entropy(p, q):
    return gnp.sum(sps.rel_entr(p, q))


def softplus_by_where(x):
    """softplus with its two branches by where: x + log1p(e^-x) right of 0, log1p(e^x) left of it."""
    return gnp.sum(gnp.where(x > 0, x + gnp.log1p(gnp.exp(-x)), gnp.log1p(gnp.exp(x))))


def softmax_probabilities(z):
    return sps.softmax(z)


# --- finance and counting: compound interest compounded 1e17 times a year, a Poisson log-likelihood ---------------

PERIODS = 1e17


def compound_growth_naive(rate, years):
    """Growth of 1 at ``rate`` compounded PERIODS times a year: (1 + r/n)^(n t)."""
    return gnp.sum((1 + rate / PERIODS) ** (PERIODS * years))


def compound_growth(rate, years):
    return gnp.sum(gnp.exp(PERIODS * years * gnp.log1p(rate / PERIODS)))


def poisson_log_likelihood(lam):
    """log P(k | lam) summed over counts K, with xlogy so that k = 0 at a tiny rate is fine."""
    return gnp.sum(sps.xlogy(COUNTS, lam) - lam - sps.gammaln(COUNTS + 1))


COUNTS = np.array([0.0, 3.0, 1.0])


def barrier_args():
    """Two barriers as a parameter tree: energies in units of the height, widths in units of 1 / sqrt(2 m V0)."""
    return {"barrier": {"energy": gnp.array([0.5, 0.9]), "width": gnp.array([4700.0, 1.0])}},


def barrier_log_transmission(params):
    """log T of both barriers by the stable form."""
    return log_transmission_stable(params["barrier"]["energy"], params["barrier"]["width"])


def thick_barrier_args():
    """One barrier of width 400 as the same tree."""
    return {"barrier": {"energy": gnp.array([0.5]), "width": gnp.array([400.0])}},
