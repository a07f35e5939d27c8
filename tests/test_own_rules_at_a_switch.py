"""A program on gradcli's own rules (plain NumPy, gradcli.numpy) whose gradient abs and sign lose at their switch is
named at the line where they meet, as a framework's is (round 71d's F2: NumPy's mu-law at 0, whose finding had no
line).

sign(x) log1p(mu |x|) / log1p(mu) is smooth at 0 (slope mu / log1p(mu) from both sides); sign's and abs's rules give
0 there, so the gradient is 0: wrong, and no one rule is off.
"""

import pytest

import gradcli

SOURCE = '''import numpy as np

MU = 255.0


def mu_law(x):
    return np.sum(np.sign(x) * np.log1p(MU * np.abs(x)) / np.log1p(MU))
'''


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    (path := tmp_path_factory.mktemp("switch") / "companding.py").write_text(SOURCE)
    return str(path)


def test_plain_numpy_mu_law_at_0_is_named_at_its_switches(module):
    [result] = gradcli.check(f"{module}:mu_law", [{"x": [0.0, 0.5, -0.25]}], dtypes=["float64"], fixes=False).results
    assert result.status == "wrong"
    assert float(result.exact_gradient["x"][0]) == pytest.approx(255 / 5.545177444479562, rel=1e-12)
    [finding] = [f for f in result.findings if f.kind == "wrong-rule"]
    assert finding.location.endswith("companding.py:7"), finding.location
    assert finding.op == "gradient rule of abs and sign"
    assert "evaluated at an argument of 0, the switch" in finding.message


def test_off_the_switch_it_is_ok(module):
    [result] = gradcli.check(f"{module}:mu_law", [{"x": [0.1, 0.5, -0.25]}], dtypes=["float64"], fixes=False).results
    assert result.status == "ok"
