"""``scipy.stats`` at the ends of a support and with SciPy's array_like arguments.

The log-CDFs outside the support are -inf without a log of 0 (no RuntimeWarning); the gamma and
beta densities at an end of their support have the limit's gradient in their shape parameters (0
where the density is 0 around it), not 0 x log(0) = NaN, and where the limit jumps (shape 1) the
checker says `domain`; lists and tuples are accepted wherever SciPy accepts them.
"""

import textwrap
import warnings

import numpy as np
import pytest
import scipy.stats

import gradcli
import gradcli.numpy as gnp
from gradcli.scipy import stats

POINTS = np.array([-1.0, 0.0, 0.5, 1.0, 2.0])
LOGCDFS = [("gamma", (2.5,)), ("gamma", (0.5,)), ("gamma", (1.0,)), ("gamma", (2.5, -0.5, 1.5)), ("chi2", (3.0,)),
           ("beta", (2.5, 1.5)), ("beta", (0.5, 1.5)), ("beta", (1.0, 1.0)), ("beta", (2.0, 3.0, -0.5, 2.0))]


@pytest.mark.parametrize("name, args", LOGCDFS, ids=[f"{n}{a}" for n, a in LOGCDFS])
def test_logcdf_outside_the_support_warns_nothing(name, args):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ours = np.asarray(getattr(stats, name).logcdf(POINTS, *args), dtype=float)
    np.testing.assert_allclose(ours, getattr(scipy.stats, name).logcdf(POINTS, *args), rtol=1e-12, atol=0)


@pytest.mark.parametrize("a", [1.5, 2.0, 3.0, 7.5])
def test_gamma_density_at_0_has_the_limits_shape_gradient(a):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        value, gradient = gradcli.value_and_grad(lambda s: stats.gamma.pdf(0.0, s))(a)
    assert value == 0.0 and gradient == 0.0


@pytest.mark.parametrize("end, shapes", [(0.0, (1.5, 2.0)), (1.0, (2.0, 1.5)), (0.0, (3.0, 0.5)), (1.0, (0.5, 3.0))])
def test_beta_density_at_its_ends_has_the_limits_shape_gradient(end, shapes):
    # At 0 the first shape sets the limit, at 1 the second; the other shape's gradient is 0 there too.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        value, gradient = gradcli.value_and_grad(lambda a, b: stats.beta.pdf(end, a, b), argnums=(0, 1))(*shapes)
    assert value == 0.0 and tuple(gradient) == (0.0, 0.0)


def test_beta_density_at_0_with_first_shape_1_is_finite_with_its_gradient():
    # pdf(0; 1, b) = b: the limit is e^-log B(1, b), and its gradient in b is 1.
    value, gradient = gradcli.value_and_grad(lambda b: stats.beta.pdf(0.0, 1.0, b))(3.0)
    assert value == pytest.approx(3.0, rel=1e-14) and gradient == pytest.approx(1.0, rel=1e-12)


PROGRAM = """
import numpy as np
from scipy import stats


def gamma_shape(a):
    return stats.gamma.pdf(0.0, a)


def beta_second_shape(b):
    return stats.beta.pdf(1.0, 2.5, b)
"""


@pytest.mark.parametrize("name, at, status", [("gamma_shape", 3.0, "ok"), ("gamma_shape", 1.0, "domain"),
                                              ("beta_second_shape", 3.0, "ok")])
def test_the_checker_agrees_at_the_end_of_the_support(tmp_path, name, at, status):
    # At shape 1 the density at 0 jumps (0 above, inf below): no derivative, which is `domain`.
    path = tmp_path / "edges.py"
    path.write_text(textwrap.dedent(PROGRAM))
    variable = "a" if name == "gamma_shape" else "b"
    result = gradcli.check(f"{path}:{name}", [{variable: at}], dtypes=("float64",), fixes=False).results[0]
    assert result.status == status, result.findings


ARGUMENTS = {"norm": (), "t": (3.0,), "gamma": (2.5,), "chi2": (3.0,), "beta": (2.0, 3.0), "poisson": (2.5,),
             "nbinom": (3, 0.25), "lognorm": (0.5,), "truncnorm": (-1.0, 2.0)}


@pytest.mark.parametrize("name", sorted(ARGUMENTS))
def test_every_method_takes_a_list_as_scipy_does(name):
    points = [0.2, 0.5] if name == "beta" else [0.0, 1.0, 3.0]
    ours, theirs = getattr(stats, name), getattr(scipy.stats, name)
    methods = [m for m in ("logpdf", "pdf", "logpmf", "pmf", "cdf", "logcdf", "sf", "logsf") if hasattr(ours, m)]
    assert methods
    for method in methods:
        got = np.asarray(getattr(ours, method)(points, *ARGUMENTS[name]), dtype=float)
        np.testing.assert_allclose(got, getattr(theirs, method)(points, *ARGUMENTS[name]), rtol=1e-12, atol=0, err_msg=method)


def test_nbinom_mass_of_a_list_of_counts_and_its_gradient():
    counts = [0, 1, 2]
    np.testing.assert_allclose(np.asarray(stats.nbinom.pmf(counts, 3, 0.25), dtype=float),
                               scipy.stats.nbinom.pmf(counts, 3, 0.25), rtol=1e-12)
    # d/dp sum_k C(k+2, k) p^3 (1-p)^k over k = 0, 1, 2: 3p^2 + 3(3p^2 - 4p^3) + 6(3p^2 - 8p^3 + 5p^4)
    p = 0.25
    expected = 3 * p**2 + 3 * (3 * p**2 - 4 * p**3) + 6 * (3 * p**2 - 8 * p**3 + 5 * p**4)
    assert gradcli.grad(lambda q: gnp.sum(stats.nbinom.pmf(counts, 3, q)))(p) == pytest.approx(expected, rel=1e-13)


def test_a_list_holding_traced_values_is_stacked_differentiably():
    gradient = gradcli.grad(lambda x: gnp.sum(stats.norm.logpdf([x, 2 * x], 0.0, (1.0, 2.0))))(0.5)
    assert gradient == pytest.approx(-0.5 - 2 * (2 * 0.5) / 4, rel=1e-14)
