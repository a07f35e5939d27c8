"""The classes of round 33a's findings (tests/trials/cases33a.py), each against an independent truth.

N1: where an op underflowed in the dtype and a library function then took another path than the exact run's (a
weight of scipy.special.logsumexp's b= that is 0 in float64 and e^-800 exactly, so the float run drops its term), the
two runs' ops no longer paired and an unstable result named no op at all. The ops both runs ran alike before they
first part now pair: the underflow that lost the answer is named at its line.

N2: np.fill_diagonal on an array holding a value gradcli differentiates was refused as a function gradcli.numpy lacks.
As a statement on an array the function made itself it is now a write, as ``out[i] = v`` is: the array is bound to
the one NumPy's write would make (a traced fill on the diagonal, or a traced array with a constant diagonal).

N3: np.full and np.full_like with a fill value gradcli differentiates: np.full refused it as an array conversion, and
np.full_like kept the fill's number and dropped its gradient (the gradient 0, and a sound program judged wrong). A
traced fill is now broadcast to the shape: each entry is the fill, its gradient their sum.

A1: an audit's worker whose JAX call ran past --max-time in compiled code that honours no stop (a float32 Newton
loop that never meets its 1e-13 step) kept that call running and was given the next case, whose JAX calls gradcli
then refused to start beside it: the next JAX case was an error with no verdict. Such a worker is now retired as it
answers, and a case queued behind it runs in a fresh one.
"""

import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import gradcli

N1 = """
import numpy as np
import scipy.special


def cure_log_survival(b):
    cured = scipy.special.expit(b)
    return scipy.special.logsumexp([0.0, -900.0], b=[cured, 1.0 - cured])
"""

N2 = """
import numpy as np


def correlation_energy(rho):
    corr = np.full((3, 3), rho)
    np.fill_diagonal(corr, 1.0)
    return np.sum(corr * corr)


def diagonal_energy(x):
    out = np.zeros((3, 3))
    np.fill_diagonal(out, x)
    return np.sum(out * np.arange(9.0).reshape(3, 3))


def repeated_diagonal(v):
    out = np.zeros((3, 3))
    np.fill_diagonal(out, v)
    return np.sum(out * np.arange(9.0).reshape(3, 3))
"""

N3 = """
import numpy as np


def filled_like(x, s):
    return np.sum(np.full_like(x, s) * x)


def filled(s):
    return np.sum(np.full(4, s) ** 2)
"""


def _check(tmp_path, source, name, points):
    path = tmp_path / f"{name}33a.py"
    path.write_text(textwrap.dedent(source))
    return gradcli.check(f"{path}:{name}", points, dtypes=("float64",))


def test_an_underflowed_weight_that_sends_logsumexp_down_another_path_is_named_at_its_line(tmp_path):
    report = _check(tmp_path, N1, "cure_log_survival", [{"b": -750.0}])
    (result,) = report.results
    # the exact value is log(e^-750 + e^-900) ~ -750 (e^-750 is below float64's subnormals); float64 drops the cured
    # share and answers -900
    assert result.status == "unstable"
    assert abs(float(result.exact_value) + 750) < 1e-12 * 750
    lines = [f.location for f in result.findings if f.kind == "underflow"]
    assert lines and all(str(line).endswith("cure_log_survival33a.py:7") for line in lines)


def _gradient(result, name):
    return np.asarray(result.exact_gradient[name], dtype=float), np.asarray(result.gradient[name], dtype=float)


def test_fill_diagonal_writes_into_an_array_holding_a_traced_value(tmp_path):
    # sum of the squared entries of a 3x3 matrix with rho off the diagonal and 1 on it: 3 + 6 rho^2, slope 12 rho
    (result,) = _check(tmp_path, N2, "correlation_energy", [{"rho": 0.3}]).results
    assert result.status == "ok"
    for got in _gradient(result, "rho"):
        assert got == pytest.approx(12 * 0.3, rel=1e-13)


def test_fill_diagonal_writes_a_traced_value_onto_the_diagonal(tmp_path):
    # x on the diagonal of zeros, weighted by 0, 4 and 8: 12 x, slope 12
    (result,) = _check(tmp_path, N2, "diagonal_energy", [{"x": 1.5}]).results
    assert result.status == "ok"
    for got in _gradient(result, "x"):
        assert got == pytest.approx(12.0, rel=1e-13)


def test_fill_diagonal_repeats_an_array_of_values_as_numpy_does(tmp_path):
    # v = [a, b] on a 3x3 diagonal is a, b, a: weights 0 + 8 for a and 4 for b
    (result,) = _check(tmp_path, N2, "repeated_diagonal", [{"v": [1.0, 2.0]}]).results
    assert result.status == "ok"
    for got in _gradient(result, "v"):
        assert got == pytest.approx([8.0, 4.0], rel=1e-13)


def test_full_like_and_full_keep_the_gradient_of_a_traced_fill(tmp_path):
    # s * sum(x): d/ds = sum(x), d/dx = s
    (result,) = _check(tmp_path, N3, "filled_like", [{"x": [1.0, 2.0, 4.0], "s": 0.5}]).results
    assert result.status == "ok"
    for got in _gradient(result, "s"):
        assert got == pytest.approx(7.0, rel=1e-13)
    for got in _gradient(result, "x"):
        assert got == pytest.approx([0.5, 0.5, 0.5], rel=1e-13)
    # 4 s^2: slope 8 s
    (result,) = _check(tmp_path, N3, "filled", [{"s": 0.75}]).results
    assert result.status == "ok"
    for got in _gradient(result, "s"):
        assert got == pytest.approx(6.0, rel=1e-13)


# Two JAX cases on one worker: the first's own call runs for ever in the lax.while_loop of a lax.custom_root's solver
# (its stop never met, and nothing stops it once compiled); the second, a plain sine, must still get its verdict.
AFTER_A_STUCK_CALL = """
import os
from gradcli.audit.cases import make_case
from gradcli.audit.run import run_audit

open("model.py", "w").write(
    "import jax\\nimport jax.numpy as jnp\\n"
    "def _never_ends(f, y0):\\n"
    "    return jax.lax.while_loop(lambda s: s[1] > 0.0, lambda s: (s[0] - f(s[0]), s[1]), (y0, 1.0))[0]\\n"
    "def stuck(x):\\n    return jax.lax.custom_root(lambda y: y - x, x, _never_ends, lambda g, y: y / g(1.0))\\n"
    "def sine(x):\\n    return jnp.sin(x)\\n")

def case(name, target):
    options = {"at": ["x=1"], "dtypes": ["float64"], "timeout": 120, "max_time": 1, "fixes": False}
    return make_case(name, target, [options], folder=os.getcwd())

print(" ".join(f"{c.name}={c.status}" for c in run_audit([case("stuck", "model.py:stuck"), case("sine", "model.py:sine")],
                                                          jobs=1).cases))
"""


@pytest.mark.wall_clock_budget
def test_a_case_after_a_stuck_framework_call_runs_in_a_fresh_worker(tmp_path):
    env = {**os.environ, "PYTHONPATH": os.getcwd() + os.pathsep + os.environ.get("PYTHONPATH", "")}
    done = subprocess.run([sys.executable, "-c", AFTER_A_STUCK_CALL], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=600)
    assert done.stdout.split() == ["stuck=error", "sine=pass"], done.stderr[-2000:]
