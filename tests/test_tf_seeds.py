"""The seeds in real TensorFlow: its documentation's custom gradients judged as gradcli judges its own.

Each of TensorFlow's examples (examples/tensorflow/seeds.py: log1pexp naive and
"stable", the variables= polynomial, a Keras-style grad_fn(*args, upstream=),
TensorFlow Probability's custom_gradient(fx, gx, x), and a rule off by two) is
checked through the TensorFlow bridge, and the same function written with
gradcli's own custom-gradient API beside it: every point's verdict agrees.
"""

import os

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli import Variable, custom_gradient, stop_gradient

SEEDS = os.path.join(os.path.dirname(__file__), "..", "examples", "tensorflow", "seeds.py")
POINTS = [{"x": -40.0}, {"x": 1.0}, {"x": 100.0}]


def naive(x):
    return gnp.log(1 + gnp.exp(x))


@custom_gradient
def _log1pexp(x):
    e = gnp.exp(x)

    def grad(upstream):
        return upstream * (1 - 1 / (1 + e))

    return gnp.log(1 + e), grad


def stable(x):
    return _log1pexp(x)


_weights = Variable(np.array([5.0, 10.0]))


@custom_gradient
def _linear_poly(x):
    poly = _weights[1] * x + _weights[0]

    def grad_fn(dpoly, variables=None):
        grad_xs = dpoly * _weights[1]
        dy_dw = dpoly * gnp.stack([x**1, x**0])
        return grad_xs, [gnp.sum(gnp.reshape(dy_dw, (2, -1)), axis=1)]

    return poly, grad_fn


def poly(x):
    return _linear_poly(x)


@custom_gradient
def _log1pexp_keras(x):
    e = gnp.exp(x)

    def grad(*args, upstream=None):
        if upstream is None:
            (upstream,) = args
        return upstream * (1 - 1 / (1 + e))

    return gnp.log(1 + e), grad


def keras_style(x):
    return _log1pexp_keras(x)


def tfp_style(x):
    return custom_gradient(gnp.log(1 + gnp.exp(x)), gnp.sigmoid(x), x)


@custom_gradient
def _log1pexp_wrong(x):
    e = gnp.exp(x)

    def grad(upstream):
        return 2 * upstream * e / (1 + e)

    return gnp.log1p(e), grad


def wrong(x):
    return _log1pexp_wrong(x)


TWINS = {"naive": naive, "stable": stable, "poly": poly, "keras_style": keras_style, "tfp_style": tfp_style, "wrong": wrong}


def _verdicts(target, dtypes, framework=None):
    report = gradcli.check(target, POINTS, dtypes=dtypes, framework=framework)
    return {(r.point["x"], r.dtype): r.status for r in report.results}, report


@pytest.mark.parametrize("name", sorted(TWINS))
def test_each_seed_in_tensorflow_gets_the_verdict_gradcli_gives_its_twin(name):
    dtypes = ("float64",) if name == "poly" else ("float32", "float64")  # the polynomial's weights are float64
    tensorflow, report = _verdicts(f"{SEEDS}:{name}", dtypes)
    assert report.results and all(r is not None for r in tensorflow.values())
    twin, _ = _verdicts(TWINS[name], dtypes, framework="gradcli")
    assert tensorflow == twin


def test_the_documented_stable_gradient_is_unstable_below_minus_37_at_its_own_line():
    report = gradcli.check(f"{SEEDS}:stable", [{"x": -40.0}], dtypes=("float64",))
    [result] = report.results
    assert result.status == "unstable"
    assert result.gradient["x"] == 0.0  # 1 - 1 / (1 + e) cancels: TensorFlow's own number
    assert float(result.exact_gradient["x"]) == pytest.approx(np.exp(-40.0), rel=1e-10)
    [cancelled] = [f for f in result.findings if f.phase == "backward" and f.kind == "cancellation"]
    assert cancelled.op == "tf.math.subtract (Sub)" and cancelled.location.endswith("seeds.py:28")


def test_a_rule_off_by_two_is_wrong_at_its_def_line():
    report = gradcli.check(f"{SEEDS}:wrong", [{"x": 1.0}], dtypes=("float64",))
    [result] = report.results
    assert result.status == "wrong"
    [finding] = [f for f in result.findings if f.kind == "wrong-rule"]
    assert finding.location.endswith("seeds.py:85")
    assert "grad() of log1pexp_wrong" in finding.op
    assert float(result.exact_gradient["x"]) == pytest.approx(1 / (1 + np.exp(-1.0)), rel=1e-12)
    assert result.gradient["x"] == pytest.approx(2 / (1 + np.exp(-1.0)), rel=1e-12)  # TensorFlow's own, wrong


def test_the_tfp_form_passes_no_gradient_to_what_fx_and_gx_read():
    # stop(fx) + stop(gx) * (x - stop(x)): the gradient is gx, whatever fx's own derivative is.
    report = gradcli.check(f"{SEEDS}:tfp_style", [{"x": 2.0}], dtypes=("float64",))
    [result] = report.results
    assert result.status == "ok"
    assert result.gradient["x"] == pytest.approx(1 / (1 + np.exp(-2.0)), rel=1e-15)
