"""A user's code on gradcli.numpy, round 66c: special functions approximated by hand, the way numerical libraries write
them (Horner evaluation of a long polynomial with alternating coefficients, a Chebyshev series by Clenshaw's
recurrence, Pade approximants of exp and tanh, continued fractions for erfc and the upper incomplete gamma with a fixed
count of terms, Stirling's series for log-gamma with an upward shift below a breakpoint, the Abramowitz-Stegun 7.1.26
erf, the Lanczos gamma with reflection, a rational tanh / sigmoid clamped to its range, exp by range reduction
x - k ln2 with k = np.round(x / ln2) and np.ldexp, log by np.frexp, a fixed count of Newton steps for sqrt and the
reciprocal, piecewise approximations by np.where / np.select / np.piecewise, Kahan and Neumaier compensated summation, sin
by reduction modulo pi/2, exponents by np.floor(np.log2 / np.log10), np.modf, np.round(x, 2)), checked at
ordinary points, on and beside breakpoints and range-reduction boundaries, at tiny and huge arguments, in float64 and
float32."""

import math

import gradcli.numpy as np

LN2 = 0.6931471805599453  # np.log(2.0), the double
PI = 3.141592653589793
HALF_LOG_2PI = 0.9189385332046727
SQRT_2PI = 2.5066282746310002
INV_SQRT_PI = 0.5641895835477563

BINOM8 = [1.0, -8.0, 28.0, -56.0, 70.0, -56.0, 28.0, -8.0, 1.0]  # (x - 1)^8, highest power first
EXPNEG = [(-1.0) ** k / math.factorial(k) for k in range(120)]  # e^-x's Taylor series, lowest power first
CHEB = [1.2660658777520082, 1.1303182079849703, 0.27149533953407656, 0.044336849848663804,
        0.0054742404420937326, 0.00054292631191394375, 4.4977322954295147e-05, 3.1984364624019905e-06,
        1.9921248066727958e-07, 1.1036771725517344e-08]  # e^x on [-1, 1] (I_k(1), the first halved)
AS_A = [0.254829592, -0.284496736, 1.421413741, -1.453152027, 1.061405429]
AS_P = 0.3275911
LANCZOS = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
           -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
           1.5056327351493116e-7]
TANH_A = [4.89352455891786e-03, 6.37261928875436e-04, 1.48572235717979e-05, 5.12229709037114e-08,
          -8.60467152213735e-11, 2.00018790482477e-13, -2.76076847742355e-16]
TANH_B = [4.89352518554385e-03, 2.26843463243900e-03, 1.18534705686654e-04, 1.19825839466702e-06]
TANH_CLAMP = 7.90531110763549805


# --- polynomials and series -------------------------------------------------------------------------------------------

def horner_binom(x):
    """(x - 1)^8 expanded, by Horner: near 1 the terms cancel."""
    y = 0.0 * x + BINOM8[0]
    for c in BINOM8[1:]:
        y = y * x + c
    return y


def horner_expneg(x):
    """e^-x by its Taylor series to 119 terms, by Horner: alternating terms up to 8e11 at x = 30."""
    y = 0.0 * x + EXPNEG[-1]
    for c in reversed(EXPNEG[:-1]):
        y = y * x + c
    return y


def clenshaw(x):
    """A Chebyshev series on [-1, 1] by Clenshaw's recurrence."""
    b1 = 0.0 * x
    b2 = 0.0 * x
    for c in reversed(CHEB[1:]):
        b1, b2 = 2.0 * x * b1 - b2 + c, b1
    return x * b1 - b2 + CHEB[0]


def clenshaw_interval(x):
    """The same series mapped onto [2, 5]."""
    t = (2.0 * x - 7.0) / 3.0
    return clenshaw(t)


def pade_exp(x):
    """The [3/3] Pade approximant of e^x."""
    num = 120.0 + x * (60.0 + x * (12.0 + x))
    den = 120.0 - x * (60.0 - x * (12.0 - x))
    return num / den


def pade_tanh(x):
    """Lambert's [3/2] Pade approximant of tanh: x (27 + x^2) / (27 + 9 x^2)."""
    x2 = x * x
    return x * (27.0 + x2) / (27.0 + 9.0 * x2)


def pade_tanh_clamped(x):
    """The same, clamped to +-1 past |x| = 3, where the approximant reaches 1 with slope 0."""
    return np.where(np.abs(x) > 3.0, np.sign(x), pade_tanh(x))


# --- continued fractions ----------------------------------------------------------------------------------------------

def erfc_cf(x):
    """erfc(x) for x > 0 by Laplace's continued fraction, 40 levels, bottom up:
    e^-x^2 / sqrt(pi) / (x + (1/2) / (x + 1 / (x + (3/2) / (x + ...))))."""
    f = x
    for n in range(40, 0, -1):
        f = x + (n / 2.0) / f
    return INV_SQRT_PI * np.exp(-x * x) / f


