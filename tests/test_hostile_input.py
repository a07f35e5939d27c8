"""Hostile formulas: each is refused with exit 2 and a message, at once, and nothing in it runs.

Every case goes through ``gradcli diff TEXT`` (``gradcli.cli.main``, as the
console script runs it; a few also through ``gradcli grad TEXT --at 1``) in a child
process of its own, forked from one interpreter that has made the commands' imports,
in a fresh directory. The ones that would do something if Python evaluated them try
to create a canary file there; `test_the_payloads_are_live` shows that Python's own
``eval`` does create it, so its absence after gradcli ran means gradcli executed
nothing. The text reaches ``main`` as the argument it is, so texts no command line
can carry (a NUL byte, more than 128 KiB) are tried too.

"At once" is work counted, not seconds (a busy machine makes any time bound flake):
each run is watched by `bounded_work`, which fails it on arithmetic with numbers of
more than 2,001 digits and counts the Python calls gradcli makes, after the imports.
"""

import json
import os
import pathlib
import subprocess
import sys
import unicodedata
from dataclasses import dataclass
from typing import Optional

import pytest
from bounded_work import bounded_work
from each_case import failing_cases

from gradcli.errors import InputError
from gradcli.expr.parse import parse
from gradcli.expr.to_sympy import to_sympy

CANARY = "CANARY"
MAKE = f"open('{CANARY}','w')"  # the payload most cases carry
# A refusal reads the formula a few times: about a dozen Python calls per character of
# it, plus a few sympy constructions (the costliest, a product of square roots of
# 300-digit numbers, about 40,000 calls with sympy's caches filled, 110,000 without).
CALLS_PER_CHARACTER = 20
CALLS = 250_000
# A safety net against a real hang only (nothing here is timed): a child still running
# after this is killed, and fails the test with no exit code.
KILL_SECONDS = 120.0


@dataclass(frozen=True)
class Case:
    id: str
    text: str
    message: str  # a piece of the error message that names the problem
    underlined: Optional[str] = None  # the part of the echoed formula under the carets
    echo: bool = True  # the formula is echoed (not when it is too long to show)
    live: bool = False  # Python's eval of the text would create the canary
    stage: str = "parse"  # where gradcli refuses it: "parse", or "sympy" (a sound formula sympy would choke on)


