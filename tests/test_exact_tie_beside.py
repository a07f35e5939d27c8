"""A switch the point sits on in one coordinate does not stop the proofs of another coordinate's slope.

``|x[:2]|^2 + copysign(x[2], x[2] - 1)`` at [0, 0, 1]: x[2] sits on copysign's
switch (a jump), and x[0]'s and x[1]'s slopes are 0, proven by the symmetry of
the program in their steps (or, for ``|x[:2]| x[0]``, by the mean value
theorem); the norm's rule at 0 makes them NaN, judged beside the jump as
entries of their own. The tie at x[2] is between numbers x[0]'s seed leaves still (their
derivatives the zero function of the inputs), so it is decided alike all along
x[0]'s line: no tie for x[0]'s proof. A tie between numbers the seed moves
(abs(x[0]) at 0) still refuses.
"""

from __future__ import annotations

import numpy as np
import pytest

import gradcli

MODULE = """
import numpy as np


def norm_squared_and_switch(x):
    return np.linalg.norm(x[:2]) ** 2 + np.copysign(x[2], x[2] - 1)


def norm_times_entry_and_switch(x):
    return np.linalg.norm(x[:2]) * x[0] + np.copysign(x[2], x[2] - 1)
"""


@pytest.mark.parametrize("name", ["norm_squared_and_switch", "norm_times_entry_and_switch"])
def test_a_jump_in_one_coordinate_leaves_the_others_proven(tmp_path, name):
    path = tmp_path / "ties.py"
    path.write_text(MODULE)
    point = {"x": np.array([0.0, 0.0, 1.0])}
    (result,) = gradcli.check(f"{path}:{name}", [point], dtypes=("float64",), fixes=False).results
    # x[0]'s and x[1]'s slopes 0 come out NaN from the norm's rule at 0 (0 * inf): wrong, beside x[2]'s jump
    assert result.status == "wrong", [f.message for f in result.findings]
    (jump,) = [f for f in result.findings if f.kind == "jump"]
    assert jump.op == "x[2]"
    assert "nonfinite-rule" in [f.kind for f in result.findings]
    assert [float(e) for e in result.exact_gradient["x"][:2]] == [0.0, 0.0]


def test_a_tie_the_seed_moves_is_a_tie():
    import gradcli.numpy as gnp
    from gradcli.autodiff import arb as arb_core
    from gradcli.checker import python_zero
    from gradcli.checker.exact_python import _traced

    arb_core.enable()
    point = [np.array([0.0, 1.0])]
    flat = np.array([0.0, 1.0])
    run = lambda *t: _traced(lambda x: gnp.abs(x[0]) + gnp.copysign(x[1], x[1] - 1), t)  # noqa: E731
    assert python_zero._smooth_path(run, point, flat, 0) is False  # abs at 0 in x[0]'s own line
    assert python_zero._smooth_path(run, point, flat, 1) is False  # copysign's tie in x[1]'s line
    still = lambda *t: _traced(lambda x: x[0] ** 2 + gnp.copysign(x[1], x[1] - 1), t)  # noqa: E731
    assert python_zero._smooth_path(still, point, flat, 0) is not False
