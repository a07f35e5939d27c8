"""The fuzz targets: one input in, gradcli's promises about it checked.

The promises (README, "Exit codes"): bad input exits 2 with a message, a check that fails
exits 1, nothing exits otherwise (3 is an internal error, a bug); no traceback
and no Python warning reaches the user; work is bounded. Every target runs
gradcli in this process (``gradcli.cli.main`` with its output captured, as the
console script runs it) under `bounded_work`: exact arithmetic on numbers of
more than 2,001 digits fails at once (it is what hung), and the parser's Python
calls are counted. The CLI runs with ``--debug``, which prints any Python
warning it recorded (and the traceback of an internal error), so both show.

The spec targets write their text to a ``gradcli.toml`` (a ``pyproject.toml``
when it has a ``[tool.gradcli`` table) in a temporary folder. ``spec`` runs the
loader alone, fast enough for thousands of inputs; ``audit`` runs the whole
``gradcli audit`` on it, whose cases run in worker processes, but only when
each case's own timeout bounds it and every target is a formula (a spec may
name any Python function, and a fuzzer must not call one it made up).
"""

from __future__ import annotations

import contextlib
import io
import os
import pathlib
import re
import sys
import tempfile
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
    # What the parser imports at its first function of constants, to size their value: imported once per process,
    # the work of no text.
    import gradcli.numpy  # noqa: F401
    import scipy.special  # noqa: F401 - the special functions' values in doubles (`autodiff.ops_special`)
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


def sweep_target(text):
    """``gradcli sweep`` on lines of TEXT: a target, then ``range R``, ``at P``, ``scale S`` or ``dtype D`` options."""
    target, *lines = text.split("\n")
    argv = ["sweep", target, "--max-time", "2"]
    for line in lines:
        option, _, value = line.partition(" ")
        if option in ("range", "at", "scale", "dtype"):  # never --plot: a fuzzer writes no files
            argv += [f"--{option}", value]
    with bounded_work(count=False):
        check_promises(run_cli(argv), argv)


# A case cheap enough to run through the whole audit: its timeout bounds it, the runner enforces it.
AUDIT_CASES, AUDIT_SECONDS, AUDIT_TIMEOUT = 3, 10.0, 5.0


@contextlib.contextmanager
def spec_file(text):
    """TEXT as a spec file in a temporary folder: its path."""
    name = "pyproject.toml" if "[tool.gradcli" in text else "gradcli.toml"
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, name)
        pathlib.Path(path).write_bytes(text.encode("utf-8", "surrogateescape"))
        yield path


def load_or_refuse(path, text):
    """The spec loader on ``path``: its cases, or its refusal (checked to name the file, a line and the key)."""
    from gradcli.audit.spec import load_spec

    try:
        return load_spec(path, {"timeout": AUDIT_TIMEOUT})  # as `gradcli audit --timeout` layers it
    except InputError as error:
        check_spec_error(error.message, path, text)
        return error


def check_spec_error(message, path, text):
    """A bad spec's message starts ``PATH:LINE:``, LINE is in the file, and a key it names in quotes is there."""
    match = re.match(re.escape(path) + r":(\d+): ", message)
    assert match, message
    # Lines as the loader reads them: a lone CR ends one too (universal newlines), U+2028 does not.
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    line = int(match[1])
    assert 1 <= line <= len(lines), (message, len(lines))
    key = re.match(r"(?:unknown key |case \d+: )?'([^'\n]+)'", message[match.end():])
    if key and line > 1 and not lines[line - 1].lstrip().startswith("["):
        # a key is found on its own line, or (inline tables, dotted keys) at its table's header,
        # or at line 1 for a top-level one that no `key =` line shows
        assert key[1] in lines[line - 1], (message, lines[line - 1])


def spec_target(text):
    """The spec loader alone: cases, or an error naming the file, a line of it and the key."""
    with spec_file(text) as path, bounded_work(count=False):
        load_or_refuse(path, text)


def audit_target(text):
    """``gradcli audit SPEC``: exit 2 with the loader's message for a bad spec; cheap valid specs run whole."""
    with spec_file(text) as path, bounded_work(count=False):
        loaded = load_or_refuse(path, text)
        cheap = isinstance(loaded, list) and len(loaded) <= AUDIT_CASES and all(
            ":" not in case.target and case.timeout <= AUDIT_SECONDS for case in loaded
        )
        if isinstance(loaded, list) and not cheap:
            return
        argv = ["audit", path, "--jobs", "1", "--timeout", str(AUDIT_TIMEOUT)]
        outcome = run_cli(argv)
        check_promises(outcome, argv)
        if isinstance(loaded, InputError):
            assert outcome.code == 2 and loaded.message in outcome.stderr, (loaded.message, outcome.stderr[-2000:])


TARGETS = {
    "parse": parse_target, "diff": diff_target, "grad": grad_target, "at": at_target,
    "sweep": sweep_target, "spec": spec_target, "audit": audit_target,
}


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
