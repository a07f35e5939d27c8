"""The thirtieth trial set (third part): issue 27's classes on Python functions written against gradcli.numpy and
gradcli.scipy, on plain NumPy and on formulas, in domains not tried before: a Breit-Wigner line shape exactly at
resonance (every slope a proven 0) and at a width of 2e-300 (its squares underflowing, and the same through the
detuning in half-widths), the Gamow tunnelling factor e^-1000 (slopes of 1e-426, text only), the Airy disk's
intensity at its centre (a where leaking 0/0), at 1e-300 (x^2 underflowing in the quotient rule) and on its rings,
Beer-Lambert attenuation through an optical depth of 800 taken by log(exp), a Gumbel log density at 800 and -700,
log of Beta(2, 3)'s regularised incomplete beta at both tails (its lower tail underflowing at 1e-300, its upper tail
by 1 - I cancelling and by the reflection I_(1-x)(3, 2), and the reflection's 1 - 1e-300 rounding its slope away), a
Poisson log-likelihood by xlogy at subnormal rates (a slope of 4e323 past float64's range), a binary entropy by entr at
5e-324, log1p(expm1(x)), log(expm1(x)) and the inverse softplus from 5e-324 to 800, log of the Struve function H0 at
1e-300, the angle between nearly parallel, exactly parallel, antiparallel and 1e-300-sized vectors by arccos and by
arctan2, cosine similarity and the 2-norm at 1e200 and 1e-200, PyTorch's thresholded softplus by where at +-800 (the
idle branch's e^800 overflowing: unstable, not wrong), leaky ReLU and abs at subnormals, a log-softmax cross-entropy at
+-800 and at subnormal logits, and a Gaussian overlap whose slope is -200 e^-10000 (1e-4341, by its digits).

Truths are the mathematics written here in mpmath at 2,000 digits (closed forms written here, never the user file's
code); points are the numbers the dtype holds, constants the float64 numbers the program writes. A coordinate with no
derivative is written NaN by hand. A case whose ``file`` is "formula" checks the formula in ``function``.
"""

import mpmath

from cases import Case
from cases5 import _in, hp
from cases21c import _at, _each
from cases26c import _closed

G, N, F = "gn_lib30c.py", "numpy_lib30c.py", "formula"
NAN = mpmath.nan


def _f(value):
    """A float64 constant of the program, exactly."""
    return mpmath.mpf(float(value))


def _exact(text):
    """A decimal the formula writes: the formula's number is that decimal, exactly."""
    return mpmath.mpf(text)


# --- the mathematics, written here ---------------------------------------------------------------------------------

def _breit_wigner_slopes(e, e0, gamma):
    """f = h^2 / (d^2 + h^2), d = e - e0, h = gamma / 2: df/de = -2 d h^2 / D^2, df/dgamma = h d^2 / D^2."""
    out = {"e": [], "e0": [], "gamma": []}
    for a, b, g in zip(e, e0, gamma):
        d, h = a - b, g / 2
        denominator = (d * d + h * h) ** 2
        out["e"].append(-2 * d * h * h / denominator)
        out["e0"].append(2 * d * h * h / denominator)
        out["gamma"].append(h * d * d / denominator)
    return out


def _gamow_slopes(e, eg):
    """f = e^-s, s = sqrt(eg / e): df/de = e^-s s / (2 e), df/deg = -e^-s s / (2 eg)."""
    out = {"e": [], "eg": []}
    for a, b in zip(e, eg):
        s = mpmath.sqrt(b / a)
        out["e"].append(mpmath.exp(-s) * s / (2 * a))
        out["eg"].append(-mpmath.exp(-s) * s / (2 * b))
    return out


def _airy_slope(x):
    """d/dx (2 J1(x) / x)^2 = -8 J1(x) J2(x) / x^2 (J2 = 2 J1 / x - J0); 0 at the centre, where the shape is even."""
    if x == 0:
        return mpmath.mpf(0)
    return -8 * mpmath.besselj(1, x) * mpmath.besselj(2, x) / x ** 2


