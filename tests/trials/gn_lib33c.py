"""A user's code on gradcli.numpy and gradcli.scipy, round 33c: statistical mechanics (a two-level system's Schottky
heat capacity at +-800, Bose-Einstein occupancies where 1/expm1 ~ 1/x, the 1D Ising chain's free energy by its
transfer matrix at strong coupling), molecular potentials (Buckingham's and a Mie potential at r -> 0), neurophysiology
and electrochemistry (the Goldman-Hodgkin-Katz current at V -> 0 and +-800, a Nernst potential at subnormal
concentrations), robust statistics (Bessel functions at the centre of a drum and of a heated rod, Tukey's biweight at 1e-10 and far from its switch, Cauchy's loss at 1e200, a
trimmed square), Tsallis statistics (the q-logarithm near q = 1), entropy-like special functions (entr, rel_entr,
kl_div, xlog1py, log_ndtr, logit near 1, powm1, boxcox1p) and linear algebra at its edges (a slogdet near
singularity, a Frobenius norm of 1e-300 entries, the exponential of a nilpotent matrix, eigenvalues with a near-repeated
irrational pair, a resistor network solved with a conductance of 1e-300)."""

import numpy as np

import gradcli.numpy as gnp
import gradcli.scipy.linalg as sla
import gradcli.scipy.special as sps

# --- statistical mechanics (k_B = 1) -------------------------------------------------------------------------------


def schottky_naive(x):
    """A two-level system's heat capacity x^2 e^x / (1 + e^x)^2 at x = gap / T, as the textbook writes it."""
    e = gnp.exp(x)
    return gnp.sum(x ** 2 * e / (1 + e) ** 2)


def schottky(x):
    """The same as x^2 sigma(x) sigma(-x)."""
    return gnp.sum(x ** 2 * sps.expit(x) * sps.expit(-x))


def bose_occupancy_naive(x):
    """Mean Bose-Einstein occupancy 1 / (e^x - 1) at x = (E - mu) / T."""
    return gnp.sum(1 / (gnp.exp(x) - 1))


def bose_occupancy(x):
    return gnp.sum(1 / gnp.expm1(x))


def ising_free_energy_naive(coupling, field):
    """Minus the free energy per site of the 1D Ising chain: log of the transfer matrix's largest eigenvalue."""
    big = gnp.exp(coupling) * gnp.cosh(field) + gnp.sqrt(gnp.exp(2 * coupling) * gnp.sinh(field) ** 2
                                                         + gnp.exp(-2 * coupling))
    return gnp.sum(gnp.log(big))


def ising_free_energy(coupling, field):
    """The same with e^K taken out of the log: K + log(cosh h + sqrt(sinh^2 h + e^-4K))."""
    return gnp.sum(coupling + gnp.log(gnp.cosh(field) + gnp.sqrt(gnp.sinh(field) ** 2 + gnp.exp(-4 * coupling))))


def ising_free_energy_hypot(coupling, field):
    """The same with the square root by hypot, whose derivative needs no 1/sqrt of an underflowed sum."""
    return gnp.sum(coupling + gnp.log(gnp.cosh(field) + gnp.hypot(gnp.sinh(field), gnp.exp(-2 * coupling))))


# --- molecular potentials (reduced units) --------------------------------------------------------------------------

BUCK_A, BUCK_B, BUCK_C = 1388.77, 2.76, 175.0  # a Buckingham O-O pair (eV, 1/Angstrom, eV Angstrom^6)


def buckingham(r):
    return gnp.sum(BUCK_A * gnp.exp(-BUCK_B * r) - BUCK_C / r ** 6)


def mie(r):
    """A Mie (14, 7) potential with sigma = epsilon = 1, prefactor (n/(n-m)) (n/m)^(m/(n-m)) = 4."""
    return gnp.sum(4.0 * (r ** -14 - r ** -7))


def mie_by_inverse(r):
    """The same through s = 1/r, as 4 s^7 (s^7 - 1)."""
    s = 1 / r
    s7 = s ** 7
    return gnp.sum(4.0 * s7 * (s7 - 1))


# --- neurophysiology and electrochemistry (potentials in units of RT/zF) -------------------------------------------


