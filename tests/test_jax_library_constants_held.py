"""A JAX library's float literal in a float32 program is the float32 the program holds; in float64 the float64.

jax.nn.gelu's tanh form writes 0.044715 inside JAX: its float32 jaxpr holds float32's 0.0447149984, and the float32
program's exact reference is that program's, where a float64 program keeps 0.044715 (and sqrt(2/pi), a constant of
mathematics, stays itself in both). The truths are the closed form's derivative at 60 digits with each constant.
"""

import mpmath
import numpy as np
import pytest

import gradcli

pytest.importorskip("jax")

SOURCE = '''import jax
import jax.numpy as jnp


def gelu(x):
    return jnp.sum(jax.nn.gelu(x, approximate=True))
'''


def _slope(cubic):
    with mpmath.workdps(60):
        c = mpmath.mpf(cubic)
        return mpmath.diff(lambda x: x * (1 + mpmath.tanh(mpmath.sqrt(2 / mpmath.pi) * (x + c * x**3))) / 2, 2)


@pytest.mark.parametrize("dtype, cubic", [("float32", float(np.float32(0.044715))), ("float64", 0.044715)])
def test_a_library_literal_is_held_as_the_programs_dtype_holds_it(tmp_path, dtype, cubic):
    path = tmp_path / "gelu_user.py"
    path.write_text(SOURCE)
    (result,) = gradcli.check(f"{path}:gelu", [{"x": np.array([2.0])}], dtypes=(dtype,), fixes=False).results
    (got,) = result.exact_gradient["x"]
    # the two constants move the slope by 3e-10 relative: 1e-13 tells them apart
    assert float(got) == pytest.approx(float(_slope(cubic)), rel=1e-13, abs=0)