def _gumbel_slopes(x, mu, beta):
    """f = -(z + e^-z) - log beta, z = (x - mu) / beta."""
    out = {"x": [], "mu": [], "beta": []}
    for a, m, b in zip(x, mu, beta):
        z = (a - m) / b
        out["x"].append(-(1 - mpmath.exp(-z)) / b)
        out["mu"].append((1 - mpmath.exp(-z)) / b)
        out["beta"].append(z * (1 - mpmath.exp(-z)) / b - 1 / b)
    return out


def _log_beta_cdf_slope(x):
    """I_x(2, 3) = 6x^2 - 8x^3 + 3x^4, its slope 12 x (1 - x)^2."""
    return 12 * x * (1 - x) ** 2 / (6 * x ** 2 - 8 * x ** 3 + 3 * x ** 4)


def _log_beta_survival_slope(x):
    """1 - I_x(2, 3) = I_y(3, 2) = 4y^3 - 3y^4 with y = 1 - x: d/dx log = -(12y^2 - 12y^3) / (4y^3 - 3y^4)."""
    y = 1 - x
    return -(12 * y ** 2 - 12 * y ** 3) / (4 * y ** 3 - 3 * y ** 4)


def _struve_log_slope(x):
    """H0' = 2/pi - H1: d/dx log H0 = (2/pi - H1) / H0."""
    return (2 / mpmath.pi - mpmath.struveh(1, x)) / mpmath.struveh(0, x)


def _angle_slopes(u, v):
    """The angle |arg v - arg u| where arg v > arg u: d/du = (u1, -u0) / |u|^2, d/dv = (-v1, v0) / |v|^2."""
    nu, nv = u[0] ** 2 + u[1] ** 2, v[0] ** 2 + v[1] ** 2
    return {"u": [u[1] / nu, -u[0] / nu], "v": [-v[1] / nv, v[0] / nv]}


def _cosine_slopes(x, y):
    """c = x.y / (|x| |y|): dc/dx = y / (|x| |y|) - c x / |x|^2, and the same with x and y swapped."""
    nx = mpmath.sqrt(sum(a * a for a in x))
    ny = mpmath.sqrt(sum(b * b for b in y))
    c = sum(a * b for a, b in zip(x, y)) / (nx * ny)
    return {"x": [b / (nx * ny) - c * a / nx ** 2 for a, b in zip(x, y)],
            "y": [a / (nx * ny) - c * b / ny ** 2 for a, b in zip(x, y)]}


def _norm_slopes(x):
    n = mpmath.sqrt(sum(a * a for a in x))
    return {"x": [a / n for a in x]}


def _sigmoid(x):
    return 1 / (1 + mpmath.exp(-x))


def _softmax(z):
    top = max(z)
    e = [mpmath.exp(v - top) for v in z]
    return [v / sum(e) for v in e]


def _cross_entropy_slopes(z):
    """z0 - log sum e^z: e_0 - softmax(z)."""
    s = _softmax(z)
    return {"z": [(1 if i == 0 else 0) - p for i, p in enumerate(s)]}


def _softmax_first_slopes(z):
    s = _softmax(z)
    return {"z": [s[0] * ((1 if i == 0 else 0) - p) for i, p in enumerate(s)]}


def _threshold_softplus_slope(x):
    return mpmath.mpf(1) if x > 20 else _sigmoid(x)


def _lambert_slope(x):
    """W' = W / (x (1 + W)) (1 / (1 + W) e^-W where x is tiny: the same number, without 0 / 0)."""
    w = mpmath.lambertw(x)
    return mpmath.exp(-w) / (1 + w)


U, V_NEAR = [1, 0], [1, 1e-10]

