"""gradcli audit end to end: every kind of case through the CLI, the JSON contract, shards, baselines."""

import json
import os
import re
import subprocess
import sys
from xml.etree import ElementTree

import pytest
from audit_helpers import STATUSES, audit, audit_json, write_project
from click.testing import CliRunner

from gradcli.audit.results import shard_of
from gradcli.cli import cli

CASE_KEYS = {"name", "target", "status", "seconds", "error", "check", "sweep"}


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    return write_project(tmp_path_factory.mktemp("project"))


@pytest.fixture(scope="module")
def full_run(project):
    """One run of the spec and the package, with every report file: (exit code, JSON, stderr)."""
    before = os.getcwd()
    os.chdir(project)  # relative SOURCES, as a user types them
    try:
        return audit_json(
            "gradcli.toml", "models", "--jobs", "2", "--update-baseline", project / "base.json",
            "--junit", "audit.xml", "--markdown", "audit.md", "--html", "audit.html",
        )
    finally:
        os.chdir(before)


def test_every_case_has_its_status_in_spec_order(full_run):
    code, report, _ = full_run
    assert code == 0  # some fail or error, but --update-baseline records the run: it succeeds
    assert [(c["name"], c["status"]) for c in report["cases"]] == list(STATUSES.items())


def test_the_json_is_the_audit_contract(full_run):
    _, report, _ = full_run
    assert report["schema"] == "gradcli.audit/1"
    assert report["summary"] == {"cases": 11, "passed": 4, "failed": 3, "errors": 4}
    for case in report["cases"]:
        assert CASE_KEYS <= set(case)
        assert case["status"] in ("pass", "fail", "error")
        assert isinstance(case["seconds"], float)
        if case["status"] == "error":
            assert case["error"]
        swept = case["name"] == "swept"
        assert (case["sweep"] or {}).get("schema") == ("gradcli.sweep/1" if swept else None)
        if not swept and case["name"] not in ("hanging", "killing", "segfault"):
            assert case["check"]["schema"] == "gradcli.check/1"
    json.dumps(report, allow_nan=False)  # plain JSON: no NaN or Infinity tokens


# The hanging case's 1 s of CPU time, or, on a machine so loaded that its worker gets under a tenth of a core, the
# wall-time ceiling of ten times that: either is the whole message of a stopped case, and either names its limit.
HANGING_STOPPED = re.compile(
    r"timed out after (1 s of CPU time|10 s of wall time, 10 times its limit of 1 s of CPU time, of which it used "
    r"[0-9.e+-]+ s) \(its worker was stopped\)"
)


def test_errors_keep_their_message(full_run):
    errors = {c["name"]: c["error"] for c in full_run[1]["cases"]}
    assert HANGING_STOPPED.fullmatch(errors["hanging"]), errors["hanging"]
    assert "RuntimeError: boom in the target" in errors["raising"]
    assert errors["killing"] == "its worker died (exit code 3) while running it"
    assert errors["segfault"] == "its worker died (killed by signal SIGSEGV) while running it"


def test_expect_tracks_a_known_verdict(full_run):
    cases = {c["name"]: c for c in full_run[1]["cases"]}
    assert (cases["known"]["worst"], cases["known"]["expect"]) == ("unstable", "unstable")
    assert "as expected" in cases["known"]["reason"]
    assert cases["better"]["worst"] == "ok" and "better than expected (unstable)" in cases["better"]["reason"]
    assert cases["failing"]["worst_by_dtype"] == {"float32": "unstable"}


def test_discovery_never_calls_undecorated_functions(project, full_run):
    assert not (project / "models" / "losses.py.called").exists()
    cases = {c["name"]: c for c in full_run[1]["cases"]}
    assert cases["models.losses:naive"]["target"] == "models.losses:naive"


def test_summary_and_progress_go_to_stderr(full_run):
    _, _, err = full_run
    assert "11 cases: 4 passed, 3 failed, 4 errors in" in err
    assert "[11/11]" in err and "error hanging" in err  # plain lines: stderr is not a terminal


def test_every_report_file_reads_back(project, full_run):
    suites = ElementTree.parse(project / "audit.xml").getroot()
    cases = {case.get("name"): case for case in suites.iter("testcase")}
    assert len(cases) == len(STATUSES) == int(suites.find("testsuite").get("tests"))  # one testcase per case
    for name, status in STATUSES.items():
        assert name in cases
        assert (cases[name].find("failure") is not None, cases[name].find("error") is not None) == (status == "fail", status == "error")
    markdown = (project / "audit.md").read_text()
    assert all(name in markdown for name in STATUSES) and "11 cases: 4 passed, 3 failed, 4 errors" in markdown
    page = (project / "audit.html").read_text()
    assert page.startswith("<!DOCTYPE html>") and all(name in page for name in STATUSES)
    assert not list(project.glob(".gradcli-*"))  # no temporary file left behind
    assert json.loads((project / "base.json").read_text())["cases"] == full_run[1]["cases"]


