"""The twenty-fifth trial set (second half): in JAX, optax-style losses written by hand (softmax cross-entropy with label
smoothing by log_softmax and by the log of a softmax, a sigmoid focal loss with gamma 0.5 in its tail), the Gaussian
CRPS, InfoNCE at temperature 0.01, the wing loss at its joins, the Welsch loss, multigammaln at its pole, rel_entr at
p = 0, the Poisson log-likelihood at a rate of 1e-300, Heron's and Kahan's triangle areas at a degenerate and a needle
triangle, a sinh-arcsinh flow's log-determinant where x^2 overflows, the DiCE magic box, a soft clip under a custom_jvp
with nondiff_argnums (right, and with its temperature forgotten), a searchsorted calibration table at its knots, a
velocity-Verlet oscillator and Bradley-Terry rankings; in plain NumPy, a cut and shifted Lennard-Jones cluster at its
cutoff, softened and bare Coulomb-like energies at coincident points, Heron and Kahan again, the angle between vectors
by arccos and by arctan2 at and near parallel, a dihedral on its branch cut, a polygon's perimeter with a repeated
vertex, Black-Scholes by math.erf deep out of the money, implied volatility by Newton steps, Bachelier's price, the von
Mises likelihood by np.i0, Planck's spectrum three ways at 1e-10 and 800, the inverse softplus two ways, relativistic
kinetic energy at walking speed, a running variance from np.cumsum with an offset, and total variations at a tie.

Truths are the mathematics written here in mpmath (closed forms, or mpmath.diff at 2,000 digits through `num_grad`),
never the user files' code; points are the numbers the dtype holds, constants the numbers the program writes (in the
dtype it computes them in). A coordinate with no derivative is written NaN by hand.
"""

import mpmath
import numpy as np

from cases import Case, mp
from cases2 import NAN
from cases5 import _in, hp
from cases12a import _f, num_grad
from cases22b import _each, _sig
from cases24b import _big_phi, _fixed, _phi, _softmax

J, N = "jax_lib25b.py", "numpy_lib25b.py"


def _c(dtype, value):
    """A Python float constant as the dtype holds it."""
    return mp(float(np.dtype(dtype).type(value)))


# --- the mathematics of the JAX file ----------------------------------------------------------------------------------


def _smoothed_xent(z, dtype="float64"):
    """d/dz of -sum q_k log softmax(z)_k = (sum q) softmax(z) - q, q the smoothed targets as the dtype computes them."""
    def truth():
        off, nine = _c(dtype, 0.1 / 3), _c(dtype, 1.0 - 0.1)
        q = [off, nine + off, off]  # the program's one-hot times 0.9 plus 0.1/3, replayed exactly
        p = _softmax(_in(dtype, z))
        return {"logits": [sum(q) * pk - qk for pk, qk in zip(p, q)]}
    return hp(truth)


def _focal_half_slope(x):
    """d/dx of -log(sigma(x)) (1 - sigma(x))^0.5 = -s^1.5 - 0.5 (-log sigma(x)) sigma(x) s^0.5, s = sigma(-x)."""
    s = _sig(-x)
    return -s ** mpmath.mpf(1.5) + mpmath.log(_sig(x)) * _sig(x) * mpmath.sqrt(s) / 2


def _crps_truth(mu, sigma):
    """dCRPS/dmu = 1 - 2 Phi(z), dCRPS/dsigma = 2 phi(z) - 1/sqrt(pi), z = (0.3 - mu) / sigma."""
    def truth():
        ms, ss = _in("float64", mu), _in("float64", sigma)
        zs = [(_f(0.3) - m) / s for m, s in zip(ms, ss)]
        return {"mu": [1 - 2 * _big_phi(z) for z in zs], "sigma": [2 * _phi(z) - 1 / mpmath.sqrt(mpmath.pi) for z in zs]}
    return hp(truth)


def _info_nce(dtype, naive=False):
    keys = [[1, 0], [_c(dtype, 0.6), _c(dtype, 0.8)], [0, 1]]
    temperature = _c(dtype, 0.01)

    def loss(q):
        nq = mpmath.sqrt(q[0] ** 2 + q[1] ** 2)
        s = [(k[0] * q[0] + k[1] * q[1]) / (mpmath.sqrt(k[0] ** 2 + k[1] ** 2) * nq) / temperature for k in keys]
        return mpmath.log(sum(mpmath.exp(v) for v in s)) - s[0]
    return loss


def _wing_slope(x):
    return 10 / (2 + abs(x)) * mpmath.sign(x) if abs(x) < 10 else mpmath.sign(x)