CASES = [
    # Code execution, attributes and Python machinery.
    Case("import-system", f"__import__('os').system('touch {CANARY}')", "strings are not allowed", f"'touch {CANARY}'", live=True),
    Case("import-pathlib", f"__import__('pathlib').Path('{CANARY}').touch()", "only known functions can be called", f"__import__('pathlib').Path('{CANARY}').touch()", live=True),
    Case("class-bases", "().__class__.__bases__", "attribute access", "().__class__.__bases__"),
    Case("attribute-of-variable", "x.__class__", "attribute access", "x.__class__"),
    Case("function-globals", "sin.__globals__", "attribute access", "sin.__globals__"),
    Case("dunder-name", "__builtins__", "names starting with '__'", "__builtins__"),
    Case("lambda", "lambda: 1", "lambda is not allowed", "lambda: 1"),
    Case("lambda-called", f"(lambda: {MAKE})()", "only known functions can be called", f"(lambda: {MAKE})()", live=True),
    Case("open", MAKE, "strings are not allowed", f"'{CANARY}'", live=True),
    Case("exec", f'exec("{MAKE}")', "strings are not allowed", f'"{MAKE}"', live=True),
    Case("exec-variable", "exec(x)", "unknown function 'exec'", "exec"),
    Case("globals", "globals()", "unknown function 'globals'", "globals"),
    Case("list-comprehension", f"[{MAKE} for _ in [1]]", "comprehensions are not allowed", f"[{MAKE} for _ in [1]]", live=True),
    Case("set-comprehension", f"{{{MAKE} for _ in [1]}}", "comprehensions are not allowed", f"{{{MAKE} for _ in [1]}}", live=True),
    Case("dict-comprehension", f"{{_: {MAKE} for _ in [1]}}", "comprehensions are not allowed", f"{{_: {MAKE} for _ in [1]}}", live=True),
    Case("generator", f"sum({MAKE} for _ in [1])", "comprehensions are not allowed", f"({MAKE} for _ in [1])", live=True),
    Case("f-string", f'f"{{{MAKE}}}"', "strings are not allowed", f'f"{{{MAKE}}}"', live=True),
    Case("string", "'x'", "strings are not allowed", "'x'"),
    Case("bytes", "b'x'", "strings are not allowed", "b'x'"),
    Case("statement-after-semicolon", "x; import os", "';' separates Python statements", ";"),
    Case("import-statement", "import os", "a Python statement (an import), not a formula", "import os"),
    Case("assignment", f"x = {MAKE}", "a Python statement (an assignment)", f"x = {MAKE}"),
    Case("walrus", f"(c := {MAKE})", "':=' is not allowed", f"c := {MAKE}", live=True),
    Case("starred", f"print(*[{MAKE}])", "unpacking is not allowed", f"*[{MAKE}]", live=True),
    Case("keyword-call", f"print(x={MAKE})", "takes no keyword arguments", f"print(x={MAKE})", live=True),
    Case("if-else", f"1 if {MAKE} else 2", "use where(c, a, b)", f"1 if {MAKE} else 2", live=True),
    Case("comment", f"x # {MAKE}", "comments ('#') are not allowed", f"# {MAKE}"),
    Case("and-or", "x and y", "'and'/'or' are not allowed", "x and y"),
    Case("matrix-product", "x @ y", "operator in 'x @ y' is not allowed", "x @ y"),
    Case("complex", "1j * x", "complex numbers are not allowed", "1j"),
    # Indexing, containers, calls that are not calls.
    Case("index", "x[0]", "indexing (x[i]) is not allowed", "x[0]"),
    Case("dict", "{x: 1}", "dictionaries are not allowed", "{x: 1}"),
    Case("tuple", "x, y", "tuples are not allowed", "x, y"),
    Case("bare-function", "sin", "'sin' is a function: call it", "sin"),
    Case("call-of-a-call", "sin(x)(y)", "is not a call", "sin(x)(y)"),
    Case("unknown-function", "frobnicate(x)", "unknown function 'frobnicate'", "frobnicate"),
    # Syntax.
    Case("operator-pair", "x +* y", "not valid", "*"),
    Case("unclosed-call", "sin(x", "parenthesis is missing", "("),
    Case("trailing-operator", "x +", "the formula ends after an operator ('+')", ""),  # a caret past the end
    Case("side-by-side", "x y", "stand side by side", "x y"),
    Case("empty", "", "the formula is empty", echo=False),
    Case("blank", "   ", "the formula is empty", echo=False),
    # Size and depth.
    Case("power-tower", "9**9**9**9", "refuses constants of more than 1,000 digits", "9**9**9"),
    Case("half-to-a-huge-power", "(1/2)**9**9", "refuses constants", "(1/2)**9**9"),
    Case("exp-of-a-huge-log", "exp(9**9*log(3))", "refuses constants", "exp(9**9*log(3))"),
    Case("caret-tower", "x * 9^9^9", "refuses constants", "9^9^9"),
    Case("integer-of-4400-digits", "1" + "0" * 4_400, "refuses constants of more than 1,000 digits", "1" + "0" * 4_400),
    Case("integer-of-100k-digits", "7" * 100_000, "100,000 characters long", echo=False),
    Case("parentheses-50000-deep", "(" * 50_000 + "x" + ")" * 50_000, "characters long", echo=False),
    Case("parentheses-5000-deep", "(" * 5_000 + "x" + ")" * 5_000, "nests parentheses more than 100 deep", "("),
    Case("sum-of-200000-terms", "+".join(["x"] * 200_000), "characters long", echo=False),
    Case("unary-chain-7000-deep", "x + " + "-" * 7_000 + "x", "nests too deeply", echo=False),
    Case("power-chain-6000-deep", "x" + "**x" * 6_000, "nests too deeply", echo=False),
    Case("unary-chain-300-deep", "x + " + "-" * 300 + "x", "more than 200 levels deep", "-" * 100 + "x"),
    Case("sum-of-6000-terms", "+".join(["x"] * 6_000), "more than 10,000 parts", echo=False),
    Case("floor-of-a-tower", "floor(exp(exp(exp(3))))*x", "integer part of this constant", "floor(exp(exp(exp(3))))"),
    Case("floor-of-exp-1e10", "x*floor(exp(10**10))", "integer part of this constant", "floor(exp(10**10))"),
    Case("floor-of-sinh", "x*floor(sinh(2000))", "integer part of this constant", "floor(sinh(2000))"),
    Case("mod-of-a-huge-exp", "x*(exp(1000) % 3)", "integer part of this constant", "exp(1000) % 3"),
    Case("float-beyond-float64", "x*1e400", "larger than the largest float64", "1e400"),
    # Sound formulas that sympy itself would turn into enormous numbers.
    Case("power-of-a-product", "(3*x)**9**9", "refuses constants", "(3*x)**9**9", stage="sympy"),
    Case("power-of-abs", "abs(3*x)**9**9", "refuses constants", "abs(3*x)**9**9", stage="sympy"),
    Case("power-of-where", "where(x > 0, 3*x, x)**9**9", "refuses constants", "where(x > 0, 3*x, x)**9**9", stage="sympy"),
    Case("product-of-long-numbers", "x*10**600*10**600", "refuses numbers", "x*10**600*10**600", stage="sympy"),
    Case("product-of-roots", "x*sqrt(10**299+1)*sqrt(10**299+3)*sqrt(10**299+7)*sqrt(10**299+9)", "refuses numbers", "x*sqrt(10**299+1)*sqrt(10**299+3)*sqrt(10**299+7)*sqrt(10**299+9)", stage="sympy"),
    Case("root-of-a-long-number", "x*sqrt(10**999+1)", "takes roots of numbers of at most 300 digits", "sqrt(10**999+1)", stage="sympy"),
    Case("root-of-a-long-product", "(x*(10**999+1))**0.5", "takes roots of numbers of at most 300 digits", "(x*(10**999+1))**0.5", stage="sympy"),
    Case("constant-made-of-x", "(x - x + 9)**9**9", "refuses constants", "(x - x + 9)**9**9", stage="sympy"),
    # Characters: invisible, controlling the terminal, not UTF-8, look-alikes.
    Case("nul-byte", "x + 1\x00", "control character (U+0000)", "\x00"),
    Case("terminal-escape", "x\x1b]0;owned\x07 + 1", "control character (U+001B)", "\x1b"),
    Case("bidi-override", "x + \u202e1", "RIGHT-TO-LEFT OVERRIDE", "\u202e"),
    Case("zero-width-space", "sin\u200b(x)", "ZERO WIDTH SPACE", "\u200b"),
    Case("invalid-utf8", "x\udcff + 1", "not valid UTF-8", "\udcff"),
    Case("fullwidth-exec", f'ｅｘｅｃ("{MAKE}")', "strings are not allowed", f'"{MAKE}"', live=True),
    Case("fullwidth-variable", "ｘ + 1", "look-alike characters that Python reads as 'x'", "ｘ"),
    Case("math-italic-variable", "𝑥**2", "look-alike characters", "𝑥"),
    Case("fullwidth-function", "ｓｉｎ(x)", "look-alike characters that Python reads as 'sin'", "ｓｉｎ"),
    Case("cyrillic-function", "ѕin(x)", "did you mean sin?", "ѕin"),
    Case("unicode-minus", "x \u2212 y", "not valid", "\u2212"),
]

