"""A user's code on gradcli.numpy and gradcli.scipy, round 31c: statistical mechanics (a two-level system's Schottky
heat capacity three ways, a three-level free energy at a huge inverse temperature, Planck's mean oscillator energy,
the Brillouin function with a series by where), electromagnetism (the skin depth of a good conductor at a huge
frequency, a dipole's potential next to the dipole and far away), orbital mechanics (Kepler's third law for a huge
orbit, the hyperbolic anomaly by asinh at a huge eccentricity), special functions at their edges (K and E next to
m = 1 by ellipk, ellipkm1 and ellipe, Dawson's integral at 1e10 and 1e200, log of Owen's T deep in its tail, log of
Bessel K of order 200, sinc at subnormals, Carlson's R_F at 1e300), a pseudo-Huber loss three ways, and numerics
idioms (a softmax with a temperature of 1e-300, a norm by scaling with max, logsumexp by hand with a tied max, a
squared hinge at a 1e-300 margin, clipped log-odds)."""

import numpy as np

import gradcli.numpy as gnp
import gradcli.scipy.special as sps

MU0 = 4e-7 * np.pi  # the vacuum permeability, H/m
LEVELS = gnp.array([-1.0, 0.0, 2.0])  # a three-level system's energies, in units of the gap


# --- statistical mechanics ----------------------------------------------------------------------------------------

def schottky_heat_capacity(x):
    """A two-level system's heat capacity in units of k, x = gap / kT, as the textbook writes it."""
    return gnp.sum(x ** 2 * gnp.exp(x) / (1 + gnp.exp(x)) ** 2)


def schottky_by_expit(x):
    """The same as x^2 sigma(x) sigma(-x), which never forms e^x."""
    return gnp.sum(x ** 2 * sps.expit(x) * sps.expit(-x))


def schottky_by_cosh(x):
    """The same as (x/2)^2 / cosh(x/2)^2."""
    return gnp.sum(x ** 2 / (4 * gnp.cosh(x / 2) ** 2))


def free_energy_naive(beta):
    """F = -log Z / beta for the three levels."""
    return -gnp.log(gnp.sum(gnp.exp(-beta * LEVELS))) / beta


def free_energy(beta):
    return -sps.logsumexp(-beta * LEVELS) / beta


def planck_mean_energy(x):
    """A quantum oscillator's mean thermal energy in units of kT, x = h nu / kT."""
    return gnp.sum(x / gnp.expm1(x))


def planck_by_exprel(x):
    return gnp.sum(1 / sps.exprel(x))


def brillouin_one(x):
    """The Brillouin function for J = 1: (3/2) coth(3x/2) - (1/2) coth(x/2)."""
    return gnp.sum(1.5 / gnp.tanh(1.5 * x) - 0.5 / gnp.tanh(0.5 * x))


def brillouin_series(x):
    """The same with its series 2x/3 near 0, where the two coth terms cancel."""
    closed = 1.5 / gnp.tanh(1.5 * x) - 0.5 / gnp.tanh(0.5 * x)
    return gnp.sum(gnp.where(gnp.abs(x) < 1e-4, 2 * x / 3, closed))


# --- electromagnetism ---------------------------------------------------------------------------------------------

def skin_depth_naive(rho, omega):
    """A good conductor's skin depth sqrt(2 rho / (omega mu0))."""
    return gnp.sum(gnp.sqrt(2 * rho / (omega * MU0)))


def skin_depth(rho, omega):
    return gnp.sum(gnp.sqrt(2 * rho) / gnp.sqrt(omega * MU0))


def dipole_potential_naive(p, r):
    """A point dipole's potential p . r / |r|^3 (in units of 1 / (4 pi eps0))."""
    return gnp.dot(p, r) / gnp.linalg.norm(r) ** 3


def dipole_potential(p, r):
    """The same through the unit vector: (p . r_hat) / |r|^2."""
    distance = gnp.linalg.norm(r)
    return gnp.dot(p, r / distance) / distance ** 2


# --- orbital mechanics --------------------------------------------------------------------------------------------

def orbital_period_naive(a, mu):
    return gnp.sum(2 * np.pi * gnp.sqrt(a ** 3 / mu))


def orbital_period(a, mu):
    return gnp.sum(2 * np.pi * a * gnp.sqrt(a / mu))


def hyperbolic_anomaly_naive(nu, e):
    """The hyperbolic anomaly F from the true anomaly: sinh F = sqrt(e^2 - 1) sin nu / (1 + e cos nu)."""
    return gnp.arcsinh(gnp.sqrt(e * e - 1) * gnp.sin(nu) / (1 + e * gnp.cos(nu)))


def hyperbolic_anomaly(nu, e):
    return gnp.arcsinh(gnp.sqrt(e - 1) * gnp.sqrt(e + 1) * gnp.sin(nu) / (1 + e * gnp.cos(nu)))


# --- special functions at their edges -------------------------------------------------------------------------------

def ellipk_near_one(q):
    """A pendulum's period factor K(m) at m = 1 - q, next to the separatrix."""
    return gnp.sum(sps.ellipk(1 - q))


