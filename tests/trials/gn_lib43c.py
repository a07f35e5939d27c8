"""A user's code on gradcli.numpy and gradcli.scipy, round 43c: removable singularities and near-degenerate inputs as
engineers meet them. Heat exchangers (the log-mean temperature difference as the textbook prints it, guarded by a where
at equal ends, by log1p, and by its series behind a double where), chemical reactors (a first-order reactor's outlet by
an exponential integrator, (1 - e^-kt) / k, by expm1 and by exprel; the phi functions (e^h - 1) / h and (e^h - 1 - h) /
h^2; Arrhenius kinetics stepped by explicit Euler at 1 K, where the rate is e^-10000), numerical ODEs (explicit Euler
approaching an equilibrium whose increments are absorbed, and on the deviation instead; Euler over a subnormal span; RK4
for a conversion, from the concentration and directly), signal processing (sin x / x, np.sinc, (1 - cos x) / x^2 and its
half-angle form and its series behind a where), geometry processing (Heron's formula for needle triangles and Kahan's
rearrangement; the angle between nearly parallel vectors by arccos of the normalized dot, by arctan2 of the cross
product's norm and dot, and the signed planar angle), information theory (binary entropy by logs, xlogy and entr, and of
a sigmoid's probability; the Bernoulli KL divergence by logs, xlogy, rel_entr and a split log; the Jensen-Shannon
divergence) and divided differences ((e^x - e^y) / (x - y), its exprel form, and (sqrt x - sqrt y) / (x - y)
rationalized)."""

import gradcli.numpy as gnp
import gradcli.scipy.special as sps

# --- heat exchangers: the log-mean temperature difference ----------------------------------------------------------


def lmtd(dt1, dt2):
    """LMTD = (dT1 - dT2) / ln(dT1 / dT2), as every heat-transfer textbook prints it."""
    return (dt1 - dt2) / gnp.log(dt1 / dt2)


def lmtd_guarded(dt1, dt2):
    """A design sheet's guard: equal end differences give the LMTD dT1 itself."""
    return gnp.where(dt1 == dt2, dt1, (dt1 - dt2) / gnp.log(dt1 / dt2))


def lmtd_log1p(dt1, dt2):
    """With x = (dT1 - dT2) / dT2: dT2 x / log1p(x)."""
    x = (dt1 - dt2) / dt2
    return dt2 * x / gnp.log1p(x)


def lmtd_series(dt1, dt2):
    """x / log1p(x) by its series 1 + x/2 - x^2/12 + x^3/24 for |x| < 1e-4, the double where keeping the other branch
    finite."""
    x = (dt1 - dt2) / dt2
    small = gnp.abs(x) < 1e-4
    x_safe = gnp.where(small, 1.0, x)
    exact = dt2 * x_safe / gnp.log1p(x_safe)
    series = dt2 * (1 + x / 2 - x ** 2 / 12 + x ** 3 / 24)
    return gnp.where(small, series, exact)


def exchanger_duty(u_area, t_hot_in, t_hot_out, t_cold_in, t_cold_out):
    """Q = U A LMTD of a counter-flow exchanger."""
    dt1 = t_hot_in - t_cold_out
    dt2 = t_hot_out - t_cold_in
    return u_area * (dt1 - dt2) / gnp.log(dt1 / dt2)


# --- chemical reactors: exponential integrators ----------------------------------------------------------------------

C0, FEED = 2.0, 0.5  # the initial concentration and a constant feed rate


def reactor_outlet(k, t):
    """dc/dt = -k c + s, exactly: c0 e^-kt + s (1 - e^-kt) / k."""
    decay = gnp.exp(-k * t)
    return C0 * decay + FEED * (1 - decay) / k


def reactor_outlet_expm1(k, t):
    return C0 * gnp.exp(-k * t) - FEED * gnp.expm1(-k * t) / k


def reactor_outlet_exprel(k, t):
    return C0 * gnp.exp(-k * t) + FEED * t * sps.exprel(-k * t)


def phi1(h):
    return gnp.sum((gnp.exp(h) - 1) / h)


def phi1_expm1(h):
    return gnp.sum(gnp.expm1(h) / h)


def phi1_exprel(h):
    return gnp.sum(sps.exprel(h))


def phi2(h):
    return gnp.sum((gnp.exp(h) - 1 - h) / h ** 2)


def phi2_expm1(h):
    return gnp.sum((gnp.expm1(h) - h) / h ** 2)


A_FACTOR, E_OVER_R = 1e6, 10000.0  # Arrhenius: k = A exp(-Ea / (R T)), in 1/s and K


def arrhenius_euler(temp):
    """Explicit Euler for dc/dt = -k(T) c over 1 s in 10 steps, from c = 1: the concentration left."""
    rate = A_FACTOR * gnp.exp(-E_OVER_R / temp)
    c = 1.0
    for _ in range(10):
        c = c - 0.1 * rate * c
    return c


# --- numerical ODEs --------------------------------------------------------------------------------------------------


def equilibration_euler(y0, k):
    """Explicit Euler for dy/dt = k (1 - y): 10 steps of 0.1 toward the equilibrium 1."""
    y = y0
    for _ in range(10):
        y = y + 0.1 * k * (1 - y)
    return y


def equilibration_deviation_euler(y0, k):
    """The same steps on the deviation d = 1 - y, the equilibrium added back at the end."""
    d = 1 - y0
    for _ in range(10):
        d = d - 0.1 * k * d
    return 1 - d


