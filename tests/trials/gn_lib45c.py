"""A user's code on gradcli.numpy and gradcli.scipy, round 45c: statistical physics and information geometry as
practitioners meet them. Magnetism (the Langevin function coth x - 1/x by 1/tanh and by cosh/sinh, and by its series
behind a double where; a paramagnet's magnetisation in its field; the Brillouin function B_J for J = 2 and a custom
rule for L'(x) right and slipped), semiconductor statistics (Fermi-Dirac occupancy 1 / (e^x + 1) and by expit, its
log by log1p(exp) and by log_expit, and a custom rule -f (1 - f) right and with its sign slipped), Bose-Einstein's
log(1 - e^-x) beside log(-expm1(-x)), Debye's integrand x^3 / (e^x - 1), by expm1 and by exprel, polymer mechanics
(Cohen's Pade approximant to the inverse Langevin function by 1 - y^2 and by (1 - y)(1 + y); the worm-like chain's
Marko-Siggia force), variational inference and information geometry (the KL divergence between Gaussians, raw and
by ratios; a VAE's KL to N(0, 1) by exp and by expm1; the Renyi entropy as alpha -> 1, bare and with Shannon's limit
behind a double where; Bregman divergences of x log x, e^x and -log x at coincident points), diffraction (the Airy
pattern (2 J1(x) / x)^2 and a slit's (sin x / x)^2, bare and by series; np.sinc squared) and transforms (Yeo-Johnson
as lambda -> 0 by powers and by expm1 behind a where; the Tsallis q-logarithm as q -> 1 by powers, by expm1 and by
its series)."""

import gradcli
import gradcli.numpy as gnp
import gradcli.scipy.special as sps

# --- magnetism ------------------------------------------------------------------------------------------------------


def langevin(x):
    """L(x) = coth x - 1/x, as the textbook prints it."""
    return 1 / gnp.tanh(x) - 1 / x


def langevin_cosh(x):
    """The same with coth spelled out."""
    return gnp.cosh(x) / gnp.sinh(x) - 1 / x


def langevin_series(x):
    """x/3 - x^3/45 + 2 x^5/945 below |x| = 1e-3; the double where keeps the idle branch finite."""
    small = gnp.abs(x) < 1e-3
    safe = gnp.where(small, 1.0, x)
    return gnp.where(small, x / 3 - x ** 3 / 45 + 2 * x ** 5 / 945, 1 / gnp.tanh(safe) - 1 / safe)


def magnetisation(b, t):
    """A paramagnet's M / (N mu) = L(mu B / (k T)), mu / k = 0.67 K/T (one Bohr magneton)."""
    return langevin_series(0.67 * b / t)


def brillouin(x):
    """B_J(x) for J = 2: (2J+1)/(2J) coth((2J+1) x / (2J)) - 1/(2J) coth(x / (2J))."""
    j = 2.0
    a = (2 * j + 1) / (2 * j)
    c = 1 / (2 * j)
    return a / gnp.tanh(a * x) - c / gnp.tanh(c * x)


@gradcli.custom_gradient
def _langevin_rule(x):
    small = gnp.abs(x) < 1e-3
    safe = gnp.where(small, 1.0, x)

    def grad_fn(upstream):
        slope = 1 / safe ** 2 - 1 / gnp.sinh(safe) ** 2
        return upstream * gnp.where(small, 1 / 3 - x ** 2 / 15, slope)
    return gnp.where(small, x / 3 - x ** 3 / 45, 1 / gnp.tanh(safe) - 1 / safe), grad_fn


@gradcli.custom_gradient
def _langevin_rule_slipped(x):
    small = gnp.abs(x) < 1e-3
    safe = gnp.where(small, 1.0, x)

    def grad_fn(upstream):
        slope = 1 / safe ** 2 - 1 / gnp.sinh(safe)
        return upstream * gnp.where(small, 1 / 3 - x ** 2 / 15, slope)
    return gnp.where(small, x / 3 - x ** 3 / 45, 1 / gnp.tanh(safe) - 1 / safe), grad_fn


