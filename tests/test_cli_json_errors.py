"""With --json, an error that stops a command prints one JSON document on stdout; its message still goes to stderr.

A user piping ``gradcli check ... --json | jq`` reads JSON whatever went
wrong: bad input, a bad option (click's own usage errors), an internal error.
"""

import json

import pytest
from click.testing import CliRunner

from gradcli.cli import cli, main

SPEC = """\
[[case]]
name = "softplus"
target = "log(1+exp(x))"
at = ["x=1"]
colour = "blue"
"""


def run(*args):
    return CliRunner().invoke(cli, list(args))


def error_document(result, schema):
    """The one JSON document on stdout, of ``schema`` and with an error; the message on stderr, no traceback."""
    document = json.loads(result.stdout)
    assert document["schema"] == schema and set(document) == {"schema", "error"}
    error = document["error"]
    assert set(error) == {"kind", "message", "file", "line", "text", "span"}
    assert error["message"] and error["message"] in result.stderr and "Traceback" not in result.output
    return error


@pytest.mark.parametrize("command, schema", [
    (["grad", "log(x", "--at", "x=1"], "gradcli.check/1"),
    (["check", "log(x", "--at", "x=1"], "gradcli.check/1"),
    (["sweep", "log(x", "--range", "x=1:2:3"], "gradcli.sweep/1"),
    (["diff", "log(x"], "gradcli.diff/1"),
])
def test_a_bad_formula_is_a_json_error_with_its_bad_part(command, schema):
    result = run(*command, "--json")
    assert result.exit_code == 2
    error = error_document(result, schema)
    assert error["kind"] == "input" and error["text"] == "log(x" and error["span"] is not None
    assert error["file"] is None and error["line"] is None


def test_diff_format_json_asks_for_json_too():
    result = run("diff", "log(x", "--format", "json")
    assert result.exit_code == 2 and error_document(result, "gradcli.diff/1")["kind"] == "input"


def test_a_bad_point_and_a_bad_option_are_json_errors():
    point = run("check", "log(x)", "--at", "y=1", "--json")
    assert point.exit_code == 2 and "y" in error_document(point, "gradcli.check/1")["message"]
    option = run("check", "log(x)", "--at", "x=1", "--rtol", "-1", "--json")  # click refuses the value
    assert option.exit_code == 2 and "--rtol" in error_document(option, "gradcli.check/1")["message"]


def test_without_json_an_error_prints_nothing_on_stdout():
    result = run("check", "log(x", "--at", "x=1")
    assert result.exit_code == 2 and result.stdout == "" and "error:" in result.stderr


def test_an_audit_spec_error_names_its_file_and_line_and_writes_no_report(tmp_path):
    spec = tmp_path / "gradcli.toml"
    spec.write_text(SPEC)
    junit = tmp_path / "out" / "audit.xml"
    result = run("audit", str(spec), "--json", "--junit", str(junit))
    assert result.exit_code == 2
    error = error_document(result, "gradcli.audit/1")
    assert error["file"] == str(spec) and error["line"] == 5 and "colour" in error["message"]
    assert not junit.exists()


def test_report_merge_of_a_file_that_is_no_report(tmp_path):
    other = tmp_path / "other.json"
    other.write_text("{}")
    result = run("report", "merge", str(other), "--json")
    assert result.exit_code == 2 and "not a gradcli audit report" in error_document(result, "gradcli.audit/1")["message"]


def test_an_internal_error_is_a_json_error_of_its_kind(monkeypatch, capsys):
    from gradcli.checker import runner

    def broken(*args, **kwargs):
        raise ZeroDivisionError("planted")

    monkeypatch.setattr(runner, "check", broken)
    with pytest.raises(SystemExit) as stop:
        main(["grad", "x**2", "--at", "x=1", "--json"])
    out = capsys.readouterr()
    assert stop.value.code == 3
    document = json.loads(out.out)
    assert document["error"]["kind"] == "internal" and document["error"]["message"] == "ZeroDivisionError: planted"
    assert "internal error: ZeroDivisionError: planted" in out.err


def test_an_error_after_the_json_was_printed_prints_no_second_document(tmp_path, monkeypatch):
    """A report file that fails to write late, after the JSON is out: stdout holds that one document."""
    from gradcli import files
    from gradcli.errors import InputError

    shard = tmp_path / "shard.json"
    shard.write_text(json.dumps({"schema": "gradcli.audit/1", "cases": [{"name": "softplus", "target": "x", "status": "pass"}]}))

    def refused(path, text):
        raise InputError(f"cannot write {path}: planted")

    monkeypatch.setattr(files, "write_atomically", refused)
    result = run("report", "merge", str(shard), "--json", "--markdown", str(tmp_path / "audit.md"))
    assert result.exit_code == 2 and "planted" in result.stderr
    document = json.loads(result.stdout)
    assert "error" not in document and document["cases"][0]["name"] == "softplus"
