"""The CI examples work: examples/ci/github-actions.yml and .pre-commit-hooks.yaml, their commands run for real.

Each test copies examples/ci to a temporary folder (the root of a user's
project) and runs the workflow's ``run:`` steps with bash, as GitHub does, or
the hook's ``entry``, through the installed ``gradcli`` command. The ``uses:``
steps are GitHub's own actions: not run here, only checked to name a pinned
major version. The install step is not run either (it would fetch gradcli from
PyPI): gradcli is installed already, from this checkout.
"""

from __future__ import annotations

import json
import os
import pathlib
import re
import shlex
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

import pytest
import yaml

ROOT = pathlib.Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "ci"
INSTALL = "python -m pip install gradcli"


@pytest.fixture
def project(tmp_path):
    """A copy of examples/ci, and the environment its commands run in (gradcli from this checkout)."""
    folder = tmp_path / "project"
    shutil.copytree(EXAMPLE, folder)
    scripts = pathlib.Path(sys.executable).parent
    assert (scripts / "gradcli").exists(), f"the gradcli command is not installed next to {sys.executable}"
    env = {
        **os.environ,
        "PATH": f"{scripts}{os.pathsep}{os.environ.get('PATH', '')}",
        "PYTHONPATH": str(ROOT),
        "GITHUB_STEP_SUMMARY": str(tmp_path / "step-summary.md"),
    }
    return folder, env


def workflow_steps():
    workflow = yaml.safe_load((EXAMPLE / "github-actions.yml").read_text())
    (job,) = workflow["jobs"].values()
    return job["steps"]


def run_steps(steps, folder, env):
    """Each ``run:`` step in turn with ``bash -e``; after a failure only ``if: always()`` steps run, as on GitHub."""
    codes, failed = {}, False
    for step in steps:
        if "run" not in step or step["run"] == INSTALL or (failed and step.get("if") != "always()"):
            continue
        done = subprocess.run(
            ["bash", "-e", "-c", step["run"]], cwd=folder, env=env, capture_output=True, text=True, timeout=600
        )
        codes[step["name"]] = done.returncode
        failed = failed or done.returncode != 0
    return codes


def test_the_workflow_uses_pinned_actions_and_installs_gradcli():
    steps = workflow_steps()
    actions = [step["uses"] for step in steps if "uses" in step]
    assert [a.partition("@")[0] for a in actions] == [
        "actions/checkout",
        "actions/setup-python",
        "actions/upload-artifact",
        "mikepenz/action-junit-report",
    ]
    assert all(re.fullmatch(r"[\w.-]+/[\w.-]+@v\d+", a) for a in actions), actions
    assert [step["run"] for step in steps if "run" in step][0] == INSTALL
    # The reports are summarised, uploaded and published even when the audit fails.
    after_audit = steps[[s.get("name") for s in steps].index("Audit the gradients gradcli.toml lists") + 1 :]
    assert after_audit and all(step.get("if") == "always()" for step in after_audit)
    uploaded = next(step for step in steps if step.get("uses", "").startswith("actions/upload-artifact"))
    assert uploaded["with"]["path"].split() == ["audit.xml", "audit.md", "audit.json"]


def test_the_workflow_audits_the_example_spec_and_writes_every_report(project):
    folder, env = project
    codes = run_steps(workflow_steps(), folder, env)
    assert codes == {"Audit the gradients gradcli.toml lists": 0, "Job summary": 0}
    report = json.loads((folder / "audit.json").read_text())
    assert report["schema"] == "gradcli.audit/1"
    assert report["summary"]["cases"] == 4 and report["summary"]["passed"] == 4
    statuses = {case["name"]: case["status"] for case in report["cases"]}
    assert statuses == dict.fromkeys(["softplus", "naive log1pexp", "mish", "logistic loss"], "pass")
    suite = ElementTree.parse(folder / "audit.xml").getroot()
    assert list(suite.iter("testcase")) and not list(suite.iter("failure")) and not list(suite.iter("error"))
    markdown = (folder / "audit.md").read_text()
    assert "naive log1pexp" in markdown
    assert pathlib.Path(env["GITHUB_STEP_SUMMARY"]).read_text() == markdown


def test_without_its_expect_the_known_issue_fails_the_job_and_the_summary_is_still_written(project):
    folder, env = project
    spec = folder / "gradcli.toml"
    text = spec.read_text()
    assert 'expect = "unstable"' in text
    spec.write_text(re.sub(r'^expect = "unstable".*$', "", text, flags=re.M))
    codes = run_steps(workflow_steps(), folder, env)
    assert codes == {"Audit the gradients gradcli.toml lists": 1, "Job summary": 0}
    report = json.loads((folder / "audit.json").read_text())
    assert [case["name"] for case in report["cases"] if case["status"] == "fail"] == ["naive log1pexp"]
    assert "naive log1pexp" in pathlib.Path(env["GITHUB_STEP_SUMMARY"]).read_text()


def test_the_pre_commit_hook_runs_the_audit_when_the_spec_or_python_changes(project):
    (hook,) = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
    assert hook["id"] == "gradcli-audit" and hook["language"] == "python" and hook["pass_filenames"] is False
    files = re.compile(hook["files"])
    assert all(files.search(name) for name in ("gradcli.toml", "sub/gradcli.toml", "pyproject.toml", "models.py"))
    assert not any(files.search(name) for name in ("README.md", "notgradcli.toml", "models.pyc"))
    folder, env = project
    command = shlex.split(hook["entry"]) + hook.get("args", [])
    done = subprocess.run(command, cwd=folder, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
