"""What the twenty-seventh round (a) of user trials found (tests/test_user_trials27a.py, tests/trials/cases27a.py),
for the whole class of each finding: a float32 cast whose numbers only decide comparisons (a float32 mask) was named
as the cast that lost the digits, above the exp that overflowed, and is no finding (C1); SciPy's frozen distributions,
scipy.stats.norm(loc, scale).logpdf(x), were "TypeError: 'module' object is not callable" and are the distribution's
methods with the parameters given (F1); ndarray methods' NumPy keywords, x.clip(min=...) and x.astype(dtype,
copy=False), were "unexpected keyword argument" and are the functions of the same meaning (M1); and nan_to_num of a
NaN held all around the point is the constant it names, slope 0 (P1).

The round's whole programs re-run in the long mode (`make trials`); these tests run in every run.
"""

import numpy as np
import pytest

import gradcli
from gradcli.errors import InputError


# --- C1: a narrower number that only decides comparisons lost no digit --------------------------------------------------

GATED_CODE = """import numpy as np


def gated(s):
    keep = s.astype(np.float32) > -1e30
    return np.sum(np.where(keep, np.log(1.0 / (1.0 + np.exp(-s))), 0.0))


def gated_values(s):
    keep = s.astype(np.float32) > -1e30
    return np.sum(np.where(keep, np.log(1.0 / (1.0 + np.exp(-s.astype(np.float32)))), 0.0))
"""


def _check_gated(tmp_path, name, s):
    path = tmp_path / "gated.py"
    path.write_text(GATED_CODE)
    (r,) = gradcli.check(f"{path}:{name}", [{"s": np.array(s)}], dtypes=["float64"], fixes=False).results
    return r, str(path)


def test_a_float32_mask_is_not_named_as_the_cast_that_lost_the_digits(tmp_path):
    """C1's class: an unstable float64 result whose program casts to float32 only to compare (a float32 mask; in JAX a
    module's float32 jnp.array of ranks compared, RankNet's RELEVANCE) was explained first by "a cast on this line
    turns float64 numbers into float32 ... the cast lost them", above the exp that overflowed; a cast whose numbers
    reach only comparisons costs no digit and is no finding."""
    r, _ = _check_gated(tmp_path, "gated", [-800.0, 1.0])
    assert r.status == "unstable"
    assert [f.kind for f in r.findings if f.kind == "narrowed"] == []
    assert r.findings[0].op == "exp" and "overflowed" in r.findings[0].message
    # exp(800) overflows: the slopes are sigmoid(-s) exactly (1 at -800, e^-1 / (1 + e^-1) at 1)
    assert np.allclose(r.exact_gradient["s"], [1.0, 1 / (1 + np.e)], rtol=1e-14, atol=0)


def test_the_cast_whose_numbers_are_computed_on_is_the_one_named(tmp_path):
    """Of two casts on two lines, the mask's and the values', the one that carries numbers into the result is named."""
    r, path = _check_gated(tmp_path, "gated_values", [0.5, 1.0])
    assert r.status == "unstable" and r.findings[0].kind == "narrowed"
    assert r.findings[0].location == f"{path}:11"


# --- F1: SciPy's frozen distributions ---------------------------------------------------------------------------------

FROZEN_CODE = """import numpy as np
import scipy.stats
from scipy.stats import gamma, multivariate_normal

DATA = np.array([0.3, -1.2, 2.5, 0.8])


def normal(mu, log_sigma):
    return -np.sum(scipy.stats.norm(loc=mu, scale=np.exp(log_sigma)).logpdf(DATA))


def positional(mu):
    return np.sum(scipy.stats.norm(mu, 2.0).logcdf(DATA))


def shaped(a):
    return np.sum(gamma(a, scale=2.0).logpdf(np.array([0.5, 1.5])))


def joint(m):
    return multivariate_normal(mean=m, cov=np.eye(2)).logpdf(np.array([1.0, -1.0]))


def quantile(mu):
    return scipy.stats.norm(mu, 1.0).interval(0.9)[0]
"""


