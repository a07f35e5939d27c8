"""The README tells the truth: its commands print what it shows, its Python lines return what it says.

Two kinds of fenced block are checked:

- a block whose first line is ``$ gradcli ...`` is run (``python -m gradcli`` at a
  120-column terminal, stdout and stderr together) and must print the block's other lines;
  the commands whose target imports the same framework (JAX, PyTorch, TensorFlow, or none)
  run in children forked from one interpreter that has imported it, and the first of each
  such group also runs in an interpreter of its own, which must print the same bytes;
- in a ``python`` block, a line ``expression  # result`` (the result may continue on
  following ``# ...`` lines) must evaluate to something whose repr is that result, and
  ``# raises SomeError ...`` means it must raise that exception (a builtin or a
  name the block defined or imported; the words after it are prose); every
  other line simply runs.

When the output changes on purpose, ``python tests/test_readme.py --update`` rewrites the
command blocks from real runs (Python results are kept by hand).
"""

from __future__ import annotations

import ast
import builtins
import json
import os
import pathlib
import re
import shlex
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
WIDTH = "120"
FENCE = re.compile(r"^```(\w*)\n(.*?)^```\n", re.S | re.M)


def blocks(text):
    """Each fenced block as (language, body, start offset of the body, end offset)."""
    return [(m.group(1), m.group(2), m.start(2), m.end(2)) for m in FENCE.finditer(text)]


def command_blocks(text):
    return [(body, start, end) for lang, body, start, end in blocks(text) if body.startswith("$ gradcli ")]


def _environment():
    """The environment of a command: a 120-column terminal without colour."""
    env = {**os.environ, "COLUMNS": WIDTH, "NO_COLOR": "1", "TERM": "dumb"}
    env.pop("FORCE_COLOR", None)
    return env


def _arguments(line):
    return shlex.split(line[len("$ gradcli ") :])


# The commands whose --max-time is the exact reference's wall-clock budget (30 s by default).
BUDGETED = ("grad", "check", "sweep")


def _argv(line):
    """The arguments a README line runs with: a check that names no ``--max-time`` has no limit, so that a loaded
    machine makes the README's output slower, never different (its --max-time is wall-clock seconds)."""
    words = _arguments(line)
    if words[0] in BUDGETED and not any(word.startswith("--max-time") for word in words):
        return [words[0], "--max-time", "inf", *words[1:]]
    return words


def _shown(run):
    """What a run printed, as a README block shows it: stdout then stderr, trailing blanks removed."""
    returncode, stdout, stderr = run
    assert returncode in (0, 1, 2), stderr
    return "\n".join(line.rstrip() for line in (stdout + stderr).decode().rstrip("\n").split("\n"))


def run_fresh(line):
    """``$ gradcli ...`` in an interpreter of its own, in the README's folder: (exit code, stdout, stderr) as bytes."""
    done = subprocess.run(
        [sys.executable, "-m", "gradcli", *_argv(line)], capture_output=True, env=_environment(), cwd=ROOT,
        timeout=120,
    )
    return done.returncode, done.stdout, done.stderr


def run_command(line):
    """What ``$ gradcli ...`` prints in a 120-column terminal, trailing blanks removed."""
    return _shown(run_fresh(line))


FRAMEWORKS = ("jax", "torch", "tensorflow")


def framework_imported(source):
    """The framework Python ``source`` imports ("" for none)."""
    roots = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            roots.add(node.module.split(".")[0])
    return next((name for name in FRAMEWORKS if name in roots), "")


def framework_of(line):
    """The framework the target of a ``$ gradcli ...`` line imports ("" for formulas and other files)."""
    for word in _arguments(line):
        path = ROOT / word.split(":")[0]
        if word.split(":")[0].endswith(".py") and path.is_file():
            return framework_imported(path.read_text())
    return ""