def _welsch_slope(r):
    return r / 4 * mpmath.exp(-r * r / 8)


def _multigamma_slope(a):
    return sum(mpmath.digamma(a - mpmath.mpf(j) / 2) for j in range(3))


def _heron(sides):
    """The area from the sides by the symmetric polynomial 16 A^2 = 2a^2b^2 + 2b^2c^2 + 2c^2a^2 - a^4 - b^4 - c^4."""
    a, b, c = sides
    return mpmath.sqrt(2 * a * a * b * b + 2 * b * b * c * c + 2 * c * c * a * a - a ** 4 - b ** 4 - c ** 4) / 4


def _sinh_arcsinh_slope(x):
    """d/dx [log(cosh(u) / 2) - log(1 + x^2) / 2], u = asinh(x) / 2 - 0.3: tanh(u) / (2 sqrt(1 + x^2)) - x / (1 + x^2)."""
    u = mpmath.asinh(x) / 2 - _f(0.3)
    return mpmath.tanh(u) / (2 * mpmath.sqrt(1 + x * x)) - x / (1 + x * x)


def _soft_clip_slope(x):
    """d/dx (3 tanh(x / 3))^2 = 6 tanh(x / 3) sech^2(x / 3)."""
    return 6 * mpmath.tanh(x / 3) * mpmath.sech(x / 3) ** 2


def _calibrated_slope(x):
    knots, values = [0, 1, mp("2.5"), 4], [0, mp("0.5"), 2, mp("2.25")]
    k = 0 if x < 1 else (1 if x < mp("2.5") else 2)
    slope = (values[k + 1] - values[k]) / (knots[k + 1] - knots[k])
    return 2 * (values[k] + slope * (x - knots[k])) * slope


def _verlet(dtype):
    """x after 20 steps of the leapfrog map (v -= c1 w^2 x; x += c2 v; v -= c1 w^2 x), c1 = 0.5 dt, c2 = dt."""
    c1, c2 = _c(dtype, 0.5 * 0.1), _c(dtype, 0.1)

    def energy(omega):
        total = 0
        for w in omega:
            k = c1 * w * w
            step = mpmath.matrix([[1, 0], [-k, 1]]) * mpmath.matrix([[1, c2], [0, 1]]) * mpmath.matrix([[1, 0], [-k, 1]])
            state = step ** 20 * mpmath.matrix([1, 0])
            total += state[0] ** 2
        return total
    return energy


def _bradley_terry_truth(scores):
    def truth():
        s0, s1, s2 = _in("float64", scores)
        return {"scores": [-_sig(s1 - s0), _sig(s1 - s0) - _sig(s2 - s1), _sig(s2 - s1)]}
    return hp(truth)


NEEDLE = [1e8, 1e8, 1e-8]