GN = [
    # at resonance every slope carries the detuning 0 as a factor: proven 0s, not small ones
    Case(G, "breit_wigner", _at(e=[1.5], e0=[1.5], gamma=[0.2]), "float64", "ok",
         _closed(_breit_wigner_slopes, e=[1.5], e0=[1.5], gamma=[0.2])),
    Case(G, "breit_wigner", _at(e=[1.7, 2], e0=[1.5, 1.5], gamma=[0.2, 0.3]), "float64", "ok",
         _closed(_breit_wigner_slopes, e=[1.7, 2], e0=[1.5, 1.5], gamma=[0.2, 0.3])),
    # a width of 2e-300: (1e-300)^2 and the detuning's square underflow, 0 / 0
    Case(G, "breit_wigner", _at(e=[1e-300], e0=[0], gamma=[2e-300]), "float64", "unstable",
         _closed(_breit_wigner_slopes, e=[1e-300], e0=[0], gamma=[2e-300])),
    Case(G, "breit_wigner_scaled", _at(e=[1e-300], e0=[0], gamma=[2e-300]), "float64", "ok",
         _closed(_breit_wigner_slopes, e=[1e-300], e0=[0], gamma=[2e-300])),
    Case(G, "breit_wigner_scaled", _at(e=[1.5, 1.7], e0=[1.5, 1.5], gamma=[0.2, 0.2]), "float64", "ok",
         _closed(_breit_wigner_slopes, e=[1.5, 1.7], e0=[1.5, 1.5], gamma=[0.2, 0.2])),
    # e^-1000 underflows; its slopes 1e-426 are text only
    Case(G, "gamow_factor", _at(e=[1e-6], eg=[1]), "float64", "ok", _closed(_gamow_slopes, e=[1e-6], eg=[1])),
    Case(G, "gamow_factor", _at(e=[0.01, 0.5], eg=[1, 2]), "float64", "ok",
         _closed(_gamow_slopes, e=[0.01, 0.5], eg=[1, 2])),
    # the quotient 2 J1(x) / x at 0 is 0 / 0 in the idle branch: its NaN slope leaks through where
    Case(G, "airy_intensity", _at(x=[0]), "float64", "wrong", _each("x", [0], _airy_slope),
         "gnp.where(x == 0, 1.0, (2 * sps.j1(x) / x) ** 2)", "gnp.where(x == 0, 1.0, x)|gnp.where(x != 0, x"),
    Case(G, "airy_intensity", _at(x=[2.5, 7]), "float64", "ok", _each("x", [2.5, 7], _airy_slope)),
    # J1(x) / x^2 with x^2 underflowing: J1'/x - J1/x^2 is inf - inf where the slope is -x/2
    Case(G, "airy_intensity_plain", _at(x=[1e-300]), "float64", "unstable", _each("x", [1e-300], _airy_slope)),
    Case(G, "airy_intensity_plain", _at(x=[3.8, 0.5]), "float64", "ok", _each("x", [3.8, 0.5], _airy_slope)),
    # e^-800 underflows: log(0), where log(exp(-m d)) is -m d
    Case(G, "log_transmission_naive", _at(mu=[800], depth=[1]), "float64", "unstable",
         hp(lambda: {"mu": [-1], "depth": [-800]})),
    Case(G, "log_transmission_naive", _at(mu=[2], depth=[3]), "float64", "ok", hp(lambda: {"mu": [-3], "depth": [-2]})),
    # e^-800 underflows beside 1 (its part of the slope text only); e^700 = 1e304 is held
    Case(G, "gumbel_log_density", _at(x=[800, -700], mu=[0, 0], beta=[1, 1]), "float64", "ok",
         _closed(_gumbel_slopes, x=[800, -700], mu=[0, 0], beta=[1, 1])),
    Case(G, "gumbel_log_density", _at(x=[0.3], mu=[1], beta=[2]), "float64", "ok",
         _closed(_gumbel_slopes, x=[0.3], mu=[1], beta=[2])),
    Case(G, "log_beta_cdf", _at(x=[1e-100, 0.3]), "float64", "ok", _each("x", [1e-100, 0.3], _log_beta_cdf_slope)),
    # I = 6e-600 underflows: log(0)
    Case(G, "log_beta_cdf", _at(x=[1e-300]), "float64", "unstable", _each("x", [1e-300], _log_beta_cdf_slope)),
    # 1 - I at x = 1 - 2^-40 is 4 * 2^-120, I rounds to 1
    Case(G, "log_beta_survival_naive", _at(x=[0.9999999999990905]), "float64", "unstable",
         _each("x", [0.9999999999990905], _log_beta_survival_slope)),
    Case(G, "log_beta_survival_naive", _at(x=[0.3]), "float64", "ok", _each("x", [0.3], _log_beta_survival_slope)),
    Case(G, "log_beta_survival", _at(x=[0.9999999999990905, 0.3]), "float64", "ok",
         _each("x", [0.9999999999990905, 0.3], _log_beta_survival_slope)),
    # 1 - 1e-300 rounds to 1, where I_y(3, 2)'s slope 12 y^2 (1 - y) is 0: the slope -1.2e-299 is lost
    Case(G, "log_beta_survival", _at(x=[1e-300]), "float64", "unstable", _each("x", [1e-300], _log_beta_survival_slope)),
    # xlogy(0, lam)'s slope is 0 / lam = 0 even at a subnormal rate
    Case(G, "poisson_log_likelihood", _at(lam=[5e-324, 1e-300]), "float64", "ok",
         _closed(lambda lam: {"lam": [-1, 2 / lam[1] - 1]}, lam=[5e-324, 1e-300])),
    # 2 / 5e-324 = 4e323 is past float64's range
    Case(G, "poisson_log_likelihood", _at(lam=[1e-300, 5e-324]), "float64", "domain",
         _closed(lambda lam: {"lam": [-1, 2 / lam[1] - 1]}, lam=[1e-300, 5e-324])),
    Case(G, "binary_entropy", _at(p=[5e-324, 1e-300, 0.3]), "float64", "ok",
         _each("p", [5e-324, 1e-300, 0.3], lambda p: mpmath.log((1 - p) / p))),
    # 1 - 5e-324 rounds to 1, whose xlogy is 0 where the exact term is -5e-324: the subnormal value -745.4 steps held
    # as -744 (relative error counts in the subnormal range too); its slope is fine
    Case(G, "binary_entropy_xlogy", _at(p=[5e-324]), "float64", "unstable",
         _each("p", [5e-324], lambda p: mpmath.log(p) - mpmath.log(1 - p)), "sps.xlogy(1 - p, 1 - p)"),
    Case(G, "binary_entropy_xlogy", _at(p=[1e-300, 0.3]), "float64", "ok",
         _each("p", [1e-300, 0.3], lambda p: mpmath.log(p) - mpmath.log(1 - p))),
    Case(G, "log1p_expm1", _at(x=[1e-300, 5e-324, 0.5, 700]), "float64", "ok",
         hp(lambda: {"x": [1, 1, 1, 1]})),
    # expm1(800) overflows
    Case(G, "log1p_expm1", _at(x=[800]), "float64", "unstable", hp(lambda: {"x": [1]})),
    Case(G, "log_expm1", _at(x=[1e-300, 3]), "float64", "ok", _each("x", [1e-300, 3], lambda x: 1 / -mpmath.expm1(-x))),
    # 1 / expm1(5e-324) = 2e323 is past float64's range
    Case(G, "log_expm1", _at(x=[5e-324]), "float64", "domain", _each("x", [5e-324], lambda x: 1 / -mpmath.expm1(-x))),
    Case(G, "softplus_inverse", _at(y=[1e-300, 800, 2]), "float64", "ok",
         _each("y", [1e-300, 800, 2], lambda y: 1 / -mpmath.expm1(-y))),
    Case(G, "log_struve", _at(x=[1e-300, 1, 2.5]), "float64", "ok", _each("x", [1e-300, 1, 2.5], _struve_log_slope)),
    # (1, 0) . (1, 1e-10) / norms rounds to 1: arccos's slope there is inf
    Case(G, "angle_by_arccos", _at(u=U, v=V_NEAR), "float64", "unstable", _closed(_angle_slopes, u=U, v=V_NEAR)),
    Case(G, "angle_by_arccos", _at(u=[1, 0], v=[0.6, 0.8]), "float64", "ok",
         _closed(_angle_slopes, u=[1, 0], v=[0.6, 0.8])),
    Case(G, "angle_by_arctan2", _at(u=U, v=V_NEAR), "float64", "ok", _closed(_angle_slopes, u=U, v=V_NEAR)),
    # exactly parallel: abs at its switch, the angle a cone in u1 and v1; u0 and v0's slopes are 0 on both sides
    Case(G, "angle_by_arctan2", _at(u=[1, 0], v=[2, 0]), "float64", "domain",
         hp(lambda: {"u": [0, NAN], "v": [0, NAN]})),
    Case(G, "angle_by_arctan2", _at(u=[1, 0], v=[-1, 1e-300]), "float64", "ok",
         _closed(_angle_slopes, u=[1, 0], v=[-1, 1e-300])),
    # the cross product 1.2e-599 underflows: arctan2(0, 0) is 0, not pi/2
    Case(G, "angle_by_arctan2", _at(u=[3e-300, 0], v=[0, 4e-300]), "float64", "unstable",
         _closed(_angle_slopes, u=[3e-300, 0], v=[0, 4e-300])),
    # the norm's sum of squares overflows (1e200) or underflows (1e-200)
    Case(G, "cosine_similarity", _at(x=[3e200, 4e200], y=[1, 2]), "float64", "unstable",
         _closed(_cosine_slopes, x=[3e200, 4e200], y=[1, 2])),
    Case(G, "cosine_similarity", _at(x=[3e-200, 4e-200], y=[1, 2]), "float64", "unstable",
         _closed(_cosine_slopes, x=[3e-200, 4e-200], y=[1, 2])),
    Case(G, "cosine_similarity", _at(x=[0.3, -1.2], y=[2, 0.5]), "float64", "ok",
         _closed(_cosine_slopes, x=[0.3, -1.2], y=[2, 0.5])),
    Case(G, "vector_norm", _at(x=[3e-300, 4e-300]), "float64", "unstable", _closed(_norm_slopes, x=[3e-300, 4e-300])),
    Case(G, "vector_norm", _at(x=[3e200, 4e200]), "float64", "unstable", _closed(_norm_slopes, x=[3e200, 4e200])),
    Case(G, "vector_norm_by_hypot", _at(x=[3e-300, 4e-300]), "float64", "ok", _closed(_norm_slopes, x=[3e-300, 4e-300])),
    Case(G, "vector_norm_by_hypot", _at(x=[3e200, 4e200]), "float64", "ok", _closed(_norm_slopes, x=[3e200, 4e200])),
    # the idle branch's exp(800) overflows: its slope inf * 0 is NaN in float64, finite (sigmoid(800)) exactly
    Case(G, "threshold_softplus", _at(x=[800]), "float64", "unstable", _each("x", [800], _threshold_softplus_slope),
         "gnp.where(x > 20, x, gnp.log1p(gnp.exp(x)))"),
    Case(G, "threshold_softplus", _at(x=[-800, 3, 25]), "float64", "ok",
         _each("x", [-800, 3, 25], _threshold_softplus_slope)),
    # kinks away from their switch at tiny points: their ordinary slopes
    Case(G, "leaky_relu", _at(x=[5e-324, -5e-324, 1e-300, -2]), "float64", "ok",
         hp(lambda: {"x": [1, _f(0.01), 1, _f(0.01)]})),
    Case(G, "abs_sum", _at(x=[5e-324, -5e-324, -1e-300]), "float64", "ok", hp(lambda: {"x": [2, -1, -1]})),
    Case(G, "cross_entropy_first", _at(z=[800, -800, 0]), "float64", "ok",
         _closed(_cross_entropy_slopes, z=[800, -800, 0])),
    Case(G, "cross_entropy_first", _at(z=[-800, -801, -803]), "float64", "ok",
         _closed(_cross_entropy_slopes, z=[-800, -801, -803])),
    Case(G, "cross_entropy_first", _at(z=[1e-300, 5e-324, 0]), "float64", "ok",
         _closed(_cross_entropy_slopes, z=[1e-300, 5e-324, 0])),
    Case(G, "log_softmax_first", _at(z=[800, -800, 0]), "float64", "ok",
         _closed(_cross_entropy_slopes, z=[800, -800, 0])),
    Case(G, "log_softmax_first", _at(z=[-800, -801, -803]), "float64", "ok",
         _closed(_cross_entropy_slopes, z=[-800, -801, -803])),
    Case(G, "softmax_first", _at(z=[800, -800, 0]), "float64", "ok", _closed(_softmax_first_slopes, z=[800, -800, 0])),
    Case(G, "softmax_first", _at(z=[1e-300, 5e-324, 0]), "float64", "ok",
         _closed(_softmax_first_slopes, z=[1e-300, 5e-324, 0])),
    # SciPy's lambertw is 2.2e-10 off 2.3e-15 right of the branch point -1/e, where the slope is 2.4e7
    Case(G, "lambert_w_sum", _at(x=[-0.36787944117144]), "float64", "unstable", _each("x", [-0.36787944117144], _lambert_slope)),
    Case(G, "lambert_w_sum", _at(x=[-0.3, 1e-300, 1e300]), "float64", "ok", _each("x", [-0.3, 1e-300, 1e300], _lambert_slope)),
    # -200 e^-10000 = -1.1e-4341
    Case(G, "gaussian_overlap", _at(x=[100, 0.5]), "float64", "ok", _each("x", [100, 0.5], lambda x: -2 * x * mpmath.exp(-x * x))),
]

