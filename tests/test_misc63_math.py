"""Python's math functions in a plain NumPy module: in every dtype run they answer as Python does, a float64
computed from the argument taken exactly as a float64, and that answer is a Python float (weak beside NumPy's
dtypes), while the gradient flows through them."""

import math

import mpmath
import numpy
import pytest

import gradcli
from tests.numpys_run import numpys_module

MP = mpmath.mp.clone()
MP.dps = 50


def write(tmp_path, name, body):
    path = tmp_path / name
    path.write_text("import math\n\nimport numpy as np\n\n\n" + body)
    return str(path)


def users_function(path):
    """The user's own function, run on NumPy as the user runs it."""
    module = numpys_module(path, f"misc63_{abs(hash(path))}")
    return module.loss


def test_math_on_a_float32_value_computes_in_float64_as_python_does(tmp_path):
    path = write(tmp_path, "root.py", "def loss(x):\n    return math.sqrt(x)\n")
    float32, float64 = gradcli.check(f"{path}:loss", [2.0]).results
    ran = users_function(path)(numpy.float32(2.0))
    assert type(ran) is float  # Python's answer: float64, not float32's rounded root
    for result in (float32, float64):
        assert result.value == pytest.approx(ran, rel=1e-15)
        assert result.exact_value == pytest.approx(float(MP.sqrt(2)), rel=1e-15)
        assert result.exact_gradient["x"] == pytest.approx(float(1 / (2 * MP.sqrt(2))), rel=1e-15)
    assert float32.gradient["x"] == pytest.approx(float(1 / (2 * MP.sqrt(2))), rel=1e-6)
    assert float32.status == float64.status == "ok"


def test_a_difference_of_math_answers_is_judged_in_float64_in_the_float32_run(tmp_path):
    # float32's e and float64's e differ by ~8e-8; the program itself subtracts two float64 answers.
    path = write(tmp_path, "gap.py", "def loss(x):\n    return (math.exp(x) - math.exp(1.0)) * 1e7\n")
    float32, float64 = gradcli.check(f"{path}:loss", [1.0]).results
    ran = users_function(path)(numpy.float32(1.0))
    exact = float((MP.e - MP.mpf(math.exp(1.0))) * MP.mpf(1e7))
    for result in (float32, float64):
        assert result.value == pytest.approx(ran, abs=1e-12)
        assert result.exact_value == pytest.approx(exact, rel=1e-12)
        assert result.exact_gradient["x"] == pytest.approx(float(MP.e * 10**7), rel=1e-15)
        assert result.status == "ok"


def test_a_math_answer_stays_weak_beside_a_float32_array_entry(tmp_path):
    # Python's float times a float32 array is a float32 array: the float32 run rounds there as the program does.
    path = write(tmp_path, "scaled.py", "def loss(x):\n    return np.sum(x * math.exp(x[0]))\n")
    float32, float64 = gradcli.check(f"{path}:loss", [[1.0, 2.0]]).results
    ran32 = users_function(path)(numpy.array([1.0, 2.0], dtype=numpy.float32))
    assert ran32.dtype == numpy.float32
    assert float32.value == pytest.approx(float(ran32), rel=1e-12)
    assert float32.value != pytest.approx(float(3 * MP.e), rel=1e-8)  # float32's rounding, not float64's
    e = MP.e
    want = [float(e + 3 * e), float(e)]  # d/dx0 (x0 + x1) e^x0 = (1 + x0 + x1) e^x0, d/dx1 = e^x0
    for result in (float32, float64):
        assert result.exact_value == pytest.approx(float(3 * e), rel=1e-15)
        assert result.exact_gradient["x"] == pytest.approx(want, rel=1e-15)
    assert float32.gradient["x"] == pytest.approx(want, rel=1e-6)
    assert float64.gradient["x"] == pytest.approx(want, rel=1e-14)


def test_float_of_a_traced_value_is_followed_as_the_value(tmp_path):
    """float(x[1]) beside math.exp: the read is the value itself (the function NumPy computes), its path kept."""
    path = write(tmp_path, "cast.py", "def loss(x):\n    return np.sum(x * math.exp(x[0])) + float(x[1])\n")
    with MP.workprec(200):
        e = MP.exp(1)
        want = [float(4 * e), float(e + 1)]  # f = (x0 + x1) e^x0 + x1 at (1, 2)
    for result in gradcli.check(f"{path}:loss", [[1.0, 2.0]]).results:
        assert result.status == "ok"
        assert result.exact_gradient["x"] == pytest.approx(want, rel=1e-14)