# One interpreter imports a framework as gradcli would (its bridge prepared first, its warnings
# recorded as gradcli's main records a command's) and what every check of the group imports
# (`CHECKER`, `PRELOAD`), then forks a child per command, which runs ``python -m gradcli``'s own
# module with that command's arguments, its stdin, stdout and stderr files, and exits as an
# interpreter does (atexit, flushing). Those imports (seconds of CPU: TensorFlow's most) are
# paid once per group of commands instead of once per command; the commands without a
# framework ("": formulas, gradcli.numpy and plain NumPy files) are a group too, which
# saves each of them an interpreter's start and gradcli's import. What the interpreter imported
# is frozen out of the garbage collector before the children fork (``gc.freeze``): a child's first
# full collection would otherwise walk the framework's whole heap, and a child ends as an
# interpreter's exit ends a program (its threads joined, its atexit functions run, its files
# flushed) without then freeing that heap object by object (``os._exit``). Together those were
# over a second of CPU per PyTorch or TensorFlow command.
PRELOAD = {
    "": (),
    "jax": ("jax",),
    "torch": ("torch", "torch._dynamo.config"),  # the second is what the bridge's FakeTensorMode imports: 2-3 s
    "tensorflow": ("tensorflow",),
}
# What every check imports: gradcli's command line and checker, the exact reference's mpmath and python-flint,
# and the rich tables its report prints (these three loaded lazily by gradcli, ~0.1 s of CPU per command).
CHECKER = ("gradcli.cli", "gradcli.checker.runner", "gradcli.views.terminal_check", "mpmath", "flint", "rich.console",
           "rich.table")
FORKING = """
import atexit, gc, importlib, json, os, runpy, sys, threading, warnings
framework, modules = sys.argv[1], sys.argv[2].split(",")
if framework:
    from gradcli.capture.bridge import prepare_bridge
    prepare_bridge(framework)
with warnings.catch_warnings(record=True):
    for module in modules:
        importlib.import_module(module)
gc.collect()
gc.freeze()
for line in sys.stdin:
    job = json.loads(line)
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:
        os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
        for fd, path in ((1, job["out"]), (2, job["err"])):
            os.dup2(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC), fd)
        sys.argv = ["gradcli", *job["argv"]]
        try:
            runpy.run_module("gradcli", run_name="__main__", alter_sys=True)
            status = 0
        except SystemExit as stop:
            status = stop.code if isinstance(stop.code, int) else 0 if stop.code is None else 1
            if not isinstance(stop.code, (int, type(None))):
                print(stop.code, file=sys.stderr)
        except BaseException:
            sys.excepthook(*sys.exc_info())
            status = 1
        threading._shutdown()
        atexit._run_exitfuncs()
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(status)
    print(os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]), flush=True)
"""


def run_forked(lines, framework, folder):
    """Each ``$ gradcli ...`` line in a child forked from one interpreter that imported ``framework``:
    (exit code, stdout, stderr) for each, as bytes."""
    jobs = [
        {"argv": _argv(line), "out": str(folder / f"{n}.out"), "err": str(folder / f"{n}.err")}
        for n, line in enumerate(lines)
    ]
    done = subprocess.run(
        [sys.executable, "-c", FORKING, framework, ",".join(CHECKER + PRELOAD[framework])],
        input="".join(json.dumps(job) + "\n" for job in jobs),
        capture_output=True, text=True, env=_environment(), cwd=ROOT, timeout=120 * (1 + len(jobs)),
    )
    # Anything the interpreter printed itself (the framework's import) would be missing from every command's output.
    assert done.returncode == 0 and done.stderr == "", done.stderr
    codes = [int(code) for code in done.stdout.split()]
    assert len(codes) == len(jobs), done.stdout
    read = lambda path: pathlib.Path(path).read_bytes()
    return [(code, read(job["out"]), read(job["err"])) for code, job in zip(codes, jobs)]


def _strip(text):
    return "\n".join(line.rstrip() for line in text.rstrip("\n").split("\n"))


COMMANDS = command_blocks(README.read_text())
FIRST_LINES = [b.split("\n")[0] for b, _, _ in COMMANDS]
GROUPS = {framework: [line for line in FIRST_LINES if framework_of(line) == framework] for framework in ("", *FRAMEWORKS)}
GROUPS = {framework: lines for framework, lines in GROUPS.items() if lines}
_RUNS = {}


