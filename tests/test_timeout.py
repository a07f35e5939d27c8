"""--timeout on grad, check and sweep: a target that sleeps, loops or kills its worker is stopped and is 'error'.

The slow targets run the real CLI in a subprocess, so that the wall time,
the exit code and the processes left behind are the user's. The times
asserted are bounds for a loaded machine, not speed tests.
"""

import concurrent.futures
import functools
import json
import os
import signal
import subprocess
import sys
import time
from xml.etree import ElementTree

import psutil
import pytest
from click.testing import CliRunner

from gradcli.cli import cli
from ctrl_c import answering_ctrl_c

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

TARGETS = '''
import os
import pathlib
import signal
import time

import gradcli.numpy as gnp


def started(name):
    """Leave this worker's pid and its parent's (the forkserver) where the test can find them."""
    pathlib.Path(__file__).with_name(name + ".pid").write_text(f"{os.getpid()} {os.getppid()}")


def sleeps(x):
    started("sleeps")
    time.sleep(600)
    return x


def loops(x):
    started("loops")
    while True:
        pass


def exits(x):
    started("exits")
    os._exit(3)


def segfaults(x):
    started("segfaults")
    os.kill(os.getpid(), signal.SIGSEGV)


def softplus(x):
    return gnp.log(1 + gnp.exp(x))
'''

STOPPED = "models.py:{name} did not finish within {seconds} s (stopped)"
CRASHED = "models.py:{name} crashed its worker process ({how})"
PROBLEMS = {
    "sleeps": STOPPED,
    "loops": STOPPED,
    "exits": CRASHED.replace("{how}", "exit code 3"),
    "segfaults": CRASHED.replace("{how}", "killed by signal SIGSEGV"),
}
STOPPED_TARGETS = ["sleeps", "loops", "exits"]
COMMANDS = {  # the words after the target, and the exit code of an 'error' result (as without --timeout)
    "grad": (["--at", "1", "--at", "x=2"], 1),
    "check": (["--at", "1", "--at", "x=2"], 1),
    "sweep": (["--range", "x=0:1:7"], 0),
}
# The commands run in a process of their own on targets that never answer: grad bounds its target in check's own
# call (`cli._run_check`), so check stands for both there; grad's own process is the one Ctrl-C stops below.
STOPPED_COMMANDS = ("check", "sweep")


def a_seconds_work():
    """The --timeout, in whole seconds, that stands for 1 s of a target's own time on this machine now: 1 on an idle
    one, the runnable processes per core on a loaded one (a load of 16 on 2 cores: 8 s).

    A target that never answers is stopped whatever the timeout; one shorter than the checker's own steps before the
    target's first call (resolving it, its first point) stops it before it runs, and a loaded machine would then test
    another path: no worker pid written, no crash seen.
    """
    return max(1, round(os.getloadavg()[0] / len(os.sched_getaffinity(0))))


# A target that dies at once (exits): its crash is reported as such under any timeout, a long one keeps it a crash
# however loaded the machine.
CRASH_TIMEOUT = 60


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    folder = tmp_path_factory.mktemp("project")
    (folder / "models.py").write_text(TARGETS)
    return folder


def _run_stopped_case(folder, command, names, seconds):
    """One command on targets that never answer, with a ``seconds`` --timeout: (Popen, stdout, stderr).

    The targets sleep 600 s, loop for ever or crash: a run that ends within
    the 120 s ``communicate`` allows was stopped by the timeout, however
    loaded the machine (its start-up alone can take 30 s at a load of 16).
    """
    words, _ = COMMANDS[command]
    targets = [f"models.py:{name}" for name in names]
    run = gradcli(folder, command, *targets, *words, "--dtype", "float32,float64", "--timeout", seconds, "--json")
    out, err = run.communicate(timeout=120)
    return run, out, err


# The runs of the targets that never answer: (command, the targets of one run). check takes several targets in one
# run, each in a worker of its own, as it takes one; the targets that crash at once get a timeout of their own
# (`CRASH_TIMEOUT`), so they run apart from those stopped by the clock. sweep takes one target a run.
STOPPED_RUNS = [("check", ("sleeps", "loops")), ("check", ("exits", "segfaults"))] + [
    ("sweep", (name,)) for name in STOPPED_TARGETS
]


@pytest.fixture(scope="module")
def stopped_cases(tmp_path_factory):
    """Every (command, target) pair of the targets that never answer: (Popen, that target's JSON report, stderr).

    Each command runs in a folder of its own. Most of each run is a wait for
    its timeouts (under a second of CPU in seconds of waiting): all the runs
    side by side, the waits overlap, while each run still has the CPU to start
    within the bound the test asserts.
    """
    folders = {}
    for command in STOPPED_COMMANDS:
        folders[command] = tmp_path_factory.mktemp(f"project_{command}")
        (folders[command] / "models.py").write_text(TARGETS)
    seconds = a_seconds_work()
    with concurrent.futures.ThreadPoolExecutor(max_workers=len(STOPPED_RUNS)) as pool:
        runs = {
            (command, names): pool.submit(_run_stopped_case, folders[command], command, names,
                                          seconds if names[0] in ("sleeps", "loops") else CRASH_TIMEOUT)
            for command, names in STOPPED_RUNS
        }
        yield folders, functools.partial(_report_of, runs), seconds