def _rk4_step(f, y, h):
    k1 = f(y)
    k2 = f(y + h / 2 * k1)
    k3 = f(y + h / 2 * k2)
    k4 = f(y + h * k3)
    return y + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)


def conversion_from_concentration(k):
    """RK4 for dc/dt = -k c, c0 = 1, 10 steps of 0.1; the conversion 1 - c / c0."""
    c = gnp.ones_like(k)
    for _ in range(10):
        c = _rk4_step(lambda y: -k * y, c, 0.1)
    return gnp.sum(1 - c)


def conversion_direct(k):
    """RK4 for the conversion itself, dX/dt = k (1 - X), X0 = 0."""
    x = gnp.zeros_like(k)
    for _ in range(10):
        x = _rk4_step(lambda y: k * (1 - y), x, 0.1)
    return gnp.sum(x)


# --- signal processing: sinc and the versine ratio --------------------------------------------------------------------


def sinc_naive(x):
    return gnp.sum(gnp.sin(x) / x)


def sinc_normalized(x):
    return gnp.sum(gnp.sinc(x))


def versine_ratio(x):
    """(1 - cos x) / x^2, the 1/2 a small-angle approximation leans on."""
    return gnp.sum((1 - gnp.cos(x)) / x ** 2)


def versine_half_angle(x):
    return gnp.sum(2 * gnp.sin(x / 2) ** 2 / x ** 2)


def versine_where(x):
    return gnp.sum(gnp.where(gnp.abs(x) < 1e-4, 0.5 - x ** 2 / 24, (1 - gnp.cos(x)) / x ** 2))


def log_ratio(x):
    """log(x) / (x - 1): the logarithmic mean of 1 and x, inverted."""
    return gnp.sum(gnp.log(x) / (x - 1))


def log_ratio_log1p(x):
    u = x - 1
    return gnp.sum(gnp.log1p(u) / u)


# --- geometry processing -----------------------------------------------------------------------------------------------


def heron(a, b, c):
    s = (a + b + c) / 2
    return gnp.sqrt(s * (s - a) * (s - b) * (s - c))


def heron_kahan(a, b, c):
    """Kahan's rearrangement, sides sorted a >= b >= c, the parentheses as written."""
    return 0.25 * gnp.sqrt((a + (b + c)) * (c - (a - b)) * (c + (a - b)) * (a + (b - c)))


def angle_arccos(u, v):
    return gnp.arccos(gnp.dot(u, v) / (gnp.linalg.norm(u) * gnp.linalg.norm(v)))


def angle_atan2(u, v):
    return gnp.arctan2(gnp.linalg.norm(gnp.cross(u, v)), gnp.dot(u, v))


def signed_angle_2d(u, v):
    return gnp.arctan2(u[0] * v[1] - u[1] * v[0], u[0] * v[0] + u[1] * v[1])


# --- information theory ------------------------------------------------------------------------------------------------


def binary_entropy(p):
    return gnp.sum(-p * gnp.log(p) - (1 - p) * gnp.log(1 - p))


def binary_entropy_xlogy(p):
    return gnp.sum(-sps.xlogy(p, p) - sps.xlog1py(1 - p, -p))


def binary_entropy_entr(p):
    return gnp.sum(sps.entr(p) + sps.entr(1 - p))


def bernoulli_kl(p, q):
    return p * gnp.log(p / q) + (1 - p) * gnp.log((1 - p) / (1 - q))


def bernoulli_kl_xlogy(p, q):
    return sps.xlogy(p, p / q) + sps.xlogy(1 - p, (1 - p) / (1 - q))


def bernoulli_kl_rel_entr(p, q):
    return sps.rel_entr(p, q) + sps.rel_entr(1 - p, 1 - q)


def bernoulli_kl_split(p, q):
    """The logs taken apart: no quotient to overflow."""
    return sps.xlogy(p, p) - sps.xlogy(p, q) + sps.xlog1py(1 - p, -p) - sps.xlog1py(1 - p, -q)


def js_divergence(p, q):
    m = 0.5 * (p + q)
    return 0.5 * gnp.sum(sps.xlogy(p, p / m)) + 0.5 * gnp.sum(sps.xlogy(q, q / m))


def js_rel_entr(p, q):
    m = (p + q) / 2
    return 0.5 * gnp.sum(sps.rel_entr(p, m) + sps.rel_entr(q, m))


# --- divided differences -----------------------------------------------------------------------------------------------


def divided_difference_exp(x, y):
    return (gnp.exp(x) - gnp.exp(y)) / (x - y)


def divided_difference_exprel(x, y):
    return gnp.exp(y) * sps.exprel(x - y)


def divided_difference_sqrt(x, y):
    return (gnp.sqrt(x) - gnp.sqrt(y)) / (x - y)


def divided_difference_sqrt_rationalized(x, y):
    return 1 / (gnp.sqrt(x) + gnp.sqrt(y))


def decay_euler_span(k, t):
    """Explicit Euler for dc/dt = -k c from c = 1 over a span t in 10 equal steps."""
    dt = t / 10
    c = 1.0
    for _ in range(10):
        c = c - dt * k * c
    return c


def logistic_entropy(z):
    """The entropy of a Bernoulli whose probability is a sigmoid of a logit, by xlogy."""
    p = sps.expit(z)
    return gnp.sum(-sps.xlogy(p, p) - sps.xlogy(1 - p, 1 - p))
