"""``scipy.stats`` densities and CDFs outside their support: SciPy's -inf, 0 or 1 there (not NaN), and a gradient of 0."""

import numpy as np
import pytest
import scipy.stats

import gradcli
from gradcli.scipy import stats

POINTS = np.array([-1.0, 0.0, 0.5, 1.0, 2.0])
CONTINUOUS = [("lognorm", (0.5,)), ("lognorm", (1.3, 0.2, 2.0)), ("gamma", (2.5,)), ("gamma", (0.5,)), ("gamma", (1.0,)),
              ("gamma", (2.5, -0.5, 1.5)), ("chi2", (3.0,)), ("beta", (2.5, 1.5)), ("beta", (0.5, 1.5)), ("beta", (1.0, 1.0)),
              ("beta", (2.0, 3.0, -0.5, 2.0))]


@pytest.mark.parametrize("method", ["logpdf", "pdf", "cdf", "logcdf"])
@pytest.mark.parametrize("name, args", CONTINUOUS, ids=[f"{n}{a}" for n, a in CONTINUOUS])
def test_values_outside_and_inside_the_support_are_scipys(name, args, method):
    ours = np.asarray(getattr(getattr(stats, name), method)(POINTS, *args), dtype=float)
    theirs = getattr(getattr(scipy.stats, name), method)(POINTS, *args)
    assert not np.isnan(ours).any()
    np.testing.assert_allclose(ours, theirs, rtol=1e-12, atol=0)


@pytest.mark.parametrize("method", ["pdf", "cdf"])
@pytest.mark.parametrize("name, args", CONTINUOUS, ids=[f"{n}{a}" for n, a in CONTINUOUS])
def test_gradient_outside_the_support_is_zero(name, args, method):
    below = -1.0 + args[1] if len(args) > 2 else -1.0  # left of the (moved) support
    gradient = gradcli.grad(lambda x: getattr(getattr(stats, name), method)(x, *args))(below)
    assert gradient == 0.0


@pytest.mark.parametrize("name, args", [("nbinom", (3, 0.25)), ("poisson", (2.5,))])
def test_mass_at_a_non_integer_count_is_zero(name, args):
    k = np.array([-1.0, 0.0, 2.5, 3.0, 0.5])
    for method in ("logpmf", "pmf"):
        ours = np.asarray(getattr(getattr(stats, name), method)(k, *args), dtype=float)
        np.testing.assert_allclose(ours, getattr(getattr(scipy.stats, name), method)(k, *args), rtol=1e-12, atol=0)
    gradient = gradcli.grad(lambda p: getattr(stats, name).pmf(2.5, *args[:-1], p))(args[-1])
    assert gradient == 0.0
