"""``python -m gradcli audit`` ends with ``os._exit`` once its output is flushed: nothing it writes is cut short."""

import io
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

from gradcli.audit.baseline import load_report
from gradcli.views import junit, markdown
from gradcli.views.json import dump_json

SPEC = """
[[case]]
name = "softplus"
target = "log(1+exp(x))"
at = ["x=1", "x=-2"]

[[case]]
name = "square"
target = "x*x"
at = ["x=2"]
"""


def test_an_audit_through_a_pipe_writes_its_json_and_report_files_whole(tmp_path):
    (tmp_path / "gradcli.toml").write_text(SPEC)
    env = {**os.environ, "PYTHONPATH": os.getcwd() + os.pathsep + os.environ.get("PYTHONPATH", "")}
    env.pop("PYTHONUNBUFFERED", None)  # stdout a pipe, block-buffered as a CI runner sees it
    command = [sys.executable, "-m", "gradcli", "audit", "gradcli.toml", "--json", "--jobs", "2",
               "--junit", "report.xml", "--markdown", "report.md"]
    with subprocess.Popen(command, cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as process:
        out, err = process.communicate(timeout=300)  # read to the end of the pipe: until every writer closed it
    assert process.returncode == 0, err.decode()
    report = json.loads(out)  # whole: a cut-short document does not parse
    assert [case["name"] for case in report["cases"]] == ["softplus", "square"]
    assert [len(case["check"]["results"]) for case in report["cases"]] == [4, 2]  # each point in float32 and float64
    (tmp_path / "stdout.json").write_bytes(out)
    again = load_report(str(tmp_path / "stdout.json"))
    # Stdout and the files are the views of the very report printed: complete to their last byte.
    text = io.StringIO()
    dump_json(again, text)
    assert out.decode() == text.getvalue()
    assert (tmp_path / "report.md").read_text() == markdown.render(again)
    assert (tmp_path / "report.xml").read_text() == junit.render(again)
    cases = ElementTree.parse(tmp_path / "report.xml").getroot().iter("testcase")
    assert [case.get("name") for case in cases] == ["softplus", "square"]
