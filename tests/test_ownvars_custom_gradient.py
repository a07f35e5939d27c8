"""gradcli's own custom_gradient with variables=: the gradients its rule returns for the Variables it reads are judged
against the exact derivative in each Variable, as a TensorFlow rule's are (wrong at the rule's def line)."""

import numpy as np

import gradcli
import gradcli.numpy as gnp
from gradcli import Variable, custom_gradient

_weights = Variable(np.array([5.0, 10.0]))


def _polynomial(reversed_weights):
    """``weights[1] * x + weights[0]`` whose rule returns the weights' gradient as [1, x], or reversed as [x, 1]."""

    @custom_gradient
    def linear(x):
        def grad_fn(upstream, variables=None):
            slopes = gnp.stack([x, gnp.ones_like(x)] if reversed_weights else [gnp.ones_like(x), x])
            return upstream * _weights[1], [upstream * slopes]

        return _weights[1] * x + _weights[0], grad_fn

    return linear


_reversed, _right = _polynomial(True), _polynomial(False)


def reversed_weights(x):
    return _reversed(x)


def right_weights(x):
    return _right(x)


def _results(function, xs):
    report = gradcli.check(function, [{"x": x} for x in xs], dtypes=("float64",), framework="gradcli")
    return report.results


def test_weights_gradients_reversed_are_wrong_at_the_rules_def_line_and_agree_at_x_1():
    at_1, at_100 = _results(reversed_weights, [1.0, 100.0])
    assert at_1.status == "ok"  # [x, 1] is [1, x] there
    assert at_100.status == "wrong"
    [finding] = [f for f in at_100.findings if f.kind == "wrong-rule"]
    assert finding.op == "gradient rule grad_fn()"
    assert finding.location.endswith(f"test_ownvars_custom_gradient.py:{grad_fn_line()}")
    assert "it returns [100.0, 1.0], the exact derivative is [1.0, 100.0]" in finding.message
    assert _weights.numpy().tolist() == [5.0, 10.0]  # the differences restore the Variable


def test_weights_gradients_in_order_are_ok():
    assert [r.status for r in _results(right_weights, [1.0, 100.0])] == ["ok", "ok"]


def grad_fn_line():
    with open(__file__) as source:
        return next(i for i, line in enumerate(source, 1) if "def grad_fn(upstream, variables=None)" in line)


def test_a_plain_module_checked_once_a_variable_exists_keeps_its_verdict(tmp_path):
    """The variables' search runs the function on exact numbers, which a plain module may not take (`y.astype` on
    an mpmath number): the check's verdict stands, whatever Variables the process holds."""
    from gradcli.autodiff.tape import Variable

    Variable(1.0)
    path = tmp_path / "casts.py"
    path.write_text("import numpy as np\n\n\ndef c(x, y):\n    return x * y.astype(np.float32)\n")
    report = gradcli.check(f"{path}:c", [{"x": 2.0, "y": 3.0}], dtypes=("float64",))
    assert [r.status for r in report.results] == ["ok"]