NP = [
    Case(N, "breit_wigner", _at(e=[1.5], e0=[1.5], gamma=[0.2]), "float64", "ok",
         _closed(_breit_wigner_slopes, e=[1.5], e0=[1.5], gamma=[0.2])),
    Case(N, "breit_wigner", _at(e=[1e-300], e0=[0], gamma=[2e-300]), "float64", "unstable",
         _closed(_breit_wigner_slopes, e=[1e-300], e0=[0], gamma=[2e-300])),
    Case(N, "cosine_similarity", _at(x=[3e200, 4e200], y=[1, 2]), "float64", "unstable",
         _closed(_cosine_slopes, x=[3e200, 4e200], y=[1, 2])),
    Case(N, "cosine_similarity", _at(x=[0.3, -1.2], y=[2, 0.5]), "float64", "ok",
         _closed(_cosine_slopes, x=[0.3, -1.2], y=[2, 0.5])),
    Case(N, "angle_by_arccos", _at(u=U, v=V_NEAR), "float64", "unstable", _closed(_angle_slopes, u=U, v=V_NEAR)),
    Case(N, "angle_by_arctan2", _at(u=U, v=V_NEAR), "float64", "ok", _closed(_angle_slopes, u=U, v=V_NEAR)),
    Case(N, "angle_by_arctan2", _at(u=[1, 0], v=[-1, 1e-300]), "float64", "ok",
         _closed(_angle_slopes, u=[1, 0], v=[-1, 1e-300])),
    Case(N, "threshold_softplus", _at(x=[800]), "float64", "unstable", _each("x", [800], _threshold_softplus_slope),
         "np.where(x > 20, x, np.log1p(np.exp(x)))"),
    Case(N, "threshold_softplus", _at(x=[-800, 3, 25]), "float64", "ok",
         _each("x", [-800, 3, 25], _threshold_softplus_slope)),
    Case(N, "gumbel_log_density", _at(x=[800, -700], mu=[0, 0], beta=[1, 1]), "float64", "ok",
         _closed(_gumbel_slopes, x=[800, -700], mu=[0, 0], beta=[1, 1])),
    Case(N, "binary_entropy", _at(p=[5e-324, 1e-300, 0.3]), "float64", "ok",
         _each("p", [5e-324, 1e-300, 0.3], lambda p: mpmath.log((1 - p) / p))),
    Case(N, "log_beta_survival_naive", _at(x=[0.9999999999990905]), "float64", "unstable",
         _each("x", [0.9999999999990905], _log_beta_survival_slope)),
    Case(N, "log_beta_survival", _at(x=[0.9999999999990905, 0.3]), "float64", "ok",
         _each("x", [0.9999999999990905, 0.3], _log_beta_survival_slope)),
    Case(N, "gaussian_overlap", _at(x=[100, 0.5]), "float64", "ok", _each("x", [100, 0.5], lambda x: -2 * x * mpmath.exp(-x * x))),
]


