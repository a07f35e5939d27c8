"""An error result fails a check whatever --fail-on says: its exit code and its JUnit report agree on that."""

import xml.etree.ElementTree as ET

from click.testing import CliRunner

from gradcli.cli import cli

RAISES = '''\
def raises(x):
    raise ValueError("no value here")
'''


def test_an_error_result_is_a_junit_error_whatever_fail_on_says(tmp_path):
    (tmp_path / "raises.py").write_text(RAISES)
    junit = tmp_path / "out.xml"
    result = CliRunner().invoke(cli, ["check", f"{tmp_path / 'raises.py'}:raises", "--at", "x=0.5", "--dtype",
                                      "float64", "--fail-on", "wrong", "--junit", str(junit)])
    assert result.exit_code == 1, result.output
    suite = ET.parse(junit).getroot().find("testsuite")
    assert (suite.get("tests"), suite.get("errors"), suite.get("failures")) == ("1", "1", "0")
    error = suite.find("testcase").find("error")
    assert error is not None and "ValueError: no value here" in error.get("message")
