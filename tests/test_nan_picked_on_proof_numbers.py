"""A NaN that an op outside its domain makes (log1p(-800)) is picked as NumPy picks it, on proof numbers too.

``np.clip(np.log1p(x), -5.0, 5.0)`` at x = -800: NumPy's log1p gives NaN and clip keeps it. The balls cannot compare
a NaN with -5, so the proof numbers decided the clip, comparing the symbolic log of -799 as though it were
log 799 = 6.68: the exact value 5 and slope 0, `unstable`, where the function has no value (round 55d). maximum,
minimum and clip now answer the NaN itself there, fmax and fmin the other operand, as NumPy does.
"""

import math

import pytest

import gradcli

SOURCE = '''import numpy as np


def clipped(x):
    return np.sum(np.clip(np.log1p(x), -5.0, 5.0))


def floored(x):
    return np.sum(np.maximum(np.log1p(x), -5.0))


def fmax_floored(x):
    return np.sum(np.fmax(np.log1p(x), -5.0))
'''


@pytest.mark.parametrize("function", ["clipped", "floored"])
@pytest.mark.parametrize("at", [-800.0, -150.0, -1e10])
def test_a_nan_operand_is_kept_by_clip_and_maximum(tmp_path, function, at):
    path = tmp_path / "picks.py"
    path.write_text(SOURCE)
    (result,) = gradcli.check(f"{path}:{function}", [{"x": at}], dtypes=["float64"]).results
    assert result.status == "domain", [f.message for f in result.findings]
    assert math.isnan(float(result.exact_value)), result.exact_value


def test_fmax_answers_the_other_operand(tmp_path):
    path = tmp_path / "picks.py"
    path.write_text(SOURCE)
    (result,) = gradcli.check(f"{path}:fmax_floored", [{"x": -800.0}], dtypes=["float64"]).results
    assert result.status == "ok" and float(result.exact_value) == -5.0 and float(result.exact_gradient["x"]) == 0.0
