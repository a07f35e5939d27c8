"""An audit's reports name a spec's file as the spec wrote it ("lib/fns.py"), not by the full path the audit loaded
it by: the JSON report (the check's target, its findings' lines), the JUnit report and the HTML report alike."""

import json

import pytest
from click.testing import CliRunner

from gradcli.cli import cli

SOURCE = '''import numpy as np


def softplus(x):
    return np.sum(np.log(1 + np.exp(x)))
'''
SPEC = '''[[case]]
name = "softplus"
target = "lib/fns.py:softplus"
at = ["x=[800.0]"]
dtypes = ["float64"]
fixes = false
'''
LINE = SOURCE.splitlines().index("    return np.sum(np.log(1 + np.exp(x)))") + 1


def spec_folder(tmp_path_factory):
    """A folder holding spec.toml, whose case names the file lib/fns.py in it."""
    folder = tmp_path_factory.mktemp("specs")
    (folder / "lib").mkdir()
    (folder / "lib" / "fns.py").write_text(SOURCE)
    (folder / "spec.toml").write_text(SPEC)
    return folder


@pytest.fixture(scope="module")
def reports(tmp_path_factory):
    """The audit's JSON, JUnit and HTML reports of a spec naming a file in its folder's lib/, and that folder."""
    folder = spec_folder(tmp_path_factory)
    junit, html = folder / "out.xml", folder / "out.html"
    ran = CliRunner().invoke(cli, ["audit", str(folder / "spec.toml"), "--json", "--junit", str(junit),
                                   "--html", str(html), "--max-time", "inf"])
    return {"json": ran.stdout, "junit": junit.read_text(), "html": html.read_text()}, folder


def test_the_json_report_names_the_file_as_the_spec_wrote_it(reports):
    texts, folder = reports
    (case,) = json.loads(texts["json"])["cases"]
    assert case["check"]["target"] == "lib/fns.py:softplus"
    locations = {f["location"] for r in case["check"]["results"] for f in r["findings"] if f.get("location")}
    assert locations == {f"lib/fns.py:{LINE}"}
    assert str(folder) not in texts["json"]


def test_the_junit_report_names_the_file_as_the_spec_wrote_it(reports):
    texts, folder = reports
    assert f"at lib/fns.py:{LINE}" in texts["junit"]
    assert str(folder) not in texts["junit"]


def test_the_html_report_names_the_file_as_the_spec_wrote_it(reports):
    texts, folder = reports
    assert f"at lib/fns.py:{LINE}" in texts["html"]
    assert str(folder) not in texts["html"]