def run_readme_line(line, tmp_path_factory):
    """(exit code, stdout, stderr) of a README line: the first time a line of a group (its target's framework, or
    none) is asked, the whole group is run forked."""
    if line not in _RUNS:
        framework = framework_of(line)
        lines = GROUPS[framework]
        folder = tmp_path_factory.mktemp(f"readme-{framework or 'plain'}")
        _RUNS.update(zip(lines, run_forked(lines, framework, folder)))
    return _RUNS[line]


# The commands and Python lines for TensorFlow (the slowest to import) are tested in test_readme_tensorflow.py, the
# rest here: the two halves take about as long, so two workers share them.
ELSEWHERE = ("tensorflow",)


def commands_for(frameworks):
    """The command blocks whose target imports one of ``frameworks`` ("" for none), as pytest parameters."""
    return [pytest.param(body, id=body.split("\n")[0][2:60]) for body, _, _ in COMMANDS
            if framework_of(body.split("\n")[0]) in frameworks]


def groups_for(frameworks):
    return [pytest.param(framework, id=framework or "plain") for framework in GROUPS if framework in frameworks]


def prints_what_the_readme_shows(body, tmp_path_factory):
    first, _, shown = body.partition("\n")
    assert _shown(run_readme_line(first, tmp_path_factory)) == _strip(shown), (
        f"README block for {first!r} is stale: run python tests/test_readme.py --update"
    )


def forked_prints_what_fresh_prints(framework, tmp_path_factory):
    # The forked runs stand for real ones: the first command of each group, run both ways, prints the same.
    line = GROUPS[framework][0]
    assert run_readme_line(line, tmp_path_factory) == run_fresh(line)


def readme_tests(frameworks):
    """The three tests of the README's blocks for ``frameworks`` ("" for none): its commands print what it shows,
    a forked run prints what a fresh one does, its Python lines return what it says."""

    @pytest.mark.parametrize("body", commands_for(frameworks))
    def test_readme_command_prints_what_the_readme_shows(body, tmp_path_factory):
        prints_what_the_readme_shows(body, tmp_path_factory)

    @pytest.mark.parametrize("framework", groups_for(frameworks))
    def test_a_forked_command_prints_the_bytes_a_fresh_interpreter_prints(framework, tmp_path_factory):
        forked_prints_what_fresh_prints(framework, tmp_path_factory)

    # The README shows float32 overflowing on purpose; NumPy warns about that in
    # the reader's session as in any program, and the warning is not under test.
    @pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")
    @pytest.mark.filterwarnings("ignore:invalid value encountered:RuntimeWarning")
    @pytest.mark.parametrize("body", python_blocks_for(frameworks))
    def test_readme_python_lines_return_what_the_readme_says(body):
        return_what_the_readme_says(body)

    return (test_readme_command_prints_what_the_readme_shows,
            test_a_forked_command_prints_the_bytes_a_fresh_interpreter_prints,
            test_readme_python_lines_return_what_the_readme_says)


def python_checks(body):
    """Split a python block into (code to run, expected repr or 'raises', line number) steps."""
    steps, lines, i = [], body.split("\n"), 0
    while i < len(lines):
        code, sep, comment = lines[i].partition("  # ")
        expected = None
        if sep and code.strip() and not code.startswith((" ", "#")):
            try:
                is_expression = isinstance(ast.parse(code.strip(), mode="exec").body[0], ast.Expr)
            except SyntaxError:
                is_expression = False
            if is_expression:
                expected = [comment.strip()]
                while i + 1 < len(lines) and lines[i + 1].startswith("#  "):
                    i += 1
                    expected.append(lines[i][1:].rstrip())
        steps.append((code if expected else lines[i], "\n".join(expected) if expected else None, i + 1))
        i += 1
    return steps


def promised_exception(expected, namespace, number):
    """The exception class a ``# raises SomeError ...`` comment names."""
    words = expected.split()
    name = words[1] if len(words) > 1 else ""
    promised = namespace.get(name, getattr(builtins, name, None))
    assert isinstance(promised, type) and issubclass(promised, BaseException), (
        f"README line {number}: '# {expected}' must name the exception, as in '# raises ValueError'"
    )
    return promised


