"""Nothing an audit produced is lost: report folders are made, unwritable paths refused before any case runs."""

import json

from audit_helpers import audit, spec_of

def spec(folder, text=spec_of(["passing", "failing"])):
    path = folder / "gradcli.toml"
    path.write_text(text)
    return path


def test_report_folders_are_made_as_pytest_makes_the_folder_of_junitxml(tmp_path):
    code, out, err = audit(spec(tmp_path), "--json", "--junit", tmp_path / "out" / "audit.xml", "--html", tmp_path / "out" / "html" / "a.html")
    assert code == 1 and "error:" not in err
    assert [case["name"] for case in json.loads(out)["cases"]] == ["passing", "failing"]
    assert (tmp_path / "out" / "audit.xml").read_text().startswith("<?xml")
    assert (tmp_path / "out" / "html" / "a.html").exists()


def test_an_unwritable_report_path_is_refused_before_any_case_runs(tmp_path):
    (tmp_path / "blocker").write_text("a file where a folder would go")
    code, out, err = audit(spec(tmp_path), "--json", "--markdown", tmp_path / "blocker" / "a.md")
    assert code == 2 and out == ""
    assert "--markdown" in err and "cannot write there" in err
    assert "[1/2]" not in err  # no case ran


def test_a_folder_as_a_report_path_is_refused(tmp_path):
    code, out, err = audit(spec(tmp_path), "--junit", tmp_path)
    assert code == 2 and "is a directory" in err