def _frozen_truths():
    """Each function's gradient written from the mathematics in mpmath."""
    import mpmath

    data = [mpmath.mpf(v) for v in (0.3, -1.2, 2.5, 0.8)]
    mu, sigma2 = mpmath.mpf(0.3), mpmath.exp(2 * mpmath.mpf(-0.5))
    normal = {"mu": -sum(d - mu for d in data) / sigma2, "log_sigma": sum(1 - (d - mu) ** 2 / sigma2 for d in data)}
    z = [(d - mpmath.mpf(0.5)) / 2 for d in data]
    positional = {"mu": sum(-mpmath.npdf(v) / (2 * mpmath.ncdf(v)) for v in z)}
    a = mpmath.mpf(1.5)
    shaped = {"a": sum(mpmath.log(mpmath.mpf(x) / 2) - mpmath.digamma(a) for x in (0.5, 1.5))}
    joint = {"m": [1 - mpmath.mpf(0.2), -1 - mpmath.mpf(-0.4)]}
    return {"normal": normal, "positional": positional, "shaped": shaped, "joint": joint}


@pytest.mark.parametrize("name, point", [
    ("normal", {"mu": 0.3, "log_sigma": -0.5}),
    ("positional", {"mu": 0.5}),
    ("shaped", {"a": 1.5}),
    ("joint", {"m": np.array([0.2, -0.4])}),
])
def test_a_frozen_distribution_is_its_methods_with_the_parameters_given(tmp_path, name, point):
    """F1's class: scipy.stats.norm(loc=mu, scale=s).logpdf(x), SciPy's frozen distributions (by keywords, by position,
    a shape parameter, a multivariate one), were "TypeError: 'module' object is not callable"; each is the
    distribution's method called with the frozen parameters after its first argument."""
    path = tmp_path / "frozen.py"
    path.write_text(FROZEN_CODE)
    (r,) = gradcli.check(f"{path}:{name}", [point], dtypes=["float64"], fixes=False).results
    assert r.status == "ok"
    for variable, want in _frozen_truths()[name].items():
        want = np.array([float(v) for v in want]) if isinstance(want, list) else float(want)
        assert np.allclose(r.exact_gradient[variable], want, rtol=1e-12, atol=0)
        assert np.allclose(r.gradient[variable], want, rtol=1e-12, atol=0)


def test_a_frozen_distributions_method_gradcli_lacks_is_an_input_error_at_its_line(tmp_path):
    """A frozen distribution's method gradcli.scipy lacks is named with the user's line (an AttributeError naming
    gradcli's own module, verdict error, otherwise), as an unfrozen method it lacks is."""
    path = tmp_path / "frozen.py"
    path.write_text(FROZEN_CODE)
    with pytest.raises(InputError, match=r"frozen\.py, line 25: scipy\.stats\.norm\(\.\.\.\)\.interval"):
        gradcli.check(f"{path}:quantile", [{"mu": 0.5}], dtypes=["float64"], fixes=False)


# --- M1: ndarray methods with NumPy's own keywords ------------------------------------------------------------------------

METHODS_CODE = """import numpy as np


def f(x):
    return np.sum(x.clip(min=0.0) ** 2 + x.clip(max=1.0) + x.clip(-1.0, 2.0) * x.astype(np.float64, copy=False))
"""


def test_array_methods_take_numpys_keywords(tmp_path):
    """M1's class: x.clip(min=0.0) (ndarray.clip's keywords are min and max) and x.astype(dtype, copy=False) were
    "TypeError: unexpected keyword argument" (verdict error); each is the function of the same meaning. The truth by
    hand: max(x, 0)^2 + min(x, 1) + clip(x, -1, 2) x at (0.5, -1.5, 3) is 17, its slopes (1 + 1 + 1, 0 + 1 - 1, 6 + 0 + 2)."""
    path = tmp_path / "methods.py"
    path.write_text(METHODS_CODE)
    (r,) = gradcli.check(f"{path}:f", [{"x": np.array([0.5, -1.5, 3.0])}], dtypes=["float64"], fixes=False).results
    assert r.status == "ok" and r.value == 17.0
    assert np.array_equal(r.exact_gradient["x"], [3.0, 0.0, 8.0]) and np.array_equal(r.gradient["x"], [3.0, 0.0, 8.0])


# --- P1: a NaN replaced by a constant has slope 0 -------------------------------------------------------------------------

NAN_TO_NUM_CODE = "import numpy as np\n\n\ndef f(x):\n    return np.sum(np.nan_to_num(np.log(x), nan=0.0))\n"


def test_nan_to_num_of_a_nan_is_flat(tmp_path):
    path = tmp_path / "nan_to_num.py"
    path.write_text(NAN_TO_NUM_CODE)
    (r,) = gradcli.check(f"{path}:f", [{"x": np.array([0.5, -1.0])}], dtypes=["float64"], fixes=False).results
    assert r.status == "ok"
    assert np.array_equal(r.exact_gradient["x"], [2.0, 0.0])
