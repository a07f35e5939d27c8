"""--full: the exact gradient of a Python function entry by entry above 64 inputs, where it is otherwise directional."""

import json
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import gradcli
from gradcli.checker.fd import DIRECTIONAL_ABOVE
from gradcli.checker.precision import MAX_FD_COORDINATES, MAX_JET_COORDINATES

X = np.array([0.3, -1.2, 0.7, 2.0, -0.5])
W = np.arange(70.0).reshape(14, 5) / 70.0 - 0.4  # a 14x5 weight matrix: 70 inputs, above the limit

SOURCE = """
import numpy as np
import gradcli.numpy as gnp

X = np.array([0.3, -1.2, 0.7, 2.0, -0.5])


def layer(w):
    return gnp.sum(gnp.tanh(w @ X))
"""


def _truth(w):
    """d/dW sum(tanh(W x)) = (1 - tanh(W x)^2) x^T, in float64 (its own arithmetic, not gradcli's)."""
    return np.outer(1.0 - np.tanh(w @ X) ** 2, X)


@pytest.fixture
def layer(tmp_path):
    path = tmp_path / "weights.py"
    path.write_text(textwrap.dedent(SOURCE))
    return f"{path}:layer"


def test_the_limit_is_below_a_small_weight_matrix():
    assert W.size > MAX_JET_COORDINATES


def test_by_default_the_exact_gradient_is_along_one_direction(layer):
    [result] = gradcli.check(layer, [{"w": W}], dtypes=("float64",), fixes=False).results
    assert result.status.value == "ok"
    assert result.exact_gradient["w"] is None
    direction_derivative = result.exact_directional
    assert direction_derivative is not None and np.isfinite(float(direction_derivative))


def test_full_gives_every_entry_of_the_exact_gradient(layer):
    [result] = gradcli.check(layer, [{"w": W}], dtypes=("float64",), fixes=False, full=True).results
    assert result.status.value == "ok"
    exact = np.asarray(result.exact_gradient["w"], dtype=np.float64)
    assert exact.shape == (14, 5)
    np.testing.assert_allclose(exact, _truth(W), rtol=1e-12, atol=0)


def test_full_on_the_command_line_and_its_help_say_the_same(layer):
    run = subprocess.run(
        [sys.executable, "-m", "gradcli", "check", layer, "--at", f"w={json.dumps(W.tolist())}", "--dtype", "float64",
         "--full", "--json", "--no-fix"],
        capture_output=True, text=True, timeout=300,
    )
    assert run.returncode == 0, run.stderr
    [result] = json.loads(run.stdout)["results"]
    np.testing.assert_allclose(np.asarray(result["exact_gradient"]["w"], dtype=np.float64), _truth(W), rtol=1e-12, atol=0)
    shown = subprocess.run([sys.executable, "-m", "gradcli", "check", "--help"], capture_output=True, text=True, timeout=120)
    help_text = " ".join(shown.stdout.split())
    assert (
        f"exact gradient (else along one random direction above {MAX_JET_COORDINATES} inputs, "
        f"or above {MAX_FD_COORDINATES} at a point on a switch)"
    ) in help_text
    assert f"differences (else along one random direction above {DIRECTIONAL_ABOVE} inputs)" in help_text