def langevin_rule(x):
    return gnp.sum(_langevin_rule(x))


def langevin_rule_slipped(x):
    return gnp.sum(_langevin_rule_slipped(x))


def landau_free_energy(m):
    """A Landau free energy with a cubic |m|^3 term (a first-order transition), in units of its coefficients."""
    return m ** 2 / 2 + gnp.abs(m) ** 3 / 3 - m ** 4 / 10


def pinned_energy(m):
    """A domain wall pinned at m = 0: |m| + m^2 (a kink at 0)."""
    return gnp.abs(m) + m ** 2


def relu_squared(m):
    return gnp.maximum(m, 0.0) ** 2


# --- semiconductor statistics ---------------------------------------------------------------------------------------


def fermi_dirac(e, mu, kt):
    """The occupancy of a level e at the chemical potential mu: 1 / (exp((e - mu) / kT) + 1)."""
    return 1 / (gnp.exp((e - mu) / kt) + 1)


def fermi_dirac_expit(e, mu, kt):
    return sps.expit(-(e - mu) / kt)


def log_fermi(x):
    return -gnp.log1p(gnp.exp(x))


def log_fermi_expit(x):
    return sps.log_expit(-x)


@gradcli.custom_gradient
def _fermi_rule(x):
    f = sps.expit(-x)

    def grad_fn(upstream):
        return -upstream * f * (1 - f)
    return f, grad_fn


@gradcli.custom_gradient
def _fermi_rule_slipped(x):
    f = sps.expit(-x)

    def grad_fn(upstream):
        return upstream * f * (1 - f)
    return f, grad_fn


def fermi_rule(x):
    return gnp.sum(_fermi_rule(x))


def fermi_rule_slipped(x):
    return gnp.sum(_fermi_rule_slipped(x))


def bose_log(x):
    """log(1 - e^-x), a Bose gas's grand potential per mode (over kT)."""
    return gnp.log(1 - gnp.exp(-x))


def bose_log_expm1(x):
    return gnp.log(-gnp.expm1(-x))


def debye_integrand(x):
    return x ** 3 / (gnp.exp(x) - 1)


def debye_integrand_expm1(x):
    return x ** 3 / gnp.expm1(x)


def debye_integrand_exprel(x):
    """x^3 / (e^x - 1) = x^2 / exprel(x)."""
    return x ** 2 / sps.exprel(x)


# --- polymer mechanics -----------------------------------------------------------------------------------------------


def inverse_langevin_cohen(y):
    """Cohen's Pade approximant: L^-1(y) ~ y (3 - y^2) / (1 - y^2)."""
    return y * (3 - y ** 2) / (1 - y ** 2)


def inverse_langevin_cohen_factored(y):
    return y * (3 - y ** 2) / ((1 - y) * (1 + y))


def marko_siggia(x):
    """The worm-like chain's force f P / kT at relative extension x."""
    return 1 / (4 * (1 - x) ** 2) - 1 / 4 + x


# --- variational inference and information geometry ----------------------------------------------------------------


def kl_gauss(m1, s1, m2, s2):
    """KL(N(m1, s1^2) || N(m2, s2^2))."""
    return gnp.log(s2 / s1) + (s1 ** 2 + (m1 - m2) ** 2) / (2 * s2 ** 2) - 0.5


def kl_gauss_ratio(m1, s1, m2, s2):
    r = s1 / s2
    d = (m1 - m2) / s2
    return -gnp.log(r) + (r ** 2 + d ** 2) / 2 - 0.5


def vae_kl(mu, logvar):
    """A VAE's KL(N(mu, e^logvar) || N(0, 1)), as the tutorials print it."""
    return 0.5 * gnp.sum(mu ** 2 + gnp.exp(logvar) - logvar - 1)


def vae_kl_expm1(mu, logvar):
    return 0.5 * gnp.sum(mu ** 2 + gnp.expm1(logvar) - logvar)


P3 = gnp.array([0.2, 0.3, 0.5])