PYTHON = [body for lang, body, _, _ in blocks(README.read_text()) if lang == "python" and "  # " in body]


def python_blocks_for(frameworks):
    """The python blocks with results that import one of ``frameworks`` ("" for none), as pytest parameters."""
    return [pytest.param(body, id=f"python-block-{n}") for n, body in enumerate(PYTHON)
            if framework_imported(body) in frameworks]


def return_what_the_readme_says(body):
    namespace = {"__name__": "readme"}
    pending = []
    for code, expected, number in python_checks(body):
        if expected is None:
            pending.append(code)
            continue
        exec(compile("\n".join(pending), "README.md", "exec"), namespace)  # the README's own code
        pending = []
        expression = compile(code.strip(), "README.md", "eval")
        if expected.startswith("raises"):
            with pytest.raises(promised_exception(expected, namespace, number)):
                eval(expression, namespace)
            continue
        got = eval(expression, namespace)
        assert re.sub(r"\s+", " ", repr(got)) == re.sub(r"\s+", " ", expected), f"README line {number}: {code.strip()}"
    exec(compile("\n".join(pending), "README.md", "exec"), namespace)


(test_readme_command_prints_what_the_readme_shows, test_a_forked_command_prints_the_bytes_a_fresh_interpreter_prints,
 test_readme_python_lines_return_what_the_readme_says) = readme_tests(
    tuple(framework for framework in ("", *FRAMEWORKS) if framework not in ELSEWHERE))


def test_the_readme_checker_notices_a_stale_block(tmp_path_factory):
    # The test of the tester: a changed number in a command block or a Python result fails.
    body, _, _ = COMMANDS[0]
    first, _, shown = body.partition("\n")
    assert _shown(run_readme_line(first, tmp_path_factory)) == _strip(shown)
    assert _shown(run_readme_line(first, tmp_path_factory)) != _strip(shown.replace("100", "101", 1))
    wrong = "x = 2\nx + 1  # 4\n"
    with pytest.raises(AssertionError, match="README line 2: x \\+ 1"):
        return_what_the_readme_says(wrong)
    # A "# raises" line must name its exception, and fails when another one, or none, is raised.
    unnamed = "int('x')  # raises an error\n"
    with pytest.raises(AssertionError, match="must name the exception"):
        return_what_the_readme_says(unnamed)
    other = "int('x')  # raises TypeError\n"
    with pytest.raises(ValueError, match="invalid literal"):
        return_what_the_readme_says(other)
    none = "int('1')  # raises ValueError\n"
    with pytest.raises(pytest.fail.Exception, match="DID NOT RAISE"):
        return_what_the_readme_says(none)
    named = "int('x')  # raises ValueError for a word\n"
    return_what_the_readme_says(named)


def test_a_readme_check_runs_without_a_wall_clock_budget_unless_it_names_one():
    assert _argv('$ gradcli grad "log(1+exp(x))" --at 100') == ["grad", "--max-time", "inf", "log(1+exp(x))", "--at", "100"]
    assert _argv("$ gradcli sweep f.py:g --range x=0:1") == ["sweep", "--max-time", "inf", "f.py:g", "--range", "x=0:1"]
    assert _argv('$ gradcli grad "sin(x^x)" --at 123456789 --max-time 3')[-2:] == ["--max-time", "3"]
    assert "inf" not in _argv('$ gradcli grad "x" --at 1 --max-time=3')
    assert _argv('$ gradcli diff "x**2"') == ["diff", "x**2"]  # its --max-time bounds sympy, a budget of its own


def update():
    """Rewrite every command block of the README from a real run."""
    text = README.read_text()
    for body, start, end in reversed(command_blocks(text)):
        first = body.split("\n")[0]
        text = text[:start] + first + "\n" + run_command(first) + "\n" + text[end:]
    README.write_text(text)


if __name__ == "__main__":
    if sys.argv[1:] == ["--update"]:
        update()
    else:
        sys.exit("usage: python tests/test_readme.py --update")
