"""A JAX ``where`` on a held mask (``--wrt`` leaves it out) takes its branch's value and derivative alone.

The exact reference runs the program on balls at the point, on jets and on
proof numbers: the held mask's comparison must be the same decision in each,
so the held input is a ball in all three. The untaken branch may hold a pole
(log at 0), a NaN (log below 0) or a rounding-made pole (log1p(-exp(-1e-20))).
"""

import textwrap

import numpy as np
import pytest

import gradcli

SOURCE = textwrap.dedent(
    """\
    import jax.numpy as jnp


    def masked_log(x, m):
        return jnp.sum(jnp.where(m > 0.5, 0.0, jnp.log(x)))


    def masked_log1mexp(x, m):
        return jnp.sum(jnp.where(m > 0.5, 0.0, jnp.log1p(-jnp.exp(x))))
    """
)

MASK = np.array([1.0, 0.0])


def _checked(path, name, x):
    [result] = gradcli.check(f"{path}:{name}", [{"x": np.array(x), "m": MASK}], dtypes=["float64"], wrt=("x",),
                             fixes=False).results
    return result


@pytest.fixture(scope="module")
def masks(tmp_path_factory):
    folder = tmp_path_factory.mktemp("jax54")
    (folder / "masks54.py").write_text(SOURCE)
    return folder / "masks54.py"


def test_a_pole_on_the_untaken_branch_leaves_the_exact_slope_0(masks):
    """log at 0 under the mask: exact gradient [0, 1/2]; JAX's NaN leaks through where: the where-leak's `wrong`."""
    result = _checked(masks, "masked_log", [0.0, 2.0])
    assert result.status == "wrong"
    np.testing.assert_array_equal(np.asarray(result.exact_gradient["x"], dtype=float), [0.0, 0.5])
    assert np.isnan(float(np.asarray(result.gradient["x"])[0]))


def test_a_nan_on_the_untaken_branch_leaves_the_exact_slope_0(masks):
    """log below 0 under the mask: JAX's gradient is right there, `ok` against the exact [0, 1/2]."""
    result = _checked(masks, "masked_log", [-1.0, 2.0])
    assert result.status == "ok"
    np.testing.assert_array_equal(np.asarray(result.exact_gradient["x"], dtype=float), [0.0, 0.5])


def test_a_rounding_made_pole_on_the_untaken_branch_is_unstable_with_the_exact_slope(masks):
    """log1p(-exp(-1e-20)) meets log1p's pole only in the dtype: `unstable`, the exact slope 0 and -1/(e^5 - 1)."""
    result = _checked(masks, "masked_log1mexp", [-1e-20, -5.0])
    assert result.status == "unstable"
    np.testing.assert_allclose(np.asarray(result.exact_gradient["x"], dtype=float), [0.0, -1 / np.expm1(5.0)],
                               rtol=1e-14, atol=0)
