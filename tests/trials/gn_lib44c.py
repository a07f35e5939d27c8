"""A user's code on gradcli.numpy and gradcli.scipy, round 44c: Lie groups, hyperbolic geometry and statistics' limits
as practitioners meet them. Robot state estimation (SO(3)'s exponential map by Rodrigues' formula with sin(theta) /
theta and (1 - cos theta) / theta^2, and by its Taylor series behind a double where; the log map's coefficient
theta / (2 sin theta), bare and by its series; the log map of a rotation matrix by arccos of the trace and by arctan2;
quaternion log by arccos and by arctan2; slerp at nearly identical rotations and its nlerp fallback), graph embeddings
(the Poincare ball's distance by arccosh and by arcsinh, the Lorentz model's arccosh(-<x, y>)), volatility modelling
(Hagan's SABR z / x(z) at the money, bare and by its series), statistics' limits (the Student-t log density by gammaln
and by betaln, the von Mises log normaliser by i0 and by i0e), flood-frequency analysis (the GEV log density by log and
by log1p and by its series, the Gumbel reduced variate, log(-log(1 - p)) by log and log1p) and insurance claims (the
generalized-Pareto log density, the Tweedie unit deviance by powers and by powm1)."""

import gradcli
import gradcli.numpy as gnp
import gradcli.scipy.special as sps

# --- robot state estimation: SO(3) ---------------------------------------------------------------------------------

POINT = gnp.array([1.0, 2.0, 3.0])  # a landmark in the body frame


def hat(w):
    """The skew matrix [w]x."""
    return gnp.array([[0.0, -w[2], w[1]], [w[2], 0.0, -w[0]], [-w[1], w[0], 0.0]])


def so3_exp_apply(w):
    """Rodrigues: R = I + sin(t)/t K + (1 - cos t)/t^2 K^2, applied to the landmark; its y coordinate."""
    theta = gnp.linalg.norm(w)
    a = gnp.sin(theta) / theta
    b = (1 - gnp.cos(theta)) / theta ** 2
    k = hat(w)
    rotated = POINT + a * (k @ POINT) + b * (k @ (k @ POINT))
    return rotated[1]


def so3_exp_apply_taylor(w):
    """As Sophus writes it: the Taylor series below theta^2 = 1e-10, the double where keeping the other branch finite."""
    theta2 = gnp.dot(w, w)
    small = theta2 < 1e-10
    theta = gnp.sqrt(gnp.where(small, 1.0, theta2))
    a = gnp.where(small, 1 - theta2 / 6, gnp.sin(theta) / theta)
    b = gnp.where(small, 0.5 - theta2 / 24, (1 - gnp.cos(theta)) / theta ** 2)
    k = hat(w)
    rotated = POINT + a * (k @ POINT) + b * (k @ (k @ POINT))
    return rotated[1]


def so3_log_coeff(theta):
    """The log map's theta / (2 sin theta), which multiplies (R - R^T)^vee."""
    return theta / (2 * gnp.sin(theta))


def so3_log_coeff_taylor(theta):
    small = gnp.abs(theta) < 1e-4
    safe = gnp.where(small, 1.0, theta)
    return gnp.where(small, 0.5 + theta ** 2 / 12, safe / (2 * gnp.sin(safe)))


def so3_log_z(r):
    """The log map of a rotation matrix, theta = arccos((tr R - 1) / 2): its z component."""
    theta = gnp.arccos((gnp.trace(r) - 1) / 2)
    return theta / (2 * gnp.sin(theta)) * (r[1, 0] - r[0, 1])


def so3_log_z_atan2(r):
    """theta = arctan2(|vee(R - R^T)| / 2, (tr R - 1) / 2), well conditioned near pi."""
    v = gnp.array([r[2, 1] - r[1, 2], r[0, 2] - r[2, 0], r[1, 0] - r[0, 1]]) / 2
    s = gnp.linalg.norm(v)
    theta = gnp.arctan2(s, (gnp.trace(r) - 1) / 2)
    return theta / s * v[2]


# --- quaternions ------------------------------------------------------------------------------------------------------


def quat_log_angle(q):
    """|log q| for a unit quaternion [w, x, y, z]: arccos(w), the textbook way."""
    return 2 * gnp.arccos(q[0])


def quat_log_angle_atan2(q):
    return 2 * gnp.arctan2(gnp.linalg.norm(q[1:]), q[0])


def slerp_yaw(a, t):
    """slerp from the identity to a rotation by a about z, at fraction t: the quaternion's z component."""
    q0 = gnp.array([1.0, 0.0, 0.0, 0.0])
    q1 = gnp.stack([gnp.cos(a / 2), 0.0 * a, 0.0 * a, gnp.sin(a / 2)])
    omega = gnp.arccos(gnp.dot(q0, q1))
    q = (gnp.sin((1 - t) * omega) * q0 + gnp.sin(t * omega) * q1) / gnp.sin(omega)
    return q[3]


