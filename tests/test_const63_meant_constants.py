"""A value that is what the program means, to the rounding of a constant it writes, is no lost-digit cancellation.

The class of issue 27's C1: code writes ``math.log(2.0)``, ``np.log(2)``, ``math.pi`` or ``math.e`` beside a term that
equals the constant at the point (softplus(0) - log 2, 2 arccos(0) - pi, exp(1) - e). The float program gives 0, the exact value of the
program as written is the constant's rounding (2.3e-17, 1.2e-16; a float32 program's own float32 constant too), and
the value is judged against the program as meant, its constants the numbers they round: exact, so ok. A real
cancellation (log(1 + x) - x at tiny x, 1 - cos x, softplus(x) - log 2 at x = 1e-10) is off the meant value as much as
the written one, and stays unstable. The truths are mpmath's at 50 digits, from the mathematics written again here.
"""

import mpmath
import numpy as np
import pytest

import gradcli

CODE = '''import math
import numpy as np


def softplus_minus_ln2(x):
    return np.log1p(np.exp(x)) - math.log(2.0)


def logaddexp_minus_np_log2(x):
    return np.logaddexp(x, 0.0) - np.log(2)


def twice_arccos_minus_pi(x):
    return 2.0 * np.arccos(x) - math.pi


def exp_minus_e(x):
    return np.exp(x) - math.e


def log1p_by_hand(x):
    return np.log(1 + x) - x


def one_minus_cos(x):
    return 1 - np.cos(x)
'''


def _check(tmp_path, name, x, dtypes):
    (tmp_path / "meant_constants.py").write_text(CODE)
    return gradcli.check(f"{tmp_path / 'meant_constants.py'}:{name}", [{"x": x}], dtypes=dtypes, fixes=False).results


@pytest.mark.parametrize("name, x, slope", [
    ("softplus_minus_ln2", 0.0, mpmath.mpf(1) / 2),  # d/dx log(1 + e^x) at 0
    ("logaddexp_minus_np_log2", 0.0, mpmath.mpf(1) / 2),
    ("twice_arccos_minus_pi", 0.0, -2 * mpmath.mpf(1)),  # 2 arccos'(0) = -2
    ("exp_minus_e", 1.0, mpmath.e),
])
def test_a_constants_rounding_is_no_cancellation(tmp_path, name, x, slope):
    # (NumPy's float32 exp(1) is the float32 above e, not the nearest: its 0 is float64's alone)
    for r in _check(tmp_path, name, x, ["float64"] if name == "exp_minus_e" else ["float32", "float64"]):
        assert r.status == "ok", (r.dtype, r.findings)
        assert r.value == 0.0  # the meant value, to the constant's rounding
        assert abs(mpmath.mpf(r.exact_gradient["x"]) - slope) <= 1e-15 * abs(slope)
        assert any("rounding of its constants" in note for note in r.notes), r.notes


@pytest.mark.parametrize("name, x, truth", [
    ("softplus_minus_ln2", 1e-10, lambda x: mpmath.log(1 + mpmath.exp(x)) - mpmath.log(2)),
    ("log1p_by_hand", 1e-9, lambda x: mpmath.log1p(x) - x),
    ("one_minus_cos", 1e-5, lambda x: 2 * mpmath.sin(x / 2) ** 2),
    ("exp_minus_e", 1.0000000001, lambda x: mpmath.exp(x) - mpmath.e),
])
def test_a_real_cancellation_stays_unstable(tmp_path, name, x, truth):
    (r,) = _check(tmp_path, name, x, ["float64"])
    with mpmath.workdps(50):
        exact = truth(mpmath.mpf(x))
        assert abs(r.value - exact) > 1e-12 * abs(exact)  # the float program did lose digits
    assert r.status == "unstable"
    assert not any("rounding of its constants" in note for note in r.notes)
