"""The exact reference's linear algebra on entries whose exponents no fraction can hold: e^(-1/x^2) at x = 1e-300.

A 2x2 determinant [[2, k], [k, 2]] with k = e^(-1/x^2) = e^(-1e600): its entry's binary exponent has 600 digits, and
the exact elimination's fraction of it (a denominator 2^(1.4e600)) aborted the process in GMP ("overflow in mpz
type", exit 134) or grew until the kernel killed it. Such a matrix is now mpmath's (rounded) elimination, as a
matrix too large for exact rows is, and the point gets its verdict: float64's x^2 underflows to 0, so -1/x^2 is -inf
and the slope 0 * inf is NaN (`unstable`); the exact slope is d det / dx = -2 k dk/dx = -4 k^2 / x^3, whose exponent
no float holds. The run is held to 4 GB of memory, so a regression fails here rather than taking the machine.
"""

import json
import resource
import subprocess
import sys

import mpmath

from gradcli.autodiff import mp
from gradcli.autodiff.plain import whole_number

PROGRAM = """import gradcli.numpy as gnp


def bump_det(x):
    k = gnp.exp(-1.0 / x ** 2)
    return gnp.linalg.det(gnp.array([[2.0, k], [k, 2.0]]))


def bump_solve(x):
    k = gnp.exp(-1.0 / x ** 2)
    return gnp.sum(gnp.linalg.solve(gnp.array([[2.0, k], [k, 2.0]]), gnp.array([1.0, 0.0])))
"""


def _held_to_4_gb():
    resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))


def _check(path, function):
    run = subprocess.run([sys.executable, "-m", "gradcli", "check", f"{path}:{function}", "--at", "x=1e-300",
                          "--dtype", "float64", "--json"], capture_output=True, text=True, timeout=300,
                         preexec_fn=_held_to_4_gb)
    assert run.returncode == 1, (run.returncode, run.stderr[-2000:])
    [result] = json.loads(run.stdout)["results"]
    return result


def test_a_determinant_of_an_entry_beyond_every_fraction_gets_its_verdict(tmp_path):
    path = tmp_path / "bump.py"
    path.write_text(PROGRAM)
    for function in ("bump_det", "bump_solve"):
        result = _check(path, function)
        assert result["status"] == "unstable", (function, result["findings"])
        assert result["exact_value"] in (4.0, 0.5)  # det 4 - k^2, and the solve's (2 - k) / (4 - k^2)
        assert "e-" in result["exact_gradient_text"]["x"]  # a slope below every float, said by its digits


def test_no_fraction_or_whole_number_is_made_of_such_an_exponent():
    mp.enable()
    tiny = mpmath.mpf((0, 1, -10**30, 1))  # 2^-(10^30)
    assert mp._fractions([tiny]) is None
    assert mp._fractions([mpmath.mpf(0.75)]) == [0.75]
    assert whole_number(tiny) is None and whole_number(-tiny) is None
    assert whole_number(mpmath.mpf(6)) == 6 and whole_number(mpmath.mpf(6.5)) is None