def _report_of(runs, command, name):
    """The run of ``name`` under ``command``, with ``name``'s own report as its JSON: (Popen, report, stderr)."""
    (names, future), = [(names, future) for (each, names), future in runs.items() if each == command and name in names]
    run, out, err = future.result()
    document = json.loads(out)
    if len(names) == 1:
        return run, document, err
    assert document["schema"] == "gradcli.checks/1", out
    return run, document["reports"][names.index(name)], err


def gradcli(folder, *words, **popen):
    """The CLI as a user runs it, in ``folder``: a Popen with stdout and stderr as text."""
    env = {**os.environ, "PYTHONPATH": REPO}
    command = [sys.executable, "-m", "gradcli", *map(str, words)]
    return subprocess.Popen(command, cwd=folder, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **popen)


def gone(pids, within=10.0):
    """Whether every process of ``pids`` has ended (zombies count as ended) within ``within`` seconds."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        alive = [pid for pid in pids if psutil.pid_exists(pid) and psutil.Process(pid).status() != psutil.STATUS_ZOMBIE]
        if not alive:
            return True
        time.sleep(0.1)
    return False


def worker_pids(project, name):
    """The pids of the worker that ran ``name`` and of the forkserver that forked it."""
    return [int(pid) for pid in (project / f"{name}.pid").read_text().split()]


@pytest.mark.parametrize("command", STOPPED_COMMANDS)
@pytest.mark.parametrize("name", STOPPED_TARGETS)
def test_a_target_that_never_answers_is_error(stopped_cases, command, name):
    folders, report_of, seconds = stopped_cases
    run, report, err = report_of(command, name)
    _, code = COMMANDS[command]
    assert run.returncode == code, err
    assert "Traceback" not in err
    message = PROBLEMS[name].format(name=name, seconds=seconds)
    if command == "sweep":
        assert report["schema"] == "gradcli.sweep/1" and report["notes"] == [message]
        for dtype in ("float32", "float64"):
            swept = report["dtypes"][dtype]
            assert swept["counts"] == {"error": 7}
            ((interval),) = swept["intervals"]
            assert (interval["lo"], interval["hi"], interval["status"]) == (0.0, 1.0, "error")
            assert interval["kind"] == ("raised" if name == "exits" else "out of time")
    else:
        assert report["schema"] == "gradcli.check/1" and report["ok"] is False
        got = [(r["point"], r["dtype"], r["status"], r["error"], r["gradient"]) for r in report["results"]]
        assert got == [
            ({"x": x}, dtype, "error", message, {"x": None}) for x in (1.0, 2.0) for dtype in ("float32", "float64")
        ]
    assert gone(worker_pids(folders[command], name)), "a worker or the forkserver outlived gradcli"


HANGS = (
    "import time\n"
    "while True:\n"
    "    try:\n"
    "        time.sleep(600)\n"
    "    except Exception:  # what a careless module does; the timeout is no Exception\n"
    "        pass\n"
    "def f(x):\n"
    "    return x\n"
)


def _run_on_a_module_that_hangs(folder, command):
    """``command`` on a module that sleeps for ever as it is imported, with a 1 s --timeout: (Popen, stdout, stderr).

    An end within the 120 s ``communicate`` allows is the timeout's.
    """
    (folder / "hangs.py").write_text(HANGS)
    words, _ = COMMANDS[command]
    run = gradcli(folder, command, "hangs.py:f", *words, "--timeout", "1")
    out, err = run.communicate(timeout=120)
    return run, out, err


@pytest.fixture(scope="module")
def hanging_imports(tmp_path_factory):
    """Each command on a module that never finishes importing, the three runs side by side (their waits overlap)."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=len(STOPPED_COMMANDS)) as pool:
        yield {command: pool.submit(_run_on_a_module_that_hangs, tmp_path_factory.mktemp(f"hangs_{command}"), command)
               for command in STOPPED_COMMANDS}


@pytest.mark.parametrize("command", STOPPED_COMMANDS)
def test_a_module_that_never_finishes_importing_is_stopped_too(hanging_imports, command):
    # gradcli imports the module in its own process first (to read the variables):
    # --timeout bounds that import as well; a module that cannot be imported is exit 2.
    run, out, err = hanging_imports[command].result()
    assert run.returncode == 2, err
    assert "hangs.py did not finish importing within 1 s (stopped by --timeout)" in err and "Traceback" not in err


