"""The fuzz targets: one input in, gradcli's promises about it checked.

The promises (issue 18): bad input exits 2 with a message, a check that fails
exits 1, nothing exits otherwise (3 is an internal error, a bug); no traceback
and no Python warning reaches the user; work is bounded. Every target runs
gradcli in this process (``gradcli.cli.main`` with its output captured, as the
console script runs it) under `bounded_work`: exact arithmetic on numbers of
more than 2,001 digits fails at once (it is what hung), and the parser's Python
calls are counted. The CLI runs with ``--debug``, which prints any Python
warning it recorded (and the traceback of an internal error), so both show.
"""

from __future__ import annotations

import contextlib
import io
import os
import pathlib
import sys
from dataclasses import dataclass

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))  # bounded_work, when run by atheris

from bounded_work import bounded_work  # noqa: E402

from gradcli.errors import InputError  # noqa: E402

CORPUS = pathlib.Path(__file__).resolve().parent / "corpus"
# Refusing a formula reads it a few times: about a dozen Python calls per character (as in
# test_hostile_input), and a budget for the rest.
PARSE_CALLS, PARSE_CALLS_PER_CHARACTER = 50_000, 40


@dataclass
class Outcome:
    code: int
    stdout: str
    stderr: str


def run_cli(argv) -> Outcome:
    """``gradcli ARGV`` in this process: its exit code and what it printed."""
    from gradcli import cli

    out, err = io.StringIO(), io.StringIO()
    code = None
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            cli.main(["--debug", *argv])
        except SystemExit as stop:
            code = stop.code
    return Outcome(code, out.getvalue(), err.getvalue())


def check_promises(outcome: Outcome, argv):
    """Exit 0, 1 or 2; no traceback, no internal error, no Python warning."""
    shown = f"gradcli {argv!r}\nexit {outcome.code}\n{outcome.stderr[-3000:]}"
    assert outcome.code in (0, 1, 2), shown
    for stream in (outcome.stdout, outcome.stderr):
        assert "Traceback" not in stream, shown
        assert "internal error" not in stream, shown
        assert "debug: a Python warning" not in stream, shown
    if outcome.code == 2:
        assert outcome.stderr.startswith(("error: ", "Usage: ")), shown


def parse_target(text):
    """The parser alone: a `Formula` or an `InputError`, within a budget of calls per character."""
    from gradcli.expr.parse import parse

    with bounded_work() as work:
        try:
            parse(text)
        except InputError:
            pass
    assert work.calls <= PARSE_CALLS + PARSE_CALLS_PER_CHARACTER * len(text), (text[:200], work.calls)


def diff_target(text):
    """``gradcli diff TEXT`` (as JSON, which writes every printer's form, or as text)."""
    fmt = ("--json",) if len(text) % 2 else ()
    argv = ["diff", text, "--no-simplify", *fmt]
    with bounded_work(count=False):
        check_promises(run_cli(argv), argv)


def grad_target(text):
    """``gradcli grad TEXT --at ...``, every variable at a point of its own."""
    from gradcli.expr.parse import parse

    try:
        names = parse(text).variables or ("x",)
    except InputError:
        names = ("x",)
    at = ",".join(f"{name}={0.5 + i}" for i, name in enumerate(names))
    argv = ["grad", text, "--at", at]
    with bounded_work(count=False):
        check_promises(run_cli(argv), argv)


def at_target(text):
    """``gradcli grad "x*y + log(x)" --at TEXT``: the point parser and the checker on what it reads."""
    argv = ["grad", "x*y + log(x)", "--at", text, "--dtype", "float64"]
    with bounded_work(count=False):
        check_promises(run_cli(argv), argv)


TARGETS = {"parse": parse_target, "diff": diff_target, "grad": grad_target, "at": at_target}


def corpus_cases():
    """Every saved input: (target name, text), from ``corpus/<target>/*.txt``."""
    cases = []
    for folder in sorted(p for p in CORPUS.iterdir() if p.is_dir()) if CORPUS.is_dir() else ():
        for path in sorted(folder.glob("*.txt")):
            cases.append((folder.name, path.read_bytes().decode("utf-8", "surrogateescape")))
    return cases


def save(target, text) -> pathlib.Path:
    """Keep an input that broke a promise, as a regression case `make test` replays."""
    import hashlib

    data = text.encode("utf-8", "surrogateescape")
    folder = CORPUS / target
    os.makedirs(folder, exist_ok=True)
    path = folder / f"{hashlib.sha1(data).hexdigest()[:16]}.txt"
    path.write_bytes(data)
    return path