def ghk_current_naive(v, inside, outside):
    """The Goldman-Hodgkin-Katz current V (c_in - c_out e^-V) / (1 - e^-V)."""
    return gnp.sum(v * (inside - outside * gnp.exp(-v)) / (1 - gnp.exp(-v)))


def ghk_current(v, inside, outside):
    """The same with V / (1 - e^-V) = 1 / exprel(-V): no 0/0 at V = 0."""
    return gnp.sum((inside - outside * gnp.exp(-v)) / sps.exprel(-v))


def nernst_naive(oxidised, reduced):
    """A Nernst potential log(c_ox / c_red) per couple, in units of RT/nF."""
    return gnp.sum(gnp.log(oxidised / reduced))


def nernst(oxidised, reduced):
    return gnp.sum(gnp.log(oxidised) - gnp.log(reduced))


# --- Bessel functions at the centre of a drum and of a heated rod ---------------------------------------------------

ALPHA_1, ALPHA_2 = 3.8317059702075125, 7.015586669815619  # the first two zeros of J1


def membrane_modes(r):
    """A drum's displacement in two of its order-1 modes, 0.7 J1(alpha_1 r) - 0.2 J1(alpha_2 r), at radii r."""
    return gnp.sum(0.7 * sps.j1(ALPHA_1 * r) - 0.2 * sps.j1(ALPHA_2 * r))


def rod_temperature(r):
    """A heated rod's temperature I0(m r) and radial flux I1(m r) (m = 2.5), summed, at radii r."""
    return gnp.sum(sps.i0(2.5 * r) + sps.i1(2.5 * r) - sps.j0(2.5 * r))


# --- robust statistics ---------------------------------------------------------------------------------------------

TUKEY_C = 4.685


def tukey_biweight_naive(r):
    """Tukey's biweight rho: c^2/6 (1 - (1 - (r/c)^2)^3) inside |r| <= c, c^2/6 outside."""
    u = (r / TUKEY_C) ** 2
    inside = TUKEY_C ** 2 / 6 * (1 - (1 - u) ** 3)
    return gnp.sum(gnp.where(gnp.abs(r) <= TUKEY_C, inside, TUKEY_C ** 2 / 6))


def tukey_biweight(r):
    """The same with 1 - (1 - u)^3 expanded as u (3 - 3u + u^2) and u clipped at 1 outside."""
    u = gnp.minimum((r / TUKEY_C) ** 2, 1.0)
    return gnp.sum(TUKEY_C ** 2 / 6 * u * (3 - 3 * u + u * u))


def cauchy_loss(r):
    """Cauchy's (Lorentzian) loss log(1 + r^2)."""
    return gnp.sum(gnp.log1p(r ** 2))


def cauchy_loss_scaled(r):
    """The same with the square taken in log space where |r| > 1: 2 log|r| + log1p(r^-2)."""
    a = gnp.abs(r)
    big = gnp.maximum(a, 1.0)
    return gnp.sum(gnp.where(a > 1, 2 * gnp.log(big) + gnp.log1p(big ** -2), gnp.log1p(gnp.minimum(a, 1.0) ** 2)))


def huber_loss(r):
    return gnp.sum(sps.huber(1.0, r))


def pseudo_huber_loss(r):
    return gnp.sum(sps.pseudo_huber(1.0, r))


def trimmed_square(r):
    """A trimmed square loss min(r^2, c^2)."""
    return gnp.sum(gnp.minimum(r ** 2, 9.0))


# --- Tsallis statistics --------------------------------------------------------------------------------------------


def q_log_naive(x, q):
    """The Tsallis q-logarithm (x^(1-q) - 1) / (1 - q)."""
    return gnp.sum((x ** (1 - q) - 1) / (1 - q))


def q_log(x, q):
    """The same by powm1, which keeps x^t - 1's digits at t -> 0."""
    return gnp.sum(sps.powm1(x, 1 - q) / (1 - q))


# --- entropy-like special functions --------------------------------------------------------------------------------


def entropies(p):
    """Shannon entropy by entr, summed."""
    return gnp.sum(sps.entr(p))


