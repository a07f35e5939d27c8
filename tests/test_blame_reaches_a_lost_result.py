"""The op an unstable gradient's explanation names is one whose loss reaches a gradient entry that is lost.

Haldane's growth rate mu / (Ks/S + 1 + S/Ki) in JAX at S = 1e200: JAX's rule for Ks/S takes 1/S^2, which underflows
(1e-400) on its way to the slopes in S and Ks, -2.5e-399 and -1.25e-597, whose float64 0 is their nearest float: that
underflow loses nothing a result keeps. The slope in Ki, mu / S = 5e-201, is lost by the quotient rule's 1/den^2 at
den = 2e198, which underflows (2.5e-397) on the return line. The finding names that underflow and line, whether the
terms are on lines of their own or on one. Truth: d/dKi = mu S / Ki^2 / (S/Ki)^2 (1 + O(1e-198)).
"""

import pytest

import gradcli

PROGRAM = """import jax.numpy as jnp


def haldane_terms(S, mu_max, Ks, Ki):
    saturation = Ks / S
    inhibition = S / Ki
    return mu_max / (saturation + 1.0 + inhibition)


def haldane_one_line(S, mu_max, Ks, Ki):
    return mu_max / (Ks / S + 1.0 + S / Ki)
"""


@pytest.fixture(scope="module")
def program(tmp_path_factory):
    path = tmp_path_factory.mktemp("haldane") / "growth.py"
    path.write_text(PROGRAM)
    return path


@pytest.mark.parametrize("function, line", [("haldane_terms", 7), ("haldane_one_line", 11)])
def test_the_underflow_named_is_the_one_that_loses_a_kept_slope(program, function, line):
    point = {"S": 1e200, "mu_max": 0.5, "Ks": 2.0, "Ki": 50.0}
    [result] = gradcli.check(f"{program}:{function}", [point], dtypes=("float64",), fixes=False).results
    assert result.status == "unstable" and result.gradient["Ki"] == 0.0
    assert result.exact_gradient["Ki"] == pytest.approx(0.5 / 1e200, rel=1e-12)
    [underflow] = [f for f in result.findings if f.kind == "underflow"]
    assert underflow.location.endswith(f"growth.py:{line}"), underflow.location
    assert "2e+198" in underflow.message and "1e+200" not in underflow.message