GRAD_CASES = ["import-system", "list-comprehension", "comment", "power-tower", "unclosed-call", "nul-byte"]
BY_ID = {case.id: case for case in CASES}
assert len(BY_ID) == len(CASES), "case ids must be unique"


def shown(text):
    """The formula as gradcli echoes it: stripped, whitespace as spaces, invisible characters as U+FFFD."""
    text = text.strip()
    for ch in "\t\r\n\f\v":
        text = text.replace(ch, " ")
    bad = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
    return "".join("\ufffd" if unicodedata.category(ch) in bad else ch for ch in text)


@dataclass
class Run:
    returncode: int
    stdout: str
    stderr: str
    calls: Optional[int]  # Python calls gradcli made, after its imports (None: it was killed)
    directory: str


TESTS = str(pathlib.Path(__file__).resolve().parent)
# One interpreter imports what the commands import (sympy comes with `bounded_work`), then forks a
# child per run: each child starts from that same state (no run sees another's caches), chdirs into
# its case's directory, and runs gradcli.cli.main under `bounded_work`, so only gradcli's own calls
# after the imports are counted. Forking spares each run an interpreter's start-up and imports.
FORKED = (
    "import importlib, json, os, signal, sys, time, traceback\n"
    f"sys.path.insert(0, {TESTS!r})\n"
    "from bounded_work import bounded_work\n"
    "jobs_file, results_file, modules, at_once, kill_seconds = sys.argv[1:]\n"
    "for module in modules.split(','):\n"
    "    importlib.import_module(module)\n"
    "main = importlib.import_module('gradcli.cli').main\n"
    "with open(jobs_file, encoding='utf-8') as jobs_in:\n"
    "    jobs = json.load(jobs_in)\n"
    "def run(job):\n"
    "    for fd, suffix in ((1, '.out'), (2, '.err')):\n"
    "        os.dup2(os.open(job['directory'] + suffix, os.O_WRONLY | os.O_CREAT | os.O_TRUNC), fd)\n"
    "    os.chdir(job['directory'])\n"
    "    code, calls = 1, None\n"
    "    try:\n"
    "        try:\n"
    "            with bounded_work() as work:\n"
    "                main(job['argv'])\n"
    "            code = 0\n"
    "        except SystemExit as stop:\n"
    "            code = stop.code if isinstance(stop.code, int) else 0 if stop.code is None else 1\n"
    "            if not isinstance(stop.code, (int, type(None))):\n"
    "                print(stop.code, file=sys.stderr)\n"
    "        calls = work.calls\n"
    "    except BaseException:\n"
    "        traceback.print_exc()\n"
    "        code = 1\n"
    "    if calls is not None:\n"
    "        with open(job['directory'].rstrip(os.sep) + '.calls', 'w') as out:\n"
    "            out.write(str(calls))\n"
    "    sys.stdout.flush(); sys.stderr.flush()\n"
    "    os._exit(code)\n"
    "pending, running, codes = list(jobs), {}, {}\n"
    "while pending or running:\n"
    "    while pending and len(running) < int(at_once):\n"
    "        job = pending.pop(0)\n"
    "        pid = os.fork()\n"
    "        if pid == 0:\n"
    "            try:\n"
    "                run(job)\n"
    "            finally:\n"
    "                os._exit(1)\n"
    "        running[pid] = (job, time.monotonic())\n"
    "    pid, status = os.waitpid(-1, os.WNOHANG)\n"
    "    if pid == 0:\n"
    "        for child, (job, started) in running.items():\n"
    "            if time.monotonic() - started > float(kill_seconds):\n"
    "                os.kill(child, signal.SIGKILL)\n"
    "        time.sleep(0.005)\n"
    "        continue\n"
    "    job, started = running.pop(pid)\n"
    "    killed = os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL\n"
    "    codes[job['directory']] = None if killed else os.waitstatus_to_exitcode(status)\n"
    "with open(results_file, 'w', encoding='utf-8') as out:\n"
    "    json.dump(codes, out)\n"
)


