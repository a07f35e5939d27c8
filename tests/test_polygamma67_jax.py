"""JAX's polygamma(n, x), its order an integer the program holds as data: the check in x finds the exact slope
psi(n + 1, x) beside JAX's own gradient. Truth: mpmath's psi."""

import math

import mpmath
import pytest

import gradcli

pytest.importorskip("jax")


def test_jaxs_polygamma_has_its_exact_slope_in_x(tmp_path):
    module = tmp_path / "user_jax_polygamma.py"
    module.write_text("from jax.scipy import special\n\n\n"
                      "def fn(n, x):\n    return special.polygamma(n, x)\n")
    (result,) = gradcli.check(f"{module}:fn", [{"n": 1, "x": 2.5}], dtypes=("float64",), fixes=False,
                              wrt=["x"]).results
    truth = float(mpmath.psi(2, 2.5))
    assert result.status == "ok"
    assert math.isclose(float(result.exact_gradient["x"]), truth, rel_tol=1e-14)
    assert math.isclose(float(result.gradient["x"]), truth, rel_tol=1e-12)
