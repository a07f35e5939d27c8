"""A PyTorch graph's own rounded constants move with the data the judge moves; a rerun with them moved leaves no trace.

The window-end pattern 0.08 + 0.42 - 0.5 is -2^-56 of the floats and 0 of the decimals: a float64 program's 0 there is
as right as its mirror. The exact reference of a framework's graph runs again with the graph's rounded float constants
moved by two ulps (`exact_constants.moved`), tensors and the Python floats the user's code hands an op alike."""

import mpmath
import numpy as np
import torch

import gradcli
from gradcli.checker import targets

EXACT = [-2.0**-56, -2.0**-56, 1.0]


def window_ends(x):
    """x[0]'s slope from a tensor of the user's constants, x[1]'s from the Python floats the code hands the ops."""
    c = torch.tensor([0.08, 0.42], dtype=x.dtype)
    return x[0] * (c[0] + c[1] - 0.5) + x[1] * (torch.ones((), dtype=x.dtype) * 0.08 + 0.42 - 0.5) + x[2]


def test_the_graphs_rounded_constants_are_the_programs_data_and_a_rerun_leaves_the_exact_replay_as_it_was():
    target = targets.resolve(window_ends, framework="torch")
    (result,) = gradcli.check(target, [{"x": np.array([1.0, 2.0, 3.0])}], dtypes=("float64",), fixes=False).results
    assert result.gradient["x"] == [0.0, 0.0, 1.0] and [float(v) for v in result.exact_gradient["x"]] == EXACT
    assert result.status == "ok" and any("rounding of the program's data" in n for n in result.notes)
    x = np.array([mpmath.mpf(1), mpmath.mpf(2), mpmath.mpf(3)], dtype=object)
    with mpmath.workprec(200):  # after the reruns with moved constants, the exact replay holds them as written
        assert target.mp_function(x) == 3 - 3 * mpmath.mpf(2) ** -56
