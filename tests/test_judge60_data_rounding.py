"""A tiny exact gradient entry that is the rounding of the program's own data passes; one that is a real digit is lost.

The judge runs the exact reference again with the program's rounded float constants and inputs moved by two ulps
of the dtype (`data_rounding`) only where such an entry alone decides the verdict. 0.08 and 0.1 are roundings;
300.0 and 0.5 are meant exactly and never move."""

import numpy as np

import gradcli
import gradcli.numpy as gnp
from gradcli.checker import data_rounding


def test_a_rounding_is_a_float_whose_shortest_decimal_is_another_number():
    assert [data_rounding.rounded(v) for v in (0.08, 0.1, np.pi, 300.0, 0.5, 0.0, -0.25)] == \
        [True, True, True, False, False, False, False]
    assert data_rounding.nudged(0.08, np.dtype(np.float64), 1) == np.nextafter(np.nextafter(0.08, 1), 1)
    assert data_rounding.nudged(0.5, np.dtype(np.float32), -1) == 0.5 - 2 * 2.0**-24


def test_only_the_rounded_inputs_move():
    x, y = data_rounding.nudged_point([np.array([300.0, 0.1, 0.3]), 0.5], np.dtype(np.float64), 1)
    assert x[0] == 300.0 and x[1] < 0.1 and x[2] > 0.3 and y == 0.5  # pattern 1 alternates by index


def window_end(x):
    """Written with the user's own rounded coefficients: 0.08 + 0.42 - 0.5 is -2^-56 of the floats, 0 in float64."""
    c = gnp.array([0.08, 0.42])
    return gnp.sum(x * (c[0] + c[1])) - gnp.sum(x * 0.5) + gnp.sum(x[1:] * 0.1)


def lost_beside(x):
    """A real slope lost beside a rounded constant: 0.1 exp(x)/(exp(x)-1) at 300.1 has the slope -5e-131 x 0.1."""
    return gnp.sum(0.1 * gnp.exp(x) / (gnp.exp(x) - 1))


def test_the_rounding_of_the_constants_is_no_loss_and_a_real_slope_is():
    (window,) = gradcli.check(window_end, [{"x": [1.0, 2.0]}], dtypes=("float64",), fixes=False).results
    assert window.gradient["x"][0] == 0.0 and float(window.exact_gradient["x"][0]) == -2.0**-56
    assert window.status == "ok" and any("rounding of the program's data" in n for n in window.notes)
    (lost,) = gradcli.check(lost_beside, [{"x": [300.1, 1.1]}], dtypes=("float64",), fixes=False).results
    # float64's slope is 0 or a rounding residue of 0.1 - 0.1 (-2^-56 where exp(300.1) rounds so, as NumPy's kernel
    # on this CPU may): the -4.7e-132 is lost either way
    assert abs(lost.gradient["x"][0]) <= 2.0**-55 and float(lost.exact_gradient["x"][0]) < 0
    assert lost.status == "unstable" and not any("rounding of the program's data" in n for n in lost.notes)


def test_a_plain_numpy_modules_constants_move_too(tmp_path):
    module = tmp_path / "window60.py"
    module.write_text("import numpy as np\n\n\ndef end(x):\n    c = np.array([0.08, 0.42])\n"
                      "    return np.sum(x * (c[0] + c[1])) - np.sum(x * 0.5) + x[1]\n")
    (result,) = gradcli.check(f"{module}:end", [{"x": np.array([1.0, 2.0])}], dtypes=("float64",), fixes=False).results
    assert float(result.exact_gradient["x"][0]) == -2.0**-56 and result.status == "ok"


def test_a_formula_at_inputs_meant_exactly_never_runs_again(monkeypatch):
    def refuse(*args):
        raise AssertionError("no datum of a formula at 300 and 1 can move")

    monkeypatch.setattr(data_rounding, "nudged_point", refuse)
    (result,) = gradcli.check("exp(x)/(exp(x)-1)", [{"x": [300.0, 1.0]}], dtypes=("float64",), fixes=False).results
    assert result.status == "unstable"


def test_a_tiny_atol_is_not_named_as_what_let_it_pass():
    (result,) = gradcli.check(window_end, [{"x": [1.0, 2.0]}], dtypes=("float64",), fixes=False, atol=1e-30).results
    assert result.status == "ok" and not any("absolute tolerance" in n for n in result.notes)
