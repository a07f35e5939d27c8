"""A float's error against an exact number whose exponent is 10^83 away is measured without filling memory.

A CES production function 1.5 (0.3 K^rho + (1 - 0.3) L^rho)^(1/rho) at rho = 1e-100: the program's 0.3 and 1 - 0.3
sum to 1 - 2^-54, which float64 rounds to 1, so the float value is 1.5 while the exact one is 1.5 (1 - 2^-54 -
2.8e-101)^(1/rho), about 10^(-2.4e83). Measuring what an op carried to a later sum subtracted the float 3.1e99 from that exact number
without rounding, and the process stopped with "internal error: OverflowError: the exact result does not fit in
memory" (exit 3). The difference is rounded once, past a float's bits, and the point gets its verdict: `unstable`,
the power named. Truth: 1.5 (0.3 2^rho + (1 - 0.3) 0.5^rho)^(1/rho) at the float rho and the float 0.3, in mpmath.
"""

import json
import subprocess
import sys

import mpmath

from gradcli.checker.provenance import _carried_errors

PROGRAM = """import gradcli.numpy as gnp


def ces_output(capital, labour, rho):
    return 1.5 * (0.3 * capital ** rho + (1 - 0.3) * labour ** rho) ** (1 / rho)
"""


def test_a_value_ten_to_minus_ten_to_83_gets_its_verdict(tmp_path):
    path = tmp_path / "ces.py"
    path.write_text(PROGRAM)
    run = subprocess.run([sys.executable, "-m", "gradcli", "check", f"{path}:ces_output", "--at",
                          "capital=2,labour=0.5,rho=1e-100", "--dtype", "float64", "--json"],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 1, run.stderr[-2000:]
    [result] = json.loads(run.stdout)["results"]
    assert result["status"] == "unstable", result["findings"]
    with mpmath.workdps(300):  # log10 of 1.5 base^(1/rho) at the float rho: its exponent, then its leading digits
        rho, share, rest = mpmath.mpf(1e-100), mpmath.mpf(0.3), mpmath.mpf(1 - 0.3)  # Python rounds 1 - 0.3 once
        base = share * mpmath.power(2, rho) + rest * mpmath.power(0.5, rho)  # 1 - 2^-54 - 2.8e-101
        log10 = mpmath.log10(1.5) + mpmath.log(base) / rho / mpmath.log(10)
        exponent = int(mpmath.floor(log10))
        leading = mpmath.nstr(mpmath.power(10, log10 - exponent), 8)
    mantissa, _, said_exponent = result["exact_value_text"].partition("e")
    assert int(said_exponent) == exponent and mantissa.startswith(leading[:8]), (result["exact_value_text"], leading)


def test_the_carried_error_is_the_float_itself_across_such_a_gap():
    tiny = mpmath.mpf((0, 1, -10**20, 1))
    assert _carried_errors(3.1e99, tiny) == 3.1e99
    with mpmath.workprec(1000):
        near = mpmath.mpf(-1) - mpmath.mpf("1e-217")
    assert float(_carried_errors(-1.0, near)) == float(mpmath.mpf("1e-217"))  # still every digit of a small one
