"""Progress on stderr: a rich bar on a terminal (done, failing, elapsed), one plain line per case in a log."""

import io

from gradcli.audit.progress import Progress
from gradcli.views.terminal_audit import summary
from gradcli.audit.results import AuditReport, CaseResult


class Terminal(io.StringIO):
    def isatty(self):
        return True


RESULTS = [CaseResult("a", "exp(x)", "pass", 0.5), CaseResult("b", "x", "error", 2.0, error="timed out after 2 s")]


def test_plain_lines_when_stderr_is_not_a_terminal():
    stream = io.StringIO()
    with Progress(stream) as progress:
        for done, result in enumerate(RESULTS, start=1):
            progress(result, done, 2)
    lines = stream.getvalue().splitlines()
    assert lines[0].startswith("[1/2] pass  a (0.5 s, ")
    assert lines[1].startswith("[2/2] error b (2.0 s, ") and lines[1].endswith(": timed out after 2 s")


def test_a_bar_on_a_terminal_counts_the_failing():
    stream = Terminal()
    with Progress(stream) as progress:
        for done, result in enumerate(RESULTS, start=1):
            progress(result, done, 2)
        assert progress.bar.tasks[0].completed == 2 and progress.bar.tasks[0].total == 2
        assert progress.bar.tasks[0].fields["failing"] == 1
    assert "[2/2]" not in stream.getvalue()


def test_summary_names_regressions_and_fixes():
    report = AuditReport(cases=RESULTS, shard=(1, 3), seconds=2.5, regressions=["b"], fixed=["a"], baseline="old.json")
    assert summary(report) == (
        "2 cases: 1 passed, 0 failed, 1 error in 2.5 s (shard 1/3)\n"
        "against old.json: 1 regression\n  regressed: b\n  fixed: a"
    )