JAX = [
    Case(J, "smoothed_cross_entropy", "logits=[1,2,0.5]", "float64", "ok", _smoothed_xent([1, 2, 0.5])),
    Case(J, "smoothed_cross_entropy", "logits=[1000,-1000,0]", "float64", "ok", _smoothed_xent([1000, -1000, 0])),
    Case(J, "smoothed_cross_entropy", "logits=[100,-100,0]", "float32", "ok", _smoothed_xent([100, -100, 0], "float32")),
    Case(J, "smoothed_cross_entropy_naive", "logits=[1,2,0.5]", "float64", "ok", _smoothed_xent([1, 2, 0.5])),
    # e^1000 overflows: inf / inf
    Case(J, "smoothed_cross_entropy_naive", "logits=[1000,-1000,0]", "float64", "unstable",
         _smoothed_xent([1000, -1000, 0])),
    Case(J, "focal_loss_half", "logits=[-2,0.5,3]", "float64", "ok", _each("logits", _focal_half_slope, [-2, 0.5, 3])),
    # sigmoid(40) rounds to 1: (1 - p)^0.5 at 0 has an infinite slope, times sigmoid's 0: NaN
    Case(J, "focal_loss_half", "logits=[40]", "float64", "unstable", _each("logits", _focal_half_slope, [40]),
         "return jnp.sum(ce * (1.0 - p) ** 0.5)", fix="jax.nn.sigmoid(-logits)"),
    Case(J, "focal_loss_half", "logits=[17]", "float32", "unstable", _each("logits", _focal_half_slope, [17], "float32")),
    Case(J, "gaussian_crps", "mu=[0.1,2],sigma=[0.5,1.5]", "float64", "ok", _crps_truth([0.1, 2], [0.5, 1.5])),
    # z = 3e299: the slope of z in sigma, -0.3 / sigma^2, overflows; the sigma slope 2 phi(z) - 1/sqrt(pi) is -0.564
    Case(J, "gaussian_crps", "mu=[0],sigma=[1e-300]", "float64", "unstable", _crps_truth([0], [1e-300])),
    Case(J, "info_nce", "q=[0.3,0.9]", "float64", "ok", num_grad(_info_nce("float64"), q=[0.3, 0.9])),
    Case(J, "info_nce", "q=[0.3,0.9]", "float32", "ok", num_grad(_info_nce("float32"), dtype="float32", q=[0.3, 0.9])),
    # the query on the positive's side: the loss 3.2e-6 is a difference of two numbers near 94.87 (23 bits lost)
    Case(J, "info_nce", "q=[0.9,0.3]", "float64", "unstable", num_grad(_info_nce("float64"), q=[0.9, 0.3]),
         "return jax.nn.logsumexp(s) - s[0]"),
    Case(J, "info_nce_naive", "q=[0.3,0.9]", "float64", "ok", num_grad(_info_nce("float64"), q=[0.3, 0.9])),
    # cosine 0.95 / 0.01: e^95 overflows float32
    Case(J, "info_nce_naive", "q=[0.3,0.9]", "float32", "unstable",
         num_grad(_info_nce("float32"), dtype="float32", q=[0.3, 0.9]), fix="log_softmax|logsumexp"),
    Case(J, "wing_loss", "x=[0.5,-3,15]", "float64", "ok", _each("x", _wing_slope, [0.5, -3, 15])),
    # at |x| = w the log piece's slope 10/12 meets the linear piece's 1
    Case(J, "wing_loss", "x=[10,1]", "float64", "domain", hp(lambda: {"x": [NAN, mp(10) / 3]})),
    Case(J, "wing_loss", "x=[0,1]", "float64", "domain", hp(lambda: {"x": [NAN, mp(10) / 3]})),
    Case(J, "welsch_loss", "r=[0.5,-3,40]", "float64", "ok", _each("r", _welsch_slope, [0.5, -3, 40])),
    Case(J, "welsch_loss", "r=[0.5,-3,12]", "float32", "ok", _each("r", _welsch_slope, [0.5, -3, 12], "float32")),
    Case(J, "wishart_normaliser", "a=[1.5,4,30]", "float64", "ok", _each("a", _multigamma_slope, [1.5, 4, 30])),
    Case(J, "wishart_normaliser", "a=[1.5,4]", "float32", "ok", _each("a", _multigamma_slope, [1.5, 4], "float32")),
    # a = 1: the last term is gammaln(0), a pole
    Case(J, "wishart_normaliser", "a=[1]", "float64", "domain", _fixed("a", [None])),
    Case(J, "relative_entropy", "p=[0.2,0.5,0.3]", "float64", "ok",
         hp(lambda: {"p": [mpmath.log(_f(0.2) / mp("0.25")) + 1, mp(1), mpmath.log(_f(0.3) / mp("0.25")) + 1]})),
    # p log(p / q) at p = 0: the slope log(p / q) + 1 runs to -inf
    Case(J, "relative_entropy", "p=[0,0.5,0.5]", "float64", "domain",
         hp(lambda: {"p": [NAN, mp(1), mpmath.log(2) + 1]})),
    Case(J, "poisson_log_likelihood", "rate=[2,0.5]", "float64", "ok", _fixed("rate", [-1, 5])),
    Case(J, "poisson_log_likelihood", "rate=[2,0.5]", "float32", "ok", _fixed("rate", [-1, 5])),
    # a count of 0 at a rate of 1e-300: 0 log(rate) is 0, slope -1; a count of 3: 3e300 - 1
    Case(J, "poisson_log_likelihood", "rate=[1e-300,1e-300]", "float64", "ok",
         hp(lambda: {"rate": [mp(-1), 3 / _f(1e-300) - 1]})),
    Case(J, "heron_area", "sides=[3,4,5]", "float64", "ok", _fixed("sides", [2, 1.5, 0])),
    Case(J, "heron_area", "sides=[3,4,5]", "float32", "ok", _fixed("sides", [2, 1.5, 0])),
    # a + b = c: the squared area crosses 0 linearly, its square root has infinite one-sided slopes
    Case(J, "heron_area", "sides=[1,2,3]", "float64", "domain", _fixed("sides", [None, None, None])),
    # s - a: 1e8 + 5e-9 rounds to 1e8, the area 0.5 comes out 0
    Case(J, "heron_area", "sides=[1e8,1e8,1e-8]", "float64", "unstable", num_grad(_heron, sides=NEEDLE),
         "return jnp.sqrt(s * (s - a) * (s - b) * (s - c))"),
    # Kahan's value is right (0.5), but its backward adds -2.5e7 and 2.5e7 (the two brackets holding a - b) to the
    # slope 1.25e-9 of an outer bracket: half of each long side's slope 2.5e-9 is lost. The accumulation is placed at
    # the value's line (the sort's unpacking), its uses' line named in its words, since 4a6c5692
    Case(J, "kahan_area", "sides=[1e8,1e8,1e-8]", "float64", "unstable", num_grad(_heron, sides=NEEDLE),
         "a, b, c = -jnp.sort(-sides)"),
    Case(J, "kahan_area", "sides=[1e4,1e4,1e-4]", "float32", "unstable",
         num_grad(_heron, dtype="float32", sides=[1e4, 1e4, 1e-4])),
    Case(J, "kahan_area", "sides=[3,4,5]", "float32", "ok", _fixed("sides", [2, 1.5, 0])),
    Case(J, "heron_area", "sides=[1e4,1e4,1e-4]", "float32", "unstable",
         num_grad(_heron, dtype="float32", sides=[1e4, 1e4, 1e-4])),
    Case(J, "sinh_arcsinh_logdet", "x=[0.5,-2,30]", "float64", "ok", _each("x", _sinh_arcsinh_slope, [0.5, -2, 30])),
    # x^2 = 1e400 overflows: log1p(inf)
    Case(J, "sinh_arcsinh_logdet", "x=[1e200]", "float64", "unstable", _each("x", _sinh_arcsinh_slope, [1e200])),
    Case(J, "sinh_arcsinh_logdet", "x=[1e20]", "float32", "unstable", _each("x", _sinh_arcsinh_slope, [1e20], "float32")),
    Case(J, "sinh_arcsinh_logdet_stable", "x=[0.5,-2,30]", "float64", "ok",
         _each("x", _sinh_arcsinh_slope, [0.5, -2, 30])),
    Case(J, "sinh_arcsinh_logdet_stable", "x=[1e100]", "float64", "ok", _each("x", _sinh_arcsinh_slope, [1e100])),
    # JAX's own rule for arcsinh, g / sqrt(x^2 + 1), squares x: at 1e200 the slope 1e-200 / 2 comes out 0
    Case(J, "sinh_arcsinh_logdet_stable", "x=[1e200]", "float64", "unstable", _each("x", _sinh_arcsinh_slope, [1e200])),
    # exp(logp - stop_gradient(logp)) is a stop subtracted from its own input: the TensorFlow Probability form of a
    # custom gradient, judged as a rule against its primal, the constant 3; the estimator is deliberate, and the finding
    # names the form's line saying so
    Case(J, "dice_surrogate", "theta=[0.5,-1]", "float64", "wrong", _fixed("theta", [0, 0]),
         "return jnp.exp(logp - lax.stop_gradient(logp))"),
    Case(J, "soft_clipped_total", "x=[0.5,-2,4]", "float64", "ok", _each("x", _soft_clip_slope, [0.5, -2, 4])),
    Case(J, "soft_clipped_total", "x=[0.5,-2,4]", "float32", "ok", _each("x", _soft_clip_slope, [0.5, -2, 4], "float32")),
    # the rule writes 1 - y^2 for 1 - (y / t)^2
    Case(J, "soft_clipped_slip_total", "x=[0.5,-2,4]", "float64", "wrong", _each("x", _soft_clip_slope, [0.5, -2, 4]),
         "def _soft_clip_slip_jvp"),
    Case(J, "calibrated_total", "x=[0.5,2,3,5]", "float64", "ok", _each("x", _calibrated_slope, [0.5, 2, 3, 5])),
    Case(J, "calibrated_total", "x=[0.5,2,3,5]", "float32", "ok", _each("x", _calibrated_slope, [0.5, 2, 3, 5])),
    # on a knot the table's slope jumps (1/2 to 1 at 1; 1 to 1/6 at 2.5)
    Case(J, "calibrated_total", "x=[1,2.5,3]", "float64", "domain", hp(lambda: {"x": [NAN, NAN, _calibrated_slope(3)]})),
    # below the first knot the first segment goes on: smooth through 0
    Case(J, "calibrated_total", "x=[0,-1]", "float64", "ok", _each("x", _calibrated_slope, [0, -1])),
    Case(J, "verlet_energy", "omega=[1,2.5]", "float64", "ok", num_grad(_verlet("float64"), omega=[1, 2.5])),
    Case(J, "verlet_energy", "omega=[1,2.5]", "float32", "ok",
         num_grad(_verlet("float32"), dtype="float32", omega=[1, 2.5])),
    Case(J, "bradley_terry", "scores=[1,0.5,-2]", "float64", "ok", _bradley_terry_truth([1, 0.5, -2])),
    Case(J, "bradley_terry", "scores=[0,800,0]", "float64", "ok", _bradley_terry_truth([0, 800, 0])),
    Case(J, "bradley_terry_naive", "scores=[1,0.5,-2]", "float64", "ok", _bradley_terry_truth([1, 0.5, -2])),
    # e^800 overflows: the first win's probability is 0, its log -inf
    Case(J, "bradley_terry_naive", "scores=[0,800,0]", "float64", "unstable", _bradley_terry_truth([0, 800, 0]),
         "win01 = 1.0 / (1.0 + jnp.exp(scores[1] - scores[0]))", fix="log_sigmoid|softplus|logaddexp"),
]


