"""What the twenty-fifth round (b) of user trials found (tests/test_user_trials25b.py, tests/trials/cases25b.py), for
the whole class of each finding: Python's math functions in a plain NumPy module (E1), an unstable result naming its op
in every dtype (N1) with the digits of a cancellation of an array's entries (V1), the inverse of softplus rewritten
without its overflow (F1), a literal met by float32 data after Python's float64 arithmetic on it (H1), and a pole
through a norm's 0 keeping the other slopes (P1). DiCE's magic box named at its stop form (R1) is tested by
tests/test_held61_stop_forms.py.

The round's whole programs re-run in the long mode (`make trials`); these tests run in every run.
"""

import math
import re
import sys
import textwrap

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp


# --- E1: Python's math functions in a plain NumPy module ----------------------------------------------------------------

SCALAR_CODE = '''
import math
from math import *
from math import exp, log

import numpy as np


def call_delta(s):
    """A textbook's scalar code: the normal cdf by math.erf, logs to a base, a square root of a constant."""
    d1 = (np.log(s / 100.0) + 0.03) / 0.2
    return 0.5 * (1.0 + math.erf(d1 / math.sqrt(2.0)))


def bits(x):
    return log(x, 2) + math.atan2(x, 1.0) + exp(-x) + math.pow(x, 1.5) + hypot(x, 2.0) + math.dist([x, 1.0], [0.0, 3.0])


def starred(x):
    """Every name of math through ``from math import *``: its constants and its plain functions too."""
    return erfc(x) * pi + floor(2.5) + isfinite(2.0)


def exactly_rounded(x):
    return math.fsum([x, 1.0])


def constant_only(x):
    """math on plain numbers stays Python's own: a float, whatever the point."""
    c = math.sqrt(2.0) + math.dist([1.0, 2.0], [1.0, 0.0]) - 2.0
    assert type(c) is float
    return x * c
'''


def test_a_plain_modules_math_functions_differentiate_on_its_values(tmp_path):
    """E1's class: a plain NumPy module's ``import math`` (and ``from math import ...``) gives functions that are
    gradcli's ops on the values it differentiates and Python's own on plain numbers; Python's math module itself
    is untouched."""
    path = tmp_path / "scalar_code.py"
    path.write_text(textwrap.dedent(SCALAR_CODE))
    (r,) = gradcli.check(f"{path}:call_delta", [{"s": 100.0}], dtypes=["float64"], fixes=False).results
    d1 = (math.log(1.0) + 0.03) / 0.2
    assert r.status == "ok" and r.exact_gradient["s"] == pytest.approx(
        math.exp(-d1 * d1 / 2) / math.sqrt(2 * math.pi) / (0.2 * 100.0), rel=1e-14)
    (r,) = gradcli.check(f"{path}:bits", [{"x": 0.75}], dtypes=["float64"], fixes=False).results
    x = 0.75
    want = 1 / (x * math.log(2)) + 1 / (1 + x * x) - math.exp(-x) + 1.5 * math.sqrt(x) + 2 * x / math.hypot(x, 2.0)
    assert r.status == "ok" and r.exact_gradient["x"] == pytest.approx(want, rel=1e-14)
    (r,) = gradcli.check(f"{path}:starred", [{"x": 0.5}], dtypes=["float64"], fixes=False).results
    assert r.status == "ok" and r.exact_gradient["x"] == pytest.approx(-2 / math.sqrt(math.pi) * math.exp(-0.25) * math.pi,
                                                                        rel=1e-14)
    (r,) = gradcli.check(f"{path}:constant_only", [{"x": 3.0}], dtypes=["float64"], fixes=False).results
    assert r.status == "ok" and r.exact_gradient["x"] == pytest.approx(math.sqrt(2.0), rel=1e-15)
    assert sys.modules["math"] is math and math.erf.__module__ == "math"
    # math.fsum, exactly rounded, has no stand-in: the advice is in the file's own spelling, as for float(x)
    (r,) = gradcli.check(f"{path}:exactly_rounded", [{"x": 3.0}], dtypes=["float64"], fixes=False).results
    assert r.status == "error" and "use np's functions on it" in r.error and "gradcli.numpy" not in r.error


