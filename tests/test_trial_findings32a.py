"""The classes of round 32a's findings (tests/trials/cases32a.py), each against an independent truth.

F1: a fix's re-check labelled each checked point by its numbers to six digits, so two points apart only past the
sixth (a Hodgkin-Huxley rate checked at -55 and -54.9999999 mV, or 1e-10 and 1.0000001e-10) shared one label: the
re-check kept the verdict of one of them alone, and a fix could be called sound on a point it was never judged at
(a single point read back as another: "v=-55" for -54.9999999). Each number in a label is now the shortest text
that reads back as it: distinct points, distinct labels, each re-checked.

J1: a lax.custom_root whose tangent_solve is wrong was found wrong, but named at a line of the user's solver (the
Newton step's division, which JAX never differentiates): JAX's own rule runs the user's tangent solve as a jaxpr,
whose equations keep the user's frame under JAX's caller of it; that frame names the rule (the same class for
lax.custom_linear_solve's transpose_solve: tests/test_solvers68_jax_rules.py).
"""

import pytest

import gradcli

GROWTH = """import numpy as np


def log_growth(x):
    return np.log(1 + x)
"""


@pytest.fixture(scope="module")
def growth_report(tmp_path_factory):
    path = tmp_path_factory.mktemp("f1") / "growth32a.py"
    path.write_text(GROWTH)
    points = [{"x": 1e-10}, {"x": 1.0000001e-10}]
    return gradcli.check(f"{path}:log_growth", points, dtypes=("float64",))


def _labelled_point(label):
    """The point a fix label names: ``x=1.0000001e-10 float64`` -> {"x": 1.0000001e-10}."""
    text, _, _dtype = label.rpartition(" ")
    return {name: float(value) for name, value in (part.split("=") for part in text.split(","))}


def test_points_apart_past_six_digits_are_each_rechecked(growth_report):
    # log(1 + x) at 1e-10 keeps 6 digits: unstable at both points, and log1p is offered
    assert [r.status for r in growth_report.results] == ["unstable", "unstable"]
    (fix,) = [f for f in growth_report.fixes if f.name == "log1p"]
    assert sorted(_labelled_point(label)["x"] for label in fix.after) == [1e-10, 1.0000001e-10]
    assert set(fix.after.values()) == {"ok"} and not fix.partial


ROOT = """import jax
import jax.numpy as jnp


def final_size(r0):
    def residual(z):
        return z - 1.0 + jnp.exp(-r0 * z)

    def newton(f, z0):
        z = z0
        for _ in range(40):
            z = z - f(z) / jax.grad(f)(z)
        return z

    return jax.lax.custom_root(residual, jnp.ones_like(r0), newton, lambda g, y: y / g(2.0))
"""


def test_a_wrong_tangent_solve_is_named_at_its_line(tmp_path):
    import mpmath

    path = tmp_path / "epidemic32a.py"
    path.write_text(ROOT)
    (result,) = gradcli.check(f"{path}:final_size", [{"r0": 2.5}], dtypes=("float64",), fixes=False).results
    with mpmath.workdps(40):  # z = 1 - exp(-R0 z): dz/dR0 = z e / (1 - R0 e), e = exp(-R0 z)
        z = mpmath.findroot(lambda t: t - 1 + mpmath.exp(-mpmath.mpf(2.5) * t), 0.9)
        e = mpmath.exp(-mpmath.mpf(2.5) * z)
        slope = z * e / (1 - mpmath.mpf(2.5) * e)
    assert result.status == "wrong"
    assert abs(mpmath.mpf(result.exact_gradient["r0"]) - slope) <= 1e-12 * slope
    tangent_line = ROOT.splitlines().index(
        "    return jax.lax.custom_root(residual, jnp.ones_like(r0), newton, lambda g, y: y / g(2.0))") + 1
    assert any(f"epidemic32a.py:{tangent_line}" in (f.location or "") for f in result.findings), \
        [f.location for f in result.findings]
