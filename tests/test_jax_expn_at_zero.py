"""JAX's expn(n, 0): a wrong value at the end of E_n's domain is `wrong`, not hidden behind `domain`.

E_n(0) = 1/(n - 1) for n > 1 (and infinite for n = 1); JAX's expn gives 1/n there. Left of 0 E_n is no real
number, so tau = 0 has no derivative (its slope from the right is -E_(n-1)(0): -1/(n - 2) for n > 2, -inf for n = 2)
and the gradient is `domain`; the value is defined, and JAX's is off it at any precision while gradcli's replay of
the same operations in the dtype is right: the point is `wrong`, its finding the value's, at the call's line
(`judge._value_computed_otherwise`). E_1(0) is a pole, whose inf JAX gives: `domain` is the truth there.
"""

import math

import pytest

from read_checks import checked, line_of

pytest.importorskip("jax")

USER_CODE = '''import jax.numpy as jnp
from jax.scipy.special import expn


def e1(tau):
    return expn(1, tau)


def e2(tau):
    return expn(2, tau)


def e3(tau):
    return 2.0 * expn(3, tau)


def e5(tau):
    return expn(5, tau)


def root(tau):
    return jnp.sqrt(tau) + 1.0
'''


@pytest.fixture(scope="module")
def users(tmp_path_factory):
    path = tmp_path_factory.mktemp("expn") / "slab.py"
    path.write_text(USER_CODE)
    return path


@pytest.mark.parametrize("name, n, scale", [("e2", 2, 1.0), ("e3", 3, 2.0), ("e5", 5, 1.0)])
def test_a_wrong_value_at_the_end_of_the_domain_is_wrong(users, name, n, scale):
    (result,) = checked(users, name, {"tau": 0.0})
    assert result.status == "wrong", result.findings
    assert result.gradient_status == "domain"  # no derivative: E_n is no real number left of 0
    assert math.isclose(float(result.exact_value), scale / (n - 1), rel_tol=1e-12)
    assert math.isclose(float(result.value), scale / n, rel_tol=1e-12)  # JAX's own number, which this test pins
    (finding,) = [f for f in result.findings if f.kind == "wrong-value"]
    assert finding.location.endswith(f"slab.py:{line_of(USER_CODE, f'expn({n}, tau)')}"), finding.location
    assert "expn" in finding.op and "the value is wrong: JAX gives" in finding.message


def test_the_pole_of_e1_is_domain(users):
    (result,) = checked(users, "e1", {"tau": 0.0})
    assert result.status == "domain"
    assert not [f for f in result.findings if f.kind == "wrong-value"]


def test_a_right_value_without_a_derivative_stays_domain(users):
    (result,) = checked(users, "root", {"tau": 0.0})
    assert result.status == "domain"
    assert not [f for f in result.findings if f.kind == "wrong-value"]
