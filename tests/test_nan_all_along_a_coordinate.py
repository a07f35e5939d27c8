"""An inf - inf that a coordinate moves is NaN all along that coordinate: no slope there, whatever a proof finds; and
a where's branch it leaves is no argument of the entries it picks a constant infinity for.

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


def stacked(x, y):
    v = np.log(np.stack([x, y]))
    return (v - v)[0] + y ** 2


X = np.array([[1.0, 0.5], [0.2, -1.0], [0.7, 0.3]])
AT_RISK = np.array([[True, True, True], [False, True, True], [False, False, False]])


def cox_lse(beta):
    eta = X @ beta
    return np.sum(eta - np.logaddexp.reduce(np.where(AT_RISK, eta[None, :], -np.inf), axis=1))


def cox_log_sum(beta):
    eta = X @ beta
    return np.sum(eta - np.log(np.sum(np.where(AT_RISK, np.exp(eta[None, :]), 0.0), axis=1)))
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


def test_an_entry_beside_the_infinity_in_one_array_never_meets_it(tmp_path):
    # log(stack([x, y])) at x = 0: the -inf entry is made of x alone; y's entry beside it moves, and never reaches
    result = _check(tmp_path, NUMPY, "stacked", "x=0.0,y=3.0")
    assert result["status"] == "domain"
    assert result["exact_gradient"] == {"x": "nan", "y": 6.0}


def test_an_empty_risk_set_keeps_the_other_slopes_in_either_spelling(tmp_path):
    # the last row is at risk nowhere: log 0 = -inf whatever beta is (the where picks -inf there, eta beside it moves),
    # eta - log 0 = +inf, and the rows beside it keep beta's slopes, as README's poles do
    found = [_check(tmp_path, NUMPY, name, "beta=[0.5,-0.3]") for name in ("cox_lse", "cox_log_sum")]
    for result in found:
        assert result["status"] == "domain"
        assert all(isinstance(e, float) for e in result["exact_gradient"]["beta"]), result["exact_gradient"]
    (a0, a1), (b0, b1) = (r["exact_gradient"]["beta"] for r in found)
    assert abs(a0 - b0) <= 1e-12 * abs(b0) and abs(a1 - b1) <= 1e-12 * abs(b1)
