"""The README tells the truth: its commands print what it shows, its Python lines return what it says.

Two kinds of fenced block are checked:

- a block whose first line is ``$ gradcli ...`` is run (``python -m gradcli`` at a
  120-column terminal, stdout and stderr together) and must print the block's other lines;
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
import os
import pathlib
import re
import shlex
import subprocess
import sys

import pytest

README = pathlib.Path(__file__).resolve().parent.parent / "README.md"
WIDTH = "120"
FENCE = re.compile(r"^```(\w*)\n(.*?)^```\n", re.S | re.M)


def blocks(text):
    """Each fenced block as (language, body, start offset of the body, end offset)."""
    return [(m.group(1), m.group(2), m.start(2), m.end(2)) for m in FENCE.finditer(text)]


def command_blocks(text):
    return [(body, start, end) for lang, body, start, end in blocks(text) if body.startswith("$ gradcli ")]


def run_command(line):
    """What ``$ gradcli ...`` prints in a 120-column terminal, trailing blanks removed."""
    args = shlex.split(line[len("$ gradcli ") :])
    env = {**os.environ, "COLUMNS": WIDTH, "NO_COLOR": "1", "TERM": "dumb"}
    env.pop("FORCE_COLOR", None)
    done = subprocess.run(
        [sys.executable, "-m", "gradcli", *args], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode in (0, 1, 2), done.stderr
    return "\n".join(line.rstrip() for line in (done.stdout + done.stderr).rstrip("\n").split("\n"))


def _strip(text):
    return "\n".join(line.rstrip() for line in text.rstrip("\n").split("\n"))


COMMANDS = command_blocks(README.read_text())


@pytest.mark.parametrize("body", [b for b, _, _ in COMMANDS], ids=[b.split("\n")[0][2:60] for b, _, _ in COMMANDS])
def test_readme_command_prints_what_the_readme_shows(body):
    first, _, shown = body.partition("\n")
    assert run_command(first) == _strip(shown), f"README block for {first!r} is stale: run python tests/test_readme.py --update"


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


# The README shows float32 overflowing on purpose; NumPy warns about that in
# the reader's session as in any program, and the warning is not under test.
@pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")
@pytest.mark.filterwarnings("ignore:invalid value encountered:RuntimeWarning")
@pytest.mark.parametrize("body", PYTHON, ids=[f"python-block-{n}" for n in range(len(PYTHON))])
def test_readme_python_lines_return_what_the_readme_says(body):
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


def test_the_readme_checker_notices_a_stale_block():
    # The test of the tester: a changed number in a command block or a Python result fails.
    body, _, _ = COMMANDS[0]
    first, _, shown = body.partition("\n")
    assert run_command(first) != _strip(shown.replace("100", "101", 1))
    wrong = "x = 2\nx + 1  # 4\n"
    with pytest.raises(AssertionError, match="README line 2: x \\+ 1"):
        test_readme_python_lines_return_what_the_readme_says(wrong)
    # A "# raises" line must name its exception, and fails when another one, or none, is raised.
    unnamed = "int('x')  # raises an error\n"
    with pytest.raises(AssertionError, match="must name the exception"):
        test_readme_python_lines_return_what_the_readme_says(unnamed)
    other = "int('x')  # raises TypeError\n"
    with pytest.raises(ValueError, match="invalid literal"):
        test_readme_python_lines_return_what_the_readme_says(other)
    none = "int('1')  # raises ValueError\n"
    with pytest.raises(pytest.fail.Exception, match="DID NOT RAISE"):
        test_readme_python_lines_return_what_the_readme_says(none)
    named = "int('x')  # raises ValueError for a word\n"
    test_readme_python_lines_return_what_the_readme_says(named)


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
