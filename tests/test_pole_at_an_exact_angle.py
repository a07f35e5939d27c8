"""A pole at an angle in degrees that the program turns into pi/2 exactly (deg2rad(90)), and the inputs beside it.

The exact reference reads deg2rad(90) as pi/2 itself, so cos there is an exact 0
and tan and a number over cos are at their poles: `domain`. Runs on mpmath
numbers round pi/2, and their cos is a residue near 1e-d at d digits that keeps
the pole off 0; the slopes of the inputs the pole never meets are the ones both
precisions agree on, the residue's growth naming the op that starts it.
"""

import math

import pytest

import gradcli

MODEL = '''
import gradcli.numpy as np


def tangent(x):
    return np.tan(np.deg2rad(x))


def mohr_coulomb(c, sigma, phi):
    return c + sigma * np.tan(np.deg2rad(phi))


def secant_term(c, sigma, phi):
    return c + sigma / np.cos(np.deg2rad(phi))


def one_over_cos(c, phi):
    return c + 1.0 / np.cos(np.deg2rad(phi))


def gated(c, sigma, phi):  # c scales the pole by 1 + e^-c: at c = 400 by less than any run's digits show
    return c + sigma / (np.cos(np.deg2rad(phi)) / (1.0 + np.exp(-c)))
'''


@pytest.fixture(scope="module")
def model(tmp_path_factory):
    path = tmp_path_factory.mktemp("exact_angle") / "exact_angle.py"
    path.write_text(MODEL)
    return str(path)


def check(model, name, point, dtype="float64"):
    return gradcli.check(f"{model}:{name}", [point], dtypes=(dtype,), fixes=False).results[0]


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_tan_at_ninety_degrees_is_its_pole(model, dtype):
    result = check(model, "tangent", {"x": 90.0}, dtype)
    assert result.status.value == "domain", result.error
    assert result.error is None
    assert math.isnan(result.exact_gradient["x"])


def test_tan_away_from_its_pole_keeps_its_slope(model):
    result = check(model, "tangent", {"x": 45.0})
    assert result.status.value == "ok"
    assert result.exact_gradient["x"] == pytest.approx(2 * math.pi / 180, rel=1e-14)


@pytest.mark.parametrize("name, point", [
    ("mohr_coulomb", {"c": 10.0, "sigma": 100.0, "phi": 90.0}),
    ("secant_term", {"c": 10.0, "sigma": 100.0, "phi": 90.0}),
    ("one_over_cos", {"c": 10.0, "phi": 90.0}),
])
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_an_added_term_keeps_its_slope_beside_the_pole(model, name, point, dtype):
    """c never reaches the pole: its slope is 1; the inputs that move the pole have none."""
    result = check(model, name, point, dtype)
    assert result.status.value == "domain"
    assert result.exact_gradient["c"] == 1.0
    assert all(math.isnan(result.exact_gradient[n]) for n in point if n != "c")
    assert "which c never reaches" in " ".join(f.message for f in result.findings)


def test_an_input_that_reaches_the_pole_however_weakly_has_no_slope(model):
    """d/dc = 1 - sigma e^-c / cos(phi): unbounded at phi = 90 however small e^-400 is."""
    result = check(model, "gated", {"c": 400.0, "sigma": 100.0, "phi": 90.0})
    assert result.status.value == "domain"
    assert all(math.isnan(result.exact_gradient[n]) for n in ("c", "sigma", "phi"))
    assert "reaches the pole of divide" in result.exact_gradient_why["c"]
