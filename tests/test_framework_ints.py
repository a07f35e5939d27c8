"""A Python int given to a framework's function (``lax.switch``'s index, a count) reaches it as the int given.

JAX differentiates no integer (``jax.grad`` of an int argument raises), so an
int in a point of a JAX function is data, held as given, unless ``wrt`` asks
for it; a function written with gradcli.numpy (or plain Python) still reads
``1`` as the number 1.0, a variable.
"""

import jax
import jax.numpy as jnp
import numpy as np

import gradcli


def switch_loss(x, k):
    return jax.lax.switch(k, [jnp.sin, jnp.cos, lambda v: v**3], x)


def _exact(result, name):
    return float(np.ravel(result.exact_gradient[name])[0])


def test_an_int_left_out_of_wrt_reaches_jax_as_the_int_given():
    for wrt in (None, ("x",)):
        report = gradcli.check(switch_loss, [{"x": 0.7, "k": 2}], dtypes=("float64",), wrt=wrt, fixes=False)
        [result] = report.results
        assert result.status == "ok", result.error
        assert abs(_exact(result, "x") - 3 * 0.7**2) <= 1e-12
        assert report.variables == ["x"]  # the int is data: no gradient asked of it


def test_each_branch_is_the_one_the_int_picks():
    for k, slope in ((0, np.cos(0.7)), (1, -np.sin(0.7))):
        [result] = gradcli.check(switch_loss, [{"x": 0.7, "k": k}], dtypes=("float64",), fixes=False).results
        assert result.status == "ok" and abs(_exact(result, "x") - slope) <= 1e-12


def test_a_sweep_holds_the_int_as_given():
    swept = gradcli.sweep(switch_loss, {"x": (-2.0, 2.0, 9)}, fixed={"k": 2}, dtypes=("float64",), fixes=False)
    assert [i.status for i in swept.dtypes["float64"].intervals] == ["ok"]


def test_an_int_asked_for_by_wrt_is_a_variable_and_a_python_functions_int_is_a_number():
    def scaled(x, k):
        return x * k

    report = gradcli.check(jax.jit(scaled), [{"x": 0.5, "k": 3}], dtypes=("float64",), wrt=("x", "k"), fixes=False)
    [result] = report.results
    assert result.status == "ok" and abs(_exact(result, "k") - 0.5) <= 1e-12
    [plain] = gradcli.check(scaled, [{"x": 0.5, "k": 3}], dtypes=("float64",), fixes=False).results
    assert plain.status == "ok" and abs(_exact(plain, "k") - 0.5) <= 1e-12
