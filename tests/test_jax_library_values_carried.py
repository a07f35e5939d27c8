"""gradcli's replay of JAX code in the dtype goes on with JAX's own value of a library call it computes as gradcli's
more accurate function (jax.scipy.stats.norm.logcdf, whose log_ndtr series is 2e-14 off at -40), as JAX's run does:
a finding then tells the numbers JAX computed, and a cancellation that grows that approximation's error says so,
rather than blaming rounding that cannot make the error the check measured. Truths are mpmath's."""

import re

import mpmath
import pytest

import gradcli

USERS = '''\
import jax.numpy as jnp
from jax.scipy.stats import norm


def mills_log(z):
    return jnp.exp(norm.logpdf(z) - norm.logcdf(z))
'''


@pytest.fixture(scope="module")
def users(tmp_path_factory):
    path = tmp_path_factory.mktemp("carried") / "users.py"
    path.write_text(USERS)
    return str(path)


def test_a_cancellation_of_jaxs_own_library_error_tells_jaxs_numbers_and_names_the_call(users):
    (result,) = gradcli.check(f"{users}:mills_log", [{"z": -40.0}], dtypes=("float64",), fixes=False).results
    assert result.status == "unstable"
    with mpmath.workdps(60):  # d/dz of phi(z)/Phi(z) = -z m - m^2, m the inverse Mills ratio
        z = mpmath.mpf(-40)
        m = mpmath.npdf(z) / mpmath.ncdf(z)
        truth = -z * m - m * m
    assert result.exact_gradient["z"] == pytest.approx(float(truth), rel=1e-12)
    (finding,) = [f for f in result.findings if f.kind == "cancellation"]
    assert finding.phase == "backward" and finding.location.endswith("users.py:6")
    # the replay's sum is JAX's own gradient, to its last digits
    said = float(re.search(r"\) = (-?[\d.e+-]+) adds up", finding.message).group(1))
    assert said == pytest.approx(result.gradient["z"], rel=1e-13)
    # the error it says the cancellation made is the error the check measured
    made = float(re.search(r"become ([\d.e+-]+) of the result", finding.message).group(1))
    assert made == pytest.approx(result.gradient_error, rel=0.1)
    assert "rounding errors" not in finding.message
    assert "JAX's own approximation (jax.scipy.stats.norm.logcdf) lost the digits" in finding.message
