"""A float literal a float32 program meets its data with is float32's number where it meets the data, and float64's
before that (H1's class).

Python computes on a literal in float64 (``c * 3``, ``c ** 2``, ``math.sqrt(c)``,
a function of the user's handed ``c``) and NumPy rounds the float that gives
where it meets float32 data: the exact reference of the float32 program takes
each number as the program met the data with it. A constant handed to a
function of gradcli's (``scipy.stats.norm.logpdf(x, loc=0.1)``,
``np.trapezoid(y, dx=c)``) is held inside it too.
"""

import math

import numpy as np
import pytest

import gradcli

SOURCE = '''
import math

import numpy as np
from scipy.stats import norm

C = 0.1


def _tripled(c):
    return c * 3


def through_a_function(x):
    c = 0.1
    return np.sum(x * _tripled(c) / c)


def squared_default(x, c=0.1):
    return np.sum(x * c ** 2 / c)


def module_constant(x):
    return np.sum(x * (C * 3) - x * C)


def square_root_of_it(x):
    c = 0.1
    return np.sum(x * math.sqrt(c) + x * c)


def handed_to_a_library(x):
    return np.sum(norm.logpdf(x, loc=0.1, scale=0.3))


def spacing(x):
    c = 0.1
    return np.trapezoid(x * x, dx=c) + np.sum(x * (c * 3))
'''


def f32(number):
    """``number`` as float32 holds it (where the program's float meets float32 data)."""
    return float(np.float32(number))


X = [1.0, 2.0]
# Each slope as the float32 program computes it: Python's float64 arithmetic first, float32's rounding at the data.
TRUTHS = {
    "through_a_function": [f32(0.1 * 3) / f32(0.1)] * 2,
    "squared_default": [f32(0.1 ** 2) / f32(0.1)] * 2,
    "module_constant": [f32(0.1 * 3) - f32(0.1)] * 2,
    "square_root_of_it": [f32(math.sqrt(0.1)) + f32(0.1)] * 2,
    "handed_to_a_library": [-(x - f32(0.1)) / f32(0.3) ** 2 for x in X],
    "spacing": [f32(0.1) * x + f32(0.1 * 3) for x in X],
}


@pytest.fixture(scope="module")
def module_path(tmp_path_factory):
    path = tmp_path_factory.mktemp("held61") / "float32_constants.py"
    path.write_text(SOURCE)
    return path


@pytest.mark.parametrize("name", sorted(TRUTHS))
def test_the_exact_slope_holds_each_number_as_the_float32_program_met_the_data_with_it(module_path, name):
    (r,) = gradcli.check(f"{module_path}:{name}", [{"x": np.array(X)}], dtypes=["float32"], fixes=False).results
    assert r.status == "ok", (r.status, r.error, [f.message for f in r.findings])
    assert list(r.exact_gradient["x"]) == pytest.approx(TRUTHS[name], rel=1e-12)


def test_float64_takes_the_numbers_as_written(module_path):
    (r,) = gradcli.check(f"{module_path}:through_a_function", [{"x": np.array(X)}], dtypes=["float64"],
                         fixes=False).results
    assert list(r.exact_gradient["x"]) == pytest.approx([0.1 * 3 / 0.1] * 2, rel=1e-15)
