"""An audit stopped half-way loses no finished case: --resume runs only what is missing, and reports as an unstopped run."""

import errno
import json
import os
import signal
import subprocess
import sys
import time

import pytest
from ctrl_c import answering_ctrl_c

TARGETS = '''
import os
import time

import gradcli.numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))


def counted(x):
    with open(os.path.join(HERE, "calls"), "a") as calls:
        calls.write("counted\\n")
    return np.exp(x)


def slow(x):
    while os.path.exists(os.path.join(HERE, "hold")):
        time.sleep(0.1)
    return np.sin(x)
'''

SPEC = '''
[defaults]
dtypes = ["float64"]
fixes = false

[[case]]
name = "first"
target = "targets.py:counted"
at = ["x=1"]

[[case]]
name = "held"
target = "targets.py:slow"
at = ["x=1"]

[[case]]
name = "last"
target = "log(1+exp(x))"
at = ["x=100"]
dtypes = ["float32"]
'''


def gradcli(folder, *args, **popen):
    env = {**os.environ, "PYTHONPATH": os.getcwd() + os.pathsep + os.environ.get("PYTHONPATH", "")}
    command = [sys.executable, "-m", "gradcli", "audit", "--jobs", "1", *args]
    if popen:
        return subprocess.Popen(command, cwd=folder, env=env, **popen)
    return subprocess.run(command, cwd=folder, env=env, capture_output=True, text=True, timeout=300)


def without_times(report):
    for case in report["cases"]:
        case.pop("seconds")
        for result in (case["check"] or {}).get("results", []):
            result.pop("seconds", None)
        (case["check"] or {}).pop("seconds", None)
    report.pop("seconds")
    return report


@pytest.fixture
def project(tmp_path):
    (tmp_path / "targets.py").write_text(TARGETS)
    (tmp_path / "gradcli.toml").write_text(SPEC)
    return tmp_path


def journals(folder):
    return sorted((folder / ".gradcli").glob("journal-*.jsonl")) if (folder / ".gradcli").exists() else []


def test_a_stopped_run_resumes_with_only_the_missing_cases(project):
    whole = gradcli(project, "--json")
    assert whole.returncode == 1, whole.stderr
    assert journals(project) == []  # a finished run leaves nothing to resume
    (project / "calls").unlink()

    (project / "hold").write_text("")
    with answering_ctrl_c():
        stopped = gradcli(project, "--json", stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    while not (journals(project) and journals(project)[0].read_text().count("\n") >= 1):
        assert time.monotonic() < deadline and stopped.poll() is None
        time.sleep(0.1)
    stopped.send_signal(signal.SIGINT)  # Ctrl-C while "held" runs
    stopped.communicate(timeout=60)
    assert stopped.returncode != 0 and len(journals(project)) == 1
    (project / "hold").unlink()
    calls = (project / "calls").read_text()

    resumed = gradcli(project, "--json", "--resume")
    assert "resuming: 1 of 3 cases finished before; running the other 2" in resumed.stderr
    assert "first" not in resumed.stderr.split("resuming")[1]  # no progress line for it: it did not run again
    assert (project / "calls").read_text() == calls  # "first" ran before the stop, never since
    assert without_times(json.loads(resumed.stdout)) == without_times(json.loads(whole.stdout))
    assert resumed.returncode == whole.returncode and journals(project) == []


def test_resume_without_a_journal_runs_every_case(project):
    (project / "gradcli.toml").write_text(SPEC.split("[[case]]")[0] + "[[case]]" + SPEC.split("[[case]]")[3])
    done = gradcli(project, "--resume")
    assert "nothing to resume" in done.stderr and "[1/1] fail  last" in done.stderr


def test_lines_are_written_at_once_and_synced_by_the_journals_own_thread(tmp_path, monkeypatch):
    import threading

    from gradcli.audit.journal import Journal
    from gradcli.audit.results import CaseResult

    synced_in = []
    real_fsync = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: synced_in.append(threading.current_thread().name) or real_fsync(fd))
    before = threading.active_count()
    journal = Journal(str(tmp_path / ".gradcli" / "journal.jsonl"))
    for index in range(3):
        result = CaseResult(f"case{index}", "exp(x)", "pass")
        result.index = index
        journal.record(result, 0.1 * index)
        # In the file as soon as recorded: a run killed now loses nothing.
        assert len((tmp_path / ".gradcli" / "journal.jsonl").read_text().splitlines()) == index + 1
    journal.close()
    assert synced_in and set(synced_in) == {"gradcli journal"}  # never in the thread that runs the cases
    assert threading.active_count() == before  # closed: no thread left to hold the process's exit
    assert [json.loads(line)["case"]["name"] for line in (tmp_path / ".gradcli" / "journal.jsonl").read_text().splitlines()] == [
        "case0", "case1", "case2"]


@pytest.mark.parametrize("code, raised", [(errno.EIO, True), (errno.ENOSPC, True), (errno.EINVAL, False)])
def test_a_disk_error_while_syncing_is_raised_when_the_journal_closes_and_no_fsync_here_is_not(tmp_path, monkeypatch, code, raised):
    from gradcli.audit.journal import Journal
    from gradcli.audit.results import CaseResult

    def failing_fsync(fd):
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(os, "fsync", failing_fsync)
    journal = Journal(str(tmp_path / ".gradcli" / "journal.jsonl"))
    result = CaseResult("case0", "exp(x)", "pass")
    result.index = 0
    journal.record(result, 0.1)
    if raised:
        with pytest.raises(OSError) as error:
            journal.close()
        assert error.value.errno == code
    else:
        journal.close()
    assert journal.descriptor is None  # closed either way


@pytest.mark.parametrize("finished_run, syncs", [(True, 1), (False, 2)])
def test_a_finished_runs_journal_is_removed_without_waiting_for_its_last_sync(tmp_path, monkeypatch, finished_run, syncs):
    """Lines recorded while a sync runs are synced at a stopped run's close, never at a finished run's (the file goes)."""
    import threading

    from gradcli.audit.journal import Journal
    from gradcli.audit.results import CaseResult

    gate, inside, synced = threading.Event(), threading.Event(), []

    def held_fsync(fd):  # the first sync waits at the gate, so the close below comes while it runs, on any machine
        synced.append(fd)
        inside.set()
        gate.wait()

    monkeypatch.setattr(os, "fsync", held_fsync)
    path = tmp_path / ".gradcli" / "journal.jsonl"
    journal = Journal(str(path))
    for index in range(2):
        result = CaseResult(f"case{index}", "exp(x)", "pass")
        result.index = index
        journal.record(result, 0.1)
        if index == 0:
            inside.wait()  # the syncer is inside its first fsync: the second line waits for another
    closer = threading.Thread(target=journal.close, kwargs={"finished_run": finished_run})
    closer.start()
    while not journal._closing:  # the close has told the syncer (a flag, read without timing)
        threading.Event().wait(0.001)
    gate.set()
    closer.join()
    assert len(synced) == syncs and journal.descriptor is None
    assert path.exists() != finished_run