def gammaincc_cf(a, x):
    """Gamma(a, x) by Legendre's continued fraction, 30 levels bottom up:
    e^-x x^a / (x + 1 - a - 1 (1 - a) / (x + 3 - a - 2 (2 - a) / (x + 5 - a - ...)))."""
    f = x + 61.0 - a
    for n in range(30, 0, -1):
        f = x + (2 * n - 1) - a - n * (n - a) / f
    return np.exp(-x) * x ** a / f


# --- log-gamma, gamma, erf --------------------------------------------------------------------------------------------

def stirling(x):
    """Stirling's series for log Gamma(x) to the x^-5 term."""
    return ((x - 0.5) * np.log(x) - x + HALF_LOG_2PI + 1.0 / (12.0 * x) - 1.0 / (360.0 * x ** 3)
            + 1.0 / (1260.0 * x ** 5))


def lgamma_shift(x):
    """Stirling below 7 after shifting up by 7 (log Gamma(x) = log Gamma(x + 7) - log(x (x+1) ... (x+6)))."""
    p = x * (x + 1.0) * (x + 2.0) * (x + 3.0) * (x + 4.0) * (x + 5.0) * (x + 6.0)
    return np.where(x < 7.0, stirling(x + 7.0) - np.log(p), stirling(x))


def erf_as(x):
    """Abramowitz and Stegun 7.1.26, made odd by sign: at 0 the polynomial leaves 1e-9, not 0."""
    z = np.abs(x)
    t = 1.0 / (1.0 + AS_P * z)
    poly = t * (AS_A[0] + t * (AS_A[1] + t * (AS_A[2] + t * (AS_A[3] + t * AS_A[4]))))
    return np.sign(x) * (1.0 - poly * np.exp(-z * z))


def lanczos(x):
    """The Lanczos approximation of Gamma(x), g = 7, nine coefficients, for x >= 1/2."""
    z = x - 1.0
    a = LANCZOS[0]
    for k in range(1, 9):
        a = a + LANCZOS[k] / (z + k)
    t = z + 7.5
    return SQRT_2PI * t ** (z + 0.5) * np.exp(-t) * a


def lanczos_gamma(x):
    """Gamma(x) by Lanczos, with the reflection pi / (sin(pi x) Gamma(1 - x)) below 1/2."""
    xr = np.where(x < 0.5, 1.0 - x, x)
    g = lanczos(xr)
    return np.where(x < 0.5, PI / (np.sin(PI * x) * g), g)


# --- rational tanh and sigmoid ----------------------------------------------------------------------------------------

def tanh_rational(x):
    """Eigen's rational tanh: clamp to +-7.9053, then x P(x^2) / Q(x^2)."""
    x = np.clip(x, -TANH_CLAMP, TANH_CLAMP)
    x2 = x * x
    p = TANH_A[6]
    for c in reversed(TANH_A[:6]):
        p = p * x2 + c
    q = TANH_B[3]
    for c in reversed(TANH_B[:3]):
        q = q * x2 + c
    return x * p / q


def sigmoid_rational(x):
    """sigmoid(x) = (1 + tanh(x / 2)) / 2 by the rational tanh."""
    return 0.5 + 0.5 * tanh_rational(0.5 * x)


# --- range reduction, frexp, Newton -----------------------------------------------------------------------------------

def exp_reduced(x):
    """e^x = 2^k e^r with k = round(x / ln2), r = x - k ln2 (ln2 the double: the pieces meet 2.3e-17 apart)."""
    k = np.round(x / LN2)
    r = x - k * LN2
    return np.ldexp(np.exp(r), k.astype(int))


def exp_reduced_poly(x):
    """The same with e^r by its degree-5 Taylor polynomial on |r| <= ln2 / 2."""
    k = np.round(x / LN2)
    r = x - k * LN2
    p = 1.0 + r * (1.0 + r * (0.5 + r * (1.0 / 6.0 + r * (1.0 / 24.0 + r * (1.0 / 120.0)))))
    return np.ldexp(p, k.astype(int))


def log_frexp(x):
    """log x = log m + e ln2 with x = m 2^e, m in [1/2, 1)."""
    m, e = np.frexp(x)
    return np.log(m) + e * LN2


def log_frexp_series(x):
    """The same with log m = 2 atanh(s), s = (m - 1) / (m + 1), by four terms of the atanh series."""
    m, e = np.frexp(x)
    s = (m - 1.0) / (m + 1.0)
    s2 = s * s
    return 2.0 * s * (1.0 + s2 * (1.0 / 3.0 + s2 * (0.2 + s2 / 7.0))) + e * LN2


def newton_sqrt(x):
    """Six Newton (Heron) steps for sqrt x from the guess 1."""
    y = 0.0 * x + 1.0
    for _ in range(6):
        y = 0.5 * (y + x / y)
    return y