def ellipkm1_near_one(q):
    return gnp.sum(sps.ellipkm1(q))


def ellipe_near_one(q):
    return gnp.sum(sps.ellipe(1 - q))


def dawson_sum(x):
    return gnp.sum(sps.dawsn(x))


def log_owens_t(h, a):
    """log of Owen's T, a bivariate normal's tail probability."""
    return gnp.sum(gnp.log(sps.owens_t(h, a)))


def log_bessel_k200(x):
    """log K_200(x) by the scaled Bessel function: log kve - x."""
    return gnp.sum(gnp.log(sps.kve(200.0, x)) - x)


def sinc_sum(x):
    return gnp.sum(gnp.sinc(x))


def carlson_rf(x):
    return sps.elliprf(x[0], x[1], x[2])


def pseudo_huber_naive(r):
    """delta^2 (sqrt(1 + (r/delta)^2) - 1) with delta = 1."""
    return gnp.sum(gnp.sqrt(1 + r * r) - 1)


def pseudo_huber_rationalised(r):
    return gnp.sum(r * r / (gnp.sqrt(1 + r * r) + 1))


def pseudo_huber_scipy(delta, r):
    return gnp.sum(sps.pseudo_huber(delta, r))


# --- numerics idioms ----------------------------------------------------------------------------------------------

def softmax_with_temperature(z, t):
    """The first class's probability of a softmax at temperature t."""
    return sps.softmax(z / t)[0]


def norm_by_scaling(x):
    """The 2-norm scaled by the largest magnitude, as LAPACK's nrm2 does."""
    scale = gnp.max(gnp.abs(x))
    return scale * gnp.sqrt(gnp.sum((x / scale) ** 2))


def logsumexp_by_hand(x):
    top = gnp.max(x)
    return top + gnp.log(gnp.sum(gnp.exp(x - top)))


def squared_hinge_tiny_margin(x):
    return gnp.sum(gnp.maximum(0.0, 1e-300 - x) ** 2)


def clipped_log_odds(p):
    q = gnp.clip(p, 1e-12, 1 - 1e-12)
    return gnp.sum(gnp.log(q) - gnp.log1p(-q))


# --- more: a solid's heat capacity, a plasma, orbit transfers, exponential integrals, bounds ------------------------

def einstein_heat_capacity(x):
    """An Einstein solid's heat capacity per oscillator in units of k, x = h nu / kT."""
    return gnp.sum(x ** 2 * gnp.exp(x) / gnp.expm1(x) ** 2)


def einstein_by_sinh(x):
    """The same as (x/2)^2 / sinh(x/2)^2."""
    return gnp.sum((x / 2 / gnp.sinh(x / 2)) ** 2)


EPS0, KB, QE = 8.8541878128e-12, 1.380649e-23, 1.602176634e-19


def debye_length_naive(n, t):
    """A plasma's Debye length sqrt(eps0 k T / (n e^2)), SI units."""
    return gnp.sum(gnp.sqrt(EPS0 * KB * t / (n * QE ** 2)))


def debye_length(n, t):
    return gnp.sum(gnp.sqrt(EPS0 * KB * t / n) / QE)


def hohmann_first_burn_naive(r1, r2):
    """The first burn of a Hohmann transfer, sqrt(mu / r1) (sqrt(2 r2 / (r1 + r2)) - 1), mu = 1."""
    return gnp.sum(gnp.sqrt(1 / r1) * (gnp.sqrt(2 * r2 / (r1 + r2)) - 1))


def hohmann_first_burn(r1, r2):
    """The same with s - 1 = (s^2 - 1) / (s + 1) and s^2 - 1 = (r2 - r1) / (r1 + r2): no difference of near equals."""
    s = gnp.sqrt(2 * r2 / (r1 + r2))
    return gnp.sum(gnp.sqrt(1 / r1) * ((r2 - r1) / (r1 + r2)) / (s + 1))


def transfer_args():
    """Two transfers between circular orbits, as a parameter tree: radii in units of the inner one."""
    return {"orbits": {"inner": gnp.array([1.0, 1.0]), "outer": gnp.array([6.6, 1.000000000002])}},


def transfer_up_args():
    """One transfer to a geostationary radius, as the same tree."""
    return {"orbits": {"inner": gnp.array([1.0]), "outer": gnp.array([6.6])}},


def transfer_cost(params):
    """The first burns of both transfers, by the rationalised form."""
    legs = params["orbits"]
    s = gnp.sqrt(2 * legs["outer"] / (legs["inner"] + legs["outer"]))
    return gnp.sum(gnp.sqrt(1 / legs["inner"]) * ((legs["outer"] - legs["inner"]) / (legs["inner"] + legs["outer"]))
                   / (s + 1))


def log_expn3(x):
    """log E_3(x), a slab's radiative transfer kernel."""
    return gnp.sum(gnp.log(sps.expn(3, x)))


def soft_bound(x):
    """x scaled by 1e300 and clipped to [-1, 1], written as a min of a max."""
    return gnp.sum(gnp.minimum(gnp.maximum(x * 1e300, -1.0), 1.0))
