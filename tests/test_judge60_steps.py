"""Step functions judged by their own step points, and round to decimals on exact numbers as the mathematics' step.

floor, ceil and trunc step at integers (trunc not at 0: it is 0 through (-1, 1)), rint and round at halves; a proof
that needs a step's slope 0 gets it everywhere else (sin^2 + cos^2 + floor(x) at 2.5 is proven 0). round(x, d)
on an exact number is the nearest multiple of 10^-d to that number (a half to the even one): slope 0 off its steps,
a jump on one, and at 2.675 (the float below the decimal half) 2.67, where NumPy's float program gives 2.68."""

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp


def _check(fun, point, dtype="float64"):
    (result,) = gradcli.check(fun, [point], dtypes=(dtype,), fixes=False).results
    return result


def _flat_plus(step):
    """sin(x)^2 + cos(x)^2 + step(x): its derivative is exactly 0 only by a proof, which needs the step's slope."""
    return lambda x: gnp.sin(x) ** 2 + gnp.cos(x) ** 2 + step(x)


@pytest.mark.parametrize("step, at", [
    (gnp.floor, 2.5), (gnp.ceil, 2.5), (gnp.trunc, 2.5), (gnp.trunc, 0.0), (gnp.rint, 2.0), (gnp.round, -3.0),
    (lambda x: gnp.round(x, 2), 1.2345),
])
def test_a_step_off_its_own_step_points_is_flat(step, at):
    result = _check(_flat_plus(step) if at else lambda x: gnp.sin(x + 1) ** 2 + gnp.cos(x + 1) ** 2 + step(x), at)
    assert result.status == "ok", [f.message for f in result.findings]
    assert float(result.exact_gradient["x"]) == 0.0


@pytest.mark.parametrize("step, at", [(gnp.floor, 2.0), (gnp.ceil, -1.0), (gnp.trunc, 1.0), (gnp.rint, 2.5)])
def test_a_step_on_its_own_step_point_jumps(step, at):
    result = _check(lambda x: x * step(x), at)
    assert result.status == "domain"
    assert any(f.kind == "jump" for f in result.findings)


def test_round_to_decimals_is_the_step_of_the_exact_number():
    off = _check(lambda x: x * gnp.round(x, 1), 0.3)
    assert off.status == "ok" and off.exact_gradient["x"] == pytest.approx(0.3, rel=1e-15)
    hundreds = _check(lambda x: x * gnp.round(x, -2), 1234.5)
    assert hundreds.status == "ok" and hundreds.exact_gradient["x"] == 1200.0
    on = _check(lambda x: x * gnp.round(x, 1), 0.25)  # 2.5 tenths: a half, the step itself
    assert on.status == "domain" and any(f.kind == "jump" for f in on.findings)


def test_round_to_decimals_decides_on_the_exact_number_not_a_scaled_float():
    # 2.675 is 2.67499999999999982...: the mathematics rounds it to 2.67; NumPy's x * 100 rounds to 267.5 and then 268
    result = _check(lambda x: x * gnp.round(x, 2), 2.675)
    assert result.exact_gradient["x"] == pytest.approx(2.67, rel=1e-15)
    assert result.gradient["x"] == 2.68 and result.status == "unstable"


def test_an_arrays_round_method_on_exact_numbers():
    result = _check(lambda x: gnp.sum(x * x.round(3)), np.array([1.23456, -2.5]), "float32")
    assert result.status == "ok"
    assert result.exact_gradient["x"] == pytest.approx([1.235, -2.5], rel=1e-15)
