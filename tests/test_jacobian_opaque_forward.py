"""Forward mode through an op whose VJP reads its cotangent as numbers, and the Jacobians that need it.

Above 64 outputs a vector function's Jacobian is checked along random
cotangents (VJP) and tangents (JVP). A framework's own numbers (JAX, PyTorch,
TensorFlow) and a custom gradient written on NumPy arrays give a VJP that
reads the cotangent as plain numbers, so forward mode cannot be derived
from it by transposition (a silent 0 would judge every smooth function
`unstable`): forward mode refuses such an op, and the check says it judged
the Jacobian along the cotangents alone. Expected numbers are derived by
hand (d/dw of w sin w is sin w + w cos w; of sin(a g), cos(a g) g).
"""

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff.core import NoGradientError

F64 = ("float64",)
SIZE = 65  # one above the outputs whose every row is checked


def _opaque(scale):
    """``w sin w`` as a custom gradient whose forward and VJP run on NumPy arrays; the VJP times ``scale``."""

    @gradcli.custom_gradient
    def w_sin_w(w):
        plain = np.array(gradcli.stop_gradient(w), dtype=np.float64)

        def grad_fn(upstream):
            return np.array(gradcli.stop_gradient(upstream), dtype=np.float64) * (np.sin(plain) + plain * np.cos(plain))

        return plain * np.sin(plain), grad_fn

    return w_sin_w


def test_forward_mode_refuses_a_vjp_that_reads_its_cotangent_as_numbers():
    w = np.linspace(0.3, 2.1, 5)
    with pytest.raises(NoGradientError, match="reads the cotangent as plain numbers"):
        gradcli.jvp(_opaque(1.0), (w,), (np.ones(5),))


def test_forward_mode_refuses_it_where_the_outputs_cancel_in_a_sum():
    @gradcli.custom_gradient
    def plus_minus(x):
        def grad_fn(upstream):
            g = np.array(gradcli.stop_gradient(upstream), dtype=np.float64)
            return g[0] - g[1]

        return np.array([float(gradcli.stop_gradient(x)), -float(gradcli.stop_gradient(x))]), grad_fn

    with pytest.raises(NoGradientError):
        gradcli.jvp(plus_minus, (0.5,), (1.0,))


def test_a_vjp_of_constant_zeros_still_gives_a_zero_tangent():
    @gradcli.custom_gradient
    def flat(w):
        return np.floor(np.array(gradcli.stop_gradient(w), dtype=np.float64)), lambda upstream: np.zeros(3)

    value, tangent = gradcli.jvp(lambda w: flat(w) + gnp.sin(w), (np.array([0.5, 1.5, 2.5]),), (np.ones(3),))
    assert np.allclose(tangent, np.cos([0.5, 1.5, 2.5]), rtol=1e-15, atol=0)


GRID = np.linspace(0.0, 1.0, SIZE)


def _wave(scale):
    """``a -> sin(a g)`` over the grid ``g``, whose VJP (times ``scale``) holds the cotangent as a constant."""

    @gradcli.custom_gradient
    def wave(a):
        def grad_fn(upstream):
            return gnp.sum(gradcli.stop_gradient(upstream) * gnp.cos(a * GRID) * GRID) * scale

        return gnp.sin(a * GRID), grad_fn

    return wave


def test_a_smooth_function_of_65_outputs_with_an_untraced_cotangent_is_ok_along_its_cotangents():
    report = gradcli.check(_wave(1.0), {"a": 0.8}, dtypes=F64, seed=3)
    (result,) = report.results
    assert result.status == "ok", [f.message for f in result.findings]
    jac = result.jacobian
    assert jac.mode == "random" and jac.tangents == []
    assert any(n.startswith("no JVP is checked") and "3 random cotangents alone" in n for n in result.notes)
    # Each row is u . J, by hand: J[k] = cos(a g_k) g_k, u drawn as the checker draws it.
    rng = np.random.default_rng(3)
    for row in jac.rows:
        u = rng.standard_normal(SIZE)
        u /= np.linalg.norm(u)
        rng.standard_normal(())  # the tangent drawn beside it
        assert row.status == "ok"
        assert np.isclose(row.gradient["a"], np.sum(u * np.cos(0.8 * GRID) * GRID), rtol=1e-12, atol=1e-15)


def test_a_wrong_vjp_with_an_untraced_cotangent_of_65_outputs_is_still_wrong():
    report = gradcli.check(_wave(1.001), {"a": 0.8}, dtypes=F64, seed=3)
    (result,) = report.results
    assert result.status == "wrong"
    assert all(row.status == "wrong" for row in result.jacobian.rows)


def test_a_jax_function_of_65_outputs_is_ok_and_says_which_part_was_checked(tmp_path):
    pytest.importorskip("jax")
    path = tmp_path / "jax_vector.py"
    path.write_text("import jax.numpy as jnp\n\n\ndef f(w):\n    return jnp.sin(w) * w\n")
    report = gradcli.check(f"{path}:f", {"w": list(np.linspace(0.3, 2.1, SIZE))}, dtypes=F64, seed=3)
    (result,) = report.results
    assert result.status == "ok", [f.message for f in result.findings]
    assert result.jacobian.mode == "random" and result.jacobian.tangents == []
    assert all(row.status == "ok" for row in result.jacobian.rows)
    assert any(n.startswith("no JVP is checked") for n in result.notes)
