"""The contract every framework bridge meets: `capture.Bridge` compiled by `as_functions` into a checker target.

A stand-in framework (NumPy for its own numbers, gradcli ops for its replayed
graphs) shows what any bridge gets from the checker without a framework branch:
its own numbers judged, the forward op that overflowed named at the user's line,
and a wrong rule of the user's caught at the rule's line.
"""

import numpy as np
import pytest

import gradcli.numpy as gnp
from gradcli.capture import Bridge, as_functions, make_bridge, replayed_at
from gradcli.checker.options import CheckOptions
from gradcli.checker.runner import check
from gradcli.checker.targets import Target
from gradcli.errors import InputError


def _softplus_own(scale):
    def own(args, cotangent):
        (x,) = args
        value = np.log1p(np.exp(x))
        if cotangent is None:
            return value, None
        return value, (scale * cotangent / (1 + np.exp(-x)),)

    return own


def _forward(x):
    with replayed_at("model.py:3"):
        e = gnp.exp(x)
    with replayed_at("model.py:4"):
        return gnp.log(1 + e)


def _backward(scale, rule=None):
    def backward(args, cotangent):
        (x,) = args
        with replayed_at("model.py:9", rule):
            return (scale * cotangent * gnp.exp(x) / (1 + gnp.exp(x)),)

    return backward


def _target(scale=1.0, rule=None):
    bridge = Bridge("stand-in", _softplus_own(scale), _forward, _backward(scale, rule), "numpy")
    function, mp_function = as_functions(bridge, "softplus")
    return Target("model.py:softplus", "function", ("x",), function, mp_function, framework="stand-in", bridge=bridge)


def _results(target, points, dtypes):
    return check(target, points, CheckOptions(dtypes=dtypes)).results


def test_the_numbers_under_test_are_the_frameworks_own():
    [result] = _results(_target(), [{"x": 2.0}], ("float64",))
    assert result.status == "ok"
    assert result.value == pytest.approx(np.log1p(np.exp(2.0)), rel=1e-15)
    assert result.gradient["x"] == pytest.approx(1 / (1 + np.exp(-2.0)), rel=1e-15)


def test_a_forward_overflow_is_unstable_at_the_users_line():
    [result] = _results(_target(), [{"x": 100.0}], ("float32",))
    assert result.status == "unstable"
    [finding] = [f for f in result.findings if f.kind == "nonfinite"]
    assert (finding.op, finding.location) == ("exp", "model.py:3")


def test_the_exact_gradient_comes_from_the_replayed_forward_graph():
    [result] = _results(_target(), [{"x": -800.0}], ("float64",))
    assert result.status == "ok"
    assert result.exact_gradient_text["x"].startswith("3.66787458417768721")  # exp(-800): no float holds it


def test_a_wrong_rule_is_wrong_at_the_rules_own_line():
    [result] = _results(_target(2.0, ("bwd() of softplus", "model.py:8")), [{"x": 1.0}], ("float64",))
    assert result.status == "wrong"
    [finding] = [f for f in result.findings if f.kind == "wrong-rule"]
    assert finding.location == "model.py:8"
    assert "bwd() of softplus" in finding.op


def test_a_framework_without_a_bridge_module_is_a_clear_error(monkeypatch):
    from gradcli.capture import bridge

    monkeypatch.setitem(bridge.BRIDGES, "jax", "gradcli.capture.no_such_bridge")
    with pytest.raises(InputError, match="cannot check yet"):
        make_bridge("jax", lambda x: x, "model.py:loss")


def test_the_gradient_shown_is_the_frameworks_even_where_the_replay_differs():
    bridge = Bridge("stand-in", _softplus_own(2.0), _forward, _backward(1.0), "numpy")
    function, mp_function = as_functions(bridge, "softplus")
    target = Target("model.py:softplus", "function", ("x",), function, mp_function, framework="stand-in", bridge=bridge)
    [result] = _results(target, [{"x": 0.5}], ("float64",))
    assert result.gradient["x"] == pytest.approx(2 / (1 + np.exp(-0.5)), rel=1e-15)
    assert result.status != "ok"


