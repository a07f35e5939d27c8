"""NumPy's float32 and float16 scalars as constants of a Python function: exact numbers on balls.

A library's float32 code writes its constants as ``np.float32(1e-7)``; flint takes no NumPy type,
and a float32 bound that a saturated clip picks must not carry float32 arithmetic into the next
op. The expectations are derivatives written by hand, evaluated by mpmath at 2,000 digits on the
constants' exact values (a float32 number is a float64 number), never a number from gradcli.
"""

import mpmath
import numpy
import pytest

from test_exact_reference import one
from test_exact_reference_python import _agrees, exact_entries, module

F32 = numpy.float32
EPS = mpmath.mpf(float(F32(1e-7)))  # the float32 constant's exact value
HIGH = mpmath.mpf(float(F32(1 - 1e-7)))

BODIES = {
    # Keras's binary cross-entropy on probabilities: clip to [eps, 1 - eps], then the log of p + eps
    "clip_then_shift": (
        "def f(p):\n    out = np.clip(p, numpy.float32(1e-7), numpy.float32(1 - 1e-7))\n"
        "    return np.sum(np.log(out + numpy.float32(1e-7)))\n"
    ),
    "shift_only": "def f(p):\n    return np.sum(np.log(p + numpy.float16(0.25)))\n",
    "where_picks_a_constant": (
        "def f(p):\n    return np.sum(np.log(np.where(p > 0.75, numpy.float32(0.9), p) * numpy.float32(3)))\n"
    ),
}
SLOPES = {
    "clip_then_shift": lambda p: 0 if p > HIGH else 1 / (p + EPS),
    "shift_only": lambda p: 1 / (p + mpmath.mpf(0.25)),
    "where_picks_a_constant": lambda p: 0 if p > 0.75 else 1 / p,
}


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("name", sorted(BODIES))
def test_numpy_scalar_constants_are_exact_on_balls(tmp_path, name, dtype):
    source = "import numpy\n" + BODIES[name]
    point = numpy.array([1.0, 0.5], dtype=dtype)
    result = one(module(tmp_path, source, name=name) + ":f", {"p": point}, dtype=dtype)
    assert result.status == "ok", (result.status, result.findings, result.notes)
    with mpmath.workdps(2000):
        wanted = [SLOPES[name](mpmath.mpf(float(v))) for v in point]
        got = exact_entries(result, "p")
        assert all(_agrees(g, mpmath.mpf(w)) for g, w in zip(got, wanted)), (got, wanted)