def slerp_yaw_nlerp(a, t):
    """Shoemake's guard: normalized lerp above a dot of 0.9995, slerp below (a double where)."""
    q0 = gnp.array([1.0, 0.0, 0.0, 0.0])
    q1 = gnp.stack([gnp.cos(a / 2), 0.0 * a, 0.0 * a, gnp.sin(a / 2)])
    d = gnp.dot(q0, q1)
    close = d > 0.9995
    omega = gnp.arccos(gnp.where(close, 0.5, d))
    slerped = (gnp.sin((1 - t) * omega) * q0 + gnp.sin(t * omega) * q1) / gnp.sin(omega)
    lerped = (1 - t) * q0 + t * q1
    lerped = lerped / gnp.linalg.norm(lerped)
    return gnp.where(close, lerped, slerped)[3]


# --- graph embeddings: hyperbolic distances ---------------------------------------------------------------------------


def poincare_distance(u, v):
    """As in Nickel & Kiela's Poincare embeddings."""
    duv = gnp.sum((u - v) ** 2)
    return gnp.arccosh(1 + 2 * duv / ((1 - gnp.sum(u ** 2)) * (1 - gnp.sum(v ** 2))))


def poincare_distance_asinh(u, v):
    """The same distance as 2 arcsinh(|u - v| / sqrt((1 - |u|^2)(1 - |v|^2)))."""
    return 2 * gnp.arcsinh(gnp.linalg.norm(u - v) / gnp.sqrt((1 - gnp.sum(u ** 2)) * (1 - gnp.sum(v ** 2))))


def lorentz_distance(a, b):
    """Points lifted onto the hyperboloid x0 = sqrt(1 + |a|^2); d = arccosh(-<x, y>_L)."""
    x0 = gnp.sqrt(1 + gnp.sum(a ** 2))
    y0 = gnp.sqrt(1 + gnp.sum(b ** 2))
    return gnp.arccosh(x0 * y0 - gnp.sum(a * b))


# --- volatility modelling: Hagan's SABR ---------------------------------------------------------------------------------


def sabr_z_over_x(z, rho):
    """z / x(z), x(z) = log((sqrt(1 - 2 rho z + z^2) + z - rho) / (1 - rho)), as Hagan et al. print it."""
    x = gnp.log((gnp.sqrt(1 - 2 * rho * z + z ** 2) + z - rho) / (1 - rho))
    return z / x


def sabr_z_over_x_series(z, rho):
    """At the money its series 1 - rho z / 2 + (2 - 3 rho^2) z^2 / 12 below |z| = 1e-6, behind a double where."""
    small = gnp.abs(z) < 1e-6
    zs = gnp.where(small, 0.5, z)
    x = gnp.log((gnp.sqrt(1 - 2 * rho * zs + zs ** 2) + zs - rho) / (1 - rho))
    return gnp.where(small, 1 - rho * z / 2 + (2 - 3 * rho ** 2) * z ** 2 / 12, zs / x)


# --- statistics' limits -----------------------------------------------------------------------------------------------


def student_t_logpdf(x, nu):
    return (gnp.gammaln((nu + 1) / 2) - gnp.gammaln(nu / 2) - 0.5 * gnp.log(nu * gnp.pi)
            - (nu + 1) / 2 * gnp.log1p(x ** 2 / nu))


def student_t_logpdf_betaln(x, nu):
    return -0.5 * gnp.log(nu) - sps.betaln(nu / 2, 0.5) - (nu + 1) / 2 * gnp.log1p(x ** 2 / nu)


def von_mises_log_norm(kappa):
    """log(2 pi I0(kappa))."""
    return gnp.log(2 * gnp.pi * sps.i0(kappa))


def von_mises_log_norm_i0e(kappa):
    """log(2 pi) + log(i0e(kappa)) + kappa: no overflow at large concentration."""
    return gnp.log(2 * gnp.pi) + gnp.log(sps.i0e(kappa)) + kappa


# --- flood-frequency analysis: extreme values -----------------------------------------------------------------------


def gev_logpdf(x, xi):
    """The GEV log density (location 0, scale 1) as printed: -(1 + 1/xi) log t - t^(-1/xi), t = 1 + xi x."""
    t = 1 + xi * x
    return -(1 + 1 / xi) * gnp.log(t) - t ** (-1 / xi)


def gev_logpdf_log1p(x, xi):
    """y = log1p(xi x) / xi; log f = -(1 + xi) y - exp(-y)."""
    y = gnp.log1p(xi * x) / xi
    return -(1 + xi) * y - gnp.exp(-y)


