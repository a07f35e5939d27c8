"""A user's code on gradcli.numpy and gradcli.scipy, round 39c: queueing theory (Erlang's loss formula by its
recursion and in log space by gammaincc at ten thousand servers, an M/M/1 queue's wait near saturation), statistical
mechanics (Fermi-Dirac and Bose-Einstein occupations naive and stable, Langevin's function coth x - 1/x naive and by
a series switch, Planck's spectral density), information theory (a Bernoulli KL divergence by xlogy and by rel_entr,
a mutual information by xlogy, an entropy at subnormal probabilities), geodesy (the haversine and Vincenty distances
on a sphere), special functions at extreme arguments (log K0 by kve, log erfc by erfcx, log_ndtr, Owen's T, zeta near
its pole) and reductions (logsumexp and softmax over mixed magnitudes, a norm rescaled by its largest entry, ELU by
where)."""

import math

import gradcli.numpy as gnp
import gradcli.scipy.special as sps

# --- queueing theory -------------------------------------------------------------------------------------------------

SERVERS = 10
MANY_SERVERS = 10000


def erlang_b(a):
    """The blocking probability of SERVERS servers offered ``a`` erlangs, by the textbook recursion."""
    b = 1.0
    for k in range(1, SERVERS + 1):
        b = a * b / (k + a * b)
    return gnp.sum(b)


def erlang_b_log(a):
    """log B(n, a) = n log a - a - log n! - log Q(n + 1, a), for MANY_SERVERS servers."""
    n = MANY_SERVERS
    return gnp.sum(n * gnp.log(a) - a - sps.gammaln(n + 1.0) - gnp.log(sps.gammaincc(n + 1.0, a)))


SERVICE_RATE = 1.0


def mm1_wait(lam):
    """The mean time in an M/M/1 system at arrival rate ``lam``."""
    return gnp.sum(1 / (SERVICE_RATE - lam))


# --- statistical mechanics (energies in units of kT) -----------------------------------------------------------------

MU = 0.0


def fermi_dirac_naive(e):
    return gnp.sum(1 / (gnp.exp(e - MU) + 1))


def fermi_dirac(e):
    return gnp.sum(sps.expit(-(e - MU)))


def bose_einstein_naive(e):
    return gnp.sum(1 / (gnp.exp(e - MU) - 1))


def bose_einstein(e):
    return gnp.sum(1 / gnp.expm1(e - MU))


def langevin_naive(x):
    return gnp.sum(1 / gnp.tanh(x) - 1 / x)


def langevin(x):
    """coth x - 1/x, its series x/3 - x^3/45 below 1e-3."""
    small = gnp.abs(x) < 1e-3
    return gnp.sum(gnp.where(small, x / 3 - x ** 3 / 45, 1 / gnp.tanh(x) - 1 / x))


def planck(x):
    """Planck's spectral density in x = h nu / kT, up to its constant: x^3 / (e^x - 1)."""
    return gnp.sum(x ** 3 / gnp.expm1(x))


# --- information theory ----------------------------------------------------------------------------------------------

Q = 0.25


def bernoulli_kl(p):
    """KL(Bernoulli(p) || Bernoulli(Q)) in nats."""
    return gnp.sum(sps.xlogy(p, p / Q) + sps.xlogy(1 - p, (1 - p) / (1 - Q)))


def bernoulli_kl_rel_entr(p):
    return gnp.sum(sps.rel_entr(p, Q) + sps.rel_entr(1 - p, 1 - Q))


def bernoulli_kl_in_q(q):
    """KL(Bernoulli(0.25) || Bernoulli(q)) in the model's q."""
    p = 0.25
    return gnp.sum(sps.xlogy(p, p / q) + sps.xlogy(1 - p, (1 - p) / (1 - q)))


def mutual_information(joint):
    """I(X; Y) of a 2x2 table written [p00, p01, p10, p11], by entropies with xlogy."""
    table = gnp.reshape(joint, (2, 2))
    rows = gnp.sum(table, axis=1)
    cols = gnp.sum(table, axis=0)
    return gnp.sum(sps.xlogy(table, table)) - gnp.sum(sps.xlogy(rows, rows)) - gnp.sum(sps.xlogy(cols, cols))


def entropy_bits(p):
    return -gnp.sum(sps.xlogy(p, p)) / math.log(2)


# --- geodesy on a unit sphere (radians: [lat1, lon1, lat2, lon2]) ----------------------------------------------------


def haversine(x):
    lat1, lon1, lat2, lon2 = x[0], x[1], x[2], x[3]
    h = gnp.sin((lat2 - lat1) / 2) ** 2 + gnp.cos(lat1) * gnp.cos(lat2) * gnp.sin((lon2 - lon1) / 2) ** 2
    return 2 * gnp.arcsin(gnp.sqrt(h))


def vincenty_sphere(x):
    """The central angle by atan2 of the cross and dot products' sizes: well-conditioned everywhere but at 0."""
    lat1, lon1, lat2, lon2 = x[0], x[1], x[2], x[3]
    dlon = lon2 - lon1
    across = gnp.cos(lat2) * gnp.sin(dlon)
    along = gnp.cos(lat1) * gnp.sin(lat2) - gnp.sin(lat1) * gnp.cos(lat2) * gnp.cos(dlon)
    dot = gnp.sin(lat1) * gnp.sin(lat2) + gnp.cos(lat1) * gnp.cos(lat2) * gnp.cos(dlon)
    return gnp.arctan2(gnp.sqrt(across ** 2 + along ** 2), dot)


# --- special functions at extreme arguments --------------------------------------------------------------------------


def log_bessel_k0_naive(x):
    return gnp.sum(gnp.log(sps.kv(0, x)))


def log_bessel_k0(x):
    return gnp.sum(gnp.log(sps.kve(0, x)) - x)


def log_erfc_naive(x):
    return gnp.sum(gnp.log(sps.erfc(x)))


def log_erfc(x):
    return gnp.sum(gnp.log(sps.erfcx(x)) - x ** 2)


def log_normal_cdf_naive(x):
    return gnp.sum(gnp.log(sps.ndtr(x)))


def log_normal_cdf(x):
    return gnp.sum(sps.log_ndtr(x))


OWEN_A = 0.5


def owens_t(h):
    return gnp.sum(sps.owens_t(h, OWEN_A))


def zeta_near_pole(s):
    return gnp.sum(sps.zeta(s, 1.0))


# --- reductions ------------------------------------------------------------------------------------------------------


def free_energy(e):
    """-log Z of levels ``e`` (in kT), by logsumexp."""
    return -sps.logsumexp(-e)


def ground_occupation(e):
    return sps.softmax(-e)[0]


def norm_naive(x):
    return gnp.linalg.norm(x)


def norm_rescaled(x):
    """The norm with the largest magnitude taken out first, as LAPACK's dnrm2 does."""
    scale = gnp.max(gnp.abs(x))
    return scale * gnp.linalg.norm(x / scale)


def elu(x):
    return gnp.sum(gnp.where(x > 0, x, gnp.expm1(x)))


def elu_half(x):
    return gnp.sum(gnp.where(x > 0, x, 0.5 * gnp.expm1(x)))