# --- the mathematics of the NumPy file --------------------------------------------------------------------------------


def _lj_cluster(pos):
    def lj(d):
        return 4 * (d ** -12 - d ** -6)
    total = 0
    for i in range(3):
        for j in range(i + 1, 3):
            d = mpmath.sqrt(sum((pos[i][k] - pos[j][k]) ** 2 for k in range(3)))
            if d < mp("2.5"):
                total += lj(d) - lj(mp("2.5"))
    return total


def _softened(pos):
    q = [1, -1, 1]
    soft = _f(0.1 ** 2)
    return sum(q[i] * q[j] / mpmath.sqrt(sum((pos[i][k] - pos[j][k]) ** 2 for k in range(2)) + soft)
               for i in range(3) for j in range(i + 1, 3))


def _gravity(pos):
    return -sum(1 / mpmath.sqrt(sum((pos[i][k] - pos[j][k]) ** 2 for k in range(2)))
                for i in range(len(pos)) for j in range(i + 1, len(pos)))


C = mp(299792458)


def _relativistic_slope(v, c=C, c_squared=None):
    """d/dv (gamma - 1) K = K v / c^2 gamma^3 (K = c^2: v gamma^3; float32 holds c and the float c**2 apart)."""
    k = c * c if c_squared is None else c_squared
    return k * v / (c * c) / (1 - (v / c) ** 2) ** mpmath.mpf(1.5)


