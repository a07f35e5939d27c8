"""A singular point's difference quotients are said with their steps' own digits, never a step of 0.

1/(1 + k + sqrt(k^2 + 2k)) behind a double where at k = 0: from the right its slope runs to -inf as -1/sqrt(2k),
and the quotients that show it are taken at steps far below float64's least number (1e-326, 1e-489), which a float
would print as 0e+00. Truth: the steps are 10^-(digits/3) and 10^-(digits/2) relative to the point's scale.
"""

import re

import mpmath

import gradcli
from gradcli.checker.judge import _any_size

PROGRAM = """import gradcli.numpy as gnp


def reflectance(ks):
    positive = ks > 0.0
    safe = gnp.where(positive, ks, 1.0)
    return gnp.where(positive, 1.0 / (1.0 + safe + gnp.sqrt(safe ** 2 + 2.0 * safe)), 1.0)
"""


def test_steps_below_every_float_are_said_by_their_digits(tmp_path):
    path = tmp_path / "paint.py"
    path.write_text(PROGRAM)
    [result] = gradcli.check(f"{path}:reflectance", [{"ks": 0.0}], dtypes=("float64",), fixes=False).results
    [singular] = [f for f in result.findings if "at step" in f.message]
    steps = re.findall(r"at step ([^,)]+)", singular.message)
    assert len(steps) >= 2 and all(mpmath.mpf(step) != 0 for step in steps), singular.message
    assert "0e+00" not in singular.message


def test_a_number_a_float_holds_keeps_its_float_format():
    assert _any_size(mpmath.mpf("1e-5"), ".0e") == "1e-05"
    assert _any_size(mpmath.mpf("-1.4123e163"), ".3g") == "-1.41e+163"
    assert _any_size(mpmath.mpf("1e-400"), ".0e") == "1.0e-400"
    assert _any_size(mpmath.mpf("-1.4123e500"), ".3g") == "-1.41e+500"
