"""A user's plain NumPy code, twenty-third round (second half): a roughness penalty by np.gradient, template matching
by np.correlate, a line fit by np.polyfit, interpolation through np.vander and np.linalg.solve, Pearson's correlation
by np.corrcoef, a weighted mean by np.average, the range by np.ptp, np.heaviside, a phase wrapped by np.fmod, np.unwrap,
the great-circle distance by the spherical law of cosines, entropy in bits, log-sum-exp in base 2, asinh written out,
an upper-triangular quadratic form, np.tensordot, a drawdown by np.maximum.accumulate, np.nanmax and np.nansum over
data with gaps, np.float_power, the spectral and nuclear norms and a harmonic mean by np.reciprocal."""

import numpy as np

# --- signals ----------------------------------------------------------------------------------------------------------


def roughness(x):
    """The energy of the signal's numerical derivative (central inside, one-sided at the ends)."""
    return np.sum(np.gradient(x) ** 2)


def template_peak(x):
    """The best match of a fixed template along the signal."""
    template = np.array([1.0, -2.0, 1.0])
    return np.max(np.correlate(x, template, mode="valid"))


def fitted_slope(y):
    t = np.array([0.0, 1.0, 2.0, 4.0])
    return np.polyfit(t, y, 1)[0]


def interpolate_at_half(y):
    """The cubic through (t_i, y_i), evaluated at 0.5 by solving the Vandermonde system."""
    t = np.array([-1.0, 0.0, 1.0, 2.0])
    coefficients = np.linalg.solve(np.vander(t), y)
    return np.polyval(coefficients, 0.5)


def wrapped_phase_energy(x):
    return np.sum(np.fmod(x, 2 * np.pi) ** 2)


def unwrapped_energy(phase):
    return np.sum(np.unwrap(phase) ** 2)


# --- statistics -------------------------------------------------------------------------------------------------------


def pearson(x):
    y = np.array([1.0, 3.0, 2.0, 5.0])
    return np.corrcoef(x, y)[0, 1]


def weighted_mean(w):
    x = np.array([1.0, 4.0, -2.0])
    return np.average(x, weights=w)


def value_range(x):
    return np.ptp(x)


def gated_square(x):
    """x^2 where x is positive, 0 elsewhere (half at 0)."""
    return np.sum(np.heaviside(x, 0.5) * x ** 2)


def entropy_bits(p):
    return -np.sum(p * np.log2(p))


def log2_sum_exp2_naive(x):
    return np.log2(np.sum(np.exp2(x)))


def harmonic_mean(x):
    return x.size / np.sum(np.reciprocal(x))


def nanmax_score(x):
    """The best weighted score; a NaN weight marks a feature left out."""
    weights = np.array([1.0, np.nan, 2.0])
    return np.nanmax(x * weights)


def nansum_energy(x):
    mask = np.array([1.0, np.nan, 0.5])
    return np.nansum(mask * x ** 2)


def max_drawdown(x):
    peak = np.maximum.accumulate(x)
    return np.max(peak - x)


# --- geometry ---------------------------------------------------------------------------------------------------------


def great_circle_cosines(p):
    """The angle between (lat, lon) = p and a fixed place, in degrees, by the spherical law of cosines."""
    lat1, lon1 = np.deg2rad(p)
    lat2, lon2 = np.deg2rad(np.array([48.8566, 2.3522]))
    c = np.sin(lat1) * np.sin(lat2) + np.cos(lat1) * np.cos(lat2) * np.cos(lon1 - lon2)
    return np.rad2deg(np.arccos(c))


def asinh_naive(x):
    return np.sum(np.log(x + np.sqrt(x * x + 1)))


def asinh_sum(x):
    return np.sum(np.arcsinh(x))


# --- algebra ----------------------------------------------------------------------------------------------------------


def upper_pairs(x):
    """sum over i <= j of x_i x_j."""
    return np.sum(np.triu(np.outer(x, x)))


def bilinear_tanh(x):
    w = np.array([[[0.5, -1.0], [2.0, 0.25]], [[1.0, 0.0], [-0.5, 1.5]]])
    return np.sum(np.tanh(np.tensordot(w, x, axes=1)))


