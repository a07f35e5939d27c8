"""A solver in a custom rule's primal that converges only linearly (a fixed point x = tanh(x + b), contracting by
0.91 a trip at b = 0.01) is run to its limit however many trips past its end that takes (round 69d's F2).

Past its own 30 trips the iteration gains a seventh of a bit a trip: more than the two trips per bit a bisection
needs, so the exact reference gave up and judged the rule against the loop as written (its slope 17.2, "wrong"),
while the rule is the implicit slope of the limit (9.77). A loop whose moves shrink by a steady ratio is run as far
as the ratio says it must; its slopes, on balls, may still move more each trip while its value closes in, so whether
it converges is read from its value.
"""

import pytest

import gradcli

jax = pytest.importorskip("jax")

SOURCE = '''
import jax
import jax.numpy as jnp
from jax import lax


@jax.custom_vjp
def fixed_point(b):
    return lax.fori_loop(0, 30, lambda i, x: jnp.tanh(x + b), jnp.zeros_like(b))


def _forward(b):
    x = fixed_point(b)
    return x, x


def _backward(x, g):
    d = 1 - x ** 2
    return (g * d / (1 - d),)


fixed_point.defvjp(_forward, _backward)


def implicit(b):
    return fixed_point(b)
'''


def _limit_and_slope(b):
    import mpmath

    with mpmath.workdps(50):
        x = mpmath.findroot(lambda x: mpmath.tanh(x + b) - x, 0.3)
        return float(x), float((1 - x ** 2) / x ** 2)


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    (path := tmp_path_factory.mktemp("linear") / "linear_solver.py").write_text(SOURCE)
    return str(path)


def test_a_linearly_converging_fixed_point_is_judged_at_its_limit(module):
    (result,) = gradcli.check(f"{module}:implicit", [{"b": 0.01}], dtypes=("float64",), fixes=False).results
    limit, slope = _limit_and_slope(0.01)
    assert float(result.exact_value) == pytest.approx(limit, rel=1e-12)
    assert float(result.exact_gradient["b"]) == pytest.approx(slope, rel=1e-10)
    assert result.status.value != "wrong", result.findings
    (note,) = [note for note in result.notes if "lax.fori_loop" in note]
    assert "is a solver that runs a fixed number of trips" in note and "no solver gradcli can run" not in note


def test_a_steady_contraction_is_run_on_and_one_tending_to_1_is_not():
    import mpmath

    from gradcli.capture.exact_constants import MP
    from gradcli.capture.jax_loops import _contracting

    with mpmath.workdps(60):  # 202 bits: the first budget is 404 trips past the end, the most 64 per bit
        steady = [mpmath.mpf("0.91") ** k * mpmath.mpf("1e-3") for k in range(400, 405)]
        assert _contracting(steady, 404, MP)
        slowing = [mpmath.mpf(1) / (k * k) for k in range(400, 405)]  # x_k ~ 1/k: ratios tend to 1
        assert not _contracting(slowing, 404, MP)
        growing = [mpmath.mpf("1e-3") * 2 ** k for k in range(5)]
        assert not _contracting(growing, 404, MP)
