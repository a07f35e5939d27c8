"""JAX's library calls in gradcli's replay: the steps of JAX's program whose results nobody reads are not replayed
(XLA drops them too), so a sweep of ``hyp2f1`` near z = -1 does not sum the unused series of its slopes in a, b
and c; and a library call replayed as gradcli's own accurate function (`jax_ops.LIBRARY_CALLS`, `LIBRARY_JITS`) is
named at the user's line, with JAX's own answer beside the function's, where JAX's value of that call is what lost
the digits or is NaN or inf where the function is finite. The checks share one user's file, whose programs XLA
compiles once for them all."""


import math

import mpmath
import numpy as np
import pytest

import gradcli

jax = pytest.importorskip("jax")

from gradcli.capture.jax_walk import compile_jaxpr  # noqa: E402

SOURCE = '''
import jax.numpy as jnp
import jax.scipy.special as jss
from jax.scipy.special import owens_t


def owen(h, a):
    return jnp.sum(owens_t(h, a))


def gauss(z):
    return jss.hyp2f1(0.5, 2.0, 1.5, z)


def bessel(x):
    return jnp.sum(jss.bessel_jn(x, v=3))
'''


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    """The user's file, written once for this file's checks."""
    path = tmp_path_factory.mktemp("jax56") / "special56.py"
    path.write_text(SOURCE)
    return str(path)


def _gauss(z):
    from jax.scipy.special import hyp2f1

    return hyp2f1(0.5, 2.0, 1.5, z)


def test_the_slopes_jax_computes_and_never_reads_are_not_replayed():
    # JAX's value_and_grad of 2F1(1/2, 2; 3/2; z) sums the series of its slopes in a, b and c (three while loops)
    # and multiplies each by a 0 tangent it never reads; the replay keeps only what reaches the outputs
    with jax.enable_x64(True):
        closed = jax.make_jaxpr(jax.value_and_grad(_gauss))(-0.99)
    assert any(eqn.primitive.name == "jit" and "derivative" in eqn.params["name"] for eqn in closed.jaxpr.eqns)
    program = compile_jaxpr(closed, "special56.py:1")
    assert [step.name for step in program.steps if step.name == "while"] == []
    got_value, got_slope = program.run([np.float64(-0.99)])
    value = mpmath.hyp2f1(0.5, 2, 1.5, -0.99)
    slope = mpmath.hyp2f1(1.5, 3, 2.5, -0.99) * 2 / 3  # (ab/c) 2F1(a+1, b+1; c+1; z)
    assert abs(float(got_value) - value) < 1e-15 and abs(float(got_slope) - slope) < 1e-9 * slope


def _library_steps(fun, *args):
    """The steps of ``fun``'s forward program (traced under x64 at ``args``) that replay a library call of JAX's
    as gradcli's own function, by name."""
    from gradcli.capture.jax_walk import library_functions_named

    with jax.enable_x64(True), library_functions_named():
        closed = jax.make_jaxpr(fun)(*args)
    return {step.name: step for step in compile_jaxpr(closed, "special56.py:1").steps if step.own is not None}


def test_every_library_call_replayed_as_gradcli_s_function_keeps_jaxs_own_beside_it():
    import jax.numpy as jnp
    import jax.scipy.special as jss

    from gradcli.capture.jax_ops import LIBRARY_CALLS, LIBRARY_JITS

    def calls(x):
        s, c = jss.sici(x)
        return (jss.xlogy(x, x) + jss.xlog1py(x, x) + jss.expn(2, x) + jss.expi(x) + jss.log_ndtr(x) + s + c
                + jss.owens_t(x, 0.5) + jss.hyp2f1(0.5, 1.0, 1.5, -x) + jss.spence(x) + jss.bessel_jn(x, v=1)[1]
                + jss.hyp1f1(1.5, 2.5, x) + jss.betaln(x, 9.0)
                + jnp.signbit(x) + jnp.frexp(x)[0])

    steps = _library_steps(calls, 0.5)
    assert set(steps) == set(LIBRARY_CALLS) | set(LIBRARY_JITS)
    # JAX's own number of a call, on the operands the replay hands it: its log Phi at -30, 3.5e-13 off
    (got,) = steps["log_ndtr"].own(np.float64(-30.0))
    assert abs(float(got) - float(mpmath.log(mpmath.ncdf(-30)))) > 1e-13 * 454


