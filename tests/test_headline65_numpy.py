"""Plain NumPy: a where leak over two lines is the first finding; other classes keep their order."""

import json
from xml.etree import ElementTree

from click.testing import CliRunner

from gradcli.cli import cli
from headline65_leak import assert_leak_is_the_headline, leak_module


def test_a_numpy_where_leak_over_two_lines_leads_the_findings(tmp_path):
    assert_leak_is_the_headline(tmp_path, leak_module("import numpy as np", "np.where", "np.sum"))


def test_a_forward_overflow_still_comes_before_its_backward_consequence():
    # float32's exp(100) overflows to inf, then its gradient is NaN: the overflow is the cause, named first
    shown = CliRunner().invoke(cli, ["check", "log(1+exp(x))", "--at", "100", "--dtype", "float32", "--json"])
    findings = json.loads(shown.stdout)["results"][0]["findings"]
    assert [f["phase"] for f in findings[:2]] == ["forward", "backward"], findings
    assert findings[0]["op"] == "exp" and "overflow" in findings[0]["message"]


def test_the_audit_views_show_the_leak_as_the_first_finding(tmp_path):
    (tmp_path / "leak.py").write_text(leak_module("import numpy as np", "np.where", "np.sum"))
    spec = tmp_path / "gradcli.toml"
    spec.write_text('[[case]]\nname = "wet cells"\ntarget = "leak.py:wet_cells"\nat = ["depth=[-0.1,1]"]\n'
                    'dtypes = ["float64"]\n')
    markdown, junit = tmp_path / "report.md", tmp_path / "report.xml"
    shown = CliRunner().invoke(cli, ["audit", str(spec), "--markdown", str(markdown), "--junit", str(junit)])
    assert shown.exit_code == 1, shown.output
    row = next(line for line in markdown.read_text().splitlines() if line.startswith("| wet cells"))
    assert "leak.py:8" in row and "leaks through" in row, row
    listed = ElementTree.parse(junit).getroot().find(".//failure").text.splitlines()  # the target, then the findings
    assert "leak.py:8" in listed[1] and "leaks through" in listed[1], listed
