"""TensorFlow findings where a TensorFlow user looks for them (issue 29).

TensorFlow Probability's ``custom_gradient(fx, gx, x)`` form, ``stop(fx) + stop(gx) * (x - stop(x))``, makes gx the
gradient: a wrong gx is named at the line that computes gx, as a ``tf.custom_gradient``'s rule is named at its own
``def``, not at the line that combines the form. A label held as data (outside --wrt) is shown in the check's header.
The truths are mpmath's derivatives and the lines of the source below.
"""

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


def test_the_right_gx_is_ok(module):
    (result,) = gradcli.check(f"{module}:right", [{"x": [0.5, 3.0]}], dtypes=("float64",), fixes=False).results
    assert result.status.value == "ok", result.findings
    assert [float(g) for g in result.gradient["x"]] == pytest.approx(_truth([0.5, 3.0]), rel=1e-12)


def test_a_label_held_outside_wrt_is_in_the_header_of_a_tensorflow_check(module):
    run = CliRunner().invoke(cli, ["check", f"{module}:picked", "--at", "z=[1,2,3],label=2", "--wrt", "z",
                                   "--dtype", "float64"])
    assert run.exit_code == 0, run.output
    assert [line.strip() for line in run.output.splitlines() if line.startswith("at ")] == [
        "at z = [1, 2, 3], label = 2"], run.output