# What the commands import on their way (sympy always comes with `bounded_work`).
IMPORTS = "gradcli.cli,gradcli.checker.runner,gradcli.expr.diff"


def run_gradcli_all(jobs, workspace):
    """``gradcli COMMAND TEXT EXTRA...`` for each job ``(directory, command, text, extra)`` (no TEXT if None),
    each in a child forked from one interpreter, in ``directory``, its calls counted: a `Run` per directory."""
    jobs_file, results_file = workspace / "jobs.json", workspace / "codes.json"
    argv_of = lambda command, text, extra: [command] + ([] if text is None else [text]) + list(extra)
    jobs_file.write_text(
        json.dumps([{"directory": d, "argv": argv_of(c, t, e)} for d, c, t, e in jobs]), encoding="utf-8"
    )
    env = dict(os.environ, PYTHONUTF8="1", PYTHONIOENCODING="utf-8")
    at_once = max(2, os.cpu_count() or 2)
    subprocess.run(
        [sys.executable, "-c", FORKED, str(jobs_file), str(results_file), IMPORTS, str(at_once), str(KILL_SECONDS)],
        capture_output=True, env=env, timeout=KILL_SECONDS * (2 + len(jobs) / at_once), check=True,
    )
    codes = json.loads(results_file.read_text(encoding="utf-8"))
    runs = {}
    for directory, *_ in jobs:
        base = directory.rstrip(os.sep)
        read = lambda suffix: pathlib.Path(base + suffix).read_bytes().decode("utf-8", "replace")
        code = codes[directory]
        stderr = read(".err") if code is not None else f"killed after {KILL_SECONDS:g} s"
        calls = int(pathlib.Path(base + ".calls").read_text()) if os.path.exists(base + ".calls") else None
        runs[directory] = Run(code, read(".out"), stderr, calls, directory)
    return runs


