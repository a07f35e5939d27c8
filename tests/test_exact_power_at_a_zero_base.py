"""x**y at a base of exactly 0 and an exponent above 0 has an exact reference on every front.

0^y is 0 for every y > 0, so there its slope in y is an exact 0 (the limit of
x^y log x, whose log(0) no ball holds), and its slope in x is y 0^(y-1): 0 for
y > 1, 1 at y = 1 (one-sided where y is no integer, the side x >= 0 the power
is defined on, as x**2.5 is). Each front below is a user's spelling of the
power (a formula, gradcli.numpy, a plain NumPy module, JAX, PyTorch,
TensorFlow), judged against these numbers, which need no high precision.
"""

import math

import pytest

import gradcli

SPELLINGS = {
    "gradcli": "import gradcli.numpy as np\n\n\ndef power(x, y):\n    return np.power(x, y)\n",
    "numpy": "import numpy as np\n\n\ndef power(x, y):\n    return x ** y\n\n\n"
             "def summed(x, y):\n    return np.sum(x ** y * np.exp(y))\n",
    "jax": "import jax.numpy as jnp\n\n\ndef power(x, y):\n    return jnp.power(x, y)\n",
    "torch": "import torch\n\n\ndef power(x, y):\n    return torch.pow(x, y)\n",
    "tensorflow": "import tensorflow as tf\n\n\ndef power(x, y):\n    return x ** y\n",
}
FRONTS = ["formula", *SPELLINGS]


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("zero_base")
    for kind, text in SPELLINGS.items():
        (folder / f"zero_base_{kind}.py").write_text(text)
    return {kind: str(folder / f"zero_base_{kind}.py") for kind in SPELLINGS}


def checked(files, front, points, formula="x^y", name="power"):
    target = formula if front == "formula" else f"{files[front]}:{name}"
    return gradcli.check(target, points, dtypes=("float64",), fixes=False).results


@pytest.mark.parametrize("front", FRONTS)
def test_a_power_at_a_zero_base_is_zero_with_slopes_proven(files, front):
    points = [{"x": 0.0, "y": 2.0}, {"x": 0.0, "y": 3.0}, {"x": 0.0, "y": 2.5}, {"x": 0.0, "y": 1.0}]
    results = checked(files, front, points)
    assert [r.status.value for r in results] == ["ok"] * 4
    for result, slope_in_x in zip(results, [0.0, 0.0, 0.0, 1.0]):
        assert result.exact_value == 0
        assert result.exact_gradient == {"x": slope_in_x, "y": 0.0}


@pytest.mark.parametrize("front", ["formula", "gradcli"])
def test_an_infinite_slope_at_a_zero_base_stays_without_a_derivative(files, front):
    """At y = 0.5 the slope in x is infinite (a root's tip): domain, while the slope in y is still 0."""
    result = checked(files, front, [{"x": 0.0, "y": 0.5}])[0]
    assert result.status.value == "domain"
    assert result.exact_gradient["y"] == 0


def test_a_zero_base_in_a_formula_whose_exponent_moves_through_an_expression():
    """d/dy of x^(2y) at x = 0 is 2 * (x^(2y) log x): the 0 holds through the chain rule, and beside a positive base."""
    results = checked(None, "formula", [{"x": 0.0, "y": 1.5}, {"x": 2.0, "y": 1.5}], formula="exp(x^(2*y)) + y")
    assert [r.status.value for r in results] == ["ok", "ok"]
    assert results[0].exact_gradient == {"x": 0.0, "y": 1.0}
    # At x = 2: d/dy = 1 + 2 log 2 * 2^3 e^8.
    assert results[1].exact_gradient["y"] == pytest.approx(1 + 2 * math.log(2) * 8 * math.exp(8), rel=1e-14)


def test_zero_bases_in_an_array_are_zero_entry_by_entry(files):
    """Zeros among positive bases, each with its own exponent: the zeros' slopes proven 0, the others' x^y e^y."""
    result = checked(files, "numpy", [{"x": [0.0, 2.0, 0.0], "y": [2.0, 3.0, 1.5]}], name="summed")[0]
    assert result.status.value == "ok"
    assert list(result.exact_gradient["x"]) == [0.0, pytest.approx(3 * 4 * math.exp(3), rel=1e-14), 0.0]
    assert list(result.exact_gradient["y"]) == [0.0, pytest.approx(8 * math.exp(3) * (math.log(2) + 1), rel=1e-14), 0.0]
