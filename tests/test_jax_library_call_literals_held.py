"""A number the user's line hands a JAX library function is the user's, held in float32 as JAX without x64 holds it.

``jax.scipy.stats.norm.logpdf(x, loc=0.3, scale=0.7)`` subtracts the 0.3 inside JAX's stats code, whose frames
are JAX's library: the exact reference took it for the library's constant and kept the double 0.3, where the
float32 program holds float32(0.3). At x = 0.3 (x - loc exactly 0 in float32) it reported a slope of -2.4e-8 and
called the point unstable (round 52d); the truth is 0, ok.
"""

import math

import numpy as np
import pytest

import gradcli

pytest.importorskip("jax")

SOURCE = '''import jax.numpy as jnp
from jax.scipy import stats


def norm_logpdf(x):
    return jnp.sum(stats.norm.logpdf(x, loc=0.3, scale=0.7))
'''


@pytest.fixture(scope="module")
def target(tmp_path_factory):
    path = tmp_path_factory.mktemp("stats") / "handed.py"
    path.write_text(SOURCE)
    return f"{path}:norm_logpdf"


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_the_users_loc_and_scale_are_held_as_the_program_holds_them(target, dtype):
    (result,) = gradcli.check(target, [{"x": [0.3, 1.1]}], dtypes=[dtype]).results
    assert result.status == "ok", [f.message for f in result.findings]
    x = np.asarray([0.3, 1.1], dtype=dtype).astype(float)
    loc, scale = (float(np.asarray(v, dtype=dtype)) for v in (0.3, 0.7))  # as the program in ``dtype`` holds them
    for got, xk in zip(result.exact_gradient["x"], x):
        want = -(xk - loc) / scale ** 2  # d/dx of -(x - loc)^2 / (2 scale^2)
        assert math.isclose(got, want, rel_tol=1e-12, abs_tol=0.0), (result.exact_gradient, dtype)
