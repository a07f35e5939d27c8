"""``--wrt`` reaches JAX: the bridge differentiates the chosen leaves alone, the others data to JAX as they are to the
exact reference (a check, a tree's leaf, a sweep), so a function JAX cannot differentiate in a held argument
(betainc in a) is checked in the one asked for."""

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from scipy import special

import gradcli
from gradcli.capture.bridge import differentiating
from gradcli.capture.jax_bridge import capture


def beta_cdf(a, x):
    return jax.scipy.special.betainc(a, 2.0, x)


def beta_cdf_of_tree(p):
    return jax.scipy.special.betainc(p["a"], 2.0, p["x"])


def _slope_in_x(a, x):
    """d/dx I_x(a, 2) = x^(a-1) (1 - x) / B(a, 2)."""
    return x ** (a - 1) * (1 - x) / special.beta(a, 2.0)


def test_betainc_with_a_an_argument_is_checked_in_x_alone():
    [result] = gradcli.check(beta_cdf, [{"a": 2.5, "x": 0.3}], dtypes=["float64"], wrt=("x",), fixes=False).results
    assert result.status == "ok", (result.error, result.findings)
    assert list(result.gradient) == ["x"]
    assert result.gradient["x"] == pytest.approx(_slope_in_x(2.5, 0.3), rel=1e-12)
    assert result.exact_gradient["x"] == pytest.approx(_slope_in_x(2.5, 0.3), rel=1e-13)
    [both] = gradcli.check(beta_cdf, [{"a": 2.5, "x": 0.3}], dtypes=["float64"], fixes=False).results
    assert both.status == "error" and "--wrt" in both.findings[0].message  # JAX has no slope in a: what to check


def test_a_trees_leaf_out_of_wrt_is_data_to_jax():
    report = gradcli.check(beta_cdf_of_tree, [{"p": {"a": 2.5, "x": np.array(0.3)}}], dtypes=["float64"],
                           wrt=("p.x",), fixes=False)
    assert report.results[0].status == "ok", (report.results[0].error, report.results[0].findings)
    assert report.results[0].exact_gradient["p.x"] == pytest.approx(_slope_in_x(2.5, 0.3), rel=1e-13)


def test_a_sweep_with_wrt_differentiates_the_swept_variable_alone():
    result = gradcli.sweep(beta_cdf, {"x": (0.1, 0.9, 3)}, fixed={"a": 2.5}, dtypes=["float64"], wrt=("x",),
                           fixes=False)
    assert [i.status for i in result.dtypes["float64"].intervals] == ["ok"]


def test_the_held_leaves_have_no_gradient_of_jaxs_and_the_chosen_ones_jaxs_own():
    """Under `differentiating`, JAX's program differentiates the leaves marked True alone: a held one's slope is
    never computed (sqrt's at 0, whose infinity would otherwise be JAX's)."""
    bridge = capture(lambda x, a: x * jnp.sqrt(a) + x * x, "held_sqrt")
    args = (np.float64(3.0), np.float64(0.0))
    with differentiating((True, False)):
        value, (dx, da) = bridge.own(args, np.float64(1.0))
        replayed = bridge.backward(args, np.float64(1.0))
    assert (float(value), float(dx), float(da)) == (9.0, 6.0, 0.0)
    assert [float(g) for g in replayed] == [6.0, 0.0]
    assert np.isinf(bridge.own(args, np.float64(1.0))[1][1])  # every float leaf: JAX's own infinite slope in a


def test_a_float32_jax_array_made_with_x64_off_is_named_in_a_note_with_its_float32_number():
    """From Python with x64 off, jnp.array(0.3) is float32's number: the float64 check starts there, and says so."""
    assert not jax.config.jax_enable_x64
    point = {"a": 2.5, "x": jnp.array(0.3)}
    report = gradcli.check(beta_cdf, [point], dtypes=["float32", "float64"], wrt=("x",), fixes=False)
    assert report.results[1].point["x"] == float(np.float32(0.3))
    [note] = [n for n in report.notes if "x64" in n]
    assert note.startswith("x is a float32 JAX array") and "0.3 is 0.30000001192092896" in note
    assert 'jax.config.update("jax_enable_x64", True)' in note
    written = gradcli.check(beta_cdf, [{"a": 2.5, "x": jnp.array(0.5)}], dtypes=["float64"], wrt=("x",), fixes=False)
    assert not any("x64" in n for n in written.notes)  # 0.5 is float32's and float64's alike: nothing moved

