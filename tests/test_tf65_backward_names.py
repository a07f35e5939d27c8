"""An op of TensorFlow's backward pass is named as the call whose gradient it computes and the graph op itself.

``tf.math.log(tf.exp(x))`` at x = 800 builds two ``Mul`` ops of TensorFlow's gradient on one line: log's
(``dy * reciprocal(e)``, 1 * 0 = 0) and exp's (``dy * e``, 0 * inf = NaN). The first NaN of the backward pass is
exp's, so its finding names "tf.math.exp gradient (Mul)", keeps the graph op "Mul" as ``framework_op`` and gradcli's
"multiply" as ``gradcli_op``, in the check's result, its JSON, the terminal, JUnit and an audit's HTML.
``tf.math.log(tf.exp(x) - 1.0)`` at x = 1e-20 (float64) cancels to log(0), and log's gradient takes
``Reciprocal(0)``: "tf.math.log gradient (Reciprocal)". The truths are TensorFlow's own gradient functions (which
op each makes) and mpmath's exact values.
"""

import json
import textwrap
import xml.etree.ElementTree as ET

import mpmath
import pytest
import tensorflow as tf  # noqa: F401 - the framework under test: imported once, here, for the file's CPU budget
from audit_reports import case
from click.testing import CliRunner

import gradcli
from gradcli.audit.results import AuditReport
from gradcli.cli import cli
from gradcli.jsondata import jsonable
from gradcli.views import html

SOURCE = textwrap.dedent('''\
    import tensorflow as tf


    def log_of_exp(x):
        return tf.math.log(tf.exp(x))


    def log_of_exp_minus_one(x):
        return tf.math.log(tf.exp(x) - 1.0)
''')


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    (path := tmp_path_factory.mktemp("backward_names") / "tf_backward.py").write_text(SOURCE)
    return str(path)


def _backward(result):
    (finding,) = [f for f in result["findings"] if f["phase"] == "backward"]
    return finding


def test_the_nan_of_two_muls_on_one_line_is_named_as_exps_gradient(module, tmp_path):
    junit = tmp_path / "report.xml"
    args = ["check", f"{module}:log_of_exp", "--at", "x=800", "--dtype", "float64", "--no-fix"]
    run = CliRunner().invoke(cli, [*args, "--json", "--junit", str(junit)])
    (result,) = json.loads(run.stdout)["results"]
    assert result["status"] == "unstable"
    with mpmath.workdps(40):  # log(exp(x)) = x: value 800, slope 1
        assert result["exact_value"] == pytest.approx(float(mpmath.log(mpmath.exp(800))), rel=1e-14)
    assert result["exact_gradient"]["x"] == pytest.approx(1.0, rel=1e-14)
    backward = _backward(result)
    assert (backward["op"], backward["framework_op"], backward["gradcli_op"]) == (
        "tf.math.exp gradient (Mul)", "Mul", "multiply"), backward
    assert backward["message"].startswith("in the framework's backward pass, Mul(0.0, inf) gave nan"), backward
    assert backward["location"] == f"{module}:5"
    forward = next(f for f in result["findings"] if f["phase"] == "forward" and f["kind"] == "nonfinite")
    assert (forward["op"], forward["framework_op"]) == ("tf.math.exp (Exp)", "Exp"), forward

    text = CliRunner().invoke(cli, args).output
    assert "backward, tf.math.exp gradient (Mul) at tf_backward.py:5:" in text, text
    failures = " ".join(f.text or "" for f in ET.parse(junit).getroot().iter("failure"))
    assert "backward tf.math.exp gradient (Mul): in the framework's backward pass" in failures, failures


def test_logs_reciprocal_of_a_cancelled_zero_is_named_as_logs_gradient(module):
    report = gradcli.check(f"{module}:log_of_exp_minus_one", [{"x": 1e-20}], dtypes=("float64",), fixes=False)
    (result,) = report.results
    assert result.status.value == "unstable"
    with mpmath.workdps(60):  # d/dx log(e^x - 1) = e^x / (e^x - 1)
        x = mpmath.mpf(1e-20)
        assert float(result.exact_gradient["x"]) == pytest.approx(float(mpmath.exp(x) / mpmath.expm1(x)), rel=1e-12)
    (backward,) = [f for f in result.findings if f.phase == "backward"]
    assert (backward.op, backward.framework_op, backward.gradcli_op) == (
        "tf.math.log gradient (Reciprocal)", "Reciprocal", "reciprocal"), backward
    check = json.loads(json.dumps(jsonable(report.to_dict())))
    page = html.render(AuditReport(cases=[case("t65", "fail", check=check, target="log_of_exp_minus_one")], seconds=1.0))
    assert "tf.math.log gradient (Reciprocal)" in page