def power_two_and_a_half(x):
    return np.sum(np.float_power(x, 2.5))


def spectral_norm(a):
    return np.linalg.norm(a, 2)


def nuclear_norm(a):
    return np.linalg.norm(a, "nuc")


# --- more array programs ----------------------------------------------------------------------------------------------


def qr_log_abs_det(a):
    _, r = np.linalg.qr(a)
    return np.sum(np.log(np.abs(np.diag(r))))


def condition_number(a):
    return np.linalg.cond(a)


def tiled_score(x):
    w = np.array([1.0, -1.0, 0.5, 2.0, 0.25, -0.5])
    return np.sum(np.tile(x, 2) * w) + np.sum(np.repeat(x, 2) ** 2)


def gaussian_bump_mass(x):
    """The sum of a 2-D Gaussian bump over the grid spanned by x and fixed y."""
    y = np.array([-1.0, 0.0, 0.5])
    gx, gy = np.meshgrid(x, y)
    return np.sum(np.exp(-(gx ** 2 + gy ** 2)))


def grouped_energy(x):
    """Sum within groups by np.bincount's weights, then the squares of the group sums."""
    groups = np.array([0, 2, 0, 1, 2])
    return np.sum(np.bincount(groups, weights=x) ** 2)


def scattered_energy(x):
    """The same groups by np.add.at into a zero buffer."""
    groups = np.array([0, 2, 0, 1, 2])
    out = np.zeros(3)
    np.add.at(out, groups, x)
    return np.sum(out ** 2)


def segment_energy(x):
    """Contiguous segments [0, 2), [2, 3), [3, 5) by np.add.reduceat."""
    return np.sum(np.add.reduceat(x, [0, 2, 3]) ** 2)


def product_by_reduce(x):
    return np.multiply.reduce(x)


def fractional_energy(x):
    frac, _ = np.modf(x)
    return np.sum(frac ** 2)


def rounding_residual(x):
    return np.sum((x - np.rint(x)) ** 2)


def l1_fabs(x):
    return np.sum(np.fabs(x))


def second_smallest(x):
    return np.partition(x, 1)[1]


def phasor_energy(x):
    """|1 + e^(ix)|^2 summed, through complex numbers and np.real / np.conj."""
    z = 1 + np.exp(1j * x)
    return np.sum(np.real(z * np.conj(z)))


def log_by_frexp(x):
    """The sum of log x, mantissas and exponents apart."""
    parts = np.frexp(x)
    return np.sum(np.log(parts[0])) + np.log(2.0) * np.sum(parts[1])


def quarter_tanh(x):
    return np.ldexp(np.sum(np.tanh(x)), -2)


def signed_square(x):
    """x^2 carrying the sign of a fixed direction."""
    return np.sum(np.copysign(x ** 2, np.array([1.0, -1.0])))


def remainder_energy(x):
    _, r = np.divmod(x, 1.5)
    return np.sum(r ** 2)


def bucket_offsets(x):
    return np.sum(x - 0.5 * np.floor_divide(x, 0.5))


def sample_covariance(x):
    y = np.array([1.0, 3.0, 2.0, 5.0])
    return np.cov(x, y)[0, 1]


def einsum_trace(a):
    return np.einsum("ii->", a @ a)


def piecewise_linear(x):
    """Linear interpolation in a table, by np.searchsorted."""
    knots = np.array([0.0, 1.0, 2.5, 4.0])
    values = np.array([0.0, 2.0, 1.0, 3.0])
    i = np.clip(np.searchsorted(knots, x) - 1, 0, 2)
    t = (x - knots[i]) / (knots[i + 1] - knots[i])
    return np.sum(values[i] * (1 - t) + values[i + 1] * t)


def masked_mean_square(x):
    target = np.array([1.0, np.nan, -0.5])
    return np.nanmean((x - target) ** 2)


def step_differences(x):
    return np.sum(np.ediff1d(x, to_begin=0.0) ** 2)


def median_of_four(x):
    return np.percentile(x, 50)