def newton_recip(x):
    """Five Newton steps for 1 / x from the guess 0.1: y (2 - x y)."""
    y = 0.0 * x + 0.1
    for _ in range(5):
        y = y * (2.0 - x * y)
    return y


# --- piecewise ----------------------------------------------------------------------------------------------------------

def erf_piecewise(x):
    """erf by its Maclaurin series (8 terms) below 2 and 1 - erfc by the continued fraction from 2 up."""
    x2 = x * x
    term = x
    total = x
    for n in range(1, 8):
        term = -term * x2 / n
        total = total + term / (2 * n + 1)
    series = 2.0 * INV_SQRT_PI * total
    return np.where(x < 2.0, series, 1.0 - erfc_cf(np.maximum(x, 2.0)))


def smoothstep_select(x):
    """0 below 0, 1 above 1, 3x^2 - 2x^3 between, by np.select: C1 at both breakpoints."""
    return np.select([x < 0.0, x > 1.0], [0.0 * x, 0.0 * x + 1.0], 3.0 * x * x - 2.0 * x ** 3)


def linear_piecewise(x):
    """x below 1, 2x - 1 from 1, by np.piecewise: a kink at 1."""
    return np.piecewise(x, [x < 1.0, x >= 1.0], [lambda v: v, lambda v: 2.0 * v - 1.0])


# --- summation ----------------------------------------------------------------------------------------------------------

def kahan_sum(x):
    """Kahan's compensated sum of x[0], x[1], ... weighted 1, 2, 3, ..."""
    s = 0.0 * x[0]
    c = 0.0 * x[0]
    for k in range(x.shape[0]):
        y = (k + 1) * x[k] - c
        t = s + y
        c = (t - s) - y
        s = t
    return s


# --- more reductions --------------------------------------------------------------------------------------------------

PI_2 = 1.5707963267948966  # pi / 2, the double


def sin_reduced(x):
    """sin x by k = round(x / (pi/2)), r = x - k pi/2 and the quadrant k mod 4 picked by np.select."""
    k = np.round(x / PI_2)
    r = x - k * PI_2
    q = np.mod(k, 4.0)
    return np.select([q == 0.0, q == 1.0, q == 2.0], [np.sin(r), np.cos(r), -np.sin(r)], -np.cos(r))


def sqrt_frexp(x):
    """sqrt x by five Newton steps from the guess m 2^(e // 2), x = m 2^e."""
    m, e = np.frexp(x)
    y = np.ldexp(m, e // 2)
    for _ in range(5):
        y = 0.5 * (y + x / y)
    return y


def neumaier_sum(x):
    """Neumaier's compensated sum of x (the larger of |s|, |y| picks the correction's order)."""
    s = 0.0 * x[0]
    c = 0.0 * x[0]
    for k in range(x.shape[0]):
        y = x[k]
        t = s + y
        c = c + np.where(np.abs(s) >= np.abs(y), (s - t) + y, (y - t) + s)
        s = t
    return s + c


def select_overlap(x):
    """np.select with overlapping conditions (the first wins): x up to 1, 2x - 1 from 1: a kink at 1."""
    return np.select([x <= 1.0, x >= 1.0], [x, 2.0 * x - 1.0])


def square_piecewise(x):
    """0 below 0, x^2 from 0, by np.piecewise with a constant piece: C1 at 0."""
    return np.piecewise(x, [x < 0.0], [0.0, lambda v: v * v])


def polyval_binom(x):
    """(x - 1)^8 expanded, by np.polyval."""
    return np.polyval(np.array(BINOM8), x)


def hat_where(x):
    """Slope 1 below 3x = 1 and 2 above, by np.where on 3.0 * x < 1.0 (continuous: x and 2x - 1/3)."""
    return np.where(3.0 * x < 1.0, x, 2.0 * x - 1.0 / 3.0)


def exp_reduced_pow(x):
    """The range reduction with 2^k as 2.0 ** k instead of np.ldexp."""
    k = np.round(x / LN2)
    return np.exp(x - k * LN2) * 2.0 ** k


def log_floor_log2(x):
    """log x with the exponent as np.floor(np.log2(x)) instead of frexp: m = x / 2^e in [1, 2)."""
    e = np.floor(np.log2(x))
    m = x / 2.0 ** e
    return np.log(m) + e * LN2


def pow10_split(x):
    """x = m 10^e with e = np.floor(np.log10(x)): returns m + e (a mantissa-exponent split in base 10)."""
    e = np.floor(np.log10(x))
    return x / 10.0 ** e + e


def frac_modf(x):
    """The fractional part by np.modf, squared: a jump at every integer."""
    return np.modf(x)[0] ** 2


def quantize_round2(x):
    """Rounding to two decimals by np.round(x, 2) (NumPy's rint(100 x) / 100), plus x: a step at every k + 1/2 hundredths."""
    return np.round(x, 2) + x
