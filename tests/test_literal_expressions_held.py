"""A number the user's line computes of literals alone is the user's, held as the program's dtype holds it.

``stats.laplace.logpdf(x, loc=2 * 0.1, scale=1 / 1.5)``: Python computes 0.2 and 2/3 in float64, and JAX without
x64 holds them in float32, as it holds a literal; the exact reference held the doubles, so at x = 0.2 (float32's
0.2, the kink of |x - loc|) it judged the point beside the kink, `ok` where `domain` is right (rounds 52d, 53d).
"""

import numpy as np
import pytest

import gradcli
from gradcli.capture.lines import numbers_on_line

SOURCE = '''import jax.numpy as jnp
from jax.scipy import stats


def laplace(x):
    return jnp.sum(stats.laplace.logpdf(x, loc=2 * 0.1, scale=1 / 1.5))


def normal(x):
    return jnp.sum(stats.norm.logpdf(x, loc=-0.1 * 3, scale=2 / 3))
'''


def test_a_lines_arithmetic_of_literals_is_among_its_numbers(tmp_path):
    path = tmp_path / "numbers.py"
    path.write_text("y = f(x, 1 / 1.5, -0.1 * 3)\nz = g(x * 0.5, n / 3, 2 ** 0.5)\nw = h(2 * 3)\n")
    first, second, third = (numbers_on_line(str(path), line) for line in (1, 2, 3))
    assert {1 / 1.5, -0.1 * 3, 0.1 * 3} <= first
    assert 0.5 in second and 2 ** 0.5 in second  # a literal, and the float of literals alone
    assert not any(abs(v - 1 / 3) < 1e-9 for v in second)  # n / 3 reads a name: not the user's number
    assert 6.0 not in third  # integers make no float


@pytest.mark.parametrize("function, at, status, slope", [
    ("laplace", 0.2, "domain", None),  # float32's x - loc is 0: the kink
    ("laplace", 1.0, "ok", -float(np.float32(1 / 1.5)) ** -1),  # -1 / scale, scale float32's 2/3
    ("normal", -0.3, "ok", 0.0),  # float32's x - loc is 0: the slope is 0, no cancellation
])
def test_literal_expressions_a_jax_library_is_handed_are_held_in_float32(tmp_path, function, at, status, slope):
    pytest.importorskip("jax")
    path = tmp_path / "stats_expressions.py"
    path.write_text(SOURCE)
    (result,) = gradcli.check(f"{path}:{function}", [{"x": [at]}], dtypes=["float32"]).results
    assert result.status == status, [f.message for f in result.findings]
    if slope is not None:
        got = float(np.ravel(result.exact_gradient["x"])[0])
        assert got == pytest.approx(slope, rel=1e-12, abs=0), result.exact_gradient