def _angle_truth(u):
    """theta = atan2(sqrt(u1^2 + u2^2), u0): d/du0 = -rho / r^2, d/du_k = u0 u_k / (rho r^2)."""
    def truth():
        u0, u1, u2 = _in("float64", u)
        rho = mpmath.sqrt(u1 * u1 + u2 * u2)
        r2 = u0 * u0 + rho * rho
        return {"u": [-rho / r2, u0 * u1 / (rho * r2), u0 * u2 / (rho * r2)]}
    return hp(truth)


def _cross(a, b):
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


def _dot(a, b):
    return sum(x * y for x, y in zip(a, b))


def _dihedral(p):
    """The torsion angle by the normals' form atan2(|b1| b0 . (b1 x b2), (b0 x b1) . (b1 x b2)), b0 = p1 - p0."""
    b0 = [p[1][k] - p[0][k] for k in range(3)]
    b1 = [p[2][k] - p[1][k] for k in range(3)]
    b2 = [p[3][k] - p[2][k] for k in range(3)]
    n1, n2 = _cross(b0, b1), _cross(b1, b2)
    return mpmath.atan2(mpmath.sqrt(_dot(b1, b1)) * _dot(b0, n2), _dot(n1, n2))


DIHEDRAL = [[1, 0, 0], [0, 0, 0], [0, 1, 0], [-0.5, 1, 0.8]]
TRANS = [[1, 0, 0], [0, 0, 0], [0, 1, 0], [-1, 1, 0]]


def _dihedral_on_cut():
    """Planar trans: the angle sits on arctan2's cut at pi. A coordinate that turns it (every z) jumps to -pi; one in
    the plane keeps it at pi, slope 0."""
    def truth():
        pts = [[mp(v) for v in row] for row in TRANS]
        out = []
        for i in range(4):
            row = []
            for k in range(3):
                def moved(t, i=i, k=k):
                    q = [list(r) for r in pts]
                    q[i][k] = t
                    return _dihedral(q)
                # the angle's slope on its continuous branch (mpmath's atan2 at the cut is pi from above)
                slope = mpmath.diff(lambda t: mpmath.atan2(mpmath.sin(moved(t)), -mpmath.cos(moved(t))), pts[i][k])
                row.append(mp(0) if abs(slope) < mpmath.mpf(10) ** -100 else NAN)
            out.append(row)
        return {"p": out}
    return hp(truth)