def test_second_derivatives_of_a_bridged_function_are_refused_not_zero():
    with pytest.raises(InputError, match="--order 2 is not available"):
        check(_target(), [{"x": 1.0}], CheckOptions(dtypes=("float64",), order=2))


def _where_leak_target():
    def own(args, cotangent):
        (x,) = args
        with np.errstate(all="ignore"):
            value = np.where(x > 0, np.sqrt(x), 0.0)
            return value, (None if cotangent is None else (np.where(x > 0, cotangent, 0.0) * 0.5 / np.sqrt(x),))

    def forward(x):
        with replayed_at("model.py:7"):
            return gnp.where(x > 0, gnp.sqrt(x), 0.0)

    def backward(args, cotangent):
        (x,) = args
        with replayed_at("model.py:7"):
            root = gnp.sqrt(x)  # the forward value, computed again as JAX's backward graphs do
        with replayed_at("model.py:8"):
            return (gnp.divide(gnp.multiply(gnp.where(x > 0, cotangent, 0.0), 0.5), root),)

    bridge = Bridge("stand-in", own, forward, backward, "numpy")
    function, mp_function = as_functions(bridge, "sqrt_or_zero")
    return Target("model.py:sqrt_or_zero", "function", ("x",), function, mp_function, framework="stand-in", bridge=bridge)


def test_a_nan_of_the_frameworks_backward_graph_is_named_at_the_step_that_made_it():
    [result] = _results(_where_leak_target(), [{"x": -1.0}], ("float64",))
    [finding] = [f for f in result.findings if f.phase == "backward" and f.kind in ("nonfinite", "where-nan")]
    assert (finding.op, finding.location) == ("divide", "model.py:8")  # not the forward sqrt computed again
    assert "framework's backward pass" in finding.message


def test_finite_differences_step_through_the_replayed_graph_not_the_framework():
    calls = []
    own = _softplus_own(1.0)

    def counting(args, cotangent):
        calls.append(cotangent is None)
        return own(args, cotangent)

    bridge = Bridge("stand-in", counting, _forward, _backward(1.0), "numpy")
    function, mp_function = as_functions(bridge, "softplus")
    target = Target("model.py:softplus", "function", ("x",), function, mp_function, framework="stand-in", bridge=bridge)
    [result] = _results(target, [{"x": 0.5}], ("float64",))
    assert result.status == "ok" and result.fd_gradient["x"] == pytest.approx(1 / (1 + np.exp(-0.5)), rel=1e-8)
    assert len(calls) <= 4  # the value and gradient under test (and their explanation), never once per difference step


def test_a_re_check_read_for_its_verdicts_runs_no_replay_in_the_dtype():
    from gradcli.checker.point import verdicts_only

    dtypes_seen = []

    def forward(x):
        dtypes_seen.append(np.asarray(x).dtype)
        return _forward(x)

    bridge = Bridge("stand-in", _softplus_own(1.0), forward, _backward(1.0), "numpy")
    function, mp_function = as_functions(bridge, "softplus")
    target = Target("model.py:softplus", "function", ("x",), function, mp_function, framework="stand-in", bridge=bridge)
    with verdicts_only():
        [quiet] = _results(target, [{"x": 100.0}], ("float32",))
    assert np.dtype(np.float32) not in dtypes_seen  # the replay beside the framework's numbers is for findings alone
    [full] = _results(target, [{"x": 100.0}], ("float32",))
    assert np.dtype(np.float32) in dtypes_seen and quiet.status == full.status == "unstable"


def test_with_no_framework_loaded_a_function_is_not_called_to_read_its_framework(monkeypatch):
    from gradcli.checker import targets

    calls = []

    def square(x):
        calls.append(1)
        return x * x

    target = targets.resolve(square)
    monkeypatch.setattr(targets, "BRIDGES", {"no-such-framework": "gradcli.capture.no_such_bridge"})
    assert targets.by_returned_value(target, [{"x": 1.0}]) is target and calls == []
    monkeypatch.setattr(targets, "BRIDGES", {"numpy": "gradcli.capture.no_such_bridge"})  # a loaded module: it reads
    assert targets.by_returned_value(target, [{"x": 1.0}]) is target and calls == [1]
