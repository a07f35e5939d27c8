"""A step's whole-number answer leaves gradcli's values as a float: `float(np.sign(x))`, `float(np.floor(x))`.

A step function's answer (floor, ceil, sign, rint) on an exact number is constant on the point's piece and its
switch is decided by the step itself on the ball, so the float it gives is exact and a comparison of it decides
nothing the run has not (sign at an exact 0 is the step's own tie: a branch on its answer there is a kink, as
``np.sign(x) > 0`` is). Any other number stays in (`plain.TakenOut`), and the message says what to write instead.
"""

from __future__ import annotations

import textwrap

import mpmath
import pytest

import gradcli
from gradcli.autodiff import arb as arb_core
from gradcli.autodiff import mp
from gradcli.autodiff.plain import TakenOut, kept, kept_step

SOURCE = textwrap.dedent("""
    import numpy as np


    def signed(x):
        s = float(np.sign(x))
        return s * x ** 2


    def floored(x):
        return x ** 2 * float(np.floor(x))


    def branched(x):
        if float(np.sign(x)) > 0:
            return 2 * x
        return -x


    def branched_on_an_int(x):
        if int(np.sign(x)) > 0:
            return 2 * x
        return -x


    def rounded_then_scaled(x):
        return x ** 2 * float(np.round(x) * 1.5)
""")


@pytest.fixture(autouse=True)
def _balls_on():
    mp.enable()
    arb_core.enable()


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    path = tmp_path_factory.mktemp("prop58_steps") / "step_floats.py"
    path.write_text(SOURCE)
    return path


def test_a_step_s_whole_answer_leaves_as_a_float_and_no_other_number_does():
    assert float(kept_step(mpmath.mpf(-1))) == -1.0 and kept_step(mpmath.mpf(3)).item() == 3.0
    for number in (mpmath.mpf(1.5), mpmath.mpf("nan")):
        with pytest.raises(TakenOut):
            float(kept_step(number))
    with pytest.raises(TakenOut):
        float(kept(mpmath.mpf(2)))  # a value that is whole here only (an input at 2): its comparisons would go unrecorded


@pytest.mark.parametrize(("name", "x", "gradient"), [("signed", 1.5, 3.0), ("signed", -1.5, 3.0), ("floored", 1.5, 3.0)])
def test_a_float_of_a_step_has_an_exact_reference(module, name, x, gradient):
    # not `error`, "TakenOut: `float(np.sign(x))` ... takes a high-precision number out of gradcli's values"
    (result,) = gradcli.check(f"{module}:{name}", [x], dtypes=("float64",), fixes=False).results
    assert result.status == "ok", [f.message for f in result.findings]
    assert float(result.exact_gradient["x"]) == gradient


@pytest.mark.parametrize("name", ["branched", "branched_on_an_int"])
def test_a_branch_on_a_sign_taken_out_at_0_is_a_kink(module, name):
    # sign at an exact 0 sits on its switch, a tie recorded: else the branch on its answer decides nothing and the
    # differences beside the point meet "a branch switch nearer to the point than any difference step" (no verdict)
    (result,) = gradcli.check(f"{module}:{name}", [0.0], dtypes=("float64",), fixes=False).results
    assert result.status == "domain", [f.message for f in result.findings]
    assert any("-1 from the left and 2 from the right" in f.message for f in result.findings)


def test_a_float_of_arithmetic_on_a_step_in_a_plain_numpy_module_is_the_value(module):
    """float() in a plain NumPy module is the value NumPy computes (its path kept): x^2 * (round(x) * 1.5) at 1.2,
    where round is flat, has the slope 2 * 1.2 * 1.5."""
    (result,) = gradcli.check(f"{module}:rounded_then_scaled", [1.2], dtypes=("float64",), fixes=False).results
    assert result.status == "ok"
    assert float(result.exact_gradient["x"]) == pytest.approx(2 * 1.2 * 1.5, rel=1e-15)


def test_a_held_input_whole_at_the_point_stays_in():
    # stop_gradient(x) at x = 2 is a whole number here only: its float would compare unrecorded beside the point
    def held(x):
        return x * x if float(gradcli.stop_gradient(x)) > 1.5 else -x

    (result,) = gradcli.check(held, [2.0], dtypes=("float64",), fixes=False).results
    assert result.status == "error" and any("TakenOut" in f.message for f in result.findings)
