"""A user's code on gradcli.numpy, round 59c: iterative numerics and array ops as libraries write them (unrolled
Newton and fixed-point iterations with a fixed count, Heron's square root, series summed by a Python while-loop whose
count depends on the value, continued fractions, Horner and np.polyval near a root, RK4 and Euler steps in a Python
loop, cumulative ops, sorting, np.interp, np.clip, bisection, np.convolve, np.where chains, np.logaddexp.reduce),
checked at ordinary points, near roots, at 1e-300 / 1e300 / subnormal / +-800, at ties and knots, float64 and
float32."""

import gradcli.numpy as np

XP = np.array([0.0, 1.0, 2.0, 4.0])
FP = np.array([0.0, 1.0, 4.0, 16.0])
W3 = np.array([1.0, 2.0, 3.0])
K3 = np.array([0.25, 0.5, 0.25])


# --- iterations with a fixed count ------------------------------------------------------------------------------------

def lambertw_newton(a):
    """W(a) by 8 Newton steps on w e^w - a = 0 from w = log1p(a)."""
    w = np.log1p(a)
    for _ in range(8):
        ew = np.exp(w)
        w = w - (w * ew - a) / (ew * (w + 1.0))
    return w


def heron(x):
    """sqrt(x) by 6 Heron steps from (1 + x) / 2."""
    y = 0.5 * (1.0 + x)
    for _ in range(6):
        y = 0.5 * (y + x / y)
    return y


def kepler(M, e):
    """The eccentric anomaly E of Kepler's E - e sin E = M, by 6 Newton steps from E = M."""
    E = M
    for _ in range(6):
        E = E - (E - e * np.sin(E) - M) / (1.0 - e * np.cos(E))
    return E


def fixed_cos(x):
    """40 steps of y <- cos(x y), from y = 1."""
    y = 1.0 + 0.0 * x
    for _ in range(40):
        y = np.cos(x * y)
    return y


# --- loops whose count depends on the value ---------------------------------------------------------------------------

def exp_series(x):
    """e^x by its Taylor series, summed until a term is below 1e-17 of the sum."""
    s = 1.0 + 0.0 * x
    term = 1.0 + 0.0 * x
    k = 1
    while True:
        term = term * x / k
        s = s + term
        if not abs(term) > 1e-17 * abs(s):
            break
        k += 1
    return s


def sqrt_while(x):
    """sqrt(x) by Newton steps until |y^2 - x| <= 1e-15 x (a count the value decides)."""
    y = x
    while abs(y * y - x) > 1e-15 * x:
        y = 0.5 * (y + x / y)
    return y


def bisect_fixed(a):
    """sqrt(a) by 50 bisections of m^2 - a on the fixed bracket [0, 2]: piecewise constant in a."""
    lo, hi = 0.0, 2.0
    for _ in range(50):
        mid = 0.5 * (lo + hi)
        if mid * mid - a > 0:
            hi = mid
        else:
            lo = mid
    return 0.5 * (lo + hi) + 0.0 * a


def bisect_scaled(a):
    """sqrt(a) by 50 bisections on [0, 1 + a]: each bracket end a multiple of 1 + a, so piecewise linear in a."""
    lo, hi = 0.0 * a, 1.0 + a
    for _ in range(50):
        mid = 0.5 * (lo + hi)
        if mid * mid - a > 0:
            hi = mid
        else:
            lo = mid
    return 0.5 * (lo + hi)


# --- continued fractions, polynomials ---------------------------------------------------------------------------------

def tan_cf(x):
    """tan x as Lambert's continued fraction x / (1 - x^2 / (3 - x^2 / (5 - ...))), 20 levels, bottom up."""
    x2 = x * x
    d = 41.0 + 0.0 * x
    for k in range(19, 0, -1):
        d = (2 * k - 1) - x2 / d
    return x / d


def log_erfc_cf(x):
    """log erfc(x) for x > 0 from the continued fraction erfc x = e^(-x^2)/sqrt(pi) / (x + (1/2)/(x + 1/(x +
    (3/2)/(x + ...)))), 30 levels, bottom up."""
    d = x
    for k in range(30, 0, -1):
        d = x + (0.5 * k) / d
    return -x * x - np.log(d) - 0.5 * np.log(np.pi)


def cubic_polyval(x):
    """(x - 1)^3 by np.polyval([1, -3, 3, -1], x)."""
    return np.polyval(np.array([1.0, -3.0, 3.0, -1.0]), x)


def horner_loop(c, x):
    """sum c_k x^(n-1-k) by a Horner loop."""
    acc = 0.0 * x
    for k in range(c.shape[0]):
        acc = acc * x + c[k]
    return acc


# --- ODE steps --------------------------------------------------------------------------------------------------------

def rk4_decay(y0, k):
    """y(1) of y' = -k y by 10 RK4 steps of 0.1."""
    h = 0.1
    y = y0
    for _ in range(10):
        k1 = -k * y
        k2 = -k * (y + 0.5 * h * k1)
        k3 = -k * (y + 0.5 * h * k2)
        k4 = -k * (y + h * k3)
        y = y + h / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4)
    return y


def euler_logistic(y0, r):
    """y(1) of y' = r y (1 - y) by 20 Euler steps."""
    h = 0.05
    y = y0
    for _ in range(20):
        y = y + h * r * y * (1.0 - y)
    return y


# --- cumulative ops, sorting ------------------------------------------------------------------------------------------

def cumsum_weighted(x):
    """sum w * cumsum(x), w = [1, 2, 3]."""
    return np.sum(W3 * np.cumsum(x))