def test_the_terminal_table_without_json(project):
    code, out, err = audit(project / "gradcli.toml", "--shard", "2/3")
    assert code == 1
    assert [shard_of(name, 3) for name in ("failing", "segfault", "passing")] == [2, 2, 3]  # the shard's own cases only
    assert "gradcli audit" in out and "failing" in out and "segfault" in out and "passing" not in out
    assert "(shard 2/3)" in err


def test_shards_merge_to_the_full_run(project, full_run, tmp_path):
    spec = project / "gradcli.toml"
    shards = []
    for i in (1, 2):
        _, report, _ = audit_json(spec, project / "models", "--shard", f"{i}/2")
        assert report["shard"] == [i, 2]
        shards.append(tmp_path / f"shard{i}.json")
        shards[-1].write_text(json.dumps(report))
    held = [c["index"] for c in json.loads(shards[0].read_text())["cases"]]
    assert held == [k for k, name in enumerate(STATUSES) if shard_of(name, 2) == 1] and 0 < len(held) < len(STATUSES)
    merged = CliRunner().invoke(cli, ["report", "merge", *map(str, shards), "--json"])
    assert merged.exit_code == 1
    names = [(c["name"], c["status"], c["worst"]) for c in json.loads(merged.stdout)["cases"]]
    assert names == [(c["name"], c["status"], c["worst"]) for c in full_run[1]["cases"]]
    twice = CliRunner().invoke(cli, ["report", "merge", str(shards[0]), str(shards[0])])
    assert twice.exit_code == 2 and "is in both" in twice.stderr


def test_a_baseline_fails_only_regressions(project, full_run, tmp_path):
    spec = tmp_path / "gradcli.toml"
    spec.write_text(
        '[defaults]\ndtypes = ["float32"]\nfixes = false\n'
        '[[case]]\nname = "passing"\ntarget = "exp(x)"\nat = ["x=1"]\n'
        '[[case]]\nname = "failing"\ntarget = "log(1+exp(x))"\nat = ["x=100"]\n'
    )
    base = json.loads((project / "base.json").read_text())  # the full run: passing passed, failing failed
    assert base["schema"] == "gradcli.audit/1"
    code, report, err = audit_json(spec, "--baseline", project / "base.json")
    assert (code, report["regressions"], report["fixed"]) == (0, [], [])  # failing failed before too
    for case in base["cases"]:  # now the baseline says: failing passed, passing failed
        case["status"] = {"passing": "fail", "failing": "pass"}.get(case["name"], case["status"])
    (tmp_path / "flipped.json").write_text(json.dumps(base))
    code, report, err = audit_json(spec, "--baseline", tmp_path / "flipped.json")
    assert (code, report["regressions"], report["fixed"]) == (1, ["failing"], ["passing"])
    assert "regressed: failing" in err and "fixed: passing" in err


def test_a_new_failing_case_is_new_not_regressed_and_fails_the_run(tmp_path):
    spec = tmp_path / "gradcli.toml"
    spec.write_text('[[case]]\nname = "new"\ntarget = "log(1+exp(x))"\nat = ["x=100"]\ndtypes = ["float32"]\nfixes = false\n')
    (tmp_path / "empty.json").write_text('{"schema": "gradcli.audit/1", "cases": []}')
    code, report, err = audit_json(spec, "--baseline", tmp_path / "empty.json")
    assert (code, report["regressions"], report["new"]) == (1, [], ["new"])
    assert "  new: new" in err and "regressed" not in err


def test_update_baseline_records_and_exits_0_and_a_changed_target_is_named(tmp_path):
    spec = tmp_path / "gradcli.toml"
    case = '[[case]]\nname = "softplus"\ntarget = "{}"\nat = ["x=100"]\ndtypes = ["float32"]\nfixes = false\n'
    spec.write_text(case.format("log(1+exp(x))"))
    code, _, err = audit(spec, "--update-baseline", tmp_path / "ci" / "base.json")
    assert code == 0 and "1 failed" in err
    spec.write_text(case.format("log1p(exp(x))"))
    code, report, err = audit_json(spec, "--baseline", tmp_path / "ci" / "base.json")
    assert report["changed"] == {"softplus": "log(1+exp(x))"}
    assert "changed: softplus (its target was log(1+exp(x)))" in err


def test_a_bad_baseline_exits_2(tmp_path):
    (tmp_path / "gradcli.toml").write_text('[[case]]\nname = "a"\ntarget = "exp(x)"\nat = ["x=1"]\n')
    (tmp_path / "bad.json").write_text('{"schema": "gradcli.check/1"}')
    code, _, err = audit(tmp_path / "gradcli.toml", "--baseline", tmp_path / "bad.json")
    assert code == 2 and "not a gradcli audit report" in err


