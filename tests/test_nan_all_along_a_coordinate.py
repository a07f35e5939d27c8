"""An inf - inf that a coordinate moves is NaN all along that coordinate: no slope there, whatever a proof finds.

exp(cumsum(log a)) at a gate a[1] = 0 makes the running log -inf from a[1] on; the loss reads
log_a[-1] - log_a, which is -inf - (-inf) = NaN at every entry past the gate. a[0] feeds both sides of that
subtraction: it moves log(a[0]), which the infinity takes in, so the subtraction's arguments look the same when
a[0] moves, and the two paths of l - l cancel in a proof (+1 - 1 = 0). But the function is NaN along a[0] as at
the point: a[0] has no slope. A coordinate that never meets the NaN (y in log(x) + y**2 at x = -1) keeps its slope,
as README says.
"""

import json
import subprocess
import sys

import pytest

NUMPY = '''
import numpy as np


def l_minus_l(a0, a1):
    l1 = np.log(a0) + np.log(a1)
    return (l1 - l1) ** 2


def gated_scan(a, x):
    log_a = np.cumsum(np.log(a))
    return np.sum(np.exp(log_a[-1] - log_a) * x)


def beside(x, y):
    return np.log(x) + y ** 2
'''

JAX = '''
import jax.numpy as jnp


def gated_scan(a, x):
    log_a = jnp.cumsum(jnp.log(a))
    return jnp.sum(jnp.exp(log_a[-1] - log_a) * x)
'''


def _check(tmp_path, text, function, at):
    path = tmp_path / f"m{abs(hash(text)) % 10**6}.py"
    path.write_text(text)
    done = subprocess.run([sys.executable, "-m", "gradcli", "check", f"{path}:{function}", "--at", at, "--dtype",
                           "float64", "--json"], capture_output=True, text=True, timeout=600)
    assert done.returncode in (0, 1), done.stderr
    return json.loads(done.stdout)["results"][0]


def test_l_minus_l_at_a_log_of_0_has_no_slope_in_either_input(tmp_path):
    result = _check(tmp_path, NUMPY, "l_minus_l", "a0=0.9,a1=0.0")
    assert result["status"] == "domain"
    assert result["exact_gradient"] == {"a0": "nan", "a1": "nan"}
    assert "inf - inf or 0 / 0 of subtract" in result["exact_gradient_why"]["a0"]


@pytest.mark.parametrize("text", [NUMPY, JAX], ids=["numpy", "jax"])
def test_a_gated_scan_has_no_slope_before_the_gate(tmp_path, text):
    result = _check(tmp_path, text, "gated_scan", "a=[0.9,0.0,0.8,0.7],x=[1.0,0.5,2.0,0.5]")
    assert result["status"] == "domain"
    assert result["exact_gradient"]["a"][0] == "nan"


def test_a_coordinate_that_never_meets_the_nan_keeps_its_slope(tmp_path):
    result = _check(tmp_path, NUMPY, "beside", "x=-1.0,y=3.0")
    assert result["status"] == "domain"
    assert result["exact_gradient"] == {"x": "nan", "y": 6.0}