def generalised_kl(x, y):
    """The generalised KL divergence sum x log(x/y) - x + y by kl_div."""
    return gnp.sum(sps.kl_div(x, y))


def relative_entropy_split(x, y):
    """rel_entr(x, y) + rel_entr(1 - x, 1 - y): a Bernoulli KL divergence."""
    return gnp.sum(sps.rel_entr(x, y) + sps.rel_entr(1 - x, 1 - y))


def bernoulli_log_likelihood(k, p):
    """k log p + (1 - k) log(1 - p) by xlogy and xlog1py."""
    return gnp.sum(sps.xlogy(k, p) + sps.xlog1py(1 - k, -p))


def log_normal_tail(x):
    return gnp.sum(sps.log_ndtr(x))


def logit_sum(p):
    return gnp.sum(sps.logit(p))


def logit_by_log(p):
    """logit as log(p) - log(1 - p)."""
    return gnp.sum(gnp.log(p) - gnp.log(1 - p))


def box_cox_shift(x, lmbda):
    """The Box-Cox transform of 1 + x, summed."""
    return gnp.sum(sps.boxcox1p(x, lmbda))


def power_minus_one(x, y):
    return gnp.sum(sps.powm1(x, y))


# --- linear algebra ------------------------------------------------------------------------------------------------


def node_voltages(conductance, injected):
    """A resistor network's total node voltage: the conductance matrix solved for the injected currents."""
    return gnp.sum(gnp.linalg.solve(conductance, injected))


def log_abs_det(a):
    sign, logdet = gnp.linalg.slogdet(a)
    return logdet


def frobenius_norm(a):
    return gnp.linalg.norm(a)


def frobenius_norm_scaled(a):
    """The same scaled by the largest entry first, so the squares neither underflow nor overflow."""
    top = gnp.max(gnp.abs(a))
    return top * gnp.linalg.norm(a / top)


WEIGHTS = np.array([[1.0, 2.0, -1.0], [0.5, 3.0, 4.0], [-2.0, 1.5, 0.25]])


def weighted_expm(a):
    """A weighted sum of exp(A)'s entries."""
    return gnp.sum(WEIGHTS * sla.expm(a))


def weighted_eigenvalues(a):
    """The eigenvalues of A's symmetric part, ascending, weighted 1, 2, 2: smooth wherever the smallest one is simple."""
    return gnp.sum(gnp.array([1.0, 2.0, 2.0]) * gnp.linalg.eigvalsh((a + a.T) / 2))


# --- the catalogue's reductions and switches at the edges of float64 ----------------------------------------------


def weighted_log_partition(a, b):
    """log sum b_i e^(a_i) by logsumexp's weights."""
    return sps.logsumexp(a, b=b)


def log_softmax_first(z):
    return sps.log_softmax(z)[0]


def softmax_entropy(z):
    """The entropy of softmax(z) by entr."""
    return gnp.sum(sps.entr(sps.softmax(z)))


def log_expit_sum(x):
    return gnp.sum(sps.log_expit(x))


def expit_sum(x):
    return gnp.sum(sps.expit(x))


def max_norm(x):
    return gnp.linalg.norm(x, ord=np.inf)


def l1_norm(x):
    return gnp.linalg.norm(x, ord=1)


def euclidean_norm(x):
    return gnp.linalg.norm(x)


def hinge_where(x):
    """A squared hinge by where: (1 - x)^2 below 1, 0 above."""
    return gnp.sum(gnp.where(x < 1, (1 - x) ** 2, 0.0))


def xlogy_pairs(x, y):
    return gnp.sum(sps.xlogy(x, y))


def xlog1py_pairs(x, y):
    return gnp.sum(sps.xlog1py(x, y))


def spin_tree_args():
    """A chain's coupling and fields as a parameter tree."""
    return {"chain": {"coupling": gnp.array([400.0, 0.5]), "field": gnp.array([0.0, 0.25])}},


def fielded_chain_args():
    """The same chains, both in a field."""
    return {"chain": {"coupling": gnp.array([400.0, 0.5]), "field": gnp.array([0.25, 0.25])}},


def chain_free_energy(params):
    return ising_free_energy_hypot(params["chain"]["coupling"], params["chain"]["field"])
