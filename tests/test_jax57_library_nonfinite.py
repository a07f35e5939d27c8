"""A JAX library call that gradcli replays as its own accurate function (`jax_ops.LIBRARY_CALLS`, `LIBRARY_JITS`) and
whose JAX value is NaN or inf where the function is finite (issue 28): the replay makes no NaN, so the call itself is
named, at the user's line, with JAX's own answer beside the function's."""

import pytest

import gradcli

jax = pytest.importorskip("jax")

SOURCE = '''
import jax.numpy as jnp
import jax.scipy.special as jss


def gauss(z):
    return jss.hyp2f1(0.5, 2.0, 1.5, z)


def bessel(x):
    return jnp.sum(jss.bessel_jn(x, v=3))
'''


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    """The user's file, written once for this file's checks."""
    (path := tmp_path_factory.mktemp("jax57") / "calls57.py").write_text(SOURCE)
    return str(path)


def _nonfinite(result, phase):
    return [f for f in result.findings if f.phase == phase and f.kind == "nonfinite"]


def test_jaxs_hyp2f1_returning_inf_is_named_in_the_value_and_in_its_rule(module):
    # JAX's 2F1(1/2, 2; 3/2; -100) is inf (its transformation for z < -1 overflows), the function 0.0785 (the function
    # of test_jax56_library_calls: XLA's programs of it are compiled once for the session)
    (result,) = gradcli.check(f"{module}:gauss", [{"z": -100.0}], dtypes=("float64",), fixes=False).results
    assert result.status.value == "unstable"
    (forward,) = _nonfinite(result, "forward")
    assert forward.gradcli_op == "hyp2f1" and forward.location == f"{module}:7"
    assert forward.op == "jax.scipy.special.hyp2f1 (hyp2f1)"
    assert forward.message.startswith("jax.scipy.special.hyp2f1(0.5, 2.0, 1.5, -100.0) returned inf, where hyp2f1 "
                                      "of those very numbers is 0.07850687876"), forward.message
    # the backward pass calls the forward's 2F1 again (that call, not named twice) and then its slope's own 2F1
    (backward,) = _nonfinite(result, "backward")
    assert backward.location == f"{module}:7"
    assert "jax.scipy.special.hyp2f1(1.5, 3.0, 2.5, -100.0) returned" in backward.message, backward.message
    assert "the first NaN or inf of that pass" in backward.message


def test_a_call_replayed_as_several_ops_is_named_by_its_own_name_when_jax_returns_nan(module):
    # JAX's bessel_jn recurs down from 50 terms: in float32 the start underflows and every J_n at 1.0 is NaN
    (result,) = gradcli.check(f"{module}:bessel", [{"x": 1.0}], dtypes=("float32",), fixes=False).results
    assert result.status.value == "unstable"
    (forward,) = _nonfinite(result, "forward")
    assert forward.op == "bessel_jn" and forward.location == f"{module}:11"
    assert forward.message.startswith("jax.scipy.special.bessel_jn(1.0) returned [nan, nan, nan, nan], where "
                                      "gradcli's bessel_jn of those very numbers in float32 is [0.7651977"), forward.message


def test_a_finite_jax_value_names_no_library_call(module):
    # at z = -0.5 JAX's 2F1 is finite: nothing non-finite to name
    (result,) = gradcli.check(f"{module}:gauss", [{"z": -0.5}], dtypes=("float64",), fixes=False).results
    assert result.status.value == "ok" and not _nonfinite(result, "forward") and not _nonfinite(result, "backward")