def _finding(results, phase):
    (result,) = results
    assert result.status.value == "unstable", result.findings
    found = [f for f in result.findings if f.phase == phase and f.kind == "inaccurate"]
    assert len(found) == 1, result.findings
    return found[0]


def test_jaxs_owens_t_off_by_4e_7_is_named_at_the_users_line(module):
    # the replay computes Owen's T accurately: without JAX's own value of the call, no op lost a digit
    results = gradcli.check(f"{module}:owen", [{"h": 10.0, "a": 0.9}], dtypes=("float64",), fixes=False).results
    finding = _finding(results, "forward")
    assert finding.op == "jax.scipy.special.owens_t (_owens_t_impl)" and finding.location == f"{module}:8"
    assert finding.message.startswith("JAX's owens_t(10.0, 0.9) = 3.80992501") and "3.9e-07 off" in finding.message


def test_jaxs_hyp2f1_is_named_in_the_value_and_in_its_own_rule(module, monkeypatch):
    # near z = -1 JAX's series stops 1.3e-7 short of 2F1, and its slope's 2F1(3/2, 3; 5/2; z) 8.5e-10 short
    from gradcli.capture import jax_walk

    called, compiled_call = set(), jax_walk._compiled_call

    def seen(closed, avals, x64):
        called.add(str(closed.jaxpr))
        return compiled_call(closed, avals, x64)

    monkeypatch.setattr(jax_walk, "_compiled_call", seen)
    results = gradcli.check(f"{module}:gauss", [{"z": -0.99}], dtypes=("float64",), fixes=False).results
    forward, backward = _finding(results, "forward"), _finding(results, "backward")
    assert forward.location == backward.location == f"{module}:12"
    assert forward.message.startswith("JAX's hyp2f1(0.5, 2.0, 1.5, -0.99) = 0.64467100") and "1.3e-07 off" in forward.message
    assert backward.message.startswith("JAX's hyp2f1(1.5, 3.0, 2.5, -0.99)") and "8.5e-10 off" in backward.message
    # JAX's own calls, run as the findings are explained: the forward graph's copy of the call (its constants its
    # own) is the backward program's call as text, so XLA compiles one program for both, gammasgn's five calls
    # in it one nested jaxpr as in JAX's own
    assert len(called) == 1, [len(text) for text in called]


def test_a_sweep_names_jaxs_owens_t_where_it_is_off(module):
    # the sweep's points and their explanations run the same replay: JAX's owens_t is 1e-10 and more off past h = 7.5
    result = gradcli.sweep(f"{module}:owen", {"h": (10.0, 10.5, 3)}, fixed={"a": 0.9}, dtypes=("float64",), fixes=False,
                           max_time=math.inf)
    (interval,) = result.dtypes["float64"].intervals
    assert interval.status.value == "unstable" and interval.op == "jax.scipy.special.owens_t (_owens_t_impl)", interval


def test_jax_box_cox_is_offered_no_rewrite_of_its_power(module):
    # jnp.expm1(lam * jnp.log(x)) / lam is jax.scipy.special.boxcox's own spelling: its slope in lam cancels
    from gradcli.capture.jax_bridge import SPELLINGS
    from gradcli.checker.source_fixes import source_rewrites

    source = "import jax.numpy as jnp\n\n\ndef boxcox(x, lam):\n    return (x**lam - 1) / lam + (jnp.exp(x) - 1)\n"
    declined = []
    rewrites = source_rewrites(source, [5], "jax.numpy", SPELLINGS, declined=declined)
    assert [name for name, _ in declined] == ["powm1"] and "jax.scipy.special.boxcox does" in declined[0][1]
    assert sorted(name for name, _, _ in rewrites) == ["box-cox", "expm1"]  # log(x) exprel(lam log x), jax57


