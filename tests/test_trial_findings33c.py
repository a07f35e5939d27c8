"""Round 33c's findings, each as a class.

S1: a difference step beside a 0 coordinate lost in a sum read as a proven-flat slope. The exact reference of a
Python function steps a coordinate that is 0 at the point by 10^-(digits/3) times the smallest magnitude among the
inputs and values, which is tiny where another input is 1e-300. In a resistor network solved with a conductance of
1e-300, G[1, 0] = 0 multiplies x[0] = 1 into 3 - G[1, 0] x[0]: at the point nothing is lost (the product is exactly
0), but one step beside it (1e-340) is lost in 3 at 120 digits, so both sides read the same and the quotient 0.
The bound on lost terms was taken at the point alone, so it bounded that slope "within 0.0 of 0"; the rule's
correct -0.5 lay outside, and the check ended with no exact reference (verdict `error`). The lost terms are bounded
at the stepped points too, so the climb goes on until the step shows (960 digits) and the slope -0.5 is exact.
Truths: -(G^-T 1)(G^-1 i)^T and G^-T 1 in mpmath at 700 digits.

H1: Huber's and the pseudo-Huber loss lost a subnormal residual's slope in their own composites. Both squared r as
r * r, whose slope r g + r g takes the halved upstream g = 1/2: r / 2 rounds a subnormal r's last bit away (to 0
at 5e-324, 2 ulps for 3 at 1.5e-323), so SciPy's own scipy.special.huber and pseudo_huber, and gradcli.scipy's, were
called `unstable` at residuals of 5e-324 to 2.5e-322 where nothing in the user's code loses a digit. They square by
square, whose slope 2 g r takes the halved g whole; so does gradcli.numpy's linalg.norm (2 and Frobenius), whose
slope x / |x| took the same halving (2e-323 for 1.5e-323 beside 1). Truths: r, r / sqrt(1 + r^2) and x / |x| at
the float numbers exactly.

B1: the order-0 and order-1 Bessel functions' slopes broke at and near 0. J1' = J0 - J1/x and I1' = I0 - I1/x were
0/0 = NaN at x = 0 (where they are 1/2), and called the user's code `wrong` there (a drum's modes at its centre, a
heated rod's flux on its axis); at subnormal x SciPy's own J1 and I1 have lost bits (J1(5e-324) = 0, I1(1.5e-323) =
1e-323), so J1' came out 1 and I1' 0 or 1/3 where both are 1/2, and J0' = -J1 and I0' = I1 carried SciPy's error
(J1(1e-310) = 4.999999999974e-311). Below |x| = 1e-20 in a float dtype, where I1/x and J1/x are 1/2 and I1 and J1
are x/2 to the last bit, the slopes are 1/2 and x/2 (at high precision, at 0 alone). Truths: mpmath's besselj and
besseli at 40 digits, J1' = (J0 - J2)/2 and I1' = (I0 + I2)/2, at the float numbers exactly. The same for the scaled
I1 (i1e, its quotient I1/x 1/2 near 0) and 1/Gamma, whose slope -rgamma(x) digamma(x) was inf times a subnormal
(NaN at 0) where it is 1; mpmath's rgamma differentiated at 40 digits.
"""

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
import gradcli.scipy.special as sps
from gradcli.autodiff import grad


NETWORK = """import gradcli.numpy as gnp


def node_voltages(conductance, injected):
    return gnp.sum(gnp.linalg.solve(conductance, injected))
"""


def _network_slopes(conductance, injected):
    """(d/dG, d/di) of sum(G^-1 i), from mpmath's inverse at 700 digits (its LU calls a pivot below the largest
    entry times 10^-digits singular)."""
    with mpmath.workdps(700):
        g = mpmath.matrix(conductance.tolist())
        adjoint = g.T ** -1 * mpmath.matrix([1] * g.rows)
        v = g ** -1 * mpmath.matrix(injected.tolist())
        return ([[-adjoint[r] * v[c] for c in range(g.cols)] for r in range(g.rows)],
                [adjoint[r] for r in range(g.rows)])


@pytest.fixture(scope="module")
def network(tmp_path_factory):
    source = tmp_path_factory.mktemp("s1") / "network.py"
    source.write_text(NETWORK)
    return f"{source}:node_voltages"


@pytest.mark.parametrize("conductance, injected", [
    ([[1e-300, 0.0], [0.0, 2.0]], [1e-300, 3.0]),
    ([[2.0, 0.0, 0.0], [0.0, 1e-300, 0.0], [0.5, 0.0, 1.0]], [1.0, 2e-300, 3.0]),
])
def test_a_slope_whose_step_a_sum_loses_beside_a_zero_entry_is_climbed_to(network, conductance, injected):
    conductance, injected = np.array(conductance), np.array(injected)
    (result,) = gradcli.check(network, [{"conductance": conductance, "injected": injected}], dtypes=("float64",)).results
    assert result.status == "ok", [f.message for f in result.findings]
    by_g, by_i = _network_slopes(conductance, injected)
    for got, want in zip(np.ravel(result.exact_gradient["conductance"]), [w for row in by_g for w in row]):
        assert abs(mpmath.mpf(float(got)) - want) <= 1e-15 * abs(want), (got, want)
    for got, want in zip(result.exact_gradient["injected"], by_i):
        assert abs(mpmath.mpf(float(got)) - want) <= 1e-15 * abs(want), (got, want)