def renyi_entropy(alpha):
    """H_alpha(p) = log(sum p^alpha) / (1 - alpha) of a fixed distribution."""
    return gnp.log(gnp.sum(P3 ** alpha)) / (1 - alpha)


def renyi_entropy_p(p, alpha):
    return gnp.log(gnp.sum(p ** alpha)) / (1 - alpha)


def renyi_entropy_shannon(p, alpha):
    """Shannon's entropy within 1e-6 of alpha = 1, the double where keeping the idle quotient finite."""
    near = gnp.abs(1 - alpha) < 1e-6
    safe = gnp.where(near, 2.0, alpha)
    return gnp.where(near, -gnp.sum(sps.xlogy(p, p)), gnp.log(gnp.sum(p ** safe)) / (1 - safe))


def bregman_xlogx(x, y):
    """The Bregman divergence of phi(t) = t log t (a generalised KL)."""
    return x * gnp.log(x) - y * gnp.log(y) - (gnp.log(y) + 1) * (x - y)


def bregman_exp(x, y):
    return gnp.exp(x) - gnp.exp(y) - gnp.exp(y) * (x - y)


def itakura_saito(x, y):
    """The Bregman divergence of -log t."""
    return x / y - gnp.log(x / y) - 1


def itakura_saito_logs(x, y):
    return x / y - (gnp.log(x) - gnp.log(y)) - 1


# --- diffraction -----------------------------------------------------------------------------------------------------


def airy_pattern(x):
    """A circular aperture's intensity (2 J1(x) / x)^2."""
    return (2 * sps.j1(x) / x) ** 2


def airy_pattern_series(x):
    """2 J1(x)/x = 1 - x^2/8 + x^4/192 below |x| = 1e-3."""
    small = gnp.abs(x) < 1e-3
    safe = gnp.where(small, 1.0, x)
    amplitude = gnp.where(small, 1 - x ** 2 / 8 + x ** 4 / 192, 2 * sps.j1(safe) / safe)
    return amplitude ** 2


def slit_pattern(x):
    """A slit's intensity (sin x / x)^2."""
    return (gnp.sin(x) / x) ** 2


def slit_pattern_sinc(x):
    """The same by NumPy's normalised sinc."""
    return gnp.sinc(x / gnp.pi) ** 2


# --- transforms ------------------------------------------------------------------------------------------------------


def yeo_johnson(y, lam):
    """The Yeo-Johnson transform of y >= 0: ((y + 1)^lambda - 1) / lambda."""
    return ((y + 1) ** lam - 1) / lam


def yeo_johnson_negative(y, lam):
    """... and of y < 0: -((1 - y)^(2 - lambda) - 1) / (2 - lambda)."""
    return -((1 - y) ** (2 - lam) - 1) / (2 - lam)


def yeo_johnson_expm1(y, lam):
    """As SciPy does it: log1p(y) where |lambda| < 1e-8, expm1(lambda log1p(y)) / lambda elsewhere (one where)."""
    return gnp.where(gnp.abs(lam) < 1e-8, gnp.log1p(y), gnp.expm1(lam * gnp.log1p(y)) / lam)


def yeo_johnson_expm1_safe(y, lam):
    small = gnp.abs(lam) < 1e-8
    safe = gnp.where(small, 1.0, lam)
    return gnp.where(small, gnp.log1p(y), gnp.expm1(safe * gnp.log1p(y)) / safe)


def tsallis_log(x, q):
    """The Tsallis q-logarithm (x^(1 - q) - 1) / (1 - q)."""
    return (x ** (1 - q) - 1) / (1 - q)


def tsallis_log_expm1(x, q):
    return gnp.expm1((1 - q) * gnp.log(x)) / (1 - q)


def tsallis_log_series(x, q):
    """log x + (1 - q) log^2 x / 2 within 1e-6 of q = 1."""
    near = gnp.abs(1 - q) < 1e-6
    safe = gnp.where(near, 2.0, q)
    lx = gnp.log(x)
    return gnp.where(near, lx + (1 - q) * lx ** 2 / 2, gnp.expm1((1 - safe) * lx) / (1 - safe))