def _perimeter(vertices):
    v = vertices
    n = len(v)
    return sum(mpmath.sqrt((v[(i + 1) % n][0] - v[i][0]) ** 2 + (v[(i + 1) % n][1] - v[i][1]) ** 2) for i in range(n))


def _von_mises_nll_slope(kappa):
    """d/dkappa of -sum(kappa cos(x - 0.2) - log(2 pi I0(kappa))): 3 I1/I0 - sum cos(x - 0.2), the angles floats."""
    def truth():
        k = _f(kappa)
        return {"kappa": 3 * mpmath.besseli(1, k) / mpmath.besseli(0, k)
                - sum(mpmath.cos(_f(x) - _f(0.2)) for x in (0.1, 0.5, -0.3))}
    return hp(truth)


def _black_scholes_delta(s):
    """A call's delta is Phi(d1): S phi(d1) = K e^-rT phi(d2) cancels the rest (the program's r + sigma^2 / 2, a
    float sum, moves that identity by 1e-18)."""
    def truth():
        r, sigma = _f(0.01), _f(0.2)
        return {"s": _big_phi((mpmath.log(_f(s) / 100) + r + sigma ** 2 / 2) / sigma)}
    return hp(truth)


def _implied_vol_slope(price):
    """A zero-rate at-the-money call is S (2 Phi(sigma / 2) - 1): d sigma / d price = 1 / (S phi(sigma / 2))."""
    def truth():
        sigma = 2 * mpmath.sqrt(2) * mpmath.erfinv(_f(price) / 100)
        return {"price": 1 / (100 * _phi(sigma / 2))}
    return hp(truth)


def _planck_slope(x):
    e = mpmath.exp(x)
    return 3 * x * x / (e - 1) - x ** 3 * e / (e - 1) ** 2


def _softplus_inverse_slope(y):
    return 1 / (-mpmath.expm1(-y))


def _running_variance(x):
    n = len(x)
    m = sum(x) / n
    return sum((v - m) ** 2 for v in x) / n


def _log_return_vol(prices):
    p = prices
    r = [mpmath.log(p[i + 1] / p[i]) for i in range(len(p) - 1)]
    m = sum(r) / len(r)
    return mpmath.sqrt(sum((v - m) ** 2 for v in r) / (len(r) - 1))


LJ = [[0, 0, 0], [1.1, 0, 0], [0, 1.2, 0]]
LJ_CUT = [[0, 0, 0], [2.5, 0, 0], [0, 1.2, 0]]
PAIRS = [[0, 0], [0.5, 1], [2, -1]]
SQUARE = [[0, 0], [1, 0], [1, 1], [0, 1]]
OFFSET = [1e8 + 1, 1e8 + 2, 1e8 + 4]


def _lj_cut_truth():
    """Pair 0-1 sits on the cutoff: along x its energy's slope jumps from LJ'(2.5) to 0; across it moves by r^2 only."""
    def truth():
        g = num_grad(_lj_cluster, pos=LJ_CUT)()["pos"]
        g[0][0], g[1][0] = NAN, NAN
        return {"pos": g}
    return truth


def _gravity_coincident_truth():
    """Bodies 0 and 1 coincide: their entries have no derivative; body 2's keep the slope beside the pole."""
    def truth():
        def rest(pos):
            return -sum(1 / mpmath.sqrt(sum((pos[2][k] - pos[j][k]) ** 2 for k in range(2))) for j in range(2))
        g = num_grad(rest, pos=[[0, 0], [0, 0], [3, 4]])()["pos"]
        return {"pos": [[NAN, NAN], [NAN, NAN], g[2]]}
    return truth


