"""The note "not every step computed in float32" on float32 checks of plain NumPy modules: said where the code itself
leaves float32 for float64 (a float64 constant), never for the steps Python's floats take in any program (a number read
out with ``float(x)``, ``x.tolist()`` or ``map(float, x)``, ``math``'s functions on it, an array made of such numbers),
which NumPy's own run computes in float64 as well. Values and gradients against mpmath's of an independent expression."""

import json
import math

import mpmath
import pytest
from click.testing import CliRunner

import gradcli
from gradcli.cli import cli

SOURCE = """import math

import numpy as np


def through_math(x):
    s = np.sum(x * x)
    return math.exp(float(s) / 4.0) + math.sqrt(x[0] * x[0] + 1.0) + np.sum(np.sin(x))


def mapped(x):
    return sum(v * v * v for v in map(float, x))


def gaussian_cdf(x):
    return np.sum(0.5 * (1 + np.array([math.erf(v / math.sqrt(2)) for v in x.tolist()])))


def upcast(x):
    return np.sum(np.sin(x) * np.float64(1.5))
"""

NOTE = "not every step computed in float32"


def through_math(x):
    return mpmath.exp((x[0] ** 2 + x[1] ** 2) / 4) + mpmath.sqrt(x[0] ** 2 + 1) + mpmath.sin(x[0]) + mpmath.sin(x[1])


TRUTHS = {
    "through_math": through_math,
    "mapped": lambda x: x[0] ** 3 + x[1] ** 3,
    "gaussian_cdf": lambda x: sum(mpmath.ncdf(v) for v in x),
    "upcast": lambda x: mpmath.mpf("1.5") * (mpmath.sin(x[0]) + mpmath.sin(x[1])),
}

X = [0.5, 1.5]


@pytest.fixture(scope="module")
def path(tmp_path_factory):
    file = tmp_path_factory.mktemp("numpyleft65_note") / "nl65_float32.py"
    file.write_text(SOURCE)
    return str(file)


def _truth(name):
    expression = TRUTHS[name]
    with mpmath.workdps(40):
        point = [mpmath.mpf(v) for v in X]
        gradient = [mpmath.diff(lambda t, k=k: expression(point[:k] + [t] + point[k + 1:]), point[k]) for k in (0, 1)]
        return float(expression(point)), [float(g) for g in gradient]


@pytest.mark.parametrize("name", ["through_math", "mapped", "gaussian_cdf"])
def test_pythons_own_float64_steps_give_no_note(path, name):
    (result,) = gradcli.check(f"{path}:{name}", [{"x": X}], dtypes=["float32"], fixes=False).results
    value, gradient = _truth(name)
    assert result.status == "ok"
    assert result.exact_value == pytest.approx(value, rel=1e-12)
    assert result.exact_gradient["x"] == pytest.approx(gradient, rel=1e-10)
    assert result.gradient["x"] == pytest.approx(gradient, rel=1e-5)
    assert not [note for note in result.notes if NOTE in note]


def test_a_float64_constant_of_the_code_still_gives_the_note_at_its_line(path):
    run = CliRunner().invoke(cli, ["check", f"{path}:upcast", "--at", f"x=[{X[0]},{X[1]}]", "--dtype", "float32",
                                   "--json", "--no-fix"])
    assert run.exit_code == 0, run.output
    (result,) = json.loads(run.stdout)["results"]
    value, gradient = _truth("upcast")
    assert float(result["exact_value"]) == pytest.approx(value, rel=1e-12)
    assert result["gradient"]["x"] == pytest.approx(gradient, rel=1e-6)
    notes = [note for note in result["notes"] if NOTE in note]
    line = SOURCE.splitlines().index("    return np.sum(np.sin(x) * np.float64(1.5))") + 1
    assert len(notes) == 1 and f"multiply returned float64 at nl65_float32.py:{line}," in notes[0]
    assert math.isfinite(float(result["value"]))