def test_what_a_target_prints_stays_out_of_the_json(tmp_path):
    (tmp_path / "noisy.py").write_text("import gradcli.numpy as np\n\ndef f(x):\n    print('noise from the target')\n    return np.exp(x)\n")
    (tmp_path / "gradcli.toml").write_text('[[case]]\nname = "noisy"\ntarget = "noisy.py:f"\nat = ["x=1"]\ndtypes = ["float64"]\n')
    done = subprocess.run(
        [sys.executable, "-m", "gradcli", "audit", "--json"], cwd=tmp_path, capture_output=True, text=True, timeout=120,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["cases"][0]["status"] == "pass"
    assert "noise from the target" in done.stderr


def _without_times(value):
    """A report with every measured duration taken out (they are the only thing a rerun may change)."""
    if isinstance(value, dict):
        return {k: _without_times(v) for k, v in value.items() if k not in ("seconds", "setup_seconds", "elapsed")}
    if isinstance(value, list):
        return [_without_times(v) for v in value]
    return value


def test_the_same_spec_gives_the_same_report_case_for_case(tmp_path):
    from audit_helpers import TARGETS, spec_of

    # Four cases alike but for a factor, in two dtypes at two points each, among cases of every other kind: however
    # the two workers share them out, each case's report is the one a single worker writes.
    alike = "".join(
        f'[[case]]\nname = "c{i}"\ntarget = "log(1+exp(x)) * {i + 1}"\nat = ["x=30", "x=-3"]\n'
        'dtypes = ["float32", "float64"]\n'
        for i in range(4)
    )
    (tmp_path / "gradcli.toml").write_text(spec_of(["passing", "failing", "known", "raising", "swept"]) + alike)
    (tmp_path / "targets.py").write_text(TARGETS)
    first = audit_json(tmp_path / "gradcli.toml", "--jobs", "2", "--seed", "3")
    again = audit_json(tmp_path / "gradcli.toml", "--jobs", "1", "--seed", "3")
    assert first[0] == again[0] == 1
    assert [c["name"] for c in first[1]["cases"]][-4:] == ["c0", "c1", "c2", "c3"]
    assert _without_times(first[1]) == _without_times(again[1])


SLOW_FRAMEWORK_CASES = '''
[[case]]
name = "slow"
target = "model.py:f"
at = ["x=1"]
dtypes = ["float64"]
framework = "gradcli"
timeout = {timeout}
'''


def _audit_with_a_framework_that_imports_in(tmp_path, seconds, timeout=4, module_seconds=1.2):
    """An audit of one case whose module imports a stand-in "torch" (found first, in the spec's folder) taking ``seconds``.

    The module itself then takes ``module_seconds`` to import (once: read for its variables and checked): the case's
    ``timeout`` covers it and the check, not the framework's import too.
    """
    # Busy for CPU time, not asleep nor by the clock: a case's limit is CPU time, which a loaded machine does not
    # stretch (a sleeping import would run to the wall ceiling, ten times it).
    busy = "import time\nend = time.process_time() + {}\nwhile time.process_time() < end:\n    pass\n"
    (tmp_path / "torch.py").write_text(busy.format(seconds))
    (tmp_path / "model.py").write_text(
        f"import torch\nimport gradcli.numpy as gnp\n\n{busy.format(module_seconds)}\n"
        "def f(x):\n    return gnp.log1p(gnp.exp(x))\n"
    )
    (tmp_path / "gradcli.toml").write_text(SLOW_FRAMEWORK_CASES.format(timeout=timeout))
    done = subprocess.run(
        [sys.executable, "-m", "gradcli", "audit", "--json"], cwd=tmp_path, capture_output=True, text=True, timeout=300,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    return done, json.loads(done.stdout)["cases"][0]


def test_a_case_clock_starts_once_its_framework_is_imported(tmp_path):
    # TensorFlow takes 5-20 s of CPU to import: that is not the case's time, as the forkserver's start is not.
    # Here the framework's import (1.5 s of CPU) and the module's own (1.5 s) together take longer than the
    # case's 2.5 s, while each leaves 1 s of it: for the worker's start and the bridge's before the clock, and
    # the check after it.
    done, case = _audit_with_a_framework_that_imports_in(tmp_path, 1.5, timeout=2.5, module_seconds=1.5)
    assert done.returncode == 0, done.stderr
    assert case["status"] == "pass", case


def test_a_framework_import_that_never_ends_is_still_stopped(tmp_path):
    done, case = _audit_with_a_framework_that_imports_in(tmp_path, 600, timeout=1)
    assert case["status"] == "error"
    assert case["error"] == "timed out after 1 s of CPU time while loading its module and framework (its worker was stopped)"


def test_a_case_imports_its_module_once(tmp_path):
    # Read for its variables and checked: the worker hands the check the function it loaded, not its name again.
    (tmp_path / "model.py").write_text(
        "import os\nimport gradcli.numpy as gnp\n\n"
        f"with open({str(tmp_path / 'imports.txt')!r}, 'a') as log:\n    log.write('imported\\n')\n\n"
        "def f(x):\n    return gnp.log1p(gnp.exp(x))\n"
    )
    from gradcli.audit.cases import make_case
    from gradcli.audit.run import run_case

    case = make_case("once", "model.py:f", [{"at": ["x=1", "x=-2"], "dtypes": ["float64"], "fixes": False}], folder=str(tmp_path))
    result = run_case(case)
    assert result.status == "pass", result.reason
    assert [r["point"] for r in result.check["results"]] == [{"x": 1.0}, {"x": -2.0}]
    assert (tmp_path / "imports.txt").read_text() == "imported\n"