# --- N1 and V1: an unstable result names its op in every dtype, with the digits that show the cancellation --------------


def _planck(x):
    return gnp.sum(x ** 3 / (gnp.exp(x) - 1.0))


@pytest.mark.parametrize("dtype, x", [("float32", 1e-4), ("float16", 0.02)])
def test_a_result_unstable_by_under_a_thousand_ulps_names_the_op_that_lost_them(dtype, x):
    """N1's class: float32's tolerance (1e-4) is 840 of its ulps and float16's (1e-2) ten; a result off by less than
    1000 ulps is unstable, and names the op that lost them (Planck's e^x - 1 at 1e-4 in float32 is off by 1.2e-4)."""
    (r,) = gradcli.check(_planck, [{"x": np.array([x])}], dtypes=[dtype], fixes=False).results
    assert r.status == "unstable"
    assert [f.op for f in r.findings if f.phase == "forward"][:1] == ["subtract"], [f.message for f in r.findings]


def test_a_cancellation_of_an_arrays_entries_shows_the_digits_that_differ():
    """V1's class: 7 digits write the operands of a cancellation in an array as equal numbers (e^1e-10 - 1 as
    ``subtract([1], 1.0) = [1e-10]``): they are written as a number's are."""
    (r,) = gradcli.check(_planck, [{"x": np.array([1e-10])}], dtypes=["float64"], fixes=False).results
    (finding,) = [f for f in r.findings if f.kind == "cancellation"]
    # e^1e-10 to the last digit NumPy's exp gives on this machine
    assert re.search(r"subtract\(\[1\.0000000001\d*\], 1\.0\) = \[1\.0000000\d+e-10\]", finding.message), finding.message


# --- F1: the inverse of softplus, log(e^u - 1) ---------------------------------------------------------------------------


@pytest.mark.parametrize("formula, rewritten", [("log(exp(y) - 1)", "(y + log(-expm1(-y)))"),
                                                ("log(expm1(y))", "(y + log(-expm1(-y)))"),
                                                ("log(expm1(2*y)) + y", "((2*y) + log(-expm1(-(2*y)))) + y")])
def test_the_log_of_e_to_the_u_minus_one_is_rewritten_without_its_overflow(formula, rewritten):
    """F1's class: log(expm1(u)) (the inverse of softplus) overflows past u = 709 with no fix offered (expm1 alone
    keeps the overflow); u + log(-expm1(-u)) is right at 800 and at 1e-300 alike, re-checked at both."""
    report = gradcli.check(formula, [{"y": 800.0}, {"y": 1e-300}], dtypes=["float64"])
    fix = {f.name: f for f in report.fixes}["softplus inverse"]
    assert fix.formula == rewritten and not fix.partial
    assert fix.after == {"y=800 float64": "ok", "y=1e-300 float64": "ok"}


# --- H1: a literal held as float32 where it meets data, its Python arithmetic before that computed in float64 ---------


def test_a_literal_met_by_float32_data_keeps_the_float64_arithmetic_python_did_on_it(tmp_path):
    path = tmp_path / "tripled.py"
    path.write_text("import numpy as np\n\n\ndef tripled(x):\n    c = 0.1\n    return np.sum(x * (c * 3) / c)\n")
    (r,) = gradcli.check(f"{path}:tripled", [{"x": np.array([1.0])}], dtypes=["float32"], fixes=False).results
    want = float(np.float32(0.1 * 3)) / float(np.float32(0.1))  # 3.0000000745: each number as float32 holds it
    assert r.exact_gradient["x"][0] == pytest.approx(want, rel=1e-12)


# --- P1: a pole reached through a norm's 0 keeps the other inputs' slopes, as 1/(x*x + y*y) + z does -----------------


def test_a_pole_through_a_norms_zero_keeps_the_other_slopes():
    (r,) = gradcli.check("1/sqrt(x*x + y*y) + z", [{"x": 0.0, "y": 0.0, "z": 3.0}], dtypes=["float64"],
                         fixes=False).results
    assert r.status == "domain" and r.exact_gradient["z"] == 1.0
