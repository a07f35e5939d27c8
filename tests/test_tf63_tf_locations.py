"""TensorFlow findings where a TensorFlow user looks for them (issue 29).

A finding names the op as TensorFlow does, the API the user's line called and the graph's op type
("tf.math.unsorted_segment_prod (UnsortedSegmentProd)"), in the library's results, JSON and text alike; gradcli's own
name of the op that replays it is kept as ``gradcli_op``.
TensorFlow Probability's ``custom_gradient(fx, gx, x)`` form, ``stop(fx) + stop(gx) * (x - stop(x))``, makes gx the
gradient: a wrong gx is named at the line that computes gx, as a ``tf.custom_gradient``'s rule is named at its own
``def``, not at the line that combines the form. A label held as data (outside --wrt) is shown in the check's header.
The truths are mpmath's derivatives and the lines of the source below.
"""

import json
import os
import textwrap

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

import mpmath
import pytest
import tensorflow as tf  # noqa: F401 - the framework under test: imported once, here, for the file's CPU budget
from click.testing import CliRunner

import gradcli
from gradcli.cli import cli

SOURCE = textwrap.dedent('''\
    import math

    import tensorflow as tf


    def _form(fx, gx, x):
        """TensorFlow Probability's custom_gradient(fx, gx, x), as its source writes it."""
        return tf.stop_gradient(fx) + tf.stop_gradient(gx) * (x - tf.stop_gradient(x))


    def log1mexp(x, sign):
        fx = tf.where(x < math.log(2.0), tf.math.log(-tf.math.expm1(-x)), tf.math.log1p(-tf.exp(-x)))
        gx = 1.0 / tf.math.expm1(sign * x)  # the rule: right with sign 1
        return tf.reduce_sum(_form(fx, gx, x))


    def right(x):
        return log1mexp(x, 1.0)


    def wrong(x):
        return log1mexp(x, -1.0)


    def picked(z, label):
        return tf.reduce_logsumexp(z) - tf.gather(z, label)


    def segment_log(x):
        p = tf.math.unsorted_segment_prod(x, [0, 0, 1], num_segments=2)
        return tf.reduce_sum(tf.math.log(p))
''')


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    (path := tmp_path_factory.mktemp("tf63") / "tfp_form63.py").write_text(SOURCE)
    return str(path)


def _line(text):
    """The number of the one line of SOURCE holding ``text``."""
    return 1 + next(k for k, line in enumerate(SOURCE.splitlines()) if text in line)


def _truth(points):
    """d/dx log(1 - e^-x) = 1 / (e^x - 1), at 40 digits."""
    with mpmath.workdps(40):
        return [float(mpmath.diff(lambda t: mpmath.log(1 - mpmath.exp(-t)), mpmath.mpf(p))) for p in points]


def test_a_wrong_gx_of_the_tfp_form_is_named_at_gxs_own_line(module):
    (result,) = gradcli.check(f"{module}:wrong", [{"x": [0.5, 3.0]}], dtypes=("float64",), fixes=False).results
    assert result.status.value == "wrong", result.findings
    assert [float(g) for g in result.exact_gradient["x"]] == pytest.approx(_truth([0.5, 3.0]), rel=1e-12)
    (finding,) = [f for f in result.findings if f.kind == "wrong-rule"]
    assert finding.location == f"{module}:{_line('gx = 1.0 / tf.math.expm1')}", finding.location
    assert finding.op == "gradient rule gx of custom_gradient(fx, gx, x)", finding.op
    assert f"the stop form at tfp_form63.py:{_line('return tf.stop_gradient(fx)')}" in finding.message


def test_a_label_held_outside_wrt_is_in_the_header_of_a_tensorflow_check(module):
    run = CliRunner().invoke(cli, ["check", f"{module}:picked", "--at", "z=[1,2,3],label=2", "--wrt", "z",
                                   "--dtype", "float64"])
    assert run.exit_code == 0, run.output
    assert [line.strip() for line in run.output.splitlines() if line.startswith("at ")] == [
        "at z = [1, 2, 3], label = 2"], run.output


SEGMENT_OP = "tf.math.unsorted_segment_prod (UnsortedSegmentProd)"


def test_a_finding_names_the_op_as_tensorflow_does_in_json_and_text(module):
    at = ["--at", "x=[1e200,1e200,2]", "--dtype", "float64"]
    run = CliRunner().invoke(cli, ["check", f"{module}:segment_log", *at, "--json"])
    (result,) = json.loads(run.stdout)["results"]
    assert result["status"] == "unstable"
    # d/dx log(x0 x1) + log(x2) = 1 / x: the product of the first segment overflows at 1e400
    assert result["exact_gradient"]["x"] == pytest.approx([1e-200, 1e-200, 0.5], rel=1e-15)
    line = f"{module}:{_line('p = tf.math.unsorted_segment_prod')}"
    (overflow,) = [f for f in result["findings"] if f["phase"] == "forward" and f["kind"] == "nonfinite"]
    assert (overflow["op"], overflow["gradcli_op"], overflow["location"]) == (SEGMENT_OP, "prod", line), overflow
    text = CliRunner().invoke(cli, ["check", f"{module}:segment_log", *at]).output
    assert f"forward, {SEGMENT_OP} at tfp_form63.py:{_line('p = tf.math.unsorted_segment_prod')}:" in text, text
    assert "^" * len("unsorted_segment_prod") in text  # the name the user called, underlined on the line