SUBNORMAL_RESIDUALS = [5e-324, 1.5e-323, -2.5e-322, 1e-310, -3e-315, 1e-300, 0.5, -3.0]


@pytest.mark.parametrize("loss, slope", [
    (sps.huber, lambda r: r if abs(r) <= 1 else mpmath.sign(r)),
    (sps.pseudo_huber, lambda r: r / mpmath.sqrt(1 + r * r)),
])
def test_a_robust_loss_keeps_a_subnormal_residual_s_slope(loss, slope):
    r = np.array(SUBNORMAL_RESIDUALS)
    got = grad(lambda v: gnp.sum(loss(1.0, v)))(r)
    with mpmath.workdps(40):
        for value, g in zip(r, got):
            want = slope(mpmath.mpf(float(value)))
            assert abs(mpmath.mpf(float(g)) - want) <= 1e-15 * abs(want), (value, g, want)


@pytest.mark.parametrize("shape", [(3,), (1, 3)])
def test_a_norm_keeps_a_subnormal_entry_s_slope(shape):
    x = np.array([1.5e-323, -2.5e-322, 1.0]).reshape(shape)
    got = np.ravel(grad(lambda v: gnp.linalg.norm(v))(x))
    with mpmath.workdps(40):
        entries = [mpmath.mpf(float(v)) for v in np.ravel(x)]
        size = mpmath.sqrt(sum(v * v for v in entries))
        for value, g in zip(entries, got):
            assert abs(mpmath.mpf(float(g)) - value / size) <= 1e-15 * abs(value / size), (value, g)


def test_scipy_s_huber_at_a_subnormal_residual_is_judged_ok(tmp_path):
    source = tmp_path / "robust.py"
    source.write_text("import numpy as np\nfrom scipy import special\n\n\n"
                      "def loss(r):\n    return np.sum(special.huber(1.0, r) + special.pseudo_huber(1.0, r))\n")
    (result,) = gradcli.check(f"{source}:loss", [{"r": np.array([5e-324, 1.5e-323, -2.5e-322])}],
                              dtypes=("float64",)).results
    assert result.status == "ok", [f.message for f in result.findings]
    for value, got in zip([5e-324, 1.5e-323, -2.5e-322], result.gradient["r"]):
        want = 2 * mpmath.mpf(value)  # r from each loss
        assert abs(mpmath.mpf(float(got)) - want) <= 1e-15 * abs(want), (value, got)


NEAR_0_POINTS = {
    "float64": [0.0, 5e-324, 1.5e-323, -2.5e-322, 1e-310, -1e-300, 1e-20, 2e-20, 0.5, -2.5],
    "float32": [0.0, 1e-45, -1e-40, 1e-20, 0.5],
}
NEAR_0_SLOPES = {  # d/dx of each function, from mpmath's besselj and besseli
    "j0": lambda x: -mpmath.besselj(1, x),
    "j1": lambda x: (mpmath.besselj(0, x) - mpmath.besselj(2, x)) / 2,
    "i0": lambda x: mpmath.besseli(1, x),
    "i1": lambda x: (mpmath.besseli(0, x) + mpmath.besseli(2, x)) / 2,
    "i1e": lambda x: mpmath.exp(-abs(x)) * ((mpmath.besseli(0, x) + mpmath.besseli(2, x)) / 2
                                            - mpmath.sign(x) * mpmath.besseli(1, x)),
    "rgamma": lambda x: mpmath.diff(mpmath.rgamma, x),
}


@pytest.mark.parametrize("dtype", sorted(NEAR_0_POINTS))
@pytest.mark.parametrize("name", sorted(NEAR_0_SLOPES))
def test_a_special_function_s_slope_at_and_near_0_is_its_own(name, dtype):
    x = np.array(NEAR_0_POINTS[dtype], dtype=dtype)
    function = getattr(sps, name)
    got = grad(lambda v: gnp.sum(function(v)))(x)
    info = np.finfo(dtype)
    with mpmath.workdps(40):
        for value, g in zip(x, got):
            want = NEAR_0_SLOPES[name](mpmath.mpf(float(value)))
            # a subnormal slope (x/2) is right to one unit of the dtype's last place; any other to 8 units of its own
            tolerance = 8 * float(info.eps) * abs(want) + mpmath.mpf(float(info.smallest_subnormal))
            assert abs(mpmath.mpf(float(g)) - want) <= tolerance, (name, dtype, value, g, want)


def test_a_drum_s_modes_at_its_centre_are_judged_ok(tmp_path):
    source = tmp_path / "drum.py"
    source.write_text("import gradcli.numpy as gnp\nimport gradcli.scipy.special as sps\n\n\n"
                      "def modes(r):\n    return gnp.sum(0.7 * sps.j1(3.8317059702075125 * r) + sps.i1(2.5 * r))\n")
    (result,) = gradcli.check(f"{source}:modes", [{"r": np.array([0.0, 1e-300])}], dtypes=("float64",)).results
    assert result.status == "ok", [f.message for f in result.findings]
    want = 0.7 * mpmath.mpf(3.8317059702075125) / 2 + mpmath.mpf(2.5) / 2
    for got in result.gradient["r"]:
        assert abs(mpmath.mpf(float(got)) - want) <= 1e-15 * want, got


def test_the_reciprocal_gamma_slope_at_a_pole_of_gamma():
    got = grad(lambda v: gnp.sum(sps.rgamma(v)))(np.array([-3.0]))
    assert abs(float(got[0]) + 6) <= 1e-14
