"""Slopes beside a NaN that arithmetic makes (inf - inf): a coordinate whose slope the NaN multiplies has none,
whatever a proof finds; one the NaN never meets keeps its own; and a where's branch it leaves is no argument of the
entries it picks a constant infinity for.

exp(cumsum(log a)) at a gate a[1] = 0 makes the running log -inf from a[1] on; the loss reads log_a[-1] - log_a,
-inf - (-inf) = NaN at every entry past the gate, and squares it. a[0] moves only the finite part of both sides of
the subtraction (the infinity takes the move in), but the square's partial 2 (h - 0.25) is the NaN itself, and it
multiplies a[0]'s slope: no slope, though a proof that cancels l - l's two paths first (+1 - 1 = 0) finds 0. Without
the square (l - l alone), a[0] keeps the finite parts' slope 0, as README keeps the slopes beside a pole.
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


def l_minus_l_alone(a0, a1):
    l1 = np.log(a0) + np.log(a1)
    return l1 - l1


def gated_scan(a, x):
    log_a = np.cumsum(np.log(a))
    return (np.sum(np.exp(log_a[-1] - log_a) * x) - 0.25) ** 2


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
    return (jnp.sum(jnp.exp(log_a[-1] - log_a) * x) - 0.25) ** 2
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


def test_l_minus_l_alone_keeps_the_finite_parts_slope(tmp_path):
    result = _check(tmp_path, NUMPY, "l_minus_l_alone", "a0=0.9,a1=0.0")
    assert result["status"] == "domain"
    assert result["exact_gradient"] == {"a0": 0.0, "a1": "nan"}


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
