"""Every example runs as a script and prints what its docstring promises."""

import pathlib
import subprocess
import sys

import pytest

EXAMPLES = pathlib.Path(__file__).resolve().parent.parent / "examples"


def run_example(name):
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / name)], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_every_example_is_covered():
    assert {p.name for p in EXAMPLES.glob("*.py")} == set(EXPECTED)


EXPECTED = {
    "tree_loss.py": ["loss = 1.588576"],
    "plain_numpy.py": [
        "loss(1) in float32 = 4.446598529815674",
        "loss(50) in float32 = inf",
    ],
    "log1pexp.py": [
        "   100  float32             nan              1.0",
        "   100  float64             1.0              1.0",
        "   800  float32             nan              1.0",
        "   800  float64             nan              1.0",
    ],
    "value_and_gradients.py": [
        "f(2, 3) = 6.0, gradients = [27.0, -4.0]",
        "params=[1]:    [-4.0]",
        "params=['y']:  [-4.0]",
        "params=[0, 'y'] -> ValueError",
        "with dy=[1, 10]: [34.0]",
    ],
    "partial_custom_gradient.py": [
        "dh/dx = 13.671 (x**2*y), dh/dy = None",
        "dh/dx = 13.671, dh/dy = 2.1 (x)",
    ],
    "symbolic_gradient.py": ["dL/dx = -1.16146836547, dL/dy = 12"],
    "override_exp.py": [
        "built-in rule:       d/dx exp(x) at 1 = 2.71828182846",
        "inside the override: d/dx exp(x) at 1 = 5.43656365692",
        "after the scope:     d/dx exp(x) at 1 = 2.71828182846",
    ],
    "vector_output.py": [
        "masked_sqrt: wrong (f[0] wrong, f[1] wrong)",
        "spiral: ok (f[0] ok, f[1] ok, f[2] ok)",
    ],
    "bad_gradient.py": [
        "x =   0.0: custom gradient 0.500000, true derivative 0.500000",
        "x =   1.0: custom gradient 0.880797, true derivative 0.731059",
    ],
    "logistic_loss.py": ["loss(1) = 0.313262", "loss(43) = 0"],
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example_output(name):
    out = run_example(name)
    for line in EXPECTED[name]:
        assert line in out, f"{name}: missing {line!r} in\n{out}"
