"""JAX functions whose Python reads the number of an argument --wrt holds (int(n), range(k), if s > 0) are checked as
JAX's own jax.grad(f, argnums) runs them: that argument handed as a number, the others traced. Where the Python reads
a differentiated argument, the check is refused at the user's line. Truths are mpmath's, from the mathematics."""

import json

import mpmath
import pytest
from click.testing import CliRunner

from gradcli.cli import cli
from polygamma_checks import psi, users_file

USERS = '''\
import jax.numpy as jnp
from jax.scipy import special


def order_read_by_python(n, x):
    return jnp.sum(special.polygamma(int(n), x))


def sines_counted(k, x):
    total = 0.0
    for i in range(k):
        total = total + jnp.sin(x * (i + 1))
    return total


def chosen_by_scale(s, x):
    if s > 0:
        return jnp.exp(s * x)
    return jnp.log1p(x * x)


def reads_its_own_variable(x):
    return jnp.sin(x) * int(x)
'''


@pytest.fixture(scope="module")
def users(tmp_path_factory):
    return users_file(tmp_path_factory, "misc64_held", USERS)


def _results(users, name, at, *more):
    result = CliRunner().invoke(cli, ["check", f"{users}:{name}", "--dtype", "float64", "--json", *more]
                                + [a for p in at for a in ("--at", p)])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)["results"]


def test_an_integer_order_read_by_int_is_held_as_its_number(users):
    (point,) = _results(users, "order_read_by_python", ["n=3,x=0.8"], "--wrt", "x")
    assert point["status"] == "ok"
    assert point["exact_value"] == pytest.approx(psi(3, 0.8), rel=1e-13)
    assert point["exact_gradient"]["x"] == pytest.approx(psi(4, 0.8), rel=1e-12)
    assert point["gradient"]["x"] == pytest.approx(psi(4, 0.8), rel=1e-9)  # JAX's own, as its eager call gives it


def test_a_held_integer_count_runs_its_python_loop(users):
    """range(k): sum over i < k of sin((i + 1) x), whose slope is sum of (i + 1) cos((i + 1) x)."""
    (point,) = _results(users, "sines_counted", ["k=4,x=0.3"], "--wrt", "x")
    with mpmath.workdps(40):
        x = mpmath.mpf(0.3)
        value = float(mpmath.fsum(mpmath.sin(j * x) for j in range(1, 5)))
        slope = float(mpmath.fsum(j * mpmath.cos(j * x) for j in range(1, 5)))
    assert point["status"] == "ok"
    assert point["exact_value"] == pytest.approx(value, rel=1e-13)
    assert point["exact_gradient"]["x"] == pytest.approx(slope, rel=1e-12)


def test_a_held_float_choosing_a_branch_takes_each_points_own(users):
    """if s > 0: each point's own branch, one trace per held number (exp(s x) at s = 0.5, log1p(x^2) at s = -0.5)."""
    first, second = _results(users, "chosen_by_scale", ["s=0.5,x=1.2", "s=-0.5,x=1.2"], "--wrt", "x")
    with mpmath.workdps(40):
        x = mpmath.mpf(1.2)
        truths = [(mpmath.exp(x / 2), mpmath.exp(x / 2) / 2), (mpmath.log(1 + x * x), 2 * x / (1 + x * x))]
    for point, (value, slope) in zip((first, second), truths):
        assert point["status"] == "ok"
        assert point["exact_value"] == pytest.approx(float(value), rel=1e-13)
        assert point["exact_gradient"]["x"] == pytest.approx(float(slope), rel=1e-12)
        assert point["gradient"]["x"] == pytest.approx(float(slope), rel=1e-12)


def test_a_sweep_holds_the_number_over_the_whole_range(users):
    result = CliRunner().invoke(cli, ["sweep", f"{users}:order_read_by_python", "--range", "x=0.5:3:20", "--at", "n=2",
                                      "--wrt", "x", "--dtype", "float64", "--json"])
    assert result.exit_code == 0, result.output
    counts = json.loads(result.stdout)["dtypes"]["float64"]["counts"]
    assert counts.get("ok") == 20, counts


def test_python_reading_a_differentiated_argument_is_refused_at_its_line(users):
    result = CliRunner().invoke(cli, ["check", f"{users}:reads_its_own_variable", "--at", "x=1.5"])
    assert result.exit_code == 2, result.output
    said = " ".join(result.output.split())
    assert "users.py:23" in said and "ConcretizationTypeError" in said
    assert "differentiated there" in said and "Traceback" not in said