def test_a_segfault_is_error_with_its_signal(stopped_cases):
    folders, report_of, _ = stopped_cases
    run, report, err = report_of("check", "segfaults")
    assert run.returncode == 1 and "Traceback" not in err
    assert [(r["point"], r["dtype"], r["status"], r["error"]) for r in report["results"]] == [
        ({"x": x}, dtype, "error", PROBLEMS["segfaults"].format(name="segfaults"))
        for x in (1.0, 2.0) for dtype in ("float32", "float64")
    ]
    assert gone(worker_pids(folders["check"], "segfaults")), "a worker or the forkserver outlived gradcli"


def test_ctrl_c_exits_130_and_leaves_no_worker(project):
    (project / "sleeps.pid").unlink(missing_ok=True)
    with answering_ctrl_c():
        run = gradcli(project, "grad", "models.py:sleeps", "--at", "1", "--timeout", "300", start_new_session=True)
    deadline = time.monotonic() + 60
    while not (project / "sleeps.pid").exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    pids = worker_pids(project, "sleeps")
    os.killpg(run.pid, signal.SIGINT)  # as Ctrl-C does: to the whole process group, workers included
    _, err = run.communicate(timeout=60)
    assert run.returncode == 130
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    assert gone(pids)


def invoke(*words):
    return CliRunner().invoke(cli, [str(w) for w in words])


def test_the_terminal_and_junit_show_it_as_any_error(project, monkeypatch):
    monkeypatch.chdir(project)
    result = invoke("check", "models.py:exits", "--at", "1", "--dtype", "float64", "--timeout", "5", "--junit", "out.xml")
    assert result.exit_code == 1
    message = PROBLEMS["exits"].format(name="exits")
    assert f"float64: error\n  {message}\n" in result.stdout
    assert "the target raised" not in result.stdout
    (error,) = ElementTree.parse(project / "out.xml").getroot().iter("error")
    assert error.get("message") == f"error: {message}"


@pytest.mark.parametrize(
    "command, words",
    [
        ("grad", ["log(1+exp(x))", "--at", "100", "--at", "-3"]),
        ("grad", ["models.py:softplus", "--at", "x=[1,100]"]),
        ("check", ["models.py:softplus", "log(1+exp(x))", "--at", "100", "--no-fix"]),
        ("sweep", ["log(1+exp(x))", "--range", "x=-50:120:41"]),
        ("sweep", ["models.py:softplus", "--range", "x=-50:120:21"]),
    ],
)
def test_a_normal_target_gives_the_same_answer_under_timeout(project, monkeypatch, command, words):
    monkeypatch.chdir(project)
    plain = invoke(command, *words, "--json")
    bounded = invoke(command, *words, "--json", "--timeout", "60")
    assert (bounded.exit_code, bounded.stderr) == (plain.exit_code, plain.stderr)
    got, want = json.loads(bounded.stdout), json.loads(plain.stdout)
    if command == "sweep":
        for key in ("seconds", "setup_seconds"):  # the only things that differ: how long it took
            del got[key], want[key]
    assert got == want and "unstable" in plain.stdout  # a verdict worth comparing
    if command == "grad":  # the terminal view too, fixes and all
        assert invoke(command, *words, "--timeout", "60").stdout == invoke(command, *words).stdout


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("value, says", [("0", "0.0 is not in the range x>0"), ("-1", "not in the range x>0"), ("nan", "--timeout nan: a number of seconds above 0"), ("soon", "'soon' is not a valid float")])
def test_a_bad_timeout_is_bad_input(command, value, says):
    result = invoke(command, "exp(x)", *COMMANDS[command][0], "--timeout", value)
    assert result.exit_code == 2, result.output
    assert says in result.output and "Traceback" not in result.output


def test_bad_input_found_in_the_worker_is_still_exit_2():
    plain = invoke("grad", "exp(x)", "--at", "1", "--wrt", "z")
    bounded = invoke("grad", "exp(x)", "--at", "1", "--wrt", "z", "--timeout", "30")
    assert plain.exit_code == bounded.exit_code == 2
    assert bounded.output == plain.output and "--wrt z: not a variable of the target" in plain.output


def test_without_timeout_no_worker_machinery_is_imported():
    code = (
        "import sys\nfrom gradcli.cli import main\ntry:\n    main(['grad', 'exp(x)', '--at', '1', '--json'])\n"
        "except SystemExit:\n    pass\nprint(sorted(m for m in sys.modules if m.startswith(('gradcli.audit', 'multiprocessing'))), file=sys.stderr)"
    )
    done = subprocess.run([sys.executable, "-c", code], env={**os.environ, "PYTHONPATH": REPO}, capture_output=True, text=True, timeout=120)
    assert done.stderr.strip().splitlines()[-1] == "[]"
