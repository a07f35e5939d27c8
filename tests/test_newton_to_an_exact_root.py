"""Newton's steps converging to an exact zero root: the exact slope is a number far below every float, unreachable.

40 Newton steps on Kepler's equation E - e sin E = M from E = pi at M = 0 approach the root E = 0 cubically (the
equation's second derivative is 0 there): log2 |E| triples each step, past -170000 by the twelfth, about -4e18 by
the fortieth, and dr/dM = e sin(E_40) dE_40/dM, with dE_40/dM near 1 / (1 - e) = 2, is that small and positive. No
run of the program at any precision gradcli can afford tells it from 0 (each step cancels all but the cube of its
input), so the point has no exact reference; what gradcli says must give the reason: the bound lies below every
float64, so the working precision's 0 is its rounding either way. Truth: the iterates themselves in mpmath at 200000
bits.
"""

import mpmath
import pytest

import gradcli
from gradcli.checker.balls import below_every_float

PROGRAM = """import numpy as np


def radius_fixed_steps(M, e):
    E = np.pi + 0 * M
    for _ in range(40):
        E = E - (E - e * np.sin(E) - M) / (1 - e * np.cos(E))
    return 1 - e * np.cos(E)
"""


def _log2_of_iterates(steps):
    """log2 |E_n| of the first ``steps`` iterates, at 200000 bits (enough for these, none for the fortieth)."""
    with mpmath.workprec(200000):
        E, e, out = mpmath.mpf(float(mpmath.pi)), mpmath.mpf(0.5), []
        for _ in range(steps):
            E = E - (E - e * mpmath.sin(E)) / (1 - e * mpmath.cos(E))
            out.append(float(mpmath.log(abs(E), 2)))
        return out


def test_the_iterates_shrink_cubically_past_every_float():
    logs = _log2_of_iterates(11)
    # from the fifth step on, each log2 |E| is three times the last, less log2(3): E' = E^3 / 3 to first order
    for before, after in zip(logs[4:], logs[5:]):
        assert after == pytest.approx(3 * before - mpmath.log(3, 2), rel=1e-6)
    assert logs[-1] < -32768  # below what balls of gradcli's most bits hold, 29 steps short of the fortieth


def test_the_reference_says_why_it_has_no_answer(tmp_path):
    path = tmp_path / "kepler.py"
    path.write_text(PROGRAM)
    [result] = gradcli.check(f"{path}:radius_fixed_steps", [{"M": 0.0, "e": 0.5}], dtypes=("float64",)).results
    assert result.status == "error"
    message = " ".join(f.message for f in result.findings)
    assert "not proven 0" in message and "smaller than any float64" in message


def test_a_bound_a_float_holds_gets_no_such_note():
    assert below_every_float(-1000) == ""
    assert "smaller than any float64" in below_every_float(-1075)