# Start-up runs, one of each kind: the same program answering at once (the parser
# alone; sympy and a forked child; NumPy and the checker), under the same bound.
BASELINES = {
    "parse": ("--version", None),
    "sympy": ("diff", "x", "--no-simplify"),
    "grad": ("grad", "x"),  # no --at: refused once the target is read
}
BASELINE_RUNS = 1

@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """Every case through ``diff`` (and some through ``grad``), one per CPU at a time, each in its own directory.

    The start-up runs (`BASELINES`) share the pool, so that they see the same load.
    """
    jobs, keys = [], []
    for kind in BASELINES:
        for i in range(BASELINE_RUNS):
            command, text, *extra = BASELINES[kind]
            jobs.append((str(tmp_path_factory.mktemp(f"baseline-{kind}")), command, text, extra))
            keys.append(("baseline", kind, i))
    for command, case in [("diff", case) for case in CASES] + [("grad", BY_ID[name]) for name in GRAD_CASES]:
        extra = ["--at", "1"] if command == "grad" else []
        jobs.append((str(tmp_path_factory.mktemp(f"{command}-{case.id}")), command, case.text, extra))
        keys.append((command, case.id))
    by_directory = run_gradcli_all(jobs, tmp_path_factory.mktemp("forked"))
    return {key: by_directory[job[0]] for key, job in zip(keys, jobs)}


def calls_allowed(text):
    """How many Python calls answering ``text`` may take: `CALLS`, and `CALLS_PER_CHARACTER` for each character."""
    return CALLS + CALLS_PER_CHARACTER * len(text or "")


def check_refusal(run, case):
    assert run.returncode == 2, (run.returncode, run.stdout[-500:], run.stderr[-2000:])
    for stream in (run.stdout, run.stderr):
        assert "Traceback" not in stream
        assert "\x1b" not in stream and "\x00" not in stream  # nothing that drives the terminal
    assert run.stdout == ""
    lines = run.stderr.splitlines()
    assert lines and lines[0].startswith("error: "), run.stderr
    assert case.message in lines[0], lines[0]
    if not case.echo:
        assert len(lines) == 1, run.stderr[:300]
        return
    echoed = shown(case.text)
    assert lines[1] == "  " + echoed
    if case.underlined is not None:
        carets = lines[2]
        start = len(carets) - len(carets.lstrip(" ")) - 2
        end = len(carets) - 2
        assert set(carets[start + 2 :]) == {"^"}, carets
        under = under_columns(echoed, start, end)
        assert under == shown(case.underlined), (under, case.underlined)


def under_columns(text, start, end):
    """The characters of ``text`` shown in terminal columns start..end (full-width ones take two)."""
    out, column = [], 0
    for ch in text:
        width = 2 if unicodedata.east_asian_width(ch) in "WF" else 0 if unicodedata.combining(ch) else 1
        if start <= column < end:
            out.append(ch)
        column += width
    return "".join(out)


