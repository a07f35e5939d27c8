"""JAX's ops whose gradient JAX cannot take (betainc in a or b, lax.zeta in s, igamma_grad_a): the check is an `error` naming the op
as the user called it and the user's line, with JAX's value judged against the exact one and the exact gradient
shown. Truths are mpmath's."""

import json

import mpmath
import pytest
from click.testing import CliRunner

from gradcli.cli import cli

USERS = '''\
import jax.numpy as jnp
from jax import lax
from jax.scipy import special


def betainc_in_a(a):
    return jnp.sum(special.betainc(a, 2.0, 0.3))


def zeta_in_s(s):
    return jnp.sum(lax.zeta(s, 2.0 * jnp.ones_like(s)))


def gammainc_slope_in_a(a):
    return lax.igamma_grad_a(a, 1.3 * jnp.ones_like(a))
'''


@pytest.fixture(scope="module")
def users(tmp_path_factory):
    path = tmp_path_factory.mktemp("undiff62_jax") / "users.py"
    path.write_text(USERS)
    return str(path)


def _checked(target, at):
    result = CliRunner().invoke(cli, ["check", target, "--at", at, "--dtype", "float64", "--json"])
    assert result.exit_code == 1, result.output
    (point,) = json.loads(result.stdout)["results"]
    return point


def test_betainc_in_a_is_an_error_naming_the_call_with_the_exact_numbers(users):
    point = _checked(f"{users}:betainc_in_a", "a=[0.6,2.5]")
    truth = lambda a: mpmath.betainc(a, 2, 0, mpmath.mpf("0.3"), regularized=True)  # noqa: E731
    a = [mpmath.mpf("0.6"), mpmath.mpf("2.5")]
    with mpmath.workdps(30):
        value, slopes = float(sum(truth(v) for v in a)), [float(mpmath.diff(truth, v)) for v in a]
    assert point["status"] == "error" and point["gradient"] == {"a": None}
    assert point["value"] == pytest.approx(value, rel=1e-12)
    assert point["exact_value"] == pytest.approx(value, rel=1e-14)
    assert point["exact_gradient"]["a"] == pytest.approx(slopes, rel=1e-12)
    (finding,) = point["findings"]
    assert finding["kind"] == "no-derivative" and finding["op"] == "jax.scipy.special.betainc"
    assert finding["location"].endswith("users.py:7") and "JAX has no derivative" in finding["message"]
    assert "in x alone" in finding["message"] and "--wrt" in finding["message"]  # what can be checked instead
    assert point["notes"] == []  # the finding says it once: no note of a rule failing at high precision


def test_lax_zeta_in_s_is_an_error_naming_the_call_with_the_exact_numbers(users):
    point = _checked(f"{users}:zeta_in_s", "s=2.5")
    with mpmath.workdps(30):
        value, slope = float(mpmath.zeta(2.5, 2)), float(mpmath.zeta(2.5, 2, derivative=1))
    assert point["status"] == "error" and point["gradient"] == {"s": None}
    assert point["value"] == pytest.approx(value, rel=1e-13)
    assert point["exact_value"] == pytest.approx(value, rel=1e-14)
    assert point["exact_gradient"]["s"] == pytest.approx(slope, rel=1e-12)
    (finding,) = point["findings"]
    assert finding["op"] == "jax.lax.zeta" and finding["location"].endswith("users.py:11")


def test_an_op_jax_has_no_rule_for_shows_its_exact_derivative(users):
    """lax.igamma_grad_a (gammainc's slope in a, which JAX computes but does not differentiate): the exact gradient
    shown is gammainc's second derivative in a."""
    point = _checked(f"{users}:gammainc_slope_in_a", "a=1.4")
    truth = lambda a: mpmath.gammainc(a, 0, mpmath.mpf("1.3"), regularized=True)  # noqa: E731
    with mpmath.workdps(30):
        value, slope = float(mpmath.diff(truth, mpmath.mpf("1.4"))), float(mpmath.diff(truth, mpmath.mpf("1.4"), 2))
    assert point["status"] == "error" and point["value"] == pytest.approx(value, rel=1e-12)
    assert point["exact_gradient"]["a"] == pytest.approx(slope, rel=1e-12)
    (finding,) = point["findings"]
    assert finding["op"] == "jax.lax.igamma_grad_a" and finding["location"].endswith("users.py:15")
