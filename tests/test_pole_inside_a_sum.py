"""A pole inside a sum of powers is the point's own fact: ``domain``, whatever the difference steps beside it absorb.

sum((1 / (1 - D / L)^2)^k) with D = [800, 950] at L = 950: 950 / 950 is exactly 1, so the second term is 1/0, a pole,
and the value is +inf at every precision. Beside the point the difference steps make that term ~h^(-2k), which
absorbs the first term (~1609 for k = 2) more digits down the finer the step: with k = 2 the absorption outgrew every
precision the reference climbs to, and the point had no exact reference ("a sum absorbs a term 3854 digits below its
result") instead of its verdict. A value settled on an infinity at a precision its own sums allow is undefined at the
point, as one settled on NaN is. Truth: 1 - 950/950 = 0.
"""

import pytest

import gradcli

PROGRAM = """import numpy as np

D = np.array([800.0, 950.0])


def powers(L, k):
    return np.sum((1.0 / (1.0 - D / L) ** 2) ** k)


def squared(L):
    return powers(L, 2)


def plain(L):
    return powers(L, 1)


def cubed_mean(L):
    return np.mean(powers(L, 3) + 0.0 * D)
"""


@pytest.fixture(scope="module")
def program(tmp_path_factory):
    path = tmp_path_factory.mktemp("pole") / "wlc.py"
    path.write_text(PROGRAM)
    return path


@pytest.mark.parametrize("function", ["squared", "plain", "cubed_mean"])
def test_a_pole_inside_a_sum_of_powers_is_domain(program, function):
    [result] = gradcli.check(f"{program}:{function}", [{"L": 950.0}], dtypes=("float64",), fixes=False).results
    assert result.status == "domain", (result.findings, result.notes)
    assert result.exact_value == float("inf")
    assert any("undefined or infinite at this point" in f.message for f in result.findings)


def test_beside_the_pole_the_sum_is_judged(program):
    [result] = gradcli.check(f"{program}:squared", [{"L": 900.0}], dtypes=("float64",), fixes=False).results
    # d/dL (1 - D/L)^-4 = -4 (1 - D/L)^-5 D / L^2, summed over D = 800 and 950
    exact = sum(-4 * (1 - d / 900) ** -5 * d / 900 ** 2 for d in (800.0, 950.0))
    assert result.status in ("ok", "unstable") and result.exact_gradient["L"] == pytest.approx(exact, rel=1e-12)