def cumprod_last(x):
    """the product by cumprod(x)[-1]."""
    return np.cumprod(x)[-1]


def cumprod_sum(x):
    """sum cumprod(x)."""
    return np.sum(np.cumprod(x))


def diff_sq(x):
    """sum of squared first differences."""
    return np.sum(np.diff(x) ** 2)


def log_cumsum_exp(x):
    """the last entry of a running log-sum-exp written by hand: max-shift by maximum.accumulate, then cumsum."""
    m = np.maximum.accumulate(x)
    top = m[-1]
    return np.log(np.cumsum(np.exp(x - top)))[-1] + top


def logaddexp_loop(x):
    """log sum exp x by a Python loop of np.logaddexp."""
    acc = x[0]
    for k in range(1, x.shape[0]):
        acc = np.logaddexp(acc, x[k])
    return acc


def logaddexp_reduce(x):
    """log sum exp x by np.logaddexp.reduce."""
    return np.logaddexp.reduce(x)


def running_max_sum(x):
    """sum of maximum.accumulate(x)."""
    return np.sum(np.maximum.accumulate(x))


def sorted_weighted(x):
    """sum w * sort(x), w = [1, 2, 3]: an L-statistic."""
    return np.sum(W3 * np.sort(x))


# --- interp, clip, where, convolve ------------------------------------------------------------------------------------

def interp_sq(x):
    """np.interp(x, [0, 1, 2, 4], [0, 1, 4, 16]): a piecewise linear x^2."""
    return np.interp(x, XP, FP)


def interp_fp(fp):
    """np.interp(1.5, [0, 1, 2, 4], fp), in the table's values."""
    return np.interp(1.5, XP, fp)


def interp_fp_knot(fp):
    """np.interp(1.0, [0, 1, 2, 4], fp): exactly at a knot, in the table's values."""
    return np.interp(1.0, XP, fp)


def clip_sq(x):
    """clip(x, -1, 1)^2 + x."""
    c = np.clip(x, -1.0, 1.0)
    return c * c + x


def where_chain(x):
    """-x below 0, x^2 on [0, 1), 2x - 1 from 1: C1 at 1, a kink at 0."""
    return np.where(x < 0, -x, np.where(x < 1, x * x, 2.0 * x - 1.0))


def convolve_same(x):
    """sum w * convolve(x, [1/4, 1/2, 1/4], 'same'), w = [1, 2, 3]."""
    return np.sum(W3 * np.convolve(x, K3, mode="same"))


def autoconv_mid(x):
    """the middle entry of convolve(x, x) (full): 2 x0 x2 + x1^2 for three entries."""
    return np.convolve(x, x)[2]


def trapezoid_laplace(s):
    """int_0^4 e^(-s t) dt by np.trapezoid on 9 points."""
    t = np.linspace(0.0, 4.0, 9)
    return np.trapezoid(np.exp(-s * t), t)


# --- round two: loops that stop where float64 stops, range reduction, symmetric functions of sorted ties ---------------

def exp_until_same(x):
    """e^x by its Taylor series, summed until adding a term leaves the sum unchanged (the float idiom)."""
    s = 1.0 + 0.0 * x
    term = 1.0 + 0.0 * x
    k = 1
    while True:
        term = term * x / k
        if s + term == s:
            break
        s = s + term
        k += 1
    return s


LN2 = 0.6931471805599453


def log_reduce(x):
    """log x by range reduction to y in [0.75, 1.5] (halving, doubling) and log of the rest: n ln 2 + log y."""
    y = x
    n = 0
    while y > 1.5:
        y = y / 2.0
        n += 1
    while y < 0.75:
        y = y * 2.0
        n -= 1
    return n * LN2 + np.log(y)


def pow2_floor(x):
    """x / 2^n with n the count of halvings that bring x below 2: a sawtooth, jumping at the powers of 2."""
    y = x
    while y >= 2.0:
        y = y / 2.0
    return y


def sorted_sumsq(x):
    """sum sort(x)^2: symmetric, so smooth at ties."""
    return np.sum(np.sort(x) ** 2)


def sorted_gaps(x):
    """sum of squared gaps of sort(x): a kink at a tie."""
    return np.sum(np.diff(np.sort(x)) ** 2)


def newton_sqrt_break(x):
    """sqrt(x) by Newton from x, leaving the loop when the step is below 1e-16 of y (at most 100 steps)."""
    y = x
    for _ in range(100):
        step = 0.5 * (y - x / y)
        y = y - step
        if abs(step) <= 1e-16 * abs(y):
            break
    return y


def interp_step(x):
    """np.interp(x, [0, 1, 1, 2], [0, 0, 1, 1]): a step at 1 written as a repeated knot."""
    return np.interp(x, np.array([0.0, 1.0, 1.0, 2.0]), np.array([0.0, 0.0, 1.0, 1.0]))


def clip_between(x, lo, hi):
    """clip(x, lo, hi): in x and in both bounds."""
    return np.clip(x, lo, hi)


def log_reduce_exact(x):
    """log x by range reduction to y in [0.75, 1.5] and n log(2.0) + log y: continuous (and smooth) at the switches."""
    y = x
    n = 0
    while y > 1.5:
        y = y / 2.0
        n += 1
    while y < 0.75:
        y = y * 2.0
        n -= 1
    return n * np.log(2.0) + np.log(y)


def minmax_between(x, lo, hi):
    """minimum(maximum(x, lo), hi): clip written out."""
    return np.minimum(np.maximum(x, lo), hi)
