"""A side where the function is one infinity throughout, beside a finite side, is outside its domain.

JAX's and SciPy's ``entr(x)`` is -x log x for x >= 0 and -inf below 0: the extended value convex analysis gives a
function outside its domain. At 0 the exact slope of an entropy written with entr was NaN ("the function is -inf on
the left beside this point"), where the same entropy by -xlogy(p, p), NaN below 0, had the slope's one-sided limit
+inf. Both now read the side of -inf as outside the domain; infinities on both sides ((a - 1) log 0 at a = 1) are
still the function's own, with no derivative.
"""

import textwrap

import mpmath
import pytest

import gradcli

pytest.importorskip("jax")

SOURCE = textwrap.dedent('''
    import jax.numpy as jnp
    from jax.scipy.special import entr, xlogy


    def entropy_by_entr(c):
        return jnp.sum(entr(c))


    def entropy_by_xlogy(c):
        return -jnp.sum(xlogy(c, c))


    def jump_to_inf(x):
        return jnp.where(x > 0, jnp.inf, jnp.where(x < 0, -jnp.inf, 0.0))
''')


@pytest.fixture(scope="module")
def user_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("extended") / "entropy.py"
    path.write_text(SOURCE)
    return path


@pytest.mark.parametrize("name", ["entropy_by_entr", "entropy_by_xlogy"])
def test_entropy_at_zero_has_the_right_sides_infinite_slope(user_file, name):
    result, = gradcli.check(f"{user_file}:{name}", [{"c": [0.0, 0.25, 0.75]}], dtypes=("float64",), fixes=False).results
    slope = result.exact_gradient["c"]
    assert mpmath.isinf(mpmath.mpf(slope[0])) and mpmath.mpf(slope[0]) > 0, slope
    assert result.exact_gradient_why["c"][0] == (
        "the slope grows without bound to +inf from the right (the only side in the function's domain)")
    for got, p in zip(slope[1:], (0.25, 0.75)):  # -log p - 1
        assert abs(mpmath.mpf(got) - (-mpmath.log(p) - 1)) <= 1e-14


def test_infinities_on_both_sides_are_the_functions_own(user_file):
    result, = gradcli.check(f"{user_file}:jump_to_inf", [{"x": 0.0}], dtypes=("float64",), fixes=False).results
    assert mpmath.isnan(mpmath.mpf(result.exact_gradient["x"]))
    assert "inf on the left" in result.exact_gradient_why["x"] and "inf on the right" in result.exact_gradient_why["x"]
