"""An op that gave 0 where its exact result is smaller than the dtype's smallest normal number underflowed.

JAX's log(exp(a) - exp(b)) at a = 708.3964185322642: the backward's
1/(exp(a) - exp(b)) is 2.2e-308, a subnormal float64, which XLA's CPU backend
flushes to 0. Its relative error is 1, but no rounding was amplified: the
finding says the result underflowed, and why.
"""

import json
from pathlib import Path

import mpmath
import numpy as np
from click.testing import CliRunner

from gradcli.checker.provenance import OpRecord, _describe
from gradcli.cli import cli

TRIAL = Path(__file__).parent / "trials" / "jax_lib15a.py"


def test_a_subnormal_result_flushed_to_zero_is_said_to_underflow():
    args = ["check", f"{TRIAL}:log_diff_exp_naive", "--at", "a=708.3964185322642,b=0.5", "--dtype", "float64", "--json"]
    (checked,) = json.loads(CliRunner().invoke(cli, args).stdout)["results"]
    assert checked["gradient_status"] == "unstable"
    (finding,) = [f for f in checked["findings"] if f["gradcli_op"] == "divide"]
    assert finding["kind"] == "underflow" and finding["phase"] == "backward" and finding["output"] == "0.0"
    assert "underflowed to 0.0" in finding["message"] and "is a subnormal float64" in finding["message"]
    assert "flushed to 0" in finding["message"] and "amplifies" not in finding["message"]
    assert "flushed to 0, as XLA's CPU code does" in finding["message"] and "TensorFlow" not in finding["message"]


def _op(output, *args):
    return OpRecord(0, "exp", "forward", args, output)


def test_a_zero_below_the_smallest_subnormal_underflowed_without_a_flush():
    with mpmath.workdps(30):
        finding = _describe(_op(np.float64(0.0), np.float64(-900.0)), _op(mpmath.exp(-900), mpmath.mpf(-900)), 1e16, 1.0, 1e-16)
    assert finding.kind == "underflow" and "is below the smallest float64" in finding.message
    assert "subnormal" not in finding.message and "amplifies" not in finding.message


def test_a_zero_whose_exact_result_is_a_normal_number_is_not_an_underflow():
    with mpmath.workdps(30):
        finding = _describe(_op(np.float64(0.0), np.float64(1.0)), _op(mpmath.mpf("1e-300"), mpmath.mpf(1)), 1e16, 1.0, 1e-16)
    assert finding.kind == "inaccurate" and "amplifies rounding errors" in finding.message