def gev_logpdf_series(x, xi):
    """y by its series x - xi x^2 / 2 + xi^2 x^3 / 3 below |xi| = 1e-6 (a double where); Gumbel at xi = 0."""
    small = gnp.abs(xi) < 1e-6
    xs = gnp.where(small, 1.0, xi)
    y = gnp.where(small, x - xi * x ** 2 / 2 + xi ** 2 * x ** 3 / 3, gnp.log1p(xs * x) / xs)
    return -(1 + xi) * y - gnp.exp(-y)


def gumbel_reduced_variate(f):
    """y = -log(-log F): the Gumbel plotting position of a non-exceedance probability."""
    return -gnp.log(-gnp.log(f))


def cloglog(p):
    return gnp.log(-gnp.log(1 - p))


def cloglog_log1p(p):
    return gnp.log(-gnp.log1p(-p))


# --- insurance claims -------------------------------------------------------------------------------------------------


def gpd_logpdf(x, xi):
    """Generalized Pareto excess-of-loss (scale 1): -(1 + 1/xi) log1p(xi x)."""
    return -(1 + 1 / xi) * gnp.log1p(xi * x)


def tweedie_deviance(y, mu, p):
    """The Tweedie unit deviance for 1 < p < 2 as the GLM books print it."""
    return 2 * (y ** (2 - p) / ((1 - p) * (2 - p)) - y * mu ** (1 - p) / (1 - p) + mu ** (2 - p) / (2 - p))


def tweedie_deviance_powm1(y, mu, p):
    """The same, with the powers' differences by powm1: y mu^(1-p) powm1(y/mu, 1-p)/(1-p) - mu^(2-p) powm1(y/mu, 2-p)/(2-p)."""
    r = y / mu
    return 2 * (y * mu ** (1 - p) * sps.powm1(r, 1 - p) / (1 - p) - mu ** (2 - p) * sps.powm1(r, 2 - p) / (2 - p))


# --- densities far in their tails ----------------------------------------------------------------------------------


def gumbel_pdf(x):
    """The Gumbel density of annual maxima."""
    return gnp.exp(-x - gnp.exp(-x))


def cauchy_pdf(x):
    """Student-t with one degree of freedom: a claim-severity model's heavy tail."""
    return 1 / (gnp.pi * (1 + x ** 2))


def von_mises_pdf(x, kappa):
    """By i0e: exp(kappa (cos x - 1)) / (2 pi i0e(kappa))."""
    return gnp.exp(kappa * (gnp.cos(x) - 1)) / (2 * gnp.pi * sps.i0e(kappa))


def gpd_survival(x, xi):
    """The probability a claim exceeds x: (1 + xi x)^(-1/xi)."""
    return (1 + xi * x) ** (-1 / xi)


# --- custom rules: arccosh for hyperbolic distances, the log map's coefficient ------------------------------------------


@gradcli.custom_gradient
def _acosh_by_square(x):
    def grad_fn(upstream):
        return upstream / gnp.sqrt(x * x - 1)
    return gnp.arccosh(x), grad_fn


@gradcli.custom_gradient
def _acosh_by_product(x):
    def grad_fn(upstream):
        return upstream / gnp.sqrt((x - 1) * (x + 1))
    return gnp.arccosh(x), grad_fn


@gradcli.custom_gradient
def _acosh_slipped(x):
    def grad_fn(upstream):
        return upstream / gnp.sqrt(x - 1)
    return gnp.arccosh(x), grad_fn


def hyperbolic_cosh_distance(c):
    """Lorentz distances from their -<x, y> values."""
    return gnp.sum(_acosh_by_square(c))


def hyperbolic_cosh_distance_product(c):
    return gnp.sum(_acosh_by_product(c))


def hyperbolic_cosh_distance_slipped(c):
    return gnp.sum(_acosh_slipped(c))


@gradcli.custom_gradient
def _log_coeff_rule(theta):
    small = gnp.abs(theta) < 1e-4
    safe = gnp.where(small, 1.0, theta)

    def grad_fn(upstream):
        slope = (gnp.sin(safe) - safe * gnp.cos(safe)) / (2 * gnp.sin(safe) ** 2)
        return upstream * gnp.where(small, theta / 6, slope)
    return gnp.where(small, 0.5 + theta ** 2 / 12, safe / (2 * gnp.sin(safe))), grad_fn


@gradcli.custom_gradient
def _log_coeff_rule_slipped(theta):
    small = gnp.abs(theta) < 1e-4
    safe = gnp.where(small, 1.0, theta)

    def grad_fn(upstream):
        slope = (gnp.sin(safe) - safe * gnp.cos(safe)) / (2 * gnp.sin(safe))
        return upstream * gnp.where(small, theta / 6, slope)
    return gnp.where(small, 0.5 + theta ** 2 / 12, safe / (2 * gnp.sin(safe))), grad_fn


def so3_log_coeff_rule(theta):
    return gnp.sum(_log_coeff_rule(theta))


def so3_log_coeff_rule_slipped(theta):
    return gnp.sum(_log_coeff_rule_slipped(theta))