def test_a_call_replayed_as_several_ops_is_named_by_its_own_name_and_arguments():
    # bessel_jn replays as J_0 .. J_v stacked: the op recorded with the call's result is the stack, fed J_n's
    from gradcli.autodiff.ops_array import _stack
    from gradcli.checker.provenance import OpRecord, _library_off

    class Own:
        framework, name, arguments = "JAX", "bessel_jn", (np.float64(60.0),)

        def value_of(self, result):
            return np.array([0.2823847, -0.3327366])  # JAX's recurrence at 60

    j0, j1 = np.float64(-0.09147180408906189), np.float64(0.04659838375844483)
    op = OpRecord(0, "stack", "forward", (0, j0, j1), np.array([j0, j1]), location="jn.py:6")
    op.prim, op.own = _stack.prim, Own()
    growth, finding = _library_off(op, 2.0 ** -52)
    assert finding.op == "bessel_jn" and finding.location == "jn.py:6" and growth > 1e15
    assert finding.message.startswith("JAX's bessel_jn(60.0) = [0.2823847, -0.3327366] is 8.1e+00 off"), finding.message


def _nonfinite(result, phase):
    return [f for f in result.findings if f.phase == phase and f.kind == "nonfinite"]


def test_jaxs_hyp2f1_returning_inf_is_named_in_the_value_and_in_its_rule(module):
    # JAX's 2F1(1/2, 2; 3/2; -100) is inf (its transformation for z < -1 overflows), the function 0.0785
    (result,) = gradcli.check(f"{module}:gauss", [{"z": -100.0}], dtypes=("float64",), fixes=False).results
    assert result.status.value == "unstable"
    (forward,) = _nonfinite(result, "forward")
    assert forward.gradcli_op == "hyp2f1" and forward.location == f"{module}:12"
    assert forward.op == "jax.scipy.special.hyp2f1 (hyp2f1)"
    assert forward.message.startswith("jax.scipy.special.hyp2f1(0.5, 2.0, 1.5, -100.0) returned inf, where hyp2f1 "
                                      "of those very numbers is 0.07850687876"), forward.message
    # the backward pass calls the forward's 2F1 again (that call, not named twice) and then its slope's own 2F1
    (backward,) = _nonfinite(result, "backward")
    assert backward.location == f"{module}:12"
    assert "jax.scipy.special.hyp2f1(1.5, 3.0, 2.5, -100.0) returned" in backward.message, backward.message
    assert "the first NaN or inf of that pass" in backward.message


def test_a_call_replayed_as_several_ops_is_named_by_its_own_name_when_jax_returns_nan(module):
    # JAX's bessel_jn recurs down from 50 terms: in float32 the start underflows and every J_n at 1.0 is NaN
    (result,) = gradcli.check(f"{module}:bessel", [{"x": 1.0}], dtypes=("float32",), fixes=False).results
    assert result.status.value == "unstable"
    (forward,) = _nonfinite(result, "forward")
    assert forward.op == "bessel_jn" and forward.location == f"{module}:16"
    assert forward.message.startswith("jax.scipy.special.bessel_jn(1.0) returned [nan, nan, nan, nan], where "
                                      "gradcli's bessel_jn of those very numbers in float32 is [0.7651977"), forward.message


def test_a_finite_jax_value_names_no_library_call(module):
    # at z = -0.5 JAX's 2F1 is finite: nothing non-finite to name
    (result,) = gradcli.check(f"{module}:gauss", [{"z": -0.5}], dtypes=("float64",), fixes=False).results
    assert result.status.value == "ok" and not _nonfinite(result, "forward") and not _nonfinite(result, "backward")