# The runs are made once (`runs`); the tests below read every run in a loop (`failing_cases` names each failing one
# and why): one pytest item per run would cost more than reading it.
RUN_KEYS = [("diff", c.id) for c in CASES] + [("grad", n) for n in GRAD_CASES]


def test_diff_refuses_it_with_exit_2_and_a_message(runs):
    assert failing_cases(lambda case_id: check_refusal(runs[("diff", case_id)], BY_ID[case_id]), [(c.id,) for c in CASES]) == {}


def test_grad_uses_the_same_guards(runs):
    assert failing_cases(lambda name: check_refusal(runs[("grad", name)], BY_ID[name]), [(n,) for n in GRAD_CASES]) == {}


def test_it_executes_nothing(runs):
    def check(command, case_id):
        run = runs[(command, case_id)]
        assert not os.path.exists(os.path.join(run.directory, CANARY))
        assert os.listdir(run.directory) == []

    assert failing_cases(check, RUN_KEYS) == {}


def test_it_answers_at_once(runs):
    # No number of more than 2,001 digits was touched (the run would have failed), and few calls made.
    def check(command, case_id):
        run = runs[(command, case_id)]
        assert run.returncode is not None and run.calls is not None, run.stderr[-2000:]
        assert run.calls <= calls_allowed(BY_ID[case_id].text), run.calls

    assert failing_cases(check, RUN_KEYS) == {}


def test_the_start_up_runs_did_what_they_stand_for(runs):
    version, diff, grad = (runs[("baseline", kind, 0)] for kind in ("parse", "sympy", "grad"))
    assert version.returncode == 0 and version.stdout.startswith("gradcli")
    assert diff.returncode == 0 and "d/dx f = 1" in diff.stdout
    assert grad.returncode == 2 and "give a point with --at" in grad.stderr
    # The count covers gradcli's own work: answering at once costs calls, within the same bound.
    for run, (_, text, *_) in zip((version, diff, grad), BASELINES.values()):
        assert 0 < run.calls <= calls_allowed(text), run.calls


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_the_parser_itself_answers_at_once(runs, case):
    # Only once the subprocess has shown it does not hang, so that a regression fails, not stalls.
    assert runs[("diff", case.id)].returncode == 2
    with bounded_work() as work:
        if case.stage == "parse":
            with pytest.raises(InputError) as caught:
                parse(case.text)
        else:
            formula = parse(case.text)  # the formula is sound ...
            with pytest.raises(InputError) as caught:
                to_sympy(formula)  # ... but sympy would build an enormous number from it
    assert work.calls <= calls_allowed(case.text), work.calls
    assert case.message in caught.value.message


LIVE = [case for case in CASES if case.live]

PAYLOAD_RUNNER = (
    "import sys\n"
    "try:\n"
    "    eval(compile(sys.stdin.read(), '<payload>', 'eval'), {}, {})\n"
    "except Exception:\n"
    "    pass\n"
)


@pytest.mark.parametrize("case", LIVE, ids=[c.id for c in LIVE])
def test_the_payloads_are_live(case, tmp_path):
    """Python's own eval of the payload (our test string, in a child process) does create the canary."""
    subprocess.run(
        [sys.executable, "-c", PAYLOAD_RUNNER], input=case.text, text=True, encoding="utf-8",
        cwd=tmp_path, capture_output=True, timeout=60,
    )
    assert (tmp_path / CANARY).exists()


def test_every_case_kind_is_covered():
    # Every kind of hostile input the list above must cover: keep it whole when editing the list.
    required = {
        "import-system", "class-bases", "attribute-of-variable", "lambda", "open", "exec", "globals",
        "list-comprehension", "set-comprehension", "dict-comprehension", "generator", "f-string", "string",
        "statement-after-semicolon", "power-tower", "parentheses-50000-deep", "sum-of-200000-terms",
        "operator-pair", "unclosed-call", "unknown-function", "empty", "blank", "index", "dict", "bare-function",
    }
    assert required <= set(BY_ID)
    assert len("+".join(["x"] * 200_000).split("+")) == 200_000
    assert BY_ID["parentheses-50000-deep"].text.count("(") == 50_000
