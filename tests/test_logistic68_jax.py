"""A JAX log-logistic in base 10, -jnp.log(1/(1 + jnp.power(10., y))), is offered jnp.logaddexp(0, y*jnp.log(10.)).

The truths: log(1 + 10^y) and its slope log(10) 10^y / (1 + 10^y) by mpmath at 40 digits, and the fix's re-check.
"""

import mpmath

import gradcli

SOURCE = """import jax.numpy as jnp


def decimal_power(y):
    return -jnp.log(1 / (1 + jnp.power(10.0, y)))
"""


def test_jaxs_stable_spelling_is_offered_and_rechecked(tmp_path):
    path = tmp_path / "logistic68_jax.py"
    path.write_text(SOURCE)
    report = gradcli.check(f"{path}:decimal_power", [{"y": 400.0}], dtypes=["float64"])
    (result,) = report.results
    with mpmath.workdps(40):
        power = mpmath.mpf(10) ** 400
        slope = mpmath.log(10) * power / (1 + power)
    assert result.status != "ok"
    assert abs(mpmath.mpf(result.exact_gradient["y"]) - slope) <= 1e-14 * slope
    (fix,) = [f for f in report.fixes if f.name == "log logistic"]
    assert "+    return jnp.logaddexp(0, y * jnp.log(10.0))" in fix.diff.splitlines(), fix.diff
    assert set(fix.after.values()) == {"ok"} and not fix.partial
