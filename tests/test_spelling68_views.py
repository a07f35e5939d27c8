"""An audit's Markdown report and its terminal table name a spec's file as the spec wrote it ("lib/fns.py:5"), as its
JSON, JUnit and HTML reports do (test_spelling67_views.py), not by the file's name alone nor by the full path the audit
loaded it by."""

import pytest
from click.testing import CliRunner

from gradcli.cli import cli
from test_spelling67_views import LINE, spec_folder


@pytest.fixture(scope="module")
def reports(tmp_path_factory):
    """The audit's Markdown report and terminal table of a spec naming a file in its folder's lib/, and that folder."""
    folder = spec_folder(tmp_path_factory)
    markdown = folder / "out.md"
    ran = CliRunner().invoke(cli, ["audit", str(folder / "spec.toml"), "--markdown", str(markdown), "--max-time", "inf"],
                             env={"COLUMNS": "240"})
    return {"markdown": markdown.read_text(), "terminal": ran.stdout}, folder


@pytest.mark.parametrize("view", ["markdown", "terminal"])
def test_the_report_names_the_file_as_the_spec_wrote_it(reports, view):
    texts, folder = reports
    assert f"at lib/fns.py:{LINE}" in texts[view], texts[view]
    assert f" fns.py:{LINE}" not in texts[view] and str(folder) not in texts[view]