NUMPY = [
    Case(N, "lennard_jones_energy", "pos=[[0,0,0],[1.1,0,0],[0,1.2,0]]", "float64", "ok", num_grad(_lj_cluster, pos=LJ)),
    Case(N, "lennard_jones_energy", "pos=[[0,0,0],[1.1,0,0],[0,1.2,0]]", "float32", "ok",
         num_grad(_lj_cluster, dtype="float32", pos=LJ)),
    Case(N, "lennard_jones_energy", "pos=[[0,0,0],[2.5,0,0],[0,1.2,0]]", "float64", "domain", _lj_cut_truth()),
    Case(N, "softened_coulomb", "pos=[[0,0],[0.5,1],[2,-1]]", "float64", "ok", num_grad(_softened, pos=PAIRS)),
    # two charges on one spot: the softened energy is smooth there, their pair's slope 0
    Case(N, "softened_coulomb", "pos=[[0,0],[0,0],[2,-1]]", "float64", "ok",
         num_grad(_softened, pos=[[0, 0], [0, 0], [2, -1]])),
    Case(N, "bare_gravity", "pos=[[0,0],[0.5,1],[2,-1]]", "float64", "ok", num_grad(_gravity, pos=PAIRS)),
    Case(N, "bare_gravity", "pos=[[0,0],[0,0],[3,4]]", "float64", "domain", _gravity_coincident_truth()),
    # beta^2 = 1.1e-17: 1 - beta^2 rounds to 1, the energy 0.5 J comes out 0 (its slope v gamma^3 survives)
    Case(N, "relativistic_kinetic", "v=[1]", "float64", "unstable", _each("v", _relativistic_slope, [1])),
    Case(N, "relativistic_kinetic", "v=[1e8]", "float64", "ok", _each("v", _relativistic_slope, [1e8])),
    Case(N, "relativistic_kinetic", "v=[1000]", "float32", "unstable",
         _each("v", lambda v: _relativistic_slope(v, _c("float32", 299792458.0), _c("float32", 299792458.0 ** 2)), [1000],
               "float32")),
    Case(N, "relativistic_kinetic_stable", "v=[1]", "float64", "ok", _each("v", _relativistic_slope, [1])),
    Case(N, "heron_area", "sides=[3,4,5]", "float64", "ok", _fixed("sides", [2, 1.5, 0])),
    Case(N, "heron_area", "sides=[1,2,3]", "float64", "domain", _fixed("sides", [None, None, None])),
    Case(N, "heron_area", "sides=[1e8,1e8,1e-8]", "float64", "unstable", num_grad(_heron, sides=NEEDLE),
         "return np.sqrt(s * (s - a) * (s - b) * (s - c))"),
    # as in JAX: the value is right, the long sides' slopes lose half in the backward's -2.5e7 + 2.5e7
    Case(N, "kahan_area", "sides=[1e8,1e8,1e-8]", "float64", "unstable", num_grad(_heron, sides=NEEDLE)),
    Case(N, "kahan_area", "sides=[5,3,4]", "float64", "ok", _fixed("sides", [0, 2, 1.5])),
    Case(N, "angle_by_arccos", "u=[1,2,2]", "float64", "ok", _angle_truth([1, 2, 2])),
    # 1e-9 off parallel: the cosine rounds to 1, arccos's slope there is infinite
    Case(N, "angle_by_arccos", "u=[1,1e-9,0]", "float64", "unstable", _angle_truth([1, 1e-9, 0]),
         "return np.arccos(np.dot(u, v) / (np.linalg.norm(u) * np.linalg.norm(v)))"),
    Case(N, "angle_by_arctan2", "u=[1,1e-9,0]", "float64", "ok", _angle_truth([1, 1e-9, 0])),
    Case(N, "angle_by_arctan2", "u=[1,2,2]", "float32", "ok", _angle_truth([1, 2, 2])),
    # parallel: the angle is a cone in u1 and u2, flat in u0
    Case(N, "angle_by_arctan2", "u=[2,0,0]", "float64", "wrong", _fixed("u", [0, None, None])),
    Case(N, "angle_by_arccos", "u=[2,0,0]", "float64", "wrong", _fixed("u", [0, None, None])),
    Case(N, "dihedral", "p=[[1,0,0],[0,0,0],[0,1,0],[-0.5,1,0.8]]", "float64", "ok", num_grad(_dihedral, p=DIHEDRAL)),
    Case(N, "dihedral", "p=[[1,0,0],[0,0,0],[0,1,0],[-1,1,0]]", "float64", "domain", _dihedral_on_cut()),
    Case(N, "perimeter", "vertices=[[0,0],[1,0],[1,1],[0,1]]", "float64", "ok", num_grad(_perimeter, vertices=SQUARE)),
    # a repeated vertex: the edge between the copies has length 0, a cone in both
    Case(N, "perimeter", "vertices=[[0,0],[1,0],[1,0],[0,1]]", "float64", "domain",
         hp(lambda: {"vertices": [[mp(-1), mp(-1)], [NAN, NAN], [NAN, NAN],
                                  [-1 / mpmath.sqrt(2), 1 / mpmath.sqrt(2) + 1]]})),
    Case(N, "black_scholes_call", "s=100", "float64", "ok", _black_scholes_delta(100)),
    # d1 = -22.9: 1 + erf(-16.2) is 0 where Phi(d1) = 2.4e-116
    Case(N, "black_scholes_call", "s=1", "float64", "unstable", _black_scholes_delta(1)),
    Case(N, "implied_vol", "price=10", "float64", "ok", _implied_vol_slope(10)),
    Case(N, "bachelier_call", "f=[0.025,0.015]", "float64", "ok",
         _each("f", lambda f: _big_phi((f - _f(0.02)) / _f(0.01)), [0.025, 0.015])),
    Case(N, "log_return_volatility", "prices=[100,101,99.5,102]", "float64", "ok",
         num_grad(_log_return_vol, prices=[100, 101, 99.5, 102])),
    # equal log-returns: the standard deviation is 0, a cone in every price
    Case(N, "log_return_volatility", "prices=[1,2,4,8]", "float64", "domain", _fixed("prices", [None] * 4)),
    # np.i0 in a plain module: NumPy's value, I1 its slope (refused by name before held61)
    Case(N, "von_mises_nll", "kappa=2.5", "float64", "ok", _von_mises_nll_slope(2.5)),
    Case(N, "planck", "x=[1,3]", "float64", "ok", _each("x", _planck_slope, [1, 3])),
    # e^1e-10 - 1 keeps 6 digits
    Case(N, "planck", "x=[1e-10]", "float64", "unstable", _each("x", _planck_slope, [1e-10]),
         "return np.sum(x ** 3 / (np.exp(x) - 1.0))", fix="expm1"),
    Case(N, "planck", "x=[1e-4]", "float32", "unstable", _each("x", _planck_slope, [1e-4], "float32")),
    Case(N, "planck_expm1", "x=[1e-10,1,3]", "float64", "ok", _each("x", _planck_slope, [1e-10, 1, 3])),
    Case(N, "planck_expm1", "x=[1e-4,3]", "float32", "ok", _each("x", _planck_slope, [1e-4, 3], "float32")),
    # e^800 overflows: inf / inf in the slope where it is -1.9e-339 (0 in float64)
    Case(N, "planck_expm1", "x=[800]", "float64", "unstable", _each("x", _planck_slope, [800])),
    Case(N, "planck_tail", "x=[800,1e-10,3]", "float64", "ok", _each("x", _planck_slope, [800, 1e-10, 3])),
    Case(N, "softplus_inverse", "y=[0.5,3,1e-300]", "float64", "ok",
         _each("y", _softplus_inverse_slope, [0.5, 3, 1e-300])),
    # expm1(800) overflows; y + log(-expm1(-y)) is right at both ends
    Case(N, "softplus_inverse", "y=[800]", "float64", "unstable", _each("y", _softplus_inverse_slope, [800]),
         fix="np.log(-np.expm1(-y))"),
    Case(N, "softplus_inverse_tail", "y=[0.5,3,800]", "float64", "ok", _each("y", _softplus_inverse_slope, [0.5, 3, 800])),
    # e^-1e-300 rounds to 1: log1p(-1)
    Case(N, "softplus_inverse_tail", "y=[1e-300]", "float64", "unstable", _each("y", _softplus_inverse_slope, [1e-300])),
    Case(N, "running_variance_last", "x=[1,2,4]", "float64", "ok", num_grad(_running_variance, x=[1, 2, 4])),
    Case(N, "running_variance_last", "x=[1,2,4]", "float32", "ok", num_grad(_running_variance, x=[1, 2, 4])),
    # E[x^2] - E[x]^2 at 1e16 loses the variance 1.56
    Case(N, "running_variance_last", "x=[100000001,100000002,100000004]", "float64", "unstable",
         num_grad(_running_variance, x=OFFSET)),
    Case(N, "total_variation", "x=[1,3,2]", "float64", "ok", _fixed("x", [-1, 2, -1])),
    Case(N, "total_variation", "x=[1,1,2]", "float64", "domain", _fixed("x", [None, None, 1])),
    Case(N, "charbonnier_variation", "x=[1,1,2]", "float64", "ok",
         hp(lambda: {"x": [mp(0), -1 / mpmath.sqrt(1 + _f(1e-6)), 1 / mpmath.sqrt(1 + _f(1e-6))]})),
]

ALL = JAX + NUMPY
