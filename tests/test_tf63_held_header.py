"""A check's header and JSON show every input held as data (issue 29's I1): a label given outside --wrt is part of the
point the function ran at, shown after the variables as they are, in the terminal, JSON, HTML and audit views.

No framework: the label is held the same way for a plain NumPy module and for a framework's function (the TensorFlow
case is in test_tf63_tf_locations.py)."""

import json
import math
import textwrap

from click.testing import CliRunner

import gradcli
from gradcli.cli import cli

MODULE = textwrap.dedent('''\
    import numpy as np


    def pick(z, label):
        """Cross-entropy of logits z for one class label."""
        return np.log(np.sum(np.exp(z))) - np.sum(z[label])
''')


def _module(tmp_path):
    path = tmp_path / "held_label.py"
    path.write_text(MODULE)
    return f"{path}:pick"


def test_the_terminal_header_shows_a_label_held_outside_wrt(tmp_path):
    run = CliRunner().invoke(cli, ["check", _module(tmp_path), "--at", "z=[1,2,3],label=0", "--wrt", "z",
                                   "--dtype", "float64"])
    assert run.exit_code == 0, run.output
    headers = [line.strip() for line in run.output.splitlines() if line.startswith("at ")]
    assert headers == ["at z = [1, 2, 3], label = 0"], run.output


def test_json_holds_each_held_input_as_typed_and_the_point_keeps_its_variables(tmp_path):
    run = CliRunner().invoke(cli, ["check", _module(tmp_path), "--at", "z=[1,2,3],label=[0,2]", "--wrt", "z",
                                   "--dtype", "float64", "--json"])
    assert run.exit_code == 0, run.output
    (result,) = json.loads(run.stdout)["results"]
    assert result["point"] == {"z": [1.0, 2.0, 3.0]}
    assert result["held"] == {"label": [0, 2]} and all(type(v) is int for v in result["held"]["label"])
    # the numbers are those of the labels given: d/dz_k = softmax_k - [k in label]
    total = sum(math.exp(v) for v in (1, 2, 3))
    truth = [math.exp(v) / total - (k in (0, 2)) for k, v in enumerate((1, 2, 3))]
    assert all(abs(g - t) <= 1e-12 for g, t in zip(result["exact_gradient"]["z"], truth)), result["exact_gradient"]


def test_the_library_and_the_html_and_audit_views_show_the_label(tmp_path):
    from gradcli.views.audit_cases import check_findings
    from gradcli.views.html import render_check

    def pick(z, label):
        return gradcli.numpy.log(gradcli.numpy.sum(gradcli.numpy.exp(z))) - z[label]

    report = gradcli.check(pick, [{"z": [1e3, 0.0], "label": 1}], wrt=["z"], dtypes=("float64",), fixes=False)
    (result,) = report.results
    assert result.held == {"label": 1} and set(result.point) == {"z"}
    assert "z = [1000, 0], label = 1" in render_check(report.to_dict())
    assert result.status == "unstable" and result.findings  # exp(1000) overflows
    assert {where for where, _ in check_findings(report.to_dict())} == {"z = [1000, 0], label = 1 [float64]"}


def test_a_variable_given_as_a_float_is_no_held_input(tmp_path):
    run = CliRunner().invoke(cli, ["check", _module(tmp_path), "--at", "z=[1,2,3],label=0.0",
                                   "--wrt", "z", "--dtype", "float64", "--json"])
    # a float label cannot index: the function raises, and the point is still shown with every input it was given
    (result,) = json.loads(run.stdout)["results"]
    assert result["held"] == {} and result["point"] == {"z": [1.0, 2.0, 3.0], "label": 0.0}