def _scalar(name, value, slope):
    return hp(lambda: {name: slope(_in("float64", [value])[0])})


def _formula_angle_slopes():
    a, b, c, d = _in("float64", [1, 0, 1, 1e-10])
    slopes = _angle_slopes([a, b], [c, d])
    return {"a": slopes["u"][0], "b": slopes["u"][1], "c": slopes["v"][0], "d": slopes["v"][1]}


def _formula_breit_wigner_zeros():
    return {"en": mpmath.mpf(0), "e0": mpmath.mpf(0), "g": mpmath.mpf(0)}


def _formula_cross_entropy():
    s = _softmax([mpmath.mpf(800), mpmath.mpf(-800), mpmath.mpf(0)])
    return {"x": 1 - s[0], "y": -s[1], "z": -s[2]}


ANGLE_ARCTAN2 = "arctan2(abs(a*d - b*c), a*c + b*d)"
ANGLE_ARCCOS = "arccos((a*c + b*d)/(sqrt(a*a + b*b)*sqrt(c*c + d*d)))"

FORMULAS = [
    Case(F, "(g/2)**2/((en - e0)**2 + (g/2)**2)", "en=1.5,e0=1.5,g=0.2", "float64", "ok", hp(_formula_breit_wigner_zeros)),
    Case(F, "exp(-sqrt(eg/en))", "en=1e-6,eg=1", "float64", "ok",
         hp(lambda: {{"e": "en"}.get(k, k): v[0] for k, v in _gamow_slopes(_in("float64", [1e-6]), [mpmath.mpf(1)]).items()})),
    Case(F, "log(exp(-m*d))", "m=800,d=1", "float64", "unstable", hp(lambda: {"m": -1, "d": -800})),
    Case(F, "-(x + exp(-x))", "x=800", "float64", "ok", _scalar("x", 800, lambda x: -(1 - mpmath.exp(-x)))),
    Case(F, "-(x + exp(-x))", "x=-700", "float64", "ok", _scalar("x", -700, lambda x: -(1 - mpmath.exp(-x)))),
    Case(F, "log1p(expm1(x))", "x=1e-300", "float64", "ok", hp(lambda: {"x": 1})),
    Case(F, "log1p(expm1(x))", "x=800", "float64", "unstable", hp(lambda: {"x": 1})),
    Case(F, "y + log(-expm1(-y))", "y=800", "float64", "ok", _scalar("y", 800, lambda y: 1 / -mpmath.expm1(-y))),
    Case(F, ANGLE_ARCTAN2, "a=1,b=0,c=1,d=1e-10", "float64", "ok", hp(_formula_angle_slopes)),
    Case(F, ANGLE_ARCCOS, "a=1,b=0,c=1,d=1e-10", "float64", "unstable", hp(_formula_angle_slopes)),
    Case(F, "where(x > 20, x, log1p(exp(x)))", "x=800", "float64", "unstable", hp(lambda: {"x": 1})),
    Case(F, "where(x > 20, x, log1p(exp(x)))", "x=-800", "float64", "ok", _scalar("x", -800, _sigmoid)),
    Case(F, "x - logaddexp(x, logaddexp(y, z))", "x=800,y=-800,z=0", "float64", "ok", hp(_formula_cross_entropy)),
    Case(F, "xlogy(p, p) + xlogy(1 - p, 1 - p)", "p=5e-324", "float64", "unstable",
         _scalar("p", 5e-324, lambda p: mpmath.log(p) - mpmath.log(1 - p))),
    Case(F, "exp(-x*x)", "x=100", "float64", "ok", _scalar("x", 100, lambda x: -2 * x * mpmath.exp(-x * x))),
    Case(F, "where(x > 0, x, 0.01*x)", "x=-5e-324", "float64", "ok", hp(lambda: {"x": _exact("0.01")})),
]

ALL = GN + NP + FORMULAS
